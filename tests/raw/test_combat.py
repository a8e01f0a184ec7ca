"""Space combat rule tests for Republic at War: RAW-COMBAT-*, RAW-KEYWORD-08, RAW-KEYWORD-12 and the
combat gaps RAW-GAP-18..27, -47, -50, plus core/odds.py. Small hand-built situations on the real map.

Battles are checked against their recorded data (points, modifier, roll, total, losses), so the
arithmetic is checked whatever the dice say; where a worked example needs one exact row of the
table, the battle roll is fixed with ``fix_dice``.
"""
from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from core.dice import Dice
from core.errors import OrderError
from core.odds import two_d6
from core.rulesets.raw import RepublicAtWar
from core.rulesets.raw.combat import _flagship_option, casualties, casualty_row, disparity, loss_points
from core.rulesets.raw.data import casualty_table, unit_types

from raw_helpers import Game, raxus_400_against_300

TABLE = {1: (0, 100), 2: (0, 75), 3: (10, 75), 4: (20, 50), 5: (20, 40), 6: (20, 30), 7: (30, 30),
         8: (30, 20), 9: (40, 20), 10: (50, 20), 11: (75, 10), 12: (75, 0), 13: (100, 0)}


def battles(events):
    """The data of every battle event, in order."""
    return [e["data"] for e in events if e["kind"] == "battle"]


def value(code, scarred=False):
    cost = unit_types()[code].cost
    return cost // 2 if scarred else cost


def check_arithmetic(b, rounding="ceil"):
    """A battle's recorded numbers agree with the table and the smaller-fleet rule."""
    assert b["total"] == sum(b["roll"]) + b["modifier"], f"total {b['total']} is not roll {b['roll']} + modifier {b['modifier']}"
    pct_att, pct_def = TABLE[min(13, max(1, b["total"]))]
    smaller = min(b["points"])
    want = [loss_points(pct_att, smaller, rounding), loss_points(pct_def, smaller, rounding)]
    assert b["losses"] == want, f"losses {b['losses']} should be {pct_att}%/{pct_def}% of the smaller fleet {smaller} = {want}"




# ---------------------------------------------------------------------------------------------------------------
# RAW-COMBAT-01..06: when combat happens, the table, disparity and its sign
# ---------------------------------------------------------------------------------------------------------------

def test_RAW_COMBAT_01_no_combat_unless_a_side_fires():
    """RAW-COMBAT-01: two sides at one location fight only if at least one side's orders make it fire."""
    game = Game()
    a = game.unit("al", "ConS", "Foerost")
    b = game.unit("bo", "GZC", "Foerost")
    game.order("al", "stance hold")
    game.order("bo", "stance hold")
    events = game.resolve()
    assert battles(events) == [], f"both sides hold fire, yet a battle was fought: {battles(events)}"
    assert a in game.state["units"] and b in game.state["units"], "units were lost although nobody fired"
    game.order("bo", "stance free")
    events = game.resolve()
    assert len(battles(events)) == 1, f"CIS now fires on GAR at Foerost; expected exactly one battle, got {battles(events)}"
    assert battles(events)[0]["attacker"] == "CIS", "the only side on free-fire must be the attacker"


def test_RAW_COMBAT_01_one_side_alone_never_fights():
    """RAW-COMBAT-01: a location with units of only one side has no combat, even with allies of two players."""
    game = Game()
    game.unit("al", "Vc1", "Foerost")
    game.unit("cy", "Vc1", "Foerost")
    events = game.resolve()
    assert battles(events) == [], f"allies alone at Foerost fought a battle: {battles(events)}"


def test_RAW_COMBAT_02_auto_resolved_by_the_engine():
    """RAW-COMBAT-02: the engine resolves the battle at resolution with no player input beyond standing orders."""
    game = Game()
    game.unit("al", "Vc1", "Raxus")
    game.unit("bo", "PrD", "Raxus")
    events = game.resolve()
    assert len(battles(events)) == 1, f"one battle expected at Raxus with no orders at all, got {battles(events)}"
    assert game.rolls(events, "battle at Raxus"), "the battle's 2d6 were not rolled on the record"


def test_RAW_COMBAT_03_04_casualty_table_and_clamping():
    """RAW-COMBAT-03, RAW-COMBAT-04: the 13 rows of the table; totals <= 1 use row 1, >= 13 use row 13; symmetric about 7."""
    assert casualty_table() == TABLE, f"casualty table differs from the text: {casualty_table()}"
    for total in range(-10, 25):
        want = TABLE[min(13, max(1, total))]
        assert casualty_row(total) == want, f"modified roll {total} should read row {want}, got {casualty_row(total)}"
    for k in range(7):
        att, dfn = TABLE[7 + k]
        assert TABLE[7 - k] == (dfn, att), f"the table is not symmetric about 7 at 7+-{k}"


def test_RAW_COMBAT_05_06_disparity_formula_and_sign():
    """RAW-COMBAT-05, RAW-COMBAT-06: |mod| = floor(10*(big-small)/(big+small)); attacker-favoured is negative, defender-favoured positive."""
    vectors = [(400, 300, 1), (600, 100, 7), (300, 300, 0), (550, 450, 1), (549, 451, 0), (200, 100, 3), (100, 0, 10)]
    for a, b, magnitude in vectors:
        assert disparity(a, b) == -magnitude, f"attacker {a} vs defender {b}: expected {-magnitude}, got {disparity(a, b)}"
        assert disparity(b, a) == (magnitude if magnitude else 0), f"attacker {b} vs defender {a}: expected +{magnitude}, got {disparity(b, a)}"
    assert disparity(250, 250) == 0, "equal forces must give no adjustment"


