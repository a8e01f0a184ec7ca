"""The Resource Phase: control, cards, income, catch-up, reinforcements, the base, the Death Star, victory."""
from __future__ import annotations

import pytest

from core.errors import OrderError
from core.rulesets.gcw import model, resources
from core.rulesets.gcw.data import rules
from gcw_helpers import R, add_fleet, bombing_run, do, moving, resource_phase, started, texts


def finish_buying(state):
    events = []
    if state["step"] and state["step"]["kind"] == "buy":
        events += do(state, "ann", "done")
        events += do(state, "bob", "done")
    return events


def test_res_income_and_persistence():
    """GCW-RES-01 GCW-RES-02 GCW-RES-03 GCW-RES-04 GCW-GAP-26: RP = 10 x turn + own card values, kept from turn to turn."""
    state = started(rebel_at="Yavin IV")
    state["sides"]["Empire"]["rp"] = 7
    resource_phase(state, turn=4)
    # Empire: 40 + Coruscant 30 + Kuat 25 + Eriadu 20 = 115; value 175 < 220 -> +45 catch-up
    assert state["sides"]["Empire"]["rp"] == 7 + 115 + 45
    # Rebel claims Yavin IV (20): 40 + 20 = 60, value 172 < 220 -> +48
    assert state["sides"]["Rebel"]["rp"] == 60 + 48
    assert state["step"]["kind"] == "buy"


def test_res_last_turn_no_rp():
    """GCW-RES-05 GCW-RES-06 GCW-WIN-03 GCW-GAP-38: no RP on the last turn; final VP decide, the Rebel adds half his fleet points (rounded up)."""
    state = started(turns=12)
    state["sides"]["Empire"]["vp"] = 100
    state["sides"]["Rebel"]["vp"] = 10
    events = resource_phase(state, turn=12)
    assert state["sides"]["Empire"]["rp"] == 0 and "no RP" in texts(events)
    finish_buying(state)
    assert resources.final_scores(state) == {"Empire": 100, "Rebel": 10 + 86}
    assert R.outcome(state).winners == ("Empire",)


def test_cards_claim_and_flip():
    """GCW-CARD-01 GCW-CARD-02 GCW-CARD-03 GCW-GAP-10: each system has two cards; claiming turns yours up and the other's down."""
    assert all(set(c) == {"Empire", "Rebel"} for c in rules().cards.values())
    state = started(rebel_at="Yavin IV")
    resource_phase(state, turn=1)
    assert state["systems"]["Yavin IV"]["owner"] == "Rebel" and state["systems"]["Yavin IV"]["cards"]["Rebel"] == "up"
    finish_buying(state)
    state["fleets"][model.fleets_of(state, "Rebel")[0]]["system"] = "Kuat"
    state["fleets"][model.fleets_of(state, "Empire")[0]]["system"] = "Carida"
    resource_phase(state, turn=2)
    assert state["systems"]["Kuat"]["owner"] == "Rebel"
    assert state["systems"]["Kuat"]["cards"] == {"Empire": "down", "Rebel": "up"}
    assert state["systems"]["Yavin IV"]["owner"] == "Rebel", "control lasts until the other side claims"


def test_cards_durations():
    """GCW-CARD-04: benefits while controlled by default; a 'faceup' card keeps giving; a 'once' card pays and is discarded."""
    state = started(rebel_at="Kessel")
    events = resource_phase(state, turn=1)
    assert state["systems"]["Kessel"]["cards"]["Rebel"] == "discarded"
    assert "25 RP once" in texts(events)
    state["systems"]["Bothawui"].update({"owner": "Empire", "cards": {"Empire": "up", "Rebel": "up"}})
    assert model.effect_total(state, "Rebel", "command") == 1, "Bothan Spynet stays faceup and keeps its +1 CP"
    state["systems"]["Alderaan"].update({"owner": "Empire", "cards": {"Empire": "up", "Rebel": "up"}})
    assert model.effect_total(state, "Rebel", "command") == 1, "a while-controlled card gives nothing once lost"


