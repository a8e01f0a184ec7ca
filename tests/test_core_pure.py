"""``core`` does no I/O: a static read of every module under ``core/``.

No writes, no standard streams, no files, sockets, temporary files, subprocesses, asyncio, Textual
or Rich, and nothing of ``saves``, ``tui`` or ``server`` (not by import, and not by a dynamic import
in disguise). The one exception: a ruleset's own packaged data, read through
``importlib.resources`` (see :mod:`core.packaged`).
"""
from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

CORE = Path(__file__).resolve().parents[1] / "core"

#: Modules whose import means I/O, concurrency, a screen, or a layer above core.
FORBIDDEN_MODULES = {
    "os", "sys", "io", "pathlib", "shutil", "tempfile", "glob", "fnmatch", "socket", "ssl", "select", "selectors",
    "signal", "subprocess", "multiprocessing", "threading", "concurrent", "asyncio", "asyncssh", "fcntl", "mmap",
    "ctypes", "pickle", "shelve", "dbm", "sqlite3", "urllib", "http", "ftplib", "smtplib", "logging", "readline",
    "getpass", "webbrowser", "builtins", "importlib", "pkgutil", "runpy", "zipimport", "code", "pdb",
    "textual", "rich", "tinydb", "platformdirs", "saves", "tui", "server",
}
#: The one allowed import from a forbidden family.
ALLOWED_MODULES = {"importlib.resources"}
#: Calls that read, write, print, or import by name.
FORBIDDEN_CALLS = {"open", "print", "input", "exec", "eval", "compile", "__import__", "breakpoint"}
#: Names that reach the interpreter's own machinery.
FORBIDDEN_NAMES = {"__builtins__", "__loader__", "__spec__"}
#: Methods that write or change files (whatever object they are called on).
FORBIDDEN_METHODS = {"write_text", "write_bytes", "unlink", "mkdir", "rmdir", "touch", "rename", "replace_file",
                     "chmod", "symlink_to", "fsync", "makedirs"}


def core_modules() -> list[Path]:
    return sorted(CORE.rglob("*.py"))


def _forbidden(module: str) -> bool:
    if module in ALLOWED_MODULES or any(module.startswith(a + ".") for a in ALLOWED_MODULES):
        return False
    return module.split(".")[0] in FORBIDDEN_MODULES


def findings(path: Path) -> list[str]:
    """Every I/O-like construct in one module, as ``file:line: what``."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    where = path.relative_to(CORE.parent)
    found = []
    for node in ast.walk(tree):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Import):
            found += [f"{where}:{line}: import {a.name}" for a in node.names if _forbidden(a.name)]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module == "importlib":  # `from importlib import resources` only
                found += [f"{where}:{line}: from importlib import {a.name}" for a in node.names if a.name != "resources"]
            elif _forbidden(node.module):
                found.append(f"{where}:{line}: from {node.module} import ...")
        elif isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Name) and func.id in FORBIDDEN_CALLS:
                found.append(f"{where}:{line}: {func.id}(...)")
            if isinstance(func, ast.Attribute) and func.attr in FORBIDDEN_METHODS:
                found.append(f"{where}:{line}: .{func.attr}(...)")
            if isinstance(func, ast.Name) and func.id == "getattr" and node.args and \
                    isinstance(node.args[0], ast.Name) and node.args[0].id in ("sys", "os", "builtins"):
                found.append(f"{where}:{line}: getattr on {node.args[0].id}")
        elif isinstance(node, ast.Name) and node.id in FORBIDDEN_NAMES:
            found.append(f"{where}:{line}: {node.id}")
        elif isinstance(node, ast.Attribute) and node.attr in ("stdin", "stdout", "stderr"):
            found.append(f"{where}:{line}: .{node.attr}")
    return found


def test_core_does_no_io() -> None:
    """No module of core reads, writes, prints, opens sockets or imports a layer above core."""
    problems = [f for path in core_modules() for f in findings(path)]
    assert core_modules(), "no core modules found"
    assert not problems, "core must do no I/O:\n" + "\n".join(problems)


@pytest.mark.parametrize("source,what", [
    ("import os", "import os"),
    ("from saves.store import GameStore", "from saves.store"),
    ("import tui.app", "import tui.app"),
    ("with open('x') as f: pass", "open(...)"),
    ("import sys\nsys.stdout.write('x')", ".stdout"),
    ("import importlib\nimportlib.import_module('server')", "import importlib"),
    ("__import__('socket')", "__import__(...)"),
    ("from importlib import import_module", "from importlib import import_module"),
    ("x = __builtins__['open']", "__builtins__"),
    ("p.write_text('x')", ".write_text(...)"),
    ("import asyncio", "import asyncio"),
    ("from textual.app import App", "from textual.app"),
    ("import tempfile", "import tempfile"),
])
def test_the_scan_finds_each_kind_of_io(tmp_path: Path, source: str, what: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The scan itself can fail: each forbidden construct is found in a module planted for it."""
    monkeypatch.setattr(sys.modules[__name__], "CORE", tmp_path)
    module = tmp_path / "planted.py"
    module.write_text(source + "\n")
    found = findings(module)
    assert any(what in f for f in found), f"the scan missed {what!r} in {source!r}: {found}"


def test_the_scan_allows_packaged_data_through_importlib_resources(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys.modules[__name__], "CORE", tmp_path)
    module = tmp_path / "allowed.py"
    module.write_text("from importlib.resources import files\nimport importlib.resources\n"
                      "from importlib import resources\n")
    assert findings(module) == []


def test_importing_core_imports_nothing_above_it() -> None:
    """At run time too: importing every core module (and every ruleset) loads no saves, tui or server."""
    code = ("import sys, pkgutil, importlib, core\n"
            "for m in pkgutil.walk_packages(core.__path__, 'core.'):\n"
            "    importlib.import_module(m.name)\n"
            "bad = sorted(n for n in sys.modules if n.split('.')[0] in ('saves', 'tui', 'server', 'textual', 'asyncssh', 'tinydb'))\n"
            "print(','.join(bad))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                          cwd=CORE.parent)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "", f"importing core loaded: {done.stdout.strip()}"
