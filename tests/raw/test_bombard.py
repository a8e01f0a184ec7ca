"""Republic at War blockades and bombardment: RAW-BLOCKADE-01..04, RAW-BOMBARD-01..04, RAW-GAP-31..33."""
from __future__ import annotations

from typing import Any

import pytest

from core.dice import Dice
from core.errors import OrderError
from core.rulesets.raw.endturn import is_blockaded
from core.rulesets.raw.ground import bombard_dice




def only(game, seat: str, keep: list[str]) -> None:
    """Leave ``seat`` with just the planets in ``keep`` (the rest become unowned)."""
    for name, info in game.state["planets"].items():
        if info["owner"] == seat and name not in keep:
            game.give(name, None)


def blockade_raxus(game) -> None:
    """al's Venator sits over bo's Raxus and the turn passes, so Raxus starts turn 2 blockaded."""
    game.unit("al", "Vc1", "Raxus")
    game.resolve()
    assert game.state["planets"]["Raxus"]["blockaded"], "setup: Raxus must start turn 2 blockaded"


# -- RAW-BLOCKADE ------------------------------------------------------------------------------

def test_RAW_BLOCKADE_01_enemy_fleet_in_orbit_blockades(game):
    """RAW-BLOCKADE-01: an enemy fleet in orbit of bo's Raxus blockades it (fixed at the start of the next turn)."""
    assert not game.state["planets"]["Raxus"]["blockaded"], "Raxus must not start blockaded"
    blockade_raxus(game)
    view = game.session.view("bo")
    assert view["facts"]["planets"]["Raxus"]["blockaded"] is True, "bo's own view must show Raxus blockaded"
    assert any("BLOCKADED" in row for r in view["rosters"] for row in r["rows"]), "bo's roster must mark Raxus BLOCKADED"


def test_RAW_BLOCKADE_01_blockade_lifts_when_the_fleet_leaves(game):
    """RAW-BLOCKADE-01: the blockade lasts only while the fleet is in orbit."""
    blockade_raxus(game)
    ship = next(u for u, x in game.state["units"].items() if x["owner"] == "al")
    game.order("al", f"jump {ship} Florrum")
    game.resolve()
    assert not game.state["planets"]["Raxus"]["blockaded"], "with al's fleet gone Raxus must no longer be blockaded"


def test_RAW_BLOCKADE_02_blockaded_credits_only_buy_gf_there(game):
    """RAW-BLOCKADE-02: Raxus still produces its 30 credits, but they pay only for GF built at Raxus, never for other spending."""
    only(game, "bo", ["Raxus", "Sullust"])
    blockade_raxus(game)
    view = game.session.view("bo")
    assert view["resources"]["blockaded credits"] == 30, f"Raxus's 30 credits must still be produced, got {view['resources']}"
    assert view["resources"]["credits"] == 20, f"only Sullust's 20 credits may be spent freely, got {view['resources']}"
    game.order("bo", "build Raxus GF 3")  # 24 credits from Raxus's own bucket
    assert game.session.view("bo")["resources"]["credits"] == 20, "GF at Raxus must be paid from Raxus's blockaded credits"
    game.order("bo", "improve Sullust 20")
    before = list(game.state["sheets"]["bo"])
    with pytest.raises(OrderError, match="credits left"):
        game.order("bo", "lend di 5")  # Raxus still has 6 credits, but they cannot be lent
    assert game.state["sheets"]["bo"] == before, "the refused loan must leave bo's sheet unchanged"
    game.resolve()
    assert game.state["planets"]["Raxus"]["gf"] == 3, "the three GF must be built at blockaded Raxus"


