"""The battle's state: unit instances as plain JSON dicts, and the questions the rest asks of them.

A unit instance (one per ship, squadron, craft, platform or ground stack) carries:

- ``id`` (``GE-3``), ``type`` (a unit code of ``data.unit_types()``), ``faction`` (the seat that
  owns it), ``space`` (a grid space id, or None while carried aboard or gone);
- ``shields``, ``armor``, ``hull``, ``systems`` (capital ships and platforms: ⌈length/2⌉,
  TOTE-DMG-03 / TOTE-GAP-15), ``crew`` (⌈length/10⌉ squads, TOTE-DISABLE-07);
- ``disabled``, ``destroyed``, ``derelict`` (TOTE-DISABLE-01/03/08), ``withdrawn`` (left the battle
  through hyperspace, TOTE-TIME-05), ``final`` (a DISABLED ship or destroyed squadron whose final
  actions are still to come, TOTE-GAP-22/52), ``inert`` (its final actions are spent);
- ``moved``, ``fired`` (this round, TOTE-MOVE-03), ``mp`` (movement points left, TOTE-GAP-04),
  ``acted`` (the order kinds given this post, in order, for fire-then-move / move-then-fire),
  ``fired_mounts`` (mount labels already fired this round);
- ``tractored_by`` (the faction holding it under complete control until its next post, or None),
  ``carried`` (ids aboard), ``carried_by`` (the carrier's id, or None), ``patrol`` (on CSP/CAP),
  ``swarm`` (ids of the squadrons merged into this TIE Swarm, TOTE-SWARM-01, or absent);
- ``attached_to`` (the capital ship whose complement a craft belongs to, kept after launch so its
  CP stays on the carrier's, TOTE-BURDEN-02, EX-08), ``arrived_turn`` (the turn the unit exited
  hyperspace into the system: no movement points that turn, TOTE-HYPER-02, TOTE-GAP-07).

Extra keys other modules read with ``.get(key, default)`` are listed in their own docstrings.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Iterable

from core.rulesets.tote.rules import grid
from core.rulesets.tote.rules.data import (
    FacilityType,
    facility_types,
    ground_types,
    unit_types,
)

State = dict[str, Any]
Unit = dict[str, Any]

#: The ten factions of the text (TOTE-FACTION-01..10), in the text's order.
FACTIONS: dict[str, str] = {
    "GE": "Galactic Empire", "IR": "Imperial Remnant", "NR": "New Republic", "RA": "Rebel Alliance",
    "TF": "Trade Federation", "HS": "Hutt Syndicate", "HC": "Hapes Consortium",
    "CSA": "Corporate Sector Authority", "IND": "Independents", "ORC": "Outer Rim Coalition",
}
#: Classes that fight as capital ships for damage routing, disabling and CP (TOTE-GAP-18 platforms too).
CAPITAL_LIKE = ("capital", "platform")
SMALL_CRAFT = ("sf", "aux")
INSTALLATIONS = ("facility", "planetary_weapon")
GROUND_STACKS = ("infantry", "gav", "airspeeder")


def spec(unit: Unit | str) -> Any:
    """The type of a unit instance (or of a code): a starship, craft or platform type, or a
    facility or planetary weapon emplacement. Raises KeyError naming the unknown code."""
    code = unit if isinstance(unit, str) else unit["type"]
    types = unit_types()
    if code in types:
        return types[code]
    facilities = facility_types()
    if code in facilities:
        return facilities[code]
    ground = ground_types()
    if code in ground:
        return ground[code]
    raise KeyError(f"no unit type {code!r}; known: {', '.join(sorted(types))}")


def unit_class(unit: Unit | str) -> str:
    """capital, aux, sf or platform (TOTE-DATA-01 ``class``), or facility / planetary_weapon for a
    ground installation (TOTE-DATA-04)."""
    return _class_of(unit if isinstance(unit, str) else unit["type"])


@lru_cache(maxsize=None)
def _class_of(code: str) -> str:
    s = spec(code)
    if isinstance(s, FacilityType):
        return "planetary_weapon" if s.kind == "planetary_weapon" else "facility"
    return str(s.cls)


def grid_class(unit: Unit | str) -> str:
    """The class the grid's fire and move geometry knows a unit by (a GAV is a ``vehicle``)."""
    cls = unit_class(unit)
    return "vehicle" if cls == "gav" else cls


