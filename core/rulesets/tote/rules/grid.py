"""Twilight of the Empire's space-ground grid (TOTE-DATA-06, GRID, HYPER, FIRE, RANGE, GAP-03/05/55).

The grid of a star system is read once from ``data/grid.toml`` and checked at load time against the
rules themselves. Space ids (the ``space`` of every unit dict):

- ``DSZ-1..4`` Deep Space Zones, ``C-1..4`` high orbit, ``B-1..4`` middle orbit, ``A-1..4`` low
  orbit: one of each ring in each of the four quadrants;
- ``ATMO``: the one wrap-around Atmosphere (TOTE-ATMO-01);
- ``G-1/air`` .. ``G-4/air`` and ``G-1/surface`` .. ``G-4/surface``: the two layers of the ground
  grid G-q below quadrant q (TOTE-GROUND-03, TOTE-GAP-55), shown as "G-1 Air" / "G-1 Surface".

A planet without ground grids (asteroids, TOTE-GAP-03) has only the sixteen ring spaces: pass
``ground=False``. Fire geometry is by unit class (:data:`UNIT_CLASSES`):

- ``capital`` ships and ``platform`` s (TOTE-GAP-18) fire at range <= 1 along the ``fire`` lists
  (TOTE-RANGE-01, FIRE-01..07, GAP-05); ``sf`` and ``aux`` only into their own space
  (TOTE-RANGE-02). Special attacks (``fire_mode``): orbital bombardment from A-q at G-q Surface
  (TOTE-OB-02), atmospheric bombardment from ATMO at any Surface (TOTE-ATMOBOMB-01), strafing by
  an SF in a ground grid's Air layer (TOTE-STRAFE-01), a bombing SF's warheads from ATMO at any
  Surface (TOTE-BOMB-05), planetary weapons from G-q Surface into A-q only (TOTE-S2S-01).
- On a ground grid: ``infantry`` fire at their own Surface only (TOTE-G2G-01, S2A-01); ``vehicle``
  (the data's ``gav``) and ``airspeeder`` (T-47, T-16, V-Wing) at both layers of their own grid
  (TOTE-S2A-01, A2A-01); ``facility`` (any facility kind but ``planetary_weapon``) likewise (its
  guns; garrison rules are the combat module's). Landed starships fire at their own Surface only.

:func:`environment_modifiers` gives the UCR modifiers of a position (TOTE-GAP-17, EX-30);
:func:`system_status` and :func:`hyper_exit_spaces` the hyperspace exits (TOTE-HYPER, GAP-10).

The drawing helper :func:`board_rows` gives, for each row of the standard diagram, its label and
space ids (see its docstring), so a widget can draw the grid without knowing any rule.
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from functools import lru_cache

from core.errors import OrderError
from core.packaged import packaged_toml

#: The kinds of space, from the outside in (TOTE-GRID-02).
KINDS = ("dsz", "c_ring", "b_ring", "a_ring", "atmosphere", "air", "surface")
RING_KINDS = ("dsz", "c_ring", "b_ring", "a_ring")
GROUND_KINDS = ("air", "surface")
#: Unit classes the geometry distinguishes.
UNIT_CLASSES = ("capital", "platform", "sf", "aux", "infantry", "vehicle", "airspeeder",
                "facility", "planetary_weapon")
CAPITAL_LIKE = ("capital", "platform")
CRAFT = ("sf", "aux")
GROUND_UNITS = ("infantry", "vehicle", "airspeeder")
#: How a system's status sets where an arriving fleet may leave hyperspace (TOTE-HYPER-01/03).
SYSTEM_STATUSES = ("friendly", "scanned", "hostile")
#: What kind of attack a legal shot is (see :func:`fire_mode`).
FIRE_MODES = ("direct", "orbital_bombardment", "atmospheric_bombardment", "strafe", "bombing",
              "planetary")
ATMO = "ATMO"
#: How a message names a unit of each class.
CLASS_NAMES = {"capital": "capital ship", "platform": "platform", "sf": "starfighter squadron",
               "aux": "auxiliary craft", "infantry": "infantry squad", "vehicle": "vehicle",
               "airspeeder": "combat airspeeder", "facility": "facility", "planetary_weapon": "planetary weapon"}


class GridDataError(ValueError):
    """``data/grid.toml`` breaks a rule of the grid (the message names the space and the rule)."""


@dataclass(frozen=True)
class Space:
    """One space of the grid, as ``data/grid.toml`` gives it."""

    id: str
    kind: str
    quadrant: int
    label: str
    move: tuple[str, ...]
    fire: tuple[str, ...]
    grid: str = ""
    ob_target: str = ""
    surface_fire: tuple[str, ...] = ()
    planetary_fire: tuple[str, ...] = ()
    cell: tuple[int, int] = (0, 0)
    span: int = 1
    note: str = ""


@dataclass(frozen=True)
class Grid:
    """The whole grid: spaces in drawing order and the names of their kinds."""

    spaces: dict[str, Space]
    kind_names: dict[str, str]


def _level(sp: Space) -> int:
    return KINDS.index(sp.kind)


def _ring_neighbours(q: int) -> set[int]:
    return {(q - 2) % 4 + 1, q % 4 + 1}


def _check(grid: Grid) -> None:
    """Raise GridDataError unless the grid keeps every rule of TOTE-GRID/FIRE/RANGE and DATA-06."""
    sp = grid.spaces
    for s in sp.values():
        where = f"grid.toml space {s.id}"
        if s.kind not in KINDS:
            raise GridDataError(f"{where}: kind {s.kind!r} is not one of {', '.join(KINDS)}")
        if s.kind in RING_KINDS + GROUND_KINDS and s.quadrant not in (1, 2, 3, 4):
            raise GridDataError(f"{where}: quadrant must be 1..4, not {s.quadrant}")
        for name, ids in (("move", s.move), ("fire", s.fire), ("surface_fire", s.surface_fire),
                          ("planetary_fire", s.planetary_fire), ("ob_target", (s.ob_target,) if s.ob_target else ())):
            for o in ids:
                if o not in sp:
                    raise GridDataError(f"{where}: {name} names {o!r}, which is no space")
        for o in s.move:
            t = sp[o]
            if s.id not in t.move:
                raise GridDataError(f"{where}: moves to {o} but {o} does not move back (adjacency is symmetric)")
            if is_diagonal_spaces(s, t):
                raise GridDataError(f"{where}: {o} is diagonal to it (TOTE-GRID-03)")
            if s.kind in GROUND_KINDS and t.kind in GROUND_KINDS and s.grid != t.grid:
                raise GridDataError(f"{where}: ground grids never join each other (TOTE-LOGI-01), not {o}")
        for o in s.fire:
            t = sp[o]
            if o != s.id and o not in s.move:
                raise GridDataError(f"{where}: fires at {o}, which is more than 1 space away (TOTE-RANGE-01)")
            if s.kind == "dsz" and o != s.id:
                raise GridDataError(f"{where}: a DSZ fires only into itself (TOTE-FIRE-04), not {o}")
            if s.kind == "c_ring" and t.kind == "dsz":
                raise GridDataError(f"{where}: the C-Ring never fires into a DSZ (TOTE-FIRE-03)")
            if {s.kind, t.kind} == {"a_ring", "atmosphere"}:
                raise GridDataError(f"{where}: the A-Ring and the Atmosphere never fire at each other (TOTE-FIRE-05/06)")
            if (s.kind in GROUND_KINDS) != (t.kind in GROUND_KINDS):
                raise GridDataError(f"{where}: direct fire never crosses to or from the ground (TOTE-GAP-05), not {o}")
        if s.kind == "a_ring" and (not s.ob_target or sp[s.ob_target].kind != "surface"
                                   or sp[s.ob_target].quadrant != s.quadrant):
            raise GridDataError(f"{where}: an A-Ring space bombards the Surface of its own quadrant (TOTE-OB-02)")
        for o in s.planetary_fire:
            if s.kind != "surface" or sp[o].kind != "a_ring" or sp[o].quadrant != s.quadrant:
                raise GridDataError(f"{where}: planetary weapons fire only into the adjacent A-Ring (TOTE-S2S-01), not {o}")
    atmo = [s for s in sp.values() if s.kind == "atmosphere"]
    ground = [s for s in sp.values() if s.kind in GROUND_KINDS]
    if len(atmo) != 1 or atmo[0].id != ATMO:
        raise GridDataError(f"grid.toml: there must be exactly one Atmosphere space, {ATMO} (TOTE-ATMO-01)")
    for s in ground:
        if ATMO not in s.move:
            raise GridDataError(f"grid.toml space {s.id}: every ground layer joins the Atmosphere (TOTE-ATMO-07/10)")
    for kind in RING_KINDS:
        if sorted(s.quadrant for s in sp.values() if s.kind == kind) != [1, 2, 3, 4]:
            raise GridDataError(f"grid.toml: {kind} needs one space in each of the 4 quadrants (TOTE-GRID-01)")


def is_diagonal_spaces(a: Space, b: Space) -> bool:
    """True when ``a`` and ``b`` differ both in ring and in quadrant (TOTE-GRID-03/04).

    Two spaces of the same ring are never diagonal: they are next to each other (quadrants q and
    q±1) or two steps apart around the ring. The Atmosphere wraps all the way around (quadrant 0):
    never diagonal; a ground layer is never diagonal to anything either (another ground grid, or a
    ring it is reached from only through its own A-Ring space, is simply out of reach or range).
    """
    if a.id == b.id or a.kind == "atmosphere" or b.kind == "atmosphere":
        return False
    if a.kind in GROUND_KINDS or b.kind in GROUND_KINDS:
        return False  # ground grids are apart ("unmarchable", TOTE-LOGI-01) or reached only by their A-Ring space
    if a.kind == b.kind:
        return False  # the same ring two quadrants apart: too far, not diagonal (issue 26.17)
    return a.quadrant != b.quadrant


@lru_cache(maxsize=1)
def load() -> Grid:
    """The grid of ``data/grid.toml``, checked. Raises GridDataError naming the space and rule broken."""
    raw = packaged_toml("core.rulesets.tote", "data", "grid.toml")
    out: dict[str, Space] = {}
    for sid, row in raw.get("space", {}).items():
        try:
            cell = tuple(int(x) for x in row.get("cell", (0, 0)))
            out[sid] = Space(
                id=sid, kind=str(row["kind"]), quadrant=int(row.get("quadrant", 0)), label=str(row.get("label", sid)),
                move=tuple(row.get("move", ())), fire=tuple(row.get("fire", ())), grid=str(row.get("grid", "")),
                ob_target=str(row.get("ob_target", "")), surface_fire=tuple(row.get("surface_fire", ())),
                planetary_fire=tuple(row.get("planetary_fire", ())), cell=(cell[0], cell[1]),
                span=int(row.get("span", 1)), note=str(row.get("note", "")))
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise GridDataError(f"grid.toml space {sid}: {exc!r}") from exc
    grid = Grid(out, {str(k): str(v) for k, v in raw.get("kinds", {}).items()})
    _check(grid)
    return grid


def ground_count(ground: bool | int | None) -> int:
    """How many ground grids a ``ground`` argument means: True all four (G-1..G-4), False or None
    none, a number that many (a world's ``ground_grids``, 0-4: Bespin 1, Fondor 2, TOTE-GAP-55)."""
    if ground is True:
        return 4
    if not ground:
        return 0
    return max(0, min(4, int(ground)))


def spaces(ground: bool | int = True) -> tuple[str, ...]:
    """Every space id in drawing order (DSZ, C, B, A by quadrant, ATMO, the ground layers).

    With ``ground=False`` (a planet with no ground grids, TOTE-GAP-03) only the sixteen ring spaces;
    with a number n (1-4) the rings, the Atmosphere and the ground grids G-1..G-n only.
    """
    return _spaces(ground_count(ground))


@lru_cache(maxsize=8)
def _spaces(n: int) -> tuple[str, ...]:
    return tuple(s for s, v in load().spaces.items()
                 if v.kind in RING_KINDS or (n > 0 and v.kind not in GROUND_KINDS)
                 or (v.kind in GROUND_KINDS and int(v.grid.rsplit("-", 1)[1]) <= n))


def space(space_id: str) -> Space:
    """The :class:`Space` ``space_id``. Raises OrderError naming the legal ids if there is none."""
    try:
        return load().spaces[space_id]
    except KeyError:
        raise OrderError(f"{space_id!r} is no space of the grid; spaces are {', '.join(spaces())}") from None


def kind(space_id: str) -> str:
    """The kind of a space: dsz, c_ring, b_ring, a_ring, atmosphere, air or surface. Raises OrderError."""
    return space(space_id).kind


def label(space_id: str) -> str:
    """How a player sees the space ("C-1", "Atmosphere", "G-2 Surface"). Raises OrderError."""
    return space(space_id).label


def ground_grid(space_id: str) -> str:
    """The ground grid ("G-1") of a ground layer, or "" for a space above the ground. Raises OrderError."""
    return space(space_id).grid


def quadrant(space_id: str) -> int:
    """The quadrant 1..4 of a space, 0 for the Atmosphere. Raises OrderError."""
    return space(space_id).quadrant


def neighbours(space_id: str, ground: bool | int = True) -> tuple[str, ...]:
    """The spaces one orthogonal step from ``space_id`` (move adjacency) among :func:`spaces`
    ``(ground)``. Raises OrderError."""
    try:
        return _neighbours(space_id, ground_count(ground))
    except KeyError:
        space(space_id)
        raise


@lru_cache(maxsize=128)
def _neighbours(space_id: str, ground: int) -> tuple[str, ...]:
    keep = set(spaces(ground))
    return tuple(o for o in load().spaces[space_id].move if o in keep)


def adjacent(a: str, b: str) -> bool:
    """True when one orthogonal step joins ``a`` and ``b`` (never diagonal, TOTE-GRID-03). Raises OrderError."""
    return b in space(a).move and a in space(b).move


def is_diagonal(a: str, b: str) -> bool:
    """True when ``a`` and ``b`` differ in ring and in quadrant (TOTE-GRID-03/04). Raises OrderError."""
    return is_diagonal_spaces(space(a), space(b))


def distance(a: str, b: str, ground: bool = True) -> int:
    """Fewest orthogonal steps from ``a`` to ``b``. Raises OrderError if either is no space or b is unreachable."""
    space(a), space(b)
    seen = {a: 0}
    todo = deque([a])
    while todo:
        here = todo.popleft()
        if here == b:
            return seen[here]
        for o in neighbours(here, ground):
            if o not in seen:
                seen[o] = seen[here] + 1
                todo.append(o)
    raise OrderError(f"{b} cannot be reached from {a} on this grid")


def parse_space(text: str, ground: bool = True) -> str:
    """The space id a player means by ``text`` ("c1", "C-1", "atm", "G-2 Surface", "g2 air", "g2s").

    Raises OrderError quoting the text and listing the spaces of the grid.
    """
    want = "".join(ch for ch in text.lower() if ch.isalnum())
    aliases = {"atmo": ATMO, "atm": ATMO, "atmosphere": ATMO}
    keep = set(spaces(ground))
    for sid, sp in load().spaces.items():
        if sid not in keep:
            continue
        flat = "".join(ch for ch in sid.lower() if ch.isalnum())
        aliases[flat] = sid
        aliases["".join(ch for ch in sp.label.lower() if ch.isalnum())] = sid
        if sp.kind in GROUND_KINDS:
            aliases[sp.grid.lower().replace("-", "") + sp.kind[0]] = sid
    if want in aliases and aliases[want] in keep:
        return aliases[want]
    raise OrderError(f"{text!r} is no space of this grid; spaces are {', '.join(spaces(ground))}")


def system_status(friendly: bool, scanned_before: bool) -> str:
    """The status that sets hyperspace exits (TOTE-HYPER-01/03): "friendly", else "scanned" if the
    player ever completed an active scan of the system or had a unit in it (TOTE-GAP-10), else
    "hostile"."""
    return "friendly" if friendly else "scanned" if scanned_before else "hostile"


def hyper_exit_spaces(status: str, ground: bool = True) -> tuple[str, ...]:
    """Where a ship may leave hyperspace in a system of ``status`` (TOTE-HYPER-01/03, GAP-10).

    ``hostile`` (non-friendly and never scanned): the four DSZ only. ``friendly`` or ``scanned``:
    DSZ, C-Ring or B-Ring; never the A-Ring, the Atmosphere or the ground. Raises OrderError for
    an unknown status.
    """
    if status not in SYSTEM_STATUSES:
        raise OrderError(f"system status {status!r} is not one of {', '.join(SYSTEM_STATUSES)}")
    kinds = ("dsz",) if status == "hostile" else ("dsz", "c_ring", "b_ring")
    return tuple(s for s in spaces(ground) if kind(s) in kinds)


def check_hyper_exit(space_id: str, status: str) -> None:
    """Refuse (OrderError) a hyperspace exit into ``space_id`` unless TOTE-HYPER-01/03 allow it; the
    message says why and lists the legal exit spaces."""
    legal = hyper_exit_spaces(status)
    if space_id in legal:
        return
    sp = space(space_id)
    why = ("in a non-friendly system not scanned before, ships leave hyperspace in a Deep Space Zone"
           if status == "hostile" else "ships may leave hyperspace at most as far in as the B-Ring")
    raise OrderError(f"cannot leave hyperspace in {sp.label}: {why}; legal exits are {', '.join(legal)}")


def unit_class_of(cls: str) -> str:
    """The geometry's class for a data class or facility kind: ``gav`` is a ``vehicle``; every
    facility kind but ``planetary_weapon`` (command centre, palace, shipyard, factory, comscan,
    garrison) is a ``facility``; the rest are themselves."""
    if cls == "gav":
        return "vehicle"
    if cls in ("command_center", "palace", "shipyard", "factory", "comscan", "garrison"):
        return "facility"
    return cls


def _fire_problem(unit_class: str, a: Space, b: Space, orbital_bombardment: bool, bombing_run: bool) -> tuple[str, str]:
    """(mode, "") for a legal shot from ``a`` at ``b``, else ("", why not)."""
    unit_class = unit_class_of(unit_class)
    if unit_class not in UNIT_CLASSES:
        raise OrderError(f"unit class {unit_class!r} is not one of {', '.join(UNIT_CLASSES)}")
    if is_diagonal_spaces(a, b):
        return "", f"{b.label} is diagonal to {a.label}: firing diagonally is not allowed"
    same_grid = a.kind in GROUND_KINDS and b.kind in GROUND_KINDS and a.grid == b.grid
    if unit_class == "planetary_weapon":
        if a.kind == "surface" and b.id in a.planetary_fire:
            return "planetary", ""
        return "", f"{b.label} is out of its range: a planetary weapon fires only from its Surface into the adjacent A-Ring space"
    if unit_class in GROUND_UNITS + ("facility",):
        if not same_grid:
            return "", "ground units fire only at units in their own ground grid"
        if unit_class == "infantry" and (a.kind != "surface" or b.kind != "surface"):
            return "", "only vehicles may fire at the Air layer of their ground grid; infantry fire at the Surface"
        return "direct", ""
    if unit_class in CRAFT:
        if a.id == b.id:
            return "direct", ""
        if unit_class == "sf" and a.kind == "air" and b.kind == "surface" and same_grid:
            return "strafe", ""
        if unit_class == "sf" and bombing_run and a.kind == "atmosphere" and b.kind == "surface":
            return "bombing", ""
        return "", "starfighters and auxiliary craft attack only targets in their own space"
    # capital ships and platforms
    if a.kind == "a_ring" and b.id == a.ob_target:
        if orbital_bombardment:
            return "orbital_bombardment", ""
        return "", "only Star Destroyers, Mon Calamari cruisers and the Dauntless may bombard the ground from the A-Ring"
    if a.kind == "atmosphere" and b.id in a.surface_fire:
        return "atmospheric_bombardment", ""
    if a.kind == "surface" and b.kind == "air":
        return "", "only vehicles may fire at the Air layer of their ground grid"
    if b.id in a.fire:
        return "direct", ""
    if a.kind == "dsz":
        return "", "units in a Deep Space Zone attack only units in the same Deep Space Zone"
    if a.kind == "c_ring" and b.kind == "dsz":
        return "", "units in high orbit (C-Ring) cannot attack units in a Deep Space Zone"
    if {a.kind, b.kind} == {"a_ring", "atmosphere"}:
        return "", "the A-Ring and the Atmosphere cannot fire at each other"
    if b.kind in GROUND_KINDS:
        return "", "the ground is reached only by orbital or atmospheric bombardment, strafing or bombing"
    return "", f"{b.label} is beyond range 1 of {a.label}"


def fire_mode(unit_class: str, from_space: str, to_space: str, *, orbital_bombardment: bool = False,
              bombing_run: bool = False) -> str:
    """The kind of attack (one of :data:`FIRE_MODES`) a unit of ``unit_class`` in ``from_space``
    makes at a target in ``to_space``; ``orbital_bombardment`` / ``bombing_run`` are the unit's
    spec flags (TOTE-OB-01, TOTE-BOMB-01).

    Raises OrderError saying why the shot is illegal (diagonal, out of range, a forbidden
    direction) and which spaces it could fire at.
    """
    a, b = space(from_space), space(to_space)
    mode, why = _fire_problem(unit_class, a, b, orbital_bombardment, bombing_run)
    if mode:
        return mode
    legal = fire_targets(unit_class, from_space, orbital_bombardment=orbital_bombardment, bombing_run=bombing_run)
    raise OrderError(f"a {CLASS_NAMES[unit_class_of(unit_class)]} in {a.label} cannot fire at {b.label}: {why}; "
                     f"from {a.label} it may fire at {', '.join(label(s) for s in legal) or 'nothing'}")


def can_fire(unit_class: str, from_space: str, to_space: str, *, orbital_bombardment: bool = False,
             bombing_run: bool = False) -> bool:
    """True when :func:`fire_mode` allows the shot. Raises OrderError only for an unknown space or class."""
    mode, _ = _fire_problem(unit_class, space(from_space), space(to_space), orbital_bombardment, bombing_run)
    return bool(mode)


def fire_targets(unit_class: str, from_space: str, *, orbital_bombardment: bool = False,
                 bombing_run: bool = False, ground: bool = True) -> tuple[str, ...]:
    """The spaces a unit of ``unit_class`` in ``from_space`` may attack, in drawing order. Raises OrderError."""
    a = space(from_space)
    return tuple(s for s in spaces(ground)
                 if _fire_problem(unit_class, a, space(s), orbital_bombardment, bombing_run)[0])


def board_rows(ground: bool = True) -> list[dict[str, str | list[str]]]:
    """The standard drawing of the grid, for a widget that knows no rule: a list of rows, each
    ``{"label": str, "cells": [space id, ...]}`` top to bottom.

    Rows: "DSZ", "C", "B", "A" (one cell per quadrant, column q-1 for quadrant q), then
    "ATMO" (one cell spanning the full width), then "Air" and "Surface" (the layers of G-1..G-4).
    A radial step is one row up or down in the same column, a step around a ring one column left
    or right, and quadrant 4 wraps to quadrant 1 (the right edge joins the left). A diagonal on the
    drawing is a diagonal on the grid: never a legal move or shot. With 4 columns the diagram
    fits 80x24 (cells about 18 wide and 3 high) and 120x40 (28 wide and 5 high). The row and column
    of every space are its ``cell`` in ``data/grid.toml``; :func:`cells` gives them as a dict.
    """
    titles = {"dsz": "DSZ", "c_ring": "C", "b_ring": "B", "a_ring": "A", "atmosphere": "ATMO",
              "air": "Air", "surface": "Surface"}
    rows: dict[int, tuple[str, list[tuple[int, str]]]] = {}
    for sid in spaces(ground):
        sp = space(sid)
        rows.setdefault(sp.cell[0], (titles[sp.kind], []))[1].append((sp.cell[1], sid))
    return [{"label": rows[r][0], "cells": [sid for _c, sid in sorted(rows[r][1])]} for r in sorted(rows)]


def cells(ground: bool = True) -> dict[str, tuple[int, int, int]]:
    """Each space's (row, column, column span) in the diagram of :func:`board_rows`."""
    return {sid: (space(sid).cell[0], space(sid).cell[1], space(sid).span) for sid in spaces(ground)}


def patrol_kind(space_id: str) -> str:
    """"CSP" over a space of the space grid (TOTE-CSP-01), "CAP" over the Atmosphere or a ground
    grid's Air layer (TOTE-CAP-01). Raises OrderError for a Surface, where no patrol is flown."""
    sp = space(space_id)
    if sp.kind in RING_KINDS:
        return "CSP"
    if sp.kind in ("atmosphere", "air"):
        return "CAP"
    raise OrderError(f"no patrol can be flown over {sp.label}: combat space patrol covers a space of the "
                     "space grid, combat air patrol the Atmosphere or a ground grid's Air layer")


def environment_modifiers(space_id: str, atmo_mod: int = -1, *, mode: str = "",
                          bombarded: tuple[str, ...] | frozenset[str] = ()) -> tuple[int, ...]:
    """The UCR modifiers a unit's position gives it (TOTE-GAP-17, for ``arith.effective_ucr``).

    ``atmo_mod`` is the unit type's Atmosphere modifier (-1; 0 for the X-Wing, A-Wing and XG-1;
    +1 for the Z-95: TOTE-ATMO-02..04). In the Atmosphere: (atmo_mod,). In a ground grid's Air
    layer: (atmo_mod, -1) (TOTE-GROUND-02, STRAFE-01 is that same -1). Landed on a Surface or in the
    space grid: (). A capital ship in the Atmosphere attacking the Surface (``mode`` =
    "atmospheric_bombardment") takes a further -1 for that attack (TOTE-ATMOBOMB-01). A unit in a
    ground grid listed in ``bombarded`` ("G-2") takes -1 (TOTE-OB-05). Raises OrderError for an
    unknown space.
    """
    sp = space(space_id)
    mods: list[int] = []
    if sp.kind == "atmosphere":
        mods.append(atmo_mod)
        if mode == "atmospheric_bombardment":
            mods.append(-1)
    elif sp.kind == "air":
        mods += [atmo_mod, -1]
    if sp.grid and sp.grid in bombarded:
        mods.append(-1)
    return tuple(mods)