def test_RAW_BLOCKADE_03_blockaded_world_builds_no_ships_or_squadrons(game):
    """RAW-BLOCKADE-03: ships and squadrons cannot be ordered at a blockaded world; GF can."""
    blockade_raxus(game)
    before = list(game.state["sheets"]["bo"])
    with pytest.raises(OrderError, match="blockaded"):
        game.order("bo", "build Raxus GZC")
    with pytest.raises(OrderError, match="blockaded"):
        game.order("bo", "build Raxus vulture")
    assert game.state["sheets"]["bo"] == before, "refused builds must leave the sheet unchanged"
    game.order("bo", "build Raxus GF")
    assert len(game.state["sheets"]["bo"]) == len(before) + 1, "a GF build at a blockaded world is legal"


def test_RAW_BLOCKADE_04_blockaded_credits_do_not_pay_fuel(game):
    """RAW-BLOCKADE-04: a player whose only world is blockaded has no credits for fuel."""
    only(game, "bo", ["Raxus"])
    ship = game.unit("bo", "GZC", "Felucia")
    blockade_raxus(game)
    before = list(game.state["sheets"]["bo"])
    with pytest.raises(OrderError, match="fuel"):
        game.order("bo", f"jump {ship} Raxus")
    assert game.state["sheets"]["bo"] == before, "the refused jump must leave the sheet unchanged"


def test_RAW_GAP_31_allies_and_neutrals_never_blockade(game):
    """RAW-GAP-31: only the opposing team blockades; a teammate's fleet or neutral forces in orbit do not."""
    game.unit("al", "Vc1", "Kuat")  # cy's Kuat, teammate fleet
    game.resolve()
    assert not game.state["planets"]["Kuat"]["blockaded"], "a teammate's fleet must not blockade Kuat"
    game.state["units"]["N99"] = dict(game.state["units"]["N1"], at="Coruscant")
    assert not is_blockaded(game.state, "Coruscant"), "neutral forces must never blockade"


def test_RAW_GAP_31_retreating_fleet_does_not_blockade(game):
    """RAW-GAP-31: a fleet under a forced retreat does not blockade."""
    ship = game.unit("al", "Vc1", "Raxus")
    assert is_blockaded(game.state, "Raxus"), "a non-retreating enemy fleet over Raxus blockades it"
    game.state["units"][ship]["retreat"] = True
    assert not is_blockaded(game.state, "Raxus"), "a retreating fleet must not blockade"


def test_RAW_GAP_31_blockade_fixed_at_start_of_turn(game):
    """RAW-GAP-31: a fleet arriving this turn does not blockade this turn's production; it does from the next turn."""
    ship = game.unit("al", "Vc1", "Florrum")
    game.order("al", f"jump {ship} Raxus")
    game.order("bo", "build Raxus GZC")  # still legal: Raxus was not blockaded at the start of this turn
    events = game.resolve()
    assert any(e["kind"] == "build" and "completed" in e["text"] and "Raxus" in e["text"] for e in events), \
        "the GZC ordered while Raxus was free must be completed this turn"
    assert game.state["planets"]["Raxus"]["blockaded"], "Raxus must be blockaded from the next turn on"


# -- RAW-BOMBARD ---------------------------------------------------------------------------------

@pytest.mark.parametrize("points,dice", [(0, 0), (49, 0), (50, 1), (149, 1), (150, 2), (249, 2), (250, 3), (400, 4), (500, 5)])
def test_RAW_BOMBARD_02_dice_vectors(points, dice):
    """RAW-BOMBARD-02 (catalog 2.10): 1 die for the first 50 points, +1 per further full 100: 49->0 ... 500->5."""
    assert bombard_dice(points) == dice, f"{points} fleet points must give {dice} bombardment dice, got {bombard_dice(points)}"


def test_RAW_GAP_32_under_50_option_gives_one_die():
    """RAW-GAP-32 GM option: with 'bombard_under_50' a fleet of 1..49 points rolls 1 die; 0 points still none."""
    assert bombard_dice(49, under_50=True) == 1, "the GM option allows 1 die under 50 points"
    assert bombard_dice(0, under_50=True) == 0, "no fleet, no bombardment"
    assert bombard_dice(150, under_50=True) == 2, "the option does not change dice at 50 or more"


