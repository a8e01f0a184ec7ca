"""The message board: the threads this viewer may read (public, team, GM), unread markers, posting."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.widgets import Input, Static, Tab, Tabs

from tui.text import message_text
from tui.widgets.inputs import SteadyInput


class ThreadError(ValueError):
    """A ``say`` line names a thread the writer may not use (or says nothing)."""


def parse_say(line: str, threads: list[str]) -> tuple[str, str] | None:
    """``say <thread> <text>`` (or ``say <thread>: <text>``) -> (thread, text); None if the line is no ``say``.

    ``team`` and ``gm`` stand for the writer's only team or GM thread. Raises ThreadError, naming
    the threads the writer may use, for any other thread or an empty text: such a line goes nowhere.
    """
    words = line.strip().split(None, 1)
    if not words or words[0].lower() != "say":
        return None
    rest = words[1].strip() if len(words) > 1 else ""
    token, _, text = rest.partition(" ")
    if token.count(":") >= 1 and not token.endswith(":") and token.split(":", 1)[0] in ("public",):
        token, text = "public", token.split(":", 1)[1] + (" " + text if text else "")
    if token.endswith(":"):
        token = token[:-1]
    elif ":" in token and token.count(":") >= 2:  # team:GAR:text
        head, _, tail = token.rpartition(":")
        token, text = head, tail + (" " + text if text else "")
    short = {"team": [t for t in threads if t.startswith("team:")], "gm": [t for t in threads if t.startswith("gm:")]}
    if token in short and len(short[token]) == 1:
        token = short[token][0]
    if token not in threads:
        raise ThreadError(f"no thread {token!r} for you: write `say <thread> <text>` with one of "
                          f"{', '.join(threads)}; nothing was sent")
    if not text.strip():
        raise ThreadError(f"say what? write `say {token} <text>`; nothing was sent")
    return token, text.strip()


def tab_id(thread: str) -> str:
    """A widget id for a thread name (``team:GAR`` -> ``thread-team-GAR``)."""
    return "thread-" + "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in thread)


def thread_label(thread: str, unread: int) -> str:
    """``team:GAR ●2``."""
    return f"{thread} ●{unread}" if unread else thread


class MessageBoard(Vertical):
    """Threads as tabs, the selected thread's messages, a line to post."""

    DEFAULT_CSS = """
    MessageBoard { height: 1fr; }
    MessageBoard > Tabs { height: 2; }
    MessageBoard > VerticalScroll { height: 1fr; padding: 0 1; }
    MessageBoard > #post-row { height: 1; }
    MessageBoard > #post-status { height: auto; max-height: 3; padding: 0 1; }
    MessageBoard #post-to { width: auto; padding: 0 0 0 1; color: $accent; text-style: bold; }
    MessageBoard #post { height: 1; width: 1fr; border: none; padding: 0 1; background: $boost; }
    """

    @dataclass
    class Post(Message):
        """Post ``text`` to ``thread``."""

        thread: str
        text: str

    @dataclass
    class Opened(Message):
        """``thread`` is on show (its messages count as read if the board is visible)."""

        thread: str

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._threads: list[str] = []
        self._messages: list[dict[str, Any]] = []
        self._read: dict[str, int] = {}
        self._me = ""
        self._shown: Any = None

    def compose(self):  # type: ignore[no-untyped-def]
        yield Tabs(id="threads")
        with VerticalScroll(id="message-scroll"):
            yield Static(id="message-lines")
        status = Static(id="post-status")
        status.display = False
        yield status
        with Horizontal(id="post-row"):
            yield Static("to ? ›", id="post-to")
            yield SteadyInput(placeholder="write to this thread, Enter sends", id="post")

    @property
    def thread(self) -> str | None:
        """The thread on show."""
        tabs = self.query_one(Tabs)
        active = tabs.active_tab
        if active is None:
            return self._threads[0] if self._threads else None
        for thread in self._threads:
            if tab_id(thread) == active.id:
                return thread
        return None

    def is_unread(self, message: dict[str, Any]) -> bool:
        """Whether ``message`` is new to the viewer (their own messages never are)."""
        return message.get("from") != self._me and int(message.get("n", 0)) > self._read.get(str(message.get("thread")), 0)

    def show(self, threads: list[str], messages: list[dict[str, Any]], read: dict[str, int], me: str) -> None:
        """Draw the threads and messages (``read``: the last message number read per thread); skipped when unchanged."""
        key = (threads, messages, dict(read), me)
        if key == self._shown:
            return
        self._shown = key
        self._messages, self._read, self._me = messages, dict(read), me
        unread: dict[str, int] = {}
        for message in messages:
            if self.is_unread(message):
                unread[str(message.get("thread"))] = unread.get(str(message.get("thread")), 0) + 1
        tabs = self.query_one(Tabs)
        if threads != self._threads:
            tabs.clear()
            for thread in threads:
                tabs.add_tab(Tab(thread_label(thread, unread.get(thread, 0)), id=tab_id(thread)))
            self._threads = list(threads)
        else:
            for thread in threads:
                tabs.query_one(f"#{tab_id(thread)}", Tab).label = thread_label(thread, unread.get(thread, 0))
        self._draw()

    def _draw(self) -> None:
        thread = self.thread
        lines = self.query_one("#message-lines", Static)
        if thread is None:
            lines.update("")
            return
        shown = [m for m in self._messages if m.get("thread") == thread]
        if not shown:
            lines.update(Text(f"no messages in {thread} yet", style="dim italic"))
        else:
            lines.update(Text("\n").join(message_text(m, self.is_unread(m)) for m in shown))
        self.query_one("#post-to", Static).update(f"to {thread} ›")
        self.query_one("#post", Input).placeholder = f"Enter sends to {thread}; F7 next thread; `say <thread> ...` elsewhere"
        self.query_one("#message-scroll").scroll_end(animate=False)

    def next_thread(self) -> None:
        """Show the next thread (the input writes to it)."""
        if self._threads:
            current = self.thread
            index = self._threads.index(current) + 1 if current in self._threads else 0
            self.query_one(Tabs).active = tab_id(self._threads[index % len(self._threads)])

    def sent(self, thread: str) -> None:
        """The message went out: clear the line, say where it went."""
        self.query_one("#post", Input).value = ""
        self.say(Text(f"✓ sent to {thread}", style="bold green"))

    def say(self, text: Text | str) -> None:
        """One status line above the input (a refusal, or where the last message went); empty hides it."""
        line = self.query_one("#post-status", Static)
        line.update(text)
        line.display = bool(str(text))

    def refused(self, reason: str) -> None:
        """The line went nowhere: say why; the text stays on the input."""
        self.say(Text.assemble(("✗ ", "bold bright_red"), (reason, "bright_red")))

    def on_tabs_tab_activated(self, event: Tabs.TabActivated) -> None:
        event.stop()
        self._draw()
        if self.thread is not None:
            self.post_message(self.Opened(self.thread))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Post to the thread on show, or to the one a ``say <thread> <text>`` line names (or nowhere:
        a refusal keeps the text on the line)."""
        event.stop()
        text = event.value.strip()
        if not text or self.thread is None:
            return
        try:
            said = parse_say(text, self._threads)
        except ThreadError as exc:
            self.refused(str(exc))
            return
        thread, body = said if said is not None else (self.thread, text)
        self.post_message(self.Post(thread, body))
