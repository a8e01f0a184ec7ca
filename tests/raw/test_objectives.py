"""Republic at War objectives and victory points: RAW-VP-01..07, RAW-GAP-40, RAW-GAP-41."""
from __future__ import annotations

from typing import Any

import pytest

from core.dice import Dice
from core.rulesets.raw.data import objectives, planets

FAMILY = ["Mandalore", "Christophsis", "Ryloth", "Umbara", "Scipio"]
SHIPYARDS = ["Alanteen VI", "Foerost", "Gwori", "Kuat", "Pammant", "Ringo Vinda", "Rothana"]




def hand_over(game, planet: str, seat: str) -> None:
    """Give ``seat`` a planet and, for a neutral world with forces, those forces too."""
    game.give(planet, seat)
    for unit in game.state["units"].values():
        if unit["owner"] == f"neutral:{planet}":
            unit["owner"] = seat


def scored(events: list[dict[str, Any]]) -> list[str]:
    return [e["text"] for e in events if e["kind"] == "objective"]


# -- RAW-VP-01 --------------------------------------------------------------------------------

def test_RAW_VP_01_team_scores_and_vp_are_public(game):
    """RAW-VP-01: VP come from objectives; the whole team of the completing player gets them; the score is announced to all."""
    game.give("Raxus", "bo", gf=0)
    game.unit("ed", "Ac1", "Raxus", gf=1)
    game.order("ed", "assault Raxus")
    events = game.resolve()
    assert game.state["vp"] == {"GAR": 1, "CIS": 0}, f"ed's capture of Raxus scores for GAR: {game.state['vp']}"
    objective = [e for e in events if e["kind"] == "objective"]
    assert objective and objective[0]["to"] == ["all"], "the objective must be announced to everyone"
    for seat in ("al", "cy", "bo"):
        assert game.session.view(seat)["facts"]["vp"]["GAR"] == 1, f"{seat} must see GAR's 1 VP (public)"


def test_RAW_VP_01_no_vp_without_an_objective(game):
    """RAW-VP-01: turns with no objective completed give no VP."""
    for _ in range(3):
        game.resolve()
    assert game.state["vp"] == {"GAR": 0, "CIS": 0}, f"no objective was completed, VP must stay 0: {game.state['vp']}"


# -- RAW-VP-02 Supremacy ----------------------------------------------------------------------

def test_RAW_VP_02_supremacy_36_planets_beyond_the_start(game):
    """RAW-VP-02 / RAW-GAP-40: 36 planets not in the team's starting list give 10 VP (an immediate win); 35 do not."""
    others = sorted(p for p in game.state["planets"] if p not in game.state["start"]["GAR"])
    assert len(others) == 36, f"50 - 14 = 36 planets lie outside GAR's start, found {len(others)}"
    for name in others[:35]:
        hand_over(game, name, "al")
    game.resolve()
    assert game.state["vp"]["GAR"] == 0, "35 planets beyond the start must not score Supremacy (GAR still holds its own 14 too)"
    hand_over(game, others[35], "cy")
    events = game.resolve()
    supremacy = [t for t in scored(events) if "Supremacy" in t]
    assert supremacy and "scores 10 VP" in supremacy[0], f"36 planets beyond the start must give 10 VP, got {scored(events)}"
    assert game.state["vp"]["GAR"] >= 10, f"GAR must have at least 10 VP, got {game.state['vp']}"
    assert game.session.outcome() is not None and game.session.outcome().winners == ("GAR",), "10 VP must end the game with GAR winning"


def test_RAW_VP_02_starting_planets_do_not_count(game):
    """RAW-VP-02: CIS holding all 50 planets but only 36 beyond its own start still needs all 36 of them."""
    gar_start = game.state["start"]["GAR"]
    for name in list(game.state["planets"]):
        if name not in gar_start[:1]:
            hand_over(game, name, "bo")
    game.resolve()
    assert game.state["vp"]["CIS"] == 0, "CIS holds only 35 planets outside its start (one GAR world is missing): no Supremacy"


# -- RAW-VP-03 Welcome to the Family ------------------------------------------------------------

