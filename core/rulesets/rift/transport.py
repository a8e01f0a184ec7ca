"""Transports (RIFT-TRANS, RIFT-GAP-20): loads, embarking by a move into contact, disembarking as a
move of one's own, and the dismount when a transport is destroyed."""
from __future__ import annotations

import math
from typing import Any

from core.dice_words import fixed
from core.errors import OrderError
from core.events import Event

from . import combat
from .geometry import CONTACT_GAP_U, field_of, footprint, path_problem, radius
from .record import State, Unit, dice_of, keep, log, name, on_field, result_word

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
    """RIFT-TRANS-04: a destroyed transport with riders opens a dismount decision for its owner, who
    places each rider within 1 u of the wreck (RIFT-GAP-20) with ``dismount <unit> x,y``; places are
    offered. Until then the riders stay aboard and cannot be targeted. Returns the events."""
    events: list[Event] = []
    open_ = state.setdefault("dismount", [])
    for t in list(state["units"].values()):
        if not t["dead"] or any(d["transport"] == t["id"] for d in open_):
            continue
        riders = passengers(state, t["id"])
        if not riders:
            continue
        decision = {"seat": t["owner"], "transport": t["id"], "riders": [u["id"] for u in riders], "placed": [],
                    "offered": {u["id"]: [list(p) for p in offered_spots(state, t, u)] for u in riders}}
        open_.append(decision)
        first = riders[0]["id"]
        spot = decision["offered"][first][0]
        events.append(log(state, f"{t['id']} is destroyed with {', '.join(decision['riders'])} aboard: {t['owner']} "
                                      f"chooses where they dismount, within {DISMOUNT_U:g} u of it (`dismount {first} "
                                      f"{spot[0]:g},{spot[1]:g}`); then each takes {DISMOUNT_DICE}d6 (RIFT-TRANS-04/05).",
                               "transport"))
    if not open_:
        state.pop("dismount", None)
    return events


def dismount_problem(state: State, transport: Unit, unit: Unit, where: tuple[float, float]) -> str | None:
    """Why ``unit`` may not dismount from the wreck of ``transport`` at ``where``: farther than 1 u from
    it, off the map, in a structure, or overlapping another unit (RIFT-GAP-20); or None."""
    gap = math.hypot(where[0] - transport["x"], where[1] - transport["y"]) - radius(transport) - radius(unit)
    if gap > DISMOUNT_U + 1e-6:
        return (f"({where[0]:g},{where[1]:g}) is {gap:.1f} u from {transport['id']}; riders dismount within "
                f"{DISMOUNT_U:g} u of it (RIFT-GAP-20)")
    probe = dict(unit, x=where[0], y=where[1], carried_by=None)
    problem = path_problem(field_of(state["map"]), probe, where, False, on_field(state))
    if problem:
        return problem
    for o in on_field(state):
        if o["id"] != unit["id"] and not footprint(o).disjoint(footprint(probe)):
            return f"({where[0]:g},{where[1]:g}) overlaps {o['id']}"
    return None


def offered_spots(state: State, transport: Unit, unit: Unit) -> list[tuple[float, float]]:
    """Legal places round the wreck, tried on a ring (at least one: the transport's own place if the
    ring is full)."""
    ring = radius(transport) + radius(unit) + DISMOUNT_U / 2
    out = []
    for step in range(24):
        angle = 2 * math.pi * step / 24
        spot = (round(transport["x"] + ring * math.cos(angle), 2), round(transport["y"] + ring * math.sin(angle), 2))
        if dismount_problem(state, transport, unit, spot) is None:
            out.append(spot)
    return out or [(transport["x"], transport["y"])]


def dismount(state: State, seat: str, uid: str, where: tuple[float, float]) -> list[Event]:
    """The owner places one rider of a destroyed transport (RIFT-TRANS-04); once all are placed, each
    takes 3d6, hits on 5-6, one hit doing nothing (RIFT-TRANS-05), and the game goes on. Raises
    OrderError (nothing changes) for a unit not waiting to dismount or a place that is not legal."""
    decision = state["dismount"][0]
    waiting = [r for r in decision["riders"] if r not in decision["placed"]]
    if uid not in waiting:
        raise OrderError(f"dismount {uid}: riders waiting to dismount from {decision['transport']}: {', '.join(waiting)}")
    t, u = state["units"][decision["transport"]], state["units"][uid]
    offered = [tuple(p) for p in decision["offered"].get(uid, [])]
    problem = None if tuple(where) in offered else dismount_problem(state, t, u, where)
    if problem:
        spots = "; ".join(f"{x:g},{y:g}" for x, y in offered[:6])
        raise OrderError(f"dismount {uid} {where[0]:g},{where[1]:g}: {problem}; places offered: {spots}")
    u["carried_by"], u["x"], u["y"] = None, float(where[0]), float(where[1])
    decision["placed"].append(uid)
    events = [log(state, f"{seat} dismounts {name(u)} from {t['id']} at ({where[0]:g},{where[1]:g}).", "transport")]
    for rest in [r for r in decision["riders"] if r not in decision["placed"]]:
        decision["offered"][rest] = [list(p) for p in offered_spots(state, t, state["units"][rest])]
    if len(decision["placed"]) < len(decision["riders"]):
        return events
    for rid in decision["riders"]:
        rider = state["units"][rid]
        dice = dice_of(state)
        hits = combat.count_hits(dice.roll(DISMOUNT_DICE, 6, f"{name(rider)} bails out of the wreck of {t['id']}",
                                           why=fixed(DISMOUNT_DICE, "bailing out of a wreck (RIFT-TRANS-05)")))
        events += keep(state, dice)
        result = combat.effect(rider, hits, reaction=False)
        combat.apply(rider, result)
        events.append(log(state, f"{name(rider)} dismounts from {t['id']}: {hits} hits"
                                      + (f", {result_word(result)}" if result != "none" else ""), "transport"))
    state["dismount"].pop(0)
    if not state["dismount"]:
        state.pop("dismount")
    return events
