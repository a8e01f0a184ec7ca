"""Before an order the rules allow but that would do nothing or waste something (CP lost by a pass that
ends the phase, an upgrade discarded by a purchase), and before Ready on a sheet that still holds such
orders or leaves something urgent undone: say why, and let the player go on anyway (Enter) or go back
(Escape). Orders that wait on a sheet show their warnings there as well."""
from __future__ import annotations

from rich.text import Text
from typing import Any, Callable

from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static


class WarnScreen(ModalScreen[bool]):
    """Dismisses with True on Enter (give it anyway), False on Escape (not given)."""

    DEFAULT_CSS = """
    WarnScreen { align: center middle; }
    WarnScreen #warn-box { width: 76; max-width: 95%; height: auto; border: thick $warning;
                           background: $surface; padding: 1 2; }
    WarnScreen #warn-what { margin: 1 0; color: $warning; }
    """
    BINDINGS = [
        Binding("enter", "give", "Give it anyway", priority=True),
        Binding("escape", "back", "Back (not given)", priority=True),
    ]

    def __init__(self, text: str, warnings: list[str], ask: str = "Enter gives it anyway · Escape goes back without giving it") -> None:
        super().__init__()
        self.text = text
        self.warnings = list(warnings)
        self.ask = ask

    def compose(self):  # type: ignore[no-untyped-def]
        with Vertical(id="warn-box"):
            yield Static(Text(self.text, style="bold"), id="warn-title")
            yield Static("\n".join(f"⚠ {w}" for w in self.warnings), id="warn-what", markup=False)
            yield Static(self.ask, id="warn-ask")

    def action_give(self) -> None:
        self.dismiss(True)

    def action_back(self) -> None:
        self.dismiss(False)


def ask_first(app: Any, text: str, warnings: list[str], go: Callable[[], None], back: Callable[[], None],
              ask: str | None = None) -> None:
    """Call ``go`` at once when there is no warning; else show them and call ``go`` (Enter) or ``back`` (Escape)."""
    if not warnings:
        go()
        return

    def answered(yes: bool | None) -> None:
        (go if yes else back)()
    app.push_screen(WarnScreen(text, warnings) if ask is None else WarnScreen(text, warnings, ask), answered)
