"""Line of sight, cover and paths on RiftWar's continuous map, with Shapely.

Positions are in map units (u). LOS follows RIFT-GAP-04: the centre-to-centre segment must not pass
through the interior of a high structure, of a Heavy unit's footprint or of a wreck (other than the
two units), nor cross a terrain boundary when either unit is fully inside that terrain area. A Light
Ranged unit within 0.5 u of a high-structure vertex may measure from that vertex (RIFT-MAP-05).
Flying units (RIFT-GAP-29) see and are seen over structures, but not into terrain they are outside of.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Iterable

from shapely.geometry import LineString, Point, Polygon
from shapely.ops import unary_union
from shapely.prepared import prep

from .data import MapData, rules

Unit = dict[str, Any]
EPS = 1e-6
CORNER_U = 0.5      # RIFT-GAP-04: corner fire within 0.5 u of a vertex
LOW_COVER_U = 0.5   # a unit "at" a low structure: its footprint within 0.5 u of it
CONTACT_GAP_U = 0.1  # RIFT-GAP-3: footprints touching, gap at most 0.1 u
MEDIUM_EDGE_U = 1.0  # RIFT-GAP-21: a Medium unit stands at most 1 u inside a terrain boundary


def radius(unit: Unit) -> float:
    """The unit's footprint radius (RIFT-DATA-02)."""
    return float(rules().sizes[unit["size"]]["base_radius_u"])


def point(unit: Unit) -> Point:
    """The unit's centre."""
    return Point(unit["x"], unit["y"])


def footprint(unit: Unit) -> Polygon:
    """The unit's round footprint."""
    return point(unit).buffer(radius(unit))


def heavy_like(unit: Unit) -> bool:
    """Takes hits as a Heavy: a Heavy, or a Medium with Armor (RIFT-TRAIT-08)."""
    return unit["size"] == "heavy" or "armor" in unit["traits"]


@dataclass
class Field:
    """The map's fixed geometry, prepared once per map for fast tests."""

    map: MapData

    def __post_init__(self) -> None:
        highs = [f.poly for f in self.map.of_type("high")]
        self.high_inner = prep(unary_union([p.buffer(-EPS) for p in highs])) if highs else None
        self.highs = highs
        self.lows = [f.poly for f in self.map.of_type("low")]
        self.terrain = self.map.of_type("terrain")
        self.terrain_loose = {t.id: prep(t.poly.buffer(EPS)) for t in self.terrain}
        self.corners = [(x, y) for p in highs for (x, y) in list(p.exterior.coords)[:-1]]
        # the corners a unit might fire round, by the whole-unit cell it stands in (in the map's order)
        self.corner_cells: dict[tuple[int, int], list[tuple[float, float]]] = {}
        reach = CORNER_U + EPS
        for cx, cy in self.corners:
            for i in range(math.floor(cx - reach), math.floor(cx + reach) + 1):
                for j in range(math.floor(cy - reach), math.floor(cy + reach) + 1):
                    self.corner_cells.setdefault((i, j), []).append((cx, cy))
        # bounding boxes, for quick answers before any Shapely object is made
        self.high_boxes = [p.bounds for p in highs]
        self.low_boxes = [p.bounds for p in self.lows]
        self.terrain_boxes = [t.poly.bounds for t in self.terrain]
        # shrunk shapes the path checks use, made once
        self.high_shrunk = [(f, prep(f.poly.buffer(-EPS))) for f in self.map.of_type("high")]
        self.terrain_shrunk = [(t, prep(t.poly.buffer(-EPS)), prep(t.poly.buffer(-MEDIUM_EDGE_U))) for t in self.terrain]
        self.bounds = Polygon([(0, 0), (self.map.size[0], 0), self.map.size, (0, self.map.size[1])])


_FIELDS: dict[str, Field] = {}


def field_of(map_id: str) -> Field:
    """The prepared geometry of map ``map_id``."""
    if map_id not in _FIELDS:
        _FIELDS[map_id] = Field(rules().maps[map_id])
    return _FIELDS[map_id]


