"""Close combat, transports, indirect fire, rally, deployment and victory (RiftWar)."""
from __future__ import annotations

import json

import pytest

from core.errors import OrderError
from core.rulesets.rift import RiftWar
from core.rulesets.rift.transport import load_problem
from rift_helpers import battle, order, texts, unit


def lr(uid: str, owner: str, x: float, y: float, *traits: str, **extra) -> dict:
    return unit(uid, owner, "light", "ranged", traits, x, y, **extra)


def lc(uid: str, owner: str, x: float, y: float, *traits: str, **extra) -> dict:
    return unit(uid, owner, "light", "close", traits, x, y, **extra)


# -- close combat -----------------------------------------------------------------------------------------
def test_rift_cc_01_07_contact_starts_close_combat_and_its_attack(fix_dice) -> None:
    """RIFT-CC-01, RIFT-CC-07, RIFT-GAP-11: moving into contact stops the move there and rolls 1d6 per engaged unit."""
    state = battle([lc("A1", "al", 5, 5), lc("A2", "al", 6.2, 5), lc("B1", "bo", 5.6, 9.5)])
    fix_dice("close combat", [5, 6])
    events = order(state, "al", "move A1,A2 5,9")
    a1 = state["units"]["A1"]
    assert a1["melee"] and a1["melee"] == state["units"]["B1"]["melee"], texts(events)
    assert a1["y"] < 9, "the move ends at contact"
    assert state["units"]["B1"]["wounded"] and not state["units"]["B1"]["dead"], "2 hits on one defender wound it"


def test_rift_cc_02_a_unit_joins_an_existing_close_combat(fix_dice) -> None:
    """RIFT-CC-02: moving into a unit already in melee joins that melee."""
    state = battle([lc("A1", "al", 5, 8.05, melee="M1"), lc("B1", "bo", 5, 9.1, melee="M1"), lc("A2", "al", 8, 9)], melees=0)
    state["melees"] = 1
    fix_dice("close combat", [1, 1])
    order(state, "al", "move A2 6.0,9.1")
    assert state["units"]["A2"]["melee"] == "M1"


def test_rift_cc_03_and_gap_26_escaping_draws_a_3d6_reaction(fix_dice) -> None:
    """RIFT-CC-03, RIFT-GAP-26: one hit pins the escaper at its start, still engaged; two wound and end the phase."""
    state = battle([lc("A1", "al", 5, 8, melee="M1"), lc("B1", "bo", 5, 9.05, melee="M1"), lr("A9", "al", 1, 1)])
    fix_dice("escape attack on A1", [5, 1, 1])
    order(state, "al", "move A1 5,3")
    a1 = state["units"]["A1"]
    assert a1["pinned"] and a1["y"] == 8 and a1["melee"] == "M1" and state["active"] == "al"
    state = battle([lc("A1", "al", 5, 8, melee="M1"), lc("B1", "bo", 5, 9.05, melee="M1")])
    fix_dice("escape attack on A1", [5, 6, 1])
    order(state, "al", "move A1 5,3")
    assert state["units"]["A1"]["wounded"] and state["active"] == "bo"


def test_rift_cc_04_fire_at_a_close_combatant_is_as_into_cover(fix_dice) -> None:
    """RIFT-CC-04: a Light Ranged attacker rolls 2d6 at a unit in close combat."""
    state = battle([lr("A1", "al", 5, 1.5), lc("A2", "al", 20, 25, melee="M1"), lc("B1", "bo", 21.05, 25, melee="M1"), lr("B2", "bo", 5, 15)])
    state["units"]["B2"]["melee"] = None
    fix_dice("fires at B1", [6, 6])  # the fixture checks that exactly 2 dice are rolled
    order(state, "al", "fire A1 B1")
    assert state["units"]["B1"]["wounded"]


