"""Sublight movement and positions in Twilight of the Empire: movement points, what ends movement,
fire-then-move, the atmosphere and the ground, hyperspace arrival and jumps, tractor drags, patrols,
launching and escape pods (MOVE, HYPER, ATMO, GROUND, CSP, CAP, LAUNCH; TOTE-GAP-04/07/20/41/57)."""
from __future__ import annotations

from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.errors import OrderError
from core.rulesets.tote.battle import movement as mv
from core.rulesets.tote.battle.movement import Mover
from core.rulesets.tote.rules import data, grid

ISD = Mover("capital", 2, hyperdrive=True, name="Imperial-class Star Destroyer")
CGUN = Mover("capital", 4, atmosphere_capable=True, hyperdrive=True)
CORV = Mover("capital", 4, atmosphere_capable=True, can_land=True, hyperdrive=True)
XWING = Mover("sf", 5, hyperdrive=True)
TIEF = Mover("sf", 5)
LAMBDA = Mover("aux", 3, can_land=True, hyperdrive=True)
GAMMA = Mover("platform", 0)
INF = Mover("infantry", 1)
ATAT = Mover("vehicle", 1)
T47 = Mover("airspeeder", 4)


def unit(uid: str, space: str, mover: Mover, **extra: object) -> dict:
    """A unit dict at the start of a round, as model.py makes it."""
    u = {"id": uid, "faction": extra.pop("faction", "GE"), "space": space, "mp": mv.round_mp(mover.speed),
         "moved": False, "fired": False, "acted": [], "disabled": False, "destroyed": False, "derelict": False,
         "withdrawn": False, "final": False, "inert": False, "tractored_by": None, "carried_by": None,
         "patrol": False}
    u.update(extra)
    return u


def test_tote_gap_04_movement_points_are_the_speed_one_per_step() -> None:
    """TOTE-GAP-04: MP per round = Speed; each orthogonal step costs 1; Speed 0 cannot move; the
    one_space option gives 1."""
    assert mv.round_mp(4) == 4 and mv.round_mp(4, "one_space") == 1 and mv.round_mp(0) == 0
    with pytest.raises(OrderError, match="mp_source 'two' is not one of speed, one_space"):
        mv.round_mp(2, "two")
    isd = unit("GE-1", "C-1", ISD)
    plan = mv.plan_move(isd, ISD, ["C-2", "C-3"])
    assert (plan.cost, plan.mp_left, plan.ended_by, plan.to) == (2, 0, "", "C-3")
    assert mv.move_cost(["C-1", "C-2", "B-2"]) == 2
    with pytest.raises(OrderError, match="no movement points left"):
        mv.plan_move(isd, ISD, ["C-2", "C-3", "C-4"])
    assert set(mv.legal_moves(isd, ISD)) == {"DSZ-1", "DSZ-2", "DSZ-4", "C-2", "C-3", "C-4", "B-1", "B-2",
                                             "B-4", "A-1"}
    with pytest.raises(OrderError, match="cannot move"):
        mv.plan_move(unit("GE-9", "C-1", GAMMA), GAMMA, ["C-2"])
    assert mv.legal_moves(unit("GE-9", "C-1", GAMMA), GAMMA) == {}


def test_tote_move_01_entering_the_a_ring_ends_movement() -> None:
    """TOTE-MOVE-01: a ship with MP to spare stops on entering the A-Ring."""
    corv = unit("RA-1", "B-1", CORV)
    plan = mv.plan_move(corv, CORV, ["A-1"])
    assert (plan.mp_left, plan.ended_by.split(":")[0]) == (0, "TOTE-MOVE-01")
    with pytest.raises(OrderError, match=r"cannot go on to A-2: entering the A-Ring ends movement \(TOTE-MOVE-01\)"):
        mv.plan_move(corv, CORV, ["A-1", "A-2"])
    moved = mv.apply_move(unit("RA-1", "A-1", CORV), mv.plan_move(unit("RA-1", "A-1", CORV), CORV, ["A-2"]))
    assert moved["mp"] == 0 and moved["space"] == "A-2", "a step along the A-Ring also enters the A-Ring"


