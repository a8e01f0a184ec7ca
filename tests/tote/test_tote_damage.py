"""Damage, disabling, destruction and effective UCR (TOTE-DMG-01..08, TOTE-DISABLE-01..10,
TOTE-UCR-05..07, TOTE-GAP-12..18/22/24/52; TOTE-EX-13/14/16..19/30), exact, and the shot preview."""
from __future__ import annotations

from typing import Any

import pytest

from core.rulesets.tote.rules import damage as dm
from core.rulesets.tote.rules.data import FacilityType, GroundUnitType, UnitType
from core.rulesets.tote.rules.weapons import as_mount


def ship(code: str = "SHIP", cls: str = "capital", speed: int = 1, maneuver: int = 2, shields: int = 20,
         armor: int = 100, hull: int = 200, length: int = 100, mounts: tuple[str, ...] = (), atmo_mod: int = -1,
         flags: frozenset[str] = frozenset()) -> UnitType:
    """A unit type made for the test (numbers chosen to match the catalog's vectors)."""
    return UnitType(code=code, name=code, cls=cls, tech=("imperial",), speed=speed, maneuver=maneuver,
                    shields=shields, armor=armor, hull=hull if cls not in ("sf", "aux") else 0, length_m=length,
                    mounts=tuple(as_mount(m) for m in mounts), hyperdrive=None, cp=1, cost_kc=100,
                    flags=flags, atmo_mod=atmo_mod)


def unit(utype: Any, uid: str = "u1", faction: str = "GE", space: str = "B-1", **extra: Any) -> dict[str, Any]:
    """A unit dict at full strength (systems = ceil(L/2) for capital-like types)."""
    u = {"id": uid, "type": utype.code, "faction": faction, "space": space, "shields": utype.shields,
         "armor": utype.armor, "hull": getattr(utype, "hull", 0), "disabled": False, "destroyed": False,
         "tractored_by": None, "carried": []}
    if dm.family(utype) == "capital":
        u["systems"] = dm.systems_max(utype.length_m)
    u.update(extra)
    return u


ISD = ship("ISD", speed=1, maneuver=2, shields=1000, armor=1000, hull=2000, length=1600, mounts=("HTLB:12",))
TARGET = ship("TGT", speed=1, maneuver=2, shields=20, armor=100, hull=200, length=100)  # Systems 50


def routed(pools: dict[str, int], utype: UnitType = TARGET, **state: Any) -> dict[str, Any]:
    return dm.apply_damage(unit(utype, **state), utype, pools).unit


# ---- routing ------------------------------------------------------------------------------------

def test_ex16_damage_routing_on_a_capital_ship() -> None:
    """TOTE-EX-16 (TOTE-DMG-01, TOTE-DMG-08, TOTE-DISABLE-01, TOTE-DISABLE-02): Shields 20, Systems 50, Armor 100,
    Hull 200. Ion 30 -> Shields 0, Systems 40, Armor untouched; standard 30 -> Shields 0, Armor 90;
    ion 80 -> Shields 0, Systems 0, Hull 190 and DISABLED."""
    a = routed({"ion": 30})
    assert (a["shields"], a["systems"], a["armor"], a["hull"]) == (0, 40, 100, 200)
    b = routed({"standard": 30})
    assert (b["shields"], b["systems"], b["armor"], b["hull"]) == (0, 50, 90, 200)
    hit = dm.apply_damage(unit(TARGET), TARGET, {"ion": 80})
    c = hit.unit
    assert (c["shields"], c["systems"], c["armor"], c["hull"]) == (0, 0, 100, 190)
    assert c["disabled"] and hit.disabled and not c["destroyed"]


def test_ion_never_touches_capital_armor() -> None:
    """TOTE-DMG-01: ion goes Shields, Systems, Hull; Armor is never reduced on a capital ship."""
    after = routed({"ion": 1000})
    assert after["armor"] == 100 and after["hull"] == 0 and after["destroyed"]


def test_ion_has_no_stun() -> None:
    """TOTE-DMG-02: the only ion effect is damage; no stun mark, the ship can still act."""
    after = routed({"ion": 10})
    assert not any(k in after for k in ("stunned", "stun")) and dm.can_act(after)