def test_rift_cc_05_and_ex_15_no_indirect_fire_at_close_combatants() -> None:
    """RIFT-CC-05, RIFT-EX-15: indirect fire at a unit in melee is refused."""
    state = battle([lr("A1", "al", 5, 5, "indirect"), lr("A2", "al", 10, 5), lc("A3", "al", 10, 24.45, melee="M1"), lc("B1", "bo", 10, 25.5, melee="M1")])
    with pytest.raises(OrderError, match="RIFT-CC-05"):
        order(state, "al", "indirect A1 B1")


def test_rift_cc_06_08_and_ex_12_melee_attacks_collectively_grouped_and_assigned(fix_dice) -> None:
    """RIFT-CC-06, RIFT-CC-08, RIFT-EX-12: 6 units roll 6d6 (5,6,2,6,1,5 = 4 hits); the attacker groups {2,2}; the defender assigns two wounds."""
    ours = [lc(f"A{i}", "al", 4 + i * 1.05, 10, melee="M1") for i in range(1, 7)]
    theirs = [lc("B1", "bo", 5, 11.05, melee="M1"), lc("B2", "bo", 7, 11.05, melee="M1")]
    state = battle(ours + theirs)
    fix_dice("close combat M1", [5, 6, 2, 6, 1, 5])
    order(state, "al", "melee B1")
    assert state["pending"]["hits"]["total"] == 4 and RiftWar().awaiting(state) == {"al"}
    order(state, "al", "group 2,2")
    assert RiftWar().awaiting(state) == {"bo"}
    order(state, "bo", "assign B1,B2")
    assert state["units"]["B1"]["wounded"] and state["units"]["B2"]["wounded"] and state["active"] == "al"


def test_rift_gap_08_single_hit_groups_do_nothing_in_melee(fix_dice) -> None:
    """RIFT-GAP-08, RIFT-EX-12: grouping {3,1}: a kill, and the single hit has no effect."""
    ours = [lc(f"A{i}", "al", 4 + i * 1.05, 10, melee="M1") for i in range(1, 5)]
    theirs = [lc("B1", "bo", 5, 11.05, melee="M1"), lc("B2", "bo", 7, 11.05, melee="M1")]
    state = battle(ours + theirs)
    fix_dice("close combat M1", [5, 6, 6, 6])
    order(state, "al", "melee B1")
    order(state, "al", "group 3,1")
    order(state, "bo", "assign B1,B2")
    assert state["units"]["B1"]["dead"] and not state["units"]["B2"]["pinned"] and not state["units"]["B2"]["wounded"]


def test_rift_gap_11_a_melee_attack_that_harms_nobody_fails(fix_dice) -> None:
    """RIFT-GAP-11: a Melee action with no wound or kill ends the phase; the defender acts."""
    state = battle([lc("A1", "al", 5, 10, melee="M1"), lc("B1", "bo", 5, 11.05, melee="M1")])
    fix_dice("close combat M1", [6])
    order(state, "al", "melee B1")
    assert state["active"] == "bo"


# -- transports ----------------------------------------------------------------------------------------------
def test_rift_trans_02_and_ex_14_transport_loads() -> None:
    """RIFT-TRANS-02, RIFT-EX-14: 6 L, 1 M + 2 L, 1 M fit; 7 L, 1 M + 3 L, 2 M, any H do not."""
    L, M, H = ({"size": s} for s in ("light", "medium", "heavy"))
    assert load_problem([L] * 6) is None and load_problem([M, L, L]) is None and load_problem([M]) is None
    for bad in ([L] * 7, [M, L, L, L], [M, M], [H]):
        assert load_problem(bad) is not None, bad


def test_rift_trans_01_03_and_gap_20_embark_ride_and_cannot_be_targeted() -> None:
    """RIFT-TRANS-01, RIFT-TRANS-03, RIFT-GAP-20, RIFT-TRAIT-02: a unit boards by moving into contact; aboard, it is no target."""
    state = battle([lr("A1", "al", 5, 5), unit("A2", "al", "heavy", "ranged", ("transport",), 5, 10), lc("B1", "bo", 38, 28),
                    lr("B2", "bo", 38, 2)])
    order(state, "al", "embark A1 A2")
    if state["pending"]:
        order(state, "bo", "hold")
        order(state, "al", "confirm")
    assert state["units"]["A1"]["carried_by"] == "A2"
    state["active"] = "bo"
    state["last_active"]["bo"] = 2
    with pytest.raises(OrderError):
        order(state, "bo", "fire B2 A1")


