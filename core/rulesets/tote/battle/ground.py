"""The ground war of a battle: putting troops, vehicles and airspeeders down from a landed ship,
taking them back aboard, and the Combat Fatigue clock of every force on a ground grid.

- ``land`` (TOTE-G2G-01, TOTE-GAP-25): a ship landed on a ground grid's Surface (an AUX with
  ``can_land``, or a capital ship with ``atmosphere_capable`` and ``can_land``) puts down what it
  carries: its infantry as a stack on the Surface, each kind of ground assault vehicle (GAV) as a
  stack on the Surface, each kind of airspeeder as a stack in that grid's Air layer (TOTE-GROUND-03,
  TOTE-A2A-01), and any stack that embarked on it earlier, where it stood. They fight through
  :func:`.strikes.strike` like every attack: vehicles fire at the Air layer, infantry may not
  (TOTE-S2A-01); airspeeders and starfighters in one grid fight each other (TOTE-A2A-01).
  An attacking force is capped at 5000 infantry squads and 50 GAVs per grid (TOTE-FATIGUE-01,
  TOTE-GAP-44): a landing beyond the cap is refused. ``land all`` lands the whole army in one order:
  every ship of the player's landed on a Surface puts down all it carries, or, when one grid would
  break the cap or lies under orbital bombardment, nothing (:func:`land_all`).
- ``embark`` (DEFAULT, the text is silent on re-embarking; TOTE-FATIGUE-03 only says units may be
  "recalled to the host ship"): ground stacks of the player's own in a ground grid (on its Surface,
  or airspeeders in its Air layer), not garrisoned, go aboard a ship of the same player landed on
  that grid's Surface, within its troop room (``troop_capacity``, each unit its ``room_size``),
  and not from a grid under orbital bombardment (TOTE-OB-04). The stack keeps its id and its
  wounds, leaves the grid (``space`` None, ``embarked_in`` the ship) and comes down again with the
  ship's next ``land``.
- Combat Fatigue (TOTE-FATIGUE-01..04, TOTE-GAP-44): the clock of each attacking force (a player's
  stacks in a grid where another faction has ground units or a facility) counts battle days since
  its landing (``state["fatigue"][seat][grid] = {"since": day, "left": day or None}``). A force
  at either cap tires after 7 days, a smaller one after 14 (:func:`.strikes.fatigued`); its stacks
  are then marked ``fatigued`` and :mod:`.damage` takes 1 from their UCR. A force whose host ships
  (the ships that put its stacks down, ``host``) are all still landed on that grid never tires
  (TOTE-FATIGUE-04). When the whole force is back aboard, ``left`` is the day it left; landing again
  a day (24 h) or more later restarts the clock at 0 (TOTE-FATIGUE-03, :func:`.strikes.fatigue_clock`).

Keys kept: on ships ``vehicles`` (stacks of GAVs and airspeeders aboard, like ``troops``) and
``embarked`` (ids of ground stacks aboard); on stacks ``host``, ``embarked_in``, ``fatigued``;
on the state ``fatigue``.
"""
from __future__ import annotations

from core.errors import OrderError
from core.events import Event, to_seat
from core.rulesets.tote.battle import strikes
from core.rulesets.tote.battle.actions import _ordered, _unit, bombarded
from core.rulesets.tote.battle.log import log
from core.rulesets.tote.rules import grid, model
from core.rulesets.tote.rules.data import ground_types
from core.rulesets.tote.rules.model import State, Unit

#: Hours of one battle day (TOTE-FLOW-04).
DAY_HOURS = 24


def _cls(code: str) -> str:
    return ground_types()[code].cls


def _room(code: str, count: int) -> int:
    return int(getattr(ground_types()[code], "room_size", 1) or 1) * int(count)


def room_used(state: State, ship: Unit) -> int:
    """The troop room a ship's infantry, vehicles and embarked stacks take."""
    used = sum(_room(t["type"], t["count"]) for t in ship.get("troops", []) + ship.get("vehicles", []))
    return used + sum(_room(state["units"][s]["type"], state["units"][s]["count"]) for s in ship.get("embarked", []))


