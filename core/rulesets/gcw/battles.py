"""The Tactical Battle Phase: the engine sets each battle up, takes the battle reports (or the
auto-resolver's), applies them, and moves withdrawing fleets (GCW-BATTLE-*, GCW-WITHDRAW-*,
GCW-TABLING-*, GCW-DAMAGE-*, GCW-VP-01, GCW-GAP-03/15..21/47..49).

A battle report, as typed after ``report <battle>``: tokens ``<unit>=<fate>[:<faceup damage>]`` for
every unit that did not simply survive undamaged, and ``Empire=<n> Rebel=<n>`` for objective VP.
Fates: ``destroyed``, ``early`` (withdrew before round 3), ``late`` (withdrew in round 3 or later),
``fled`` (a squadron fleeing a tabling), ``survived``.
"""
from __future__ import annotations

import json
from typing import Any

from core.dice_words import DiceCount, fixed
from core.errors import OrderError
from core.events import GM, Event

from . import steps
from .data import rules
from .model import (card, commanders, end_game, fleet_units, fleets_at, fleets_of, is_ship, is_squadron, log, new_fleet,
                    new_unit, other, points_of, put, remove_unit, reveal, Ruleset_dice, seal, sealed_words, side_of,
                    squadron_points, State, team, unit_points)

FATES = ("destroyed", "early", "late", "fled", "survived")
AUTO_POINTS_PER_DIE = 20
AUTO_HIT_FROM = 6          # a d8 showing 6, 7 or 8 hits
AUTO_HIT_DAMAGE = 15
BOMB_DIE = fixed(1, "the bombing run, black (GCW-WEAPON-10)")
LUKE_DIE = fixed(1, "Luke Skywalker's reroll, black (GCW-WEAPON-11)")
AUTO_WORD = "auto"         # 'report <battle> auto': the auto-resolver's report, rolled on the record


def half_up(points: int) -> int:
    """Half points, rounded up (GCW-GAP-20)."""
    return (points + 1) // 2


def advantage(p1: int, p2: int) -> str:
    """The 1st player's advantage: "overwhelming", "major" or "none" (GCW-ADV-01/02)."""
    d = p1 - p2
    if d <= 0:
        return "none"
    ov, mj = rules().const["battle"]["overwhelming"], rules().const["battle"]["major"]
    if d >= int(ov["points"]) or ov["fraction"][1] * d >= ov["fraction"][0] * p2:
        return "overwhelming"
    if d >= int(mj["points"]) or mj["fraction"][1] * d >= mj["fraction"][0] * p2:
        return "major"
    return "none"


def revealed_count(level: str) -> int:
    """How many objectives the 2nd player reveals (GCW-BATTLE-06)."""
    return {"none": 3, "major": 2, "overwhelming": 1}[level]


def score_for(fate: str, points: int) -> int:
    """VP the opponent scores for a unit (GCW-WITHDRAW-02/03, GCW-TABLING-01/02)."""
    if fate in ("destroyed", "early"):
        return points
    if fate in ("late", "fled"):
        return half_up(points)
    return 0


# -- the phase ----------------------------------------------------------------------------------------
def contested(state: State) -> list[str]:
    """Systems holding fleets of both sides (GCW-BATTLE-01); the Death Star alone fights no one."""
    return sorted(s for s in rules().systems if fleets_at(state, s, "Empire") and fleets_at(state, s, "Rebel"))


def begin(state: State) -> list[Event]:
    systems = contested(state)
    state["battle"] = {"queue": [{"system": s, "ambush": False, "flee_side": None} for s in systems],
                       "current": None, "chosen": None, "bombed": []}
    if not systems:
        return [log(state, "battle", "Tactical Battle Phase: no battles this turn")]
    return [log(state, "battle", f"Tactical Battle Phase: battles at {', '.join(systems)}", systems=systems)]


def advance(state: State) -> list[Event]:
    """Run the battle phase until a player must act; then the Resource Phase."""
    b = state["battle"]
    if b["current"] is not None:
        return step_battle(state)
    if state.get("result") is not None:
        return []
    if b["queue"]:
        if len(b["queue"]) > 1 and not b["queue"][0]["ambush"] and b["chosen"] is None:
            steps.wait(state, "battle-order", [state["initiative"]["side"]])
            return []
        entry = b["queue"].pop(0)
        if b["chosen"] is not None:
            b["queue"].insert(0, entry)
            entry = next(e for e in b["queue"] if e["system"] == b["chosen"])
            b["queue"].remove(entry)
            b["chosen"] = None
        return start_battle(state, entry)
    events = bombing(state)
    if state["step"] is None:
        state["phase"] = "resource"
        state["resource"] = {"stage": 0}
    return events


