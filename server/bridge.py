"""The one adapter between an SSH channel and Textual: a :class:`textual.driver.Driver` that writes
to the channel and turns the bytes the client types (and its window changes) into Textual events.

It is built on the base ``Driver``, not ``LinuxDriver``: no signal handlers, no threads, nothing
done to the server's own terminal. Everything runs on the server's event loop.

- Output is gathered and sent once per frame. If the client stops reading, asyncssh's write
  buffer passes its high-water mark and the channel pauses: frames are then dropped (never half
  a frame), and when the client catches up the whole screen is repainted once. A stalled client
  costs at most the buffer's high-water mark plus one frame.
- Colour depth comes from the client's terminal type (its pty request), per session: every app
  draws in truecolor (Textual caches escape codes on shared style objects, so apps in one process
  cannot draw in different depths) and :class:`ColourDepth` rewrites each frame's colours.
- The window size is the client's (bounded, so a client cannot ask for a gigantic screen); a
  window change becomes a Textual ``Resize``.
- Nothing a session does may reach the server's machine: no URLs opened, no files delivered.
- Pasted text loses its control characters, so no player can slip escape sequences into what
  other players' terminals draw (typed keys never insert them).

Use :class:`ChannelTerminal`: ``terminal = ChannelTerminal(channel, (w, h), "xterm-256color")``,
then ``App(driver_class=terminal.driver_class())``, :func:`configure_console` on the app, and feed
it ``terminal.feed(data)``, ``terminal.resize(w, h)``, ``terminal.pause_writing()`` /
``resume_writing()``.
"""
from __future__ import annotations

import asyncio
import codecs
import io
import logging
import re
import time
from pathlib import Path
from typing import Any, BinaryIO, Callable, ClassVar, Literal, Protocol, TextIO

from rich.color import Color, ColorSystem
from rich.console import Console
from textual import events
from textual._parser import ParseError
from textual._xterm_parser import XTermParser
from textual.app import App
from textual.driver import Driver
from textual.geometry import Size
from textual.message import Message

log = logging.getLogger("holotable.server")

MIN_WIDTH, MIN_HEIGHT = 20, 6
MAX_WIDTH, MAX_HEIGHT = 400, 150
DEFAULT_SIZE = (80, 24)
INPUT_RATE = 400.0  # characters a second a session may type, paste or click (a key is 1 to 6, a click 24)...
INPUT_BURST = 2000.0  # ...after a burst of this many
INPUT_PIECE = 64  # handed to the app at a time (each key costs the app about a millisecond)
INPUT_HIGH = 4096  # waiting characters past which the channel stops reading
MAX_PASTE = 8192
PASTE_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
FIRST_FRAME_BYTES = 1000  # a send this big is a drawn screen, not the set-up sequences
ESC_DELAY = 0.12  # a lone Escape is reported after this long without a following byte

ENTER = (
    "\x1b[?1049h"  # the alternate screen
    "\x1b[?25l"  # no cursor (the inputs draw their own, steady)
    "\x1b[?1000h\x1b[?1002h\x1b[?1006h"  # mouse: clicks and drags (not every move), SGR coordinates
    "\x1b[?2004h"  # bracketed paste
    "\x1b[?7l"  # no line wrap
)
LEAVE = (
    "\x1b[?2004l"
    "\x1b[?1006l\x1b[?1002l\x1b[?1000l"
    "\x1b[?7h"
    "\x1b[?25h"
    "\x1b[?1049l"
)


class Channel(Protocol):
    """What the terminal needs of an SSH channel (asyncssh's ``SSHServerChannel`` is one; it also
    has ``pause_reading()`` and ``resume_reading()``, used when there)."""

    def write(self, data: bytes) -> None:
        """Send ``data`` (never blocks; asyncssh buffers and calls pause_writing past its mark)."""

    def get_write_buffer_size(self) -> int:
        """Bytes queued and not yet sent."""


def clamp_size(width: int, height: int) -> tuple[int, int]:
    """A usable screen size from what a client reports (0 means unknown: the default)."""
    width = width or DEFAULT_SIZE[0]
    height = height or DEFAULT_SIZE[1]
    return max(MIN_WIDTH, min(MAX_WIDTH, int(width))), max(MIN_HEIGHT, min(MAX_HEIGHT, int(height)))


