"""Strikes (SWPM-STRIKE-*), objectives (SWPM-CARD-04, SWPM-CARD-05, SWPM-CARD-06) and winning (SWPM-WIN-*), with
SWPM-EX-15, SWPM-EX-16 and SWPM-EX-19 to the number."""
from __future__ import annotations

import pytest

from core.errors import OrderError

from swpm_helpers import RS, board, place, set_cards

PLAIN = [("fuel-depot", True), ("fuel-depot", True), ("fuel-depot", True)]


def striking(slots, attacker_tag="storm", **options):
    """p1 with one striker in p2's home; p2's slots as given."""
    state = board(**options)
    set_cards(state, "p2", slots=slots)
    s = place(state, "p1", attacker_tag, "enemy")
    place(state, "p1", "mc80", "home")
    place(state, "p2", "isd", "contested")
    return state, s


@pytest.mark.parametrize("tag,destroyed", [("storm", True), ("ywing", False)])
def test_ex15_ground_strike_bonus(tag, destroyed, fix_dice):
    """SWPM-EX-15, SWPM-UNIT-12, SWPM-STRIKE-07, SWPM-STRIKE-09: a ground unit with attack 2 rolling 7 strikes for
    2 + 7 + 1 = 10 and destroys defense 10 (a tie); a space unit with the same roll gets 9 and the card holds."""
    state, s = striking([("evasive", True), ("fuel-depot", True), ("fuel-depot", True)], tag)
    fix_dice(f"{s} strikes", [3, 4])
    RS.submit(state, "p1", f"strike {s}")
    events = RS.submit(state, "p1", "target 1")
    line = next(e for e in events if e["kind"] == "strike" and "base roll" in e["text"])
    assert line["data"]["result"] == (10 if tag == "storm" else 9) and line["data"]["defense"] == 10
    assert (state["players"]["p2"]["slots"][0] is None) == destroyed
    if destroyed:
        assert state["players"]["p2"]["discard"] == ["evasive"], "SWPM-HAND-02: a destroyed objective is discarded"


def test_ex16_reinforcement_by_the_cards_bs(fix_dice):
    """SWPM-EX-16, SWPM-STRIKE-10: a 3-BS card falls; reserves of 2, 2 and 1 BS: {2,1}, {2}, {1} or none
    are legal, {2,2} is refused; the owner of the lost objective is the awaited seat."""
    for pick, ok in (("tieint1,tie1", True), ("tieint1", True), ("tie1", True), ("none", True), ("tieint1,tiebomber1", False)):
        state, s = striking(PLAIN)
        for tag in ("tieint", "tiebomber", "tie"):
            place(state, "p2", tag, "reserves")
        fix_dice(f"{s} strikes", [6, 6])
        RS.submit(state, "p1", f"strike {s}")
        RS.submit(state, "p1", "target 2")
        assert state["step"] == {"kind": "reinforce", "seat": "p2", "bs": 3} and RS.awaiting(state) == {"p2"}
        if ok:
            RS.submit(state, "p2", f"reinforce {pick}")
            brought = [u for u, i in state["units"].items() if i["owner"] == "p2" and i["zone"] == "home:p2"]
            assert sorted(brought) == sorted([] if pick == "none" else pick.split(","))
            assert state["active"] == "p2", "the strike action is over and the turn passes"
        else:
            with pytest.raises(OrderError, match="4 BS"):
                RS.submit(state, "p2", f"reinforce {pick}")


def test_ex19_elimination_by_objectives_stops_the_action(fix_dice):
    """SWPM-EX-19, SWPM-WIN-02, SWPM-WIN-04, SWPM-WIN-05, SWPM-GAP-12: P2's last objective falls: P2 is eliminated, P1
    wins and the remaining strikers do not resolve."""
    state, s = striking([None, ("fuel-depot", True), None])
    s2 = place(state, "p1", "storm", "enemy")
    fix_dice(f"{s} strikes", [6, 6])
    RS.submit(state, "p1", f"strike {s},{s2}")
    events = RS.submit(state, "p1", "target 2")
    assert state["result"] == {"winners": ["P1"], "reason": "p2 has no objectives left and is eliminated: p1 wins"}
    assert not any(s2 in e["text"] for e in events if e["kind"] == "strike")
    assert RS.outcome(state).winners == ("P1",) and RS.awaiting(state) == set()


