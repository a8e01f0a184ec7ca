"""The Republic at War order language, declared once.

Orders for the turn go on the seat's sheet (``state["sheets"][seat]``) and are checked when given:
ownership, faction, blockade, surge, reach, fuel budget, carrier capacity and the location caps
(against teammates' sheets). ``admiral`` and ``concede`` act at once.
"""
from __future__ import annotations

from typing import Any

from core.errors import OrderError
from core.events import event, to_team
from core.orders import Choice, Keyword, Many, Number, Optional, OrderBook, OrderSpec
from core.ruleset import Context
from core.rulesets.raw import budget
from core.rulesets.raw.queued import jumping, orders_of, projected
from core.rulesets.raw.targets import (admiral_closed, admiral_open, assault_targets, bombard_targets, cargo_aboard, cargo_here, in_reach,
                                       scan_targets)
from core.rulesets.raw.data import GF, alliance_cost, build_cost, neutrals, planets, repair_cost, unit_types
from core.rulesets.raw.model import (CAPS, CELLS, cap_points, cargo_of, cargo_used, describe, enemy_side, gf_price, is_deep, is_grand_admiral,
                                     is_ship, owned_planets, reachable_systems, seats_of, system_of, units_at, utype)



def _sheet(ctx: Context) -> list[dict[str, Any]]:
    return ctx.state["sheets"].setdefault(ctx.seat, [])


def _queue(ctx: Context, verb: str, text: str, **args: Any) -> list[dict[str, Any]]:
    ctx.state["seq"] = ctx.state.get("seq", 0) + 1
    entry = {"verb": verb, "args": args, "text": text, "by": ctx.by if ctx.by != ctx.seat else None, "seq": ctx.state["seq"]}
    _sheet(ctx).append(entry)
    budget.check(ctx.state, ctx.seat)
    by = f" (by {ctx.by} on behalf of {ctx.seat})" if ctx.by != ctx.seat else ""
    return [event("order", f"{ctx.seat} orders: {text}{by}", [to_team(ctx.state['seats'][ctx.seat]['side'])],
                  ctx.state["turn"], seat=ctx.seat)]


def _side(ctx: Context) -> str:
    return str(ctx.state["seats"][ctx.seat]["side"])


# -- choices ------------------------------------------------------------------------------------
def own_planets(ctx: Context) -> list[str]:
    return owned_planets(ctx.state, ctx.seat)


def all_planets(ctx: Context) -> list[str]:
    return sorted(ctx.state["planets"])


def buildable(ctx: Context) -> list[str]:
    side = _side(ctx)
    return [code for code, t in unit_types().items() if t.faction == side] + [GF]


def own_ships(ctx: Context) -> list[str]:
    """Ships of the seat, and those it builds this turn (they may jump at once, RAW-PROD-08)."""
    return [uid for uid, u in {**ctx.state["units"], **budget.pending_units(ctx.state, ctx.seat)}.items() if u["owner"] == ctx.seat and is_ship(u)]


def own_scarred(ctx: Context) -> list[str]:
    return [uid for uid, u in ctx.state["units"].items() if u["owner"] == ctx.seat and is_ship(u) and u["scarred"]]


def own_squadrons(ctx: Context) -> list[str]:
    """Squadrons of the seat, and those it builds this turn (they may be carried at once, RAW-PROD-08)."""
    return [uid for uid, u in {**ctx.state["units"], **budget.pending_units(ctx.state, ctx.seat)}.items() if u["owner"] == ctx.seat and not is_ship(u)]


def team_squadrons(ctx: Context) -> list[str]:
    """Squadrons a seat's ships may carry: its own (built this turn too) and its teammates' (RAW-KEYWORD-10, RAW-GAP-14)."""
    team = seats_of(ctx.state, _side(ctx))
    mates = [uid for uid, u in ctx.state["units"].items() if u["owner"] in team and u["owner"] != ctx.seat and not is_ship(u)]
    return own_squadrons(ctx) + mates