def color_system_for(term_type: str | None, env: dict[str, str] | None = None) -> str | None:
    """Rich's colour system for a client terminal type (and its COLORTERM, if it sent one).

    ``xterm-256color`` -> ``256``; ``*-direct`` or COLORTERM=truecolor -> ``truecolor``; ``dumb``
    -> None (no colour); any other -> ``standard`` (16 colours).
    """
    term = (term_type or "").lower()
    colorterm = str((env or {}).get("COLORTERM", "")).lower()
    if colorterm in ("truecolor", "24bit") or term.endswith("-direct") or "truecolor" in term:
        return "truecolor"
    if "256color" in term:
        return "256"
    if term in ("", "dumb", "unknown"):
        return None if term == "dumb" else "standard"
    return "standard"


SGR = re.compile(r"\x1b\[([0-9;]*)m")
_SYSTEMS = {"standard": ColorSystem.STANDARD, "256": ColorSystem.EIGHT_BIT, "truecolor": ColorSystem.TRUECOLOR}


def _downgrade_params(params: str, system: ColorSystem | None) -> str:
    """One SGR's parameters with every colour brought down to ``system`` (None: no colour at all)."""
    parts = params.split(";")
    out: list[str] = []
    i = 0
    while i < len(parts):
        part = parts[i]
        if part in ("38", "48") and i + 1 < len(parts) and parts[i + 1] in ("2", "5"):
            foreground = part == "38"
            try:
                if parts[i + 1] == "2":
                    color = Color.from_rgb(int(parts[i + 2]), int(parts[i + 3]), int(parts[i + 4]))
                    i += 5
                else:
                    color = Color.from_ansi(int(parts[i + 2]))
                    i += 3
            except (IndexError, ValueError):
                out.append(part)
                i += 1
                continue
            if system is not None:
                out.extend(color.downgrade(system).get_ansi_codes(foreground))
            continue
        if system is None and part.isdigit() and (30 <= int(part) <= 49 or 90 <= int(part) <= 107):
            i += 1
            continue
        out.append(part)
        i += 1
    return ";".join(out)


class ColourDepth:
    """Rewrite a frame's colours for one client's depth.

    Textual caches each style's escape codes on the (shared) style objects, so in one process
    every app must draw in the same depth or sessions would take each other's colours. Every app
    draws in truecolor; each session's frames are brought down to its own terminal's depth here.
    """

    def __init__(self, color_system: str | None) -> None:
        self.system = None if color_system is None else _SYSTEMS[color_system]
        self._memo: dict[str, str] = {}

    @property
    def needed(self) -> bool:
        """Whether frames need rewriting (not for a truecolor terminal)."""
        return self.system is not ColorSystem.TRUECOLOR

    def __call__(self, text: str) -> str:
        if not self.needed:
            return text
        memo = self._memo

        def replace(match: re.Match[str]) -> str:
            params = match.group(1)
            done = memo.get(params)
            if done is None:
                if len(memo) > 4096:
                    memo.clear()
                rewritten = _downgrade_params(params, self.system)
                done = memo[params] = f"\x1b[{rewritten}m" if rewritten or not params else ""
            return done
        return SGR.sub(replace, text)


class _Nowhere(io.TextIOBase):
    """A text file that swallows what is written (the app's console never prints anywhere)."""

    def write(self, text: str) -> int:
        return len(text)

    def isatty(self) -> bool:
        return True


def configure_console(app: App[Any]) -> None:
    """Give ``app`` a Rich console drawing in truecolor whatever the server's environment says
    (Textual's own detection reads the server's environment, not the client's); each session's
    :class:`ColourDepth` brings the frames down to its client's depth. Call before the app runs."""
    app.console = Console(color_system="truecolor", file=_Nowhere(), markup=True, highlight=False, emoji=False,
                          legacy_windows=False, force_terminal=True, safe_box=False, soft_wrap=False,
                          _environ={})


