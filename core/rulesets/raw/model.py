"""Facts derived from a Republic at War state: sides, locations, fleets, points, blockades.

Locations are a planet's name (its orbit) or ``deep:<system>:<cell>`` (deep space of a system,
RAW-GAP-15). Each planet is its own system (RAW-GAP-01). Units live in ``state["units"]`` by id:
``{"type", "owner", "at", "scarred", "repair_paid", "gf", "aboard", "retreat", "home"}``; an owner
is a seat name, or ``neutral:<planet>`` for a neutral world's forces.
"""
from __future__ import annotations

from typing import Any, Iterable, Iterator

from core.rulesets.raw.data import UnitType, galaxy_map, ground_forces, unit_types

State = dict[str, Any]
NEUTRAL = "neutral:"
CELLS = [f"{c}{r}" for c in "ABCDEFGHIJ" for r in range(1, 11)]
CAPS = {"ships": 400, "squadrons": 400, "total": 500}  # per faction per location (RAW-CAP-01..03)


def system_of(location: str) -> str:
    """The system a location lies in."""
    return location.split(":")[1] if location.startswith("deep:") else location


def is_deep(location: str) -> bool:
    """Whether a location is in deep space."""
    return location.startswith("deep:")


def deep(system: str, cell: str) -> str:
    """A deep-space location."""
    return f"deep:{system}:{cell.upper()}"


def private_point(system: str, ship: str, turn: int) -> str:
    """The deep-space point of a jump that named none: its own, shared with nothing (RAW-MAP-04, RAW-GAP-15).

    Named after the order's first ship and the turn, both the jumper's own, so the name tells no one
    anything about other seats' jumps.
    """
    return f"deep:{system}:@{ship}.{turn}"


def is_private(location: str) -> bool:
    """Whether a location is a private deep-space point (RAW-GAP-15)."""
    return is_deep(location) and location.split(":")[2].startswith("@")


def describe(location: str) -> str:
    """A location as players read it: ``Kuat``, ``deep space of Kuat (C4)`` or ``deep space of Kuat (a point of its own)``."""
    if is_deep(location):
        _, system, cell = location.split(":")
        if cell.startswith("@") or cell.startswith("?"):
            return f"deep space of {system} (a point of its own)"
        return f"deep space of {system} ({cell})"
    return location


def reachable_systems(location: str, state: State) -> list[str]:
    """Systems one jump reaches from ``location``: its own and the adjacent ones (RAW-MAP-02)."""
    here = system_of(location)
    return [here, *galaxy_map(state["map"])["neighbours"][here]]


def side_of_owner(state: State, owner: str) -> str:
    """The side an owner fights for: a team, or ``neutral:<planet>``."""
    if owner.startswith(NEUTRAL):
        return owner
    return str(state["seats"][owner]["side"])


def seats_of(state: State, side: str) -> list[str]:
    """The seats of one team, in seat order."""
    return [s for s, info in state["seats"].items() if info["side"] == side]


def enemy_side(side: str) -> str:
    """The other team."""
    return "CIS" if side == "GAR" else "GAR"


def planet_side(state: State, planet: str) -> str | None:
    """The side controlling a planet: a team, ``neutral:<planet>`` for an unaligned world with forces, or None."""
    owner = state["planets"][planet]["owner"]
    if owner is None:
        return f"{NEUTRAL}{planet}" if state["planets"][planet].get("forces") else None
    return side_of_owner(state, owner)


def utype(unit: dict[str, Any]) -> UnitType:
    """The unit's type."""
    return unit_types()[unit["type"]]


def is_ship(unit: dict[str, Any]) -> bool:
    """Ships (not squadrons)."""
    return utype(unit).kind == "ship"


def combat_value(unit: dict[str, Any]) -> int:
    """Points in combat: cost, or floor(cost/2) when scarred (RAW-COMBAT-16)."""
    cost = utype(unit).cost
    return cost // 2 if unit["scarred"] else cost