def mates_ships(ctx: Context) -> list[str]:
    """Teammates' ships: friendly vessels the seat's squadrons and GF may board (RAW-GAP-14)."""
    team = seats_of(ctx.state, _side(ctx))
    return [uid for uid, u in ctx.state["units"].items() if u["owner"] in team and u["owner"] != ctx.seat and is_ship(u)]


def teammates(ctx: Context) -> list[str]:
    return [s for s in seats_of(ctx.state, _side(ctx)) if s != ctx.seat]


def stance_targets(ctx: Context) -> list[str]:
    """Enemy players, neutral forces, and the seat's own ships (an order for some fleets only, RAW-GAP-18)."""
    ships = [uid for uid, u in ctx.state["units"].items() if u["owner"] == ctx.seat and is_ship(u)]
    return seats_of(ctx.state, enemy_side(_side(ctx))) + ["neutral"] + ships


def neutral_worlds(ctx: Context) -> list[str]:
    # not "owner is None": an enemy's unscanned alignment must not show in the choices (RAW-GAP-42); construct refuses it
    return [n for n in sorted(neutrals()) if ctx.state["planets"][n]["owner"] not in seats_of(ctx.state, _side(ctx))]


# -- handlers -----------------------------------------------------------------------------------
def _own_planet(ctx: Context, planet: str, text: str) -> dict[str, Any]:
    info = ctx.state["planets"][planet]
    if info["owner"] != ctx.seat:
        raise OrderError(f"{text!r}: {ctx.seat} does not control {planet}; your planets: {', '.join(own_planets(ctx)) or 'none'}")
    return info


def do_build(ctx: Context, planet: str, unit: str, count: int | None) -> Any:
    count = count or 1
    text = f"build {planet} {unit}" + (f" {count}" if count > 1 else "")
    info = _own_planet(ctx, planet, text)
    if unit != GF and info["blockaded"]:
        raise OrderError(f"{text!r}: {planet} is blockaded and may build only GF (RAW-BLOCKADE-03)")
    if unit == GF and any(o["args"]["planet"] == planet for o in orders_of(ctx.state, [ctx.seat], "surge")):
        raise OrderError(f"{text!r}: {planet} is surging this turn and may build only ships and squadrons (RAW-PROD-11)")
    if any(planet in o["args"]["donors"] for o in orders_of(ctx.state, [ctx.seat], "surge")):
        raise OrderError(f"{text!r}: {planet} is a surge donor this turn and may build nothing (RAW-PROD-12)")
    entry = _queue(ctx, "build", text, planet=planet, unit=unit, count=count,
                   cost=build_cost(unit, planets()[planet]["keyword"], _side(ctx), gf_price(ctx.state, _side(ctx))),
                  ids=[] if unit == GF else budget.reserve_ids(ctx.state, ctx.seat, count))
    if unit != GF:  # ground forces never count toward the caps (RAW-GAP-35)
        check_caps(ctx.state, _side(ctx), planet)
    return entry


def do_surge(ctx: Context, planet: str, donors: list[str]) -> Any:
    text = f"surge {planet} {','.join(donors)}"
    info = _own_planet(ctx, planet, text)
    state = ctx.state
    if info["blockaded"]:
        raise OrderError(f"{text!r}: a blockaded planet cannot surge (RAW-GAP-11)")
    if info["surged"] == state["turn"] - 1 and info["surged"] > 0:
        raise OrderError(f"{text!r}: {planet} surged last turn and cannot surge again until next turn (RAW-PROD-10)")
    if orders_of(state, [ctx.seat], "surge") and any(o["args"]["planet"] == planet for o in orders_of(state, [ctx.seat], "surge")):
        raise OrderError(f"{text!r}: {planet} already has a surge order")
    for donor in donors:
        dinfo = _own_planet(ctx, donor, text)
        if donor == planet:
            raise OrderError(f"{text!r}: {planet} cannot donate to itself; name your other planets that build nothing")
        if dinfo["blockaded"]:
            raise OrderError(f"{text!r}: {donor} is blockaded and cannot donate (RAW-GAP-11)")
        if any(o["args"]["planet"] == donor for o in orders_of(state, [ctx.seat], "build")):
            raise OrderError(f"{text!r}: {donor} builds this turn and cannot donate (RAW-PROD-12)")
    if any(o["args"]["planet"] == planet and o["args"]["unit"] == GF for o in orders_of(state, [ctx.seat], "build")):
        raise OrderError(f"{text!r}: {planet} has GF on order; a surging planet builds only ships and squadrons (RAW-PROD-11)")
    return _queue(ctx, "surge", text, planet=planet, donors=donors)


