"""Strategic Movement actions: move, split, merge, transfer, reassign, repair, deploy, pass.

Each costs CP from the side's pool of this turn and hands the next action to the opponent
(GCW-MOVE-06). Refusals raise OrderError quoting the order; the state is then unchanged.
"""
from __future__ import annotations

from typing import Any

from core.errors import OrderError
from core.events import Event

from . import flow, steps
from .data import rules
from .model import (card, entry_ok, fleet_problems, fleet_units, fleets_at, fleets_of, is_ship, log, move_cost, new_fleet,
                    new_unit, put, side_of, State, unit_points, yard_value)


def _line(ctx: Any) -> str:
    return str(getattr(ctx, "line", ""))


def acting_side(ctx: Any, line: str) -> str:
    """The side of the ordering seat, which must hold the action now."""
    side = side_of(ctx.state, ctx.seat)
    if steps.step_kind(ctx.state) != "action" or side not in ctx.state["step"]["sides"]:
        raise OrderError(f"{line!r}: it is not {side}'s action now")
    return side


def spend(state: State, side: str, cost: int, line: str) -> None:
    have = int(state["sides"][side]["cp"])
    if cost > have:
        raise OrderError(f"{line!r}: costs {cost} CP and {side} has {have} CP left; 'pass' is always legal")
    state["sides"][side]["cp"] = have - cost


def own_fleet(state: State, side: str, fid: str, line: str) -> dict[str, Any]:
    info = state["fleets"].get(fid)
    if info is None or info["side"] != side:
        raise OrderError(f"{line!r}: {fid!r} is not a {side} fleet; yours: {', '.join(fleets_of(state, side)) or 'none'}")
    return info


def check_limits(state: State, side: str, involved: list[str], line: str) -> None:
    problems = fleet_problems(state, side, involved)
    if problems:
        raise OrderError(f"{line!r}: not allowed: {'; '.join(problems)}")


def finish(state: State, side: str, events: list[Event]) -> list[Event]:
    return events + flow.after_action(state, side, passed=False) + flow.advance(state)


# -- move ---------------------------------------------------------------------------------------------
def do_move(ctx: Any, fleet: str, system: str, escorts: list[str] | None = None) -> list[Event]:
    line = f"move {fleet} {system}" + (f" {','.join(escorts)}" if escorts else "")
    state = ctx.state
    side = acting_side(ctx, line)
    ds = state.get("deathstar")
    ds_id = rules().const["secret_weapon"]["id"]
    if fleet == ds_id:
        if side != "Empire" or ds is None:
            raise OrderError(f"{line!r}: there is no Death Star for {side} to move")
        here = ds["system"]
        if system not in rules().adjacent[here]:
            raise OrderError(f"{line!r}: {system} is not one jump from {here}; reachable: {', '.join(rules().adjacent[here])}")
        for esc in escorts or []:
            info = own_fleet(state, side, esc, line)
            if info["system"] != here:
                raise OrderError(f"{line!r}: {esc} is not with the Death Star at {here}; escorts there: {', '.join(fleets_at(state, here, side)) or 'none'}")
        cost = int(rules().const["move_cost"]["secret_weapon"])
        spend(state, side, cost, line)
        ds["system"] = system
        for esc in escorts or []:
            state["fleets"][esc]["system"] = system
            state["fleets"][esc]["arrived"] = state["counters"]["seq"] + 1
        text = f"The Death Star moves {here} -> {system} ({cost} CP)" + (f" escorted by {', '.join(escorts)} for free" if escorts else "")
        return finish(state, side, [log(state, "move", text, side=side, fleet=fleet, origin=here, system=system, cost=cost, escorts=escorts or [], ledger=[[side, "cp", -cost]])])
    info = own_fleet(state, side, fleet, line)
    if escorts:
        raise OrderError(f"{line!r}: only the Death Star takes escorts; write 'move {fleet} {system}'")
    here = info["system"]
    if system not in rules().adjacent[here]:
        raise OrderError(f"{line!r}: {system} is not one jump from {here}; reachable: {', '.join(rules().adjacent[here])}")
    cost = move_cost(state, fleet)
    spend(state, side, cost, line)
    info["system"] = system
    info["arrived"] = state["counters"]["seq"] + 1
    return finish(state, side, [log(state, "move", f"{side} fleet {fleet} moves {here} -> {system} ({cost} CP)",
                                    side=side, fleet=fleet, origin=here, system=system, cost=cost, ledger=[[side, "cp", -cost]])])


