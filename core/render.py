"""Plain-text rendering of views, events, messages and order sheets, for the line console and reports."""
from __future__ import annotations

from typing import Any

from core.events import GM, kind_word

def _words(value: Any) -> str:
    if value is None or value == "" or value == [] or value == {}:
        return ""
    if isinstance(value, dict):
        return ", ".join(f"{k} {_words(v)}".strip() for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return ", ".join(_words(v) for v in value)
    return str(value)


def render_event(ev: dict[str, Any]) -> str:
    """One event as a log line: ``t3 roll: ...`` (continuation lines indented)."""
    text = str(ev.get("text", "")).replace("\n", "\n    ")
    return f"t{ev.get('turn', '?')} {kind_word(str(ev.get('kind', '?')))}: {text}"


def render_message(message: dict[str, Any]) -> str:
    """One message: ``#3 [team:GAR] t2 al: text``."""
    text = str(message.get("text", "")).replace("\n", "\n    ")
    return f"#{message.get('n')} [{message.get('thread')}] t{message.get('turn')} {message.get('from')}: {text}"


def order_text(order: Any) -> str:
    """An order on a sheet (``{"text", "by"}``) as a line."""
    if isinstance(order, dict):
        by = f" (by {order['by']})" if order.get("by") else ""
        return f"{order.get('text', '')}{by}"
    return str(order)


def render_sheet(sheet: list[Any], seat: str, notes: dict[str, Any] | None = None) -> str:
    """A seat's order sheet, numbered from 1; with ``notes`` (a view's ``sheet_notes``) each order's cost, what is
    left after it and its warning, and the running totals."""
    notes = notes or {}
    rows = list(notes.get("rows") or [])
    head = f"{seat}: no orders on the sheet" if not sheet else f"{seat}: {len(sheet)} order{'s' if len(sheet) != 1 else ''}"
    if notes.get("start") is not None and notes.get("spent") is not None:
        head += f"; {notes['start']} {notes.get('unit', '')}: {notes['spent']} spent, {notes['left']} left"
    lines = [head]
    for i, order in enumerate(sheet, 1):
        line = f"  {i}. {order_text(order)}"
        note = rows[i - 1] if i - 1 < len(rows) else {}
        if note.get("cost"):
            line += f"  (-{note['cost']}, {note['left']} left)"
        if note.get("at"):
            line += f"  [{note['at']}]"
        lines.append(line)
        if note.get("warning"):
            lines.append(f"     warning: {note['warning']}")
    lines.extend(f"  {line}" for line in notes.get("lines") or [])
    return "\n".join(lines)


def render_victory(victory: dict[str, Any]) -> list[str]:
    """A view's victory progress in lines: the goal, then one line per objective and side."""
    if not victory or not victory.get("rows"):
        return []
    lines = ["victory: " + str(victory.get("goal", ""))]
    for row in victory["rows"]:
        lines.append(f"  {row.get('side', '')} {row.get('objective', '')} ({row.get('rule', '')}): {row.get('text', '')}"
                     + (" - done" if row.get("done") else ""))
    return lines


def render_board(board: dict[str, Any]) -> list[str]:
    """A board in lines: its places (or zones, squares ...) with owner, marks and lines."""
    lines: list[str] = []
    for key, items in board.items():
        if (isinstance(items, dict) and items and all(isinstance(v, list) for v in items.values())
                and all(isinstance(i, dict) for v in items.values() for i in v)):
            lines.append(f"{key}:")  # groups of items by who holds them (the GM's view of every hand)
            for holder, group in items.items():
                names = [str(i.get("name") or i.get("id") or i.get("seat") or "?") for i in group]
                lines.append(f"  {holder}: {', '.join(names) or 'none'}")
            continue
        if not isinstance(items, list) or not items or not all(isinstance(i, dict) for i in items):
            continue
        lines.append(f"{key}:")
        for item in items:
            name = item.get("name") or item.get("id") or item.get("seat") or "?"
            owner = f" [{item['owner']}]" if item.get("owner") else ""
            marks = _words(item.get("marks"))
            lines.append(f"  {name}{owner}" + (f": {marks}" if marks else ""))
            extra = item.get("lines") or []
            for row in extra if isinstance(extra, list) else [extra]:
                lines.append(f"      {_words(row)}")
    return lines


def posting_text(posting: dict[str, Any] | None) -> str:
    """``posted: bo · posting now: al · to post: cy di`` from a ruleset's ``posting`` (see
    :meth:`core.ruleset.Ruleset.posting`); empty for a game not taken in posts. Raises nothing."""
    if not posting:
        return ""
    parts = [f"posted: {' '.join(posting.get('posted') or []) or 'nobody yet'}"]
    if posting.get("posting"):
        parts.append(f"posting now: {' '.join(posting['posting'])}")
    if posting.get("to_post"):
        parts.append(f"to post: {' '.join(posting['to_post'])}")
    return " · ".join(parts)


def render_view(view: dict[str, Any]) -> str:
    """A view (see :mod:`core.ruleset`) as text: heading, prompt, resources, board, rosters, sheet, log, messages."""
    viewer = view.get("viewer", "?")
    lines = [f"== {view.get('title', view.get('ruleset', '?'))}: turn {view.get('turn', '?')}"
             + (f", {view['phase']}" if view.get("phase") else "") + f"; view of {viewer} =="]
    if view.get("outcome"):
        outcome = view["outcome"]
        lines.append(f"game over: winners {', '.join(outcome.get('winners', [])) or 'nobody (a draw)'}; {outcome.get('reason', '')}")
        if view.get("seed"):
            lines.append(f"the dice seed was {view['seed']!r}")
    if view.get("prompt"):
        lines.append(f"prompt: {view['prompt']}")
    for item in view.get("urgent") or []:
        lines.append(f"{'URGENT' if item.get('level') == 'urgent' else 'note'}: {item.get('text', '')}")
    if "awaiting" in view:
        lines.append(f"awaiting: {', '.join(view['awaiting']) or 'nobody'}; ready: {', '.join(view.get('ready') or []) or 'nobody'}")
    if view.get("posting") and not view.get("outcome"):
        lines.append(f"this turn: {posting_text(view['posting'])}")
    if view.get("deadline") is not None:
        lines.append(f"deadline: {view['deadline']}")
    if view.get("resources"):
        lines.append("resources: " + _words(view["resources"]))
    board = view.get("board") or {}
    if isinstance(board, dict):
        lines.extend(render_board(board))
    for extra in view.get("boards") or []:  # the boards a view opens into (a battle grid from the galaxy)
        if isinstance(extra, dict) and isinstance(extra.get("board"), dict):
            lines.append(f"board {extra.get('title') or ''}:")
            lines.extend(f"  {line}" for line in render_board(extra["board"]))
    for roster in view.get("rosters") or []:
        lines.append(f"{roster.get('title', 'roster')}:")
        rows = roster.get("rows") or []
        lines.extend(f"  {_words(r)}" for r in rows)
        if not rows:
            lines.append("  (none)")
    if view.get("sheet") is not None and viewer != GM:
        lines.append(render_sheet(list(view["sheet"]), str(viewer), view.get("sheet_notes")))
    lines.extend(render_victory(view.get("victory") or {}))
    if view.get("log"):
        lines.append("log:")
        lines.extend("  " + render_event(e) for e in view["log"])
    if view.get("messages"):
        lines.append("messages:")
        lines.extend("  " + render_message(m) for m in view["messages"])
    return "\n".join(lines)


# -- the loop ---------------------------------------------------------------------------------------
