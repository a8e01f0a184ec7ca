"""Tractor beams, ramming, launching, abandoning ship, boarding and capture (TOTE-TRACTOR-01..08,
TOTE-MATH-03, TOTE-RAM-01, TOTE-LAUNCH-01, TOTE-DISABLE-06..08, TOTE-BOARD-01..06, TOTE-GAP-23/
25/41/56/57; TOTE-EX-02/03/35/36), exact, on the authored unit data."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from core.errors import OrderError
from core.rulesets.tote.battle import control as ct
from core.rulesets.tote.rules import damage as dm
from core.rulesets.tote.rules.data import ground_types, unit_types
from core.rulesets.tote.rules.model import new_unit

T = unit_types()
G = ground_types()


def at(code: str, uid: str, faction: str, space: str, **extra: Any) -> dict[str, Any]:
    u = new_unit(uid, code, faction, space)
    u.update(extra)
    return u


def stack(code: str, uid: str, faction: str, count: int, space: str | None = None) -> dict[str, Any]:
    return {"id": uid, "type": code, "faction": faction, "space": space, "count": count, "wounds": 0,
            "destroyed": False}


# ---- tractor beams -----------------------------------------------------------------------------

def test_ex02_devastator_holds_428_metres_of_tantive_iv() -> None:
    """TOTE-EX-02 (TOTE-TRACTOR-04, TOTE-TRACTOR-05, TOTE-TRACTOR-07, TOTE-MATH-01, TOTE-MATH-03): the ISD
    Devastator (UCR 3, 10 projectors
    x 100 m) on the CORV Tantive IV (UCR 7, 150 m): 3/7 = 0.428 (truncated), 1000 x 0.428 = 428 m,
    not 429; 428 > 150, complete control; the CORV's UCR becomes 1 afterwards."""
    isd = at("ISD", "devastator", "GE", "B-1")
    corv = at("CORV", "tantive-iv", "RA", "B-1")
    assert (T["ISD"].ucr, T["CORV"].ucr, T["CORV"].length_m) == (3, 7, 150)
    assert ct.tractor_control([(isd, T["ISD"])], corv, T["CORV"]) == 428
    out = ct.tractor([(isd, T["ISD"])], corv, T["CORV"])
    held = out.units["tantive-iv"]
    assert out.result == "controlled" and held["tractored_by"] == "GE" and held["tractor_m"] == 428
    assert dm.unit_ucr(held, T["CORV"]) == 1
    assert out.events[0]["data"]["metres"] == 428


def test_tractor_preview_is_exact() -> None:
    """TOTE-TRACTOR-04, TOTE-TRACTOR-05: the preview shows each holder's metres and quotient and the
    total held (TOTE-EX-02: 428 m of 150 m), and changes nothing."""
    isd = at("ISD", "devastator", "GE", "B-1")
    corv = at("CORV", "tantive-iv", "RA", "B-1")
    before = dict(corv)
    p = ct.tractor_preview([(isd, T["ISD"])], corv, T["CORV"])
    assert p["parts"] == [{"ship": "devastator", "metres": 1000, "q_milli": 428}]
    assert (p["metres"], p["length"], p["controlled"]) == (428, 150, True)
    assert corv == before


def test_ex03_two_projectors_at_full_quotient() -> None:
    """TOTE-EX-03 (TOTE-TRACTOR-02, TOTE-TRACTOR-05): 2 projectors at UCR 7 against equal or lower UCR: 200 m;
    a Corvette is 150 m, 200 > 150: controlled."""
    tug_type = replace(T["CORV"], code="TUG", tractor_projectors=2, length_m=300)  # UCR 7
    assert ct.tractor_metres(tug_type) == 200
    tug = at("CORV", "tug", "GE", "B-1")
    corv = at("CORV", "c", "RA", "B-1")
    assert ct.tractor_control([(tug, tug_type)], corv, T["CORV"]) == 200
    assert ct.under_control(200, T["CORV"])