def test_win01_03_last_unit_destroyed(fix_dice):
    """SWPM-WIN-01, SWPM-WIN-03: all of a player's units in play destroyed (reserves do not help): eliminated."""
    state = board()
    a = place(state, "p1", "xwing", "contested")
    d = place(state, "p2", "tie", "contested")
    place(state, "p2", "isd", "reserves")
    fix_dice(f"{a} attacks", [6, 6])
    fix_dice(f"{d} attacks", [1, 1])
    RS.submit(state, "p1", f"attack {a}>{d}")
    RS.submit(state, "p1", "pass")
    RS.submit(state, "p2", "pass")
    assert state["result"]["winners"] == ["P1"] and "no units in play" in state["result"]["reason"]


@pytest.mark.parametrize("option,winners", [("draw", []), ("active_player_wins", ["P1"])])
def test_gap12_both_eliminated_at_once(option, winners, fix_dice):
    """SWPM-GAP-12: the last units destroy each other: a draw (or, by option, the active player wins)."""
    state = board(simultaneous_elimination=option)
    a = place(state, "p1", "tie", "contested")
    d = place(state, "p2", "tie", "contested")
    fix_dice(f"{a} attacks", [6, 6])
    fix_dice(f"{d} attacks", [6, 6])
    RS.submit(state, "p1", f"attack {a}>{d}")
    RS.submit(state, "p1", "pass")
    RS.submit(state, "p2", "pass")
    assert state["result"]["winners"] == winners


def test_strike01_only_units_in_the_enemy_home_within_five_bs():
    """SWPM-STRIKE-01: strikers must stand in the opponent's home zone; at most 5 BS."""
    state, s = striking(PLAIN)
    c = place(state, "p1", "xwing", "contested")
    with pytest.raises(OrderError):
        RS.submit(state, "p1", f"strike {c}")
    big = [place(state, "p1", "bwing", "enemy") for _ in range(2)]
    with pytest.raises(OrderError, match="6 BS"):
        RS.submit(state, "p1", f"strike {','.join(big)}")


def test_strike02_03_gap08_each_striker_picks_its_target_in_order(fix_dice):
    """SWPM-STRIKE-02, SWPM-STRIKE-03, SWPM-GAP-08: strikers strike in the order given, each picking its own
    occupied slot when it strikes; an empty slot cannot be picked."""
    state, s = striking([("fuel-depot", True), None, ("fuel-depot", True)])
    s2 = place(state, "p1", "rebels", "enemy")
    fix_dice(f"{s} strikes", [1, 1])
    fix_dice(f"{s2} strikes", [1, 1])
    RS.submit(state, "p1", f"strike {s2},{s}")
    assert state["step"]["striker"] == s2
    with pytest.raises(OrderError):
        RS.submit(state, "p1", "target 2")
    RS.submit(state, "p1", "target 1")
    assert state["step"]["striker"] == s
    RS.submit(state, "p1", "target 3")
    assert state["active"] == "p2"


def test_strike04_11_no_cards_and_no_roll_back(fix_dice):
    """SWPM-STRIKE-04, SWPM-STRIKE-11, SWPM-CARD-07: no combat card may be played during a strike, and nothing
    rolls back against a striker."""
    state, s = striking(PLAIN)
    set_cards(state, "p1", hand=["lock-on", "brace", "brace"])
    RS.submit(state, "p1", f"strike {s}")
    with pytest.raises(OrderError):
        RS.submit(state, "p1", "play lock-on")
    fix_dice(f"{s} strikes", [1, 1])
    events = RS.submit(state, "p1", "target 1")
    assert [e for e in events if e["kind"] == "roll"] and all(s in e["text"] for e in events if e["kind"] == "roll")
    assert state["units"][s]["damage"] == 0


