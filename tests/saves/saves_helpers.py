"""Helpers for the saves tests (imported by name; pytest does not collect this file)."""
from __future__ import annotations

import hashlib
from pathlib import Path

from core.registry import find_ruleset
from core.session import Session

NAMES = ["al", "bo", "cy", "di", "ed", "fa", "gi", "ha", "io", "ju", "ka", "lu"]
FIXTURES = Path(__file__).parent / "fixtures"


def bot_seats(ruleset_id: str, count: int | None = None, bots: bool = True) -> list[tuple[str, str, bool]]:
    """``count`` seats (default the ruleset's minimum) dealt round its sides."""
    ruleset = find_ruleset(ruleset_id)
    sides = ruleset.sides()
    n = count or max(ruleset.min_seats, len(sides))
    return [(NAMES[i], sides[i % len(sides)], bots) for i in range(n)]


def raw_table(seed: str = "t1") -> Session:
    """A Republic at War game: al (GAR) and bo (CIS) are human, four bots fill the rest."""
    seats = [(name, side, name not in ("al", "bo")) for name, side, _ in bot_seats("raw", 6)]
    return Session.new("raw", seats, seed=seed)


def digest(path: Path) -> str:
    """The SHA-256 of a file's bytes (for 'left untouched byte for byte')."""
    return hashlib.sha256(path.read_bytes()).hexdigest()
