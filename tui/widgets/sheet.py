"""The order sheet: the turn's queued orders, to withdraw or edit, and whether the seat is ready; with
the money (``view["sheet_notes"]``): what each order costs, what is left after it, a capped place's
spending, and a warning under an order that cannot do anything. Rule systems whose orders take effect
at once show their running totals (points and prices) instead of rows."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from rich.text import Text
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tui.text import sheet_line


def order_row(index: int, order: Any, note: dict[str, Any] | None, unit: str) -> Text:
    """One sheet order with its money: ``1. build Kuat ConS  −24 → 121 left · Kuat 24/50``, and its warning
    on the next line (``⚠ ...``)."""
    text = Text(sheet_line(index, order))
    if not note:
        return text
    cost, left, at = note.get("cost"), note.get("left"), note.get("at")
    money = []
    if cost:
        money.append(f"−{cost} → {left} left")
    if at:
        money.append(str(at))
    if money:
        text.append("  " + " · ".join(money), style="bold red" if isinstance(left, int) and left < 0 else "yellow")
    if note.get("warning"):
        text.append("\n   ⚠ " + str(note["warning"]), style="bold bright_red")
    return text


def ready_warnings(view: dict[str, Any]) -> list[str]:
    """What a seat should hear before saying Ready: each sheet order's warning (``order 3: ...``) and the urgent
    items of the view."""
    rows = list((view.get("sheet_notes") or {}).get("rows") or [])
    found = [f"order {i}: {row['warning']}" for i, row in enumerate(rows, 1) if row.get("warning")]
    return found + [str(u.get("text")) for u in view.get("urgent") or [] if u.get("level") == "urgent"]


def money_head(notes: dict[str, Any]) -> str:
    """``145 credits: 30 spent, 115 left`` from the sheet's notes, or ``""``."""
    start, spent, left, unit = notes.get("start"), notes.get("spent"), notes.get("left"), notes.get("unit", "")
    if start is None or spent is None:
        return ""
    style = "b red" if isinstance(left, int) and left < 0 else "b"
    return f"{start} {unit}: {spent} spent, [{style}]{left} left[/]"


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
    SheetPanel > #sheet-money { padding: 0 1; color: $text-muted; max-height: 8; }
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
        yield Static(id="sheet-money", markup=False)
        yield SheetList(id="sheet-list")
        yield Static("Del withdraws · Enter/e edits", id="sheet-hint")

    def show(self, sheet: list[Any], ready: bool, queued: bool, notes: dict[str, Any] | None = None) -> None:
        """Draw the sheet. ``queued``: the rule system queues orders (else they take effect at once);
        ``notes``: the view's ``sheet_notes`` (money per order, running totals), if any."""
        notes = notes or {}
        key = (sheet, ready, queued, notes)
        if key == self._shown:
            return
        self._shown = key
        head = self.query_one("#sheet-head", Static)
        state = "[b green]✓ ready[/]" if ready else "[b yellow]not ready[/]"
        money = money_head(notes)
        money = f" · {money}" if money else ""
        if not queued:
            head.update(f"orders take effect at once · {state}")
        elif sheet:
            head.update(f"{len(sheet)} order{'s' if len(sheet) != 1 else ''}{money} · {state}")
        else:
            head.update(f"no orders yet{money} · {state}\n[dim]Orders typed on the order line wait here until the turn "
                        "resolves. Ctrl+R says you are done.[/]")
        lines = [str(line) for line in notes.get("lines") or []]
        box = self.query_one("#sheet-money", Static)
        box.update("\n".join(lines))
        box.display = bool(lines)
        rows = list(notes.get("rows") or [])
        unit = str(notes.get("unit", ""))
        listing = self.query_one(SheetList)
        highlighted = listing.highlighted
        listing.clear_options()
        listing.add_options([Option(order_row(i, o, rows[i - 1] if i - 1 < len(rows) else None, unit))
                             for i, o in enumerate(sheet, 1)])
        if sheet:
            listing.highlighted = min(highlighted or 0, len(sheet) - 1)
        listing.display = bool(sheet) or queued
        self.query_one("#sheet-hint").display = bool(sheet)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.post_message(self.Edit(event.option_index))
