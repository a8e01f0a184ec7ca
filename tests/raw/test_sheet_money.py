"""The order sheet's money and warnings in Republic at War (issue 13): each order's cost and the credits
left after it, each planet's spending against its cap, and the orders that cannot do anything.

The figures are the rules' own: RAW-PROD-01 (cap), RAW-PROD-07 (the Redjik example: 2 Z-95 + 8/14 of a
Y-wing, then the partial scrapped), RAW-JUMP-04 / RAW-KEYWORD-09 (fuel 1, a Flotilla 2), RAW-ECON-03
(credits left are lost), RAW-ECON-04 (improvements in tens), RAW-BLOCKADE-02 (blockaded credits for GF
there only), RAW-KEYWORD-06 (Improved Shipyards at 80%). "Redjik" (30, no keyword) is Coruscant, cy's;
cy's pool is 145 credits.
"""
from __future__ import annotations

from typing import Any

from core.rulesets.raw import budget
from core.rulesets.raw.data import build_cost

REDJIK = "Coruscant"


def notes(game: Any, seat: str) -> dict[str, Any]:
    return game.session.view(seat)["sheet_notes"]


def rows(game: Any, seat: str) -> list[tuple[int | None, int | None, str]]:
    return [(r["cost"], r["left"], r["at"]) for r in notes(game, seat)["rows"]]


def warnings(game: Any, seat: str) -> list[str]:
    return [r["warning"] for r in notes(game, seat)["rows"]]


def test_RAW_PROD_07_RAW_PROD_01_redjik_costs_and_credits_left_per_order(game):
    """RAW-PROD-07 [EXAMPLE], RAW-PROD-01: 2 Z-95 at 11 each, then 8 of a 14-credit Y-wing, as Redjik's 30 allow;
    each row says what the order takes from cy's 145 and what is left after it, and Redjik's spending of its 30."""
    game.order("cy", f"build {REDJIK} z95 2")
    game.order("cy", f"build {REDJIK} ywing")
    assert rows(game, "cy") == [(22, 123, f"{REDJIK} 22/30"), (8, 115, f"{REDJIK} 30/30")], rows(game, "cy")
    sheet = notes(game, "cy")
    assert (sheet["start"], sheet["spent"], sheet["left"]) == (145, 30, 115), sheet
    assert sheet["left"] == budget.check(game.state, "cy"), "the sheet's total must be the one resolution charges"
    assert any(f"{REDJIK} 30/30" in line for line in sheet["lines"]), sheet["lines"]


def test_RAW_PROD_06_RAW_PROD_07_starting_another_unit_warns_the_partial_is_scrapped(game):
    """RAW-PROD-06, RAW-PROD-07 turn 2: an AqC begun at Redjik while the 8/14 Y-wing waits scraps it:
    the row says so, with the 8 credits lost, before the turn resolves."""
    game.order("cy", f"build {REDJIK} z95 2")
    game.order("cy", f"build {REDJIK} ywing")
    game.resolve()
    game.order("cy", f"build {REDJIK} AqC")
    (row,) = notes(game, "cy")["rows"]
    assert (row["cost"], row["left"], row["at"]) == (30, 115, f"{REDJIK} 30/30"), row
    assert "scraps the ywing" in row["warning"] and "8/14" in row["warning"] and "RAW-PROD-06" in row["warning"], row["warning"]


def test_RAW_JUMP_04_RAW_KEYWORD_09_fuel_per_jump_and_flotilla(game):
    """RAW-JUMP-04: a jump costs 1 credit of fuel a ship; RAW-KEYWORD-09: a Flotilla (CR20) 2."""
    a = game.unit("cy", "AqL", REDJIK)
    b = game.unit("cy", "CRL", REDJIK)
    game.order("cy", f"jump {a} Anaxes")
    game.order("cy", f"jump {b} Anaxes")
    assert rows(game, "cy") == [(1, 144, ""), (2, 142, "")], rows(game, "cy")


