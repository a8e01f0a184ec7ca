"""Building in the campaign: facilities and ships (TOTE-START-01/02, TOTE-CP-01, TOTE-GAP-34,
TOTE-CONFLICT-03, TOTE-COMMS-03).

The pieces of the campaign dict (:mod:`.state`) this module keeps:

- ``facilities`` ``{id: facility instance}``: ``{"id", "type" (a code of ``data.facility_types()``),
  "faction" (seat), "system", "space" (the Surface of the ground grid of its owner's quadrant),
  "destroyed"}``; every faction starts with its Faction Command Center at its first stronghold;
- ``facility_kc`` ``{seat: KC}``: the separate 2000 KC that buys facilities only (TOTE-START-02);
- ``spent`` ``{seat: KC}``: everything paid for building, so the invariants can balance treasuries;
- ``timers``: :mod:`.clock` timers of kind ``construction`` ``{"id", "kind", "due_hour", "system",
  "faction", "code", "what": "unit"|"facility"}``.

A facility is built at a world the seat holds; a ship at a world where the seat has a standing
Shipyard (TOTE-GAP-34). Cost is paid when the order is given, from the facility purse first for a
facility, else the treasury. A capital ship takes its CP in days (TOTE-CP-01), anything else one
day, a facility its ``build_days``; a build pauses while its system is in conflict
(:func:`.conflict.hold_builds`). The news of the order travels to every other faction at twice
hyperspace speed (TOTE-COMMS-03, :func:`.comms.construction_news`).
"""
from __future__ import annotations

from typing import Any

from core.errors import OrderError
from core.rulesets.tote.battle.setup import equip
from core.rulesets.tote.campaign import comms, conflict
from core.rulesets.tote.campaign.claims import build_refusal, on_facility
from core.rulesets.tote.campaign.fleets import join
from core.rulesets.tote.campaign.ground import on_facility as raise_guard
from core.rulesets.tote.campaign.worlds import hero_system
from core.rulesets.tote.rules import clock as clk
from core.rulesets.tote.rules import model
from core.rulesets.tote.rules.data import facility_types, unit_types
from core.rulesets.tote.rules.fleet import FACTION_TECH
from core.rulesets.tote.rules.galaxy import galaxy

Campaign = dict[str, Any]
Event = dict[str, Any]

#: The separate purse every faction starts with, for facilities only (TOTE-START-02).
FACILITY_PURSE_KC = 2000


def start(c: Campaign, quadrant: Any) -> None:
    """Give every seat its Faction Command Center at its first stronghold (TOTE-START-01) and its
    facility purse; ``quadrant(seat)`` is the seat's quadrant (1-4)."""
    c.setdefault("facilities", {})
    c["facility_kc"] = {s: FACILITY_PURSE_KC for s in c["seats"]}
    c["spent"] = {s: 0 for s in c["seats"]}
    c["timers"] = []
    for seat, faction in c["seats"].items():
        homes = c["strongholds"].get(seat) or []
        if homes:
            fid = f"{faction}-FCC"
            c["facilities"][fid] = {"id": fid, "type": "FCC", "faction": seat, "system": homes[0],
                                    "space": f"G-{quadrant(seat)}/surface", "destroyed": False}


def buildable(seat_faction: str) -> list[str]:
    """The codes a faction may order: every facility that can be bought, and the unit types of its
    technology (TOTE-FACTION-11)."""
    tech = set(FACTION_TECH.get(seat_faction, ()))
    facilities = [c for c, t in facility_types().items() if not t.has("bonus_only")]
    units = [c for c, t in unit_types().items() if set(t.tech) & tech and t.cost_kc > 0]
    return sorted(facilities) + sorted(units)


