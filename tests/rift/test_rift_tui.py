"""The field board in the war room (pilot and snapshots at 80x24 and 120x40) and a move with
reaction fire declared and resolved in hot-seat, through the curtain, by typing orders."""
from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot

from core.session import Session
from tui.app import HolotableApp
from tui.screens.curtain import CurtainScreen
from tui.screens.game import GameScreen
from tui.storage import MemorySaves
from tui.widgets.field_board import SEEN, UNSEEN, FieldBoard, gutter, placements, raster, render

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]


def deployed(seed: str = "tui-rift") -> Session:
    """Both armies deployed in formation; the first active player to act."""
    session = Session.new("rift", [("al", "Republic"), ("bo", "Separatists")], seed=seed)
    chooser = session.state["deploy"]["chooser"]
    session.order(chooser, chooser, "deploy first")
    for _ in range(2):
        seat = next(iter(session.awaiting()))
        session.order(seat, seat, "formation")
    return session


def screen_text(app: HolotableApp) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def through_curtain(pilot: Pilot[Any]) -> None:
    await pilot.pause()
    if type(pilot.app.screen).__name__ == "HandOverScreen":  # the last result stays until a key hands over
        await pilot.press("enter")
        await pilot.pause()
    assert isinstance(pilot.app.screen, CurtainScreen), f"expected the curtain, got {pilot.app.screen}"
    await pilot.press("enter")
    await pilot.pause()
    if not isinstance(pilot.app.screen, GameScreen):
        await pilot.press("escape")
        await pilot.pause()


async def type_order(pilot: Pilot[Any], text: str) -> None:
    box = pilot.app.screen.query_one("#order-input")
    box.value = text
    box.focus()
    await pilot.press("enter")
    await pilot.pause()
    from tui.screens.handover import HandOverScreen
    if isinstance(pilot.app.screen, HandOverScreen):  # the result stays until a key hands over (issue 11)
        await pilot.press("enter")
        await pilot.pause()


def test_field_render_draws_structures_tokens_and_legend() -> None:
    """The widget draws from the view: every token's id, high/low/terrain fills and the legend."""
    session = deployed()
    board = session.view("al")["board"]
    text = render(board, 100, 30).plain
    for tok in board["tokens"]:
        assert tok["id"] in text, f"{tok['id']} is not drawn"
    assert "█" in text and "▒" in text and "♣" in text and "reaction fire" in text


