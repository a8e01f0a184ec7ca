"""Why, in words, for RiftWar's screens: why a unit is in cover (which structure or terrain, or
close combat), and the dice of a fire order before it is given (sight, the pool and each die taken
away, with its reason). Presentation only: every answer comes from the engine's own geometry and
dice rules (``battle.cover``, ``battle.los``, ``combat.ranged_dice``), never a second reading.
"""
from __future__ import annotations

from typing import Any

from shapely.geometry import Point

from . import battle, combat
from .data import rules
from .geometry import LOW_COVER_U, corner_of, heavy_like, radius, terrain_inside

State = dict[str, Any]
Unit = dict[str, Any]


def cover_of(state: State, unit: Unit, attacker: Unit | None = None) -> dict[str, str] | None:
    """What gives ``unit`` cover (against ``attacker``, or against anyone when None): ``{"type":
    "low" | "terrain" | "corner" | "melee", "name", "why"}``, or None when it stands in the open
    (or is Heavy or flying: they never take cover, RIFT-DMG-05, RIFT-GAP-29)."""
    if not battle.cover(state, unit, attacker):
        return None
    if unit.get("melee"):
        return {"type": "melee", "name": "close combat", "why": "in close combat (RIFT-CC-04)"}
    fld = battle.fld(state)
    centre, r = Point(float(unit["x"]), float(unit["y"])), radius(unit)
    for f in fld.map.of_type("low"):
        if f.poly.distance(centre) <= r + LOW_COVER_U:
            return {"type": "low", "name": f.name, "why": f"at {f.name}, a low structure (RIFT-MAP-02)"}
    inside = terrain_inside(fld, unit)
    for t in fld.terrain:
        if t.poly.distance(centre) < r:
            where = f"inside {t.name}" if inside is t else f"at the edge of {t.name}"
            return {"type": "terrain", "name": t.name, "kind": str(t.kind or ""), "why": f"{where} (RIFT-MAP-11)"}
    corner = corner_of(fld, unit)
    if corner is not None:
        return {"type": "corner", "name": "a corner", "why": f"round the corner at ({corner[0]:g},{corner[1]:g}) (RIFT-MAP-05)"}
    return {"type": "cover", "name": "cover", "why": "in cover"}


def fire_notes(state: State, shooters: list[str], target_id: str) -> list[str]:
    """The lines a fire order's odds show before it is given: for each shooter, whether it sees the
    target and its dice, each die taken away with its reason (``in cover: -1 die (at the edge of
    Wheat field)``). Raises KeyError for an unknown unit id."""
    target = state["units"][target_id]
    stack = bool(state["options"].get("stack_die_penalties", True))
    lines = []
    for sid in shooters:
        shooter = state["units"][sid]
        if not battle.los(state, shooter, target):
            lines.append(f"{sid} does not see {target_id}: it cannot fire at it (RIFT-GAP-04)")
            continue
        n = combat.ranged_dice(shooter, target, battle.cover(state, target, shooter), stack)
        parts = [f"{rules().sizes[shooter['size']]['ranged_dice']} for a {shooter['size'].capitalize()} unit"]
        if heavy_like(target) and "ap" not in shooter["traits"]:
            parts.append(f"armour: -1 die ({target_id} is {'Heavy' if target['size'] == 'heavy' else 'armored'}, "
                         f"{sid} has no AP; RIFT-DMG-04)")
        where = cover_of(state, target, shooter)
        if where is not None:
            parts.append(f"in cover: -1 die ({target_id} is {where['why']}; RIFT-DMG-05)")
        else:
            parts.append(f"{target_id} in the open: no cover")
        if not stack and len([p for p in parts if ": -1 die" in p]) > 1:
            parts.append("one penalty only (game option)")
        lines.append(f"{sid} sees {target_id} and rolls {n}d6: " + ", ".join(parts))
    return lines
