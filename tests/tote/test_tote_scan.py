"""ComScan sensors in the campaign (catalog 1.21 SCAN, 4.6 GAP-37/38, TOTE-EX-33)."""
from __future__ import annotations

from typing import Any

import pytest

from core.errors import OrderError
from core.rulesets.tote.campaign import sensors
from core.rulesets.tote.rules import model

Rec = dict[str, Any]


def unit(uid: str, code: str, faction: str, space: str | None, system: str | None = "Kuat") -> Rec:
    u = model.new_unit(uid, code, faction, space)
    u["system"], u["transit"] = system, None
    return u


def facility(fid: str, code: str, faction: str, space: str = "G-1/surface", system: str = "Kuat") -> Rec:
    return {"id": fid, "type": code, "faction": faction, "system": system, "space": space, "destroyed": False}


def units(*us: Rec) -> dict[str, Rec]:
    return {u["id"]: u for u in us}


def test_scan_01_mode_must_be_active_or_passive() -> None:
    """TOTE-SCAN-01: each scan is posted as active or passive; anything else is refused."""
    isd = unit("GE-1", "ISD", "GE", "C-1")
    assert sensors.declare_scan(isd, "active", 0, "s1")["mode"] == "active"
    assert sensors.declare_scan(isd, "passive", 0, "s2")["mode"] == "passive"
    with pytest.raises(OrderError, match="'active' or 'passive'"):
        sensors.declare_scan(isd, "sweep", 0, "s3")


def test_scan_02_a_scan_takes_24_hours() -> None:
    """TOTE-SCAN-02: a scan started at hour h is due at h + 24 and completes only then."""
    isd, raf = unit("GE-1", "ISD", "GE", "C-1"), unit("NR-1", "RAF", "NR", "B-1")
    us = units(isd, raf)
    scan = sensors.declare_scan(isd, "active", 96, "s1")
    assert scan["due"] == 120
    snaps, running, _ = sensors.complete_scans([scan], 119, us)
    assert snaps == [] and running == [scan]
    snaps, running, _ = sensors.complete_scans([scan], 120, us)
    assert running == [] and snaps[0]["hour"] == 120 and snaps[0]["started"] == 96


def test_ex_33_scan_timing() -> None:
    """TOTE-EX-33: an active scan started in a post on turn 5 (hour 96) is delivered on turn 6
    (hour 120); the scanner's location reaches the scanned players on turn 5."""
    isd, raf = unit("GE-1", "ISD", "GE", "C-1"), unit("NR-1", "RAF", "NR", "B-1")
    us = units(isd, raf)
    turn5, turn6 = 24 * (5 - 1), 24 * (6 - 1)
    scan = sensors.declare_scan(isd, "active", turn5, "s1")
    reveal = sensors.scanner_reveal(scan, isd, us)
    assert reveal is not None and reveal["hour"] == turn5 and reveal["to"] == ["NR"] and reveal["space"] == "C-1"
    snaps, _, _ = sensors.complete_scans([scan], turn6, us)
    assert snaps[0]["hour"] == turn6 and [c["id"] for c in snaps[0]["contacts"]] == ["NR-1"]


def test_scan_03_who_may_scan_actively() -> None:
    """TOTE-SCAN-03: capital ships, AUX, a starfighter noted can_scan (the X-Wing) and ComScan
    facilities scan actively; a TIE squadron or a facility without ComScan may only listen."""
    for code in ("ISD", "LAMBDA", "XWING", "OMEGA"):
        assert sensors.can_scan_actively(unit("X-1", code, "GE", "C-1"))
    assert sensors.can_scan_actively(facility("F-1", "COMSCAN", "GE"))
    assert sensors.can_scan_actively(facility("F-2", "FCC", "GE"))  # the command centre has a ComScan suite
    tie = unit("GE-9", "TIEF", "GE", "C-1")
    assert not sensors.can_scan_actively(tie)
    with pytest.raises(OrderError, match="TOTE-SCAN-03.*passively"):
        sensors.declare_scan(tie, "active", 0, "s1")
    assert sensors.declare_scan(tie, "passive", 0, "s1")["mode"] == "passive"
    yard = facility("F-3", "YARD", "GE")
    with pytest.raises(OrderError, match="cannot scan actively"):
        sensors.declare_scan(yard, "active", 0, "s1")


