"""Republic at War scarring and repair: RAW-REPAIR-01..09 (the CR90B example as ConL 40 -> 10), the
Repair keyword RAW-KEYWORD-11, and the gaps RAW-GAP-34 (repair details) and RAW-GAP-52 (repairing a
retreating fleet). Seats: al, cy, ed GAR; bo, di, fa CIS. cy holds Coruscant (30), Kuat (50), Rodia (10).
"""
from __future__ import annotations

import copy
from typing import Any

import pytest

from core.dice import Dice
from core.errors import OrderError
from core.rulesets.raw import budget
from core.rulesets.raw.combat import casualties
from core.rulesets.raw.data import repair_cost, unit_types
from core.rulesets.raw.model import combat_value

DEEP = "deep:Kuat:C4"


def refused(game: Any, seat: str, text: str, match: str) -> None:
    """The order is refused with a message matching ``match``, and nothing changes."""
    before = copy.deepcopy(game.state)
    with pytest.raises(OrderError, match=match):
        game.order(seat, text)
    assert game.state == before, f"the refused order {text!r} changed the state"


def ship(game: Any, uid: str) -> dict[str, Any]:
    return game.state["units"][uid]


def partial(game: Any, planet: str) -> dict[str, Any] | None:
    p = game.state["planets"][planet]["partial"]
    return None if p is None else {k: p[k] for k in ("unit", "paid", "cost")}


def left(game: Any, seat: str) -> int:
    return budget.check(game.state, seat)


# -- RAW-REPAIR-01, -02 -------------------------------------------------------------------------
def test_RAW_REPAIR_01_scarred_when_damage_exceeds_half_the_hull(game):
    """RAW-REPAIR-01 (RAW-GAP-22: hull = cost): a lone Venator I (100) taking 50 points is not scarred
    (not more than half); taking 51 it is."""
    vc1 = game.unit("cy", "Vc1", DEEP)
    dice = Dice.from_state(game.state["dice"], turn=1)
    casualties(game.state, dice, [vc1], 50, None, ["gm"])
    assert vc1 in game.state["units"] and not ship(game, vc1)["scarred"], "50 points is exactly half: no scar"
    events = casualties(game.state, dice, [vc1], 51, None, ["gm"])
    assert ship(game, vc1)["scarred"], "51 points is more than half of 100: the Venator should be scarred"
    assert any(e["kind"] == "scarred" and e["data"]["unit"] == vc1 for e in events), "the scarring should be reported"


def test_RAW_REPAIR_02_scarred_ship_fights_at_half_until_repaired(game):
    """RAW-REPAIR-02: a scarred Venator I counts 50 in battle; once repaired it counts 100 again."""
    game.unit("cy", "Vc1", DEEP, scarred=True)
    game.unit("bo", "McE", DEEP)
    events = game.resolve()
    battles = [e for e in events if e["kind"] == "battle"]
    assert battles and sorted(battles[0]["data"]["points"]) == [50, 75], f"the battle should weigh 50 vs 75: {[b['data'] for b in battles]}"
    fresh = game.unit("cy", "Vc1", "Kuat", scarred=True)
    assert combat_value(ship(game, fresh)) == 50, "scarred: floor(100/2)"
    game.order("cy", f"repair {fresh}")
    game.resolve()
    assert not ship(game, fresh)["scarred"] and combat_value(ship(game, fresh)) == 100, f"repaired, it counts 100: {ship(game, fresh)}"


