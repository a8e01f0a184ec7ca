"""The Textual apps a connection runs, and how one is run inside the server process.

- :class:`PlayerApp`: the war room of :mod:`tui` for one seat, no curtain, the desk (read markers,
  the last turn seen) kept between connections, the pane and the half-typed order restored on
  reconnecting, a bell when a turn resolves.
- :class:`GamePicker`: which game, for an account with seats in several.
- :class:`ServedMixin`: what no served app may do: take screenshots onto the server's disk, open
  URLs or deliver files there, suspend the process.
- :func:`run_served`: run an app on the event loop without ``App.run`` and put back what Textual
  changes process-wide (standard streams, instance-method caches) when it ends.
"""
from __future__ import annotations

import asyncio
import io
import logging
import sys
from pathlib import Path
from typing import Any, Callable, Iterable, TextIO

from rich.console import Console
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from server.accounts import SeatRef
from server.bridge import ChannelTerminal, configure_console
from server.hub import HostedGame, Resume
from tui.app import HolotableApp

log = logging.getLogger("holotable.server")
MAX_INPUT = 1000
TUI_CSS = str(Path(sys.modules[HolotableApp.__module__].__file__ or ".").parent / str(HolotableApp.CSS_PATH))
FAILED_MESSAGE = "\r\n\x1b[0mholotable: {line}. Reconnect to resume.\r\n"


class _LogFile(io.TextIOBase):
    """A text file whose lines go to the server log (for Textual's error console)."""

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix
        self._buffer = ""

    def write(self, text: str) -> int:
        self._buffer += text
        if len(self._buffer) > 200_000:
            self._buffer = self._buffer[-200_000:]
        return len(text)

    def flush(self) -> None:
        if self._buffer.strip():
            log.error("%s\n%s", self.prefix, self._buffer.rstrip())
        self._buffer = ""


class ServedMixin:
    """Put first in the bases of an app served over SSH: nothing it does reaches the server's machine."""

    CRASH_DETAILS_TO_ERROR_CONSOLE = True  # the error console is the server's log, not the player

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        for command in super().get_system_commands(screen):  # type: ignore[misc]
            if "screenshot" not in command.title.lower():
                yield command

    def action_screenshot(self, filename: str | None = None, path: str | None = None) -> None:
        self.notify("screenshots are not taken on the server", severity="warning")  # type: ignore[attr-defined]

    def deliver_screenshot(self, *args: Any, **kwargs: Any) -> str | None:
        return None

    def save_screenshot(self, *args: Any, **kwargs: Any) -> str:
        raise PermissionError("screenshots are not saved on the server")

    def action_suspend_process(self) -> None:
        return None

    def open_url(self, url: str, *, new_tab: bool = True) -> None:
        return None

    def deliver_text(self, *args: Any, **kwargs: Any) -> str | None:
        return None

    def deliver_binary(self, *args: Any, **kwargs: Any) -> str | None:
        return None


def bound_inputs(screen: Screen[Any], limit: int = MAX_INPUT) -> None:
    """Cap every input line of ``screen`` at ``limit`` characters (each key costs more as a line grows)."""
    from textual.widgets import Input
    for field in screen.query(Input):
        if not field.max_length or field.max_length > limit:
            field.max_length = limit


def prepare(app: App[Any], terminal: ChannelTerminal, label: str) -> None:
    """Give a served app its session's colours and send its error reports to the server log."""
    configure_console(app)
    app.error_console = Console(file=_LogFile(f"session {label} failed:"), markup=False, highlight=False,
                                width=120, color_system=None, force_terminal=False)


