"""The ground defence of the campaign's worlds: each faction's Reserve Guard Force (RGF), its ground
PDF (TOTE-RGF-01..03, text "Ground PDF and RGF").

Every ground grid of a world where a faction has a standing facility that houses an RGF
(``houses_rgf``) holds that faction's RGF: at most 1 SF squadron, 100 infantry squads and 10 GAVs
(TOTE-RGF-03, :data:`.stock.RGF_LIMITS`), and only what its facilities in that grid can house
(their ``garrison`` room, TOTE-RGF-01). It starts as stock units of the faction's technology
(:func:`.stock.stock_rgf`, TOTE-RGF-02), is always active, and stands garrisoned in its facility
(``garrisoned_in``, TOTE-GARRISON-01..04, as the stronghold battle garrisons its command center).

RGF units are campaign units in ``c["units"]`` (conserved like every unit), marked ``rgf`` and
``bonus`` (ground defence: they count in no fleet and no CP, :func:`.fleets.counted`),
with ``system`` their world: they fight in its battles and never jump. Their owner sees them in
its ledger as ``ground_forces``; to everyone else they are what their sensors show.

The orders of the galaxy for an RGF ("can be upgraded if a player so chooses", TOTE-RGF-02; the
text says neither the price nor where or when, so the DEFAULT here is the text's own rule for stock
units, TOTE-STOCK-05, and the administration step of a post, TOTE-FLOW-05):

- ``upgrade <RGF unit> <type> [<count>]`` (:func:`upgrade`): stock units of the RGF (those that
  came free) are replaced 1-for-1 by purchased units of the same category (SF, GAV, Infantry) of
  the faction's technology, each paid at its full KC cost from the treasury; the stock ones stood
  down pay nothing back (TOTE-SCRAP-04). At once, in the same facility; not at a world in conflict
  (manufacturing stops there, TOTE-CONFLICT-03). A purchased unit is no longer stock (``built``).
- ``station <type> <count> <world> [<grid>]`` (:func:`buy_station`): purchased units are stationed
  ("permanently stationed", the text: housed in a facility) in the RGF of a ground grid where the
  faction has a facility that houses one, within its limits and its facilities' room
  (TOTE-RGF-01/03): how an RGF is brought back up after losses, or filled where a new facility
  has more room. Paid and at once as ``upgrade``; the grid defaults to that of the faction's first
  such facility there.
"""
from __future__ import annotations

from typing import Any

from core.errors import OrderError
from core.rulesets.tote.campaign import conflict
from core.rulesets.tote.rules import model
from core.rulesets.tote.rules.data import GroundUnitType, UnitType, facility_types, ground_types, unit_types
from core.rulesets.tote.rules.fleet import FACTION_TECH
from core.rulesets.tote.rules.galaxy import galaxy
from core.rulesets.tote.rules.model import FACTIONS
from core.rulesets.tote.rules.stock import RGF_LIMITS, check_replacement, stock_rgf

Campaign = dict[str, Any]
Event = dict[str, Any]

#: An RGF unit's category (TOTE-RGF-03) -> the facility garrison room it takes (TOTE-RGF-01).
ROOM_KEY = {"sf": "SF", "infantry": "INF", "gav": "GAV"}
#: The categories in the words players read.
WORDS = {"sf": "starfighter squadron", "infantry": "infantry squads", "gav": "ground assault vehicles"}


def category(code: str) -> str:
    """The RGF category of a unit type: ``sf``, ``infantry`` or ``gav``. Raises OrderError for any
    other (an RGF holds nothing else, TOTE-RGF-03)."""
    t = ground_types().get(code) or unit_types().get(code)
    cls = getattr(t, "cls", None)
    if cls not in ROOM_KEY:
        raise OrderError(f"{code!r} cannot serve in a Reserve Guard Force: it holds only a starfighter squadron, "
                         "infantry squads and ground assault vehicles (TOTE-RGF-03)")
    return str(cls)


def _grid(space: str | None) -> str:
    return str(space or "G-1/surface").split("/")[0]


def housing(c: Campaign, seat: str, world: str, grid: str) -> list[dict[str, Any]]:
    """``seat``'s standing facilities on ground grid ``grid`` of ``world`` that house an RGF, by id."""
    types = facility_types()
    return [f for _i, f in sorted(c.get("facilities", {}).items())
            if f["faction"] == seat and f.get("system") == world and not f.get("destroyed")
            and _grid(f.get("space")) == grid and types[f["type"]].houses_rgf]