def test_RAW_VP_03_family_needs_two_consecutive_turns(game):
    """RAW-VP-03 / RAW-GAP-40: all five of Mandalore, Christophsis, Ryloth, Umbara, Scipio at 2 consecutive end-of-turn checks: 2 VP."""
    assert objectives()["welcome_to_the_family"]["planets"] == ["Mandalore", "Christophsis", "Ryloth", "Umbara", "Scipio"]
    for name in FAMILY:
        hand_over(game, name, "di")
    first = game.resolve()
    assert game.state["vp"]["CIS"] == 0 and not scored(first), "one end-of-turn check is not enough"
    second = game.resolve()
    assert game.state["vp"]["CIS"] == 2, f"the second consecutive check scores 2 VP, got {game.state['vp']}"
    game.resolve()
    game.resolve()
    assert game.state["vp"]["CIS"] == 2, "the objective is earned once per team per game (RAW-GAP-40)"


def test_RAW_VP_03_family_streak_broken(game):
    """RAW-VP-03 / RAW-GAP-40: losing one of the five resets the streak; four of five never score."""
    for name in FAMILY:
        hand_over(game, name, "di")
    game.resolve()
    game.give("Scipio", None)
    game.resolve()
    game.give("Scipio", "di")
    game.resolve()
    assert game.state["vp"]["CIS"] == 0, "held, lost, held again: no 2 consecutive checks yet"
    game.resolve()
    assert game.state["vp"]["CIS"] == 2, "now 2 consecutive checks: 2 VP"


def test_RAW_VP_03_family_across_teammates(game):
    """RAW-VP-03: the team controls the five; they may be spread over teammates."""
    for name, seat in zip(FAMILY, ["al", "cy", "ed", "al", "cy"]):
        hand_over(game, name, seat)
    game.resolve()
    game.resolve()
    assert game.state["vp"]["GAR"] == 2, f"GAR's three admirals hold the five together: 2 VP, got {game.state['vp']}"


# -- RAW-VP-04 Better Luck Next Time ------------------------------------------------------------

def test_RAW_VP_04_better_luck_navy_destroyed_in_combat(game, script):
    """RAW-VP-04 / RAW-GAP-40: bo had a ship and ends the turn with none (destroyed in combat): GAR gets 4 VP that turn."""
    game.unit("bo", "GZC", "Alderaan")
    game.unit("bo", "vulture", "Bespin")  # squadrons do not count as naval forces
    game.unit("al", "Vc1", "Alderaan")
    game.order("bo", "stance hold")  # so al attacks
    script.add("battle at Alderaan", [1, 1])
    events = game.resolve()
    assert game.state["vp"]["GAR"] == 4, f"bo's last ship is gone: GAR scores 4, got {game.state['vp']}"
    assert any("Better Luck" in t for t in scored(events)), "Better Luck Next Time must be announced"


def test_RAW_VP_04_once_per_opposing_player(game, script):
    """RAW-GAP-40: Better Luck is earned once per opposing player: bo again later gives nothing, di gives another 4."""
    game.unit("bo", "GZC", "Alderaan")
    game.unit("al", "Vc1", "Alderaan")
    game.order("bo", "stance hold")
    script.add("battle at Alderaan", [1, 1])
    game.resolve()
    assert game.state["vp"]["GAR"] == 4, "first navy destroyed: 4 VP"
    game.unit("bo", "GZC", "Alderaan")
    game.unit("di", "GZC", "Alderaan")
    game.order("bo", "stance hold")
    game.order("di", "stance hold")
    script.add("battle at Alderaan", [1, 1])
    game.resolve()
    assert game.state["vp"]["GAR"] == 8, f"bo again gives nothing; di's navy gives 4 more: expected 8, got {game.state['vp']}"


def test_RAW_VP_04_failed_retreat_counts(game):
    """RAW-GAP-40: a navy lost through a failed retreat (no jump ordered) also counts."""
    game.unit("fa", "GZC", "Alderaan", retreat=True)
    events = game.resolve()
    assert game.state["vp"]["GAR"] == 4, f"fa's only ship was lost failing its retreat: GAR scores 4, got {game.state['vp']}"
    assert any("fa" in t for t in scored(events)), "the announcement must name fa"


def test_RAW_VP_04_no_ships_ever_no_vp(game):
    """RAW-GAP-40: a player who never had a completed ship cannot be 'completely defeated' at sea; partials are ignored."""
    game.give("Raxus", "bo")
    game.order("bo", "build Raxus Luc")  # 30/210: a partial is not a ship
    game.resolve()
    assert game.state["planets"]["Raxus"]["partial"] is not None, "setup: a partial Luc stands at Raxus"
    assert game.state["vp"]["GAR"] == 0, "bo never had a ship: no Better Luck"


