"""Pilot tests and 120x40 snapshots of the turn report screen and the end-of-game screen."""
from __future__ import annotations

import copy
import sys
from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Static

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tui"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "raw"))
from core.report import session_report  # noqa: E402
from core.session import Session  # noqa: E402
from test_golden_reports import gcw_campaign, raw_turn  # noqa: E402
from tui.app import HolotableApp  # noqa: E402
from tui.screens.curtain import CurtainScreen  # noqa: E402
from tui.screens.game_over import GameOverScreen  # noqa: E402
from tui.screens.report import ReportScreen  # noqa: E402
from tui.storage import MemorySaves  # noqa: E402
from tui_helpers import screen_text, widget_text  # noqa: E402

SIZE = (120, 40)


def ended() -> Session:
    """A two-seat RAW game: VP set at the table in turns 2 and 3, then CIS concedes in turn 4."""
    session = Session.new("raw", [("al", "GAR"), ("bo", "CIS")], options={"min_players": 2}, seed="the-end")
    session.order("al", "al", "build Coruscant GF 2")
    session.ready("al", "al")
    session.ready("bo", "bo")
    session.gm_correct("gm", "vp.GAR", "4", "the Mygeeto objective, scored at the table")
    session.gm_correct("gm", "vp.CIS", "3", "Raxus held")
    session.order("al", "al", "build Kuat Vc1")
    session.ready("al", "al")
    session.ready("bo", "bo")
    session.gm_correct("gm", "vp.GAR", "9", "the Kuat shipyards")
    session.ready("al", "al")
    session.ready("bo", "bo")
    session.order("bo", "bo", "concede")
    assert session.outcome() is not None and session.outcome().winners == ("GAR",)
    return session


class ReportApp(App[None]):
    """A bare app showing one report screen (no map behind it: the picture is stable)."""

    def __init__(self, screen: ReportScreen) -> None:
        super().__init__()
        self.report_screen = screen

    def on_mount(self) -> None:
        self.push_screen(self.report_screen)


def cy_report_screen() -> ReportScreen:
    session = raw_turn()
    report = session_report(session, "cy", 1, resources=session.view("cy")["resources"])
    return ReportScreen("Report for cy: turn 1", session.events_for("cy"), [report])


async def settle(pilot: Pilot[Any]) -> None:
    for _ in range(3):
        await pilot.pause()
        await pilot.wait_for_scheduled_animations()
        await pilot.pause(0.2)


async def test_the_hotseat_report_puts_the_summary_before_every_die() -> None:
    """After the battle turn, al (cy's teammate) passes the curtain and gets the report: the battle with
    each side's losses by ship and its chart, the capture, the builds, then the sheet and every die."""
    app = HolotableApp(Session.from_record(copy.deepcopy(raw_turn().record)), saves=MemorySaves())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, ReportScreen), f"al should see the turn's report first, not {app.screen!r}"
        text = widget_text(app.screen, "#report-lines")
        for piece in ("⚔ Battle at Cato Neimoidia", "GAR lost 20 pts: C3 (CR20 Landing Craft)",
                      "CIS lost 40 pts: B1 (Gozanti-class Cruisers)", "⚑ Taken: Cato Neimoidia",
                      "✚ Built at Kamino: 2 GF, A1 (CR20 Landing Craft)", "Losses at Cato Neimoidia",
                      "cy orders: assault Cato Neimoidia", "1 GF joins the garrison, 2 times (1, 2)", "[4] [5]"):
            assert piece in text, f"the report should show {piece!r}:\n{text}"
        assert text.index("⚔ Battle") < text.index("Details, every die") < text.index("battle at Cato Neimoidia: GAR attacks"), \
            "the summary comes first, the dice after"
        assert "bo orders" not in text and "Sullust" not in text, "nothing of CIS's own turn reaches al"
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, ReportScreen), "Escape closes the report"


