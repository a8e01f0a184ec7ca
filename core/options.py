"""Game options, declared once and checked before a game is set up (or opened again).

A ruleset declares each option as an :class:`OptionSpec`: its default, and what a value may be
(whole numbers within bounds, one of a fixed list, a list of names from a fixed list, or None
where the option may be off). :func:`check_options` checks what was given against the specs and
refuses with a message that names the option, what was given and the legal values. A ruleset that
declares nothing more gets specs from its defaults' types (:func:`specs_from_defaults`).

File names are never paths: an option naming a data file takes one from a fixed list.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any, Mapping, Sequence

from core.errors import SetupError

KINDS = ("bool", "int", "float", "str", "list", "groups", "table")


@dataclass(frozen=True)
class OptionSpec:
    """What one option may be.

    ``kind``: bool, int, float, str, list (of names), groups (lists of two or more names, no name in two
    groups; written ``GE+IR,NR+RA`` or as JSON) or table (names to texts). ``lo``/``hi`` bound numbers; ``choices``
    lists the legal strings (for ``str``) or the legal items (for ``list``); ``nullable``: None
    is legal too (the option is off).
    """

    default: Any
    kind: str
    lo: float | None = None
    hi: float | None = None
    choices: tuple[str, ...] | None = None
    nullable: bool = False
    help: str = ""

    def legal(self) -> str:
        """The legal values, in words: ``a whole number from 2 to 12``, ``one of ceil, floor, nearest``."""
        if self.kind == "bool":
            text = "true or false"
        elif self.kind in ("int", "float"):
            noun = "a whole number" if self.kind == "int" else "a number"
            if self.lo is not None and self.hi is not None:
                text = f"{noun} from {_num(self.lo)} to {_num(self.hi)}"
            elif self.lo is not None:
                text = f"{noun} of at least {_num(self.lo)}"
            elif self.hi is not None:
                text = f"{noun} of at most {_num(self.hi)}"
            else:
                text = noun
        elif self.kind == "str":
            text = f"one of {', '.join(self.choices)}" if self.choices else "a text"
        elif self.kind == "list":
            text = f"a list of names from {', '.join(self.choices)} (or none)" if self.choices else "a list of names"
        elif self.kind == "groups":
            text = ("groups of two or more names, each name in one group, written with + and commas such as "
                    "GE+IR,NR+RA" + (f" (names from {', '.join(self.choices)})" if self.choices else "") + " (or none)")
        else:
            text = "a table of names to texts" + (f" (names from {', '.join(self.choices)})" if self.choices else "")
        return text + (" (or none: off)" if self.nullable else "")

    def check(self, key: str, value: Any) -> Any:
        """``value`` if it is legal for option ``key``. Raises SetupError naming the option and its legal values."""
        if value is None and self.nullable:
            return None
        if self.kind == "bool":
            ok = isinstance(value, bool)
        elif self.kind == "int":
            ok = isinstance(value, int) and not isinstance(value, bool) and self._within(value)
        elif self.kind == "float":
            ok = isinstance(value, (int, float)) and not isinstance(value, bool) and value == value and self._within(value)
        elif self.kind == "str":
            ok = isinstance(value, str) and (self.choices is None or value in self.choices)
        elif self.kind == "list":
            ok = isinstance(value, list) and all(isinstance(v, str) for v in value) and len(set(value)) == len(value) \
                and (self.choices is None or all(v in self.choices for v in value))
        elif self.kind == "groups":
            groups = _groups(value)
            ok = groups is not None and (self.choices is None or all(v in self.choices for g in groups for v in g))
            if ok:
                return groups
        else:
            ok = isinstance(value, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in value.items()) \
                and (self.choices is None or all(k in self.choices for k in value))
        if not ok:
            raise SetupError(f"option {key}={_shown(value)} is not legal: {key} is {self.legal()}")
        return value

    def _within(self, value: float) -> bool:
        return (self.lo is None or value >= self.lo) and (self.hi is None or value <= self.hi)


def _groups(value: Any) -> list[list[str]] | None:
    """Groups of names from what was given: a list of lists, a list of ``A+B`` texts or one text
    ``A+B,C+D`` (empty: no groups); None when it is none of these, a group has fewer than two names
    or a name is in two groups."""
    if isinstance(value, str):
        value = [part for part in value.split(",") if part.strip()]
    if not isinstance(value, list):
        return None
    groups = [g.split("+") if isinstance(g, str) else g for g in value]
    if not all(isinstance(g, list) and all(isinstance(n, str) and n.strip() for n in g) for g in groups):
        return None
    groups = [[n.strip() for n in g] for g in groups]
    every = [n for g in groups for n in g]
    return groups if all(len(set(g)) == len(g) >= 2 for g in groups) and len(set(every)) == len(every) else None


def _num(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


def _shown(value: Any) -> str:
    try:
        text = json.dumps(value)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def spec_of_default(default: Any) -> OptionSpec:
    """The loosest spec a default allows: its own type (None: any whole number or none)."""
    if isinstance(default, bool):
        return OptionSpec(default, "bool")
    if isinstance(default, int):
        return OptionSpec(default, "int")
    if isinstance(default, float):
        return OptionSpec(default, "float")
    if isinstance(default, str):
        return OptionSpec(default, "str")
    if isinstance(default, list):
        return OptionSpec(default, "list")
    if isinstance(default, dict):
        return OptionSpec(default, "table")
    if default is None:
        return OptionSpec(default, "int", nullable=True)
    raise TypeError(f"an option's default must be a bool, number, text, list, table or None, not {type(default).__name__}")


def specs_from_defaults(defaults: Mapping[str, Any]) -> dict[str, OptionSpec]:
    """A spec for each default, by its type."""
    return {key: spec_of_default(value) for key, value in defaults.items()}


def with_help(specs: Mapping[str, OptionSpec], texts: Mapping[str, str | tuple[str, dict[str, Any]]]) -> dict[str, OptionSpec]:
    """``specs`` with each option's ``help`` (what it does) from ``texts``; a text may come with narrower
    bounds or choices (``("what it does", {"lo": 1, "hi": 9})``). Options not in ``texts`` keep their spec."""
    out: dict[str, OptionSpec] = {}
    for key, spec in specs.items():
        entry = texts.get(key)
        if entry is None:
            out[key] = spec
            continue
        text, narrower = (entry, {}) if isinstance(entry, str) else entry
        out[key] = replace(spec, help=text, **narrower)
    return out


def check_options(specs: Mapping[str, OptionSpec], given: Mapping[str, Any] | None,
                  *, unknown_ok: bool = False) -> dict[str, Any]:
    """Every option with its value: the defaults, replaced by what was ``given`` once each is checked.

    Raises SetupError for an unknown option (unless ``unknown_ok``: then it is kept as it is) or
    an illegal value, naming the option and its legal values.
    """
    merged = {key: spec.default for key, spec in specs.items()}
    for key, value in (given or {}).items():
        spec = specs.get(key)
        if spec is None:
            if unknown_ok:
                merged[key] = value
                continue
            raise SetupError(f"unknown option {key!r}; options: {', '.join(sorted(specs)) or 'none'}")
        merged[key] = spec.check(key, value)
    return merged


def names(values: Sequence[str]) -> tuple[str, ...]:
    """A sorted tuple of distinct names, for ``choices``."""
    return tuple(sorted(set(values)))
