"""What every RiftWar action writes and rolls with: the public log line, the game's dice taken and
kept, and how a unit and a hit's result are named in the log."""
from __future__ import annotations

from typing import Any

from core.dice import Dice
from core.events import Event, event

State = dict[str, Any]
Unit = dict[str, Any]


def log(state: State, text: str, kind: str = "rift", **data: Any) -> Event:
    """A public event: RiftWar has no hidden information (catalog section 5)."""
    return event(kind, text, ["all"], int(state.get("turn", 0)), **data)


def dice_of(state: State) -> Dice:
    return Dice.from_state(state["dice"], turn=int(state["turn"]))


def keep(state: State, dice: Dice) -> list[Event]:
    state["dice"] = dice.to_state()
    return dice.drain()


def name(u: Unit) -> str:
    """How a unit is named in the log: id and type."""
    return f"{u['id']} {u['type']}"


def result_word(result: str) -> str:
    return {"pin": "pinned", "wound": "wounded", "kill": "killed"}[result]


def on_field(state: State) -> list[Unit]:
    """Units that stand on the field: placed, alive or wrecked, not carried."""
    return [u for u in state["units"].values() if u["placed"] and u.get("carried_by") is None and (not u["dead"] or u["wreck"])]
