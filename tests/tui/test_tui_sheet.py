"""The sheet's running totals, the warning on a useless order, the urgent line and the victory panel, in
both rule systems, driven through the pilot as a player does (issue 13)."""
from __future__ import annotations

import sys
from pathlib import Path

from core.session import Session
from tui.app import HolotableApp
from tui.screens.game import GameScreen
from tui.screens.victory import VictoryScreen
from tui.screens.warn import WarnScreen
from tui.storage import MemorySaves
from tui_helpers import enter_order, into, pass_curtain, raw_session, screen_text, widget_text

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "gcw"))
from gcw_helpers import give_action, moving  # noqa: E402

SIZE = (120, 40)


def sheet_text(screen: GameScreen) -> str:
    listing = screen.query_one("#sheet-list")
    rows = [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]
    return "\n".join([widget_text(screen, "#sheet-head"), widget_text(screen, "#sheet-money"), *rows])


async def test_RAW_PROD_01_ECON_03_sheet_running_totals_and_useless_assault_warning() -> None:
    """RAW-PROD-01, RAW-ECON-03, RAW-GROUND-01: al (200 credits) orders 2 clone GF at Coruscant (12 each, cap 30): the
    head says 24 spent and 176 left, the row its cost, what is left and Coruscant's 24 of 30; an assault with no GF on
    the way shows its warning under it on the sheet before the turn resolves; withdrawing the build gives the credits back."""
    app = HolotableApp(raw_session("sheet"), saves=MemorySaves())
    async with app.run_test(size=SIZE) as pilot:
        screen = await into(pilot)
        assert screen.seat == "al"
        await enter_order(pilot, "build Coruscant GF 2")
        await pilot.pause()
        text = sheet_text(screen)
        assert "200 credits: 24 spent, 176 left" in text, text
        assert "1. build Coruscant GF 2  −24 → 176 left · Coruscant 24/30" in text, text
        assert "the 176 credits left are lost at the end of the turn (RAW-ECON-03)" in text, text
        await enter_order(pilot, "assault Raxus")
        await pilot.pause()
        text = sheet_text(screen)
        assert "2. assault Raxus\n   ⚠ no GF of yours will be in orbit of Raxus" in text, text
        assert "⚠ no GF of yours" in screen_text(app), "the warning is on screen"
        screen.query_one("#sheet-list").focus()
        screen.query_one("#sheet-list").highlighted = 0
        await pilot.press("delete")
        await pilot.pause()
        assert "200 credits: 0 spent, 200 left" in sheet_text(screen), sheet_text(screen)


def gcw_session(passes: int) -> Session:
    """A GCW game (ann: Empire, bob: Rebel) in the movement phase with the Empire to act, 3 CP."""
    state = moving()
    give_action(state, "Empire", 3)
    state["movement"]["passes"] = passes
    session = Session.new("gcw", [("ann", "Empire"), ("bob", "Rebel")], seed="sheet")
    session.record["state"] = state
    return session


