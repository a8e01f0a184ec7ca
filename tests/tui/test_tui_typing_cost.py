"""What a keystroke in the order line costs the server: it redraws the line and its help, and asks
for no layout of the screen (a layout of the whole war room was most of a key's CPU; issue 14).
What the player sees is unchanged: the line, its help, a long line scrolling to the cursor."""
from __future__ import annotations

from typing import Any

import pytest
from textual.widget import Widget

from tui.app import HolotableApp
from tui.screens.game import GameScreen
from tui_helpers import raw_session, screen_text, type_text, widget_text

SIZE = (120, 40)


async def test_a_key_in_the_order_line_asks_for_no_layout_and_shows_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    app = HolotableApp(raw_session(), seat="al")
    layouts: list[str] = []
    refresh = Widget.refresh

    def counting(self: Widget, *regions: Any, **options: Any) -> Any:
        if options.get("layout"):
            layouts.append(type(self).__name__)
        return refresh(self, *regions, **options)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, GameScreen)
        await pilot.pause()
        monkeypatch.setattr(Widget, "refresh", counting)
        await type_text(pilot, "build Cor")
        await pilot.press("backspace")
        await pilot.pause()
        monkeypatch.setattr(Widget, "refresh", refresh)
        assert layouts == [], f"typing asked for layouts of {layouts}"
        assert "order › build Co" in screen_text(app), "the line shows what was typed"
        assert "build <planet> <unit>" in widget_text(app.screen, "#order-assist"), "and the verb's help below it"


async def test_a_line_longer_than_the_field_scrolls_to_the_cursor() -> None:
    app = HolotableApp(raw_session(), seat="al")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = "post all " + "".join(f"w{n} " for n in range(40)) + "END"
        await type_text(pilot, text)
        await pilot.pause()
        line = next(row for row in screen_text(app).splitlines() if "order ›" in row)
        assert "END" in line, f"the end of a long line is in view while typing it: {line!r}"
        assert "post all" not in line, f"and its start scrolled out of view: {line!r}"
