"""Twilight of the Empire's unit data (TOTE-DATA-01..04) and the text's constraints on it
(TOTE-DATA-02), checked at load: every unit the text names exists with every number it implies,
the flags the rules read are where the text puts them, and a broken entry or constraint fails the
load naming itself."""
from __future__ import annotations

import pytest

from core.errors import DataError
from core.rulesets.tote.rules import constraints, data

U = data.unit_types
G = data.ground_types
F = data.facility_types

NAMED = {  # every unit the text (and the catalog's DATA-01 list) names -> class
    "ACC": "capital", "STRK": "capital", "ESC": "capital", "ISD": "capital", "ISD2": "capital", "SSD": "capital",
    "VSD": "capital", "VEN": "capital", "CGUN": "capital", "CORV": "capital", "RAF": "capital", "MC90": "capital",
    "DHC": "capital", "VNSD": "capital", "PBC": "capital", "STARHOME": "capital", "CFC": "capital", "HPB": "capital",
    "NBC": "capital", "MCC": "capital", "DREAD": "capital", "ORCAB": "capital", "ORCCORV": "capital", "INT": "capital",
    "LAMBDA": "aux", "SKIPRAY": "aux", "BARGE": "aux",
    "EWING": "sf", "Z95": "sf", "XWING": "sf", "AWING": "sf", "BWING": "sf", "YWING": "sf", "TIEAV": "sf",
    "TIEF": "sf", "TIEI": "sf", "TIEIE": "sf", "TIEB": "sf", "XG1": "sf", "HETRINAR": "sf", "CONDOR": "sf",
    "OMEGA": "platform", "GAMMA": "platform", "SIGMA": "platform",
}


def test_data01_every_named_starship_craft_and_platform() -> None:
    """TOTE-DATA-01 / TOTE-GAP-11: every unit the text names has a full row: speed, maneuver,
    shields, armor, hull (capital/platform), length, weapons, CP, cost and tech."""
    u = U()
    for code, cls in NAMED.items():
        t = u[code]
        assert t.cls == cls, code
        assert t.mounts and t.armor > 0 and t.length_m > 0 and t.tech and t.name and t.text, code
        assert (t.hull > 0) == (cls in ("capital", "platform")), code


def test_data03_ground_units_and_airspeeders() -> None:
    """TOTE-DATA-03: the stock infantry squad, the AT-AT and the T-47, T-16 and V-Wing airspeeders."""
    g = G()
    assert g["INF"].cls == "infantry" and g["INF"].stock
    assert g["ATAT"].cls == "gav"
    assert {c for c, t in g.items() if t.cls == "airspeeder"} >= {"T47", "T16", "VWING"}
    for t in g.values():
        assert t.hp > 0 and t.mounts and t.build_days >= 1


def test_data04_facilities_and_planetary_weapons() -> None:
    """TOTE-DATA-04: command center, palace, shipyard, factory, ComScan, garrison and the PTLC and
    PIC emplacements, each with a Defensive UCR."""
    f = F()
    kinds = {t.kind for t in f.values()}
    assert kinds == set(data.FACILITY_KINDS)
    assert f["PTLE"].raw_by_pool["ptlc"] == 300 and f["PICE"].raw_by_pool["pic"] == 500
    assert all(t.defensive_ucr >= 1 for t in f.values())


@pytest.mark.parametrize("entry", constraints.constraints(), ids=lambda c: c["id"])
def test_data02_each_text_constraint_holds(entry: dict) -> None:
    """TOTE-DATA-02: each constraint the text sets on the data holds (ACC 12 CP, CGUN 3, CORV 1,
    RAF 6 carrying a squadron, ISD UCR 3 with 10+ projectors, CORV 150 m UCR 7, ...)."""
    assert constraints.breaches(entry, U(), G(), F()) == []


