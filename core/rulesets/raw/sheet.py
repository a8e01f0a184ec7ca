"""The order sheet with its money: what each order costs, the credits left after it, each planet's
spending against its cap, and the orders that cannot do anything (RAW-ECON-*, RAW-PROD-*, RAW-JUMP-04).

The prices come from :func:`budget.tally`, the very steps the Construct phase runs, so the sheet shows
what resolution will charge. A warning never refuses an order: the rules allow it, it only does nothing
(an assault with no GF on the way, an unload of an empty ship, a bombardment with no fleet there ...).
Everything here reads the seat's own sheet and its team's (RAW-GAP-42), nothing else a seat may not know.
"""
from __future__ import annotations

from typing import Any

from core.errors import OrderError
from core.rulesets.raw import budget
from core.rulesets.raw.data import GF
from core.rulesets.raw.model import combat_value, describe, is_deep, is_ship, seats_of, utype

State = dict[str, Any]


def sheet_notes(state: State, seat: str) -> dict[str, Any]:
    """The money and the warnings of ``seat``'s sheet, one row per order in sheet order.

    ``{"unit": "credits", "start", "spent", "left", "rows": [{"cost", "left", "at", "warning"}], "lines": [str]}``:
    ``cost`` is what the order takes from the pool (fuel included), ``left`` the pool after it, ``at`` the
    planet's spending against its cap after a build or planet repair (``"Kuat 12/15"``). Raises nothing:
    a sheet that no longer fits (a teammate withdrew a loan) says so in ``lines``.
    """
    sheet = state["sheets"].get(seat, [])
    try:
        tally = budget.tally(state, seat)
    except OrderError as exc:
        return {"unit": "credits", "start": None, "spent": None, "left": None,
                "rows": [{"cost": None, "left": None, "at": "", "warning": useless(state, seat, o)} for o in sheet],
                "lines": [f"this sheet no longer fits: {exc}"]}
    left = tally.pool
    rows = []
    for index, order in enumerate(sheet):
        cost = tally.costs[index] + tally.fuel[index]
        left -= cost
        at = ""
        if (capped := tally.at[index]) is not None:
            planet, spent, cap = capped
            at = f"{planet} {spent}/{cap}"
        warning = useless(state, seat, order)
        scrapped = tally.scraps[index]
        if scrapped and not warning:
            warning = (f"scraps the {scrapped['unit']} partly built at {order['args']['planet']} "
                       f"({scrapped['paid']}/{scrapped['cost']} credits lost, RAW-PROD-06)")
        rows.append({"cost": cost, "left": left, "at": at, "warning": warning})
    spent = tally.pool - left
    lines = [f"the {left} credits left are lost at the end of the turn (RAW-ECON-03)"] if left > 0 else []
    caps = _caps_line(state, seat, tally)
    if caps:
        lines.append(caps)
    if left < 0:
        lines.append(f"the orders need {spent} credits and the pool holds {tally.pool}: withdraw some (a loan to you may have gone)")
    return {"unit": "credits", "start": tally.pool, "spent": spent, "left": left, "rows": rows, "lines": lines}


def _caps_line(state: State, seat: str, tally: budget.Tally) -> str:
    """Each building planet's spending against its cap (RAW-PROD-01, RAW-PROD-09), and blockaded credits."""
    last: dict[str, tuple[int, int]] = {}
    for item in tally.at:
        if item is not None:
            last[item[0]] = (item[1], item[2])
    parts = [f"{planet} {spent}/{cap}" for planet, (spent, cap) in last.items()]
    ledger = budget.Ledger(state, seat)
    for planet, amount in sorted(ledger.blockaded.items()):
        used = sum(n for n, o in zip(tally.local, state["sheets"].get(seat, [])) if o["args"].get("planet") == planet)
        if amount - used > 0:
            parts.append(f"{planet} blockaded: {amount - used} credits for GF there only (RAW-BLOCKADE-02)")
    return ("planet caps: " + " · ".join(parts)) if parts else ""


