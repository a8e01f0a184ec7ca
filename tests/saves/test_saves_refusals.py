"""Bad files are refused with a clear message and left byte for byte; the other games still load."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable

import pytest

from core.session import Session
from saves import GameLocked, GameStore, SaveError
from saves_helpers import digest


def damage_truncate(path: Path) -> None:
    data = path.read_bytes()
    path.write_bytes(data[: len(data) * 2 // 3])


def damage_corrupt(path: Path) -> None:
    data = bytearray(path.read_bytes())
    middle = len(data) // 2
    data[middle:middle + 8] = b"\x00}{,]:\"x"
    path.write_bytes(bytes(data))


def damage_foreign(path: Path) -> None:
    path.write_text(json.dumps({"_default": {"1": {"name": "shopping list", "items": ["milk"]}}}))


def damage_newer(path: Path) -> None:
    tables = json.loads(path.read_text())
    tables["save"]["1"]["schema"] = 99
    path.write_text(json.dumps(tables))


def damage_empty(path: Path) -> None:
    path.write_bytes(b"")


DAMAGES: dict[str, tuple[Callable[[Path], None], str]] = {
    "truncated": (damage_truncate, "truncated"),
    "corrupt": (damage_corrupt, "corrupt"),
    "foreign": (damage_foreign, "not a holotable save"),
    "newer": (damage_newer, "newer holotable (save schema 99)"),
    "empty": (damage_empty, "empty"),
}


@pytest.mark.parametrize("kind", sorted(DAMAGES))
def test_a_bad_game_file_is_refused_and_left_untouched(store: GameStore, table: Callable[..., Session], kind: str) -> None:
    damage, words = DAMAGES[kind]
    good = table(seed="good")
    store.create(good, "good")
    with store.adopt(table(seed="bad"), "bad") as game:
        game.session.post("al", "public", "before the damage")
        game.session.resolve("gm")
    path = store.paths("bad").main
    damage(path)
    before = digest(path)
    for writer in (True, False):
        with pytest.raises(SaveError) as caught:
            store.open("bad", writer=writer)
        message = str(caught.value)
        assert words in message and "'bad'" in message, f"{kind}: the refusal does not say what is wrong: {message}"
        assert "Traceback" not in message
        assert digest(path) == before, f"{kind}: opening (writer={writer}) changed the refused file"
    listed = {g.id: g for g in store.list()}
    assert not listed["bad"].readable and words in (listed["bad"].problem or ""), listed["bad"]
    assert listed["good"].readable, "one bad game stopped the others from listing"
    assert store.open("good").session.record == good.record, "one bad game stopped the others from loading"
    assert digest(path) == before, f"{kind}: listing changed the refused file"


def test_a_newer_game_record_inside_a_current_save_is_refused(store: GameStore, table: Callable[..., Session]) -> None:
    store.create(table(), "future")
    path = store.paths("future").main
    tables = json.loads(path.read_text())
    tables["game"]["1"]["schema"] = 7
    path.write_text(json.dumps(tables))
    before = digest(path)
    with pytest.raises(SaveError, match="record of schema 7, newer"):
        store.open("future")
    assert digest(path) == before


def a_game_with_turn_files(store: GameStore, table: Callable[..., Session]) -> Path:
    with store.adopt(table(), "turns") as game:
        for _ in range(3):
            game.session.resolve("gm")
        return game.paths.turns


@pytest.mark.parametrize("harm, words", [
    ("missing", "missing"),
    ("swapped", "is not turn file 2"),
    ("edited", "chain hash differs"),
])
def test_a_damaged_turn_file_is_refused(store: GameStore, table: Callable[..., Session], harm: str, words: str) -> None:
    turns = a_game_with_turn_files(store, table)
    one, two = turns / "000001.json", turns / "000002.json"
    if harm == "missing":
        two.unlink()
    elif harm == "swapped":
        two.write_bytes(one.read_bytes())
    else:
        doc: dict[str, Any] = json.loads(one.read_text())
        doc["log"][next(iter(doc["log"]))]["text"] = "the GAR wins at once"
        one.write_text(json.dumps(doc))
    files = {p.name: digest(p) for p in [*turns.iterdir(), store.paths("turns").main]}
    with pytest.raises(SaveError) as caught:
        store.open("turns")
    assert words in str(caught.value), caught.value
    assert files == {p.name: digest(p) for p in [*turns.iterdir(), store.paths("turns").main]}


def test_a_second_writer_is_refused_and_the_file_untouched(store: GameStore, table: Callable[..., Session]) -> None:
    with store.adopt(table(), "held") as game:
        before = digest(game.paths.main)
        with pytest.raises(GameLocked, match=r"open for writing by pid \d+ on host .* since"):
            GameStore(store.data_dir).open("held")
        assert digest(game.paths.main) == before