# -- RAW-REPAIR-03 ------------------------------------------------------------------------------
def test_RAW_REPAIR_03_only_at_a_planet_or_beside_a_repair_vessel(game):
    """RAW-REPAIR-03, RAW-GAP-34: in deep space without a Repair vessel, at an enemy planet, or at a
    teammate's planet no planet repair is possible; at the owner's own planet it is."""
    deep = game.unit("cy", "ConL", DEEP, scarred=True)
    raxus = game.unit("cy", "ConL", "Raxus", scarred=True)
    mate = game.unit("cy", "ConL", "Kamino", scarred=True)
    home = game.unit("cy", "ConL", "Kuat", scarred=True)
    refused(game, "cy", f"repair {deep}", r"is not in orbit of a planet you control")
    refused(game, "cy", f"repair {deep} vessel", r"no Repair vessel shares")
    refused(game, "cy", f"repair {raxus}", r"is not in orbit of a planet you control")
    refused(game, "cy", f"repair {mate}", r"is not in orbit of a planet you control")
    game.order("cy", f"repair {home}")
    game.resolve()
    assert not ship(game, home)["scarred"], "the ConL at cy's own Kuat should be repaired"
    assert all(ship(game, u)["scarred"] for u in (deep, raxus, mate)), "the others stay scarred"


# -- RAW-REPAIR-04 .. -06 -----------------------------------------------------------------------
REPAIR = {"Vc1": 25, "Vc2": 32, "Ac1": 18, "Ac2": 22, "AqL": 14, "AqC": 15, "PelC": 15, "PelM": 16, "ConS": 8, "ConL": 10,
          "CRL": 5, "CRE": 7, "DHO": 18, "Luc": 53, "PrD": 30, "PrC": 29, "RcD": 23, "RcB": 28, "McE": 19, "McS": 20,
          "C9S": 12, "C9L": 13, "GZC": 6, "GZA": 7}


def test_RAW_REPAIR_04_repair_costs_a_quarter_rounded_up(game):
    """RAW-REPAIR-04: a Venator II (125) costs ceil(125/4) = 32 to repair: Rothana (35) repairs it and
    has 3 left, so a V-wing is only 3/7; every ship matches the catalog's vectors."""
    vc2 = game.unit("al", "Vc2", "Rothana", scarred=True)
    game.order("al", f"repair {vc2}")
    game.order("al", "build Rothana vwing")
    assert left(game, "al") == 140 - 35, f"32 + 3 should be spent, {140 - left(game, 'al')} were"
    game.resolve()
    assert not ship(game, vc2)["scarred"], "the Venator II should be repaired in one turn"
    assert partial(game, "Rothana") == {"unit": "vwing", "paid": 3, "cost": 7}, f"Rothana keeps 3 for a V-wing 3/7: {partial(game, 'Rothana')}"
    got = {code: repair_cost(code) for code in REPAIR}
    assert got == REPAIR, f"repair costs differ from ceil(cost/4): {got}"
    assert all(unit_types()[c].kind == "ship" for c in REPAIR) and len(REPAIR) == 24, "all 24 ships are covered"


def test_RAW_REPAIR_05_planet_or_repair_vessel_not_both(game):
    """RAW-REPAIR-05: a ship repaired by its planet this turn cannot also take Repair-vessel credits, nor the other way round."""
    vc1 = game.unit("cy", "Vc1", "Kuat", scarred=True)
    game.unit("cy", "PelM", "Kuat")
    game.order("cy", f"repair {vc1}")
    refused(game, "cy", f"repair {vc1} vessel", r"already has a repair order; a ship is repaired by a planet or by Repair vessels, not both")
    game.session.withdraw("cy", "cy", 0)
    game.order("cy", f"repair {vc1} vessel")
    refused(game, "cy", f"repair {vc1}", r"already has a repair order")


def test_RAW_REPAIR_06_consular_light_frigate_costs_ten(game):
    """RAW-REPAIR-06 [EXAMPLE]: the CR90B's 10 credits, as a Consular Light Frigate (40 -> 10): Coruscant
    (30) repairs it for 10 and has 20 left: one Z-95 (11) and 9/11 of another."""
    conl = game.unit("cy", "ConL", "Coruscant", scarred=True)
    assert repair_cost("ConL") == 10, f"ConL repair should cost 10, costs {repair_cost('ConL')}"
    game.order("cy", f"repair {conl}")
    assert left(game, "cy") == 145 - 10, f"the repair should cost 10, cost {145 - left(game, 'cy')}"
    game.order("cy", "build Coruscant z95 2")
    game.resolve()
    assert not ship(game, conl)["scarred"] and ship(game, conl)["repair_paid"] == 0, f"the ConL should be whole: {ship(game, conl)}"
    z95 = [u for u, x in game.state["units"].items() if x["type"] == "z95"]
    assert len(z95) == 1 and partial(game, "Coruscant") == {"unit": "z95", "paid": 9, "cost": 11}, \
        f"20 credits left: 1 Z-95 and 9/11; got {len(z95)} and {partial(game, 'Coruscant')}"


