"""Replays and dice verification over seeded all-bot games of every registered rule system.

A replay as seat X must hold exactly what X saw (its events, its messages, its view) and nothing
only the GM or the other side saw; verify must confirm an honest game and name the first place a
tampered one goes wrong.
"""
from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from bot_games import play_out
from core.events import GM
from core.registry import find_ruleset, ruleset_ids
from core.session import Session
from saves import GameStore, SaveError
from saves.layout import Loaded
from saves.replay import export_turn, frames, replay_text
from saves.verify import verify
from saves_helpers import bot_seats

RUNNING_TURNS = 4
FINISH_STEPS = 300


@dataclass
class Played:
    ruleset_id: str
    store: GameStore
    game_id: str
    session: Session

    def loaded(self) -> Loaded:
        return self.store.read(self.game_id, with_states=True)


def post_secrets(session: Session) -> None:
    """Messages only some viewers may read, each with a marker no other text holds."""
    for seat in session.seats():
        session.post(seat, "public", f"PUBLIC-MARK-{seat}-{session.turn}")
        session.post(seat, f"team:{session.side_of(seat)}", f"TEAM-MARK-{seat}-{session.turn}")
        session.post("gm", f"gm:{seat}", f"GM-MARK-{seat}-{session.turn}")


def play(tmp: Path, ruleset_id: str, steps: int, tag: str) -> Played:
    store = GameStore(tmp / "data")
    session = Session.new(ruleset_id, bot_seats(ruleset_id), seed=f"dice-{tag}-{ruleset_id}-7f3")
    game = store.adopt(session, f"{tag}-{ruleset_id}")
    for _ in range(steps):
        post_secrets(session)
        play_out(session, 1)
    post_secrets(session)
    game.close()
    return Played(ruleset_id, store, game.game_id, session)


def running_prefix(played: Played) -> Played:
    """The same game stopped before its end, if the bots finished it (a running game is needed)."""
    if played.session.outcome() is None:
        return played
    over: list[int] = []

    def each(session: Session, entry: dict[str, Any]) -> None:
        if not over and session.outcome() is not None:
            over.append(len(session.record["journal"]))

    Session.replay(played.session.record, each=each)
    prefix = Session.replay(played.session.record, upto=over[0] - 1)
    assert prefix.outcome() is None
    post_secrets(prefix)
    game_id = played.game_id + "-prefix"
    played.store.create(prefix, game_id)
    return Played(played.ruleset_id, played.store, game_id, prefix)


