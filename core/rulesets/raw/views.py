"""What each viewer of a Republic at War game may know (the catalog's visibility model, RAW-GAP-42).

Public: turn, map, planet table, teams and Grand Admirals, VP. A team sees its own assets whole
(planets with production, partials, garrisons; ships with scars; sheets), the presence and fleet
points of other sides where it has units, and its last-known memory of other planets (from the
start, from being there, from scans). The GM sees everything.
"""
from __future__ import annotations

from typing import Any

from core.events import GM
from core.rulesets.raw.budget import Ledger, loans_in
from core.rulesets.raw.data import galaxy_map, planets, unit_types
from core.rulesets.raw.model import (NEUTRAL, combat_value, describe, gf_price, is_deep, seats_of, side_of_owner, system_of, utype)

State = dict[str, Any]
SYMBOL = {"GAR": "R", "CIS": "C", None: "."}


def remember(state: State) -> None:
    """Update each team's last-known memory of planets: held, present in orbit, or scanned this turn."""
    known = state.setdefault("known", {"GAR": {}, "CIS": {}})
    for side in ("GAR", "CIS"):
        team = seats_of(state, side)
        here = {u["at"] for u in state["units"].values() if u["owner"] in team}
        scanned = {o["args"]["planet"] for s in team for o in state["sheets"].get(s, []) if o["verb"] == "scan"}
        for name, info in state["planets"].items():
            lost = known[side].get(name, {}).get("side") == side and info["owner"] not in team  # the loss of its own planet is seen
            if name in here or name in scanned or info["owner"] in team or lost:
                old = known[side].get(name, {})
                memo = {"side": _holder(state, name), "turn": state["turn"]}
                if name in scanned:
                    memo.update(gf=info["gf"], production=info["production"], scanned=state["turn"])
                elif "scanned" in old:  # keep the last scan's figures: last-known memory (RAW-GAP-42)
                    memo.update(gf=old["gf"], production=old["production"], scanned=old["scanned"])
                known[side][name] = memo


def _holder(state: State, planet: str) -> str | None:
    owner = state["planets"][planet]["owner"]
    if owner is None:
        return "neutral" if state["planets"][planet]["forces"] else None
    return str(state["seats"][owner]["side"])


def initial_memory(state: State) -> None:
    """At setup both teams know the starting alignment of every world (the scenario is public)."""
    state["known"] = {side: {name: {"side": _holder(state, name), "turn": 0} for name in state["planets"]} for side in ("GAR", "CIS")}


def build(state: State, viewer: str) -> dict[str, Any]:
    """The view of a seat, or of the GM (everything)."""
    gm = viewer == GM
    side = None if gm else str(state["seats"][viewer]["side"])
    team = list(state["seats"]) if side is None else seats_of(state, side)
    mine = {uid: u for uid, u in state["units"].items() if u["owner"] in team}
    present = {u["at"] for u in mine.values()}
    # what is seen of others: fleet points per side where the team has units, at base cost, since an
    # enemy's scarring is never visible (RAW-GAP-42); the GM sees combat values
    seen: dict[str, dict[str, int]] = {}
    for uid, unit in state["units"].items():
        if unit["owner"] in team and not gm:
            continue
        if gm or unit["at"] in present:
            other = side_of_owner(state, unit["owner"])
            seen.setdefault(unit["at"], {}).setdefault(other, 0)
            seen[unit["at"]][other] += combat_value(unit) if gm else utype(unit).cost if gm else utype(unit).cost  # enemy scars stay hidden
    known = state.get("known", {})
    planet_facts: dict[str, Any] = {}
    for name, info in state["planets"].items():
        base = {"credits": planets()[name]["credits"], "keyword": planets()[name]["keyword"]}
        if gm or info["owner"] in team:
            base.update(owner=info["owner"], side=_holder(state, name), production=info["production"], gf=info["gf"],
                        partial=info["partial"], blockaded=info["blockaded"], surged=info["surged"])
        else:
            memo = known.get(side, {}).get(name, {})
            base.update(side=memo.get("side"), seen_turn=memo.get("turn"))
            if "gf" in memo:
                base.update(gf=memo["gf"], production=memo["production"], scanned_turn=memo.get("scanned", memo.get("turn")))
            if name in present:
                base["blockaded_by_us"] = any(u["at"] == name and not u["retreat"] for u in mine.values()) and memo.get("side") not in (None, side, "neutral")
        planet_facts[name] = base
    units = {uid: {"type": u["type"], "owner": u["owner"], "at": u["at"], "scarred": u["scarred"], "gf": u["gf"],
                   "aboard": u["aboard"], "retreat": u["retreat"], "home": u["home"], "repair_paid": u["repair_paid"]}
             for uid, u in sorted(mine.items())}
    facts: dict[str, Any] = {
        "seat": viewer, "side": side, "team": team, "admiral": dict(state["admiral"]), "vp": dict(state["vp"]),
        "planets": planet_facts, "units": units, "others": {k: dict(sorted(v.items())) for k, v in sorted(seen.items())},
        "map": state["map"], "turn": state["turn"],
        "gf_price": {s: gf_price(state, s) for s in ("GAR", "CIS") if gf_price(state, s) is not None},  # public scenario options
    }
    resources: dict[str, Any] = {"VP GAR": state["vp"]["GAR"], "VP CIS": state["vp"]["CIS"]}
    sheets = {s: state["sheets"].get(s, []) for s in team}
    if not gm:
        ledger = Ledger(state, viewer, loans_in(state, viewer))
        resources = {"credits": ledger.pool, "blockaded credits": sum(ledger.blockaded.values()), **resources}
        facts["credits"] = ledger.pool
        # teammates see each other's credits (RAW-GAP-42 visibility model: every asset of every teammate)
        facts["team_credits"] = {s: (ledger.pool if s == viewer else Ledger(state, s, loans_in(state, s)).pool) for s in team}
        facts["stance"] = state["seats"][viewer]["stance"]
        facts["grand_admiral"] = state["admiral"][side] == viewer
    facts["sheets"] = {s: [{"text": o["text"], "by": o["by"]} for o in sh] for s, sh in sheets.items()}
    facts["stances"] = {s: state["seats"][s]["stance"] for s in team}  # teammates' standing fire orders (RAW-GAP-42)
    prompt = ("Game over." if state["over"] else
              (f"Turn {state['turn']}: orders for {viewer} (build, jump, load, assault, ...), then ready." if not gm
               else f"Turn {state['turn']}: every seat's orders are open to you."))
    return {
        "viewer": viewer, "ruleset": "raw", "title": "Republic at War", "turn": state["turn"], "phase": "orders",
        "board": _board(state, planet_facts, seen, mine, gm) | {"moves": [] if gm else _moves(state, viewer)},
        "rosters": _rosters(state, mine, team),
        "resources": resources,
        "sheet": [] if gm else [{"text": o["text"], "by": o["by"]} for o in state["sheets"].get(viewer, [])],
        "prompt": prompt,
        "facts": facts,
    }


