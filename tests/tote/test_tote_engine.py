"""The tote battle engine: posts and initiative, automatic defence, orders carried out through the
grid and combat modules with exact numbers, withdrawal, patrols, tractors, final actions, the end,
the views' hidden information, previews, invariants and set-up."""
from __future__ import annotations

import json

import pytest

from core.errors import SetupError
from core.ruleset import SeatSpec
from core.rulesets.tote import TwilightOfTheEmpire
from core.rulesets.tote.battle import flow, views
from core.rulesets.tote.rules import arith, model
from core.rulesets.tote.rules.weapons import raw_pools


def duel(battle, gap: str = "C-1", target: str = "CORV:2", seed: str = "duel"):
    """GE with one ISD in ``gap`` against NR with ``target`` in the same space."""
    b = battle({"ann": ("GE", "ISD:1"), "ben": ("NR", target)}, seed=seed)
    for u in b.state["units"].values():
        b.place(u["id"], gap)
    return b


# ---- posts and initiative ---------------------------------------------------------------------------

def test_gap_02_posts_one_after_another_in_rotating_initiative(battle) -> None:
    """TOTE-GAP-02 / TOTE-GAP-01: one post per faction per day, only the poster is awaited, and the
    first poster rotates by one seat each day."""
    b = battle({"a": ("GE", "ISD:1"), "b": ("NR", "CORV:1"), "c": ("RA", "CGUN:1")}, seed="init")
    order = flow.turn_order(b.state)
    assert sorted(order) == ["a", "b", "c"]
    assert b.rs.awaiting(b.state) == {order[0]}, "only the first poster of day 1 is awaited"
    seen = []
    for _ in range(3):
        seen.append(flow.active(b.state))
        b.rs.resolve(b.state)
    assert seen == order, f"posts were made in {seen}, not the initiative {order}"
    assert b.state["turn"] == 2, "after every faction posted, day 2 begins"
    assert flow.turn_order(b.state) == order[1:] + order[:1], "on day 2 the next seat has the initiative"
    assert flow.active(b.state) == order[1]
    assert b.rs.legal_orders(b.state, order[0]) == [], "a faction not posting has no legal orders"


def test_gap_02_units_without_orders_fire_at_the_highest_quotient(battle) -> None:
    """TOTE-GAP-02, TOTE-META-02 (the engine does the GM's work: it commands the units a player gave
    no order): an ISD (UCR 3) with no orders fires at the hostile with the highest quotient: a CORV
    (UCR 7, q 0.428) before a CGUN (UCR 8, q 0.375)."""
    b = battle({"ann": ("GE", "ISD:1"), "ben": ("NR", "CGUN:1, CORV:1")}, seed="auto")
    for u in b.state["units"].values():
        b.place(u["id"], "C-1")
    events = b.post("ann")
    hits = [e for e in events if e["kind"] == "tote.hit"]
    assert [e["data"]["target"] for e in hits] == ["NR-2"], "the automatic defence must pick the CORV NR-2"
    assert hits[0]["data"]["q_milli"] == 428
    assert "automatic defence" in hits[0]["text"]


def test_gap_02_ties_go_to_the_lowest_hull(battle) -> None:
    """TOTE-GAP-02: between targets of equal quotient, the one with the lowest remaining hull."""
    b = duel(battle)
    b.unit("NR-2")["hull"] = 50
    hits = [e for e in b.post("ann") if e["kind"] == "tote.hit"]
    assert hits[0]["data"]["target"] == "NR-2", "the CORV with 50 hull left must be chosen over the whole one"


def test_gap_02_auto_defense_off_and_hold(battle) -> None:
    """TOTE-GAP-02 option ``auto_defense``: off, units without orders do nothing; ``hold`` keeps a unit's fire."""
    b = duel(battle)
    assert not [e for e in b.post("ann", "hold GE-1") if e["kind"] == "tote.hit"], "a held unit must not fire"
    b2 = battle({"ann": ("GE", "ISD:1"), "ben": ("NR", "CORV:1")}, seed="off", auto_defense=False)
    for u in b2.state["units"].values():
        b2.place(u["id"], "C-1")
    assert not [e for e in b2.post("ann") if e["kind"] == "tote.hit"], "with auto_defense off nobody fires unordered"


# ---- fire: exact damage --------------------------------------------------------------------------

def test_ucr_02_fire_deals_exact_pooled_damage(battle) -> None:
    """TOTE-UCR-02, TOTE-GAP-12, TOTE-MATH-01/02: an ISD's whole volley at a CORV is its raw pools
    times q = floor(3000/7) = 428 thousandths, each pool rounded up once, applied shields first."""
    b = duel(battle, target="CORV:1")
    pools = raw_pools([m.spec for m in model.spec("ISD").mounts])
    want = {p: arith.total(v, 428) for p, v in pools.items()}
    odds = b.rs.odds(b.state, "ann", "fire GE-1 NR-1")
    assert odds is not None and odds.total() == 1
    assert f"exactly {sum(want.values())} damage" in odds.title, odds.title
    hit = [e for e in b.post("ann", "fire GE-1 NR-1") if e["kind"] == "tote.hit"][0]
    assert hit["data"]["dealt"] == want, f"dealt {hit['data']['dealt']}, expected {want}"
    assert hit["to"] == ["all"], "every combat action is public (TOTE-COMMS-05)"
    nr1 = b.unit("NR-1")
    assert nr1["disabled"] and (nr1["shields"], nr1["armor"], nr1["hull"]) == (0, 0, 120 + 60 + 72 - want["standard"]), nr1


def test_gap_19_fire_named_mounts_then_the_rest(battle) -> None:
    """TOTE-GAP-19 / TOTE-UCR-06: a unit may fire some mounts at one target and the rest at another;
    a mount fires once a round."""
    b = duel(battle)
    b.turn_to("ann")
    b.order("ann", "fire GE-1 NR-1 HIC:10")
    msg = b.refused("ann", "fire GE-1 NR-2 HIC:10")
    assert "no unfired mount 'HIC:10'" in msg, msg
    b.order("ann", "fire GE-1 NR-2")
    hits = [e for e in b.rs.resolve(b.state) if e["kind"] == "tote.hit"]
    assert [h["data"]["target"] for h in hits] == ["NR-1", "NR-2"]
    assert list(hits[0]["data"]["raw"]) == ["ion"] and hits[0]["data"]["raw"]["ion"] == 40


