"""The turn's report, shown to each seat after the curtain: what this viewer may see of it, dice included."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from tui.text import events_text


class ReportScreen(ModalScreen[None]):
    """A scrolling report; Enter or Escape closes it."""

    CSS_PATH = str(Path(__file__).with_name("report.tcss"))
    BINDINGS = [
        Binding("escape,enter", "close", "Close", priority=True),
    ]

    def __init__(self, title: str, events: list[dict[str, Any]]) -> None:
        super().__init__()
        self.title_text = title
        self.events = events

    def compose(self):  # type: ignore[no-untyped-def]
        with Vertical(id="report-box"):
            yield Static(f"[b]{self.title_text}[/b]", id="report-title")
            with VerticalScroll(id="report-scroll"):
                yield Static(events_text(self.events, empty="nothing this viewer could see happened"), id="report-lines")
            yield Static("[dim]Enter or Escape closes; F9 shows it again[/dim]", id="report-hint")

    def on_mount(self) -> None:
        self.query_one("#report-scroll").focus()

    def action_close(self) -> None:
        self.dismiss(None)