def test_tote_move_02_entering_a_deep_space_zone_ends_movement_even_from_another() -> None:
    """TOTE-MOVE-02: into a DSZ from C, or from another DSZ, leaves no movement points."""
    x = unit("RA-2", "C-2", XWING)
    assert mv.plan_move(x, XWING, ["DSZ-2"]).mp_left == 0
    d = unit("RA-2", "DSZ-2", XWING)
    plan = mv.plan_move(d, XWING, ["DSZ-3"])
    assert plan.mp_left == 0 and plan.ended_by.startswith("TOTE-MOVE-02")
    with pytest.raises(OrderError, match="entering a Deep Space Zone ends movement"):
        mv.plan_move(d, XWING, ["DSZ-3", "DSZ-4"])
    assert mv.legal_moves(d, XWING)["C-3"].path == ("DSZ-2", "C-2", "C-3")


def test_tote_grid_03_a_diagonal_move_is_refused_with_the_way_round() -> None:
    """TOTE-GRID-03: B-1 to C-2 is diagonal; the refusal names the orthogonal way and where it can go."""
    isd = unit("GE-1", "B-1", ISD)
    with pytest.raises(OrderError, match=r"GE-1 cannot move from B-1 to C-2: C-2 is diagonal to B-1: moving "
                                         r"diagonally is not allowed; it can reach C-2 by way of B-1 → C-1 → C-2; "
                                         r"this round it could reach DSZ-1, C-1, C-2, C-4, B-2, B-3, B-4, A-1, A-2, A-4$"):
        mv.plan_move(isd, ISD, ["C-2"])
    with pytest.raises(OrderError, match="is in B-1 already"):
        mv.plan_move(isd, ISD, ["B-1"])


def test_tote_move_03_fire_then_move_or_move_then_fire_never_both() -> None:
    """TOTE-MOVE-03: moves and fire may come in either order once; fire, move, fire (or move, fire,
    move) is refused. Several fire orders in a row (split fire) and several steps in a row are fine."""
    assert mv.sequence_problem({"acted": []}, "move") == ""
    assert mv.sequence_problem({"acted": ["fire", "fire"]}, "move") == ""
    assert mv.sequence_problem({"acted": ["move", "move"]}, "fire") == ""
    assert mv.sequence_problem({"acted": ["move", "launch", "fire"]}, "fire") == ""
    assert "has already fired and then moved" in mv.sequence_problem({"id": "GE-1", "acted": ["fire", "move"]}, "fire")
    with pytest.raises(OrderError, match="GE-1 has already moved and then fired this round: a ship either moves "
                                         "then fires or fires then moves, never both ways"):
        mv.check_sequence({"id": "GE-1", "acted": ["move", "fire"]}, "move")
    isd = unit("GE-1", "C-1", ISD, acted=["move", "fire"], moved=True, mp=1)
    with pytest.raises(OrderError, match="GE-1 cannot move: GE-1 has already moved and then fired"):
        mv.plan_move(isd, ISD, ["C-2"])
    assert mv.legal_moves(isd, ISD) == {}
    fired_first = unit("GE-1", "C-1", ISD, acted=["fire"])
    assert mv.apply_move(fired_first, mv.plan_move(fired_first, ISD, ["C-2"]))["acted"] == ["fire", "move"]


def test_tote_gap_07_a_jump_is_the_units_move() -> None:
    """TOTE-GAP-07, TOTE-GAP-51: a unit may fire and then jump; move, fire, then jump is refused."""
    mv.check_jump(unit("GE-1", "C-1", ISD, acted=["fire"]), ISD)
    with pytest.raises(OrderError, match="GE-1 cannot enter hyperspace: GE-1 has already moved and then fired"):
        mv.check_jump(unit("GE-1", "C-1", ISD, acted=["move", "fire"]), ISD)


