"""Conflict and occupation in Twilight of the Empire (conflict.py): a hostile presence puts a system in
conflict (TOTE-CONFLICT-01) with every unit there (CONFLICT-02), suspends manufacturing (CONFLICT-03),
and lasts until one faction has held it alone for 24 hours (CONFLICT-04); occupation (CONFLICT-05) and
claiming by building (CONFLICT-06); surrender (TOTE-GAP-46), alliances (TOTE-GAP-45) and Tatooine's
amnesty (TOTE-GAP-49)."""
from __future__ import annotations

from typing import Any

import pytest

from core.errors import OrderError
from core.rulesets.tote.campaign import conflict as cf
from core.rulesets.tote.rules import model
from core.rulesets.tote.rules.galaxy import amnesty_refusal

Units = dict[str, dict[str, Any]]


def ship(uid: str, faction: str, system: str | None = "kuat", code: str = "VSD", space: str | None = "C-1") -> dict[str, Any]:
    return {**model.new_unit(uid, code, faction, space), "system": system, "transit": None}


def fac(fid: str, faction: str, system: str = "kuat", code: str = "YARD", destroyed: bool = False) -> dict[str, Any]:
    return {"id": fid, "type": code, "faction": faction, "system": system, "space": "G-1/surface", "destroyed": destroyed}


def by_id(*recs: dict[str, Any]) -> Units:
    return {r["id"]: r for r in recs}


def test_conflict01_a_hostile_presence_means_conflict() -> None:
    """TOTE-CONFLICT-01, TOTE-GAP-45: two hostile factions present put the system in conflict; one
    faction alone, or declared allies together, do not."""
    units = by_id(ship("GE-1", "GE"), ship("NR-1", "NR"), ship("IR-1", "IR", system="bastion"))
    assert cf.present("kuat", units) == {"GE", "NR"}
    s, ev = cf.update(None, "kuat", cf.present("kuat", units), 0)
    assert s["in_conflict"] and ev[0]["to"] == ["GE", "NR"]
    assert ev[0]["text"] == "kuat is in conflict: hostile forces are present"
    assert not cf.update(None, "bastion", cf.present("bastion", units), 0)[0]["in_conflict"]
    assert not cf.update(None, "kuat", {"GE", "NR"}, 0, alliances=[["NR", "RA"], ["GE", "NR"]])[0]["in_conflict"]
    assert cf.update(None, "kuat", {"GE", "NR", "HS"}, 0, alliances=[["GE", "NR"]])[0]["in_conflict"]


def test_conflict02_every_unit_there_is_in_conflict() -> None:
    """TOTE-CONFLICT-02: every unit of every faction in a system in conflict is in conflict; units
    elsewhere, destroyed ones and those of a quiet system are not."""
    units = by_id(ship("GE-1", "GE"), ship("NR-1", "NR"), {**ship("NR-2", "NR"), "destroyed": True},
                  {**ship("GE-T", "GE", code="TIEF", space=None), "carried_by": "GE-1"}, ship("GE-9", "GE", system="anaxes"))
    statuses = {"kuat": cf.update(None, "kuat", cf.present("kuat", units), 0)[0]}
    assert cf.units_in_conflict(statuses, "kuat", units) == ["GE-1", "GE-T", "NR-1"]
    assert cf.units_in_conflict(statuses, "anaxes", units) == []


def test_conflict03_manufacturing_stops_in_conflict() -> None:
    """TOTE-CONFLICT-03, TOTE-GAP-34: while a system is in conflict its facilities stop manufacturing:
    its build timers are put back by the hours that passed; elsewhere, and other kinds of timer, run on."""
    statuses = {"kuat": {**cf.blank(), "in_conflict": True}, "fondor": cf.blank()}
    timers = [{"id": "B1", "kind": "construction", "system": "kuat", "due_hour": 240},
              {"id": "B2", "kind": "construction", "system": "fondor", "due_hour": 240},
              {"id": "M1", "kind": "message", "system": "kuat", "due_hour": 240}]
    assert cf.manufacturing_suspended(statuses, "kuat") and not cf.manufacturing_suspended(statuses, "fondor")
    assert [t["due_hour"] for t in cf.hold_builds(timers, statuses, 24)] == [264, 240, 240]
    assert timers[0]["due_hour"] == 240


