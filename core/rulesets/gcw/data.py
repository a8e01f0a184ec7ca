"""The GCW campaign's data files (``data/*.toml``), read once with tomllib."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from core.packaged import packaged_toml

SIDES = ("Empire", "Rebel")
COLUMNS = "ABCDEFGHIJKLMNOPQRSTUVW"


def _load(name: str) -> dict[str, Any]:
    return packaged_toml(__package__ or "core.rulesets.gcw", "data", f"{name}.toml")


@dataclass(frozen=True)
class Card:
    """One card of the roster: a ship, a squadron or an upgrade."""

    code: str
    name: str
    kind: str            # "ship" | "squadron" | "upgrade"
    side: str            # "Empire" | "Rebel" | "any"
    points: int
    size: str = ""       # ships: small | medium | large
    hull: int = 0
    type: str = ""       # upgrades: commander | officer | title | ...
    unique: str = ""     # the unique name ("" for none)
    bomber: bool = False
    luke: bool = False
    ships: tuple[str, ...] = ()
    sure: bool = False

    def usable_by(self, side: str) -> bool:
        """Whether ``side`` may field this card."""
        return self.side in (side, "any")


@dataclass(frozen=True)
class SystemCard:
    """One side's card for one system."""

    title: str
    value: int
    effect: str = ""
    amount: int = 0
    lasts: str = "controlled"
    text: str = ""


@dataclass
class Rules:
    """Everything static: constants, map, system cards, roster, objectives, starting lists."""

    const: dict[str, Any]
    systems: dict[str, dict[str, Any]]
    routes: list[dict[str, Any]]
    adjacent: dict[str, list[str]]
    cards: dict[str, dict[str, SystemCard]]
    shipyards: dict[str, dict[str, Any]]
    roster: dict[str, Card]
    objectives: dict[str, list[str]]
    lists: dict[str, list[str]]
    faces: dict[str, list[str]] = field(default_factory=dict)

    def xy(self, system: str) -> tuple[int, int]:
        """Screen position from the canonical grid square: 10 units a square, offset inside it."""
        info = self.systems[system]
        col, row = info["at"].split("-")
        dx, dy = info.get("offset", [5, 5])
        return COLUMNS.index(col) * 10 + int(dx), (int(row) - 1) * 10 + int(dy)

    def cost(self, code: str) -> int:
        """A card's campaign cost (printed cost, or the campaign's override)."""
        return int(self.const.get("card_cost_overrides", {}).get(code, self.roster[code].points))


@lru_cache(maxsize=1)
def rules() -> Rules:
    """The loaded data (cached). Raises ValueError if the files disagree with each other."""
    const = _load("constants")
    map_data = _load("map")
    systems = {s["name"]: s for s in map_data["system"]}
    adjacent: dict[str, list[str]] = {name: [] for name in systems}
    for route in map_data["route"]:
        a, b = route["a"], route["b"]
        if a not in systems or b not in systems:
            raise ValueError(f"route {a}-{b} names an unknown system")
        adjacent[a].append(b)
        adjacent[b].append(a)
    for name in adjacent:
        adjacent[name].sort()
    card_data = _load("cards")
    cards: dict[str, dict[str, SystemCard]] = {}
    shipyards: dict[str, dict[str, Any]] = {}
    for entry in card_data["card"]:
        name = entry["system"]
        if name not in systems:
            raise ValueError(f"card for unknown system {name}")
        cards[name] = {"Empire": SystemCard(**entry["imperial"]), "Rebel": SystemCard(**entry["rebel"])}
        if "shipyard" in entry:
            shipyards[name] = {"yard": int(entry["shipyard"]["yard"]), "sides": list(entry["shipyard"]["sides"])}
    missing = set(systems) - set(cards)
    if missing:
        raise ValueError(f"systems without cards: {sorted(missing)}")
    roster_data = _load("roster")
    roster: dict[str, Card] = {}
    for kind, key in (("ship", "ship"), ("squadron", "squadron"), ("upgrade", "upgrade")):
        for entry in roster_data[key]:
            card = Card(kind=kind, code=entry["code"], name=entry["name"], side=entry["side"],
                        points=int(entry["points"]), size=entry.get("size", ""), hull=int(entry.get("hull", 0)),
                        type=entry.get("type", ""), unique=entry.get("unique", ""),
                        bomber=bool(entry.get("bomber", False)), luke=bool(entry.get("luke", False)),
                        ships=tuple(entry.get("ships", ())), sure=bool(entry.get("sure", False)))
            if card.code in roster:
                raise ValueError(f"card code {card.code} twice")
            roster[card.code] = card
    return Rules(const=const, systems=systems, routes=map_data["route"], adjacent=adjacent, cards=cards,
                 shipyards=shipyards, roster=roster, objectives=roster_data["objectives"],
                 lists=roster_data["lists"], faces=const["dice"])
