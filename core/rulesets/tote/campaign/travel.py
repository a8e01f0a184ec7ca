"""Hyperspace travel across the galaxy: plotting a course, the hours a fleet spends in hyperspace,
departures and arrivals on the clock (TOTE-MAP-05/06/07, TOTE-FLEETHYP-01, TOTE-GAP-06/07/09,
TOTE-TIME-04/06, TOTE-EX-25/26). Pure functions: they read plain dicts and return new ones with events.

The campaign state piece this module writes (the integrator keeps it, :mod:`.sensors` reads it): a
**campaign unit** is a unit instance of :mod:`.model` plus ``system`` (the world id it is at, or None
in hyperspace) and ``transit``: None, or while in hyperspace ``{"from", "to" (world ids), "path"
(the world ids of the course), "route_hours" (before the hyperdrive class), "hours" (the trip:
TOTE-GAP-06), "depart_hour", "arrive_hour" (game hours, :mod:`.clock`), "arrive_turn", "fleet"
(the id of the jump, shared by the units that jumped together), "by" (the faction that jumped)}``.
A unit in hyperspace has no ``space``; on arrival the integrator places it with
:func:`.movement.arrive` (TOTE-HYPER-01..03). ``faction`` is what a unit's ``faction`` holds: the
owning seat.

Events go to the owner (``seat:<faction>``) and, for the departure notice, to everyone: the owner,
the system left and how many capital ships, never the destination (TOTE-GAP-39, TOTE-FLOW-07).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from core.errors import OrderError
from core.events import Event, event, to_seat
from core.rulesets.tote.battle import movement
from core.rulesets.tote.battle.views import natural
from core.rulesets.tote.campaign.comms import departure_notice
from core.rulesets.tote.rules import clock as clk
from core.rulesets.tote.rules import model
from core.rulesets.tote.rules.data import resolve, unit_types
from core.rulesets.tote.rules.fleet import fleet_hyper_hours
from core.rulesets.tote.rules.galaxy import Galaxy, Route

Unit = dict[str, Any]


@dataclass(frozen=True)
class Course:
    """A plotted hyperspace course: the world ids in order, its links and route-hours (TOTE-MAP-05)."""

    path: tuple[str, ...]
    links: tuple[Route, ...]
    route_hours: int

    @property
    def origin(self) -> str:
        """The departure world's id."""
        return self.path[0]

    @property
    def destination(self) -> str:
        """The destination world's id."""
        return self.path[-1]

    def text(self, g: Galaxy) -> str:
        """The course for a player: ``Coruscant -6 h- Corellia -6 h- Ithor (12 h)``."""
        parts = [g.planets[self.path[0]].name]
        for r, w in zip(self.links, self.path[1:]):
            parts.append(f"-{r.hours} h{' uncharted' if r.type == 'uncharted' else ''}- {g.planets[w].name}")
        return " ".join(parts) + f" ({self.route_hours} h)"


def plot(g: Galaxy, origin: str, destination: str, via: Iterable[str] = ()) -> Course:
    """The course from ``origin`` to ``destination`` (world ids or names): through the worlds ``via``
    in order, one route each, as the player plots it (TOTE-MAP-05), or the fastest path the engine
    offers when ``via`` is empty (TOTE-MAP-06, TOTE-GAP-08). Raises ValueError naming an unknown
    world, a pair no route joins, or a trip to where the fleet already is."""
    a, b = g.world(origin).id, g.world(destination).id
    if a == b:
        raise ValueError(f"the fleet is already at {g.planets[a].name}")
    stops = [g.world(w).id for w in via]
    if stops:
        path = [a] + stops + [b]
        hours = g.path_hours(path)
    else:
        hours, path = g.fastest(a, b)
    links = tuple(g.route(x, y) for x, y in zip(path, path[1:]))
    return Course(tuple(path), links, hours)  # type: ignore[arg-type]  # links has no None: path_hours raises for a pair no route joins, fastest walks only routes


