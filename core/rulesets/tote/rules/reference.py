"""The unit reference of Twilight of the Empire, from the ruleset's own data: every starship,
auxiliary craft, starfighter squadron, platform, ground unit, facility and planetary weapon, with
its code, technology, class, cost, capacity, flags and what it does in words (UCR, damage pools,
weapons, hyperdrive, tractors, complement and what each flag means in the rules).

Rows follow :meth:`core.ruleset.Ruleset.reference`. ``cost`` is the command points a starship
holds (TOTE-CP-01/04) and the KC price of a ground unit or facility (which hold no CP).
"""
from __future__ import annotations

from typing import Any

from core.rulesets.tote.rules.data import (
    FacilityType,
    GroundUnitType,
    Mount,
    UnitType,
    facility_types,
    ground_types,
    unit_types,
)

#: What each data flag means, in the rules' words.
FLAG_TEXT = {
    "atmosphere_capable": "may enter the Atmosphere (TOTE-ATMO-06)",
    "can_land": "may land on a ground grid's Surface",
    "bombing_run": "may make a Bombing Run: warheads only, past shields, at targets of equal or lower UCR (TOTE-BOMB-01..04)",
    "orbital_bombardment": "may bombard the ground grid below its A-Ring space, firing every weapon (TOTE-OB-01..05)",
    "interdictor": "holds every hostile ship in the system out of hyperspace (TOTE-TIME-07)",
    "can_scan": "may make active scans (TOTE-SCAN-03)",
    "comscan": "ComScan suite: scans from the ground (TOTE-SCAN-03)",
    "facility_infiltration": "enters facilities and fights their garrison as if uncovered (TOTE-GARRISON-05)",
    "landing_barge": "a landing barge: cannot deliver boarders (TOTE-BOARD-01)",
    "swarm_eligible": "may merge into a TIE Swarm of UCR 8 (TOTE-SWARM-01..03)",
    "elite": "elite pilots: never joins a TIE Swarm",
    "stock": "stock unit: comes free with its parent, scraps for 0 (TOTE-STOCK-01..05)",
    "bonus_only": "only ever a faction's bonus unit or a free stronghold defence; never built",
}


def _weapons(mounts: tuple[Mount, ...]) -> str:
    return "; ".join(m.label for m in mounts) or "unarmed"


def _pools(pools: dict[str, int]) -> str:
    return ", ".join(f"{v} {k}" for k, v in pools.items() if v) or "0"


def _flags(flags: frozenset[str]) -> list[str]:
    return [FLAG_TEXT[f] for f in sorted(flags) if f in FLAG_TEXT]


def unit_row(t: UnitType) -> dict[str, Any]:
    """The reference row of a starship, craft, squadron or platform."""
    hull = f", Hull {t.hull}, Systems {t.systems}" if t.hull else ""
    does = [f"UCR {t.ucr} (speed {t.speed} + maneuver {t.maneuver}); Shields {t.shields}, Armor {t.armor}{hull}; "
            f"{t.length_m} m.", f"Raw damage a round: {_pools(t.raw_by_pool)} ({_weapons(t.mounts)})."]
    if t.cls in ("capital", "platform"):
        does.append(f"Crew {t.crew} squads.")
    does.append(f"Hyperdrive class {t.hyperdrive}." if t.hyperdrive is not None else "No hyperdrive.")
    if t.tractor_projectors:
        does.append(f"{t.tractor_projectors} tractor projectors, {t.tractor_m} m of control.")
    if t.atmo_mod != -1:
        does.append(f"{t.atmo_mod:+d} UCR in the Atmosphere instead of -1 (TOTE-ATMO-03/04).")
    if t.complement:
        does.append("Carries " + ", ".join(f"{n} {c}" for c, n in t.complement)
                    + f" (hangar {t.hangar_slots}, troop room {t.troop_capacity}).")
    elif t.hangar_slots or t.troop_capacity:
        does.append(f"Hangar {t.hangar_slots}, troop room {t.troop_capacity}.")
    if t.cls != "platform":
        does.append(f"{t.cp} CP, {t.cost_kc} KC.")
    does.extend(f"{s[0].upper()}{s[1:]}." for s in _flags(t.flags))
    if t.text:
        does.append(t.text)
    cap = t.hangar_slots + t.troop_capacity
    return {"name": t.name, "code": t.code, "side": "/".join(t.tech), "kind": t.cls, "cost": t.cp,
            "capacity": cap or None, "keywords": sorted(t.flags), "does": " ".join(does)}


