"""No notification tells its reader more than its view (issue 32; DESIGN "Who sees what, at the edge").

For every rule system and every kind of note: a seat's note is built from that seat's view, so
changing anything the seat may not know (the ruleset's ``hidden_changes``, an event told only to
another seat, the GM or another team, a message in a thread the seat cannot read) changes none of
its notes; the public channel's notes change for nothing but what the public may know.
"""
from __future__ import annotations

import copy
from typing import Any, Callable

import pytest

from core.events import GM, event, to_seat, to_team
from core.registry import find_ruleset, ruleset_ids
from core.session import Session
from server.notify import texts

NOW = 1_900_000_000.0
CHANGES_PER_SEAT = 6


def seats_for(ruleset_id: str) -> list[tuple[str, str]]:
    ruleset = find_ruleset(ruleset_id)
    sides = ruleset.sides()
    return [(f"p{i}", sides[i % len(sides)]) for i in range(max(ruleset.min_seats, 2))]


def game(ruleset_id: str) -> Session:
    """A game some turns in, played by bots and then handed to people, with messages in every thread."""
    session = Session.new(ruleset_id, [(n, s, True) for n, s in seats_for(ruleset_id)], seed=f"notify-{ruleset_id}",
                          bot_steps=4)
    for _ in range(2):
        if session.outcome() is not None:
            break
        session.play_bots()
        if session.outcome() is None:
            session.resolve(GM)
    assert session.outcome() is None, f"{ruleset_id}: the game should still be on"
    for seat in session.seats():
        session.set_bot(GM, seat, False, run_bots=False)
    for seat in sorted(session.awaiting()):  # people now, with nothing given yet: their orders are due
        for index in reversed(range(len(session.sheet(seat)))):
            session.withdraw(GM, seat, index)
        if seat in session.record["ready"]:
            session.ready(GM, seat, False)
    for seat in session.seats():
        session.post(seat, f"team:{session.side_of(seat)}", f"{seat} to the team: our plan")
        session.post(GM, f"gm:{seat}", f"the GM to {seat} alone")
    for side in sorted({str(session.side_of(seat)) for seat in session.seats()}):
        session.post(GM, f"team:{side}", f"the GM to team {side}: our plan")
    session.post(GM, "public", "the GM to everyone")
    session.record["deadline"] = NOW + 1800
    return session


def seat_notes(session: Session, seat: str) -> dict[str, Any]:
    """Every note a seat's channel may get now, by kind (None where there is nothing to say)."""
    turn = max(1, session.turn - 1)
    notes: dict[str, Any] = {
        "due": texts.due(session, "g", seat, NOW, "ssh g"),
        "resolved": texts.resolved(session, "g", seat, turn, NOW, False, "ssh g"),
        "report": texts.resolved(session, "g", seat, turn, NOW, True),
        "report, this turn": texts.resolved(session, "g", seat, session.turn, NOW, True),
        "deadline": texts.deadline_near(session, "g", seat, NOW),
    }
    for message in session.record["messages"]:
        key = f"message {message['thread']} {message['n']}"
        notes[key] = texts.message(session, "g", seat, message["thread"], message["n"])
    return notes


def public_notes(session: Session) -> dict[str, Any]:
    turn = max(1, session.turn - 1)
    return {"public turn": texts.public_turn(session, "g", turn, NOW),
            "public this turn": texts.public_turn(session, "g", session.turn, NOW),
            "public deadline": texts.public_deadline(session, "g", NOW)}


def changed(session: Session, change: Callable[[Session], None]) -> Session:
    trial = Session.from_record(copy.deepcopy(session.record))
    change(trial)
    return trial


def early(session: Session, ev: dict[str, Any]) -> None:
    """Put ``ev`` first among its turn's events (so that no report cut for length could hide it)."""
    log = session.record["log"]
    at = next((i for i, e in enumerate(log) if e["turn"] >= ev["turn"]), len(log))
    log.insert(at, ev)