def do_improve(ctx: Context, planet: str, credits: int) -> Any:
    text = f"improve {planet} {credits}"
    _own_planet(ctx, planet, text)
    if planets()[planet]["credits"] < 10:
        raise OrderError(f"{text!r}: {planet} started below 10 credits and can never be improved (RAW-ECON-05)")
    if credits % 10:
        raise OrderError(f"{text!r}: improvements are bought in tens (10 credits = +1 production); try {credits - credits % 10 or 10}")
    return _queue(ctx, "improve", text, planet=planet, credits=credits)


def do_repair(ctx: Context, ship: str, vessel: str | None) -> Any:
    text = f"repair {ship}" + (" vessel" if vessel else "")
    state = ctx.state
    unit = state["units"][ship]
    if any(o["args"]["ship"] == ship for o in orders_of(state, [ctx.seat], "repair")):
        raise OrderError(f"{text!r}: {ship} already has a repair order; a ship is repaired by a planet or by Repair vessels, not both (RAW-REPAIR-05)")
    here = unit["at"]
    if vessel:
        if utype(unit).has("Repair"):
            raise OrderError(f"{text!r}: a Repair vessel cannot repair another Repair vessel (RAW-KEYWORD-11); a planet can")
        team = seats_of(state, _side(ctx))
        helpers = [u for u, x in units_at(state, here) if x["owner"] in team and utype(x).has("Repair") and u != ship]
        if not helpers:
            raise OrderError(f"{text!r}: no Repair vessel shares {ship}'s location (RAW-REPAIR-03); or repair at one of your planets")
        return _queue(ctx, "repair", text, ship=ship, source="vessel", cost=repair_cost(unit["type"]))
    if is_deep(here) or state["planets"][here]["owner"] != ctx.seat:
        raise OrderError(f"{text!r}: {ship} is not in orbit of a planet you control (RAW-REPAIR-03, RAW-GAP-34); add 'vessel' to use a Repair ship")
    if state["planets"][here]["blockaded"]:
        raise OrderError(f"{text!r}: {here} is blockaded and cannot repair ships (RAW-GAP-34)")
    return _queue(ctx, "repair", text, ship=ship, source="planet", planet=here, cost=repair_cost(unit["type"]))


def do_lend(ctx: Context, seat: str, credits: int) -> Any:
    return _queue(ctx, "lend", f"lend {seat} {credits}", seat=seat, credits=credits)


def do_ally(ctx: Context, planet: str) -> Any:
    text = f"ally {planet}"
    team = seats_of(ctx.state, _side(ctx))
    if any(o["args"]["planet"] == planet for o in orders_of(ctx.state, team, "ally")):
        raise OrderError(f"{text!r}: your team already rolls for {planet} this turn; only one player per team may (RAW-NEUTRAL-09)")
    return _queue(ctx, "ally", text, planet=planet, cost=alliance_cost(planets()[planet]["credits"]))


