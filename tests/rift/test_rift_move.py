"""Movement and reaction fire: opportunities listed before the move, declared by the inactive
player, acknowledged by the mover, resolved along the line (RiftWar)."""
from __future__ import annotations

import json

import pytest

from core.errors import OrderError
from core.rulesets.rift import RiftWar
from rift_helpers import battle, order, texts, unit


def lr(uid: str, owner: str, x: float, y: float, *traits: str, **extra) -> dict:
    return unit(uid, owner, "light", "ranged", traits, x, y, **extra)


def lc(uid: str, owner: str, x: float, y: float, *traits: str, **extra) -> dict:
    return unit(uid, owner, "light", "close", traits, x, y, **extra)


def test_rift_move_01_a_move_is_one_straight_segment_to_the_end_point() -> None:
    """RIFT-MOVE-01: with nobody watching the unit ends exactly at the point; one point per move."""
    state = battle([lr("A1", "al", 5, 5), lc("B1", "bo", 38, 28)])
    order(state, "al", "move A1 5,10")
    assert (state["units"]["A1"]["x"], state["units"]["A1"]["y"]) == (5, 10)
    with pytest.raises(OrderError):
        order(state, "al", "move A1 5,12 6,14")


def test_rift_move_02_and_react_07_opportunities_are_listed_before_anything_moves() -> None:
    """RIFT-MOVE-02, RIFT-REACT-07, RIFT-FLOW-04: the engine lists who sees which stretch; the unit has not moved; the reacting player is awaited."""
    state = battle([lr("A1", "al", 5, 5), lr("B1", "bo", 15, 5)])
    events = order(state, "al", "move A1 5,10")
    assert "B1 (bo) sees 0-100%" in texts(events)
    assert state["units"]["A1"]["y"] == 5, "the unit moved before the reactions were declared"
    assert RiftWar().awaiting(state) == {"bo"}
    view = RiftWar().view(state, "bo")
    assert "react" in view["prompt"] and "B1 sees 0-100%" in view["prompt"]


def test_rift_move_02_the_mover_may_cancel_after_seeing_the_reactions() -> None:
    """RIFT-MOVE-02: after the declarations the mover confirms or cancels; a cancel moves nothing and spends no action."""
    state = battle([lr("A1", "al", 5, 5), lr("B1", "bo", 15, 5)])
    order(state, "al", "move A1 5,10")
    order(state, "bo", "react B1 50")
    assert RiftWar().awaiting(state) == {"al"}
    order(state, "al", "cancel")
    assert state["units"]["A1"]["y"] == 5 and not state["units"]["A1"]["acted"] and state["pending"] is None


def test_rift_move_03_and_gap_05_a_close_group_moves_together_keeping_offsets() -> None:
    """RIFT-MOVE-03, RIFT-GAP-05: one translation for the group; members far apart are refused."""
    state = battle([lr("A1", "al", 5, 5), lr("A2", "al", 7, 5), lc("B1", "bo", 38, 28)])
    order(state, "al", "move A1,A2 5,9")
    assert (state["units"]["A2"]["x"], state["units"]["A2"]["y"]) == (7, 9)
    far = battle([lr("A1", "al", 5, 5), lr("A2", "al", 15, 5), lc("B1", "bo", 38, 28)])
    with pytest.raises(OrderError, match="close group"):
        order(far, "al", "move A1,A2 5,9")


def test_rift_gap_05_group_moves_no_further_than_its_slowest_member() -> None:
    """RIFT-GAP-05, RIFT-GAP-03: a Light (6 u) and a Medium (8 u) together move at most 6 u."""
    state = battle([lr("A1", "al", 5, 5), unit("A2", "al", "medium", "ranged", (), 7.5, 5), lc("B1", "bo", 38, 28)])
    with pytest.raises(OrderError, match="at most 6"):
        order(state, "al", "move A1,A2 5,12")


