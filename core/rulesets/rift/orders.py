"""RiftWar's order language, declared once: every verb, its typed arguments, when it is available,
and the handler. Also who is awaited and what a forced step does."""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from core.errors import OrderError
from core.events import Event
from core.orders import (
    Arg,
    Choice,
    Keyword,
    Many,
    Number,
    Optional,
    OrderBook,
    OrderSpec,
)

from . import battle, fire, flow, melee
from . import transport as transports  # a handler's argument is called transport
from .battle import living
from .data import rules
from .geometry import field_of, path_problem, radius
from .record import log, name, on_field

State = dict[str, Any]


# -- argument types of our own ------------------------------------------------------------------------
@dataclass
class Point(Arg):
    """A point on the map as ``x,y`` in map units."""

    name: str
    help: str = "a point as x,y in map units, e.g. 12,30.5"

    def usage(self) -> str:
        return f"<{self.name}:x,y>"

    def consume(self, words: list[str], ctx: Any, line: str) -> tuple[tuple[float, float], int]:
        if not words:
            raise OrderError(f"{line!r}: missing <{self.name}>, a point written x,y (for example 12,30.5)")
        x, sep, y = words[0].partition(",")
        try:
            value = (float(x), float(y))
        except ValueError:
            raise OrderError(f"{line!r}: {words[0]!r} is not a point; write x,y in map units, for example 12,30.5") from None
        if not sep or not all(math.isfinite(v) for v in value):
            raise OrderError(f"{line!r}: {words[0]!r} is not a point; write x,y in map units, for example 12,30.5")
        return value, 1


@dataclass
class Counts(Arg):
    """Whole numbers separated by commas (hit groups: 2,2,1)."""

    name: str
    help: str = "hit groups, e.g. 2,2,1 (1 = pin, 2 = wound, 3 = kill)"

    def usage(self) -> str:
        return f"<{self.name}:n,n,...>"

    def consume(self, words: list[str], ctx: Any, line: str) -> tuple[list[int], int]:
        if not words:
            raise OrderError(f"{line!r}: missing <{self.name}>, whole numbers separated by commas, e.g. 2,2,1")
        try:
            values = [int(p) for p in words[0].split(",") if p]
        except ValueError:
            raise OrderError(f"{line!r}: {words[0]!r} is not a list of whole numbers; e.g. 2,2,1") from None
        if not values or len(values) > 60:
            raise OrderError(f"{line!r}: give between 1 and 60 groups, e.g. 2,2,1")
        return values, 1


# -- when orders are available -------------------------------------------------------------------------
def _pending(ctx: Any) -> dict[str, Any] | None:
    return ctx.state.get("pending")


def awaited(state: State) -> set[str]:
    """Who may act now: the chooser or placer at deployment, the reacting, confirming, grouping or
    assigning player during an action, else the active player."""
    if state.get("result"):
        return set()
    if state["stage"] == "deploy":
        if not state["deploy"]["order"]:
            return {state["deploy"]["chooser"]}
        turn = flow.deploy_turn(state)
        return {turn} if turn else set()
    if state.get("dismount"):
        return {state["dismount"][0]["seat"]}
    p = state.get("pending")
    if p:
        step = p["step"]
        if step == "declare":
            return set(battle.reactors_waiting(state))
        if step == "confirm":
            return {p["seat"]}
        if step == "group":
            return {p["hits"]["grouper"]}
        if step == "assign":
            return {p["hits"]["assigner"]}
        if step == "refire":
            return {p["refirer"]}
        return set()
    return {state["active"]} if state.get("active") else set()


def _when(*steps: str) -> Any:
    def check(ctx: Any) -> bool:
        state = ctx.state
        if state.get("result") or ctx.seat not in awaited(state):
            return False
        p = state.get("pending")
        if state["stage"] == "deploy":
            kind = "choose" if not state["deploy"]["order"] else "place"
        elif state.get("dismount"):
            kind = "dismount"
        elif p:
            kind = p["step"]
        else:
            kind = "act"
        return kind in steps
    return check


# -- choices -----------------------------------------------------------------------------------------------
def own_unplaced(ctx: Any) -> list[str]:
    return [u["id"] for u in ctx.state["units"].values() if u["owner"] == ctx.seat and not u["placed"]]


def own_movers(ctx: Any) -> list[str]:
    """Every own unit on the field, those free to act first (the handler says why another cannot)."""
    units = [u for u in living(ctx.state) if u["owner"] == ctx.seat]
    return [u["id"] for u in sorted(units, key=lambda u: (u["pinned"] or not battle.may_act(ctx.state, u)))]


def own_ranged(ctx: Any) -> list[str]:
    units = [u for u in living(ctx.state) if u["owner"] == ctx.seat]
    return [u["id"] for u in sorted(units, key=lambda u: (u["role"] != "ranged" or not battle.may_act(ctx.state, u)))]