def _board(state: State, planet_facts: dict[str, Any], seen: dict[str, dict[str, int]], mine: dict[str, Any], gm: bool) -> dict[str, Any]:
    gmap = galaxy_map(state["map"])
    places = []
    for name, system in gmap["systems"].items():
        facts = planet_facts[name]
        marks = []
        ours = sum(1 for u in mine.values() if system_of(u["at"]) == name and utype(u).kind == "ship")
        if ours:
            marks.append(f"fleet:{ours}")
        others: dict[str, int] = {}
        for loc, sides in seen.items():
            for s, p in sides.items():
                if system_of(loc) == name:  # a neutral world's own forces read "neutral", never "neutral:<planet>"
                    key = "neutral" if s.startswith("neutral:") else s
                    others[key] = others.get(key, 0) + p
        if others:
            marks.append("enemy:" + ",".join(f"{s}={p}" for s, p in sorted(others.items())))
        if facts.get("blockaded") or facts.get("blockaded_by_us"):
            marks.append("blockade")
        if any(b["location"] == name for b in state.get("battles", [])) and (gm or name in {u["at"] for u in mine.values()}):
            marks.append("battle")
        owner_side = facts.get("side")
        lines = [f"{name} ({facts['credits']}c{', ' + facts['keyword'] if facts['keyword'] else ''})",
                 f"held by: {facts.get('owner') or owner_side or 'nobody'}"]
        if "production" in facts:
            lines.append(f"production {facts['production']}, garrison {facts.get('gf', '?')} GF")
        places.append({"id": name, "name": name, "x": system["x"] + system.get("dx", 0) / 3, "y": system["y"] + system.get("dy", 0) / 3,
                       "owner": owner_side, "symbol": {"GAR": "R", "CIS": "C", "neutral": "n"}.get(owner_side or "", "."),
                       "marks": marks, "lines": lines})
    return {"kind": "map", "places": places, "lanes": [list(l) for l in gmap["lanes"]]}


def _moves(state: State, viewer: str) -> list[list[str]]:
    """The viewer's queued jumps as map moves ``[from system, to system]`` (one per pair, in sheet order)."""
    moves: list[list[str]] = []
    for order in state["sheets"].get(viewer, []):
        if order.get("verb") != "jump":
            continue
        to = system_of(order["args"]["to"])
        for ship in order["args"]["ships"]:
            unit = state["units"].get(ship)
            if unit is not None:
                move = [system_of(unit["at"]), to]
                if move[0] != move[1] and move not in moves:
                    moves.append(move)
    return moves


def _rosters(state: State, mine: dict[str, Any], team: list[str]) -> list[dict[str, Any]]:
    groups: dict[str, list[str]] = {}
    for uid, unit in sorted(mine.items()):
        t = unit_types()[unit["type"]]
        tags = []
        if unit["scarred"]:
            tags.append("SCARRED")
        if unit["retreat"]:
            tags.append("MUST RETREAT")
        if unit["aboard"]:
            tags.append(f"aboard {unit['aboard']}")
        if unit["gf"]:
            tags.append(f"{unit['gf']} GF aboard")
        owner = "" if len(team) == 1 else f" [{unit['owner']}]"
        groups.setdefault(describe(unit["at"]), []).append(f"{uid} {t.code} {t.name} ({t.cost}){owner}" + (f" - {', '.join(tags)}" if tags else ""))
    for name, info in sorted(state["planets"].items()):
        if info["owner"] in team:
            row = f"planet: production {info['production']}, {info['gf']} GF"
            if info["partial"]:
                row += f", building {info['partial']['unit']} {info['partial']['paid']}/{info['partial']['cost']}"
            if info["blockaded"]:
                row += ", BLOCKADED"
            owner = "" if len(team) == 1 else f" [{info['owner']}]"
            groups.setdefault(name, []).insert(0, row + owner)
    return [{"title": k, "rows": v} for k, v in sorted(groups.items())]
