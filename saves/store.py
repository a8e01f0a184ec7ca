"""The game store: every game in its own files, saved on every change before anyone hears of it.

>>> store = GameStore(data_dir)                       # doctest: +SKIP
>>> game = store.adopt(Session.new("raw", seats))     # saved now, and on every change from here on
>>> game.session.order("al", "al", "stance free")     # returns only once the order is on disk
>>> game.close()
>>> game = store.open(game.game_id)                   # after a crash too: everything acknowledged

See :mod:`saves.layout` for the files, :mod:`saves.lock` for the one-writer rule and
:mod:`saves.atomic` for how a write survives a crash.
"""
from __future__ import annotations

import os
import secrets
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import platformdirs
from tinydb import TinyDB
from tinydb.table import Document

from core.errors import HolotableError
from core.events import GM
from core.session import Session
from saves.atomic import AtomicJSONStorage, atomic_write_bytes, read_regular, remove_stale_temps
from saves.errors import SaveError, UnknownGame
from saves.history import drop_turn_files, write_main, write_new_game, write_turn
from saves.layout import (LISTS, GamePaths, History, Loaded, check_game_id, game_doc, load_game,
                          parse_game_file, record_of_main, save_note)
from saves.lock import WriterLock

DATA_DIR_ENV = "HOLOTABLE_DATA_DIR"


def default_data_dir() -> Path:
    """``$HOLOTABLE_DATA_DIR`` if set, else the platform's user data directory for holotable."""
    env = os.environ.get(DATA_DIR_ENV)
    return Path(env) if env else Path(platformdirs.user_data_dir("holotable"))


@dataclass(frozen=True)
class GameSummary:
    """One line of ``holotable saves``. ``problem`` says why a game cannot be read (then most fields are None)."""

    id: str
    ruleset: str | None = None
    title: str | None = None
    turn: int | None = None
    seats: tuple[str, ...] = ()
    last_activity: float | None = None
    over: str | None = None
    schema: int | None = None
    problem: str | None = None

    @property
    def readable(self) -> bool:
        """Whether the game loads."""
        return self.problem is None


def summarize(game_id: str, record: dict[str, Any], last_activity: float | None, schema: int) -> GameSummary:
    """A summary of a game record; a record that cannot be summarized gets its problem (never raises)."""
    try:
        return _summarize(game_id, record, last_activity, schema)
    except SaveError as exc:
        return GameSummary(game_id, problem=str(exc))
    except Exception as exc:  # noqa: BLE001 - a listing never fails for one bad file
        return GameSummary(game_id, problem=f"game {game_id!r} is corrupt: its record cannot be read "
                                            f"({type(exc).__name__})")


def _summarize(game_id: str, record: dict[str, Any], last_activity: float | None, schema: int) -> GameSummary:
    session = playable(record, f"game {game_id!r}", seats=False)
    seats = tuple(f"{s['name']} ({s['side']}{', bot' if s.get('bot') else ''})" for s in session.record["seats"])
    outcome = session.outcome()
    return GameSummary(game_id, record["ruleset"], session.ruleset.title, int(session.turn), seats, last_activity,
                       None if outcome is None else outcome.reason, schema)


def playable(record: dict[str, Any], label: str, seats: bool = True) -> Session:
    """The session of ``record`` once its views (the GM's, and each seat's unless ``seats`` is
    false), awaited seats and outcome are seen to work.

    Raises SaveError (saying why) for a record of an unknown rule system or one the rule system
    cannot play (a damaged state); nothing is written.
    """
    try:
        session = Session.from_record(record)
    except HolotableError as exc:
        raise SaveError(f"{label} cannot be played here: {exc}") from None
    except Exception as exc:  # noqa: BLE001 - a damaged record is refused, never a traceback
        raise SaveError(f"{label} is damaged: its record does not make a game ({type(exc).__name__})") from None
    try:
        for viewer in (GM, *(session.seats() if seats else ())):
            session.view(viewer)
        session.awaiting()
        session.outcome()
    except RecursionError:
        raise SaveError(f"{label} is damaged: its state is nested too deeply to play") from None
    except Exception as exc:  # noqa: BLE001 - the rule system could not read its own state: damaged
        raise SaveError(f"{label} is damaged: the {session.record.get('ruleset')} rules cannot read its state "
                        f"({type(exc).__name__}); restore it from a backup or have the GM correct it") from None
    return session