def test_scan_03_no_scan_from_hyperspace_or_a_hangar() -> None:
    """A ship in hyperspace or a craft aboard a carrier cannot scan (nothing changes)."""
    isd = unit("GE-1", "ISD", "GE", None, system=None)
    isd["transit"] = {"from": "Kuat", "to": "Corellia", "depart_hour": 0, "arrive_hour": 24}
    with pytest.raises(OrderError, match="hyperspace"):
        sensors.declare_scan(isd, "active", 0, "s1")
    lam = unit("GE-2", "LAMBDA", "GE", None)
    lam["carried_by"] = "GE-1"
    with pytest.raises(OrderError, match="aboard GE-1"):
        sensors.declare_scan(lam, "active", 0, "s1")


def test_scan_04_gap_37_an_active_scan_reports_owner_class_name_space_and_damage() -> None:
    """TOTE-SCAN-04, TOTE-GAP-37: the snapshot gives each covered unit's owner, class, name,
    space and damage in percent, to the scanning faction only; units aboard are never seen."""
    isd, raf = unit("GE-1", "ISD", "GE", "B-1"), unit("NR-1", "RAF", "NR", "B-2")
    raf["shields"] = raf["shields"] // 2
    xw = unit("NR-2", "XWING", "NR", None)
    xw["carried_by"] = "NR-1"
    scan = sensors.declare_scan(isd, "active", 0, "s1")
    snaps, _, events = sensors.complete_scans([scan], 24, units(isd, raf, xw), owners={"Kuat": "NR"})
    (snap,) = snaps
    assert snap["faction"] == "GE" and snap["owner"] == "NR"
    (c,) = snap["contacts"]
    assert c["owner"] == "NR" and c["type"] == "RAF" and c["space"] == "B-2" and c["shields"] == 50
    assert c["armor"] == 100 and c["state"] == "damaged" and c["name"] == model.spec("RAF").name
    assert all(e["to"] == ["GE"] for e in events)


def test_scan_05_active_scan_reveals_the_scanner_to_players_in_the_system() -> None:
    """TOTE-SCAN-05: the other factions present learn the scanner's space, owner and class; a
    faction elsewhere learns nothing."""
    isd, raf = unit("GE-1", "ISD", "GE", "C-2"), unit("NR-1", "RAF", "NR", "B-1")
    far = unit("HS-1", "DREAD", "HS", "C-1", system="Nal Hutta")
    scan = sensors.declare_scan(isd, "active", 0, "s1")
    r = sensors.scanner_reveal(scan, isd, units(isd, raf, far))
    assert r["to"] == ["NR"] and r["space"] == "C-2" and r["owner"] == "GE" and r["type"] == "ISD"


def test_scan_06_from_a_dsz_only_the_rings() -> None:
    """TOTE-SCAN-06: an active scan from a DSZ covers the rings up to the A-Ring, never the
    Atmosphere or the ground."""
    cov = sensors.coverage(unit("GE-1", "ISD", "GE", "DSZ-1"))
    assert {"C-1", "B-3", "A-4", "DSZ-1"} <= set(cov)
    assert "ATMO" not in cov and not any(s.startswith("G-") for s in cov)
    isd, lander = unit("GE-1", "ISD", "GE", "DSZ-1"), unit("NR-1", "GR75", "NR", "ATMO")
    snaps, _, _ = sensors.complete_scans([sensors.declare_scan(isd, "active", 0, "s")], 24, units(isd, lander))
    assert snaps[0]["contacts"] == []


