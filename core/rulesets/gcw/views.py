"""What each viewer may know (GCW-GAP-42): everything public, plus the viewer's own sealed records.

Secret until the rules reveal them: each side's setup draft and sealed list (until both are ready),
the Secret Base location (until found or the game ends), battle objectives and concession offers,
and battle reports (until both are in). Everyone sees each sealed record's hash from its sealing.
"""
from __future__ import annotations

from typing import Any

from core.events import GM

from . import battles, flow
from .data import rules
from .model import (State, card, commanders, fleet_points, fleet_units, fleets_at, hull, is_ship, move_cost,
                    pool_units, seats_of, squadron_points, unit_points, yard_value)

PROMPTS = {
    "setup": "Draft your starting list and start system ('fleet <system> <list>'{base}), then 'ready' to seal it.",
    "initiative": "You have fewer points on the map: give initiative with 'initiative Empire' or 'initiative Rebel'.",
    "action": "Your action ({cp} CP): move, split, merge, transfer, reassign, repair, deploy, or pass.",
    "battle-order": "Pick the next battle: 'fight <system>'.",
    "open": "Battle {battle}: seal 3 objectives ('objectives {battle} <assault> <defense> <navigation>') or 'concede {battle}'.",
    "answer": "Battle {battle}: your opponent offers to concede: 'accept {battle}' or 'refuse {battle}'.",
    "first": "Battle {battle}: you have fewer points: 'play {battle} first' or 'play {battle} second'.",
    "reveal": "Battle {battle}: reveal {count} of your objectives: 'reveal {battle} <objective> ...'.",
    "pick": "Battle {battle}: as 1st player pick the objective: 'choose {battle} <objective>'.",
    "report": "Battle {battle}: play it in Armada, then 'report {battle} <unit>=<fate>[:<faceup>] ... Empire=<vp> Rebel=<vp>'.",
    "ruling": "Battle {battle}: the reports differ; waiting for the GM's ruling.",
    "retreat": "Battle {battle}: withdraw to one of {options}: 'retreat {battle} <system>'.",
    "bomb": "The Death Star at {system} is undefended: 'bomb <squadron>' or 'pass'.",
    "deathstar": "Place the Death Star: 'deathstar <system>' ({options}).",
    "fire": "The Death Star may destroy {target}: 'fire {target}' or 'pass'.",
    "take": "Take {amount} for {why}: 'take VP' or 'take RP'.",
    "rebuild": "Your base was destroyed: choose a new one in secret with 'base <system>'.",
    "buy": "Buy reinforcements ({rp} RP): 'buy <card> [for <ship>]', then 'done'.",
}


def may_see(state: State, viewer: str, side: str | None, rec: dict[str, Any]) -> bool:
    return viewer == GM or rec["owner"] == side or bool(rec["revealed"])


def unit_facts(unit: dict[str, Any]) -> dict[str, Any]:
    c = card(unit["code"])
    out = {"id": unit["id"], "code": unit["code"], "name": c.name, "kind": c.kind, "points": unit_points(unit),
           "upgrades": list(unit.get("upgrades", []))}
    if c.kind == "ship":
        out.update({"size": c.size, "damage": int(unit.get("damage", 0)), "hull": hull(unit)})
    if c.kind == "squadron":
        out.update({"bomber": c.bomber, "luke": c.luke})
    if c.kind == "upgrade":
        out.update({"type": c.type})
    return out


def known_base(state: State, viewer: str, side: str | None) -> dict[str, Any]:
    base = state["base"]
    out: dict[str, Any] = {"found": bool(base["found"]), "destroyed": int(base["destroyed"]),
                           "operational_from": int(base["operational_from"]), "last_destroyed_at": base.get("last")}
    rec = state["sealed"].get(base["record"]) if base.get("record") else None
    if rec is not None and may_see(state, viewer, side, rec):
        out["system"] = base["system"]
    else:
        out["system"] = None
    out["record"] = base.get("record")
    return out