def test_RAW_VP_04_aligned_forces_count_as_a_navy(game, script):
    """RAW-GAP-40 / RAW-GAP-39: ships that joined through an alliance are the player's navy; losing them all scores."""
    script.add("alliance of Mandalore", [6])
    game.order("bo", "ally Mandalore")
    game.resolve()
    assert game.owner("Mandalore") == "bo", "setup: Mandalore joined bo"
    cre = next(u for u, x in game.state["units"].items() if x["owner"] == "bo" and x["type"] == "CRE")
    game.unit("al", "Vc1", "Mandalore")
    script.add("battle at Mandalore", [1, 1])
    game.resolve()
    assert cre not in game.state["units"], "setup: the CRE must be destroyed"
    assert game.state["vp"]["GAR"] == 4, f"bo's only ship (the aligned CRE) is gone: 4 VP, got {game.state['vp']}"


# -- RAW-VP-05 / RAW-VP-06 Seat of Power --------------------------------------------------------

def test_RAW_VP_05_cis_captures_coruscant(game):
    """RAW-VP-05: the CIS team captures Coruscant by assault: 1 VP."""
    game.give("Coruscant", "cy", gf=0)
    game.unit("fa", "C9L", "Coruscant", gf=1)
    game.order("fa", "assault Coruscant")
    events = game.resolve()
    assert game.owner("Coruscant") == "fa", "setup: fa takes Coruscant"
    assert game.state["vp"] == {"GAR": 0, "CIS": 1}, f"CIS captured Coruscant: 1 VP, got {game.state['vp']}"
    assert any("Coruscant" in t for t in scored(events)), "Seat of Power must be announced"


def test_RAW_VP_06_republic_captures_raxus(game):
    """RAW-VP-06: the Republic team captures Raxus by assault: 1 VP; only once per game (RAW-GAP-40)."""
    game.give("Raxus", "bo", gf=0)
    game.unit("al", "Ac1", "Raxus", gf=1)
    game.order("al", "assault Raxus")
    game.resolve()
    assert game.state["vp"] == {"GAR": 1, "CIS": 0}, f"GAR captured Raxus: 1 VP, got {game.state['vp']}"
    game.give("Raxus", "bo", gf=0)
    game.order("al", "stance hold")
    ship = next(u for u, x in game.state["units"].items() if x["owner"] == "al")
    game.state["units"][ship]["gf"] = 1
    game.order("al", "assault Raxus")
    game.resolve()
    assert game.owner("Raxus") == "al", "setup: al takes Raxus a second time"
    assert game.state["vp"]["GAR"] == 1, "Seat of Power is earned once per team per game"


def test_RAW_VP_05_06_faction_specific_and_capture_only(game):
    """RAW-VP-05/06 / RAW-GAP-40: GAR taking Coruscant or CIS taking Raxus scores nothing; control handed over by the GM is no capture."""
    game.give("Coruscant", "bo", gf=0)
    game.unit("al", "Ac1", "Coruscant", gf=1)
    game.order("al", "assault Coruscant")
    game.give("Raxus", None)
    game.resolve()
    assert game.owner("Coruscant") == "al", "setup: al retakes Coruscant"
    assert game.state["vp"]["GAR"] == 0, "Coruscant is the CIS objective, not the Republic's"
    game.give("Raxus", "cy")
    game.resolve()
    assert game.state["vp"]["GAR"] == 0, "Raxus handed over (not captured) must not score"


# -- RAW-VP-07 Industrialist --------------------------------------------------------------------

def test_RAW_VP_07_industrialist_three_consecutive_turns(game):
    """RAW-VP-07: all 7 Improved Shipyards worlds for 3 consecutive end-of-turn checks: 3 VP."""
    yards = sorted(n for n, p in planets().items() if p["keyword"] == "Improved Shipyards")
    assert yards == SHIPYARDS, f"the shipyards are the 7 Improved Shipyards worlds, got {yards}"
    assert sorted(objectives()["industrialist"]["planets"]) == SHIPYARDS, "the objective must list exactly the 7 shipyards"
    for name in ("Foerost", "Gwori", "Pammant", "Ringo Vinda"):
        hand_over(game, name, "ed")
    game.resolve()
    game.resolve()
    assert game.state["vp"]["GAR"] == 0, "two checks are not enough"
    events = game.resolve()
    assert game.state["vp"]["GAR"] == 3, f"the third consecutive check scores 3 VP, got {game.state['vp']}"
    assert any("Industrialist" in t for t in scored(events)), "Industrialist must be announced"


