"""The asyncssh server: host key, authentication, limits, and one session per channel.

Who gets in:
- an account's registered public key; or
- on the first login, an invite code (keyboard-interactive or password prompt) together with a
  public key *proved* in the same connection (the client signed with it): the key is registered
  and the code is used up. With passwords allowed by the host (``passwords=True``), an account
  password also works, and an invite without a key asks the player to choose one.

Unknown users, wrong keys, wrong, used or expired codes are refused alike: nothing tells which part
was wrong. Every unregistered key is answered "acceptable" to its probe, so that the client proves
it holds it; the signed attempt then fails all the same unless an invite follows.

Limits: failed logins per address (a :class:`~server.accounts.RateLimiter`), connections before
login per address and in all, connections per account, sessions per connection, an idle timeout
(no input from the client), the login timeout, a bounded standard input for commands, and a
bounded output buffer per channel (see :mod:`server.bridge`). No shell, no port, agent or X11
forwarding, no SFTP or SCP, no subsystems: a session runs the war room (with a pty), one command
of the line console's language (``ssh host view --json``), or a line console (no pty, no command).
"""
from __future__ import annotations

import asyncio
import logging
import os
import stat
import sys
import time
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

import asyncssh

from core.console import Answer
from saves import GameStore
from saves.atomic import atomic_write_bytes
from server.accounts import Accounts, RateLimiter, hash_password, key_fingerprint, normalize_key
from server.commands import AccountConsole, clean, parse_options
from server.hub import GameHub

log = logging.getLogger("holotable.server")

HOST_KEY_NAME = "host_ed25519_key"
MAX_PROVEN_KEYS = 8


class HostKeyError(Exception):
    """The host key file cannot be used (its mode lets others read it, or it is not a key)."""


@dataclass
class Limits:
    """The server's limits (each a plain number; tests make them small)."""

    max_failures: int = 10
    failure_window: float = 300.0
    max_connections: int = 200
    max_unauthenticated_per_address: int = 10
    max_auth_tries: int = 6
    max_connections_per_account: int = 4
    max_sessions_per_connection: int = 3
    idle_timeout: float = 3600.0
    login_timeout: float = 30.0
    keepalive_interval: float = 30.0
    max_stdin: int = 1024 * 1024
    max_command: int = 4096
    high_water: int = 256 * 1024
    commands_per_second: float = 20.0
    command_burst: float = 200.0
    tick_interval: float = 30.0


@dataclass
class ServerOptions:
    """Where and how the server runs."""

    data_dir: Path
    host: str = "127.0.0.1"
    port: int = 2222
    passwords: bool = False
    gm_name: str = "gm"
    limits: Limits = field(default_factory=Limits)


# -- the host key -----------------------------------------------------------------------------------
def load_host_key(path: Path) -> tuple[asyncssh.SSHKey, bool]:
    """The server's host key at ``path``, made (ed25519, mode 0600) if there is none.

    Returns (the key, whether it was made now). Raises HostKeyError if the file is readable by
    others or is not a private key.
    """
    if path.exists():
        mode = stat.S_IMODE(path.stat().st_mode)
        if mode & 0o077:
            raise HostKeyError(f"the host key {path} is readable by others (mode {mode:o}); run: chmod 600 {path}")
        try:
            return asyncssh.read_private_key(str(path)), False
        except (asyncssh.KeyImportError, OSError, ValueError) as exc:
            raise HostKeyError(f"the host key {path} cannot be read ({exc}); move it away and a new one is made") from None
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    key = asyncssh.generate_private_key("ssh-ed25519")
    atomic_write_bytes(path, key.export_private_key("openssh"), mode=0o600)
    return key, True


