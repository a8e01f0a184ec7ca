"""F1: the keys of the screen underneath, and the order language of the rule system in play."""
from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from core.rulebook import Rulebook
from tui.screens.rules import RulesScreen

EXTRA_KEYS = [
    ("Tab / Shift+Tab", "on the order line: complete the word, or cycle through the candidates"),
    ("Enter", "on the order line: give the order (an order that rolls dice shows its odds first)"),
    ("Escape", "on the order line: cancel an edit or clear the line"),
    ("Ctrl+U", "on the order line: clear the line (an edit stays open)"),
    ("paste", "several lines pasted at once give several orders, each checked, with a summary"),
    ("arrows, a letter", "on the map: move to the nearest place that way, or to the next name with that letter"),
    ("Enter (map)", "put the selected place's name on the order line"),
    ("Delete / e", "on the sheet: withdraw or edit the highlighted order"),
    ("Ctrl+P", "the command palette: every action of this screen"),
    ("Ctrl+Q", "quit (the game is saved after every change)"),
]


def help_text(keys: list[tuple[str, str]], title: str, overview: str, verbs: list[str]) -> Text:
    """The help page: keys, then ``overview`` (the orders the viewer can give now with their usage, those
    given inside another order under it, the others named: :meth:`core.orders.OrderBook.help` with a
    context), then each order in ``verbs`` (the full help of each order available now) in full."""
    text = Text()
    text.append("Keys\n", style="bold underline")
    for key, what in keys + EXTRA_KEYS:
        text.append(f"  {key:<18}", style="bold bright_cyan")
        text.append(f" {what}\n")
    if overview:
        text.append(f"\nOrders of {title} you can give now\n", style="bold underline")
        for line in overview.splitlines():
            style = "dim" if line.startswith("other orders of the game") else \
                "bold" if line.startswith("orders given after") else ""
            text.append(line + "\n", style=style)
    for detail in verbs:
        first, _, rest = detail.partition("\n")
        text.append("\n" + first + "\n", style="bold")
        if rest:
            text.append(rest + "\n")
    return text


class HelpScreen(ModalScreen[None]):
    """A scrolling help page; Escape, F1 or q closes it."""

    CSS_PATH = str(Path(__file__).with_name("help.tcss"))
    BINDINGS = [Binding("escape,f1,q", "close", "Close help", priority=True),
                Binding("r", "rules", "The rules", priority=True)]

    def __init__(self, keys: list[tuple[str, str]], title: str = "", overview: str = "", verbs: list[str] | None = None,
                 rules: Rulebook | None = None) -> None:
        super().__init__()
        self.rules = rules
        if rules is not None:
            keys = [("r (in this help)", f"the rules of {rules.title}, by section with their IDs, searchable"), *keys]
        self.page = help_text(keys, title, overview, verbs or [])

    def compose(self):  # type: ignore[no-untyped-def]
        with Vertical(id="help-box"):
            rules = "  [b]r[/b]: the rules" if self.rules is not None else ""
            yield Static(f"[b]Help[/b]{rules}  [dim](Escape closes)[/dim]", id="help-title")
            with VerticalScroll(id="help-scroll"):
                yield Static(self.page, id="help-page")

    def on_mount(self) -> None:
        self.query_one("#help-scroll").focus()

    def action_rules(self) -> None:
        """The rules of the game in play, over the help (Escape comes back here)."""
        if self.rules is not None:
            self.app.push_screen(RulesScreen(self.rules))

    def action_close(self) -> None:
        self.dismiss(None)
