"""A ruleset's own data files, read from its package through :mod:`importlib.resources`.

This is the one way ``core`` reads anything: the files that ship inside a ruleset's package
(``core/rulesets/<id>/data/*.toml``). It opens no path a player or a host could name.
"""
from __future__ import annotations

import tomllib
from importlib.resources import files
from typing import Any


def packaged_text(package: str, *parts: str) -> str:
    """The UTF-8 text of the file ``parts`` inside ``package`` (e.g. ``("data", "map.toml")``).

    Raises FileNotFoundError if the package holds no such file (a broken install, or a name that
    is not a plain file name: a path, ``..`` or a NUL byte never leave the package).
    """
    for part in parts:
        if not part or part in (".", "..") or any(c in part for c in "/\\\x00") or part.startswith("."):
            raise FileNotFoundError(f"{part!r} is not a data file name of {package}")
    return files(package).joinpath(*parts).read_text(encoding="utf-8")


def packaged_toml(package: str, *parts: str) -> dict[str, Any]:
    """The TOML file ``parts`` inside ``package``, parsed. Raises FileNotFoundError or tomllib.TOMLDecodeError."""
    return tomllib.loads(packaged_text(package, *parts))
