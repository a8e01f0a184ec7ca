"""Fleet legality in Twilight of the Empire (fleet.py, stock.py): command points (TOTE-CP-01..05), Fleet Escorts
(TOTE-ESC-01..05), the burden of command (TOTE-BURDEN-01..09), Space PDFs (TOTE-PDF-01..04), the
reserve (TOTE-RES-01), Reserve Guard Forces (TOTE-RGF-01, TOTE-RGF-03), stock units (TOTE-STOCK-01..06) and
scrap values (TOTE-SCRAP-01, TOTE-SCRAP-02/04); the text's fleet examples TOTE-EX-04..08 and the derived
vectors TOTE-EX-20..22, 27 and 32, exact. Each breach names its rule."""
from __future__ import annotations

import pytest

from core.rulesets.tote.rules import fleet as f
from core.rulesets.tote.rules import stock as st
from core.rulesets.tote.rules.data import unit_types


def rules(breaches: list[f.Breach]) -> list[str]:
    return [b.rule for b in breaches]


def test_ex04_imperial_fleet_valid() -> None:
    """TOTE-EX-04, TOTE-CP-02, TOTE-CP-03, TOTE-ESC-02, TOTE-ESC-04/05: 1 ACC (12) + 1 STRK (5) + 1 ESC (5) + 1 TIE
    Avenger (1) = 23 CP, 3 capital ships, 1 escort squadron needing 1 ship: legal."""
    r = f.fleet_report("(1) ACC + (1) STRK + (1) ESC + (1) TIE-Avenger")
    assert (r.cp, r.capitals, r.escort_sf, r.escort_aux, r.required_capitals) == (23, 3, 1, 0, 1)
    assert r.legal and r.lines()[-1] == "legal"


def test_ex05_rebel_fleet_valid() -> None:
    """TOTE-EX-05: 7 CGUN (21 CP, so CGUN = 3) + 2 E-Wing squadrons = 23 CP, 7 capital ships: legal."""
    r = f.fleet_report({"CGUN": 7, "EWING": 2})
    assert (r.cp, r.capitals, r.required_capitals) == (23, 7, 2)
    assert 7 * unit_types()["CGUN"].cp == 21
    assert r.legal


def test_ex06_escorts_wrong() -> None:
    """TOTE-EX-06, TOTE-ESC-04: 2 X-Wing squadrons escorting 1 CORV need 2 capital ships: illegal."""
    b = f.check_fleet("2 XWING + 1 CORV")
    assert rules(b) == ["TOTE-ESC-04"]
    assert "need at least 2 capital ships" in b[0].text and "has 1" in b[0].text


def test_ex07_escorts_right_22_cp_all_stock() -> None:
    """TOTE-EX-07, TOTE-ESC-02, TOTE-ESC-03, TOTE-ESC-04, TOTE-CP-04: 3 Z-95 with 3 CORV and 12 Lambdas with 4 CORV:
    7 capital ships >= 3 + ceil(12/3) = 7; 22 CP, so CORV = 1 CP; every unit a stock unit."""
    r = f.fleet_report({"Z95": 3, "LAMBDA": 12, "CORV": 7})
    assert (r.cp, r.capitals, r.escort_sf, r.escort_aux, r.required_capitals) == (22, 7, 3, 12, 7)
    assert r.legal
    assert all(unit_types()[c].stock for c in ("Z95", "LAMBDA", "CORV"))
    assert 22 - 3 - 12 == 7 * unit_types()["CORV"].cp


def test_ex08_burden_raf_destroyed_squadron_alive() -> None:
    """TOTE-EX-08, TOTE-BURDEN-03, TOTE-BURDEN-05: a destroyed RAF whose squadron still flies holds all 6 CP;
    they are released once the squadron is destroyed too."""
    raf = {"id": "NR-1", "type": "RAF", "destroyed": True}
    xw = {"id": "NR-2", "type": "XWING", "destroyed": False, "attached_to": "NR-1"}
    assert unit_types()["RAF"].cp == 6
    assert f.committed_cp([raf, xw]) == 6
    assert f.committed_cp([raf, {**xw, "destroyed": True}]) == 0


