"""State helpers for the GCW campaign: sides and seats, units and fleets, points, limits, sealing.

State layout (all plain JSON):
- ``units``: ``{id: {"id", "side", "code", "upgrades": [code], "damage": int, "fleet": fleet id | "pool"}}``;
  a loose Commander or Officer in the force pool is a unit whose card is an upgrade.
- ``fleets``: ``{id: {"id", "side", "system", "units": [unit id], "arrived": int}}`` (the Death Star
  is not a fleet here; it lives in ``deathstar``).
- ``systems``: ``{name: {"owner": side | None, "destroyed": bool, "cards": {side: "down"|"up"|"discarded"}}}``.
- ``sides``: ``{side: {"cp", "rp", "vp", "lost": {unique name: turn}}}``.
- ``sealed``: ``{id: {"owner", "kind", "turn", "hash", "salt", "content", "revealed"}}``.
"""
from __future__ import annotations

import hashlib
import hmac
import json
from typing import Any

from core.dice import Dice
from core.errors import OrderError
from core.events import GM, Event, event, to_team

from .data import SIDES, Card, rules

State = dict[str, Any]
SIZE_RANK = {"small": 1, "medium": 2, "large": 3}
EMPIRE_FLEET_NAMES = ["Aurek", "Besh", "Cresh", "Dorn", "Esk", "Forn", "Grek", "Herf", "Isk", "Jenth", "Krill", "Leth"]
REBEL_FLEET_NAMES = ["Red", "Gold", "Blue", "Green", "Rogue", "Gray", "Yellow", "Black", "Wild", "Echo", "Nova", "Polaris"]


def other(side: str) -> str:
    """The opposing side."""
    return "Rebel" if side == "Empire" else "Empire"


def seats_of(state: State, side: str) -> list[str]:
    """The seats playing ``side``, in seat order."""
    return [name for name, info in state["seats"].items() if info["side"] == side]


def side_of(state: State, seat: str) -> str:
    """The side of a seat. Raises OrderError for an unknown seat."""
    info = state["seats"].get(seat)
    if info is None:
        raise OrderError(f"no seat {seat!r}")
    return str(info["side"])


def team(side: str) -> list[str]:
    """The viewer tokens of one side (its seats and the GM)."""
    return [to_team(side), GM]


def log(state: State, kind: str, text: str, to: list[str] | None = None, **data: Any) -> Event:
    """An event of this turn, public unless ``to`` is given."""
    return event(kind, text, to or ["all"], int(state["turn"]), **data)


# -- cards and points ---------------------------------------------------------------------------------
def card(code: str) -> Card:
    """The roster card of a code."""
    return rules().roster[code]


def unit_points(unit: dict[str, Any]) -> int:
    """A unit's fleet points: its card plus its upgrades (campaign costs)."""
    data = rules()
    return data.cost(unit["code"]) + sum(data.cost(u) for u in unit.get("upgrades", []))


def is_ship(unit: dict[str, Any]) -> bool:
    return card(unit["code"]).kind == "ship"


def is_squadron(unit: dict[str, Any]) -> bool:
    return card(unit["code"]).kind == "squadron"


def fleet_units(state: State, fid: str) -> list[dict[str, Any]]:
    """The units of a fleet, in fleet order."""
    return [state["units"][u] for u in state["fleets"][fid]["units"]]


def points_of(units: list[dict[str, Any]]) -> int:
    return sum(unit_points(u) for u in units)


def fleet_points(state: State, fid: str) -> int:
    """A fleet's points."""
    return points_of(fleet_units(state, fid))


def squadron_points(units: list[dict[str, Any]]) -> int:
    return sum(unit_points(u) for u in units if is_squadron(u))


def commanders(units: list[dict[str, Any]]) -> int:
    """How many Commander upgrades these units carry."""
    return sum(1 for u in units for up in u.get("upgrades", []) if card(up).type == "commander")