def test_data02_text_numbers() -> None:
    """TOTE-DATA-02 numbers, spelled out: ACC 12, STRK 5, ESC 5, CGUN 3, CORV 1, RAF 6, ISD UCR 3."""
    u = U()
    assert (u["ACC"].cp, u["STRK"].cp, u["ESC"].cp, u["CGUN"].cp, u["CORV"].cp, u["RAF"].cp) == (12, 5, 5, 3, 1, 6)
    assert (u["ISD"].ucr, u["CORV"].ucr, u["CORV"].length_m) == (3, 7, 150)
    assert u["ISD"].tractor_projectors >= 10 and u["ISD"].length_m > 150


def test_data02_a_failing_constraint_names_itself() -> None:
    """TOTE-DATA-02: a constraint that fails stops the load, naming its id, unit, source and the
    numbers that differ."""
    bad = [{"id": "DATA-02-TEST", "unit": "CORV", "source": "a test", "equal": {"cp": 2, "ucr": 7}}]
    with pytest.raises(DataError, match=r"DATA-02-TEST \(CORV; a test\) fails: cp must be = 2, is 1"):
        constraints.check_constraints(U(), G(), F(), bad)
    assert constraints.breaches({"unit": "NOPE"}, U(), G(), F()) == ["no unit 'NOPE' in the data"]
    assert constraints.breaches({"unit": "ISD", "equal": {"warp": 9}}, U(), G(), F()) == ["unknown attribute 'warp'"]
    assert constraints.breaches({"unit": "RAF", "carries": {"sf": 2}}, U(), G(), F()) == ["must carry at least 2 sf, carries 1"]


@pytest.mark.parametrize("raw,msg", [
    ({"class": "battleship"}, "class must be one of"),
    ({"speed": -1}, "speed must be a whole number"),
    ({"weapons": ["TLC:0"]}, "count of at least 1"),
    ({"weapons": ["TLCx3:1"]}, "2 \\(Dual\\) or 4 \\(Quad\\)"),
    ({"weapons": ["ZAP:1"]}, "unknown weapon 'ZAP'"),
    ({"tech": ["sith"]}, "tech must be"),
    ({"flags": ["cloaked"]}, "flags must be"),
    ({"cp": 0}, "at least 1 \\(TOTE-CP-01\\)"),
    ({"hyperdrive": "fast"}, "is not a number"),
])
def test_bad_unit_entry_fails_load_naming_it(raw: dict, msg: str) -> None:
    """A bad units.toml entry fails with a message naming the file, the entry and what is right."""
    base = {"name": "Test Cruiser", "class": "capital", "tech": ["imperial"], "speed": 2, "maneuver": 2,
            "shields": 10, "armor": 10, "hull": 10, "length_m": 100, "weapons": ["TLC:1"], "cp": 3, "cost_kc": 100}
    with pytest.raises(DataError, match=msg) as e:
        data._unit("TEST", {**base, **raw}, data.weapons())
    assert "data/units.toml, unit 'TEST'" in str(e.value)


def test_cp01_cp_is_build_days() -> None:
    """TOTE-CP-01 (TOTE-GAP-34): a capital ship's CP is its build time in days."""
    for t in U().values():
        if t.is_capital:
            assert t.build_days == t.cp >= 1


def test_cp04_every_squadron_and_aux_is_one_cp() -> None:
    """TOTE-CP-04: every SF squadron and AUX craft has CP exactly 1 (the loader refuses others)."""
    assert all(t.cp == 1 for t in U().values() if t.cls in ("sf", "aux"))
    base = {"name": "Wing", "class": "sf", "tech": ["rebel"], "speed": 5, "maneuver": 4, "shields": 1, "armor": 1,
            "length_m": 12, "weapons": ["LC:1"], "cp": 2, "cost_kc": 1}
    with pytest.raises(DataError, match="TOTE-CP-04"):
        data._unit("W", base, data.weapons())


