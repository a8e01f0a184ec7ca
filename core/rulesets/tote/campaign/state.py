"""The campaign (issue 18): the galaxy-wide game of Twilight of the Empire, day by day, built on the
part-2 modules (:mod:`.galaxy`, :mod:`.travel`, :mod:`.clock`, :mod:`.knowledge`, :mod:`.comms`,
:mod:`.conflict`). Every function is pure and works on one JSON-able **campaign** dict:

- ``turn`` (the game day, from 1), ``hour`` (its start hour, :func:`.clock.turn_start_hour`);
- ``seats`` ``{seat: faction code}`` (a unit's ``faction`` is its seat, as in the battle);
- ``planets`` ``{world id: {"owner": seat or None}}``: a world starts with the seat that plays its
  start owner (TOTE-DATA-05), else nobody;
- ``strongholds`` ``{seat: [world ids]}`` (public, catalog 5.5);
- ``units`` ``{id: campaign unit}``: a :mod:`.model` unit instance plus ``system`` and ``transit``
  (:mod:`.travel`); the ready fleet of each faction (``setup.forces``) starts at its first
  stronghold in the C-Ring of its quadrant, with the stronghold's free space defenses and the
  faction's bonus PDF units (``bonus``/``pdf`` true: they stay to guard it, TOTE-START-04, STRONG-01,
  PDF-02); every unit's place of command (main fleet, a world's Space PDF, unassigned) and the
  command limits are :mod:`.fleets`';
- ``heroes``: each faction's Hero (:mod:`.heroes`), aboard its first capital ship at the start
  (TOTE-START-01, HERO-01); it dies with its host (TOTE-GAP-30); the Heroes' trainings and intel
  and the missions, deeds and flashpoints are :mod:`.heroes`' and :mod:`.missions`';
- ``treasury`` ``{seat: KC}`` (paid on Action Days, TOTE-ECON-01..03, :func:`.clock.action_day_income`);
- ``status`` ``{world id: conflict status}`` (:mod:`.conflict`), ``notices`` (public departure
  notices, :func:`.comms.departure_notice`), and the
  :mod:`.knowledge` pieces ``scans``, ``snapshots``, ``sightings``, ``messages``, ``visits``;
- ``fatigue`` ``{world: {seat: {ground grid: clock}}}`` (Combat Fatigue across battle days) and
  ``kills`` (what today's battles destroyed, by whom, until the victory record reads them), kept by
  :mod:`.victory`, which also places the Imperial Sector Palace at Coruscant.

What a faction may know goes only through :func:`view` (:func:`.knowledge.knowledge`): never the
treasuries, sheets or fleets in transit of another faction.
"""
from __future__ import annotations

import marshal
from typing import Any, Iterable

from core.errors import OrderError
from core.rulesets.tote.battle.setup import DEFENSE_RINGS, equip, forces, scenarios
from core.rulesets.tote.campaign import comms, knowledge, sensors, travel
from core.rulesets.tote.campaign import heroes as campaign_heroes
from core.rulesets.tote.campaign import missions as campaign_missions
from core.rulesets.tote.campaign.build import build as order_build
from core.rulesets.tote.campaign.build import start as start_building
from core.rulesets.tote.campaign.claims import ledger as claims_ledger
from core.rulesets.tote.campaign.claims import mark_board
from core.rulesets.tote.campaign.day import start_turn as run_steps
from core.rulesets.tote.campaign.fleets import check_acts
from core.rulesets.tote.campaign.fleets import ledger as fleets_ledger
from core.rulesets.tote.campaign.fleets import problems as command_limits
from core.rulesets.tote.campaign.fleets import start as start_fleets
from core.rulesets.tote.campaign.ground import check_stays
from core.rulesets.tote.campaign.ground import ledger as ground_ledger
from core.rulesets.tote.campaign.ground import start as start_ground
from core.rulesets.tote.campaign.heroes import on_scan
from core.rulesets.tote.campaign.logistics import in_play, repair_ledger, reserve_ledger
from core.rulesets.tote.campaign.missions import start as start_missions
from core.rulesets.tote.campaign.reserve import check_active
from core.rulesets.tote.campaign.victory import place_palace
from core.rulesets.tote.campaign.worlds import facts, hero_system, known_conflicts, quadrant
from core.rulesets.tote.rules import clock as clk
from core.rulesets.tote.rules import grid, heroes, model
from core.rulesets.tote.rules.fleet import FACTION_BONUS
from core.rulesets.tote.rules.galaxy import galaxy, map_board
from core.rulesets.tote.rules.model import FACTIONS

