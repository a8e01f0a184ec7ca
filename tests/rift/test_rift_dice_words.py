"""Issue 27.5 for RiftWar: a roll says how its dice were counted, in the rules' words, in the log, the
turn report and the odds (RIFT-DMG-02..05, RIFT-EX-08, RIFT-RALLY-02..04, RIFT-EX-13, RIFT-CC-07)."""
from __future__ import annotations

import copy

from dice_words_helpers import assert_said_everywhere, rolls
from rift_helpers import RULES, battle, order, unit

SIDES = {"al": "Republic", "bo": "Separatists"}


def test_rift_dmg_03_04_05_ex_08_fire_roll_names_size_armour_and_cover(fix_dice) -> None:
    """RIFT-EX-08, RIFT-DMG-03, RIFT-DMG-04, RIFT-DMG-05, RIFT-TRAIT-08: a Medium Ranged unit firing at an
    Armor-Medium behind a low wall rolls 4 - 1 - 1 = 2d6, and the roll says so, step by step, in the log,
    the report and the odds."""
    state = battle([unit("M", "al", "medium", "ranged", (), 10, 28), unit("R", "bo", "medium", "close", ("armor",), 10, 21.6)])
    words = ("4d6 for a Medium Ranged unit (RIFT-DMG-03), -1 for an Armor target, hit as if Heavy (RIFT-DMG-04, "
             "RIFT-TRAIT-08), -1 for cover (RIFT-DMG-05): 2d6")
    odds = RULES.odds(copy.deepcopy(state), "al", "fire M R")
    assert odds is not None and words in odds.title, f"the odds do not count the dice step by step: {odds}"
    fix_dice("fires at R", [5, 1])
    events = order(state, "al", "fire M R")
    (roll,) = rolls(events, "fires at R")
    assert roll["data"]["count"] == 2 and roll["data"]["why"]["steps"] == [
        ["an Armor target, hit as if Heavy (RIFT-DMG-04, RIFT-TRAIT-08)", -1], ["cover (RIFT-DMG-05)", -1]], roll["data"]
    for viewer in ("al", "bo"):
        assert_said_everywhere(words, events, viewer, SIDES.get)


def test_rift_dmg_02_fire_in_the_open_says_what_the_three_dice_are_from(fix_dice) -> None:
    """RIFT-DMG-02: a Light Ranged unit at a Light target in the open rolls 3d6, and says why."""
    state = battle([unit("A", "al", "light", "ranged", (), 5, 5), unit("B", "bo", "light", "ranged", (), 5, 12)])
    fix_dice("fires at B", [1, 2, 3])
    events = order(state, "al", "fire A B")
    (roll,) = rolls(events, "fires at B")
    assert "fires at B: 3d6 for a Light Ranged unit (RIFT-DMG-02) -> 1, 2, 3" in roll["text"], roll["text"]


def test_rift_ex_13_rally_02_03_04_rally_roll_names_each_bonus(fix_dice) -> None:
    """RIFT-EX-13, RIFT-RALLY-02, RIFT-RALLY-03, RIFT-RALLY-04: base roll 2, a Leader in sight, no enemy in
    sight: 2 + 1 + 1 = 4, a success; the roll names both bonuses, and so do the odds."""
    state = battle([unit("A1", "al", "light", "ranged", (), 20, 5, pinned=True), unit("A2", "al", "light", "ranged", ("leader",), 22, 5),
                    unit("A9", "al", "light", "ranged", (), 1, 1), unit("B1", "bo", "light", "ranged", (), 20, 20)])
    words = ("1d6 for the rally, 4 or more unpins (RIFT-RALLY-02), +1 for a friendly Leader in sight (RIFT-RALLY-03), "
             "+1 for no enemy in sight (RIFT-RALLY-04): 1d6+2")
    odds = RULES.odds(copy.deepcopy(state), "al", "rally A1")
    assert odds is not None and words in odds.title, f"the rally odds do not name the bonuses: {odds}"
    fix_dice("rally of A1", [2])
    events = order(state, "al", "rally A1")
    assert not state["units"]["A1"]["pinned"], "2 + 1 + 1 = 4 rallies (RIFT-EX-13)"
    assert_said_everywhere(words, events, "bo", SIDES.get)


def test_rift_cc_07_ex_12_close_combat_rolls_one_die_per_unit(fix_dice) -> None:
    """RIFT-CC-07, RIFT-EX-12: the attacking side rolls X d6 for its X units in the close combat, and the
    melee odds and the roll say so."""
    from core.rulesets.rift.melee import close_count
    ours = [unit(f"A{i}", "al", "light", "close") for i in range(6)]
    assert close_count(ours).words(6) == "6d6 for 6 units in the close combat (RIFT-CC-07)"
    ours[0]["role"] = "unarmed"
    assert close_count(ours).words(6) == "6d6 for 6 units in the close combat (RIFT-CC-07), -1 for A0, Unarmed: 5d6"


def test_rift_react_09_gap_10_move_odds_say_each_reactions_dice() -> None:
    """RIFT-REACT-09, RIFT-GAP-10: before a move is confirmed, its odds say how each declared reaction's
    dice are counted (two Light units reacting together: 1 die each, 2d6)."""
    state = battle([unit("A1", "al", "light", "ranged", (), 5, 5), unit("B1", "bo", "light", "ranged", (), 15, 5),
                    unit("B2", "bo", "light", "ranged", (), 15, 6)])
    order(state, "al", "move A1 5,11")
    order(state, "bo", "react B1,B2 50")
    odds = RULES.odds(state, "al", "confirm")
    assert odds is not None and "reaction fire by B1, B2: 2d6 for 2 reacting units, 1 die each (RIFT-REACT-09, RIFT-GAP-10), " \
        "hits on 5-6" in odds.notes, odds
