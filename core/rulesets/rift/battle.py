"""RiftWar's actions: move with declared reaction fire, direct and coordinated fire, indirect fire,
rally, melee and pass; hits grouped by one player and assigned by the other. Each handler checks
everything first and raises OrderError before it changes anything."""
from __future__ import annotations

import math
from typing import Any

from core.errors import OrderError
from core.events import Event
from core.dice_words import DiceCount

from . import combat, flow
from .geometry import (CONTACT_GAP_U, Field, at_low, close_group, field_of, first_contact, in_cover, line_of_sight,
                       path_problem, radius, visible_stretches)
from .data import rules
from .melee import apply_melee, escapes, start_melee
from .record import State, Unit, dice_of, keep, log, name, on_field, result_word
from .transport import embark_all


def fld(state: State) -> Field:
    """The prepared geometry of the game's map."""
    return field_of(state["map"])


def living(state: State) -> list[Unit]:
    """Placed living units not carried."""
    return [u for u in on_field(state) if not u["dead"]]


def los(state: State, a: Unit, b: Unit) -> bool:
    """Line of sight between two units on this game's field."""
    return line_of_sight(fld(state), a, b, on_field(state))


def cover(state: State, target: Unit, attacker: Unit | None) -> bool:
    """Whether ``target`` is in cover against ``attacker``."""
    return in_cover(fld(state), target, attacker, on_field(state))


def may_act(state: State, u: Unit) -> bool:
    """RIFT-GAP-06 (revised), RIFT-PHASE-03: a unit may act again in a phase; only with the GM's option
    ``one_action_per_unit_per_phase`` does it take part in at most one action a phase."""
    return not (state["options"].get("one_action_per_unit_per_phase", False) and u["acted"])


def can_fly(state: State, u: Unit) -> bool:
    """The Flying trait, or the Pikmin rule: a Pikmin within 3 u of Olimar (RIFT-GAP-30)."""
    if "flying" in u["traits"]:
        return True
    army = state.get("army_lists", {}).get(u["owner"])
    if army is not None and army.get("special") == "pikmin" and u["type"] == "Pikmin":
        return any(o["type"] == "Olimar" and not o["dead"] and math.hypot(o["x"] - u["x"], o["y"] - u["y"]) <= 3.0
                   for o in state["units"].values() if o["owner"] == u["owner"])
    return False


# -- moving ---------------------------------------------------------------------------------------------
def declare_move(state: State, seat: str, ids: list[str], to: tuple[float, float], fly: bool,
                 embark: str | None = None) -> list[Event]:
    """RIFT-MOVE-01..06: check a move, list every reaction opportunity; resolve at once if there is none."""
    movers = [state["units"][i] for i in ids]
    for u in movers:
        if u["pinned"]:
            raise OrderError(f"{u['id']} is pinned and may not move until rallied (RIFT-GAP-13)")
        if not may_act(state, u):
            raise OrderError(f"{u['id']} has already acted this phase (RIFT-GAP-06)")
        if fly and not can_fly(state, u):
            raise OrderError(f"{u['id']} cannot fly (it has no Flying trait)")
    if len(movers) > 1 and not close_group(movers, float(state["options"].get("group_spacing_u", 2.0))):
        raise OrderError(f"{', '.join(ids)} are not a close group: each within 2 u of another, at most 10 (RIFT-GAP-05)")
    lead = movers[0]
    delta = (to[0] - lead["x"], to[1] - lead["y"])
    reach = min(float(rules().sizes[u["size"]]["move_u"]) for u in movers)
    dist = math.hypot(*delta)
    if dist > reach + 1e-9:
        raise OrderError(f"the move is {dist:.1f} u; {'the group' if len(movers) > 1 else lead['id']} moves at most {reach:g} u (RIFT-GAP-03)")
    if dist == 0:
        raise OrderError("the end point is where the unit already stands")
    t_end, contact = 1.0, None
    others = [o for o in living(state) if o["id"] not in ids]
    for u in movers:
        start, end = (u["x"], u["y"]), (u["x"] + delta[0], u["y"] + delta[1])
        for e in others:
            if e["owner"] == seat or (u.get("melee") and u["melee"] == e.get("melee")):
                continue
            t = first_contact(start, end, (e["x"], e["y"]), radius(u) + radius(e) + CONTACT_GAP_U / 2)
            if t is not None and t < t_end:
                t_end, contact = t, e["id"]
    for u in movers:
        end = (u["x"] + delta[0] * t_end, u["y"] + delta[1] * t_end)
        marked = [dict(o, _contact=True) if o["id"] == contact else o for o in on_field(state) if o["id"] not in ids]
        problem = path_problem(fld(state), u, end, fly, marked)
        if problem:
            raise OrderError(f"{u['id']} cannot move there: {problem}")
    pending: dict[str, Any] = {"kind": "move", "seat": seat, "units": ids, "delta": list(delta), "t_end": t_end, "fly": fly,
               "contact": contact, "embark": embark, "opps": [], "declared": {}, "queue": [], "qi": 0,
               "stopped": {}, "step": "declare", "hits": None}
    pending["opps"] = opportunities(state, seat, movers, delta, t_end, fly)
    state["pending"] = pending
    for u in movers:
        u["acted"] = True
    text = (f"{seat} moves {', '.join(ids)} to ({to[0]:g},{to[1]:g})" + (" flying" if fly else "")
            + (f", into contact with {contact}" if contact else ""))
    if not pending["opps"]:
        return [log(state, text + ": no enemy sees the path.", "move"), *resolve_move(state)]
    lines = "; ".join(f"{o['unit']} ({o['seat']}) sees {describe(o['stretches'])}" for o in pending["opps"])
    return [log(state, f"{text}. Reaction fire possible: {lines}.", "move")]


