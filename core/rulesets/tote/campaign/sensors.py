"""ComScan sensors in the campaign: scan declarations, their results a day later, emissions heard
passively, and who learns what (TOTE-SCAN-01..15, TOTE-GAP-37/38, TOTE-EX-33).

Every function is pure: it reads plain JSON-able dicts and returns new records and events; none
changes its inputs. The campaign state pieces this module defines (the integrator keeps them):

- a **campaign unit** is a unit instance of :mod:`.model` plus ``system`` (the star system it is
  in, or None while in hyperspace) and ``transit`` (None, or ``{"from", "to", "depart_hour",
  "arrive_hour"}`` while in hyperspace). Ground stacks may use a ground unit code as ``type``.
- a **facility instance** is ``{"id", "type" (a facility code of data.facility_types()),
  "faction", "system", "space" (a ``G-q/surface`` id), "destroyed"}``;
- a **scan** (:func:`declare_scan`) is ``{"id", "faction", "scanner", "system", "space",
  "mode" ("active"|"passive"), "hour" (started), "due" (hour + 24, TOTE-SCAN-02), "from_dsz"}``;
- a **snapshot** (:func:`complete_scans`) is the result of an active scan, delivered to its
  faction only: ``{"id", "faction", "scanner", "system", "space", "started", "hour" (the time
  stamp: when it completed), "owner" (of the planet then), "covered" [space ids], "contacts"
  [contact dicts, see :func:`contact`]}`` (TOTE-GAP-37);
- a **sighting** is one thing a faction learned outside its own scans, with ``"to"`` the
  factions that learn it: an emission heard passively (``"source": "emission"``: system, space,
  class and type of the emitter, never its owner or id; TOTE-SCAN-07/08/09, GAP-37/38) or an
  active scanner's position (``"source": "scanner"``: system and space, and its owner and type
  unless it scanned from a Deep Space Zone; TOTE-SCAN-05/15).

An event (``{"kind", "text", "to": [factions], ...}``) goes to the factions in ``to`` and to the GM.

Reading the text where it is silent (noted for the lead): a scan covers what its scanner's space
covered when it was declared, and it completes only if the scanner is still in the system and
able to scan at the next turn start; its snapshot shows the system at that moment.
"""
from __future__ import annotations

from typing import Any, Callable, Iterable, Mapping

from core.errors import OrderError
from core.rulesets.tote.rules import grid, model
from core.rulesets.tote.rules.data import facility_types, ground_types, unit_types
from core.rulesets.tote.rules.galaxy import world_name as _world_name

Record = dict[str, Any]
Units = dict[str, Record]
#: Whether two factions are hostile (``model.hostile`` bound to the state's alliances option).
Hostile = Callable[[str, str], bool]

#: The scan modes a player posts (TOTE-SCAN-01).
MODES = ("active", "passive")
#: Hours a scan takes; its results come in the post after the one it started in (TOTE-SCAN-02).
SCAN_HOURS = 24
#: The actions that make a ship's energy detectable (TOTE-SCAN-08).
EMISSIONS = ("move", "hyper_exit", "shields", "fire")
EMISSION_WORDS = {"move": "moved", "hyper_exit": "left hyperspace", "shields": "raised shields", "fire": "fired"}
#: Kinds of space passive sensors can never hear: the ground is scanned actively only (TOTE-SCAN-11).
_GROUND = ("air", "surface")


def _all_spaces(ground: bool) -> tuple[str, ...]:
    return grid.spaces(ground=ground)


def type_name(code: str) -> str:
    """The name of a unit, ground unit or facility type (its code if none has it)."""
    for table in (unit_types(), ground_types(), facility_types()):
        if code in table:
            return str(table[code].name)
    return code


def a_name(code: str) -> str:
    """The type's name with its article: "an Imperial-class Star Destroyer", "a Dreadnaught"."""
    name = type_name(code)
    return ("an " if name[:1].upper() in "AEIOU" else "a ") + name


def is_facility(scanner: Record) -> bool:
    """Whether a scanner record is a facility instance (its type is a facility code)."""
    return scanner["type"] in facility_types() and scanner["type"] not in unit_types()


def coverage(scanner: Record, ground: bool = True) -> tuple[str, ...]:
    """The spaces an active scan by ``scanner`` (a unit or facility instance in a grid space)
    covers (TOTE-GAP-37): from a DSZ its own DSZ and every C, B and A space (never the Atmosphere
    or the ground, TOTE-SCAN-06); from the C-Ring the rings, the bordering DSZ and the Atmosphere
    (TOTE-SCAN-10/13); from the B-Ring inwards the rings, the Atmosphere and every ground grid
    (TOTE-SCAN-11); a ComScan facility the kinds its data lists. ``ground`` False for a world
    without ground grids. Raises KeyError for an unknown space."""
    here = scanner["space"]
    if is_facility(scanner):
        kinds = set(facility_types()[scanner["type"]].scan_coverage)
        if "ground" in kinds:
            kinds |= set(_GROUND)
        return tuple(s for s in _all_spaces(ground) if grid.kind(s) in kinds)
    grid.space(here)
    return tuple(s for s in _all_spaces(ground) if model.detected(here, s))


