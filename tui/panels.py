"""The one place where the war room learns about anything particular to a rule system or a board.

- Board widgets by the board's ``kind`` (``"map"`` is the galaxy map; any other kind falls back to
  a plain listing).
- Map marks: how a place's mark word is drawn on the map (a glyph, a style, a legend word). The
  words are the shared view vocabulary (``fleet:3``, ``enemy:...``, ``blockade``, ``battle``, ...);
  a mark with no glyph is still listed in the place's details.
- Extra panels for one rule system: ``register_panel("gcw", "battle", "Battle", factory)`` adds a
  tab to the game screen whenever that rule system is in play. A panel is a widget with a
  ``show(view: dict) -> None`` method.

Shared widgets never ask which rule system is in play; they look things up here.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from textual.widget import Widget

PanelFactory = Callable[[], Widget]


@dataclass(frozen=True)
class MarkStyle:
    """How the map draws a mark: the first mark word that starts with ``prefix`` (case-insensitive)."""

    prefix: str
    glyph: str
    style: str
    legend: str


#: In priority order: the first few marks of a place that have a glyph are drawn after its symbol.
MARKS: list[MarkStyle] = [
    MarkStyle("battle", "*", "bold red", "battle"),
    MarkStyle("enemy", "!", "bold bright_red", "enemy seen"),
    MarkStyle("blockade", "#", "bold yellow", "blockade"),
    MarkStyle("fleet", "+", "bold bright_green", "your fleet"),
    MarkStyle("inbound", ">", "bold bright_cyan", "your fleet inbound"),
    MarkStyle("death star", "@", "bold magenta", "Death Star"),
    MarkStyle("rebel base", "^", "bold cyan", "base"),
    MarkStyle("destroyed", "x", "bold red", "destroyed"),
]


def mark_style(mark: str) -> MarkStyle | None:
    """The drawing of one mark word, or None if the map leaves it to the details."""
    low = mark.lower()
    for style in MARKS:
        if low.startswith(style.prefix):
            return style
    return None


def register_mark(prefix: str, glyph: str, style: str, legend: str) -> None:
    """Draw marks starting with ``prefix`` as ``glyph`` (a single character) on the map."""
    MARKS.append(MarkStyle(prefix.lower(), glyph[:1], style, legend))


_PANELS: dict[str, list[tuple[str, str, PanelFactory]]] = {}


def register_panel(ruleset_id: str, pane_id: str, title: str, factory: PanelFactory) -> None:
    """Add a tab ``title`` to the game screen of ``ruleset_id``; ``factory()`` builds its widget."""
    _PANELS.setdefault(ruleset_id, [])
    _PANELS[ruleset_id] = [p for p in _PANELS[ruleset_id] if p[0] != pane_id] + [(pane_id, title, factory)]


def panels_for(ruleset_id: str) -> list[tuple[str, str, PanelFactory]]:
    """The extra panels of a rule system: ``(pane id, title, factory)``."""
    return list(_PANELS.get(ruleset_id, []))


def board_widget(kind: str, widget_id: str = "board") -> Widget:
    """A widget that draws a board of ``kind`` (it has ``show(board, viewer_side, sides)``), with
    the id ``widget_id``. Raises nothing (an unknown kind gets a plain listing)."""
    if kind == "map":
        from tui.widgets.galaxy_map import GalaxyMap
        return GalaxyMap(id=widget_id)
    if kind == "zones":
        from tui.widgets.zones_board import ZonesBoard
        return ZonesBoard(id=widget_id)
    if kind == "field":
        from tui.widgets.field_board import FieldBoard
        return FieldBoard(id=widget_id)
    if kind == "rings":
        from tui.widgets.rings_board import RingsBoard
        return RingsBoard(id=widget_id)
    from tui.widgets.board_text import BoardText
    return BoardText(id=widget_id)


def board_kind(view: dict[str, Any]) -> str:
    """The kind of the view's board (``"none"`` without one)."""
    board = view.get("board")
    return str(board.get("kind", "list")) if isinstance(board, dict) else "none"


def boards_of(view: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """Every board the view offers, as (title, board): its ``board`` first (titled "Galaxy" for a map,
    else "Board"), then each of its ``boards`` (``[{"title", "board"}]``: a battle grid a galaxy opens
    into, say). Raises nothing: a malformed entry is left out."""
    main = view.get("board")
    out: list[tuple[str, dict[str, Any]]] = []
    if isinstance(main, dict):
        out.append(("Galaxy" if main.get("kind") == "map" else "Board", main))
    for entry in view.get("boards") or []:
        if isinstance(entry, dict) and isinstance(entry.get("board"), dict):
            out.append((str(entry.get("title") or "Board"), entry["board"]))
    return out or [("Board", {})]
