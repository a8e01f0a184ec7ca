"""The rules of the system in play, by section with their IDs (``Ruleset.rules_text``), searchable.

Opened from the help (F1, then r) or on one rule from a refusal that names it. The rules are public text:
nothing of any game's state is shown here. Type a rule ID (``RIFT-MOVE-03``, or ``MOVE-03``), the start of
IDs (``RIFT-MOVE``) or words; an unknown ID names the closest. Escape closes.
"""
from __future__ import annotations

from rich.text import Text
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.timer import Timer
from textual.widgets import Input, Static

from core.rulebook import Rule, Rulebook, RuleNotFound
from tui.widgets.inputs import SteadyInput


def rules_text(book: Rulebook, query: str = "") -> Text:
    """The rules ``query`` asks for (all when empty) under their section headings; a query matching
    nothing says so (naming the closest IDs for an ID)."""
    try:
        found: list[Rule] = book.lookup(query)
    except RuleNotFound as exc:
        return Text(str(exc), style="italic")
    text = Text()
    if query.strip():
        text.append(f"{len(found)} rule{'s' if len(found) != 1 else ''} for {query.strip()!r}\n", style="dim")
    section = None
    for rule in found:
        if rule.section != section:
            section = rule.section
            text.append(("\n" if text else "") + section + "\n", style="bold underline")
        text.append(rule.id, style="bold bright_cyan")
        if rule.title:
            text.append(f"  {rule.title}:", style="bold")
        text.append("  ")
        start = rule.text.lower().find("our choice")
        if start < 0:
            text.append(rule.text + "\n")
        else:  # a default holotable chose for a gap in the text: set apart, without colour alone
            text.append(rule.text[:start])
            text.append(rule.text[start:] + "\n", style="italic yellow")
    return text


class RulesScreen(ModalScreen[None]):
    """The rules of one system; type to search, Escape closes."""

    DEFAULT_CSS = """
    RulesScreen { align: center middle; }
    RulesScreen > #rules-box { width: 95%; height: 90%; border: round $accent; background: $surface; padding: 0 1; }
    RulesScreen #rules-search { height: 1; border: none; padding: 0; }
    RulesScreen #rules-scroll { height: 1fr; }
    RulesScreen #rules-hint { color: $text-muted; height: 1; }
    """
    BINDINGS = [Binding("escape", "close", "Close", priority=True),
                Binding("pagedown", "page(1)", "Page down", show=False),
                Binding("pageup", "page(-1)", "Page up", show=False)]

    #: seconds the search waits after the last key before it redraws (a whole book takes a while to lay out)
    SETTLE = 0.2

    def __init__(self, book: Rulebook, query: str = "") -> None:
        super().__init__()
        self.book = book
        self.query_text = query
        self._redraw: Timer | None = None

    def compose(self):  # type: ignore[no-untyped-def]
        """The title, the search line (holding the rule asked for, if any), the rules and the hint."""
        with Vertical(id="rules-box"):
            yield Static(f"[b]Rules of {self.book.title}[/b] ({len(self.book.rules)} rules, "
                         f"{len(self.book.sections())} sections)", id="rules-title")
            yield SteadyInput(value=self.query_text, placeholder=f"search: a rule ID ({self.book.rules[0].id}), "
                        "the start of IDs, or words", id="rules-search")
            with VerticalScroll(id="rules-scroll"):
                yield Static(rules_text(self.book, self.query_text), id="rules-lines")
            yield Static("type an ID or words · PgUp/PgDn scroll · \"Our choice\": our default where the text "
                         "is silent · Esc closes", id="rules-hint")

    def on_mount(self) -> None:
        """The search line takes the keys."""
        self.query_one("#rules-search", Input).focus()

    def on_input_changed(self, event: Input.Changed) -> None:
        """Show the rules the search asks for, once the typing settles."""
        event.stop()
        if event.value == self.query_text:
            return
        self.query_text = event.value
        if self._redraw is not None:
            self._redraw.stop()
        self._redraw = self.set_timer(self.SETTLE, self.show_rules)

    def show_rules(self) -> None:
        """Draw the rules the search line asks for, from the top."""
        self._redraw = None
        self.query_one("#rules-lines", Static).update(rules_text(self.book, self.query_text))
        self.query_one("#rules-scroll", VerticalScroll).scroll_home(animate=False)

    def action_page(self, direction: int) -> None:
        """Scroll the rules a page down (1) or up (-1) while the search line keeps the keys."""
        scroll = self.query_one("#rules-scroll", VerticalScroll)
        if direction > 0:
            scroll.scroll_page_down(animate=False)
        else:
            scroll.scroll_page_up(animate=False)

    def action_close(self) -> None:
        """Back to where the rules were opened from."""
        self.dismiss(None)
