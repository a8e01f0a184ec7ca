"""Deadlines for people: a date, the time left, and what happens when it passes.

A game's record holds its deadline as seconds since the epoch (``None``: no deadline). Every
screen, line answer and JSON view shows it through these helpers, with the clock read at the edge.
"""
from __future__ import annotations

import time
from typing import Any

WARN_HOURS = (24.0, 1.0)  # seats without orders are warned this many hours before the deadline


def when_text(when: float | None) -> str:
    """A deadline for people: ``2026-12-01 20:00 UTC`` (or ``none``)."""
    if when is None:
        return "none"
    return time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(when))


def when_iso(when: float | None) -> str | None:
    """A deadline for programs: ``2026-12-01T20:00:00Z`` (or None)."""
    if when is None:
        return None
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(when))


def left_text(seconds: float) -> str:
    """Time left, rounded down to what matters: ``2d 3h``, ``5h 12m``, ``14m``, ``passed``."""
    if seconds <= 0:
        return "passed"
    minutes = int(seconds // 60)
    days, hours, mins = minutes // 1440, minutes // 60 % 24, minutes % 60
    if days:
        return f"{days}d {hours}h"
    if hours:
        return f"{hours}h {mins}m"
    return f"{max(mins, 1)}m" if seconds >= 60 else "under a minute"


def deadline_text(when: float | None, now: float | None = None) -> str:
    """``2026-12-01 20:00 UTC (in 2d 3h)``, ``... (passed)`` or ``none``."""
    if when is None:
        return "none"
    left = when - (time.time() if now is None else now)
    return f"{when_text(when)} ({'passed' if left <= 0 else 'in ' + left_text(left)})"


def deadline_rule(record: dict[str, Any]) -> str:
    """What happens at the deadline of the game ``record``, in one sentence."""
    if record.get("deadline") is None:
        return "no deadline: the turn resolves when every awaited seat is ready, or when the GM resolves it"
    away = record.get("options", {}).get("away_hours")
    if record.get("post_hours"):
        return (f"each poster has {float(record['post_hours']):g} hours from when their post opens; at their "
                "deadline a poster who has not posted is marked away by the deadline and the next post opens")
    parts = ["at the deadline the turn resolves; a seat without orders does nothing"]
    if record.get("deadline_bots"):
        parts[0] = "at the deadline a bot takes over every awaited seat without orders, then the turn resolves"
    if away:
        parts.append(f"{float(away):g} hours before it, a seat without orders counts as away")
    if record.get("turn_hours"):
        parts.append(f"the next deadline is {float(record['turn_hours']):g} hours later")
    return "; ".join(parts)


def deadline_fields(record: dict[str, Any], now: float | None = None) -> dict[str, Any]:
    """The deadline for a JSON view: ISO date, seconds left (None without a deadline), and the rule."""
    when = record.get("deadline")
    now = time.time() if now is None else now
    return {"deadline_at": when_iso(when),
            "deadline_seconds_left": None if when is None else max(0, int(when - now)),
            "deadline_rule": deadline_rule(record)}
