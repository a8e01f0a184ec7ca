"""What the RiftWar bot answers while an action is pending: the reaction with the best chance to stop
the mover (or hold), confirm, the grouping of hits and their assignment. The bot's own reactions,
and the ones it expects of each enemy seat when it weighs a move of its own (:mod:`.bot_moves`)."""
from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from . import battle, combat
from .geometry import close_group
from .orders import default_groups

State = dict[str, Any]


def pending_choices(state: State, seat: str, p: dict[str, Any]) -> list[str]:
    """Orders for a step of a pending action: the best reaction (or hold), confirm, grouping, assignment."""
    step = p["step"]
    if step in ("declare", "refire"):
        return reaction_choices(state, seat, p)
    if step == "confirm":
        return ["confirm"]
    if step == "group":
        return [f"group {','.join(map(str, default_groups(p['hits']['total'])))}"]
    if step == "assign":
        pool, groups = p["hits"]["pool"], p["hits"]["groups"]
        return [f"assign {','.join(pool[i % len(pool)] for i in range(len(groups)))}"]
    return []


def reaction_choices(state: State, seat: str, p: dict[str, Any]) -> list[str]:
    """The reaction with the best chance to stop the move: for each unit's stretches, the start, middle
    and end points; there, every own unit of the same size class that sees the point fires together
    (Xd6, RIFT-REACT-09), or the unit alone, whichever does better; scored by the chance to wound or
    kill the lead mover, and part of the chance to pin it. Then the best unit alone, then hold."""
    mine = [o for o in p["opps"] if o["seat"] == seat and not state["units"][o["unit"]]["dead"]]
    last = p["queue"][p["qi"] - 1]["t"] if p["step"] == "refire" and p["qi"] else -1.0
    lead_id = next((u for u in p["units"] if not state["units"][u]["dead"]), p["units"][0])
    best: tuple[float, list[str], int] | None = None
    for o in mine:
        shooter = state["units"][o["unit"]]
        for a, b in o["stretches"]:
            lo, hi = math.ceil(max(a, last + 0.01) * 100), math.floor(b * 100)
            for pct in sorted({lo, (lo + hi) // 2, hi}):
                if pct < lo or pct > hi:
                    continue
                t = pct / 100
                group = [m["unit"] for m in mine if same_class(state["units"][m["unit"]], shooter)
                         and any(x - 1e-9 <= t <= y + 1e-9 for x, y in m["stretches"])]
                units = [state["units"][g] for g in group]
                if len(group) > 1 and not (close_group(units, float(state["options"].get("group_spacing_u", 2.0)))
                                           or battle.shared_leader(state, units)):
                    group = [o["unit"]]   # they may not react together (RIFT-REACT-08)
                for fire in (group, [o["unit"]]):   # together (Xd6, RIFT-REACT-09) or the unit alone
                    score = reaction_score(state, lead_id, fire, t)
                    if best is None or score > best[0] + 1e-9:
                        best = (score, fire, pct)
    if best is None:
        return ["hold"]
    _, group, pct = best
    return [f"react {','.join(group)} {pct}", f"react {group[0]} {pct}", "hold"]


def same_class(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Units that may coordinate (RIFT-COORD-04/05, RIFT-GAP-02): Light with Light, AoE with AoE."""
    return (a["size"] == "light") == (b["size"] == "light") and ("aoe" in a["traits"]) == ("aoe" in b["traits"])


def reaction_score(state: State, lead_id: str, group: list[str], t: float) -> float:
    """The chance pooled reaction fire at ``t`` wounds or kills the lead mover, plus 0.4 of the chance it pins."""
    target = battle.mover_at(state, lead_id, t)
    dist: dict[int, float] = {0: 1.0}
    for _who, n, _why in battle.reaction_dice(state, [state["units"][uid] for uid in group], target):
        nxt: dict[int, float] = {}
        for k, q in dist.items():
            for j, r in _hits(n):
                nxt[k + j] = nxt.get(k + j, 0.0) + q * r
        dist = nxt
    score = 0.0
    for k, q in dist.items():
        result = combat.effect(target, k, True)
        score += q * (1.0 if result in ("wound", "kill") else 0.4 if result == "pin" else 0.0)
    return score


@lru_cache(maxsize=16)
def _hits(n: int) -> tuple[tuple[int, float], ...]:
    return tuple((k, float(p)) for k, p in combat.hits_distribution(n))