def can_scan_actively(scanner: Record) -> bool:
    """Whether a unit or facility may make active scans: capital ships, platforms and AUX, an SF
    whose type has ``can_scan``, a facility with a ComScan suite (TOTE-SCAN-03)."""
    if is_facility(scanner):
        return facility_types()[scanner["type"]].has("comscan")
    if scanner["type"] not in unit_types():
        return False
    return model.can_scan(scanner)


def _able(u: Record) -> bool:
    """On the grid of a system and not destroyed, derelict or inert."""
    return (u.get("system") is not None and u.get("space") is not None and not u.get("destroyed")
            and not u.get("derelict") and not u.get("inert") and not u.get("withdrawn") and not u.get("transit"))


def declare_scan(scanner: Record, mode: str, hour: int, scan_id: str) -> Record:
    """The scan ``scanner`` (a campaign unit or facility instance) starts at game hour ``hour`` in
    ``mode`` (TOTE-SCAN-01); it completes 24 hours later (TOTE-SCAN-02). Every unit may scan
    passively (TOTE-SCAN-07); actively only those of TOTE-SCAN-03. Raises OrderError, naming what
    would be right, for an unknown mode, a scanner in hyperspace, aboard a carrier or out of the
    fight, or one that may not scan actively."""
    name = f"{scanner['id']} ({type_name(scanner['type'])})"
    if mode not in MODES:
        raise OrderError(f"a scan is 'active' or 'passive', not {mode!r} (TOTE-SCAN-01)")
    if scanner.get("transit") or scanner.get("system") is None:
        raise OrderError(f"{name} is in hyperspace; it scans once it arrives in a system")
    if scanner.get("space") is None:
        raise OrderError(f"{name} is aboard {scanner.get('carried_by') or 'a carrier'}; launch it to scan")
    if not _able(scanner):
        raise OrderError(f"{name} is out of the fight and cannot scan")
    if mode == "active" and not can_scan_actively(scanner):
        raise OrderError(f"{name} cannot scan actively: only capital ships, auxiliaries, starfighters "
                         "noted as scanners and ComScan facilities do (TOTE-SCAN-03); it may scan passively")
    return {"id": scan_id, "faction": scanner["faction"], "scanner": scanner["id"], "system": scanner["system"],
            "space": scanner["space"], "mode": mode, "hour": hour, "due": hour + SCAN_HOURS,
            "from_dsz": grid.kind(scanner["space"]) == "dsz"}


def present_factions(system: str, units: Mapping[str, Record], facilities: Mapping[str, Record] | None = None) -> set[str]:
    """The factions with a unit on the grid (or a standing facility) in ``system`` now."""
    found = {u["faction"] for u in units.values() if u.get("system") == system and _able(u)}
    found |= {f["faction"] for f in (facilities or {}).values() if f.get("system") == system and not f.get("destroyed")}
    return found


def scanner_reveal(scan: Record, scanner: Record, units: Units, facilities: Units | None = None) -> Record | None:
    """The sighting an active scan gives the other factions in its system at once (TOTE-SCAN-05,
    TOTE-EX-33): the scanner's space, with its owner and type unless it scans from a Deep Space
    Zone, where they learn only where it scans from (TOTE-SCAN-15). None for a passive scan
    (listening reveals nothing, TOTE-SCAN-08) or when no other faction is there."""
    if scan["mode"] != "active":
        return None
    to = sorted(present_factions(scan["system"], units, facilities) - {scan["faction"]})
    if not to:
        return None
    where = f"{_world_name(scan['system'])} {grid.label(scan['space'])}"
    s: Record = {"source": "scanner", "system": scan["system"], "space": scan["space"], "hour": scan["hour"], "to": to}
    if scan["from_dsz"]:
        s["text"] = f"We are being scanned from {where}"
    else:
        s.update(owner=scan["faction"], type=scanner["type"])
        s["text"] = f"We are being scanned from {where} by {a_name(scanner['type'])} of {scan['faction']}"
    return s