def test_rift_trans_04_05_a_destroyed_transport_dismounts_its_riders(fix_dice) -> None:
    """RIFT-TRANS-04 ("the player chooses how to dismount"), RIFT-TRANS-05, RIFT-GAP-20: when B1 is
    destroyed its owner is asked where B2 dismounts (places within 1 u offered); a place farther out
    is refused and nothing changes; bo's own choice is taken; then B2 takes 3d6 (one hit does nothing)
    and al, whose fire succeeded, acts on."""
    from core.rulesets.rift import RiftWar
    state = battle([unit("A1", "al", "heavy", "ranged", (), 5, 5), unit("A2", "al", "heavy", "ranged", (), 5, 11),
                    unit("B1", "bo", "heavy", "ranged", ("transport",), 20, 25, wounded=True, pinned=True),
                    lr("B2", "bo", 20, 25, carried_by="B1"), lr("B3", "bo", 2, 28)])
    fix_dice("A1 heavy ranged fires at B1", [6, 6, 1])
    events = order(state, "al", "fire A1 B1")
    b2 = state["units"]["B2"]
    assert state["units"]["B1"]["wreck"], texts(events)
    assert RiftWar().awaiting(state) == {"bo"}, "the owner of the destroyed transport chooses how its riders dismount"
    assert b2["carried_by"] == "B1" and not any(e["kind"] == "roll" and "bails out" in e["text"] for e in events), \
        "nothing is placed or rolled before the owner chooses"
    offered = state["dismount"][0]["offered"]["B2"]
    assert offered and "dismount B2" in RiftWar().view(state, "bo")["prompt"]
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(OrderError, match="RIFT-GAP-20"):
        order(state, "bo", "dismount B2 20,20")
    assert json.dumps(state, sort_keys=True) == before, "a refused place changes nothing"
    with pytest.raises(OrderError):
        order(state, "al", "fire A2 B3")   # nothing else happens until the riders are placed
    fix_dice("bails out of the wreck of B1", [5, 1, 1])
    events = order(state, "bo", "dismount B2 19.5,22.1")
    b2 = state["units"]["B2"]
    assert (b2["x"], b2["y"], b2["carried_by"]) == (19.5, 22.1, None), "bo's own choice of place is taken"
    assert any("bails out of the wreck of B1: 3d6" in e["text"] for e in events if e["kind"] == "roll")
    assert not b2["pinned"] and not b2["wounded"], "one hit outside reaction fire does nothing"
    assert "dismount" not in state and RiftWar().awaiting(state) == {"al"}, "al's phase goes on"


# -- indirect fire -------------------------------------------------------------------------------------------
def test_rift_ind_01_02_03_04_and_ex_15_indirect_fire_limits(fix_dice) -> None:
    """RIFT-IND-01, RIFT-IND-02, RIFT-IND-03, RIFT-IND-04, RIFT-IND-05, RIFT-TRAIT-09, RIFT-EX-15, RIFT-GAP-14: through a spotter; once a phase; no other attack after; a miss is no failure."""
    state = battle([lr("A1", "al", 20, 2, "indirect"), lr("A2", "al", 15, 9), lr("A3", "al", 1, 1),
                    lr("B1", "bo", 20, 20), lr("B2", "bo", 24, 20)])
    assert not __import__("core.rulesets.rift.battle", fromlist=["los"]).los(state, state["units"]["A1"], state["units"]["B1"])
    with pytest.raises(OrderError, match="legal: A1"):
        order(state, "al", "indirect A2 B1")
    fix_dice("fires indirectly", [1, 1, 1])
    events = order(state, "al", "indirect A1 B1")
    assert "spotter A2" in texts(events) and state["active"] == "al", "a miss does not end the phase (RIFT-GAP-14)"
    with pytest.raises(OrderError):
        order(state, "al", "indirect A1 B2")
    state["options"]["one_action_per_unit_per_phase"] = False
    with pytest.raises(OrderError, match="RIFT-IND-02"):
        order(state, "al", "indirect A1 B2")
    with pytest.raises(OrderError, match="RIFT-IND-03"):
        order(state, "al", "fire A1 B2")