def describe(stretches: list[list[float]]) -> str:
    """Stretches of a path as percentages: '20-75%'."""
    return ", ".join(f"{round(a * 100)}-{round(b * 100)}%" for a, b in stretches)


def opportunities(state: State, seat: str, movers: list[Unit], delta: tuple[float, float], t_end: float,
                  fly: bool) -> list[dict[str, Any]]:
    """RIFT-REACT-01/02, RIFT-MAP-03: each inactive Ranged unit and the stretches of the path it sees."""
    found = []
    units = on_field(state)
    moving = [dict(m, flying=fly) for m in movers]
    for r in living(state):
        if r["owner"] == seat or r["role"] != "ranged" or r["indirect"] or r.get("melee"):
            continue
        if all(low_to_low(state, m, delta, t_end, r) for m in moving):
            continue
        stretches = visible_stretches(fld(state), r, moving, delta, t_end, [u for u in units if u["id"] not in {m["id"] for m in movers}])
        if stretches:
            found.append({"seat": r["owner"], "unit": r["id"], "stretches": [list(s) for s in stretches]})
    return found


def low_to_low(state: State, m: Unit, delta: tuple[float, float], t_end: float, enemy: Unit) -> bool:
    """RIFT-MAP-03 with RIFT-GAP-31: from low cover to low cover, ending closer to ``enemy``."""
    end = dict(m, x=m["x"] + delta[0] * t_end, y=m["y"] + delta[1] * t_end)
    if not (at_low(fld(state), m) and at_low(fld(state), end)):
        return False
    before = math.hypot(m["x"] - enemy["x"], m["y"] - enemy["y"])
    after = math.hypot(end["x"] - enemy["x"], end["y"] - enemy["y"])
    return after < before


def reactors_waiting(state: State) -> list[str]:
    """Inactive seats with an opportunity that have not declared yet, in seating order."""
    p = state["pending"]
    seats = {o["seat"] for o in p["opps"]}
    return [s for s in flow.seat_order(state) if s in seats and s not in p["declared"]]


