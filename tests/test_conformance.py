"""The random-playout conformance check, run over every registered rule system with no per-system code.

In the spirit of OpenSpiel's random_sim_test: seeded games played to the end (or a step budget) by
bots and by random legal orders, checking at every step that the state survives a JSON round trip
unchanged, only awaited seats have legal orders, every dice distribution sums to 1, every event has
viewers, and a change to anything a seat cannot see leaves that seat's view unchanged. A failure
prints the rule system, the seed and the step.
"""
from __future__ import annotations

import json
import random
from typing import Any

import pytest

from core.dice import Dice
from core.errors import HolotableError
from core.registry import find_ruleset, ruleset_ids
from core.session import Session

GAMES = 2
STEPS = 10
CHANGES_PER_SEAT = 8


def seats_for(ruleset_id: str, bots: bool) -> list[tuple[str, str, bool]]:
    """The smallest legal table: min_seats seats dealt round the sides."""
    ruleset = find_ruleset(ruleset_id)
    sides = ruleset.sides()
    return [(f"p{i}", sides[i % len(sides)], bots) for i in range(ruleset.min_seats)]


def views(session: Session) -> dict[str, str]:
    return {seat: json.dumps(session.view(seat), sort_keys=True) for seat in session.seats()}


def check_step(session: Session, where: str) -> None:
    state = session.state
    ruleset = session.ruleset
    assert json.loads(json.dumps(state)) == state, f"{where}: state does not survive a JSON round trip"
    again = json.loads(session.to_json())
    assert again == session.record, f"{where}: the game record does not survive save/load"
    awaited = session.awaiting()
    for seat in session.seats():
        if seat not in awaited:
            assert ruleset.legal_orders(state, seat) == [], f"{where}: {seat} is not awaited but has legal orders"
    for ev in session.record["log"]:
        assert ev["to"], f"{where}: event without viewers: {ev['text']}"
    for seat in session.seats():
        before = json.dumps(ruleset.view(state, seat), sort_keys=True)
        changes = ruleset.hidden_changes(state, seat)
        for what, change in changes[:: max(1, len(changes) // CHANGES_PER_SEAT)]:
            trial = json.loads(json.dumps(state))
            change(trial)
            after = json.dumps(ruleset.view(trial, seat), sort_keys=True)
            assert after == before, f"{where}: {seat}'s view changed when {what} changed (a leak)"


def random_orders(session: Session, rng: random.Random) -> None:
    """Random legal play: each awaited seat gives a random sample of its legal orders (refusals skipped)."""
    for seat in sorted(session.awaiting()):
        options = session.ruleset.legal_orders(session.state, seat)
        rng.shuffle(options)
        for text in options[: rng.randint(0, max(1, len(options)))]:
            try:
                session.order(seat, seat, text)
            except HolotableError:
                pass
            for odds_order in (text,):
                try:
                    odds = session.ruleset.odds(session.state, seat, odds_order)
                except HolotableError:
                    odds = None
                if odds is not None:
                    assert odds.total() == 1, f"odds of {text!r} sum to {odds.total()}"
            if seat not in session.awaiting():
                break


def play(ruleset_id: str, seed: int, bots: bool, steps: int) -> None:
    session = Session.new(ruleset_id, seats_for(ruleset_id, bots), seed=f"conformance-{seed}")
    rng = random.Random(seed)
    for step in range(steps):
        where = f"{ruleset_id} seed={seed} bots={bots} step={step}"
        check_step(session, where)
        if session.outcome() is not None:
            return
        if not bots:
            random_orders(session, rng)
            check_step(session, where + " (after orders)")
        if session.outcome() is None:
            session.resolve("gm")


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
@pytest.mark.parametrize("seed", range(GAMES))
def test_conformance_bots(ruleset_id: str, seed: int) -> None:
    """Bot games: round trip, legal orders only when awaited, viewers on every event, no leaks."""
    play(ruleset_id, seed, True, STEPS)


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
@pytest.mark.parametrize("seed", range(GAMES))
def test_conformance_random(ruleset_id: str, seed: int) -> None:
    """Random legal play: the same checks, with odds that sum to 1."""
    play(ruleset_id, 100 + seed, False, STEPS)


@pytest.mark.slow
@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_conformance_long(ruleset_id: str) -> None:
    """The longer run: 40 games per rule system, to the end or 80 steps."""
    for seed in range(40):
        play(ruleset_id, 1000 + seed, seed % 2 == 0, 80)


def test_dice_distributions_are_sound() -> None:
    """Every roll the dice make is within its faces; a replay from the seed repeats every roll."""
    a, b = Dice("x"), Dice("x")
    rolls = [a.roll(3, 6, "t") for _ in range(200)]
    assert all(1 <= v <= 6 for r in rolls for v in r), "a d6 rolled outside 1..6"
    assert rolls == [b.roll(3, 6, "t") for _ in range(200)], "the same seed gave different rolls"
    counts = [0] * 6
    for r in rolls:
        for v in r:
            counts[v - 1] += 1
    assert min(counts) > 60, f"a face is badly under-represented in 600 rolls: {counts}"
