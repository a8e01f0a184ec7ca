"""Pinned ("golden") files: the one comparison every test that pins a transcript or a report uses.

A test hands over the text it produced and the path of its pinned file. The test fails when the texts
differ (naming the file and its first differing line) and when the pinned file is missing: a golden
test never writes its own expectation. After an intended change, rewrite the pinned files explicitly
with ``pytest --update-goldens <tests>`` (or ``GOLDEN_UPDATE=1 pytest <tests>``) and read the diff.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

UPDATE_OPTION = "--update-goldens"
UPDATE_VARIABLE = "GOLDEN_UPDATE"

# Set by tests/conftest.py when pytest runs with --update-goldens.
update_requested = False


def updating() -> bool:
    """Whether this run rewrites the pinned files instead of comparing with them."""
    return update_requested or os.environ.get(UPDATE_VARIABLE) == "1"


def how_to_update(missing: bool = False) -> str:
    """The command that (re)writes the pinned files of the running test, as advice for a failure message."""
    current = os.environ.get("PYTEST_CURRENT_TEST", "")
    target = current.split(" ")[0] if current else "<the test>"
    command = f"`pytest {UPDATE_OPTION} '{target}'` (or {UPDATE_VARIABLE}=1)"
    if missing:
        return f"write it with {command} and read it"
    return f"if the change is intended, rewrite it with {command} and review the diff"


def check_golden(path: Path, got: str) -> None:
    """Compare ``got`` with the pinned file at ``path`` (UTF-8), or rewrite that file when updating.

    Fails the test (raises ``pytest.fail.Exception``) when the pinned file is missing or differs, with
    the first differing line, or the line counts when one text is a prefix of the other.
    """
    if updating():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(got, encoding="utf-8")
        return
    if not path.exists():
        pytest.fail(f"no pinned file {path}; {how_to_update(missing=True)}", pytrace=False)
    want = path.read_text(encoding="utf-8")
    if got == want:
        return
    got_lines, want_lines = got.splitlines(), want.splitlines()
    for number, (g, w) in enumerate(zip(got_lines, want_lines), 1):
        if g != w:
            pytest.fail(f"{path.name} differs first at line {number}:\n  pinned: {w}\n  now:    {g}\n{how_to_update()}",
                        pytrace=False)
    pytest.fail(f"{path.name}: pinned {len(want_lines)} lines, now {len(got_lines)} (the same up to there; line ends "
                f"or a final newline may differ); {how_to_update()}", pytrace=False)