def do_scan(ctx: Context, planet: str) -> Any:
    text = f"scan {planet}"
    spynets = [p for p in own_planets(ctx) if planets()[p]["keyword"] == "Spynet"]
    used = len(orders_of(ctx.state, [ctx.seat], "scan"))
    if used >= len(spynets):
        have = f"your Spynet worlds ({', '.join(spynets)}) give {len(spynets)} scan(s) a turn" if spynets else "you control no Spynet world"
        raise OrderError(f"{text!r}: no scan left: {have} (RAW-KEYWORD-07)")
    return _queue(ctx, "scan", text, planet=planet)


def do_jump(ctx: Context, ships: list[str], deep: str | None, planet: str, point: str | None) -> Any:
    state = ctx.state
    text = f"jump {','.join(ships)} " + ("deep " if deep else "") + planet + (f" {point}" if point else "")
    if point and not deep:
        raise OrderError(f"{text!r}: a point is only for deep space: 'jump {','.join(ships)} deep {planet} {point}'")
    if point and point.upper() not in CELLS:
        raise OrderError(f"{text!r}: {point!r} is not a deep-space point; points run A1..J10 (RAW-GAP-15)")
    already = jumping(state, [ctx.seat])
    for ship in ships:
        unit = budget.unit_of(state, ctx.seat, ship)
        if ship in already:
            raise OrderError(f"{text!r}: {ship} already jumps this turn; a ship makes one jump a turn (RAW-GAP-16); withdraw that order first")
        if planet not in reachable_systems(unit["at"], state):
            reach = ", ".join(reachable_systems(unit["at"], state))
            raise OrderError(f"{text!r}: {planet} is out of {ship}'s reach from {describe(unit['at'])}; one jump reaches: {reach} (RAW-MAP-02)")
        if unit["home"] and planet != unit["home"]:
            raise OrderError(f"{text!r}: {ship} is a {unit['home']} defence ship and cannot leave its home system (RAW-NEUTRAL-06)")
        if unit["at"] == planet and not deep:
            raise OrderError(f"{text!r}: {ship} is already at {planet}")
    dest = f"deep:{planet}:{point.upper()}" if (deep and point) else (f"deep:{planet}:?" if deep else planet)
    entry = _queue(ctx, "jump", text, ships=ships, to=dest)
    # an unnamed deep-space point holds this order's ships alone (RAW-GAP-15): the caps apply to them there
    check_caps(state, _side(ctx), f"{dest}{state['seq']}" if dest.endswith(":?") else dest)
    return entry


def check_caps(state: dict[str, Any], side: str, where: str | None = None) -> None:
    """Refuse orders that would put the team over 400/400/500 points at ``where`` (or anywhere) (RAW-CAP-01..04)."""
    places = projected(state, side)
    built: dict[str, list[int]] = {}
    for order in orders_of(state, seats_of(state, side), "build"):
        if order["args"]["unit"] != GF:
            kind = 0 if unit_types()[order["args"]["unit"]].kind == "ship" else 1
            built.setdefault(order["args"]["planet"], [0, 0])[kind] += unit_types()[order["args"]["unit"]].cost * order["args"]["count"]
            places.setdefault(order["args"]["planet"], [])
    for loc, uids in places.items():
        if where is not None and loc != where:
            continue
        ships, squadrons = cap_points(state, [u for u in uids if u in state["units"]])
        ships += built.get(loc, [0, 0])[0]
        squadrons += built.get(loc, [0, 0])[1]
        if ships > CAPS["ships"] or squadrons > CAPS["squadrons"] or ships + squadrons > CAPS["total"]:
            raise OrderError(f"{side} would have {ships} ship points, {squadrons} squadron points ({ships + squadrons} in all) at {describe(loc)}; "
                             "the caps are 400 ships, 400 squadrons, 500 in all per location, teammates' orders included (RAW-CAP-01..04)")


