"""Occupation and claiming in the campaign (TOTE-CONFLICT-04..06, TOTE-GAP-46, the text's "A Concise
Definition of Conflict and Occupation"), wired over :mod:`.conflict`'s pure pieces.

A world's **host** is the seat that holds it (``c["planets"][w]["owner"]``). The text decides:

- *Occupied* (TOTE-CONFLICT-05): a world with a host becomes occupied when every military unit and
  facility of the host there has been destroyed or surrendered and a foreign faction is present.
  A host with nothing there at all satisfies "every ... has been destroyed or surrendered" as well
  (there is none left standing), so a host that has left its world unguarded loses it the same way:
  :func:`.conflict.occupation` reads it so. The host keeps the title while its world is occupied; the
  occupation is told to the host and to the occupiers (and the GM).
- An occupation **ends** without a claim when no foreign faction is present any more (the occupiers
  left or were destroyed), or the host stands there again with a military unit or facility and no
  foreign faction does (liberated): the text makes occupation a state of "all units destroyed", which
  a host back in control no longer is.
- *Claimed* (TOTE-CONFLICT-06): "while a system is being occupied, it can be claimed by your faction if
  a ground facility is built there". An occupier present there may order a **ground facility** (any
  facility but the Orbital Shipyard Complex, at a world with a ground grid); when it completes while
  the world is still occupied, the builder becomes the host (:func:`.conflict.claim`). A build pauses
  while the world is in conflict (TOTE-CONFLICT-03), so a claim completes only once the occupier has
  held the world alone for 24 hours (TOTE-CONFLICT-04).
- A world **nobody holds** (every world but the strongholds at the start, TOTE-DATA-05): the text is
  silent. DEFAULT, after the catalog's reading of holding as owning facilities (TOTE-GAP-29: "holds no
  stronghold, no facility"; TOTE-GAP-33: income to "the faction that owns a facility there"): it is
  claimed like an occupied world, by a faction present there building a ground facility; ships alone
  no longer take a world. A world without a ground grid can carry no ground facility, so it is never
  claimed and stays as it is.

Who knows a world is occupied: its host (told), the factions present there (they see it), the GM.
"""
from __future__ import annotations

from typing import Any

from core.rulesets.tote.campaign import conflict
from core.rulesets.tote.rules.data import facility_types
from core.rulesets.tote.rules.galaxy import galaxy
from core.rulesets.tote.rules.galaxy import world_name as _name
from core.rulesets.tote.rules.model import FACTIONS

Campaign = dict[str, Any]
Event = dict[str, Any]

#: The facility kinds that stand in orbit, not on the ground: they claim nothing (TOTE-CONFLICT-06).
ORBITAL_KINDS = frozenset({"shipyard"})


def ground_facility(code: str) -> bool:
    """Whether facility type ``code`` is a ground facility (it can claim a world, TOTE-CONFLICT-06)."""
    t = facility_types().get(code)
    return t is not None and t.kind not in ORBITAL_KINDS


def _who(c: Campaign, seat: str | None) -> str:
    return FACTIONS.get(c["seats"].get(seat or "", ""), str(seat)) if seat else "nobody"


def military_present(c: Campaign, seat: str, world: str) -> bool:
    """Whether ``seat`` has a military unit at ``world`` (on the grid or aboard, not in hyperspace,
    the reserve, destroyed, derelict or scrapped)."""
    return any(u["faction"] == seat and u.get("system") == world and not u.get("transit") and conflict.military(u)
               and not u.get("scrapped") and not u.get("reserve") for u in c["units"].values())


def _holds(c: Campaign, seat: str, world: str) -> bool:
    """The host still stands at ``world``: a military unit or a standing facility (TOTE-CONFLICT-05)."""
    return military_present(c, seat, world) or any(
        f["faction"] == seat and f.get("system") == world and not f.get("destroyed") for f in c.get("facilities", {}).values())


def occupied(c: Campaign, world: str) -> bool:
    """Whether ``world`` is occupied now (TOTE-CONFLICT-05)."""
    return bool(c["status"].get(world, {}).get("occupied"))


