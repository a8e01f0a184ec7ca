"""SWPM-TURN-01, SWPM-SETUP-06: readiness at setup starts the game and never spends the first
player's turn, whichever route readies the seats: the console's ``ready <seat>``, the war room's
Ctrl+R in hot-seat, the order ``ready`` (and the server's ``ready``, in tests/server)."""
from __future__ import annotations

from typing import Any

import pytest

from core.console import Console
from core.session import Session
from tui.app import HolotableApp
from tui.screens.curtain import CurtainScreen
from tui.screens.game import GameScreen
from tui.storage import MemorySaves


def first_turn_kept(session: Session) -> None:
    """The game has begun, the roll's winner is awaited on turn 1, and no turn was passed."""
    state = session.state
    assert state["phase"] == "play", f"both seats are ready: the game should have begun, phase is {state['phase']}"
    first = state["first"]
    texts = [e["text"] for e in session.record["log"]]
    passed = [t for t in texts if "ends the turn" in t]
    assert not passed, f"setup readiness spent a turn (SWPM-TURN-01): {passed}"
    assert state["turn"] == 1 and state["active"] == first and session.awaiting() == {first}, \
        f"{first} won the first-turn roll and should be awaited on turn 1; turn {state['turn']}, awaiting {session.awaiting()}"


@pytest.mark.parametrize("seed", ["1", "2", "3", "4"])
def test_swpm_turn_01_console_ready_keeps_the_first_turn(seed: str) -> None:
    """SWPM-TURN-01: `ready al`, `ready bo` on the console: the roll's winner plays turn 1."""
    console = Console()
    for line in (f"new swpm seed={seed} reproducible=yes seats=al:P1,bo:P2", "ready al", "ready bo"):
        answer = console.handle(line)
        assert answer.ok, f"{line!r} was refused: {answer.error}"
    assert console.session is not None
    first_turn_kept(console.session)
    log = console.handle("log gm")
    assert "takes the first turn" in log.text and "without a swap or an action" not in log.text, log.text


def test_swpm_turn_01_session_ready_and_gm_resolve_at_setup() -> None:
    """SWPM-TURN-01: the session's readiness (every front end's route) and the GM's forced step at
    setup both start the game and stop there."""
    for how in ("ready", "resolve"):
        session = Session.new("swpm", [("al", "P1"), ("bo", "P2")], seed=f"ready-{how}")
        if how == "ready":
            session.ready("al", "al")
            session.ready("bo", "bo")
        else:
            session.resolve(session.gm)
        first_turn_kept(session)


async def _into_seat(pilot: Any) -> GameScreen:
    await pilot.pause()
    assert isinstance(pilot.app.screen, CurtainScreen), f"the curtain should come first, found {pilot.app.screen!r}"
    await pilot.press("enter")
    await pilot.pause()
    if not isinstance(pilot.app.screen, GameScreen):      # a turn report
        await pilot.press("escape")
        await pilot.pause()
    assert isinstance(pilot.app.screen, GameScreen), f"the curtain should open a seat, found {pilot.app.screen!r}"
    return pilot.app.screen


async def test_swpm_turn_01_hotseat_ctrl_r_keeps_the_first_turn() -> None:
    """SWPM-TURN-01: in hot-seat both seats press Ctrl+R at setup; the game begins on turn 1 with
    the roll's winner to play."""
    session = Session.new("swpm", [("al", "P1"), ("bo", "P2")], seed="hotseat-ready")
    app = HolotableApp(session, saves=MemorySaves())
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(2):
            await _into_seat(pilot)
            await pilot.press("ctrl+r")
            await pilot.pause()
            if session.state["phase"] == "setup":
                await pilot.press("enter")   # hand the terminal over
                await pilot.pause()
    first_turn_kept(session)
