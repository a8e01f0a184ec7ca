"""The message board: the threads this viewer may read (public, team, GM), unread markers, posting."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual.containers import Vertical, VerticalScroll
from textual.message import Message
from textual.widgets import Input, Static, Tab, Tabs

from tui.text import message_text
from tui.widgets.inputs import SteadyInput


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
    MessageBoard > #post { height: 1; border: none; padding: 0 1; background: $boost; }
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
        self.query_one("#post", Input).placeholder = f"write to {thread}, Enter sends"
        self.query_one("#message-scroll").scroll_end(animate=False)

    def on_tabs_tab_activated(self, event: Tabs.TabActivated) -> None:
        event.stop()
        self._draw()
        if self.thread is not None:
            self.post_message(self.Opened(self.thread))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value.strip()
        if text and self.thread is not None:
            self.post_message(self.Post(self.thread, text))
            event.input.value = ""