@pytest.mark.parametrize("size", SIZES)
def test_rift_snapshot_board(snap_compare: Any, size: tuple[int, int]) -> None:
    """The game screen with the field board, a declared move waiting for reactions."""
    session = deployed()
    mover = session.state["active"]
    unit = next(u for u in session.state["units"].values() if u["owner"] == mover and u["role"] == "ranged" and u["size"] == "light")
    dy = 4 if unit["y"] < 18 else -4
    session.order(mover, mover, f"move {unit['id']} {unit['x']:g},{unit['y'] + dy:g}")
    assert snap_compare(HolotableApp(session, saves=MemorySaves()), run_before=through_curtain, terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
async def test_rift_move_with_reaction_fire_in_hotseat(size: tuple[int, int]) -> None:
    """RIFT-MOVE-02 in hot-seat: the mover types the move; the curtain hands the terminal to the
    reacting player, who declares; back to the mover, who confirms; the reaction is rolled."""
    session = deployed()
    mover = session.state["active"]
    other = "bo" if mover == "al" else "al"
    unit = next(u for u in session.state["units"].values() if u["owner"] == mover and u["role"] == "ranged" and u["size"] == "light")
    dy = 4 if unit["y"] < 18 else -4
    app = HolotableApp(session, saves=MemorySaves())
    async with app.run_test(size=size) as pilot:
        await through_curtain(pilot)
        assert app.screen.seat == mover
        await type_order(pilot, f"move {unit['id']} {unit['x']:g},{unit['y'] + dy:g}")
        assert session.state["pending"] is not None, "the move waits for the reactions"
        if type(app.screen).__name__ == "HandOverScreen":
            await pilot.press("enter")
            await pilot.pause()
        assert isinstance(app.screen, CurtainScreen), "the reacting player's turn comes behind the curtain"
        await through_curtain(pilot)
        assert isinstance(app.screen, GameScreen) and app.screen.seat == other
        assert "react" in screen_text(app)
        reactor = next(o for o in session.state["pending"]["opps"] if o["seat"] == other)
        await type_order(pilot, f"react {reactor['unit']} 50")
        await through_curtain(pilot)
        assert app.screen.seat == mover
        await type_order(pilot, "confirm")
        assert "arrives untouched" in screen_text(app), "the odds of getting through are shown before the move"
        await pilot.press("enter")  # give the order from the odds screen
        await pilot.pause()
        assert session.state["pending"] is None, (session.state["pending"]["step"], screen_text(app)[-2000:])
        assert any(f"reaction fire by {reactor['unit']}" in e["text"] for e in session.record["log"])
        board = app.screen.query_one(FieldBoard) if isinstance(app.screen, GameScreen) else None
        assert board is None or board._board is not None


async def test_rift_board_cursor_picks_units_and_points_for_the_order_line() -> None:
    """Keys move a cursor on the field; Enter on a unit puts its id on the order line, Enter on open
    ground puts the point x,y; a click does the same; the selected unit's move range is tinted."""
    session = deployed()
    mover = session.state["active"]
    app = HolotableApp(session, saves=MemorySaves())
    async with app.run_test(size=(120, 40)) as pilot:
        await through_curtain(pilot)
        board = app.screen.query_one(FieldBoard)
        board.focus()
        await pilot.press("down")
        await pilot.pause()
        assert board.cursor is not None
        point = board.picked_text()
        assert point is not None and "," in point
        await pilot.press("enter")
        await pilot.pause()
        line = app.screen.query_one("#order-input").value
        assert line.endswith(point), f"the order line holds {line!r}"
        mine = next(t for t in session.view(mover)["board"]["tokens"] if t["owner"] == mover)
        width, height = board._grid
        w, h = session.view(mover)["board"]["size"]
        board.cursor = (int(mine["x"] / (w / width)), int(mine["y"] / (h / height)))
        assert board.picked_text() == mine["id"]
        picture = render(session.view(mover)["board"], width, height, board.cursor)
        assert any("grey23" in str(span.style) for span in picture.spans), "the move range is not tinted"


async def test_list_builder_describes_the_chosen_rule_systems_own_list_form() -> None:
    """RIFT-ARMY-01 in the list builder: its header and placeholder come from the ruleset (a RiftWar
    army line, not Pocket Models' 'units / cards'); a broken army names the rule it breaks."""
    from textual.widgets import Input, Select, Static
    from core.registry import find_ruleset
    from tui.screens.fleet_builder import FleetBuilderScreen
    app = HolotableApp(saves=MemorySaves())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("b")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, FleetBuilderScreen)
        screen.query_one("#fb-ruleset", Select).value = "rift"
        await pilot.pause()
        header = str(screen.query_one("#fb-form", Static).visual.plain)
        shortest = min(find_ruleset("rift").starter_lists().values(), key=len)
        assert "RiftWar list" in header and "cards" not in header, header
        assert screen.query_one("#fb-text", Input).placeholder == shortest
        screen.query_one("#fb-text", Input).value = "30 Rifleman (light ranged)"
        await pilot.pause()
        checks = str(screen.query_one("#fb-checks", Static).visual.plain)
        assert "RIFT-ARMY-" in checks, checks
        screen.query_one("#fb-ruleset", Select).value = "swpm"
        await pilot.pause()
        assert "Pocket" in str(screen.query_one("#fb-form", Static).visual.plain)


def token_cell(board: dict[str, Any], tok: dict[str, Any], width: int, height: int) -> tuple[int, int]:
    """The cell where the widget draws a token's label (its first character)."""
    col, row, _label = placements(board, width, height)[tok["id"]]
    return col, row