def fleets_of(state: State, side: str) -> list[str]:
    """The ids of a side's fleets on the map (not the pool, not the Death Star), sorted."""
    return sorted(f for f, info in state["fleets"].items() if info["side"] == side)


def fleets_at(state: State, system: str, side: str | None = None) -> list[str]:
    """The fleets in ``system`` (of ``side`` if given)."""
    return sorted(f for f, info in state["fleets"].items()
                  if info["system"] == system and (side is None or info["side"] == side))


def pool_units(state: State, side: str) -> list[dict[str, Any]]:
    """The units in a side's force pool."""
    return [u for u in state["units"].values() if u["side"] == side and u["fleet"] == "pool"]


def map_points(state: State, side: str) -> int:
    """A side's fleet points on the map (initiative, GCW-INIT-01): no pool, no Death Star."""
    return sum(fleet_points(state, f) for f in fleets_of(state, side))


def total_value(state: State, side: str) -> int:
    """A side's whole value: map fleets plus the force pool (GCW-GAP-24, GCW-GAP-38)."""
    return map_points(state, side) + points_of(pool_units(state, side))


def largest_size(units: list[dict[str, Any]]) -> str:
    """The size of the largest ship among ``units`` ("small" if none)."""
    best = "small"
    for u in units:
        c = card(u["code"])
        if c.kind == "ship" and SIZE_RANK[c.size] > SIZE_RANK[best]:
            best = c.size
    return best


def move_cost(state: State, fid: str) -> int:
    """CP to move a fleet once: its largest ship's size, +1 with an Admiral (GCW-MOVE-03/04)."""
    const = rules().const["move_cost"]
    units = fleet_units(state, fid)
    return int(const[largest_size(units)]) + (int(const["admiral_extra"]) if commanders(units) else 0)


def move_cost_of(largest: str, admiral: bool) -> int:
    """The move cost for a fleet description (test vectors of the catalog)."""
    const = rules().const["move_cost"]
    return int(const[largest]) + (int(const["admiral_extra"]) if admiral else 0)


def hull(unit: dict[str, Any]) -> int:
    """A ship's current hull: printed hull less persistent damage, never below 1 (GCW-GAP-22)."""
    return max(1, card(unit["code"]).hull - int(unit.get("damage", 0)))


# -- systems ------------------------------------------------------------------------------------------
def controls(state: State, side: str, system: str) -> bool:
    info = state["systems"][system]
    return info["owner"] == side and not info["destroyed"]


def card_applies(state: State, side: str, system: str) -> bool:
    """Whether ``side``'s card of ``system`` gives its benefit now (GCW-CARD-04)."""
    info = state["systems"][system]
    status = info["cards"][side]
    if status != "up" or info["destroyed"]:
        return False
    sc = rules().cards[system][side]
    if sc.lasts == "faceup":
        return True
    return info["owner"] == side


def effect_total(state: State, side: str, effect: str) -> int:
    """The sum of ``effect`` amounts over ``side``'s cards that apply."""
    total = 0
    for system, sides in rules().cards.items():
        sc = sides[side]
        if sc.effect == effect and sc.lasts != "once" and card_applies(state, side, system):
            total += sc.amount
    return total


def yard_value(state: State, side: str, system: str) -> int:
    """The yard value ``side`` may use at ``system`` (0: none): printed yard, +repair cards (GCW-REPAIR-03)."""
    yard = rules().shipyards.get(system)
    if yard is None or side not in yard["sides"] or not controls(state, side, system):
        return 0
    bonus = 0
    sc = rules().cards[system][side]
    if sc.effect == "repair" and card_applies(state, side, system):
        bonus = sc.amount
    return int(yard["yard"]) + bonus


def distance(start: str, goal: str) -> int:
    """Jumps between two systems along routes (a large number if unreachable)."""
    if start == goal:
        return 0
    adjacent = rules().adjacent
    seen, frontier, d = {start}, [start], 0
    while frontier:
        d += 1
        nxt = []
        for s in frontier:
            for n in adjacent[s]:
                if n == goal:
                    return d
                if n not in seen:
                    seen.add(n)
                    nxt.append(n)
        frontier = nxt
    return 999


