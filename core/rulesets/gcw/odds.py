"""The odds of GCW orders that roll dice: a bombing run at the Death Star, a base search, and a move
into an enemy fleet when battles are auto-resolved (GCW-GAP-03); when battles are played at the
table the odds say so instead (the engine rolls nothing for them).

The auto-resolver's battle is computed exactly: each exchange a side with a ship rolls one d8 per
20 points on the table (at least one), 6-8 hits; hits go one by one to the enemy's costliest unit
left, 15 points of damage a hit; a side with no ship left flees; after the second exchange a side
that lost more than half its points withdraws. Fleets are public in the campaign, so the odds use
only what every seat sees.
"""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import Any

from core.ruleset import Odds

from .battles import AUTO_HIT_DAMAGE, AUTO_HIT_FROM, AUTO_POINTS_PER_DIE, auto_count
from .model import State, fleets_at, is_ship, other, side_of, unit_points

HIT = Fraction(8 - AUTO_HIT_FROM + 1, 8)


def move_odds(state: State, seat: str, fleet: str, system: str) -> Odds | None:
    """The battle a move of ``fleet`` to ``system`` starts, if an enemy fleet is there; None if none is."""
    if fleet not in state["fleets"]:
        return None  # the Death Star moves alone and fights no battle of fleets
    side = side_of(state, seat)
    enemy = [f for f in fleets_at(state, system, other(side))]
    if not enemy:
        return None
    title = f"battle at {system}"
    if not state["options"].get("auto_resolve"):
        return Odds(title, reason="the battle is played at the table (Star Wars: Armada) and reported; the engine rolls "
                                  "no dice for it, so it gives no odds (GCW-GAP-03)")
    ours = list(state["fleets"][fleet]["units"]) + [u for f in fleets_at(state, system, side) if f != fleet
                                                     for u in state["fleets"][f]["units"]]
    theirs = [u for f in enemy for u in state["fleets"][f]["units"]]
    points = {u: unit_points(state["units"][u]) for u in ours + theirs}
    ships = frozenset(u for u in points if is_ship(state["units"][u]))
    table = battle_losses(tuple(ours), tuple(theirs), points, ships)
    rows = [(f"we lose {a} pts, they lose {b} pts", p) for (a, b), p in sorted(table.items(), key=lambda kv: (-kv[1], kv[0]))]
    start = sum(points[u] for u in ours), sum(points[u] for u in theirs)
    rolls = [f"  first exchange, {who} roll " + (auto_count(name, pts).words(8) if any(u in ships for u in units) else "none: no ship")
             for who, name, pts, units in (("we", side, start[0], ours), ("they", other(side), start[1], theirs))]
    return Odds(f"auto-resolved {title}: {start[0]} pts against {start[1]}", rows,
                notes=[*rolls, "  fleets that join before the battle are not counted"])


def battle_losses(ours: tuple[str, ...], theirs: tuple[str, ...], points: dict[str, int],
                  ships: frozenset[str]) -> dict[tuple[int, int], Fraction]:
    """The exact distribution of (our points destroyed, theirs) over the auto-resolver's three exchanges
    (kept for the last few battles asked about: the order line asks again at every key)."""
    return dict(_losses(ours, theirs, tuple(sorted(points.items())), ships))


@lru_cache(maxsize=16)
def _losses(ours: tuple[str, ...], theirs: tuple[str, ...], point_list: tuple[tuple[str, int], ...],
            ships: frozenset[str]) -> tuple[tuple[tuple[int, int], Fraction], ...]:
    points = dict(point_list)
    start = {0: sum(points[u] for u in ours), 1: sum(points[u] for u in theirs)}
    # a position: (units on the table per side, hits taken per unit, units destroyed)
    Position = tuple[tuple[tuple[str, ...], tuple[str, ...]], tuple[tuple[str, int], ...], frozenset[str]]
    # exact weights as whole numbers: side s's dice never outnumber its first roll's, so every exchange's
    # chances are counted over 8 ** (first dice of both sides), and the total over that to the third
    first = [_dice(ours, points, ships), _dice(theirs, points, ships)]
    positions: dict[Position, int] = {((ours, theirs), (), frozenset()): 1}
    for exchange in (1, 2, 3):
        after: dict[Position, int] = {}
        for (table, hit_list, dead), weight in positions.items():
            dice = [_dice(table[s], points, ships) for s in (0, 1)]
            hits = dict(hit_list)
            # hits beyond what destroys every enemy unit change nothing: they are summed into one outcome
            room = [sum(-(-points[u] // AUTO_HIT_DAMAGE) - hits.get(u, 0) for u in table[1 - s]) for s in (0, 1)]
            spread = [[w * 8 ** (first[s] - dice[s]) for w in _capped(dice[s], room[s])] for s in (0, 1)]
            for a, wa in enumerate(spread[0]):
                for b, wb in enumerate(spread[1]):
                    key = _exchange(table, dict(hits), dead, (a, b), points, ships, start, exchange)
                    after[key] = after.get(key, 0) + weight * wa * wb
        positions = after
    whole = 8 ** (3 * (first[0] + first[1]))
    counts: dict[tuple[int, int], int] = {}
    for (_, _, dead), weight in positions.items():
        key = (sum(points[u] for u in dead if u in ours), sum(points[u] for u in dead if u in theirs))
        counts[key] = counts.get(key, 0) + weight
    losses = {key: Fraction(weight, whole) for key, weight in counts.items()}
    return tuple(losses.items())


def _dice(units: tuple[str, ...], points: dict[str, int], ships: frozenset[str]) -> int:
    """The d8s a side rolls: one per 20 points on the table, at least one, none without a ship."""
    if not any(u in ships for u in units):
        return 0
    return max(1, sum(points[u] for u in units) // AUTO_POINTS_PER_DIE)


@lru_cache(maxsize=None)
def _capped(n: int, cap: int) -> tuple[int, ...]:
    """Of the 8 ** n ways n d8s fall, how many give k hits for k = 0..cap-1, then cap hits or more."""
    hit = 8 - AUTO_HIT_FROM + 1  # faces that hit
    miss = 8 - hit
    ways = [comb(n, k) * hit ** k * miss ** (n - k) for k in range(n + 1)]
    cap = max(0, min(n, cap))
    return tuple(ways[:cap]) + (sum(ways[cap:]),)


def _exchange(table: Any, hits: dict[str, int], dead: frozenset[str], scored: tuple[int, int], points: dict[str, int],
              ships: frozenset[str], start: dict[int, int], exchange: int) -> Any:
    """One exchange: side 0's hits land first, then side 1's (both rolled before any loss), as the auto-resolver does."""
    on = [list(table[0]), list(table[1])]
    killed = set(dead)
    for side in (0, 1):
        enemy = 1 - side
        for _ in range(scored[side]):
            if not on[enemy]:
                break
            target = max(on[enemy], key=lambda u: (points[u], u))
            hits[target] = hits.get(target, 0) + 1
            if hits[target] * AUTO_HIT_DAMAGE >= points[target]:
                killed.add(target)
                on[enemy].remove(target)
    for side in (0, 1):
        if not any(u in ships for u in on[side]):
            on[side] = []  # no ship left: the rest flee
    if exchange == 2:
        for side in (0, 1):
            lost = start[side] - sum(points[u] for u in on[side])
            if on[side] and 2 * lost > start[side]:
                on[side] = []  # more than half lost: the rest withdraw late
    left = set(on[0]) | set(on[1])  # hits on units gone no longer matter
    return (tuple(on[0]), tuple(on[1])), tuple(sorted((u, n) for u, n in hits.items() if n and u in left)), frozenset(killed)