def test_rift_gap_03_move_distances() -> None:
    """RIFT-GAP-03: Light 6 u, Medium 8 u, Heavy 10 u."""
    for size, reach in (("light", 6), ("medium", 8), ("heavy", 10)):
        state = battle([unit("A1", "al", size, "ranged", (), 5, 5), lc("B1", "bo", 38, 28)])
        order(state, "al", f"move A1 {5 + reach},5")
        state = battle([unit("A1", "al", size, "ranged", (), 5, 5), lc("B1", "bo", 38, 28)])
        with pytest.raises(OrderError, match=f"at most {reach}"):
            order(state, "al", f"move A1 {5 + reach + 0.5},5")


def test_rift_react_04_and_move_04_one_reaction_per_player_per_move() -> None:
    """RIFT-REACT-04, RIFT-MOVE-04: after declaring, the player is no longer asked; a second reaction is refused."""
    state = battle([lr("A1", "al", 5, 5), lr("B1", "bo", 15, 5), lr("B2", "bo", 15, 8), lr("A9", "al", 1, 1)])
    order(state, "al", "move A1 5,10")
    order(state, "bo", "react B1 50")
    with pytest.raises(OrderError):
        order(state, "bo", "react B2 60")


def test_rift_move_06_no_surprise_reaction_fire() -> None:
    """RIFT-MOVE-06, RIFT-REACT-03: only previewed units, at a point they see."""
    state = battle([lr("A1", "al", 14, 8), lr("B1", "bo", 20, 20), lr("B2", "bo", 2, 28), lc("B3", "bo", 30, 28)])
    events = order(state, "al", "move A1 20,8")
    stretches = state["pending"]["opps"]
    seen = {o["unit"]: o["stretches"] for o in stretches}
    assert "B1" in seen and seen["B1"][0][0] == 0.0, texts(events)
    assert seen["B1"][-1][1] < 1.0, "behind the bunker the path is hidden from B1"
    with pytest.raises(OrderError, match="does not see the path"):
        order(state, "bo", "react B1 100")
    with pytest.raises(OrderError, match="no reaction opportunity|not one of"):
        order(state, "bo", "react B3 10")


def test_rift_react_01_02_only_ranged_units_that_see_the_path_react() -> None:
    """RIFT-REACT-01, RIFT-REACT-02: a Close unit with a view of the path gets no opportunity."""
    state = battle([lr("A1", "al", 5, 5), lc("B1", "bo", 15, 5)])
    events = order(state, "al", "move A1 5,10")
    assert state["pending"] is None and "no enemy sees the path" in texts(events)


def test_rift_react_05_and_gap_25_a_pin_stops_the_mover_at_the_reaction_point(fix_dice) -> None:
    """RIFT-REACT-05, RIFT-REACT-03, RIFT-GAP-25, RIFT-EX-10: one hit pins; the mover stands at 50% and has moved; the phase goes on."""
    state = battle([lr("A1", "al", 5, 5), lr("B1", "bo", 15, 5), lr("A9", "al", 1, 1)])
    order(state, "al", "move A1 5,11")
    order(state, "bo", "react B1 50")
    fix_dice("reaction fire by B1", [5, 1, 1])
    order(state, "al", "confirm")
    a1 = state["units"]["A1"]
    assert a1["pinned"] and (a1["x"], a1["y"]) == (5, 8) and a1["acted"]
    assert state["active"] == "al" and state["turn"] == 1, "a pin is not a failure (RIFT-FAIL-06)"


def test_rift_react_06_and_fail_02_a_wound_ends_the_phase_for_the_reactor(fix_dice) -> None:
    """RIFT-REACT-06, RIFT-FAIL-02, RIFT-FAIL-05: the reacting player becomes active."""
    state = battle([lr("A1", "al", 5, 5), lr("B1", "bo", 15, 5)])
    order(state, "al", "move A1 5,11")
    order(state, "bo", "react B1 50")
    fix_dice("reaction fire by B1", [5, 6, 1])
    order(state, "al", "confirm")
    assert state["units"]["A1"]["wounded"] and state["active"] == "bo" and state["turn"] == 2


