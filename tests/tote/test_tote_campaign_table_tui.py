"""A campaign day with a battle, played as a player plays it (issue 29.1): at a shared terminal
(hot-seat) the Empire's galaxy post says its battle at Coruscant first, ctrl+g opens that grid, an
``at Coruscant`` order given on it is accepted (a wrong one refused with the reason), the other
factions post, and the battle's report follows in the Empire's turn report. Snapshots of the post
with its battle at 120x40 and 80x24."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from tui.app import HolotableApp
from tui.storage import MemorySaves
from tui.screens.curtain import CurtainScreen
from tui.screens.game import GameScreen
from tui.screens.handover import HandOverScreen
from tui.screens.report import ReportScreen
from tui.widgets.rings_board import RingsBoard

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tui"))
from test_tote_campaign_table import remnant_at_coruscant  # noqa: E402
from tui_helpers import enter_order, screen_text, widget_text  # noqa: E402

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]


async def settle(pilot: Pilot[Any]) -> None:
    for _ in range(3):
        await pilot.pause()
        await pilot.wait_for_scheduled_animations()
        await pilot.pause(0.1)


async def to_seat(pilot: Pilot[Any], seat: str) -> list[str]:
    """Through hand-overs, curtains and reports until ``seat``'s war room; returns the reports read."""
    reports = []
    for _ in range(20):
        screen = pilot.app.screen
        if isinstance(screen, GameScreen) and screen.seat == seat:
            return reports
        if isinstance(screen, ReportScreen):
            reports.append(widget_text(screen, "#report-lines"))
            await pilot.press("escape")
        elif isinstance(screen, (HandOverScreen, CurtainScreen)):
            await pilot.press("enter")
        elif isinstance(screen, GameScreen):
            await pilot.press("ctrl+r")  # another seat: a bare post
        await settle(pilot)
    raise AssertionError(f"never reached {seat}'s war room; at {pilot.app.screen!r}")


async def test_gap_02_a_battle_day_from_the_galaxy_post_through_the_grid_to_the_report() -> None:
    """TOTE-GAP-02 / TOTE-FLOW-05 at a shared terminal: the Empire's post says "battle at Coruscant:
    your orders there"; ctrl+g shows the Coruscant grid; ``at coruscant hold GE-x`` is accepted onto
    the sheet and ``at coruscant hold NR-1`` refused with the reason; after every post the turn
    report the Empire reads holds the battle and its post there."""
    session = remnant_at_coruscant()
    day = session.turn
    app = HolotableApp(session, saves=MemorySaves())
    ge = next(i for i, u in sorted(session.state["campaign"]["units"].items()) if u["faction"] == "al"
              and u.get("system") == "coruscant" and u.get("space") and not u.get("unassigned") and not u.get("carried_by"))
    async with app.run_test(size=(120, 40)) as pilot:
        await to_seat(pilot, "al")
        screen = app.screen
        assert "battle at Coruscant: your orders there" in screen_text(app), screen_text(app)
        await pilot.press("ctrl+g")
        await settle(pilot)
        assert isinstance(screen.query_one("#board"), RingsBoard), "ctrl+g did not open the battle grid"
        await enter_order(pilot, "at coruscant hold NR-1")
        await settle(pilot)
        assert "is not one of the units you can use here" in screen_text(app), screen_text(app)
        await enter_order(pilot, f"at coruscant hold {ge}")
        await settle(pilot)
        assert session.state["sheets"]["al"][-1]["text"] == f"at coruscant hold {ge}", session.state["sheets"]["al"]
        await pilot.press("ctrl+r")
        await settle(pilot)
        reports = []
        for _ in range(6):
            if session.turn > day:
                break
            seat = next(iter(session.awaiting()), None)
            reports += await to_seat(pilot, seat)
            await pilot.press("ctrl+r")
            await settle(pilot)
        assert session.turn == day + 1, "the day did not resolve"
        reports += await to_seat(pilot, "al")
    report = "\n".join(reports)
    assert "Battle at Coruscant" in report, f"the battle is not in the turn report:\n{report}"
    assert "At Coruscant your post gave 1 of your 1 battle order." in report, report


async def to_post(pilot: Pilot[Any]) -> None:
    await to_seat(pilot, "al")


@pytest.mark.parametrize("size", SIZES)
def test_the_post_with_its_battle(snap_compare: Any, size: tuple[int, int]) -> None:
    """The Empire's galaxy post on the day of its battle at Coruscant: the battle said first."""
    assert snap_compare(HolotableApp(remnant_at_coruscant(), saves=MemorySaves()), run_before=to_post, terminal_size=size)
