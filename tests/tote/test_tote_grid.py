"""The space-ground grid of Twilight of the Empire: topology (TOTE-DATA-06, GAP-03/55), hyperspace
exits, fire geometry by unit class, patrol kinds, environment modifiers and the drawing rows."""
from __future__ import annotations

import dataclasses

import pytest

from core.errors import OrderError
from core.rulesets.tote.rules import arith, grid
from core.rulesets.tote.rules.grid import GridDataError, Space

RINGS = ("DSZ", "C", "B", "A")


def test_tote_grid_01_four_quadrants_and_the_data06_topology() -> None:
    """TOTE-GRID-01, TOTE-GAP-03, TOTE-GAP-55, TOTE-ATMO-01: four quadrants, one space of each ring
    per quadrant, one Atmosphere, ground grids G-1..G-4 with two layers; 25 spaces in all."""
    ids = grid.spaces()
    assert len(ids) == 25
    for ring in RINGS:
        assert [s for s in ids if s.split("-")[0] == ring] == [f"{ring}-{q}" for q in (1, 2, 3, 4)]
    assert [s for s in ids if grid.kind(s) == "atmosphere"] == ["ATMO"]
    assert [grid.ground_grid(s) for s in ids if grid.kind(s) == "air"] == ["G-1", "G-2", "G-3", "G-4"]
    assert [grid.quadrant(s) for s in ids if grid.kind(s) == "surface"] == [1, 2, 3, 4]
    assert grid.quadrant("ATMO") == 0


def test_tote_gap_03_a_planet_without_ground_grids_has_no_atmosphere() -> None:
    """TOTE-GAP-03: ground_grids = 0 (asteroids): only the sixteen ring spaces, no ATMO, no G."""
    ids = grid.spaces(ground=False)
    assert len(ids) == 16 and "ATMO" not in ids
    assert grid.neighbours("A-1", ground=False) == ("B-1", "A-4", "A-2")
    with pytest.raises(OrderError, match="no space of this grid"):
        grid.parse_space("ATMO", ground=False)


def test_tote_grid_02_the_kinds_of_space_from_outside_in() -> None:
    """TOTE-GRID-02: DSZ, C-Ring, B-Ring, A-Ring, the Atmosphere, then ground grids with Surface and Air."""
    order = [grid.kind(s) for s in grid.spaces()]
    firsts = [k for i, k in enumerate(order) if k not in order[:i]]
    assert firsts == ["dsz", "c_ring", "b_ring", "a_ring", "atmosphere", "air", "surface"]
    assert grid.load().kind_names["c_ring"] == "C-Ring (high orbit)"


def test_tote_data_06_move_adjacency_rows() -> None:
    """TOTE-DATA-06 example rows: DSZ-1, C-1, A-1, ATMO and the ground grids move where the catalog says."""
    assert set(grid.neighbours("DSZ-1")) == {"C-1", "DSZ-2", "DSZ-4"}
    assert set(grid.neighbours("C-1")) == {"DSZ-1", "B-1", "C-2", "C-4"}
    assert set(grid.neighbours("A-1")) == {"B-1", "A-2", "A-4", "ATMO"}
    assert set(grid.neighbours("ATMO")) == {"A-1", "A-2", "A-3", "A-4", *(f"G-{q}/air" for q in range(1, 5)),
                                            *(f"G-{q}/surface" for q in range(1, 5))}
    assert set(grid.neighbours("G-1/air")) == {"ATMO", "G-1/surface"}
    assert grid.space("A-1").ob_target == "G-1/surface"
    assert grid.space("G-3/surface").planetary_fire == ("A-3",)
    for a in grid.spaces():
        for b in grid.neighbours(a):
            assert grid.adjacent(b, a), (a, b)


def test_tote_grid_03_no_move_is_diagonal() -> None:
    """TOTE-GRID-03: a different ring and a different quadrant (B-1/C-2) is never adjacent; rings
    wrap (DSZ-4 next to DSZ-1) but opposite quadrants are not neighbours (nor diagonal)."""
    assert grid.is_diagonal("B-1", "C-2") and not grid.adjacent("B-1", "C-2")
    assert grid.is_diagonal("A-4", "B-1") and not grid.adjacent("A-4", "B-1")
    assert grid.adjacent("DSZ-4", "DSZ-1") and grid.adjacent("C-4", "C-1")
    # opposite quadrants of one ring are two steps apart, not diagonal (issue 26.17)
    assert not grid.adjacent("C-1", "C-3") and not grid.is_diagonal("C-1", "C-3")
    assert not grid.is_diagonal("ATMO", "A-3")
    for a in grid.spaces():
        for b in grid.neighbours(a):
            assert not grid.is_diagonal(a, b)
    assert grid.distance("DSZ-1", "G-3/surface") == 5
    assert grid.distance("C-1", "B-2") == 2


