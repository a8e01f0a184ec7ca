"""Republic at War data, read once from ``data/*.toml`` (transcribed from the rule text)."""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from core.packaged import packaged_toml

SIDES = ("GAR", "CIS")
GF = "GF"


def ceil_pct(value: int, percent: int) -> int:
    """ceil(value * percent / 100) in integer arithmetic."""
    return (value * percent + 99) // 100


@dataclass(frozen=True)
class UnitType:
    """A ship or squadron type from the unit lists."""

    code: str
    name: str
    faction: str
    cost: int
    capacity: int
    keywords: tuple[str, ...]
    kind: str  # "ship" or "squadron"

    def has(self, keyword: str) -> bool:
        """Whether the type carries ``keyword``."""
        return keyword in self.keywords


def _load(name: str) -> dict[str, Any]:
    return packaged_toml(__package__ or "core.rulesets.raw", "data", name)


@cache
def unit_types() -> dict[str, UnitType]:
    """Every ship (by code) and squadron (by id)."""
    types: dict[str, UnitType] = {}
    for ship in _load("ships.toml")["ship"]:
        types[ship["code"]] = UnitType(ship["code"], ship["name"], ship["faction"], ship["cost"],
                                       ship["carrier_capacity"], tuple(ship["keywords"]), "ship")
    for sq in _load("squadrons.toml")["squadron"]:
        types[sq["id"]] = UnitType(sq["id"], sq["name"], sq["faction"], sq["cost"], 0, tuple(sq["keywords"]), "squadron")
    return types


@cache
def ground_forces() -> dict[str, dict[str, Any]]:
    """Ground force facts by faction: cost, limit_per_world, attack_die_modifier, loses_all_ties, discount_keyword."""
    return {gf["faction"]: gf for gf in _load("ground_forces.toml")["ground_force"]}


@cache
def planets() -> dict[str, dict[str, Any]]:
    """The 50 planets by name: credits, keyword, start."""
    return {p["name"]: p for p in _load("planets.toml")["planets"]}


@cache
def neutrals() -> dict[str, dict[str, Any]]:
    """The five neutral planets with forces, by name: roll_cost, forces."""
    return {n["name"]: n for n in _load("neutrals.toml")["neutral_planet"]}


@cache
def casualty_table() -> dict[int, tuple[int, int]]:
    """Modified roll (1..13) -> (attacker loss %, defender loss %)."""
    return {row["roll"]: (row["attacker_pct"], row["defender_pct"]) for row in _load("casualty_table.toml")["casualty_table"]}


@cache
def objectives() -> dict[str, dict[str, Any]]:
    """Objectives by id, plus the victory settings under ``"victory"``."""
    raw = _load("objectives.toml")
    table = {o["id"]: o for o in raw["objective"]}
    table["victory"] = raw["victory"]
    return table


@cache
def constants() -> dict[str, Any]:
    """The rule constants (caps, fuel, ground dice, bombard, repair, neutral)."""
    return _load("constants.toml")


@cache
def scenario(name: str = "default") -> dict[str, Any]:
    """A scenario file ``scenario_<name>.toml``. Raises FileNotFoundError for an unknown one."""
    return _load(f"scenario_{name}.toml")


@cache
def galaxy_map(file: str = "map.toml") -> dict[str, Any]:
    """The map: systems with grid positions and the hyperlanes."""
    raw = _load(file)
    lanes: dict[str, set[str]] = {s["name"]: set() for s in raw["system"]}
    for lane in raw["lane"]:
        lanes[lane["a"]].add(lane["b"])
        lanes[lane["b"]].add(lane["a"])
    return {"systems": {s["name"]: s for s in raw["system"]},
            "neighbours": {k: tuple(sorted(v)) for k, v in lanes.items()},
            "lanes": [(l["a"], l["b"]) for l in raw["lane"]]}


def build_cost(code: str, keyword: str, faction: str, gf_cost: int | None = None) -> int:
    """Credits charged to build ``code`` (a unit type or ``"GF"``) at a planet with ``keyword``.
    ``gf_cost``: the faction's GF price when a scenario option sets it (``clone_cost``), else the table's."""
    if code == GF:
        gf = ground_forces()[faction]
        base = int(gf_cost) if gf_cost is not None else gf["cost"]
        return ceil_pct(base, 50) if keyword == gf["discount_keyword"] else base
    unit = unit_types()[code]
    if unit.kind == "squadron" and keyword == "Fighter Plant":
        return ceil_pct(unit.cost, 70)
    if unit.kind == "ship" and keyword == "Improved Shipyards":
        return ceil_pct(unit.cost, 80)
    return unit.cost


def repair_cost(code: str) -> int:
    """ceil(cost / 4) of the base cost (RAW-REPAIR-04)."""
    return (unit_types()[code].cost + 3) // 4


def alliance_cost(credits: int) -> int:
    """ceil(30% of a planet's credits) (RAW-NEUTRAL-07)."""
    return ceil_pct(credits, 30)
