"""Replays and turn reports: a game stepped through turn by turn as one viewer saw it, nothing more.

Every word shown comes from :meth:`Session.events_for` and :meth:`Session.view` for that viewer, on
the game replayed from its seed and journal; nothing reads the state or the raw log. A report
renders as plain text (``holotable replay``), Markdown or BBCode (``holotable export``).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from core.errors import HolotableError
from core.events import GM, standing
from core.registry import find_ruleset
from core.render import render_board
from core.report import (Style, TurnReport, audience_events, build, common, public_board, render, scores,
                         without_plans)
from core.session import Session
from saves.errors import SaveError

FORMATS = ("text", "markdown", "bbcode")
COMPACT_ROWS = 6


@dataclass
class Frame:
    """One turn as a viewer saw it: what they saw happen while it was open (its resolution
    included), the messages they could read from it, and their view once it was over."""

    turn: int
    closed: bool
    events: list[dict[str, Any]] = field(default_factory=list)
    messages: list[dict[str, Any]] = field(default_factory=list)
    view: dict[str, Any] = field(default_factory=dict)


AUDIENCES = ("public",)


def viewer_of(record: dict[str, Any], viewer: str | None) -> str:
    """The viewer token for a seat name, the GM (None or ``"gm"``), ``public`` (what everyone may
    know) or ``team:<side>`` (what the whole team is told). Raises SaveError for a stranger."""
    if viewer is None or viewer in (GM, record.get("gm")):
        return GM
    if viewer == "public":
        return viewer
    sides = sorted({s["side"] for s in record["seats"]})
    if viewer.startswith("team:"):
        if viewer.split(":", 1)[1] not in sides:
            raise SaveError(f"no team {viewer.split(':', 1)[1]!r} in this game; teams: {', '.join(sides)}")
        return viewer
    seats = [s["name"] for s in record["seats"]]
    if viewer not in seats:
        raise SaveError(f"{viewer!r} has no seat in this game; seats: {', '.join(seats)} (or --gm, or public)")
    return viewer


def _audience_cut(session: Session, who: str) -> tuple[list[dict[str, Any]], list[dict[str, Any]], dict[str, Any]]:
    """(events, messages, view) of an audience: only what is told to it as a whole; its view holds
    no more than the turn, the phase and the outcome (with the revealed seed) once the game is over."""
    side = who.split(":", 1)[1] if who.startswith("team:") else None
    events = audience_events(standing(session.record["log"]), who, side)
    threads = {"public"} | ({who} if side else set())
    messages = [m for m in session.record["messages"] if m["thread"] in threads]
    outcome = session.outcome()
    view: dict[str, Any] = {"turn": session.turn, "seed_hash": session.record["seed_hash"],
                            "outcome": None if outcome is None else outcome.to_dict()}
    if outcome is not None:
        view["seed"] = session.record["seed"]
    return events, messages, view


def frames(record: dict[str, Any], viewer: str | None) -> list[Frame]:
    """The game as ``viewer`` (a seat, the GM for None/"gm", ``public`` or ``team:<side>``) saw it,
    one frame per turn, the open turn last. Raises SaveError if the viewer has no seat or the game
    does not replay."""
    who = viewer_of(record, viewer)
    result: list[Frame] = []
    seen = {"events": 0, "messages": 0}

    def cut(session: Session, closed: bool, turn: int) -> None:
        if who == "public" or who.startswith("team:"):
            events, messages, view = _audience_cut(session, who)
        else:
            events = session.events_for(who)
            view = session.view(who)
            messages = view.pop("messages", [])
            view.pop("log", None)
            view.pop("facts", None)
        result.append(Frame(turn, closed, events[seen["events"]:], messages[seen["messages"]:], view))
        seen["events"], seen["messages"] = len(events), len(messages)

    try:
        start = Session.replay(record, upto=0)
        turn = [start.turn]

        def each(session: Session, entry: dict[str, Any]) -> None:
            if session.turn < turn[0]:  # a turn reopened for orders: its frames from then on are void
                result[:] = [f for f in result if f.turn < session.turn]
                seen["messages"] = sum(len(f.messages) for f in result)
                turn[0] = session.turn
            elif session.turn != turn[0]:
                cut(session, True, turn[0])
                turn[0] = session.turn

        final = Session.replay(record, each=each)
    except (HolotableError, KeyError, TypeError, IndexError) as exc:
        raise SaveError(f"the game does not replay from its seed and journal ({exc}); run 'holotable verify' "
                        f"to find where") from None
    cut(final, final.outcome() is not None, turn[0])
    # each frame holds the events of its own turn: the entry that opens a turn also logs that turn's
    # first events (a new turn's announcements), which belong to the next frame, not this one
    every = _audience_cut(final, who)[0] if who == "public" or who.startswith("team:") else final.events_for(who)
    for i, frame in enumerate(result):
        frame.events = [e for e in every if e.get("turn") == frame.turn or (i == 0 and e.get("turn", 0) < frame.turn)]
    return result


# -- rendering ------------------------------------------------------------------------------------
def _view_rows(view: dict[str, Any], compact: bool) -> list[str]:
    rows = [f"Turn {view.get('turn', '?')}, {view.get('phase') or 'play'}"
            + (f"; waiting for {', '.join(view['awaiting'])}" if view.get("awaiting") else "")]
    resources = view.get("resources") or {}
    if resources:
        rows.append(", ".join(f"{k} {v}" for k, v in resources.items()))
    for roster in view.get("rosters") or []:
        lines = [str(r) for r in roster.get("rows", [])]
        shown = lines[:COMPACT_ROWS] if compact else lines
        more = f"; and {len(lines) - len(shown)} more" if len(lines) > len(shown) else ""
        rows.append(f"{roster.get('title', '')}: {'; '.join(shown)}{more}")
    board = view.get("board") or {}
    places = board.get("places") or []
    if places:
        held: dict[str, int] = {}
        for place in places:
            owner = place.get("owner") or "nobody"
            held[str(owner)] = held.get(str(owner), 0) + 1
        rows.append(f"Board: {len(places)} places; held by " + ", ".join(f"{k} {v}" for k, v in sorted(held.items())))
    for extra in view.get("boards") or []:  # the boards the view opened into (a battle grid from the galaxy)
        if isinstance(extra, dict) and isinstance(extra.get("board"), dict):
            sections: list[str] = []
            for line in render_board(extra["board"]):  # "key:" opens a section, its items follow indented
                if not line.startswith(" "):
                    sections.append(line)
                else:
                    sections[-1] += ("" if sections[-1].endswith(":") else ";") + " " + line.strip()
            rows.append(f"Board {extra.get('title') or ''}: {' | '.join(sections) or 'empty'}")
    sheet = view.get("sheet") or []
    if sheet:
        rows.append("Order sheet: " + "; ".join(str(o.get("text", o)) if isinstance(o, dict) else str(o) for o in sheet))
    if view.get("outcome"):
        outcome = view["outcome"]
        rows.append(f"Game over: {outcome.get('reason')} (winners: {', '.join(outcome.get('winners') or []) or 'none'})")
    if view.get("seed") is not None:
        rows.append(f"The dice seed was {view['seed']!r}; its hash {view.get('seed_hash')} was published at the start")
    return rows


def replay_reports(record: dict[str, Any], who: str, shown: list[Frame]) -> list[TurnReport]:
    """The turn report of each of ``shown`` (frames of :func:`frames` for ``who``, a viewer token of
    :func:`viewer_of`) as that viewer got it: the summary, the sheets as they stood when the turn
    resolved, then every die. Raises SaveError for a game of a rule system not installed."""
    reader = reader_name(record, who)
    try:
        return [frame_report(record, frame, who, f"Turn {frame.turn} report{'' if frame.closed else ' (in progress)'}, "
                             f"for {reader}", plans=True) for frame in shown]
    except HolotableError as exc:
        raise SaveError(str(exc)) from None


def replay_text(record: dict[str, Any], viewer: str | None, turn: int | None = None,
                game_id: str = "") -> str:
    """The whole replay as ``viewer`` saw it, turn after turn (or only ``turn``): each turn's report
    as that viewer got it (as :func:`replay_reports`), the messages they could read, then the board
    and forces as they stood at the end of the turn.

    Raises SaveError for a stranger viewer, a turn the game has not reached, or a game that does
    not replay.
    """
    who = viewer_of(record, viewer)
    chosen = _pick(frames(record, who), turn, game_id)
    style = Style("text")
    head = (f"Replay of {game_id or 'the game'} ({record['ruleset']}) as {reader_name(record, who)}: "
            f"{len(chosen)} turn(s)")
    parts = [head]
    for frame, report in zip(chosen, replay_reports(record, who, chosen)):
        lines = [render(report, "text")]
        if frame.messages:
            lines.append(style.heading("Messages", 2))
            lines.extend(style.items([f"[{m['thread']}] {m['from']}: {m['text']}" for m in frame.messages]))
        lines.append(style.heading(f"At the end of turn {frame.turn}" if frame.closed else "Now", 2))
        lines.extend(style.items(_view_rows(frame.view, compact=True)))
        parts.append("\n".join(lines))
    return "\n\n".join(parts) + "\n"


def _pick(all_frames: list[Frame], turn: int | None, game_id: str) -> list[Frame]:
    if turn is None:
        return all_frames
    chosen = [f for f in all_frames if f.turn == turn]
    if not chosen:
        turns = sorted({f.turn for f in all_frames})
        raise SaveError(f"game {game_id!r} has no turn {turn}; its turns: {turns[0]}..{turns[-1]}")
    return chosen


def reader_name(record: dict[str, Any], who: str) -> str:
    """How a post names its reader: ``the GM``, ``the public``, ``team GAR`` or ``al (GAR)``."""
    if who == GM:
        return "the GM"
    if who == "public":
        return "the public"
    if who.startswith("team:"):
        return f"team {who.split(':', 1)[1]}"
    return f"{who} ({next(s['side'] for s in record['seats'] if s['name'] == who)})"


def frame_report(record: dict[str, Any], frame: Frame, who: str, title: str, plans: bool) -> TurnReport:
    """The turn report of one frame for ``who``: its ruleset's summary of the frame's events, the
    viewer's resources at the end of it, the game's end with the revealed seed. Without ``plans``
    the orders are left out. Raises UnknownRuleset for a game of a rule system not installed."""
    ruleset = find_ruleset(record["ruleset"])
    events = frame.events if plans else without_plans(frame.events, who)
    side = None if who in (GM, "public") else who.split(":", 1)[1] if who.startswith("team:") else \
        next(s["side"] for s in record["seats"] if s["name"] == who)
    summary = ruleset.report_summary(events, who)
    outcome = frame.view.get("outcome")
    if outcome and frame.closed:
        winners = ", ".join(outcome.get("winners") or []) or "nobody (a draw)"
        summary.headlines.append(f"Game over: {outcome.get('reason')} (won by {winners})")
        if frame.view.get("seed") is not None:
            summary.headlines.append(f"The dice seed was {frame.view['seed']!r}; its hash {frame.view.get('seed_hash')} "
                                     f"was published at the start")
    return build(title, frame.turn, who, side, events, summary, frame.view.get("resources") or {})


def export_turn(record: dict[str, Any], turn: int, viewer: str | None, fmt: str, game_id: str = "",
                title_of: Callable[[str], str] | None = None, plans: bool | None = None) -> str:  # noqa: PLR0913
    """A forum post of ``turn`` as ``viewer`` saw it (a seat, the GM for None, ``public`` or
    ``team:<side>``), in ``fmt`` (markdown, bbcode or text): the turn report, then the messages
    the reader may see. A seat's post leaves out its team's plans (the orders, the team's and the
    GM's threads) unless ``plans`` is True; the GM's and a team's keep them unless it is False.

    Raises SaveError for an unknown format, a stranger viewer, or a turn the game has not reached.
    """
    if fmt not in FORMATS:
        raise SaveError(f"unknown format {fmt!r}; formats: {', '.join(FORMATS)}")
    style = Style(fmt)
    who = viewer_of(record, viewer)
    if plans is None:
        plans = who == GM or who.startswith("team:")
    chosen = _pick(frames(record, who), turn, game_id)
    rules = title_of(record["ruleset"]) if title_of else find_ruleset(record["ruleset"]).title
    posts = []
    for frame in chosen:
        title = f"{rules}{', ' + game_id if game_id else ''}: turn {frame.turn} report{'' if frame.closed else ' (in progress)'}, for {reader_name(record, who)}"
        try:
            post = render(frame_report(record, frame, who, title, plans), fmt, orders=plans)
        except HolotableError as exc:
            raise SaveError(str(exc)) from None
        messages = [m for m in frame.messages if plans or m["thread"] == "public"]
        if messages:
            post += "\n" + "\n".join([style.heading("Messages", 2),
                                       *style.items([f"[{m['thread']}] {m['from']}: {m['text']}" for m in messages])])
        posts.append(post)
    return "\n\n".join(posts) + "\n"


def ending(session: Session) -> tuple[dict[str, Any] | None, list[tuple[int, dict[str, float]]]]:
    """What everyone may know of a game's end: the final board as every seat knows it, of any kind
    (None without one; see :func:`core.report.public_board`), and the victory points every seat's
    view shows at the end of each turn, replayed from the record. Raises SaveError if the game does not replay."""
    seats = session.seats()

    def public_scores(s: Session) -> dict[str, float]:
        return scores(common([dict(s.view(seat).get("resources") or {}) for seat in seats]) or {})

    history: list[tuple[int, dict[str, float]]] = []
    turn = [0]

    def each(s: Session, entry: dict[str, Any]) -> None:
        if s.turn != turn[0]:
            if turn[0]:
                history.append((turn[0], public_scores(s)))
            turn[0] = s.turn

    try:
        start = Session.replay(session.record, upto=0)
        turn[0] = start.turn
        Session.replay(session.record, each=each)
    except (HolotableError, KeyError, TypeError, IndexError) as exc:
        raise SaveError(f"the game does not replay from its seed and journal ({exc})") from None
    if session.outcome() is not None and (not history or history[-1][0] != session.turn):
        history.append((session.turn, public_scores(session)))
    board = public_board([session.view(seat) for seat in seats])
    return board, history
