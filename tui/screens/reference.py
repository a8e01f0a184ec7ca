"""The unit reference: every unit type of the rule system in play, from the ruleset's own data
(name, code, cost, capacity, keywords, what it does), filtered as you type."""
from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from tui.widgets.inputs import SteadyInput


def matches(row: dict[str, Any], query: str) -> bool:
    """Whether every word of ``query`` is found in the row's name, code, side, kind, keywords or text."""
    hay = " ".join(str(row.get(k, "")) for k in ("name", "code", "side", "kind", "does")) + " " + " ".join(row.get("keywords") or [])
    hay = hay.lower()
    return all(word in hay for word in query.lower().split())


def glossary_text(glossary: list[dict[str, str]], query: str = "") -> Text:
    """What the columns and codes mean (the terms matching ``query``), one line each."""
    text = Text()
    for row in glossary:
        if all(w in (row["term"] + " " + row["means"]).lower() for w in query.lower().split()):
            text.append(f"{row['term']}", style="bold bright_cyan")
            text.append(f"  {row['means']}\n")
    return text


def reference_text(rows: list[dict[str, Any]], query: str = "", side: str | None = None,
                   glossary: list[dict[str, str]] | None = None) -> Text:
    """What the codes mean (``glossary``), then the rows matching ``query`` (the viewer's side first), one block each."""
    key = glossary_text(glossary or [], query)
    if key:
        head = Text("What the columns and codes mean\n", style="bold underline")
        head.append_text(key)
        body = reference_text(rows, query, side)
        return head + Text("\n") + body if rows else head
    shown = [r for r in rows if matches(r, query)]
    shown.sort(key=lambda r: (side is not None and r.get("side") not in (side, "any"), str(r.get("kind")), int(r.get("cost") or 0)))
    text = Text()
    if not rows:
        return Text("this rule system lists no unit types", style="dim italic")
    if not shown:
        return Text(f"nothing matches {query!r}", style="dim italic")
    for row in shown:
        if text:
            text.append("\n")
        text.append(f"{row['code']:<8}", style="bold bright_cyan")
        text.append(f" {row['name']}", style="bold")
        text.append(f"  {row.get('side', '')} {row.get('kind', '')}", style="dim")
        text.append(f"  cost {row.get('cost')}", style="yellow")
        if row.get("capacity") is not None:
            text.append(f"  capacity {row['capacity']}", style="green")
        if row.get("keywords"):
            text.append("  [" + ", ".join(row["keywords"]) + "]", style="magenta")
        if row.get("does"):
            text.append("\n         " + str(row["does"]), style="")
    return text


class ReferenceScreen(ModalScreen["str | None"]):
    """The unit reference; type to search, Escape closes. Opened on one unit of the board (``unit``: its
    id, ``query``: its type), Enter closes it with the unit's id for the order line."""

    DEFAULT_CSS = """
    ReferenceScreen { align: center middle; }
    ReferenceScreen > #ref-box { width: 95%; height: 90%; border: round $accent; background: $surface; padding: 0 1; }
    ReferenceScreen #ref-search { height: 1; border: none; padding: 0; }
    ReferenceScreen #ref-scroll { height: 1fr; }
    ReferenceScreen #ref-hint { color: $text-muted; height: 1; }
    """
    BINDINGS = [Binding("escape", "close", "Close", priority=True)]

    def __init__(self, title: str, rows: list[dict[str, Any]], side: str | None = None,
                 glossary: list[dict[str, str]] | None = None, query: str = "", unit: str | None = None) -> None:
        super().__init__()
        self.title_text = title
        self.rows = rows
        self.side = side
        self.glossary = glossary or []
        self.query_text = query
        self.unit = unit

    def compose(self):  # type: ignore[no-untyped-def]
        with Vertical(id="ref-box"):
            article = "an" if self.query_text[:1].lower() in ("a", "e", "i", "o", "u", "x") else "a"
            head = f"unit {self.unit}: {article} {self.query_text} · " if self.unit else ""
            yield Static(f"[b]{head}Units of {self.title_text}[/b] ({len(self.rows)})", id="ref-title")
            yield SteadyInput(value=self.query_text, placeholder="search: a name, a code, a keyword, a side", id="ref-search")
            with VerticalScroll(id="ref-scroll"):
                yield Static(self._text(self.query_text), id="ref-lines")
            hint = f"Enter puts {self.unit} on the order line · " if self.unit else ""
            yield Static(f"type to search · {hint}Escape closes", id="ref-hint")

    def on_mount(self) -> None:
        self.query_one("#ref-search", Input).focus()

    def _text(self, query: str) -> Text:
        """The rows for ``query``; a unit's card shows its type's rows without the codes' key above them."""
        if self.unit and query == self.query_text and any(matches(r, query) for r in self.rows):
            return reference_text(self.rows, query, self.side)
        return reference_text(self.rows, query, self.side, self.glossary)

    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()
        self.query_one("#ref-lines", Static).update(self._text(event.value))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter on a unit's card: back to the war room with the unit's id for the order line."""
        event.stop()
        if self.unit:
            self.dismiss(self.unit)

    def action_close(self) -> None:
        self.dismiss(None)