def test_RAW_KEYWORD_06_RAW_ECON_04_ECON_03_discounted_ship_improvement_and_the_lost_rest(game):
    """RAW-KEYWORD-06: a ship at Kuat (Improved Shipyards) costs ceil(80%); RAW-ECON-04: improvements cost what
    they say; RAW-ECON-03: the line says the credits left are lost at the end of the turn."""
    price = build_cost("ConS", "Improved Shipyards", "GAR")
    assert price == 24, f"ConS (30) at Kuat should cost ceil(0.8 x 30) = 24, costs {price}"
    game.order("cy", "build Kuat ConS")
    game.order("cy", "improve Kuat 20")
    assert rows(game, "cy") == [(24, 121, "Kuat 24/50"), (20, 101, "")], rows(game, "cy")
    assert "the 101 credits left are lost at the end of the turn (RAW-ECON-03)" in notes(game, "cy")["lines"], notes(game, "cy")["lines"]


def test_RAW_BLOCKADE_02_blockaded_credits_shown_apart_and_spent_on_gf_there(game):
    """RAW-BLOCKADE-02: a blockaded planet's credits pay only for GF built there: they are not in the pool, the line
    names them, and a GF built there takes them first (nothing from the pool)."""
    game.state["planets"]["Rodia"]["blockaded"] = True
    sheet = notes(game, "cy")
    assert sheet["start"] == 135, f"the pool without Rodia's 10 should be 135, is {sheet['start']}"
    assert any("Rodia blockaded: 10 credits for GF there only" in line for line in sheet["lines"]), sheet["lines"]
    game.order("cy", "build Rodia GF")
    assert rows(game, "cy") == [(0, 135, "Rodia 10/10")], rows(game, "cy")
    assert not any("Rodia blockaded" in line for line in notes(game, "cy")["lines"]), "Rodia's bucket is spent"


# -- orders that cannot do anything ---------------------------------------------------------------
def test_RAW_GROUND_01_assault_with_no_gf_on_the_way_warns_until_gf_are_loaded_and_jump(game):
    """RAW-GROUND-01: only GF carried by the seat's ships at the planet land. An assault with none on the way warns;
    loading GF on a ship that jumps there clears the warning."""
    ship = game.unit("bo", "C9L", "Raxus")
    game.order("bo", "assault Florrum")
    assert "no GF of yours will be in orbit of Florrum" in warnings(game, "bo")[0], warnings(game, "bo")
    game.order("bo", f"jump {ship} Florrum")
    assert "no GF" in warnings(game, "bo")[0], "a ship with no GF aboard changes nothing"
    game.state["planets"]["Raxus"]["gf"] = 3
    game.order("bo", f"load {ship} GF 2")
    assert warnings(game, "bo")[0] == "", f"GF loaded on a ship jumping to Florrum: no warning, got {warnings(game, 'bo')}"


def test_RAW_JUMP_02_unload_of_an_empty_ship_warns(game):
    """RAW-JUMP-02: a ship unloads only what it carries; unloading an empty ship with nothing loaded does nothing."""
    ship = game.unit("cy", "Ac1", REDJIK)
    game.order("cy", f"unload {ship}")
    assert f"{ship} carries nothing" in warnings(game, "cy")[0], warnings(game, "cy")
    game.state["planets"][REDJIK]["gf"] = 2
    game.order("cy", f"load {ship} GF 2")
    assert warnings(game, "cy")[0] == "", f"GF loaded this turn: the unload has cargo, got {warnings(game, 'cy')}"


def test_RAW_BOMBARD_01_bombard_with_no_fleet_there_warns(game):
    """RAW-BOMBARD-01: only a blockading fleet bombards; with no ship of the team at the planet the order does nothing.
    RAW-BOMBARD-02: under 50 fleet points no die is rolled."""
    game.order("cy", "bombard Raxus")
    assert "no ship of your team will be at Raxus" in warnings(game, "cy")[0], warnings(game, "cy")
    ship = game.unit("cy", "ConS", "Raxus")
    assert "under the 50" in warnings(game, "cy")[0], warnings(game, "cy")
    game.state["units"][ship]["type"] = "Vc1"
    assert warnings(game, "cy")[0] == "", warnings(game, "cy")


