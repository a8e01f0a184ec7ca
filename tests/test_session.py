"""The session around a game: seats and permissions, readiness, deadlines, GM powers, messages, replay."""
from __future__ import annotations

import json

import pytest

from core.errors import OrderError, PermissionRefused, StateError, UnknownRuleset
from core.registry import find_ruleset
from core.session import Session

SEATS = [("al", "GAR"), ("bo", "CIS"), ("cy", "GAR"), ("di", "CIS"), ("ed", "GAR"), ("fa", "CIS")]


def new() -> Session:
    return Session.new("raw", SEATS, seed="session")


def test_unknown_ruleset_is_refused_with_the_known_ids() -> None:
    with pytest.raises(UnknownRuleset, match="unknown rule system 'chess'; known: raw"):
        find_ruleset("chess")


def test_a_seat_orders_only_for_itself() -> None:
    s = new()
    before = json.dumps(s.state)
    with pytest.raises(PermissionRefused, match="bo may not act for al"):
        s.order("bo", "al", "stance hold")
    assert json.dumps(s.state) == before, "a refused order changed the state"


def test_gm_may_order_for_anyone_and_it_is_logged_as_by_gm() -> None:
    s = new()
    s.order("gm", "al", "stance hold")
    assert s.sheet("al")[-1]["by"] == "gm", f"GM order not marked as by the GM: {s.sheet('al')}"


def test_ready_from_every_seat_resolves_the_turn() -> None:
    s = new()
    for seat in s.seats()[:-1]:
        s.ready(seat, seat)
    assert s.turn == 1, "the turn resolved before every seat was ready"
    s.ready("fa", "fa")
    assert s.turn == 2, "the turn did not resolve once every seat was ready"
    assert s.record["ready"] == [], "readiness was not cleared for the new turn"


def test_a_new_order_unreadies_the_seat() -> None:
    s = new()
    s.ready("al", "al")
    s.order("al", "al", "stance hold")
    assert "al" not in s.record["ready"], "ordering after ready should take the seat out of ready"


def test_only_the_gm_forces_resolution() -> None:
    s = new()
    with pytest.raises(PermissionRefused, match="only the GM may force a resolution"):
        s.resolve("al")
    s.resolve("gm")
    assert s.turn == 2


def test_deadline_resolves_and_seats_without_orders_count_as_away() -> None:
    """RAW-TURN-03: at the deadline the turn resolves; seats with nothing ordered do nothing."""
    s = new()
    s.set_deadline("gm", 100_000.0)
    s.order("al", "al", "stance hold")
    assert s.tick(100_000.0 - 13 * 3600) == [], "resolved before the deadline"
    s.tick(100_000.0 - 11 * 3600)
    assert "bo" in s.state["away"] and "al" not in s.state["away"], f"away marks wrong: {s.state['away']}"
    s.tick(100_000.0)
    assert s.turn == 2, "the deadline did not resolve the turn"


def test_gm_open_roll_is_public_and_on_the_record() -> None:
    s = new()
    events = s.gm_roll("gm", 2, 6, "boarding action")
    assert events and events[0]["to"] == ["all"], "an open roll must be seen by all"
    assert len(events[0]["data"]["values"]) == 2 and all(1 <= v <= 6 for v in events[0]["data"]["values"])
    with pytest.raises(PermissionRefused):
        s.gm_roll("al", 1, 6, "cheating")


def test_gm_correction_is_logged_with_reason_and_bad_paths_change_nothing() -> None:
    s = new()
    s.gm_correct("gm", "planets.Kuat.gf", "3", "forum ruling")
    assert s.state["planets"]["Kuat"]["gf"] == 3
    assert any("forum ruling" in e["text"] for e in s.events_for("al")), "players should see that a correction happened"
    before = json.dumps(s.state)
    for path, value in (("planets.Nowhere.gf", "1"), ("planets.Kuat.gf", "not json"), ("planets.Kuat.gf", '"three"')):
        with pytest.raises(StateError):
            s.gm_correct("gm", path, value, "typo")
        assert json.dumps(s.state) == before, f"a refused correction {path}={value} changed the state"
    with pytest.raises(StateError, match="needs a reason"):
        s.gm_correct("gm", "planets.Kuat.gf", "4", " ")


