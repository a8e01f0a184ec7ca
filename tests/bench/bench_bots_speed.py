"""Bot speed: a 12-seat Republic at War game, every seat a bot, played for 30 turns through the session.

Run: make bench   (or .venv/bin/python -m pytest -m bench tests/bench/bench_bots_speed.py -s)
Also runs as a script: .venv/bin/python tests/bench/bench_bots_speed.py [turns] [--profile]

The game is driven the way a table of bots is: ``Session.new`` with every seat a bot (they order as
soon as they are awaited), then the GM resolves each turn. The table splits the time into the bots
choosing orders (``play`` on each seat's view), the session submitting them (parse, the trial
copy of the order keys, the checks), and resolution. The target is under 10 seconds for 30 turns.
"""
from __future__ import annotations

import cProfile
import io
import os
import pstats
import sys
import time
from pathlib import Path

import pytest

if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from core.registry import find_ruleset  # noqa: E402
from core.rulesets.raw import bot as raw_bot  # noqa: E402
from core.session import Session  # noqa: E402

RULES = find_ruleset("raw")
TURNS = int(os.environ.get("BENCH_TURNS", "30"))
SEATS = [(name, "GAR" if i % 2 == 0 else "CIS", True)
         for i, name in enumerate(["al", "bo", "cy", "di", "ed", "fa", "gi", "hu", "ik", "jo", "ke", "lu"])]
TARGET_SECONDS = 10.0


class Clock:
    """Wall time spent in the bots and in resolution (the rest of the loop is the session submitting orders)."""

    def __init__(self) -> None:
        self.bots = 0.0
        self.resolve = 0.0
        self.orders = 0
        self._bot = raw_bot.play
        self._resolve = type(RULES).resolve

    def __enter__(self) -> "Clock":
        clock = self

        def timed_bot(view, seat, level=None):
            start = time.perf_counter()
            orders = clock._bot(view, seat, level)
            clock.bots += time.perf_counter() - start
            clock.orders += len(orders)
            return orders

        def timed_resolve(ruleset, state):
            start = time.perf_counter()
            try:
                return clock._resolve(ruleset, state)
            finally:
                clock.resolve += time.perf_counter() - start

        raw_bot.play = timed_bot
        type(RULES).resolve = timed_resolve
        return self

    def __exit__(self, *exc: object) -> None:
        raw_bot.play = self._bot
        type(RULES).resolve = self._resolve


def play(turns: int = TURNS, seed: str = "bench-bots") -> tuple[Session, float, float, Clock]:
    """Play ``turns`` turns of a 12-bot game; returns (session, wall seconds, CPU seconds, clock)."""
    with Clock() as clock:
        start, cpu = time.perf_counter(), time.process_time()
        session = Session.new("raw", SEATS, seed=seed)
        for _ in range(turns):
            if session.outcome() is not None:
                break
            session.resolve("gm")
        return session, time.perf_counter() - start, time.process_time() - cpu, clock


def report(session: Session, wall: float, cpu: float, clock: Clock, turns: int) -> str:
    state = session.state
    units = len(state["units"])
    held = {side: sum(1 for p in state["planets"].values() if p["owner"] and state["seats"][p["owner"]]["side"] == side)
            for side in ("GAR", "CIS")}
    outcome = session.outcome()
    rows = ["| seats | turns played | wall s | CPU s | bots s | resolution s | session (orders) s | orders | units at end | planets GAR/CIS | VP GAR/CIS | outcome |",
            "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|---|",
            f"| {len(SEATS)} | {state['turn'] - 1} of {turns} | {wall:.2f} | {cpu:.2f} | {clock.bots:.2f} | {clock.resolve:.2f} | "
            f"{wall - clock.bots - clock.resolve:.2f} | {clock.orders} | {units} | {held['GAR']}/{held['CIS']} | "
            f"{state['vp']['GAR']}/{state['vp']['CIS']} | {outcome.reason if outcome else 'going on'} |"]
    return "\n".join(rows)


@pytest.mark.bench
def test_bench_twelve_bots_thirty_turns() -> None:
    """12 bots, 30 turns, under 10 seconds of CPU (wall time is shown too; a busy machine inflates it)."""
    session, wall, cpu, clock = play()
    print(f"\nRepublic at War, 12 bots (normal), {TURNS} turns")
    print(report(session, wall, cpu, clock, TURNS))
    assert session.turn > TURNS or session.outcome() is not None
    assert cpu < TARGET_SECONDS, f"12 bots took {cpu:.1f} s of CPU for {TURNS} turns (target {TARGET_SECONDS:.0f} s)"


if __name__ == "__main__":
    turns = int(next((a for a in sys.argv[1:] if a.isdigit()), TURNS))
    if "--profile" in sys.argv:
        profiler = cProfile.Profile()
        profiler.enable()
        session, wall, cpu, clock = play(turns)
        profiler.disable()
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(25)
        print(out.getvalue())
    else:
        session, wall, cpu, clock = play(turns)
    print(report(session, wall, cpu, clock, turns))