def test_conflict04_cleared_only_after_24_hours_held_alone() -> None:
    """TOTE-CONFLICT-04: a system leaves conflict only once exactly one faction has been there, with no
    hostile presence, for a continuous 24 hours. Cleared in the post at hour 48, it is still in
    conflict at hours 48 and 60 and clear at 72; a foe's return at 60 restarts the clock, as does an
    ally's arrival or an empty system."""
    s, _ = cf.update(None, "kuat", {"GE", "NR"}, 24)
    s, _ = cf.update(s, "kuat", {"GE"}, 48)
    assert s["in_conflict"] and (s["clear_faction"], s["clear_since"]) == ("GE", 48)
    s60, _ = cf.update(s, "kuat", {"GE"}, 60)
    assert s60["in_conflict"]
    s72, ev = cf.update(s60, "kuat", {"GE"}, 72)
    assert not s72["in_conflict"] and ev[0]["to"] == ["GE"]
    assert ev[0]["text"] == "kuat is no longer in conflict: GE has held it alone for 24 hours"
    back, _ = cf.update(s, "kuat", {"GE", "NR"}, 60)
    back, _ = cf.update(back, "kuat", {"GE"}, 72)
    assert back["in_conflict"] and back["clear_since"] == 72
    assert cf.update(cf.update(back, "kuat", {"GE"}, 95)[0], "kuat", {"GE"}, 96)[0]["in_conflict"] is False
    ally, _ = cf.update(s, "kuat", {"GE", "IR"}, 60, alliances=[["GE", "IR"]])
    assert ally["in_conflict"] and ally["clear_since"] is None
    empty, _ = cf.update(s, "kuat", set(), 60)
    assert cf.update(empty, "kuat", {"GE"}, 72)[0]["in_conflict"]
    other, _ = cf.update(s, "kuat", {"NR"}, 60)
    assert (other["clear_faction"], other["clear_since"]) == ("NR", 60)


def test_conflict05_occupied_when_the_host_has_nothing_left() -> None:
    """TOTE-CONFLICT-05: a system is occupied once every military unit and facility of its host has been
    destroyed or surrendered and a foreign faction is there; while the host holds anything, it is not."""
    units = by_id(ship("NR-1", "NR"), {**ship("GE-1", "GE"), "destroyed": True})
    facs = by_id(fac("F1", "GE"), fac("F2", "GE", destroyed=True))
    s, ev = cf.occupation(None, "kuat", "GE", units, facs, 100)
    assert not s["occupied"] and ev == []
    s, ev = cf.occupation(None, "kuat", "GE", units, {**facs, "F1": {**facs["F1"], "destroyed": True}}, 100)
    assert s["occupied"] and (s["host"], s["occupiers"]) == ("GE", ["NR"]) and ev[0]["to"] == ["GE", "NR"]
    survivor = {**units, "GE-2": ship("GE-2", "GE", code="CGUN")}
    assert not cf.occupation(None, "kuat", "GE", survivor, {}, 100)[0]["occupied"]
    assert not cf.occupation(None, "kuat", "GE", {}, {}, 100)[0]["occupied"]
    assert cf.occupation(s, "kuat", "GE", survivor, {}, 120) == (s, [])


def test_conflict06_an_occupied_system_is_claimed_by_building() -> None:
    """TOTE-CONFLICT-06: a ground facility built in an occupied system claims it for its builder; in a
    system that is not occupied, building claims nothing."""
    occupied = {**cf.blank(), "occupied": True, "host": "GE", "occupiers": ["NR"]}
    s, owner, ev = cf.claim(occupied, "kuat", fac("F9", "NR", code="FACTORY"), 200)
    assert owner == "NR" and not s["occupied"] and ev[0]["to"] == ["GE", "NR"]
    assert "NR claims kuat by building" in ev[0]["text"]
    assert cf.claim(cf.blank(), "kuat", fac("F9", "NR"), 200)[1] is None


def test_gap46_surrender_passes_units_as_captured() -> None:
    """TOTE-GAP-46: a faction may surrender named units or facilities in a system to a faction present
    there; they pass as captures, with the craft aboard; otherwise the order is refused."""
    units = by_id({**ship("GE-1", "GE"), "carried": ["GE-2"]}, {**ship("GE-2", "GE", code="TIEF", space=None), "carried_by": "GE-1"},
                  ship("NR-1", "NR"), ship("GE-3", "GE", system="anaxes"))
    facs = by_id(fac("F1", "GE"))
    nu, nf, ev = cf.surrender(units, facs, ["GE-1", "F1"], "GE", "NR", "kuat", 30)
    assert sorted(nu) == ["GE-1", "GE-2"] and all(u["faction"] == "NR" and u["captured"] for u in nu.values())
    assert nf["F1"]["faction"] == "NR" and units["GE-1"]["faction"] == "GE"
    assert ev[0]["to"] == ["GE", "NR"]
    with pytest.raises(OrderError, match="HS has no unit or facility in kuat"):
        cf.surrender(units, facs, ["GE-1"], "GE", "HS", "kuat", 30)
    with pytest.raises(OrderError, match="GE-3 is not a standing unit or facility of GE in kuat"):
        cf.surrender(units, facs, ["GE-3"], "GE", "NR", "kuat", 30)
    with pytest.raises(OrderError, match="there is no unit or facility XX"):
        cf.surrender(units, facs, ["XX"], "GE", "NR", "kuat", 30)


