"""The tote battle in the war room: the ``rings`` board drawn from the view (pilot and snapshots at
80x24 and 120x40) and the unit card screen."""
from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot

from core.errors import OrderError
from core.session import Session
from tui.app import HolotableApp
from tui.screens.game import GameScreen
from tui.screens.report import ReportScreen
from tui.screens.unit_card import UnitCardScreen, card_text
from tui.storage import MemorySaves
from tui.widgets.order_pane import OrderPane
from tui.widgets.rings_board import RingsBoard, render

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]


def battle_session(posts: int = 3) -> Session:
    """A seeded Endor skirmish (al GE against bo NR) after ``posts`` posts played by the bots' orders."""
    session = Session.new("tote", [("al", "GE"), ("bo", "NR")], scenario="skirmish", seed="tui-rings")
    for _ in range(posts):
        seat = next(iter(session.awaiting()))
        for text in session.ruleset.bot(session.view(seat), seat):
            try:
                session.order(seat, seat, text)
            except OrderError:
                pass  # an order the earlier ones made pointless (its target already destroyed)
        session.ready(seat, seat, True)
    return session


def app_for(session: Session) -> HolotableApp:
    return HolotableApp(session, saves=MemorySaves())


async def settle(pilot: Pilot[Any]) -> None:
    for _ in range(3):
        await pilot.pause()
        await pilot.wait_for_scheduled_animations()
        await pilot.pause(0.1)


async def into_game(pilot: Pilot[Any]) -> None:
    """Through the curtain, past the report of the posts made since the seat's last look."""
    await pilot.press("enter")
    await settle(pilot)
    if isinstance(pilot.app.screen, ReportScreen):
        await pilot.press("escape")
        await settle(pilot)


def test_rings_render_lists_units_by_faction_with_marks() -> None:
    """The board text: every space of the grid, the viewer's units first with counts, the marks of
    damage, disabled units, tractors and patrols, and the legend."""
    board = {
        "kind": "rings", "title": "Endor: day 2", "viewer": "al",
        "rows": [{"label": "C", "cells": ["C-1", "C-2"]}, {"label": "ATMO", "cells": ["ATMO"]}],
        "factions": [{"seat": "al", "side": "GE", "symbol": "GE"}, {"seat": "bo", "side": "NR", "symbol": "NR"}],
        "spaces": {"C-1": {"id": "C-1", "name": "C-1", "units": [
            {"id": "NR-1", "code": "CORV", "owner": "bo", "state": "disabled", "tractored": True, "patrol": ""},
            {"id": "GE-1", "code": "ISD", "owner": "al", "state": "damaged", "tractored": False, "patrol": ""},
            {"id": "GE-2", "code": "TIEF", "owner": "al", "state": "ok", "tractored": False, "patrol": "CSP"},
            {"id": "GE-3", "code": "TIEF", "owner": "al", "state": "ok", "tractored": False, "patrol": "CSP"}]},
            "C-2": {"id": "C-2", "name": "C-2", "units": []}, "ATMO": {"id": "ATMO", "name": "Atmosphere", "units": []}},
    }
    text = render(board, 80).plain
    lines = text.splitlines()
    assert lines[0] == "Endor: day 2"
    c_line = next(i for i, l in enumerate(lines) if l.startswith("C "))
    assert "GE: ISD~ TIEF^x2" in lines[c_line + 1], lines[c_line + 1]
    assert "NR: CORV!>" in text, text
    assert "Atmosphere" in text and "~ damaged" in text and "^ CSP/CAP" in text
    assert all(len(l) <= 80 for l in lines), "a line is wider than the terminal"