# -- RAW-REPAIR-07, -08 -------------------------------------------------------------------------
def test_RAW_REPAIR_07_small_planet_repairs_over_several_turns(game):
    """RAW-REPAIR-07: Rodia (10) repairs a Venator I (25) in 3 turns: 10, 20, 25 paid; the repair uses
    Rodia's production, so nothing else can be built there meanwhile."""
    vc1 = game.unit("cy", "Vc1", "Rodia", scarred=True)
    game.order("cy", f"repair {vc1}")
    with pytest.raises(OrderError, match=r"Rodia can put 10 credits into units this turn and 10 are already ordered"):
        game.order("cy", "build Rodia vwing")
    game.resolve()
    assert ship(game, vc1)["scarred"] and ship(game, vc1)["repair_paid"] == 10, f"turn 1: 10/25 paid: {ship(game, vc1)}"
    game.order("cy", f"repair {vc1}")
    game.resolve()
    assert ship(game, vc1)["scarred"] and ship(game, vc1)["repair_paid"] == 20, f"turn 2: 20/25 paid: {ship(game, vc1)}"
    game.order("cy", f"repair {vc1}")
    assert left(game, "cy") == 145 - 5, f"turn 3 needs only the last 5, charged {145 - left(game, 'cy')}"
    game.resolve()
    assert not ship(game, vc1)["scarred"] and ship(game, vc1)["repair_paid"] == 0, f"turn 3: repaired: {ship(game, vc1)}"


def test_RAW_REPAIR_08_partial_blocks_repair_until_finished(game):
    """RAW-REPAIR-08: Coruscant part-way through a ConL (30/40) cannot repair; finishing the ConL first
    (10) in the same turn lets it repair (10) the scarred ship."""
    game.order("cy", "build Coruscant ConL")
    game.resolve()
    conl = game.unit("cy", "ConL", "Coruscant", scarred=True)
    refused(game, "cy", f"repair {conl}", r"Coruscant is part-way through a ConL \(30/40\).*RAW-REPAIR-08")
    game.order("cy", "build Coruscant ConL")
    game.order("cy", f"repair {conl}")
    game.resolve()
    assert not ship(game, conl)["scarred"], "after the partial is finished, the repair goes ahead"
    assert partial(game, "Coruscant") is None, f"the partial was completed: {partial(game, 'Coruscant')}"


def test_RAW_REPAIR_08_abandoning_the_partial_allows_the_repair(game):
    """RAW-REPAIR-08: starting another unit (a V-wing) abandons ConL 30/40 (credits lost); then the repair is allowed."""
    game.order("cy", "build Coruscant ConL")
    game.resolve()
    conl = game.unit("cy", "ConL", "Coruscant", scarred=True)
    game.order("cy", "build Coruscant vwing")
    game.order("cy", f"repair {conl}")
    events = game.resolve()
    assert any(e["kind"] == "partial-lost" for e in events), "the ConL partial is abandoned"
    assert not ship(game, conl)["scarred"], "the repair goes ahead once the partial is gone"


