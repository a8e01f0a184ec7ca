"""Heroes in Twilight of the Empire: the player characters on the map, their levels and abilities, the
second Hero a player may train, death for good, the rule that guards them in ground combat, and the
Independent Freelancer's start (TOTE-HERO-01..06, TOTE-DATA-09, TOTE-GAP-30, TOTE-START-03, TOTE-GAP-49).

The Hero classes are data (``data/heroes.toml``), read once and checked at load: a bad entry fails
the load with a :class:`DataError` naming its file and class. Every function here is pure: it reads
plain JSON-able dicts and returns new ones and events; none changes its inputs.

State pieces the integrator keeps:

- a **Hero** (TOTE-HERO-01: a unit on the map with a location) is ``{"id", "faction", "class" (a
  class of :func:`hero_classes`), "name", "level" (1..level_cap), "system" (its star system, None
  while in hyperspace), "host" (the id of the ship or facility it rides aboard, or None), "space"
  (the ground grid it stands in, ``G-q``, when not aboard), "dead" (bool), "died_hour" (None or the
  game hour of its death)}``. Aboard a host, the host's ``system`` and ``space`` are the Hero's
  (:func:`locate`);
- a **training** (TOTE-GAP-30) is a clock timer ``{"id", "kind": "construction", "due_hour",
  "what": "hero", "faction", "class", "name", "system", "fcc" (the Command Center's id), "hero_id"}`` (see :mod:`.clock`); when it
  falls due :func:`finish_training` makes the Hero.

An event is ``{"kind", "text", "to": [factions]}`` (the GM sees every event) or ``{..., "public":
True}`` for all (see :func:`.sensors.visible_to`). A Hero's level, abilities and whereabouts are its
owner's alone (catalog 5.5); its death in combat is public, as every combat action is (TOTE-COMMS-05).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Any, Iterable, Mapping

from core.errors import DataError, OrderError
from core.packaged import packaged_toml
from core.rulesets.tote.rules import data
from core.rulesets.tote.rules.fleet import check_fleet
from core.rulesets.tote.rules.galaxy import galaxy
from core.rulesets.tote.rules.missions import missions
from core.rulesets.tote.rules.specs import TECH

Record = dict[str, Any]
PACKAGE = "core.rulesets.tote"
FILE = "data/heroes.toml"
#: Heroes a player may have in one campaign, dead ones counted: the first and 1 extra (TOTE-HERO-04).
MAX_HEROES = 2
#: TOTE-GAP-30: training the second Hero, at the Faction Command Center.
TRAIN_COST_KC = 5000
TRAIN_DAYS = 14
#: The effect DSL (TOTE-DATA-09): each effect's arguments, ``scope`` (one of SCOPES) or ``int``.
EFFECTS: dict[str, tuple[str, ...]] = {
    "ucr_bonus": ("scope", "int"), "cp_bonus": ("int",), "scan_time_hours": ("int",), "scan_range": ("int",),
    "reveal_destinations": ("int",), "income_bonus_kc": ("int",), "repair_bonus_pct": ("int",),
    "hyper_time_pct": ("int",), "ground_damage_pct": ("int",), "salvage_bonus_pct": ("int",),
}
SCOPES = ("capitals_same_grid", "ships_in_system", "sf_same_grid", "ground_same_grid")
_CALL = re.compile(r"^([a-z_]+)\((.*)\)$")
_INT = re.compile(r"^[+-]?\d+$")


@dataclass(frozen=True)
class Effect:
    """One ability: an effect of the DSL and its arguments, e.g. ``ucr_bonus(capitals_same_grid,+1)``."""

    name: str
    scope: str | None
    value: int

    def __str__(self) -> str:
        sign = f"{self.value:+d}" if self.name not in ("scan_time_hours", "reveal_destinations") else str(self.value)
        return f"{self.name}({self.scope},{sign})" if self.scope else f"{self.name}({sign})"


@dataclass(frozen=True)
class FreelancerStart:
    """The Independent Freelancer's start package (TOTE-START-03, TOTE-GAP-49)."""

    kc: int
    cp_cap: int
    tech: tuple[str, ...]
    system: str
    units: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class HeroClass:
    """A Hero class (TOTE-DATA-09): its abilities level by level, the upgrade cost and its mission."""

    id: str
    name: str
    text: str
    level_cap: int
    upgrade_cost_kc: int
    hp: int
    mission: str
    names: tuple[str, ...]
    levels: tuple[Effect, ...]
    start: FreelancerStart | None = None


