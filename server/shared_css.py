"""One parse of each stylesheet for every war room in the server process.

Textual parses an app's CSS (its own, each screen's and every widget's ``DEFAULT_CSS``) into rule
sets when the app starts, and again, from scratch, each time a screen with CSS of its own is
installed: with fifty apps in one process the same few dozen stylesheets were parsed hundreds of
times, and each app kept its own copy of the result. The rule sets are never changed once parsed,
so :func:`share_parsed_css` makes every stylesheet of the process take them from one cache, keyed
by the CSS, where it was read from, its scope and the variables (the theme) it was parsed with.

The hot-seat war room does not need this (one app per process); ``holotable serve`` calls it once.
"""
from __future__ import annotations

from typing import Any

from textual.cache import LRUCache
from textual.css.model import RuleSet
from textual.css.stylesheet import Stylesheet

RULES: LRUCache[tuple[Any, ...], list[RuleSet]] = LRUCache(1024)
_parse_alone = Stylesheet._parse_rules


def _variables_key(stylesheet: Stylesheet) -> tuple[tuple[str, str], ...]:
    variables = stylesheet._variables
    memo = stylesheet.__dict__.get("_holotable_variables")
    if memo is None or memo[0] is not variables:
        memo = (variables, tuple(sorted(variables.items())))
        stylesheet.__dict__["_holotable_variables"] = memo
    return memo[1]


def _parse_shared(self: Stylesheet, css: str, read_from: Any, is_default_rules: bool = False,
                  tie_breaker: int = 0, scope: str = "") -> list[RuleSet]:
    key = (css, read_from, is_default_rules, tie_breaker, scope, _variables_key(self))
    rules = RULES.get(key)
    if rules is None:
        rules = _parse_alone(self, css, read_from, is_default_rules, tie_breaker, scope)
        RULES[key] = rules
    return rules


def share_parsed_css() -> None:
    """Make every Textual stylesheet in this process share parsed rule sets (idempotent)."""
    Stylesheet._parse_rules = _parse_shared  # type: ignore[method-assign]
