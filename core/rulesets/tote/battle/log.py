"""The record a battle writes: each line of its log is an event of the turn, with who may read it."""
from __future__ import annotations

from typing import Any

from core.events import Event, event

State = dict[str, Any]


def log(state: State, text: str, to: list[str] | None = None, kind: str = "tote", **data: Any) -> Event:
    """An event of this turn, public unless ``to`` says who may see it."""
    return event(kind, text, to or ["all"], int(state.get("turn", 0)), **data)