def choose_order(state: State, side: str, system: str) -> list[Event]:
    state["battle"]["chosen"] = system
    state["step"] = None
    return [log(state, "battle", f"{side} chooses to fight at {system} next", system=system)]


def start_battle(state: State, entry: dict[str, Any]) -> list[Event]:
    system = entry["system"]
    if not (fleets_at(state, system, "Empire") and fleets_at(state, system, "Rebel")):
        return []
    state["counters"]["battle"] += 1
    bid = f"B{state['counters']['battle']}"
    fleets = {s: fleets_at(state, system, s) for s in ("Empire", "Rebel")}
    units = {s: [u for f in fleets[s] for u in state["fleets"][f]["units"]] for s in fleets}
    points = {s: sum(unit_points(state["units"][u]) for u in units[s]) for s in units}
    battle = {"id": bid, "system": system, "fleets": fleets, "units": units, "points": points,
              "unit_points": {u: unit_points(state["units"][u]) for s in units for u in units[s]},
              "ambush": entry["ambush"], "flee_side": entry["flee_side"], "stage": "open",
              "objectives": {}, "concede": {}, "first": None, "second": None, "advantage": None,
              "reveal": 3, "revealed": [], "objective": None, "reports": {}, "answer": None}
    state["battle"]["current"] = battle
    text = (f"Battle {bid} at {system}: Empire {points['Empire']} points ({', '.join(fleets['Empire'])}) "
            f"vs Rebel {points['Rebel']} points ({', '.join(fleets['Rebel'])})")
    if entry["ambush"]:
        text += f"; {entry['flee_side']} fled into it and is 2nd player, Fleet Ambush is added"
    events = [log(state, "battle", text, battle=bid, system=system, points=points)]
    if state["options"].get("auto_resolve"):
        return events + auto_battle(state, battle)
    return events + step_battle(state)


def chooser_of(battle: dict[str, Any]) -> str:
    """Who picks 1st or 2nd player: fewer points; the Rebel on a tie (GCW-BATTLE-05, GCW-GAP-17)."""
    p = battle["points"]
    return "Empire" if p["Empire"] < p["Rebel"] else "Rebel"


def step_battle(state: State) -> list[Event]:
    """Move the current battle to its next step that needs a player."""
    battle = state["battle"]["current"]
    stage = battle["stage"]
    if stage == "open":
        todo = [s for s in ("Empire", "Rebel") if s not in battle["objectives"] and s not in battle["concede"]]
        if todo:
            steps.wait(state, "open", todo, battle=battle["id"])
            return []
        return after_open(state, battle)
    if stage == "answer":
        steps.wait(state, "answer", [other(battle["answer"])], battle=battle["id"])
        return []
    if stage == "first":
        if battle["flee_side"]:
            return set_first(state, battle, other(battle["flee_side"]), None)
        steps.wait(state, "first", [chooser_of(battle)], battle=battle["id"])
        return []
    if stage == "reveal":
        second = battle["second"]
        if battle["reveal"] >= 3:
            battle["revealed"] = list(state["sealed"][battle["objectives"][second]]["content"])
            battle["stage"] = "pick"
            return reveal(state, battle["objectives"][second]) + step_battle(state)
        steps.wait(state, "reveal", [second], battle=battle["id"], count=battle["reveal"])
        return []
    if stage == "pick":
        steps.wait(state, "pick", [battle["first"]], battle=battle["id"])
        return []
    if stage == "report":
        todo = [s for s in ("Empire", "Rebel") if s not in battle["reports"]]
        if todo:
            steps.wait(state, "report", todo, battle=battle["id"])
            return []
        return compare_reports(state, battle)
    if stage == "ruling":
        steps.wait(state, "ruling", ["Empire", "Rebel"], battle=battle["id"])
        return []
    if stage == "retreat":
        pending = battle["retreats"]
        if pending:
            side = pending[0]["side"]
            steps.wait(state, "retreat", [side], battle=battle["id"], options=retreat_options(state, side, battle["system"]))
            return []
        return close_battle(state, battle)
    raise RuntimeError(f"unknown battle stage {stage}")


