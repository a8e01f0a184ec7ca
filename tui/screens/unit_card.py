"""Unit cards: the full specification and current damage of units the viewer may see.

The cards come ready-made from the view (a board's ``cards``: ``{unit id: card}``), so the screen
shows only what the viewer's own view holds. A card: ``{"id", "name", "code", "owner", "space",
"state", "lines": [str, ...]}``, where each line is one fact ("UCR 3 (speed 1 + maneuver 2)",
"Shields 1200/1500", ...). Escape closes; the cards scroll.
"""
from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static


def card_text(cards: list[dict[str, Any]]) -> Text:
    """The cards one after another: a bold heading (id, name, owner, space, state) and its lines."""
    text = Text()
    if not cards:
        return Text("no unit you can see is here", style="dim italic")
    for card in cards:
        if text:
            text.append("\n\n")
        text.append(f"{card.get('id')} ", style="bold bright_cyan")
        text.append(f"{card.get('name', '')} ({card.get('code', '')})", style="bold")
        text.append(f"  {card.get('owner', '')} at {card.get('space', '?')}", style="yellow")
        if card.get("state"):
            text.append(f"  {card['state']}", style="bold red" if card["state"] != "ok" else "green")
        for line in card.get("lines", []):
            text.append("\n  " + str(line))
    return text


class UnitCardScreen(ModalScreen[None]):
    """The cards of some units (a space's, or every unit the viewer sees); Escape closes."""

    DEFAULT_CSS = """
    UnitCardScreen { align: center middle; }
    UnitCardScreen > #card-box { width: 95%; height: 90%; border: round $accent; background: $surface; padding: 0 1; }
    UnitCardScreen #card-scroll { height: 1fr; }
    UnitCardScreen #card-hint { color: $text-muted; height: 1; }
    """
    BINDINGS = [Binding("escape", "close", "Close", priority=True)]

    def __init__(self, where: str, cards: list[dict[str, Any]]) -> None:
        super().__init__()
        self.where = where
        self.cards = cards

    def compose(self):  # type: ignore[no-untyped-def]
        """The title, the scrolling cards and the hint."""
        with Vertical(id="card-box"):
            yield Static(f"[b]Unit cards: {self.where}[/b] ({len(self.cards)})", id="card-title")
            with VerticalScroll(id="card-scroll"):
                yield Static(card_text(self.cards), id="card-lines")
            yield Static("arrows or PageUp/PageDown scroll · Escape closes", id="card-hint")

    def on_mount(self) -> None:
        """The cards take the keys, so arrows scroll them."""
        self.query_one("#card-scroll", VerticalScroll).focus()

    def action_close(self) -> None:
        """Back to the war room."""
        self.dismiss(None)
