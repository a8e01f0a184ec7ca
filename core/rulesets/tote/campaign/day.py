"""The start of a campaign day, step by step in the catalog's order (TOTE-FLOW-04, :data:`.clock.STEPS`):

1. ``income``: Action-Day income (TOTE-ECON-01..03, TOTE-GAP-32/33), reckoned on the world as the
   day that passed left it: a facility finished this morning pays from the next Action Day, a world
   whose conflict ends this morning still pays nothing today, a world that falls into conflict (or
   is occupied) this morning still pays today;
2. ``arrival``: fleets due leave hyperspace (TOTE-GAP-07);
3. ``reserve``: reserve activations complete (TOTE-RES-03);
4. ``construction``: builds due complete where the system is not in conflict (TOTE-GAP-34,
   TOTE-CONFLICT-03); a ground facility completed at an occupied world, or one nobody holds, claims
   it (TOTE-CONFLICT-06, :mod:`.claims`);
5. ``repair``: repairs and recharging for the 24 hours that passed (TOTE-GAP-36);
6. ``expiry``: scans started the day before complete (TOTE-SCAN-02) and the missions note the deeds;
7. ``conflict``: conflict status (TOTE-CONFLICT-01/04) and occupation (TOTE-CONFLICT-05) are updated;
8. ``message``: news and messages due are read (TOTE-COMMS-02/03, TOTE-GAP-39).

The game's own steps follow in :func:`.flow.resolve_post`, which holds the game's dice:
``flashpoint`` (Hero trainings, missions, the flashpoint roll: :func:`.missions.turn_start`);
``fatigue`` clocks advance with each battle day the force fights (:mod:`.victory`); the
``report`` is each faction's view, drawn when it is asked for. Every step is a function of the campaign
dict and the day's notes (``{"arrived": {...}}``) returning its events.
"""
from __future__ import annotations

from typing import Any, Callable

from core.rulesets.tote.campaign import conflict, knowledge, sensors, travel
from core.rulesets.tote.campaign.build import complete
from core.rulesets.tote.campaign.claims import update as occupation
from core.rulesets.tote.campaign.fleets import settle
from core.rulesets.tote.campaign.heroes import income_bonus
from core.rulesets.tote.campaign.logistics import activations, repairs
from core.rulesets.tote.campaign.missions import neutral_at, note_turn
from core.rulesets.tote.campaign.news import delivered_now
from core.rulesets.tote.campaign.worlds import (
    contested,
    facts,
    knows_battle,
    place_arrival,
    present,
)
from core.rulesets.tote.rules import clock as clk
from core.rulesets.tote.rules import grid
from core.rulesets.tote.rules.galaxy import galaxy
from core.rulesets.tote.rules.model import FACTIONS

Campaign = dict[str, Any]
Event = dict[str, Any]
Day = dict[str, Any]


def _say(c: Campaign, text: str, to: list[str], kind: str) -> Event:
    return {"kind": kind, "text": text, "to": to, "turn": c["turn"]}


def income(c: Campaign, day: Day) -> list[Event]:
    """Step 1: on an Action Day each seat is paid (TOTE-ECON-01..03) for the worlds and things it holds
    as the day that passed left them; nothing from a world in conflict then (TOTE-GAP-33)."""
    g = galaxy()
    fighting = contested(c)
    events = []
    for seat in c["seats"]:
        kc, lines = clk.action_day_income(g, seat, c["turn"], c["units"], list(c.get("facilities", {}).values()), fighting)
        bonus, more = income_bonus(c, seat)  # income_bonus_kc (TOTE-DATA-09)
        kc, lines = kc + bonus, lines + more
        if kc:
            c["treasury"][seat] += kc
            events.append(_say(c, f"Income {kc} KC: " + "; ".join(lines), [seat], "campaign.income"))
    return events


def arrival(c: Campaign, day: Day) -> list[Event]:
    """Step 2: fleets due arrive, each placed at its exit space with no movement left (TOTE-GAP-07)."""
    arrived, arr_events = travel.arrivals(galaxy(), c["units"], c["turn"])
    for u in arrived.values():
        u["arrived_turn"] = c["turn"]
        place_arrival(c, u)
    c["units"].update(arrived)
    day["arrived"] = arrived
    events = [_say(c, e["text"], [str(t).split(":", 1)[-1] for t in e.get("to", [])] or ["gm"], "campaign.arrive")
              for e in arr_events]
    heard = sensors.arrival_emissions(list(arrived), c["hour"], c["units"], c.get("facilities", {}))  # TOTE-SCAN-08/14
    c["sightings"] += heard
    return events + [_say(c, f"{s['text']}.", list(s["to"]), "campaign.emission") for s in heard]


def reserve(c: Campaign, day: Day) -> list[Event]:
    """Step 3: reserve activations due complete (TOTE-RES-03)."""
    return activations(c)


def construction(c: Campaign, day: Day) -> list[Event]:
    """Step 4: builds due complete (TOTE-GAP-34; paused in conflict, TOTE-CONFLICT-03); a completed
    ground facility claims an occupied or unheld world (TOTE-CONFLICT-06)."""
    return [_say(c, e["text"], e["to"], e["kind"]) for e in complete(c)]


def repair(c: Campaign, day: Day) -> list[Event]:
    """Step 5: repairs and recharging for the day that passed (TOTE-GAP-36); then every unit new
    or captured takes its place in a fleet, a PDF or stands unassigned (:func:`.fleets.settle`)."""
    # then new and captured units take their places; the command limits hold (TOTE-GAP-27/28)
    return repairs(c) + settle(c)