# -- objectives, concession, 1st player ---------------------------------------------------------------
def set_objectives(state: State, side: str, picks: list[str]) -> list[Event]:
    battle = state["battle"]["current"]
    rid, events = seal(state, side, "open", picks, f"the opening choice for battle {battle['id']}")
    battle["objectives"][side] = rid
    steps.done(state, side)
    return events + (step_battle(state) if state["step"] is None else [])


def offer_concession(state: State, side: str) -> list[Event]:
    battle = state["battle"]["current"]
    rid, events = seal(state, side, "open", {"battle": battle["id"], "concede": True}, f"the opening choice for battle {battle['id']}")
    battle["concede"][side] = rid
    steps.done(state, side)
    return events + (step_battle(state) if state["step"] is None else [])


def after_open(state: State, battle: dict[str, Any]) -> list[Event]:
    events: list[Event] = []
    conceders = sorted(battle["concede"])
    for side in conceders:
        events += reveal(state, battle["concede"][side])
    if len(conceders) == 2:
        events.append(log(state, "battle", f"Both sides concede battle {battle['id']}: no battle, no VP; the Rebel withdraws"))
        return events + plan_retreats(state, battle, {"Rebel": "all"})
    if conceders:
        battle["answer"] = conceders[0]
        battle["stage"] = "answer"
        events.append(log(state, "battle", f"{conceders[0]} offers to concede battle {battle['id']}; {other(conceders[0])} must accept or refuse"))
        return events + step_battle(state)
    battle["stage"] = "first"
    return events + step_battle(state)


def answer_concession(state: State, side: str, accept: bool) -> list[Event]:
    """GCW-WITHDRAW-04: accepted, the opponent scores half and the conceding fleets withdraw; refused, play on."""
    battle = state["battle"]["current"]
    conceder = battle["answer"]
    state["step"] = None
    if accept:
        gain = half_up(battle["points"][conceder])
        state["sides"][side]["vp"] += gain
        events = [log(state, "battle", f"{side} accepts {conceder}'s concession of battle {battle['id']}: {side} scores {gain} VP "
                      f"(half of {battle['points'][conceder]}); the battle is not set up", vp=gain, ledger=[[side, "vp", gain]])]
        battle["result"] = {"vp": {side: gain, conceder: 0}, "conceded": conceder}
        return events + plan_retreats(state, battle, {conceder: "all"})
    del battle["concede"][conceder]
    battle["answer"] = None
    battle["stage"] = "open"
    events = [log(state, "battle", f"{side} refuses the concession; battle {battle['id']} is played (GCW-GAP-21)")]
    return events + step_battle(state)


def set_first(state: State, battle: dict[str, Any], first: str, chooser: str | None) -> list[Event]:
    battle["first"], battle["second"] = first, other(first)
    p1, p2 = battle["points"][first], battle["points"][other(first)]
    level = advantage(p1, p2)
    battle["advantage"] = level
    battle["reveal"] = revealed_count(level)
    battle["stage"] = "reveal"
    state["step"] = None
    who = f"{chooser} chooses: " if chooser else ""
    events = [log(state, "battle", f"Battle {battle['id']}: {who}{first} is 1st player ({p1} points), {other(first)} 2nd ({p2}); "
                  f"advantage {level}: {other(first)} reveals {battle['reveal']} of 3 objectives",
                  first=first, advantage=level, reveal=battle["reveal"])]
    return events + step_battle(state)


def reveal_objectives(state: State, side: str, picks: list[str]) -> list[Event]:
    battle = state["battle"]["current"]
    rec = state["sealed"][battle["objectives"][side]]
    battle["revealed"] = picks
    battle["stage"] = "pick"
    state["step"] = None
    events = [log(state, "battle", f"{side} reveals {len(picks)} objective(s) for battle {battle['id']}: {', '.join(picks)} "
                  f"(from sealed record {rec['id']}, sha256 {rec['hash']}; the others stay sealed)", objectives=picks)]
    return events + step_battle(state)


def objective_options(battle: dict[str, Any]) -> list[str]:
    options = list(battle["revealed"])
    if battle["ambush"]:
        options.append(rules().const["battle"]["fleet_ambush"])
    return options


