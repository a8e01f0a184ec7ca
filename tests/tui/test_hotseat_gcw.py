"""GCW battle reports that differ, in hot-seat without a GM (issue 11, finding 7): they go back to both
players to amend, each sees the other's report once both have reported, and an agreed amendment is
applied; the GM (behind the GM passphrase) can still rule."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from core.events import GM
from core.session import Session
from tui.app import HolotableApp
from tui.screens.curtain import CurtainScreen
from tui.screens.game import GameScreen
from tui.screens.handover import HandOverScreen
from tui.screens.watch import WatchScreen
from tui.storage import MemorySaves
from tui_helpers import close_report, enter_order, pass_curtain, screen_text

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "gcw"))
from test_gcw_battle import _to_report, battle_at  # noqa: E402

SIZE = (120, 40)


def at_differing_reports() -> tuple[Session, str, list[str]]:
    """A hot-seat GCW game (ann: Empire, bob: Rebel) at a battle's reports: its session, the battle, the Rebel units."""
    state, _e, r, _ = battle_at()
    bid = _to_report(state)
    session = Session.new("gcw", [("ann", "Empire"), ("bob", "Rebel")], seed="amend")
    session.record["state"] = state
    return session, bid, list(state["fleets"][r]["units"])


def test_GCW_GAP_03_differing_reports_can_be_amended_by_both_sides() -> None:
    session, bid, ru = at_differing_reports()
    session.order("ann", "ann", f"report {bid} {ru[1]}=destroyed Empire=10")
    session.order("bob", "bob", f"report {bid} Empire=10")
    assert session.state["step"]["kind"] == "ruling"
    bob_log = " ".join(e["text"] for e in session.view("bob")["log"])
    assert "amends its report" in bob_log and "destroyed" in bob_log, "bob sees both reports once both reported"
    session.order("ann", "ann", f"report {bid} {ru[1]}=late Empire=10")
    assert session.state["step"]["kind"] == "ruling", "one amendment waits for the other"
    assert "late" not in " ".join(e["text"] for e in session.view("bob")["log"]), \
        "an amendment stays sealed until both sides have amended"
    session.order("bob", "bob", f"report {bid} {ru[1]}=late Empire=10")
    assert session.state["step"] is None or session.state["step"]["kind"] != "ruling", "agreed amendments are applied"
    assert any("match" in e["text"] for e in session.record["log"][-12:]), "the amended reports match and are applied"


async def test_differing_gcw_reports_are_amended_in_hot_seat() -> None:
    session, bid, ru = at_differing_reports()
    app = HolotableApp(session, saves=MemorySaves())
    reports = {"ann": [f"report {bid} {ru[1]}=destroyed Empire=10", f"report {bid} {ru[1]}=late Empire=10"],
               "bob": [f"report {bid} Empire=10", f"report {bid} {ru[1]}=late Empire=10"]}
    seen: dict[str, list[str]] = {"ann": [], "bob": []}
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(12):
            screen = app.screen
            if isinstance(screen, CurtainScreen):
                if screen.seat is None:
                    break
                await pass_curtain(pilot)
                await close_report(pilot)
                continue
            if isinstance(screen, HandOverScreen):
                await pilot.press("enter")
                await pilot.pause()
                continue
            assert isinstance(screen, GameScreen), screen
            seat = screen.seat
            seen[seat].append(screen_text(app))
            if not reports[seat]:
                break
            await enter_order(pilot, reports[seat].pop(0))
            await pilot.pause()
            if session.state.get("battle", {}).get("current") is None or session.state["step"] is None \
                    or session.state["step"]["kind"] not in ("report", "ruling"):
                break
        assert not reports["ann"] and not reports["bob"], f"both sides amended: left {reports}"
    assert any("amends its report" in " ".join(e["text"] for e in session.view(s)["log"]) for s in ("ann", "bob"))
    assert any("match" in e["text"] for e in session.record["log"]), "the amended reports agreed and were applied"


async def test_the_gm_rules_at_the_terminal_behind_the_passphrase() -> None:
    session, bid, ru = at_differing_reports()
    session.set_gm_passphrase("rule of two")
    session.order("ann", "ann", f"report {bid} {ru[1]}=destroyed")
    session.order("bob", "bob", f"report {bid}")
    app = HolotableApp(session, saves=MemorySaves())
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, CurtainScreen)
        await pilot.press("f4")
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen) and app.screen.seat == GM
        await pass_curtain(pilot, "wrong")
        assert isinstance(app.screen, CurtainScreen), "a wrong passphrase opens nothing"
        await pass_curtain(pilot, "rule of two")
        assert isinstance(app.screen, WatchScreen), "the passphrase opens the GM's desk"
        field = app.screen.query_one("#watch-order")
        field.value = f"ann ruling {bid} {ru[1]}=destroyed"  # type: ignore[attr-defined]
        await pilot.press("enter")
        await pilot.pause()
        assert any("The GM rules" in e["text"] for e in session.record["log"]), screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen) and not app.gate.is_gm, "leaving the desk locks the GM's view"
