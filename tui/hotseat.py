"""Who sits at the terminal: the one rule for who may see what here (:class:`Gate`), the hot-seat
rotation (:class:`HotSeat`), and each seat's desk (read markers, the last turn it saw).

The rule, written once: every route to a view (the game screen, its report, the replay, the
watcher's screen) asks the app's :class:`Gate` whether the viewer authenticated at this terminal
right now may see it. In hot-seat play that is the seat whose curtain was lifted (with its PIN, if
it set one), or the GM after the GM's passphrase (no passphrase set: no GM view at this terminal).
A bot's seat is seen only by the GM. With a fixed seat (over SSH, where the account's key already
says who is there) the gate holds that seat for good.

PINs and the passphrase live with the game (:meth:`core.session.Session.set_pin`), sealed with
scrypt; nothing here keeps a secret. Pure Python: no Textual.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from core.errors import PermissionRefused
from core.events import GM

if TYPE_CHECKING:
    from core.session import Session

PUBLIC = "public"  # a watcher: only what is announced to all


def game_key(session: Session) -> str:
    """What tells one game from another at this terminal (its dice seed's hash, set at creation)."""
    return str(session.record.get("seed_hash") or id(session))


class Gate:
    """The viewer authenticated at this terminal right now, and what each route may show them."""

    def __init__(self, fixed: str | None = None) -> None:
        self.fixed = fixed
        self.viewer: str | None = fixed
        self._game: str | None = None

    # -- who is here ------------------------------------------------------------------------------
    def secret_needed(self, session: Session, who: str) -> str | None:
        """What ``who`` must give to be let in here: ``"PIN"``, ``"GM passphrase"`` or None.

        Raises PermissionRefused when nobody can be let in as ``who`` at this terminal (a bot's or
        the GM's view in a game without a GM passphrase, a name that is no seat).
        """
        if who == GM or who == session.gm:
            if not session.has_gm_passphrase():
                raise PermissionRefused("no GM passphrase was set when this game was made, so no terminal "
                                        "shows the GM's view")
            return "GM passphrase"
        if who not in session.seats():
            raise PermissionRefused(f"no seat {who!r}; seats: {', '.join(session.seats())}")
        if session.is_bot(who):
            if not session.has_gm_passphrase():
                raise PermissionRefused(f"{who} is played by a bot: only the GM sees its view, and this game "
                                        "has no GM passphrase")
            return "GM passphrase"
        return "PIN" if session.has_pin(who) else None

    def admit(self, session: Session, who: str, secret: str = "") -> bool:
        """Let ``who`` in if ``secret`` is theirs (or none is needed); False, and nobody in, if not.

        A bot's seat is let in as the GM. Raises PermissionRefused as :meth:`secret_needed` does.
        """
        if self.fixed is not None:
            return self.fixed == who or self.fixed == GM
        needed = self.secret_needed(session, who)
        if needed == "GM passphrase":
            ok, as_who = session.check_gm_passphrase(secret), GM
        elif needed == "PIN":
            ok, as_who = session.check_pin(who, secret), who
        else:
            ok, as_who = True, who
        if not ok:
            self.close()
            return False
        self.viewer, self._game = as_who, game_key(session)
        return True

    def close(self) -> None:
        """Nobody is in any more (the curtain is down, the lobby is up)."""
        if self.fixed is None:
            self.viewer, self._game = None, None

    # -- the rule -----------------------------------------------------------------------------------
    def may_see(self, session: Session, who: str) -> bool:
        """Whether the viewer here now may see ``who``'s view of ``session`` (open turn or past ones)."""
        if who == PUBLIC:
            return True
        viewer = self.viewer
        if viewer is None:
            return False
        if self.fixed is None and self._game != game_key(session):
            return False
        if viewer == GM or viewer == session.gm:
            return True
        return viewer == who and not (self.fixed is None and session.is_bot(who))

    def require(self, session: Session, who: str) -> None:
        """Raise PermissionRefused unless the viewer here now may see ``who``'s view of ``session``."""
        if not self.may_see(session, who):
            here = "nobody" if self.viewer is None else ("the GM" if self.viewer == GM else self.viewer)
            shown = "the GM's" if who == GM else f"{who}'s"
            raise PermissionRefused(f"{shown} view is not shown here: {here} is at this terminal")

    @property
    def is_gm(self) -> bool:
        """Whether the GM is let in here now."""
        return self.viewer == GM


@dataclass
class Desk:
    """What the war room remembers for one seat between its visits (never game state)."""

    seat: str
    last_seen_turn: int = 0
    read: dict[str, int] = field(default_factory=dict)
    #: answers the seat gave in advance (ids of the view's ``standing``): the terminal gives them
    #: for it, instead of coming to it (for this sitting; the game does not keep them)
    standing: set[str] = field(default_factory=set)

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


class HotSeat:
    """The rotation of human seats around one terminal."""

    def __init__(self, session: Session, *, resumed: bool = False) -> None:
        self.session = session
        first_seen = max(0, session.turn - 1) if resumed and session.turn > 1 else session.turn
        self.desks = {seat: Desk(seat, last_seen_turn=first_seen) for seat in session.seats()}
        self.current: str | None = None
        self.handed_over: str | None = None  # the seat that last handed over while ready (it may come back)

    def humans(self) -> list[str]:
        """Seats played at this terminal (not bots), in seat order."""
        return [s for s in self.session.seats() if not self.session.is_bot(s)]

    def has_turn(self, seat: str) -> bool:
        """Whether ``seat`` is awaited and has not said it is ready."""
        session = self.session
        return (session.outcome() is None and not session.is_bot(seat) and seat in session.awaiting()
                and seat not in session.record["ready"])

    def may_come_back(self) -> str | None:
        """The seat that handed over ready and may still take it back (the turn, or the step all
        awaited seats answer together, such as a secret setup, has not resolved)."""
        seat = self.handed_over
        session = self.session
        if seat is None or session.outcome() is not None or seat not in session.record["ready"] \
                or seat not in session.awaiting():
            return None
        return seat

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

    def bots_to_run(self) -> bool:
        """Whether only bots are awaited, all ready or stuck, so the terminal must move the game on."""
        session = self.session
        awaiting = session.awaiting()
        return session.outcome() is None and bool(awaiting) and all(session.is_bot(s) for s in awaiting)

    def answer_standing(self, here: str | None, limit: int = 64) -> int:
        """Give, for each awaited seat other than ``here`` (the one at the terminal), the answers it
        gave in advance for what it is asked now (its view's ``standing`` with ``now``), until none
        applies; returns how many were given. A seat's own view is read to know what it is asked,
        never shown. An answer the rules refuse is dropped (the terminal then comes to the seat)."""
        from core.errors import HolotableError
        session = self.session
        given = 0
        for _ in range(limit):
            if session.outcome() is not None:
                break
            answered = False
            for seat in sorted(session.awaiting()):
                desk = self.desks.get(seat)
                if seat == here or session.is_bot(seat) or desk is None or not desk.standing:
                    continue
                for offer in session.view(seat).get("standing") or []:
                    if offer.get("now") and offer.get("id") in desk.standing:
                        try:
                            session.order(seat, seat, str(offer["order"]))
                        except HolotableError:
                            desk.standing.discard(str(offer["id"]))
                            continue
                        given, answered = given + 1, True
                        break
                if answered:
                    break
            if not answered:
                break
        return given

    def desk(self, seat: str) -> Desk:
        """The desk of ``seat`` (made on first use)."""
        if seat not in self.desks:
            self.desks[seat] = Desk(seat, last_seen_turn=self.session.turn)
        return self.desks[seat]
