"""RiftWar at hand: the unit types of every army list with what their codes mean (RIFT-DATA-01/02/04/05,
RIFT-ARMY-01..11, RIFT-TRAIT-*), and victory progress (RIFT-GAP-07). The whole battle is public."""
from __future__ import annotations

from typing import Any

from . import flow
from .data import rules

ROLES = {"close": "C", "ranged": "R", "unarmed": "U"}


def code(size: str, role: str) -> str:
    """The roster's two-letter code: size then role (``LR``: Light ranged)."""
    return f"{size[0].upper()}{ROLES.get(role, role[:1].upper())}"


def glossary() -> list[dict[str, str]]:
    """What the codes and columns mean, from the data."""
    data = rules()
    rows = [{"term": "LC LR LU", "means": "Light close / ranged / unarmed (the roster's size and role letters)"},
            {"term": "MC MR HC HR", "means": "Medium and Heavy units, close or ranged"},
            {"term": "u", "means": "the game's unit of length; move and ranges are in u"}]
    for size, s in data.sizes.items():
        rows.append({"term": size, "means": f"move {s['move_u']:g} u, base radius {s['base_radius_u']:g} u, "
                     f"{s['ranged_dice']} dice ranged, {s['close_dice_per_unit']} close die per unit; "
                     f"{'blocks' if s['blocks_los'] else 'does not block'} sight; "
                     f"{'may' if s['can_take_cover'] else 'cannot'} take cover; enters terrain: {s['can_enter_terrain']} (RIFT-DATA-01)"})
    for tid, t in data.traits.items():
        rows.append({"term": "/".join(t.get("aliases") or [tid]), "means": str(t.get("summary", ""))})
    return rows


def reference() -> list[dict[str, Any]]:
    """One row per unit type of every army list in the data (see :meth:`core.ruleset.Ruleset.reference`)."""
    data = rules()
    weights = data.survivor_weight
    rows: list[dict[str, Any]] = []
    for army in data.armies.values():
        for t in army.units:
            s = data.sizes[t.size]
            dice = (f"{s['ranged_dice']} dice ranged" if t.role == "ranged"
                    else f"{s['close_dice_per_unit']} die close" if t.role == "close" else "no attack")
            traits = [str(data.traits[data.trait_id(n)].get("aliases", [n])[0]) + ": "
                      + str(data.traits[data.trait_id(n)].get("summary", "")) for n in t.traits if n.lower() in data.aliases]
            does = f"{t.n} in the list; {t.size} {t.role}; {dice}; move {s['move_u']:g} u. " + " ".join(traits)
            weight = weights.get(t.size if t.size != "light" else f"light_{t.role}")
            rows.append({"name": t.name, "code": code(t.size, t.role), "side": army.name, "kind": f"{t.size} {t.role}",
                         "cost": weight, "capacity": None, "keywords": list(t.traits), "does": does.strip()})
    return rows


def victory(state: dict[str, Any], viewer: str) -> dict[str, Any]:
    """The scenario's condition and where each army stands (units left, surviving strength, the phase
    limit if set). Everything here is public. Raises nothing."""
    if not state.get("units"):
        return {}
    weights = rules().survivor_weight
    limit = int(state["options"].get("phase_limit") or 0)
    goal = "the last army with units on the field wins (RIFT-GAP-07)"
    if limit:
        goal += f"; after phase {limit} (now {state['turn']}) the strongest surviving force wins: LC 1, LR 3, M/H 9"
    if state.get("result"):
        goal = f"over: {state['result']['reason']}. " + goal
    rows: list[dict[str, Any]] = []
    score: dict[str, int] = {}
    for seat in flow.seat_order(state):
        units = [u for u in state["units"].values() if u["owner"] == seat]
        alive = flow.alive(state, seat)
        strength = sum(int(weights[u["size"] if u["size"] != "light" else f"light_{u['role']}"]) for u in alive)
        side = str(state["seats"][seat]["side"])
        score[side] = strength
        rows.append({"objective": "Units on the field", "side": side, "have": len(alive), "need": len(units),
                     "value": len(alive) / len(units) if units else 0.0,
                     "text": f"{seat}: {len(alive)} of {len(units)} alive, strength {strength} (at 0 alive: out)",
                     "rule": "RIFT-GAP-07", "done": bool(state.get("result")) and state["seats"][seat]["side"] in state["result"]["winners"]})
    return {"goal": goal, "score": score, "rows": rows}
