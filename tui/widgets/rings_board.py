"""The rings board: a board of kind ``"rings"`` drawn from the view.

A planet's space-ground grid: one column per quadrant, one row per ring from the deep space zones
inwards (DSZ, C, B, A), the atmosphere as one row across the whole width, then each ground grid's
Air and Surface layers. Every space lists the units the viewer may see there, grouped by faction
(the viewer's own first, in bold green) and by unit code with a count, and marked for their state:
``~`` damaged, ``!`` disabled, ``%`` derelict, ``>`` held by a tractor beam, ``^`` on combat space
or atmospheric patrol (CSP/CAP). It knows the board kind, never a rule system.

The board dict: ``title``; ``rows``: ``[{"label", "cells": [space id, ...]}]`` (a row of one cell
spans the width); ``spaces``: ``{id: {"id", "name", "units": [token]}}``; ``factions``:
``[{"seat", "side", "symbol"}]``; ``viewer``; ``cards``: ``{unit id: card}`` (what the viewer may
know of each unit it sees). A token: ``{"id", "code", "owner", "state", "tractored", "patrol"}``.

Arrows move a cursor over the spaces, Enter puts the space id on the order line, ``c`` opens the
cards of the units in it. Readable at 120x40; at 80x24 the cells narrow and the board scrolls.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.message import Message
from textual.widgets import Static

MINE = "bold green"
OTHERS = ["bold red", "bold yellow", "bold magenta", "bold cyan", "bold blue", "red", "yellow", "magenta", "cyan", "blue"]
MARKS = {"damaged": "~", "disabled": "!", "derelict": "%"}
LEGEND = "~ damaged  ! disabled  % derelict  > tractored  ^ CSP/CAP"


def faction_styles(board: dict[str, Any]) -> dict[str, str]:
    """A style per faction seat: the viewer's own bold green, the others from a fixed palette."""
    viewer = board.get("viewer")
    styles: dict[str, str] = {}
    k = 0
    for f in board.get("factions", []):
        seat = str(f["seat"])
        if seat == viewer:
            styles[seat] = MINE
        else:
            styles[seat] = OTHERS[k % len(OTHERS)]
            k += 1
    return styles


def token_word(tok: dict[str, Any]) -> str:
    """A unit's short form: its code and state marks (``ISD2~>`` a damaged Star Destroyer in a tractor beam)."""
    word = str(tok.get("code") or tok.get("id"))
    word += MARKS.get(str(tok.get("state", "")), "")
    if tok.get("tractored"):
        word += ">"
    if tok.get("patrol"):
        word += "^"
    return word


def space_lines(space: dict[str, Any], board: dict[str, Any]) -> list[tuple[str, str]]:
    """The faction lines of one space: ``(text, style)``, the viewer's units first, like units counted."""
    symbols = {str(f["seat"]): str(f.get("symbol") or f["seat"]) for f in board.get("factions", [])}
    order = [str(f["seat"]) for f in board.get("factions", [])]
    viewer = board.get("viewer")
    if viewer in order:
        order.remove(viewer)
        order.insert(0, viewer)
    by_owner: dict[str, dict[str, int]] = {}
    for tok in space.get("units", []):
        owner = str(tok.get("owner"))
        words = by_owner.setdefault(owner, {})
        w = token_word(tok)
        words[w] = words.get(w, 0) + 1
    styles = faction_styles(board)
    lines = []
    for owner in order + sorted(set(by_owner) - set(order)):
        if owner not in by_owner:
            continue
        parts = [w if n == 1 else f"{w}x{n}" for w, n in by_owner[owner].items()]
        lines.append((f"{symbols.get(owner, owner)}: " + " ".join(parts), styles.get(owner, "bold")))
    return lines


def wrap(text: str, width: int) -> list[str]:
    """``text`` cut into lines of at most ``width`` characters at spaces (a longer word is cut)."""
    out: list[str] = []
    line = ""
    for word in text.split(" "):
        while len(word) > width:
            if line:
                out.append(line)
                line = ""
            out.append(word[:width])
            word = word[width:]
        if not line:
            line = word
        elif len(line) + 1 + len(word) <= width:
            line += " " + word
        else:
            out.append(line)
            line = "  " + word if len(word) + 2 <= width else word
    if line:
        out.append(line)
    return out


