"""The field board: a board of kind ``"field"`` drawn from the view.

A continuous plane in map units, rasterised to the terminal: each character cell covers a small
rectangle of the map (about 0.7 u across at 120 columns), with rulers in map units (the units
orders use) over it and down its left side. High structures are solid blocks, low structures
shade, woods leaves and fields '"', each on a ground colour of its own; wrecks are their footprint
of '✕'; the view's areas (deployment zones) are tinted by owner. Tokens are drawn by their ids,
coloured by owner, with their state (pinned, wounded); an id never overwrites or touches another
(it moves aside, or becomes a '•'), and stands on the ground of what gives its unit cover (the
view's ``cover``), so a unit at the edge of a field is seen in cover. A planned path shows as dots,
the stretches where reaction fire can fall as '!' marks. It knows the board kind, never a rule system.
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
AREA_GROUNDS = ["#12301a", "#3a1414", "#10303a", "#301030"]  # a seat's deployment zone, by side index
SEEN, UNSEEN = " on #2a4d8f", " dim"  # tokens the selected unit sees / does not see
REACH = "grey23"
NARROW = 80  # a board narrower than this puts the unit under the cursor on two lines  # the ground of the cells the selected unit can move to
#: polygon type (or terrain kind) -> (character, colour, ground)
FILL = {"high": ("█", "grey62", "grey30"), "low": ("▒", "yellow", "#3a3000"), "terrain": ("♣", "green", "#0b2e0b"),
        "forest": ("♣", "green", "#0b2e0b"), "field": ('"', "khaki3", "#33330a"), "wreck": ("✕", "grey70", "grey30")}
WORDS = {"high": "high structure", "low": "low structure", "terrain": "terrain", "forest": "wood", "field": "field",
         "wreck": "wreck"}
SHORT_WORDS = {"high": "high", "low": "low", "terrain": "terr.", "forest": "wood", "field": "field", "wreck": "wreck"}
COVER_GROUND = {"low": FILL["low"][2], "melee": "#4a1a1a", "corner": FILL["high"][2]}


def fill_of(poly: dict[str, Any]) -> str:
    """The FILL key of a polygon: its terrain kind when it has a drawing of its own, else its type."""
    kind = str(poly.get("kind") or "")
    return kind if poly.get("type") == "terrain" and kind in FILL else str(poly.get("type"))


def cover_ground(tok: dict[str, Any]) -> str | None:
    """The ground an id is drawn on when its unit is in cover: the colour of what covers it."""
    cover = tok.get("cover")
    if not isinstance(cover, dict):
        return None
    if cover.get("type") == "terrain":
        kind = str(cover.get("kind") or "")
        return FILL[kind if kind in FILL else "terrain"][2]
    return COVER_GROUND.get(str(cover.get("type")), FILL["terrain"][2])


def _near(limit: int = 4) -> list[tuple[int, int]]:
    """Offsets (rows, columns) from a token's own cell, nearest first (a row is about two columns)."""
    steps = [(dr, dc) for dr in range(-2, 3) for dc in range(-limit, limit + 1)]
    return sorted(steps, key=lambda rc: ((rc[0] * 2.2) ** 2 + rc[1] ** 2, abs(rc[0]), -rc[1]))


NEAR = _near()


