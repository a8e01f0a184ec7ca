"""The campaign's battles as the text has them, and its victory: what a campaign battle day takes from
the galaxy and gives back to it (TOTE-WIN-01/02, TOTE-GAP-29, TOTE-CONFLICT-01/02, TOTE-GAP-49,
TOTE-SCAN-02, TOTE-GAP-55).

Every function is pure and synchronous; it works on the campaign dict of :mod:`.state` and on a
battle state of :mod:`.battle` (both changed in place where the docstring says so).

- **The Imperial Sector Palace** stands at Coruscant from the start, its start owner's, on the
  Surface of that seat's quadrant (:func:`place_palace`); with the GE's bonus SSD at Coruscant it
  is what :func:`.victory.new_victory` names (:func:`new_record`).
- **Before a battle day** (:func:`before_battle`): the facilities at the world join the battle as
  installations (with the damage they kept), their owners with them even with no ship there (a
  host holds its world while a facility stands, TOTE-CONFLICT-05); the battle takes the world's
  conflict status from the galaxy (``state["conflict"]``, set at the turn start by
  :func:`.conflict.update`: :func:`.flow.in_conflict` reads it), its number of ground grids
  (``state["ground"]``: Bespin 1, Fondor 2, most 4), Tatooine's amnesty (``state["amnesty"]``:
  :func:`.orders.execute` refuses every hostile order with :func:`..rules.galaxy.amnesty_refusal`'s
  reason and the automatic defence holds its fire), and the campaign day (``campaign_turn``:
  a ship out of hyperspace today has no scan completed yet, TOTE-SCAN-02).
- **After it** (:func:`after_battle`): the facilities' damage goes back to the campaign, and the
  units destroyed, with the faction whose post destroyed them (:func:`.flow.mark_destroyers`),
  are kept in ``c["kills"]`` until :func:`falls` hands the Coruscant SSD's and the Palace's to
  :func:`.victory.on_destroyed`: the faction that destroys the second wins (TOTE-GAP-29).
"""
from __future__ import annotations

import re
from typing import Any

from core.events import Event, event
from core.rulesets.tote.battle.ground import update_fatigue
from core.rulesets.tote.campaign import conflict
from core.rulesets.tote.campaign.worlds import quadrant
from core.rulesets.tote.rules import model, victory
from core.rulesets.tote.rules.galaxy import CAPITAL, amnesty_refusal, galaxy
from core.rulesets.tote.rules.model import FACTIONS

Campaign = dict[str, Any]
State = dict[str, Any]

#: The facility type of the Imperial Sector Palace (data/facilities.toml, TOTE-WIN-02).
PALACE = "PALACE"
#: The layers and marks a facility keeps between battle days.
KEPT = ("shields", "armor", "hull", "disabled", "destroyed", "destroyed_by")


def place_palace(c: Campaign) -> None:
    """Put the Imperial Sector Palace at Coruscant for the seat that holds it at the start (the GE,
    TOTE-FACTION-01, TOTE-WIN-02), on the Surface of that seat's quadrant; changes ``c`` in place.
    A campaign where nobody holds Coruscant gets none (nobody can capture it then)."""
    owner = c["planets"].get(CAPITAL, {}).get("owner")
    if owner is None:
        return
    fid = f"{c['seats'][owner]}-{PALACE}"
    c.setdefault("facilities", {})[fid] = {"id": fid, "type": PALACE, "faction": owner, "system": CAPITAL,
                                          "space": f"G-{quadrant(c['seats'], owner)}/surface", "destroyed": False}


def by_code(c: Campaign, records: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """``records`` (units or facilities, ``faction`` a seat) with ``faction`` as the faction code."""
    return {i: dict(r, faction=c["seats"].get(r["faction"], r["faction"])) for i, r in records.items()}


def blank_record() -> dict[str, Any]:
    """A victory record with no Coruscant to capture (the GE is not played)."""
    return {"ssd": None, "palace": None, "fallen": {}, "captured": False, "winner": None, "reason": None,
            "eliminated": []}


def new_record(c: Campaign) -> dict[str, Any]:
    """The campaign's victory record (:func:`.victory.new_victory`): the GE's SSD and the Palace at
    Coruscant, in faction codes; a :func:`blank_record` when the GE is not in the game."""
    try:
        return victory.new_victory(by_code(c, c["units"]), by_code(c, c.get("facilities", {})))
    except ValueError:
        return blank_record()


def names(c: Campaign) -> dict[str, str]:
    """Each faction code of the game with its name, for the texts of :mod:`.victory`."""
    return {f: FACTIONS.get(f, f) for f in c["seats"].values()}


def name_seats(c: Campaign, events: list[Event]) -> list[Event]:
    """The battle's events with every seat id standing as a word in a text (``bo posts``, ``ir's
    force``) replaced by its faction's name (the battle engine names seats; a campaign's players read
    factions). Unit ids (``NR-3``) and other words are left alone. Returns new events."""
    seats = sorted(c["seats"], key=len, reverse=True)
    if not seats:
        return list(events)
    pattern = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, seats)) + r")(?![\w-])")
    swap = {s: FACTIONS.get(f, f) for s, f in c["seats"].items()}
    return [dict(e, text=pattern.sub(lambda m: swap[m.group(1)], str(e["text"]))) for e in events]


