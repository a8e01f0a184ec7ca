"""The war room driven through Textual's pilot: the whole hot-seat loop of Republic at War and of the
GCW campaign, and each piece of the game screen (completion, refusals, the sheet, odds, messages,
PINs, help, the command palette, fixed-seat play, loading a save)."""
from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input

from core.registry import ruleset_ids
from tui.app import HolotableApp
from tui.screens.curtain import CurtainScreen
from tui.screens.game import GameScreen
from tui.screens.handover import HandOverScreen
from tui.screens.help import HelpScreen
from tui.screens.load_game import LoadGameScreen
from tui.screens.lobby import LobbyScreen
from tui.screens.odds import OddsScreen
from tui.screens.pin import PinScreen
from tui.screens.report import ReportScreen
from tui.storage import MemorySaves, default_saves
from tui_helpers import (close_report, enter_order, give_order, new_game_from_lobby, pass_curtain, raw_session, screen_text,
                         type_text, widget_text)

SIZE = (120, 40)


def order_line(app: HolotableApp) -> Input:
    return app.screen.query_one("#order-input", Input)


async def test_hotseat_republic_at_war_whole_loop(tmp_path: Path) -> None:
    """Lobby -> new game (4 seats, 2 bots) -> orders with completion -> a refusal -> ready -> curtain ->
    the next seat -> resolution -> the report after the curtain; the game is saved throughout."""
    saves = default_saves(tmp_path)
    app = HolotableApp(saves=saves, seed="pilot-raw")
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, LobbyScreen), "the play command should open on the lobby"
        await new_game_from_lobby(pilot, "raw", [("al", "GAR", False), ("bo", "CIS", False), ("cy", "GAR", True),
                                                 ("di", "CIS", True)], {"min_players": "2"})
        assert isinstance(app.screen, CurtainScreen), f"a new game should start at the curtain, not {app.screen!r}"
        session = app.hotseat.session
        assert session.is_bot("cy") and session.is_bot("di") and not session.is_bot("al")
        assert "al" in widget_text(app.screen, "#curtain-seat"), "the curtain should name the first seat"
        assert await pass_curtain(pilot) == "al"
        game = app.screen
        assert isinstance(game, GameScreen) and game.seat == "al"

        # completion: "bu" + Tab -> "build ", "Cor" + Tab -> "build Coruscant " (the only planet of al's with Cor)
        await type_text(pilot, "bu")
        await pilot.press("tab")
        assert order_line(app).value == "build ", f"Tab should complete the verb, got {order_line(app).value!r}"
        assert "build <planet> <unit>" in widget_text(game, "#order-assist"), "the verb's help should show while typing it"
        await type_text(pilot, "Cor")
        await pilot.press("tab")
        assert order_line(app).value == "build Coruscant ", f"Tab should complete the planet, got {order_line(app).value!r}"
        await type_text(pilot, "GF 2")
        await pilot.press("enter")
        await pilot.pause()
        assert [o["text"] for o in session.sheet("al")] == ["build Coruscant GF 2"]
        assert "build Coruscant GF 2" in screen_text(app), "the sheet should list the queued order"

        # a refused order shows its reason and stays on the line
        await type_text(pilot, "build Kuat Vc1")
        await pilot.press("enter")
        await pilot.pause()
        status = widget_text(game, "#order-status")
        assert "refused" in status and "'Kuat' is not a planet you can use here" in status, status
        assert order_line(app).value == "build Kuat Vc1", "a refused order should stay on the line for editing"
        assert len(session.sheet("al")) == 1, "a refused order must not reach the sheet"
        order_line(app).value = ""

        # ready -> al's result stays until a key hands over -> curtain for bo, with nothing of al's view on screen
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert isinstance(app.screen, HandOverScreen), f"al's ready should stay on show until a key, not {app.screen!r}"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen) and app.screen.seat == "bo", "after al is ready the curtain should name bo"
        shown = screen_text(app)
        assert "build Coruscant" not in shown and "Galaxy" not in shown, "the curtain must hide al's view"
        assert app.wipes >= 1, "the curtain should wipe the terminal"
        assert await pass_curtain(pilot) == "bo"
        assert isinstance(app.screen, GameScreen) and app.screen.seat == "bo"
        assert "build Coruscant GF 2" not in screen_text(app), "bo must not see al's order sheet"
        own = session.complete("bo", "bo", "build ")[0].split(" ", 1)[1]
        await give_order(pilot, f"build {own} GF")
        assert [o["text"] for o in session.sheet("bo")] == [f"build {own} GF"], widget_text(app.screen, "#order-status")

        # the last human is ready: the turn resolves, and al sees the report after the curtain
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert isinstance(app.screen, HandOverScreen) and "the turn resolved" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert session.turn == 2, "the turn should resolve once every human seat is ready"
        assert isinstance(app.screen, CurtainScreen) and app.screen.seat == "al"
        assert await pass_curtain(pilot) == "al"
        assert isinstance(app.screen, ReportScreen), "the first seat of the new turn should see the report"
        report = widget_text(app.screen, "#report-lines")
        assert "Turn 2 begins" in report and "Coruscant" in report, report
        await close_report(pilot)
        assert isinstance(app.screen, GameScreen) and app.screen.view["turn"] == 2

        # back to the lobby: the game is listed at turn 2
        await pilot.press("f10")
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
    listed = [e for e in saves.list() if e.ruleset == "raw"]
    assert listed and listed[0].turn == 2, f"the save should be at turn 2: {listed}"


