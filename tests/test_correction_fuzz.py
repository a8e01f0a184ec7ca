"""A fuzz of the GM's corrections (issue 30): random paths and random values, one or two paths at a
time, over every rule system. Every correction is either refused with nothing changed, or accepted
and the game stays openable (a reload from its record, every view) and playable (the bots give
their orders and the turn resolves, or take their steps): 0 internal errors.

The normal suite runs a few hundred; ``-m slow`` runs thousands and prints the figures.
"""
from __future__ import annotations

import json
import random
import time
from collections import Counter
from typing import Any

import pytest

from core.errors import HolotableError
from core.events import GM
from core.registry import find_ruleset, ruleset_ids
from core.session import Session

NAMES = ["al", "bo", "cy", "di", "ed", "fa", "gi", "ha", "ik", "jo"]


def seated(ruleset_id: str, seed: str) -> Session:
    ruleset = find_ruleset(ruleset_id)
    sides = ruleset.sides()
    count = max(ruleset.min_seats, len(sides))
    return Session.new(ruleset_id, [(NAMES[i], sides[i % len(sides)]) for i in range(count)], seed=seed)


def random_path(rng: random.Random, state: dict[str, Any]) -> str:
    """A path into ``state``, some steps deep (now and then one that is not there)."""
    node: Any = state
    parts: list[str] = []
    for _ in range(rng.randint(1, 6)):
        if isinstance(node, dict) and node:
            key = rng.choice(list(node))
            parts.append(str(key))
            node = node[key]
        elif isinstance(node, list) and node:
            index = rng.randrange(len(node))
            parts.append(str(index))
            node = node[index]
        else:
            break
        if not isinstance(node, (dict, list)) or rng.random() < 0.2:
            break
    if rng.random() < 0.05:
        parts.append(rng.choice(["nope", "0", "-1", "99"]))
    return ".".join(parts) or "turn"


def value_at(state: dict[str, Any], path: str) -> Any:
    node: Any = state
    for part in path.split("."):
        if isinstance(node, dict):
            node = node.get(part)
        elif isinstance(node, list) and part.lstrip("-").isdigit() and -len(node) <= int(part) < len(node):
            node = node[int(part)]
        else:
            return None
    return node


def random_value(rng: random.Random, state: dict[str, Any], old: Any, words: list[str]) -> str:
    """A JSON text: near the old value, of another type, an id of the game, or garbage."""
    roll = rng.random()
    if roll < 0.15 and isinstance(old, (int, float)) and not isinstance(old, bool):
        return json.dumps(old + rng.choice([-100, -3, -1, 1, 2, 5, 1000]))
    if roll < 0.25:
        return rng.choice(["NaN", "Infinity", "-Infinity", "1e400", "9" * rng.choice([17, 400, 5000]), "-0", "0.5",
                           "-1", "0", "1", "3", "true", "false", "null", "[]", "{}", '""', "x", "[1,", '{"a": 1}'])
    if roll < 0.45:
        return json.dumps(rng.choice(words))
    if roll < 0.55 and isinstance(old, list):
        mutated = list(old)
        if mutated and rng.random() < 0.5:
            mutated.pop(rng.randrange(len(mutated)))
        else:
            mutated.append(rng.choice(words) if rng.random() < 0.7 else rng.choice(mutated or [1]))
        return json.dumps(mutated)
    if roll < 0.65 and isinstance(old, dict) and old:
        mutated = dict(old)
        key = rng.choice(list(mutated))
        if rng.random() < 0.5:
            mutated.pop(key)
        else:
            mutated[key] = rng.choice([None, 0, "x", [], {}, rng.choice(words)])
        return json.dumps(mutated)
    if roll < 0.8:
        other = value_at(state, random_path(rng, state))
        return json.dumps(other)
    return json.dumps(rng.choice([None, True, -7, 2.5, 10 ** 15, "x" * rng.choice([1, 600]), [1, 2], {"a": 1},
                                  [rng.choice(words)], {"id": rng.choice(words)}]))