def watcher(board: dict[str, Any], seat: str) -> dict[str, Any]:
    """A token of ``seat`` that sees some enemies and not others (the first such)."""
    foes = {t["id"] for t in board["tokens"] if t["owner"] != seat}
    return next(t for t in board["tokens"] if t["owner"] == seat and foes & set(t["sees"]) and foes - set(t["sees"]))


def test_field_board_marks_what_the_selected_unit_sees() -> None:
    """RIFT-GAP-04 on the board: with a unit under the cursor, every token it sees (enemy or friend)
    gets a blue ground and every token out of its sight is faint; the line under the board names
    the enemies it sees. Without a selection nothing is marked."""
    session = deployed()
    seat = session.state["active"]
    board = session.view(seat)["board"]
    me = watcher(board, seat)
    width, height = 110, 34
    cells = raster(board, width, height, token_cell(board, me, width, height))
    plain = raster(board, width, height)
    for tok in board["tokens"]:
        if tok is me:
            continue
        col, row = token_cell(board, tok, width, height)
        style = cells[row][col][1]
        if tok["id"] in me["sees"]:
            assert SEEN.strip() in style and UNSEEN.strip() not in style, f"{tok['id']} is seen by {me['id']}: {style!r}"
        else:
            assert UNSEEN.strip() in style and SEEN.strip() not in style, f"{tok['id']} is out of {me['id']}'s sight: {style!r}"
        assert SEEN.strip() not in plain[row][col][1] and UNSEEN.strip() not in plain[row][col][1]
    text = render(board, width, height, token_cell(board, me, width, height)).plain
    foes = [t for t in board["tokens"] if t["owner"] != seat]
    seen = [t["id"] for t in foes if t["id"] in me["sees"]]
    assert f"{me['id']} sees {len(seen)}/{len(foes)} enemies: {' '.join(seen)}" in text, text[-300:]


@pytest.mark.parametrize("size", SIZES)
async def test_rift_board_click_on_a_unit_shows_its_line_of_sight(size: tuple[int, int]) -> None:
    """A click on one of your units selects it: the board names the enemies it sees and marks them."""
    session = deployed()
    seat = session.state["active"]
    app = HolotableApp(session, saves=MemorySaves())
    async with app.run_test(size=size) as pilot:
        await through_curtain(pilot)
        board_widget = app.screen.query_one(FieldBoard)
        board = session.view(seat)["board"]
        width, height = board_widget._grid
        me = watcher(board, seat)
        col, row = token_cell(board, me, width, height)
        frame = (board_widget.content_region.x - board_widget.region.x, board_widget.content_region.y - board_widget.region.y)
        await pilot.click(FieldBoard, offset=(col + gutter(board) + frame[0], row + 1 + frame[1]))  # past border and rulers
        await pilot.pause()
        assert board_widget.picked_text() == me["id"], (board_widget.cursor, me)
        foes = [t for t in board["tokens"] if t["owner"] != seat]
        seen = sum(1 for t in foes if t["id"] in me["sees"])
        assert f"{me['id']} sees {seen}/{len(foes)} enemies" in screen_text(app)


async def select_watcher(pilot: Pilot[Any]) -> None:
    """Through the curtain, then the cursor on a unit that sees some enemies and not others."""
    await through_curtain(pilot)
    screen = pilot.app.screen
    board_widget = screen.query_one(FieldBoard)
    board = screen.view["board"] if hasattr(screen, "view") and isinstance(screen.view, dict) else board_widget._board
    width, height = board_widget._grid
    board_widget.cursor = token_cell(board, watcher(board, screen.seat), width, height)
    board_widget._draw()
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES)
def test_rift_snapshot_line_of_sight(snap_compare: Any, size: tuple[int, int]) -> None:
    """The game screen with a unit selected: the units it sees on a blue ground, the others faint,
    its move range tinted, and the line naming the enemies it sees."""
    assert snap_compare(HolotableApp(deployed(), saves=MemorySaves()), run_before=select_watcher, terminal_size=size)