def test_rift_react_09_gap_10_coordinated_reaction_rolls_xd6(fix_dice) -> None:
    """RIFT-REACT-09, revised RIFT-GAP-10: two Light units reacting together roll 2d6 (X = 2 reacting
    units), one roll; the log says the dice and why."""
    state = battle([lr("A1", "al", 5, 5), lr("B1", "bo", 15, 5), lr("B2", "bo", 15, 6)])
    order(state, "al", "move A1 5,11")
    order(state, "bo", "react B1,B2 50")
    fix_dice("reaction fire by B1, B2", [5, 6])
    events = order(state, "al", "confirm")
    rolls = [e for e in events if e["kind"] == "roll"]
    assert [e["data"]["count"] for e in rolls] == [2], f"a coordinated reaction of 2 units rolls 2d6 once: {texts(rolls)}"
    assert "2d6 for 2 reacting units, 1 die each (RIFT-REACT-09" in rolls[0]["text"], rolls[0]["text"]
    assert "2 hits" in texts(events) and state["units"]["A1"]["wounded"]


def test_rift_gap_10_coordinated_reaction_penalty_taken_once(fix_dice) -> None:
    """Revised RIFT-GAP-10: the cover -1 is taken once from the pool, never below 1 die: two Light
    units at a mover in a wood roll 1d6; the odds shown say the same."""
    from core.rulesets.rift import RiftWar
    state = battle([lr("A1", "al", 30, 16.5), lr("B1", "bo", 36.5, 10), lr("B2", "bo", 37, 11.5)])
    order(state, "al", "move A1 30,18.5")
    order(state, "bo", "react B1,B2 90")
    odds = RiftWar().odds(state, "al", "confirm")
    assert odds is not None
    fix_dice("reaction fire by B1, B2", [6])
    events = order(state, "al", "confirm")
    rolls = [e for e in events if e["kind"] == "roll"]
    assert [e["data"]["count"] for e in rolls] == [1], f"2 dice less the cover -1: 1d6, once: {texts(rolls)}"
    assert "-1 for cover" in rolls[0]["text"], rolls[0]["text"]
    assert abs(float(dict(odds.rows)["arrives untouched"]) - 4 / 6) < 1e-9, odds


def test_rift_gap_10_option_per_unit_pool(fix_dice) -> None:
    """RIFT-GAP-10 option per_unit_pool: each reacting unit rolls its own pool (3 + 3 dice) and the hits add."""
    state = battle([lr("A1", "al", 5, 5), lr("B1", "bo", 15, 5), lr("B2", "bo", 15, 6)], coordinated_reaction_dice="per_unit_pool")
    order(state, "al", "move A1 5,11")
    order(state, "bo", "react B1,B2 50")
    fix_dice("reaction fire by B1", [5, 1, 1])
    fix_dice("reaction fire by B2", [6, 1, 1])
    events = order(state, "al", "confirm")
    assert "2 hits" in texts(events) and state["units"]["A1"]["wounded"]


def five_reactors() -> list[dict]:
    """Five Light riflemen in a close group east of the movers: a coordinated reaction of 5d6 (RIFT-REACT-09)."""
    return [lr(f"B{k}", "bo", 20, 3.5 + 1.5 * (k - 1)) for k in range(1, 6)]