def do_load(ctx: Context, ship: str, cargo: list[str], count: int | None) -> Any:
    state = ctx.state
    units = {**budget.pending_units(state, ctx.seat), **state["units"]}  # units built this turn may be loaded (RAW-PROD-08)
    text = f"load {ship} {','.join(cargo)}" + (f" {count}" if count else "")
    unit = units[ship]
    squadrons = [c for c in cargo if c != GF]
    gf = (count or 1) if GF in cargo else 0
    if count and GF not in cargo:
        raise OrderError(f"{text!r}: a count is for GF only: 'load {ship} GF {count}'")
    for sq in squadrons:
        if units[sq]["at"] != unit["at"]:
            raise OrderError(f"{text!r}: {sq} is at {describe(units[sq]['at'])}, not with {ship} at {describe(unit['at'])}")
        if units[sq]["aboard"] and units[sq]["aboard"] != ship:
            raise OrderError(f"{text!r}: {sq} is aboard {units[sq]['aboard']}; unload it first")
    queued = [o for o in orders_of(state, [ctx.seat], "load") if o["args"]["ship"] == ship]
    used = (cargo_used(state, ship) if ship in state["units"] else 0) + sum(len(o["args"]["squadrons"]) + o["args"]["gf"] for o in queued)
    new = len([s for s in squadrons if units[s]["aboard"] != ship]) + gf
    if used + new > utype(unit).capacity:
        raise OrderError(f"{text!r}: {ship} ({unit['type']}) carries {utype(unit).capacity}; it would hold {used + new} (RAW-JUMP-02)")
    if gf:
        here = unit["at"]
        if unit["retreat"]:
            raise OrderError(f"{text!r}: {ship} is retreating and may not take GF off {describe(here)}; only GF already aboard escape (RAW-RETREAT-04)")
        if is_deep(here) or state["planets"][here]["owner"] not in seats_of(state, _side(ctx)):
            raise OrderError(f"{text!r}: GF are loaded from a garrison of your team's planet; {ship} is at {describe(here)}")
    # a teammate's squadrons or garrison ride along only if the teammate's orders name the transfer too (RAW-GAP-14)
    owners = {units[sq]["owner"] for sq in squadrons if units[sq]["owner"] != ctx.seat}
    if gf and state["planets"][unit["at"]]["owner"] != ctx.seat:
        owners.add(state["planets"][unit["at"]]["owner"])
    entry = _queue(ctx, "load", text, ship=ship, squadrons=squadrons, gf=gf)
    check_caps(state, _side(ctx))
    for mate in sorted(owners):
        mine = [sq for sq in squadrons if units[sq]["owner"] == mate]
        what = ",".join(mine + ([GF] if gf and state["planets"][unit["at"]]["owner"] == mate else []))
        board = f"board {ship} {what}" + (f" {gf}" if GF in what and gf > 1 else "")
        entry[0]["text"] += f" (with {mate}'s cargo: {mate} must also order '{board}')"
    return entry


def do_board(ctx: Context, ship: str, cargo: list[str], count: int | None) -> Any:
    """The cargo's side of a transfer to a teammate's ship (RAW-GAP-14): the ship's owner orders the matching `load`."""
    state = ctx.state
    text = f"board {ship} {','.join(cargo)}" + (f" {count}" if count else "")
    carrier = state["units"][ship]
    squadrons = [c for c in cargo if c != GF]
    gf = (count or 1) if GF in cargo else 0
    if count and GF not in cargo:
        raise OrderError(f"{text!r}: a count is for GF only: 'board {ship} GF {count}'")
    for sq in squadrons:
        unit = budget.unit_of(state, ctx.seat, sq)
        if unit["at"] != carrier["at"]:
            raise OrderError(f"{text!r}: {sq} is at {describe(unit['at'])}, not with {ship} at {describe(carrier['at'])}")
    if gf:
        here = carrier["at"]
        if is_deep(here) or state["planets"][here]["owner"] != ctx.seat:
            raise OrderError(f"{text!r}: GF board from your own garrison; {ship} is at {describe(here)}, not a planet of yours")
        if gf > int(state["planets"][here]["gf"]):
            raise OrderError(f"{text!r}: {here} holds {state['planets'][here]['gf']} GF")
    if gf + len(squadrons) > utype(carrier).capacity:
        raise OrderError(f"{text!r}: {ship} ({carrier['type']}) carries {utype(carrier).capacity} (RAW-JUMP-02)")
    entry = _queue(ctx, "board", text, ship=ship, squadrons=squadrons, gf=gf)
    load = f"load {ship} {','.join(cargo)}" + (f" {gf}" if gf > 1 else "")
    entry[0]["text"] += f" ({carrier['owner']} must also order '{load}')"
    return entry