def test_scan_07_every_unit_may_scan_passively() -> None:
    """TOTE-SCAN-07: every unit may post a passive scan, and it reveals nothing of the listener."""
    tie, raf = unit("GE-9", "TIEF", "GE", "C-1"), unit("NR-1", "RAF", "NR", "C-1")
    scan = sensors.declare_scan(tie, "passive", 0, "s1")
    assert sensors.scanner_reveal(scan, tie, units(tie, raf)) is None
    snaps, running, _ = sensors.complete_scans([scan], 24, units(tie, raf))
    assert snaps == [] and running == []


@pytest.mark.parametrize("action", sensors.EMISSIONS)
def test_scan_08_09_an_emission_posts_space_and_class(action: str) -> None:
    """TOTE-SCAN-08, TOTE-SCAN-09, TOTE-GAP-37, TOTE-GAP-38: moving, leaving hyperspace in the C/B-Ring, raising shields
    or firing is heard by the hostile factions with a receiver in the system: the space and class
    of the emitter, never its owner or id; factions elsewhere and the emitter's own hear nothing."""
    isd = unit("GE-1", "ISD", "GE", "B-3")
    tie = unit("GE-2", "TIEF", "GE", "C-1")
    raf, far = unit("NR-1", "RAF", "NR", "C-1"), unit("HS-1", "DREAD", "HS", "C-1", system="Nal Hutta")
    s = sensors.emission(isd, action, 48, units(isd, tie, raf, far))
    assert s["to"] == ["NR"] and s["space"] == "B-3" and s["class"] == "capital" and s["type"] == "ISD"
    assert "owner" not in s and "id" not in s and s["hour"] == 48
    assert sensors.visible_to(s, "NR") and not sensors.visible_to(s, "HS") and sensors.visible_to(s, "gm")


def test_scan_08_an_unknown_emission_is_refused() -> None:
    """An emission is one of the four actions of TOTE-SCAN-08."""
    with pytest.raises(ValueError, match="TOTE-SCAN-08"):
        sensors.hears("C-1", "cloak", "C-2")


def test_scan_10_the_atmosphere_only_from_the_c_ring_in() -> None:
    """TOTE-SCAN-10: the Atmosphere is scanned (actively or passively) only from the C-Ring or
    closer: an emission in the Atmosphere is heard from C-1, not from a DSZ."""
    assert sensors.hears("ATMO", "move", "C-3") and sensors.hears("ATMO", "fire", "A-1")
    assert not sensors.hears("ATMO", "move", "DSZ-3")
    assert "ATMO" in sensors.coverage(unit("GE-1", "ISD", "GE", "C-1"))


def test_scan_11_the_ground_only_actively_from_the_b_ring_in() -> None:
    """TOTE-SCAN-11: the ground is scanned actively only, from the B-Ring or closer: coverage from
    B-1 holds every ground grid, from C-1 none; no emission on the ground is ever heard."""
    assert {"G-1/surface", "G-4/air"} <= set(sensors.coverage(unit("GE-1", "ISD", "GE", "B-1")))
    assert not any(s.startswith("G-") for s in sensors.coverage(unit("GE-1", "ISD", "GE", "C-1")))
    assert not sensors.hears("G-2/air", "move", "A-2")
    assert not sensors.hears("G-2/surface", "fire", "G-2/surface")


def test_scan_12_the_dsz_is_invisible_to_passive_sensors() -> None:
    """TOTE-SCAN-12: a ship moving, raising shields or firing in a DSZ is heard by no one, not
    even a listener in the same DSZ."""
    for action in ("move", "shields", "fire"):
        assert not sensors.hears("DSZ-2", action, "DSZ-2")
        assert not sensors.hears("DSZ-2", action, "C-2")
    isd, raf = unit("GE-1", "ISD", "GE", "DSZ-2"), unit("NR-1", "RAF", "NR", "DSZ-2")
    assert sensors.emission(isd, "fire", 0, units(isd, raf)) is None