# -- the player's war room ----------------------------------------------------------------------------
class PlayerApp(ServedMixin, HolotableApp):
    """The war room of ``seat`` for ``account``: only that seat's view, live."""

    CSS_PATH = TUI_CSS

    def __init__(self, hosted: HostedGame, seat: str, account: str, terminal: ChannelTerminal) -> None:
        super().__init__(hosted.session, seat=seat, actor=seat, driver_class=terminal.driver_class())
        self.hosted = hosted
        self.seat = seat
        self.account = account
        self._unsubscribe: Callable[[], None] | None = None
        self._unwarn: Callable[[], None] | None = None
        self._hub: Any = None
        self.bells = 0
        prepare(self, terminal, f"{account}/{hosted.game_id}/{seat}")

    def attend(self, hub: Any) -> None:
        """Count this war room (once it runs) as the seat's presence at ``hub``; hear its deadline warnings."""
        self._hub = hub

    def _warned(self, game: str, seat: str, text: str) -> None:
        if game == self.hosted.game_id and seat == self.seat and self.is_running:
            self.call_later(self._tell, text)

    def _tell(self, text: str, severity: str = "warning") -> None:
        self._ring()
        self.notify(text, severity=severity, timeout=60)  # type: ignore[arg-type]

    def on_mount(self, event: Any) -> None:
        event.prevent_default()  # the desk is ours (kept between connections), not a fresh one
        from tui.screens.game import GameScreen
        desk = self.hosted.desk(self.account, self.seat)
        screen = GameScreen(self.hosted.session, self.seat, desk, hotseat=False, actor=self.seat)
        self.push_screen(screen)
        self.call_after_refresh(bound_inputs, screen)
        self._unsubscribe = self.hosted.session.subscribe(self._heard)
        if self._hub is not None:
            self._hub.arrive(self.hosted.game_id, self.seat)
            self._unwarn = self._hub.on_warning(self._warned)
        resume = self.hosted.resume.get(self.account)
        if resume is not None:
            self.call_after_refresh(self._restore, resume)

    def _heard(self, kind: str, payload: dict[str, Any]) -> None:
        if kind == "resolved" and self.is_running:
            self.call_later(self._ring)
        elif kind == "bot" and payload.get("seat") == self.seat and self.is_running:
            text = (f"a bot now plays your seat {self.seat}: it gives its orders each turn; ask the GM "
                    "(`say gm <text>`) to have the seat back") if payload.get("flag") else \
                f"your seat {self.seat} is yours again: the bot no longer plays it"
            self.call_later(self._tell, text)

    def _ring(self) -> None:
        self.bells += 1
        self.bell()

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """The menu (Ctrl+P): the war room's own commands, and Notifications where the server sends them."""
        yield from super().get_system_commands(screen)
        if getattr(self._hub, "notifier", None) is not None:
            yield SystemCommand("Notifications", "e-mail, Discord, Matrix ...: where you are told, and of what",
                                self.action_notifications)

    def action_notifications(self) -> None:
        """Open the Notifications screen (server/notify/screen.py)."""
        from server.notify.screen import NotifyScreen
        notifier = getattr(self._hub, "notifier", None)
        if notifier is not None:
            self.push_screen(NotifyScreen(notifier, self.account))

    def _game_screen(self) -> Any:
        from tui.screens.game import GameScreen
        for screen in self.screen_stack:
            if isinstance(screen, GameScreen):
                return screen
        return None

    def _restore(self, resume: Resume) -> None:
        screen = self._game_screen()
        if screen is None:
            return
        try:
            from textual.widgets import TabbedContent

            from tui.widgets.order_pane import OrderInput
            if resume.pane:
                screen.query_one("#side", TabbedContent).active = resume.pane
            field = screen.query_one(OrderInput)
            field.value = resume.draft
            field.cursor_position = min(resume.cursor, len(resume.draft))
            field.focus()
        except Exception:  # noqa: BLE001 - a screen that changed shape resumes without its draft
            log.debug("could not restore the pane and draft of %s", self.account, exc_info=True)

    def remember(self) -> None:
        """Keep the side pane and the half-typed order for the next connection."""
        screen = self._game_screen()
        if screen is None:
            return
        try:
            from textual.widgets import TabbedContent

            from tui.widgets.order_pane import OrderInput
            field = screen.query_one(OrderInput)
            self.hosted.resume[self.account] = Resume(screen.query_one("#side", TabbedContent).active,
                                                      field.value, field.cursor_position)
        except Exception:  # noqa: BLE001
            log.debug("could not remember the pane and draft of %s", self.account, exc_info=True)

    def exit(self, *args: Any, **kwargs: Any) -> None:
        self.remember()
        super().exit(*args, **kwargs)

    def on_unmount(self) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        if self._unwarn is not None:
            self._unwarn()
            self._unwarn = None
        if self._hub is not None:
            self._hub.leave(self.hosted.game_id, self.seat)
            self._hub = None


# -- choosing a game ------------------------------------------------------------------------------------
class PickerScreen(Screen[None]):
    """A list of the account's seats; Enter plays the one chosen."""

    BINDINGS = [Binding("escape", "app.quit", "Leave")]
    DEFAULT_CSS = """
    PickerScreen { align: center middle; }
    PickerScreen #pick-title { width: 80%; height: auto; padding: 1 0; text-style: bold; }
    PickerScreen OptionList { width: 80%; height: auto; max-height: 20; }
    """

    def __init__(self, account: str, choices: list[tuple[SeatRef, str]], last: str | None) -> None:
        super().__init__()
        self.account = account
        self.choices = choices
        self.last = last

    def compose(self):  # type: ignore[no-untyped-def]
        yield Static(f"{self.account}: which game? (Enter plays it)", id="pick-title")
        yield OptionList(*[Option(text, id=f"{ref.game}/{ref.seat}") for ref, text in self.choices], id="games")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        options = self.query_one(OptionList)
        for index, (ref, _) in enumerate(self.choices):
            if ref.game == self.last:
                options.highlighted = index
        options.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.app.exit(self.choices[event.option_index][0])


class GamePicker(ServedMixin, App[SeatRef]):
    """Which of the account's games to play."""

    def __init__(self, account: str, choices: list[tuple[SeatRef, str]], last: str | None,
                 terminal: ChannelTerminal) -> None:
        super().__init__(driver_class=terminal.driver_class())
        self._screen_args = (account, choices, last)
        prepare(self, terminal, f"{account}/picker")

    def on_mount(self) -> None:
        self.push_screen(PickerScreen(*self._screen_args))


# -- running an app in the server process -----------------------------------------------------------------
def clear_textual_caches() -> None:
    """Clear the ``lru_cache``\\ s Textual keeps on instance methods: they hold finished apps alive."""
    from textual import _styles_cache, _xterm_parser
    for cls in (_xterm_parser.XTermParser, _styles_cache.StylesCache):
        for value in vars(cls).values():
            clear = getattr(value, "cache_clear", None)
            if callable(clear):
                clear()


async def run_served(app: App[Any], streams: tuple[TextIO, TextIO]) -> tuple[Any, bool]:
    """Run ``app`` on this event loop until it exits; returns (its return value, whether it failed).

    Textual redirects ``sys.stdout``/``sys.stderr`` while an app runs and sets the loop's task
    factory on newer Pythons; with many apps in one process ending out of order those would be
    left pointing at a dead app, so they are put back (to ``streams``) every time one ends.
    """
    loop = asyncio.get_running_loop()
    factory = loop.get_task_factory()
    failed = False
    result = None
    try:
        result = await app.run_async()
        failed = bool(app.return_code)
    except Exception:  # noqa: BLE001 - one session's failure is that session's only
        log.exception("a session's app failed")
        failed = True
    finally:
        sys.stdout, sys.stderr = streams
        loop.set_task_factory(factory)
        clear_textual_caches()
    return result, failed
