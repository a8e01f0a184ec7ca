"""Logistics in the campaign: the Fleet Reserve Force, repairs and recharging at each turn start,
scrapping and salvage, and surrender (TOTE-RES-01..05, TOTE-GAP-47, TOTE-REPAIR-01..06,
TOTE-GAP-36, TOTE-SCRAP-01..04, TOTE-GAP-35, TOTE-GAP-46), over the campaign dict of
:mod:`.state` with the pure modules :mod:`.reserve`, :mod:`.repair`, :mod:`.stock` and
:mod:`.conflict`.

The pieces of the campaign this module keeps:

- a unit's ``reserve`` / ``activating`` (:mod:`.reserve`): a reserve unit is in no system
  (``system``, ``space``, ``transit`` None), so nothing counts it present, scans it or attacks it;
- ``activations``: the reserve activation timers (:func:`.reserve.order_activation`), due at a turn
  start (TOTE-FLOW-04 step 3, TOTE-EX-34: ordered on day 10, in the DSZ at the start of day 13);
- a unit's ``scrapped`` (True once scrapped or salvaged: it stays in ``units``, in no system, and
  nothing counts it any more), ``built`` (set by :mod:`.build` on units a faction
  manufactured) and ``captured`` (set by a surrender, :func:`.conflict.surrender`).

Every order function changes the campaign only when it succeeds and returns the events
(``{"kind", "text", "to": [seats], "turn"}``; the GM sees them all); it raises OrderError (nothing
changed) saying what was wrong and what would be right. The reserve, the repairs and the payouts go
to their owner only; a surrender to both factions.
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import Any, Iterable

from core.errors import OrderError
from core.rulesets.tote.campaign import conflict, reserve
from core.rulesets.tote.campaign import heroes as campaign_heroes
from core.rulesets.tote.campaign.fleets import join
from core.rulesets.tote.campaign.ground import check_stays
from core.rulesets.tote.campaign.worlds import hero_system
from core.rulesets.tote.campaign.worlds import quadrant as seat_quadrant
from core.rulesets.tote.rules import arith, model, repair, stock
from core.rulesets.tote.rules import clock as clk
from core.rulesets.tote.rules.data import facility_types, unit_types
from core.rulesets.tote.rules.galaxy import galaxy
from core.rulesets.tote.rules.galaxy import world_name as _name
from core.rulesets.tote.rules.model import FACTIONS

Campaign = dict[str, Any]
Event = dict[str, Any]

#: The galaxy orders this module carries out.
VERBS = ("reserve", "activate", "exchange", "scrap", "surrender")


def _say(c: Campaign, text: str, to: Iterable[str], kind: str) -> Event:
    return {"kind": kind, "text": text, "to": sorted(set(to)), "turn": c["turn"]}


def in_play(u: dict[str, Any]) -> bool:
    """Whether a unit is on the galaxy: not destroyed, derelict, scrapped, nor in the reserve."""
    return conflict.military(u) and not u.get("scrapped") and not u.get("reserve")


def held_strongholds(c: Campaign, seat: str) -> list[str]:
    """``seat``'s strongholds it still holds (where it sends units to the reserve, TOTE-GAP-47)."""
    return [w for w in c["strongholds"].get(seat, []) if c["planets"].get(w, {}).get("owner") == seat]


def hero_aboard(c: Campaign, seat: str, uid: str) -> str | None:
    """The name of ``seat``'s living Hero aboard unit ``uid``, or None."""
    for h in c.get("heroes", []):
        if h["faction"] == seat and not h.get("dead") and h.get("host") == uid:
            return str(h["name"])
    return None


def _own(c: Campaign, seat: str, uid: str) -> dict[str, Any]:
    u = c["units"].get(uid)
    if u is None or u["faction"] != seat:
        raise OrderError(f"{uid} is not a unit of yours")
    check_stays(c, uid)  # a Reserve Guard Force stays at its post: no reserve, no scrap (TOTE-RGF-02)
    return u


# ---- the Fleet Reserve Force -------------------------------------------------------------------

