"""Helpers for the server tests: a real server on 127.0.0.1 port 0 with keys made for the test, real
asyncssh clients (commands, and pty sessions read through a small terminal emulator), and the
OpenSSH ``ssh`` client (commands, and full-screen sessions driven in tmux).
"""
from __future__ import annotations

import asyncio
import os
import re
import shlex
import shutil
import subprocess
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from collections.abc import Callable
from typing import Any

import asyncssh

from core.session import Session
from server.ssh import HolotableServer, Limits, ServerOptions
from server_screen import Screen

CODE = re.compile(r"[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}")
FOUR_SEATS = [("al", "GAR"), ("bo", "CIS"), ("cy", "GAR", True), ("di", "CIS", True)]
PLAYERS = {"ann": "al", "bob": "bo"}


async def eventually(check: Callable[[], bool], what: str, timeout: float = 10.0) -> None:
    """Wait (polling every 10 ms) until ``check()`` holds: the positive event a test waits for before it
    asserts, instead of sleeping and hoping the server has acted.

    Raises AssertionError saying ``what`` did not happen within ``timeout`` seconds.
    """
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what}: not seen within {timeout}s")
        await asyncio.sleep(0.01)


def fast_limits(**changes: Any) -> Limits:
    """Limits for tests: the defaults, with ``changes``."""
    limits = Limits(login_timeout=10.0, keepalive_interval=0.0, tick_interval=3600.0)
    for key, value in changes.items():
        setattr(limits, key, value)
    return limits


@dataclass
class Table:
    """A running server with a game, the GM account ``gm`` and player accounts, each with a key."""

    server: HolotableServer
    data_dir: Path
    game_id: str
    keys: dict[str, asyncssh.SSHKey] = field(default_factory=dict)

    @property
    def port(self) -> int:
        return self.server.port

    @property
    def session(self) -> Session:
        return self.server.hub.game(self.game_id).session

    def key(self, name: str) -> asyncssh.SSHKey:
        """The key of ``name`` (made on first use)."""
        if name not in self.keys:
            self.keys[name] = asyncssh.generate_private_key("ssh-ed25519")
        return self.keys[name]

    async def connect(self, name: str, *, key: asyncssh.SSHKey | None | bool = True, code: str | None = None,
                      password: str | None = None, **options: Any) -> asyncssh.SSHClientConnection:
        """A connection as ``name``: with its key (``key=False``: none), answering a keyboard-
        interactive prompt with ``code``, or sending ``password``. Raises asyncssh errors."""
        keys = [] if key is False else [self.key(name) if key is True else key]
        settings: dict[str, Any] = dict(username=name, client_keys=keys, known_hosts=None, agent_path=None,
                                        config=None, connect_timeout=10)
        if code is not None:
            settings["client_factory"] = lambda: CodeClient(code)
            settings["preferred_auth"] = "publickey,keyboard-interactive"
        elif password is not None:
            settings["password"] = password
            settings["preferred_auth"] = "publickey,password"
        else:
            settings["preferred_auth"] = "publickey"
        settings.update(options)
        return await asyncssh.connect("127.0.0.1", self.port, **settings)

    async def run(self, name: str, command: str, input: str | None = None) -> asyncssh.SSHCompletedProcess:
        """Run one command as ``name`` (with its key) and return its output and exit status."""
        async with await self.connect(name) as conn:
            return await conn.run(command, input=input)


class CodeClient(asyncssh.SSHClient):
    """A client answering every keyboard-interactive prompt with one code."""

    def __init__(self, code: str) -> None:
        self.code = code
        self.asked = 0

    def kbdint_auth_requested(self) -> str:
        return ""

    def kbdint_challenge_received(self, name: str, instructions: str, lang: str, prompts: Any) -> list[str] | None:
        self.asked += 1
        if self.asked > 1:
            return None  # answer once, as a person would, then give up
        return [self.code for _ in prompts]