def pick_objective(state: State, side: str, objective: str) -> list[Event]:
    battle = state["battle"]["current"]
    battle["objective"] = objective
    battle["stage"] = "report"
    state["step"] = None
    events = [log(state, "battle", f"{side} (1st player) picks the objective {objective}; play battle {battle['id']} in Armada and report it",
                  objective=objective)]
    return events + step_battle(state)


# -- reports ------------------------------------------------------------------------------------------
def parse_report(state: State, battle: dict[str, Any], text: str, line: str) -> dict[str, Any]:
    """Read a report into ``{"units": {id: [fate, damage]}, "objective": {side: n}}``. Raises OrderError."""
    units = {u: ["survived", 0] for s in ("Empire", "Rebel") for u in battle["units"][s]}
    objective = {"Empire": 0, "Rebel": 0}
    for token in text.replace(",", " ").split():
        key, sep, value = token.partition("=")
        if not sep:
            raise OrderError(f"{line!r}: {token!r} should read <unit>=<fate>[:<damage>] or Empire=<vp> / Rebel=<vp>")
        side_key = {"empire": "Empire", "rebel": "Rebel"}.get(key.lower())
        if side_key:
            if not value.isdigit():
                raise OrderError(f"{line!r}: {token!r}: objective VP must be a whole number")
            objective[side_key] = int(value)
            continue
        uid = key.upper()
        if uid not in units:
            raise OrderError(f"{line!r}: {key!r} is not a unit in battle {battle['id']}; units: {', '.join(units)}")
        fate, _, dmg = value.lower().partition(":")
        if fate not in FATES:
            raise OrderError(f"{line!r}: {value!r}: the fate must be one of {', '.join(FATES)}")
        unit = state["units"][uid]
        if dmg and (not dmg.isdigit() or int(dmg) > 20):
            raise OrderError(f"{line!r}: {token!r}: faceup damage must be a whole number from 0 to 20")
        if dmg and int(dmg) and (not is_ship(unit) or fate == "destroyed"):
            raise OrderError(f"{line!r}: {token!r}: only ships that left the battle alive keep faceup damage")
        if fate == "fled" and not is_squadron(unit):
            raise OrderError(f"{line!r}: {token!r}: only squadrons flee a tabling")
        units[uid] = [fate, int(dmg or 0)]
    for side in ("Empire", "Rebel"):
        ships_left = any(units[u][0] == "survived" for u in battle["units"][side] if is_ship(state["units"][u]))
        for u in battle["units"][side]:
            if is_squadron(state["units"][u]):
                if units[u][0] == "fled" and ships_left:
                    raise OrderError(f"{line!r}: {u} cannot have fled a tabling: {side} still has ships on the table")
                if units[u][0] == "survived" and not ships_left:
                    units[u][0] = "fled"     # GCW-TABLING-02: surviving squadrons of a tabled side flee
    return {"units": units, "objective": objective}


def submit_report(state: State, side: str, report: dict[str, Any]) -> list[Event]:
    """A side's report; after differing reports, its amended report (sealed again until both sides
    have amended, then compared again), so a hot-seat game needs no GM unless they still differ."""
    battle = state["battle"]["current"]
    amending = battle["stage"] == "ruling"
    rid, events = seal(state, side, "report", report,
                       f"an amended report for battle {battle['id']}" if amending else f"a report for battle {battle['id']}")
    battle["reports"][side] = rid
    steps.done(state, side)
    standing = state["sealed"].get(battle["reports"].get(other(side), ""))
    if amending and standing and standing["revealed"] and json.dumps(standing["content"], sort_keys=True) == json.dumps(report, sort_keys=True):
        state["step"] = None  # an amendment that takes the other side's shown report: the two match now
    if amending and state["step"] is None:
        battle["stage"] = "report"  # both amended: compare again
    return events + (step_battle(state) if state["step"] is None else [])


def compare_reports(state: State, battle: dict[str, Any]) -> list[Event]:
    events: list[Event] = []
    for side in ("Empire", "Rebel"):
        events += reveal(state, battle["reports"][side])
    a = state["sealed"][battle["reports"]["Empire"]]["content"]
    b = state["sealed"][battle["reports"]["Rebel"]]["content"]
    if json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True):
        events.append(log(state, "battle", f"The reports of battle {battle['id']} match; applying them"))
        return events + apply_report(state, battle, a, "agreed")
    battle["stage"] = "ruling"
    events.append(log(state, "battle", f"The reports of battle {battle['id']} differ (both are shown above): each side "
                      f"amends its report (report {battle['id']} ...) and they are compared again, or the GM rules "
                      f"(ruling {battle['id']} ...)"))
    return events + step_battle(state)


