"""Issue 27.5 for Twilight of the Empire: UCR damage rolls no dice; the one roll the engine makes, the
flashpoint check, says what its die is from (TOTE-GAP-31), in the log and the report."""
from __future__ import annotations

from core.dice import Dice
from core.rulesets.tote.rules import missions

from dice_words_helpers import assert_said_everywhere, rolls


def test_tote_gap_31_flashpoint_check_says_what_its_d100_is_for() -> None:
    """TOTE-GAP-31: every 7th turn the engine rolls 1d100, 50 or less opens a flashpoint; the public roll
    says so; in other turns nothing is rolled."""
    every, chance, _ = missions.flashpoints()
    dice = Dice("dice-words")
    assert missions.roll_flashpoint(every - 1, dice, 0, "FP1")[2] == [] and not dice.drain(), "no roll off the 7th turn"
    missions.roll_flashpoint(every, dice, 0, "FP1")
    events = dice.drain()
    (check,) = rolls(events, "flashpoint check")
    words = f"1d100 for the flashpoint check every {every} turns, {chance} or less erupts (TOTE-GAP-31)"
    assert words in check["text"] and check["to"] == ["all"], check
    assert_said_everywhere(words, events, "anyone", lambda seat: None)
