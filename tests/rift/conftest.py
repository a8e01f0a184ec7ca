"""Fixtures for RiftWar rule tests: scripted dice."""
from __future__ import annotations

import pytest

from core.dice import Dice


@pytest.fixture
def fix_dice(monkeypatch: pytest.MonkeyPatch):
    """``fix_dice(purpose, [values], ...)``: the next rolls whose purpose contains ``purpose`` show these values."""
    plans: list[tuple[str, list[list[int]]]] = []
    original = Dice.roll

    def roll(self, count, sides, purpose, viewers=("all",)):
        values = original(self, count, sides, purpose, viewers)
        for key, queue in plans:
            if key in purpose and queue:
                wanted = queue.pop(0)
                assert len(wanted) == count, f"the test scripted {len(wanted)} dice for {purpose!r}, the engine rolls {count}"
                values[:] = wanted
                self.rolls[-1]["data"]["values"] = list(wanted)
                self.rolls[-1]["text"] = f"{purpose}: {count}d{sides} -> {', '.join(map(str, wanted))} (fixed by the test)"
                break
        return values

    monkeypatch.setattr(Dice, "roll", roll)

    def fix(purpose: str, *values: list[int]) -> None:
        plans.append((purpose, [list(v) for v in values]))
    return fix