def test_range_02_craft_fire_only_in_their_own_space(battle) -> None:
    """TOTE-RANGE-01/02, TOTE-FIRE-04: a capital ship reaches an adjacent space, a DSZ only itself."""
    b = duel(battle)
    b.place("NR-1", "C-2")
    b.place("NR-2", "DSZ-1")
    b.turn_to("ann")
    b.order("ann", "fire GE-1 NR-1 HIC:10")
    msg = b.refused("ann", "fire GE-1 NR-2")
    assert "Deep Space Zone" in msg or "cannot fire" in msg or "sensors" in msg, msg


def test_move_03_fire_then_move_but_not_fire_again(battle) -> None:
    """TOTE-MOVE-03: a ship fires then moves or moves then fires, never fire, move, fire."""
    b = duel(battle)
    b.turn_to("ann")
    b.order("ann", "fire GE-1 NR-1 HIC:10")
    b.order("ann", "move GE-1 B-1")
    msg = b.refused("ann", "fire GE-1 NR-2")
    assert "moves then fires or fires then moves" in msg, msg


def test_move_01_a_ring_ends_movement(battle) -> None:
    """TOTE-MOVE-01 / TOTE-GAP-04: a CORV (speed 4) may go C-1 > B-1 > A-1 but no further that round."""
    b = battle({"ann": ("NR", "CORV:1"), "ben": ("GE", "ISD:1")}, seed="mv")
    b.place("NR-1", "C-1")
    b.place("GE-1", "C-3")
    b.turn_to("ann")
    b.order("ann", "move NR-1 A-1")
    msg = b.refused("ann", "move NR-1 A-2")
    assert "no movement points" in msg or "ends movement" in msg or "cannot" in msg, msg
    events = b.rs.resolve(b.state)
    assert b.unit("NR-1")["space"] == "A-1" and b.unit("NR-1")["mp"] == 0
    assert any("C-1 > B-1 > A-1" in e["text"] for e in events)


def test_gap_04_mp_source_one_space_gives_one_movement_point(battle) -> None:
    """TOTE-GAP-04 (option ``mp_source``): under ``one_space`` a CORV (Speed 4) has 1 MP a round and
    may go C-1 > B-1 but not on to A-1; under the default it has its Speed."""
    b = battle({"ann": ("NR", "CORV:1"), "ben": ("GE", "ISD:1")}, seed="mv", mp_source="one_space")
    b.place("NR-1", "C-1")
    b.turn_to("ann")
    assert b.unit("NR-1")["mp"] == 1
    b.refused("ann", "move NR-1 A-1")
    b.order("ann", "move NR-1 B-1")
    d = battle({"ann": ("NR", "CORV:1"), "ben": ("GE", "ISD:1")}, seed="mv")
    d.turn_to("ann")
    assert d.unit("NR-1")["mp"] == 4


def test_hyper_02_a_ship_out_of_hyperspace_this_turn_has_no_movement_points(battle) -> None:
    """TOTE-HYPER-02 / TOTE-GAP-07: a ship that exited hyperspace this turn (``arrived_turn``) has 0
    MP in its post and cannot move, but may still fire; a turn later it has its Speed again."""
    b = battle({"ann": ("NR", "CORV:1"), "ben": ("GE", "ISD:1")}, seed="mv")
    b.place("NR-1", "C-1")
    b.place("GE-1", "C-1")
    b.unit("NR-1")["arrived_turn"] = b.state["turn"]
    b.turn_to("ann")
    assert b.unit("NR-1")["mp"] == 0
    b.refused("ann", "move NR-1 B-1")
    b.order("ann", "fire NR-1 GE-1")
    b.state["turn"] += 1
    b.turn_to("ann")
    assert b.unit("NR-1")["mp"] == 4


def test_move_accepts_loose_space_spellings(battle) -> None:
    """TOTE-MOVE-01: ``move`` reads a space as grid.parse_space does ("b1" for B-1, "atm" for the
    Atmosphere) and refuses an unknown one, naming the spaces."""
    b = battle({"ann": ("NR", "CORV:1"), "ben": ("GE", "ISD:1")}, seed="mv")
    b.place("NR-1", "C-1")
    b.turn_to("ann")
    b.order("ann", "move NR-1 b1")
    assert b.state["sheets"]["ann"][-1]["text"] == "move NR-1 B-1"
    msg = b.refused("ann", "move NR-1 Z-9")
    assert "Z-9" in msg and "C-1" in msg, msg


# ---- tractors ----------------------------------------------------------------------------------------

def test_ex_02_tractor_holds_428_m_and_comes_last(battle) -> None:
    """TOTE-EX-02 / TOTE-EX-36 / TOTE-TRACTOR-04/05/07/08: the ISD's 10 projectors (1000 m) at UCR 3
    against the CORV's 7 hold 428 m (not 429) > 150 m: complete control; the attack of the same
    post used the CORV's UCR 7, and from then on its UCR is 1."""
    b = duel(battle, target="CORV:1")
    b.unit("NR-1")["shields"] = 90
    b.turn_to("ann")
    b.order("ann", "fire GE-1 NR-1 HIC:10")
    odds = b.rs.odds(b.state, "ann", "tractor GE-1 NR-1")
    assert odds is not None and "428 m held against 150 m" in odds.title, odds.title
    b.order("ann", "tractor GE-1 NR-1")
    events = b.rs.resolve(b.state)
    hit = [e for e in events if e["kind"] == "tote.hit"][0]
    assert hit["data"]["ucr"] == [3, 7], "the attack in the tractoring post uses the CORV's UCR 7"
    tractor = [e for e in events if e["kind"] == "tote.tractor"][0]
    assert tractor["data"]["metres"] == 428 and tractor["data"]["controlled"]
    assert b.unit("NR-1")["tractored_by"] == "ann"
    from core.rulesets.tote.rules import damage
    assert damage.unit_ucr(b.unit("NR-1"), model.spec("CORV")) == 1


def test_tractor_01_only_a_shorter_vessel(battle) -> None:
    """TOTE-TRACTOR-01: a ship tractors only a vessel shorter than itself."""
    b = battle({"ann": ("GE", "STRK:1"), "ben": ("NR", "MC80:1")}, seed="tr")
    for u in b.state["units"].values():
        b.place(u["id"], "C-1")
    b.turn_to("ann")
    msg = b.refused("ann", "tractor GE-1 NR-1")
    assert "not of lesser size" in msg, msg