def _landed(ship: Unit) -> bool:
    return bool(ship.get("space")) and grid.kind(str(ship["space"])) == "surface" and not ship["destroyed"] \
        and not ship["withdrawn"]


def force_of(state: State, seat: str, g: str) -> list[Unit]:
    """``seat``'s ground stacks on ground grid ``g`` (either layer), still fighting, not garrisoned."""
    return [u for u in state["units"].values() if u["faction"] == seat and model.is_ground(u) and u["space"]
            and grid.ground_grid(u["space"]) == g and not u["destroyed"] and not u.get("garrisoned_in")
            and int(u.get("count", 0)) > 0]


def _counts(stacks: list[Unit]) -> tuple[int, int]:
    inf = sum(int(u["count"]) for u in stacks if _cls(u["type"]) == "infantry")
    gav = sum(int(u["count"]) for u in stacks if _cls(u["type"]) == "gav")
    return inf, gav


def attacking(state: State, seat: str, g: str) -> bool:
    """Whether ``seat``'s force on ground grid ``g`` is an attacking force (TOTE-GAP-44): another
    faction has ground units or a facility there."""
    for u in state["units"].values():
        if u["faction"] == seat or not u["space"] or u["destroyed"] or grid.kind(u["space"]) not in ("surface", "air"):
            continue
        if grid.ground_grid(u["space"]) == g and (model.is_ground(u) or model.is_installation(u)):
            return True
    return False


def _aboard(a: Unit) -> list[dict[str, object]]:
    """What a ship carries down with ``land``: its infantry, vehicles and airspeeders (kind, count)."""
    return [dict(t) for t in a.get("troops", []) + a.get("vehicles", []) if t["count"] > 0]


def landers(state: State, seat: str) -> list[Unit]:
    """``seat``'s ships landed on a ground grid's Surface that may act and carry troops, vehicles,
    airspeeders or embarked stacks: what ``land all`` puts down, by id."""
    return [u for _i, u in sorted(state["units"].items()) if u["faction"] == seat and _landed(u) and model.can_act(u)
            and not model.is_ground(u) and (_aboard(u) or u.get("embarked"))]


def land_all(state: State, seat: str) -> list[Event]:
    """``land all``: every ship of ``seat``'s landed on a Surface puts down all it carries, the whole
    army in one order (:func:`do_land` for each). All or nothing: refused (nothing changes) when no
    ship of the seat's has landed with anything aboard, when a grid it landed on is under orbital
    bombardment (TOTE-OB-04), or when the army would break an attacking force's cap on a grid
    (TOTE-FATIGUE-01, TOTE-GAP-44), the grid named."""
    ships = landers(state, seat)
    if not ships:
        raise OrderError("land all: no ship of yours has landed on a ground grid's Surface with troops, vehicles or "
                         "airspeeders aboard; fly a landing craft down first (e.g. move <aux> G-1/surface), then land")
    by_grid: dict[str, list[Unit]] = {}
    for a in ships:
        by_grid.setdefault(grid.ground_grid(a["space"]), []).append(a)
    for g, there in sorted(by_grid.items()):
        if g in bombarded(state):
            raise OrderError(f"land all: {g} is under orbital bombardment: no troops land there for 24 hours "
                             f"({', '.join(a['id'] for a in there)} landed there; TOTE-OB-04)")
        coming = [t for a in there for t in _aboard(a)] + [dict(state["units"][s]) for a in there for s in a.get("embarked", [])]
        inf, gav = _counts(force_of(state, seat, g) + coming)
        why = strikes.deployment_problem(inf, gav) if attacking(state, seat, g) else ""
        if why:
            raise OrderError(f"land all: the army cannot land all it carries on {g}: {why}; land ship by ship "
                             f"(land <ship> <squads>) (TOTE-FATIGUE-01)")
    events: list[Event] = []
    for a in ships:
        events += do_land(state, seat, str(a["id"]), None)
    return events


