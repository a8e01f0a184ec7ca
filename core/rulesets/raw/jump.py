"""Phase 2, Jump: fuel (retreats first), forced-retreat losses, loading, moving everyone at once,
the location caps, unloading (RAW-JUMP-*, RAW-RETREAT-02..04, RAW-GAP-14..17, RAW-GAP-35)."""
from __future__ import annotations

from typing import Any

from core.dice import Dice
from core.events import Event, event, to_seat, to_team
from core.rulesets.raw.budget import Ledger, fuel_cost
from core.rulesets.raw.data import GF
from core.rulesets.raw.model import (CAPS, cap_points, cargo_of, cargo_used, describe, gf_limit, is_deep, private_point, seats_of,
                                     side_of_owner, system_of, utype)

State = dict[str, Any]


def jump(state: State, dice: Dice, ledgers: dict[str, Ledger]) -> list[Event]:
    """Run the Jump phase for everyone at once."""
    turn = state["turn"]
    units = state["units"]
    events: list[Event] = []
    orders = sorted((o for s in state["seats"] for o in state["sheets"].get(s, []) if o["verb"] == "jump"), key=lambda o: o["seq"])
    owner_of = {o["seq"]: s for s in state["seats"] for o in state["sheets"].get(s, [])}
    moves: dict[str, tuple[str, int]] = {}  # ship -> (destination, order seq)
    # fuel: retreating ships first, then the other jumps in order (RAW-GAP-17)
    for retreat_pass in (True, False):
        for order in orders:
            seat = owner_of[order["seq"]]
            for ship in order["args"]["ships"]:
                unit = units.get(ship)
                if unit is None or ship in moves or unit["owner"] != seat or bool(unit["retreat"]) != retreat_pass:
                    continue
                dest = order["args"]["to"]
                if dest == unit["at"]:
                    continue
                if ledgers[seat].pay(fuel_cost(unit["type"])):
                    moves[ship] = (dest, order["seq"])
                else:
                    events.append(event("refused", f"{seat}: no fuel credits left for {ship}; it stays at {describe(unit['at'])}", [to_seat(seat)], turn))
    # ships under a forced retreat that do not jump are destroyed (RAW-RETREAT-03)
    for uid, unit in list(units.items()):
        if unit["retreat"] and utype(unit).kind == "ship" and uid not in moves:
            events += destroy(state, uid, "could not complete its forced retreat (RAW-RETREAT-03)")
    # loading at the origin (RAW-GAP-14, RAW-RETREAT-04)
    for seat in state["seats"]:
        for order in (o for o in state["sheets"].get(seat, []) if o["verb"] == "load"):
            events += _load(state, seat, order["args"])
    events += _unmatched_boardings(state)
    # a deep-space jump that names no point goes to a private point of its own, shared with nothing
    # (RAW-MAP-04, RAW-GAP-15): one per order, so the ships of one order arrive together
    private: dict[int, str] = {}
    for ship in list(moves):
        dest, seq = moves[ship]
        if dest.endswith(":?"):
            private.setdefault(seq, private_point(system_of(dest), ship, turn))
            moves[ship] = (private[seq], seq)
    # the caps: cancel inbound jumps, latest first, until every team fits (RAW-GAP-35)
    events += _enforce_caps(state, moves, ledgers, owner_of)
    # a retreating ship whose jump the caps cancelled could not jump either (RAW-RETREAT-03, RAW-GAP-35)
    for uid, unit in list(units.items()):
        if unit["retreat"] and utype(unit).kind == "ship" and uid not in moves:
            events += destroy(state, uid, "could not complete its forced retreat: its jump broke the location cap (RAW-RETREAT-03)")
    # everyone moves at once
    aboard: dict[str, list[str]] = {}
    for uid, unit in units.items():
        if unit["aboard"]:
            aboard.setdefault(unit["aboard"], []).append(uid)
    for ship, (dest, _) in moves.items():
        units[ship]["at"] = dest
        units[ship]["retreat"] = False
        for sq in aboard.get(ship, ()):
            units[sq]["at"] = dest
            units[sq]["retreat"] = False
    for seat in state["seats"]:
        side = state["seats"][seat]["side"]
        for ship, (dest, _) in moves.items():
            if units[ship]["owner"] == seat:
                events.append(event("jump", f"{ship} jumps to {describe(dest)}", [to_team(side)], turn, unit=ship, dest=dest))
    # retreating squadrons nobody carried away are lost (RAW-RETREAT-03)
    for uid, unit in list(units.items()):
        if unit["retreat"] and utype(unit).kind == "squadron" and uid in units:
            events += destroy(state, uid, "was left behind by its retreating fleet (RAW-RETREAT-03)")
    # unloading at the destination (RAW-GAP-14, RAW-GAP-51)
    for seat in state["seats"]:
        for order in (o for o in state["sheets"].get(seat, []) if o["verb"] == "unload"):
            events += _unload(state, seat, order["args"])
    return events


