"""Heroes in the campaign: their abilities applied where the campaign computes what they name, the
galaxy orders ``upgrade`` and ``train``, the training timers, and the seat's Heroes in its ledger
(TOTE-HERO-01..05, TOTE-DATA-09, TOTE-GAP-30, TOTE-EX-37).

The pure rules are :mod:`.heroes`; this module reads and changes one campaign dict (:mod:`.state`)
and keeps in it:

- ``heroes`` (already there): the Hero records;
- ``trainings``: training timers (:func:`.heroes.order_training`), kept apart from the build timers
  (``timers``) so construction never mistakes a Hero for a ship; a Hero in training is due at the
  turn start at or after its ``due_hour``;
- ``intel`` ``{seat: [{"hour", "fleet", "owner", "from", "to", "by"}]}``: destinations a spymaster's
  agents saw (``reveal_destinations``), its seat's alone.

Where each ability of ``data/heroes.toml`` takes effect (a Hero counts while alive):

- ``ucr_bonus(scope, +n)``: in a battle at the Hero's world, on the faction's units of the scope
  (``capitals_same_grid``/``sf_same_grid``: in the Hero's space, or its ground grid when it is on the
  ground; ``ground_same_grid``: ground stacks in the Hero's ground grid, or the grid below the A-Ring
  space it is in; ``ships_in_system``: every starship of the faction there), as a UCR modifier
  (``hero_ucr``, read by :func:`.damage.environment_modifiers`);
- ``ground_damage_pct(+n)``: the faction's ground stacks in the Hero's ground grid (as above) deal
  n% more raw damage, rounded down (``raw_bonus_pct``, read by :func:`.damage.fire`);
- ``cp_bonus(+n)``: the faction's battle command limit (23 CP + bonus, TOTE-GAP-26/53) is n higher
  (the battle state's ``hero_cp``, read by :func:`.flow.cp_problem`);
- ``income_bonus_kc(+n)``: n KC more on each Action Day;
- ``scan_time_hours(h)`` and ``scan_range(+n)``: an active scan by the Hero's host is due h hours
  after it starts instead of 24, and covers as if made n rings further in (DSZ, C, B, A);
- ``reveal_destinations(n)``: each day the first n departures of other factions show the spymaster's
  seat their destination;
- ``hyper_time_pct(-n)``: a jump that carries the Hero is n% shorter, rounded up (at least 1 hour);
- ``repair_bonus_pct(+n)`` and ``salvage_bonus_pct(+n)``: :func:`repair_hours` and :func:`salvage_kc`
  give the campaign's repairs and salvage payouts in the Hero's system their bonus.
"""
from __future__ import annotations

from typing import Any, Iterable

from core.errors import OrderError
from core.rulesets.tote.rules import clock as clk
from core.rulesets.tote.rules import grid, heroes, model
from core.rulesets.tote.rules.galaxy import world_name as _name
from core.rulesets.tote.rules.model import FACTIONS

Campaign = dict[str, Any]
Event = dict[str, Any]
Record = dict[str, Any]

#: How far in each ring lies for ``scan_range`` (TOTE-GAP-37): a scan from the DSZ reaches as one
#: from the C-Ring, and so on to the A-Ring.
_RINGS = ("DSZ", "C", "B", "A")


def start(c: Campaign) -> None:
    """Give the campaign the pieces this module and :mod:`.missions` keep (a campaign saved
    before them gets them the first time it is touched)."""
    c.setdefault("heroes", [])
    c.setdefault("trainings", [])
    c.setdefault("intel", {s: [] for s in c["seats"]})


def living(c: Campaign, seat: str) -> list[Record]:
    """``seat``'s Heroes that are alive."""
    return [h for h in c.get("heroes", []) if h["faction"] == seat and not h.get("dead")]


def where(c: Campaign, hero: Record) -> tuple[str | None, str | None]:
    """Where a Hero is: (system, space) of its host ship or facility, or where it stands; (None, None)
    in hyperspace or when its host is gone."""
    try:
        return heroes.locate(hero, c["units"], c.get("facilities", {}))
    except KeyError:
        return None, None


