"""The GCW campaign's invariants, checked after every step by the conformance playouts and the property
tests (``Ruleset.invariants``): fleet and Commander limits, resources that change only by a logged
cause, units that appear or vanish only by a logged cause, and sealed records that never change.

Every event that changes a side's CP, RP or VP carries ``data["ledger"]``: ``[[side, "cp"|"rp"|"vp",
delta], ...]``; the sum of a step's ledgers must equal the change of the step.
"""
from __future__ import annotations

import re
from typing import Any

from .data import rules
from .model import State, commanders, fleet_units, fleets_of, seal_hash

RESOURCES = ("cp", "rp", "vp")


def check(before: State, after: State, events: list[dict[str, Any]]) -> list[str]:
    """Every broken invariant of the step ``before`` -> ``after`` that produced ``events``, one message each."""
    return (fleet_limits(after) + ledger(before, after, events) + units_logged(before, after, events)
            + sealed_records(before, after, events) + base_record(after))


def fleet_limits(state: State) -> list[str]:
    """At most 6 fleets a side (GCW-REORG-03), at most one Commander a fleet (GCW-REORG-07, GCW-POOL-02),
    no empty fleet, every unit where its fleet says it is, and no negative CP or RP."""
    problems = []
    limit = int(rules().const["fleet_limits"]["max_fleets"])
    for side in ("Empire", "Rebel"):
        count = len(fleets_of(state, side))
        if count > limit:
            problems.append(f"{side} has {count} fleets (at most {limit}, GCW-REORG-03)")
        for res in ("cp", "rp"):
            if int(state["sides"][side][res]) < 0:
                problems.append(f"{side} has {state['sides'][side][res]} {res.upper()}")
    for fid, info in state["fleets"].items():
        if not info["units"]:
            problems.append(f"fleet {fid} is empty")
            continue
        n = commanders(fleet_units(state, fid))
        if n > 1:
            problems.append(f"fleet {fid} has {n} Commanders (at most 1, GCW-REORG-07)")
        for uid in info["units"]:
            if state["units"].get(uid, {}).get("fleet") != fid:
                problems.append(f"fleet {fid} lists {uid}, which is not in it")
    for uid, unit in state["units"].items():
        where = unit["fleet"]
        if where != "pool" and uid not in state["fleets"].get(where, {}).get("units", []):
            problems.append(f"{uid} is in fleet {where}, which does not hold it")
    return problems


def ledger(before: State, after: State, events: list[dict[str, Any]]) -> list[str]:
    """CP, RP and VP change only by the ledgers of the step's events."""
    logged = {(side, res): 0 for side in ("Empire", "Rebel") for res in RESOURCES}
    for ev in events:
        for side, res, delta in ev.get("data", {}).get("ledger", []):
            logged[(side, res.lower())] += int(delta)
    problems = []
    for (side, res), delta in logged.items():
        change = int(after["sides"][side][res]) - int(before["sides"][side][res])
        if change != delta:
            problems.append(f"{side} {res.upper()} changed by {change:+d} but the step's events account for {delta:+d}")
    return problems


def _mentioned(uid: str, events: list[dict[str, Any]]) -> bool:
    word = re.compile(rf"\b{re.escape(uid)}\b")
    return any(word.search(ev.get("text", "")) or word.search(repr(ev.get("data", {}))) for ev in events)


def units_logged(before: State, after: State, events: list[dict[str, Any]]) -> list[str]:
    """Units appear (setup, purchase, an upgrade sent to the pool) and vanish (destroyed, a loose upgrade
    fitted to a ship) only with an event that names them; a unit never changes side or type."""
    problems: list[str] = []
    if before.get("phase") == "setup":
        return problems
    old, new = before["units"], after["units"]
    for uid in sorted(set(old) - set(new)):
        if not _mentioned(uid, events):
            problems.append(f"unit {uid} vanished without an event naming it")
    for uid in sorted(set(new) - set(old)):
        if not _mentioned(uid, events):
            problems.append(f"unit {uid} appeared without an event naming it")
    for uid in set(old) & set(new):
        if (old[uid]["side"], old[uid]["code"]) != (new[uid]["side"], new[uid]["code"]):
            problems.append(f"unit {uid} changed from {old[uid]['side']} {old[uid]['code']} to {new[uid]['side']} {new[uid]['code']} (GCW-REINF-04)")
    return problems


def sealed_records(before: State, after: State, events: list[dict[str, Any]]) -> list[str]:
    """A sealed record never changes or disappears; it opens only with a ``revealed`` event and never closes;
    its hash always matches its salt and content; a new record is announced by a ``sealed`` event."""
    problems = []
    announced = {ev["data"].get("record") for ev in events if ev.get("kind") == "sealed"}
    opened = {ev["data"].get("record") for ev in events if ev.get("kind") == "revealed"}
    for rid, rec in after["sealed"].items():
        if seal_hash(rec["salt"], rec["content"]) != rec["hash"]:
            problems.append(f"sealed record {rid} no longer matches its published hash")
        old = before["sealed"].get(rid)
        if old is None:
            if rid not in announced:
                problems.append(f"sealed record {rid} appeared without a 'sealed' event")
            continue
        for key in ("owner", "kind", "hash", "salt", "content"):
            if old[key] != rec[key]:
                problems.append(f"sealed record {rid} changed its {key}")
        if old["revealed"] and not rec["revealed"]:
            problems.append(f"sealed record {rid} was closed again after being revealed")
        if rec["revealed"] and not old["revealed"] and rid not in opened:
            problems.append(f"sealed record {rid} was opened without a 'revealed' event")
    for rid in set(before["sealed"]) - set(after["sealed"]):
        problems.append(f"sealed record {rid} disappeared")
    if after.get("result") is not None:
        closed = sorted(rid for rid, rec in after["sealed"].items() if not rec["revealed"])
        if closed:
            problems.append(f"the game is over but sealed records {', '.join(closed)} are still closed (GCW-SETUP-11)")
    return problems


def base_record(state: State) -> list[str]:
    """The live base is the one its sealed record names (GCW-SETUP-11, GCW-BASE-10)."""
    base = state["base"]
    rid = base.get("record")
    if not rid:
        return []
    rec = state["sealed"].get(rid)
    if rec is None:
        return [f"the base's sealed record {rid} is missing"]
    if rec["content"] != {"base": base["system"]}:
        return [f"the base is at {base['system']} but its sealed record {rid} says {rec['content']}"]
    return []
