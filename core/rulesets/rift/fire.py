"""Direct and coordinated fire (RIFT-DFIRE, RIFT-COORD, RIFT-GAP-02/09/22), indirect fire (RIFT-IND),
rally (RIFT-RALLY) and pass (RIFT-FAIL-04, RIFT-GAP-16)."""
from __future__ import annotations

import math

from core.dice_words import DiceCount
from core.errors import OrderError
from core.events import Event

from . import combat, flow
from .battle import coordination_problem, cover, living, los, may_act, shared_leader
from .data import rules
from .geometry import close_group
from .record import State, Unit, dice_of, keep, log, name, result_word


def check_firer(state: State, u: Unit) -> None:
    """A unit that may make a ranged attack now. Raises OrderError."""
    if u["role"] != "ranged":
        raise OrderError(f"{u['id']} is not a Ranged unit; only Ranged units fire (RIFT-DFIRE-02)")
    if not may_act(state, u):
        raise OrderError(f"{u['id']} has already acted this phase (RIFT-GAP-06)")
    if u["indirect"]:
        raise OrderError(f"{u['id']} fired indirectly this phase and may not otherwise attack (RIFT-IND-03)")
    if u["pinned"] and not state["options"].get("pinned_can_fire", True):
        raise OrderError(f"{u['id']} is pinned (the game's option pinned_can_fire is off)")


def direct_fire(state: State, seat: str, ids: list[str], target_id: str) -> list[Event]:
    """RIFT-DFIRE-01, RIFT-COORD-01..06: fire one after another at one target until it dies; the
    action fails (the target's owner becomes active) unless the target was wounded or killed."""
    firers = [state["units"][i] for i in ids]
    target = state["units"][target_id]
    for f in firers:
        check_firer(state, f)
        if not los(state, f, target):
            raise OrderError(f"{f['id']} has no line of sight to {target_id} (RIFT-DFIRE-01)")
    if len(firers) > 1:
        coordination_problem(firers)
        spacing = float(state["options"].get("group_spacing_u", 2.0))
        if not close_group(firers, spacing) and not shared_leader(state, firers):
            raise OrderError(f"{', '.join(ids)} may coordinate only as a close group or with a Leader they all see (RIFT-COORD-01)")
    for f in firers:
        f["acted"] = True
    events = [log(state, f"{seat} fires at {name(target)} with {', '.join(ids)}.", "fire")]
    success = False
    carried = 0
    accumulate = bool(state["options"].get("accumulate_hits_in_coordinated_fire", False))
    stack = bool(state["options"].get("stack_die_penalties", True))
    for f in firers:
        if target["dead"]:
            break  # RIFT-COORD-03
        count = combat.ranged_count(f, target, cover(state, target, f), stack)
        dice = dice_of(state)
        hits = combat.count_hits(dice.roll(count.dice, 6, f"{name(f)} fires at {target_id}", why=count))
        events += keep(state, dice)
        if accumulate:
            hits, carried = hits + carried, hits + carried
        result = combat.effect(target, hits, reaction=False)
        combat.apply(target, result)
        events.append(log(state, f"{f['id']}: {hits} hit{'s' if hits != 1 else ''}"
                                      + (f", {name(target)} is {result_word(result)}" if result != "none" else ", no effect"), "fire"))
        success = success or result in ("wound", "kill")
        if "aoe" in f["traits"]:
            events += area_effect(state, f, target, stack)
    if flow.check_victory(state, events):
        return events
    if not success:
        events += flow.end_phase(state, target["owner"], f"{seat}'s fire at {target_id} neither wounded nor killed (RIFT-FAIL-01)")
    return events


