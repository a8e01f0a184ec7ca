"""Missions and flashpoints in the campaign (TOTE-MISSION-01..03, TOTE-FLASH-01/02, TOTE-GAP-31,
TOTE-DATA-10): the ``mission`` order, the deeds that advance milestones, rewards, and flashpoints
rolled, fought, closed and paid.

The pure rules are :mod:`.missions`; this module reads and changes one campaign dict and keeps in it:

- ``runs``: the missions under way (at most one per seat, TOTE-MISSION-02), ``mission_record``
  (finished runs), ``offers`` (epic missions a flashpoint offered, TOTE-FLASH-02), ``notoriety``
  ``{seat: points}``; all of a seat's own (secret to the others);
- ``deeds``: what happened since the last turn start that a milestone may count (:mod:`.missions`
  deed records): a Hero's arrivals (``visit``), completed active scans (``scan``, ``first`` when the
  seat had never scanned that system before), units destroyed in battles (``destroy``, by the
  attacker's seat) and infantry squads landed (``deliver``); :func:`turn_start` spends them;
- ``flashpoints``: flashpoints in play (:func:`.missions.open_flashpoint` records; public news) and
  ``fp_units`` ``{id: unit}``: their neutral forces, of faction :data:`.missions.NEUTRAL`, kept apart
  from ``units`` (no seat owns them, nobody may take a world with them): they put the world in
  conflict with whoever comes (:func:`neutral_at`) and fight in its battle as a seat of their own
  (:func:`add_neutral`, played by the battle bot or the automatic defence).

A world's turn start runs the FLOW-04 ``flashpoint`` step (after the message step, :data:`.clock.STEPS`):
trainings that fell due, then the deeds advance the missions (rewards: KC into the treasury as
income, notoriety, units at the seat's stronghold, a Hero level, the game through
:func:`.victory.mission_victory`), then flashpoints whose force is destroyed close and pay out by
damage dealt (:func:`.missions.split_payout`), then every 7th turn the engine rolls for a new one with
the game's dice (TOTE-GAP-31).
"""
from __future__ import annotations

from typing import Any

from core.dice import Dice
from core.errors import OrderError
from core.events import GM, Event, event, to_seat
from core.rulesets.tote.campaign import heroes as ch
from core.rulesets.tote.campaign.fleets import join
from core.rulesets.tote.campaign.worlds import quadrant
from core.rulesets.tote.rules import heroes, missions, model, victory
from core.rulesets.tote.rules.galaxy import galaxy

Campaign = dict[str, Any]
Record = dict[str, Any]
State = dict[str, Any]
NEUTRAL = missions.NEUTRAL


def start(c: Campaign) -> None:
    """Give the campaign the pieces this module keeps (idempotent)."""
    ch.start(c)
    for key in ("runs", "mission_record", "offers", "deeds", "flashpoints"):
        c.setdefault(key, [])
    c.setdefault("fp_units", {})
    c.setdefault("notoriety", {s: 0 for s in c["seats"]})


def _say(c: Campaign, text: str, to: list[str], kind: str = "campaign.mission") -> Record:
    return {"kind": kind, "text": text, "to": to, "turn": c["turn"]}


# ---- the mission order -------------------------------------------------------------------------

def offered(c: Campaign, seat: str, hero: Record) -> list[str]:
    """The missions ``seat``'s Hero may take up now: its class's own and any epic mission offered to
    the seat that it has not completed."""
    done = {r["mission"] for r in c.get("mission_record", []) if r["faction"] == seat and r["outcome"] == "completed"}
    own = [m.id for m in missions.missions().values() if m.hero_class == hero["class"]]
    epic = [o["mission"] for o in c.get("offers", []) if o["faction"] == seat and o["mission"] not in done]
    return own + sorted(set(epic))


