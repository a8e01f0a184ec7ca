"""Helpers for the war-room tests: seeded games, and driving the app through Textual's pilot the
way a player does (keys, clicks), reading what is on screen."""
from __future__ import annotations

from typing import Any

from textual.pilot import Pilot
from textual.widgets import Checkbox, Input, Select, Static

from core.session import Session
from tui.app import HolotableApp
from tui.screens.curtain import CurtainScreen
from tui.screens.game import GameScreen
from tui.screens.new_game import NewGameScreen, SeatRow
from tui.screens.odds import OddsScreen
from tui.screens.report import ReportScreen
from tui.widgets.order_pane import OrderPane

RAW_SEATS = [("al", "GAR"), ("bo", "CIS"), ("cy", "GAR", True), ("di", "CIS", True)]


def raw_session(seed: str = "tui-test") -> Session:
    """Republic at War with four seats (al and bo play, cy and di are bots), min_players lowered to 2."""
    return Session.new("raw", RAW_SEATS, options={"min_players": 2}, seed=seed)


def widget_text(screen: Any, selector: str) -> str:
    """The plain text a Static (found by ``selector`` on ``screen``) shows."""
    widget = screen.query_one(selector, Static)
    plain = getattr(widget.visual, "plain", None)
    if plain is None:
        content = widget.content
        plain = getattr(content, "plain", str(content))
    return str(plain)


def screen_text(app: HolotableApp) -> str:
    """Everything the current screen shows, as plain text, line by line."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def type_text(pilot: Pilot[Any], text: str) -> None:
    """Type ``text`` key by key."""
    await pilot.press(*text)


async def new_game_from_lobby(pilot: Pilot[Any], ruleset_id: str, seats: list[tuple[str, str, bool]],
                              options: dict[str, str] | None = None) -> None:
    """Lobby -> New game -> fill the form (by clicks and typing) -> F5."""
    app = pilot.app
    await pilot.press("n")
    await pilot.pause()
    form = app.screen
    assert isinstance(form, NewGameScreen), f"n in the lobby should open the new-game form, not {form!r}"
    select = form.query_one("#ruleset", Select)
    if select.value != ruleset_id:
        select.value = ruleset_id
        await pilot.pause()
    for key, value in (options or {}).items():
        field = form.query_one(f"#opt-{key}")
        await pilot.click(field)
        if isinstance(field, Input):
            field.value = ""
            await type_text(pilot, value)
    rows = list(form.query(SeatRow))
    while len(rows) > len(seats):
        await pilot.click(rows[-1].query_one(".seat-remove"))
        await pilot.pause()
        rows = list(form.query(SeatRow))
    while len(rows) < len(seats):
        await pilot.press("f6")
        await pilot.pause()
        rows = list(form.query(SeatRow))
    for row, (name, side, bot) in zip(rows, seats):
        name_field = row.query_one(".seat-name", Input)
        if name_field.value != name:
            await pilot.click(name_field)
            name_field.value = ""
            await type_text(pilot, name)
        for _ in range(len(row.sides)):
            if row.values()[1] == side:
                break
            await pilot.click(row.query_one(".seat-side"))
        box = row.query_one(".seat-bot", Checkbox)
        if box.value != bot:
            await pilot.click(box)
    await pilot.pause()
    assert [r.values() for r in form.query(SeatRow)] == seats, "the seats in the form are not what was asked"
    await pilot.press("f5")
    await pilot.pause()


async def pass_curtain(pilot: Pilot[Any], pin: str | None = None) -> str:
    """At the curtain: (type the PIN and) Enter; returns the seat that was let in."""
    app = pilot.app
    curtain = app.screen
    assert isinstance(curtain, CurtainScreen), f"expected the curtain, found {curtain!r}"
    seat = curtain.seat
    assert seat is not None, "the curtain names no seat"
    if pin is not None:
        await type_text(pilot, pin)
    await pilot.press("enter")
    await pilot.pause()
    return seat


async def into(pilot: Pilot[Any]) -> GameScreen:
    """Past the curtain and the turn report: the war room of the seat on the curtain."""
    await pass_curtain(pilot)
    await close_report(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, GameScreen), f"the war room should be on top, not {screen!r}"
    return screen


async def close_report(pilot: Pilot[Any]) -> list[dict[str, Any]]:
    """If the report is on show, close it and return its events (else [])."""
    screen = pilot.app.screen
    if isinstance(screen, ReportScreen):
        events = list(screen.events)
        await pilot.press("escape")
        await pilot.pause()
        return events
    return []


async def enter_order(pilot: Pilot[Any], text: str, accept_odds: bool = True) -> None:
    """Put ``text`` on the order line at once (no typing) and press Enter (accepting the odds if asked)."""
    pilot.app.screen.query_one("#order-input", Input).value = text
    await pilot.press("enter")
    if isinstance(pilot.app.screen, OddsScreen):
        await pilot.press("enter" if accept_odds else "escape")


async def give_order(pilot: Pilot[Any], text: str, accept_odds: bool = True) -> None:
    """Type an order the way a player does: the verb by two letters and Tab, the next word by three
    letters and Tab (when it has candidates), the rest as it is; then Enter (accepting the odds)."""
    game = pilot.app.screen
    assert isinstance(game, GameScreen)
    line = game.query_one("#order-input", Input)
    words = text.split(" ")
    await type_text(pilot, words[0][:2])
    await pilot.press("tab")
    assert line.value == words[0] + " ", f"Tab should complete {words[0][:2]!r} to {words[0]!r}, got {line.value!r}"
    rest = words[1:]
    if rest:
        head = line.value
        await type_text(pilot, rest[0][:3])
        candidates = game.query_one(OrderPane).advisor.complete(line.value)
        target = head + " ".join(rest)
        for _ in range(len(candidates)):
            await pilot.press("tab")  # complete, then cycle to the candidate we meant
            if target.startswith(line.value.rstrip(" ")):
                break
        line.value = head + " ".join(rest)
    await pilot.press("enter")
    if isinstance(pilot.app.screen, OddsScreen):
        await pilot.press("enter" if accept_odds else "escape")


async def searched(pilot: Pilot[Any], limit: float = 10.0) -> None:
    """Wait until the rules screen on top has drawn what its search line asks for (its redraw waits for
    the typing to settle; on a loaded machine that takes longer than the settle time)."""
    from tui.screens.rules import RulesScreen
    await pilot.pause(RulesScreen.SETTLE)
    waited = 0.0
    while getattr(pilot.app.screen, "_redraw", None) is not None and waited < limit:
        await pilot.pause(0.05)
        waited += 0.05
    await pilot.pause()