def test_tote_move_04_a_newly_disabled_ship_moves_and_fires_as_a_final_action() -> None:
    """TOTE-MOVE-04, TOTE-DISABLE-04, TOTE-GAP-22: DISABLED with its final actions to come, it moves
    normally; once they are spent (inert) or without them it cannot."""
    final = unit("GE-1", "C-1", ISD, disabled=True, shields=0, final=True)
    assert mv.plan_move(final, ISD, ["C-2", "C-3"]).to == "C-3"
    with pytest.raises(OrderError, match="disabled and has spent its final actions"):
        mv.plan_move(unit("GE-1", "C-1", ISD, disabled=True, inert=True), ISD, ["C-2"])
    with pytest.raises(OrderError, match="derelict"):
        mv.plan_move(unit("GE-1", "C-1", ISD, disabled=True, derelict=True), ISD, ["C-2"])


def test_tote_ex_38_disabled_ship_moves_fires_but_never_jumps() -> None:
    """TOTE-EX-38, TOTE-DISABLE-05: in its owner's next post a ship disabled on turn 4 may move 1
    space and fire (in either order), and may not jump to hyperspace."""
    ship = unit("NR-4", "B-2", CGUN, disabled=True, final=True)
    moved = mv.apply_move(ship, mv.plan_move(ship, CGUN, ["B-3"]))
    assert moved["space"] == "B-3" and mv.sequence_problem(moved, "fire") == ""
    with pytest.raises(OrderError, match="NR-4 cannot enter hyperspace: NR-4 is disabled: a disabled ship may never "
                                         "enter hyperspace"):
        mv.check_jump(ship, CGUN, in_combat=True)


def test_tote_time_05_and_07_withdrawal_and_the_interdictor() -> None:
    """TOTE-TIME-05: a unit may withdraw from battle at any time; TOTE-TIME-07: not past an enemy
    Interdictor; TOTE-GAP-06: a unit with no hyperdrive jumps only aboard or under tractor."""
    mv.check_jump(unit("RA-1", "B-1", CORV), CORV, in_combat=True)
    assert "Interdictor" in mv.jump_problem(unit("RA-1", "B-1", CORV), CORV, interdicted=True)
    assert mv.jump_problem(unit("RA-1", "B-1", CORV), CORV, in_combat=False, interdicted=True) == ""
    assert "no hyperdrive" in mv.jump_problem(unit("GE-5", "B-1", TIEF), TIEF)
    assert "aboard GE-1" in mv.jump_problem(unit("GE-5", None, TIEF, carried_by="GE-1"), TIEF)


def test_tote_hyper_02_no_movement_points_after_leaving_hyperspace() -> None:
    """TOTE-HYPER-02, TOTE-HYPER-01/03: an arriving ship is placed in its exit space with MP 0 (it
    may still fire, TOTE-GAP-07); an illegal exit is refused and nothing changes."""
    ship = unit("GE-1", None, ISD)
    there = mv.arrive(ship, "DSZ-3", "hostile")
    assert there["space"] == "DSZ-3" and there["mp"] == 0 and ship["space"] is None
    assert mv.legal_moves(there, ISD) == {}
    assert mv.sequence_problem(there, "fire") == ""
    assert mv.arrive(ship, "B-2", "scanned")["space"] == "B-2"
    with pytest.raises(OrderError, match="legal exits are DSZ-1, DSZ-2, DSZ-3, DSZ-4"):
        mv.arrive(ship, "B-2", "hostile")


def test_tote_atmo_05_every_starfighter_and_auxiliary_may_enter_the_atmosphere() -> None:
    """TOTE-ATMO-05: SF and AUX enter ATMO from the A-Ring."""
    for m in (XWING, TIEF, LAMBDA):
        assert mv.plan_move(unit("X", "A-2", m), m, ["ATMO"]).to == "ATMO"