def report_words(report: dict[str, Any]) -> str:
    """A battle report as players read it: ``E2 destroyed, R1 late (2 faceup); objective VP Empire 40, Rebel 0``."""
    units = [f"{uid} {fate}" + (f" ({dmg} faceup)" if dmg else "") for uid, (fate, dmg) in sorted((report.get("units") or {}).items())]
    objective = ", ".join(f"{side} {vp}" for side, vp in sorted((report.get("objective") or {}).items()))
    return f"{', '.join(units) or 'no units'}; objective VP {objective or 'none'}"


def gm_ruling(state: State, report: dict[str, Any]) -> list[Event]:
    battle = state["battle"]["current"]
    state["step"] = None
    events = [log(state, "ruling", f"The GM rules on battle {battle['id']}: {report_words(report)}", report=report)]
    return events + apply_report(state, battle, report, "GM ruling")


def forced_report(state: State, battle: dict[str, Any]) -> dict[str, Any]:
    """What a forced resolution applies: one report if only one came in; for two differing reports each
    unit's fate as its owner reported it and the lower claim of objective VP; none: nothing happened."""
    contents = {s: state["sealed"][r]["content"] for s, r in battle["reports"].items()}
    if len(contents) == 1:
        return next(iter(contents.values()))
    if not contents:
        return {"units": {u: ["survived", 0] for s in ("Empire", "Rebel") for u in battle["units"][s]},
                "objective": {"Empire": 0, "Rebel": 0}}
    units = {}
    for side in ("Empire", "Rebel"):
        for u in battle["units"][side]:
            units[u] = contents[side]["units"][u]
    objective = {s: min(contents["Empire"]["objective"][s], contents["Rebel"]["objective"][s]) for s in ("Empire", "Rebel")}
    return {"units": units, "objective": objective}


def apply_report(state: State, battle: dict[str, Any], report: dict[str, Any], how: str) -> list[Event]:
    """Score and apply a battle's result (GCW-VP-01, GCW-DAMAGE-01..03, GCW-TABLING-*, GCW-POOL-01/02)."""
    events: list[Event] = []
    vp = {"Empire": 0, "Rebel": 0}
    for side in ("Empire", "Rebel"):
        for uid in battle["units"][side]:
            fate, _ = report["units"][uid]
            vp[other(side)] += score_for(fate, battle["unit_points"][uid])
        vp[side] += int(report["objective"][side])
    for side in ("Empire", "Rebel"):
        state["sides"][side]["vp"] += vp[side]
    battle["result"] = {"vp": vp, "how": how}
    lines = []
    fates = []
    withdrawn: dict[str, list[str]] = {"Empire": [], "Rebel": []}
    for side in ("Empire", "Rebel"):
        for uid in battle["units"][side]:
            fate, dmg = report["units"][uid]
            if fate != "survived" or dmg:
                lines.append(f"{uid} {card(state['units'][uid]['code']).name}: {fate}" + (f", {dmg} faceup" if dmg else ""))
                fates.append([side, f"{uid} ({card(state['units'][uid]['code']).name})", fate, int(dmg),
                              int(battle["unit_points"][uid])])
            if fate == "destroyed":
                remove_unit(state, uid)
                continue
            state["units"][uid]["damage"] = int(state["units"][uid].get("damage", 0)) + int(dmg)
            if fate == "fled":
                put(state, uid, "pool")
            elif fate in ("early", "late"):
                withdrawn[side].append(uid)
    events.append(log(state, "battle", f"Battle {battle['id']} result ({how}): Empire scores {vp['Empire']} VP, Rebel {vp['Rebel']} VP"
                      + (f"; {'; '.join(lines)}" if lines else "; no losses") + "; shields and facedown damage are restored",
                      battle=battle["id"], vp=vp, ledger=[[s, "vp", vp[s]] for s in ("Empire", "Rebel")], fates=fates,
                      system=battle["system"]))
    events += enforce_pool_limits(state, battle["system"])
    survivors = {s: [u for u in battle["units"][s] if u in state["units"] and state["units"][u]["fleet"] != "pool"
                     and u not in withdrawn[s]] for s in ("Empire", "Rebel")}
    ships_left = {s: any(is_ship(state["units"][u]) for u in survivors[s]) for s in survivors}
    leaving: dict[str, Any] = {}
    if ships_left["Empire"] and ships_left["Rebel"]:
        loser = loser_of(state, battle, vp)
        events.append(log(state, "battle", f"Both sides remain at {battle['system']}: {loser} scored fewer VP (or lost the tie) and withdraws (GCW-GAP-19)"))
        leaving[loser] = "all"
        if withdrawn[other(loser)]:
            leaving[other(loser)] = withdrawn[other(loser)]
    else:
        for side in ("Empire", "Rebel"):
            if withdrawn[side]:
                leaving[side] = withdrawn[side]
    return events + plan_retreats(state, battle, leaving)


