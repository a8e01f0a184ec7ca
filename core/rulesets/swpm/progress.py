"""Pocket Models at hand: the unit and card reference (SWPM-UNIT-03, SWPM-CARD-01..03, SWPM-ICON-01..07)
and victory progress (SWPM-WIN-01..05, SWPM-GAP-13, SWPM-GAP-27), counted from the viewer's own view
so nothing hidden can show (face-down objectives are counted, never named)."""
from __future__ import annotations

from typing import Any

from .data import rules
from .views import build

GLOSSARY = [
    ("ATK", "attack: added to the attack roll (2d6) in a battle"),
    ("DEF", "defense: the attack total must reach it to hit"),
    ("DMG", "damage: counters a hit puts on the unit it strikes"),
    ("SH", "shields: the unit is destroyed when its damage counters reach it (SWPM-UNIT-07)"),
    ("BS", "Build Stars: what a unit or card costs to field; a fleet is at most 30 BS"),
    ("match icons", "gunnery, engines, sensors, armor, hangar, command, stealth, boarding: a card's ability "
                    "works when its icon matches one on the unit (SWPM-ICON-02)"),
    ("power icons", "ace, bastion, flagship: a constant ability of the unit (SWPM-ICON-07)"),
    ("objective", "a card in an objective slot; lose them all, or every unit in play, and you are eliminated"),
]


def glossary() -> list[dict[str, str]]:
    """What the reference's columns and codes mean."""
    return [{"term": t, "means": m} for t, m in GLOSSARY]


def reference() -> list[dict[str, Any]]:
    """Every unit and card of the data (see :meth:`core.ruleset.Ruleset.reference`)."""
    data = rules()
    rows: list[dict[str, Any]] = []
    for u in data.units.values():
        does = [f"ATK {u.attack}  DEF {u.defense}  DMG {u.damage}  SH {u.shields}  {u.build_stars} BS, {u.domain}."]
        if u.match_icons:
            does.append("Match icons: " + ", ".join(u.match_icons) + ".")
        does.extend(f"{p.capitalize()}: {data.power_text[p]}." for p in u.power_icons if p in data.power_text)
        if u.unique:
            does.append("Unique: one in a fleet.")
        if u.flavor:
            does.append(u.flavor)
        rows.append({"name": u.name, "code": u.tag, "side": u.affiliation, "kind": f"{u.domain} unit",
                     "cost": u.build_stars, "capacity": None, "keywords": [*u.match_icons, *u.power_icons],
                     "does": " ".join(does)})
    for c in data.cards.values():
        bonus = f"+{c.bonus_value} {c.bonus_stat}. " if c.bonus_value else ""
        text = f"{bonus}{c.rules_text} (objective defense {c.defense})" if c.type == "objective" else c.rules_text
        rows.append({"name": c.name, "code": c.tag, "side": "any", "kind": f"{c.type} card", "cost": c.build_stars,
                     "capacity": None, "keywords": [c.ability_icon] if c.ability_icon else [], "does": text})
    return rows


def victory(state: dict[str, Any], viewer: str) -> dict[str, Any]:
    """Objectives and units left per player, and what ends the game, from ``viewer``'s view. Raises nothing."""
    if state.get("phase") == "setup":
        return {}
    view = build(state, viewer)
    board = view["board"]
    opts = view["facts"]["options"]
    rows: list[dict[str, Any]] = []
    for p in board["players"]:
        seat = p["seat"]
        who = str(p["side"])
        slots = p["slots"]
        held = [s for s in slots if s["state"] != "empty"]
        down = sum(1 for s in held if "card" not in s)
        named = ", ".join(s["card"]["name"] for s in held if "card" in s)
        text = f"{seat}: {len(held)} of {len(slots)} objective slots filled" + (f": {named}" if named else "")
        if down:
            text += f"{'; ' if named else ': '}{down} face down"
        rows.append({"objective": "Objectives left", "side": who, "have": len(held), "need": len(slots),
                     "value": len(held) / len(slots) if slots else 0.0, "text": text + " (at 0: eliminated)",
                     "rule": "SWPM-WIN-04", "done": False})
        in_play = [u for z in board["zones"] for u in z["units"] if u["owner"] == seat]
        total = len(in_play) + len(p["reserves"])
        rows.append({"objective": "Units in play", "side": who, "have": len(in_play), "need": total,
                     "value": len(in_play) / total if total else 0.0,
                     "text": f"{seat}: {len(in_play)} in play ({p['bs_in_play']} BS), {len(p['reserves'])} in reserves (at 0 in play: eliminated)",
                     "rule": "SWPM-WIN-03", "done": False})
    ends = ["a player with no units in play or no objectives is eliminated and the other wins (SWPM-WIN-01..05)",
            f"{opts.get('stalemate_passes', 3)} passed turns in a row by both: a draw (SWPM-GAP-13)"]
    limit = int(opts.get("turn_limit") or 0)
    ends.append(f"turn limit {limit} (now turn {view['turn']}): more objectives, then more BS in play wins (SWPM-GAP-27)"
                if limit else "no turn limit")
    result = view["facts"].get("result")
    if result:
        ends.insert(0, f"over: {result['reason']}")
    return {"goal": "; ".join(ends), "score": {}, "rows": rows}