def ashore(c: Campaign, seat: str, going: Iterable[str]) -> list[tuple[dict[str, Any], str]]:
    """Where each of ``seat``'s living Heroes aboard a unit of ``going`` (ships bound for the reserve,
    with the craft aboard them) goes instead, for a mothballed unit cannot act (TOTE-RES-05) and a
    Hero rides aboard a ship or facility (TOTE-HERO-01, GAP-30): the seat's standing facility at
    that world (its Faction Command Center first), else another of its ships there that stays
    active (not a Space PDF's, not aboard). Returns (Hero, new host) pairs. Raises OrderError when
    a Hero has nowhere to go, saying what to do."""
    going = set(going)
    out = []
    for h in c.get("heroes", []):
        if h["faction"] != seat or h.get("dead") or h.get("host") not in going:
            continue
        ship = c["units"][h["host"]]
        world = ship.get("system")
        facilities = sorted((f["type"] != "FCC", fid) for fid, f in c.get("facilities", {}).items()
                            if f["faction"] == seat and f.get("system") == world and not f.get("destroyed"))
        ships = sorted(i for i, u in c["units"].items() if u["faction"] == seat and i not in going and in_play(u)
                       and u.get("system") == world and not u.get("transit") and not u.get("pdf") and not u.get("rgf")
                       and not u.get("carried_by") and (model.is_capital(u) or model.is_small(u)))
        host = facilities[0][1] if facilities else (ships[0] if ships else None)
        if host is None:
            raise OrderError(f"{h['name']} is aboard {h['host']} and has no facility or other ship of yours at "
                             f"{_name(world)} to go to: a Hero is not mothballed; send another ship")
        out.append((h, host))
    return out


def _go_ashore(c: Campaign, seat: str, moves: list[tuple[dict[str, Any], str]]) -> str:
    """Carry out :func:`ashore`'s moves; the sentence that tells the owner (empty without any)."""
    said = []
    for h, host in moves:
        was = h["host"]
        campaign_heroes.transfer(c, seat, h["id"], host)
        f = c.get("facilities", {}).get(host)
        where = f"the {facility_types()[f['type']].name} ({host})" if f else host
        said.append(f" {h['name']} leaves {was} and goes aboard {where} at {_name(c['units'][was].get('system'))}: "
                    "a Hero is not mothballed.")
    return "".join(said)


def send(c: Campaign, seat: str, ids: list[str]) -> list[Event]:
    """``seat`` sends ``ids`` (with the craft aboard) to its Fleet Reserve Force at once, from a
    stronghold it holds, not in conflict, within 23 CP (TOTE-RES-01/04, TOTE-GAP-47). A Hero
    aboard goes ashore first (:func:`ashore`). Raises OrderError (nothing changes) naming the first
    unit that cannot go and why."""
    units = dict(c["units"])
    moved: dict[str, dict[str, Any]] = {}
    holds = held_strongholds(c, seat)
    for uid in ids:
        u = _own(c, seat, uid)
        if u.get("scrapped"):
            raise OrderError(f"{uid} has been scrapped")
        if u.get("pdf"):
            raise OrderError(f"{uid} guards {_name(u.get('system'))} as its Space PDF; send a ship of your fleet")
        if not holds:
            raise OrderError("you hold no stronghold: units go to the reserve from a stronghold you hold (TOTE-GAP-47)")
        changed, _ev = reserve.send_to_reserve(units, uid, seat, holds, conflict.in_conflict(c["status"], u.get("system")))
        units.update(changed)
        moved.update(changed)
    heroes_ashore = _go_ashore(c, seat, ashore(c, seat, moved))
    c["units"].update(moved)
    left = 23 - reserve_cp(c, seat)
    return [_say(c, f"{', '.join(ids)} mothballed in the Fleet Reserve Force ({left} CP of room left in it).{heroes_ashore}",
                 [seat], "campaign.reserve")]


def reserve_cp(c: Campaign, seat: str) -> int:
    """The CP ``seat``'s reserve holds now (units being activated, craft aboard and bonus units
    count none, TOTE-RES-01)."""
    return sum(model.cp(code) * n for code, n in reserve.reserve_counts(c["units"], seat).items())


def _dsz(c: Campaign, seat: str, quadrant: str | None) -> str:
    q = str(quadrant) if quadrant else str(seat_quadrant(c["seats"], seat))
    if q not in ("1", "2", "3", "4"):
        raise OrderError(f"quadrant {quadrant!r}: a reserve unit arrives in the DSZ of quadrant 1, 2, 3 or 4 (TOTE-RES-03)")
    return f"DSZ-{q}"