def test_strike05_06_card05_reveal_applies_before_the_roll(fix_dice):
    """SWPM-STRIKE-05, SWPM-STRIKE-06, SWPM-CARD-05: a face-down target is revealed before the roll and its
    on_reveal ability resolves at once: the Orbital Minefield's 2 counters destroy a 2-shield striker,
    whose strike then does not happen."""
    state, s = striking([("minefield", False), ("fuel-depot", True), ("fuel-depot", True)])
    RS.submit(state, "p1", f"strike {s}")
    events = RS.submit(state, "p1", "target 1")
    kinds = [e["kind"] for e in events]
    assert kinds.index("reveal") < kinds.index("counters")
    assert state["units"][s]["zone"] == "reserves" and state["players"]["p2"]["slots"][0] == {"card": "minefield", "up": True}
    assert not [e for e in events if e["kind"] == "roll"], "a destroyed striker does not roll"


def test_strike06_continuous_ability_counts_for_this_strike(fix_dice):
    """SWPM-STRIKE-06, SWPM-STRIKE-08, SWPM-CARD-04: a revealed Planetary Shield Generator (+1 to its owner's
    objectives) is active at once, so its own defense 11 becomes 12 for this strike."""
    state, s = striking([("shield-gen", False), ("fuel-depot", True), ("fuel-depot", True)])
    fix_dice(f"{s} strikes", [4, 5])
    RS.submit(state, "p1", f"strike {s}")
    events = RS.submit(state, "p1", "target 1")
    line = next(e for e in events if e["kind"] == "strike" and "base roll" in e["text"])
    assert (line["data"]["result"], line["data"]["defense"], line["data"]["hit"]) == (12, 12, True)


def test_strike12_card06_revealed_combat_card_stays_face_up_without_ability(fix_dice):
    """SWPM-STRIKE-12, SWPM-CARD-06: a revealed combat card that survives stays face up, keeps its
    defense and BS, and has no ability there."""
    state, s = striking([("fleet-signal", False), ("fuel-depot", True), ("fuel-depot", True)])
    fix_dice(f"{s} strikes", [1, 1])
    RS.submit(state, "p1", f"strike {s}")
    RS.submit(state, "p1", "target 1")
    assert state["players"]["p2"]["slots"][0] == {"card": "fleet-signal", "up": True}
    assert state["mods"] == []


def test_gap10_natural_twelve_is_no_automatic_strike(fix_dice):
    """SWPM-GAP-10: a strike needs strike result >= defense even on a 12; the option makes it automatic."""
    for auto, destroyed in ((False, False), (True, True)):
        state, s = striking([("command-post", True), ("fuel-depot", True), ("fuel-depot", True)], "gr75", strike_auto_12=auto)
        state["players"]["p2"]["slots"][0]["card"] = "command-post"
        from core.rulesets.swpm.data import rules
        assert rules().cards["command-post"].defense == 12
        fix_dice(f"{s} strikes", [6, 6])            # 12 + attack 0 = 12 >= 12: a tie destroys anyway
        state["options"]["tie_hits"] = False        # so make ties fail: only the automatic 12 can destroy
        RS.submit(state, "p1", f"strike {s}")
        RS.submit(state, "p1", "target 1")
        assert (state["players"]["p2"]["slots"][0] is None) == destroyed


def test_gap26_destroyed_face_up_objective_ability_ends(fix_dice):
    """SWPM-GAP-26: a face-up objective's continuous ability ends when it is destroyed."""
    state, s = striking([("ion-battery", True), ("fuel-depot", True), ("fuel-depot", True)])
    guard = place(state, "p2", "tie", "home")
    from core.rulesets.swpm.model import value
    assert value(state, guard, "defense") == 10, "Ion Battery: +1 defense at home"
    fix_dice(f"{s} strikes", [6, 6])
    RS.submit(state, "p1", f"strike {s}")
    RS.submit(state, "p1", "target 1")
    assert value(state, guard, "defense") == 9


def test_on_reveal_move_and_return_to_reserves(fix_dice):
    """SWPM-CARD-05, SWPM-ICON-10: the Tractor Beam Array pulls the striker back to the contested zone;
    the Decoy Beacon sends it to reserves; either way that strike does not happen."""
    for tag, zone in (("tractor-beam", "contested"), ("decoy", "reserves")):
        state, s = striking([(tag, False), ("fuel-depot", True), ("fuel-depot", True)])
        RS.submit(state, "p1", f"strike {s}")
        events = RS.submit(state, "p1", "target 1")
        assert state["units"][s]["zone"] == zone and not [e for e in events if e["kind"] == "roll"]
