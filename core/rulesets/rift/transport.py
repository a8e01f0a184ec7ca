"""Transports (RIFT-TRANS, RIFT-GAP-20): loads, embarking by a move into contact, disembarking as a
move of one's own, and the dismount when a transport is destroyed."""
from __future__ import annotations

import math
from typing import Any

from core.errors import OrderError
from core.events import Event

from . import combat
from .record import State, Unit, dice_of, keep, log, name, result_word
from .geometry import CONTACT_GAP_U, footprint, radius, field_of

DISMOUNT_DICE = 3  # RIFT-TRANS-05
DISMOUNT_U = 1.0   # RIFT-GAP-20: placed within 1 u


def passengers(state: State, transport_id: str) -> list[Unit]:
    """The units a transport carries."""
    return [u for u in state["units"].values() if u.get("carried_by") == transport_id and not u["dead"]]


def load_problem(load: list[Unit]) -> str | None:
    """RIFT-TRANS-02: at most 6 Light, or 1 Medium and at most 2 Light; never a Heavy."""
    sizes = [u["size"] for u in load]
    if "heavy" in sizes:
        return "a Heavy unit can never be carried"
    mediums, lights = sizes.count("medium"), sizes.count("light")
    if mediums > 1:
        return f"{mediums} Medium units; a transport takes at most 1"
    if mediums == 1 and lights > 2:
        return f"1 Medium and {lights} Light units; with a Medium it takes at most 2 Light"
    if lights > 6:
        return f"{lights} Light units; a transport takes at most 6"
    return None


def embark_point(unit: Unit, transport: Unit) -> tuple[float, float]:
    """Where a unit moving straight at a transport touches it."""
    dx, dy = transport["x"] - unit["x"], transport["y"] - unit["y"]
    dist = math.hypot(dx, dy)
    stop = radius(unit) + radius(transport) + CONTACT_GAP_U / 2
    if dist <= stop:
        return (unit["x"], unit["y"])
    k = (dist - stop) / dist
    return (unit["x"] + dx * k, unit["y"] + dy * k)


def check_embark(state: State, unit: Unit, transport: Unit) -> None:
    """Raises OrderError unless ``unit`` may board ``transport`` (friendly, Transport trait, room)."""
    if transport["owner"] != unit["owner"] or "transport" not in transport["traits"] or transport["dead"]:
        raise OrderError(f"{transport['id']} is not a friendly transport (RIFT-TRANS-01)")
    problem = load_problem([*passengers(state, transport["id"]), unit])
    if problem:
        raise OrderError(f"{unit['id']} cannot board {transport['id']}: {problem} (RIFT-TRANS-02)")


def embark_all(state: State, pending: dict[str, Any]) -> list[Event]:
    """After an embark move that was not stopped, the mover rides inside."""
    tid = pending["embark"]
    events: list[Event] = []
    for uid in pending["units"]:
        u = state["units"][uid]
        if u["dead"] or uid in pending["stopped"]:
            continue
        u["carried_by"] = tid
        u["x"], u["y"] = state["units"][tid]["x"], state["units"][tid]["y"]
        events.append(log(state, f"{name(u)} boards {tid}.", "transport"))
    return events


def dismount_dead(state: State) -> list[Event]:
    """RIFT-TRANS-04/05: each unit of a destroyed transport is placed within 1 u and takes 3d6 (no pins)."""
    events: list[Event] = []
    for t in list(state["units"].values()):
        if not t["dead"]:
            continue
        riders = passengers(state, t["id"])
        for k, u in enumerate(riders):
            u["carried_by"] = None
            spot = free_spot(state, t, u, k)
            u["x"], u["y"] = spot
            dice = dice_of(state)
            hits = combat.count_hits(dice.roll(DISMOUNT_DICE, 6, f"{name(u)} bails out of the wreck of {t['id']}"))
            events += keep(state, dice)
            result = combat.effect(u, hits, reaction=False)
            combat.apply(u, result)
            events.append(log(state, f"{name(u)} dismounts from {t['id']}: {hits} hits"
                                          + (f", {result_word(result)}" if result != "none" else ""), "transport"))
    return events


def free_spot(state: State, transport: Unit, unit: Unit, k: int) -> tuple[float, float]:
    """A spot within 1 u of the transport's footprint that overlaps nobody, tried round the wreck."""
    w, h = field_of(state["map"]).map.size
    ring = radius(transport) + radius(unit) + DISMOUNT_U / 2
    for step in range(24):
        angle = 2 * math.pi * ((k * 5 + step) % 24) / 24
        x, y = transport["x"] + ring * math.cos(angle), transport["y"] + ring * math.sin(angle)
        probe = dict(unit, x=x, y=y)
        if not (radius(unit) <= x <= w - radius(unit) and radius(unit) <= y <= h - radius(unit)):
            continue
        if all(footprint(o).disjoint(footprint(probe)) for o in state["units"].values()
               if o["placed"] and o["id"] != unit["id"] and o.get("carried_by") is None and (not o["dead"] or o["wreck"])):
            return (x, y)
    return (transport["x"], transport["y"])