def own_indirect(ctx: Any) -> list[str]:
    return [i for i in own_ranged(ctx) if "indirect" in ctx.state["units"][i]["traits"]] or own_ranged(ctx)


def own_pinned(ctx: Any) -> list[str]:
    units = [u for u in living(ctx.state) if u["owner"] == ctx.seat]
    return [u["id"] for u in sorted(units, key=lambda u: not u["pinned"])]


def own_leaders(ctx: Any) -> list[str]:
    return [u["id"] for u in living(ctx.state) if u["owner"] == ctx.seat and "leader" in u["traits"]]


def own_transports(ctx: Any) -> list[str]:
    return [u["id"] for u in living(ctx.state) if u["owner"] == ctx.seat and "transport" in u["traits"]]


def own_carried(ctx: Any) -> list[str]:
    return [u["id"] for u in ctx.state["units"].values() if u["owner"] == ctx.seat and u.get("carried_by") and not u["dead"]]


def enemies(ctx: Any) -> list[str]:
    return [u["id"] for u in living(ctx.state) if u["owner"] != ctx.seat]


def melee_enemies(ctx: Any) -> list[str]:
    mids = {u["melee"] for u in living(ctx.state) if u["owner"] == ctx.seat and u.get("melee")}
    return [u["id"] for u in living(ctx.state) if u["owner"] != ctx.seat and u.get("melee") in mids]


def other_players(ctx: Any) -> list[str]:
    return [s for s in flow.players_left(ctx.state) if s != ctx.seat]


def my_reactors(ctx: Any) -> list[str]:
    p = _pending(ctx)
    return [o["unit"] for o in p["opps"] if o["seat"] == ctx.seat] if p else []


def riders_waiting(ctx: Any) -> list[str]:
    decisions = ctx.state.get("dismount") or []
    return [r for r in decisions[0]["riders"] if r not in decisions[0]["placed"]] if decisions else []


def hit_pool(ctx: Any) -> list[str]:
    p = _pending(ctx)
    return list(p["hits"]["pool"]) if p and p.get("hits") else []


# -- handlers ------------------------------------------------------------------------------------------------
def do_deploy(ctx: Any, order: str) -> list[Event]:
    return flow.choose_deploy(ctx.state, ctx.seat, order == "first")


def zone(state: State, seat: str) -> tuple[tuple[float, float], tuple[float, float]]:
    """The seat's deployment zone for this many players."""
    m = rules().maps[state["map"]]
    return m.deploy[f"{len(state['seats'])}p"][list(state["seats"]).index(seat)]


def place_problem(state: State, unit: dict[str, Any], where: tuple[float, float]) -> str | None:
    """Why ``unit`` cannot be deployed at ``where``: outside the zone, in a structure, overlapping."""
    (x0, y0), (x1, y1) = zone(state, unit["owner"])
    x, y = where
    if not (x0 <= x <= x1 and y0 <= y <= y1):
        return f"({x:g},{y:g}) is outside your deployment zone ({x0:g},{y0:g})-({x1:g},{y1:g}) (RIFT-GAP-15)"
    probe = dict(unit, x=x, y=y)
    problem = path_problem(field_of(state["map"]), probe, where, False, on_field(state))
    return problem


def do_place(ctx: Any, unit: str, at: tuple[float, float]) -> list[Event]:
    where = at
    u = ctx.state["units"][unit]
    problem = place_problem(ctx.state, u, where)
    if problem:
        raise OrderError(f"place {unit}: {problem}")
    u["x"], u["y"], u["placed"] = where[0], where[1], True
    return [log(ctx.state, f"{ctx.seat} places {name(u)} at ({where[0]:g},{where[1]:g}).", "deploy"),
            *flow.after_placement(ctx.state)]


def formation_spots(state: State, seat: str) -> list[tuple[float, float]]:
    """Free spots in ranks across the seat's zone, for ``formation``: a 2.5 u grid first (room
    between units), then a 1.05 u grid that packs Light units shoulder to shoulder."""
    (x0, y0), (x1, y1) = zone(state, seat)
    spots = []
    for step, margin in ((2.5, 1.0), (1.05, 0.55)):
        y = y0 + margin
        while y <= y1 - margin + 1e-9:
            x = x0 + margin
            while x <= x1 - margin + 1e-9:
                spots.append((round(x, 2), round(y, 2)))
                x += step
            y += step
    return spots


