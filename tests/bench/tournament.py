"""Bot tournaments for every rule system, with default options: who wins, how games end, how long they last.

One shared harness, one :class:`Entry` per system (``ENTRIES``; tournaments are added in
:mod:`tournament_entries`). An entry knows how to set a game up for some players (``random`` is
:func:`core.bots.random_orders`, random legal play; ``bot`` or a level name is the system's bot) and
how to play it to its end, or to a safety cap of turns that only a game that never ends reaches.
Every game is seeded (``<system>-<match>-<n>``), so a table replays exactly.

Per system the table gives: games, what ended them, median and max turns, and win rates with 95 %
Wilson intervals, for the bot against random play (by the bot's side), bot against bot by side and
by seat order, and where a system has levels ``hard`` against ``normal`` head to head.

Run: ``make bench`` (pytest -m bench tests/bench -s), or as a script:
``.venv/bin/python tests/bench/tournament.py [system ...]``. Environment: BENCH_GAMES (games per
match, default 12), BENCH_WORKERS (processes, default up to 2).
"""
from __future__ import annotations

import math
import os
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

if __name__ == "__main__":  # run as a script from anywhere
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    sys.path.insert(0, str(Path(__file__).resolve().parent))

GAMES = int(os.environ.get("BENCH_GAMES", "12"))
WORKERS = int(os.environ.get("BENCH_WORKERS", str(max(1, min(2, os.cpu_count() or 1)))))
UNFINISHED = "unfinished (bench cap)"


@dataclass(frozen=True)
class Result:
    """One finished (or capped) game: the winning sides, the last turn and what ended it."""

    winners: tuple[str, ...]
    turn: int
    ending: str
    forced: int = 0       # steps the GM had to force because no seat took them


@dataclass(frozen=True)
class Match:
    """A series of games between two players. ``kind``: ``random`` (a against random play), ``mirror``
    (a against b by side), ``order`` (a against b by seat order) or ``levels`` (a level against another)."""

    kind: str
    a: str
    b: str
    games: int


@dataclass(frozen=True)
class Entry:
    """One system's tournament.

    ``play(seed, players, first)`` plays one game: ``players`` maps each side to ``random``, ``bot``
    or a level; ``first`` is the side whose seat comes first at the table. It returns a :class:`Result`.
    """

    system: str
    sides: tuple[str, str]
    play: Callable[[str, dict[str, str], str], Result]
    matches: Callable[[int], list[Match]]


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate (``z`` = 1.96)."""
    if games <= 0:
        return 0.0, 1.0
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def rate(wins: int, games: int) -> str:
    """``7/10 70 % [40-89]``: wins, rate and its 95 % Wilson interval."""
    lo, hi = wilson(wins, games)
    return f"{wins}/{games} {100 * wins / max(1, games):.0f} % [{100 * lo:.0f}-{100 * hi:.0f}]"


@dataclass
class Played:
    """A game of a match, with who had which side."""

    match: Match
    seed: str
    players: dict[str, str]
    first: str
    result: Result
    seconds: float


def jobs_of(entry: Entry, match: Match) -> list[tuple[str, str, dict[str, str], str]]:
    """(system, seed, players by side, first side) for every game of a match: sides alternate game by game,
    and in ``order`` matches so does the side seated first."""
    a_side, b_side = entry.sides
    out = []
    for n in range(match.games):
        a_plays = a_side if n % 2 == 0 else b_side
        players = {a_plays: match.a, (b_side if a_plays == a_side else a_side): match.b}
        first = entry.sides[(n // 2) % 2] if match.kind == "order" else entry.sides[0]
        out.append((entry.system, f"{entry.system}-{match.kind}-{match.a}-{match.b}-{n}", players, first))
    return out


def _run(job: tuple[str, str, dict[str, str], str]) -> tuple[Result, float]:
    from tournament_entries import ENTRIES
    system, seed, players, first = job
    start = time.perf_counter()
    result = ENTRIES[system].play(seed, players, first)
    return result, time.perf_counter() - start


def tournament(entry: Entry, games: int = GAMES, workers: int = WORKERS) -> list[Played]:
    """Play every match of an entry (in parallel processes when workers > 1)."""
    plan = [(m, job) for m in entry.matches(games) for job in jobs_of(entry, m)]
    jobs = [job for _, job in plan]
    if workers > 1:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            results = list(pool.map(_run, jobs))
    else:
        results = [_run(job) for job in jobs]
    return [Played(m, job[1], job[2], job[3], res, secs) for (m, job), (res, secs) in zip(plan, results)]


def table(entry: Entry, played: list[Played]) -> str:
    """The system's tables: how games ended and how long they lasted, then the win rates."""
    a_side, b_side = entry.sides
    turns = [p.result.turn for p in played]
    endings = Counter(p.result.ending for p in played)
    title = (f"## {entry.system}: {len(played)} games, median {statistics.median(turns) if turns else 0:g} turns, "
             f"max {max(turns, default=0)}, {sum(p.seconds for p in played) / max(1, len(played)):.1f} s a game, "
             f"{sum(p.result.forced for p in played)} steps forced by the GM")
    lines = [title, "", "| ended by | games |", "|---|---:|"]
    lines += [f"| {why} | {n} |" for why, n in endings.most_common()]
    header = ("| match | games | median turns | max turns | endings | A wins (95 % interval) | A wins as "
              f"{a_side} | A wins as {b_side} | {a_side} wins | {b_side} wins | first seat wins | draws or unfinished |")
    lines += ["", header, "|---|---:|---:|---:|---|---|---|---|---|---|---|---:|"]
    for match in dict.fromkeys(p.match for p in played):
        games = [p for p in played if p.match == match]
        mt = [p.result.turn for p in games]
        a_won = [p for p in games if any(match.a == p.players.get(s) and s in p.result.winners for s in entry.sides)]
        if match.a == match.b:  # a mirror: 'A' is whoever had the first side of the pair
            a_won = [p for p in games if a_side in p.result.winners]
        by_side = {s: [p for p in games if p.players[s] == match.a] for s in entry.sides}
        side_rates = [rate(sum(1 for p in by_side[s] if s in p.result.winners), len(by_side[s])) for s in entry.sides]
        side_wins = [rate(sum(1 for p in games if s in p.result.winners), len(games)) for s in entry.sides]
        first = rate(sum(1 for p in games if p.first in p.result.winners), len(games))
        ends = ", ".join(f"{why} {n}" for why, n in Counter(p.result.ending for p in games).most_common())
        undecided = sum(1 for p in games if not p.result.winners)
        lines.append(f"| {match.kind}: {match.a} v {match.b} | {len(games)} | {statistics.median(mt):g} | {max(mt)} | {ends} | "
                     f"{rate(len(a_won), len(games))} | {side_rates[0]} | {side_rates[1]} | {side_wins[0]} | {side_wins[1]} | "
                     f"{first} | {undecided} |")
    return "\n".join(lines)


def run(systems: list[str], games: int = GAMES) -> dict[str, list[Played]]:
    """Play and print the tournaments of ``systems``; returns the games played per system."""
    from tournament_entries import ENTRIES
    out = {}
    for system in systems:
        start = time.perf_counter()
        played = tournament(ENTRIES[system], games)
        print(f"\n{table(ENTRIES[system], played)}\n({time.perf_counter() - start:.0f} s with {WORKERS} process(es))", flush=True)
        out[system] = played
    return out


if __name__ == "__main__":
    from tournament_entries import ENTRIES
    run(sys.argv[1:] or list(ENTRIES))
