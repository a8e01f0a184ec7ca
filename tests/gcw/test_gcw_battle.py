"""The Tactical Battle Phase: set-up, objectives, concession, reports, withdrawal, scoring."""
from __future__ import annotations

import copy

import pytest

from core.errors import OrderError
from core.events import filter_events
from core.rulesets.gcw import battles, model
from core.rulesets.gcw.data import rules
from gcw_helpers import R, add_fleet, do, end_movement, moving, texts


def battle_at(system="Kuat", rebel=("cr90-a+dodonna", "cr90-b", "nebulon-support", "y-wing"), **options):
    """Empire fleet (175) and a Rebel fleet meet at ``system``; movement ends; the battle opens."""
    state = moving(**options)
    state["fleets"].clear()
    state["units"].clear()
    e = add_fleet(state, "Empire", system, ["victory-2+tarkin", "raider-1", "tie-fighter"])
    r = add_fleet(state, "Rebel", system, list(rebel))
    events = end_movement(state)
    return state, e, r, events


def open_both(state, e_obj="Most Wanted Fire Lanes Minefields", r_obj="Opening Salvo Contested Outpost Intel Sweep"):
    bid = state["battle"]["current"]["id"]
    do(state, "ann", f"objectives {bid} {e_obj}")
    do(state, "bob", f"objectives {bid} {r_obj}")
    return bid


def test_battle_when_fleets_meet():
    """GCW-BATTLE-01 GCW-BATTLE-02 GCW-GAP-03: fleets of both sides in one system fight; the engine sets it up and waits."""
    state, e, r, events = battle_at()
    battle = state["battle"]["current"]
    assert battle["system"] == "Kuat" and battle["points"] == {"Empire": 175, "Rebel": 164}
    assert state["step"]["kind"] == "open" and R.awaiting(state) == {"ann", "bob"}


def test_battle_objectives_sealed_per_battle():
    """GCW-BATTLE-03 GCW-BATTLE-04 GCW-GAP-16: each side seals 3 objectives (assault, defense, navigation) per battle."""
    state, *_ = battle_at()
    bid = state["battle"]["current"]["id"]
    with pytest.raises(OrderError):
        do(state, "ann", f"objectives {bid} Fire Lanes Most Wanted Minefields")
    events = do(state, "ann", f"objectives {bid} Most Wanted Fire Lanes Minefields")
    public = [e for e in events if e["to"] == ["all"]]
    assert public and "Most Wanted" not in texts(public)
    assert "Most Wanted" not in str(R.view(state, "bob")["facts"]["sealed"])
    assert R.view(state, "ann")["facts"]["battle"]["my_objectives"] == ["Most Wanted", "Fire Lanes", "Minefields"]


def test_battle_fewer_points_chooses_first():
    """GCW-BATTLE-05 GCW-GAP-17: the side with fewer points in the battle picks 1st or 2nd (tie: the Rebel)."""
    state, *_ = battle_at()
    open_both(state)
    assert state["step"]["kind"] == "first" and state["step"]["sides"] == ["Rebel"]
    assert battles.chooser_of({"points": {"Empire": 100, "Rebel": 100}}) == "Rebel"
    assert battles.chooser_of({"points": {"Empire": 90, "Rebel": 100}}) == "Empire"


def test_advantage_vectors():
    """GCW-ADV-01 GCW-ADV-02 GCW-GAP-18: major / overwhelming advantage by exact integer tests."""
    vectors = [(160, 120, "major"), (179, 120, "major"), (180, 120, "overwhelming"), (133, 100, "none"),
               (134, 100, "major"), (349, 300, "none"), (350, 300, "major"), (400, 300, "overwhelming")]
    for p1, p2, want in vectors:
        assert battles.advantage(p1, p2) == want, f"advantage({p1}, {p2}) should be {want}"
    assert battles.advantage(100, 150) == "none", "defined only when the 1st player has more"