Campaign = dict[str, Any]
Event = dict[str, Any]

#: The free space defenses of every stronghold (TOTE-STRONG-01), as the stronghold scenario has them.
STRONGHOLD_DEFENSES = scenarios()["stronghold"].defenses

#: Each faction's starting Hero (TOTE-START-01, HERO-01): its class and name.
HEROES: dict[str, tuple[str, str]] = {
    "GE": ("admiral", "Admiral Natasi Daala"), "IR": ("general", "General Maximilian Veers"),
    "NR": ("admiral", "Admiral Gial Ackbar"), "RA": ("jedi", "Luke Skywalker"),
    "TF": ("general", "Viceroy Lott Dod"), "HS": ("crimelord", "Durga the Hutt"),
    "HC": ("spymaster", "Ta'a Chume"), "CSA": ("spymaster", "Territorial Manager Hirken"),
    "IND": ("crimelord", "Talon Karrde"), "ORC": ("admiral", "Warlord Zsinj"),
}



def new_campaign(seats: Iterable[tuple[str, str]]) -> Campaign:
    """A campaign on turn 1 for ``seats`` ((seat, faction code) pairs): every world with its start
    owner's seat (or nobody), each faction's ready fleet in hyperspace-free orbit of its first
    stronghold, treasuries paid the first Action Day's income. Raises OrderError for an unknown or repeated faction."""
    seats = list(seats)
    codes = [f for _s, f in seats]
    bad = [f for f in codes if f not in FACTIONS]
    if bad or len(set(codes)) != len(codes):
        raise OrderError(f"each seat plays one of {', '.join(FACTIONS)}, each faction once; got {', '.join(codes)}")
    g = galaxy()
    seat_of = {f: s for s, f in seats}
    planets = {pid: {"owner": seat_of.get(p.start_owner or "")} for pid, p in g.planets.items()}
    holds = {s: sorted((pid for pid, p in g.planets.items() if p.stronghold and p.start_owner == f),
                       key=lambda w: g.planets[w].name) for s, f in seats}
    units: dict[str, dict[str, Any]] = {}
    ready = forces()
    for seat, faction in seats:
        home = holds[seat][0] if holds[seat] else None
        n = 0
        q = quadrant(seats, seat)
        for code, count in ready.get(faction, ("", {}))[1].items():
            for _ in range(count):
                n += 1
                u = model.new_unit(f"{faction}-{n}", code, seat, None)
                u["space"] = None if home is None else f"C-{q}"
                u.update(system=home, transit=None)
                units[u["id"]] = u
                n = _equip(units, u["id"], faction, n)
        if home is None:
            continue
        defenses = [(world, code, DEFENSE_RINGS.get(code, ["B"])[k % len(DEFENSE_RINGS.get(code, ["B"]))])
                    for world in holds[seat] for code, count in STRONGHOLD_DEFENSES for k in range(count)]  # every stronghold (TOTE-STRONG-01)
        defenses += [(home, code, "C") for code, count in FACTION_BONUS.get(faction, {}).items() for k in range(count)]
        for world, code, ring in defenses:  # TOTE-START-04: the stronghold's PDF, free (TOTE-PDF-02)
            n += 1
            u = model.new_unit(f"{faction}-{n}", code, seat, f"{ring}-{q}")
            u.update(system=world, transit=None, bonus=True, pdf=True)
            units[u["id"]] = u
            n = _equip(units, u["id"], faction, n)
    hero_list = []
    for seat, faction in seats:
        ships = sorted((u for u in units.values() if u["faction"] == seat and not u.get("pdf") and model.is_capital(u)),
                       key=lambda u: int(u["id"].rsplit("-", 1)[1]))
        if ships:
            cls, name = HEROES[faction]
            hero_list.append(heroes.new_hero(f"{faction}-HERO", seat, cls, name, ships[0]["system"], host=ships[0]["id"]))
    c: Campaign = {"turn": 1, "heroes": hero_list, "hour": 0, "seats": dict(seats), "planets": planets, "strongholds": holds,
                   "units": units, "treasury": {s: 0 for s, _f in seats}, "status": {}, "notices": [],
                   "scans": [], "snapshots": [], "sightings": [], "messages": [], "visits": {}}
    start_building(c, lambda s: quadrant(seats, s))
    place_palace(c)  # the Imperial Sector Palace at Coruscant (TOTE-WIN-02)
    start_ground(c)  # each facility's Reserve Guard Force, garrisoned in it (TOTE-RGF-01..03)
    c["visits"] = knowledge.note_presence({}, facts(c))
    start_missions(c)
    start_fleets(c)  # the ready fleet is the main fleet, the stronghold's defenses its Space PDF
    for seat, _f in seats:  # turn 1 is an Action Day (TOTE-ECON-01)
        c["treasury"][seat] = clk.action_day_income(g, seat, 1, units, list(c["facilities"].values()))[0]
    return c


