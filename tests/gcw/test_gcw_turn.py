"""Initiative, command points, movement, reorganisation, deployment and repairs."""
from __future__ import annotations

import pytest

from core.errors import OrderError
from core.rulesets.gcw import flow, model
from core.rulesets.gcw.actions import repair_cost
from core.rulesets.gcw.data import rules
from gcw_helpers import R, add_fleet, do, end_movement, fleet_of, give_action, moving, started, texts


def test_init_fleet_points_on_map_only():
    """GCW-INIT-01: initiative totals count fleets on the map, not the force pool."""
    state = started()
    model.new_unit(state, "Empire", "isd-2")  # in the pool
    assert model.map_points(state, "Empire") == 175
    assert model.total_value(state, "Empire") == 295


def test_init_fewer_points_decides():
    """GCW-INIT-02: the side with fewer points on the map chooses who has initiative."""
    assert flow.initiative_chooser(170, 175) == "Empire"
    assert flow.initiative_chooser(180, 175) == "Rebel"
    state = started()  # Empire 175, Rebel 172
    assert state["initiative"]["chooser"] == "Rebel" and R.awaiting(state) == {"bob"}
    do(state, "bob", "initiative Empire")
    assert state["step"]["sides"] == ["Empire"], "the initiative side acts first (GCW-GAP-07)"


def test_init_tie_rebel_decides():
    """GCW-INIT-03: on equal totals the Rebel decides."""
    assert flow.initiative_chooser(175, 175) == "Rebel"


def test_cp_turn_plus_commander_fleets():
    """GCW-CP-01 (catalog: GCW campaignP-01): CP = turn + fleets with a Commander (max 1 each) + command cards."""
    state = started()
    assert flow.command_points(state, "Rebel") == 1 + 1
    add_fleet(state, "Rebel", "Hoth", ["cr90-a+leia", "cr90-b", "nebulon-escort"])
    assert flow.command_points(state, "Rebel") == 1 + 2
    state["turn"] = 10
    add_fleet(state, "Rebel", "Hoth", ["cr90-a+rieekan", "cr90-b", "nebulon-escort"])
    assert flow.command_points(state, "Rebel") == 13, "test vector: turn 10, 3 Commander fleets -> 13"
    # Coruscant's Imperial card adds 1 CP while the Empire controls it
    assert flow.command_points(state, "Empire") == 10 + 1 + 1


def test_cp_unspent_lost():
    """GCW-CP-02 (catalog: GCW campaignP-02): CP left when movement ends are lost."""
    state = moving()
    events = end_movement(state)
    assert state["sides"]["Empire"]["cp"] == 0 and state["sides"]["Rebel"]["cp"] == 0
    assert "loses" in texts(events)


def test_move_alternate_actions():
    """GCW-MOVE-01 GCW-GAP-08: sides alternate single actions from the initiative side."""
    state = moving(initiative="Rebel")
    assert state["step"]["sides"] == ["Rebel"]
    do(state, "bob", f"move {fleet_of(state, 'Rebel')} Mandalore")
    assert state["step"]["sides"] == ["Empire"]


def test_move_along_routes_one_jump():
    """GCW-MOVE-02 GCW-GAP-09: a move crosses one route; other systems are refused naming the legal ones."""
    state = moving()
    fid = fleet_of(state, "Empire")
    with pytest.raises(OrderError, match="not one jump.*reachable: Carida, Corellia, Fondor, Kuat"):
        do(state, "ann", f"move {fid} Hoth")
    do(state, "ann", f"move {fid} Kuat")
    assert state["fleets"][fid]["system"] == "Kuat"


