"""One store for every front end: the writer's lock across two consoles and across a console and the
war room, a console killed with SIGKILL whose leftovers are cleared at the next start, stale
temporary files of accounts.json, and ``--help`` of every subcommand."""
from __future__ import annotations

import io
import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from core.console import Console
from saves import GameLocked, GameStore
from server.accounts import Accounts
from tui.console import StoreKeeper, run
from tui.storage import default_saves

ROOT = Path(__file__).resolve().parents[1]
NEW = "new raw seed=store seats=al:GAR,bo:CIS,cy:GAR,di:CIS,ed:GAR,fa:CIS"
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


def console_process(data: Path, game: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "tui.main", "console", "--json", "--data-dir", str(data), game],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            cwd=ROOT, env=ENV)


def ask(proc: subprocess.Popen[str], line: str) -> dict:
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(line + "\n")
    proc.stdin.flush()
    return json.loads(proc.stdout.readline())


def test_two_consoles_on_one_game_the_second_is_told_who_holds_it(tmp_path: Path) -> None:
    first = console_process(tmp_path, "war1")
    try:
        assert ask(first, NEW)["ok"]
        assert ask(first, "as al stance free")["ok"]
        second = subprocess.run([sys.executable, "-m", "tui.main", "console", "--data-dir", str(tmp_path), "war1"],
                                input="as bo stance free\n", capture_output=True, text=True, cwd=ROOT, env=ENV,
                                timeout=60)
        assert second.returncode == 2, second.stdout + second.stderr
        assert f"pid {first.pid}" in second.stderr and "open for writing" in second.stderr, second.stderr
        assert len(second.stderr.strip().splitlines()) == 1
        assert ask(first, "sheet al")["sheet"], "the first console's acknowledged order is kept"
    finally:
        first.stdin.close()  # type: ignore[union-attr]
        first.wait(30)
    store = GameStore(tmp_path)
    game = store.open("war1")
    assert [o["text"] for o in game.session.sheet("al")] == ["stance free"]
    assert not game.session.sheet("bo"), "the refused console changed the game"
    game.close()


def test_a_console_and_the_war_room_share_one_lock(tmp_path: Path) -> None:
    keeper = StoreKeeper(GameStore(tmp_path))
    console = Console(keeper=keeper)
    try:
        assert console.handle(NEW).ok
        game_id = keeper.game.game_id
        with pytest.raises(GameLocked, match="open for writing"):
            default_saves(tmp_path).open(game_id)
    finally:
        keeper.close()
    held = default_saves(tmp_path).open(game_id)
    try:
        out, err = io.StringIO(), io.StringIO()
        assert run(io.StringIO("status\n"), out, game=game_id, store=GameStore(tmp_path), stderr=err) == 2
        assert "open for writing" in err.getvalue()
        other = StoreKeeper(GameStore(tmp_path))
        answer = Console(keeper=other).handle(f"load {game_id}")
        assert not answer.ok and "open for writing" in (answer.error or "")
    finally:
        held.close()


def test_a_console_killed_mid_game_loses_nothing_and_its_leftovers_go_at_the_next_start(tmp_path: Path) -> None:
    rng = random.Random(12)
    acked = 0
    proc = console_process(tmp_path, "war1")
    assert ask(proc, NEW)["ok"]
    proc.stdin.close()  # type: ignore[union-attr]
    proc.wait(30)
    for round_ in range(3):
        proc = console_process(tmp_path, "war1")
        assert proc.stdin is not None and proc.stdout is not None
        first = json.loads(proc.stdout.readline())
        assert first["ok"] and first["command"] == "load", first
        for n in range(200):
            proc.stdin.write(f"say al public message {round_}-{n}\n")
        proc.stdin.flush()
        deadline = time.monotonic() + rng.uniform(0.05, 0.3)
        while time.monotonic() < deadline:
            line = proc.stdout.readline()
            if not line:
                break
            if json.loads(line)["ok"]:
                acked += 1
        proc.send_signal(signal.SIGKILL)
        proc.wait(30)
        dead = proc.pid
        games = tmp_path / "games"
        (games / f".war1.json.{dead}.deadbeef.tmp").write_text("{half a save")  # as a kill mid-write leaves it
        out, err = io.StringIO(), io.StringIO()
        assert run(io.StringIO("messages gm\n"), out, game="war1", store=GameStore(tmp_path), stderr=err) == 0, err.getvalue()
        leftovers = [p.name for p in games.rglob("*.tmp")]
        assert not leftovers, f"temporary files left after the next start: {leftovers}"
    game = GameStore(tmp_path).read("war1")
    said = [m for m in game.record["messages"] if m["text"].startswith("message")]
    assert len(said) >= acked, f"{acked} messages were acknowledged but only {len(said)} kept"


def test_accounts_start_clears_a_dead_writers_temp_file_but_not_a_live_ones(tmp_path: Path) -> None:
    folder = tmp_path / "server"
    folder.mkdir()
    sleeper = subprocess.Popen(["sleep", "30"])
    dead = subprocess.Popen(["true"])
    dead.wait()
    try:
        stale = folder / f".accounts.json.{dead.pid}.0badc0de.tmp"
        live = folder / f".accounts.json.{sleeper.pid}.0badc0de.tmp"
        stale.write_text("{")
        live.write_text("{")
        Accounts(folder / "accounts.json").close()
        assert not stale.exists(), "a dead writer's temporary file was left"
        assert live.exists(), "a running writer's temporary file was removed under it"
    finally:
        sleeper.kill()
        sleeper.wait()


def test_every_help_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    from tui.main import SUBCOMMANDS, build_parser, main
    build_parser()
    names = sorted(SUBCOMMANDS)
    assert {"console", "play", "saves", "replay", "verify", "export", "import", "serve", "rulesets"} <= set(names)
    for args in [["--help"], *[[name, "--help"] for name in names]]:
        try:
            code = main(args)
        except SystemExit as exc:
            code = exc.code
        out = capsys.readouterr().out
        assert code == 0, f"holotable {' '.join(args)} exits {code}"
        assert "usage" in out.lower(), f"holotable {' '.join(args)} prints no usage: {out!r}"


def test_a_save_that_is_a_symbolic_link_is_written_through_and_stays_a_link(tmp_path: Path) -> None:
    store = GameStore(tmp_path / "data")
    game = store.adopt(_session(), "war1")
    game.close()
    elsewhere = tmp_path / "synced"
    elsewhere.mkdir()
    real = elsewhere / "war1.json"
    main = store.paths("war1").main
    real.write_bytes(main.read_bytes())
    main.unlink()
    main.symlink_to(real)
    game = store.open("war1")
    game.session.post("al", "public", "through the link")
    game.close()
    assert main.is_symlink() and os.readlink(main) == str(real), "the link was replaced by a plain file"
    assert "through the link" in real.read_text(), "the change did not reach the file the link points to"
    assert not [p for p in elsewhere.iterdir() if p.name.endswith(".tmp")]


def _session():  # type: ignore[no-untyped-def]
    from core.session import Session
    return Session.new("raw", [("al", "GAR"), ("bo", "CIS"), ("cy", "GAR"), ("di", "CIS"), ("ed", "GAR"),
                               ("fa", "CIS")], seed="link")
