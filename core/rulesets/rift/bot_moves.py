"""How the RiftWar bot weighs a move: where a unit would stand (cover, targets it would see, enemy
eyes on it) and what the path costs, taken from the engine itself: the move is declared on a
trial copy, the engine lists the reaction opportunities, each enemy seat declares the reaction
the bot would make in its place, and the engine's own odds of getting through give the risk.
"""
from __future__ import annotations

import json
import math
from fractions import Fraction
from functools import lru_cache
from typing import Any

from core.errors import HolotableError
from core.ruleset import Ruleset

from . import battle, combat, record
from .bot_reactions import pending_choices
from .data import rules
from .geometry import at_low, at_terrain, field_of, heavy_like, line_of_sight, radius

State = dict[str, Any]
Unit = dict[str, Any]
SPOT_RING = 5             # directions tried round a unit besides the cover spots
UNITS_WEIGHED = 3         # units whose moves are weighed in one decision (those without a good shot first)
SPOTS_PER_UNIT = 4        # candidate end points per unit, by their standing value
TRIALS = 3                # moves tried on the engine (exposure) per decision
COVER_SPOTS = 6           # cover spots weighed per unit (those nearest the enemy)
RISK_WEIGHT = 2.0         # a certain failure of the move costs this much standing value
PIN_RISK = 0.4            # a pin that stops the move counts as this much of a failure


def _copy(value: Any) -> Any:
    return json.loads(json.dumps(value))


@lru_cache(maxsize=8)
def cover_spots(map_id: str) -> tuple[tuple[float, float], ...]:
    """Points where a Light unit stands in cover on this map: just beside each low structure and
    just inside each terrain area's edge, about every 1.5 u."""
    fld = field_of(map_id)
    spots: list[tuple[float, float]] = []
    rings = [low.buffer(0.8, quad_segs=2).exterior for low in fld.lows]
    rings += [t.poly.buffer(-0.6).exterior for t in fld.terrain if not t.poly.buffer(-0.6).is_empty]
    w, h = fld.map.size
    for ring in rings:
        steps = max(4, int(ring.length / 1.5))
        for i in range(steps):
            p = ring.interpolate(i * ring.length / steps)
            if 1.0 <= p.x <= w - 1.0 and 1.0 <= p.y <= h - 1.0:
                spots.append((round(p.x, 1), round(p.y, 1)))
    return tuple(spots)


@lru_cache(maxsize=256)
def _chances(n: int, flying: bool, wounded: bool, heavy: bool, reaction: bool) -> tuple[float, float]:
    probe: dict[str, Any] = {"flying": flying, "wounded": wounded, "size": "heavy" if heavy else "light", "traits": []}
    dist = combat.effect_distribution(probe, n, reaction)
    return float(dist["wound"] + dist["kill"]), float(dist["pin"])


def chances(target: Unit, n: int, reaction: bool = False) -> tuple[float, float]:
    """(wound or kill, pin) for an ``n``-dice attack on ``target``: the engine's effect
    distribution, remembered by what it depends on."""
    return _chances(n, bool(target.get("flying")), bool(target["wounded"]), heavy_like(target), reaction)


def threat(state: State, u: Unit, foes: list[Unit], units: list[Unit]) -> tuple[float, float]:
    """(danger, best shot) for ``u`` where it stands: the summed chance that each enemy Ranged unit
    that sees it wounds or kills it with one attack, and its own best chance against an enemy it sees."""
    fld = field_of(state["map"])
    danger = best = 0.0
    covered = in_cover_here(state, u)
    for f in foes:
        if f.get("melee") or not line_of_sight(fld, u, f, units):
            continue
        if f["role"] == "ranged" and not f["indirect"]:
            danger += chances(u, combat.ranged_dice(f, u, covered))[0]
        if u["role"] == "ranged":
            best = max(best, chances(f, combat.ranged_dice(u, f, in_cover_here(state, f)))[0])
    return danger, best


def in_cover_here(state: State, u: Unit) -> bool:
    """Cover from where the unit stands (low structure or terrain; not Heavy, not flying)."""
    if u["size"] == "heavy" or u.get("flying"):
        return False
    fld = field_of(state["map"])
    return at_low(fld, u) or at_terrain(fld, u)


def standing(state: State, u: Unit, foes: list[Unit], units: list[Unit], advance: bool = False) -> float:
    """How good a place is for ``u``: cover, a target to shoot at, few enemy guns on it, not too far
    from the enemy (much nearer with ``advance``, when neither side sees the other); close combat
    units want to be at the enemy."""
    danger, best = threat(state, u, foes, units)
    value = 0.6 * float(in_cover_here(state, u)) - 0.5 * danger
    nearest = min(math.hypot(f["x"] - u["x"], f["y"] - u["y"]) for f in foes)
    if u["role"] == "ranged":
        value += 1.0 * best - nearest / (4.0 if advance else 40.0)  # closer is better: no standing off for ever
    else:
        value -= nearest / 8.0
    return value


