"""What each viewer may know, exactly as catalog section 5.3: the viewer's own hand (the opponent
sees its count); deck order hidden from everyone (counts public); face-down objectives hidden from
everyone, owner included (SWPM-GAP-16); discard piles, face-up objectives, units, damage,
reserves, dice and played cards public. During setup each player sees only their own draft.

The board is of kind ``"zones"``: ordered zones holding units, each player's objective slots
(face up with the card, face down without, or empty), reserves, deck/discard/hand counts, and the
viewer's hand as cards with their texts.
"""
from __future__ import annotations

from typing import Any

from core.events import GM

from .data import Card, rules
from .model import (CONTESTED, RESERVES, State, face_up_abilities, hand_size, home, matches, objective_defense, other,
                    seat_order, units_in, units_of, value)
from .setup import draft_ids


def card_facts(c: Card) -> dict[str, Any]:
    """A card as every screen shows it."""
    return {"tag": c.tag, "name": c.name, "type": c.type, "bs": c.build_stars, "defense": c.defense,
            "bonus": f"{c.bonus_stat} +{c.bonus_value}" if c.bonus_value else "", "icon": c.ability_icon,
            "timing": c.ability_timing, "text": c.rules_text}


def unit_facts(state: State, uid: str) -> dict[str, Any]:
    """A unit in play or in reserves, with its modified values."""
    info = state["units"][uid]
    u = rules().units[info["tag"]]
    return {"id": uid, "tag": u.tag, "name": u.name, "owner": info["owner"], "zone": info["zone"],
            "domain": u.domain, "bs": u.build_stars, "attack": value(state, uid, "attack"),
            "defense": value(state, uid, "defense"), "damage": value(state, uid, "damage"),
            "shields": value(state, uid, "shields"), "counters": int(info["damage"]),
            "icons": [*u.match_icons, *u.power_icons], "affiliation": u.affiliation,
            "bonuses": bonuses(state, uid)}


def bonuses(state: State, uid: str) -> list[str]:
    """Why unit ``uid``'s values differ from its printed ones now, one reason a line: its power
    icons that apply where it stands (``+1 attack: ace, in the contested zone``), face-up
    objectives, cards of the battle. Everything here is public (SWPM 5.3)."""
    info = state["units"][uid]
    u = rules().units[info["tag"]]
    out: list[str] = []
    for icon in u.power_icons:
        for eff in rules().power.get(icon, ()):
            if matches(state, uid, eff.scope, info["owner"]) and (info["zone"] != RESERVES or not eff.scope.filters):
                out.append(f"{eff.amount:+d} {eff.stat}: {icon} ({power_text(icon)})")
    if info["zone"] == RESERVES:
        return out
    for controller, eff in face_up_abilities(state):
        if eff.scope.base not in ("friendly.units", "opposing.units") or not eff.stat:
            continue
        side = controller if eff.scope.base == "friendly.units" else other(state, controller)
        if info["owner"] == side and matches(state, uid, eff.scope, controller):
            out.append(f"{eff.amount:+d} {eff.stat}: {controller}'s face-up objective")
    for mod in state.get("mods", []):
        if uid in mod.get("units", []):
            out.append(f"{int(mod['delta']):+d} {mod['stat']}: a card, this {mod.get('until', 'battle')}")
    return out


def zone_notes(state: State, zone: str) -> list[str]:
    """The bonuses that apply in ``zone`` because of where units stand (power icons read by zone),
    each with the units it lifts: ``ace: +1 attack in the contested zone (xwing1, xwing2)``."""
    lifted: dict[str, list[str]] = {}
    for uid in units_in(state, zone):
        info = state["units"][uid]
        for icon in rules().units[info["tag"]].power_icons:
            for eff in rules().power.get(icon, ()):
                if any(k == "zone" for k, _ in eff.scope.filters) and matches(state, uid, eff.scope, info["owner"]):
                    lifted.setdefault(icon, []).append(uid)
    return [f"{icon}: {power_text(icon)} ({', '.join(ids)})" for icon, ids in lifted.items()]


def power_text(icon: str) -> str:
    """What a power icon does, in the board data's words (``+1 attack in the contested zone``)."""
    return str(rules().board.get("power", {}).get(icon, {}).get("text", icon))


