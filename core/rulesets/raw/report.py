"""Republic at War's turn-report summary, read from the events a viewer may see: battles with each
side's losses by ship (the scarred ship named to its own side only, as the events are), planets
changing hands, builds finished per planet, and the turn's headlines (failed assaults, retreats,
objectives, alliances, bombardments)."""
from __future__ import annotations

import re
from typing import Any

from core.report import Battle, SideLosses, Summary, fold
from core.rulesets.raw.combat import side_words
from core.rulesets.raw.data import GF, unit_types

HEADLINE_KINDS = ("assault", "retreat", "objective", "alliance", "bombard", "hostile", "end", "concede", "loan",
                  "partial-lost", "surge", "admiral", "reopen", "correction")
_GARRISON = re.compile(r"^(?P<planet>.*): 1 GF (joins the garrison|goes aboard (?P<ship>\S+))")


def unit_name(uid: str, code: str) -> str:
    """``D1 (Munificent-class frigate)``: the ship's id and its type's name."""
    kind = unit_types().get(code)
    return f"{uid} ({kind.name if kind else code})"


def _side_name(side: str) -> str:
    return side_words(side)


def summary(events: list[dict[str, Any]]) -> Summary:
    """The summary of one turn's events (already filtered for the viewer). Raises nothing."""
    out = Summary()
    battle: Battle | None = None
    built: dict[str, dict[str, Any]] = {}
    for ev in events:
        kind, data = ev.get("kind"), ev.get("data") or {}
        if kind == "battle" and "attacker" in data:
            points, losses = data.get("points") or [None, None], data.get("losses") or [None, None]
            battle = Battle(place=_place(ev), result=_result(data))
            for i, side in enumerate((data["attacker"], data["defender"])):
                battle.sides.append(SideLosses(_side_name(side), points[i], losses[i]))
            out.battles.append(battle)
        elif kind in ("destroyed", "scarred") and battle is not None and "side" in data:
            who = next((s for s in battle.sides if s.side == _side_name(str(data["side"]))), None)
            if who is None:
                continue
            name = unit_name(str(data.get("unit")), str(data.get("type")))
            if kind == "destroyed":
                who.lost.append(name + (f" with {data['gf']} GF aboard" if data.get("gf") else ""))
            else:
                who.damaged.append(name + " scarred")
        elif kind == "retreat" and battle is not None and "side" in data:
            battle.result += f"; {_side_name(str(data['side']))} must retreat"
        elif kind == "capture" and "was" in data:
            out.changes.append((f"{data['planet']} ({data.get('seat')} took it)", str(data["side"]), data.get("was")))
        elif kind == "alliance" and "joins" in str(ev.get("text")):
            out.headlines.append(str(ev.get("text")))
        elif kind == "build":
            _built(built, ev)
        elif kind in HEADLINE_KINDS:
            out.headlines.append(str(ev.get("text")))
        if kind not in ("battle", "destroyed", "scarred", "roll", "retreat"):
            battle = None  # a ship lost outside a battle (a failed retreat, say) is a headline, not a loss in it
        if kind == "destroyed" and battle is None:
            out.headlines.append(str(ev.get("text")))
    out.builds = [f"Built at {planet}: {', '.join(items['done'])}" for planet, items in built.items() if items["done"]]
    out.underway = [f"{planet} {p.replace(' partly built,', '')}" for planet, items in built.items() for p in items["partial"]]
    new = [name.split(" ", 1)[0] for items in built.values() for name in items["ships"]]
    if new:
        what = "the id of the new ship" if len(new) == 1 else "the ids of the new ships"
        out.names.append(f"{', '.join(new)}: {what}, given by the engine (the owner's seat letter and a number); "
                         f"orders name ships by them, e.g. 'jump {new[0]} <planet>'")
    out.headlines = fold(out.headlines)
    return out


def _place(ev: dict[str, Any]) -> str:
    text = str(ev.get("text", ""))
    match = re.match(r"^Battle at (.*?): ", text)
    return match.group(1) if match else str((ev.get("data") or {}).get("location", "?"))


def _result(data: dict[str, Any]) -> str:
    roll = data.get("roll") or []
    dice = "+".join(str(v) for v in roll)
    return (f"{_side_name(data['attacker'])} attacked {_side_name(data['defender'])}; "
            f"roll {dice}{int(data.get('modifier', 0)):+d} = {data.get('total')}")


def _built(built: dict[str, dict[str, Any]], ev: dict[str, Any]) -> None:
    data, text = ev.get("data") or {}, str(ev.get("text", ""))
    planet = str(data.get("planet") or text.split(":", 1)[0])
    items = built.setdefault(planet, {"gf": 0, "aboard": 0, "ships": [], "partial": [], "done": []})
    if data.get("unit") == GF:
        items["aboard" if data.get("aboard") else "gf"] += 1
    elif data.get("type"):
        items["ships"].append(unit_name(str(data["unit"]), str(data["type"])))
    elif "partly built" in text:
        items["partial"].append(text.split(": ", 1)[1] if ": " in text else text)
    done = []
    if items["gf"]:
        done.append(f"{items['gf']} GF")
    if items["aboard"]:
        done.append(f"{items['aboard']} GF aboard (garrison full)")
    done.extend(items["ships"])
    items["done"] = done
