"""The subcommands saves, replay, verify and export, as functions of their arguments."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Callable

import pytest

from bot_games import play_out
from core.session import Session
from saves import GameStore
from saves.cli_commands import export_command, replay_command, saves_command, verify_command
from saves_helpers import bot_seats, digest


@pytest.fixture
def games(store: GameStore, table: Callable[..., Session]) -> GameStore:
    """A running game 'campaign' (two humans), a finished all-bot game 'done', an unreadable 'torn'."""
    with store.adopt(table(seed="cli"), "campaign") as game:
        session = game.session
        session.post("al", "public", "For the Republic!")
        session.post("bo", "team:CIS", "CIS-ONLY plan: strike Kamino")
        session.resolve("gm")
    done = Session.new("raw", bot_seats("raw"), options={"turn_limit": 3}, seed="cli-done")
    play_out(done, 10)
    assert done.outcome() is not None, "the all-bot game with a turn limit of 3 should be over"
    store.create(done, "done")
    store.paths("torn").main.write_text('{"save": {"1": {"format": "holotable-game", "sch')
    return store


def run(command: Callable[..., tuple[str, int]], store: GameStore, *args: str) -> tuple[str, int]:
    return command([*args, "--data-dir", str(store.data_dir)])


def test_saves_lists_games_with_rules_turn_seats_and_activity(games: GameStore) -> None:
    text, code = run(saves_command, games)
    assert code == 0
    lines = text.splitlines()
    assert lines[0].split() == ["GAME", "RULES", "TURN", "LAST", "ACTIVITY", "SEATS"]
    campaign = next(line for line in lines if line.startswith("campaign "))
    assert "Republic at War" in campaign and " 2 " in campaign and "al (GAR)" in campaign, campaign
    assert "(over)" in next(line for line in lines if line.startswith("done "))
    assert "UNREADABLE" in next(line for line in lines if line.startswith("torn "))
    assert "torn: game 'torn'" in text and "truncated" in text
    empty, code = saves_command(["--data-dir", str(games.data_dir / "nowhere")])
    assert code == 0 and "No saved games" in empty


def test_replay_needs_a_viewer_and_shows_only_theirs(games: GameStore) -> None:
    text, code = run(replay_command, games, "campaign")
    assert code == 2 and "--as SEAT" in text
    text, code = run(replay_command, games, "campaign", "--as", "al")
    assert code == 0 and "== Turn 1 report, for al (GAR) ==" in text and "For the Republic!" in text
    assert "CIS-ONLY" not in text, "al's replay shows the CIS team thread"
    text, code = run(replay_command, games, "campaign", "--as", "bo", "--turn", "1")
    assert code == 0 and "CIS-ONLY" in text and "== Turn 1 report, for bo (CIS) ==" in text and "Turn 2 report" not in text
    text, code = run(replay_command, games, "campaign", "--gm")
    assert code == 0 and "as the GM" in text
    text, code = run(replay_command, games, "campaign", "--as", "zz")
    assert code == 1 and "'zz' has no seat" in text
    text, code = run(replay_command, games, "torn", "--gm")
    assert code == 1 and "truncated" in text


def test_verify_refuses_a_running_game_except_for_the_gm(games: GameStore) -> None:
    seed = games.read("campaign").record["seed"]
    text, code = run(verify_command, games, "campaign")
    assert code == 1 and "still running" in text and seed not in text
    text, code = run(verify_command, games, "campaign", "--gm")
    assert code == 0 and text.startswith("OK")
    text, code = run(verify_command, games, "done")
    assert code == 0 and text.startswith("OK") and "'cli-done'" in text


def test_verify_reports_the_first_mismatch_of_an_edited_game(games: GameStore) -> None:
    path = games.paths("done").main
    tables = json.loads(path.read_text())
    tables["game"]["1"]["state"]["dice"]["n"] += 1
    path.write_text(json.dumps(tables))
    before = digest(path)
    text, code = run(verify_command, games, "done")
    assert code == 1 and text.startswith("MISMATCH") and "state.dice.n" in text, text
    assert digest(path) == before, "verify wrote to the game"


@pytest.mark.parametrize("fmt, mark", [("markdown", "## "), ("bbcode", "[size=150][b]")])
def test_export_writes_a_filtered_turn_report(games: GameStore, fmt: str, mark: str) -> None:
    text, code = run(export_command, games, "campaign", "--turn", "1", "--as", "al", "--format", fmt)
    assert code == 0 and text.startswith(mark) and "turn 1 report" in text and "al (GAR)" in text
    assert "CIS-ONLY" not in text
    text, code = run(export_command, games, "campaign", "--turn", "1", "--as", "bo", "--format", fmt)
    assert code == 0 and "CIS-ONLY" not in text, "a seat's forum post leaves out its team's plans unless asked"
    text, code = run(export_command, games, "campaign", "--turn", "1", "--as", "bo", "--format", fmt, "--plans")
    assert code == 0 and "CIS-ONLY" in text, "with --plans bo's post holds the team thread"


def test_export_refusals(games: GameStore) -> None:
    text, code = run(export_command, games, "campaign", "--turn", "1")
    assert code == 2 and "--as SEAT" in text
    text, code = run(export_command, games, "campaign", "--as", "al")
    assert code == 2 and "--turn" in text
    text, code = run(export_command, games, "campaign", "--turn", "1", "--as", "al", "--format", "html")
    assert code == 2 and "invalid choice" in text
    text, code = run(export_command, games, "campaign", "--turn", "9", "--as", "al")
    assert code == 1 and "has no turn 9" in text
    text, code = run(export_command, games, "nope", "--turn", "1", "--gm")
    assert code == 1 and "no saved game 'nope'" in text


def test_replay_and_export_at_the_shell_ask_for_the_seats_pin_and_the_gm_passphrase(
        store: GameStore, table: Callable[..., Session], monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 11, the one rule at a shared terminal: `holotable replay/export --as al` needs al's PIN
    when al set one, and `--gm` needs the game's GM passphrase; a wrong or missing one is refused in
    one line and shows nothing of the game."""
    session = table(seed="cli-pins")
    session.set_pin("al", "al", "4321")
    session.set_gm_passphrase("deep blue")
    session.post("al", "team:GAR", "GAR-ONLY plan")
    session.resolve("gm")
    store.create(session, "pinned")
    monkeypatch.delenv("HOLOTABLE_PIN", raising=False)
    monkeypatch.delenv("HOLOTABLE_GM_PASSPHRASE", raising=False)
    for command, extra in ((replay_command, []), (export_command, ["--turn", "1"])):
        text, code = run(command, store, "pinned", "--as", "al", *extra)
        assert code == 1 and "needs al's PIN" in text and "GAR-ONLY" not in text, text
        text, code = run(command, store, "pinned", "--gm", *extra)
        assert code == 1 and "GM passphrase" in text, text
    monkeypatch.setenv("HOLOTABLE_PIN", "0000")
    text, code = run(replay_command, store, "pinned", "--as", "al")
    assert code == 1 and "needs al's PIN" in text
    monkeypatch.setenv("HOLOTABLE_PIN", "4321")
    text, code = run(replay_command, store, "pinned", "--as", "al")
    assert code == 0, text
    monkeypatch.setenv("HOLOTABLE_GM_PASSPHRASE", "deep blue")
    text, code = run(replay_command, store, "pinned", "--gm")
    assert code == 0, text
    text, code = run(replay_command, store, "pinned", "--as", "bo")
    assert code == 0, "a seat without a PIN needs none"
