"""The selected place: its name, owner, marks, the lines the view gives for it, and the viewer's
forces there (the roster of the same title)."""
from __future__ import annotations

from typing import Any

import re

from rich.text import Text
from textual.widgets import Static

from tui.panels import mark_style


def roster_at(title: str, name: str) -> bool:
    """Whether a roster titled ``title`` is at the place ``name`` ("Kuat", "Kuat (3 ships)", "fleet A at Kuat (...)")."""
    return re.search(rf"(^|\bat ){re.escape(name)}(\s|\(|,|$)", title) is not None


def details_text(place: dict[str, Any] | None, rosters: list[dict[str, Any]]) -> Text:
    """The details of one place (or a hint when nothing is selected)."""
    if place is None:
        return Text("no place selected", style="dim italic")
    name = str(place.get("name") or place.get("id"))
    lines = [str(line) for line in (place.get("lines") or [])] if isinstance(place.get("lines"), list) else [str(place.get("lines"))]
    heading = lines.pop(0) if lines and lines[0].startswith(name) else name
    text = Text()
    text.append(heading, style="bold")
    owner = place.get("owner")
    text.append(f"  [{place.get('symbol', '?')}] {owner or 'unclaimed'}", style="dim")
    marks = [str(m) for m in place.get("marks") or []]
    if marks:
        text.append("  ")
        for mark in marks:
            ms = mark_style(mark)
            text.append((f"{ms.glyph} " if ms else "") + mark, style=ms.style if ms else "italic")
            text.append("  ")
        text.rstrip()
    for line in lines:
        if line.strip() and line != name:
            text.append("\n" + line)
    for roster in rosters:
        title = str(roster.get("title", ""))
        if roster_at(title, name):
            for row in roster.get("rows") or []:
                text.append("\n• " + str(row), style="bright_cyan")
    return text


class PlaceDetails(Static):
    """Details of the selected place."""

    DEFAULT_CSS = """
    PlaceDetails { height: auto; padding: 0 1; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._shown: tuple[Any, ...] | None = None

    def show(self, place: dict[str, Any] | None, rosters: list[dict[str, Any]]) -> None:
        """Draw ``place``; skipped when unchanged."""
        key = (place, rosters)
        if key == self._shown:
            return
        self._shown = key
        self.update(details_text(place, rosters))
