"""Where a map board goes on a grid of characters: places, their labels and the lanes between them.

The geometry depends only on the board's places (id, name, x, y), its lanes and the grid's size,
so it is computed once per map and size (:func:`geometry` keeps the last few) and the selection,
owners and marks only restyle it. The rules it keeps:

- every place has a cell of its own and a flag cell right of it (for its most urgent mark), and no
  other place comes within one cell of either;
- every place gets a label: its whole name where there is room, else its shortest unique prefix
  (three letters at least); labels never cover a place or another label, and keep one blank cell
  from the next label on their row (collision-avoiding, most constrained place first);
- every lane is routed (A*, eight directions, weighted by how long a step looks on a terminal) from
  one place to the other through free cells: never through a label, never through or next to a
  place it does not join; beneath a label only where no free way is near (the name stays readable,
  the lane shows on both sides of it). A lane that finds no way at all is listed in ``unrouted``.
"""
from __future__ import annotations

import heapq
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Iterable

Cell = tuple[int, int]

# visual length of a step: a terminal cell is about twice as tall as it is wide
STEP_COST = {(1, 0): 1.0, (-1, 0): 1.0, (0, 1): 2.0, (0, -1): 2.0,
             (1, 1): 2.24, (1, -1): 2.24, (-1, 1): 2.24, (-1, -1): 2.24}
TURN_COST = 1.0
UNDER_LABEL_COST = 6.0  # passing beneath a name (the lane is hidden there): only where no free way is short
SHARED_COST = 7.0  # running on a cell another lane already uses (a crossing costs one such cell)
MIN_SHORT = 3


@dataclass(frozen=True)
class Label:
    """A place's name on the map: ``text`` from column ``start`` of ``row``; ``whole`` if it is the full name."""

    row: int
    start: int
    text: str
    whole: bool

    def cells(self) -> list[Cell]:
        """The cells the label covers."""
        return [(self.start + i, self.row) for i in range(len(self.text))]


@dataclass
class Geometry:
    """The layout of one board on one grid size."""

    width: int
    height: int
    cells: dict[str, Cell]
    labels: dict[str, Label]
    lanes: dict[tuple[str, str], list[Cell]]  # each lane's cells, from a cell of its first place to one of its second
    unrouted: list[tuple[str, str]] = field(default_factory=list)

    def flag(self, pid: str) -> Cell:
        """The cell right of a place where its most urgent mark is drawn."""
        c, r = self.cells[pid]
        return (c + 1, r)

    def occupied(self, pid: str) -> list[Cell]:
        """The cells that are the place itself: its symbol and its flag."""
        return [self.cells[pid], self.flag(pid)]


def short_names(names: Iterable[str]) -> dict[str, str]:
    """For each name its shortest prefix (at least three characters, no trailing space) that no other name starts with."""
    names = list(dict.fromkeys(names))
    out: dict[str, str] = {}
    for name in names:
        size = min(MIN_SHORT, len(name))
        while size < len(name):
            prefix = name[:size].lower()
            if prefix[-1] != " " and not any(o != name and o.lower().startswith(prefix) for o in names):
                break
            size += 1
        out[name] = name[:size]
    return out


ZOOM_STEP = 1.25
MAX_ZOOM = 8


def canvas_size(width: int, height: int, zoom: int) -> tuple[int, int]:
    """The grid a map is laid out on at ``zoom`` steps beyond a ``width`` x ``height`` view."""
    f = ZOOM_STEP ** max(0, zoom)
    return max(1, round(width * f)), max(1, round(height * f))


def fit_zoom(board: dict[str, Any], width: int, height: int) -> int:
    """The least zoom at which every place has a label and every lane a route (whole names when they fit)."""
    places, lanes = board_key(board)
    for zoom in range(MAX_ZOOM + 1):
        w, h = canvas_size(width, height, zoom)
        for whole in (True, False):
            if _clean(places, lanes, w, h, whole):
                return zoom
    return MAX_ZOOM


