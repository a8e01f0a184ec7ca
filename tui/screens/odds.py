"""Before an order that rolls dice is given: its exact odds from the engine, as bars."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from tui.text import odds_text


class OddsScreen(ModalScreen[bool]):
    """Shows the odds of ``text``; dismisses with True to give the order, False to go back."""

    CSS_PATH = str(Path(__file__).with_name("odds.tcss"))
    BINDINGS = [
        Binding("enter", "give", "Give the order", priority=True),
        Binding("escape", "back", "Back to editing"),
    ]

    def __init__(self, text: str, odds: Any) -> None:
        super().__init__()
        self.text = text
        self.odds = odds

    def compose(self):  # type: ignore[no-untyped-def]
        with Vertical(id="odds-box"):
            yield Static(f"[b]{self.text}[/b] rolls dice", id="odds-title")
            with VerticalScroll(id="odds-scroll"):
                yield Static(odds_text(self.odds, width=24), id="odds-bars")
            with Horizontal(id="odds-buttons"):
                yield Button("Give the order (Enter)", id="give", variant="primary", compact=True)
                yield Button("Back (Esc)", id="back", compact=True)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "give")

    def action_give(self) -> None:
        self.dismiss(True)

    def action_back(self) -> None:
        self.dismiss(False)
