"""Every kind of attack: bombing runs, TIE Swarms, combat fatigue, logistics, orbital and
atmospheric bombardment, strafing, surface/air/ground fire and garrisons (TOTE-BOMB-01..05,
TOTE-SWARM-01..04, TOTE-FATIGUE-01..04, TOTE-LOGI-01, TOTE-OB-01..05, TOTE-ATMOBOMB-01/02,
TOTE-STRAFE-01, TOTE-S2S-01, TOTE-S2A-01, TOTE-A2A-01, TOTE-G2G-01, TOTE-GARRISON-01..05;
TOTE-EX-23/28/29), exact, on the authored unit data."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from core.errors import OrderError
from core.rulesets.tote.battle import movement as mv
from core.rulesets.tote.battle import strikes as st
from core.rulesets.tote.rules import damage as dm
from core.rulesets.tote.rules.data import facility_types, ground_types, unit_types
from core.rulesets.tote.rules.model import new_unit

T, G, F = unit_types(), ground_types(), facility_types()
ALL_TYPES = {**T, **G, **F}


def at(code: str, uid: str, faction: str, space: str, **extra: Any) -> dict[str, Any]:
    u = new_unit(uid, code, faction, space)
    u.update(extra)
    return u


def stack(code: str, uid: str, faction: str, space: str, count: int, **extra: Any) -> dict[str, Any]:
    return {"id": uid, "type": code, "faction": faction, "space": space, "count": count, "wounds": 0,
            "destroyed": False, **extra}


def facility(code: str, uid: str, faction: str, space: str, **extra: Any) -> dict[str, Any]:
    f = F[code]
    return {"id": uid, "type": code, "faction": faction, "space": space, "shields": f.shields,
            "armor": f.armor, "hull": f.hull, "disabled": False, "destroyed": False, **extra}


# ---- bombing runs ------------------------------------------------------------------------------

def test_only_the_listed_bombers_bomb() -> None:
    """TOTE-BOMB-01: Skipray, XG-1, TIE Bomber, B-Wing, Y-Wing, Hetrinar and Condor may; an X-Wing
    may not."""
    for code in ("SKIPRAY", "XG1", "TIEB", "BWING", "YWING", "HETRINAR", "CONDOR"):
        assert "bombing_run" in T[code].flags, code
    isd = at("ISD", "isd", "GE", "B-1")
    why = st.bombing_problem(at("XWING", "x", "NR", "B-1"), T["XWING"], isd, T["ISD"])
    assert "cannot make a Bombing Run" in why


def test_bombing_run_bypasses_shields() -> None:
    """TOTE-BOMB-02: a TIE Bomber (UCR 6) runs on a ship of UCR 3: its warheads (24 CM + 12 PT =
    84 raw, q 1.000) skip the 1300 shields and take 84 Armor."""
    bomber = at("TIEB", "b", "GE", "B-1")
    isd = at("ISD", "isd", "IR", "B-1")
    s = st.strike(bomber, T["TIEB"], isd, T["ISD"], bombing_run=True)
    assert s.hit.dealt == {"bombing": 84}
    assert (s.hit.unit["shields"], s.hit.unit["armor"]) == (1300, 916)
    assert s.mode == "direct"


def test_bombing_run_is_the_only_attack_that_round() -> None:
    """TOTE-BOMB-03: a bomber on a run fires no other weapons that round: not before (it fired
    already), not during (lasers refused), not after (``bombing``)."""
    bomber = at("TIEB", "b", "GE", "B-1")
    isd = at("ISD", "isd", "IR", "B-1")
    with pytest.raises(Exception, match="warheads only"):
        st.strike(bomber, T["TIEB"], isd, T["ISD"], ["CM:24", "SLCx2:12"], bombing_run=True)
    s = st.strike(bomber, T["TIEB"], isd, T["ISD"], bombing_run=True)
    assert s.attacker["fired"] and s.attacker["bombing"]
    assert "fired already" in st.bombing_problem(s.attacker, T["TIEB"], isd, T["ISD"])


@pytest.mark.parametrize("target_ucr,allowed", [(3, True), (9, True), (10, False)])
def test_ex28_bombing_run_eligibility(target_ucr: int, allowed: bool) -> None:
    """TOTE-EX-28, TOTE-BOMB-04: a bomber of UCR 9 may run on UCR 3 (q 1) and UCR 9, not UCR 10."""
    btype = replace(T["TIEB"], speed=5, maneuver=4)
    ttype = replace(T["ISD"], speed=target_ucr, maneuver=0)
    why = st.bombing_problem(at("TIEB", "b", "GE", "B-1"), btype, at("ISD", "t", "IR", "B-1"), ttype)
    assert (why == "") is allowed, why
    if not allowed:
        assert "equal or lower UCR" in why


def test_atmospheric_bombing_run_at_the_ground() -> None:
    """TOTE-BOMB-05: a bombing-capable SF in the Atmosphere fires its warheads at a Surface target
    without entering the Air layer; without a Bombing Run it cannot reach the ground from there."""
    xg = at("XG1", "xg", "NR", "ATMO")  # UCR 7, no atmospheric penalty
    walker = stack("ATAT", "w", "GE", "G-2/surface", 3)  # UCR 2, hp 60
    s = st.strike(xg, T["XG1"], walker, G["ATAT"], bombing_run=True)
    assert s.mode == "bombing" and s.hit.dealt == {"standard": 84} and s.hit.killed == 1
    assert s.hit.unit["count"] == 2 and s.hit.unit["wounds"] == 24
    with pytest.raises(OrderError, match="own space"):
        st.strike(xg, T["XG1"], walker, G["ATAT"])


# ---- TIE swarms --------------------------------------------------------------------------------

def _swarm(n: int) -> dict[str, dict[str, Any]]:
    sqs = [(at("TIEF", f"t{i}", "GE", "C-1"), T["TIEF"]) for i in range(n)]
    return st.form_swarm(sqs)


def test_swarm_formation_only_tie_fighters_and_interceptors() -> None:
    """TOTE-SWARM-01: any number of TIE Fighter and Interceptor squadrons (not Elite) merge into one
    meta-squadron; others are refused."""
    units = st.form_swarm([(at("TIEF", "a", "GE", "C-1"), T["TIEF"]), (at("TIEI", "b", "GE", "C-1"), T["TIEI"])])
    lead = units["a"]
    assert lead["swarm"] == ["a", "b"] and lead["armor"] == 18 + 22 and units["b"]["merged_into"] == "a"
    for code in ("TIEIE", "TIEB", "XWING"):
        with pytest.raises(OrderError, match="cannot join a TIE Swarm"):
            st.form_swarm([(at("TIEF", "a", "GE", "C-1"), T["TIEF"]), (at(code, "z", "GE", "C-1"), T[code])])
    with pytest.raises(OrderError, match="one space"):
        st.form_swarm([(at("TIEF", "a", "GE", "C-1"), T["TIEF"]), (at("TIEF", "b", "GE", "C-2"), T["TIEF"])])


def test_swarm_stays_together_until_destroyed() -> None:
    """TOTE-SWARM-02, TOTE-GAP-21: members never leave; they are lost one by one as pooled Armor
    falls past each squadron's 18, and a member cannot be ordered on its own."""
    units = _swarm(4)
    lead = units["t0"]
    hit = dm.apply_damage(lead, T["TIEF"], {"standard": 19})  # 72 -> 53: past 54, one lost
    after, lost = st.swarm_losses(hit.unit, T)
    assert after["swarm"] == ["t0", "t1", "t2"] and lost == ["t3"]
    with pytest.raises(OrderError, match="flies in the swarm"):
        st.strike(units["t1"], T["TIEF"], at("CORV", "c", "NR", "C-1"), T["CORV"])


