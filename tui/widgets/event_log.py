"""The event log: the turn report as this viewer may see it (``view["log"]``), dice drawn as dice."""
from __future__ import annotations

from typing import Any

from textual.containers import VerticalScroll
from textual.widgets import Static

from tui.text import events_text


class EventLog(VerticalScroll, can_focus=True):
    """The log of the last and the current turn, newest at the bottom."""

    DEFAULT_CSS = """
    EventLog { height: 1fr; }
    EventLog > Static { padding: 0 1; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._shown: list[dict[str, Any]] | None = None

    def compose(self):  # type: ignore[no-untyped-def]
        yield Static(id="log-lines")

    def show(self, log: list[dict[str, Any]]) -> None:
        """Draw the log and scroll to its end; skipped when unchanged."""
        if log == self._shown:
            return
        self._shown = log
        self.query_one("#log-lines", Static).update(events_text(log))
        self.call_after_refresh(self.scroll_end, animate=False)
