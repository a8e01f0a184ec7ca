"""The errors the saves raise. Every one carries a message a player (or the host) can read."""
from __future__ import annotations

from core.errors import HolotableError


class SaveError(HolotableError):
    """A save could not be read or written.

    The message says what was wrong (a torn file, a newer schema, another writer, a full disk) and
    what would be right. A file refused with a SaveError is left exactly as it was.
    """


class GameLocked(SaveError):
    """Another process holds the game open for writing; the message names it (pid, host, since)."""


class UnknownGame(SaveError):
    """No saved game has the asked id; the message lists the known ones."""