# -- RAW-REPAIR-09 ------------------------------------------------------------------------------
def test_RAW_REPAIR_09_scar_marked_on_the_owners_roster_only(game):
    """RAW-REPAIR-09 (RAW-GAP-42): the owner's team roster marks the ship SCARRED; the enemy, though in
    the same orbit, sees fleet points only, never the scar."""
    vc1 = game.unit("cy", "Vc1", "Kuat", scarred=True)
    own_rows = [r for g in game.session.view("cy")["rosters"] for r in g["rows"] if r.startswith(vc1)]
    mate_rows = [r for g in game.session.view("al")["rosters"] for r in g["rows"] if r.startswith(vc1)]
    assert own_rows and "SCARRED" in own_rows[0], f"cy's roster should mark {vc1} SCARRED: {own_rows}"
    assert mate_rows and "SCARRED" in mate_rows[0], f"a teammate's roster should mark it too: {mate_rows}"
    game.unit("bo", "McE", "Kuat")
    enemy = game.session.view("bo")
    assert vc1 not in enemy["facts"]["units"], "the enemy must not see cy's units one by one"
    assert "SCARRED" not in str(enemy["rosters"]), "the enemy roster must never show cy's scar"


# -- RAW-KEYWORD-11 -----------------------------------------------------------------------------
def test_RAW_KEYWORD_11_repair_vessel_spends_up_to_fifteen(game):
    """RAW-KEYWORD-11: one Pelta Medical Frigate in deep space puts 15 into a Venator I (25): 15/25, then done next turn."""
    game.unit("cy", "PelM", DEEP)
    vc1 = game.unit("cy", "Vc1", DEEP, scarred=True)
    game.order("cy", f"repair {vc1} vessel")
    assert left(game, "cy") == 145 - 15, f"a Repair vessel spends 15 a turn, charged {145 - left(game, 'cy')}"
    game.resolve()
    assert ship(game, vc1)["scarred"] and ship(game, vc1)["repair_paid"] == 15, f"turn 1: 15/25: {ship(game, vc1)}"
    game.order("cy", f"repair {vc1} vessel")
    game.resolve()
    assert not ship(game, vc1)["scarred"], "turn 2: the last 10 finish the repair"


def test_RAW_KEYWORD_11_two_repair_vessels_thirty(game):
    """RAW-KEYWORD-11: the limit is 15 per Repair vessel present: two Pelta Medical Frigates repair a Venator I (25) in one turn."""
    game.unit("cy", "PelM", DEEP)
    game.unit("cy", "PelM", DEEP)
    vc1 = game.unit("cy", "Vc1", DEEP, scarred=True)
    game.order("cy", f"repair {vc1} vessel")
    game.resolve()
    assert not ship(game, vc1)["scarred"], "30 credits of allowance cover the 25"


def test_RAW_KEYWORD_11_allowance_is_shared_by_the_ships_it_repairs(game):
    """RAW-KEYWORD-11: one Repair vessel's 15 credits are all there is at that place, whoever's ships
    they go to: cy's two scarred ships, or cy's and al's, get 15 between them."""
    game.unit("cy", "PelM", DEEP)
    a = game.unit("cy", "Vc1", DEEP, scarred=True)
    b = game.unit("cy", "ConL", DEEP, scarred=True)
    game.order("cy", f"repair {a} vessel")
    refused(game, "cy", f"repair {b} vessel", r"the Repair vessels there have no allowance left this turn")
    c = game.unit("al", "Vc1", DEEP, scarred=True)
    refused(game, "al", f"repair {c} vessel", r"no allowance left")
    game.state["sheets"]["al"].append({"verb": "repair", "args": {"ship": c, "source": "vessel", "cost": 25}, "text": f"repair {c} vessel",
                                       "by": None, "seq": 99})  # as if both were ordered at once
    game.resolve()
    paid = ship(game, a)["repair_paid"] + ship(game, c)["repair_paid"]
    assert paid == 15, f"one Repair vessel spends 15 in all, it spent {paid}"


