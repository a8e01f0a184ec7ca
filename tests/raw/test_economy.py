"""Republic at War credits and the turn: RAW-ECON-01..05, RAW-TURN-03..06, and the gaps RAW-GAP-08
(the per-planet ledger), RAW-GAP-09 (loans), RAW-GAP-10 (improvements), RAW-GAP-43 (missed
orders), RAW-GAP-46 (Construct sub-step order) and RAW-GAP-49 (players with no planets).
Seats: al, cy, ed GAR; bo, di, fa CIS. Turn-1 credits: al 140, cy 145, ed 125, bo 145.
"""
from __future__ import annotations

import copy
from typing import Any

import pytest

from core.errors import OrderError
from core.rulesets.raw import budget


def refused(game: Any, seat: str, text: str, match: str) -> None:
    """The order is refused with a message matching ``match``, and nothing changes."""
    before = copy.deepcopy(game.state)
    with pytest.raises(OrderError, match=match):
        game.order(seat, text)
    assert game.state == before, f"the refused order {text!r} changed the state"


def left(game: Any, seat: str) -> int:
    """Pool credits ``seat`` has left once its sheet is paid for."""
    return budget.check(game.state, seat)


def prod(game: Any, planet: str) -> int:
    return int(game.state["planets"][planet]["production"])


def blockade_kuat(game: Any) -> None:
    """A CIS Recusant in orbit of cy's Kuat: Kuat is blockaded from the next turn (RAW-GAP-31)."""
    game.unit("bo", "RcD", "Kuat")
    game.resolve()
    assert game.state["planets"]["Kuat"]["blockaded"], "Kuat should be blockaded"


# -- RAW-ECON-01..05 ----------------------------------------------------------------------------
def test_RAW_ECON_01_one_currency_pays_for_everything(game):
    """RAW-ECON-01: ed's 125 credits pay for a build (14), a repair (10), an improvement (20), an
    alliance roll (6), a loan (30) and fuel (1): 81, leaving 44; a 50-credit improvement then no longer fits."""
    conl = game.unit("ed", "ConL", "Anaxes", scarred=True)
    scout = game.unit("ed", "ConS", "Naboo")
    for text in ("build Carida ywing", f"repair {conl}", "improve Eriadu 20", "ally Ryloth", "lend al 30", f"jump {scout} Rodia"):
        game.order("ed", text)
    assert left(game, "ed") == 125 - 81, f"ed should have 44 left, has {left(game, 'ed')}"
    refused(game, "ed", "improve Naboo 50", r"costs 50; you have 44 credits left this turn")
    events = game.resolve()
    assert any(u["type"] == "ywing" and u["owner"] == "ed" for u in game.state["units"].values()), "the Y-wing was built"
    assert not game.state["units"][conl]["scarred"], "the ConL was repaired"
    assert prod(game, "Eriadu") == 27, f"Eriadu improved to 27, is {prod(game, 'Eriadu')}"
    assert game.rolls(events, "alliance of Ryloth"), "the alliance roll was made"
    assert any(e["kind"] == "loan" and "ed lends 30 credits to al" in e["text"] for e in events), "the loan went through"
    assert game.state["units"][scout]["at"] == "Rodia", "the fuel was paid and the scout jumped"


def test_RAW_ECON_02_planets_pay_their_value_to_the_controller(game):
    """RAW-ECON-02: al's pool is the sum of his planets' current values (140); it follows a planet's
    value (Kamino 50 -> 55) and its controller (Kuat passes from cy to al)."""
    assert left(game, "al") == 30 + 15 + 10 + 50 + 35, f"al should have 140, has {left(game, 'al')}"
    game.give("Kamino", "al", production=55)
    assert left(game, "al") == 145, f"Kamino at 55 gives al 145, has {left(game, 'al')}"
    game.give("Kuat", "al")
    assert left(game, "al") == 195 and left(game, "cy") == 95, f"Kuat's 50 moves from cy to al: al {left(game, 'al')}, cy {left(game, 'cy')}"


