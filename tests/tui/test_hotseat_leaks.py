"""The hot-seat leak test (issue 11): two human seats with PINs; al has given secret orders and a
team message and handed over. From bo's curtain (nobody let in) and then from bo's own war room,
every route a player at the keyboard has is tried (lobby, load, replay as every viewer, report,
help, command palette, every function key, mouse clicks over the screen and on every tab), and
nothing of al's open turn, nor of a bot's, appears: read from every widget of every screen on the
stack (pilot), and from the terminal with its scrollback (tmux, end to end).
"""
from __future__ import annotations

import re
import shutil
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import DataTable, Input, OptionList, Tab

from core.session import Session
from saves.store import GameStore
from tui.app import HolotableApp
from tui.screens.curtain import CurtainScreen
from tui.screens.game import GameScreen
from tui.screens.load_game import LoadGameScreen
from tui.screens.lobby import LobbyScreen
from tui.screens.rules import RulesScreen
from tui.storage import StoreSaves
from tui_helpers import close_report, screen_text, searched

SIZE = (120, 40)
GAME = "leak-test"
PINS = {"al": "1357", "bo": "2468"}
AL_MESSAGE = "Kamino strike at dawn, tell nobody"


def prepared(data_dir: Path) -> tuple[Session, list[str]]:
    """The game on disk: al gave orders, posted to its team and is ready; bo is next. Returns the
    session and the canaries: texts of al's open turn and of the bots' sheets bo must never see."""
    session = Session.new("raw", [("al", "GAR"), ("bo", "CIS"), ("cy", "GAR", True), ("di", "CIS", True)],
                          options={"min_players": 2}, seed="leak-test")
    for seat, pin in PINS.items():
        session.set_pin(seat, seat, pin)
    session.order("al", "al", "build Kamino CRL")
    session.order("al", "al", "build Coruscant GF 2")
    session.post("al", "team:GAR", AL_MESSAGE)
    session.ready("al", "al", True)
    store = GameStore(data_dir)
    store.adopt(session, GAME).close()
    canaries = ["build Kamino CRL", "build Coruscant GF 2", AL_MESSAGE]
    book = session.ruleset.order_book()
    examples = "\n".join(session.help(verb) for verb in book.verbs())  # the help's own examples are no secret
    canaries += [o["text"] for o in session.sheet("cy") if o["text"] not in examples]
    assert len(canaries) > 3, "the GAR bot should have orders of its own on its sheet"
    return session, canaries


def all_text(app: HolotableApp) -> str:
    """What the screen shows, and every text held by any widget of any screen on the stack."""
    texts = [screen_text(app)]
    for screen in app.screen_stack:
        for widget in screen.walk_children():
            if isinstance(widget, DataTable):
                texts += [" ".join(map(str, widget.get_row_at(i))) for i in range(widget.row_count)]
            elif isinstance(widget, OptionList):
                texts += [str(widget.get_option_at_index(i).prompt) for i in range(widget.option_count)]
            elif isinstance(widget, Input):
                texts.append(widget.value)
            else:
                try:
                    rendered = widget.render()
                except Exception as exc:  # noqa: BLE001 - any failure to render is the finding
                    raise AssertionError(f"{widget!r} on {screen!r} cannot render: {exc!r}") from exc
                texts.append(str(getattr(rendered, "plain", "") or ""))
    return "\n".join(texts)


def assert_clean(app: HolotableApp, canaries: list[str], where: str) -> None:
    shown = all_text(app)
    leaked = [c for c in canaries if c in shown]
    assert not leaked, f"{where}: {leaked} of al's open turn (or of a bot's) reached bo's terminal"


async def step(pilot: Any, canaries: list[str], where: str, *keys: str) -> None:
    await pilot.press(*keys)
    await pilot.pause()
    assert_clean(pilot.app, canaries, f"{where} ({' '.join(keys)})")