def hero_of(c: Campaign, seat: str, hero_id: str) -> Record:
    """``seat``'s Hero ``hero_id`` (living or dead). Raises OrderError naming the seat's Heroes."""
    for h in c.get("heroes", []):
        if h["id"] == hero_id and h["faction"] == seat:
            return h
    mine = [h["id"] for h in c.get("heroes", []) if h["faction"] == seat]
    raise OrderError(f"{hero_id!r} is not a Hero of yours; yours: {', '.join(mine) or 'none'}")


def effect(c: Campaign, seat: str, name: str) -> int:
    """The sum of effect ``name`` over ``seat``'s living Heroes (faction-wide effects: ``cp_bonus``,
    ``income_bonus_kc``, ``reveal_destinations``)."""
    return heroes.effect_total(living(c, seat), name)


def _aboard(c: Campaign, hero: Record) -> str | None:
    return hero.get("host") if not hero.get("dead") else None


def _carried(units: dict[str, Record], ids: Iterable[str]) -> set[str]:
    """The ids and everything aboard them."""
    out: set[str] = set()
    queue = list(ids)
    while queue:
        uid = queue.pop()
        if uid in out or uid not in units:
            continue
        out.add(uid)
        queue += list(units[uid].get("carried") or [])
    return out


# ---- abilities on the galaxy -------------------------------------------------------------------

def income_bonus(c: Campaign, seat: str) -> tuple[int, list[str]]:
    """The KC ``seat``'s Heroes add on an Action Day (``income_bonus_kc``) and the ledger line, or
    (0, []) on other days and with no such Hero."""
    kc = effect(c, seat, "income_bonus_kc")
    if kc <= 0 or not clk.is_action_day(int(c["turn"])):
        return 0, []
    names = ", ".join(h["name"] for h in living(c, seat) if heroes.effect_total([h], "income_bonus_kc"))
    return kc, [f"{names} +{kc} KC"]


def cp_bonus(c: Campaign, seat: str) -> int:
    """The CP ``seat``'s Heroes add to its battle command limit (``cp_bonus``, TOTE-GAP-53)."""
    return max(0, effect(c, seat, "cp_bonus"))


def hyper_pct(c: Campaign, seat: str, ids: Iterable[str]) -> int:
    """How many percent shorter a jump of ``ids`` (and what they carry) is: the ``hyper_time_pct``
    of ``seat``'s living Heroes aboard, as a positive number (0 when none rides along); at most 90."""
    aboard = _carried(c["units"], ids)
    pct = -sum(heroes.effect_total([h], "hyper_time_pct") for h in living(c, seat) if h.get("host") in aboard)
    return max(0, min(90, pct))


def on_scan(c: Campaign, seat: str, scan: Record) -> Record:
    """A scan just declared, with its Hero's abilities: a Hero aboard the scanner with
    ``scan_time_hours(h)`` makes it due ``h`` hours after it starts (the shortest of them), and with
    ``scan_range(+n)`` makes it cover as if made ``n`` rings further in (``cover_from``)."""
    here = [h for h in living(c, seat) if h.get("host") == scan["scanner"]]
    if not here or scan["mode"] != "active":
        return scan
    out = dict(scan)
    times = [e.value for h in here for e in heroes.abilities(h) if e.name == "scan_time_hours"]
    if times:
        out["due"] = int(scan["hour"]) + min(times)
    reach = heroes.effect_total(here, "scan_range")
    space = str(scan["space"])
    ring, _, q = space.partition("-")
    if reach > 0 and ring in _RINGS and q.isdigit():
        deeper = _RINGS[min(len(_RINGS) - 1, _RINGS.index(ring) + reach)]
        if deeper != ring:
            out["cover_from"] = f"{deeper}-{q}"
    return out


def repair_hours(c: Campaign, seat: str, system: str, hours: int) -> int:
    """The repair hours a ship of ``seat`` gets at ``system`` in ``hours`` of work: ``repair_bonus_pct``
    of ``seat``'s living Heroes in that system makes them n% more, rounded down (TOTE-GAP-30: repairs
    in the Hero's system go n% faster)."""
    pct = sum(heroes.effect_total([h], "repair_bonus_pct") for h in living(c, seat) if where(c, h)[0] == system)
    return hours + hours * max(0, pct) // 100


