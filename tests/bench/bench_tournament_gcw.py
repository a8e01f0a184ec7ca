"""Bot strength in the GCW campaign: the bot against random legal play, as a table.

Run: .venv/bin/python -m pytest -m bench tests/bench/bench_tournament_gcw.py -s
Each game uses the seed ``tour-<n>`` with the auto-resolver on; the bot takes the Empire on even
seeds and the Rebels on odd ones; the random player is :func:`core.bots.random_orders`. A seat that
has nothing legal left passes; if even that is refused the GM forces the step, as at a deadline.
BENCH_GAMES sets the number of games (default 40). ``test_bench_gcw_bots_mirrored`` lets the same bot
play both sides (seeds ``mirror-<n>``) and tables each side's wins: the side balance of bot play.
"""
from __future__ import annotations

import os
import random
import time

import pytest

from core.bots import random_orders
from core.errors import HolotableError
from core.session import Session

GAMES = int(os.environ.get("BENCH_GAMES", "40"))


def play(seed: int, bot_side: str) -> tuple[tuple[str, ...] | None, int]:
    """One game: (winners or None, final turn)."""
    seats = [("emp", "Empire", bot_side == "Empire"), ("reb", "Rebel", bot_side == "Rebel")]
    session = Session.new("gcw", seats, options={"auto_resolve": True}, seed=f"tour-{seed}")
    rng = random.Random(seed)
    rand = "reb" if bot_side == "Empire" else "emp"
    for _ in range(3000):
        if session.outcome() is not None:
            break
        if rand not in session.awaiting():
            if session.awaiting():
                session.resolve("gm")
            continue
        before = len(session.record["journal"])
        for text in random_orders(session.ruleset, session.state, rand, rng):
            try:
                session.order(rand, rand, text)
            except HolotableError:
                pass
            if rand not in session.awaiting():
                break
        if rand in session.awaiting() and len(session.record["journal"]) == before:
            try:
                session.order(rand, rand, "pass")
            except HolotableError:
                session.resolve("gm")
    outcome = session.outcome()
    return (outcome.winners if outcome else None), session.turn


@pytest.mark.bench
def test_bench_gcw_bot_against_random() -> None:
    """The bot must beat random legal play in at least 90% of seeded games."""
    start = time.perf_counter()
    rows = {"Empire": [0, 0], "Rebel": [0, 0]}
    turns = []
    for seed in range(GAMES):
        side = "Empire" if seed % 2 == 0 else "Rebel"
        winners, turn = play(seed, side)
        rows[side][0] += int(bool(winners) and side in winners)
        rows[side][1] += 1
        turns.append(turn)
    wins = rows["Empire"][0] + rows["Rebel"][0]
    print(f"\n| GCW bot side | games | bot wins | win rate |\n|---|---:|---:|---:|")
    for side, (won, played) in rows.items():
        print(f"| {side} | {played} | {won} | {100 * won / played:.0f}% |")
    print(f"| both | {GAMES} | {wins} | {100 * wins / GAMES:.0f}% |")
    print(f"mean length {sum(turns) / len(turns):.1f} turns; {time.perf_counter() - start:.1f} s")
    assert wins >= 0.9 * GAMES, f"the GCW bot won only {wins} of {GAMES} games against random legal play"


def bot_game(seed: int) -> tuple[tuple[str, ...], dict[str, int], int]:
    """One bot-against-bot game (the same bot on both sides): (winners, final VP, final turn)."""
    from core.rulesets.gcw.resources import final_scores
    session = Session.new("gcw", [("emp", "Empire", True), ("reb", "Rebel", True)], options={"auto_resolve": True},
                          seed=f"mirror-{seed}", secret=f"mirror-secret-{seed}")
    for _ in range(200):
        if session.outcome() is not None:
            break
        before = len(session.record["journal"])
        session._run_bots()
        if len(session.record["journal"]) == before:
            session.resolve("gm")
    outcome = session.outcome()
    return (outcome.winners if outcome else ("unfinished",)), final_scores(session.state), session.turn


@pytest.mark.bench
def test_bench_gcw_bots_mirrored() -> None:
    """Side balance: the same bot plays both sides of GAMES seeded 12-turn campaigns; the table gives each side's wins."""
    start = time.perf_counter()
    wins = {"Empire": 0, "Rebel": 0, "draw": 0, "unfinished": 0}
    vp = {"Empire": 0, "Rebel": 0}
    early = 0
    for seed in range(GAMES):
        winners, scores, turn = bot_game(seed)
        key = winners[0] if winners else "draw"
        wins[key] += 1
        early += int(turn < 12)
        for side in vp:
            vp[side] += scores[side]
    print(f"\n| GCW bot vs bot | games | wins | win rate | mean final VP |\n|---|---:|---:|---:|---:|")
    for side in ("Empire", "Rebel"):
        print(f"| {side} | {GAMES} | {wins[side]} | {100 * wins[side] / GAMES:.0f}% | {vp[side] / GAMES:.0f} |")
    print(f"| draw | {GAMES} | {wins['draw']} | {100 * wins['draw'] / GAMES:.0f}% | |")
    print(f"{early} games ended before turn 12; {wins['unfinished']} unfinished; {time.perf_counter() - start:.1f} s")
    assert wins["unfinished"] == 0, "every bot game ends"