def do_unload(ctx: Context, ship: str, cargo: list[str] | None, count: int | None) -> Any:
    text = f"unload {ship}" + (f" {','.join(cargo)}" if cargo else "") + (f" {count}" if count else "")
    cargo = cargo or []
    squadrons = [c for c in cargo if c != GF]
    everything = not cargo
    gf = None if (everything or (GF in cargo and not count)) else (count if GF in cargo else 0)
    return _queue(ctx, "unload", text, ship=ship, squadrons=squadrons, gf=gf, everything=everything)


def do_stance(ctx: Context, mode: str, targets: list[str] | None) -> Any:
    text = f"stance {mode}" + (f" {','.join(targets)}" if targets else "")
    named = targets or []
    ships = [t for t in named if t in ctx.state["units"] and ctx.state["units"][t]["owner"] == ctx.seat]
    whom = [t for t in named if t not in ships]
    return _queue(ctx, "stance", text, mode=mode, targets=whom, ships=ships)


def do_assault(ctx: Context, planet: str, count: int | None) -> Any:
    text = f"assault {planet}" + (f" {count}" if count else "")
    state = ctx.state
    team = seats_of(state, _side(ctx))
    if state["planets"][planet]["owner"] in team:
        raise OrderError(f"{text!r}: {planet} is held by your own team")
    if any(o["args"]["planet"] == planet for o in orders_of(state, team, "bombard")):
        raise OrderError(f"{text!r}: your team bombards {planet} this turn; you cannot bombard and invade in the same turn (RAW-BOMBARD-04)")
    same = [o for o in orders_of(state, [ctx.seat], "assault") if o["args"]["planet"] == planet]
    if same:
        raise OrderError(f"{text!r}: you already ordered {same[0]['text']!r}; one assault per planet commits the GF aboard once "
                         "(RAW-GAP-29); withdraw that order first to change how many land")
    return _queue(ctx, "assault", text, planet=planet, count=count)


def do_bombard(ctx: Context, planet: str) -> Any:
    text = f"bombard {planet}"
    state = ctx.state
    team = seats_of(state, _side(ctx))
    if state["planets"][planet]["owner"] in team:
        raise OrderError(f"{text!r}: {planet} is held by your own team")
    if any(o["args"]["planet"] == planet for o in orders_of(state, team, "assault")):
        raise OrderError(f"{text!r}: your team assaults {planet} this turn; you cannot bombard and invade in the same turn (RAW-BOMBARD-04)")
    return _queue(ctx, "bombard", text, planet=planet)


def do_flagship(ctx: Context, option: str) -> Any:
    return _queue(ctx, "flagship", f"flagship {option}", option=option.upper())