def rgf(c: Campaign, seat: str, world: str, grid: str) -> list[dict[str, Any]]:
    """``seat``'s RGF units on ground grid ``grid`` of ``world`` (not destroyed), by id."""
    return [u for _i, u in sorted(c["units"].items()) if u.get("rgf") and u["faction"] == seat
            and u.get("system") == world and _grid(u.get("space")) == grid and not u.get("destroyed")]


def strength(u: dict[str, Any]) -> int:
    """How many of its category an RGF unit counts for: a stack its count, an SF squadron 1."""
    return int(u.get("count", 1))


def limits(c: Campaign, seat: str, world: str, grid: str) -> dict[str, int]:
    """What ``seat``'s RGF on ``grid`` of ``world`` may hold, by category: the TOTE-RGF-03 limits,
    cut to the room of its facilities there (TOTE-RGF-01; none without a facility)."""
    rooms = [dict(facility_types()[f["type"]].garrison) for f in housing(c, seat, world, grid)]
    return {cat: min(cap, sum(r.get(ROOM_KEY[cat], 0) for r in rooms)) for cat, cap in RGF_LIMITS.items()}


def station(c: Campaign, seat: str, world: str, grid: str, code: str, count: int) -> list[str]:
    """Station ``count`` of unit type ``code`` in ``seat``'s RGF on ``grid`` of ``world``, garrisoned
    in its facilities there (first with room first). Returns the new unit ids. Raises OrderError
    (nothing changes) for a type an RGF cannot hold, a grid without a facility of the seat that
    houses an RGF (TOTE-RGF-01), or more than its limits or its facilities' room (TOTE-RGF-03)."""
    cat = category(code)
    if count < 1:
        raise OrderError(f"station at least one {WORDS[cat]}, not {count}")
    homes = housing(c, seat, world, grid)
    if not homes:
        raise OrderError(f"no facility of yours on {grid} at {_world(world)} houses a Reserve Guard Force: "
                         "an RGF stands only in a ground grid with a facility (TOTE-RGF-01)")
    cap = limits(c, seat, world, grid)[cat]
    have = sum(strength(u) for u in rgf(c, seat, world, grid) if category(u["type"]) == cat)
    if have + count > cap:
        raise OrderError(f"the RGF on {grid} at {_world(world)} holds at most {cap} {WORDS[cat]} (TOTE-RGF-01/03); "
                         f"it has {have}, so {cap - have} more at most, not {count}")
    faction = c["seats"][seat]
    n = sum(1 for i in c["units"] if i.startswith(f"{faction}-RGF"))
    made: list[str] = []
    left = count
    for f in homes:
        room = dict(facility_types()[f["type"]].garrison).get(ROOM_KEY[cat], 0)
        room -= sum(strength(u) for u in rgf(c, seat, world, grid) if u.get("garrisoned_in") == f["id"]
                    and category(u["type"]) == cat)
        take = min(room, left)
        if take <= 0:
            continue
        space = f.get("space") or f"{grid}/surface"
        if cat == "sf":  # a squadron, one unit each (TOTE-RGF-03 allows one)
            for _ in range(take):
                n += 1
                u = model.new_unit(f"{faction}-RGF{n}", code, seat, space)
                u["garrisoned_in"] = f["id"]
                made.append(_enlist(c, u, world))
        else:
            n += 1
            made.append(_enlist(c, model.new_stack(f"{faction}-RGF{n}", code, seat, space, take, garrisoned_in=f["id"]), world))
        left -= take
        if left == 0:
            break
    return made


def _enlist(c: Campaign, u: dict[str, Any], world: str) -> str:
    """Put RGF unit ``u`` into the campaign at ``world``: ground defence, in no fleet (TOTE-RGF-02)."""
    u.update(system=world, transit=None, rgf=True, bonus=True, fleet_of=u["faction"])
    c["units"][u["id"]] = u
    return str(u["id"])


