"""Setting up a battle: the scenario, the factions' fleets, the initiative.

Scenarios and fleets are data (``data/scenarios.toml``). A fleet is checked when the game is set
up by :mod:`.fleet`: 23 CP at most and 7 capital ships at most (TOTE-CP-02/03), escorts within
their caps (ESC), and only unit types of the faction's technology (TOTE-FACTION-11). Any seat may
bring another fleet with the ``lists`` option (seat or faction -> a faction's code for its ready
fleet, or list text ``"GE: ISD2:1, VSD:1"``, as the fleet builder writes it). Each faction arrives in
the start ring of its own quadrant (the k-th faction drawn in quadrant k mod 4 + 1); the craft of each ship's
complement come aboard it (TOTE-STOCK-01). The initiative, and with it each faction's quadrant,
is drawn at random (TOTE-GAP-02, TOTE-FLOW-01).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from core.dice import Dice
from core.errors import SetupError
from core.packaged import packaged_toml
from core.rulesets.tote.rules import fleet, model
from core.rulesets.tote.rules.data import ground_types, unit_types
from core.rulesets.tote.rules.galaxy import strongholds
from core.rulesets.tote.rules.model import FACTIONS, State

RING = {"DSZ": "DSZ", "C": "C", "B": "B"}


@dataclass(frozen=True)
class Scenario:
    """A battle scenario: id, name, text, planet, seats allowed, start ring and day limit."""

    id: str
    name: str
    text: str
    planet: str
    min: int
    max: int
    start: str
    day_limit: int
    defenses: tuple[tuple[str, int], ...] = ()
    installations: tuple[tuple[str, int], ...] = ()


@cache
def scenarios() -> dict[str, Scenario]:
    """The scenarios of ``data/scenarios.toml``. Raises SetupError naming a bad entry."""
    raw = packaged_toml("core.rulesets.tote", "data", "scenarios.toml")
    out = {}
    for sid, row in raw.get("scenario", {}).items():
        try:
            sc = Scenario(sid, str(row["name"]), str(row["text"]), str(row["planet"]), int(row["min"]), int(row["max"]),
                          str(row["start"]), int(row.get("day_limit", 0)),
                          tuple((str(k), int(v)) for k, v in (row.get("defenses") or {}).items()),
                          tuple((str(k), int(v)) for k, v in (row.get("installations") or {}).items()))
        except (KeyError, TypeError, ValueError) as exc:
            raise SetupError(f"scenarios.toml, scenario {sid}: {exc!r}") from None
        if sc.start not in RING or not 2 <= sc.min <= sc.max <= len(FACTIONS):
            raise SetupError(f"scenarios.toml, scenario {sid}: start must be DSZ, C or B and 2 <= min <= max <= 10")
        out[sid] = sc
    return out


#: The infantry that garrisons a faction's command center (the rest field stock infantry squads).
GARRISON_INFANTRY = {"GE": "STORM", "IR": "STORM", "TF": "DROID", "NR": "COMMANDO", "RA": "COMMANDO"}

#: Where the free stronghold defenses stand in the defender's quadrant q (TOTE-GAP-59: the owner
#: places them in the C, B and A rings; this is the engine's placement for a battle set up at once).
DEFENSE_RINGS = {"OMEGA": ["B"], "GAMMA": ["C", "B", "A"], "SIGMA": ["A"]}


@cache
def forces() -> dict[str, tuple[str, dict[str, int]]]:
    """Each faction's ready fleet: faction -> (name, {unit code: count})."""
    raw = packaged_toml("core.rulesets.tote", "data", "scenarios.toml")
    return {f: (str(row["name"]), {str(k): int(v) for k, v in row["units"].items()}) for f, row in raw.get("force", {}).items()}


def starter_lists() -> dict[str, str]:
    """Each faction's ready fleet as list text, by faction: ``{"GE": "GE: ACC:1, STRK:1, ESC:1, TIEAV:1"}``."""
    return {faction: fleet.list_text(faction, units) for faction, (_name, units) in forces().items()}