def expiry(c: Campaign, day: Day) -> list[Event]:
    """Step 6: scans started the day before complete, each for its faction (TOTE-SCAN-02); the
    missions note the day's arrivals and scans as deeds (TOTE-MISSION-03)."""
    owners = {w: p["owner"] for w, p in c["planets"].items()}
    ground = {w: galaxy().planets[w].ground_grids > 0 for w in c["planets"]}
    seen = {**c["units"], **c.get("fp_units", {})}  # a flashpoint's force shows on a scan (TOTE-FLASH-01)
    listened = [s for s in c["scans"] if s["mode"] == "passive" and s["due"] <= c["hour"]]
    snaps, c["scans"], scan_events = sensors.complete_scans(c["scans"], c["hour"], seen, {}, owners, ground)
    c["snapshots"] += snaps
    note_turn(c, day.get("arrived", {}), snaps)
    return [_say(c, e["text"], list(e["to"]), "campaign.scan") for e in scan_events] + \
        [_say(c, heard(c, s), [s["faction"]], "campaign.scan") for s in listened]


def heard(c: Campaign, scan: dict[str, Any]) -> str:
    """What a passive scan heard in its system while it listened (TOTE-SCAN-07, GAP-37): the space and
    class of every hostile emission there since it began, never an owner or an id."""
    where = galaxy().planets[scan["system"]].name if scan["system"] in galaxy().planets else scan["system"]
    got = [s for s in c["sightings"] if s.get("source") == "emission" and s["system"] == scan["system"]
           and scan["faction"] in s.get("to", []) and scan["hour"] <= s["hour"] <= c["hour"]]
    if not got:
        return f"Passive scan of {where} by {scan['scanner']}: nothing heard (a DSZ and the ground are silent to it)."
    lines = "; ".join(f"{s['class']} at {grid.label(s['space'])} ({s['action'].replace('_', ' ')})" for s in got)
    return f"Passive scan of {where} by {scan['scanner']}: {len(got)} energy signature{'s' if len(got) != 1 else ''} heard: {lines}."


def conflict_step(c: Campaign, day: Day) -> list[Event]:
    """Step 7: every world where units are or were has its conflict updated (TOTE-CONFLICT-01/04),
    with the factions that have known of it (``told``, TOTE-SCAN-13/14: only they hear it end),
    then its occupation (TOTE-CONFLICT-05, :func:`.claims.update`)."""
    g = galaxy()
    worlds = sorted({u["system"] for u in c["units"].values() if u.get("system")} | set(c["status"]))
    names = {"NEUTRAL": "the neutral forces", **{s: FACTIONS[f] for s, f in c["seats"].items()},
             **{w: g.planets[w].name for w in worlds if w in g.planets}}
    events = []
    for w in worlds:
        knew = set((c["status"].get(w) or {}).get("told", []))
        status, news = conflict.update(c["status"].get(w), w, present(c, w) | neutral_at(c, w), c["hour"],
                                       alliances=c.get("alliances", ()), names=names)  # allies are no hostile presence (TOTE-GAP-45)
        if status["in_conflict"]:  # who has known of this conflict, to be told when it ends
            status["told"] = sorted(knew | {s for s in present(c, w) if s in c["seats"] and knows_battle(c, w, s)})
        else:
            status.pop("told", None)
        c["status"][w] = status
        for n in news:  # a conflict begun is told to those who detect the hostile force (TOTE-SCAN-14), its end to
            # those who knew of it (a conflict nobody detected ends unannounced); the GM reads all
            to = [s for s in n["to"] if knows_battle(c, w, s)] if status["in_conflict"] else [s for s in n["to"] if s in knew]
            events.append(dict(_say(c, n["text"], to, "campaign.conflict"), world=w))  # its world: the amnesty's (flow)
        events += [_say(c, e["text"], e["to"], e["kind"]) for e in occupation(c, w, int(c["hour"]))]
    return events


def message(c: Campaign, day: Day) -> list[Event]:
    """Step 8: the news and messages due are read, each by its reader alone (TOTE-GAP-39)."""
    return delivered_now(c)


#: The campaign's steps at a turn start, in TOTE-FLOW-04's order (the first eight of :data:`.clock.STEPS`).
STEPS: tuple[tuple[str, Callable[[Campaign, Day], list[Event]]], ...] = (
    ("income", income), ("arrival", arrival), ("reserve", reserve), ("construction", construction),
    ("repair", repair), ("expiry", expiry), ("conflict", conflict_step), ("message", message))
if tuple(n for n, _ in STEPS) != clk.STEPS[:len(STEPS)]:  # checked at load time: the catalog's order
    raise RuntimeError(f"campaign_day.STEPS {[n for n, _ in STEPS]} must follow clock.STEPS {list(clk.STEPS)}")


def start_turn(c: Campaign) -> list[Event]:
    """The next game day begins: the turn and hour advance, :data:`STEPS` run in order, and each
    faction's presence is noted for its knowledge. Returns every step's events in order."""
    c["turn"] += 1
    c["hour"] = clk.turn_start_hour(c["turn"])
    day: Day = {"arrived": {}}
    events: list[Event] = []
    for _name, step in STEPS:
        events += step(c, day)
    c["visits"] = knowledge.note_presence(c["visits"], facts(c))
    return events
