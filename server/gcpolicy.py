"""The server's garbage-collection policy: no full collection walks the players' war rooms.

With fifty Textual apps alive in one process, Python's generation-2 collection walks millions of
objects and stalls every player at once (one took 1.5 s). Nearly all of them live as long as their
session: its screens, widgets, styles and caches. So:

- once the server has started, and each time a session has drawn its first frame (its app is
  built), the young garbage is collected and everything alive is frozen (``gc.freeze()``: moved out
  of the collector's sight, in constant time). A full collection then walks only what was made
  since, which is small. (Freezing whatever survives each full collection as well was tried and
  dropped: objects a finalizer kept alive for one more pass were frozen with the survivors, and a
  finished session's app was never freed.)
- Objects frozen are still freed by reference counting; only *cyclic* garbage among them (a
  finished app is full of cycles) waits for a reclaim: unfreeze, one full collection, freeze
  again. It runs once as many sessions have ended since the last one as there are sessions still
  running (at least ``RECLAIM_MIN``), or once as many objects are frozen as after the last reclaim
  (caches churn), so its cost stays in proportion to what it frees (the rule Python itself uses
  for full collections), and preferably when nobody has typed for a moment
  (``QUIET``), at the latest ``RECLAIM_WAIT`` seconds after it became due.

This is the server's policy (``HOLOTABLE_GC=python`` in its environment keeps Python's own).
A finished app used to outlive the reclaim: asyncio keeps *cancelled* timers in its heap until their
time comes, each with the ``contextvars.Context`` it was made in, and Textual's ``active_app`` in
that context kept the app reachable through the reclaim, after which it was frozen again with the
living. The reclaim now drops cancelled timers first (``drop_cancelled_timers``). Either way every
full collection is timed, and one that held the server for longer than ``STALL`` is logged as a
warning ("stalled every session"), with the CPU time it took (which the machine's load does not
stretch).
"""
from __future__ import annotations

import asyncio
import gc
import heapq
import logging
import os
import time
from collections import deque

from server.looplag import LoopProbe, probe_from_environment

log = logging.getLogger("holotable.server")

POLICIES = ("freeze", "python")
DEFAULT = "freeze"  # HOLOTABLE_GC=python keeps Python's own
RECLAIM_MIN = 8
QUIET = 1.0
RECLAIM_WAIT = 120.0
STALL = 0.05


