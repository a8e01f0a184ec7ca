"""The clock of Twilight of the Empire (clock.py, data/clock.toml): game days on an hour counter
(TOTE-GAP-01), one post per game day 24 hours apart (TOTE-TIME-01/02), the calendar of Action Days
(TOTE-ECON-01..03, TOTE-GAP-32, TOTE-EX-31), what falls due at a turn's start and in which order
(TOTE-FLOW-04, TOTE-GAP-07), TOTE-EX-25's arrival turns and TOTE-EX-34's reserve activation."""
from __future__ import annotations

from typing import Any

import pytest

from core.errors import DataError
from core.packaged import packaged_toml
from core.rulesets.tote.rules import clock as clk


def six() -> clk.Clock:
    """The clock with the TOTE-GAP-01 option of 6-hour turns."""
    return clk.clock(6)


def test_data12_clock_constants() -> None:
    """DATA-12: the clock file's constants, as the catalog lists them."""
    c = clk.clock()
    assert (c.hours_per_turn, c.month_days, c.action_days, c.income_base_kc, c.scan_hours, c.reserve_activation_days) == \
        (24, 30, (1, 15), 1000, 24, 3)
    assert (c.conflict_clear_hours, c.ob_effect_hours, c.fatigue_days_large, c.fatigue_days_small, c.fatigue_recall_hours) == \
        (24, 24, 7, 14, 24)


def test_gap01_a_turn_is_a_game_day_on_the_hour_counter() -> None:
    """TOTE-GAP-01: 1 turn = 1 game day = 24 game hours; the posts of turn d happen at hour 24·(d−1); with
    the option of 6-hour turns, four turns make a day."""
    assert [clk.turn_start_hour(t) for t in (1, 2, 10)] == [0, 24, 216]
    assert [clk.turn_of_hour(h) for h in (0, 23, 24, 47, 48)] == [1, 1, 2, 2, 3]
    assert [clk.turn_start_hour(t, six()) for t in (1, 2, 5)] == [0, 6, 24]
    assert [clk.game_day(t, six()) for t in (1, 4, 5, 8, 9)] == [1, 1, 2, 2, 3]
    with pytest.raises(ValueError, match="a turn is a whole number from 1, not 0"):
        clk.turn_start_hour(0)


def test_time01_one_post_per_game_day() -> None:
    """TOTE-TIME-01: a faction that posted in this turn may not post again in it; the next turn it may."""
    c = clk.clock()
    assert clk.post_refusal(None, 1, c) is None
    assert clk.post_refusal(0, 2, c) is None
    why = clk.post_refusal(24, 2, c)
    assert why == ("one post per game day: your last post was at hour 24 (day 2); the next may come at hour 48, "
                   "turn 3 (TOTE-TIME-01/02)")


def test_time02_24_hours_between_two_posts_with_finer_turns() -> None:
    """TOTE-TIME-02: at least 24 game hours between two posts of a faction: with 6-hour turns, a post at
    hour 0 (turn 1) allows the next at turn 5 (hour 24), not at turns 2 to 4."""
    c = six()
    assert [clk.post_refusal(0, t, c) is None for t in range(1, 7)] == [False, False, False, False, True, True]
    assert clk.next_post_hour(6, c) == 30 and clk.turn_at_or_after(30, c) == 6


@pytest.mark.parametrize("turn, paid", [(1, True), (2, False), (14, False), (15, True), (16, False), (30, False),
                                        (31, True), (45, True), (46, False), (61, True)])
def test_ex31_action_days_on_the_1st_and_15th(turn: int, paid: bool) -> None:
    """TOTE-EX-31, TOTE-ECON-01, TOTE-GAP-32: months of 30 days from turn 1 = month 1, day 1; Action Days
    are turns 1, 15, 31, 45, 61 ...; turn 2 pays nothing."""
    assert clk.is_action_day(turn) is paid


def test_gap32_calendar() -> None:
    """TOTE-GAP-32: turn 1 is month 1 day 1; turn 31 month 2 day 1; turn 45 month 2 day 15."""
    assert [clk.calendar(t) for t in (1, 15, 30, 31, 45, 61)] == [(1, 1), (1, 15), (1, 30), (2, 1), (2, 15), (3, 1)]
    assert clk.turn_steps(1)[0] == "income" and "income" not in clk.turn_steps(2)


def test_action_day_once_a_day_with_finer_turns() -> None:
    """TOTE-ECON-01 with 12-hour turns: income comes at the first turn of an Action Day only."""
    c = clk.clock(12)
    assert [t for t in range(1, 64) if clk.is_action_day(t, c)] == [1, 29, 61]


def test_econ02_econ03_income_only_on_action_days() -> None:
    """TOTE-ECON-02: income is credited only on Action Days; TOTE-ECON-03: 1000 KC plus the Industrial
    Output of what the faction holds."""
    assert clk.income_due(1, 550) == 1550
    assert clk.income_due(15, 0) == 1000
    assert clk.income_due(2, 550) == 0


def test_ex25_arrival_turns() -> None:
    """TOTE-EX-25, TOTE-GAP-07: with 24-hour turns a trip of 24 h begun on turn d lands at the start of
    turn d + 1, of 48 h at d + 2; anything longer than a whole day waits for the next turn start."""
    assert clk.due_turn(4, 24) == 5 and clk.due_turn(4, 48) == 6
    assert clk.due_turn(4, 25) == 6 and clk.due_turn(4, 6) == 5 and clk.due_turn(4, 0) == 4
    assert clk.due_turn(1, 24, six()) == 5 and clk.due_turn(1, 6, six()) == 2


