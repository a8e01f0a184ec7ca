"""The galaxy map: every place with its name, lanes routed so that adjacency can be read (each lane
kind the board names in its own line: double, single or dotted), ownership by colour *and* symbol,
places the viewer knows only from before dimmed, the most urgent mark as a flag after the symbol, the
viewer's queued moves drawn over their lanes, the selected place's lanes bright with their labels
(route-hours) and its neighbours' names underlined, and a legend under the map, whole on as many rows
as the map's height allows. A name the view's edge would cut is drawn inside the view, or ends in
``…`` where there is no room for it.

The layout (see :mod:`tui.widgets.map_layout`) is computed once per map and size; the selection only
restyles it, so the map never moves when it changes. Maps too big for the terminal open zoomed in
just enough for every name and lane, and pan: at each size the view opens centred on the selection
(fitted before the first frame at that size is drawn), then follows it; Shift+arrows or the mouse
wheel pan, PageUp/PageDown (or Ctrl+Up/Down) zoom. Arrow keys or a click select (letters go to the
order line); Enter offers the selected place's name to the order line. The map draws
``view["board"]`` of kind ``"map"`` (see :mod:`core.ruleset`) and knows nothing else of the game.
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

from tui.panels import MARKS, mark_style
from tui.widgets.map_layout import Geometry, fit_zoom, lane_glyphs, layout_for, MAX_ZOOM

OWN_STYLE = "bold bright_cyan"
SIDE_STYLES = ["bold bright_red", "bold yellow", "bold magenta", "bold bright_blue", "bold green", "bold white"]
NEUTRAL_STYLE = "white"
NOBODY_STYLE = "grey62"
LANE_STYLE = "grey42"
MOVE_STYLE = "bold bright_green"


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
class MapPicture:
    """A map drawn on its whole canvas: a character and a style for every cell."""

    geo: Geometry
    chars: list[list[str]]
    styles: list[list[str]]


LINE_GLYPHS = {
    "double": dict(zip("─│╭╮╰╯┼", "═║╔╗╚╝╬")),
    "dotted": dict(zip("─│╱╲", "┄┆⋰⋱")),
}
LINE_SAMPLE = {"single": "─", "double": "═", "dotted": "┄"}
LINE_STYLES = {"single": LANE_STYLE, "double": "grey70", "dotted": LANE_STYLE}
ROUTE_STYLE = "bold bright_white"  # the selected place's lanes and their labels
STALE_STYLE = " dim italic"


def lane_kinds(board: dict[str, Any]) -> dict[str, dict[str, str]]:
    """The board's lane kinds by name (see :mod:`core.ruleset`), in the board's order (the first
    drawn over the others where lanes share a cell)."""
    out: dict[str, dict[str, str]] = {}
    for k in board.get("lane_kinds") or []:
        if isinstance(k, dict) and "kind" in k:
            out[str(k["kind"])] = {key: str(v) for key, v in k.items()}
    return out


def lane_kind_of(board: dict[str, Any]) -> dict[tuple[str, str], str]:
    """Each lane's kind, by both orders of its ends (lanes without one are left out)."""
    out: dict[tuple[str, str], str] = {}
    for lane in board.get("lanes") or []:
        if isinstance(lane, (list, tuple)) and len(lane) >= 3:
            a, b = str(lane[0]), str(lane[1])
            out[(a, b)] = out[(b, a)] = str(lane[2])
    return out