# -- reorganisation -----------------------------------------------------------------------------------
def do_split(ctx: Any, fleet: str, units: list[str]) -> list[Event]:
    line = f"split {fleet} {','.join(units)}"
    state = ctx.state
    side = acting_side(ctx, line)
    info = own_fleet(state, side, fleet, line)
    for uid in units:
        if uid not in info["units"]:
            raise OrderError(f"{line!r}: {uid} is not in {fleet}; {fleet} holds {', '.join(info['units'])}")
    if len(units) >= len(info["units"]):
        raise OrderError(f"{line!r}: a split must leave something in {fleet}")
    spend(state, side, 1, line)
    count = len(fleets_of(state, side)) + 1
    new = new_fleet(state, side, info["system"], units)
    state["fleets"][new]["arrived"] = info["arrived"]
    problems = fleet_problems(state, side, [fleet, new], count)
    if problems:
        raise OrderError(f"{line!r}: not allowed: {'; '.join(problems)}")
    return finish(state, side, [log(state, "reorganise", f"{side} splits {', '.join(units)} off {fleet} into a new fleet {new} at {info['system']} (1 CP)", ledger=[[side, "cp", -1]],
                                    side=side, fleet=fleet, new=new, units=units)])


def do_merge(ctx: Any, fleet: str, other_fleet: str) -> list[Event]:
    line = f"merge {fleet} {other_fleet}"
    state = ctx.state
    side = acting_side(ctx, line)
    a, b = own_fleet(state, side, fleet, line), own_fleet(state, side, other_fleet, line)
    if fleet == other_fleet:
        raise OrderError(f"{line!r}: name two different fleets")
    if a["system"] != b["system"]:
        raise OrderError(f"{line!r}: {fleet} is at {a['system']} and {other_fleet} at {b['system']}; merging needs one system")
    spend(state, side, 1, line)
    for uid in list(b["units"]):
        put(state, uid, fleet)
    check_limits(state, side, [fleet], line)
    return finish(state, side, [log(state, "reorganise", f"{side} merges {other_fleet} into {fleet} at {a['system']} (1 CP)", ledger=[[side, "cp", -1]],
                                    side=side, fleet=fleet, merged=other_fleet)])


def do_transfer(ctx: Any, units: list[str], fleet: str) -> list[Event]:
    line = f"transfer {','.join(units)} {fleet}"
    state = ctx.state
    side = acting_side(ctx, line)
    target = own_fleet(state, side, fleet, line)
    sources = {state["units"][u]["fleet"] for u in units}
    if len(sources) != 1 or "pool" in sources:
        raise OrderError(f"{line!r}: transfer ships from one fleet on the map (use 'deploy' for the force pool)")
    source = sources.pop()
    if source == fleet:
        raise OrderError(f"{line!r}: {', '.join(units)} are already in {fleet}")
    if state["fleets"][source]["system"] != target["system"]:
        raise OrderError(f"{line!r}: {source} and {fleet} are in different systems")
    spend(state, side, 1, line)
    for uid in units:
        put(state, uid, fleet)
    check_limits(state, side, [fleet, source], line)
    return finish(state, side, [log(state, "reorganise", f"{side} transfers {', '.join(units)} from {source} to {fleet} (1 CP)", ledger=[[side, "cp", -1]],
                                    side=side, fleet=fleet, source=source, units=units)])


def upgrade_refs(state: State, side: str) -> list[str]:
    """Commanders and Officers that may be reassigned: ``<ship>.<code>`` or a loose pool id."""
    refs = []
    for uid, unit in sorted(state["units"].items()):
        if unit["side"] != side:
            continue
        if card(unit["code"]).kind == "upgrade":
            refs.append(uid)
        for up in unit.get("upgrades", []):
            if card(up).type in ("commander", "officer"):
                refs.append(f"{uid}.{up}")
    return refs


def do_reassign(ctx: Any, upgrade: str, target: str) -> list[Event]:
    """Move a Commander or Officer between ships (GCW-REORG-09), or send it to the pool (GCW-POOL-03)."""
    line = f"reassign {upgrade} {target}"
    state = ctx.state
    side = acting_side(ctx, line)
    if upgrade not in upgrade_refs(state, side):
        raise OrderError(f"{line!r}: {upgrade!r} is not a Commander or Officer of yours; legal: {', '.join(upgrade_refs(state, side)) or 'none'}")
    if "." in upgrade:
        holder, code = upgrade.split(".", 1)
        where = state["units"][holder]["fleet"]
        from_system = None if where == "pool" else state["fleets"][where]["system"]
    else:
        holder, code = upgrade, state["units"][upgrade]["code"]
        where, from_system = "pool", None
    involved = [] if where == "pool" else [where]
    spend(state, side, 1, line)
    if target.lower() == "pool":
        if "." not in upgrade:
            raise OrderError(f"{line!r}: {upgrade} is already in the force pool")
        state["units"][holder]["upgrades"].remove(code)
        new_unit(state, side, code)
    else:
        ship = state["units"].get(target)
        if ship is None or ship["side"] != side or not is_ship(ship):
            raise OrderError(f"{line!r}: {target!r} is not one of your ships (or 'pool')")
        to_fleet = ship["fleet"]
        to_system = None if to_fleet == "pool" else state["fleets"][to_fleet]["system"]
        if from_system is not None and to_system != from_system:
            raise OrderError(f"{line!r}: {target} is not in {from_system}, where {upgrade} is")
        if from_system is None and to_system is not None and not entry_ok(state, side, to_system):
            raise OrderError(f"{line!r}: from the force pool an upgrade can join a ship only at an entry system for {side}")
        if code in ship["upgrades"]:
            raise OrderError(f"{line!r}: {target} already carries {code}")
        if "." in upgrade:
            state["units"][holder]["upgrades"].remove(code)
        else:
            del state["units"][holder]
        ship["upgrades"].append(code)
        if to_fleet != "pool":
            involved.append(to_fleet)
    check_limits(state, side, sorted(set(involved)), line)
    return finish(state, side, [log(state, "reorganise", f"{side} moves {card(code).name} from {holder} to {target} (1 CP)", ledger=[[side, "cp", -1]],
                                    side=side, upgrade=code, source=holder, target=target)])