def raise_rgf(c: Campaign, seat: str, world: str, grid: str) -> list[str]:
    """Fill ``seat``'s RGF on ``grid`` of ``world`` with stock units of its technology up to what it
    may hold (TOTE-RGF-01..03); nothing where it is full or there is no facility. Returns the new ids."""
    made: list[str] = []
    room = limits(c, seat, world, grid)
    rehome(c, seat, world, grid)
    for code, _n in stock_rgf(c["seats"][seat]).items():
        cat = category(code)
        have = sum(strength(u) for u in rgf(c, seat, world, grid) if category(u["type"]) == cat)
        if room[cat] > have:
            made += station(c, seat, world, grid, code, room[cat] - have)
    return made


def rehome(c: Campaign, seat: str, world: str, grid: str) -> list[str]:
    """RGF units on ``grid`` of ``world`` whose facility has fallen take cover in a standing facility
    of ``seat``'s there with room for them (TOTE-RGF-01, TOTE-GARRISON-01), first with room first.
    Returns the ids moved."""
    homes = housing(c, seat, world, grid)
    standing = {f["id"] for f in homes}
    moved = []
    for u in rgf(c, seat, world, grid):
        if u.get("garrisoned_in") in standing:
            continue
        cat = category(u["type"])
        for f in homes:
            used = sum(strength(x) for x in rgf(c, seat, world, grid) if x.get("garrisoned_in") == f["id"]
                       and category(x["type"]) == cat)
            if used + strength(u) <= dict(facility_types()[f["type"]].garrison).get(ROOM_KEY[cat], 0):
                u["garrisoned_in"] = f["id"]
                u["space"] = f.get("space") or u.get("space")
                moved.append(str(u["id"]))
                break
    return moved


def start(c: Campaign) -> None:
    """At the campaign's start every facility that houses an RGF gets its faction's stock RGF in its
    ground grid (the Faction Command Center at each stronghold, the Palace at Coruscant)."""
    for _fid, f in sorted(c.get("facilities", {}).items()):
        if not f.get("destroyed") and facility_types()[f["type"]].houses_rgf:
            raise_rgf(c, f["faction"], f["system"], _grid(f.get("space")))


def on_facility(c: Campaign, f: dict[str, Any]) -> list[Event]:
    """A new facility stands (:func:`.build.complete`): its grid's RGF is raised to what it
    may now hold. Returns the event for its owner (none when nothing was added)."""
    if f.get("destroyed") or not facility_types()[f["type"]].houses_rgf:
        return []
    made = raise_rgf(c, f["faction"], f["system"], _grid(f.get("space")))
    if not made:
        return []
    what = ", ".join(_line(c["units"][i]) for i in made)
    return [{"kind": "campaign.build", "to": [f["faction"]], "turn": c["turn"],
             "text": f"Your Reserve Guard Force takes post in {f['id']}: {what} (TOTE-RGF-02)."}]


def _line(u: dict[str, Any]) -> str:
    t = ground_types().get(u["type"]) or unit_types().get(u["type"])
    name = getattr(t, "name", u["type"])
    return f"{strength(u)} × {name}" if "count" in u else f"{u['id']} ({name})"


def check_stays(c: Campaign, uid: str) -> None:
    """Raises OrderError when ``uid`` is an RGF unit: ground defence stays at its world (it never jumps)."""
    u = c["units"].get(uid)
    if u is not None and u.get("rgf"):
        raise OrderError(f"{uid} is in the Reserve Guard Force at {u.get('system')}, garrisoned in "
                         f"{u.get('garrisoned_in')}: ground defence stays at its world (TOTE-RGF-01)")


def ledger(c: Campaign, seat: str) -> dict[str, Any]:
    """``seat``'s ground forces for its ledger: each RGF unit standing, as ``"<id>: <n> × <name>
    (stock|purchased) in the <facility> (<id>) at <world> (<grid>)"`` (the id for ``upgrade``), sorted
    (a secret of the seat's)."""
    planets = galaxy().planets
    facilities = c.get("facilities", {})

    def home(fid: Any) -> str:
        f = facilities.get(str(fid))
        return f"the {facility_types()[f['type']].name} ({fid})" if f else str(fid)
    rows = [f"{u['id']}: {strength(u)} × {_name(u['type'])} ({'purchased' if u.get('built') else 'stock'}) "
            f"in {home(u.get('garrisoned_in'))} at "
            f"{planets[u['system']].name if u.get('system') in planets else u.get('system')} ({_grid(u.get('space'))})"
            for u in c["units"].values() if u.get("rgf") and u["faction"] == seat and not u.get("destroyed")]
    return {"ground_forces": sorted(rows)}


