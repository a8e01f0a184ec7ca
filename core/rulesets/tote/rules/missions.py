"""Missions, flashpoints and the Hutt Syndicate Network in Twilight of the Empire (TOTE-MISSION-01..03,
TOTE-FLASH-01/02, TOTE-DATA-10, TOTE-GAP-31, TOTE-FACTION-12, TOTE-GAP-50).

Missions and flashpoints are data (``data/missions.toml``, ``data/flashpoints.toml``), read once and
checked at load: a bad entry fails the load with a :class:`DataError` naming its file and entry. Every
function is pure: it reads plain JSON-able dicts and returns new ones and events; none changes its
inputs; where a rule rolls, it takes the game's dice.

State pieces the integrator keeps:

- a **run** (a mission under way, at most one per faction, TOTE-MISSION-02) is ``{"id", "mission",
  "faction", "hero" (the Hero's id), "started_hour", "step" (index of the milestone being worked),
  "progress" (count toward it), "seen" (systems already counted for it)}``;
- the **record** of finished runs is a list of ``{"mission", "faction", "hero", "outcome"
  ("completed" or "abandoned"), "hour"}``; **offers** are ``{"mission", "faction"}`` (an epic mission
  a flashpoint offered, TOTE-FLASH-02);
- a **deed** is what the integrator reports as it happens: ``{"type": "visit"|"scan"|"destroy"|
  "deliver", "faction", "system", "hero" (visit: the Hero's id), "code" (destroy: the unit or
  facility code), "flashpoint" (destroy: bool), "first" (scan: the faction had never scanned it
  before), "count" (deliver: squads landed), "owner" (deliver: the world's owner)}``;
- a **flashpoint** in play is ``{"id", "flashpoint", "name", "system", "opened_hour", "force" [unit
  ids of the neutral force, faction :data:`NEUTRAL`], "damage" {faction: damage dealt}, "closed",
  "public": True}``.

Mission runs and rewards are their faction's alone (catalog 5.5); flashpoints are public news
(TOTE-FLASH-01), and so are their payouts, as combat results are (TOTE-COMMS-05).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any, Iterable, Mapping

from core.dice import Dice
from core.dice_words import fixed
from core.errors import DataError, OrderError
from core.packaged import packaged_toml
from core.rulesets.tote.rules import data, model
from core.rulesets.tote.rules.data import facility_types, unit_types
from core.rulesets.tote.rules.galaxy import Galaxy, galaxy

Record = dict[str, Any]
PACKAGE = "core.rulesets.tote"
NEUTRAL = "NEUTRAL"
TYPES = ("visit", "scan", "destroy", "deliver")
TARGETS = {"visit": ("any", "non_stronghold", "enemy_stronghold", "special_access"),
           "scan": ("any", "unscanned_system", "enemy_stronghold"),
           "destroy": ("any", "capital", "sf", "facility", "flashpoint"),
           "deliver": ("own_stronghold", "enemy_world")}
REWARDS = ("kc", "notoriety", "units", "victory", "level")


@dataclass(frozen=True)
class Milestone:
    """One step of a mission (TOTE-DATA-10): ``count`` deeds of ``type`` matching ``target`` (at ``at``)."""

    type: str
    target: str
    count: int
    at: str | None = None


@dataclass(frozen=True)
class Mission:
    """A mission: the Hero class it belongs to (``any`` for an epic), its milestones in order (the last is
    the climax) and its reward."""

    id: str
    name: str
    hero_class: str
    text: str
    milestones: tuple[Milestone, ...]
    reward: Mapping[str, Any]
    repeatable: bool
    epic: bool
    triggers_flashpoint: str | None


@dataclass(frozen=True)
class Flashpoint:
    """A flashpoint (TOTE-FLASH-01): its neutral force, where it erupts, its payout and the epic mission
    it offers (TOTE-FLASH-02)."""

    id: str
    name: str
    text: str
    random: bool
    location: str
    force: tuple[tuple[str, int], ...]
    payout_kc: int
    offers_mission: str | None


def _world(g: Galaxy, where: str, text: str) -> str:
    if text not in g.planets:
        raise DataError(f"{where}: there is no world {text!r} in the galaxy")
    return text


def _milestone(g: Galaxy, where: str, raw: Any) -> Milestone:
    try:
        kind, target, count = str(raw["type"]), str(raw["target"]), int(raw["count"])
    except (KeyError, TypeError, ValueError):
        raise DataError(f"{where}: a milestone needs type, target and a whole count") from None
    if kind not in TYPES:
        raise DataError(f"{where}: milestone type {kind!r}; types: {', '.join(TYPES)}")
    if count < 1:
        raise DataError(f"{where}: a milestone's count is 1 or more, not {count}")
    if target not in TARGETS[kind]:
        if kind == "destroy":
            try:
                data.any_type(target)
            except KeyError:
                raise DataError(f"{where}: destroy target {target!r} is neither a unit or facility code nor one of "
                                f"{', '.join(TARGETS[kind])}") from None
        else:
            _world(g, where, target)
    at = raw.get("at")
    return Milestone(kind, target, count, _world(g, where, str(at)) if at else None)


#: How a milestone's target reads to a player, by milestone type (a world id reads as its name, a unit or
#: facility code as its type's name).
TARGET_WORDS = {
    "visit": {"any": "any system", "non_stronghold": "systems that are no stronghold",
              "enemy_stronghold": "enemy strongholds", "special_access": "special-access systems"},
    "scan": {"any": "any system", "unscanned_system": "systems you never scanned", "enemy_stronghold": "enemy strongholds"},
    "destroy": {"any": "enemy units", "capital": "capital ships", "sf": "starfighter squadrons", "facility": "facilities",
                "flashpoint": "units of a flashpoint's force"},
    "deliver": {"own_stronghold": "your stronghold", "enemy_world": "a world another faction holds"},
}


def describe(ms: Milestone, g: Galaxy | None = None, count: bool = True) -> str:
    """A milestone as a player reads it (``visit systems that are no stronghold: 3``,
    ``deliver 50 infantry squads to a world another faction holds``). Raises nothing."""
    g = g or galaxy()
    target = TARGET_WORDS.get(ms.type, {}).get(ms.target)
    if target is None:
        if ms.target in g.planets:
            target = g.planets[ms.target].name
        elif ms.target in facility_types():
            target = f"the {facility_types()[ms.target].name}"
        elif ms.target in unit_types():
            target = unit_types()[ms.target].name
        else:
            target = ms.target
    where = f" at {g.planets[ms.at].name}" if ms.at and ms.at in g.planets else ""
    if ms.type == "deliver":
        return f"deliver {ms.count} infantry squads to {target}"
    return f"{ms.type} {target}{where}" + (f": {ms.count}" if count and ms.count > 1 else "")


def build_missions(raw: Mapping[str, Any], classes: Iterable[str], g: Galaxy | None = None) -> dict[str, Mission]:
    """The missions of a parsed ``missions.toml``, checked against the Hero ``classes`` and the galaxy:
    every class has exactly one mission of its own (TOTE-MISSION-01), each mission has milestones of
    known types and targets and a known reward. Raises DataError naming the mission."""
    g = g or galaxy()
    classes = list(classes)
    table = raw.get("mission")
    if not isinstance(table, dict) or not table:
        raise DataError("data/missions.toml: no [mission.*] tables")
    out: dict[str, Mission] = {}
    for mid, m in table.items():
        where = f"data/missions.toml: mission {mid}"
        try:
            name, cls, text, steps = str(m["name"]), str(m["hero_class"]), str(m["text"]), m["milestones"]
            reward, repeatable = dict(m["reward"]), bool(m["repeatable"])
        except (KeyError, TypeError, ValueError) as e:
            raise DataError(f"{where}: needs name, hero_class, text, milestones, reward and repeatable ({e})") from None
        epic = bool(m.get("epic", False))
        if cls != "any" and cls not in classes:
            raise DataError(f"{where}: hero_class {cls!r} is not a Hero class ({', '.join(classes)}) nor 'any'")
        if epic != (cls == "any"):
            raise DataError(f"{where}: an epic mission has hero_class 'any', and only an epic one")
        if not isinstance(steps, list) or not steps:
            raise DataError(f"{where}: a mission needs at least one milestone (its climax)")
        bad = sorted(set(reward) - set(REWARDS))
        if bad or not reward:
            raise DataError(f"{where}: reward keys are {', '.join(REWARDS)}; got {', '.join(bad) or 'none'}")
        for code in reward.get("units", {}):
            if code not in data.unit_types():
                raise DataError(f"{where}: reward unit {code!r} is not a unit code")
        out[mid] = Mission(mid, name, cls, text, tuple(_milestone(g, where, s) for s in steps), reward, repeatable,
                           epic, m.get("triggers_flashpoint") or None)
    for cls in classes:
        own = [m.id for m in out.values() if m.hero_class == cls]
        if len(own) != 1:
            raise DataError(f"data/missions.toml: Hero class {cls} needs exactly one mission of its own, has "
                            f"{len(own)} (TOTE-MISSION-01)")
    return out


def build_flashpoints(raw: Mapping[str, Any], mission_ids: Iterable[str], g: Galaxy | None = None) -> tuple[int, int, dict[str, Flashpoint]]:
    """``(every_turns, chance_pct, flashpoints)`` of a parsed ``flashpoints.toml``, checked: known unit
    codes in each force, a world, ``random_non_stronghold`` or ``mission`` as location, a payout, known
    offered missions. Raises DataError naming the flashpoint."""
    g = g or galaxy()
    mission_ids = set(mission_ids)
    try:
        every, chance = int(raw["every_turns"]), int(raw["chance_pct"])
    except (KeyError, TypeError, ValueError):
        raise DataError("data/flashpoints.toml: every_turns and chance_pct are whole numbers") from None
    if every < 1 or not 0 <= chance <= 100:
        raise DataError("data/flashpoints.toml: every_turns is 1 or more and chance_pct 0 to 100")
    out: dict[str, Flashpoint] = {}
    for fid, f in (raw.get("flashpoint") or {}).items():
        where = f"data/flashpoints.toml: flashpoint {fid}"
        try:
            force = {str(c): int(n) for c, n in dict(f["force"]).items()}
            name, text, loc, pay = str(f["name"]), str(f["text"]), str(f["location"]), int(f["payout_kc"])
        except (KeyError, TypeError, ValueError) as e:
            raise DataError(f"{where}: needs name, text, location, force and a whole payout_kc ({e})") from None
        if f.get("split", "by_damage") != "by_damage":
            raise DataError(f"{where}: split must be by_damage (TOTE-GAP-31)")
        unknown = [c for c in force if c not in data.unit_types()]
        if unknown or not force or min(force.values()) < 1:
            raise DataError(f"{where}: the force needs known unit codes and counts of 1 or more (bad: {', '.join(unknown) or 'counts'})")
        if loc not in ("random_non_stronghold", "mission"):
            _world(g, where, loc)
        offers = f.get("offers_mission") or None
        if offers and offers not in mission_ids:
            raise DataError(f"{where}: offers_mission {offers!r} is not a mission")
        out[fid] = Flashpoint(fid, name, text, bool(f.get("random", False)), loc, tuple(force.items()), pay, offers)
    if not any(fp.random for fp in out.values()):
        raise DataError("data/flashpoints.toml: no flashpoint with random = true for the engine to draw")
    return every, chance, out


@cache
def missions() -> dict[str, Mission]:
    """The missions of ``data/missions.toml``, checked. Raises DataError."""
    raw = packaged_toml(PACKAGE, "data", "heroes.toml")
    out = build_missions(packaged_toml(PACKAGE, "data", "missions.toml"), list(raw.get("class", {})))
    fps = flashpoints()[2]
    for m in out.values():
        if m.triggers_flashpoint and m.triggers_flashpoint not in fps:
            raise DataError(f"data/missions.toml: mission {m.id} triggers unknown flashpoint {m.triggers_flashpoint!r}")
    return out


@cache
def flashpoints() -> tuple[int, int, dict[str, Flashpoint]]:
    """``(every_turns, chance_pct, flashpoints)`` of ``data/flashpoints.toml``, checked. Raises DataError."""
    ids = list(packaged_toml(PACKAGE, "data", "missions.toml").get("mission", {}))
    return build_flashpoints(packaged_toml(PACKAGE, "data", "flashpoints.toml"), ids)


# -- missions ------------------------------------------------------------------------------------
def start_mission(runs: Iterable[Record], record: Iterable[Record], offers: Iterable[Record], hero: Record,
                  mission_id: str, hour: int, run_id: str) -> tuple[Record, list[Record]]:
    """Start ``mission_id`` for a living ``hero``: its class's own mission (TOTE-MISSION-01) or an epic
    mission offered to its faction (TOTE-FLASH-02), when the faction has no active run (TOTE-MISSION-02)
    and the mission is not one done already that does not repeat. Returns the run and the owner's
    event. Raises OrderError saying why not."""
    m = missions().get(mission_id)
    if m is None:
        raise OrderError(f"there is no mission {mission_id!r}; missions: {', '.join(missions())}")
    if hero.get("dead"):
        raise OrderError(f"{hero['name']} is dead and takes no mission (TOTE-HERO-05)")
    faction = hero["faction"]
    active = [r for r in runs if r["faction"] == faction]
    if active:
        raise OrderError(f"{faction} already has a mission under way ({missions()[active[0]['mission']].name}); only "
                         "one mission may be active at a time (TOTE-MISSION-02)")
    if m.epic:
        if not any(o["mission"] == m.id and o["faction"] == faction for o in offers):
            raise OrderError(f"{m.name} is an epic mission: it must first be offered by a flashpoint (TOTE-FLASH-02)")
    elif m.hero_class != hero["class"]:
        raise OrderError(f"{m.name} is the mission of the {m.hero_class} class; {hero['name']} is a {hero['class']} "
                         f"and takes {next(x.id for x in missions().values() if x.hero_class == hero['class'])} "
                         "(TOTE-MISSION-01)")
    done = [r for r in record if r["mission"] == m.id and r["faction"] == faction and r["outcome"] == "completed"]
    if done and not m.repeatable:
        raise OrderError(f"{m.name} has been completed and does not repeat")
    run = {"id": run_id, "mission": m.id, "faction": faction, "hero": hero["id"], "started_hour": hour,
           "step": 0, "progress": 0, "seen": []}
    return run, [{"kind": "mission", "to": [faction], "text": f"{hero['name']} takes up the mission {m.name}"}]


def abandon(run: Record, hour: int) -> tuple[Record, list[Record]]:
    """Give up a run: the record entry (``abandoned``) and the owner's event. The Hero may take its mission
    up again later, from the first milestone."""
    entry = {"mission": run["mission"], "faction": run["faction"], "hero": run["hero"], "outcome": "abandoned", "hour": hour}
    return entry, [{"kind": "mission", "to": [run["faction"]], "text": f"{missions()[run['mission']].name} is abandoned"}]


def matches(ms: Milestone, deed: Record, faction: str, g: Galaxy | None = None) -> bool:
    """Whether ``deed`` (see the module docstring) counts toward milestone ``ms`` for ``faction``."""
    g = g or galaxy()
    if deed.get("type") != ms.type or deed.get("faction") != faction:
        return False
    system = deed.get("system")
    p = g.planets.get(system or "")
    if ms.at and system != ms.at:
        return False
    t = ms.target
    if ms.type in ("visit", "scan"):
        if t == "any":
            return p is not None
        if t == "non_stronghold":
            return p is not None and not p.stronghold
        if t == "enemy_stronghold":
            return p is not None and p.stronghold and p.start_owner != faction
        if t == "special_access":
            return p is not None and p.special_access
        if t == "unscanned_system":
            return bool(deed.get("first"))
        return system == t
    if ms.type == "destroy":
        code = deed.get("code", "")
        if t == "any":
            return True
        if t == "flashpoint":
            return bool(deed.get("flashpoint"))
        if t == "facility":
            return code in data.facility_types()
        if t in ("capital", "sf"):
            return code in data.unit_types() and model.unit_class(code) == t
        return code == t
    # deliver
    if t == "own_stronghold":
        return p is not None and p.stronghold and p.start_owner == faction
    if t == "enemy_world":
        return bool(deed.get("owner")) and deed.get("owner") != faction
    return system == t


def advance(run: Record, deed: Record, hour: int, g: Galaxy | None = None) -> tuple[Record, Record | None, list[Record]]:
    """The run after ``deed``: progress on the current milestone only (milestones are done in order,
    TOTE-MISSION-03); visits and scans count different systems. When the climax is done the run is
    over: returns ``(run, completion, events)`` with ``completion`` the record entry plus ``reward``
    (TOTE-MISSION-03) and ``flashpoint`` (TOTE-FLASH-02: the flashpoint it triggers and where), else
    None."""
    m = missions()[run["mission"]]
    ms = m.milestones[run["step"]]
    if not matches(ms, deed, run["faction"], g) or (ms.type == "visit" and deed.get("hero") != run["hero"]):
        return run, None, []
    run = {**run, "seen": list(run["seen"])}
    if ms.type in ("visit", "scan"):
        if deed["system"] in run["seen"]:
            return run, None, []
        run["seen"].append(deed["system"])
        run["progress"] += 1
    else:
        run["progress"] += int(deed.get("count", 1))
    events: list[Record] = []
    to = [run["faction"]]
    if run["progress"] < ms.count:
        return run, None, [{"kind": "mission", "to": to, "text": f"{m.name}: {run['progress']} of {ms.count} ({describe(ms, count=False)})"}]
    if run["step"] + 1 < len(m.milestones):
        run.update(step=run["step"] + 1, progress=0, seen=[])
        nxt = m.milestones[run["step"]]
        return run, None, [{"kind": "mission", "to": to, "text": f"{m.name}: milestone done; next: {describe(nxt)}"}]
    completion = {"mission": m.id, "faction": run["faction"], "hero": run["hero"], "outcome": "completed", "hour": hour,
                  "reward": dict(m.reward),
                  "flashpoint": {"id": m.triggers_flashpoint, "system": deed["system"]} if m.triggers_flashpoint else None}
    events.append({"kind": "mission", "to": to, "text": f"{m.name} is complete: {reward_text(m.reward)}"})
    if m.reward.get("victory"):
        events.append({"kind": "mission", "public": True, "text": f"{run['faction']} has completed {m.name}"})
    return run, completion, events


def reward_text(reward: Mapping[str, Any]) -> str:
    """A reward in words: ``"2500 KC, notoriety +1"``."""
    parts = []
    if reward.get("kc"):
        parts.append(f"{reward['kc']} KC")
    if reward.get("notoriety"):
        parts.append(f"notoriety +{reward['notoriety']}")
    for code, n in reward.get("units", {}).items():
        parts.append(f"{n} {data.unit_types()[code].name}")
    if reward.get("level"):
        parts.append(f"the Hero +{reward['level']} level")
    if reward.get("victory"):
        parts.append("victory")
    return ", ".join(parts)


# -- flashpoints ---------------------------------------------------------------------------------
def roll_flashpoint(turn: int, dice: Dice, hour: int, fp_id: str, g: Galaxy | None = None,
                    table: tuple[int, int, Mapping[str, Flashpoint]] | None = None) -> tuple[Record | None, dict[str, Record], list[Record]]:
    """TOTE-GAP-31: on every ``every_turns``-th turn (7, 14, …) the engine rolls 1d100; on ``chance_pct``
    (50) or less, a flashpoint drawn from those with ``random = true`` erupts (:func:`open_flashpoint`).
    Returns ``(flashpoint or None, its force units by id, events)``; the rolls are public."""
    every, chance, fps = table or flashpoints()
    if turn % every:
        return None, {}, []
    (roll,) = dice.roll(1, 100, f"flashpoint check, turn {turn}",
                        why=fixed(1, f"the flashpoint check every {every} turns, {chance} or less erupts (TOTE-GAP-31)"))
    if roll > chance:
        return None, {}, []
    pool = sorted(f for f in fps if fps[f].random)
    fp = fps[dice.pick(pool, "flashpoint drawn")]
    return open_flashpoint(fp, None, dice, hour, fp_id, g)


def open_flashpoint(fp: Flashpoint, system: str | None, dice: Dice, hour: int, fp_id: str,
                    g: Galaxy | None = None) -> tuple[Record, dict[str, Record], list[Record]]:
    """A flashpoint erupts (TOTE-FLASH-01): its neutral force placed in the C-Ring of quadrant 1 of its
    world (a random non-stronghold world drawn with ``dice``, its own world, or ``system`` when a
    mission triggered it, TOTE-FLASH-02). Returns the flashpoint, its units and the public news."""
    g = g or galaxy()
    if fp.location == "random_non_stronghold":
        system = dice.pick(sorted(p for p, w in g.planets.items() if not w.stronghold), f"where {fp.name} erupts")
    elif fp.location != "mission":
        system = fp.location
    if not system:
        raise ValueError(f"flashpoint {fp.id} erupts where a mission's climax was: give the system")
    units: dict[str, Record] = {}
    for code, n in fp.force:
        for _ in range(n):
            uid = f"{fp_id}-{len(units) + 1}"
            units[uid] = {**model.new_unit(uid, code, NEUTRAL, "C-1"), "system": system, "transit": None}
    rec = {"id": fp_id, "flashpoint": fp.id, "name": fp.name, "system": system, "opened_hour": hour,
           "force": list(units), "damage": {}, "closed": False, "public": True}
    news = {"kind": "flashpoint", "public": True, "hour": hour,
            "text": f"Flashpoint at {g.planets[system].name}: {fp.name}. {fp.text} Payout {fp.payout_kc} KC, shared by damage dealt."}
    return rec, units, [news]


def note_damage(fp: Record, faction: str, amount: int) -> Record:
    """The flashpoint with ``amount`` more damage dealt to its force by ``faction``."""
    if amount < 0:
        raise ValueError(f"damage dealt is 0 or more, not {amount}")
    dmg = dict(fp["damage"])
    dmg[faction] = dmg.get(faction, 0) + amount
    return {**fp, "damage": dmg}


def split_payout(payout: int, damage: Mapping[str, int]) -> dict[str, int]:
    """The payout shared in proportion to damage dealt (TOTE-GAP-31), in whole KC: each faction gets
    ⌊payout·d/total⌋, and the KC left over go one each to the largest remainders (ties: more damage,
    then faction name). Nothing is paid when nobody dealt damage."""
    total = sum(damage.values())
    if total <= 0:
        return {}
    shares = {f: payout * d // total for f, d in damage.items() if d > 0}
    left = payout - sum(shares.values())
    order = sorted((f for f in shares), key=lambda f: (-(payout * damage[f] % total), -damage[f], f))
    for f in order[:left]:
        shares[f] += 1
    return shares


def close_flashpoint(fp: Record, units: Mapping[str, Record], hour: int) -> tuple[Record, dict[str, int], list[Record], list[Record]]:
    """When the flashpoint's whole force is destroyed: the closed flashpoint, the payouts by faction
    (:func:`split_payout`), the epic-mission offer to the faction that dealt the most (TOTE-FLASH-02) and
    the events (public). While any of the force stands, nothing changes."""
    if fp["closed"] or any(not units[u].get("destroyed") for u in fp["force"] if u in units):
        return fp, {}, [], []
    flash = flashpoints()[2][fp["flashpoint"]]
    pay = split_payout(flash.payout_kc, fp["damage"])
    events = [{"kind": "flashpoint", "public": True, "hour": hour,
               "text": f"{fp['name']} is over: " + (", ".join(f"{f} {kc} KC" for f, kc in sorted(pay.items())) or "nobody is paid")}]
    offers: list[Record] = []
    if flash.offers_mission and pay:
        top = max(fp["damage"], key=lambda f: (fp["damage"][f], f))
        offers.append({"mission": flash.offers_mission, "faction": top})
        events.append({"kind": "mission", "to": [top], "text": f"The epic mission {missions()[flash.offers_mission].name} is "
                       "offered to you for your part in the fight"})
    return {**fp, "closed": True}, pay, offers, events


# -- the Hutt Syndicate Network (TOTE-FACTION-12, TOTE-GAP-50) ------------------------------------
def hutt_network_kc(faction: str, income_kc: int, bonus_pct: int = 0) -> int:
    """The KC the Hutt Syndicate Network adds to the HS's Action-Day income: ``bonus_pct`` percent of it,
    rounded down, for the HS only; 0 by default (TOTE-GAP-50: no effect until it is designed; the
    ``hutt_network_bonus_pct`` option). Raises ValueError for a negative percentage."""
    if bonus_pct < 0:
        raise ValueError(f"hutt_network_bonus_pct is 0 or more, not {bonus_pct}")
    return income_kc * bonus_pct // 100 if faction == "HS" else 0