async def to_curtain(pilot: Any) -> None:
    """From wherever the routes led: back to the lobby, load the game, its curtain (bo's)."""
    app = pilot.app
    for _ in range(10):
        screen = app.screen
        if isinstance(screen, CurtainScreen) and screen.seat == "bo":
            return
        key = "l" if isinstance(screen, LobbyScreen) else "enter" if isinstance(screen, LoadGameScreen) else \
            "f10" if isinstance(screen, (CurtainScreen, GameScreen)) else "escape"
        await pilot.press(key)
        await pilot.pause()
    raise AssertionError(f"expected bo's curtain, found {app.screen!r}")


async def every_route(pilot: Any, canaries: list[str], where: str) -> None:
    """Lobby, load, replay as every viewer with wrong secrets, the palette, every function key."""
    app = pilot.app
    await step(pilot, canaries, f"{where}: lobby", "f10")
    if not isinstance(app.screen, LobbyScreen):
        await step(pilot, canaries, f"{where}: lobby", "f10")
    assert isinstance(app.screen, LobbyScreen), app.screen
    await step(pilot, canaries, f"{where}: load", "l")
    assert isinstance(app.screen, LoadGameScreen)
    for index, viewer in enumerate(["al", "bo", "gm"]):
        await step(pilot, canaries, f"{where}: replay picker", "r")
        await step(pilot, canaries, f"{where}: replay as {viewer}", *["down"] * index, "enter")
        await step(pilot, canaries, f"{where}: replay as {viewer}, wrong secret", *"0000", "enter")
        await step(pilot, canaries, f"{where}: back", "escape")
        if not isinstance(app.screen, LoadGameScreen):
            await step(pilot, canaries, f"{where}: back", "escape")
    await step(pilot, canaries, f"{where}: open the game", "enter")
    await to_curtain(pilot)
    await step(pilot, canaries, f"{where}: palette", "ctrl+p")
    await step(pilot, canaries, f"{where}: palette pages", "pagedown", "down", "down")
    await step(pilot, canaries, f"{where}: palette runs", "enter")
    await to_curtain(pilot)


async def test_no_route_from_the_curtain_or_the_game_screen_shows_another_seats_open_turn(tmp_path: Path) -> None:
    _session, canaries = prepared(tmp_path)
    app = HolotableApp(saves=StoreSaves(GameStore(tmp_path)))
    async with app.run_test(size=SIZE) as pilot:
        await step(pilot, canaries, "lobby", "l")
        await step(pilot, canaries, "load: open", "enter")
        assert isinstance(app.screen, CurtainScreen) and app.screen.seat == "bo"
        session = app.hotseat.session

        # from bo's curtain, with nobody let in
        for key in ["f1", "f2", "f3", "f4", "f5", "f6", "f7", "f8", "f9", "f11", "f12", "tab", "escape", "enter"]:
            await step(pilot, canaries, "curtain", key)
            if not isinstance(app.screen, CurtainScreen) or app.screen.seat != "bo":
                await to_curtain(pilot)
        await step(pilot, canaries, "curtain: al's PIN at bo's curtain", *PINS["al"], "enter")
        assert isinstance(app.screen, CurtainScreen), "another seat's PIN opens nothing"
        for x in range(3, SIZE[0], 17):
            for y in range(2, SIZE[1], 5):
                await pilot.click(offset=(x, y))
            await pilot.pause()
            assert_clean(app, canaries, f"curtain: clicks in column {x}")
            await to_curtain(pilot)
        await every_route(pilot, canaries, "curtain")

        # in bo's own war room
        await step(pilot, canaries, "bo's PIN", *PINS["bo"], "enter")
        await close_report(pilot)
        game = app.screen
        assert isinstance(game, GameScreen) and game.seat == "bo"
        for key in ["f1", "escape", "f9", "escape", "f11", "escape", "f12", "escape", "f2", "f4", "f5", "f6", "f7", "f3"]:
            await step(pilot, canaries, "bo's war room", key)
        # the rules (issue 27): F1 then r, searched for words of al's orders and message; then back
        await step(pilot, canaries, "bo's war room: the rules", "f1", "r")
        assert isinstance(app.screen, RulesScreen), app.screen
        await step(pilot, canaries, "bo's war room: the rules searched", *"kamino")
        await searched(pilot)
        assert_clean(app, canaries, "bo's war room: the rules searched for kamino")
        await step(pilot, canaries, "bo's war room: out of the rules", "escape", "escape")
        assert isinstance(app.screen, GameScreen), app.screen
        for tab in list(game.query(Tab)):
            await pilot.click(tab)
            await pilot.pause()
            assert_clean(app, canaries, f"bo's war room: click on tab {tab.label_text!r}")
        board = game.query_one("#board")
        for x in range(2, board.size.width, 12):
            for y in range(2, board.size.height, 6):
                await pilot.click(board, offset=(x, y))
        await pilot.pause()
        assert_clean(app, canaries, "bo's war room: clicks on the map")
        await step(pilot, canaries, "bo's war room: palette", "ctrl+p")
        await step(pilot, canaries, "bo's war room: palette", "escape")
        await every_route(pilot, canaries, "bo's war room")
        assert session.turn == 1 and "bo" not in session.record["ready"], "the routes changed nothing in the game"