def build(state: State, viewer: str) -> dict[str, Any]:
    data = rules()
    side = None if viewer == GM else state["seats"][viewer]["side"]
    step = state.get("step")
    base = known_base(state, viewer, side)
    ds = state.get("deathstar")
    battle = state["battle"].get("current") if state.get("battle") else None
    places = []
    for name in data.systems:
        info = state["systems"][name]
        x, y = data.xy(name)
        marks, lines = [], []
        if name in data.shipyards:
            marks.append(f"yard {data.shipyards[name]['yard']}")
        if info["destroyed"]:
            marks.append("destroyed")
        if ds and ds["system"] == name:
            marks.append("Death Star")
            lines.append("Death Star")
        if base["system"] == name:
            marks.append("Rebel base")
        if battle and battle["system"] == name:
            marks.append("battle")
        here = fleets_at(state, name)
        for fid in here:
            f = state["fleets"][fid]
            lines.append(f"{fid} ({f['side'][0]}) {fleet_points(state, fid)} pts")
        own = [fid for fid in here if side is None or state["fleets"][fid]["side"] == side]
        other = [fid for fid in here if fid not in own]
        if own:  # fleets are public in the campaign: the viewer's own (every fleet for the GM), then the enemy's
            marks.insert(0, "fleet:" + ",".join(own))
        if other:
            marks.insert(0, "enemy:" + ",".join(other))
        owner = info["owner"]
        symbol = "X" if info["destroyed"] else {"Empire": "E", "Rebel": "R"}.get(owner or "", ".")
        places.append({"id": name, "name": name, "x": x, "y": y, "owner": owner, "symbol": symbol, "marks": marks, "lines": lines})
    lanes = [[r["a"], r["b"]] for r in data.routes]
    fleets = {}
    for fid, f in sorted(state["fleets"].items()):
        units = fleet_units(state, fid)
        fleets[fid] = {"id": fid, "side": f["side"], "system": f["system"], "points": fleet_points(state, fid),
                       "squadron_points": squadron_points(units), "commanders": commanders(units),
                       "move_cost": move_cost(state, fid), "units": [unit_facts(u) for u in units]}
    pool = {s: [unit_facts(u) for u in sorted(pool_units(state, s), key=lambda u: (u["id"][0], int(u["id"][1:])))] for s in ("Empire", "Rebel")}
    rosters = []
    shown_sides = ["Empire", "Rebel"] if side is None else [side, "Rebel" if side == "Empire" else "Empire"]
    for s in shown_sides:
        for fid, f in fleets.items():
            if f["side"] != s:
                continue
            rows = [f"{u['id']} {u['name']} {u['points']} pts" + (f" +{','.join(u['upgrades'])}" if u["upgrades"] else "")
                    + (f" hull {u['hull']} (-{u['damage']})" if u.get("damage") else "") for u in f["units"]]
            rosters.append({"title": f"{s} fleet {fid} at {f['system']} ({f['points']} pts, move {f['move_cost']} CP)", "rows": rows})
        if pool[s]:
            rosters.append({"title": f"{s} force pool", "rows": [f"{u['id']} {u['name']} {u['points']} pts" for u in pool[s]]})
    if ds:
        rosters.append({"title": "Death Star", "rows": [f"at {ds['system']}, moves for 4 CP"]})
    resources = {}
    for s in ("Empire", "Rebel"):
        info = state["sides"][s]
        resources[f"{s} CP"] = int(info["cp"])
        resources[f"{s} RP"] = int(info["rp"])
        resources[f"{s} VP"] = int(info["vp"])
    sealed = []
    for rid, rec in sorted(state["sealed"].items(), key=lambda kv: int(kv[0][1:])):
        row = {"id": rid, "owner": rec["owner"], "label": rec["label"], "turn": rec["turn"], "hash": rec["hash"],
               "revealed": rec["revealed"]}
        if may_see(state, viewer, side, rec):
            row["content"] = rec["content"]
            if rec["revealed"] or viewer == GM or rec["owner"] == side:
                row["salt"] = rec["salt"] if rec["revealed"] else None
        sealed.append(row)
    facts: dict[str, Any] = {
        "side": side, "turn": int(state["turn"]), "turns": int(state["turns"]), "phase": state["phase"],
        "step": public_step(state, step), "initiative": dict(state["initiative"]),
        "movement": dict(state["movement"]), "sides": {s: {"cp": state["sides"][s]["cp"], "rp": state["sides"][s]["rp"],
                                                          "vp": state["sides"][s]["vp"], "lost": dict(state["sides"][s]["lost"])}
                                                      for s in ("Empire", "Rebel")},
        "systems": {name: {"owner": state["systems"][name]["owner"], "destroyed": state["systems"][name]["destroyed"],
                           "cards": dict(state["systems"][name]["cards"]), "adjacent": list(data.adjacent[name]),
                           "yard": {s: yard_value(state, s, name) for s in ("Empire", "Rebel")},
                           "value": {s: data.cards[name][s].value for s in ("Empire", "Rebel")}}
                    for name in data.systems},
        "fleets": fleets, "pool": pool, "deathstar": dict(ds) if ds else None, "base": base,
        "battle": public_battle(state, battle, viewer, side), "queue": [e["system"] for e in state["battle"]["queue"]] if state.get("battle") else [],
        "sealed": sealed, "result": state.get("result"), "options": dict(state["options"]),
    }
    if side is not None:
        draft = state["setup"].get(side, {})
        facts["draft"] = {k: v for k, v in draft.items() if k in ("text", "start", "base")}
        facts["nonce"] = state.get("nonce", {}).get(side, "")
    else:
        facts["drafts"] = {s: {k: v for k, v in state["setup"].get(s, {}).items() if k in ("text", "start", "base")} for s in ("Empire", "Rebel")}
    return {
        "viewer": viewer, "ruleset": "gcw", "title": "Galactic Civil War campaign", "turn": int(state["turn"]),
        "phase": state["phase"], "board": {"kind": "map", "places": places, "lanes": lanes}, "rosters": rosters,
        "resources": resources, "sheet": [], "prompt": prompt(state, viewer, side, step), "facts": facts,
    }


