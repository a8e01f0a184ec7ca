"""RiftWar odds for coordinated fire and the Melee action (issue 13: odds for every order that rolls
dice), each equal to the engine's own play over every way the dice can fall."""
from __future__ import annotations

import copy
import itertools
from fractions import Fraction

import pytest

from core.dice import Dice
from rift_helpers import RULES, battle, order, unit


def _fate(u: dict) -> str:
    return "killed" if u["dead"] else "wounded" if u["wounded"] else "none"


def _played(monkeypatch: pytest.MonkeyPatch, state: dict, text: str, target: str, rollers: list[tuple[str, int]]) -> dict[str, Fraction]:
    """``text`` given over every hit/miss pattern of the rollers' dice (a 6 hits, a 1 misses), weighted."""
    found: dict[str, Fraction] = {}
    total = sum(n for _, n in rollers)
    for pattern in itertools.product((True, False), repeat=total):
        plan, at = {}, 0
        for key, n in rollers:
            plan[key] = [6 if hit else 1 for hit in pattern[at:at + n]]
            at += n

        def roll(self: Dice, count: int, sides: int, purpose: str, viewers=("all",), why=None) -> list[int]:
            key = next(k for k in plan if k in purpose)
            assert len(plan[key]) == count, (purpose, count)
            return list(plan[key])
        monkeypatch.setattr(Dice, "roll", roll)
        trial = copy.deepcopy(state)
        order(trial, "al", text)
        p = Fraction(1)
        for hit in pattern:
            p *= Fraction(1, 3) if hit else Fraction(2, 3)
        fate = _fate(trial["units"][target])
        found[fate] = found.get(fate, Fraction(0)) + p
    monkeypatch.undo()
    return found


@pytest.mark.parametrize("accumulate", [False, True])
def test_RIFT_COORD_03_coordinated_fire_odds_equal_the_engine_over_every_roll(monkeypatch: pytest.MonkeyPatch, accumulate: bool) -> None:
    """RIFT-COORD-03, RIFT-GAP-09: two light firers (3d6 each) at a light target in the open, in turn until it dies."""
    state = battle([unit("A1", "al", "light", "ranged", (), 5, 5), unit("A2", "al", "light", "ranged", (), 6, 5),
                    unit("B1", "bo", "light", "ranged", (), 5, 15)], accumulate_hits_in_coordinated_fire=accumulate)
    odds = RULES.odds(state, "al", "fire A1,A2 B1")
    assert odds is not None and odds.total() == 1 and odds.title.startswith("A1, A2 at B1 in turn: 3d6+3d6")
    shown = dict(odds.rows)
    engine = _played(monkeypatch, state, "fire A1,A2 B1", "B1", [("A1 ", 3), ("A2 ", 3)])
    assert shown["killed"] == engine.get("killed", 0) and shown["wounded"] == engine.get("wounded", 0), (shown, engine)


def test_RIFT_CC_06_melee_odds_equal_the_engine_over_every_roll(monkeypatch: pytest.MonkeyPatch) -> None:
    """RIFT-CC-06/07, RIFT-GAP-11: two light close-combat units (a d6 each) against one unit in their melee."""
    state = battle([unit("A1", "al", "light", "close", (), 5, 10, melee="M1"), unit("A2", "al", "light", "close", (), 6, 10, melee="M1"),
                    unit("B1", "bo", "light", "ranged", (), 5, 11.05, melee="M1")])
    odds = RULES.odds(state, "al", "melee B1")
    assert odds is not None and odds.total() == 1
    dice = int(odds.title.split(": ")[1].split("d6")[0])
    engine = _played(monkeypatch, state, "melee B1", "B1", [("close combat M1", dice)])
    shown = dict(odds.rows)
    assert shown["killed"] == engine.get("killed", 0) and shown["wounded"] == engine.get("wounded", 0), (shown, engine)
    assert "melee" in {v for v, s in RULES.order_book().specs.items() if s.dice}