def test_ex34_reserve_activation_takes_three_days() -> None:
    """TOTE-EX-34, TOTE-RES-03: ordered on turn 10, a reserve unit appears at the start of turn 13."""
    c = clk.clock()
    assert clk.due_turn_days(10, c.reserve_activation_days, c) == 13
    assert clk.due_turn_days(10, 3, six()) == 22  # day 3 and a bit with 6-hour turns: hour 54 + 72 = 126, turn 22


def test_flow04_due_timers_in_the_turn_start_order() -> None:
    """TOTE-FLOW-04: at a turn's start the due timers come in the walkthrough's order (arrivals before
    reserve activations before repairs before messages), then by hour; the others wait."""
    timers = [{"id": "m1", "kind": "message", "due_hour": 30}, {"id": "r1", "kind": "repair", "due_hour": 40},
              {"id": "a2", "kind": "arrival", "due_hour": 48}, {"id": "a1", "kind": "arrival", "due_hour": 36},
              {"id": "v1", "kind": "reserve", "due_hour": 48}, {"id": "late", "kind": "arrival", "due_hour": 49}]
    due, pending = clk.due_timers(timers, 3)
    assert [t["id"] for t in due] == ["a1", "a2", "v1", "r1", "m1"]
    assert [t["id"] for t in pending] == ["late"]
    assert clk.due_timers(pending, 4)[0][0]["id"] == "late"
    with pytest.raises(ValueError, match="timer 'x': kind 'party' is not one of income, arrival"):
        clk.due_timers([{"id": "x", "kind": "party", "due_hour": 0}], 1)


@pytest.mark.parametrize("change, message", [
    ({"hours_per_turn": 8}, "hours_per_turn must be 6, 12 or 24"),
    ({"action_days": [1, 31]}, "action_days must list days of the month from 1 to 30"),
    ({"month_days": 0}, "month_days must be at least 1"),
    ({"scan_hours": -1}, "scan_hours must be a whole number of at least 0"),
    ({"scan_hourz": 24}, "unknown keys scan_hourz"),
    ({"post_gap_hours": 30}, r"post_gap_hours \(30\) must be a whole number of turns of 24 hours"),
])
def test_clock_file_checked_at_load(change: dict[str, Any], message: str) -> None:
    """DATA-12 checked at load: a bad constant fails naming it and what would be right."""
    raw = dict(packaged_toml("core.rulesets.tote", "data", "clock.toml"), **change)
    with pytest.raises(DataError, match=message):
        clk.build_clock(raw)


def test_time03_orders_revised_until_committed_then_final() -> None:
    """TOTE-TIME-03 (the 15-minute edit window, TOTE-GAP-01): a faction revises its queued orders freely
    until it commits the post; the committed post is resolved as it stood and can no longer be changed."""
    from core.errors import OrderError
    from core.session import Session
    s = Session.new("tote", [("al", "GE"), ("bo", "NR")], scenario="skirmish", seed="time03")
    assert s.awaiting() == {"al"}
    s.order("al", "al", "hold GE-1")
    s.withdraw("al", "al", 0)
    s.order("al", "al", "hold GE-2")
    assert [o["text"] for o in s.sheet("al")] == ["hold GE-2"]
    events = s.ready("al", "al")
    assert any(e["text"] == "GE-2 hold." for e in events) and not any(e["text"] == "GE-1 hold." for e in events)
    assert s.awaiting() == {"bo"} and s.sheet("al") == []
    with pytest.raises(OrderError, match="al has no order 1 on the sheet"):
        s.withdraw("al", "al", 0)


def test_gap33_industrial_output_on_action_days() -> None:
    """TOTE-GAP-33, TOTE-ECON-03: on an Action Day a faction gets 1000 KC, the Industrial Output of each
    world where it holds a facility (Kuat: Shipyard 300 + Heavy Industry 250) and of each facility it
    holds (a Shipyard 100, a Command Center 200), nothing from a system in conflict; other days nothing."""
    from core.rulesets.tote.rules.galaxy import galaxy
    g = galaxy()
    facilities = [{"id": "f1", "type": "YARD", "faction": "al", "system": "kuat"},
                  {"id": "f2", "type": "FCC", "faction": "al", "system": "coruscant"},
                  {"id": "f3", "type": "FACTORY", "faction": "al", "system": "kessel", "destroyed": True},
                  {"id": "f4", "type": "YARD", "faction": "bo", "system": "corellia"}]
    units = {"GE-1": {"id": "GE-1", "type": "ISD", "faction": "al", "system": "kuat"}}
    total, lines = clk.action_day_income(g, "al", 15, units, facilities)
    assert total == 1000 + 550 + 550 + 100 + 200
    assert lines == ["Action Day income: 1000 KC", "Coruscant (Shipyard, Heavy Industry): 550 KC",
                     "Kuat (Shipyard, Heavy Industry): 550 KC", "Orbital Shipyard Complex at Kuat: 100 KC",
                     "Faction Command Center at Coruscant: 200 KC"]
    fought, why = clk.action_day_income(g, "al", 15, units, facilities, conflict=["kuat"])
    assert fought == 1000 + 550 + 200 and "Kuat: nothing while the system is in conflict" in why
    assert clk.action_day_income(g, "al", 16, units, facilities) == (0, [])