def test_battle_reveal_count_by_advantage():
    """GCW-BATTLE-06: the 2nd player reveals 3, 2 or 1 objectives; the 1st player picks one."""
    assert [battles.revealed_count(x) for x in ("none", "major", "overwhelming")] == [3, 2, 1]
    state, *_ = battle_at(rebel=("cr90-b+dodonna", "gr75-medium", "gr75-medium", "y-wing"))  # 105 vs 175
    bid = open_both(state)
    do(state, "bob", f"play {bid} second")
    assert state["battle"]["current"]["advantage"] == "overwhelming" and state["step"]["count"] == 1
    with pytest.raises(OrderError, match="exactly 1"):
        do(state, "bob", f"reveal {bid} Opening Salvo Intel Sweep")
    do(state, "bob", f"reveal {bid} Intel Sweep")
    assert state["step"]["kind"] == "pick" and state["step"]["sides"] == ["Empire"]
    with pytest.raises(OrderError):
        do(state, "ann", f"choose {bid} Opening Salvo")
    do(state, "ann", f"choose {bid} Intel Sweep")
    assert state["step"]["kind"] == "report"
    assert "Opening Salvo" not in str(R.view(state, "ann")["facts"]), "unrevealed objectives stay sealed"


def _to_report(state):
    bid = open_both(state)
    do(state, "bob", f"play {bid} first")
    battle = state["battle"]["current"]
    if state["step"]["kind"] == "reveal":
        do(state, "ann", f"reveal {bid} {' '.join(R.view(state, 'ann')['facts']['battle']['my_objectives'][:state['step']['count']])}")
    do(state, "bob", f"choose {bid} {battle['revealed'][0]}")
    return bid


def test_report_scoring_withdrawal_and_destruction():
    """GCW-WITHDRAW-01 GCW-WITHDRAW-02 GCW-WITHDRAW-03 GCW-VP-01 GCW-GAP-20 GCW-GAP-47: destroyed and early withdrawals score full, late half rounded up."""
    assert battles.score_for("late", 55) == 28 and battles.score_for("early", 55) == 55
    assert battles.score_for("destroyed", 44) == 44 and battles.score_for("survived", 44) == 0
    state, e, r, _ = battle_at()
    bid = _to_report(state)
    eu, ru = state["fleets"][e]["units"], state["fleets"][r]["units"]
    report = f"{ru[1]}=destroyed {ru[3]}=early {eu[1]}=late:1 Empire=10 Rebel=5"
    events = do(state, "ann", f"report {bid} {report}")
    side_of = lambda seat: state["seats"][seat]["side"] if seat in state["seats"] else None
    assert "destroyed" in texts(filter_events(events, "ann", side_of)), "the Empire sees its own sealed report"
    seen = filter_events(events, "bob", side_of)
    assert seen and "destroyed" not in texts(seen), f"the Rebel sees the Empire's sealed report before his own: {texts(seen)}"
    rid = state["battle"]["current"]["reports"]["Empire"]
    changed = copy.deepcopy(state)
    changed["sealed"][rid]["content"] = {"changed": True}
    assert R.view(changed, "bob") == R.view(state, "bob"), "the Rebel's view shows the sealed report"
    do(state, "bob", f"report {bid} {report}")
    # Empire: 39 (CR90 B) + 10 (Y-wing early, full) + 10 objective; Rebel: 22 (half of Raider 44) + 5
    assert state["sides"]["Empire"]["vp"] == 39 + 10 + 10
    assert state["sides"]["Rebel"]["vp"] == 22 + 5
    assert ru[1] not in state["units"]


def test_reports_differ_go_to_gm():
    """GCW-GAP-03: differing reports go to the GM, whose ruling (by 'gm' only) is applied and logged."""
    state, e, r, _ = battle_at()
    bid = _to_report(state)
    ru = state["fleets"][r]["units"]
    do(state, "ann", f"report {bid} {ru[1]}=destroyed")
    do(state, "bob", f"report {bid}")
    assert state["step"]["kind"] == "ruling"
    with pytest.raises(OrderError):
        do(state, "ann", f"ruling {bid} {ru[1]}=destroyed")
    events = do(state, "ann", f"ruling {bid} {ru[1]}=destroyed", by="gm")
    assert "The GM rules" in texts(events) and ru[1] not in state["units"]


def test_persistent_damage():
    """GCW-DAMAGE-01 GCW-DAMAGE-02 GCW-DAMAGE-03 GCW-GAP-22: faceup cards become persistent damage; hull never below 1."""
    state, e, r, _ = battle_at()
    bid = _to_report(state)
    eu = state["fleets"][e]["units"]
    do(state, "ann", f"report {bid} {eu[0]}=survived:3")
    do(state, "bob", f"report {bid} {eu[0]}=survived:3")
    unit = state["units"][eu[0]]
    assert unit["damage"] == 3 and model.hull(unit) == 8 - 3
    unit["damage"] = 12
    assert model.hull(unit) == 1


def test_assault_proton_torpedoes_cost_6():
    """GCW-DAMAGE-04: Assault Proton Torpedoes cost 6 in the campaign."""
    assert rules().cost("assault-proton-torpedoes") == 6