def test_gap49_tatooine_is_a_no_combat_zone() -> None:
    """TOTE-GAP-49: at Tatooine no attack, boarding, bombardment or tractor beam may be ordered; moving and
    scanning may; with the tatooine_amnesty option off, fighting may."""
    for order in ("fire", "bomb", "bombard", "board", "tractor"):
        assert "Intergalactic Amnesty" in (amnesty_refusal("tatooine", order) or "")
    assert amnesty_refusal("tatooine", "move") is None and amnesty_refusal("tatooine", "scan") is None
    assert amnesty_refusal("kuat", "fire") is None and amnesty_refusal("tatooine", "fire", amnesty=False) is None


def test_conflict_the_fall_of_kuat_step_by_step() -> None:
    """TOTE-CONFLICT-01..06 in the order the engine calls them: the NR arrives at the GE's Kuat (turn 2,
    hour 24), destroys the GE's last ship and yard in its post (hour 48): Kuat is occupied; the NR's
    factory ordered then waits out the conflict (put back 24 hours) until the NR has held Kuat alone
    for 24 hours (hour 72); when the factory is done, Kuat is the NR's."""
    units = by_id(ship("GE-1", "GE"), ship("NR-1", "NR", code="MC80"))
    facs = by_id(fac("F1", "GE"))
    status, _ = cf.update(None, "kuat", cf.present("kuat", units, facs), 24)
    assert status["in_conflict"]
    units["GE-1"] = {**units["GE-1"], "destroyed": True}
    facs["F1"] = {**facs["F1"], "destroyed": True}
    status, _ = cf.update(status, "kuat", cf.present("kuat", units, facs), 48)
    status, ev = cf.occupation(status, "kuat", "GE", units, facs, 48)
    assert status["occupied"] and status["in_conflict"]
    build = [{"id": "B1", "kind": "construction", "system": "kuat", "due_hour": 48 + 24, "what": "FACTORY"}]
    build = cf.hold_builds(build, {"kuat": status}, 24)
    status, ev = cf.update(status, "kuat", cf.present("kuat", units, facs), 72)
    assert not status["in_conflict"] and build[0]["due_hour"] == 96
    assert cf.hold_builds(build, {"kuat": status}, 24) == build
    status, owner, ev = cf.claim(status, "kuat", fac("F2", "NR", code="FACTORY"), 96)
    assert owner == "NR" and not status["occupied"]


def test_gap_45_the_alliances_option_is_set_as_typed_and_allies_put_no_world_in_conflict() -> None:
    """TOTE-GAP-45 (option ``alliances``): a GM sets it as typed at the command line or in the new-game
    form (``GE+IR``, or JSON groups); a group naming a faction twice, or one name alone, is refused
    with the legal form. In the campaign, allied forces at one world put it in no conflict; a third
    faction there does."""
    from core.errors import SetupError
    from core.session import Session
    from core.rulesets.tote.campaign import day as campaign_day
    seats = [("al", "GE"), ("bo", "IR"), ("cy", "NR")]
    for typed in ("GE+IR", ["GE+IR"], [["GE", "IR"]], "al+IR"):
        s = Session.new("tote", seats, scenario="campaign", seed="allies", options={"alliances": typed})
        assert s.state["campaign"]["alliances"] == [["al", "bo"]], typed
    for wrong in ("GE", "GE+IR,IR+NR", [["GE", "GE"]]):
        with pytest.raises(SetupError, match=r"alliances is groups of two or more names.*GE\+IR,NR\+RA"):
            Session.new("tote", seats, scenario="campaign", seed="allies", options={"alliances": wrong})
    s = Session.new("tote", seats, scenario="campaign", seed="allies", options={"alliances": "GE+IR"})
    c = s.state["campaign"]
    ir = next(u for u in c["units"].values() if u["faction"] == "bo" and u.get("system"))
    ir.update(system="coruscant", space="C-1", transit=None)
    campaign_day.conflict_step(c, {"arrived": {}})
    assert not c["status"]["coruscant"]["in_conflict"], "an ally at Coruscant is no hostile presence"
    nr = next(u for u in c["units"].values() if u["faction"] == "cy" and u.get("system"))
    nr.update(system="coruscant", space="C-2", transit=None)
    campaign_day.conflict_step(c, {"arrived": {}})
    assert c["status"]["coruscant"]["in_conflict"], "the New Republic at Coruscant is hostile to both"
