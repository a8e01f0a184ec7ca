"""The server's garbage-collection policy (server/gcpolicy.py): what the sessions built is frozen so
that no full collection walks it; finished sessions' cycles are reclaimed once enough have ended,
at a quiet moment; ``HOLOTABLE_GC=python`` keeps Python's own policy."""
from __future__ import annotations

import asyncio
import gc
import weakref

import pytest

from server.gcpolicy import GcPolicy
from server_helpers import eventually


class Node:
    """An object in a reference cycle (as a finished app's widgets are)."""

    def __init__(self) -> None:
        self.me = self


def test_an_unknown_policy_is_refused_with_the_names_that_work(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOLOTABLE_GC", "sometimes")
    with pytest.raises(ValueError, match="HOLOTABLE_GC='sometimes': must be one of freeze, python"):
        GcPolicy()


def test_a_framed_session_is_frozen_and_its_cycles_wait_for_the_reclaim() -> None:
    policy = GcPolicy("freeze")
    try:
        cycle = Node()
        ref = weakref.ref(cycle)
        policy.session_framed()
        assert gc.get_freeze_count() > 0, "what the session built is frozen"
        del cycle
        gc.collect()
        assert ref() is not None, "a full collection does not walk frozen objects"
        took = policy.reclaim()
        assert ref() is None, "the reclaim frees frozen cycles nobody holds"
        assert took >= 0 and list(policy.reclaims) == [took]
        assert gc.get_freeze_count() > 0, "and freezes what is alive again"
    finally:
        policy.close()
    assert gc.get_freeze_count() == 0, "a closed server leaves the collector as it found it"


def test_a_framed_session_is_frozen_without_a_full_collection() -> None:
    """Issue 33: freezing a war room just built ran a full collection that walked all of it (80-110 ms
    at a hundred sessions, every player stalled at each reconnect); only the young are collected."""
    policy = GcPolicy("freeze")
    generations: list[int] = []

    def seen(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            generations.append(info["generation"])
    gc.callbacks.append(seen)
    try:
        built = [Node() for _ in range(1000)]
        policy.session_framed()
        assert gc.get_freeze_count() >= len(built), "what the session built is frozen"
        assert 2 not in generations, f"no full collection (collections of generations {generations})"
    finally:
        gc.callbacks.remove(seen)
        policy.close()


def test_python_policy_freezes_nothing() -> None:
    policy = GcPolicy("python")
    policy.session_framed()
    policy.session_ended(True)
    assert gc.get_freeze_count() == 0 and policy.reclaim() == 0.0


async def test_a_reclaim_runs_once_as_many_sessions_ended_as_run_and_waits_for_quiet() -> None:
    policy = GcPolicy("freeze", reclaim_min=2, quiet=0.1)
    looked: list[int] = []  # each time the due reclaim's timer fires: the reclaims done by then
    typing = [True]
    fire = policy._try_reclaim

    def timer_fires() -> None:
        if typing[0] and len(looked) < 2:
            policy.heard_input()  # a player typed just as the timer fired
        fire()
        looked.append(len(policy.reclaims))
    policy._try_reclaim = timer_fires  # type: ignore[method-assign]
    try:
        for _ in range(3):
            policy.session_framed()
        policy.session_ended(True)
        assert not policy.reclaims and policy._timer is None, "one ended session of three is not worth a reclaim"
        policy.session_ended(True)  # 2 ended, 1 running: due
        assert policy._timer is not None, "two ended sessions of three make a reclaim due"
        await eventually(lambda: len(looked) >= 2, "the due reclaim's timer fires")
        assert looked[:2] == [0, 0], "a due reclaim waits while players type"
        typing[0] = False
        await eventually(lambda: bool(policy.reclaims), "the reclaim once it is quiet")
        assert len(policy.reclaims) == 1, "then runs once it is quiet"
        assert policy.ended == 0 and policy.running == 1
    finally:
        policy.close()


def test_full_collections_are_timed() -> None:
    policy = GcPolicy("freeze")
    policy.watch()
    try:
        gc.collect()
        assert policy.full_collections == 1 and policy.longest >= 0
    finally:
        policy.close()
    assert gc.get_freeze_count() == 0, "closing gives the collector everything back"


async def test_a_reclaim_drops_cancelled_timers_whose_context_keeps_a_finished_app() -> None:
    """A cancelled timer waits in asyncio's heap with the context it was made in; whatever that
    context holds (Textual's ``active_app``) must not outlive the reclaim."""
    import contextvars

    holder: contextvars.ContextVar[object] = contextvars.ContextVar("holder")
    policy = GcPolicy("freeze")
    try:
        app = Node()
        ref = weakref.ref(app)
        context = contextvars.copy_context()
        context.run(holder.set, app)
        timer = asyncio.get_running_loop().call_later(3600, lambda: None, context=context)
        timer.cancel()
        scheduled = weakref.ref(timer)
        del app, context, timer
        policy.session_framed()
        policy.session_ended(True)
        policy.reclaim()
        assert ref() is None, "the finished app is freed by the reclaim, not an hour later"
        assert scheduled() is None, "the cancelled timer left the loop's heap"
    finally:
        policy.close()


def forget_the_last_app_seen() -> None:
    """A context variable keeps the last value it was read with (CPython's lookup cache); read
    Textual's with other values, so that only real references keep an app."""
    import contextvars

    from textual._context import active_app, active_message_pump

    def read_none() -> None:
        for var in (active_app, active_message_pump):
            var.set(None)  # type: ignore[arg-type]
            var.get()
    contextvars.Context().run(read_none)


async def test_a_finished_app_is_taken_apart_and_freed_without_any_collection() -> None:
    """Issue 33: a finished war room is cycles only; frozen, only a reclaim (a stall of every session)
    could free it. Taken apart once it has shut down, reference counting frees it: no collection."""
    from textual.app import App, ComposeResult
    from textual.widgets import Input, Static

    class Room(App[None]):
        def compose(self) -> ComposeResult:
            yield Static("the war room")
            yield Input(placeholder="type an order")

    policy = GcPolicy("freeze")
    policy.started()
    try:
        async def play() -> tuple[weakref.ref[Room], list[weakref.ref[object]]]:
            app = Room()  # in a task of its own, as each session's (whose context holds the active app)
            async with app.run_test() as pilot:
                await pilot.press("m", "o", "v", "e")
                policy.session_framed()  # everything the app built is frozen, as in the server
                widgets = [weakref.ref(node) for node in app.query("*")]
            return weakref.ref(app), widgets
        ref, widgets = await asyncio.create_task(play())
        gc.disable()
        try:
            assert policy.retiring, "the app's nodes were handed over when it shut down"
            assert policy.take_apart_now() == 1
            alive = [w() for w in widgets if w() is not None]
            assert ref() is None, "taken apart, the app is freed by reference counting"
            assert not alive, f"and so are its widgets: {[type(w).__name__ for w in alive]}"
        finally:
            gc.enable()
        assert not policy.reclaims, "and no reclaim ran"
    finally:
        policy.close()


async def test_a_due_reclaim_never_stalls_players_who_keep_typing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 33: a reclaim (unfreeze and collect everything: about a second at a hundred sessions)
    used to run anyway after waiting 120 s for a quiet moment; now it waits for one however long."""
    from server import gcpolicy
    monkeypatch.setattr(gcpolicy, "RECLAIM_WAIT", 0.2, raising=False)  # the old bound, made short
    policy = GcPolicy("freeze", reclaim_min=1, quiet=0.15)
    try:
        policy.session_framed()
        policy.session_ended(True)
        for _ in range(12):  # people keep typing for 0.6 s
            policy.heard_input()
            await asyncio.sleep(0.05)
        assert not policy.reclaims, "no reclaim while people type, however long it has been due"
        await asyncio.sleep(0.4)
        assert len(policy.reclaims) == 1, "it runs once nobody has typed for a while"
    finally:
        policy.close()


def test_a_strip_keeps_no_reference_to_itself_in_its_own_caches() -> None:
    """Issue 33: ``Strip.divide`` at its own end and ``extend_cell_length`` to its own length cached
    the strip in itself: a cycle per strip, which a frozen war room never frees once it redraws."""
    import sys

    from rich.segment import Segment
    from textual.strip import Strip

    policy = GcPolicy("freeze")
    policy.started()
    try:
        strip = Strip([Segment("Kuat"), Segment(" 2 clones")])
        held = sys.getrefcount(strip)
        assert strip.divide([13]) == [strip] and strip.extend_cell_length(13) is strip, "same answers as before"
        assert sys.getrefcount(strip) == held, "and the strip is not kept in its own caches"
        assert [s.text for s in strip.divide([4, 13])] == ["Kuat", " 2 clones"], "other cuts still divide"
    finally:
        policy.close()


def test_clearing_an_lru_cache_cuts_its_ring_of_links() -> None:
    """Issue 33: a cleared ``LRUCache`` dropped its ring of links whole: a cycle, which stays for good
    once frozen (a data table or a log clears its line cache as it redraws)."""
    from textual.cache import LRUCache

    policy = GcPolicy("freeze")
    policy.started()
    try:
        cache: LRUCache[str, int] = LRUCache(4)
        for n, key in enumerate("abc"):
            cache[key] = n
        link = cache._cache["b"]
        cache.clear()
        assert link == [], f"the links are cut when the cache is cleared, not left in a ring: {link[2:]}"
        cache["d"] = 4
        assert cache.get("d") == 4 and len(cache) == 1, "and the cache works as before"
    finally:
        policy.close()


async def test_python_never_starts_a_full_collection_and_the_policy_tidies_between_builds(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 33: an automatic full collection started in the middle of a war room's build walked all
    of it (about 100 ms); the policy's own tidy collects what is unfrozen, never during a build."""
    import server.gcpolicy as gcpolicy
    monkeypatch.setattr(gcpolicy, "TIDY", 0.01)
    before = gc.get_threshold()
    policy = GcPolicy("freeze")
    building = [True]
    policy.building = lambda: building[0]
    policy.started()
    try:
        assert gc.get_threshold()[2] == gcpolicy.NO_AUTOMATIC_FULL
        await asyncio.sleep(0.05)
        assert policy.tidies == 0, "no tidy while a war room is being built"
        building[0] = False
        cycle = Node()
        ref = weakref.ref(cycle)
        del cycle
        await eventually(lambda: policy.tidies > 0, "a tidy once the build is over")
        assert ref() is None, "a tidy frees the unfrozen cycles"
    finally:
        policy.close()
    assert gc.get_threshold() == before, "a closed server gives Python its thresholds back"
