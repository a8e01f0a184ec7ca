"""What completion offers first for Republic at War's orders (the places a jump reaches, the planets
an assault or a bombardment can strike after the queued jumps, the cargo beside a ship), and when the
Grand Admiral's role can be taken (so that 'admiral' is offered only then)."""
from __future__ import annotations

from typing import Any

from core.ruleset import Context
from core.rulesets.raw import budget
from core.rulesets.raw.data import GF
from core.rulesets.raw.model import enemy_side, is_ship, reachable_systems, seats_of
from core.rulesets.raw.queued import projected


def _side(ctx: Context) -> str:
    return str(ctx.state["seats"][ctx.seat]["side"])


def in_reach(ctx: Context, values: dict[str, Any]) -> list[str]:
    """The systems every ship named so far reaches with one jump (RAW-MAP-02)."""
    reach: list[str] | None = None
    for ship in values.get("ships") or []:
        here = reachable_systems(budget.unit_of(ctx.state, ctx.seat, ship)["at"], ctx.state)
        reach = here if reach is None else [p for p in reach if p in here]
    return reach or []


def _arrivals(ctx: Context) -> dict[str, list[str]]:
    """Where the team's units will be after its queued jumps (units of this turn's builds left out)."""
    return {loc: [u for u in uids if u in ctx.state["units"]] for loc, uids in _projected(ctx).items()}


def assault_targets(ctx: Context, values: dict[str, Any]) -> list[str]:
    """Planets not the team's where the seat's ships with GF aboard (or loading GF) will be after the jumps."""
    team = seats_of(ctx.state, _side(ctx))
    loading = {o["args"]["ship"] for o in ctx.state["sheets"].get(ctx.seat, []) if o["verb"] == "load" and o["args"]["gf"]}
    return [p for p, uids in sorted(_arrivals(ctx).items()) if p in ctx.state["planets"] and ctx.state["planets"][p]["owner"] not in team
            and any(ctx.state["units"][u]["owner"] == ctx.seat and (ctx.state["units"][u]["gf"] or u in loading) for u in uids)]


def bombard_targets(ctx: Context, values: dict[str, Any]) -> list[str]:
    """Planets held by the enemy where the team's fleet will be after the jumps."""
    enemies = seats_of(ctx.state, enemy_side(_side(ctx)))
    return [p for p in sorted(_arrivals(ctx)) if p in ctx.state["planets"] and ctx.state["planets"][p]["owner"] in enemies]


def scan_targets(ctx: Context, values: dict[str, Any]) -> list[str]:
    """Enemy worlds first, those where the team's GF or ships are going first of all (their garrison decides an assault)."""
    enemies = seats_of(ctx.state, enemy_side(_side(ctx)))
    held = [p for p in sorted(ctx.state["planets"]) if ctx.state["planets"][p]["owner"] in enemies]
    going = set(_arrivals(ctx))
    return [p for p in held if p in going] + [p for p in held if p not in going]


def cargo_here(ctx: Context, values: dict[str, Any]) -> list[str]:
    """Squadrons with the ship named, then GF."""
    ship = values.get("ship")
    units = {**budget.pending_units(ctx.state, ctx.seat), **ctx.state["units"]}
    if ship not in units:
        return []
    return [u for u, x in units.items() if not is_ship(x) and x["at"] == units[ship]["at"]] + [GF]


def cargo_aboard(ctx: Context, values: dict[str, Any]) -> list[str]:
    """Squadrons aboard the ship named, then GF."""
    ship = values.get("ship")
    return [u for u, x in ctx.state["units"].items() if x["aboard"] == ship and ship] + [GF]


def _projected(ctx: Context) -> dict[str, list[str]]:
    return projected(ctx.state, _side(ctx))


def admiral_open(ctx: Context) -> bool:
    """Whether ``admiral`` can be given: the team's Grand Admiral is away, or the seat is the GA coming back (RAW-TEAM-08)."""
    if ctx.seat not in ctx.state["seats"]:
        return False
    side = _side(ctx)
    current = ctx.state["admiral"][side]
    home = ctx.state.get("admiral_home", {}).get(side, current)
    return current != ctx.seat and (current in ctx.state["away"] or ctx.seat == home)


def admiral_closed(ctx: Context) -> str:
    """Why ``admiral`` cannot be given now."""
    current = ctx.state["admiral"][_side(ctx)] if ctx.seat in ctx.state["seats"] else None
    if current is None:
        return "only a player of a team can take over as its Grand Admiral"
    if current == ctx.seat:
        return f"{ctx.seat} is already the Grand Admiral of {_side(ctx)}"
    return f"the Grand Admiral {current} is available; a teammate takes over only while the GA is away (RAW-TEAM-08)"
