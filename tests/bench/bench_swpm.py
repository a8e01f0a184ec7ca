"""Pocket Models bot strength and balance, as tables.

Run: .venv/bin/python -m pytest -m bench tests/bench/bench_swpm.py -s
- The bot against random legal play (:func:`core.bots.random_orders`), seats and starter lists
  rotated over the seeds ``swpm-tour-<n>``.
- Bot against bot over every pairing of the starter lists: the first player's win rate (the
  balance of the original data), and each list's results.
BENCH_GAMES sets the number of games of each table (default 36).
"""
from __future__ import annotations

import os
import random
import time
from itertools import product

import pytest

from core.bots import random_orders
from core.errors import HolotableError
from core.rulesets.swpm.data import rules
from core.session import Session

GAMES = int(os.environ.get("BENCH_GAMES", "36"))
STARTERS = list(rules().starters)


def play(seed: str, lists: tuple[str, str], random_seat: str | None, rng: random.Random) -> Session:
    """One game; ``random_seat`` plays random legal orders, the other seats play the bot."""
    session = Session.new("swpm", [("p1", "P1", False), ("p2", "P2", False)], seed=seed)
    for seat, tag in zip(("p1", "p2"), lists):
        session.order(seat, seat, f"fleet {tag}")
    for _ in range(4000):
        if session.outcome() is not None:
            break
        seat = sorted(session.awaiting())[0]
        before = len(session.record["journal"])
        if seat == random_seat and session.state["phase"] != "setup":
            orders = random_orders(session.ruleset, session.state, seat, rng)
        else:
            orders = session.ruleset.bot(session.view(seat), seat)
        for text in orders:
            try:
                session.order(seat, seat, text)
            except HolotableError:
                continue
            if seat not in session.awaiting():
                break
        if len(session.record["journal"]) == before:
            session.resolve("gm")
    return session


def winner_seat(session: Session) -> str | None:
    outcome = session.outcome()
    if outcome is None or not outcome.winners:
        return None
    return "p1" if outcome.winners[0] == "P1" else "p2"


@pytest.mark.bench
def test_bench_swpm_bot_against_random() -> None:
    """The bot must beat random legal play in at least 90% of seeded games."""
    start = time.perf_counter()
    wins = draws = 0
    turns = []
    for n in range(GAMES):
        rand = "p2" if n % 2 == 0 else "p1"
        lists = (STARTERS[n % 3], STARTERS[(n // 3 + 1) % 3])
        session = play(f"swpm-tour-{n}", lists, rand, random.Random(n))
        w = winner_seat(session)
        wins += int(w is not None and w != rand)
        draws += int(session.outcome() is not None and w is None)
        turns.append(session.turn)
    print("\n| swpm | games | bot wins | draws | win rate |\n|---|---:|---:|---:|---:|")
    print(f"| bot vs random | {GAMES} | {wins} | {draws} | {100 * wins / GAMES:.0f}% |")
    print(f"mean length {sum(turns) / len(turns):.1f} turns; {time.perf_counter() - start:.1f} s")
    assert wins >= 0.9 * GAMES, f"the swpm bot won only {wins} of {GAMES} games against random legal play"


@pytest.mark.bench
def test_bench_swpm_first_player_bot_against_bot() -> None:
    """Bot against bot over all starter pairings: first-player and per-list win rates."""
    start = time.perf_counter()
    pairs = list(product(STARTERS, repeat=2))
    first_wins = decided = draws = 0
    by_list = {t: [0, 0] for t in STARTERS}
    turns = []
    for n in range(GAMES):
        lists = pairs[n % len(pairs)]
        session = play(f"swpm-bvb-{n}", lists, None, random.Random(n))
        w = winner_seat(session)
        turns.append(session.turn)
        if w is None:
            draws += 1
            continue
        decided += 1
        first_wins += int(w == session.state["first"])
        for seat, tag in zip(("p1", "p2"), lists):
            by_list[tag][1] += 1
            by_list[tag][0] += int(w == seat)
    print(f"\n| bot vs bot | games | decided | draws | first player wins | first-player win rate |\n|---|---:|---:|---:|---:|---:|")
    print(f"| all pairings | {GAMES} | {decided} | {draws} | {first_wins} | {100 * first_wins / max(1, decided):.0f}% |")
    print("\n| starter list | games | wins | win rate |\n|---|---:|---:|---:|")
    for tag, (won, played) in by_list.items():
        print(f"| {tag} | {played} | {won} | {100 * won / max(1, played):.0f}% |")
    print(f"mean length {sum(turns) / len(turns):.1f} turns; {time.perf_counter() - start:.1f} s")
    assert decided + draws == GAMES