def loser_of(state: State, battle: dict[str, Any], vp: dict[str, int]) -> str:
    if vp["Empire"] != vp["Rebel"]:
        return "Empire" if vp["Empire"] < vp["Rebel"] else "Rebel"
    arrived = {s: max([state["fleets"][f]["arrived"] for f in fleets_at(state, battle["system"], s)] or [0]) for s in ("Empire", "Rebel")}
    if arrived["Empire"] > arrived["Rebel"]:
        return "Empire"
    return "Rebel"


def enforce_pool_limits(state: State, system: str) -> list[Event]:
    """GCW-POOL-01/02 after a battle: excess Commanders and squadrons go to the force pool."""
    events = []
    for fid in fleets_at(state, system):
        side = state["fleets"][fid]["side"]
        seen = False
        for unit in fleet_units(state, fid):
            for up in list(unit["upgrades"]):
                if card(up).type == "commander":
                    if seen:
                        unit["upgrades"].remove(up)
                        new_unit(state, side, up)
                        events.append(log(state, "pool", f"{card(up).name} is an excess Admiral in {fid} and returns to the force pool"))
                    seen = True
        for _ in range(50):
            units = fleet_units(state, fid)
            pts = points_of(units)
            if 3 * squadron_points(units) <= pts:
                break
            squad = max((u for u in units if is_squadron(u)), key=lambda u: (unit_points(u), u["id"]))
            put(state, squad["id"], "pool")
            events.append(log(state, "pool", f"{squad['id']} leaves {fid} for the force pool (over the one-third squadron limit)"))
            if fid not in state["fleets"]:
                break
    return events


# -- withdrawal ---------------------------------------------------------------------------------------
def retreat_options(state: State, side: str, system: str) -> list[str]:
    """Where a withdrawing fleet may go (GCW-WITHDRAW-05/06, GCW-GAP-53)."""
    enemy = other(side)
    friendly, unoccupied, hostile = [], [], []
    for s in rules().adjacent[system]:
        info = state["systems"][s]
        mine, theirs = fleets_at(state, s, side), fleets_at(state, s, enemy)
        if info["owner"] == side or (mine and not theirs):
            friendly.append(s)
        elif not mine and not theirs and info["owner"] != enemy:
            unoccupied.append(s)
        elif info["owner"] == enemy:
            hostile.append(s)
    first = sorted(friendly + unoccupied)
    if first:
        return first
    return sorted(hostile) or sorted(rules().adjacent[system])


def plan_retreats(state: State, battle: dict[str, Any], leaving: dict[str, Any]) -> list[Event]:
    battle["retreats"] = [{"side": s, "units": leaving[s]} for s in ("Empire", "Rebel") if s in leaving]
    battle["stage"] = "retreat"
    state["step"] = None
    return step_battle(state)