async def start_table(data_dir: Path, seats: list[Any] | None = None, limits: Limits | None = None,
                      passwords: bool = False, players: dict[str, str] | None = None) -> Table:
    """A server with a Republic at War game (``seats``, min_players 2), a GM ``gm`` with a key, and
    player accounts (name -> seat) with keys; listening on 127.0.0.1, port 0."""
    options = ServerOptions(data_dir, "127.0.0.1", 0, passwords=passwords, limits=limits or fast_limits())
    server = HolotableServer(options)
    table = Table(server, data_dir, "")
    accounts = server.accounts
    accounts.create("gm", "gm")
    accounts.add_key("gm", table.key("gm").export_public_key("openssh").decode())
    session = Session.new("raw", seats or FOUR_SEATS, options={"min_players": 2}, seed="server-tests")
    table.game_id = server.hub.adopt(session, "war-1").game_id
    for name, seat in (players if players is not None else PLAYERS).items():
        accounts.create(name)
        accounts.add_key(name, table.key(name).export_public_key("openssh").decode())
        accounts.grant_seat(name, table.game_id, seat)
    await server.start()
    return table


# -- pty sessions over asyncssh ------------------------------------------------------------------------
class ScreenSession(asyncssh.SSHClientSession):  # type: ignore[type-arg]
    """A client pty session whose output goes into a :class:`Screen`."""

    def __init__(self, screen: Screen) -> None:
        self.screen = screen
        self.changed = asyncio.Event()
        self.closed = asyncio.Event()
        self.exit_status: int | None = None

    def data_received(self, data: bytes, datatype: Any) -> None:
        self.screen.feed(data)
        self.changed.set()

    def exit_status_received(self, status: int) -> None:
        self.exit_status = status

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed.set()
        self.changed.set()