def test_gap_41_tractor_kept_at_the_holders_next_post(battle) -> None:
    """Revised TOTE-GAP-41: control persists into the tractoring player's next post (computed again
    from its projectors in range); a held ship cannot withdraw."""
    b = duel(battle, target="CORV:1")
    b.post("ann", "hold GE-1", "tractor GE-1 NR-1")
    assert b.unit("NR-1")["tractored_by"] == "ann"
    b.turn_to("ben")
    msg = b.refused("ben", "withdraw NR-1")
    assert "tractor" in msg, msg
    b.turn_to("ann")
    assert b.unit("NR-1")["tractored_by"] == "ann", "the hold persists into the holder's next post"
    b.place("GE-1", "DSZ-3")
    b.post("ann", "hold GE-1")
    b.turn_to("ann")
    assert b.unit("NR-1")["tractored_by"] is None, "out of range 1 of every holder, the hold ends"


# ---- withdrawal --------------------------------------------------------------------------------------

def test_time_05_withdraw_leaves_the_battle_at_the_end_of_the_post(battle) -> None:
    """TOTE-TIME-05/06, TOTE-GAP-51: units may fire and then withdraw; the departure is public, the
    destination never; with one faction left the battle ends."""
    b = duel(battle)
    events = b.post("ben", "fire NR-1 GE-1", "withdraw NR-1,NR-2")
    assert b.unit("NR-1")["withdrawn"] and b.unit("NR-1")["space"] is None
    dep = [e for e in events if e["kind"] == "tote.withdraw"][0]
    assert dep["to"] == ["all"] and "2 units" in dep["text"]
    out = b.rs.outcome(b.state)
    assert out is not None and out.winners == ("GE",)


def test_time_07_interdictor_prevents_withdrawal(battle) -> None:
    """TOTE-TIME-07 / TOTE-GAP-40: a hostile interdictor that is not disabled stops every withdrawal."""
    b = battle({"ann": ("GE", "INT:1"), "ben": ("NR", "CORV:1")}, seed="int")
    b.place("GE-1", "C-3")
    b.place("NR-1", "C-1")
    b.turn_to("ben")
    assert "interdictor GE-1" in b.refused("ben", "withdraw NR-1")
    b.unit("GE-1")["disabled"] = True
    b.order("ben", "withdraw NR-1")


def test_disable_05_disabled_ship_cannot_jump_but_acts_once(battle) -> None:
    """TOTE-DISABLE-04/05, TOTE-GAP-22, TOTE-EX-38: a ship disabled in an enemy post may still move
    and fire in its owner's next post, never jump; after that post it is inert."""
    b = duel(battle, target="CORV:1")
    b.unit("NR-1").update(disabled=True, final=True, shields=0)
    b.turn_to("ben")
    assert "may not enter hyperspace" in b.refused("ben", "withdraw NR-1")
    b.order("ben", "fire NR-1 GE-1")
    b.rs.resolve(b.state)
    assert b.unit("NR-1")["inert"] and not model.can_act(b.unit("NR-1"))


# ---- patrols, bombing ------------------------------------------------------------------------------

def test_csp_04_patrol_shields_capital_ships_until_engaged(battle) -> None:
    """TOTE-CSP-04/05, TOTE-GAP-20: while an SF patrol is not engaged, enemy SF may not attack capital
    ships in its space; once an SF attacks the patrol in the post, they may."""
    b = battle({"ann": ("NR", "CGUN:3, XWING:2"), "ben": ("GE", "STRK:1, TIEAV:1")}, seed="csp")
    for u in b.state["units"].values():
        b.place(u["id"], "C-1")
    b.post("ben", "hold GE-1,GE-2", "patrol GE-2")
    assert b.unit("GE-2")["patrol"]
    b.turn_to("ann")
    msg = b.refused("ann", "fire NR-4 GE-1")
    assert "patrol of GE-2" in msg and "TOTE-CSP-04" in msg, msg
    b.order("ann", "fire NR-4 GE-2")
    b.order("ann", "fire NR-5 GE-1")


def test_bomb_04_bombing_run_needs_equal_or_lower_ucr(battle) -> None:
    """TOTE-BOMB-02/03/04, TOTE-EX-28: a Y-Wing (UCR 6) may bomb the ISD (UCR 3) with warheads that
    skip the shields, then fires nothing else; it may not bomb a CGUN (UCR 8)."""
    b = battle({"ann": ("RA", "CGUN:1, YWING:1"), "ben": ("GE", "ISD:1")}, seed="bomb")
    for u in b.state["units"].values():
        b.place(u["id"], "C-1")
    b2 = battle({"ann": ("RA", "YWING:1, CORV:1"), "ben": ("NR", "CGUN:1")}, seed="bomb2")
    for u in b2.state["units"].values():
        b2.place(u["id"], "C-1")
    b2.turn_to("ann")
    assert "equal or lower UCR" in b2.refused("ann", "bomb RA-1 NR-1"), "TOTE-BOMB-04: no run at a faster target"
    b.turn_to("ann")
    b.order("ann", "hold RA-1")
    b.order("ann", "bomb RA-2 GE-1")
    assert "TOTE-BOMB-03" in b.refused("ann", "fire RA-2 GE-1")
    hit = [e for e in b.rs.resolve(b.state) if e["kind"] == "tote.hit" and e["data"]["attacker"] == "RA-2"][0]
    assert list(hit["data"]["dealt"]) == ["bombing"] and hit["data"]["q_milli"] == 1000
    assert b.unit("GE-1")["shields"] == 1300, "the bombing run skips the shields"
    assert b.unit("GE-1")["armor"] == 1000 - hit["data"]["dealt"]["bombing"], "it goes to the armor"


# ---- launch and recall ----------------------------------------------------------------------------

def test_launch_01_launch_and_recall_craft(battle) -> None:
    """TOTE-LAUNCH-01, TOTE-STOCK-01/06: a ship's complement starts aboard; it launches any or all of
    its craft and recalls them within its hangar room."""
    b = battle({"ann": ("GE", "STRK:1"), "ben": ("NR", "CORV:1")}, seed="launch", craft=True)
    strk = b.unit("GE-1")
    aboard = list(strk["carried"])
    assert len(aboard) == 2 and all(b.unit(c)["type"] == "TIEF" and b.unit(c)["space"] is None for c in aboard)
    b.post("ann", f"launch GE-1 {aboard[0]}", "hold GE-1")
    assert b.unit(aboard[0])["space"] == strk["space"] and b.unit(aboard[0])["carried_by"] is None
    b.post("ann", f"recall {aboard[0]} GE-1")
    assert b.unit(aboard[0])["carried_by"] == "GE-1" and aboard[0] in b.unit("GE-1")["carried"]