def test_systems_and_crew_ex19() -> None:
    """TOTE-DMG-03, TOTE-DISABLE-07, TOTE-EX-19 (TOTE-GAP-15): 150 m -> Systems 75, Crew 15;
    355 m -> Systems 178 and Crew 36 (rounded up)."""
    assert (dm.systems_max(150), dm.crew_of(150)) == (75, 15)
    assert (dm.systems_max(355), dm.crew_of(355)) == (178, 36)


def test_craft_have_no_systems_ion_goes_to_armor() -> None:
    """TOTE-DMG-04, TOTE-GAP-14: an SF squadron has Shields and Armor only; ion after the shields
    goes to Armor, and Armor 0 destroys it (no DISABLED state)."""
    xw = ship("XW", cls="sf", speed=5, maneuver=4, shields=24, armor=36, hull=0, length=12)
    after = routed({"ion": 30}, xw)
    assert (after["shields"], after["armor"]) == (0, 30) and "systems" not in after
    hit = dm.apply_damage(unit(xw), xw, {"ion": 24, "standard": 36})
    assert hit.destroyed and not hit.disabled and hit.unit["armor"] == 0


def test_ex17_planetary_ion() -> None:
    """TOTE-EX-17 (TOTE-DMG-05, TOTE-DMG-07): a PIC at UCR 2 against UCR 4: 500 x 0.500 = 250;
    Systems 200 -> 0 (DISABLED), Hull 2000 -> 1950, Shields skipped then set to 0. At 40%: 100."""
    tgt = ship("BIG", speed=2, maneuver=2, shields=300, armor=900, hull=2000, length=400)  # Systems 200
    totals = dm.volley_totals({"pic": 500}, 2, 4)
    assert totals == {"pic": 250}
    hit = dm.apply_damage(unit(tgt), tgt, totals)
    assert (hit.unit["systems"], hit.unit["hull"], hit.unit["armor"]) == (0, 1950, 900)
    assert hit.disabled and hit.unit["shields"] == 0 and hit.absorbed.get("shields") is None
    assert dm.volley_totals({"pic": 500}, 2, 4, percent=40) == {"pic": 100}


def test_ex18_planetary_turbolaser() -> None:
    """TOTE-EX-18 (TOTE-DMG-06): PTLC raw 300 at q 1 against Armor 250, Hull 1000: Armor 0
    (DISABLED), Hull 950, shields skipped then forced to 0."""
    tgt = ship("T2", speed=1, maneuver=1, shields=400, armor=250, hull=1000, length=300)
    hit = dm.apply_damage(unit(tgt), tgt, dm.volley_totals({"ptlc": 300}, 2, 2))
    assert (hit.unit["armor"], hit.unit["hull"], hit.unit["shields"]) == (0, 950, 0)
    assert hit.disabled and hit.absorbed == {"armor": 250, "hull": 50}


def test_planetary_scale_back_only_on_planetary_pools() -> None:
    """TOTE-DMG-07, TOTE-GAP-42: a whole percentage 0..100 scales raw planetary damage before UCR;
    other pools stay mandatory (TOTE-WPN-01)."""
    assert dm.volley_totals({"standard": 100, "ptlc": 300}, 1, 1, percent=50) == {"standard": 100, "ptlc": 150}
    assert dm.volley_totals({"ptlc": 300}, 1, 1, percent=0) == {"ptlc": 0}
    with pytest.raises(ValueError, match="0 to 100"):
        dm.volley_totals({"ptlc": 300}, 1, 1, percent=101)


def test_standard_damage_carries_through_layers() -> None:
    """TOTE-DMG-08, TOTE-GAP-13: Shields, then Armor, then Hull, with the excess carried on."""
    hit = dm.apply_damage(unit(TARGET), TARGET, {"standard": 150})
    assert hit.absorbed == {"shields": 20, "armor": 100, "hull": 30}
    assert hit.unit["hull"] == 170 and hit.unit["disabled"]


def test_pools_apply_in_order_ion_first() -> None:
    """TOTE-GAP-12: an attacker's pools apply ion, standard, bombing, PTLC, PIC: ion takes the
    shields, so the standard pool goes straight to Armor."""
    hit = dm.apply_damage(unit(TARGET), TARGET, {"standard": 30, "ion": 20})
    assert hit.absorbed == {"shields": 20, "armor": 30}


