"""The viewer's forces, grouped as the view groups them (by location, by fleet), with resources."""
from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.containers import VerticalScroll
from textual.widgets import Static

from tui.text import resources_text
from tui.widgets.place_details import roster_at


class RosterPanel(VerticalScroll):
    """``view["resources"]`` on top, then every roster of ``view["rosters"]`` with its rows."""

    DEFAULT_CSS = """
    RosterPanel { height: 1fr; }
    RosterPanel > #resources { padding: 0 1; margin-bottom: 1; }
    RosterPanel > #rosters { padding: 0 1; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._shown: tuple[Any, ...] | None = None

    def compose(self):  # type: ignore[no-untyped-def]
        yield Static(id="resources")
        yield Static(id="rosters")

    def show(self, rosters: list[dict[str, Any]], resources: dict[str, Any], highlight: str | None = None) -> None:
        """Draw the rosters (the one titled like ``highlight`` stands out); skipped when unchanged."""
        key = (rosters, resources, highlight)
        if key == self._shown:
            return
        self._shown = key
        self.query_one("#resources", Static).update(resources_text(resources) if resources else "")
        body = Text()
        for i, roster in enumerate(rosters):
            title = str(roster.get("title", "roster"))
            rows = roster.get("rows") or []
            if i:
                body.append("\n")
            hit = highlight is not None and roster_at(title, highlight)
            body.append(("▶ " if hit else "") + title, style="bold reverse" if hit else "bold")
            for row in rows:
                body.append("\n  " + (row if isinstance(row, str) else ", ".join(map(str, row)) if isinstance(row, (list, tuple)) else str(row)))
            if not rows:
                body.append("\n  (none)", style="dim")
        if not rosters:
            body.append("no forces", style="dim italic")
        self.query_one("#rosters", Static).update(body)
