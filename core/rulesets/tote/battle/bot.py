"""The tote bot: fights a sensible battle from its own view only.

- Launch every craft on the first chance (TOTE-LAUNCH-01).
- Focus fire: every armed unit fires at one target, the contact its force can finish soonest
  (lowest remaining strength in percent, capital ships first), if that target is in its range;
  units out of range close in towards it.
- Keep capital ships out of bad ranges: a capital ship closes only to range 1 of its target (where
  enemy fighters, which fire only in their own space, cannot follow without coming to it), never
  parks in a Deep Space Zone, and after firing steps out of a space where enemy craft are, to a
  neighbouring C/B-Ring space still in range (fire-then-move, TOTE-MOVE-03). Its fighters fly CSP
  over it when enemy craft are about (TOTE-CSP-04).
- Ground installations come last; a ship that can bombard closes to the A-Ring space above them
  and bombards (TOTE-OB-01..03).
- Victory targets come first: at Coruscant the Imperial Sector Palace and its holder's Super Star
  Destroyer, whose fall wins the game (TOTE-WIN-02), are focused before anything else (the Palace
  is bombarded from the A-Ring, and landing craft put their troops down by it).
- Ground objectives: a landing craft (``can_land``) carrying troops, vehicles or embarked stacks
  flies to the Surface where an enemy facility or ground stack is, and there puts them down
  (``land``); with no ground objective it fights as any other craft.
- Grapple: tractor beams hold the smallest enemy ship in reach, AUX with troops board ships whose
  shields are down.
- Withdraw when beaten: when its fighting strength (CP) falls below a third of the strongest
  hostile faction it sees, or below a third of what it brought, every ship that can jumps out;
  in sight of a victory target, or at Coruscant, only the second counts (it came to take it).
"""
from __future__ import annotations

from typing import Any, Collection

from core.rulesets.tote.rules import grid, model
from core.rulesets.tote.rules.galaxy import CAPITAL


def _strength(pct: dict[str, int]) -> int:
    return pct.get("hull", 100) + pct.get("armor", 100) if pct.get("hull") is not None else pct.get("armor", 100)


#: The facility whose fall, with its holder's Super Star Destroyer's, captures Coruscant (TOTE-WIN-02).
PALACE = "PALACE"


def victory_targets(contacts: list[dict[str, Any]], planet: str | None = None) -> set[str]:
    """The ids of the contacts whose fall wins the game (TOTE-WIN-01/02, TOTE-GAP-29): the Imperial
    Sector Palace, and the Super Star Destroyers of the faction that holds it (the Palace's holder is
    read from every contact, standing or fallen) or, at Coruscant (``planet``), every SSD there:
    the Palace stands on the ground, often out of the scanners' sight."""
    holders = {c["faction"] for c in contacts if c["type"] == PALACE}
    return {c["id"] for c in contacts if c["type"] == PALACE
            or (c["type"] == "SSD" and (c["faction"] in holders or planet == CAPITAL))}


def focus(contacts: list[dict[str, Any]], first: Collection[str] = ()) -> dict[str, Any] | None:
    """The contact to focus on: a victory target among ``first`` before anything else, then the
    weakest (remaining percent), capital ships before craft, installations last."""
    live = [c for c in contacts if c["state"] not in ("destroyed", "derelict")]
    if not live:
        return None
    return min(live, key=lambda c: (c["id"] not in first, model.is_installation(c["type"]), c["state"] == "disabled",
                                    not model.is_capital(c["type"]), c["pct"]["hull"] + c["pct"]["armor"], c["id"]))


def reachable(u: dict[str, Any], target_space: str) -> bool:
    """Whether ``u`` could fire at a unit in ``target_space`` from where it is."""
    try:
        return grid.can_fire(model.grid_class(u), u["space"], target_space)
    except Exception:  # noqa: BLE001 - an unknown space is simply out of reach
        return False


def step_towards(u: dict[str, Any], target_space: str) -> str | None:
    """A neighbouring space of ``u`` that is closer to ``target_space`` and not a DSZ for a capital
    ship (unless the target is there), or None."""
    here = u["space"]
    try:
        best = grid.distance(here, target_space)
    except Exception:  # noqa: BLE001
        return None
    pick = None
    for n in grid.neighbours(here):
        if model.is_capital(u) and grid.kind(n) == "dsz" and n != target_space:
            continue
        if grid.kind(n) in ("atmosphere", "air", "surface") and grid.kind(target_space) not in ("atmosphere", "air", "surface"):
            continue
        try:
            d = grid.distance(n, target_space)
        except Exception:  # noqa: BLE001
            continue
        if d < best:
            best, pick = d, n
    return pick


