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


def mark_words(mark: str) -> str:
    """A mark word as a player reads it: ``enemy:CIS=40,neutral=118`` -> ``enemy seen: CIS 40, neutral 118``."""
    head, sep, rest = mark.partition(":")
    ms = mark_style(mark)
    if not sep:
        return mark
    words = ms.legend if ms is not None else head
    return f"{words}: " + ", ".join(part.replace("=", " ") for part in rest.split(","))


def orders_at(sheet: list[Any], name: str) -> list[str]:
    """The queued orders (``view["sheet"]``) that name the place ``name``."""
    pattern = re.compile(rf"(^|[\s,]){re.escape(name)}($|[\s,])", re.IGNORECASE)
    out = []
    for i, order in enumerate(sheet, 1):
        text = str(order.get("text", "") if isinstance(order, dict) else order)
        if pattern.search(text):
            out.append(f"{i}. {text}")
    return out


def details_text(place: dict[str, Any] | None, rosters: list[dict[str, Any]],
                 neighbours: list[str] | None = None, orders: list[str] | None = None) -> Text:
    """The details of one place (or a hint when nothing is selected): what is there as the viewer
    may see it, the viewer's forces there, the places one jump away, the viewer's queued orders there."""
    if place is None:
        return Text("no place selected", style="dim italic")
    name = str(place.get("name") or place.get("id"))
    lines = [str(line) for line in (place.get("lines") or [])] if isinstance(place.get("lines"), list) else [str(place.get("lines"))]
    heading = lines.pop(0) if lines and lines[0].startswith(name) else name
    text = Text()
    text.append(heading, style="bold")
    owner = place.get("owner")
    unknown = place.get("symbol") == "?"  # the viewer does not know who holds it
    text.append(f"  [{place.get('symbol', '?')}] {'holder unknown' if unknown else owner or 'unclaimed'}", style="dim")
    marks = [str(m) for m in place.get("marks") or []]
    if marks:
        text.append("  ")
        for mark in marks:
            ms = mark_style(mark)
            text.append((f"{ms.glyph} " if ms else "") + mark_words(mark), style=ms.style if ms else "italic")
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
    for order in orders or []:
        text.append("\n▸ " + order, style="bold bright_green")
    if neighbours:
        text.append("\none jump: ", style="dim")
        text.append(", ".join(neighbours))
    return text


class PlaceDetails(Static):
    """Details of the selected place."""

    DEFAULT_CSS = """
    PlaceDetails { padding: 0 1; overflow-y: auto; scrollbar-size-vertical: 1; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._shown: tuple[Any, ...] | None = None

    def show(self, place: dict[str, Any] | None, rosters: list[dict[str, Any]],
             neighbours: list[str] | None = None, orders: list[str] | None = None) -> None:
        """Draw ``place``; skipped when unchanged. The panel keeps its height and scrolls."""
        key = (place, rosters, neighbours, orders)
        if key == self._shown:
            return
        self._shown = key
        self.update(details_text(place, rosters, neighbours, orders))
        self.scroll_home(animate=False)
