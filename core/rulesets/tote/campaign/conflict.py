"""Conflict and occupation in Twilight of the Empire: when a system is in conflict and stops being so,
which units are in conflict, the pause of manufacturing, occupation, claiming an occupied system by
building there, surrender, and Tatooine's amnesty (TOTE-CONFLICT-01..06, TOTE-GAP-45/46/49).

Every function is pure: it reads plain JSON-able dicts (campaign units and facility instances as in
:mod:`.sensors`) and returns new values and events; none changes its inputs.

The state piece this module defines (the integrator keeps one per system that has ever seen
conflict, in a dict by system id):

- a **status** is ``{"in_conflict": bool, "clear_faction": the one faction present with no hostile
  presence, or None, "clear_since": the game hour it has been so since, or None, "occupied": bool,
  "host": the faction whose system was occupied, or None, "occupiers": [factions present when it
  fell]}``; :func:`blank` is a fresh one.

The integrator calls :func:`update` for each system where units are or were, after every post and at
every turn start (TOTE-FLOW-04 step 7) with the hour then, so that a system cleared in a post stops
being in conflict at the first update 24 hours later (TOTE-CONFLICT-04). Alliances (TOTE-GAP-45) are
a list of groups of factions, as the ``alliances`` option gives them.

Events are ``{"kind", "text", "to": [factions]}`` (and the GM): a system's conflict and occupation
are told to the factions present there and to its host.
"""
from __future__ import annotations

from typing import Any, Iterable, Mapping, Sequence

from core.errors import OrderError
from core.rulesets.tote.campaign import sensors

Record = dict[str, Any]
Units = Mapping[str, Record]
#: The hours one faction must hold a system alone before its conflict ends (TOTE-CONFLICT-04, DATA-12).
CLEAR_HOURS = 24


def blank() -> Record:
    """A system's status before any conflict."""
    return {"in_conflict": False, "clear_faction": None, "clear_since": None, "occupied": False, "host": None,
            "occupiers": []}


def hostile(a: str, b: str, alliances: Sequence[Iterable[str]] = ()) -> bool:
    """Whether factions ``a`` and ``b`` are hostile (TOTE-GAP-45): every other faction is, unless one
    group of ``alliances`` holds both."""
    return a != b and not any(a in g and b in g for g in map(set, alliances))


def present(system: str, units: Units, facilities: Units | None = None) -> set[str]:
    """The factions with a unit on the grid or a standing facility in ``system`` (units in the Fleet
    Reserve Force or in hyperspace are in no system)."""
    return sensors.present_factions(system, units, facilities)


def hostile_presence(factions: Iterable[str], alliances: Sequence[Iterable[str]] = ()) -> bool:
    """TOTE-CONFLICT-01: whether two of the ``factions`` present are hostile to each other."""
    fs = sorted(set(factions))
    return any(hostile(a, b, alliances) for i, a in enumerate(fs) for b in fs[i + 1:])


def update(status: Record | None, system: str, factions: Iterable[str], hour: int,
           alliances: Sequence[Iterable[str]] = (), clear_hours: int = CLEAR_HOURS,
           names: Mapping[str, str] | None = None) -> tuple[Record, list[Record]]:
    """The system's status at game ``hour`` with ``factions`` present (TOTE-CONFLICT-01/04):

    - a hostile presence puts it in conflict (and restarts any clearing);
    - in conflict, it stays so until exactly one faction has been there, with nobody else, for a
      continuous ``clear_hours`` (24): the clock starts at the first update that finds it alone and
      resets whenever anybody else (ally or foe) is there, or nobody is.

    ``names`` (id -> name, for factions and the system) names them in the texts (default: the ids).
    Returns the new status and events for the factions present."""
    s = dict(status or blank())
    name = (names or {}).get
    fs = sorted(set(factions))
    events: list[Record] = []
    if hostile_presence(fs, alliances):
        if not s["in_conflict"]:
            events.append({"kind": "conflict", "to": fs, "hour": hour,
                           "text": f"{name(system, system)} is in conflict: hostile forces are present"})
        s.update(in_conflict=True, clear_faction=None, clear_since=None)
        return s, events
    if not s["in_conflict"]:
        return s, events
    if len(fs) != 1:
        s.update(clear_faction=None, clear_since=None)
        return s, events
    if s["clear_faction"] != fs[0] or s["clear_since"] is None:
        s.update(clear_faction=fs[0], clear_since=hour)
    if hour - s["clear_since"] >= clear_hours:
        s.update(in_conflict=False, clear_faction=None, clear_since=None)
        events.append({"kind": "conflict", "to": fs, "hour": hour,
                       "text": f"{name(system, system)} is no longer in conflict: {name(fs[0], fs[0])} has held it alone for {clear_hours} hours"})
    return s, events


def in_conflict(statuses: Mapping[str, Record], system: str | None) -> bool:
    """Whether ``system`` is in conflict now."""
    return bool(system) and bool(statuses.get(system or "", {}).get("in_conflict"))