def fleet_for(options: dict[str, Any], seat: str, faction: str) -> tuple[str, dict[str, int]]:
    """The fleet a seat brings: the ``lists`` option for the seat or its faction (a faction's code
    for its ready fleet, or list text such as ``"GE: ISD2:1, VSD:1"`` or ``"ISD2:1, VSD:1"``), else
    the faction's ready fleet. Checked by :func:`fleet.fleet_problems` (TOTE-CP, ESC, FACTION-11).
    Raises SetupError for an unreadable, foreign or illegal fleet."""
    lists = options.get("lists") or {}
    wanted = lists.get(seat) or lists.get(faction)
    if wanted and str(wanted).strip().upper() in forces():
        name, units = forces()[str(wanted).strip().upper()]
        listed = str(wanted).strip().upper()
    elif wanted:
        listed_or_none, text = fleet.split_list(str(wanted))
        listed = listed_or_none or faction
        try:
            units = fleet.parse_fleet(text)
        except fleet.FleetError as exc:
            raise SetupError(f"{seat}'s fleet: {exc}") from None
        name = f"{seat}'s fleet"
    else:
        if faction not in forces():
            raise SetupError(f"no ready fleet for {faction}; give one with the lists option")
        name, units = forces()[faction]
        listed = faction
    if listed != faction:
        raise SetupError(f"{seat} plays {faction} but was given a {listed} fleet; give a {faction} list")
    if not units:
        raise SetupError(f"{seat}'s fleet names no units; write e.g. 'ISD2:1, VSD:1'")
    problems = fleet.fleet_problems(faction, units)
    if problems:
        raise SetupError(f"{seat}'s fleet ({faction}) is not legal: " + "; ".join(problems))
    return name, units


def equip(units: dict[str, dict[str, Any]], uid: str, side: str, n: int) -> int:
    """Give ship ``uid`` of ``units`` its complement (TOTE-DATA-01 ``complement``, stock units): its
    infantry as ``troops``, its GAVs and airspeeders as ``vehicles`` (put down on a ground grid when
    it or its landing craft lands), its craft as new units aboard (ids ``{side}-{n+1}``...,
    ``attached_to`` it: their CP is its own, TOTE-BURDEN-02), each AUX loaded by :func:`load`.
    Changes ``units`` in place; returns the last number used."""
    types = unit_types()
    ship = units[uid]
    seat = ship["faction"]
    infantry = {c for c, g in ground_types().items() if g.cls == "infantry"}
    ship["troops"] = [{"id": f"{uid}-{c}", "type": c, "count": m, "wounds": 0}
                      for c, m in types[ship["type"]].complement if c in infantry]
    ship["vehicles"] = [{"id": f"{uid}-{c}", "type": c, "count": m, "wounds": 0}
                        for c, m in types[ship["type"]].complement if c in ground_types() and c not in infantry]
    for craft, m in types[ship["type"]].complement:
        if craft not in types:
            continue  # vehicles and troops ride in its bay (above), not its hangar
        for _ in range(m):
            n += 1
            cid = f"{side}-{n}"
            units[cid] = model.new_unit(cid, craft, seat, None, carried_by=uid)
            units[cid]["attached_to"] = uid
            units[uid]["carried"].append(cid)
            load(units[cid], ship)
    return n


