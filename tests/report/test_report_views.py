"""Every rule system gets a turn report through the generic builder, filtered by the viewer: nothing
only others saw reaches a seat's report, and the public report holds only what is told to all."""
from __future__ import annotations

from functools import lru_cache

import pytest

from bot_games import play_out
from core.registry import find_ruleset
from core.report import render, session_report
from core.session import Session

RULESETS = ["raw", "gcw", "swpm", "rift"]


@lru_cache(maxsize=None)
def played(ruleset_id: str) -> Session:
    """A short seeded bot game of ``ruleset_id`` (two seats, or the RAW minimum with min_players 2)."""
    sides = find_ruleset(ruleset_id).sides()
    options = {"min_players": 2} if ruleset_id == "raw" else ({"auto_resolve": True} if ruleset_id == "gcw" else None)
    session = Session.new(ruleset_id, [("ann", sides[0], True), ("bob", sides[1], True)], options=options,
                          seed=f"report-views-{ruleset_id}")
    play_out(session, 40, until=lambda s: s.turn > 3)
    return session


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_a_seats_report_holds_nothing_only_others_saw(ruleset_id: str) -> None:
    session = played(ruleset_id)
    everything = {e["text"] for e in session.events_for("gm")}
    checked = 0
    for seat in session.seats():
        mine = {e["text"] for e in session.events_for(seat)}
        hidden = [t for t in everything - mine if len(t) > 12 and not any(t in m for m in mine)]
        for turn in range(0, session.turn + 1):
            text = render(session_report(session, seat, turn))
            leaked = [t for t in hidden if t in text]
            assert not leaked, f"{ruleset_id}: {seat}'s turn {turn} report shows what only others saw: {leaked[:2]}"
            checked += 1
    assert checked >= 2


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_the_public_report_holds_only_what_is_told_to_all(ruleset_id: str) -> None:
    session = played(ruleset_id)
    public = {e["text"] for e in session.public_events()}
    private = [e["text"] for e in session.record["log"] if "all" not in e["to"] and len(e["text"]) > 12
               and not any(e["text"] in p for p in public)]
    for turn in range(0, session.turn + 1):
        text = render(session_report(session, "public", turn))
        leaked = [t for t in private if t in text]
        assert not leaked, f"{ruleset_id}: the public turn {turn} report shows {leaked[:2]}"
    last = render(session_report(session, "ann", max(1, session.turn - 1)))
    assert "-- Summary --" in last and "-- Details, every die --" in last, last[:400]
