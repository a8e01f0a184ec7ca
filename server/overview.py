"""The GM's overview of every game on the server: rule system, turn, deadline, and for each seat who
holds it, whether its orders are in, whether it is connected and when it was last seen.

Only what the GM may see anyway: counts of orders, never their text.
"""
from __future__ import annotations

import time
from typing import Any

from core.errors import HolotableError
from server.accounts import Accounts
from server.hub import GameHub
from tui.deadline import deadline_text, left_text, when_iso


def bot_label(session: Any) -> str:
    """What plays a bot's seat: the rule system's bot, named by the system's title. Raises nothing."""
    return f"{session.ruleset.title} bot"


def game_rows(hub: GameHub, accounts: Accounts, now: float | None = None) -> list[dict[str, Any]]:
    """One row per game (a game that cannot be opened says why), each with its seats."""
    now = time.time() if now is None else now
    rows: list[dict[str, Any]] = []
    for game_id in hub.ids():
        try:
            session = hub.game(game_id).session
        except HolotableError as exc:
            rows.append({"game": game_id, "problem": str(exc)})
            continue
        outcome = session.outcome()
        awaiting = session.awaiting()
        ready = set(session.record["ready"])
        posting = session.ruleset.posting(session.state)
        posted, to_post = posting.get("posted") or [], posting.get("to_post") or []
        deadline = session.record.get("deadline")
        seats = []
        for seat in session.seats():
            holder = accounts.holder(game_id, seat)
            presence = hub.presence.get((game_id, seat))
            seats.append({
                "seat": seat, "side": session.side_of(seat), "holder": holder.name if holder else None,
                "bot": bot_label(session) if session.is_bot(seat) else None,
                "awaited": seat in awaiting, "ready": seat in ready, "orders": len(session.sheet(seat)),
                "posted": seat in posted, "to_post": to_post.index(seat) + 1 if seat in to_post else None,
                "connected": presence.connected if presence else 0,
                "last_seen": presence.last_seen if presence else None,
            })
        rows.append({"game": game_id, "ruleset": session.record["ruleset"], "title": session.ruleset.title,
                     "turn": session.turn,
                     "deadline": deadline, "deadline_at": when_iso(deadline),
                     "deadline_seconds_left": None if deadline is None else max(0, int(deadline - now)),
                     "over": None if outcome is None else outcome.reason, "seats": seats,
                     "notify": hub.notifier.game_status(game_id) if hub.notifier is not None else None})
    return rows


def notify_lines(status: dict[str, Any] | None) -> list[str]:
    """The game's public channel and its players' failing channels, redacted (none: no lines)."""
    if not status:
        return []
    lines = []
    if status["public"]:
        error = f" · last error: {status['public_error']}" if status["public_error"] else ""
        lines.append(f"    notifications: public channel {status['public']}{error}")
    for failing in status["failing"]:
        lines.append(f"    ✉ {failing['account']} ({failing['seat']}): channel {failing['shown']} failing: {failing['error']}")
    return lines


def seat_state(row: dict[str, Any], now: float) -> str:
    """``✓ ready, 2 orders · ● online`` for one seat of the overview."""
    if row["ready"]:
        orders = f"✓ ready, {row['orders']} order{'s' if row['orders'] != 1 else ''}"
    elif row["awaited"]:
        orders = f"… {row['orders']} order{'s' if row['orders'] != 1 else ''}, not ready" if row["orders"] else "✗ no orders yet"
    elif row.get("posted"):
        orders = "✓ posted this turn"
    elif row.get("to_post"):
        orders = "- to post next" if row["to_post"] == 1 else f"- to post after {row['to_post'] - 1} more"
    else:
        orders = "- not awaited"
    if row["bot"]:
        return f"{orders} · {row['bot']}"
    if row["connected"]:
        where = "● online"
    elif row["last_seen"] is not None:
        where = f"○ last seen {left_text(now - row['last_seen'])} ago" if now - row["last_seen"] >= 60 else "○ last seen just now"
    else:
        where = "○ never seen"
    return f"{orders} · {where}"


def overview_text(rows: list[dict[str, Any]], now: float | None = None, current: str | None = None) -> str:
    """The overview as text, one block per game (``current`` marked with ▶)."""
    now = time.time() if now is None else now
    if not rows:
        return "no games yet; `new <ruleset> seats=<seat>:<side>,...` starts one"
    blocks = []
    for row in rows:
        mark = "▶" if row["game"] == current else " "
        if "problem" in row:
            blocks.append(f"{mark} {row['game']}: {row['problem']}")
            continue
        awaited = [s for s in row["seats"] if s["awaited"]]
        done = [s for s in awaited if s["ready"]]
        posts = [s for s in row["seats"] if s.get("posted")]
        to_post = [s for s in row["seats"] if s.get("to_post")]
        turn_posts = f" · {len(posts)} of {len(posts) + len(awaited) + len(to_post)} posted" if posts or to_post else ""
        state = f"game over: {row['over']}" if row["over"] else \
            f"turn {row['turn']} · {len(done)} of {len(awaited)} ready{turn_posts} · deadline {deadline_text(row['deadline'], now)}"
        lines = [f"{mark} {row['game']} · {row['title']} · {state}"]
        width = max(len(s["seat"]) for s in row["seats"]) if row["seats"] else 2
        side_width = max(len(str(s["side"] or "?")) for s in row["seats"]) if row["seats"] else 2
        holder_width = max(len(s["holder"] or "-") for s in row["seats"]) if row["seats"] else 1
        for seat in row["seats"]:
            holder = "bot" if seat["bot"] and not seat["holder"] else (seat["holder"] or "-")
            lines.append(f"    {seat['seat']:<{width}}  {str(seat['side'] or '?'):<{side_width}}  "
                         f"{holder:<{max(holder_width, 3)}}  {seat_state(seat, now)}")
        lines += notify_lines(row.get("notify"))
        blocks.append("\n".join(lines))
    return "\n".join(blocks)
