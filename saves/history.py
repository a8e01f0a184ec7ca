"""Closing turns into turn files, and laying out a whole game at once (when it is first saved, or
migrated from schema 1).

A record does not say where its turns begin in the journal, so a game saved for the first time
part-way through (or an old single-file save) is replayed from its seed to find out; if the replay
does not reproduce the record exactly, the whole history stays in the game file (still correct,
only not split by turn).
"""
from __future__ import annotations

import copy
import os
from dataclasses import dataclass
from typing import Any

from tinydb import TinyDB
from tinydb.table import Document

from core.errors import HolotableError
from core.session import Session
from saves.atomic import AtomicJSONStorage, atomic_write_bytes, fsync_dir
from saves.errors import SaveError
from saves.layout import LISTS, GamePaths, History, encode, game_doc, save_note, turn_document, turn_hash


@dataclass
class Boundary:
    """Where a turn closed: the lengths of the lists then, the turn closed and the one opened, the state."""

    ends: dict[str, int]
    turn: int
    next_turn: int
    state_after: dict[str, Any]


def segment(record: dict[str, Any]) -> list[Boundary]:
    """The turn boundaries of ``record``, found by replaying it from its seed.

    Returns [] if the record has no journal, or if the replay fails or differs from the record
    (then the history is kept in one piece). Never raises for a bad record.
    """
    if not record.get("journal"):
        return []
    bounds: list[Boundary] = []
    current: list[int] = []

    def each(session: Session, entry: dict[str, Any]) -> None:
        if session.turn != current[-1]:
            ends = {name: len(session.record[name]) for name in LISTS}
            bounds.append(Boundary(ends, current[-1], session.turn, copy.deepcopy(session.state)))
            current.append(session.turn)

    try:
        first = Session.replay(record, upto=0)
        current.append(first.turn)
        replayed = Session.replay(record, each=each)
    except (HolotableError, KeyError, TypeError, ValueError, IndexError):
        return []
    same = all(replayed.record[name] == record[name] for name in LISTS) and replayed.state == record["state"]
    return bounds if same else []


def write_turn(paths: GamePaths, seq: int, turn: int, next_turn: int, lists: dict[str, list[Any]],
               start: History, ends: dict[str, int], state_after: dict[str, Any]) -> History:
    """Write closed turn file ``seq`` (atomically, fsynced) and return the history that counts it.

    Raises SaveError if it cannot be written (then the game file still counts the turns before).
    """
    if seq == 1 and not paths.turns.exists():
        try:
            paths.turns.mkdir(parents=True, exist_ok=True)
            fsync_dir(paths.games_dir)
        except OSError as exc:
            raise SaveError(f"cannot make {paths.turns}: {exc.strerror or exc}") from None
    data = encode(turn_document(paths.game_id, seq, turn, next_turn, start.head, lists, start, ends, state_after))
    atomic_write_bytes(paths.turn_file(seq), data)
    return History(seq, turn_hash(data), ends["journal"], ends["log"], ends["messages"])


def write_main(db: TinyDB, record: dict[str, Any], note: dict[str, Any], history: History) -> None:
    """Rewrite the whole game file in one atomic write: save note, game, and the open turn's entries.

    ``db`` must use :class:`~saves.atomic.AtomicJSONStorage`. Raises SaveError.
    """
    storage = db.storage
    assert isinstance(storage, AtomicJSONStorage)
    with storage.batch():
        db.drop_tables()
        db.table("save").insert(Document(note, doc_id=1))
        db.table("game").insert(Document(game_doc(record), doc_id=1))
        for name in LISTS:
            base = history.base(name)
            db.table(name).insert_multiple(Document(entry, doc_id=base + i + 1)
                                           for i, entry in enumerate(record[name][base:]))


def write_new_game(paths: GamePaths, record: dict[str, Any], created: float, now: float) -> History:
    """Lay out ``record`` as a schema-2 game: its resolved turns in turn files, the rest in the game file.

    The game file is written last, so a crash part-way leaves the previous game file (or none).
    Raises SaveError if a file cannot be written.
    """
    history = History()
    for seq, bound in enumerate(segment(record), start=1):
        history = write_turn(paths, seq, bound.turn, bound.next_turn, record, history, bound.ends,
                             bound.state_after)
    db = TinyDB(paths.main, storage=AtomicJSONStorage)
    write_main(db, record, save_note(paths.game_id, created, now, history, record), history)
    return history


def drop_turn_files(paths: GamePaths, keep: int) -> None:
    """Delete turn files past the first ``keep`` (left by an interrupted first save); never raises."""
    if not paths.turns.exists():
        return
    for path in paths.turns.glob("*.json"):
        try:
            if int(path.stem) > keep:
                os.unlink(path)
        except (ValueError, OSError):
            pass