def _load(state: State, seat: str, args: dict[str, Any]) -> list[Event]:
    turn = state["turn"]
    units = state["units"]
    ship = units.get(args["ship"])
    if ship is None or ship["owner"] != seat:
        return []
    cap = utype(ship).capacity
    side = state["seats"][seat]["side"]
    team = seats_of(state, side)
    events: list[Event] = []
    for sq in args["squadrons"]:
        squad = units.get(sq)
        if squad is None or squad["at"] != ship["at"] or squad["aboard"] == args["ship"]:
            continue
        mate = squad["owner"]
        if mate != seat and (mate not in team or not _boarding(state, mate, args["ship"], sq)):
            events.append(event("refused", f"{sq} stays: {mate} did not order 'board {args['ship']} {sq}' (RAW-GAP-14)",
                                [to_seat(seat)] + ([to_seat(mate)] if mate in team else []), turn))
            continue
        if cargo_used(state, args["ship"]) >= cap:
            events.append(event("refused", f"{args['ship']} is full; {sq} stays", [to_seat(seat)], turn))
            continue
        squad["aboard"] = args["ship"]
        if mate != seat:
            events.append(event("load", f"{mate}'s {sq} goes aboard {seat}'s {args['ship']} at {describe(ship['at'])} (RAW-GAP-14)", [to_team(side)], turn))
    if args["gf"]:
        here = ship["at"]
        holder = None if is_deep(here) else state["planets"][here]["owner"]
        if ship["retreat"]:
            events.append(event("refused", f"{args['ship']} is retreating and may not take GF off {here} (RAW-RETREAT-04)", [to_seat(seat)], turn))
        elif holder == seat or holder in team:
            want = args["gf"] if holder == seat else min(args["gf"], _boarding(state, holder, args["ship"], GF))
            take = max(0, min(want, state["planets"][here]["gf"], cap - cargo_used(state, args["ship"])))
            if holder != seat and want == 0:
                events.append(event("refused", f"no GF of {here} go aboard {args['ship']}: {holder} did not order 'board {args['ship']} GF' (RAW-GAP-14)",
                                    [to_seat(seat), to_seat(holder)], turn))
            elif take:
                state["planets"][here]["gf"] -= take
                ship["gf"] += take
                who = "" if holder == seat else f" from {holder}'s garrison (now {seat}'s, RAW-GAP-14, RAW-GAP-51)"
                events.append(event("load", f"{args['ship']} takes {take} GF aboard at {here}{who}", [to_team(side)], turn))
    return events


def _boarding(state: State, mate: str, ship: str, cargo: str) -> int:
    """How much of ``cargo`` (a squadron id, or GF) ``mate``'s `board` orders put aboard ``ship`` (RAW-GAP-14)."""
    total = 0
    for order in state["sheets"].get(mate, []):
        if order["verb"] == "board" and order["args"]["ship"] == ship:
            total += int(order["args"]["gf"]) if cargo == GF else int(cargo in order["args"]["squadrons"])
    return total