def test_swarm_ucr_is_8_and_fires_all_members() -> None:
    """TOTE-SWARM-03: UCR 8 however many squadrons; the swarm fires every member's guns
    (4 x 12 Dual SLC = 4 x 48 = 192 raw) at UCR 8 against a CORV of UCR 7: q 1.000."""
    lead = _swarm(4)["t0"]
    assert dm.unit_ucr(lead, T["TIEF"]) == 8 == dm.unit_ucr(_swarm(2)["t0"], T["TIEF"])
    s = st.strike(lead, T["TIEF"], at("CORV", "c", "NR", "C-1"), T["CORV"], types=T)
    assert s.hit.events[0]["data"]["ucr"] == [8, 7] and s.hit.dealt == {"standard": 192}


def test_ex29_swarm_on_csp() -> None:
    """TOTE-EX-29, TOTE-SWARM-04: a swarm of 4 on CSP: 3 attackers with lethal damage -> not
    occupied; 4 attackers, not lethal -> not occupied; 4 attackers and lethal -> occupied."""
    assert not st.swarm_occupied(4, engagers=3, lethal=True)
    assert not st.swarm_occupied(4, engagers=4, lethal=False)
    assert st.swarm_occupied(4, engagers=4, lethal=True)


# ---- fatigue and logistics ---------------------------------------------------------------------

