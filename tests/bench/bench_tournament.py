"""Bot strength: a tournament of seeded Republic at War games, printed as a table of win rates.

Run: make bench   (or .venv/bin/python -m pytest -m bench tests/bench/bench_tournament.py -s)
Also runs as a script: .venv/bin/python tests/bench/bench_tournament.py [games] [a:b ...]

Each match plays the same seeds (``tour-0``, ``tour-1``, ...) with 6 seats (3 against 3, the
smallest table the rules allow) to the end: 10 VP, a concession, or a GM's turn limit of 60
(options ``turn_limit=60, turn_limit_ends=vp``: the text has none), where the team ahead in VP wins. Player A takes GAR on even seeds and CIS on odd ones, so neither side's
start decides the table. ``random`` is :func:`core.bots.random_orders` (random legal play); the
levels are :func:`core.rulesets.raw.bot.play` ``easy``, ``normal`` and ``hard``. Refusals
count orders the engine turned down at submission (random play submits only orders it checked).

Environment: BENCH_GAMES (games per match, default 20), BENCH_SEATS (6), BENCH_WORKERS (processes),
BENCH_OPTIONS (game options as JSON, e.g. '{"clone_cost": 8}' for the README's balance option).
"""
from __future__ import annotations

import json
import os
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import pytest

if __name__ == "__main__":  # run as a script from anywhere
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from core.bots import random_orders  # noqa: E402
from core.errors import HolotableError  # noqa: E402
from core.registry import find_ruleset  # noqa: E402
from core.rulesets.raw.bot import play as bot_orders  # noqa: E402
from core.session import Session  # noqa: E402

RULES = find_ruleset("raw")
GAMES = int(os.environ.get("BENCH_GAMES", "20"))
SEATS = int(os.environ.get("BENCH_SEATS", "6"))
OPTIONS = json.loads(os.environ.get("BENCH_OPTIONS", "{}"))
WORKERS = int(os.environ.get("BENCH_WORKERS", str(max(1, min(4, os.cpu_count() or 1)))))
# the last match is a mirror: its "A wins as GAR/CIS" columns show how much the faction itself weighs
MATCHES = [("hard", "random"), ("normal", "random"), ("easy", "random"), ("normal", "easy"), ("hard", "normal"), ("normal", "normal")]


@dataclass
class Game:
    """One finished game."""

    seed: int
    a_side: str
    winners: tuple[str, ...]
    turn: int
    vp: dict[str, int]
    reason: str
    seconds: float
    refused: dict[str, int] = field(default_factory=dict)


def play(seed: int, gar: str, cis: str, seats: int = SEATS) -> tuple[tuple[str, ...], int, dict[str, int], str, dict[str, int]]:
    """Play one seeded game to its end: (winning sides, last turn, VP, reason, refusals per side)."""
    names = [f"p{i}" for i in range(seats)]
    table = [(n, "GAR" if i % 2 == 0 else "CIS") for i, n in enumerate(names)]
    session = Session.new("raw", table, seed=f"tour-{seed}", options={"min_players": 2, "turn_limit": 60, "turn_limit_ends": "vp", **OPTIONS})
    rngs = {n: random.Random(f"tour-{seed}-{n}") for n in names}
    refused = {"GAR": 0, "CIS": 0}
    while session.outcome() is None:
        for name, side in table:
            player = gar if side == "GAR" else cis
            if player == "random":
                orders = random_orders(RULES, session.state, name, rngs[name])
            else:
                orders = bot_orders(RULES.view(session.state, name), name, player)
            for text in orders:
                try:
                    session.order(name, name, text)
                except HolotableError:
                    refused[side] += 1
        session.resolve("gm")
    outcome = session.outcome()
    assert outcome is not None
    return outcome.winners, session.turn, dict(session.state["vp"]), outcome.reason, refused


def _one(job: tuple[str, str, int]) -> Game:
    a, b, seed = job
    a_side = "GAR" if seed % 2 == 0 else "CIS"
    gar, cis = (a, b) if a_side == "GAR" else (b, a)
    start = time.perf_counter()
    winners, turn, vp, reason, refused = play(seed, gar, cis)
    return Game(seed, a_side, tuple(winners), turn, vp, reason, time.perf_counter() - start, refused)


