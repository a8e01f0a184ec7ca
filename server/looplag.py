"""A loop-lag probe: how long the server's event loop was held, measured inside the server.

Every player waits for the same loop; whatever holds it (a long collection, a slow handler, a
war room being built in one piece) delays every keystroke of every player by as much. The probe
asks the loop to wake it every ``interval`` seconds and records how late each wake-up came: the
lag of a wake-up is the pause every player felt at that moment. Once a ``report`` seconds it
appends one JSON line to its file:

    {"t": 12.0, "ticks": 196, "max_ms": 3.1, "cpu_max_ms": 2.2, "hist": [190, 5, 1, 0, ...],
     "pauses": [[11.42, 61.0, 58.2]], "rss_mib": 231.4, "cpu_s": 8.51, "gc": {...}}

``hist`` counts the wake-ups of that second by lag, in the buckets of ``BUCKETS_MS`` (under 1 ms,
1-2 ms, ...); ``pauses`` lists every lag over ``PAUSE_MS`` with its time and the CPU time the server
spent in it; ``gc`` holds the figures of the server's collection policy
(:meth:`server.gcpolicy.GcPolicy.figures`). On a loaded machine a pause is partly the server's own
work and partly its wait for a core: ``cpu_max_ms``, the most CPU the server's thread spent between
two wake-ups, is the longest piece of work that held the loop, whatever the machine's load.

It is off unless the server's environment names a file: ``HOLOTABLE_LOOP_PROBE=/tmp/lag.jsonl``
(the benchmarks do). It costs about 200 wake-ups a second, a few tens of microseconds each.
"""
from __future__ import annotations

import asyncio
import json
import os
import time
from pathlib import Path
from typing import Any, Callable

ENV = "HOLOTABLE_LOOP_PROBE"
BUCKETS_MS = (1, 2, 5, 10, 20, 50, 100, 200, 500)  # upper bounds; the last bucket is everything above
PAUSE_MS = 20.0
PAGE = os.sysconf("SC_PAGE_SIZE")


def bucket(lag_ms: float) -> int:
    """The index of the histogram bucket a lag falls in."""
    for index, bound in enumerate(BUCKETS_MS):
        if lag_ms < bound:
            return index
    return len(BUCKETS_MS)


def rss_mib() -> float:
    """This process's resident set size in MiB (0.0 where /proc is not there)."""
    try:
        return int(Path("/proc/self/statm").read_text().split()[1]) * PAGE / 2**20
    except (OSError, ValueError, IndexError):
        return 0.0


class LoopProbe:
    """Wake every ``interval`` seconds, record how late; write a line every ``report`` seconds."""

    def __init__(self, path: Path, interval: float = 0.005, report: float = 1.0,
                 figures: Callable[[], dict[str, Any]] | None = None) -> None:
        self.path = Path(path)
        self.interval = interval
        self.report = report
        self.figures = figures
        self.worst = 0.0  # the longest lag seen, in ms, since the probe started
        self._loop: asyncio.AbstractEventLoop | None = None
        self._timer: asyncio.TimerHandle | None = None
        self._started = 0.0
        self._due = 0.0
        self._cpu = 0.0
        self._next_report = 0.0
        self._reset()

    def _reset(self) -> None:
        self._ticks = 0
        self._max = 0.0
        self._cpu_max = 0.0
        self._hist = [0] * (len(BUCKETS_MS) + 1)
        self._pauses: list[list[float]] = []

    def start(self) -> None:
        """Start on the running loop (raises RuntimeError without one)."""
        self._loop = asyncio.get_running_loop()
        self._started = time.monotonic()
        self._next_report = self._started + self.report
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._arm(self._started)

    def _arm(self, now: float) -> None:
        assert self._loop is not None
        self._due = now + self.interval
        self._cpu = time.thread_time()
        self._timer = self._loop.call_later(self.interval, self._tick)

    def _tick(self) -> None:
        now = time.monotonic()
        lag = max(0.0, (now - self._due) * 1000)
        cpu = (time.thread_time() - self._cpu) * 1000
        if cpu > self._cpu_max:
            self._cpu_max = cpu
        self._ticks += 1
        self._hist[bucket(lag)] += 1
        if lag > self._max:
            self._max = lag
        if lag > self.worst:
            self.worst = lag
        if lag > PAUSE_MS:
            self._pauses.append([round(now - self._started - lag / 1000, 3), round(lag, 1), round(cpu, 1)])
        if now >= self._next_report:
            self._write(now)
            self._next_report += self.report
            if self._next_report < now:
                self._next_report = now + self.report
        self._arm(time.monotonic())

    def _write(self, now: float) -> None:
        line: dict[str, Any] = {"t": round(now - self._started, 3), "ticks": self._ticks, "max_ms": round(self._max, 2),
                                "cpu_max_ms": round(self._cpu_max, 2),
                                "hist": self._hist, "pauses": self._pauses, "rss_mib": round(rss_mib(), 2),
                                "cpu_s": round(time.process_time(), 3)}
        if self.figures is not None:
            line["gc"] = self.figures()
        self._reset()
        try:
            with self.path.open("a", encoding="utf-8") as out:
                out.write(json.dumps(line) + "\n")
        except OSError:
            self.stop()

    def stop(self) -> None:
        """Stop waking."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None


def probe_from_environment(figures: Callable[[], dict[str, Any]] | None = None) -> LoopProbe | None:
    """A started probe writing to the file ``HOLOTABLE_LOOP_PROBE`` names, or None when it names none."""
    path = os.environ.get(ENV, "").strip()
    if not path:
        return None
    probe = LoopProbe(Path(path), figures=figures)
    probe.start()
    return probe