def test_tote_logi_01_ground_grids_are_joined_only_through_the_atmosphere() -> None:
    """TOTE-LOGI-01: no ground grid borders another; from G-1 to G-2 the way lies through ATMO."""
    assert not grid.adjacent("G-1/surface", "G-2/surface")
    assert grid.distance("G-1/surface", "G-2/surface") == 2


def _broken(sid: str, **change: object) -> grid.Grid:
    g = grid.load()
    spaces = dict(g.spaces)
    spaces[sid] = dataclasses.replace(spaces[sid], **change)
    return grid.Grid(spaces, g.kind_names)


@pytest.mark.parametrize("sid, change, words", [
    ("B-1", {"move": ("C-1", "A-1", "B-2", "B-4", "C-2")}, "does not move back"),
    ("DSZ-1", {"fire": ("DSZ-1", "C-1")}, "TOTE-FIRE-04"),
    ("C-1", {"fire": ("C-1", "DSZ-1")}, "TOTE-FIRE-03"),
    ("A-1", {"fire": ("A-1", "ATMO")}, "TOTE-FIRE-05/06"),
    ("C-1", {"fire": ("C-1", "A-1")}, "TOTE-RANGE-01"),
    ("A-2", {"ob_target": "G-1/surface"}, "TOTE-OB-02"),
    ("G-1/surface", {"planetary_fire": ("A-2",)}, "TOTE-S2S-01"),
    ("C-1", {"kind": "moon"}, "kind"),
    ("C-1", {"move": ("DSZ-1", "B-1", "C-2", "C-4", "X-9")}, "no space"),
])
def test_tote_data_06_the_loader_refuses_a_grid_that_breaks_a_rule(sid: str, change: dict, words: str) -> None:
    """TOTE-DATA-06: the grid is checked at load time against GRID/FIRE/RANGE/OB/S2S."""
    with pytest.raises(GridDataError, match=words.replace("(", r"\(").replace(")", r"\)")):
        grid._check(_broken(sid, **change))


def test_tote_data_06_a_diagonal_edge_fails_the_load() -> None:
    """TOTE-GRID-03 at load: a symmetric but diagonal move edge (B-1 <-> C-2) is refused."""
    g = _broken("B-1", move=grid.space("B-1").move + ("C-2",))
    spaces = dict(g.spaces)
    spaces["C-2"] = dataclasses.replace(spaces["C-2"], move=spaces["C-2"].move + ("B-1",))
    with pytest.raises(GridDataError, match="diagonal"):
        grid._check(grid.Grid(spaces, g.kind_names))


def test_tote_grid_ids_parse_from_what_players_type() -> None:
    """TOTE-GROUND-03: ground layers are named "G-1 Surface" / "G-1 Air"; players may type them freely."""
    assert grid.label("G-1/surface") == "G-1 Surface" and grid.label("G-2/air") == "G-2 Air"
    for text, sid in [("c1", "C-1"), ("DSZ-3", "DSZ-3"), ("G-2 Surface", "G-2/surface"), ("g2 air", "G-2/air"),
                      ("g3s", "G-3/surface"), ("atm", "ATMO"), ("Atmosphere", "ATMO"), ("g-4/AIR", "G-4/air")]:
        assert grid.parse_space(text) == sid
    with pytest.raises(OrderError, match="'E-1' is no space of this grid; spaces are DSZ-1, DSZ-2"):
        grid.parse_space("E-1")
    with pytest.raises(OrderError, match="no space of the grid"):
        grid.space("Z-1")