#: How each scope of ``ucr_bonus`` reads to a player.
SCOPE_WORDS = {"capitals_same_grid": "capital ships in its grid", "ships_in_system": "every ship in its system",
               "sf_same_grid": "starfighters in its grid", "ground_same_grid": "ground units in its grid"}


def describe(e: Effect) -> str:
    """An ability as a player reads it (``+1 UCR to capital ships in its grid``). Raises nothing."""
    v = e.value
    words = {
        "ucr_bonus": f"{v:+d} UCR to {SCOPE_WORDS.get(e.scope or '', e.scope)}",
        "cp_bonus": f"{v:+d} CP to the command limit", "scan_time_hours": f"its ship scans in {v} h",
        "scan_range": f"scans as from {v} ring{'s' if abs(v) != 1 else ''} further in",
        "reveal_destinations": f"agents learn where {v} foreign fleet{'s' if v != 1 else ''} a day are bound",
        "income_bonus_kc": f"{v:+d} KC on Action Days", "repair_bonus_pct": f"repairs {v:+d}% faster",
        "hyper_time_pct": f"{v:+d}% time in hyperspace", "ground_damage_pct": f"{v:+d}% ground damage",
        "salvage_bonus_pct": f"{v:+d}% salvage",
    }
    return words.get(e.name, str(e))


def parse_effect(text: str) -> Effect:
    """The :class:`Effect` spelled ``text`` (``"cp_bonus(+1)"``). Raises ValueError saying what is wrong
    and what the DSL accepts."""
    m = _CALL.match(str(text).replace(" ", ""))
    if not m:
        raise ValueError(f"{text!r} is not an effect; write name(arguments), e.g. cp_bonus(+1)")
    name, args = m.group(1), [a for a in m.group(2).split(",") if a]
    if name not in EFFECTS:
        raise ValueError(f"{text!r}: no effect {name!r}; effects: {', '.join(EFFECTS)}")
    kinds = EFFECTS[name]
    if len(args) != len(kinds):
        raise ValueError(f"{text!r}: {name} takes {len(kinds)} argument(s) ({', '.join(kinds)}), not {len(args)}")
    scope = None
    for kind, arg in zip(kinds, args):
        if kind == "scope":
            if arg not in SCOPES:
                raise ValueError(f"{text!r}: no scope {arg!r}; scopes: {', '.join(SCOPES)}")
            scope = arg
        elif not _INT.match(arg):
            raise ValueError(f"{text!r}: {arg!r} is not a whole number such as +1")
    return Effect(name, scope, int(args[-1]))


def _freelancer(where: str, raw: Any) -> FreelancerStart:
    if not isinstance(raw, dict):
        raise DataError(f"{where}: start must be a table with kc, cp_cap, tech, system and units")
    try:
        kc, cap, tech, system, units = int(raw["kc"]), int(raw["cp_cap"]), tuple(raw["tech"]), str(raw["system"]), raw["units"]
    except (KeyError, TypeError, ValueError) as e:
        raise DataError(f"{where}: start needs kc, cp_cap (whole numbers), tech, system and units ({e})") from None
    bad = [t for t in tech if t not in TECH]
    if bad:
        raise DataError(f"{where}: unknown technology {', '.join(bad)}; tags: {', '.join(TECH)}")
    types = data.unit_types()
    unknown = [c for c in units if c not in types]
    if unknown:
        raise DataError(f"{where}: unknown unit code(s) {', '.join(unknown)} in the start")
    cp = sum(types[c].cp * int(n) for c, n in units.items())
    if cp > cap:
        raise DataError(f"{where}: the start's units hold {cp} CP, over its cp_cap of {cap}")
    breaches = check_fleet({c: int(n) for c, n in units.items()}, tech_allowed=tech)
    if breaches:
        raise DataError(f"{where}: the start's units break {breaches[0].rule}: {breaches[0].text}")
    return FreelancerStart(kc, cap, tech, system, tuple((c, int(n)) for c, n in units.items()))