def words_of(state: dict[str, Any]) -> list[str]:
    found: set[str] = set()
    stack: list[Any] = [state]
    while stack and len(found) < 400:
        node = stack.pop()
        if isinstance(node, dict):
            found.update(str(k) for k in node)
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
        elif isinstance(node, str) and len(node) < 30:
            found.add(node)
    return sorted(found) or ["x"]


def playable(session: Session) -> None:
    """Open the game from its record and play on: raises whatever a front end would meet."""
    again = Session.from_record(json.loads(json.dumps(session.record, allow_nan=False)))
    for viewer in (GM, *again.seats()):
        again.view(viewer)
    problem = again._next_step(again.state)
    if problem is not None:
        raise problem


def fuzz(ruleset_id: str, count: int, seed: int) -> Counter[str]:
    """``count`` random corrections of one game; the counts of what happened (``internal`` must stay 0)."""
    rng = random.Random(seed)
    session = seated(ruleset_id, f"fuzz-{seed}")
    tally: Counter[str] = Counter()
    words = words_of(session.state)
    for attempt in range(count):
        if attempt and attempt % 25 == 0 and session.outcome() is None:
            for info in session.record["seats"]:  # the game moves on, so later states are fuzzed too
                info["bot"] = True
            try:
                session.bot_steps = 3
                session._run_bots()
                if session.ruleset.simultaneous and session.awaiting():
                    session.resolve(GM, run_bots=False)
            except HolotableError:
                pass
            words = words_of(session.state)
        changes = []
        for _ in range(1 if rng.random() < 0.8 else 2):
            path = random_path(rng, session.state)
            changes.append((path, random_value(rng, session.state, value_at(session.state, path), words)))
        before = json.dumps(session.record, sort_keys=True)
        try:
            session.gm_correct_many(GM, changes, "fuzz")
        except HolotableError:
            tally["refused"] += 1
            assert json.dumps(session.record, sort_keys=True) == before, f"a refused {changes} changed the game"
            continue
        except Exception as exc:  # noqa: BLE001 - counted: the figure must be 0
            tally["internal"] += 1
            tally[f"internal {type(exc).__name__} at correcting {changes}"[:200]] += 1
            continue
        tally["accepted"] += 1
        try:
            playable(session)
        except Exception as exc:  # noqa: BLE001 - counted: the figure must be 0
            tally["internal"] += 1
            tally[f"internal {type(exc).__name__}: unplayable after {changes}"[:200]] += 1
    return tally


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_random_corrections_never_brick_a_game(ruleset_id: str) -> None:
    """A few hundred over every system in the normal suite: refused or playable, never an internal error."""
    tally = fuzz(ruleset_id, 60, 30)
    problems = [k for k in tally if k.startswith("internal ")]
    assert tally["internal"] == 0, f"{ruleset_id}: {tally['internal']} internal errors: {problems[:5]}"
    assert tally["accepted"] and tally["refused"], f"{ruleset_id}: the fuzz tried nothing of one kind: {dict(tally)}"


@pytest.mark.slow
def test_thousands_of_random_corrections_never_brick_a_game() -> None:
    """The big run: ``-m slow`` prints each system's figures."""
    total: Counter[str] = Counter()
    for ruleset_id in ruleset_ids():
        started = time.perf_counter()
        tally: Counter[str] = Counter()
        for seed in range(4):
            tally += fuzz(ruleset_id, 300 if ruleset_id != "tote" else 150, 1000 + seed)
        total += tally
        print(f"{ruleset_id}: {tally['accepted'] + tally['refused'] + tally['internal']} corrections, "
              f"{tally['accepted']} accepted, {tally['refused']} refused, {tally['internal']} internal errors "
              f"({time.perf_counter() - started:.0f} s)")
    problems = [k for k in total if k.startswith("internal ")]
    assert total["internal"] == 0, f"{total['internal']} internal errors: {problems[:10]}"
