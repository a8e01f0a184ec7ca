"""In hot-seat play, when a seat's part is done for now: the result of its last action stays on
show (the seat's own view is still behind it) until a key hands the terminal over. A seat that
said it is ready may take that back here instead (Escape or Ctrl+R: back to my orders)."""
from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from tui.text import events_text


class HandOverScreen(ModalScreen[str]):
    """Dismisses with ``"hand"`` (Enter or Space: bring the curtain down) or ``"back"`` (not ready after all)."""

    DEFAULT_CSS = """
    HandOverScreen { align: center bottom; }
    HandOverScreen #handover-box { width: 100%; height: auto; max-height: 60%; border: thick $success;
                                   background: $surface; padding: 0 1; }
    HandOverScreen #handover-scroll { height: auto; max-height: 16; }
    """
    BINDINGS = [
        Binding("enter,space", "hand", "Hand over", priority=True),
        Binding("escape,ctrl+r", "back", "Back to my orders", priority=True),
    ]

    def __init__(self, seat: str, headline: str, events: list[dict[str, Any]], may_unready: bool) -> None:
        super().__init__()
        self.seat = seat
        self.headline = headline
        self.events = events
        self.may_unready = may_unready

    def compose(self):  # type: ignore[no-untyped-def]
        with Vertical(id="handover-box"):
            yield Static(Text(self.headline, style="bold green"), id="handover-title")
            if self.events:
                with VerticalScroll(id="handover-scroll"):
                    yield Static(events_text(self.events[-40:]), id="handover-events")
            hint = f"Enter or Space: {self.seat} is done, hand the terminal over"
            if self.may_unready:
                hint += " · Escape or Ctrl+R: back to my orders (not ready)"
            yield Static(Text(hint, style="bold"), id="handover-hint")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "back":
            return self.may_unready
        return True

    def action_hand(self) -> None:
        self.dismiss("hand")

    def action_back(self) -> None:
        self.dismiss("back")
