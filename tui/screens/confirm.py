"""Before an order that settles something for good (``concede``): say what it does and ask for the
word ``yes`` typed in full. Nothing completes it (Tab does nothing here), Enter on an empty or
other answer does not give the order, and Escape goes back."""
from __future__ import annotations

from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from tui.widgets.inputs import SteadyInput

ANSWER = "yes"


class ConfirmScreen(ModalScreen[bool]):
    """Dismisses with True only when ``yes`` is typed and Enter pressed; False on Escape."""

    DEFAULT_CSS = """
    ConfirmScreen { align: center middle; }
    ConfirmScreen #confirm-box { width: 76; max-width: 95%; height: auto; border: thick $error;
                                 background: $surface; padding: 1 2; }
    ConfirmScreen #confirm-what { margin: 1 0; }
    ConfirmScreen #confirm-input { border: tall $error; }
    """
    BINDINGS = [
        Binding("escape", "back", "Back (not given)"),
        Binding("tab,shift+tab", "nothing", show=False, priority=True),
    ]

    def __init__(self, text: str, what: str) -> None:
        super().__init__()
        self.text = text
        self.what = what

    def compose(self):  # type: ignore[no-untyped-def]
        with Vertical(id="confirm-box"):
            yield Static(f"[b]{self.text}[/b] cannot be taken back", id="confirm-title")
            yield Static(self.what[:1].upper() + self.what[1:] + ".", id="confirm-what", markup=False)
            yield Static(f"Type [b]{ANSWER}[/b] and Enter to give it; Escape goes back without giving it.", id="confirm-ask")
            yield SteadyInput(placeholder=f"type {ANSWER} to give the order", max_length=8, id="confirm-input")
            yield Static("", id="confirm-error")

    def on_mount(self) -> None:
        self.query_one("#confirm-input").focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if event.value.strip().lower() == ANSWER:
            self.dismiss(True)
            return
        event.input.value = ""
        self.query_one("#confirm-error", Static).update(f"[b red]not given:[/] type {ANSWER} in full, or Escape to go back")

    def action_nothing(self) -> None:
        """Tab completes nothing here."""

    def action_back(self) -> None:
        self.dismiss(False)
