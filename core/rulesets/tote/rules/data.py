"""Twilight of the Empire's unit data (TOTE-DATA-01..04), read once from ``data/*.toml`` through
:mod:`core.packaged` and checked at load time: a bad entry fails the load naming its file and its
entry, and a failing text constraint (TOTE-DATA-02, ``data/constraints.toml``) names itself.

- ``weapons()``: the weapon damage chart (TOTE-WPN-02..21), code -> :class:`Weapon`.
- ``unit_types()``: every starship, auxiliary craft, starfighter squadron and platform, code ->
  :class:`UnitType` (codes such as ``ISD``, ``ISD2``, ``CORV``, ``XWING``, ``LAMBDA``, ``GAMMA``).
- ``ground_types()``: infantry, ground assault vehicles and airspeeders -> :class:`GroundUnitType`.
- ``facility_types()``: facilities and planetary weapons -> :class:`FacilityType`.
- ``resolve(code)``: the canonical code of a code or the text's spelling ("ISD-II" -> "ISD2").

All numbers are whole; the one fraction (a hyperdrive class of 0.5) is a ``Fraction``, never a float.
"""
from __future__ import annotations

from fractions import Fraction
from functools import cache
from typing import Any

from core.errors import DataError
from core.packaged import packaged_toml
from core.rulesets.tote.rules.constraints import check_constraints
from core.rulesets.tote.rules.specs import (
    FACILITY_KINDS,
    GROUND_CLASSES,
    MULTS,
    POOLS,
    TECH,
    TRACTOR_M,
    UNIT_CLASSES,
    UNIT_FLAGS,
    FacilityType,
    GroundUnitType,
    Mount,
    UnitType,
    Weapon,
)

__all__ = ["FACILITY_KINDS", "GROUND_CLASSES", "MULTS", "POOLS", "TECH", "TRACTOR_M", "UNIT_CLASSES", "UNIT_FLAGS",
           "DataError", "FacilityType", "GroundUnitType", "Mount", "UnitType", "Weapon", "aliases", "any_type",
           "facility_types", "ground_types", "parse_mount", "resolve", "room_of", "stock_sf", "unit_types", "weapons"]

PACKAGE = "core.rulesets.tote"


def _read(name: str) -> dict[str, Any]:
    try:
        return packaged_toml(PACKAGE, "data", name)
    except Exception as e:  # a broken install or bad TOML: say which file
        raise DataError(f"data/{name}: {e}") from e


def _int(where: str, raw: dict[str, Any], key: str, default: int | None = None, minimum: int = 0) -> int:
    v = raw.get(key, default)
    if isinstance(v, bool) or not isinstance(v, int) or v < minimum:
        raise DataError(f"{where}: {key} must be a whole number of at least {minimum}, not {v!r}")
    return v


def _str(where: str, raw: dict[str, Any], key: str) -> str:
    v = raw.get(key)
    if not isinstance(v, str) or not v.strip():
        raise DataError(f"{where}: {key} must be a non-empty text, not {v!r}")
    return v


def _tech(where: str, raw: dict[str, Any]) -> tuple[str, ...]:
    tags = raw.get("tech", [])
    if not isinstance(tags, list) or not tags or any(t not in TECH for t in tags):
        raise DataError(f"{where}: tech must be a non-empty list of {', '.join(TECH)}; got {tags!r}")
    return tuple(tags)


def _flags(where: str, raw: dict[str, Any]) -> frozenset[str]:
    fl = raw.get("flags", [])
    if not isinstance(fl, list) or any(f not in UNIT_FLAGS for f in fl):
        raise DataError(f"{where}: flags must be a list of {', '.join(UNIT_FLAGS)}; got {fl!r}")
    return frozenset(fl)