def build(c: Campaign, seat: str, code: str, world: str, quadrant: Any) -> list[Event]:
    """``seat`` orders one ``code`` (a facility or unit type) built at ``world``. Raises OrderError
    (nothing changes) naming what is wrong: a code it may not build, a world it does not hold, no
    Shipyard there for a unit, or not enough KC."""
    faction = c["seats"][seat]
    g = galaxy()
    if world not in g.planets:
        raise OrderError(f"{world!r} is no world of the galaxy")
    if code not in buildable(faction):
        raise OrderError(f"{faction} cannot build {code!r}: a facility, or a unit of its technology "
                         f"({', '.join(FACTION_TECH.get(faction, ()))})")
    if c["planets"][world]["owner"] != seat:
        why = build_refusal(c, seat, code, world)  # claiming an occupied or unheld world (TOTE-CONFLICT-06)
        if why:
            raise OrderError(why)
    is_facility = code in facility_types()
    if not is_facility and not shipyard_at(c, seat, world):
        raise OrderError(f"no Shipyard of yours stands at {g.planets[world].name}: ships are built at a Shipyard (TOTE-GAP-34)")
    cost = facility_types()[code].cost_kc if is_facility else unit_types()[code].cost_kc
    purse = c["facility_kc"][seat] if is_facility else 0
    if purse + c["treasury"][seat] < cost:
        raise OrderError(f"{code} costs {cost} KC; you have {c['treasury'][seat]} KC"
                         + (f" and {purse} KC for facilities" if is_facility else ""))
    from_purse = min(purse, cost)
    c["facility_kc"][seat] -= from_purse
    c["treasury"][seat] -= cost - from_purse
    c["spent"][seat] += cost - from_purse
    if is_facility:
        days = facility_types()[code].build_days
    else:
        days = model.cp(code) if model.unit_class(code) == "capital" else 1
    due = clk.turn_start_hour(int(c["turn"])) + 24 * max(1, days)
    tid = f"build-{c['turn']}-{seat}-{len(c['timers'])}-{code}"
    c["timers"].append({"id": tid, "kind": "construction", "due_hour": due, "system": world, "faction": seat,
                        "code": code, "what": "facility" if is_facility else "unit", "quadrant": quadrant(seat)})
    where = {s: _hero_system(c, s) for s in c["seats"]}
    c["messages"] += comms.construction_news(seat, world, code, 1, where, int(c["hour"]),
                                             lambda a, b: g.hours_from(a)[b], tid)
    name = (facility_types()[code] if is_facility else unit_types()[code]).name
    return [{"kind": "campaign.build", "to": [seat], "turn": c["turn"],
             "text": f"{name} ordered at {g.planets[world].name} for {cost} KC; ready in {max(1, days)} day(s)."}]


def shipyard_at(c: Campaign, seat: str, world: str) -> bool:
    """Whether ``seat`` has a Shipyard at ``world``: the world's own Shipyard feature when it holds the
    world, from day 1 (revised TOTE-GAP-34), or a shipyard facility of its own standing there."""
    g = galaxy()
    if c["planets"].get(world, {}).get("owner") == seat and world in g.planets and g.planets[world].enables("build_ships", g.features):
        return True
    return any(f["faction"] == seat and f["system"] == world and not f.get("destroyed")
               and facility_types()[f["type"]].kind == "shipyard" for f in c["facilities"].values())


def _hero_system(c: Campaign, seat: str) -> str:
    return hero_system(c, seat)


def complete(c: Campaign) -> list[Event]:
    """At a turn start: builds in systems in conflict pause a day (TOTE-CONFLICT-03), then every
    build due is finished: the facility stands, the ship comes out of the yard in the C-Ring of its
    owner's quadrant. Returns the events for the builders."""
    c["timers"] = conflict.hold_builds(c.get("timers", []), c["status"], 24)
    due, c["timers"] = clk.due_timers(c["timers"], int(c["turn"]))
    g = galaxy()
    events = []
    for t in due:
        if t["kind"] != "construction":
            c["timers"].append(t)
            continue
        seat, code = t["faction"], t["code"]
        n = sum(1 for i in list(c["units"]) + list(c["facilities"]) if i.startswith(f"{c['seats'][seat]}-B"))
        uid = f"{c['seats'][seat]}-B{n + 1}"
        place = ""
        if t["what"] == "facility":
            c["facilities"][uid] = {"id": uid, "type": code, "faction": seat, "system": t["system"],
                                    "space": f"G-{t['quadrant']}/surface", "destroyed": False}
            name = facility_types()[code].name
            claims = on_facility(c, c["facilities"][uid])  # TOTE-CONFLICT-06
            claims += raise_guard(c, c["facilities"][uid])  # its grid's Reserve Guard Force (TOTE-RGF-01..03)
        else:
            claims = []
            u = model.new_unit(uid, code, seat, f"C-{t['quadrant']}")
            u.update(system=t["system"], transit=None, built=True)  # manufactured: scrapped at 25% (TOTE-SCRAP-01)
            c["units"][uid] = u
            equip(c["units"], uid, f"{uid}-C", 0)  # its complement comes with it, free (TOTE-STOCK-01, GAP-34)
            for cid in c["units"][uid]["carried"]:
                c["units"][cid].update(system=t["system"], transit=None)
            name = unit_types()[code].name
            place = join(c, uid)  # TOTE-GAP-27: the main fleet, the PDF, or unassigned
        events.append({"kind": "campaign.build", "to": [seat], "turn": c["turn"],
                       "text": f"{uid}, a {name}, is ready at {g.planets[t['system']].name}"
                               + (f"; it {place}." if place else ".")})
        events += claims
    return events
