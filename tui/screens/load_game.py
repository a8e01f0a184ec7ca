"""Load a game: every save with its rule system, turn, seats and when it was last played."""
from __future__ import annotations

import time
from pathlib import Path

from rich.text import Text
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Button, DataTable, Footer, Static

from core.errors import HolotableError
from tui.storage import SaveEntry, check_playable, safe


def when_text(stamp: float | None) -> str:
    """A time stamp as local ``YYYY-MM-DD HH:MM`` (``-`` for none)."""
    return "-" if stamp is None else time.strftime("%Y-%m-%d %H:%M", time.localtime(stamp))


class LoadGameScreen(Screen[None]):
    """The list of saves; Enter opens the highlighted one for hot-seat play, r replays it."""

    CSS_PATH = str(Path(__file__).with_name("load_game.tcss"))
    BINDINGS = [
        Binding("escape", "back", "Back"),
        Binding("r", "replay", "Replay"),
        Binding("f5", "reload", "Reload the list"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.entries: list[SaveEntry] = []

    def compose(self):  # type: ignore[no-untyped-def]
        yield Static("[b]Load a game[/b]   [dim]Enter opens · r replays · F5 reloads · Escape goes back[/dim]", id="load-title")
        yield DataTable(id="saves", cursor_type="row", zebra_stripes=True)
        with Horizontal(id="load-actions"):
            yield Button("Replay (r)", id="load-replay", compact=True)
            yield Static("", id="load-error")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns("game", "rule system", "turn", "last played", "seats")
        self.action_reload()
        table.focus()

    def action_reload(self) -> None:
        """Read the list of saves again."""
        table = self.query_one(DataTable)
        table.clear()
        self.entries = self.app.saves.list()  # type: ignore[attr-defined]
        for entry in self.entries:
            if entry.problem:
                table.add_row(Text(entry.id), Text("cannot be opened", style="red"), "", "", Text(entry.problem), key=entry.id)
            else:
                title = entry.title or entry.ruleset or "?"
                turn = f"{entry.turn}" + (" (over)" if entry.over else "")
                table.add_row(Text(entry.id), Text(title), turn, when_text(entry.last_played), Text(", ".join(entry.seats)), key=entry.id)
        note = self.query_one("#load-error", Static)
        where = self.app.saves.where  # type: ignore[attr-defined]
        note.update(f"[dim]no saved games yet in {where}[/dim]" if not self.entries else f"[dim]{len(self.entries)} in {where}[/dim]")

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        game_id = str(event.row_key.value)
        entry = next((e for e in self.entries if e.id == game_id), None)
        note = self.query_one("#load-error", Static)
        if entry is not None and entry.problem:
            note.update(Text.assemble((f"{game_id} cannot be opened: ", "bold red"), entry.problem))
            return
        try:
            game = self.app.saves.open(game_id)  # type: ignore[attr-defined]
        except HolotableError as exc:
            note.update(Text.assemble((f"cannot open {game_id}: ", "bold red"), str(exc)))
            return
        except Exception as exc:  # noqa: BLE001 - a damaged save is refused, never a crash
            note.update(Text.assemble((f"cannot open {game_id}: ", "bold red"),
                                      f"its files are damaged or from another version ({type(exc).__name__})"))
            return
        try:
            check_playable(game.session)
        except HolotableError as exc:
            game.close()
            note.update(Text.assemble((f"cannot open {game_id}: ", "bold red"), str(exc)))
            return
        self.app.begin_hotseat(game.session, game, resumed=True)  # type: ignore[attr-defined]

    def action_replay(self) -> None:
        """Replay the highlighted game as one seat (or the GM) saw it."""
        table = self.query_one(DataTable)
        note = self.query_one("#load-error", Static)
        if not self.entries or table.row_count == 0:
            note.update("[b red]no game to replay[/]")
            return
        game_id = str(table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value)
        entry = next((e for e in self.entries if e.id == game_id), None)
        if entry is None or entry.problem:
            note.update(Text.assemble((f"{game_id} cannot be replayed: ", "bold red"), entry.problem if entry else "it is not listed"))
            return
        from tui.screens.replay import start_replay
        start_replay(self.app, self.app.saves, game_id, note.update)  # type: ignore[attr-defined]

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "load-replay":
            event.stop()
            self.action_replay()

    def action_back(self) -> None:
        self.app.pop_screen()
