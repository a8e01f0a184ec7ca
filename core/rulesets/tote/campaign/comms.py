"""Communications and information networks (TOTE-COMMS-01..05, TOTE-GAP-39, TOTE-FLOW-07).

Pure functions that make message records and public notices; none changes its inputs. Shapes the
integrator keeps in the campaign state:

- a **message** (one per recipient) is ``{"id", "kind", "from" (sending faction), "origin" (the
  system it leaves), "to": [recipient faction], "sent" (game hour), "arrives" (hour it reaches
  the recipient), "deliver" (the first turn start at or after ``arrives``, when the recipient
  reads it), "text", "payload" (JSON: e.g. a scan snapshot shared with an ally)}``. Kinds:
  ``ship`` (sent by a capital ship at its own hyperspace speed, TOTE-COMMS-01), ``general`` and
  ``distress`` (galaxy-wide at twice hyperspace speed, TOTE-COMMS-02), ``construction`` (the
  news of a construction order, to every other faction at twice hyperspace speed, COMMS-03);
- a **notice** is public at once, to every faction: ``{"kind": "combat"|"departure", "public":
  True, "hour", "text", ...}``: every combat action (attacker and target class and owner, system,
  damage dealt) and every fleet's departure (owner, origin and number of capital ships: never its
  destination nor when it arrives) (TOTE-COMMS-05, TOTE-GAP-39).

Delays (TOTE-GAP-39) are counted over ``route_hours(origin, where)``, the fastest trip in hours
(the galaxy module gives it) from the origin to the recipient's Hero system (``where``: the
integrator passes the Hero's system, or the stronghold while the Hero is away or gone). Exact
locations never travel in news or notices (TOTE-COMMS-04): only scans and reveals give them.
"""
from __future__ import annotations

from typing import Any, Callable, Iterable

from core.errors import OrderError
from core.rulesets.tote.campaign.sensors import a_name, type_name
from core.rulesets.tote.rules import arith, model
from core.rulesets.tote.rules.data import unit_types

Record = dict[str, Any]
RouteHours = Callable[[str, str], int]

#: The kinds of message and of public notice.
MESSAGE_KINDS = ("ship", "general", "distress", "construction")
NOTICE_KINDS = ("combat", "departure")


def general_hours(route_hours: int) -> int:
    """Hours a general message, distress call or construction news takes over a trip of
    ``route_hours``: twice hyperspace speed, so half the time rounded up (TOTE-COMMS-02/03,
    TOTE-GAP-39). Raises ValueError for negative hours."""
    if route_hours < 0:
        raise ValueError(f"route hours are 0 or more, not {route_hours}")
    return arith.ceil_div(route_hours, 2)


def ship_hours(route_hours: int, ship: Record) -> int:
    """Hours a message sent by capital ship ``ship`` takes: the trip at the ship's own hyperspace
    speed, route hours times its hyperdrive class rounded up (TOTE-COMMS-01, TOTE-GAP-06/39).
    Raises OrderError for a sender that is not a capital ship with a hyperdrive."""
    if ship["type"] not in unit_types() or model.unit_class(ship) != "capital":
        raise OrderError(f"{ship['id']} is not a capital ship: only capital ships send messages at their "
                         "own hyperspace speed (TOTE-COMMS-01); send a general message instead")
    t = model.spec(ship)
    if t.hyperdrive is None:
        raise OrderError(f"{ship['id']} ({t.name}) has no hyperdrive to carry a message (TOTE-COMMS-01)")
    return int(t.hyper_hours(route_hours))


def delivery_hour(arrives: int, hours_per_turn: int = 24) -> int:
    """The first turn start (a multiple of ``hours_per_turn``, TOTE-GAP-01) at or after hour
    ``arrives``: when a message is read (TOTE-GAP-39)."""
    return arith.ceil_div(arrives, hours_per_turn) * hours_per_turn


def _messages(kind: str, sender: str, origin: str, where: dict[str, str], hour: int, route_hours: RouteHours,
              hours: Callable[[int], int], text: str, payload: Any, msg_id: str, hours_per_turn: int) -> list[Record]:
    out = []
    for faction in sorted(where):
        arrives = hour + hours(route_hours(origin, where[faction]))
        out.append({"id": f"{msg_id}:{faction}", "kind": kind, "from": sender, "origin": origin, "to": [faction],
                    "sent": hour, "arrives": arrives, "deliver": delivery_hour(arrives, hours_per_turn),
                    "text": text, "payload": payload})
    return out


def ship_message(ship: Record, where: dict[str, str], hour: int, route_hours: RouteHours, text: str,
                 msg_id: str, payload: Any = None, hours_per_turn: int = 24) -> list[Record]:
    """Messages from capital ship ``ship`` (in a system) to the factions of ``where`` (faction ->
    its Hero system), each at the ship's own hyperspace speed (TOTE-COMMS-01): how a faction
    shares what it knows, e.g. a scan snapshot in ``payload``, with an ally. Raises OrderError
    for a sender that is not a capital ship with a hyperdrive, one in hyperspace, or no recipient."""
    hours: Callable[[int], int] = lambda h: ship_hours(h, ship)  # noqa: E731
    hours(0)
    if ship.get("transit") or ship.get("system") is None:
        raise OrderError(f"{ship['id']} is in hyperspace; it sends once it arrives")
    if not where:
        raise OrderError("a message needs at least one recipient faction")
    return _messages("ship", ship["faction"], ship["system"], where, hour, route_hours, hours, text, payload,
                     msg_id, hours_per_turn)


