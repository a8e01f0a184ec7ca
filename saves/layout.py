"""How a game lies on disk (save schema 2), and how it is read back and checked.

::

    <data dir>/games/<game-id>.json          the game: a TinyDB database, rewritten on every change
    <data dir>/games/<game-id>.turns/000001.json  closed history, one file per resolved turn, written once
    <data dir>/games/<game-id>.lock          the writer's lock (see :mod:`saves.lock`)
    <data dir>/games/<game-id>.json.schema1.bak   the file as it was before a migration

The game file holds the tables ``save`` (format, schema, id, times, and where the history stands),
``game`` (the session record minus its three growing lists) and ``journal``, ``log`` and
``messages`` holding only the entries of the open turn, under their absolute positions (1-based) as
document ids. When a turn resolves, its entries move into a turn file (tables ``turn``,
``journal``, ``log``, ``messages``; ``turn`` also keeps the state after the resolution, so
``verify`` can check every turn) and the open tables start empty again. Saving an order therefore
costs the current state plus one turn's entries, however long the game has run.

Turn files are chained: each names the SHA-256 of the one before, and the game file names the
last, so a missing, swapped or damaged turn file is found on loading. A turn file is written (and
fsynced) before the game file that counts it; a turn file the game file does not count is left
over from a crash and is simply written again.

Schema 1 is the plain session record (``Session.to_json()``) in a single ``<game-id>.json``.
"""
from __future__ import annotations

import hashlib
import re
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from core.session import SCHEMA as RECORD_SCHEMA
from core.text import printable
from saves.atomic import decode_json, dumps, read_regular
from saves.errors import SaveError, UnknownGame

FORMAT = "holotable-game"
TURN_FORMAT = "holotable-turn"
SAVE_SCHEMA = 2
LISTS = ("journal", "log", "messages")
GAME_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")
V1_KEYS = ("ruleset", "state", "seats", "journal", "log", "messages", "seed", "seed_hash")


def check_game_id(game_id: str) -> str:
    """``game_id`` if it is a fit file name. Raises SaveError saying what an id may hold."""
    if not isinstance(game_id, str) or not GAME_ID.fullmatch(game_id):
        raise SaveError(f"{game_id!r} is not a game id: use 1 to 64 letters, digits, '-' or '_', starting "
                        f"with a letter or digit (e.g. 'raw-campaign-2')")
    return game_id


@dataclass(frozen=True)
class GamePaths:
    """The files of one game under ``games_dir``."""

    games_dir: Path
    game_id: str

    @property
    def main(self) -> Path:
        """The game file."""
        return self.games_dir / f"{self.game_id}.json"

    @property
    def lock(self) -> Path:
        """The writer's lock file."""
        return self.games_dir / f"{self.game_id}.lock"

    @property
    def turns(self) -> Path:
        """The directory of closed turns."""
        return self.games_dir / f"{self.game_id}.turns"

    def turn_file(self, seq: int) -> Path:
        """The file of the ``seq``-th closed turn (1-based)."""
        return self.turns / f"{seq:06d}.json"

    def backup(self, schema: int) -> Path:
        """Where the file of schema ``schema`` is kept when it is migrated."""
        return self.games_dir / f"{self.game_id}.json.schema{schema}.bak"


@dataclass
class History:
    """Where the closed history stands: how many turn files, the last one's hash, and how many
    journal entries, log events and messages they hold together."""

    chunks: int = 0
    head: str | None = None
    journal: int = 0
    log: int = 0
    messages: int = 0

    def base(self, name: str) -> int:
        """How many entries of list ``name`` are closed."""
        return int(getattr(self, name))

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Any, label: str) -> "History":
        """Read it back. Raises SaveError if it is not a well-formed history note."""
        try:
            history = cls(int(data["chunks"]), data["head"], int(data["journal"]), int(data["log"]),
                          int(data["messages"]))
        except (KeyError, TypeError, ValueError):
            raise SaveError(f"{label} is corrupt: its 'save' table has no readable history note "
                            f"(chunks, head, journal, log, messages)") from None
        if history.chunks < 0 or (history.chunks > 0) != isinstance(history.head, str):
            raise SaveError(f"{label} is corrupt: its history note counts {history.chunks} turn files with "
                            f"head {history.head!r}")
        return history