def test_each_pool_rounded_once() -> None:
    """TOTE-GAP-12: all raw of one routing pool summed, the quotient applied once, rounded up once:
    three LC at 1 vs 7 give ceil(3 x 0.142) = 1, not 3 x ceil(0.142) = 3."""
    assert dm.volley_totals({"standard": 3}, 1, 7) == {"standard": 1}


# ---- disabling and destruction ------------------------------------------------------------------

def test_disabled_at_armor_zero_shields_zeroed() -> None:
    """TOTE-DISABLE-01, TOTE-DISABLE-02: Armor 0 disables a capital ship and its shields go to 0 at once."""
    t = unit(TARGET, shields=20, armor=5)
    hit = dm.apply_damage(t, TARGET, {"bombing": 5})
    assert hit.disabled and hit.unit["shields"] == 0 and t["shields"] == 20, "input dict must not change"


def test_destroyed_at_hull_zero() -> None:
    """TOTE-DISABLE-03: Hull 0 destroys the ship; excess damage is lost."""
    hit = dm.apply_damage(unit(TARGET), TARGET, {"ptlc": 500})
    assert hit.destroyed and hit.unit["hull"] == 0 and hit.unit["destroyed"]
    assert not dm.targetable(hit.unit)


def test_final_actions_of_a_disabled_ship_ex38() -> None:
    """TOTE-DISABLE-04, TOTE-MOVE-04, TOTE-EX-38, TOTE-GAP-22: a ship disabled in an enemy post may
    still move, fire, launch and abandon ship in its owner's next post, then is inert (it does not
    blow up on its own)."""
    hit = dm.apply_damage(unit(TARGET), TARGET, {"ion": 70})
    assert hit.unit["final"] and dm.can_act(hit.unit)
    after = dm.end_final_actions(hit.unit)
    assert after["inert"] and not dm.can_act(after) and not after["destroyed"]


def test_disabled_ship_never_jumps() -> None:
    """TOTE-DISABLE-05: hyperspace is refused even as a final action."""
    hit = dm.apply_damage(unit(TARGET), TARGET, {"ion": 70})
    assert dm.can_act(hit.unit) and not dm.may_enter_hyperspace(hit.unit)
    assert dm.may_enter_hyperspace(unit(TARGET))


def test_derelict_has_ucr_zero_and_cannot_attack() -> None:
    """TOTE-DISABLE-08: a derelict has UCR 0; TOTE-GAP-16: a unit of UCR 0 cannot attack, and
    TOTE-EX-14: firing at it gives the full quotient, no division by zero."""
    wreck = unit(TARGET, derelict=True, disabled=True)
    assert dm.unit_ucr(wreck, TARGET) == 0
    assert dm.volley_totals({"standard": 50}, 3, 0) == {"standard": 50}
    with pytest.raises(dm.DamageError, match="UCR 0"):
        dm.volley_totals({"standard": 50}, 0, 3)


def test_destroyed_squadron_final_action() -> None:
    """TOTE-DISABLE-09, TOTE-GAP-52: a destroyed SF squadron may still move and fire once in its
    owner's next post, cannot be targeted meanwhile, and is removed afterwards."""
    tie = ship("TIEF", cls="sf", speed=5, maneuver=4, shields=0, armor=30, hull=0, length=7, mounts=("LCx2:12",))
    hit = dm.apply_damage(unit(tie), tie, {"standard": 40})
    sq = hit.unit
    assert sq["destroyed"] and sq["final"] and dm.can_act(sq) and not dm.targetable(sq)
    shot = dm.fire(sq, tie, unit(TARGET, "t", "NR"), TARGET, ["LCx2:12"])
    assert shot.dealt == {"standard": 24}
    assert dm.end_final_actions(sq)["removed"]


def test_scuttle_hits_hull_only_at_ucr_20() -> None:
    """TOTE-DISABLE-10, TOTE-GAP-24: crew and infantry aboard a DISABLED ship deal 5 raw per squad
    at UCR 20 against the ship's UCR, to Hull only; a ship not disabled cannot be scuttled."""
    ship_ = unit(TARGET, disabled=True, shields=0, systems=0)
    hit = dm.scuttle(ship_, TARGET, squads=10)
    assert hit.unit["hull"] == 150 and hit.unit["armor"] == 100 and hit.dealt == {"scuttle": 50}
    with pytest.raises(dm.DamageError, match="DISABLED"):
        dm.scuttle(unit(TARGET), TARGET, squads=10)


