"""Snapshots of every screen of the war room at 80x24 and 120x40 (pytest-textual-snapshot).

Every input's cursor is steady and every game is seeded, so the pictures are stable. After a
deliberate change of the look, run ``pytest tests/tui/test_tui_snapshots.py --snapshot-update`` and
look at the new pictures (``tests/tui/__snapshots__``) before committing them.
"""
from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot

from core.session import Session
from tui.app import HolotableApp
from tui.storage import MemorySaves, SaveEntry
from tui_helpers import raw_session

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]


def hotseat_app(session: Session | None = None) -> HolotableApp:
    """A hot-seat app on a seeded Republic at War game, kept in memory."""
    return HolotableApp(session if session is not None else raw_session("snapshots"), saves=MemorySaves())


async def settle(pilot: Pilot[Any]) -> None:
    """Let the screen take in the last key (one pause: the map fits its zoom and pan to a new size
    before it draws the first frame at that size, so there is nothing else to wait for)."""
    await pilot.pause()


async def into_game(pilot: Pilot[Any]) -> None:
    """Through the curtain, with two orders on the sheet and a refused one on the line."""
    await pilot.press("enter")
    screen = pilot.app.screen
    session = screen.session
    session.order("al", "al", "build Coruscant GF 2")
    session.order("al", "al", "stance free")
    screen.refresh_view()
    screen.query_one("#order-input").value = "build Kuat Vc1"
    await pilot.press("enter")
    await settle(pilot)


@pytest.mark.parametrize("size", SIZES)
class TestLobby:
    def test_lobby(self, snap_compare: Any, size: tuple[int, int]) -> None:
        assert snap_compare(HolotableApp(saves=MemorySaves()), terminal_size=size)

    def test_new_game(self, snap_compare: Any, size: tuple[int, int]) -> None:
        assert snap_compare(HolotableApp(saves=MemorySaves(), seed="s1"), press=["n"], terminal_size=size)

    def test_load_game(self, snap_compare: Any, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setattr("tui.screens.load_game.when_text", lambda stamp: "2026-11-22 08:15" if stamp else "-")
        saves = MemorySaves([
            SaveEntry("raw-20261122-3fa9c2", "raw", "Republic at War", 4, ("al (GAR)", "bo (CIS)", "cy (GAR, bot)", "di (CIS, bot)"), 1.0),
            SaveEntry("gcw-20261121-77aa01", "gcw", "Galactic Civil War campaign", 2, ("em (Empire)", "re (Rebel)"), 1.0, "Rebel victory"),
            SaveEntry("broken", problem="game 'broken' is not a holotable game (not JSON)"),
        ])
        assert snap_compare(HolotableApp(saves=saves), press=["l"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
class TestCurtain:
    def test_curtain(self, snap_compare: Any, size: tuple[int, int]) -> None:
        assert snap_compare(hotseat_app(), terminal_size=size)

    def test_curtain_asks_for_the_pin(self, snap_compare: Any, size: tuple[int, int]) -> None:
        async def set_pin(pilot: Pilot[Any]) -> None:
            app = pilot.app
            app.hotseat.session.set_pin("al", "al", "1234")
            app.switch_screen(app._curtain("al"))
            await pilot.pause()
        assert snap_compare(hotseat_app(), run_before=set_pin, terminal_size=size)

    def test_game_over(self, snap_compare: Any, size: tuple[int, int]) -> None:
        session = raw_session("snapshots")
        session.gm_correct("gm", "over", '{"winners": ["CIS"], "reason": "the Republic conceded"}', "snapshot")
        assert snap_compare(hotseat_app(session), terminal_size=size)


# At 80x24 the Republic at War map opens zoomed in and panned to the selection; the pan is fitted in
# the map's drawing path, so the first frame at a size is already the panned one (no race).
@pytest.mark.parametrize("size", SIZES)
class TestGame:
    def test_game(self, snap_compare: Any, size: tuple[int, int]) -> None:
        assert snap_compare(hotseat_app(), run_before=into_game, terminal_size=size)

    def test_help(self, snap_compare: Any, size: tuple[int, int]) -> None:
        async def help_page(pilot: Pilot[Any]) -> None:
            await pilot.press("enter")
            await settle(pilot)
            await pilot.press("f1")
            await settle(pilot)
        assert snap_compare(hotseat_app(), run_before=help_page, terminal_size=size)

    def test_odds(self, snap_compare: Any, size: tuple[int, int]) -> None:
        async def odds(pilot: Pilot[Any]) -> None:
            await pilot.press("enter")
            await settle(pilot)
            pilot.app.screen.query_one("#order-input").value = "ally Ryloth"
            await pilot.press("enter")
            await settle(pilot)
        session = raw_session("snapshots")
        assert snap_compare(hotseat_app(session), run_before=odds, terminal_size=size)

    def test_pin(self, snap_compare: Any, size: tuple[int, int]) -> None:
        async def pin(pilot: Pilot[Any]) -> None:
            await pilot.press("enter")
            await settle(pilot)
            await pilot.press("f8", "1", "2")
            await settle(pilot)
        assert snap_compare(hotseat_app(), run_before=pin, terminal_size=size)

    def test_report(self, snap_compare: Any, size: tuple[int, int]) -> None:
        session = raw_session("snapshots")
        session.order("al", "al", "build Coruscant GF 2")
        session.ready("al", "al", True)
        session.ready("bo", "bo", True)
        assert session.turn == 2
        async def report(pilot: Pilot[Any]) -> None:
            await pilot.press("enter")
            await settle(pilot)
        assert snap_compare(hotseat_app(session), run_before=report, terminal_size=size)