def mission(c: Campaign, seat: str, hero_id: str, mission_id: str) -> list[Record]:
    """``seat``'s Hero takes up ``mission_id`` (TOTE-MISSION-01..03), or ``abandon`` gives up the seat's
    mission under way (the Hero may take it up again from the first milestone). Raises OrderError
    (nothing changes): a Hero not its own or dead, a mission not its class's nor offered, a second
    mission while one is under way (TOTE-MISSION-02), nothing to abandon."""
    start(c)
    hero = ch.hero_of(c, seat, hero_id)
    if mission_id == "abandon":
        run = next((r for r in c["runs"] if r["faction"] == seat), None)
        if run is None:
            raise OrderError("you have no mission under way to abandon; take one up with mission <hero> <mission>")
        if run["hero"] != hero["id"]:
            raise OrderError(f"the mission under way is {run['hero']}'s, not {hero['id']}'s: mission {run['hero']} abandon")
        entry, raw = missions.abandon(run, int(c["hour"]))
        c["runs"].remove(run)
        c["mission_record"].append(entry)
        return [_say(c, e["text"], [seat]) for e in raw]
    run, raw = missions.start_mission(c["runs"], c["mission_record"], c["offers"], hero, mission_id, int(c["hour"]),
                                      f"run-{c['turn']}-{seat}")
    c["runs"].append(run)
    ms = missions.missions()[mission_id].milestones[0]
    return [_say(c, e["text"] + f"; first: {missions.describe(ms)}", [seat]) for e in raw]


# ---- deeds ---------------------------------------------------------------------------------------

def note_turn(c: Campaign, arrived: dict[str, Record], snaps: list[Record]) -> None:
    """At a turn start, after arrivals and scans: a deed for each living Hero whose host arrived
    (``visit``) and each active scan completed (``scan``; ``first`` when its seat had no earlier
    snapshot of that system)."""
    start(c)
    for h in c.get("heroes", []):
        if not h.get("dead") and h.get("host") in arrived:
            c["deeds"].append({"type": "visit", "faction": h["faction"], "system": arrived[h["host"]]["system"],
                               "hero": h["id"]})
    before = c.get("snapshots", [])[: len(c.get("snapshots", [])) - len(snaps)]
    for s in snaps:
        first = not any(b["faction"] == s["faction"] and b["system"] == s["system"] for b in before)
        c["deeds"].append({"type": "scan", "faction": s["faction"], "system": s["system"], "first": first})


def after_battle(c: Campaign, world: str, battle: State, events: list[Record]) -> list[Event]:
    """After a battle day at ``world`` (its units already back in the campaign): the flashpoint force
    goes back to ``fp_units`` (one that withdrew stays: the force does not leave), the damage each
    seat dealt it is noted (TOTE-GAP-31), units destroyed and squads landed become deeds, and the
    Heroes' battle flags come off."""
    start(c)
    ch.clear_flags(c["units"].values())
    units = battle["units"]
    for uid, u in units.items():
        if uid in c["fp_units"]:
            fresh = dict(u, system=world, transit=None)
            if fresh.get("withdrawn"):  # a flashpoint's force does not leave: back in the fight tomorrow
                fresh.update(withdrawn=False, space=fresh.get("space") or "C-1")
            fresh.pop("hero_ucr", None)
            fresh.pop("raw_bonus_pct", None)
            c["fp_units"][uid] = fresh
    fps = {uid: n for n, fp in enumerate(c["flashpoints"]) if not fp["closed"] for uid in fp["force"]}
    for e in events:
        data = e.get("data") or {}
        if e.get("kind") == "tote.hit" and data.get("attacker") in units and data.get("target") in units:
            by = units[data["attacker"]]["faction"]
            target = units[data["target"]]
            if by == NEUTRAL or by not in c["seats"]:
                continue
            if data["target"] in fps:
                n = fps[data["target"]]
                c["flashpoints"][n] = missions.note_damage(c["flashpoints"][n], by, sum((data.get("dealt") or {}).values()))
            if data.get("destroyed"):
                c["deeds"].append({"type": "destroy", "faction": by, "system": world, "code": target["type"],
                                   "flashpoint": data["target"] in fps})
        elif e.get("kind") == "tote.land" and data.get("unit") in units:
            stack = units[data["unit"]]
            if model.unit_class(stack) == "infantry" and stack["faction"] in c["seats"]:
                c["deeds"].append({"type": "deliver", "faction": stack["faction"], "system": world,
                                   "count": int(stack.get("count", 0)), "owner": c["planets"][world]["owner"]})
    return []