def test_tote_hyper_01_non_friendly_systems_exit_in_a_deep_space_zone() -> None:
    """TOTE-HYPER-01: in a non-friendly, unscanned system every ship leaves hyperspace in a DSZ."""
    assert grid.hyper_exit_spaces("hostile") == ("DSZ-1", "DSZ-2", "DSZ-3", "DSZ-4")
    grid.check_hyper_exit("DSZ-2", "hostile")
    with pytest.raises(OrderError, match="cannot leave hyperspace in C-1: in a non-friendly system not scanned "
                                         "before, ships leave hyperspace in a Deep Space Zone; legal exits are "
                                         "DSZ-1, DSZ-2, DSZ-3, DSZ-4"):
        grid.check_hyper_exit("C-1", "hostile")


def test_tote_hyper_03_friendly_or_scanned_systems_exit_up_to_the_b_ring() -> None:
    """TOTE-HYPER-03, TOTE-GAP-10: friendly or previously scanned: DSZ, C or B; never A, ATMO or ground."""
    for status in ("friendly", "scanned"):
        exits = grid.hyper_exit_spaces(status)
        assert len(exits) == 12 and {grid.kind(s) for s in exits} == {"dsz", "c_ring", "b_ring"}
        grid.check_hyper_exit("B-3", status)
        for bad in ("A-1", "ATMO", "G-1/surface", "G-2/air"):
            with pytest.raises(OrderError, match="at most as far in as the B-Ring"):
                grid.check_hyper_exit(bad, status)
    with pytest.raises(OrderError, match="not one of friendly, scanned, hostile"):
        grid.hyper_exit_spaces("allied")


def test_tote_fire_01_a_ring_fires_at_the_adjacent_b_ring() -> None:
    """TOTE-FIRE-01: a capital ship in A-q fires at B-q (orthogonal), not at a diagonal B space."""
    assert grid.fire_mode("capital", "A-1", "B-1") == "direct"
    assert not grid.can_fire("capital", "A-1", "B-2")


def test_tote_fire_02_b_ring_fires_at_the_adjacent_c_ring() -> None:
    """TOTE-FIRE-02: B-q fires at C-q."""
    assert grid.can_fire("capital", "B-3", "C-3")
    with pytest.raises(OrderError, match="C-2 is diagonal to B-1: firing diagonally is not allowed"):
        grid.fire_mode("capital", "B-1", "C-2")


def test_tote_fire_03_c_ring_never_fires_into_deep_space() -> None:
    """TOTE-FIRE-03: C-q may not attack DSZ-q even though they are adjacent for movement."""
    assert grid.adjacent("C-1", "DSZ-1")
    with pytest.raises(OrderError, match=r"a capital ship in C-1 cannot fire at DSZ-1: units in high orbit \(C-Ring\) "
                                         r"cannot attack units in a Deep Space Zone; from C-1 it may fire at "
                                         r"C-1, C-2, C-4, B-1"):
        grid.fire_mode("capital", "C-1", "DSZ-1")


def test_tote_fire_04_deep_space_fires_only_within_its_own_zone() -> None:
    """TOTE-FIRE-04: from a DSZ only the same DSZ: not C-q, not the next DSZ."""
    assert grid.fire_targets("capital", "DSZ-2") == ("DSZ-2",)
    assert not grid.can_fire("capital", "DSZ-2", "C-2")
    assert not grid.can_fire("capital", "DSZ-2", "DSZ-3")


def test_tote_fire_05_and_06_no_fire_between_a_ring_and_atmosphere() -> None:
    """TOTE-FIRE-05 (A-Ring -> Atmosphere) and TOTE-FIRE-06 (Atmosphere -> A-Ring) are both refused."""
    assert grid.adjacent("A-2", "ATMO")
    for a, b in (("A-2", "ATMO"), ("ATMO", "A-2")):
        with pytest.raises(OrderError, match="the A-Ring and the Atmosphere cannot fire at each other"):
            grid.fire_mode("capital", a, b)


def test_tote_fire_07_inward_and_along_the_ring_fire_is_allowed() -> None:
    """TOTE-FIRE-07, TOTE-GAP-05: B->A, C->B and along a ring to the neighbouring quadrant, symmetrically."""
    assert grid.can_fire("capital", "B-1", "A-1") and grid.can_fire("capital", "C-4", "B-4")
    assert grid.can_fire("capital", "C-1", "C-4") and grid.can_fire("capital", "C-4", "C-1")
    assert grid.can_fire("capital", "A-3", "A-2") and grid.can_fire("capital", "B-4", "B-1")
    assert grid.fire_targets("capital", "B-2") == ("C-2", "B-1", "B-2", "B-3", "A-2")


