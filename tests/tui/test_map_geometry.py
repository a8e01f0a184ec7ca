"""The galaxy map as a player reads it, computed from the view: every place name whole at 120x40
and at least a unique short name at 80x24, labels clear of places and of each other, and no lane
through or next to a place it does not join (issue 13, the map). Snapshots of the map for both
rule systems at 80x24, 120x40 and 200x60 pin the look."""
from __future__ import annotations

from typing import Any

import pytest
from textual import events
from textual.pilot import Pilot

from core.session import Session
from tui.app import HolotableApp
from tui.storage import MemorySaves
from tui.widgets.galaxy_map import GalaxyMap, legend, neighbours
from tui.widgets.map_layout import Geometry, geometry, short_names
from tui_helpers import raw_session

SIZES = [(80, 24), (120, 40), (200, 60)]


def gcw_session() -> Session:
    """A seeded GCW campaign, Empire and Rebel."""
    return Session.new("gcw", [("em", "Empire"), ("re", "Rebel")], seed="map")


SESSIONS = {"raw": lambda: raw_session("map"), "gcw": gcw_session}


async def map_of(ruleset_id: str, size: tuple[int, int]) -> tuple[dict[str, Any], tuple[int, int], Geometry]:
    """The board a seat sees, the map widget's view size and its geometry, in a war room of ``size``."""
    app = HolotableApp(SESSIONS[ruleset_id](), saves=MemorySaves())
    async with app.run_test(size=size) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        board_widget = app.screen.query_one("#board", GalaxyMap)
        return board_widget.board, board_widget.view_size, board_widget.geometry()


def check_geometry(board: dict[str, Any], geo: Geometry, where: str) -> None:
    """Labels clear of places and each other; lanes joined end to end and clear of other places."""
    body = {cell: pid for pid in geo.cells for cell in geo.occupied(pid)}
    seen: dict[tuple[int, int], str] = {}
    for pid, label in geo.labels.items():
        for cell in label.cells():
            assert cell not in body, f"{where}: the name of {pid} covers {body[cell]} at {cell}"
            assert cell not in seen, f"{where}: the names of {pid} and {seen[cell]} overlap at {cell}"
            assert 0 <= cell[0] < geo.width and 0 <= cell[1] < geo.height, f"{where}: the name of {pid} leaves the map"
            seen[cell] = pid
    for pid, label in geo.labels.items():
        for cell in ((label.start - 1, label.row), (label.start + len(label.text), label.row)):
            assert seen.get(cell, pid) == pid, f"{where}: the names of {pid} and {seen.get(cell)} run together"
    lanes = {(str(lane[0]), str(lane[1])) for lane in board["lanes"]}  # a lane may name its kind third
    assert not geo.unrouted, f"{where}: lanes with no route: {geo.unrouted}"
    assert set(geo.lanes) == lanes, f"{where}: lanes drawn differ from the board's"
    for (a, b), path in geo.lanes.items():
        assert path[0] in geo.occupied(a) and path[-1] in geo.occupied(b), f"{where}: lane {a}-{b} does not run from {a} to {b}"
        for p, q in zip(path, path[1:]):
            assert max(abs(p[0] - q[0]), abs(p[1] - q[1])) == 1, f"{where}: lane {a}-{b} jumps from {p} to {q}"
        for cell in path[1:-1]:
            for pid in geo.cells:
                if pid in (a, b):
                    continue
                for own in geo.occupied(pid):
                    assert max(abs(cell[0] - own[0]), abs(cell[1] - own[1])) > 1, \
                        f"{where}: lane {a}-{b} touches {pid} at {cell}"


