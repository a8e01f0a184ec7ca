"""Where the war room keeps its games: the saves package's GameStore when it is there, else plain
JSON files (``Session.to_json()``) under the user data directory.

The screens speak only to :class:`Saves`: list the games, open one, or adopt a new one. An opened
game is an :class:`OpenGame`: its session (saved on every change, before the change is
acknowledged) and a ``close()``. Nothing here knows a rule system.
"""
from __future__ import annotations

import json
import os
import secrets
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Protocol

from core.errors import HolotableError

if TYPE_CHECKING:
    from core.session import Session

DATA_DIR_ENV = "HOLOTABLE_DATA_DIR"


@dataclass(frozen=True)
class SaveEntry:
    """One line of the load list. ``problem`` says why a game cannot be opened (then most fields are empty)."""

    id: str
    ruleset: str | None = None
    title: str | None = None
    turn: int | None = None
    seats: tuple[str, ...] = ()
    last_played: float | None = None
    over: str | None = None
    problem: str | None = None


class OpenGame(Protocol):
    """A game open for play: its session is saved on every change until ``close()``."""

    game_id: str
    session: Session

    def close(self) -> None:
        """Stop saving and let the game go (releasing any lock)."""


class Saves(Protocol):
    """The games the lobby lists and opens."""

    where: str

    def list(self) -> list[SaveEntry]:
        """Every game, most recently played first; unreadable ones carry their problem. Never raises."""

    def open(self, game_id: str) -> OpenGame:
        """Open a game for play. Raises HolotableError (unknown, locked, corrupt) with a readable message."""

    def adopt(self, session: Session) -> OpenGame:
        """Save a new game now and on every change. Raises HolotableError if it cannot be written."""


def default_data_dir() -> Path:
    """``$HOLOTABLE_DATA_DIR`` if set, else the platform's user data directory for holotable."""
    env = os.environ.get(DATA_DIR_ENV)
    if env:
        return Path(env)
    import platformdirs
    return Path(platformdirs.user_data_dir("holotable"))


def default_saves(data_dir: str | os.PathLike[str] | None = None) -> Saves:
    """The store of the saves package if it is installed, else JSON files in ``<data dir>/games``."""
    try:
        from saves.store import GameStore
    except ImportError:
        return JsonSaves(data_dir)
    return StoreSaves(GameStore(data_dir))


def seats_line(record: dict[str, Any]) -> tuple[str, ...]:
    """``("al (GAR)", "cy (GAR, bot)", ...)`` from a session record."""
    return tuple(f"{s['name']} ({s['side']}{', bot' if s.get('bot') else ''})" for s in record.get("seats", []))


# -- the saves package -------------------------------------------------------------------------------
class StoreSaves:
    """The saves package's :class:`GameStore` behind the :class:`Saves` protocol."""

    def __init__(self, store: Any) -> None:
        self.store = store
        self.where = str(getattr(store, "games_dir", getattr(store, "data_dir", "")))

    def list(self) -> list[SaveEntry]:
        try:
            summaries = self.store.list()
        except Exception as exc:  # noqa: BLE001 - a listing never stops the lobby
            return [SaveEntry("?", problem=f"the saves cannot be listed: {exc}")]
        return [SaveEntry(s.id, s.ruleset, s.title, s.turn, tuple(s.seats), s.last_activity, s.over, s.problem)
                for s in summaries]

    def open(self, game_id: str) -> OpenGame:
        return self.store.open(game_id)

    def adopt(self, session: Session) -> OpenGame:
        return self.store.adopt(session)


# -- plain JSON files --------------------------------------------------------------------------------
class JsonGame:
    """A game kept in one JSON file, rewritten atomically after every change."""

    def __init__(self, path: Path, session: Session) -> None:
        self.path = path
        self.game_id = path.stem
        self.session = session
        self._unsubscribe: Callable[[], None] | None = session.subscribe(self._heard)

    def _heard(self, kind: str, payload: dict[str, Any]) -> None:
        self.save()

    def save(self) -> None:
        """Write the game now. Raises HolotableError if the file cannot be written."""
        from core.console import write_atomic
        try:
            write_atomic(str(self.path), self.session.to_json())
        except OSError as exc:
            raise HolotableError(f"could not save {self.path}: {exc.strerror or exc}") from None

    def close(self) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None


