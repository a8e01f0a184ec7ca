"""Hostile files in the games directory, against every reader: each is refused in one clean line,
never hangs, is left byte for byte as it was, and every good game is still listed and opens.

The corpus: empty, truncated, random bytes, foreign JSON with terminal escapes and Rich markup in
its keys, deep nesting (past the recursion limit, and past the nesting cap), a 4,300-digit number,
a newer schema, a game labelled with the wrong rule system, a dangling symbolic link, a FIFO, a
directory and an oversize file. The readers: ``saves``, ``replay``, ``verify``, ``export``,
``import``, ``console``, ``play``, the lobby's load list and the server at start-up.
"""
from __future__ import annotations

import hashlib
import io
import json
import os
import random
import signal
import stat
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest

from saves import GameStore
from saves.atomic import MAX_FILE_BYTES
from saves.cli_commands import export_command, import_command, replay_command, saves_command, verify_command
from saves_helpers import raw_table

GOOD = ("good-1", "good-2")
ESC = "\x1b"


def _record(good: bytes) -> dict[str, Any]:
    return json.loads(good)


def _newer(good: bytes) -> bytes:
    data = json.loads(good)
    data["save"]["1"]["schema"] = 99
    return json.dumps(data).encode()


def _wrong_ruleset(good: bytes) -> bytes:
    data = json.loads(good)
    data["game"]["1"]["ruleset"] = "gcw"
    return json.dumps(data).encode()


def _foreign(good: bytes) -> bytes:
    return json.dumps({f"{ESC}]0;owned\x07{ESC}[2J[bold red]boom[/]": 1, "[/]": {"[link=file:///etc]x": [2]}},
                      ensure_ascii=False).encode()


