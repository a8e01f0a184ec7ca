"""Twilight of the Empire's exact arithmetic: UCR (TOTE-UCR-01..07), MATH (TOTE-MATH-01..03),
TOTE-GAP-16, the worked examples TOTE-EX-01..03 and the derived vectors TOTE-EX-09..14, 19, 27,
30, 35, exact; and a property test that the arithmetic never uses a float."""
from __future__ import annotations

import ast
import inspect
import math
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.rulesets.tote.rules import (
    arith,
    constraints,
    data,
    fleet,
    reference,
    specs,
    stock,
)
from core.rulesets.tote.rules.arith import damage, effective_ucr, q_milli, total


def test_ex01_ucr_damage_286() -> None:
    """TOTE-EX-01, TOTE-UCR-02, TOTE-MATH-01, TOTE-MATH-02: 500 raw at UCR 4 against 7: q 0.571, 285.5 -> 286."""
    assert q_milli(4, 7) == 571
    assert total(500, 571) == 286
    assert damage(500, 4, 7) == 286


def test_ex02_tractor_428_not_429() -> None:
    """TOTE-EX-02, TOTE-MATH-03, TOTE-MATH-01: the ISD (UCR 3) holds the CORV (UCR 7) with
    10 x 100 m: q = 0.428 (truncated, not 0.429), 428 m held, never the float's 429."""
    isd, corv = data.unit_types()["ISD"], data.unit_types()["CORV"]
    assert (isd.ucr, corv.ucr, isd.tractor_m, corv.length_m) == (3, 7, 1000, 150)
    assert q_milli(isd.ucr, corv.ucr) == 428
    held = arith.tractor_control(isd.tractor_m, isd.ucr, corv.ucr)
    assert held == 428
    assert math.ceil(1000 * 3 / 7) == 429 and held != 429  # what a float implementation would say
    assert held > corv.length_m


def test_ex03_tractor_two_projectors_full_quotient() -> None:
    """TOTE-EX-03, TOTE-MATH-03: 2 projectors at UCR 7 against equal or lower UCR hold 200 m > 150 m."""
    for d in (7, 5, 1):
        assert arith.tractor_control(200, 7, d) == 200
    assert arith.tractor_control(200, 7, 7) > data.unit_types()["CORV"].length_m


@pytest.mark.parametrize("a,d,raw,want", [
    (5, 5, 37, 37),      # TOTE-EX-09 equal ratings
    (9, 3, 120, 120),    # TOTE-EX-10 attacker higher: never more than 100%
    (2, 3, 1000, 666),   # TOTE-EX-11 truncation matters (not 667)
    (1, 3, 10, 4),       # TOTE-EX-12 rounding up 3.33 -> 4
    (1, 7, 1, 1),        # TOTE-EX-13 minimum damage: 0.142 -> 1
    (3, 0, 55, 55),      # TOTE-EX-14 derelict defender: quotient 1.000, no division by zero
], ids=["TOTE-EX-09", "TOTE-EX-10", "TOTE-EX-11", "TOTE-EX-12", "TOTE-EX-13", "TOTE-EX-14"])
def test_derived_ucr_vectors(a: int, d: int, raw: int, want: int) -> None:
    """TOTE-EX-09, TOTE-EX-10, TOTE-EX-11, TOTE-EX-12, TOTE-EX-13, TOTE-EX-14: the derived UCR vectors of catalog 2.2, exact."""
    assert damage(raw, a, d) == want


def test_ex11_exact_ratio_would_be_wrong() -> None:
    """TOTE-EX-11, TOTE-MATH-01: the exact ratio 2/3 would give 667; the thousandths give 666."""
    assert math.ceil(Fraction(2, 3) * 1000) == 667
    assert damage(1000, 2, 3) == 666


def test_ucr01_base_is_speed_plus_maneuver() -> None:
    """TOTE-UCR-01: base UCR = speed + maneuverability, for every unit in the data."""
    assert arith.base_ucr(4, 3) == 7
    for t in data.unit_types().values():
        assert t.ucr == t.speed + t.maneuver
    for g in data.ground_types().values():
        assert g.ucr == g.speed + g.maneuver
    with pytest.raises(ValueError, match="speed"):
        arith.base_ucr(-1, 3)
    with pytest.raises(TypeError, match="whole number"):
        arith.base_ucr(2.5, 3)  # type: ignore[arg-type]


def test_ucr03_ucr04_quotient_capped_at_one() -> None:
    """TOTE-UCR-03, TOTE-UCR-04: attacker above or equal to the defender deals 100%, never more."""
    assert q_milli(9, 3) == 1000 and q_milli(4, 4) == 1000 and q_milli(20, 1) == 1000
    assert damage(77, 12, 2) == 77


