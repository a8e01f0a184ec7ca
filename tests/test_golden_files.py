"""The golden-file helper (tests/golden_files.py) every pinned transcript and report goes through:
a missing or changed pinned file fails the test, and only an explicit update rewrites it."""
from __future__ import annotations

from pathlib import Path

import pytest

import golden_files
from golden_files import check_golden


@pytest.fixture
def comparing(monkeypatch: pytest.MonkeyPatch) -> None:
    """This test compares, whatever options or environment the run was started with."""
    monkeypatch.setattr(golden_files, "update_requested", False)
    monkeypatch.delenv(golden_files.UPDATE_VARIABLE, raising=False)


def test_a_missing_golden_fails_and_writes_nothing(tmp_path: Path, comparing: None) -> None:
    path = tmp_path / "golden" / "game.txt"
    with pytest.raises(pytest.fail.Exception, match=r"no pinned file .*game\.txt; write it with `pytest --update-goldens"):
        check_golden(path, "turn 1\n")
    assert not path.exists(), "a golden test must never write its own expectation"


def test_a_changed_line_fails_naming_the_line(tmp_path: Path, comparing: None) -> None:
    path = tmp_path / "game.txt"
    path.write_text("turn 1\nturn 2: al wins\n", encoding="utf-8")
    with pytest.raises(pytest.fail.Exception, match=r"game\.txt differs first at line 2:\n  pinned: turn 2: al wins\n  now:    turn 2: bo wins"):
        check_golden(path, "turn 1\nturn 2: bo wins\n")
    assert path.read_text(encoding="utf-8") == "turn 1\nturn 2: al wins\n", "a failed comparison changes nothing"


def test_a_shorter_or_longer_text_fails(tmp_path: Path, comparing: None) -> None:
    path = tmp_path / "game.txt"
    path.write_text("turn 1\nturn 2\n", encoding="utf-8")
    with pytest.raises(pytest.fail.Exception, match=r"pinned 2 lines, now 1"):
        check_golden(path, "turn 1\n")
    with pytest.raises(pytest.fail.Exception, match=r"pinned 2 lines, now 2"):
        check_golden(path, "turn 1\nturn 2")  # the final newline is part of the pinned text


def test_the_same_text_passes(tmp_path: Path, comparing: None) -> None:
    path = tmp_path / "game.txt"
    path.write_text("turn 1\n", encoding="utf-8")
    check_golden(path, "turn 1\n")


@pytest.mark.parametrize("how", ["option", "variable"])
def test_an_explicit_update_writes_the_golden(tmp_path: Path, comparing: None, monkeypatch: pytest.MonkeyPatch,
                                              how: str) -> None:
    if how == "option":
        monkeypatch.setattr(golden_files, "update_requested", True)
    else:
        monkeypatch.setenv(golden_files.UPDATE_VARIABLE, "1")
    path = tmp_path / "golden" / "game.txt"
    check_golden(path, "turn 1\n")
    assert path.read_text(encoding="utf-8") == "turn 1\n"


def test_the_option_reaches_the_helper(pytestconfig: pytest.Config) -> None:
    """``pytest --update-goldens`` is the switch tests/conftest.py hands to the helper."""
    assert golden_files.update_requested == bool(pytestconfig.getoption(golden_files.UPDATE_OPTION))