def build_classes(raw: Mapping[str, Any], missions: Iterable[str] | None = None) -> dict[str, HeroClass]:
    """The Hero classes of a parsed ``heroes.toml``, checked: a level cap of at least 1 with one ability
    per level, a whole upgrade cost and hp above 0, a mission (one of ``missions`` when given), names,
    and the Freelancer's start. Raises DataError naming the file and the class."""
    classes = raw.get("class")
    if not isinstance(classes, dict) or not classes:
        raise DataError(f"{FILE}: no [class.*] tables")
    out: dict[str, HeroClass] = {}
    for cid, c in classes.items():
        where = f"{FILE}: class {cid}"
        try:
            cap, cost, hp = int(c["level_cap"]), int(c["upgrade_cost_kc"]), int(c["hp"])
            name, text, mission, levels = str(c["name"]), str(c["text"]), str(c["mission"]), c["levels"]
        except (KeyError, TypeError, ValueError) as e:
            raise DataError(f"{where}: needs name, text, level_cap, upgrade_cost_kc, hp, mission and levels ({e})") from None
        if cap < 1 or cost <= 0 or hp <= 0:
            raise DataError(f"{where}: level_cap must be 1 or more and upgrade_cost_kc and hp above 0")
        want = [f"L{i}" for i in range(1, cap + 1)]
        if not isinstance(levels, dict) or sorted(levels) != sorted(want):
            raise DataError(f"{where}: levels must list exactly {', '.join(want)} (one ability per level up to level_cap)")
        try:
            effects = tuple(parse_effect(levels[k]) for k in want)
        except ValueError as e:
            raise DataError(f"{where}: {e}") from None
        if missions is not None and mission not in set(missions):
            raise DataError(f"{where}: mission {mission!r} is not in data/missions.toml")
        names = tuple(str(n) for n in c.get("names", ()))
        if not names:
            raise DataError(f"{where}: give at least one suggested name")
        start = _freelancer(where, c["start"]) if "start" in c else None
        out[cid] = HeroClass(cid, name, text, cap, cost, hp, mission, names, effects, start)
    if not any(c.start for c in out.values()):
        raise DataError(f"{FILE}: no class gives the Independent Freelancer's start (TOTE-START-03)")
    return out


@cache
def hero_classes() -> dict[str, HeroClass]:
    """The Hero classes of ``data/heroes.toml``, checked against the missions. Raises DataError."""
    return build_classes(packaged_toml(PACKAGE, "data", "heroes.toml"), missions())


def hero_class(cid: str) -> HeroClass:
    """The class ``cid``. Raises OrderError naming the classes there are."""
    classes = hero_classes()
    if cid not in classes:
        raise OrderError(f"there is no Hero class {cid!r}; classes: {', '.join(classes)}")
    return classes[cid]


def freelancer_start() -> FreelancerStart:
    """The Independent Freelancer's start (TOTE-START-03): its purse, command limit and units."""
    return next(c.start for c in hero_classes().values() if c.start)


