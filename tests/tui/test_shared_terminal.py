"""A shared terminal that is quick to pass around (issue 28): a new PIN asked twice, nothing typed
lost when the focus leaves the log or the map for the order line, and "back to my orders" (F3)
at the curtain of a step every awaited seat answers together (Pocket Models' secret setup)."""
from __future__ import annotations

import asyncio

from core.session import Session
from tui.app import HolotableApp
from tui.screens.curtain import CurtainScreen
from tui.screens.game import GameScreen
from tui.screens.handover import HandOverScreen
from tui.screens.pin import PinScreen
from tui.storage import MemorySaves
from tui.widgets.order_pane import OrderInput
from tui_helpers import close_report, pass_curtain, raw_session, screen_text, type_text, widget_text


async def into_al(pilot) -> GameScreen:  # type: ignore[no-untyped-def]
    await pass_curtain(pilot)
    await close_report(pilot)
    assert isinstance(pilot.app.screen, GameScreen), pilot.app.screen
    return pilot.app.screen


async def test_a_new_pin_is_asked_twice_and_kept_only_when_both_match() -> None:
    """Issue 28: setting a PIN asks for it twice; two different entries set nothing and say so."""
    session = raw_session()
    app = HolotableApp(session, saves=MemorySaves())
    async with app.run_test(size=(120, 40)) as pilot:
        await into_al(pilot)
        await pilot.press("f8")
        await pilot.pause()
        assert isinstance(app.screen, PinScreen)
        await type_text(pilot, "4711")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PinScreen), "one entry must not set the PIN: it is asked again"
        assert not session.has_pin("al"), "the PIN was set after one entry"
        assert "again" in widget_text(app.screen, "#pin-text")
        await type_text(pilot, "4712")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PinScreen) and not session.has_pin("al"), "two different entries set a PIN"
        assert "differ" in widget_text(app.screen, "#pin-text")
        for _ in range(2):
            await type_text(pilot, "4711")
            await pilot.press("enter")
            await pilot.pause()
        assert isinstance(app.screen, GameScreen), "two matching entries close the PIN screen"
        assert session.has_pin("al") and session.check_pin("al", "4711"), "the PIN typed twice is kept"


async def test_text_typed_on_the_log_or_the_forces_reaches_the_order_line() -> None:
    """Issue 28: letters typed while the log (F6) or the forces (F5) have the focus are not lost:
    they go to the order line, as on the map."""
    app = HolotableApp(raw_session(), seat="al")
    async with app.run_test(size=(120, 40)) as pilot:
        for key in ("f6", "f5", "f2"):
            await pilot.press(key)
            await pilot.pause()
            await pilot.press(*"pass")
            await pilot.pause()
            field = app.screen.query_one(OrderInput)
            assert app.screen.focused is field and field.value == "pass", f"after {key}: {field.value!r} on the line"
            field.value = ""


async def test_the_order_line_keeps_the_focus_when_a_side_tab_is_slow_to_build() -> None:
    """Issue 28: F6 then at once F3: the log is built (it takes a moment the first time) after the
    order line took the focus; the log must not take it back, or the next letters go to the log."""
    app = HolotableApp(raw_session(), seat="al")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        await pilot.pause()
        building = asyncio.ensure_future(screen.action_pane("log"))
        await asyncio.sleep(0)  # F6 has begun building the log
        screen.action_focus_order()
        await building
        await pilot.pause()
        assert screen.focused is screen.query_one(OrderInput), f"the log took the focus back: {screen.focused}"
        await pilot.press(*"pass")
        await pilot.pause()
        assert screen.query_one(OrderInput).value == "pass"


async def test_swpm_setup_curtain_offers_back_to_my_orders() -> None:
    """Issue 28: in Pocket Models' secret setup, the seat that said it is ready (Ctrl+R) and handed
    over may come back to its orders from the next seat's curtain (F3), as in the other games."""
    session = Session.new("swpm", [("p1", "P1"), ("p2", "P2")], seed="tui-swpm")
    app = HolotableApp(session, saves=MemorySaves())
    async with app.run_test(size=(120, 40)) as pilot:
        first = await pass_curtain(pilot)
        await close_report(pilot)
        assert isinstance(app.screen, GameScreen)
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert isinstance(app.screen, HandOverScreen), app.screen
        assert "back to my orders" in screen_text(app), "the hand-over offers to take the ready back"
        await pilot.press("enter")
        await pilot.pause()
        curtain = app.screen
        assert isinstance(curtain, CurtainScreen) and curtain.seat != first, curtain
        assert f"F3: back to my orders ({first} is ready)" in screen_text(app), screen_text(app)
        await pilot.press("f3")
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen) and app.screen.seat == first and app.screen.coming_back
        await pilot.press("enter")
        await pilot.pause()
        await close_report(pilot)
        assert isinstance(app.screen, GameScreen) and app.screen.seat == first
        assert first not in session.record["ready"], "back to the orders: not ready any more"
