"""End of turn: Hostile worlds, Spynet scans, objectives, victory; then the next turn begins
(production, blockades, fresh sheets) (RAW-KEYWORD-02/07, RAW-VP-*, RAW-GAME-04, RAW-GAP-36/37/40/41)."""
from __future__ import annotations

from typing import Any

from core.dice import Dice
from core.dice_words import fixed
from core.events import Event, event, to_team
from core.rulesets.raw.data import SIDES, objectives, planets
from core.rulesets.raw.model import blockaders, by_location, enemy_side, seats_of, side_of_owner, team_planets, utype

State = dict[str, Any]


def hostile(state: State, dice: Dice) -> list[Event]:
    """One d6 per Hostile world with a garrison: droids lost on 1-2, clones on 1 (RAW-GAP-36)."""
    events: list[Event] = []
    for name in sorted(state["planets"]):
        info = state["planets"][name]
        if planets()[name]["keyword"] != "Hostile" or info["gf"] <= 0 or info["owner"] is None:
            continue
        side = state["seats"][info["owner"]]["side"]
        roll = dice.roll(1, 6, f"Hostile world {name}", [to_team(side)],
                         why=fixed(1, f"the Hostile world's garrison, {'1-2' if side == 'CIS' else '1'} loses a GF "
                                      "(RAW-KEYWORD-02, RAW-GAP-36)"))[0]
        if roll <= (2 if side == "CIS" else 1):
            info["gf"] -= 1
            events.append(event("hostile", f"{name} is hostile: 1 GF is lost ({info['gf']} left)", [to_team(side)], state["turn"],
                                planet=name, gf_change=-1))
    return events


def scans(state: State) -> list[Event]:
    """Spynet scan reports, to the scanning team only (RAW-KEYWORD-07, RAW-GAP-37)."""
    events: list[Event] = []
    for seat, sheet in state["sheets"].items():
        for order in sheet:
            if order["verb"] != "scan":
                continue
            name = order["args"]["planet"]
            info = state["planets"][name]
            fleets: dict[str, int] = {}
            for unit in state["units"].values():
                if unit["at"] == name:
                    side = side_of_owner(state, unit["owner"])
                    fleets[side] = fleets.get(side, 0) + utype(unit).cost  # base cost: scarring stays hidden (RAW-GAP-42)
            owner = info["owner"]
            holder = f"{owner} ({state['seats'][owner]['side']})" if owner else "neutral"
            queue = f"{info['partial']['unit']} {info['partial']['paid']}/{info['partial']['cost']}" if info["partial"] else "nothing"
            fleet_text = ", ".join(f"{s} {p} pts" for s, p in sorted(fleets.items())) or "no fleets"
            side = state["seats"][seat]["side"]
            events.append(event("scan", f"Spynet scan of {name}: held by {holder}, production {info['production']}, "
                                f"building {queue}, in orbit: {fleet_text}, garrison {info['gf']} GF", [to_team(side)], state["turn"],
                                planet=name, owner=owner, production=info["production"], fleets=fleets, gf=info["gf"]))
    return events


def _score(state: State, side: str, key: str, vp: int, why: str) -> Event:
    state["vp"][side] += vp
    state["scored"].append(key)
    return event("objective", f"{side} scores {vp} VP: {why} (now {state['vp'][side]})", ["all"], state["turn"])