def test_tabling():
    """GCW-TABLING-01 GCW-TABLING-02 GCW-TABLING-03 GCW-WIN-01: tabling the last Rebel fleet: squadrons flee (half) to the pool; Total Imperial victory."""
    state, e, r, _ = battle_at()
    bid = _to_report(state)
    ru = state["fleets"][r]["units"]
    ships = [u for u in ru if model.is_ship(state["units"][u])]
    squad = [u for u in ru if not model.is_ship(state["units"][u])][0]
    report = " ".join(f"{u}=destroyed" for u in ships)
    do(state, "ann", f"report {bid} {report}")
    do(state, "bob", f"report {bid} {report}")
    assert state["units"][squad]["fleet"] == "pool"
    assert state["sides"]["Empire"]["vp"] == 44 + 20 + 39 + 51 + 5   # ships full (+Dodonna), Y-wing half of 10
    assert R.outcome(state).winners == ("Empire",)


def test_unique_rebuy_double_later_turn():
    """GCW-UNIQUE-01 GCW-GAP-28: a destroyed unique returns for 2x on a later turn; withdrawing does not destroy it."""
    state, e, r, _ = battle_at(rebel=("cr90-a+dodonna", "cr90-b", "nebulon-support", "luke-skywalker"))
    bid = _to_report(state)
    ru = state["fleets"][r]["units"]
    luke = [u for u in ru if state["units"][u]["code"] == "luke-skywalker"][0]
    do(state, "ann", f"report {bid} {luke}=destroyed {ru[0]}=late")
    do(state, "bob", f"report {bid} {luke}=destroyed {ru[0]}=late")
    assert state["sides"]["Rebel"]["lost"] == {"Luke Skywalker": 1}
    assert "General Dodonna" not in state["sides"]["Rebel"]["lost"]
    from core.rulesets.gcw.resources import buy, buy_cost
    assert buy_cost(state, "Rebel", "luke-skywalker") == (40, "Luke Skywalker was destroyed this turn; it may return on a later turn")
    state["turn"] = 2
    state["sides"]["Rebel"]["rp"] = 50
    buy(state, "Rebel", "luke-skywalker", None, "buy luke-skywalker")
    assert state["sides"]["Rebel"]["rp"] == 10


def test_gap19_both_remain_fewer_vp_withdraws():
    """GCW-GAP-19 GCW-WITHDRAW-05 GCW-GAP-53: both sides remain: the fewer-VP side withdraws to a friendly or unoccupied neighbour."""
    state, e, r, _ = battle_at()
    bid = _to_report(state)
    do(state, "ann", f"report {bid} Empire=10")
    do(state, "bob", f"report {bid} Empire=10")
    assert state["step"]["kind"] == "retreat" and state["step"]["sides"] == ["Rebel"]
    assert "Coruscant" not in state["step"]["options"], "an enemy-controlled system is not friendly or unoccupied"
    do(state, "bob", f"retreat {bid} Alderaan")
    assert state["fleets"][r]["system"] == "Alderaan"


def test_withdraw_into_enemy_triggers_ambush():
    """GCW-WITHDRAW-06 GCW-WITHDRAW-07 GCW-GAP-48 GCW-GAP-49: with no other way out, a fleet flees into enemy space; a battle ensues, fleer 2nd, Fleet Ambush added."""
    state, e, r, _ = battle_at(system="Eriadu")
    add_fleet(state, "Empire", "Sullust", ["victory-1", "raider-1", "raider-2"])
    add_fleet(state, "Empire", "Malastare", ["victory-1", "raider-1", "raider-2"])
    state["systems"]["Sullust"]["owner"] = "Empire"
    state["systems"]["Malastare"]["owner"] = "Empire"
    bid = _to_report(state)
    do(state, "ann", f"report {bid} Empire=10")
    do(state, "bob", f"report {bid} Empire=10")
    assert state["step"]["options"] == ["Malastare", "Sullust"]
    do(state, "bob", f"retreat {bid} Sullust")
    battle = state["battle"]["current"]
    assert battle["system"] == "Sullust" and battle["ambush"] and battle["flee_side"] == "Rebel"
    bid2 = open_both(state)
    battle = state["battle"]["current"]
    assert state["step"]["kind"] in ("reveal", "pick") and battle["first"] == "Empire", "the fleeing fleet is 2nd player"
    if state["step"]["kind"] == "reveal":
        do(state, "bob", f"reveal {bid2} {' '.join(R.view(state, 'bob')['facts']['battle']['my_objectives'][:state['step']['count']])}")
    assert "Fleet Ambush" in battles.objective_options(state["battle"]["current"])


