"""The hot-seat curtain: it hides the last seat's view, names the next seat and waits for it (and
its PIN, if it set one). When it appears the terminal is wiped, scrollback included.

With nobody left to play it says why: the game is over, or only bots are awaited.
"""
from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Static

from core.session import Session
from tui.hotseat import Desk
from tui.widgets.inputs import SteadyInput


def seats_line(session: Session) -> Text:
    """Public readiness of every seat: ``al ✓  bo …  cy (bot) ✓``."""
    text = Text()
    ready = set(session.record["ready"])
    awaiting = session.awaiting()
    for seat in session.seats():
        if text:
            text.append("   ")
        text.append(seat, style="bold")
        if session.is_bot(seat):
            text.append(" (bot)", style="dim")
        if seat in ready:
            text.append(" ✓", style="green")
        elif seat in awaiting:
            text.append(" …", style="yellow")
    return text


class CurtainScreen(Screen[None]):
    """Names the next seat (``seat``) and waits; ``seat`` None: nobody here has anything to do."""

    CSS_PATH = str(Path(__file__).with_name("curtain.tcss"))
    BINDINGS = [
        Binding("enter", "proceed", "Show my view"),
        Binding("f10", "app.leave_game", "Lobby"),
    ]

    def __init__(self, session: Session, seat: str | None, desk: Desk | None) -> None:
        super().__init__()
        self.session = session
        self.seat = seat
        self.desk = desk

    def compose(self):  # type: ignore[no-untyped-def]
        session = self.session
        with Center(id="curtain-center"):
            with Vertical(id="curtain-box"):
                yield Static(f"{session.ruleset.title} · turn {session.turn}", id="curtain-game")
                outcome = session.outcome()
                if self.seat is not None:
                    side = session.side_of(self.seat)
                    yield Static("Pass the terminal to", id="curtain-pass")
                    yield Static(self.seat, id="curtain-seat")
                    yield Static(f"({side})" if side else "", id="curtain-side")
                    if self.desk is not None and self.desk.has_pin:
                        yield Static(f"{self.seat}, enter your PIN:", id="curtain-ask")
                        yield SteadyInput(password=True, placeholder="PIN, then Enter", id="curtain-pin")
                        yield Static("", id="curtain-error")
                    else:
                        yield Static(f"Press Enter when {self.seat} is at the keyboard.", id="curtain-ask")
                        yield Button(f"I am {self.seat}: show my view", id="curtain-go", variant="primary")
                elif outcome is not None:
                    winners = ", ".join(outcome.winners) or "nobody (a draw)"
                    yield Static("Game over", id="curtain-seat")
                    yield Static(f"winners: {winners}\n{outcome.reason}", id="curtain-side")
                    yield Button("Back to the lobby", id="curtain-lobby", variant="primary")
                else:
                    waiting = ", ".join(sorted(session.awaiting())) or "nobody"
                    yield Static("Nobody at this terminal has anything to do", id="curtain-pass")
                    yield Static(f"waiting for: {waiting}", id="curtain-side")
                    yield Button("Back to the lobby", id="curtain-lobby", variant="primary")
                yield Static(seats_line(session), id="curtain-seats")
        yield Footer()

    def on_mount(self) -> None:
        wipe = getattr(self.app, "wipe_terminal", None)
        if wipe is not None:
            wipe()
        pin = self.query("#curtain-pin")
        if pin:
            pin.first().focus()
        else:
            button = self.query("Button")
            if button:
                button.first().focus()

    def action_proceed(self) -> None:
        if self.seat is None:
            self.app.leave_game()  # type: ignore[attr-defined]
            return
        pin = self.query("#curtain-pin")
        if pin:
            self._check(pin.first(SteadyInput).value)
            return
        self.app.seat_arrived(self.seat)  # type: ignore[attr-defined]

    def _check(self, value: str) -> None:
        if self.desk is not None and not self.desk.check_pin(value):
            self.query_one("#curtain-error", Static).update("[b red]That is not the PIN.[/]")
            self.query_one("#curtain-pin", Input).value = ""
            return
        self.app.seat_arrived(self.seat)  # type: ignore[attr-defined]

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self._check(event.value)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "curtain-go":
            self.action_proceed()
        else:
            self.app.leave_game()  # type: ignore[attr-defined]