def test_sf01_gap14_squadron_is_one_unit_without_hull_or_systems() -> None:
    """TOTE-SF-01, TOTE-GAP-14, TOTE-DMG-04: a squadron has one set of stats (shields and armor),
    no hull and no systems; the loader refuses a hull on SF/AUX."""
    for t in U().values():
        if t.is_craft:
            assert t.hull == 0 and t.systems == 0 and t.crew == 0 and t.armor > 0
    base = {"name": "Wing", "class": "sf", "tech": ["rebel"], "speed": 5, "maneuver": 4, "shields": 1, "armor": 1,
            "hull": 5, "length_m": 12, "weapons": ["LC:1"], "cp": 1, "cost_kc": 1}
    with pytest.raises(DataError, match="TOTE-GAP-14"):
        data._unit("W", base, data.weapons())


def test_dmg03_disable07_systems_and_crew_from_length() -> None:
    """TOTE-DMG-03, TOTE-DISABLE-07 (TOTE-GAP-15): Systems = ceil(L/2), Crew = ceil(L/10)."""
    for t in U().values():
        if t.cls in ("capital", "platform"):
            assert t.systems == -(-t.length_m // 2) and t.crew == -(-t.length_m // 10)
    assert (U()["VEN"].systems, U()["VEN"].crew) == (569, 114)  # 1137 m rounds up both


def test_tractor02_tractor03_projector_control() -> None:
    """TOTE-TRACTOR-02, TOTE-TRACTOR-03: 100 m per capital-ship projector, 25 m per AUX projector, by default."""
    u = U()
    assert u["ISD"].tractor_m_each == 100 and u["ISD"].tractor_m == 100 * u["ISD"].tractor_projectors
    assert u["SKIPRAY"].tractor_m_each == 25 and u["SKIPRAY"].tractor_m == 25


def test_ob01_only_star_destroyers_mon_cal_and_dauntless() -> None:
    """TOTE-OB-01: orbital_bombardment only on Star Destroyers, Mon Calamari cruisers and the DHC."""
    ob = {c for c, t in U().items() if t.has("orbital_bombardment")}
    assert ob == {"ISD", "ISD2", "SSD", "VSD", "VEN", "VNSD", "MC90", "MC80", "DHC"}


def test_bomb01_only_the_named_bombers() -> None:
    """TOTE-BOMB-01: bombing_run only on the Skipray, XG-1, TIE Bomber, B-Wing, Y-Wing, Hetrinar
    and Condor, each of which carries warheads."""
    bombers = {c for c, t in U().items() if t.has("bombing_run")}
    assert bombers == {"SKIPRAY", "XG1", "TIEB", "BWING", "YWING", "HETRINAR", "CONDOR"}
    assert all(U()[c].warhead_raw > 0 for c in bombers)


def test_swarm01_tie_fighters_and_interceptors_not_elite() -> None:
    """TOTE-SWARM-01: TIE Fighters and Interceptors may swarm; the Elite variant may not."""
    swarm = {c for c, t in U().items() if t.has("swarm_eligible")}
    assert swarm == {"TIEF", "TIEI"}
    assert U()["TIEIE"].has("elite")


def test_atmo03_atmo04_atmo06_atmosphere_flags() -> None:
    """TOTE-ATMO-03, TOTE-ATMO-04: X-Wing, A-Wing and XG-1 no penalty, Z-95 +1; TOTE-ATMO-05, TOTE-ATMO-06: every SF and
    AUX may enter, capital ships only with atmosphere_capable (not the ISD)."""
    u = U()
    assert [u[c].atmo_mod for c in ("XWING", "AWING", "XG1", "Z95", "TIEF")] == [0, 0, 0, 1, -1]
    assert u["CORV"].has("atmosphere_capable") and not u["ISD"].has("atmosphere_capable")
    assert not any(t.has("atmosphere_capable") for t in u.values() if t.is_craft)  # craft need no flag


def test_time07_interdictor_and_scan03_scanning_fighters() -> None:
    """TOTE-TIME-07: the Interdictor Cruiser is flagged; TOTE-SCAN-03: only flagged fighters scan,
    and ComScan facilities have a coverage."""
    u = U()
    assert {c for c, t in u.items() if t.has("interdictor")} == {"INT"}
    assert u["XWING"].has("can_scan") and not u["TIEF"].has("can_scan")
    assert F()["COMSCAN"].has("comscan") and F()["COMSCAN"].scan_coverage


def test_board01_landing_barge_cannot_board() -> None:
    """TOTE-BOARD-01 data: the Landing Barge is an AUX flagged landing_barge; other AUX are not."""
    u = U()
    assert u["BARGE"].cls == "aux" and u["BARGE"].has("landing_barge")
    assert [c for c, t in u.items() if t.has("landing_barge")] == ["BARGE"]


def test_stock01_stock06_complements_fit_their_room() -> None:
    """TOTE-STOCK-01, TOTE-STOCK-06: a ship's complement names known craft and ground units and fits its
    hangar slots and troop room (an AT-AT takes 4)."""
    u, g = U(), G()
    assert g["ATAT"].room_size == 4 > 1
    for t in u.values():
        hangar = sum(u[c].room_size * n for c, n in t.complement if c in u)
        troops = sum(g[c].room_size * n for c, n in t.complement if c in g)
        assert hangar <= t.hangar_slots and troops <= t.troop_capacity, t.code
    assert dict(u["ISD"].complement)["ATAT"] == 4


def test_gap18_platforms_immobile_and_cp_free() -> None:
    """TOTE-GAP-18, TOTE-STRONG-01: the Omega, Gamma and Sigma platforms: speed 0, CP 0, bonus only."""
    for c in ("OMEGA", "GAMMA", "SIGMA"):
        t = U()[c]
        assert (t.speed, t.cp, t.cls) == (0, 0, "platform") and t.has("bonus_only")


def test_faction_bonus_units_exist() -> None:
    """TOTE-FACTION-01, TOTE-FACTION-02, TOTE-FACTION-03, TOTE-FACTION-04, TOTE-FACTION-05, TOTE-FACTION-06, TOTE-FACTION-07, TOTE-FACTION-08, TOTE-FACTION-09, TOTE-FACTION-10 data: each faction's bonus unit is a starship in the data."""
    for code in ("SSD", "ISD-II", "MC-90", "DHC", "VNSD", "PBC", "STARHOME", "CFC", "HPB", "NBC", "VSD", "MCC",
                 "DREAD", "ORC-AB", "ORC-CORV"):
        assert data.resolve(code) in U()


def test_each_faction_has_a_buildable_fleet() -> None:
    """TOTE-FACTION-01, TOTE-FACTION-02, TOTE-FACTION-03, TOTE-FACTION-04, TOTE-FACTION-05, TOTE-FACTION-06, TOTE-FACTION-07, TOTE-FACTION-08, TOTE-FACTION-09, TOTE-FACTION-10, TOTE-FACTION-11 / TOTE-DATA-08: every faction's technology offers a buildable capital
    ship, SF squadron and infantry; the Hapans and the ORC only their own."""
    from core.rulesets.tote.rules.fleet import FACTION_TECH
    for faction, tags in FACTION_TECH.items():
        mine = [t for t in U().values() if set(tags) & set(t.tech) and not t.has("bonus_only")]
        assert any(t.is_capital for t in mine) and any(t.cls == "sf" for t in mine), faction
        assert any(set(tags) & set(g.tech) for g in G().values() if g.cls == "infantry"), faction
    assert {c for c, t in U().items() if "hapan" in t.tech and t.cls != "platform"} == {
        "STARHOME", "CFC", "HPB", "NBC", "MIYTIL", "BARGE"}


def test_s2a01_a2a01_garrison05_ground_flags() -> None:
    """TOTE-S2A-01: infantry never fire at the Air layer, vehicles may; TOTE-A2A-01 airspeeders;
    TOTE-GARRISON-05: some units may infiltrate facilities."""
    g = G()
    assert not any(t.can_fire_air for t in g.values() if t.cls == "infantry")
    assert all(t.can_fire_air for t in g.values() if t.cls in ("gav", "airspeeder"))
    assert any(t.has("facility_infiltration") for t in g.values())
    with pytest.raises(DataError, match="TOTE-S2A-01"):
        data._ground("X", {"name": "X", "class": "infantry", "tech": ["rebel"], "speed": 1, "maneuver": 1, "hp": 1,
                           "weapons": ["LC:1"], "can_fire_air": True, "cost_kc": 1, "build_days": 1}, data.weapons())


def test_wpn22_wpn23_dual_and_quad_mounts() -> None:
    """TOTE-WPN-22, TOTE-WPN-23: a Dual mount does 2x, a Quad 4x its base damage."""
    chart = data.weapons()
    assert data.parse_mount("TLCx2:1", chart).raw == 16
    assert data.parse_mount("LCx4:1", chart).raw == 4
    assert data.parse_mount("HTLB:6", chart).raw + data.parse_mount("TLCx2:2", chart).raw == 122  # TOTE-EX-15


def test_resolve_the_texts_spellings() -> None:
    """The text's spellings resolve to data codes, any case; an unknown code says what is known."""
    assert [data.resolve(c) for c in ("ISD-II", "mc-90", "orc-ab", "Z-95", "corv")] == ["ISD2", "MC90", "ORCAB", "Z95", "CORV"]
    with pytest.raises(KeyError, match="no unit type 'DEATHSTAR'"):
        data.resolve("DEATHSTAR")


def test_reference_rows_cover_every_type() -> None:
    """The unit reference (Ruleset.reference shape): one row per starship, ground unit and facility,
    with the keys the reference screen reads and the rules' numbers in words."""
    from core.rulesets.tote.rules.reference import reference
    rows = reference()
    codes = [r["code"] for r in rows]
    assert sorted(codes) == sorted([*U(), *G(), *F()]) and len(set(codes)) == len(codes)
    keys = {"name", "code", "side", "kind", "cost", "capacity", "keywords", "does"}
    assert all(set(r) == keys and isinstance(r["keywords"], list) and r["does"] for r in rows)
    isd = next(r for r in rows if r["code"] == "ISD")
    assert isd["cost"] == 10 and "UCR 3" in isd["does"] and "10 tractor projectors, 1000 m" in isd["does"]
    assert "TOTE-OB-01" in isd["does"]
    corv = next(r for r in rows if r["code"] == "CORV")
    assert "Systems 75" in corv["does"] and "Crew 15 squads" in corv["does"]
    pice = next(r for r in rows if r["code"] == "PICE")
    assert "Defensive UCR 2" in pice["does"] and "500 pic" in pice["does"]


@pytest.mark.parametrize("entry", constraints.exclusives(), ids=lambda e: e["id"])
def test_data02_closed_lists_hold(entry: dict) -> None:
    """TOTE-DATA-02, TOTE-BOMB-01, TOTE-OB-01, TOTE-SWARM-01, TOTE-BOARD-01, TOTE-TIME-07: the text's
    closed lists: exactly the listed units carry the flag."""
    assert constraints.exclusive_breaches(entry, U(), G(), F()) == []


def test_data02_a_stray_flag_fails_naming_the_list() -> None:
    """TOTE-DATA-02: a unit outside a closed list that carries its flag is reported by name."""
    e = {"id": "X", "flag": "bombing_run", "units": ["SKIPRAY", "XG1", "TIEB", "BWING", "YWING", "HETRINAR"]}
    assert constraints.exclusive_breaches(e, U(), G(), F()) == [
        "CONDOR has flag bombing_run but is not one of ['BWING', 'HETRINAR', 'SKIPRAY', 'TIEB', 'XG1', 'YWING']"]
    e2 = {"flag": "interdictor", "units": ["INT", "ISD"]}
    assert constraints.exclusive_breaches(e2, U(), G(), F()) == ["ISD must have flag interdictor"]