def do_admiral(ctx: Context) -> Any:
    state = ctx.state
    side = _side(ctx)
    current = state["admiral"][side]
    home = state.get("admiral_home", {}).get(side, current)  # the team's own GA, while someone acts for them
    if current == ctx.seat:
        raise OrderError(f"'admiral': {ctx.seat} is already the Grand Admiral of {side}")
    if current not in state["away"] and ctx.seat != home:
        raise OrderError(f"'admiral': the Grand Admiral {current} is available; a teammate takes over only while the GA is away (RAW-TEAM-08)")
    state["admiral"][side] = ctx.seat
    state["admiral_home"] = {k: v for k, v in {**state.get("admiral_home", {}), side: home}.items() if not (k == side and v == ctx.seat)}
    if ctx.seat == home:  # the GA is back and takes the role again (RAW-GAP-07)
        return [event("admiral", f"{ctx.seat} is back as Grand Admiral of {side}", [to_team(side)], state["turn"])]
    return [event("admiral", f"{ctx.seat} is now acting Grand Admiral of {side} while {current} is away", [to_team(side)], state["turn"])]


def do_concede(ctx: Context) -> Any:
    state = ctx.state
    side = _side(ctx)
    votes = state["concede"][side]
    if ctx.seat not in votes:
        votes.append(ctx.seat)
    team = seats_of(state, side)
    events = [event("concede", f"{ctx.seat} votes to concede for {side} ({len(votes)} of {len(team)})", [to_team(side)], state["turn"])]
    if is_grand_admiral(state, ctx.seat) or len(votes) * 2 > len(team):
        winner = enemy_side(side)
        state["over"] = {"winners": [winner], "reason": f"{side} acknowledged the supremacy of {winner} (RAW-GAME-05)"}
        events.append(event("end", f"{side} concedes; {winner} wins", ["all"], state["turn"]))
    return events


def _cells(ctx: Context) -> list[str]:
    return CELLS


