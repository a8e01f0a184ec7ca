"""RiftWar test helpers: a battle position built by hand on a small test field, orders given through
the ruleset's own order language, and dice the test can script."""
from __future__ import annotations

from typing import Any

from shapely.geometry import Polygon

from core.rulesets.rift import RiftWar
from core.rulesets.rift.data import Feature, MapData, rules
from core.rulesets.rift.geometry import _FIELDS

RULES = RiftWar()
TEST_MAP = "testfield"


def install_test_map() -> None:
    """A 40 x 30 field: a high box, a low wall, a wood (terrain), in known places."""
    feats = (
        Feature("box", "high", "Bunker", Polygon([(18, 10), (22, 10), (22, 14), (18, 14)])),
        Feature("wall", "low", "Low wall", Polygon([(8, 20), (12, 20), (12, 21), (8, 21)])),
        Feature("wall2", "low", "Low wall", Polygon([(8, 15), (12, 15), (12, 16), (8, 16)])),
        Feature("wood", "terrain", "Wood", Polygon([(28, 18), (36, 18), (36, 26), (28, 26)]), "forest"),
    )
    deploy = {"2p": [((0, 0), (40, 5)), ((0, 25), (40, 30))], "3p": [((0, 0), (40, 5)), ((0, 25), (20, 30)), ((20, 25), (40, 30))]}
    rules().maps[TEST_MAP] = MapData(TEST_MAP, "Test field", "test", (40.0, 30.0), feats, deploy)
    _FIELDS.pop(TEST_MAP, None)


def unit(uid: str, owner: str, size: str = "light", role: str = "ranged", traits: tuple[str, ...] = (), x: float = 0,
         y: float = 0, **extra: Any) -> dict[str, Any]:
    """A placed unit as the state holds it."""
    u = {"id": uid, "owner": owner, "type": extra.pop("type", f"{size} {role}"), "size": size, "role": role,
         "traits": list(traits), "x": float(x), "y": float(y), "placed": True, "wounded": False, "pinned": False,
         "dead": False, "wreck": False, "flying": False, "acted": False, "indirect": False, "carried_by": None,
         "melee": None}
    u.update(extra)
    return u


def battle(units: list[dict[str, Any]], active: str = "al", seats: tuple[str, ...] = ("al", "bo"),
           **options: Any) -> dict[str, Any]:
    """A state in the battle stage on the test field, ``active`` to act, phase 1."""
    install_test_map()
    state = RULES.setup("annihilation", [__import__("core.ruleset", fromlist=["SeatSpec"]).SeatSpec(s, side)
                                         for s, side in zip(seats, ["Republic", "Separatists", "Rebels", "Empire"])],
                        {"map": TEST_MAP, **options}, "rift-test")
    state["units"] = {u["id"]: u for u in units}
    state["stage"] = "battle"
    state["turn"] = 1
    state["active"] = active
    state["last_active"] = {s: -1 for s in seats}
    state["last_active"][active] = 1
    return state


def order(state: dict[str, Any], seat: str, text: str) -> list[dict[str, Any]]:
    """Give one order through the order language; returns its events."""
    return RULES.submit(state, seat, text)


def texts(events: list[dict[str, Any]]) -> str:
    """All event texts, one per line."""
    return "\n".join(e["text"] for e in events)
