"""The Weapon Damage Chart and the raw damage of a volley (TOTE-WPN-01..23, TOTE-WARHEAD-01/02,
TOTE-GAP-12, TOTE-EX-15).

The chart is data (``data/units.toml``, section ``weapon``, read by :mod:`.data`; transcribed
exactly from the text). A weapon
mount is written ``CODE[xMULT][:COUNT]`` as in the unit data (TOTE-DATA-01): ``TLCx2:2`` is two
Dual Turbolaser Cannons (2 x 16 = 32 raw), ``LCx4`` one Quad Laser Cannon (4 raw). A volley's raw
damage is summed per routing pool (TOTE-GAP-12): ``ion``, ``standard``, ``bombing``, ``ptlc`` and
``pic``, applied in that order. Warheads are unlimited (TOTE-WARHEAD-01) and feed the standard
pool, or the shield-bypassing bombing pool on a Bombing Run (TOTE-BOMB-02). Every weapon's damage
is mandatory (TOTE-WPN-01): nothing here lets a firer reduce it, except the planetary scale-back
of TOTE-DMG-07, which is a percentage applied in :mod:`.damage`.
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from core.rulesets.tote.rules import data
from core.rulesets.tote.rules.data import Mount, Weapon

#: The routing pools of TOTE-GAP-12, in the order an attacker's pools are applied.
POOL_ORDER: tuple[str, ...] = ("ion", "standard", "bombing", "ptlc", "pic")
#: Multiplier -> its name on the chart (TOTE-WPN-22/23).
PREFIXES = {1: "", 2: "Dual", 4: "Quad"}


_MOUNT = re.compile(r"^([A-Za-z]+?)(?:[xX](\d+))?(?::(\d+))?$")


class WeaponError(ValueError):
    """A weapon code or mount that the chart does not know; the message says what would be right."""


def chart() -> dict[str, Weapon]:
    """The Weapon Damage Chart by code (``"TLC"`` -> Turbolaser Cannon, raw 8), as the unit data
    holds it (``data/units.toml``, section ``weapon``)."""
    return data.weapons()


def weapon(code: str) -> Weapon:
    """The chart line of ``code``. Raises WeaponError listing the known codes."""
    found = chart().get(str(code).upper())
    if found is None:
        raise WeaponError(f"no weapon {code!r} on the Weapon Damage Chart; known: {', '.join(chart())}")
    return found


def kind(code: str) -> str:
    """What a weapon is: ``warhead`` (CM, ACM, PT, APT), ``ion`` (LIC..HIB, PIC) or ``laser``."""
    w = weapon(code)
    if w.warhead:
        return "warhead"
    return "ion" if w.pool in ("ion", "pic") else "laser"


def raw_damage(code: str, mult: int = 1) -> int:
    """Raw damage of one mount of ``code`` (TOTE-WPN-02..21), doubled for Dual and quadrupled for
    Quad (TOTE-WPN-22/23). Raises WeaponError for an unknown code or a multiplier other than 1, 2, 4."""
    if mult not in PREFIXES:
        raise WeaponError(f"a weapon multiplier is 1, 2 (Dual) or 4 (Quad), not {mult!r}")
    return weapon(code).raw * mult


def label(mount: Mount) -> str:
    """How a mount reads to a player: ``2 Dual TLC``, ``Quad LC``, ``12 HTLB``."""
    name = f"{PREFIXES[mount.mult]} {mount.weapon.code}".strip()
    return name if mount.count == 1 else f"{mount.count} {name}"


def parse_mount(text: str) -> Mount:
    """A mount from its data form ``CODE[xMULT][:COUNT]`` (``TLCx2:2``, ``PT:12``, ``LCx4``).

    Raises WeaponError quoting the text when the code, multiplier or count is not valid.
    """
    m = _MOUNT.match(str(text).strip())
    if m is None:
        raise WeaponError(f"weapon mount {text!r}: write CODE[xMULT][:COUNT], e.g. TLCx2:2")
    code, mult, count = m.group(1).upper(), m.group(2), m.group(3) or "1"
    spec = f"{code}{'x' + mult if mult else ''}:{count}"
    try:
        return data.parse_mount(spec, chart(), "weapon mount")
    except data.DataError as e:
        raise WeaponError(str(e).replace("CODE[x2|x4]:COUNT", "CODE[xMULT][:COUNT], e.g. TLCx2:2")) from None


def as_mount(item: Any) -> Mount:
    """A :class:`Mount` from a mount, its text, or a ``(code, mult, count)`` tuple. Raises WeaponError."""
    if isinstance(item, Mount):
        return item
    if isinstance(item, str):
        return parse_mount(item)
    if isinstance(item, tuple):
        code, mult, count = (list(item) + [1, 1])[:3]
        if int(count) < 1:
            raise WeaponError(f"weapon mount {code}: the count must be at least 1")
        raw_damage(str(code), int(mult))
        return Mount(weapon(str(code)), int(mult), int(count))
    raise WeaponError(f"{item!r} is not a weapon mount; write CODE[xMULT][:COUNT], e.g. TLCx2:2")


def mount_raw(mount: Mount) -> int:
    """Raw damage of a whole mount: count x chart value x multiplier (TOTE-EX-15)."""
    return mount.raw


def pool_of(code: str, bombing_run: bool = False) -> str:
    """The routing pool a weapon feeds (TOTE-GAP-12): warheads go to ``bombing`` on a Bombing Run
    (TOTE-BOMB-02) and to ``standard`` otherwise. Raises WeaponError for an unknown code."""
    w = weapon(code)
    if w.warhead and bombing_run:
        return "bombing"
    return w.pool


def is_warhead(code: str) -> bool:
    """Whether ``code`` is a warhead (CM, ACM, PT, APT): unlimited, never reloaded (TOTE-WARHEAD-01)."""
    return weapon(code).warhead


def is_ion(code: str) -> bool:
    """Whether ``code`` is an ion weapon (LIC, IC, HIC, IB, HIB, PIC)."""
    return kind(code) == "ion"


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
        if bombing_run and not mount.weapon.warhead:
            raise WeaponError(f"a Bombing Run fires warheads only; {label(mount)} cannot fire that round")
        pool = pool_of(mount.weapon.code, bombing_run)
        sums[pool] = sums.get(pool, 0) + mount_raw(mount)
    return {p: sums[p] for p in POOL_ORDER if sums.get(p)}


def warheads(mounts: Iterable[Any]) -> list[Mount]:
    """The warhead mounts of a loadout (what a Bombing Run may fire)."""
    return [m for m in (as_mount(i) for i in mounts) if m.weapon.warhead]
