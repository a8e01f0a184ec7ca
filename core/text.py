"""Text typed by players and text read from files, made safe to show: pure functions, no I/O.

A control character (C0, DEL, C1, and the bidirectional overrides) in what a player types could
move the cursor, clear a screen or retitle a terminal when another seat's screen shows it, so the
console refuses such lines and every edge escapes what it shows with :func:`printable`.
"""
from __future__ import annotations

import re

#: Characters that act on a terminal instead of being drawn (tab is allowed in input, shown as a space).
CONTROL = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


def first_control(text: str) -> int | None:
    """The index of the first control character in ``text`` (tab excepted), or None if there is none."""
    found = CONTROL.search(text)
    return None if found is None else found.start()


def describe_char(char: str) -> str:
    """``U+001B`` for one character."""
    return f"U+{ord(char):04X}"


def printable(text: str, limit: int | None = None) -> str:
    """``text`` with every control character written as ``\\x1b``/``\\u202e`` (a backslash escape), and
    tabs as spaces; cut to ``limit`` characters (with ``...``) when given. Never raises."""
    out = CONTROL.sub(lambda m: m.group().encode("unicode_escape", "backslashreplace").decode("ascii")
                      if not 0xD800 <= ord(m.group()) <= 0xDFFF else f"\\u{ord(m.group()):04x}",
                      str(text).replace("\t", " "))
    if limit is not None and len(out) > limit:
        return out[:limit] + "..."
    return out