def test_RAW_ECON_03_unspent_credits_are_lost(game):
    """RAW-ECON-03: al spends nothing on turn 1 and has 140 again on turn 2 (not 280); cy's unspent
    loan of 40 is gone too."""
    game.order("al", "lend cy 40")
    assert left(game, "cy") == 185, "cy holds the loan on turn 1"
    game.resolve()
    assert left(game, "al") == 140, f"al's credits do not carry over: {left(game, 'al')}"
    assert left(game, "cy") == 145, f"cy's unspent loan is lost: {left(game, 'cy')}"
    assert game.session.view("al")["facts"]["credits"] == 140, "al's view shows 140 credits on turn 2"


def test_RAW_ECON_04_ten_credits_buy_one_production_from_next_turn(game):
    """RAW-ECON-04: 20 credits into Kuat raise it 50 -> 52 from turn 2, and it stays 52; not this turn
    (Kuat still builds at most 50 on turn 1); investments come in tens."""
    game.order("cy", "improve Kuat 20")
    game.order("cy", "build Kuat Vc1")
    refused(game, "cy", "build Kuat vwing", r"Kuat can put 50 credits into units this turn")
    refused(game, "cy", "improve Kuat 15", r"improvements are bought in tens")
    game.resolve()
    assert prod(game, "Kuat") == 52, f"turn 2: Kuat should produce 52, produces {prod(game, 'Kuat')}"
    assert left(game, "cy") == 147, f"cy's turn-2 pool includes the +2: {left(game, 'cy')}"
    game.resolve()
    assert prod(game, "Kuat") == 52, f"turn 3: the improvement is permanent, Kuat produces {prod(game, 'Kuat')}"


def test_RAW_ECON_05_RAW_GAP_10_below_ten_never_improves(game):
    """RAW-ECON-05, RAW-GAP-10: Ruusan (table 5) can never be improved, not even at 15; Devaron (table
    exactly 10) can, also when bombarded down to 9 (starting production is the table value)."""
    game.give("Ruusan", "al")
    refused(game, "al", "improve Ruusan 10", r"Ruusan started below 10 credits and can never be improved")
    game.give("Ruusan", "al", production=15)
    refused(game, "al", "improve Ruusan 10", r"can never be improved")
    game.give("Devaron", "al", production=9)
    game.order("al", "improve Devaron 10")
    game.resolve()
    assert prod(game, "Devaron") == 10, f"Devaron 9 + 1 = 10, is {prod(game, 'Devaron')}"
    assert prod(game, "Ruusan") == 15, "Ruusan is unchanged"


# -- RAW-GAP-10 ---------------------------------------------------------------------------------
def test_RAW_GAP_10_improvements_are_outside_the_cap_and_unlimited(game):
    """RAW-GAP-10: Rodia (10) builds its full 10 and also takes a 100-credit improvement (no cap, no
    per-turn limit) -> 20 from turn 2; the improvement stays with the planet when it changes hands."""
    game.order("cy", "build Rodia v19")
    game.order("cy", "improve Rodia 100")
    assert left(game, "cy") == 145 - 110, f"110 should be spent, {145 - left(game, 'cy')} were"
    game.resolve()
    assert prod(game, "Rodia") == 20, f"Rodia should produce 20, produces {prod(game, 'Rodia')}"
    game.give("Rodia", "bo")
    assert prod(game, "Rodia") == 20 and left(game, "bo") == 145 + 20, "the improvement stays with Rodia under bo"


def test_RAW_GAP_10_blockaded_planet_improved_from_free_credits(game):
    """RAW-GAP-10, RAW-GAP-08: blockaded Kuat may be improved with credits of cy's free planets (95), never with its own 50."""
    blockade_kuat(game)
    refused(game, "cy", "improve Kuat 100", r"costs 100; you have 95 credits left")
    game.order("cy", "improve Kuat 90")
    game.resolve()
    assert prod(game, "Kuat") == 59, f"Kuat should produce 50 + 9, produces {prod(game, 'Kuat')}"


