"""Twilight's galaxy as a player reads it (issue 29, point 3): every world's name whole at 120x40
(the names the view's edge would cut drawn inside it, or marked ``…``, and each whole in some view the
player can pan to), the route kinds told apart by their lines and named in a legend shown whole
(TOTE-MAP-02 trade 6 h, TOTE-MAP-03 common 12 h, TOTE-MAP-07 uncharted 12 + 24 h), the selected
world's routes highlighted with their hours, and what the viewer knows of a world marked stale when
it is not of now (TOTE-GAP-07). Snapshots of the opening galaxy at 120x40 and 80x24."""
from __future__ import annotations

import re
from typing import Any

import pytest
from textual.pilot import Pilot

from core.rulesets.tote.rules.galaxy import galaxy, map_board
from core.session import Session
from tui.app import HolotableApp
from tui.screens.game import GameScreen
from tui.screens.report import ReportScreen
from tui.storage import MemorySaves
from tui.widgets.galaxy_map import ROUTE_STYLE, GalaxyMap, draw_map, legend_items
from tui.widgets.map_layout import layout_for
from tui_helpers import screen_text

#: Every world of Twilight's galaxy (data/planets.toml), as the map must show it.
WORLDS = [
    "Abregado-rae", "Ammuud", "Anaxes", "Bakura", "Balmorra", "Bastion", "Bespin", "Bilbringi", "Bonadan",
    "Bothawui", "Brentaal", "Byss", "Carida", "Cato Neimoidia", "Chandrila", "Ciutric IV", "Commenor",
    "Corellia", "Coruscant", "Csilla", "Dagobah", "Dantooine", "Dathomir", "Devaron", "Duro", "Endor",
    "Eriadu", "Etti IV", "Felucia", "Foerost", "Fondor", "Gamorr", "Geonosis", "Hapes", "Hoth", "Ithor",
    "Jakku", "Kashyyyk", "Kessa Reach", "Kessel", "Kuat", "Lianna", "Malastare", "Mandalore", "Mimban",
    "Mon Calamari", "Mustafar", "Muunilinst", "Mygeeto", "Naboo", "Nal Hutta", "Nar Shaddaa", "Ord Cantrell",
    "Ord Mantell", "Pammant", "Rodia", "Roon", "Ryloth", "Sluis Van", "Sullust", "Taris", "Tatooine",
    "Thyferra", "Toydaria", "Utapau", "Vergesso Asteroids", "Wayland", "Yavin 4", "Ylesia",
]


def opening() -> Session:
    """The campaign's first day at al's (the Empire's) post; bo (NR) and cy (HS) are bots."""
    return Session.new("tote", [("al", "GE"), ("bo", "NR", True), ("cy", "HS", True)], scenario="campaign",
                       seed="tui-look")


async def at_the_map(pilot: Pilot[Any]) -> None:
    """Into al's war room (past the opening report), the map focused (F2)."""
    await pilot.press("enter")
    await pilot.pause()
    if isinstance(pilot.app.screen, ReportScreen):
        await pilot.press("escape")
        await pilot.pause()
    await pilot.press("f2")
    await pilot.pause()


def map_rows(app: HolotableApp) -> list[str]:
    """The map widget's rows as drawn (its legend rows included), cut to its columns."""
    widget = app.screen.query_one("#board", GalaxyMap)
    region = widget.content_region
    rows = screen_text(app).splitlines()[region.y:region.y + region.height]
    return [row[region.x:region.x + region.width] for row in rows]


def whole_names(rows: list[str]) -> set[str]:
    """The world names standing whole on ``rows`` (not part of a longer word)."""
    text = "\n".join(rows)
    return {name for name in WORLDS if re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text)}


def test_the_test_lists_every_world() -> None:
    """The list above is the galaxy's (a world added to the data must be added to the test)."""
    assert sorted(p.name for p in galaxy().planets.values()) == WORLDS


async def test_map_01_every_world_name_whole_at_120x40() -> None:
    """Issue 29: at 120x40 no name on the map is cut ("Lian", "Toyd"): a name the view's edge would
    cut is drawn whole inside it, or ends in ``…`` where there is no room (pan to read it); panning
    over the map (Shift+arrows) shows every world's whole name, at the zoom the map opens at."""
    app = HolotableApp(opening(), saves=MemorySaves())
    async with app.run_test(size=(120, 40)) as pilot:
        await at_the_map(pilot)
        assert isinstance(app.screen, GameScreen)
        widget = app.screen.query_one("#board", GalaxyMap)
        geo = widget.geometry()
        assert all(label.whole for label in geo.labels.values()), \
            f"short names at 120x40: {sorted(l.text for l in geo.labels.values() if not l.whole)}"
        vw, vh = widget.view_size
        rows = map_rows(app)[:vh]
        for pid, label in geo.labels.items():
            if not widget.offset_y <= label.row < widget.offset_y + vh:
                continue
            row = rows[label.row - widget.offset_y]
            cut_at = [i for i in range(1, len(label.text)) if row.endswith(label.text[:i]) or row.startswith(label.text[i:])]
            assert label.text in row or not cut_at or "…" in row, \
                f"{label.text!r} is cut by the view's edge on the row {row!r}"
        seen: set[str] = set(whole_names(rows))
        zoom = widget.zoom
        for _ in range(4):
            await pilot.press("shift+up", "shift+left")
        assert (widget.offset_x, widget.offset_y) == (0, 0), "Shift+arrows pan to the map's north-west corner"
        for down in range(8):
            for right in range(8):
                seen |= whole_names(map_rows(app)[:vh])
                await pilot.press("shift+right")
            for right in range(8):
                await pilot.press("shift+left")
            await pilot.press("shift+down")
        assert widget.zoom == zoom
        missing = [name for name in WORLDS if name not in seen]
        assert not missing, f"at 120x40 these worlds' names are never whole on the map: {missing}"


