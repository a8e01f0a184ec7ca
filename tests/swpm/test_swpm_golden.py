"""Golden game: two bots play a seeded Pocket Models game to its end through the session (as a
hot-seat table of two bot seats would); each viewer's transcript (the log as that viewer may see
it, then the final board as that viewer sees it) is pinned in ``tests/swpm/golden/swpm-<viewer>.txt``.

Rewrite the pinned transcripts after an intended change of the rules, the data or the bot with
``.venv/bin/python -m pytest --update-goldens tests/swpm/test_swpm_golden.py`` and read the diff.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pytest

from core.events import GM
from core.session import Session
from golden_files import check_golden

GOLDEN = Path(__file__).resolve().parent / "golden"
VIEWERS = ["p1", "p2", GM]


@lru_cache(maxsize=1)
def game() -> Session:
    return Session.new("swpm", [("p1", "P1", True), ("p2", "P2", True)], seed="golden")


def board_lines(view: dict) -> list[str]:
    board = view["board"]
    out = []
    for z in board["zones"]:
        out.append(f"[{z['name']}] " + ", ".join(f"{u['id']}({u['owner']}) {u['counters']}/{u['shields']}" for u in z["units"]))
    for p in board["players"]:
        slots = " ".join(s["state"] + (":" + s["card"]["tag"] if "card" in s else "") for s in p["slots"])
        out.append(f"{p['seat']}: slots {slots}; deck {p['deck']}; hand {p['hand_count']}; discard {len(p['discard'])}; "
                   f"reserves {', '.join(u['id'] for u in p['reserves']) or 'none'}")
    out.append("hand: " + ", ".join(c["tag"] for c in board["hand"]))
    return out


def transcript(viewer: str) -> str:
    session = game()
    lines = [f"{e['turn']:3} {e['kind']:9} {e['text']}" for e in session.events_for(viewer)]
    view = session.view(viewer)
    return "\n".join(lines + ["-- final board --", *board_lines(view), f"outcome: {view['outcome']}"]) + "\n"


def test_the_bots_play_to_the_end():
    """The golden game ends with a result (elimination or stalemate) and every step kept the invariants."""
    session = game()
    assert session.outcome() is not None, f"the golden game did not end; awaiting {session.awaiting()}"
    assert session.ruleset.invariants(session.state, session.state, []) == []


@pytest.mark.parametrize("viewer", VIEWERS)
def test_golden_transcript(viewer: str):
    """Each viewer's transcript is exactly the pinned one."""
    check_golden(GOLDEN / f"swpm-{viewer}.txt", transcript(viewer))


@pytest.mark.parametrize("seat,other", [("p1", "p2"), ("p2", "p1")])
def test_golden_never_shows_the_other_hand(seat: str, other: str):
    """A seat's transcript never names a card the other seat drew (only its count)."""
    text = transcript(seat)
    for line in text.splitlines():
        if f"draw      {other} draws" in line:
            assert line.rstrip().endswith(("card", "cards")), f"{seat} saw {other}'s draw: {line}"
    assert "deals 3 objectives face down" in text
