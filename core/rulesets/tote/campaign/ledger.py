"""The faction's ledger as its screen shows it: the next Action Day and what it would be paid then
as things stand (TOTE-ECON-01..03, TOTE-GAP-32/33), read from the faction's own holdings only."""
from __future__ import annotations

from typing import Any

from core.rulesets.tote.campaign.worlds import known_conflicts
from core.rulesets.tote.rules import clock as clk
from core.rulesets.tote.rules.galaxy import galaxy


def next_action_day(turn: int) -> int:
    """The first turn after ``turn`` that is an Action Day (TOTE-ECON-01, TOTE-GAP-32: days 1 and
    15 of each month; TOTE-EX-31: turns 1, 15, 31, 45 ...). Raises nothing for a turn from 1."""
    nxt = int(turn) + 1
    while not clk.is_action_day(nxt):
        nxt += 1
    return nxt


def next_income(c: dict[str, Any], seat: str) -> str:
    """``day 15: 1750 KC``: the next Action Day and what ``seat`` would be paid at its start if it
    held then what it holds now (its own units and facilities; income from a world it knows to be in
    conflict now counted as nothing, TOTE-GAP-33; a conflict it cannot detect is not in its forecast,
    TOTE-SCAN-14). Raises KeyError for a seat not in the campaign."""
    c["seats"][seat]
    day = next_action_day(int(c["turn"]))
    fighting = known_conflicts(c, seat)
    kc, _lines = clk.action_day_income(galaxy(), seat, day, c["units"], list(c.get("facilities", {}).values()), fighting)
    return f"day {clk.game_day(day)}: {kc} KC"
