"""Ranged damage, hit effects, direct and coordinated fire, failure and who acts next (RiftWar)."""
from __future__ import annotations

import pytest

from core.errors import OrderError
from core.rulesets.rift import combat
from rift_helpers import battle, order, texts, unit


def lr(uid: str, owner: str, x: float, y: float, *traits: str, **extra) -> dict:
    return unit(uid, owner, "light", "ranged", traits, x, y, **extra)


# -- dice pools ---------------------------------------------------------------------------------------
def test_rift_ex_08_dice_pools() -> None:
    """RIFT-EX-08, RIFT-DMG-02, RIFT-DMG-03, RIFT-DMG-04, RIFT-DMG-05, RIFT-TRAIT-06, RIFT-GAP-24: 3/2/2/3 for Light; 2 and 3 for Medium vs Armor in cover; 2 at a close combatant."""
    light, medium = lr("A", "al", 0, 0), unit("M", "al", "medium", "ranged")
    ap_light, ap_medium = lr("A", "al", 0, 0, "ap"), unit("M", "al", "medium", "ranged", ("ap",))
    target, heavy = lr("T", "bo", 0, 0), unit("H", "bo", "heavy", "ranged")
    armor_m = unit("R", "bo", "medium", "close", ("armor",))
    assert combat.ranged_dice(light, target, cover=False) == 3
    assert combat.ranged_dice(light, target, cover=True) == 2
    assert combat.ranged_dice(light, heavy, cover=False) == 2
    assert combat.ranged_dice(ap_light, heavy, cover=False) == 3
    assert combat.ranged_dice(medium, armor_m, cover=True) == 2
    assert combat.ranged_dice(ap_medium, armor_m, cover=True) == 3
    assert combat.ranged_dice(light, dict(target, melee="M1"), cover=True) == 2


def test_rift_dmg_01_hits_are_fives_and_sixes() -> None:
    """RIFT-DMG-01: each 5 or 6 is a hit."""
    assert combat.count_hits([1, 2, 3, 4, 5, 6]) == 2
    assert combat.count_hits([6, 6, 5]) == 3


def test_rift_dmg_03_medium_and_heavy_roll_four() -> None:
    """RIFT-DMG-03: Medium and Heavy Ranged roll 4d6."""
    t = lr("T", "bo", 0, 0)
    assert combat.ranged_dice(unit("M", "al", "medium", "ranged"), t, False) == 4
    assert combat.ranged_dice(unit("H", "al", "heavy", "ranged"), t, False) == 4


def test_rift_dmg_05_and_gap_24_penalties_stack_to_a_floor_of_zero() -> None:
    """RIFT-DMG-05, RIFT-GAP-24: heavy and cover penalties add; never below 0; option keeps one only."""
    light, armor_m = lr("A", "al", 0, 0), unit("R", "bo", "medium", "close", ("armor",))
    assert combat.ranged_dice(light, armor_m, cover=True) == 1
    assert combat.ranged_dice(light, armor_m, cover=True, stack=False) == 2


def test_rift_dmg_06_each_attack_has_its_own_pool(fix_dice) -> None:
    """RIFT-DMG-06, RIFT-COORD-02: in coordinated fire each unit rolls its own N (3 and 3; 2 for the one without LOS-free cover? each its own)."""
    state = battle([lr("A1", "al", 5, 5), lr("A2", "al", 6, 5), lr("B1", "bo", 5, 15)])
    fix_dice("A1 light ranged fires at B1", [1, 2, 3])
    fix_dice("A2 light ranged fires at B1", [6, 6, 1])
    events = order(state, "al", "fire A1,A2 B1")
    assert state["units"]["B1"]["wounded"], texts(events)