def test_rift_react_10_gap_12_and_ex_11_group_hits_split_then_assigned(fix_dice) -> None:
    """RIFT-REACT-10, RIFT-GAP-12, RIFT-EX-11: 5 hits on a group of 3: the reactor groups {3,2}; the mover assigns them to different units."""
    movers = [lr("A1", "al", 5, 5), lr("A2", "al", 6.5, 5), lr("A3", "al", 8, 5)]
    state = battle(movers + five_reactors())
    order(state, "al", "move A1,A2,A3 5,10")
    order(state, "bo", "react B1,B2,B3,B4,B5 40")
    fix_dice("reaction fire by B1, B2, B3, B4, B5", [5, 6, 6, 5, 6])   # 5d6 (RIFT-REACT-09): 5 hits
    order(state, "al", "confirm")
    assert RiftWar().awaiting(state) == {"bo"} and state["pending"]["step"] == "group"
    with pytest.raises(OrderError, match="add up"):
        order(state, "bo", "group 3,3")
    order(state, "bo", "group 3,2")
    assert RiftWar().awaiting(state) == {"al"}
    with pytest.raises(OrderError, match="RIFT-GAP-12"):
        order(state, "al", "assign A1,A1")
    order(state, "al", "assign A1,A2")
    assert state["units"]["A1"]["dead"] and state["units"]["A2"]["wounded"]
    assert state["active"] == "bo", "a wound or kill ends the phase (RIFT-EX-11)"


def test_rift_gap_12_more_groups_than_units_a_unit_takes_a_second_group(fix_dice) -> None:
    """RIFT-GAP-12: 5 hits on a group of 2 split {2,2,1}: once each unit has a group, one may be
    named again (the order line's unit list takes repeats here, and only here)."""
    state = battle([lr("A1", "al", 5, 5), lr("A2", "al", 6.5, 5), *five_reactors()])
    order(state, "al", "move A1,A2 5,10")
    order(state, "bo", "react B1,B2,B3,B4,B5 40")
    fix_dice("reaction fire by B1, B2, B3, B4, B5", [5, 6, 6, 5, 6])
    order(state, "al", "confirm")
    order(state, "bo", "group 2,2,1")
    with pytest.raises(OrderError, match="B1"):
        order(state, "al", "assign A1,B1,A2")
    events = texts(order(state, "al", "assign A1,A2,A1"))
    assert events.count("A1 light ranged is") == 2, events
    a1, a2 = state["units"]["A1"], state["units"]["A2"]
    assert a1["wounded"] and not a1["dead"] and a2["wounded"], "A1's second group (1 hit) only pins a wounded unit (RIFT-HIT-03/04)"


def test_many_refuses_repeats_unless_asked() -> None:
    """The order language's list argument: a name twice is refused, unless the argument takes repeats."""
    from core.orders import Many
    many = Many("units", lambda ctx: ["A1", "A2"])
    with pytest.raises(OrderError, match="named twice"):
        many.consume(["A1,a1"], None, "assign A1,a1")
    assert Many("units", lambda ctx: ["A1", "A2"], repeats=True).consume(["A1,a1,A2"], None, "x")[0] == ["A1", "A1", "A2"]


def test_rift_move_05_a_pinned_group_stops_together(fix_dice) -> None:
    """RIFT-MOVE-05: one pin in the group stops every member at the reaction point."""
    state = battle([lr("A1", "al", 5, 5), lr("A2", "al", 6.5, 5), lr("B1", "bo", 20, 5)])
    order(state, "al", "move A1,A2 5,11")
    order(state, "bo", "react B1 50")
    fix_dice("reaction fire by B1", [5, 1, 1])
    order(state, "al", "confirm")
    order(state, "bo", "group 1")
    order(state, "al", "assign A2")
    assert state["units"]["A1"]["y"] == 8 and state["units"]["A2"]["y"] == 8


def test_rift_trait_03_04_and_gap_19_relentless_pin_stops_one_and_allows_a_refire(fix_dice) -> None:
    """RIFT-TRAIT-03, RIFT-TRAIT-04, RIFT-GAP-19: only the pinned Relentless unit stops; the reactor may fire again further on."""
    state = battle([lc("A1", "al", 5, 5, "relentless"), lc("A2", "al", 6.5, 5, "relentless"), lr("B1", "bo", 20, 5)])
    order(state, "al", "move A1,A2 5,11")
    order(state, "bo", "react B1 30")
    fix_dice("reaction fire by B1", [5, 1, 1], [1, 1, 1])
    order(state, "al", "confirm")
    order(state, "bo", "group 1")
    order(state, "al", "assign A1")
    assert state["pending"]["step"] == "refire" and RiftWar().awaiting(state) == {"bo"}
    with pytest.raises(OrderError, match="further along"):
        order(state, "bo", "react B1 20")
    order(state, "bo", "react B1 60")
    assert state["units"]["A1"]["pinned"] and abs(state["units"]["A1"]["y"] - 6.8) < 1e-9
    assert state["units"]["A2"]["y"] == 11, "the unpinned Relentless unit carries on to the end"


