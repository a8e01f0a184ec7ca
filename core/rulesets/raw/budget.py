"""Credits for one turn: the ledger of RAW-GAP-08, shared by order checking and resolution.

Each planet's production is a bucket for the turn. Untagged buckets (the seat's non-blockaded
planets, and loans received) form the pool, which pays for anything; a blockaded planet's bucket
pays only for GF built at that planet (RAW-BLOCKADE-02). Building at a planet is capped at its
production, or twice that when surging, the extra coming from idle donor planets (RAW-PROD-09..12).
Fuel, improvements, loans, alliance rolls and Repair-vessel repairs come from the pool. Whatever is
left at the end of the turn is lost (RAW-ECON-03).

:func:`check` runs the same per-planet build steps as the Construct phase (:func:`build_step`), so
an order sheet that passes it resolves as ordered: any unit, GF included, may be left partly built
(RAW-PROD-03/04, revised RAW-GAP-45), a new unit scraps an older partial (RAW-PROD-06).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from core.errors import OrderError
from core.rulesets.raw.data import GF, unit_types
from core.rulesets.raw.model import gf_limit, owned_planets, seats_of, utype
from core.rulesets.raw.setup import new_unit

State = dict[str, Any]
VESSEL_ALLOWANCE = 15  # credits per Repair vessel per turn (RAW-KEYWORD-11)


class Ledger:
    """One seat's credits for the turn."""

    def __init__(self, state: State, seat: str, loans_in: int = 0) -> None:
        self.state = state
        self.seat = seat
        self.pool = loans_in
        self.loaned = loans_in
        self.blockaded: dict[str, int] = {}
        for name in owned_planets(state, seat):
            info = state["planets"][name]
            if info["blockaded"]:
                self.blockaded[name] = int(info["production"])
            else:
                self.pool += int(info["production"])
        self.spent_at: dict[str, int] = {}

    def total(self) -> int:
        """Credits left in all buckets."""
        return self.pool + sum(self.blockaded.values())

    def pay(self, amount: int) -> bool:
        """Pay from the pool; False (and nothing paid) if it is short."""
        if amount > self.pool:
            return False
        self.pool -= amount
        return True

    def pay_gf(self, planet: str, amount: int) -> bool:
        """Pay for GF at ``planet``: its blockaded bucket first, then the pool."""
        local = self.blockaded.get(planet, 0)
        if local + self.pool < amount:
            return False
        use = min(local, amount)
        if planet in self.blockaded:
            self.blockaded[planet] -= use
        self.pool -= amount - use
        return True


def loans_in(state: State, seat: str) -> int:
    """Credits teammates' sheets lend to ``seat`` this turn."""
    team = seats_of(state, state["seats"][seat]["side"])
    return sum(o["args"]["credits"] for s in team if s != seat for o in state["sheets"].get(s, [])
               if o["verb"] == "lend" and o["args"]["seat"] == seat)


def cap_of(state: State, seat: str, planet: str) -> int:
    """What ``planet`` may put into units this turn: production, or twice it when surging."""
    prod = int(state["planets"][planet]["production"])
    surging = any(o["verb"] == "surge" and o["args"]["planet"] == planet for o in state["sheets"].get(seat, []))
    return 2 * prod if surging else prod


def fuel_cost(code: str) -> int:
    """Fuel for one jump: 1, or 2 for a Flotilla (RAW-JUMP-04, RAW-KEYWORD-09)."""
    return 2 if "Flotilla" in unit_types()[code].keywords else 1


# -- units on order this turn (RAW-PROD-08) ------------------------------------------------------
def reserve_ids(state: State, seat: str, count: int) -> list[str]:
    """Unit ids for ``count`` ships or squadrons ordered now; they get these ids when completed.

    The counter is replaced, not changed in place, so a refused order leaves the state as it was.
    """
    counters = state["next_id"]
    first = int(counters[seat])
    state["next_id"] = {**counters, seat: first + count}
    letter = state["seats"][seat]["letter"]
    return [f"{letter}{first + i}" for i in range(count)]


