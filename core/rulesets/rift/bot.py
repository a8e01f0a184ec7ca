"""A RiftWar bot from the public view: fire when the odds are good, rally with a bonus, close in
with melee units, move ranged units into cover with few enemy eyes on the path, and pass otherwise."""
from __future__ import annotations

import json
import math
from typing import Any

from core.errors import HolotableError

from . import battle, combat
from .geometry import at_low, at_terrain, field_of
from .orders import awaited, default_groups

State = dict[str, Any]
GOOD_ODDS = 0.4


def _copy(value: Any) -> Any:
    """A deep copy of plain JSON data (faster than copy.deepcopy)."""
    return json.loads(json.dumps(value))


def _trial_state(view: dict[str, Any]) -> State:
    state = _copy(view["facts"])
    state["dice"] = {"seed": "bot-trial", "n": 0}  # the real seed is never in a view
    return state


def _legal(state: State, seat: str, text: str) -> bool:
    from . import RiftWar
    trial = _copy(state)
    try:
        RiftWar().submit(trial, seat, text)
    except HolotableError:
        return False
    return True


def success_chance(state: State, shooter: dict[str, Any], target: dict[str, Any]) -> float:
    n = combat.ranged_dice(shooter, target, battle.cover(state, target, shooter))
    dist = combat.effect_distribution(target, n, reaction=False)
    return float(dist["wound"] + dist["kill"])


def candidates(state: State, seat: str) -> list[str]:
    """Orders worth trying now, best first."""
    if seat not in awaited(state):
        return []
    if state["stage"] == "deploy":
        return ["deploy second"] if not state["deploy"]["order"] else ["formation"]
    p = state.get("pending")
    if p:
        return pending_choices(state, seat, p)
    return active_choices(state, seat) + ["pass"]


def pending_choices(state: State, seat: str, p: dict[str, Any]) -> list[str]:
    step = p["step"]
    if step in ("declare", "refire"):
        mine = [o for o in p["opps"] if o["seat"] == seat and not state["units"][o["unit"]]["dead"]]
        last = p["queue"][p["qi"] - 1]["t"] if step == "refire" and p["qi"] else -1.0
        for o in sorted(mine, key=lambda o: -combat.ranged_dice(state["units"][o["unit"]], state["units"][p["units"][0]], False)):
            for a, b in o["stretches"]:
                lo = max(a, last + 0.02)
                if lo <= b:
                    pct = max(0, min(100, math.ceil(((lo + b) / 2) * 100)))
                    if pct / 100 < a:
                        pct = math.ceil(a * 100)
                    group = [m["unit"] for m in mine if (state["units"][m["unit"]]["size"] == "light") ==
                             (state["units"][o["unit"]]["size"] == "light") and any(x <= pct / 100 <= y for x, y in m["stretches"])]
                    return [f"react {','.join(group)} {pct}", f"react {o['unit']} {pct}", "hold"]
        return ["hold"]
    if step == "confirm":
        return ["confirm"]
    if step == "group":
        return [f"group {','.join(map(str, default_groups(p['hits']['total'])))}"]
    if step == "assign":
        pool, groups = p["hits"]["pool"], p["hits"]["groups"]
        return [f"assign {','.join(pool[i % len(pool)] for i in range(len(groups)))}"]
    return []


def active_choices(state: State, seat: str) -> list[str]:
    mine = [u for u in battle.living(state) if u["owner"] == seat]
    foes = [u for u in battle.living(state) if u["owner"] != seat]
    if not foes:
        return []
    out: list[tuple[float, str]] = []
    for u in mine:
        if not battle.may_act(state, u):
            continue
        if u["role"] == "ranged" and not u["indirect"]:
            for f in foes:
                if battle.los(state, u, f):
                    out.append((success_chance(state, u, f), f"fire {u['id']} {f['id']}"))
        if "indirect" in u["traits"] and not u["indirect"]:
            for f in foes:
                if not f.get("melee"):
                    out.append((success_chance(state, u, f) - 0.05, f"indirect {u['id']} {f['id']}"))
        if u["pinned"]:
            from .fire import rally_bonus
            bonus = rally_bonus(state, u)
            out.append(((3 + bonus) / 6 - 0.1, f"rally {u['id']}"))
        if u.get("melee") and u["role"] != "unarmed":
            enemy = next((f for f in foes if f.get("melee") == u["melee"]), None)
            if enemy:
                out.append((0.6, f"melee {enemy['id']}"))
    ranked = sorted(out, key=lambda s: -s[0])
    good = [text for score, text in ranked if score >= GOOD_ODDS]
    weak = [text for score, text in ranked if score < GOOD_ODDS and text.startswith(("fire", "melee"))]
    return good + movement_choices(state, seat, mine, foes) + weak


def movement_choices(state: State, seat: str, mine: list[dict[str, Any]], foes: list[dict[str, Any]]) -> list[str]:
    fld = field_of(state["map"])
    out: list[tuple[float, str]] = []
    for u in mine:
        if u["pinned"] or not battle.may_act(state, u) or u.get("melee"):
            continue
        from .data import rules
        reach = float(rules().sizes[u["size"]]["move_u"])
        nearest = min(foes, key=lambda f: math.hypot(f["x"] - u["x"], f["y"] - u["y"]))
        dx, dy = nearest["x"] - u["x"], nearest["y"] - u["y"]
        dist = math.hypot(dx, dy) or 1.0
        if u["role"] == "close":
            step = min(reach, dist)
            to = (u["x"] + dx / dist * step, u["y"] + dy / dist * step)
            out.append((2.0 - dist / 100, f"move {u['id']} {to[0]:.1f},{to[1]:.1f}"))
            continue
        if u["role"] != "ranged":
            continue
        for k in range(8):
            angle = math.atan2(dy, dx) + (k - 3.5) * 0.35
            step = reach * 0.9
            to = (u["x"] + math.cos(angle) * step, u["y"] + math.sin(angle) * step)
            probe = dict(u, x=to[0], y=to[1])
            score = (1.0 if at_low(fld, probe) or at_terrain(fld, probe) else 0.0) - math.hypot(nearest["x"] - to[0], nearest["y"] - to[1]) / 100
            out.append((score, f"move {u['id']} {to[0]:.1f},{to[1]:.1f}"))
    return [text for _, text in sorted(out, key=lambda s: -s[0])]


def play(view: dict[str, Any], seat: str) -> list[str]:
    """One order for ``seat`` chosen from its view: the best candidate the engine accepts."""
    state = _trial_state(view)
    for text in candidates(state, seat)[:24]:
        if _legal(state, seat, text):
            return [text]
    return []
