"""The Fleet Reserve Force in Twilight of the Empire (reserve.py): sending units to it from the
stronghold (TOTE-RES-04, TOTE-GAP-47) within 23 CP (TOTE-RES-01), activation in 3 days to a DSZ of the
stronghold (TOTE-RES-03, TOTE-EX-34), exchange at any time (TOTE-RES-02), mothballed units out of reach
(TOTE-RES-05) and where an arriving unit joins (TOTE-GAP-27/47)."""
from __future__ import annotations

from typing import Any

import pytest

from core.errors import OrderError
from core.rulesets.tote.campaign import reserve as rs
from core.rulesets.tote.campaign import sensors
from core.rulesets.tote.rules import clock as clk
from core.rulesets.tote.rules import model

Units = dict[str, dict[str, Any]]
HOME = ["coruscant"]


def unit(uid: str, code: str = "ISD", faction: str = "GE", system: str | None = "coruscant", space: str | None = "C-1",
         **kw: Any) -> dict[str, Any]:
    return {**model.new_unit(uid, code, faction, space), "system": system, "transit": None, **kw}


def fleet(*us: dict[str, Any]) -> Units:
    return {u["id"]: u for u in us}


def test_res04_gap47_units_go_to_the_reserve_from_the_stronghold_at_once() -> None:
    """TOTE-RES-04, TOTE-GAP-47: a unit is sent to the reserve at any time, at once, from the stronghold
    system and not while in combat; its craft aboard go with it; the owner alone hears of it."""
    units = fleet(unit("GE-1", carried=["GE-2"]), unit("GE-2", "TIEF", space=None, carried_by="GE-1"),
                  unit("GE-3", system="kuat"), unit("NR-1", "MC90", "NR"))
    changed, ev = rs.send_to_reserve(units, "GE-1", "GE", HOME, in_conflict=False)
    assert sorted(changed) == ["GE-1", "GE-2"]
    assert all(u["reserve"] and u["system"] is None and u["space"] is None for u in changed.values())
    assert ev == [{"kind": "reserve", "to": ["GE"], "text": "GE-1 is mothballed in the Fleet Reserve Force"}]
    assert units["GE-1"]["system"] == "coruscant"
    with pytest.raises(OrderError, match="GE-3 is not at your stronghold: units are sent to the reserve from the "
                                         "stronghold system only"):
        rs.send_to_reserve(units, "GE-3", "GE", HOME, in_conflict=False)
    with pytest.raises(OrderError, match="in combat at coruscant"):
        rs.send_to_reserve(units, "GE-1", "GE", HOME, in_conflict=True)
    with pytest.raises(OrderError, match="aboard GE-1: send its carrier instead"):
        rs.send_to_reserve(units, "GE-2", "GE", HOME, in_conflict=False)
    with pytest.raises(OrderError, match="GE has no unit NR-1"):
        rs.send_to_reserve(units, "NR-1", "GE", HOME, in_conflict=False)
    with pytest.raises(OrderError, match="is not a starship, AUX or SF squadron"):
        rs.send_to_reserve(fleet(unit("GE-P", "GAMMA")), "GE-P", "GE", HOME, in_conflict=False)
    with pytest.raises(OrderError, match="already in the Fleet Reserve Force"):
        rs.send_to_reserve({**units, **changed}, "GE-1", "GE", HOME, in_conflict=False)


def test_res01_the_reserve_holds_23_cp() -> None:
    """TOTE-RES-01: the reserve holds at most a further 23 CP; a unit that would take it over is refused."""
    units = fleet(unit("GE-1", reserve=True, system=None, space=None), unit("GE-2", "ISD2", reserve=True, system=None, space=None),
                  unit("GE-3", "CORV"), unit("GE-4", "VSD"))
    changed, _ = rs.send_to_reserve(units, "GE-3", "GE", HOME, in_conflict=False)
    assert rs.reserve_counts({**units, **changed}, "GE") == {"ISD": 1, "ISD2": 1, "CORV": 1}
    with pytest.raises(OrderError, match="the Fleet Reserve Force would break TOTE-RES-01"):
        rs.send_to_reserve(units, "GE-4", "GE", HOME, in_conflict=False)


