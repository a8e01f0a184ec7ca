"""The shapes of Twilight of the Empire's data (TOTE-DATA-01..04): the weapon chart line, a weapon
mount, and the frozen types of a starship, a ground unit and a facility, with the numbers the
rules derive from them (UCR, Systems, Crew, tractor metres, damage pools, hyperspace hours).
:mod:`.data` reads and checks the files into these; everything else imports them from there.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from core.rulesets.tote.rules import arith

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
