"""The Weapon Damage Chart and the raw damage of a volley (TOTE-WPN-01..23, TOTE-WARHEAD-01/02,
TOTE-GAP-12, TOTE-EX-15).

The chart is data (``data/weapon_chart.toml``, transcribed exactly from the text). A weapon
mount is written ``CODE[xMULT][:COUNT]`` as in the unit data (TOTE-DATA-01): ``TLCx2:2`` is two
Dual Turbolaser Cannons (2 x 16 = 32 raw), ``LCx4`` one Quad Laser Cannon (4 raw). A volley's raw
damage is summed per routing pool (TOTE-GAP-12): ``ion``, ``standard``, ``bombing``, ``ptlc`` and
``pic``, applied in that order. Warheads are unlimited (TOTE-WARHEAD-01) and feed the standard
pool, or the shield-bypassing bombing pool on a Bombing Run (TOTE-BOMB-02). Every weapon's damage
is mandatory (TOTE-WPN-01): nothing here lets a firer reduce it, except the planetary scale-back
of TOTE-DMG-07, which is a percentage applied in :mod:`.damage`.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from core.packaged import packaged_toml

#: The routing pools of TOTE-GAP-12, in the order an attacker's pools are applied.
POOL_ORDER: tuple[str, ...] = ("ion", "standard", "bombing", "ptlc", "pic")
KINDS = ("laser", "ion", "warhead")
ROUTES = ("standard", "ion", "ptlc", "pic")


class WeaponError(ValueError):
    """A weapon code or mount that the chart does not know; the message says what would be right."""


@dataclass(frozen=True)
class ChartWeapon:
    """One line of the Weapon Damage Chart: code, name, raw damage, kind and routing pool."""

    code: str
    name: str
    raw: int
    kind: str
    route: str
    planetary: bool = False


@dataclass(frozen=True)
class Mount:
    """``count`` weapons of chart ``code`` at multiplier ``mult`` (1, 2 Dual, 4 Quad)."""

    code: str
    mult: int = 1
    count: int = 1

    @property
    def label(self) -> str:
        """How the mount reads to a player: ``2 Dual TLC``, ``Quad LC``, ``12 HTLB``."""
        prefix = chart_prefixes()[self.mult]
        name = f"{prefix} {self.code}".strip()
        return name if self.count == 1 else f"{self.count} {name}"


@dataclass(frozen=True)
class Chart:
    """The whole chart: weapons by code and the multiplier names."""

    weapons: dict[str, ChartWeapon]
    prefixes: dict[int, str]


@lru_cache(maxsize=1)
def chart_data() -> Chart:
    """The Weapon Damage Chart, read and checked once. Raises WeaponError naming a bad entry."""
    raw = packaged_toml(__package__, "data", "weapon_chart.toml")
    prefixes = {int(k): str(v) for k, v in raw.get("mult", {}).items()}
    if prefixes != {1: "", 2: "Dual", 4: "Quad"}:
        raise WeaponError(f"weapon_chart.toml: [mult] must be 1 = '', 2 = 'Dual', 4 = 'Quad', not {prefixes}")
    weapons: dict[str, ChartWeapon] = {}
    for code, entry in raw.get("weapon", {}).items():
        where = f"weapon_chart.toml, weapon {code!r}"
        value = entry.get("raw")
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise WeaponError(f"{where}: raw must be a whole number of at least 1, not {value!r}")
        if entry.get("kind") not in KINDS or entry.get("route") not in ROUTES:
            raise WeaponError(f"{where}: kind must be one of {KINDS} and route one of {ROUTES}")
        weapons[code] = ChartWeapon(code, str(entry["name"]), value, str(entry["kind"]), str(entry["route"]),
                                    bool(entry.get("planetary", False)))
    if not weapons:
        raise WeaponError("weapon_chart.toml holds no weapons")
    return Chart(weapons, prefixes)


def chart() -> dict[str, ChartWeapon]:
    """The chart's weapons by code (``"TLC"`` -> Turbolaser Cannon, raw 8)."""
    return chart_data().weapons


def chart_prefixes() -> dict[int, str]:
    """Multiplier -> its name on the chart: 1 -> '', 2 -> 'Dual', 4 -> 'Quad'."""
    return chart_data().prefixes


def weapon(code: str) -> ChartWeapon:
    """The chart line of ``code``. Raises WeaponError listing the known codes."""
    found = chart().get(code.upper())
    if found is None:
        raise WeaponError(f"no weapon {code!r} on the Weapon Damage Chart; known: {', '.join(chart())}")
    return found