def test_move_cost_by_largest_ship():
    """GCW-MOVE-03 GCW-MOVE-04: small 1, medium 2, large 3, +1 with an Admiral; Death Star 4."""
    assert model.move_cost_of("small", False) == 1
    assert model.move_cost_of("medium", False) == 2
    assert model.move_cost_of("medium", True) == 3
    assert model.move_cost_of("large", True) == 4
    assert rules().const["move_cost"]["secret_weapon"] == 4
    state = moving()
    assert model.move_cost(state, fleet_of(state, "Empire")) == 3  # Victory II + Tarkin
    small = add_fleet(state, "Empire", "Kuat", ["raider-1", "raider-2", "gladiator-1"])
    assert model.move_cost(state, small) == 1


def test_move_several_times_and_example_turn_7():
    """GCW-MOVE-05 GCW-MOVE-07 [EXAMPLE]: turn 7, 7 CP: a medium fleet moves 3 times (6 CP), a small fleet once; a 4th move is refused."""
    state = moving()
    state["fleets"].clear()
    state["units"].clear()
    medium = add_fleet(state, "Empire", "Coruscant", ["victory-1", "raider-1", "gladiator-1"])
    small = add_fleet(state, "Empire", "Kuat", ["raider-1", "raider-2", "gladiator-2"])
    add_fleet(state, "Rebel", "Hoth", ["cr90-a", "cr90-b", "nebulon-escort", "gr75-medium"])
    state["turn"] = 7
    assert flow.command_points(state, "Empire") - 1 == 7, "7 + 0 Commander fleets (+1 from the Coruscant card)"
    give_action(state, "Empire", 7)
    state["sides"]["Rebel"]["cp"] = 0  # the Rebel has nothing to respond with: the Empire acts again
    for to in ("Carida", "Mandalore", "Yavin IV"):
        do(state, "ann", f"move {medium} {to}")
    do(state, "ann", f"move {small} Alderaan")
    assert state["sides"]["Empire"]["cp"] == 0
    assert state["step"] is None or state["step"]["kind"] != "action", "both out of CP: the phase ended"
    give_action(state, "Empire", 0)
    with pytest.raises(OrderError, match="costs 2 CP and Empire has 0 CP"):
        do(state, "ann", f"move {medium} Dantooine")


def test_move_opponent_may_respond():
    """GCW-MOVE-06: after each move the opponent may act; a side with 0 CP passes by itself."""
    state = moving(initiative="Empire")
    events = do(state, "ann", f"move {fleet_of(state, 'Empire')} Kuat")
    assert state["step"]["sides"] == ["Rebel"]
    state["sides"]["Rebel"]["cp"] = 0
    give_action(state, "Empire", 5)
    events = do(state, "ann", f"move {fleet_of(state, 'Empire')} Coruscant")
    assert "Rebel has no CP and passes" in texts(events)
    assert state["step"]["sides"] == ["Empire"]


def test_gap08_two_passes_end_phase():
    """GCW-GAP-08: the phase ends after two passes in a row; a side that passed may act again after the other acts."""
    state = moving(initiative="Empire")
    state["sides"]["Empire"]["cp"] = 10
    state["sides"]["Rebel"]["cp"] = 10
    do(state, "ann", "pass")
    do(state, "bob", f"move {fleet_of(state, 'Rebel')} Mandalore")
    assert state["step"]["kind"] == "action" and state["step"]["sides"] == ["Empire"]
    do(state, "ann", f"move {fleet_of(state, 'Empire')} Kuat")
    do(state, "bob", "pass")
    assert state["phase"] == "movement"
    do(state, "ann", "pass")
    assert state["phase"] != "movement"


def _two_fleet_state():
    state = moving()
    state["fleets"].clear()
    state["units"].clear()
    big = add_fleet(state, "Empire", "Kuat", ["victory-2+tarkin", "victory-1", "gladiator-1", "raider-1", "raider-2", "tie-fighter"])
    add_fleet(state, "Rebel", "Hoth", ["cr90-a", "cr90-b", "nebulon-escort", "gr75-medium"])
    give_action(state, "Empire", 10)
    return state, big


