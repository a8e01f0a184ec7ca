"""Victory: how the game is won and how near each side is, as the viewer may know it
(``view["victory"]``: a goal, the score, and one row per objective and side with its progress).
Reached by F12 and the command palette; draws the view only and knows no rule system."""
from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from tui.text import bar

BAR = 16


def victory_text(victory: dict[str, Any], side: str | None = None, width: int = BAR) -> RenderableType:
    """The goal, the score, then each side's objectives (the viewer's first), each with a progress bar and
    its text beside the bar (wrapped in its own column)."""
    if not victory or not victory.get("rows"):
        return Text("this rule system shows no victory progress", style="dim italic")
    parts: list[RenderableType] = []
    head = Text()
    if victory.get("goal"):
        head.append(str(victory["goal"]), style="italic")
    score = victory.get("score") or {}
    if score:
        head.append("\nscore: ", style="bold")
        head.append("  ".join(f"{s} {v}" for s, v in score.items()), style="bold bright_cyan")
    parts.append(head)
    groups: dict[str, list[dict[str, Any]]] = {}
    for row in victory["rows"]:
        groups.setdefault(str(row.get("side") or ""), []).append(row)
    for who in sorted(groups, key=lambda s: (s != side,)):
        parts.append(Text(""))
        parts.append(Text(f"{who}{' (you)' if who == side else ''}", style="bold reverse"))
        for row in groups[who]:
            done = bool(row.get("done"))
            value = float(row.get("value") or 0.0)
            title = Text()
            title.append("✓ " if done else "  ", style="bold green")
            title.append(f"{row.get('objective', '')}", style="bold")
            title.append(f"  {row.get('rule', '')}", style="dim")
            parts.append(title)
            filled = bar(1.0 if done else value, width).rstrip()
            meter = Text("  ")
            meter.append(filled, style="bright_green" if done or value >= 0.5 else "yellow")
            meter.append("░" * (width - len(filled)), style="grey35")
            grid = Table.grid(padding=(0, 1))
            grid.add_column(width=width + 2, no_wrap=True)
            grid.add_column(ratio=1)
            grid.add_row(meter, Text(str(row.get("text", ""))))
            parts.append(grid)
    return Group(*parts)


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
