"""Pick one unit of a board that lists its units as text (a zones board): the units the view shows, one a
line, arrows and Enter to pick, Escape to go back. The pick opens that unit's card (the screen that
pushed this one decides what a pick does)."""
from __future__ import annotations

from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option


class UnitPickScreen(ModalScreen["str | None"]):
    """``units``: (unit id, its line as the board shows it). Dismissed with the id picked, or None."""

    DEFAULT_CSS = """
    UnitPickScreen { align: center middle; }
    UnitPickScreen > #pick-box { width: 80%; max-width: 100; height: auto; max-height: 90%;
                                 border: round $accent; background: $surface; padding: 0 1; }
    UnitPickScreen #pick-list { height: auto; max-height: 30; }
    UnitPickScreen #pick-hint { color: $text-muted; height: 1; }
    """
    BINDINGS = [Binding("escape", "close", "Back", priority=True)]

    def __init__(self, units: list[tuple[str, str]]) -> None:
        super().__init__()
        self.units = units

    def compose(self):  # type: ignore[no-untyped-def]
        """The title, the units and the hint."""
        with Vertical(id="pick-box"):
            yield Static(f"[b]Which unit's card?[/b] ({len(self.units)} on the board)", id="pick-title")
            yield OptionList(*(Option(line, id=uid) for uid, line in self.units), id="pick-list")
            yield Static("arrows choose · Enter opens its card · Escape goes back", id="pick-hint")

    def on_mount(self) -> None:
        """The list takes the keys, on its first unit."""
        listing = self.query_one("#pick-list", OptionList)
        listing.focus()
        if self.units:
            listing.highlighted = 0

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """A unit picked: back with its id."""
        event.stop()
        self.dismiss(event.option.id)

    def action_close(self) -> None:
        """Back to the board, nothing picked."""
        self.dismiss(None)