def activate(c: Campaign, seat: str, uid: str, stronghold: str, quadrant: str | None = None) -> list[Event]:
    """``seat`` begins activating reserve unit ``uid``: 3 days, then it appears in ``stronghold``'s
    DSZ of ``quadrant`` (default: the seat's own) at a turn start (TOTE-RES-03, TOTE-EX-34).
    Raises OrderError for a unit not in the reserve or already coming out, a world that is not a
    stronghold the seat holds, or a quadrant not 1-4."""
    _own(c, seat, uid)
    changed, timer, _ev = reserve.order_activation(c["units"], uid, seat, stronghold, held_strongholds(c, seat),
                                                   _dsz(c, seat, quadrant), int(c["turn"]),
                                                   f"act-{c['turn']}-{uid}")
    c["units"].update(changed)
    c.setdefault("activations", []).append(timer)
    day = clk.turn_of_hour(timer["due_hour"])
    return [_say(c, f"{uid} is being brought out of the Fleet Reserve Force: it reaches {_name(stronghold)} "
                    f"{timer['space']} at the start of day {day}.", [seat], "campaign.reserve")]


def exchange(c: Campaign, seat: str, send_id: str, activate_id: str, quadrant: str | None = None) -> list[Event]:
    """``seat`` exchanges active ``send_id`` (at a stronghold it holds) for reserve unit
    ``activate_id`` (TOTE-RES-02): the first is mothballed now, the second arrives at that
    stronghold's DSZ of ``quadrant`` in 3 days; the 23 CP are checked on the exchange as a whole.
    Raises OrderError as :func:`send` and :func:`activate` do; nothing changes."""
    u = _own(c, seat, send_id)
    _own(c, seat, activate_id)
    if u.get("pdf"):
        raise OrderError(f"{send_id} guards {_name(u.get('system'))} as its Space PDF; exchange a ship of your fleet")
    where = u.get("system")
    if where not in held_strongholds(c, seat):
        raise OrderError(f"{send_id} is not at a stronghold you hold: the exchange is made there (TOTE-GAP-47); "
                         f"yours: {', '.join(held_strongholds(c, seat)) or 'none'}")
    changed, timer, _ev = reserve.exchange(c["units"], send_id, activate_id, seat, str(where), held_strongholds(c, seat),
                                           _dsz(c, seat, quadrant), int(c["turn"]),
                                           conflict.in_conflict(c["status"], where), f"act-{c['turn']}-{activate_id}")
    heroes_ashore = _go_ashore(c, seat, ashore(c, seat, [i for i, x in changed.items() if x.get("reserve") and i != activate_id]))
    c["units"].update(changed)
    c.setdefault("activations", []).append(timer)
    day = clk.turn_of_hour(timer["due_hour"])
    return [_say(c, f"{send_id} mothballed in the Fleet Reserve Force; {activate_id} comes out of it to "
                    f"{_name(where)} {timer['space']} at the start of day {day}.{heroes_ashore}", [seat], "campaign.reserve")]


def activations(c: Campaign) -> list[Event]:
    """Turn start, TOTE-FLOW-04 step 3: every activation due brings its unit (and the craft aboard)
    into the chosen DSZ of the stronghold, in the main fleet when the Hero is there and it has room,
    else the stronghold's Space PDF, else unassigned (TOTE-GAP-27/47). Returns the owners' events."""
    due, pending = clk.due_timers(c.get("activations", []), int(c["turn"]))
    c["activations"] = pending
    events = []
    for t in due:
        seat, where = t["faction"], t["system"]
        here = [u for u in c["units"].values() if u["faction"] == seat and u.get("system") == where
                and not u.get("transit") and in_play(u) and not u.get("carried_by") and not u.get("bonus")]
        main = Counter(u["type"] for u in here if not u.get("pdf"))
        pdf = Counter(u["type"] for u in here if u.get("pdf"))
        changed, _ev = reserve.arrive(c["units"], t, main, pdf, hero_system(c, seat) == where)
        for u in changed.values():
            u["arrived_turn"] = c["turn"]
        c["units"].update(changed)
        word = join(c, t["unit"])  # TOTE-GAP-47/27: the main fleet with the Hero there, else the PDF, else unassigned
        events.append(_say(c, f"{t['unit']} arrives from the Fleet Reserve Force at {_name(where)} {t['space']} and {word}.",
                           [seat], "campaign.reserve"))
    return events