# -- hit effects ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("hits,wounded,heavy,reaction,expected", [
    (0, False, False, False, "none"), (1, False, False, False, "none"), (2, False, False, False, "wound"),
    (3, False, False, False, "kill"), (4, False, False, False, "kill"), (2, True, False, False, "kill"),
    (2, False, True, False, "wound"), (3, False, True, False, "wound"), (4, False, True, False, "wound"),
    (2, True, True, False, "kill"), (1, True, True, False, "none"),
])
def test_rift_ex_09_direct_fire_outcomes(hits, wounded, heavy, reaction, expected) -> None:
    """RIFT-EX-09, RIFT-HIT-01, RIFT-HIT-02, RIFT-HIT-03, RIFT-HIT-07: 0-1 nothing, 2 wound, 3-4 kill; wounded + 2 kill; Heavy 2-4 wound, wounded Heavy + 2 kill."""
    target = unit("T", "bo", "heavy" if heavy else "light", "ranged", wounded=wounded)
    assert combat.effect(target, hits, reaction) == expected


@pytest.mark.parametrize("size,flying,hits,expected", [
    ("light", False, 1, "pin"), ("light", False, 2, "wound"), ("heavy", False, 1, "none"), ("light", True, 1, "wound"),
])
def test_rift_ex_10_reaction_outcomes(size, flying, hits, expected) -> None:
    """RIFT-EX-10, RIFT-HIT-04/06, RIFT-TRAIT-11: 1 hit pins a Light mover, 2 wound; a Heavy shrugs 1 off; a flyer's 1 becomes 2."""
    mover = unit("M", "al", size, "ranged", ("flying",) if flying else (), flying=flying)
    assert combat.effect(mover, hits, reaction=True) == expected


def test_rift_hit_04_a_single_hit_pins_only_in_reaction_fire() -> None:
    """RIFT-HIT-04: one hit is a pin in reaction fire and nothing elsewhere."""
    t = lr("T", "bo", 0, 0)
    assert combat.effect(t, 1, reaction=True) == "pin"
    assert combat.effect(t, 1, reaction=False) == "none"


def test_rift_hit_05_a_wounded_unit_is_also_pinned() -> None:
    """RIFT-HIT-05: a wound applies a pin."""
    t = lr("T", "bo", 0, 0)
    combat.apply(t, "wound")
    assert t["wounded"] and t["pinned"]


def test_rift_hit_06_unwounded_heavy_is_never_pinned_but_wounded_heavy_is() -> None:
    """RIFT-HIT-06: a 1-hit reaction does nothing to an unwounded Heavy; once wounded it can be pinned."""
    h = unit("H", "bo", "heavy", "ranged")
    assert combat.effect(h, 1, reaction=True) == "none"
    h["wounded"] = True
    assert combat.effect(h, 1, reaction=True) == "pin"


def test_rift_hit_07_heavy_needs_two_wounds() -> None:
    """RIFT-HIT-07: 3+ hits on an unwounded Heavy only wound it; 2 more kill it (and it leaves a wreck, RIFT-MAP-14)."""
    h = unit("H", "bo", "heavy", "ranged")
    combat.apply(h, combat.effect(h, 5, False))
    assert h["wounded"] and not h["dead"]
    combat.apply(h, combat.effect(h, 2, False))
    assert h["dead"] and h["wreck"]


def test_rift_hit_08_and_gap_09_hits_do_not_carry_between_attacks(fix_dice) -> None:
    """RIFT-HIT-08, RIFT-GAP-09: two coordinated 1-hit rolls do not wound; the fire fails."""
    state = battle([lr("A1", "al", 5, 5), lr("A2", "al", 6, 5), lr("B1", "bo", 5, 15)])
    fix_dice("A1 light ranged fires at B1", [6, 1, 1])
    fix_dice("A2 light ranged fires at B1", [5, 2, 2])
    events = order(state, "al", "fire A1,A2 B1")
    assert not state["units"]["B1"]["wounded"], texts(events)
    assert state["active"] == "bo", "a fire that wounds nobody fails and the target's owner acts (RIFT-FAIL-01/05)"


def test_rift_gap_09_option_accumulates_coordinated_hits(fix_dice) -> None:
    """RIFT-GAP-09 option: with accumulate_hits_in_coordinated_fire two 1-hit rolls wound."""
    state = battle([lr("A1", "al", 5, 5), lr("A2", "al", 6, 5), lr("B1", "bo", 5, 15)], accumulate_hits_in_coordinated_fire=True)
    fix_dice("A1 light ranged fires at B1", [6, 1, 1])
    fix_dice("A2 light ranged fires at B1", [5, 2, 2])
    order(state, "al", "fire A1,A2 B1")
    assert state["units"]["B1"]["wounded"]


