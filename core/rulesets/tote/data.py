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

from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from typing import Any

from core.packaged import packaged_toml
from core.rulesets.tote import arith

PACKAGE = "core.rulesets.tote"

UNIT_CLASSES = ("capital", "aux", "sf", "platform")
GROUND_CLASSES = ("infantry", "gav", "airspeeder")
FACILITY_KINDS = ("command_center", "palace", "shipyard", "factory", "comscan", "garrison", "planetary_weapon")
POOLS = ("standard", "ion", "ptlc", "pic")
#: Technology tags (TOTE-DATA-08).
TECH = ("imperial", "venator", "vsd1", "rebel", "republic", "independent", "tf", "hutt", "hapan", "orc")
UNIT_FLAGS = ("atmosphere_capable", "can_land", "bombing_run", "orbital_bombardment", "interdictor", "can_scan",
              "comscan", "facility_infiltration", "landing_barge", "swarm_eligible", "elite", "stock", "bonus_only")
#: Multipliers of a mount: 1, Dual (x2, TOTE-WPN-22) or Quad (x4, TOTE-WPN-23).
MULTS = {1: "", 2: "Dual ", 4: "Quad "}
#: Default control per tractor projector (TOTE-TRACTOR-02/03).
TRACTOR_M = {"capital": 100, "platform": 100, "aux": 25, "sf": 25}


class DataError(ValueError):
    """A tote data file (or a constraint the text sets on it) is not as it must be."""


@dataclass(frozen=True)
class Weapon:
    """One line of the weapon damage chart: raw damage per mount per round, before UCR.

    ``pool`` is the damage routing (TOTE-GAP-12): ``standard`` (Shields, Armor, Hull), ``ion``
    (Shields, Systems, Hull; TOTE-DMG-01), ``ptlc`` (Armor, Hull; TOTE-DMG-06) or ``pic`` (Systems,
    Hull; TOTE-DMG-05). ``warhead`` marks missiles and torpedoes (bombing runs fire only these)."""

    code: str
    name: str
    raw: int
    pool: str
    warhead: bool = False
    planetary: bool = False


@dataclass(frozen=True)
class Mount:
    """``count`` mounts of one weapon, single, Dual (mult 2) or Quad (mult 4): ``"TLCx2:4"``."""

    weapon: Weapon
    mult: int
    count: int

    @property
    def raw_each(self) -> int:
        """Raw damage of one mount (base x mult, TOTE-WPN-22/23)."""
        return self.weapon.raw * self.mult

    @property
    def raw(self) -> int:
        """Raw damage of all ``count`` mounts together."""
        return self.raw_each * self.count

    @property
    def label(self) -> str:
        """The mount in words, e.g. ``4 x Dual Turbolaser Cannon (TLC, 16 each)``."""
        return f"{self.count} x {MULTS[self.mult]}{self.weapon.name} ({self.weapon.code}, {self.raw_each} each)"

    @property
    def spec(self) -> str:
        """The data spelling ``CODE[xMULT]:COUNT``."""
        return f"{self.weapon.code}{'x' + str(self.mult) if self.mult > 1 else ''}:{self.count}"


def _pools(mounts: tuple[Mount, ...]) -> dict[str, int]:
    out = {p: 0 for p in POOLS}
    for m in mounts:
        out[m.weapon.pool] += m.raw
    return out


