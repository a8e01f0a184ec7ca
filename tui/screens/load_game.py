"""Load a game: every save with its rule system, turn, seats and when it was last played."""
from __future__ import annotations

import time
from pathlib import Path

from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

from core.errors import HolotableError
from tui.storage import SaveEntry


def when_text(stamp: float | None) -> str:
    """A time stamp as local ``YYYY-MM-DD HH:MM`` (``-`` for none)."""
    return "-" if stamp is None else time.strftime("%Y-%m-%d %H:%M", time.localtime(stamp))


class LoadGameScreen(Screen[None]):
    """The list of saves; Enter opens the highlighted one for hot-seat play."""

    CSS_PATH = str(Path(__file__).with_name("load_game.tcss"))
    BINDINGS = [
        Binding("escape", "back", "Back"),
        Binding("r", "reload", "Reload the list"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.entries: list[SaveEntry] = []

    def compose(self):  # type: ignore[no-untyped-def]
        yield Static("[b]Load a game[/b]   [dim]Enter opens · r reloads · Escape goes back[/dim]", id="load-title")
        yield DataTable(id="saves", cursor_type="row", zebra_stripes=True)
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
                table.add_row(entry.id, "[red]cannot be opened[/]", "", "", entry.problem, key=entry.id)
            else:
                title = entry.title or entry.ruleset or "?"
                turn = f"{entry.turn}" + (" (over)" if entry.over else "")
                table.add_row(entry.id, title, turn, when_text(entry.last_played), ", ".join(entry.seats), key=entry.id)
        note = self.query_one("#load-error", Static)
        where = self.app.saves.where  # type: ignore[attr-defined]
        note.update(f"[dim]no saved games yet in {where}[/dim]" if not self.entries else f"[dim]{len(self.entries)} in {where}[/dim]")

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        game_id = str(event.row_key.value)
        entry = next((e for e in self.entries if e.id == game_id), None)
        note = self.query_one("#load-error", Static)
        if entry is not None and entry.problem:
            note.update(f"[b red]{game_id} cannot be opened:[/] {entry.problem}")
            return
        try:
            game = self.app.saves.open(game_id)  # type: ignore[attr-defined]
        except HolotableError as exc:
            note.update(f"[b red]cannot open {game_id}:[/] {exc}")
            return
        self.app.begin_hotseat(game.session, game, resumed=True)  # type: ignore[attr-defined]

    def action_back(self) -> None:
        self.app.pop_screen()