def _equip(units: dict[str, dict[str, Any]], uid: str, faction: str, n: int) -> int:
    """Ship ``uid`` takes its complement aboard (:func:`.setup.equip`: troops, vehicles, craft in its
    hangar, a landing barge's walkers), the craft in its system with it. Returns the last number used."""
    n = equip(units, uid, faction, n)
    for cid in units[uid]["carried"]:
        units[cid].update(system=units[uid]["system"], transit=None)
    return n


def scan(c: Campaign, seat: str, uid: str, mode: str = "active") -> list[Event]:
    """``seat``'s ship ``uid`` starts a scan of its system now (TOTE-SCAN-01..03); it completes at a
    turn start 24 hours later into a snapshot for the seat alone (TOTE-SCAN-02/04). Raises
    OrderError (nothing changes) for a unit not the seat's or one that may not scan so."""
    u = c["units"].get(uid)
    if u is None or u["faction"] != seat:
        raise OrderError(f"{uid} is not a unit of yours")
    check_acts(c, uid, "scan")  # an unassigned unit cannot act (TOTE-GAP-27)
    if any(s["scanner"] == uid for s in c["scans"]):
        raise OrderError(f"{uid} is scanning already; its scan completes at the next turn start")
    record = sensors.declare_scan(u, mode, c["hour"], f"scan-{c['turn']}-{uid}")
    record = on_scan(c, seat, record)  # a Hero aboard: scan_time_hours, scan_range (TOTE-DATA-09)
    c["scans"].append(record)
    events = [_say(c, f"{uid} begins {'an' if mode == 'active' else 'a'} {mode} scan of {galaxy().planets[u['system']].name}.", [seat], "campaign.scan")]
    felt = sensors.scanner_reveal(record, u, c["units"], c.get("facilities", {}))  # TOTE-SCAN-05/15: an active scan is felt
    if felt:
        c["sightings"].append(felt)
        where = f"{galaxy().planets[felt['system']].name} {grid.label(felt['space'])}"
        who = ("from deep space: by what, we cannot tell" if record["from_dsz"]
               else f"by {sensors.a_name(u['type'])} of the {FACTIONS[c['seats'][seat]]}")
        events.append(_say(c, f"We are being scanned from {where}, {who} (TOTE-SCAN-05/15).", list(felt["to"]), "campaign.scanned"))
    return events


def message(c: Campaign, seat: str, text: str) -> list[Event]:
    """``seat`` sends a general message galaxy-wide from its Hero's system (TOTE-COMMS-02): every
    other faction reads it at the first turn start after it arrives, at twice hyperspace speed
    over the fastest route to its own Hero's system (TOTE-GAP-39). Raises OrderError for an empty
    message."""
    if not text.strip():
        raise OrderError("a message needs some words: message <text>")
    g = galaxy()
    where = {s: hero_system(c, s) for s in c["seats"]}
    sent = comms.general_message(seat, where[seat], where, c["hour"], lambda a, b: g.hours_from(a)[b], text.strip(),
                                 f"msg-{c['turn']}-{seat}-{len(c['messages'])}")
    c["messages"] += sent
    return [_say(c, f"{FACTIONS[c['seats'][seat]]} sends a message from {g.planets[where[seat]].name}: {text.strip()}", [seat], "campaign.message")]