def build_refusal(c: Campaign, seat: str, code: str, world: str) -> str | None:
    """Why ``seat`` may not order ``code`` at ``world`` it does not hold, or None when it may claim the
    world with it: the world is occupied or held by nobody, ``seat`` has a military unit there, ``code``
    is a ground facility and the world has a ground grid (TOTE-CONFLICT-06)."""
    owner = c["planets"][world]["owner"]
    name = _name(world)
    if owner is not None and not occupied(c, world):
        return (f"you do not hold {name} ({_who(c, owner)} does, and it is not occupied): build where you hold the world, "
                "or claim an occupied world with a ground facility (TOTE-CONFLICT-06)")
    how = "occupied" if owner is not None else "held by nobody"
    if not military_present(c, seat, world):
        return f"{name} is {how}, but you have no military unit there: only a faction present claims it (TOTE-CONFLICT-06)"
    if code not in facility_types():
        return f"{name} is {how} and not yours: claim it with a ground facility before you build {code} there (TOTE-CONFLICT-06)"
    if not ground_facility(code):
        return f"a {facility_types()[code].name} stands in orbit and claims nothing: claim {name} with a ground facility (TOTE-CONFLICT-06)"
    if not galaxy().planets[world].ground_grids:
        return f"{name} has no ground grid: no ground facility can stand there, so it cannot be claimed (TOTE-CONFLICT-06)"
    return None


def update(c: Campaign, world: str, hour: int) -> list[Event]:
    """The occupation half of the FLOW-04 conflict step for ``world`` (after :func:`.conflict.update`):
    an occupation begins (TOTE-CONFLICT-05) or ends (the occupiers gone, or the host back alone).
    Returns the events, each for the host and the factions present."""
    owner = c["planets"][world]["owner"]
    status = c["status"].get(world) or conflict.blank()
    here = {s for s in c["seats"] if _holds(c, s, world)}
    name = _name(world)
    if status.get("occupied"):
        foreign = here - {status.get("host")}
        if status.get("host") != owner or not foreign:
            why = (f"{_who(c, status.get('host'))} stands there again alone" if status.get("host") in here
                   else "no foreign force is left there")
            c["status"][world] = dict(status, occupied=False, host=None, occupiers=[])
            return [{"kind": "campaign.occupation", "to": sorted({owner, *status.get("occupiers", []), *here} - {None}),
                     "text": f"{name} is no longer occupied: {why}."}]
        return []
    if owner is None:
        return []
    units = {i: u for i, u in c["units"].items() if not u.get("transit") and not u.get("scrapped") and not u.get("reserve")}
    new, raw = conflict.occupation(status, world, owner, units, c.get("facilities", {}), hour)
    if not raw:
        return []
    c["status"][world] = new
    by = ", ".join(_who(c, s) for s in new["occupiers"])
    return [{"kind": "campaign.occupation", "to": sorted({owner, *new["occupiers"]}),
             "text": f"{name} is occupied by {by}: {_who(c, owner)} has no units or facilities left there; a ground "
                     "facility built there will claim it."}]


def on_facility(c: Campaign, facility: dict[str, Any]) -> list[Event]:
    """A facility has just been completed (FLOW-04 construction step): a ground facility at a world
    that is occupied, or held by nobody, claims it for its builder (TOTE-CONFLICT-06). Returns the
    events for the builder, the former host and the factions present."""
    world, seat = facility["system"], facility["faction"]
    if not ground_facility(facility["type"]) or not galaxy().planets[world].ground_grids:
        return []
    owner = c["planets"][world]["owner"]
    if owner is not None and not occupied(c, world):
        return []  # a held world is claimed only while occupied
    if owner is not None:
        c["status"][world], _new, _raw = conflict.claim(c["status"].get(world), world, facility, int(c["hour"]))
    c["planets"][world]["owner"] = seat
    there = {s for s in c["seats"] if _holds(c, s, world)}
    what = facility_types()[facility["type"]].name
    whose = f" from {_who(c, owner)}" if owner not in (None, seat) else ""
    return [{"kind": "campaign.claim", "to": sorted({seat, *there} | ({owner} if owner else set())),
             "text": f"{_who(c, seat)} claims {_name(world)}{whose}: its {what} stands there."}]