class ChannelTerminal:
    """One SSH channel seen as a terminal: size, colour depth, output flow, input to the driver.

    Input is handed to the app a piece at a time, the next piece only once the app has handled
    the last, at most ``input_rate`` characters a second (after a burst of ``input_burst``); while
    more than a few kilobytes wait, the channel stops reading, so a flooding client is slowed by
    SSH's own flow control and cannot take the server's time or memory from the others.
    """

    def __init__(self, channel: Channel, size: tuple[int, int], term_type: str | None,
                 env: dict[str, str] | None = None, high_water: int = 256 * 1024,
                 on_first_frame: Callable[[float], None] | None = None,
                 input_rate: float = INPUT_RATE, input_burst: float = INPUT_BURST) -> None:
        self.channel = channel
        self.width, self.height = clamp_size(*size)
        self.term_type = term_type or ""
        self.color_system = color_system_for(term_type, env)
        self.depth = ColourDepth(self.color_system)
        self.high_water = high_water
        self.driver: ChannelDriver | None = None
        self.paused = False
        self.closed = False
        self.dropped_frames = 0
        self.bytes_sent = 0
        self.chars_taken = 0
        self.reading_paused = False
        self.input_rate = input_rate
        self.input_burst = input_burst
        self._stale = False
        self._inbox: list[str] = []
        self._inbox_size = 0
        self._tokens = input_burst
        self._refilled = time.monotonic()
        self._busy = False
        self._later: asyncio.TimerHandle | None = None
        self._decode = codecs.getincrementaldecoder("utf-8")(errors="replace").decode
        self._started = time.perf_counter()
        self._on_first_frame = on_first_frame

    def watch_next_frame(self, callback: Callable[[float], None]) -> None:
        """Call ``callback`` with the seconds since the terminal was made, at the next whole frame sent."""
        self._on_first_frame = callback

    def driver_class(self) -> type[Driver]:
        """A driver class bound to this terminal, for ``App(driver_class=...)``."""
        return type("BoundChannelDriver", (ChannelDriver,), {"terminal": self})

    # -- from the client ----------------------------------------------------------------------------
    def feed(self, data: bytes | str) -> None:
        """Bytes the client typed (or pasted, or mouse reports)."""
        text = data if isinstance(data, str) else self._decode(data)
        if not text or self.closed:
            return
        self._inbox.append(text)
        self._inbox_size += len(text)
        if self._inbox_size > INPUT_HIGH and not self.reading_paused:
            self.reading_paused = True
            pause = getattr(self.channel, "pause_reading", None)
            if pause is not None:
                pause()
        self.pump()

    @property
    def waiting_input(self) -> int:
        """Characters received and not yet handed to the app."""
        return self._inbox_size

    def pump(self) -> None:
        """Hand the app the next piece of input, if the app is ready for it and the rate allows."""
        self._later = None
        driver = self.driver
        if driver is None or self._busy or self.closed:
            return
        now = time.monotonic()
        self._tokens = min(self.input_burst, self._tokens + (now - self._refilled) * self.input_rate)
        self._refilled = now
        if self._inbox:
            if self._tokens < 1:
                self._later = asyncio.get_running_loop().call_later((1 - self._tokens) / self.input_rate, self.pump)
                return
            text = "".join(self._inbox)
            size = int(min(INPUT_PIECE, self._tokens))
            piece, rest = text[:size], text[size:]
            self._inbox = [rest] if rest else []
            self._inbox_size = len(rest)
            self._tokens -= len(piece)
            self.chars_taken += len(piece)
            driver.feed(piece)
            if rest:
                self._busy = True
                driver.after_input(self._piece_done)
                return
        if self.reading_paused and self._inbox_size <= INPUT_HIGH // 2:
            self.reading_paused = False
            resume = getattr(self.channel, "resume_reading", None)
            if resume is not None:
                resume()

    def _piece_done(self) -> None:
        self._busy = False
        self.pump()

    def resize(self, width: int, height: int) -> None:
        """The client's window changed."""
        self.width, self.height = clamp_size(width, height)
        if self.driver is not None:
            self.driver.resized(self.width, self.height)

    # -- to the client ------------------------------------------------------------------------------
    def send(self, text: str) -> None:
        """Send a whole frame (or drop it while the client is not reading)."""
        if self.closed or not text:
            return
        if self.paused or self.channel.get_write_buffer_size() > self.high_water:
            self.dropped_frames += 1
            self._stale = True
            return
        data = self.depth(text).encode("utf-8", "replace")
        try:
            self.channel.write(data)
        except (BrokenPipeError, ConnectionError, OSError):
            self.closed = True
            return
        self.bytes_sent += len(data)
        if self._on_first_frame is not None and len(data) > FIRST_FRAME_BYTES:
            report, self._on_first_frame = self._on_first_frame, None
            report(time.perf_counter() - self._started)

    def pause_writing(self) -> None:
        """The channel's buffer passed its high-water mark: stop sending frames."""
        self.paused = True

    def resume_writing(self) -> None:
        """The client caught up: send again, and repaint the whole screen if frames were dropped."""
        self.paused = False
        if self._stale and self.driver is not None:
            self._stale = False
            self.driver.repaint()

    def close(self) -> None:
        """The channel is gone: nothing more is sent, nothing more is read."""
        self.closed = True
        self._inbox, self._inbox_size = [], 0
        if self._later is not None:
            self._later.cancel()
            self._later = None