def summary(c: Campaign, seat: str) -> str:
    """One line on ``seat``'s Reserve Guard Forces for the GM's books: infantry squads, GAVs and SF
    squadrons standing, and the worlds they guard (``ground forces: none`` without any)."""
    units = [u for u in c["units"].values() if u.get("rgf") and u["faction"] == seat and not u.get("destroyed")]
    if not units:
        return "ground forces: none"
    total = {cat: sum(strength(u) for u in units if category(u["type"]) == cat) for cat in RGF_LIMITS}
    planets = galaxy().planets
    worlds = sorted({planets[u["system"]].name if u["system"] in planets else str(u["system"]) for u in units})
    return (f"ground forces: {total['infantry']} infantry squads, {total['gav']} GAVs, {total['sf']} SF squadron"
            f"{'' if total['sf'] == 1 else 's'} at {', '.join(worlds)}")


# ---- the orders: upgrade and station (see the module) --------------------------------------------

def _name(code: str) -> str:
    t = ground_types().get(code) or unit_types().get(code)
    return str(getattr(t, "name", code))


def rgf_cost(code: str) -> int:
    """The KC a unit of ``code`` costs (0 for an unknown code)."""
    t = ground_types().get(code) or unit_types().get(code)
    return int(getattr(t, "cost_kc", 0))


def rgf_types(faction: str) -> list[str]:
    """The unit types ``faction`` may put in a Reserve Guard Force by purchase: SF squadrons, infantry
    and GAVs of its technology that have a KC cost (TOTE-RGF-03, TOTE-FACTION-11)."""
    tags = set(FACTION_TECH.get(faction, ()))
    types: list[tuple[str, UnitType | GroundUnitType]] = [*unit_types().items(), *ground_types().items()]
    return sorted(c for c, t in types if t.cls in ROOM_KEY and set(t.tech) & tags and t.cost_kc > 0)


def own_rgf(c: Campaign, seat: str) -> list[str]:
    """The ids of ``seat``'s RGF units standing."""
    return sorted(i for i, u in c["units"].items() if u.get("rgf") and u["faction"] == seat and not u.get("destroyed"))


def _check_buy(c: Campaign, seat: str, code: str, world: str, count: int, what: str) -> int:
    """The KC ``count`` of ``code`` cost; raises OrderError (nothing changes) for a type not of the
    seat's technology, a world in conflict, or a treasury short of it."""
    faction = c["seats"][seat]
    if code not in rgf_types(faction):
        raise OrderError(f"{code!r} is not a unit {FACTIONS.get(faction, faction)} can put in its Reserve Guard "
                         f"Force: a starfighter squadron, infantry or a GAV of its technology; yours: {', '.join(rgf_types(faction))}")
    if conflict.in_conflict(c["status"], world):
        raise OrderError(f"{_world(world)} is in conflict: no {what} while it is (manufacturing stops there, TOTE-CONFLICT-03)")
    cost = rgf_cost(code) * count
    if c["treasury"][seat] < cost:
        raise OrderError(f"{count} × {_name(code)} cost {cost} KC ({rgf_cost(code)} each); you have {c['treasury'][seat]} KC")
    return cost


def _pay(c: Campaign, seat: str, kc: int) -> None:
    c["treasury"][seat] -= kc
    c.setdefault("spent", {}).setdefault(seat, 0)
    c["spent"][seat] += kc


def _world(world: Any) -> str:
    planets = galaxy().planets
    return planets[world].name if world in planets else str(world)


