"""One SSH channel of a logged-in account: the war room (with a pty), one command of the line
console's language (``ssh host view --json``, ``ssh host orders < file``), or a line console (no pty,
no command). No shell, no subsystems: nothing else ever runs.

Commands are paced (:class:`CommandGate`), standard input is bounded, answers wait while the client
is not reading, and the war room's terminal is bounded both ways (see :mod:`server.bridge`).
"""
from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING, Any

import asyncssh

from core.console import Answer
from server.commands import AccountConsole, clean, parse_options

if TYPE_CHECKING:
    from server.ssh import Connection

log = logging.getLogger("holotable.server")
BUILD_TURN = 5.0  # seconds an app being built may hold the server's build turn


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
        self.framed = False

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
        """The channel (or the whole connection) is gone: stop what runs; nothing is lost."""
        self.connection.sessions.discard(self)
        self.gone = True
        self._wake()
        if self.terminal is not None:
            self.terminal.close()
        app = self.app
        if app is not None and app.is_running:
            app.exit()

    def _wake(self) -> None:
        self.eof.set()
        self.writable.set()
        self.lines.put_nowait(None)

    def farewell(self, message: str) -> None:
        """Give the client its terminal back, say ``message``, end the channel (idle timeout, shutdown)."""
        from server.bridge import LEAVE
        if self.terminal is not None:
            self.terminal.close()  # no more frames
            self._write(LEAVE)
        app = self.app
        if app is not None and app.is_running:
            app.exit()
        self._write(f"\r\nholotable: {message}\r\n")
        self._finish(0)

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
        self._wake()
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
            self._write(f"\r\nholotable: {self.server.failure_line()}\r\n")
            status = 1
        finally:
            self._finish(status)

    def _console(self, game: str | None = None, one_shot: bool = False) -> AccountConsole:
        assert self.connection.account is not None
        return AccountConsole(self.connection.account, self.server.accounts, self.server.hub, game=game,
                              address=self.connection.address, connect=self.connection.how_to_connect,
                              log_file=str(self.server.log_path), one_shot=one_shot)

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
        console = self._console(game, one_shot=True)
        word = line.split(None, 1)[0].lower() if line.strip() else ""
        if word == "orders":
            confirmed = "--yes" in line.split()[1:]
            await self.eof.wait()
            if self.gone:
                return 1
            text = b"".join(self.stdin).decode("utf-8", "replace")
            answers = []
            for order in text.splitlines():
                await self.gate.wait()
                if self.gone:
                    return 1
                given = console.orders([order], game, confirmed)
                if given and given[0].data.get("confirms") and answers:
                    answers.pop()  # the question a `yes` answered: the order's own answer stands for it
                answers.extend(given)
            if not answers:
                answers = [Answer(False, "orders", error="no orders on standard input (one per line)")]
            if console.pending is not None:
                answers.append(Answer(False, "orders", error=f"not given: `{console.pending}`: a FINAL order needs "
                                                             "`yes` on the next line, or `orders --yes`"))
        elif not word:
            answers = [console.handle("help")]
        else:
            answers = [console.handle(clean(self.command or ""))]  # its options too, for the hints
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
        from server.bridge import ChannelTerminal

        name = self.connection.account
        assert name is not None
        account = self.server.accounts.get(name)
        if account is None:
            return 1
        env = dict(self.chan.get_environment()) if self.chan is not None else {}
        self.terminal = ChannelTerminal(self.chan, self.term_size, self.term_type, env, self.server.limits.high_water)
        try:
            return await self._war_room(name, account)
        finally:
            self.server.gc.session_ended(self.framed)

    def _framed(self, seconds: float) -> None:
        """An app of this session drew its first frame (it is built): what it built is frozen."""
        if self.framed:
            self.server.gc.freeze_young()  # the war room after the picker
            return
        self.framed = True
        self.server.first_frames.append(seconds)
        self.server.gc.session_framed()

    async def _run_app(self, app: Any) -> tuple[Any, bool]:
        """Run ``app`` until it exits; returns (its result, whether it failed).

        Apps are built one at a time (``server.builds``): building one takes the server's loop for
        a few hundred milliseconds of small steps, so ten players connecting at once would
        otherwise all see their first frame at the end; in turn, the first sees it after one
        build, the median after half of them. A build's turn ends at its first frame (or after
        ``BUILD_TURN`` seconds, or when the app ends), and players already in keep typing meanwhile.
        """
        from server.apps import run_served
        drawn = asyncio.Event()

        def framed(seconds: float) -> None:
            drawn.set()
            self._framed(seconds)
        self.terminal.watch_next_frame(framed)
        self.app = app
        try:
            async with self.server.builds:
                if self.gone:
                    return None, False
                task = asyncio.ensure_future(run_served(app, self.server.streams))
                waiter = asyncio.ensure_future(drawn.wait())
                try:
                    await asyncio.wait({task, waiter}, timeout=BUILD_TURN, return_when=asyncio.FIRST_COMPLETED)
                finally:
                    waiter.cancel()
            try:
                return await task
            except BaseException:
                task.cancel()
                raise
        finally:
            self.app = None

    async def _war_room(self, name: str, account: Any) -> int:
        """Run the GM's tiles, or the picker and then the player's war room."""
        from server.admin import AdminApp
        from server.apps import FAILED_MESSAGE, GamePicker, PlayerApp

        if account.is_gm:
            app: Any = AdminApp(name, self.server.accounts, self.server.hub, self.terminal, self.connection.address,
                                connect=self.connection.how_to_connect, log_file=str(self.server.log_path))
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
                chosen, failed = await self._run_app(picker)
                if failed:
                    self._write(FAILED_MESSAGE.format(line=self.server.failure_line()))
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
            app.attend(self.server.hub)
        if self.gone:
            return 0
        _, failed = await self._run_app(app)
        if failed:
            self._write(FAILED_MESSAGE.format(line=self.server.failure_line()))
            return 1
        return 0