def test_rift_trait_08_armor_takes_hits_as_heavy_but_does_not_block_sight() -> None:
    """RIFT-TRAIT-08: Armor: -1 die for non-AP, no pin unwounded, two wounds to kill; no LOS block."""
    from rift_helpers import install_test_map
    from core.rulesets.rift.geometry import field_of, line_of_sight
    install_test_map()
    armored = unit("R", "bo", "medium", "close", ("armor",), 5, 10)
    assert combat.effect(armored, 1, reaction=True) == "none"
    assert combat.effect(armored, 3, reaction=False) == "wound"
    a, b = lr("A", "al", 5, 5), lr("B", "al", 5, 15)
    assert line_of_sight(field_of("testfield"), a, b, [a, b, armored])


def test_rift_trait_11_flying_takes_one_extra_hit() -> None:
    """RIFT-TRAIT-11: 1 hit on a flyer becomes 2 (a wound), even outside reaction fire; 0 stays 0."""
    flyer = unit("F", "bo", "light", "close", ("flying",), flying=True)
    assert combat.effect(flyer, 1, reaction=False) == "wound"
    assert combat.effect(flyer, 0, reaction=False) == "none"


# -- direct fire and coordination ----------------------------------------------------------------------------------
def test_rift_dfire_01_needs_line_of_sight() -> None:
    """RIFT-DFIRE-01: no fire through the bunker (a high structure)."""
    state = battle([lr("A1", "al", 20, 5), lr("B1", "bo", 20, 20)])
    with pytest.raises(OrderError, match="no line of sight"):
        order(state, "al", "fire A1 B1")


def test_rift_dfire_02_only_ranged_units_fire() -> None:
    """RIFT-DFIRE-02: a Close unit cannot make a ranged attack."""
    state = battle([unit("A1", "al", "light", "close", (), 5, 5), lr("B1", "bo", 5, 15)])
    with pytest.raises(OrderError):
        order(state, "al", "fire A1 B1")


def test_rift_coord_01_needs_a_close_group_or_a_shared_leader(fix_dice) -> None:
    """RIFT-COORD-01, RIFT-GAP-22: far-apart units coordinate only with a Leader they all see."""
    units = [lr("A1", "al", 2, 5), lr("A2", "al", 14, 5), lr("B1", "bo", 4, 18)]
    state = battle(units)
    with pytest.raises(OrderError, match="close group or with a Leader"):
        order(state, "al", "fire A1,A2 B1")
    state = battle(units + [lr("A3", "al", 8, 2, "leader")])
    fix_dice("fires at B1", [6, 6, 6])
    order(state, "al", "fire A1,A2 B1")
    assert state["units"]["B1"]["dead"]


def test_rift_coord_03_a_killed_target_ends_the_coordinated_attack(fix_dice) -> None:
    """RIFT-COORD-03: after the kill the remaining units do not roll (and have not spent their roll)."""
    state = battle([lr("A1", "al", 5, 5), lr("A2", "al", 6, 5), lr("B1", "bo", 5, 15)])
    fix_dice("A1 light ranged fires at B1", [6, 6, 6])
    events = order(state, "al", "fire A1,A2 B1")
    assert state["units"]["B1"]["dead"]
    assert "A2 light ranged fires" not in texts(events), "A2 rolled after the target died"


def test_rift_coord_04_05_light_with_light_medium_with_heavy() -> None:
    """RIFT-COORD-04, RIFT-COORD-05: Light and Medium may not coordinate; Medium and Heavy may."""
    state = battle([lr("A1", "al", 5, 5), unit("A2", "al", "medium", "ranged", (), 7, 5), lr("B1", "bo", 5, 15)])
    with pytest.raises(OrderError, match="Light units coordinate only"):
        order(state, "al", "fire A1,A2 B1")
    state = battle([unit("A1", "al", "heavy", "ranged", (), 4, 4), unit("A2", "al", "medium", "ranged", (), 8, 4), lr("B1", "bo", 6, 16)])
    order(state, "al", "fire A1,A2 B1")  # accepted


