"""RiftWar's data: unit profiles, traits, army lists and maps, read once from ``data/*.toml`` and
checked at load time (a bad entry fails the load naming the file and the entry)."""
from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any

from shapely.geometry import Polygon

from core.errors import DataError

SIZES = ("light", "medium", "heavy")
ROLES = ("close", "ranged", "unarmed")
FEATURE_TYPES = ("low", "high", "terrain")


@dataclass(frozen=True)
class Feature:
    """A map feature: a low or high structure or a terrain area, as a polygon in map units."""

    id: str
    type: str
    name: str
    poly: Polygon
    kind: str = ""


@dataclass(frozen=True)
class MapData:
    """A battlefield: its size, features and deployment zones by player count."""

    id: str
    name: str
    character: str
    size: tuple[float, float]
    features: tuple[Feature, ...]
    deploy: dict[str, list[tuple[tuple[float, float], tuple[float, float]]]]

    def of_type(self, kind: str) -> list[Feature]:
        """The features of one type (low, high or terrain)."""
        return [f for f in self.features if f.type == kind]


@dataclass(frozen=True)
class UnitType:
    """One line of an army list: a named unit type, its count, size, role and traits."""

    name: str
    n: int
    size: str
    role: str
    traits: tuple[str, ...]


@dataclass(frozen=True)
class Army:
    """An army list (RIFT-DATA-05)."""

    id: str
    name: str
    source: str
    units: tuple[UnitType, ...]
    expect: str = "legal"
    breaks: tuple[str, ...] = ()
    side: str = ""
    special: str = ""


@dataclass(frozen=True)
class Rules:
    """Everything RiftWar reads from its data files."""

    sizes: dict[str, dict[str, Any]]
    seed: dict[str, int]
    points: dict[str, int]
    survivor_weight: dict[str, int]
    traits: dict[str, dict[str, Any]]
    armies: dict[str, Army]
    maps: dict[str, MapData]
    aliases: dict[str, str] = field(default_factory=dict)

    def trait_id(self, name: str) -> str:
        """The registry id of a trait name or alias ("Armored" -> "armor"). Raises DataError."""
        key = self.aliases.get(name.lower())
        if key is None:
            raise DataError(f"unknown trait {name!r}; traits: {', '.join(sorted(self.traits))}")
        return key


def _read(name: str) -> dict[str, Any]:
    return tomllib.loads(resources.files(__package__).joinpath("data").joinpath(name).read_text(encoding="utf-8"))


def _unit_type(army: str, raw: dict[str, Any], aliases: dict[str, str]) -> UnitType:
    where = f"army {army!r}, unit {raw.get('name')!r}"
    size, role = raw.get("size"), raw.get("role")
    traits = [str(t) for t in raw.get("traits", [])]
    if role == "indirect":  # RIFT-GAP-23: "Light Indirect" is ranged with the Indirect trait
        role, traits = "ranged", ["Indirect", *traits]
    if size not in SIZES or role not in ROLES:
        raise DataError(f"{where}: size must be one of {SIZES} and role one of {ROLES}")
    if not isinstance(raw.get("n"), int) or raw["n"] < 1:
        raise DataError(f"{where}: n must be a whole number of at least 1")
    for t in traits:
        if t.lower() not in aliases:
            raise DataError(f"{where}: unknown trait {t!r}")
    return UnitType(str(raw["name"]), int(raw["n"]), str(size), str(role), tuple(aliases[t.lower()] for t in traits))


def _map(raw: dict[str, Any]) -> MapData:
    feats = []
    for f in raw.get("features", []):
        if f.get("type") not in FEATURE_TYPES:
            raise DataError(f"map {raw.get('id')!r}, feature {f.get('id')!r}: type must be one of {FEATURE_TYPES}")
        poly = Polygon(f["poly"])
        if not poly.is_valid or poly.area <= 0:
            raise DataError(f"map {raw.get('id')!r}, feature {f.get('id')!r}: the polygon is not a simple area")
        feats.append(Feature(str(f["id"]), str(f["type"]), str(f.get("name", f["id"])), poly, str(f.get("kind", ""))))
    w, h = raw["size"]
    for key, zones in raw.get("deploy", {}).items():
        if len(zones) != int(key.rstrip("p")):
            raise DataError(f"map {raw['id']!r}: deploy {key} needs {key.rstrip('p')} zones")
    deploy = {k: [((float(a[0]), float(a[1])), (float(b[0]), float(b[1]))) for a, b in v] for k, v in raw.get("deploy", {}).items()}
    return MapData(str(raw["id"]), str(raw["name"]), str(raw.get("character", "")), (float(w), float(h)), tuple(feats), deploy)


@lru_cache(maxsize=1)
def rules() -> Rules:
    """RiftWar's data, read and checked once. Raises DataError naming a bad entry."""
    units = _read("units.toml")
    traits = _read("traits.toml")
    aliases: dict[str, str] = {}
    for tid, info in traits.items():
        aliases[tid] = tid
        for alias in info.get("aliases", []):
            aliases[str(alias).lower()] = tid
    armies: dict[str, Army] = {}
    for aid, raw in _read("armies.toml").items():
        armies[aid] = Army(aid, str(raw["name"]), str(raw.get("source", "")),
                           tuple(_unit_type(aid, u, aliases) for u in raw["units"]),
                           str(raw.get("expect", "legal")), tuple(raw.get("breaks", [])),
                           str(raw.get("side", "")), str(raw.get("special", "")))
    maps: dict[str, MapData] = {}
    for entry in sorted(resources.files(__package__).joinpath("data").joinpath("maps").iterdir(), key=lambda p: p.name):
        if entry.name.endswith(".toml"):
            m = _map(tomllib.loads(entry.read_text(encoding="utf-8")))
            maps[m.id] = m
    if not maps:
        raise DataError("no RiftWar maps in data/maps")
    return Rules(units["sizes"], units["seed"], units["points"], units["survivor_weight"], traits, armies, maps, aliases)
