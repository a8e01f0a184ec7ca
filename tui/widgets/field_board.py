"""The field board: a board of kind ``"field"`` drawn from the view.

A continuous plane in map units, rasterised to the terminal: each character cell covers a small
rectangle of the map (about 0.4 u across at 120 columns). High structures are solid blocks, low
structures light shade, terrain areas leaves; tokens are drawn by their ids where they stand,
coloured by owner, with their state (pinned, wounded, wreck); a planned path shows as dots, and the
stretches where reaction fire can fall as '!' marks. It knows the board kind, never a rule system.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.message import Message
from shapely.geometry import Point, Polygon
from shapely.prepared import prep
from textual.containers import VerticalScroll
from textual.widgets import Static

OWNER_STYLES = ["bold green", "bold red", "bold cyan", "bold magenta"]
SEEN, UNSEEN = " on #2a4d8f", " dim"  # tokens the selected unit sees / does not see
FILL = {"high": ("█", "grey50"), "low": ("▒", "yellow"), "terrain": ("♣", "green")}


def raster(board: dict[str, Any], width: int, height: int,
           cursor: tuple[int, int] | None = None) -> list[list[tuple[str, str]]]:
    """The board as ``height`` rows of ``width`` (char, style) cells; with ``cursor`` (col, row),
    that cell is marked and, on a token with a ``reach``, the cells it can move to are tinted; on a
    token with ``sees`` (its line of sight, from the view), the tokens it sees get a blue ground
    and those it does not see are faint."""
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
    picked = token_at(board, width, height, cursor) if cursor else None
    if picked is not None and picked.get("reach"):
        reach2 = float(picked["reach"]) ** 2
        for row in range(height):
            for col in range(width):
                dx, dy = (col + 0.5) * sx - picked["x"], (row + 0.5) * sy - picked["y"]
                if dx * dx + dy * dy <= reach2:
                    ch, style = cells[row][col]
                    cells[row][col] = (ch, (style + " on grey23").strip())
    sees = set(picked["sees"]) if picked is not None and "sees" in picked else None
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
        if sees is not None and tok is not picked and state != "wreck":
            style += SEEN if tok["id"] in sees else UNSEEN
        row = min(height - 1, max(0, int(tok["y"] / sy)))
        col = min(width - len(label), max(0, int(tok["x"] / sx) - len(label) // 2))
        for k, ch in enumerate(label):
            cells[row][col + k] = (ch, style)
    if cursor is not None:
        col, row = cursor
        ch, style = cells[row][col]
        cells[row][col] = ("+" if ch == " " else ch, "bold black on yellow")
    return cells


def sight_line(board: dict[str, Any], tok: dict[str, Any], width: int = 200) -> str:
    """In words, what the selected token sees: how many enemies (naming as many as fit in
    ``width``) and friends are in its line of sight."""
    others = [t for t in board.get("tokens", []) if t is not tok and t.get("state") not in ("dead", "wreck")]
    foes = [t for t in others if t.get("owner") != tok.get("owner")]
    seen_foes = [str(t["id"]) for t in foes if t["id"] in tok["sees"]]
    friends = sum(1 for t in others if t.get("owner") == tok.get("owner") and t["id"] in tok["sees"])
    head, tail = f"{tok['id']} sees {len(seen_foes)}/{len(foes)} enemies", f"; {friends} friend{'s' if friends != 1 else ''}"
    names = list(seen_foes)
    while names and len(head) + 2 + len(" ".join(names)) + 4 + len(tail) > width:
        names.pop()
    listed = (": " + " ".join(names) + (" ..." if len(names) < len(seen_foes) else "")) if names else ""
    return head + listed + tail


def cell_point(board: dict[str, Any], width: int, height: int, cell: tuple[int, int]) -> tuple[float, float]:
    """The map point at the centre of a cell."""
    w, h = board["size"]
    return ((cell[0] + 0.5) * w / width, (cell[1] + 0.5) * h / height)


def token_at(board: dict[str, Any], width: int, height: int, cell: tuple[int, int] | None) -> dict[str, Any] | None:
    """The token drawn in ``cell`` (or whose footprint holds its centre), if any."""
    if cell is None:
        return None
    x, y = cell_point(board, width, height, cell)
    w, h = board["size"]
    for tok in board.get("tokens", []):
        if tok.get("state") in ("dead", "wreck"):
            continue
        label = str(tok.get("symbol") or tok["id"])
        row = min(height - 1, max(0, int(tok["y"] / (h / height))))
        col = min(width - len(label), max(0, int(tok["x"] / (w / width)) - len(label) // 2))
        if row == cell[1] and col <= cell[0] < col + len(label):
            return tok
        if (tok["x"] - x) ** 2 + (tok["y"] - y) ** 2 <= float(tok.get("r", 0.5)) ** 2:
            return tok
    return None


LEGEND = ("█ high  ▒ low  ♣ terrain  · path  ! reaction fire  underline pinned  reverse wounded  ✕ wreck  "
          "selected unit: blue ground = it sees, faint = hidden")
SHORT_LEGEND = "█high ▒low ♣terr. ·path !react ✕wreck"  # a narrow board keeps its rows for the map


def legend(width: int) -> str:
    """The legend for a board ``width`` columns wide (a short one under 60 columns)."""
    return LEGEND if width >= 60 else SHORT_LEGEND


def footer(board: dict[str, Any], width: int, height: int, cursor: tuple[int, int] | None = None) -> list[tuple[str, str]]:
    """The lines under the map, as (text, style): the legend (wrapped), then one line each, cut to
    ``width``: what is under the cursor, and what a unit there sees."""
    lines = [(legend(width), "dim")]
    if cursor is not None:
        x, y = cell_point(board, width, height, cursor)
        tok = token_at(board, width, height, cursor)
        what = f" {tok['id']} {tok.get('label', '')} [{tok.get('owner', '')}] {tok.get('state', '')}" if tok else ""
        lines.append((cut(f"({x:.1f},{y:.1f}){what} · arrows move, Enter to the order line", width), "bold"))
        if tok is not None and "sees" in tok:
            lines.append((sight_line(board, tok, width), "bold"))
    return lines


def cut(text: str, width: int) -> str:
    """``text`` on one line of ``width`` columns (ending in '…' when cut)."""
    return text if len(text) <= width else text[:max(0, width - 1)] + "…"


def footer_rows(width: int) -> int:
    """The rows kept under the map: the wrapped legend, the cursor's line and the sight line."""
    return -(-len(legend(width)) // max(1, width)) + 2


def render(board: dict[str, Any], width: int, height: int, cursor: tuple[int, int] | None = None) -> Text:
    """The board as Rich text with the legend (and what is under the cursor, and what it sees)."""
    text = Text()
    for row in raster(board, width, height, cursor):
        for ch, style in row:
            text.append(ch, style=style or None)
        text.append("\n")
    lines = footer(board, width, height, cursor)
    text.append(lines[0][0], style=lines[0][1])
    for line, style in lines[1:]:
        text.append("\n" + line, style=style)
    return text


class FieldBoard(VerticalScroll, can_focus=True):
    """A continuous battlefield with polygons, tokens and the planned path; a cursor (arrows or a
    click) picks a unit or a point for the order line."""

    DEFAULT_CSS = """
    FieldBoard { height: 1fr; }
    """
    BINDINGS = [
        Binding("left", "cursor(-1, 0)", "Left", show=False), Binding("right", "cursor(1, 0)", "Right", show=False),
        Binding("up", "cursor(0, -1)", "Up", show=False), Binding("down", "cursor(0, 1)", "Down", show=False),
        Binding("enter", "choose", "Use it", show=False),
    ]

    @dataclass
    class Chosen(Message):
        """Enter or a click on the board: a unit id or a point ``x,y`` for the order line."""

        text: str

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._shown: tuple[Any, int, int] | None = None
        self._board: dict[str, Any] | None = None
        self._grid = (0, 0)
        self.cursor: tuple[int, int] | None = None
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
        room = self.size.height - 1 if self.size.height > 4 else 20
        aspect = int(width * h / w / 2.2) + 1
        height = max(6, min(room - footer_rows(width), aspect))  # the legend and the cursor's lines stay in sight
        self._grid = (width, height)
        if self.cursor is not None:
            self.cursor = (min(self.cursor[0], width - 1), min(self.cursor[1], height - 1))
        key = (self._board, width, height, self.cursor)
        if key == self._shown:
            return
        self._shown = key
        self.query_one("#field-picture", Static).update(render(self._board, width, height, self.cursor))

    def action_cursor(self, dx: int, dy: int) -> None:
        """Move the cursor one cell."""
        width, height = self._grid
        if not width:
            return
        col, row = self.cursor or (width // 2, height // 2)
        self.cursor = (max(0, min(width - 1, col + dx)), max(0, min(height - 1, row + dy)))
        self._draw()

    def picked_text(self) -> str | None:
        """The unit id under the cursor, or the point ``x,y`` there."""
        if self._board is None or self.cursor is None:
            return None
        width, height = self._grid
        tok = token_at(self._board, width, height, self.cursor)
        if tok is not None:
            return str(tok["id"])
        x, y = cell_point(self._board, width, height, self.cursor)
        return f"{x:.1f},{y:.1f}"

    def action_choose(self) -> None:
        text = self.picked_text()
        if text:
            self.post_message(self.Chosen(text))

    def on_click(self, event: events.Click) -> None:
        width, height = self._grid
        if not width or event.y >= height:
            return
        self.cursor = (max(0, min(width - 1, event.x)), max(0, min(height - 1, event.y + int(self.scroll_y))))
        self._draw()
        self.action_choose()
