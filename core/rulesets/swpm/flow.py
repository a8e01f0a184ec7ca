"""The turn (SWPM-TURN-01..04, SWPM-FLOW-07..09): an optional swap, then at most one action (move,
combat or strike), then the end of the turn; elimination, stalemate and the turn limit.

``state["step"]`` is what the game waits for: ``{"kind", "seat"}`` (``"seats"`` at setup). The kinds:
``setup``, ``main`` (swap, move, attack, strike or pass), ``card`` (a battle's card window),
``target`` (the next striker's target) and ``reinforce`` (the owner of a destroyed objective
brings units in from reserves). Decisions that belong to the other player mid-action make that
seat the awaited one.
"""
from __future__ import annotations

from typing import Any

from core.dice import Dice
from core.errors import OrderError
from core.events import Event

from .data import rules
from .model import (RESERVES, State, adjacent, bs_of, log, occupied_slots, other, seat_order,
                    shields_check, units_of, zone_name, zone_of)


def awaiting(state: State) -> set[str]:
    """The seats that may act now."""
    step = state.get("step")
    if state.get("result") is not None or step is None:
        return set()
    if step["kind"] == "setup":
        return set(step["seats"])
    return {step["seat"]}


def side(state: State, seat: str) -> str:
    """The side of a seat."""
    return str(state["seats"][seat]["side"])


# -- the end -----------------------------------------------------------------------------------------
def eliminated(state: State) -> list[str]:
    """Seats with no units in play or no objectives (SWPM-WIN-03/04)."""
    out = []
    for seat in seat_order(state):
        if not units_of(state, seat, True) or not occupied_slots(state, seat):
            out.append(seat)
    return out


def check_end(state: State, events: list[Event]) -> bool:
    """End the game if a player is eliminated (SWPM-WIN-01..05, SWPM-GAP-12). True when it ended."""
    if state.get("result") is not None:
        return True
    if state.get("phase") != "play":
        return False
    out = eliminated(state)
    if not out:
        return False

    def why(seat: str) -> str:
        return "has no units in play" if not units_of(state, seat, True) else "has no objectives left"
    if len(out) == 2:
        if state["options"]["simultaneous_elimination"] == "active_player_wins":
            winner = state["active"]
            reason = f"both players are eliminated at once; the active player {winner} wins (option)"
            state["result"] = {"winners": [side(state, winner)], "reason": reason}
        else:
            reason = f"both players are eliminated at once ({out[0]} {why(out[0])}, {out[1]} {why(out[1])}): a draw"
            state["result"] = {"winners": [], "reason": reason}
    else:
        loser = out[0]
        winner = other(state, loser)
        reason = f"{loser} {why(loser)} and is eliminated: {winner} wins"
        state["result"] = {"winners": [side(state, winner)], "reason": reason}
    state["phase"] = "over"
    state["step"] = None
    state["action"] = None
    events.append(log(state, "end", state["result"]["reason"]))
    return True


# -- the turn ------------------------------------------------------------------------------------------
def end_turn(state: State, dice: Dice, events: list[Event]) -> None:
    """SWPM-FLOW-09: turn effects expire, elimination and stalemate are checked, the turn passes."""
    seat = state["active"]
    state["mods"] = [m for m in state["mods"] if m["until"] not in ("turn", "battle")]
    state["action"] = None
    shields_check(state, events)
    if check_end(state, events):
        return
    if not state["swapped"] and not state["acted"]:
        state["passes"] += 1
    else:
        state["passes"] = 0
    limit = int(state["options"]["stalemate_passes"])
    if state["passes"] >= 2 * limit:
        reason = f"both players passed {limit} turns in a row: a draw (SWPM-GAP-13)"
        state.update({"result": {"winners": [], "reason": reason}, "phase": "over", "step": None})
        events.append(log(state, "end", reason))
        return
    turns = int(state["options"]["turn_limit"])
    if turns and int(state["turn"]) >= turns:
        finish_on_limit(state, events)
        return
    nxt = other(state, seat)
    state.update({"turn": int(state["turn"]) + 1, "active": nxt, "swapped": False, "acted": False})
    state["step"] = {"kind": "main", "seat": nxt}
    events.append(log(state, "turn", f"turn {state['turn']}: {nxt} to play"))


