"""The Fleet Reserve Force in Twilight of the Empire: sending units to it, activating them (3 days, to a
Deep Space Zone of the stronghold), exchanging reserve and active units, and what a mothballed unit
may not do (TOTE-RES-01..05, TOTE-GAP-47, TOTE-GAP-27, TOTE-EX-34).

Every function is pure: it reads campaign units (see :mod:`.sensors`) and returns the changed ones by
id, timers and events; none changes its inputs.

Unit keys this module adds: ``reserve`` (True while in the Fleet Reserve Force: ``system``, ``space``
and ``transit`` are then None, so no scan, sensor or weapon can find it, TOTE-RES-05) and
``activating`` (the id of its activation timer while it is being brought out). The craft aboard a
ship go to the reserve and come back with it. An **activation** is a clock timer (see :mod:`.clock`)
``{"id", "kind": "reserve", "due_hour", "unit", "faction", "system" (the stronghold), "space" (the
DSZ the owner chose)}``; a unit being activated no longer counts toward the reserve's 23 CP.

The reserve is its owner's secret (catalog 5.5): every event goes to the owner (and the GM) only.
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Iterable, Mapping

from core.errors import OrderError
from core.rulesets.tote.rules import clock as clk
from core.rulesets.tote.rules import model
from core.rulesets.tote.rules.data import unit_types
from core.rulesets.tote.rules.fleet import check_fleet, new_unit_assignment

Record = dict[str, Any]
Units = Mapping[str, Record]
DSZS = ("DSZ-1", "DSZ-2", "DSZ-3", "DSZ-4")


def in_reserve(unit: Record) -> bool:
    """Whether the unit is in the Fleet Reserve Force (activation under way included)."""
    return bool(unit.get("reserve"))


def check_active(unit: Record) -> None:
    """TOTE-RES-05: a reserve unit is mothballed: it cannot act, be attacked or be scanned. Raises
    OrderError for any order given to it or aimed at it."""
    if in_reserve(unit):
        raise OrderError(f"{unit['id']} is in the Fleet Reserve Force, mothballed: it cannot act, be attacked or be "
                         "scanned until activated (TOTE-RES-05)")


def active_units(units: Units) -> dict[str, Record]:
    """The units not in the reserve: what sensors, weapons and orders may reach (TOTE-RES-05)."""
    return {i: u for i, u in units.items() if not in_reserve(u)}


def reserve_counts(units: Units, faction: str) -> dict[str, int]:
    """``{code: count}`` of ``faction``'s reserve units that count toward its 23 CP (TOTE-RES-01): those
    not being activated, neither craft aboard a ship (they add no CP, TOTE-BURDEN-02) nor bonus units
    (TOTE-PDF-02)."""
    return dict(Counter(u["type"] for u in units.values() if u["faction"] == faction and in_reserve(u)
                        and not u.get("activating") and not u.get("destroyed") and not u.get("carried_by")
                        and not u.get("bonus")))


def _with_craft(units: Units, uid: str) -> list[str]:
    return [uid] + [c for c in units[uid].get("carried", []) or [] if c in units]


def _unit(units: Units, uid: str, faction: str) -> Record:
    u = units.get(uid)
    if u is None or u["faction"] != faction:
        raise OrderError(f"{faction} has no unit {uid}")
    return u


def send_to_reserve(units: Units, uid: str, faction: str, strongholds: Iterable[str], in_conflict: bool,
                    extra: Mapping[str, int] | None = None) -> tuple[dict[str, Record], list[Record]]:
    """Send a unit (with the craft aboard it) to the Fleet Reserve Force, at once (TOTE-RES-04,
    TOTE-GAP-47): only from one of the faction's ``strongholds``, not while in combat (``in_conflict``:
    its system is in conflict), a starship, AUX or SF squadron on the grid, and only while the reserve
    stays within 23 CP (TOTE-RES-01; ``extra`` counts units leaving it in the same order). Returns the
    changed units by id and the owner's event. Raises OrderError saying why not."""
    u = _unit(units, uid, faction)
    if in_reserve(u):
        raise OrderError(f"{uid} is already in the Fleet Reserve Force")
    if u.get("destroyed") or u.get("derelict") or u.get("disabled"):
        raise OrderError(f"{uid} is {model.damage_state(u) if 'shields' in u else 'lost'}: only a sound unit is mothballed")
    if u["type"] not in unit_types() or model.unit_class(u) == "platform":
        raise OrderError(f"{uid} is not a starship, AUX or SF squadron: only those go to the Fleet Reserve Force")
    if u.get("carried_by"):
        raise OrderError(f"{uid} is aboard {u['carried_by']}: send its carrier instead")
    if u.get("system") not in set(strongholds) or u.get("transit"):
        raise OrderError(f"{uid} is not at your stronghold: units are sent to the reserve from the stronghold system "
                         "only (TOTE-GAP-47)")
    if in_conflict:
        raise OrderError(f"{uid} is in combat at {u['system']}: no unit goes to the reserve while in conflict (TOTE-GAP-47)")
    counts = Counter(reserve_counts(units, faction))
    counts.subtract(extra or {})
    if not u.get("bonus"):
        counts[u["type"]] += 1
    breaches = [b for b in check_fleet({c: n for c, n in counts.items() if n > 0}, kind="reserve") if b.rule == "TOTE-RES-01"]
    if breaches:
        raise OrderError(f"the Fleet Reserve Force would break {breaches[0].rule}: {breaches[0].text}")
    changed = {i: {**units[i], "reserve": True, "activating": None, "system": None, "space": None, "transit": None,
                   "patrol": False} for i in _with_craft(units, uid)}
    return changed, [{"kind": "reserve", "to": [faction], "text": f"{uid} is mothballed in the Fleet Reserve Force"}]