def new_hero(hero_id: str, faction: str, cls: str, name: str, system: str | None, *, host: str | None = None,
             space: str | None = None) -> Record:
    """A Hero at level 1 (TOTE-HERO-02) where it is placed: aboard ``host`` or standing in ground grid
    ``space`` of ``system`` (TOTE-HERO-01). Raises OrderError for an unknown class or an empty name."""
    hero_class(cls)
    if not str(name).strip():
        raise OrderError("a Hero needs a name")
    return {"id": hero_id, "faction": faction, "class": cls, "name": str(name).strip(), "level": 1,
            "system": system, "host": host, "space": space, "dead": False, "died_hour": None}


def locate(hero: Record, units: Mapping[str, Record], facilities: Mapping[str, Record] | None = None) -> tuple[str | None, str | None]:
    """Where a Hero is (TOTE-HERO-01): ``(system, space)``, its host's when aboard (None, None while in
    hyperspace). Raises KeyError if its host is neither a unit nor a facility given."""
    host = hero.get("host")
    if host is None:
        return hero.get("system"), hero.get("space")
    rec = units.get(host) or (facilities or {}).get(host)
    if rec is None:
        raise KeyError(f"Hero {hero['id']}'s host {host} is not a unit or facility in play")
    return rec.get("system"), rec.get("space")


def abilities(hero: Record) -> list[Effect]:
    """The Hero's abilities: one per level, from level 1 up to its own (TOTE-GAP-30)."""
    return list(hero_class(hero["class"]).levels[: int(hero["level"])])


def effect_total(heroes: Iterable[Record], name: str, scope: str | None = None) -> int:
    """The sum of effect ``name`` (of ``scope``, when it has one) over living Heroes' abilities."""
    return sum(e.value for h in heroes if not h.get("dead") for e in abilities(h)
               if e.name == name and (scope is None or e.scope == scope))


def check_alive(hero: Record) -> None:
    """TOTE-HERO-05: a dead Hero takes no order, is never revived. Raises OrderError if it is dead."""
    if hero.get("dead"):
        raise OrderError(f"{hero['name']} is dead: a Hero that dies is removed for good and cannot be revived or "
                         "rebuilt (TOTE-HERO-05)")


def upgrade(hero: Record, balance_kc: int) -> tuple[Record, int, list[Record]]:
    """Raise a Hero one level for its class's upgrade cost, 1000 KC (TOTE-HERO-03, TOTE-GAP-30): the new
    Hero, the balance left and the owner's event. Raises OrderError if it is dead, at its level cap, or
    the balance is short."""
    check_alive(hero)
    c = hero_class(hero["class"])
    level = int(hero["level"])
    if level >= c.level_cap:
        raise OrderError(f"{hero['name']} is at level {level}, the cap of a {c.name}; no upgrade is left (TOTE-GAP-30)")
    if balance_kc < c.upgrade_cost_kc:
        raise OrderError(f"upgrading {hero['name']} costs {c.upgrade_cost_kc} KC and the treasury holds {balance_kc} KC "
                         "(TOTE-HERO-03)")
    new = {**hero, "level": level + 1}
    gained = c.levels[level]
    ev = {"kind": "hero", "to": [hero["faction"]],
          "text": f"{hero['name']} rises to level {level + 1} for {c.upgrade_cost_kc} KC: {describe(gained)}"}
    return new, balance_kc - c.upgrade_cost_kc, [ev]


def train_refusal(heroes: Iterable[Record], trainings: Iterable[Record], faction: str, name: str) -> str | None:
    """Why ``faction`` may not train a Hero called ``name``, or None (TOTE-HERO-04, TOTE-EX-37): at most 2
    Heroes in a campaign, dead ones and one in training counted; a dead Hero is not rebuilt (HERO-05)."""
    own = [h for h in heroes if h["faction"] == faction]
    pending = [t for t in trainings if t.get("what") == "hero" and t.get("faction") == faction]
    for h in own:
        if h.get("dead") and h["name"].casefold() == str(name).strip().casefold():
            return f"{h['name']} is dead and cannot be rebuilt (TOTE-HERO-05); train a Hero of another name"
    if len(own) + len(pending) >= MAX_HEROES:
        return (f"{faction} has had {len(own) + len(pending)} Heroes (dead ones and those in training count); a player "
                f"may train only 1 extra, {MAX_HEROES} in all (TOTE-HERO-04)")
    return None