def test_RAW_BOMBARD_01_only_a_blockaded_enemy_world(game):
    """RAW-BOMBARD-01: an own-team world cannot be bombarded (refused at order); a neutral world is refused at resolution."""
    before = list(game.state["sheets"]["al"])
    with pytest.raises(OrderError, match="own team"):
        game.order("al", "bombard Kuat")
    assert game.state["sheets"]["al"] == before, "the refused order must leave the sheet unchanged"
    game.unit("al", "Vc1", "Alderaan")
    game.order("al", "bombard Alderaan")
    events = game.resolve()
    assert any(e["kind"] == "refused" and "bombard Alderaan" in e["text"] for e in events), "bombarding a neutral world must be refused"
    assert game.state["planets"]["Alderaan"]["production"] == 10, "Alderaan must be untouched"


def test_RAW_BOMBARD_01_needs_a_fleet_in_orbit(game, script):
    """RAW-BOMBARD-01: without a fleet over the planet nothing is bombarded."""
    game.unit("al", "Vc1", "Kuat")
    game.order("al", "bombard Raxus")
    events = game.resolve()
    assert script.count("bombardment") == [], "no bombardment dice without a fleet in orbit"
    assert any(e["kind"] == "refused" and "bombard Raxus" in e["text"] for e in events), "the refusal must be reported"
    assert game.state["planets"]["Raxus"]["production"] == 30, "Raxus must be untouched"


def test_RAW_BOMBARD_03_die_results(game, script):
    """RAW-BOMBARD-03: 1-2 destroys a GF (none left: no effect), 3 does nothing, 4-6 cut production by 1 each."""
    game.give("Raxus", "bo", gf=1)
    game.unit("al", "Vc1", "Raxus")
    game.unit("al", "Vc1", "Raxus")
    game.unit("al", "Vc1", "Raxus")
    game.unit("al", "Vc1", "Raxus")
    game.unit("al", "nu_attack_shuttle", "Raxus")
    game.unit("al", "nu_attack_shuttle", "Raxus")
    game.unit("al", "nu_attack_shuttle", "Raxus")
    game.unit("al", "nu_attack_shuttle", "Raxus")
    game.unit("al", "nu_attack_shuttle", "Raxus")  # 400 + 100 = 500 points: 5 dice
    game.order("al", "bombard Raxus")
    script.add("bombardment of Raxus", [1, 2, 3, 4, 6])
    events = game.resolve()
    assert script.count("bombardment of Raxus") == [5], f"500 points must roll 5 dice, rolled {script.count('bombardment of Raxus')}"
    info = game.state["planets"]["Raxus"]
    assert info["gf"] == 0, "the 1 destroys the only GF; the 2 finds none"
    assert info["production"] == 28, f"the 4 and the 6 cut production 30 -> 28, got {info['production']}"
    report = [e for e in events if e["kind"] == "bombard"]
    assert report and set(report[0]["to"]) == {"team:GAR", "team:CIS"}, "bombardment losses are reported to both sides (RAW-GAP-32)"


def test_RAW_GAP_32_production_never_below_zero_and_stays_cut(game, script):
    """RAW-GAP-32: the -1 is permanent (next turn's production stays cut) and never goes below 0."""
    game.give("Raxus", "bo", gf=0, production=1)
    game.unit("al", "Vc1", "Raxus")
    game.unit("al", "Vc1", "Raxus")  # 200 points: 2 dice
    game.order("al", "bombard Raxus")
    script.add("bombardment of Raxus", [6, 5])
    game.resolve()
    assert game.state["planets"]["Raxus"]["production"] == 0, "production 1 hit twice must stop at 0"
    game.resolve()
    assert game.state["planets"]["Raxus"]["production"] == 0, "the loss is permanent: production stays 0 next turn"


