"""The battle's invariants, checked after every order and every post by the conformance playouts.

- Conservation of units: no unit vanishes, and none appears but troops put down on the ground
  (a logged ``tote.land``); a destroyed unit stays destroyed, a
  withdrawn one stays gone; every change of a unit's layers comes with a logged combat event.
- Caps: no layer above its maximum or below 0; hangars within their slots; a carried craft is
  aboard exactly the carrier that lists it; a destroyed capital ship has Hull 0; every unit is a
  seat's and stands in a space of the grid (or aboard, or gone).
- Viewers: the order sheet of a seat is only ever changed by that seat's orders or by its post; no
  event names to a seat another faction's unit that seat could not detect (:func:`undetected`, by
  the sensor rules of :mod:`..rules.detection`, apart from the views' own filter), but a combat
  action, public to all (TOTE-COMMS-05).
"""
from __future__ import annotations

import re
from typing import Any

from core.rulesets.tote.rules import detection, grid, model

State = dict[str, Any]


def problems(before: State, after: State, events: list[dict[str, Any]]) -> list[str]:
    """Every broken invariant in the step from ``before`` to ``after``: one message each."""
    out: list[str] = []
    landed = {str((e.get("data") or {}).get("unit")) for e in events if e.get("kind") in ("tote.land", "tote.landed")}
    gained = sorted(set(after["units"]) - set(before["units"]) - landed)
    lost = sorted(set(before["units"]) - set(after["units"]))
    if gained or lost:
        out.append(f"units appeared {gained} or vanished {lost} (only troops put down on the ground and crews landed by escape pod appear, on the record)")
    spaces = set(grid.spaces())
    for uid, u in after["units"].items():
        if u["faction"] not in after["seats"]:
            out.append(f"{uid} belongs to {u['faction']!r}, no seat of this game")
        if u["space"] is not None and u["space"] not in spaces:
            out.append(f"{uid} is in {u['space']!r}, no space of the grid")
    combat = any(str(e.get("kind", "")) in ("tote.hit", "tote.scuttle", "tote.swarm") for e in events)
    for uid, u in after["units"].items():
        old = before["units"].get(uid)
        if old is not None:
            if old["destroyed"] and not u["destroyed"]:
                out.append(f"{uid} came back from destruction")
            if old["withdrawn"] and not u["withdrawn"]:
                out.append(f"{uid} came back from hyperspace")
            if any(u[k] != old[k] for k in ("shields", "armor", "hull", "systems")) and not combat:
                out.append(f"{uid}'s damage changed with no combat on the record")
        full = model.maxima(u)
        for k in ("shields", "armor", "hull", "systems"):
            if not 0 <= u[k] <= full[k]:
                out.append(f"{uid} {k} {u[k]} is outside 0..{full[k]}")
        if u["destroyed"] and model.is_capital(u) and u["hull"] != 0:
            out.append(f"{uid} is destroyed with Hull {u['hull']} left")
        if u.get("carried_by"):
            carrier = after["units"].get(u["carried_by"])
            if carrier is None or uid not in carrier["carried"]:
                out.append(f"{uid} is aboard {u['carried_by']}, which does not list it")
            if u["space"] is not None:
                out.append(f"{uid} is aboard {u['carried_by']} and also in {u['space']}")
        if u["carried"]:
            room = sum(model.spec(after["units"][c]).room_size for c in u["carried"])
            if room > max(model.spec(u).hangar_slots, room if before["units"].get(uid, {}).get("carried") == u["carried"] else 0):
                out.append(f"{uid} carries {room} slots of craft in a hangar of {model.spec(u).hangar_slots}")
            for c in u["carried"]:
                if after["units"][c].get("carried_by") != uid:
                    out.append(f"{uid} lists {c} aboard, but {c} is not aboard it")
    if int(after["dice"]["n"]) < int(before["dice"]["n"]):
        out.append("the dice counter went backwards")
    if after.get("result") is None and before.get("result") is not None:
        out.append("a finished battle started again")
    return out + undetected(before, after, events)


#: Battle events that are combat actions, public to all (TOTE-COMMS-05, TOTE-FLOW-07), and the
#: kinds that carry a seat's own words (its orders as it typed them).
PUBLIC = ("tote.hit", "tote.ob", "tote.board", "tote.capture", "tote.tractor", "tote.drag", "tote.scuttle", "tote.combat")
OWN_WORDS = ("order", "tote.order", "chat")
_ID = re.compile(r"[A-Za-z0-9]+(?:-[A-Za-z0-9]+)+")


def undetected(before: State, after: State, events: list[dict[str, Any]]) -> list[str]:
    """Every event of the step that names to a seat another faction's unit the seat could not detect
    before or after the step (TOTE-GAP-37, SCAN-02/13/14; a combat action is public, COMMS-05)."""
    out: list[str] = []
    seats = set(after["seats"])
    today = after.get("campaign_turn")
    for e in events:
        if e.get("kind") in PUBLIC or e.get("kind") in OWN_WORDS:
            continue
        to = list(e.get("to") or [])
        viewers = seats if "all" in to else {t.split(":", 1)[1] for t in to if t.startswith("seat:")} & seats
        named = [i for i in _ID.findall(str(e.get("text", ""))) if i in after["units"] or i in before["units"]]
        for seat in sorted(viewers):
            for uid in named:
                if not any(uid in st["units"] and detection.could_detect(st["units"].values(), seat, st["units"][uid], today)
                           for st in (before, after)):
                    out.append(f"{seat} could not detect {uid} but was told: {e.get('text')!r}")
    return out
