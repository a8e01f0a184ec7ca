"""Set (or clear) the PIN the hot-seat curtain asks for before it shows this seat's view."""
from __future__ import annotations

from pathlib import Path

from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from tui.widgets.inputs import SteadyInput


class PinScreen(ModalScreen[str | None]):
    """Dismisses with the new PIN ("" clears it) or None when cancelled. A new PIN is asked twice:
    it is kept only when both entries match (a mistyped PIN would lock its own seat out)."""

    CSS_PATH = str(Path(__file__).with_name("pin.tcss"))
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, seat: str, has_pin: bool) -> None:
        super().__init__()
        self.seat = seat
        self.has_pin = has_pin
        self.first: str | None = None  # the first entry, while the second is asked for

    def compose(self):  # type: ignore[no-untyped-def]
        with Vertical(id="pin-box"):
            yield Static(f"[b]PIN for {self.seat}[/b]", id="pin-title")
            yield Static(f"The curtain will ask for it before it shows {self.seat}'s view. "
                         + ("Leave it empty to remove the PIN." if self.has_pin else "Leave it empty for no PIN."),
                         id="pin-text")
            yield SteadyInput(password=True, placeholder="PIN, then Enter", max_length=32, id="pin-input")

    def on_mount(self) -> None:
        self.query_one("#pin-input").focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        value = event.value.strip()
        field = self.query_one("#pin-input", Input)
        text = self.query_one("#pin-text", Static)
        if self.first is None:
            if not value:
                self.dismiss("")  # no PIN (or the PIN removed): nothing to mistype
                return
            self.first = value
            field.value = ""
            field.placeholder = "the same PIN again, then Enter"
            text.update(f"Type {self.seat}'s new PIN again, to be sure of it. Escape cancels: the PIN stays as it was.")
            return
        if value != self.first:
            self.first = None
            field.value = ""
            field.placeholder = "PIN, then Enter"
            text.update("[b red]The two entries differ: nothing was set.[/] Type the new PIN again, twice.")
            return
        self.dismiss(value)

    def action_cancel(self) -> None:
        self.dismiss(None)


class AskSecretScreen(ModalScreen[str | None]):
    """Asks ``who`` for their secret (``what``: "PIN" or "GM passphrase"); dismisses with it, or None."""

    CSS_PATH = str(Path(__file__).with_name("pin.tcss"))
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, who: str, what: str, why: str = "") -> None:
        super().__init__()
        self.who = who
        self.what = what
        self.why = why

    def compose(self):  # type: ignore[no-untyped-def]
        with Vertical(id="pin-box"):
            yield Static(f"[b]{self.what} of {self.who}[/b]" if self.what == "PIN" else f"[b]The {self.what}[/b]", id="pin-title")
            yield Static(self.why or "Only its owner may see this view here.", id="pin-text")
            yield SteadyInput(password=True, placeholder=f"{self.what}, then Enter (Escape cancels)", max_length=64, id="pin-input")

    def on_mount(self) -> None:
        self.query_one("#pin-input").focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(event.value)

    def action_cancel(self) -> None:
        self.dismiss(None)