def area_effect(state: State, firer: Unit, primary: Unit, stack: bool) -> list[Event]:
    """RIFT-GAP-02: every other enemy within the AoE radius of the target takes its own roll."""
    radius = float(state["options"].get("aoe_radius_u", rules().traits["aoe"].get("radius_u", 2.0)))
    friendly = bool(state["options"].get("aoe_friendly_fire", False))
    events: list[Event] = []
    for u in living(state):
        if u["id"] == primary["id"] or u["id"] == firer["id"]:
            continue
        if u["owner"] == firer["owner"] and not friendly:
            continue
        if math.hypot(u["x"] - primary["x"], u["y"] - primary["y"]) > radius + 1e-9:
            continue
        count = combat.ranged_count(firer, u, cover(state, u, firer), stack)
        dice = dice_of(state)
        hits = combat.count_hits(dice.roll(count.dice, 6, f"area effect of {firer['id']} on {u['id']} (RIFT-GAP-02)",
                                           why=count))
        events += keep(state, dice)
        result = combat.effect(u, hits, reaction=False)
        combat.apply(u, result)
        if result != "none":
            events.append(log(state, f"{name(u)} is {result_word(result)} by the blast.", "hit"))
    return events


def spotter_chain(state: State, firer: Unit, target: Unit) -> str | None:
    """RIFT-IND-04: the spotter (and Leader) through whom ``firer`` may fire indirectly, or None."""
    friends = [u for u in living(state) if u["owner"] == firer["owner"] and u["id"] != firer["id"]]
    spotters = [s for s in friends if los(state, s, target)]
    for s in spotters:
        if los(state, firer, s):
            return f"spotter {s['id']}"
    for leader in friends:
        if "leader" in leader["traits"] and los(state, firer, leader):
            for s in spotters:
                if s["id"] == leader["id"] or los(state, leader, s):
                    return f"Leader {leader['id']} and spotter {s['id']}"
    return None


def indirect_fire(state: State, seat: str, uid: str, target_id: str) -> list[Event]:
    """RIFT-IND-01..05, RIFT-CC-05, RIFT-GAP-14: once a phase through a spotter; a miss is not a failure."""
    u = state["units"][uid]
    target = state["units"][target_id]
    if "indirect" not in u["traits"]:
        raise OrderError(f"{uid} has no Indirect trait (RIFT-IND-01)")
    if u["indirect"]:
        raise OrderError(f"{uid} has already fired indirectly this phase (RIFT-IND-02)")
    if not may_act(state, u):
        raise OrderError(f"{uid} has already acted this phase (RIFT-GAP-06)")
    if target.get("melee"):
        raise OrderError(f"{target_id} is in close combat; indirect fire on close combatants is not allowed (RIFT-CC-05)")
    chain = spotter_chain(state, u, target)
    if chain is None:
        raise OrderError(f"{uid} has no spotting chain to {target_id}: it must see a friend who sees the target, "
                         "or a Leader who sees such a friend (RIFT-IND-04)")
    u["indirect"] = True
    u["acted"] = True
    count = combat.ranged_count(u, target, cover(state, target, u), bool(state["options"].get("stack_die_penalties", True)))
    dice = dice_of(state)
    hits = combat.count_hits(dice.roll(count.dice, 6, f"{name(u)} fires indirectly at {target_id} via {chain} (RIFT-IND-05)",
                                       why=count))
    events = keep(state, dice)
    result = combat.effect(target, hits, reaction=False)
    combat.apply(target, result)
    events.append(log(state, f"Indirect fire by {uid} via {chain}: {hits} hit{'s' if hits != 1 else ''}"
                                  + (f", {name(target)} is {result_word(result)}" if result != "none" else ", no effect"), "fire"))
    if "aoe" in u["traits"]:
        events += area_effect(state, u, target, bool(state["options"].get("stack_die_penalties", True)))
    if flow.check_victory(state, events):
        return events
    if result in ("none", "pin") and state["options"].get("indirect_miss_fails", False):
        events += flow.end_phase(state, target["owner"], f"{seat}'s indirect fire missed (option indirect_miss_fails)")
    return events


def rally_bonus(state: State, target: Unit, rallier: Unit | None = None) -> int:
    """RIFT-RALLY-03/04, read from the pinned unit's position: +1 if it sees a friendly Leader or a
    Leader makes the rally (once, never twice); +1 if no enemy is in its LOS; at most +2."""
    return rally_count(state, target, rallier).modifier