def test_scan_13_a_dsz_seen_only_from_itself_or_its_bordering_c_space() -> None:
    """TOTE-SCAN-13: a unit in DSZ-1 is covered by an active scan from DSZ-1 or C-1 only, not
    from DSZ-2, C-2 or the B-Ring."""
    for here, sees in (("DSZ-1", True), ("C-1", True), ("DSZ-2", False), ("C-2", False), ("B-1", False)):
        assert ("DSZ-1" in sensors.coverage(unit("GE-1", "ISD", "GE", here))) is sees, here


def test_scan_14_a_hyperspace_exit_into_a_dsz_heard_only_there() -> None:
    """TOTE-SCAN-14: leaving hyperspace in DSZ-3 is heard by ships in DSZ-3 only; ships in the
    C-Ring or further in hear nothing. An exit into the C or B-Ring is heard (TOTE-SCAN-08)."""
    assert sensors.hears("DSZ-3", "hyper_exit", "DSZ-3")
    assert not sensors.hears("DSZ-3", "hyper_exit", "C-3") and not sensors.hears("DSZ-3", "hyper_exit", "DSZ-4")
    isd = unit("GE-1", "ISD", "GE", "DSZ-3")
    inner, outer = unit("NR-1", "RAF", "NR", "C-3"), unit("HS-1", "DREAD", "HS", "DSZ-3")
    assert sensors.emission(isd, "hyper_exit", 0, units(isd, inner, outer))["to"] == ["HS"]
    isd["space"] = "B-3"
    assert sensors.emission(isd, "hyper_exit", 0, units(isd, inner, outer))["to"] == ["HS", "NR"]


def test_scan_15_a_scan_from_a_dsz_reveals_only_where() -> None:
    """TOTE-SCAN-15: the scanned players learn the DSZ the scan comes from, not its class, identity
    or owner."""
    isd, raf = unit("GE-1", "ISD", "GE", "DSZ-4"), unit("NR-1", "RAF", "NR", "B-4")
    scan = sensors.declare_scan(isd, "active", 0, "s1")
    r = sensors.scanner_reveal(scan, isd, units(isd, raf))
    assert r["space"] == "DSZ-4" and "owner" not in r and "type" not in r
    assert "GE" not in r["text"] and "Star Destroyer" not in r["text"]


def test_gap_37_comscan_facility_covers_ground_atmosphere_and_rings_not_the_dsz() -> None:
    """TOTE-GAP-37: a ComScan facility covers G, ATM, A, B and C, and no DSZ."""
    cov = set(sensors.coverage(facility("F-1", "COMSCAN", "NR")))
    assert {"G-3/surface", "G-2/air", "ATMO", "A-1", "B-2", "C-4"} <= cov
    assert not any(s.startswith("DSZ") for s in cov)
    assert not any(s.startswith("G-") for s in sensors.coverage(facility("F-1", "COMSCAN", "NR"), ground=False))


def test_gap_37_a_scan_is_broken_off_when_its_scanner_leaves() -> None:
    """A scan whose scanner jumped out or was destroyed before it completed gives no snapshot."""
    isd, raf = unit("GE-1", "ISD", "GE", "C-1"), unit("NR-1", "RAF", "NR", "B-1")
    scan = sensors.declare_scan(isd, "active", 0, "s1")
    isd["system"], isd["space"] = None, None
    isd["transit"] = {"from": "Kuat", "to": "Corellia", "depart_hour": 10, "arrive_hour": 40}
    snaps, running, events = sensors.complete_scans([scan], 24, units(isd, raf))
    assert snaps == [] and running == [] and events[0]["kind"] == "scan_lost" and events[0]["to"] == ["GE"]


