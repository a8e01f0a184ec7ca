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

Limits that never lock out the innocent (players behind one NAT share an address): a registered
key always gets in, whatever failed before; failed guesses (passwords, invite codes) are limited per
account and address (a :class:`~server.accounts.RateLimiter`), with a much higher cap per address
alone, so one account's failures never block another's; connections not yet logged in are capped per
address and in all, and a new connection pushes out the oldest such one instead of being refused (an
idle half-open connection never keeps a player out); connections per account, sessions per connection, an idle timeout
(no input from the client), the login timeout, a bounded standard input for commands, and a
bounded output buffer per channel (see :mod:`server.bridge`). No shell, no port, agent or X11
forwarding, no SFTP or SCP, no subsystems: a session runs the war room (with a pty), one command
of the line console's language (``ssh host view --json``), or a line console (no pty, no command).
"""
from __future__ import annotations

import asyncio
import logging
import logging.handlers
import os
import socket
import stat
import sys
import time
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

import asyncssh

from saves import GameStore
from saves.atomic import atomic_write_bytes, read_regular
from saves.errors import SaveError
from server.accounts import Accounts, RateLimiter, hash_password, key_fingerprint, normalize_key
from server.channel import SeatSession
from server.gcpolicy import GcPolicy
from server.notify import Notifier
from server.notify.channels import preload
from server.lean_caches import lazy_strip_caches, share_empty_caches
from server.shared_css import share_parsed_css
from server.hub import GameHub

log = logging.getLogger("holotable.server")

HOST_KEY_NAME = "host_ed25519_key"
MAX_PROVEN_KEYS = 8
DEADLINE_TICK = 1.0  # seconds between deadline checks while a game has a deadline


class HostKeyError(Exception):
    """The host key file cannot be used (its mode lets others read it, or it is not a key)."""


@dataclass
class Limits:
    """The server's limits (each a plain number; tests make them small)."""

    max_failures: int = 10               # failed guesses per account and address in the window
    failure_window: float = 300.0
    max_failures_per_address: int = 100  # failed guesses per address, every account together
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
    bot_pace: float = 1.5  # seconds between the steps of an all-bot game, so a watcher can follow


@dataclass
class ServerOptions:
    """Where and how the server runs."""

    data_dir: Path
    host: str = "127.0.0.1"
    port: int = 2222
    passwords: bool = False
    gm_name: str = "gm"
    limits: Limits = field(default_factory=Limits)
    notify_local: bool = False  # notification channels may point at this machine or its network


# -- the host key -----------------------------------------------------------------------------------
def load_host_key(path: Path) -> tuple[asyncssh.SSHKey, bool]:
    """The server's host key at ``path``, made (ed25519, mode 0600) if there is none.

    Returns (the key, whether it was made now). Raises HostKeyError if the file is readable by
    others or is not a private key.
    """
    if os.path.lexists(path):
        try:
            info = path.stat()
        except OSError as exc:
            raise HostKeyError(f"the host key {path} cannot be read ({exc.strerror or exc}); move it away and a new "
                               f"one is made") from None
        if not stat.S_ISREG(info.st_mode):
            raise HostKeyError(f"the host key {path} is not a regular file; move it away and a new one is made")
        mode = stat.S_IMODE(info.st_mode)
        if mode & 0o077:
            raise HostKeyError(f"the host key {path} is readable by others (mode {mode:o}); run: chmod 600 {path}")
        try:
            return asyncssh.import_private_key(read_regular(path, f"the host key {path}", 64 * 1024)), False
        except SaveError as exc:
            raise HostKeyError(str(exc)) from None
        except (asyncssh.KeyImportError, OSError, ValueError) as exc:
            raise HostKeyError(f"the host key {path} cannot be read ({exc}); move it away and a new one is made") from None
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    key = asyncssh.generate_private_key("ssh-ed25519")
    atomic_write_bytes(path, key.export_private_key("openssh"), mode=0o600)
    return key, True


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
        self.opened = time.monotonic()
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
        if server.unauthenticated.get(self.address, 0) >= server.limits.max_unauthenticated_per_address:
            server.push_out_waiting(self.address)  # the oldest not-logged-in connection of this address goes
        if len(server.connections) > server.limits.max_connections and not server.push_out_waiting(None):
            log.warning("refused a connection from %s: too many connections", self.address)
            self._close(asyncssh.DISC_TOO_MANY_CONNECTIONS, "too many connections")
            return
        server.unauthenticated[self.address] = server.unauthenticated.get(self.address, 0) + 1
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
            self.server.login_failed(self.username, self.address)
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
            self.server.login_failed(self.username, self.address)
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
        """Whether guesses (passwords, invite codes) for this account from this address are refused now."""
        return self.server.login_blocked(self.username, self.address)

    def _failed(self, method: str) -> None:
        self._failures += 1
        blocked = self.server.login_failed(self.username, self.address)
        log.warning("login refused: %r from %s (%s)%s", self.username[:64], self.address, method,
                    "; guesses for this account from this address are now refused for a while" if blocked else "")
        if blocked:
            self._close(asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE, "too many failed logins; try later")
        elif self._failures + self._key_failures >= self.server.limits.max_auth_tries:
            self._close(asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE, "too many authentication failures")

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        # no rate limit here: a registered key cannot be guessed, and it always gets its owner in
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

    def how_to_connect(self, account: str) -> str:
        """The ssh command line that reaches this server as ``account``, with the address this client used."""
        local = self.conn.get_extra_info("sockname") if self.conn is not None else None
        return self.server.how_to_connect(account, host=str(local[0]) if local else None)

    # -- idling ---------------------------------------------------------------------------------------
    def touch(self) -> None:
        """The client sent something: the idle timer starts again (lazily)."""
        self.last_input = time.monotonic()
        self.server.gc.heard_input()
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
            session.farewell(f"no input for {idle}; disconnected. Your game is safe.")
        asyncio.get_running_loop().call_later(0.5, self._close, asyncssh.DISC_BY_APPLICATION, "idle timeout")

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


