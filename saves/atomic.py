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
import stat
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

from tinydb.storages import Storage

from core.text import printable
from saves.errors import SaveError

FILE_MODE = 0o600  # saves hold every side's secrets and the dice seed
TMP_SUFFIX = ".tmp"
MAX_FILE_BYTES = 64 * 1024 * 1024  # far above any real game (a 100-turn 12-seat game is a few MB)
MAX_DEPTH = 64                      # a game record nests about 8 deep
MAX_DIGITS = 100                    # no number in a game has more digits than this


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
    directory must exist. A symbolic link is written through: the file it points to is replaced
    and the link stays a link. Raises SaveError (naming the file and the OS reason, e.g. a full
    disk); then the old file is untouched and no temporary file is left behind.
    """
    target = Path(path)
    if target.is_symlink():
        target = Path(os.path.realpath(target))
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
    """Delete temporary files a killed writer of ``stem`` left in ``directory`` (best effort, never raises).

    A temporary file names its writer's pid; one whose writer still runs (another process writing
    now) is left alone.
    """
    try:
        for tmp in Path(directory).glob(f".{stem}*{TMP_SUFFIX}"):
            if _writer_alive(tmp.name):
                continue
            try:
                tmp.unlink()
            except OSError:
                pass
    except OSError:
        pass


def _writer_alive(name: str) -> bool:
    parts = name[:-len(TMP_SUFFIX)].split(".")
    try:
        pid = int(parts[-2])
    except (IndexError, ValueError):
        return False
    if pid == os.getpid() or pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # it exists, owned by someone else
    return True


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def read_regular(path: str | os.PathLike[str], what: str, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of the regular file at ``path`` (a symbolic link is followed), read without ever blocking.

    Raises FileNotFoundError if there is no file at all, or SaveError (one line, naming ``what``)
    for a dangling link, a directory, a FIFO, a device or a socket, a file over ``limit`` bytes, a
    path holding a NUL byte, or a read that fails. Nothing is written.
    """
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0))
    except ValueError:
        raise SaveError(f"{what}: the path holds a NUL byte; a file name never does") from None
    except FileNotFoundError:
        if os.path.lexists(path):
            raise SaveError(f"{what} is a symbolic link to a file that does not exist ({printable(os.readlink(path), 120)}); "
                            f"point it at a save or remove it") from None
        raise
    except OSError as exc:
        raise SaveError(f"{what} could not be read: {exc.strerror or exc}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise SaveError(f"{what} is {_kind(info.st_mode)}, not a regular file; a save is a regular file "
                            f"written by holotable (it was left alone)")
        if info.st_size > limit:
            raise SaveError(f"{what} is {info.st_size} bytes, more than the {limit} a holotable file may hold; "
                            f"it is not a save (it was left alone)")
        chunks, total = [], 0
        while True:
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:
                raise SaveError(f"{what} is more than the {limit} bytes a holotable file may hold; it is not a "
                                f"save (it was left alone)")
        return b"".join(chunks)
    except SaveError:
        raise
    except OSError as exc:
        raise SaveError(f"{what} could not be read: {exc.strerror or exc}") from None
    finally:
        os.close(fd)


class _Hostile(ValueError):
    """A JSON document that parses but is not one holotable would write."""


def _parse_int(text: str) -> int:
    if len(text) > MAX_DIGITS + 1:
        raise _Hostile(f"a number of {len(text.lstrip('-'))} digits (a save's numbers have at most {MAX_DIGITS})")
    return int(text)


def _parse_constant(text: str) -> float:
    raise _Hostile(f"the value {text} (not JSON)")


def _deepest(data: Any, limit: int) -> int:
    """How deep ``data`` nests, counted up to ``limit + 1`` (iteratively: never recurses)."""
    deepest = 0
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if depth > deepest:
            deepest = depth
            if deepest > limit:
                return deepest
        if isinstance(value, dict):
            stack.extend((v, depth + 1) for v in value.values() if isinstance(v, (dict, list)))
        elif isinstance(value, list):
            stack.extend((v, depth + 1) for v in value if isinstance(v, (dict, list)))
    return deepest


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
        data = json.loads(text, parse_int=_parse_int, parse_constant=_parse_constant)
    except _Hostile as exc:
        raise SaveError(f"{what} is not a holotable save: it holds {exc}") from None
    except RecursionError:
        raise SaveError(f"{what} is not a holotable save: it nests deeper than any save (at most {MAX_DEPTH} "
                        f"levels)") from None
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
    except ValueError as exc:  # anything else the decoder refuses
        raise SaveError(f"{what} is not a holotable save: {printable(str(exc), 120)}") from None
    if _deepest(data, MAX_DEPTH) > MAX_DEPTH:
        raise SaveError(f"{what} is not a holotable save: it nests deeper than any save (at most {MAX_DEPTH} "
                        f"levels)")
    return data


def read_json(path: str | os.PathLike[str], what: str | None = None) -> Any:
    """Read and parse the JSON file at ``path``. Raises SaveError if it is missing, unreadable or bad JSON."""
    label = what or printable(str(path))
    try:
        raw = read_regular(path, label)
    except FileNotFoundError:
        raise SaveError(f"{label} is missing ({printable(str(path))})") from None
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
        if not os.path.lexists(self.path):
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
