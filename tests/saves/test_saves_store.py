"""The game store: autosave of every change, the per-turn layout, one writer, a full disk."""
from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Callable

import pytest

import saves.atomic as atomic
from core.session import Session
from saves import GameLocked, GameStore, SaveError, UnknownGame
from saves_helpers import digest

ROOT = Path(__file__).resolve().parents[2]


def on_disk(store: GameStore, game_id: str) -> dict[str, Any]:
    """The game as a fresh reader finds it on disk now."""
    return store.read(game_id).record


def some_order(session: Session, seat: str) -> str:
    orders = session.ruleset.legal_orders(session.state, seat)
    assert orders, f"{seat} has no legal order to give in turn {session.turn}"
    return orders[0]


def test_every_accepted_action_is_on_disk_before_the_call_returns(store: GameStore, table: Callable[..., Session]) -> None:
    session = table()
    game = store.adopt(session, "autosave")
    actions: list[tuple[str, Callable[[], object]]] = [
        ("an order", lambda: session.order("al", "al", some_order(session, "al"))),
        ("an order by the GM", lambda: session.order("gm", "bo", some_order(session, "bo"))),
        ("a withdrawal", lambda: session.withdraw("al", "al", 0)),
        ("a public message", lambda: session.post("al", "public", "Hold the line at Kuat.")),
        ("a team message", lambda: session.post("bo", "team:CIS", "Feint at Kamino.")),
        ("a readiness change", lambda: session.ready("al", "al")),
        ("a seat marked away", lambda: session.away("bo", "bo")),
        ("a GM roll", lambda: session.gm_roll("gm", 2, 6, "boarding action")),
        ("a GM correction", lambda: session.gm_correct("gm", "turn", str(session.turn), "no-op ruling")),
        ("a deadline", lambda: session.set_deadline("gm", time.time() + 86400)),
        ("a resolution", lambda: session.resolve("gm")),
        ("a readiness that resolves the turn", lambda: (session.ready("al", "al"), session.ready("bo", "bo"))),
    ]
    for what, act in actions:
        act()
        assert on_disk(store, "autosave") == session.record, f"{what} was not saved before the call returned"
    assert session.turn == 3
    game.close()


def test_a_bot_handover_is_saved_by_close(store: GameStore, table: Callable[..., Session]) -> None:
    session = table()
    game = store.adopt(session, "handover")
    session.set_bot("gm", "al", True, run_bots=False)  # the session tells nobody of this one
    game.close()
    assert on_disk(store, "handover") == session.record


def test_closed_turns_leave_the_game_file(store: GameStore) -> None:
    seats = [(n, s, True) for n, s in [("al", "GAR"), ("bo", "CIS"), ("cy", "GAR"), ("di", "CIS"), ("ed", "GAR"), ("fa", "CIS")]]
    session = Session.new("raw", seats, seed="layout")
    game = store.adopt(session, "layout")
    sizes = []
    for _ in range(6):
        session.resolve("gm")
        sizes.append(game.paths.main.stat().st_size)
    tables = json.loads(game.paths.main.read_text())
    history = tables["save"]["1"]["history"]
    assert history["chunks"] == 6, f"6 resolved turns should make 6 turn files, the note says {history['chunks']}"
    assert sorted(p.name for p in game.paths.turns.iterdir()) == [f"{i:06d}.json" for i in range(1, 7)]
    open_ids = sorted(int(k) for k in tables["journal"])
    assert not open_ids or open_ids[0] > history["journal"], "closed journal entries stayed in the game file"
    assert len(tables["log"]) < 300, f"the game file keeps {len(tables['log'])} log events: history is not moving out"
    assert max(sizes) < 3 * min(sizes), f"the game file grows with the turns: {sizes}"
    game.close()
    loaded = store.read("layout", with_states=True)
    assert loaded.record == session.record
    assert [c.turn for c in loaded.chunks] == [1, 2, 3, 4, 5, 6]


