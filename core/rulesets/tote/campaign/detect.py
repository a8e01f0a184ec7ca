"""The campaign's viewer-detection invariant (issue 26, its Done-when): no event of a step reaches a
faction that could not detect what it tells. Checked by the conformance playouts after every step,
with :mod:`..rules.detection` (the catalog's sensor rules, written apart from the filter the
campaign tells with, :func:`.worlds.knows_battle`), so a leak in that filter fails here.

What is checked: every event that tells of a battle or a conflict at a world ("At <world>: ...",
"At <world> your/you ...", "Battle at <world>: ...", "<world> is in conflict: ...") and every
battle event but a combat action naming another faction's unit (which the seat must detect where
it stands, before or after the step). A faction may know of a battle at a world when

- a combat action was fought there since the last day began (public to all, TOTE-COMMS-05);
- another faction holds the world (the galaxy's holders are public);
- one of its scanning units there covers a hostile unit or facility, before or after the step
  (TOTE-GAP-37 coverage, SCAN-02/13/14);
- it heard an emission there (SCAN-07/08, GAP-38), felt a hostile active scan from there (SCAN-05/15),
  or its active scan found a hostile contact there
  (SCAN-04), since the last day began.
A "Battle at" notice to everyone is a combat action's (COMMS-05) or nothing.
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from core.events import Event
from core.rulesets.tote.rules import detection
from core.rulesets.tote.rules.galaxy import galaxy

State = dict[str, Any]
Campaign = dict[str, Any]

#: Battle events that are combat actions, public to all (TOTE-COMMS-05, TOTE-FLOW-07).
COMBAT = ("tote.hit", "tote.ob", "tote.board", "tote.capture", "tote.tractor", "tote.drag", "tote.scuttle")
#: Event kinds that carry a seat's own words (its orders, its messages): never a leak of what it typed.
OWN_WORDS = ("order", "campaign.message", "campaign.order", "tote.order", "chat")
DAY = 24


@lru_cache(maxsize=1)
def _patterns() -> list[tuple[re.Pattern[str], dict[str, str]]]:
    names = {p.name: w for w, p in galaxy().planets.items()}
    alt = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    return [(re.compile(rf"^(?:At ({alt})(?:[:,]| your | you )|Battle at ({alt}): |({alt}) is in conflict: )"), names)]


def _world(text: str) -> str | None:
    """The world a battle or conflict text is about (its id), or None for any other text."""
    for pattern, names in _patterns():
        m = pattern.match(text)
        if m:
            return names[next(g for g in m.groups() if g)]
    return None


def _viewers(e: Event, seats: Iterable[str]) -> list[str]:
    to = list(e.get("to") or [])
    if "all" in to:
        return sorted(seats)
    return sorted(t.split(":", 1)[1] for t in to if t.startswith("seat:") and t.split(":", 1)[1] in set(seats))


def _combat_at(c: Campaign, world: str) -> bool:
    since = int(c["hour"]) - DAY
    return any(n.get("kind") == "combat" and n.get("system") == world and int(n.get("hour", -1)) >= since
               for n in c.get("notices", []))


def _things_at(c: Campaign, world: str) -> list[dict[str, Any]]:
    units = [u for u in c["units"].values() if u.get("system") == world and not u.get("transit")
             and not u.get("destroyed") and not u.get("scrapped")]
    return units + [f for f in c.get("facilities", {}).values() if f.get("system") == world and not f.get("destroyed")]


def _scanned(c: Campaign, world: str, seat: str) -> bool:
    here = _things_at(c, world)
    return any(x["faction"] != seat and detection.could_detect(here, seat, x, int(c["turn"])) for x in here)


def _heard(c: Campaign, world: str, seat: str) -> bool:
    since = int(c["hour"]) - DAY
    heard = any(r.get("source") in ("emission", "scanner") and r.get("system") == world and seat in r.get("to", [])
                and int(r.get("hour", -1)) >= since for r in c.get("sightings", []))
    return heard or any(r.get("system") == world and r.get("faction") == seat and int(r.get("hour", -1)) >= since
                        and any(k.get("owner") != seat for k in r.get("contacts", [])) for r in c.get("snapshots", []))


_ID = re.compile(r"[A-Za-z0-9]+(?:-[A-Za-z0-9]+)+")


def _named(before: Campaign, after: Campaign, e: Event, seats: list[str]) -> list[str]:
    """A battle event naming to a seat another faction's unit it could detect neither before nor after."""
    out = []
    named = [i for i in _ID.findall(str(e.get("text", ""))) if i in after["units"] or i in before["units"]]
    for seat in _viewers(e, seats):
        for uid in named:
            seen = False
            for c in (before, after):
                u = c["units"].get(uid)
                if u is not None and u.get("system"):
                    seen = seen or detection.could_detect(_things_at(c, str(u["system"])), seat, u, int(c["turn"]))
            if not seen:
                out.append(f"{seat} could not detect {uid} but was told: {e.get('text')!r}")
    return out


def may_know(before: Campaign, after: Campaign, world: str, seat: str) -> bool:
    """Whether ``seat`` could know of the battle at ``world`` in a step from ``before`` to ``after``."""
    for c in (before, after):
        owner = c["planets"].get(world, {}).get("owner")
        if owner not in (None, seat) or _combat_at(c, world) or _scanned(c, world, seat) or _heard(c, world, seat):
            return True
    return False


def problems(before: State, after: State, events: list[Event]) -> list[str]:
    """Every event of the step told to a faction that could not detect what it tells: one message each."""
    b, a = before["campaign"], after["campaign"]
    seats = list(after["seats"])
    out: list[str] = []
    for e in events:
        if e.get("kind") in OWN_WORDS:
            continue
        text = str(e.get("text", ""))
        if str(e.get("kind", "")).startswith("tote.") and e.get("kind") not in COMBAT + ("tote.combat",):
            out += _named(b, a, e, seats)
        world = _world(text)
        if world is None:
            continue
        if "all" in (e.get("to") or []) and text.startswith("Battle at ") and not _combat_at(a, world):
            out.append(f"every faction was told of a battle at {world} where no combat action was fought: {text!r}")
            continue
        for seat in _viewers(e, seats):
            if not may_know(b, a, world, seat):
                out.append(f"{seat} could detect no hostile force at {world} (no scan coverage, emission, "
                           f"contact or combat there) but was told: {text!r}")
    return out