def test_tote_atmo_06_only_atmosphere_capable_capital_ships_enter() -> None:
    """TOTE-ATMO-06: an ISD (no flag) is refused; a Corellian Gunship (atmosphere_capable) enters."""
    with pytest.raises(OrderError, match="only capital ships whose specification allows it may enter the atmosphere"):
        mv.plan_move(unit("GE-1", "A-1", ISD), ISD, ["ATMO"])
    assert "ATMO" not in mv.legal_moves(unit("GE-1", "A-1", ISD), ISD)
    assert mv.plan_move(unit("NR-1", "A-1", CGUN), CGUN, ["ATMO"]).to == "ATMO"


def test_tote_atmo_06_flags_come_from_the_unit_data() -> None:
    """TOTE-ATMO-06 data: mover_of reads class, Speed and flags of data.py's types (and facilities)."""
    fake = SimpleNamespace(cls="capital", speed=3, flags=frozenset({"atmosphere_capable"}), hyperdrive=2, name="Test")
    assert mv.mover_of(fake) == Mover("capital", 3, atmosphere_capable=True, hyperdrive=True, name="Test")
    assert mv.mover_of(SimpleNamespace(cls="gav", speed=1)).cls == "vehicle"
    assert mv.mover_of(SimpleNamespace(kind="planetary_weapon")).cls == "planetary_weapon"
    assert mv.mover_of(SimpleNamespace(kind="garrison")).cls == "facility"
    for code, t in data.unit_types().items():
        m = mv.mover_of(t)
        assert m.atmosphere_capable == t.has("atmosphere_capable") and m.speed == t.speed, code


def test_tote_atmo_07_the_atmosphere_takes_all_movement_points() -> None:
    """TOTE-ATMO-07: only from the A-Ring or a ground grid, only before moving, and movement then ends."""
    x = unit("RA-1", "A-3", XWING)
    plan = mv.plan_move(x, XWING, ["ATMO"])
    assert plan.mp_left == 0 and plan.ended_by.startswith("TOTE-ATMO-07")
    with pytest.raises(OrderError, match="cannot go on to G-1 Air"):
        mv.plan_move(x, XWING, ["ATMO", "G-1/air"])
    moved = mv.apply_move(x, mv.plan_move(x, XWING, ["A-2"]))
    assert moved["mp"] == 0
    with pytest.raises(OrderError, match="no movement points left|takes all movement points"):
        mv.plan_move(dict(moved, mp=3), XWING, ["ATMO"])
    with pytest.raises(OrderError, match="only a unit that has not moved this round may"):
        mv.plan_move(unit("RA-1", "G-2/air", XWING, moved=True, mp=3), XWING, ["ATMO"])
    assert mv.plan_move(unit("RA-1", "G-2/air", XWING), XWING, ["ATMO"]).mp_left == 0
    assert not grid.adjacent("B-1", "ATMO")


def test_tote_atmo_10_from_the_atmosphere_down_to_any_ground_grid() -> None:
    """TOTE-ATMO-10, TOTE-GAP-55: from ATMO a unit descends into any G-n (the unit chooses the grid)."""
    lam = unit("GE-7", "ATMO", LAMBDA)
    reach = mv.legal_moves(lam, LAMBDA)
    for q in (1, 2, 3, 4):
        assert reach[f"G-{q}/air"].cost == 1 and reach[f"G-{q}/surface"].cost == 1
    assert set(reach) == {f"G-{q}/{layer}" for q in (1, 2, 3, 4) for layer in ("air", "surface")} | {
        "A-1", "A-2", "A-3", "A-4"}