def rally_count(state: State, target: Unit, rallier: Unit | None = None) -> DiceCount:
    """The rally's 1d6 and its bonuses (:func:`rally_bonus`), each with its rule."""
    rallier = rallier or target
    count = DiceCount(1, "the rally, 4 or more unpins (RIFT-RALLY-02)")
    if "leader" in rallier["traits"]:
        count = count.add("a Leader making the rally (RIFT-RALLY-03)", 1)
    elif any(o["owner"] == target["owner"] and "leader" in o["traits"] and o["id"] != target["id"] and los(state, target, o)
             for o in living(state)):
        count = count.add("a friendly Leader in sight (RIFT-RALLY-03)", 1)
    if not any(o["owner"] != target["owner"] and los(state, target, o) for o in living(state)):
        count = count.add("no enemy in sight (RIFT-RALLY-04)", 1)
    return count


def rally_problem(state: State, seat: str, target: Unit, rallier: Unit) -> str | None:
    """Why ``rallier`` may not rally ``target`` now (RIFT-RALLY-01): the pinned unit rallies itself,
    or a friendly Leader that sees it does; or None."""
    if target["owner"] != seat or target["dead"] or not target["placed"] or target.get("carried_by"):
        return f"{target['id']} is not one of your units on the field"
    if not target["pinned"]:
        return f"{target['id']} is not pinned; rally removes a pin (RIFT-RALLY-01)"
    if rallier["id"] == target["id"]:
        return None
    if rallier["owner"] != seat or rallier["dead"] or "leader" not in rallier["traits"]:
        return (f"{rallier['id']} cannot rally {target['id']}: a pinned unit is rallied by itself or by a friendly "
                "Leader that sees it (RIFT-RALLY-01)")
    if rallier.get("carried_by") or not los(state, rallier, target):
        return f"{rallier['id']} has no line of sight to {target['id']}; a Leader rallies the units it sees (RIFT-RALLY-01)"
    return None


def rally(state: State, seat: str, target_id: str, by: str | None) -> list[Event]:
    """RIFT-RALLY-01/02, RIFT-FAIL-03: 1d6 + bonus >= 4 unpins; a failure hands the phase to the
    least recently active player. Raises OrderError (nothing changes) for a rallier that may not rally."""
    target = state["units"][target_id]
    rallier = state["units"][by or target_id]
    problem = rally_problem(state, seat, target, rallier)
    if problem:
        raise OrderError(problem)
    if not may_act(state, rallier):
        raise OrderError(f"{rallier['id']} has already acted this phase (RIFT-GAP-06)")
    rallier["acted"] = True
    count = rally_count(state, target, rallier)
    bonus = count.modifier
    dice = dice_of(state)
    roll = dice.roll(1, 6, f"rally of {target_id} by {rallier['id']}", why=count)[0]
    events = keep(state, dice)
    if roll + bonus >= 4:
        target["pinned"] = False
        events.append(log(state, f"{name(target)} rallies ({roll}+{bonus} = {roll + bonus}).", "rally"))
        return events
    events.append(log(state, f"{name(target)} fails to rally ({roll}+{bonus} = {roll + bonus}, needs 4).", "rally"))
    return events + flow.end_phase(state, flow.least_recently_active(state, seat), f"{seat} failed to rally (RIFT-FAIL-03)")


def pass_phase(state: State, seat: str, to: str | None) -> list[Event]:
    """RIFT-FAIL-04, RIFT-GAP-16: the phase ends; the passer names another player who has units."""
    left = [s for s in flow.players_left(state) if s != seat]
    if to is None:
        if len(left) != 1:
            raise OrderError(f"name the player who acts next: {', '.join(left)} (RIFT-FAIL-04)")
        to = left[0]
    if to not in left:
        raise OrderError(f"{to} cannot take the phase: name another player who still has units ({', '.join(left)}) (RIFT-GAP-16)")
    return flow.end_phase(state, to, f"{seat} passes to {to}")
