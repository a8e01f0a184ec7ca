"""Issue 27.5 for Republic at War: a roll says how its dice were counted and what is added to them, in
the rule's words, in the log, the turn report and the odds (RAW-COMBAT-03/05/07/11, RAW-KEYWORD-08,
RAW-BOMBARD-02, RAW-GROUND-02/05, RAW-NEUTRAL-08)."""
from __future__ import annotations

import pytest

from core.rulesets.raw import RepublicAtWar
from core.rulesets.raw.combat import battle_count
from core.rulesets.raw.ground import bombard_count, ground_count

from dice_words_helpers import assert_said_everywhere, rolls
from raw_helpers import SEATS6, Game, raxus_400_against_300

RULES = RepublicAtWar()
SIDES = dict(SEATS6)


def test_RAW_COMBAT_07_battle_roll_says_the_disparity_in_the_logs_and_reports_of_both_teams(fix_dice):
    """RAW-COMBAT-07 [EXAMPLE], RAW-COMBAT-03, RAW-COMBAT-05: 400 points attack 300: the battle's 2d6 get -1 for
    force disparity; the roll says so, with the rule, to every seat of both teams, in the log and the report."""
    game = Game()
    raxus_400_against_300(game)
    fix_dice("battle at Raxus", [3, 4])
    events = game.resolve()
    (roll,) = rolls(events, "battle at Raxus")
    words = "2d6 for the battle roll (RAW-COMBAT-03), -1 for force disparity, 400 pts attacking 300 (RAW-COMBAT-05): 2d6-1"
    assert words in roll["text"], roll["text"]
    assert roll["data"]["why"]["plus"] == [["force disparity, 400 pts attacking 300 (RAW-COMBAT-05)", -1]], roll["data"]
    for viewer in ("al", "bo", "di"):
        assert_said_everywhere(words, game.session.record["log"], viewer, SIDES.get)


def test_RAW_KEYWORD_08_COMBAT_11_warships_and_hold_fire_are_named():
    """RAW-KEYWORD-08, RAW-COMBAT-11: each side's Warships and the hold-fire penalty are steps of their own."""
    assert battle_count(200, 200, 2, 1, True).words(6) == (
        "2d6 for the battle roll (RAW-COMBAT-03), -2 for 2 Warships attacking (RAW-KEYWORD-08), "
        "+1 for 1 Warship defending (RAW-KEYWORD-08), -1 for the defender on hold-fire (RAW-COMBAT-11): 2d6-2")


@pytest.mark.parametrize("points,dice", [(50, 1), (149, 1), (150, 2), (250, 3), (500, 5)])
def test_RAW_BOMBARD_02_bombardment_count_in_the_rules_words(points, dice):
    """RAW-BOMBARD-02 vectors (50->1, 149->1, 150->2, 250->3, 500->5): the first die for the first 50 points, one
    more for each further full 100, each step said."""
    count = bombard_count(points)
    assert count.dice == dice, f"{points} points should roll {dice} dice, not {count.dice}"
    head = f"1d6 for the first 50 of {points} fleet points (RAW-BOMBARD-02)"
    more = dice - 1
    expected = head + (f", +{more} for {more} further full 100 points (RAW-BOMBARD-02): {dice}d6" if more else "")
    assert count.words(6) == expected


def test_RAW_BOMBARD_02_bombard_odds_say_how_the_dice_are_counted(game):
    """RAW-BOMBARD-02: 170 points in orbit after the jumps: the odds say 1 die for the first 50, +1 for a
    further full 100: 2d6."""
    game.give("Raxus", "bo", gf=5, production=6)
    game.unit("al", "Vc1", "Raxus")
    a = game.unit("al", "Ac1", "Florrum")
    game.order("al", f"jump {a} Raxus")
    odds = RULES.odds(game.state, "al", "bombard Raxus")
    words = "1d6 for the first 50 of 170 fleet points (RAW-BOMBARD-02), +1 for 1 further full 100 points (RAW-BOMBARD-02): 2d6"
    assert odds is not None and any(words in n for n in odds.notes), odds


def test_RAW_GROUND_02_05_ground_dice_at_most_three_and_the_clone_bonus():
    """RAW-GROUND-02, RAW-GROUND-05: 5 attacking clones roll 3 dice, each +1; 1 defender rolls 1."""
    assert ground_count(5, 3, "attacking", 1).words(6) == (
        "5d6 for 5 attacking GF (RAW-GROUND-02), each die +1 (RAW-GROUND-05), -2 for at most 3 attacking dice "
        "(RAW-GROUND-02): 3d6")
    assert ground_count(1, 2, "defending").words(6) == "1d6 for 1 defending GF (RAW-GROUND-02)"


def test_RAW_NEUTRAL_08_alliance_odds_say_the_one_die_and_the_six():
    """RAW-NEUTRAL-08: the alliance roll is one d6, only a 6 succeeds; its odds say so."""
    game = Game()
    odds = RULES.odds(game.state, "al", "ally Ryloth")
    assert odds is not None and "1d6 for the alliance roll, only a 6 succeeds (RAW-NEUTRAL-08)" in " ".join(odds.notes), odds