def contact(u: Record) -> Record:
    """What an active scan reports of a unit or facility (TOTE-GAP-37): owner, type and name, id,
    space and damage state in whole percent of each layer (never what is aboard)."""
    c: Record = {"id": u["id"], "owner": u["faction"], "type": u["type"], "name": type_name(u["type"]),
                 "space": u["space"]}
    if u["type"] in unit_types():
        c["state"] = model.damage_state(u)
        for layer, full in model.maxima(u).items():
            if full:
                c[layer] = model.percent(u, layer)
    elif u["type"] in facility_types():
        t = facility_types()[u["type"]]
        c["state"] = "destroyed" if u.get("destroyed") else "standing"
        for layer, full in (("shields", t.shields), ("armor", t.armor), ("hull", t.hull)):
            if full and layer in u:
                c[layer] = u[layer] * 100 // full
    elif "count" in u:
        c["count"] = u["count"]
    return c


def complete_scans(scans: Iterable[Record], hour: int, units: Units, facilities: Units | None = None,
                   owners: dict[str, str | None] | None = None,
                   ground: dict[str, bool] | None = None) -> tuple[list[Record], list[Record], list[Record]]:
    """At the turn start at game hour ``hour`` (TOTE-FLOW-04 step 6): every active scan due by then
    completes into a snapshot for its faction alone (TOTE-SCAN-02/04, GAP-37), covering from its
    declared space (:func:`coverage`) every unit and facility of another faction standing there
    now; a scan whose scanner has left, fallen or been taken is broken off. Passive scans simply
    end (what they hear comes as emissions). ``owners`` the planets' owners now; ``ground`` False
    for systems without ground grids. Returns (snapshots, scans still running, events)."""
    facilities = facilities or {}
    snapshots: list[Record] = []
    running: list[Record] = []
    events: list[Record] = []
    for scan in scans:
        if scan["due"] > hour:
            running.append(scan)
            continue
        if scan["mode"] != "active":
            continue
        scanner = units.get(scan["scanner"]) or facilities.get(scan["scanner"])
        ok = scanner is not None and scanner.get("faction") == scan["faction"] and scanner.get("system") == scan["system"] \
            and (not scanner.get("destroyed")) and (is_facility(scanner) or _able(scanner))
        if not ok or scanner is None:
            events.append({"kind": "scan_lost", "to": [scan["faction"]], "system": scan["system"],
                           "text": f"The scan of {_world_name(scan['system'])} by {scan['scanner']} was broken off: "
                                   f"{_lost_why(scanner, scan)}"})
            continue
        has_ground = (ground or {}).get(scan["system"], True)
        covered = coverage({"type": scanner["type"], "space": scan.get("cover_from") or scan["space"]}, has_ground)
        seen = [contact(x) for x in list(units.values()) + list(facilities.values())
                if x.get("system") == scan["system"] and x["faction"] != scan["faction"] and x.get("space") in covered
                and not x.get("destroyed") and (x["type"] in facility_types() or _able(x))]
        seen.sort(key=lambda c: (c["space"], c["id"]))
        snap = {"id": scan["id"], "faction": scan["faction"], "scanner": scan["scanner"], "system": scan["system"],
                "space": scan["space"], "started": scan["hour"], "hour": hour,
                "owner": (owners or {}).get(scan["system"]), "covered": list(covered), "contacts": seen}
        snapshots.append(snap)
        events.append({"kind": "scan_done", "to": [scan["faction"]], "system": scan["system"],
                       "text": f"Scan of {_world_name(scan['system'])} by {scan['scanner']} from {grid.label(scan['space'])}: "
                               f"{len(seen)} contact{'s' if len(seen) != 1 else ''}"})
    return snapshots, running, events


def hears(emitter_space: str, action: str, receiver_space: str) -> bool:
    """Whether a unit in ``receiver_space`` hears, passively, an emission of kind ``action`` made
    in ``emitter_space`` of the same system: nothing in a Deep Space Zone is heard (TOTE-SCAN-12)
    except a hyperspace exit, by a unit in that same DSZ (TOTE-SCAN-14); the Atmosphere only from
    the C-Ring inwards (TOTE-SCAN-10); the ground never (TOTE-SCAN-11). Raises ValueError for an
    unknown action and KeyError for an unknown space."""
    if action not in EMISSIONS:
        raise ValueError(f"an emission is one of {', '.join(EMISSIONS)}, not {action!r} (TOTE-SCAN-08)")
    where, there = grid.kind(emitter_space), grid.kind(receiver_space)
    if where == "dsz":
        return action == "hyper_exit" and receiver_space == emitter_space
    if where in _GROUND:
        return False
    if where == "atmosphere":
        return there != "dsz"
    return True


def receivers_by_system(units: Units, facilities: Units | None = None) -> dict[str, list[Record]]:
    """System -> the units on its grid and standing facilities that listen there (TOTE-GAP-37)."""
    out: dict[str, list[Record]] = {}
    for u in units.values():
        if u.get("system") is not None and _able(u):
            out.setdefault(u["system"], []).append(u)
    for f in (facilities or {}).values():
        if f.get("system") is not None and not f.get("destroyed"):
            out.setdefault(f["system"], []).append(f)
    return out