def salvage_kc(c: Campaign, seat: str, system: str, kc: int) -> int:
    """A scrap or salvage payout of ``kc`` to ``seat`` at ``system`` with ``salvage_bonus_pct`` of its
    living Heroes in that system: n% more, rounded down."""
    pct = sum(heroes.effect_total([h], "salvage_bonus_pct") for h in living(c, seat) if where(c, h)[0] == system)
    return kc + kc * max(0, pct) // 100


def reveal(c: Campaign, seat: str, ids: list[str], origin: str) -> list[Event]:
    """Another faction's agents see where ``seat``'s fleet (``ids``, just departed from ``origin``) is
    bound: each seat whose Heroes have ``reveal_destinations(n)`` learns the destination of the first
    n departures of other factions each day (its intel, its events alone)."""
    if not ids or ids[0] not in c["units"] or not c["units"][ids[0]].get("transit"):
        return []
    t = c["units"][ids[0]]["transit"]
    out: list[Event] = []
    for spy in sorted(c["seats"]):
        if spy == seat:
            continue
        n = effect(c, spy, "reveal_destinations")
        if n <= 0:
            continue
        log = c.setdefault("intel", {}).setdefault(spy, [])
        if sum(1 for r in log if r["hour"] == c["hour"]) >= n:
            continue
        rec = {"hour": int(c["hour"]), "fleet": t.get("fleet", ""), "owner": seat, "from": origin, "to": t["to"],
               "arrive_turn": t["arrive_turn"]}
        log.append(rec)
        out.append({"kind": "campaign.intel", "to": [spy], "turn": c["turn"],
                    "text": f"Our agents report: the fleet of {FACTIONS[c['seats'][seat]]} that left {_name(origin)} is bound "
                            f"for {_name(t['to'])}, arriving day {t['arrive_turn']}."})
    return out


# ---- abilities in a battle ---------------------------------------------------------------------

def _ground_of(space: str | None) -> str | None:
    """The ground grid a space is in, or the one below an A-Ring space (the Hero commands it from orbit)."""
    if not space:
        return None
    g = grid.ground_grid(space)
    if g:
        return g
    return f"G-{grid.quadrant(space)}" if grid.kind(space) == "a_ring" else None


def _grid_of(space: str | None) -> str | None:
    """The Hero's "grid" for ship scopes: its space, or its ground grid when it is on the ground."""
    if not space:
        return None
    return grid.ground_grid(space) or space


def battle_flags(c: Campaign, world: str, units: dict[str, Record]) -> dict[str, int]:
    """Set the Heroes' battle abilities on the battle ``units`` at ``world`` (changed in place):
    ``hero_ucr`` (UCR modifier) and ``raw_bonus_pct`` (ground damage) where a Hero of the unit's
    faction is present; returns each seat's ``cp_bonus`` for the battle's command limit."""
    for u in units.values():
        u.pop("hero_ucr", None)
        u.pop("raw_bonus_pct", None)
    bonus: dict[str, int] = {}
    for h in c.get("heroes", []):
        if h.get("dead"):
            continue
        host = units.get(h.get("host") or "")
        if host is not None:
            space = host.get("space") or (units.get(host.get("carried_by") or "") or {}).get("space")
        else:
            system, space = where(c, h)
            if system != world:
                continue
        seat = h["faction"]
        if not any(u["faction"] == seat for u in units.values()):
            continue
        bonus[seat] = bonus.get(seat, 0) + max(0, heroes.effect_total([h], "cp_bonus"))
        for e in heroes.abilities(h):
            if e.value == 0 or e.name not in ("ucr_bonus", "ground_damage_pct"):
                continue
            for u in units.values():
                if u["faction"] != seat or u.get("destroyed") or not u.get("space"):
                    continue
                if e.name == "ground_damage_pct" or e.scope == "ground_same_grid":
                    hit = model.is_ground(u) and _ground_of(space) is not None and grid.ground_grid(u["space"]) == _ground_of(space)
                elif e.scope == "ships_in_system":
                    hit = not model.is_ground(u) and not model.is_installation(u)
                else:
                    want = "capital" if e.scope == "capitals_same_grid" else "sf"
                    hit = model.unit_class(u) == want and _grid_of(u["space"]) == _grid_of(space)
                if hit:
                    key = "raw_bonus_pct" if e.name == "ground_damage_pct" else "hero_ucr"
                    u[key] = int(u.get(key, 0)) + e.value
    return {s: n for s, n in bonus.items() if n}


