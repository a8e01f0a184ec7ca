"""The ``game`` fixture for Republic at War rule tests; the helpers live in raw_helpers."""
from __future__ import annotations

import pytest

from raw_helpers import Game, Script


@pytest.fixture
def game() -> Game:
    """A fresh 6-seat game at turn 1, default scenario, seed 'test'."""
    return Game()


@pytest.fixture
def script(monkeypatch: pytest.MonkeyPatch) -> Script:
    """Scripted dice: ``script.add(purpose, [values], ...)``; other rolls stay random."""
    return Script(monkeypatch)