# ---- flashpoints in the battle and on the map --------------------------------------------------

def neutral_at(c: Campaign, world: str) -> set[str]:
    """``{NEUTRAL}`` when an open flashpoint's force stands at ``world`` (it puts the world in conflict
    with any faction there, TOTE-FLASH-01), else empty."""
    for fp in c.get("flashpoints", []):
        if not fp["closed"] and fp["system"] == world and any(
                not c["fp_units"].get(u, {}).get("destroyed", True) for u in fp["force"]):
            return {NEUTRAL}
    return set()


def add_neutral(c: Campaign, world: str, units: dict[str, Record], seats: list[str]) -> list[str]:
    """Put the standing flashpoint force at ``world`` into a battle's ``units`` (copies); returns the
    seats with ``NEUTRAL`` last when it fights there."""
    if not neutral_at(c, world):
        return seats
    for uid, u in sorted(c["fp_units"].items()):
        if u.get("system") == world and not u.get("destroyed"):
            units[uid] = dict(u)
    return [*seats, NEUTRAL] if seats else seats


# ---- the turn start ------------------------------------------------------------------------------

def _units_reward(c: Campaign, seat: str, reward: dict[str, int]) -> str:
    """New units of a reward at ``seat``'s first stronghold it holds (else its first world, else none)."""
    holds = [w for w in c["strongholds"].get(seat, []) if c["planets"][w]["owner"] == seat]
    home = next(iter(holds or sorted(w for w, p in c["planets"].items() if p["owner"] == seat)), None)
    if home is None:
        return "no world of yours to receive the units"
    q = quadrant(c["seats"], seat)
    made = []
    for code, n in reward.items():
        for _ in range(int(n)):
            k = 1 + sum(1 for i in c["units"] if i.startswith(f"{c['seats'][seat]}-M"))
            uid = f"{c['seats'][seat]}-M{k}"
            u = model.new_unit(uid, code, seat, f"C-{q}")
            u.update(system=home, transit=None)
            c["units"][uid] = u
            made.append(f"{uid} ({join(c, uid)})")  # TOTE-GAP-27
    return f"{', '.join(made)} at {home}"


def _complete(state: State, done: Record, dice: Dice) -> list[Record]:
    c = state["campaign"]
    seat, reward = done["faction"], done["reward"]
    out: list[Record] = []
    c["mission_record"].append({k: v for k, v in done.items() if k not in ("reward", "flashpoint")})
    if reward.get("kc"):
        c["treasury"][seat] += int(reward["kc"])  # income, not a negative spending
    if reward.get("notoriety"):
        c["notoriety"][seat] = c["notoriety"].get(seat, 0) + int(reward["notoriety"])
    if reward.get("level"):
        for n, h in enumerate(c["heroes"]):
            if h["id"] == done["hero"] and not h.get("dead"):
                cap = heroes.hero_class(h["class"]).level_cap
                c["heroes"][n] = {**h, "level": min(cap, int(h["level"]) + int(reward["level"]))}
                out.append(_say(c, f"{h['name']} rises to level {c['heroes'][n]['level']}", [seat]))
    if reward.get("units"):
        out.append(_say(c, f"Reward units: {_units_reward(c, seat, reward['units'])}", [seat]))
    if reward.get("victory"):
        v, raw = victory.mission_victory(state["victory"], c["seats"][seat], done["mission"], int(c["hour"]))
        state["victory"] = v
        out += [_say(c, e["text"], ["all"], "campaign.victory") for e in raw]
    if done.get("flashpoint"):
        fp = missions.flashpoints()[2][done["flashpoint"]["id"]]
        out += _open(c, fp, done["flashpoint"]["system"], dice)
    return out