async def test_rings_board_cursor_picks_a_space_and_opens_cards() -> None:
    """Pilot: the game screen shows the rings board; arrows pick a space, Enter puts its id on the
    order line, ``c`` opens the cards of the units there (Escape closes them)."""
    session = battle_session()
    app = app_for(session)
    async with app.run_test(size=(120, 40)) as pilot:
        await into_game(pilot)
        assert isinstance(app.screen, GameScreen)
        board = app.screen.query_one(RingsBoard)
        seat = app.screen.seat
        board.focus()
        await pilot.press("down", "enter")
        await settle(pilot)
        assert board.picked_text() == "C-1"
        assert board.place is not None and board.place["name"] == "C-1" and board.place["lines"], board.place
        assert any(line.split()[0] in session.state["units"] for line in board.place["lines"])
        assert "C-1" in app.screen.query_one(OrderPane).query_one("#order-input").value
        board.focus()
        await pilot.press("c")
        await settle(pilot)
        assert isinstance(app.screen, UnitCardScreen)
        mine = [c for c in app.screen.cards if c["owner"] == seat]
        assert app.screen.cards and all(c["space"] == "C-1" for c in app.screen.cards)
        assert any("/" in line for c in mine for line in c["lines"]) or not mine
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)


def test_unit_card_shows_exact_own_and_estimated_enemy_layers() -> None:
    """A unit card holds the full specification; its owner sees exact layers, another faction percent."""
    session = battle_session()
    view = session.view("al")
    cards = view["board"]["cards"]
    own = next(c for c in cards.values() if c["owner"] == "al")
    enemy = next((c for c in cards.values() if c["owner"] != "al"), None)
    text = card_text([own]).plain
    assert "UCR" in text and "Weapons:" in text and "/" in own["lines"][2], own["lines"]
    if enemy is not None:
        assert "%" in enemy["lines"][2] and "sensor estimate" in enemy["lines"][2]


@pytest.mark.parametrize("size", SIZES)
class TestRingsSnapshots:
    def test_battle_grid(self, snap_compare: Any, size: tuple[int, int]) -> None:
        assert snap_compare(app_for(battle_session()), run_before=into_game, terminal_size=size)

    def test_unit_card(self, snap_compare: Any, size: tuple[int, int]) -> None:
        async def cards(pilot: Pilot[Any]) -> None:
            await into_game(pilot)
            board = pilot.app.screen.query_one(RingsBoard)
            board.focus()
            await pilot.press("down", "c")
            await settle(pilot)
        assert snap_compare(app_for(battle_session()), run_before=cards, terminal_size=size)


def test_rings_board_shows_the_ground_and_hides_what_sensors_miss() -> None:
    """The stronghold's installations stand on the Surface of the defender's ground grid: the GM's
    board shows them there; an attacker in a Deep Space Zone sees nothing of the ground."""
    session = Session.new("tote", [("al", "IR"), ("bo", "NR")], scenario="stronghold", seed="rings-ground")
    gm = render(session.view("gm")["board"], 118).plain
    surface = next(l for l in gm.splitlines() if l.startswith("Surface"))
    assert "G-1 Surface" in surface
    assert "IR: FCC STORM100 PTLE PICE" in gm, gm
    attacker = render(session.view("bo")["board"], 118).plain
    assert "FCC" not in attacker and "PTLE" not in attacker, "the ground is hidden from a Deep Space Zone"


def campaign_session(days: int = 2) -> Session:
    """A seeded GE/NR campaign after ``days`` days of the bots' posts."""
    session = Session.new("tote", [("al", "GE"), ("bo", "NR")], scenario="campaign", seed="tui-campaign")
    for _ in range(2 * days):
        seat = next(iter(session.awaiting()))
        for text in session.ruleset.bot(session.view(seat), seat):
            session.order(seat, seat, text)
        session.ready(seat, seat, True)
    return session


async def test_campaign_plays_in_the_war_room_on_the_galaxy_map() -> None:
    """The campaign scenario in the war room: the galaxy as the map board, the seat's ledger as its
    resources, and a jump queued through the order line."""
    session = campaign_session()
    seat = next(iter(session.awaiting()))
    view = session.view(seat)
    assert view["board"]["kind"] == "map" and "treasury KC" in view["resources"]
    app = app_for(session)
    async with app.run_test(size=(120, 40)) as pilot:
        await into_game(pilot)
        assert isinstance(app.screen, GameScreen)
        ship = next(i for ids in view["facts"]["movers"].values() for i in ids)
        pane = app.screen.query_one(OrderPane)
        pane.focus()
        await pilot.press(*f"jump {ship} kuat")
        await pilot.press("enter")
        await settle(pilot)
    assert session.state["sheets"][seat][-1]["text"] == f"jump {ship} kuat"
