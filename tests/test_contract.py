"""What core/ruleset.py declares, every rule system keeps: the view's keys, the board kinds, and the
modules the base class delegates to (views, bots) or an override in their place.

A few bot steps of each system's default game, checking every seat's view and the GM's at each step.
"""
from __future__ import annotations

from typing import Any

import pytest

from core.events import GM
from core.registry import RULESETS, find_ruleset, ruleset_ids
from core.ruleset import BOARD_KINDS, EXTRA_KEYS, VIEW_KEYS, Ruleset
from core.session import Session

STEPS = 4


def view_problems(view: dict[str, Any], viewer: str) -> list[str]:
    """What a view lacks of the contract: missing keys, a board of no declared kind, another viewer."""
    problems = [f"{viewer}'s view has no {key!r}" for key in VIEW_KEYS + EXTRA_KEYS if key not in view]
    board = view.get("board")
    if not isinstance(board, dict) or board.get("kind") not in BOARD_KINDS:
        kind = board.get("kind") if isinstance(board, dict) else board
        problems.append(f"{viewer}'s board kind is {kind!r}, not one of {', '.join(BOARD_KINDS)}")
    if view.get("viewer") != viewer:
        problems.append(f"{viewer}'s view says it is {view.get('viewer')!r}'s")
    return problems


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_every_view_carries_the_contracts_keys_and_a_declared_board(ruleset_id: str) -> None:
    """Every view of every seat and of the GM, over a few bot steps, has VIEW_KEYS, EXTRA_KEYS and a
    board whose kind is one of BOARD_KINDS."""
    ruleset = find_ruleset(ruleset_id)
    sides = ruleset.sides()
    seats = [(f"p{i}", sides[i % len(sides)], False) for i in range(ruleset.min_seats)]
    session = Session.new(ruleset_id, seats, seed="contract")
    for name in session.seats():
        session.set_bot(GM, name, True, run_bots=False)
    problems: list[str] = []
    for step in range(STEPS):
        for viewer in [*session.seats(), GM]:
            problems += [f"step {step}: {p}" for p in view_problems(session.view(viewer), viewer)]
        if session.outcome() is not None:
            break
        session.resolve(GM)
    assert not problems, f"{ruleset_id}: views break the contract:\n  " + "\n  ".join(problems[:20])


@pytest.mark.parametrize("cls", RULESETS, ids=lambda c: c.id)
def test_every_system_names_its_views_and_bot_or_overrides_them(cls: type[Ruleset]) -> None:
    """The base class's view() and bot() call the declared modules: a system declares each module, or
    overrides the method that would call it."""
    missing = []
    if "views" not in vars(cls) and cls.view is Ruleset.view:
        missing.append("views (a module with build(state, viewer))")
    if "bots" not in vars(cls) and cls.bot is Ruleset.bot:
        missing.append("bots (a module with play(view, seat))")
    if missing:
        pytest.fail(f"{cls.__name__} declares neither {' nor '.join(missing)}, nor overrides the method")
    if "views" in vars(cls):
        assert callable(getattr(cls.views, "build", None)), f"{cls.__name__}.views has no build(state, viewer)"
    if "bots" in vars(cls):
        assert callable(getattr(cls.bots, "play", None)), f"{cls.__name__}.bots has no play(view, seat)"


def test_the_view_checker_sees_a_broken_view() -> None:
    """A view without rosters and with a board of an unknown kind is reported, naming both."""
    view = {key: None for key in VIEW_KEYS + EXTRA_KEYS if key != "rosters"} | {"viewer": "al", "board": {"kind": "hex"}}
    found = view_problems(view, "al")
    assert any("'rosters'" in p for p in found) and any("'hex'" in p for p in found), found