def spots_for(state: State, u: Unit, foes: list[Unit]) -> list[tuple[float, float]]:
    """End points worth weighing for ``u``: cover spots within reach, and a ring toward the enemy."""
    reach = float(rules().sizes[u["size"]]["move_u"]) * 0.97
    out: list[tuple[float, float]] = []
    nearest = min(foes, key=lambda f: math.hypot(f["x"] - u["x"], f["y"] - u["y"]))
    if u["size"] != "heavy":  # the cover spots in reach nearest the enemy
        near = [(math.hypot(x - nearest["x"], y - nearest["y"]), (x, y)) for x, y in cover_spots(state["map"])
                if 0.5 < math.hypot(x - u["x"], y - u["y"]) <= reach]
        out += [spot for _, spot in sorted(near)[:COVER_SPOTS]]
    dx, dy = nearest["x"] - u["x"], nearest["y"] - u["y"]
    dist = math.hypot(dx, dy) or 1.0
    w, h = field_of(state["map"]).map.size
    r = radius(u)
    if u["role"] == "close":  # straight at the nearest enemy: the engine stops the move at contact
        step = min(reach, dist) - 0.1  # rounded to 0.1 u below: never past the unit's reach
        out.append((round(u["x"] + dx / dist * step, 1), round(u["y"] + dy / dist * step, 1)))
    for k in range(SPOT_RING):
        angle = math.atan2(dy, dx) + (k - (SPOT_RING - 1) / 2) * 0.5
        x, y = u["x"] + math.cos(angle) * reach, u["y"] + math.sin(angle) * reach
        if r <= x <= w - r and r <= y <= h - r:
            out.append((round(x, 1), round(y, 1)))
    return out


def exposure(ruleset: Ruleset, state: State, seat: str, text: str) -> float | None:
    """The risk of a move order, from the engine: None when the engine refuses it; else the chance
    that the reactions the enemy would declare wound or kill the mover (plus part of the chance of
    a pin that stops it), by the engine's own odds of the move getting through."""
    trial = _copy(state)
    try:
        ruleset.submit(trial, seat, text)
        for _ in range(4):
            p = trial.get("pending")
            if not p or p["step"] != "declare":
                break
            for enemy in battle.reactors_waiting(trial):
                ruleset.submit(trial, enemy, pending_choices(trial, enemy, p)[0])
    except HolotableError:
        return None
    p = trial.get("pending")
    if not p:
        return 0.0  # no enemy sees the path: the move is already made
    if p["step"] != "confirm":
        return 0.0
    odds = ruleset.odds(trial, seat, "confirm")
    if odds is None:
        return 0.0
    chances = dict(odds.rows)
    failed = chances.get("wounded or killed: the phase ends", Fraction(0))
    stopped = chances.get("stopped by a pin", Fraction(0))
    return float(failed) + PIN_RISK * float(stopped)


def move_plans(ruleset: Ruleset, state: State, seat: str, movers: list[Unit], foes: list[Unit],
               advance: bool = False) -> list[tuple[float, float, str]]:
    """The best moves for ``movers``: (gain in standing, risk, order), tried on the engine, best
    first. Only moves that gain something after their risk are kept. ``advance``: see :func:`standing`."""
    others = record.on_field(state)
    weighed: list[tuple[float, str, Unit, tuple[float, float]]] = []
    for u in movers[:UNITS_WEIGHED]:
        here = standing(state, u, foes, others, advance)
        rest = [o for o in others if o["id"] != u["id"]]
        scored = []
        for x, y in spots_for(state, u, foes):
            probe = dict(u, x=x, y=y)
            if any(math.hypot(o["x"] - x, o["y"] - y) < radius(o) + radius(u) for o in rest):
                continue
            scored.append((standing(state, probe, foes, rest + [probe], advance) - here, (x, y)))
        scored.sort(key=lambda s: -s[0])
        for gain, spot in scored[:SPOTS_PER_UNIT]:
            if gain > 0.05:
                weighed.append((gain, f"move {u['id']} {spot[0]:g},{spot[1]:g}", u, spot))
    weighed.sort(key=lambda w: -w[0])
    plans: list[tuple[float, float, str]] = []
    tried = refused = 0
    for gain, text, _u, _spot in weighed:
        if tried >= TRIALS or refused >= 4 * TRIALS:
            break
        risk = exposure(ruleset, state, seat, text)
        if risk is None:
            refused += 1  # the engine refuses it (a structure in the way, an overlap)
            continue
        tried += 1
        if gain - RISK_WEIGHT * risk > 0.05:
            plans.append((gain - RISK_WEIGHT * risk, risk, text))
    plans.sort(key=lambda p: -p[0])
    return plans