def test_math01_truncates_to_thousandths() -> None:
    """TOTE-MATH-01: divisions are cut to three places, never rounded (2/3 -> 0.666, 5/6 -> 0.833)."""
    assert q_milli(2, 3) == 666
    assert q_milli(5, 6) == 833
    assert q_milli(1, 3) == 333
    assert q_milli(6, 7) == 857


def test_math02_total_rounds_up_from_any_fraction() -> None:
    """TOTE-MATH-02: 285.5 -> 286 and 3.001 -> 4; a whole total stays whole."""
    assert total(500, 571) == 286
    assert total(3001, 1) == 4          # 3.001
    assert total(3, 1000) == 3
    assert total(0, 571) == 0


def test_ucr02_ucr05_every_kind_of_unit_uses_the_same_quotient() -> None:
    """TOTE-UCR-02, TOTE-UCR-05: space, ground and facility damage all use q_milli/total: a
    facility's Defensive UCR is just the defender's UCR, an infantry squad's its speed+maneuver."""
    fcc = data.facility_types()["FCC"]
    inf = data.ground_types()["INF"]
    assert damage(500, 4, fcc.ucr) == total(500, q_milli(4, fcc.defensive_ucr))
    assert damage(30, inf.ucr, 7) == total(30, q_milli(3, 7)) == 13  # 30 x 0.428 = 12.84 -> 13


def test_ucr06_any_number_of_weapons_sum_before_the_quotient() -> None:
    """TOTE-UCR-06: a unit firing several weapons at one target: raw sums, then one quotient."""
    isd = data.unit_types()["ISD"]
    std = isd.raw_by_pool["standard"]
    assert std == sum(m.raw for m in isd.mounts if m.weapon.pool == "standard")
    assert damage(std, isd.ucr, 7) == total(std, 428)


def test_ucr07_gap16_effective_ucr_modifiers_and_overrides() -> None:
    """TOTE-UCR-07, TOTE-GAP-16: modifiers add; fixed overrides ignore them (derelict 0, tractored
    1, scuttle 20); base overrides take modifiers (swarm 8 in atmosphere is 7); the floor is 1."""
    assert effective_ucr(9, [-1, -1]) == 7
    assert effective_ucr(3, [-1, -1, -1, -1]) == 1              # floored at 1
    assert effective_ucr(9, [-1], fixed=arith.DERELICT_UCR) == 0
    assert effective_ucr(9, [-1], fixed=arith.TRACTORED_UCR) == 1
    assert effective_ucr(3, [-1], fixed=arith.SCUTTLE_UCR) == 20
    assert effective_ucr(10, [-1], base_override=arith.SWARM_UCR) == 7
    assert effective_ucr(2, [-1], base_override=data.facility_types()["FCC"].defensive_ucr) == 8
    with pytest.raises(TypeError):
        effective_ucr(3, [0.5])  # type: ignore[list-item]


@pytest.mark.parametrize("base,mods,want", [
    (9, [-1], 8), (9, [-1, -1], 7),          # TIE squadron: atmosphere, ground air
    (8, [0], 8), (8, [0, -1], 7),            # X-Wing: no atmosphere penalty
    (6, [1], 7), (6, [1, -1], 6),            # Z-95: +1 in atmosphere
    (3, [-1, -1], 1),                        # capital ship bombarding the surface from ATM
])
def test_ex30_environmental_ucr(base: int, mods: list[int], want: int) -> None:
    """TOTE-EX-30 (TOTE-GAP-17 stacking): the table of environmental UCRs, exact."""
    assert effective_ucr(base, mods) == want


def test_ex30_atmosphere_modifiers_from_data() -> None:
    """TOTE-EX-30 with the data's own modifiers: X-Wing/A-Wing/XG-1 0, Z-95 +1, the rest -1."""
    u = data.unit_types()
    assert (u["XWING"].atmo_mod, u["AWING"].atmo_mod, u["XG1"].atmo_mod, u["Z95"].atmo_mod) == (0, 0, 0, 1)
    assert all(t.atmo_mod == -1 for c, t in u.items() if c not in ("XWING", "AWING", "XG1", "Z95"))


def test_ex19_systems_and_crew() -> None:
    """TOTE-EX-19 (TOTE-GAP-15): 150 m -> Systems 75, Crew 15; 355 m -> 178 and 36 (rounded up)."""
    assert (arith.ceil_div(150, 2), arith.ceil_div(150, 10)) == (75, 15)
    assert (arith.ceil_div(355, 2), arith.ceil_div(355, 10)) == (178, 36)
    corv = data.unit_types()["CORV"]
    assert (corv.systems, corv.crew) == (75, 15)


