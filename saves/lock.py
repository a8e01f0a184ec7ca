"""One writer per game: an OS lock (``fcntl.flock``) on ``<game-id>.lock``, with the holder written in it.

The kernel drops a ``flock`` when its process dies, however it dies, so a lock left by a crashed or
killed holotable never blocks anyone: the next writer simply takes it (and overwrites the stale
holder's note). A second writer while the first lives gets :class:`~saves.errors.GameLocked`
naming the holder's pid, host and since when. Readers (listing, replay, verify, export) take no
lock: saves are replaced atomically, so a reader always sees a whole save.

The lock file is the one file holotable writes in place: it must keep its inode for the lock to
mean anything, and its content is only a note for humans.
"""
from __future__ import annotations

import fcntl
import json
import os
import socket
import stat
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from core.text import printable
from saves.atomic import read_regular
from saves.errors import GameLocked, SaveError


@dataclass(frozen=True)
class Holder:
    """Who holds a game open for writing."""

    pid: int
    host: str
    since: float

    def describe(self) -> str:
        """``pid 123 on host anvil since 2025-01-31 20:15:02``."""
        when = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(self.since))
        return f"pid {self.pid} on host {self.host} since {when}"


def read_holder(path: Path) -> Holder | None:
    """The holder note in a lock file, or None if there is none or it cannot be read (never raises)."""
    try:
        data: Any = json.loads(read_regular(path, str(path), 4096).decode("utf-8") or "null")
        return Holder(int(data["pid"]), printable(str(data["host"]), 64), float(data["since"]))
    except (OSError, ValueError, TypeError, KeyError, SaveError, RecursionError):
        return None


class WriterLock:
    """The writer's lock on one game. Use :meth:`acquire` and :meth:`release` (or ``with``)."""

    def __init__(self, path: Path, game_id: str) -> None:
        """A lock on ``path`` guarding game ``game_id``; nothing is taken until :meth:`acquire`."""
        self.path = path
        self.game_id = game_id
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        """Whether this object holds the lock now."""
        return self._fd is not None

    def acquire(self) -> None:
        """Take the lock without waiting and write our note in it.

        Raises GameLocked naming the holder if another process (or another handle in this one)
        holds it, or SaveError if the lock file cannot be made.
        """
        if self._fd is not None:
            return
        try:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0)
                         | getattr(os, "O_NOCTTY", 0), 0o600)
        except OSError as exc:
            raise SaveError(f"cannot make the lock file {self.path}: {exc.strerror or exc} (a lock file is a "
                            f"plain file holotable makes; move whatever is there away)") from None
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            os.close(fd)
            raise SaveError(f"the lock file {self.path} is not a plain file; move it away and try again")
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            holder = read_holder(self.path)
            who = holder.describe() if holder else "another process (it has not written its name yet)"
            raise GameLocked(f"game {self.game_id!r} is open for writing by {who}; only one holotable may "
                             f"write a game at a time: close it there first (replay, verify, export and "
                             f"listing still work meanwhile)") from None
        note = json.dumps({"pid": os.getpid(), "host": socket.gethostname(), "since": time.time(),
                           "game": self.game_id}).encode("utf-8")
        try:
            os.ftruncate(fd, 0)
            os.pwrite(fd, note, 0)
            os.fsync(fd)
        except OSError:
            pass  # the note is for humans; the lock itself is held
        self._fd = fd

    def release(self) -> None:
        """Give the lock up (never raises). The file stays; its note is cleared."""
        fd, self._fd = self._fd, None
        if fd is None:
            return
        try:
            os.ftruncate(fd, 0)
        except OSError:
            pass
        try:
            fcntl.flock(fd, fcntl.LOCK_UN)
        finally:
            os.close(fd)

    def __enter__(self) -> "WriterLock":
        self.acquire()
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()