def slot_facts(state: State, seat: str, index: int, viewer: str) -> dict[str, Any]:
    """One objective slot as ``viewer`` may see it."""
    slot = state["players"][seat]["slots"][index]
    if slot is None:
        return {"n": index + 1, "state": "empty"}
    sees = slot["up"] or viewer == GM or (viewer == seat and state["options"]["owner_sees_objectives"])
    out: dict[str, Any] = {"n": index + 1, "state": "up" if slot["up"] else "down"}
    if sees:
        out["card"] = card_facts(rules().cards[slot["card"]])
        out["defense"] = objective_defense(state, seat, index)
    return out


def build(state: State, viewer: str) -> dict[str, Any]:
    """The view of ``viewer`` (a seat or ``"gm"``)."""
    if state["phase"] == "setup":
        return setup_view(state, viewer)
    seats = seat_order(state)
    order = seats if viewer not in seats else [viewer, other(state, viewer)]
    zones: list[dict[str, Any]] = [{"id": home(order[1]), "name": f"{order[1]} home", "owner": order[1], "units": []},
             {"id": CONTESTED, "name": "contested", "owner": None, "units": []},
             {"id": home(order[0]), "name": f"{order[0]} home", "owner": order[0], "units": []}]
    for z in zones:
        z["units"] = [unit_facts(state, u) for u in units_in(state, z["id"])]
        z["notes"] = zone_notes(state, z["id"])
    players = []
    for seat in order:
        p = state["players"][seat]
        players.append({
            "seat": seat, "side": state["seats"][seat]["side"], "list": p["list"] if viewer in (seat, GM) else None,
            "slots": [slot_facts(state, seat, i, viewer) for i in range(len(p["slots"]))],
            "reserves": [unit_facts(state, u) for u in units_of(state, seat, False)],
            "deck": len(p["deck"]), "discard": [card_facts(rules().cards[t]) for t in p["discard"]],
            "hand_count": len(p["hand"]), "hand_size": hand_size(state, seat),
            "bs_in_play": sum(rules().units[state["units"][u]["tag"]].build_stars for u in units_of(state, seat, True)),
        })
    hand = []
    if viewer in seats:
        hand = [card_facts(rules().cards[t]) for t in state["players"][viewer]["hand"]]
    board = {"kind": "zones", "zones": zones, "players": players, "hand": hand, "viewer": viewer,
             "battle": battle_facts(state), "active": state.get("active")}
    if viewer == GM:
        board["hands"] = {s: [card_facts(rules().cards[t]) for t in state["players"][s]["hand"]] for s in seats}
    rosters = []
    for p in players:
        rows = [f"{z['name']}: " + ", ".join(f"{u['id']} {u['counters']}/{u['shields']}" for u in z["units"] if u["owner"] == p["seat"])
                for z in zones if any(u["owner"] == p["seat"] for u in z["units"])]
        rows.append("reserves: " + (", ".join(u["id"] for u in p["reserves"]) or "none"))
        rosters.append({"title": f"{p['seat']} ({p['bs_in_play']} BS in play)", "rows": rows})
    resources = {}
    for p in players:
        resources[f"{p['seat']} objectives"] = sum(1 for s in p["slots"] if s["state"] != "empty")
        resources[f"{p['seat']} hand"] = p["hand_count"]
        resources[f"{p['seat']} deck"] = p["deck"]
    step = state.get("step") or {}
    facts = {"phase": state["phase"], "step": {k: v for k, v in step.items()}, "active": state.get("active"),
             "first": state.get("first"), "swapped": state.get("swapped"), "acted": state.get("acted"),
             "passes": state.get("passes"), "result": state.get("result"), "me": viewer,
             "action": public_action(state), "options": public_options(state)}
    return {"viewer": viewer, "ruleset": "swpm", "title": "Star Wars Pocket Models", "turn": int(state["turn"]),
            "phase": state["phase"], "board": board, "rosters": rosters, "resources": resources, "sheet": [],
            "prompt": prompt(state, viewer), "facts": facts, "standing": standing(state, viewer)}


def standing(state: State, viewer: str) -> list[dict[str, Any]]:
    """The answers ``viewer`` may give in advance, so that a shared terminal need not come to them:
    a pass in their battles' card windows (SWPM-COMBAT-07..09: passing is always legal there).
    ``now``: the viewer is asked that very thing at this moment."""
    if viewer not in state["seats"] or state.get("result"):
        return []
    step = state.get("step") or {}
    return [{"id": "card-windows", "order": "pass", "what": "your card windows",
             "now": step.get("kind") == "card" and step.get("seat") == viewer}]