# ---- the end ----------------------------------------------------------------------------------------

def test_battle_ends_with_the_last_faction_fighting(battle) -> None:
    """The battle ends when one faction alone still fights; the day limit decides by fighting CP."""
    b = duel(battle, target="CORV:1")
    b.post("ann", "fire GE-1 NR-1")
    out = b.rs.outcome(b.state)
    assert out is not None and out.winners == ("GE",), out
    b2 = battle({"ann": ("GE", "ISD:1"), "ben": ("NR", "CORV:1")}, seed="limit", day_limit=1)
    b2.place("NR-1", "C-3")
    for _ in range(2):
        b2.rs.resolve(b2.state)
    out = b2.rs.outcome(b2.state)
    assert out is not None and out.winners == ("GE",) and "day limit" in out.reason, out


# ---- views -------------------------------------------------------------------------------------------

def test_views_show_only_what_sensors_cover(battle) -> None:
    """TOTE-SCAN-06/13, TOTE-GAP-37, catalog 5.5: a unit in a DSZ is seen only from that DSZ or the
    bordering C-Ring space; a seen enemy shows percentages, never exact layers or what is aboard."""
    b = battle({"ann": ("GE", "ISD:1"), "ben": ("NR", "CORV:2")}, seed="view")
    b.place("GE-1", "C-3")
    b.place("NR-1", "DSZ-1")
    b.place("NR-2", "B-2")
    b.unit("NR-2")["hull"] = 77
    v = b.rs.view(b.state, "ann")
    seen = {t["id"] for s in v["board"]["spaces"].values() for t in s["units"]}
    assert "NR-1" not in seen, "a unit in DSZ-1 is invisible from C-3"
    assert "NR-2" in seen, "a unit in B-2 is covered from the C-Ring"
    text = json.dumps(v)
    assert "77/120" not in text and "H64%" in text, "an enemy's hull shows as a sensor percentage only"
    b.place("GE-1", "C-1")
    v = b.rs.view(b.state, "ann")
    assert "NR-1" in {t["id"] for t in v["board"]["spaces"]["DSZ-1"]["units"]}, "C-1 borders DSZ-1"
    assert v["board"]["kind"] == "rings" and v["board"]["cards"]["GE-1"]["lines"]


def test_views_hide_the_order_sheet(battle) -> None:
    """Hidden information: another faction's queued orders never show in a view."""
    b = duel(battle)
    b.turn_to("ann")
    b.order("ann", "fire GE-1 NR-1")
    assert "fire GE-1 NR-1" in json.dumps(b.rs.view(b.state, "ann"))
    assert "fire GE-1 NR-1" not in json.dumps(b.rs.view(b.state, "ben"))


# ---- invariants and set-up --------------------------------------------------------------------------

def test_invariants_catch_a_vanished_unit_and_damage_without_combat(battle) -> None:
    """The invariants report a unit that vanished and damage with no combat on the record."""
    b = duel(battle)
    after = json.loads(json.dumps(b.state))
    del after["units"]["NR-2"]
    after["units"]["NR-1"]["hull"] -= 5
    found = b.rs.invariants(b.state, after, [])
    assert any("vanished" in p for p in found) and any("no combat" in p for p in found), found
    assert b.rs.invariants(b.state, json.loads(json.dumps(b.state)), []) == []


@pytest.mark.parametrize("fleet,rule", [("ISD:3", "TOTE-CP-02"), ("CORV:8", "TOTE-CP-03"), ("MC80:1", "TOTE-FACTION-11"),
                                        ("CORV:1, XWING:2", "TOTE-ESC-04")])
def test_setup_refuses_illegal_fleets(fleet: str, rule: str) -> None:
    """TOTE-CP-02/03, TOTE-ESC-04 (TOTE-EX-06), TOTE-FACTION-11: an illegal fleet is refused naming the rule."""
    rs = TwilightOfTheEmpire()
    side = "NR" if "XWING" in fleet else "GE"
    with pytest.raises(SetupError) as err:
        rs.setup("skirmish", [SeatSpec("a", side), SeatSpec("b", "RA")], {"lists": {"a": fleet}}, "s")
    assert rule in str(err.value), str(err.value)


def test_setup_every_faction_fields_a_legal_fleet() -> None:
    """TOTE-META-01, TOTE-CP-02/03: all ten factions' ready fleets are legal and a faction plays once."""
    rs = TwilightOfTheEmpire()
    sides = rs.sides()
    state = rs.setup("melee", [SeatSpec(f"p{i}", s) for i, s in enumerate(sides)], {}, "ten")
    assert len(state["initiative"]) == 10 and flow.active(state) == state["initiative"][0]
    with pytest.raises(SetupError, match="TOTE-META-01"):
        rs.setup("skirmish", [SeatSpec("a", "GE"), SeatSpec("b", "GE")], {}, "s")
    assert views.build(state, "gm")["board"]["spaces"]["C-1"]["units"], "the melee starts in the C-Ring"


def test_fleet_builder_lists_and_checks() -> None:
    """TOTE-EX-04/05 (the text's fleets are the GE and NR ready lists), TOTE-EX-06 refused in the
    builder naming TOTE-ESC-04; a list from the builder sets up; a foreign faction's list is refused."""
    rs = TwilightOfTheEmpire()
    starters = rs.starter_lists()
    assert set(starters) == set(rs.sides())
    assert starters["GE"] == "GE: ACC:1, STRK:1, ESC:1, TIEAV:1" and rs.check_list(starters["GE"]) == []
    assert starters["NR"] == "NR: CGUN:7, EWING:2" and rs.check_list(starters["NR"]) == []
    assert rs.check_list("NR: CORV:1, XWING:2")[0].startswith("TOTE-ESC-04")
    state = rs.setup("skirmish", [SeatSpec("a", "IR"), SeatSpec("b", "RA")], {"lists": {"IR": "IR: ISD2:1, VSD:1"}}, "fb")
    assert sorted(u["type"] for u in state["units"].values() if u["faction"] == "a" and u["space"]) == ["ISD2", "VSD"]
    with pytest.raises(SetupError, match="was given a GE fleet"):
        rs.setup("skirmish", [SeatSpec("a", "IR"), SeatSpec("b", "RA")], {"lists": {"a": starters["GE"]}}, "fb")


# ---- ramming, swarms, abandoning, scuttling, dragging --------------------------------------------