def test_burden02_carried_units_add_no_cp() -> None:
    """TOTE-BURDEN-02: craft and troops aboard (or launched from) a capital ship add no CP of
    their own; a ground unit is never a fleet unit on its own."""
    ship = {"id": "GE-1", "type": "ISD", "destroyed": False}
    craft = [{"id": f"GE-{i}", "type": "TIEF", "attached_to": "GE-1"} for i in range(2, 6)]
    assert f.committed_cp([ship, *craft]) == 10
    assert rules(f.check_fleet({"ATAT": 1, "ISD": 1})) == ["TOTE-BURDEN-02"]


def test_burden04_disabled_ship_still_holds_cp() -> None:
    """TOTE-BURDEN-04: a DISABLED capital ship still uses its CP; a derelict one with nothing
    attached does not (TOTE-BURDEN-05)."""
    assert f.committed_cp([{"id": "a", "type": "STRK", "disabled": True}]) == 5
    assert f.committed_cp([{"id": "a", "type": "STRK", "disabled": True, "derelict": True}]) == 0


def test_burden05_release_needs_both_conditions() -> None:
    """TOTE-BURDEN-05: CP released only when the ship is destroyed or derelict AND every attached
    unit is destroyed."""
    ship = {"id": "s", "type": "ESC", "destroyed": False}
    tie = {"id": "t", "type": "TIEF", "destroyed": True, "attached_to": "s"}
    assert f.committed_cp([ship, tie]) == 5                       # ship alive
    assert f.committed_cp([{**ship, "destroyed": True}, tie]) == 0  # both gone
    assert f.committed_cp([{**ship, "derelict": True}, {**tie, "destroyed": False}]) == 5


def test_burden01_gap26_battle_cp_limit() -> None:
    """TOTE-BURDEN-01, TOTE-GAP-26: units acting in one battle commit at most 23 CP; a craft
    attached to a ship commits its parent's CP once; escorts 1; bonus units and platforms none."""
    units = {"a": {"id": "a", "type": "ACC"}, "b": {"id": "b", "type": "ISD"},
             "t": {"id": "t", "type": "TIEF", "attached_to": "b"}, "t2": {"id": "t2", "type": "TIEF", "attached_to": "b"},
             "e": {"id": "e", "type": "TIEAV"}, "ssd": {"id": "ssd", "type": "SSD", "bonus": True},
             "p": {"id": "p", "type": "GAMMA", "bonus": True}}
    assert f.battle_cp([units["t"], units["t2"]], units) == 10
    assert f.battle_cp([units["a"], units["e"], units["ssd"], units["p"]], units) == 13
    assert f.check_battle_cp([units["a"], units["t"], units["e"]], units) == []  # 12 + 10 + 1 = 23
    over = f.check_battle_cp([units["a"], units["t"], units["e"], {"id": "x", "type": "CORV"}], units)
    assert rules(over) == ["TOTE-BURDEN-01"] and "24 CP" in over[0].text
    assert f.check_battle_cp([units["a"], units["t"], units["e"], {"id": "x", "type": "CORV"}], units, bonus_cp=1) == []


@pytest.mark.parametrize("hero,swap,combat,want", [
    (True, False, False, []),
    (False, False, False, ["TOTE-BURDEN-06"]),
    (False, True, False, []),                      # TOTE-BURDEN-07, TOTE-BURDEN-08: direct swap, no Hero needed
    (True, False, True, ["TOTE-BURDEN-09"]),
])
def test_burden06_to_09_taking_command(hero: bool, swap: bool, combat: bool, want: list[str]) -> None:
    """TOTE-BURDEN-06, TOTE-BURDEN-07, TOTE-BURDEN-08, TOTE-BURDEN-09: new units need the Hero present, except direct swaps with new or PDF
    ships (which need not share a system); never while in combat or entering it."""
    assert rules(f.command_breaches(hero_present=hero, direct_swap=swap, in_combat=combat)) == want
    assert rules(f.command_breaches(hero_present=True, entering_combat=True)) == ["TOTE-BURDEN-09"]


