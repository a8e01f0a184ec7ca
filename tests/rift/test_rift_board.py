"""RiftWar's field as a player reads it (issue 28): rulers in the orders' units, deployment zones,
cover drawn under units, ids that never run together, movers where the reaction found them, and
the cover, sight and dice of a fire order before it is given. Snapshots at 80x24 and 120x40."""
from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot

from core.session import Session
from tui.app import HolotableApp
from tui.storage import MemorySaves
from tui.widgets.field_board import FILL, FieldBoard, placements, raster, render, unit_card

from test_rift_tui import SIZES, deployed, through_curtain

WIDE, NARROW = (69, 18), (37, 11)  # the map cells of the field board at 120x40 and at 80x24


def deploying() -> Session:
    """Deployment under way: the first army placed in formation, the second about to place."""
    session = Session.new("rift", [("al", "Republic"), ("bo", "Separatists")], seed="tui-rift")
    chooser = session.state["deploy"]["chooser"]
    session.order(chooser, chooser, "deploy first")
    seat = next(iter(session.awaiting()))
    session.order(seat, seat, "formation")
    return session


def struck(seed: str = "tui-rift-0") -> Session:
    """A close group of three moves; the other army's coordinated reaction has struck at 60% of
    the path and its hits wait to be grouped: a reaction in progress."""
    session = deployed(seed)
    mover = session.state["active"]
    other = next(s for s in session.state["seats"] if s != mover)
    line = sorted((u for u in session.state["units"].values() if u["owner"] == mover and u["role"] == "ranged"
                   and u["size"] == "light"), key=lambda u: u["x"])
    for i in range(len(line) - 2):
        trio, lead = line[i:i + 3], line[i]
        order = f"move {','.join(u['id'] for u in trio)} {lead['x']:g},{lead['y'] + (4 if lead['y'] < 18 else -4):g}"
        for k in (3, 2):
            trial = deployed(seed)
            try:
                trial.order(mover, mover, order)
                reactors = [o["unit"] for o in trial.state["pending"]["opps"] if o["seat"] == other]
                trial.order(other, other, f"react {','.join(reactors[:k])} 60")
                trial.order(mover, mover, "confirm")
            except Exception:  # noqa: BLE001 - another trio, or fewer reactors
                continue
            if trial.state["pending"] and trial.state["pending"].get("current"):
                return trial
    raise AssertionError("no seed gave a reaction in progress")


def test_rift_map_11_a_unit_at_the_edge_of_a_field_is_drawn_in_cover() -> None:
    """RIFT-MAP-11 on the board: a unit at the edge of the wheat field is in cover; the view says
    why and the board draws its id on the field's ground, not as if in the open."""
    session = deployed()
    board = session.view("al")["board"]
    edge = [t for t in board["tokens"] if (t.get("cover") or {}).get("name") == "Wheat field"]
    assert edge, "the formation puts no unit at the wheat field's edge: pick another fixture"
    open_ground = [t for t in board["tokens"] if not t.get("cover") and t.get("size") != "heavy"]
    for size in (WIDE, NARROW):
        cells, spots = raster(board, *size), placements(board, *size)
        for tok in edge:
            assert "edge of Wheat field" in tok["cover"]["why"], tok["cover"]
            col, row, _label = spots[tok["id"]]
            assert f"on {FILL['field'][2]}" in cells[row][col][1], f"{tok['id']} is drawn as in the open: {cells[row][col]}"
        for tok in open_ground:
            col, row, _label = spots[tok["id"]]
            assert FILL["field"][2] not in cells[row][col][1], f"{tok['id']} in the open is drawn as in the field"
    assert "in cover: at the edge of Wheat field" in unit_card(edge[0])


def test_ids_never_run_together_or_overwrite_in_a_crowded_line() -> None:
    """Issue 28: both armies in formation (a crowded line each) at the map sizes of 120x40 and
    80x24: every living unit is drawn, no two labels overlap, and two on one row keep a blank
    between them ("B10B2" and "B13B14" are gone)."""
    for session in (deployed(), struck()):
        board = session.view("al")["board"]
        alive = [t for t in board["tokens"] if t["state"] not in ("dead", "wreck")]
        for width, height in (WIDE, NARROW):
            spots = placements(board, width, height)
            assert {t["id"] for t in alive} == set(spots), f"units not drawn at {width}x{height}"
            cells = raster(board, width, height)
            spans = sorted((row, col, col + len(label), tid) for tid, (col, row, label) in spots.items())
            for (r1, a1, b1, t1), (r2, a2, b2, t2) in zip(spans, spans[1:]):
                assert r1 != r2 or a2 > b1, f"{t1} and {t2} touch or overlap at {width}x{height}"
            for row, start, end, tid in spans:
                drawn = "".join(cells[row][c][0] for c in range(start, end))
                assert drawn in (tid, "•"), f"{tid} is drawn as {drawn!r}"
                for c in (start - 1, end):
                    if 0 <= c < width:
                        assert not cells[row][c][0].isalnum(), f"{tid} runs into {cells[row][c][0]!r}"
            assert sum(label == "•" for _c, _r, label in spots.values()) <= len(alive) // 4, "too many units lost their ids"