def test_ex23_combat_fatigue() -> None:
    """TOTE-EX-23, TOTE-FATIGUE-01, TOTE-FATIGUE-02, TOTE-GAP-44: 5000 squads + 10 GAV -> 7 days; 3000 + 50 GAV ->
    7; 4999 + 49 -> 14; 5001 squads refused; landed host ships -> never fatigued (TOTE-FATIGUE-04)."""
    assert st.fatigue_days(5000, 10) == 7
    assert st.fatigue_days(3000, 50) == 7
    assert st.fatigue_days(4999, 49) == 14
    assert "at most 5000" in st.deployment_problem(5001, 0)
    assert "50 GAVs" in st.deployment_problem(10, 51) and st.deployment_problem(5000, 50) == ""
    assert not st.fatigued(6, 5000, 10) and st.fatigued(7, 5000, 10)
    assert not st.fatigued(13, 4999, 49) and st.fatigued(14, 4999, 49)
    assert not st.fatigued(400, 5000, 50, host_landed=True)


def test_fatigue_costs_one_ucr_and_recall_resets() -> None:
    """TOTE-FATIGUE-01: fatigue is -1 UCR; TOTE-FATIGUE-03: 24 hours back aboard resets the clock."""
    inf = stack("INF", "i", "GE", "G-1/surface", 10)
    assert dm.unit_ucr(inf, G["INF"]) == 3 and dm.unit_ucr({**inf, "fatigued": True}, G["INF"]) == 2
    assert st.fatigue_clock(9, hours_aboard=24) == 0 and st.fatigue_clock(9, hours_aboard=23) == 9


def test_infantry_and_vehicles_cannot_march_between_ground_grids() -> None:
    """TOTE-LOGI-01: infantry and vehicles never move from one ground grid to another overland."""
    for code in ("INF", "ATAT"):
        mover = mv.mover_of(G[code])
        assert "never leave their ground grid" in mv.step_problem(mover, "G-1/surface", "ATMO", 1, False)


# ---- orbital bombardment -----------------------------------------------------------------------

def test_orbital_bombardment_by_the_listed_classes_from_the_a_ring() -> None:
    """TOTE-OB-01, TOTE-OB-02: Star Destroyers, Mon Calamari cruisers and the Dauntless bombard the adjacent
    ground grid from the A-Ring; others cannot, nor from elsewhere."""
    for code in ("ISD", "ISD2", "SSD", "VSD", "MC90", "DHC"):
        assert "orbital_bombardment" in T[code].flags, code
    inf = stack("INF", "i", "NR", "G-1/surface", 100)
    with pytest.raises(OrderError, match="only Star Destroyers"):
        st.orbital_bombardment(at("CORV", "c", "GE", "A-1"), T["CORV"], [(inf, G["INF"], ["TLCx2:2", "LTL:4"])])
    with pytest.raises(OrderError, match="from the A-Ring"):
        st.orbital_bombardment(at("ISD", "i", "GE", "B-1"), T["ISD"], [(inf, G["INF"], ["HTLB:10"])])


