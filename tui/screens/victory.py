"""Victory: how the game is won and how near each side is, as the viewer may know it
(``view["victory"]``: a goal, the score, and one row per objective and side with its progress).
Reached by F12 and the command palette; draws the view only and knows no rule system."""
from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from tui.text import bar

BAR = 16


def victory_text(victory: dict[str, Any], side: str | None = None, width: int = BAR) -> Text:
    """The goal, the score, then each side's objectives (the viewer's first) with a progress bar."""
    if not victory or not victory.get("rows"):
        return Text("this rule system shows no victory progress", style="dim italic")
    text = Text()
    if victory.get("goal"):
        text.append(str(victory["goal"]), style="italic")
        text.append("\n")
    score = victory.get("score") or {}
    if score:
        text.append("score: ", style="bold")
        text.append("  ".join(f"{s} {v}" for s, v in score.items()), style="bold bright_cyan")
        text.append("\n")
    groups: dict[str, list[dict[str, Any]]] = {}
    for row in victory["rows"]:
        groups.setdefault(str(row.get("side") or ""), []).append(row)
    order = sorted(groups, key=lambda s: (s != side,))
    for who in order:
        text.append("\n")
        text.append(f"{who}{' (you)' if who == side else ''}", style="bold reverse")
        for row in groups[who]:
            text.append("\n")
            done = bool(row.get("done"))
            value = float(row.get("value") or 0.0)
            text.append("✓ " if done else "  ", style="bold green")
            text.append(f"{row.get('objective', '')}", style="bold")
            text.append(f"  {row.get('rule', '')}", style="dim")
            text.append("\n    ")
            filled = bar(1.0 if done else value, width).rstrip()
            text.append(filled, style="bright_green" if done or value >= 0.5 else "yellow")
            text.append("░" * (width - len(filled)), style="grey35")
            text.append(f" {row.get('text', '')}")
    return text


class VictoryScreen(ModalScreen[None]):
    """The victory panel; Escape (or F12 again) closes."""

    DEFAULT_CSS = """
    VictoryScreen { align: center middle; }
    VictoryScreen > #victory-box { width: 95%; max-width: 110; height: 90%; border: round $accent;
                                   background: $surface; padding: 0 1; }
    VictoryScreen #victory-scroll { height: 1fr; }
    VictoryScreen #victory-hint { color: $text-muted; height: 1; }
    """
    BINDINGS = [Binding("escape,f12", "close", "Close", priority=True)]

    def __init__(self, title: str, victory: dict[str, Any], side: str | None = None) -> None:
        super().__init__()
        self.title_text = title
        self.victory = victory
        self.side = side

    def compose(self):  # type: ignore[no-untyped-def]
        with Vertical(id="victory-box"):
            yield Static(f"[b]Victory[/b] · {self.title_text}", id="victory-title")
            with VerticalScroll(id="victory-scroll"):
                yield Static(victory_text(self.victory, self.side), id="victory-lines")
            yield Static("as far as you may know it · Escape closes", id="victory-hint")

    def action_close(self) -> None:
        self.dismiss(None)