# -- RAW-GAP-08 ---------------------------------------------------------------------------------
def test_RAW_GAP_08_blockaded_bucket_pays_only_for_its_own_gf(game):
    """RAW-GAP-08 (RAW-BLOCKADE-02): with Kuat blockaded, cy's pool is 95 and Kuat's 50 is a separate
    bucket: it pays for 4 GF at Kuat (48) without touching the pool, but for no ship, loan or other spending."""
    blockade_kuat(game)
    resources = game.session.view("cy")["resources"]
    assert resources["credits"] == 95 and resources["blockaded credits"] == 50, f"cy's view: {resources}"
    refused(game, "cy", "build Kuat ywing", r"Kuat is blockaded and may build only GF")
    game.order("cy", "build Kuat GF 4")
    assert left(game, "cy") == 95, f"Kuat's GF come out of Kuat's own bucket: pool left {left(game, 'cy')}"
    refused(game, "cy", "lend al 96", r"costs 96; you have 95 credits left to lend")
    game.order("cy", "improve Rodia 90")
    refused(game, "cy", "build Coruscant ywing", r"costs 14; you have 5 credits left")
    game.resolve()
    assert game.state["planets"]["Kuat"]["gf"] == 4, f"Kuat should garrison 4 GF, has {game.state['planets']['Kuat']['gf']}"


def test_RAW_GAP_08_building_at_a_planet_may_draw_on_the_pool(game):
    """RAW-GAP-08: spending at a planet is capped by its production, but paid from the whole pool: cy
    lends away 135, and the last 10 still pay for a V-19 at Rodia... or at Kuat."""
    game.order("cy", "lend al 135")
    game.order("cy", "build Kuat v19")
    assert left(game, "cy") == 0, f"cy's last 10 pay for the Kuat V-19: {left(game, 'cy')}"
    refused(game, "cy", "build Rodia vwing", r"costs 7; you have 0 credits left")


# -- RAW-GAP-09 ---------------------------------------------------------------------------------
def test_RAW_GAP_09_orders_may_spend_an_expected_loan(game):
    """RAW-GAP-09: loans are settled first in the Construct phase, so al (processed first) can spend on
    turn 1 the 50 that cy lends him: al's 190 all go into builds and an improvement."""
    game.order("cy", "lend al 50")
    game.order("al", "improve Devaron 50")
    for planet in ("Kamino", "Rothana", "Alanteen VI", "Bothawui", "Devaron"):
        game.order("al", f"build {planet} vwing")
    assert left(game, "al") == 190 - 50 - 35, f"al should have 105 left of 190, has {left(game, 'al')}"
    game.resolve()
    assert prod(game, "Devaron") == 15, f"al's improvement, paid with the loan, raised Devaron to 15: {prod(game, 'Devaron')}"
    assert sum(1 for u in game.state["units"].values() if u["owner"] == "al" and u["type"] == "vwing") == 5, "al's 5 V-wings were built"


def test_RAW_GAP_09_a_failed_loan_leaves_orders_paid_in_turn_until_credits_run_out(game):
    """RAW-GAP-09, RAW-GAP-46: cy planned 164 on al's loan of 50; al withdraws it. At resolution cy's 145
    pay the improvement (50, an earlier sub-step), then builds in listed order: Kuat ConS 24, Coruscant
    ConS 30, Geonosis ConS 30 (11 left); Humbarine's 20 no longer fit; Rodia's V-19 (10) still does."""
    game.order("al", "lend cy 50")
    game.order("cy", "improve Rodia 50")
    for planet, unit in (("Kuat", "ConS"), ("Coruscant", "ConS"), ("Geonosis", "ConS"), ("Humbarine", "ConS"), ("Rodia", "v19")):
        game.order("cy", f"build {planet} {unit}")
    assert left(game, "cy") == 195 - 164, f"with the loan cy's orders fit: {left(game, 'cy')} left"
    game.session.withdraw("al", "al", 0)
    events = game.resolve()
    built = sorted(u["at"] for u in game.state["units"].values() if u["owner"] == "cy")
    assert built == ["Coruscant", "Geonosis", "Kuat", "Rodia"], f"Kuat, Coruscant, Geonosis and Rodia are paid: {built}"
    assert game.state["planets"]["Humbarine"]["partial"] is None, "nothing was put into Humbarine"
    assert any(e["kind"] == "refused" and "Humbarine" in e["text"] for e in events), "cy is told Humbarine's build failed"
    assert prod(game, "Rodia") == 15, f"the improvement was paid first: Rodia {prod(game, 'Rodia')}"