def cell_block(space: dict[str, Any], board: dict[str, Any], width: int, selected: bool) -> list[tuple[str, str]]:
    """The lines of one cell, each exactly ``width`` wide: the space name, then its faction lines."""
    head = str(space.get("name") or space.get("id"))
    lines = [(head[:width].ljust(width), "reverse" if selected else "dim")]
    for text, style in space_lines(space, board):
        for part in wrap(text, width):
            lines.append((part.ljust(width), style))
    return lines


def layout(board: dict[str, Any], width: int) -> tuple[int, list[tuple[str, list[tuple[str, int]]]]]:
    """The label width and, per row, its label and cells as (space id, cell width)."""
    short = width < 100  # at 80 columns the row labels shrink to four letters ("Surf")
    label_w = max([len(str(r.get("label", ""))[:4] if short else str(r.get("label", ""))) for r in board.get("rows", [])]
                  + [3]) + 1
    ncols = max([len(r.get("cells", [])) for r in board.get("rows", [])] + [1])
    col_w = max(8, (width - label_w) // ncols - 1)
    rows = []
    for r in board.get("rows", []):
        cells = list(r.get("cells", []))
        if not cells:
            continue
        span = (col_w + 1) * ncols // len(cells) - 1
        rows.append((str(r.get("label", ""))[:4] if short else str(r.get("label", "")), [(str(c), span) for c in cells]))
    return label_w, rows


def render(board: dict[str, Any], width: int, cursor: tuple[int, int] | None = None, rules: bool | None = None) -> Text:
    """The whole board as Rich text of ``width`` columns, with the legend under it; ``rules`` draws a
    line between rows (default: at 100 columns or more)."""
    rules = width >= 100 if rules is None else rules
    text = Text()
    title = str(board.get("title") or "")
    if title:
        text.append(title[:width] + "\n", style="bold")
    label_w, rows = layout(board, width)
    spaces = board.get("spaces", {})
    for r, (label, cells) in enumerate(rows):
        blocks = []
        for c, (sid, w) in enumerate(cells):
            space = spaces.get(sid, {"id": sid, "units": []})
            blocks.append(cell_block(space, board, w, cursor == (r, c)))
        height = max(len(b) for b in blocks)
        for i in range(height):
            text.append((label if i == 0 else "").ljust(label_w), style="bold")
            for c, block in enumerate(blocks):
                if c:
                    text.append("│", style="dim")
                if i < len(block):
                    text.append(block[i][0], style=block[i][1])
                else:
                    text.append(" " * cells[c][1])
            text.append("\n")
        if rules:  # on a small screen the rows go without rules, so more of the grid fits
            text.append(" " * label_w + "─" * max(0, width - label_w) + "\n", style="dim")
    text.append(LEGEND[:width], style="dim")
    if cursor is not None:
        sid = picked_space(board, width, cursor)
        if sid:
            text.append(f"\n{sid}: Enter puts it on the order line, c shows the unit cards", style="bold")
    return text


def space_place(board: dict[str, Any], sid: str) -> dict[str, Any]:
    """A space as a place for the details panel: its name, its kind and one line per unit there."""
    space = board.get("spaces", {}).get(sid, {"id": sid, "units": []})
    symbols = {str(f["seat"]): str(f.get("symbol") or f["seat"]) for f in board.get("factions", [])}
    lines = [f"{t['id']} {t.get('code', '')} ({symbols.get(str(t.get('owner')), t.get('owner'))}) {t.get('state', '')}"
             + (" tractored" if t.get("tractored") else "") + (f" {t['patrol']}" if t.get("patrol") else "")
             for t in sorted(space.get("units", []), key=lambda t: t.get("owner") != board.get("viewer"))]
    return {"id": sid, "name": str(space.get("name") or sid), "symbol": "·",
            "owner": str(space.get("kind") or "space"), "marks": [], "lines": lines or ["nothing you can see"]}


def picked_space(board: dict[str, Any], width: int, cursor: tuple[int, int]) -> str | None:
    """The space id under the cursor (row, column), if any."""
    _, rows = layout(board, width)
    r, c = cursor
    if 0 <= r < len(rows) and rows[r][1]:
        cells = rows[r][1]
        return cells[min(c, len(cells) - 1)][0]
    return None


class RingsBoard(VerticalScroll, can_focus=True):
    """A planet's space-ground grid; a cursor (arrows or a click) picks a space for the order line,
    ``c`` opens the cards of the units there."""

    HAS_PLACES = True  # a place can be selected on it: the details under it describe the one selected

    DEFAULT_CSS = """
    RingsBoard { height: 1fr; }
    """
    BINDINGS = [
        Binding("left", "cursor(0, -1)", "Left", show=False), Binding("right", "cursor(0, 1)", "Right", show=False),
        Binding("up", "cursor(-1, 0)", "Up", show=False), Binding("down", "cursor(1, 0)", "Down", show=False),
        Binding("enter", "choose", "Use it", show=False), Binding("c", "cards", "Unit cards", show=False, priority=True),
    ]

    @dataclass
    class Chosen(Message, namespace="field_board"):
        """Enter or a click on a space: its id for the order line (the same message a field board sends)."""

        text: str

    @dataclass
    class Selected(Message, namespace="galaxy_map"):
        """The cursor is on a space: its details (the units there) for the details panel (the same
        message the galaxy map sends for a place)."""

        place: dict[str, Any]

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._board: dict[str, Any] | None = None
        self._shown: tuple[Any, ...] | None = None
        self.cursor: tuple[int, int] | None = None
        self.place: dict[str, Any] | None = None

    def compose(self):  # type: ignore[no-untyped-def]
        """One picture of the whole grid."""
        yield Static(id="rings-picture")

    def show(self, board: dict[str, Any], viewer_side: str | None = None, sides: list[str] | None = None) -> None:
        """Draw the board at the widget's width; skipped when nothing changed."""
        self._board = board
        sid = self.picked_text()
        self.place = None if sid is None else space_place(board, sid)
        self._draw()

    def on_resize(self) -> None:
        """Redraw at the new size."""
        self._draw()

    def _rules(self) -> bool:
        """Lines between rows only when the board has the height for them (a 40-line terminal)."""
        return self.size.height >= 22 or not self.size.height

    def _width(self) -> int:
        return max(40, self.size.width - 2) if self.size.width else 118

    def _draw(self) -> None:
        if self._board is None:
            return
        width = self._width()
        key = (id(self._board), width, self.cursor, self._rules())
        if key == self._shown:
            return
        self._shown = key
        self.query_one("#rings-picture", Static).update(render(self._board, width, self.cursor, self._rules()))

    def action_cursor(self, dr: int, dc: int) -> None:
        """Move the cursor one space (row, column)."""
        if self._board is None:
            return
        _, rows = layout(self._board, self._width())
        if not rows:
            return
        r, c = self.cursor or (0, 0)
        r = max(0, min(len(rows) - 1, r + dr))
        c = max(0, min(len(rows[r][1]) - 1, c + dc))
        self.cursor = (r, c)
        self._draw()
        self._select()

    def _select(self) -> None:
        sid = self.picked_text()
        if self._board is not None and sid is not None:
            self.place = space_place(self._board, sid)
            self.post_message(self.Selected(self.place))

    def picked_text(self) -> str | None:
        """The space id under the cursor."""
        if self._board is None or self.cursor is None:
            return None
        return picked_space(self._board, self._width(), self.cursor)

    def action_choose(self) -> None:
        """Put the space under the cursor on the order line."""
        text = self.picked_text()
        if text:
            self.post_message(self.Chosen(text))

    def action_cards(self) -> None:
        """Open the unit cards of the space under the cursor (of every unit the viewer sees, if none)."""
        if self._board is None:
            return
        from tui.screens.unit_card import UnitCardScreen
        sid = self.picked_text()
        cards = self._board.get("cards", {})
        if sid:
            ids = [t["id"] for t in self._board.get("spaces", {}).get(sid, {}).get("units", [])]
        else:
            ids = list(cards)
        shown = sorted((cards[i] for i in ids if i in cards), key=lambda c: c.get("owner") != self._board.get("viewer"))
        self.app.push_screen(UnitCardScreen(sid or "all spaces", shown))

    def on_click(self, event: events.Click) -> None:
        """A click picks the space under it (and puts it on the order line)."""
        if self._board is None:
            return
        width = self._width()
        label_w, rows = layout(self._board, width)
        line = event.y + int(self.scroll_y) - (1 if self._board.get("title") else 0)
        spaces = self._board.get("spaces", {})
        for r, (_label, cells) in enumerate(rows):
            height = max(len(cell_block(spaces.get(sid, {"id": sid}), self._board, w, False)) for sid, w in cells) \
                + (1 if self._rules() else 0)
            if line < height:
                x = event.x - label_w
                c = 0
                for k, (_sid, w) in enumerate(cells):
                    if x < (k + 1) * (w + 1):
                        c = k
                        break
                self.cursor = (r, c)
                self._draw()
                self._select()
                self.action_choose()
                return
            line -= height
