"""The army builder against the text's armies and the catalog's verdicts (RiftWar catalog 2.1)."""
from __future__ import annotations

from fractions import Fraction

import pytest

from core.rulesets.rift.army import check, max_leaders
from core.rulesets.rift.data import Army, UnitType, rules


def army(*types: tuple[str, int, str, str, tuple[str, ...]]) -> Army:
    return Army("t", "Test", "test", tuple(UnitType(n, k, s, r, t) for n, k, s, r, t in types))


@pytest.mark.parametrize("army_id", ["cold_war", "biters", "legion", "barbie_revolutionary_guard", "jeanne_darc", "pikmin"])
def test_rift_ex_01_to_06_text_armies_get_the_catalogs_verdicts(army_id: str) -> None:
    """RIFT-EX-01 Cold War legal, RIFT-EX-02 Biters legal, RIFT-EX-03 Legion illegal (Armor on Light),
    RIFT-EX-04 Barbie illegal (Leader limit), RIFT-EX-05 Jeanne illegal (budget), RIFT-EX-06 Pikmin legal."""
    a = rules().armies[army_id]
    verdict = check(a)
    assert verdict.legal == (a.expect == "legal"), f"{a.name}: {verdict.summary()} (catalog says {a.expect})"
    for rid in a.breaks:
        assert rid in verdict.rule_ids(), f"{a.name} should break {rid}: {verdict.summary()}"


def test_rift_ex_01_cold_war_arithmetic() -> None:
    """RIFT-EX-01: 3 M/H -> budget 8; 8 LR spend 8; 4 traits, none extra; 1 leader for 11 units."""
    v = check(rules().armies["cold_war"])
    assert (v.budget, v.spent, v.units, v.mh, v.traits, v.leaders) == (8, 8, 11, 3, 4, 1), v.summary()


def test_rift_ex_03_legion_budget_under_the_three_purchase_readings() -> None:
    """RIFT-EX-03 and RIFT-GAP-27: 33 LC cost 11 (fractional, pooled) or 12 (per-type) of 11."""
    legion = rules().armies["legion"]
    assert check(legion, lc_purchase="fractional").spent == 11
    assert check(legion, lc_purchase="pooled").spent == 11
    per_type = check(legion, lc_purchase="per_type")
    assert per_type.spent == 12 and "RIFT-ARMY-11" in per_type.rule_ids(), per_type.summary()
    assert "RIFT-TRAIT-07" in check(legion, lc_purchase="fractional").rule_ids()


def test_rift_ex_04_barbie_breaks_the_leader_limit_and_reads_indirect_as_a_trait() -> None:
    """RIFT-EX-04, RIFT-GAP-23: 2 Leaders for 10 units (limit 1); the JTAC is Ranged + Indirect, 7 traits, 15 > 14."""
    v = check(rules().armies["barbie_revolutionary_guard"])
    assert v.leaders == 2 and max_leaders(10) == 1 and "RIFT-ARMY-10" in v.rule_ids()
    assert v.traits == 7 and v.spent == 15 and v.budget == 14, v.summary()
    jtac = next(t for t in rules().armies["barbie_revolutionary_guard"].units if t.name.startswith("Barbie My First"))
    assert jtac.role == "ranged" and "indirect" in jtac.traits
    blazer = next(t for t in rules().armies["barbie_revolutionary_guard"].units if "Blazer" in t.name)
    assert blazer.role == "unarmed"


def test_rift_ex_05_jeanne_is_over_budget_in_every_reading() -> None:
    """RIFT-EX-05, RIFT-GAP-27: 8 1/3 (fractional), 9 (pooled, per-type), all over 8."""
    jeanne = rules().armies["jeanne_darc"]
    assert check(jeanne, lc_purchase="fractional").spent == Fraction(25, 3)
    assert check(jeanne, lc_purchase="pooled").spent == 9
    assert check(jeanne, lc_purchase="per_type").spent == 9
    assert all(not check(jeanne, lc_purchase=r).legal for r in ("fractional", "pooled", "per_type"))


def test_rift_ex_06_pikmin_carry_their_special_rule() -> None:
    """RIFT-EX-06, RIFT-ARMY-12, RIFT-GAP-30: legal, 8/8, with the named special rule 'pikmin'."""
    pik = rules().armies["pikmin"]
    v = check(pik)
    assert v.legal and v.spent == 8 and pik.special == "pikmin", v.summary()


