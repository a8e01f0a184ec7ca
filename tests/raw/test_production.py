"""Republic at War construction: RAW-PROD-01..14 (the Redjik examples to the number), the garrison
caps RAW-GARRISON-01/02, the production keywords RAW-KEYWORD-03..06, and the gaps RAW-GAP-11
(surge details), RAW-GAP-12 (build order and partials), RAW-GAP-38 (discounted vs base cost),
RAW-GAP-45 (Redjik's 3 GF) and RAW-GAP-48 (where new units appear).

"Redjik" (30 credits) is Coruscant: cy's, 30 credits, no keyword. Rodia (cy) and Devaron (al) are
the 10-credit worlds. Seats: al, cy, ed GAR; bo, di, fa CIS.
"""
from __future__ import annotations

import copy
from typing import Any

import pytest

from core.errors import OrderError
from core.rulesets.raw import budget
from core.rulesets.raw.data import GF, build_cost, repair_cost, unit_types
from core.rulesets.raw.model import cap_points, combat_value

REDJIK = "Coruscant"


# -- helpers ------------------------------------------------------------------------------------
def refused(game: Any, seat: str, text: str, match: str, actor: str | None = None) -> None:
    """The order is refused with a message matching ``match``, and nothing changes."""
    before = copy.deepcopy(game.state)
    with pytest.raises(OrderError, match=match):
        game.order(seat, text, actor=actor)
    assert game.state == before, f"the refused order {text!r} changed the state"


def units_of(game: Any, seat: str, code: str | None = None, at: str | None = None) -> dict[str, dict[str, Any]]:
    return {uid: u for uid, u in game.state["units"].items()
            if u["owner"] == seat and (code is None or u["type"] == code) and (at is None or u["at"] == at)}


def partial(game: Any, planet: str) -> dict[str, Any] | None:
    p = game.state["planets"][planet]["partial"]
    return None if p is None else {k: p[k] for k in ("unit", "paid", "cost")}


def left(game: Any, seat: str) -> int:
    """Pool credits ``seat`` has left once its sheet is paid for."""
    return budget.check(game.state, seat)


def last_ids(game: Any, seat: str) -> list[str]:
    """The unit ids reserved by ``seat``'s last build order."""
    return list(game.state["sheets"][seat][-1]["args"]["ids"])


