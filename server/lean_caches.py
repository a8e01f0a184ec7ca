"""Empty render caches cost nothing: every Textual ``FIFOCache`` starts on one shared empty dict.

Textual gives each ``Strip`` (one rendered line of a widget) seven small caches of its own (crops,
divisions, styles, filters, ...), each a ``FIFOCache`` holding a dict made at once. A war room
keeps about 1,600 strips alive, most of whose caches are never used: 0.4 MiB of empty dicts per
player (measured in-process at 120x40: 3.48 MiB per war room before, 3.10 after). With
:func:`share_empty_caches` a cache holds the one shared empty dict until its first entry, when it
takes a dict of its own; nothing is ever written to the shared one. Behaviour and speed are
Textual's (the CPU per keystroke was measured unchanged).

The hot-seat war room does not need this (one app per process); ``holotable serve`` calls it once.
"""
from __future__ import annotations

from typing import Any

from textual.cache import FIFOCache

EMPTY: dict[Any, Any] = {}
_set_alone = FIFOCache.set


def _start_empty(self: FIFOCache[Any, Any], maxsize: int) -> None:
    self._maxsize = maxsize
    self._cache = EMPTY
    self.hits = 0
    self.misses = 0


def _set_own(self: FIFOCache[Any, Any], key: Any, value: Any) -> None:
    if self._cache is EMPTY:
        self._cache = {}
    _set_alone(self, key, value)


def share_empty_caches() -> None:
    """Make every Textual ``FIFOCache`` made from now on start empty on one shared dict (idempotent)."""
    FIFOCache.__init__ = _start_empty  # type: ignore[method-assign]
    FIFOCache.set = _set_own  # type: ignore[method-assign]
    FIFOCache.__setitem__ = _set_own  # type: ignore[method-assign]