def test_RAW_GAP_09_after_a_withdrawn_loan_only_new_spending_is_refused(game):
    """RAW-GAP-09: cy spent al's expected 50; al withdraws the loan. cy may still give orders that cost
    nothing (a stance), but new spending is refused until cy withdraws some orders."""
    game.order("al", "lend cy 50")
    game.order("cy", "improve Rodia 190")
    game.session.withdraw("al", "al", 0)
    game.order("cy", "stance hold")
    refused(game, "cy", "build Kuat ywing", r"your orders this turn already need 190 credits and you have 145")
    game.session.withdraw("cy", "cy", 0)
    game.order("cy", "build Kuat ywing")
    assert left(game, "cy") == 145 - 14, f"with the improvement withdrawn the Y-wing fits: {left(game, 'cy')} left"


# -- RAW-GAP-46 ---------------------------------------------------------------------------------
def test_RAW_GAP_46_construct_sub_steps_alliance_improve_build_vessel_repair(game):
    """RAW-GAP-46: whatever the listed order, the Construct phase pays loans, then alliance rolls, then
    improvements, then builds, then Repair-vessel repairs. With the loan withdrawn, cy's 145 go:
    Mandalore roll 5, improvement 100, ConS 30, and only the last 10 to the listed-first vessel repair."""
    game.unit("cy", "PelM", "deep:Kuat:B2")
    vc1 = game.unit("cy", "Vc1", "deep:Kuat:B2", scarred=True)
    game.order("al", "lend cy 100")
    game.order("cy", f"repair {vc1} vessel")
    game.order("cy", "build Coruscant ConS")
    game.order("cy", "improve Rodia 100")
    game.order("cy", "ally Mandalore")
    game.session.withdraw("al", "al", 0)
    events = game.resolve()
    assert game.rolls(events, "alliance of Mandalore"), "the alliance roll (5) was paid and made"
    assert prod(game, "Rodia") == 20, f"the improvement (100) was paid: Rodia {prod(game, 'Rodia')}"
    assert any(u["type"] == "ConS" and u["owner"] == "cy" for u in game.state["units"].values()), "the ConS (30) was built"
    assert game.state["units"][vc1]["repair_paid"] == 10 and game.state["units"][vc1]["scarred"], \
        f"the vessel repair came last and got the remaining 10: {game.state['units'][vc1]}"


# -- RAW-TURN-03..06, RAW-GAP-43 ----------------------------------------------------------------
def test_RAW_TURN_03_RAW_GAP_43_no_orders_no_actions(game):
    """RAW-TURN-03, RAW-GAP-43: cy gives no orders on turn 2: nothing is built, improved, lent or moved,
    the partial waits, cy's standing hold-fire order persists, and cy's ship under forced retreat is
    not moved for it: it is lost."""
    game.order("cy", "stance hold")
    game.order("cy", "build Kuat Vc1")
    game.resolve()
    runner = game.unit("cy", "ConS", "Humbarine", retreat=True)
    stay = game.unit("cy", "ConS", "Coruscant")
    before = {n: (p["production"], p["gf"], p["partial"]) for n, p in game.state["planets"].items() if p["owner"] == "cy"}
    events = game.resolve()
    after = {n: (p["production"], p["gf"], p["partial"]) for n, p in game.state["planets"].items() if p["owner"] == "cy"}
    assert after == before, f"cy's planets must be untouched: {before} -> {after}"
    assert not [e for e in events if e["kind"] in ("build", "loan", "improve", "jump") and "cy" in str(e)], "cy took no action"
    assert runner not in game.state["units"], "a retreat nobody ordered is not made: the ship is lost (RAW-RETREAT-03)"
    assert game.state["units"][stay]["at"] == "Coruscant", "cy's other ship stays"
    assert game.state["seats"]["cy"]["stance"]["default"] == "hold", "standing fire orders persist"