def retreat(state: State, side: str, system: str) -> list[Event]:
    battle = state["battle"]["current"]
    plan = battle["retreats"].pop(0)
    state["step"] = None
    here = battle["system"]
    if plan["units"] == "all":
        moving = fleets_at(state, here, side)
    else:
        ids = [u for u in plan["units"] if u in state["units"] and state["units"][u]["fleet"] != "pool"]
        if not ids:
            return step_battle(state)
        joined = fleets_at(state, system, side)
        if joined:
            for uid in ids:
                put(state, uid, joined[0])
            moving = []
            events = [log(state, "withdraw", f"{side} units {', '.join(ids)} withdraw from {here} and join {joined[0]} at {system}",
                          side=side, units=ids, origin=here, system=system)]
            events += enforce_pool_limits(state, system)     # GCW-GAP-20: POOL-01/02 still apply to this move
            return events + after_retreat(state, side, system, battle)
        limit = int(rules().const["fleet_limits"]["max_fleets"])
        if len(fleets_of(state, side)) >= limit:
            for uid in ids:
                put(state, uid, "pool")
            events = [log(state, "withdraw", f"{side} units {', '.join(ids)} withdraw from {here}; with no {side} fleet at {system} "
                          f"to join and {limit} fleets already, they cannot form another fleet (GCW-REORG-03) and go to the "
                          f"force pool, the \"7th fleet\" (GCW-POOL-04)", side=side, units=ids, origin=here, system="pool")]
            return events + step_battle(state)
        fid = new_fleet(state, side, here, ids)
        moving = [fid]
    for fid in moving:
        state["fleets"][fid]["system"] = system
        state["fleets"][fid]["arrived"] = state["counters"]["seq"] + 1
    events = [log(state, "withdraw", f"{side} withdraws {', '.join(moving)} from {here} to {system}", side=side, fleets=moving, origin=here, system=system)]
    return events + after_retreat(state, side, system, battle)


def after_retreat(state: State, side: str, system: str, battle: dict[str, Any]) -> list[Event]:
    if fleets_at(state, system, other(side)):
        queue = [e for e in state["battle"]["queue"] if e["system"] != system]
        state["battle"]["queue"] = [{"system": system, "ambush": True, "flee_side": side}, *queue]
        return [log(state, "battle", f"{side} withdrew into {other(side)} fleets at {system}: another battle ensues (GCW-WITHDRAW-07)")] + step_battle(state)
    return step_battle(state)


def close_battle(state: State, battle: dict[str, Any]) -> list[Event]:
    state["battle"]["current"] = None
    state["battle"]["queue"] = [e for e in state["battle"]["queue"] if fleets_at(state, e["system"], "Empire") and fleets_at(state, e["system"], "Rebel")]
    state.setdefault("history", []).append({"turn": state["turn"], "battle": battle["id"], "system": battle["system"],
                                            "result": battle.get("result")})
    events: list[Event] = []
    if not fleets_of(state, "Rebel") and not state["options"].get("rebel_survives"):
        events += end_game(state, ["Empire"], "Total Imperial victory: the last Rebel fleet was destroyed (GCW-WIN-01)")
    return events


# -- the Death Star bombing runs ----------------------------------------------------------------------
def bombers_ready(state: State) -> list[str]:
    """Rebel BOMBER squadrons that may make a run at the Death Star now (GCW-GAP-36)."""
    ds = state.get("deathstar")
    if not ds:
        return []
    here = ds["system"]
    if fleets_at(state, here, "Empire") or not fleets_at(state, here, "Rebel"):
        return []
    done = set(state["battle"].get("bombed", []))
    return [u["id"] for f in fleets_at(state, here, "Rebel") for u in fleet_units(state, f)
            if is_squadron(u) and card(u["code"]).bomber and u["id"] not in done]


def bombing(state: State) -> list[Event]:
    if bombers_ready(state) and state["step"] is None and state.get("result") is None:
        steps.wait(state, "bomb", ["Rebel"], system=state["deathstar"]["system"])
    return []


def bomb(state: State, squadron: str) -> list[Event]:
    """One bombing run: one black die, HIT or CRIT wins; Luke rerolls a miss (GCW-WEAPON-10/11/13)."""
    state["battle"]["bombed"].append(squadron)
    faces = rules().faces["black"]
    dice = Ruleset_dice(state)
    name = card(state["units"][squadron]["code"]).name
    roll = dice.roll(1, 8, f"bombing run by {squadron} {name}", why=BOMB_DIE)[0]
    face = faces[roll - 1]
    hit = face in ("hit", "hit_crit")
    events = []
    if not hit and card(state["units"][squadron]["code"]).luke:
        roll = dice.roll(1, 8, "Luke Skywalker rerolls", why=LUKE_DIE)[0]
        face = faces[roll - 1]
        hit = face in ("hit", "hit_crit")
    state["dice"] = dice.to_state()
    events += dice.drain()
    state["step"] = None
    if hit:
        vp = int(rules().const["secret_weapon"]["rebel_vp"])
        state["sides"]["Rebel"]["vp"] += vp
        state["deathstar"] = None
        events.append(log(state, "weapon", f"{squadron} rolls {face}: the Death Star is blown away! Rebel +{vp} VP", vp=vp,
                          ledger=[["Rebel", "vp", vp]]))
    else:
        events.append(log(state, "weapon", f"{squadron} rolls {face}: the run fails"))
    return events