def units_in_conflict(statuses: Mapping[str, Record], system: str, units: Units) -> list[str]:
    """TOTE-CONFLICT-02: every unit taking part in a system in conflict is in conflict too: the ids of
    the units there (on the grid or aboard, not destroyed), of every faction; none when it is not."""
    if not in_conflict(statuses, system):
        return []
    return sorted(u["id"] for u in units.values() if u.get("system") == system and not u.get("destroyed"))


def manufacturing_suspended(statuses: Mapping[str, Record], system: str) -> bool:
    """TOTE-CONFLICT-03: every facility of a system in conflict stops manufacturing."""
    return in_conflict(statuses, system)


def hold_builds(timers: Iterable[Record], statuses: Mapping[str, Record], hours: int) -> list[Record]:
    """TOTE-CONFLICT-03, TOTE-GAP-34: build queues pause while their system is in conflict. Every
    ``construction`` timer in a system in conflict has its ``due_hour`` put back by ``hours`` (the
    time that passed since the last call: call once per turn start, before the due timers are taken,
    with the statuses of the turn that passed). Other timers are returned unchanged."""
    if hours < 0:
        raise ValueError(f"hours are 0 or more, not {hours}")
    return [{**t, "due_hour": t["due_hour"] + hours} if t.get("kind") == "construction" and in_conflict(statuses, t.get("system"))
            else t for t in timers]


def military(unit: Record) -> bool:
    """A unit counts toward its faction's hold on a system: not destroyed and not derelict."""
    return not unit.get("destroyed") and not unit.get("derelict")


def occupation(status: Record | None, system: str, host: str | None, units: Units, facilities: Units,
               hour: int) -> tuple[Record, list[Record]]:
    """TOTE-CONFLICT-05: the system becomes *occupied* when its host (the faction that owns the world) has
    no military unit and no standing facility left there (all destroyed or surrendered) and a foreign
    faction is present. It stays occupied until claimed (:func:`claim`). Returns the status and events
    for the host and the occupiers."""
    s = dict(status or blank())
    if s["occupied"] or not host:
        return s, []
    held = any(u["faction"] == host and u.get("system") == system and military(u) for u in units.values())
    held = held or any(f["faction"] == host and f.get("system") == system and not f.get("destroyed") for f in facilities.values())
    foreign = sorted(present(system, units, facilities) - {host})
    if held or not foreign:
        return s, []
    s.update(occupied=True, host=host, occupiers=foreign)
    return s, [{"kind": "occupation", "to": sorted({host, *foreign}), "hour": hour,
                "text": f"{system} is occupied: {host} has no units or facilities left there; present: {', '.join(foreign)} "
                        "(TOTE-CONFLICT-05)"}]


def claim(status: Record | None, system: str, facility: Record, hour: int) -> tuple[Record, str | None, list[Record]]:
    """TOTE-CONFLICT-06: a ground facility completed in an occupied system claims it for its builder.
    Returns the status (no longer occupied), the new owner (None when the system was not occupied:
    nothing is claimed) and the events for the builder and the former host."""
    s = dict(status or blank())
    if not s["occupied"]:
        return s, None, []
    new = facility["faction"]
    to = sorted({new, s["host"]} - {None})
    s.update(occupied=False, host=None, occupiers=[])
    return s, new, [{"kind": "occupation", "to": to, "hour": hour,
                     "text": f"{new} claims {system} by building {sensors.a_name(facility['type'])} there (TOTE-CONFLICT-06)"}]


def surrender(units: Units, facilities: Units, ids: Iterable[str], by: str, to: str, system: str,
              hour: int) -> tuple[dict[str, Record], dict[str, Record], list[Record]]:
    """TOTE-GAP-46: in its post ``by`` surrenders named units and facilities in ``system`` to ``to``, a
    faction present there. Ownership passes as a capture (``captured`` True: salvage rules, and the
    craft aboard a surrendered ship go with it, TOTE-BOARD-05). Returns the changed units and
    facilities by id and the events for both factions. Raises OrderError naming what is wrong."""
    ids = list(dict.fromkeys(ids))
    if not ids:
        raise OrderError("name the units or facilities to surrender")
    if to == by:
        raise OrderError("a faction cannot surrender to itself")
    if to not in present(system, units, facilities):
        raise OrderError(f"{to} has no unit or facility in {system} to surrender to (TOTE-GAP-46)")
    new_units: dict[str, Record] = {}
    new_facs: dict[str, Record] = {}
    for i in ids:
        rec = units.get(i) or facilities.get(i)
        if rec is None:
            raise OrderError(f"there is no unit or facility {i}")
        if rec["faction"] != by or rec.get("system") != system or rec.get("destroyed"):
            raise OrderError(f"{i} is not a standing unit or facility of {by} in {system}")
        changed = {**rec, "faction": to, "captured": True, "captured_from": by}
        (new_units if i in units else new_facs)[i] = changed
        for c in rec.get("carried", []) or []:
            if c in units:
                new_units[c] = {**units[c], "faction": to, "captured": True, "captured_from": by}
    names = ", ".join(sorted(new_units) + sorted(new_facs))
    return new_units, new_facs, [{"kind": "surrender", "to": sorted({by, to}), "hour": hour,
                                  "text": f"{by} surrenders {names} in {system} to {to} (TOTE-GAP-46)"}]
