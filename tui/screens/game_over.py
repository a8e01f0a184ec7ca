"""The end of the game: the final board as every seat knows it (drawn by the shared widget of its
kind: a map, zones, a field, rings), who won and how, the victory points over the turns as a
chart, and the revealed dice seed with the exact command that checks every roll. Only what
everyone may know: it is shown before the curtain, to anyone at the terminal."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.text import Text
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from core.errors import HolotableError
from core.report import score_chart
from core.session import Session
from saves.replay import ending
from tui.panels import board_widget


def verify_command(game_id: str | None) -> str:
    """The shell command that replays the game and checks every roll against the revealed seed."""
    return f"holotable verify {game_id}" if game_id else "holotable verify GAME (save the game first: it has no id yet)"


def ending_text(session: Session, game_id: str | None, history: list[tuple[int, dict[str, float]]]) -> Text:
    """Who won and how, the final scores, the seed and the verify command, the VP chart. Raises nothing."""
    outcome = session.outcome()
    text = Text()
    if outcome is None:
        text.append("The game is not over yet.\n", style="bold")
        return text
    winners = " and ".join(outcome.winners) or "nobody: a draw"
    text.append("Won by ", style="bold")
    text.append(f"{winners}\n", style="bold green")
    text.append(f"{outcome.reason}\n\n")
    final = history[-1][1] if history else {}
    if final:
        text.append("Victory points on the record at the end\n", style="bold")
        for side, value in sorted(final.items(), key=lambda kv: -kv[1]):
            text.append(f"  {side:<8} {int(value) if float(value).is_integer() else value} VP\n")
        text.append("  (the end's own count, if the rules add to it, is in the line above)\n\n", style="dim")
    text.append("The dice seed, revealed\n", style="bold")
    text.append(f"  {session.record['seed']}\n")
    text.append(f"  published at the start as sha256 {session.record['seed_hash'][:16]}…\n", style="dim")
    text.append("Check every roll of the game:\n", style="bold")
    text.append(f"  {verify_command(game_id)}\n\n", style="bold cyan")
    if history and any(row for _, row in history):
        text.append("Victory points over the turns\n", style="bold")
        for row in score_chart(history, width=24):
            text.append(f"  {row}\n")
    else:
        text.append("No victory points were kept in this game.\n", style="dim")
    return text


class GameOverScreen(Screen[None]):
    """The end-of-game screen; Escape or Enter goes back."""

    CSS_PATH = str(Path(__file__).with_name("game_over.tcss"))
    BINDINGS = [Binding("escape,enter", "close", "Back", priority=True)]

    def __init__(self, session: Session, game_id: str | None = None) -> None:
        super().__init__()
        self.session = session
        self.game_id = game_id
        try:
            self.board, self.history = ending(session)
        except HolotableError:
            self.board, self.history = None, []

    def compose(self):  # type: ignore[no-untyped-def]
        yield Static(f"[b]Game over[/b] · {self.session.ruleset.title} · turn {self.session.turn}"
                     + (f" · {self.game_id}" if self.game_id else ""), id="over-title")
        with Horizontal(id="over-body"):
            if self.board is not None:
                with Vertical(id="over-map-box"):
                    yield board_widget(str(self.board.get("kind")), "over-map")
            else:
                yield Static("This game has no board every seat shares.", id="over-no-map")
            with VerticalScroll(id="over-side"):
                yield Static(ending_text(self.session, self.game_id, self.history), id="over-text")
        yield Footer()

    def on_mount(self) -> None:
        if self.board is not None:
            self.query_one("#over-map").show(self.board, None, list(self.session.ruleset.sides()))  # type: ignore[attr-defined]
        self.query_one("#over-side").focus()

    def action_close(self) -> None:
        self.app.pop_screen()