def test_ex35_tractor_strictness() -> None:
    """TOTE-EX-35 (TOTE-TRACTOR-05): 200 m at a=3, d=4 -> 0.750 -> 150 m: not control over a 150 m
    target (must exceed), control over a 149 m one."""
    assert 200 * 750 // 1000 == 150
    assert not ct.under_control(150, T["CORV"])
    small = type("L149", (), {"length_m": 149})()
    assert ct.under_control(150, small)


def test_ex36_tractor_comes_last() -> None:
    """TOTE-EX-36, TOTE-TRACTOR-08: a ship fires at the CORV and tractors it in one post: the attack
    uses the CORV's UCR 7; UCR 1 applies only from later posts."""
    isd = at("ISD", "isd", "GE", "B-1")
    corv = at("CORV", "corv", "RA", "B-1", shields=90)
    shot = dm.fire(isd, T["ISD"], corv, T["CORV"], ["TLB:1"])  # 12 raw at 3 vs 7 = ceil(12 x 0.428) = 6
    assert shot.events[0]["data"]["ucr"] == [3, 7] and shot.dealt == {"standard": 6}
    held = ct.tractor([(isd, T["ISD"])], shot.unit, T["CORV"]).units["corv"]
    later = dm.fire(isd, T["ISD"], held, T["CORV"], ["TLB:1"])
    assert later.events[0]["data"]["ucr"] == [3, 1] and later.dealt == {"standard": 12}


def test_tractor_needs_lesser_size_and_range() -> None:
    """TOTE-TRACTOR-01, TOTE-GAP-41: only a vessel shorter than the tractoring ship, within range 1."""
    corv = at("CORV", "c", "RA", "B-1")
    isd = at("ISD", "i", "GE", "B-1")
    gunship = at("INT", "int", "GE", "B-1")
    assert "no tractor beam projectors" in ct.tractor_problem(corv, T["CORV"], isd, T["ISD"])
    with pytest.raises(OrderError, match="lesser size"):
        ct.tractor([(gunship, T["INT"])], isd, T["ISD"])
    far = at("ISD", "far", "GE", "DSZ-3")
    assert "out of tractor range" in ct.tractor_problem(far, T["ISD"], corv, T["CORV"])
    assert ct.tractor_problem(at("ISD", "near", "GE", "C-1"), T["ISD"], corv, T["CORV"]) == ""


def test_aux_projectors_are_25_metres() -> None:
    """TOTE-TRACTOR-03: an auxiliary craft's projector holds 25 m (the data default for AUX)."""
    class Tug:
        cls, tractor_projectors, tractor_m_each, length_m = "aux", 2, 25, 60
    assert ct.tractor_metres(Tug()) == 50


def test_combined_tractors_rounded_once() -> None:
    """TOTE-GAP-41: projectors of several ships of one player combine, each at its own quotient,
    summed and rounded up once: ISD 1000 x 0.428 + INT 400 x 0.571 = 428 + 228.4 -> 657."""
    corv = at("CORV", "c", "RA", "B-1")
    holders = [(at("ISD", "i", "GE", "B-1"), T["ISD"]), (at("INT", "n", "GE", "B-1"), T["INT"])]
    assert ct.tractor_control(holders, corv, T["CORV"]) == 657
    with pytest.raises(OrderError, match="one player"):
        ct.tractor([holders[0], (at("INT", "x", "IR", "B-1"), T["INT"])], corv, T["CORV"])


def test_partial_control_has_no_effect() -> None:
    """TOTE-GAP-41: less than complete control leaves the target as it was."""
    big = at("VSD", "vsd", "NR", "B-1")
    out = ct.tractor([(at("ISD", "i", "GE", "B-1"), T["ISD"])], big, T["VSD"])
    assert out.result == "slipped" and out.units["vsd"]["tractored_by"] is None


