"""Benchmark: the time to save one order at turns 1, 50 and 100 of a 12-player Republic at War game.

Run with ``.venv/bin/python -m pytest -m bench tests/bench/bench_saves.py -s``. Eleven bots and
one human seat (al) play; the GM resolves every turn. At each measured turn the game (replayed to
the moment that turn began) is saved as the store saves any game, its closed turns in turn files,
the bots give their orders of the turn (each saved), and then al gives an order and withdraws it,
over and over; the time spent in the save is taken from the store's own write. For
comparison, the table also shows what writing the whole record as one file (schema 1) costs, and
the disk's floor: an atomic write of one byte (temporary file, fsync, rename, directory fsync),
taken beside each sample, so that "save minus floor" (serializing and writing the game file) can
be read apart from a busy disk.
"""
from __future__ import annotations

import os
import statistics
import time
from pathlib import Path
from typing import Any

import pytest

from core.session import Session
from saves import GameStore, atomic_write_text
from saves.store import StoredGame

NAMES = ["al", "bo", "cy", "di", "ed", "fa", "gi", "ha", "io", "ju", "ka", "lu"]
TURNS = (1, 50, 100)
SAMPLES = 40


def timed_saves(game: StoredGame) -> list[float]:
    """Wrap the store's save so every write's duration is recorded."""
    times: list[float] = []
    real = game.save

    def save() -> None:
        start = time.perf_counter()
        real()
        times.append(time.perf_counter() - start)

    game.save = save  # type: ignore[method-assign]
    return times


def measure(game: StoredGame, tmp: Path) -> dict[str, float]:
    session = game.session
    orders = session.ruleset.legal_orders(session.state, "al")
    assert orders, f"al has no legal order in turn {session.turn}"
    saves = timed_saves(game)
    order_saves, calls, floor = [], [], []
    for i in range(SAMPLES):
        start = time.perf_counter()
        atomic_write_text(tmp / "one-byte.json", "1")  # the disk's floor, taken beside each sample
        floor.append(time.perf_counter() - start)
        start = time.perf_counter()
        session.order("al", "al", orders[i % len(orders)])
        calls.append(time.perf_counter() - start)
        order_saves.append(saves[-1])
        session.withdraw("al", "al", len(session.sheet("al")) - 1)
    del game.save  # type: ignore[attr-defined]
    whole = []
    for _ in range(5):
        start = time.perf_counter()
        atomic_write_text(tmp / "whole-record.json", session.to_json())
        whole.append(time.perf_counter() - start)
    above = [s - f for s, f in zip(order_saves, floor)]
    order_saves.sort()
    return {"median": statistics.median(order_saves) * 1000, "p95": order_saves[int(len(order_saves) * 0.95) - 1] * 1000,
            "call": statistics.median(calls) * 1000, "whole": statistics.median(whole) * 1000,
            "floor": statistics.median(floor) * 1000, "above": statistics.median(above) * 1000,
            "kb": game.paths.main.stat().st_size / 1024, "turn_files": len(list(game.paths.turns.glob("*.json")))
            if game.paths.turns.exists() else 0, "record_kb": len(session.to_json()) / 1024}


def played_to(last: int) -> Session:
    """A 12-seat game (al human, eleven bots) the GM resolved to turn ``last``; tries seeds until
    one lasts that long."""
    seats = [(name, ("GAR", "CIS")[i % 2], name != "al") for i, name in enumerate(NAMES)]
    for attempt in range(10):
        session = Session.new("raw", seats, options={"turn_limit": last + 50}, seed=f"bench-12-{attempt}")
        while session.turn < last and session.outcome() is None:
            session.resolve("gm")
        if session.outcome() is None:
            return session
    raise AssertionError(f"no seed of ten gave a game that lasts {last} turns")


def at_turn(record: dict[str, Any], turn: int) -> Session:
    """The game replayed up to the moment ``turn`` began."""
    begun: list[int] = []

    def each(session: Session, entry: dict[str, Any]) -> None:
        if not begun and session.turn >= turn:
            begun.append(len(session.record["journal"]))

    if turn > 1:
        Session.replay(record, each=each)
    return Session.replay(record, upto=begun[0] if begun else 0)


@pytest.mark.bench
def test_bench_save_one_order(tmp_path: Path) -> None:
    started = time.perf_counter()
    whole_game = played_to(max(TURNS))
    store = GameStore(tmp_path / "data")
    rows = {}
    for turn in TURNS:
        session = at_turn(whole_game.record, turn)
        game = store.adopt(session, f"bench-{turn}")  # its closed turns go to turn files, as in play
        session.set_bot("gm", "al", False)  # the eleven bots give their orders of this turn (all saved)
        rows[turn] = measure(game, tmp_path)
        game.close()
    print(f"\n12-player Republic at War (seed {whole_game.record['seed']}), one human seat + 11 bots, "
          f"{SAMPLES} orders per turn measured ({time.perf_counter() - started:.0f} s in all)")
    print("| turn | save one order: median ms | p95 ms | disk floor ms | save minus floor ms | whole order call ms "
          "| game file KB | turn files | whole record KB | whole record as one file (schema 1) ms |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for turn, r in rows.items():
        print(f"| {turn} | {r['median']:.2f} | {r['p95']:.2f} | {r['floor']:.2f} | {r['above']:.2f} | {r['call']:.2f} "
              f"| {r['kb']:.0f} | {r['turn_files']} | {r['record_kb']:.0f} | {r['whole']:.2f} |")
    print(f"load average while measuring: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