def test_rift_ex_07_budget_table() -> None:
    """RIFT-EX-07, RIFT-ARMY-02, RIFT-ARMY-03: budgets 17/14/11/8 for 0..3 M/H; 4 M/H illegal; 51 LC legal; 17 LR + 5 traits illegal."""
    for mh, budget in [(0, 17), (1, 14), (2, 11), (3, 8)]:
        a = army(("H", mh, "heavy", "ranged", ())) if mh else army(("L", 1, "light", "ranged", ()))
        assert check(a).budget == budget, f"{mh} M/H should give {budget} LUP"
    four = check(army(("H", 4, "heavy", "ranged", ())))
    assert "RIFT-ARMY-01" in four.rule_ids(), four.summary()
    assert check(army(("LC", 51, "light", "close", ()))).legal
    lr = check(army(("A", 17, "light", "ranged", ("leader",)), ("B", 0 + 1, "light", "close", ("ap", "aoe", "flying", "relentless"))))
    assert not lr.legal and "RIFT-ARMY-11" in lr.rule_ids(), lr.summary()


def test_rift_army_01_at_most_three_medium_or_heavy() -> None:
    """RIFT-ARMY-01: a fourth M/H unit breaks the cap."""
    assert check(army(("M", 3, "medium", "ranged", ()))).legal
    assert "RIFT-ARMY-01" in check(army(("M", 2, "medium", "ranged", ()), ("H", 2, "heavy", "close", ()))).rule_ids()


def test_rift_army_04_05_light_costs() -> None:
    """RIFT-ARMY-04: 1 LUP buys one Light Ranged; RIFT-ARMY-05: 1 LUP buys 3 Light Close."""
    assert check(army(("LR", 5, "light", "ranged", ()))).spent == 5
    assert check(army(("LC", 6, "light", "close", ()))).spent == 2
    assert check(army(("LC", 7, "light", "close", ()))).spent == 3  # pooled rounds up (RIFT-GAP-27)


def test_rift_army_06_medium_and_heavy_cost_no_points() -> None:
    """RIFT-ARMY-06: M/H units spend no LUP; only the cap limits them."""
    assert check(army(("M", 1, "medium", "ranged", ()), ("H", 2, "heavy", "close", ()))).spent == 0


def test_rift_army_07_08_09_traits_four_free_then_two_each_per_type() -> None:
    """RIFT-ARMY-08: 4 free trait assignments; RIFT-ARMY-07: 2 LUP each beyond; RIFT-ARMY-09: once per type."""
    four = army(("A", 5, "light", "ranged", ("ap", "aoe")), ("B", 3, "light", "ranged", ("flying", "relentless")))
    assert check(four).traits == 4 and check(four).spent == 8
    six = army(("A", 5, "light", "ranged", ("ap", "aoe", "indirect")), ("B", 3, "light", "ranged", ("flying", "relentless", "transport")))
    assert check(six).spent == 8 + 4, "two extra traits cost 4 LUP"


def test_rift_army_10_and_gap_28_leader_limit_rounding() -> None:
    """RIFT-ARMY-10, RIFT-GAP-28: max(1, floor(units/10)) Leaders."""
    assert [max_leaders(n) for n in (1, 9, 10, 19, 20, 35)] == [1, 1, 1, 1, 2, 3]
    two = army(("L", 2, "light", "ranged", ("leader",)), ("R", 8, "light", "ranged", ()))
    assert "RIFT-ARMY-10" in check(two).rule_ids()


def test_rift_army_11_spending_within_budget() -> None:
    """RIFT-ARMY-11: spending more LUP than the budget is illegal, equal is fine."""
    assert check(army(("H", 3, "heavy", "ranged", ()), ("R", 8, "light", "ranged", ()))).legal
    assert "RIFT-ARMY-11" in check(army(("H", 3, "heavy", "ranged", ()), ("R", 9, "light", "ranged", ()))).rule_ids()


def test_rift_trait_07_armor_only_on_medium() -> None:
    """RIFT-TRAIT-07: Armor on a Light or Heavy type makes the army illegal."""
    assert check(army(("M", 1, "medium", "close", ("armor",)))).legal
    assert "RIFT-TRAIT-07" in check(army(("H", 1, "heavy", "close", ("armor",)))).rule_ids()
    assert "RIFT-TRAIT-07" in check(army(("L", 3, "light", "close", ("armor",)))).rule_ids()


def test_rift_trait_12_13_traits_come_from_the_registry_with_aliases() -> None:
    """RIFT-TRAIT-12: traits live in data; RIFT-TRAIT-13: Armored and Armor are one trait."""
    data = rules()
    assert {"leader", "transport", "relentless", "aoe", "ap", "armor", "indirect", "flying"} <= set(data.traits)
    assert data.trait_id("Armored") == data.trait_id("Armor") == "armor"
    legion = data.armies["legion"]
    assert "armor" in legion.units[0].traits


