"""What the game waits for: ``state["step"]`` is ``{"kind", "sides": [side, ...], ...}``, set by the
turn machine (:mod:`.flow`) and by each phase, narrowed as the awaited sides answer (GCW-TURN-01)."""
from __future__ import annotations

from typing import Any

from .model import State, seats_of


def step_kind(state: State) -> str | None:
    step = state.get("step")
    return None if step is None else str(step["kind"])


def awaited_sides(state: State) -> list[str]:
    if state.get("result") is not None or state.get("step") is None:
        return []
    return list(state["step"]["sides"])


def awaiting(state: State) -> set[str]:
    """The seats of every awaited side."""
    return {seat for side in awaited_sides(state) for seat in seats_of(state, side)}


def done(state: State, side: str) -> None:
    """``side`` has given what the step asked for; the step closes when nobody else is awaited."""
    step = state["step"]
    if side in step["sides"]:
        step["sides"].remove(side)
    if not step["sides"]:
        state["step"] = None


def wait(state: State, kind: str, sides: list[str], **extra: Any) -> None:
    state["step"] = {"kind": kind, "sides": list(sides), **extra}
