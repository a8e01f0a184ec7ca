"""The campaign's battles in the war room (issue 18): the galaxy opens into each battle grid the
seat fights in (ctrl+g cycles galaxy -> each battle -> galaxy, offered in the footer and the help
only when there is a battle), and battle orders go through the order line as ``at <world> ...``.
Pilot tests, and snapshots of the switched board at 80x24 and 120x40."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from tui.screens.game import GameScreen
from tui.widgets.galaxy_map import GalaxyMap
from tui.widgets.order_pane import OrderPane
from tui.widgets.rings_board import RingsBoard

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_tote_campaign_orders import battle_at_coruscant, post  # noqa: E402

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]


def al_at_its_post():
    """The Coruscant battle game at al's galaxy post (cy has posted)."""
    s = battle_at_coruscant()
    post(s, "cy")
    return s


from test_tote_tui import app_for, into_game, settle  # noqa: E402  the battle's war-room helpers


async def to_battle(pilot: Pilot[Any]) -> None:
    await into_game(pilot)
    await pilot.press("ctrl+g")
    await settle(pilot)


async def test_the_galaxy_opens_into_the_battle_grid_and_back() -> None:
    """TOTE-CONFLICT-01: al, in a battle at Coruscant, sees ctrl+g in the footer; it switches the
    board to the battle's rings grid (al's own battle view), an ``at`` order goes through the order
    line onto the sheet, and ctrl+g again brings the galaxy back."""
    session = al_at_its_post()
    app = app_for(session)
    async with app.run_test(size=(120, 40)) as pilot:
        await into_game(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.seat == "al"
        assert isinstance(screen.query_one("#board"), GalaxyMap)
        assert screen.check_action("next_board", ()) is True
        assert "Boards" in [b.description for b in screen._help_bindings()]
        await pilot.press("ctrl+g")
        await settle(pilot)
        board = screen.query_one("#board")
        assert isinstance(board, RingsBoard)
        assert board._board == session.view("al")["boards"][0]["board"]
        assert board.border_title == "Coruscant (battle) (2/2, ^g next)"
        pane = screen.query_one(OrderPane)
        pane.focus()
        await pilot.press(*"at coruscant move GE-1 B-1")
        await pilot.press("enter")
        await settle(pilot)
        assert session.state["sheets"]["al"][-1]["text"] == "at coruscant move GE-1 B-1"
        await pilot.press("ctrl+g")
        await settle(pilot)
        assert isinstance(screen.query_one("#board"), GalaxyMap)


async def test_the_battle_grid_puts_a_space_on_the_order_line_and_goes_when_the_battle_does() -> None:
    """On the battle grid opened from the galaxy, F2 and the arrows pick a space and Enter puts its id
    on the order line (after 'at coruscant move GE-1 '); when the view has no battle any more the
    galaxy comes back and the footer stops offering the next board."""
    session = al_at_its_post()
    app = app_for(session)
    async with app.run_test(size=(120, 40)) as pilot:
        await to_battle(pilot)
        screen = app.screen
        pane = screen.query_one(OrderPane)
        pane.focus()
        await pilot.press(*"at coruscant move GE-1 ")
        await pilot.press("f2")
        await pilot.press("down", "enter")
        await settle(pilot)
        line = screen.query_one("#order-input").value
        assert line.startswith("at coruscant move GE-1 ") and line.split()[-1] in ("C-1", "DSZ-1"), line
        screen.refresh_view(dict(session.view("al"), boards=[]))
        await settle(pilot)
        assert isinstance(screen.query_one("#board"), GalaxyMap)
        assert screen.check_action("next_board", ()) is False and screen.board_at == 0


async def test_no_battle_no_next_board() -> None:
    """cy has no forces in a battle: its view has no battle boards, the footer and help offer no
    next board, and ctrl+g leaves the galaxy on the screen."""
    session = battle_at_coruscant()
    assert session.view("cy")["boards"] == []
    app = app_for(session)
    async with app.run_test(size=(120, 40)) as pilot:
        await into_game(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.seat == "cy"
        assert screen.check_action("next_board", ()) is False
        assert "Boards" not in [b.description for b in screen._help_bindings()]
        await pilot.press("ctrl+g")
        await settle(pilot)
        assert isinstance(screen.query_one("#board"), GalaxyMap)


@pytest.mark.parametrize("size", SIZES)
def test_battle_grid_from_the_galaxy(snap_compare: Any, size: tuple[int, int]) -> None:
    """The switched board: al's view of the Coruscant battle grid from its galaxy post."""
    assert snap_compare(app_for(al_at_its_post()), run_before=to_battle, terminal_size=size)
