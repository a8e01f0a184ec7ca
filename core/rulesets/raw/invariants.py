"""What must hold after every step of a Republic at War game (the conformance playouts and the property
tests check it after every order and every resolution).

- Ground forces are conserved except by a logged cause: every event that adds or removes GF says so
  in ``data["gf_change"]`` (a GF built, GF aboard a destroyed ship, assault losses, bombardment, a
  Hostile world), and the total on planets and aboard ships moves by exactly their sum.
- Ships and squadrons are conserved: a unit appears only with a ``build`` event naming it and leaves
  only with a ``destroyed`` event naming it; it changes owner only when its home world aligns or is
  captured (RAW-GAP-39), never otherwise (RAW-GAP-51).
- Credits: a planet's production moves only by logged improvements and bombardments
  (``data["production_change"]``); credits are never saved (RAW-ECON-03), so production is the stock.
- The caps hold for every side at every location (RAW-CAP-01..03); garrisons stay within 0..limit of
  their controller (RAW-GAP-30); a ship's cargo fits its capacity (RAW-JUMP-02); a carried unit is where
  its carrier is; a world's own forces stay in their home system (RAW-NEUTRAL-06).
- An order changes only the order sheets and their bookkeeping, never the galaxy.
- Every event has viewers, each a seat, a team, the GM or all; and the seat that gave an order sees it.
"""
from __future__ import annotations

from typing import Any

from core.rulesets.raw.data import SIDES
from core.rulesets.raw.model import (cap_points, cargo_used, gf_limit, is_deep, is_ship, over_caps,
                                     side_of_owner, system_of, utype)

State = dict[str, Any]
Event = dict[str, Any]
#: the state keys an order may change (RepublicAtWar.order_keys, plus the id counter builds reserve)
ORDER_KEYS = {"sheets", "seq", "admiral", "admiral_home", "concede", "over", "next_id", "away"}


def total_gf(state: State) -> int:
    """Every GF in the galaxy: garrisons plus GF aboard ships."""
    return sum(int(p["gf"]) for p in state["planets"].values()) + sum(int(u["gf"]) for u in state["units"].values())


def check(before: State, after: State, events: list[Event]) -> list[str]:
    """Readable breaches of the invariants in the step ``before`` -> ``after`` that produced ``events``."""
    problems: list[str] = []
    problems += _viewers(after, events)
    resolved = after.get("turn") != before.get("turn") or any(e.get("kind") in ("battle", "jump", "build", "end") for e in events)
    if not resolved:
        changed = sorted(k for k in set(before) | set(after) if k not in ORDER_KEYS and before.get(k) != after.get(k))
        if changed:
            problems.append(f"an order changed more than the order sheets: {', '.join(changed)}")
    problems += _ground_forces(before, after, events)
    problems += _units(before, after, events)
    problems += _production(before, after, events)
    problems += _limits(after)
    return problems


def _viewers(state: State, events: list[Event]) -> list[str]:
    seats = state["seats"]
    tokens = {"all", "gm"} | {f"team:{s}" for s in SIDES} | {f"seat:{s}" for s in seats}
    problems = []
    for e in events:
        bad = [t for t in e.get("to", []) if t not in tokens]
        if not e.get("to") or bad:
            problems.append(f"event {e.get('kind')!r} ({e.get('text', '')[:60]!r}) has viewers {e.get('to')}: not seats, teams, the GM or all")
        seat = e.get("data", {}).get("seat")
        if e.get("kind") == "order" and seat in seats:
            mine = {"all", f"seat:{seat}", f"team:{seats[seat]['side']}"}
            if not mine & set(e.get("to", [])):
                problems.append(f"{seat} cannot see their own order: {e.get('text')!r} goes to {e.get('to')}")
    return problems


def _ground_forces(before: State, after: State, events: list[Event]) -> list[str]:
    logged = sum(int(e.get("data", {}).get("gf_change", 0)) for e in events)
    moved = total_gf(after) - total_gf(before)
    problems = []
    if moved != logged:
        problems.append(f"ground forces not conserved: the total moved by {moved:+d} but the events account for {logged:+d}")
    negative = [f"{n} ({p['gf']})" for n, p in after["planets"].items() if int(p["gf"]) < 0]
    negative += [f"{u} ({x['gf']})" for u, x in after["units"].items() if int(x["gf"]) < 0]
    if negative:
        problems.append(f"fewer than 0 GF at {', '.join(negative)}")
    return problems