def test_rift_ind_04_leader_relay_and_no_chain(fix_dice) -> None:
    """RIFT-IND-04 (b), RIFT-TRAIT-01: firer sees a Leader who sees a spotter who sees the target; with no chain it is refused."""
    state = battle([lr("A1", "al", 20, 2, "indirect"), lr("A2", "al", 3, 2, "leader"), lr("A3", "al", 3, 17),
                    lr("B1", "bo", 21, 17)])
    # A1 does not see A3 (far side of nothing?) - make the direct chain fail by blocking with a Heavy
    state["units"]["H"] = unit("H", "bo", "heavy", "unarmed", (), 12, 9)
    fix_dice("fires indirectly", [1, 1, 1])
    events = order(state, "al", "indirect A1 B1")
    assert "Leader A2" in texts(events) or "spotter A3" in texts(events)
    lonely = battle([lr("A1", "al", 20, 2, "indirect"), lr("B1", "bo", 20, 20)])
    with pytest.raises(OrderError, match="RIFT-IND-04"):
        order(lonely, "al", "indirect A1 B1")


def test_rift_gap_14_option_indirect_miss_fails(fix_dice) -> None:
    """RIFT-GAP-14 option: with indirect_miss_fails the miss ends the phase."""
    state = battle([lr("A1", "al", 20, 2, "indirect"), lr("A2", "al", 15, 9), lr("B1", "bo", 20, 20)], indirect_miss_fails=True)
    fix_dice("fires indirectly", [1, 1, 1])
    order(state, "al", "indirect A1 B1")
    assert state["active"] == "bo"


# -- rally -----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("roll,leader,enemy_seen,ok", [(2, True, False, True), (3, True, True, True), (3, False, True, False)])
def test_rift_ex_13_and_rally_02_03_04_rally_rolls(fix_dice, roll, leader, enemy_seen, ok) -> None:
    """RIFT-EX-13, RIFT-RALLY-01, RIFT-RALLY-02, RIFT-RALLY-03, RIFT-RALLY-04, RIFT-FAIL-03: 1d6 + 1 (Leader) + 1 (no enemy in LOS) >= 4; a failure passes the phase."""
    units = [lr("A1", "al", 5, 5, pinned=True), lr("A9", "al", 1, 1)]
    if leader:
        units.append(lr("A2", "al", 7, 5, "leader"))
    units.append(lr("B1", "bo", 5, 15) if enemy_seen else lr("B1", "bo", 20, 20))
    if not enemy_seen:
        units[0]["x"], units[0]["y"] = 20, 5
        if leader:
            units[-2]["x"], units[-2]["y"] = 22, 5
    state = battle(units)
    fix_dice("rally of A1", [roll])
    order(state, "al", "rally A1")
    assert (not state["units"]["A1"]["pinned"]) == ok
    assert state["active"] == ("al" if ok else "bo")


def test_rift_rally_03_a_leader_rallying_itself_in_sight_of_another_gets_one() -> None:
    """RIFT-RALLY-03, RIFT-EX-13: a Leader rallying itself while another Leader sees it: +1, not +2."""
    from core.rulesets.rift.fire import rally_bonus
    state = battle([lr("A1", "al", 5, 5, "leader", pinned=True), lr("A2", "al", 7, 5, "leader"), lr("B1", "bo", 5, 15)])
    assert rally_bonus(state, state["units"]["A1"]) == 1