def declare_reaction(state: State, seat: str, ids: list[str] | None, percent: int | None) -> list[Event]:
    """RIFT-REACT-03/04/08: one reaction per Move, by units that saw the path, at a point they see."""
    p = state["pending"]
    refire = p["step"] == "refire"
    if ids is None:
        p["declared"][seat] = None
        if refire:
            p["step"] = "run"
            return [log(state, f"{seat} holds fire.", "react"), *resolve_move(state)]
        events = [log(state, f"{seat} holds fire.", "react")]
        return events + after_declarations(state)
    t = (percent or 0) / 100
    opps = {o["unit"]: o for o in p["opps"] if o["seat"] == seat}
    for uid in ids:
        if uid not in opps:
            raise OrderError(f"{uid} has no reaction opportunity on this move (RIFT-MOVE-06: no surprise reaction fire); "
                             f"yours: {', '.join(opps) or 'none'}")
        if not any(a - 1e-9 <= t <= b + 1e-9 for a, b in opps[uid]["stretches"]):
            raise OrderError(f"{uid} does not see the path at {percent}%; it sees {describe(opps[uid]['stretches'])} (RIFT-REACT-03)")
    coordination_problem([state["units"][u] for u in ids])
    if len(ids) > 1 and not (close_group([state["units"][u] for u in ids], float(state["options"].get("group_spacing_u", 2.0)))
                             or shared_leader(state, [state["units"][u] for u in ids])):
        raise OrderError(f"{', '.join(ids)} may react together only as a close group, or all seeing the mover with a "
                         "Leader they all see, as for coordinated fire (RIFT-REACT-08, RIFT-COORD-01)")
    if refire:
        last = p["queue"][p["qi"] - 1]["t"] if p["qi"] else 0.0
        if t <= last + 1e-9:
            raise OrderError(f"a Relentless re-fire must be further along the line than {round(last * 100)}% (RIFT-GAP-19)")
        p["queue"].insert(p["qi"], {"seat": seat, "units": ids, "t": t, "refire": True})
        p["step"] = "run"
        return [log(state, f"{seat} fires again with {', '.join(ids)} at {percent}%.", "react"), *resolve_move(state)]
    p["declared"][seat] = {"units": ids, "t": t}
    return [log(state, f"{seat} declares reaction fire by {', '.join(ids)} at {percent}% of the path.", "react"),
            *after_declarations(state)]


def after_declarations(state: State) -> list[Event]:
    p = state["pending"]
    if reactors_waiting(state):
        return []
    p["step"] = "confirm"
    return []


def confirm(state: State, seat: str, go: bool) -> list[Event]:
    """RIFT-MOVE-02: the active player acknowledges the reactions and moves, or cancels the move."""
    p = state["pending"]
    if not go:
        for uid in p["units"]:
            state["units"][uid]["acted"] = False
        state["pending"] = None
        return [log(state, f"{seat} cancels the move of {', '.join(p['units'])}.", "move")]
    seats = flow.seat_order(state)
    p["queue"] = sorted(({"seat": s, "units": d["units"], "t": d["t"]} for s, d in p["declared"].items() if d),
                        key=lambda r: (r["t"], seats.index(r["seat"])))
    p["step"] = "run"
    return [log(state, f"{seat} confirms the move.", "move"), *resolve_move(state)]


def mover_at(state: State, uid: str, t: float) -> Unit:
    p = state["pending"]
    u = state["units"][uid]
    return dict(u, x=u["x"] + p["delta"][0] * t, y=u["y"] + p["delta"][1] * t, flying=p["fly"])


def still_moving(state: State, t: float) -> list[str]:
    p = state["pending"]
    return [uid for uid in p["units"] if not state["units"][uid]["dead"] and (uid not in p["stopped"] or p["stopped"][uid] > t)]