def parse_mount(spec: str, chart: dict[str, Weapon], where: str = "mount") -> Mount:
    """A :class:`Mount` from its spelling ``CODE[xMULT]:COUNT`` (``"HTLB:10"``, ``"TLCx2:4"``,
    ``"LCx4:12"``). Raises DataError naming what was wrong and what would be right."""
    code, sep, count = str(spec).partition(":")
    mult = 1
    if "x" in code:
        code, _, m = code.partition("x")
        if not m.isdigit() or int(m) not in MULTS:
            raise DataError(f"{where}: {spec!r}: the multiplier after 'x' must be 2 (Dual) or 4 (Quad)")
        mult = int(m)
    if code not in chart:
        raise DataError(f"{where}: {spec!r}: unknown weapon {code!r}; weapons: {', '.join(chart)}")
    if not sep or not count.isdigit() or int(count) < 1:
        raise DataError(f"{where}: {spec!r}: write CODE[x2|x4]:COUNT with a count of at least 1")
    return Mount(chart[code], mult, int(count))


def _mounts(where: str, raw: dict[str, Any], chart: dict[str, Weapon]) -> tuple[Mount, ...]:
    specs = raw.get("weapons", [])
    if not isinstance(specs, list):
        raise DataError(f"{where}: weapons must be a list of 'CODE[xMULT]:COUNT'")
    return tuple(parse_mount(s, chart, where) for s in specs)


def _hyperdrive(where: str, raw: dict[str, Any]) -> Fraction | None:
    v = raw.get("hyperdrive")
    if v is None:
        return None
    if isinstance(v, bool) or not isinstance(v, (int, str)):
        raise DataError(f"{where}: hyperdrive must be a whole class or a text such as \"0.5\", not {v!r}")
    try:
        f = Fraction(v)
    except (ValueError, ZeroDivisionError) as e:
        raise DataError(f"{where}: hyperdrive {v!r} is not a number") from e
    if f <= 0:
        raise DataError(f"{where}: hyperdrive class must be above 0, not {v!r}")
    return f


@cache
def weapons() -> dict[str, Weapon]:
    """The weapon damage chart (TOTE-WPN-02..21), by code. Raises DataError on a bad entry."""
    out: dict[str, Weapon] = {}
    for code, raw in _read("units.toml").get("weapon", {}).items():
        where = f"data/units.toml, weapon {code!r}"
        pool = raw.get("pool")
        if pool not in POOLS:
            raise DataError(f"{where}: pool must be one of {POOLS}, not {pool!r}")
        out[code] = Weapon(code, _str(where, raw, "name"), _int(where, raw, "raw", minimum=1), pool,
                           bool(raw.get("warhead", False)), bool(raw.get("planetary", False)))
    return out


def _unit(code: str, raw: dict[str, Any], chart: dict[str, Weapon]) -> UnitType:
    where = f"data/units.toml, unit {code!r}"
    cls = raw.get("class")
    if cls not in UNIT_CLASSES:
        raise DataError(f"{where}: class must be one of {UNIT_CLASSES}, not {cls!r}")
    comp = raw.get("complement", {})
    if not isinstance(comp, dict) or any(not isinstance(n, int) or isinstance(n, bool) or n < 1 for n in comp.values()):
        raise DataError(f"{where}: complement must be a table of CODE = count (at least 1)")
    atmo = raw.get("atmo_mod", -1)
    if isinstance(atmo, bool) or not isinstance(atmo, int):
        raise DataError(f"{where}: atmo_mod must be a whole number (-1, 0 or +1), not {atmo!r}")
    craft = cls in ("sf", "aux")
    hull = _int(where, raw, "hull", 0)
    if craft and hull:
        raise DataError(f"{where}: an SF squadron or AUX craft has no hull (TOTE-GAP-14); leave hull out")
    if not craft and hull < 1:
        raise DataError(f"{where}: a {cls} needs a hull of at least 1")
    u = UnitType(
        code=code, name=_str(where, raw, "name"), cls=cls, tech=_tech(where, raw),
        speed=_int(where, raw, "speed"), maneuver=_int(where, raw, "maneuver"),
        shields=_int(where, raw, "shields"), armor=_int(where, raw, "armor", minimum=1), hull=hull,
        length_m=_int(where, raw, "length_m", minimum=1), mounts=_mounts(where, raw, chart),
        hyperdrive=_hyperdrive(where, raw), cp=_int(where, raw, "cp"), cost_kc=_int(where, raw, "cost_kc"),
        tractor_projectors=_int(where, raw, "tractor_projectors", 0),
        tractor_m_each=_int(where, raw, "tractor_m_each", TRACTOR_M[cls]),
        hangar_slots=_int(where, raw, "hangar_slots", 0), complement=tuple(sorted(comp.items())),
        troop_capacity=_int(where, raw, "troop_capacity", 0), room_size=_int(where, raw, "room_size", 1, minimum=1),
        flags=_flags(where, raw), atmo_mod=atmo, industrial_output_kc=_int(where, raw, "industrial_output_kc", 0),
        text=str(raw.get("text", "")),
    )
    if craft and u.cp != 1:
        raise DataError(f"{where}: every SF squadron and AUX craft has CP 1 (TOTE-CP-04), not {u.cp}")
    if cls == "platform" and (u.speed != 0 or u.cp != 0):
        raise DataError(f"{where}: a platform has speed 0 and uses no CP (TOTE-GAP-18)")
    if cls == "capital" and u.cp < 1:
        raise DataError(f"{where}: a capital ship's CP is its build days, at least 1 (TOTE-CP-01)")
    return u