def objectives_check(state: State) -> list[Event]:
    """Score every objective completed this turn, once per team (Better Luck: once per opposing player)."""
    table = objectives()
    events: list[Event] = []
    for side in SIDES:
        held = set(team_planets(state, side))
        key = f"supremacy:{side}"
        if key not in state["scored"] and len(held - set(state["start"][side])) >= table["supremacy"]["planets_required"]:
            events.append(_score(state, side, key, table["supremacy"]["vp"], "Supremacy, 36 planets beyond its start (RAW-VP-02)"))
        for oid, rule in (("welcome_to_the_family", "RAW-VP-03"), ("industrialist", "RAW-VP-07")):
            obj = table[oid]
            if set(obj["planets"]) <= held:
                state["streak"][oid][side] += 1
            else:
                state["streak"][oid][side] = 0
            key = f"{oid}:{side}"
            if key not in state["scored"] and state["streak"][oid][side] >= obj["consecutive_turns"]:
                events.append(_score(state, side, key, obj["vp"], f"{obj['name']} ({rule})"))
        for seat in seats_of(state, enemy_side(side)):
            key = f"better_luck_next_time:{seat}"
            ships = any(u["owner"] == seat and utype(u).kind == "ship" for u in state["units"].values())
            if key not in state["scored"] and seat in state["had_ships"] and not ships:
                events.append(_score(state, side, key, table["better_luck_next_time"]["vp"], f"Better Luck Next Time, {seat}'s navy is gone (RAW-VP-04)"))
    for seat in state["seats"]:  # a seat that holds a completed ship now has a navy to lose later (RAW-GAP-40)
        if seat not in state["had_ships"] and any(u["owner"] == seat and utype(u).kind == "ship" for u in state["units"].values()):
            state["had_ships"].append(seat)
    for oid in ("seat_of_power_cis", "seat_of_power_republic"):
        obj = table[oid]
        side = obj["faction"]
        key = f"{oid}:{side}"
        taken = any(c["planet"] == obj["planet"] and c["side"] == side for c in state.get("captured", []))
        if key not in state["scored"] and taken:
            events.append(_score(state, side, key, obj["vp"], f"Seat of Power, {obj['planet']} captured ({'RAW-VP-05' if side == 'CIS' else 'RAW-VP-06'})"))
    return events


def victory(state: State) -> list[Event]:
    """10 VP wins; both at once: more VP wins, equal is a draw (RAW-GAME-04, RAW-GAP-41). There is no turn limit unless
    the GM sets one (option ``turn_limit``); it then ends the game in a draw, or by VP (``turn_limit_ends``)."""
    if state["over"]:
        return []
    need = objectives()["victory"]["vp_to_win"]
    gar, cis = state["vp"]["GAR"], state["vp"]["CIS"]
    if gar >= need or cis >= need:
        if gar == cis:
            state["over"] = {"winners": [], "reason": f"both teams reached {gar} VP together: a draw (RAW-GAP-41)"}
        else:
            win = "GAR" if gar > cis else "CIS"
            state["over"] = {"winners": [win], "reason": f"{win} reached {max(gar, cis)} victory points (RAW-GAME-04)"}
    elif (limit := state["options"].get("turn_limit")) and state["turn"] >= int(limit):
        # the text knows only 10 VP and concession: a turn limit is the GM's, who also says how it ends
        if state["options"].get("turn_limit_ends", "draw") == "vp" and gar != cis:
            win = "GAR" if gar > cis else "CIS"
            state["over"] = {"winners": [win], "reason": f"the GM's turn limit ({state['turn']}) came with {win} ahead, {gar}-{cis} VP; "
                                                         "the GM set it to end by VP"}
        else:
            how = "the teams level" if gar == cis else "no winner, as the GM set it to end in a draw"
            state["over"] = {"winners": [], "reason": f"the GM's turn limit ({state['turn']}) came at {gar}-{cis} VP: a draw ({how})"}
    if state["over"]:
        return [event("end", f"Game over: {state['over']['reason']}", ["all"], state["turn"])]
    return []


def start_turn(state: State) -> list[Event]:
    """The next turn begins: improvements take effect, blockades are fixed, sheets are cleared (RAW-GAP-31)."""
    state["turn"] += 1
    groups = by_location(state)
    for name, info in state["planets"].items():
        if info.get("improving"):
            info["production"] += info.pop("improving")
        info["blockaded"] = is_blockaded(state, name, groups.get(name, []))
    state["sheets"] = {seat: [] for seat in state["seats"]}
    state["away"] = []
    for side, seat in state.pop("admiral_home", {}).items():
        state["admiral"][side] = seat  # an acting GA holds the role until the GA is back: a new turn (RAW-TEAM-08, RAW-GAP-07)
    state.pop("bombarded", None)
    state["captured"] = []
    events = []
    for side in SIDES:
        retreating = sorted(u for u, x in state["units"].items() if x["retreat"] and x["owner"] in state["seats"]
                            and state["seats"][x["owner"]]["side"] == side and utype(x).kind == "ship")
        if retreating:
            events.append(event("retreat", f"Forced retreat this turn (jump or be lost): {', '.join(retreating)}", [to_team(side)], state["turn"]))
    events.append(event("turn", f"Turn {state['turn']} begins", ["all"], state["turn"]))
    return events


def is_blockaded(state: State, planet: str, here: list[str] | None = None) -> bool:
    """Whether ``planet`` is blockaded now: :func:`model.blockaders` is the one definition (RAW-BLOCKADE-01, RAW-GAP-31)."""
    return bool(blockaders(state, planet, here))
