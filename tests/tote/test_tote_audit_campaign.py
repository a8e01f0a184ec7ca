"""The campaign against its text (issue 26): faults found by the audits, each test named after its rule."""
from __future__ import annotations

from typing import Any

from core.ruleset import SeatSpec
from core.rulesets.tote import TwilightOfTheEmpire
from core.rulesets.tote.campaign import flow as campaign_flow

State = dict[str, Any]


def campaign(seats: list[tuple[str, str]] | None = None, **options: Any) -> tuple[TwilightOfTheEmpire, State]:
    """A new campaign game of ``seats`` (default: the Empire and the New Republic) with ``options``."""
    rs = TwilightOfTheEmpire()
    specs = [SeatSpec(n, f) for n, f in (seats or [("al", "GE"), ("bo", "NR")])]
    return rs, rs.setup("campaign", specs, {**rs.options(), **options}, "audit")


def pass_days(rs: TwilightOfTheEmpire, state: State, days: int) -> None:
    """Every faction posts nothing for ``days`` game days (or until the game ends)."""
    start = int(state["turn"])
    while int(state["turn"]) < start + days and not state.get("result"):
        rs.resolve(state)


def test_gap_29_win_01_no_day_limit_unless_the_gm_sets_one() -> None:
    """TOTE-GAP-29 (option ``turn_limit``, default none), TOTE-WIN-01/02: the campaign ends when Coruscant
    is captured, not on a day of the engine's choosing. With the default ``day_limit`` 0 it goes on past
    day 90; with a limit the GM sets, the holder of Coruscant wins on that day."""
    rs, state = campaign()
    assert state["options"]["day_limit"] == 0, "day_limit 0 must stay 0: no limit by default"
    state["turn"] = state["campaign"]["turn"] = 89
    pass_days(rs, state, 3)
    assert state.get("result") is None, f"the campaign ended with no limit set: {state.get('result')}"
    assert int(state["turn"]) >= 92
    rs, state = campaign(day_limit=2)
    pass_days(rs, state, 3)
    result = state.get("result")
    assert result and result["winners"] == ["al"], f"at the GM's day limit the holder of Coruscant (al, GE) wins: {result}"
