"""Where the galaxy map's view sits at a terminal size: the pan is fitted in the map's drawing path,
so the first frame drawn at a new size is already the fitted one (no frame of the old size's strips
or the old pan), and the view at a size is the same however the terminal got there (issue 13: the
80x24 game-screen snapshots raced the map's first pan)."""
from __future__ import annotations

from typing import Any

import pytest

from core.session import Session
from tui.app import HolotableApp
from tui.storage import MemorySaves
from tui.widgets.galaxy_map import GalaxyMap, legend
from tui_helpers import raw_session, screen_text


def hotseat(session: Session | None = None) -> HolotableApp:
    """A hot-seat app on the seeded Republic at War game of the map tests."""
    return HolotableApp(session or raw_session("map"), saves=MemorySaves())


def map_rows(app: HolotableApp) -> list[str]:
    """The rows of the screen the map widget covers, cut to its columns, as drawn now."""
    widget = app.screen.query_one("#board", GalaxyMap)
    region = widget.content_region
    rows = screen_text(app).splitlines()[region.y:region.y + region.height]
    return [row[region.x:region.x + region.width] for row in rows]


def fitted(app: HolotableApp) -> tuple[Any, ...]:
    """The map's size, zoom and pan."""
    widget = app.screen.query_one("#board", GalaxyMap)
    return widget.view_size, widget.zoom, widget.offset_x, widget.offset_y


async def opened_at(size: tuple[int, int]) -> tuple[tuple[Any, ...], list[str]]:
    """The map's fit and rows when the war room is opened at ``size`` directly."""
    app = hotseat()
    async with app.run_test(size=size) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        return fitted(app), map_rows(app)


async def test_the_first_frame_after_a_resize_is_the_fitted_one() -> None:
    """Shrunk from 120x40 to 80x24, the very next frame shows the zoomed map centred on the selection
    with its legend on the last row: the same picture as a war room opened at 80x24."""
    direct_fit, direct_rows = await opened_at((80, 24))
    app = hotseat()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        widget = app.screen.query_one("#board", GalaxyMap)
        assert widget.zoom == 0 and (widget.offset_x, widget.offset_y) == (0, 0), "at 120x40 the whole map is in view"
        await pilot.resize_terminal(80, 24)  # one pause: the first frame at the new size
        rows = map_rows(app)
        assert fitted(app) == direct_fit, f"the view after the resize {fitted(app)} is not the one at 80x24 {direct_fit}"
        assert rows == direct_rows, "the first frame after the resize differs from the war room opened at 80x24:\n" + "\n".join(rows)
        assert_fitted(app, rows)


def assert_fitted(app: HolotableApp, rows: list[str]) -> None:
    """The map's rows as drawn are those of its present size: the legend last, the selection in view."""
    widget = app.screen.query_one("#board", GalaxyMap)
    first = legend(widget.board).split(" · ")[0]
    assert rows[-1].startswith(f"zoom {widget.zoom} ") and first in rows[-1], \
        f"the last map row should be the legend (a frame of another size?), not {rows[-1]!r}"
    label = widget.geometry().labels[widget.selected]
    assert any(label.text in row for row in rows), f"the selected place's name {label.text!r} is not in view"


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_a_refused_order_takes_no_rows_from_the_map(size: tuple[int, int]) -> None:
    """Issue 13: the map keeps its size and position. A refused order's reason and the line's help
    share the rows under the order line, so a refusal (or an accepted order's note) leaves the map's
    size, zoom, pan and every drawn row as they were; the legend stays on its last row."""
    app = hotseat()
    async with app.run_test(size=size) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        widget = app.screen.query_one("#board", GalaxyMap)
        before, rows_before = fitted(app), map_rows(app)
        app.screen.query_one("#order-input").value = "build Kuat Vc1"
        await pilot.press("enter")
        await pilot.pause()
        assert "refused" in screen_text(app), "the order was refused, with its reason on screen"
        assert fitted(app) == before, f"a refusal moved or resized the map: {before} -> {fitted(app)}"
        assert map_rows(app) == rows_before, "a refusal changed what the map draws"
        rows = map_rows(app)
        if size == (120, 40):
            assert widget.zoom == 0 and rows[-1].startswith(legend(widget.board)[:20]), \
                f"the last map row should be the legend, not {rows[-1]!r}"
        else:
            assert_fitted(app, rows)


async def test_the_view_at_a_size_is_the_same_however_it_was_reached() -> None:
    """80x24, then 200x60, then 80x24 again: the same zoom and pan as the first time, the selected
    place near the middle of the view."""
    app = hotseat()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        first, first_rows = fitted(app), map_rows(app)
        widget = app.screen.query_one("#board", GalaxyMap)
        (vw, vh), cell = widget.view_size, widget.geometry().cells[widget.selected]
        assert abs(cell[1] - widget.offset_y - vh // 2) <= 1, f"the selection is not centred: row {cell[1] - widget.offset_y} of {vh}"
        await pilot.resize_terminal(200, 60)
        assert fitted(app) != first
        await pilot.resize_terminal(80, 24)
        assert fitted(app) == first and map_rows(app) == first_rows, f"back at 80x24 the view moved: {fitted(app)} != {first}"
