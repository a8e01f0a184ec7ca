"""Helpers for the GCW tests: games driven through the ruleset's own orders."""
from __future__ import annotations

import copy
from typing import Any

from core.rulesets.gcw import GalacticCivilWar
from core.rulesets.gcw import model
from core.ruleset import SeatSpec

R = GalacticCivilWar()
EMPIRE_LIST = "victory-2+tarkin,raider-1,tie-fighter"        # 175
REBEL_LIST = "nebulon-escort+dodonna,cr90-a,gr75-medium,x-wing,y-wing*2"  # 172


def new_game(seed: str = "test", **options: Any) -> dict[str, Any]:
    """A game at setup: seats ann (Empire) and bob (Rebel)."""
    state = R.setup("campaign", [SeatSpec("ann", "Empire"), SeatSpec("bob", "Rebel")], {**R.options(), **options}, seed)
    state["secret"] = f"sealing secret of {seed}"   # what Session.new adds: the edge's randomness, fixed here
    return state


def do(state: dict[str, Any], seat: str, text: str, by: str | None = None) -> list[dict[str, Any]]:
    return R.submit(state, seat, text, by)


def started(seed: str = "test", empire_at: str = "Coruscant", rebel_at: str = "Yavin IV", base: str = "Dantooine",
            **options: Any) -> dict[str, Any]:
    """A game past setup, at the Initiative Phase of turn 1."""
    state = new_game(seed, **options)
    do(state, "ann", f"fleet {empire_at} {EMPIRE_LIST}")
    do(state, "ann", "ready")
    do(state, "bob", f"fleet {rebel_at} {REBEL_LIST}")
    do(state, "bob", f"base {base}")
    do(state, "bob", "ready")
    return state


def moving(seed: str = "test", initiative: str = "Empire", **kw: Any) -> dict[str, Any]:
    """A game in the Strategic Movement Phase of turn 1 with ``initiative``."""
    state = started(seed, **kw)
    chooser = state["initiative"]["chooser"]
    do(state, seat_of(chooser), f"initiative {initiative}")
    return state


def seat_of(side: str) -> str:
    return "ann" if side == "Empire" else "bob"


def fleet_of(state: dict[str, Any], side: str) -> str:
    return model.fleets_of(state, side)[0]


def add_fleet(state: dict[str, Any], side: str, system: str, items: list[str]) -> str:
    """Put a new fleet on the map directly (codes with +upgrades)."""
    ids = []
    for item in items:
        item, _, times = item.partition("*")
        code, *ups = item.split("+")
        for _ in range(int(times or 1)):
            ids.append(model.new_unit(state, side, code, ups))
    return model.new_fleet(state, side, system, ids)


def give_action(state: dict[str, Any], side: str, cp: int = 10) -> None:
    """Make ``side`` the acting side with ``cp`` CP."""
    state["phase"] = "movement"
    state["sides"][side]["cp"] = cp
    state["movement"] = {"active": side, "passes": 0}
    state["step"] = {"kind": "action", "sides": [side]}


def end_movement(state: dict[str, Any]) -> list[dict[str, Any]]:
    """Both sides pass until the movement phase ends."""
    events = []
    for _ in range(6):
        if state["step"] is None or state["step"]["kind"] != "action":
            break
        side = state["step"]["sides"][0]
        events += do(state, seat_of(side), "pass")
    return events


def texts(events: list[dict[str, Any]]) -> str:
    return "\n".join(e["text"] for e in events)


def clone(state: dict[str, Any]) -> dict[str, Any]:
    return copy.deepcopy(state)


def bombing_run(seed: str) -> tuple[dict[str, Any], str]:
    """A Rebel fleet with Luke aboard at Carida, where the undefended Death Star is, both sides out of CP
    and the movement over: the next step is the Rebel's bombing run. Returns the state and Luke's id."""
    from core.rulesets.gcw import flow
    state = moving(seed=seed)
    fid = model.fleets_of(state, "Rebel")[0]
    state["fleets"][fid]["system"] = "Carida"
    luke = model.new_unit(state, "Rebel", "luke-skywalker")
    model.put(state, luke, fid)
    state["deathstar"] = {"system": "Carida", "fired": 0}
    state["sides"]["Empire"]["cp"] = state["sides"]["Rebel"]["cp"] = 0
    state["step"] = None
    state["movement"]["passes"] = 2
    flow.advance(state)
    return state, luke


def resource_phase(state: dict[str, Any], turn: int | None = None) -> list[dict[str, Any]]:
    """Jump to the Resource Phase (after battles) and run it to the first step that needs a player."""
    from core.rulesets.gcw import flow
    if turn is not None:
        state["turn"] = turn
    state["phase"] = "resource"
    state["resource"] = {"stage": 0}
    state["step"] = None
    state["battle"] = {"queue": [], "current": None, "chosen": None, "bombed": []}
    return flow.advance(state)
