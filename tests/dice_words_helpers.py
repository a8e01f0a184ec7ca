"""Where a player reads a roll (issue 27.5): the line console's log line, the war room's log line and
a turn report, each built from the events a viewer may see, as the product builds them."""
from __future__ import annotations

from typing import Any, Callable

from core.events import filter_events
from core.render import render_event
from core.report import Summary, build, render
from tui.text import event_text


def rolls(events: list[dict[str, Any]], purpose: str) -> list[dict[str, Any]]:
    """The roll events whose purpose holds ``purpose``."""
    return [e for e in events if e.get("kind") == "roll" and purpose in str((e.get("data") or {}).get("purpose", ""))]


def read_everywhere(events: list[dict[str, Any]], viewer: str, side_of: Callable[[str], str | None]) -> dict[str, str]:
    """What ``viewer`` reads of ``events``: the console's log, the war room's log and the turn report."""
    seen = filter_events(events, viewer, side_of)
    report = build("Turn report", 1, viewer, side_of(viewer), seen, Summary())
    return {"console log": "\n".join(render_event(e) for e in seen),
            "war room log": "\n".join(event_text(e).plain for e in seen),
            "turn report": render(report)}


def assert_said_everywhere(words: str, events: list[dict[str, Any]], viewer: str,
                           side_of: Callable[[str], str | None]) -> None:
    """``words`` (a roll's count in words) appear in every place ``viewer`` reads the log."""
    for place, text in read_everywhere(events, viewer, side_of).items():
        assert words in text, f"the {place} of {viewer} does not say how the dice were counted ({words!r}):\n{text}"