def pending_units(state: State, seat: str) -> dict[str, dict[str, Any]]:
    """Ships and squadrons on ``seat``'s build orders, by the id they will have: orders may name
    them, since a unit completed in the Construct phase may jump or be carried that turn (RAW-PROD-08)."""
    found: dict[str, dict[str, Any]] = {}
    for order in state["sheets"].get(seat, []):
        if order["verb"] == "build" and order["args"]["unit"] != GF:
            for uid in order["args"].get("ids") or []:
                if uid not in state["units"]:
                    found[uid] = {**new_unit(order["args"]["unit"], seat, order["args"]["planet"]), "pending": True}
    return found


def unit_of(state: State, seat: str, uid: str) -> dict[str, Any]:
    """A unit, or one ``seat`` has on order this turn. Raises KeyError for neither."""
    unit = state["units"].get(uid)
    if unit is None:
        unit = pending_units(state, seat)[uid]
    return unit


# -- the per-planet build step, shared with the Construct phase ----------------------------------
def build_step(partial: dict[str, Any] | None, started: bool, unit: str, cost: int) -> tuple[int, dict[str, Any] | None, bool]:
    """(credits still needed for one ``unit``, the partial it continues or None, whether it scraps an older partial).

    The first item built at a planet this turn continues the planet's partial if it is the same
    unit; any other unit started while a partial waits destroys it (RAW-PROD-06, RAW-GAP-12).
    """
    if partial and not started and partial["unit"] == unit:
        return int(partial["cost"]) - int(partial["paid"]), partial, False
    return cost, None, bool(partial and not started)


def partial_after(unit: str, cost: int, continued: dict[str, Any] | None, pay: int) -> dict[str, Any]:
    """The planet's partial once ``pay`` went into a unit that is not finished (RAW-PROD-03)."""
    if continued:
        return {**continued, "paid": int(continued["paid"]) + pay}
    return {"unit": unit, "paid": pay, "cost": cost}


def ship_room(state: State, seat: str, planet: str) -> int:
    """Free carrier capacity of ``seat``'s ships in orbit of ``planet`` (RAW-GAP-48)."""
    room = 0
    for uid, unit in state["units"].items():
        if unit["owner"] == seat and unit["at"] == planet and utype(unit).kind == "ship":
            room += utype(unit).capacity - int(unit["gf"]) - sum(1 for u in state["units"].values() if u["aboard"] == uid)
    return room


def vessel_allowance(state: State, team: list[str], loc: str, others: list[str]) -> int:
    """Repair-vessel credits left at ``loc`` for the team: 15 per vessel there, less what the
    ``others`` (teammates) already ordered there this turn (RAW-KEYWORD-11)."""
    left = VESSEL_ALLOWANCE * sum(1 for u in state["units"].values() if u["at"] == loc and u["owner"] in team and utype(u).has("Repair"))
    for other in others:
        for order in state["sheets"].get(other, []):
            ship = state["units"].get(order["args"].get("ship", ""))
            if order["verb"] == "repair" and order["args"]["source"] == "vessel" and ship is not None and ship["at"] == loc:
                left -= min(max(left, 0), int(order["args"]["cost"]) - int(ship["repair_paid"]))
    return max(left, 0)


def _surge_checks(state: State, seat: str, sheet: list[dict[str, Any]]) -> tuple[dict[str, list[str]], dict[str, str]]:
    """Surges and their donors: each donor funds one surge and builds and repairs nothing (RAW-PROD-12, RAW-GAP-11)."""
    surges = {o["args"]["planet"]: o["args"]["donors"] for o in sheet if o["verb"] == "surge"}
    texts = {o["args"]["planet"]: o["text"] for o in sheet if o["verb"] == "surge"}
    donor_of: dict[str, str] = {}
    for planet, donors in surges.items():
        for donor in donors:
            if donor in surges:
                raise OrderError(f"{texts[planet]!r}: {donor} surges itself this turn and cannot also donate (RAW-PROD-12)")
            if donor in donor_of:
                raise OrderError(f"{texts[planet]!r}: {donor} already funds the surge of {donor_of[donor]}; "
                                 "a donor's credits pay for one surge only (RAW-PROD-12)")
            donor_of[donor] = planet
    return surges, donor_of