def test_reorg_split_merge_transfer_cost_1():
    """GCW-REORG-01 GCW-REORG-02 GCW-GAP-11: split, merge and transfer each cost 1 CP, in one system."""
    state, big = _two_fleet_state()
    units = list(state["fleets"][big]["units"])  # VSD2+Tarkin 123, VSD1 73, Glad 56, Raider 44, Raider 48, TIE 8
    do(state, "ann", f"split {big} {units[1]},{units[2]},{units[4]}")
    new = [f for f in model.fleets_of(state, "Empire") if f != big][0]
    assert state["sides"]["Empire"]["cp"] == 9 and state["fleets"][new]["system"] == "Kuat"
    give_action(state, "Empire", 9)
    do(state, "ann", f"transfer {units[5]} {new}")
    assert state["sides"]["Empire"]["cp"] == 8
    give_action(state, "Empire", 8)
    do(state, "ann", f"merge {big} {new}")
    assert len(model.fleets_of(state, "Empire")) == 1 and state["sides"]["Empire"]["cp"] == 7
    give_action(state, "Empire", 7)
    do(state, "ann", f"move {big} Alderaan")
    assert state["fleets"][big]["system"] == "Alderaan", "a fleet that reorganised may still move (GCW-GAP-11)"


def test_reorg_max_six_fleets():
    """GCW-REORG-03: at most 6 fleets (the pool and the Death Star do not count)."""
    state, big = _two_fleet_state()
    for _ in range(5):
        add_fleet(state, "Empire", "Coruscant", ["victory-2", "victory-1"])
    give_action(state, "Empire", 5)
    units = state["fleets"][big]["units"]
    with pytest.raises(OrderError, match="7 fleets"):
        do(state, "ann", f"split {big} {units[1]},{units[2]},{units[4]}")


def test_reorg_two_thirds_rule():
    """GCW-REORG-04: with 2+ fleets no fleet holds more than 2/3 of the side's points (vectors 400/200 ok, 450/200 not)."""
    state = moving()
    state["fleets"].clear()
    state["units"].clear()
    a = add_fleet(state, "Empire", "Kuat", ["isd-2", "isd-2", "isd-1", "tie-bomber*2", "tie-fighter*4"])   # 400
    b = add_fleet(state, "Empire", "Kuat", ["victory-2", "victory-1", "tie-advanced*2", "tie-bomber*2"])   # 200
    assert model.fleet_points(state, a) == 400 and model.fleet_points(state, b) == 200
    add_fleet(state, "Rebel", "Hoth", ["cr90-a", "cr90-b", "nebulon-escort", "gr75-medium"])
    assert not model.fleet_problems(state, "Empire", [a, b])
    give_action(state, "Empire", 5)
    unit = state["fleets"][b]["units"][2]
    with pytest.raises(OrderError, match="more than two thirds"):
        do(state, "ann", f"transfer {unit} {a}")


def test_reorg_max_600():
    """GCW-REORG-05: a fleet may be at most 600 points."""
    state = moving()
    a = add_fleet(state, "Empire", "Kuat", ["isd-2", "isd-2", "isd-2", "isd-2", "victory-2"])
    b = add_fleet(state, "Empire", "Kuat", ["isd-2", "isd-2", "isd-2", "isd-2", "isd-2", "isd-2"])
    give_action(state, "Empire", 5)
    with pytest.raises(OrderError, match="at most 600"):
        do(state, "ann", f"transfer {state['fleets'][a]['units'][0]} {b}")


def test_reorg_min_150():
    """GCW-REORG-06: a fleet must be at least 150 points after a reorganisation."""
    state, big = _two_fleet_state()
    units = state["fleets"][big]["units"]
    with pytest.raises(OrderError, match="at least 150"):
        do(state, "ann", f"split {big} {units[3]}")