@pytest.mark.parametrize("ruleset_id", ["raw", "gcw"])
async def test_every_name_is_whole_at_120x40_and_no_lane_touches_another_place(ruleset_id: str) -> None:
    board, view_size, geo = await map_of(ruleset_id, (120, 40))
    assert geo.width <= view_size[0] and geo.height <= view_size[1], \
        f"{ruleset_id}: at 120x40 the whole map should be in view without panning ({geo.width}x{geo.height} in {view_size})"
    names = {str(p["id"]): str(p["name"]) for p in board["places"]}
    assert set(geo.labels) == set(names), f"{ruleset_id}: places without a name: {sorted(set(names) - set(geo.labels))}"
    cut = [f"{names[pid]} shown as {label.text!r}" for pid, label in geo.labels.items() if label.text != names[pid]]
    assert not cut, f"{ruleset_id} at 120x40: names not whole: {cut}"
    check_geometry(board, geo, f"{ruleset_id} at 120x40")


@pytest.mark.parametrize("ruleset_id", ["raw", "gcw"])
@pytest.mark.parametrize("size", [(80, 24), (200, 60)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_every_place_has_a_unique_name_and_clear_lanes(ruleset_id: str, size: tuple[int, int]) -> None:
    board, _widget, geo = await map_of(ruleset_id, size)
    names = {str(p["id"]): str(p["name"]) for p in board["places"]}
    assert set(geo.labels) == set(names), f"{ruleset_id} at {size}: places without a name: {sorted(set(names) - set(geo.labels))}"
    shown = [label.text for label in geo.labels.values()]
    assert len(set(s.lower() for s in shown)) == len(shown), f"{ruleset_id} at {size}: two places share a name on the map"
    for pid, label in geo.labels.items():
        assert names[pid].startswith(label.text) and len(label.text) >= min(3, len(names[pid])), \
            f"{ruleset_id} at {size}: {label.text!r} is no short name of {names[pid]}"
    check_geometry(board, geo, f"{ruleset_id} at {size}")


def every_map_board() -> list[tuple[str, dict[str, Any]]]:
    """The board of every registered rule system that draws a map (a new rule system is checked too)."""
    from core.registry import find_ruleset, ruleset_ids
    found = []
    for ruleset_id in ruleset_ids():
        ruleset = find_ruleset(ruleset_id)
        sides = ruleset.sides()
        options = {"min_players": 2} if "min_players" in ruleset.options() else {}
        count = 2 if options else max(2, ruleset.min_seats)
        session = Session.new(ruleset_id, [(f"s{i}", sides[i % len(sides)]) for i in range(count)], options=options, seed="layout")
        board = session.view(session.seats()[0])["board"]
        if isinstance(board, dict) and board.get("kind") == "map":
            found.append((ruleset_id, board))
    return found


@pytest.mark.parametrize("size", [(42, 14), (72, 21), (150, 45)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_rule_systems_map_lays_out_cleanly_at_its_fitting_zoom(size: tuple[int, int]) -> None:
    from tui.widgets.map_layout import fit_zoom, layout_for
    boards = every_map_board()
    assert {"raw", "gcw"} <= {rid for rid, _b in boards}
    for ruleset_id, board in boards:
        geo = layout_for(board, *size, fit_zoom(board, *size))
        assert set(geo.labels) == {str(p["id"]) for p in board["places"]}, f"{ruleset_id} at {size}: a place has no name"
        check_geometry(board, geo, f"{ruleset_id} at {size}")


def test_short_names_are_unique_prefixes() -> None:
    names = ["Mygeeto", "Muunilinst", "Mon Cala", "Mon Calamari", "Kuat", "Kashyyyk", "Ando"]
    shorts = short_names(names)
    assert shorts["Mygeeto"] == "Myg" and shorts["Muunilinst"] == "Muu" and shorts["Kuat"] == "Kua"
    assert shorts["Mon Cala"] == "Mon Cala" and shorts["Mon Calamari"] == "Mon Calam", shorts
    assert len(set(shorts.values())) == len(names)


def test_geometry_is_computed_once_per_map_and_size() -> None:
    board = raw_session("map").view("al")["board"]
    first = geometry(board, 72, 24)
    moved = dict(board, places=[dict(p, owner="CIS", marks=["battle"]) for p in board["places"]])
    assert geometry(moved, 72, 24) is first, "owners and marks must not move anything on the map"


def test_legend_names_symbols_marks_and_moves() -> None:
    board = {"places": [{"id": "a", "symbol": "R", "owner": "GAR", "marks": ["fleet:2", "battle"]},
                        {"id": "b", "symbol": "n", "owner": "neutral", "marks": ["enemy:CIS=3"]}],
             "moves": [["a", "b"]]}
    text = legend(board)
    for part in ("R GAR", "n neutral", "+ your fleet", "* battle", "! enemy seen", "your moves"):
        assert part in text, f"{part!r} missing from the legend {text!r}"


def test_neighbours_are_one_lane_away() -> None:
    board = {"places": [{"id": "a", "name": "Alpha"}, {"id": "b", "name": "Beta"}, {"id": "c", "name": "Gamma"}],
             "lanes": [["a", "b"], ["c", "a"]]}
    assert neighbours(board, "a") == ["Beta", "Gamma"] and neighbours(board, "b") == ["Alpha"]


async def test_selection_keeps_the_map_still_and_zoom_pans() -> None:
    app = HolotableApp(raw_session("map"), saves=MemorySaves())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        widget = app.screen.query_one("#board", GalaxyMap)
        cells = dict(widget.geometry().cells)
        widget.focus()
        for key in ("right", "down", "left", "up"):
            await pilot.press(key)
            await pilot.pause()
            assert widget.geometry().cells == cells, f"the map moved when the selection moved ({key})"
        await pilot.press("pageup")
        await pilot.pause()
        assert widget.zoom == 1 and widget.geometry().width > widget.view_size[0]
        place = widget.selected
        gcell = widget.geometry().cells[place]
        vw, vh = widget.view_size
        assert widget.offset_x <= gcell[0] < widget.offset_x + vw and widget.offset_y <= gcell[1] < widget.offset_y + vh, \
            "zooming in must keep the selected place in view"
        before = widget.offset_y
        await pilot.press("shift+down")
        await pilot.pause()
        assert widget.offset_y > before or widget.offset_y + vh == widget.geometry().height, "Shift+Down should pan south"
        before = widget.offset_y
        widget.post_message(events.MouseScrollUp(widget, 3, 3, 0, -1, 0, False, False, False))
        await pilot.pause()
        assert widget.offset_y < before or before == 0, "the mouse wheel should pan north"


async def test_details_list_neighbours_and_queued_orders_there() -> None:
    session = raw_session("map")
    app = HolotableApp(session, saves=MemorySaves())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        session.order("al", "al", "build Coruscant GF 2")
        screen.refresh_view()
        widget = screen.query_one("#board", GalaxyMap)
        widget.select("Coruscant")
        await pilot.pause()
        details = screen.query_one("#details")
        text = str(details.visual.plain if hasattr(details.visual, "plain") else details.content)
        assert "1. build Coruscant GF 2" in text, f"the queued build at Coruscant is not in its details:\n{text}"
        assert "one jump: Anaxes, Devaron, Foerost" in text, f"Coruscant's neighbours are not listed:\n{text}"
        height, map_region = details.outer_size.height, widget.region
        widget.select("Gwori")
        await pilot.pause()
        assert details.outer_size.height == height and widget.region == map_region, \
            "the details panel keeps its height and the map its place when the selection changes"


@pytest.mark.parametrize("ruleset_id", ["raw", "gcw"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_map_snapshot(snap_compare: Any, ruleset_id: str, size: tuple[int, int]) -> None:
    session = SESSIONS[ruleset_id]()
    app = HolotableApp(session, saves=MemorySaves())

    async def enter(pilot: Pilot[Any]) -> None:
        await pilot.press("enter")
        await pilot.pause()
    assert snap_compare(app, run_before=enter, terminal_size=size)