@dataclass
class Chunk:
    """One closed turn file as loaded: which turn it closed and where its entries end."""

    seq: int
    turn: int
    next_turn: int
    ends: dict[str, int]
    state_after: dict[str, Any] | None = None


@dataclass
class Loaded:
    """A game read from disk: its record (whole, as the session keeps it), its save note, its history."""

    record: dict[str, Any]
    meta: dict[str, Any]
    history: History
    chunks: list[Chunk] = field(default_factory=list)
    schema: int = SAVE_SCHEMA
    raw: bytes = b""


def game_doc(record: dict[str, Any]) -> dict[str, Any]:
    """The record without its growing lists (journal, log, messages)."""
    return {key: value for key, value in record.items() if key not in LISTS}


def table_of(entries: list[Any], start: int) -> dict[str, Any]:
    """A TinyDB table of ``entries`` whose first is at absolute position ``start`` (ids are 1-based)."""
    return {str(start + i + 1): entry for i, entry in enumerate(entries)}


def turn_document(game_id: str, seq: int, turn: int, next_turn: int, prev: str | None,
                  lists: dict[str, list[Any]], start: History, ends: dict[str, int],
                  state_after: dict[str, Any]) -> dict[str, Any]:
    """The TinyDB content of a closed turn file: the entries of ``lists`` from ``start`` to ``ends``."""
    note = {"format": TURN_FORMAT, "schema": SAVE_SCHEMA, "game": game_id, "seq": seq, "turn": turn,
            "next_turn": next_turn, "prev": prev, "starts": {n: start.base(n) for n in LISTS},
            "ends": dict(ends), "state_after": state_after}
    tables: dict[str, Any] = {"turn": {"1": note}}
    for name in LISTS:
        tables[name] = table_of(lists[name][start.base(name):ends[name]], start.base(name))
    return tables


def save_note(game_id: str, created: float, last_activity: float, history: History,
              record: dict[str, Any]) -> dict[str, Any]:
    """The document of the ``save`` table: format, schema, id, times, history and counts."""
    return {"format": FORMAT, "schema": SAVE_SCHEMA, "id": game_id, "created": created,
            "last_activity": last_activity, "history": history.to_dict(),
            "counts": {name: len(record[name]) for name in LISTS}}


def turn_hash(data: bytes) -> str:
    """The hash that chains turn files."""
    return hashlib.sha256(data).hexdigest()


def encode(tables: dict[str, Any]) -> bytes:
    """The bytes of a TinyDB document as holotable writes it."""
    return dumps(tables).encode("utf-8")


