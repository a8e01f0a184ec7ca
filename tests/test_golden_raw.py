"""Golden playthrough: a seeded 6-player Republic at War game of at least 10 turns, played by bots
through the line console, its transcript per viewer pinned in ``tests/golden/raw-<viewer>.txt``.

Rewrite the pinned transcripts after an intended change of the rules or the bots with
``.venv/bin/python -m pytest --update-goldens tests/test_golden_raw.py`` and read the diff.
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

import pytest

from core.console import Console, render_event
from core.events import GM, visible
from core.session import Session
from golden_files import check_golden

GOLDEN = Path(__file__).resolve().parent / "golden"
SEATS = ["al", "bo", "cy", "di", "ed", "fa"]
VIEWERS = [*SEATS, GM]
NEW = "new raw seed=golden reproducible=yes seats=al:GAR:bot,bo:CIS:bot,cy:GAR:bot,di:CIS:bot,ed:GAR:bot,fa:CIS:bot"
TURNS = 10


@lru_cache(maxsize=1)
def playthrough() -> tuple[Console, dict[str, str]]:
    """Play the game through the console; return it and each viewer's transcript."""
    console = Console()
    answer = console.handle(NEW)
    assert answer.ok, f"{NEW!r} was refused: {answer.error}"
    session = console.session
    assert session is not None
    for _ in range(TURNS):
        if session.outcome() is not None:
            break
        answer = console.handle("resolve")
        assert answer.ok, f"resolve was refused on turn {session.turn}: {answer.error}"
    transcripts = {}
    for viewer in VIEWERS:
        answer = console.handle(f"log {viewer}")
        assert answer.ok, f"log {viewer} was refused: {answer.error}"
        transcripts[viewer] = answer.text + "\n"
    return console, transcripts


def game() -> Session:
    session = playthrough()[0].session
    assert session is not None
    return session


def test_the_bots_play_at_least_ten_turns() -> None:
    session = game()
    played = session.turn - 1
    assert played >= TURNS, f"the golden game ended after {played} turns ({session.outcome()}); pick another seed"
    journal = session.record["journal"]
    assert sum(1 for e in journal if e["op"] == "resolve") >= TURNS
    assert any(e["op"] == "order" for e in journal), "the bots gave no orders"
    for seat in SEATS:
        assert any(e["op"] == "order" and e["seat"] == seat for e in journal), f"the bot of {seat} never gave an order"


@pytest.mark.parametrize("viewer", VIEWERS)
def test_transcript_matches_the_pinned_one(viewer: str) -> None:
    check_golden(GOLDEN / f"raw-{viewer}.txt", playthrough()[1][viewer])


@pytest.mark.parametrize("seat", SEATS)
def test_a_transcript_holds_nothing_only_the_other_team_could_see(seat: str) -> None:
    session = game()
    transcript = playthrough()[1][seat].splitlines()
    own = [render_event(e) for e in session.events_for(seat)]
    assert "\n".join(transcript) == "\n".join(own), f"{seat}'s transcript is not its filtered log"
    side = session.side_of(seat)
    seen, hidden = set(), set()
    for ev in session.record["log"]:
        line = render_event(ev)
        (seen if visible(ev, seat, session.side_of) else hidden).add(line)
        if visible(ev, seat, session.side_of):
            allowed = {"all", f"team:{side}", f"seat:{seat}"}
            assert allowed & set(ev["to"]), f"{seat} ({side}) sees an event addressed to {ev['to']}: {line}"
    leaks = [line for line in transcript if line in hidden and line not in seen]
    assert not leaks, f"{seat} ({side}) sees lines meant for others only: {leaks[:5]}"
    others = [e for e in session.record["log"] if not visible(e, seat, session.side_of)]
    assert others, f"every event was visible to {seat}: the game hides nothing, so this test checks nothing"


def test_teammates_see_the_same_team_events_and_the_gm_sees_all() -> None:
    session = game()
    transcripts = playthrough()[1]
    gm_lines = transcripts[GM].splitlines()
    assert gm_lines == [render_event(e) for e in session.record["log"]]
    for seat in SEATS:
        assert set(transcripts[seat].splitlines()) <= set(gm_lines), f"{seat} sees a line the GM does not"
    gar = [s for s in SEATS if session.side_of(s) == "GAR"]
    cis = [s for s in SEATS if session.side_of(s) == "CIS"]
    assert transcripts[gar[0]] != transcripts[cis[0]], "both teams see the same transcript"


def test_the_game_replays_from_its_seed_and_journal() -> None:
    session = game()
    again = Session.replay(json.loads(session.to_json()))
    assert again.record["log"] == session.record["log"], "the replay's log differs from the game's"
    assert json.dumps(again.state, sort_keys=True) == json.dumps(session.state, sort_keys=True)
