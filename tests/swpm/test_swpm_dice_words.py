"""Issue 27.5 for Pocket Models: a roll says what is added to its 2d6, in the game's words, in the log,
the turn report and the odds (SWPM-COMBAT-10/12/13, SWPM-STRIKE-07, SWPM-EX-15, SWPM-SETUP-06)."""
from __future__ import annotations

import copy

from core.events import filter_events
from core.session import Session

from dice_words_helpers import assert_said_everywhere, rolls
from swpm_helpers import RS, board, place, set_cards

SIDES = {"p1": "P1", "p2": "P2"}


def side_of(seat: str) -> str | None:
    return SIDES.get(seat)


def test_swpm_strike_07_ex_15_strike_roll_adds_attack_and_the_ground_bonus(fix_dice) -> None:
    """SWPM-EX-15, SWPM-STRIKE-07, SWPM-COMBAT-12: a ground unit with attack 2 rolls 7: 2 + 7 + 1 = 10; the
    roll says 2d6, +2 for its attack, +1 for a ground unit striking, in the log and the report of both
    players, and the strike odds say the same."""
    state = board()
    set_cards(state, "p2", slots=[("fuel-depot", True), ("fuel-depot", True), ("fuel-depot", True)])
    s = place(state, "p1", "storm", "enemy")
    place(state, "p1", "mc80", "home")
    place(state, "p2", "isd", "contested")
    words = ("2d6 for the base roll (SWPM-STRIKE-07), +2 for Stormtrooper squad's attack (SWPM-COMBAT-12), "
             "+1 for a ground unit striking (SWPM-STRIKE-07): 2d6+3")
    odds = RS.odds(copy.deepcopy(state), "p1", f"strike {s}")
    assert odds is not None and any(words in n for n in odds.notes), f"the strike odds do not name the additions: {odds}"
    fix_dice(f"{s} strikes", [3, 4])
    events = RS.submit(state, "p1", f"strike {s}") + RS.submit(state, "p1", "target 1")
    (roll,) = rolls(events, f"{s} strikes")
    assert roll["data"]["why"]["plus"] == [["Stormtrooper squad's attack (SWPM-COMBAT-12)", 2],
                                           ["a ground unit striking (SWPM-STRIKE-07)", 1]], roll["data"]
    line = next(e for e in events if e["kind"] == "strike" and "base roll" in e["text"])
    assert line["data"]["result"] == 10, "2 + 7 + 1 = 10 (SWPM-EX-15)"
    for viewer in ("p1", "p2"):
        assert_said_everywhere(words, events, viewer, side_of)


def test_swpm_combat_13_battle_roll_names_the_card_played(fix_dice) -> None:
    """SWPM-COMBAT-10, SWPM-COMBAT-12, SWPM-COMBAT-13: a TIE (attack 3) with Lock On played (+2 attack)
    rolls 2d6, +3 for its attack, +2 for Lock On: 2d6+5; the battle odds name the attack before any card."""
    state = board()
    set_cards(state, "p1", hand=["lock-on", "brace", "brace"])
    tie = place(state, "p1", "tie", "contested")
    neb = place(state, "p2", "nebulon", "contested")
    odds = RS.odds(copy.deepcopy(state), "p1", f"attack {tie}>{neb}")
    before = f"{tie} rolls 2d6 for the base roll (SWPM-COMBAT-10), +3 for TIE fighter squadron's attack (SWPM-COMBAT-12): 2d6+3"
    assert odds is not None and any(before in n for n in odds.notes), f"the battle odds do not name the attack: {odds}"
    fix_dice(f"{tie} attacks", [4, 4])
    fix_dice(f"{neb} attacks", [1, 1])
    events = RS.submit(state, "p1", f"attack {tie}>{neb}") + RS.submit(state, "p1", "play lock-on") \
        + RS.submit(state, "p2", "pass")
    words = ("2d6 for the base roll (SWPM-COMBAT-10), +3 for TIE fighter squadron's attack (SWPM-COMBAT-12), "
             "+2 for Lock On, played (SWPM-COMBAT-13): 2d6+5")
    assert rolls(events, f"{tie} attacks"), f"no roll of {tie}: {[e['text'] for e in events]}"
    for viewer in ("p1", "p2"):
        assert_said_everywhere(words, events, viewer, side_of)


def test_swpm_setup_06_gap_18_first_turn_roll_says_what_it_is_for_and_shuffles_stay_hidden() -> None:
    """SWPM-SETUP-06, SWPM-GAP-18, SWPM-FLOW-03: the roll for the first turn says what its 2d6 are for; the
    shuffles' dice (the GM's alone) stay out of the players' log, with their words."""
    session = Session.new("swpm", [("p1", "P1"), ("p2", "P2")], seed="dice-words")
    session.ready("p1", "p1")
    session.ready("p2", "p2")
    events = session.record["log"]
    first = rolls(events, "rolls for the first turn")
    assert first and all("2d6 for each player, the higher goes first (SWPM-SETUP-06, SWPM-GAP-18)" in e["text"] for e in first), \
        [e["text"] for e in first]
    shuffles = [e for e in events if e.get("kind") == "roll" and "not yet placed (SWPM-FLOW-03)" in e["text"]]
    assert shuffles, "the shuffles' dice should say what they are from, for the GM"
    for viewer in ("p1", "p2"):
        seen = filter_events(events, viewer, side_of)
        assert not any("not yet placed" in e["text"] for e in seen), f"{viewer} sees the deck's shuffle"