@dataclass(frozen=True)
class UnitType:
    """A starship, auxiliary craft, starfighter squadron or space platform (TOTE-DATA-01).

    SF and AUX have no hull and no systems (TOTE-GAP-14: ``hull`` 0); platforms are immobile
    (speed 0) capital-like targets that use no CP (TOTE-GAP-18). ``complement`` is the stock units
    that come aboard, free, when it is built (TOTE-STOCK-01): SF/AUX room counts against
    ``hangar_slots``, ground units' room against ``troop_capacity`` (TOTE-STOCK-06)."""

    code: str
    name: str
    cls: str
    tech: tuple[str, ...]
    speed: int
    maneuver: int
    shields: int
    armor: int
    hull: int
    length_m: int
    mounts: tuple[Mount, ...]
    hyperdrive: Fraction | None
    cp: int
    cost_kc: int
    tractor_projectors: int = 0
    tractor_m_each: int = 100
    hangar_slots: int = 0
    complement: tuple[tuple[str, int], ...] = ()
    troop_capacity: int = 0
    room_size: int = 1
    flags: frozenset[str] = frozenset()
    atmo_mod: int = -1
    industrial_output_kc: int = 0
    text: str = ""

    @property
    def ucr(self) -> int:
        """Base UCR = speed + maneuverability (TOTE-UCR-01)."""
        return arith.base_ucr(self.speed, self.maneuver)

    @property
    def is_capital(self) -> bool:
        """A capital ship (counts against the 7-ship cap, TOTE-CP-03). Platforms are not."""
        return self.cls == "capital"

    @property
    def is_craft(self) -> bool:
        """A starfighter squadron or an auxiliary craft (CP 1, TOTE-CP-04)."""
        return self.cls in ("sf", "aux")

    @property
    def systems(self) -> int:
        """Systems = length / 2 rounded up for capital ships and platforms (TOTE-DMG-03,
        TOTE-GAP-15, TOTE-GAP-18); 0 for SF and AUX (TOTE-DMG-04)."""
        return arith.ceil_div(self.length_m, 2) if self.cls in ("capital", "platform") else 0

    @property
    def crew(self) -> int:
        """Crew = length / 10 stock infantry squads, rounded up (TOTE-DISABLE-07, TOTE-GAP-15);
        0 for SF and AUX."""
        return arith.ceil_div(self.length_m, 10) if self.cls in ("capital", "platform") else 0

    @property
    def tractor_m(self) -> int:
        """Tractor control of all projectors at full quotient, in metres (TOTE-TRACTOR-02/03)."""
        return self.tractor_projectors * self.tractor_m_each

    @property
    def build_days(self) -> int:
        """Days to build: a capital ship's CP (TOTE-CP-01), 1 for SF and AUX (TOTE-GAP-34), 0 for a
        platform (never built)."""
        return self.cp if self.is_capital else (1 if self.is_craft else 0)

    def hyper_hours(self, route_hours: int) -> int:
        """Hours in hyperspace for a trip of ``route_hours``: times the hyperdrive class, rounded up
        to whole hours (TOTE-GAP-06: class 2 doubles, class 1/2 halves). Raises ValueError for a
        unit without a hyperdrive (it jumps only carried or fully tractored)."""
        if self.hyperdrive is None:
            raise ValueError(f"{self.name} ({self.code}) has no hyperdrive; it jumps only aboard a carrier or in tow")
        h = arith.ceil_div(route_hours * self.hyperdrive.numerator, self.hyperdrive.denominator)
        return h

    @property
    def escort_capable(self) -> bool:
        """An SF squadron or AUX craft with a hyperdrive may be a Fleet Escort (TOTE-ESC-01)."""
        return self.is_craft and self.hyperdrive is not None

    @property
    def stock(self) -> bool:
        """Built free as a complement and worth 0 when scrapped (TOTE-STOCK-01, TOTE-GAP-58)."""
        return "stock" in self.flags

    @property
    def raw_by_pool(self) -> dict[str, int]:
        """Raw damage of all mounts per routing pool (standard, ion, ptlc, pic)."""
        return _pools(self.mounts)

    @property
    def warhead_raw(self) -> int:
        """Raw damage of the warhead mounts alone (a bombing run's damage, TOTE-BOMB-02)."""
        return sum(m.raw for m in self.mounts if m.weapon.warhead)

    def has(self, flag: str) -> bool:
        """Whether the unit carries ``flag`` (e.g. ``orbital_bombardment``)."""
        return flag in self.flags


@dataclass(frozen=True)
class GroundUnitType:
    """Infantry squad, ground assault vehicle (GAV) or airspeeder (TOTE-DATA-03).

    ``hp`` is one unit's damage pool (stacks lose ``dmg // hp`` units, TOTE-GAP-25); ``room_size``
    counts against a ship's ``troop_capacity`` or a facility's garrison (TOTE-STOCK-06)."""

    code: str
    name: str
    cls: str
    tech: tuple[str, ...]
    speed: int
    maneuver: int
    hp: int
    mounts: tuple[Mount, ...]
    room_size: int
    can_fire_air: bool
    cost_kc: int
    build_days: int
    scuttle_raw: int = 0
    flags: frozenset[str] = frozenset()
    atmo_mod: int = -1
    text: str = ""

    @property
    def ucr(self) -> int:
        """Base UCR = speed + maneuverability (TOTE-UCR-01, TOTE-UCR-05)."""
        return arith.base_ucr(self.speed, self.maneuver)

    @property
    def stock(self) -> bool:
        """A stock unit (TOTE-STOCK-01)."""
        return "stock" in self.flags

    @property
    def raw_by_pool(self) -> dict[str, int]:
        """Raw damage of one unit's mounts per routing pool."""
        return _pools(self.mounts)

    def has(self, flag: str) -> bool:
        """Whether the unit carries ``flag`` (e.g. ``facility_infiltration``)."""
        return flag in self.flags


@dataclass(frozen=True)
class FacilityType:
    """A ground facility or planetary weapon emplacement (TOTE-DATA-04).

    Attacks on it use ``defensive_ucr`` as the defender's UCR (TOTE-GARRISON-03); it is DISABLED at
    Armor 0 and destroyed at Hull 0 (TOTE-GAP-18). ``garrison`` is how many of each category
    (``INF``, ``GAV``, ``SF``) it houses; ``houses_rgf`` lets a Reserve Guard Force stand in its grid
    (TOTE-RGF-01/03). ``scan_coverage`` lists the kinds of space a ComScan suite sees."""

    code: str
    name: str
    kind: str
    shields: int
    armor: int
    hull: int
    defensive_ucr: int
    garrison: tuple[tuple[str, int], ...]
    houses_rgf: bool
    mounts: tuple[Mount, ...]
    cost_kc: int
    build_days: int
    industrial_output_kc: int = 0
    scan_coverage: tuple[str, ...] = ()
    flags: frozenset[str] = frozenset()
    text: str = ""

    @property
    def ucr(self) -> int:
        """The facility's Defensive UCR (TOTE-GARRISON-03)."""
        return self.defensive_ucr

    @property
    def raw_by_pool(self) -> dict[str, int]:
        """Raw damage of its weapons per routing pool (a PTLC emplacement: 300 ptlc)."""
        return _pools(self.mounts)

    def has(self, flag: str) -> bool:
        """Whether the facility carries ``flag`` (e.g. ``comscan``, ``bonus_only``)."""
        return flag in self.flags


# -- loading ------------------------------------------------------------------------------------

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
    from core.rulesets.tote.constraints import check_constraints  # noqa: PLC0415 (checks read these types)
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
            return table[c]  # type: ignore[return-value]
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
