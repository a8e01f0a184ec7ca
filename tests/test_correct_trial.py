"""GM corrections that cannot brick a game: each is tried on a copy first (views, awaited seats,
outcome, the ruleset's invariants) and refused with the reason if the game could not go on."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from core.console import Console
from core.errors import StateError
from core.events import GM
from core.registry import find_ruleset, ruleset_ids
from core.session import Session
from saves.store import GameStore
from tui.console import StoreKeeper

RAW_SEATS = "al:GAR,bo:CIS,cy:GAR,di:CIS,ed:GAR,fa:CIS"


def seated(ruleset_id: str) -> Session:
    ruleset = find_ruleset(ruleset_id)
    sides = ruleset.sides()
    count = max(ruleset.min_seats, len(sides))
    names = ["al", "bo", "cy", "di", "ed", "fa", "gi", "ha", "ik", "jo"]
    return Session.new(ruleset_id, [(names[i], sides[i % len(sides)]) for i in range(count)], seed="correct")


def test_correct_over_3_is_refused_with_the_reason_and_the_game_goes_on(tmp_path: Path) -> None:
    """The issue's case: `correct over 3 x` used to be accepted (the old value is null), after which
    every command failed and the save never loaded again."""
    store = GameStore(tmp_path)
    keeper = StoreKeeper(store)
    console = Console(keeper=keeper)
    try:
        assert console.handle(f"new raw seed=c1 seats={RAW_SEATS}").ok
        game_id = keeper.game.game_id
        before = json.dumps(console.session.record, sort_keys=True)
        answer = console.handle("correct over 3 x")
        assert not answer.ok, "a correction the game cannot go on with was accepted"
        assert "refused" in answer.error and "nothing changed" in answer.error and "over" in answer.error, answer.error
        assert json.dumps(console.session.record, sort_keys=True) == before, "a refused correction changed the game"
        for line in ("status", "view gm", "view al", "log gm"):
            assert console.handle(line).ok, f"{line!r} fails after the refused correction"
    finally:
        keeper.close()
    reopened = store.open(game_id)
    assert reopened.session.outcome() is None and reopened.session.awaiting()
    reopened.close()


def test_a_correction_that_breaks_an_invariant_is_refused_naming_it() -> None:
    session = seated("raw")
    planet = next(iter(session.state["planets"]))
    before = json.dumps(session.state)
    with pytest.raises(StateError, match="fewer than 0 GF"):
        session.gm_correct(GM, f"planets.{planet}.gf", "-5", "typo")
    assert json.dumps(session.state) == before
    session.gm_correct(GM, f"planets.{planet}.gf", "3", "forum ruling")
    assert session.state["planets"][planet]["gf"] == 3


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_no_correction_of_a_top_level_value_bricks_a_game(ruleset_id: str) -> None:
    """Every top-level value of every ruleset's state, set to a number, a text, a list, an object or
    null: each correction is either refused with nothing changed, or the game goes on (every view,
    the awaited seats, the outcome, and a reload from its record)."""
    session = seated(ruleset_id)
    accepted = 0
    for key in sorted(session.state):
        for value in ("3", '"x"', "[]", "{}", "null"):
            before = json.dumps(session.state, sort_keys=True)
            try:
                session.gm_correct(GM, key, value, "stress")
            except StateError as exc:
                assert "refused" in str(exc) or "cannot become" in str(exc) or "no " in str(exc), str(exc)
                assert json.dumps(session.state, sort_keys=True) == before, f"refused {key}={value} changed the state"
                continue
            accepted += 1
            again = Session.from_record(json.loads(session.to_json()))
            for viewer in (GM, *again.seats()):
                again.view(viewer)
            again.awaiting()
            again.outcome()
    assert accepted < len(session.state) * 5, "every correction was accepted: the check cannot fail"


def test_a_journal_with_corrections_still_replays() -> None:
    session = seated("raw")
    planet = next(iter(session.state["planets"]))
    session.gm_correct(GM, f"planets.{planet}.gf", "4", "ruling")
    again = Session.replay(session.record)
    assert again.state == session.state