def trip_hours(route_hours: int, codes: Iterable[str]) -> int:
    """Hours in hyperspace for a trip of ``route_hours`` by a fleet of unit ``codes``: times its
    slowest hyperdrive class, rounded up (TOTE-FLEETHYP-01, TOTE-GAP-06; :func:`.fleet.fleet_hyper_hours`).
    Raises ValueError when no unit has a hyperdrive."""
    return fleet_hyper_hours(codes, route_hours)


def _why_hours(units: Mapping[str, dict[str, Any]], jumpers: list[str], route_hours: int, hours: int, speedup_pct: int) -> str:
    """Why a trip takes ``hours`` for ``route_hours`` of routes, when they differ: the fleet moves at its
    slowest hyperdrive rating (TOTE-FLEETHYP-01: 36 h of routes at class 2 take 72 h), less its Hero's speed-up."""
    if hours == route_hours:
        return ""
    types = unit_types()
    rated = [(types[resolve(units[u]["type"])].hyperdrive, u) for u in jumpers
             if types[resolve(units[u]["type"])].hyperdrive is not None]
    rating, slowest = max(rated, key=lambda r: (float(r[0] or 0), r[1]))
    hero = f", less {speedup_pct}% for its Hero" if speedup_pct else ""
    return (f" ({route_hours} h of routes at hyperdrive class {rating}, the rating of its slowest ship "
            f"{slowest}{hero})")


def arrival_turn(turn: int, hours: int, c: clk.Clock | None = None) -> int:
    """The turn at whose start a fleet that jumps in ``turn`` for ``hours`` arrives: ``turn +
    ⌈hours/24⌉`` with 24-hour turns (TOTE-GAP-07; TOTE-EX-25)."""
    return clk.due_turn(turn, hours, c)


def jump_uses_post(in_combat: bool, friendly_system: bool) -> bool:
    """Whether entering hyperspace uses the day's post: a withdrawal from battle does
    (TOTE-TIME-06); a jump while not in combat never does (TOTE-TIME-04 b, TOTE-GAP-07). A jump
    from a friendly system does not (TOTE-TIME-04 a) unless it is a withdrawal from a battle there:
    the text's "Withdrawing from battle DOES count" is read as the narrower rule."""
    del friendly_system  # TIME-04 (a) never frees a withdrawal: see the docstring
    return bool(in_combat)


def _group(units: Mapping[str, Unit], faction: str, ids: Iterable[str], towed: Iterable[str]) -> tuple[list[str], list[str], str]:
    """The ids that jump (the given ones, everything aboard them: craft and embarked ground stacks, the
    towed) and the system they share."""
    ids, towed = list(dict.fromkeys(ids)), list(dict.fromkeys(towed))
    if not ids:
        raise OrderError("name the units that jump, e.g. 'jump GE-1,GE-2 to Kuat'")
    systems: set[Any] = set()
    for uid in ids + towed:
        if uid not in units:
            raise OrderError(f"there is no unit {uid!r}")
        u = units[uid]
        if u.get("transit"):
            raise OrderError(f"{uid} is already in hyperspace, bound for {u['transit']['to']}")
        systems.add(u.get("system"))
    for uid in ids:
        if units[uid].get("faction") != faction:
            raise OrderError(f"{uid} is not yours")
        movement.check_jump(units[uid], movement.mover_of(model.spec(units[uid])), in_combat=False)
    for uid in towed:
        if units[uid].get("tractored_by") != faction:
            raise OrderError(f"{uid} is not under your complete tractor control, so it cannot be taken into hyperspace (TOTE-TRACTOR-06)")
    if len(systems) != 1 or None in systems:
        raise OrderError(f"units that jump together must be in one system; these are at {', '.join(sorted(map(str, systems)))}")
    aboard: list[str] = []
    queue = list(ids + towed)
    while queue:
        outer = units[queue.pop()]
        for inner in list(outer.get("carried") or []) + list(outer.get("embarked") or []):  # craft, and ground stacks aboard
            if inner in units and inner not in aboard:
                aboard.append(inner)
                queue.append(inner)
    return ids, aboard + towed, str(systems.pop())


