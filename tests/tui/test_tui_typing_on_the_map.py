"""Typing while the map has the focus: what the map does not use goes to the order line."""
from __future__ import annotations

from tui.app import HolotableApp
from tui.widgets.order_pane import OrderInput
from tui_helpers import raw_session


async def test_typing_on_the_map_reaches_the_order_line() -> None:
    app = HolotableApp(raw_session(), seat="al")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("f2")
        await pilot.pause()
        board = app.screen.query_one("#board")
        assert app.screen.focused is board
        await pilot.press("2", "space", "x")  # a digit, a space, a letter no place starts with
        await pilot.pause()
        field = app.screen.query_one(OrderInput)
        assert app.screen.focused is field, "the order line takes the focus"
        assert field.value == "2 x", f"nothing typed is lost: {field.value!r}"


async def test_a_whole_order_typed_on_the_map_loses_no_letter() -> None:
    """Issue 19: letters that start a place name are not eaten by the map either: 'build' typed on
    the map arrives whole on the order line (arrows and clicks select places)."""
    app = HolotableApp(raw_session(), seat="al")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("f2")
        await pilot.pause()
        await pilot.press(*"build")
        await pilot.pause()
        field = app.screen.query_one(OrderInput)
        assert field.value == "build", f"letters were lost on the map: {field.value!r}"