class CommandGate:
    """At most ``rate`` commands a second for one session, after a burst of ``burst``: a script
    pouring in commands waits its turn and every command lets the other sessions run."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self._tokens = burst
        self._refilled = time.monotonic()

    async def wait(self) -> None:
        """Return when the next command may run."""
        now = time.monotonic()
        self._tokens = min(self.burst, self._tokens + (now - self._refilled) * self.rate)
        self._refilled = now
        if self._tokens < 1:
            await asyncio.sleep((1 - self._tokens) / self.rate)
            self._tokens = 1.0
            self._refilled = time.monotonic()
        self._tokens -= 1
        await asyncio.sleep(0)


# -- one connection ----------------------------------------------------------------------------------
class Connection(asyncssh.SSHServer):
    """One client connection: its authentication, its sessions, its idle timer."""

    def __init__(self, server: "HolotableServer") -> None:
        self.server = server
        self.conn: asyncssh.SSHServerConnection | None = None
        self.address = "?"
        self.username = ""
        self.account: str | None = None
        self.method = ""
        self.proven_keys: list[str] = []
        self.sessions: set["SeatSession"] = set()
        self.over_limit = False
        self.last_input = time.monotonic()
        self._counted_unauth = False
        self._in_key_check = False
        self._unregistered_key: str | None = None
        self._key_failures = 0
        self._failures = 0
        self._kbd_stage = "code"
        self._kbd_code = ""
        self._idle: asyncio.TimerHandle | None = None
        self._closing = False

    # -- connecting -------------------------------------------------------------------------------
    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername")
        self.address = str(peer[0]) if peer else "?"
        server = self.server
        server.connections.add(self)
        unauth = server.unauthenticated.get(self.address, 0)
        if (len(server.connections) > server.limits.max_connections
                or unauth >= server.limits.max_unauthenticated_per_address):
            log.warning("refused a connection from %s: too many connections", self.address)
            self._close(asyncssh.DISC_TOO_MANY_CONNECTIONS, "too many connections")
            return
        if server.limiter.blocked(self.address):
            log.warning("refused a connection from %s: too many failed logins", self.address)
            self._close(asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE, "too many failed logins; try later")
            return
        server.unauthenticated[self.address] = unauth + 1
        self._counted_unauth = True
        original = conn.validate_public_key

        async def validate_public_key(username: str, key_data: bytes, msg: bytes, signature: bytes) -> bool:
            # Learn whether asyncssh verified the signature of a key nobody registered yet: the
            # attempt fails, but the key is proved and an invite code may register it.
            self._in_key_check, self._unregistered_key = True, None
            try:
                ok = await original(username, key_data, msg, signature)
            finally:
                self._in_key_check = False
            unregistered, self._unregistered_key = self._unregistered_key, None
            if unregistered is None:
                if msg and not ok:
                    self._key_failed()
                return ok
            if not msg:
                return ok  # the probe: "acceptable", so that the client signs
            if ok and unregistered not in self.proven_keys and len(self.proven_keys) < MAX_PROVEN_KEYS:
                self.proven_keys.append(unregistered)
            self._key_failed()
            return False

        conn.validate_public_key = validate_public_key  # type: ignore[method-assign]

    def _key_failed(self) -> None:
        self._key_failures += 1
        if self._failures + self._key_failures >= self.server.limits.max_auth_tries:
            self.server.limiter.failed(self.address)
            log.warning("login refused: %r from %s (too many keys tried)", self.username[:64], self.address)
            self._close(asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE, "too many authentication failures")

    def _close(self, code: int, reason: str) -> None:
        if self.conn is not None and not self._closing:
            self._closing = True
            self.conn.disconnect(code, reason)

    def connection_lost(self, exc: Exception | None) -> None:
        server = self.server
        server.connections.discard(self)
        if self._counted_unauth:
            self._uncount_unauth()
        if self.account is not None:
            held = server.by_account.get(self.account)
            if held is not None:
                held.discard(self)
                if not held:
                    del server.by_account[self.account]
            log.info("%s (from %s) disconnected", self.account, self.address)
        elif self._key_failures and not self._failures and not self._closing:
            self.server.limiter.failed(self.address)
            log.warning("login refused: %r from %s (publickey)", self.username[:64], self.address)
        if self._idle is not None:
            self._idle.cancel()
        for session in list(self.sessions):
            session.connection_gone()

    def _uncount_unauth(self) -> None:
        self._counted_unauth = False
        count = self.server.unauthenticated.get(self.address, 0) - 1
        if count > 0:
            self.server.unauthenticated[self.address] = count
        else:
            self.server.unauthenticated.pop(self.address, None)

    # -- authenticating ------------------------------------------------------------------------------
    def begin_auth(self, username: str) -> bool:
        self.username = username
        return True  # always: returning False would let the user in without credentials

    def _blocked(self) -> bool:
        return self.server.limiter.blocked(self.address)

    def _failed(self, method: str) -> None:
        self._failures += 1
        blocked = self.server.limiter.failed(self.address)
        log.warning("login refused: %r from %s (%s)%s", self.username[:64], self.address, method,
                    "; this address is now blocked for a while" if blocked else "")
        if blocked:
            self._close(asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE, "too many failed logins; try later")
        elif self._failures + self._key_failures >= self.server.limits.max_auth_tries:
            self._close(asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE, "too many authentication failures")

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        if self._blocked():
            return False
        try:
            line = normalize_key(key.export_public_key("openssh").decode("ascii"))
        except Exception:  # noqa: BLE001 - an odd key is simply not accepted
            return False
        if self.server.accounts.key_allowed(username, line):
            self.method = f"key {key_fingerprint(line)}"
            return True
        if self._in_key_check:
            self._unregistered_key = line
            return True  # see validate_public_key in connection_made: this attempt fails regardless
        return False

    def password_auth_supported(self) -> bool:
        return True  # for invite codes; account passwords only when the host allows them

    async def validate_password(self, username: str, password: str) -> bool:
        if self._blocked():
            return False
        if await self._password_ok(username, password):
            self.method = "password"
            return True
        if self._redeem(username, password):
            return True
        self._failed("password")
        return False

    async def _password_ok(self, username: str, password: str) -> bool:
        if not self.server.options.passwords:
            return False
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(None, self.server.accounts.password_allowed, username, password)

    def _redeem(self, username: str, code: str) -> bool:
        accounts = self.server.accounts
        if not self.proven_keys or not accounts.invite_open(username, code):
            return False
        key = self.proven_keys[0]
        invite = accounts.redeem(username, code, key=key)
        if invite is None:
            return False
        self.method = f"invite code, registering key {key_fingerprint(key)}"
        where = f" for seat {invite.game}/{invite.seat}" if invite.game else f" ({invite.role})"
        log.info("account %s redeemed an invite%s from %s and registered key %s", username, where, self.address,
                 key_fingerprint(key))
        return True

    def kbdint_auth_supported(self) -> bool:
        return True

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str) -> Any:
        if self._blocked():
            return False
        self._kbd_stage, self._kbd_code = "code", ""
        prompt = "Invite code or password: " if self.server.options.passwords else "Invite code: "
        return ("holotable", "First login: type the invite code your GM gave you; your SSH key is registered "
                             "with it and logs you in from then on.", "", [(prompt, False)])

    async def validate_kbdint_response(self, username: str, responses: list[str]) -> Any:
        if self._blocked():
            return False
        if self._kbd_stage == "code":
            answer = responses[0] if len(responses) == 1 else ""
            if await self._password_ok(username, answer):
                self.method = "password"
                return True
            if self._redeem(username, answer):
                return True
            if (self.server.options.passwords and not self.proven_keys
                    and self.server.accounts.invite_open(username, answer)):
                self._kbd_stage, self._kbd_code = "password", answer
                return ("holotable", "No SSH key came with this login: choose a password (12 characters or more).",
                        "", [("New password: ", False), ("Again: ", False)])
            self._failed("invite code")
            return False
        if self._kbd_stage == "password" and len(responses) == 2:
            first, second = responses
            self._kbd_stage = "code"
            if first == second and len(first) >= 12:
                loop = asyncio.get_running_loop()
                stored = await loop.run_in_executor(None, hash_password, first)
                if self.server.accounts.redeem(username, self._kbd_code, password=stored) is not None:
                    self.method = "invite code, choosing a password"
                    log.info("account %s redeemed an invite from %s with a new password", username, self.address)
                    return True
        self._failed("invite code")
        return False

    def auth_completed(self) -> None:
        account = self.server.accounts.get(self.username)
        if account is None:  # never: every success above names an account; refuse if it ever happens
            log.error("login of unknown account %r from %s completed; closing", self.username[:64], self.address)
            self._close(asyncssh.DISC_BY_APPLICATION, "no such account")
            return
        self.account = account.name
        if self._counted_unauth:
            self._uncount_unauth()
        held = self.server.by_account.setdefault(account.name, set())
        held.add(self)
        if len(held) > self.server.limits.max_connections_per_account:
            self.over_limit = True
            log.warning("%s (from %s): over the limit of %d connections per account", account.name, self.address,
                        self.server.limits.max_connections_per_account)
        log.info("%s logged in from %s (%s)", account.name, self.address, self.method)
        self.touch()

    # -- idling ---------------------------------------------------------------------------------------
    def touch(self) -> None:
        """The client sent something: the idle timer starts again (lazily)."""
        self.last_input = time.monotonic()
        if self._idle is None:
            self._arm_idle(self.server.limits.idle_timeout)

    def _arm_idle(self, delay: float) -> None:
        self._idle = asyncio.get_running_loop().call_later(max(0.05, delay), self._check_idle)

    def _check_idle(self) -> None:
        self._idle = None
        left = self.server.limits.idle_timeout - (time.monotonic() - self.last_input)
        if left > 0:
            self._arm_idle(left)
            return
        idle = duration(self.server.limits.idle_timeout)
        log.info("%s (from %s): idle for %s; disconnected", self.account, self.address, idle)
        for session in list(self.sessions):
            session.idle_out(idle)
        self._close(asyncssh.DISC_BY_APPLICATION, "idle timeout")

    # -- what is refused outright ---------------------------------------------------------------------
    def session_requested(self) -> Any:
        if self.account is None:
            return False
        if len(self.sessions) >= self.server.limits.max_sessions_per_connection:
            log.warning("%s (from %s): refused a session over the limit of %d per connection", self.account,
                        self.address, self.server.limits.max_sessions_per_connection)
            return False
        session = SeatSession(self)
        self.sessions.add(session)
        return session

    def connection_requested(self, dest_host: str, dest_port: int, orig_host: str, orig_port: int) -> bool:
        log.warning("%s (from %s): refused port forwarding to %s:%s", self.account, self.address, dest_host, dest_port)
        return False

    def server_requested(self, listen_host: str, listen_port: int) -> bool:
        log.warning("%s (from %s): refused remote port forwarding", self.account, self.address)
        return False

    def unix_connection_requested(self, dest_path: str) -> bool:
        log.warning("%s (from %s): refused socket forwarding", self.account, self.address)
        return False

    def unix_server_requested(self, listen_path: str) -> bool:
        log.warning("%s (from %s): refused socket forwarding", self.account, self.address)
        return False

    def tun_requested(self, unit: int | None) -> bool:
        return False

    def tap_requested(self, unit: int | None) -> bool:
        return False


# -- one session (channel) ---------------------------------------------------------------------------
class SeatSession(asyncssh.SSHServerSession):  # type: ignore[type-arg]
    """One channel: the war room (pty), one command, or a line console."""

    def __init__(self, connection: Connection) -> None:
        self.connection = connection
        self.server = connection.server
        self.chan: Any = None
        self.term_type: str | None = None
        self.term_size = (80, 24)
        self.command: str | None = None
        self.terminal: Any = None
        self.app: Any = None
        self.task: asyncio.Task[None] | None = None
        self.stdin: list[bytes] = []
        self.stdin_size = 0
        self.eof = asyncio.Event()
        self.writable = asyncio.Event()
        self.writable.set()
        self.lines: asyncio.Queue[str | None] = asyncio.Queue()
        self.gate = CommandGate(self.server.limits.commands_per_second, self.server.limits.command_burst)
        self._partial = b""
        self.gone = False
        self.status = 0

    # -- asyncssh's callbacks -----------------------------------------------------------------------
    def connection_made(self, chan: Any) -> None:
        self.chan = chan
        chan.set_write_buffer_limits(high=self.server.limits.high_water)

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int], term_modes: Any) -> bool:
        self.term_type = term_type
        self.term_size = (term_size[0], term_size[1])
        return True

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        self.term_size = (width, height)
        if self.terminal is not None:
            self.terminal.resize(width, height)

    def shell_requested(self) -> bool:
        return True  # no shell: the war room (with a pty) or the line console runs instead

    def exec_requested(self, command: str) -> bool:
        if len(command) > self.server.limits.max_command:
            log.warning("%s: refused a command of %d characters", self.connection.account, len(command))
            return False
        self.command = command
        return True

    def subsystem_requested(self, subsystem: str) -> bool:
        log.warning("%s (from %s): refused subsystem %r", self.connection.account, self.connection.address,
                    subsystem[:40])
        return False

    def session_started(self) -> None:
        if self.chan.get_agent_path() is not None or self.chan.get_x11_display() is not None:
            log.error("%s: a session came with agent or X11 forwarding; closed", self.connection.account)
            self._finish(1)
            return
        self.task = asyncio.get_running_loop().create_task(self._run())
        self.server.tasks.add(self.task)
        self.task.add_done_callback(self.server.tasks.discard)

    def data_received(self, data: bytes, datatype: Any) -> None:
        self.connection.touch()
        if self.terminal is not None:
            self.terminal.feed(data)
            return
        self.stdin_size += len(data)
        if self.stdin_size > self.server.limits.max_stdin:
            if not self.gone:
                log.warning("%s: standard input over %d bytes; closed", self.connection.account,
                            self.server.limits.max_stdin)
                self._write(f"refused: more than {self.server.limits.max_stdin} bytes of input\n")
                self._finish(1)
            return
        self.stdin.append(data)
        self._partial += data
        *complete, self._partial = self._partial.split(b"\n")
        for raw in complete:
            self.lines.put_nowait(raw.decode("utf-8", "replace"))

    def eof_received(self) -> bool:
        if self._partial:
            self.lines.put_nowait(self._partial.decode("utf-8", "replace"))
            self._partial = b""
        self.lines.put_nowait(None)
        self.eof.set()
        return True  # keep the channel open for our answers

    def pause_writing(self) -> None:
        self.writable.clear()
        if self.terminal is not None:
            self.terminal.pause_writing()

    def resume_writing(self) -> None:
        self.writable.set()
        if self.terminal is not None:
            self.terminal.resume_writing()

    def break_received(self, msec: int) -> bool:
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        self.connection_gone()

    # -- ending -------------------------------------------------------------------------------------
    def connection_gone(self) -> None:
        """The channel (or the whole connection) is gone: stop the app; nothing is lost."""
        self.connection.sessions.discard(self)
        if self.gone:
            return
        self.gone = True
        self.eof.set()
        self.writable.set()
        self.lines.put_nowait(None)
        if self.terminal is not None:
            self.terminal.close()
        app = self.app
        if app is not None and app.is_running:
            app.exit()

    def idle_out(self, idle: str) -> None:
        """The idle timeout: say so, then the connection closes."""
        app = self.app
        if app is not None and app.is_running:
            app.exit()
        self._write(f"\r\nholotable: no input for {idle}; disconnected. Your game is safe.\r\n")

    def _write(self, text: str) -> None:
        if self.gone or self.chan is None:
            return
        if self.term_type is not None:
            text = text.replace("\r\n", "\n").replace("\n", "\r\n")
        try:
            self.chan.write(text.encode("utf-8", "replace"))
        except (BrokenPipeError, ConnectionError, OSError):
            self.gone = True

    def _finish(self, status: int) -> None:
        if self.gone or self.chan is None:
            return
        self.gone = True
        try:
            self.chan.exit(status)
        except (BrokenPipeError, ConnectionError, OSError):
            pass

    # -- what runs ------------------------------------------------------------------------------------
    async def _run(self) -> None:
        status = 1
        try:
            if self.connection.over_limit:
                limit = self.server.limits.max_connections_per_account
                self._write(f"refused: {self.connection.account} already has {limit} connections open; "
                            "close one first\n")
            elif self.command is not None:
                status = await self._command()
            elif self.term_type is not None:
                status = await self._interactive()
            else:
                status = await self._line_console()
        except Exception:  # noqa: BLE001 - one session's fault is that session's only
            log.exception("session of %s (from %s) failed", self.connection.account, self.connection.address)
            self._write("\r\nholotable: this session failed (the server logged why); your game is safe.\r\n")
            status = 1
        finally:
            self._finish(status)

    def _console(self, game: str | None = None) -> AccountConsole:
        assert self.connection.account is not None
        return AccountConsole(self.connection.account, self.server.accounts, self.server.hub, game=game,
                              address=self.connection.address)

    async def _say(self, answers: list[Answer], json_mode: bool) -> None:
        for answer in answers:
            if answer.quiet:
                continue
            if not self.writable.is_set():
                await self.writable.wait()
            if json_mode:
                self._write(answer.as_json() + "\n")
            else:
                text = answer.as_text()
                if text:
                    self._write(text + "\n")

    async def _command(self) -> int:
        """One command of the line console's language; ``orders`` reads its orders from stdin."""
        line, game, json_mode = parse_options(clean(self.command or ""))
        console = self._console(game)
        word = line.split(None, 1)[0].lower() if line.strip() else ""
        if word == "orders":
            await self.eof.wait()
            if self.gone:
                return 1
            text = b"".join(self.stdin).decode("utf-8", "replace")
            answers = []
            for order in text.splitlines():
                await self.gate.wait()
                if self.gone:
                    return 1
                answers.extend(console.orders([order], game))
            if not answers:
                answers = [Answer(False, "orders", error="no orders on standard input (one per line)")]
        elif not word:
            answers = [console.handle("help")]
        else:
            answers = [console.handle(line)]
        await self._say(answers, json_mode)
        return 0 if all(a.ok for a in answers) else 1

    async def _line_console(self) -> int:
        """Lines in, answers out, until ``quit`` or the end of input (scripts, screen readers)."""
        console = self._console()
        account = self.connection.account
        self._write(f"holotable line console for {account}: `help` lists the commands, `quit` leaves\n")
        status = 0
        while not self.gone:
            line = await self.lines.get()
            if line is None:
                break
            await self.gate.wait()
            text, game, json_mode = parse_options(clean(line))
            if text.strip().lower() in ("quit", "exit"):
                self._write("bye\n")
                break
            answer = console.handle(line)
            if not answer.ok:
                status = 1
            await self._say([answer], json_mode)
        return status

    async def _interactive(self) -> int:
        """The war room of the account's seat (a GM: the tiles and tools)."""
        from server.admin import AdminApp
        from server.apps import FAILED_MESSAGE, GamePicker, PlayerApp, run_served
        from server.bridge import ChannelTerminal

        name = self.connection.account
        assert name is not None
        account = self.server.accounts.get(name)
        if account is None:
            return 1
        env = dict(self.chan.get_environment()) if self.chan is not None else {}
        self.terminal = ChannelTerminal(self.chan, self.term_size, self.term_type, env, self.server.limits.high_water,
                                        on_first_frame=self.server.first_frames.append)
        if account.is_gm:
            app: Any = AdminApp(name, self.server.accounts, self.server.hub, self.terminal, self.connection.address)
        else:
            seats = list(account.seats)
            if not seats:
                self._write("holotable: this account holds no seat yet; ask the GM for an invite.\r\n")
                return 1
            ref = seats[0]
            if len(seats) > 1:
                choices = []
                for seat_ref in seats:
                    info = self.server.hub.summary(seat_ref.game)
                    detail = info.get("problem") or f"{info['title']}, turn {info['turn']}, " \
                                                    f"{len(info['ready'])} of {len(info['awaiting'])} ready"
                    choices.append((seat_ref, f"{seat_ref.game}  seat {seat_ref.seat}: {detail}"))
                picker = GamePicker(name, choices, self.server.last_game.get(name), self.terminal)
                self.app = picker
                chosen, failed = await run_served(picker, self.server.streams)
                self.app = None
                if failed:
                    self._write(FAILED_MESSAGE)
                    return 1
                if chosen is None or self.gone:
                    return 0
                ref = chosen
            try:
                hosted = self.server.hub.game(ref.game)
            except Exception as exc:  # noqa: BLE001 - say why, end this session only
                self._write(f"holotable: game {ref.game} cannot be opened: {exc}\r\n")
                return 1
            self.server.last_game[name] = ref.game
            app = PlayerApp(hosted, ref.seat, name, self.terminal)
        self.app = app
        if self.gone:
            return 0
        _, failed = await run_served(app, self.server.streams)
        self.app = None
        if failed:
            self._write(FAILED_MESSAGE)
            return 1
        return 0


