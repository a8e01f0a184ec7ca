"""The scripted-dice fixture of the Pocket Models tests."""
from __future__ import annotations

import pytest

from core.dice import Dice


@pytest.fixture
def fix_dice(monkeypatch):
    """``fix_dice(purpose, [a, b], ...)``: the next rolls whose purpose contains ``purpose`` show these values."""
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
