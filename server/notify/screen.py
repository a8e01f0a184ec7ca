"""The war room's Notifications screen (the menu, Ctrl+P, "Notifications"): a player's channels,
what each hears and how its last delivery went, and a line speaking the ``notify`` commands
(``add <url> [kinds]``, ``hear [<n>] <kinds>``, ``test [<n>]``, ``remove <n>``). URLs are never shown.
"""
from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Input, Static

from core.errors import HolotableError
from server.notify import commands
from server.notify.channels import KINDS

REFRESH = 2.0  # seconds between redraws of the list (a test's result shows up by itself)


class NotifyScreen(ModalScreen[None]):
    """A player's notification channels; Escape goes back to the war room."""

    BINDINGS = [Binding("escape", "dismiss", "Back to the war room")]
    DEFAULT_CSS = """
    NotifyScreen { align: center middle; }
    NotifyScreen #notify-box { width: 96; max-width: 100%; height: auto; max-height: 100%; border: round $accent;
                               padding: 0 1; background: $surface; }
    NotifyScreen #notify-title { text-style: bold; padding-bottom: 1; }
    NotifyScreen #notify-list { height: auto; padding-bottom: 1; }
    NotifyScreen #notify-kinds { color: $text-muted; height: auto; padding-bottom: 1; }
    NotifyScreen #notify-answer { height: auto; min-height: 1; }
    """

    def __init__(self, notifier: Any, account: str) -> None:
        super().__init__()
        self.notifier = notifier
        self.account = account

    def compose(self):  # type: ignore[no-untyped-def]
        with Vertical(id="notify-box"):
            yield Static(f"Notifications of {self.account}: e-mail, Discord, Matrix, Telegram, ntfy ... "
                         "(one Apprise URL each)", id="notify-title")
            yield Static(id="notify-list")
            yield Static("hear: " + " · ".join(f"{k}: {v}" for k, v in KINDS.items()), id="notify-kinds")
            yield Input(placeholder="add <url> [kinds] · hear [<n>] <kinds> · test [<n>] · remove <n>",
                        id="notify-command", max_length=2100)
            yield Static(id="notify-answer")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.show_list()
        self.query_one("#notify-command", Input).focus()
        self.set_interval(REFRESH, self.show_list)

    def show_list(self) -> None:
        """Draw the channels as ``notify list`` says them (redacted)."""
        answer = commands.player(self.notifier, self.account, "list")
        self.query_one("#notify-list", Static).update(Text(answer.text))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        line = event.value.strip()
        event.input.value = ""
        if not line:
            return
        words = line.split(None, 1)
        if words[0].lower() == "notify":
            line = words[1] if len(words) > 1 else "list"
        try:
            answer = commands.player(self.notifier, self.account, line)
            shown = Text(answer.text, style="green")
        except HolotableError as exc:
            shown = Text(str(exc), style="bright_red")
        self.query_one("#notify-answer", Static).update(shown)
        self.show_list()
