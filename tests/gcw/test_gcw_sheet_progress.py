"""The campaign's money, warnings, victory progress and urgent line (issue 13), per viewer.

CP prices come from GCW-MOVE-03/04 (largest ship, +1 with an Admiral), GCW-MOVE-07 (turn 7: 7 CP), GCW-REORG-02
(1 CP), GCW-REPAIR-02 (ceil(n / yard)); warnings from GCW-CP-02 (CP lost when the phase ends), GCW-REINF-05
(a replaced upgrade is discarded with no refund) and GCW-RES-05/06 (RP are worth nothing after the last turn);
victory from GCW-WIN-01..03 and GCW-BASE-05/09 (the base's system stays the Rebel's secret).
"""
from __future__ import annotations

import json

from core.rulesets.gcw import model
from gcw_helpers import R, add_fleet, do, give_action, moving, started


def _fleets(state):
    state["fleets"].clear()
    state["units"].clear()
    vsd = add_fleet(state, "Empire", "Kuat", ["victory-2+tarkin", "raider-1", "tie-fighter"])
    glad = add_fleet(state, "Empire", "Coruscant", ["victory-1", "raider-2"])
    reb = add_fleet(state, "Rebel", "Hoth", ["cr90-a", "cr90-b", "nebulon-escort", "gr75-medium"])
    return vsd, glad, reb


def test_GCW_MOVE_07_MOVE_03_04_prices_and_cp_left_per_fleet():
    """GCW-MOVE-07 [EXAMPLE]: turn 7, 7 CP; a medium fleet without an Admiral moves for 2 (5 left); GCW-MOVE-04: with
    an Admiral 3 (4 left); GCW-REORG-02: reorganising 1 (6 left); GCW-CP-02: the rest is lost when the phase ends."""
    state = moving()
    vsd, glad, _ = _fleets(state)
    state["turn"] = 7
    give_action(state, "Empire", 7)
    lines = R.sheet_notes(state, "ann")["lines"]
    assert lines[0].startswith("7 CP this phase") and "GCW-CP-02" in lines[0], lines
    assert f"move {glad}: 2 CP (medium 2) → 5 left" in lines, lines
    assert f"move {vsd}: 3 CP (medium 2 + Admiral 1) → 4 left" in lines, lines
    assert any(line.startswith("split, merge, transfer, reassign, deploy: 1 CP each") and line.endswith("6 left") for line in lines), lines
    give_action(state, "Empire", 2)
    assert f"move {vsd}: 3 CP (medium 2 + Admiral 1) → short by 1" in R.sheet_notes(state, "ann")["lines"]


def test_GCW_REPAIR_02_repair_price_at_a_yard():
    """GCW-REPAIR-02: 2 damaged ships at Kuat (yard 3) cost ceil(2/3) = 1 CP."""
    state = moving()
    vsd, _, _ = _fleets(state)
    give_action(state, "Empire", 4)
    for uid in state["fleets"][vsd]["units"][:2]:
        state["units"][uid]["damage"] = 1
    assert f"repair {vsd}: 1 CP for 2 ship(s) at yard 3 (GCW-REPAIR-02) → 3 left" in R.sheet_notes(state, "ann")["lines"]


def test_GCW_CP_02_pass_that_ends_the_phase_warns_of_lost_cp():
    """GCW-CP-02: CP left at the end of the movement phase are lost: a pass after the opponent's pass ends the phase,
    so it warns with the CP it loses; a first pass does not end it and does not warn."""
    state = moving()
    _fleets(state)
    give_action(state, "Empire", 3)
    assert R.order_warnings(state, "ann", "pass") == []
    state["movement"]["passes"] = 1
    (warning,) = R.order_warnings(state, "ann", "pass")
    assert "your 3 CP are lost (GCW-CP-02)" in warning, warning
    assert R.order_warnings(state, "ann", "pass pass pass") == [], "an order that does not parse gets the parser's refusal, no warning"


def test_GCW_REINF_05_buying_an_upgrade_over_another_warns_it_is_discarded():
    """GCW-REINF-05/06: Sensor Team on a GSD-II carrying Ordnance Experts discards Ordnance Experts with no refund."""
    from test_gcw_resource import resource_phase
    state = started()
    ship = model.new_unit(state, "Empire", "gladiator-2", ["ordnance-experts"])
    resource_phase(state, turn=1)
    state["sides"]["Empire"]["rp"] = 50
    (warning,) = R.order_warnings(state, "ann", f"buy sensor-team for {ship}")
    assert "Ordnance Experts is discarded with no refund (GCW-REINF-05)" in warning, warning
    (same,) = R.order_warnings(state, "ann", f"buy ordnance-experts for {ship}")
    assert "already carries" in same, same
    assert R.order_warnings(state, "ann", "buy victory-2") == []
    state["turn"] = state["turns"]
    (last,) = R.order_warnings(state, "ann", "done")
    assert "last turn" in last and "50 RP" in last and "GCW-RES-05/06" in last, last
    (bought,) = R.order_warnings(state, "ann", "buy victory-2")
    assert "adds nothing (GCW-WIN-03)" in bought, bought