def test_tote_atmo_11_landing_ends_movement() -> None:
    """TOTE-ATMO-11: landing on a Surface, from ATMO or from the Air layer, leaves no movement points."""
    lam = unit("GE-7", "ATMO", LAMBDA)
    plan = mv.plan_move(lam, LAMBDA, ["G-2/air", "G-2/surface"])
    assert plan.mp_left == 0 and plan.ended_by.startswith("TOTE-ATMO-11") and plan.cost == 2
    assert mv.plan_move(lam, LAMBDA, ["G-3/surface"]).mp_left == 0
    corv = unit("RA-1", "ATMO", CORV)
    assert mv.plan_move(corv, CORV, ["G-1/surface"]).to == "G-1/surface"
    with pytest.raises(OrderError, match="this capital ship cannot land"):
        mv.plan_move(unit("NR-1", "ATMO", CGUN), CGUN, ["G-1/surface"])
    with pytest.raises(OrderError, match="this craft cannot land"):
        mv.plan_move(unit("RA-3", "G-1/air", XWING), XWING, ["G-1/surface"])
    assert mv.plan_move(unit("RA-3", "G-1/surface", LAMBDA), LAMBDA, ["G-1/air"]).mp_left == 2


def test_tote_ground_01_and_03_a_ground_grid_has_two_layers() -> None:
    """TOTE-GROUND-01: a ground grid is both the low air (< 50 km) and the surface; TOTE-GROUND-03:
    every unit there is in exactly one layer, so "G-1" alone is no place to be."""
    assert grid.ground_grid("G-1/air") == grid.ground_grid("G-1/surface") == "G-1"
    assert grid.kind("G-1/air") == "air" and grid.kind("G-1/surface") == "surface"
    with pytest.raises(OrderError, match="'G-1' is no space of this grid"):
        grid.parse_space("G-1")


def test_tote_ground_02_a_starship_in_the_air_layer() -> None:
    """TOTE-GROUND-02: an atmosphere-capable ship may hover in a ground grid's Air (where the extra
    -1 UCR applies), but only an atmosphere-capable one."""
    assert mv.plan_move(unit("NR-1", "ATMO", CGUN), CGUN, ["G-4/air"]).to == "G-4/air"
    assert grid.environment_modifiers("G-4/air", -1) == (-1, -1)


def test_tote_logi_01_infantry_and_vehicles_never_cross_between_ground_grids() -> None:
    """TOTE-LOGI-01: infantry and vehicles do not move on the grid by themselves; airspeeders rise
    and land within their own ground grid only."""
    for m in (INF, ATAT):
        with pytest.raises(OrderError, match="never leave their ground grid except aboard a ship"):
            mv.plan_move(unit("GE-20", "G-1/surface", m), m, ["ATMO"])
        assert mv.legal_moves(unit("GE-20", "G-1/surface", m), m) == {}
    t47 = unit("RA-20", "G-1/surface", T47)
    assert set(mv.legal_moves(t47, T47)) == {"G-1/air"}
    with pytest.raises(OrderError, match="airspeeders fly only in their own ground grid"):
        mv.plan_move(t47, T47, ["ATMO"])


def test_tote_ob_04_no_troops_land_in_or_leave_a_bombarded_grid() -> None:
    """TOTE-OB-04: while G-2 is under orbital bombardment a ship carrying troops may not land there
    or lift off from there; an empty ship may; other grids are open."""
    lam = unit("GE-7", "ATMO", LAMBDA)
    with pytest.raises(OrderError, match="under orbital bombardment"):
        mv.plan_move(lam, LAMBDA, ["G-2/surface"], bombarded=["G-2"], carrying_ground=True)
    assert mv.plan_move(lam, LAMBDA, ["G-2/surface"], bombarded=["G-2"]).to == "G-2/surface"
    assert mv.plan_move(lam, LAMBDA, ["G-3/surface"], bombarded=["G-2"], carrying_ground=True).to == "G-3/surface"
    landed = unit("GE-7", "G-2/surface", LAMBDA)
    assert "ATMO" not in mv.legal_moves(landed, LAMBDA, bombarded=("G-2",), carrying_ground=True)
    assert "G-2/air" in mv.legal_moves(landed, LAMBDA, bombarded=("G-2",), carrying_ground=True)


