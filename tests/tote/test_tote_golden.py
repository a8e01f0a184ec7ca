"""Golden skirmish: three bot factions (GE, NR, RA) fight the Endor skirmish to the end through the
line console; each viewer's transcript is pinned in ``tests/tote/golden/tote-<viewer>.txt``.

Regenerate after an intended change of the rules, the data or the bots with
``.venv/bin/python -m pytest --update-goldens tests/tote/test_tote_golden.py`` and read the diff.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pytest
from golden_files import check_golden

from core.console import Console
from core.events import GM

GOLDEN = Path(__file__).resolve().parent / "golden"
SEATS = ["al", "bo", "cy"]
VIEWERS = [*SEATS, GM]
NEW = "new tote scenario=skirmish seed=golden reproducible=yes seats=al:GE:bot,bo:NR:bot,cy:RA:bot"


@lru_cache(maxsize=1)
def playthrough() -> tuple[Console, dict[str, str]]:
    """Play the skirmish to the end through the console; return it and each viewer's transcript."""
    console = Console()
    answer = console.handle(NEW)
    assert answer.ok, f"{NEW!r} was refused: {answer.error}"
    session = console.session
    assert session is not None
    for _ in range(120):
        if session.outcome() is not None:
            break
        answer = console.handle("resolve")
        assert answer.ok, f"resolve was refused on day {session.turn}: {answer.error}"
    transcripts = {}
    for viewer in VIEWERS:
        answer = console.handle(f"log {viewer}")
        assert answer.ok, f"log {viewer} was refused: {answer.error}"
        transcripts[viewer] = answer.text + "\n"
    return console, transcripts


def test_the_skirmish_is_fought_to_the_end() -> None:
    """The three bots fight until one faction holds the system (or all are gone), each giving orders."""
    session = playthrough()[0].session
    assert session is not None
    outcome = session.outcome()
    assert outcome is not None, f"the skirmish did not end within 120 posts (day {session.turn})"
    journal = session.record["journal"]
    for seat in SEATS:
        assert any(e["op"] == "order" and e["seat"] == seat for e in journal), f"the bot of {seat} never gave an order"
    assert session.turn >= 3, f"the skirmish ended on day {session.turn}: too short to pin much"


def test_each_viewer_sees_only_its_own_orders() -> None:
    """A faction's transcript holds its own orders as its sheet stood at each post, and none of the others' (hidden sheets)."""
    transcripts = playthrough()[1]
    for seat in SEATS:
        for other in SEATS:
            if other != seat:
                assert f"{other} orders:" not in transcripts[seat], f"{seat}'s transcript shows {other}'s orders"
        assert f"{seat} orders:" in transcripts[seat]
    assert all(f"{s} orders:" in transcripts[GM] for s in SEATS)


@pytest.mark.parametrize("viewer", VIEWERS)
def test_transcript_matches_the_pinned_one(viewer: str) -> None:
    """Each viewer's transcript is exactly the pinned one (the first differing line is shown)."""
    check_golden(GOLDEN / f"tote-{viewer}.txt", playthrough()[1][viewer])