def test_cp02_over_23_cp() -> None:
    """TOTE-CP-02: at most 23 CP: 2 ISD2 (22) + 2 CORV = 24 breaks it, naming the numbers."""
    b = f.check_fleet({"ISD2": 2, "CORV": 2})
    assert rules(b) == ["TOTE-CP-02"] and "24 CP; at most 23" in b[0].text


def test_cp03_ex21_capital_ship_cap() -> None:
    """TOTE-CP-03, TOTE-EX-21: 8 CORV = 8 CP but 8 capital ships: illegal, though far under 23 CP."""
    r = f.fleet_report({"CORV": 8})
    assert r.cp == 8 and rules(list(r.breaches)) == ["TOTE-CP-03"]
    assert f.check_fleet({"CORV": 7}) == []


def test_cp05_gap53_bonus_cp_raises_the_limit() -> None:
    """TOTE-CP-05, TOTE-GAP-53: bonus CP granted by a rule raise the 23; none by default."""
    assert rules(f.check_fleet({"ISD2": 2, "CORV": 2})) == ["TOTE-CP-02"]
    assert f.check_fleet({"ISD2": 2, "CORV": 2}, bonus_cp=1) == []


def test_esc01_escorts_need_a_hyperdrive() -> None:
    """TOTE-ESC-01: only SF and AUX with a hyperdrive may escort (a TIE Fighter squadron may not)."""
    b = f.check_fleet({"ISD": 1, "TIEF": 1})
    assert rules(b) == ["TOTE-ESC-01"] and "no hyperdrive" in b[0].text
    assert f.check_fleet({"ISD": 1, "TIEAV": 1}) == []


@pytest.mark.parametrize("sf,aux,need", [(0, 4, 2), (3, 1, 4), (3, 12, 7), (1, 0, 1), (0, 3, 1), (0, 0, 0)])
def test_esc04_ex20_required_capitals(sf: int, aux: int, need: int) -> None:
    """TOTE-ESC-04, TOTE-EX-20: capital ships needed = SF + ceil(AUX/3), the two added."""
    assert f.required_capitals(sf, aux) == need


def test_ex20_escort_caps() -> None:
    """TOTE-EX-20, TOTE-ESC-02, TOTE-ESC-03: 13 AUX break the cap of 12; 4 SF break the cap of 3; 3 SF + 12
    AUX need all 7 capital ships, which may then cost at most 23 - 15 = 8 CP."""
    assert "TOTE-ESC-03" in rules(f.check_fleet({"CORV": 7, "LAMBDA": 13}))
    assert "TOTE-ESC-02" in rules(f.check_fleet({"CORV": 7, "XWING": 4}))
    assert f.check_fleet({"CORV": 7, "Z95": 3, "LAMBDA": 12}) == []                  # 7 + 15 = 22
    assert rules(f.check_fleet({"CORV": 6, "CGUN": 1, "Z95": 3, "LAMBDA": 12})) == ["TOTE-CP-02"]  # 9 + 15 = 24


def test_esc05_escort_cp_counts() -> None:
    """TOTE-ESC-05: escorts' CP counts toward the 23 (EX-04 sums to 23 with its TIE Avenger)."""
    r = f.fleet_report({"ACC": 1, "STRK": 1, "ESC": 1, "TIEAV": 2})
    assert r.cp == 24 and "escorts count, TOTE-ESC-05" in r.breaches[0].text


def test_pdf01_pdf02_ex22_pdf_limits() -> None:
    """TOTE-PDF-01, TOTE-PDF-02, TOTE-EX-22: a Space PDF of 23 CP plus the bonus SSD is legal (bonus units
    count toward neither limit); 24 CP in a PDF breaks TOTE-PDF-01."""
    assert f.check_fleet({"ACC": 1, "STRK": 1, "ESC": 1, "TIEAV": 1}, kind="pdf", bonus={"SSD": 1}) == []
    b = f.check_fleet({"ACC": 1, "STRK": 1, "ESC": 1, "CORV": 2}, kind="pdf")
    assert rules(b) == ["TOTE-PDF-01"] and "Space PDF holds 24 CP" in b[0].text


