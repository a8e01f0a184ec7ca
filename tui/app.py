"""The holotable war room: a Textual app for hot-seat play of any registered rule system, or for
one fixed seat (the SSH server runs one app per connection, all in one process).

- ``HolotableApp()``: the lobby (new game, load a game, quit), then hot-seat play with a curtain
  between seats.
- ``HolotableApp(session)``: hot-seat play of that session at once (the caller keeps it saved).
- ``HolotableApp(session, seat="al")`` (or ``viewer=``): only that seat's view, no curtain, live
  updates when others act. ``driver_class`` is passed to Textual (an SSH channel's driver, say).
- ``authenticated="gm"``: who the connection already proved to be (an SSH key): the app's gate
  (:class:`tui.hotseat.Gate`) then holds that viewer for good instead of asking PINs.

Nothing here touches the process: no signal handlers, no environment changes, no class-wide
settings; every input has a steady cursor.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Type

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.command import CommandPalette
from textual.driver import Driver
from textual.screen import Screen

from tui.crash import CRASH_LINE, crash_report, write_crash_log
from tui.hotseat import Desk, Gate, HotSeat
from tui.storage import OpenGame, Saves, default_saves

if TYPE_CHECKING:
    from core.session import Session

WIPE = "\x1b[H\x1b[2J\x1b[3J"
BOT_PACE = 1.5  # seconds between the steps bots play alone: a watcher can follow
BOT_STEPS = 1   # steps (a resolution, or one bot's action in a game taken in turns) per BOT_PACE


def watched_bot_steps(seats: Any) -> int | None:
    """How many steps the bots of a new game with ``seats`` ((name, side, bot) each) play at a time
    when a watcher follows it: BOT_STEPS when every seat is a bot, else None (at once)."""
    bots = [bool(seat[2]) if len(seat) > 2 else False for seat in seats]
    return BOT_STEPS if bots and all(bots) else None


class GuardedCommandPalette(CommandPalette):
    """Textual's command palette, guarded against paging before its list is laid out (Textual 8.2:
    Ctrl+P then PageDown at once raised ``KeyError: 0`` from the option list's line index)."""

    def _action_command_list(self, action: str) -> None:
        try:
            super()._action_command_list(action)
        except (KeyError, IndexError):
            return  # the list has no lines yet: there is nothing to page through