def test_RAW_TURN_04_construct_then_jump_then_combat(game):
    """RAW-TURN-04: a Consular Scout built at Kuat this turn jumps to Cato Neimoidia and fights there,
    all in one turn: the build comes before the jump, the jump before the battle."""
    game.unit("bo", "McE", "Cato Neimoidia")
    game.order("cy", "build Kuat ConS")
    scout = game.state["sheets"]["cy"][-1]["args"]["ids"][0]
    game.order("cy", f"jump {scout} Cato Neimoidia")
    events = game.resolve()
    order = [e["kind"] for e in events if e["kind"] in ("build", "jump", "battle")]
    assert order[:3] == ["build", "jump", "battle"], f"the phases must run construct, jump, combat: {order}"
    battle = next(e for e in events if e["kind"] == "battle")
    assert battle["data"]["location"] == "Cato Neimoidia" and sorted(battle["data"]["points"]) == [30, 75], \
        f"the new scout (30) fights the Munificent (75): {battle['data']}"


def test_RAW_TURN_05_phases_are_simultaneous(game):
    """RAW-TURN-05: a GAR frigate leaving Kuat for Cato Neimoidia and a CIS frigate leaving Cato
    Neimoidia for Kuat move at once and never meet; the other team's orders stay hidden until then."""
    conl = game.unit("cy", "ConL", "Kuat")
    mce = game.unit("bo", "McE", "Cato Neimoidia")
    game.order("cy", f"jump {conl} Cato Neimoidia")
    game.order("bo", f"jump {mce} Kuat")
    assert "cy" not in game.session.view("bo")["facts"]["sheets"], "bo must not see cy's sheet"
    assert "bo" not in game.session.view("cy")["facts"]["sheets"], "cy must not see bo's sheet"
    events = game.resolve()
    assert game.state["units"][conl]["at"] == "Cato Neimoidia" and game.state["units"][mce]["at"] == "Kuat", "both jumps happen"
    assert not [e for e in events if e["kind"] == "battle"], "ships that swap places at once never fight"


def test_RAW_TURN_06_standing_fire_orders_persist(game):
    """RAW-TURN-06 (RAW-GAP-18): defaults are free-fire at enemies and hold-fire at neutrals; al's
    'stance hold bo' and 'stance free neutral' stand in later turns without being restated, and with
    bo holding fire too their fleets share a deep-space point without a battle."""
    assert game.state["seats"]["al"]["stance"] == {"default": "free", "neutral": "hold", "per": {}}, "default stance"
    game.order("al", "stance hold bo")
    game.order("al", "stance free neutral")
    game.order("bo", "stance hold")
    refused(game, "al", "stance hold cy", r"'cy' is not one of the targets you can use here")
    game.resolve()
    game.unit("al", "Vc1", "deep:Kuat:E5")
    game.unit("bo", "PrD", "deep:Kuat:E5")
    for _ in range(2):
        events = game.resolve()
        stance = game.state["seats"]["al"]["stance"]
        assert stance["per"] == {"bo": "hold"} and stance["neutral"] == "free", f"al's orders stand: {stance}"
        assert not [e for e in events if e["kind"] == "battle"], "both holding fire, no battle"


# -- RAW-GAP-49 ---------------------------------------------------------------------------------
def test_RAW_GAP_49_a_player_without_planets_plays_on(game):
    """RAW-GAP-49: cy, stripped of every planet, is still awaited; with no credits cy cannot fuel a jump,
    with al's loan of 5 cy can."""
    for planet in ("Coruscant", "Geonosis", "Humbarine", "Kuat", "Rodia"):
        game.give(planet, "al")
    scout = game.unit("cy", "ConS", "Kuat")
    assert "cy" in game.session.awaiting() and left(game, "cy") == 0, "cy is still in the game, with 0 credits"
    with pytest.raises(OrderError, match=r"these jumps need 1 credits of fuel .* and 0 are left"):
        game.order("cy", f"jump {scout} Humbarine")
    game.order("al", "lend cy 5")
    game.order("cy", f"jump {scout} Humbarine")
    game.resolve()
    assert game.state["units"][scout]["at"] == "Humbarine", "cy's scout jumped on borrowed fuel"
    assert "cy" in game.session.awaiting() and game.session.outcome() is None, "cy is never eliminated"