async def test_sealed_records_show_their_hashes_on_a_key() -> None:
    session = gcw_campaign()
    turn = next(e["turn"] for e in session.record["log"] if e["kind"] == "sealed")  # the secret base is sealed on turn 1
    report = session_report(session, "bob", turn)
    assert report.seals, "the GCW turn should hold a sealed record"
    app = ReportApp(ReportScreen(f"Report for bob: turn {turn}", [], [report]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = widget_text(app.screen, "#report-lines")
        assert "sealed and verifiable" in text and "sha256" not in text and "{" not in text, text
        await pilot.press("s")
        await pilot.pause()
        assert "sha256" in widget_text(app.screen, "#report-lines"), "S shows the seals' hashes"


async def test_the_end_of_game_screen_tells_how_it_was_won() -> None:
    """At the final curtain, E opens the end: the final map, the winner and how, the scores, the revealed
    seed, the exact command that checks it, and the victory points over the turns."""
    session = ended()
    saves = MemorySaves()
    app = HolotableApp(saves=saves)
    async with app.run_test(size=SIZE) as pilot:
        app.begin_hotseat(session, saves.adopt(session))
        await settle(pilot)
        assert isinstance(app.screen, CurtainScreen), f"a finished game opens at the curtain, not {app.screen!r}"
        await pilot.press("e")
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen), f"E should open the end of the game, not {app.screen!r}"
        text = widget_text(app.screen, "#over-text")
        for piece in ("Won by GAR", "CIS acknowledged the supremacy of GAR", "Victory points on the record", "GAR      9 VP", "CIS      3 VP",
                      "the-end", f"holotable verify {app.game.game_id}", "Victory points over the turns"):
            assert piece in text, f"the end of the game should show {piece!r}:\n{text}"
        assert "Coruscant" in screen_text(app) and "Kuat" in screen_text(app), "the final map is drawn"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen)


def test_the_end_of_game_map_holds_only_what_every_seat_knows() -> None:
    """The final map is the common part of every seat's view: a planet's details that only its holder
    knows (production, garrison) never reach the public end screen."""
    from saves.replay import ending
    session = ended()
    board, history = ending(session)
    assert board is not None and history[-1][1] == {"GAR": 9, "CIS": 3}, history
    al = {p["id"]: p for p in session.view("al")["board"]["places"]}
    bo = {p["id"]: p for p in session.view("bo")["board"]["places"]}
    for place in board["places"]:
        for line in place["lines"]:
            assert line in al[place["id"]]["lines"] and line in bo[place["id"]]["lines"], \
                f"{place['id']}: {line!r} is not known to every seat"
    assert not any("garrison" in line for p in board["places"] for line in p["lines"]), "garrisons are private"


@pytest.mark.parametrize("size", [pytest.param(SIZE, id="120x40")])
class TestReportScreens:
    def test_report_screen(self, snap_compare: Any, size: tuple[int, int]) -> None:
        assert snap_compare(ReportApp(cy_report_screen()), terminal_size=size)

    def test_end_of_game_screen(self, snap_compare: Any, size: tuple[int, int]) -> None:
        session = ended()
        saves = MemorySaves()

        async def the_end(pilot: Pilot[Any]) -> None:
            pilot.app.begin_hotseat(session, saves.adopt(session))
            await settle(pilot)
            await pilot.press("e")
            await settle(pilot)
        assert snap_compare(HolotableApp(saves=saves), run_before=the_end, terminal_size=size)


async def test_a_seat_at_its_own_terminal_reaches_the_end_with_f12() -> None:
    """Over SSH (a fixed seat) there is no final curtain: the last report says F12, and F12 opens the end."""
    session = ended()
    app = HolotableApp(session, seat="al", saves=MemorySaves())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        if isinstance(app.screen, ReportScreen):
            assert "F12 shows how it ended" in widget_text(app.screen, "#report-title")
            await pilot.press("escape")
            await pilot.pause()
        await pilot.press("f12")
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen), f"F12 should open the end of the game, not {app.screen!r}"
        assert "Won by GAR" in widget_text(app.screen, "#over-text")