def near_box(box: tuple[float, float, float, float], x: float, y: float, margin: float) -> bool:
    """Whether (x, y) lies within ``margin`` of the box (minx, miny, maxx, maxy) (a quick test
    before the exact one: a point farther from the box is farther from what it bounds)."""
    return box[0] - margin <= x <= box[2] + margin and box[1] - margin <= y <= box[3] + margin


def terrain_inside(fld: Field, unit: Unit) -> Any:
    """The terrain area the unit is fully inside (its whole footprint), or None."""
    if unit.get("flying"):
        return None
    x, y = float(unit["x"]), float(unit["y"])
    r = radius(unit)
    p = None
    for t, box in zip(fld.terrain, fld.terrain_boxes):
        if not near_box(box, x, y, EPS - r):  # the whole footprint must fit inside the box
            continue
        p = p or Point(x, y)
        if t.poly.contains(p) and t.poly.exterior.distance(p) >= r - EPS:
            return t
    return None


def at_terrain(fld: Field, unit: Unit) -> bool:
    """Whether the unit stands at the edge of, or inside, a terrain area (RIFT-MAP-11)."""
    x, y, r = float(unit["x"]), float(unit["y"]), radius(unit)
    near = [t for t, box in zip(fld.terrain, fld.terrain_boxes) if near_box(box, x, y, r)]
    if not near:
        return False
    p = Point(x, y)
    return any(t.poly.distance(p) < r for t in near)


def at_low(fld: Field, unit: Unit) -> bool:
    """Whether the unit is positioned at a low structure (RIFT-MAP-02)."""
    x, y, r = float(unit["x"]), float(unit["y"]), radius(unit)
    near = [low for low, box in zip(fld.lows, fld.low_boxes) if near_box(box, x, y, r + LOW_COVER_U + EPS)]
    if not near:
        return False
    p = Point(x, y)
    return any(low.distance(p) <= r + LOW_COVER_U for low in near)


def segment_meets_box(a: tuple[float, float], b: tuple[float, float], boxes: list[tuple[float, float, float, float]]) -> bool:
    """Whether the segment's bounding box overlaps any of ``boxes`` (if not, the segment meets
    none of the shapes they bound)."""
    x0, x1 = (a[0], b[0]) if a[0] <= b[0] else (b[0], a[0])
    y0, y1 = (a[1], b[1]) if a[1] <= b[1] else (b[1], a[1])
    return any(x0 <= bx1 and bx0 <= x1 and y0 <= by1 and by0 <= y1 for bx0, by0, bx1, by1 in boxes)


def corner_of(fld: Field, unit: Unit) -> tuple[float, float] | None:
    """The high-structure vertex a Light Ranged unit fires around, or None (RIFT-MAP-05)."""
    if unit["size"] != "light" or unit["role"] != "ranged":
        return None
    x, y = float(unit["x"]), float(unit["y"])
    for cx, cy in fld.corner_cells.get((math.floor(x), math.floor(y)), ()):
        if math.hypot(x - cx, y - cy) <= CORNER_U + EPS:
            return (cx, cy)
    return None


def moving_blockers(units: Iterable[Unit], exclude: set[str]) -> list[tuple[float, float, float]]:
    """Heavy units and wrecks as high structures (RIFT-MAP-12/14), leaving out ``exclude``: (x, y, r)."""
    return [(float(u["x"]), float(u["y"]), radius(u)) for u in units
            if u["size"] == "heavy" and u["id"] not in exclude and u.get("carried_by") is None
            and (not u["dead"] or u.get("wreck"))]


def segment_distance(a: tuple[float, float], b: tuple[float, float], c: tuple[float, float]) -> float:
    """The distance from point ``c`` to the segment ``a``-``b``."""
    (ax, ay), (bx, by), (cx, cy) = a, b, c
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((cx - ax) * dx + (cy - ay) * dy) / length2))
    return math.hypot(ax + t * dx - cx, ay + t * dy - cy)