def known_occupied(c: Campaign, viewer: str) -> dict[str, list[str]]:
    """The occupied worlds ``viewer`` knows of, each with its occupiers: all for the GM; for a seat,
    those it hosts (it is told) and those where it stands (it sees)."""
    out = {}
    for w, s in sorted(c["status"].items()):
        if s.get("occupied") and (viewer == "gm" or s.get("host") == viewer or _holds(c, viewer, w)):
            out[w] = list(s.get("occupiers", []))
    return out


def ledger(c: Campaign, seat: str) -> dict[str, Any]:
    """``seat``'s ledger keys: ``occupied`` (its worlds occupied, with the occupiers), ``claimable``
    (worlds it may claim now with a ground facility: occupied by it, or held by nobody, where it has
    a military unit and a ground grid stands)."""
    mine = {w: occ for w, occ in known_occupied(c, seat).items() if c["planets"][w]["owner"] == seat}
    claimable = sorted(w for w, p in c["planets"].items() if p["owner"] != seat and (p["owner"] is None or occupied(c, w))
                       and galaxy().planets[w].ground_grids and military_present(c, seat, w))
    return {"occupied": mine, "claimable": claimable}


def mark_board(c: Campaign, board: dict[str, Any], viewer: str) -> dict[str, Any]:
    """The ``map`` board with each occupied world ``viewer`` knows of marked ``occupied`` and a line
    naming its occupiers."""
    occ = known_occupied(c, viewer)
    for place in board.get("places", []):
        if place["id"] in occ:
            place["marks"] = [*place["marks"], "occupied"]
            place["lines"] = [*place["lines"], "occupied by " + ", ".join(_who(c, s) for s in occ[place["id"]])
                              + " (a ground facility there claims it)"]
    return board


def cheapest_claim() -> str:
    """The code of the cheapest ground facility (the bots claim with it)."""
    return min((code for code, t in facility_types().items() if ground_facility(code) and not t.has("bonus_only")),
               key=lambda code: (facility_types()[code].cost_kc, code))


def bot_claims(facts: dict[str, Any], committed_kc: int = 0) -> list[str]:
    """A bot's claims from its view's ``facts`` (its ledger, the worlds in conflict where it stands):
    at each world it may claim (:func:`ledger`), not in conflict and with no build of its own under
    way there, the cheapest ground facility while its purse and treasury, less ``committed_kc``
    already ordered this post, pay for it (TOTE-CONFLICT-06)."""
    led = facts["ledger"]
    code = cheapest_claim()
    cost = facility_types()[code].cost_kc
    money = int(led["facility_kc"]) + int(led["treasury_kc"]) - committed_kc
    building = {b["at"] for b in led["building"]}
    fighting = set(facts.get("conflict", []))
    out = []
    for w in led.get("claimable", []):
        if w in building or w in fighting or money < cost:
            continue
        out.append(f"build {code} {w}")
        money -= cost
    return out


def secret_changes(state: dict[str, Any], viewer: str) -> list[tuple[str, Any]]:
    """For the conformance leak check: a change ``viewer``'s view must not show, an occupation it may
    not know of (the first world held by another seat where ``viewer`` stands with nothing)."""
    c = state["campaign"]
    for w in sorted(c["planets"]):
        owner = c["planets"][w]["owner"]
        if owner not in (None, viewer) and not _holds(c, viewer, w):
            def flip(s: dict[str, Any], w: str = w, owner: str = owner) -> None:
                st = s["campaign"]["status"].setdefault(w, conflict.blank())
                st.update(occupied=not st["occupied"], host=owner, occupiers=[])
            return [(f"whether {w} is occupied", flip)]
    return []


def roster_rows(c: Campaign, led: dict[str, Any]) -> list[str]:
    """The roster lines "Occupation and claims" of a seat's ledger ``led`` (:func:`ledger`): each of its
    worlds occupied, with the occupiers, and each world it may claim, with the order that does it."""
    code = cheapest_claim()
    rows = [f"{_name(w)}: yours, occupied by {', '.join(_who(c, s) for s in occ) or 'a foreign force'}"
            for w, occ in sorted(led.get("occupied", {}).items())]
    rows += [f"{_name(w)}: {'occupied' if c['planets'][w]['owner'] else 'held by nobody'}; claim it with a ground "
             f"facility (build {code} {w})" for w in led.get("claimable", [])]
    return rows
