"""Shared fixtures for the saves tests: a store in a temporary directory, and seeded games."""
from __future__ import annotations

from pathlib import Path
from typing import Callable, Iterator

import pytest

from core.session import Session
from saves import GameStore
from saves_helpers import raw_table


@pytest.fixture
def store(tmp_path: Path) -> Iterator[GameStore]:
    """A store in a fresh data directory; every game opened through it is closed afterwards."""
    games = GameStore(tmp_path / "data")
    yield games
    try:
        games.close()
    except Exception:
        pass


@pytest.fixture
def table() -> Callable[..., Session]:
    """Make a Republic at War game with two human seats (al, bo)."""
    return raw_table