@pytest.mark.skipif("gcw" not in ruleset_ids(), reason="the GCW campaign (gcw) is not registered in core.registry yet")
async def test_hotseat_gcw_whole_loop() -> None:
    """The same loop for the GCW campaign: alternating actions hand the terminal over at every change
    of seat; a refused order shows its reason; the report follows the end of the turn."""
    app = HolotableApp(saves=MemorySaves(), seed="pilot-gcw")
    async with app.run_test(size=SIZE) as pilot:
        await new_game_from_lobby(pilot, "gcw", [("em", "Empire", False), ("re", "Rebel", False)])
        assert isinstance(app.screen, CurtainScreen), f"a new game should start at the curtain, not {app.screen!r}"
        session = app.hotseat.session
        seats_seen: list[str] = []
        refused = typed = False
        reports: list[list[dict[str, object]]] = []
        for _ in range(80):
            screen = app.screen
            if isinstance(screen, ReportScreen):
                reports.append(await close_report(pilot))
                continue
            if isinstance(screen, HandOverScreen):
                await pilot.press("enter")
                await pilot.pause()
                continue
            if isinstance(screen, CurtainScreen):
                if screen.seat is None:
                    break
                seats_seen.append(await pass_curtain(pilot))
                continue
            assert isinstance(screen, GameScreen), f"unexpected screen {screen!r}"
            if session.turn >= 2 and reports:
                break
            if not refused:
                await enter_order(pilot, "xyzzy now")
                status = widget_text(screen, "#order-status")
                assert "refused" in status and "unknown order 'xyzzy'" in status, status
                order_line(app).value = ""
                refused = True
                continue
            legal = session.ruleset.legal_orders(session.state, screen.seat)
            if not legal:
                await pilot.press("ctrl+r")
                await pilot.pause()
                continue
            before = len(session.record["journal"])
            if not typed:
                await give_order(pilot, legal[0])
                typed = True
            else:
                await enter_order(pilot, legal[0])
            assert len(session.record["journal"]) > before, f"{legal[0]!r} was not given: {widget_text(screen, '#order-status')}"
        assert session.turn >= 2, f"the campaign should reach turn 2 by typed orders (turn {session.turn})"
        assert {"em", "re"} <= set(seats_seen), f"both seats should have been handed the terminal: {seats_seen}"
        assert reports, "a seat should see the report after the turn ended"


