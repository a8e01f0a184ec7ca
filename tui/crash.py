"""The app's edge: an exception nobody caught becomes one line for the player and a log entry.

The log holds the exception's type and stack (file, line, function and source line of each frame),
never the values of local variables, and never an exception's message unless it is one of our own
errors (:class:`core.errors.HolotableError`, whose messages are written for players and shown to
them anyway): a message such as ``KeyError: 'Dantooine'`` or ``ValueError: bad PIN 4711`` can
quote the game's state, a hidden base or a secret, so it is left out and only its length kept. The
same holds for chained exceptions and notes. It lives under the user's data directory
(``<data dir>/logs/holotable.log``); :class:`SafeFormatter` gives the server's log the same rule.
"""
from __future__ import annotations

import logging
import os
import time
import traceback
from pathlib import Path
from typing import Any

from core.errors import HolotableError

CRASH_LINE = "holotable: internal error, the game is saved and unchanged; details in {log}"
LOG_NAME = "holotable.log"
DATA_DIR_ENV = "HOLOTABLE_DATA_DIR"
KEEP_BYTES = 1_000_000  # the log is cut back to its last entries beyond this


def log_path(data_dir: str | os.PathLike[str] | None = None) -> Path:
    """Where crash details go: ``<data dir>/logs/holotable.log``."""
    if data_dir is not None:
        base = Path(data_dir)
    elif os.environ.get(DATA_DIR_ENV):
        base = Path(os.environ[DATA_DIR_ENV])
    else:
        import platformdirs
        base = Path(platformdirs.user_data_dir("holotable"))
    return base / "logs" / LOG_NAME


def message_is_safe(error: BaseException) -> bool:
    """Whether ``error``'s message may be logged: only our own errors, written for players."""
    return isinstance(error, HolotableError)


def _headline(error: BaseException) -> str:
    kind = type(error)
    name = kind.__qualname__ if kind.__module__ in ("builtins", "__main__") else f"{kind.__module__}.{kind.__qualname__}"
    if message_is_safe(error):
        text = str(error)
        return f"{name}: {text}" if text else name
    size = len(str(error)) if _str_ok(error) else 0
    return f"{name} (message left out, {size} characters: it may quote the game's state)" if size else name


def _str_ok(error: BaseException) -> bool:
    try:
        str(error)
    except Exception:  # noqa: BLE001 - a broken __str__ must not break the report
        return False
    return True


def _one(error: BaseException, indent: str, seen: set[int]) -> list[str]:
    lines: list[str] = []
    seen.add(id(error))
    cause, context = error.__cause__, error.__context__
    if cause is not None and id(cause) not in seen:
        lines += _one(cause, indent, seen)
        lines.append(f"\n{indent}The above exception was the direct cause of the following exception:\n\n")
    elif context is not None and not error.__suppress_context__ and id(context) not in seen:
        lines += _one(context, indent, seen)
        lines.append(f"\n{indent}During handling of the above exception, another exception occurred:\n\n")
    frames = traceback.extract_tb(error.__traceback__)
    if frames:
        lines.append(f"{indent}Traceback (most recent call last):\n")
        for frame in frames:
            lines.append(f'{indent}  File "{frame.filename}", line {frame.lineno}, in {frame.name}\n')
            if frame.line:
                lines.append(f"{indent}    {frame.line.strip()}\n")
    lines.append(f"{indent}{_headline(error)}\n")
    notes = getattr(error, "__notes__", None)
    if notes and message_is_safe(error):
        lines += [f"{indent}{note}\n" for note in notes if isinstance(note, str)]
    elif notes:
        lines.append(f"{indent}({len(notes)} note(s) left out)\n")
    for n, inner in enumerate(getattr(error, "exceptions", None) or [], 1):
        if isinstance(inner, BaseException) and id(inner) not in seen:
            lines.append(f"{indent}+-- {n} --\n")
            lines += _one(inner, indent + "  | ", seen)
    return lines


def crash_report(error: BaseException) -> str:
    """The exception with its stack (file, line, function, source line), the chain of exceptions
    that led to it and the parts of a group; never a local variable's value, and no message except
    our own errors' (see :func:`message_is_safe`). Raises nothing."""
    try:
        return "".join(_one(error, "", set()))
    except Exception:  # noqa: BLE001 - the report never raises
        return f"{type(error).__name__} (no stack could be read)\n"


class SafeFormatter(logging.Formatter):
    """A log formatter whose exceptions are written by :func:`crash_report` (no messages that may quote state)."""

    def formatException(self, ei: Any) -> str:  # noqa: N802 - logging's name
        """The exception of a log record, as :func:`crash_report` writes it."""
        error = ei[1] if ei and len(ei) > 1 else None
        if not isinstance(error, BaseException):
            return ""
        return crash_report(error).rstrip("\n")


def write_crash_log(error: BaseException, data_dir: str | os.PathLike[str] | None = None) -> Path | None:
    """Append ``error`` to the crash log; the log's path, or None if it could not be written (never raises)."""
    try:
        path = log_path(data_dir)
        path.parent.mkdir(parents=True, exist_ok=True)
        entry = f"--- {time.strftime('%Y-%m-%d %H:%M:%S %z')} pid {os.getpid()}\n{crash_report(error)}\n"
        if path.exists() and path.stat().st_size > KEEP_BYTES:
            tail = path.read_bytes()[-KEEP_BYTES // 2:]
            path.write_bytes(tail)
        with open(path, "a", encoding="utf-8") as log:
            log.write(entry)
        return path
    except Exception:  # noqa: BLE001 - the edge never raises
        return None