def _unmatched_boardings(state: State) -> list[Event]:
    """`board` orders whose ship's owner ordered no matching `load`: nothing moves; both are told (RAW-GAP-14)."""
    events: list[Event] = []
    for seat in state["seats"]:
        for order in (o for o in state["sheets"].get(seat, []) if o["verb"] == "board"):
            ship = state["units"].get(order["args"]["ship"])
            if ship is None:
                continue
            owner = ship["owner"]
            loads = [o for o in state["sheets"].get(owner, []) if o["verb"] == "load" and o["args"]["ship"] == order["args"]["ship"]]
            named = any(set(order["args"]["squadrons"]) & set(o["args"]["squadrons"]) or (order["args"]["gf"] and o["args"]["gf"]) for o in loads)
            if not named:
                events.append(event("refused", f"{order['text']}: not carried out: {owner} ordered no matching 'load {order['args']['ship']}' (RAW-GAP-14)",
                                    [to_seat(seat), to_seat(owner)], state["turn"]))
    return events


def _unload(state: State, seat: str, args: dict[str, Any]) -> list[Event]:
    turn = state["turn"]
    units = state["units"]
    ship = units.get(args["ship"])
    if ship is None or ship["owner"] != seat:
        return []
    side = state["seats"][seat]["side"]
    here = ship["at"]
    events: list[Event] = []
    squads = cargo_of(state, args["ship"]) if args["everything"] else [s for s in args["squadrons"] if units.get(s, {}).get("aboard") == args["ship"]]
    for sq in squads:
        units[sq]["aboard"] = None
    if squads:
        events.append(event("unload", f"{', '.join(squads)} leave {args['ship']} at {describe(here)}", [to_team(side)], turn))
    want = ship["gf"] if args["gf"] is None else min(args["gf"], ship["gf"])
    if want and not is_deep(here):
        planet = state["planets"][here]
        if planet["owner"] in seats_of(state, side):
            room = gf_limit(side) - planet["gf"]
            land = min(want, room)
            planet["gf"] += land
            ship["gf"] -= land
            who = "" if planet["owner"] == seat else f" (now {planet['owner']}'s, RAW-GAP-51)"
            events.append(event("unload", f"{land} GF from {args['ship']} join the garrison of {here}{who}", [to_team(side)], turn))
            if land < want:
                events.append(event("refused", f"{here} garrison is full ({gf_limit(side)}); {want - land} GF stay aboard {args['ship']}", [to_seat(seat)], turn))
    return events


def _enforce_caps(state: State, moves: dict[str, tuple[str, int]], ledgers: dict[str, Ledger], owner_of: dict[int, str]) -> list[Event]:
    units = state["units"]
    events: list[Event] = []
    while True:
        where: dict[tuple[str, str], list[str]] = {}
        for uid, unit in units.items():
            carrier = unit["aboard"] or uid
            loc = moves[carrier][0] if carrier in moves else unit["at"]
            where.setdefault((side_of_owner(state, unit["owner"]), loc), []).append(uid)
        over = None
        for (side, loc), uids in where.items():
            ships, squadrons = cap_points(state, uids)
            if ships > CAPS["ships"] or squadrons > CAPS["squadrons"] or ships + squadrons > CAPS["total"]:
                inbound = [u for u in uids if u in moves and moves[u][0] == loc]
                if inbound:
                    over = max(inbound, key=lambda u: moves[u][1])
                    break
        if over is None:
            return events
        seat = units[over]["owner"]
        ledgers[seat].pool += fuel_cost(units[over]["type"])
        del moves[over]
        events.append(event("refused", f"{over}'s jump is cancelled: it would break the 400/400/500 cap there (RAW-GAP-35)",
                            [to_team(state['seats'][seat]['side'])], state["turn"]))


def destroy(state: State, uid: str, why: str) -> list[Event]:
    """Remove a unit: GF aboard die with it, squadrons aboard are left parked (RAW-GAP-24)."""
    unit = state["units"].pop(uid)
    if utype(unit).capacity:  # only ships carry squadrons
        for other in state["units"].values():
            if other["aboard"] == uid:
                other["aboard"] = None
    owner = unit["owner"]
    to = [to_team(state["seats"][owner]["side"])] if owner in state["seats"] else ["gm"]
    lost = f" with {unit['gf']} GF aboard" if unit["gf"] else ""
    side = state["seats"][owner]["side"] if owner in state["seats"] else owner
    return [event("destroyed", f"{uid} ({unit['type']}) {why}{lost}", to, state["turn"], unit=uid, gf_change=-int(unit["gf"]),
                  side=side, type=unit["type"], gf=int(unit["gf"]))]