def test_RAW_KEYWORD_11_repair_vessel_cannot_repair_a_repair_vessel_but_a_planet_can(game):
    """RAW-KEYWORD-11, RAW-GAP-34: a scarred Pelta Medical Frigate beside another is not repaired by it;
    Kuat repairs it (16)."""
    game.unit("cy", "PelM", "Kuat")
    hurt = game.unit("cy", "PelM", "Kuat", scarred=True)
    refused(game, "cy", f"repair {hurt} vessel", r"a Repair vessel cannot repair another Repair vessel")
    game.order("cy", f"repair {hurt}")
    assert left(game, "cy") == 145 - 16, f"a PelM repair costs 16, charged {145 - left(game, 'cy')}"
    game.resolve()
    assert not ship(game, hurt)["scarred"], "the planet repairs the Repair vessel"


# -- RAW-GAP-34, RAW-GAP-52 ---------------------------------------------------------------------
def test_RAW_GAP_34_blockaded_planet_does_not_repair(game):
    """RAW-GAP-34: a planet repair needs a planet that is not blockaded."""
    vc1 = game.unit("cy", "Vc1", "Kuat", scarred=True)
    game.unit("bo", "RcD", "Kuat")
    game.state["seats"]["bo"]["stance"]["default"] = "hold"
    game.state["seats"]["cy"]["stance"]["default"] = "hold"
    game.resolve()
    assert game.state["planets"]["Kuat"]["blockaded"], "Kuat should be blockaded on turn 2"
    refused(game, "cy", f"repair {vc1}", r"Kuat is blockaded and cannot repair ships")


def test_RAW_GAP_34_progress_carries_over_across_turns_and_sources(game):
    """RAW-GAP-34: Rodia pays 10 of a Venator I's 25 on turn 1; on turn 2 a Repair vessel pays the last 15."""
    vc1 = game.unit("cy", "Vc1", "Rodia", scarred=True)
    game.order("cy", f"repair {vc1}")
    game.resolve()
    assert ship(game, vc1)["repair_paid"] == 10, f"turn 1: 10 paid by Rodia: {ship(game, vc1)}"
    game.unit("cy", "PelM", "Rodia")
    game.order("cy", f"repair {vc1} vessel")
    assert left(game, "cy") == 145 - 15, f"the vessel should be charged the last 15, charged {145 - left(game, 'cy')}"
    game.resolve()
    assert not ship(game, vc1)["scarred"], "10 + 15 = 25: the repair is complete"


def test_RAW_GAP_34_unfinished_repair_does_not_block_building(game):
    """RAW-GAP-34: Rodia's repair of a Venator I at 10/25 does not stop it building next turn; the progress stays on the ship."""
    vc1 = game.unit("cy", "Vc1", "Rodia", scarred=True)
    game.order("cy", f"repair {vc1}")
    game.resolve()
    game.order("cy", "build Rodia v19")
    game.resolve()
    assert any(x["type"] == "v19" and x["at"] == "Rodia" for x in game.state["units"].values()), "Rodia builds its V-19"
    assert ship(game, vc1)["repair_paid"] == 10 and ship(game, vc1)["scarred"], f"the repair progress (10) is kept: {ship(game, vc1)}"


def test_RAW_GAP_52_retreating_ship_is_repaired_and_reinforced_before_it_jumps(game):
    """RAW-GAP-52: a scarred Acclamator I under forced retreat at Kuat is repaired (18), takes aboard a
    Y-wing built this turn, and makes its retreat jump with it."""
    ac1 = game.unit("cy", "Ac1", "Kuat", scarred=True, retreat=True)
    game.order("cy", f"repair {ac1}")
    game.order("cy", "build Kuat ywing")
    ywing = game.state["sheets"]["cy"][-1]["args"]["ids"][0]
    game.order("cy", f"load {ac1} {ywing}")
    game.order("cy", f"jump {ac1} Humbarine")
    game.resolve()
    assert ac1 in game.state["units"], "the retreating ship jumped and survives"
    assert ship(game, ac1)["at"] == "Humbarine" and not ship(game, ac1)["scarred"] and not ship(game, ac1)["retreat"], f"repaired and away: {ship(game, ac1)}"
    assert game.state["units"][ywing]["at"] == "Humbarine" and game.state["units"][ywing]["aboard"] == ac1, f"the new Y-wing went along: {game.state['units'][ywing]}"
