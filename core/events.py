"""Events: what happened, and who may see it.

An event is a plain JSON dict ``{"kind", "turn", "to", "text", "data"}``. ``to`` lists viewer
tokens: ``"all"``; ``"team:<side>"``; ``"seat:<name>"``; ``"gm"`` (the GM only). The GM sees every
event. Filtering happens once, at the edge, through :func:`visible`.
"""
from __future__ import annotations

from typing import Any, Callable, Iterable, Mapping

GM = "gm"
Event = dict[str, Any]


def event(kind: str, text: str, to: Iterable[str], turn: int, **data: Any) -> Event:
    """Build an event. ``to`` must be a collection naming at least one viewer token.

    Raises ValueError if it names none, or if it is a single string (whose letters would become viewers).
    """
    if isinstance(to, str):
        raise ValueError(f"event {kind!r}: viewers must be a list of tokens, not the string {to!r}")
    viewers = list(to)
    if not viewers:
        raise ValueError(f"event {kind!r} has no viewers")
    return {"kind": kind, "turn": turn, "to": viewers, "text": text, "data": data}


def kind_word(kind: str) -> str:
    """An event kind as a player reads it on a log line or in a report: the game's word, never the
    engine's dotted name (``campaign.jump`` -> ``jump``, ``tote.hero_dies`` -> ``hero dies``). Raises nothing."""
    return str(kind).rsplit(".", 1)[-1].replace("_", " ") or "?"


def to_seat(name: str) -> str:
    """The viewer token of one seat."""
    return f"seat:{name}"


def to_team(side: str) -> str:
    """The viewer token of a whole side (team or faction)."""
    return f"team:{side}"


def visible(ev: Mapping[str, Any], viewer: str, side_of: Callable[[str], str | None]) -> bool:
    """Whether ``viewer`` (a seat name or ``"gm"``) may see ``ev``."""
    if viewer == GM:
        return True
    side = side_of(viewer)
    for token in ev["to"]:
        if token == "all":
            return True
        if token == f"seat:{viewer}":
            return True
        if side is not None and token == f"team:{side}":
            return True
    return False


def filter_events(events: Iterable[Mapping[str, Any]], viewer: str, side_of: Callable[[str], str | None]) -> list[dict[str, Any]]:
    """The events ``viewer`` may see, in order, without their viewer lists."""
    return [
        {k: v for k, v in ev.items() if k != "to"}
        for ev in events
        if visible(ev, viewer, side_of)
    ]


def voided_indexes(log: list[Mapping[str, Any]]) -> set[int]:
    """Indexes of the log's events that a reopened turn voided (each reopening names the range of
    the log it voided in its ``data["voids"]``, ``[start, end)``). Raises nothing."""
    gone: set[int] = set()
    for ev in log:
        if ev.get("kind") != "reopen":
            continue
        span = (ev.get("data") or {}).get("voids")
        if isinstance(span, list) and len(span) == 2 and all(isinstance(i, int) for i in span):
            gone.update(range(span[0], span[1]))
    return gone


def standing(log: list[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The log as the game stands: without the events a reopened turn voided (a turn resolved again is
    told once, as it was resolved last). Raises nothing."""
    gone = voided_indexes(log)
    if not gone:
        return list(log)
    return [ev for i, ev in enumerate(log) if i not in gone]
