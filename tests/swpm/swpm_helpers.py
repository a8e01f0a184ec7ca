"""Helpers for the Pocket Models tests: a started game, units placed by hand, cards dealt by hand."""
from __future__ import annotations

from typing import Any

from core.ruleset import SeatSpec
from core.rulesets.swpm import PocketModels
from core.rulesets.swpm.model import RESERVES, home

RS = PocketModels()


def new_game(seed: str = "t", **options: Any) -> dict[str, Any]:
    """A game set up with both starter drafts as they stand, both ready: turn 1 begins."""
    state = RS.setup("skirmish", [SeatSpec("p1", "P1"), SeatSpec("p2", "P2")], options, seed)
    RS.submit(state, "p1", "ready")
    RS.submit(state, "p2", "ready")
    return state


def board(seed: str = "t", active: str = "p1", **options: Any) -> dict[str, Any]:
    """A started game with no units at all (tests place their own), ``active`` to play, hands of
    three known cards and three face-down objectives that are plain cards."""
    state = new_game(seed, **options)
    for seat in ("p1", "p2"):
        state["players"][seat]["fleet"] = []
    state["units"] = {}
    state.update({"active": active, "first": active, "step": {"kind": "main", "seat": active}})
    return state


def place(state: dict[str, Any], seat: str, tag: str, where: str = "home", damage: int = 0, uid: str | None = None) -> str:
    """Add a unit of ``tag`` for ``seat`` in ``where`` (home, contested, enemy, reserves)."""
    other = "p2" if seat == "p1" else "p1"
    zone = {"home": home(seat), "contested": "contested", "enemy": home(other), "reserves": RESERVES}[where]
    from core.rulesets.swpm.setup import unit_id
    n = 1
    while unit_id(tag, n) in state["units"]:
        n += 1
    uid = uid or unit_id(tag, n)
    state["units"][uid] = {"id": uid, "tag": tag, "owner": seat, "zone": zone, "damage": damage}
    state["players"][seat]["fleet"].append(tag)
    return uid


def set_cards(state: dict[str, Any], seat: str, hand: list[str] | None = None,
              slots: list[tuple[str, bool] | None] | None = None, deck: list[str] | None = None,
              discard: list[str] | None = None) -> None:
    """Give ``seat`` exactly these cards (the deck list follows, so cards stay conserved)."""
    p = state["players"][seat]
    if hand is not None:
        p["hand"] = list(hand)
    if slots is not None:
        p["slots"] = [None if s is None else {"card": s[0], "up": s[1]} for s in slots]
    if deck is not None:
        p["deck"] = list(deck)
    if discard is not None:
        p["discard"] = list(discard)
    p["decklist"] = p["deck"] + p["hand"] + p["discard"] + [s["card"] for s in p["slots"] if s]
