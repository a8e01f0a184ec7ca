"""The GCW invariants themselves: each one fails when its rule is broken, and holds over real play."""
from __future__ import annotations

import copy

from core.rulesets.gcw import model
from gcw_helpers import R, add_fleet, do, moving, started


def broken(before, change, events=()):
    """The invariant messages after applying ``change`` to a copy of ``before``."""
    after = copy.deepcopy(before)
    change(after)
    return R.invariants(before, after, list(events))


def test_invariants_hold_over_orders():
    """GCW-REORG-03 GCW-REORG-07 GCW-CP-01: a move, a split and a pass keep every invariant, ledgers included."""
    state = moving(initiative="Empire")
    fid = model.fleets_of(state, "Empire")[0]
    state["sides"]["Empire"]["cp"] = 5
    for seat, text in (("ann", f"move {fid} Carida"), ("bob", "pass"), ("ann", "pass"), ("ann", "done"), ("bob", "done")):
        before = copy.deepcopy(state)
        events = do(state, seat, text)
        assert R.invariants(before, state, events) == [], text
    assert state["turn"] == 2, "the turn went round: movement, battles, resources, purchases"


def test_gcw_reorg_03_invariant_seven_fleets():
    """GCW-REORG-03: a side with 7 fleets breaks the invariant."""
    state = started()
    for system in ("Hoth", "Bespin", "Endor", "Naboo", "Sullust", "Kessel"):
        add_fleet(state, "Rebel", system, ["cr90-a"])
    msgs = R.invariants(state, state, [])
    assert any("Rebel has 7 fleets" in m for m in msgs), msgs


def test_gcw_reorg_07_invariant_two_commanders():
    """GCW-REORG-07: a fleet with two Commanders breaks the invariant."""
    state = started()
    fid = model.fleets_of(state, "Empire")[0]
    other = state["fleets"][fid]["units"][1]
    msgs = broken(state, lambda s: s["units"][other]["upgrades"].append("motti"))
    assert any("2 Commanders" in m for m in msgs), msgs


def test_gcw_res_02_invariant_resources_need_a_logged_cause():
    """GCW-RES-02 GCW-REINF-01: RP that change with no event accounting for them break the invariant; a ledger explains them."""
    state = started()
    msgs = broken(state, lambda s: s["sides"]["Rebel"].__setitem__("rp", 40))
    assert any("Rebel RP changed by +40" in m for m in msgs), msgs
    ok = broken(state, lambda s: s["sides"]["Rebel"].__setitem__("rp", 40),
                [{"kind": "income", "text": "Rebel gains 40 RP", "to": ["all"], "turn": 1, "data": {"ledger": [["Rebel", "rp", 40]]}}])
    assert ok == []


def test_gcw_setup_11_invariant_sealed_records_unchanged():
    """GCW-SETUP-11 GCW-BASE-10: a sealed record that changes, opens without a reveal, or a base that moves away from its
    record breaks the invariant."""
    state = started()
    rid = state["base"]["record"]
    assert any("changed its content" in m for m in broken(state, lambda s: s["sealed"][rid].__setitem__("content", {"base": "Hoth"})))
    assert any("without a 'revealed' event" in m for m in broken(state, lambda s: s["sealed"][rid].__setitem__("revealed", True)))
    assert any("its sealed record" in m for m in broken(state, lambda s: s["base"].__setitem__("system", "Hoth")))
    assert any("still closed" in m for m in broken(state, lambda s: s.__setitem__("result", {"winners": [], "reason": "x"})))


def test_gcw_reinf_03_invariant_units_vanish_only_by_a_logged_cause():
    """GCW-REINF-03 GCW-REINF-04: a unit that vanishes unlogged, or changes type, breaks the invariant."""
    state = started()
    fid = model.fleets_of(state, "Rebel")[0]
    uid = state["fleets"][fid]["units"][-1]
    msgs = broken(state, lambda s: model.remove_unit(s, uid))
    assert any(f"unit {uid} vanished" in m for m in msgs), msgs
    msgs = broken(state, lambda s: s["units"][uid].__setitem__("code", "x-wing"))
    assert any("changed from" in m for m in msgs), msgs