def do_formation(ctx: Any) -> list[Event]:
    """Place every remaining unit of the seat in ranks in its zone (big units first)."""
    state = ctx.state
    todo = sorted((u for u in state["units"].values() if u["owner"] == ctx.seat and not u["placed"]),
                  key=lambda u: -radius(u))
    events: list[Event] = []
    spots = formation_spots(state, ctx.seat)
    for u in todo:
        for spot in spots:
            if place_problem(state, u, spot) is None:
                u["x"], u["y"], u["placed"] = spot[0], spot[1], True
                break
        else:
            raise OrderError(f"formation: no room left in your zone for {u['id']}; place it by hand")
    events.append(log(state, f"{ctx.seat} deploys {len(todo)} units in formation.", "deploy"))
    return events + flow.after_placement(state)


def do_move(ctx: Any, units: list[str], to: tuple[float, float], fly: str | None) -> list[Event]:
    return battle.declare_move(ctx.state, ctx.seat, units, to, fly is not None)


def do_embark(ctx: Any, unit: str, transport: str) -> list[Event]:
    transport_id = transport
    state = ctx.state
    u, t = state["units"][unit], state["units"][transport_id]
    transports.check_embark(state, u, t)
    return battle.declare_move(state, ctx.seat, [unit], transports.embark_point(u, t), False, embark=transport_id)


def do_disembark(ctx: Any, units: list[str], to: tuple[float, float]) -> list[Event]:
    state = ctx.state
    carriers = {state["units"][u]["carried_by"] for u in units}
    if len(carriers) != 1:
        raise OrderError("disembark units of one transport at a time")
    carrier = state["units"][carriers.pop()]
    keep = {u: dict(state["units"][u]) for u in units}
    for uid in units:
        u = state["units"][uid]
        u["carried_by"], u["x"], u["y"] = None, carrier["x"], carrier["y"]
    try:
        return battle.declare_move(state, ctx.seat, units, to, False)
    except OrderError:
        for uid, old in keep.items():
            state["units"][uid].update(old)
        raise


def do_fire(ctx: Any, units: list[str], target: str) -> list[Event]:
    return fire.direct_fire(ctx.state, ctx.seat, units, target)


def do_indirect(ctx: Any, unit: str, target: str) -> list[Event]:
    return fire.indirect_fire(ctx.state, ctx.seat, unit, target)


def do_rally(ctx: Any, unit: str, by: str | None, rallier: str | None) -> list[Event]:
    return fire.rally(ctx.state, ctx.seat, unit, rallier)


def do_melee(ctx: Any, target: str) -> list[Event]:
    return melee.melee_action(ctx.state, ctx.seat, target)


def do_pass(ctx: Any, player: str | None) -> list[Event]:
    return fire.pass_phase(ctx.state, ctx.seat, player)


def do_react(ctx: Any, units: list[str], percent: int) -> list[Event]:
    return battle.declare_reaction(ctx.state, ctx.seat, units, percent)


def do_hold(ctx: Any) -> list[Event]:
    return battle.declare_reaction(ctx.state, ctx.seat, None, None)


def do_confirm(ctx: Any) -> list[Event]:
    return battle.confirm(ctx.state, ctx.seat, True)


def do_cancel(ctx: Any) -> list[Event]:
    return battle.confirm(ctx.state, ctx.seat, False)


def do_dismount(ctx: Any, unit: str, at: tuple[float, float]) -> list[Event]:
    events = transports.dismount(ctx.state, ctx.seat, unit, at)
    flow.check_victory(ctx.state, events)  # the riders' 3d6 may end the game
    return events


def do_group(ctx: Any, groups: list[int]) -> list[Event]:
    return battle.group_hits(ctx.state, ctx.seat, groups)


def do_assign(ctx: Any, units: list[str]) -> list[Event]:
    return battle.assign_hits(ctx.state, ctx.seat, units)


