"""Snapshots of the sheet with its money, the urgent line and the victory panel (issue 13).

The war room at 120x40 with a sheet of builds on two planets and an assault that can do nothing; and, at
both 80x24 and 120x40, the side column and the victory panel alone in a tiny app (no map, so nothing
pans before the picture: stable at 80x24 too). After a deliberate change of the look, run this file
with ``--snapshot-update`` and look at the pictures before committing them.
"""
from __future__ import annotations

from typing import Any

import pytest
from textual.app import App
from textual.containers import Horizontal, Vertical
from textual.pilot import Pilot
from textual.widgets import Static

from core.session import Session
from tui.app import HolotableApp
from tui.screens.victory import VictoryScreen
from tui.storage import MemorySaves
from tui.widgets.sheet import SheetPanel
from tui.widgets.urgent import UrgentLine
from tui_helpers import raw_session

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]
ORDERS = ["build Coruscant GF 2", "build Kuat ConS", "build Kuat z95 2", "improve Kuat 20", "assault Raxus"]


def sheet_session() -> Session:
    """al (GAR) with a retreating ship and five orders: builds at Coruscant and Kuat, an improvement, an assault
    with no GF on the way."""
    session = raw_session("sheet-snap")
    from core.rulesets.raw.setup import new_unit, next_uid
    uid = next_uid(session.state, "al")
    session.state["units"][uid] = {**new_unit("AqL", "al", "Bothawui"), "retreat": True}
    session.state["planets"]["Kuat"]["owner"] = "al"
    for text in ORDERS:
        session.order("al", "al", text)
    return session


class SideApp(App[None]):
    """The side column of one seat's war room alone: the urgent line over the sheet (46 columns, as in the game)."""

    CSS = """
    #col { width: 46; border-left: vkey $primary-darken-2; }
    #rest { width: 1fr; }
    """

    def __init__(self, session: Session, seat: str) -> None:
        super().__init__()
        self.session = session
        self.seat = seat

    def compose(self):  # type: ignore[no-untyped-def]
        with Horizontal():
            yield Static("", id="rest")
            with Vertical(id="col"):
                yield UrgentLine(id="urgent")
                yield SheetPanel(id="sheet")

    def on_mount(self) -> None:
        view = self.session.view(self.seat)
        queued = bool(self.session.ruleset.simultaneous)
        self.query_one(UrgentLine).show(view, self.seat, queued)
        self.query_one(SheetPanel).show(list(view["sheet"]), False, queued, view["sheet_notes"])


class VictoryApp(App[None]):
    """The victory panel of one seat over an empty screen."""

    def __init__(self, session: Session, seat: str) -> None:
        super().__init__()
        self.session = session
        self.seat = seat

    def on_mount(self) -> None:
        view = self.session.view(self.seat)
        self.push_screen(VictoryScreen(self.session.ruleset.title, view["victory"], self.session.side_of(self.seat)))


def gcw_session() -> Session:
    return Session.new("gcw", [("em", "Empire"), ("re", "Rebel")], seed="map")


@pytest.mark.parametrize("size", SIZES)
class TestSheetMoney:
    def test_raw_sheet_with_totals(self, snap_compare: Any, size: tuple[int, int]) -> None:
        assert snap_compare(SideApp(sheet_session(), "al"), terminal_size=size)

    def test_raw_victory(self, snap_compare: Any, size: tuple[int, int]) -> None:
        assert snap_compare(VictoryApp(sheet_session(), "al"), terminal_size=size)

    def test_gcw_victory(self, snap_compare: Any, size: tuple[int, int]) -> None:
        assert snap_compare(VictoryApp(gcw_session(), "re"), terminal_size=size)


async def settle(pilot: Pilot[Any]) -> None:
    for _ in range(3):
        await pilot.pause()
        await pilot.wait_for_scheduled_animations()
        await pilot.pause(0.2)


def test_war_room_sheet_with_totals(snap_compare: Any) -> None:
    """The whole war room at 120x40 with the money on the sheet and the urgent line (80x24: the map pans, see above)."""
    async def enter(pilot: Pilot[Any]) -> None:
        await pilot.press("enter")
        await settle(pilot)
    app = HolotableApp(sheet_session(), saves=MemorySaves())
    assert snap_compare(app, run_before=enter, terminal_size=(120, 40))
