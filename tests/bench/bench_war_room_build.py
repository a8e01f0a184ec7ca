"""What building one player's war room costs the server (issue 14), in process: the CPU from starting
a Republic at War app at 120x40 to its first frame, and the memory each live war room holds, with the
sharing ``holotable serve`` applies (one parse of each stylesheet, lean render caches).

Run: PYTHONPATH=$PWD .venv/bin/python -m pytest -m bench tests/bench/bench_war_room_build.py -s
"""
from __future__ import annotations

import asyncio
import gc
import os
import statistics
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tui"))

from server.lean_caches import lazy_strip_caches, share_empty_caches  # noqa: E402
from server.shared_css import share_parsed_css  # noqa: E402
from tui.app import HolotableApp  # noqa: E402
from tui_helpers import raw_session  # noqa: E402

SIZE = (120, 40)
BUILDS = 8
LIVE = 10


def _rss() -> int:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


async def _build_cpu() -> float:
    """CPU (this thread) from the app's start to its first frame, in ms."""
    app = HolotableApp(raw_session(), seat="al")
    start = time.thread_time()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        return (time.thread_time() - start) * 1000


async def _live(count: int, stop: asyncio.Event) -> list[asyncio.Task[None]]:
    """``count`` war rooms running until ``stop`` is set (returns once all have drawn)."""
    ready: list[int] = []

    async def one() -> None:
        app = HolotableApp(raw_session(), seat="al")
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            ready.append(1)
            await stop.wait()
    tasks = [asyncio.create_task(one()) for _ in range(count)]
    while len(ready) < count:
        await asyncio.sleep(0.05)
    return tasks


@pytest.mark.bench
async def test_bench_war_room_build() -> None:
    share_parsed_css()
    share_empty_caches()
    lazy_strip_caches()
    await _build_cpu()  # warm-up: imports, the shared stylesheet
    builds = [await _build_cpu() for _ in range(BUILDS)]
    stop = asyncio.Event()
    first = await _live(1, stop)
    gc.collect()
    before = _rss()
    rest = await _live(LIVE, stop)
    await asyncio.sleep(0.3)
    gc.collect()
    per_app = (_rss() - before) / LIVE / 2 ** 20
    stop.set()
    await asyncio.gather(*first, *rest)
    load = os.getloadavg()[0]
    print(f"\nwar room build (Republic at War, {SIZE[0]}x{SIZE[1]}, in process, load {load:.1f})")
    print("| figure | value |\n|---|---|")
    print(f"| build CPU to first frame, median / min of {BUILDS} ms | {statistics.median(builds):.1f} / {min(builds):.1f} |")
    print(f"| memory per live war room ({LIVE} live) MiB | {per_app:.2f} |")
    assert builds and per_app > 0, "the war rooms were built and held memory"