def finish_on_limit(state: State, events: list[Event]) -> None:
    """SWPM-GAP-27: at the turn limit, more objectives wins, then more BS in play, else a draw."""
    a, b = seat_order(state)
    score = {s: (len(occupied_slots(state, s)), bs_of(state, units_of(state, s, True))) for s in (a, b)}
    if score[a] == score[b]:
        result: dict[str, Any] = {"winners": [], "reason": "the turn limit is reached with objectives and BS in play equal: a draw"}
    else:
        w = a if score[a] > score[b] else b
        result = {"winners": [side(state, w)], "reason": f"the turn limit is reached: {w} has more objectives "
                  f"({score[w][0]}) or more BS in play ({score[w][1]}) and wins"}
    state.update({"result": result, "phase": "over", "step": None})
    events.append(log(state, "end", result["reason"]))


def do_pass(state: State, seat: str, dice: Dice) -> list[Event]:
    """End the turn without (further) action."""
    events = [log(state, "pass", f"{seat} ends the turn" + ("" if state["swapped"] else " without a swap or an action"))]
    end_turn(state, dice, events)
    return events


# -- move ----------------------------------------------------------------------------------------------
def do_move(state: State, seat: str, groups: list[tuple[list[str], str]], dice: Dice, line: str) -> list[Event]:
    """SWPM-MOVE-01..04, SWPM-GAP-07: each unit moves one zone, to an adjacent zone. Raises OrderError."""
    seen: list[str] = []
    plan = []
    for uids, word in groups:
        dest = zone_of(state, seat, word)
        for uid in uids:
            if uid in seen:
                raise OrderError(f"{line!r}: {uid} is named twice")
            seen.append(uid)
            zone = state["units"][uid]["zone"]
            if zone == RESERVES:
                raise OrderError(f"{line!r}: {uid} is in reserves; units there cannot move (SWPM-MOVE-04)")
            if dest not in adjacent(state, zone):
                raise OrderError(f"{line!r}: {uid} is in {zone_name(zone)}; it may move only one zone, to "
                                 f"{' or '.join(zone_name(z) for z in adjacent(state, zone))} (SWPM-MOVE-02/03)")
            plan.append((uid, dest))
    cap_check(state, seen, line, "SWPM-MOVE-01")
    for uid, dest in plan:
        state["units"][uid]["zone"] = dest
    state["acted"] = True
    events = [log(state, "move", f"{seat} moves " + "; ".join(f"{u} to {zone_name(d)}" for u, d in plan))]
    end_turn(state, dice, events)
    return events


def cap_check(state: State, uids: list[str], line: str, rule: str) -> None:
    """The 5-BS cap of an action (SWPM-EX-07). Raises OrderError."""
    cap = int(rules().board["action_bs_cap"])
    total = bs_of(state, uids)
    if total > cap:
        raise OrderError(f"{line!r}: those units are worth {total} BS; an action takes at most {cap} ({rule})")


def legal_attacks(state: State, seat: str) -> list[str]:
    """Every ``attacker>defender`` pairing ``seat`` may declare now (SWPM-COMBAT-03, SWPM-UNIT-09..13)."""
    out = []
    foes = units_of(state, other(state, seat), True)
    for a in units_of(state, seat, True):
        za = state["units"][a]["zone"]
        ground = rules().units[state["units"][a]["tag"]].ground
        for d in foes:
            if state["units"][d]["zone"] != za:
                continue
            d_ground = rules().units[state["units"][d]["tag"]].ground
            if ground and not d_ground and za != zone_of(state, seat, "home"):
                continue
            out.append(f"{a}>{d}")
    return out


def pairing_problem(state: State, seat: str, a: str, d: str) -> str | None:
    """Why ``a`` may not attack ``d`` now, or None."""
    units = state["units"]
    if a not in units or units[a]["owner"] != seat or units[a]["zone"] == RESERVES:
        return f"{a} is not one of your units in play"
    if d not in units or units[d]["owner"] == seat or units[d]["zone"] == RESERVES:
        return f"{d} is not an opposing unit in play"
    if units[a]["zone"] != units[d]["zone"]:
        return f"{a} and {d} are not in the same zone (SWPM-COMBAT-03)"
    ua, ud = rules().units[units[a]["tag"]], rules().units[units[d]["tag"]]
    if ua.ground and not ud.ground and units[a]["zone"] != zone_of(state, seat, "home"):
        return f"{a} is a ground unit: it may attack a space unit only in your home zone (SWPM-UNIT-09)"
    return None