def test_RAW_GAP_32_under_50_points_no_bombardment(game, script):
    """RAW-GAP-32: P < 50 (a scarred Ac1 at 35 + a Y-wing 14 = 49) rolls no dice; with the GM option it rolls 1."""
    game.unit("al", "Ac1", "Raxus", scarred=True)
    game.unit("al", "ywing", "Raxus")
    game.order("al", "bombard Raxus")
    events = game.resolve()
    assert script.count("bombardment") == [], "49 points must not bombard"
    assert any(e["kind"] == "refused" and "49" in e["text"] for e in events), "the refusal must give the 49 points"


def test_RAW_GAP_32_under_50_gm_option(game, script):
    """RAW-GAP-32 GM option: with bombard_under_50 the same 49-point fleet rolls one die."""
    game = type(game)(bombard_under_50=True)
    game.unit("al", "Ac1", "Raxus", scarred=True)
    game.unit("al", "ywing", "Raxus")
    game.order("al", "bombard Raxus")
    game.resolve()
    assert script.count("bombardment of Raxus") == [1], f"the option gives 1 die under 50, got {script.count('bombardment of Raxus')}"


def test_RAW_GAP_32_team_points_counted_scarred_at_half(game, script):
    """RAW-GAP-32: P is the bombarding team's fleet points in orbit: al's ConS 30 + cy's CRL 20 = 50 -> 1 die."""
    game.unit("al", "ConS", "Raxus")
    game.unit("cy", "CRL", "Raxus")
    game.order("al", "bombard Raxus")
    game.resolve()
    assert script.count("bombardment of Raxus") == [1], f"30 + 20 team points must roll 1 die, got {script.count('bombardment of Raxus')}"


def test_RAW_GAP_32_scarred_ships_count_half(game, script):
    """RAW-GAP-32 / RAW-COMBAT-16: a scarred Vc1 counts 50: scarred Vc1 + Vc1 = 150 points -> 2 dice (not 3)."""
    game.unit("ed", "Vc1", "Raxus", scarred=True)
    game.unit("ed", "Vc1", "Raxus")
    game.order("ed", "bombard Raxus")
    game.resolve()
    assert script.count("bombardment of Raxus") == [2], f"150 points must roll 2 dice, got {script.count('bombardment of Raxus')}"


def test_RAW_GAP_32_bombard_after_space_combat_only_by_the_winner(game, script):
    """RAW-GAP-32: bombardment is conditional and resolved after space combat: a fleet that lost and must retreat cannot bombard."""
    a = game.unit("al", "Vc1", "Raxus")
    b = game.unit("al", "Vc1", "Raxus")
    game.unit("bo", "Luc", "Raxus")
    game.unit("bo", "Luc", "Raxus")
    game.order("al", "bombard Raxus")
    # 200 vs 420: disparity +3, Warships -2 +2; 3+3+3 = 9: GAR loses 40% of 200 (a scar), CIS 20% (absorbed)
    script.add("battle at Raxus", [3, 3])
    events = game.resolve()
    survivors = [u for u in (a, b) if u in game.state["units"]]
    assert survivors and all(game.state["units"][u]["retreat"] for u in survivors), "GAR has fewer points left and must retreat"
    assert script.count("bombardment") == [], "a beaten fleet must not bombard"
    assert any(e["kind"] == "refused" and "bombard Raxus" in e["text"] for e in events), "the refusal must be reported"
    assert game.state["planets"]["Raxus"]["production"] == 30, "Raxus must be untouched"


def test_RAW_GAP_31_bombard_eligibility_checked_after_this_turns_combat(game, script):
    """RAW-GAP-31: a fleet that arrives this turn may bombard this turn (eligibility is checked after space combat)."""
    ship = game.unit("al", "Vc1", "Florrum")
    game.order("al", f"jump {ship} Raxus")
    game.order("al", "bombard Raxus")
    script.add("bombardment of Raxus", [4])
    game.resolve()
    assert game.state["planets"]["Raxus"]["production"] == 29, "the newly arrived Venator must bombard Raxus this turn"