def unseen_by(session: Session, seat: str) -> list[tuple[str, Callable[[Session], None]]]:
    """Changes of the log and the messages that ``seat`` may not see."""
    side = session.side_of(seat)
    others = [s for s in session.seats() if s != seat]
    other_sides = sorted({str(session.side_of(s)) for s in others if session.side_of(s) != side})
    found: list[tuple[str, Callable[[Session], None]]] = []
    for turn in {session.turn, max(1, session.turn - 1)}:
        found.append((f"a GM-only event of turn {turn}",
                      lambda s, t=turn: early(s, event("secret", "the GM's secret: 42 ships at X", [GM], t))))
        for other in [o for o in others if side is None or session.side_of(o) != side][:1]:
                found.append((f"an event of {other} alone in turn {turn}", lambda s, t=turn, o=other: early(
                    s, event("secret", f"{o}'s secret: fleet at Y", [to_seat(o)], t))))
        for other_side in other_sides:
            found.append((f"an event of team {other_side} in turn {turn}", lambda s, t=turn, o=other_side: early(
                s, event("secret", f"team {o}'s secret", [to_team(o)], t))))
    for other in others:
        found.append((f"a GM message to {other}", lambda s, o=other: s.record["messages"].append(
            {"n": 99, "thread": f"gm:{o}", "from": GM, "turn": s.turn, "text": f"for {o} only"})))
    for other_side in other_sides:
        found.append((f"a message in team:{other_side}", lambda s, o=other_side: s.record["messages"].append(
            {"n": 99, "thread": f"team:{o}", "from": GM, "turn": s.turn, "text": f"for team {o} only"})))
    return found


def hidden(session: Session, seat: str) -> list[tuple[str, Callable[[Session], None]]]:
    """The ruleset's hidden changes for ``seat`` (a sample of them), as changes of a session."""
    changes = session.ruleset.hidden_changes(session.state, seat)
    return [(what, lambda s, c=change: c(s.state)) for what, change in changes[::max(1, len(changes) // CHANGES_PER_SEAT)]]


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_a_seats_notes_come_from_its_view_only(ruleset_id: str) -> None:
    """Every kind of a seat's note (due, resolved, report, deadline, messages) is unchanged by what the seat cannot see."""
    session = game(ruleset_id)
    notes = {seat: seat_notes(session, seat) for seat in session.seats()}
    assert any(n["due"] is not None for n in notes.values()), f"{ruleset_id}: some seat's orders should be due"
    assert any(n["deadline"] is not None for n in notes.values()), f"{ruleset_id}: some seat should be reminded"
    for seat in session.seats():
        before = notes[seat]
        assert before["resolved"] is not None and before["report"] is not None
        assert any(k.startswith("message team:") and v is not None for k, v in before.items()), \
            f"{seat} should get its team's messages (written by a teammate or the GM)"
        for what, change in hidden(session, seat) + unseen_by(session, seat):
            after = seat_notes(changed(session, change), seat)
            for kind, note in before.items():
                assert after.get(kind) == note, f"{ruleset_id}: {seat}'s {kind!r} note changed when {what} changed (a leak)"


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_the_public_channel_tells_only_what_the_public_may_know(ruleset_id: str) -> None:
    """The public turn report, the deadline and who is awaited: unchanged by any seat's secrets, by events
    told to one seat, one team or the GM, and by any thread but the public one."""
    session = game(ruleset_id)
    before = public_notes(session)
    assert "the GM to everyone" in before["public this turn"].body, "the public thread is in the public report"
    for seat in session.seats():
        for what, change in hidden(session, seat) + unseen_by(session, seat):
            after = public_notes(changed(session, change))
            for kind, note in before.items():
                assert after[kind] == note, f"{ruleset_id}: the {kind!r} note changed when {what} changed (a leak)"
        assert "our plan" not in str(before) and "alone" not in str(before), "no team or GM thread in a public note"
    told = changed(session, lambda s: s.record["messages"].append(
        {"n": 99, "thread": "public", "from": GM, "turn": s.turn, "text": "Everyone hears this."}))
    assert "Everyone hears this." in texts.public_turn(told, "g", session.turn, NOW).body, \
        "a message to all does reach the public channel (the test can see a change)"
    quiet = changed(session, lambda s: s.record["log"].append(event("news", "Everyone hears this.", ["all"], s.turn)))
    assert public_notes(quiet) != before or len(before["public this turn"].body) >= texts.MAX_BODY - 60, \
        "an event told to all changes the public report (unless the report is cut before it)"
