"""Bot games for tests: the one "play until stuck, then resolve" loop every test that lets the bots
play a game uses, as a hot-seat table of bots with a GM would play it."""
from __future__ import annotations

from collections.abc import Callable

from core.events import GM
from core.session import Session


def play_out(session: Session, rounds: int, until: Callable[[Session], bool] | None = None,
             each: Callable[[Session], None] | None = None) -> int:
    """Let the bots play ``session``, at most ``rounds`` rounds. A round: the bots awaited play all they
    can (``Session.play_bots``); when that changed nothing (the bots are stuck: all ready for a
    resolution, or waiting on the GM) the GM forces the resolution. Stops before a round when the
    game is over or ``until(session)`` holds; calls ``each(session)`` after every round.

    Returns the rounds played. Raises what the GM's resolution raises when the ruleset refuses it
    (``HolotableError``): a bot game the GM cannot move on is a failure, not the end of the game.
    """
    for played in range(rounds):
        if session.outcome() is not None or (until is not None and until(session)):
            return played
        before = len(session.record["journal"])
        session.play_bots()
        if len(session.record["journal"]) == before:
            session.resolve(GM)
        if each is not None:
            each(session)
    return rounds
