"""Benchmark: the turn report and the end of the game on a long Republic at War game.

Run with ``.venv/bin/python -m pytest -m bench tests/bench/bench_report.py -s``. Six bots play the
golden seed for 30 turns; then, per seat, the report of the last turn is built and rendered (what
the war room does after each resolution) and the forum post of that turn is exported from the
record (a replay of the whole game); last, the end-of-game data (the board every seat knows and
the victory points of every turn, from a replay) is computed once.
"""
from __future__ import annotations

import statistics
import time

import pytest

from core.console import Console
from core.report import render, session_report
from saves.replay import ending, export_turn

SEATS = "al:GAR:bot,bo:CIS:bot,cy:GAR:bot,di:CIS:bot,ed:GAR:bot,fa:CIS:bot"
TURNS = 30


@pytest.mark.bench
def test_bench_turn_report() -> None:
    console = Console()
    assert console.handle(f"new raw seed=golden reproducible=yes seats={SEATS}").ok
    for _ in range(TURNS):
        if console.session.outcome() is not None:
            break
        console.handle("resolve")
    session = console.session
    turn = session.turn - 1
    rows = []
    for seat in session.seats():
        report_times, export_times = [], []
        for _ in range(5):
            start = time.perf_counter()
            render(session_report(session, seat, turn))
            report_times.append(time.perf_counter() - start)
        start = time.perf_counter()
        export_turn(session.record, turn, seat, "markdown")
        export_times.append(time.perf_counter() - start)
        rows.append((seat, statistics.median(report_times) * 1000, export_times[0] * 1000))
    start = time.perf_counter()
    board, history = ending(session)
    the_end = time.perf_counter() - start
    print(f"\nRAW, 6 bots, {turn} turns, {len(session.record['log'])} events in the log")
    print("| seat | report of the last turn (ms) | forum export from the record (ms) |")
    print("|---|---|---|")
    for seat, report_ms, export_ms in rows:
        print(f"| {seat} | {report_ms:.1f} | {export_ms:.0f} |")
    print(f"end of the game (replay, every seat's view per turn): {the_end:.2f} s for {len(history)} turns")
    assert board is not None and history