# ---- a battle day -----------------------------------------------------------------------------------

def before_battle(c: Campaign, world: str, state: State, initiative: list[str] | None = None) -> list[Event]:
    """Make the battle state of ``world`` (built by :func:`.battle.battle_state`) follow the
    galaxy: its facilities (their owners in the battle even with no ship there, in the campaign's
    ``initiative`` order), conflict status, ground grids, amnesty, campaign day and fatigue clocks
    (see the module). Changes ``state`` in place; returns the events of the Combat Fatigue that
    sets in today (public)."""
    initiative = list(initiative or []) + [s for s in c["seats"] if s not in (initiative or [])]
    p = galaxy().planets.get(world)
    state["ground"] = p.ground_grids if p is not None else True
    state["conflict"] = conflict.in_conflict(c["status"], world)
    state["amnesty"] = amnesty_refusal(world, "fire", bool(state["options"].get("tatooine_amnesty", True))) is not None
    state["campaign_turn"] = int(c["turn"])
    for u in state["units"].values():  # a craft whose carrier is gone (destroyed or away) flies on its own
        if u.get("attached_to") and u["attached_to"] not in state["units"]:
            u.pop("attached_to")
        if u.get("embarked_in"):
            u["space"] = None  # a ground stack aboard its ship stays aboard (TOTE-FATIGUE-03)
    shift = int(c["turn"]) - 1  # the battle counts its days from 1 (campaign_battle.fight)
    state["fatigue"] = {seat: {g: {"since": int(k["since"]) - shift, "left": None if k.get("left") is None else int(k["left"]) - shift}
                               for g, k in clocks.items()}
                        for seat, clocks in c.get("fatigue", {}).get(world, {}).items() if seat in state["seats"]}
    holders = {f["faction"] for f in c.get("facilities", {}).values() if f.get("system") == world and not f.get("destroyed")}
    for seat in sorted(holders - set(state["seats"])):  # a faction with only a facility there is in the battle too
        state["seats"][seat] = {"side": c["seats"][seat]}
        state["sheets"][seat] = []
        state["fleets"][seat] = "the campaign's forces"
    state["initiative"] = ([s for s in initiative if s in state["seats"]]
                           + [s for s in state.get("initiative", []) if s in state["seats"] and s not in initiative])  # a flashpoint's force
    for fid, f in sorted(c.get("facilities", {}).items()):
        if f.get("system") != world or f.get("destroyed"):
            continue
        u = model.new_unit(fid, f["type"], f["faction"], f.get("space") or "G-1/surface")
        u.update({k: f[k] for k in KEPT if k in f})
        state["units"][fid] = u
    turn, state["turn"] = state["turn"], 1
    events = update_fatigue(state)  # TOTE-FATIGUE-01..04: the clock runs over the campaign's days
    state["turn"] = turn
    return events


def after_battle(c: Campaign, world: str, state: State) -> None:
    """After the battle day at ``world``: each facility that fought keeps its damage (destroyed with
    ``destroyed_by``, a seat), and what was destroyed today is noted in ``c["kills"]``
    (``{"unit", "by": faction code, "hour"}``, in the order of the posts) for :func:`falls`.
    New units of the battle (stacks put down on the ground, TOTE-G2G-01) join the campaign at the
    world, and the Combat Fatigue clocks (``c["fatigue"][world][seat][grid]``, in campaign days) are
    kept for the next day. Changes ``c`` in place."""
    for uid, b in state["units"].items():
        if uid not in c["units"] and uid not in c.get("facilities", {}) and uid not in c.get("fp_units", {}):
            c["units"][uid] = dict(b, system=world, transit=None)
    shift = int(c["turn"]) - 1
    clocks = {seat: {g: {"since": int(k["since"]) + shift, "left": None if k.get("left") is None else int(k["left"]) + shift}
                     for g, k in per.items()} for seat, per in state.get("fatigue", {}).items()}
    if clocks:
        c.setdefault("fatigue", {})[world] = clocks
    for fid, f in c.get("facilities", {}).items():
        b = state["units"].get(fid)
        if b is not None and f.get("system") == world:
            f.update({k: b[k] for k in KEPT if k in b})
    code = c["seats"]
    c.setdefault("kills", []).extend({"unit": k["unit"], "by": code.get(k["by"], k["by"]), "hour": int(c["hour"])}
                                     for k in state.get("kills", []))


def falls(state: State) -> list[Event]:
    """Hand today's kills of the campaign game ``state`` to :func:`.victory.on_destroyed` in order:
    the Coruscant SSD and the Palace are noted with their destroyer, and the faction that destroys
    the second wins (the GE destroying it: nobody, TOTE-GAP-29). ``check_end`` then ends the game.
    Returns the public events (names of factions, never seat ids)."""
    c = state["campaign"]
    out: list[Event] = []
    for k in c.pop("kills", []):
        state["victory"], raw = victory.on_destroyed(state["victory"], k["unit"], k["by"], int(k["hour"]), names=names(c))
        out += [event("tote.victory", str(e["text"]), ["all"], int(state["turn"])) for e in raw]
    return out