def do_land(state: State, seat: str, aux: str, squads: int | None) -> list[Event]:
    """A ship landed on a ground grid's Surface puts down what it carries (see the module): ``squads``
    limits the infantry (default: all); its vehicles, airspeeders and embarked stacks all come down.
    ``all`` for ``aux`` lands every ship of the seat's that has landed (:func:`land_all`).
    Refused for a ship not landed, one carrying nothing, or a force over the cap (TOTE-FATIGUE-01).
    New stacks are new units of the battle, on the record (``tote.land``)."""
    if aux == "all":
        if squads is not None:
            raise OrderError(f"land all puts down everything aboard every ship of yours that has landed; to put down "
                             f"{squads} squads give land <ship> {squads}")
        return land_all(state, seat)
    a = _unit(state, seat, aux)
    if not a["space"] or grid.kind(a["space"]) != "surface":
        raise OrderError(f"{aux} must have landed on a ground grid's Surface to put troops down; it is in {a['space']}")
    g = grid.ground_grid(a["space"])
    party = next((p for p in a.get("troops", []) if p["count"] > 0), None)
    vehicles = [v for v in a.get("vehicles", []) if v["count"] > 0]
    embarked = list(a.get("embarked", []))
    if party is None and not vehicles and not embarked:
        raise OrderError(f"{aux} carries no troops, vehicles or airspeeders")
    n = min(squads or party["count"], party["count"]) if party else 0
    if party and n < 1:
        raise OrderError("put down at least 1 squad")
    if g in bombarded(state):
        raise OrderError(f"{grid.label(a['space'])} is under orbital bombardment: no troops land there for 24 hours (TOTE-OB-04)")
    coming = [{"type": party["type"], "count": n}] if party else []
    coming += vehicles + [state["units"][s] for s in embarked]
    inf, gav = _counts(force_of(state, seat, g) + [dict(c) for c in coming])
    why = strikes.deployment_problem(inf, gav) if attacking(state, seat, g) else ""
    if why:
        raise OrderError(f"{aux} cannot land all it carries on {g}: {why} (TOTE-FATIGUE-01)")
    air = f"{g}/air"
    events: list[Event] = []

    def put(code: str, count: int, space: str) -> None:
        k = 1 + sum(1 for i in state["units"] if i.startswith(f"{aux}-T"))
        uid = f"{aux}-T{k}"
        state["units"][uid] = model.new_stack(uid, code, seat, space, count)
        state["units"][uid]["host"] = aux
        events.append(log(state, f"{aux} puts {count} {code} down on {grid.label(space)} as {uid}.", ["all"],
                               kind="tote.land", unit=uid))

    if party:
        put(party["type"], n, a["space"])
        party["count"] -= n
        a["troops"] = [p for p in a["troops"] if p["count"] > 0]
    for v in vehicles:
        put(v["type"], v["count"], air if _cls(v["type"]) == "airspeeder" else a["space"])
    a["vehicles"] = []
    for sid in embarked:
        s = state["units"][sid]
        s.update(space=air if _cls(s["type"]) == "airspeeder" else a["space"], embarked_in=None, host=aux)
        events.append(log(state, f"{aux} puts {sid} ({s['count']} {s['type']}) down on {grid.label(s['space'])}.",
                               ["all"], kind="tote.land"))
    a["embarked"] = []
    _start_clock(state, seat, g)
    _ordered(state, aux)
    return events


