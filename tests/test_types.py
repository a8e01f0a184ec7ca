"""The type checker over ``core/``: mypy, strict, with the configuration in pyproject.toml (``[tool.mypy]``).

Run as a test so that ``make test`` and CI run it. Its cache (``.mypy_cache``, ignored by git) makes a
run after the first one check only what changed. Twilight (``core/rulesets/tote``) is left out until its
reorganisation lands (see pyproject.toml).
"""
from __future__ import annotations

from pathlib import Path

from mypy import api

ROOT = Path(__file__).resolve().parents[1]


def test_core_type_checks_strict() -> None:
    """mypy finds nothing in core/ (strict, as configured in pyproject.toml); on failure, mypy's own messages."""
    out, err, status = api.run(["--config-file", str(ROOT / "pyproject.toml"), "--cache-dir", str(ROOT / ".mypy_cache"),
                                str(ROOT / "core")])
    assert status == 0, f"mypy over core/ (exit {status}):\n{out}{err}"