def test_message_board_threads_and_permissions() -> None:
    """RAW-TEAM-02: team talk stays in the team thread; the GM reads every thread."""
    s = new()
    s.post("al", "team:GAR", "hold Kuat")
    s.post("bo", "gm:bo", "a question for the GM")
    s.post("gm", "public", "turn 1 is open")
    assert [m["text"] for m in s.messages_for("cy")] == ["hold Kuat", "turn 1 is open"]
    assert [m["text"] for m in s.messages_for("di")] == ["turn 1 is open"], "CIS read the GAR thread or bo's GM thread"
    assert len(s.messages_for("gm")) == 3, "the GM must read every thread"
    with pytest.raises(PermissionRefused):
        s.post("bo", "team:GAR", "spy")


def test_replay_from_seed_and_journal_reproduces_the_game() -> None:
    s = Session.new("raw", [(n, side, n in ("ed", "fa")) for n, side in SEATS], seed="replay")
    for _ in range(3):
        for seat in ("al", "bo", "cy", "di"):
            for text in s.ruleset.bot(s.view(seat), seat):
                try:
                    s.order(seat, seat, text)
                except OrderError:
                    pass
            s.ready(seat, seat)
    again = Session.replay(json.loads(s.to_json()))
    assert again.state == s.state, "replaying the journal did not reproduce the state"
    assert again.record["log"] == s.record["log"], "replaying the journal did not reproduce every event and roll"


def test_seed_hash_is_published_and_the_seed_only_at_the_end() -> None:
    s = new()
    view = s.view("al")
    assert view["seed_hash"] == s.record["seed_hash"] and "seed" not in view, "the seed leaked before the end"
    s.order("bo", "bo", "concede")
    assert s.outcome() is not None and s.view("al")["seed"] == "session", "the seed is revealed when the game ends"


def test_RAW_GAP_43_default_deadline_is_72_hours_and_moves_on_each_turn() -> None:
    """RAW-GAP-43, RAW-GAP-07: a game started with the clock gets a 72 h deadline; 12 h before it, silent seats are away."""
    s = Session.new("raw", SEATS, seed="clock", now=1000.0)
    assert s.record["deadline"] == 1000.0 + 72 * 3600, f"first deadline {s.record['deadline']}"
    s.tick(1000.0 + 60 * 3600)
    assert sorted(s.state["away"]) == sorted(s.seats()), "every silent seat should count as away 12 h before the deadline"
    s.tick(1000.0 + 72 * 3600)
    assert s.turn == 2 and s.record["deadline"] == 1000.0 + 144 * 3600, "the deadline should resolve and move on 72 h"


def test_messages_are_stored_without_terminal_escapes() -> None:
    """A message with escape sequences cannot drive another player's terminal."""
    s = new()
    s.post("al", "public", "hello \x1b[2J\x1b]0;pwned\x07world\x9b")
    text = s.messages_for("bo")[-1]["text"]
    assert "\x1b" not in text and "\x07" not in text and "\x9b" not in text, f"control characters kept: {text!r}"
    assert text.startswith("hello ") and text.endswith("world"), f"the printable text was changed: {text!r}"


def test_a_refused_forced_resolution_leaves_no_trace_and_the_game_still_replays(monkeypatch) -> None:
    """If the ruleset refuses a forced resolution, nothing changes: no journal entry, the same state,
    and the game replays from its journal exactly."""
    import json as _json

    from core.errors import OrderError
    from core.session import Session
    game = Session.new("gcw", [("al", "Empire"), ("bo", "Rebel")], seed="refused-resolve")
    before_state = _json.dumps(game.record["state"], sort_keys=True)
    before_journal = list(game.record["journal"])

    def refuse(state):
        state["turn"] = 99  # a half-done change the session must undo
        raise OrderError("refused for the test")
    monkeypatch.setattr(game.ruleset, "resolve", refuse)
    try:
        game.resolve("gm")
    except OrderError:
        pass
    else:
        raise AssertionError("the refusal did not reach the caller")
    assert game.record["journal"] == before_journal, "a refused resolution left a journal entry"
    assert _json.dumps(game.record["state"], sort_keys=True) == before_state, "a refused resolution changed the state"
    monkeypatch.undo()
    again = Session.replay(_json.loads(game.to_json()))
    assert again.record["state"] == game.record["state"]
