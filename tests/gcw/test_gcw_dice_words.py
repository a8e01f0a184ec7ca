"""Issue 27.5 for the GCW campaign: a roll says how its dice were counted, in the game's words, in the
log, the turn report and the odds (GCW-BASE-02, GCW-WEAPON-10/11, GCW-GAP-03)."""
from __future__ import annotations

from core.rulesets.gcw import battles

from dice_words_helpers import assert_said_everywhere, rolls
from gcw_helpers import R, bombing_run, do, resource_phase, started

SIDES = {"ann": "Empire", "bob": "Rebel"}


def test_gcw_base_02_search_roll_says_one_blue_die_per_imperial_ship() -> None:
    """GCW-BASE-02: at Coruscant 2 Imperial ships roll 2 blue dice; the roll says so for both players, in
    the log and the report, and the search odds say the same."""
    state = started(base="Dantooine")
    words = "2d8 for 2 Imperial ships at Coruscant, 1 blue die each (GCW-BASE-02)"
    odds = R.odds(state, "ann", "search Coruscant")
    assert odds is not None and any(words in n for n in odds.notes), f"the search odds do not count the dice: {odds}"
    events = resource_phase(state, 6)
    (roll,) = rolls(events, "base search at Coruscant")
    assert roll["data"]["why"] == {"base": ["2 Imperial ships at Coruscant, 1 blue die each (GCW-BASE-02)", 2],
                                   "steps": [], "plus": []}, roll["data"]
    for viewer in ("ann", "bob"):
        assert_said_everywhere(words, events, viewer, SIDES.get)


def test_gcw_weapon_10_11_bombing_run_and_lukes_reroll_say_what_their_die_is_for() -> None:
    """GCW-WEAPON-10, GCW-WEAPON-11: a bombing run rolls 1 black die, Luke may roll it again; the odds
    and the roll say which die it is."""
    state, luke = bombing_run("b0")
    odds = R.odds(state, "bob", f"bomb {luke}")
    notes = " ".join(odds.notes)
    assert "1d8 for the bombing run, black (GCW-WEAPON-10)" in notes and \
        "1d8 for Luke Skywalker's reroll, black (GCW-WEAPON-11)" in notes, notes
    events = do(state, "bob", f"bomb {luke}")
    (first, *again) = rolls(events, "")
    assert "1d8 for the bombing run, black (GCW-WEAPON-10)" in first["text"], first["text"]
    assert all("1d8 for Luke Skywalker's reroll, black (GCW-WEAPON-11)" in r["text"] for r in again), again
    assert_said_everywhere("1d8 for the bombing run, black (GCW-WEAPON-10)", events, "ann", SIDES.get)


def test_gcw_gap_03_auto_resolver_rolls_a_die_per_20_points_at_least_one() -> None:
    """GCW-GAP-03 (auto-resolver, ours): one d8 per 20 points on the table, at least one."""
    assert battles.auto_count("Rebel", 333).words(8) == \
        "16d8 for Rebel's 333 points on the table, 1 die per 20 (auto-resolver, GCW-GAP-03)"
    assert battles.auto_count("Empire", 12).words(8) == \
        "0d8 for Empire's 12 points on the table, 1 die per 20 (auto-resolver, GCW-GAP-03), +1 for at least 1 die: 1d8"