def test_drag_one_space_and_release() -> None:
    """TOTE-TRACTOR-06, TOTE-GAP-41: a held ship is dragged up to 1 space, staying within range 1
    of a holder, may be towed into hyperspace if held at the start of the post; control ends at
    the holder's next post."""
    isd = at("ISD", "i", "GE", "B-1")
    corv = at("CORV", "c", "RA", "B-1", tractored_by="GE")
    moved = ct.drag(corv, "C-1", [isd]).units["c"]
    assert moved["space"] == "C-1"
    with pytest.raises(OrderError):
        ct.drag(corv, "DSZ-1", [isd])
    assert ct.may_tow_into_hyperspace(corv, "GE", held_at_post_start=True)
    assert not ct.may_tow_into_hyperspace(corv, "GE", held_at_post_start=False)
    freed = ct.release([corv, isd], "GE")
    assert [u["id"] for u in freed] == ["c"] and freed[0]["tractored_by"] is None


def test_ramming_is_prohibited() -> None:
    """TOTE-RAM-01: ramming, deliberate or by tractor, is refused; a drag into an occupied space
    does no damage."""
    with pytest.raises(OrderError, match="ramming is prohibited"):
        ct.ram()
    isd = at("ISD", "i", "GE", "B-1")
    corv = at("CORV", "c", "RA", "B-1", tractored_by="GE")
    other = at("CORV", "d", "RA", "C-1")
    moved = ct.drag(corv, "C-1", [isd]).units
    assert set(moved) == {"c"} and moved["c"]["hull"] == T["CORV"].hull and other["hull"] == T["CORV"].hull


# ---- launching ----------------------------------------------------------------------------------

def test_launch_and_recall_any_or_all_each_round() -> None:
    """TOTE-LAUNCH-01: a capital ship launches or recalls any or all of its craft each round; craft
    appear in its space; recall needs the same space and hangar room."""
    isd = at("ISD", "i", "GE", "B-2", carried=["t1", "t2"])
    t1 = at("TIEF", "t1", "GE", None, carried_by="i")
    t2 = at("TIEF", "t2", "GE", None, carried_by="i")
    out = ct.launch(isd, [t1, t2])
    assert out.units["t1"]["space"] == "B-2" and out.units["i"]["carried"] == []
    back = ct.recall(out.units["i"], T["ISD"], [(out.units["t1"], T["TIEF"])])
    assert back.units["i"]["carried"] == ["t1"] and back.units["t1"]["carried_by"] == "i"
    with pytest.raises(OrderError, match="hangar slots"):
        ct.recall(out.units["i"], T["ISD"], [(out.units["t1"], T["TIEF"])], aboard_room=T["ISD"].hangar_slots)
    stray = at("TIEF", "t3", "GE", "C-2")
    with pytest.raises(OrderError, match="same space"):
        ct.recall(isd, T["ISD"], [(stray, T["TIEF"])])


def test_disabled_ship_launches_as_final_action() -> None:
    """TOTE-DISABLE-04: a ship disabled this round may still launch its craft; an inert one cannot."""
    isd = at("ISD", "i", "GE", "B-2", carried=["t1"], disabled=True, final=True)
    t1 = at("TIEF", "t1", "GE", None, carried_by="i")
    assert ct.launch(isd, [t1]).units["t1"]["space"] == "B-2"
    with pytest.raises(OrderError):
        ct.launch({**isd, "final": False, "inert": True}, [t1])


# ---- abandon ship -------------------------------------------------------------------------------

def test_abandon_ship_crew_to_the_ground() -> None:
    """TOTE-DISABLE-06, TOTE-DISABLE-07, TOTE-DISABLE-08, TOTE-GAP-23a, TOTE-GAP-57: a disabled CORV (150 m,
    crew 15) abandons
    ship: 15 stock infantry squads land on G-3 Surface next round; the ship is DERELICT (UCR 0)
    and can be tractored away."""
    corv = at("CORV", "c", "RA", "B-3", disabled=True, final=True, shields=0)
    out = ct.abandon(corv, T["CORV"])
    ship, pods = out.units["c"], out.units["c-crew"]
    assert ship["derelict"] and dm.unit_ucr(ship, T["CORV"]) == 0
    assert (pods["count"], pods["arrives"], pods["type"]) == (15, "G-3/surface", "INF")
    isd = at("ISD", "i", "GE", "B-3")
    assert ct.tractor([(isd, T["ISD"])], ship, T["CORV"]).result == "controlled"
    lost = ct.abandon(corv, T["CORV"], ground=False)
    assert "c-crew" not in lost.units and lost.units["c"]["derelict"]
    with pytest.raises(OrderError, match="DISABLED"):
        ct.abandon(at("CORV", "d", "RA", "B-3"), T["CORV"])


