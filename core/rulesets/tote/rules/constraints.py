"""The constraints the text puts on the unit data (TOTE-DATA-02), read from
``data/constraints.toml`` and checked when the data loads: a failing constraint raises a
:class:`~core.rulesets.tote.data.DataError` that names the constraint, its source in the text and
what the data says instead.

A constraint names one ``unit`` and any of: ``class``, ``tech`` (tags it must have), ``flags``
(it must have), ``not_flags`` (it must not have), ``equal`` / ``at_least`` / ``above`` /
``at_most`` (tables of attribute = number), ``hyperdrive`` (true: it has one) and ``carries``
(a table of class = count its complement must at least hold, e.g. ``{sf = 1}``).
Attributes: cp, ucr, length_m, tractor_projectors, tractor_m, room_size, atmo_mod, cost_kc,
speed, maneuver, hp, defensive_ucr.

An ``[[exclusive]]`` entry names a ``flag`` and the only ``units`` that may carry it (the text's
closed lists: the Bombing Run craft of TOTE-BOMB-01, the bombarding classes of TOTE-OB-01, the
swarming TIEs of TOTE-SWARM-01, ...): a unit outside the list with the flag fails the load.
"""
from __future__ import annotations

from typing import Any, Callable

from core.errors import DataError
from core.packaged import packaged_toml
from core.rulesets.tote.rules.specs import (
    FacilityType,
    GroundUnitType,
    UnitType,
)

ATTRS = ("cp", "ucr", "length_m", "tractor_projectors", "tractor_m", "room_size", "atmo_mod", "cost_kc",
         "speed", "maneuver", "hp", "defensive_ucr")
COMPARE: dict[str, tuple[Callable[[Any, Any], bool], str]] = {
    "equal": (lambda v, x: v == x, "="), "at_least": (lambda v, x: v >= x, ">="),
    "above": (lambda v, x: v > x, ">"), "at_most": (lambda v, x: v <= x, "<=")}
KEYS = {"id", "unit", "source", "class", "tech", "flags", "not_flags", "hyperdrive", "carries", *COMPARE}


def constraints() -> list[dict[str, Any]]:
    """The constraint entries of ``data/constraints.toml``, as written. Raises FileNotFoundError
    or tomllib.TOMLDecodeError for a broken install."""
    return list(packaged_toml("core.rulesets.tote", "data", "constraints.toml").get("constraint", []))


def exclusives() -> list[dict[str, Any]]:
    """The ``[[exclusive]]`` entries of ``data/constraints.toml``: a flag and the only units that
    may carry it. Raises as :func:`constraints`."""
    return list(packaged_toml("core.rulesets.tote", "data", "constraints.toml").get("exclusive", []))


def exclusive_breaches(e: dict[str, Any], units: dict[str, UnitType], ground: dict[str, GroundUnitType],
                       facilities: dict[str, FacilityType]) -> list[str]:
    """What an exclusive flag entry finds wrong: units outside its list that carry the flag, and
    listed units that do not. Empty when it holds."""
    flag, allowed = e.get("flag"), set(e.get("units", []))
    carriers = {c for table in (units, ground, facilities) for c, t in table.items() if flag in t.flags}
    out = [f"{c} has flag {flag} but is not one of {sorted(allowed)}" for c in sorted(carriers - allowed)]
    out += [f"{c} must have flag {flag}" for c in sorted(allowed - carriers)]
    return out


def _class_of(t: Any) -> str:
    return getattr(t, "cls", "") or getattr(t, "kind", "")


def breaches(c: dict[str, Any], units: dict[str, UnitType], ground: dict[str, GroundUnitType],
             facilities: dict[str, FacilityType]) -> list[str]:
    """What constraint ``c`` finds wrong with the data: one text per failed check, empty when it
    holds. An unknown unit or attribute in the constraint is itself reported."""
    code = c.get("unit")
    t: Any = None if code is None else units.get(code) or ground.get(code) or facilities.get(code)
    if t is None:
        return [f"no unit {code!r} in the data"]
    out: list[str] = []
    unknown = set(c) - KEYS
    if unknown:
        out.append(f"unknown keys {sorted(unknown)}")
    if "class" in c and _class_of(t) != c["class"]:
        out.append(f"class must be {c['class']}, is {_class_of(t)}")
    for tag in c.get("tech", []):
        if tag not in getattr(t, "tech", ()):
            out.append(f"tech must include {tag}, is {list(getattr(t, 'tech', ()))}")
    for fl in c.get("flags", []):
        if fl not in t.flags:
            out.append(f"must have flag {fl}")
    for fl in c.get("not_flags", []):
        if fl in t.flags:
            out.append(f"must not have flag {fl}")
    if "hyperdrive" in c and (getattr(t, "hyperdrive", None) is not None) != bool(c["hyperdrive"]):
        out.append("must have a hyperdrive" if c["hyperdrive"] else "must have no hyperdrive")
    for key, (ok, sym) in COMPARE.items():
        for attr, want in c.get(key, {}).items():
            if attr not in ATTRS or not hasattr(t, attr):
                out.append(f"unknown attribute {attr!r}")
                continue
            have = getattr(t, attr)
            if not ok(have, want):
                out.append(f"{attr} must be {sym} {want}, is {have}")
    for cls, want in c.get("carries", {}).items():
        have = 0
        for cc, n in getattr(t, "complement", ()):
            ct: Any = units.get(cc) or ground.get(cc)
            if ct is not None and _class_of(ct) == cls:
                have += n
        if have < want:
            out.append(f"must carry at least {want} {cls}, carries {have}")
    return out


def check_constraints(units: dict[str, UnitType], ground: dict[str, GroundUnitType],
                      facilities: dict[str, FacilityType], entries: list[dict[str, Any]] | None = None) -> None:
    """Check every constraint (or ``entries``); raise DataError naming the first one that fails,
    with its source and every failed check."""
    for c in constraints() if entries is None else entries:
        bad = breaches(c, units, ground, facilities)
        if bad:
            raise DataError(f"constraint {c.get('id', '?')} ({c.get('unit')}; {c.get('source', 'the text')}) "
                            f"fails: {'; '.join(bad)}")
    if entries is None:
        for e in exclusives():
            bad = exclusive_breaches(e, units, ground, facilities)
            if bad:
                raise DataError(f"constraint {e.get('id', '?')} ({e.get('source', 'the text')}) fails: {'; '.join(bad)}")