def stand_off(u: dict[str, Any], target_space: str, craft_at: set[str]) -> str | None:
    """A neighbouring space of a capital ship with no enemy craft, still within range 1 of
    ``target_space`` and not a DSZ, the A-Ring or below (enemy fighters must come to it; capital
    ships still reach it), or None."""
    for n in grid.neighbours(u["space"]):
        if n in craft_at or grid.kind(n) not in ("c_ring", "b_ring"):
            continue
        if reachable(dict(u, space=n), target_space):
            return n
    return None


def beaten(facts: dict[str, Any], assault: bool = False) -> bool:
    """Whether the bot's side is beaten: its fighting CP under a third of what the contacts show,
    or under a third of what it brought. In an ``assault`` on a victory target only the second
    counts: it came to take Coruscant against the odds."""
    mine = [u for u in facts["units"].values() if not u["destroyed"] and not u["withdrawn"]]
    fighting = sum(model.cp(u) for u in mine if not u["disabled"] and not u["derelict"])
    brought = sum(model.cp(u) for u in facts["units"].values())
    per_faction: dict[str, int] = {}
    for c in facts["contacts"]:
        if c["state"] not in ("disabled", "derelict"):
            per_faction[c["faction"]] = per_faction.get(c["faction"], 0) + model.cp(c["type"])
    theirs = max(per_faction.values(), default=0)
    return (fighting * 3 < theirs and not assault) or (brought > 0 and fighting * 3 < brought)


def _hull_pct(u: dict[str, Any]) -> int:
    full = model.maxima(u)["hull"]
    return 100 if not full else u["hull"] * 100 // full


def play(view: dict[str, Any], seat: str) -> list[str]:
    """The bot's orders for its post (an empty list when it is not its post)."""
    facts = view.get("facts") or {}
    if facts.get("active") != seat or facts.get("result"):
        return []
    units = facts["units"]
    active = [u for u in units.values() if model.can_act(u)]
    orders: list[str] = []
    jumpers = [u for u in active if u["space"] is not None and not u["disabled"] and not u.get("tractored_by")
               and getattr(model.spec(u), "hyperdrive", None) is not None]
    first = victory_targets(facts["contacts"], facts.get("planet"))  # at Coruscant: the Palace and the SSD before all (TOTE-WIN-02)
    if beaten(facts, assault=bool(first) or facts.get("planet") == CAPITAL):
        if jumpers:
            return [f"withdraw {','.join(u['id'] for u in jumpers)}"]
    saved = {u["id"] for u in jumpers if model.is_capital(u) and _hull_pct(u) < 25 and facts["contacts"]}
    for u in active:
        if u["space"] is not None and u["carried"] and not u["disabled"] and u["id"] not in saved:
            orders.append(f"launch {u['id']}")
    # a unit garrisoned in a standing facility cannot be attacked from outside: its facility first (TOTE-GARRISON-01/02)
    contacts = [c for c in facts["contacts"] if c["state"] not in ("destroyed", "derelict") and not c.get("sheltered")]
    target = focus(contacts, first)
    if target is None:
        return orders + search(active)
    craft_at = {c["space"] for c in contacts if not model.is_capital(c["type"])}
    guarded = set()
    for u in sorted(active, key=lambda x: x["id"]):
        if u["id"] in saved:
            continue
        where = u["space"] or units.get(u.get("carried_by") or "", {}).get("space")
        if where is None:
            continue
        probe = dict(u, space=where)
        if (model.unit_class(u) == "sf" and u["space"] and craft_at and where not in guarded and not u.get("patrol")
                and any(o["space"] == where and model.is_capital(o) for o in active)):
            orders.append(f"patrol {u['id']}")  # CSP over its capital ships, from the grid, not aboard (TOTE-CSP-01/04)
            guarded.add(where)
        if (model.is_installation(target["type"]) and model.flag(u, "orbital_bombardment") and u["space"]
                and grid.kind(u["space"]) == "a_ring" and grid.space(u["space"]).ob_target == target["space"]
                and not u["fired"]):
            orders.append(f"bombard {u['id']} {target['id']}")  # every weapon at the ground below (TOTE-OB-01..03)
            continue
        objective = ground_objective(u, contacts, first)
        if objective is not None and u["space"]:
            if u["space"] == objective["space"]:
                orders.append(f"land {u['id']}")  # put the troops down by the objective (TOTE-G2G-01)
            elif not u["disabled"] and model.speed(u) > 0:
                nxt = step_towards(probe, objective["space"])
                if nxt is not None:
                    orders.append(f"move {u['id']} {nxt}")
                    continue
        in_reach = [c for c in contacts if reachable(probe, c["space"])]
        if in_reach and model.spec(u).mounts:
            pick = target if target in in_reach else focus(in_reach, first)
            if pick is not None:
                orders.append(f"fire {u['id']} {pick['id']}")
                closer = closing(probe, target, first) if pick is not target and u["space"] else None
                if closer is not None:
                    orders.append(f"move {u['id']} {closer}")  # fire at what is in reach, then on towards the victory target
                elif model.unit_class(u) == "capital" and where in craft_at and model.speed(u) > 0:
                    away = stand_off(probe, pick["space"], craft_at)
                    if away is not None:
                        orders.append(f"move {u['id']} {away}")  # fire, then out of the fighters' reach
                continue
        if model.speed(u) > 0 and not u["disabled"]:
            goal = target["space"]
            if model.is_installation(target["type"]):
                goal = f"A-{grid.quadrant(goal)}"  # bombard it from the A-Ring above (TOTE-OB-02)
            nxt = step_towards(probe, goal) if goal != where else None
            if nxt is not None:
                orders.append(f"move {u['id']} {nxt}")
    orders += grapple(active, contacts, saved)
    if saved:
        orders.append(f"withdraw {','.join(sorted(saved))}")
    return orders


