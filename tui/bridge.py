"""The bridge between a screen and the session for one seat: advice for the order line (never
raises), the turn's report, and editing an order in place on the sheet.
"""
from __future__ import annotations

from typing import Any

from core.errors import HolotableError
from core.report import TurnReport, session_report
from core.session import Session


class SessionAdvisor:
    """An :class:`~tui.widgets.order_pane.OrderAdvisor` for ``seat`` acting as ``actor``."""

    def __init__(self, session: Session, seat: str, actor: str | None = None) -> None:
        self.session = session
        self.seat = seat
        self.actor = actor or seat

    def verbs(self) -> list[str]:
        """The verbs the seat may give now: its side's, in the game's current phase (asked afresh each time,
        a few cheap checks)."""
        try:
            ruleset = self.session.ruleset
            return ruleset.order_book().verbs(ruleset.context(self.session.state, self.seat, self.actor))
        except Exception:  # noqa: BLE001 - advice never breaks the screen
            return []

    def complete(self, text: str) -> list[str]:
        """Completions of a partly typed order (none when the engine has none)."""
        try:
            return list(self.session.complete(self.actor, self.seat, text))
        except Exception:  # noqa: BLE001
            return []

    def complete_items(self, text: str) -> list[tuple[str, str]]:
        """Completions as (whole line, the name it offers), for showing the names alone (none on any fault)."""
        try:
            ruleset = self.session.ruleset
            return ruleset.order_book().complete_items(text, ruleset.context(self.session.state, self.seat, self.actor))
        except Exception:  # noqa: BLE001
            return []

    def help(self, verb: str) -> str | None:
        """The help of ``verb`` (None for an unknown verb)."""
        try:
            return self.session.help(verb, self.seat)
        except Exception:  # noqa: BLE001
            return None

    def overview(self) -> str:
        """The orders the seat may give now with their usage, those given inside another order under it, the
        others named (empty on any fault)."""
        try:
            return self.session.help(None, self.seat)
        except Exception:  # noqa: BLE001
            return ""

    def describe(self, word: str) -> str | None:
        """``name, cost`` of a unit code (the seat's own side's first), for completion; None for other words."""
        if not hasattr(self, "_units"):
            units: dict[str, str] = {}
            try:
                rows = list(self.session.ruleset.reference())
                side = self.session.side_of(self.seat)
            except Exception:  # noqa: BLE001
                rows, side = [], None
            for row in sorted(rows, key=lambda r: r.get("side") != side):
                units.setdefault(str(row.get("code")).lower(), f"{row.get('name')}, {row.get('cost')}")
            self._units = units
        return self._units.get(word.lower())

    def refusal(self, text: str) -> str | None:
        """Why the rules would refuse ``text`` if it were given now (tried on a copy of the game, nothing
        changes), or None when they would take it. Never raises: a fault is no refusal (giving the
        order then says what is wrong)."""
        session = self.session
        try:
            if not session.may_order(self.actor, self.seat):
                return f"{self.actor} may not give orders for {self.seat}"
            ruleset = session.ruleset
            ruleset.submit(ruleset.trial_copy(session.state, self.seat), self.seat, text)
        except HolotableError as exc:
            return str(exc)
        except Exception:  # noqa: BLE001 - advice never breaks the screen
            return None
        return None

    def odds(self, text: str) -> Any | None:
        """The exact odds of ``text`` if it is a complete order that rolls dice, else None."""
        try:
            return self.session.odds(self.actor, self.seat, text)
        except Exception:  # noqa: BLE001
            return None


def give_lines(session: Session, actor: str, seat: str, lines: list[str]) -> list[tuple[str, str | None]]:
    """Give each of ``lines`` (pasted together) as an order of its own, in order; each is checked alone.

    Returns (line, None) for an order given and (line, why) for one refused. A ``say <thread> <text>``
    line is posted to its thread. An order that settles the game for good is never given from a paste
    (it is typed alone, and confirmed). Never raises.
    """
    from tui.widgets.messages import ThreadError, parse_say
    results: list[tuple[str, str | None]] = []
    for line in lines:
        try:  # a `say <thread> <text>` line goes to its thread, as when typed alone
            said = parse_say(line, session.threads_for(seat))
            if said is not None:
                session.post(actor, *said)
                results.append((line, None))
                continue
        except (ThreadError, HolotableError) as exc:
            results.append((line, str(exc)))
            continue
        if session.final_order(line):
            results.append((line, "it cannot be taken back: type it on its own line to be asked to confirm it"))
            continue
        try:
            session.order(actor, seat, line)
        except HolotableError as exc:
            results.append((line, str(exc)))
            continue
        except Exception as exc:  # noqa: BLE001 - an engine fault is a refusal of that line, never a crash
            from tui.crash import write_crash_log
            results.append((line, f"internal error, this order was not given; details in {write_crash_log(exc)}"))
            continue
        results.append((line, None))
    return results


def report_events(session: Session, viewer: str, since_turn: int) -> list[dict[str, Any]]:
    """What ``viewer`` may see of what happened since ``since_turn`` (orders left out: they are on the sheet)."""
    return [e for e in session.events_for(viewer, since_turn=since_turn) if e.get("kind") != "order"]


def turn_reports(session: Session, viewer: str, since_turn: int) -> list[TurnReport]:
    """The turn reports ``viewer`` may read from ``since_turn`` to the open turn (those with anything
    in them), its resources as they are now on the last one. Never raises: a report that cannot be
    built is left out (the plain events still show)."""
    reports: list[TurnReport] = []
    try:
        resources = dict(session.view(viewer).get("resources") or {})
        for turn in range(max(0, since_turn), session.turn + 1):
            report = session_report(session, viewer, turn)
            if report.details or report.orders or turn == session.turn - 1:
                reports.append(report)
        if reports:
            reports[-1].resources = resources
    except Exception:  # noqa: BLE001 - the report never breaks the screen
        return []
    return reports


def replace_order(session: Session, actor: str, seat: str, index: int, text: str) -> None:
    """Put ``text`` in place of order ``index`` (0-based) on ``seat``'s sheet, keeping the order of the rest.

    The orders from ``index`` on are taken off and given again with the new one first; if any is
    refused, the sheet is put back as it was and the refusal raised (HolotableError).
    """
    sheet = session.sheet(seat)
    if not 0 <= index < len(sheet):
        raise HolotableError(f"there is no order {index + 1} on the sheet any more (it holds {len(sheet)})")
    tail = [o.get("text", "") if isinstance(o, dict) else str(o) for o in sheet[index:]]
    by_others = any(isinstance(o, dict) and o.get("by") for o in sheet[index:])
    if by_others:  # orders given by someone else stay theirs: withdraw the one, append the new
        session.withdraw(actor, seat, index)
        try:
            session.order(actor, seat, text)
        except HolotableError:
            session.order(actor, seat, tail[0])
            raise
        return
    for i in range(len(sheet) - 1, index - 1, -1):
        session.withdraw(actor, seat, i)
    given = 0
    try:
        for line in [text, *tail[1:]]:
            session.order(actor, seat, line)
            given += 1
    except HolotableError:
        for i in range(len(session.sheet(seat)) - 1, index - 1, -1):
            session.withdraw(actor, seat, i)
        for line in tail:
            session.order(actor, seat, line)
        raise
