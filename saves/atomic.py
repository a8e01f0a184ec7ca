"""Writing files so that a crash at any moment leaves either the old file or the new one.

Every file holotable writes goes through :func:`atomic_write_bytes` (or :func:`atomic_write_text`):
the new content goes to a temporary file in the same directory, is flushed and fsynced, then
``os.replace``\\ s the old file, and the directory is fsynced so the rename itself is durable.
:class:`AtomicJSONStorage` is a TinyDB storage built on it, with a :meth:`~AtomicJSONStorage.batch`
so that several table operations cost one write.

TinyDB's own ``JSONStorage`` truncates and rewrites the file in place; a crash mid-write leaves a
torn file. Ours never writes into a file that holds a save.
"""
from __future__ import annotations

import json
import os
import secrets
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

from tinydb.storages import Storage

from saves.errors import SaveError

FILE_MODE = 0o600  # saves hold every side's secrets and the dice seed
TMP_SUFFIX = ".tmp"


def fsync_dir(directory: str | os.PathLike[str]) -> None:
    """Make a rename or a new file in ``directory`` durable. Raises OSError."""
    fd = os.open(directory, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def temp_name(path: Path) -> Path:
    """A fresh temporary name beside ``path``; it ends in ``.tmp`` so no reader mistakes it for a save."""
    return path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}{TMP_SUFFIX}")


def atomic_write_bytes(path: str | os.PathLike[str], data: bytes, mode: int = FILE_MODE) -> None:
    """Replace the file at ``path`` with ``data`` atomically and durably.

    After a crash the file holds either its old content or ``data``, never a mix. The parent
    directory must exist. Raises SaveError (naming the file and the OS reason, e.g. a full disk);
    then the old file is untouched and no temporary file is left behind.
    """
    target = Path(path)
    tmp = temp_name(target)
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
        try:
            view = memoryview(data)
            while view:
                written = os.write(fd, view)
                view = view[written:]
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, target)
        fsync_dir(target.parent)
    except OSError as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise SaveError(f"could not write {target}: {exc.strerror or exc}; the previous version of the file "
                        f"is intact; free some space or fix the permissions and try again") from exc


def atomic_write_text(path: str | os.PathLike[str], text: str, mode: int = FILE_MODE) -> None:
    """Replace the file at ``path`` with ``text`` (UTF-8) atomically and durably.

    Raises SaveError as :func:`atomic_write_bytes` does.
    """
    atomic_write_bytes(path, text.encode("utf-8"), mode)


def remove_stale_temps(directory: str | os.PathLike[str], stem: str) -> None:
    """Delete temporary files a killed writer of ``stem`` left in ``directory`` (best effort, never raises)."""
    try:
        for tmp in Path(directory).glob(f".{stem}*{TMP_SUFFIX}"):
            try:
                tmp.unlink()
            except OSError:
                pass
    except OSError:
        pass


def dumps(data: Any) -> str:
    """The JSON text holotable writes: compact, UTF-8, keys in insertion order."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), check_circular=False)


def decode_json(raw: bytes, what: str) -> Any:
    """Parse a save's bytes. Raises SaveError saying whether ``what`` is empty, truncated or corrupt."""
    if not raw.strip():
        raise SaveError(f"{what} is empty ({len(raw)} bytes): it was truncated; a holotable save is a JSON "
                        f"document; restore it from a backup")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SaveError(f"{what} is not UTF-8 text (bad byte at offset {exc.start}): it is damaged or not a "
                        f"holotable save; a save is UTF-8 JSON written by holotable") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        tail = text[exc.pos:].strip()
        at_end = (exc.pos >= len(text.rstrip()) - 1 or exc.msg.startswith("Unterminated string")
                  or (bool(tail) and any(word.startswith(tail) for word in ("true", "false", "null"))))
        if at_end and not exc.msg.startswith("Extra data"):
            raise SaveError(f"{what} is truncated: its JSON breaks off at the end of the file (after "
                            f"{len(text)} characters, in a value begun at line {exc.lineno}, column "
                            f"{exc.colno}); a complete save ends with its closing brace; restore it from a "
                            f"backup") from None
        raise SaveError(f"{what} is corrupt: not valid JSON at line {exc.lineno}, column {exc.colno} "
                        f"({exc.msg}); a holotable save is JSON written by holotable; restore it from a "
                        f"backup") from None


def read_json(path: str | os.PathLike[str], what: str | None = None) -> Any:
    """Read and parse the JSON file at ``path``. Raises SaveError if it is missing, unreadable or bad JSON."""
    label = what or str(path)
    try:
        raw = Path(path).read_bytes()
    except FileNotFoundError:
        raise SaveError(f"{label} is missing ({path})") from None
    except OSError as exc:
        raise SaveError(f"{label} could not be read: {exc.strerror or exc}") from None
    return decode_json(raw, label)


class AtomicJSONStorage(Storage):
    """A TinyDB storage that writes atomically (see :func:`atomic_write_bytes`) and caches what it wrote.

    Use it as ``TinyDB(path, storage=AtomicJSONStorage)``. Only one writer may use a file at a time
    (holotable's lock sees to that), so the cache is the file. Inside ``with storage.batch():`` any
    number of TinyDB operations cost a single write when the block ends; if the block raises,
    nothing is written and the cache is dropped.
    """

    def __init__(self, path: str | os.PathLike[str], create_dirs: bool = False, **_: Any) -> None:
        """Open ``path`` (it need not exist yet). Raises nothing until the first read or write."""
        super().__init__()
        self.path = Path(path)
        if create_dirs:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        self._data: dict[str, dict[str, Any]] | None = None
        self._depth = 0
        self._dirty = False

    def read(self) -> dict[str, dict[str, Any]] | None:
        """The database: the cached copy, or the file's content, or None if there is no file yet.

        Raises SaveError if the file is empty, truncated, corrupt or not a JSON object.
        """
        if self._data is not None:
            return self._data
        if not self.path.exists():
            return None
        data = read_json(self.path)
        if not isinstance(data, dict):
            raise SaveError(f"{self.path} holds a JSON {type(data).__name__}, not a TinyDB database (an object of tables)")
        self._data = data
        return data

    def write(self, data: dict[str, dict[str, Any]]) -> None:
        """Write the whole database (deferred to the end of a batch). Raises SaveError; then the file is unchanged."""
        self._data = data
        if self._depth:
            self._dirty = True
        else:
            self._flush()

    def _flush(self) -> None:
        data = self._data
        try:
            atomic_write_text(self.path, dumps(data))
        except SaveError:
            self._data = None
            raise
        self._dirty = False

    @contextmanager
    def batch(self) -> Iterator[None]:
        """Group writes: the file is written once when the outermost block ends without an error.

        Raises SaveError on leaving the block if the write fails.
        """
        self._depth += 1
        try:
            yield
        except BaseException:
            self._depth -= 1
            if not self._depth:
                self._data, self._dirty = None, False
            raise
        self._depth -= 1
        if not self._depth and self._dirty:
            self._flush()

    def close(self) -> None:
        """Forget the cache (there is no open file to close)."""
        self._data = None