async def test_sheet_edit_in_place_and_withdraw() -> None:
    """An order on the sheet can be edited (it keeps its place) and withdrawn."""
    session = raw_session()
    app = HolotableApp(session, saves=MemorySaves())
    async with app.run_test(size=SIZE) as pilot:
        await pass_curtain(pilot)
        for text in ("build Coruscant GF 2", "build Kamino GF 2", "stance free"):
            await enter_order(pilot, text)
        assert [o["text"] for o in session.sheet("al")] == ["build Coruscant GF 2", "build Kamino GF 2", "stance free"]
        await pilot.press("f4")
        await pilot.press("e")  # edit the first order
        await pilot.pause()
        assert order_line(app).value == "build Coruscant GF 2"
        order_line(app).value = "build Coruscant GF"
        await pilot.press("enter")
        await pilot.pause()
        assert [o["text"] for o in session.sheet("al")] == ["build Coruscant GF", "build Kamino GF 2", "stance free"], \
            "an edited order should keep its place on the sheet"
        await pilot.press("f4", "down", "delete")
        await pilot.pause()
        assert [o["text"] for o in session.sheet("al")] == ["build Coruscant GF", "stance free"]
        assert "withdrawn" in widget_text(app.screen, "#order-status")


async def test_odds_shown_before_an_order_that_rolls_dice() -> None:
    """An order that rolls dice shows the engine's exact odds as bars first; Escape goes back."""
    session = raw_session()
    app = HolotableApp(session, saves=MemorySaves())
    async with app.run_test(size=SIZE) as pilot:
        await pass_curtain(pilot)
        target = next(c.split()[-1] for c in session.complete("al", "al", "ally ") if c.split()[-1] != "Mandalore")
        await type_text(pilot, f"ally {target}")
        await pilot.pause()
        assert "16.67%" in widget_text(app.screen, "#order-assist"), "the odds should show while typing"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, OddsScreen), "Enter on a dice order should show its odds first"
        bars = widget_text(app.screen, "#odds-bars")
        assert "16.67%" in bars and "83.33%" in bars and "█" in bars, bars
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and session.sheet("al") == [], "Escape must not give the order"
        await pilot.press("enter", "enter")
        await pilot.pause()
        assert [o["text"] for o in session.sheet("al")] == [f"ally {target}"]


async def test_messages_unread_markers_and_posting() -> None:
    """A message from another seat is marked unread until its thread is opened; posting works."""
    session = raw_session()
    session.post("bo", "public", "good luck, Republic")
    session.post("cy", "team:GAR", "I take the Core")
    app = HolotableApp(session, saves=MemorySaves())
    async with app.run_test(size=SIZE) as pilot:
        await pass_curtain(pilot)
        assert "2 unread" in screen_text(app), "the status line should count unread messages"
        await pilot.press("f7")
        await pilot.pause()
        assert app.screen.desk.read.get("public") == 1, "opening the board shows (and reads) the public thread"
        assert "good luck, Republic" in widget_text(app.screen, "#message-lines")
        await type_text(pilot, "thanks")
        await pilot.press("enter")
        await pilot.pause()
        assert session.messages_for("al")[-1]["text"] == "thanks"
        assert "1 unread" in screen_text(app), "the team thread is still unread"


async def test_pin_guards_a_seat_at_the_curtain() -> None:
    """A seat sets a PIN; the curtain asks for it and refuses a wrong one."""
    session = raw_session()
    app = HolotableApp(session, saves=MemorySaves())
    async with app.run_test(size=SIZE) as pilot:
        await pass_curtain(pilot)
        await pilot.press("f8")
        assert isinstance(app.screen, PinScreen)
        await type_text(pilot, "4711")
        await pilot.press("enter")
        await type_text(pilot, "4711")  # a new PIN is asked twice (issue 28)
        await pilot.press("enter", "ctrl+r")
        await pilot.pause()
        assert session.has_pin("al"), "the PIN is kept with the game"
        session.ready("bo", "bo", True)  # bo (no PIN) plays elsewhere: the turn resolves
        app.seat_done("bo")
        await pilot.pause()
        curtain = app.screen
        assert isinstance(curtain, CurtainScreen) and curtain.seat == "al"
        await type_text(pilot, "1234")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen), "a wrong PIN must not open the seat"
        assert "not the PIN" in widget_text(app.screen, "#curtain-error")
        await pass_curtain(pilot, pin="4711")
        assert isinstance(app.screen, (GameScreen, ReportScreen)), "the right PIN opens the seat"


async def test_help_lists_keys_and_the_order_language() -> None:
    """F1 shows the keys and the rule system's orders (Session.help)."""
    app = HolotableApp(raw_session(), saves=MemorySaves())
    async with app.run_test(size=SIZE) as pilot:
        await pass_curtain(pilot)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        page = widget_text(app.screen, "#help-page")
        assert "Ready" in page and "build <planet> <unit>" in page and "example: build Kuat Vc1" in page, page[:400]
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)


