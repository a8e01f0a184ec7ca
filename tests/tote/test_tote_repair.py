"""Repairs and recharging (TOTE-REPAIR-01..06, TOTE-GAP-36, TOTE-BOARD-06; TOTE-EX-24), exact."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from core.rulesets.tote.rules import repair as rp
from core.rulesets.tote.rules.data import unit_types
from core.rulesets.tote.rules.model import new_unit

T = unit_types()
SHIP = replace(T["ISD"], shields=1300, armor=1000, hull=2000, length_m=1600)  # Systems 800
FIGHTER = replace(T["XWING"], shields=24, armor=40)
STRONGHOLD = rp.Dock(friendly=True, yard=True)
FRIENDLY = rp.Dock(friendly=True)
FOREIGN = rp.Dock()


def ship(**state: Any) -> dict[str, Any]:
    u = new_unit("isd", "ISD", "GE", "B-1")
    u.update(shields=1300, armor=1000, hull=2000, systems=800)
    u.update(state)
    return u


def fighter(**state: Any) -> dict[str, Any]:
    u = new_unit("xw", "XWING", "NR", "B-1")
    u.update(shields=24, armor=40)
    u.update(state)
    return u


def test_ex24_capital_repairs_at_a_stronghold() -> None:
    """TOTE-EX-24 (TOTE-REPAIR-02, TOTE-REPAIR-04, TOTE-GAP-36): shields 0 -> 100%: 20 h; Armor 40% -> 100%:
    12 h; Hull 70% -> 100%: 6 h; Armor and Hull one at a time: 18 h, within one 24-h turn."""
    assert rp.hours_to_full(ship(shields=0), SHIP, STRONGHOLD) == 20
    assert rp.hours_to_full(ship(armor=400), SHIP, STRONGHOLD) == 12
    assert rp.hours_to_full(ship(hull=1400), SHIP, STRONGHOLD) == 6
    both = rp.repair(ship(armor=400, hull=1400), SHIP, 24, STRONGHOLD)
    assert both.hours == 18 and both.unit["armor"] == 1000 and both.unit["hull"] == 2000
    assert both.gained == {"armor": 600, "hull": 600}


def test_ex24_fighter_repairs() -> None:
    """TOTE-EX-24 (TOTE-REPAIR-05, TOTE-REPAIR-06): SF shields 0 -> 100%: 5 h (20%/h); SF Armor 30% -> 100%:
    7 h (10%/h)."""
    assert rp.hours_to_full(fighter(shields=0), FIGHTER, FOREIGN) == 5
    assert rp.hours_to_full(fighter(armor=12), FIGHTER, FOREIGN) == 7


def test_capital_shields_only_in_friendly_systems_out_of_combat() -> None:
    """TOTE-REPAIR-01: capital-ship shields recharge only in a friendly system and not in combat."""
    assert rp.repair(ship(shields=0), SHIP, 4, FOREIGN).unit["shields"] == 0
    assert rp.repair(ship(shields=0), SHIP, 4, rp.Dock(friendly=True, in_combat=True)).unit["shields"] == 0
    assert rp.repair(ship(shields=0), SHIP, 4, FRIENDLY).unit["shields"] == 260


def test_capital_shields_five_percent_an_hour() -> None:
    """TOTE-REPAIR-02: 5% of maximum an hour: 1300 shields gain 65 an hour, capped at 1300."""
    r = rp.repair(ship(shields=1290), SHIP, 3, FRIENDLY)
    assert r.unit["shields"] == 1300 and r.hours == 1 and r.gained == {"shields": 10}


def test_structure_only_at_a_stronghold_or_shipyard() -> None:
    """TOTE-REPAIR-03: Armor and Hull are repaired only at a Stronghold or Shipyard World; a friendly
    system without a yard recharges shields only."""
    r = rp.repair(ship(shields=0, armor=500), SHIP, 2, FRIENDLY)
    assert r.unit["armor"] == 500 and r.unit["shields"] == 130
    assert rp.repair(ship(armor=500), SHIP, 2, STRONGHOLD).unit["armor"] == 600


def test_structure_five_percent_of_one_component_an_hour() -> None:
    """TOTE-REPAIR-04, TOTE-GAP-36: each hour 5% of one component, Systems before Armor before Hull;
    a DISABLED ship is no longer disabled once Systems and Armor are both above 0."""
    broken = ship(systems=0, armor=0, hull=1000, shields=0, disabled=True, inert=True)
    one = rp.repair(broken, SHIP, 1, STRONGHOLD).unit
    assert (one["systems"], one["armor"], one["hull"]) == (40, 0, 1000) and one["disabled"]
    assert one["shields"] == 0, "a disabled ship's shields stay at 0"
    later = rp.repair(broken, SHIP, 21, STRONGHOLD).unit
    assert (later["systems"], later["armor"]) == (800, 50) and not later["disabled"] and not later["inert"]


def test_fighter_shields_anywhere_out_of_combat() -> None:
    """TOTE-REPAIR-05: SF/AUX shields recharge anywhere out of combat, 20% an hour; not in combat."""
    assert rp.repair(fighter(shields=0), FIGHTER, 1, FOREIGN).unit["shields"] == 5
    assert rp.repair(fighter(shields=0), FIGHTER, 1, rp.Dock(in_combat=True)).unit["shields"] == 0


def test_fighter_armor_ten_percent_an_hour() -> None:
    """TOTE-REPAIR-06: SF/AUX Armor is repaired 10% of maximum an hour (40 -> 4 an hour)."""
    r = rp.repair(fighter(armor=20), FIGHTER, 2, FOREIGN)
    assert r.unit["armor"] == 28 and r.gained == {"armor": 8}


def test_captured_ship_waits_for_the_conflict_to_end() -> None:
    """TOTE-BOARD-06: a captured ship begins no repair while its system is in conflict."""
    prize = ship(armor=500, captured=True)
    assert rp.repair(prize, SHIP, 5, rp.Dock(friendly=True, yard=True, in_conflict=True)).unit["armor"] == 500
    assert rp.repair(prize, SHIP, 5, rp.Dock(friendly=True, yard=True)).unit["armor"] == 750


def test_nothing_repairs_the_destroyed_or_derelict() -> None:
    """Destroyed and derelict units are not repaired; negative hours are refused."""
    assert rp.repair(ship(armor=500, destroyed=True), SHIP, 5, STRONGHOLD).gained == {}
    assert rp.repair(ship(armor=500, derelict=True), SHIP, 5, STRONGHOLD).gained == {}
    with pytest.raises(ValueError, match="negative"):
        rp.repair(ship(), SHIP, -1, STRONGHOLD)
    ev = rp.repair(ship(armor=950), SHIP, 5, STRONGHOLD).events[0]
    assert ev["to"] == ["seat:GE"] and "armor +50" in ev["text"]