def test_gap_38_emissions_go_only_to_players_with_a_receiver_there() -> None:
    """TOTE-GAP-38: a ship in B-1 that fires is heard by NR (a corvette in C-2) and not by HS,
    whose only unit in the system is aboard a carrier."""
    isd = unit("GE-1", "ISD", "GE", "B-1")
    cor = unit("NR-1", "CORV", "NR", "C-2")
    hidden = unit("HS-2", "Z95", "HS", None)
    hidden["carried_by"] = "IND-1"
    assert sensors.emission(isd, "fire", 0, units(isd, cor, hidden))["to"] == ["NR"]


def test_scan_08_a_post_gives_away_what_moved_fired_or_raised_shields() -> None:
    """TOTE-SCAN-08, TOTE-SCAN-09: after GE's post, its ship that moved and fired gives two
    sightings, the one that raised shields one, the one that held none; a GE craft aboard a
    carrier gives nothing; NR's own units' flags are not GE's post."""
    a, b, c = unit("GE-1", "ISD", "GE", "B-1"), unit("GE-2", "VSD", "GE", "C-2"), unit("GE-3", "STRK", "GE", "C-3")
    a["moved"] = a["fired"] = True
    aboard = unit("GE-4", "TIEF", "GE", None)
    aboard["carried_by"], aboard["moved"] = "GE-1", True
    nr = unit("NR-1", "RAF", "NR", "C-1")
    nr["fired"] = True
    got = sensors.round_emissions("GE", 24, units(a, b, c, aboard, nr), raised_shields=["GE-2"])
    assert [(s["type"], s["action"], s["space"], s["to"]) for s in got] == [
        ("ISD", "move", "B-1", ["NR"]), ("ISD", "fire", "B-1", ["NR"]), ("VSD", "shields", "C-2", ["NR"])]


def test_scan_14_arrivals_from_hyperspace() -> None:
    """TOTE-SCAN-08, TOTE-SCAN-14: a fleet arriving in B-2 is heard by NR in C-4; one arriving in
    DSZ-2 is heard only by the HS ship waiting in DSZ-2."""
    a, b = unit("GE-1", "ISD", "GE", "B-2"), unit("GE-2", "VSD", "GE", "DSZ-2")
    nr, hs = unit("NR-1", "RAF", "NR", "C-4"), unit("HS-1", "DREAD", "HS", "DSZ-2")
    got = sensors.arrival_emissions(["GE-2", "GE-1"], 48, units(a, b, nr, hs))
    assert [(s["space"], s["to"], s["action"]) for s in got] == [("B-2", ["HS", "NR"], "hyper_exit"),
                                                                ("DSZ-2", ["HS"], "hyper_exit")]


def test_gap_37_allies_are_not_told_of_each_others_emissions() -> None:
    """TOTE-GAP-37: passive sensors report hostile units: with GE and IR allied, an IR ship firing is
    heard by NR only."""
    ir, ge, nr = unit("IR-1", "ISD2", "IR", "B-1"), unit("GE-1", "ISD", "GE", "B-2"), unit("NR-1", "RAF", "NR", "C-1")
    state = {"options": {"alliances": [["GE", "IR"]]}, "seats": {}}
    got = sensors.emission(ir, "fire", 0, units(ir, ge, nr), hostile=lambda x, y: model.hostile(state, x, y))
    assert got["to"] == ["NR"]
    assert sensors.emission(ir, "fire", 0, units(ir, ge, nr))["to"] == ["GE", "NR"]


def test_gap_38_option_emissions_public() -> None:
    """TOTE-GAP-38 (option emissions_public): a ship that fires in B-1 posts its location for
    every faction even with no listener there; in a DSZ it still posts nothing (TOTE-SCAN-12)."""
    isd = unit("GE-1", "ISD", "GE", "B-1")
    s = sensors.emission(isd, "fire", 0, units(isd), public=True)
    assert s["public"] and s["to"] == [] and sensors.visible_to(s, "HS") and "owner" not in s
    assert sensors.emission(isd, "fire", 0, units(isd)) is None
    isd["space"] = "DSZ-1"
    assert sensors.emission(isd, "fire", 0, units(isd), public=True) is None