def _units(before: State, after: State, events: list[Event]) -> list[str]:
    built = {e["data"]["unit"] for e in events if e.get("kind") == "build" and e.get("data", {}).get("type")}
    lost = {e["data"]["unit"] for e in events if e.get("kind") == "destroyed"}
    old, new = set(before["units"]), set(after["units"])
    problems = []
    if new - old - built:
        problems.append(f"units appeared without a build event: {', '.join(sorted(new - old - built))}")
    if old - new - lost:
        problems.append(f"units vanished without a destroyed event: {', '.join(sorted(old - new - lost))}")
    if (new & lost) - built:
        problems.append(f"units reported destroyed are still there: {', '.join(sorted((new & lost) - built))}")
    turned = {e["data"]["planet"] for e in events if e.get("kind") in ("alliance", "capture") and e.get("data", {}).get("planet")}
    for uid in sorted(old & new):
        was, now = before["units"][uid], after["units"][uid]
        if was["owner"] != now["owner"] and was.get("home") not in turned:
            problems.append(f"{uid} changed owner from {was['owner']} to {now['owner']} with no alliance or capture of its home world")
        if was["type"] != now["type"]:
            problems.append(f"{uid} changed type from {was['type']} to {now['type']}")
    return problems


def _production(before: State, after: State, events: list[Event]) -> list[str]:
    logged: dict[str, int] = {}
    for e in events:
        data = e.get("data", {})
        if "production_change" in data:
            logged[data["planet"]] = logged.get(data["planet"], 0) + int(data["production_change"])
    problems = []
    for name, now in after["planets"].items():
        was = before["planets"][name]
        moved = int(now["production"]) + int(now.get("improving", 0)) - int(was["production"]) - int(was.get("improving", 0))
        if moved != logged.get(name, 0):
            problems.append(f"{name}'s production moved by {moved:+d} but the events account for {logged.get(name, 0):+d}")
        if int(now["production"]) < 0:
            problems.append(f"{name} produces {now['production']} credits, below 0")
    return problems


def _limits(state: State) -> list[str]:
    problems = []
    units = state["units"]
    places: dict[tuple[str, str], list[str]] = {}
    for uid, unit in units.items():
        places.setdefault((side_of_owner(state, unit["owner"]), unit["at"]), []).append(uid)
        if not is_deep(unit["at"]) and unit["at"] not in state["planets"]:
            problems.append(f"{uid} is at {unit['at']!r}, which is no place on the map")
        elif is_deep(unit["at"]) and system_of(unit["at"]) not in state["planets"]:
            problems.append(f"{uid} is in the deep space of {system_of(unit['at'])!r}, which is no system on the map")
        if unit.get("home") and system_of(unit["at"]) != unit["home"]:
            problems.append(f"{uid}, a defence ship of {unit['home']}, left its home system for {unit['at']} (RAW-NEUTRAL-06)")
        carrier = unit.get("aboard")
        if carrier:
            if carrier not in units or not is_ship(units[carrier]):
                problems.append(f"{uid} is aboard {carrier}, which is no ship")
            elif units[carrier]["at"] != unit["at"]:
                problems.append(f"{uid} is aboard {carrier} but at {unit['at']}, while its carrier is at {units[carrier]['at']}")
        if is_ship(unit) and cargo_used(state, uid) > utype(unit).capacity:
            problems.append(f"{uid} ({unit['type']}) carries {cargo_used(state, uid)}, over its capacity {utype(unit).capacity} (RAW-JUMP-02)")
        if not is_ship(unit) and unit["gf"]:
            problems.append(f"squadron {uid} holds {unit['gf']} GF")
    for (side, loc), uids in sorted(places.items()):
        ships, squadrons = cap_points(state, uids)
        if over_caps(ships, squadrons):
            problems.append(f"{side} has {ships} ship and {squadrons} squadron points at {loc}: over the 400/400/500 caps (RAW-CAP-01..03)")
    for name, info in state["planets"].items():
        owner = info["owner"]
        limit = gf_limit(str(state["seats"][owner]["side"])) if owner else 0
        if owner is None and int(info["gf"]):
            problems.append(f"{name} has no controller but {info['gf']} GF")
        if int(info["gf"]) > max(limit, int(state["options"].get("starting_garrison", 0) or 0)):
            problems.append(f"{name} holds {info['gf']} GF, over the {limit} its controller may keep (RAW-GAP-30)")
    return problems