def test_RAW_VP_07_six_of_seven_never_scores(game):
    """RAW-VP-07: six shipyards for many turns give nothing."""
    for name in ("Foerost", "Gwori", "Pammant"):
        hand_over(game, name, "ed")
    for _ in range(4):
        game.resolve()
    assert game.state["vp"]["GAR"] == 0, "GAR lacks Ringo Vinda: no Industrialist"


# -- RAW-GAP-40 timing -----------------------------------------------------------------------

def test_RAW_GAP_40_checked_after_combat_and_hostile_rolls(game, script):
    """RAW-GAP-40: objectives are checked at end of turn after combat, ground assaults and Hostile rolls: a capture scores that same turn."""
    game.give("Raxus", "bo", gf=0)
    game.unit("al", "Ac1", "Raxus", gf=1)
    game.order("al", "assault Raxus")
    events = game.resolve()
    kinds = [e["kind"] for e in events]
    assert "capture" in kinds and "objective" in kinds, f"capture and objective expected, got {kinds}"
    assert kinds.index("capture") < kinds.index("objective"), "the objective check must follow the assault"
    assert kinds.index("objective") < kinds.index("turn"), "the objective is scored before the next turn begins"


def test_RAW_GAP_40_alignment_counts_as_capture_for_control(game, script):
    """RAW-GAP-40 / RAW-GAP-39: worlds aligned by an alliance roll are controlled for the Family objective."""
    for name in FAMILY[1:]:
        hand_over(game, name, "bo")
    script.add("alliance of Mandalore", [6])
    game.order("bo", "ally Mandalore")
    game.resolve()
    assert game.owner("Mandalore") == "bo", "setup: Mandalore aligned with bo"
    game.resolve()
    assert game.state["vp"]["CIS"] == 2, f"five held at two consecutive checks (one by alignment): 2 VP, got {game.state['vp']}"


# -- RAW-GAP-41 simultaneous 10 VP ---------------------------------------------------------------

def test_RAW_GAP_41_both_reach_ten_equal_is_a_draw(game):
    """RAW-GAP-41: both teams reach 10 at the same check with equal totals: a draw."""
    game.state["vp"] = {"GAR": 9, "CIS": 9}
    game.give("Raxus", "bo", gf=0)
    game.give("Coruscant", "cy", gf=0)
    game.unit("al", "Ac1", "Raxus", gf=1)
    game.unit("di", "C9L", "Coruscant", gf=1)
    game.order("al", "assault Raxus")
    game.order("di", "assault Coruscant")
    game.resolve()
    assert game.state["vp"] == {"GAR": 10, "CIS": 10}, f"both score their Seat of Power: {game.state['vp']}"
    outcome = game.session.outcome()
    assert outcome is not None and outcome.winners == (), f"equal totals at 10+ must be a draw, got {outcome}"


def test_RAW_GAP_41_both_reach_ten_higher_wins(game, script):
    """RAW-GAP-41: both reach 10+ at the same check: the higher total wins (GAR 10, CIS 11 -> CIS)."""
    game.state["vp"] = {"GAR": 9, "CIS": 7}
    game.give("Raxus", "bo", gf=0)
    game.unit("al", "Ac1", "Raxus", gf=1)
    game.order("al", "assault Raxus")
    game.unit("ed", "ConS", "Alderaan")
    game.unit("bo", "Luc", "Alderaan")
    game.order("ed", "stance hold")  # so bo attacks
    script.add("battle at Alderaan", [1, 1])  # ed's only ship is destroyed: CIS scores 4
    game.resolve()
    assert game.state["vp"] == {"GAR": 10, "CIS": 11}, f"expected GAR 10, CIS 11, got {game.state['vp']}"
    outcome = game.session.outcome()
    assert outcome is not None and outcome.winners == ("CIS",), f"the higher total must win, got {outcome}"