def test_reinforcements_cost_and_pool():
    """GCW-REINF-01 GCW-REINF-02 GCW-REINF-03 GCW-REINF-04 GCW-GAP-27: RP = fleet value; ships/squadrons go to the pool; no disbanding."""
    state = started()
    resource_phase(state, turn=1)
    state["sides"]["Empire"]["rp"] = 200
    do(state, "ann", "buy victory-2")
    assert state["sides"]["Empire"]["rp"] == 115
    assert [u["code"] for u in model.pool_units(state, "Empire")] == ["victory-2"]
    with pytest.raises(OrderError):
        do(state, "ann", "buy cr90-a")
    with pytest.raises(OrderError, match="costs 120 RP"):
        do(state, "ann", "buy isd-2")
    verbs = set(R.order_book().specs)
    assert not verbs & {"disband", "sell", "refit", "convert"}, "no order disbands a unit or changes its type"


def test_reinforcement_upgrade_replace_example():
    """GCW-REINF-05 GCW-REINF-06 [EXAMPLE]: pay 5 for Sensor Team on a GSD-II carrying Ordnance Experts: it is discarded."""
    state = started()
    ship = model.new_unit(state, "Empire", "gladiator-2", ["ordnance-experts"])
    resource_phase(state, turn=1)
    state["sides"]["Empire"]["rp"] = 50
    do(state, "ann", f"buy sensor-team for {ship}")
    assert state["sides"]["Empire"]["rp"] == 45
    assert state["units"][ship]["upgrades"] == ["sensor-team"]
    assert "ordnance-experts" not in str(model.pool_units(state, "Empire"))
    titled = model.new_unit(state, "Empire", "gladiator-1", ["salvation"])  # any title: it cannot be replaced
    with pytest.raises(OrderError, match="cannot be replaced"):
        do(state, "ann", f"buy demolisher for {titled}")


def test_catchup():
    """GCW-CATCHUP-01 GCW-CATCHUP-02 [EXAMPLE] GCW-GAP-24: top up to 180 + 10 x turn; last fleet gone in turn 7: 180+70 = 250."""
    assert resources.catch_up(7, 0) == 250
    assert resources.catch_up(3, 150) == 60
    assert resources.catch_up(5, 300) == 0


def test_gap23_rebel_survives_option():
    """GCW-GAP-23: by default tabling the last Rebel fleet is Total Imperial victory; the GM option lets the Rebel go on."""
    assert R.options()["rebel_survives"] is False
    state = started(rebel_survives=True)
    state["fleets"] = {k: v for k, v in state["fleets"].items() if v["side"] == "Empire"}
    from core.rulesets.gcw import battles
    state["battle"] = {"queue": [], "current": {"id": "B1", "system": "Kuat"}, "chosen": None, "bombed": []}
    battles.close_battle(state, state["battle"]["current"])
    assert R.outcome(state) is None


def test_base_search_from_turn_6():
    """GCW-BASE-01 GCW-BASE-02 GCW-BASE-03 GCW-BASE-04 GCW-GAP-29 GCW-GAP-52: from turn 6 one blue die per Imperial ship, in
    the open; any ACC, wherever rolled, reveals the base; without one nothing is learned."""
    state = started(base="Dantooine")
    events = resource_phase(state, turn=5)
    assert not any(e["kind"] == "search" or "base search" in e["text"] for e in events), "no search before turn 6"
    acc_faces = {i + 1 for i, f in enumerate(rules().faces["blue"]) if f == "accuracy"}
    outcomes = set()
    for seed in range(40):
        trial = started(seed=f"s{seed}", base="Dantooine")
        events = resource_phase(trial, turn=6)
        rolls = [e for e in events if e["kind"] == "roll" and "base search at Coruscant" in e["text"]]
        assert rolls and rolls[0]["data"]["count"] == 2 and rolls[0]["to"] == ["all"], "2 ships, 2 blue dice, in the open"
        acc = any(v in acc_faces for v in rolls[0]["data"]["values"])
        assert trial["base"]["found"] == acc, f"seed {seed}: an ACC at Coruscant {'must' if acc else 'must not'} reveal the base"
        found_text = "the Rebel base is found at Dantooine" in texts(events)
        assert found_text == acc and any(e["kind"] == "revealed" for e in events) == acc
        assert trial["base"]["destroyed"] == 0, "found is not destroyed: no Imperial fleet is at the base"
        outcomes.add(acc)
        if outcomes == {True, False}:
            break
    assert outcomes == {True, False}, "40 seeded searches never gave both an ACC and none"