def reserve_ledger(c: Campaign, seat: str) -> dict[str, Any]:
    """``seat``'s reserve for its ledger: each unit (type, CP, the day it arrives when being
    activated, and where) and the CP it holds of its 23."""
    due = {t["unit"]: t for t in c.get("activations", []) if t["faction"] == seat}
    rows = []
    for uid, u in sorted((i, u) for i, u in c["units"].items() if u["faction"] == seat and u.get("reserve")):
        if u.get("carried_by"):
            continue
        t = due.get(uid)
        rows.append({"unit": uid, "type": u["type"], "cp": model.cp(u),
                     "arrives_day": clk.turn_of_hour(t["due_hour"]) if t else None,
                     "to": t["system"] if t else None, "dsz": t["space"] if t else None})
    return {"reserve": rows, "reserve_cp": reserve_cp(c, seat)}


# ---- repairs and recharging ------------------------------------------------------------------

def yard(c: Campaign, seat: str, world: str | None) -> bool:
    """Whether ``world`` is, for ``seat``, a Stronghold or Shipyard World where armor and hull are
    repaired (TOTE-REPAIR-03): a stronghold it holds, a world it holds with the Shipyard feature, or
    a world with a standing Shipyard of its own."""
    if not world or world not in galaxy().planets:
        return False
    p = galaxy().planets[world]
    owned = c["planets"].get(world, {}).get("owner") == seat
    if owned and (p.stronghold or p.enables("repair_armor_hull", galaxy().features)):
        return True
    return any(f["faction"] == seat and f.get("system") == world and not f.get("destroyed")
               and facility_types()[f["type"]].kind == "shipyard" for f in c.get("facilities", {}).values())


def dock(c: Campaign, u: dict[str, Any]) -> repair.Dock:
    """Where ``u`` spends the day (:class:`.repair.Dock`): friendly (its faction holds the world),
    in combat and in conflict (the world is in conflict), at a yard (:func:`yard`)."""
    world, seat = u.get("system"), u["faction"]
    fighting = conflict.in_conflict(c["status"], world)
    return repair.Dock(friendly=c["planets"].get(world or "", {}).get("owner") == seat, in_combat=fighting,
                       yard=yard(c, seat, world), in_conflict=fighting)


@lru_cache(maxsize=None)
def _full(code: str) -> tuple[tuple[str, int], ...]:
    return tuple(repair.maxima(model.spec(code)).items())


def _damaged(u: dict[str, Any]) -> bool:
    return any(int(u.get(k, 0)) < v for k, v in _full(u["type"]))


def _repairable(u: dict[str, Any]) -> bool:
    return (u.get("system") is not None and not u.get("transit") and u["type"] in unit_types() and _damaged(u)
            and in_play(u))


def repairs(c: Campaign) -> list[Event]:
    """Turn start, TOTE-FLOW-04 step 5: every unit on the galaxy that spent the whole previous day
    in its system (not arriving now) recharges and repairs for ``hours_per_turn`` hours as its
    :func:`dock` allows (TOTE-REPAIR-01..06, TOTE-GAP-36). Returns one line per unit repaired, to
    its owner."""
    hours = clk.clock().hours_per_turn
    events = []
    for uid in sorted(c["units"]):
        u = c["units"][uid]
        if not _repairable(u) or u.get("arrived_turn") == c["turn"]:
            continue
        work = campaign_heroes.repair_hours(c, u["faction"], u["system"], hours)  # a Hero's repair_bonus_pct
        done = repair.repair(u, model.spec(u), work, dock(c, u), turn=int(c["turn"]))
        if not done.gained:
            continue
        c["units"][uid] = done.unit
        gained = ", ".join(f"{k} +{v}" for k, v in done.gained.items())
        rest = "at full strength" if not _damaged(done.unit) else "still damaged"
        events.append(_say(c, f"{uid} repaired at {_name(u['system'])} in {done.hours} h: {gained}; {rest}.",
                           [u["faction"]], "campaign.repair"))
    return events


