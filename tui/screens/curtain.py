"""The hot-seat curtain: it hides the last seat's view, names the next seat and waits for it (and
its PIN, if it set one). When it appears the terminal is wiped, scrollback included.

- F3: the seat that just handed over ready takes it back ("back to my orders", its PIN first);
- F4: the GM's view, after the GM's passphrase (offered only when the game has one);
- with nobody here to play it says why: the game is over, or only bots are awaited; then it shows
  what anyone watching may see (what was announced to all) while the bots play on.

The curtain asks the app's gate (:class:`tui.hotseat.Gate`) to let a seat in; it never decides.
"""
from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Static

from core.errors import HolotableError
from core.events import GM
from core.session import Session
from tui.text import events_text
from tui.widgets.inputs import SteadyInput

PUBLIC_LINES = 8


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
    """Names the next seat (``seat``, or ``GM``) and waits; ``seat`` None: nobody here has anything to do.

    ``back``: a seat that handed over ready and may take it back; ``coming_back``: this curtain
    lets ``seat`` back to its orders (it will not be ready any more).
    """

    CSS_PATH = str(Path(__file__).with_name("curtain.tcss"))
    BINDINGS = [
        Binding("enter", "proceed", "Show my view"),
        Binding("f3", "back_to_orders", "Back to my orders"),
        Binding("f4", "gm", "GM view"),
        Binding("f10", "app.leave_game", "Lobby"),
        Binding("e", "the_end", "How it ended"),
    ]

    def __init__(self, session: Session, seat: str | None, *, back: str | None = None, coming_back: bool = False) -> None:
        super().__init__()
        self.session = session
        self.seat = seat
        self.back = back
        self.coming_back = coming_back

    def _needed(self) -> str | None:
        if self.seat is None:
            return None
        try:
            return self.app.gate.secret_needed(self.session, self.seat)  # type: ignore[attr-defined]
        except HolotableError:
            return "refused"

    def compose(self):  # type: ignore[no-untyped-def]
        session = self.session
        with Center(id="curtain-center"):
            with Vertical(id="curtain-box"):
                yield Static(f"{session.ruleset.title} · turn {session.turn}", id="curtain-game")
                outcome = session.outcome()
                needed = self._needed()
                if self.seat == GM:
                    yield Static("The GM's view", id="curtain-seat")
                    yield Static("everything, every seat's secrets included", id="curtain-side")
                    yield Static("GM passphrase:", id="curtain-ask")
                    yield SteadyInput(password=True, placeholder="passphrase, then Enter (Escape: back)", id="curtain-pin")
                    yield Static("", id="curtain-error")
                elif self.seat is not None:
                    side = session.side_of(self.seat)
                    yield Static("Back to the orders of" if self.coming_back else "Pass the terminal to", id="curtain-pass")
                    yield Static(self.seat, id="curtain-seat")
                    yield Static(f"({side})" if side else "", id="curtain-side")
                    if needed == "PIN":
                        yield Static(f"{self.seat}, enter your PIN:", id="curtain-ask")
                        yield SteadyInput(password=True, placeholder="PIN, then Enter", id="curtain-pin")
                        yield Static("", id="curtain-error")
                    else:
                        yield Static(f"Press Enter when {self.seat} is at the keyboard.", id="curtain-ask")
                        yield Static(f"[dim]{self.seat} has no PIN: anyone here can open this view. "
                                     "F8 in your view sets one.[/dim]", id="curtain-nopin")
                        yield Button(f"I am {self.seat}: show my view", id="curtain-go", variant="primary")
                elif outcome is not None:
                    winners = ", ".join(outcome.winners) or "nobody (a draw)"
                    yield Static("Game over", id="curtain-seat")
                    yield Static(f"winners: {winners}\n{outcome.reason}", id="curtain-side")
                    yield Button("E: how it ended (map, scores, seed)", id="curtain-end", variant="primary")
                    yield Button("Back to the lobby", id="curtain-lobby")
                else:
                    waiting = ", ".join(sorted(session.awaiting())) or "nobody"
                    bots = bool(session.awaiting()) and all(session.is_bot(s) for s in session.awaiting())
                    yield Static("The bots are playing" if bots else "Nobody at this terminal has anything to do",
                                 id="curtain-pass")
                    yield Static(f"waiting for: {waiting}", id="curtain-side")
                    yield Static(self._public_log(), id="curtain-public")
                    yield Button("Back to the lobby", id="curtain-lobby", variant="primary")
                if self.back is not None and self.seat != GM and not self.coming_back:
                    yield Button(f"F3: back to my orders ({self.back} is ready)", id="curtain-back", compact=True)
                if self.seat != GM and session.has_gm_passphrase():
                    yield Static("[dim]F4: the GM's view (passphrase)[/dim]", id="curtain-gm")
                yield Static(seats_line(session), id="curtain-seats")
        yield Footer()

    def _public_log(self) -> Text:
        events = self.session.public_events(since_turn=max(0, self.session.turn - 1))[-PUBLIC_LINES:]
        return events_text(events, empty="nothing announced yet")

    def refresh_public(self) -> None:
        """Redraw what a watcher sees (the bots moved the game on)."""
        self.query_one("#curtain-game", Static).update(f"{self.session.ruleset.title} · turn {self.session.turn}")
        self.query_one("#curtain-seats", Static).update(seats_line(self.session))
        for public in self.query("#curtain-public"):
            public.update(self._public_log())  # type: ignore[attr-defined]
        for side in self.query("#curtain-side"):
            if self.seat is None and self.session.outcome() is None:
                side.update(f"waiting for: {', '.join(sorted(self.session.awaiting())) or 'nobody'}")  # type: ignore[attr-defined]

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

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "the_end":
            return self.seat is None and self.session.outcome() is not None
        if action == "back_to_orders":
            return self.back is not None and self.seat != GM and not self.coming_back
        if action == "gm":
            return self.seat != GM and self.session.has_gm_passphrase()
        return True

    def action_the_end(self) -> None:
        """The end-of-game screen: only what everyone may know (the curtain is down)."""
        from tui.screens.game_over import GameOverScreen
        if self.seat is None and self.session.outcome() is not None:
            game = getattr(self.app, "game", None)
            self.app.push_screen(GameOverScreen(self.session, getattr(game, "game_id", None)))

    def action_proceed(self) -> None:
        if self.seat is None:
            self.app.leave_game()  # type: ignore[attr-defined]
            return
        pin = self.query("#curtain-pin")
        self._check(pin.first(SteadyInput).value if pin else "")

    def _check(self, value: str) -> None:
        gate = self.app.gate  # type: ignore[attr-defined]
        who = self.seat
        assert who is not None
        try:
            admitted = gate.admit(self.session, who, value)
        except HolotableError as exc:
            self._error(str(exc))
            return
        if not admitted:
            self._error("That is not the PIN." if who != GM else "That is not the GM passphrase.")
            return
        if who == GM:
            self.app.gm_arrived()  # type: ignore[attr-defined]
        else:
            self.app.seat_arrived(who, back=self.coming_back)  # type: ignore[attr-defined]

    def _error(self, text: str) -> None:
        for error in self.query("#curtain-error"):
            error.update(Text(text, style="bold red"))  # type: ignore[attr-defined]
        for field in self.query("#curtain-pin"):
            field.value = ""  # type: ignore[attr-defined]
        if not self.query("#curtain-error"):
            self.notify(text, severity="error")

    def action_back_to_orders(self) -> None:
        """The seat that handed over ready goes back to its orders (after its PIN)."""
        if self.back is not None:
            self.app.switch_screen(CurtainScreen(self.session, self.back, coming_back=True))

    def action_gm(self) -> None:
        """Ask for the GM's passphrase."""
        if self.session.has_gm_passphrase():
            self.app.switch_screen(CurtainScreen(self.session, GM, back=self.back))

    def key_escape(self) -> None:
        if self.seat == GM or self.coming_back:
            self.app.to_curtain()  # type: ignore[attr-defined]

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self._check(event.value)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "curtain-go":
            self.action_proceed()
        elif event.button.id == "curtain-back":
            self.action_back_to_orders()
        elif event.button.id == "curtain-end":
            self.action_the_end()
        else:
            self.app.leave_game()  # type: ignore[attr-defined]