class ChannelDriver(Driver):
    """A Textual driver on a :class:`ChannelTerminal` (made per session by ``terminal.driver_class()``)."""

    terminal: ClassVar[ChannelTerminal]

    def __init__(self, app: App[Any], *, debug: bool = False, mouse: bool = True,
                 size: tuple[int, int] | None = None) -> None:
        terminal = type(self).terminal
        super().__init__(app, debug=debug, mouse=mouse, size=(terminal.width, terminal.height))
        self._terminal = terminal
        self._parser: XTermParser | None = XTermParser()
        self._out: list[str] = []
        self._flush_scheduled = False
        self._tick: asyncio.TimerHandle | None = None
        self._started = False

    @property
    def is_headless(self) -> bool:
        return False

    @property
    def can_suspend(self) -> bool:
        return False

    # -- output -------------------------------------------------------------------------------------
    def write(self, data: str) -> None:
        """Queue ``data``; it goes out with the frame (at :meth:`flush`, or soon after)."""
        self._out.append(data)
        if not self._flush_scheduled:
            self._flush_scheduled = True
            self._loop.call_soon(self.flush)

    def flush(self) -> None:
        """Send what is queued as one piece."""
        self._flush_scheduled = False
        if self._out:
            text, self._out = "".join(self._out), []
            self._terminal.send(text)

    def repaint(self) -> None:
        """Draw the whole screen again (after frames were dropped)."""
        app = self._app
        if app.is_running:
            app.call_later(app.refresh)

    # -- application mode ---------------------------------------------------------------------------
    def start_application_mode(self) -> None:
        self._terminal.driver = self
        self._started = True
        self.write(ENTER)
        self.flush()
        self.resized(self._terminal.width, self._terminal.height)
        self._terminal.pump()  # what the client typed before the app started

    def disable_input(self) -> None:
        self._parser = None
        if self._tick is not None:
            self._tick.cancel()
            self._tick = None

    def stop_application_mode(self) -> None:
        self.disable_input()
        if self._started:
            self.write(LEAVE)
            self.flush()
        if self._terminal.driver is self:
            self._terminal.driver = None

    # -- input --------------------------------------------------------------------------------------
    def send_message(self, message: Message) -> None:
        """Post to the app directly: we are on its loop (the base class assumes a thread)."""
        self._app.post_message(message)

    def process_message(self, message: Message) -> None:
        """Pasted text loses its control characters (an escape sequence pasted into a message would
        otherwise reach every reader's terminal) and is cut at MAX_PASTE characters."""
        if isinstance(message, events.Paste):
            message = events.Paste(PASTE_CONTROL.sub("", message.text)[:MAX_PASTE])
        super().process_message(message)

    def feed(self, text: str) -> None:
        """Parse what the client sent into key, mouse and paste events."""
        parser = self._parser
        if parser is None:
            return
        try:
            for message in parser.feed(text):
                self.process_message(message)
        except ParseError:
            self._parser = XTermParser()
        if self._tick is not None:
            self._tick.cancel()
        self._tick = self._loop.call_later(ESC_DELAY, self._timeout)

    def after_input(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` once the app has handled the events fed so far."""
        if self._parser is None:
            return
        if self._app.is_running:
            self._app.call_later(callback)
        else:
            self._loop.call_later(0.05, callback)

    def _timeout(self) -> None:
        self._tick = None
        parser = self._parser
        if parser is None:
            return
        for message in parser.tick():
            self.process_message(message)

    def resized(self, width: int, height: int) -> None:
        """Tell the app the window is now ``width`` x ``height``."""
        self._size = (width, height)
        size = Size(width, height)
        self.send_message(events.Resize(size, size))

    # -- nothing reaches the server's machine -------------------------------------------------------
    def open_url(self, url: str, new_tab: bool = True) -> None:
        log.info("a session asked to open %r; ignored (nothing opens on the server)", url[:200])

    def deliver_binary(self, binary: BinaryIO | TextIO, *, delivery_key: str, save_path: Path,
                       open_method: Literal["browser", "download"] = "download", encoding: str | None = None,
                       mime_type: str | None = None, name: str | None = None) -> None:
        log.info("a session asked to save %s; refused (no files are written for sessions)", name or save_path.name)
        try:
            binary.close()
        finally:
            self._app.post_message(events.DeliveryFailed(key=delivery_key, exception=PermissionError(
                "files are not delivered over SSH"), name=name))
