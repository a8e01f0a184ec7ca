"""All-bot Twilight battles end by the rules (issue 31, aim 1; TOTE-FLOW-08): every battle scenario of
``data/scenarios.toml`` played by its bots alone, with default options, ends with a result within a
post budget, and the battle bot never orders a patrol for a craft that is not on the grid (TOTE-CSP-01:
a squadron aboard its carrier must launch first). Deterministic from the seeds."""
from __future__ import annotations

import pytest

from core.errors import OrderError
from core.ruleset import SeatSpec
from core.rulesets.tote import TwilightOfTheEmpire
from core.rulesets.tote.battle.setup import scenarios

#: Posts (one faction's turn each) an all-bot battle may take before it counts as never ending.
POST_BUDGET = 120


@pytest.mark.parametrize("scenario", sorted(scenarios()))
def test_flow_08_an_all_bot_battle_ends_by_the_rules(scenario: str) -> None:
    """TOTE-FLOW-08 / TOTE-CSP-01: the scenario's smallest table of bots plays to a result."""
    rs = TwilightOfTheEmpire()
    sides = rs.sides()[: max(2, scenarios()[scenario].min)]
    state = rs.setup(scenario, [SeatSpec(f"p{i}", s) for i, s in enumerate(sides)], {}, f"bot-ends-{scenario}")
    posts = 0
    while state.get("result") is None and posts < POST_BUDGET:
        seat = state["active"]
        for text in rs.bot(rs.view(state, seat), seat):
            words = text.split()
            if words[0] == "patrol":
                unit = state["units"][words[1]]
                assert unit["space"] is not None, f"the bot ordered {text!r} for a craft aboard {unit['carried_by']} (TOTE-CSP-01)"
            try:
                rs.submit(state, seat, text)
            except OrderError:
                pass  # an order overtaken by the bot's earlier ones (a target already destroyed) is refused; the rest stand
        rs.resolve(state)
        posts += 1
    assert state.get("result") is not None, f"{scenario}: no result after {posts} all-bot posts (day {state.get('turn')})"
    assert state["result"]["reason"], f"{scenario}: the result names no reason: {state['result']}"
