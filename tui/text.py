"""Rich text for the pieces of a view: log events with their dice, messages, odds bars, resources.

Everything here draws plain view data (see :mod:`core.ruleset`) and knows no rule system.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any, Iterable

from rich.text import Text

from core.events import kind_word

KIND_STYLES = {
    "roll": "bold yellow", "battle": "bold red", "capture": "bold green", "assault": "red", "end": "bold magenta",
    "turn": "bold cyan", "refused": "bright_red", "order": "grey62", "start": "cyan", "correction": "magenta",
}
BLOCKS = " ▏▎▍▌▋▊▉█"


def event_text(ev: dict[str, Any]) -> Text:
    """One log event: ``t4 roll  battle at X: 2d6 -> 5, 5  [5][5]``, dice values drawn as dice."""
    kind = str(ev.get("kind", "?"))
    text = Text()
    text.append(f"t{ev.get('turn', '?')} ", style="dim")
    text.append(f"{kind_word(kind):<8}", style=KIND_STYLES.get(kind, "bold"))
    text.append(" ")
    text.append(str(ev.get("text", "")), style="grey62" if kind == "order" else "")
    data = ev.get("data") or {}
    values = data.get("values") if isinstance(data, dict) else None
    if isinstance(values, list) and values and all(isinstance(v, int) for v in values):
        text.append("  ")
        for value in values:
            text.append(f"[{value}]", style="bold black on yellow")
            text.append(" ")
        text.rstrip()
    return text


def events_text(events: Iterable[dict[str, Any]], empty: str = "nothing yet") -> Text:
    """Several events, one per line."""
    lines = [event_text(ev) for ev in events]
    return Text("\n").join(lines) if lines else Text(empty, style="dim italic")


def message_text(message: dict[str, Any], unread: bool = False) -> Text:
    """One message: ``• #3 t2 al: text`` (a bullet marks an unread one)."""
    text = Text()
    text.append("● " if unread else "  ", style="bold bright_yellow")
    text.append(f"#{message.get('n')} t{message.get('turn')} ", style="dim")
    text.append(f"{message.get('from')}: ", style="bold")
    text.append(str(message.get("text", "")))
    return text


def bar(p: float, width: int) -> str:
    """A horizontal bar of ``p`` (0..1) in ``width`` cells, with eighth-cell precision."""
    eighths = max(0, min(width * 8, round(p * width * 8)))
    full, part = divmod(eighths, 8)
    return ("█" * full + (BLOCKS[part] if part else "")).ljust(width)


def percent(p: Fraction | float) -> str:
    """``43.21%``, or ``<0.01%`` for a tiny chance that is not nil."""
    value = float(p) * 100
    if 0 < value < 0.01:
        return "<0.01%"
    return f"{value:6.2f}%"


def odds_text(odds: Any, width: int = 20, limit: int | None = None) -> Text:
    """An Odds object (``.title``, ``.rows`` of (label, Fraction)) as a title and one bar per row; odds the
    viewer cannot know (no rows) as the ``.reason`` why."""
    text = Text()
    text.append(f"odds: {odds.title}", style="bold")
    rows = list(odds.rows)
    reason = getattr(odds, "reason", "")
    if reason and not rows:
        text.append("\nodds unknown: ", style="bold yellow")
        text.append(reason, style="yellow")
    shown = rows if limit is None else rows[:limit]
    for label, p in shown:
        text.append("\n")
        text.append(percent(p), style="bold")
        text.append(" ")
        text.append(bar(float(p), width), style="bright_green" if float(p) >= 0.5 else "yellow")
        text.append(f" {label}")
        if isinstance(p, Fraction) and p.denominator > 1 and p.denominator <= 1296:
            text.append(f" ({p.numerator}/{p.denominator})", style="dim")
    if limit is not None and len(rows) > limit:
        text.append(f"\n  ... {len(rows) - limit} more rows (Enter shows all)", style="dim")
    for note in getattr(odds, "notes", None) or []:
        text.append("\n" + note, style="dim" if note.startswith("  ") else "")
    return text


def resources_text(resources: dict[str, Any]) -> Text:
    """``credits 265 · VP GAR 0 · ...``."""
    text = Text()
    for i, (label, value) in enumerate(resources.items()):
        if i:
            text.append(" · ", style="dim")
        text.append(f"{label} ", style="dim")
        text.append(str(value), style="bold")
    return text


def sheet_line(index: int, order: Any) -> str:
    """An order on a sheet: ``2. jump A1 Kuat (by gm)``."""
    if isinstance(order, dict):
        by = f" (by {order['by']})" if order.get("by") else ""
        return f"{index}. {order.get('text', '')}{by}"
    return f"{index}. {order}"