# -- reading ----------------------------------------------------------------------------------------
def schema_of(data: Any, label: str) -> int:
    """The save schema of a parsed game file: 1 or 2.

    Raises SaveError for a foreign file (not a holotable game) or a newer one (written by a newer
    holotable), saying what was found and what a save looks like.
    """
    if isinstance(data, dict) and isinstance(data.get("save"), dict):
        note = data["save"].get("1")
        if not isinstance(note, dict) or note.get("format") != FORMAT:
            raise SaveError(f"{label} is not a holotable save: it is a TinyDB database whose 'save' table does "
                            f"not say format {FORMAT!r}")
        schema = note.get("schema")
        if not isinstance(schema, int) or schema < 1:
            raise SaveError(f"{label} is corrupt: its save schema is {schema!r}, not a positive whole number")
        if schema > SAVE_SCHEMA:
            raise SaveError(f"{label} was written by a newer holotable (save schema {schema}); this holotable "
                            f"reads save schemas 1 to {SAVE_SCHEMA}: upgrade holotable to open it (the file "
                            f"is left as it is)")
        return schema
    if isinstance(data, dict) and all(key in data for key in ("ruleset", "state", "journal")):
        schema = data.get("schema")
        if not isinstance(schema, int):
            raise SaveError(f"{label} is corrupt: a game record without a whole-number 'schema' (found {schema!r})")
        if schema > RECORD_SCHEMA:
            raise SaveError(f"{label} holds a game record of schema {schema}, newer than this holotable's "
                            f"{RECORD_SCHEMA}: upgrade holotable to open it (the file is left as it is)")
        missing = [key for key in V1_KEYS if key not in data]
        if missing:
            raise SaveError(f"{label} is corrupt: a schema-1 game record without {', '.join(missing)}")
        if not isinstance(data["state"], dict) or "turn" not in data["state"] or not all(
                isinstance(data[key], list) for key in ("seats", *LISTS)):
            raise SaveError(f"{label} is corrupt: a schema-1 game record whose state has no turn, or whose "
                            f"seats, journal, log or messages are not lists")
        return 1
    kind = f"an object with keys {printable(', '.join(sorted(map(str, data))[:8]), 160) or 'none'}" if isinstance(data, dict) \
        else f"a JSON {type(data).__name__}"
    raise SaveError(f"{label} is not a holotable save: it holds {kind}; a holotable save is a TinyDB "
                    f"database with the tables save, game, journal, log and messages (or, from holotable's "
                    f"first version, a game record with ruleset, state and journal)")


def parse_game_file(raw: bytes, label: str) -> tuple[int, dict[str, Any]]:
    """Decode and classify a game file's bytes: (schema, data). Raises SaveError."""
    data = decode_json(raw, label)
    return schema_of(data, label), data


def entries_of(tables: dict[str, Any], name: str, start: int, end: int, label: str) -> list[Any]:
    """The entries of table ``name``, which must hold exactly positions ``start+1`` .. ``end``. Raises SaveError."""
    table = tables.get(name, {})
    if not isinstance(table, dict):
        raise SaveError(f"{label} is corrupt: its {name!r} table is a {type(table).__name__}, not a table")
    try:
        ids = sorted(int(key) for key in table)
    except ValueError:
        raise SaveError(f"{label} is corrupt: its {name!r} table has an id that is not a number") from None
    if ids != list(range(start + 1, end + 1)):
        have = f"{ids[0]}..{ids[-1]} ({len(ids)})" if ids else "none"
        raise SaveError(f"{label} is corrupt: its {name!r} table should hold entries {start + 1}..{end}, "
                        f"it holds {have}")
    return [table[str(i)] for i in ids]


def single(tables: dict[str, Any], name: str, label: str) -> dict[str, Any]:
    """Document 1 of table ``name``. Raises SaveError if it is missing or not an object."""
    doc = tables.get(name, {}).get("1") if isinstance(tables.get(name), dict) else None
    if not isinstance(doc, dict):
        raise SaveError(f"{label} is corrupt: its {name!r} table has no document 1")
    return doc


def record_of_main(data: dict[str, Any], label: str) -> tuple[dict[str, Any], dict[str, Any], History]:
    """The parts of a schema-2 game file: (record with only the open lists, save note, history). Raises SaveError."""
    meta = single(data, "save", label)
    history = History.from_dict(meta.get("history"), label)
    game = single(data, "game", label)
    if not isinstance(game.get("state"), dict) or "turn" not in game["state"] or not isinstance(game.get("ruleset"), str):
        raise SaveError(f"{label} is corrupt: its game has no ruleset or no state with a turn")
    if isinstance(game.get("schema"), int) and game["schema"] > RECORD_SCHEMA:
        raise SaveError(f"{label} holds a game record of schema {game['schema']}, newer than this holotable's "
                        f"{RECORD_SCHEMA}: upgrade holotable to open it (the file is left as it is)")
    counts = meta.get("counts", {})
    record = dict(game)
    for name in LISTS:
        try:
            end = int(counts[name])
        except (KeyError, TypeError, ValueError):
            raise SaveError(f"{label} is corrupt: its save note does not count its {name}") from None
        record[name] = entries_of(data, name, history.base(name), end, label)
    return record, meta, history


