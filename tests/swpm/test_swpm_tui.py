"""The zones board in the war room (Textual pilot and snapshots at 80x24 and 120x40) and the card
window in hot-seat: the curtain hands the terminal to the defender, whose screen never shows the
attacker's hand."""
from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot

from core.rulesets.swpm.data import rules
from core.session import Session
from tui.app import HolotableApp
from tui.screens.curtain import CurtainScreen
from tui.screens.game import GameScreen
from tui.storage import MemorySaves
from tui.widgets.zones_board import ZonesBoard, zones_text

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]


def started(seed: str = "tui-swpm") -> Session:
    """Both setups ready; the first player's X-wings and the TIEs meet in the contested zone."""
    session = Session.new("swpm", [("p1", "P1"), ("p2", "P2")], seed=seed)
    session.order("p1", "p1", "ready")
    session.order("p2", "p2", "ready")
    first = session.state["active"]
    moves = {"p1": "move xwing1,xwing2 contested", "p2": "move tie1,tie2 contested"}
    session.order(first, first, moves[first])
    second = session.state["active"]
    session.order(second, second, moves[second])
    return session


def screen_text(app: HolotableApp) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def through_curtain(pilot: Pilot[Any]) -> None:
    await pilot.pause()
    assert isinstance(pilot.app.screen, CurtainScreen)
    await pilot.press("enter")
    await pilot.pause()
    if not isinstance(pilot.app.screen, GameScreen):      # the turn report
        await pilot.press("escape")
        await pilot.pause()


def test_zones_text_draws_zones_slots_reserves_and_hand():
    """The widget draws from the view: zones in order with their units, slots face down, reserves and
    counts, and the viewer's hand with the card texts."""
    session = started()
    view = session.view("p1")
    text = zones_text(view["board"], 78).plain
    assert text.index("p2 home") < text.index("contested") < text.index("p1 home (you)")
    assert "[1 face down]" in text and "reserves:" in text and "Your hand (3)" in text
    for card in view["board"]["hand"]:
        assert card["name"] in text and card["text"].split()[0] in text
    from tui.widgets.zones_board import unit_token
    lines = text.splitlines()
    for zone in view["board"]["zones"]:
        for u in zone["units"]:
            assert any(unit_token(u) in line and len(line) <= 78 for line in lines), f"{u['id']} is broken or too wide"


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_board(snap_compare: Any, size: tuple[int, int]) -> None:
    """The game screen with the zones board, for the seat whose turn it is."""
    assert snap_compare(HolotableApp(started(), saves=MemorySaves()), run_before=through_curtain, terminal_size=size)


async def test_card_window_in_hotseat_never_shows_the_other_hand() -> None:
    """An attack hands the terminal to the defender through the curtain; the defender's screen shows
    their own hand and the attacker's card count, never the attacker's cards."""
    session = started()
    attacker = session.state["active"]
    defender = "p2" if attacker == "p1" else "p1"
    app = HolotableApp(session, saves=MemorySaves())
    async with app.run_test(size=(120, 40)) as pilot:
        await through_curtain(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.seat == attacker
        pair = "xwing1>tie1" if attacker == "p1" else "tie1>xwing1"
        session.order(attacker, attacker, f"attack {pair}")
        session.order(attacker, attacker, "pass")
        screen.refresh_view()
        await pilot.pause()
        screen.on_done(attacker)
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen), "the defender's turn to answer comes behind the curtain"
        await through_curtain(pilot)
        assert isinstance(app.screen, GameScreen) and app.screen.seat == defender
        board = app.screen.query_one(ZonesBoard)
        shown = zones_text(board._shown, 200).plain
        theirs = {rules().cards[t].name for t in session.state["players"][attacker]["hand"]}
        mine = {rules().cards[t].name for t in session.state["players"][defender]["hand"]}
        assert "Battle 1 of 1" in shown and "Your hand (3)" in shown
        for name in theirs - mine:
            assert name not in shown and name not in screen_text(app), f"{defender} sees {attacker}'s {name}"
        for name in mine:
            assert name in shown


async def into_card_window(pilot: Pilot[Any]) -> None:
    """The attacker declares a battle and passes; the curtain hands over; the defender is in."""
    app = pilot.app
    await through_curtain(pilot)
    screen = app.screen
    session = screen.session
    attacker = session.state["active"]
    pair = "xwing1>tie1" if attacker == "p1" else "tie1>xwing1"
    session.order(attacker, attacker, f"attack {pair}")
    session.order(attacker, attacker, "pass")
    screen.on_done(attacker)
    await pilot.pause()
    await through_curtain(pilot)


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_card_window(snap_compare: Any, size: tuple[int, int]) -> None:
    """The defender's screen in a battle's card window: their own hand, the battle, no other hand."""
    assert snap_compare(HolotableApp(started(), saves=MemorySaves()), run_before=into_card_window, terminal_size=size)