def test_search_odds():
    """GCW-GAP-04: P(found) with n blue dice is 1 - (3/4)^n; a bomber hits 3/4, Luke 15/16."""
    from fractions import Fraction
    state = started(base="Dantooine")
    odds = R.odds(state, "ann", "search Coruscant")
    assert odds.rows[0][1] == 1 - Fraction(3, 4) ** 2 and odds.total() == 1


def _found_base(system="Dantooine"):
    """A game whose base the engine's own search found in turn 6 (a seed with an ACC), before turn 7."""
    for seed in range(40):
        state = started(seed=f"found-{seed}", base=system)
        resource_phase(state, turn=6)
        if state["base"]["found"]:
            finish_buying(state)
            return state
    pytest.fail("no ACC in 40 seeded searches")


def test_base_found_bonus():
    """GCW-BASE-05 GCW-GAP-31: on each later Resource Phase the Empire takes 50 VP or 50 RP; not in the phase it is found."""
    for seed in range(40):
        state = started(seed=f"bonus-{seed}", base="Dantooine")
        events = resource_phase(state, turn=6)
        if state["base"]["found"]:
            break
    else:
        pytest.fail("no ACC in 40 seeded searches")
    assert state["step"]["kind"] == "buy", "no bonus in the phase the base is found"
    finish_buying(state)
    resource_phase(state, turn=7)
    assert state["step"]["kind"] == "take" and state["step"]["amount"] == 50
    do(state, "ann", "take VP")
    assert state["sides"]["Empire"]["vp"] == 50
    finish_buying(state)
    resource_phase(state, turn=8)
    assert state["step"]["kind"] == "take" and state["step"]["amount"] == 50, "every later Resource Phase"
    do(state, "ann", "take RP")


def test_base_destroyed_and_rebuilt():
    """GCW-BASE-06 GCW-BASE-07 GCW-BASE-09 GCW-BASE-10 GCW-BASE-11 GCW-BASE-12 GCW-BASE-13 GCW-GAP-30 GCW-GAP-32: an Imperial fleet alone at a found base destroys it: +200; the Rebel rebuilds in secret, operational next turn; the +50 stops."""
    state = _found_base()
    state["fleets"][model.fleets_of(state, "Empire")[0]]["system"] = "Dantooine"
    events = resource_phase(state, turn=7)
    assert "destroyed" in texts(events) and state["step"]["kind"] == "take" and state["step"]["amount"] == 200
    do(state, "ann", "take RP")
    assert state["step"]["kind"] == "rebuild"
    with pytest.raises(OrderError, match="new base may be at"):
        do(state, "bob", "base Dantooine")
    do(state, "bob", "base Hoth")
    assert state["step"]["kind"] == "buy", f"no +50 in the phase the base is destroyed (GCW-BASE-06); step {state['step']}"
    assert state["base"]["system"] == "Hoth" and state["base"]["operational_from"] == 8
    assert R.view(state, "ann")["facts"]["base"]["system"] is None
    assert state["base"]["destroyed"] == 1
    assert state["sides"]["Empire"]["rp"] >= 200
    finish_buying(state)
    state["fleets"][model.fleets_of(state, "Empire")[0]]["system"] = "Coruscant"
    resource_phase(state, turn=8)
    assert state["step"]["kind"] == "buy", "the +50 of the found base stops once it is destroyed (GCW-BASE-06)"


def test_base_not_destroyed_when_rebels_present():
    """GCW-BASE-07: a Rebel fleet at the base protects it."""
    state = _found_base()
    state["fleets"][model.fleets_of(state, "Empire")[0]]["system"] = "Dantooine"
    state["fleets"][model.fleets_of(state, "Rebel")[0]]["system"] = "Dantooine"
    resource_phase(state, turn=7)
    assert state["base"]["system"] == "Dantooine"


def test_weapon_arrives_turn_10():
    """GCW-WEAPON-01 GCW-WEAPON-02 GCW-WEAPON-03 GCW-GAP-33: turn 10, at an Imperial system within one jump of Coruscant; mandatory."""
    state = started()
    assert resources.arrival_options(state) == ["Coruscant", "Kuat"]
    resource_phase(state, turn=10)
    assert state["step"]["kind"] == "deathstar" and state["step"]["options"] == ["Coruscant", "Kuat"]
    assert "pass" not in R.order_book().verbs(R.context(state, "ann"))
    do(state, "ann", "deathstar Kuat")
    assert state["deathstar"]["system"] == "Kuat"