# -- orders that cannot do anything ---------------------------------------------------------------
def _team_orders(state: State, seat: str, verb: str) -> list[dict[str, Any]]:
    team = seats_of(state, state["seats"][seat]["side"])
    return [o for s in team for o in state["sheets"].get(s, []) if o["verb"] == verb]


def _known_units(state: State, seat: str) -> dict[str, dict[str, Any]]:
    return {**budget.pending_units(state, seat), **state["units"]}


def _ends_at(state: State, seats: list[str], uid: str, unit: dict[str, Any]) -> str | None:
    """Where a ship of ``seats`` ends this turn's Jump phase: its jump's place, or where it is (None: lost
    on a forced retreat with no jump, RAW-RETREAT-03)."""
    for s in seats:
        for order in state["sheets"].get(s, []):
            if order["verb"] == "jump" and uid in order["args"]["ships"]:
                return str(order["args"]["to"])
    return None if unit.get("retreat") else str(unit["at"])


def _gf_carried(state: State, seat: str, uid: str, unit: dict[str, Any]) -> int:
    """GF aboard ship ``uid`` once this turn's loads and boardings are done (RAW-JUMP-02)."""
    loaded = sum(int(o["args"]["gf"]) for o in _team_orders(state, seat, "load") if o["args"]["ship"] == uid)
    return int(unit.get("gf", 0)) + loaded


def useless(state: State, seat: str, order: dict[str, Any]) -> str:
    """Why an order on ``seat``'s sheet will do nothing as the sheets stand, or ``""``. Raises nothing."""
    verb, args = order["verb"], order["args"]
    side = state["seats"][seat]["side"]
    team = seats_of(state, side)
    units = _known_units(state, seat)
    if verb == "assault":
        planet = args["planet"]
        gf = sum(_gf_carried(state, seat, uid, u) for uid, u in units.items()
                 if u["owner"] == seat and is_ship(u) and _ends_at(state, [seat], uid, u) == planet)
        if gf == 0:
            return (f"no GF of yours will be in orbit of {planet}: load GF on a ship and jump it there "
                    "(only GF carried by your ships at the planet land, RAW-GROUND-01)")
    elif verb == "bombard":
        planet = args["planet"]
        fleet = [u for uid, u in units.items() if u["owner"] in team and is_ship(u) and not u.get("pending")
                 and _ends_at(state, team, uid, u) == planet]
        if not fleet:
            return f"no ship of your team will be at {planet} to blockade it, and only a blockading fleet bombards (RAW-BOMBARD-01)"
        points = sum(combat_value(u) for u in fleet)
        if points < 50 and not state["options"].get("bombard_under_50"):
            return f"your team's {points} fleet points at {planet} are under the 50 that roll one die (RAW-BOMBARD-02, RAW-GAP-32)"
    elif verb == "unload":
        ship = units.get(args["ship"])
        if ship is None:
            return ""
        loaded = [o for o in _team_orders(state, seat, "load") if o["args"]["ship"] == args["ship"]]
        squadrons = [u for u in state["units"].values() if u["aboard"] == args["ship"]]
        if not int(ship.get("gf", 0)) and not squadrons and not loaded:
            return f"{args['ship']} carries nothing and nothing is loaded on it this turn"
        dest = _ends_at(state, [seat], args["ship"], ship)
        gf_only = not squadrons and not any(o["args"]["squadrons"] for o in loaded) and not args["squadrons"]
        if gf_only and dest is not None:
            friendly = not is_deep(dest) and state["planets"][dest]["owner"] in team
            if not friendly:
                return (f"{args['ship']} ends at {describe(dest)}, not a world of your team: GF land only on a friendly garrison "
                        "(take an enemy world with 'assault')")
    elif verb == "scan":
        if state["planets"][args["planet"]]["owner"] in team:
            return f"your team holds {args['planet']} and sees it already: the scan is wasted (RAW-KEYWORD-07)"
    elif verb == "surge":
        builds = [o for o in state["sheets"].get(seat, []) if o["verb"] == "build" and o["args"]["planet"] == args["planet"]]
        if not builds:
            return f"{args['planet']} builds nothing this turn, so the surge and its idle donors do nothing (RAW-PROD-09)"
    elif verb == "repair":
        ship = state["units"].get(args["ship"])
        if ship is not None and not ship["scarred"]:
            return f"{args['ship']} is not scarred"
    elif verb == "flagship":
        granted = set(state["options"].get("flagship_types") or [])
        if not any(u["owner"] == seat and is_ship(u) and (utype(u).has("Flagship") or u["type"] in granted) for u in units.values()):
            return "none of your ships is a Flagship, so the choice changes nothing (RAW-KEYWORD-12, RAW-GAP-25)"
    elif verb == "board":
        ship = state["units"].get(args["ship"])
        if ship is not None and not any(o["args"]["ship"] == args["ship"] for o in state["sheets"].get(ship["owner"], [])
                                        if o["verb"] == "load"):
            return f"{ship['owner']} has not ordered 'load {args['ship']}': nothing goes aboard unless they do (RAW-GAP-14)"
    elif verb == "load":
        mates = sorted({units[sq]["owner"] for sq in args["squadrons"] if sq in units and units[sq]["owner"] != seat})
        for mate in mates:
            if not any(o["verb"] == "board" and o["args"]["ship"] == args["ship"] for o in state["sheets"].get(mate, [])):
                return f"{mate} has not ordered 'board {args['ship']}': {mate}'s squadrons stay unless they do (RAW-GAP-14)"
    return ""