async def test_GCW_CP_02_pass_that_loses_cp_asks_first_and_the_sheet_prices_each_move() -> None:
    """GCW-MOVE-03/04: the Empire's sheet lists each fleet's move with its CP and what is left; GCW-CP-02: after the
    Rebel passed, the Empire's pass would end the phase and lose 3 CP: it asks first; Escape gives nothing, Enter gives it."""
    session = gcw_session(passes=1)
    app = HolotableApp(session, saves=MemorySaves())
    async with app.run_test(size=SIZE) as pilot:
        screen = await into(pilot)
        assert screen.seat == "ann"
        text = sheet_text(screen)
        fleet = session.state["fleets"] and sorted(f for f, i in session.state["fleets"].items() if i["side"] == "Empire")[0]
        assert "3 CP this phase" in text and f"move {fleet}: 3 CP (medium 2 + Admiral 1) → 0 left" in text, text
        await enter_order(pilot, "pass")
        await pilot.pause()
        assert isinstance(app.screen, WarnScreen), f"a pass that loses CP should ask first, not {app.screen!r}"
        assert "your 3 CP are lost (GCW-CP-02)" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert session.state["sides"]["Empire"]["cp"] == 3 and session.state["step"]["kind"] == "action", "nothing given"
        await enter_order(pilot, "pass")
        await pilot.pause()
        assert isinstance(app.screen, WarnScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert session.state["step"] is None or session.state["step"]["kind"] != "action" \
            or session.state["sides"]["Empire"]["cp"] == 0, "given anyway: the phase ended"


async def test_GCW_CP_02_first_pass_gives_no_warning() -> None:
    """GCW-CP-02: a pass that does not end the phase loses nothing yet: no question."""
    session = gcw_session(passes=0)
    app = HolotableApp(session, saves=MemorySaves())
    async with app.run_test(size=SIZE) as pilot:
        await into(pilot)
        await enter_order(pilot, "pass")
        await pilot.pause()
        assert not isinstance(app.screen, WarnScreen)
        assert any("Empire passes" in e["text"] for e in session.record["log"]), "the pass was given"


async def test_RAW_RETREAT_03_urgent_line_names_the_ship_for_its_seat_only() -> None:
    """RAW-RETREAT-02/03: al's ship on a forced retreat shows on al's urgent line until it has a jump order; bo (the
    enemy) never sees it; a seat with no orders is told so."""
    session = raw_session("urgent")
    from core.rulesets.raw.setup import new_unit, next_uid
    uid = next_uid(session.state, "al")
    session.state["units"][uid] = {**new_unit("AqL", "al", "Coruscant"), "retreat": True}
    app = HolotableApp(session, saves=MemorySaves())
    async with app.run_test(size=SIZE) as pilot:
        screen = await into(pilot)
        line = widget_text(screen, "#urgent")
        assert f"⚠ {uid} must jump this turn or be lost" in line, line
        assert "no orders yet" in line, line
        await enter_order(pilot, f"jump {uid} Anaxes")
        await pilot.pause()
        line = widget_text(screen, "#urgent")
        assert uid not in line and "no orders yet" not in line, line
    view = session.view("bo")
    assert not any(uid in u["text"] for u in view["urgent"]), "the enemy's urgent line never names al's ship"


async def test_RAW_VP_victory_panel_by_key_and_palette_is_the_viewers_own() -> None:
    """RAW-VP-02..07: F12 opens the victory panel (and the palette lists it); what al's team cannot know (a CIS world
    changing hands unseen) leaves al's panel unchanged."""
    session = raw_session("victory")
    app = HolotableApp(session, saves=MemorySaves())
    async with app.run_test(size=SIZE) as pilot:
        screen = await into(pilot)
        titles = [c.title for c in app.get_system_commands(screen)]
        assert "Victory" in titles, titles
        await pilot.press("f12")
        await pilot.pause()
        assert isinstance(app.screen, VictoryScreen)
        first = screen_text(app)
        assert "GAR (you)" in first and "Industrialist (3 VP)" in first and "3 of 7 held" in first, first
        await pilot.press("escape")
        await pilot.pause()
        session.state["planets"]["Pammant"]["owner"] = None  # unseen by GAR
        screen.refresh_view()
        await pilot.press("f12")
        await pilot.pause()
        assert screen_text(app) == first, "an unseen change must not show on al's panel"


def test_urgent_line_names_a_near_deadline_and_orders_not_given() -> None:
    """The session's part of the urgent line: a deadline within a day is named first (passed: the GM may resolve at
    any moment); a seat awaited with an empty sheet is told it has no orders yet; a ready seat is told nothing."""
    from tui.widgets.urgent import urgent_items
    view = {"awaiting": ["al", "bo"], "ready": [], "sheet": [], "deadline": 1000.0 + 3 * 3600, "urgent": []}
    items = urgent_items(view, "al", True, now=1000.0)
    assert items[0][0] == "urgent" and items[0][1].startswith("deadline in 3h") and items[0][1].endswith("Ctrl+R"), items
    assert ("info", "no orders yet: type them on the order line, then Ctrl+R") in items, items
    assert urgent_items(view, "al", True, now=1000.0 + 4 * 3600)[0][1].startswith("the deadline has passed"), "passed"
    assert urgent_items({**view, "ready": ["al"]}, "al", True, now=1000.0) == [], "a ready seat has nothing urgent"
    assert urgent_items({**view, "deadline": 1000.0 + 3 * 86400}, "al", True, now=1000.0) == \
        [("info", "no orders yet: type them on the order line, then Ctrl+R")], "a far deadline is not urgent"


async def test_GCW_VP_01_battle_report_due_is_on_the_urgent_line_in_the_war_room() -> None:
    """GCW-VP-01, GCW-GAP-03: at a battle's reports the awaited side's urgent line says its report is due."""
    from test_hotseat_gcw import at_differing_reports
    session, bid, _units = at_differing_reports()
    app = HolotableApp(session, saves=MemorySaves())
    async with app.run_test(size=SIZE) as pilot:
        screen = await into(pilot)
        line = widget_text(screen, "#urgent")
        assert f"⚠ Battle {bid}: your report is due" in line, line


async def test_RAW_GROUND_01_ready_with_a_useless_order_asks_first() -> None:
    """RAW-GROUND-01: before the turn resolves, Ready on a sheet holding an assault with no GF on the way names it;
    Escape keeps the seat not ready, Enter makes it ready anyway."""
    session = raw_session("ready")
    app = HolotableApp(session, saves=MemorySaves())
    async with app.run_test(size=SIZE) as pilot:
        await into(pilot)
        await enter_order(pilot, "assault Raxus")
        await pilot.pause()
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert isinstance(app.screen, WarnScreen), f"Ready should ask first, not {app.screen!r}"
        assert "order 1: no GF of yours will be in orbit of Raxus" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert "al" not in session.record["ready"], "Escape keeps the seat not ready"
        await pilot.press("ctrl+r")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert "al" in session.record["ready"] or session.turn == 2, "Enter makes the seat ready anyway"


async def test_GCW_GAP_03_the_gms_desk_names_the_ruling_due_and_shows_victory() -> None:
    """GCW-GAP-03: after differing reports the GM's desk says a ruling is due; F12 there shows the victory panel."""
    from test_hotseat_gcw import at_differing_reports
    from tui.screens.watch import WatchScreen
    session, bid, units = at_differing_reports()
    session.set_gm_passphrase("rule of two")
    session.order("ann", "ann", f"report {bid} {units[1]}=destroyed")
    session.order("bob", "bob", f"report {bid}")
    app = HolotableApp(session, saves=MemorySaves())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f4")
        await pilot.pause()
        await pass_curtain(pilot, "rule of two")
        assert isinstance(app.screen, WatchScreen)
        assert f"⚠ Battle {bid}: the reports differ; your ruling is due" in widget_text(app.screen, "#watch-head")
        await pilot.press("f12")
        await pilot.pause()
        assert isinstance(app.screen, VictoryScreen) and "Total Rebel victory" in screen_text(app)
