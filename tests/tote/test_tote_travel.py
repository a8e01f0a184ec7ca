"""Hyperspace travel across the galaxy (travel.py): a course plotted or offered (TOTE-MAP-05/06), a
fleet at its slowest hyperdrive (TOTE-FLEETHYP-01, TOTE-GAP-06), departure and arrival on the clock
(TOTE-GAP-07, TOTE-EX-25), what the departure tells everyone and what it keeps for the owner
(TOTE-GAP-39), jumps and the day's post (TOTE-TIME-04/06), craft aboard and ships in tow."""
from __future__ import annotations

from typing import Any

import pytest

from core.errors import OrderError
from core.rulesets.tote.campaign import travel
from core.rulesets.tote.rules.galaxy import galaxy


def unit(uid: str, code: str, faction: str = "NR", system: str = "coruscant", **extra: Any) -> dict[str, Any]:
    """A campaign unit at ``system`` (the fields travel and the jump checks read)."""
    return {"id": uid, "type": code, "faction": faction, "system": system, "space": "C-1", "transit": None,
            "acted": [], "carried": [], "carried_by": None, "tractored_by": None, **extra}


def fleet(*units: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {u["id"]: u for u in units}


def test_course_offered_is_the_fastest_and_a_plotted_one_sums_its_links() -> None:
    """TOTE-MAP-06 (the engine offers the fastest path, the player may plot any) and TOTE-MAP-05 (the trip
    is the sum of the plotted links)."""
    g = galaxy()
    fast = travel.plot(g, "Coruscant", "Naboo")
    assert fast.path == ("coruscant", "corellia", "ithor", "naboo") and fast.route_hours == 24
    assert fast.text(g) == "Coruscant -6 h- Corellia -6 h- Ithor -12 h- Naboo (24 h)"
    mine = travel.plot(g, "coruscant", "naboo", via=["Brentaal", "Abregado-rae", "Devaron", "Malastare"])
    assert mine.route_hours == 6 + 6 + 6 + 6 + 12
    assert travel.plot(g, "coruscant", "byss").text(g) == "Coruscant -12 h- Foerost -36 h uncharted- Byss (48 h)"
    with pytest.raises(ValueError, match="no hyperspace route joins Kuat and Coruscant; from Kuat the routes go to Corellia"):
        travel.plot(g, "kuat", "naboo", via=["coruscant"])
    with pytest.raises(ValueError, match="already at Coruscant"):
        travel.plot(g, "coruscant", "Coruscant")


def test_ex25_hyperspace_times_by_the_slowest_drive() -> None:
    """TOTE-EX-25, TOTE-FLEETHYP-01, TOTE-GAP-06: 2 trade links + 1 common link = 24 h; the same trip by a
    fleet whose slowest hyperdrive is class 2 (an ISD beside a class-1 MC90) takes 48 h; departing on turn d
    it arrives at the start of turn d + 1 (24 h) or d + 2 (48 h)."""
    g = galaxy()
    route_hours = g.path_hours(["coruscant", "corellia", "ithor", "naboo"])
    assert route_hours == 24
    assert travel.trip_hours(route_hours, ["MC90", "XWING"]) == 24
    assert travel.trip_hours(route_hours, ["MC90", "ISD"]) == 48
    fast, _ = travel.depart(g, fleet(unit("NR-1", "MC90")), "NR", ["NR-1"], "naboo", 7)
    slow, _ = travel.depart(g, fleet(unit("NR-1", "MC90"), unit("NR-2", "ISD")), "NR", ["NR-1", "NR-2"], "naboo", 7)
    assert (fast["NR-1"]["transit"]["hours"], fast["NR-1"]["transit"]["arrive_turn"]) == (24, 8)
    assert {u["transit"]["hours"] for u in slow.values()} == {48} and slow["NR-1"]["transit"]["arrive_turn"] == 9


def test_departure_puts_the_fleet_in_hyperspace_and_tells_whom_what() -> None:
    """TOTE-GAP-07, TOTE-GAP-39: the units leave the system (no system, no space) with their course; the
    owner learns the course and the arrival turn; everyone learns only that a fleet of NR with so many
    capital ships left Coruscant, never where it goes. The class-2 Corellian corvette sets the pace: 84 h."""
    g = galaxy()
    units = fleet(unit("NR-1", "MC90"), unit("NR-2", "CORV"), unit("NR-3", "XWING"), unit("GE-1", "ISD", "GE"))
    out, events = travel.depart(g, units, "NR", ["NR-1", "NR-2", "NR-3"], "Tatooine", 3)
    assert set(out) == {"NR-1", "NR-2", "NR-3"} and units["NR-1"]["system"] == "coruscant"  # inputs untouched
    t = out["NR-1"]["transit"]
    assert (out["NR-1"]["system"], out["NR-1"]["space"]) == (None, None)
    assert t == {"from": "coruscant", "to": "tatooine", "path": ["coruscant", "corellia", "ithor", "naboo", "rodia", "tatooine"],
                 "route_hours": 42, "hours": 84, "depart_hour": 48, "arrive_hour": 132, "arrive_turn": 7, "fleet": "NR-3-NR-1", "by": "NR"}
    mine, public = events
    assert mine["to"] == ["seat:NR"] and "arriving at the start of turn 7" in mine["text"] and "Tatooine" in mine["text"]
    assert public["to"] == ["all"] and public["text"] == "NR fleet of 2 capital ships departed Coruscant."
    assert "tatooine" not in str(public).lower() and "destination" not in public["data"]


def test_arrival_at_the_turn_start_with_no_movement_points() -> None:
    """TOTE-GAP-07, TOTE-HYPER-02: a fleet that departs on turn d arrives at the start of turn d + ⌈T/24⌉,
    at its destination with no movement points, before any post; not a turn sooner."""
    g = galaxy()
    gone, _ = travel.depart(g, fleet(unit("NR-1", "MC90"), unit("NR-2", "MC80")), "NR", ["NR-1", "NR-2"], "nal_hutta", 2)
    assert gone["NR-1"]["transit"]["hours"] == 48 and gone["NR-1"]["transit"]["arrive_turn"] == 4
    assert travel.arrivals(g, gone, 3) == ({}, [])
    assert travel.in_transit(gone, "NR") == {"NR-2-NR-1": ["NR-1", "NR-2"]} and travel.in_transit(gone, "GE") == {}
    back, events = travel.arrivals(g, gone, 4)
    assert {uid: (u["system"], u["transit"], u["mp"]) for uid, u in back.items()} == \
        {"NR-1": ("nal_hutta", None, 0), "NR-2": ("nal_hutta", None, 0)}
    assert len(events) == 1 and events[0]["to"] == ["seat:NR"] and events[0]["text"] == "MC-90 Star Cruiser NR-1 and MC-80 Star Cruiser NR-2 arrive at Nal Hutta out of hyperspace."


def test_craft_aboard_ride_along_and_a_unit_without_drive_cannot_jump_alone() -> None:
    """TOTE-GAP-06: units without a hyperdrive jump only carried or in tow, without slowing the fleet; alone
    they are refused with the reason."""
    g = galaxy()
    units = fleet(unit("GE-1", "ISD", "GE", carried=["GE-2"]), unit("GE-2", "TIEF", "GE", space=None, carried_by="GE-1"),
                  unit("GE-3", "TIEF", "GE"))
    out, _ = travel.depart(g, units, "GE", ["GE-1"], "kuat", 1)
    assert set(out) == {"GE-1", "GE-2"} and out["GE-2"]["transit"]["hours"] == 2 * 12
    with pytest.raises(OrderError, match="GE-3 has no hyperdrive: it jumps only aboard a carrier or under complete tractor control"):
        travel.depart(g, units, "GE", ["GE-3"], "kuat", 1)


def test_tractor06_a_ship_under_complete_control_is_taken_along() -> None:
    """TOTE-TRACTOR-06: a ship under complete tractor control can be taken into hyperspace by its captor; one
    that is not cannot; the captor's own units held by an enemy cannot jump."""
    g = galaxy()
    units = fleet(unit("GE-1", "ISD", "GE"), unit("NR-9", "CORV", "NR", tractored_by="GE"), unit("NR-8", "CORV", "NR"))
    out, events = travel.depart(g, units, "GE", ["GE-1"], "kuat", 1, towed=["NR-9"])
    assert out["NR-9"]["transit"]["to"] == "kuat" and out["NR-9"]["transit"]["by"] == "GE"
    assert events[0]["to"] == ["seat:GE"]
    with pytest.raises(OrderError, match="NR-8 is not under your complete tractor control"):
        travel.depart(g, units, "GE", ["GE-1"], "kuat", 1, towed=["NR-8"])
    held = fleet(unit("GE-1", "ISD", "GE", tractored_by="NR"))
    with pytest.raises(OrderError, match="held by the tractor beams of NR"):
        travel.depart(g, held, "GE", ["GE-1"], "kuat", 1)


def test_bad_course_refused_as_an_order() -> None:
    """A jump to a world that is not on the map, or along a link that does not exist, is refused as an
    order naming the world, and nothing changes."""
    units = fleet(unit("NR-1", "MC90"))
    with pytest.raises(OrderError, match="no world called 'Kamino' in the galaxy"):
        travel.depart(galaxy(), units, "NR", ["NR-1"], "Kamino", 1)
    with pytest.raises(OrderError, match="no hyperspace route joins Coruscant and Kuat"):
        travel.depart(galaxy(), units, "NR", ["NR-1"], "naboo", 1, via=["kuat"])
    assert units["NR-1"]["system"] == "coruscant" and units["NR-1"]["transit"] is None


@pytest.mark.parametrize("units, ids, message", [
    (fleet(unit("NR-1", "MC90", disabled=True)), ["NR-1"], "NR-1 is disabled: a disabled ship may never enter hyperspace"),
    (fleet(unit("GE-1", "ISD", "GE")), ["GE-1"], "GE-1 is not yours"),
    (fleet(unit("NR-1", "MC90"), unit("NR-2", "MC90", system="kuat")), ["NR-1", "NR-2"], "must be in one system; these are at coruscant, kuat"),
    (fleet(unit("NR-1", "MC90", system=None, transit={"to": "kuat"})), ["NR-1"], "NR-1 is already in hyperspace, bound for kuat"),
    (fleet(unit("NR-1", "MC90")), ["NR-7"], "there is no unit 'NR-7'"),
    (fleet(unit("NR-1", "MC90")), [], "name the units that jump"),
])
def test_jumps_refused_with_the_reason(units: dict[str, Any], ids: list[str], message: str) -> None:
    """TOTE-DISABLE-05 and the order's own checks: a refused jump says why and changes nothing."""
    with pytest.raises(OrderError, match=message):
        travel.depart(galaxy(), units, "NR", ids, "kuat", 1)


def test_time04_jumps_out_of_combat_do_not_use_the_post() -> None:
    """TOTE-TIME-04: entering hyperspace while not in combat, or from a friendly system (not in a battle
    there), does not count against the day's post."""
    assert travel.jump_uses_post(in_combat=False, friendly_system=False) is False
    assert travel.jump_uses_post(in_combat=False, friendly_system=True) is False


def test_time06_withdrawal_from_battle_uses_the_post() -> None:
    """TOTE-TIME-06: withdrawing from battle counts against the 1 post per day, even from a friendly system
    (the text's "DOES count" read as the narrower rule)."""
    assert travel.jump_uses_post(in_combat=True, friendly_system=False) is True
    assert travel.jump_uses_post(in_combat=True, friendly_system=True) is True


def test_inbound_lists_only_the_factions_own_jumps_for_its_calendar() -> None:
    """The faction's calendar of arrivals (and the map's inbound fleets): its own jumps under way, ships
    not counting the craft aboard, by arrival; another faction's jumps never appear (catalog 5.5)."""
    g = galaxy()
    units = fleet(unit("GE-1", "ISD", "GE", carried=["GE-2"]), unit("GE-2", "TIEF", "GE", space=None, carried_by="GE-1"),
                  unit("GE-3", "VSD", "GE"), unit("NR-1", "MC90", "NR"))
    gone = dict(units)
    for out in (travel.depart(g, units, "GE", ["GE-1"], "kuat", 1, fleet_id="f1")[0],
                travel.depart(g, units, "GE", ["GE-3"], "corellia", 1, fleet_id="f2")[0],
                travel.depart(g, units, "NR", ["NR-1"], "kuat", 1, fleet_id="f3")[0]):
        gone.update(out)
    assert travel.inbound(gone, "GE") == [
        {"fleet": "f2", "to": "corellia", "arrive_turn": 2, "arrive_hour": 6, "ships": 1, "units": ["GE-3"]},
        {"fleet": "f1", "to": "kuat", "arrive_turn": 2, "arrive_hour": 24, "ships": 1, "units": ["GE-1", "GE-2"]}]
    assert [f["fleet"] for f in travel.inbound(gone, "NR")] == ["f3"]


def test_hyper03_exit_status_on_arrival() -> None:
    """TOTE-HYPER-01, TOTE-HYPER-03, TOTE-GAP-10: arriving at a world it (or an ally) holds, a fleet may
    exit up to the B-Ring; at a world it scanned or visited before, too; anywhere else, in a Deep Space
    Zone only (the exits themselves are grid.hyper_exit_spaces)."""
    from core.rulesets.tote.rules import grid
    owners = {"kuat": "GE", "corellia": "NR", "naboo": None}
    assert travel.exit_status("kuat", "GE", owners) == "friendly"
    assert travel.exit_status("corellia", "GE", owners, friends=["NR"]) == "friendly"
    assert travel.exit_status("corellia", "GE", owners, known=["corellia"]) == "scanned"
    assert travel.exit_status("naboo", "GE", owners) == "hostile"
    assert all(s.startswith("DSZ") for s in grid.hyper_exit_spaces(travel.exit_status("naboo", "GE", owners)))