def clear_flags(units: Iterable[Record]) -> None:
    """Take the battle's Hero flags off campaign units after the battle day."""
    for u in units:
        u.pop("hero_ucr", None)
        u.pop("raw_bonus_pct", None)


# ---- orders ------------------------------------------------------------------------------------

def upgrade(c: Campaign, seat: str, hero_id: str) -> list[Event]:
    """``seat`` raises its Hero ``hero_id`` one level for 1000 KC from its treasury (TOTE-HERO-03,
    TOTE-GAP-30), counted as spent. Raises OrderError (nothing changes) for a Hero not its own, dead,
    at its level cap, or a short treasury."""
    h = hero_of(c, seat, hero_id)
    new, left, raw = heroes.upgrade(h, int(c["treasury"][seat]))
    cost = int(c["treasury"][seat]) - left
    c["heroes"][c["heroes"].index(h)] = new
    c["treasury"][seat] = left
    c.setdefault("spent", {}).setdefault(seat, 0)
    c["spent"][seat] += cost
    return [{"kind": "campaign.hero", "to": [seat], "turn": c["turn"], "text": e["text"]} for e in raw]


def train(c: Campaign, seat: str, cls: str, name: str) -> list[Event]:
    """``seat`` begins training a second Hero of class ``cls`` called ``name`` at its Faction Command
    Center: 5000 KC now (spent), ready 14 days later (TOTE-HERO-04, TOTE-GAP-30). Raises OrderError
    (nothing changes) for a third Hero, dead ones counted (TOTE-EX-37), a dead Hero's name, no
    standing Command Center, an unknown class or a short treasury."""
    start(c)
    faction = c["seats"][seat]
    fcc = next((f for f in c.get("facilities", {}).values() if f["faction"] == seat and f["type"] == "FCC"
                and not f.get("destroyed")), None)
    n = 1 + sum(1 for h in c["heroes"] if h["faction"] == seat) + sum(1 for t in c["trainings"] if t["faction"] == seat)
    timer, left, raw = heroes.order_training(c["heroes"], c["trainings"], seat, cls, name, int(c["treasury"][seat]),
                                             int(c["hour"]), fcc, f"train-{c['turn']}-{seat}", f"{faction}-HERO{n}")
    timer["ready_turn"] = clk.turn_at_or_after(int(timer["due_hour"]))
    c["trainings"].append(timer)
    c.setdefault("spent", {}).setdefault(seat, 0)
    c["spent"][seat] += int(c["treasury"][seat]) - left
    c["treasury"][seat] = left
    return [{"kind": "campaign.hero", "to": [seat], "turn": c["turn"],
             "text": raw[0]["text"].replace(f"hour {timer['due_hour']}", f"day {timer['ready_turn']}")}]


def finish_trainings(c: Campaign) -> list[Event]:
    """At a turn start: every training due by now ends, the new Hero at level 1 aboard its Command
    Center (TOTE-HERO-02); a training whose Command Center has fallen meanwhile still ends there."""
    start(c)
    due = [t for t in c["trainings"] if int(t["due_hour"]) <= int(c["hour"])]
    c["trainings"] = [t for t in c["trainings"] if t not in due]
    out: list[Event] = []
    for t in due:
        hero, raw = heroes.finish_training(t)
        c["heroes"].append(hero)
        out += [{"kind": "campaign.hero", "to": [t["faction"]], "turn": c["turn"], "text": e["text"]} for e in raw]
    return out