def is_ground(unit: Unit | str) -> bool:
    """A stack of infantry, vehicles or airspeeders (TOTE-GAP-25)."""
    return unit_class(unit) in GROUND_STACKS


def new_stack(uid: str, code: str, faction: str, space: str | None, count: int,
              garrisoned_in: str | None = None) -> Unit:
    """A ground stack of ``count`` units of ``code`` (``count``, ``wounds``, ``full``: the count it
    started with), optionally garrisoned in a facility (TOTE-GARRISON-01). Raises KeyError."""
    u = new_unit(uid, code, faction, space)
    u.update(count=count, wounds=0, full=count)
    if garrisoned_in:
        u["garrisoned_in"] = garrisoned_in
    return u


def is_capital(unit: Unit | str) -> bool:
    """A capital ship or a platform (handled as an immobile capital ship, TOTE-GAP-18)."""
    return unit_class(unit) in CAPITAL_LIKE


def is_installation(unit: Unit | str) -> bool:
    """A facility or a planetary weapon emplacement on a ground grid's Surface."""
    return unit_class(unit) in INSTALLATIONS


def is_small(unit: Unit | str) -> bool:
    """An SF squadron or an AUX craft."""
    return unit_class(unit) in SMALL_CRAFT


def flag(unit: Unit | str, name: str) -> bool:
    """A flag of the unit's type (``atmosphere_capable``, ``interdictor`` ...)."""
    return bool(spec(unit).has(name))


def cp(unit: Unit | str) -> int:
    """The unit's command points (installations and platforms hold none)."""
    return int(getattr(spec(unit), "cp", 0))


def new_unit(uid: str, code: str, faction: str, space: str | None, carried_by: str | None = None) -> Unit:
    """A fresh unit instance of type ``code`` at full strength. Raises KeyError for an unknown code."""
    s = spec(code)
    full = maxima_of(code)
    return {
        "id": uid, "type": code, "faction": faction, "space": space,
        "shields": full["shields"], "armor": full["armor"], "hull": full["hull"],
        "systems": int(getattr(s, "systems", 0)), "crew": int(getattr(s, "crew", 0)),
        "disabled": False, "destroyed": False, "derelict": False, "withdrawn": False,
        "final": False, "inert": False,
        "moved": False, "fired": False, "mp": speed(code), "acted": [], "fired_mounts": [],
        "tractored_by": None, "carried": [], "carried_by": carried_by, "patrol": False, "troops": [],
    }


def speed(unit: Unit | str) -> int:
    """Movement points per round: the unit's Speed (TOTE-GAP-04); 0 for platforms and installations."""
    return int(getattr(spec(unit), "speed", 0))


def maxima_of(code: str) -> dict[str, int]:
    """Full strength of each damage layer of a type: hull for capital ships, platforms and
    installations, systems (length/2) for capital ships and platforms (TOTE-GAP-14/18)."""
    s = spec(code)
    if is_ground(code):
        return {"shields": 0, "armor": 0, "hull": 0, "systems": 0}  # a stack counts units, not layers
    hull = s.hull if unit_class(code) in CAPITAL_LIKE + INSTALLATIONS else 0
    return {"shields": s.shields, "armor": s.armor, "hull": hull, "systems": int(getattr(s, "systems", 0))}


