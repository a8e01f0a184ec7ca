"""The swap (SWPM-SWAP-01..05, SWPM-GAP-02/03): before the action, an objective card from the hand
replaces the card in one of the seat's slots; a card put face up is revealed at once."""
from __future__ import annotations

from core.dice import Dice
from core.errors import OrderError
from core.events import Event

from .combat import on_reveal
from .flow import check_end
from .model import State, card, log, only, shields_check


def do_swap(state: State, seat: str, tag: str, slot: int, dice: Dice, line: str) -> list[Event]:
    """SWPM-SWAP-01..05, SWPM-GAP-02/03. Raises OrderError."""
    player = state["players"][seat]
    if state["swapped"]:
        raise OrderError(f"{line!r}: you have already swapped this turn (SWPM-TURN-03)")
    if state["acted"]:
        raise OrderError(f"{line!r}: the swap comes before the action (SWPM-TURN-02)")
    if tag not in player["hand"] or card(tag).type != "objective":
        raise OrderError(f"{line!r}: only an objective card from your hand can be swapped in (SWPM-SWAP-01)")
    index = slot - 1
    old = player["slots"][index]
    if old is None and not state["options"]["swap_into_empty_slot"]:
        raise OrderError(f"{line!r}: slot {slot} is empty; a swap replaces a card (SWPM-GAP-03)")
    player["hand"].remove(tag)
    up = state["options"]["swap_facing"] == "up"
    player["slots"][index] = {"card": tag, "up": up}
    state["swapped"] = True
    shown = f"{card(tag).name} face up" if up else "a card face down"
    events = []
    if old is None:
        events.append(log(state, "swap", f"{seat} puts {shown} into the empty slot {slot}"))
    elif old["up"]:
        player["discard"].append(old["card"])
        events.append(log(state, "swap", f"{seat} swaps {shown} into slot {slot}; the face-up {card(old['card']).name} is discarded"))
    else:
        player["hand"].append(old["card"])
        events.append(log(state, "swap", f"{seat} swaps {shown} into slot {slot}; the face-down card there returns to {seat}'s hand"))
        events.append(log(state, "swap", f"{card(old['card']).name} returns to your hand from slot {slot}", only(seat)))
    if up:
        events += on_reveal(state, seat, index, None, dice)
    shields_check(state, events)  # a Bacta Tanks swapped out: a unit at its shields is destroyed now (SWPM-GAP-15)
    check_end(state, events)
    return events
