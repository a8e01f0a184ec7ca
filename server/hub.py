"""The games a server holds open: one writer's handle per game (the server is the single writer of
its games), a line console per game for the SSH commands, and what each player's desk remembers
between connections (read markers, the last turn seen, the pane and the half-typed order).
"""
from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from core.console import Console
from core.errors import HolotableError
from core.session import Session
from saves import GameStore, StoredGame
from saves.store import GameKeeper
from tui.deadline import WARN_HOURS, deadline_rule, deadline_text
from tui.hotseat import Desk

log = logging.getLogger("holotable.server")


@dataclass
class Resume:
    """Where a player was when their connection ended: the side pane and the order line's text."""

    pane: str | None = None
    draft: str = ""
    cursor: int = 0


@dataclass
class Presence:
    """A seat at the server: how many of its sessions are open now, and when it was last seen."""

    connected: int = 0
    last_seen: float | None = None


Warning = Callable[[str, str, str], None]  # (game, seat, text)
KeepSeen = Callable[[str, str, float], None]  # (game, seat, when): keep a last-seen time (with the account)
KEEP_SEEN_EVERY = 60.0  # a busy seat's commands are kept at most once a minute (arrivals and departures always)


@dataclass
class HostedGame:
    """One open game: its stored handle, its line console, and every desk at it (keyed by account)."""

    game_id: str
    stored: StoredGame
    console: Console
    desks: dict[str, Desk] = field(default_factory=dict)
    resume: dict[str, Resume] = field(default_factory=dict)

    @property
    def session(self) -> Session:
        """The game's session (saved on every change)."""
        return self.stored.session

    def quiet(self) -> None:
        """Drop what the game's console heard since its last command.

        The console listens to the session all the time but only empties what it heard while it
        runs a command; with the game played from screens for hours that would only grow.
        """
        heard = getattr(self.console, "_heard", None)
        if isinstance(heard, list):
            heard.clear()

    def desk(self, account: str, seat: str) -> Desk:
        """The desk of ``account`` at ``seat`` (made on first use, having seen the current turn)."""
        key = f"{account}/{seat}"
        if key not in self.desks:
            self.desks[key] = Desk(seat, last_seen_turn=self.session.turn)
        return self.desks[key]


