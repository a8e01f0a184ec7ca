"""Bot tournaments with default options, every system of :data:`tournament_entries.ENTRIES` (issue 31).

Run: make bench (or .venv/bin/python -m pytest -m bench tests/bench/bench_tournaments.py -s).
Per system it prints the games, what ended them, median and max turns, and win rates with 95 %
Wilson intervals (bot against random legal play by side, bot against bot by side and seat order,
``hard`` against ``normal`` where a system has levels); see :mod:`tournament`. BENCH_GAMES sets the
games per match.
"""
from __future__ import annotations

import pytest

from tournament import GAMES, UNFINISHED, table, tournament, wilson
from tournament_entries import ENTRIES


@pytest.mark.bench
@pytest.mark.parametrize("system", sorted(ENTRIES))
def test_bench_tournament(system: str) -> None:
    """Every all-bot game ends by the rules; the bot beats random legal play in at least 90 % of games."""
    entry = ENTRIES[system]
    played = tournament(entry, GAMES)
    print("\n" + table(entry, played))
    unfinished = [p.seed for p in played if p.result.ending == UNFINISHED and "random" not in p.players.values()]
    assert not unfinished, f"{system}: all-bot games that never ended: {unfinished}"
    against = [p for p in played if p.match.kind == "random"]
    wins = sum(1 for p in against if any(p.players[s] != "random" and s in p.result.winners for s in entry.sides))
    low, high = wilson(wins, len(against))
    assert wins >= 0.9 * len(against), (f"{system}: the bot beat random legal play in {wins} of {len(against)} games "
                                        f"(95 % interval {100 * low:.0f}-{100 * high:.0f} %)")
