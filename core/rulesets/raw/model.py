"""Facts derived from a Republic at War state: sides, locations, fleets, points, blockades.

Locations are a planet's name (its orbit) or ``deep:<system>:<cell>`` (deep space of a system,
RAW-GAP-15). Each planet is its own system (RAW-GAP-01). Units live in ``state["units"]`` by id:
``{"type", "owner", "at", "scarred", "repair_paid", "gf", "aboard", "retreat", "home"}``; an owner
is a seat name, or ``neutral:<planet>`` for a neutral world's forces.
"""
from __future__ import annotations

from typing import Any, Iterable, Iterator

from core.rulesets.raw.data import galaxy_map, ground_forces, unit_types

State = dict[str, Any]
NEUTRAL = "neutral:"
CELLS = [f"{c}{r}" for c in "ABCDEFGHIJ" for r in range(1, 11)]


def system_of(location: str) -> str:
    """The system a location lies in."""
    return location.split(":")[1] if location.startswith("deep:") else location


def is_deep(location: str) -> bool:
    """Whether a location is in deep space."""
    return location.startswith("deep:")


def deep(system: str, cell: str) -> str:
    """A deep-space location."""
    return f"deep:{system}:{cell.upper()}"


def describe(location: str) -> str:
    """A location as players read it: ``Kuat`` or ``deep space of Kuat (C4)``."""
    if is_deep(location):
        _, system, cell = location.split(":")
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


def utype(unit: dict[str, Any]):  # -> UnitType
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


def is_grand_admiral(state: State, seat: str) -> bool:
    """Whether ``seat`` holds its team's Grand Admiral role now (RAW-TEAM-04, RAW-TEAM-08)."""
    side = state["seats"][seat]["side"]
    return state["admiral"].get(side) == seat