async def test_command_palette_offers_the_screen_actions() -> None:
    """The command palette lists the game screen's actions (from its bindings)."""
    app = HolotableApp(raw_session(), saves=MemorySaves())
    async with app.run_test(size=SIZE) as pilot:
        await pass_curtain(pilot)
        titles = [c.title for c in app.get_system_commands(app.screen)]
        for wanted in ("Ready", "Help", "Map", "Sheet", "Set a PIN", "Leave"):
            assert wanted in titles, f"{wanted!r} missing from the palette: {titles}"


async def test_map_selection_by_keys_and_mouse() -> None:
    """Arrows move the selection; the details follow; Enter puts the name on the order line. (Letters
    typed on the map go to the order line, see test_tui_typing_on_the_map.)"""
    app = HolotableApp(raw_session(), saves=MemorySaves())
    async with app.run_test(size=SIZE) as pilot:
        await pass_curtain(pilot)
        game = app.screen
        board = game.query_one("#board")
        await pilot.press("f2")
        await pilot.pause()
        before = board.selected
        await pilot.press("right")
        await pilot.pause()
        assert board.selected != before, "an arrow should move the selection"
        assert str(board.place["name"]) in widget_text(game, "#details"), "the details follow the selection"
        await pilot.press("enter")
        await pilot.pause()
        assert order_line(app).value == board.place["name"], "Enter on the map puts the name on the order line"
        cell = board.geometry().cells["Coruscant"]
        await pilot.click(board, offset=(cell[0] + 1 - board.offset_x, cell[1] + 1 - board.offset_y))  # +1: the map's frame
        assert board.selected == "Coruscant", "a click should select the place under it"


async def test_fixed_seat_mode_updates_live_without_curtain() -> None:
    """With a fixed seat (the SSH server's mode) there is no curtain; others' actions redraw the view
    and a resolution brings the report."""
    session = raw_session()
    app = HolotableApp(session, seat="al")
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, GameScreen) and app.screen.seat == "al" and not app.screen.hotseat
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert "al" in session.record["ready"]
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert "al" not in session.record["ready"], "in fixed-seat play Ready toggles"
        session.post("bo", "public", "hello from bo")
        await pilot.pause()
        assert "1 unread" in screen_text(app), "a message from elsewhere should show at once"
        await pilot.press("ctrl+r")
        session.ready("bo", "bo", True)
        await pilot.pause()
        await pilot.pause()
        assert session.turn == 2
        assert isinstance(app.screen, ReportScreen), "a resolution should bring the report to a fixed seat"


async def test_load_a_saved_game_from_the_lobby(tmp_path: Path) -> None:
    """Saved games are listed with rule system, turn and seats; Enter opens one at the curtain."""
    saves = default_saves(tmp_path)
    stored = saves.adopt(raw_session("load-me"))
    stored.session.order("al", "al", "stance free")
    stored.close()
    app = HolotableApp(saves=saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, LoadGameScreen)
        shown = screen_text(app)
        assert stored.game_id in shown and "Republic at War" in shown and "al (GAR)" in shown, shown
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen) and app.screen.seat == "al"
        await pass_curtain(pilot)
        assert [o["text"] for o in app.screen.session.sheet("al")] == ["stance free"], "the loaded game keeps its sheet"


async def test_a_ruleset_panel_registers_in_one_place(monkeypatch: pytest.MonkeyPatch) -> None:
    """A panel registered for a rule system becomes a tab of its game screen and is shown every view."""
    import tui.panels
    from textual.widgets import Static

    class TurnPanel(Static):
        def show(self, view: dict) -> None:
            self.update(f"turn {view['turn']} of {view['title']}")

    monkeypatch.setattr(tui.panels, "_PANELS", {})
    tui.panels.register_panel("raw", "turn", "Turn", TurnPanel)
    app = HolotableApp(raw_session(), saves=MemorySaves())
    async with app.run_test(size=SIZE) as pilot:
        await pass_curtain(pilot)
        assert "Turn" in screen_text(app), "the registered panel's tab should show"
        assert widget_text(app.screen, "TurnPanel") == "turn 1 of Republic at War"