def test_tote_move_refusals_for_held_carried_and_patrolling_units() -> None:
    """A unit aboard a carrier, held by tractor beams (TOTE-GAP-41) or on patrol (TOTE-GAP-20) does
    not move by itself; nothing changes on a refusal."""
    cases = [({"carried_by": "GE-1", "space": None}, "aboard GE-1: launch it first"),
             ({"tractored_by": "GE"}, "held by the tractor beams of GE"),
             ({"patrol": True}, "flying a patrol over C-1"),
             ({"destroyed": True}, "is destroyed"), ({"withdrawn": True}, "has left the battle")]
    for extra, words in cases:
        u = dict(unit("RA-9", "C-1", XWING), **extra)
        before = dict(u)
        with pytest.raises(OrderError, match=words):
            mv.plan_move(u, XWING, ["C-2"])
        assert u == before


def test_tote_grid_every_legal_move_replays_as_a_plan() -> None:
    """legal_moves and plan_move agree: every listed destination is reached by its own path, at its cost."""
    for m in (ISD, CGUN, CORV, XWING, LAMBDA):
        for s in grid.spaces():
            u = unit("U", s, m)
            for to, plan in mv.legal_moves(u, m).items():
                again = mv.plan_move(u, m, plan.path)
                assert again == plan and again.to == to and again.cost <= m.speed


def test_tote_gap_41_a_tractored_ship_is_dragged_one_space_within_range_1() -> None:
    """TOTE-GAP-41 (TOTE-TRACTOR, "up to 1 grid space away"): one orthogonal step, ending within range
    1 of a tractoring ship."""
    mv.check_drag("C-1", "C-2", ["C-1"])
    mv.check_drag("C-1", "C-1", ["B-1"])
    with pytest.raises(OrderError, match="dragged at most 1 space, orthogonally"):
        mv.check_drag("C-1", "B-2", ["C-1"])
    with pytest.raises(OrderError, match="C-3 is out of range 1 of every tractoring ship"):
        mv.check_drag("C-2", "C-3", ["C-1"])


def test_tote_csp_02_an_sf_patrol_is_occupied_by_enemy_fighters_or_capital_ships() -> None:
    """TOTE-CSP-02: SF on CSP is occupied by an enemy SF squadron or capital ship, not by AUX."""
    assert mv.occupies("sf", "sf") and mv.occupies("capital", "sf")
    assert not mv.occupies("aux", "sf") and not mv.occupies("platform", "sf")


def test_tote_csp_03_an_aux_patrol_is_occupied_only_by_enemy_aux() -> None:
    """TOTE-CSP-03: AUX on CSP is occupied only by an enemy AUX."""
    assert mv.occupies("aux", "aux")
    assert not mv.occupies("sf", "aux") and not mv.occupies("capital", "aux")


def _patrol_scene() -> tuple[dict, dict, dict, dict, dict]:
    isd = unit("GE-1", "B-2", ISD)
    sf_csp = unit("GE-2", "B-2", TIEF, patrol=True)
    aux_csp = unit("GE-3", "B-2", LAMBDA, patrol=True)
    xwing = unit("RA-1", "B-2", XWING, faction="RA")
    lam = unit("RA-2", "B-2", LAMBDA, faction="RA")
    return isd, sf_csp, aux_csp, xwing, lam


def test_tote_csp_04_an_unoccupied_patrol_shields_capital_ships_in_its_space() -> None:
    """TOTE-CSP-04, TOTE-GAP-20: while GE's TIE CSP over B-2 is not occupied, Rebel SF may not attack
    the ISD there; once it is occupied (or elsewhere, or not on patrol) they may."""
    isd, sf_csp, aux_csp, xwing, _ = _patrol_scene()
    patrols = [(sf_csp, "sf"), (aux_csp, "aux")]
    assert mv.blocking_patrols(xwing, "sf", isd, "capital", patrols) == ["GE-2"]
    assert mv.blocking_patrols(xwing, "sf", isd, "capital", patrols, occupied=["GE-2"]) == []
    assert mv.blocking_patrols(xwing, "sf", isd, "capital", [(dict(sf_csp, space="B-3"), "sf")]) == []
    assert mv.blocking_patrols(xwing, "sf", isd, "capital", [(dict(sf_csp, patrol=False), "sf")]) == []
    assert mv.blocking_patrols(xwing, "sf", isd, "platform", patrols) == ["GE-2"]