def test_pdf03_pdf04_ex22_transfer() -> None:
    """TOTE-PDF-03, TOTE-PDF-04, TOTE-EX-22: moving a 5-CP ship from a full 23-CP main fleet into a 20-CP
    PDF makes the PDF 25: illegal; into a 18-CP PDF it is fine; in combat never (TOTE-BURDEN-09)."""
    main = {"ACC": 1, "STRK": 1, "ESC": 1, "TIEAV": 1}
    b = f.check_transfer(main, {"ISD": 2}, "STRK")
    assert rules(b) == ["TOTE-PDF-04"] and "25 CP" in b[0].text
    assert f.check_transfer(main, {"ISD": 1, "CGUN": 2, "CORV": 2}, "STRK") == []
    assert rules(f.check_transfer(main, {"CORV": 1}, "STRK", in_combat=True)) == ["TOTE-BURDEN-09"]
    assert rules(f.check_transfer(main, {"CORV": 1}, "ISD")) == ["TOTE-PDF-03"]
    assert rules(f.check_transfer(main, {"CORV": 1}, "CORV", to_pdf=False)) == ["TOTE-PDF-04"]  # main is full
    assert f.check_transfer({"ACC": 1, "STRK": 1, "ESC": 1}, {"CORV": 1}, "CORV", to_pdf=False) == []


def test_res01_reserve_holds_23_cp() -> None:
    """TOTE-RES-01: the Fleet Reserve Force holds up to a further 23 CP."""
    assert f.check_fleet({"ISD": 2, "CGUN": 1}, kind="reserve") == []
    assert rules(f.check_fleet({"ISD": 2, "CGUN": 2}, kind="reserve")) == ["TOTE-RES-01"]


@pytest.mark.parametrize("kw,want", [
    (dict(sf=1, infantry=100, gav=10, has_facility=True), []),
    (dict(infantry=101, has_facility=True), ["TOTE-RGF-03"]),
    (dict(sf=2, gav=11, has_facility=True), ["TOTE-RGF-03", "TOTE-RGF-03"]),
    (dict(infantry=5, has_facility=False), ["TOTE-RGF-01"]),
    (dict(has_facility=False), []),
])
def test_rgf01_rgf03_ex32_limits(kw: dict, want: list[str]) -> None:
    """TOTE-RGF-01, TOTE-RGF-03, TOTE-EX-32: a grid with a facility may hold 1 SF / 100 infantry / 10 GAV;
    101 infantry is illegal; a grid without a facility holds no RGF."""
    assert rules(st.check_rgf(**kw)) == want


def test_faction11_tech_restrictions() -> None:
    """TOTE-FACTION-11, TOTE-FACTION-01, TOTE-FACTION-02, TOTE-FACTION-03, TOTE-FACTION-04, TOTE-FACTION-05, TOTE-FACTION-06, TOTE-FACTION-07, TOTE-FACTION-08, TOTE-FACTION-09, TOTE-FACTION-10: a faction builds only its own technology: the GE no
    CGUN, the CSA a VSD-I, the IR a Venator, the RA a Z-95."""
    assert rules(f.check_fleet({"CGUN": 1}, tech_allowed=f.FACTION_TECH["GE"])) == ["TOTE-FACTION-11"]
    assert f.check_fleet({"VSD": 1, "MCC": 2}, tech_allowed=f.FACTION_TECH["CSA"]) == []
    assert f.check_fleet({"VEN": 1, "ISD2": 1}, tech_allowed=f.FACTION_TECH["IR"]) == []
    assert f.check_fleet({"CORV": 1, "Z95": 1}, tech_allowed=f.FACTION_TECH["RA"]) == []
    assert rules(f.check_fleet({"ISD": 1}, tech_allowed=f.FACTION_TECH["NR"])) == ["TOTE-FACTION-11"]


def test_start04_bonus_only_units_are_never_built() -> None:
    """TOTE-START-04, TOTE-FACTION-01: the SSD is the GE's bonus unit, never part of a built fleet;
    platforms join no fleet (TOTE-GAP-18)."""
    assert "TOTE-START-04" in rules(f.check_fleet({"SSD": 1}))
    assert rules(f.check_fleet({"GAMMA": 1})) == ["TOTE-GAP-18"]