class GameHub:
    """The games of one data directory, opened for writing on first use and kept open."""

    def __init__(self, store: GameStore) -> None:
        self.store = store
        self.games: dict[str, HostedGame] = {}
        self.presence: dict[tuple[str, str], Presence] = {}
        self._watchers: list[Callable[[], None]] = []
        self._warned: set[tuple[str, str, int, float, float]] = set()
        self._warning_listeners: list[Warning] = []
        self._keep_seen: KeepSeen | None = None
        self._kept: dict[tuple[str, str], float] = {}
        self._deadline_listeners: list[Callable[[], None]] = []
        self._openers: list[Callable[[HostedGame], None]] = []
        self.notifier: Any = None  # the server's notifications (server.notify.Notifier), when it has them

    def on_open(self, callback: Callable[[HostedGame], None]) -> None:
        """Call ``callback(hosted)`` for each game opened or adopted from now on."""
        self._openers.append(callback)

    def _opened(self, hosted: HostedGame) -> HostedGame:
        for callback in list(self._openers):
            try:
                callback(hosted)
            except Exception:  # noqa: BLE001 - a listener's fault never keeps a game closed
                log.exception("game %s: a listener of opened games failed", hosted.game_id)
        return hosted

    # -- who is here ------------------------------------------------------------------------------
    def watch(self, callback: Callable[[], None]) -> Callable[[], None]:
        """Call ``callback()`` whenever a seat arrives, leaves or is seen; returns the unsubscriber."""
        self._watchers.append(callback)
        return lambda: self._watchers.remove(callback) if callback in self._watchers else None

    def _changed(self) -> None:
        for callback in list(self._watchers):
            try:
                callback()
            except Exception:  # noqa: BLE001 - a watcher's fault is its own
                log.exception("a presence watcher failed")

    def keep_seen(self, kept: dict[tuple[str, str], float], keep: KeepSeen) -> None:
        """Last-seen times survive a restart: start from ``kept`` ((game, seat) -> when, as kept with the
        accounts), and hand each new time to ``keep(game, seat, when)``: at once when a seat arrives or
        leaves, at most once a minute for a busy seat's commands. A failing ``keep`` is logged, never raised."""
        for key, when in kept.items():
            presence = self.presence.setdefault(key, Presence())
            if presence.last_seen is None or presence.last_seen < when:
                presence.last_seen = when
        self._kept = dict(kept)
        self._keep_seen = keep

    def _mark(self, game_id: str, seat: str, now: float | None, always: bool) -> Presence:
        presence = self.presence.setdefault((game_id, seat), Presence())
        when = time.time() if now is None else now
        presence.last_seen = when
        key = (game_id, seat)
        if self._keep_seen is not None and (always or when - self._kept.get(key, float("-inf")) >= KEEP_SEEN_EVERY):
            try:
                self._keep_seen(game_id, seat, when)
                self._kept[key] = when
            except Exception:  # noqa: BLE001 - presence is never worth a failed command
                log.exception("game %s: the last-seen time of %s could not be kept", game_id, seat)
        return presence

    def arrive(self, game_id: str, seat: str, now: float | None = None) -> None:
        """A war room of ``seat`` opened."""
        self._mark(game_id, seat, now, True).connected += 1
        self._changed()

    def leave(self, game_id: str, seat: str, now: float | None = None) -> None:
        """A war room of ``seat`` closed."""
        presence = self._mark(game_id, seat, now, True)
        presence.connected = max(0, presence.connected - 1)
        self._changed()

    def seen(self, game_id: str, seat: str, now: float | None = None) -> None:
        """``seat`` did something (a line command, say)."""
        self._mark(game_id, seat, now, False)
        self._changed()

    def on_warning(self, listener: Warning) -> Callable[[], None]:
        """Call ``listener(game, seat, text)`` when a seat without orders nears the deadline."""
        self._warning_listeners.append(listener)
        return lambda: self._warning_listeners.remove(listener) if listener in self._warning_listeners else None

    def warnings(self, hosted: HostedGame, now: float) -> list[tuple[str, str]]:
        """(seat, text) for each awaited seat without orders whose warning time has come (each once)."""
        session = hosted.session
        deadline = session.record.get("deadline")
        if deadline is None or session.outcome() is not None or now >= deadline:
            return []
        due = [hours for hours in WARN_HOURS if now >= deadline - hours * 3600]
        if not due:
            return []
        hours = min(due)
        found = []
        for seat in sorted(session.awaiting()):
            if session.sheet(seat) or seat in session.record["ready"] or session.is_bot(seat):
                continue
            key = (hosted.game_id, seat, session.turn, float(deadline), hours)
            if key in self._warned:
                continue
            self._warned.add(key)
            found.append((seat, f"{hosted.game_id}: the deadline is {deadline_text(deadline, now)} and you have "
                                f"sent no orders for turn {session.turn}. {deadline_rule(session.record).capitalize()}."))
        return found

    def on_deadline(self, listener: Callable[[], None]) -> None:
        """Call ``listener()`` whenever a game's deadline is set, moved or cleared (the ticker wakes)."""
        self._deadline_listeners.append(listener)

    def _heard_deadline(self, kind: str, payload: dict[str, Any]) -> None:
        if kind in ("deadline", "resolved", "reopen"):
            for listener in list(self._deadline_listeners):
                listener()

    def has_deadlines(self) -> bool:
        """Whether an open game has a deadline still to come (or just passed)."""
        return any(h.session.record.get("deadline") is not None for h in self.games.values())

    def ids(self) -> list[str]:
        """Every game id in the store."""
        return self.store.ids()

    def game(self, game_id: str) -> HostedGame:
        """The open game ``game_id`` (opened as the writer on first use).

        Raises HolotableError (UnknownGame, GameLocked, SaveError) with a readable message.
        """
        hosted = self.games.get(game_id)
        if hosted is not None:
            return hosted
        stored = self.store.open(game_id, writer=True)
        hosted = HostedGame(game_id, stored, Console(stored.session, keeper=GameKeeper(stored)))
        self.games[game_id] = hosted
        stored.session.subscribe(self._heard_deadline)
        log.info("opened game %s (%s, turn %s)", game_id, stored.session.record["ruleset"], stored.session.turn)
        return self._opened(hosted)

    def adopt(self, session: Session, game_id: str | None = None) -> HostedGame:
        """Save a new game and hold it open. Raises HolotableError if it cannot be saved."""
        stored = self.store.adopt(session, game_id)
        hosted = HostedGame(stored.game_id, stored, Console(session, keeper=GameKeeper(stored)))
        self.games[stored.game_id] = hosted
        session.subscribe(self._heard_deadline)
        log.info("new game %s (%s)", stored.game_id, session.record["ruleset"])
        return self._opened(hosted)

    def play_bots(self) -> None:
        """One step in every open all-bot game, so that whoever watches sees each move (the server calls
        this at its bot pace): the bots play (:attr:`Session.bot_steps` at a time), or, when they are all
        ready or stuck, the step is forced as the GM would. A failing game is logged; the rest go on."""
        from tui.app import BOT_STEPS
        for hosted in list(self.games.values()):
            session = hosted.session
            if session.outcome() is not None or not session.all_bots() or not session.awaiting():
                continue
            try:
                session.bot_steps = session.bot_steps or BOT_STEPS
                if not session.play_bots():
                    session.resolve(session.gm)
            except HolotableError as exc:
                log.warning("game %s: the bots cannot go on: %s", hosted.game_id, exc)
            except Exception:  # noqa: BLE001 - one game's fault must not stop the others
                log.exception("game %s: the bots' step failed", hosted.game_id)
            finally:
                hosted.quiet()

    def tick(self, now: float | None = None) -> None:
        """Let time pass in every open game (deadlines); a failing game is logged, the rest go on."""
        now = time.time() if now is None else now
        for hosted in list(self.games.values()):
            hosted.quiet()
            try:
                for seat, text in self.warnings(hosted, now):
                    log.info("game %s: warned %s of the deadline", hosted.game_id, seat)
                    for listener in list(self._warning_listeners):
                        listener(hosted.game_id, seat, text)
                hosted.session.tick(now)
            except HolotableError as exc:
                log.warning("game %s: the deadline could not be applied: %s", hosted.game_id, exc)
            except Exception:  # noqa: BLE001 - one game's fault must not stop the others
                log.exception("game %s: the deadline tick failed", hosted.game_id)

    def close(self) -> None:
        """Save and close every open game (errors are logged)."""
        for hosted in list(self.games.values()):
            try:
                hosted.stored.close()
            except Exception:  # noqa: BLE001 - close all of them whatever happens
                log.exception("game %s: closing failed", hosted.game_id)
        self.games.clear()

    def summary(self, game_id: str) -> dict[str, Any]:
        """A short description of a game for listings (never raises)."""
        try:
            session = self.game(game_id).session
            outcome = session.outcome()
            awaiting = sorted(session.awaiting())
        except HolotableError as exc:
            return {"game": game_id, "problem": str(exc)}
        except Exception as exc:  # noqa: BLE001 - one broken game never hides the others
            log.exception("game %s cannot be summarized", game_id)
            return {"game": game_id, "problem": f"game {game_id} cannot be read ({type(exc).__name__})"}
        return {"game": game_id, "ruleset": session.record["ruleset"], "title": session.ruleset.title,
                "turn": session.turn, "seats": session.seats(), "awaiting": awaiting,
                "ready": sorted(session.record["ready"]), "deadline": session.record.get("deadline"),
                "over": None if outcome is None else outcome.reason}