def _open(c: Campaign, fp: missions.Flashpoint, system: str | None, dice: Dice) -> list[Record]:
    fid = f"FP{len(c['flashpoints']) + 1}"
    rec, units, news = missions.open_flashpoint(fp, system, dice, int(c["hour"]), fid)
    c["flashpoints"].append(rec)
    c["fp_units"].update(units)
    return [_say(c, e["text"], ["all"], "campaign.flashpoint") for e in news]


def advance_missions(state: State, dice: Dice) -> list[Record]:
    """The deeds since the last turn start advance every seat's mission under way, in order
    (TOTE-MISSION-03); a finished mission pays its reward. The deeds are spent."""
    c = state["campaign"]
    out: list[Record] = []
    deeds, c["deeds"] = c["deeds"], []
    for deed in deeds:
        run = next((r for r in c["runs"] if r["faction"] == deed["faction"]), None)
        hero = next((h for h in c["heroes"] if run and h["id"] == run["hero"]), None)
        if run is None or hero is None or hero.get("dead"):
            continue
        new, done, raw = missions.advance(run, deed, int(c["hour"]))
        i = c["runs"].index(run)
        c["runs"][i] = new
        out += [_say(c, e["text"], ["all"] if e.get("public") else list(e["to"])) for e in raw]
        if done is not None:
            c["runs"].pop(i)
            out += _complete(state, done, dice)
    for run in list(c["runs"]):  # a mission whose Hero has fallen ends with it (TOTE-HERO-05)
        hero = next((h for h in c["heroes"] if h["id"] == run["hero"]), None)
        if hero is None or hero.get("dead"):
            c["runs"].remove(run)
            c["mission_record"].append({"mission": run["mission"], "faction": run["faction"], "hero": run["hero"],
                                        "outcome": "abandoned", "hour": int(c["hour"])})
            out.append(_say(c, f"{missions.missions()[run['mission']].name} ends: its Hero has fallen", [run["faction"]]))
    return out


def flashpoint_step(c: Campaign, dice: Dice) -> list[Record]:
    """FLOW-04's flashpoint step: flashpoints whose force is destroyed close and pay by damage dealt
    (income), offering their epic mission to the seat that dealt the most (TOTE-FLASH-02); then every
    7th turn the engine rolls for a new one (TOTE-GAP-31). The news is public."""
    out: list[Record] = []
    for n, fp in enumerate(c["flashpoints"]):
        if fp["closed"]:
            continue
        closed, pay, offers, raw = missions.close_flashpoint(fp, c["fp_units"], int(c["hour"]))
        if not closed["closed"]:
            continue
        c["flashpoints"][n] = closed
        for seat, kc in pay.items():
            c["treasury"][seat] += kc
        c["offers"] += [o for o in offers if o not in c["offers"]]
        out += [_say(c, e["text"], ["all"] if e.get("public") else list(e["to"]), "campaign.flashpoint") for e in raw]
    fid = f"FP{len(c['flashpoints']) + 1}"
    rec, units, news = missions.roll_flashpoint(int(c["turn"]), dice, int(c["hour"]), fid)
    if rec is not None:
        c["flashpoints"].append(rec)
        c["fp_units"].update(units)
        out += [_say(c, e["text"], ["all"], "campaign.flashpoint") for e in news]
    return out


def turn_start(state: State) -> list[Event]:
    """The campaign's turn-start steps this module owns, after :func:`.state.start_turn`: trainings
    due, missions advanced by the day's deeds, the flashpoint step; with the game's dice (their rolls
    are public). Returns the events for the seats concerned (and the GM), public news to all."""
    c = state["campaign"]
    start(c)
    turn = int(state["turn"])
    dice = Dice.from_state(state["dice"], turn)
    raw = ch.finish_trainings(c)
    raw += advance_missions(state, dice)
    raw += flashpoint_step(c, dice)
    state["dice"] = dice.to_state()
    out: list[Event] = []
    for e in raw:
        to = ["all"] if "all" in e["to"] else [to_seat(t) for t in e["to"] if t in state["seats"]] + [GM]
        out.append(event(str(e["kind"]), str(e["text"]), to, turn))
    for r in dice.drain():
        out.append(r)
    return out


# ---- the ledger --------------------------------------------------------------------------------

