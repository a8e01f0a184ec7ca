"""Every die on the record (issue 25, point 9): in seeded all-bot games of Pocket Models, RiftWar,
Republic at War, the GCW campaign and Twilight of the Empire, every draw of the game's dice, at setup and at every journal
entry, is a logged roll event that a replay from the seed reproduces (saves.verify.dice_audit), and
an unlogged die is found."""
from __future__ import annotations

import copy

import pytest

from core.session import Session
from saves.verify import dice_audit, dice_problem
from saves_helpers import bot_seats

STEPS = 30


@pytest.mark.parametrize("ruleset_id", ["swpm", "rift", "raw", "gcw", "tote"])
def test_every_die_is_a_logged_roll_event(ruleset_id: str) -> None:
    """RIFT-GAP-15 (the roll-off), SWPM-FLOW-06, and every other roll: a bot game's dice are all on the record."""
    session = Session.new(ruleset_id, bot_seats(ruleset_id), seed=f"dice-record-{ruleset_id}", bot_steps=1)
    for _ in range(STEPS):
        if session.outcome() is not None:
            break
        session.play_bots()
    assert session.record["journal"], "the bots should have played"
    problem = dice_audit(session.record)
    assert problem is None, f"{ruleset_id}: a die is not on the record: {problem}"


def test_an_unlogged_die_is_found() -> None:
    """A roll taken off the log (as the roll-off was kept only as text) is named."""
    session = Session.new("rift", bot_seats("rift"), seed="dice-record-off")
    rolls = [e for e in session.record["log"] if e["kind"] == "roll"]
    n = int(session.state["dice"]["n"])
    assert dice_problem(session.record["seed"], 0, rolls, n) is None
    problem = dice_problem(session.record["seed"], 0, rolls[:-1], n)
    assert problem is not None and "not on the record" in problem, problem
    changed = copy.deepcopy(rolls)
    changed[0]["data"]["values"] = [7 - changed[0]["data"]["values"][0]]
    assert "not what the seed gives" in str(dice_problem(session.record["seed"], 0, changed, n))