def test_rift_rally_01_wound_stays_after_rally(fix_dice) -> None:
    """RIFT-RALLY-01, RIFT-GAP-13: a rallied wounded unit is unpinned but still wounded."""
    state = battle([lr("A1", "al", 5, 5, wounded=True, pinned=True), lr("B1", "bo", 5, 15)])
    fix_dice("rally of A1", [6])
    order(state, "al", "rally A1")
    assert state["units"]["A1"]["wounded"] and not state["units"]["A1"]["pinned"]


# -- deployment, phases and victory ------------------------------------------------------------------------------
def test_rift_gap_15_roll_off_choice_and_alternate_placement() -> None:
    """RIFT-GAP-15, RIFT-FLOW-02: the roll-off winner chooses; players alternate placing; the second deployer acts first."""
    from core.session import Session
    s = Session.new("rift", [("al", "Republic"), ("bo", "Separatists")], seed="deploy-test")
    chooser = s.state["deploy"]["chooser"]
    other = "bo" if chooser == "al" else "al"
    assert s.awaiting() == {chooser}
    s.order(chooser, chooser, "deploy first")
    assert s.awaiting() == {chooser}
    first_unit = next(u for u in s.state["units"].values() if u["owner"] == chooser)
    zone = s.ruleset.view(s.state, chooser)["prompt"]
    with pytest.raises(OrderError, match="outside your deployment zone"):
        s.order(chooser, chooser, f"place {first_unit['id']} 20,15")
    y = 2 if list(s.state["seats"]).index(chooser) == 0 else 33
    s.order(chooser, chooser, f"place {first_unit['id']} 2,{y}")
    assert s.awaiting() == {other}, "placement alternates"
    s.order(other, other, "formation")
    s.order(chooser, chooser, "formation")
    assert s.state["stage"] == "battle" and s.state["active"] == other


def test_rift_gap_07_last_army_standing_wins(fix_dice) -> None:
    """RIFT-GAP-07: killing the last enemy unit ends the game for the shooter's side."""
    state = battle([lr("A1", "al", 5, 5), lr("B1", "bo", 5, 15, wounded=True)])
    fix_dice("fires at B1", [6, 6, 1])
    order(state, "al", "fire A1 B1")
    outcome = RiftWar().outcome(state)
    assert outcome is not None and outcome.winners == ("Republic",), outcome


def test_rift_gap_07_phase_limit_weights_survivors() -> None:
    """RIFT-GAP-07 option: at the phase limit LC 1, LR 3, M/H 9 decide."""
    state = battle([lr("A1", "al", 5, 5), lc("B1", "bo", 5, 15), lc("B2", "bo", 7, 15)], phase_limit=1)
    order(state, "al", "pass")
    outcome = RiftWar().outcome(state)
    assert outcome is not None and outcome.winners == ("Republic",) and "al 3" in outcome.reason and "bo 2" in outcome.reason


def test_rift_phase_02_two_players_swap_every_phase() -> None:
    """RIFT-PHASE-02, RIFT-PHASE-04, RIFT-FLOW-03: each pass hands the phase to the other; acted flags reset."""
    state = battle([lr("A1", "al", 5, 5), lr("B1", "bo", 5, 15)])
    order(state, "al", "move A1 5,6") if False else None
    order(state, "al", "pass")
    assert state["active"] == "bo" and state["turn"] == 2
    order(state, "bo", "pass")
    assert state["active"] == "al" and state["turn"] == 3
    assert state["last_active"] == {"al": 3, "bo": 2}


def test_rift_trait_01_leader_enables_shared_leader_coordination() -> None:
    """RIFT-TRAIT-01: without a Leader, distant units cannot coordinate; with one they all see, they can."""
    from core.rulesets.rift.fire import shared_leader
    state = battle([lr("A1", "al", 2, 5), lr("A2", "al", 14, 5), lr("A3", "al", 8, 2, "leader"), lr("B1", "bo", 4, 18)])
    assert shared_leader(state, [state["units"]["A1"], state["units"]["A2"]])
    state["units"]["A3"]["traits"] = []
    assert not shared_leader(state, [state["units"]["A1"], state["units"]["A2"]])