def book() -> OrderBook:
    """The whole Republic at War order language."""
    return OrderBook([
        OrderSpec("build", [Choice("planet", own_planets, "a planet you control"), Choice("unit", buildable, "a ship code, squadron id, or GF"),
                            Optional(Number("count", lambda c: 1, lambda c: 50, "how many (default 1)"))],
                  "build units at a planet, up to its production a turn; the rest stays partly built", do_build,
                  example="build Kuat Vc1", details="Only one partly built unit may wait at a planet; starting another loses it."),
        OrderSpec("surge", [Choice("planet", own_planets), Many("donors", own_planets, "your planets that build nothing this turn")],
                  "let a planet spend up to twice its production on ships and squadrons, paid by idle donor planets", do_surge,
                  example="surge Kuat Rodia,Naboo"),
        OrderSpec("improve", [Choice("planet", own_planets), Number("credits", lambda c: 10, lambda c: 1000, "a multiple of 10")],
                  "raise a planet's production by 1 next turn for every 10 credits", do_improve, example="improve Kuat 20"),
        OrderSpec("repair", [Choice("ship", own_scarred, "a scarred ship of yours"), Optional(Keyword("vessel", "use Repair vessels here"))],
                  "repair a scarred ship at your planet (counts against its production) or with a Repair vessel", do_repair,
                  example="repair A3"),
        OrderSpec("lend", [Choice("seat", teammates, "a teammate"), Number("credits", lambda c: 1, lambda c: 10000)],
                  "lend credits to a teammate this turn", do_lend, example="lend bob 20",
                  available=lambda c: c.seat in c.state["seats"] and bool(teammates(c)), why_not=lambda c: "you have no teammate to lend to"),
        OrderSpec("ally", [Choice("planet", neutral_worlds, "a neutral world with forces")],
                  "pay 30% of a neutral world's credits to roll a d6 for its alliance (6 succeeds)", do_ally, example="ally Mandalore",
                  dice="a d6 for the alliance (RAW-NEUTRAL-08)"),
        OrderSpec("scan", [Choice("planet", all_planets, first=scan_targets)], "a Spynet scan of any world (one per Spynet world you hold)", do_scan,
                  example="scan Raxus"),
        OrderSpec("jump", [Many("ships", own_ships, "your ships, comma separated"), Optional(Keyword("deep", "end in deep space")),
                           Choice("planet", all_planets, "a planet in reach", first=in_reach),
                           Optional(Choice("point", _cells, "deep-space point A1..J10"))],
                  "jump ships to a planet in the same or an adjacent system, or to deep space there", do_jump,
                  example="jump A1,A2 Alderaan", details="Fuel: 1 credit per ship, 2 for a Flotilla.",
                  dice="2d6 on the disparity table if an enemy fleet is there (RAW-COMBAT-05)"),
        OrderSpec("load", [Choice("ship", own_ships), Many("cargo", lambda c: team_squadrons(c) + [GF], "squadrons, or GF", first=cargo_here),
                           Optional(Number("count", lambda c: 1, lambda c: 15, "how many GF"))],
                  "load squadrons or GF aboard a ship before it jumps", do_load, example="load A1 GF 3",
                  details="A teammate's squadrons or garrison come aboard when the teammate also orders 'board'."),
        OrderSpec("board", [Choice("ship", mates_ships, "a teammate's ship"), Many("cargo", lambda c: own_squadrons(c) + [GF], "your squadrons, or GF"),
                            Optional(Number("count", lambda c: 1, lambda c: 15, "how many GF"))],
                  "put your squadrons or garrison GF aboard a teammate's ship (its owner orders the matching load)", do_board,
                  example="board C2 GF 2", details="GF that board a teammate's ship become theirs, as on landing (RAW-GAP-51).",
                  available=lambda c: c.seat in c.state["seats"] and bool(teammates(c)), why_not=lambda c: "you have no teammate whose ships you could board"),
        OrderSpec("unload", [Choice("ship", own_ships), Optional(Many("cargo", lambda c: own_squadrons(c) + [GF], first=cargo_aboard)),
                             Optional(Number("count", lambda c: 1, lambda c: 15))],
                  "unload cargo where the ship ends its jump (GF garrison a friendly world)", do_unload, example="unload A1"),
        OrderSpec("stance", [Choice("mode", lambda c: ["free", "hold"], "free-fire or hold-fire"),
                             Optional(Many("targets", stance_targets, "enemy seats, neutral, and/or your ships"))],
                  "standing fire orders toward enemy players (all if none named) or neutral forces, for all your fleets "
                  "or only the ships you name", do_stance, example="stance hold neutral",
                  details="'stance hold A3,A4' holds fire with those ships only; 'stance hold A3,bo' toward bo only; "
                          "an order naming no ships is for all your fleets and replaces the ships' own orders."),
        OrderSpec("assault", [Choice("planet", all_planets, first=assault_targets), Optional(Number("count", lambda c: 1, lambda c: 100, "GF to land (default all)"))],
                  "after space combat, land GF carried at that planet (RISK dice)", do_assault, example="assault Raxus",
                  dice="RISK dice: up to 3 attacking d6 against up to 2 defending, until one side is gone (RAW-GROUND-02)"),
        OrderSpec("bombard", [Choice("planet", all_planets, first=bombard_targets)], "after space combat, bombard a planet your fleet blockades",
                  do_bombard, example="bombard Raxus", dice="a d6 for the first 50 fleet points in orbit, +1 per further 100 (RAW-BOMBARD-02)"),
        OrderSpec("flagship", [Choice("option", lambda c: ["A", "B", "C", "D", "E"], "A most valuable ship, B least valuable ship, C most valuable scarred, D least valuable scarred, E squadrons")],
                  "standing target choice for your Flagship (RAW-KEYWORD-12)", do_flagship, example="flagship A"),
        OrderSpec("admiral", [], "take over as acting Grand Admiral while your team's GA is away", do_admiral, example="admiral",
                  available=admiral_open, why_not=admiral_closed),
        OrderSpec("concede", [], "acknowledge the other team's supremacy (the GA, or a majority of the team)", do_concede, example="concede",
                  final="your vote to concede is counted at once; the Grand Admiral's vote, or a majority of the team, "
                        "ends the whole game with the other team the winner (RAW-GAME-05)"),
    ])