def test_stock01_stock_complement_comes_free() -> None:
    """TOTE-STOCK-01: a ship's complement is stock units that come with it at no KC cost; its
    price is the ship's alone (the CORV's 15 squads of crew troops included)."""
    corv = unit_types()["CORV"]
    assert dict(corv.complement) == {"INF": 15} and corv.cost_kc == 700


def test_stock03_scrap04_stock_units_pay_nothing() -> None:
    """TOTE-STOCK-03, TOTE-SCRAP-04 (TOTE-GAP-58): a stock unit scraps or salvages for 0 KC, even
    the CORV, which still costs CP."""
    assert st.scrap_value("TIEF") == 0 and st.scrap_value("CORV", captured=True) == 0
    assert unit_types()["CORV"].cp == 1


def test_scrap01_scrap02_ex27_payouts() -> None:
    """TOTE-SCRAP-01, TOTE-SCRAP-02, TOTE-EX-27 (TOTE-GAP-35): 25% of cost for one's own, 50% for captured,
    rounded down: the ISD (10500 KC) scraps for 2625, salvages for 5250; the XWING (450) 112/225."""
    assert (st.scrap_value("ISD"), st.scrap_value("ISD", captured=True)) == (2625, 5250)
    assert (st.scrap_value("XWING"), st.scrap_value("XWING", captured=True)) == (112, 225)
    assert st.scrap_value("Z95", stock=False) == 62  # a bought replacement of a stock unit


@pytest.mark.parametrize("old,new,want", [
    ("TIEF", "TIEI", []), ("Z95", "XWING", []), ("LAMBDA", "SKIPRAY", []), ("ATST", "ATAT", []),
    ("INF", "STORM", []), ("TIEF", "LAMBDA", ["TOTE-STOCK-05"]), ("INF", "ATAT", ["TOTE-STOCK-05"]),
    ("CORV", "CGUN", ["TOTE-STOCK-05"]),
])
def test_stock05_replace_like_for_like(old: str, new: str, want: list[str]) -> None:
    """TOTE-STOCK-05: a stock unit is replaced 1-for-1 by a bought unit of the same category."""
    assert rules(st.check_replacement(old, new)) == want


def test_stock06_room_sizes() -> None:
    """TOTE-STOCK-06: room counts against capacity: an AT-AT takes 4, a squad 1."""
    from core.rulesets.tote.rules.data import room_of
    assert (room_of("ATAT"), room_of("INF"), room_of("TIEF")) == (4, 1, 1)


def test_stock02_stock04_gap34_stock_timing_and_reserve() -> None:
    """TOTE-STOCK-02 (TOTE-GAP-34): stock units take longer: 2 x build time (data gives the base);
    TOTE-STOCK-04: stock units are not stockpiled: a stock squadron sent alone to the reserve is a
    unit like any other and counts its CP there."""
    assert unit_types()["TIEF"].build_days == 1
    assert f.fleet_report({"TIEF": 1}, kind="reserve").cp == 1


def test_parse_fleet_and_bad_text() -> None:
    """The fleet builder reads the text's own fleet notation; bad text says how to write it."""
    assert f.parse_fleet("(7) CGUN + (2) E-Wing") == {"CGUN": 7, "EWING": 2}
    assert f.parse_fleet("CORV x3, 1 isd-ii") == {"CORV": 3, "ISD2": 1}
    assert f.parse_fleet("(7) CGUNs + (3) CORVs") == {"CGUN": 7, "CORV": 3}
    with pytest.raises(f.FleetError, match="no unit type 'DEATHSTARS'"):
        f.parse_fleet("(2) DEATHSTARS")
    with pytest.raises(f.FleetError, match="write a count and a unit code"):
        f.parse_fleet("seven ships of the line")
    assert rules(f.check_fleet({"NOPE": 1})) == ["TOTE-DATA-01"]
    assert rules(f.check_fleet({"CORV": 0})) == ["TOTE-DATA-01"]