def test_orbital_bombardment_fires_all_weapons() -> None:
    """TOTE-OB-03, TOTE-GAP-19, TOTE-GAP-43: every weapon fires, spread over Surface targets; ion has no
    effect on infantry (TOTE-ATMOBOMB-02) but hits a facility."""
    isd = at("ISD", "isd", "GE", "A-1")
    inf = stack("INF", "i", "NR", "G-1/surface", 100)
    fcc = facility("FCC", "fcc", "NR", "G-1/surface")
    with pytest.raises(OrderError, match="ALL weapons"):
        st.orbital_bombardment(isd, T["ISD"], [(inf, G["INF"], ["HTLB:10"])])
    with pytest.raises(OrderError, match="fired already"):
        st.orbital_bombardment({**isd, "fired": True}, T["ISD"], [(inf, G["INF"], ["HTLB:10", "HIC:10", "TLCx2:12"])])
    strikes, effect = st.orbital_bombardment(
        isd, T["ISD"], [(inf, G["INF"], ["HTLB:10", "HIC:10"]), (fcc, F["FCC"], ["TLCx2:12"])], turn=4)
    on_inf, on_fcc = strikes
    # 150 standard at UCR 3 vs 3 -> 150 damage, 50 squads of hp 3; the 40 ion do nothing to infantry
    assert on_inf.hit.dealt == {"standard": 150} and on_inf.hit.no_effect == {"ion": 40} and on_inf.hit.killed == 50
    # 192 at 3 vs the FCC's Defensive UCR 9: q 0.333 -> ceil(63.936) = 64
    assert on_fcc.hit.dealt == {"standard": 64} and on_fcc.hit.unit["shields"] == 736
    assert effect == {"grid": "G-1", "by": "GE", "turn": 4, "hours": 24, "posts": {}}


def test_ob_effect_on_the_grid() -> None:
    """TOTE-OB-04: no infantry or vehicles move to or from the bombarded grid (a ship carrying them
    may not land there); TOTE-OB-05: every unit there, friend or foe, has -1 UCR; both last until
    the bombarding player's first post after every other player has posted under them (revised
    TOTE-GAP-01)."""
    lam = mv.mover_of(T["LAMBDA"])
    assert "orbital bombardment" in mv.step_problem(lam, "ATMO", "G-1/surface", 5, False, bombarded={"G-1"},
                                                    carrying_ground=True)
    assert mv.step_problem(lam, "ATMO", "G-1/surface", 5, False, carrying_ground=True) == ""
    own = stack("INF", "a", "GE", "G-1/surface", 5)
    foe = stack("INF", "b", "NR", "G-1/air", 5)
    assert dm.unit_ucr(own, G["INF"], bombarded={"G-1"}) == 2 == dm.unit_ucr(foe, G["INF"], bombarded={"G-1"})
    effect = {"grid": "G-1", "by": "GE", "turn": 4, "hours": 24, "posts": {}}
    assert not st.ob_expires(effect, "NR", ["GE", "NR"]) and not st.ob_expires(effect, "GE", ["GE", "NR"])
    st.post_under(effect, "NR")
    st.post_under(effect, "GE")
    assert effect["posts"] == {"NR": 1}, "the bombarder's own posts are not made under it"
    assert st.ob_expires(effect, "GE", ["GE", "NR"]) and not st.ob_expires(effect, "NR", ["GE", "NR"])


# ---- atmosphere, strafing, surface, air and ground ---------------------------------------------

def test_atmospheric_bombardment() -> None:
    """TOTE-ATMOBOMB-01: a capital ship in the Atmosphere fires at Surface targets in any ground
    grid with -1 UCR (4 -1 -1 = 2 for a VSD); TOTE-ATMOBOMB-02: ion does nothing to infantry."""
    vsd = at("VSD", "v", "GE", "ATMO")
    inf = stack("INF", "i", "NR", "G-3/surface", 20)
    s = st.strike(vsd, T["VSD"], inf, G["INF"], ["TLB:1", "IC:10"])
    assert s.mode == "atmospheric_bombardment" and s.hit.events[0]["data"]["ucr"] == [2, 3]
    # 12 standard at 0.666 -> ceil(7.992) = 8 -> 2 squads (hp 3), 2 wounds; 30 ion: nothing
    assert s.hit.dealt == {"standard": 8} and s.hit.no_effect == {"ion": 20} and s.hit.killed == 2 and s.hit.unit["wounds"] == 2