# -- the server ------------------------------------------------------------------------------------------
class HolotableServer:
    """The SSH server of one data directory. ``await start()``, then ``await close()``."""

    def __init__(self, options: ServerOptions, accounts: Accounts | None = None, hub: GameHub | None = None) -> None:
        self.options = options
        self.limits = options.limits
        self.server_dir = Path(options.data_dir) / "server"
        self.accounts = accounts if accounts is not None else Accounts(self.server_dir / "accounts.json")
        self.hub = hub if hub is not None else GameHub(GameStore(options.data_dir))
        self.hub.keep_seen(self.accounts.last_seen(), self._keep_seen)  # "last seen" survives a restart
        self.notifier = Notifier(self.accounts, self.hub, allow_local=options.notify_local, connect=self.how_to_connect)
        self.limiter = RateLimiter(self.limits.max_failures, self.limits.failure_window)  # per account and address
        self.address_limiter = RateLimiter(self.limits.max_failures_per_address, self.limits.failure_window)
        self.connections: set[Connection] = set()
        self.unauthenticated: dict[str, int] = {}
        self.by_account: dict[str, set[Connection]] = {}
        self.tasks: set[asyncio.Task[None]] = set()
        self.last_game: dict[str, str] = {}
        self.first_frames: deque[float] = deque(maxlen=100)  # seconds from session start to the first frame
        self.gc = GcPolicy()
        self.builds = asyncio.Semaphore(1)  # war rooms are built one at a time (server/channel.py)
        self.gc.building = self.builds.locked  # no tidy of the heap in the middle of a build
        self.host_key: asyncssh.SSHKey | None = None
        self.host_key_made = False
        self.port = options.port
        self.streams: tuple[TextIO, TextIO] = (sys.stdout, sys.stderr)
        self._acceptor: Any = None
        self._ticker: asyncio.Task[None] | None = None
        self._bot_player: asyncio.Task[None] | None = None
        self.log_path = self.server_dir / "logs" / "server.log"
        self._log_handler: logging.Handler | None = None

    def login_blocked(self, account: str, address: str) -> bool:
        """Whether password and invite-code guesses for ``account`` from ``address`` are refused now
        (too many failures for that account from there, or from there in all). Keys are never refused."""
        return self.limiter.blocked(f"{account[:64]}@{address}") or self.address_limiter.blocked(address)

    def login_failed(self, account: str, address: str) -> bool:
        """Count a failed login of ``account`` from ``address``; returns whether its guesses are refused now."""
        per_account = self.limiter.failed(f"{account[:64]}@{address}")
        return self.address_limiter.failed(address) or per_account

    def push_out_waiting(self, address: str | None) -> bool:
        """Close the oldest connection not logged in yet (from ``address``, or from anywhere for None),
        to make room for a new one. Returns whether there was one."""
        waiting = [c for c in self.connections if c.account is None and c._counted_unauth and not c._closing
                   and (address is None or c.address == address)]
        if not waiting:
            return False
        oldest = min(waiting, key=lambda c: c.opened)
        log.info("closed a connection from %s that had not logged in, to make room for a new one", oldest.address)
        oldest._uncount_unauth()
        oldest._close(asyncssh.DISC_TOO_MANY_CONNECTIONS, "too many connections waiting to log in")
        return True

    @property
    def fingerprint(self) -> str:
        """The host key's SHA256 fingerprint."""
        assert self.host_key is not None
        return str(self.host_key.get_fingerprint("sha256"))

    async def start(self) -> None:
        """Make or read the host key and listen. Raises HostKeyError or OSError (port taken)."""
        self.streams = (sys.stdout, sys.stderr)
        self.host_key, self.host_key_made = load_host_key(self.server_dir / HOST_KEY_NAME)
        if self._log_handler is None:
            self._open_log()
        await asyncio.get_running_loop().run_in_executor(None, preload)  # Apprise's plugins, before anyone is in
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
        for game_id in self.hub.ids():  # hold every game open: the server is their writer, deadlines tick
            try:
                self.hub.game(game_id)
            except Exception as exc:  # noqa: BLE001 - one bad game must not stop the server
                from tui.crash import message_is_safe
                why = str(exc) if message_is_safe(exc) else f"{type(exc).__name__} (see the stack below)"
                log.warning("game %s is not served: %s", game_id, why, exc_info=not message_is_safe(exc))
        self._ticker = asyncio.get_running_loop().create_task(self._tick())
        self._bot_player = asyncio.get_running_loop().create_task(self._play_bots())
        share_parsed_css()  # every war room of the process takes its parsed CSS from one cache
        share_empty_caches()  # and no empty render cache has a dict of its own
        lazy_strip_caches()  # nor is made before it is used
        self.gc.started()
        log.info("listening on %s port %s; host key %s", self.options.host, self.port, self.fingerprint)

    async def _tick(self) -> None:
        """Let time pass in every game: every ``tick_interval`` seconds, and every second while a game
        has a deadline (so a deadline fires within a second or two of its time); woken at once when a
        deadline is set or moved."""
        wake = asyncio.Event()
        loop = asyncio.get_running_loop()
        self.hub.on_deadline(lambda: loop.call_soon(wake.set))
        while True:
            pause = self.limits.tick_interval
            if self.hub.has_deadlines():
                pause = min(pause, DEADLINE_TICK)
            wake.clear()
            try:
                await asyncio.wait_for(wake.wait(), pause)
            except asyncio.TimeoutError:
                pass
            self.notifier.tick()  # the one-hour reminders, before the deadline may resolve the turn
            self.hub.tick()

    async def _play_bots(self) -> None:
        while True:
            await asyncio.sleep(self.limits.bot_pace)
            self.hub.play_bots()

    async def close(self) -> None:
        """Stop listening, end every connection, save and close every game."""
        if self._ticker is not None:
            self._ticker.cancel()
        if self._bot_player is not None:
            self._bot_player.cancel()
        if self._acceptor is not None:
            self._acceptor.close()
            await self._acceptor.wait_closed()
        sessions = [session for connection in self.connections for session in connection.sessions]
        for session in sessions:
            session.farewell("the server is stopping; every game is saved. Reconnect later to resume.")
        if sessions:
            await asyncio.sleep(0.2)  # let the farewells go out
        for connection in list(self.connections):
            connection._close(asyncssh.DISC_BY_APPLICATION, "the server is shutting down")
        if self.tasks:
            await asyncio.wait(list(self.tasks), timeout=5)
        await self.notifier.close()
        self.hub.close()
        self.accounts.close()
        self.gc.close()
        self._close_log()

    def how_to_connect(self, account: str = "<account>", host: str | None = None) -> str:
        """The ssh command line that reaches this server (``host``: the address a client used, for a
        server listening on every interface)."""
        wildcard = self.options.host in ("", "0.0.0.0", "::")
        if wildcard:
            host = host if host and host not in ("0.0.0.0", "::") else socket.getfqdn() or "<this host>"
        else:
            host = self.options.host
        if ":" in host:
            host = f"[{host}]"
        port = f"-p {self.port} " if self.port != 22 else ""
        return f"ssh {port}{account}@{host}"

    def _keep_seen(self, game: str, seat: str, when: float) -> None:
        """Keep a seat's last-seen time with the account holding it (saves nothing for an unheld seat)."""
        self.accounts.record_seen(game, seat, when)

    def failure_line(self) -> str:
        """The one line a player sees when something failed inside the server."""
        return f"internal error, the game is saved and unchanged; details in {self.log_path}"

    def _open_log(self) -> None:
        """Write the server's log (details of every failure, never a game's state) to a file under the data directory."""
        self.log_path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        handler = logging.handlers.RotatingFileHandler(self.log_path, maxBytes=2_000_000, backupCount=3,
                                                       encoding="utf-8")
        handler.setLevel(logging.INFO)
        from tui.crash import SafeFormatter
        handler.setFormatter(SafeFormatter("%(asctime)s %(levelname)s %(message)s"))
        logging.getLogger("holotable.server").addHandler(handler)
        self._log_handler = handler

    def _close_log(self) -> None:
        if self._log_handler is not None:
            logging.getLogger("holotable.server").removeHandler(self._log_handler)
            self._log_handler.close()
            self._log_handler = None


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
