"""Phase 1, Construct Units (RAW-GAP-46 order): loans, alliance rolls, improvements, builds and
planet repairs per planet in listed order, Repair-vessel repairs, surge flags."""
from __future__ import annotations

from typing import Any

from core.dice import Dice
from core.dice_words import fixed
from core.events import Event, event, to_seat, to_team
from core.rulesets.raw.budget import VESSEL_ALLOWANCE, Ledger, build_step, cap_of, partial_after
from core.rulesets.raw.data import GF, build_cost, planets, unit_types
from core.rulesets.raw.model import cargo_used, describe, gf_limit, gf_price, seat_forces_within_caps, seats_of, utype
from core.rulesets.raw.setup import new_unit, next_uid

State = dict[str, Any]
#: the alliance roll: one d6, only a 6 brings the world (RAW-NEUTRAL-08)
ALLIANCE_DIE = fixed(1, "the alliance roll, only a 6 succeeds (RAW-NEUTRAL-08)")


def _orders(state: State, seat: str, verb: str) -> list[dict[str, Any]]:
    return [o for o in state["sheets"].get(seat, []) if o["verb"] == verb]


def construct(state: State, dice: Dice, ledgers: dict[str, Ledger]) -> list[Event]:
    """Run the Construct phase for every seat at once. ``ledgers`` are filled in and kept for the Jump phase."""
    turn = state["turn"]
    events: list[Event] = []
    seats = list(state["seats"])
    side = {s: state["seats"][s]["side"] for s in seats}
    for seat in seats:
        ledgers[seat] = Ledger(state, seat)
    # loans (RAW-TEAM-03, RAW-GAP-09)
    for seat in seats:
        for order in _orders(state, seat, "lend"):
            to, amount = order["args"]["seat"], order["args"]["credits"]
            if ledgers[seat].pay(amount):
                ledgers[to].pool += amount
                ledgers[to].loaned += amount
                events.append(event("loan", f"{seat} lends {amount} credits to {to}", [to_team(side[seat])], turn))
            else:
                events.append(event("refused", f"{seat}: loan of {amount} to {to} failed, only {ledgers[seat].pool} credits left", [to_team(side[seat])], turn))
    # alliance rolls are paid for here (RAW-GAP-46) and rolled once the ground assaults are known (RAW-GAP-53)
    pending: list[dict[str, Any]] = []
    for seat in seats:
        for order in _orders(state, seat, "ally"):
            planet, cost = order["args"]["planet"], order["args"]["cost"]
            if not ledgers[seat].pay(cost):
                events.append(event("refused", f"{seat}: alliance roll for {planet} needs {cost} credits", [to_seat(seat)], turn))
                continue
            pending.append({"seat": seat, "planet": planet, "cost": cost})
    state["alliance_rolls"] = pending
    # improvements (RAW-ECON-04/05, RAW-GAP-10)
    for seat in seats:
        for order in _orders(state, seat, "improve"):
            planet, amount = order["args"]["planet"], order["args"]["credits"]
            if state["planets"][planet]["owner"] != seat or not ledgers[seat].pay(amount):
                events.append(event("refused", f"{seat}: improve {planet} {amount} not done (planet lost or credits short)", [to_seat(seat)], turn))
                continue
            state["planets"][planet].setdefault("improving", 0)
            state["planets"][planet]["improving"] += amount // 10
            events.append(event("improve", f"{planet} will produce {amount // 10} more from next turn", [to_team(side[seat])], turn,
                                planet=planet, production_change=amount // 10))
    # builds and planet repairs, per planet in listed order (RAW-PROD-*, RAW-GAP-12, RAW-REPAIR-07/08)
    for seat in seats:
        events += _builds(state, dice, seat, ledgers[seat])
    # Repair-vessel repairs (RAW-KEYWORD-11): 15 credits per vessel per turn, shared by the team at that location
    allowance: dict[tuple[str, str], int] = {}
    for seat in seats:
        events += _vessel_repairs(state, seat, ledgers[seat], allowance)
    return events


def alliances(state: State, dice: Dice, ledgers: dict[str, Ledger]) -> list[Event]:
    """The alliance rolls paid for in the Construct phase, once the ground assaults are over (RAW-NEUTRAL-07..10, RAW-GAP-39, RAW-GAP-53).

    A roll is cancelled, and its credits given back, only if a ground assault actually took place on
    that planet this turn. Otherwise the die is rolled; a 6 aligns a world that is still neutral. A
    world that is already aligned, secretly or not, cannot join: the roller pays, rolls, and learns only
    that no alliance came of it, the same words as any failed roll. So the die is on the GM's record
    and the roller is told the outcome: the face of a 6 on an aligned world would tell more.
    """
    turn = state["turn"]
    events: list[Event] = []
    side = {s: state["seats"][s]["side"] for s in state["seats"]}
    assaulted = set(state.pop("assaulted", []))
    successes: dict[str, list[str]] = {}
    failed: list[tuple[str, str, int]] = []
    for roll_order in state.pop("alliance_rolls", []):
        seat, planet, cost = roll_order["seat"], roll_order["planet"], int(roll_order["cost"])
        if planet in assaulted:
            ledgers[seat].pool += cost
            events.append(event("alliance", f"{seat}: the alliance roll for {planet} is cancelled: a ground assault took place there "
                                f"this turn; nothing paid (RAW-GAP-53)", [to_team(side[seat])], turn, planet=planet))
            continue
        roll = dice.roll(1, 6, f"{seat} rolls for the alliance of {planet}", ["gm"], why=ALLIANCE_DIE)[0]
        if roll == 6 and state["planets"][planet]["owner"] is None:
            successes.setdefault(planet, []).append(seat)
        else:
            failed.append((seat, planet, cost))
    for seat, planet, cost in failed:
        events.append(event("alliance", f"{seat}'s alliance roll for {planet} ({cost} credits) brought no alliance (RAW-NEUTRAL-08)",
                            [to_team(side[seat])], turn, planet=planet))
    for planet, rollers in sorted(successes.items()):
        teams = {side[s] for s in rollers}
        if len(teams) > 1:
            for s in rollers:
                events.append(event("alliance", f"{planet}: the alliance was won by both sides at once and cancels out; {planet} stays neutral (RAW-NEUTRAL-10)", [to_team(side[s])], turn))
            continue
        winner = rollers[0]
        align(state, planet, winner)
        events.append(event("alliance", f"{winner} rolled a 6: {planet} joins {side[winner]}; its forces now answer to {winner}",
                            [to_team(side[winner])], turn, planet=planet))
        moved = seat_forces_within_caps(state, planet, winner)
        if moved:
            events.append(event("alliance", f"{planet}'s forces {', '.join(moved)} would break the 400/400/500 cap in orbit; they hold "
                                f"station in the deep space of {planet}, their home system, until there is room (RAW-GAP-35)",
                                [to_team(side[winner])], turn, planet=planet))
    return events


def align(state: State, planet: str, seat: str) -> None:
    """A neutral world with forces joins ``seat``: the planet and its surviving forces (RAW-NEUTRAL-05, RAW-GAP-39)."""
    state["planets"][planet]["owner"] = seat
    state["planets"][planet]["forces"] = False
    for unit in state["units"].values():
        if unit["owner"] == f"neutral:{planet}":
            unit["owner"] = seat
            if utype(unit).kind == "ship" and seat not in state["had_ships"]:
                state["had_ships"].append(seat)  # aligned ships are the seat's navy (RAW-GAP-40)
    state.setdefault("captured", []).append({"planet": planet, "side": state["seats"][seat]["side"], "turn": state["turn"]})


def _builds(state: State, dice: Dice, seat: str, ledger: Ledger) -> list[Event]:
    """Builds and planet repairs of one seat, planet by planet in listed order (RAW-PROD-*, RAW-GAP-12, RAW-REPAIR-07/08).

    Each step is :func:`budget.build_step`, the one order checking uses: every unit, GF included, takes
    what the planet has left and may stay partly built (RAW-PROD-03, revised RAW-GAP-45).
    """
    turn = state["turn"]
    side = state["seats"][seat]["side"]
    team = [to_team(side)]
    events: list[Event] = []
    surges = {o["args"]["planet"]: o["args"]["donors"] for o in _orders(state, seat, "surge")}
    donors = {d for names in surges.values() for d in names}
    spent: dict[str, int] = {}
    started: set[str] = set()
    for order in state["sheets"].get(seat, []):
        verb, args = order["verb"], order["args"]
        if verb == "repair" and args["source"] == "planet":
            events += _planet_repair(state, seat, ledger, args, spent, donors)
            continue
        if verb != "build":
            continue
        planet, code = args["planet"], args["unit"]
        info = state["planets"][planet]
        if info["owner"] != seat:
            events.append(event("refused", f"{seat}: cannot build at {planet}, no longer yours", [to_seat(seat)], turn))
            continue
        if code != GF and info["blockaded"]:
            events.append(event("refused", f"{seat}: {planet} is blockaded; only GF can be built (RAW-BLOCKADE-03)", [to_seat(seat)], turn))
            continue
        if planet in donors:
            events.append(event("refused", f"{seat}: {planet} donates to a surge and builds nothing (RAW-PROD-12)", [to_seat(seat)], turn))
            continue
        if code == GF and planet in surges:
            events.append(event("refused", f"{seat}: {planet} surges and builds no GF (RAW-PROD-11)", [to_seat(seat)], turn))
            continue
        cost = build_cost(code, planets()[planet]["keyword"], side, gf_price(state, side))
        ids = list(args.get("ids") or [])
        for i in range(args["count"]):
            need, continued, scraps = build_step(info["partial"], planet in started, code, cost)
            room = cap_of(state, seat, planet) - spent.get(planet, 0)
            pay = min(need, room)
            if pay <= 0:
                events.append(event("refused", f"{seat}: {planet} has no production left this turn for {code}", [to_seat(seat)], turn))
                break
            paid = ledger.pay_gf(planet, pay) if code == GF else ledger.pay(pay)
            if not paid:
                events.append(event("refused", f"{seat}: not enough credits for {code} at {planet}", [to_seat(seat)], turn))
                break
            if scraps:
                old = info["partial"]
                events.append(event("partial-lost", f"{planet}: the partly built {old['unit']} ({old['paid']}/{old['cost']}) is scrapped (RAW-PROD-06)", team, turn))
                info["partial"] = None
            started.add(planet)
            spent[planet] = spent.get(planet, 0) + pay
            if pay < need:
                info["partial"] = {**partial_after(code, cost, continued, pay), "owner": seat}
                events.append(event("build", f"{planet}: {code} partly built, {info['partial']['paid']}/{info['partial']['cost']}", team, turn,
                                    planet=planet, unit=code, paid=info["partial"]["paid"], cost=info["partial"]["cost"]))
                break
            info["partial"] = None
            events.append(_complete(state, seat, planet, code, ids[i] if i < len(ids) else None))
    for planet, names in surges.items():
        if spent.get(planet, 0) > state["planets"][planet]["production"]:
            state["planets"][planet]["surged"] = turn
            events.append(event("surge", f"{planet} surges, {spent[planet]} credits of production, funded by {', '.join(names)}", team, turn))
    return events


def _complete(state: State, seat: str, planet: str, code: str, uid: str | None = None) -> Event:
    """A unit is finished at ``planet``: a ship or squadron in orbit (with the id its order reserved), or a GF (RAW-GAP-48)."""
    side = state["seats"][seat]["side"]
    turn = state["turn"]
    if code == GF:
        info = state["planets"][planet]
        if info["gf"] < gf_limit(side):
            info["gf"] += 1
            return event("build", f"{planet}: 1 GF joins the garrison ({info['gf']})", [to_team(side)], turn, planet=planet, unit=GF, gf_change=1)
        for ship_id, unit in state["units"].items():
            if unit["owner"] == seat and unit["at"] == planet and utype(unit).kind == "ship" and _room(state, ship_id) > 0:
                unit["gf"] += 1
                return event("build", f"{planet}: 1 GF goes aboard {ship_id} (garrison full)", [to_team(side)], turn, planet=planet, unit=GF, aboard=ship_id, gf_change=1)
        return event("refused", f"{planet}: a GF was paid for but has no room (garrison full, no ship with room); it is lost (RAW-GAP-48)", [to_team(side)], turn)
    if uid is None or uid in state["units"]:
        uid = next_uid(state, seat)
    state["units"][uid] = new_unit(code, seat, planet)
    state["units"][uid]["born"] = turn
    if utype(state["units"][uid]).kind == "ship" and seat not in state["had_ships"]:
        state["had_ships"].append(seat)
    return event("build", f"{planet}: {unit_types()[code].name} {uid} completed", [to_team(side)], turn, planet=planet, unit=uid, type=code)


def _room(state: State, ship: str) -> int:
    return utype(state["units"][ship]).capacity - cargo_used(state, ship)


def _planet_repair(state: State, seat: str, ledger: Ledger, args: dict[str, Any], spent: dict[str, int],
                   donors: set[str] | frozenset[str] = frozenset()) -> list[Event]:
    turn = state["turn"]
    side = state["seats"][seat]["side"]
    ship = state["units"].get(args["ship"])
    planet = args["planet"]
    info = state["planets"][planet]
    if ship is None or not ship["scarred"] or ship["at"] != planet or info["owner"] != seat or info["blockaded"]:
        return [event("refused", f"{seat}: repair of {args['ship']} at {planet} is not possible now", [to_seat(seat)], turn)]
    if info["partial"]:
        return [event("refused", f"{planet} is part-way through a {info['partial']['unit']} and cannot repair {args['ship']} (RAW-REPAIR-08)", [to_seat(seat)], turn)]
    if any(o["verb"] == "surge" and o["args"]["planet"] == planet for o in state["sheets"][seat]):
        return [event("refused", f"{planet} surges and makes no planet repairs (RAW-PROD-11)", [to_seat(seat)], turn)]
    if planet in donors:
        return [event("refused", f"{planet} donates to a surge and makes no planet repairs (RAW-GAP-11)", [to_seat(seat)], turn)]
    need = args["cost"] - ship["repair_paid"]
    room = cap_of(state, seat, planet) - spent.get(planet, 0)
    pay = min(need, room, ledger.pool)
    if pay <= 0 or not ledger.pay(pay):
        return [event("refused", f"{seat}: no production or credits left to repair {args['ship']} at {planet}", [to_seat(seat)], turn)]
    spent[planet] = spent.get(planet, 0) + pay
    return [_pay_repair(state, args["ship"], pay, side)]


def _pay_repair(state: State, uid: str, pay: int, side: str) -> Event:
    ship = state["units"][uid]
    ship["repair_paid"] += pay
    cost = (utype(ship).cost + 3) // 4
    if ship["repair_paid"] >= cost:
        ship["scarred"] = False
        ship["repair_paid"] = 0
        return event("repair", f"{uid} is repaired to full strength", [to_team(side)], state["turn"], unit=uid, paid=pay, done=True)
    return event("repair", f"{uid} repair: {ship['repair_paid']}/{cost} paid", [to_team(side)], state["turn"], unit=uid, paid=pay, done=False)


def _vessel_repairs(state: State, seat: str, ledger: Ledger, allowance: dict[tuple[str, str], int]) -> list[Event]:
    turn = state["turn"]
    side = state["seats"][seat]["side"]
    team = seats_of(state, side)
    events: list[Event] = []
    for order in _orders(state, seat, "repair"):
        args = order["args"]
        if args["source"] != "vessel":
            continue
        ship = state["units"].get(args["ship"])
        if ship is None or not ship["scarred"] or utype(ship).has("Repair"):
            continue
        loc = ship["at"]
        key = (side, loc)
        if key not in allowance:
            allowance[key] = VESSEL_ALLOWANCE * sum(1 for u in state["units"].values()
                                                    if u["at"] == loc and u["owner"] in team and utype(u).has("Repair"))
        need = args["cost"] - ship["repair_paid"]
        pay = min(need, allowance[key], ledger.pool)
        if pay <= 0 or not ledger.pay(pay):
            events.append(event("refused", f"{seat}: no Repair-vessel allowance or credits left for {args['ship']} at {describe(loc)}", [to_seat(seat)], turn))
            continue
        allowance[key] -= pay
        events.append(_pay_repair(state, args["ship"], pay, side))
    return events