# -- repair -------------------------------------------------------------------------------------------
def repair_cost(damaged: int, yard: int) -> int:
    """CP to repair ``damaged`` ships at a yard of value ``yard``: ceil(n / yard) (GCW-REPAIR-02)."""
    return -(-damaged // yard) if damaged else 0


def do_repair(ctx: Any, fleet: str, ships: list[str] | None = None) -> list[Event]:
    line = f"repair {fleet}" + (f" {','.join(ships)}" if ships else "")
    state = ctx.state
    side = acting_side(ctx, line)
    info = own_fleet(state, side, fleet, line)
    system = info["system"]
    yard = yard_value(state, side, system)
    if yard <= 0:
        yards = [s for s in rules().shipyards if yard_value(state, side, s) > 0]
        raise OrderError(f"{line!r}: {system} has no shipyard {side} controls and may use; usable yards: {', '.join(yards) or 'none'}")
    damaged = [u["id"] for u in fleet_units(state, fleet) if u.get("damage", 0) > 0]
    chosen = ships or damaged
    for uid in chosen:
        if uid not in damaged:
            raise OrderError(f"{line!r}: {uid} has no persistent damage in {fleet}; damaged: {', '.join(damaged) or 'none'}")
    if not chosen:
        raise OrderError(f"{line!r}: no ship of {fleet} has persistent damage")
    cost = repair_cost(len(chosen), yard)
    spend(state, side, cost, line)
    for uid in chosen:
        state["units"][uid]["damage"] = 0
    return finish(state, side, [log(state, "repair", f"{side} repairs {', '.join(chosen)} of {fleet} at {system} (yard {yard}, {cost} CP)",
                                    side=side, fleet=fleet, ships=chosen, cost=cost, ledger=[[side, "cp", -cost]])])


# -- deploy -------------------------------------------------------------------------------------------
def do_deploy(ctx: Any, units: list[str], target: str) -> list[Event]:
    """Bring units from the force pool into a fleet, or form a new fleet (GCW-GAP-12)."""
    line = f"deploy {','.join(units)} {target}"
    state = ctx.state
    side = acting_side(ctx, line)
    for uid in units:
        unit = state["units"].get(uid)
        if unit is None or unit["side"] != side or unit["fleet"] != "pool" or card(unit["code"]).kind == "upgrade":
            raise OrderError(f"{line!r}: {uid} is not a ship or squadron in your force pool")
    spend(state, side, 1, line)
    if target in state["fleets"]:
        info = own_fleet(state, side, target, line)
        if not entry_ok(state, side, info["system"]):
            raise OrderError(f"{line!r}: {target} is at {info['system']}, not a system where {side} reinforcements may appear")
        for uid in units:
            put(state, uid, target)
        check_limits(state, side, [target], line)
        fid, system = target, info["system"]
    else:
        matches = [s for s in rules().systems if s.lower() == target.lower()]
        if not matches or not entry_ok(state, side, matches[0]):
            legal = [s for s in rules().systems if entry_ok(state, side, s)]
            raise OrderError(f"{line!r}: {target!r} is neither your fleet nor an entry system; entry systems: {', '.join(legal) or 'none'}")
        system = matches[0]
        count = len(fleets_of(state, side)) + 1
        fid = new_fleet(state, side, system, units)
        state["fleets"][fid]["arrived"] = state["counters"]["seq"] + 1
        problems = fleet_problems(state, side, [fid], count)
        if problems:
            raise OrderError(f"{line!r}: not allowed: {'; '.join(problems)}")
    pts = sum(unit_points(state["units"][u]) for u in units)
    return finish(state, side, [log(state, "deploy", f"{side} deploys {', '.join(units)} ({pts} points) from the force pool into {fid} at {system} (1 CP)", ledger=[[side, "cp", -1]],
                                    side=side, fleet=fid, units=units, system=system)])


def do_pass(ctx: Any) -> list[Event]:
    line = "pass"
    state = ctx.state
    side = acting_side(ctx, line)
    events = [log(state, "pass", f"{side} passes ({state['sides'][side]['cp']} CP left)", side=side)]
    return events + flow.after_action(state, side, passed=True) + flow.advance(state)