def test_ram_01_ramming_is_always_refused(battle) -> None:
    """TOTE-RAM-01: the ram order exists only to say it is prohibited."""
    b = duel(battle)
    b.turn_to("ann")
    assert "TOTE-RAM-01" in b.refused("ann", "ram GE-1 NR-1")


def test_swarm_01_tie_squadrons_merge_into_a_swarm_of_ucr_8(battle) -> None:
    """TOTE-SWARM-01/03, TOTE-GAP-21: TIE Fighter squadrons in one space merge into a swarm led by the
    first, pooled layers, UCR 8 whatever the count; a hit fires at it with defender UCR 8."""
    b = battle({"ann": ("GE", "STRK:1"), "ben": ("NR", "CGUN:1")}, seed="swarm", craft=True)
    ties = list(b.unit("GE-1")["carried"])
    b.post("ann", "launch GE-1", f"hold GE-1,{','.join(ties)}")
    b.place("NR-1", b.unit("GE-1")["space"])
    b.post("ann", f"swarm {','.join(ties)}", "hold GE-1")
    lead = b.unit(ties[0])
    assert lead["swarm"] == ties and b.unit(ties[1])["merged_into"] == ties[0]
    assert lead["armor"] == 2 * model.spec("TIEF").armor
    events = b.post("ben", f"fire NR-1 {ties[0]}")
    hit = [e for e in events if e["kind"] == "tote.hit"][0]
    assert hit["data"]["ucr"][1] == 8, "a TIE Swarm defends at UCR 8"
    b.turn_to("ann")
    assert "is not one of the units you can use here" in b.refused("ann", f"hold {ties[1]}"), \
        "a squadron merged into a swarm takes no orders of its own"


def test_disable_08_abandon_ship_makes_a_derelict(battle) -> None:
    """TOTE-DISABLE-06/07/08, TOTE-GAP-23a: a ship disabled this round may abandon ship as a final
    action; it is DERELICT at once (UCR 0) and its crew (length/10 squads) takes the escape pods."""
    b = duel(battle, target="CORV:1")
    b.unit("NR-1").update(disabled=True, final=True, shields=0)
    b.post("ben", "abandon NR-1")
    assert b.unit("NR-1")["derelict"]
    assert b.state["ashore"][0]["count"] == 15, "a 150 m CORV has a crew of 15 squads"
    from core.rulesets.tote.rules import damage
    assert damage.unit_ucr(b.unit("NR-1"), model.spec("CORV")) == 0


def test_disable_10_scuttle_hits_the_hull_at_ucr_20(battle) -> None:
    """TOTE-DISABLE-10, TOTE-GAP-24: the crew scuttles its disabled ship: 5 raw per squad at UCR 20
    against the ship's UCR, to the Hull only. "its crew and infantry" (issue 26.15): a CORV's 15 crew
    squads and the 3 infantry squads left of its complement aboard: 18 x 5 = 90 raw at q 1.000 = 90."""
    b = duel(battle, target="CORV:1")
    b.unit("NR-1").update(disabled=True, final=True, shields=0)
    b.unit("NR-1")["troops"][0]["count"] = 3
    b.post("ben", "scuttle NR-1")
    assert b.unit("NR-1")["hull"] == 120 - 90 and b.unit("NR-1")["armor"] == 60


def test_tractor_06_drag_a_held_ship_one_space(battle) -> None:
    """TOTE-TRACTOR-06, TOTE-GAP-41: a ship under complete control is dragged one space, staying within
    range 1 of the tractoring ship."""
    b = duel(battle, target="CORV:1")
    b.turn_to("ann")
    assert "not under your complete tractor control" in b.refused("ann", "drag NR-1 B-1")
    b.post("ann", "hold GE-1", "tractor GE-1 NR-1", "drag NR-1 B-1")
    assert b.unit("NR-1")["space"] == "B-1" and b.unit("NR-1")["tractored_by"] == "ann"


# ---- the stronghold, posting limits, alliances, sensors, reports ---------------------------------

def test_strong_01_stronghold_defenses_and_hyperspace_exits() -> None:
    """TOTE-STRONG-01, TOTE-GAP-59, TOTE-HYPER-01, TOTE-PDF-02: in the stronghold scenario the
    defender has 1 Omega, 3 Gamma and 1 Sigma free (outside its 23 CP) in its own C/B/A rings, at
    its stronghold (TOTE-FACTION-02: Bastion); the attackers arrive in the Deep Space Zones."""
    rs = TwilightOfTheEmpire()
    state = rs.setup("stronghold", [SeatSpec("a", "IR"), SeatSpec("b", "NR")], {}, "strong")
    mine = [u for u in state["units"].values() if u["faction"] == "a" and u["space"]]
    kinds = sorted(u["type"] for u in mine if model.unit_class(u) == "platform")
    assert kinds == ["GAMMA", "GAMMA", "GAMMA", "OMEGA", "SIGMA"], kinds
    assert all(u["space"][0] in "CBA" and u["space"].endswith("-1") for u in mine
               if not model.is_installation(u) and not model.is_ground(u))
    garrison = [u for u in mine if model.is_ground(u)]
    assert [(u["type"], u["count"], u["garrisoned_in"]) for u in garrison] == [("STORM", 100, garrison[0]["garrisoned_in"])]
    assert state["units"][garrison[0]["garrisoned_in"]]["type"] == "FCC", "the command center's garrison"
    ground = sorted(u["type"] for u in mine if model.is_installation(u))
    assert ground == ["FCC", "PICE", "PTLE"] and all(u["space"] == "G-1/surface" for u in mine if model.is_installation(u))
    assert state["planet"] == "Bastion"
    assert all(u["space"].startswith("DSZ") for u in state["units"].values() if u["faction"] == "b" and u["space"])
    assert flow.fighting_cp(state, "a") == 23, "the free defenses add no CP"


def test_strong_03_defenses_without_orders_fire_on_their_own(battle) -> None:
    """TOTE-STRONG-03 / TOTE-GAP-02: a platform given no orders fires at a hostile in range."""
    b = battle({"ann": ("RA", "CORV:1"), "ben": ("NR", "CORV:1")}, seed="plat")
    from core.rulesets.tote.rules import model as m
    b.state["units"]["RA-9"] = m.new_unit("RA-9", "GAMMA", "ann", "B-1")
    b.place("RA-1", "C-3")
    b.place("NR-1", "B-1")
    hits = [e for e in b.post("ann") if e["kind"] == "tote.hit"]
    assert [h["data"]["attacker"] for h in hits] == ["RA-9"] and hits[0]["data"]["target"] == "NR-1"