class HolotableApp(App[None]):
    """The war room."""

    CSS_PATH = str(Path(__file__).with_name("app.tcss"))
    TITLE = "holotable"
    # the error console is the player's terminal here; a served app (whose error console is the
    # server's log) sets this to get the stack there too (never local variables' values)
    CRASH_DETAILS_TO_ERROR_CONSOLE = False
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", priority=True, show=False)]

    def __init__(self, session: Session | None = None, *, seat: str | None = None, viewer: str | None = None,
                 actor: str | None = None, saves: Saves | None = None, game: OpenGame | None = None,
                 data_dir: str | os.PathLike[str] | None = None, seed: str | None = None,
                 ruleset: str | None = None, authenticated: str | None = None,
                 driver_class: Type[Driver] | None = None,
                 css_path: Any = None, watch_css: bool = False, ansi_color: bool | None = None) -> None:
        super().__init__(driver_class=driver_class, css_path=css_path, watch_css=watch_css, ansi_color=ansi_color)
        self.given_session = session if session is not None else (game.session if game is not None else None)
        self.fixed_seat = seat or viewer
        self.actor = actor
        self._saves = saves
        self.data_dir = data_dir
        self.seed = seed
        self.default_ruleset = ruleset
        self.game: OpenGame | None = game
        self.hotseat: HotSeat | None = None
        self.gate = Gate(fixed=authenticated or self.fixed_seat)
        self.bot_pace = BOT_PACE
        self.bot_steps: int | None = BOT_STEPS  # None: an all-bot game plays each turn's steps at once
        self.crash_log: Path | None = None
        self.wipes = 0

    # -- saves ------------------------------------------------------------------------------------
    @property
    def saves(self) -> Saves:
        """Where games are listed, opened and kept (made on first use)."""
        if self._saves is None:
            self._saves = default_saves(self.data_dir)
        return self._saves

    def close_game(self) -> None:
        """Let the open game go (its saving stops, its lock is released)."""
        if self.game is not None:
            game, self.game = self.game, None
            try:
                game.close()
            except Exception as exc:  # noqa: BLE001 - closing never stops the app
                self.notify(f"closing the game: {exc}", severity="error")

    # -- start --------------------------------------------------------------------------------------
    def on_mount(self) -> None:
        if self.fixed_seat is not None:
            if self.given_session is None:
                raise ValueError("a fixed seat needs a session")
            from tui.screens.game import GameScreen
            session = self.given_session
            desk = Desk(self.fixed_seat, last_seen_turn=session.turn)
            self.push_screen(GameScreen(session, self.fixed_seat, desk, hotseat=False, actor=self.actor))
            return
        from tui.screens.lobby import LobbyScreen
        self.push_screen(LobbyScreen())
        if self.given_session is not None:
            self.begin_hotseat(self.given_session, self.game, resumed=True)
        self.set_interval(self.bot_pace, self.run_bots)

    def on_unmount(self) -> None:
        self.close_game()

    # -- hot-seat -------------------------------------------------------------------------------------
    def begin_hotseat(self, session: Session, game: OpenGame | None = None, resumed: bool = False) -> None:
        """Play ``session`` hot-seat from the lobby: the curtain for the first seat with something to do."""
        from tui.screens.lobby import LobbyScreen
        if game is not self.game:
            self.close_game()
            self.game = game
        while len(self.screen_stack) > 1 and not isinstance(self.screen, LobbyScreen):
            self.pop_screen()
        self.gate.close()
        session.bot_steps = self.bot_steps if session.all_bots() else None
        self.hotseat = HotSeat(session, resumed=resumed)
        self.push_screen(self._curtain(self.hotseat.next_seat()))

    def _curtain(self, seat: str | None) -> Screen[Any]:
        from tui.screens.curtain import CurtainScreen
        assert self.hotseat is not None
        self.gate.close()
        return CurtainScreen(self.hotseat.session, seat, back=self.hotseat.may_come_back())

    def seat_arrived(self, seat: str, back: bool = False) -> None:
        """The curtain let ``seat`` in (the gate knows): show its view. ``back``: the seat came back to
        its orders, so it is not ready any more."""
        from tui.screens.game import GameScreen
        assert self.hotseat is not None
        session = self.hotseat.session
        self.gate.require(session, seat)
        if back and seat in session.record["ready"] and seat in session.awaiting():
            session.ready(seat, seat, False)
        self.hotseat.current = seat
        self.hotseat.handed_over = None
        screen = GameScreen(session, seat, self.hotseat.desk(seat), hotseat=True, on_done=self.seat_done)
        screen.lone = self.hotseat.humans() == [seat]  # the only player here: no terminal to hand over
        if back:
            screen.opening_note = "back to your orders: you are not ready any more (Ctrl+R when they are complete)"
        self.switch_screen(screen)

    def gm_arrived(self) -> None:
        """The curtain let the GM in (with the GM passphrase): every seat's view, read-only here."""
        from tui.screens.watch import WatchScreen
        assert self.hotseat is not None
        self.hotseat.current = None
        self.switch_screen(WatchScreen(self.hotseat.session))

    def seat_done(self, seat: str) -> None:
        """``seat`` has nothing more to do now: draw the curtain for the next seat (or the end)."""
        if self.hotseat is None:
            return
        following = self.hotseat.next_seat(after=seat)
        if following == seat:
            return
        self.hotseat.current = None
        self.hotseat.handed_over = seat
        self.to_curtain(following)

    def to_curtain(self, seat: str | None = None) -> None:
        """Bring the curtain down now (on ``seat``, or on whoever is next)."""
        if self.hotseat is None:
            return
        while len(self.screen_stack) > 2 and not self._is_hotseat_screen(self.screen):
            self.pop_screen()
        self.switch_screen(self._curtain(seat if seat is not None else self.hotseat.next_seat()))

    @staticmethod
    def _is_hotseat_screen(screen: Screen[Any]) -> bool:
        from tui.screens.curtain import CurtainScreen
        from tui.screens.game import GameScreen
        from tui.screens.watch import WatchScreen
        return isinstance(screen, (GameScreen, CurtainScreen, WatchScreen))

    def run_bots(self) -> None:
        """When only bots are awaited, move the game on by one step: in an all-bot game the bots play
        ``bot_steps`` steps; when they are all ready, or stuck, the terminal forces the step as the GM
        would. Called every ``bot_pace`` seconds, so a watcher can follow."""
        hotseat = self.hotseat
        if hotseat is None or not hotseat.bots_to_run():
            return
        from core.errors import HolotableError
        from tui.screens.curtain import CurtainScreen
        from tui.screens.game import GameScreen
        from tui.screens.watch import WatchScreen
        lone = isinstance(self.screen, GameScreen) and self.screen.lone and self.screen.seat == hotseat.current
        if not lone and (hotseat.current is not None or not isinstance(self.screen, (CurtainScreen, WatchScreen))):
            return  # a seat is at the terminal (the only player, at their war room, watches the bots play)
        session = hotseat.session
        session.bot_steps = self.bot_steps if session.all_bots() else None
        played = session.play_bots()
        if not played:  # the bots are all ready, or stuck: the terminal forces the step as a GM would
            try:
                session.resolve(session.gm)
            except HolotableError as exc:
                self.notify(f"the bots cannot go on: {exc}", severity="error")
                return
        if isinstance(self.screen, CurtainScreen):
            if hotseat.next_seat() is not None or session.outcome() is not None:
                self.to_curtain()
            else:
                self.screen.refresh_public()  # the watcher sees each step: turn, public log, who is awaited

    def leave_game(self) -> None:
        """Back to the lobby (the game stays saved); in fixed-seat play, quit."""
        from tui.screens.lobby import LobbyScreen
        if self.fixed_seat is not None:
            self.exit()
            return
        self.hotseat = None
        self.gate.close()
        self.close_game()
        while len(self.screen_stack) > 1 and not isinstance(self.screen, LobbyScreen):
            self.pop_screen()
        if not isinstance(self.screen, LobbyScreen):
            self.push_screen(LobbyScreen())

    def action_leave_game(self) -> None:
        self.leave_game()

    # -- the terminal -----------------------------------------------------------------------------------
    def wipe_terminal(self) -> None:
        """Clear the whole terminal and its scrollback, then repaint: nothing of the last view stays."""
        self.wipes += 1
        driver = self._driver
        if driver is None or self.is_headless:
            return
        driver.write(WIPE)
        driver.flush()
        self.screen.refresh()

    # -- the edge: nothing unexpected reaches a player as a traceback ---------------------------------------
    def _handle_exception(self, error: Exception) -> None:
        """Any exception nobody caught: the details (never the game's secrets) to a log file, one
        line to the player, and a non-zero exit. The game was saved before every change was shown."""
        self.crash_log = write_crash_log(error, self.data_dir)
        self._return_code = 1
        if self._exception is None:
            self._exception = error
            self._exception_event.set()
        from rich.text import Text
        line = CRASH_LINE.format(log=self.crash_log or "(no log could be written)")
        if self.CRASH_DETAILS_TO_ERROR_CONSOLE:
            line += "\n" + crash_report(error)
        self._exit_renderables.append(Text(line))
        self._close_messages_no_wait()

    # -- the command palette ----------------------------------------------------------------------------
    def action_command_palette(self) -> None:
        """Ctrl+P: the command palette (guarded, see :class:`GuardedCommandPalette`)."""
        if self.use_command_palette and not CommandPalette.is_open(self):
            self.push_screen(GuardedCommandPalette(id="--command-palette"))

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """The screen's own actions first (from its bindings), then Textual's; never Quit (Ctrl+Q
        quits: the palette is in reach of anyone passing the curtain) nor Screenshot (a view written
        to a file outlives the curtain)."""
        seen: set[str] = set()
        for key, active in screen.active_bindings.items():
            binding = active.binding
            if not binding.description or binding.action in seen or binding.action.endswith("quit"):
                continue
            seen.add(binding.action)
            node, action = active.node, binding.action
            yield SystemCommand(binding.description, f"{binding.description} ({self.get_key_display(binding)})",
                                lambda node=node, action=action: self.call_later(node.run_action, action))
        for command in super().get_system_commands(screen):
            if command.title not in ("Quit", "Screenshot"):
                yield command
