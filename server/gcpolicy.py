"""The server's garbage-collection policy: nothing walks the players' war rooms while they play.

With a hundred Textual apps alive in one process, a full collection walks millions of objects and
stalls every player at once (one took 1.5 s; a reclaim of ended sessions 0.8-2.1 s). Nearly all of
those objects live as long as their session: its screens, widgets, styles and caches. So:

- once the server has started, the garbage is collected (a full collection) and everything alive
  is frozen; each time a session has drawn its first frame (its app is built), the young
  generations are collected (never a full collection: the war room just built is 80-110 ms of
  walking at a hundred sessions, a stall of every player at each reconnect) and everything alive
  is frozen (``gc.freeze()``:
  moved out of the collector's sight, in constant time). Python's own collections then walk only
  what is new, and never the oldest generation (``NO_AUTOMATIC_FULL``): one started in the middle
  of a war room's build walked all of it (about 100 ms). Instead, every ``TIDY`` seconds and
  never during a build, the policy collects everything unfrozen (only what the last seconds made:
  short) and freezes the survivors. A full collection that took longer than ``REFREEZE``
  freezes its survivors soon after, so the next one is short.
- Frozen objects are still freed by reference counting; what a frozen heap cannot free is a
  *cycle*, and a finished war room is nothing but cycles (every widget and its styles, its
  message queue, its caches). So a finished app is taken apart instead of collected: when an app
  shuts down, its nodes (app, screens, widgets, the virtual nodes of their component styles) are
  noted, and ``TAKE_APART_AFTER`` seconds later, when its last callbacks have run, each node's
  attributes are dropped (and the rings of its LRU caches cut), a few nodes per turn of the loop
  (``SLICE`` seconds at most): the cycles are broken and reference counting frees the rest,
  without any collection. Textual never uses a node of an app that has shut down. Asyncio's
  cancelled timers, whose saved context (Textual's ``active_app``) keeps an app reachable until
  their time comes, are dropped from the loop's heap first (``drop_cancelled_timers``).
- What is left (a few cycles outside the nodes: SSH connections, caches dropped while frozen)
  waits for a *reclaim*: unfreeze, two full collections, freeze again. That does stall everyone
  (about a second at a hundred sessions), so it runs only once as many sessions have ended as are
  running (at least ``RECLAIM_MIN``) *and* nobody has typed for ``QUIET`` seconds: never while
  people play. No ``gc.get_freeze_count()`` either (it walks every frozen object) except in a reclaim.

This is the server's policy (``HOLOTABLE_GC=python`` in its environment keeps Python's own). Every
full collection is timed, and one that held the server for longer than ``STALL`` is logged as a
warning ("stalled every session"), with the CPU time it took (which the machine's load does not
stretch). The loop-lag probe (:mod:`server.looplag`) shows every pause, whatever its cause.
"""
from __future__ import annotations

import asyncio
import contextvars
import gc
import heapq
import logging
import os
import time
from collections import deque
from typing import Any, Callable

from server.looplag import LoopProbe, probe_from_environment

log = logging.getLogger("holotable.server")

POLICIES = ("freeze", "python")
DEFAULT = "freeze"  # HOLOTABLE_GC=python keeps Python's own
RECLAIM_MIN = 8
QUIET = 30.0  # seconds without a key from anyone before a reclaim may stall the server
STALL = 0.05
REFREEZE = 0.01  # a full collection longer than this freezes its survivors
TAKE_APART_AFTER = 2.0  # seconds after an app shut down before its nodes are taken apart
SLICE = 0.002  # seconds of taking apart per turn of the loop
NO_AUTOMATIC_FULL = 1 << 30  # the oldest generation's threshold while the policy runs: Python never starts one
TIDY = 5.0  # seconds between tidies (a full collection of the small unfrozen heap, then a freeze), never in a build