def test_time_01_one_post_per_faction_per_day_editable_until_committed(battle) -> None:
    """TOTE-TIME-01/02/03, TOTE-GAP-01: each faction posts once a game day (24 hours apart); its
    orders may be taken back until the post is committed; then the next faction posts."""
    b = battle({"a": ("GE", "ISD:1"), "b": ("NR", "CORV:1")}, seed="time")
    first = flow.active(b.state)
    b.place("GE-1", "C-1")
    b.place("NR-1", "C-3")
    unit = "GE-1" if first == "a" else "NR-1"
    b.order(first, f"move {unit} B-1" if first == "a" else f"move {unit} B-3")
    b.rs.withdraw(b.state, first, 0)
    assert b.state["sheets"][first] == [], "an order can be taken back before the post is committed"
    b.rs.resolve(b.state)
    assert first not in b.rs.awaiting(b.state), "a faction that has posted is not asked again the same day"
    second = flow.active(b.state)
    b.rs.resolve(b.state)
    assert b.state["turn"] == 2 and b.state["hour"] == 24 and flow.active(b.state) == second, \
        "day 2 begins 24 hours later with the initiative rotated"


def test_gap_45_allies_are_not_hostile(battle) -> None:
    """TOTE-GAP-45 (option alliances): allied factions do not fire on each other, even automatically."""
    b = battle({"ann": ("GE", "ISD:1"), "ben": ("IR", "STRK:1"), "cat": ("NR", "CORV:1")}, seed="ally",
               alliances=[["GE", "IR"]])
    for u in b.state["units"].values():
        b.place(u["id"], "C-1")
    b.turn_to("ann")
    msg = b.refused("ann", "fire GE-1 IR-1")
    assert "'IR-1' is not a target you can use here; legal: NR-1" in msg, msg
    hits = [e for e in b.post("ann") if e["kind"] == "tote.hit"]
    assert hits and all(h["data"]["target"] == "NR-1" for h in hits)


def test_scan_10_11_atmosphere_and_ground_need_close_sensors(battle) -> None:
    """TOTE-SCAN-10/11/12, TOTE-GAP-37: the Atmosphere is seen only from the C-Ring inwards, the ground
    only from the B-Ring inwards; from a DSZ neither."""
    b = battle({"ann": ("GE", "ISD:1"), "ben": ("NR", "CORV:2")}, seed="scan")
    b.place("NR-1", "ATMO")
    b.place("NR-2", "G-2/air")
    for where, atmo, ground in (("DSZ-1", False, False), ("C-1", True, False), ("B-3", True, True)):
        b.place("GE-1", where)
        covered = model.visible_spaces(b.state, "ann")
        assert ("ATMO" in covered, "G-2/air" in covered) == (atmo, ground), f"from {where}: {sorted(covered)}"
        seen = {u["id"] for u in views.seen_units(b.state, "ann")}
        assert ("NR-1" in seen, "NR-2" in seen) == (atmo, ground)


def test_post_01_the_report_gives_locations_damage_and_status(battle) -> None:
    """TOTE-POST-01: the engine writes each faction's unit locations, damage and status summary."""
    b = duel(battle)
    b.unit("GE-1")["hull"] = 2000
    rows = b.rs.view(b.state, "ann")["rosters"][0]["rows"]
    assert any(r.startswith("GE-1") and "C-1" in r and "H2000" in r and "damaged" in r for r in rows), rows


def test_board_04_boarders_fight_the_crew_and_capture_the_ship(battle) -> None:
    """TOTE-BOARD-01/02/03/04, TOTE-GAP-23b/25/56: a Lambda of an ISD's complement carries
    stormtroopers; it may board only once the target's shields are down; the fight aboard comes in
    the later posts, and with crew and troops dead and boarders alive the ship is CAPTURED."""
    b = battle({"ann": ("GE", "ISD:1"), "ben": ("NR", "CORV:1")}, seed="board", craft=True)
    lam = next(c for c in b.unit("GE-1")["carried"] if b.unit(c)["type"] == "LAMBDA")
    assert b.unit(lam)["troops"] and b.unit(lam)["troops"][0]["count"] == 10, b.unit(lam)["troops"]
    for u in (b.unit("GE-1"), b.unit("NR-1")):
        b.place(u["id"], "C-1")
    b.unit("NR-1")["troops"] = []
    b.unit("NR-1")["crew"] = 2
    b.turn_to("ann")
    b.order("ann", f"launch GE-1 {lam}")
    msg = b.refused("ann", f"board {lam} NR-1")
    assert "shields" in msg, msg
    b.unit("NR-1")["shields"] = 0
    b.order("ann", f"board {lam} NR-1")
    b.order("ann", "hold GE-1")
    b.rs.resolve(b.state)
    assert b.unit("NR-1")["boarders"]["count"] == 10 and b.unit("NR-1")["faction"] == "ben"
    events = b.post("ben", "hold NR-1")
    assert b.unit("NR-1")["faction"] == "ann" and b.unit("NR-1")["captured"], b.unit("NR-1")
    assert any(e["kind"] == "tote.capture" and e["to"] == ["all"] for e in events)


def _ground_battle(battle):
    """IR's ISD-II in A-1 over G-1, where GE has its command center and planetary guns."""
    b = battle({"ann": ("IR", "ISD2:1"), "ben": ("GE", "STRK:1")}, seed="ground")
    from core.rulesets.tote.rules import model as m
    for code, uid in (("FCC", "GE-7"), ("PTLE", "GE-8"), ("PICE", "GE-9")):
        b.state["units"][uid] = m.new_unit(uid, code, "ben", "G-1/surface")
    b.place("IR-1", "A-1")
    b.place("GE-1", "C-3")
    b.state["initiative"] = ["ann", "ben"]
    return b


def test_s2s_01_planetary_weapons_fire_into_the_a_ring_scaled_back(battle) -> None:
    """TOTE-S2S-01, TOTE-DMG-05/06/07, TOTE-GAP-42, TOTE-GARRISON-03: a PTLC emplacement fires only into
    the A-Ring space above its grid, Armor then Hull past the shields; scaled back to 40% the raw 300
    is 120 before UCR (q 1.000: the emplacement's 2 against the ISD-II's 3 gives 0.666, so 80)."""
    b = _ground_battle(battle)
    b.turn_to("ben")
    b.order("ben", "hold GE-1,GE-7,GE-9")
    b.order("ben", "scale GE-8 IR-1 40")
    assert "only a planetary weapon" in b.refused("ben", "scale GE-1 IR-1 40")
    hit = [e for e in b.rs.resolve(b.state) if e["kind"] == "tote.hit"][0]
    assert hit["data"]["mode"] == "planetary" and hit["data"]["dealt"] == {"ptlc": arith.total(300, 666, 40)}
    assert b.unit("IR-1")["shields"] == model.spec("ISD2").shields, "planetary turbolasers skip the shields"
    assert b.unit("IR-1")["armor"] == model.spec("ISD2").armor - 80