def depart(g: Galaxy, units: Mapping[str, Unit], faction: str, ids: Iterable[str], destination: str, turn: int, *,
           via: Iterable[str] = (), towed: Iterable[str] = (), fleet_id: str = "", label: str = "",
           c: clk.Clock | None = None, speedup_pct: int = 0) -> tuple[dict[str, Unit], list[Event]]:
    """``faction``'s units ``ids`` (with everything aboard them and the ``towed`` ships under its
    complete control, TOTE-TRACTOR-06) enter hyperspace in ``turn`` for ``destination``, along the
    plotted ``via`` worlds or the fastest course. The fleet moves at its slowest hyperdrive
    (TOTE-FLEETHYP-01); craft aboard and ships in tow ride along without slowing it (TOTE-GAP-06).
    Returns the changed units (new dicts: ``system`` None, ``space`` None, ``transit`` set) and the
    events: the owner's course and arrival turn, and everyone's notice of the departure without its
    destination (TOTE-GAP-39), naming the owner as ``label`` (its faction's name) if given.
    ``speedup_pct`` shortens the trip by that many percent, rounded up to whole hours and at least 1
    (a Hero's ``hyper_time_pct``, TOTE-DATA-09). Raises
    OrderError (a clear reason) for units that may not jump or a course that cannot be flown."""
    c = c or clk.clock()
    jumpers, riders, origin = _group(units, faction, ids, towed)
    try:
        course = plot(g, origin, destination, via)
    except OrderError:
        raise
    except ValueError as e:  # an unknown world or a broken course: the player's words, refused
        raise OrderError(str(e)) from e
    try:
        hours = trip_hours(course.route_hours, [units[u]["type"] for u in jumpers])
    except ValueError as e:
        raise OrderError(f"no unit named has a hyperdrive: {e}") from e
    if speedup_pct:
        hours = max(1, -(-hours * (100 - speedup_pct) // 100))
    start = clk.turn_start_hour(turn, c)
    arrive = arrival_turn(turn, hours, c)
    fid = fleet_id or f"{faction}-{turn}-{jumpers[0]}"
    transit = {"from": origin, "to": course.destination, "path": list(course.path), "route_hours": course.route_hours,
               "hours": hours, "depart_hour": start, "arrive_hour": start + hours, "arrive_turn": arrive, "fleet": fid, "by": faction}
    out = {uid: dict(units[uid], system=None, space=None, transit=dict(transit)) for uid in jumpers + riders}
    here = g.planets[origin].name
    notice = departure_notice([units[uid] for uid in jumpers], origin, start, owner_name=label or faction, place=here)
    events = [
        event("jump", f"{', '.join(jumpers)} jump from {here}: {course.text(g)}, "
              f"{hours} h in hyperspace{_why_hours(units, jumpers, course.route_hours, hours, speedup_pct)}; "
              f"arriving at the start of turn {arrive}.", [to_seat(faction)], turn,
              fleet=fid, units=jumpers + riders, origin=origin, destination=course.destination, hours=hours, arrive_turn=arrive),
        event("departed", f"{notice['text']}.", ["all"], turn, faction=faction, origin=origin,
              capital_ships=notice["ships"], notice=notice),
    ]
    return out, events


def in_transit(units: Mapping[str, Unit], faction: str | None = None) -> dict[str, list[str]]:
    """The jumps under way: fleet id -> its unit ids, of ``faction`` only if given (the owner's calendar)."""
    out: dict[str, list[str]] = {}
    for uid, u in units.items():
        t = u.get("transit")
        if t and (faction is None or u.get("faction") == faction):
            out.setdefault(str(t.get("fleet", "")), []).append(uid)
    return out


def exit_status(system: str, faction: str, owners: Mapping[str, Any], *, friends: Iterable[str] = (),
                known: Iterable[str] = ()) -> str:
    """How ``faction``'s ships may leave hyperspace at ``system`` (the ``status`` of
    :func:`.grid.hyper_exit_spaces`): ``friendly`` when it or one of ``friends`` holds the world
    (``owners``: world id -> holder), ``scanned`` when the world is in ``known`` (the faction completed
    an active scan of it or had a unit there before, TOTE-GAP-10), else ``hostile``: a Deep Space
    Zone only (TOTE-HYPER-01, TOTE-HYPER-03)."""
    holder = owners.get(system)
    if holder is not None and (holder == faction or holder in set(friends)):
        return "friendly"
    return "scanned" if system in set(known) else "hostile"


def inbound(units: Mapping[str, Unit], faction: str) -> list[dict[str, Any]]:
    """``faction``'s own jumps under way, for its calendar and map (:func:`.galaxy.map_board`'s
    ``inbound``): ``{"fleet", "to", "arrive_turn", "arrive_hour", "ships", "units"}`` by arrival, then
    fleet id. Only the jumps it made itself: ships it took in tow count, nobody else's appear."""
    out: dict[str, dict[str, Any]] = {}
    for uid in sorted(units):
        t = units[uid].get("transit")
        if not t or (t.get("by") or units[uid].get("faction")) != faction:
            continue
        f = out.setdefault(str(t.get("fleet", "")), {"fleet": str(t.get("fleet", "")), "to": t["to"], "arrive_turn": t["arrive_turn"],
                                                     "arrive_hour": t["arrive_hour"], "ships": 0, "units": []})
        f["units"].append(uid)
        if not units[uid].get("carried_by"):
            f["ships"] += 1
    return sorted(out.values(), key=lambda f: (f["arrive_hour"], f["fleet"]))


def arrivals(g: Galaxy, units: Mapping[str, Unit], turn: int, c: clk.Clock | None = None) -> tuple[dict[str, Unit], list[Event]]:
    """The units whose trip ends by the start of ``turn`` (arrive_hour at or before its start hour,
    TOTE-GAP-07): new dicts at their destination (``system`` set, ``transit`` None, ``space`` None
    and no movement points until placed, TOTE-HYPER-02), and one event per fleet for its owner.
    Where they exit and who detects them is the integrator's (TOTE-HYPER-01/03, TOTE-SCAN-14)."""
    start = clk.turn_start_hour(turn, c)
    out: dict[str, Unit] = {}
    fleets: dict[str, list[str]] = {}
    for uid in sorted(units):
        u = units[uid]
        t = u.get("transit")
        if t and int(t["arrive_hour"]) <= start:
            out[uid] = dict(u, system=t["to"], space=None, transit=None, mp=0)
            fleets.setdefault(str(t.get("fleet", "")), []).append(uid)
    events = []
    for fid, ids in fleets.items():
        t = units[ids[0]]["transit"]
        owner = t.get("by") or units[ids[0]].get("faction", "")
        events.append(event("arrived", f"{arrival_words(units, ids)} at {g.planets[t['to']].name} out of hyperspace.",
                            [to_seat(str(owner))], turn, fleet=fid, units=ids, system=t["to"]))
    return out, events


def arrival_words(units: Mapping[str, Unit], ids: list[str]) -> str:
    """Who arrives, for their owner: the ships by class and id, the craft aboard counted
    ("Imperial Escort Carrier GE-11, with 8 craft aboard, arrives", "... GE-8 and ... GE-11 arrive")."""
    ships = sorted((u for u in ids if not units[u].get("carried_by")), key=natural)
    named = [f"{_type_name(units[u])} {u}" for u in ships] or [", ".join(sorted(ids, key=natural))]
    craft = len(ids) - len(ships)
    text = named[0] if len(named) == 1 else ", ".join(named[:-1]) + " and " + named[-1]
    if craft and ships:
        text += f", with {craft} craft aboard,"
    return text + (" arrives" if len(ships if ships else ids) == 1 else " arrive")


def _type_name(u: Unit) -> str:
    try:
        return str(model.spec(u).name)
    except KeyError:
        return str(u.get("type", ""))
