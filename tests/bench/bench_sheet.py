"""What the war room's extras cost per view: the sheet's money and warnings, victory progress and the
urgent line (``Ruleset.presentation``), against the ruleset's own view, for a Republic at War seat with
a busy sheet (12 seats, the bots' first-turn orders) and for the GCW campaign.

Run: make bench   (or .venv/bin/python -m pytest -m bench tests/bench/bench_sheet.py -s)
Also runs as a script: .venv/bin/python tests/bench/bench_sheet.py
"""
from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any, Callable

import pytest

if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from core.session import Session  # noqa: E402

REPEAT = 200
RAW_SEATS = [(name, "GAR" if i % 2 == 0 else "CIS", i > 0)
             for i, name in enumerate(["al", "bo", "cy", "di", "ed", "fa", "gi", "hu", "ik", "jo", "ke", "lu"])]


def per_call_ms(fn: Callable[[], Any], repeat: int = REPEAT) -> float:
    """Mean wall time of one call, in milliseconds."""
    start = time.perf_counter()
    for _ in range(repeat):
        fn()
    return (time.perf_counter() - start) / repeat * 1000


def busy_raw() -> tuple[Session, str]:
    """A 12-seat game where al's sheet holds the orders the bot would give (the other seats are bots)."""
    session = Session.new("raw", RAW_SEATS, seed="bench-sheet")
    for text in session.ruleset.bot(session.view("al"), "al"):
        try:
            session.order("al", "al", text)
        except Exception:  # noqa: BLE001 - a bot order refused here is simply left out
            pass
    return session, "al"


def table() -> list[tuple[str, int, float, float, float, float]]:
    """(rule system, orders on the sheet, view ms, sheet ms, victory ms, urgent ms) per case."""
    rows = []
    gcw = Session.new("gcw", [("em", "Empire"), ("re", "Rebel")], seed="bench-sheet")
    for name, (session, seat) in (("raw", busy_raw()), ("gcw", (gcw, "em"))):
        rules, state = session.ruleset, session.state
        rows.append((name, len(session.sheet(seat)),
                     per_call_ms(lambda: rules.view(state, seat)),
                     per_call_ms(lambda: rules.sheet_notes(state, seat)),
                     per_call_ms(lambda: rules.victory(state, seat)),
                     per_call_ms(lambda: rules.urgent(state, seat))))
    return rows


def report(rows: list[tuple[str, int, float, float, float, float]]) -> str:
    lines = ["| rule system | orders | view ms | sheet ms | victory ms | urgent ms | extras / view |", "|---|---|---|---|---|---|---|"]
    for name, orders, view, sheet, victory, urgent in rows:
        lines.append(f"| {name} | {orders} | {view:.3f} | {sheet:.3f} | {victory:.3f} | {urgent:.3f} | "
                     f"{(sheet + victory + urgent) / view:.0%} |")
    return "\n".join(lines)


@pytest.mark.bench
def test_bench_sheet_extras() -> None:
    """Prints the table; asserts only that every case was measured."""
    rows = table()
    print("\n" + report(rows))
    assert len(rows) == 2 and all(r[2] > 0 for r in rows)


if __name__ == "__main__":
    print(report(table()))