def raw_damage(code: str, mult: int = 1) -> int:
    """Raw damage of one mount of ``code`` (TOTE-WPN-02..21), doubled for Dual and quadrupled for
    Quad (TOTE-WPN-22/23). Raises WeaponError for an unknown code or a multiplier other than 1, 2, 4."""
    if mult not in chart_prefixes():
        raise WeaponError(f"a weapon multiplier is 1, 2 (Dual) or 4 (Quad), not {mult!r}")
    return weapon(code).raw * mult


def parse_mount(text: str) -> Mount:
    """A mount from its data form ``CODE[xMULT][:COUNT]`` (``TLCx2:2``, ``PT:12``, ``LCx4``).

    Raises WeaponError quoting the text when the code, multiplier or count is not valid.
    """
    spec = text.strip()
    head, _, count_text = spec.partition(":")
    code, _, mult_text = head.partition("x")
    try:
        mult = int(mult_text) if mult_text else 1
        count = int(count_text) if count_text else 1
    except ValueError:
        raise WeaponError(f"weapon mount {text!r}: write CODE[xMULT][:COUNT], e.g. TLCx2:2") from None
    if count < 1:
        raise WeaponError(f"weapon mount {text!r}: the count must be at least 1")
    raw_damage(code, mult)  # validates code and multiplier
    return Mount(code.upper(), mult, count)


def as_mount(item: Any) -> Mount:
    """A :class:`Mount` from a mount, its text, a ``(code, mult, count)`` tuple, or any object with
    ``code``/``mult``/``count`` attributes (the unit data's weapon entries). Raises WeaponError."""
    if isinstance(item, Mount):
        raw_damage(item.code, item.mult)
        return item
    if isinstance(item, str):
        return parse_mount(item)
    if isinstance(item, tuple):
        code, mult, count = (list(item) + [1, 1])[:3]
        mount = Mount(str(code).upper(), int(mult), int(count))
    else:
        mount = Mount(str(getattr(item, "code")).upper(), int(getattr(item, "mult", 1)), int(getattr(item, "count", 1)))
    if mount.count < 1:
        raise WeaponError(f"weapon mount {mount.code}: the count must be at least 1")
    raw_damage(mount.code, mount.mult)
    return mount


def mount_raw(mount: Mount) -> int:
    """Raw damage of a whole mount: count x chart value x multiplier (TOTE-EX-15)."""
    return mount.count * raw_damage(mount.code, mount.mult)


def pool_of(code: str, bombing_run: bool = False) -> str:
    """The routing pool a weapon feeds (TOTE-GAP-12): warheads go to ``bombing`` on a Bombing Run
    (TOTE-BOMB-02) and to ``standard`` otherwise. Raises WeaponError for an unknown code."""
    w = weapon(code)
    if w.kind == "warhead" and bombing_run:
        return "bombing"
    return w.route


def is_warhead(code: str) -> bool:
    """Whether ``code`` is a warhead (CM, ACM, PT, APT): unlimited, never reloaded (TOTE-WARHEAD-01)."""
    return weapon(code).kind == "warhead"


def is_ion(code: str) -> bool:
    """Whether ``code`` is an ion weapon (LIC, IC, HIC, IB, HIB, PIC)."""
    return weapon(code).kind == "ion"


def is_planetary(code: str) -> bool:
    """Whether ``code`` is a planetary weapon (PTLC, PIC), which may be scaled back (TOTE-DMG-07)."""
    return weapon(code).planetary


def raw_pools(mounts: Iterable[Any], bombing_run: bool = False) -> dict[str, int]:
    """The raw damage of a volley, summed per routing pool (TOTE-GAP-12), pools with 0 left out,
    in :data:`POOL_ORDER`. ``bombing_run`` fires warheads only (TOTE-BOMB-03): any other weapon in
    the volley raises WeaponError. Raises WeaponError for an unknown mount."""
    sums: dict[str, int] = {}
    for item in mounts:
        mount = as_mount(item)
        if bombing_run and not is_warhead(mount.code):
            raise WeaponError(f"a Bombing Run fires warheads only; {mount.label} cannot fire that round")
        pool = pool_of(mount.code, bombing_run)
        sums[pool] = sums.get(pool, 0) + mount_raw(mount)
    return {p: sums[p] for p in POOL_ORDER if sums.get(p)}


def warheads(mounts: Iterable[Any]) -> list[Mount]:
    """The warhead mounts of a loadout (what a Bombing Run may fire)."""
    return [m for m in (as_mount(i) for i in mounts) if is_warhead(m.code)]