def test_a_game_started_part_way_is_split_by_turn(store: GameStore) -> None:
    seats = [(n, s, True) for n, s in [("al", "GAR"), ("bo", "CIS"), ("cy", "GAR"), ("di", "CIS"), ("ed", "GAR"), ("fa", "CIS")]]
    session = Session.new("raw", seats, seed="late")
    for _ in range(4):
        session.resolve("gm")
    store.create(session, "late")
    loaded = store.read("late")
    assert loaded.history.chunks == 4 and loaded.record == session.record


def test_open_reads_back_what_was_saved_and_lists_it(store: GameStore, table: Callable[..., Session]) -> None:
    session = table()
    with store.adopt(session, "first") as game:
        session.post("al", "public", "hello")
    store.create(table(seed="other"), "second")
    with store.open("first") as again:
        assert again.session.record == session.record
        assert again.writer
    listed = {g.id: g for g in store.list()}
    assert set(listed) == {"first", "second"}
    first = listed["first"]
    assert (first.ruleset, first.title, first.turn) == ("raw", "Republic at War", 1)
    assert "al (GAR)" in first.seats and "cy (GAR, bot)" in first.seats
    assert first.last_activity and abs(first.last_activity - time.time()) < 60


def test_unknown_and_taken_ids_are_refused(store: GameStore, table: Callable[..., Session]) -> None:
    store.create(table(), "taken")
    with pytest.raises(UnknownGame, match="no saved game 'nope'.*games: taken"):
        store.open("nope")
    with pytest.raises(SaveError, match="already exists"):
        store.create(table(), "taken")
    with pytest.raises(SaveError, match="not a game id"):
        store.open("../etc/passwd")


def test_a_second_writer_in_the_same_process_is_refused_by_name(store: GameStore, table: Callable[..., Session]) -> None:
    store.create(table(), "busy")
    first = store.open("busy")
    before = digest(first.paths.main)
    with pytest.raises(GameLocked) as caught:
        store.open("busy")
    message = str(caught.value)
    assert f"pid {os.getpid()}" in message and "host" in message and "since" in message, message
    reader = store.open("busy", writer=False)
    assert reader.session.record == first.session.record and not reader.writer
    with pytest.raises(SaveError, match="read-only"):
        reader.save()
    assert digest(first.paths.main) == before
    first.close()
    store.open("busy").close()


def test_a_writer_in_another_process_is_named_and_its_stale_lock_does_not_block(store: GameStore, table: Callable[..., Session]) -> None:
    store.create(table(), "shared")
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys; from saves import GameStore; g = GameStore(sys.argv[1]).open('shared');"
         " print('open', flush=True); sys.stdin.read()", str(store.data_dir)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=dict(os.environ, PYTHONPATH=str(ROOT)), cwd=ROOT)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == b"open"
        before = digest(store.paths("shared").main)
        with pytest.raises(GameLocked) as caught:
            store.open("shared")
        assert f"pid {holder.pid}" in str(caught.value), caught.value
        assert digest(store.paths("shared").main) == before, "the refused writer touched the file"
    finally:
        holder.kill()
        holder.wait()
    store.open("shared").close()  # the dead holder's lock file remains, but does not block


def test_a_full_disk_refuses_the_order_and_keeps_the_last_save(store: GameStore, table: Callable[..., Session],
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    session = table()
    game = store.adopt(session, "full")
    session.post("al", "public", "saved before the disk filled")
    before_bytes, before_record = game.paths.main.read_bytes(), json.loads(json.dumps(session.record))

    def full_disk(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(atomic.os, "fsync", full_disk)
    with pytest.raises(SaveError) as caught:
        session.order("al", "al", some_order(session, "al"))
    assert "not saved, so not done" in str(caught.value) and "No space left" in str(caught.value), caught.value
    assert session.record == before_record, "the refused order stayed in the game"
    assert game.paths.main.read_bytes() == before_bytes
    monkeypatch.undo()
    session.order("al", "al", some_order(session, "al"))
    assert on_disk(store, "full") == session.record
    game.close()
