"""Grid geometry speed for Twilight of the Empire: every legal move and every legal shot of 300 units
on the space-ground grid, as a bot or the order line's completion asks for them each post.

Run: .venv/bin/python -m pytest -m bench tests/bench/bench_tote_grid.py -s
Also runs as a script: .venv/bin/python tests/bench/bench_tote_grid.py

Prints a table of milliseconds per pass (best of 5) for ``movement.legal_moves`` over 300 units and
``grid.fire_targets`` from each of their spaces.
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from core.rulesets.tote.rules import data, grid  # noqa: E402
from core.rulesets.tote.battle import movement as mv  # noqa: E402

UNITS = 300
ROUNDS = 5


def _units() -> list[tuple[dict, mv.Mover]]:
    types = [t for t in data.unit_types().values() if t.speed > 0]
    ids = grid.spaces()
    out = []
    for i in range(UNITS):
        m = mv.mover_of(types[i % len(types)])
        out.append(({"id": f"U{i}", "space": ids[(i * 7) % len(ids)], "mp": mv.round_mp(m.speed),
                     "moved": False, "acted": []}, m))
    return out


def _best(fn) -> float:
    best = float("inf")
    for _ in range(ROUNDS):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best * 1000


def table() -> str:
    """The benchmark table (milliseconds per pass over all units)."""
    units = _units()
    moves = _best(lambda: [mv.legal_moves(u, m) for u, m in units])
    shots = _best(lambda: [grid.fire_targets(m.cls, u["space"]) for u, m in units])
    rows = [("legal_moves, 300 units", moves), ("fire_targets, 300 units", shots)]
    return "\n".join(["| pass | ms (best of 5) |", "|---|---|"] + [f"| {a} | {b:.1f} |" for a, b in rows])


@pytest.mark.bench
def test_bench_tote_grid() -> None:
    """Prints the table; asserts only that every unit found somewhere to go or to shoot."""
    print("\n" + table())
    assert all(mv.legal_moves(u, m) or grid.fire_targets(m.cls, u["space"]) for u, m in _units())


if __name__ == "__main__":
    print(table())
