"""The random-playout conformance check, run over every registered rule system with no per-system code.

In the spirit of OpenSpiel's random_sim_test: seeded games played to the end (or a step budget) by
bots and by random legal orders, checking at every step that the state survives a JSON round trip
unchanged, only awaited seats have legal orders, every dice distribution sums to 1, and a change to
anything a seat cannot see leaves that seat's view unchanged. A :class:`Watch` listens to the session
and checks after every single step (each order, bot order and resolution): the ruleset's own
``invariants(before, after, events)``, that every event's viewers are real (``all``, ``gm``, a seat of
the game, or a side's team), and that a seat sees the record of its own order (the first event it produced). A failure
prints the rule system, the seed and the step.
"""
from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from core.dice import Dice
from core.errors import HolotableError
from core.events import GM, visible
from core.registry import find_ruleset, ruleset_ids
from core.session import Session

GAMES = 2
STEPS = 10
CHANGES_PER_SEAT = 8
#: every scenario but a ruleset's default (which the tests above play) gets one bot game and one
#: random game of this many steps
SCENARIO_STEPS = 6


def other_scenarios() -> list[tuple[str, str]]:
    """(ruleset id, scenario) for every scenario a ruleset declares beyond its first (the default)."""
    return [(rid, scenario) for rid in ruleset_ids() for scenario in list(find_ruleset(rid).scenarios())[1:]]


def seats_for(ruleset_id: str, bots: bool, extra: int = 0) -> list[tuple[str, str, bool]]:
    """The smallest legal table (with ``extra`` seats more, as far as max_seats allows): seats dealt round the sides."""
    ruleset = find_ruleset(ruleset_id)
    sides = ruleset.sides()
    count = min(ruleset.min_seats + extra, ruleset.max_seats)
    return [(f"p{i}", sides[i % len(sides)], bots) for i in range(count)]


def viewer_problems(session: Session, events: list[dict[str, Any]]) -> list[str]:
    """Events whose viewer lists name anything but everyone, the GM, a seat of the game or a side's team."""
    seats = set(session.seats())
    sides = {session.side_of(s) for s in seats} | set(session.ruleset.sides())
    legal = {"all", GM} | {f"seat:{s}" for s in seats} | {f"team:{side}" for side in sides}
    problems = []
    for ev in events:
        if not ev.get("to"):
            problems.append(f"event {ev.get('kind')!r} has no viewers: {ev.get('text')!r}")
        elif set(ev["to"]) - legal:
            problems.append(f"event {ev.get('kind')!r} names viewers {sorted(set(ev['to']) - legal)} that are no seat, "
                            f"side or the GM: {ev.get('text')!r}")
    return problems


class Watch:
    """Listens to a session and checks every step: the ruleset's invariants, real viewers, own actions seen.

    Raises AssertionError (from inside the session's call) at the first step that breaks one, naming
    ``where``, the kind of step and the messages.
    """

    def __init__(self, session: Session, where: str) -> None:
        self.session = session
        self.where = where
        self.steps = 0
        self._mark()
        session.subscribe(self.heard)

    def _mark(self) -> None:
        self.before = copy.deepcopy(self.session.state)
        self.logged = len(self.session.record["log"])

    def heard(self, kind: str, payload: dict[str, Any]) -> None:
        session = self.session
        self.steps += 1
        events = session.record["log"][self.logged:]
        problems = list(session.ruleset.invariants(self.before, session.state, events))
        problems += viewer_problems(session, events)
        if kind == "order" and payload["events"]:
            # the order's own record comes first; what it sets off (a deck shuffled for the GM, the
            # opponent's private draw) may be hidden from the seat, its own action never is
            seat, first = payload["seat"], payload["events"][0]
            if not visible(first, seat, session.side_of):
                problems.append(f"{seat} cannot see the record of its own order (viewers {first['to']}): {first['text']!r}")
        where = f"{self.where} step {self.steps} ({kind}{': ' + payload['seat'] if 'seat' in payload else ''})"
        assert not problems, f"{where}: " + "; ".join(problems)
        self._mark()


def views(session: Session) -> dict[str, str]:
    return {seat: json.dumps(session.view(seat), sort_keys=True) for seat in session.seats()}


def seen(ruleset: Any, state: dict[str, Any], seat: str) -> dict[str, Any]:
    """What a seat is shown: the ruleset's view and the war room's extras (sheet money, victory, urgent)."""
    return {**ruleset.view(state, seat), **ruleset.presentation(state, seat)}


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
    problems = viewer_problems(session, session.record["log"])
    assert not problems, f"{where}: " + "; ".join(problems)
    for seat in session.seats():
        before = json.dumps(seen(ruleset, state, seat), sort_keys=True)
        changes = ruleset.hidden_changes(state, seat)
        for what, change in changes[:: max(1, len(changes) // CHANGES_PER_SEAT)]:
            trial = json.loads(json.dumps(state))
            change(trial)
            after = json.dumps(seen(ruleset, trial, seat), sort_keys=True)
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
                if odds is not None and odds.rows:
                    assert odds.total() == 1, f"odds of {text!r} sum to {odds.total()}"
            if seat not in session.awaiting():
                break


def play(ruleset_id: str, seed: int, bots: bool, steps: int, scenario: str | None = None, extra: int = 0) -> None:
    session = Session.new(ruleset_id, seats_for(ruleset_id, False, extra), scenario=scenario, seed=f"conformance-{seed}")
    game = f"{ruleset_id}{'/' + scenario if scenario else ''}"
    watch = Watch(session, f"{game} seed={seed} bots={bots}")
    if bots:
        names = session.seats()
        for name in names:
            session.set_bot(GM, name, True, run_bots=name == names[-1])
    rng = random.Random(seed)
    for step in range(steps):
        where = f"{game} seed={seed} bots={bots} step={step}"
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
    """Bot games: round trip, legal orders only when awaited, invariants and viewers at every step, no leaks."""
    play(ruleset_id, seed, True, STEPS)


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
@pytest.mark.parametrize("seed", range(GAMES))
def test_conformance_random(ruleset_id: str, seed: int) -> None:
    """Random legal play: the same checks, with odds that sum to 1."""
    play(ruleset_id, 100 + seed, False, STEPS)


@pytest.mark.parametrize(("ruleset_id", "scenario"), other_scenarios())
def test_conformance_every_scenario(ruleset_id: str, scenario: str) -> None:
    """Every other scenario a ruleset declares: one bot game and one random game, with the same
    checks at every step (round trip, awaited seats, invariants, viewers, no leaks, odds); the
    random game with a seat more than the smallest table where the ruleset allows (a third viewer
    for the leak checks)."""
    play(ruleset_id, 0, True, SCENARIO_STEPS, scenario)
    play(ruleset_id, 100, False, SCENARIO_STEPS, scenario, extra=1)


@pytest.mark.slow
@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_conformance_long(ruleset_id: str) -> None:
    """The longer run: 40 games per rule system, to the end or 80 steps."""
    for seed in range(40):
        play(ruleset_id, 1000 + seed, seed % 2 == 0, 80)


@pytest.mark.slow
@pytest.mark.parametrize(("ruleset_id", "scenario"), other_scenarios())
def test_conformance_long_every_scenario(ruleset_id: str, scenario: str) -> None:
    """The longer run of every other scenario: 10 games each, to the end or 80 steps (the random
    games with a seat more than the smallest table)."""
    for seed in range(10):
        play(ruleset_id, 2000 + seed, seed % 2 == 0, 80, scenario, extra=seed % 2)


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
