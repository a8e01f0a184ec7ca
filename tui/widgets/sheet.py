"""The order sheet: the turn's queued orders, to withdraw or edit, and whether the seat is ready."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tui.text import sheet_line


class SheetList(OptionList):
    """The list of queued orders (Delete withdraws, Enter edits)."""

    BINDINGS = [
        Binding("delete,backspace,x", "withdraw", "Withdraw"),
        Binding("e", "edit", "Edit"),
    ]

    def action_withdraw(self) -> None:
        if self.highlighted is not None:
            self.post_message(SheetPanel.Withdraw(self.highlighted))

    def action_edit(self) -> None:
        if self.highlighted is not None:
            self.post_message(SheetPanel.Edit(self.highlighted))


class SheetPanel(Vertical):
    """``view["sheet"]`` as a list, with the seat's readiness."""

    DEFAULT_CSS = """
    SheetPanel { height: 1fr; }
    SheetPanel > #sheet-head { padding: 0 1; }
    SheetPanel > SheetList { height: 1fr; border: none; }
    SheetPanel > #sheet-hint { padding: 0 1; color: $text-muted; }
    """

    @dataclass
    class Withdraw(Message):
        """Take order ``index`` (0-based) off the sheet."""

        index: int

    @dataclass
    class Edit(Message):
        """Edit order ``index`` (0-based)."""

        index: int

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._shown: Any = None

    def compose(self):  # type: ignore[no-untyped-def]
        yield Static(id="sheet-head")
        yield SheetList(id="sheet-list")
        yield Static("Del withdraws · Enter/e edits", id="sheet-hint")

    def show(self, sheet: list[Any], ready: bool, queued: bool) -> None:
        """Draw the sheet. ``queued``: the rule system queues orders (else they take effect at once)."""
        key = (sheet, ready, queued)
        if key == self._shown:
            return
        self._shown = key
        head = self.query_one("#sheet-head", Static)
        state = "[b green]✓ ready[/]" if ready else "[b yellow]not ready[/]"
        if not queued:
            head.update(f"orders take effect at once · {state}")
        elif sheet:
            head.update(f"{len(sheet)} order{'s' if len(sheet) != 1 else ''} · {state}")
        else:
            head.update(f"no orders yet · {state}\n[dim]Orders typed on the order line wait here until the turn "
                        "resolves. Ctrl+R says you are done.[/]")
        listing = self.query_one(SheetList)
        highlighted = listing.highlighted
        listing.clear_options()
        listing.add_options([Option(sheet_line(i, o)) for i, o in enumerate(sheet, 1)])
        if sheet:
            listing.highlighted = min(highlighted or 0, len(sheet) - 1)
        self.query_one("#sheet-hint").display = bool(sheet)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.post_message(self.Edit(event.option_index))