@pytest.fixture(scope="module", params=ruleset_ids())
def running(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Played:
    return running_prefix(play(tmp_path_factory.mktemp("running"), request.param, RUNNING_TURNS, "running"))


@pytest.fixture(scope="module", params=ruleset_ids())
def finished(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Played:
    """A game the bots played to its end in memory (a short one, where the rules offer a turn
    limit option), then saved (split by turn on the way)."""
    short = {"turn_limit": 8} if "turn_limit" in find_ruleset(request.param).options() else None
    session = Session.new(request.param, bot_seats(request.param), options=short,
                          seed=f"dice-finished-{request.param}-7f3")
    post_secrets(session)
    play_out(session, FINISH_STEPS)
    assert session.outcome() is not None, \
        f"{request.param}: the bots did not finish a game in {FINISH_STEPS} rounds (turn {session.turn}); pick a seed or options that end"
    store = GameStore(tmp_path_factory.mktemp("finished") / "data")
    game_id = store.create(session, f"finished-{request.param}")
    return Played(request.param, store, game_id, session)


# -- verify -----------------------------------------------------------------------------------------
def test_verify_keeps_a_running_games_seed_secret_except_for_the_gm(running: Played) -> None:
    loaded = running.loaded()
    with pytest.raises(SaveError) as caught:
        verify(loaded.record, loaded.chunks, as_gm=False, game_id=running.game_id)
    assert "still running" in str(caught.value) and "--gm" in str(caught.value)
    assert loaded.record["seed"] not in str(caught.value), "the refusal revealed the seed"
    verdict = verify(loaded.record, loaded.chunks, as_gm=True, game_id=running.game_id)
    assert verdict.ok, f"{running.ruleset_id}: an honest running game failed verification: {verdict.text}"


def test_verify_confirms_a_finished_game_from_its_revealed_seed(finished: Played) -> None:
    loaded = finished.loaded()
    verdict = verify(loaded.record, loaded.chunks, game_id=finished.game_id)
    assert verdict.ok, f"{finished.ruleset_id}: an honest finished game failed verification: {verdict.text}"
    assert verdict.text.startswith("OK") and repr(loaded.record["seed"]) in verdict.text
    assert loaded.chunks and all(c.state_after is not None for c in loaded.chunks)


def tampered(loaded: Loaded, how: str) -> tuple[dict[str, Any], Any]:
    record, chunks = copy.deepcopy(loaded.record), copy.deepcopy(loaded.chunks)
    if how == "seed":
        record["seed"] = record["seed"] + "x"
    elif how == "roll":
        roll = next(e for e in record["log"] if e["kind"] == "roll")
        roll["data"]["values"] = [v % 6 + 1 for v in roll["data"]["values"]]
    elif how == "state":
        chunks[0].state_after["dice"]["n"] += 1
    elif how == "final":
        record["state"]["dice"]["n"] += 1
    return record, chunks


@pytest.mark.parametrize("how, words", [("seed", "hashes to"), ("roll", "log event"),
                                        ("state", "at the end of turn"), ("final", "at the end")])
def test_verify_names_the_first_mismatch_of_a_tampered_game(running: Played, how: str, words: str) -> None:
    loaded = running.loaded()
    if how in ("roll", "state") and (not loaded.chunks or not any(e["kind"] == "roll" for e in loaded.record["log"])):
        pytest.skip(f"{running.ruleset_id}: no roll or no closed turn to tamper with")
    record, chunks = tampered(loaded, how)
    verdict = verify(record, chunks, as_gm=True, game_id=running.game_id)
    assert not verdict.ok and verdict.text.startswith("MISMATCH"), f"tampering with the {how} went unseen"
    assert words in verdict.text, f"the mismatch report does not say where: {verdict.text}"


# -- replays ----------------------------------------------------------------------------------------
def viewers(session: Session) -> list[str]:
    return [GM, *session.seats()]


def test_a_replay_holds_exactly_what_the_viewer_saw(running: Played) -> None:
    record = running.loaded().record
    final = Session.from_record(copy.deepcopy(record))
    for viewer in viewers(final):
        got = frames(record, viewer)
        assert [e for f in got for e in f.events] == final.events_for(viewer), \
            f"{running.ruleset_id}: the replay as {viewer} does not hold exactly that viewer's events"
        assert [m for f in got for m in f.messages] == final.messages_for(viewer), \
            f"{running.ruleset_id}: the replay as {viewer} does not hold exactly that viewer's messages"
        view = final.view(viewer)
        for key in ("log", "messages", "facts"):
            view.pop(key, None)
        assert got[-1].view == view, f"{running.ruleset_id}: the last frame as {viewer} is not their view now"
        assert [f.turn for f in got if f.closed] == sorted({f.turn for f in got if f.closed})


def test_a_replay_as_a_seat_never_shows_what_only_others_saw(running: Played) -> None:
    record = running.loaded().record
    final = Session.from_record(copy.deepcopy(record))
    everything = {e["text"] for e in final.events_for(GM)}
    for seat in final.seats():
        text = replay_text(record, seat, game_id=running.game_id)
        seen = {e["text"] for e in final.events_for(seat)}
        hidden = everything - seen
        # the report's lines: "  <kind>: <text>" in the details, "  <text>" in the summary and orders
        items = {line[2:] for line in text.splitlines() if line.startswith("  ")}
        items |= {item.split(": ", 1)[1] for item in items if ": " in item}
        leaks = sorted(items & hidden)
        assert not leaks, f"{running.ruleset_id}: the replay as {seat} shows what it never saw: {leaks[:3]}"
        side = final.side_of(seat)
        for other in final.seats():
            if final.side_of(other) != side:
                assert f"TEAM-MARK-{other}-" not in text, f"the replay as {seat} shows {other}'s team thread"
            if other != seat:
                assert f"GM-MARK-{other}-" not in text, f"the replay as {seat} shows the GM's note to {other}"
        assert f"TEAM-MARK-{seat}-" in text and f"GM-MARK-{seat}-" in text and "PUBLIC-MARK-" in text
        assert record["seed"] not in text, f"the replay as {seat} reveals the running game's seed"


@pytest.mark.parametrize("fmt", ["markdown", "bbcode"])
def test_a_turn_report_is_filtered_for_its_reader(running: Played, fmt: str) -> None:
    record = running.loaded().record
    final = Session.from_record(copy.deepcopy(record))
    seat = final.seats()[0]
    turn = frames(record, seat)[0].turn
    report = export_turn(record, turn, seat, fmt, running.game_id)
    assert f"turn {turn} report" in report and seat in report
    assert (report.startswith("## ") if fmt == "markdown" else report.startswith("[size=150][b]")), report[:80]
    enemies = [o for o in final.seats() if final.side_of(o) != final.side_of(seat)]
    for other in enemies:
        assert f"TEAM-MARK-{other}" not in report and f"GM-MARK-{other}" not in report
    with pytest.raises(SaveError, match="has no turn 999"):
        export_turn(record, 999, seat, fmt, running.game_id)
    with pytest.raises(SaveError, match="has no seat"):
        export_turn(record, turn, "stranger", fmt, running.game_id)
    json.dumps(report)