class StoredGame:
    """A game opened from the store: its :attr:`session`, and (for the writer) its lock and autosave.

    The writer's session is saved from its own notifications: every accepted order, withdrawal,
    message, readiness change, GM action and resolution is on disk before the call that made it
    returns. If a save fails (a full disk, say), the call raises SaveError and the session is put
    back as it was at the last good save.
    """

    def __init__(self, store: "GameStore", paths: GamePaths, session: Session, loaded: Loaded,
                 lock: WriterLock | None) -> None:
        self.store = store
        self.paths = paths
        self.game_id = paths.game_id
        self.session = session
        self._lock = lock
        self.created = float(loaded.meta.get("created") or time.time())
        self.last_activity: float | None = loaded.meta.get("last_activity")
        self.writes = 0
        self._history = loaded.history
        self._saved = self._counts()
        self._open_turn = session.turn
        self._db: TinyDB | None = None
        self._unsubscribe = None
        if lock is not None:
            self._db = TinyDB(paths.main, storage=AtomicJSONStorage)
            self._unsubscribe = session.subscribe(self._heard, first=True)

    @property
    def writer(self) -> bool:
        """Whether this handle writes the game (holds its lock)."""
        return self._lock is not None and self._lock.held

    def _counts(self) -> dict[str, int]:
        return {name: len(self.session.record[name]) for name in LISTS}

    def _heard(self, kind: str, payload: dict[str, Any]) -> None:
        if kind == "ready" and self._resolution_follows():
            return  # the same call resolves the turn next and is saved then, whole
        self.save()

    def _resolution_follows(self) -> bool:
        # mirrors Session.ready: it resolves at once when every awaited seat is ready (unless bots
        # play every seat; then the GM or a deadline resolves)
        session = self.session
        awaiting = session.awaiting()
        all_bots = bool(getattr(session, "all_bots", lambda: False)())
        return bool(awaiting) and awaiting <= set(session.record["ready"]) and not all_bots

    def save(self) -> None:
        """Write the game now (the autosave does this on every change; call it after changes made
        without a notification). Raises SaveError if it is read-only or the write fails; after a
        failed write the session is back at the last good save."""
        if not self.writer or self._db is None:
            raise SaveError(f"game {self.game_id!r} is open read-only here; open it as the writer to change it")
        now = time.time()
        try:
            if any(len(self.session.record[n]) < self._saved[n] for n in LISTS):
                self._rewrite(now)
            elif self.session.turn != self._open_turn:
                self._close_turn(now)
            else:
                self._append(now)
        except SaveError as exc:
            self._restore()
            raise SaveError(f"not saved, so not done: {exc}; game {self.game_id!r} is as it was at its last "
                            f"save") from exc
        self.writes += 1
        self.last_activity = now

    def _note(self, now: float, history: History) -> dict[str, Any]:
        return save_note(self.game_id, self.created, now, history, self.session.record)

    def _append(self, now: float) -> None:
        assert self._db is not None
        record = self.session.record
        storage = self._db.storage
        assert isinstance(storage, AtomicJSONStorage)
        with storage.batch():
            for name in LISTS:
                have, entries = self._saved[name], record[name]
                if len(entries) > have:
                    self._db.table(name).insert_multiple(
                        Document(entry, doc_id=have + i + 1) for i, entry in enumerate(entries[have:]))
            self._db.table("game").upsert(Document(game_doc(record), doc_id=1))
            self._db.table("save").upsert(Document(self._note(now, self._history), doc_id=1))
        self._saved = self._counts()

    def _close_turn(self, now: float) -> None:
        assert self._db is not None
        record = self.session.record
        counts = self._counts()
        history = write_turn(self.paths, self._history.chunks + 1, self._open_turn, self.session.turn,
                             record, self._history, counts, record["state"])
        storage = self._db.storage
        assert isinstance(storage, AtomicJSONStorage)
        with storage.batch():
            for name in LISTS:
                self._db.table(name).truncate()
            self._db.table("game").upsert(Document(game_doc(record), doc_id=1))
            self._db.table("save").upsert(Document(self._note(now, history), doc_id=1))
        self._history, self._saved, self._open_turn = history, counts, self.session.turn

    def _rewrite(self, now: float) -> None:
        assert self._db is not None
        write_main(self._db, self.session.record, self._note(now, self._history), self._history)
        self._saved = self._counts()

    def _restore(self) -> None:
        """Put the session back as the game file has it (after a failed write)."""
        assert self._db is not None
        self._db.storage.close()
        label = f"game {self.game_id!r} ({self.paths.main})"
        try:
            _, data = parse_game_file(read_regular(self.paths.main, label), label)
            open_record, _, history = record_of_main(data, label)
        except (OSError, SaveError):
            return  # nothing better to go back to; the session keeps what it has
        record = self.session.record
        restored = dict(open_record)
        for name in LISTS:
            restored[name] = record[name][:history.base(name)] + open_record[name]
        record.clear()
        record.update(restored)
        self._history, self._saved, self._open_turn = history, self._counts(), self.session.turn

    def checkpoint(self) -> tuple[Any, dict[str, int], int]:
        """Where the files stand now, for :meth:`roll_back` (a command that may fail part-way)."""
        return self._history, dict(self._saved), self._open_turn

    def roll_back(self, mark: tuple[Any, dict[str, int], int]) -> None:
        """Put the files back as they stood at ``mark``, with the session as it is now (its caller put
        it back as it was then): the game file is rewritten, then the turn files written since are
        removed, so a command that closed turns and then failed leaves nothing behind on disk.
        Raises SaveError if the game file cannot be written (then nothing is removed)."""
        if not self.writer or self._db is None:
            return
        history, _, open_turn = mark
        written = self._history.chunks
        self._history, self._open_turn = history, open_turn
        self._rewrite(time.time())
        for seq in range(history.chunks + 1, written + 1):
            try:
                self.paths.turn_file(seq).unlink()
            except FileNotFoundError:
                pass

    def summary(self) -> GameSummary:
        """This game's line for ``holotable saves``."""
        return summarize(self.game_id, self.session.record, self.last_activity, 2)

    def close(self) -> None:
        """Save anything not yet saved, stop listening and give up the lock.

        Raises SaveError if that last save fails (the lock is given up all the same).
        """
        try:
            if self.writer and (self._counts() != self._saved or self.session.turn != self._open_turn):
                self.save()
        finally:
            if self._unsubscribe is not None:
                self._unsubscribe()
                self._unsubscribe = None
            if self._db is not None:
                self._db.storage.close()
            if self._lock is not None:
                self._lock.release()
            self.store._forget(self)

    def __enter__(self) -> "StoredGame":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class GameStore:
    """All games under one data directory, each in ``<data dir>/games/<game-id>.json`` and its turn files."""

    def __init__(self, data_dir: str | os.PathLike[str] | None = None) -> None:
        """A store in ``data_dir`` (default :func:`default_data_dir`); nothing is made until a game is saved."""
        self.data_dir = Path(data_dir) if data_dir is not None else default_data_dir()
        self.games_dir = self.data_dir / "games"
        self._handles: list[StoredGame] = []

    def paths(self, game_id: str) -> GamePaths:
        """The files of game ``game_id``. Raises SaveError for an id that is not a fit file name."""
        return GamePaths(self.games_dir, check_game_id(game_id))

    def ids(self) -> list[str]:
        """The ids of every game file in the store, sorted (readable or not)."""
        if not self.games_dir.is_dir():
            return []
        return sorted(p.name[:-5] for p in self.games_dir.glob("*.json") if not p.name.startswith("."))

    def new_id(self, session: Session) -> str:
        """A fresh id like ``raw-20250131-3fa9c2``."""
        while True:
            game_id = f"{session.record['ruleset']}-{time.strftime('%Y%m%d')}-{secrets.token_hex(3)}"
            if not os.path.lexists(self.paths(game_id).main):
                return game_id

    def _make(self, session: Session, game_id: str | None) -> tuple[GamePaths, WriterLock]:
        try:
            self.games_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise SaveError(f"cannot make the games directory {self.games_dir}: {exc.strerror or exc}") from None
        paths = self.paths(game_id) if game_id else self.paths(self.new_id(session))
        lock = WriterLock(paths.lock, paths.game_id)
        lock.acquire()
        try:
            if os.path.lexists(paths.main):
                raise SaveError(f"a game {paths.game_id!r} already exists in {self.games_dir}; choose another id")
            remove_stale_temps(self.games_dir, paths.main.name)
            drop_turn_files(paths, 0)
            now = time.time()
            try:
                write_new_game(paths, session.record, now, now)
            except SaveError:
                if not paths.main.exists():
                    drop_turn_files(paths, 0)
                raise
        except BaseException:
            lock.release()
            raise
        return paths, lock

    def create(self, session: Session, game_id: str | None = None) -> str:
        """Save a new game and return its id (``game_id`` or a fresh one). The session is not kept
        saving: use :meth:`adopt` for that, or :meth:`open` the id.

        Raises SaveError if the id is taken or unfit, or the files cannot be written; GameLocked if
        another process is creating the same id.
        """
        paths, lock = self._make(session, game_id)
        lock.release()
        return paths.game_id

    def adopt(self, session: Session, game_id: str | None = None) -> StoredGame:
        """Save a new game and keep saving ``session`` on every change; returns the writer's handle.

        Subscribe the session's other listeners (screens, the server) after this, so that the save
        is always told first and nobody hears of a change before it is on disk. Raises what
        :meth:`create` raises.
        """
        paths, lock = self._make(session, game_id)
        loaded = load_game(paths)
        handle = StoredGame(self, paths, session, Loaded(session.record, loaded.meta, loaded.history), lock)
        self._handles.append(handle)
        return handle

    def read(self, game_id: str, with_states: bool = False) -> Loaded:
        """Read a game without opening it (no lock, no migration, nothing written). ``with_states``
        also keeps the state after every closed turn. Raises UnknownGame or SaveError."""
        paths = self.paths(game_id)
        if not os.path.lexists(paths.main):
            raise self._unknown(game_id)
        loaded = load_game(paths, with_states)
        playable(loaded.record, f"game {game_id!r}")
        return loaded

    def open(self, game_id: str, writer: bool = True) -> StoredGame:
        """Open a game. The writer takes the game's lock, migrates an older save (keeping a
        backup) and saves every change; a reader (``writer=False``) changes nothing on disk.

        Raises UnknownGame; GameLocked naming the holder if another writer has it; SaveError if a
        file is corrupt, truncated, foreign or newer (then no file is touched).
        """
        paths = self.paths(game_id)
        if not os.path.lexists(paths.main):
            raise self._unknown(game_id)
        lock = WriterLock(paths.lock, paths.game_id) if writer else None
        if lock is not None:
            lock.acquire()
        try:
            if lock is not None:
                remove_stale_temps(self.games_dir, paths.main.name)
                if paths.turns.is_dir():
                    remove_stale_temps(paths.turns, "")
            loaded = load_game(paths)
            playable(loaded.record, f"game {game_id!r}")  # before a migration writes anything
            if loaded.schema == 1 and lock is not None:
                loaded = self._migrate(paths, loaded)
            session = playable(loaded.record, f"game {game_id!r}")
            handle = StoredGame(self, paths, session, loaded, lock)
        except BaseException:
            if lock is not None:
                lock.release()
            raise
        self._handles.append(handle)
        return handle

    def _migrate(self, paths: GamePaths, loaded: Loaded) -> Loaded:
        """Schema 1 -> 2: keep the old file as a backup, then lay the game out anew. Raises SaveError."""
        backup = paths.backup(loaded.schema)
        n = 1
        while backup.exists() and backup.read_bytes() != loaded.raw:
            n += 1
            backup = backup.with_name(f"{paths.main.name}.schema{loaded.schema}.{n}.bak")
        if not backup.exists():
            atomic_write_bytes(backup, loaded.raw)
        created = paths.main.stat().st_mtime
        drop_turn_files(paths, 0)
        write_new_game(paths, loaded.record, created, created)
        return load_game(paths)

    def _unknown(self, game_id: str) -> UnknownGame:
        return UnknownGame(f"no saved game {game_id!r} in {self.games_dir}; games: {', '.join(self.ids()) or 'none yet'}")

    def summary(self, game_id: str) -> GameSummary:
        """One game's line for ``holotable saves``; never raises for a bad file (its problem is the reason)."""
        try:
            paths = self.paths(game_id)
            raw = read_regular(paths.main, f"game {game_id!r} ({paths.main})")
            schema, data = parse_game_file(raw, f"game {game_id!r} ({paths.main})")
            if schema == 1:
                return summarize(game_id, data, paths.main.stat().st_mtime, 1)
            record, meta, history = record_of_main(data, f"game {game_id!r} ({paths.main})")
            missing = [str(seq) for seq in range(1, history.chunks + 1) if not paths.turn_file(seq).exists()]
            if missing:
                raise SaveError(f"game {game_id!r}: turn files {', '.join(missing[:5])} are missing from {paths.turns}")
            return summarize(game_id, record, meta.get("last_activity"), schema)
        except SaveError as exc:
            return GameSummary(game_id, problem=str(exc))
        except OSError as exc:
            return GameSummary(game_id, problem=f"game {game_id!r} could not be read: {exc.strerror or exc}")
        except Exception as exc:  # noqa: BLE001 - a listing never fails for one bad file
            return GameSummary(game_id, problem=f"game {game_id!r} could not be read ({type(exc).__name__})")

    def list(self) -> list[GameSummary]:
        """Every game, most recently active first; an unreadable one is listed with its reason (never raises)."""
        summaries = [self.summary(game_id) for game_id in self.ids()]
        return sorted(summaries, key=lambda s: (not s.readable, -(s.last_activity or 0.0), s.id))

    def _forget(self, handle: StoredGame) -> None:
        if handle in self._handles:
            self._handles.remove(handle)

    def close(self) -> None:
        """Close every game opened through this store. Raises the first SaveError met (after closing all)."""
        first: SaveError | None = None
        for handle in list(self._handles):
            try:
                handle.close()
            except SaveError as exc:
                first = first or exc
        if first is not None:
            raise first


class GameKeeper:
    """One stored game as a console's :class:`~core.console.Keeper` (a server's game console): it holds
    that game only; a failed command's changes are rolled back on disk too."""

    def __init__(self, stored: StoredGame) -> None:
        self.stored = stored
        self._mark: tuple[Any, dict[str, int], int] | None = None

    def open(self, name: str) -> Session:
        """Refused: this console holds one game. Raises SaveError."""
        raise SaveError(f"this console holds game {self.stored.game_id} only")

    def adopt(self, session: Session) -> str:
        """Refused: this console holds one game. Raises SaveError."""
        raise SaveError(f"this console holds game {self.stored.game_id} only")

    def where(self) -> str:
        """``game <id>``."""
        return f"game {self.stored.game_id}"

    def begin(self) -> None:
        """A command begins: remember where the files stand."""
        self._mark = self.stored.checkpoint() if self.stored.writer else None

    def resync(self) -> None:
        """The console put the game back as it was before a failed command: so do the files. Never raises."""
        try:
            if self._mark is not None:
                self.stored.roll_back(self._mark)
            elif self.stored.writer:
                self.stored.save()
        except HolotableError:
            pass