def ground_row(t: GroundUnitType) -> dict[str, Any]:
    """The reference row of an infantry squad, GAV or airspeeder."""
    does = [f"UCR {t.ucr}; {t.hp} damage to destroy one; room {t.room_size}.",
            f"Raw damage a round: {_pools(t.raw_by_pool)} ({_weapons(t.mounts)}).",
            "Fires at the Air layer of its grid." if t.can_fire_air else "Cannot fire at the Air layer (TOTE-S2A-01).",
            f"{t.cost_kc} KC, {t.build_days} day{'s' if t.build_days > 1 else ''} to build."]
    does.extend(f"{s[0].upper()}{s[1:]}." for s in _flags(t.flags))
    if t.text:
        does.append(t.text)
    return {"name": t.name, "code": t.code, "side": "/".join(t.tech), "kind": t.cls, "cost": t.cost_kc,
            "capacity": None, "keywords": sorted(t.flags), "does": " ".join(does)}


def facility_row(t: FacilityType) -> dict[str, Any]:
    """The reference row of a facility or planetary weapon emplacement."""
    does = [f"Defensive UCR {t.defensive_ucr}; Shields {t.shields}, Armor {t.armor} (DISABLED at 0), Hull {t.hull}."]
    if t.mounts:
        does.append(f"Raw damage a round: {_pools(t.raw_by_pool)} ({_weapons(t.mounts)}).")
    if t.garrison:
        does.append("Garrison " + ", ".join(f"{n} {c}" for c, n in t.garrison) + ".")
    if t.houses_rgf:
        does.append("A Reserve Guard Force may stand in its grid (TOTE-RGF-01).")
    if t.scan_coverage:
        does.append("Scans " + ", ".join(t.scan_coverage) + ".")
    if t.industrial_output_kc:
        does.append(f"Industrial output {t.industrial_output_kc} KC an Action Day.")
    if not t.has("bonus_only"):
        does.append(f"{t.cost_kc} KC, {t.build_days} days to build.")
    does.extend(f"{s[0].upper()}{s[1:]}." for s in _flags(t.flags))
    if t.text:
        does.append(t.text)
    cap = sum(n for _, n in t.garrison)
    return {"name": t.name, "code": t.code, "side": "all", "kind": t.kind.replace("_", " "), "cost": t.cost_kc,
            "capacity": cap or None, "keywords": sorted(t.flags), "does": " ".join(does)}


def reference() -> list[dict[str, Any]]:
    """One row per unit type, facility and planetary weapon (see
    :meth:`core.ruleset.Ruleset.reference`): starships first, then ground units, then facilities."""
    return ([unit_row(t) for t in unit_types().values()] + [ground_row(t) for t in ground_types().values()]
            + [facility_row(t) for t in facility_types().values()])


#: What the reference's numbers and codes mean (TOTE-UCR-01/02, the catalog's glossary).
GLOSSARY = (
    ("UCR", "Universal Combat Rating = speed + maneuverability; damage dealt = raw damage x min(1, attacker UCR / "
            "defender UCR), the quotient cut to thousandths, the total rounded up (TOTE-UCR-01..04, MATH-01/02)"),
    ("Shields, Armor, Hull, Systems", "the damage layers a hit goes through, in that order"),
    ("Raw damage a round", "each weapon pool's damage before UCR, with the weapons that make it"),
    ("CP", "Command Points: what a starship takes of a fleet's 23 CP (cost column for ships)"),
    ("KC", "the currency: what ground units and facilities cost to build (cost column for them)"),
    ("capacity", "hangar slots plus troop room (ships), or the garrison (facilities)"),
    ("Hyperdrive class", "its hyperdrive rating; a fleet moves at its slowest rating (TOTE-FLEETHYP-01)"),
    ("tech", "the side column: the technology lines that field it (imperial, rebel, hutt ...)"),
)


def glossary() -> list[dict[str, str]]:
    """What the columns and codes of :func:`reference` mean, one row each."""
    return [{"term": t, "means": m} for t, m in GLOSSARY]