def test_strafing_run() -> None:
    """TOTE-STRAFE-01: an X-Wing (UCR 9, no atmospheric penalty) in G-1 Air takes the extra -1 (8)
    and attacks ground targets of G-1 at will; not those of G-2."""
    xw = at("XWING", "x", "NR", "G-1/air")
    walker = stack("ATAT", "w", "GE", "G-1/surface", 2)
    s = st.strike(xw, T["XWING"], walker, G["ATAT"], ["LCx4:12"])
    assert s.mode == "strafe" and s.hit.events[0]["data"]["ucr"] == [8, 2] and s.hit.dealt == {"standard": 48}
    with pytest.raises(OrderError):
        st.strike(xw, T["XWING"], {**walker, "space": "G-2/surface"}, G["ATAT"], ["LCx4:12"])


def test_surface_to_space() -> None:
    """TOTE-S2S-01: a planetary weapon fires only into the A-Ring space of its own quadrant, and may
    scale back its energy (TOTE-DMG-07): a PTLC at 40% on an ISD in A-1: 120 x q(2/3 = 0.666) -> 80."""
    gun = facility("PTLE", "ptl", "NR", "G-1/surface")
    isd = at("ISD", "isd", "GE", "A-1")
    s = st.strike(gun, F["PTLE"], isd, T["ISD"], percent=40)
    assert s.mode == "planetary" and s.hit.dealt == {"ptlc": 80} and s.hit.unit["armor"] == 920
    assert s.hit.unit["shields"] == 1300
    with pytest.raises(OrderError):
        st.strike(gun, F["PTLE"], {**isd, "space": "A-2"}, T["ISD"])
    with pytest.raises(OrderError, match="mandatory"):
        st.strike(at("ISD", "i2", "GE", "B-1"), T["ISD"], at("CORV", "c", "NR", "B-1"), T["CORV"], percent=50)


def test_surface_to_air_only_vehicles() -> None:
    """TOTE-S2A-01: a vehicle fires at the Air layer of its own grid (an AT-AT, 11 raw at UCR 2
    against an X-Wing's 8 in the Air: q 0.250 -> 2.75 -> 3); infantry may not."""
    t47 = at("XWING", "air", "NR", "G-1/air")
    walker = stack("ATAT", "w", "GE", "G-1/surface", 1)
    s = st.strike(walker, G["ATAT"], t47, T["XWING"])
    assert s.mode == "direct" and s.hit.dealt == {"standard": 3}
    with pytest.raises(OrderError, match="vehicles"):
        st.strike(stack("INF", "i", "GE", "G-1/surface", 50), G["INF"], t47, T["XWING"])


def test_air_to_air() -> None:
    """TOTE-A2A-01: starfighters and combat airspeeders in the same ground grid attack each other
    normally: a T-47 (UCR 7) at an X-Wing (UCR 9 - 1 = 8 in the Air)."""
    t47 = stack("T47", "sp", "NR", "G-1/air", 1)
    tie = at("TIEF", "tie", "GE", "G-1/air")  # UCR 9 -1 -1 = 7 in the Air
    s = st.strike(t47, G["T47"], tie, T["TIEF"])
    assert s.hit.events[0]["data"]["ucr"] == [7, 7] and s.hit.dealt == {"standard": 2}
    back = st.strike(tie, T["TIEF"], t47, G["T47"])
    assert back.mode == "direct" and back.hit.killed == 1


def test_ground_to_ground_same_grid_only() -> None:
    """TOTE-G2G-01: infantry and vehicles attack each other only within one ground grid."""
    a = stack("INF", "a", "GE", "G-1/surface", 30)
    b = stack("INF", "b", "NR", "G-1/surface", 30)
    s = st.strike(a, G["INF"], b, G["INF"])
    assert s.hit.dealt == {"standard": 30} and s.hit.killed == 10
    with pytest.raises(OrderError, match="own ground grid"):
        st.strike(a, G["INF"], {**b, "space": "G-2/surface"}, G["INF"])


# ---- garrisons ---------------------------------------------------------------------------------

def test_garrison_fires_without_counter_attack() -> None:
    """TOTE-GARRISON-01, TOTE-GARRISON-02: units in a facility attack freely; outside units cannot attack them until
    the facility is DISABLED (Armor 0), then they can."""
    fcc = facility("FCC", "fcc", "NR", "G-1/surface")
    inside = stack("INF", "in", "NR", "G-1/surface", 20, garrisoned_in="fcc")
    outside = stack("INF", "out", "GE", "G-1/surface", 20)
    assert st.strike(inside, G["INF"], outside, G["INF"], facilities={"fcc": fcc}).hit.killed == 6
    with pytest.raises(OrderError, match="DISABLED"):
        st.strike(outside, G["INF"], inside, G["INF"], facilities={"fcc": fcc})
    broken = {**fcc, "armor": 0, "disabled": True}
    assert st.strike(outside, G["INF"], inside, G["INF"], facilities={"fcc": broken}).hit.killed == 6