def test_concession():
    """GCW-WITHDRAW-04 GCW-GAP-21: an accepted concession scores half the conceding fleet and it withdraws; refused, the battle is played."""
    state, e, r, _ = battle_at()
    bid = state["battle"]["current"]["id"]
    do(state, "bob", f"concede {bid}")
    do(state, "ann", f"objectives {bid} Most Wanted Fire Lanes Minefields")
    assert state["step"]["kind"] == "answer" and state["step"]["sides"] == ["Empire"]
    do(state, "ann", f"accept {bid}")
    assert state["sides"]["Empire"]["vp"] == 82   # half of 164
    assert state["step"]["kind"] == "retreat"
    state2, e, r, _ = battle_at()
    bid = state2["battle"]["current"]["id"]
    do(state2, "bob", f"concede {bid}")
    do(state2, "ann", f"objectives {bid} Most Wanted Fire Lanes Minefields")
    do(state2, "ann", f"refuse {bid}")
    assert state2["step"]["kind"] == "open" and state2["step"]["sides"] == ["Rebel"]
    with pytest.raises(OrderError, match="refused"):
        do(state2, "bob", f"concede {bid}")


def test_gap15_combined_battle():
    """GCW-GAP-15: all fleets of a side in the system fight one combined battle, points summed."""
    state = moving()
    add_fleet(state, "Rebel", "Coruscant", ["cr90-a", "cr90-b", "nebulon-escort", "gr75-medium"])
    add_fleet(state, "Empire", "Coruscant", ["victory-1", "raider-1", "raider-2"])
    end_movement(state)
    battle = state["battle"]["current"]
    assert len(battle["fleets"]["Empire"]) == 2 and battle["points"]["Empire"] == 175 + 165


def test_gap44_pool_limits_after_battle():
    """GCW-GAP-44 GCW-POOL-01 GCW-POOL-02: after a battle excess squadrons and Admirals go to the pool; other limits don't apply."""
    state, e, r, _ = battle_at()
    bid = _to_report(state)
    eu = state["fleets"][e]["units"]
    state["units"][eu[1]]["upgrades"].append("motti")
    for _ in range(4):
        model.put(state, model.new_unit(state, "Empire", "tie-fighter"), e)
    state["battle"]["current"]["units"]["Empire"] = list(state["fleets"][e]["units"])
    state["battle"]["current"]["unit_points"].update({u: 8 for u in state["fleets"][e]["units"][3:]})
    do(state, "ann", f"report {bid} {eu[0]}=destroyed")
    do(state, "bob", f"report {bid} {eu[0]}=destroyed")
    pool = [u["code"] for u in model.pool_units(state, "Empire")]
    assert pool == ["tie-fighter"], "Raider+Motti 68 with 5 TIEs (40) is over a third: one TIE goes to the pool"
    assert model.fleet_points(state, e) == 68 + 32, "a fleet under 150 after losses stays (GCW-GAP-44)"
    fid = add_fleet(state, "Empire", "Kuat", ["victory-2+tarkin", "victory-1+motti"])
    battles.enforce_pool_limits(state, "Kuat")
    assert model.commanders(model.fleet_units(state, fid)) == 1
    assert "motti" in [u["code"] for u in model.pool_units(state, "Empire")]


def test_auto_resolver():
    """GCW-GAP-03: the optional auto-resolver decides a battle with the game's dice, every roll on the record."""
    state, e, r, events = battle_at(auto_resolve=True)
    assert any(ev["kind"] == "roll" and "exchange" in ev["text"] for ev in events)
    assert any("auto-resolved" in ev["text"] for ev in events)
    assert state["battle"]["current"] is None or state["step"]["kind"] == "retreat"


def test_battle_order_chosen_by_initiative():
    """GCW-GAP-07: the initiative side picks the order of the turn's battles."""
    state = moving(initiative="Rebel")
    add_fleet(state, "Rebel", "Coruscant", ["cr90-a", "cr90-b", "nebulon-escort", "gr75-medium"])
    add_fleet(state, "Empire", "Yavin IV", ["victory-1", "raider-1", "raider-2"])
    end_movement(state)
    assert state["step"]["kind"] == "battle-order" and state["step"]["sides"] == ["Rebel"]
    do(state, "bob", "fight Yavin IV")
    assert state["battle"]["current"]["system"] == "Yavin IV"