def read_record(path: Path) -> dict[str, Any]:
    """The session record in ``path``. Raises HolotableError for a file that is not a holotable game."""
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise HolotableError(f"{path} could not be read: {exc.strerror or exc}") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise HolotableError(f"{path} is not a holotable game (not JSON: {exc})") from None
    if not isinstance(record, dict) or "ruleset" not in record or "state" not in record:
        raise HolotableError(f"{path} is not a holotable game (no ruleset and state)")
    return record


def open_json_file(path: str | os.PathLike[str]) -> JsonGame:
    """Open a game from a JSON file for play, writing it back after every change. Raises HolotableError."""
    from core.session import Session
    file = Path(path)
    return JsonGame(file, Session.from_record(read_record(file)))


class JsonSaves:
    """Games as ``<data dir>/games/<id>.json`` files of ``Session.to_json()``."""

    def __init__(self, data_dir: str | os.PathLike[str] | None = None) -> None:
        self.games_dir = (Path(data_dir) if data_dir is not None else default_data_dir()) / "games"
        self.where = str(self.games_dir)

    def _entry(self, path: Path) -> SaveEntry:
        game_id = path.stem
        try:
            record = read_record(path)
            from core.registry import find_ruleset
            ruleset = find_ruleset(record["ruleset"])
            outcome = ruleset.outcome(record["state"])
            return SaveEntry(game_id, record["ruleset"], ruleset.title, int(record["state"]["turn"]),
                             seats_line(record), path.stat().st_mtime, None if outcome is None else outcome.reason)
        except HolotableError as exc:
            return SaveEntry(game_id, problem=str(exc))
        except (KeyError, TypeError, ValueError, OSError) as exc:
            return SaveEntry(game_id, problem=f"{path.name} is not a holotable game ({exc})")

    def list(self) -> list[SaveEntry]:
        if not self.games_dir.is_dir():
            return []
        entries = [self._entry(p) for p in self.games_dir.glob("*.json") if not p.name.startswith(".")]
        return sorted(entries, key=lambda e: (e.problem is not None, -(e.last_played or 0.0), e.id))

    def open(self, game_id: str) -> OpenGame:
        path = self.games_dir / f"{game_id}.json"
        if not path.is_file():
            raise HolotableError(f"no saved game {game_id!r} in {self.games_dir}")
        return open_json_file(path)

    def adopt(self, session: Session) -> OpenGame:
        try:
            self.games_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise HolotableError(f"cannot make {self.games_dir}: {exc.strerror or exc}") from None
        while True:
            game_id = f"{session.record['ruleset']}-{time.strftime('%Y%m%d')}-{secrets.token_hex(3)}"
            path = self.games_dir / f"{game_id}.json"
            if not path.exists():
                break
        game = JsonGame(path, session)
        game.save()
        return game


class MemorySaves:
    """Games kept only in memory (tests, and a session handed in by a caller that keeps it itself)."""

    where = "memory"

    def __init__(self, entries: list[SaveEntry] | None = None) -> None:
        self.entries = list(entries or [])
        self.games: dict[str, Session] = {}

    def list(self) -> list[SaveEntry]:
        return list(self.entries)

    def open(self, game_id: str) -> OpenGame:
        if game_id not in self.games:
            raise HolotableError(f"no saved game {game_id!r} (in memory)")
        return _Held(game_id, self.games[game_id])

    def adopt(self, session: Session) -> OpenGame:
        game_id = f"game-{len(self.games) + 1}"
        self.games[game_id] = session
        return _Held(game_id, session)


@dataclass
class _Held:
    game_id: str
    session: Session

    def close(self) -> None:
        return None