def test_tote_grid_04_no_attack_is_diagonal() -> None:
    """TOTE-GRID-04: no class fires diagonally, at any range."""
    for cls in ("capital", "platform", "sf", "aux"):
        for a in grid.spaces():
            for b in grid.spaces():
                if grid.is_diagonal(a, b):
                    assert not grid.can_fire(cls, a, b), (cls, a, b)


def test_tote_range_01_capital_ships_fire_up_to_one_space() -> None:
    """TOTE-RANGE-01: own space or an orthogonally adjacent one; two spaces away is out of range."""
    assert grid.can_fire("capital", "C-2", "C-2") and grid.can_fire("capital", "C-2", "C-3")
    with pytest.raises(OrderError, match="A-1 is beyond range 1 of C-1"):
        grid.fire_mode("capital", "C-1", "A-1")
    assert grid.fire_targets("platform", "A-4") == ("B-4", "A-1", "A-3", "A-4")


def test_tote_range_02_starfighters_and_auxiliaries_attack_only_their_own_space() -> None:
    """TOTE-RANGE-02: SF and AUX fire only into their own space."""
    for cls in ("sf", "aux"):
        for s in ("DSZ-1", "C-2", "B-3", "A-4", "ATMO"):
            assert grid.fire_targets(cls, s) == (s,)
    with pytest.raises(OrderError, match="starfighters and auxiliary craft attack only targets in their own space"):
        grid.fire_mode("sf", "B-1", "B-2")


def test_tote_atmo_08_anyone_in_the_atmosphere_engages_anyone_there() -> None:
    """TOTE-ATMO-08: inside the Atmosphere there is no range limit: every class fires at ATMO from ATMO."""
    for cls in ("capital", "sf", "aux"):
        assert grid.fire_mode(cls, "ATMO", "ATMO") == "direct"


def test_tote_ob_02_orbital_bombardment_from_the_a_ring_at_the_ground_below() -> None:
    """TOTE-OB-02, TOTE-OB-01: only a ship with the orbital_bombardment flag, from A-q, at G-q Surface."""
    assert grid.fire_mode("capital", "A-3", "G-3/surface", orbital_bombardment=True) == "orbital_bombardment"
    with pytest.raises(OrderError, match="only Star Destroyers, Mon Calamari cruisers and the Dauntless"):
        grid.fire_mode("capital", "A-3", "G-3/surface")
    assert not grid.can_fire("capital", "A-3", "G-2/surface", orbital_bombardment=True)
    assert not grid.can_fire("capital", "A-3", "G-3/air", orbital_bombardment=True)
    assert not grid.can_fire("capital", "B-3", "G-3/surface", orbital_bombardment=True)


def test_tote_atmobomb_01_capital_ships_in_the_atmosphere_fire_at_any_surface() -> None:
    """TOTE-ATMOBOMB-01, TOTE-GAP-05: from ATMO a capital ship attacks the Surface of any ground grid,
    never its Air layer; SF in ATMO cannot reach the ground by direct fire."""
    for q in (1, 2, 3, 4):
        assert grid.fire_mode("capital", "ATMO", f"G-{q}/surface") == "atmospheric_bombardment"
        assert not grid.can_fire("capital", "ATMO", f"G-{q}/air")
    with pytest.raises(OrderError, match="own space"):
        grid.fire_mode("sf", "ATMO", "G-1/surface")


def test_tote_bomb_05_bombers_fire_warheads_at_the_ground_from_the_atmosphere() -> None:
    """TOTE-BOMB-05: a bombing-capable SF in ATMO may attack ground targets without entering the Air layer."""
    assert grid.fire_mode("sf", "ATMO", "G-2/surface", bombing_run=True) == "bombing"
    assert not grid.can_fire("sf", "A-2", "G-2/surface", bombing_run=True)
    assert not grid.can_fire("aux", "ATMO", "G-2/surface", bombing_run=True)


def test_tote_strafe_01_starfighters_in_the_air_attack_the_ground_below() -> None:
    """TOTE-STRAFE-01: an SF in G-q Air attacks the Surface of the same grid, not another grid's."""
    assert grid.fire_mode("sf", "G-1/air", "G-1/surface") == "strafe"
    assert not grid.can_fire("sf", "G-1/air", "G-2/surface")
    assert grid.fire_mode("sf", "G-1/air", "G-1/air") == "direct"