# -- the auto-resolver --------------------------------------------------------------------------------
def auto_battle(state: State, battle: dict[str, Any]) -> list[Event]:
    """Decide a battle from fleet strength with the game's dice (option auto_resolve, GCW-GAP-03)."""
    chooser = chooser_of(battle)
    first = battle["flee_side"] and other(battle["flee_side"]) or other(chooser)
    battle["first"], battle["second"] = first, other(first)
    battle["advantage"] = advantage(battle["points"][first], battle["points"][other(first)])
    dice = Ruleset_dice(state)
    report = auto_report(state, battle, dice)
    state["dice"] = dice.to_state()
    events = dice.drain()
    events.append(log(state, "battle", f"Battle {battle['id']} is auto-resolved ({first} 1st player, advantage {battle['advantage']})"))
    return events + apply_report(state, battle, report, "auto-resolved")


def auto_on_record(state: State, battle: dict[str, Any]) -> tuple[list[Event], dict[str, Any]]:
    """The auto-resolver's report of ``battle`` (GCW-GAP-03), for a side that reports ``auto`` (a bot's
    honest report, or a player's agreement with it): rolled with the game's dice the first time either
    side asks, every roll and the result logged for both sides, and kept with the battle, so the other
    side's ``auto`` is the same report. Returns (events, report)."""
    if battle.get("auto") is not None:
        return [], battle["auto"]
    dice = Ruleset_dice(state)
    report = auto_report(state, battle, dice)
    state["dice"] = dice.to_state()
    battle["auto"] = report
    events = dice.drain()
    events.append(log(state, "battle", f"Battle {battle['id']} as the auto-resolver plays it, from both fleets with the dice above: "
                      f"{report_words(report)}", battle=battle["id"], report=report))
    return events, report


def auto_count(side: str, strength: int) -> DiceCount:
    """The auto-resolver's dice for one side's exchange (GCW-GAP-03, not from the text): 1 die per
    ``AUTO_POINTS_PER_DIE`` points still on the table, at least 1."""
    count = DiceCount(strength // AUTO_POINTS_PER_DIE,
                      f"{side}'s {strength} points on the table, 1 die per {AUTO_POINTS_PER_DIE} (auto-resolver, GCW-GAP-03)")
    return count.at_least(1, "at least 1 die")


def auto_report(state: State, battle: dict[str, Any], dice: Any) -> dict[str, Any]:
    pts = dict(battle["unit_points"])
    hits = {u: 0 for u in pts}
    fate = {u: "survived" for u in pts}
    on_table = {s: list(battle["units"][s]) for s in ("Empire", "Rebel")}
    start = {s: sum(pts[u] for u in on_table[s]) for s in on_table}
    for exchange in (1, 2, 3):
        rolls: dict[str, Any] = {}
        for side in ("Empire", "Rebel"):
            strength = sum(pts[u] for u in on_table[side])
            if not any(is_ship(state["units"][u]) for u in on_table[side]):
                rolls[side] = []
                continue
            count = auto_count(side, strength)
            rolls[side] = dice.roll(count.dice, 8, f"battle {battle['id']} exchange {exchange}: {side} fires", why=count)
        for side in ("Empire", "Rebel"):
            enemy = other(side)
            for value in rolls[side]:
                if value < AUTO_HIT_FROM or not on_table[enemy]:
                    continue
                target = max(on_table[enemy], key=lambda u: (pts[u], u))
                hits[target] += 1
                if hits[target] * AUTO_HIT_DAMAGE >= pts[target]:
                    fate[target] = "destroyed"
                    on_table[enemy].remove(target)
        for side in ("Empire", "Rebel"):
            if not any(is_ship(state["units"][u]) for u in on_table[side]):
                for u in on_table[side]:
                    fate[u] = "fled"
                on_table[side] = []
        if exchange == 2:
            for side in ("Empire", "Rebel"):
                lost = start[side] - sum(pts[u] for u in on_table[side])
                if on_table[side] and 2 * lost > start[side]:
                    for u in on_table[side]:
                        fate[u] = "late"
                    on_table[side] = []
    units = {u: [fate[u], hits[u] if fate[u] != "destroyed" and is_ship(state["units"][u]) else 0] for u in pts}
    return {"units": units, "objective": {"Empire": 0, "Rebel": 0}}
