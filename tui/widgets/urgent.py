"""What must be done now, at the top of the side column where a player looks first: the rule system's
urgent items (``view["urgent"]``: a forced retreat, a battle report due), then what the session asks of
the seat (orders not yet given, a deadline near). Draws the view only; knows no rule system."""
from __future__ import annotations

import time
from typing import Any

from rich.text import Text
from textual.widgets import Static

from tui.deadline import left_text

NEAR = 24 * 3600.0  # a deadline closer than this is named


def urgent_items(view: dict[str, Any], seat: str, queued: bool, now: float | None = None) -> list[tuple[str, str]]:
    """``(level, text)`` for the seat, most urgent first: the ruleset's items, then the session's."""
    items = [(str(u.get("level", "info")), str(u.get("text", ""))) for u in view.get("urgent") or [] if u.get("text")]
    if view.get("outcome"):
        return items
    awaited = seat in (view.get("awaiting") or [])
    ready = seat in (view.get("ready") or [])
    if awaited and not ready:
        if queued and not view.get("sheet"):
            items.append(("info", "no orders yet: type them on the order line, then Ctrl+R"))
        deadline = view.get("deadline")
        if deadline is not None:
            left = float(deadline) - (time.time() if now is None else now)
            if left <= 0:
                items.insert(0, ("urgent", "the deadline has passed: the GM may resolve the turn at any moment"))
            elif left < NEAR:
                items.insert(0, ("urgent", f"deadline in {left_text(left)}: give your orders and Ctrl+R"))
    return items


def urgent_text(items: list[tuple[str, str]]) -> Text:
    """The items as lines: ``⚠`` in bold red for the urgent ones, ``•`` for the rest."""
    if not items:
        return Text("nothing urgent · F12 victory", style="dim")
    text = Text()
    for n, (level, line) in enumerate(items):
        if n:
            text.append("\n")
        if level == "urgent":
            text.append("⚠ " + line, style="bold bright_red")
        else:
            text.append("• " + line, style="yellow")
    return text


class UrgentLine(Static):
    """The urgent line: one line per item (at most a few; the rest scroll off)."""

    DEFAULT_CSS = """
    UrgentLine { height: auto; max-height: 3; padding: 0 1; background: $boost; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._shown: Any = None

    def show(self, view: dict[str, Any], seat: str, queued: bool) -> None:
        """Redraw when what is urgent changed."""
        items = urgent_items(view, seat, queued)
        if items == self._shown:
            return
        self._shown = items
        self.update(urgent_text(items))
