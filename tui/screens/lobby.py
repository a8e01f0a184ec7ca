"""The lobby: start a new game, load a saved one, or quit."""
from __future__ import annotations

from pathlib import Path

from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

BANNER = """\
 _         _       _        _     _
| |__  ___| |___  | |_ __ _| |__ | |___
| '_ \\/ _ \\ / _ \\ |  _/ _` | '_ \\| / -_)
|_| |_\\___/_\\___/  \\__\\__,_|_.__/|_\\___|"""


class LobbyScreen(Screen[None]):
    """The first screen of hot-seat play."""

    CSS_PATH = str(Path(__file__).with_name("lobby.tcss"))
    BINDINGS = [
        Binding("n", "new_game", "New game"),
        Binding("l", "load_game", "Load a game"),
        Binding("b", "fleet_builder", "Fleet builder"),
        Binding("q", "app.quit", "Quit"),
    ]

    def compose(self):  # type: ignore[no-untyped-def]
        with Center(id="lobby-center"):
            with Vertical(id="lobby-box"):
                yield Static(BANNER, id="lobby-banner")
                yield Static("a war room for Star Wars play-by-post wargames", id="lobby-tagline")
                yield OptionList(
                    Option("New game          n", id="new"),
                    Option("Load a game       l", id="load"),
                    Option("Fleet builder     b", id="builder"),
                    Option("Quit              q", id="quit"),
                    id="lobby-menu",
                )
                yield Static("", id="lobby-note")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#lobby-menu").focus()
        self.query_one("#lobby-note", Static).update(f"[dim]games are kept in {self.app.saves.where}[/dim]")  # type: ignore[attr-defined]

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        {"new": self.action_new_game, "load": self.action_load_game, "builder": self.action_fleet_builder,
         "quit": self.app.exit}[event.option.id or "quit"]()

    def action_new_game(self) -> None:
        from tui.screens.new_game import NewGameScreen
        self.app.push_screen(NewGameScreen(self.app.default_ruleset, self.app.seed))  # type: ignore[attr-defined]

    def action_fleet_builder(self) -> None:
        from tui.screens.fleet_builder import FleetBuilderScreen
        self.app.push_screen(FleetBuilderScreen())

    def action_load_game(self) -> None:
        from tui.screens.load_game import LoadGameScreen
        self.app.push_screen(LoadGameScreen())
