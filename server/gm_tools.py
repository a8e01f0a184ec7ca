"""The GM's daily tools over SSH, beyond the line console's language: acting for a seat (logged and
told to the seat), the forum post of a turn (``export``), the list of corrections and reopenings,
reopening the last resolved turn, and the whole game's log filtered by turn and seat.

Each function answers one command for one game and raises HolotableError (or ConsoleError) with a
readable message; :class:`server.commands.AccountConsole` turns those into refusals.
"""
from __future__ import annotations

import logging
import re
from pathlib import Path
from typing import Any

from core.console import Answer, ConsoleError
from core.events import GM, standing, visible, voided_indexes
from core.render import render_event
from core.session import Session
from saves.replay import export_turn
from server.hub import HostedGame

log = logging.getLogger("holotable.server")

EXPORT_USAGE = "usage: export [<turn>|last] public|team:<side>|<seat>|gm [markdown|bbcode] [plans]"
FORMAT_NAMES = {"markdown": "markdown", "md": "markdown", "bbcode": "bbcode", "bb": "bbcode"}


def act(hosted: HostedGame, account: str, rest: str) -> Answer:
    """``act <seat> <order>``: the GM gives an order for a seat; the seat is told in its GM thread."""
    session = hosted.session
    words = rest.split(None, 1)
    if len(words) < 2:
        raise ConsoleError("usage: act <seat> <order> (the order goes on the seat's sheet, marked as the GM's, "
                           "and the seat is told)")
    seat, order = words[0], words[1].strip()
    if seat not in session.seats():
        raise ConsoleError(f"no seat {seat!r}; seats: {', '.join(session.seats())}")
    answer = hosted.console.handle(f"as {GM} for {seat} {order}")
    hosted.quiet()
    if not answer.ok:
        return answer
    order = " ".join(w for w in order.split() if w != "--yes")
    session.post(GM, f"gm:{seat}", f"The GM gave an order for you: `{order}`. It is on your sheet; "
                                   "withdraw it if you disagree, or answer here.")
    log.info("GM %s acted for %s/%s: %s", account, hosted.game_id, seat, order)
    answer.text += f"\n{seat} is told in gm:{seat}"
    return answer


def _audience(session: Session, who: str) -> tuple[str, set[str], set[str]]:
    """(a label, the event tokens, the threads) of an export audience: public or a team."""
    if who == "public":
        return "the public", {"all"}, {"public"}
    side = who.split(":", 1)[1] if who.startswith("team:") else ""
    sides = sorted({s["side"] for s in session.record["seats"]})
    if side not in sides:
        raise ConsoleError(f"no audience {who!r}: say public, team:<side> ({', '.join(sides)}), a seat "
                           f"({', '.join(session.seats())}) or gm")
    return f"team {side}", {"all", f"team:{side}"}, {"public", f"team:{side}"}


def audience_report(session: Session, turn: int, who: str, fmt: str, game_id: str) -> str:
    """Turn ``turn`` as the public or one team may read it: only events addressed to everyone (or to
    the team as a whole) and the messages of their threads; never one seat's private events."""
    _audience(session, who)  # refuses an unknown team, naming every audience
    return export_turn(session.record, turn, who, fmt, game_id, lambda _: session.ruleset.title)


def export(hosted: HostedGame, data_dir: Path, rest: str) -> Answer:
    """``export [<turn>|last] <audience> [markdown|bbcode] [plans]``: a forum post, answered as text over
    the session (``ssh gm@host export 1 public > post.md`` keeps it on the GM's side; nothing is written
    on the server). Only ``public`` is safe to post where everyone reads; a team's, a seat's (its team's
    plans, orders and team thread only with ``plans``) and the GM's hold secrets."""
    session = hosted.session
    words = rest.split()
    turn = max(1, session.turn - 1) if session.turn > 1 else session.turn
    fmt = "markdown"
    audience = None
    plans: bool | None = None
    for word in words:
        if word == "plans":
            plans = True
        elif word.isdigit():
            turn = int(word)
        elif word == "last":
            turn = max(1, session.turn - 1)
        elif word.lower() in FORMAT_NAMES:
            fmt = FORMAT_NAMES[word.lower()]
        elif audience is None:
            audience = word
        else:
            raise ConsoleError(f"{word!r}? {EXPORT_USAGE}")
    if audience is None:
        raise ConsoleError(EXPORT_USAGE)
    if not 1 <= turn <= session.turn:
        raise ConsoleError(f"no turn {turn}: this game has turns 1 to {session.turn}")
    if audience == "public" or audience.startswith("team:"):
        text = audience_report(session, turn, audience, fmt, hosted.game_id)
    elif audience in (GM, *session.seats()):
        text = export_turn(session.record, turn, None if audience == GM else audience, fmt, hosted.game_id,
                           lambda _: session.ruleset.title, plans=plans)
    else:
        _audience(session, audience)  # raises, naming every audience
        raise ConsoleError(EXPORT_USAGE)
    log.info("exported %s turn %d for %s", hosted.game_id, turn, audience)
    return Answer(True, "export", text, {"turn": turn, "audience": audience, "format": fmt, "post": text,
                                         "public": audience == "public"})


