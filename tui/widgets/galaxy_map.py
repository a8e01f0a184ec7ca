"""The galaxy map: places at their map positions scaled to the widget, lanes as dotted lines,
ownership by colour *and* symbol, marks as glyphs after the symbol, names where they fit.

Move the selection with the arrow keys, a letter (the next place starting with it) or the mouse;
Enter offers the selected place's name to the order line. The map draws ``view["board"]`` of kind
``"map"`` (see :mod:`core.ruleset`) and knows nothing else of the game.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from tui.panels import mark_style

EMPTY, LANE, LABEL, FLAG, SYMBOL = 0, 1, 2, 3, 4
OWN_STYLE = "bold bright_cyan"
SIDE_STYLES = ["bold bright_red", "bold yellow", "bold magenta", "bold bright_blue", "bold green", "bold white"]
NEUTRAL_STYLE = "white"
NOBODY_STYLE = "grey62"
LANE_STYLE = "grey42"
LANE_CHAR = "·"
MAX_FLAGS = 2


def owner_styles(viewer_side: str | None, sides: list[str]) -> dict[str, str]:
    """A Rich style for each side: the viewer's own side first colour, the others in turn."""
    styles: dict[str, str] = {}
    others = iter(SIDE_STYLES)
    for side in sides:
        styles[side] = OWN_STYLE if side == viewer_side else next(others, "bold white")
    return styles


def style_of(owner: Any, styles: dict[str, str]) -> str:
    """The style of a place's owner (a side, another owner such as 'neutral', or nobody)."""
    if owner is None or owner == "":
        return NOBODY_STYLE
    return styles.get(str(owner), NEUTRAL_STYLE)


@dataclass
class MapLayout:
    """Where everything goes on a map of one size: cells, glyphs and which place owns each cell."""

    width: int
    height: int
    cells: dict[str, tuple[int, int]]
    chars: list[list[str]]
    styles: list[list[str]]
    owner_at: dict[tuple[int, int], str]


def scale_places(places: list[dict[str, Any]], width: int, height: int) -> dict[str, tuple[int, int]]:
    """A distinct cell (column, row) for every place, its x,y scaled into ``width`` x ``height``."""
    if not places or width < 3 or height < 1:
        return {}
    xs = [float(p.get("x", 0)) for p in places]
    ys = [float(p.get("y", 0)) for p in places]
    minx, maxx, miny, maxy = min(xs), max(xs), min(ys), max(ys)
    spanx, spany = max(maxx - minx, 1e-9), max(maxy - miny, 1e-9)
    usable_w, usable_h = max(1, width - 3), max(0, height - 1)
    taken: set[tuple[int, int]] = set()
    cells: dict[str, tuple[int, int]] = {}
    order = sorted(range(len(places)), key=lambda i: (ys[i], xs[i]))
    offsets = sorted(((dc, dr) for dc in range(-4, 5) for dr in range(-2, 3)), key=lambda o: (abs(o[0]) + 2 * abs(o[1]), abs(o[1]), -o[0]))
    for i in order:
        col = 1 + round((xs[i] - minx) / spanx * usable_w)
        row = round((ys[i] - miny) / spany * usable_h) if usable_h else 0
        for dc, dr in offsets:
            c, r = col + dc, row + dr
            if 0 <= c < width and 0 <= r < height and (c, r) not in taken:
                cells[str(places[i]["id"])] = (c, r)
                taken.add((c, r))
                break
    return cells


def line_cells(a: tuple[int, int], b: tuple[int, int]) -> list[tuple[int, int]]:
    """The cells strictly between ``a`` and ``b`` on a straight line (Bresenham)."""
    (x0, y0), (x1, y1) = a, b
    dx, dy = abs(x1 - x0), -abs(y1 - y0)
    sx, sy = (1 if x0 < x1 else -1), (1 if y0 < y1 else -1)
    err = dx + dy
    out: list[tuple[int, int]] = []
    x, y = x0, y0
    while (x, y) != (x1, y1):
        e2 = 2 * err
        if e2 >= dy:
            err += dy
            x += sx
        if e2 <= dx:
            err += dx
            y += sy
        if (x, y) != (x1, y1):
            out.append((x, y))
    return out