def placements(board: dict[str, Any], width: int, height: int) -> dict[str, tuple[int, int, str]]:
    """Where each living token's label is drawn: ``{id: (col, row, label)}``. Labels never overlap
    and two on one row keep a blank between them: a label that does not fit at its unit's cell
    goes to the nearest free place (a row up or down, a few columns aside), and where none is free
    the unit is drawn as one '•'. Wrecks are drawn as their footprint, not a label."""
    w, h = board["size"]
    sx, sy = w / width, h / height
    taken = [[False] * width for _ in range(height)]
    out: dict[str, tuple[int, int, str]] = {}
    tokens = [t for t in board.get("tokens", []) if t.get("state") not in ("dead", "wreck")]
    for tok in sorted(tokens, key=lambda t: (t["y"], t["x"])):
        row0 = min(height - 1, max(0, int(tok["y"] / sy)))
        for label in (str(tok.get("symbol") or tok["id"]), "•"):
            col0 = min(width - len(label), max(0, int(tok["x"] / sx) - len(label) // 2))
            spot = next(((col0 + dc, row0 + dr) for dr, dc in NEAR
                         if 0 <= row0 + dr < height and 0 <= col0 + dc <= width - len(label)
                         and not any(taken[row0 + dr][k] for k in range(max(0, col0 + dc - 1),
                                                                         min(width, col0 + dc + len(label) + 1)))), None)
            if spot is not None:
                col, row = spot
                for k in range(col, col + len(label)):
                    taken[row][k] = True
                out[str(tok["id"])] = (col, row, label)
                break
    return out


def area_box(area: dict[str, Any]) -> tuple[tuple[float, float], tuple[float, float]]:
    """The bounding box of an area's points: ((min x, min y), (max x, max y))."""
    xs, ys = [float(p[0]) for p in area["points"]], [float(p[1]) for p in area["points"]]
    return (min(xs), min(ys)), (max(xs), max(ys))


def raster(board: dict[str, Any], width: int, height: int,
           cursor: tuple[int, int] | None = None) -> list[list[tuple[str, str]]]:
    """The board as ``height`` rows of ``width`` (char, style) cells: polygons by type and kind (each
    with a ground colour), deployment areas tinted by owner, wrecks as their footprint, paths,
    then every label (see :func:`placements`) on the ground of what gives its unit cover (in the
    open: no terrain's ground, though the label may stand over one). With ``cursor`` (col, row) that cell is marked and, on a token with a
    ``reach``, the cells it can move to are tinted; on a token with ``sees`` (its line of sight,
    from the view), the tokens it sees get a blue ground and those it does not see are faint."""
    w, h = board["size"]
    chars = [[" "] * width for _ in range(height)]
    fores = [[""] * width for _ in range(height)]
    grounds = [[""] * width for _ in range(height)]
    zones = [[""] * width for _ in range(height)]  # the areas' tint alone
    sx, sy = w / width, h / height
    order = {"terrain": 0, "low": 1, "high": 2}
    areas = [(prep(Polygon(a["points"])), AREA_GROUNDS[int(a.get("side_index", 0)) % len(AREA_GROUNDS)])
             for a in board.get("areas", [])]
    polys = [(FILL.get(fill_of(p), ("?", "", "")), prep(Polygon(p["points"])))
             for p in sorted(board.get("polygons", []), key=lambda p: order.get(str(p.get("type")), 0))]
    wrecks = [t for t in board.get("tokens", []) if t.get("state") == "wreck"]
    for row in range(height):
        for col in range(width):
            x, y = (col + 0.5) * sx, (row + 0.5) * sy
            centre = Point(x, y)
            for area, ground in areas:
                if area.contains(centre):
                    grounds[row][col] = zones[row][col] = ground
            for (ch, fore, ground), poly in polys:
                if poly.contains(centre):
                    chars[row][col], fores[row][col], grounds[row][col] = ch, fore, ground
            for tok in wrecks:
                if (tok["x"] - x) ** 2 + (tok["y"] - y) ** 2 <= max(float(tok.get("r", 0.5)), sx / 2) ** 2:
                    chars[row][col], fores[row][col], grounds[row][col] = FILL["wreck"]
    for path in board.get("paths", []):
        (x0, y0), (x1, y1) = path["from"], path["to"]
        seen = [s for o in path.get("seen", []) for s in o["stretches"]]
        steps = max(2, int(max(abs(x1 - x0) / sx, abs(y1 - y0) / sy)) * 2)
        for i in range(steps + 1):
            t = i / steps
            col, row = int((x0 + (x1 - x0) * t) / sx), int((y0 + (y1 - y0) * t) / sy)
            if 0 <= row < height and 0 <= col < width:
                danger = any(a <= t <= b for a, b in seen)
                chars[row][col], fores[row][col] = ("!", "bold red") if danger else ("·", "bold white")
    placed = placements(board, width, height)
    labelled = {(row, col + k) for col, row, label in placed.values() for k in range(-1, len(label) + 1)}
    for area in board.get("areas", []):  # its name, dim, in the first of its rows with room for it
        name, (x0, y0), (x1, y1) = str(area.get("name", "")), *area_box(area)
        rows = [r for r in range(height) if y0 <= (r + 0.5) * sy <= y1]
        cols = [c for c in range(width) if x0 <= (c + 0.5) * sx <= x1]
        if not cols or len(name) > len(cols) - 2:
            continue
        for r in rows:
            span = range(cols[0] + 1, cols[0] + 1 + len(name))
            if all(chars[r][c] == " " and (r, c) not in labelled for c in span):
                for c, ch in zip(span, name):
                    chars[r][c], fores[r][c] = ch, "dim italic"
                break
    picked = token_at(board, width, height, cursor, placed) if cursor else None
    if picked is not None and picked.get("reach"):
        reach2 = float(picked["reach"]) ** 2
        for row in range(height):
            for col in range(width):
                dx, dy = (col + 0.5) * sx - picked["x"], (row + 0.5) * sy - picked["y"]
                if dx * dx + dy * dy <= reach2:
                    grounds[row][col] = REACH
    cells = [[(chars[r][c], " ".join(p for p in (fores[r][c], f"on {grounds[r][c]}" if grounds[r][c] else "") if p))
              for c in range(width)] for r in range(height)]
    sees = set(picked["sees"]) if picked is not None and "sees" in picked else None
    for tok in board.get("tokens", []):
        if str(tok["id"]) not in placed:
            continue
        col, row, label = placed[str(tok["id"])]
        style = OWNER_STYLES[int(tok.get("side_index", 0)) % len(OWNER_STYLES)]
        state = str(tok.get("state", "ok"))
        if "wounded" in state:
            style += " reverse"
        elif "pinned" in state:
            style += " underline"
        if sees is not None and tok is not picked:
            style += SEEN if tok["id"] in sees else UNSEEN
        for k, ch in enumerate(label):
            ground = cover_ground(tok) or zones[row][col + k]  # never a terrain's ground for a unit in the open
            cells[row][col + k] = (ch, style if SEEN in style or not ground else f"{style} on {ground}")
        for k in (col - 1, col + len(label)):  # a path mark touching an id would read as part of it
            if 0 <= k < width and chars[row][k] in "·!":
                cells[row][k] = (" ", f"on {grounds[row][k]}" if grounds[row][k] else "")
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


def token_at(board: dict[str, Any], width: int, height: int, cell: tuple[int, int] | None,
             placed: dict[str, tuple[int, int, str]] | None = None) -> dict[str, Any] | None:
    """The living token whose label is drawn in ``cell``, or whose footprint holds its centre."""
    if cell is None:
        return None
    placed = placements(board, width, height) if placed is None else placed
    x, y = cell_point(board, width, height, cell)
    alive = [t for t in board.get("tokens", []) if t.get("state") not in ("dead", "wreck")]
    for tok in alive:
        spot = placed.get(str(tok["id"]))
        if spot is not None and spot[1] == cell[1] and spot[0] <= cell[0] < spot[0] + len(spot[2]):
            return tok
    for tok in alive:
        if (tok["x"] - x) ** 2 + (tok["y"] - y) ** 2 <= float(tok.get("r", 0.5)) ** 2:
            return tok
    return None


def legend(board: dict[str, Any], width: int) -> str:
    """The legend for what this board holds, in words (shorter under 60 columns)."""
    kinds = list(dict.fromkeys(fill_of(p) for p in board.get("polygons", [])))
    if any(t.get("state") == "wreck" for t in board.get("tokens", [])):
        kinds.append("wreck")
    if width < 60:
        parts = [f"{FILL[k][0]}{SHORT_WORDS.get(k, k)}" for k in kinds if k in FILL]
        return " ".join(parts + ["·path", "!react", "ground: cover"])
    parts = [f"{FILL[k][0]} {WORDS.get(k, k)}" for k in kinds if k in FILL]
    if board.get("areas"):
        parts.append("tinted: deployment zones")
    return "  ".join(parts + ["· path", "! reaction fire", "an id on a coloured ground: in cover", "underline pinned",
                              "reverse wounded", f"selected unit: blue = it sees, faint = hidden, grey = its move ({board.get('unit', 'u')})"])


def unit_card(tok: dict[str, Any]) -> str:
    """The line of the unit under the cursor, what matters first (a narrow board cuts its end): its
    id and owner, state, cover and why, move reach, then its name, size and role, set apart from
    the id (a name may look like an id: "B2" and "B1 Battle Droid")."""
    parts = [f"unit {tok['id']} of {tok.get('owner', '')}", str(tok.get("state", ""))]
    cover = tok.get("cover")
    if isinstance(cover, dict):
        parts.append(f"in cover: {cover.get('why', '')}")
    elif tok.get("state") not in ("dead", "wreck"):
        parts.append("in the open")
    if tok.get("reach"):
        parts.append(f"moves {float(tok['reach']):g} u")
    parts.append(f"a {tok.get('label', '')}, {tok.get('size', '')} {tok.get('role', '')}")
    return " · ".join(parts)


def footer(board: dict[str, Any], width: int, height: int, cursor: tuple[int, int] | None = None,
           columns: int | None = None) -> list[tuple[str, str]]:
    """The lines under a map of ``width`` x ``height`` cells, as (text, style): the legend
    (wrapped), then one line each, cut to ``columns`` (the map's width if None): what is under the
    cursor (the unit's card), and what a unit there sees."""
    lines = [(legend(board, columns or width), "dim")]
    columns = columns or width
    if cursor is not None:
        x, y = cell_point(board, width, height, cursor)
        tok = token_at(board, width, height, cursor)
        what = f" {unit_card(tok)}" if tok else " · arrows move, Enter to the order line"
        card = f"({x:.1f},{y:.1f}){what}"
        if columns < NARROW and len(card) > columns and tok is not None:  # a narrow board: the card on two lines
            head, _, rest = card.partition(" · ")
            state, _, rest = rest.partition(" · ")
            lines.append((cut(f"{head} · {state}", columns), "bold"))
            card = rest
        lines.append((cut(card, columns), "bold"))
        if tok is not None and "sees" in tok:
            lines.append((sight_line(board, tok, columns), "bold"))
    return lines


def cut(text: str, width: int) -> str:
    """``text`` on one line of ``width`` columns (ending in '…' when cut)."""
    return text if len(text) <= width else text[:max(0, width - 1)] + "…"


def footer_rows(board: dict[str, Any], width: int) -> int:
    """The rows kept under the map: the wrapped legend, the cursor's line (two on a narrow board)
    and the sight line."""
    return -(-len(legend(board, width)) // max(1, width)) + (3 if width < NARROW else 2)


def ruler_step(span: float, cells: int, room: int) -> int:
    """A step (in map units) between two marks on a ruler ``cells`` long for ``span`` units, marks at
    least ``room`` cells apart."""
    for step in (1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 24, 25, 30, 40, 50, 60, 100, 200, 500, 1000):
        if step * cells / span >= room:
            return step
    return int(span)


def gutter(board: dict[str, Any]) -> int:
    """The columns the left ruler takes: the widest number and its tick."""
    return len(f"{board['size'][1]:g}") + 1


def render(board: dict[str, Any], width: int, height: int, cursor: tuple[int, int] | None = None) -> Text:
    """The board as Rich text: a ruler of map units over it and one down its left side (the units
    orders use), the map, then the legend (and what is under the cursor, and what it sees).
    ``width`` and ``height`` are the map's own cells (the rulers are outside them)."""
    w, h = board["size"]
    left = gutter(board)
    text = Text()
    xstep = ruler_step(w, width, len(f"{w:g}") + 1)
    top = [" "] * width
    for k in range(0, int(w) + 1, xstep):
        label, col = f"{k:g}", min(width - 1, int(k * width / w))
        col = min(col, width - len(label))
        if all(c == " " for c in top[max(0, col - 1):col + len(label) + 1]):
            top[col:col + len(label)] = list(label)
    text.append(" " * left + "".join(top) + "\n", style="dim")
    ystep = ruler_step(h, height, 2)
    marks: dict[int, str] = {}
    for k in range(0, int(h) + 1, ystep):
        row = min(height - 1, int(k * height / h))
        if row not in marks and row - 1 not in marks:  # two marks never on touching rows
            marks[row] = f"{k:g}"
    for r, row in enumerate(raster(board, width, height, cursor)):
        text.append(f"{marks[r]:>{left - 1}}┤" if r in marks else " " * (left - 1) + "│", style="dim")
        for ch, style in row:
            text.append(ch, style=style or None)
        text.append("\n")
    lines = footer(board, width, height, cursor, left + width)
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
        """Enter or a click on the board: a unit id or a point ``x,y`` for the order line. ``by_key`` says it
        was Enter (the screen may open the unit's card first); a click always goes onto the line."""

        text: str
        by_key: bool = True

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
        full = max(20, self.size.width - 2)
        width = full - gutter(self._board)  # the left ruler takes the rest
        w, h = self._board["size"]
        room = self.size.height - 2 if self.size.height > 4 else 20  # the top ruler takes a row
        aspect = int(width * h / w / 2.2) + 1
        height = max(6, min(room - footer_rows(self._board, full), aspect))  # the legend and the cursor's lines stay in sight
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

    def action_choose(self, by_key: bool = True) -> None:
        text = self.picked_text()
        if text:
            self.post_message(self.Chosen(text, by_key))

    def on_click(self, event: events.Click) -> None:
        width, height = self._grid
        if not width or self._board is None:
            return
        col, row = event.x - gutter(self._board), event.y + int(self.scroll_y) - 1  # past the rulers
        if not (0 <= col < width and 0 <= row < height):
            return
        self.cursor = (col, row)
        self._draw()
        self.action_choose(by_key=False)