# -- making units and fleets --------------------------------------------------------------------------
def new_unit(state: State, side: str, code: str, upgrades: list[str] | None = None, fleet: str = "pool") -> str:
    """Add a unit; return its id (E1, E2 ... / R1, R2 ...)."""
    counters = state["counters"]["unit"]
    counters[side] += 1
    uid = f"{side[0]}{counters[side]}"
    state["units"][uid] = {"id": uid, "side": side, "code": code, "upgrades": list(upgrades or []),
                           "damage": 0, "fleet": fleet}
    return uid


def new_fleet(state: State, side: str, system: str, units: list[str]) -> str:
    """Form a fleet of ``units`` in ``system``; return its name."""
    names = EMPIRE_FLEET_NAMES if side == "Empire" else REBEL_FLEET_NAMES
    n = state["counters"]["fleet"][side]
    state["counters"]["fleet"][side] += 1
    fid = names[n % len(names)] + ("" if n < len(names) else str(n // len(names) + 1))
    state["fleets"][fid] = {"id": fid, "side": side, "system": system, "units": [], "arrived": 0}
    for uid in units:
        put(state, uid, fid)
    return fid


def put(state: State, uid: str, where: str) -> None:
    """Move a unit into a fleet or the pool, dropping emptied fleets."""
    unit = state["units"][uid]
    old = unit["fleet"]
    if old != "pool" and old in state["fleets"]:
        state["fleets"][old]["units"].remove(uid)
        if not state["fleets"][old]["units"]:
            del state["fleets"][old]
    unit["fleet"] = where
    if where != "pool":
        state["fleets"][where]["units"].append(uid)


def remove_unit(state: State, uid: str) -> None:
    """A unit is destroyed: take it off the game, remembering its unique cards (GCW-UNIQUE-01)."""
    unit = state["units"][uid]
    lost = state["sides"][unit["side"]]["lost"]
    for code in [unit["code"], *unit.get("upgrades", [])]:
        if card(code).unique:
            lost[card(code).unique] = int(state["turn"])
    if unit["fleet"] != "pool":
        put(state, uid, "pool")
    del state["units"][uid]


def uniques_held(state: State, side: str) -> set[str]:
    """The unique names a side holds in its fleets and force pool."""
    held: set[str] = set()
    for unit in state["units"].values():
        if unit["side"] != side:
            continue
        for code in [unit["code"], *unit.get("upgrades", [])]:
            if card(code).unique:
                held.add(card(code).unique)
    return held


# -- limits -------------------------------------------------------------------------------------------
def fleet_problems(state: State, side: str, involved: list[str], new_fleet_count: int | None = None) -> list[str]:
    """What breaks GCW-REORG-03..08 for the involved fleets (empty when legal)."""
    lim = rules().const["fleet_limits"]
    problems: list[str] = []
    fleets = fleets_of(state, side)
    count = len(fleets) if new_fleet_count is None else new_fleet_count
    if count > int(lim["max_fleets"]):
        problems.append(f"{side} would have {count} fleets (at most {lim['max_fleets']})")
    total = map_points(state, side)
    num, den = lim["max_share"]
    for fid in involved:
        if fid not in state["fleets"]:
            continue
        units = fleet_units(state, fid)
        pts = points_of(units)
        if len(fleets) >= 2 and den * pts > num * total:
            problems.append(f"{fid} would hold {pts} of {total} points (more than two thirds)")
        if pts > int(lim["max_points"]):
            problems.append(f"{fid} would be {pts} points (at most {lim['max_points']})")
        if pts < int(lim["min_points"]):
            problems.append(f"{fid} would be {pts} points (at least {lim['min_points']})")
        if commanders(units) > int(lim["max_commanders"]):
            problems.append(f"{fid} would have {commanders(units)} Commanders (at most 1)")
        sq_num, sq_den = lim["squadron_max"]
        if sq_den * squadron_points(units) > sq_num * pts:
            problems.append(f"{fid} would have {squadron_points(units)} of {pts} points in squadrons (at most one third)")
        if not any(is_ship(u) for u in units):
            problems.append(f"{fid} would have no ship")
    return problems


# -- lists --------------------------------------------------------------------------------------------
def parse_list(text: str, side: str, line: str) -> list[tuple[str, list[str]]]:
    """Read a list like ``victory-2+tarkin,raider-1,tie-fighter*2``. Raises OrderError quoting ``line``."""
    roster = rules().roster
    items: list[tuple[str, list[str]]] = []
    for raw in text.replace(" ", "").split(","):
        if not raw:
            continue
        count = 1
        if "*" in raw:
            raw, _, times = raw.partition("*")
            if not times.isdigit() or not 1 <= int(times) <= 12:
                raise OrderError(f"{line!r}: {times!r} after '*' must be a count from 1 to 12")
            count = int(times)
        code, *ups = raw.lower().split("+")
        legal = [c.code for c in roster.values() if c.kind != "upgrade" and c.usable_by(side)]
        if code not in roster or roster[code].kind == "upgrade" or not roster[code].usable_by(side):
            raise OrderError(f"{line!r}: {code!r} is not a {side} ship or squadron; legal: {', '.join(legal)}")
        for up in ups:
            ups_legal = [c.code for c in roster.values() if c.kind == "upgrade" and c.usable_by(side)]
            if up not in roster or roster[up].kind != "upgrade" or not roster[up].usable_by(side):
                raise OrderError(f"{line!r}: {up!r} is not a {side} upgrade; legal: {', '.join(ups_legal)}")
            if roster[code].kind != "ship":
                raise OrderError(f"{line!r}: upgrades go on ships, not on the squadron {code!r}")
        for _ in range(count):
            items.append((code, list(ups)))
    if not items:
        raise OrderError(f"{line!r}: the list is empty; e.g. victory-2+tarkin,raider-1,tie-fighter*2")
    return items


def list_problems(items: list[tuple[str, list[str]]]) -> list[str]:
    """What breaks the setup rules GCW-SETUP-01/03/04/05/06 (empty when legal)."""
    data = rules()
    setup = data.const["setup"]
    pts = sum(data.cost(c) + sum(data.cost(u) for u in ups) for c, ups in items)
    squads = sum(data.cost(c) for c, _ in items if data.roster[c].kind == "squadron")
    problems = []
    if pts > int(setup["points"]):
        problems.append(f"the list costs {pts} points (at most {setup['points']})")
    if any(data.roster[c].size == "large" for c, _ in items):
        problems.append("no large ships at setup")
    admirals = sum(1 for _, ups in items for u in ups if data.roster[u].type == "commander")
    if admirals != int(setup["admirals_required"]):
        problems.append(f"the list must hold exactly 1 Admiral (a Commander upgrade); it holds {admirals}")
    num, den = setup["squadron_max"]
    if den * squads > num * int(setup["points"]):
        problems.append(f"{squads} points of squadrons (at most {num * int(setup['points']) // den})")
    seen: set[str] = set()
    for c, ups in items:
        for code in [c, *ups]:
            u = data.roster[code].unique
            if u and u in seen:
                problems.append(f"the unique card {u} twice")
            if u:
                seen.add(u)
    if not any(data.roster[c].kind == "ship" for c, _ in items):
        problems.append("the list needs at least one ship")
    return problems


def list_points(items: list[tuple[str, list[str]]]) -> int:
    data = rules()
    return sum(data.cost(c) + sum(data.cost(u) for u in ups) for c, ups in items)


# -- sealed records -----------------------------------------------------------------------------------
def seal_hash(salt: str, content: Any) -> str:
    """The published commitment of a sealed record: sha256 of its salted canonical JSON."""
    text = json.dumps({"salt": salt, "content": content}, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def seal_salt(state: State, rid: str) -> str:
    """The salt of sealed record ``rid``: keyed by the game's secret (``state["secret"]``, randomness the
    session took from the edge at creation), never by the dice seed, so neither a typed seed nor its
    published hash tells anyone what a record holds. Revealed with the record.

    A game saved before games carried a secret falls back to its seed, as it always did.
    """
    secret = state.get("secret")
    if not secret:
        return hashlib.sha256(f"{state['dice']['seed']}:seal:{rid}".encode("utf-8")).hexdigest()[:16]
    return hmac.new(str(secret).encode("utf-8"), f"seal:{rid}".encode("utf-8"), hashlib.sha256).hexdigest()[:32]


def sealed_words(content: Any) -> str:
    """A sealed record's content as a player reads it: ``list victory-2+tarkin, raider-1; start Coruscant``
    (never raw JSON; the exact content stays in the event's data for checking the hash)."""
    if isinstance(content, dict):
        return "; ".join(f"{key} {sealed_words(value)}" for key, value in sorted(content.items())) or "nothing"
    if isinstance(content, (list, tuple)):
        return ", ".join(sealed_words(v) for v in content) or "none"
    if isinstance(content, str) and "," in content and " " not in content:
        return ", ".join(content.split(","))
    return str(content)


def seal(state: State, owner: str, kind: str, content: Any, label: str) -> tuple[str, list[Event]]:
    """Seal ``content`` for ``owner``; the owner sees it, everyone sees its hash. Returns (id, events)."""
    state["counters"]["sealed"] += 1
    rid = f"S{state['counters']['sealed']}"
    salt = seal_salt(state, rid)
    digest = seal_hash(salt, content)
    state["sealed"][rid] = {"id": rid, "owner": owner, "kind": kind, "turn": int(state["turn"]), "hash": digest,
                            "salt": salt, "content": content, "revealed": False, "label": label}
    events = [
        log(state, "sealed", f"{owner} sealed {label} ({rid}): {sealed_words(content)}; sealed, verifiable", team(owner),
            record=rid, content=content, hash=digest),
        log(state, "sealed", f"{owner} sealed {label} ({rid}): sealed, verifiable", record=rid, hash=digest),
    ]
    return rid, events


def reveal(state: State, rid: str) -> list[Event]:
    """Reveal a sealed record to everyone, with its salt so its hash can be checked."""
    rec = state["sealed"][rid]
    if rec["revealed"]:
        return []
    rec["revealed"] = True
    return [log(state, "revealed", f"{rec['owner']} reveals {rec['label']} ({rid}): "
                f"{sealed_words(rec['content'])}; it matches its seal (verifiable with its salt and hash)",
                record=rid, content=rec["content"], salt=rec["salt"], hash=rec["hash"])]


def end_game(state: State, winners: list[str], reason: str) -> list[Event]:
    """The game ends: record the result and reveal every sealed record still closed, with its salt
    (GCW-SETUP-11: "revealed if ... the game ends"), whatever the ending."""
    state["result"] = {"winners": list(winners), "reason": reason}
    events = [log(state, "victory", reason)]
    for rid in sorted(state["sealed"], key=lambda r: int(r[1:]) if r[1:].isdigit() else 0):
        events += reveal(state, rid)
    return events


def entry_ok(state: State, side: str, system: str) -> bool:
    """Whether reinforcements of ``side`` may appear at ``system`` (GCW-POOL-05)."""
    if state["systems"][system]["destroyed"]:
        return False
    if side == "Empire":
        return system in rules().const["reinforcement_entry"]["Empire"] and controls(state, side, system)
    if fleets_at(state, system, "Rebel"):
        return True
    # GCW-GAP-23 option "Rebel survives": a tabled Rebel may deploy a new fleet at the Secret Base
    return (bool(state["options"].get("rebel_survives")) and not fleets_of(state, "Rebel")
            and state["base"].get("system") == system)


def Ruleset_dice(state: State) -> Any:
    """The game's dice at the state's counter (same as Ruleset.dice)."""
    return Dice.from_state(state["dice"], turn=int(state.get("turn", 0)))
