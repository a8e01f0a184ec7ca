"""Dice anyone can check: replay a finished game from its revealed seed and its journal, and confirm
that every roll, every log event and the state after every turn are what the save says.

When a game starts, everyone sees the SHA-256 of its dice seed (``record["seed_hash"]``, and the
first event of the log). When it ends, the seed is revealed. :func:`verify` checks the seed against
the published hash, then plays the game again entry by entry and compares, stopping at the first
difference, which it names.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from core.dice import Dice, seed_hash
from core.errors import HolotableError
from core.session import Session
from saves.errors import SaveError
from saves.layout import Chunk

SHOWN = 160


@dataclass(frozen=True)
class Verdict:
    """What :func:`verify` found: ``ok``, and a text that says so or names the first mismatch."""

    ok: bool
    text: str


class _Mismatch(Exception):
    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text


def _short(value: Any) -> str:
    text = value if isinstance(value, str) else json.dumps(value, sort_keys=True)
    return text if len(text) <= SHOWN else text[:SHOWN] + "..."


def first_difference(stored: Any, replayed: Any, path: str = "state") -> str | None:
    """The path of the first place two JSON values differ, with both values; None if equal."""
    if stored == replayed:
        return None
    if isinstance(stored, dict) and isinstance(replayed, dict):
        for key in list(stored) + [k for k in replayed if k not in stored]:
            if key not in replayed:
                return f"{path}.{key} is in the save but not in the replay"
            if key not in stored:
                return f"{path}.{key} is in the replay but not in the save"
            found = first_difference(stored[key], replayed[key], f"{path}.{key}")
            if found:
                return found
    if isinstance(stored, list) and isinstance(replayed, list):
        for i, (a, b) in enumerate(zip(stored, replayed)):
            found = first_difference(a, b, f"{path}[{i}]")
            if found:
                return found
        return f"{path} has {len(stored)} items in the save, {len(replayed)} in the replay"
    return f"{path} is {_short(stored)} in the save, {_short(replayed)} in the replay"


def dice_problem(seed: str, n_before: int, events: list[dict[str, Any]], n_after: int) -> str | None:
    """Whether the roll events among ``events`` account for every draw of the dice from counter
    ``n_before`` to ``n_after``: rolled again from the seed in their order, each must show its logged
    values, and together they must use the dice exactly. None when they do; else what is wrong (a
    roll off the record, or a roll whose values the seed does not give). Raises nothing."""
    dice = Dice(seed=seed, n=n_before)
    for ev in events:
        data = ev.get("data") or {}
        if ev.get("kind") != "roll" or not {"count", "sides", "values"} <= set(data):
            continue  # not a die (a ruleset's own line about a roll's result)
        try:
            values = dice.roll(int(data["count"]), int(data["sides"]), "")
        except (TypeError, ValueError):
            return f"the roll event {_short(ev.get('text'))!r} does not say its dice"
        if values != list(data["values"]):
            return f"the roll {_short(ev.get('text'))!r} is not what the seed gives there ({', '.join(map(str, values))})"
        if dice.n > n_after:
            break
    if dice.n != n_after:
        return (f"the dice were drawn {n_after - n_before} times, but the logged roll events account for "
                f"{dice.n - n_before}: a roll is not on the record")
    return None


def dice_audit(record: dict[str, Any]) -> str | None:
    """Replay a game and check that every draw of its dice is a logged roll event: the setup's (from
    counter 0) and each journal entry's, rolled again from the seed (:func:`dice_problem`). A GM's
    correction or a reopened turn may set the counter itself and is not counted. None when every die
    is on the record; else the first entry whose dice are not. Raises HolotableError if the journal
    no longer applies."""
    seed = str(record["seed"])
    opening = Session.replay(record, upto=0)
    n0 = int(opening.state["dice"]["n"])
    problem = dice_problem(seed, 0, opening.record["log"], n0)
    if problem:
        return f"the setup: {problem}"
    mark = {"n": n0, "log": len(opening.record["log"]), "i": 0}
    found: list[str] = []
    journal = record["journal"]

    def each(session: Session, entry: dict[str, Any]) -> None:
        mark["i"] += 1
        n, log = int(session.state["dice"]["n"]), session.record["log"]
        if not found and entry.get("op") not in ("correct", "reopen"):
            bad = dice_problem(seed, mark["n"], log[mark["log"]:], n)
            if bad:
                found.append(f"{_entry(entry, mark['i'], len(journal))}: {bad}")
        mark["n"], mark["log"] = n, len(log)
    Session.replay(record, each=each)
    return found[0] if found else None


def _entry(entry: dict[str, Any], index: int, total: int) -> str:
    what = {k: v for k, v in entry.items() if k not in ("op", "actor")}
    return f"journal entry {index} of {total} ({entry.get('op')} by {entry.get('actor')}: {_short(what)})"


def verify(record: dict[str, Any], chunks: list[Chunk] | None = None, as_gm: bool = False,
           game_id: str = "") -> Verdict:
    """Check a game against its seed. ``chunks`` (with their states) add a state check at every
    closed turn. Refuses, unless ``as_gm``, while the game still runs, since that reveals the seed.

    Raises SaveError for that refusal. A mismatch is not an error: it is the Verdict's text.
    """
    name = game_id or "the game"
    try:
        running = Session.from_record(record).outcome() is None
    except HolotableError as exc:
        raise SaveError(f"{name} cannot be verified here: {exc}") from None
    if running and not as_gm:
        raise SaveError(f"{name} is still running (turn {record['state']['turn']}): its dice seed stays secret "
                        f"until the game ends, so it cannot be verified yet; the GM may verify it now with --gm")
    seed, published = str(record["seed"]), record["seed_hash"]
    if seed_hash(seed) != published:
        return Verdict(False, f"MISMATCH: the seed {seed!r} hashes to {seed_hash(seed)}, but the hash published "
                              f"at the start was {published}")
    log, journal = record["log"], record["journal"]
    if not log or published not in str(log[0].get("text", "")):
        return Verdict(False, f"MISMATCH: the first log event does not publish the seed hash {published}")
    states = {c.ends["journal"]: c for c in (chunks or []) if c.state_after is not None}
    checked = {"log": 0, "states": 0, "entries": 0}

    def compare_log(session: Session, where: str) -> None:
        replayed = session.record["log"]
        start = checked["log"]
        for i in range(start, len(replayed)):
            if i >= len(log):
                raise _Mismatch(f"after {where}: the replay logs event {i + 1} {_short(replayed[i]['text'])!r}, "
                                f"the save's log ends at {len(log)} events")
            if replayed[i] != log[i]:
                diff = first_difference(log[i], replayed[i], f"log event {i + 1}")
                raise _Mismatch(f"after {where}: {diff}")
        checked["log"] = len(replayed)

    def each(session: Session, entry: dict[str, Any]) -> None:
        index = checked["entries"] = checked["entries"] + 1
        where = _entry(entry, index, len(journal))
        compare_log(session, where)
        chunk = states.get(index)
        if chunk is not None:
            diff = first_difference(chunk.state_after, session.state)
            if diff:
                raise _Mismatch(f"after {where}, at the end of turn {chunk.turn}: {diff}")
            checked["states"] += 1

    try:
        final = Session.replay(record, each=each)
        compare_log(final, "the last journal entry")
    except _Mismatch as exc:
        return Verdict(False, f"MISMATCH in {name}: {exc.text}. The save does not follow from its seed and "
                              f"journal: it was edited, or the rules changed since it was played.")
    except (HolotableError, KeyError, TypeError, IndexError) as exc:
        index = checked["entries"] + 1
        entry = journal[index - 1] if index <= len(journal) else {}
        return Verdict(False, f"MISMATCH in {name}: {_entry(entry, index, len(journal))} no longer applies: {exc}")
    if len(final.record["log"]) != len(log):
        return Verdict(False, f"MISMATCH in {name}: the save logs {len(log)} events, the replay {len(final.record['log'])}")
    diff = first_difference(record["state"], final.state)
    if diff:
        return Verdict(False, f"MISMATCH in {name}, at the end: {diff}")
    if final.record["messages"] != record["messages"]:
        return Verdict(False, f"MISMATCH in {name}: the messages differ from the replay's")
    unlogged = dice_audit(record)  # every die a logged roll event (issue 25, point 9)
    if unlogged:
        return Verdict(False, f"MISMATCH in {name}: a die is not on the record at {unlogged}")
    rolls = sum(1 for e in log if e.get("kind") == "roll")
    turns = checked["states"]
    return Verdict(True, f"OK: {name} verified. The dice seed {seed!r} hashes to {published}, the hash published "
                         f"when the game began. Replaying its {len(journal)} journal entries from that seed "
                         f"reproduced all {rolls} dice rolls and all {len(log)} log events, the state after "
                         f"each of its {turns} resolved turns on file, and the state now"
                         f"{'' if not running else ' (the game is still running: checked for the GM)'}.")
