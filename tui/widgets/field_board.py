"""The field board: a board of kind ``"field"`` drawn from the view.

A continuous plane in map units, rasterised to the terminal: each character cell covers a small
rectangle of the map (about 0.4 u across at 120 columns). High structures are solid blocks, low
structures light shade, terrain areas leaves; tokens are drawn by their ids where they stand,
coloured by owner, with their state (pinned, wounded, wreck); a planned path shows as dots, and the
stretches where reaction fire can fall as '!' marks. It knows the board kind, never a rule system.
"""
from __future__ import annotations

from typing import Any

from rich.text import Text
from shapely.geometry import Point, Polygon
from shapely.prepared import prep
from textual.containers import VerticalScroll
from textual.widgets import Static

OWNER_STYLES = ["bold green", "bold red", "bold cyan", "bold magenta"]
FILL = {"high": ("█", "grey50"), "low": ("▒", "yellow"), "terrain": ("♣", "green")}


def raster(board: dict[str, Any], width: int, height: int) -> list[list[tuple[str, str]]]:
    """The board as ``height`` rows of ``width`` (char, style) cells."""
    w, h = board["size"]
    cells = [[(" ", "") for _ in range(width)] for _ in range(height)]
    sx, sy = w / width, h / height
    polys = [(p["type"], prep(Polygon(p["points"]))) for p in board.get("polygons", [])]
    order = {"terrain": 0, "low": 1, "high": 2}
    polys.sort(key=lambda tp: order.get(tp[0], 0))
    for row in range(height):
        for col in range(width):
            centre = Point((col + 0.5) * sx, (row + 0.5) * sy)
            for kind, poly in polys:
                if poly.contains(centre):
                    cells[row][col] = FILL.get(kind, ("?", ""))
    for path in board.get("paths", []):
        (x0, y0), (x1, y1) = path["from"], path["to"]
        seen = [s for o in path.get("seen", []) for s in o["stretches"]]
        steps = max(2, int(max(abs(x1 - x0) / sx, abs(y1 - y0) / sy)) * 2)
        for i in range(steps + 1):
            t = i / steps
            col, row = int((x0 + (x1 - x0) * t) / sx), int((y0 + (y1 - y0) * t) / sy)
            if 0 <= row < height and 0 <= col < width:
                danger = any(a <= t <= b for a, b in seen)
                cells[row][col] = ("!", "bold red") if danger else ("·", "bold white")
    for tok in sorted(board.get("tokens", []), key=lambda t: t.get("state") != "wreck"):
        label = str(tok.get("symbol") or tok["id"])
        style = OWNER_STYLES[int(tok.get("side_index", 0)) % len(OWNER_STYLES)]
        state = str(tok.get("state", "ok"))
        if state == "wreck":
            label, style = "✕", "grey70"
        elif "wounded" in state:
            style += " reverse"
        elif "pinned" in state:
            style += " underline"
        row = min(height - 1, max(0, int(tok["y"] / sy)))
        col = min(width - len(label), max(0, int(tok["x"] / sx) - len(label) // 2))
        for k, ch in enumerate(label):
            cells[row][col + k] = (ch, style)
    return cells


def render(board: dict[str, Any], width: int, height: int) -> Text:
    """The board as Rich text with a one-line legend."""
    text = Text()
    for row in raster(board, width, height):
        for ch, style in row:
            text.append(ch, style=style or None)
        text.append("\n")
    text.append("█ high  ▒ low  ♣ terrain  · path  ! reaction possible  ", style="dim")
    text.append("underline pinned  reverse wounded  ✕ wreck", style="dim")
    return text


class FieldBoard(VerticalScroll, can_focus=True):
    """A continuous battlefield with polygons, tokens and the planned path."""

    DEFAULT_CSS = """
    FieldBoard { height: 1fr; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._shown: tuple[Any, int, int] | None = None
        self._board: dict[str, Any] | None = None
        self.place: dict[str, Any] | None = None

    def compose(self):  # type: ignore[no-untyped-def]
        yield Static(id="field-picture")

    def show(self, board: dict[str, Any], viewer_side: str | None = None, sides: list[str] | None = None) -> None:
        """Draw the board at the widget's size; skipped when nothing changed."""
        self._board = board
        self._draw()

    def on_resize(self) -> None:
        self._draw()

    def _draw(self) -> None:
        if self._board is None:
            return
        width = max(20, self.size.width - 2)
        w, h = self._board["size"]
        height = max(8, min(self.size.height - 2 if self.size.height > 4 else 20, int(width * h / w / 2.2) + 1))
        key = (self._board, width, height)
        if key == self._shown:
            return
        self._shown = key
        self.query_one("#field-picture", Static).update(render(self._board, width, height))