CORPUS: dict[str, Callable[[bytes], bytes] | str] = {
    "empty": lambda good: b"",
    "truncated": lambda good: good[: len(good) // 2],
    "random": lambda good: random.Random(7).randbytes(4096),
    "foreign": _foreign,
    "deep": lambda good: b"[" * 200_000 + b"]" * 200_000,
    "nested": lambda good: b'{"a":' * 100 + b"1" + b"}" * 100,
    "hugeint": lambda good: b'{"schema": 1' + b"9" * 4300 + b', "ruleset": "raw", "state": {"turn": 1}, "journal": []}',
    "newer": _newer,
    "wrongrules": _wrong_ruleset,
    "link": "symlink",
    "fifo": "fifo",
    "directory": "directory",
    "oversize": "oversize",
}


def plant(path: Path, kind: Callable[[bytes], bytes] | str, good: bytes) -> None:
    """Make one hostile file at ``path``."""
    if kind == "symlink":
        os.symlink(path.parent / "nowhere" / "x.json", path)
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "directory":
        path.mkdir()
    elif kind == "oversize":
        with open(path, "wb") as handle:
            handle.truncate(MAX_FILE_BYTES + 1)  # sparse: costs no disk
    else:
        assert callable(kind)
        path.write_bytes(kind(good))


def fingerprint(path: Path) -> tuple[Any, ...]:
    """What a file is, byte for byte (a link's target, a FIFO's or directory's kind; an oversize file's size)."""
    info = os.lstat(path)
    if stat.S_ISLNK(info.st_mode):
        return ("link", os.readlink(path))
    if not stat.S_ISREG(info.st_mode):
        return ("kind", stat.S_IFMT(info.st_mode), sorted(os.listdir(path)) if stat.S_ISDIR(info.st_mode) else None)
    if info.st_size > 4 * 1024 * 1024:
        return ("big", info.st_size, info.st_mtime_ns)
    return ("file", hashlib.sha256(path.read_bytes()).hexdigest())


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A data directory with two good games and every hostile file, as ``bad-<name>.json``."""
    data = tmp_path_factory.mktemp("hostile")
    store = GameStore(data)
    for i, game_id in enumerate(GOOD):
        game = store.adopt(raw_table(f"hostile-{i}"), game_id)
        game.session.post("al", "public", "we are the good game")
        game.close()
    good = (store.games_dir / f"{GOOD[0]}.json").read_bytes()
    for name, kind in CORPUS.items():
        plant(store.games_dir / f"bad-{name}.json", kind, good)
    yield data


@pytest.fixture
def unchanged(games: Path) -> Iterator[None]:
    """Every file of the games directory is as it was after the test, and nothing hung (10 s guard)."""
    folder = games / "games"
    before = {p.name: fingerprint(p) for p in folder.iterdir() if not p.name.endswith(".lock")}

    def hung(signum: int, frame: Any) -> None:
        raise TimeoutError("a reader hung (a FIFO or a device read as a file?)")

    old = signal.signal(signal.SIGALRM, hung)
    signal.alarm(10)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
    after = {p.name: fingerprint(p) for p in folder.iterdir() if not p.name.endswith(".lock")}
    assert after == before, f"files changed: {sorted(k for k in set(before) | set(after) if before.get(k) != after.get(k))}"


def one_clean_line(text: str, who: str) -> str:
    """``text`` is one line, with no terminal escape, no traceback, and says something."""
    lines = text.strip().splitlines()
    assert len(lines) == 1, f"{who}: not one line of refusal: {text!r}"
    assert ESC not in text and "\x07" not in text, f"{who}: raw escape characters reach the terminal: {text!r}"
    assert "Traceback" not in text, f"{who}: a traceback: {text!r}"
    return lines[0]


BAD = [f"bad-{name}" for name in CORPUS]


def test_saves_lists_every_good_game_and_each_bad_one_in_one_clean_line(games: Path, unchanged: None) -> None:
    text, code = saves_command(["--data-dir", str(games)])
    assert code == 0, text
    assert ESC not in text and "Traceback" not in text
    listed, _, problems = text.partition("Unreadable games (left untouched):")
    for game_id in GOOD:
        assert any(line.startswith(game_id) and "Republic at War" in line for line in listed.splitlines()), \
            f"good game {game_id} not listed as readable:\n{text}"
    for bad in BAD:
        found = [line for line in problems.splitlines() if line.strip().startswith(bad + ":")]
        assert len(found) == 1, f"{bad} is not listed with one line of reason:\n{text}"


@pytest.mark.parametrize("bad", BAD)
@pytest.mark.parametrize("command,extra", [
    (replay_command, ["--gm"]),
    (verify_command, ["--gm"]),
    (export_command, ["--turn", "1", "--gm"]),
    (export_command, ["--gm", "--record", "/nonexistent-dir/never-written.json"]),
], ids=["replay", "verify", "export", "export-record"])
def test_replay_verify_export_refuse_in_one_clean_line(games: Path, unchanged: None, bad: str, command: Any,
                                                       extra: list[str]) -> None:
    text, code = command([bad, "--data-dir", str(games), *extra])
    assert code == 1, f"{command.__name__} {bad}: exit {code}: {text}"
    one_clean_line(text, f"{command.__name__} {bad}")


@pytest.mark.parametrize("bad", BAD)
def test_the_console_refuses_to_start_in_one_clean_line(games: Path, unchanged: None, bad: str) -> None:
    from tui.console import run
    out, err = io.StringIO(), io.StringIO()
    code = run(io.StringIO("status\n"), out, game=bad, store=GameStore(games), stderr=err)
    assert code == 2, f"console {bad}: exit {code}: {out.getvalue()} {err.getvalue()}"
    one_clean_line(err.getvalue(), f"console {bad}")


@pytest.mark.parametrize("bad", BAD)
def test_the_consoles_load_refuses_in_one_clean_line_and_keeps_its_game(games: Path, unchanged: None, bad: str,
                                                                        tmp_path: Path) -> None:
    from core.console import Console
    from tui.console import StoreKeeper
    keeper = StoreKeeper(GameStore(games))
    console = Console(keeper=keeper)
    try:
        assert console.handle(f"load {GOOD[0]}").ok
        answer = console.handle(f"load {bad}")
        assert not answer.ok
        one_clean_line(answer.error or "", f"load {bad}")
        assert console.handle("messages gm").ok and keeper.game.game_id == GOOD[0]
    finally:
        keeper.close()


@pytest.mark.parametrize("bad", BAD)
def test_play_refuses_in_one_clean_line(games: Path, unchanged: None, bad: str,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    from tui.main import main
    assert main(["play", "--data-dir", str(games), bad]) == 2
    one_clean_line(capsys.readouterr().err, f"play {bad}")


@pytest.mark.parametrize("bad", BAD + ["nul"])
def test_import_refuses_in_one_clean_line(games: Path, unchanged: None, bad: str, tmp_path: Path) -> None:
    path = "a\x00b.json" if bad == "nul" else str(games / "games" / f"{bad}.json")
    text, code = import_command([path, "--data-dir", str(tmp_path)])
    assert code == 1, f"import {bad}: exit {code}: {text}"
    one_clean_line(text, f"import {bad}")
    assert not (tmp_path / "games").exists() or not list((tmp_path / "games").glob("*.json")), "a refused file was imported"


def test_the_lobby_lists_every_good_game_and_escapes_the_rest(games: Path, unchanged: None) -> None:
    from rich.text import Text
    from tui.storage import default_saves
    entries = default_saves(games).list()
    good = {e.id for e in entries if e.problem is None}
    assert good == set(GOOD), f"the lobby's readable games: {good}"
    bad = [e for e in entries if e.problem is not None]
    assert len(bad) == len(BAD)
    for entry in bad:
        one_clean_line(entry.problem or "", f"lobby {entry.id}")
        Text.from_markup(f"[red]{entry.id}[/] {entry.problem}")  # markup from a file never breaks a screen


async def test_the_load_screen_shows_the_good_games_among_hostile_files(games: Path, unchanged: None) -> None:
    from tui.app import HolotableApp
    from tui.screens.load_game import LoadGameScreen
    from tui.storage import default_saves
    app = HolotableApp(saves=default_saves(games))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, LoadGameScreen)
        table = app.screen.query_one("DataTable")
        shown = " ".join(str(table.get_row_at(i)[0]) for i in range(table.row_count))
        assert all(game_id in shown for game_id in GOOD), shown


def test_the_server_starts_and_lists_every_good_game(games: Path, unchanged: None) -> None:
    from server.hub import GameHub
    hub = GameHub(GameStore(games))
    try:
        for game_id in GOOD:
            assert "problem" not in hub.summary(game_id), hub.summary(game_id)
        for bad in BAD:
            info = hub.summary(bad)
            one_clean_line(info.get("problem", ""), f"server {bad}")
    finally:
        hub.close()


@pytest.mark.parametrize("name", [n for n in CORPUS if n not in ("truncated", "newer", "wrongrules")])
def test_serve_refuses_a_hostile_accounts_file_in_one_line(tmp_path: Path, name: str,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    from tui.main import main
    folder = tmp_path / "server"
    folder.mkdir()
    plant(folder / "accounts.json", CORPUS[name], b"{}")
    before = fingerprint(folder / "accounts.json")
    code = main(["serve", "--data", str(tmp_path), "--port", "0", "--quiet"])
    err = capsys.readouterr().err
    assert code == 2, f"serve started over a hostile accounts.json ({name}): {err}"
    one_clean_line(err, f"serve {name}")
    assert fingerprint(folder / "accounts.json") == before


@pytest.mark.parametrize("kind", ["fifo", "directory", "symlink", "random"])
def test_a_hostile_host_key_is_refused_and_never_hangs(tmp_path: Path, kind: str) -> None:
    from server.ssh import HOST_KEY_NAME, HostKeyError, load_host_key
    path = tmp_path / HOST_KEY_NAME
    plant(path, {"random": CORPUS["random"]}.get(kind, kind), b"")
    if kind in ("fifo", "random"):
        os.chmod(path, 0o600)
    before = fingerprint(path)
    with pytest.raises(HostKeyError) as caught:
        load_host_key(path)
    one_clean_line(str(caught.value), f"host key {kind}")
    assert fingerprint(path) == before


@pytest.mark.parametrize("kind", ["fifo", "directory", "symlink", "nested"])
def test_a_hostile_turn_file_is_refused_by_every_reader_without_hanging(tmp_path: Path, kind: str) -> None:
    from tui.console import run
    store = GameStore(tmp_path)
    game = store.adopt(raw_table("turn-file"), "war1")
    game.session.resolve("gm")
    game.close()
    turn = store.paths("war1").turn_file(1)
    turn.unlink()
    plant(turn, CORPUS.get(kind, kind), b"")  # type: ignore[arg-type]
    before = fingerprint(turn)
    def hung(signum: int, frame: Any) -> None:
        raise TimeoutError("a reader hung on a turn file")

    old = signal.signal(signal.SIGALRM, hung)
    signal.alarm(10)
    try:
        for command, extra in ((replay_command, ["--gm"]), (verify_command, ["--gm"]),
                               (export_command, ["--turn", "1", "--gm"])):
            text, code = command(["war1", "--data-dir", str(tmp_path), *extra])
            assert code == 1, text
            one_clean_line(text, f"{command.__name__} with a {kind} turn file")
        err = io.StringIO()
        assert run(io.StringIO("status\n"), io.StringIO(), game="war1", store=GameStore(tmp_path), stderr=err) == 2
        one_clean_line(err.getvalue(), f"console with a {kind} turn file")
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
    assert fingerprint(turn) == before