def test_res03_ex34_activation_takes_3_days_to_a_chosen_dsz() -> None:
    """TOTE-RES-03, TOTE-EX-34: activation ordered on turn 10 lands at the start of turn 13 (hour 288) in the
    DSZ of the stronghold the owner chose (the Hutts choose either of their two worlds)."""
    units = fleet(unit("HS-1", "VNSD", "HS", reserve=True, system=None, space=None))
    hutt = ["nal_hutta", "nar_shaddaa"]
    changed, timer, ev = rs.order_activation(units, "HS-1", "HS", "nar_shaddaa", hutt, "DSZ-3", 10, "A1")
    assert timer == {"id": "A1", "kind": "reserve", "due_hour": 288, "unit": "HS-1", "faction": "HS",
                     "system": "nar_shaddaa", "space": "DSZ-3"}
    assert clk.turn_at_or_after(timer["due_hour"]) == 13 and changed["HS-1"]["activating"] == "A1"
    due, rest = clk.due_timers([timer], 12)
    assert due == [] and clk.due_timers([timer], 13)[0] == [timer]
    arrived, ev = rs.arrive({**units, **changed}, timer, main={}, pdf={}, hero_present=True)
    a = arrived["HS-1"]
    assert (a["reserve"], a["system"], a["space"], a["assignment"]) == (False, "nar_shaddaa", "DSZ-3", "main")
    with pytest.raises(OrderError, match="is not one of your strongholds"):
        rs.order_activation(units, "HS-1", "HS", "kuat", hutt, "DSZ-3", 10, "A1")
    with pytest.raises(OrderError, match="'C-1' is not a Deep Space Zone"):
        rs.order_activation(units, "HS-1", "HS", "nal_hutta", hutt, "C-1", 10, "A1")
    with pytest.raises(OrderError, match="already being activated"):
        rs.order_activation({**units, **changed}, "HS-1", "HS", "nal_hutta", hutt, "DSZ-1", 11, "A2")
    with pytest.raises(OrderError, match="is not in the Fleet Reserve Force"):
        rs.order_activation(fleet(unit("HS-2", "PBC", "HS", system="nal_hutta")), "HS-2", "HS", "nal_hutta", hutt, "DSZ-1", 10, "A2")


def test_gap47_gap27_an_arrival_joins_where_there_is_room() -> None:
    """TOTE-GAP-47, TOTE-GAP-27: on arrival the unit joins the main fleet when the Hero is there and it has
    room, else the Space PDF, else it stands unassigned."""
    timer = {"id": "A1", "kind": "reserve", "due_hour": 288, "unit": "GE-1", "faction": "GE", "system": "coruscant", "space": "DSZ-1"}
    units = fleet(unit("GE-1", reserve=True, activating="A1", system=None, space=None))
    full = {"ISD2": 2}
    assert rs.arrive(units, timer, {}, {}, hero_present=False)[0]["GE-1"]["assignment"] == "pdf"
    assert rs.arrive(units, timer, full, {}, hero_present=True)[0]["GE-1"]["assignment"] == "pdf"
    changed, ev = rs.arrive(units, timer, full, full, hero_present=True)
    assert changed["GE-1"]["assignment"] == "unassigned" and "stands unassigned" in ev[0]["text"]


def test_res02_reserve_and_active_units_exchanged_at_any_time() -> None:
    """TOTE-RES-02: an active unit and a reserve unit are exchanged in one order, even with the reserve
    full: the one going out starts its 3 days and no longer counts, the one coming in is mothballed."""
    units = fleet(unit("GE-1", reserve=True, system=None, space=None), unit("GE-2", "ISD2", reserve=True, system=None, space=None),
                  unit("GE-5", "CORV", reserve=True, system=None, space=None), unit("GE-3", "ACC"), unit("GE-4", "ISD"))
    with pytest.raises(OrderError, match="TOTE-RES-01"):
        rs.send_to_reserve(units, "GE-4", "GE", HOME, in_conflict=False)
    changed, timer, ev = rs.exchange(units, "GE-4", "GE-1", "GE", "coruscant", HOME, "DSZ-2", 5, False, "A1")
    assert changed["GE-4"]["reserve"] and changed["GE-1"]["activating"] == "A1" and timer["due_hour"] == 24 * 7
    assert rs.reserve_counts({**units, **changed}, "GE") == {"ISD2": 1, "CORV": 1, "ISD": 1}
    assert [e["to"] for e in ev] == [["GE"], ["GE"]]
    with pytest.raises(OrderError, match="the Fleet Reserve Force holds 24 CP; at most 23"):
        rs.exchange(units, "GE-3", "GE-1", "GE", "coruscant", HOME, "DSZ-2", 5, False, "A1")


def test_res05_reserve_units_cannot_act_be_attacked_or_be_scanned() -> None:
    """TOTE-RES-05: a mothballed unit takes no order and is no target; no sensor finds it: it is in no
    system, so an active scan of the stronghold reports only what is on the grid."""
    units = fleet(unit("GE-1"), unit("GE-2", "ISD2", reserve=True, system=None, space=None),
                  unit("NR-1", "MC90", "NR", space="C-1"))
    with pytest.raises(OrderError, match="GE-2 is in the Fleet Reserve Force, mothballed: it cannot act, be attacked or "
                                         "be scanned until activated"):
        rs.check_active(units["GE-2"])
    rs.check_active(units["GE-1"])
    assert sorted(rs.active_units(units)) == ["GE-1", "NR-1"]
    assert sensors.present_factions("coruscant", {"GE-2": units["GE-2"]}) == set()
    scan = sensors.declare_scan(units["NR-1"], "active", 0, "S1")
    snaps, _, _ = sensors.complete_scans([scan], 24, units)
    assert [c["id"] for c in snaps[0]["contacts"]] == ["GE-1"]
