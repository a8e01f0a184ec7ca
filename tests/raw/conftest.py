"""The ``game`` fixture for Republic at War rule tests; the helpers live in raw_helpers."""
from __future__ import annotations

import pytest

from core.dice import Dice
from raw_helpers import Game, Script


@pytest.fixture
def game() -> Game:
    """A fresh 6-seat game at turn 1, default scenario, seed 'test'."""
    return Game()


@pytest.fixture
def script(monkeypatch: pytest.MonkeyPatch) -> Script:
    """Scripted dice: ``script.add(purpose, [values], ...)``; other rolls stay random."""
    return Script(monkeypatch)


@pytest.fixture
def fix_dice(monkeypatch):
    """``fix_dice(purpose, [a, b], ...)``: the next rolls whose purpose contains ``purpose`` show these values (recorded too)."""
    plans: list[tuple[str, list[list[int]]]] = []
    original = Dice.roll

    def roll(self, count, sides, purpose, viewers=("all",)):
        values = original(self, count, sides, purpose, viewers)
        for key, queue in plans:
            if key in purpose and queue:
                values[:] = queue.pop(0)
                self.rolls[-1]["text"] = f"{purpose}: {count}d{sides} -> {', '.join(map(str, values))} (fixed by the test)"
                break
        return values

    monkeypatch.setattr(Dice, "roll", roll)

    def fix(purpose, *values):
        plans.append((purpose, [list(v) for v in values]))
    return fix