def test_ex27_scrap_and_salvage() -> None:
    """TOTE-EX-27 (TOTE-GAP-35): 1250 KC: scrap 312 (312.5 floored), salvage 625, stock 0."""
    assert arith.payout(1250, 25) == 312
    assert arith.payout(1250, 50) == 625


def test_ex35_tractor_strictness_arithmetic() -> None:
    """TOTE-EX-35: 200 m at 3 against 4 hold 150 m exactly (q 0.750): not more than a 150 m hull."""
    assert arith.tractor_control(200, 3, 4) == 150
    assert not arith.tractor_control(200, 3, 4) > 150
    assert arith.tractor_control(200, 3, 4) > 149


def test_gap41_several_ships_sum_then_round_once() -> None:
    """TOTE-GAP-41: projectors of several ships, each at its own quotient, summed and rounded once."""
    assert arith.total_of([(1000, 428), (200, 571)]) == 543   # 428 + 114.2 -> 543 (not 428 + 115)
    assert arith.total_of([]) == 0


def test_dmg07_gap42_scale_back_before_the_quotient() -> None:
    """TOTE-DMG-07 / TOTE-GAP-42 arithmetic (TOTE-EX-17): 500 PIC at 2 against 4 is 250; at 40%, 100."""
    assert damage(500, 2, 4) == 250
    assert damage(500, 2, 4, percent=40) == 100
    with pytest.raises(ValueError, match="0 to 100"):
        total(500, 500, 101)


def test_bad_input_says_what_is_wrong() -> None:
    """Bad numbers raise with a message naming the value and what is right; nothing is guessed."""
    with pytest.raises(ValueError, match="defender UCR"):
        q_milli(3, -1)
    with pytest.raises(TypeError, match="attacker UCR"):
        q_milli(True, 3)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="at most 1000"):
        total(10, 1001)


# -- no float anywhere ------------------------------------------------------------------------------

@settings(max_examples=400, deadline=None)
@given(a=st.integers(0, 60), d=st.integers(0, 60), raw=st.integers(0, 100_000), pct=st.integers(0, 100))
def test_property_matches_fractions(a: int, d: int, raw: int, pct: int) -> None:
    """TOTE-MATH-01, TOTE-MATH-02, TOTE-UCR-02, TOTE-UCR-03, TOTE-UCR-04 on random inputs: q_milli and total agree with an exact
    Fraction computation (truncate the quotient to thousandths, cap at 1, round the total up) and
    return ints, never floats."""
    q = q_milli(a, d)
    want_q = Fraction(1) if d == 0 or a >= d else Fraction(math.floor(Fraction(a, d) * 1000), 1000)
    assert type(q) is int and Fraction(q, 1000) == want_q
    got = total(raw, q, pct)
    assert type(got) is int
    assert got == math.ceil(Fraction(raw) * Fraction(pct, 100) * want_q)


@settings(max_examples=200, deadline=None)
@given(parts=st.lists(st.tuples(st.integers(0, 5000), st.integers(0, 1000)), max_size=6))
def test_property_sum_matches_fractions(parts: list[tuple[int, int]]) -> None:
    """TOTE-MATH-03 / TOTE-GAP-41: the summed tractor control equals the exact ceiling of the sum."""
    got = arith.total_of(parts)
    assert type(got) is int and got == math.ceil(sum(Fraction(r * q, 1000) for r, q in parts))


@pytest.mark.parametrize("module", [arith, fleet, data, constraints, specs, reference, stock])
def test_no_float_in_the_source(module: object) -> None:
    """TOTE-MATH-01: no float literal, no true division and no float() call in the arithmetic,
    data or fleet code (every quotient goes through integer // in arith)."""
    tree = ast.parse(inspect.getsource(module))  # type: ignore[arg-type]
    for node in ast.walk(tree):
        assert not (isinstance(node, ast.Constant) and isinstance(node.value, float)), ast.dump(node)
        assert not (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div)), ast.unparse(node)
        assert not (isinstance(node, ast.AugAssign) and isinstance(node.op, ast.Div)), ast.unparse(node)
        assert not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "float")


def test_milli_text_writes_thousandths_without_floats() -> None:
    """TOTE-MATH-01: a quotient is shown to the thousandths as the text writes it (0.571, 0.428, 1.000)."""
    assert [arith.milli_text(q) for q in (571, 428, 1000, 5, 0)] == ["0.571", "0.428", "1.000", "0.005", "0.000"]
    assert arith.milli_text(q_milli(3, 7)) == "0.428"