# -- the server ------------------------------------------------------------------------------------------
class HolotableServer:
    """The SSH server of one data directory. ``await start()``, then ``await close()``."""

    def __init__(self, options: ServerOptions, accounts: Accounts | None = None, hub: GameHub | None = None) -> None:
        self.options = options
        self.limits = options.limits
        self.server_dir = Path(options.data_dir) / "server"
        self.accounts = accounts if accounts is not None else Accounts(self.server_dir / "accounts.json")
        self.hub = hub if hub is not None else GameHub(GameStore(options.data_dir))
        self.limiter = RateLimiter(self.limits.max_failures, self.limits.failure_window)
        self.connections: set[Connection] = set()
        self.unauthenticated: dict[str, int] = {}
        self.by_account: dict[str, set[Connection]] = {}
        self.tasks: set[asyncio.Task[None]] = set()
        self.last_game: dict[str, str] = {}
        self.first_frames: deque[float] = deque(maxlen=100)  # seconds from session start to the first frame
        self.host_key: asyncssh.SSHKey | None = None
        self.host_key_made = False
        self.port = options.port
        self.streams: tuple[TextIO, TextIO] = (sys.stdout, sys.stderr)
        self._acceptor: Any = None
        self._ticker: asyncio.Task[None] | None = None

    @property
    def fingerprint(self) -> str:
        """The host key's SHA256 fingerprint."""
        assert self.host_key is not None
        return str(self.host_key.get_fingerprint("sha256"))

    async def start(self) -> None:
        """Make or read the host key and listen. Raises HostKeyError or OSError (port taken)."""
        self.streams = (sys.stdout, sys.stderr)
        self.host_key, self.host_key_made = load_host_key(self.server_dir / HOST_KEY_NAME)
        limits = self.limits
        self._acceptor = await asyncssh.create_server(
            lambda: Connection(self), self.options.host, self.options.port,
            server_host_keys=[self.host_key], config=None, server_version="holotable",
            encoding=None, line_editor=False, allow_pty=True, x11_forwarding=False, agent_forwarding=False,
            sftp_factory=None, allow_scp=False, public_key_auth=True, kbdint_auth=True, password_auth=True,
            host_based_auth=False, gss_auth=False, gss_kex=False,
            login_timeout=limits.login_timeout, keepalive_interval=limits.keepalive_interval,
            keepalive_count_max=3)
        sockets = self._acceptor.sockets
        self.port = sockets[0].getsockname()[1] if sockets else self.options.port
        self._ticker = asyncio.get_running_loop().create_task(self._tick())
        log.info("listening on %s port %s; host key %s", self.options.host, self.port, self.fingerprint)

    async def _tick(self) -> None:
        while True:
            await asyncio.sleep(self.limits.tick_interval)
            self.hub.tick()

    async def close(self) -> None:
        """Stop listening, end every connection, save and close every game."""
        if self._ticker is not None:
            self._ticker.cancel()
        if self._acceptor is not None:
            self._acceptor.close()
            await self._acceptor.wait_closed()
        for connection in list(self.connections):
            connection._close(asyncssh.DISC_BY_APPLICATION, "the server is shutting down")
        if self.tasks:
            await asyncio.wait(list(self.tasks), timeout=5)
        self.hub.close()
        self.accounts.close()

    def how_to_connect(self, account: str = "<account>") -> str:
        """The ssh command line that reaches this server."""
        host = self.options.host if self.options.host not in ("", "0.0.0.0", "::") else "<this host>"
        port = f"-p {self.port} " if self.port != 22 else ""
        return f"ssh {port}{account}@{host}"


def duration(seconds: float) -> str:
    """``90 minutes``, ``2 hours``, ``1.5 seconds``."""
    if seconds >= 7200:
        return f"{seconds / 3600:g} hours"
    if seconds >= 120:
        return f"{seconds / 60:g} minutes"
    return f"{seconds:g} seconds"


def file_mode(path: Path) -> int:
    """A file's permission bits (for tests and checks)."""
    return stat.S_IMODE(os.stat(path).st_mode)
