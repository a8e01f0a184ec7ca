"""The type checker over ``core/``: mypy, strict, with the configuration in pyproject.toml (``[tool.mypy]``).

Run as a test so that ``make test`` and CI run it. Its cache (``.mypy_cache``, ignored by git) makes a
run after the first one check only what changed. Every ``type: ignore`` left in core/ names its error code
and says why (issue 24).
"""
from __future__ import annotations

import re
from pathlib import Path

from mypy import api

ROOT = Path(__file__).resolve().parents[1]


def test_core_type_checks_strict() -> None:
    """mypy finds nothing in core/ (strict, as configured in pyproject.toml); on failure, mypy's own messages."""
    out, err, status = api.run(["--config-file", str(ROOT / "pyproject.toml"), "--cache-dir", str(ROOT / ".mypy_cache"),
                                str(ROOT / "core")])
    assert status == 0, f"mypy over core/ (exit {status}):\n{out}{err}"


def test_every_type_ignore_names_its_code_and_reason() -> None:
    """Each ``# type: ignore`` in core/ (Twilight's included) is ``# type: ignore[code]  # why`` (issue 24)."""
    bare = [f"{p.relative_to(ROOT)}:{n}: {line.strip()}"
            for p in sorted((ROOT / "core").rglob("*.py"))
            for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
            if "type: ignore" in line and not re.search(r"# type: ignore\[[a-z, -]+\]  # \S", line)]
    assert not bare, "type: ignore without its error code and a reason:\n" + "\n".join(bare)