def order_training(heroes: Iterable[Record], trainings: Iterable[Record], faction: str, cls: str, name: str,
                   balance_kc: int, hour: int, fcc: Record | None, timer_id: str,
                   hero_id: str) -> tuple[Record, int, list[Record]]:
    """Begin training a second Hero at the Faction Command Center (TOTE-HERO-04, TOTE-GAP-30): 5000 KC
    now, ready 14 days later. ``fcc`` is the faction's Command Center (a facility instance, or None).
    Returns the training timer, the balance left and the owner's event. Raises OrderError for a third
    Hero (TOTE-EX-37), a dead Hero rebuilt, no standing Command Center of the faction, an unknown
    class or a short balance."""
    heroes, trainings = list(heroes), list(trainings)
    why = train_refusal(heroes, trainings, faction, name)
    if why:
        raise OrderError(why)
    hero_class(cls)
    if not fcc or fcc.get("destroyed") or fcc.get("faction") != faction or fcc.get("type") != "FCC":
        raise OrderError(f"{faction} has no standing Faction Command Center to train a Hero at (TOTE-GAP-30)")
    fcc_system = fcc["system"]
    if balance_kc < TRAIN_COST_KC:
        raise OrderError(f"training a Hero costs {TRAIN_COST_KC} KC and the treasury holds {balance_kc} KC (TOTE-GAP-30)")
    due = hour + 24 * TRAIN_DAYS
    timer = {"id": timer_id, "kind": "construction", "due_hour": due, "what": "hero", "faction": faction,
             "class": cls, "name": str(name).strip(), "system": fcc_system, "fcc": fcc["id"], "hero_id": hero_id}
    ev = {"kind": "hero", "to": [faction],
          "text": f"{str(name).strip()} begins training at {_world(fcc_system)} for {TRAIN_COST_KC} KC; ready at hour {due}"}
    return timer, balance_kc - TRAIN_COST_KC, [ev]


def finish_training(timer: Record) -> tuple[Record, list[Record]]:
    """The trained Hero of a training timer that fell due, at level 1 in its Command Center (its host),
    and its owner's event."""
    hero = new_hero(timer["hero_id"], timer["faction"], timer["class"], timer["name"], timer["system"], host=timer["fcc"])
    return hero, [{"kind": "hero", "to": [timer["faction"]], "text": f"{hero['name']} completes training at {_world(timer['system'])}"}]


def _world(system: str) -> str:
    """A world's name (its id when the galaxy does not know it)."""
    planet = galaxy().planets.get(system)
    return planet.name if planet is not None else system


def _ship(unit: Record) -> str:
    """A ship as a public notice names it: its class and owner, never its id (TOTE-COMMS-05 and
    TOTE-FLOW-07 tell the galaxy the target's class and owner; its id is for those who detect it)."""
    try:
        return f"a {data.unit_types()[unit['type']].name}"
    except KeyError:
        return "a ship"


def kill(hero: Record, hour: int, cause: str, system: str | None = None) -> tuple[Record, list[Record]]:
    """The Hero dies for good (TOTE-HERO-05): the dead Hero and a public event (a combat result,
    TOTE-COMMS-05). An already dead Hero stays as it is, with no event."""
    if hero.get("dead"):
        return hero, []
    dead = {**hero, "dead": True, "died_hour": hour, "host": None}
    where = f" at {_world(system)}" if system else ""
    return dead, [{"kind": "hero_death", "public": True, "hour": hour,
                   "text": f"{hero['name']}, Hero of {hero['faction']}, has fallen{where}: {cause}"}]