def _clean(places: tuple[tuple[str, str, float, float], ...], lanes: tuple[tuple[str, str], ...],
           width: int, height: int, whole: bool) -> bool:
    """Whether the layout at this size labels every place (whole names if ``whole``) and routes every lane."""
    key = (places, lanes, width, height, whole)
    if key in _GEOMETRIES:
        return not _GEOMETRIES[key].unrouted
    labels = _labels(places, lanes, width, height, whole)
    if labels is None:
        return False
    cells = place_cells(places, width, height)
    routed, unrouted = route_lanes(cells, labels, lanes, width, height, give_up=True)
    if unrouted:
        return False
    _remember(key, Geometry(width, height, cells, labels, routed, []))
    return True


@lru_cache(maxsize=64)
def _labels(places: tuple[tuple[str, str, float, float], ...], lanes: tuple[tuple[str, str], ...],
            width: int, height: int, whole: bool) -> dict[str, Label] | None:
    """The labels at this size, or None if a place has none (or, with ``whole``, not its whole name)."""
    cells = place_cells(places, width, height)
    if len(cells) < len(places):
        return None
    names = {pid: name for pid, name, _x, _y in places}
    labels = place_labels(cells, names, lanes, width, height, whole)
    if len(labels) < len(places) or (whole and not all(l.whole for l in labels.values())):
        return None
    return labels


def layout_for(board: dict[str, Any], width: int, height: int, zoom: int) -> Geometry:
    """The geometry of ``board`` at ``zoom`` steps beyond a ``width`` x ``height`` view: whole names where they fit."""
    places, lanes = board_key(board)
    w, h = canvas_size(width, height, zoom)
    whole = _clean(places, lanes, w, h, True) or not _clean(places, lanes, w, h, False)
    return _geometry(places, lanes, w, h, whole)


def board_key(board: dict[str, Any]) -> tuple[Any, ...]:
    """What of a board decides its geometry: places (id, name, x, y) and lanes."""
    places = tuple((str(p["id"]), str(p.get("name") or p["id"]), float(p.get("x", 0)), float(p.get("y", 0)))
                   for p in board.get("places") or [] if isinstance(p, dict) and "id" in p)
    lanes = tuple((str(l[0]), str(l[1])) for l in board.get("lanes") or [] if isinstance(l, (list, tuple)) and len(l) >= 2)
    return places, lanes


def geometry(board: dict[str, Any], width: int, height: int) -> Geometry:
    """The geometry of ``board`` on a ``width`` x ``height`` grid (cached per board shape and size)."""
    places, lanes = board_key(board)
    return _geometry(places, lanes, width, height)


_GEOMETRIES: dict[tuple[Any, ...], Geometry] = {}
_KEEP = 32


def _geometry(places: tuple[tuple[str, str, float, float], ...], lanes: tuple[tuple[str, str], ...],
              width: int, height: int, whole: bool = True) -> Geometry:
    key = (places, lanes, width, height, whole)
    geo = _GEOMETRIES.get(key)
    if geo is None:
        cells = place_cells(places, width, height)
        names = {pid: name for pid, name, _x, _y in places}
        labels = place_labels(cells, names, lanes, width, height, whole)
        routed, unrouted = route_lanes(cells, labels, lanes, width, height)
        geo = _remember(key, Geometry(width, height, cells, labels, routed, unrouted))
    return geo


def _remember(key: tuple[Any, ...], geo: Geometry) -> Geometry:
    if len(_GEOMETRIES) >= _KEEP:
        _GEOMETRIES.pop(next(iter(_GEOMETRIES)))
    _GEOMETRIES[key] = geo
    return geo


def _near(a: Cell, b: Cell) -> bool:
    return abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1