# ---- boarding and capture ------------------------------------------------------------------------

def test_boarding_only_by_non_barge_aux_once_shields_are_down() -> None:
    """TOTE-BOARD-01, TOTE-BOARD-02, TOTE-GAP-56: an AUX that is not a Landing Barge, in the target's space,
    after the shields are down, within its troop capacity."""
    corv = at("CORV", "c", "RA", "B-1", shields=0)
    lam = at("LAMBDA", "l", "GE", "B-1")
    barge = at("BARGE", "b", "GE", "B-1")
    xw = at("XWING", "x", "GE", "B-1")
    assert ct.board_problem(lam, T["LAMBDA"], corv, T["CORV"], 10) == ""
    assert "Landing Barge" in ct.board_problem(barge, T["BARGE"], corv, T["CORV"], 4)
    assert "not an auxiliary" in ct.board_problem(xw, T["XWING"], corv, T["CORV"], 1)
    assert "shields" in ct.board_problem(lam, T["LAMBDA"], {**corv, "shields": 5}, T["CORV"], 4)
    assert "at most 10" in ct.board_problem(lam, T["LAMBDA"], corv, T["CORV"], 11)
    assert "space" in ct.board_problem({**lam, "space": "C-1"}, T["LAMBDA"], corv, T["CORV"], 4)


def test_capture_when_crew_and_onboard_units_are_killed() -> None:
    """TOTE-BOARD-03, TOTE-BOARD-04, TOTE-GAP-25, TOTE-GAP-23b: combat aboard is fought as on the ground;
    when every crew squad and onboard unit is dead and boarders survive, the ship is CAPTURED
    and changes hands (TOTE-BOARD-05: it now counts for the captor)."""
    corv = at("CORV", "c", "RA", "B-1", shields=0, crew=2)
    lam = at("LAMBDA", "l", "GE", "B-1")
    party = stack("STORM", "s", "GE", 10)
    out = ct.board(lam, T["LAMBDA"], corv, T["CORV"], party, 10)
    boarded = out.units["c"]
    assert boarded["boarders"]["count"] == 10 and out.units["s"]["count"] == 0
    # 10 stormtroopers (raw 1 each, UCR 3) vs 2 crew (INF UCR 3, hp 3): 10 damage kills both squads;
    # the crew's 2 raw on the stormtroopers (hp 4) kills none.
    fight = ct.fight_aboard(boarded, T["CORV"], G["INF"], G["STORM"])
    ship = fight.units["c"]
    assert fight.result == "captured" and ship["faction"] == "GE" and ship["captured"]
    assert ship["crew"] == 10 and ship["boarders"] is None
    assert any(e["kind"] == "tote.capture" for e in fight.events)


def test_repelled_and_mutual_wipeout() -> None:
    """TOTE-GAP-23: boarders all killed -> repelled; both sides wiped out aboard -> DERELICT
    (TOTE-DISABLE-08: crew failed to repel boarders with the hull intact)."""
    corv = at("CORV", "c", "RA", "B-1", shields=0, crew=15)
    boarded = {**corv, "boarders": {"faction": "GE", "type": "INF", "count": 1, "wounds": 0}}
    rep = ct.fight_aboard(boarded, T["CORV"], G["INF"], G["INF"])
    assert rep.result == "repelled" and rep.units["c"]["faction"] == "RA" and rep.units["c"]["crew"] == 15
    # 1 wounded crew squad (2 of 3 hp left) against 1 commando with 1 of 4 hp left: each side's
    # fire (2 raw at q 1.000; 1 raw at q 0.750 -> 1) finishes the other
    even = {**corv, "crew": 1, "crew_wounds": 1,
            "boarders": {"faction": "GE", "type": "COMMANDO", "count": 1, "wounds": 3}}
    both = ct.fight_aboard(even, T["CORV"], G["INF"], G["COMMANDO"])
    assert both.result == "derelict" and both.units["c"]["derelict"] and both.units["c"]["faction"] == "RA"