def casualties(heroes: Iterable[Record], units: Mapping[str, Record], hour: int) -> tuple[list[Record], list[Record]]:
    """TOTE-GAP-30: every living Hero aboard a ship that is now DESTROYED dies with it. Returns all the
    Heroes (the dead updated) and the events."""
    out: list[Record] = []
    events: list[Record] = []
    for h in heroes:
        host = units.get(h.get("host") or "")
        if host is not None and host.get("destroyed") and not h.get("dead"):
            h, evs = kill(h, hour, f"lost aboard {_ship(host)}", host.get("system"))
            events += evs
        out.append(h)
    return out, events


def abandon_ship(hero: Record, ship: Record, pods: Record | None, hour: int) -> tuple[Record, list[Record]]:
    """Abandon Ship takes the Hero along (TOTE-GAP-30): a Hero aboard ``ship`` leaves with the crew's
    escape pods (``pods``, the crew stack :func:`.control.abandon` gives, landing at its ``arrives``
    space) and stands there; with no pods (no ground grid below, the crew is lost) it is lost with
    them. A Hero not aboard ``ship`` is unchanged."""
    if hero.get("host") != ship["id"] or hero.get("dead"):
        return hero, []
    if pods is None:
        return kill(hero, hour, f"lost in space when {ship['id']} was abandoned", ship.get("system"))
    moved = {**hero, "host": None, "system": ship.get("system"), "space": pods["arrives"]}
    return moved, [{"kind": "hero", "to": [hero["faction"]],
                    "text": f"{hero['name']} abandons {ship['id']} with the crew, landing at {pods['arrives']}"}]


def attack_refusal(hero: Record, grid_units: Iterable[Record], engaged: Iterable[str], attacker: str) -> str | None:
    """Why ``attacker``'s ground units may not attack ``hero`` yet, or None (TOTE-HERO-06): they must
    first have engaged every other unit in the Hero's ground grid not their own (``engaged``: the ids
    they have attacked; destroyed units need no more)."""
    if hero.get("faction") == attacker:
        return f"{hero['name']} is your own Hero"
    done = set(engaged)
    left = sorted(u["id"] for u in grid_units if u.get("faction") != attacker and not u.get("destroyed")
                  and u["id"] != hero["id"] and u["id"] not in done)
    if left:
        return (f"{hero['name']} may be attacked only after every other unit in the grid has been engaged; not yet "
                f"engaged: {', '.join(left)} (TOTE-HERO-06)")
    return None


def hit(hero: Record, raw: int, hour: int, grid_units: Iterable[Record], engaged: Iterable[str],
        attacker: str) -> tuple[Record, list[Record]]:
    """A ground attack of ``raw`` damage (after UCR) on a Hero (TOTE-HERO-06, TOTE-GAP-25/30): refused
    until HERO-06 is met; a hit of the class's hp or more kills it, less leaves it standing. Raises
    OrderError when refused or when the Hero is already dead."""
    check_alive(hero)
    why = attack_refusal(hero, grid_units, engaged, attacker)
    if why:
        raise OrderError(why)
    if raw >= hero_class(hero["class"]).hp:
        return kill(hero, hour, f"cut down by {attacker}'s ground forces", hero.get("system"))
    return hero, [{"kind": "combat", "public": True, "hour": hour,
                   "text": f"{attacker}'s ground forces attack {hero['name']} of {hero['faction']}; the Hero stands"}]


def view(hero: Record, viewer: str) -> Record | None:
    """What ``viewer`` may see of a Hero record: all of it for its owner and the GM, nothing for others
    (a Hero is seen by others only as a scan contact of its host, catalog 5.5); a dead Hero's name and
    death are public."""
    if viewer in ("gm", hero["faction"]):
        return dict(hero)
    if hero.get("dead"):
        return {"id": hero["id"], "faction": hero["faction"], "name": hero["name"], "dead": True}
    return None
