"""The order line: type an order in the rule system's own language, Tab completes verbs, units,
places and seats, the help of the verb being typed shows below it, and so do the exact odds of an
order that rolls dice. A refused order's reason stays on show until the next order.

The pane keeps no game state: it asks an :class:`OrderAdvisor` (the screen's bridge to the
session) and sends what was typed as text.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass
from typing import Any, Protocol

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import Button, Input, Label, Static

from core.rulebook import Rulebook, rule_ids_in
from tui.text import odds_text
from tui.widgets.inputs import SteadyInput

SHOWN_COMPLETIONS = 12


class OrderAdvisor(Protocol):
    """What the order line may ask about the game: never raises."""

    def verbs(self) -> list[str]:
        """The verbs the seat may give now (its side's, in this phase)."""

    def complete(self, text: str) -> list[str]:
        """Whole candidate lines completing the last word of ``text``.

        An advisor may also offer ``complete_items(text)``: the same lines with the name each offers,
        so that a name with spaces inside a list shows whole below the line."""

    def help(self, verb: str) -> str | None:
        """The help of one verb, or None."""

    def odds(self, text: str) -> Any | None:
        """The odds of a complete order that rolls dice (or why they cannot be known), or None."""


_QUOTED_ORDER = re.compile(r"""^(['"]).*?\1: """)
_HINTS = ("; legal: ", "; orders now: ", "; orders are: ", "; usage: ", "; one jump reaches: ", "; your planets: ")


def _reason_only(reason: str, line: str = "") -> str:
    """A refusal without the order quoted at its front (the line shows the order already)."""
    return _QUOTED_ORDER.sub("", reason, count=1)


def refusal_text(reason: str, line: str = "", rules: list[str] | None = None) -> Text:
    """A refusal as the order line shows it: why first, then (dim, on its own line) what would be legal.
    A refusal naming a rule offers it on F1 (``(F1: RIFT-MOVE-03)``): see :attr:`OrderPane.refusal_rules`."""
    why = _reason_only(reason, line)
    cut = min((why.find(h) for h in _HINTS if h in why), default=-1)
    text = Text.assemble(("✗ refused: ", "bold bright_red"), (why if cut < 0 else why[:cut], "bright_red"))
    if rules:
        text.append(f" (F1: {rules[0]})", style="bold")
    if cut >= 0:
        text.append("\n  " + why[cut + 2:], style="dim")
    return text


@dataclass
class _Cycle:
    candidates: list[str]
    index: int
    current: str


class OrderInput(SteadyInput):
    """The input of the order line: Tab completes, Shift+Tab cycles back, Escape cancels an edit,
    Ctrl+U clears the line; pasting several lines gives several orders."""

    BINDINGS = [
        Binding("tab", "complete(1)", "Complete", show=False),
        Binding("shift+tab", "complete(-1)", "Complete back", show=False),
        Binding("escape", "cancel", "Cancel edit", show=False),
        Binding("ctrl+u", "clear_line", "Clear the line", show=False),
    ]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # focus never selects the whole line: an order put up for editing keeps its cursor at the end
        super().__init__(*args, select_on_focus=False, **kwargs)

    def _watch_value(self, value: str) -> None:
        super()._watch_value(value)
        # The help below the line follows in the same frame as the key (not one frame later, after
        # the Changed message): one screen update a keystroke.
        pane = self.parent.parent if self.parent is not None else None
        if isinstance(pane, OrderPane) and pane.is_mounted:
            pane._typed(value)
            pane._assist(value)

    def _on_paste(self, event: events.Paste) -> None:
        lines = [line.strip() for line in event.text.splitlines() if line.strip()]
        if len(lines) > 1:  # else Input's own handler (called after this one) takes the line
            event.stop()
            event.prevent_default()
            self.query_ancestor(OrderPane).paste(lines)

    def action_clear_line(self) -> None:
        """Ctrl+U: clear the whole line (an edit stays open: Enter then gives what is typed in its place)."""
        self.value = ""

    def action_complete(self, step: int) -> None:
        self.query_ancestor(OrderPane).complete(step)

    def action_cancel(self) -> None:
        pane = self.query_ancestor(OrderPane)
        if pane.editing is not None:
            pane.cancel_edit()
        elif self.value:
            self.value = ""
        # an empty line stays where it is: Escape never moves the focus (to Ready, say)


class OrderPane(Vertical):
    """The order line, its status (accepted, refused and why) and its help."""

    DEFAULT_CSS = """
    OrderPane { height: auto; background: $boost; }
    OrderPane > #order-row { height: 1; }
    OrderPane #order-label { width: auto; padding: 0 1; color: $accent; text-style: bold; }
    OrderPane #order-input { width: 1fr; height: 1; border: none; padding: 0; background: $surface; }
    OrderPane #order-input:focus { background: $surface-lighten-1; }
    OrderPane #ready { width: auto; min-width: 9; height: 1; border: none; margin: 0 0 0 1; }
    OrderPane > #order-status { height: 2; padding: 0 1; overflow: hidden hidden; }
    OrderPane > #order-assist { height: 6; padding: 0 1; color: $text-muted; }
    OrderPane.-quiet > #order-assist { height: 8; }
    """

    @dataclass
    class Submitted(Message):
        """Give ``text``; ``editing`` is the 0-based sheet index it replaces, if any."""

        text: str
        editing: int | None

    @dataclass
    class Pasted(Message):
        """Give each of ``lines`` as an order of its own, in order (pasted together)."""

        lines: list[str]

    def __init__(self, advisor: OrderAdvisor, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.advisor = advisor
        self.editing: int | None = None
        self._cycle: _Cycle | None = None
        self._prompt = ""
        self._assist_key: Any = None
        self._refused: str | None = None  # the line as it stood when a refusal was shown
        self._refusal_reason = ""  # what that refusal said
        #: the rules of the game in play: a refusal naming one of them offers it on F1
        self.rulebook: Rulebook | None = None

    def compose(self):  # type: ignore[no-untyped-def]
        with Horizontal(id="order-row"):
            yield Label("order ›", id="order-label")
            yield OrderInput(placeholder="type an order; Tab completes, Enter gives it, F1 help", id="order-input")
            # never focused (so Enter cannot press it): Ctrl+R or a click says the orders are complete
            ready = Button("Ready", id="ready", variant="success", compact=True)
            ready.can_focus = False
            yield ready
        status = Static(id="order-status")
        status.display = False
        self.set_class(True, "-quiet", update=False)  # no status: its rows go to the help below
        yield status
        yield Static(id="order-assist")

    @property
    def input(self) -> OrderInput:
        """The order input."""
        return self.query_one(OrderInput)

    # -- what the screen tells the pane --------------------------------------------------------------
    def set_prompt(self, prompt: str) -> None:
        """What the viewer is asked to do now (shown while the line is empty)."""
        if prompt != self._prompt:
            self._prompt = prompt
            self._assist(self.input.value)

    def set_ready_label(self, label: str) -> None:
        """The label of the ready button."""
        button = self.query_one("#ready", Button)
        if str(button.label) != label:
            button.label = label

    def accepted(self, text: str, note: str = "") -> None:
        """The order was given: clear the line, say so."""
        self.editing = None
        self.input.value = ""
        self.status(Text.assemble(("✓ ", "bold green"), (text, "bold"), (f"  {note}" if note else "", "dim")))

    def refused(self, reason: str) -> None:
        """The order was refused: keep the line for editing, show the reason (first, then what is legal).

        The refusal goes away as soon as the line is changed.
        """
        self.status(refusal_text(reason, self.input.value, self._rules_in(reason)))
        self._refused = self.input.value
        self._refusal_reason = reason
        self.input.focus()

    @property
    def refusal_rules(self) -> list[str]:
        """The rule IDs the refusal on show names (F1 opens the first in the rules), else none."""
        return self._rules_in(self._refusal_reason) if self._refused is not None else []

    def _rules_in(self, reason: str) -> list[str]:
        """The rule IDs ``reason`` names that the game's rules hold (none without a rulebook)."""
        book = self.rulebook
        return [i for i in rule_ids_in(reason) if book is not None and book.rule(i) is not None]

    def status(self, text: Text | str) -> None:
        """Show one status (it stays until the next). The status and the help below share rows of
        one height, so the pane, and the map above it, never change size (issue 13); an empty
        status gives its rows to the help."""
        self._refused = None
        self._refusal_reason = ""
        line = self.query_one("#order-status", Static)
        line.update(text)
        shown = bool(str(text))
        if line.display != shown:
            line.display = shown
            self.set_class(not shown, "-quiet")

    def paste(self, lines: list[str]) -> None:
        """Several lines pasted at once: each is given as an order of its own (see :class:`Pasted`)."""
        if self.editing is not None:
            self.cancel_edit()
        self.post_message(self.Pasted(lines))

    def pasted(self, results: list[tuple[str, str | None]]) -> None:
        """Say what became of pasted orders: ``results`` holds (order, None if accepted or the refusal)."""
        given = [text for text, why in results if why is None]
        refused = [(i, text, why) for i, (text, why) in enumerate(results, 1) if why is not None]
        summary = Text.assemble(("pasted ", "bold"), (f"{len(results)} orders: ", "bold"),
                                (f"✓ {len(given)} accepted", "bold green"),
                                (f", ✗ {len(refused)} refused" if refused else "", "bold bright_red"))
        for i, text, why in refused[:3]:
            summary.append(f"\n✗ {i}. {text}: ", style="bright_red")
            summary.append(_reason_only(why or "", text), style="bright_red")
        if len(refused) > 3:
            summary.append(f"\n  ... and {len(refused) - 3} more refused", style="dim")
        self.editing = None
        self.input.value = ""
        self.status(summary)
        self.input.focus()

    def _typed(self, value: str) -> None:
        """The line changed: an old refusal goes (it was about what stood there before)."""
        if self._refused is not None and value != self._refused:
            self.status("")

    def edit(self, index: int, text: str) -> None:
        """Put sheet order ``index`` on the line to edit it."""
        self.editing = index
        self.input.value = text
        self.input.cursor_position = len(text)
        self.status(Text.assemble(("editing order ", "bold yellow"), (str(index + 1), "bold"),
                                  (": Enter replaces it, Escape keeps it as it was", "yellow")))
        self.input.focus()

    def cancel_edit(self) -> None:
        """Leave the sheet order as it was."""
        self.editing = None
        self.input.value = ""
        self.status("")

    def insert(self, word: str) -> None:
        """Append ``word`` to the line (a place chosen on the map, say)."""
        value = self.input.value
        if value and not value.endswith(" "):
            value += " "
        self.input.value = value + word
        self.input.cursor_position = len(self.input.value)
        self.input.focus()

    # -- completion -----------------------------------------------------------------------------------
    def complete(self, step: int = 1) -> None:
        """Tab: take the only candidate, or the common prefix, or cycle through the candidates."""
        field = self.input
        text = field.value
        cycle = self._cycle
        if cycle is not None and text == cycle.current and cycle.candidates:
            cycle.index = (cycle.index + step) % len(cycle.candidates)
            self._set(cycle.candidates[cycle.index])
            return
        candidates = self.advisor.complete(text)
        if not candidates:
            self.app.bell()
            return
        if len(candidates) == 1:
            only = candidates[0]
            self._set(only if only.endswith(" ") else only + " ")
            return
        prefix = os.path.commonprefix([c.lower() for c in candidates])
        if len(prefix) > len(text):
            self._set(candidates[0][:len(prefix)])
            return
        index = 0 if step > 0 else len(candidates) - 1
        self._cycle = _Cycle(candidates, index, candidates[index])
        self._set(candidates[index])

    def _set(self, value: str) -> None:
        if self._cycle is not None and value != self._cycle.current and value not in self._cycle.candidates:
            self._cycle = None
        if self._cycle is not None:
            self._cycle.current = value
        self.input.value = value
        self.input.cursor_position = len(value)

    # -- events ---------------------------------------------------------------------------------------
    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input is not self.input:
            return
        event.stop()
        if self._cycle is not None and event.value != self._cycle.current:
            self._cycle = None
        self._assist(event.value)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input is not self.input:
            return
        event.stop()
        text = event.value.strip()
        if text:
            self.post_message(self.Submitted(text, self.editing))

    def _assist(self, value: str) -> None:
        key = (value, self._prompt)
        if key == self._assist_key:
            return
        self._assist_key = key
        self.query_one("#order-assist", Static).update(self.assist_text(value), layout=False)

    def assist_text(self, value: str) -> Text:
        """Completions, odds and the verb's help for what is typed (the prompt when nothing is)."""
        text = Text()
        if not value.strip():
            if self._prompt:
                text.append(self._prompt)
            verbs = self.advisor.verbs()
            if verbs:
                text.append("\norders: ", style="bold")
                text.append(" ".join(verbs))
            return text
        items = getattr(self.advisor, "complete_items", None)
        if items is not None:
            pairs = items(value)
            candidates, names = [line for line, _ in pairs], [name for _, name in pairs]
        else:
            candidates = self.advisor.complete(value)
            head = value.rsplit(" ", 1)[0] + " " if " " in value else ""
            names = [c[len(head):].strip() if c.lower().startswith(head.lower()) else c.strip() for c in candidates]
        if [c.strip() for c in candidates] == [value.strip()]:
            candidates = []  # the word is complete: say nothing about it
        if candidates:
            words = names
            text.append("Tab ▸ ", style="bold")
            describe = getattr(self.advisor, "describe", None)
            for i, word in enumerate(words[:SHOWN_COMPLETIONS]):
                text.append(("  " if i else "") + word)
                known = describe(word) if describe is not None else None
                if known:
                    text.append(f" ({known})", style="dim")
            if len(words) > SHOWN_COMPLETIONS:
                text.append(f"  (+{len(words) - SHOWN_COMPLETIONS} more)", style="dim")
        odds = self.advisor.odds(value) if " " in value.strip() else None
        if odds is not None:
            if text:
                text.append("\n")
            text.append_text(odds_text(odds, width=14, limit=4))
        verb = value.strip().split()[0].lower()
        help_text = self.advisor.help(verb) if verb in self.advisor.verbs() else None
        if help_text:
            if text:
                text.append("\n")
            first, _, rest = help_text.partition("\n")
            text.append(first, style="bold")
            if rest:
                text.append("\n" + rest)
        elif not candidates and odds is None:
            text.append("no completions here", style="dim italic")
        return text