def resolve_move(state: State) -> list[Event]:
    """Carry out the declared reactions in order along the line (RIFT-GAP-18), then finish the move."""
    p = state["pending"]
    events: list[Event] = []
    if not p.get("escapes_done"):
        p["escapes_done"] = True
        events += escapes(state)
        if state["pending"] is not p:
            return events
    while p["qi"] < len(p["queue"]):
        r = p["queue"][p["qi"]]
        p["qi"] += 1
        targets = still_moving(state, r["t"])
        shooters = [state["units"][u] for u in r["units"] if not state["units"][u]["dead"]]
        if not targets or not shooters:
            continue
        lead = mover_at(state, targets[0], r["t"])
        dice = dice_of(state)
        hits = 0
        for who, count in reaction_counts(state, shooters, lead):
            hits += combat.count_hits(dice.roll(count.dice, 6, f"reaction fire by {who} at {round(r['t'] * 100)}%",
                                                why=count))
        events += keep(state, dice)
        events.append(log(state, f"{r['seat']}'s reaction scores {hits} hit{'s' if hits != 1 else ''}.", "react"))
        p["current"] = {"seat": r["seat"], "t": r["t"], "units": r["units"]}
        if len(targets) == 1:
            events += apply_groups(state, [hits], targets, r["seat"])
        elif hits:
            p["hits"] = {"total": hits, "pool": targets, "grouper": r["seat"], "assigner": p["seat"], "groups": None,
                         "reaction": True}
            p["step"] = "group"
            return events + [log(state, f"{r['seat']} groups {hits} hits against {', '.join(targets)}; "
                                             f"then {p['seat']} assigns them (RIFT-REACT-10).", "react")]
        if state["pending"] is None or state["pending"].get("step") != "run":
            return events
    return events + finish_move(state)


def apply_groups(state: State, groups: list[int], targets: list[str], attacker: str) -> list[Event]:
    """Apply grouped reaction hits to moving units and decide stops, refires and failure."""
    p = state["pending"]
    t = p["current"]["t"]
    events: list[Event] = []
    worst = "none"
    pinned_only = False
    for hits, uid in zip(groups, targets):
        u = state["units"][uid]
        if u["dead"]:
            continue
        result = combat.effect(mover_at(state, uid, t), hits, reaction=True)
        combat.apply(u, result)
        if result != "none":
            events.append(log(state, f"{name(u)} is {result_word(result)} at {round(t * 100)}% of the move.", "hit"))
            relentless = "relentless" in u["traits"]
            if relentless and result == "pin":
                p["stopped"][uid] = t
                pinned_only = True
            elif relentless:
                p["stopped"][uid] = t
            else:
                for m in p["units"]:
                    p["stopped"].setdefault(m, t)
            if result in ("wound", "kill"):
                worst = "fail"
    p["step"] = "run"
    p["hits"] = None
    if worst == "fail":
        events += place_movers(state)
        events += flow.end_phase(state, attacker, f"a moving unit of {p['seat']} was wounded or killed by {attacker}'s reaction (RIFT-FAIL-02)")
        return events
    if pinned_only and still_moving(state, t) and p["current"]:
        p["step"] = "refire"
        p["refirer"] = attacker
        events.append(log(state, f"A Relentless unit was pinned: {attacker} may fire again further along the line (RIFT-TRAIT-04).", "react"))
    return events


def place_movers(state: State) -> list[Event]:
    """Put every mover where it stopped, or at the end of the move."""
    p = state["pending"]
    for uid in p["units"]:
        u = state["units"][uid]
        t = p["stopped"].get(uid, p["t_end"])
        u["x"], u["y"] = u["x"] + p["delta"][0] * t, u["y"] + p["delta"][1] * t
        u["flying"] = bool(p["fly"])
        if not u["dead"] and u.get("melee") and t > 0:
            leave_melee(state, u)
        for c in state["units"].values():
            if c.get("carried_by") == uid:
                c["x"], c["y"] = u["x"], u["y"]
    return []


def leave_melee(state: State, u: Unit) -> None:
    """A unit leaves its melee; a melee with one side left ends."""
    mid = u["melee"]
    u["melee"] = None
    members = [o for o in state["units"].values() if o.get("melee") == mid and not o["dead"]]
    if len({o["owner"] for o in members}) < 2:
        for o in members:
            o["melee"] = None


def finish_move(state: State) -> list[Event]:
    """The move ends: movers placed; contact starts close combat (RIFT-CC-01/07); the phase goes on."""
    p = state["pending"]
    events = place_movers(state)
    state["pending"] = None
    if p.get("embark"):
        events += embark_all(state, p)
    contact = p.get("contact")
    if contact and not state["units"][contact]["dead"]:
        engaged = [uid for uid in p["units"] if not state["units"][uid]["dead"] and p["stopped"].get(uid, p["t_end"]) >= p["t_end"]]
        if engaged:
            events += start_melee(state, p["seat"], engaged, contact)
    flow.check_victory(state, events)
    return events


