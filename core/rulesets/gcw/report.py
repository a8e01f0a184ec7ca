"""The GCW campaign's turn-report summary, read from the events a viewer may see: each battle with
each side's points, its units destroyed, withdrawn or fled and damage taken, the VP scored; systems
claimed; units bought and deployed; the turn's headlines (searches, the base, victory)."""
from __future__ import annotations

import re
from typing import Any

from core.report import Battle, SideLosses, Summary, fold

HEADLINE_KINDS = ("search", "base", "victory", "initiative", "ruling", "forced", "withdraw", "repair", "pool")
SIDES = ("Empire", "Rebel")
NEW_FLEET = re.compile(r"into a new fleet (\w+)")
BOUGHT = re.compile(r"^(?P<side>\w+) buys (?P<name>.+) for (?P<cost>\d+) RP: (?P<uid>\S+) in the force pool")


def summary(events: list[dict[str, Any]]) -> Summary:
    """The summary of one turn's events (already filtered for the viewer). Raises nothing."""
    out = Summary()
    open_battles: dict[str, Battle] = {}
    bought: dict[tuple[str, str, str], list[str]] = {}
    for ev in events:
        kind, data, text = ev.get("kind"), ev.get("data") or {}, str(ev.get("text", ""))
        if kind == "battle" and "points" in data and "system" in data and data.get("battle"):
            battle = Battle(place=str(data["system"]), sides=[SideLosses(s, int(data["points"].get(s, 0)), 0) for s in SIDES])
            open_battles[str(data["battle"])] = battle
            out.battles.append(battle)
        elif kind == "battle" and "fates" in data and str(data.get("battle")) in open_battles:
            battle = open_battles[str(data["battle"])]
            vp = data.get("vp") or {}
            how = text.split("result (", 1)[1].split(")", 1)[0] if "result (" in text else "reported"
            battle.result = f"battle {data['battle']}, {how}: Empire scores {vp.get('Empire', 0)} VP, Rebel {vp.get('Rebel', 0)} VP"
            for side, name, fate, damage, points in data["fates"]:
                who = next(s for s in battle.sides if s.side == side)
                if fate == "destroyed":
                    who.lost.append(name)
                    who.lost_points = (who.lost_points or 0) + int(points)
                elif fate != "survived":
                    who.damaged.append(f"{name} {'fled' if fate == 'fled' else 'withdrew ' + fate}")
                if damage:
                    who.damaged.append(f"{name} {damage} faceup damage")
        elif kind == "claim" and data.get("system"):
            out.changes.append((str(data["system"]), str(data.get("side")), None))
        elif kind == "buy" and (m := BOUGHT.match(text)):
            key = (m.group("side"), m.group("name"), m.group("cost"))
            bought.setdefault(key, []).append(m.group("uid"))
        elif kind == "deploy":
            out.builds.append(text)
        elif kind in HEADLINE_KINDS:
            out.headlines.append(text)
        for fleet in NEW_FLEET.findall(text):
            out.names.append(f"{fleet}: a new fleet's name, given by the engine (its side's orders use it: 'move {fleet} <system>')")
        if kind == "battle" and data.get("battle") and "points" in data:
            out.names.append(f"{data['battle']}: the battle's number, used by the battle's orders")
    for (side, name, cost), uids in bought.items():
        many = f"{len(uids)} × {name} ({cost} RP each)" if len(uids) > 1 else f"{name} ({cost} RP)"
        out.builds.append(f"{side} buys {many}: {', '.join(uids)}, in the force pool")
    out.headlines = fold(out.headlines)
    return out
