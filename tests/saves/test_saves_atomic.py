"""Atomic writes and the TinyDB storage built on them."""
from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

import pytest
from tinydb import TinyDB

import saves.atomic as atomic
from saves import AtomicJSONStorage, SaveError, atomic_write_text
from saves.atomic import decode_json


def test_atomic_write_replaces_the_file_whole_and_private(tmp_path: Path) -> None:
    target = tmp_path / "a.json"
    atomic_write_text(target, "first")
    atomic_write_text(target, "second, longer than the first")
    assert target.read_text() == "second, longer than the first"
    assert stat.S_IMODE(target.stat().st_mode) == 0o600, "a save holds secrets: it must be private to its owner"
    assert [p.name for p in tmp_path.iterdir()] == ["a.json"], "a temporary file was left behind"


@pytest.mark.parametrize("failing", ["write", "fsync", "replace"])
def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                              failing: str) -> None:
    target = tmp_path / "a.json"
    atomic_write_text(target, "the last good save")

    def full_disk(*args: object, **kwargs: object) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(atomic.os, failing, full_disk)
    with pytest.raises(SaveError) as caught:
        atomic_write_text(target, "a new save that does not fit")
    monkeypatch.undo()
    assert "No space left on device" in str(caught.value) and "intact" in str(caught.value), caught.value
    assert target.read_text() == "the last good save"
    assert [p.name for p in tmp_path.iterdir()] == ["a.json"], "a temporary file was left behind"


def test_tinydb_on_the_atomic_storage_round_trips(tmp_path: Path) -> None:
    path = tmp_path / "db.json"
    db = TinyDB(path, storage=AtomicJSONStorage)
    db.table("orders").insert({"text": "jump F2 Kuat"})
    db.close()
    again = TinyDB(path, storage=AtomicJSONStorage)
    assert again.table("orders").all() == [{"text": "jump F2 Kuat"}]


def test_a_batch_writes_once_and_a_failed_batch_not_at_all(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "db.json"
    writes: list[str] = []
    real = atomic.atomic_write_text
    monkeypatch.setattr(atomic, "atomic_write_text", lambda p, text, mode=0o600: (writes.append(text), real(p, text, mode)))
    db = TinyDB(path, storage=AtomicJSONStorage)
    storage = db.storage
    assert isinstance(storage, AtomicJSONStorage)
    with storage.batch():
        for i in range(5):
            db.table("log").insert({"n": i})
        db.table("game").insert({"turn": 1})
    assert len(writes) == 1, f"a batch of six inserts wrote {len(writes)} times"
    before = path.read_bytes()
    with pytest.raises(RuntimeError):
        with storage.batch():
            db.table("log").insert({"n": 99})
            raise RuntimeError("the engine failed half-way")
    assert path.read_bytes() == before and len(writes) == 1, "a batch that raised was written"
    assert len(TinyDB(path, storage=AtomicJSONStorage).table("log")) == 5


@pytest.mark.parametrize("raw, word", [
    (b"", "empty"),
    (b'{"save": {"1": {"format": "holotable-ga', "truncated"),
    (b'{"a": [1, 2, 3], "b": tr', "truncated"),
    (b'{"a": 1}{"a": 2}', "corrupt"),
    (b'{"a": 1,, "b": 2}', "corrupt"),
    (b'\xff\xfe{"a": 1}', "not UTF-8"),
])
def test_bad_json_is_named_for_what_it_is(raw: bytes, word: str) -> None:
    with pytest.raises(SaveError) as caught:
        decode_json(raw, "the file")
    assert word in str(caught.value), f"{raw!r} should be called {word}: {caught.value}"