def repair_ledger(c: Campaign, seat: str) -> list[dict[str, Any]]:
    """``seat``'s damaged units on the galaxy: where, the hours of repair they need there, and the
    day they will be full (None when what is left needs a stronghold or shipyard world, or the
    world is in conflict: ``needs`` says what)."""
    hours = clk.clock().hours_per_turn
    rows = []
    for uid, u in sorted((i, u) for i, u in c["units"].items() if u["faction"] == seat and _repairable(u)):
        d = dock(c, u)
        done = repair.repair(u, model.spec(u), 1000, d)
        full = not _damaged(done.unit)
        needs = None if full else ("an end to the conflict" if d.in_combat else
                                   "a stronghold or shipyard world you hold" if not d.yard else "a friendly system")
        rows.append({"unit": uid, "at": u["system"], "hours": done.hours, "yard": d.yard, "needs": needs,
                     "full_day": int(c["turn"]) + arith.ceil_div(done.hours, campaign_heroes.repair_hours(c, seat, u["system"], hours))
                     if full else None})
    return rows


# ---- scrapping and salvage ---------------------------------------------------------------------

def scrap_refusal(c: Campaign, seat: str, world: str | None) -> str | None:
    """Why ``seat`` may not scrap at ``world`` (TOTE-SCRAP-03), or None."""
    kinds = [facility_types()[f["type"]].kind for f in c.get("facilities", {}).values()
             if f["faction"] == seat and f.get("system") == world and not f.get("destroyed")]
    features = galaxy().planets[world].features if world in galaxy().planets else ()
    if not stock.check_scrap_site(facility_kinds=kinds, features=features):
        return None
    return (f"{_name(world)} has no Shipyard or Factory of yours, nor a Shipyard, Factory, Salvage Yard, Heavy Industry "
            "or Heavy Mining feature: scrap or salvage there (TOTE-SCRAP-03)")


def scrap_payout(u: dict[str, Any]) -> tuple[int, str]:
    """What scrapping ``u`` pays and why (TOTE-SCRAP-01/02/04, TOTE-STOCK-03, TOTE-GAP-35): stock is how a
    unit was obtained, not its type (revised TOTE-GAP-58): 50% of its cost (floor) salvaged when captured
    or discovered, 25% (floor) when its faction bought and built it, whatever its type, and 0 for a unit
    that came free (a ship's complement, a stock type's free unit). Raises OrderError for a unit its
    faction neither built, captured nor discovered (the starting forces and the free defenses)."""
    t = unit_types()[u["type"]]
    if u.get("captured") or u.get("discovered"):
        return stock.scrap_value(u["type"], captured=True, stock=False), f"salvage, 50% of {t.cost_kc} KC (TOTE-SCRAP-02)"
    if u.get("built"):
        return stock.scrap_value(u["type"], stock=False), f"scrap, 25% of {t.cost_kc} KC (TOTE-SCRAP-01)"
    if "stock" in t.flags or u.get("attached_to"):
        return 0, "a stock unit, which came free, pays nothing (TOTE-SCRAP-04)"
    raise OrderError(f"{u['id']} was not manufactured by you: only units you built are scrapped, captured or discovered "
                     "ones salvaged, stock units for nothing (TOTE-SCRAP-01/02)")


def scrap(c: Campaign, seat: str, ids: list[str]) -> list[Event]:
    """``seat`` scraps (or salvages) ``ids`` where they stand, with the craft aboard: each is paid
    into the treasury (:func:`scrap_payout`) and leaves play marked ``scrapped`` (never deleted).
    Raises OrderError (nothing changes) for a unit not its own, not on the galaxy, carrying its
    Hero, at a world where nothing is scrapped, or not its to scrap."""
    plan: list[tuple[str, int, str]] = []
    for uid in ids:
        u = _own(c, seat, uid)
        if not in_play(u) or not u.get("system") or u.get("transit"):
            raise OrderError(f"{uid} is not in a system (in hyperspace, the reserve, or out of play): scrap it at a world")
        if u.get("carried_by") and u["carried_by"] not in ids:
            raise OrderError(f"{uid} is aboard {u['carried_by']}: craft are scrapped with their ship or once launched")
        hero = hero_aboard(c, seat, uid)
        if hero:
            raise OrderError(f"{hero} is aboard {uid}: your Hero's ship is not scrapped")
        why = scrap_refusal(c, seat, u["system"])
        if why:
            raise OrderError(why)
        for i in [uid] + [x for x in u.get("carried", []) or [] if x in c["units"] and x not in ids]:
            kc, reason = scrap_payout(c["units"][i])
            plan.append((i, kc, reason))
    lines = []
    for i, kc, reason in plan:
        u = c["units"][i]
        world = u["system"]
        c["units"][i] = {**u, "scrapped": True, "system": None, "space": None, "transit": None, "carried_by": None,
                         "carried": [], "patrol": False}
        kc = campaign_heroes.salvage_kc(c, seat, world, kc)  # a Hero's salvage_bonus_pct there
        c["treasury"][seat] += kc
        lines.append(f"{i} scrapped at {_name(world)}: {kc} KC ({reason})")
    return [_say(c, "; ".join(lines) + f". Treasury {c['treasury'][seat]} KC.", [seat], "campaign.scrap")]