def _rally_field() -> dict:
    """A3 pinned west of the bunker in sight of B1; Leader A4 sees A3 but not B1; Leader A5 is hidden
    from A3 behind the bunker; A6 is a plain rifleman beside A3."""
    return battle([lr("A3", "al", 15, 12, pinned=True), lr("A4", "al", 23, 5, "leader"), lr("A5", "al", 25, 12, "leader"),
                   lr("A6", "al", 14, 10), lr("B1", "bo", 10, 25)])


def test_rift_rally_01_only_the_unit_itself_or_a_leader_that_sees_it() -> None:
    """RIFT-RALLY-01 (clarified): a pinned unit is rallied by itself or by a friendly Leader with LOS
    to it; a plain unit, or a Leader that does not see it, is refused and nothing changes."""
    from core.rulesets.rift.battle import los
    state = _rally_field()
    units = state["units"]
    assert not los(state, units["A5"], units["A3"]) and los(state, units["A4"], units["A3"])
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(OrderError, match="A6"):
        order(state, "al", "rally A3 by A6")
    with pytest.raises(OrderError, match="RIFT-RALLY-01"):
        order(state, "al", "rally A3 by A5")
    assert json.dumps(state, sort_keys=True) == before, "a refused rally changes nothing"


def test_rift_rally_03_04_bonuses_come_from_the_pinned_units_position(fix_dice) -> None:
    """RIFT-RALLY-03/04 (clarified): Leader A4, who sees no enemy, rallies A3, who sees B1: +1 for
    the Leader, and no +1 for an enemy-free LOS (A3 sees B1): +1, so a roll of 2 fails."""
    from core.rulesets.rift import RiftWar
    from core.rulesets.rift.fire import rally_bonus
    state = _rally_field()
    units = state["units"]
    odds = RiftWar().odds(state, "al", "rally A3 by A4")
    assert odds is not None and odds.title.startswith("rally with +1: 1d6 for the rally"), f"the bonuses are read from A3's position: {odds}"
    assert rally_bonus(state, units["A3"], units["A4"]) == 1
    fix_dice("rally of A3 by A4", [2])
    events = order(state, "al", "rally A3 by A4")
    assert "+1 for a Leader making the rally (RIFT-RALLY-03): 1d6+1" in events[0]["text"] and units["A3"]["pinned"], "2 + 1 = 3 fails (needs 4)"
    assert state["active"] == "bo", "a failed rally ends the phase (RIFT-FAIL-03)"


def test_rift_gap_15_roll_off_dice_are_logged_roll_events_that_verify_checks() -> None:
    """RIFT-GAP-15 (every die on the record): the deployment roll-off's dice are roll events in the
    game's log, one per die, public, then who won; verify replays them, and a log whose roll-off
    die was changed is a mismatch."""
    import copy

    from core.session import Session
    from saves.verify import verify
    s = Session.new("rift", [("al", "Republic"), ("bo", "Separatists")], seed="rolloff-record")
    log = s.record["log"]
    rolls = [e for e in log if e["kind"] == "roll"]
    assert rolls and all("deployment roll-off" in e["text"] and e["to"] == ["all"] for e in rolls), \
        f"the roll-off dice should be public roll events in the log: {[e['text'] for e in log]}"
    assert sum(len(e["data"]["values"]) for e in rolls) == int(s.state["dice"]["n"]), "every die of the setup is logged"
    chooser = s.state["deploy"]["chooser"]
    assert any(e["kind"] == "deploy" and e["text"].startswith(f"{chooser} wins the deployment roll-off") for e in log)
    s.order(chooser, chooser, "deploy first")
    assert verify(s.record, as_gm=True).ok, verify(s.record, as_gm=True).text
    bad = copy.deepcopy(s.record)
    first = next(e for e in bad["log"] if e["kind"] == "roll")
    first["data"]["values"] = [7 - first["data"]["values"][0]]
    verdict = verify(bad, as_gm=True)
    assert not verdict.ok and "log event" in verdict.text, verdict.text