def emission(unit: Record, action: str, hour: int, units: Units, facilities: Units | None = None,
             hostile: Hostile | None = None, listeners: dict[str, list[Record]] | None = None,
             public: bool = False) -> Record | None:
    """The sighting a ship's ``action`` (TOTE-SCAN-08: ``move`` (give its space after the move),
    ``hyper_exit``, ``shields`` or ``fire``) gives, at once, to every hostile faction with a
    receiving unit in the system that :func:`hears` it (TOTE-GAP-37/38): the space and class of
    the emitter, never its owner or id, nor anything of the receivers (TOTE-SCAN-08). ``hostile``
    says which factions are hostile (every other one by default; allies are not told). With the
    option ``emissions_public`` (``public``, TOTE-GAP-38) a posted location outside the Deep Space
    Zones and the ground goes to every faction. ``listeners``: :func:`receivers_by_system` of
    ``units``, if already known. None when no one hears it. Raises ValueError for an
    unknown action."""
    if action not in EMISSIONS:
        raise ValueError(f"an emission is one of {', '.join(EMISSIONS)}, not {action!r} (TOTE-SCAN-08)")
    system, here = unit.get("system"), unit.get("space")
    if system is None or here is None:
        return None
    to: set[str] = set()
    receivers = (receivers_by_system(units, facilities) if listeners is None else listeners).get(system, [])
    for r in receivers:
        enemy = hostile(unit["faction"], r["faction"]) if hostile else r["faction"] != unit["faction"]
        if enemy and r["faction"] not in to and hears(here, action, r["space"]):
            to.add(r["faction"])
    loud = public and grid.kind(here) not in ("dsz", *_GROUND)
    if not to and not loud:
        return None
    cls = model.unit_class(unit) if unit["type"] in unit_types() else "ground"
    return {"source": "emission", "system": system, "space": here, "class": cls, "type": unit["type"],
            "action": action, "hour": hour, "to": sorted(to),
            "text": f"Energy signature at {_world_name(system)} {grid.label(here)}: {a_name(unit['type'])} {EMISSION_WORDS[action]}"} \
        | ({"public": True} if loud else {})


def round_emissions(faction: str, hour: int, units: Units, facilities: Units | None = None,
                    hostile: Hostile | None = None, raised_shields: Iterable[str] = (),
                    public: bool = False) -> list[Record]:
    """The sightings ``faction``'s post gives away, to be called when it is resolved: for each of
    its units on a grid that ``moved`` (from its space after the move) or ``fired`` this round (the
    flags of :mod:`.model`), or whose id is in ``raised_shields``, one sighting per action for the
    hostile factions that hear it (TOTE-SCAN-08/09, GAP-37/38), in unit order. ``public``: the
    option ``emissions_public`` (see :func:`emission`)."""
    raised = set(raised_shields)
    listening = receivers_by_system(units, facilities)
    out = []
    for u in sorted(units.values(), key=lambda x: x["id"]):
        if u["faction"] != faction or not _able(u):
            continue
        for action, did in (("move", u.get("moved")), ("shields", u["id"] in raised), ("fire", u.get("fired"))):
            if did:
                s = emission(u, action, hour, units, facilities, hostile, listening, public)
                if s:
                    out.append(s)
    return out


def arrival_emissions(arrived: Iterable[str], hour: int, units: Units, facilities: Units | None = None,
                      hostile: Hostile | None = None, public: bool = False) -> list[Record]:
    """The sightings of units leaving hyperspace (ids ``arrived``, already placed in their exit
    spaces at the turn start, TOTE-FLOW-04 step 2): heard from the C or B-Ring by every hostile
    receiver in the system, from a DSZ only by those in that same DSZ (TOTE-SCAN-08/14)."""
    out = []
    listening = receivers_by_system(units, facilities)
    for uid in sorted(arrived):
        s = emission(units[uid], "hyper_exit", hour, units, facilities, hostile, listening, public)
        if s:
            out.append(s)
    return out


def visible_to(record: Record, faction: str) -> bool:
    """Whether a sighting, snapshot, message, notice or event is ``faction``'s to know: public
    notices everyone's, the rest its ``to`` list's (or its ``faction``'s); the GM knows them all."""
    if faction == "gm" or record.get("public"):
        return True
    if "to" in record:
        return faction in record["to"]
    return record.get("faction") == faction


def _lost_why(scanner: Record | None, scan: Record) -> str:
    """Why a scan was broken off, in the scanning faction's words."""
    if scanner is None or scanner.get("destroyed"):
        return "the scanner was lost"
    if scanner.get("faction") != scan["faction"]:
        return "the scanner was taken"
    if scanner.get("system") != scan["system"]:
        return "the scanner left the system"
    return "the scanner can no longer scan (disabled or inert)"
