"""Who sits at the terminal: the hot-seat rotation, each seat's desk (PIN, read markers, the last
turn it saw), and nothing of the game itself (that lives in the session).

Pure Python: the app asks :class:`HotSeat` whose turn it is and switches screens itself.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import hashlib
import hmac
import secrets
from dataclasses import dataclass, field

if TYPE_CHECKING:
    from core.session import Session



@dataclass
class Desk:
    """What the war room remembers for one seat between its visits (never game state)."""

    seat: str
    last_seen_turn: int = 0
    read: dict[str, int] = field(default_factory=dict)
    pin_salt: str = ""
    pin_hash: str = ""

    @property
    def has_pin(self) -> bool:
        """Whether the curtain asks this seat for a PIN."""
        return bool(self.pin_hash)

    def set_pin(self, pin: str) -> None:
        """Set the seat's PIN (an empty PIN clears it)."""
        if not pin:
            self.pin_salt = self.pin_hash = ""
            return
        self.pin_salt = secrets.token_hex(8)
        self.pin_hash = _digest(self.pin_salt, pin)

    def check_pin(self, pin: str) -> bool:
        """Whether ``pin`` opens this seat (always true without a PIN)."""
        if not self.pin_hash:
            return True
        return hmac.compare_digest(self.pin_hash, _digest(self.pin_salt, pin))

    def unread(self, messages: list[dict[str, object]]) -> dict[str, int]:
        """Unread message counts per thread (messages by the seat itself count as read)."""
        counts: dict[str, int] = {}
        for message in messages:
            thread = str(message.get("thread"))
            if message.get("from") != self.seat and int(message.get("n", 0)) > self.read.get(thread, 0):  # type: ignore[arg-type]
                counts[thread] = counts.get(thread, 0) + 1
        return counts

    def mark_read(self, thread: str, messages: list[dict[str, object]]) -> None:
        """Mark every message of ``thread`` read."""
        top = max((int(m.get("n", 0)) for m in messages if m.get("thread") == thread), default=0)  # type: ignore[arg-type]
        self.read[thread] = max(self.read.get(thread, 0), top)


def _digest(salt: str, pin: str) -> str:
    return hashlib.sha256(f"{salt}:{pin}".encode()).hexdigest()


class HotSeat:
    """The rotation of human seats around one terminal."""

    def __init__(self, session: Session, *, resumed: bool = False) -> None:
        self.session = session
        first_seen = max(0, session.turn - 1) if resumed and session.turn > 1 else session.turn
        self.desks = {seat: Desk(seat, last_seen_turn=first_seen) for seat in session.seats()}
        self.current: str | None = None

    def humans(self) -> list[str]:
        """Seats played at this terminal (not bots), in seat order."""
        return [s for s in self.session.seats() if not self.session.is_bot(s)]

    def has_turn(self, seat: str) -> bool:
        """Whether ``seat`` is awaited and has not said it is ready."""
        session = self.session
        return (session.outcome() is None and not session.is_bot(seat) and seat in session.awaiting()
                and seat not in session.record["ready"])

    def next_seat(self, after: str | None = None) -> str | None:
        """The next human seat with something to do, going round from the one after ``after``."""
        humans = self.humans()
        if not humans:
            return None
        start = humans.index(after) + 1 if after in humans else 0
        for seat in humans[start:] + humans[:start]:
            if self.has_turn(seat):
                return seat
        return None

    def desk(self, seat: str) -> Desk:
        """The desk of ``seat`` (made on first use)."""
        if seat not in self.desks:
            self.desks[seat] = Desk(seat, last_seen_turn=self.session.turn)
        return self.desks[seat]