def reaction_dice(state: State, shooters: list[Unit], target: Unit) -> list[tuple[str, int, str]]:
    """The rolls of one reaction as (who, dice, why in words): see :func:`reaction_counts`."""
    return [(who, count.dice, count.words(6)) for who, count in reaction_counts(state, shooters, target)]


def reaction_counts(state: State, shooters: list[Unit], target: Unit) -> list[tuple[str, DiceCount]]:
    """The rolls of one reaction as (who, how its dice are counted): a unit alone rolls its ranged
    dice. A coordinated reaction rolls Xd6, X = the number of reacting units (RIFT-REACT-09, revised
    RIFT-GAP-10), with the cover and Heavy penalties taken once from the pool, as the reacting unit that
    suffers the fewest of them would take them, never below 1 die. The option
    ``coordinated_reaction_dice: per_unit_pool`` rolls each unit's own dice instead, and the hits add."""
    stack = bool(state["options"].get("stack_die_penalties", True))
    if len(shooters) == 1 or state["options"].get("coordinated_reaction_dice", "one_die_per_unit") == "per_unit_pool":
        return [(name(s), combat.ranged_count(s, target, cover(state, target, s), stack)) for s in shooters]
    x = len(shooters)
    counts = [combat.ranged_count(s, target, cover(state, target, s), stack) for s in shooters]
    fewest = min(counts, key=lambda c: c.base - c.dice)
    count = DiceCount(x, f"{x} reacting units, 1 die each (RIFT-REACT-09, RIFT-GAP-10)")
    for reason, delta in fewest.steps:
        count = count.step(reason, delta)
    count = count.at_least(1, "never below 1 die (RIFT-GAP-10)")
    return [(", ".join(s["id"] for s in shooters), count)]


def shared_leader(state: State, firers: list[Unit]) -> bool:
    """RIFT-GAP-22: one friendly Leader every firer sees (or is)."""
    owner = firers[0]["owner"]
    for leader in living(state):
        if leader["owner"] != owner or "leader" not in leader["traits"]:
            continue
        if all(f["id"] == leader["id"] or los(state, f, leader) for f in firers):
            return True
    return False


def coordination_problem(units: list[Unit]) -> None:
    """RIFT-COORD-04/05: Light with Light only; Medium and Heavy together. Raises OrderError."""
    sizes = {u["size"] == "light" for u in units}
    if len(sizes) > 1:
        raise OrderError(f"{', '.join(u['id'] for u in units)}: Light units coordinate only with Light units, Medium and Heavy only with each other (RIFT-COORD-04/05)")
    if len(units) > 1 and len({"aoe" in u["traits"] for u in units}) > 1:
        raise OrderError("AoE attacks cannot be coordinated with non-AoE units (RIFT-GAP-02)")


def group_hits(state: State, seat: str, groups: list[int]) -> list[Event]:
    """The grouping player splits the hits (RIFT-REACT-10, RIFT-CC-08). Raises OrderError."""
    h = state["pending"]["hits"]
    problem = combat.split_ok(groups, h["total"])
    if problem:
        raise OrderError(f"group {','.join(map(str, groups))}: {problem}")
    h["groups"] = groups
    state["pending"]["step"] = "assign"
    return [log(state, f"{seat} groups the hits as {', '.join(map(str, groups))}.", "hits")]


def assign_hits(state: State, seat: str, targets: list[str]) -> list[Event]:
    """The other player gives each group to one of their units (RIFT-GAP-12). Raises OrderError."""
    p: dict[str, Any] = state["pending"]
    h = p["hits"]
    problem = combat.assignment_ok(h["groups"], targets, h["pool"])
    if problem:
        raise OrderError(f"assign {','.join(targets)}: {problem}")
    events = [log(state, f"{seat} assigns the groups {', '.join(f'{g} to {t}' for g, t in zip(h['groups'], targets))}.", "hits")]
    if p["kind"] == "move":
        events += apply_groups(state, h["groups"], targets, h["grouper"])
        if state.get("pending") is p and p["step"] == "run":
            events += resolve_move(state)
        return events
    return events + apply_melee(state, h, h["groups"], targets)
