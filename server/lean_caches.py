"""Render caches made when first used: a war room's unused caches cost nothing.

Textual gives each ``Strip`` (one rendered line of a widget) seven small caches of its own (crops,
divisions, styles, filters, ...), each a ``FIFOCache`` holding a dict, all made with the strip. A
war room at 120x40 keeps about 1,000 strips alive, and most of their caches are never used:
7,000 cache objects and as many empty dicts, 0.8 MiB per player. So, as Textual already does for
``Content``'s caches:

- :func:`share_empty_caches`: a ``FIFOCache`` holds one shared empty dict until its first entry,
  when it takes a dict of its own; nothing is ever written to the shared one (in-process at 120x40:
  3.48 MiB per war room before, 3.10 after).
- :func:`lazy_strip_caches`: a strip makes each of its caches when it is first asked for (a slot
  read through a small descriptor), so an unused one is never made.

Behaviour is Textual's; the CPU per keystroke was measured unchanged. Both check the Textual they
patch (its ``Strip`` slots) and leave a different one alone.

The hot-seat war room does not need this (one app per process); ``holotable serve`` calls it once.
"""
from __future__ import annotations

from typing import Any

from textual.cache import FIFOCache
from textual.strip import Strip

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


#: The caches a Textual 8 ``Strip`` makes in ``__init__``, with their sizes.
STRIP_CACHES = {"_divide_cache": 4, "_crop_cache": 16, "_style_cache": 16, "_filter_cache": 4,
                "_line_length_cache": 4, "_crop_extend_cache": 4, "_offsets_cache": 4}
STRIP_SLOTS = {"_segments", "_cell_length", *STRIP_CACHES, "_render_cache", "_link_ids", "_cell_count"}


class LazyCache:
    """A strip's cache slot that makes its ``FIFOCache`` on first read."""

    __slots__ = ("slot", "maxsize")

    def __init__(self, slot: Any, maxsize: int) -> None:
        self.slot = slot
        self.maxsize = maxsize

    def __get__(self, strip: Any, owner: Any = None) -> Any:
        if strip is None:
            return self
        try:
            return self.slot.__get__(strip, owner)
        except AttributeError:
            cache: FIFOCache[Any, Any] = FIFOCache(self.maxsize)
            self.slot.__set__(strip, cache)
            return cache

    def __set__(self, strip: Any, value: Any) -> None:
        self.slot.__set__(strip, value)


def _strip_init(self: Strip, segments: Any, cell_length: int | None = None) -> None:
    self._segments = list(segments)
    self._cell_length = cell_length
    self._render_cache = None
    self._link_ids = None
    self._cell_count = None


def lazy_strip_caches() -> bool:
    """Make every ``Strip`` made from now on create its caches when first used (idempotent).
    Returns False, changing nothing, when Textual's ``Strip`` is not the one this was written for."""
    if Strip.__init__ is _strip_init:
        return True
    if set(getattr(Strip, "__slots__", ())) != STRIP_SLOTS:
        return False
    for name, maxsize in STRIP_CACHES.items():
        setattr(Strip, name, LazyCache(Strip.__dict__[name], maxsize))
    Strip.__init__ = _strip_init  # type: ignore[method-assign]
    return True
