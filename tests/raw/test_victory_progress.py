"""Victory progress in Republic at War as each viewer may know it (issue 13): RAW-GAME-04, RAW-VP-02..07,
with the enemy counted from the team's last-known memory (RAW-GAP-42)."""
from __future__ import annotations

import json
from typing import Any


def rows(game: Any, viewer: str) -> dict[tuple[str, str], dict[str, Any]]:
    return {(r["rule"], r["side"]): r for r in game.session.view(viewer)["victory"]["rows"]}


def test_RAW_VP_02_03_07_own_team_progress_counts_held_planets_and_streaks(game):
    """RAW-VP-02: planets beyond the start count toward 36; RAW-VP-03 / RAW-VP-07: the 5 family worlds and the 7
    shipyards, with the turn ends held so far once all are held; RAW-GAME-04: VP of 10."""
    for planet in ("Mandalore", "Christophsis", "Ryloth", "Umbara", "Scipio"):
        game.give(planet, "al")
    game.state["streak"]["welcome_to_the_family"]["GAR"] = 1
    game.state["vp"]["GAR"] = 3
    mine = rows(game, "cy")
    assert mine[("RAW-VP-02", "GAR")]["have"] == 5 and mine[("RAW-VP-02", "GAR")]["need"] == 36, mine[("RAW-VP-02", "GAR")]
    family = mine[("RAW-VP-03", "GAR")]
    assert (family["have"], family["need"]) == (5, 5) and "1 of 2 turn ends so far" in family["text"], family
    yards = mine[("RAW-VP-07", "GAR")]
    assert (yards["have"], yards["need"]) == (3, 7) and "Alanteen VI, Kuat, Rothana" in yards["text"], yards
    assert mine[("RAW-GAME-04", "GAR")]["text"] == "3 of 10 VP"
    assert list(mine)[0][1] == "GAR", "the viewer's own team comes first"


def test_RAW_GAP_42_enemy_progress_is_last_known_and_hidden_changes_leave_it_alone(game):
    """RAW-GAP-42: a GAR seat counts the CIS's planets from memory ("as last seen"); a CIS world changing hands where
    GAR has nobody does not change GAR's victory panel, while the GM sees the change at once."""
    enemy = rows(game, "al")[("RAW-VP-07", "CIS")]
    assert enemy["text"].endswith("(as last seen)") and enemy["have"] == 3, enemy
    before = json.dumps(game.session.view("al")["victory"], sort_keys=True)
    gm_before = json.dumps(game.session.view("gm")["victory"], sort_keys=True)
    game.state["planets"]["Pammant"]["owner"] = None  # di's shipyard lost, unseen by GAR
    assert json.dumps(game.session.view("al")["victory"], sort_keys=True) == before, "al's panel changed with an unseen loss"
    assert json.dumps(game.session.view("gm")["victory"], sort_keys=True) != gm_before, "the GM sees the truth"
    ruleset, state = game.session.ruleset, game.state
    for seat in ("al", "bo"):
        seen = json.dumps(ruleset.presentation(state, seat), sort_keys=True)
        for what, change in ruleset.hidden_changes(state, seat):
            trial = json.loads(json.dumps(state))
            change(trial)
            assert json.dumps(ruleset.presentation(trial, seat), sort_keys=True) == seen, f"{seat}'s extras changed with {what}"


def test_RAW_VP_04_05_06_scored_objectives_are_public(game):
    """RAW-VP-04: a destroyed navy scored is named for both teams; RAW-VP-05/06: Seat of Power says what to capture."""
    game.state["scored"].append("better_luck_next_time:bo")
    for viewer in ("al", "di"):
        navy = rows(game, viewer)[("RAW-VP-04", "GAR")]
        assert navy["have"] == 1 and "navies destroyed: bo of bo, di, fa" in navy["text"], (viewer, navy)
    assert rows(game, "al")[("RAW-VP-06", "GAR")]["text"] == "capture Raxus"
    assert rows(game, "bo")[("RAW-VP-05", "CIS")]["text"] == "capture Coruscant"