FACTIONS = [  # (rule, faction, tech the text allows, bonus units the text gives)
    ("TOTE-FACTION-01", "GE", {"imperial"}, {"SSD": 1}),
    ("TOTE-FACTION-02", "IR", {"imperial", "vsd1", "venator"}, {"ISD2": 1}),
    ("TOTE-FACTION-03", "NR", {"rebel", "republic"}, {"MC90": 1}),
    ("TOTE-FACTION-04", "RA", {"rebel", "independent"}, {"MC90": 1}),
    ("TOTE-FACTION-05", "TF", {"tf"}, {"DHC": 1}),
    ("TOTE-FACTION-06", "HS", {"hutt", "independent"}, {"VNSD": 1, "PBC": 1}),
    ("TOTE-FACTION-07", "HC", {"hapan"}, {"STARHOME": 1, "CFC": 1, "HPB": 2, "NBC": 3}),
    ("TOTE-FACTION-08", "CSA", {"independent", "vsd1"}, {"VSD": 1, "MCC": 2}),
    ("TOTE-FACTION-09", "IND", {"independent"}, {"DREAD": 4}),
    ("TOTE-FACTION-10", "ORC", {"orc"}, {"ORCAB": 4, "ORCCORV": 4}),
]


@pytest.mark.parametrize("rule,faction,tech,bonus", FACTIONS, ids=[x[0] for x in FACTIONS])
def test_faction_tech_and_bonus_pdf(rule: str, faction: str, tech: set, bonus: dict) -> None:
    """TOTE-FACTION-01, TOTE-FACTION-02, TOTE-FACTION-03, TOTE-FACTION-04, TOTE-FACTION-05,
    TOTE-FACTION-06, TOTE-FACTION-07, TOTE-FACTION-08, TOTE-FACTION-09, TOTE-FACTION-10, TOTE-PDF-02:
    each faction's technology and stronghold bonus units as the text gives them; the bonus units
    are its own technology's starships, and a PDF of 23 CP beside them is still legal."""
    assert set(f.FACTION_TECH[faction]) == tech, rule
    assert f.FACTION_BONUS[faction] == bonus, rule
    types = unit_types()
    for code in bonus:
        assert types[code].is_capital and set(types[code].tech) & tech, (rule, code)
    r = f.fleet_report({"CGUN": 7, "EWING": 2}, kind="pdf", bonus=bonus)  # 23 CP, 7 ships, beside the bonus
    assert (r.cp, r.capitals, r.legal) == (23, 7, True), r.lines("pdf")


def test_pdf02_bonus_units_outside_both_limits() -> None:
    """TOTE-PDF-02: the Hapan bonus PDF is 7 capital ships (20 + 7 + 12 + 9 CP) and still leaves the
    PDF's whole 23 CP and 7 ships free."""
    r = f.fleet_report({"NBC": 7}, kind="pdf", bonus=f.FACTION_BONUS["HC"])
    assert (r.cp, r.capitals, r.legal) == (21, 7, True)


def test_gap54_board05_captured_units() -> None:
    """TOTE-GAP-54, TOTE-BOARD-05: a captured ship counts its CP at once but is exempt from the tech
    check (a GE fleet may hold a captured MC-90), even a bonus-only type (a captured SSD)."""
    r = f.fleet_report({"ISD": 1}, captured={"MC90": 1}, tech_allowed=f.FACTION_TECH["GE"])
    assert (r.cp, r.capitals, r.legal) == (20, 2, True)
    assert rules(f.check_fleet({"ISD": 1, "MC90": 1}, tech_allowed=f.FACTION_TECH["GE"])) == ["TOTE-FACTION-11"]
    assert rules(f.check_fleet({"ISD": 1}, captured={"SSD": 1})) == ["TOTE-CP-02"]  # 10 + 23: over, not illegal type


def test_gap28_gap48_captured_ship_into_the_pdf() -> None:
    """TOTE-GAP-28, TOTE-GAP-48: a captured ship joins its capture system's own PDF, which has its
    own 23 CP / 7 ships; if that PDF is full the breach says so."""
    assert f.check_fleet({"CORV": 3}, kind="pdf", captured={"STRK": 1}) == []
    full = f.check_fleet({"ISD2": 2}, kind="pdf", captured={"STRK": 1})
    assert rules(full) == ["TOTE-PDF-01"] and "27 CP" in full[0].text


