"""Twilight of the Empire's exact arithmetic (catalog section 0, MATH, UCR, TOTE-GAP-16).

Every number here is an integer. A quotient is kept in thousandths (``q_milli``, 0..1000): the
division is cut, never rounded, to three places (TOTE-MATH-01), and a total is rounded up from
the smallest fraction (TOTE-MATH-02). No float is ever made: ``ceil(x/y)`` is ``-(-x // y)``.

- ``q_milli(a, d)``: the UCR quotient of attacker ``a`` against defender ``d``, at most 1000.
- ``total(raw, q)``: the Total Damage (or tractor length) of ``raw`` at quotient ``q``.
- ``damage(raw, a, d)``: the two together (TOTE-EX-01: 500 at 4 against 7 gives 286).
- ``effective_ucr``: base UCR with the modifiers and overrides of TOTE-UCR-07 / TOTE-GAP-16.
"""
from __future__ import annotations

from collections.abc import Iterable

#: A quotient of 1.000 in thousandths (TOTE-UCR-03: 100% damage, never more).
FULL = 1000

#: Fixed UCR overrides (TOTE-GAP-16): they ignore every modifier.
DERELICT_UCR = 0
TRACTORED_UCR = 1
SCUTTLE_UCR = 20
#: Base override of a TIE Swarm (TOTE-SWARM-03): modifiers still apply.
SWARM_UCR = 8


def _whole(name: str, value: object, minimum: int = 0) -> int:
    """``value`` if it is a whole number (not a bool, not a float) of at least ``minimum``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be a whole number, not {type(value).__name__} {value!r}")
    if value < minimum:
        raise ValueError(f"{name} must be at least {minimum}, not {value}")
    return value


def ceil_div(num: int, den: int) -> int:
    """``num / den`` rounded up, in integers (den > 0). Raises TypeError/ValueError on bad input."""
    if isinstance(num, bool) or not isinstance(num, int):
        raise TypeError(f"numerator must be a whole number, not {num!r}")
    _whole("denominator", den, 1)
    return -(-num // den)


def base_ucr(speed: int, maneuver: int) -> int:
    """A unit's UCR: speed + maneuverability (TOTE-UCR-01). Raises on negative or non-whole input."""
    return _whole("speed", speed) + _whole("maneuverability", maneuver)


def q_milli(attacker: int, defender: int) -> int:
    """The UCR quotient attacker/defender in thousandths, truncated (TOTE-MATH-01) and capped at
    1000 (TOTE-UCR-03/04). A defender of UCR 0 (derelict) gives 1000, never a division by zero
    (TOTE-GAP-16, TOTE-EX-14). Raises TypeError/ValueError for a negative or non-whole UCR."""
    a = _whole("attacker UCR", attacker)
    d = _whole("defender UCR", defender)
    if d == 0 or a >= d:
        return FULL
    return (FULL * a) // d


def total(raw: int, q: int, percent: int = 100) -> int:
    """Total Damage: ``raw`` × ``q``/1000, rounded up (TOTE-MATH-02), optionally scaled back to a
    whole ``percent`` of the raw damage first (planetary weapons, TOTE-DMG-07 / TOTE-GAP-42; the
    scale-back and the quotient are applied together and rounded once). Raises TypeError or
    ValueError for a negative raw, a quotient outside 0..1000 or a percent outside 0..100."""
    _whole("raw damage", raw)
    _whole("quotient", q)
    _whole("percent", percent)
    if q > FULL:
        raise ValueError(f"a quotient is at most {FULL} thousandths, not {q}")
    if percent > 100:
        raise ValueError(f"a planetary weapon fires at 0 to 100 percent, not {percent}")
    return -(-(raw * q * percent) // (FULL * 100))


def damage(raw: int, attacker: int, defender: int, percent: int = 100) -> int:
    """Total Damage of ``raw`` fired at UCR ``attacker`` against UCR ``defender`` (TOTE-UCR-02).
    Raises as :func:`q_milli` and :func:`total`."""
    return total(raw, q_milli(attacker, defender), percent)


def total_of(parts: Iterable[tuple[int, int]]) -> int:
    """The sum of several ``(raw, q)`` contributions, rounded up once (TOTE-GAP-41: projectors of
    several ships, each at its own quotient). Raises as :func:`total`."""
    acc = 0
    for raw, q in parts:
        _whole("raw", raw)
        _whole("quotient", q)
        if q > FULL:
            raise ValueError(f"a quotient is at most {FULL} thousandths, not {q}")
        acc += raw * q
    return -(-acc // FULL)


def tractor_control(metres: int, attacker: int, defender: int) -> int:
    """Metres of tractor control held: computed as damage (TOTE-MATH-03, TOTE-TRACTOR-04;
    TOTE-EX-02: 1000 m at 3 against 7 holds 428 m). Raises as :func:`damage`."""
    return damage(metres, attacker, defender)


def effective_ucr(base: int, modifiers: Iterable[int] = (), *, fixed: int | None = None,
                  base_override: int | None = None) -> int:
    """Effective UCR (TOTE-UCR-07, TOTE-GAP-16).

    ``fixed`` (derelict 0, fully tractored 1, scuttling 20) replaces everything and ignores the
    modifiers. Otherwise ``base_override`` (TIE Swarm 8, a facility's Defensive UCR) replaces the
    base, the environmental ``modifiers`` (atmosphere, ground air, OB, fatigue, atmospheric
    bombardment) are added together, and the result is floored at 1 (only a derelict has 0).
    Raises TypeError/ValueError for a non-whole or negative base/override.
    """
    if fixed is not None:
        return _whole("fixed UCR", fixed)
    value = _whole("base UCR", base if base_override is None else base_override)
    for m in modifiers:
        if isinstance(m, bool) or not isinstance(m, int):
            raise TypeError(f"a UCR modifier must be a whole number, not {m!r}")
        value += m
    return max(1, value)


def percent_of(maximum: int, percent: int) -> int:
    """``percent`` of ``maximum``, rounded up (repairs, TOTE-GAP-36). Raises on bad input."""
    return ceil_div(_whole("maximum", maximum) * _whole("percent", percent), 100)


def payout(cost: int, percent: int) -> int:
    """``percent`` of ``cost`` rounded down to a whole KC (scrap 25 / salvage 50, TOTE-GAP-35;
    TOTE-EX-27: 25% of 1250 is 312). Raises on bad input."""
    return _whole("cost", cost) * _whole("percent", percent) // 100


def milli_text(q: int) -> str:
    """A quotient in thousandths written as the text writes it, with integer math: 428 -> "0.428",
    1000 -> "1.000" (for previews and logs; never format ``q / 1000``, which is a float).
    Raises TypeError/ValueError for a negative or non-whole value."""
    _whole("quotient", q)
    return f"{q // FULL}.{q % FULL:03d}"
