"""The notifier: listens to every game the server holds open and tells each channel what it hears.

- A seat's holder (the account holding it) hears, on each of their channels, the kinds it chose:
  ``due`` (the seat is newly awaited: a turn opened, or its turn came in a game taken in turns),
  ``resolved`` (with ``report``: the seat's own turn report), ``deadline`` (one hour before it,
  when the seat has no orders), ``messages`` (the GM wrote to the seat, or a teammate to the team).
  A bot's seat hears nothing.
- A game's public channel hears each resolution (the public turn report), each deadline set or
  moved and the one-hour reminder, with who is still awaited.

Notes are built on the event loop from the reader's view at the moment of the event
(:mod:`server.notify.texts`: a few milliseconds) and sent off it (:mod:`server.notify.deliver`).
A fault here is logged and never reaches the game: the session's listeners go on.
"""
from __future__ import annotations

import logging
import time
from typing import Any, Callable

from server.accounts import Accounts
from server.hub import GameHub, HostedGame
from server.notify import texts
from server.notify.channels import PUBLIC, Channel, ChannelStore
from server.notify.deliver import Deliverer
from server.notify.texts import Note

log = logging.getLogger("holotable.server")

NEAR = 3600.0  # the deadline reminder: one hour before
HOLDERS_FOR = 2.0  # seconds the map of seat holders is reused (an event burst reads the accounts once)


def merge(notes: list[Note]) -> Note:
    """Several notes for one reader at one moment, as one."""
    if len(notes) == 1:
        return notes[0]
    return Note(" · ".join(n.title for n in notes), "\n\n---\n\n".join(n.body for n in notes))