def build_book() -> OrderBook:
    """The whole RiftWar order language."""
    return OrderBook([
        OrderSpec("deploy", [Choice("order", lambda ctx: ["first", "second"], "deploy first or second")],
                  "The roll-off winner chooses to deploy first or second (RIFT-GAP-15)", do_deploy,
                  example="deploy second", available=_when("choose")),
        OrderSpec("place", [Choice("unit", own_unplaced, "one of your units not yet placed"), Point("at")],
                  "Place one unit in your deployment zone", do_place, example="place A1 10,3", available=_when("place")),
        OrderSpec("formation", [], "Place all your remaining units in ranks across your zone", do_formation,
                  example="formation", available=_when("place")),
        OrderSpec("move", [Many("units", own_movers, "one unit or a close group"), Point("to"), Optional(Keyword("fly"))],
                  "Move in a straight line; enemies that see the path may react", do_move,
                  details="The engine lists every reaction opportunity first; the reacting players declare, then you confirm or cancel.",
                  example="move A2 12,10", available=_when("act")),
        OrderSpec("embark", [Choice("unit", own_movers), Choice("transport", own_transports)],
                  "Move a unit into a friendly transport with room", do_embark, example="embark A2 A10",
                  available=_when("act")),
        OrderSpec("disembark", [Many("units", own_carried), Point("to")],
                  "Carried units leave their transport as a move of their own", do_disembark,
                  example="disembark A2 12,10", available=_when("act")),
        OrderSpec("fire", [Many("units", own_ranged, "one Ranged unit, or several that coordinate"), Choice("target", enemies)],
                  "Direct fire at one enemy unit in line of sight (coordinated with several)", do_fire,
                  details="A fire that neither wounds nor kills ends the phase; the target's owner acts next.",
                  example="fire A2,A3 B4", available=_when("act"), dice="d6s per firer, hits on 5-6 (RIFT-DMG-01)"),
        OrderSpec("indirect", [Choice("unit", own_indirect), Choice("target", enemies)],
                  "Indirect fire through a spotter, once a phase", do_indirect, example="indirect A11 B1", dice="d6s, hits on 5-6",
                  available=_when("act")),
        OrderSpec("rally", [Choice("unit", own_pinned), Optional(Keyword("by")),
                            Optional(Choice("rallier", own_leaders, "a friendly Leader that sees the pinned unit"))],
                  "Try to unpin a unit (by itself, or by a Leader that sees it): 1d6 + bonuses >= 4; a failure ends the phase", do_rally,
                  example="rally A3 by A1", available=_when("act"), dice="a d6 plus bonuses, 4 or more unpins"),
        OrderSpec("melee", [Choice("target", melee_enemies)], "All your units in that close combat attack together",
                  do_melee, example="melee B12", available=_when("act"), dice="a d6 per attacking unit, hits on 5-6 (RIFT-CC-06)"),
        OrderSpec("pass", [Optional(Choice("player", other_players))], "End the phase and name who acts next",
                  do_pass, example="pass", available=_when("act")),
        OrderSpec("react", [Many("units", my_reactors, "your units that see the path"), Number("percent", lambda c: 0, lambda c: 100)],
                  "Declare reaction fire at a point of the path (percent along it)", do_react,
                  example="react B3 40", available=_when("declare", "refire")),
        OrderSpec("hold", [], "Do not react to this move", do_hold, example="hold", available=_when("declare", "refire")),
        OrderSpec("confirm", [], "Acknowledge the declared reactions and make the move", do_confirm,
                  example="confirm", available=_when("confirm")),
        OrderSpec("cancel", [], "Call the move off (no action is used)", do_cancel, example="cancel",
                  available=_when("confirm")),
        OrderSpec("dismount", [Choice("unit", riders_waiting, "a rider of your destroyed transport"), Point("at")],
                  "Place a rider of your destroyed transport within 1 u of it; all placed, each takes 3d6", do_dismount,
                  example="dismount A2 12,10", available=_when("dismount"), dice="3d6 for each rider, hits on 5-6 (RIFT-TRANS-05)"),
        OrderSpec("group", [Counts("groups")], "Split the hits into groups (1 pin, 2 wound, 3 kill)", do_group,
                  example="group 2,1", available=_when("group")),
        OrderSpec("assign", [Many("units", hit_pool, "one unit per group, in order; a unit may take several", repeats=True)],
                  "Give each group of hits to one of your units", do_assign, example="assign A2,A3",
                  available=_when("assign")),
    ])


def default_groups(total: int) -> list[int]:
    """A forced grouping: wounds (2s), a leftover hit joining the last group."""
    if total <= 1:
        return [total] if total else []
    groups = [2] * (total // 2)
    if total % 2:
        groups[-1] += 1
    return groups


def force(ruleset: Any, state: State) -> list[Event]:
    """The GM forces the step: the plain default for whoever is awaited."""
    seats = sorted(awaited(state))
    if not seats:
        return []
    seat = seats[0]
    ctx = ruleset.context(state, seat)
    if state["stage"] == "deploy":
        return do_deploy(ctx, "first") if not state["deploy"]["order"] else do_formation(ctx)
    if state.get("dismount"):
        decision = state["dismount"][0]
        rider = riders_waiting(ctx)[0]
        x, y = decision["offered"][rider][0]
        return do_dismount(ctx, rider, (x, y))
    p = state.get("pending")
    if p:
        step = p["step"]
        if step in ("declare", "refire"):
            return do_hold(ctx)
        if step == "confirm":
            return do_confirm(ctx)
        if step == "group":
            return do_group(ctx, default_groups(p["hits"]["total"]))
        if step == "assign":
            pool, groups = p["hits"]["pool"], p["hits"]["groups"]
            return do_assign(ctx, [pool[i % len(pool)] for i in range(len(groups))])
    left = [s for s in flow.seat_order(state) if s in flow.players_left(state) and s != seat]
    return fire.pass_phase(state, seat, left[0] if left else None) if left else []