@dataclass
class Row:
    """One match's results."""

    a: str
    b: str
    games: list[Game]

    def wins(self, who: str) -> int:
        return sum(1 for g in self.games if g.winners and ((g.a_side in g.winners) == (who == "a")))

    @property
    def draws(self) -> int:
        return sum(1 for g in self.games if not g.winners)

    def wins_as(self, side: str) -> str:
        """A's record with ``side``: wins of games played."""
        games = [g for g in self.games if g.a_side == side]
        return f"{sum(1 for g in games if side in g.winners)}/{len(games)}"

    def side_wins(self, side: str) -> int:
        """Games won by ``side``, whoever played it (the mirror match shows what the faction itself weighs)."""
        return sum(1 for g in self.games if side in g.winners)

    def rate(self) -> float:
        return self.wins("a") / max(1, len(self.games))

    def early(self) -> int:
        """Games decided before the turn limit (10 VP or a concession)."""
        return sum(1 for g in self.games if "turn limit" not in g.reason)

    def refusals(self, who: str) -> int:
        total = 0
        for g in self.games:
            side = g.a_side if who == "a" else ("CIS" if g.a_side == "GAR" else "GAR")
            total += g.refused.get(side, 0)
        return total


def tournament(matches: list[tuple[str, str]], games: int, workers: int = WORKERS) -> list[Row]:
    """Play every match over seeds 0..games-1 (in parallel processes when workers > 1)."""
    jobs = [(a, b, seed) for a, b in matches for seed in range(games)]
    if workers > 1:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            results = list(pool.map(_one, jobs))
    else:
        results = [_one(job) for job in jobs]
    rows = []
    for a, b in matches:
        rows.append(Row(a, b, [g for (ja, jb, _), g in zip(jobs, results) if (ja, jb) == (a, b)]))
    return rows


def table(rows: list[Row]) -> str:
    lines = ["| A | B | games | A wins | B wins | draws | A win rate | A wins as GAR | A wins as CIS | GAR wins | CIS wins | ended before turn 60 | mean last turn | A refusals | B refusals | s/game |",
             "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for r in rows:
        n = len(r.games)
        mean_turn = sum(g.turn for g in r.games) / max(1, n)
        secs = sum(g.seconds for g in r.games) / max(1, n)
        lines.append(f"| {r.a} | {r.b} | {n} | {r.wins('a')} | {r.wins('b')} | {r.draws} | {100 * r.rate():.0f}% | "
                     f"{r.wins_as('GAR')} | {r.wins_as('CIS')} | {r.side_wins('GAR')} | {r.side_wins('CIS')} | "
                     f"{r.early()} | {mean_turn:.1f} | {r.refusals('a')} | {r.refusals('b')} | {secs:.1f} |")
    return "\n".join(lines)


@pytest.mark.bench
def test_bench_tournament() -> None:
    """The better bot beats random legal play in at least 90% of seeded games; each level beats the one below."""
    start = time.perf_counter()
    rows = tournament(MATCHES, GAMES)
    print(f"\nRepublic at War bot tournament: {SEATS} seats, {GAMES} seeded games per match, "
          f"{time.perf_counter() - start:.0f} s with {WORKERS} process(es)")
    print(table(rows))
    best = max((r for r in rows if r.b == "random"), key=lambda r: r.rate())
    assert best.rate() >= 0.9, f"{best.a} beat random legal play in only {best.wins('a')} of {len(best.games)} games"
    for r in rows:
        if r.b != "random" and r.a != "random":
            assert r.refusals("a") == 0 and r.refusals("b") == 0, f"{r.a} vs {r.b}: bot orders were refused"


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else GAMES
    chosen = [tuple(m.split(":")) for m in sys.argv[2:]] or MATCHES
    t0 = time.perf_counter()
    result = tournament(chosen, count)  # type: ignore[arg-type]
    print(table(result))
    print(f"{time.perf_counter() - t0:.0f} s")