def layout_map(board: dict[str, Any], width: int, height: int, selected: str | None,
               viewer_side: str | None, sides: list[str]) -> MapLayout:
    """Lay the board out on a ``width`` x ``height`` grid of characters."""
    places = [p for p in board.get("places") or [] if isinstance(p, dict) and "id" in p]
    by_id = {str(p["id"]): p for p in places}
    cells = scale_places(places, width, height)
    chars = [[" "] * width for _ in range(height)]
    styles = [[""] * width for _ in range(height)]
    kinds = [[EMPTY] * width for _ in range(height)]
    owner_at: dict[tuple[int, int], str] = {}
    colours = owner_styles(viewer_side, sides)

    def put(c: int, r: int, ch: str, style: str, kind: int, pid: str | None) -> None:
        chars[r][c], styles[r][c], kinds[r][c] = ch, style, kind
        if pid is not None:
            owner_at[(c, r)] = pid

    for pid, (c, r) in cells.items():
        place = by_id[pid]
        style = style_of(place.get("owner"), colours)
        if pid == selected:
            style += " reverse"
        put(c, r, str(place.get("symbol") or "o")[:1], style, SYMBOL, pid)
    flags_end: dict[str, int] = {}
    for pid, (c, r) in cells.items():
        end = c
        glyphs = [s for s in (mark_style(str(m)) for m in by_id[pid].get("marks") or []) if s is not None]
        seen: set[str] = set()
        for ms in glyphs:
            if ms.glyph in seen or len(seen) >= MAX_FLAGS:
                continue
            if end + 1 < width and kinds[r][end + 1] == EMPTY:
                end += 1
                put(end, r, ms.glyph, ms.style, FLAG, pid)
                seen.add(ms.glyph)
        flags_end[pid] = end
    for lane in board.get("lanes") or []:
        if not isinstance(lane, (list, tuple)) or len(lane) < 2:
            continue
        a, b = cells.get(str(lane[0])), cells.get(str(lane[1]))
        if a is None or b is None:
            continue
        for c, r in line_cells(a, b):
            if kinds[r][c] == EMPTY:
                put(c, r, LANE_CHAR, LANE_STYLE, LANE, None)

    def free(r: int, lo: int, hi: int) -> bool:
        """Cells lo..hi of row r hold nothing but lanes (out of bounds counts as free)."""
        return all(kinds[r][c] <= LANE for c in range(max(lo, 0), min(hi, width - 1) + 1))

    def write(r: int, start: int, text: str, style: str, pid: str, over: int = LANE) -> None:
        for i, ch in enumerate(text):
            c = start + i
            if 0 <= c < width and kinds[r][c] <= over:
                put(c, r, ch, style, LABEL, pid)

    def label(pid: str, force: bool) -> None:
        place = by_id[pid]
        name = str(place.get("name") or pid)
        c, r = cells[pid]
        end = flags_end.get(pid, c)
        style = style_of(place.get("owner"), colours).replace("bold ", "")
        if pid == selected:
            style = "bold reverse " + style
        for size in range(len(name), min(len(name), 4) - 1, -1):
            text = name[:size]
            start = end + 2  # one blank between the symbol (and its flags) and the name
            if start + size <= width and free(r, start - 1, start + size):
                put(start - 1, r, " ", "", LABEL, pid)
                write(r, start, text, style, pid)
                return
            start = c - 1 - size
            if start >= 0 and free(r, start - 1, c - 1):
                put(c - 1, r, " ", "", LABEL, pid)
                write(r, start, text, style, pid)
                return
        if force:  # the selected place always shows its name: beside it, or just above or below it
            best: tuple[int, int, int] | None = None  # (length, row, start)
            for row, start, leftward in ((r, end + 2, False), (r, c - 1, True),
                                         (r - 1, c - len(name) // 2, False), (r + 1, c - len(name) // 2, False)):
                if not 0 <= row < height:
                    continue
                if leftward:
                    size = 0
                    while size < len(name) and start - 1 - size >= 0 and kinds[row][start - 1 - size] <= LABEL:
                        size += 1
                    first = start - size
                else:
                    first = max(0, min(start, width - len(name)))
                    size = 0
                    while size < len(name) and first + size < width and kinds[row][first + size] <= LABEL:
                        size += 1
                if best is None or size > best[0]:
                    best = (size, row, first)
                if size == len(name):
                    break
            if best is not None and best[0] > 0:
                write(best[1], best[2], name[:best[0]], style, pid, over=LABEL)

    ranked = sorted(cells, key=lambda pid: (pid != selected, not by_id[pid].get("marks"),
                                            style_of(by_id[pid].get("owner"), colours) != OWN_STYLE, str(by_id[pid].get("name", pid))))
    for pid in ranked:
        label(pid, force=pid == selected)
    return MapLayout(width, height, cells, chars, styles, owner_at)


def legend(board: dict[str, Any]) -> str:
    """``R GAR · C CIS · n neutral · + your fleet · ! enemy seen``: the symbols and marks on this board."""
    owners: dict[str, str] = {}
    marks: dict[str, str] = {}
    for place in board.get("places") or []:
        symbol = str(place.get("symbol") or "o")[:1]
        owners.setdefault(symbol, str(place.get("owner") or "unclaimed"))
        for mark in place.get("marks") or []:
            ms = mark_style(str(mark))
            if ms is not None:
                marks.setdefault(ms.glyph, ms.legend)
    parts = [f"{s} {o}" for s, o in owners.items()] + [f"{g} {w}" for g, w in marks.items()]
    return " · ".join(parts)


class GalaxyMap(Widget, can_focus=True):
    """A map board: positioned places, lanes, ownership, marks; a selected place."""

    DEFAULT_CSS = """
    GalaxyMap { width: 1fr; height: 1fr; }
    """
    BINDINGS = [
        Binding("up", "step(0, -1)", "North", show=False),
        Binding("down", "step(0, 1)", "South", show=False),
        Binding("left", "step(-1, 0)", "West", show=False),
        Binding("right", "step(1, 0)", "East", show=False),
        Binding("enter", "choose", "Use name", show=False),
    ]

    selected: reactive[str | None] = reactive(None, init=False)

    @dataclass
    class Selected(Message):
        """The selection moved to ``place``."""

        place: dict[str, Any]

    @dataclass
    class Chosen(Message):
        """Enter (or a double click) on ``place``: offer its name to the order line."""

        place: dict[str, Any]

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._board: dict[str, Any] = {}
        self._places: dict[str, dict[str, Any]] = {}
        self._side: str | None = None
        self._sides: list[str] = []
        self._layout: MapLayout | None = None
        self._layout_key: tuple[Any, ...] | None = None
        self._strips: list[Strip] = []

    # -- data -----------------------------------------------------------------------------------
    def show(self, board: dict[str, Any], viewer_side: str | None = None, sides: list[str] | None = None) -> None:
        """Draw ``board``; nothing is redrawn if it did not change."""
        sides = list(sides or [])
        if board == self._board and viewer_side == self._side and sides == self._sides:
            return
        self._board, self._side, self._sides = board, viewer_side, sides
        self._places = {str(p["id"]): p for p in board.get("places") or [] if isinstance(p, dict) and "id" in p}
        self._layout_key = None
        self.border_subtitle = legend(board)
        if self.selected not in self._places:
            self.selected = self._default_selection()
        self.refresh()

    def _default_selection(self) -> str | None:
        if not self._places:
            return None
        for pid, place in self._places.items():
            if self._side is not None and place.get("owner") == self._side and place.get("marks"):
                return pid
        for pid, place in self._places.items():
            if self._side is not None and place.get("owner") == self._side:
                return pid
        return next(iter(self._places))

    @property
    def place(self) -> dict[str, Any] | None:
        """The selected place."""
        return self._places.get(self.selected or "")

    def select(self, place_id: str) -> None:
        """Select a place by id (ignored if there is none such)."""
        if place_id in self._places:
            self.selected = place_id

    def watch_selected(self, old: str | None, new: str | None) -> None:
        self._layout_key = None
        self.refresh()
        if new is not None and new in self._places:
            self.post_message(self.Selected(self._places[new]))

    # -- drawing --------------------------------------------------------------------------------
    def _ensure_layout(self) -> MapLayout:
        width, height = self.size.width, self.size.height
        key = (width, height, self.selected, id(self._board))
        if self._layout is None or self._layout_key != key:
            self._layout = layout_map(self._board, width, height, self.selected, self._side, self._sides)
            self._layout_key = key
            base = self.rich_style
            cache: dict[str, Style] = {}
            strips = []
            for r in range(height):
                segments: list[Segment] = []
                row_chars, row_styles = self._layout.chars[r], self._layout.styles[r]
                c = 0
                while c < width:
                    s = row_styles[c]
                    start = c
                    while c < width and row_styles[c] == s:
                        c += 1
                    if s not in cache:
                        cache[s] = base + Style.parse(s) if s else base
                    segments.append(Segment("".join(row_chars[start:c]), cache[s]))
                strips.append(Strip(segments, width))
            self._strips = strips
        return self._layout

    def render_line(self, y: int) -> Strip:
        self._ensure_layout()
        if 0 <= y < len(self._strips):
            return self._strips[y]
        return Strip.blank(self.size.width, self.rich_style)

    def on_resize(self, event: events.Resize) -> None:
        self._layout_key = None

    # -- moving ---------------------------------------------------------------------------------
    def action_step(self, dx: int, dy: int) -> None:
        """Move the selection to the nearest place in a direction."""
        layout = self._ensure_layout()
        if self.selected not in layout.cells:
            self.selected = self._default_selection()
            return
        c0, r0 = layout.cells[self.selected]  # type: ignore[index]
        best, best_score = None, None
        for pid, (c, r) in layout.cells.items():
            if pid == self.selected:
                continue
            vx, vy = (c - c0) / 2.0, float(r - r0)
            along = vx * dx + vy * dy
            if along <= 0:
                continue
            across = abs(vx * dy - vy * dx)
            score = along + 2.5 * across
            if best_score is None or score < best_score:
                best, best_score = pid, score
        if best is not None:
            self.selected = best

    def action_choose(self) -> None:
        """Offer the selected place's name to the order line."""
        if self.place is not None:
            self.post_message(self.Chosen(self.place))

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        layout = self._ensure_layout()
        hit = layout.owner_at.get((offset.x, offset.y))
        if hit is None and layout.cells:
            hit = min(layout.cells, key=lambda pid: abs(layout.cells[pid][0] - offset.x) / 2 + abs(layout.cells[pid][1] - offset.y))
        if hit is not None:
            if hit == self.selected and event.chain >= 2:
                self.action_choose()
            self.selected = hit
        self.focus()