def test_rift_coord_06_one_action_failed_only_if_nothing_wounded(fix_dice) -> None:
    """RIFT-COORD-06: the first roll wounds, the second misses: the action succeeded."""
    state = battle([lr("A1", "al", 5, 5), lr("A2", "al", 6, 5), lr("B1", "bo", 5, 15)])
    fix_dice("A1 light ranged fires at B1", [6, 6, 1])
    fix_dice("A2 light ranged fires at B1", [1, 1, 1])
    order(state, "al", "fire A1,A2 B1")
    assert state["units"]["B1"]["wounded"] and state["active"] == "al"


# -- failures and who acts next ------------------------------------------------------------------------------------
def test_rift_fail_01_05_a_miss_gives_the_phase_to_the_targets_owner(fix_dice) -> None:
    """RIFT-FAIL-01, RIFT-FAIL-05, RIFT-PHASE-03: 1 hit fails; the phase ends; the target's owner is active."""
    state = battle([lr("A1", "al", 5, 5), lr("A2", "al", 9, 5), lr("B1", "bo", 5, 15)])
    fix_dice("fires at B1", [5, 1, 1])
    order(state, "al", "fire A1 B1")
    assert state["active"] == "bo" and state["turn"] == 2


def test_rift_fail_06_a_successful_fire_keeps_the_phase(fix_dice) -> None:
    """RIFT-FAIL-06, RIFT-PHASE-03: a wounding fire is no failure; the same player goes on."""
    state = battle([lr("A1", "al", 5, 5), lr("A2", "al", 9, 5), lr("B1", "bo", 5, 15)])
    fix_dice("fires at B1", [5, 6, 1])
    order(state, "al", "fire A1 B1")
    assert state["active"] == "al" and state["turn"] == 1


def test_rift_fail_04_and_gap_16_pass_names_a_player_with_units() -> None:
    """RIFT-FAIL-04, RIFT-GAP-16: pass to a named player; in 2 players the choice is automatic."""
    state = battle([lr("A1", "al", 5, 5), lr("B1", "bo", 5, 15), lr("C1", "cy", 30, 5)], seats=("al", "bo", "cy"))
    with pytest.raises(OrderError, match="name the player"):
        order(state, "al", "pass")
    order(state, "al", "pass cy")
    assert state["active"] == "cy"
    two = battle([lr("A1", "al", 5, 5), lr("B1", "bo", 5, 15)])
    order(two, "al", "pass")
    assert two["active"] == "bo"


def test_rift_ex_16_next_active_in_three_players(fix_dice) -> None:
    """RIFT-EX-16, RIFT-FAIL-03, RIFT-GAP-17, RIFT-PHASE-02/04: A misses C -> C; C's mover wounded by B -> B; B fails a rally -> A; A passes to C -> C."""
    units = [lr("A1", "al", 4, 4), lr("A2", "al", 2, 2),
             lr("B1", "bo", 30, 8), lr("B2", "bo", 34, 8, pinned=True),
             lr("C1", "cy", 5, 14), lr("C2", "cy", 36, 2)]
    state = battle(units, seats=("al", "bo", "cy"))
    fix_dice("A1 light ranged fires at C1", [1, 1, 5])
    order(state, "al", "fire A1 C1")
    assert state["active"] == "cy"
    fix_dice("reaction fire by B1", [5, 6, 1])
    order(state, "cy", "move C2 38,6")
    waiting = state["pending"] and [o["seat"] for o in state["pending"]["opps"]]
    for seat in ("al", "bo"):
        if state["pending"] and seat in (waiting or []):
            order(state, seat, "react B1 50" if seat == "bo" else "hold")
    order(state, "cy", "confirm")
    assert state["active"] == "bo", f"the reacting player should act; got {state['active']}"
    fix_dice("rally of B2", [1])
    order(state, "bo", "rally B2")
    assert state["active"] == "al", "al was active longest ago"
    order(state, "al", "pass cy")
    assert state["active"] == "cy"


