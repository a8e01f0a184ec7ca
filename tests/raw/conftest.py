"""The ``game`` fixture for Republic at War rule tests; the helpers live in raw_helpers."""
from __future__ import annotations

import pytest

from raw_helpers import Game


@pytest.fixture
def game() -> Game:
    """A fresh 6-seat game at turn 1, default scenario, seed 'test'."""
    return Game()