def test_rift_gap_18_three_players_react_in_order_along_the_line(fix_dice) -> None:
    """RIFT-GAP-18: each inactive player reacts once; resolved in order of their points; the first wound ends it."""
    state = battle([lr("A1", "al", 5, 5), lr("B1", "bo", 15, 5), lr("C1", "cy", 15, 10)], seats=("al", "bo", "cy"))
    order(state, "al", "move A1 5,11")
    assert RiftWar().awaiting(state) == {"bo", "cy"}
    order(state, "cy", "react C1 20")
    order(state, "bo", "react B1 70")
    fix_dice("reaction fire by C1", [5, 6, 1])
    fix_dice("reaction fire by B1", [6, 6, 6])
    events = order(state, "al", "confirm")
    assert state["active"] == "cy" and state["units"]["A1"]["wounded"] and not state["units"]["A1"]["dead"], texts(events)


# -- the map --------------------------------------------------------------------------------------------
def test_rift_map_03_and_gap_31_low_to_low_towards_an_enemy_draws_no_reaction() -> None:
    """RIFT-MAP-03, RIFT-GAP-31: from the wall to the other wall, closer to B1: no opportunity for B1."""
    state = battle([lr("A1", "al", 10, 21.6), lr("B1", "bo", 10, 2)])
    events = order(state, "al", "move A1 10,16.6")
    assert state["pending"] is None and "no enemy sees" in texts(events)
    away = battle([lr("A1", "al", 10, 16.6), lr("B1", "bo", 10, 2)])
    order(away, "al", "move A1 10,22")
    assert away["pending"] is not None, "leaving cover draws reaction fire"


def test_rift_gap_13_pinned_units_may_not_move_but_may_fire(fix_dice) -> None:
    """RIFT-GAP-13: a pinned unit's move is refused; its fire is accepted."""
    state = battle([lr("A1", "al", 5, 5, pinned=True), lr("B1", "bo", 5, 15)])
    with pytest.raises(OrderError, match="pinned"):
        order(state, "al", "move A1 5,8")
    fix_dice("fires at B1", [6, 6, 1])
    order(state, "al", "fire A1 B1")
    assert state["units"]["B1"]["wounded"]


def test_rift_trait_10_and_gap_29_flying_crosses_structures_and_stays_flying() -> None:
    """RIFT-TRAIT-10, RIFT-GAP-29: a flying move crosses the bunker; the unit stays flying and is never in cover."""
    from core.rulesets.rift.battle import cover
    flyer = unit("A1", "al", "light", "close", ("flying",), 20, 7.5)
    state = battle([flyer, lc("B1", "bo", 38, 28)])
    with pytest.raises(OrderError, match="high structure"):
        order(state, "al", "move A1 20,13")
    order(state, "al", "move A1 20,13 fly")
    assert state["units"]["A1"]["flying"] and state["units"]["A1"]["y"] == 13
    assert not cover(state, state["units"]["A1"], None)
    walker = battle([lr("A1", "al", 5, 5), lc("B1", "bo", 38, 28)])
    with pytest.raises(OrderError, match="cannot fly"):
        order(walker, "al", "move A1 5,8 fly")