def transfer(c: Campaign, seat: str, hero_id: str, host: str) -> list[Event]:
    """``seat``'s Hero goes aboard its ship or facility ``host`` in the same system (TOTE-HERO-01: a
    Hero rides aboard a ship or facility). Raises OrderError (nothing changes) for a Hero not its own
    or dead, a host not its own or not standing, in another system, or in hyperspace."""
    h = hero_of(c, seat, hero_id)
    heroes.check_alive(h)
    rec = c["units"].get(host) or c.get("facilities", {}).get(host)
    if rec is None or rec["faction"] != seat or rec.get("destroyed"):
        raise OrderError(f"{host!r} is not a standing ship or facility of yours")
    if host in c["units"] and (not model.is_capital(rec) and not model.is_small(rec)):
        raise OrderError(f"{host} is not a ship: a Hero rides aboard a ship or a facility")
    system, _space = where(c, h)
    if system is None:
        raise OrderError(f"{h['name']} is in hyperspace; it changes ship once it arrives")
    if rec.get("transit") or rec.get("system") != system:
        raise OrderError(f"{host} is not at {system}, where {h['name']} is")
    if h.get("host") == host:
        raise OrderError(f"{h['name']} is aboard {host} already")
    c["heroes"][c["heroes"].index(h)] = {**h, "host": host, "space": None, "system": system}
    return [{"kind": "campaign.hero", "to": [seat], "turn": c["turn"], "text": f"{h['name']} goes aboard {host} at {_name(system)}."}]


# ---- the ledger --------------------------------------------------------------------------------

def ledger_heroes(c: Campaign, seat: str) -> list[Record]:
    """``seat``'s Heroes for its ledger: id, name, class, level, abilities, where (system and host) or
    fallen; and its Heroes in training with their ready day."""
    out: list[Record] = []
    for h in c.get("heroes", []):
        if h["faction"] != seat:
            continue
        system, _space = where(c, h)
        out.append({**h, "abilities": [heroes.describe(e) for e in heroes.abilities(h) if e.value], "at": system,
                    "upgrade_kc": heroes.hero_class(h["class"]).upgrade_cost_kc
                    if int(h["level"]) < heroes.hero_class(h["class"]).level_cap else None})
    return out


def ledger_trainings(c: Campaign, seat: str) -> list[Record]:
    """``seat``'s Heroes in training: name, class, where, ready day."""
    return [{"id": t["hero_id"], "name": t["name"], "class": t["class"], "at": t["system"],
             "ready_turn": t.get("ready_turn", clk.turn_at_or_after(int(t["due_hour"])))}
            for t in c.get("trainings", []) if t["faction"] == seat]


#: Days of agents' reports the ledger keeps.
INTEL_DAYS = 3


def ledger_intel(c: Campaign, seat: str) -> list[Record]:
    """What ``seat``'s agents saw (``reveal_destinations``) in the last 3 days: owner, origin,
    destination and arrival day of each fleet, newest first."""
    since = int(c["hour"]) - 24 * (INTEL_DAYS - 1)
    return [dict(r) for r in reversed(c.get("intel", {}).get(seat, [])) if int(r["hour"]) >= since]


def hero_rows(c: Campaign, seat: str) -> list[str]:
    """The roster lines of ``seat``'s Heroes."""
    rows = []
    for h in ledger_heroes(c, seat):
        if h.get("dead"):
            rows.append(f"{h['id']} {h['name']} ({h['class']}, level {h['level']}) - fallen")
            continue
        on = f"aboard {h['host']}" if h.get("host") else f"in {h.get('space')}"
        rows.append(f"{h['id']} {h['name']} ({h['class']}, level {h['level']}) {on} at "
                    f"{_name(h['at']) if h['at'] else 'hyperspace'}" + (f": {', '.join(h['abilities'])}" if h['abilities'] else ""))
    rows += [f"{t['id']} {t['name']} ({t['class']}) in training at {_name(t['at'])}, ready day {t['ready_turn']}"
             for t in ledger_trainings(c, seat)]
    rows += [f"agents: {FACTIONS.get(c['seats'].get(r['owner'], ''), r['owner'])} fleet from {_name(r['from'])} bound for {_name(r['to'])}, arriving day "
             f"{r['arrive_turn']}" for r in ledger_intel(c, seat)]
    return rows


# ---- the galaxy orders and the bot ---------------------------------------------------------------
