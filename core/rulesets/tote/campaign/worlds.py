"""Where the campaign's forces stand: who is present at a world, the worlds in conflict, a seat's
quadrant and where its arrivals exit hyperspace, the system its Hero reads the news in, and the
campaign's facts as :func:`.knowledge.knowledge` reads them. A leaf of :mod:`.state`.
"""
from __future__ import annotations

from typing import Any

from core.rulesets.tote.campaign import conflict
from core.rulesets.tote.rules import clock as clk
from core.rulesets.tote.rules import heroes, model

Campaign = dict[str, Any]


#: The world every bot ends up going for (the throne of the galaxy).
THRONE = "coruscant"


def quadrant(seats: Any, seat: str) -> int:
    """The quadrant (1-4) where ``seat``'s ships exit hyperspace in any system: its place in the
    seat order, mod 4, plus 1 (as the battle's set-up, TOTE-FLOW-01)."""
    names = [s for s, _f in seats] if isinstance(seats, list) else list(seats)
    return names.index(seat) % 4 + 1


def place_arrival(c: Campaign, u: dict[str, Any]) -> None:
    """Where an arriving ship exits hyperspace (TOTE-HYPER-01/03): the C-Ring of its quadrant at a
    world its faction holds, else that quadrant's Deep Space Zone. Craft and ground stacks aboard stay aboard."""
    if u.get("carried_by") or u.get("embarked_in"):
        return
    q = quadrant(c["seats"], u["faction"])
    u["space"] = f"C-{q}" if c["planets"].get(u["system"], {}).get("owner") == u["faction"] else f"DSZ-{q}"


def hero_system(c: Campaign, seat: str) -> str:
    """Where ``seat`` reads and sends its news: its living Hero's system, else its first stronghold
    (TOTE-GAP-39), else Coruscant."""
    for h in c.get("heroes", []):
        if h["faction"] == seat and not h.get("dead"):
            where, _space = heroes.locate(h, c["units"], c.get("facilities", {}))  # a Hero trained at its Command Center stands in it
            if where:
                return where
    return next(iter(c["strongholds"].get(seat, [])), THRONE)


def facts(c: Campaign) -> dict[str, Any]:
    """The campaign as :func:`.knowledge.knowledge` reads it."""
    return {"hour": c["hour"], "hours_per_turn": clk.clock().hours_per_turn, "planets": c["planets"],
            "strongholds": c["strongholds"], "units": c["units"], "facilities": c.get("facilities", {}), "scans": c["scans"],
            "snapshots": c["snapshots"], "sightings": c["sightings"], "notices": c["notices"],
            "messages": c["messages"], "visits": c["visits"], "options": {}}


def present(c: Campaign, system: str) -> set[str]:
    """The seats with units (not destroyed, not in hyperspace) or a standing facility at ``system``: a
    host keeps its world while a facility of its stands there (TOTE-CONFLICT-05)."""
    return {u["faction"] for u in c["units"].values()
            if u.get("system") == system and not u.get("transit") and conflict.military(u)} | {
        f["faction"] for f in c.get("facilities", {}).values() if f.get("system") == system and not f.get("destroyed")}


def contested(c: Campaign) -> list[str]:
    """The worlds in conflict now (TOTE-CONFLICT-01): where a battle grid is fought."""
    return sorted(w for w, s in c["status"].items() if s.get("in_conflict"))


def detects_hostile(c: Campaign, world: str, seat: str) -> bool:
    """Whether ``seat`` knows another faction's force is at ``world`` now: only what it detects. Its
    sensors there find a unit (:func:`..rules.model.sees`: the scan coverage of TOTE-GAP-37 from where
    its scanning units stand, SCAN-06/10..13; a ship that left hyperspace today into a Deep Space Zone
    only from that same DSZ, SCAN-14; a scanner that arrived today has no scan completed, SCAN-02), or
    since the last day began it heard an emission there (SCAN-07/08) or felt a hostile active scan from
    there (SCAN-05/15, even from a DSZ: it learns where it is scanned from), its active scan found a hostile
    contact there (SCAN-04), or a combat action was fought there (public, TOTE-COMMS-05). A force sitting
    unseen in a DSZ stays unknown however many days pass (TOTE-HYPER-01, SCAN-13/14). Another faction's
    standing facility there is a hostile presence the seat's forces there know of: it fights in the
    battle, which goes on until it falls (TOTE-CONFLICT-01/05)."""
    here = {uid: u for uid, u in c["units"].items()
            if u.get("system") == world and not u.get("transit") and not u.get("destroyed") and not u.get("carried_by")}
    look = {"units": here, "campaign_turn": c["turn"]}
    covered = model.visible_spaces(look, seat)
    if any(u["faction"] != seat and model.sees(look, seat, u, covered) for u in here.values()):
        return True
    since = int(c["hour"]) - clk.clock().hours_per_turn
    if any(r.get("system") == world and seat in r.get("to", []) and int(r.get("hour", -1)) >= since
           for r in c.get("sightings", []) if r.get("source") in ("emission", "scanner")):
        return True
    if any(r.get("system") == world and r.get("faction") == seat and int(r.get("hour", -1)) >= since
           and any(k.get("owner") != seat for k in r.get("contacts", [])) for r in c.get("snapshots", [])):
        return True
    if any(u["faction"] == seat for u in here.values()) and any(
            f.get("system") == world and not f.get("destroyed") and f["faction"] != seat
            for f in c.get("facilities", {}).values()):
        return True
    faction = c["seats"].get(seat, seat)
    return any(n.get("kind") == "combat" and n.get("system") == world and int(n.get("hour", -1)) >= since
               and any(f != faction for f in n.get("factions", [])) for n in c.get("notices", []))


def known_conflicts(c: Campaign, seat: str) -> list[str]:
    """The worlds in conflict now that ``seat`` knows to be (:func:`knows_battle`): what its ledger counts
    as fighting (CP committed, income forecast, TOTE-GAP-33). A conflict it cannot detect is none of its
    knowledge (TOTE-SCAN-13/14), though the Action Day still pays what the galaxy's state says."""
    return [w for w in contested(c) if knows_battle(c, w, seat)]


def knows_battle(c: Campaign, world: str, seat: str) -> bool:
    """Whether ``seat`` knows of the conflict at ``world``: its sensors find a hostile force there
    (:func:`detects_hostile`), or it stands at a world another faction holds and is present at (the
    galaxy's holders are public, their facilities stand on its ground). A holder that cannot detect
    a hostile arrival knows of no battle (TOTE-HYPER-01, SCAN-13/14)."""
    if detects_hostile(c, world, seat):
        return True
    owner = c["planets"].get(world, {}).get("owner")
    return owner not in (None, seat) and owner in present(c, world) and any(
        u["faction"] == seat and u.get("system") == world and not u.get("transit") for u in c["units"].values())