def _ground(code: str, raw: dict[str, Any], chart: dict[str, Weapon]) -> GroundUnitType:
    where = f"data/ground_units.toml, unit {code!r}"
    cls = raw.get("class")
    if cls not in GROUND_CLASSES:
        raise DataError(f"{where}: class must be one of {GROUND_CLASSES}, not {cls!r}")
    can_air = bool(raw.get("can_fire_air", False))
    if can_air and cls == "infantry":
        raise DataError(f"{where}: infantry never fire at the Air layer (TOTE-S2A-01)")
    atmo = raw.get("atmo_mod", -1)
    if isinstance(atmo, bool) or not isinstance(atmo, int):
        raise DataError(f"{where}: atmo_mod must be a whole number")
    return GroundUnitType(
        code=code, name=_str(where, raw, "name"), cls=cls, tech=_tech(where, raw),
        speed=_int(where, raw, "speed"), maneuver=_int(where, raw, "maneuver"), hp=_int(where, raw, "hp", minimum=1),
        mounts=_mounts(where, raw, chart), room_size=_int(where, raw, "room_size", 1, minimum=1), can_fire_air=can_air,
        cost_kc=_int(where, raw, "cost_kc"), build_days=_int(where, raw, "build_days", minimum=1),
        scuttle_raw=_int(where, raw, "scuttle_raw", 0), flags=_flags(where, raw), atmo_mod=atmo,
        text=str(raw.get("text", "")),
    )


def _facility(code: str, raw: dict[str, Any], chart: dict[str, Weapon]) -> FacilityType:
    where = f"data/facilities.toml, facility {code!r}"
    kind = raw.get("kind")
    if kind not in FACILITY_KINDS:
        raise DataError(f"{where}: kind must be one of {FACILITY_KINDS}, not {kind!r}")
    gar = raw.get("garrison", {})
    if not isinstance(gar, dict) or any(k not in ("INF", "GAV", "SF") or not isinstance(n, int) or n < 0
                                        for k, n in gar.items()):
        raise DataError(f"{where}: garrison must be a table of INF / GAV / SF = count")
    cov = raw.get("scan_coverage", [])
    if not isinstance(cov, list) or any(c not in ("dsz", "c_ring", "b_ring", "a_ring", "atmosphere", "ground") for c in cov):
        raise DataError(f"{where}: scan_coverage lists kinds of space (dsz, c_ring, b_ring, a_ring, atmosphere, ground)")
    f = FacilityType(
        code=code, name=_str(where, raw, "name"), kind=kind, shields=_int(where, raw, "shields"),
        armor=_int(where, raw, "armor", minimum=1), hull=_int(where, raw, "hull", minimum=1),
        defensive_ucr=_int(where, raw, "defensive_ucr", minimum=1), garrison=tuple(sorted(gar.items())),
        houses_rgf=bool(raw.get("houses_rgf", False)), mounts=_mounts(where, raw, chart),
        cost_kc=_int(where, raw, "cost_kc"), build_days=_int(where, raw, "build_days"),
        industrial_output_kc=_int(where, raw, "industrial_output_kc", 0), scan_coverage=tuple(cov),
        flags=_flags(where, raw), text=str(raw.get("text", "")),
    )
    if kind == "planetary_weapon" and not any(m.weapon.planetary for m in f.mounts):
        raise DataError(f"{where}: a planetary weapon emplacement mounts a PTLC or a PIC")
    if ("comscan" in f.flags) != bool(f.scan_coverage):
        raise DataError(f"{where}: a ComScan suite (flag comscan) needs a scan_coverage, and only it has one")
    return f