def test_tote_csp_05_fighters_block_fighters_and_aux_block_aux() -> None:
    """TOTE-CSP-05: the SF patrol does not stop the Rebel AUX; the AUX patrol does, and stops no SF."""
    isd, sf_csp, aux_csp, xwing, lam = _patrol_scene()
    assert mv.blocking_patrols(lam, "aux", isd, "capital", [(sf_csp, "sf")]) == []
    assert mv.blocking_patrols(lam, "aux", isd, "capital", [(sf_csp, "sf"), (aux_csp, "aux")]) == ["GE-3"]
    assert mv.blocking_patrols(xwing, "sf", isd, "capital", [(aux_csp, "aux")]) == []


def test_tote_csp_06_capital_ships_are_never_blocked_and_small_craft_never_shielded() -> None:
    """TOTE-CSP-06: a capital ship attacks through any patrol, and a patrol protects no SF/AUX; a
    patrol protects its own faction's capital ships, not a third faction's."""
    isd, sf_csp, aux_csp, xwing, lam = _patrol_scene()
    patrols = [(sf_csp, "sf"), (aux_csp, "aux")]
    mc80 = unit("RA-5", "B-2", ISD, faction="RA")
    assert mv.blocking_patrols(mc80, "capital", isd, "capital", patrols) == []
    assert mv.blocking_patrols(xwing, "sf", unit("GE-8", "B-2", TIEF), "sf", patrols) == []
    hutt = unit("HS-1", "B-2", ISD, faction="HS")
    assert mv.blocking_patrols(xwing, "sf", hutt, "capital", patrols) == []
    allied = lambda a, b: a != b and {a, b} != {"GE", "HS"}  # noqa: E731
    assert mv.blocking_patrols(xwing, "sf", hutt, "capital", patrols, hostile=allied) == ["GE-2"]


def test_tote_csp_01_and_cap_01_who_may_fly_a_patrol_and_where() -> None:
    """TOTE-CSP-01: SF and AUX take up CSP over a space of the space grid; TOTE-CAP-01: CAP over the
    Atmosphere or an Air layer, working as CSP does (it blocks the same way)."""
    assert mv.check_patrol(unit("RA-1", "C-3", XWING), "sf") == "CSP"
    assert mv.check_patrol(unit("GE-3", "ATMO", LAMBDA), "aux") == "CAP"
    assert mv.check_patrol(unit("RA-1", "G-2/air", XWING), "sf") == "CAP"
    with pytest.raises(OrderError, match="only starfighter squadrons and auxiliary craft take up CSP or CAP"):
        mv.check_patrol(unit("GE-1", "C-3", ISD), "capital")
    with pytest.raises(OrderError, match="no patrol can be flown over G-2 Surface"):
        mv.check_patrol(unit("GE-3", "G-2/surface", LAMBDA), "aux")
    with pytest.raises(OrderError, match="not on the grid"):
        mv.check_patrol(unit("GE-3", None, LAMBDA, carried_by="GE-1"), "aux")
    cgun = unit("NR-1", "ATMO", CGUN, faction="NR")
    cap = unit("GE-2", "ATMO", TIEF, patrol=True)
    assert mv.blocking_patrols(unit("RA-1", "ATMO", XWING, faction="RA"), "sf", cgun, "capital", [(cap, "sf")]) == []
    gun = unit("GE-4", "ATMO", CGUN)
    assert mv.blocking_patrols(unit("RA-1", "ATMO", XWING, faction="RA"), "sf", gun, "capital", [(cap, "sf")]) == ["GE-2"]