def _say(c: Campaign, text: str, to: list[str], kind: str = "campaign") -> Event:
    return {"kind": kind, "text": text, "to": to, "turn": c["turn"]}


def jump(c: Campaign, seat: str, ids: list[str], destination: str) -> list[Event]:
    """``seat``'s units ``ids`` jump to ``destination`` (a world id or name) on the fastest course
    (TOTE-MAP-06, FLEETHYP-01): they leave their system now and arrive at the start of a later turn
    (TOTE-GAP-07); everyone hears of the departure, never of the destination (TOTE-COMMS-05,
    GAP-39). Raises OrderError (nothing changes) for units not the seat's, in hyperspace, or a
    course that cannot be flown."""
    g = galaxy()
    try:
        dest = g.world(destination).id
    except ValueError as e:
        raise OrderError(str(e)) from e
    for uid in ids:
        u = c["units"].get(uid)
        if u is None or u["faction"] != seat:
            raise OrderError(f"{uid} is not a unit of yours; yours are {', '.join(sorted(i for i, v in c['units'].items() if v['faction'] == seat))}")
        check_active(u)  # TOTE-RES-05: a mothballed unit does not jump
        if u.get("scrapped"):
            raise OrderError(f"{uid} has been scrapped")
        if u.get("transit") or not u.get("system"):
            raise OrderError(f"{uid} is in hyperspace already; it may jump again when it arrives")
        check_acts(c, uid, "jump")  # unassigned units cannot act; a Space PDF guards its world
        check_stays(c, uid)  # a Reserve Guard Force never jumps
    origin = c["units"][ids[0]]["system"]
    if dest == origin:
        raise OrderError(f"{', '.join(ids)} are at {g.planets[dest].name} already")
    moved, events = travel.depart(g, c["units"], seat, ids, dest, c["turn"], label=FACTIONS[c["seats"][seat]],
                                  speedup_pct=campaign_heroes.hyper_pct(c, seat, ids))
    c["units"].update(moved)
    out = []
    for ev in events:
        if ev["kind"] == "jump":
            out.append(_say(c, ev["text"], [seat], "campaign.jump"))
        elif ev["kind"] == "departed":  # the one public notice (TOTE-COMMS-05), built by comms.departure_notice
            c["notices"].append(ev["data"]["notice"])
    return out + campaign_heroes.reveal(c, seat, ids, origin)


def start_turn(c: Campaign) -> list[Event]:
    """The next game day begins (catalog 5, TOTE-FLOW-04): the campaign's turn-start steps in the
    catalog's order (:mod:`.day`: income, arrivals, reserve, construction, repairs, scans,
    conflict and occupation, news)."""
    return run_steps(c)


def build(c: Campaign, seat: str, code: str, world: str) -> list[Event]:
    """``seat`` orders ``code`` built at ``world`` (:func:`.build.build`). Raises OrderError."""
    return order_build(c, seat, code, world, lambda s: quadrant(c["seats"], s))


def ledger(c: Campaign, seat: str) -> dict[str, Any]:
    """``seat``'s own ledger: its Heroes (level, abilities, where) and those in training, its
    missions and the open flashpoints (:mod:`.missions`), treasury, the CP of its units
    (committed: at worlds it knows to be in conflict; free: the rest; the free PDF counts in neither, TOTE-PDF-02)
    and its Heroes' ``cp_bonus``, worlds held, its calendar of arrivals (its own jumps only), its
    Fleet Reserve Force and its ships under repair (:mod:`.logistics`; units in the
    reserve or scrapped count in neither CP nor units), its worlds occupied and the worlds it may
    claim (:mod:`.claims`)."""
    mine = [u for u in c["units"].values() if u["faction"] == seat and in_play(u)]
    fighting = set(known_conflicts(c, seat))  # a conflict it cannot detect is not its to count (TOTE-SCAN-14)
    mine = [u for u in mine if not u.get("attached_to")]  # a craft's CP is its carrier's (TOTE-BURDEN-02)
    committed = sum(model.cp(u) for u in mine if u.get("system") in fighting and not u.get("bonus"))
    return {"cp_committed": committed, "cp_free": sum(model.cp(u) for u in mine if not u.get("bonus")) - committed,"heroes": campaign_heroes.ledger_heroes(c, seat),
            "trainings": campaign_heroes.ledger_trainings(c, seat), "cp_bonus": campaign_heroes.cp_bonus(c, seat),
            "intel": campaign_heroes.ledger_intel(c, seat),
            "missions": campaign_missions.ledger(c, seat),
            "treasury_kc": c["treasury"][seat], "facility_kc": c.get("facility_kc", {}).get(seat, 0),
            "facilities": sorted(f"{f['type']} at {f['system']}" for f in c.get("facilities", {}).values()
                                 if f["faction"] == seat and not f.get("destroyed")),
            "building": [{"code": t["code"], "at": t["system"], "due_hour": t["due_hour"]}
                         for t in c.get("timers", []) if t.get("faction") == seat], "cp": sum(model.cp(u) for u in mine if not u.get("rgf")), "units": len(mine),
            "worlds": sorted(w for w, p in c["planets"].items() if p["owner"] == seat),
            "arrivals": travel.inbound(c["units"], seat), **reserve_ledger(c, seat), "repairs": repair_ledger(c, seat),
            "fleets": fleets_ledger(c, seat), **claims_ledger(c, seat), **ground_ledger(c, seat)}


