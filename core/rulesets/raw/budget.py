"""Credits for one turn: the ledger of RAW-GAP-08, shared by order checking and resolution.

Each planet's production is a bucket for the turn. Untagged buckets (the seat's non-blockaded
planets, and loans received) form the pool, which pays for anything; a blockaded planet's bucket
pays only for GF built at that planet (RAW-BLOCKADE-02). Building at a planet is capped at its
production, or twice that when surging, the extra coming from idle donor planets (RAW-PROD-09..12).
Fuel, improvements, loans, alliance rolls and Repair-vessel repairs come from the pool. Whatever is
left at the end of the turn is lost (RAW-ECON-03).
"""
from __future__ import annotations

from typing import Any

from core.errors import OrderError
from core.rulesets.raw.data import GF, unit_types
from core.rulesets.raw.model import owned_planets, seats_of, utype

State = dict[str, Any]


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


def check(state: State, seat: str) -> None:
    """Refuse a sheet whose spending does not fit the seat's credits and planet caps. Raises OrderError."""
    ledger = Ledger(state, seat, loans_in(state, seat))
    sheet = state["sheets"].get(seat, [])
    side = state["seats"][seat]["side"]
    spent: dict[str, int] = {}
    donors: dict[str, list[str]] = {o["args"]["planet"]: o["args"]["donors"] for o in sheet if o["verb"] == "surge"}
    garrison_add: dict[str, int] = {}
    for order in sheet:
        verb, args = order["verb"], order["args"]
        if verb == "lend" and not ledger.pay(args["credits"]):
            raise OrderError(f"{order['text']!r}: you have {ledger.pool} credits left to lend this turn")
        if verb in ("improve", "ally") and not ledger.pay(args.get("credits", args.get("cost", 0))):
            raise OrderError(f"{order['text']!r}: costs {args.get('credits', args.get('cost'))}; you have {ledger.pool} credits left this turn")
        if verb == "build":
            planet = args["planet"]
            cost = args["cost"] * args["count"]
            cap = cap_of(state, seat, planet)
            if spent.get(planet, 0) + cost > cap:
                extra = "" if planet in donors else f"; 'surge {planet} <idle planets>' allows up to {2 * state['planets'][planet]['production']}"
                raise OrderError(f"{order['text']!r}: {planet} can put {cap} credits into units this turn and {spent.get(planet, 0)} are already ordered{extra} (RAW-PROD-01, RAW-PROD-09)")
            if args["unit"] == GF:
                limit = 10 if side == "GAR" else 15
                have = state["planets"][planet]["gf"] + garrison_add.get(planet, 0)
                room = sum(utype(u).capacity - int(u["gf"]) for u in state["units"].values()
                           if u["owner"] == seat and u["at"] == planet and utype(u).kind == "ship")
                if have + args["count"] > limit + room:
                    raise OrderError(f"{order['text']!r}: {planet} holds {have} GF of {limit} (RAW-GARRISON-01/02) and your ships there have room for {room}")
                garrison_add[planet] = garrison_add.get(planet, 0) + args["count"]
                if not ledger.pay_gf(planet, cost):
                    raise OrderError(f"{order['text']!r}: costs {cost}; you have {ledger.pool} credits left this turn")
            else:
                if not ledger.pay(cost):
                    raise OrderError(f"{order['text']!r}: costs {cost}; you have {ledger.pool} credits left this turn")
            spent[planet] = spent.get(planet, 0) + cost
        if verb == "repair":
            cost = args["cost"] - state["units"][args["ship"]]["repair_paid"]
            if args["source"] == "planet":
                cost = min(cost, max(0, cap_of(state, seat, args["planet"]) - spent.get(args["planet"], 0)))
                spent[args["planet"]] = spent.get(args["planet"], 0) + cost
            if not ledger.pay(min(cost, ledger.pool)):
                raise OrderError(f"{order['text']!r}: no credits left for repairs this turn")
    for planet, names in donors.items():
        extra = spent.get(planet, 0) - int(state["planets"][planet]["production"])
        fund = sum(int(state["planets"][d]["production"]) for d in names)
        if extra > fund:
            raise OrderError(f"surge {planet}: {extra} credits above its production need donors worth as much; {', '.join(names)} give {fund} (RAW-PROD-12)")
    fuel = sum(len(o["args"]["ships"]) + sum(1 for s in o["args"]["ships"] if utype(state["units"][s]).has("Flotilla"))
               for o in sheet if o["verb"] == "jump")
    if fuel > ledger.pool:
        raise OrderError(f"these jumps need {fuel} credits of fuel (1 a ship, 2 a Flotilla) and {ledger.pool} are left (RAW-JUMP-04, RAW-KEYWORD-09)")


def fuel_cost(code: str) -> int:
    """Fuel for one jump: 1, or 2 for a Flotilla (RAW-JUMP-04, RAW-KEYWORD-09)."""
    return 2 if "Flotilla" in unit_types()[code].keywords else 1