def order_activation(units: Units, uid: str, faction: str, stronghold: str, strongholds: Iterable[str], dsz: str,
                     turn: int, timer_id: str, c: clk.Clock | None = None) -> tuple[dict[str, Record], Record, list[Record]]:
    """Begin activating a reserve unit (TOTE-RES-03, TOTE-EX-34): it takes 3 days and the unit then
    appears in the DSZ of one of the faction's strongholds the owner chose. Returns the changed units,
    the activation timer and the owner's event. Raises OrderError for a unit not in the reserve or
    already being activated, a world that is not its stronghold, or a space that is not a DSZ."""
    c = c or clk.clock()
    u = _unit(units, uid, faction)
    if not in_reserve(u):
        raise OrderError(f"{uid} is not in the Fleet Reserve Force")
    if u.get("activating"):
        raise OrderError(f"{uid} is already being activated")
    if stronghold not in set(strongholds):
        raise OrderError(f"{stronghold} is not one of your strongholds ({', '.join(sorted(strongholds))}): a reserve unit "
                         "arrives at a Deep Space Zone of your stronghold (TOTE-RES-03)")
    if dsz not in DSZS:
        raise OrderError(f"{dsz!r} is not a Deep Space Zone; choose one of {', '.join(DSZS)} (TOTE-RES-03)")
    due = clk.turn_start_hour(clk.due_turn_days(turn, c.reserve_activation_days, c), c)
    timer = {"id": timer_id, "kind": "reserve", "due_hour": due, "unit": uid, "faction": faction, "system": stronghold,
             "space": dsz}
    changed = {i: {**units[i], "activating": timer_id} for i in _with_craft(units, uid)}
    ev = {"kind": "reserve", "to": [faction],
          "text": f"{uid} is being brought out of the reserve; it reaches {stronghold} {dsz} at hour {due} (TOTE-RES-03)"}
    return changed, timer, [ev]


def exchange(units: Units, send: str, activate: str, faction: str, stronghold: str, strongholds: Iterable[str],
             dsz: str, turn: int, in_conflict: bool, timer_id: str,
             c: clk.Clock | None = None) -> tuple[dict[str, Record], Record, list[Record]]:
    """Exchange an active unit for a reserve one at any time (TOTE-RES-02): ``activate`` begins its 3-day
    activation and ``send`` goes to the reserve in the same order; the 23 CP are checked on the
    exchange as a whole. Returns the changed units, the activation timer and the events. Raises
    OrderError as :func:`send_to_reserve` and :func:`order_activation` do."""
    changed, timer, events = order_activation(units, activate, faction, stronghold, strongholds, dsz, turn, timer_id, c)
    sent, more = send_to_reserve({**units, **changed}, send, faction, strongholds, in_conflict)
    return {**changed, **sent}, timer, events + more


def arrive(units: Units, timer: Record, main: Mapping[str, int], pdf: Mapping[str, int],
           hero_present: bool) -> tuple[dict[str, Record], list[Record]]:
    """An activation falls due (TOTE-RES-03, TOTE-GAP-47/27): the unit and its craft appear in the chosen
    DSZ of the stronghold and join the main fleet if the Hero is there and it has room, else the
    stronghold's Space PDF if it has room, else stand unassigned (``assignment``); ``main`` and ``pdf``
    are those fleets' ``{code: count}`` now. Returns the changed units and the owner's event."""
    uid = timer["unit"]
    where = new_unit_assignment(units[uid]["type"], hero_present=hero_present, direct_swap=False, main=main, pdf=pdf)
    changed = {}
    for i in _with_craft(units, uid):
        space = timer["space"] if i == uid else None
        changed[i] = {**units[i], "reserve": False, "activating": None, "system": timer["system"], "space": space,
                      "transit": None, "assignment": where}
    word = {"main": "joins the main fleet", "pdf": "joins the Space PDF",
            "unassigned": "stands unassigned: neither the main fleet nor the PDF has room (TOTE-GAP-27)"}[where]
    return changed, [{"kind": "reserve", "to": [timer["faction"]],
                      "text": f"{uid} arrives from the reserve at {timer['system']} {timer['space']} and {word}"}]