def test_rulers_on_the_boards_edges_in_the_orders_units() -> None:
    """Issue 28: a ruler over the map and one down its left side, in map units (the units of
    ``move A2 12,10``): the top starts at 0, rises in steady steps and never passes the map's size;
    the left one marks rows from 0."""
    board = deployed().view("al")["board"]
    w, h = board["size"]
    for width, height in (WIDE, NARROW):
        lines = render(board, width, height).plain.splitlines()
        marks = [int(m) for m in lines[0].split()]
        assert marks[0] == 0 and marks == sorted(marks) and marks[-1] <= w, lines[0]
        steps = {b - a for a, b in zip(marks, marks[1:])}
        assert len(steps) == 1, f"uneven ruler {marks}"
        assert lines[1].lstrip().startswith("0┤"), lines[1]
        lefts = [int(line.split("┤")[0]) for line in lines[1:height + 1] if "┤" in line]
        assert lefts == sorted(lefts) and lefts[-1] <= h, lefts


def test_rift_gap_15_deployment_zones_drawn_while_deploying_only() -> None:
    """RIFT-GAP-15: while units are placed, each seat's deployment zone is on the board (tinted,
    named); once the battle starts they are gone."""
    board = deploying().view("bo")["board"]
    assert [a["name"] for a in board["areas"]] == ["al's deployment zone", "bo's deployment zone"]
    text = render(board, *WIDE).plain
    assert "bo's deployment zone" in text and "deployment zones" in text
    assert deployed().view("al")["board"]["areas"] == []


def test_rift_react_03_movers_drawn_where_the_reaction_struck() -> None:
    """RIFT-REACT-03/05: during a move whose reaction fire has struck (its hits still to be
    grouped), the movers stand on the board where the fire found them, not at their start."""
    session = struck()
    p = session.state["pending"]
    t = p["current"]["t"]
    tokens = {tok["id"]: tok for tok in session.view("al")["board"]["tokens"]}
    for uid in p["units"]:
        u = session.state["units"][uid]
        x, y = u["x"] + p["delta"][0] * t, u["y"] + p["delta"][1] * t
        assert (tokens[uid]["x"], tokens[uid]["y"]) == pytest.approx((x, y)), f"{uid} is not drawn where it was hit"
        assert (u["x"], u["y"]) != pytest.approx((x, y))


def test_rift_dmg_05_fire_odds_say_cover_sight_and_dice() -> None:
    """RIFT-DMG-05 before the order: the odds of a fire at a unit in cover say 'in cover: -1 die'
    and why (what covers it), that the shooter sees it, and the dice it rolls."""
    session = deployed()
    board = session.view("al")["board"]
    covered = next(t for t in board["tokens"] if (t.get("cover") or {}).get("type") == "terrain")
    shooter = next(t for t in board["tokens"] if t["owner"] != covered["owner"] and covered["id"] in t.get("sees", [])
                   and t["role"] == "ranged")
    seat = shooter["owner"]
    session.state["active"] = seat
    odds = session.odds(seat, seat, f"fire {shooter['id']} {covered['id']}")
    notes = " ".join(odds.notes)
    assert f"{shooter['id']} sees {covered['id']}" in notes, notes
    assert "in cover: -1 die" in notes and "edge of Wheat field" in notes, notes
    assert odds.title.endswith(": 2d6, hits on 5-6") and "-1 for cover (RIFT-DMG-05)" in odds.title, odds.title
    assert "rolls 2d6" in notes, (odds.title, notes)


def test_unit_ids_never_stand_next_to_unit_names() -> None:
    """Issue 28 ("B2 B1 Battle Droid"): the roster lists a heading per unit type and ids under it;
    the unit card line sets the id apart from the name."""
    view = deployed().view("bo")
    rows = [row for roster in view["rosters"] for row in roster["rows"]]
    names = {u["type"] for u in view["facts"]["units"].values()}
    for row in rows:
        if not row.startswith("─"):
            assert not any(name in row for name in names), f"an id next to a unit name: {row!r}"
    assert any(row.startswith("─ B1 Battle Droid") for row in rows), rows
    tok = next(t for t in view["board"]["tokens"] if t["label"] == "B1 Battle Droid")
    card = unit_card(tok)
    assert card.startswith(f"unit {tok['id']} of bo · ") and card.endswith(" · a B1 Battle Droid, light ranged"), card


async def select_in_cover(pilot: Pilot[Any]) -> None:
    """Through the curtain; the cursor on a unit at the wheat field's edge."""
    await through_curtain(pilot)
    widget = pilot.app.screen.query_one(FieldBoard)
    board = widget._board
    width, height = widget._grid
    tok = next(t for t in board["tokens"] if (t.get("cover") or {}).get("name") == "Wheat field")
    col, row, _label = placements(board, width, height)[tok["id"]]
    widget.cursor = (col, row)
    widget._draw()
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_field_unit_at_a_terrain_edge_in_a_crowded_line(snap_compare: Any, size: tuple[int, int]) -> None:
    """The field with both armies in formation (crowded lines), the cursor on a unit at the edge of
    the wheat field: its card says it is in cover and why, its move reach is tinted."""
    assert snap_compare(HolotableApp(deployed(), saves=MemorySaves()), run_before=select_in_cover, terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_field_reaction_in_progress(snap_compare: Any, size: tuple[int, int]) -> None:
    """The reacting player's screen while its hits wait to be grouped: the movers where the fire
    found them, the path and its reaction stretches."""
    assert snap_compare(HolotableApp(struck(), saves=MemorySaves()), run_before=through_curtain, terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_field_deployment(snap_compare: Any, size: tuple[int, int]) -> None:
    """Deployment: the zones tinted and named, the first army placed."""
    assert snap_compare(HolotableApp(deploying(), saves=MemorySaves()), run_before=through_curtain, terminal_size=size)
