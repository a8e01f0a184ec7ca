"""Republic at War odds for every order that rolls dice (issue 13): shown where the seat knows
enough, and otherwise the reason instead of silence. ``ally``, ``assault``, ``bombard``, ``jump``."""
from __future__ import annotations

from fractions import Fraction

from core.rulesets.raw import RepublicAtWar
from core.rulesets.raw.ground import bombard_dice

RULES = RepublicAtWar()


def test_every_raw_order_that_rolls_dice_says_what_it_rolls():
    dice = {verb for verb, spec in RULES.order_book().specs.items() if spec.dice}
    assert dice == {"ally", "assault", "bombard", "jump"}, dice
    assert "rolls a d6 for the alliance" in RULES.order_book().help("ally")


def test_RAW_BOMBARD_02_RAW_BOMBARD_03_bombard_odds_from_the_fleet_in_orbit_after_the_jumps(game):
    """170 points of GAR ships at Raxus after their jump: 2 dice (1 + (170-50)//100); each die 1-2 a GF (1/3),
    3 nothing (1/6), 4-6 a point of production (1/2); the garrison unknown, so no cap."""
    game.give("Raxus", "bo", gf=5, production=6)
    game.unit("al", "Vc1", "Raxus")                       # 100 already there
    a = game.unit("al", "Ac1", "Florrum")                # 70, jumping in
    game.order("al", f"jump {a} Raxus")
    assert bombard_dice(170) == 2
    odds = RULES.odds(game.state, "al", "bombard Raxus")
    assert odds is not None and odds.total() == 1 and odds.title == "2 dice: 170 fleet points in orbit of Raxus", odds
    table = dict(odds.rows)
    assert table["0 GF destroyed, production -2"] == Fraction(1, 4)
    assert table["1 GF destroyed, production -1"] == 2 * Fraction(1, 3) * Fraction(1, 2)
    assert table["2 GF destroyed, production -0"] == Fraction(1, 9)
    assert table["0 GF destroyed, production -0"] == Fraction(1, 36)
    assert any("blockades" in note for note in odds.notes)


def test_RAW_BOMBARD_02_under_50_points_the_odds_say_why(game):
    game.give("Raxus", "bo")
    game.unit("al", "ConS", "Raxus")                      # 30 points
    odds = RULES.odds(game.state, "al", "bombard Raxus")
    assert odds is not None and not odds.rows and "only 30 fleet points" in odds.reason and "50 points" in odds.reason
    nobody = RULES.odds(game.state, "al", "bombard Felucia")
    assert nobody is not None and "no fleet of your team" in nobody.reason


def test_RAW_GROUND_01_assault_without_gf_on_the_way_says_so(game):
    game.give("Raxus", "bo", gf=1)
    game.unit("al", "Ac1", "Raxus")                       # no GF aboard
    odds = RULES.odds(game.state, "al", "assault Raxus")
    assert odds is not None and not odds.rows and "none of your ships will be at Raxus with GF aboard" in odds.reason
    assert RULES.odds(game.state, "al", "assault Kamino") is None, "an assault on your own planet is refused: no dice"


def test_RAW_GROUND_02_assault_counts_gf_on_ships_jumping_in_and_loading(game):
    """GF aboard a ship jumping to Raxus and GF loaded on it this turn both land (2 + 1 against 1 known droid)."""
    game.give("Raxus", "bo", gf=1)
    game.give("Florrum", "al", gf=3)
    a = game.unit("al", "Ac1", "Florrum", gf=2)
    game.state["known"]["GAR"]["Raxus"].update(gf=1, production=5, scanned=1)
    game.order("al", f"load {a} GF 1")
    game.order("al", f"jump {a} Raxus")
    odds = RULES.odds(game.state, "al", "assault Raxus")
    assert odds is not None and odds.title.startswith("3 GF against 1 defenders at Raxus"), odds.title
    assert odds.total() == 1


def test_RAW_COMBAT_05_jump_odds_unseen_or_into_an_unnamed_deep_point(game):
    a = game.unit("al", "Vc1", "Cartao")
    unseen = RULES.odds(game.state, "al", f"jump {a} Felucia")
    assert unseen is not None and not unseen.rows and "nothing of your team is at Felucia" in unseen.reason
    assert RULES.odds(game.state, "al", f"jump {a} deep Felucia") is None, "an unnamed deep-space point holds the ships alone"
    named = RULES.odds(game.state, "al", f"jump {a} deep Felucia C3")
    assert named is not None and "nothing of your team is at Felucia" in named.reason, "a named point may hold a fleet"


def test_completion_offers_reachable_places_and_usable_targets_first(game):
    """jump: the places one jump reaches come first; assault: where your GF will be after the jumps;
    load: the squadrons beside the ship, then GF."""
    session = game.session
    game.give("Geonosis", "al", gf=3)
    a = game.unit("al", "Ac1", "Geonosis", gf=2)
    shown = [c.split()[-1] for c in session.complete("al", "al", f"jump {a} ")]
    assert shown[:4] == ["deep", "Geonosis", "Kamino", "Rodia"], f"the reachable places come first: {shown[:6]}"
    game.give("Rodia", "bo")
    game.order("al", f"jump {a} Rodia")
    assert session.complete("al", "al", "assault ")[0] == "assault Rodia", "the enemy world al's GF jump to comes first"
    sq = game.unit("al", "ywing", "Geonosis")
    game.unit("al", "vwing", "Kamino")
    assert session.complete("al", "al", f"load {a} ")[:2] == [f"load {a} {sq}", f"load {a} GF"]
    assert session.complete("al", "al", "scan ")[0] == "scan Rodia", "scan: the enemy world al's ships go to comes first"
