"""The turn's report, shown to each seat after the curtain: the summary first (battles with each
side's losses and a bar chart of them, places taken and lost, builds, credits), then the orders as
they stood, then every event with its dice. Sealed records show their hashes on a key."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.text import Text
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from core.report import TurnReport, fold_names, loss_chart, losses_words
from tui.text import event_text, events_text


def report_rich(report: TurnReport, seals: bool = False) -> Text:
    """One turn report as rich text: headings, the summary, loss charts (the reader's side green,
    others red), the orders, the details with dice drawn as dice; the seals' hashes when asked."""
    out = Text()
    out.append(f"{report.title}\n", style="bold underline")
    s = report.summary
    rows = 0
    for battle in s.battles:
        out.append(f"⚔ Battle at {battle.place}", style="bold red")
        out.append(f": {battle.result}\n" if battle.result else "\n")
        for side in battle.sides:
            out.append(f"    {side.side}", style="bold green" if side.side == report.side else "bold")
            out.append(f" lost {losses_words(side, report.side)}")
            if side.damaged:
                out.append(f"; damaged: {', '.join(fold_names(side.damaged))}", style="yellow")
            out.append("\n")
        rows += 1
    for place, to, was in s.changes:
        if report.side is not None and to == report.side:
            out.append("⚑ Taken: ", style="bold green")
            out.append(f"{place}\n")
        elif report.side is not None and was == report.side:
            out.append("⚑ Lost: ", style="bold red")
            out.append(f"{place}, to {to}\n")
        else:
            out.append("⚑ Changed hands: ", style="bold")
            out.append(f"{place} to {to}" + (f" (from {was})" if was else "") + "\n")
        rows += 1
    for line in s.builds:
        out.append("✚ ", style="bold cyan")
        out.append(f"{line}\n")
        rows += 1
    if s.underway:
        out.append("… Still building: ", style="cyan")
        out.append("; ".join(s.underway) + "\n")
    for line in s.headlines:
        out.append(f"• {line}\n")
        rows += 1
    if s.names:
        out.append("Names the engine gave: ", style="dim")
        out.append("; ".join(s.names) + "\n", style="dim italic")
    if report.resources:
        out.append("At the end of the turn: ", style="dim")
        out.append(" · ".join(f"{k} {v}" for k, v in report.resources.items()) + "\n", style="bold")
    if not rows and not report.resources:
        out.append("Nothing of note you could see happened.\n", style="dim italic")
    widest = max((len(side.side) for b in s.battles for side in b.sides), default=0)
    for battle in s.battles:
        out.append(f"\nLosses at {battle.place}\n", style="bold")
        for side, row in zip(battle.sides, loss_chart(battle, name_width=widest)):
            out.append(f"  {row}\n", style="green" if side.side == report.side else "red")
    if report.orders:
        out.append("\nOrders as they stood when the turn resolved\n", style="bold")
        for order in report.orders:
            out.append(f"  {order}\n", style="grey62")
    out.append("\nDetails, every die\n", style="bold")
    for d in report.details:
        out.append("  ")
        out.append_text(event_text({"kind": d.kind, "turn": report.turn, "text": d.text, "data": {"values": d.dice}}))
        out.append("\n")
    if report.seals:
        out.append("\nSealed records: ", style="bold")
        if seals:
            out.append("\n" + "\n".join(f"  {line}" for line in report.seals) + "\n", style="dim")
        else:
            out.append(f"{len(report.seals)}, sealed and verifiable (S shows their hashes)\n", style="dim")
    return out


class ReportScreen(ModalScreen[None]):
    """A scrolling report; Enter or Escape closes it, S shows the sealed records' hashes."""

    CSS_PATH = str(Path(__file__).with_name("report.tcss"))
    BINDINGS = [
        Binding("escape,enter", "close", "Close", priority=True),
        Binding("s", "seals", "Seals", show=False),
    ]

    def __init__(self, title: str, events: list[dict[str, Any]], reports: list[TurnReport] | None = None) -> None:
        super().__init__()
        self.title_text = title
        self.events = events
        self.reports = list(reports or [])
        self.show_seals = False

    def _body(self) -> Text:
        if not self.reports:
            return events_text(self.events, empty="nothing this viewer could see happened")
        return Text("\n").join(report_rich(r, self.show_seals) for r in self.reports)

    def compose(self):  # type: ignore[no-untyped-def]
        with Vertical(id="report-box"):
            yield Static(f"[b]{self.title_text}[/b]", id="report-title")
            with VerticalScroll(id="report-scroll"):
                yield Static(self._body(), id="report-lines")
            yield Static("[dim]Enter or Escape closes; F9 shows it again"
                         + ("; S shows the sealed records' hashes" if any(r.seals for r in self.reports) else "")
                         + "[/dim]", id="report-hint")

    def on_mount(self) -> None:
        self.query_one("#report-scroll").focus()

    def action_seals(self) -> None:
        self.show_seals = not self.show_seals
        self.query_one("#report-lines", Static).update(self._body())

    def action_close(self) -> None:
        self.dismiss(None)