def view(c: Campaign, viewer: str) -> dict[str, Any]:
    """What ``viewer`` (a seat, or ``gm``) may see: its :func:`.knowledge.knowledge`, the galaxy as
    the ``map`` board drawn from it, and (a seat) its own ledger. Nothing else of the campaign."""
    k = knowledge.knowledge(facts(c), viewer)
    out: dict[str, Any] = {"turn": c["turn"], "knowledge": k}
    if viewer == "gm":
        out["board"] = map_board(galaxy(), {"owners": {w: p["owner"] for w, p in c["planets"].items()},
                                            "now": c["hour"], "current": list(c["planets"]), **_seat_names(c)})
        out["treasury"] = dict(c["treasury"])
    else:
        known = knowledge.map_known(k)  # the strongholds are public: their start holders, by seat (catalog 5.5)
        known["owners"] = {**{w: None for w, p in galaxy().planets.items() if p.stronghold},
                           **{w: s for s, ws in c["strongholds"].items() for w in ws}, **known["owners"]}
        out["board"] = map_board(galaxy(), {**known, **_seat_names(c)})
        out["ledger"] = ledger(c, viewer)
    mark_board(c, out["board"], viewer)  # the occupied worlds it knows of (TOTE-CONFLICT-05)
    return out


def _seat_names(c: Campaign) -> dict[str, dict[str, str]]:
    """The seats' faction names and codes for the map's lines and marks (public: who plays whom)."""
    return {"names": {s: FACTIONS[f] for s, f in c["seats"].items()}, "codes": dict(c["seats"])}


def invariants(before: Campaign, after: Campaign) -> list[str]:
    """What a game day may never do: lose units (conservation: the destroyed stay, marked), make a
    treasury negative or take money away (nothing is bought on the galaxy yet), or leave a unit both
    in a system and in hyperspace."""
    problems = []
    if set(before["units"]) - set(after["units"]):
        problems.append(f"units vanished: {sorted(set(before['units']) - set(after['units']))}")
    if set(before.get("fp_units", {})) - set(after.get("fp_units", {})):
        problems.append(f"flashpoint units vanished: {sorted(set(before['fp_units']) - set(after.get('fp_units', {})))}")
    for s, kc in after["treasury"].items():
        if kc < 0:
            problems.append(f"{s}'s treasury is negative: {kc} KC")
        spent = after.get("spent", {}).get(s, 0) - before.get("spent", {}).get(s, 0)
        if kc + spent < before["treasury"].get(s, 0):
            problems.append(f"{s}'s treasury fell from {before['treasury'][s]} to {kc} KC with only {spent} KC spent")
    for uid, u in after["units"].items():
        if u.get("transit") and u.get("system"):
            problems.append(f"{uid} is both in hyperspace and at {u['system']}")
    problems += command_limits(after)  # the main fleet and every Space PDF within 23 CP / 7 ships
    return problems


def snapshot(c: Campaign) -> Campaign:
    """A deep copy (for invariants checks and trial runs), through marshal: the campaign is plain
    JSON-able data, and this is many times faster than ``copy.deepcopy``."""
    return marshal.loads(marshal.dumps(c))
