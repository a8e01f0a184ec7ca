"""The holotable war room: a Textual app for hot-seat play of any registered rule system, or for
one fixed seat (the SSH server runs one app per connection, all in one process).

- ``HolotableApp()``: the lobby (new game, load a game, quit), then hot-seat play with a curtain
  between seats.
- ``HolotableApp(session)``: hot-seat play of that session at once (the caller keeps it saved).
- ``HolotableApp(session, seat="al")`` (or ``viewer=``): only that seat's view, no curtain, live
  updates when others act. ``driver_class`` is passed to Textual (an SSH channel's driver, say).

Nothing here touches the process: no signal handlers, no environment changes, no class-wide
settings; every input has a steady cursor.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Type

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.driver import Driver
from textual.screen import Screen

from tui.hotseat import Desk, HotSeat
from tui.storage import OpenGame, Saves, default_saves

if TYPE_CHECKING:
    from core.session import Session

WIPE = "\x1b[H\x1b[2J\x1b[3J"


class HolotableApp(App[None]):
    """The war room."""

    CSS_PATH = str(Path(__file__).with_name("app.tcss"))
    TITLE = "holotable"
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", priority=True, show=False)]

    def __init__(self, session: Session | None = None, *, seat: str | None = None, viewer: str | None = None,
                 actor: str | None = None, saves: Saves | None = None, game: OpenGame | None = None,
                 data_dir: str | os.PathLike[str] | None = None, seed: str | None = None,
                 ruleset: str | None = None, driver_class: Type[Driver] | None = None,
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
        self.hotseat = HotSeat(session, resumed=resumed)
        self.push_screen(self._curtain(self.hotseat.next_seat()))

    def _curtain(self, seat: str | None) -> Screen[Any]:
        from tui.screens.curtain import CurtainScreen
        assert self.hotseat is not None
        return CurtainScreen(self.hotseat.session, seat, None if seat is None else self.hotseat.desk(seat))

    def seat_arrived(self, seat: str) -> None:
        """The curtain let ``seat`` in: show its view."""
        from tui.screens.game import GameScreen
        assert self.hotseat is not None
        self.hotseat.current = seat
        screen = GameScreen(self.hotseat.session, seat, self.hotseat.desk(seat), hotseat=True, on_done=self.seat_done)
        self.switch_screen(screen)

    def seat_done(self, seat: str) -> None:
        """``seat`` has nothing more to do now: draw the curtain for the next seat (or the end)."""
        if self.hotseat is None:
            return
        following = self.hotseat.next_seat(after=seat)
        if following == seat:
            return
        self.hotseat.current = None
        while len(self.screen_stack) > 2 and not self._is_hotseat_screen(self.screen):
            self.pop_screen()
        self.switch_screen(self._curtain(following))

    @staticmethod
    def _is_hotseat_screen(screen: Screen[Any]) -> bool:
        from tui.screens.curtain import CurtainScreen
        from tui.screens.game import GameScreen
        return isinstance(screen, (GameScreen, CurtainScreen))

    def leave_game(self) -> None:
        """Back to the lobby (the game stays saved); in fixed-seat play, quit."""
        from tui.screens.lobby import LobbyScreen
        if self.fixed_seat is not None:
            self.exit()
            return
        self.hotseat = None
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

    # -- the command palette ----------------------------------------------------------------------------
    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """The screen's own actions first (from its bindings), then Textual's."""
        seen: set[str] = set()
        for key, active in screen.active_bindings.items():
            binding = active.binding
            if not binding.description or binding.action in seen or binding.action == "quit":
                continue
            seen.add(binding.action)
            node, action = active.node, binding.action
            yield SystemCommand(binding.description, f"{binding.description} ({self.get_key_display(binding)})",
                                lambda node=node, action=action: self.call_later(node.run_action, action))
        yield from super().get_system_commands(screen)