def test_ob_01_orbital_bombardment_fires_everything_and_marks_the_grid(battle) -> None:
    """TOTE-OB-01..05, TOTE-GAP-43, TOTE-GARRISON-03: an ISD-II in A-1 bombards the command center in
    G-1 with every weapon at the facility's Defensive UCR; the grid is under bombardment (-1 UCR) until
    the bombarding player's next post; a ship without the flag may not."""
    b = _ground_battle(battle)
    b.turn_to("ann")
    events = b.post("ann", "bombard IR-1 GE-7")
    hit = [e for e in events if e["kind"] == "tote.hit"][0]
    assert hit["data"]["mode"] == "orbital_bombardment" and hit["data"]["ucr"][1] == model.spec("FCC").defensive_ucr
    assert b.state["ob"] == [{"grid": "G-1", "by": "ann", "turn": 1, "hours": 24, "posts": {"ben": 1}}], \
        "ben's post, begun at once, is made under the bombardment"
    assert set(b.unit("IR-1")["fired_mounts"]) == {m.spec for m in model.spec("ISD2").mounts}, "OB fires ALL weapons"
    b.turn_to("ben")
    assert b.state["ob"], "every other faction posts under the bombardment"
    b.order("ben", "hold GE-1,GE-7,GE-9")
    b.order("ben", "fire GE-8 IR-1")
    back = [e for e in b.rs.resolve(b.state) if e["kind"] == "tote.hit"][0]
    assert back["data"]["ucr"][0] == model.spec("PTLE").defensive_ucr - 1, "units in the bombarded grid fight at -1 UCR"
    b.turn_to("ann")
    assert b.state["ob"] == [], "the bombardment ends at the bombarding player's next post"
    b2 = battle({"ann": ("IR", "STRK:1"), "ben": ("GE", "STRK:1")}, seed="ground2")
    from core.rulesets.tote.rules import model as m
    b2.state["units"]["GE-7"] = m.new_unit("GE-7", "FCC", "ben", "G-1/surface")
    b2.place("IR-1", "A-1")
    b2.turn_to("ann")
    assert "only Star Destroyers" in b2.refused("ann", "bombard IR-1 GE-7")


# ---- the bot -------------------------------------------------------------------------------------

def test_bot_focuses_fire_on_the_weakest_capital_ship(battle) -> None:
    """The bot's armed units in reach all fire at one target: the enemy capital ship with the least
    strength left (sensor percentages), before craft; out-of-reach units close in."""
    from core.rulesets.tote.battle import bot
    b = battle({"ann": ("GE", "ISD:1, STRK:1"), "ben": ("NR", "CGUN:3")}, seed="botf")
    for u in b.state["units"].values():
        b.place(u["id"], "C-1")
    b.place("GE-2", "C-3")
    b.unit("NR-2")["hull"] = 40
    b.turn_to("ann")
    orders = bot.play(b.rs.view(b.state, "ann"), "ann")
    assert "fire GE-1 NR-2" in orders, orders
    assert any(o.startswith("move GE-2 ") for o in orders), f"the out-of-reach ship should close in: {orders}"


def test_bot_withdraws_when_beaten(battle) -> None:
    """The bot withdraws every ship that can jump once its fighting CP falls under a third of the
    strongest hostile faction it sees (or of what it brought)."""
    from core.rulesets.tote.battle import bot
    b = battle({"ann": ("NR", "CORV:1, CGUN:2"), "ben": ("GE", "ACC:1")}, seed="botw")
    for u in b.state["units"].values():
        b.place(u["id"], "C-1")
    b.unit("NR-2").update(disabled=True, shields=0, armor=0)
    b.unit("NR-3").update(destroyed=True, hull=0, shields=0, armor=0)
    b.turn_to("ann")
    assert bot.play(b.rs.view(b.state, "ann"), "ann") == ["withdraw NR-1"]


def test_bot_keeps_capital_ships_out_of_deep_space_and_fighters_on_patrol(battle) -> None:
    """Capital ships never step into a Deep Space Zone to chase a target elsewhere; with enemy craft
    about, a fighter flies CSP over its own capital ships."""
    from core.rulesets.tote.battle import bot
    from core.rulesets.tote.rules import grid
    b = battle({"ann": ("RA", "MC80:1"), "ben": ("GE", "STRK:1, TIEAV:1")}, seed="botd", craft=True)
    b.place("RA-1", "C-1")
    b.place("GE-1", "C-3")
    b.place("GE-2", "C-1")
    for cid in b.unit("RA-1")["carried"]:
        b.unit(cid).update(space="C-1", carried_by=None)
    b.unit("RA-1")["carried"] = []
    b.turn_to("ann")
    orders = bot.play(b.rs.view(b.state, "ann"), "ann")
    moves = [o.split()[2] for o in orders if o.startswith("move RA-1 ")]
    assert all(grid.kind(m) != "dsz" for m in moves), orders
    assert any(o.startswith("patrol ") for o in orders), orders


def test_burden_01_units_acting_in_a_battle_hold_at_most_23_cp(battle) -> None:
    """TOTE-BURDEN-01/03, TOTE-GAP-26/53: a faction whose units in the battle hold more than 23 CP (a
    captured ship joined it) may act with at most 23 CP of them in a post; a craft attached to a
    ship commits the ship's CP; units over the limit may still hold or withdraw; bonus CP raise it."""
    b = battle({"ann": ("GE", "ACC:1, STRK:1, ESC:1"), "ben": ("NR", "CORV:1")}, seed="cp", craft=True)
    from core.rulesets.tote.rules import model as m
    b.state["units"]["GE-90"] = m.new_unit("GE-90", "ISD", "ann", "C-1")  # a prize ship: 22 + 10 CP in the battle
    for uid in ("GE-1", "GE-2", "GE-3"):
        b.place(uid, "C-1")
    tie = b.unit("GE-2")["carried"][0]
    b.turn_to("ann")
    b.order("ann", "move GE-1 B-1")
    b.order("ann", "move GE-90 B-1")
    msg = b.refused("ann", "move GE-2 B-1")
    assert "TOTE-BURDEN-01" in msg and "27 CP" in msg, msg
    msg = b.refused("ann", f"launch GE-2 {tie}")
    assert "TOTE-BURDEN-01" in msg, "launching a ship's craft commits the ship's CP"
    b.order("ann", "withdraw GE-3")
    b.order("ann", "hold GE-2")
    b2 = battle({"ann": ("GE", "ACC:1, STRK:1"), "ben": ("NR", "CORV:1")}, seed="cp2", bonus_cp=5)
    b2.state["units"]["GE-90"] = m.new_unit("GE-90", "ISD", "ann", "C-1")
    for uid in ("GE-1", "GE-2"):
        b2.place(uid, "C-1")
    b2.turn_to("ann")
    for text in ("move GE-1 B-1", "move GE-90 B-1", "move GE-2 B-1"):
        b2.order("ann", text)  # 12 + 10 + 5 = 27 <= 23 + 5