class GcPolicy:
    """Freeze what the sessions built; reclaim finished sessions' cycles now and then."""

    def __init__(self, policy: str | None = None, reclaim_min: int = RECLAIM_MIN, quiet: float = QUIET) -> None:
        """``policy``: ``freeze`` (the default) or ``python``; None reads ``HOLOTABLE_GC``.
        Raises ValueError for any other name."""
        chosen = policy if policy is not None else os.environ.get("HOLOTABLE_GC", DEFAULT) or DEFAULT
        if chosen not in POLICIES:
            raise ValueError(f"HOLOTABLE_GC={chosen!r}: must be one of {', '.join(POLICIES)}")
        self.policy = chosen
        self.reclaim_min = reclaim_min
        self.quiet = quiet
        self.running = 0
        self.ended = 0
        self.last_input = 0.0
        self.reclaims: deque[float] = deque(maxlen=100)  # seconds each reclaim took
        self._due: float | None = None
        self._timer: asyncio.TimerHandle | None = None
        self.full_collections = 0
        self.longest = 0.0  # CPU seconds of the longest full collection
        self._began = (0.0, 0.0)
        self._watching = False
        self._reclaiming = False
        self.baseline = 0  # objects frozen after the last reclaim (or the start)
        self.probe: LoopProbe | None = None

    def watch(self) -> None:
        """Time every full collection (a stall of every session); log the long ones."""
        if not self._watching:
            self._watching = True
            gc.callbacks.append(self._collection)

    def _collection(self, phase: str, info: dict[str, int]) -> None:
        if info.get("generation") != 2:
            return
        if phase == "start":
            self._began = (time.perf_counter(), time.thread_time())
            return
        wall = time.perf_counter() - self._began[0]
        cpu = time.thread_time() - self._began[1]
        self.full_collections += 1
        self.longest = max(self.longest, cpu)
        if self.active and not self._reclaiming and gc.get_freeze_count() >= 2 * self.baseline:
            self._make_due()
        if wall > STALL:
            log.warning("a full garbage collection%s stalled every session for %.0f ms (%.0f ms of CPU; %d objects "
                        "collected, %d frozen)", " (reclaiming ended sessions)" if self._reclaiming else "", wall * 1000, cpu * 1000, info.get("collected", 0), gc.get_freeze_count())

    @property
    def active(self) -> bool:
        """Whether this policy manages the collector (not Python's own)."""
        return self.policy == "freeze"

    def freeze(self) -> None:
        """Collect the young garbage, then freeze everything alive."""
        if not self.active:
            return
        gc.collect(1)
        gc.freeze()

    def figures(self) -> dict[str, float]:
        """What the policy did so far (for the loop-lag probe)."""
        return {"full_collections": self.full_collections, "longest_ms": round(self.longest * 1000, 1),
                "reclaims": len(self.reclaims), "reclaim_max_ms": round(max(self.reclaims, default=0.0) * 1000, 1),
                "running": self.running, "ended": self.ended}

    def started(self) -> None:
        """The server is up (code imported, games open): freeze all of it, time full collections."""
        self.watch()
        if self.probe is None:
            self.probe = probe_from_environment(self.figures)
        if self.active:
            gc.collect()
            gc.freeze()
            self.baseline = gc.get_freeze_count()

    def session_framed(self) -> None:
        """A session drew its first frame: its app is built; freeze it."""
        self.running += 1
        self.freeze()

    def session_ended(self, framed: bool) -> None:
        """A session's app has finished (``framed``: it had drawn a frame, so it was frozen)."""
        if framed:
            self.running = max(0, self.running - 1)
            self.ended += 1
        if self.active and self.ended >= max(self.reclaim_min, self.running):
            self._make_due()

    def _make_due(self) -> None:
        if self._due is None:
            self._due = time.monotonic()
            self._schedule(self.quiet)

    def heard_input(self) -> None:
        """A player typed: a due reclaim waits for a quiet moment."""
        self.last_input = time.monotonic()

    def _schedule(self, delay: float) -> None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self.reclaim()
            return
        self._timer = loop.call_later(delay, self._try_reclaim)

    def _try_reclaim(self) -> None:
        self._timer = None
        now = time.monotonic()
        quiet_for = now - self.last_input
        if self._due is not None and quiet_for < self.quiet and now - self._due < RECLAIM_WAIT:
            self._schedule(self.quiet - quiet_for)
            return
        self.reclaim()

    def reclaim(self) -> float:
        """Unfreeze, collect everything, freeze again; returns the seconds it took."""
        self._due = None
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if not self.active:
            return 0.0
        started = time.perf_counter()
        drop_cancelled_timers()
        gc.unfreeze()
        self._reclaiming = True
        try:
            found = gc.collect()
            found += gc.collect()  # what finalizers kept alive through the first pass (asyncio tasks, generators)
        finally:
            self._reclaiming = False
        gc.freeze()
        self.baseline = gc.get_freeze_count()
        took = time.perf_counter() - started
        self.reclaims.append(took)
        log.info("reclaimed %d objects of %d ended sessions in %.0f ms (%d running)", found, self.ended,
                 took * 1000, self.running)
        self.ended = 0
        return took

    def close(self) -> None:
        """The server stops: no reclaim is pending, and the collector sees everything again."""
        if self.probe is not None:
            self.probe.stop()
            self.probe = None
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self._due = None
        if self._watching:
            self._watching = False
            gc.callbacks.remove(self._collection)
        if self.active:
            gc.unfreeze()


def drop_cancelled_timers() -> int:
    """Take the cancelled timers out of the running loop's schedule; returns how many.

    A cancelled ``TimerHandle`` stays in the loop's heap until its time comes, and it keeps the
    ``contextvars.Context`` it was made in, which holds Textual's ``active_app``: a finished app
    stays reachable for as long as its longest cancelled timer had to run. asyncio purges them
    itself only when they are more than half of a heap of over 100 (``_run_once``); a reclaim does
    the same purge at once, so what it frees is everything the ended sessions left. No loop, or a
    loop without that heap: nothing to do.
    """
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return 0
    scheduled = getattr(loop, "_scheduled", None)
    if not isinstance(scheduled, list):
        return 0
    live = []
    dropped = 0
    for handle in scheduled:
        if handle.cancelled():
            handle._scheduled = False  # as asyncio's own purge does
            dropped += 1
        else:
            live.append(handle)
    if dropped:
        heapq.heapify(live)
        scheduled[:] = live
        if hasattr(loop, "_timer_cancelled_count"):
            loop._timer_cancelled_count = 0
    return dropped