def general_message(sender: str, origin: str, where: dict[str, str], hour: int, route_hours: RouteHours,
                    text: str, msg_id: str, kind: str = "general", hours_per_turn: int = 24) -> list[Record]:
    """A general message or a distress call (``kind`` ``distress``, from a space facility) from
    system ``origin``, sent galaxy-wide: to every faction of ``where`` but the sender, at twice
    hyperspace speed (TOTE-COMMS-02). Raises ValueError for an unknown kind."""
    if kind not in ("general", "distress"):
        raise ValueError(f"a general message is 'general' or 'distress', not {kind!r}")
    others = {f: w for f, w in where.items() if f != sender}
    return _messages(kind, sender, origin, others, hour, route_hours, general_hours, text, None, msg_id,
                     hours_per_turn)


def distress_call(facility: Record, where: dict[str, str], hour: int, route_hours: RouteHours, msg_id: str,
                  hours_per_turn: int = 24) -> list[Record]:
    """A distress call from space facility ``facility`` (a platform in a system): a general message
    galaxy-wide at twice hyperspace speed to every other faction of ``where`` (TOTE-COMMS-02).
    Raises OrderError for a sender that is not a platform in a system."""
    if facility["type"] not in unit_types() or model.unit_class(facility) != "platform":
        raise OrderError(f"{facility['id']} is not a space facility: distress calls come from platforms (TOTE-COMMS-02)")
    if not facility.get("system"):
        raise OrderError(f"{facility['id']} is not in a system")
    text = f"Distress call from {a_name(facility['type'])} of {facility['faction']} at {facility['system']}"
    return general_message(facility["faction"], facility["system"], where, hour, route_hours, text, msg_id,
                           kind="distress", hours_per_turn=hours_per_turn)


def construction_news(builder: str, system: str, code: str, count: int, where: dict[str, str], hour: int,
                      route_hours: RouteHours, msg_id: str, hours_per_turn: int = 24) -> list[Record]:
    """The news of a construction order (``count`` of unit or facility type ``code`` at
    ``system``) for every other faction of ``where``, travelling from the building system at twice
    hyperspace speed (TOTE-COMMS-03): who builds what, and where; never the treasury."""
    text = f"News: {builder} is building {count} {type_name(code)} at {system}"
    others = {f: w for f, w in where.items() if f != builder}
    return _messages("construction", builder, system, others, hour, route_hours, general_hours, text,
                     {"builder": builder, "system": system, "type": code, "count": count}, msg_id, hours_per_turn)


def delivered(messages: Iterable[Record], faction: str, hour: int) -> list[Record]:
    """The messages ``faction`` has read by game hour ``hour`` (delivered at a turn start at or
    after they arrive, TOTE-GAP-39), oldest first; the GM reads every message sent by then."""
    if faction == "gm":
        got = [m for m in messages if m["sent"] <= hour]
    else:
        got = [m for m in messages if faction in m["to"] and m["deliver"] <= hour]
    return sorted(got, key=lambda m: (m["deliver"], m["id"]))


def combat_notice(attacker: Record, target: Record, system: str, damage: int, hour: int) -> Record:
    """The public notice of one combat action (TOTE-COMMS-05, TOTE-FLOW-07): the attacker's and
    the target's class and owner, the system and the damage dealt; no grid spaces."""
    a, t = a_name(attacker["type"]), a_name(target["type"])
    return {"kind": "combat", "public": True, "hour": hour, "system": system,
            "attacker": {"owner": attacker["faction"], "type": attacker["type"]},
            "target": {"owner": target["faction"], "type": target["type"]}, "damage": damage,
            "text": f"Combat at {system}: {a} of {attacker['faction']} dealt {damage} to {t} of {target['faction']}"}


def departure_notice(fleet: Iterable[Record], origin: str, hour: int, owner_name: str | None = None,
                     place: str | None = None) -> Record:
    """The public notice of a fleet's departure into hyperspace (TOTE-COMMS-05, TOTE-GAP-39): its
    owner, the departure system and how many capital ships; never the destination or the time
    left. The one builder of that notice (the galaxy's jumps and the battle's withdrawals use it
    through :func:`.travel.depart`); its text names the owner as ``owner_name`` (its faction's
    name) and the system as ``place`` (the world's name) when given. Raises ValueError for an
    empty fleet or one of several owners."""
    ships = list(fleet)
    owners = {u["faction"] for u in ships}
    if len(owners) != 1:
        raise ValueError("a departing fleet has one owner and at least one unit")
    owner = owners.pop()
    capital = sum(1 for u in ships if u["type"] in unit_types() and model.unit_class(u) == "capital")
    return {"kind": "departure", "public": True, "hour": hour, "owner": owner, "origin": origin, "ships": capital,
            "text": f"{owner_name or owner} {_force(capital)} departed {place or origin}"}


def _force(capital: int) -> str:
    """A departing force as the notice may word it (TOTE-GAP-39: only the count of capital ships)."""
    if capital == 0:
        return "force of small craft, no capital ship,"
    return f"fleet of {capital} capital ship{'s' if capital != 1 else ''}"
