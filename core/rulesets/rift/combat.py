"""Dice pools and what hits do (RIFT-DMG, RIFT-HIT, RIFT-TRAIT-06/08/11), pure functions on units."""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import Any

from core.dice_words import DiceCount

from .data import rules
from .geometry import heavy_like

Unit = dict[str, Any]
HIT_ON = 5  # RIFT-DMG-01: each 5 or 6 is a hit
P_HIT = Fraction(2, 6)


def ranged_dice(attacker: Unit, target: Unit, cover: bool, stack: bool = True) -> int:
    """N for one ranged attack: 3 Light / 4 Medium-Heavy, -1 against Heavy or Armor unless AP,
    -1 in cover, never below 0 (RIFT-DMG-02..05, RIFT-GAP-24). ``stack=False`` keeps one penalty only."""
    return ranged_count(attacker, target, cover, stack).dice


def ranged_count(attacker: Unit, target: Unit, cover: bool, stack: bool = True) -> DiceCount:
    """How :func:`ranged_dice` counts N, step by step in the rules' words: ``4d6 for a Medium Ranged unit
    (RIFT-DMG-03), -1 for a Heavy target (RIFT-DMG-04), -1 for cover (RIFT-DMG-05): 2d6``."""
    size = str(attacker["size"])
    count = DiceCount(int(rules().sizes[size]["ranged_dice"]),
                      f"a {size.capitalize()} Ranged unit ({'RIFT-DMG-02' if size == 'light' else 'RIFT-DMG-03'})")
    if heavy_like(target) and "ap" not in attacker["traits"]:
        count = count.step("a Heavy target (RIFT-DMG-04)" if target["size"] == "heavy"
                           else "an Armor target, hit as if Heavy (RIFT-DMG-04, RIFT-TRAIT-08)", -1)
    if cover:
        count = count.step("cover (RIFT-DMG-05)", -1)
    if not stack and len(count.steps) > 1:
        count = count.step("one penalty only (option stack_die_penalties off)", 1)
    return count.at_least(0, "never below 0 dice (RIFT-DMG-05)")


def count_hits(values: list[int]) -> int:
    """Hits in a roll: each die showing 5 or 6 (RIFT-DMG-01)."""
    return sum(1 for v in values if v >= HIT_ON)


def effect(target: Unit, hits: int, reaction: bool) -> str:
    """What ``hits`` (one attack or one group) do to ``target``: none, pin, wound or kill.

    Flying adds one hit if hit at all (RIFT-TRAIT-11); 1 hit pins only in reaction fire
    (RIFT-HIT-04); 2 wound (HIT-01), 3+ kill (HIT-02), 2+ on a wounded unit kill (HIT-03); a Heavy
    (or Armor) unit is never pinned unwounded nor killed outright (HIT-06/07, TRAIT-08).
    """
    if hits <= 0:
        return "none"
    if target.get("flying"):
        hits += int(rules().traits["flying"].get("extra_hit_if_hit", 1))
    if target["wounded"]:
        if hits >= 2:
            return "kill"
        return "pin" if reaction else "none"
    if heavy_like(target):
        return "wound" if hits >= 2 else "none"
    if hits >= 3:
        return "kill"
    if hits == 2:
        return "wound"
    return "pin" if reaction else "none"


def apply(target: Unit, result: str) -> None:
    """Mark the effect on the unit: a wound also pins (RIFT-HIT-05); a kill leaves a Heavy wreck (RIFT-MAP-14)."""
    if result == "pin":
        target["pinned"] = True
    elif result == "wound":
        target["wounded"] = True
        target["pinned"] = True
    elif result == "kill":
        target["dead"] = True
        target["pinned"] = False
        target["melee"] = None
        if target["size"] == "heavy":
            target["wreck"] = True


@lru_cache(maxsize=16)
def hits_distribution(n: int) -> list[tuple[int, Fraction]]:
    """The exact distribution of hits on ``n`` dice."""
    return [(k, comb(n, k) * P_HIT ** k * (1 - P_HIT) ** (n - k)) for k in range(max(0, n) + 1)]


def effect_distribution(target: Unit, n: int, reaction: bool) -> dict[str, Fraction]:
    """The exact chance of each effect of an ``n``-dice attack on ``target``."""
    out: dict[str, Fraction] = {"none": Fraction(0), "pin": Fraction(0), "wound": Fraction(0), "kill": Fraction(0)}
    for k, p in hits_distribution(n):
        out[effect(target, k, reaction)] += p
    return out


def split_ok(groups: list[int], hits: int) -> str | None:
    """Why a grouping of ``hits`` is not acceptable, or None: whole groups of at least 1 that add up."""
    if any(g < 1 for g in groups):
        return "every group holds at least 1 hit"
    if sum(groups) != hits:
        return f"the groups add up to {sum(groups)}, but there are {hits} hits"
    return None


def assignment_ok(groups: list[int], targets: list[str], pool: list[str]) -> str | None:
    """RIFT-GAP-12: each group to a unit of ``pool``, a different unit while any has none yet."""
    if len(targets) != len(groups):
        return f"name one unit for each of the {len(groups)} groups ({', '.join(map(str, groups))}), in order"
    for t in targets:
        if t not in pool:
            return f"{t} is not one of the units that can take these hits ({', '.join(pool)})"
    used: list[str] = []
    for t in targets:
        if t in used and len(set(used)) < len(pool):
            return f"{t} already takes a group while {', '.join(u for u in pool if u not in used)} has none (RIFT-GAP-12)"
        used.append(t)
    return None