def _origins(fld: Field, unit: Unit) -> list[tuple[float, float]]:
    corner = corner_of(fld, unit)
    own = (float(unit["x"]), float(unit["y"]))
    return [own, corner] if corner else [own]


def line_of_sight(fld: Field, a: Unit, b: Unit, units: Iterable[Unit],
                  blockers: list[tuple[float, float, float]] | None = None, inside_a: Any = False) -> bool:
    """Whether ``a`` and ``b`` see each other (RIFT-GAP-04, RIFT-MAP-04/10/12/14, RIFT-GAP-29).

    ``blockers`` (Heavy footprints other than ``a`` and ``b``) and ``inside_a`` (the terrain ``a``
    is fully inside) may be given when many lines are drawn from one unit."""
    if blockers is None:
        blockers = moving_blockers(units, {a["id"], b["id"]})
    if inside_a is False:
        inside_a = terrain_inside(fld, a)
    inside_b = terrain_inside(fld, b)
    flying = bool(a.get("flying") or b.get("flying"))
    for oa in _origins(fld, a):
        for ob in _origins(fld, b):
            if oa == ob:
                return True
            seg = None
            if not flying:
                if fld.high_inner is not None and segment_meets_box(oa, ob, fld.high_boxes):
                    seg = LineString([oa, ob])
                    if fld.high_inner.intersects(seg):
                        continue
                if any(segment_distance(oa, ob, (bx, by)) < br - EPS for bx, by, br in blockers):
                    continue
            if inside_a is not None and not fld.terrain_loose[inside_a.id].contains(seg or LineString([oa, ob])):
                continue
            if inside_b is not None and not fld.terrain_loose[inside_b.id].contains(seg or LineString([oa, ob])):
                continue
            return True
    return False


def in_cover(fld: Field, target: Unit, attacker: Unit | None, units: Iterable[Unit]) -> bool:
    """Whether ``target`` is in cover against ``attacker`` (RIFT-DMG-05, RIFT-MAP-02/05/11/13, RIFT-CC-04)."""
    if target["size"] == "heavy" or target.get("flying"):
        return False
    if target.get("melee"):
        return True
    if at_low(fld, target) or at_terrain(fld, target):
        return True
    if attacker is not None and corner_of(fld, target) is not None:
        return line_of_sight(fld, target, attacker, units)
    return False


def first_contact(start: tuple[float, float], end: tuple[float, float], centre: tuple[float, float], reach: float) -> float | None:
    """The first fraction t in [0, 1] of the segment at which a point comes within ``reach`` of ``centre``."""
    (x0, y0), (x1, y1), (cx, cy) = start, end, centre
    dx, dy = x1 - x0, y1 - y0
    fx, fy = x0 - cx, y0 - cy
    a = dx * dx + dy * dy
    c = fx * fx + fy * fy - reach * reach
    if c <= 0:
        return 0.0
    if a == 0:
        return None
    b = 2 * (fx * dx + fy * dy)
    disc = b * b - 4 * a * c
    if disc < 0:
        return None
    t = (-b - math.sqrt(disc)) / (2 * a)
    return t if 0 <= t <= 1 else None


