"""The app's edge: an exception nobody caught becomes one line for the player and a log entry.

The log holds the exception's type, message and stack (file, line, function and source line of
each frame), never the values of local variables: a game's state, its dice seed and any PIN stay
out of it. It lives under the user's data directory (``<data dir>/logs/holotable.log``).
"""
from __future__ import annotations

import os
import time
import traceback
from pathlib import Path

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


def crash_report(error: BaseException) -> str:
    """The exception with its stack, without any local variable's value."""
    stack = traceback.TracebackException.from_exception(error, capture_locals=False)
    return "".join(stack.format())


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