def test_rgf02_rgf_starts_all_stock() -> None:
    """TOTE-RGF-02, TOTE-RGF-03: a faction's RGF starts as stock units at the limits: its stock
    squadron, 100 stock infantry squads and 10 stock GAV, all of its own technology."""
    from core.rulesets.tote.rules.data import ground_types
    assert st.stock_rgf("GE") == {"TIEF": 1, "STORM": 100, "ATST": 10}
    assert st.stock_rgf("TF") == {"VULTURE": 1, "DROID": 100, "AAT": 10}
    for faction, tags in f.FACTION_TECH.items():
        rgf = st.stock_rgf(faction)
        assert all((unit_types().get(c) or ground_types()[c]).stock for c in rgf), faction
        cats = {st.category(c): n for c, n in rgf.items()}
        assert cats == {"SF": 1, "Infantry": 100, "GAV": 10}, faction
        assert st.check_rgf(sf=1, infantry=100, gav=10, has_facility=True) == []


@pytest.mark.parametrize("kinds,features,ok", [
    ({"shipyard"}, set(), True), ({"factory"}, set(), True), (set(), {"Salvage Yard"}, True),
    (set(), {"Heavy Industry"}, True), (set(), {"Heavy Mining"}, True), ({"comscan"}, {"Trade Hub"}, False),
])
def test_scrap03_where_to_scrap(kinds: set, features: set, ok: bool) -> None:
    """TOTE-SCRAP-03: scrapping and salvage only at a Shipyard or Factory, a Salvage Yard, Heavy
    Industry or Heavy Mining."""
    assert (st.check_scrap_site(facility_kinds=kinds, features=features) == []) is ok


def test_burden03_carried_by_stands_in_for_attached_to() -> None:
    """TOTE-BURDEN-03: a squadron still aboard its carrier (``carried_by``, the engine's key) ties
    the carrier's CP like an ``attached_to`` one; a capital ship acting beside its own squadron
    commits its CP once."""
    ship = {"id": "s", "type": "ESC", "destroyed": True}
    tie = {"id": "t", "type": "TIEF", "destroyed": False, "carried_by": "s"}
    assert f.committed_cp([ship, tie]) == 5
    units = {"s": {**ship, "destroyed": False}, "t": tie}
    assert f.battle_cp([units["s"], tie], units) == 5 == f.battle_cp([tie, units["s"]], units)


def test_strong01_free_stronghold_defences() -> None:
    """TOTE-STRONG-01: 1 Omega, 3 Gamma and 1 Sigma platform at every stronghold, free: platforms
    of no CP that never join a fleet."""
    assert st.STRONGHOLD_DEFENSES == {"OMEGA": 1, "GAMMA": 3, "SIGMA": 1}
    assert all(unit_types()[c].cls == "platform" and unit_types()[c].cp == 0 for c in st.STRONGHOLD_DEFENSES)
    assert f.committed_cp([{"id": c, "type": c} for c in st.STRONGHOLD_DEFENSES]) == 0


