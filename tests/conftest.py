"""Fixtures shared by every rule system's tests: scripted dice; the ``--update-goldens`` option."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import golden_files
from core.dice import Dice
from core.dice_words import count_words


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(golden_files.UPDATE_OPTION, action="store_true",
                     help="rewrite the pinned golden files from this run instead of comparing with them (review the diff)")


def pytest_configure(config: pytest.Config) -> None:
    golden_files.update_requested = bool(config.getoption(golden_files.UPDATE_OPTION))


@pytest.fixture
def fix_dice(monkeypatch: pytest.MonkeyPatch) -> Callable[..., None]:
    """``fix_dice(purpose, [a, b], ...)``: the next rolls whose purpose contains ``purpose`` show these
    values, one list per roll, recorded in the dice's log as fixed by the test. A list of the wrong
    length fails the test, naming the roll."""
    plans: list[tuple[str, list[list[int]]]] = []
    original = Dice.roll

    def roll(self: Dice, count: int, sides: int, purpose: str, viewers: Any = ("all",), why: Any = None) -> list[int]:
        values = original(self, count, sides, purpose, viewers, why)
        for key, queue in plans:
            if key in purpose and queue:
                wanted = queue.pop(0)
                assert len(wanted) == count, f"the test scripted {len(wanted)} dice for {purpose!r}, the engine rolls {count}"
                values[:] = wanted
                record = self.rolls[-1]
                if isinstance(record.get("data"), dict) and "values" in record["data"]:
                    record["data"]["values"] = list(wanted)
                record["text"] = f"{purpose}: {count_words(record['data'])} -> {', '.join(map(str, wanted))} (fixed by the test)"
                break
        return values

    monkeypatch.setattr(Dice, "roll", roll)

    def fix(purpose: str, *values: list[int]) -> None:
        plans.append((purpose, [list(v) for v in values]))
    return fix
