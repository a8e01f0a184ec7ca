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