def test_rift_gap_30_pikmin_fly_near_olimar() -> None:
    """RIFT-GAP-30, RIFT-ARMY-12: a Pikmin within 3 u of Olimar may fly; one further away may not."""
    state = battle([unit("A1", "al", "medium", "ranged", ("leader",), 5, 5, type="Olimar"),
                    lc("A2", "al", 7, 5, "relentless", type="Pikmin"), lc("A3", "al", 15, 5, "relentless", type="Pikmin"),
                    lc("B1", "bo", 38, 28)], armies="al=pikmin")
    order(state, "al", "move A2 7,9 fly")
    assert state["units"]["A2"]["flying"]
    with pytest.raises(OrderError, match="cannot fly"):
        order(state, "al", "move A3 15,9 fly")


def test_rift_gap_21_and_map_07_08_09_terrain_by_size() -> None:
    """RIFT-MAP-07, RIFT-MAP-08, RIFT-MAP-09, RIFT-GAP-21: Light walks into the wood; Medium only to its edge; Heavy not at all."""
    light = battle([lr("A1", "al", 32, 14), lc("B1", "bo", 2, 28)])
    order(light, "al", "move A1 32,19.5")
    medium = battle([unit("A1", "al", "medium", "ranged", (), 32, 12), lc("B1", "bo", 2, 28)])
    order(medium, "al", "move A1 32,18.5")
    medium = battle([unit("A1", "al", "medium", "ranged", (), 32, 14), lc("B1", "bo", 2, 28)])
    with pytest.raises(OrderError, match="edge"):
        order(medium, "al", "move A1 32,21")
    heavy = battle([unit("A1", "al", "heavy", "ranged", (), 32, 10), lc("B1", "bo", 2, 28)])
    with pytest.raises(OrderError, match="Heavy unit may not enter"):
        order(heavy, "al", "move A1 32,17")


def test_rift_react_07_odds_of_getting_through_the_declared_reactions() -> None:
    """RIFT-REACT-07: before confirming, the mover sees the exact chance to arrive, be pinned, or be wounded."""
    from fractions import Fraction
    state = battle([lr("A1", "al", 5, 5), lr("B1", "bo", 15, 5)])
    order(state, "al", "move A1 5,11")
    order(state, "bo", "react B1 50")
    odds = RiftWar().odds(state, "al", "confirm")
    rows = dict(odds.rows)
    # 3d6 at 1/3 a hit: 0 hits 8/27 untouched, 1 hit 12/27 pin, 2+ hits 7/27 wound or kill
    assert rows["arrives untouched"] == Fraction(8, 27)
    assert rows["stopped by a pin"] == Fraction(12, 27)
    assert rows["wounded or killed: the phase ends"] == Fraction(7, 27)
    assert odds.total() == 1


def test_rift_react_08_coordinated_reaction_needs_a_close_group_or_a_shared_leader(fix_dice) -> None:
    """RIFT-REACT-08 (revised): reacting units coordinate as for direct fire: a close group, or units
    that all see the mover and a Leader they share. B1 and B2, 17.5 u apart, may not react together
    while their Leader is hidden from B1 behind the bunker; with the Leader in sight of both they may."""
    from core.rulesets.rift.battle import los
    leader = unit("B3", "bo", "light", "close", ("leader",), 24, 15)
    state = battle([lr("A1", "al", 5, 5), lr("B1", "bo", 15, 5), lr("B2", "bo", 15, 22.5), leader])
    assert not los(state, state["units"]["B1"], state["units"]["B3"]), "the bunker hides the Leader from B1"
    order(state, "al", "move A1 5,11")
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(OrderError, match="RIFT-REACT-08"):
        order(state, "bo", "react B1,B2 50")
    assert json.dumps(state, sort_keys=True) == before, "a refused reaction changes nothing"
    order(state, "bo", "react B1 50")                       # alone is always allowed
    shared = battle([lr("A1", "al", 5, 5), lr("B1", "bo", 15, 5), lr("B2", "bo", 15, 22.5), dict(leader, x=10.0, y=14.0)])
    order(shared, "al", "move A1 5,11")
    order(shared, "bo", "react B1,B2 50")
    assert shared["pending"]["declared"]["bo"]["units"] == ["B1", "B2"]