def maxima(unit: Unit) -> dict[str, int]:
    """Full strength of each damage layer of ``unit`` (shields, armor, hull, systems); a TIE Swarm's
    are the sums of its squadrons' (TOTE-GAP-21)."""
    if unit.get("swarm_types"):
        types = [spec(t) for t in unit["swarm_types"]]
        return {"shields": sum(t.shields for t in types), "armor": sum(t.armor for t in types), "hull": 0, "systems": 0}
    return maxima_of(unit["type"])


def in_battle(unit: Unit) -> bool:
    """Still in the battle: not withdrawn, and not destroyed (unless a destroyed squadron's final
    action is still to come, TOTE-DISABLE-09)."""
    return not unit["withdrawn"] and (not unit["destroyed"] or bool(unit.get("final")))


def on_grid(unit: Unit) -> bool:
    """In a grid space (not carried), in the battle."""
    return in_battle(unit) and unit["space"] is not None


def targetable(unit: Unit) -> bool:
    """May be attacked: on the grid and not destroyed (TOTE-GAP-52)."""
    return on_grid(unit) and not unit["destroyed"]


def can_act(unit: Unit) -> bool:
    """May still be given orders: in the battle, not derelict, not inert, and if DISABLED (or a
    destroyed squadron) only while its final actions are owed (TOTE-DISABLE-04/09, TOTE-GAP-22)."""
    if not in_battle(unit) or unit["derelict"] or unit["inert"] or unit.get("merged_into"):
        return False
    if unit.get("unassigned"):
        return False  # a campaign unit under nobody's command (TOTE-GAP-27/28) may be attacked, never act
    if unit["disabled"] or unit["destroyed"]:
        return bool(unit.get("final"))
    return True


def fighting(unit: Unit) -> bool:
    """Counts as a fighting unit for the battle's end: able to fight on (or aboard a carrier on) the
    grid, not derelict, not disabled."""
    if is_installation(unit) and not spec(unit).mounts:
        return False  # an unarmed facility holds nothing against a fleet
    return in_battle(unit) and not unit["destroyed"] and not unit["derelict"] and not unit["disabled"] \
        and not unit["inert"] and not unit.get("merged_into")


SCAN_RANGE = {
    # TOTE-GAP-37 coverage by the scanner's ring (SCAN-06/10/11/13): what a unit there detects
    "dsz": ("own_dsz", "c_ring", "b_ring", "a_ring"),
    "c_ring": ("bordering_dsz", "c_ring", "b_ring", "a_ring", "atmosphere"),
    "b_ring": ("c_ring", "b_ring", "a_ring", "atmosphere", "air", "surface"),
    "a_ring": ("c_ring", "b_ring", "a_ring", "atmosphere", "air", "surface"),
    "atmosphere": ("c_ring", "b_ring", "a_ring", "atmosphere", "air", "surface"),
    "air": ("c_ring", "b_ring", "a_ring", "atmosphere", "air", "surface"),
    "surface": ("c_ring", "b_ring", "a_ring", "atmosphere", "air", "surface"),
}


def can_scan(unit: Unit) -> bool:
    """Capital ships, platforms and AUX scan; an SF only with ``can_scan``; an installation only
    with a ComScan suite (TOTE-SCAN-03)."""
    return unit_class(unit) in ("capital", "platform", "aux") or flag(unit, "can_scan") or flag(unit, "comscan")


def detected(scanner_space: str, target_space: str) -> bool:
    """Whether an active scan from ``scanner_space`` covers ``target_space`` (TOTE-GAP-37)."""
    a, b = grid.space(scanner_space), grid.space(target_space)
    reach = SCAN_RANGE[a.kind]
    if b.kind == "dsz":
        return ("own_dsz" in reach and a.id == b.id) or ("bordering_dsz" in reach and a.quadrant == b.quadrant)
    return b.kind in reach


def sensor_spaces(state: State, faction: str) -> set[str]:
    """The spaces where ``faction`` has a unit on the grid that scans (every round, TOTE-GAP-37). In a
    campaign battle (``campaign_turn``) a ship that left hyperspace today has no scan completed yet:
    a scan takes 24 hours and its results come at the next turn start (TOTE-SCAN-02), as on the galaxy."""
    today = state.get("campaign_turn")
    return {u["space"] for u in state["units"].values()
            if u["faction"] == faction and on_grid(u) and not u["destroyed"] and not u["derelict"] and can_scan(u)
            and (today is None or u.get("arrived_turn") != today)}


