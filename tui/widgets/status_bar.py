"""The line at the top: rule system, turn, phase, whose view this is, who is awaited and ready, and the
deadline (its date and the time left, kept current)."""
from __future__ import annotations

import time
from typing import Any

from rich.text import Text
from textual.widgets import Static

from core.events import GM
from core.render import posting_text
from tui.deadline import left_text, when_text

DEADLINE_REFRESH = 5.0  # seconds between redraws of the time left


def status_text(view: dict[str, Any], seat: str, side: str | None, unread: int) -> Text:
    """``Republic at War · turn 5 orders · al (GAR) · waiting: al bo · ready: cy di · ✉ 2``."""
    text = Text()
    text.append(f" {view.get('title') or view.get('ruleset', '?')} ", style="bold reverse")
    text.append(f" turn {view.get('turn', '?')}", style="bold")
    if view.get("phase"):
        text.append(f" {view['phase']}", style="dim")
    text.append("  ·  ", style="dim")
    text.append(f"{seat}", style="bold bright_cyan")
    if side:
        text.append(f" ({side})", style="bright_cyan")
    outcome = view.get("outcome")
    deadline = view.get("deadline")
    if deadline is not None and not outcome:  # before the lists of seats, so that a narrow header never cuts it
        left = float(deadline) - time.time()
        text.append("  ·  deadline ", style="dim")
        text.append(f"{when_text(float(deadline))} ", style="bold")
        text.append(f"({'passed' if left <= 0 else 'in ' + left_text(left)})",
                    style="bold bright_red" if left < 3600 else "bold yellow" if left < 86400 else "")
    if outcome:
        winners = ", ".join(outcome.get("winners") or []) or "nobody"
        text.append(f"  ·  game over: {winners} won", style="bold magenta")
    else:
        ready = set(view.get("ready") or [])
        awaited = list(view.get("awaiting") or [])
        waiting = [s for s in awaited if s not in ready]
        if len(awaited) > 1:
            text.append(f"  ·  {len(ready & set(awaited))} of {len(awaited)} ready", style="bold")
        text.append("  ·  waiting: ", style="dim")
        text.append(" ".join(waiting) or "nobody")
        if ready:
            text.append("  ·  ready: ", style="dim")
            text.append(" ".join(sorted(ready)), style="green")
        if seat == GM and view.get("posting"):  # the GM's desk: who has posted this turn, who is still to
            text.append(f"  ·  {posting_text(view['posting'])}", style="green")
    if unread:
        text.append(f"  ·  ✉ {unread} unread", style="bold bright_yellow")
    return text


class StatusBar(Static):
    """One line of who and where."""

    DEFAULT_CSS = """
    StatusBar { height: 1; background: $panel; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._shown: Any = None
        self._args: tuple[dict[str, Any], str, str | None, int] | None = None
        self.note: Text | None = None  # shown first (the GM's read-only view says so here)

    def on_mount(self) -> None:
        self.set_interval(DEADLINE_REFRESH, self._tick)

    def _tick(self) -> None:
        if self._args is not None and self._args[0].get("deadline") is not None:
            self._draw(*self._args)

    def show(self, view: dict[str, Any], seat: str, side: str | None, unread: int) -> None:
        """Redraw when something shown changed (the time left also every half minute)."""
        key = (view.get("title"), view.get("turn"), view.get("phase"), view.get("awaiting"), view.get("ready"), view.get("posting"),
               view.get("outcome"), view.get("deadline"), seat, side, unread)
        self._args = (view, seat, side, unread)
        if key == self._shown:
            return
        self._shown = key
        self._draw(view, seat, side, unread)

    def _draw(self, view: dict[str, Any], seat: str, side: str | None, unread: int) -> None:
        text = status_text(view, seat, side, unread)
        self.update(Text.assemble(self.note, text) if self.note is not None else text)
