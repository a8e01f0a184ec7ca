"""Golden playthrough: a seeded RiftWar skirmish (12 phases) between two bots, played to its end,
each viewer's transcript pinned in ``tests/rift/golden/rift-<viewer>.txt``.

RiftWar hides nothing but the dice seed, so the seats' transcripts agree line for line; the GM's is
the same. Rewrite the pinned transcripts after an intended change with
``.venv/bin/python -m pytest --update-goldens tests/rift/test_rift_golden.py`` and read the diff.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pytest

from bot_games import play_out
from core.events import GM, visible
from core.session import Session
from golden_files import check_golden

GOLDEN = Path(__file__).resolve().parent / "golden"
VIEWERS = ["al", "bo", GM]


@lru_cache(maxsize=1)
def game() -> Session:
    """Two bots on the Naboo plains, played to the phase limit or a victory."""
    session = Session.new("rift", [("al", "Republic", True), ("bo", "Separatists", True)], scenario="skirmish",
                          seed="rift-golden")
    play_out(session, 400)
    return session


def transcript(session: Session, viewer: str) -> str:
    lines = [f"[{e['turn']}] {e['text']}" for e in session.record["log"] if visible(e, viewer, session.side_of)]
    lines.append(f"prompt: {session.view(viewer)['prompt']}")
    return "\n".join(lines) + "\n"


def test_rift_golden_game_reaches_its_end() -> None:
    """The bots play a whole skirmish: the game ends with an outcome, both bots having acted."""
    session = game()
    assert session.outcome() is not None, f"no outcome after phase {session.turn}"
    seats = {e["seat"] for e in session.record["journal"] if e["op"] == "order"}
    assert {"al", "bo"} <= seats, f"orders came only from {seats}"


@pytest.mark.parametrize("viewer", VIEWERS)
def test_rift_golden_transcript_matches_the_pinned_one(viewer: str) -> None:
    """Each viewer's transcript of the golden game, line for line."""
    check_golden(GOLDEN / f"rift-{viewer}.txt", transcript(game(), viewer))


def test_rift_golden_seats_see_the_same_game() -> None:
    """Nothing is hidden in RiftWar: both seats' event transcripts are the same."""
    session = game()
    al = [l for l in transcript(session, "al").splitlines() if not l.startswith("prompt:")]
    bo = [l for l in transcript(session, "bo").splitlines() if not l.startswith("prompt:")]
    assert al == bo