def retreats(state: State, seat: str) -> tuple[list[str], list[str]]:
    """The seat's ships on a forced retreat: (those with a jump order, those without: lost, RAW-RETREAT-02/03)."""
    ships = sorted((uid for uid, u in state["units"].items() if u["owner"] == seat and u["retreat"] and is_ship(u)),
                   key=lambda u: (u[0], int(u[1:]) if u[1:].isdigit() else 0))
    jumping = {s for o in state["sheets"].get(seat, []) if o["verb"] == "jump" for s in o["args"]["ships"]}
    return [s for s in ships if s in jumping], [s for s in ships if s not in jumping]


def urgent(state: State, viewer: str) -> list[dict[str, str]]:
    """What ``viewer`` (a seat) must see to first: forced retreats without a jump, teammates' boardings that wait for a
    load, a sheet that no longer fits. ``[{"text", "level"}]``; empty for the GM and when all is in hand. Raises nothing."""
    if viewer not in state["seats"] or state.get("over"):
        return []
    items: list[dict[str, str]] = []
    _, stranded = retreats(state, viewer)
    if stranded:
        names = ", ".join(stranded)
        items.append({"level": "urgent", "text": f"{names} must jump this turn or be lost (forced retreat, RAW-RETREAT-02/03)"})
    team = seats_of(state, state["seats"][viewer]["side"])
    loads = [o for o in state["sheets"].get(viewer, []) if o["verb"] == "load"]
    for mate in team:
        if mate == viewer:
            continue
        for order in state["sheets"].get(mate, []):
            if order["verb"] != "board":
                continue
            ship = state["units"].get(order["args"]["ship"])
            if ship is None or ship["owner"] != viewer:
                continue
            if not any(o["args"]["ship"] == order["args"]["ship"] for o in loads):
                cargo = ",".join(order["args"]["squadrons"] + ([GF] if order["args"]["gf"] else []))
                items.append({"level": "urgent", "text": f"{mate} boards your {order['args']['ship']}: order "
                                                         f"'load {order['args']['ship']} {cargo}' or nothing comes aboard (RAW-GAP-14)"})
    try:
        budget.check(state, viewer)
    except OrderError as exc:
        items.append({"level": "urgent", "text": f"your sheet no longer fits: {exc}"})
    return items