def test_rift_data_01_points_mode_vectors() -> None:
    """RIFT-DATA-01 (points mode): 5 H + 6 LC = 51 legal; 5 H + 1 extra trait + 1 LC = 52 illegal; Cold War 51; Jeanne 52."""
    assert check(army(("H", 5, "heavy", "ranged", ()), ("LC", 6, "light", "close", ())), "points").legal
    over = check(army(("H", 5, "heavy", "ranged", ("ap", "aoe", "flying", "relentless", "indirect")), ("LC", 1, "light", "close", ())), "points")
    assert over.spent == 52 and "RIFT-ARMY-11" in over.rule_ids(), over.summary()
    assert check(rules().armies["cold_war"], "points").spent == 51
    assert check(rules().armies["jeanne_darc"], "points").spent == 52
    legion = check(rules().armies["legion"], "points")
    assert legion.spent == 51 and legion.rule_ids() == ["RIFT-TRAIT-07"], legion.summary()


def test_rift_gap_23_unarmed_counts_as_a_unit() -> None:
    """RIFT-GAP-23: an Unarmed unit counts toward the M/H cap and the Leader limit."""
    v = check(rules().armies["barbie_revolutionary_guard"])
    assert v.mh == 1 and v.units == 10


def test_starter_armies_are_legal() -> None:
    """Our own starter armies, one a side, are legal under every reading."""
    for a in rules().armies.values():
        if a.source == "starter":
            for reading in ("pooled", "per_type", "fractional"):
                assert check(a, lc_purchase=reading).legal, f"{a.name}: {check(a, lc_purchase=reading).summary()}"


def test_rift_flow_01_an_illegal_army_is_refused_at_setup_naming_its_rules() -> None:
    """RIFT-FLOW-01: the armies are checked when the game is made; a breach names its rule ID."""
    from core.errors import SetupError
    from core.session import Session
    with pytest.raises(SetupError, match="RIFT-TRAIT-07"):
        Session.new("rift", [("al", "Republic"), ("bo", "Separatists")], options={"armies": "al:legion"}, seed="x")
    with pytest.raises(SetupError, match="unknown army"):
        Session.new("rift", [("al", "Republic"), ("bo", "Separatists")], options={"armies": "al:nope"}, seed="x")
    game = Session.new("rift", [("al", "Republic"), ("bo", "Separatists")], options={"armies": "al:cold_war"}, seed="x")
    assert game.state["armies"] == {"al": "cold_war", "bo": "droid_platoon"}


def test_rift_army_lists_for_the_builder_name_the_rules_they_break() -> None:
    """RIFT-FLOW-01, RIFT-ARMY-11, RIFT-TRAIT-07: the list builder's checks: every starter and legal text army
    passes, Jeanne and Legion are refused naming their rules, and a list that cannot be read says how to write one."""
    from core.rulesets.rift import RiftWar
    r = RiftWar()
    lists = r.starter_lists()
    for aid, a in rules().armies.items():
        found = r.check_list(lists[aid])
        assert (found == []) == (a.expect == "legal"), f"{aid}: {found}"
    assert any(p.startswith("RIFT-ARMY-11") for p in r.check_list(lists["jeanne_darc"]))
    assert any(p.startswith("RIFT-TRAIT-07") for p in r.check_list(lists["legion"]))
    assert "is not an entry" in r.check_list("eight troopers")[0]
    assert "unknown trait" in r.check_list("2 Scouts (light ranged: cloaking)")[0]


def test_rift_a_built_list_plays_in_a_new_game() -> None:
    """The ``lists`` option takes an army id or list text per seat or side; an illegal list is refused."""
    from core.errors import SetupError
    from core.session import Session
    text = "1 Captain (light ranged: leader); 9 Troopers (light ranged); 2 Walkers (heavy ranged: ap); 3 Scouts (light close)"
    game = Session.new("rift", [("al", "Republic"), ("bo", "Separatists")], options={"lists": {"al": text, "Separatists": "biters"}}, seed="x")
    assert sum(1 for u in game.state["units"].values() if u["owner"] == "al") == 15
    assert game.state["armies"]["bo"] == "biters"
    with pytest.raises(SetupError, match="RIFT-ARMY-11"):
        Session.new("rift", [("al", "Republic"), ("bo", "Separatists")],
                    options={"lists": {"al": "20 Troopers (light ranged)"}}, seed="x")
