"""The turn machine: setup, the four phases of a turn (GCW-TURN-01) and who is awaited.

``state["step"]`` is what the game waits for: ``{"kind", "sides": [side, ...], ...}``. Every order
handler changes the state, clears or narrows the step, then calls :func:`advance`, which runs every
automatic part of the turn until the next step that needs a player (or the end of the game).
"""
from __future__ import annotations

import hashlib
from typing import Any

from core.errors import SetupError
from core.events import Event

from . import battles, resources, steps
from .data import SIDES, rules
from .model import (commanders, effect_total, fleet_units, fleets_of, log, map_points, new_fleet, new_unit, other, reveal,
                    State, unit_points)


def new_state(scenario: str, seats: list[tuple[str, str]], options: dict[str, Any], seed: str) -> State:
    """A fresh campaign waiting for both sides' sealed setup. Raises SetupError."""
    sides = [s for _, s in seats]
    if sorted(set(sides)) != ["Empire", "Rebel"] or any(s not in SIDES for s in sides):
        raise SetupError(f"the GCW campaign needs seats for both sides, Empire and Rebel; got {', '.join(sides) or 'none'}")
    turns = options.get("turns", rules().const["campaign"]["turns_default"])
    if not isinstance(turns, int) or not 1 <= turns <= 30:
        raise SetupError(f"option turns must be a whole number from 1 to 30; got {turns!r}")
    start = rules().const["setup"]["imperial_start_systems"]
    systems = {}
    for name in rules().systems:
        owned = name in start
        systems[name] = {"owner": "Empire" if owned else None, "destroyed": False,
                         "cards": {"Empire": "up" if owned else "down", "Rebel": "down"}}
    return {
        "ruleset": "gcw", "turn": 1, "dice": {"seed": seed, "n": 0},
        "seats": {name: {"side": side} for name, side in seats},
        "sheets": {}, "away": [], "scenario": scenario, "options": dict(options), "turns": turns,
        "phase": "setup", "step": {"kind": "setup", "sides": ["Empire", "Rebel"]},
        "setup": {"Empire": {}, "Rebel": {}},
        "systems": systems, "units": {}, "fleets": {},
        "sides": {s: {"cp": 0, "rp": 0, "vp": 0, "lost": {}} for s in SIDES},
        "counters": {"unit": {"Empire": 0, "Rebel": 0}, "fleet": {"Empire": 0, "Rebel": 0}, "sealed": 0,
                     "battle": 0, "seq": 0},
        "initiative": {"chooser": None, "side": None},
        "movement": {"active": None, "passes": 0},
        "battle": {"queue": [], "current": None, "order_chosen": False},
        "resource": {"stage": 0},
        "base": {"system": None, "record": None, "found": False, "found_turn": None, "operational_from": 1,
                 "destroyed": 0},
        "deathstar": None, "sealed": {}, "result": None, "history": [],
        # each side's private nonce, fixed at setup from the seed: a bot's secret choices (the base) vary
        # with the game's seed without the view ever depending on the seed itself
        "nonce": {s: hashlib.sha256(f"{seed}:{s}:choices".encode("utf-8")).hexdigest()[:16] for s in SIDES},
    }


# -- the loop -----------------------------------------------------------------------------------------
def advance(state: State) -> list[Event]:
    """Run the automatic parts of the game until someone must act."""
    events: list[Event] = []
    for _ in range(10_000):
        if state.get("result") is not None:
            state["phase"] = "over"
            state["step"] = None
            return events
        if state.get("step") is not None:
            return events
        phase = state["phase"]
        if phase == "setup":
            events += finish_setup(state)
        elif phase == "initiative":
            events += start_initiative(state)
        elif phase == "movement":
            events += end_movement(state)
        elif phase == "battle":
            events += battles.advance(state)
        elif phase == "resource":
            events += resources.advance(state)
        elif phase == "next":
            state["turn"] = int(state["turn"]) + 1
            state["phase"] = "initiative"
        else:
            return events
    raise RuntimeError("the GCW turn machine did not settle")


