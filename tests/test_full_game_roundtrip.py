"""A whole game, start to outcome, with the state checked through JSON after every step.

Each registered rule system plays one seeded all-bot game to its end (or its turn limit); after
every order, readiness change and resolution the state must survive json.dumps/json.loads exactly,
and the saved record must load back into a session that replays to the same state.
"""
from __future__ import annotations

import json

import pytest

from bot_games import play_out
from core.registry import find_ruleset, ruleset_ids
from core.session import Session


def check(session: Session, where: str) -> None:
    state = session.state
    assert json.loads(json.dumps(state)) == state, f"{where}: the state does not survive a JSON round trip"


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_full_game_round_trips_after_every_step(ruleset_id: str) -> None:
    ruleset = find_ruleset(ruleset_id)
    sides = ruleset.sides()
    seats = [(f"p{i}", sides[i % len(sides)], False) for i in range(ruleset.min_seats)]
    options = {"auto_resolve": True} if "auto_resolve" in ruleset.options() else {}
    if "turn_limit" in ruleset.options() and ruleset.options()["turn_limit"] is None:
        options["turn_limit"] = 60  # a ruleset with no turn limit of its own: the GM sets one so the test ends
    session = Session.new(ruleset_id, seats, options=options, seed="full-game")
    session.subscribe(lambda kind, payload: check(session, f"{ruleset_id} after {kind} at turn {session.turn}"))
    for name, _, _ in seats:  # bots take the seats only now, so every one of their steps is heard
        session.set_bot("gm", name)
    steps = play_out(session, 400, each=lambda s: check(s, f"{ruleset_id} at turn {s.turn}"))
    assert session.outcome() is not None, f"{ruleset_id}: no outcome after {steps} rounds of the bots and the GM (turn {session.turn})"
    again = Session.replay(json.loads(session.to_json()))
    assert again.state == session.state, f"{ruleset_id}: replaying the finished game's journal gave another state"