def test_facility_defensive_ucr_and_own_ucr_inside() -> None:
    """TOTE-GARRISON-03: damage against a facility uses its Defensive UCR (FCC 9: 30 raw at 3 ->
    q 0.333 -> ceil(9.99) = 10); TOTE-GARRISON-04: garrisoned units fire with their own UCR (3)."""
    fcc = facility("FCC", "fcc", "NR", "G-1/surface")
    s = st.strike(stack("INF", "out", "GE", "G-1/surface", 30), G["INF"], fcc, F["FCC"], facilities={"fcc": fcc})
    assert s.hit.events[0]["data"]["ucr"] == [3, 9] and s.hit.dealt == {"standard": 10}
    inside = stack("INF", "in", "NR", "G-1/surface", 30, garrisoned_in="fcc")
    shot = st.strike(inside, G["INF"], stack("INF", "x", "GE", "G-1/surface", 30), G["INF"], facilities={"fcc": fcc})
    assert shot.hit.events[0]["data"]["ucr"] == [3, 3]


def test_infiltrators_attack_inside() -> None:
    """TOTE-GARRISON-05: units with ``facility_infiltration`` (commandos) attack garrisoned units as
    if they were not garrisoned."""
    assert "facility_infiltration" in G["COMMANDO"].flags
    fcc = facility("FCC", "fcc", "NR", "G-1/surface")
    inside = stack("INF", "in", "NR", "G-1/surface", 20, garrisoned_in="fcc")
    s = st.strike(stack("COMMANDO", "c", "GE", "G-1/surface", 6), G["COMMANDO"], inside, G["INF"], facilities={"fcc": fcc})
    assert s.hit.dealt == {"standard": 12} and s.hit.killed == 4


def test_patrols_stop_fighters_until_engaged() -> None:
    """TOTE-CSP-04, TOTE-CSP-05, TOTE-GAP-20 through a strike: an unengaged TIE patrol over the ISD
    stops X-Wings attacking it; once engaged (occupied) it no longer does; a capital ship is never
    stopped (TOTE-CSP-06)."""
    isd = at("ISD", "isd", "GE", "B-1")
    guard = at("TIEF", "g", "GE", "B-1", patrol=True)
    xw = at("XWING", "x", "NR", "B-1")
    with pytest.raises(OrderError, match="patrol of g"):
        st.strike(xw, T["XWING"], isd, T["ISD"], patrols=[(guard, T["TIEF"])])
    assert st.strike(xw, T["XWING"], isd, T["ISD"], patrols=[(guard, T["TIEF"])], occupied=["g"]).hit.dealt
    mc = at("MC90", "mc", "NR", "B-1")
    assert st.strike(mc, T["MC90"], isd, T["ISD"], patrols=[(guard, T["TIEF"])]).hit.dealt
    allied = lambda a, b: {a, b} != {"GE", "NR"} and a != b  # noqa: E731 - GE and NR allied (TOTE-GAP-45)
    assert st.strike(xw, T["XWING"], isd, T["ISD"], patrols=[(guard, T["TIEF"])], hostile=allied).hit.dealt


# ---- the preview -------------------------------------------------------------------------------

def test_strike_preview_matches_the_strike() -> None:
    """The preview shows the exact damage of a declared attack (TOTE-UCR-02, TOTE-EX-01 numbers for
    the CORV) and changes nothing."""
    isd = at("ISD", "isd", "GE", "B-1")
    corv = at("CORV", "c", "NR", "C-1")
    before = dict(corv)
    p = st.strike_preview(isd, T["ISD"], corv, T["CORV"], ["HTLB:10"])
    assert p["q_milli"] == 428 and p["total"] == {"standard": 65} and p["after"]["shields"] == 25
    assert corv == before
    with pytest.raises(OrderError, match="no 11 HTLB"):
        st.strike_preview(isd, T["ISD"], corv, T["CORV"], ["HTLB:11"])