def read_turns(paths: GamePaths, history: History, with_states: bool) -> tuple[dict[str, list[Any]], list[Chunk]]:
    """The closed history: every list's closed entries, and the turn files' notes. Raises SaveError
    if a turn file is missing, damaged, out of order or not the one the game file names."""
    lists: dict[str, list[Any]] = {name: [] for name in LISTS}
    chunks: list[Chunk] = []
    prev: str | None = None
    for seq in range(1, history.chunks + 1):
        path = paths.turn_file(seq)
        label = f"game {paths.game_id!r}: turn file {path.name}"
        try:
            raw = read_regular(path, label)
        except OSError as exc:
            raise SaveError(f"{label} is missing or unreadable ({exc.strerror or exc}); the game needs all "
                            f"{history.chunks} turn files in {paths.turns}; restore them from a backup") from None
        tables = decode_json(raw, label)
        note = single(tables, "turn", label) if isinstance(tables, dict) else None
        if note is None or note.get("format") != TURN_FORMAT or note.get("seq") != seq or note.get("game") != paths.game_id:
            raise SaveError(f"{label} is not turn file {seq} of this game")
        if note.get("prev") != prev:
            raise SaveError(f"{label} does not follow turn file {seq - 1} (its chain hash differs): a turn "
                            f"file was replaced or damaged; restore the game from a backup")
        try:
            starts = {name: int(note["starts"][name]) for name in LISTS}
            ends = {name: int(note["ends"][name]) for name in LISTS}
        except (KeyError, TypeError, ValueError):
            raise SaveError(f"{label} is corrupt: no readable start and end of its entries") from None
        for name in LISTS:
            if starts[name] != len(lists[name]):
                raise SaveError(f"{label} is corrupt: its {name} start at {starts[name]}, "
                                f"the turn before ends at {len(lists[name])}")
            lists[name].extend(entries_of(tables, name, starts[name], ends[name], label))
        prev = turn_hash(raw)
        chunks.append(Chunk(seq, int(note.get("turn", 0)), int(note.get("next_turn", 0)), ends,
                            note.get("state_after") if with_states else None))
    if prev != history.head:
        raise SaveError(f"game {paths.game_id!r}: the last turn file is not the one the game file names (hash "
                        f"differs): a turn file was replaced or damaged; restore the game from a backup")
    for name in LISTS:
        if len(lists[name]) != history.base(name):
            raise SaveError(f"game {paths.game_id!r}: the turn files hold {len(lists[name])} {name} entries, "
                            f"the game file says {history.base(name)}")
    return lists, chunks


def load_game(paths: GamePaths, with_states: bool = False) -> Loaded:
    """Read a whole game (either schema) without changing any file.

    Raises UnknownGame if there is no such game, or SaveError if a file is corrupt, truncated,
    foreign, newer, or the turn files do not match.
    """
    label = f"game {paths.game_id!r} ({paths.main})"
    try:
        raw = read_regular(paths.main, label)
    except FileNotFoundError:
        raise UnknownGame(f"no saved game {paths.game_id!r} in {paths.games_dir}") from None
    schema, data = parse_game_file(raw, label)
    if schema == 1:
        return Loaded(record=data, meta={}, history=History(), schema=1, raw=raw)
    open_record, meta, history = record_of_main(data, label)
    lists, chunks = read_turns(paths, history, with_states)
    record = dict(open_record)
    for name in LISTS:
        record[name] = lists[name] + open_record[name]
    return Loaded(record=record, meta=meta, history=history, chunks=chunks, schema=schema, raw=raw)