def closing(u: dict[str, Any], target: dict[str, Any], first: Collection[str]) -> str | None:
    """For a ship that fired at something else in reach: the next space towards the victory target
    ``target`` (the SSD, or the A-Ring above the Palace, TOTE-WIN-02, OB-02) when the target is one
    and out of its reach, so that an assault on Coruscant closes on what wins it instead of trading
    shots with the escorts at the edge for ever (fire, then move: TOTE-MOVE-03); else None."""
    if target["id"] not in first or u["disabled"] or model.speed(u) <= 0 or reachable(u, target["space"]):
        return None
    goal = f"A-{grid.quadrant(target['space'])}" if model.is_installation(target["type"]) else target["space"]
    return step_towards(u, goal) if goal != u["space"] else None


def search(active: list[dict[str, Any]]) -> list[str]:
    """With no contact in sight: every able ship on the grid out in the Deep Space Zone or the C-Ring
    moves in to the B-Ring space of its quadrant, whose sensors cover the ground below (TOTE-GAP-37),
    so that the ground forces and facilities of the battle are found and can be struck."""
    out = []
    for u in active:
        if u["space"] is None or model.speed(u) <= 0 or u["disabled"] or grid.kind(u["space"]) not in ("dsz", "c_ring"):
            continue
        out.append(f"move {u['id']} B-{grid.quadrant(u['space'])}")
    return out


def ground_objective(u: dict[str, Any], contacts: list[dict[str, Any]], first: Collection[str] = ()) -> dict[str, Any] | None:
    """For a landing craft carrying troops, vehicles or embarked stacks: the enemy facility or ground
    stack on a ground grid's Surface to put them down by (a victory target among ``first``, else the
    weakest, :func:`focus`), or None."""
    if not model.flag(u, "can_land") or u["disabled"]:
        return None
    if not (any(t["count"] for t in u.get("troops", []) + u.get("vehicles", [])) or u.get("embarked")):
        return None
    below = [c for c in contacts if c.get("space") and grid.kind(c["space"]) == "surface"
             and (model.is_installation(c["type"]) or model.is_ground(c["type"]))]
    return focus(below, first)


def grapple(active: list[dict[str, Any]], contacts: list[dict[str, Any]], saved: set[str]) -> list[str]:
    """Tractor beams and boarders, after the guns: a ship with projectors holds the smallest enemy
    ship in reach that is shorter than itself (its UCR drops to 1 for the next attacks,
    TOTE-TRACTOR-07); an AUX with a boarding party boards an enemy ship in its space whose shields
    are down (TOTE-BOARD-01/02)."""
    out: list[str] = []
    held: set[str] = set()
    ships = [c for c in contacts if model.is_capital(c["type"]) and not c.get("tractored")]
    for u in sorted(active, key=lambda x: x["id"]):
        s = model.spec(u)
        if u["id"] in saved or not u["space"] or u["disabled"] or not getattr(s, "tractor_projectors", 0):
            continue
        small = [c for c in ships if c["id"] not in held and reachable(u, c["space"])
                 and model.spec(c["type"]).length_m < s.length_m]
        if small:
            pick = min(small, key=lambda c: (model.spec(c["type"]).length_m, c["id"]))
            held.add(pick["id"])
            out.append(f"tractor {u['id']} {pick['id']}")
    for u in sorted(active, key=lambda x: x["id"]):
        if model.unit_class(u) != "aux" or not u["space"] or not any(t["count"] for t in u.get("troops", [])):
            continue
        bare = [c for c in ships if c["space"] == u["space"] and c["pct"]["shields"] == 0 and c["state"] != "destroyed"]
        if bare:
            out.append(f"board {u['id']} {bare[0]['id']}")
    return out
