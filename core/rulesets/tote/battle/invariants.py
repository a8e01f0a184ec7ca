"""The battle's invariants, checked after every order and every post by the conformance playouts.

- Conservation of units: no unit vanishes, and none appears but troops put down on the ground
  (a logged ``tote.land``); a destroyed unit stays destroyed, a
  withdrawn one stays gone; every change of a unit's layers comes with a logged combat event.
- Caps: no layer above its maximum or below 0; hangars within their slots; a carried craft is
  aboard exactly the carrier that lists it; a destroyed capital ship has Hull 0; every unit is a
  seat's and stands in a space of the grid (or aboard, or gone).
- Viewers: the order sheet of a seat is only ever changed by that seat's orders or by its post.
"""
from __future__ import annotations

from typing import Any

from core.rulesets.tote.rules import grid, model

State = dict[str, Any]


def problems(before: State, after: State, events: list[dict[str, Any]]) -> list[str]:
    """Every broken invariant in the step from ``before`` to ``after``: one message each."""
    out: list[str] = []
    landed = {str((e.get("data") or {}).get("unit")) for e in events if e.get("kind") == "tote.land"}
    gained = sorted(set(after["units"]) - set(before["units"]) - landed)
    lost = sorted(set(before["units"]) - set(after["units"]))
    if gained or lost:
        out.append(f"units appeared {gained} or vanished {lost} (only troops put down on the ground appear, on the record)")
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
    return out