def test_reorg_one_commander():
    """GCW-REORG-07: a fleet needs no Commander and may not have two."""
    state, big = _two_fleet_state()
    other = add_fleet(state, "Empire", "Kuat", ["victory-2+motti", "victory-1"])
    give_action(state, "Empire", 5)
    with pytest.raises(OrderError, match="2 Commanders"):
        do(state, "ann", f"merge {big} {other}")


def test_reorg_squadrons_one_third():
    """GCW-REORG-08: at most 1/3 of a fleet's points in squadrons (vectors 300/100 ok, 300/101 not)."""
    lim = rules().const["fleet_limits"]["squadron_max"]
    assert lim[1] * 100 <= lim[0] * 300 and not lim[1] * 101 <= lim[0] * 300
    state, big = _two_fleet_state()
    sq = add_fleet(state, "Empire", "Kuat", ["raider-1", "raider-1", "raider-1", "raider-1", "tie-fighter*8"])
    give_action(state, "Empire", 5)
    ships = [u for u in state["fleets"][sq]["units"] if model.is_ship(state["units"][u])]
    with pytest.raises(OrderError, match="squadrons"):
        do(state, "ann", f"split {sq} {ships[0]},{ships[1]},{ships[2]},{ships[3]}")


def test_reorg_only_commanders_and_officers_move():
    """GCW-REORG-09: Commanders and Officers may move between ships; other upgrades may not."""
    state, big = _two_fleet_state()
    units = state["fleets"][big]["units"]
    state["units"][units[2]]["upgrades"].append("sensor-team")
    with pytest.raises(OrderError, match="not an upgrade you can use here; legal: E4.tarkin"):
        do(state, "ann", f"reassign {units[2]}.sensor-team {units[1]}")
    do(state, "ann", f"reassign {units[0]}.tarkin {units[1]}")
    assert "tarkin" in state["units"][units[1]]["upgrades"]


def test_pool_officer_to_pool_and_loose_commander():
    """GCW-POOL-03 GCW-POOL-04: officers may be sent to the force pool (a '7th fleet' off the map)."""
    state, big = _two_fleet_state()
    units = state["fleets"][big]["units"]
    state["units"][units[1]]["upgrades"].append("yularen")
    do(state, "ann", f"reassign {units[1]}.yularen pool")
    pool = model.pool_units(state, "Empire")
    assert [u["code"] for u in pool] == ["yularen"] and len(model.fleets_of(state, "Empire")) == 1


def test_pool_entry_systems_and_deploy():
    """GCW-POOL-05 GCW-GAP-12: reinforcements appear at Coruscant/Eriadu/Kuat (Imperial-held) or with a Rebel fleet; deploy is 1 CP."""
    state, big = _two_fleet_state()
    ids = [model.new_unit(state, "Empire", c) for c in ("victory-2", "gladiator-2", "raider-1")]
    with pytest.raises(OrderError, match="entry systems: Coruscant, Kuat, Eriadu"):
        do(state, "ann", f"deploy {','.join(ids)} Hoth")
    do(state, "ann", f"deploy {','.join(ids)} Eriadu")
    new = [f for f in model.fleets_of(state, "Empire") if f != big][0]
    assert state["fleets"][new]["system"] == "Eriadu" and state["sides"]["Empire"]["cp"] == 9
    rebel = model.new_unit(state, "Rebel", "cr90-a")
    give_action(state, "Rebel", 3)
    with pytest.raises(OrderError):
        do(state, "bob", f"deploy {rebel} Yavin IV")
    fid = model.fleets_of(state, "Rebel")[0]
    do(state, "bob", f"deploy {rebel} {fid}")
    assert state["units"][rebel]["fleet"] == fid


def test_gap12_new_fleet_min_150():
    """GCW-GAP-12: a fleet formed by deployment must be at least 150 points."""
    state, big = _two_fleet_state()
    uid = model.new_unit(state, "Empire", "raider-1")
    with pytest.raises(OrderError, match="at least 150"):
        do(state, "ann", f"deploy {uid} Coruscant")