def test_conflict_01_the_system_is_in_conflict_while_hostiles_fight(battle) -> None:
    """TOTE-CONFLICT-01/02, TOTE-GAP-45: the system is in conflict while two hostile factions have
    fighting units there (allies do not count), and clear once one side is gone."""
    b = duel(battle, target="CORV:1")
    assert flow.in_conflict(b.state) and b.rs.view(b.state, "ann")["resources"]["system"] == "in conflict"
    b.post("ann", "fire GE-1 NR-1")
    assert not flow.in_conflict(b.state)
    allies = battle({"ann": ("GE", "ISD:1"), "ben": ("IR", "STRK:1")}, seed="allied", alliances=[["GE", "IR"]])
    assert not flow.in_conflict(allies.state)


def test_previews_of_planetary_fire_and_bombardment_are_exact(battle) -> None:
    """TOTE-DMG-07 / TOTE-OB-03 previews: the odds of a scaled-back planetary shot and of an orbital
    bombardment give the exact damage the post then deals, the quotient written in thousandths."""
    b = _ground_battle(battle)
    b.turn_to("ben")
    odds = b.rs.odds(b.state, "ben", "scale GE-8 IR-1 40")
    assert odds is not None and odds.title.endswith(f"exactly {arith.total(300, 666, 40)} damage"), odds.title
    assert any("quotient 0.666" in n for n in odds.notes), odds.notes
    b.turn_to("ann")
    odds = b.rs.odds(b.state, "ann", "bombard IR-1 GE-7")
    dealt = [e for e in b.post("ann", "bombard IR-1 GE-7") if e["kind"] == "tote.hit"][0]["data"]["dealt"]
    assert odds is not None and odds.title.endswith(f"exactly {sum(dealt.values())} damage"), (odds.title, dealt)


def test_atmobomb_01_and_strafe_01_reach_the_ground_from_the_air(battle) -> None:
    """TOTE-ATMOBOMB-01, TOTE-STRAFE-01, TOTE-GAP-17, TOTE-GARRISON-03: a VSD in the Atmosphere fires at
    a Surface installation with a further -1 UCR (4 - 1 - 1 = 2); a squadron in the ground grid's Air
    layer strafes the Surface below (its UCR with the Air's extra -1)."""
    b = battle({"ann": ("IR", "VSD:1, TIEAV:1"), "ben": ("GE", "STRK:1")}, seed="air")
    from core.rulesets.tote.rules import model as m
    b.state["units"]["GE-9"] = m.new_unit("GE-9", "PTLE", "ben", "G-2/surface")
    b.place("GE-1", "C-4")
    b.place("IR-1", "ATMO")
    b.place("IR-2", "G-2/air")
    b.turn_to("ann")
    events = b.post("ann", "fire IR-1 GE-9", "fire IR-2 GE-9")
    hits = {e["data"]["attacker"]: e["data"] for e in events if e["kind"] == "tote.hit"}
    assert hits["IR-1"]["mode"] == "atmospheric_bombardment" and hits["IR-1"]["ucr"] == [2, 2], hits["IR-1"]
    tie = model.spec("TIEAV")
    assert hits["IR-2"]["mode"] == "strafe" and hits["IR-2"]["ucr"][0] == tie.speed + tie.maneuver - 2, hits["IR-2"]


def test_g2g_01_troops_put_down_fight_and_garrisons_hold_until_their_facility_falls(battle) -> None:
    """TOTE-G2G-01, TOTE-GAP-25, TOTE-GARRISON-01/02/03: a Lambda landed on G-1's Surface puts its
    ten infantry squads (taken aboard from its Star Destroyer) down as a stack; they may not attack the infantry garrisoned in the command center
    until its Armor is 0, but may attack the center itself (at its Defensive UCR); the garrison fires
    back from cover on its own (automatic defence)."""
    b = battle({"ann": ("IR", "ISD2:1"), "ben": ("GE", "STRK:1")}, seed="g2g", craft=True)
    from core.rulesets.tote.rules import model as m
    b.state["units"]["GE-90"] = m.new_unit("GE-90", "FCC", "ben", "G-1/surface")
    b.state["units"]["GE-91"] = m.new_stack("GE-91", "STORM", "ben", "G-1/surface", 20, garrisoned_in="GE-90")
    lam = next(c for c in b.unit("IR-1")["carried"] if b.unit(c)["type"] == "LAMBDA")
    b.unit("IR-1")["carried"].remove(lam)
    b.unit(lam).update(space="G-1/surface", carried_by=None)
    b.place("IR-1", "B-1")
    b.place("GE-1", "C-3")
    b.state["initiative"] = ["ann", "ben"]
    b.post("ann", "hold IR-1", f"land {lam}")
    troops = f"{lam}-T1"
    stack = b.unit(troops)
    assert stack["count"] == 10 and stack["type"] == "INF" and stack["space"] == "G-1/surface", stack
    back = [e for e in b.post("ben", "hold GE-1") if e["kind"] == "tote.hit"]
    assert any(e["data"]["attacker"] == "GE-91" and e["data"]["target"] == troops for e in back), back
    b.turn_to("ann")
    msg = b.refused("ann", f"fire {troops} GE-91")
    assert "garrisoned in GE-90" in msg, msg
    b.order("ann", "hold IR-1")
    b.order("ann", f"fire {troops} GE-90")
    hit = [e for e in b.rs.resolve(b.state) if e["kind"] == "tote.hit"][0]
    assert hit["data"]["ucr"][1] == model.spec("FCC").defensive_ucr, "a facility defends at its Defensive UCR"