@dataclass
class Tally:
    """What each order of a seat's sheet takes, in sheet order (see :func:`tally`)."""

    pool: int  #: the pool's credits at the start of the turn (production of unblockaded planets plus loans in)
    costs: list[int]  #: credits each order takes from the pool (builds, repairs, loans, improvements, alliance rolls)
    fuel: list[int]  #: fuel each jump order takes from the pool (RAW-JUMP-04)
    at: list[tuple[str, int, int] | None]  #: (planet, credits put into units there so far, its cap) after a build or planet repair
    scraps: list[dict[str, Any] | None]  #: the older partial a build destroys (RAW-PROD-06), if any
    local: list[int]  #: credits a build of GF took from its blockaded planet's own bucket (RAW-BLOCKADE-02)


def check(state: State, seat: str) -> int:
    """Refuse a sheet whose spending does not fit the seat's credits and planet caps. Raises OrderError.

    Builds and planet repairs run planet by planet in listed order exactly as the Construct phase
    runs them (RAW-GAP-12); every credit they and the other orders take must fit the pool.
    Returns the pool credits left once the sheet is paid for (lost at end of turn, RAW-ECON-03).
    """
    counted = tally(state, seat)
    _pool_check(state, seat, counted)
    return counted.pool - sum(counted.costs) - sum(counted.fuel)


def tally(state: State, seat: str) -> Tally:
    """Run the seat's sheet through the Construct phase's per-planet steps and price every order.

    Raises OrderError for a sheet that breaks a planet cap, a surge rule or a repair rule; the
    pool's total is checked by :func:`check`, not here.
    """
    ledger = Ledger(state, seat, loans_in(state, seat))
    sheet = state["sheets"].get(seat, [])
    side = state["seats"][seat]["side"]
    limit = gf_limit(side)
    surges, donor_of = _surge_checks(state, seat, sheet)
    planets_now: dict[str, dict[str, Any]] = {}
    vessel_left: dict[str, int] = {}
    team = seats_of(state, side)

    def at(planet: str) -> dict[str, Any]:
        info = state["planets"][planet]
        return planets_now.setdefault(planet, {"partial": info["partial"], "started": False, "spent": 0, "gf": 0})

    costs = [0] * len(sheet)  # what each order takes from the pool
    fuel = [0] * len(sheet)
    where: list[tuple[str, int, int] | None] = [None] * len(sheet)
    scraps: list[dict[str, Any] | None] = [None] * len(sheet)
    local_paid = [0] * len(sheet)
    for index, order in enumerate(sheet):
        verb, args, text = order["verb"], order["args"], order["text"]

        def pool(amount: int, index: int = index) -> None:
            costs[index] += amount

        if verb in ("lend", "improve"):
            pool(args["credits"])
        elif verb == "ally":
            pool(args["cost"])
        elif verb == "jump":
            # a ship whose build order was withdrawn will not exist, so it will not jump or pay fuel
            known = {**pending_units(state, seat), **state["units"]}
            fuel[index] = sum(fuel_cost(known[s]["type"]) for s in args["ships"] if s in known)
        elif verb == "build":
            planet, unit, cost = args["planet"], args["unit"], int(args["cost"])
            info = state["planets"][planet]
            if planet in donor_of:
                raise OrderError(f"{text!r}: {planet} is a surge donor for {donor_of[planet]} this turn and may build nothing (RAW-PROD-12)")
            if unit == GF and planet in surges:
                raise OrderError(f"{text!r}: {planet} is surging this turn and may build only ships and squadrons (RAW-PROD-11)")
            now = at(planet)
            cap = cap_of(state, seat, planet)
            for _ in range(args["count"]):
                need, continued, scrapped = build_step(now["partial"], now["started"], unit, cost)
                if scrapped:
                    scraps[index] = now["partial"]
                room = cap - now["spent"]
                if room <= 0:
                    hint = "" if planet in surges or unit == GF else f"; 'surge {planet} <idle planets>' allows up to {2 * int(info['production'])}"
                    raise OrderError(f"{text!r}: {planet} can put {cap} credits into units this turn and {now['spent']} are already ordered{hint} (RAW-PROD-01, RAW-PROD-09)")
                pay = min(need, room)
                if unit == GF:  # GF may be partly built like any unit (RAW-PROD-03, RAW-GAP-45), paid at home first when blockaded
                    if pay == need:
                        have = int(info["gf"]) + now["gf"]
                        room_aboard = ship_room(state, seat, planet)
                        if have + 1 > limit + room_aboard:
                            raise OrderError(f"{text!r}: {planet} holds {have} GF of {limit} (RAW-GARRISON-01/02) and your ships there have room for {room_aboard}")
                        now["gf"] += 1
                    local = min(ledger.blockaded.get(planet, 0), pay)
                    if planet in ledger.blockaded:
                        ledger.blockaded[planet] -= local
                    local_paid[index] += local
                    pool(pay - local)
                else:
                    pool(pay)
                now["partial"] = partial_after(unit, cost, continued, pay) if pay < need else None
                now["started"] = True
                now["spent"] += pay
            where[index] = (planet, now["spent"], cap)
        elif verb == "repair":
            ship = state["units"].get(args["ship"])
            if ship is None:
                continue
            need = int(args["cost"]) - int(ship["repair_paid"])
            if args["source"] == "planet":
                planet = args["planet"]
                if planet in surges:
                    raise OrderError(f"{text!r}: {planet} is surging this turn and makes no planet repairs (RAW-PROD-11, RAW-GAP-11)")
                if planet in donor_of:
                    raise OrderError(f"{text!r}: {planet} is a surge donor for {donor_of[planet]} this turn and may repair nothing (RAW-GAP-11)")
                now = at(planet)
                if now["partial"]:
                    part = now["partial"]
                    raise OrderError(f"{text!r}: {planet} is part-way through a {part['unit']} ({part['paid']}/{part['cost']}); order it finished "
                                     "before the repair, or start another unit to abandon it (RAW-REPAIR-08)")
                room = cap_of(state, seat, planet) - now["spent"]
                if room <= 0:
                    raise OrderError(f"{text!r}: {planet} has no production left this turn for repairs (RAW-REPAIR-07)")
                pay = min(need, room)
                pool(pay)
                now["spent"] += pay
                where[index] = (planet, now["spent"], cap_of(state, seat, planet))
            else:
                loc = ship["at"]
                if loc not in vessel_left:
                    vessel_left[loc] = vessel_allowance(state, team, loc, [s for s in team if s != seat])
                pay = min(need, vessel_left[loc])
                if pay <= 0:
                    raise OrderError(f"{text!r}: the Repair vessels there have no allowance left this turn (15 credits each, RAW-KEYWORD-11)")
                vessel_left[loc] -= pay
                pool(pay)
    for planet, names in surges.items():
        spent = planets_now.get(planet, {}).get("spent", 0)
        extra = spent - int(state["planets"][planet]["production"])
        fund = sum(int(state["planets"][d]["production"]) for d in names)
        if extra > fund:
            raise OrderError(f"surge {planet}: {extra} credits above its production need donors worth as much; {', '.join(names)} give {fund} (RAW-PROD-12)")
    return Tally(ledger.pool, costs, fuel, where, scraps, local_paid)


