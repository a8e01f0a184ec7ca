"""Issue 27.5: why a roll has the dice it has. One helper in core formats the count's steps
(:mod:`core.dice_words`); every roll a rule system makes hands it over; old saved rolls still read."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from core.dice import Dice
from core.dice_words import DiceCount, count_words, fixed
from core.render import render_event
from core.report import Summary, build, render
from tui.text import event_text

ROOT = Path(__file__).resolve().parents[1]


def test_the_count_in_words_from_base_to_final() -> None:
    """The issue's own line: 3d6, -1 for cover: 2d6; a fixed count says what it is from; additions to the
    total come after and show in the final."""
    assert DiceCount(3, "").step("cover", -1).words(6) == "3d6, -1 for cover: 2d6"
    assert fixed(2, "the roll-off").words(6) == "2d6 for the roll-off"
    count = DiceCount(2, "the base roll").add("attack", 3).add("a card", -1)
    assert (count.dice, count.modifier) == (2, 2)
    assert count.words(6) == "2d6 for the base roll, +3 for attack, -1 for a card: 2d6+2"
    assert DiceCount(1, "x").step("a", -2).at_least(0, "never below 0").words(6) == "1d6 for x, -2 for a, +1 for never below 0: 0d6"


def test_a_roll_carries_its_count_and_says_it() -> None:
    """The roll event holds the steps as data and its text says them; a count that disagrees with the
    dice rolled is refused (a rule system's mistake, never a player's)."""
    dice = Dice("words")
    count = DiceCount(3, "a Light unit").step("cover", -1)
    values = dice.roll(2, 6, "A fires at B", why=count)
    (ev,) = dice.drain()
    assert ev["text"] == f"A fires at B: 3d6 for a Light unit, -1 for cover: 2d6 -> {values[0]}, {values[1]}", ev["text"]
    assert ev["data"]["why"] == {"base": ["a Light unit", 3], "steps": [["cover", -1]], "plus": []}
    assert DiceCount.from_data(ev["data"]["why"]) == count
    assert count_words(ev["data"]) == "3d6 for a Light unit, -1 for cover: 2d6"
    with pytest.raises(ValueError, match="count says 3d6"):
        dice.roll(2, 6, "A fires at B", why=DiceCount(3, "a Light unit"))


def test_an_old_saved_roll_without_the_count_still_reads() -> None:
    """A roll saved before the count existed has no ``why``: it reads as before in the log and the report."""
    old = {"kind": "roll", "turn": 3, "to": ["all"], "text": "battle at Kuat: 2d6 -> 3, 4",
           "data": {"purpose": "battle at Kuat", "count": 2, "sides": 6, "values": [3, 4]}}
    assert count_words(old["data"]) == "2d6"
    assert count_words({**old["data"], "why": {"base": "broken"}}) == "2d6", "a malformed count falls back"
    assert render_event(old) == "t3 roll: battle at Kuat: 2d6 -> 3, 4"
    assert "battle at Kuat: 2d6 -> 3, 4" in event_text(old).plain
    seen = [{k: v for k, v in old.items() if k != "to"}]
    assert "battle at Kuat: 2d6 -> 3, 4" in render(build("t", 3, "gm", None, seen, Summary()))


def test_every_roll_of_every_rule_system_says_how_its_dice_were_counted() -> None:
    """Issue 27.5: every call that rolls the game's dice in core (``dice.roll(...)``) hands over ``why=``,
    so that no roll event of any system reaches the log without its count."""
    missing, found = [], 0
    for path in sorted((ROOT / "core").rglob("*.py")):
        if path.name == "dice.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "roll" \
                    and len(node.args) >= 3:
                found += 1
                if not any(k.arg == "why" for k in node.keywords):
                    missing.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert found >= 20, f"the scan found only {found} rolls in core: it no longer sees them"
    assert not missing, f"rolls that do not say how their dice were counted: {missing}"