def test_RAW_COMBAT_07_example_400_vs_300_by_formula():
    """RAW-COMBAT-07 [EXAMPLE]: attacker 400 vs defender 300: shares 57%/43%, the attacker gains -1."""
    assert disparity(400, 300) == -1, f"the text's example gives -1, got {disparity(400, 300)}"
    assert (100 * 400 // 700, 100 * 300 // 700) == (57, 42) and round(100 * 300 / 700) == 43, "shares of 700 are 57% / 43%"


def test_RAW_COMBAT_07_example_400_vs_300_in_a_battle():
    """RAW-COMBAT-07 [EXAMPLE]: a real battle of 400 attacking 300 (no Warships, no hold-fire) has modifier -1."""
    game = Game()
    for _ in range(4):
        game.unit("al", "Ac1", "Raxus")        # 4 x 70
    for _ in range(3):
        game.unit("al", "ConL", "Raxus")       # 3 x 40 -> 400
    for _ in range(4):
        game.unit("bo", "McE", "Raxus")        # 4 x 75 -> 300
    [b] = battles(game.resolve())
    assert (b["attacker"], b["defender"]) == ("GAR", "CIS"), "both fire; CIS holds Raxus so CIS defends (RAW-GAP-19)"
    assert b["points"] == [400, 300], f"fleet points should be 400 vs 300, got {b['points']}"
    assert b["modifier"] == -1, f"400 vs 300 must give the attacker -1, got {b['modifier']:+d}"
    check_arithmetic(b)


def test_RAW_COMBAT_07_example_400_vs_300_played_by_orders(fix_dice):
    """RAW-COMBAT-07 [EXAMPLE], played by orders: al's 400 points (4 Acclamators, 3 Consular Light Frigates) jump from
    Florrum into bo's Raxus, where bo's 4 Munificents (300) have jumped in from Pammant: the battle reads 400 against
    300, the attacker gains -1, and with a fixed 3+4 the row is 7 - 1 = 6: attacker 20%, defender 30% of 300."""
    game = Game()
    raxus_400_against_300(game)
    fix_dice("battle at Raxus", [3, 4])
    [b] = battles(game.resolve())
    assert (b["attacker"], b["defender"], b["points"]) == ("GAR", "CIS", [400, 300]), f"400 attacks 300 at CIS-held Raxus: {b}"
    assert b["modifier"] == -1 and b["total"] == 6, f"-1 for the attacker: 3+4-1 = 6, got {b['modifier']:+d}, {b['total']}"
    assert b["losses"] == [60, 90], f"row 6: attacker 20%, defender 30% of the smaller fleet (300): got {b['losses']}"


def test_RAW_COMBAT_10_example_100_vs_200_played_by_orders(fix_dice):
    """RAW-COMBAT-10 [EXAMPLE], played by orders: al's 100 (ConL + 2 ConS) jumps into Raxus against bo's 200 (2 McE +
    C9L) jumping in too; a fixed 2+2 with the defender's +3 reads the 30%/30% row: both lose 30 points, 30% of 100."""
    game = Game()
    gar = [game.unit("al", "ConL", "Florrum"), game.unit("al", "ConS", "Florrum"), game.unit("al", "ConS", "Florrum")]
    cis = [game.unit("bo", "McE", "Pammant"), game.unit("bo", "McE", "Pammant"), game.unit("bo", "C9L", "Pammant")]
    game.order("al", f"jump {','.join(gar)} Raxus")
    game.order("bo", f"jump {','.join(cis)} Raxus")
    fix_dice("battle at Raxus", [2, 2])
    [b] = battles(game.resolve())
    assert (b["points"], b["modifier"], b["total"]) == ([100, 200], 3, 7), f"100 vs 200: +3, 2+2+3 = 7; got {b}"
    assert b["losses"] == [30, 30], f"both sides lose 30 points (30% of 100), got {b['losses']}"


def test_RAW_COMBAT_08_example_600_vs_100_by_formula():
    """RAW-COMBAT-08 [EXAMPLE]: defender 600 vs attacker 100: shares 85%/15% (85.7/14.3), the defender gains +7."""
    assert disparity(100, 600) == 7, f"the text's example gives +7, got {disparity(100, 600)}"
    assert (1000 * 600 // 700, 1000 * 100 // 700) == (857, 142), "shares of 700 are 85.7% / 14.3%"


def test_RAW_COMBAT_08_example_600_vs_100_in_a_battle():
    """RAW-COMBAT-08 [EXAMPLE]: a real battle, defender 600 (hand-placed: caps would stop it in play) vs attacker 100: +7."""
    game = Game()
    for _ in range(5):
        game.unit("bo", "McS", "Raxus")        # 400 of ships
    for _ in range(8):
        game.unit("bo", "hmp_gunship", "Raxus")  # 128
    for _ in range(6):
        game.unit("bo", "droid_trifighter", "Raxus")  # 72 -> 600
    game.unit("al", "Ac1", "Raxus")
    game.unit("al", "ConS", "Raxus")           # 100
    [b] = battles(game.resolve())
    assert b["points"] == [100, 600], f"points should be attacker 100, defender 600, got {b['points']}"
    assert b["modifier"] == 7, f"the defender 600 vs 100 must gain +7, got {b['modifier']:+d}"
    assert b["total"] >= 9, "2d6+7 is at least 9"
    check_arithmetic(b)


def test_RAW_COMBAT_08_same_shares_within_the_caps():
    """RAW-COMBAT-08: the same 6:1 shares in a legal fleet (480 vs 80, under the 500 cap) also give +7."""
    game = Game()
    for _ in range(5):
        game.unit("bo", "McS", "Raxus")
    for _ in range(5):
        game.unit("bo", "hmp_gunship", "Raxus")   # 400 + 80 = 480
    game.unit("al", "ConL", "Raxus")
    game.unit("al", "ConL", "Raxus")              # 80
    [b] = battles(game.resolve())
    assert b["points"] == [80, 480] and b["modifier"] == 7, f"480 vs 80 should give +7, got {b['points']} {b['modifier']:+d}"
    check_arithmetic(b)


def test_RAW_COMBAT_09_losses_are_a_share_of_the_smaller_fleet():
    """RAW-COMBAT-09: both sides' losses are percentages of the smaller fleet's starting points, not their own."""
    game = Game()
    game.unit("al", "Vc2", "Raxus")
    game.unit("al", "Vc1", "Raxus")   # 225
    game.unit("bo", "RcD", "Raxus")   # 90
    [b] = battles(game.resolve())
    assert min(b["points"]) == 90, f"the smaller fleet is 90, got {b['points']}"
    pct_att, pct_def = casualty_row(b["total"])
    assert b["losses"] == [loss_points(pct_att, 90), loss_points(pct_def, 90)], \
        f"losses {b['losses']} must be {pct_att}%/{pct_def}% of 90, not of 225"


def test_RAW_COMBAT_10_example_100_vs_200_by_formula():
    """RAW-COMBAT-10 [EXAMPLE]: 100 vs 200 at 30% each: both lose 30 points (30% of the smaller, 100)."""
    assert loss_points(30, min(100, 200)) == 30, "30% of the smaller fleet (100) is 30"
    assert casualty_row(7) == (30, 30), "a modified 7 is the 30%/30% row"


def test_RAW_COMBAT_10_example_100_vs_200_in_a_battle(fix_dice):
    """RAW-COMBAT-10 [EXAMPLE]: a real battle of 100 vs 200 reading the 30%/30% row: both sides lose 30 points."""
    game = Game()
    game.unit("al", "ConL", "Raxus")
    game.unit("al", "ConS", "Raxus")
    game.unit("al", "ConS", "Raxus")           # 100, attacker
    game.unit("bo", "McE", "Raxus")
    game.unit("bo", "McE", "Raxus")
    game.unit("bo", "C9L", "Raxus")            # 200, defender
    fix_dice("battle at Raxus", [2, 2])        # 4 + 3 (disparity: defender 200 vs 100) = 7
    [b] = battles(game.resolve())
    assert b["points"] == [100, 200] and b["modifier"] == 3, f"100 vs 200 should be +3, got {b['points']} {b['modifier']:+d}"
    assert b["total"] == 7, f"fixed roll 2+2+3 should total 7, got {b['total']}"
    assert b["losses"] == [30, 30], f"both sides must lose 30 points (30% of 100), got {b['losses']}"


def test_RAW_COMBAT_11_hold_fire_penalty_once():
    """RAW-COMBAT-11: a hold-fire fleet attacked by a free-fire fleet suffers one -1 (stated twice, applied once)."""
    game = Game()
    game.unit("al", "Ac1", "Raxus")
    game.unit("bo", "McE", "Raxus")            # 70 vs 75: disparity 0
    game.order("bo", "stance hold")
    [b] = battles(game.resolve())
    assert (b["attacker"], b["defender"]) == ("GAR", "CIS"), "the free-fire side attacks"
    assert b["modifier"] == -1, f"only the hold-fire penalty (-1, once) applies, got {b['modifier']:+d}"
    check_arithmetic(b)


def test_RAW_COMBAT_11_no_penalty_when_both_fire():
    """RAW-COMBAT-11: with both sides on free-fire there is no hold-fire penalty."""
    game = Game()
    game.unit("al", "Ac1", "Raxus")
    game.unit("bo", "McE", "Raxus")
    [b] = battles(game.resolve())
    assert b["modifier"] == 0, f"70 vs 75, both free-fire, no Warships: modifier 0, got {b['modifier']:+d}"


def test_RAW_COMBAT_12_casualties_are_random_whole_units():
    """RAW-COMBAT-12: losses are whole ships and squadrons picked at random on the record, plus at most one scar."""
    game = Game()
    for _ in range(3):
        game.unit("al", "Ac1", "Raxus")
    for _ in range(6):
        game.unit("al", "vwing", "Raxus")
    for _ in range(3):
        game.unit("bo", "McE", "Raxus")
    for _ in range(6):
        game.unit("bo", "vulture", "Raxus")
    before = {u: dict(x) for u, x in game.state["units"].items()}
    events = game.resolve()
    [b] = battles(events)
    destroyed = [e["data"]["unit"] for e in events if e["kind"] == "destroyed"]
    picks = game.rolls(events, "casualty")
    assert len(picks) == len(destroyed), f"every casualty must be one recorded random pick: {len(picks)} picks, {len(destroyed)} lost"
    for side, loss in zip((b["attacker"], b["defender"]), b["losses"]):
        lost = sum(value(before[u]["type"]) for u in destroyed if before[u]["owner"] in (("al",) if side == "GAR" else ("bo",)))
        assert lost <= loss, f"{side} lost {lost} points of whole units, more than its {loss} loss points"
    scars = [e for e in events if e["kind"] == "scarred"]
    assert len(scars) <= 2, "at most one scar per side"


# ---------------------------------------------------------------------------------------------------------------
# RAW-COMBAT-13..16: allies, several fleets, scarred ships
# ---------------------------------------------------------------------------------------------------------------

def test_RAW_COMBAT_13_allied_fleets_fight_as_one():
    """RAW-COMBAT-13: allies' fleets at one location pool points, Warships and losses into one battle."""
    game = Game()
    a1 = game.unit("al", "Vc1", "Raxus")
    c1 = game.unit("cy", "Ac1", "Raxus")
    game.unit("bo", "PrD", "Raxus")
    game.unit("di", "McS", "Raxus")
    events = game.resolve()
    assert len(battles(events)) == 1, f"two allied pairs must fight one battle, got {len(battles(events))}"
    [b] = battles(events)
    assert b["points"] == [170, 200], f"GAR 100+70 vs CIS 120+80 pooled, got {b['points']}"
    assert b["modifier"] == 0 + (-1) + 1, f"disparity 0, one GAR Warship -1, one CIS Warship +1: 0, got {b['modifier']:+d}"
    check_arithmetic(b)
    owners = {e["data"]["unit"][0] for e in events if e["kind"] in ("destroyed", "scarred")}
    assert owners <= {"A", "C", "B", "D"}, "losses can fall on any ally's units"


def test_RAW_COMBAT_14_15_pairing_largest_first_with_cumulative_damage(fix_dice):
    """RAW-COMBAT-14, RAW-COMBAT-15, RAW-GAP-27: three sides at Scipio; the two largest fight first, then the next
    pair, the survivor fighting on with its reduced points."""
    game = Game()
    for _ in range(3):
        game.unit("al", "Ac1", "Scipio")   # 210
    for _ in range(3):
        game.unit("al", "CRL", "Scipio")   # 60 -> GAR 270
    game.unit("bo", "McE", "Scipio")
    game.unit("bo", "McE", "Scipio")       # CIS 150; Scipio's own forces: Ac1 + 3 ARC-170 = 118
    game.order("al", "stance free neutral")
    game.order("bo", "stance hold")        # CIS holds toward GAR (and neutrals): GAR attacks both
    fix_dice("battle at Scipio", [3, 3], [3, 3])
    before = {u: dict(x) for u, x in game.state["units"].items()}
    events = game.resolve()
    fought = battles(events)
    assert [(b["attacker"], b["defender"]) for b in fought] == [("GAR", "CIS"), ("GAR", "neutral:Scipio")], \
        f"GAR (270) and CIS (150) are the two largest and fight first, then GAR and Scipio (118): {fought}"
    first, second = fought
    assert first["points"] == [270, 150], f"first pairing points: {first['points']}"
    assert first["modifier"] == -2 - 1 and first["total"] == 3, f"roll 6, disparity -2, hold-fire -1 = 3, got {first}"
    assert first["losses"] == [15, 113], f"row 3: 10% and 75% of the smaller fleet (150) = [15, 113], got {first['losses']}"
    # GAR's points in the second pairing are what survived the first
    cut = 0
    index = events.index(next(e for e in events if e["kind"] == "battle"))
    end = events.index(next(e for e in events if e["kind"] == "battle" and e["data"] is second))
    for e in events[index:end]:
        unit = e["data"].get("unit")
        if unit and before.get(unit, {}).get("owner") == "al":
            cut += value(before[unit]["type"]) if e["kind"] == "destroyed" else value(before[unit]["type"]) - value(before[unit]["type"], True)
    assert second["points"] == [270 - cut, 118], f"GAR fights Scipio with 270 - {cut} points, got {second['points']}"
    check_arithmetic(second)


def test_RAW_COMBAT_16_scarred_ships_count_half():
    """RAW-COMBAT-16: a scarred ship counts floor(cost/2) for disparity, the smaller-fleet base and the retreat."""
    game = Game()
    game.unit("al", "Ac1", "Raxus", scarred=True)   # 35
    game.unit("al", "Ac1", "Raxus")                 # 70 -> 105
    game.unit("bo", "GZA", "Raxus", scarred=True)   # 14
    game.unit("bo", "McS", "Raxus")                 # 80 -> 94
    [b] = battles(game.resolve())
    assert b["points"] == [105, 94], f"scarred ships count half (rounded down): expected [105, 94], got {b['points']}"
    assert b["modifier"] == disparity(105, 94) == 0, f"disparity on the halved points is 0, got {b['modifier']}"
    check_arithmetic(b)


# ---------------------------------------------------------------------------------------------------------------
# RAW-KEYWORD-08, RAW-GAP-26: Warships
# ---------------------------------------------------------------------------------------------------------------

def test_RAW_KEYWORD_08_warships_favour_their_side():
    """RAW-KEYWORD-08: each Warship gives its side 1 in its favour: -1 per attacking, +1 per defending Warship."""
    game = Game()
    game.unit("al", "Vc1", "Raxus")
    game.unit("al", "Vc1", "Raxus")                # 200, 2 Warships attacking
    game.unit("bo", "PrD", "Raxus")
    game.unit("bo", "McS", "Raxus")                # 200, 1 Warship defending
    [b] = battles(game.resolve())
    assert b["points"] == [200, 200], f"equal fleets, got {b['points']}"
    assert b["modifier"] == -2 + 1, f"2 attacking Warships (-2) and 1 defending (+1) give -1, got {b['modifier']:+d}"


def test_RAW_GAP_26_four_venators_against_one_providence():
    """RAW-GAP-26: no cap on Warships, both sides summed: 4 Vc1 attacking 1 PrD is -4 + 1 = -3 before disparity (-5)."""
    game = Game()
    for _ in range(4):
        game.unit("al", "Vc1", "Raxus", scarred=False)
    game.unit("bo", "PrD", "Raxus")
    [b] = battles(game.resolve())
    assert disparity(400, 120) == -5, "400 vs 120: floor(10*280/520) = 5 for the attacker"
    assert b["modifier"] == -4 + 1 - 5, f"Warships -3 and disparity -5 make -8, got {b['modifier']:+d}"
    check_arithmetic(b)


def test_RAW_GAP_26_scarred_warships_still_count_and_the_cap_option():
    """RAW-GAP-26: a scarred Warship still gives its bonus; the GM option warship_cap limits it per side."""
    game = Game()
    game.unit("al", "Vc1", "Raxus", scarred=True)
    game.unit("al", "Vc1", "Raxus", scarred=True)  # 100 points, 2 Warships
    game.unit("bo", "RcD", "Raxus")
    game.unit("bo", "GZC", "Raxus")                # 113
    [b] = battles(game.resolve())
    assert b["modifier"] == disparity(100, 113) - 2, f"two scarred Warships still give -2, got {b['modifier']:+d}"
    capped = Game(warship_cap=1)
    capped.unit("al", "Vc1", "Raxus", scarred=True)
    capped.unit("al", "Vc1", "Raxus", scarred=True)
    capped.unit("bo", "RcD", "Raxus")
    capped.unit("bo", "GZC", "Raxus")
    [c] = battles(capped.resolve())
    assert c["modifier"] == disparity(100, 113) - 1, f"warship_cap=1 allows one Warship bonus, got {c['modifier']:+d}"


# ---------------------------------------------------------------------------------------------------------------
# RAW-KEYWORD-12, RAW-GAP-25: Flagship
# ---------------------------------------------------------------------------------------------------------------

def _cis_line(game):
    luc = game.unit("bo", "Luc", "Raxus")
    mce = game.unit("bo", "McE", "Raxus")
    gzc = game.unit("bo", "GZC", "Raxus")
    return luc, mce, gzc


def test_RAW_KEYWORD_12_flagship_least_valuable_ship_first():
    """RAW-KEYWORD-12, RAW-GAP-21: option B makes the least valuable enemy ship take damage first."""
    game = Game()
    luc, mce, gzc = _cis_line(game)
    casualties(game.state, Dice("f"), [luc, mce, gzc], 80, "B", ["gm"])
    units = game.state["units"]
    assert gzc not in units, "option B: the GZC (23), least valuable, must be destroyed first"
    assert units[mce]["scarred"] and not units[luc]["scarred"], \
        "after the GZC, 57 points are left: nothing fits, so the McE (75/2 < 57) is scarred, not the Luc"


def test_RAW_KEYWORD_12_flagship_most_valuable_ship_too_big_is_scarred():
    """RAW-KEYWORD-12, RAW-GAP-21 step 3: option A names the Luc; too big to destroy with 110, it takes the damage as a scar."""
    game = Game()
    luc, mce, gzc = _cis_line(game)
    casualties(game.state, Dice("f"), [luc, mce, gzc], 110, "A", ["gm"])
    units = game.state["units"]
    assert units[luc]["scarred"], "the Luc (210/2 = 105 < 110) must be scarred as the first to receive damage"
    assert mce in units and gzc in units and not units[mce]["scarred"], "the rest of the loss is spent on the Luc's scar"


def test_RAW_KEYWORD_12_flagship_squadrons_and_missing_targets():
    """RAW-KEYWORD-12: option E hits the most valuable squadron first; option C with no scarred ship falls back to random losses."""
    game = Game()
    luc = game.unit("bo", "Luc", "Raxus")
    hmp = game.unit("bo", "hmp_gunship", "Raxus")
    vul = game.unit("bo", "vulture", "Raxus")
    casualties(game.state, Dice("f"), [luc, hmp, vul], 16, "E", ["gm"])
    assert hmp not in game.state["units"] and vul in game.state["units"], "option E: the HMP (16), most valuable squadron, goes first"
    game2 = Game()
    luc, mce, gzc = _cis_line(game2)
    events = casualties(game2.state, Dice("f"), [luc, mce, gzc], 23, "C", ["gm"])
    assert gzc not in game2.state["units"], "no scarred ship for option C: the normal pick (only the GZC fits 23) applies"
    assert [e for e in events if e["kind"] == "destroyed"], "the fallback must still inflict the loss"


def test_RAW_GAP_25_flagship_granted_by_option_in_a_battle(fix_dice):
    """RAW-GAP-25, RAW-KEYWORD-12: the GM grants Flagship to Vc1 (flagship_types); the owner's standing option B picks the
    least valuable enemy ship first in a real battle."""
    game = Game(flagship_types=["Vc1"])
    game.unit("al", "Vc1", "Raxus")
    game.unit("al", "Vc1", "Raxus")
    luc, mce, gzc = _cis_line(game)            # 308
    game.order("al", "flagship B")
    fix_dice("battle at Raxus", [1, 1])        # 2 + disparity(200, 308)=+2, Warships -2+1 = 3 -> 10% / 75% of 200
    events = game.resolve()
    [b] = battles(events)
    assert b["total"] == 3 and b["losses"][1] == 150, f"expected total 3 and 150 CIS loss points, got {b}"
    first = next(e["data"]["unit"] for e in events if e["kind"] == "destroyed" and e["data"]["unit"].startswith("B"))
    assert first == gzc, f"al's Flagship (option B) makes the GZC the first CIS loss, got {first}"
    assert game.state["seats"]["al"]["flagship"] == "B", "the flagship option is a standing order"


def test_RAW_GAP_25_no_flagship_by_default_and_most_expensive_decides():
    """RAW-GAP-25: no unit has Flagship in the default data; with several, the most expensive Flagship's owner picks."""
    assert not any(t.has("Flagship") for t in unit_types().values()), "no unit in the lists carries Flagship"
    plain = Game()
    v = plain.unit("al", "Vc1", "Raxus")
    assert _flagship_option(plain.state, [v]) is None, "without flagship_types a Vc1 is no Flagship"
    game = Game(flagship_types=["Vc1", "Vc2"])
    a = game.unit("al", "Vc1", "Raxus")
    c = game.unit("cy", "Vc2", "Raxus")
    game.state["seats"]["al"]["flagship"] = "B"
    game.state["seats"]["cy"]["flagship"] = "E"
    assert _flagship_option(game.state, [a, c]) == "E", "cy's Vc2 (125) outranks al's Vc1 (100): cy's option E is used"


def test_RAW_KEYWORD_12_flagship_order_refuses_unknown_option():
    """RAW-KEYWORD-12: only options A-E exist; anything else is refused and the standing option stays."""
    game = Game()
    with pytest.raises(OrderError, match="is not an? option you can use here"):
        game.order("al", "flagship F")
    assert game.state["seats"]["al"]["flagship"] == "A" and game.state["sheets"]["al"] == [], "a refused order changed the state"


# ---------------------------------------------------------------------------------------------------------------
# RAW-GAP-18, RAW-GAP-19: fire orders, attacker and defender
# ---------------------------------------------------------------------------------------------------------------

def test_RAW_GAP_18_default_stance_free_vs_enemies_hold_vs_neutrals():
    """RAW-GAP-18: by default every player is free-fire toward the enemy team and hold-fire toward neutral forces."""
    game = Game()
    for seat, info in game.state["seats"].items():
        assert info["stance"]["default"] == "free" and info["stance"]["neutral"] == "hold", f"{seat}'s default stance is wrong"
    game.unit("al", "Vc1", "Scipio")
    events = game.resolve()
    assert battles(events) == [], "GAR at Scipio on default (hold toward neutrals) must not fight Scipio's forces"


def test_RAW_GAP_18_fire_orders_persist_across_turns():
    """RAW-GAP-18: standing fire orders persist until changed, also through a turn with no orders."""
    game = Game()
    game.order("bo", "stance hold al")
    game.resolve()
    game.unit("al", "Ac1", "Raxus")
    game.unit("bo", "McE", "Raxus")
    [b] = battles(game.resolve())       # bo gave no orders this turn
    assert (b["attacker"], b["modifier"]) == ("GAR", -1), f"bo still holds fire toward al: GAR attacks with the -1 penalty, got {b}"


def test_RAW_GAP_18_merged_fleet_fires_if_any_member_fires():
    """RAW-GAP-18: the team at a location is free-fire toward a side if any member present is free toward a player there."""
    game = Game()
    game.unit("al", "Ac1", "Foerost")
    game.unit("cy", "Ac1", "Foerost")
    game.unit("bo", "McE", "Foerost")
    game.order("al", "stance hold")
    game.order("bo", "stance hold")
    [b] = battles(game.resolve())
    assert b["attacker"] == "GAR", "cy (free) makes the merged GAR fleet fire although al holds"
    assert b["modifier"] == disparity(140, 75) - 1, f"CIS holds toward every GAR member: penalty -1; got {b['modifier']:+d}"


def test_RAW_GAP_18_penalty_only_if_every_member_holds():
    """RAW-GAP-18: the merged fleet takes the hold-fire penalty only if every member present holds toward the attacker."""
    game = Game()
    game.unit("al", "Ac1", "Foerost")
    game.unit("cy", "Ac1", "Foerost")
    game.unit("bo", "McE", "Foerost")
    game.order("al", "stance hold")
    game.order("cy", "stance hold di")     # cy holds toward di (absent) but is still free toward bo
    [b] = battles(game.resolve())
    assert b["modifier"] == disparity(*b["points"]), f"cy does not hold toward bo: no hold-fire penalty, got {b['modifier']:+d}"
    held = Game()
    held.unit("al", "Ac1", "Foerost")
    held.unit("cy", "Ac1", "Foerost")
    held.unit("bo", "McE", "Foerost")
    held.order("al", "stance hold bo")
    held.order("cy", "stance hold bo")
    [h] = battles(held.resolve())
    assert (h["attacker"], h["modifier"]) == ("CIS", disparity(75, 140) - 1), f"every GAR member holds toward bo: -1, got {h}"


def test_RAW_GAP_18_RAW_TURN_06_fire_orders_for_some_fleets():
    """RAW-TURN-06, RAW-GAP-18 (issue 10, point 9): standing orders for all or some fleets. `stance hold <ships>` holds
    fire with the named ships only; toward one player with `stance hold <ship>,<player>`; an order for all fleets
    replaces the ships' own orders. The GAR side fires if any of its ships present is free toward CIS."""
    game = Game()
    x = game.unit("al", "Ac1", "Foerost")
    y = game.unit("al", "Ac1", "Foerost")
    game.unit("bo", "McE", "Foerost")
    game.order("bo", "stance hold")
    game.order("al", f"stance hold {x}")
    [b] = battles(game.resolve())
    assert b["attacker"] == "GAR", f"{y} is still free-fire: GAR attacks, got {b}"
    game2 = Game()
    x2, y2 = game2.unit("al", "Ac1", "Foerost"), game2.unit("al", "Ac1", "Foerost")
    game2.unit("bo", "McE", "Foerost")
    game2.order("al", f"stance hold {x2},{y2}")
    [c] = battles(game2.resolve())
    assert (c["attacker"], c["modifier"]) == ("CIS", disparity(75, 140) - 1), \
        f"both of al's ships there hold: CIS attacks and GAR takes the hold-fire penalty, got {c}"
    assert game2.state["seats"]["al"]["stance"]["default"] == "free", "al's standing order for his other fleets is unchanged"
    game3 = Game()
    x3, y3 = game3.unit("al", "Ac1", "Foerost"), game3.unit("al", "Ac1", "Foerost")
    game3.unit("bo", "McE", "Foerost")
    game3.order("bo", "stance hold")
    game3.order("al", f"stance hold {x3},{y3},bo")     # these ships hold toward bo only
    assert battles(game3.resolve()) == [], "al's ships hold toward bo and bo holds: no battle"
    game3.order("al", "stance free")                 # all fleets: replaces the ships' own orders
    [d] = battles(game3.resolve())
    assert d["attacker"] == "GAR", f"'stance free' for all fleets makes the ships fire again, got {d}"


def test_RAW_GAP_18_stance_order_refuses_a_teammate_target():
    """RAW-GAP-18: fire orders name enemy players or neutral; a teammate is refused and nothing changes."""
    game = Game()
    with pytest.raises(OrderError, match="'cy' is not one of the targets"):
        game.order("al", "stance hold cy")
    assert game.state["sheets"]["al"] == [], "the refused stance order was queued"


def test_RAW_GAP_19_only_free_side_attacks_and_neutrals_defend():
    """RAW-GAP-19: if only one side is free-fire it attacks (even at its enemy's... own planet); neutral forces always defend."""
    game = Game()
    game.unit("al", "Ac1", "Geonosis")         # cy's planet
    game.unit("bo", "McE", "Geonosis")
    game.order("al", "stance hold")
    game.order("cy", "stance hold")
    [b] = battles(game.resolve())
    assert (b["attacker"], b["defender"]) == ("CIS", "GAR"), f"only CIS fires: CIS attacks, got {b['attacker']}"
    game2 = Game()
    game2.unit("al", "Vc1", "Mandalore")
    game2.order("al", "stance free neutral")
    [n] = battles(game2.resolve())
    assert (n["attacker"], n["defender"]) == ("GAR", "neutral:Mandalore"), f"neutral forces are always the defender, got {n}"


def test_RAW_GAP_19_both_free_the_planet_holder_defends():
    """RAW-GAP-19: both free-fire at a planet: the side controlling the planet defends, whoever came first."""
    game = Game()
    game.unit("al", "Ac1", "Geonosis")         # GAR planet (cy)
    game.unit("bo", "McE", "Geonosis")
    [b] = battles(game.resolve())
    assert (b["attacker"], b["defender"]) == ("CIS", "GAR"), f"GAR holds Geonosis and defends, got {b}"
    game2 = Game()
    game2.unit("al", "Ac1", "Raxus")
    game2.unit("bo", "McE", "Raxus")
    [c] = battles(game2.resolve())
    assert (c["attacker"], c["defender"]) == ("GAR", "CIS"), f"CIS holds Raxus and defends, got {c}"


def test_RAW_GAP_19_both_free_who_was_there_first_defends():
    """RAW-GAP-19: both free-fire in deep space: the side there at the start of the Jump phase defends."""
    game = Game()
    game.unit("bo", "McE", "deep:Geonosis:A1")
    a = game.unit("al", "Ac1", "Kamino")
    game.order("al", f"jump {a} deep Geonosis A1")
    [b] = battles(game.resolve())
    assert (b["attacker"], b["defender"]) == ("GAR", "CIS"), f"CIS was in deep space first and defends, got {b}"


def test_RAW_GAP_19_both_arrive_a_roll_off_decides():
    """RAW-GAP-19: both free-fire and both arrived this turn: a seeded roll-off on the record decides the attacker."""
    game = Game()
    a = game.unit("al", "Ac1", "Kamino")
    c = game.unit("bo", "McE", "Rodia")
    game.order("al", f"jump {a} deep Geonosis B2")
    game.order("bo", f"jump {c} deep Geonosis B2")
    events = game.resolve()
    [b] = battles(events)
    [roll] = [e for e in events if e["kind"] == "roll" and "roll-off" in e["data"]["purpose"]]
    # the pair is (larger side, smaller side) = (CIS 75, GAR 70); a 1 makes the first of the pair the attacker
    want = ("CIS", "GAR") if roll["data"]["values"] == [1] else ("GAR", "CIS")
    assert (b["attacker"], b["defender"]) == want, f"the roll-off {roll['data']['values']} should make {want[0]} attack"
    assert set(roll["to"]) == {"team:GAR", "team:CIS"}, f"both teams see the roll-off, got {roll['to']}"


# ---------------------------------------------------------------------------------------------------------------
# RAW-GAP-20..24: rounding and casualties
# ---------------------------------------------------------------------------------------------------------------

def test_RAW_GAP_20_rounding_ceil_by_default_and_options():
    """RAW-GAP-20: loss points = ceil(pct * smaller / 100) in integers; floor and nearest are GM options."""
    assert [loss_points(30, 95), loss_points(30, 95, "floor"), loss_points(30, 95, "nearest")] == [29, 28, 29], "30% of 95 = 28.5"
    assert [loss_points(10, 37), loss_points(10, 37, "floor"), loss_points(10, 37, "nearest")] == [4, 3, 4], "10% of 37 = 3.7"
    assert [loss_points(20, 33), loss_points(20, 33, "floor"), loss_points(20, 33, "nearest")] == [7, 6, 7], "20% of 33 = 6.6"
    assert loss_points(75, 2) == 2 and loss_points(100, 123) == 123 and loss_points(0, 500) == 0, "ceil edge cases"
    game = Game(casualty_rounding="floor")
    game.unit("al", "ConS", "Raxus")
    game.unit("al", "ConS", "Raxus")
    game.unit("al", "vwing", "Raxus")          # 67
    game.unit("bo", "McE", "Raxus")
    game.unit("bo", "McE", "Raxus")            # 150
    [b] = battles(game.resolve())
    check_arithmetic(b, "floor")


def test_RAW_GAP_21_whole_units_while_one_fits():
    """RAW-GAP-21: while a surviving unit's value fits the remaining loss, a random one is destroyed."""
    game = Game()
    vc = game.unit("bo", "PrD", "Raxus")
    mce = game.unit("bo", "McE", "Raxus")
    vul = game.unit("bo", "vulture", "Raxus")
    events = casualties(game.state, Dice("g21"), [vc, mce, vul], 81, None, ["gm"])
    units = game.state["units"]
    assert mce not in units and vul not in units, "75 + 6 = 81: both the McE and the Vulture fit and must be destroyed"
    assert vc in units and not units[vc]["scarred"], "nothing is left for the PrD"
    assert len([e for e in events if e["kind"] == "destroyed"]) == 2, "two destroyed events expected"


def test_RAW_GAP_22_scar_needs_more_than_half_the_hull():
    """RAW-GAP-22: hull points = base cost; a ship is scarred only by leftover damage above cost/2."""
    game = Game()
    v1 = game.unit("al", "Vc1", "Raxus")
    casualties(game.state, Dice("a"), [v1], 50, None, ["gm"])
    assert not game.state["units"][v1]["scarred"], "50 is exactly half of 100: not more than half, no scar"
    casualties(game.state, Dice("a"), [v1], 51, None, ["gm"])
    assert game.state["units"][v1]["scarred"], "51 is more than half of 100: the Vc1 is scarred"


def test_RAW_GAP_23_scarred_ship_destroyed_at_its_half_value_and_no_stacking():
    """RAW-GAP-23: a scarred ship is worth floor(cost/2) and is destroyed by that much; scars do not stack."""
    game = Game()
    v1 = game.unit("al", "Vc1", "Raxus", scarred=True)
    casualties(game.state, Dice("a"), [v1], 49, None, ["gm"])
    assert v1 in game.state["units"] and game.state["units"][v1]["scarred"], "49 < 50: the scarred Vc1 survives, still just scarred"
    casualties(game.state, Dice("a"), [v1], 50, None, ["gm"])
    assert v1 not in game.state["units"], "50 points destroy a scarred Vc1 (worth 50)"


def test_RAW_GAP_24_cargo_aboard_a_destroyed_ship():
    """RAW-GAP-24: GF aboard a destroyed ship die with it; its squadrons are left parked and fight on as separate units."""
    for seed in range(40):
        game = Game()
        crl = game.unit("al", "CRL", "Raxus", gf=1)
        nu = game.unit("al", "nu_attack_shuttle", "Raxus", aboard=crl)
        events = casualties(game.state, Dice(f"g24-{seed}"), [crl, nu], 20, None, ["gm"])
        if crl not in game.state["units"]:
            break
    else:
        pytest.fail("no seed picked the CRL as the casualty")
    assert nu in game.state["units"] and game.state["units"][nu]["aboard"] is None, "the squadron survives, parked"
    assert any("with 1 GF aboard" in e["text"] for e in events), "the GF aboard must be reported lost with its ship"


def test_RAW_GAP_24_gf_never_fight_and_die_only_with_their_ship():
    """RAW-GAP-24, RAW-GAP-47: GF aboard add no fleet points; a battle removes them only with their ship."""
    game = Game()
    ac = game.unit("al", "Ac1", "Raxus", gf=4)
    game.unit("bo", "McE", "Raxus")
    events = game.resolve()
    [b] = battles(events)
    assert b["points"] == [70, 75], f"GF aboard do not count as fleet points: {b['points']}"
    if ac in game.state["units"]:
        assert game.state["units"][ac]["gf"] == 4, "the GF aboard a surviving ship stay aboard"
    else:
        assert any("with 4 GF aboard" in e["text"] for e in events), "the GF die with the Ac1"


def test_RAW_GAP_47_parked_squadrons_fight_garrisons_do_not():
    """RAW-GAP-47: squadrons parked at a planet are part of their team's fleet; GF never fight in space."""
    game = Game()
    game.give("Raxus", "bo", gf=10)
    for _ in range(5):
        game.unit("bo", "hmp_gunship", "Raxus")    # 80, parked, no carrier
    game.unit("al", "Ac1", "Raxus")
    events = game.resolve()
    [b] = battles(events)
    assert b["points"] == [70, 80], f"the parked squadrons (80) fight for CIS; the 10 GF count nothing: {b['points']}"
    assert game.state["planets"]["Raxus"]["gf"] == 10, "space combat must not touch the garrison"
    only_gf = Game()
    only_gf.give("Raxus", "bo", gf=10)
    only_gf.unit("al", "Ac1", "Raxus")
    assert battles(only_gf.resolve()) == [], "a garrison alone is no fleet: no space battle"


# ---------------------------------------------------------------------------------------------------------------
# RAW-GAP-50: the dice
# ---------------------------------------------------------------------------------------------------------------

def _played(seed):
    game = Game(seed=seed)
    game.unit("al", "Vc1", "Raxus")
    game.unit("bo", "PrD", "Raxus")
    game.unit("cy", "Ac1", "Mandalore")
    game.order("cy", "stance free neutral")
    return game, game.resolve()


def test_RAW_GAP_50_seeded_dice_replay_exactly():
    """RAW-GAP-50: a seeded RNG per game: the same seed and orders give the same rolls; the counter is saved."""
    g1, e1 = _played("same")
    g2, e2 = _played("same")
    r1 = [e["data"] for e in e1 if e["kind"] == "roll"]
    assert r1 and r1 == [e["data"] for e in e2 if e["kind"] == "roll"], "the same seed must give the same rolls"
    assert g1.state["dice"] == g2.state["dice"] and g1.state["dice"]["n"] > 0, "the dice counter is saved with the state"
    outcomes = {tuple(tuple(e["data"]["values"]) for e in _played(s)[1] if e["kind"] == "roll") for s in ("x1", "x2", "x3", "x4")}
    assert len(outcomes) > 1, "different seeds should not all give the same rolls"


def test_RAW_GAP_50_every_roll_is_an_event_with_viewers():
    """RAW-GAP-50: every roll is recorded with its purpose; the GM sees all, players the rolls that affected them."""
    game, events = _played("view")
    rolls = [e for e in events if e["kind"] == "roll"]
    tokens = {"all", "gm", "team:GAR", "team:CIS"} | {f"seat:{s}" for s in game.state["seats"]}
    assert rolls and all(e["data"]["purpose"] for e in rolls), "each roll names its purpose"
    bad = [(e["data"]["purpose"], e["to"]) for e in rolls if not e["to"] or not set(e["to"]) <= tokens]
    assert not bad, f"every roll's viewers are seats, teams, the GM or all: {bad}"
    raxus = [e for e in rolls if "battle at Raxus" in e["data"]["purpose"]]
    mandalore = [e for e in rolls if "battle at Mandalore" in e["data"]["purpose"]]
    assert raxus and set(raxus[0]["to"]) == {"team:GAR", "team:CIS"}, "both teams see the roll of their battle"
    assert mandalore and mandalore[0]["to"] == ["team:GAR"], "only GAR sees its battle against Mandalore's neutral forces"
    session = game.session
    texts = lambda who: [e["text"] for e in session.events_for(who) if e["kind"] == "roll"]  # noqa: E731
    assert any("battle at Mandalore" in t for t in texts("gm")), "the GM sees every roll"
    assert not any("battle at Mandalore" in t for t in texts("bo")), "CIS must not see the roll of a battle it was not in"
    assert any("battle at Mandalore" in t for t in texts("al")), "al's team fought at Mandalore and sees the roll"


def test_RAW_GAP_50_enemy_never_sees_which_ship_was_scarred():
    """RAW-GAP-50, RAW-GAP-42: the scarring pick and the scar itself are seen by the owner's team only."""
    game = Game()
    v = game.unit("al", "Vc1", "Raxus")
    dice = Dice("s")
    events = casualties(game.state, dice, [v], 60, None, ["team:GAR", "team:CIS"])
    assert game.state["units"][v]["scarred"], "60 > 100/2: the Vc1 is scarred"
    scar = [e for e in events if e["kind"] == "scarred"]
    assert scar and scar[0]["to"] == ["team:GAR"], f"the scar is for GAR's eyes only, got {scar}"
    picks = [r for r in dice.drain() if r["data"]["purpose"] == "scarring"]
    assert picks and picks[0]["to"] == ["team:GAR"], f"the scarring pick must not be shown to CIS, got {picks}"


# ---------------------------------------------------------------------------------------------------------------
# core/odds.py and RepublicAtWar.odds
# ---------------------------------------------------------------------------------------------------------------

def test_odds_two_d6_sums_to_one_and_matches_hand_counts():
    """RAW-COMBAT-03: two_d6(mod) is the exact distribution of 2d6 + mod clamped to the table's 1..13."""
    for mod in range(-12, 13):
        dist = two_d6(mod)
        assert sum(dist.values()) == 1, f"two_d6({mod}) sums to {sum(dist.values())}"
        counts: dict[int, int] = {}
        for a, b in product(range(1, 7), repeat=2):
            t = min(13, max(1, a + b + mod))
            counts[t] = counts.get(t, 0) + 1
        assert dist == {t: Fraction(n, 36) for t, n in sorted(counts.items())}, f"two_d6({mod}) differs from a hand count"
    assert two_d6(0)[7] == Fraction(6, 36) and two_d6(0)[2] == Fraction(1, 36) and two_d6(0)[12] == Fraction(1, 36), "plain 2d6: 7 on 6 of 36, 2 and 12 on 1"
    assert two_d6(-1)[1] == Fraction(1, 36) and two_d6(-3)[1] == Fraction(6, 36), "2d6-3 <= 1 on 2, 3, 4: 1+2+3 = 6 of 36"
    assert two_d6(2)[13] == Fraction(3, 36) and two_d6(7)[13] == Fraction(26, 36), "2d6+7 >= 13 on 6..12: 36 - 10 = 26 of 36"


def test_odds_jump_into_a_seen_enemy_fleet():
    """RAW-COMBAT-05, RAW-KEYWORD-08: the odds of a jump into a seen enemy fleet use the disparity and our Warships."""
    game = Game()
    game.unit("bo", "PrD", "Felucia")
    game.unit("bo", "McS", "Felucia")              # 200 seen by GAR
    game.unit("cy", "ConS", "Felucia")             # GAR's eyes there (30)
    v = game.unit("al", "Vc1", "Cartao")
    odds = RepublicAtWar().odds(game.state, "al", f"jump {v} Felucia")
    assert odds is not None, "a jump into a seen enemy fleet must have odds"
    assert odds.total() == 1, f"odds must sum to 1, got {odds.total()}"
    mod = disparity(130, 200) - 1                  # the Vc1 and the ConS already there fight together, one Warship
    assert [p for _, p in odds.rows] == list(two_d6(mod).values()), f"rows should be two_d6({mod:+d})"
    for (label, _), total in zip(odds.rows, two_d6(mod)):
        att, dfn = casualty_row(total)
        assert label.startswith(f"roll {total}:") and f"lose {att}%" in label and f"they lose {dfn}%" in label, label
    nobody = Game()
    w = nobody.unit("al", "Vc1", "Cartao")
    nobody.unit("bo", "PrD", "Felucia")            # not seen: GAR has nobody at Felucia
    unseen = RepublicAtWar().odds(nobody.state, "al", f"jump {w} Felucia")
    assert unseen is not None and not unseen.rows and "nothing of your team is at Felucia" in unseen.reason, \
        "an unseen place gives no odds, only the reason"