def visible_spaces(state: State, faction: str) -> set[str]:
    """Every space ``faction``'s sensors cover now."""
    sensors = sensor_spaces(state, faction)
    return {s for s in grid.spaces() if any(detected(x, s) for x in sensors)}


def sees(state: State, viewer: str, unit: Unit, covered: set[str] | None = None) -> bool:
    """Whether seat ``viewer`` (or the GM) may know of ``unit``: its own units always; another
    faction's only on the grid in a space its sensors cover (units carried aboard are never seen).
    ``covered`` is :func:`visible_spaces` of the viewer, if already known."""
    if viewer == "gm" or unit["faction"] == viewer:
        return True
    if not on_grid(unit):
        return False
    if arrived_unseen(state, unit):  # TOTE-SCAN-14: a hyperspace exit into a DSZ is heard in that DSZ alone
        return unit["space"] in sensor_spaces(state, viewer)
    covered = visible_spaces(state, viewer) if covered is None else covered
    return unit["space"] in covered


def arrived_unseen(state: State, unit: Unit) -> bool:
    """Whether ``unit`` left hyperspace today into a Deep Space Zone (in a campaign battle or on the
    galaxy, ``campaign_turn``): only ships in that same DSZ detect it (TOTE-SCAN-14); from the C-Ring
    or further in it is undetectable until a later scan finds it (TOTE-SCAN-13)."""
    today = state.get("campaign_turn")
    return today is not None and unit.get("arrived_turn") == today and str(unit.get("space") or "").startswith("DSZ")


def units_of(state: State, faction: str) -> list[Unit]:
    """The faction's units still in the battle, in id order."""
    return [u for u in state["units"].values() if u["faction"] == faction and in_battle(u)]


def units_at(state: State, space: str) -> list[Unit]:
    """The units on the grid in ``space``."""
    return [u for u in state["units"].values() if u["space"] == space and on_grid(u)]


def hostile(state: State, a: str, b: str) -> bool:
    """Whether the factions of seats ``a`` and ``b`` are hostile (TOTE-GAP-45: every other player,
    unless the ``alliances`` option lists both, by seat or by faction, in one group)."""
    if a == b:
        return False
    allies = state.get("options", {}).get("alliances") or []
    if not allies:
        return True
    names_a = {a, state["seats"].get(a, {}).get("side")}
    names_b = {b, state["seats"].get(b, {}).get("side")}
    return not any(names_a & set(group) and names_b & set(group) for group in allies)


def damage_state(unit: Unit) -> str:
    """ok, damaged, disabled, derelict or destroyed."""
    if unit["destroyed"]:
        return "destroyed"
    if unit["derelict"]:
        return "derelict"
    if unit["disabled"]:
        return "disabled"
    if "count" in unit:
        return "damaged" if unit.get("wounds") or unit["count"] < unit.get("full", unit["count"]) else "ok"
    full = maxima(unit)
    if any(unit[k] < full[k] for k in ("shields", "armor", "hull", "systems")):
        return "damaged"
    return "ok"


def percent(unit: Unit, layer: str) -> int:
    """A layer's remaining strength in whole percent of its maximum (rounded down), 100 if it has none."""
    full = maxima(unit)[layer]
    return 100 if full == 0 else unit[layer] * 100 // full


def ids(units: Iterable[Unit]) -> list[str]:
    """The ids of ``units``."""
    return [u["id"] for u in units]


def mounts_left(u: Unit) -> list[str]:
    """The data spellings of the mounts ``u`` has not fired this round."""
    fired = set(u.get("fired_mounts", []))
    return [m.spec for m in spec(u).mounts if m.spec not in fired]