def ledger(c: Campaign, seat: str) -> Record:
    """``seat``'s missions and flashpoints for its ledger: the mission under way with its milestones done
    and left, the epic missions offered, notoriety, the missions done, and every open flashpoint (public)."""
    c = {"runs": [], "offers": [], "notoriety": {}, "mission_record": [], "flashpoints": [], "fp_units": {}, **c}  # read only
    run = next((r for r in c["runs"] if r["faction"] == seat), None)
    active = None
    if run is not None:
        m = missions.missions()[run["mission"]]
        active = {"mission": m.id, "name": m.name, "hero": run["hero"], "step": run["step"], "progress": run["progress"],
                  "done": [missions.describe(s) for s in m.milestones[: run["step"]]],
                  "left": [missions.describe(s) for s in m.milestones[run["step"]:]],
                  "reward": missions.reward_text(m.reward)}
    return {"mission": active, "offers": sorted({o["mission"] for o in c["offers"] if o["faction"] == seat}),
            "notoriety": c["notoriety"].get(seat, 0),
            "missions_done": [r["mission"] for r in c["mission_record"] if r["faction"] == seat and r["outcome"] == "completed"],
            "flashpoints": [{"id": fp["id"], "name": fp["name"], "system": fp["system"],
                             "payout_kc": missions.flashpoints()[2][fp["flashpoint"]].payout_kc,
                             "standing": sum(1 for u in fp["force"] if not c["fp_units"].get(u, {}).get("destroyed")),
                             "your_damage": fp["damage"].get(seat, 0)}
                            for fp in c["flashpoints"] if not fp["closed"]]}


def mission_rows(c: Campaign, seat: str) -> list[str]:
    """The roster lines "Missions and flashpoints" for ``seat``."""
    led = ledger(c, seat)
    g = galaxy()
    rows = []
    a = led["mission"]
    if a:
        rows.append(f"{a['name']} ({a['hero']}): milestone {a['step'] + 1} of {len(a['done']) + len(a['left'])}, "
                    f"{a['progress']} done toward: {a['left'][0]}; reward {a['reward']}")
        rows += [f"  done: {d}" for d in a["done"]] + [f"  left: {x}" for x in a["left"][1:]]
    else:
        rows.append("no mission under way: mission <hero> <mission>")
    if led["offers"]:
        rows.append(f"epic missions offered: {', '.join(led['offers'])}")
    rows.append(f"notoriety {led['notoriety']}; missions done: {', '.join(led['missions_done']) or 'none'}")
    for fp in led["flashpoints"]:
        rows.append(f"flashpoint {fp['name']} at {g.planets[fp['system']].name}: {fp['standing']} standing, payout "
                    f"{fp['payout_kc']} KC by damage (yours {fp['your_damage']})")
    return rows


__all__ = ["start", "mission", "offered", "note_turn", "after_battle", "neutral_at", "add_neutral", "turn_start",
           "ledger", "mission_rows", "OrderError"]


def carry(c: Campaign, seat: str, words: list[str]) -> list[Event]:
    """Carry out a Hero's galaxy order now: ``upgrade <hero>``, ``train <class> <name>``, ``mission <hero>
    <mission id | abandon>``, ``transfer <hero> <ship or facility>``. Raises OrderError saying what is
    wrong and what would be right (nothing changes)."""
    verb = words[0] if words else ""
    if verb == "upgrade" and len(words) == 2:
        return ch.upgrade(c, seat, words[1])
    if verb == "train" and len(words) >= 3:
        return ch.train(c, seat, words[1], " ".join(words[2:]))
    if verb == "transfer" and len(words) == 3:
        return ch.transfer(c, seat, words[1], words[2])
    if verb == "mission" and len(words) == 3:
        return mission(c, seat, words[1], words[2])
    usage = {"upgrade": "upgrade <hero>", "train": "train <class> <name>", "transfer": "transfer <hero> <ship>",
             "mission": "mission <hero> <mission id | abandon>"}
    raise OrderError(f"{' '.join(words)!r}: write {usage.get(verb, ', '.join(usage.values()))}")