# -- setup --------------------------------------------------------------------------------------------
def finish_setup(state: State) -> list[Event]:
    """Both lists are sealed: reveal them at once and put the fleets on the map (GCW-SETUP-10)."""
    events: list[Event] = []
    for side in ("Empire", "Rebel"):
        draft = state["setup"][side]
        events += reveal(state, draft["record"])
        ids = [new_unit(state, side, code, ups) for code, ups in draft["items"]]
        fid = new_fleet(state, side, draft["start"], ids)
        events.append(log(state, "setup", f"{side} fleet {fid} ({sum_points(state, ids)} points) starts at {draft['start']}",
                          fleet=fid, system=draft["start"]))
    state["base"]["system"] = state["setup"]["Rebel"]["base"]
    state["base"]["record"] = state["setup"]["Rebel"]["base_record"]
    state["setup"] = {"Empire": {"sealed": True}, "Rebel": {"sealed": True}}
    state["phase"] = "initiative"
    events.append(log(state, "turn", f"Turn 1 of {state['turns']} begins"))
    return events


def sum_points(state: State, ids: list[str]) -> int:
    return sum(unit_points(state["units"][u]) for u in ids)


# -- initiative ---------------------------------------------------------------------------------------
def initiative_chooser(empire_points: int, rebel_points: int) -> str:
    """The side that decides initiative: fewer points on the map; the Rebel on a tie (GCW-INIT-02/03)."""
    return "Empire" if empire_points < rebel_points else "Rebel"


def start_initiative(state: State) -> list[Event]:
    e, r = map_points(state, "Empire"), map_points(state, "Rebel")
    chooser = initiative_chooser(e, r)
    state["initiative"] = {"chooser": chooser, "side": None}
    steps.wait(state, "initiative", [chooser])
    state["phase"] = "initiative-wait"
    return [log(state, "initiative", f"Initiative Phase: Empire {e} points on the map, Rebel {r}; {chooser} decides who has initiative",
                empire=e, rebel=r, chooser=chooser)]


def choose_initiative(state: State, side: str) -> list[Event]:
    """The chooser gives initiative to ``side``; the Strategic Movement Phase begins."""
    state["initiative"]["side"] = side
    state["step"] = None
    events = [log(state, "initiative", f"{state['initiative']['chooser']} gives initiative to {side}", side=side)]
    return events + start_movement(state)


# -- movement -----------------------------------------------------------------------------------------
def command_points(state: State, side: str) -> int:
    """CP for this turn: turn + fleets with a Commander (one each) + command cards (GCW-CP-01)."""
    with_commander = sum(1 for f in fleets_of(state, side) if commanders(fleet_units(state, f)) > 0)
    return int(state["turn"]) + with_commander + effect_total(state, side, "command")


def start_movement(state: State) -> list[Event]:
    """CP are computed once, at the start of the phase (GCW-GAP-46)."""
    state["phase"] = "movement"
    events = []
    for side in ("Empire", "Rebel"):
        old, state["sides"][side]["cp"] = state["sides"][side]["cp"], command_points(state, side)
        events.append(log(state, "cp", f"{side} has {state['sides'][side]['cp']} CP", side=side, cp=state["sides"][side]["cp"],
                          ledger=[[side, "cp", state["sides"][side]["cp"] - old]]))
    state["movement"] = {"active": None, "passes": 0}
    return events + offer(state, state["initiative"]["side"])


def offer(state: State, side: str) -> list[Event]:
    """Give the next action to ``side``; a side with 0 CP passes by itself (GCW-GAP-08)."""
    events: list[Event] = []
    mv = state["movement"]
    for _ in range(4):
        if mv["passes"] >= 2:
            state["step"] = None
            return events
        if state["sides"][side]["cp"] <= 0:
            mv["passes"] += 1
            events.append(log(state, "pass", f"{side} has no CP and passes", side=side))
            side = other(side)
            continue
        mv["active"] = side
        steps.wait(state, "action", [side])
        return events
    state["step"] = None
    return events


def after_action(state: State, side: str, passed: bool) -> list[Event]:
    """After one action (or a pass) the other side may respond (GCW-MOVE-06)."""
    mv = state["movement"]
    mv["passes"] = mv["passes"] + 1 if passed else 0
    state["counters"]["seq"] += 1
    state["step"] = None
    return offer(state, other(side))


def end_movement(state: State) -> list[Event]:
    """Two passes in a row: unspent CP are lost (GCW-CP-02) and battles begin."""
    events = []
    for side in ("Empire", "Rebel"):
        left = state["sides"][side]["cp"]
        state["sides"][side]["cp"] = 0
        if left:
            events.append(log(state, "cp", f"{side} loses {left} unspent CP", side=side, lost=left, ledger=[[side, "cp", -left]]))
    state["phase"] = "battle"
    return events + battles.begin(state)
