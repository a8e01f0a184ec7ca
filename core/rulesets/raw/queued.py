"""What a team's queued orders add up to before the turn resolves: the orders of one verb on the team's
sheets, the jumps, and where the team's ships and squadrons will be after them (for the location caps
and for what completion offers)."""
from __future__ import annotations

from typing import Any

from core.rulesets.raw.model import seats_of


def orders_of(state: dict[str, Any], seats: list[str], verb: str) -> list[dict[str, Any]]:
    """The orders of one verb on the sheets of ``seats``, in sheet order."""
    return [o for s in seats for o in state["sheets"].get(s, []) if o["verb"] == verb]


def jumping(state: dict[str, Any], seats: list[str]) -> dict[str, dict[str, Any]]:
    """The queued jump of each ship of ``seats`` that jumps, by ship."""
    return {ship: o for o in orders_of(state, seats, "jump") for ship in o["args"]["ships"]}


def projected(state: dict[str, Any], side: str) -> dict[str, list[str]]:
    """Where the team's ships and squadrons will be after its queued jumps (for the caps)."""
    team = seats_of(state, side)
    moves = jumping(state, team)
    places: dict[str, list[str]] = {}
    for uid, unit in state["units"].items():
        if unit["owner"] not in team:
            continue
        carrier = unit["aboard"] or uid
        loc = destination(moves[carrier]) if carrier in moves else unit["at"]
        places.setdefault(loc, []).append(uid)
    for order in orders_of(state, team, "load"):
        ship = order["args"]["ship"]
        for sq in order["args"]["squadrons"]:
            if ship in moves:
                if sq not in state["units"]:
                    continue  # built this turn: it counts where it is built (RAW-GAP-48)
                old = state["units"][sq]["at"]
                if sq in places.get(old, []):
                    places[old].remove(sq)
                places.setdefault(destination(moves[ship]), []).append(sq)
    return places


def destination(order: dict[str, Any]) -> str:
    """Where a jump order ends: its place, or for an unnamed deep-space point one of the order's own (RAW-GAP-15)."""
    to = str(order["args"]["to"])
    return f"{to}{order['seq']}" if to.endswith(":?") else to