def corrections(hosted: HostedGame) -> Answer:
    """``corrections``: every correction and reopening of the game, with its turn and reason; those a
    later reopening voided are marked void."""
    rows: list[dict[str, Any]] = []
    log_ = hosted.session.record["log"]
    gone = voided_indexes(log_)
    for i, e in enumerate(log_):
        data = e.get("data") or {}
        void = i in gone
        if e["kind"] == "correction" and ("path" in data or "paths" in data):
            rows.append({"turn": e["turn"], "kind": "correction", "path": data.get("path"), "old": data.get("old"),
                         "new": data.get("new"), "reason": data.get("reason"), "text": e["text"], "void": void})
        elif e["kind"] == "reopen":
            rows.append({"turn": e["turn"], "kind": "reopen", "text": e["text"], "void": void})
    lines = [f"turn {r['turn']}: {r['text']}" + (" [VOID: undone by a later reopening]" if r["void"] else "")
             for r in rows]
    return Answer(True, "corrections", "\n".join(lines) or "no corrections and no reopened turns in this game",
                  {"corrections": rows})


REOPEN_USAGE = ("usage: reopen [orders] [same|new] <reason> (orders: the turn's orders open again and it resolves "
                "when every seat is ready; without it the turn is resolved again at once; same: the same dice, "
                "the default; new: new dice)")


def reopen(hosted: HostedGame, account: str, rest: str) -> Answer:
    """``reopen [orders] [same|new] <reason>``: back to the start of the last resolved turn, with every
    sheet as it was; resolved again at once, or (``orders``) open for changed orders until ready."""
    words = rest.split()
    orders = new_dice = False
    while words and words[0].lower() in ("orders", "same", "same-dice", "new", "new-dice"):
        flag = words.pop(0).lower()
        if flag == "orders":
            orders = True
        else:
            new_dice = flag.startswith("new")
    reason = " ".join(words)
    if not reason.strip():
        raise ConsoleError(REOPEN_USAGE)
    session = hosted.session
    events = session.reopen(GM, reason.strip(), new_dice, orders=orders)
    log.info("GM %s reopened %s (%s dice%s): %s", account, hosted.game_id, "new" if new_dice else "same",
             ", for orders" if orders else "", reason.strip())
    if orders:
        for seat in session.seats():
            if not session.is_bot(seat):
                session.post(GM, f"gm:{seat}", f"The GM reopened turn {session.turn} for orders: {reason.strip()}. "
                                               "Your sheet is as it was; change it if you wish and say ready.")
    shown = [render_event(e) for e in events]
    if orders:
        shown.append(f"turn {session.turn} is open for orders; every seat is told (gm:<seat>); it resolves when "
                     "every seat is ready, or with `resolve`")
    return Answer(True, "reopen", "\n".join(shown), {"events": events, "turn": session.turn, "orders": orders})


def game_log(hosted: HostedGame, rest: str) -> Answer:
    """``log [turn <n>|<from>-<to>] [seat <seat>]``: the whole game's log as the GM sees it, or the part
    a seat could see, for some turns."""
    session = hosted.session
    words = rest.split()
    low, high, seat = 0, session.turn, None
    i = 0
    while i < len(words):
        word = words[i]
        value = words[i + 1] if i + 1 < len(words) else ""
        if word == "turn" and value:
            match = re.fullmatch(r"(\d+)(?:-(\d+))?", value)
            if not match:
                raise ConsoleError(f"turn {value!r}: write a number or a range like 2-4")
            low, high = int(match.group(1)), int(match.group(2) or match.group(1))
            i += 2
        elif word == "seat" and value:
            seat = value
            i += 2
        elif word in session.seats() or word == GM:
            seat = word
            i += 1
        else:
            raise ConsoleError(f"{word!r}? usage: log [turn <n>|<from>-<to>] [seat <seat>]")
    if seat is not None and seat != GM and seat not in session.seats():
        raise ConsoleError(f"no seat {seat!r}; seats: {', '.join(session.seats())}")
    viewer = GM if seat is None else seat
    events = [{k: v for k, v in e.items() if k != "to"} for e in standing(session.record["log"])
              if low <= e["turn"] <= high and visible(e, viewer, session.side_of)]
    head = f"log of {hosted.game_id}, turns {low}-{high}" + (f", as {seat} saw it" if seat else "") + f": {len(events)} events"
    lines = [head]
    shown_turn = None
    for e in events:
        if e["turn"] != shown_turn:
            shown_turn = e["turn"]
            lines.append(f"-- turn {shown_turn} --")
        lines.append(render_event(e))
    return Answer(True, "log", "\n".join(lines), {"events": events})