def do_embark(state: State, seat: str, ship: str, stacks: list[str] | None = None) -> list[Event]:
    """Ground stacks of ``seat`` (default: all of its stacks on the grid that are not garrisoned) go
    aboard ``ship``, landed on their grid's Surface, within its troop room (the DEFAULT of the
    module docstring). Raises OrderError saying what is wrong; nothing changes then."""
    host = _unit(state, seat, ship)
    if not _landed(host) or model.is_ground(host) or model.is_installation(host):
        raise OrderError(f"{ship} must be a ship of yours landed on a ground grid's Surface; it is in {host['space']}")
    g = grid.ground_grid(host["space"])
    if g in bombarded(state):
        raise OrderError(f"{g} is under orbital bombardment: no troops embark there for 24 hours (TOTE-OB-04)")
    if not stacks:
        stacks = sorted(u["id"] for u in force_of(state, seat, g))
        if not stacks:
            raise OrderError(f"{seat} has no infantry, vehicle or airspeeder stacks on {g} to embark")
    cap = int(model.spec(host).troop_capacity)
    used = room_used(state, host)
    for sid in stacks:
        s = _unit(state, seat, sid)
        if not model.is_ground(s):
            raise OrderError(f"{sid} is not a stack of infantry, vehicles or airspeeders")
        if not s["space"] or grid.ground_grid(s["space"]) != g:
            raise OrderError(f"{sid} is in {s['space']}, not on {g} where {ship} has landed")
        if s.get("garrisoned_in"):
            raise OrderError(f"{sid} is garrisoned in {s['garrisoned_in']}; a garrison stays at its post")
        need = _room(s["type"], s["count"])
        if used + need > cap:
            raise OrderError(f"{ship} has troop room for {cap}; {used} taken, {sid} needs {need}")
        used += need
    for sid in stacks:
        s = state["units"][sid]
        s.update(space=None, embarked_in=ship, fatigued=False, patrol=False)
        host.setdefault("embarked", []).append(sid)
        _ordered(state, sid)
    _ordered(state, ship)
    if not force_of(state, seat, g):
        clock = state.setdefault("fatigue", {}).get(seat, {}).get(g)
        if clock is not None:
            clock["left"] = int(state["turn"])
    return [log(state, f"{', '.join(stacks)} embark on {ship} on {grid.label(host['space'])}.", [to_seat(seat)],
                     kind="tote.embark")]


def _start_clock(state: State, seat: str, g: str) -> None:
    clocks = state.setdefault("fatigue", {}).setdefault(seat, {})
    day = int(state["turn"])
    clock = clocks.get(g)
    if clock is None:
        clocks[g] = {"since": day, "left": None}
        return
    if clock.get("left") is not None:
        days = strikes.fatigue_clock(day - int(clock["since"]), DAY_HOURS * (day - int(clock["left"])))
        clocks[g] = {"since": day - days, "left": None}


def days_deployed(state: State, seat: str, g: str) -> int:
    """Battle days ``seat``'s force has been deployed on ground grid ``g`` (0 if none)."""
    clock = state.get("fatigue", {}).get(seat, {}).get(g)
    return 0 if clock is None or clock.get("left") is not None else int(state["turn"]) - int(clock["since"])


def update_fatigue(state: State) -> list[Event]:
    """Mark every attacking force that has reached its fatigue day ``fatigued`` (-1 UCR) and clear
    the mark where it no longer holds (TOTE-FATIGUE-01/02/04, TOTE-GAP-44); one public event per
    force that tires. Called at the start of each battle day."""
    events: list[Event] = []
    for seat, clocks in sorted(state.get("fatigue", {}).items()):
        for g, clock in sorted(clocks.items()):
            force = force_of(state, seat, g)
            if not force:
                if clock.get("left") is None:
                    clock["left"] = int(state["turn"])
                continue
            inf, gav = _counts(force)
            hosts = {u.get("host") for u in force}
            landed = bool(hosts) and all(h in state["units"] and _landed(state["units"][h])
                                         and grid.ground_grid(state["units"][h]["space"]) == g for h in hosts)
            tired = attacking(state, seat, g) and strikes.fatigued(days_deployed(state, seat, g), inf, gav, host_landed=landed)
            fresh = [u for u in force if tired and not u.get("fatigued")]
            for u in force:
                u["fatigued"] = tired
            if fresh:
                events.append(log(state, f"{seat}'s force on {g} ({inf} squads, {gav} GAVs) has been deployed "
                                       f"{days_deployed(state, seat, g)} days: Combat Fatigue, -1 UCR.", ["all"],
                                       kind="tote.fatigue"))
    return events
