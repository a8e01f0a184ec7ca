"""The army builder's checks (RIFT-ARMY-01..11, RIFT-TRAIT-07, RIFT-DATA-01): every rule an army
breaks, each named by its rule ID, with the arithmetic a player can check."""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction

from .data import Army, rules

LC_PURCHASE = ("pooled", "per_type", "fractional")  # RIFT-GAP-27


@dataclass
class Verdict:
    """The checks' result: the budget and spending, and each breach as (rule ID, message)."""

    budget: Fraction
    spent: Fraction
    units: int
    mh: int
    traits: int
    leaders: int
    breaches: list[tuple[str, str]] = field(default_factory=list)

    @property
    def legal(self) -> bool:
        """True when the army breaks no rule."""
        return not self.breaches

    def rule_ids(self) -> list[str]:
        """The IDs of the rules broken, each once, in order."""
        return list(dict.fromkeys(rid for rid, _ in self.breaches))

    def summary(self) -> str:
        """One line: LUP spent of the budget, then each breach."""
        head = f"{_num(self.spent)} of {_num(self.budget)} spent, {self.units} units ({self.mh} M/H), {self.traits} traits, {self.leaders} leaders"
        if self.legal:
            return head + ": legal"
        return head + ": illegal: " + "; ".join(f"{rid} {msg}" for rid, msg in self.breaches)


def _num(value: Fraction) -> str:
    if value.denominator == 1:
        return str(value.numerator)
    whole, rest = divmod(value.numerator, value.denominator)
    return f"{whole} {rest}/{value.denominator}" if whole else f"{rest}/{value.denominator}"


def max_leaders(units: int) -> int:
    """RIFT-ARMY-10 with RIFT-GAP-28: at most max(1, floor(units / 10)) Leaders."""
    return max(1, units // 10)


def check(army: Army, mode: str = "seed", lc_purchase: str = "pooled") -> Verdict:
    """Check ``army`` under ``mode`` ("seed": ARMY-01..11 as written; "points": RIFT-DATA-01).

    Raises ValueError for an unknown mode or purchase reading.
    """
    if mode not in ("seed", "points"):
        raise ValueError(f"unknown army mode {mode!r}; modes: seed, points")
    if lc_purchase not in LC_PURCHASE:
        raise ValueError(f"unknown light-close purchase {lc_purchase!r}; readings: {', '.join(LC_PURCHASE)}")
    data = rules()
    units = sum(t.n for t in army.units)
    mh = sum(t.n for t in army.units if t.size != "light")
    traits = sum(len(t.traits) for t in army.units)  # RIFT-ARMY-09: once per unit type
    leaders = sum(t.n for t in army.units if "leader" in t.traits)
    breaches: list[tuple[str, str]] = []
    if mode == "seed":
        seed = data.seed
        if mh > seed["mh_cap"]:
            breaches.append(("RIFT-ARMY-01", f"{mh} Medium/Heavy units, at most {seed['mh_cap']}"))
        budget = Fraction(seed["base_lup"] + seed["lup_per_unused_mh"] * max(0, seed["mh_cap"] - mh))
        lr = sum(t.n for t in army.units if t.size == "light" and t.role != "close")
        lc_types = [t.n for t in army.units if t.size == "light" and t.role == "close"]
        per = seed["light_close_per_lup"]
        if lc_purchase == "pooled":
            lc = Fraction(math.ceil(sum(lc_types) / per))
        elif lc_purchase == "per_type":
            lc = Fraction(sum(math.ceil(n / per) for n in lc_types))
        else:
            lc = Fraction(sum(lc_types), per)
        extra = max(0, traits - seed["free_traits"])
        spent = lr + lc + extra * seed["trait_extra_lup"]
    else:
        pts = data.points
        budget = Fraction(pts["budget"])
        spent = Fraction(0)
        for t in army.units:
            key = t.size if t.size != "light" else f"light_{t.role}"
            spent += t.n * pts[key]
        spent += max(0, traits - pts["free_traits"]) * pts["trait_extra"]
    if spent > budget:
        breaches.append(("RIFT-ARMY-11", f"spends {_num(spent)}, over the budget of {_num(budget)} by {_num(spent - budget)}"))
    if leaders > max_leaders(units):
        breaches.append(("RIFT-ARMY-10", f"{leaders} Leaders for {units} units, at most {max_leaders(units)}"))
    for t in army.units:
        for trait in t.traits:
            sizes = data.traits[trait].get("sizes")
            if sizes and t.size not in sizes:
                breaches.append(("RIFT-TRAIT-07", f"{data.traits[trait]['aliases'][0]} on {t.name}, a {t.size} type ({'/'.join(sizes)} only)"))
    return Verdict(budget, spent, units, mh, traits, leaders, breaches)
