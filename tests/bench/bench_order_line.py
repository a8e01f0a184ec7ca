"""What the order line asks the engine at each key (issue 13/14): completion, odds and the verbs of the
seat, for lines a player types in Republic at War and GCW; and the first (uncached) exact odds of an
auto-resolved GCW battle, which the line asks for once the move is typed in full.

Run: .venv/bin/python -m pytest -m bench tests/bench/bench_order_line.py -s
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "gcw"))

from core.rulesets.gcw import odds as gcw_odds  # noqa: E402
from core.session import Session  # noqa: E402
from tui.bridge import SessionAdvisor  # noqa: E402

RAW_LINES = ["b", "bu", "build ", "build Cor", "build Coruscant ", "build Coruscant V", "build Coruscant Vc1",
             "surge Coruscant Kamino,Bo", "jump ", "assault Raxus", "ally Ryloth", "stance hold "]


def _per_key(advisor: SessionAdvisor, lines: list[str], rounds: int = 50) -> float:
    start = time.perf_counter()
    for _ in range(rounds):
        for line in lines:
            advisor.complete(line)
            advisor.odds(line)
            advisor.verbs()
    return (time.perf_counter() - start) / (rounds * len(lines)) * 1000


@pytest.mark.bench
def test_bench_order_line_per_key() -> None:
    raw = Session.new("raw", [("al", "GAR"), ("bo", "CIS"), ("cy", "GAR"), ("di", "CIS")], options={"min_players": 2}, seed="bench")
    import gcw_helpers as g
    battle = g.moving("bench", auto_resolve=True)
    g.give_action(battle, "Empire")
    rows = [("RAW, 12 lines", f"{_per_key(SessionAdvisor(raw, 'al'), RAW_LINES):.3f} ms")]
    gcw_odds._losses.cache_clear()
    start = time.perf_counter()
    odds = g.R.odds(battle, "ann", "move Aurek Yavin IV")
    first = time.perf_counter() - start
    start = time.perf_counter()
    g.R.odds(battle, "ann", "move Aurek Yavin IV")
    again = time.perf_counter() - start
    rows += [("GCW auto-resolved battle 175 v 172, first", f"{first * 1000:.0f} ms ({len(odds.rows)} rows)"),
             ("GCW the same, asked again (cached)", f"{again * 1000:.2f} ms")]
    print("\n| order line: engine time | per call |\n|---|---|")
    for what, value in rows:
        print(f"| {what} | {value} |")
    assert odds.total() == 1