def public_step(state: State, step: dict[str, Any] | None) -> dict[str, Any] | None:
    if step is None:
        return None
    return {k: v for k, v in step.items()}


def public_battle(state: State, battle: dict[str, Any] | None, viewer: str, side: str | None) -> dict[str, Any] | None:
    if battle is None:
        return None
    out = {k: battle[k] for k in ("id", "system", "fleets", "units", "points", "ambush", "flee_side", "stage", "first",
                                  "second", "advantage", "reveal", "revealed", "objective")}
    out["unit_points"] = dict(battle["unit_points"])
    out["sealed"] = {s: rid for s, rid in {**battle["objectives"], **battle["concede"]}.items()}
    out["reports"] = dict(battle["reports"])
    out["offer"] = battle.get("answer")
    out["auto"] = battle.get("auto")  # the auto-resolver's report, once rolled in the open
    if side is not None and side in battle["objectives"]:
        out["my_objectives"] = list(state["sealed"][battle["objectives"][side]]["content"])
    return out


def prompt(state: State, viewer: str, side: str | None, step: dict[str, Any] | None) -> str:
    if state.get("result"):
        return f"The game is over: {state['result']['reason']}."
    if step is None:
        return "Nothing to do."
    if side is None:
        return f"Waiting for {', '.join(step['sides'])} ({step['kind']})" + (": you may rule with 'ruling <battle> <report>'." if step["kind"] == "ruling" else ".")
    if side not in step["sides"]:
        return f"Waiting for {', '.join(step['sides'])} ({step['kind']})."
    fill = {"cp": state["sides"][side]["cp"], "rp": state["sides"][side]["rp"], "battle": step.get("battle", ""),
            "count": step.get("count", ""), "options": ", ".join(step.get("options", [])), "system": step.get("system", ""),
            "target": step.get("target", ""), "amount": step.get("amount", ""), "why": step.get("why", ""),
            "base": ", 'base <system>'" if side == "Rebel" else ""}
    return PROMPTS[step["kind"]].format(**fill)
