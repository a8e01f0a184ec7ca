"""Exact outcome distributions, as fractions: 2d6 with modifiers, and RISK-style ground combat."""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from itertools import product


def two_d6(modifier: int = 0, lo: int = 1, hi: int = 13) -> dict[int, Fraction]:
    """Distribution of 2d6 + ``modifier`` clamped to [lo, hi]."""
    dist: dict[int, Fraction] = {}
    for a, b in product(range(1, 7), repeat=2):
        total = min(hi, max(lo, a + b + modifier))
        dist[total] = dist.get(total, Fraction(0)) + Fraction(1, 36)
    return dict(sorted(dist.items()))


@lru_cache(maxsize=None)
def ground_round(att_dice: int, def_dice: int, att_bonus: int, ties_to_attacker: bool) -> tuple[tuple[int, int, Fraction], ...]:
    """One round of RISK dice: ((attacker losses, defender losses, probability), ...).

    Each side sorts its d6s high to low; pairs are compared highest with highest; ``att_bonus`` is
    added to every attacking die; a tie goes to the attacker only if ``ties_to_attacker``.
    """
    counts: dict[tuple[int, int], int] = {}
    total = 0
    for roll in product(range(1, 7), repeat=att_dice + def_dice):
        att = sorted(roll[:att_dice], reverse=True)
        dfn = sorted(roll[att_dice:], reverse=True)
        a_loss = d_loss = 0
        for x, y in zip(att, dfn):
            x += att_bonus
            if x > y or (x == y and ties_to_attacker):
                d_loss += 1
            else:
                a_loss += 1
        counts[(a_loss, d_loss)] = counts.get((a_loss, d_loss), 0) + 1
        total += 1
    return tuple((a, d, Fraction(n, total)) for (a, d), n in sorted(counts.items()))


@lru_cache(maxsize=256)
def ground_capture(attackers: int, defenders: int, att_bonus: int, ties_to_attacker: bool,
                   att_max: int = 3, def_max: int = 2) -> Fraction:
    """Probability that ``attackers`` ground forces wipe out ``defenders`` (rounds until one side is gone).

    Exact, by an iterative table (one row per defender count, no recursion, so any size works; the work
    grows with attackers x defenders).
    """
    if defenders <= 0:
        return Fraction(1)
    if attackers <= 0:
        return Fraction(0)
    rows: dict[int, list[Fraction]] = {0: [Fraction(0)] + [Fraction(1)] * attackers}
    for d in range(1, defenders + 1):
        row = [Fraction(0)] * (attackers + 1)
        for a in range(1, attackers + 1):
            total = Fraction(0)
            for a_loss, d_loss, p in ground_round(min(att_max, a), min(def_max, d), att_bonus, ties_to_attacker):
                total += p * (row[a - a_loss] if d_loss == 0 else rows[d - d_loss][a - a_loss])
            row[a] = total
        rows[d] = row
        rows.pop(d - def_max, None)
    return rows[defenders][attackers]
