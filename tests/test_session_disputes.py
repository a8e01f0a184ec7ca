"""Settling disputes in the session: reopening the last resolved turn (same dice or new), bots at the
deadline, the GM's open roll with its total; and the edge's helpers for deadlines and threads."""
from __future__ import annotations

import json

import pytest

from core.errors import PermissionRefused, StateError
from core.session import Session
from tui.deadline import deadline_fields, deadline_rule, deadline_text, left_text
from tui.widgets.messages import ThreadError, parse_say

SEATS = [("al", "GAR"), ("bo", "CIS"), ("cy", "GAR", True), ("di", "CIS", True)]


def played(seed: str = "disputes") -> Session:
    session = Session.new("raw", SEATS, options={"min_players": 2}, seed=seed)
    session.order("al", "al", "build Coruscant GF")
    session.order("bo", "bo", "build Serenno GF")
    session.ready("al", "al")
    session.ready("bo", "bo")
    assert session.turn == 2
    return session


def state_of(session: Session) -> str:
    return json.dumps(session.state, sort_keys=True)


def test_reopening_the_last_turn_with_the_same_dice_resolves_it_the_same_way() -> None:
    session = played()
    resolved = state_of(session)
    session.order("al", "al", "stance free")  # the next turn's orders are void after a reopening
    session.gm_correct("gm", "seats.al.stance.default", "\"hold\"", "a ruling")
    events = session.reopen("gm", "the ruling was wrong")
    assert session.turn == 2 and state_of(session) == resolved, "the same orders and dice give the same turn"
    assert events[0]["to"] == ["all"] and "reopened turn 1: the ruling was wrong" in events[0]["text"]
    assert any("reopened turn 1" in e["text"] for e in session.events_for("bo")), "every seat is told"
    assert state_of(Session.replay(session.record)) == state_of(session), "the game still replays exactly"


def test_reopening_with_new_dice_uses_unused_rolls_and_replays() -> None:
    session = played("new-dice")
    used = session.state["dice"]["n"]
    session.gm_roll("gm", 3, 6, "a side roll")
    after_roll = session.state["dice"]["n"]
    assert after_roll > used
    session.reopen("gm", "the dice were disputed", new_dice=True)
    assert session.state["dice"]["n"] >= after_roll, "new dice start after every roll already made"
    session.reopen("gm", "once more, same dice as the reopening")
    assert state_of(Session.replay(session.record)) == state_of(session)
    assert [e["op"] for e in session.record["journal"]].count("reopen") == 2


def test_reopening_is_the_gms_needs_a_reason_and_a_resolved_turn() -> None:
    fresh = Session.new("raw", SEATS, options={"min_players": 2}, seed="fresh")
    with pytest.raises(StateError, match="no turn has been resolved yet"):
        fresh.reopen("gm", "why not")
    session = played()
    before = state_of(session)
    with pytest.raises(PermissionRefused):
        session.reopen("al", "I lost")
    with pytest.raises(StateError, match="needs a reason"):
        session.reopen("gm", "  ")
    assert state_of(session) == before, "a refused reopening changes nothing"
    gcw = Session.new("gcw", [("al", "Empire"), ("bo", "Rebel")], seed="g")
    with pytest.raises(StateError, match="simultaneous orders"):
        gcw.reopen("gm", "a dispute")


def test_at_the_deadline_bots_take_over_seats_without_orders_when_the_gm_chose_it() -> None:
    session = Session.new("raw", SEATS, options={"min_players": 2}, seed="bots", now=1000.0)
    session.record["deadline_bots"] = True
    session.order("al", "al", "build Coruscant GF")
    deadline = session.record["deadline"]
    session.tick(deadline)
    assert session.turn == 2, "the turn resolved at the deadline"
    assert session.is_bot("bo") and not session.is_bot("al"), "only the seat without orders went to a bot"
    assert "a bot takes over" in deadline_rule(session.record)
    assert state_of(Session.replay(session.record)) == state_of(session)


def test_the_gms_open_roll_shows_its_total() -> None:
    session = Session.new("raw", SEATS, options={"min_players": 2}, seed="roll")
    text = session.gm_roll("gm", 2, 6, "boarding")[-1]["text"]
    values = [int(v) for v in text.split("->")[1].split("(")[0].split(",")]
    assert text.endswith(f"(total {sum(values)})"), text


def test_deadline_texts_give_a_date_and_the_time_left() -> None:
    when = 1_796_000_000.0  # 2026-11-30 00:53:20 UTC
    assert deadline_text(when, when - 2 * 86400 - 3 * 3600 - 60) == "2026-11-30 00:53 UTC (in 2d 3h)"
    assert deadline_text(when, when + 5) == "2026-11-30 00:53 UTC (passed)"
    assert deadline_text(None) == "none"
    assert left_text(5 * 3600 + 12 * 60) == "5h 12m" and left_text(30) == "under a minute"
    fields = deadline_fields({"deadline": when, "options": {}}, when - 90)
    assert fields["deadline_at"] == "2026-11-30T00:53:20Z" and fields["deadline_seconds_left"] == 90


def test_a_say_line_goes_to_its_thread_or_nowhere() -> None:
    threads = ["public", "team:GAR", "gm:al"]
    assert parse_say("say team:GAR al here", threads) == ("team:GAR", "al here")
    assert parse_say("say team: al here", threads) == ("team:GAR", "al here")
    assert parse_say("say public: hello all", threads) == ("public", "hello all")
    assert parse_say("build Kuat GF", threads) is None, "a line without `say` is not a message"
    for line in ("say team:CIS spy", "say hello everyone", "say team:GAR", "say"):
        with pytest.raises(ThreadError, match="nothing was sent"):
            parse_say(line, threads)