def place_cells(places: tuple[tuple[str, str, float, float], ...], width: int, height: int) -> dict[str, Cell]:
    """A cell for every place, its x,y scaled into the grid, no place (symbol and flag) next to another."""
    if not places or width < 4 or height < 1:
        return {}
    xs = [p[2] for p in places]
    ys = [p[3] for p in places]
    minx, maxx, miny, maxy = min(xs), max(xs), min(ys), max(ys)
    spanx, spany = max(maxx - minx, 1e-9), max(maxy - miny, 1e-9)
    usable_w, usable_h = max(1, width - 4), max(0, height - 1)
    taken: set[Cell] = set()  # cells within reach of a place: another place may not stand there
    cells: dict[str, Cell] = {}
    reach = max(4, width // 4)
    offsets = sorted(((dc, dr) for dc in range(-reach, reach + 1) for dr in range(-3, 4)),
                     key=lambda o: (abs(o[0]) + 2 * abs(o[1]), abs(o[1]), -o[0]))
    order = sorted(range(len(places)), key=lambda i: (ys[i], xs[i]))
    for strict in (True, False):
        for i in order:
            pid = places[i][0]
            if pid in cells:
                continue
            col = 1 + round((xs[i] - minx) / spanx * usable_w)
            row = round((ys[i] - miny) / spany * usable_h) if usable_h else 0
            for dc, dr in offsets:
                c, r = col + dc, row + dr
                if not (0 <= c < width - 1 and 0 <= r < height):
                    continue
                if strict and ((c, r) in taken or (c + 1, r) in taken):
                    continue
                if not strict and any(cell == (c, r) or cell == (c + 1, r) for cell in cells.values()):
                    continue
                cells[pid] = (c, r)
                for dx in range(-2, 3):
                    for dy in range(-1, 2):
                        taken.add((c + dx, r + dy))
                break
    return cells


def _straight(a: Cell, b: Cell) -> list[Cell]:
    """The cells strictly between ``a`` and ``b`` on a straight line (Bresenham)."""
    (x0, y0), (x1, y1) = a, b
    dx, dy = abs(x1 - x0), -abs(y1 - y0)
    sx, sy = (1 if x0 < x1 else -1), (1 if y0 < y1 else -1)
    err = dx + dy
    out: list[Cell] = []
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


def _candidates(pid: str, cell: Cell, text: str, whole: bool, width: int, height: int) -> list[tuple[float, Label]]:
    c, r = cell
    size = len(text)
    out: list[tuple[float, Label]] = [(0.0, Label(r, c + 2, text, whole)), (1.0, Label(r, c - 1 - size, text, whole))]
    for row, pref in ((r + 1, 2.0), (r - 1, 2.2)):
        for start in dict.fromkeys((c, c - size // 2, c + 1 - size, c - 1, c + 2 - size)):
            out.append((pref + abs(start - (c - size // 2)) * 0.1, Label(row, start, text, whole)))
    return [(score, lab) for score, lab in out
            if 0 <= lab.row < height and lab.start >= 0 and lab.start + size <= width]


def place_labels(cells: dict[str, Cell], names: dict[str, str], lanes: tuple[tuple[str, str], ...],
                 width: int, height: int, whole: bool = True) -> dict[str, Label]:
    """A label for every place that has room for one; whole names first, most constrained place first."""
    body: dict[Cell, str] = {}
    for pid, (c, r) in cells.items():
        body[(c, r)] = pid
        body[(c + 1, r)] = pid
    straight: set[Cell] = set()
    for a, b in lanes:
        if a in cells and b in cells:
            straight.update(_straight(cells[a], cells[b]))
    shorts = short_names(names[pid] for pid in cells)
    used: dict[Cell, str] = {}

    def fits(pid: str, lab: Label) -> bool:
        for cell in lab.cells():
            if cell in body or cell in used:
                return False
        for cell in ((lab.start - 1, lab.row), (lab.start + len(lab.text), lab.row)):
            if used.get(cell, pid) != pid or body.get(cell, pid) != pid:
                return False
        return True

    def score(pid: str, base: float, lab: Label) -> float:
        penalty = base
        for cell in lab.cells():
            if cell in straight:
                penalty += 1.5
            for dx in (-1, 0, 1):
                for dy in (-1, 1):
                    other = body.get((cell[0] + dx, cell[1] + dy))
                    if other is not None and other != pid:
                        penalty += 3.0  # a name touching another place reads as that place's
        return penalty

    options = {pid: _candidates(pid, cells[pid], names[pid], True, width, height) if whole or shorts[names[pid]] == names[pid] else []
               for pid in cells}
    fallback = {pid: _candidates(pid, cells[pid], shorts[names[pid]], False, width, height)
                if shorts[names[pid]] != names[pid] else [] for pid in cells}
    # the candidates still open to each place; a label placed closes those on its row that it
    # overlaps or touches (the fixed obstacles, places, were checked once here)
    options = {pid: [c for c in pool if fits(pid, c[1])] for pid, pool in options.items()}
    fallback = {pid: [c for c in pool if fits(pid, c[1])] for pid, pool in fallback.items()}

    def clear_of(lab: Label, placed: Label) -> bool:
        return lab.row != placed.row or lab.start > placed.start + len(placed.text) or placed.start > lab.start + len(lab.text)

    labels: dict[str, Label] = {}
    todo = set(cells)
    while todo:
        pid = min(todo, key=lambda p: (len(options[p]) + len(fallback[p]), -len(names[p]), p))
        todo.discard(pid)
        for pool in (options[pid], fallback[pid]):
            scored = sorted(((score(pid, s, lab), i, lab) for i, (s, lab) in enumerate(pool)), key=lambda t: (t[0], t[1]))
            if scored:
                lab = scored[0][2]
                labels[pid] = lab
                for cell in lab.cells():
                    used[cell] = pid
                for other in todo:
                    options[other] = [c for c in options[other] if clear_of(c[1], lab)]
                    fallback[other] = [c for c in fallback[other] if clear_of(c[1], lab)]
                break
    return labels


def route_lanes(cells: dict[str, Cell], labels: dict[str, Label], lanes: tuple[tuple[str, str], ...],
                width: int, height: int, give_up: bool = False) -> tuple[dict[tuple[str, str], list[Cell]], list[tuple[str, str]]]:
    """Route every lane between its places (from the symbol or the flag cell of one to either of the
    other); returns the routes (both end cells included) and the lanes left unrouted (with
    ``give_up``, stops at the first such lane)."""
    blocked: set[Cell] = set()
    ring: dict[Cell, set[str]] = {}  # cells next to a place: only its own lanes may use them
    for pid, (c, r) in cells.items():
        for cell in ((c, r), (c + 1, r)):
            blocked.add(cell)
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    ring.setdefault((cell[0] + dx, cell[1] + dy), set()).add(pid)
    under: set[Cell] = set()
    for lab in labels.values():
        under.update(lab.cells())
    usage: dict[Cell, int] = {}
    routes: dict[tuple[str, str], list[Cell]] = {}
    unrouted: list[tuple[str, str]] = []
    todo = [(a, b) for a, b in dict.fromkeys(lanes) if a in cells and b in cells and a != b]
    todo.sort(key=lambda ab: abs(cells[ab[0]][0] - cells[ab[1]][0]) + 2 * abs(cells[ab[0]][1] - cells[ab[1]][1]))
    for a, b in todo:
        ca, cb = cells[a], cells[b]
        path = _astar([ca, (ca[0] + 1, ca[1])], [cb, (cb[0] + 1, cb[1])], {a, b}, blocked, under, ring, usage, width, height)
        if path is None:
            unrouted.append((a, b))
            if give_up:
                break
            continue
        routes[(a, b)] = path
        for cell in path[1:-1]:
            usage[cell] = usage.get(cell, 0) + 1
    return routes, unrouted


def _heuristic(a: Cell, b: Cell) -> float:
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    return dy * 2.24 + (dx - dy) * 1.0 if dx >= dy else dx * 2.24 + (dy - dx) * 2.0


def _astar(starts: list[Cell], goals: list[Cell], ends: set[str], blocked: set[Cell], under: set[Cell],
           ring: dict[Cell, set[str]], usage: dict[Cell, int], width: int, height: int) -> list[Cell] | None:
    """The cheapest way from one of ``starts`` to one of ``goals``, both ends included, or None.

    A turn costs a little (the heading is the step that reached a cell the cheapest way)."""
    goal_set = set(goals)
    start_set = set(starts)
    (gx, gy) = goals[0]

    def h(cell: Cell) -> float:
        dx, dy = abs(cell[0] - gx), abs(cell[1] - gy)
        dx = max(0, dx - 1)  # the goal has two cells side by side
        return dy * 2.24 + (dx - dy) if dx >= dy else dx * 2.24 + (dy - dx) * 2.0

    frontier: list[tuple[float, float, Cell]] = []
    best: dict[Cell, float] = {}
    came: dict[Cell, Cell | None] = {}
    heading: dict[Cell, Cell | None] = {}
    for start in starts:
        heapq.heappush(frontier, (h(start), 0.0, start))
        best[start] = 0.0
        came[start] = None
        heading[start] = None
    done: set[Cell] = set()
    while frontier:
        _f, g, cell = heapq.heappop(frontier)
        if cell in done:
            continue
        done.add(cell)
        if cell in goal_set:
            path: list[Cell] = []
            node: Cell | None = cell
            while node is not None:
                path.append(node)
                node = came[node]
            return path[::-1]
        head = heading[cell]
        for step, cost in STEP_COST.items():
            nxt = (cell[0] + step[0], cell[1] + step[1])
            if nxt in done or nxt in start_set or not (0 <= nxt[0] < width and 0 <= nxt[1] < height):
                continue
            if nxt not in goal_set:
                if nxt in blocked:
                    continue
                near = ring.get(nxt)
                if near is not None and not near <= ends:
                    continue
            g2 = g + cost + (TURN_COST if head is not None and step != head else 0.0)
            if nxt not in goal_set:
                g2 += SHARED_COST * usage.get(nxt, 0) + (UNDER_LABEL_COST if nxt in under else 0.0)
            if g2 < best.get(nxt, float("inf")):
                best[nxt] = g2
                came[nxt] = cell
                heading[nxt] = step
                heapq.heappush(frontier, (g2 + h(nxt), g2, nxt))
    return None


# -- drawing lanes -------------------------------------------------------------------------------------
_ORTH = {(1, 0): "E", (-1, 0): "W", (0, 1): "S", (0, -1): "N"}
_CORNERS = {frozenset("ES"): "╭", frozenset("WS"): "╮", frozenset("EN"): "╰", frozenset("WN"): "╯"}


def lane_glyph(towards: Iterable[Cell]) -> str:
    """The character of a lane cell from the directions (dx, dy) it leads to."""
    dirs = set(towards)
    orth = {_ORTH[d] for d in dirs if d in _ORTH}
    diag = {d for d in dirs if d not in _ORTH}
    if orth:
        if orth <= {"E", "W"}:
            return "─"
        if orth <= {"N", "S"}:
            return "│"
        if len(orth) == 2 and frozenset(orth) in _CORNERS:
            return _CORNERS[frozenset(orth)]
        return "┼"
    rising = {d for d in diag if d[0] == d[1] * -1}  # (1,-1) or (-1,1): ╱
    if diag and diag == rising:
        return "╱"
    if diag and not rising:
        return "╲"
    return "╳" if diag else "·"


def lane_glyphs(geo: Geometry) -> dict[Cell, str]:
    """Every lane cell of ``geo`` with its character."""
    heads: dict[Cell, set[Cell]] = {}
    for full in geo.lanes.values():
        for i in range(1, len(full) - 1):
            cell = full[i]
            for other in (full[i - 1], full[i + 1]):
                heads.setdefault(cell, set()).add((other[0] - cell[0], other[1] - cell[1]))
    return {cell: lane_glyph(dirs) for cell, dirs in heads.items()}