def units_at(state: State, location: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every unit (ships and squadrons, aboard or not) at ``location``."""
    for uid, unit in state["units"].items():
        if unit["at"] == location:
            yield uid, unit


def by_location(state: State) -> dict[str, list[str]]:
    """Unit ids grouped by location."""
    groups: dict[str, list[str]] = {}
    for uid, unit in state["units"].items():
        groups.setdefault(unit["at"], []).append(uid)
    return groups


def fleet_points(state: State, uids: Iterable[str]) -> int:
    """Combat points of these units (scarred at half)."""
    return sum(combat_value(state["units"][u]) for u in uids)


def cap_points(state: State, uids: Iterable[str]) -> tuple[int, int]:
    """(ship points, squadron points) at base cost, scarred or not (RAW-GAP-35)."""
    ships = squadrons = 0
    for uid in uids:
        unit = state["units"][uid]
        if is_ship(unit):
            ships += utype(unit).cost
        else:
            squadrons += utype(unit).cost
    return ships, squadrons


def gf_price(state: State, side: str) -> int | None:
    """A side's GF price when the game's options change it: ``clone_cost`` for GAR (the text's 12 by default), else None."""
    price = state.get("options", {}).get("clone_cost")
    if side == "GAR" and price is not None and int(price) != int(ground_forces()["GAR"]["cost"]):
        return int(price)
    return None


def gf_limit(side: str) -> int:
    """Garrison cap of a planet held by ``side`` (RAW-GARRISON-01/02, RAW-GAP-30)."""
    return int(ground_forces()[side]["limit_per_world"]) if side in ("GAR", "CIS") else 0


def cargo_of(state: State, ship_id: str) -> list[str]:
    """Squadrons aboard a ship."""
    return [uid for uid, unit in state["units"].items() if unit.get("aboard") == ship_id]


def cargo_used(state: State, ship_id: str) -> int:
    """Capacity used aboard a ship: squadrons + GF (RAW-JUMP-02)."""
    return len(cargo_of(state, ship_id)) + int(state["units"][ship_id]["gf"])


def owned_planets(state: State, seat: str) -> list[str]:
    """Planets a seat controls."""
    return [name for name, p in state["planets"].items() if p["owner"] == seat]


def team_planets(state: State, side: str) -> list[str]:
    """Planets a team controls."""
    return [name for name, p in state["planets"].items() if p["owner"] and state["seats"][p["owner"]]["side"] == side]


def blockaders(state: State, planet: str, here: Iterable[str] | None = None) -> list[str]:
    """The units that blockade ``planet``: ships and squadrons of the team opposing its controller, in its
    orbit, not retreating. One definition for production, fuel, bombardment and views (RAW-BLOCKADE-01,
    RAW-GAP-31): allies and neutral forces never blockade, and a fleet on hold-fire blockades like any other.
    ``here``: the ids of the units at ``planet``, when the caller has them grouped already.
    """
    owner = state["planets"][planet]["owner"]
    if owner is None:
        return []
    side = state["seats"][owner]["side"]
    seats = state["seats"]
    units = state["units"]
    candidates = ((uid, units[uid]) for uid in here) if here is not None else units.items()
    return [uid for uid, u in candidates
            if u["at"] == planet and not u["retreat"] and u["owner"] in seats and seats[u["owner"]]["side"] != side]


def is_grand_admiral(state: State, seat: str) -> bool:
    """Whether ``seat`` holds its team's Grand Admiral role now (RAW-TEAM-04, RAW-TEAM-08)."""
    side = state["seats"][seat]["side"]
    return state["admiral"].get(side) == seat


def over_caps(ships: int, squadrons: int) -> bool:
    """Whether one faction's ship and squadron points at one location break RAW-CAP-01..03."""
    return ships > CAPS["ships"] or squadrons > CAPS["squadrons"] or ships + squadrons > CAPS["total"]


def seat_forces_within_caps(state: State, planet: str, seat: str) -> list[str]:
    """A world's own forces just joined ``seat`` (alliance or capture): those that would break its team's caps in
    orbit hold station at a private point in the deep space of their home system, which they may not leave
    (RAW-NEUTRAL-06), until there is room (RAW-CAP-01..04, RAW-GAP-35 in its spirit: the newcomers give way).
    Ships go first, the costliest first, then squadrons, each carried by a moved ship with room where one has it.
    Returns the ids of the units moved.
    """
    side = state["seats"][seat]["side"]
    units = state["units"]
    here = [u for u, x in units.items() if x["at"] == planet and side_of_owner(state, x["owner"]) == side]
    ships, squadrons = cap_points(state, here)
    if not over_caps(ships, squadrons):
        return []
    joined = sorted((u for u in here if units[u].get("home") == planet and not units[u]["aboard"]),
                    key=lambda u: (not is_ship(units[u]), -utype(units[u]).cost, u))
    moved: list[str] = []
    point = ""
    for uid in joined:
        if not over_caps(ships, squadrons):
            break
        unit = units[uid]
        point = point or private_point(planet, uid, int(state["turn"]))
        cost = utype(unit).cost
        if is_ship(unit):
            ships -= cost
        else:
            squadrons -= cost
            carrier = next((m for m in moved if is_ship(units[m]) and cargo_used(state, m) < utype(units[m]).capacity), None)
            unit["aboard"] = carrier
        unit["at"] = point
        for other in units.values():
            if other["aboard"] == uid:
                other["at"] = point
                squadrons -= utype(other).cost
        moved.append(uid)
    return moved