def test_map_02_03_07_route_kinds_by_line_and_legend() -> None:
    """TOTE-MAP-02/03/07: every lane names its route type; trade routes are drawn double (═ ║),
    common single (─ │), uncharted dotted (┄ ┆ ⋰ ⋱), and the legend says so with the hours."""
    g = galaxy()
    board = map_board(g)
    kinds = {(a, b): kind for a, b, kind in board["lanes"]}
    assert len(kinds) == len(g.routes) and set(kinds.values()) == {"trade", "common", "uncharted"}
    assert {"═ trade 6 h", "─ common 12 h", "┄ uncharted 36 h"} <= set(legend_items(board))
    geo = layout_for(board, 72, 19, 1)
    picture = draw_map(board, geo, None, "al", ["al"])
    lines = {"trade": set("═║╔╗╚╝╬╱╲╳"), "common": set("─│╭╮╰╯┼╱╲╳"), "uncharted": set("┄┆⋰⋱╭╮╰╯┼╳")}
    names = {cell for label in geo.labels.values() for cell in label.cells()}  # a lane may pass beneath a name
    counts: dict[tuple[int, int], int] = {}
    for path in geo.lanes.values():
        for cell in path[1:-1]:
            counts[cell] = counts.get(cell, 0) + 1
    for ends, path in geo.lanes.items():
        kind = kinds[ends]
        own = [picture.chars[r][c] for c, r in path[1:-1] if counts[(c, r)] == 1 and (c, r) not in names]
        wrong = [ch for ch in own if ch not in lines[kind]]
        assert not wrong, f"the {kind} route {ends} is drawn with {wrong}"


def test_map_02_the_selected_worlds_routes_and_hours_stand_out() -> None:
    """The selected world's routes are drawn bright, their hours (6h, 12h, 36h) on them where a level
    stretch has room, and only those routes."""
    board = map_board(galaxy())
    geo = layout_for(board, 72, 19, 1)
    picture = draw_map(board, geo, "coruscant", "al", ["al"])
    names = {cell for label in geo.labels.values() for cell in label.cells()}  # a lane may pass beneath a name
    mine = {cell for (a, b), path in geo.lanes.items() if "coruscant" in (a, b) for cell in path[1:-1]} - names
    assert mine and all(ROUTE_STYLE in picture.styles[r][c] for c, r in mine), "Coruscant's routes are not highlighted"
    others = {cell for (a, b), path in geo.lanes.items() if "coruscant" not in (a, b) for cell in path[1:-1]} - mine - names
    assert not any(ROUTE_STYLE in picture.styles[r][c] for c, r in others), "another world's route is highlighted"
    text = "\n".join("".join(row) for row in picture.chars)
    assert "6h" in text, "no route-hours on Coruscant's trade routes"
    unselected = "\n".join("".join(row) for row in draw_map(board, geo, None, "al", ["al"]).chars)
    assert "6h" not in unselected and "12h" not in unselected, "hours drawn with no world selected"


def test_gap_07_a_world_seen_before_now_is_stale_on_the_map() -> None:
    """TOTE-GAP-07: what a faction knows of a world is as old as its last look: a world seen on day 3
    and not now is ``stale`` (drawn dim, the legend says so, the details say when); one seen now is not."""
    g = galaxy()
    board = map_board(g, {"now": 72, "seen": {"corellia": 48, "kuat": 72}, "current": ["kuat"],
                          "owners": {"corellia": None, "kuat": None}})
    by = {p["id"]: p for p in board["places"]}
    assert by["corellia"].get("stale") is True and "held by: nobody (seen day 3, 24 h ago)" in by["corellia"]["lines"]
    assert not by["kuat"].get("stale") and not by["byss"].get("stale")
    assert "dim: not seen now" in legend_items(board)
    geo = layout_for(board, 72, 19, 1)
    picture = draw_map(board, geo, None, "al", ["al"])
    c, r = geo.cells["corellia"]
    assert "dim" in picture.styles[r][c] and "dim" not in picture.styles[geo.cells["kuat"][1]][geo.cells["kuat"][0]]


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
async def test_map_legend_whole_at_120x40(size: tuple[int, int]) -> None:
    """Issue 29: the legend under the map is whole at 120x40 (on as many rows as it needs); at 80x24
    it keeps one row and starts with the zoom and pan keys."""
    app = HolotableApp(opening(), saves=MemorySaves())
    async with app.run_test(size=size) as pilot:
        await at_the_map(pilot)
        widget = app.screen.query_one("#board", GalaxyMap)
        vw, vh = widget.view_size
        shown = " · ".join(row.strip() for row in map_rows(app)[vh:])
        if size == (120, 40):
            for item in legend_items(widget.board):
                assert item in shown, f"{item!r} is missing from the legend as drawn: {shown!r}"
        else:
            assert len(map_rows(app)) - vh == 1 and shown.startswith(f"zoom {widget.zoom} PgUp/PgDn"), shown


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
def test_twilight_galaxy_snapshot(snap_compare: Any, size: tuple[int, int]) -> None:
    """The opening galaxy, Coruscant selected (its routes bright, their hours on them)."""
    app = HolotableApp(opening(), saves=MemorySaves())

    async def to_coruscant(pilot: Pilot[Any]) -> None:
        await at_the_map(pilot)
        pilot.app.screen.query_one("#board", GalaxyMap).select("coruscant")
        await pilot.pause()
    assert snap_compare(app, run_before=to_coruscant, terminal_size=size)
