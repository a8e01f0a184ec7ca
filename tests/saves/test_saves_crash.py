"""Crash safety: a writer killed with SIGKILL at random moments loses nothing it acknowledged.

A writer process (fixtures/crash_writer.py) opens a Republic at War game and keeps posting
messages, giving orders and readying up (which resolves turns and runs the bots), printing an ack
line after each call returns. The test kills it 20-200 ms after its first ack, then checks that the game
opens again at once (the dead writer's lock does not block), and that every acknowledged action is
in the journal where the ack says. Twelve rounds run in the normal suite; two hundred with -m slow.
"""
from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from saves_helpers import FIXTURES, raw_table
from saves import GameStore
from saves.verify import verify

ROOT = Path(__file__).resolve().parents[2]
WRITER = FIXTURES / "crash_writer.py"


def run_and_kill(data_dir: Path, game_id: str, first: int, rng: random.Random) -> list[dict[str, Any]]:
    """Start the writer, let it work 20-200 ms past its first ack, SIGKILL it; return the acks it printed in full."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, str(WRITER), str(data_dir), game_id, str(first)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=ROOT)
    assert proc.stdout is not None
    opened, first_ack = proc.stdout.readline(), proc.stdout.readline()
    if not first_ack:
        proc.wait()
        pytest.fail(f"the writer died before its first action: {proc.stderr.read().decode()[-2000:]}")  # type: ignore[union-attr]
    time.sleep(rng.uniform(0.02, 0.2))
    proc.send_signal(signal.SIGKILL)
    out, err = proc.communicate()
    assert proc.returncode == -signal.SIGKILL, f"the writer ended by itself ({proc.returncode}): {err.decode()[-2000:]}"
    acks = []
    for raw in (first_ack + out).decode().split("\n"):
        if raw.endswith("}"):  # a line cut by the kill was never a complete ack
            try:
                acks.append(json.loads(raw))
            except json.JSONDecodeError:
                pass
    return acks


def check_acks(store: GameStore, game_id: str, acks: list[dict[str, Any]], round_no: int) -> dict[str, Any]:
    """Open the game as the writer again and find every acknowledged action in it."""
    game = store.open(game_id)  # raises if the file is torn or the dead writer's lock still blocks
    try:
        record = game.session.record
        journal, texts = record["journal"], {m["text"] for m in record["messages"]}
        for ack in acks:
            where = f"round {round_no}, ack {ack['n']}"
            assert len(journal) >= ack["journal"], f"{where}: {ack} acknowledged, journal has only {len(journal)}"
            entry = journal[ack["at"]]
            assert entry["op"] == ack["op"] and entry["seat" if ack["op"] != "post" else "actor"] == ack["seat"], \
                f"{where}: journal entry {ack['at']} is {entry}, the ack was {ack}"
            if ack["op"] in ("order", "post"):
                assert entry["text"] == ack["text"], f"{where}: entry {entry} is not {ack}"
            if ack["op"] == "post":
                assert ack["text"] in texts, f"{where}: message {ack['text']!r} was acknowledged but is lost"
        return record
    finally:
        game.close()


def crash_rounds(tmp_path: Path, rounds: int, seed: int) -> None:
    rng = random.Random(seed)
    store = GameStore(tmp_path / "data")
    game_no, game_id, first, acked = 0, "", 0, 0
    for round_no in range(rounds):
        if not game_id or store.read(game_id).record["state"].get("turn", 0) >= 50:
            game_no += 1
            game_id = store.create(raw_table(seed=f"crash-{seed}-{game_no}"), f"crash-{game_no}")
        acks = run_and_kill(store.data_dir, game_id, first, rng)
        first = max([first, *(a["n"] for a in acks)])
        acked += len(acks)
        record = check_acks(store, game_id, acks, round_no)
        if record["state"].get("turn", 0) >= 50 or round_no == rounds - 1:
            loaded = store.read(game_id, with_states=True)
            verdict = verify(loaded.record, loaded.chunks, as_gm=True, game_id=game_id)
            assert verdict.ok, f"round {round_no}: the game no longer follows from its journal: {verdict.text}"
    assert acked >= rounds, f"only {acked} acks in {rounds} rounds: the writer did not work before each kill"
    leftovers = [p.name for p in (store.games_dir).rglob("*.tmp")]
    assert len(leftovers) <= 1, f"temporary files pile up: {leftovers}"


def test_crash_at_random_moments_loses_nothing_acknowledged(tmp_path: Path) -> None:
    crash_rounds(tmp_path, 12, seed=1)


@pytest.mark.slow
def test_crash_200_times(tmp_path: Path) -> None:
    crash_rounds(tmp_path, 200, seed=2)