def path_problem(fld: Field, unit: Unit, end: tuple[float, float], fly: bool, others: Iterable[Unit]) -> str | None:
    """Why ``unit`` cannot move in a straight line to ``end``, or None (terrain, structures, bounds)."""
    r = radius(unit)
    x, y = end
    if not (r <= x <= fld.map.size[0] - r and r <= y <= fld.map.size[1] - r):
        return f"({x:g},{y:g}) is off the map (0..{fld.map.size[0]:g} x 0..{fld.map.size[1]:g}, keeping {r:g} u from the edge)"
    if not fly:
        path = LineString([(unit["x"], unit["y"]), end])
        swept = path.buffer(r - EPS) if path.length > 0 else Point(end).buffer(r - EPS)
        for f, shrunk in fld.high_shrunk:
            if shrunk.intersects(swept):
                return f"the path runs into {f.name} (a high structure; only a flying move crosses it)"
        for t, shrunk, edge in fld.terrain_shrunk:
            if unit["size"] == "heavy" and shrunk.intersects(swept):
                return f"a Heavy unit may not enter {t.name} unless flying (RIFT-GAP-21)"
            if unit["size"] == "medium" and edge.intersects(path):
                return f"a Medium unit may stand only at the edge of {t.name}, at most 1 u inside (RIFT-GAP-21)"
        for other in others:
            if other["size"] == "heavy" and other["id"] != unit["id"] and other.get("carried_by") is None \
                    and (not other["dead"] or other.get("wreck")) and not other.get("_contact") \
                    and segment_distance((unit["x"], unit["y"]), end, (other["x"], other["y"])) < radius(other) + r - 2 * EPS:
                return f"the path runs into {other['id']} ({'a wreck' if other['dead'] else 'a Heavy unit'}, a high structure)"
    corner = corner_of(fld, dict(unit, x=x, y=y))
    stacked = []
    if corner is not None:  # RIFT-MAP-06: two Light Ranged units may stack on a corner, no more
        stacked = [o["id"] for o in others if o["id"] != unit["id"] and not o["dead"] and o.get("carried_by") is None
                   and corner_of(fld, o) == corner]
        if len(stacked) >= 2:
            return f"the corner at ({corner[0]:g},{corner[1]:g}) already holds {stacked[0]} and {stacked[1]}; two Light Ranged units stack on a corner, no more (RIFT-MAP-06)"
    for other in others:
        if other["id"] == unit["id"] or other["dead"] or other.get("carried_by") is not None or other.get("_contact"):
            continue
        if other["id"] in stacked:
            continue
        if math.hypot(other["x"] - x, other["y"] - y) <= radius(other) + r - CONTACT_GAP_U:  # round footprints meet
            return f"({x:g},{y:g}) overlaps {other['id']}"
    return None


def visible_stretches(fld: Field, reactor: Unit, movers: list[Unit], delta: tuple[float, float], t_end: float,
                      units: list[Unit]) -> list[tuple[float, float]]:
    """The stretches (fractions of the move) at which ``reactor`` sees at least one of ``movers``.

    The move is sampled every 0.4 u (at least 16 steps); a stretch runs from its first visible
    sample to its last one. Positions are the movers' start positions plus ``t * delta``.
    """
    length = math.hypot(*delta) * t_end
    steps = max(16, math.ceil(length / 0.4))
    mover_ids = {m["id"] for m in movers}
    blockers = moving_blockers(units, {reactor["id"], *mover_ids})
    inside_r = terrain_inside(fld, reactor)
    seen: list[tuple[float, float]] = []
    run_start: float | None = None
    last = 0.0
    for i in range(steps + 1):
        t = t_end * i / steps
        visible = False
        for m in movers:
            probe = dict(m, x=m["x"] + t * delta[0], y=m["y"] + t * delta[1])
            if line_of_sight(fld, reactor, probe, units, blockers, inside_r):
                visible = True
                break
        if visible and run_start is None:
            run_start = t
        if not visible and run_start is not None:
            seen.append((run_start, last))
            run_start = None
        last = t
    if run_start is not None:
        seen.append((run_start, last))
    return seen


def close_group(units: list[Unit], spacing: float = 2.0) -> bool:
    """RIFT-GAP-05: every member within ``spacing`` u of another, one connected chain, at most 10.

    Distances are measured between footprints (edge to edge), so Medium and Heavy units, whose
    footprints are 2 and 4 u across, can form a group at all."""
    if len(units) > 10:
        return False
    if len(units) <= 1:
        return True
    reached = {0}
    frontier = [0]
    while frontier:
        i = frontier.pop()
        for j, u in enumerate(units):
            gap = math.hypot(u["x"] - units[i]["x"], u["y"] - units[i]["y"]) - radius(u) - radius(units[i])
            if j not in reached and gap <= spacing + EPS:
                reached.add(j)
                frontier.append(j)
    return len(reached) == len(units)