def public_options(state: State) -> dict[str, Any]:
    """The game options without the lists chosen at setup (a list is its owner's secret)."""
    return {k: v for k, v in state["options"].items() if k != "lists"}


def public_action(state: State) -> dict[str, Any] | None:
    action = state.get("action")
    if not action:
        return None
    out = {k: v for k, v in action.items() if k != "cur"}
    return out


def battle_facts(state: State) -> dict[str, Any] | None:
    """The battle being fought: the two units and the cards played so far (public when played)."""
    action = state.get("action") or {}
    cur = action.get("cur")
    if not cur:
        return None
    c = rules().cards
    return {"attacker": unit_facts(state, cur["a"]), "defender": unit_facts(state, cur["d"]),
            "attacker_card": card_facts(c[cur["att_card"]]) if cur["att_card"] else None,
            "defender_card": card_facts(c[cur["def_card"]]) if cur["def_card"] else None,
            "attacker_passed": cur["att_passed"], "window": cur["window"], "number": action["i"] + 1,
            "of": len(action["battles"])}


def setup_view(state: State, viewer: str) -> dict[str, Any]:
    """Before both are ready: each player sees their own draft only (SWPM-GAP-17)."""
    drafts = {}
    for seat, draft in state["setup"].items():
        if viewer in (seat, GM):
            u = rules().units
            drafts[seat] = {"list": draft["list"], "units": list(draft["units"]), "deck": list(draft["deck"]),
                            "home": list(draft["home"]), "ids": draft_ids(draft),
                            "home_bs": sum(u[t].build_stars for t in draft["home"]),
                            "fleet_bs": sum(u[t].build_stars for t in draft["units"])}
    waiting = list(state["step"]["seats"])
    rosters = []
    for seat, d in drafts.items():
        rosters.append({"title": f"{seat}: {d['list']} ({d['fleet_bs']} BS, {len(d['deck'])} cards)",
                        "rows": [f"home ({d['home_bs']} BS): {', '.join(d['home'])}",
                                 f"fleet: {', '.join(d['ids'])}"]})
    board: dict[str, Any] = {"kind": "zones", "zones": [], "players": [], "hand": [], "viewer": viewer, "battle": None,
             "setup": drafts, "active": None}
    facts = {"phase": "setup", "step": {"kind": "setup", "seats": waiting}, "drafts": drafts, "me": viewer,
             "starters": {t: {"name": s.name, "blurb": s.blurb} for t, s in rules().starters.items()},
             "result": None, "options": public_options(state)}
    return {"viewer": viewer, "ruleset": "swpm", "title": "Star Wars Pocket Models", "turn": 0, "phase": "setup",
            "board": board, "rosters": rosters, "resources": {}, "sheet": [], "prompt": prompt(state, viewer),
            "facts": facts}


def prompt(state: State, viewer: str) -> str:
    """What ``viewer`` is asked to do now."""
    if state.get("result"):
        return f"The game is over: {state['result']['reason']}."
    step = state.get("step") or {}
    kind = step.get("kind")
    if kind == "setup":
        if viewer in step["seats"]:
            return ("Setup (secret): 'fleet <starter>' or 'build <units> / <cards>', 'home <units,...>' "
                    "(20 BS at most), then 'ready'.")
        return f"Waiting for {', '.join(step['seats'])} to finish setting up."
    seat = step.get("seat")
    if viewer != seat:
        return f"Waiting for {seat} ({kind})."
    if kind == "main":
        parts = [] if state["swapped"] else ["'swap <card> <slot>'"]
        return ("Your turn: " + ", ".join(parts + ["then 'move', 'attack' or 'strike'", "or 'pass'"]) if parts
                else "Your turn: 'move', 'attack', 'strike', or 'pass' to end the turn.")
    if kind == "card":
        cur = state["action"]["cur"]
        return f"Battle {cur['a']} against {cur['d']}: 'play <card>' or 'pass'."
    if kind == "target":
        return f"{step['striker']} strikes: 'target <slot>' (one of {other(state, seat)}'s objectives)."
    if kind == "reinforce":
        return f"Your objective fell: 'reinforce <units,...>' from reserves, up to {step['bs']} BS, or 'reinforce none'."
    return "Nothing to do."