class Notifier:
    """The server's notifications (see the module's docstring)."""

    def __init__(self, accounts: Accounts, hub: GameHub, *, allow_local: bool = False,
                 connect: Callable[[str], str] | None = None, clock: Callable[[], float] = time.time,
                 deliverer: Deliverer | None = None) -> None:
        self.accounts = accounts
        self.hub = hub
        self.allow_local = allow_local
        self.connect = connect  # account -> the ssh line that reaches this server (in the notes)
        self.clock = clock
        self.store = ChannelStore(accounts.db, clock)
        self.deliverer = deliverer or Deliverer(self.store)
        self._unsubscribe: dict[str, Callable[[], None]] = {}
        self._awaited: dict[str, tuple[int, frozenset[str]]] = {}
        self._reminded: set[tuple[str, int, float]] = set()
        self._holders: tuple[float, dict[tuple[str, str], str]] = (float("-inf"), {})
        self.built = 0  # notes built (for the benchmark and the overview)
        hub.notifier = self
        hub.on_open(self.follow)
        for hosted in list(hub.games.values()):
            self.follow(hosted)

    # -- following games --------------------------------------------------------------------------
    def follow(self, hosted: HostedGame) -> None:
        """Listen to ``hosted``'s session (once)."""
        if hosted.game_id in self._unsubscribe:
            return
        session = hosted.session
        self._awaited[hosted.game_id] = (session.turn, frozenset(session.awaiting()))
        self._unsubscribe[hosted.game_id] = session.subscribe(
            lambda kind, payload, hosted=hosted: self._heard(hosted, kind, payload))

    def _heard(self, hosted: HostedGame, kind: str, payload: dict[str, Any]) -> None:
        try:
            self._event(hosted, kind, payload)
        except Exception:  # noqa: BLE001 - a notification never breaks a game
            log.exception("game %s: notifications for a %r event failed", hosted.game_id, kind)

    def holder(self, game: str, seat: str) -> str | None:
        """The account holding ``seat`` of ``game`` (read at most every HOLDERS_FOR seconds)."""
        read, holders = self._holders
        now = time.monotonic()
        if now - read > HOLDERS_FOR:
            holders = {(ref.game, ref.seat): account.name for account in self.accounts.all() for ref in account.seats}
            self._holders = (now, holders)
        return holders.get((game, seat))

    def _listeners(self, game: str, seat: str, session: Any) -> list[Channel]:
        if session.is_bot(seat):
            return []
        owner = self.holder(game, seat)
        return self.store.of(owner) if owner is not None else []

    def _hint(self, game: str, seat: str) -> str:
        owner = self.holder(game, seat)
        if owner is None or self.connect is None:
            return ""
        return self.connect(owner) + (f" --game {game}" if len(self._seats_of(owner)) > 1 else "")

    def _seats_of(self, owner: str) -> list[tuple[str, str]]:
        return [key for key, name in self._holders[1].items() if name == owner]

    def _send(self, channel: Channel, note: Note) -> None:
        self.built += 1
        self.deliverer.submit(channel.id, note)

    # -- events -------------------------------------------------------------------------------------
    def _event(self, hosted: HostedGame, kind: str, payload: dict[str, Any]) -> None:
        session = hosted.session
        game = hosted.game_id
        before_turn, before = self._awaited.get(game, (session.turn, frozenset()))
        now_awaited = frozenset(session.awaiting())
        self._awaited[game] = (session.turn, now_awaited)
        if not self.store.everything():
            return
        turned = kind in ("resolved", "end")
        due = now_awaited if turned or session.turn != before_turn else now_awaited - before
        now = self.clock()
        if turned:
            self._public(game, lambda: texts.public_turn(session, game, before_turn, now))
        elif kind == "deadline":
            self._public(game, lambda: texts.public_deadline(session, game, now))
        seats = set(due) | (set(session.seats()) if turned else set())
        if kind == "message":
            seats |= self._message_readers(session, payload)
        for seat in sorted(seats):
            channels = self._listeners(game, seat, session)
            if not channels:
                continue
            made: dict[tuple[str, ...], Note | None] = {}
            for channel in channels:
                parts = []
                if seat in due and channel.hears_kind("due"):
                    parts.append("due")
                if turned and (channel.hears_kind("resolved") or channel.hears_kind("report")):
                    parts.append("report" if channel.hears_kind("report") else "resolved")
                if kind == "message" and channel.hears_kind("messages"):
                    parts.append("message")
                key = tuple(parts)
                if not key:
                    continue
                if key not in made:
                    made[key] = self._note(session, game, seat, key, before_turn, payload, now)
                note = made[key]
                if note is not None:
                    self._send(channel, note)

    @staticmethod
    def _message_readers(session: Any, payload: dict[str, Any]) -> set[str]:
        thread = str(payload.get("thread") or "")
        if thread.startswith("gm:"):
            return {thread[3:]} & set(session.seats())
        if thread.startswith("team:"):
            side = thread[5:]
            return {s for s in session.seats() if session.side_of(s) == side}
        return set()

    def _note(self, session: Any, game: str, seat: str, parts: tuple[str, ...], turn: int,
              payload: dict[str, Any], now: float) -> Note | None:
        hint = self._hint(game, seat)
        notes: list[Note | None] = []
        if "resolved" in parts or "report" in parts:
            notes.append(texts.resolved(session, game, seat, turn, now, "report" in parts, hint if "due" not in parts else ""))
        if "due" in parts:
            notes.append(texts.due(session, game, seat, now, hint))
        if "message" in parts:
            notes.append(texts.message(session, game, seat, str(payload.get("thread")), int(payload.get("n") or 0)))
        found = [n for n in notes if n is not None]
        return merge(found) if found else None

    def _public(self, game: str, build: Callable[[], Note | None]) -> None:
        channel = self.store.of_game(game)
        if channel is None:
            return
        note = build()
        if note is not None:
            self._send(channel, note)

    # -- time -----------------------------------------------------------------------------------------
    def tick(self, now: float | None = None) -> None:
        """One hour before a game's deadline: remind each awaited seat without orders that hears
        ``deadline``, and the game's public channel (each once per turn and deadline). Never raises."""
        now = self.clock() if now is None else now
        for hosted in list(self.hub.games.values()):
            try:
                self._remind(hosted, now)
            except Exception:  # noqa: BLE001 - one game's fault must not stop the others
                log.exception("game %s: the deadline reminders failed", hosted.game_id)

    def _remind(self, hosted: HostedGame, now: float) -> None:
        session = hosted.session
        deadline = session.record.get("deadline")
        if deadline is None or session.outcome() is not None or not 0 < deadline - now <= NEAR:
            return
        key = (hosted.game_id, session.turn, float(deadline))
        if key in self._reminded:
            return
        self._reminded.add(key)
        game = hosted.game_id
        self._public(game, lambda: texts.public_deadline(session, game, now))
        for seat in sorted(session.awaiting()):
            channels = [c for c in self._listeners(game, seat, session) if c.hears_kind("deadline")]
            if not channels:
                continue
            note = texts.deadline_near(session, game, seat, now, self._hint(game, seat))
            if note is not None:
                for channel in channels:
                    self._send(channel, note)

    # -- what the GM sees -------------------------------------------------------------------------------
    def game_status(self, game: str) -> dict[str, Any]:
        """The game's public channel and every failing channel of its players (redacted) for the overview."""
        public = self.store.of_game(game)
        seats = {name: seat for (g, seat), name in self._holders_now().items() if g == game}
        failing = [{"account": c.owner, "seat": seats[c.owner], "channel": c.id, "shown": c.shown,
                    "error": c.last_error} for c in self.store.everything()
                   if c.owner in seats and c.last_error]
        return {"public": None if public is None else public.shown,
                "public_error": None if public is None else public.last_error, "failing": failing}

    def _holders_now(self) -> dict[tuple[str, str], str]:
        self._holders = (float("-inf"), {})
        self.holder("", "")
        return self._holders[1]

    def test(self, channel: Channel, who: str) -> None:
        """Send a test note to ``channel``."""
        what = "the public channel of " + str(channel.game) if channel.owner is None else f"{who}'s channel {channel.id}"
        self._send(channel, Note("holotable: a test", f"This is a test from holotable: {what} works. "
                                                       f"It hears: {', '.join(channel.hears)}."))

    async def close(self) -> None:
        """Stop listening and sending."""
        for unsubscribe in self._unsubscribe.values():
            unsubscribe()
        self._unsubscribe.clear()
        await self.deliverer.close()


__all__ = ["Notifier", "PUBLIC", "merge"]