class GcPolicy:
    """Freeze what the sessions built; take finished apps apart; reclaim the rest when nobody types."""

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
        self.longest_young = 0.0  # CPU seconds of the longest collection of the young generations
        self._began = (0.0, 0.0)
        self._watching = False
        self._reclaiming = False
        self._refreeze: asyncio.Handle | None = None
        self.probe: LoopProbe | None = None
        self.retiring: deque[tuple[float, list[Any]]] = deque()  # (when, nodes) of apps shut down
        self._taking_apart: list[Any] = []
        self._slicer: asyncio.Handle | None = None
        self.taken_apart = 0  # apps taken apart
        self.longest_slice = 0.0  # CPU seconds of the longest slice of taking apart
        self._thresholds: tuple[int, int, int] | None = None  # Python's own, while ours are set
        self.building: Callable[[], bool] = lambda: False  # whether a war room is being built (the server's)
        self._tidier: asyncio.TimerHandle | None = None
        self.tidies = 0

    # -- watching collections ---------------------------------------------------------------------------
    def watch(self) -> None:
        """Time every full collection (a stall of every session); log the long ones."""
        if not self._watching:
            self._watching = True
            gc.callbacks.append(self._collection)

    def _collection(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._began = (time.perf_counter(), time.thread_time())
            return
        wall = time.perf_counter() - self._began[0]
        cpu = time.thread_time() - self._began[1]
        if cpu > self.longest_young and info.get("generation") != 2:
            self.longest_young = cpu
        if info.get("generation") != 2:
            return
        self.full_collections += 1
        self.longest = max(self.longest, cpu)
        if self.active and not self._reclaiming and cpu > REFREEZE and self._refreeze is None:
            try:
                self._refreeze = asyncio.get_running_loop().call_soon(self._freeze_survivors)
            except RuntimeError:
                pass
        if wall > STALL:
            log.warning("a full garbage collection%s stalled every session for %.0f ms (%.0f ms of CPU; %d objects "
                        "collected)", " (reclaiming ended sessions)" if self._reclaiming else "", wall * 1000,
                        cpu * 1000, info.get("collected", 0))

    def _freeze_survivors(self) -> None:
        """After a long full collection: freeze what survived it (the young collected first)."""
        self._refreeze = None
        gc.collect(1)
        gc.freeze()

    @property
    def active(self) -> bool:
        """Whether this policy manages the collector (not Python's own)."""
        return self.policy == "freeze"

    def figures(self) -> dict[str, float]:
        """What the policy did so far (for the loop-lag probe)."""
        return {"full_collections": self.full_collections, "longest_ms": round(self.longest * 1000, 1),
                "young_longest_ms": round(self.longest_young * 1000, 1),
                "reclaims": len(self.reclaims), "reclaim_max_ms": round(max(self.reclaims, default=0.0) * 1000, 1),
                "tidies": self.tidies, "dismantled": self.taken_apart, "slice_max_ms": round(self.longest_slice * 1000, 1),
                "running": self.running, "ended": self.ended}

    # -- freezing ---------------------------------------------------------------------------------------
    def freeze(self) -> None:
        """Collect the garbage outside the frozen heap, then freeze everything alive (a full
        collection: it walks everything made since the last freeze; at start-up and in a tidy)."""
        if not self.active:
            return
        gc.collect()
        gc.freeze()

    def freeze_young(self) -> None:
        """Collect the young generations, then freeze everything alive: no full collection.

        A full collection here walked the whole war room just built (80-110 ms of CPU at a
        hundred sessions, every player stalled at each reconnect); the young collection walks only
        what the last few thousand allocations made. A cycle that died after reaching the oldest
        generation since the last freeze is frozen with the rest: the periodic reclaim frees it."""
        if not self.active:
            return
        gc.collect(1)
        gc.freeze()

    def started(self) -> None:
        """The server is up (code imported, games open): freeze all of it, time full collections,
        take finished apps apart from now on."""
        self.watch()
        if self.probe is None:
            self.probe = probe_from_environment(self.figures)
        if self.active:
            watch_apps_shutting_down(self.retire)
            cut_rings_when_cleared()
            strips_without_self_cycles()
            if self._thresholds is None:
                self._thresholds = gc.get_threshold()
                young, middle, _ = self._thresholds
                gc.set_threshold(young, middle, NO_AUTOMATIC_FULL)
            self.freeze()
            self._next_tidy()

    def _next_tidy(self) -> None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self._tidier = loop.call_later(TIDY, self._tidy, context=contextvars.Context())

    def _tidy(self) -> None:
        """Every ``TIDY`` seconds: collect what is not frozen (all of it, but only what the last few
        seconds made: a few milliseconds) and freeze the survivors; not while a war room is being
        built (its half-built objects would make the walk long) nor in a reclaim."""
        self._tidier = None
        if not self._reclaiming and not self.building():
            self.tidies += 1
            self.freeze()
        self._next_tidy()

    def session_framed(self) -> None:
        """A session drew its first frame: its app is built; freeze it (no full collection)."""
        self.running += 1
        self.freeze_young()

    def session_ended(self, framed: bool) -> None:
        """A session's app has finished (``framed``: it had drawn a frame, so it was frozen)."""
        if framed:
            self.running = max(0, self.running - 1)
            self.ended += 1
        if self.active and self.ended >= max(self.reclaim_min, self.running):
            self._make_due()

    # -- taking finished apps apart ---------------------------------------------------------------------
    def retire(self, nodes: list[Any]) -> None:
        """An app shut down: take ``nodes`` (its app, screens, widgets) apart a little later."""
        if not self.active or not nodes:
            return
        self.retiring.append((time.monotonic() + TAKE_APART_AFTER, nodes))
        self._next_slice(TAKE_APART_AFTER)

    def _next_slice(self, delay: float) -> None:
        if self._slicer is not None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self.take_apart_now()
            return
        clean = contextvars.Context()  # not the shutting-down app's context: that holds it as the active app
        self._slicer = loop.call_later(delay, self._slice, context=clean) if delay > 0 else \
            loop.call_soon(self._slice, context=clean)

    def _slice(self) -> None:
        """Take nodes apart for at most SLICE seconds; come back on the next turn of the loop."""
        self._slicer = None
        started, cpu = time.perf_counter(), time.thread_time()
        now = time.monotonic()
        if not self._taking_apart and self.retiring and self.retiring[0][0] <= now:
            drop_cancelled_timers()
            self._taking_apart = self.retiring.popleft()[1]
            self.taken_apart += 1
        nodes = self._taking_apart
        while nodes and time.perf_counter() - started < SLICE:
            take_apart(nodes.pop())
        self.longest_slice = max(self.longest_slice, time.thread_time() - cpu)
        if nodes:
            self._next_slice(0)
        elif self.retiring:
            self._next_slice(max(0.0, self.retiring[0][0] - now))

    def take_apart_now(self) -> int:
        """Take every retired app apart at once (tests, shutdown); returns how many apps."""
        done = 0
        if self._taking_apart:
            done += 1
        while self._taking_apart:
            take_apart(self._taking_apart.pop())
        drop_cancelled_timers()
        while self.retiring:
            nodes = self.retiring.popleft()[1]
            while nodes:
                take_apart(nodes.pop())
            done += 1
            self.taken_apart += 1
        return done

    # -- the reclaim, when nobody types -----------------------------------------------------------------
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
        quiet_for = time.monotonic() - self.last_input
        if self._due is not None and quiet_for < self.quiet:
            self._schedule(self.quiet - quiet_for)
            return
        self.reclaim()

    def reclaim(self) -> float:
        """Unfreeze, collect everything, freeze again; returns the seconds it took (a stall of every
        session: the policy runs it only when nobody has typed for ``quiet`` seconds)."""
        self._due = None
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if not self.active:
            return 0.0
        started = time.perf_counter()
        self.take_apart_now()
        drop_cancelled_timers()
        gc.unfreeze()
        self._reclaiming = True
        try:
            found = gc.collect()
            found += gc.collect()  # what finalizers kept alive through the first pass (asyncio tasks, generators)
        finally:
            self._reclaiming = False
        gc.freeze()
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
        for handle in (self._timer, self._refreeze, self._slicer, self._tidier):
            if handle is not None:
                handle.cancel()
        self._timer = self._refreeze = self._slicer = self._tidier = None
        self._due = None
        if self.active:
            self.take_apart_now()
            watch_apps_shutting_down(None)
        if self._watching:
            self._watching = False
            gc.callbacks.remove(self._collection)
        if self._thresholds is not None:
            gc.set_threshold(*self._thresholds)
            self._thresholds = None
        if self.active:
            gc.unfreeze()


# -- the nodes of an app, and taking one apart ------------------------------------------------------------
_retire: Callable[[list[Any]], None] | None = None


def app_nodes(app: Any) -> list[Any]:
    """Every node of ``app``: itself, the screens of every mode and those installed, every widget
    mounted, and the virtual nodes that hold its widgets' component styles."""
    from textual.dom import DOMNode
    found: dict[int, Any] = {id(app): app}
    roots: list[Any] = list(getattr(app, "_registry", ()))
    for stack in getattr(app, "_screen_stacks", {}).values():
        roots.extend(stack)
    roots.extend(screen for screen in getattr(app, "_installed_screens", {}).values() if isinstance(screen, DOMNode))
    for root in roots:
        for node in root.walk_children(with_self=True):
            found.setdefault(id(node), node)
    for node in list(found.values()):
        for styles in getattr(node, "_component_styles", {}).values():
            virtual = getattr(styles, "node", None)
            if isinstance(virtual, DOMNode):
                found.setdefault(id(virtual), virtual)
    return list(found.values())


def watch_apps_shutting_down(retire: Callable[[list[Any]], None] | None) -> None:
    """Hand the nodes of every Textual app that shuts down from now on to ``retire`` (once its
    shutdown is over); None stops. The hook is put on ``App._shutdown`` once per process."""
    global _retire
    _retire = retire
    from textual.app import App
    if getattr(App._shutdown, "_holotable_retires", False):
        return
    original = App._shutdown

    async def _shutdown(self: Any) -> None:
        nodes = app_nodes(self) if _retire is not None else []
        try:
            await original(self)
        finally:
            if _retire is not None and nodes:
                _retire(nodes)
    _shutdown._holotable_retires = True  # type: ignore[attr-defined]
    App._shutdown = _shutdown  # type: ignore[method-assign]


OWNED_HELPERS = ("textual._animator", "textual.timer")  # modules of helpers an app or widget owns alone


def cut_ring(cache: Any) -> None:
    """Empty a Textual ``LRUCache`` and cut its ring of links (a cycle: dropped whole, it is garbage
    only a collection frees, and never while frozen)."""
    for link in cache._cache.values():
        link.clear()
    cache._cache.clear()
    cache._full = False
    cache._head = []


def cut_rings_when_cleared() -> None:
    """Make ``LRUCache.clear`` cut the ring it drops (idempotent): a frozen war room clears its
    line caches as it redraws (a data table, a log), and each ring dropped would stay for good."""
    from textual.cache import LRUCache
    if LRUCache.clear is not cut_ring:
        LRUCache.clear = cut_ring  # type: ignore[method-assign]


def strips_without_self_cycles() -> None:
    """Make a Textual ``Strip`` stop caching itself (idempotent).

    ``Strip.divide`` caches ``[self]`` when the one cut is its end, and ``extend_cell_length``
    caches ``self`` when the length is already right: each such strip is a cycle through its own
    cache, which reference counting never frees. Young, the collector soon frees it; frozen in a
    war room's render caches and then replaced at the next redraw, it would stay for good. Both
    now return the strip itself without caching it (what they returned before, at no cost).
    """
    from textual.strip import Strip
    if getattr(Strip.divide, "_holotable_acyclic", False):
        return
    divide, extend = Strip.divide, Strip.extend_cell_length

    def divide_acyclic(self: Strip, cuts: Any) -> Any:
        length = self.cell_length
        cuts = [cut for cut in cuts if cut <= length]
        if len(cuts) == 1 and cuts[0] == length:
            return [self]
        return divide(self, cuts)

    def extend_acyclic(self: Strip, cell_length: int, style: Any = None) -> Strip:
        if cell_length == self.cell_length:
            return self
        return extend(self, cell_length, style)
    divide_acyclic._holotable_acyclic = True  # type: ignore[attr-defined]
    Strip.divide = divide_acyclic  # type: ignore[method-assign]
    Strip.extend_cell_length = extend_acyclic  # type: ignore[method-assign]


def take_apart(node: Any) -> None:
    """Break the cycles of a node of an app that has shut down: cut the rings of its LRU caches,
    empty the helpers it alone owns (its animator, its timers), and drop its attributes; reference
    counting frees whatever only it held."""
    attributes = getattr(node, "__dict__", None)
    if not attributes:
        return
    from textual.cache import LRUCache
    for value in attributes.values():
        if isinstance(value, LRUCache):
            cut_ring(value)
        elif type(value).__module__ in OWNED_HELPERS:
            helper = getattr(value, "__dict__", None)
            if helper:
                helper.clear()
    attributes.clear()


def drop_cancelled_timers() -> int:
    """Take the cancelled timers out of the running loop's schedule; returns how many.

    A cancelled ``TimerHandle`` stays in the loop's heap until its time comes, and it keeps the
    ``contextvars.Context`` it was made in, which holds Textual's ``active_app``: a finished app
    stays reachable for as long as its longest cancelled timer had to run. asyncio purges them
    itself only when they are more than half of a heap of over 100 (``_run_once``); this does the
    same purge at once. No loop, or a loop without that heap: nothing to do.
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