def test_fleethyp01_gap06_ex25_slowest_hyperdrive() -> None:
    """TOTE-FLEETHYP-01, TOTE-GAP-06, TOTE-EX-25: 2 trade links + 1 common = 24 h; a fleet whose
    slowest hyperdrive is class 2 spends 48 h (arriving 2 turns later); class 1 alone 24 h; craft
    without a hyperdrive ride along; a class of 1/2 halves the trip, rounded up."""
    from fractions import Fraction
    hours = 6 + 6 + 12
    assert f.fleet_hyper_hours(["XWING"], hours) == 24
    assert f.fleet_hyper_hours(["XWING", "MC80", "RAF", "TIEF"], hours) == 48
    assert -(-48 // 24) == 2 and -(-24 // 24) == 1
    fast = unit_types()["XWING"].__class__(**{**unit_types()["XWING"].__dict__, "hyperdrive": Fraction(1, 2)})
    assert fast.hyper_hours(25) == 13
    with pytest.raises(ValueError, match="no hyperdrive"):
        unit_types()["TIEF"].hyper_hours(6)
    with pytest.raises(ValueError, match="no unit of this fleet"):
        f.fleet_hyper_hours(["TIEF"], 6)


def test_fleet_problems_messages_begin_with_the_rule() -> None:
    """TOTE-FACTION-11, TOTE-CP-02: the engine-facing form: one message per breach, rule first."""
    assert f.fleet_problems("GE", "1 ACC + 1 STRK + 1 ESC + 1 TIEAV") == []
    msgs = f.fleet_problems("GE", {"ISD2": 2, "CGUN": 1})
    assert msgs == ["TOTE-FACTION-11: Corellian Gunship (CGUN) is rebel/republic/independent technology; "
                    "this faction may use imperial", "TOTE-CP-02: the fleet holds 25 CP; at most 23"]


@pytest.mark.parametrize("hero,swap,main,pdf,want", [
    (True, False, {"ISD": 1}, {}, "main"),
    (False, False, {"ISD": 1}, {}, "pdf"),                                   # no Hero: the local PDF
    (False, True, {"ISD": 1}, {}, "main"),                                   # a direct swap needs no Hero
    (True, False, {"ISD2": 2}, {"CORV": 3}, "pdf"),                          # main fleet full
    (True, False, {"ISD2": 2}, {"ISD2": 1, "ACC": 1}, "unassigned"),         # both full
])
def test_gap27_where_a_new_unit_goes(hero: bool, swap: bool, main: dict, pdf: dict, want: str) -> None:
    """TOTE-GAP-27, TOTE-BURDEN-06, TOTE-BURDEN-07: a new 5-CP STRK joins the main fleet only with
    the Hero present (or by direct swap) and room; else the local PDF if it has room; else it waits
    unassigned."""
    assert f.new_unit_assignment("STRK", hero_present=hero, direct_swap=swap, main=main, pdf=pdf) == want


@pytest.mark.parametrize("text,want", [
    ("GE: ACC:1, STRK:1, ESC:1, TIEAV:1", []),                              # TOTE-EX-04 as list text
    ("nr | (7) CGUNs + 2 E-Wing", []),                                      # TOTE-EX-05 in the text's words
    ("CORV:8", ["TOTE-CP-03"]),                                             # TOTE-EX-21, no faction given
    ("GE: CGUN:7, EWING:2", ["TOTE-FACTION-11", "TOTE-FACTION-11"]),
    ("", ["fleet list"]), ("GE: bad words", ["fleet list"]),
])
def test_list_problems_for_the_fleet_builder(text: str, want: list[str]) -> None:
    """TOTE-CP-02, TOTE-CP-03, TOTE-FACTION-11: the fleet builder's check of list text ("FACTION:
    units" or bare units): one message per breach, its rule first; unreadable text says how to
    write it. ``list_text`` writes a list that reads back the same."""
    assert [p.split(":")[0] for p in f.list_problems(text)] == want
    assert f.parse_fleet(f.split_list(f.list_text("IR", {"ISD2": 1, "VSD": 1}))[1]) == {"ISD2": 1, "VSD": 1}
    assert f.split_list(f.list_text("IR", {"ISD2": 1}))[0] == "IR"


def test_start01_start02_start03_starting_choice() -> None:
    """TOTE-START-01, TOTE-START-02, TOTE-START-03 (TOTE-FLOW-03): 23 CP of the faction's own units
    passing every fleet check, the Command Center free, and up to 2000 KC of facilities (a Shipyard
    at 1500 fits; a Shipyard and a Factory at 2500 do not; the KC buys no ships); the Freelancer
    does not start this way."""
    ex04 = {"ACC": 1, "STRK": 1, "ESC": 1, "TIEAV": 1}
    assert st.check_start("GE", ex04, {"FCC": 1, "YARD": 1}) == []
    assert rules(st.check_start("GE", ex04, {"YARD": 1, "FACTORY": 1})) == ["TOTE-START-02"]
    assert rules(st.check_start("GE", ex04, {"CORV": 1})) == ["TOTE-START-02"]
    assert rules(st.check_start("GE", {**ex04, "STRK": 2})) == ["TOTE-CP-02"]
    assert rules(st.check_start("NR", ex04)) == ["TOTE-FACTION-11"] * 4
    assert rules(st.check_start("Freelancer", {})) == ["TOTE-START-03"]