@cache
def unit_types() -> dict[str, UnitType]:
    """Every starship, AUX, SF squadron and platform by code, checked (complements name known
    units and fit their room; TOTE-DATA-02 constraints hold). Raises DataError naming the entry."""
    chart = weapons()
    units = {code: _unit(code, raw, chart) for code, raw in _read("units.toml").get("unit", {}).items()}
    _check_complements(units, ground_types())
    check_constraints(units, ground_types(), facility_types())
    return units


@cache
def ground_types() -> dict[str, GroundUnitType]:
    """Infantry, GAV and airspeeders by code (TOTE-DATA-03). Raises DataError on a bad entry."""
    chart = weapons()
    return {code: _ground(code, raw, chart) for code, raw in _read("ground_units.toml").get("unit", {}).items()}


@cache
def facility_types() -> dict[str, FacilityType]:
    """Facilities and planetary weapon emplacements by code (TOTE-DATA-04). Raises DataError."""
    chart = weapons()
    return {code: _facility(code, raw, chart) for code, raw in _read("facilities.toml").get("facility", {}).items()}


@cache
def stock_sf() -> dict[str, str]:
    """Each technology's stock starfighter squadron (what fills a Sigma platform's hangar and a
    Reserve Guard Force's one squadron), tech tag -> SF code. Raises DataError on a bad entry."""
    table = _read("units.toml").get("stock_sf", {})
    units = unit_types()
    for tag in TECH:
        code = table.get(tag)
        t = units.get(str(code))
        if t is None or t.cls != "sf" or not t.stock:
            raise DataError(f"data/units.toml, stock_sf.{tag}: must name a stock SF squadron, not {code!r}")
    return {tag: str(table[tag]) for tag in TECH}


@cache
def aliases() -> dict[str, str]:
    """The text's spellings of unit codes (upper case) -> canonical code ("ISD-II" -> "ISD2")."""
    out = {str(k).upper(): str(v) for k, v in _read("units.toml").get("aliases", {}).items()}
    for code in (*unit_types(), *ground_types(), *facility_types()):
        out.setdefault(code.upper(), code)
    return out


def resolve(code: str) -> str:
    """The canonical code for ``code`` (any case, the text's hyphenated spellings too). Raises
    KeyError with the known codes when there is none."""
    key = str(code).strip().upper()
    table = aliases()
    if key not in table:
        raise KeyError(f"no unit type {code!r}; known: {', '.join(sorted(set(table.values())))}")
    return table[key]


def any_type(code: str) -> UnitType | GroundUnitType | FacilityType:
    """The unit, ground unit or facility type named ``code`` (resolved). Raises KeyError."""
    c = resolve(code)
    for table in (unit_types(), ground_types(), facility_types()):
        if c in table:
            return table[c]
    raise KeyError(c)  # unreachable: resolve only returns known codes


def room_of(code: str) -> int:
    """The room a unit takes in a hangar or troop bay (TOTE-STOCK-06). Raises KeyError."""
    t = any_type(code)
    if isinstance(t, FacilityType):
        raise KeyError(f"{code} is a facility, not something carried")
    return t.room_size


def _check_complements(units: dict[str, UnitType], ground: dict[str, GroundUnitType]) -> None:
    for code, u in units.items():
        where = f"data/units.toml, unit {code!r}"
        hangar = troops = 0
        for c, n in u.complement:
            if c in units and units[c].is_craft:
                hangar += units[c].room_size * n
            elif c in ground:
                troops += ground[c].room_size * n
            else:
                raise DataError(f"{where}: complement {c!r} is neither an SF/AUX craft nor a ground unit")
        if hangar > u.hangar_slots:
            raise DataError(f"{where}: its complement takes {hangar} hangar slots but it has {u.hangar_slots}")
        if troops > u.troop_capacity:
            raise DataError(f"{where}: its complement takes {troops} troop room but it has {u.troop_capacity}")