def test_GCW_WIN_03_rebel_last_turn_rp_could_become_half_points():
    """GCW-WIN-03, GCW-RES-05/06: on the last turn the Rebel's unspent RP are worth nothing, but ships he buys count
    half their points in his final score: 'done' says so, and a Rebel purchase gets no warning."""
    from test_gcw_resource import resource_phase
    state = started()
    resource_phase(state, turn=1)
    state["turn"] = state["turns"]
    state["sides"]["Rebel"]["rp"] = 80
    state["step"] = {"kind": "buy", "sides": ["Rebel"]}
    (done,) = R.order_warnings(state, "bob", "done")
    assert "80 RP count for nothing" in done and "half their points" in done, done
    assert R.order_book().parse("buy x-wing", R.context(state, "bob")).spec.verb == "buy", "the purchase parses"
    assert R.order_warnings(state, "bob", "buy x-wing") == []


def test_GCW_WIN_01_02_03_victory_rows():
    """GCW-WIN-03: the Rebel's projected total is his VP plus half his fleet points rounded up; GCW-WIN-01: Rebel fleets
    left; GCW-WIN-02: how many of Coruscant, Eriadu and Kuat the Rebel holds."""
    state = moving()
    _, _, reb = _fleets(state)
    state["sides"]["Rebel"]["vp"] = 40
    state["sides"]["Empire"]["vp"] = 200
    state["systems"]["Kuat"]["owner"] = "Rebel"
    points = model.total_value(state, "Rebel")
    rows = {(r["objective"], r["side"]): r for r in R.victory(state, "bob")["rows"]}
    assert rows[("Regular victory", "Rebel")]["have"] == 40 + (points + 1) // 2, rows[("Regular victory", "Rebel")]
    assert f"Empire leads by {200 - 40 - (points + 1) // 2}" in rows[("Regular victory", "Rebel")]["text"]
    assert f"1 left ({reb})" in rows[("Total Imperial victory", "Empire")]["text"]
    assert rows[("Total Rebel victory", "Rebel")]["have"] == 1 and "(Kuat)" in rows[("Total Rebel victory", "Rebel")]["text"]


def test_GCW_BASE_05_victory_view_keeps_the_base_secret_from_the_empire():
    """GCW-BASE-05/09, GCW-GAP-42: the Rebel sees where his base is; the Empire's victory panel, sheet and urgent line
    do not change whatever the Empire may not know changes (the base's system, the Rebel's sealed records)."""
    state = moving()
    rebel = R.victory(state, "bob")
    assert any("the base is at Dantooine" in r["text"] for r in rebel["rows"]), rebel["rows"]
    assert not any("Dantooine" in r["text"] for r in R.victory(state, "ann")["rows"])
    for seat in ("ann", "bob"):
        before = json.dumps(R.presentation(state, seat), sort_keys=True)
        for what, change in R.hidden_changes(state, seat):
            trial = json.loads(json.dumps(state))
            change(trial)
            assert json.dumps(R.presentation(trial, seat), sort_keys=True) == before, f"{seat}'s extras changed with {what}"


def test_GCW_VP_01_report_due_is_urgent_for_the_side_awaited_and_a_ruling_for_the_gm():
    """GCW-VP-01, GCW-GAP-03: a battle report is due from each side (urgent for the awaited side only); differing
    reports make a ruling urgent for the GM."""
    state = moving()
    state["step"] = {"kind": "report", "sides": ["Rebel"], "battle": "B1"}
    assert R.urgent(state, "bob") == [{"level": "urgent", "text": "Battle B1: your report is due (play it in Armada, then 'report B1 ...')"}]
    assert R.urgent(state, "ann") == []
    state["step"] = {"kind": "ruling", "sides": [], "battle": "B1"}
    assert "your ruling is due" in R.urgent(state, "gm")[0]["text"]
    state["step"] = {"kind": "retreat", "sides": ["Empire"], "battle": "B2", "options": ["Kuat"]}
    assert "must withdraw" in R.urgent(state, "ann")[0]["text"]