# ---- surrender ---------------------------------------------------------------------------------

def surrender(c: Campaign, seat: str, ids: list[str], to: str) -> list[Event]:
    """``seat`` surrenders its units and facilities ``ids``, all at one world in conflict, to the
    seat ``to`` present there (TOTE-GAP-46, TOTE-CONFLICT-05): they pass as a capture (salvage
    rules; the craft aboard go with their ship); each ship joins the captor's Space PDF there if it
    has room, else stands unassigned (``assignment``, TOTE-GAP-28). Events to both seats. Raises OrderError (nothing
    changes) naming what is wrong."""
    if to not in c["seats"]:
        raise OrderError(f"{to!r} is no seat of this game; seats: {', '.join(s for s in c['seats'] if s != seat)}")
    facs = c.get("facilities", {})
    for i in ids:
        rec = c["units"].get(i) or facs.get(i)
        if rec is None or rec["faction"] != seat or rec.get("destroyed") or not rec.get("system") or \
                (i in c["units"] and not in_play(rec)):
            raise OrderError(f"{i} is not a unit or facility of yours standing at a world (not in hyperspace, "
                             "the reserve, or out of play)")
    worlds = {(c["units"].get(i) or facs.get(i) or {}).get("system") for i in ids}
    if len(worlds) != 1 or None in worlds:
        raise OrderError("surrender units and facilities standing at one world, in one order per world")
    world = str(next(iter(worlds)))
    if not conflict.in_conflict(c["status"], world):
        raise OrderError(f"{_name(world)} is not in conflict: units are surrendered only where they fight (TOTE-GAP-46)")
    for i in ids:
        hero = hero_aboard(c, seat, i)
        if hero:
            raise OrderError(f"{hero} is aboard {i}: your Hero's ship is not surrendered")
    units = {i: u for i, u in c["units"].items() if in_play(u)}
    changed_u, changed_f, _ev = conflict.surrender(units, facs, ids, seat, to, world, int(c["hour"]))
    c["units"].update(changed_u)
    placed = [f"{uid} {join(c, uid, captured=True)}" for uid in sorted(changed_u)  # TOTE-GAP-28, BOARD-05
              if not changed_u[uid].get("carried_by") and changed_u[uid]["type"] in unit_types()
              and model.unit_class(changed_u[uid]) != "platform"]
    facs.update(changed_f)
    names = ", ".join(sorted(changed_u) + sorted(changed_f))
    how = f" ({'; '.join(placed)}, TOTE-GAP-28)" if placed else ""
    return [_say(c, f"{FACTIONS[c['seats'][seat]]} surrenders {names} at {_name(world)} to {FACTIONS[c['seats'][to]]}{how}.",
                 [seat, to], "campaign.surrender")]


# ---- the orders --------------------------------------------------------------------------------

def carry(c: Campaign, seat: str, words: list[str]) -> list[Event]:
    """Carry out one logistics order given as its canonical words (``reserve <units>``,
    ``activate <unit> <stronghold> [quadrant]``, ``exchange <ship> <unit> [quadrant]``,
    ``scrap <units>``, ``surrender <units> <seat>``). Raises OrderError."""
    verb, args = words[0], words[1:]
    if verb == "reserve" and len(args) == 1:
        return send(c, seat, args[0].split(","))
    if verb == "activate" and len(args) in (2, 3):
        return activate(c, seat, args[0], args[1], args[2] if len(args) == 3 else None)
    if verb == "exchange" and len(args) in (2, 3):
        return exchange(c, seat, args[0], args[1], args[2] if len(args) == 3 else None)
    if verb == "scrap" and len(args) == 1:
        return scrap(c, seat, args[0].split(","))
    if verb == "surrender" and len(args) == 2:
        return surrender(c, seat, args[0].split(","), args[1])
    raise OrderError(f"{' '.join(words)!r}: reserve <units>, activate <unit> <stronghold> [quadrant], "
                     "exchange <ship> <unit> [quadrant], scrap <units>, surrender <units> <seat>")
