"""What the war rooms of one server process share or take in turn: parsed CSS (one parse for every
app, per theme), one empty dict for every unused render cache, and the build of an app (one at a time, so players connecting together get their
first frames one after another, and none waits for all)."""
from __future__ import annotations

import asyncio

from textual.css.stylesheet import Stylesheet

from textual.cache import FIFOCache
from textual.strip import Strip

from server.lean_caches import EMPTY, lazy_strip_caches, share_empty_caches
from server.shared_css import share_parsed_css
from server_helpers import Table, open_terminal

CSS = "Static { color: $accent; } Input { height: 1; }"


def parsed(variables: dict[str, str]) -> Stylesheet:
    sheet = Stylesheet(variables=variables)
    sheet.add_source(CSS, read_from=("test", "sharing"))
    sheet.parse()
    return sheet


def test_stylesheets_share_their_parsed_rules_per_theme() -> None:
    share_parsed_css()
    share_parsed_css()  # idempotent
    one, two = parsed({"accent": "red"}), parsed({"accent": "red"})
    assert [r.selector_names for r in one.rules] == [r.selector_names for r in two.rules] and one.rules
    assert all(a is b for a, b in zip(one.rules, two.rules)), "the same CSS with the same theme is parsed once"
    other = parsed({"accent": "blue"})
    assert all(a is not b for a, b in zip(one.rules, other.rules)), "another theme's variables give their own rules"
    assert str(other.rules[0].styles.color) != str(one.rules[0].styles.color)


def test_unused_render_caches_share_one_empty_dict_and_used_ones_behave_as_textuals() -> None:
    share_empty_caches()
    share_empty_caches()  # idempotent
    strip = Strip([])
    assert strip._crop_cache._cache is EMPTY and strip._divide_cache._cache is EMPTY, "an unused cache owns no dict"
    cache: FIFOCache[str, int] = FIFOCache(2)
    assert cache.get("a") is None and "a" not in cache and not cache and len(cache) == 0
    cache["a"] = 1
    cache.set("b", 2)
    cache["c"] = 3  # the first in goes out
    assert cache._cache is not EMPTY and dict(cache._cache) == {"b": 2, "c": 3}, "a used cache has its own entries"
    assert cache["c"] == 3 and cache.get("a", 0) == 0 and cache.hits == 1 and cache.misses == 2
    cache.clear()
    assert len(cache) == 0 and EMPTY == {}, "nothing is ever written to the shared dict"


def test_a_strip_makes_its_caches_when_first_used_and_renders_as_textuals() -> None:
    from rich.segment import Segment
    from rich.style import Style

    assert lazy_strip_caches() and lazy_strip_caches(), "Textual's Strip is the one this was written for (idempotent)"
    strip = Strip([Segment("holo", Style(bold=True)), Segment("table")])
    slots = type(strip).__dict__["_crop_cache"].slot
    try:
        slots.__get__(strip, Strip)
        made_at_once = True
    except AttributeError:
        made_at_once = False
    assert not made_at_once, "a new strip has made none of its caches"
    cropped = strip.crop(2, 7)
    assert cropped.text == "lotab" and strip.crop(2, 7) is cropped, "a crop is cached once asked for"
    assert [s.text for s in strip.divide([4, 9])] == ["holo", "table"] and strip.cell_length == 9


async def test_players_connecting_at_once_are_built_in_turn_and_all_served(table: Table) -> None:
    terminals = await asyncio.gather(open_terminal(table, "ann"), open_terminal(table, "bob"), open_terminal(table, "gm"))
    try:
        await asyncio.gather(terminals[0].wait_for(r"al \(GAR\)"), terminals[1].wait_for(r"bo \(CIS\)"),
                             terminals[2].wait_for(r"\(GAR\)|\(CIS\)"))
        assert not table.server.builds.locked(), "the build turn is free once every app has drawn"
        assert len(table.server.first_frames) == 3 and table.server.gc.running == 3
    finally:
        for terminal in terminals:
            await terminal.close()