def test_tote_launch_01_craft_launch_into_and_recall_from_the_carriers_space() -> None:
    """TOTE-LAUNCH-01: launched craft appear in the carrier's space; recall needs the same space."""
    carrier = unit("GE-1", "B-4", ISD)
    assert mv.launch_space(carrier) == "B-4"
    mv.check_recall(unit("GE-2", "B-4", TIEF), carrier)
    with pytest.raises(OrderError, match="must be in the same space as GE-1"):
        mv.check_recall(unit("GE-2", "B-3", TIEF), carrier)
    with pytest.raises(OrderError, match="not on the grid and cannot launch"):
        mv.launch_space(unit("GE-1", None, ISD))


def test_tote_disable_06_escape_pods_land_on_the_ground_below() -> None:
    """TOTE-DISABLE-06, TOTE-GAP-57: the crew lands in G-q below the ship's quadrant; from ATMO in the
    grid the owner chooses; with no ground grid the crew is lost."""
    assert mv.escape_pod_space("B-3") == "G-3/surface"
    assert mv.escape_pod_space("DSZ-2") == "G-2/surface"
    assert mv.escape_pod_space("G-4/air") == "G-4/surface"
    assert mv.escape_pod_space("ATMO", "G-3") == "G-3/surface"
    assert mv.escape_pod_space("ATMO", "G-2 Air") == "G-2/surface"
    assert mv.escape_pod_space("A-1", ground=False) is None
    with pytest.raises(OrderError, match="'B-1' is no ground grid"):
        mv.escape_pod_space("ATMO", "B-1")


def test_tote_move_takes_the_data_types_themselves() -> None:
    """plan_move, legal_moves and check_jump take a data.py unit type as well as a Mover
    (TOTE-ATMO-06 from the data: a Corellian Corvette enters the Atmosphere, an ISD does not)."""
    types = data.unit_types()
    corv = unit("RA-1", "A-1", mv.mover_of(types["CORV"]))
    assert "ATMO" in mv.legal_moves(corv, types["CORV"])
    isd = unit("GE-1", "A-1", mv.mover_of(types["ISD"]))
    assert "ATMO" not in mv.legal_moves(isd, types["ISD"])
    mv.check_jump(isd, types["ISD"])


MOVERS = [ISD, CGUN, CORV, XWING, TIEF, LAMBDA, T47, Mover("capital", 1, hyperdrive=True)]


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(MOVERS), st.sampled_from(grid.spaces()), st.integers(0, 6), st.booleans(),
       st.sampled_from([[], ["fire"], ["move"], ["fire", "move"], ["move", "fire"]]))
def test_tote_move_paths_keep_every_rule(mover: Mover, here: str, mp: int, moved: bool, acted: list) -> None:
    """Property (TOTE-GRID-03, MOVE-01/02/03, ATMO-07/11, GAP-04): every path legal_moves offers is
    orthogonal, costs one MP a step within the MP held, passes through no space that ends movement
    (A-Ring, DSZ, Atmosphere, a landing) before its end, enters the Atmosphere only as a unit's first
    step of the round, and is offered only when fire-then-move allows a move."""
    u = unit("U", here, mover, mp=mp, moved=moved, acted=acted)
    options = mv.legal_moves(u, mover)
    if mv.sequence_problem(u, "move") or mp == 0:
        assert options == {}
    for to, plan in options.items():
        assert plan.path[0] == here and plan.to == to and plan.cost == len(plan.path) - 1 <= mp
        for a, b in zip(plan.path, plan.path[1:]):
            assert grid.adjacent(a, b) and not grid.is_diagonal(a, b)
        for i, (a, b) in enumerate(zip(plan.path, plan.path[1:])):
            ends = grid.kind(b) in ("a_ring", "dsz", "atmosphere") or (grid.kind(b) == "surface" and grid.kind(a) != "surface")
            if ends:
                assert i == plan.cost - 1 and plan.mp_left == 0
            if grid.kind(b) == "atmosphere":
                assert i == 0 and not moved
