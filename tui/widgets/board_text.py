"""A board that is not a map (zones, a grid of squares ...), drawn as a listing of its items."""
from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.containers import VerticalScroll
from textual.widgets import Static


def board_listing(board: dict[str, Any]) -> Text:
    """Every list of items in the board: name, owner, marks, lines."""
    text = Text()
    for key, items in board.items():
        if not isinstance(items, list) or not items or not all(isinstance(i, dict) for i in items):
            continue
        text.append(f"{key}\n", style="bold underline")
        for item in items:
            name = item.get("name") or item.get("id") or "?"
            text.append(f"  {name}", style="bold")
            if item.get("owner"):
                text.append(f" [{item['owner']}]", style="dim")
            if item.get("marks"):
                text.append("  " + ", ".join(map(str, item["marks"])), style="italic")
            text.append("\n")
            extra = item.get("lines") or []
            for row in extra if isinstance(extra, list) else [extra]:
                text.append(f"      {row}\n", style="dim")
    if not text.plain:
        text.append("(no board)", style="dim italic")
    return text


class BoardText(VerticalScroll, can_focus=True):
    """The fallback board widget: a scrolling listing."""

    DEFAULT_CSS = """
    BoardText { height: 1fr; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._shown: dict[str, Any] | None = None
        self.place: dict[str, Any] | None = None

    def compose(self):  # type: ignore[no-untyped-def]
        yield Static(id="board-listing")

    def show(self, board: dict[str, Any], viewer_side: str | None = None, sides: list[str] | None = None) -> None:
        """Draw the board; skipped when unchanged."""
        if board == self._shown:
            return
        self._shown = board
        self.query_one("#board-listing", Static).update(board_listing(board))