# ---- UCR in the shot ----------------------------------------------------------------------------

def test_ex13_minimum_damage_through_fire() -> None:
    """TOTE-EX-13: an LC at UCR 1 against UCR 7: q 0.142 -> 0.142 -> 1 damage."""
    lc = ship("LCBOAT", speed=0, maneuver=1, mounts=("LC:1",))
    fast = ship("FAST", speed=4, maneuver=3)
    hit = dm.fire(unit(lc), lc, unit(fast, "t", "NR"), fast, ["LC:1"])
    assert hit.dealt == {"standard": 1}
    assert hit.events[0]["data"]["q_milli"] == 142


def test_ex01_through_fire() -> None:
    """TOTE-EX-01 via a volley (TOTE-UCR-02, TOTE-UCR-06): UCR 4 against UCR 7, raw 500 -> 286."""
    a = ship("A4", speed=2, maneuver=2)
    d = ship("D7", speed=4, maneuver=3, shields=1000)
    hit = dm.fire(unit(a), a, unit(d, "t", "NR"), d, ["TLB:25", "TLC:25"])
    assert hit.dealt == {"standard": 286} and hit.unit["shields"] == 714


def test_equal_ratings_deal_full_damage() -> None:
    """TOTE-UCR-04, TOTE-UCR-03 (TOTE-EX-09, TOTE-EX-10) in a volley: equal UCRs give 1.000 (5 vs 5,
    raw 37 -> 37); a higher attacker never more than 100% (9 vs 3, raw 120 -> 120)."""
    assert dm.volley_totals({"standard": 37}, 5, 5) == {"standard": 37}
    assert dm.volley_totals({"standard": 120}, 9, 3) == {"standard": 120}


def test_ucr_applies_to_every_unit_kind() -> None:
    """TOTE-UCR-05: UCR scales ground-stack and facility damage too: a stack of 10 infantry (raw 1
    each, UCR 3) against a facility of Defensive UCR 9 deals ceil(10 x 0.333) = 4."""
    inf = GroundUnitType("INF", "Infantry", "infantry", ("imperial",), 1, 2, 3, (as_mount("LC:1"),), 1, False, 5, 1)
    fcc = FacilityType("FCC", "Command Center", "command_center", 800, 1500, 2500, 9, (), True, (), 0, 0)
    squads = {"id": "i", "type": "INF", "faction": "GE", "space": "G-1/surface", "count": 10}
    base = {"id": "f", "type": "FCC", "faction": "NR", "space": "G-1/surface", "shields": 800, "armor": 1500, "hull": 2500}
    hit = dm.fire(squads, inf, base, fcc, [("LC", 1, 10)])
    assert hit.dealt == {"standard": 4} and hit.unit["shields"] == 796


@pytest.mark.parametrize("name,base,atmo_mod,atmosphere,ground_air", [
    ("TIE squadron", (5, 4), -1, 8, 7),
    ("X-Wing", (4, 4), 0, 8, 7),
    ("Z-95", (3, 3), 1, 7, 6),
])
def test_ex30_environmental_ucr(name: str, base: tuple[int, int], atmo_mod: int, atmosphere: int, ground_air: int) -> None:
    """TOTE-EX-30, TOTE-UCR-07, TOTE-GAP-16, TOTE-GAP-17 (TOTE-ATMO-02, TOTE-ATMO-03, TOTE-ATMO-04,
    TOTE-GROUND-02): TIE 9 -> 8 / 7,
    X-Wing 8 -> 8 / 7, Z-95 6 -> 7 / 6 in the Atmosphere / a ground grid's Air layer."""
    t = ship(name, cls="sf", speed=base[0], maneuver=base[1], atmo_mod=atmo_mod, hull=0)
    assert dm.unit_ucr(unit(t, space="ATMO"), t) == atmosphere
    assert dm.unit_ucr(unit(t, space="G-2/air"), t) == ground_air
    assert dm.unit_ucr(unit(t, space="G-2/surface"), t) == sum(base)