# -- RAW-BOMBARD-04 / RAW-GAP-33 ---------------------------------------------------------------

def test_RAW_BOMBARD_04_no_bombard_and_invade_same_turn(game):
    """RAW-BOMBARD-04 / RAW-GAP-33: a team cannot both bombard and assault one planet in a turn, whichever is ordered first."""
    game.order("al", "bombard Raxus")
    before = {s: list(game.state["sheets"][s]) for s in ("al", "cy")}
    with pytest.raises(OrderError, match="bombard and invade"):
        game.order("cy", "assault Raxus")
    with pytest.raises(OrderError, match="bombard and invade"):
        game.order("al", "assault Raxus")
    assert {s: game.state["sheets"][s] for s in ("al", "cy")} == before, "refused orders must leave the sheets unchanged"
    game.order("di", "assault Coruscant")
    with pytest.raises(OrderError, match="bombard and invade"):
        game.order("fa", "bombard Coruscant")


def test_RAW_GAP_33_other_planets_unaffected(game, script):
    """RAW-GAP-33: the ban is per team per planet: bombarding Raxus and assaulting Felucia in one turn is fine."""
    game.unit("al", "Vc1", "Raxus")
    game.unit("al", "Vc1", "Raxus")
    game.unit("cy", "Ac1", "Felucia", gf=2)
    game.give("Felucia", "bo", gf=0)
    game.order("al", "bombard Raxus")
    game.order("cy", "assault Felucia")
    script.add("bombardment of Raxus", [4, 4])
    game.resolve()
    assert game.state["planets"]["Raxus"]["production"] == 28, "Raxus must be bombarded"
    assert game.owner("Felucia") == "cy", "Felucia must be taken the same turn"


def test_RAW_GAP_33_per_team_the_enemy_is_not_bound(game, script):
    """RAW-GAP-33: one team's bombard order does not stop the other team's orders on another world."""
    game.order("al", "bombard Raxus")
    game.order("bo", "assault Coruscant")  # legal: the ban binds only the team that bombards, and only that planet
    assert any(o["verb"] == "assault" for o in game.state["sheets"]["bo"]), "bo's assault order must be accepted"


# -- one definition of "blockaded" (issue 10, point 8) ------------------------------------------
def test_RAW_BLOCKADE_01_RAW_BOMBARD_01_hold_fire_fleet_blockades_and_may_bombard(game):
    """RAW-BLOCKADE-01, RAW-BOMBARD-01, RAW-GAP-31: bo's Providence sits on hold-fire over cy's Coruscant, where
    cy's own Venator also holds fire: no battle. The same definition says Coruscant is blockaded for building
    (only GF) and for bombardment: bo's bombard goes ahead."""
    game.order("bo", "stance hold")
    game.order("cy", "stance hold")
    game.unit("bo", "PrD", "Coruscant")
    game.unit("cy", "Vc1", "Coruscant")
    events = game.resolve()
    assert not [e for e in events if e["kind"] == "battle"], "setup: both hold fire, no battle"
    assert game.state["planets"]["Coruscant"]["blockaded"], "an enemy fleet on hold-fire in orbit blockades"
    with pytest.raises(OrderError, match="blockaded and may build only GF"):
        game.order("cy", "build Coruscant ConS")
    game.order("bo", "bombard Coruscant")
    events = game.resolve()
    assert not [e for e in events if e["kind"] == "refused" and "bombard" in e["text"]], \
        f"the blockading fleet must be allowed to bombard: {[e['text'] for e in events if e['kind'] == 'refused']}"
    assert [e for e in events if e["kind"] == "bombard"], "bo's bombardment of Coruscant is carried out"
    assert len(game.rolls(events, "bombardment of Coruscant")[0]) == 1, "120 points roll one die"
