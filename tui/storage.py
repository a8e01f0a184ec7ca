"""Where the war room keeps its games: the saves package's GameStore, the one store of every front
end (the console, the war room and the server open games there by id).

The screens speak only to :class:`Saves`: list the games, open one, or adopt a new one. An opened
game is an :class:`OpenGame`: its session (saved on every change, before the change is
acknowledged) and a ``close()``. Nothing here knows a rule system.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from core.errors import HolotableError
from core.text import printable

if TYPE_CHECKING:
    from core.session import Session

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


def default_saves(data_dir: str | os.PathLike[str] | None = None) -> Saves:
    """The game store under ``data_dir`` (default: ``$HOLOTABLE_DATA_DIR`` or the user data directory)."""
    from saves.store import GameStore
    return StoreSaves(GameStore(data_dir))


def safe(text: str) -> str:
    """Text from a file, fit for a screen: control characters escaped, Rich markup shown as written."""
    from rich.markup import escape
    return escape(printable(text, 400))


def seats_line(record: dict[str, Any]) -> tuple[str, ...]:
    """``("al (GAR)", "cy (GAR, bot)", ...)`` from a session record."""
    return tuple(f"{s['name']} ({s['side']}{', bot' if s.get('bot') else ''})" for s in record.get("seats", []))


def check_playable(session: Session) -> None:
    """Try what the war room will do first with a loaded game (who is awaited, the outcome, every
    seat's view and the GM's) so a save that cannot be played is refused now, with a clear message,
    instead of failing later. Raises HolotableError; changes nothing."""
    from core.events import GM
    try:
        session.outcome()
        session.awaiting()
        for seat in session.seats():
            session.view(seat)
        session.view(GM)
    except HolotableError as exc:
        raise HolotableError(f"the game cannot be played: {exc}") from None
    except Exception as exc:  # noqa: BLE001 - a damaged record is refused, never a crash
        raise HolotableError(f"the game cannot be played: its record is damaged or from another version "
                             f"({type(exc).__name__}); the file is left as it is") from None


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
            return [SaveEntry("?", problem=safe(f"the saves cannot be listed: {exc}"))]
        return [SaveEntry(s.id if s.problem is None else safe(s.id), s.ruleset, s.title, s.turn,
                          tuple(safe(seat) for seat in s.seats), s.last_activity, s.over,
                          None if s.problem is None else safe(s.problem))
                for s in summaries]

    def open(self, game_id: str) -> OpenGame:
        return self.store.open(game_id)

    def adopt(self, session: Session) -> OpenGame:
        return self.store.adopt(session)


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