def upgrade(c: Campaign, seat: str, uid: str, code: str, count: int | None = None) -> list[Event]:
    """``seat`` replaces ``count`` (default: all) stock units of its RGF unit ``uid`` 1-for-1 by
    purchased ``code`` of the same category, paying their cost (TOTE-RGF-02, TOTE-STOCK-05; see the
    module). Returns the owner's event. Raises OrderError (nothing changes) for a unit not of the
    seat's RGF, one already purchased, another category, a type not of its technology, a count
    out of range, a world in conflict or too few KC."""
    u = c["units"].get(uid)
    if u is None or not u.get("rgf") or u["faction"] != seat or u.get("destroyed"):
        raise OrderError(f"{uid} is not a unit of your Reserve Guard Force; yours: {', '.join(own_rgf(c, seat)) or 'none'}")
    if u.get("built"):
        raise OrderError(f"{uid} is purchased already, not stock: an upgrade replaces stock units (TOTE-RGF-02, STOCK-05)")
    code = str(code).upper()
    if code == u["type"]:
        raise OrderError(f"{uid} is {_name(code)} already; upgrade it to another type of its kind")
    if code not in ground_types() and code not in unit_types():
        raise OrderError(f"no unit type {code!r}; an upgrade names a type of your technology: "
                         f"{', '.join(rgf_types(c['seats'][seat]))}")
    breaches = check_replacement(u["type"], code)
    if breaches:
        raise OrderError(f"{breaches[0].text} ({breaches[0].rule}, the upgrade of an RGF, TOTE-RGF-02)")
    have = strength(u)
    n = have if count is None else int(count)
    if not 1 <= n <= have:
        raise OrderError(f"{uid} has {have} to upgrade; upgrade from 1 to {have}, not {n}")
    cost = _check_buy(c, seat, code, str(u["system"]), n, "upgrade")
    space, home = u.get("space"), u.get("garrisoned_in")
    if n == have:  # the whole unit: a new one in its place, under its id
        new = model.new_stack(uid, code, seat, space, n, garrisoned_in=home) if "count" in u else model.new_unit(uid, code, seat, space)
        if home:
            new["garrisoned_in"] = home
        made = uid
    else:  # some of a stack: the rest stay stock
        u["count"] -= n
        u["full"] = max(int(u.get("full", have)) - n, int(u["count"]))
        faction = c["seats"][seat]
        k = 1 + sum(1 for i in c["units"] if i.startswith(f"{faction}-RGF"))
        made = f"{faction}-RGF{k}"
        new = model.new_stack(made, code, seat, space, n, garrisoned_in=home)
    new["built"] = True  # purchased: no longer stock (TOTE-GAP-58)
    _enlist(c, new, str(u["system"]))
    _pay(c, seat, cost)
    return [{"kind": "campaign.build", "to": [seat], "turn": c["turn"],
             "text": f"Your Reserve Guard Force at {_world(u['system'])} is upgraded: {n} × {_name(u['type'])} (stock) "
                     f"stood down for {n} × {_name(code)} ({made}) in {_facility(c, home)}, {cost} KC (TOTE-RGF-02)."}]


def _facility(c: Campaign, fid: Any) -> str:
    f = c.get("facilities", {}).get(str(fid))
    return f"the {facility_types()[f['type']].name} ({fid})" if f else str(fid)


def buy_station(c: Campaign, seat: str, code: str, count: int, world: str, grid: str | None = None) -> list[Event]:
    """``seat`` buys ``count`` of ``code`` and stations them in its RGF on ``grid`` of ``world``
    (default: the grid of its first facility there that houses an RGF), paying their cost
    (TOTE-RGF-01/03; see the module). Returns the owner's event. Raises OrderError (nothing changes)
    for a type an RGF cannot hold or not of the seat's technology, no facility of its there, more
    than the RGF's limits or its facilities' room, a world in conflict or too few KC."""
    code = str(code).upper()
    category(code)
    if grid is None:
        homes = [f for _i, f in sorted(c.get("facilities", {}).items()) if f["faction"] == seat and f.get("system") == world
                 and not f.get("destroyed") and facility_types()[f["type"]].houses_rgf]
        if not homes:
            raise OrderError(f"no facility of yours at {_world(world)} houses a Reserve Guard Force: an RGF stands only "
                             "in a ground grid with a facility (TOTE-RGF-01)")
        grid = _grid(homes[0].get("space"))
    cost = _check_buy(c, seat, code, world, count, "stationing")
    made = station(c, seat, world, grid, code, count)
    for i in made:
        c["units"][i]["built"] = True  # purchased: not stock (TOTE-GAP-58)
    _pay(c, seat, cost)
    return [{"kind": "campaign.build", "to": [seat], "turn": c["turn"],
             "text": f"{count} × {_name(code)} stationed in your Reserve Guard Force on {grid} at {_world(world)} "
                     f"({', '.join(made)}), {cost} KC (TOTE-RGF-01)."}]