def test_ex30_capital_atmospheric_bombardment() -> None:
    """TOTE-EX-30, TOTE-ATMOBOMB-01, TOTE-GAP-17: a capital ship of UCR 3 in the Atmosphere firing
    at the Surface: 3 - 1 - 1 = 1; floored at 1 for any unit not derelict (TOTE-GAP-16)."""
    cap = ship("CAP", speed=1, maneuver=2)
    assert dm.unit_ucr(unit(cap, space="ATMO"), cap, atmospheric_bombardment=True) == 1
    slow = ship("SLOW", speed=0, maneuver=1)
    assert dm.unit_ucr(unit(slow, space="ATMO"), slow, atmospheric_bombardment=True) == 1


def test_ucr_overrides() -> None:
    """TOTE-UCR-07, TOTE-GAP-16: fully tractored 1 (TOTE-TRACTOR-07), TIE Swarm 8 with modifiers
    still applied (TOTE-SWARM-03), scuttle 20; OB -1 in the bombarded grid (TOTE-OB-05), fatigue -1."""
    cap = ship("CAP7", speed=4, maneuver=3)
    assert dm.unit_ucr(unit(cap, tractored_by="GE"), cap) == 1
    tie = ship("TIEF", cls="sf", speed=5, maneuver=4, hull=0)
    assert dm.unit_ucr(unit(tie, swarm=["a", "b"]), tie) == 8
    assert dm.unit_ucr(unit(tie, swarm=["a", "b"], space="ATMO"), tie) == 7
    assert dm.unit_ucr(unit(cap), cap, scuttle=True) == 20
    assert dm.unit_ucr(unit(cap, space="G-1/surface"), cap, bombarded={"G-1"}) == 6
    assert dm.unit_ucr(unit(cap, space="G-1/surface", fatigued=True), cap) == 6


def test_option_round_per_weapon() -> None:
    """TOTE-GAP-12 option ``round_per = weapon``: three LC at 1 vs 7 round up one by one: 3 x 1 = 3,
    where the DEFAULT pool gives ceil(3 x 0.142) = 1."""
    lc = ship("LCBOAT", speed=0, maneuver=1, mounts=("LC:3",))
    fast = ship("FAST", speed=4, maneuver=3)
    per_weapon = dm.CombatOptions.from_options({"round_per": "weapon"})
    assert dm.fire(unit(lc), lc, unit(fast, "t", "NR"), fast, ["LC", "LC", "LC"], rules=per_weapon).dealt == {"standard": 3}
    assert dm.fire(unit(lc), lc, unit(fast, "t", "NR"), fast, ["LC", "LC", "LC"]).dealt == {"standard": 1}
    with pytest.raises(dm.DamageError, match="attack_pool"):
        dm.CombatOptions.from_options({"round_per": "shot"})


def test_option_ground_air_stacks() -> None:
    """TOTE-GAP-17 option ``ground_air_stacks``: DEFAULT true (TIE 9 -> 7 in the Air); false leaves
    the atmosphere modifier alone (9 -> 8)."""
    tie = ship("TIEF", cls="sf", speed=5, maneuver=4, hull=0)
    flat = dm.CombatOptions.from_options({"ground_air_stacks": False})
    assert dm.unit_ucr(unit(tie, space="G-1/air"), tie) == 7
    assert dm.unit_ucr(unit(tie, space="G-1/air"), tie, rules=flat) == 8


# ---- preview ------------------------------------------------------------------------------------

def test_preview_is_exact_and_changes_nothing() -> None:
    """TOTE-UCR-02: the preview gives the exact damage a declared shot would do (no dice), and the
    target dict is not changed."""
    tgt = unit(TARGET, "t", "NR")
    before = dict(tgt)
    p = dm.preview(unit(ISD), ISD, tgt, TARGET, ["HTLB:12"])
    assert p["q_milli"] == 1000 and p["total"] == {"standard": 180} and p["damage"] == 180
    assert p["after"] == {"shields": 0, "armor": 0, "hull": 140, "systems": 50}
    assert p["disabled"] and not p["destroyed"]
    assert tgt == before