def test_tote_s2s_01_planetary_weapons_fire_into_the_adjacent_a_ring_only() -> None:
    """TOTE-S2S-01, TOTE-GAP-05: a planetary weapon on G-q Surface fires only at A-q."""
    assert grid.fire_targets("planetary_weapon", "G-2/surface") == ("A-2",)
    assert grid.fire_mode("planetary_weapon", "G-2/surface", "A-2") == "planetary"
    with pytest.raises(OrderError, match="fires only from its Surface into the adjacent A-Ring"):
        grid.fire_mode("planetary_weapon", "G-2/surface", "B-2")


def test_tote_s2a_01_only_vehicles_fire_from_the_surface_into_the_air() -> None:
    """TOTE-S2A-01: vehicles (and airspeeders) on the Surface hit the Air of their grid; infantry may not."""
    assert grid.can_fire("vehicle", "G-1/surface", "G-1/air")
    assert grid.can_fire("airspeeder", "G-1/surface", "G-1/air")
    with pytest.raises(OrderError, match="only vehicles may fire at the Air layer"):
        grid.fire_mode("infantry", "G-1/surface", "G-1/air")
    assert not grid.can_fire("capital", "G-1/surface", "G-1/air")


def test_tote_a2a_01_fighters_and_airspeeders_fight_in_the_same_ground_grid() -> None:
    """TOTE-A2A-01: SF and combat airspeeders in the same ground grid's Air attack each other."""
    assert grid.can_fire("airspeeder", "G-4/air", "G-4/air") and grid.can_fire("sf", "G-4/air", "G-4/air")
    assert not grid.can_fire("airspeeder", "G-4/air", "G-3/air")


def test_tote_g2g_01_ground_units_fight_only_in_their_own_ground_grid() -> None:
    """TOTE-G2G-01: infantry and vehicles attack each other only in the same ground grid."""
    assert grid.can_fire("infantry", "G-2/surface", "G-2/surface")
    assert grid.fire_targets("vehicle", "G-2/surface") == ("G-2/air", "G-2/surface")
    with pytest.raises(OrderError, match="ground units fire only at units in their own ground grid"):
        grid.fire_mode("vehicle", "G-2/surface", "G-3/surface")
    assert not grid.can_fire("infantry", "G-2/surface", "ATMO")


def test_tote_gap_05_the_ground_is_reached_only_by_bombardment_strafing_or_bombing() -> None:
    """TOTE-GAP-05: no direct fire crosses between the ground and the sky except the listed attacks."""
    for cls in ("capital", "platform", "sf", "aux"):
        for s in grid.spaces():
            if grid.kind(s) in ("dsz", "c_ring", "b_ring", "a_ring", "atmosphere"):
                for t in grid.fire_targets(cls, s, orbital_bombardment=True, bombing_run=True):
                    if grid.kind(t) in ("air", "surface"):
                        assert grid.fire_mode(cls, s, t, orbital_bombardment=True, bombing_run=True) != "direct"


def test_tote_csp_01_and_cap_01_where_patrols_are_flown() -> None:
    """TOTE-CSP-01: CSP over one space of the space grid; TOTE-CAP-01: CAP over ATMO or an Air layer."""
    for s in ("DSZ-1", "C-2", "B-3", "A-4"):
        assert grid.patrol_kind(s) == "CSP"
    assert grid.patrol_kind("ATMO") == "CAP" and grid.patrol_kind("G-3/air") == "CAP"
    with pytest.raises(OrderError, match="no patrol can be flown over G-3 Surface"):
        grid.patrol_kind("G-3/surface")


@pytest.mark.parametrize("unit, base, space, mode, expect", [
    ("TIE squadron", 9, "ATMO", "", 8), ("TIE squadron", 9, "G-1/air", "", 7),
    ("X-Wing", 8, "ATMO", "", 8), ("X-Wing", 8, "G-1/air", "", 7),
    ("Z-95", 6, "ATMO", "", 7), ("Z-95", 6, "G-1/air", "", 6),
    ("capital ship", 3, "ATMO", "atmospheric_bombardment", 1),
])
def test_tote_ex_30_environmental_ucr(unit: str, base: int, space: str, mode: str, expect: int) -> None:
    """TOTE-EX-30, TOTE-ATMO-02 (-1), TOTE-ATMO-03 (X-Wing 0), TOTE-ATMO-04 (Z-95 +1), TOTE-GROUND-02
    (a further -1 in a ground grid's Air), TOTE-GAP-17 (stacking; atmospheric bombardment 3-1-1 = 1)."""
    atmo_mod = {"TIE squadron": -1, "X-Wing": 0, "Z-95": 1, "capital ship": -1}[unit]
    mods = grid.environment_modifiers(space, atmo_mod, mode=mode)
    assert arith.effective_ucr(base, mods) == expect