class Terminal:
    """A player at a pty over asyncssh: what their screen shows, and their keys."""

    def __init__(self, conn: asyncssh.SSHClientConnection, chan: Any, session: ScreenSession) -> None:
        self.conn = conn
        self.chan = chan
        self.session = session

    @property
    def screen(self) -> Screen:
        return self.session.screen

    def text(self) -> str:
        """The screen as text."""
        return self.screen.text()

    async def wait_for(self, pattern: str, timeout: float = 10.0) -> str:
        """Wait (woken by each output) until the screen matches ``pattern``; returns the screen.

        Raises AssertionError showing the screen if it does not match in time.
        """
        regex = re.compile(pattern)
        deadline = time.monotonic() + timeout
        while True:
            text = self.text()
            if regex.search(text):
                return text
            left = deadline - time.monotonic()
            if left <= 0 or self.session.closed.is_set():
                raise AssertionError(f"the screen did not show {pattern!r} within {timeout}s; it showed:\n{text}")
            self.session.changed.clear()
            try:
                await asyncio.wait_for(self.session.changed.wait(), min(left, 0.5))
            except asyncio.TimeoutError:
                pass

    async def settle(self, quiet: float = 0.3, timeout: float = 5.0) -> None:
        """Wait until no output has come for ``quiet`` seconds."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self.session.changed.clear()
            try:
                await asyncio.wait_for(self.session.changed.wait(), quiet)
            except asyncio.TimeoutError:
                return

    def type(self, text: str) -> None:
        """Type ``text`` (``\\r`` is Enter)."""
        self.chan.write(text.encode())

    def resize(self, width: int, height: int) -> None:
        """Change the window size."""
        self.screen.resize(width, height)
        self.chan.change_terminal_size(width, height)

    async def close(self) -> None:
        self.conn.close()
        await self.conn.wait_closed()


async def open_terminal(table: Table, name: str, width: int = 120, height: int = 40,
                        term_type: str = "xterm-256color", conn: asyncssh.SSHClientConnection | None = None,
                        window: int = 2 * 1024 * 1024) -> Terminal:
    """Log ``name`` in with a pty of ``width`` x ``height`` (``window``: the client's receive window)."""
    conn = conn or await table.connect(name)
    screen = Screen(min(width, 400), min(height, 150))
    chan, session = await conn.create_session(lambda: ScreenSession(screen), term_type=term_type,
                                              term_size=(width, height), encoding=None, window=window)
    return Terminal(conn, chan, session)


# -- the OpenSSH client ---------------------------------------------------------------------------------
def have_openssh() -> bool:
    """Whether ``ssh`` and ``tmux`` are installed."""
    return shutil.which("ssh") is not None and shutil.which("tmux") is not None


def openssh_files(table: Table, name: str, folder: Path) -> list[str]:
    """Write ``name``'s private key and a known_hosts with the server's key; returns the ``ssh`` options."""
    folder.mkdir(parents=True, exist_ok=True)
    key_path = folder / f"{name}_key"
    key_path.write_bytes(table.key(name).export_private_key("openssh"))
    os.chmod(key_path, 0o600)
    assert table.server.host_key is not None
    known = folder / "known_hosts"
    known.write_text(f"[127.0.0.1]:{table.port} " + table.server.host_key.export_public_key("openssh").decode())
    return ["-F", "/dev/null", "-p", str(table.port), "-i", str(key_path), "-o", "IdentitiesOnly=yes",
            "-o", f"UserKnownHostsFile={known}", "-o", "StrictHostKeyChecking=yes", "-o", "IdentityAgent=none",
            "-o", "PreferredAuthentications=publickey,keyboard-interactive", "-o", "LogLevel=ERROR",
            "-o", "ConnectTimeout=10"]


async def openssh_run(table: Table, name: str, folder: Path, command: str, stdin: bytes | None = None,
                      batch: bool = True) -> tuple[int, str, str]:
    """``ssh name@127.0.0.1 command`` with the OpenSSH client; returns (status, stdout, stderr)."""
    options = openssh_files(table, name, folder)
    if batch:
        options += ["-o", "BatchMode=yes"]
    process = await asyncio.create_subprocess_exec(
        "ssh", *options, "-T", f"{name}@127.0.0.1", command, stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    out, err = await asyncio.wait_for(process.communicate(stdin), 30)
    return process.returncode or 0, out.decode(), err.decode()


class Tmux:
    """The OpenSSH client in a detached tmux window of its own server socket."""

    def __init__(self, width: int = 120, height: int = 40) -> None:
        self.socket = f"holotable-test-{os.getpid()}-{uuid.uuid4().hex[:6]}"
        self.name = "play"
        self.width = width
        self.height = height

    def _tmux(self, *args: str) -> str:
        return subprocess.run(["tmux", "-L", self.socket, *args], check=False, capture_output=True, text=True,
                              timeout=10).stdout

    def start(self, command: list[str]) -> None:
        self._tmux("new-session", "-d", "-s", self.name, "-x", str(self.width), "-y", str(self.height),
                   "-e", "TERM=xterm-256color", " ".join(shlex.quote(c) for c in command))
        self._tmux("set-option", "-t", self.name, "remain-on-exit", "on")

    def text(self) -> str:
        return self._tmux("capture-pane", "-p", "-t", self.name)

    def type(self, text: str) -> None:
        self._tmux("send-keys", "-t", self.name, "-l", text)

    def keys(self, *keys: str) -> None:
        self._tmux("send-keys", "-t", self.name, *keys)

    async def wait_for(self, pattern: str, timeout: float = 15.0) -> str:
        """Wait until the pane matches ``pattern`` (tmux offers no event to wait on: it is polled)."""
        regex = re.compile(pattern)
        deadline = time.monotonic() + timeout
        while True:
            text = self.text()
            if regex.search(text):
                return text
            if time.monotonic() > deadline:
                raise AssertionError(f"the tmux pane did not show {pattern!r} within {timeout}s; it showed:\n{text}")
            await asyncio.sleep(0.1)

    def stop(self) -> None:
        self._tmux("kill-server")
        folder = Path(os.environ.get("TMUX_TMPDIR", "/tmp")) / f"tmux-{os.getuid()}"
        try:
            (folder / self.socket).unlink()
        except OSError:
            pass