def test_events_go_to_the_factions_involved() -> None:
    """A hit's event is seen by both factions (and the GM, who sees every event)."""
    hit = dm.fire(unit(ISD), ISD, unit(TARGET, "t", "NR"), TARGET, ["HTLB:1"], turn=3)
    ev = hit.events[0]
    assert ev["to"] == ["seat:GE", "seat:NR"] and ev["turn"] == 3 and "u1 hits t" in ev["text"]


def test_refusals() -> None:
    """Bad shots are refused with a message: a destroyed target, an inert attacker."""
    with pytest.raises(dm.DamageError, match="already destroyed"):
        dm.fire(unit(ISD), ISD, unit(TARGET, destroyed=True), TARGET, ["HTLB:1"])
    with pytest.raises(dm.DamageError, match="final actions"):
        dm.fire(unit(ISD, inert=True), ISD, unit(TARGET), TARGET, ["HTLB:1"])


# ---- properties ---------------------------------------------------------------------------------

from fractions import Fraction  # noqa: E402
from math import ceil  # noqa: E402

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as hs  # noqa: E402

POOLS = hs.dictionaries(hs.sampled_from(["ion", "standard", "bombing", "ptlc", "pic"]), hs.integers(0, 5000), max_size=5)


@settings(max_examples=300, deadline=None)
@given(pools=POOLS, a=hs.integers(1, 25), d=hs.integers(0, 25), pct=hs.integers(0, 100))
def test_volley_totals_match_exact_fractions(pools: dict[str, int], a: int, d: int, pct: int) -> None:
    """TOTE-UCR-02, TOTE-MATH-01, TOTE-MATH-02, TOTE-GAP-12: every pool total equals the exact
    rational computation (quotient cut to thousandths, capped at 1, total rounded up), so no float
    and no early rounding creeps in."""
    got = dm.volley_totals(pools, a, d, pct)
    q = Fraction(1) if d == 0 or a >= d else Fraction((1000 * a) // d, 1000)
    for pool, raw in pools.items():
        if not raw:
            assert pool not in got
            continue
        scale = Fraction(pct, 100) if pool in ("ptlc", "pic") else Fraction(1)
        want = ceil(raw * q * scale)
        assert got[pool] == want and isinstance(got[pool], int), (pool, raw, a, d, pct, got)


@settings(max_examples=300, deadline=None)
@given(pools=POOLS, shields=hs.integers(0, 300), armor=hs.integers(1, 300), hull=hs.integers(1, 300),
       systems=hs.integers(1, 150), cls=hs.sampled_from(["capital", "sf"]))
def test_damage_is_conserved_and_layers_never_negative(pools: dict[str, int], shields: int, armor: int, hull: int,
                                                       systems: int, cls: str) -> None:
    """TOTE-DMG-08, TOTE-GAP-13, TOTE-GAP-14: what the layers lose is exactly what the volley dealt,
    up to what they held; no layer goes below 0; Armor or Systems at 0 leaves a capital ship
    DISABLED with Shields 0 (TOTE-DISABLE-01, TOTE-DISABLE-02), Hull 0 DESTROYED (TOTE-DISABLE-03)."""
    t = ship("P", cls=cls, shields=shields, armor=armor, hull=hull, length=2 * systems)
    u = unit(t, shields=shields, armor=armor)
    if cls == "capital":
        u.update(hull=hull, systems=systems)
    before = dm.layers_of(u, t)
    hit = dm.apply_damage(u, t, pools)
    after = dm.layers_of(hit.unit, t)
    assert all(v >= 0 for v in after.values())
    for layer, had in before.items():
        if layer == "shields" and (hit.unit.get("disabled") or hit.unit.get("destroyed")):
            assert after["shields"] == 0  # zeroed (DISABLE-02; a lost squadron) beyond what was absorbed
            continue
        assert had - after[layer] == hit.absorbed.get(layer, 0), layer
    assert sum(hit.absorbed.values()) <= sum(pools.values())
    if cls == "capital" and (after["armor"] == 0 or after["systems"] == 0):
        assert hit.unit["disabled"] and hit.unit["shields"] == 0
    if cls == "capital":
        assert hit.unit["destroyed"] == (after["hull"] == 0)
    else:
        assert hit.unit["destroyed"] == (after["armor"] == 0)