def _route_label_cells(path: list[tuple[int, int]], text: str, taken: set[tuple[int, int]]) -> list[tuple[int, int]]:
    """Where ``text`` goes on a lane: the run of level cells of ``path`` nearest its middle with room
    for it (none of them ``taken``), or nowhere."""
    inner = path[1:-1]
    runs: list[list[tuple[int, int]]] = []
    for cell in inner:
        if runs and cell[1] == runs[-1][-1][1] and abs(cell[0] - runs[-1][-1][0]) == 1 and cell not in taken:
            runs[-1].append(cell)
        elif cell not in taken:
            runs.append([cell])
    middle = len(path) / 2
    best: list[tuple[int, int]] = []
    best_score = None
    for run in runs:
        if len(run) < len(text):
            continue
        cols = sorted(run)
        at = (len(cols) - len(text)) // 2
        cells = cols[at:at + len(text)]
        score = abs(path.index(run[len(run) // 2]) - middle)
        if best_score is None or score < best_score:
            best, best_score = cells, score
    return best


def draw_map(board: dict[str, Any], geo: Geometry, selected: str | None, viewer_side: str | None, sides: list[str]) -> MapPicture:
    """Draw ``board`` on the canvas of ``geo``: lanes (each kind in its line), queued moves, places,
    flags, names, the selection with its lanes (and their labels) and its neighbours' names underlined."""
    width, height = geo.width, geo.height
    chars = [[" "] * width for _ in range(height)]
    styles = [[""] * width for _ in range(height)]
    colours = owner_styles(viewer_side, sides)
    by_id = {str(p["id"]): p for p in board.get("places") or [] if isinstance(p, dict) and "id" in p}
    kinds = lane_kinds(board)
    kind_of = lane_kind_of(board)
    rank = {k: i for i, k in enumerate(kinds)}
    line_at: dict[tuple[int, int], tuple[str, str]] = {}  # the line (and kind) of the first-ranked kind through a cell
    for ends, path in geo.lanes.items():
        kind = kind_of.get(ends)
        if kind is None or kind not in kinds:
            continue
        for cell in path[1:-1]:
            if cell not in line_at or rank[kind] < rank.get(line_at[cell][1], 99):
                line_at[cell] = (kinds[kind].get("line", "single"), kind)
    for (c, r), ch in lane_glyphs(geo).items():
        line = line_at[(c, r)][0] if (c, r) in line_at else "single"
        chars[r][c], styles[r][c] = LINE_GLYPHS.get(line, {}).get(ch, ch), LINE_STYLES.get(line, LANE_STYLE)
    near: set[str] = set()
    if selected is not None and kinds:
        taken = {(c, lab.row) for lab in geo.labels.values() for c in range(lab.start - 2, lab.start + len(lab.text) + 2)}
        for ends, path in geo.lanes.items():  # a label never covers another lane's cell (a crossing)
            if selected not in ends:
                taken.update(path[1:-1])
        for (a, b), path in geo.lanes.items():
            if selected not in (a, b):
                continue
            near.add(b if a == selected else a)
            for c, r in path[1:-1]:
                styles[r][c] = ROUTE_STYLE
            text = kinds.get(kind_of.get((a, b), ""), {}).get("label", "")
            cells = _route_label_cells(path, text, taken) if text else []
            for (c, r), ch in zip(cells, text):
                chars[r][c], styles[r][c] = ch, ROUTE_STYLE + " reverse"
            taken.update(cells)
    for move in board.get("moves") or []:
        if not isinstance(move, (list, tuple)) or len(move) < 2:
            continue
        a, b = str(move[0]), str(move[1])
        path = geo.lanes.get((a, b)) or geo.lanes.get((b, a)) or []
        for c, r in path[1:-1]:
            styles[r][c] = MOVE_STYLE
    for pid, (c, r) in geo.cells.items():
        place = by_id.get(pid, {})
        style = style_of(place.get("owner"), colours) + (STALE_STYLE if place.get("stale") else "")
        chars[r][c] = str(place.get("symbol") or "o")[:1]
        styles[r][c] = style + (" reverse" if pid == selected else "")
        chars[r][c + 1], styles[r][c + 1] = " ", ""
        flags = [m for m in (mark_style(str(m)) for m in place.get("marks") or []) if m is not None]
        if flags:
            first = min(flags, key=MARKS.index)
            chars[r][c + 1], styles[r][c + 1] = first.glyph, first.style
    for pid, label in geo.labels.items():
        place = by_id.get(pid, {})
        style = style_of(place.get("owner"), colours).replace("bold ", "") + (STALE_STYLE if place.get("stale") else "")
        if pid == selected:
            style = "bold reverse " + style
        elif pid in near:
            style = "underline " + style
        for i, ch in enumerate(label.text):
            chars[label.row][label.start + i], styles[label.row][label.start + i] = ch, style
    return MapPicture(geo, chars, styles)


def legend_items(board: dict[str, Any]) -> list[str]:
    """The legend's entries: the symbols on this board, its lane kinds, its marks, stale places, moves."""
    owners: dict[str, str] = {}
    marks: dict[str, str] = {}
    stale = False
    for place in board.get("places") or []:
        symbol = str(place.get("symbol") or "o")[:1]
        owners.setdefault(symbol, "unknown" if symbol == "?" else str(place.get("owner") or "unclaimed"))
        stale = stale or bool(place.get("stale"))
        for mark in place.get("marks") or []:
            ms = mark_style(str(mark))
            if ms is not None:
                marks.setdefault(ms.glyph, ms.legend)
    parts = [f"{s} {o if o != 'unclaimed' else 'none'}" for s, o in owners.items()]
    parts += [f"{LINE_SAMPLE.get(k.get('line', 'single'), '─')} {k.get('legend', name)}" for name, k in lane_kinds(board).items()]
    parts += [f"{g} {w}" for g, w in marks.items()]
    if stale:
        parts.append("dim: not seen now")
    if board.get("moves"):
        parts.append("━ your moves")
    return parts


def legend(board: dict[str, Any]) -> str:
    """``R GAR · C CIS · n neutral · + your fleet · ! enemy seen``: the symbols, lanes and marks on this board."""
    return " · ".join(legend_items(board))


def pack_legend(items: list[str], width: int, rows: int) -> list[str]:
    """``items`` on at most ``rows`` lines of ``width``, joined by `` · ``, none split across lines
    (what the last line cannot hold is cut at its end)."""
    lines: list[str] = []
    for item in items:
        if lines and len(lines) == rows or lines and len(lines[-1]) + 3 + len(item) <= width:
            lines[-1] += " · " + item
        else:
            lines.append(item)
    return [line[:width] for line in lines] or [""]


def neighbours(board: dict[str, Any], place_id: str) -> list[str]:
    """The names of the places one lane away from ``place_id``."""
    names = {str(p["id"]): str(p.get("name") or p["id"]) for p in board.get("places") or [] if isinstance(p, dict) and "id" in p}
    out: list[str] = []
    for lane in board.get("lanes") or []:
        if isinstance(lane, (list, tuple)) and len(lane) >= 2:
            a, b = str(lane[0]), str(lane[1])
            other = b if a == place_id else a if b == place_id else None
            if other is not None and names.get(other, other) not in out:
                out.append(names.get(other, other))
    return sorted(out)


class GalaxyMap(Widget, can_focus=True):
    """A map board: positioned places, lanes, ownership, marks; a selected place; zoom and pan."""

    HAS_PLACES = True  # a place can be selected on it: the details under it describe the one selected

    DEFAULT_CSS = """
    GalaxyMap { width: 1fr; height: 1fr; }
    """
    BINDINGS = [
        Binding("up", "step(0, -1)", "North", show=False),
        Binding("down", "step(0, 1)", "South", show=False),
        Binding("left", "step(-1, 0)", "West", show=False),
        Binding("right", "step(1, 0)", "East", show=False),
        Binding("shift+up", "pan(0, -1)", "Pan north", show=False),
        Binding("shift+down", "pan(0, 1)", "Pan south", show=False),
        Binding("shift+left", "pan(-1, 0)", "Pan west", show=False),
        Binding("shift+right", "pan(1, 0)", "Pan east", show=False),
        Binding("pageup,ctrl+up", "zoom(1)", "Zoom in", show=False),
        Binding("pagedown,ctrl+down", "zoom(-1)", "Zoom out", show=False),
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
        self._picture: MapPicture | None = None
        self._picture_key: tuple[Any, ...] | None = None
        self._strips: dict[int, Strip] = {}
        self._zoom: int | None = None  # None: the fitting zoom of this size
        self._fit: tuple[tuple[int, int], int] | None = None
        self._viewport_size: tuple[int, int] | None = None  # the view size the pan was last fitted to
        self._legend: tuple[tuple[Any, ...], list[str]] | None = None
        self._edges: tuple[tuple[Any, ...], dict[int, list[tuple[int, str, str]]]] | None = None
        self.offset_x = 0
        self.offset_y = 0

    # -- data -----------------------------------------------------------------------------------
    def show(self, board: dict[str, Any], viewer_side: str | None = None, sides: list[str] | None = None) -> None:
        """Draw ``board``; nothing is redrawn if it did not change."""
        sides = list(sides or [])
        if board == self._board and viewer_side == self._side and sides == self._sides:
            return
        self._board, self._side, self._sides = board, viewer_side, sides
        self._places = {str(p["id"]): p for p in board.get("places") or [] if isinstance(p, dict) and "id" in p}
        self._picture_key = None
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
    def board(self) -> dict[str, Any]:
        """The board on show."""
        return self._board

    @property
    def place(self) -> dict[str, Any] | None:
        """The selected place."""
        return self._places.get(self.selected or "")

    def select(self, place_id: str) -> None:
        """Select a place by id (ignored if there is none such)."""
        if place_id in self._places:
            self.selected = place_id

    def watch_selected(self, old: str | None, new: str | None) -> None:
        self._picture_key = None
        self._follow()
        self.refresh()
        if new is not None and new in self._places:
            self.post_message(self.Selected(self._places[new]))

    # -- geometry -------------------------------------------------------------------------------
    @property
    def view_size(self) -> tuple[int, int]:
        """The part of the widget the map itself takes (the last rows are the legend)."""
        return max(1, self.size.width), max(1, self.size.height - len(self.legend_lines()))

    @property
    def layout_size(self) -> tuple[int, int]:
        """The size the map is laid out for (the widget less one legend row): zoom 0's canvas. A legend
        on more rows takes them from the view, not from the layout; the view pans over the rest."""
        return max(1, self.size.width), max(1, self.size.height - 1)

    @property
    def zoom(self) -> int:
        """Zoom steps beyond the whole map in view (the fitting zoom unless the player chose one)."""
        if self._zoom is not None:
            return self._zoom
        size = self.layout_size
        if self._fit is None or self._fit[0] != size:
            self._fit = (size, fit_zoom(self._board, *size))
        return self._fit[1]

    def legend_lines(self) -> list[str]:
        """The legend as drawn under the map: whole entries, on as many rows as the widget's height
        allows (one on a short map), led by the zoom and pan keys when the map does not fit the view."""
        width, height = max(1, self.size.width), self.size.height
        key = (width, height, id(self._board), self._zoom)
        if self._legend is not None and self._legend[0] == key:
            return self._legend[1]
        items = legend_items(self._board)
        rows = max(1, (height - 8) // 4)
        lines = pack_legend(items, width, rows)
        if self.zoom > 0 or len(lines) > 1:
            lines = pack_legend([f"zoom {self.zoom} PgUp/PgDn, Shift+arrows pan"] + items, width, rows)
        self._legend = (key, lines)
        return lines

    def geometry(self) -> Geometry:
        """The layout of the board at the widget's size and zoom."""
        return layout_for(self._board, *self.layout_size, self.zoom)

    def _ensure_picture(self) -> MapPicture:
        geo = self.geometry()
        key = (id(geo), self.selected, id(self._board))
        if self._picture is None or self._picture_key != key:
            self._picture = draw_map(self._board, geo, self.selected, self._side, self._sides)
            self._picture_key = key
            self._strips = {}
            self._clamp()
        return self._picture

    def _clamp(self) -> None:
        geo = self.geometry()
        vw, vh = self.view_size
        self.offset_x = max(0, min(self.offset_x, geo.width - vw))
        self.offset_y = max(0, min(self.offset_y, geo.height - vh))

    def _follow(self) -> None:
        """Pan so that the selected place and its name are in view."""
        if not self._board or self.selected is None or self.size.width == 0:
            return
        geo = self.geometry()
        cell = geo.cells.get(self.selected)
        if cell is None:
            return
        label = geo.labels.get(self.selected)
        lo_c, hi_c = cell[0], cell[0] + 1
        lo_r = hi_r = cell[1]
        if label is not None:
            lo_c, hi_c = min(lo_c, label.start), max(hi_c, label.start + len(label.text) - 1)
            lo_r, hi_r = min(lo_r, label.row), max(hi_r, label.row)
        vw, vh = self.view_size
        before = (self.offset_x, self.offset_y)
        if lo_c < self.offset_x:
            self.offset_x = lo_c - 2
        elif hi_c >= self.offset_x + vw:
            self.offset_x = hi_c - vw + 3
        if lo_r < self.offset_y:
            self.offset_y = lo_r - 1
        elif hi_r >= self.offset_y + vh:
            self.offset_y = hi_r - vh + 2
        self._clamp()
        if (self.offset_x, self.offset_y) != before:
            self._strips = {}

    def _fit_viewport(self) -> None:
        """At a size not seen before, centre the view on the selected place (as far as the map's edges
        allow): the view at a size is the same however (and how often) the size was reached.

        Called from the drawing path, so the first frame at a new size is already the panned one
        (Textual sets the new size and may draw before the ``Resize`` event arrives)."""
        size = self.view_size
        if size == self._viewport_size or self.size.width == 0:
            return
        self._viewport_size = size
        self._picture_key = None
        self._strips = {}
        cell = self.geometry().cells.get(self.selected or "")
        vw, vh = size
        self.offset_x, self.offset_y = (cell[0] + 1 - vw // 2, cell[1] - vh // 2) if cell is not None else (0, 0)
        self._clamp()
        self._follow()

    # -- drawing --------------------------------------------------------------------------------
    def render_line(self, y: int) -> Strip:
        width = self.size.width
        if self._places:
            self._fit_viewport()
        if y in self._strips and self._picture_key is not None:
            return self._strips[y]
        base = self.rich_style
        if not self._places:
            return Strip.blank(width, base)
        picture = self._ensure_picture()
        vw, vh = self.view_size
        if y >= vh:
            strip = self._legend_strip(y - vh, width, base)
        else:
            r = y + self.offset_y
            segments: list[Segment] = []
            if 0 <= r < picture.geo.height:
                row_chars, row_styles = picture.chars[r], picture.styles[r]
                edges = self._edge_labels(picture).get(r)
                if edges:
                    row_chars, row_styles = list(row_chars), list(row_styles)
                    for start, text, style in edges:
                        for i, ch in enumerate(text):
                            row_chars[start + i], row_styles[start + i] = ch, style
                lo, hi = self.offset_x, min(picture.geo.width, self.offset_x + vw)
                c = lo
                while c < hi:
                    s = row_styles[c]
                    start = c
                    while c < hi and row_styles[c] == s:
                        c += 1
                    segments.append(Segment("".join(row_chars[start:c]), base + Style.parse(s) if s else base))
            strip = Strip(segments).extend_cell_length(width, base).crop(0, width)
        self._strips[y] = strip
        return strip

    def _legend_strip(self, row: int, width: int, base: Style) -> Strip:
        lines = self.legend_lines()
        text = lines[row] if row < len(lines) else ""
        return Strip([Segment(text[:width], base + Style.parse("dim"))]).extend_cell_length(width, base)

    def _edge_labels(self, picture: MapPicture) -> dict[int, list[tuple[int, str, str]]]:
        """Names the view's left or right edge would cut, by canvas row: drawn whole just inside the
        edge when their place is in view and the name covers no place or other name there, else cut
        with ``…`` (pan to read them)."""
        geo = picture.geo
        vw, vh = self.view_size
        key = (id(picture), self._picture_key, self.offset_x, self.offset_y, vw, vh)
        if self._edges is not None and self._edges[0] == key:
            return self._edges[1]
        lo, hi = self.offset_x, self.offset_x + vw
        owner: dict[tuple[int, int], str] = {}
        for pid, (c, r) in geo.cells.items():
            owner[(c, r)] = owner[(c + 1, r)] = pid
        for pid, lab in geo.labels.items():
            for cell in lab.cells():
                owner[cell] = pid
        out: dict[int, list[tuple[int, str, str]]] = {}
        for pid, lab in geo.labels.items():
            start, end = lab.start, lab.start + len(lab.text)
            if not self.offset_y <= lab.row < self.offset_y + vh or start >= lo and end <= hi or end <= lo or start >= hi:
                continue
            style = picture.styles[lab.row][start]
            c, r = geo.cells[pid]
            size = len(lab.text)
            places = (lo, c + 2) if start < lo else (hi - size, c - 1 - size)
            fits = [at for at in places if lo <= c and c + 1 < hi and lo <= at and at + size <= hi
                    and not (lab.row == r and at <= c + 1 and c < at + size)
                    and all(owner.get((at + i, lab.row), pid) == pid for i in range(size))]
            if fits:
                seen_from, seen_to = max(start, lo), min(end, hi)  # the cut name's cells in view: cleared
                out.setdefault(lab.row, []).append((seen_from, " " * (seen_to - seen_from), ""))
                out[lab.row].append((fits[0], lab.text, style))
            elif start < lo:
                out.setdefault(lab.row, []).append((lo, "…" + lab.text[lo - start + 1:], style))
            else:
                out.setdefault(lab.row, []).append((start, lab.text[:hi - start - 1] + "…", style))
        self._edges = (key, out)
        return out

    def on_resize(self, event: events.Resize) -> None:
        if self._places:
            self._fit_viewport()  # most often done already: the first frame at this size fitted it

    # -- moving ---------------------------------------------------------------------------------
    def action_step(self, dx: int, dy: int) -> None:
        """Move the selection to the nearest place in a direction."""
        cells = self.geometry().cells
        if self.selected not in cells:
            self.selected = self._default_selection()
            return
        c0, r0 = cells[self.selected]  # type: ignore[index]
        best, best_score = None, None
        for pid, (c, r) in cells.items():
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

    def action_pan(self, dx: int, dy: int) -> None:
        """Pan the view by a quarter of its size."""
        vw, vh = self.view_size
        self.offset_x += dx * max(1, vw // 4)
        self.offset_y += dy * max(1, vh // 4)
        self._clamp()
        self._strips = {}
        self.refresh()

    def action_zoom(self, step: int) -> None:
        """Zoom in (+1) or out (-1); the selection stays in view."""
        zoom = max(0, min(MAX_ZOOM, self.zoom + step))
        if zoom != self.zoom:
            self._zoom = zoom
            self._picture_key = None
            self._strips = {}
            self._follow()
            self.refresh()

    def action_choose(self) -> None:
        """Offer the selected place's name to the order line."""
        if self.place is not None:
            self.post_message(self.Chosen(self.place))

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        event.stop()
        self.action_pan(1 if event.shift else 0, 0 if event.shift else 1)

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        event.stop()
        self.action_pan(-1 if event.shift else 0, 0 if event.shift else -1)

    def on_mouse_scroll_right(self, event: events.MouseScrollRight) -> None:
        event.stop()
        self.action_pan(1, 0)

    def on_mouse_scroll_left(self, event: events.MouseScrollLeft) -> None:
        event.stop()
        self.action_pan(-1, 0)

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        geo = self.geometry()
        x, y = offset.x + self.offset_x, offset.y + self.offset_y
        hit = None
        for pid, (c, r) in geo.cells.items():
            label = geo.labels.get(pid)
            if r == y and c <= x <= c + 1 or (label is not None and label.row == y and label.start <= x < label.start + len(label.text)):
                hit = pid
                break
        if hit is None and geo.cells:
            hit = min(geo.cells, key=lambda pid: abs(geo.cells[pid][0] - x) / 2 + abs(geo.cells[pid][1] - y))
        if hit is not None:
            if hit == self.selected and event.chain >= 2:
                self.action_choose()
            self.selected = hit
        self.focus()
