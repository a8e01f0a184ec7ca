"""Twilight of the Empire's sublight movement and the positions of the battle (MOVE, HYPER, ATMO,
GROUND, CSP, CAP, LAUNCH; TOTE-GAP-04/07/20/41/51).

Pure functions over the unit dicts of ``model.py``. They read these keys (with defaults):
``space``, ``mp`` (movement points left, TOTE-GAP-04), ``moved``, ``acted`` (the order kinds given
this post, in order), ``destroyed``, ``withdrawn``, ``derelict``, ``disabled``, ``final``,
``inert``, ``carried_by``, ``tractored_by``, ``patrol``, ``faction``, ``id``. None is changed in
place: :func:`apply_move` and :func:`arrive` return new dicts.

A unit's abilities come in as a :class:`Mover` (its class, Speed and flags), built from any unit,
ground unit or facility type by :func:`mover_of`. Movement points per round are the Speed
(``mp_source="speed"``) or one space (``"one_space"``), TOTE-GAP-04. Each orthogonal step costs 1;
entering the A-Ring or a DSZ ends movement (TOTE-MOVE-01/02); entering the Atmosphere takes all
movement points, so only a unit that has not moved this round may do it (TOTE-ATMO-07); landing on
a Surface ends movement (TOTE-ATMO-11); after a hyperspace exit a ship has none (TOTE-HYPER-02).
Capital ships enter the Atmosphere and a ground grid's Air layer only with ``atmosphere_capable``
(TOTE-ATMO-06) and land only with ``can_land`` too; SF and AUX fly anywhere (TOTE-ATMO-05) and
land on a Surface only with ``can_land`` (the data's flag: shuttles, transports, barges); infantry and
vehicles never cross from one ground grid to another (TOTE-LOGI-01), airspeeders rise and land in
their own grid; platforms and facilities never move.
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from core.errors import OrderError
from core.rulesets.tote.rules import grid
from core.rulesets.tote.rules.grid import (
    CLASS_NAMES,
    CRAFT,
)

Unit = dict[str, Any]

#: Order kinds that count as moving or as firing for fire-then-move / move-then-fire (TOTE-MOVE-03;
#: a hyperspace jump is a move, TOTE-GAP-07).
MOVE_ACTIONS = ("move", "jump", "withdraw")
FIRE_ACTIONS = ("fire", "bomb", "bombard", "strafe", "ram")
MP_SOURCES = ("speed", "one_space")
#: Classes that never move on the grid by themselves.
FIXED = ("platform", "facility", "planetary_weapon")


@dataclass(frozen=True)
class Mover:
    """What movement needs to know of a unit's type: class (see ``grid.UNIT_CLASSES``; ``gav`` is a
    vehicle), Speed and the flags that open the Atmosphere, the ground and hyperspace."""

    cls: str
    speed: int
    atmosphere_capable: bool = False
    can_land: bool = False
    hyperdrive: bool = False
    name: str = ""


@dataclass(frozen=True)
class MovePlan:
    """A checked move: the spaces stepped through (start first), its cost in movement points, the
    points left after it, and the rule that ended movement ("" if it did not end)."""

    path: tuple[str, ...]
    cost: int
    mp_left: int
    ended_by: str = ""

    @property
    def to(self) -> str:
        """The space the move ends in."""
        return self.path[-1]


def _cls(cls: str) -> str:
    return grid.unit_class_of(cls)


def mover_of(unit_type: Any) -> Mover:
    """The :class:`Mover` of a unit, ground unit or facility type from ``data.py`` (duck-typed:
    ``cls`` or ``kind``, ``speed``, ``flags``, ``hyperdrive``). Facilities are ``facility`` or
    ``planetary_weapon``."""
    cls = getattr(unit_type, "cls", None)
    if cls is None:
        cls = "planetary_weapon" if getattr(unit_type, "kind", "") == "planetary_weapon" else "facility"
    flags: frozenset[str] = getattr(unit_type, "flags", frozenset()) or frozenset()
    return Mover(cls=_cls(str(cls)), speed=int(getattr(unit_type, "speed", 0) or 0),
                 atmosphere_capable="atmosphere_capable" in flags, can_land="can_land" in flags,
                 hyperdrive=getattr(unit_type, "hyperdrive", None) is not None,
                 name=str(getattr(unit_type, "name", "") or ""))


def as_mover(mover_or_type: Any) -> Mover:
    """``mover_or_type`` itself if it is a :class:`Mover`, else :func:`mover_of` it (so every
    function here also takes a ``data.py`` unit type)."""
    return mover_or_type if isinstance(mover_or_type, Mover) else mover_of(mover_or_type)


def round_mp(speed: int, mp_source: str = "speed") -> int:
    """Movement points a unit of ``speed`` has at the start of a round (TOTE-GAP-04): its Speed, or
    1 under ``mp_source="one_space"``; 0 when Speed is 0. Raises OrderError for an unknown source."""
    if mp_source not in MP_SOURCES:
        raise OrderError(f"mp_source {mp_source!r} is not one of {', '.join(MP_SOURCES)}")
    if speed <= 0:
        return 0
    return speed if mp_source == "speed" else 1


def _runs(acts: Iterable[str]) -> list[str]:
    out: list[str] = []
    for a in acts:
        kind = "move" if a in MOVE_ACTIONS else "fire" if a in FIRE_ACTIONS else ""
        if kind and (not out or out[-1] != kind):
            out.append(kind)
    return out


def sequence_problem(unit: Unit, action: str) -> str:
    """Why ``action`` (an order kind) would break fire-then-move / move-then-fire for ``unit``
    (TOTE-MOVE-03), or "" if it is allowed. Moves, jumps and withdrawals count as moving; fire,
    bombing, bombardment, strafing and ramming as firing; other kinds never break it."""
    runs = _runs(list(unit.get("acted", [])) + [action])
    if len(runs) <= 2:
        return ""
    first, then = runs[0], runs[1]
    return (f"{unit.get('id', 'the unit')} has already {'moved' if first == 'move' else 'fired'} and then "
            f"{'fired' if then == 'fire' else 'moved'} this round: a ship either moves then fires or fires "
            "then moves, never both ways")


def check_sequence(unit: Unit, action: str) -> None:
    """Raise OrderError if ``action`` would break TOTE-MOVE-03 (see :func:`sequence_problem`)."""
    why = sequence_problem(unit, action)
    if why:
        raise OrderError(why)


def _state_problem(unit: Unit, mover: Mover) -> str:
    uid = unit.get("id", "the unit")
    if unit.get("destroyed") and not unit.get("final"):
        return f"{uid} is destroyed"
    if unit.get("withdrawn"):
        return f"{uid} has left the battle"
    if unit.get("derelict"):
        return f"{uid} is a derelict and cannot move"
    if unit.get("inert") or (unit.get("disabled") and not unit.get("final")):
        return f"{uid} is disabled and has spent its final actions"
    if unit.get("carried_by"):
        return f"{uid} is aboard {unit['carried_by']}: launch it first"
    if unit.get("tractored_by"):
        return f"{uid} is held by the tractor beams of {unit['tractored_by']} and moves only as they drag it"
    if unit.get("patrol"):
        return f"{uid} is flying a patrol over {unit.get('space')}: end the patrol first"
    if mover.cls in FIXED or mover.speed <= 0:
        return f"{uid} ({CLASS_NAMES.get(mover.cls, mover.cls)}) cannot move"
    return ""


def _bombarded(space_id: str, bombarded: Iterable[str]) -> bool:
    g = grid.ground_grid(space_id)
    return bool(g) and g in set(bombarded)


def step_problem(mover: Mover, a: str, b: str, mp: int, moved: bool, *, bombarded: Iterable[str] = (),
                 carrying_ground: bool = False) -> str:
    """Why one step from space ``a`` to ``b`` is illegal for ``mover`` holding ``mp`` movement
    points (``moved``: it has moved already this round), or "" when it is legal.

    ``bombarded``: ground grids ("G-2") under orbital bombardment (TOTE-OB-04: no infantry or
    vehicles move to or from them, and no ship carrying them lands there or lifts off from there;
    ``carrying_ground`` says the ship carries some). Raises OrderError for an unknown space.
    """
    sa, sb = grid.space(a), grid.space(b)
    if not grid.adjacent(a, b):
        if grid.is_diagonal(a, b):
            return f"{sb.label} is diagonal to {sa.label}: moving diagonally is not allowed"
        why = f"{sb.label} is not next to {sa.label}: a move goes one orthogonal step at a time"
        if sb.kind == "a_ring":
            why += ", and entering an A-Ring space ends movement (TOTE-MOVE-01)"
        elif sb.kind == "dsz":
            why += ", and entering a Deep Space Zone, even from another, ends movement (TOTE-MOVE-02)"
        return why
    if mp < 1:
        return "it has no movement points left this round"
    cls = _cls(mover.cls)
    if cls in ("infantry", "vehicle"):
        return "infantry and vehicles never leave their ground grid except aboard a ship"
    if cls == "airspeeder" and not (sa.grid and sa.grid == sb.grid):
        return "airspeeders fly only in their own ground grid, between its Surface and its Air"
    if cls == "capital":
        if sb.kind in ("atmosphere", "air") and not mover.atmosphere_capable:
            return "only capital ships whose specification allows it may enter the atmosphere"
        if sb.kind == "surface" and not (mover.atmosphere_capable and mover.can_land):
            return "this capital ship cannot land"
    if cls in CRAFT and sb.kind == "surface" and not mover.can_land:
        return "this craft cannot land (its specification has no can_land); it may fly in the Air layer"
    if sb.kind == "atmosphere" and moved:
        return "entering the Atmosphere takes all movement points: only a unit that has not moved this round may"
    if carrying_ground and sa.grid != sb.grid and (_bombarded(a, bombarded) or _bombarded(b, bombarded)):
        return ("no infantry or vehicles move to or from a ground grid under orbital bombardment, "
                "so a ship carrying them may not enter or leave it")
    return ""


def _ends(a: str, b: str) -> str:
    kb, ka = grid.kind(b), grid.kind(a)
    if kb == "a_ring":
        return "TOTE-MOVE-01: entering the A-Ring ends movement"
    if kb == "dsz":
        return "TOTE-MOVE-02: entering a Deep Space Zone ends movement"
    if kb == "atmosphere":
        return "TOTE-ATMO-07: entering the Atmosphere takes all movement points"
    if kb == "surface" and ka != "surface":
        return "TOTE-ATMO-11: landing ends movement"
    return ""


def plan_move(unit: Unit, mover: Mover | Any, path: Iterable[str], *, bombarded: Iterable[str] = (),
              carrying_ground: bool = False, ground: bool = True) -> MovePlan:
    """Check a move of ``unit`` along ``path`` (the spaces entered, in order; the unit's own space
    may lead). Returns the :class:`MovePlan`.

    Raises OrderError saying which step is illegal and why (diagonal, not next to it, no movement
    points left, movement already ended, class or flag, bombardment, fire-then-move) and where the
    unit could go instead.
    """
    mover = as_mover(mover)
    steps = list(path)
    bombarded = frozenset(bombarded)
    here = unit.get("space")
    uid = unit.get("id", "the unit")
    why = _state_problem(unit, mover) or sequence_problem(unit, "move")
    if why:
        raise OrderError(f"{uid} cannot move: {why}")
    if here is None:
        raise OrderError(f"{uid} is not on the grid; it cannot move")
    if steps and steps[0] == here:
        steps = steps[1:]
    if not steps:
        raise OrderError(f"{uid} is in {grid.label(here)} already; name the spaces to move through")
    keep = set(grid.spaces(ground))
    mp = int(unit.get("mp", 0))
    moved = bool(unit.get("moved"))
    walked = [here]
    ended = ""
    for b in steps:
        grid.space(b)
        if b not in keep:
            n = grid.ground_count(ground)
            raise OrderError(f"{uid} cannot move to {grid.label(b)}: this planet has "
                             + (f"only the ground grid{'s' if n > 1 else ''} G-1{f'..G-{n}' if n > 1 else ''}" if n else "no ground grids"))
        if ended:
            raise OrderError(f"{uid} cannot go on to {grid.label(b)}: {ended.split(': ', 1)[1]} "
                             f"({ended.split(': ', 1)[0]})")
        why = step_problem(mover, walked[-1], b, mp, moved, bombarded=bombarded, carrying_ground=carrying_ground)
        if why:
            options = legal_moves(unit, mover, bombarded=bombarded, carrying_ground=carrying_ground, ground=ground)
            where = ", ".join(grid.label(s) for s in options) or "nowhere"
            via = (f"; it can reach {grid.label(b)} by way of "
                   f"{' → '.join(grid.label(s) for s in options[b].path)}" if b in options and walked[-1] == here else "")
            raise OrderError(f"{uid} cannot move from {grid.label(walked[-1])} to {grid.label(b)}: {why}{via}; "
                             f"this round it could reach {where}")
        ended = _ends(walked[-1], b)
        mp = 0 if ended else mp - 1
        moved = True
        walked.append(b)
    return MovePlan(tuple(walked), len(walked) - 1, mp, ended)


def move_cost(path: Iterable[str]) -> int:
    """Movement points a path costs: one per orthogonal step (TOTE-GAP-04). Raises OrderError for
    a step that is not orthogonal."""
    p = list(path)
    for a, b in zip(p, p[1:]):
        if not grid.adjacent(a, b):
            raise OrderError(f"{grid.label(a)} to {grid.label(b)} is not one orthogonal step")
    return max(len(p) - 1, 0)


def legal_moves(unit: Unit, mover: Mover | Any, *, bombarded: Iterable[str] = (), carrying_ground: bool = False,
                ground: bool = True) -> dict[str, MovePlan]:
    """Every space ``unit`` can still reach this round, each with its cheapest :class:`MovePlan`
    (the unit's own space is left out). Empty when it may not move at all. Raises OrderError for a
    unit that is not on the grid."""
    mover = as_mover(mover)
    if _state_problem(unit, mover) or sequence_problem(unit, "move"):
        return {}
    bombarded = frozenset(bombarded)
    here = unit.get("space")
    if here is None:
        raise OrderError(f"{unit.get('id', 'the unit')} is not on the grid; it cannot move")
    keep = set(grid.spaces(ground))
    best: dict[str, MovePlan] = {}
    todo = deque([(MovePlan((here,), 0, int(unit.get("mp", 0))), bool(unit.get("moved")))])
    while todo:
        plan, moved = todo.popleft()
        if plan.ended_by:
            continue
        for b in grid.neighbours(plan.to, ground):
            if b == here or b not in keep or b in best:
                continue
            if step_problem(mover, plan.to, b, plan.mp_left, moved, bombarded=bombarded,
                            carrying_ground=carrying_ground):
                continue
            ended = _ends(plan.to, b)
            nxt = MovePlan(plan.path + (b,), plan.cost + 1, 0 if ended else plan.mp_left - 1, ended)
            best[b] = nxt
            todo.append((nxt, True))
    return {s: best[s] for s in grid.spaces(ground) if s in best}


def apply_move(unit: Unit, plan: MovePlan) -> Unit:
    """A copy of ``unit`` after ``plan``: in its last space, with the movement points left,
    ``moved`` set and "move" added to ``acted``."""
    out = dict(unit)
    out.update(space=plan.to, mp=plan.mp_left, moved=True, acted=list(unit.get("acted", [])) + ["move"])
    return out


def arrive(unit: Unit, space_id: str, status: str) -> Unit:
    """A copy of ``unit`` leaving hyperspace in ``space_id`` of a system of ``status`` (``friendly``,
    ``scanned`` or ``hostile``): there, with no movement points (TOTE-HYPER-02). It may still fire
    (TOTE-GAP-07). Raises OrderError, listing the legal exits, if TOTE-HYPER-01/03 forbid the space."""
    grid.check_hyper_exit(space_id, status)
    out = dict(unit)
    out.update(space=space_id, mp=0)
    return out


def jump_problem(unit: Unit, mover: Mover | Any, *, in_combat: bool = True, interdicted: bool = False) -> str:
    """Why ``unit`` may not enter hyperspace now, or "" if it may.

    A DISABLED ship never jumps, not even as a final action (TOTE-DISABLE-05); a unit without a
    hyperdrive jumps only aboard a carrier or under complete tractor control (TOTE-GAP-06); a
    withdrawal from combat is blocked by an enemy Interdictor (TOTE-TIME-07, ``interdicted``); a
    jump is a move for fire-then-move (TOTE-GAP-07), so a unit that moved, then fired, may not.
    """
    mover = as_mover(mover)
    uid = unit.get("id", "the unit")
    if unit.get("disabled") or unit.get("derelict") or unit.get("inert"):
        return f"{uid} is disabled: a disabled ship may never enter hyperspace"
    if unit.get("destroyed") or unit.get("withdrawn"):
        return f"{uid} is no longer in the battle"
    if unit.get("carried_by"):
        return f"{uid} is aboard {unit['carried_by']} and jumps with it"
    if unit.get("tractored_by"):
        return f"{uid} is held by the tractor beams of {unit['tractored_by']}"
    if not mover.hyperdrive:
        return f"{uid} has no hyperdrive: it jumps only aboard a carrier or under complete tractor control"
    if in_combat and interdicted:
        return f"an enemy Interdictor Cruiser prevents {uid} from withdrawing"
    return sequence_problem(unit, "jump")


def check_jump(unit: Unit, mover: Mover | Any, *, in_combat: bool = True, interdicted: bool = False) -> None:
    """Raise OrderError with the reason of :func:`jump_problem` if ``unit`` may not enter hyperspace."""
    why = jump_problem(unit, mover, in_combat=in_combat, interdicted=interdicted)
    if why:
        raise OrderError(f"{unit.get('id', 'the unit')} cannot enter hyperspace: {why}")


def check_drag(target_space: str, to_space: str, holder_spaces: Iterable[str]) -> None:
    """Refuse (OrderError) dragging a unit under complete tractor control from ``target_space`` to
    ``to_space`` unless it is one orthogonal step (TOTE-TRACTOR, "up to 1 grid space away") and
    ends within range 1 of at least one tractoring ship in ``holder_spaces`` (TOTE-GAP-41)."""
    if to_space != target_space and not grid.adjacent(target_space, to_space):
        raise OrderError(f"a tractored ship is dragged at most 1 space, orthogonally: "
                         f"{grid.label(to_space)} is not next to {grid.label(target_space)}")
    holders = list(holder_spaces)
    if not any(h == to_space or grid.adjacent(h, to_space) for h in holders):
        raise OrderError(f"{grid.label(to_space)} is out of range 1 of every tractoring ship "
                         f"(in {', '.join(grid.label(h) for h in holders) or 'no space'})")


# Combat space patrol and combat air patrol (TOTE-CSP-01..06, TOTE-CAP-01, TOTE-GAP-20)

def check_patrol(unit: Unit, cls: str) -> str:
    """The patrol ``unit`` (of class ``cls``) would fly over its own space: "CSP" in the space grid,
    "CAP" over the Atmosphere or an Air layer. Raises OrderError unless it is an SF squadron or
    an AUX craft (TOTE-CSP-01, CAP-01) that can still act, on the grid, over a space where a
    patrol can be flown."""
    uid = unit.get("id", "the unit")
    if _cls(cls) not in CRAFT:
        raise OrderError(f"{uid} cannot fly a patrol: only starfighter squadrons and auxiliary craft take up CSP or CAP")
    if not unit.get("space") or unit.get("carried_by"):
        raise OrderError(f"{uid} is not on the grid: launch it first")
    if unit.get("destroyed") or unit.get("withdrawn"):
        raise OrderError(f"{uid} is no longer in the battle")
    return grid.patrol_kind(unit["space"])


def occupies(attacker_cls: str, patrol_cls: str) -> bool:
    """Whether an attack by a unit of ``attacker_cls`` occupies a patrol unit of ``patrol_cls``:
    an SF patrol by an enemy SF squadron or capital ship (TOTE-CSP-02), an AUX patrol by an enemy
    AUX (TOTE-CSP-03). (A TIE Swarm needs more: TOTE-SWARM-04, the combat module's.)"""
    a, p = _cls(attacker_cls), _cls(patrol_cls)
    if p == "sf":
        return a in ("sf", "capital")
    if p == "aux":
        return a == "aux"
    return False


def blocking_patrols(attacker: Unit, attacker_cls: str, target: Unit, target_cls: str,
                     patrols: Iterable[tuple[Unit, str]], occupied: Iterable[str] = (),
                     hostile: Any = None) -> list[str]:
    """The ids of the patrol units that stop ``attacker`` from attacking ``target`` now (empty when
    nothing stops it): unoccupied SF (or AUX) patrols of the target's faction or its allies, over
    the target's space, stop enemy SF (or AUX) from attacking capital ships and platforms there
    (TOTE-CSP-04/05, CAP-01, GAP-18); a patrol does not guard a third faction it is hostile to. Capital ships are never stopped, nor are attacks on non-capital units
    (TOTE-CSP-06). ``patrols``: (unit, class) pairs; ``occupied``: patrol ids already occupied in
    this post (TOTE-GAP-20); ``hostile(a, b)``: whether two factions are hostile (default: differ).
    """
    a_cls, t_cls = _cls(attacker_cls), _cls(target_cls)
    if a_cls not in CRAFT or t_cls not in grid.CAPITAL_LIKE:
        return []
    enemy = hostile or (lambda x, y: x != y)
    busy = set(occupied)
    out = []
    for unit, cls in patrols:
        if (unit.get("patrol") and _cls(cls) == a_cls and unit.get("space") == target.get("space")
                and not enemy(unit.get("faction"), target.get("faction"))
                and enemy(unit.get("faction"), attacker.get("faction"))
                and not unit.get("destroyed") and unit.get("id") not in busy):
            out.append(str(unit.get("id")))
    return out


# Launching, recalling and abandoning ship (TOTE-LAUNCH-01, TOTE-DISABLE-06)

def launch_space(carrier: Mapping[str, Any]) -> str:
    """Where craft launched from ``carrier`` appear: the carrier's own space (TOTE-LAUNCH-01).
    Raises OrderError if the carrier is not on the grid."""
    where = carrier.get("space")
    if not where:
        raise OrderError(f"{carrier.get('id', 'the carrier')} is not on the grid and cannot launch craft")
    grid.space(where)
    return str(where)


def check_recall(craft: Unit, carrier: Unit) -> None:
    """Refuse (OrderError) recalling ``craft`` aboard ``carrier`` unless both are in the same space."""
    if craft.get("space") != carrier.get("space") or not craft.get("space"):
        raise OrderError(f"{craft.get('id', 'the craft')} must be in the same space as {carrier.get('id', 'its carrier')} "
                         f"({carrier.get('space')}) to be recalled; it is in {craft.get('space')}")


def escape_pod_space(ship_space: str, choice: str | None = None, ground: bool = True) -> str | None:
    """Where an abandoning crew lands (TOTE-DISABLE-06, TOTE-GAP-57): the Surface of the ground grid
    below the ship's quadrant; from the Atmosphere, the Surface the owner chooses (``choice``, a
    ground grid or layer; G-1 if none); None when the planet has no ground grids (the crew is lost).
    Raises OrderError for a choice that is no ground grid."""
    if not ground:
        return None
    sp = grid.space(ship_space)
    if sp.grid:
        return f"{sp.grid}/surface"
    if sp.kind == "atmosphere":
        if choice is None:
            return "G-1/surface"
        try:
            pick = grid.ground_grid(grid.parse_space(f"{choice} surface" if choice.upper().startswith("G") and
                                                     "/" not in choice and " " not in choice else choice))
        except OrderError:
            pick = ""
        if not pick:
            raise OrderError(f"{choice!r} is no ground grid; the crew may land in G-1, G-2, G-3 or G-4")
        return f"{pick}/surface"
    return f"G-{sp.quadrant}/surface"