# -- end to end in tmux ---------------------------------------------------------------------------------
@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_no_route_leaks_into_the_terminal_or_its_scrollback(tmp_path: Path) -> None:
    from test_tui_tmux import ROOT, Tmux
    _session, canaries = prepared(tmp_path / "data")
    term = Tmux("leaks", 120, 40, tmp_path)
    term.start([sys.executable, "-m", "tui.main", "play", "--data-dir", str(tmp_path / "data"), GAME], {})
    try:
        term.wait(r"Pass the terminal to[\s\S]*\bbo\b")
        routes = [
            ["F10"], ["l"], ["r"], ["Enter"], ["0", "0", "0", "0", "Enter"], ["Escape"],
            ["r"], ["Down", "Down", "Enter"], ["Escape"], ["Enter"],       # load, replay (the GM: not offered), reopen
            ["C-p"], ["PageDown"], ["Escape"], ["F1"], ["F9"], ["F3"], ["F4"], ["Escape"],
        ]
        for keys in routes:
            term.keys(*keys)
            time.sleep(0.4)
        for _ in range(4):  # wherever the routes ended: back to bo's curtain as a player would
            screen = term.screen()
            if re.search(r"Pass the terminal to[\s\S]*\bbo\b", screen):
                break
            term.keys("l" if "Load a game" in screen and "New game" in screen else "Enter" if "Load a game" in screen else "Escape")
            time.sleep(1.0)
        term.wait(r"Pass the terminal to[\s\S]*\bbo\b")
        term.type(PINS["bo"])
        term.keys("Enter")
        term.wait("Report for bo|order ›")
        for keys in [["Escape"], ["F1"], ["Escape"], ["F1", "r"], ["k", "a", "m", "i", "n", "o"], ["Escape", "Escape"],
                     ["F9"], ["Escape"], ["F4"], ["F5"], ["F6"], ["F7"], ["F3"],
                     ["C-p", "PageDown"], ["Escape"], ["F10"], ["l"], ["r"], ["Enter"], ["9", "9", "Enter"],
                     ["Escape"], ["Escape"]]:
            term.keys(*keys)
            time.sleep(0.4)
        seen = term.everything()
        leaked = [c for c in canaries if c in seen]
        assert not leaked, f"{leaked} reached the terminal or its scrollback:\n{seen[-3000:]}"
        assert "Traceback" not in seen and "internal error" not in seen, seen[-3000:]
        assert re.search(r"Load a game|Pass the terminal|order ›", term.screen()), term.screen()
        _ = ROOT
    finally:
        term.stop()