def test_repair_at_usable_shipyard():
    """GCW-REPAIR-01 GCW-REPAIR-05 GCW-GAP-13 GCW-GAP-14: repairs only at a shipyard the side controls and may use."""
    state, big = _two_fleet_state()
    units = state["fleets"][big]["units"]
    state["units"][units[0]]["damage"] = 2
    state["fleets"][big]["system"] = "Hoth"
    with pytest.raises(OrderError, match="no shipyard"):
        do(state, "ann", f"repair {big}")
    state["fleets"][big]["system"] = "Kuat"
    do(state, "ann", f"repair {big}")
    assert state["units"][units[0]]["damage"] == 0 and state["sides"]["Empire"]["cp"] == 9


def test_repair_cost_by_yard_value():
    """GCW-REPAIR-02: ceil(damaged / yard) CP (vectors: yard 3, 4 ships -> 2; yard 1, 3 -> 3; yard 2, 2 -> 1)."""
    assert repair_cost(4, 3) == 2 and repair_cost(3, 1) == 3 and repair_cost(2, 2) == 1
    state, big = _two_fleet_state()
    for uid in state["fleets"][big]["units"][:4]:
        state["units"][uid]["damage"] = 1
    do(state, "ann", f"repair {big}")
    assert state["sides"]["Empire"]["cp"] == 10 - 2, "Kuat yard 3, 4 ships: 2 CP"


def test_repair_generic_shipyard_list():
    """GCW-REPAIR-03 GCW-REPAIR-04 GCW-GAP-02: the system cards carry exactly the text's shipyard list."""
    yards = {name: (y["yard"], sorted(y["sides"])) for name, y in rules().shipyards.items()}
    assert yards == {
        "Kuat": (3, ["Empire"]), "Coruscant": (2, ["Empire"]), "Eriadu": (1, ["Empire"]),
        "Mon Calamari": (3, ["Rebel"]), "Hoth": (2, ["Rebel"]), "Yavin IV": (1, ["Rebel"]),
        "Corellia": (3, ["Empire", "Rebel"]), "Fondor": (2, ["Empire", "Rebel"]), "Bespin": (1, ["Empire", "Rebel"]),
    }
    state = started()
    state["systems"]["Bespin"]["owner"] = "Rebel"
    state["systems"]["Bespin"]["cards"]["Rebel"] = "up"
    assert model.yard_value(state, "Rebel", "Bespin") == 2, "Cloud City's repair card adds 1 to the yard"
    assert model.yard_value(state, "Empire", "Bespin") == 0, "a yard needs control"


def test_gap46_cp_snapshot():
    """GCW-GAP-46: CP are computed once when movement starts; reorganising later does not change them."""
    state, big = _two_fleet_state()
    units = state["fleets"][big]["units"]
    do(state, "ann", f"split {big} {units[1]},{units[2]},{units[4]}")
    assert state["sides"]["Empire"]["cp"] == 9


def test_deathstar_outside_fleet_limit_and_moves():
    """GCW-WEAPON-04 GCW-WEAPON-05 GCW-WEAPON-06: the Death Star is beyond the 6 fleets, moves for 4 CP, escorts ride free."""
    state, big = _two_fleet_state()
    for _ in range(5):
        add_fleet(state, "Empire", "Kuat", ["victory-2", "victory-1"])
    state["deathstar"] = {"system": "Kuat", "fired": 0}
    assert len(model.fleets_of(state, "Empire")) == 6 and not model.fleet_problems(state, "Empire", [])
    give_action(state, "Empire", 9)
    do(state, "ann", f"move DeathStar Coruscant {big}")
    assert state["deathstar"]["system"] == "Coruscant" and state["fleets"][big]["system"] == "Coruscant"
    assert state["sides"]["Empire"]["cp"] == 5
    give_action(state, "Empire", 5)
    do(state, "ann", "move DeathStar Carida")
    assert state["sides"]["Empire"]["cp"] == 1, "it may move several times"