def test_rift_gap_17_never_active_ties_go_round_the_table() -> None:
    """RIFT-GAP-17: among players never active, the first after the failing player in seating order."""
    from core.rulesets.rift.flow import least_recently_active
    state = battle([lr("A1", "al", 5, 5), lr("B1", "bo", 5, 15), lr("C1", "cy", 30, 5)], active="bo", seats=("al", "bo", "cy"))
    assert least_recently_active(state, "bo") == "cy"
    state["last_active"]["cy"] = 1
    assert least_recently_active(state, "bo") == "al"


def test_rift_phase_01_one_active_player_at_a_time() -> None:
    """RIFT-PHASE-01: only the active player has orders; the other is not awaited."""
    from core.rulesets.rift import RiftWar
    state = battle([lr("A1", "al", 5, 5), lr("B1", "bo", 5, 15)])
    assert RiftWar().awaiting(state) == {"al"}
    with pytest.raises(OrderError):
        order(state, "bo", "pass")


def test_rift_act_01_the_actions_offered() -> None:
    """RIFT-ACT-01: move, fire, indirect, rally, melee and pass are the active player's verbs."""
    from core.rulesets.rift import RiftWar
    r = RiftWar()
    state = battle([lr("A1", "al", 5, 5), lr("B1", "bo", 5, 15)])
    verbs = set(r.order_book().verbs(r.context(state, "al")))
    assert {"move", "fire", "indirect", "rally", "melee", "pass"} <= verbs


def test_rift_gap_06_option_one_action_per_unit_per_phase(fix_dice) -> None:
    """RIFT-GAP-06 option one_action_per_unit_per_phase (off by default): with it on, a unit that
    fired may not fire again in the phase."""
    state = battle([lr("A1", "al", 5, 5), lr("B1", "bo", 5, 15), lr("B2", "bo", 7, 15)], one_action_per_unit_per_phase=True)
    fix_dice("fires at B1", [6, 6, 1])
    order(state, "al", "fire A1 B1")
    with pytest.raises(OrderError, match="RIFT-GAP-06"):
        order(state, "al", "fire A1 B2")


def test_rift_phase_03_gap_06_a_unit_may_act_again_in_the_phase(fix_dice) -> None:
    """RIFT-PHASE-03, revised RIFT-GAP-06: the active player acts until an action fails or they pass;
    a unit that has just wounded its target may fire again and finish it, then move, then move again."""
    r = __import__("core.rulesets.rift", fromlist=["RiftWar"]).RiftWar()
    assert r.options()["one_action_per_unit_per_phase"] is False, "the per-unit limit is a GM option, off by default"
    state = battle([lr("A1", "al", 5, 5), lr("B1", "bo", 5, 15), lr("B2", "bo", 32, 22)])
    fix_dice("fires at B1", [6, 6, 1], [6, 6, 1])
    order(state, "al", "fire A1 B1")
    assert state["units"]["B1"]["wounded"] and state["active"] == "al", "a wound is a success: the phase goes on"
    events = order(state, "al", "fire A1 B1")
    assert state["units"]["B1"]["dead"], f"A1 may fire again and wound the wounded B1 to death: {texts(events)}"
    order(state, "al", "move A1 5,8")
    order(state, "al", "move A1 5,10")
    assert (state["units"]["A1"]["x"], state["units"]["A1"]["y"]) == (5, 10) and state["active"] == "al"


def test_rift_gap_02_aoe_hits_each_enemy_near_the_target(fix_dice) -> None:
    """RIFT-TRAIT-05, RIFT-GAP-02: every other enemy within 2 u takes its own roll; friends are spared."""
    state = battle([unit("A1", "al", "medium", "ranged", ("aoe",), 5, 4), lr("B1", "bo", 5, 15), lr("B2", "bo", 6.5, 15),
                    lr("B3", "bo", 12, 15), lr("A2", "al", 4, 16)])
    fix_dice("fires at B1", [6, 6, 1, 1])
    fix_dice("area effect of A1 on B2", [6, 6, 6, 1])
    events = order(state, "al", "fire A1 B1")
    assert state["units"]["B2"]["dead"], texts(events)
    assert "on B3" not in texts(events) and "on A2" not in texts(events)
