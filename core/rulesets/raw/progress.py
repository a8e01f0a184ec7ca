"""Victory in Republic at War as a viewer may know it: each objective and how far each team is toward
it (RAW-GAME-04, RAW-VP-01..07).

A team knows its own planets whole; of the other team's it knows only its last-known memory (from the
start, from being there, from scans, RAW-GAP-42), so the enemy's progress is counted from that memory
and says so. VP and objectives already scored are public (the scoring events go to everyone). The GM
sees the truth for both teams.
"""
from __future__ import annotations

from typing import Any

from core.events import GM
from core.rulesets.raw.data import objectives
from core.rulesets.raw.model import enemy_side, seats_of

State = dict[str, Any]
SIDES = ("GAR", "CIS")


def _holds(state: State, viewer: str, side: str) -> tuple[set[str], bool]:
    """The planets ``viewer`` knows ``side`` to hold, and whether that is the truth (own team, GM) or memory."""
    if viewer == GM or state["seats"][viewer]["side"] == side:
        team = seats_of(state, side)
        return {p for p, info in state["planets"].items() if info["owner"] in team}, True
    memory = state.get("known", {}).get(state["seats"][viewer]["side"], {})
    return {p for p, memo in memory.items() if memo.get("side") == side}, False


def _row(objective: str, side: str, have: int, need: int, text: str, rule: str, done: bool, exact: bool) -> dict[str, Any]:
    return {"objective": objective, "side": side, "have": have, "need": need, "value": min(1.0, have / need) if need else 0.0,
            "text": text + ("" if exact else " (as last seen)"), "rule": rule, "done": done}


def victory(state: State, viewer: str) -> dict[str, Any]:
    """Objectives and each team's progress as ``viewer`` may know it.

    ``{"goal": str, "score": {side: vp}, "rows": [{"objective", "side", "have", "need", "value", "text", "rule", "done"}]}``,
    the viewer's own team first. Raises nothing.
    """
    table = objectives()
    need = int(table["victory"]["vp_to_win"])
    own = None if viewer == GM else str(state["seats"][viewer]["side"])
    order = list(SIDES) if own is None else [own, enemy_side(own)]
    rows: list[dict[str, Any]] = []
    for side in order:
        held, exact = _holds(state, viewer, side)
        rows.append(_row("Victory", side, int(state["vp"][side]), need, f"{state['vp'][side]} of {need} VP", "RAW-GAME-04",
                         state["vp"][side] >= need, True))
        sup = table["supremacy"]
        beyond = len(held - set(state["start"][side]))
        done = f"supremacy:{side}" in state["scored"]
        rows.append(_row(f"{sup['name']} ({sup['vp']} VP)", side, beyond, int(sup["planets_required"]),
                         f"{beyond} of {sup['planets_required']} planets beyond its start", "RAW-VP-02", done, exact))
        for oid, rule in (("welcome_to_the_family", "RAW-VP-03"), ("industrialist", "RAW-VP-07")):
            obj = table[oid]
            have = len(set(obj["planets"]) & held)
            done = f"{oid}:{side}" in state["scored"]
            text = f"{have} of {len(obj['planets'])} held ({', '.join(p for p in obj['planets'] if p in held) or 'none'})"
            if exact and have == len(obj["planets"]) and not done:
                text += f"; {state['streak'][oid][side]} of {obj['consecutive_turns']} turn ends so far"
            elif not done:
                text += f"; needs all at {obj['consecutive_turns']} turn ends in a row"
            rows.append(_row(f"{obj['name']} ({obj['vp']} VP)", side, have, len(obj["planets"]), text, rule, done, exact))
        seat_obj = table["seat_of_power_cis" if side == "CIS" else "seat_of_power_republic"]
        key = f"{'seat_of_power_cis' if side == 'CIS' else 'seat_of_power_republic'}:{side}"
        taken = key in state["scored"]
        text = f"captured {seat_obj['planet']}" if taken else (
            f"holds {seat_obj['planet']}; the VP came with its capture" if seat_obj["planet"] in held else f"capture {seat_obj['planet']}")
        rows.append(_row(f"{seat_obj['name']} ({seat_obj['vp']} VP)", side, int(taken), 1, text,
                         "RAW-VP-05" if side == "CIS" else "RAW-VP-06", taken, exact or taken))
        blnt = table["better_luck_next_time"]
        foes = seats_of(state, enemy_side(side))
        sunk = [s for s in foes if f"better_luck_next_time:{s}" in state["scored"]]
        rows.append(_row(f"{blnt['name']} ({blnt['vp']} VP each)", side, len(sunk), len(foes),
                         f"navies destroyed: {', '.join(sunk) or 'none'} of {', '.join(foes)}", "RAW-VP-04", False, True))
    return {"goal": f"first team to {need} VP wins, checked at the end of each turn; or the other team concedes (RAW-GAME-04/05)",
            "score": {s: int(state["vp"][s]) for s in SIDES}, "rows": rows}
