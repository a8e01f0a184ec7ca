"""What a notification says, built from its reader's view and nothing else.

A seat's notes are made from :meth:`Session.view` for that seat (the turn, the prompt, the
deadline, the sheet, the messages it may read) and its own turn report (:func:`core.report.session_report`
for the seat, without plans: only events the seat may see). A game's public note is made from the
public viewer: the public turn report (the ``public`` export in Markdown: only events told to all,
and the public thread), the deadline, and who is still awaited, by name. No note reads the state.

Each builder takes ``now`` (the clock is read at the edge) and returns a :class:`Note`, or None
when there is nothing to say to that reader.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from core.report import render, session_report
from core.session import Session
from tui.deadline import deadline_rule, deadline_text

MAX_BODY = 6000  # services cut long texts (Discord at 2,000 per message: Apprise splits), mail does not
URGENT_LINES = 3


@dataclass(frozen=True)
class Note:
    """One notification: a title and a body in Markdown."""

    title: str
    body: str


def _cut(text: str) -> str:
    if len(text) <= MAX_BODY:
        return text
    return text[:MAX_BODY - 60].rstrip() + "\n\n(cut here; the report goes on in the war room)"


def _head(view: dict[str, Any], game_id: str) -> str:
    return f"{game_id} ({view.get('title') or 'holotable'})"


def _deadline(view: dict[str, Any], record: dict[str, Any], now: float) -> str:
    when = view.get("deadline")
    if when is None:
        return "No deadline: the turn resolves when every awaited seat is ready, or when the GM resolves it."
    return f"Deadline: {deadline_text(when, now)}; {deadline_rule(record)}."


def due(session: Session, game_id: str, seat: str, now: float, hint: str = "") -> Note | None:
    """``seat``'s post or orders are due (None if the seat is not awaited or has said it is ready)."""
    view = session.view(seat)
    if seat not in (view.get("awaiting") or []) or seat in (view.get("ready") or []) or view.get("outcome"):
        return None
    lines = [str(view.get("prompt") or f"Turn {view.get('turn')}: your orders.")]
    lines += [f"- {line}" for line in (view.get("urgent") or [])[:URGENT_LINES]]
    lines.append(_deadline(view, session.record, now))
    if hint:
        lines.append(f"Play: `{hint}`")
    return Note(f"{_head(view, game_id)}: your turn, {seat} (turn {view.get('turn')})", "\n\n".join(lines))


def resolved(session: Session, game_id: str, seat: str, turn: int, now: float, report: bool,
             hint: str = "") -> Note:
    """Turn ``turn`` resolved; with ``report``, ``seat``'s own report of it (no plans: its events only)."""
    view = session.view(seat)
    outcome = view.get("outcome")
    if outcome:
        winners = ", ".join(outcome.get("winners") or []) or "nobody (a draw)"
        lines = [f"Game over: {outcome.get('reason')} (won by {winners})."]
    elif view.get("turn") != turn:
        lines = [f"Turn {turn} resolved; turn {view.get('turn')} is open."]
    else:
        lines = [f"Turn {turn}: a step resolved ({view.get('phase') or 'next step'} now)."]
    if not outcome:
        lines.append(_deadline(view, session.record, now))
    if report:
        post = session_report(session, seat, turn, plans=False, resources=dict(view.get("resources") or {}))
        lines.append(render(post, "markdown", orders=False))
    if hint:
        lines.append(f"Play: `{hint}`")
    return Note(f"{_head(view, game_id)}: turn {turn} resolved", _cut("\n\n".join(lines)))


def deadline_near(session: Session, game_id: str, seat: str, now: float, hint: str = "") -> Note | None:
    """The deadline is close and ``seat`` has sent no orders (None otherwise)."""
    view = session.view(seat)
    when = view.get("deadline")
    if (when is None or seat not in (view.get("awaiting") or []) or view.get("sheet")
            or seat in (view.get("ready") or []) or view.get("outcome")):
        return None
    lines = [f"You have sent no orders for turn {view.get('turn')}.", _deadline(view, session.record, now)]
    if hint:
        lines.append(f"Play: `{hint}`")
    return Note(f"{_head(view, game_id)}: the deadline is {deadline_text(when, now)}", "\n\n".join(lines))


def message(session: Session, game_id: str, seat: str, thread: str, number: int) -> Note | None:
    """Message ``number`` of ``thread``, if ``seat`` may read it and did not write it itself."""
    view = session.view(seat)
    found = next((m for m in view.get("messages") or [] if m.get("thread") == thread and m.get("n") == number), None)
    if found is None or found.get("from") == seat:
        return None
    who = "the GM" if found.get("from") in ("gm", session.gm) else str(found.get("from"))
    where = "to you" if thread.startswith("gm:") else f"in {thread}"
    return Note(f"{_head(view, game_id)}: {who} wrote {where}", _cut(str(found.get("text") or "")))


# -- the public channel ------------------------------------------------------------------------------
def public_view(session: Session) -> dict[str, Any]:
    """What the public may know of the game now: its turn and title, the deadline, who is still
    awaited (names only; a bot plays at once and holds nobody up) and the outcome; the same facts
    every seat's view holds (``awaiting``, ``ready``, ``seats_public``)."""
    outcome = session.outcome()
    awaiting = sorted(session.awaiting())
    ready = set(session.record["ready"])
    return {"title": session.ruleset.title, "turn": session.turn, "deadline": session.record.get("deadline"),
            "awaited": [s for s in awaiting if s not in ready and not session.is_bot(s)],
            "outcome": None if outcome is None else outcome.to_dict()}


def _awaited(view: dict[str, Any]) -> str:
    names = view["awaited"]
    return f"Still awaited: {', '.join(names)}." if names else "Nobody is awaited."


def public_turn(session: Session, game_id: str, turn: int, now: float) -> Note:
    """Turn ``turn`` resolved, for the public: the public turn report in Markdown (events told to all,
    the public thread of that turn), the deadline, who is awaited."""
    view = public_view(session)
    post = render(session_report(session, "public", turn, plans=False), "markdown", orders=False)
    title = f"{view['title']}, {game_id}: turn {turn} report, for the public"
    lines = [_cut("\n".join([f"## {title}", *post.splitlines()[1:]]))]
    said = [m for m in session.record["messages"] if m.get("thread") == "public" and m.get("turn") == turn]
    if said:
        lines.append("## Messages\n" + "\n".join(f"- [public] {m['from']}: {m['text'][:500]}" for m in said[-10:]))
    if not view["outcome"]:
        lines += [_deadline(view, session.record, now), _awaited(view)]
    return Note(f"{game_id} ({view['title']}): turn {turn} resolved", "\n\n".join(lines))


def public_deadline(session: Session, game_id: str, now: float) -> Note | None:
    """The deadline (set, moved, or near), for the public, and who is still awaited (None once over)."""
    view = public_view(session)
    if view["outcome"]:
        return None
    lines = [f"Turn {view['turn']}.", _deadline(view, session.record, now), _awaited(view)]
    return Note(f"{game_id} ({view['title']}): deadline {deadline_text(view['deadline'], now)}", "\n\n".join(lines))