def test_weapon_fires():
    """GCW-WEAPON-07 GCW-WEAPON-08 GCW-BASE-08 GCW-GAP-34 GCW-GAP-35: once per turn it destroys its own system: cards discarded, Empire scores the Rebel card's value; the base there dies."""
    state = started(base="Dantooine")
    state["deathstar"] = {"system": "Dantooine", "fired": 0}
    state["deathstar_arrived"] = True
    resource_phase(state, turn=11)
    assert state["step"]["kind"] == "fire"
    with pytest.raises(OrderError, match="only at the system it is in"):
        do(state, "ann", "fire Hoth")
    events = do(state, "ann", "fire Dantooine")
    info = state["systems"]["Dantooine"]
    assert info["destroyed"] and info["cards"] == {"Empire": "discarded", "Rebel": "discarded"}
    assert state["sides"]["Empire"]["vp"] == 15
    assert state["step"]["kind"] == "take" and state["step"]["amount"] == 200, "the base was blown away with the system"
    assert any(e["kind"] == "revealed" for e in events)


def test_weapon_bombing_runs():
    """GCW-WEAPON-09 GCW-WEAPON-10 GCW-WEAPON-11 GCW-WEAPON-12 GCW-WEAPON-13 GCW-GAP-36: undefended, Rebel bombers roll a black die each; Luke rerolls; a hit is +500 VP."""
    from fractions import Fraction
    for seed in range(30):
        state, luke = bombing_run(f"b{seed}")
        fid = model.fleets_of(state, "Rebel")[0]
        assert state["step"]["kind"] == "bomb"
        assert R.odds(state, "bob", f"bomb {luke}").rows[0][1] == Fraction(15, 16)
        bombers = state["step"]
        squad = [u for u in state["fleets"][fid]["units"] if state["units"][u]["code"] == "y-wing"][0]
        assert R.odds(state, "bob", f"bomb {squad}").rows[0][1] == Fraction(3, 4)
        events = do(state, "bob", f"bomb {squad}")
        if state["deathstar"] is None:
            assert state["sides"]["Rebel"]["vp"] == 500
            return
        assert state["step"]["kind"] == "bomb", "another bomber may try while no defender is present"
    pytest.fail("no bomber ever hit")


def test_weapon_defended_no_bombing():
    """GCW-WEAPON-09: with an Imperial fleet in its system no bombing run is possible."""
    state = moving()
    state["deathstar"] = {"system": "Coruscant", "fired": 0}
    from core.rulesets.gcw import battles
    state["battle"] = {"queue": [], "current": None, "chosen": None, "bombed": []}
    add_fleet(state, "Rebel", "Coruscant", ["cr90-a", "y-wing"])
    assert battles.bombers_ready(state) == []


def test_total_rebel_victory():
    """GCW-WIN-02 GCW-GAP-39: the Rebel controlling Coruscant, Eriadu and Kuat in a Resource Phase wins at once."""
    state = started()
    for s in ("Coruscant", "Eriadu", "Kuat"):
        state["systems"][s]["owner"] = "Rebel"
    state["fleets"][model.fleets_of(state, "Empire")[0]]["system"] = "Hoth"
    resource_phase(state, turn=3)
    assert R.outcome(state).winners == ("Rebel",)
    assert state["sealed"][next(r for r, v in state["sealed"].items() if v["kind"] == "base")]["revealed"], "the base is revealed at the end"


def test_gap37_deathstar_no_fleet_points():
    """GCW-GAP-37: the Death Star has no fleet points, claims nothing and causes no battle."""
    state = started()
    state["deathstar"] = {"system": "Hoth", "fired": 0}
    assert model.map_points(state, "Empire") == 175
    resource_phase(state, turn=2)
    assert state["systems"]["Hoth"]["owner"] is None


def test_gap50_resource_order():
    """GCW-GAP-50: claims, Death Star, search, destruction, bonus, victory check, income, purchases, final, in that order."""
    assert resources.STAGES == ["claims", "arrival", "fire", "search", "destroy", "bonus", "rebel_victory", "income", "buy", "final"]
