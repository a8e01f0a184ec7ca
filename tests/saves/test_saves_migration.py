"""Saves of schema 1 (the plain session record in one JSON file) are migrated, with a backup."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

from saves import GameStore
from saves.history import segment
from saves.layout import SAVE_SCHEMA
from saves_helpers import FIXTURES, digest

OLD = FIXTURES / "schema1-raw.json"


def install(store: GameStore, game_id: str = "old") -> Path:
    store.games_dir.mkdir(parents=True, exist_ok=True)
    path = store.paths(game_id).main
    shutil.copyfile(OLD, path)
    return path


def test_a_schema_1_save_is_listed_and_read_without_being_changed(store: GameStore) -> None:
    path = install(store)
    [summary] = store.list()
    assert summary.readable and summary.schema == 1 and summary.turn == 3, summary
    reader = store.open("old", writer=False)
    assert reader.session.record == json.loads(OLD.read_text())
    assert digest(path) == digest(OLD), "reading an old save changed it"
    assert not store.paths("old").backup(1).exists()


def test_the_writer_migrates_a_schema_1_save_and_keeps_a_backup(store: GameStore) -> None:
    path = install(store)
    expected = json.loads(OLD.read_text())
    with store.open("old") as game:
        assert game.session.record == expected, "the migration changed the game"
        game.session.post("al", "public", "still here after the upgrade")
        game.session.gm_roll("gm", 1, 6, "morale")
        record = game.session.record
    backup = store.paths("old").backup(1)
    assert backup.exists() and digest(backup) == digest(OLD), "the backup is not the old file byte for byte"
    tables = json.loads(path.read_text())
    assert tables["save"]["1"]["schema"] == SAVE_SCHEMA and tables["save"]["1"]["format"] == "holotable-game"
    loaded = store.read("old")
    assert loaded.schema == SAVE_SCHEMA and loaded.record == record
    assert loaded.history.chunks == len(segment(expected)), "the old history was not split by turn"
    with store.open("old") as again:
        assert again.session.record == record
    assert sorted(p.name for p in store.games_dir.iterdir() if "bak" in p.name) == [backup.name], "migrated twice"


def test_a_migration_cut_short_by_a_crash_is_done_again(store: GameStore) -> None:
    path = install(store)
    paths = store.paths("old")
    shutil.copyfile(OLD, paths.backup(1))
    paths.turns.mkdir()
    (paths.turns / "000001.json").write_text('{"half": "written')
    with store.open("old") as game:
        assert game.session.record == json.loads(OLD.read_text())
    assert store.read("old").schema == SAVE_SCHEMA
    assert digest(paths.backup(1)) == digest(OLD)
    assert path.exists()