def _pool_check(state: State, seat: str, counted: Tally) -> None:
    """Refuse a sheet whose orders need more than the pool holds (the newest order is the one refused)."""
    sheet = state["sheets"].get(seat, [])
    costs, fuel = counted.costs, counted.fuel
    ledger_pool = counted.pool
    # the pool: the orders given before were paid for together, so a shortfall is the newest order's
    # (an order that costs nothing is never refused for credits)
    total = sum(costs) + sum(fuel)
    if total > ledger_pool and sheet and costs[-1] + fuel[-1] > 0:
        last = sheet[-1]
        before = total - costs[-1] - fuel[-1]
        if before > ledger_pool:
            raise OrderError(f"{last['text']!r}: your orders this turn already need {before} credits and you have {ledger_pool} "
                             "(a loan to you may have been withdrawn); withdraw some orders first")
        if last["verb"] == "jump":
            raise OrderError(f"these jumps need {sum(fuel)} credits of fuel (1 a ship, 2 a Flotilla) and {ledger_pool - sum(costs)} are left "
                             "(RAW-JUMP-04, RAW-KEYWORD-09)")
        tail = "to lend this turn" if last["verb"] == "lend" else "this turn"
        raise OrderError(f"{last['text']!r}: costs {costs[-1]}; you have {ledger_pool - before} credits left {tail}")