def test_tote_gap_17_no_environment_modifier_in_space_or_landed() -> None:
    """TOTE-GAP-17: landed on the Surface 0, in the space grid 0; TOTE-OB-05: -1 in a bombarded grid."""
    assert grid.environment_modifiers("C-1", -1) == ()
    assert grid.environment_modifiers("G-2/surface", -1) == ()
    assert grid.environment_modifiers("G-2/surface", -1, bombarded=("G-2",)) == (-1,)
    assert grid.environment_modifiers("G-2/air", 0, bombarded=("G-2",)) == (0, -1, -1)
    assert grid.environment_modifiers("ATMO", -1, mode="direct") == (-1,)


def test_tote_grid_board_rows_for_drawing() -> None:
    """The drawing helper: seven rows, four quadrant columns, the Atmosphere spanning the width; a
    radial step is one row in the same column and a ring step one column (no rule knowledge needed)."""
    rows = grid.board_rows()
    assert [r["label"] for r in rows] == ["DSZ", "C", "B", "A", "ATMO", "Air", "Surface"]
    assert rows[0]["cells"] == ["DSZ-1", "DSZ-2", "DSZ-3", "DSZ-4"]
    assert rows[4]["cells"] == ["ATMO"] and grid.cells()["ATMO"] == (4, 0, 4)
    assert rows[6]["cells"] == ["G-1/surface", "G-2/surface", "G-3/surface", "G-4/surface"]
    assert [r["label"] for r in grid.board_rows(ground=False)] == ["DSZ", "C", "B", "A"]
    cells = grid.cells(ground=False)
    for a in grid.spaces(ground=False):
        for b in grid.neighbours(a, ground=False):
            (ra, ca, _), (rb, cb, _) = cells[a], cells[b]
            assert (ra == rb and (ca - cb) % 4 in (1, 3)) or (ca == cb and abs(ra - rb) == 1), (a, b)


def test_tote_grid_unknown_class_is_refused() -> None:
    """An unknown unit class is a clear refusal, not a silent False."""
    with pytest.raises(OrderError, match="unit class 'droid' is not one of capital"):
        grid.can_fire("droid", "C-1", "C-1")
    assert isinstance(grid.space("C-1"), Space)


def test_tote_atmo_09_the_atmosphere_is_described_not_ruled() -> None:
    """TOTE-ATMO-09: 50 km to 690 km, the Aerospace Zone: a description on the space, with no
    modifier beyond the atmosphere's own (ATMO-02)."""
    note = grid.space("ATMO").note
    assert "50 km" in note and "690 km" in note and "Aerospace Zone" in note
    assert "below 50 km" in grid.space("G-1/air").note
    assert grid.environment_modifiers("ATMO", -1) == (-1,)


def test_tote_gap_10_system_status_for_hyperspace_exits() -> None:
    """TOTE-GAP-10: a system the player once scanned or was present in counts as previously scanned."""
    assert grid.system_status(friendly=True, scanned_before=False) == "friendly"
    assert grid.system_status(friendly=False, scanned_before=True) == "scanned"
    assert grid.system_status(friendly=False, scanned_before=False) == "hostile"
    assert grid.hyper_exit_spaces(grid.system_status(False, True))[-1] == "B-4"


def test_tote_grid_data_classes_and_facility_kinds_are_understood() -> None:
    """The data's class names work as they are: ``gav`` fires as a vehicle (TOTE-S2A-01), facility
    kinds as facilities, a planetary weapon emplacement as a planetary weapon (TOTE-S2S-01)."""
    assert grid.can_fire("gav", "G-1/surface", "G-1/air")
    assert grid.fire_targets("garrison", "G-1/surface") == ("G-1/air", "G-1/surface")
    assert grid.fire_targets("planetary_weapon", "G-1/surface") == ("A-1",)
    with pytest.raises(OrderError, match="a vehicle in G-1 Surface cannot fire at A-1"):
        grid.fire_mode("gav", "G-1/surface", "A-1")
