"""Delivery off the server's event loop: one queue per channel, Apprise in worker threads, retries
with exponential backoff, and no channel in another's way.

- Each channel has its own queue and at most one delivery under way, so its notes arrive in order
  and a slow channel holds up only itself.
- Apprise runs in threads of the notifier's own (never the loop's default executor, which hashes
  passwords at login). A channel whose last attempt failed is sent from a second, separate pool
  (the suspect lane): channels that stall or refuse never take a thread from the healthy ones.
- A failed attempt is tried again after ``backoff`` seconds, doubling each time (with some jitter)
  up to ``max_backoff``, ``attempts`` times in all; then the note is dropped and the error stays on
  the channel (``notify list``, the GM's overview). A queue holds at most ``queue_limit`` notes: a
  channel down for days drops its oldest, never the server's memory.
- Every error text is scrubbed of the URL's secrets before it is kept or logged; Apprise's own log
  records are caught per thread (they never reach the server's log raw).
"""
from __future__ import annotations

import asyncio
import logging
import random
import threading
from collections import deque
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Callable

from server.notify.channels import ChannelStore, asset, redact, scrub
from server.notify.texts import Note

log = logging.getLogger("holotable.server")

Send = Callable[[str, Note], "str | None"]  # (url, note) -> None when sent, else the error (may hold secrets)


class _PerThread(logging.Handler):
    """Apprise's log records, kept for the thread that made them (each send reads its own)."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.local = threading.local()

    def emit(self, record: logging.LogRecord) -> None:
        lines = getattr(self.local, "lines", None)
        if lines is not None:
            try:
                lines.append(record.getMessage())
            except Exception:  # noqa: BLE001 - a record that cannot be formatted is left out
                pass


_HANDLER: _PerThread | None = None


def _handler() -> _PerThread:
    global _HANDLER
    if _HANDLER is None:
        _HANDLER = _PerThread()
        apprise_log = logging.getLogger("apprise")
        apprise_log.addHandler(_HANDLER)
        apprise_log.propagate = False  # its records may name a URL: only the scrubbed error is logged
        apprise_log.setLevel(logging.WARNING)
    return _HANDLER


def apprise_send(url: str, note: Note) -> str | None:
    """Send ``note`` to ``url`` with Apprise, in the calling thread; None when sent, else why not
    (possibly naming parts of the URL: scrub before showing). Never raises."""
    import apprise
    handler = _handler()
    handler.local.lines = []
    try:
        notifier = apprise.Apprise(asset=asset())
        if not notifier.add(url):
            return "Apprise cannot use this URL any more"
        result = notifier.notify(body=note.body, title=note.title, body_format=apprise.NotifyFormat.MARKDOWN)
        if result:
            return None
        said = [line for line in handler.local.lines if line.strip()]
        logs = getattr(result, "logs", None)  # Apprise 2 keeps each call's log with its result
        if callable(logs):
            said += [str(e.message) for e in logs() if _serious(getattr(e, "level", ""))]
        return said[-1] if said else "the service did not take the notification"
    except Exception as exc:  # noqa: BLE001 - a plugin's fault is this channel's failure, nothing more
        return f"{type(exc).__name__}: {exc}"
    finally:
        handler.local.lines = None


def _serious(level: object) -> bool:
    if isinstance(level, int):
        return level >= logging.WARNING
    return str(level).upper() in ("WARNING", "ERROR", "CRITICAL")


@dataclass
class _Lane:
    """One channel's queue and its sender task."""

    notes: deque[Note] = field(default_factory=deque)
    task: asyncio.Task[None] | None = None
    suspect: bool = False


class Deliverer:
    """Sends notes to channels; see the module's docstring."""

    def __init__(self, store: ChannelStore, *, send: Send = apprise_send, workers: int = 4, suspect_workers: int = 2,
                 attempts: int = 5, backoff: float = 5.0, max_backoff: float = 600.0, queue_limit: int = 50) -> None:
        self.store = store
        self.send = send
        _handler()  # made here, on the loop's thread, before any worker thread logs
        self.attempts = attempts
        self.backoff = backoff
        self.max_backoff = max_backoff
        self.queue_limit = queue_limit
        self.healthy = ThreadPoolExecutor(workers, thread_name_prefix="holotable-notify")
        self.suspects = ThreadPoolExecutor(suspect_workers, thread_name_prefix="holotable-notify-retry")
        self.lanes: dict[int, _Lane] = {}
        self._idle = asyncio.Event()
        self._idle.set()
        self.closed = False

    def submit(self, channel_id: int, note: Note) -> None:
        """Queue ``note`` for channel ``channel_id`` (the oldest queued note goes if the queue is full).
        Must be called on the event loop."""
        if self.closed:
            return
        lane = self.lanes.setdefault(channel_id, _Lane())
        channel = self.store.get(channel_id)
        if len(lane.notes) >= self.queue_limit:
            lane.notes.popleft()
            if channel is not None:
                channel.dropped += 1
        lane.notes.append(note)
        if channel is not None:
            channel.pending = len(lane.notes)
        if lane.task is None or lane.task.done():
            self._idle.clear()
            lane.task = asyncio.get_running_loop().create_task(self._run(channel_id, lane))

    def _delay(self, attempt: int) -> float:
        return min(self.max_backoff, self.backoff * 2 ** attempt) * random.uniform(0.8, 1.2)

    async def _run(self, channel_id: int, lane: _Lane) -> None:
        loop = asyncio.get_running_loop()
        try:
            while lane.notes and not self.closed:
                note = lane.notes[0]
                channel = self.store.get(channel_id)
                if channel is None:  # removed meanwhile: nothing more goes to it
                    lane.notes.clear()
                    break
                for attempt in range(self.attempts):
                    pool = self.suspects if lane.suspect else self.healthy
                    error = await loop.run_in_executor(pool, self.send, channel.url, note)
                    if self.store.get(channel_id) is None:
                        break
                    if error is None:
                        lane.suspect = False
                        self.store.delivered(channel_id, None)
                        break
                    lane.suspect = True
                    error = scrub(error, channel.url)[:300]
                    self.store.delivered(channel_id, error)
                    last = attempt + 1 == self.attempts
                    log.warning("notification to %s (channel %d, %s) failed, attempt %d of %d%s: %s", redact(channel.url),
                                channel_id, channel.owner or f"public channel of {channel.game}", attempt + 1,
                                self.attempts, "; dropped" if last else "", error)
                    if not last:
                        await asyncio.sleep(self._delay(attempt))
                if lane.notes and lane.notes[0] is note:
                    lane.notes.popleft()
                channel.pending = len(lane.notes)
        finally:
            lane.task = None
            if not lane.notes:
                self.lanes.pop(channel_id, None)
            if not any(lane.notes for lane in self.lanes.values()) and not any(
                    lane.task is not None for lane in self.lanes.values()):
                self._idle.set()

    async def drained(self, timeout: float | None = None) -> bool:
        """Wait until every queue is empty (or ``timeout`` seconds); whether they are."""
        try:
            await asyncio.wait_for(self._idle.wait(), timeout)
        except asyncio.TimeoutError:
            return False
        return True

    async def close(self) -> None:
        """Stop sending (queued notes are dropped); threads still waiting on a service end by its timeout."""
        self.closed = True
        tasks = [lane.task for lane in self.lanes.values() if lane.task is not None]
        for task in tasks:
            task.cancel()
        if tasks:
            await asyncio.gather(*tasks, return_exceptions=True)
        self.lanes.clear()
        self.healthy.shutdown(wait=False, cancel_futures=True)
        self.suspects.shutdown(wait=False, cancel_futures=True)
        self._idle.set()