def load(aux: dict[str, Any], ship: dict[str, Any]) -> None:
    """An AUX of a ship's complement takes aboard infantry from the ship, up to its troop capacity
    (room 1 a squad): the boarding parties it can deliver (TOTE-BOARD-01, TOTE-GAP-56)."""
    room = unit_types()[aux["type"]].troop_capacity
    aux.setdefault("troops", [])
    aux.setdefault("vehicles", [])
    barge = "landing_barge" in unit_types()[aux["type"]].flags
    for stack in [] if barge else ship.get("troops", []):
        take = min(room, stack["count"])
        if take <= 0:
            continue
        stack["count"] -= take
        room -= take
        aux["troops"].append({"id": f"{aux['id']}-{stack['type']}", "type": stack["type"], "count": take, "wounds": 0})
    ship["troops"] = [t for t in ship.get("troops", []) if t["count"] > 0]
    if "can_land" not in unit_types()[aux["type"]].flags:
        return
    for stack in ship.get("vehicles", []):  # GAVs and airspeeders in the room left (a barge: all of it)
        size = ground_types()[stack["type"]].room_size
        take = min(room // size, stack["count"])
        if take <= 0:
            continue
        stack["count"] -= take
        room -= take * size
        aux["vehicles"].append({"id": f"{aux['id']}-{stack['type']}", "type": stack["type"], "count": take, "wounds": 0})
    ship["vehicles"] = [t for t in ship.get("vehicles", []) if t["count"] > 0]


def new_state(scenario: str, seats: list[tuple[str, str]], options: dict[str, Any], seed: str) -> State:
    """A new battle. Raises SetupError for an unknown scenario, a bad table or an illegal fleet."""
    if scenario not in scenarios():
        raise SetupError(f"unknown scenario {scenario!r}; scenarios: {', '.join(scenarios())}")
    sc = scenarios()[scenario]
    if not sc.min <= len(seats) <= sc.max:
        raise SetupError(f"{sc.name} takes {sc.min} to {sc.max} factions; got {len(seats)}")
    sides = [s for _, s in seats]
    for side in sides:
        if side not in FACTIONS:
            raise SetupError(f"{side!r} is no faction; factions: {', '.join(FACTIONS)}")
    if len(set(sides)) != len(sides):
        raise SetupError(f"every player is a faction of their own (TOTE-META-01): {', '.join(sides)} repeats one")
    units: dict[str, dict[str, Any]] = {}
    fleets: dict[str, str] = {}
    dice = Dice.from_state({"seed": seed, "n": 0})
    pool = [s for s, _ in seats]
    initiative = []
    while pool:
        initiative.append(pool.pop(pool.index(dice.pick(pool, "initiative (TOTE-GAP-02)"))))
    # TOTE-FLOW-01: places are drawn too: faction k of the drawn order takes quadrant k mod 4 + 1
    # (in the stronghold scenario the defender, the first seat, keeps its own quadrant 1)
    order = initiative if not sc.defenses else [seats[0][0]] + [x for x in initiative if x != seats[0][0]]
    for seat, side in seats:
        k = order.index(seat)
        name, fleet = fleet_for(options, seat, side)
        fleets[seat] = name
        defender = bool(sc.defenses) and k == 0
        space = f"{'C' if defender else RING[sc.start]}-{k % 4 + 1}"
        n = 0
        ships = []
        if defender:
            for code, count in sc.defenses:  # TOTE-STRONG-01: free, outside the 23 CP (TOTE-PDF-02)
                for i in range(count):
                    n += 1
                    uid = f"{side}-{n}"
                    rings = DEFENSE_RINGS.get(code, ["B"])
                    units[uid] = model.new_unit(uid, code, seat, f"{rings[i % len(rings)]}-{k % 4 + 1}")
                    units[uid]["bonus"] = True  # free: they commit no CP (TOTE-PDF-02)
                    ships.append(uid)
            for code, count in sc.installations:  # its facility and planetary guns on the ground below
                for _ in range(count):
                    n += 1
                    uid = f"{side}-{n}"
                    units[uid] = model.new_unit(uid, code, seat, f"G-{k % 4 + 1}/surface")
                    room = dict(model.spec(code).garrison).get("INF", 0)
                    if room:  # its garrison: the faction's infantry, up to the facility's room (TOTE-GARRISON-01)
                        n += 1
                        gid = f"{side}-{n}"
                        units[gid] = model.new_stack(gid, GARRISON_INFANTRY.get(side, "INF"), seat,
                                                     f"G-{k % 4 + 1}/surface", min(room, 100), garrisoned_in=uid)
        for code, count in fleet.items():
            for _ in range(count):
                n += 1
                uid = f"{side}-{n}"
                units[uid] = model.new_unit(uid, code, seat, space)
                ships.append(uid)
        for uid in ships:
            n = equip(units, uid, side, n)
    state: State = {
        "ruleset": "tote", "turn": 1, "hour": 0, "dice": dice.to_state(),
        "seats": {s: {"side": side} for s, side in seats}, "sheets": {s: [] for s, _ in seats}, "away": [],
        "scenario": scenario, "options": dict(options, day_limit=int(options.get("day_limit") or sc.day_limit)),
        "planet": sc.planet or strongholds().get(seats[0][1], "the stronghold"), "ground": True, "fleets": fleets, "units": units,
        "initiative": initiative, "active": None, "post": {"seat": None, "ordered": [], "occupied": []},
        "posted": [], "result": None,
    }
    rolls = dice.drain()
    state["initiative_roll"] = [ev["text"] for ev in rolls]
    state["opening"] = rolls  # the initiative's dice, for the record (:meth:`BattleRules.opening`)
    return state