def kinds(events: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [e for e in events if e["kind"] == kind]


# -- RAW-PROD-01..03 -----------------------------------------------------------------------------
def test_RAW_PROD_01_a_planet_puts_at_most_its_production_into_units(game):
    """RAW-PROD-01: Rodia (10) takes a V-wing (7) and 3 credits of a V-19, then refuses more,
    although cy's pool (145) could pay for it: the cap is the planet's, not the pool's."""
    assert left(game, "cy") == 145, f"cy starts turn 1 with 145 credits, engine says {left(game, 'cy')}"
    game.order("cy", "build Rodia vwing")
    game.order("cy", "build Rodia v19")
    refused(game, "cy", "build Rodia vwing", r"Rodia can put 10 credits into units this turn and 10 are already ordered")
    assert left(game, "cy") == 135, f"Rodia should take exactly 10 of cy's credits, {145 - left(game, 'cy')} taken"
    game.resolve()
    assert len(units_of(game, "cy", "vwing", "Rodia")) == 1, "the V-wing (7) should be completed at Rodia"
    assert partial(game, "Rodia") == {"unit": "v19", "paid": 3, "cost": 10}, f"Rodia should hold V-19 3/10, has {partial(game, 'Rodia')}"


def test_RAW_PROD_02_ten_credit_planet_builds_ten_points_or_ten_towards_a_ship(game):
    """RAW-PROD-02 [EXAMPLE]: a 10-credit planet builds units up to 10 points (a V-19, 10), or puts
    10 points towards a larger ship (a Consular Scout, 30: 10/30, 20/30, then done on turn 3)."""
    game.order("cy", "build Rodia v19")
    refused(game, "cy", "build Rodia vwing", r"Rodia can put 10 credits")
    game.order("al", "build Devaron ConS")
    game.resolve()
    assert len(units_of(game, "cy", "v19", "Rodia")) == 1, "Rodia (10) should complete one V-19 (10) in a turn"
    assert partial(game, "Rodia") is None, f"nothing should be left partly built at Rodia, found {partial(game, 'Rodia')}"
    assert partial(game, "Devaron") == {"unit": "ConS", "paid": 10, "cost": 30}, f"turn 1: Devaron should hold ConS 10/30, has {partial(game, 'Devaron')}"
    game.order("al", "build Devaron ConS")
    game.resolve()
    assert partial(game, "Devaron") == {"unit": "ConS", "paid": 20, "cost": 30}, f"turn 2: Devaron should hold ConS 20/30, has {partial(game, 'Devaron')}"
    game.order("al", "build Devaron ConS")
    game.resolve()
    assert partial(game, "Devaron") is None and len(units_of(game, "al", "ConS", "Devaron")) == 1, \
        f"turn 3: the ConS should be completed at Devaron; partial {partial(game, 'Devaron')}, units {units_of(game, 'al')}"


def test_RAW_PROD_03_a_partial_unit_does_nothing_until_paid_in_full(game):
    """RAW-PROD-03: a 30/40 Consular Light Frigate is no unit: it cannot be ordered to jump, is not seen
    or fought by an enemy in orbit, waits through a turn with no orders, and is completed at the same
    planet when the rest (10) is paid."""
    game.order("cy", f"build {REDJIK} ConL")
    pending = last_ids(game, "cy")[0]
    mce = game.unit("bo", "McE", REDJIK)
    game.resolve()
    assert partial(game, REDJIK) == {"unit": "ConL", "paid": 30, "cost": 40}, f"Coruscant should hold ConL 30/40, has {partial(game, REDJIK)}"
    assert not units_of(game, "cy"), f"a partial must not exist as a unit, cy has {units_of(game, 'cy')}"
    assert not kinds(game.session.record["log"], "battle"), "a partial cannot fight: the CIS ship in orbit met no GAR fleet"
    assert game.session.view("bo")["facts"]["others"].get(REDJIK, {}).get("GAR") is None, "the enemy must not see a partial as fleet points"
    refused(game, "cy", f"jump {pending} Anaxes", r"is not one of the ships you can use here")
    del game.state["units"][mce]  # the raider leaves, so the blockade ends from turn 3
    game.resolve()  # turn 2: no orders; the partial waits
    assert partial(game, REDJIK) == {"unit": "ConL", "paid": 30, "cost": 40}, f"the partial should wait unchanged, has {partial(game, REDJIK)}"
    game.order("cy", f"build {REDJIK} ConL")
    assert left(game, "cy") == 145 - 10, f"finishing the ConL should cost the remaining 10, cost {145 - left(game, 'cy')}"
    game.resolve()
    assert partial(game, REDJIK) is None, f"the ConL should be finished, partial {partial(game, REDJIK)}"
    assert len(units_of(game, "cy", "ConL", REDJIK)) == 1, f"the completed ConL should be at {REDJIK}: {units_of(game, 'cy')}"


# -- RAW-PROD-04 [EXAMPLE] and RAW-GAP-45 ---------------------------------------------------------
def test_RAW_PROD_04a_RAW_GAP_45_redjik_three_droid_forces(game):
    """RAW-PROD-04 [EXAMPLE] (a), RAW-GAP-45: Redjik (30) builds 3 Ground Forces when they are Droid
    Forces: 3 x 8 = 24 <= 30 (Raxus, bo's, 30 credits, no keyword)."""
    game.order("bo", "build Raxus GF 3")
    assert left(game, "bo") == 145 - 24, f"3 droid GF cost 24, charged {145 - left(game, 'bo')}"
    game.resolve()
    assert game.state["planets"]["Raxus"]["gf"] == 3, f"Raxus should garrison 3 GF, has {game.state['planets']['Raxus']['gf']}"


def test_RAW_PROD_04a_RAW_GAP_45_third_clone_force_is_partly_built(game):
    """RAW-PROD-04 (a), revised RAW-GAP-45: with Clone Forces (12) Redjik's 30 build 2 GF (24) plus 6/12 of a third,
    which is finished the next turn for the remaining 6 and joins the garrison then."""
    game.order("cy", f"build {REDJIK} GF 3")
    assert left(game, "cy") == 145 - 30, f"2 clones and 6/12 of a third take all 30, charged {145 - left(game, 'cy')}"
    game.resolve()
    assert game.state["planets"][REDJIK]["gf"] == 2, f"Coruscant should garrison 2 clone GF, has {game.state['planets'][REDJIK]['gf']}"
    assert partial(game, REDJIK) == {"unit": GF, "paid": 6, "cost": 12}, f"the third clone should wait at 6/12, found {partial(game, REDJIK)}"
    game.order("cy", f"build {REDJIK} GF")
    assert left(game, "cy") == 145 - 6, f"finishing the clone costs the remaining 6, charged {145 - left(game, 'cy')}"
    game.resolve()
    assert game.state["planets"][REDJIK]["gf"] == 3 and partial(game, REDJIK) is None, "the third clone is finished in turn 2"


def test_RAW_GAP_45_ten_credit_world_raises_a_clone_over_two_turns(game):
    """Revised RAW-GAP-45: a 10-credit world (Rodia) builds a clone (12) over two turns: 10/12, then 2 more."""
    assert game.state["planets"]["Rodia"]["production"] == 10, "setup: Rodia produces 10"
    owner = game.owner("Rodia")
    game.order(owner, "build Rodia GF")
    game.resolve()
    assert partial(game, "Rodia") == {"unit": GF, "paid": 10, "cost": 12} and game.state["planets"]["Rodia"]["gf"] == 0, \
        f"turn 1: 10/12 of a clone, found {partial(game, 'Rodia')}"
    game.order(owner, "build Rodia GF")
    game.resolve()
    assert game.state["planets"]["Rodia"]["gf"] == 1 and partial(game, "Rodia") is None, "turn 2: the clone joins Rodia's garrison"


def test_RAW_PROD_04b_redjik_two_ywings_and_two_of_fourteen(game):
    """RAW-PROD-04 [EXAMPLE] (b): Redjik (30): 2 Y-wings (28) and 2/14 of another = 30."""
    game.order("cy", f"build {REDJIK} ywing 3")
    assert left(game, "cy") == 145 - 30, f"exactly 30 should be spent, {145 - left(game, 'cy')} were"
    game.resolve()
    assert len(units_of(game, "cy", "ywing", REDJIK)) == 2, f"2 Y-wings should be completed, got {len(units_of(game, 'cy', 'ywing'))}"
    assert partial(game, REDJIK) == {"unit": "ywing", "paid": 2, "cost": 14}, f"the third Y-wing should be 2/14, is {partial(game, REDJIK)}"


def test_RAW_PROD_04c_redjik_thirty_of_forty_consular_light_frigate(game):
    """RAW-PROD-04 [EXAMPLE] (c): Redjik (30) builds 30/40 of a Consular-class Light Frigate."""
    game.order("cy", f"build {REDJIK} ConL")
    assert left(game, "cy") == 115, f"30 should be spent on the ConL, {145 - left(game, 'cy')} were"
    game.resolve()
    assert partial(game, REDJIK) == {"unit": "ConL", "paid": 30, "cost": 40}, f"Redjik should hold ConL 30/40, has {partial(game, REDJIK)}"
    assert not units_of(game, "cy", "ConL"), "the ConL must not be completed"


# -- RAW-PROD-05..07 -----------------------------------------------------------------------------
def test_RAW_PROD_05_one_partial_per_planet(game):
    """RAW-PROD-05: once a planet's production is used up leaving a partial, no second unit can be
    begun there this turn, so at most one partial is left; other planets keep their own."""
    game.order("cy", f"build {REDJIK} ConL")
    refused(game, "cy", f"build {REDJIK} ConS", r"Coruscant can put 30 credits into units this turn and 30 are already ordered")
    game.order("cy", "build Rodia ConS")
    game.resolve()
    assert partial(game, REDJIK) == {"unit": "ConL", "paid": 30, "cost": 40}, f"Coruscant holds one partial, ConL 30/40: {partial(game, REDJIK)}"
    assert partial(game, "Rodia") == {"unit": "ConS", "paid": 10, "cost": 30}, f"Rodia holds its own partial, ConS 10/30: {partial(game, 'Rodia')}"


def test_RAW_PROD_06_new_unit_scraps_the_partial(game):
    """RAW-PROD-06: beginning a Y-wing while ConL 30/40 waits destroys the ConL and its 30 credits."""
    game.order("cy", f"build {REDJIK} ConL")
    game.resolve()
    game.order("cy", f"build {REDJIK} ywing")
    events = game.resolve()
    lost = kinds(events, "partial-lost")
    assert len(lost) == 1 and "ConL (30/40)" in lost[0]["text"], f"the ConL 30/40 should be reported scrapped: {[e['text'] for e in lost]}"
    assert partial(game, REDJIK) is None, f"nothing of the ConL may survive, partial {partial(game, REDJIK)}"
    assert len(units_of(game, "cy", "ywing", REDJIK)) == 1 and not units_of(game, "cy", "ConL"), f"only the Y-wing exists: {units_of(game, 'cy')}"


def test_RAW_PROD_06_finishing_the_partial_first_then_starting_another_is_legal(game):
    """RAW-PROD-06: finishing ConL 30/40 (10) first, then a Y-wing (14) and 6/7 of a V-wing, all at Redjik in one turn."""
    game.order("cy", f"build {REDJIK} ConL")
    game.resolve()
    game.order("cy", f"build {REDJIK} ConL")
    game.order("cy", f"build {REDJIK} ywing")
    game.order("cy", f"build {REDJIK} vwing")
    assert left(game, "cy") == 145 - 30, f"10 + 14 + 6 = 30 should be spent, {145 - left(game, 'cy')} were"
    events = game.resolve()
    assert not kinds(events, "partial-lost"), f"finishing the partial first loses nothing: {[e['text'] for e in kinds(events, 'partial-lost')]}"
    assert len(units_of(game, "cy", "ConL", REDJIK)) == 1 and len(units_of(game, "cy", "ywing", REDJIK)) == 1, f"ConL and Y-wing completed: {units_of(game, 'cy')}"
    assert partial(game, REDJIK) == {"unit": "vwing", "paid": 6, "cost": 7}, f"the V-wing should be 6/7, is {partial(game, REDJIK)}"


def test_RAW_PROD_07_redjik_two_turn_example(game):
    """RAW-PROD-07 [EXAMPLE]: turn 1: 2 Z-95 (22) + 8/14 Y-wing; turn 2: 30/59 of an Arquitens Command
    Cruiser, and the 8/14 Y-wing is lost (8 credits wasted)."""
    game.order("cy", f"build {REDJIK} z95 2")
    game.order("cy", f"build {REDJIK} ywing")
    assert left(game, "cy") == 145 - 30, f"turn 1 should spend 22 + 8 = 30, spent {145 - left(game, 'cy')}"
    game.resolve()
    assert len(units_of(game, "cy", "z95", REDJIK)) == 2, f"2 Z-95 should be completed, units {units_of(game, 'cy')}"
    assert partial(game, REDJIK) == {"unit": "ywing", "paid": 8, "cost": 14}, f"turn 1 should end with Y-wing 8/14, has {partial(game, REDJIK)}"
    game.order("cy", f"build {REDJIK} AqC")
    assert left(game, "cy") == 145 - 30, f"turn 2 should spend 30 on the AqC, spent {145 - left(game, 'cy')}"
    events = game.resolve()
    lost = kinds(events, "partial-lost")
    assert len(lost) == 1 and "ywing (8/14)" in lost[0]["text"], f"the 8/14 Y-wing should be lost: {[e['text'] for e in lost]}"
    assert partial(game, REDJIK) == {"unit": "AqC", "paid": 30, "cost": 59}, f"turn 2 should end with AqC 30/59, has {partial(game, REDJIK)}"
    assert not units_of(game, "cy", "ywing"), "no Y-wing may exist"
    assert len(units_of(game, "cy", "z95")) == 2, "the 2 Z-95 of turn 1 remain"


def test_RAW_PROD_08_new_units_jump_and_are_carried_the_same_turn(game):
    """RAW-PROD-08: a CR20 Landing Craft, a Y-wing and a GF built at Kuat this turn board and jump at once
    (the build orders reserve the ids the new units get, so jump and load orders can name them)."""
    game.order("cy", "build Kuat CRL")
    crl = last_ids(game, "cy")[0]
    game.order("cy", "build Kuat ywing")
    ywing = last_ids(game, "cy")[0]
    game.order("cy", "build Kuat GF")
    game.order("cy", f"load {crl} {ywing},GF")
    game.order("cy", f"jump {crl} Humbarine")
    game.order("cy", f"unload {crl}")
    assert left(game, "cy") == 145 - (16 + 14 + 12) - 2, f"builds 42 and Flotilla fuel 2 should be charged, {145 - left(game, 'cy')} were"
    game.resolve()
    units = game.state["units"]
    assert units[crl]["type"] == "CRL" and units[crl]["at"] == "Humbarine", f"the new CRL {crl} should be at Humbarine: {units.get(crl)}"
    assert units[ywing]["at"] == "Humbarine" and units[ywing]["aboard"] is None, f"the new Y-wing should be carried and unloaded: {units.get(ywing)}"
    assert game.state["planets"]["Humbarine"]["gf"] == 1 and game.state["planets"]["Kuat"]["gf"] == 0, "the new GF should land at Humbarine"


def test_RAW_PROD_08_an_unfinished_unit_does_not_jump(game):
    """RAW-PROD-08 / RAW-PROD-03: a jump ordered for a unit that ends the Construct phase partly built does not happen."""
    game.order("cy", f"build {REDJIK} ConL")
    conl = last_ids(game, "cy")[0]
    game.order("cy", f"jump {conl} Anaxes")
    game.resolve()
    assert conl not in game.state["units"], f"the unfinished ConL must not exist, found {game.state['units'].get(conl)}"
    assert partial(game, REDJIK) == {"unit": "ConL", "paid": 30, "cost": 40}, f"the ConL stays 30/40: {partial(game, REDJIK)}"


def test_RAW_PROD_08_withdrawn_build_leaves_its_jump_harmless(game):
    """RAW-PROD-08: withdrawing the build of a unit a jump order names leaves the jump without a ship:
    it costs no fuel, later orders are still checked normally, and nothing jumps."""
    game.order("cy", "build Kuat ConS")
    scout = last_ids(game, "cy")[0]
    game.order("cy", f"jump {scout} Humbarine")
    game.session.withdraw("cy", "cy", 0)
    game.order("cy", "build Rodia v19")
    assert left(game, "cy") == 145 - 10, f"only the V-19 is paid for, no fuel: {145 - left(game, 'cy')} charged"
    game.resolve()
    assert scout not in game.state["units"], f"the withdrawn scout must not exist: {game.state['units'].get(scout)}"


# -- RAW-PROD-09..12 surge, RAW-GAP-11 -------------------------------------------------------------
def test_RAW_PROD_09_surge_spends_twice_production(game):
    """RAW-PROD-09: Kuat (50) surging with idle donors Geonosis + Humbarine (55) completes a Venator II
    (100 at Improved Shipyards) in one turn; a 101st credit is refused."""
    game.order("cy", "surge Kuat Geonosis,Humbarine")
    game.order("cy", "build Kuat Vc2")
    refused(game, "cy", "build Kuat vwing", r"Kuat can put 100 credits into units this turn and 100 are already ordered")
    game.resolve()
    assert len(units_of(game, "cy", "Vc2", "Kuat")) == 1, f"the Venator II should be completed at Kuat: {units_of(game, 'cy')}"
    assert game.state["planets"]["Kuat"]["surged"] == 1, "Kuat's surge on turn 1 should be recorded"


def test_RAW_PROD_09_without_surge_the_cap_is_production(game):
    """RAW-PROD-09 / RAW-PROD-01: without a surge order Kuat puts only 50 into the same Venator II."""
    game.order("cy", "build Kuat Vc2")
    game.resolve()
    assert partial(game, "Kuat") == {"unit": "Vc2", "paid": 50, "cost": 100}, f"Kuat should hold Vc2 50/100, has {partial(game, 'Kuat')}"
    assert game.state["planets"]["Kuat"]["surged"] == 0, "no surge happened"


def test_RAW_PROD_10_RAW_GAP_11_no_surge_two_turns_running(game):
    """RAW-PROD-10, RAW-GAP-11: Kuat surges on turn 1, may not on turn 2, may again on turn 3."""
    game.order("cy", "surge Kuat Geonosis,Humbarine")
    game.order("cy", "build Kuat Vc2")
    game.resolve()
    refused(game, "cy", "surge Kuat Geonosis,Humbarine", r"Kuat surged last turn and cannot surge again")
    game.resolve()  # turn 2: Kuat rests
    game.order("cy", "surge Kuat Geonosis,Humbarine")
    game.order("cy", "build Kuat Vc2")
    game.resolve()
    assert len(units_of(game, "cy", "Vc2", "Kuat")) == 2, f"turn 3's surge should complete a second Venator II: {units_of(game, 'cy')}"
    assert game.state["planets"]["Kuat"]["surged"] == 3, f"the turn-3 surge should be recorded, surged={game.state['planets']['Kuat']['surged']}"


def test_RAW_PROD_10_a_surge_order_that_spends_no_extra_is_no_surge(game):
    """RAW-PROD-10: the limit is on using the additional production; spending only 50 at Kuat under a
    surge order is not a surge, so Kuat may surge the next turn."""
    game.order("cy", "surge Kuat Geonosis,Humbarine")
    game.order("cy", "build Kuat ConS 2")  # 24 + 24 = 48 <= 50
    game.resolve()
    assert game.state["planets"]["Kuat"]["surged"] == 0, "48 credits is within production: no surge is recorded"
    game.order("cy", "surge Kuat Geonosis,Humbarine")  # allowed
    assert game.state["sheets"]["cy"][-1]["verb"] == "surge", "the surge order should be accepted on turn 2"


def test_RAW_PROD_11_surging_planet_builds_no_ground_forces(game):
    """RAW-PROD-11: a surging planet produces only ships and squadrons, in either order of the orders."""
    game.order("cy", "surge Kuat Geonosis,Humbarine")
    refused(game, "cy", "build Kuat GF", r"surging this turn and may build only ships and squadrons")
    game.session.withdraw("cy", "cy", 0)
    game.order("cy", "build Kuat GF")
    refused(game, "cy", "surge Kuat Geonosis,Humbarine", r"has GF on order; a surging planet builds only ships and squadrons")


def test_RAW_PROD_11_RAW_GAP_11_surging_planet_makes_no_planet_repairs(game):
    """RAW-PROD-11, RAW-GAP-11: a surging planet does no planet repair, whichever order comes first."""
    ship = game.unit("cy", "ConL", "Kuat", scarred=True)
    game.order("cy", "surge Kuat Geonosis,Humbarine")
    refused(game, "cy", f"repair {ship}", r"surging this turn and makes no planet repairs")
    game.session.withdraw("cy", "cy", 0)
    game.order("cy", f"repair {ship}")
    refused(game, "cy", "surge Kuat Geonosis,Humbarine", r"surging this turn and makes no planet repairs")


def test_RAW_PROD_12_donors_must_be_own_idle_planets(game):
    """RAW-PROD-12: the extra must come from the same player's planets that produce nothing: a building
    donor, a teammate's planet and too small donors are all refused."""
    game.order("cy", "build Geonosis GF")
    refused(game, "cy", "surge Kuat Geonosis", r"Geonosis builds this turn and cannot donate")
    refused(game, "cy", "surge Kuat Kamino", r"'Kamino' is not one of the donors you can use here; legal: Coruscant, Geonosis")
    game.order("cy", "surge Kuat Humbarine")
    refused(game, "cy", "build Humbarine vwing", r"Humbarine is a surge donor .* may build nothing")
    refused(game, "cy", "build Kuat Vc2", r"surge Kuat: 50 credits above its production need donors worth as much; Humbarine give 20")
    refused(game, "cy", "build Kuat Vc1", r"surge Kuat: 30 credits above its production need donors worth as much; Humbarine give 20")
    game.order("cy", "build Kuat ConL 2")  # 32 + 32 = 64: 14 above production, within Humbarine's 20
    game.resolve()
    assert len(units_of(game, "cy", "ConL", "Kuat")) == 2 and game.state["planets"]["Kuat"]["surged"] == 1, \
        f"Kuat should surge to 64 and complete 2 ConL: {units_of(game, 'cy')}"


def test_RAW_PROD_12_loans_cannot_fund_the_surge_extra(game):
    """RAW-PROD-12, RAW-GAP-09: a teammate's loan cannot pay for credits above production: cy with
    al's 100 still needs donors worth 50 for a Venator II at Kuat."""
    game.order("al", "lend cy 100")
    game.order("cy", "surge Kuat Rodia")
    refused(game, "cy", "build Kuat Vc2", r"50 credits above its production need donors worth as much; Rodia give 10")


def test_RAW_PROD_12_a_donor_funds_one_surge_only(game):
    """RAW-PROD-12: one idle donor's credits cannot fund two surges."""
    game.give("Alderaan", "cy", production=60)
    game.order("cy", "surge Kuat Alderaan")
    refused(game, "cy", "surge Coruscant Alderaan", r"Alderaan already funds the surge of Kuat")


def test_RAW_PROD_12_RAW_GAP_11_a_donor_makes_no_planet_repair(game):
    """RAW-PROD-12, RAW-GAP-11: a donor planet may not repair a ship either."""
    ship = game.unit("cy", "ConL", "Humbarine", scarred=True)
    game.order("cy", "surge Kuat Humbarine")
    refused(game, "cy", f"repair {ship}", r"Humbarine is a surge donor for Kuat this turn and may repair nothing")


def test_RAW_GAP_11_blockaded_planet_neither_surges_nor_donates(game):
    """RAW-GAP-11: a CIS frigate in orbit of Kuat blockades it from turn 2: Kuat cannot surge or donate."""
    game.unit("bo", "McE", "Kuat")
    game.resolve()
    assert game.state["planets"]["Kuat"]["blockaded"], "Kuat should be blockaded on turn 2"
    refused(game, "cy", "surge Kuat Geonosis", r"a blockaded planet cannot surge")
    refused(game, "cy", "surge Geonosis Kuat", r"Kuat is blockaded and cannot donate")


# -- RAW-PROD-13, -14 ---------------------------------------------------------------------------
def test_RAW_PROD_13_ground_force_costs_twelve_and_eight(game):
    """RAW-PROD-13: Clone Forces cost 12, Droid Forces 8 (no keyword planets)."""
    game.order("cy", f"build {REDJIK} GF")
    game.order("bo", "build Raxus GF")
    assert left(game, "cy") == 145 - 12, f"a clone GF should cost 12, cost {145 - left(game, 'cy')}"
    assert left(game, "bo") == 145 - 8, f"a droid GF should cost 8, cost {145 - left(game, 'bo')}"
    assert build_cost(GF, "", "GAR") == 12 and build_cost(GF, "", "CIS") == 8, "data: GF costs 12 / 8"
    game.resolve()
    assert game.state["planets"][REDJIK]["gf"] == 1 and game.state["planets"]["Raxus"]["gf"] == 1, "each planet garrisons its new GF"


def test_RAW_PROD_14_any_planet_builds_any_own_faction_unit(game):
    """RAW-PROD-14: Rodia (no shipyard) may begin a Venator I; units of the other faction are refused (RAW-GAME-03)."""
    game.order("cy", "build Rodia Vc1")
    refused(game, "cy", "build Rodia Luc", r"'Luc' is not a unit you can use here")
    game.resolve()
    assert partial(game, "Rodia") == {"unit": "Vc1", "paid": 10, "cost": 100}, f"Rodia should hold Vc1 10/100 at full price, has {partial(game, 'Rodia')}"


# -- RAW-GARRISON-01/02, RAW-GAP-48 -------------------------------------------------------------
def test_RAW_GARRISON_01_ten_clone_forces_a_world(game):
    """RAW-GARRISON-01: a GAR world holds at most 10 GF: with 9, one more is built, a second refused."""
    game.give(REDJIK, "cy", gf=9)
    refused(game, "cy", f"build {REDJIK} GF 2", r"Coruscant holds 10 GF of 10 \(RAW-GARRISON-01/02\)")
    game.order("cy", f"build {REDJIK} GF")
    game.resolve()
    assert game.state["planets"][REDJIK]["gf"] == 10, f"Coruscant should hold 10 GF, holds {game.state['planets'][REDJIK]['gf']}"


def test_RAW_GARRISON_02_fifteen_droid_forces_a_world(game):
    """RAW-GARRISON-02: a CIS world holds at most 15 GF: Raxus with 13 takes 2 more, not 3."""
    game.give("Raxus", "bo", gf=13)
    refused(game, "bo", "build Raxus GF 3", r"Raxus holds 15 GF of 15")
    game.order("bo", "build Raxus GF 2")
    game.resolve()
    assert game.state["planets"]["Raxus"]["gf"] == 15, f"Raxus should hold 15 GF, holds {game.state['planets']['Raxus']['gf']}"


def test_RAW_GAP_48_new_gf_over_the_garrison_cap_goes_aboard(game):
    """RAW-GAP-48: with a full garrison (10), new GF go aboard the owner's ship there (a CR20 Landing
    Craft, capacity 2); a GF with no room at all cannot be ordered."""
    game.give("Kuat", "cy", gf=10)
    crl = game.unit("cy", "CRL", "Kuat")
    game.order("cy", f"build Kuat GF 2")
    refused(game, "cy", f"build Kuat GF", r"Kuat holds 12 GF of 10 .* your ships there have room for 2")
    game.resolve()
    assert game.state["planets"]["Kuat"]["gf"] == 10, "the garrison stays at its cap of 10"
    assert game.state["units"][crl]["gf"] == 2, f"the 2 new GF should be aboard {crl}, it holds {game.state['units'][crl]['gf']}"


def test_RAW_GAP_48_new_ships_appear_in_orbit_and_count_towards_caps(game):
    """RAW-GAP-48: a new Consular Scout appears in orbit of Coruscant and counts towards the 400-point
    ship cap there: with 370 already in orbit, a 54-point cruiser can no longer jump in."""
    for _ in range(3):
        game.unit("cy", "Vc1", REDJIK)
    game.unit("cy", "Ac1", REDJIK)
    aql = game.unit("cy", "AqL", "Anaxes")
    game.order("cy", f"build {REDJIK} ConS")
    new = last_ids(game, "cy")[0]
    game.resolve()
    assert game.state["units"][new]["at"] == REDJIK, f"the ConS should be in orbit of Coruscant: {game.state['units'][new]}"
    here = [u for u, x in game.state["units"].items() if x["at"] == REDJIK and x["owner"] == "cy"]
    assert cap_points(game.state, here) == (400, 0), f"GAR ships at Coruscant should total 400, are {cap_points(game.state, here)}"
    refused(game, "cy", f"jump {aql} {REDJIK}", r"GAR would have 454 ship points")


# -- RAW-KEYWORD-03..06, RAW-GAP-38 ---------------------------------------------------------------
FIGHTER_PLANT = {"nu_attack_shuttle": 14, "arc170": 12, "ywing": 10, "z95": 8, "v19": 7, "vwing": 5,
                 "sheathipede_shuttle": 13, "hmp_gunship": 12, "droid_trifighter": 9, "nantex": 8, "hyena_bomber": 7, "vulture": 5}
IMPROVED = {"Vc1": 80, "Vc2": 100, "Ac1": 56, "Ac2": 68, "AqL": 44, "AqC": 48, "PelC": 48, "PelM": 52, "ConS": 24, "ConL": 32,
            "CRL": 16, "CRE": 21, "DHO": 56, "Luc": 168, "PrD": 96, "PrC": 92, "RcD": 72, "RcB": 88, "McE": 60, "McS": 64,
            "C9S": 37, "C9L": 40, "GZC": 19, "GZA": 23}


def test_RAW_KEYWORD_03_fighter_plant_squadrons_at_seventy_percent(game):
    """RAW-KEYWORD-03: at Anaxes (Fighter Plant, 40) a Y-wing costs 10, so 4 are completed in a turn;
    ships and GF pay full price there; every squadron matches the catalog's vectors (V-19: 7, not 8)."""
    game.order("ed", "build Anaxes ywing 4")
    assert left(game, "ed") == 125 - 40, f"4 Y-wings at 10 should cost 40, cost {125 - left(game, 'ed')}"
    game.resolve()
    assert len(units_of(game, "ed", "ywing", "Anaxes")) == 4, f"4 Y-wings should be completed: {units_of(game, 'ed')}"
    game.order("ed", "build Anaxes AqL")
    game.resolve()
    assert partial(game, "Anaxes") == {"unit": "AqL", "paid": 40, "cost": 54}, f"a ship costs its full 54 at a Fighter Plant: {partial(game, 'Anaxes')}"
    assert build_cost(GF, "Fighter Plant", "GAR") == 12, "GF get no Fighter Plant discount"
    got = {code: build_cost(code, "Fighter Plant", unit_types()[code].faction) for code in FIGHTER_PLANT}
    assert got == FIGHTER_PLANT, f"Fighter Plant costs differ from ceil(70%): {got}"


def test_RAW_KEYWORD_03_cis_fighter_plant(game):
    """RAW-KEYWORD-03: at Valahari (Fighter Plant, 40, fa's) a Vulture Droid squadron costs 5: 8 fit in 40."""
    game.order("fa", "build Valahari vulture 8")
    game.resolve()
    assert len(units_of(game, "fa", "vulture", "Valahari")) == 8, f"8 Vultures at 5 should be completed: {len(units_of(game, 'fa', 'vulture'))}"


def test_RAW_KEYWORD_04_droid_factory_droids_cost_four(game):
    """RAW-KEYWORD-04: at Muunilist (Droid Factory, 50) droid GF cost 4: 12 fit (48), a 13th does not;
    at Geonosis (Droid Factory, held by GAR) clones pay full price (RAW-GAP-44)."""
    game.order("bo", "build Muunilist GF 12")
    assert left(game, "bo") == 145 - 48, f"12 droid GF at 4 should cost 48, cost {145 - left(game, 'bo')}"
    game.order("bo", "build Muunilist GF")            # the last 2 credits go into 2/4 of a 13th (RAW-GAP-45)
    refused(game, "bo", "build Muunilist GF", r"Muunilist can put 50 credits into units this turn and 50 are already ordered")
    game.order("cy", "build Geonosis GF 3")           # clones at full price: 12 + 12 + 11 of the third's 12
    game.resolve()
    assert game.state["planets"]["Muunilist"]["gf"] == 12, f"Muunilist should garrison 12 GF, has {game.state['planets']['Muunilist']['gf']}"
    assert partial(game, "Muunilist") == {"unit": GF, "paid": 2, "cost": 4}, f"the 13th droid GF waits at 2/4: {partial(game, 'Muunilist')}"
    assert partial(game, "Geonosis") == {"unit": GF, "paid": 11, "cost": 12} and game.state["planets"]["Geonosis"]["gf"] == 2, \
        f"Geonosis clones cost 12: {partial(game, 'Geonosis')}"


def test_RAW_KEYWORD_05_training_ground_clones_cost_six(game):
    """RAW-KEYWORD-05: at Kamino (Training Ground, 50) clone GF cost 6: 8 cost 48; droids at Cartao
    (Training Ground) pay their full 8."""
    game.order("al", "build Kamino GF 8")
    assert left(game, "al") == 140 - 48, f"8 clone GF at 6 should cost 48, cost {140 - left(game, 'al')}"
    game.give("Cartao", "bo")
    game.order("bo", "build Cartao GF 4")
    game.order("bo", "build Cartao GF")               # 3 of 8 left: a partial (RAW-GAP-45)
    game.resolve()
    assert game.state["planets"]["Kamino"]["gf"] == 8 and game.state["planets"]["Cartao"]["gf"] == 4, "Kamino 8 GF, Cartao 4 GF"
    assert partial(game, "Cartao") == {"unit": GF, "paid": 3, "cost": 8}, f"droids pay their full 8 at Cartao: {partial(game, 'Cartao')}"


def test_RAW_KEYWORD_06_improved_shipyards_ships_at_eighty_percent(game):
    """RAW-KEYWORD-06: at Kuat (Improved Shipyards) raised to 80, a Venator I (100) costs 80 and is
    completed in a turn; squadrons and GF pay full price there; every ship matches the catalog's vectors."""
    game.give("Kuat", "cy", production=80)
    game.order("cy", "build Kuat Vc1")
    assert left(game, "cy") == 175 - 80, f"a Venator I at Kuat should cost 80, cost {175 - left(game, 'cy')}"
    game.resolve()
    assert len(units_of(game, "cy", "Vc1", "Kuat")) == 1, f"the Venator I should be completed: {units_of(game, 'cy')}"
    assert build_cost("ywing", "Improved Shipyards", "GAR") == 14 and build_cost(GF, "Improved Shipyards", "GAR") == 12, \
        "squadrons and GF get no shipyard discount"
    got = {code: build_cost(code, "Improved Shipyards", unit_types()[code].faction) for code in IMPROVED}
    assert got == IMPROVED, f"Improved Shipyards costs differ from ceil(80%): {got}"


def test_RAW_GAP_38_discount_lowers_only_the_credits_charged(game):
    """RAW-GAP-38: a Venator I bought for 80 at Kuat still counts 100 in combat and towards caps, and
    costs ceil(100/4) = 25 to repair."""
    game.give("Kuat", "cy", production=80)
    game.order("cy", "build Kuat Vc1")
    uid = last_ids(game, "cy")[0]
    game.resolve()
    unit = game.state["units"][uid]
    assert combat_value(unit) == 100, f"combat points should be the base 100, are {combat_value(unit)}"
    assert cap_points(game.state, [uid]) == (100, 0), f"cap points should be the base 100, are {cap_points(game.state, [uid])}"
    assert repair_cost("Vc1") == 25, f"repair should cost 25, costs {repair_cost('Vc1')}"


# -- RAW-GAP-12 --------------------------------------------------------------------------------
def test_RAW_GAP_12_first_different_item_scraps_the_partial_even_if_it_comes_back_later(game):
    """RAW-GAP-12: the build list runs in the order given: a Y-wing listed before the waiting ConL
    scraps ConL 30/40, and the ConL listed after starts again from nothing (16/40)."""
    game.order("cy", f"build {REDJIK} ConL")
    game.resolve()
    game.order("cy", f"build {REDJIK} ywing")
    game.order("cy", f"build {REDJIK} ConL")
    events = game.resolve()
    assert len(kinds(events, "partial-lost")) == 1, "the old ConL should be scrapped once"
    assert partial(game, REDJIK) == {"unit": "ConL", "paid": 16, "cost": 40}, f"the new ConL should be 16/40, is {partial(game, REDJIK)}"


def test_RAW_GAP_12_a_captured_planet_loses_its_partial(game):
    """RAW-GAP-12: partial progress belongs to the planet and its owner: when bo captures Kuat, the
    Venator I 50/80 cy left there is lost."""
    game.order("cy", "build Kuat Vc1")
    c9l = game.unit("bo", "C9L", "Cato Neimoidia", gf=3)
    game.resolve()
    assert partial(game, "Kuat") == {"unit": "Vc1", "paid": 50, "cost": 80}, f"Kuat should hold Vc1 50/80: {partial(game, 'Kuat')}"
    game.order("bo", f"jump {c9l} Kuat")
    game.order("bo", "assault Kuat")
    game.resolve()
    assert game.owner("Kuat") == "bo", f"bo should have taken the undefended Kuat, owner {game.owner('Kuat')}"
    assert partial(game, "Kuat") is None, f"cy's partial must be lost with the planet, found {partial(game, 'Kuat')}"


def test_RAW_GAP_12_spynet_sees_the_partial_in_the_queue_not_in_the_fleet(game):
    """RAW-GAP-12: a partial shows in a Spynet scan's production queue, never in its fleet size."""
    game.order("bo", "build Raxus C9L")
    game.resolve()
    game.order("al", "scan Raxus")
    events = game.resolve()
    scan = [e for e in kinds(events, "scan") if e["data"]["planet"] == "Raxus"]
    assert scan, "al's scan of Raxus should report"
    assert "building C9L 30/50" in scan[0]["text"], f"the scan should list C9L 30/50 in the queue: {scan[0]['text']}"
    assert scan[0]["data"]["fleets"] == {}, f"the partial must not count as fleet: {scan[0]['data']['fleets']}"


# -- the balance option (README, "Notes on Republic at War") ------------------------------------
def test_RAW_PROD_13_clone_cost_is_the_texts_12_unless_the_gm_sets_the_balance_option():
    """RAW-PROD-13: Clone Forces cost the text's 12 by default. The documented balance option `clone_cost` (a GM's
    scenario choice) sets their price, keyword discounts apply to it (Kamino's Training Ground halves it), droids are
    untouched, the bots read the price from their view, and a bad value is refused at setup."""
    from raw_helpers import Game
    plain = Game()
    plain.order("cy", f"build {REDJIK} GF")
    assert plain.state["sheets"]["cy"][-1]["args"]["cost"] == 12, "the text's clone price is 12"
    assert "gf_price" not in plain.session.view("cy")["facts"] or not plain.session.view("cy")["facts"]["gf_price"], \
        "at the text's price the view carries no scenario price"
    even = Game(clone_cost=10)                        # the README's suggested even-sides price
    even.order("cy", f"build {REDJIK} GF 3")
    assert left(even, "cy") == 145 - 30, f"3 clones at 10 cost 30, charged {145 - left(even, 'cy')}"
    even.order("al", "build Kamino GF")
    assert even.state["sheets"]["al"][-1]["args"]["cost"] == 5, "Training Ground: 50% of 10"
    even.order("bo", "build Raxus GF")
    assert even.state["sheets"]["bo"][-1]["args"]["cost"] == 8, "droids keep their 8"
    assert even.session.view("cy")["facts"]["gf_price"] == {"GAR": 10}, "the price is public in every view"
    even.resolve()
    assert even.state["planets"][REDJIK]["gf"] == 3, "the 3 clones join Coruscant's garrison"
    from core.errors import SetupError
    # the options are checked in core before setup (issue 11): the message names the option and its legal values
    with pytest.raises(SetupError, match=r"clone_cost=0 is not legal: clone_cost is a whole number from 1 to 100"):
        Game(clone_cost=0)