def test_derelict_captured_by_one_unopposed_squad() -> None:
    """TOTE-GAP-23: a derelict is captured when at least 1 infantry squad goes aboard unopposed."""
    wreck = at("CORV", "c", "RA", "B-1", shields=0, crew=0, derelict=True, disabled=True)
    lam = at("LAMBDA", "l", "GE", "B-1")
    out = ct.board(lam, T["LAMBDA"], wreck, T["CORV"], stack("INF", "p", "GE", 4), 1)
    assert out.result == "captured" and out.units["c"]["faction"] == "GE" and not out.units["c"]["derelict"]
    own = ct.board(at("LAMBDA", "m", "RA", "B-1"), T["LAMBDA"], wreck, T["CORV"], stack("INF", "q", "RA", 4), 2)
    assert own.result == "remanned" and not own.units["c"].get("captured") and own.units["c"]["crew"] == 2


def test_captured_ship_repairs_wait_for_peace() -> None:
    """TOTE-BOARD-06: a captured ship begins repairs only once its system is no longer in conflict."""
    prize = {"id": "c", "captured": True}
    assert not ct.may_start_repairs(prize, system_in_conflict=True)
    assert ct.may_start_repairs(prize, system_in_conflict=False)
    assert ct.may_start_repairs({"id": "own"}, system_in_conflict=True)


def test_vignette_disable_board_capture_tow() -> None:
    """A whole capture, end to end: the ISD's ion cannons strip the CORV's shields and systems, its
    armor untouched (TOTE-DMG-01, TOTE-DISABLE-01, TOTE-DISABLE-02); two Lambdas put 20
    stormtroopers aboard (TOTE-BOARD-01, TOTE-BOARD-02); in three rounds they kill the 15 crew
    squads (TOTE-BOARD-03, TOTE-BOARD-04) and the CORV is GE's, to be repaired only once the
    system is at peace (TOTE-BOARD-06)."""
    isd = at("ISD", "isd", "GE", "B-1")
    corv = at("CORV", "corv", "RA", "B-1")
    ion = dm.fire(isd, T["ISD"], corv, T["CORV"], ["HIC:10"])  # 40 ion at 3 vs 7: ceil(17.12) = 18
    assert ion.dealt == {"ion": 18} and ion.unit["shields"] == 72
    second = dm.fire(isd, T["ISD"], ion.unit, T["CORV"], ["HIC:10", "HIC:10", "HIC:10", "HIC:10", "HIC:10"])
    hulk = second.unit  # one pool: 200 ion x 0.428 = 85.6 -> 86: shields 72 -> 0, systems 75 -> 61
    assert (second.dealt, hulk["shields"], hulk["systems"]) == ({"ion": 86}, 0, 61)
    third = dm.fire(isd, T["ISD"], hulk, T["CORV"], ["HIC:10", "HIC:10", "HIC:10", "HIC:10"])
    hulk = third.unit  # 160 x 0.428 = 68.48 -> 69: systems 61 -> 0, hull 120 -> 112
    assert hulk["hull"] == 112
    assert hulk["disabled"] and hulk["shields"] == 0 and hulk["systems"] == 0 and hulk["armor"] == 60
    first = ct.board(at("LAMBDA", "l1", "GE", "B-1"), T["LAMBDA"], hulk, T["CORV"], stack("STORM", "s1", "GE", 10), 10)
    boarded = ct.board(at("LAMBDA", "l2", "GE", "B-1"), T["LAMBDA"], first.units["corv"], T["CORV"],
                       stack("STORM", "s2", "GE", 10), 10).units["corv"]
    assert boarded["boarders"]["count"] == 20
    rounds = 0
    while boarded.get("boarders") and rounds < 10:
        fight = ct.fight_aboard(boarded, T["CORV"], G["INF"], G["STORM"])
        boarded, rounds = fight.units["corv"], rounds + 1
    assert fight.result == "captured" and boarded["faction"] == "GE" and rounds == 3 and boarded["crew"] == 14
    assert not ct.may_start_repairs(boarded, system_in_conflict=True)