def test_RAW_KEYWORD_07_scan_of_your_own_world_warns_and_surge_without_builds_warns(game):
    """RAW-KEYWORD-07: a scan of a world the team holds learns nothing; RAW-PROD-09: a surge with no build there does nothing."""
    game.state["planets"]["Umbara"]["owner"] = "cy"
    game.order("cy", "scan Kuat")
    assert "your team holds Kuat" in warnings(game, "cy")[0], warnings(game, "cy")
    game.order("cy", "surge Kuat Rodia")
    assert "Kuat builds nothing this turn" in warnings(game, "cy")[1], warnings(game, "cy")
    game.order("cy", "build Kuat ConS")
    assert warnings(game, "cy")[1] == "", warnings(game, "cy")


# -- urgent ------------------------------------------------------------------------------------------
def test_RAW_RETREAT_02_03_forced_retreat_is_urgent_until_a_jump_is_ordered(game):
    """RAW-RETREAT-02/03: a retreating ship must jump next turn or be lost: the seat's urgent line names it until it has
    a jump order; teammates and the enemy are not told of it."""
    ship = game.unit("cy", "AqL", REDJIK, retreat=True)
    urgent = game.session.view("cy")["urgent"]
    assert any(f"{ship} must jump this turn or be lost" in u["text"] and u["level"] == "urgent" for u in urgent), urgent
    assert not any(ship in u["text"] for u in game.session.view("bo")["urgent"]), "the enemy must not learn of the retreat"
    game.order("cy", f"jump {ship} Anaxes")
    assert not any(ship in u["text"] for u in game.session.view("cy")["urgent"]), game.session.view("cy")["urgent"]


def test_RAW_GAP_14_a_teammate_boarding_your_ship_is_urgent_until_you_load(game):
    """RAW-GAP-14: a teammate's 'board' needs the ship owner's matching 'load': the owner sees it as urgent."""
    ship = game.unit("cy", "Ac1", "Devaron")
    game.state["planets"]["Devaron"]["gf"] = 2
    game.order("al", f"board {ship} GF 2")
    urgent = game.session.view("cy")["urgent"]
    assert any(f"al boards your {ship}" in u["text"] for u in urgent), urgent
    game.order("cy", f"load {ship} GF 2")
    assert not any("boards your" in u["text"] for u in game.session.view("cy")["urgent"])


def test_RAW_KEYWORD_12_RAW_GAP_25_flagship_choice_without_a_flagship_warns(game):
    """RAW-KEYWORD-12, RAW-GAP-25: no unit in the lists carries Flagship, so a Flagship choice does nothing unless
    the GM grants the keyword to a type the seat has (option flagship_types)."""
    game.order("cy", "flagship A")
    assert "none of your ships is a Flagship" in warnings(game, "cy")[0], warnings(game, "cy")
    game.unit("cy", "Vc1", REDJIK)
    game.state["options"]["flagship_types"] = ["Vc1"]
    assert warnings(game, "cy")[0] == "", warnings(game, "cy")


def test_RAW_GAP_14_board_without_the_owners_load_warns_the_boarder(game):
    """RAW-GAP-14: a 'board' moves nothing unless the ship's owner orders the matching 'load': the boarder's row says so
    until the owner does."""
    ship = game.unit("cy", "Ac1", "Devaron")
    game.state["planets"]["Devaron"]["gf"] = 2
    game.order("al", f"board {ship} GF 2")
    assert f"cy has not ordered 'load {ship}'" in warnings(game, "al")[0], warnings(game, "al")
    game.order("cy", f"load {ship} GF 2")
    assert warnings(game, "al")[0] == "", warnings(game, "al")
