"""The GM at a hot-seat terminal (after the GM's passphrase): every seat's state of play, the whole
log, and an order line to act as the GM for a seat (a ruling on differing battle reports, say).

Shown only when the app's gate has let the GM in; Escape or F10 brings the curtain down again.
"""
from __future__ import annotations

from rich.text import Text
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Input, Static

from core.errors import HolotableError
from core.events import GM
from core.session import Session
from tui.screens.curtain import seats_line
from tui.text import events_text
from tui.widgets.inputs import SteadyInput

GM_LOG_TURNS = 2


class WatchScreen(Screen[None]):
    """The GM's desk: the log as the GM sees it and ``<seat> <order>`` as the GM."""

    DEFAULT_CSS = """
    WatchScreen #watch-head { height: auto; background: $boost; padding: 0 1; }
    WatchScreen #watch-log { height: 1fr; border: round $accent; padding: 0 1; }
    WatchScreen #watch-order { height: 3; border: tall $accent; }
    WatchScreen #watch-status { height: auto; padding: 0 1; }
    """
    BINDINGS = [
        Binding("escape,f10", "close", "Curtain"),
        Binding("f12", "victory", "Victory"),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self._unsubscribe = None

    def compose(self):  # type: ignore[no-untyped-def]
        self.app.gate.require(self.session, GM)  # type: ignore[attr-defined]
        yield Static(id="watch-head")
        with VerticalScroll(id="watch-log"):
            yield Static(id="watch-lines")
        yield Static("", id="watch-status")
        yield SteadyInput(placeholder="as the GM: <seat> <order>, e.g. al ruling B1 ...  (Escape: curtain)", id="watch-order")
        yield Footer()

    def on_mount(self) -> None:
        self._unsubscribe = self.session.subscribe(lambda kind, payload: self.call_later(self.redraw))
        self.redraw()
        self.query_one("#watch-order").focus()

    def on_unmount(self) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None

    def redraw(self) -> None:
        """Draw the GM's view of the state of play."""
        if not self.is_attached:
            return
        session = self.session
        head = Text.assemble((f" {session.ruleset.title} ", "bold reverse"), ("  the GM's view", "bold bright_cyan"),
                             (f"  ·  turn {session.turn}", "bold"))
        outcome = session.outcome()
        head.append(f"  ·  game over: {outcome.reason}" if outcome else f"  ·  waiting for: {', '.join(sorted(session.awaiting())) or 'nobody'}")
        head.append("\n")
        head.append_text(seats_line(session))
        for item in session.ruleset.urgent(session.state, GM):  # what waits on the GM (a ruling due)
            head.append("\n⚠ " + str(item.get("text", "")), style="bold bright_red")
        self.query_one("#watch-head", Static).update(head)
        events = session.events_for(GM, since_turn=max(0, session.turn - GM_LOG_TURNS + 1))
        self.query_one("#watch-lines", Static).update(events_text(events))
        self.query_one("#watch-log", VerticalScroll).scroll_end(animate=False)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        seat, _, order = event.value.strip().partition(" ")
        status = self.query_one("#watch-status", Static)
        if not seat or not order.strip():
            status.update(Text("write the seat, then the order: al ruling B1 ...", style="bright_red"))
            return
        try:
            self.session.order(self.session.gm, seat, order)
        except HolotableError as exc:
            status.update(Text(f"✗ refused: {exc}", style="bright_red"))
            return
        event.input.value = ""
        status.update(Text(f"✓ {seat}: {order.strip()}", style="bold green"))
        self.redraw()

    def action_victory(self) -> None:
        """Victory progress as the GM sees it: the truth for every side."""
        from tui.screens.victory import VictoryScreen
        self.app.push_screen(VictoryScreen(self.session.ruleset.title, self.session.ruleset.victory(self.session.state, GM)))

    def action_close(self) -> None:
        self.app.to_curtain()  # type: ignore[attr-defined]
