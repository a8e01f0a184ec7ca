"""Property tests (hypothesis) over every registered rule system, with no per-system code.

After a warm-up of a random number of bot orders, random sequences of steps: a legal order of an awaited seat, the same order again (repeats are where
counts double), an order from a seat that is not awaited, a withdrawal from the sheet, or the GM's
forced resolution. After every step the ruleset's invariants hold, every event has real viewers and a
seat sees its own orders' events (the conformance :class:`Watch`), the state survives a JSON round
trip, and a refused order changes nothing. Bounded to a few seconds in the test command.
"""
from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.errors import HolotableError
from core.events import GM
from core.registry import ruleset_ids
from core.session import Session
from test_conformance import Watch, seats_for

STEPS = 14
WARM_UP = 60
EXAMPLES = 6
ACTIONS = ("order", "order", "order", "repeat", "repeat", "idle", "withdraw", "resolve")


def frozen(session: Session) -> str:
    return json.dumps(session.record["state"], sort_keys=True)


def bot_step(session: Session) -> bool:
    """One order of an awaited seat's bot, if it has a legal one. Returns whether one was given."""
    for seat in sorted(session.awaiting()):
        for text in session.ruleset.bot(session.ruleset.view(session.state, seat), seat):
            try:
                session.order(seat, seat, text, run_bots=False)
                return True
            except HolotableError:
                continue
    return False


def refused_changes_nothing(session: Session, step, where: str) -> bool:
    """Run ``step``; if it is refused, the state must be as it was. Returns whether it was accepted."""
    before = frozen(session)
    try:
        step()
    except HolotableError as exc:
        assert str(exc), f"{where}: a refusal without a message"
        assert frozen(session) == before, f"{where}: a refused step changed the state ({exc})"
        return False
    return True


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
@settings(max_examples=EXAMPLES, deadline=None, database=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_random_order_sequences_keep_invariants(ruleset_id: str, data: st.DataObject) -> None:
    """Random legal, repeated, misplaced and withdrawn orders and forced resolutions keep every invariant."""
    seed = data.draw(st.integers(0, 10_000), label="seed")
    session = Session.new(ruleset_id, seats_for(ruleset_id, False), seed=f"property-{seed}", secret=f"secret-{seed}")
    Watch(session, f"{ruleset_id} seed={seed}")
    warm = data.draw(st.integers(0, WARM_UP), label="warm-up")
    for _ in range(warm):          # the bots play a while, so the random orders meet mid-game positions too
        if session.outcome() is not None:
            return
        if not bot_step(session):
            session.resolve(GM, run_bots=False)
    last: dict[str, str] = {}
    for n in range(STEPS):
        if session.outcome() is not None:
            break
        where = f"{ruleset_id} seed={seed} step {n}"
        action = data.draw(st.sampled_from(ACTIONS), label="action")
        awaited = sorted(session.awaiting())
        if action == "resolve" or not awaited:
            refused_changes_nothing(session, lambda: session.resolve(GM, run_bots=False), where + " resolve")
        elif action in ("order", "repeat"):
            seat = data.draw(st.sampled_from(awaited), label="seat")
            if action == "repeat" and seat in last:
                text = last[seat]
            else:
                options = session.ruleset.legal_orders(session.state, seat)
                if not options:
                    continue
                text = data.draw(st.sampled_from(options), label="order")
            if refused_changes_nothing(session, lambda: session.order(seat, seat, text, run_bots=False), f"{where} {seat}: {text!r}"):
                last[seat] = text
        elif action == "idle":
            idle = [s for s in session.seats() if s not in awaited]
            if idle and last:
                seat = data.draw(st.sampled_from(idle), label="idle seat")
                text = data.draw(st.sampled_from(sorted(last.values())), label="misplaced order")
                accepted = refused_changes_nothing(session, lambda: session.order(seat, seat, text, run_bots=False),
                                                   f"{where} idle {seat}: {text!r}")
                assert not accepted, f"{where}: {seat} is not awaited but {text!r} was accepted"
        elif action == "withdraw":
            seat = data.draw(st.sampled_from(awaited), label="seat")
            index = data.draw(st.integers(0, 3), label="index")
            refused_changes_nothing(session, lambda: session.withdraw(seat, seat, index), f"{where} withdraw {seat} {index}")
        assert json.loads(json.dumps(session.state)) == session.state, f"{where}: the state does not survive a JSON round trip"
