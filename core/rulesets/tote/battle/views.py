"""What a faction may know of the battle, and the ``rings`` board that draws it.

Hidden information (catalog 5.5, TOTE-GAP-37): a faction knows everything of its own units (exact
layers, what is aboard, its order sheet). Of another faction it knows only the units its sensors
cover now: every capital ship, platform and AUX (and an SF with ``can_scan``) scans actively each
round, covering from a DSZ its own DSZ and the rings, from the C-Ring the rings, the bordering DSZ
and the Atmosphere, and from the B-Ring inwards the rings, the Atmosphere and the ground
(TOTE-SCAN-06/10/11/13). Of a unit it sees it knows the type, the space and the damage state in
whole percent (never the exact numbers, never what is aboard). Combat actions and departures are
public (TOTE-COMMS-05); the GM sees everything.
"""
from __future__ import annotations

from typing import Any

from core.rulesets.tote.battle import flow
from core.rulesets.tote.rules import grid, model
from core.rulesets.tote.rules.model import FACTIONS, State, Unit


def token(u: Unit) -> dict[str, Any]:
    """A unit as the board draws it."""
    code = f"SWARM{len(u['swarm'])}" if u.get("swarm") else f"{u['type']}{u['count']}" if "count" in u else u["type"]
    return {"id": u["id"], "code": code, "owner": u["faction"], "state": model.damage_state(u),
            "tractored": bool(u.get("tractored_by")), "patrol": grid.patrol_kind(u["space"]) if u.get("patrol") else ""}


def card(state: State, u: Unit, full: bool, viewer: str = "") -> dict[str, Any]:
    """A unit card: its specification and its damage, exact for its owner (``full``), in percent otherwise."""
    s = model.spec(u)
    full_at = model.maxima(u)
    if model.is_ground(u):
        lines = [f"{s.cls} stack · {u['count']} of {u.get('full', u['count'])} left"
                 + (f" (wounds {u.get('wounds', 0)} of {s.hp})" if full else "")
                 + (f" · garrisoned in {u['garrisoned_in']}" if u.get("garrisoned_in") else ""),
                 f"UCR {s.speed + s.maneuver} (speed {s.speed} + maneuverability {s.maneuver}) · {s.hp} hit points a unit"]
    elif model.is_installation(u):
        lines = [f"{s.kind.replace('_', ' ')} on the ground · fixed",
                 f"Defensive UCR {s.defensive_ucr} (attacks on it use it, TOTE-GARRISON-03)"]
    else:
        lines = [f"{s.cls} · {'/'.join(s.tech)} · {s.cp} CP · {s.length_m} m"
                 + (f" · hyperdrive class {s.hyperdrive}" if s.hyperdrive is not None else " · no hyperdrive"),
                 f"UCR {s.speed + s.maneuver} (speed {s.speed} + maneuverability {s.maneuver})"]
    layers = [k for k in ("shields", "armor", "hull", "systems") if full_at[k]]
    if not layers:
        pass
    elif full:
        lines.append("  ".join(f"{k.capitalize()} {u[k]}/{full_at[k]}" for k in layers))
    else:
        lines.append("  ".join(f"{k.capitalize()} {model.percent(u, k)}%" for k in layers) + "  (sensor estimate)")
    lines.append("Weapons: " + ("; ".join(m.label for m in s.mounts) or "none"))
    if getattr(s, "tractor_projectors", 0):
        lines.append(f"Tractor beams: {s.tractor_projectors} x {s.tractor_m_each} m")
    if getattr(s, "hangar_slots", 0):
        lines.append(f"Hangar: {s.hangar_slots} slots" + (f"; aboard: {', '.join(u['carried']) or 'nothing'}" if full else ""))
    if s.flags:
        lines.append("Flags: " + ", ".join(sorted(s.flags)))
    if full:
        round_ = [f"MP {u['mp']}"] + (["moved"] if u["moved"] else []) + (["fired"] if u["fired"] else [])
        lines.append("This round: " + ", ".join(round_))
    if u.get("tractored_by"):
        lines.append(f"Held in the tractor beams of {u['tractored_by']} (UCR 1)")
    if full:
        troops = ", ".join(f"{t['count']} {t['type']}" for t in u.get("troops", []) if t["count"])
        if u.get("crew") or troops:
            lines.append(f"Aboard: crew {u.get('crew', 0)} squads" + (f"; troops {troops}" if troops else ""))
        vehicles = ", ".join(f"{t['count']} {t['type']}" for t in u.get("vehicles", []) if t["count"])
        embarked = ", ".join(u.get("embarked", []))
        if vehicles or embarked:
            lines.append("In its bay: " + "; ".join(x for x in (vehicles, embarked and f"embarked {embarked}") if x))
    if u.get("fatigued"):
        lines.append("Combat Fatigue: -1 UCR (TOTE-FATIGUE-01)")
    b = u.get("boarders")
    if b and b.get("count") and (full or b.get("faction") == viewer):
        lines.append(f"Boarders aboard: {b['count']} {b['type']} of {b['faction']}")
    return {"id": u["id"], "name": s.name, "code": u["type"], "owner": u["faction"],
            "space": u["space"] or (f"aboard {u.get('carried_by') or u.get('embarked_in')}"
                                    if u.get("carried_by") or u.get("embarked_in") else "gone"),
            "state": model.damage_state(u), "lines": lines}


def natural(uid: str) -> tuple[str, int, str]:
    """Sort key of a unit id: ``GE-2`` before ``GE-10``."""
    head, _, tail = uid.rpartition("-")
    return (head, int(tail), "") if tail.isdigit() else (head, 1 << 30, tail)


def seen_units(state: State, viewer: str) -> list[Unit]:
    """Every unit ``viewer`` may know of now, in id order."""
    covered = None if viewer == "gm" else model.visible_spaces(state, viewer)
    out = []
    for uid in sorted(state["units"], key=natural):
        u = state["units"][uid]
        if viewer == "gm" or u["faction"] == viewer:
            out.append(u)
        elif model.targetable(u) and model.sees(state, viewer, u, covered):
            out.append(u)
    return out


def board(state: State, viewer: str, seen: list[Unit]) -> dict[str, Any]:
    """The ``rings`` board of the planet's grid with the units ``viewer`` sees."""
    ground = state.get("ground", True)
    kinds = grid.load().kind_names
    spaces: dict[str, dict[str, Any]] = {sid: {"id": sid, "name": grid.label(sid), "kind": kinds.get(grid.kind(sid), grid.kind(sid)), "units": []}
              for sid in grid.spaces(ground)}
    cards = {}
    for u in seen:
        mine = viewer == "gm" or u["faction"] == viewer
        if u["space"] is not None and model.in_battle(u) and u["space"] in spaces:
            spaces[u["space"]]["units"].append(token(u))
        if mine or u["space"] is not None:
            cards[u["id"]] = card(state, u, mine, viewer)
    rows = [dict(r, name=r["label"], marks=list(r["cells"])) for r in grid.board_rows(ground)]
    occupied = []
    for sid, sp in spaces.items():
        if sp["units"]:
            by: dict[str, list[str]] = {}
            for t in sp["units"]:
                by.setdefault(state["seats"][t["owner"]]["side"], []).append(t["id"] + ("" if t["state"] == "ok" else f" {t['state']}"))
            occupied.append({"name": sp["name"], "marks": [f"{side} {' '.join(ids)}" for side, ids in by.items()]})
    return {"kind": "rings", "title": f"{state['planet']}: day {state['turn']}", "rows": rows,
            "spaces": spaces, "occupied": occupied, "viewer": viewer,
            "factions": [{"seat": s, "side": state["seats"][s]["side"], "symbol": state["seats"][s]["side"],
                          "name": f"{state['seats'][s]['side']} ({s})"} for s in state["seats"]],
            "cards": cards}


def roster_row(u: Unit, exact: bool) -> str:
    """One line of a roster: id, type (by name), where, layers and state."""
    where = u["space"] or (f"aboard {u['carried_by']}" if u.get("carried_by") else "gone")
    full = model.maxima(u)
    if "count" in u:
        layers = f"{u['count']} squads" if model.unit_class(u) == "infantry" else f"{u['count']} units"
    elif exact:
        names = {"shields": "S", "armor": "A", "hull": "H", "systems": "Sys"}
        layers = " ".join(f"{names[k]}{u[k]}" for k in ("shields", "armor", "hull", "systems") if full[k])
    else:
        layers = " ".join(f"{k[0].upper()}{model.percent(u, k)}%" for k in ("shields", "armor", "hull") if full[k])
    marks = [model.damage_state(u)] + (["tractored"] if u.get("tractored_by") else []) + (["patrol"] if u.get("patrol") else [])
    return f"{u['id']} {_type_name(u)} {where}: {layers} {' '.join(marks)}"


def _type_name(u: Unit) -> str:
    """The unit's type as a player reads it (its code when the type is unknown)."""
    try:
        return str(model.spec(u).name)
    except KeyError:
        return str(u["type"])


def prompt(state: State, viewer: str) -> str:
    """What ``viewer`` is asked to do now."""
    if state.get("result"):
        return f"The battle is over: {state['result']['reason']}."
    who = flow.active(state)
    if who == viewer:
        return (f"Day {state['turn']}: your post. Queue orders (move, fire, launch, tractor, withdraw ...; help lists "
                "them all), then Ready to resolve it. Units without orders defend themselves.")
    return f"Day {state['turn']}: {who} is posting."


def _sheltered(state: State, u: Unit) -> bool:
    """Whether ``u`` stands garrisoned in a facility that still stands (not DISABLED, Armor above 0):
    it cannot be attacked from outside until that facility falls (TOTE-GARRISON-01/02), as the
    refusal of such an attack tells any player."""
    home = state["units"].get(str(u.get("garrisoned_in") or ""))
    return bool(home) and not home["destroyed"] and not home["disabled"] and int(home.get("armor", 0)) > 0


def facts(state: State, viewer: str, seen: list[Unit]) -> dict[str, Any]:
    """What the bot reads: own units whole, contacts as the sensors give them."""
    own = {u["id"]: dict(u) for u in seen if u["faction"] == viewer}
    contacts = [{"id": u["id"], "type": u["type"], "faction": u["faction"], "space": u["space"],
                 "state": model.damage_state(u), "tractored": bool(u.get("tractored_by")), "patrol": bool(u.get("patrol")),
                 "sheltered": _sheltered(state, u),
                 "pct": {k: model.percent(u, k) for k in ("shields", "armor", "hull", "systems")}}
                for u in seen if u["faction"] != viewer]
    return {"me": viewer, "turn": state["turn"], "active": flow.active(state), "planet": state["planet"],
            "units": own, "contacts": contacts, "result": state.get("result"),
            "covered": sorted(model.visible_spaces(state, viewer)) if viewer != "gm" else list(grid.spaces())}


def build(state: State, viewer: str) -> dict[str, Any]:
    """The view for ``viewer`` (a seat or ``"gm"``)."""
    seen = seen_units(state, viewer)
    rosters = []
    seats = list(state["seats"]) if viewer == "gm" else [viewer] if viewer in state["seats"] else []
    for seat in seats:
        mine = [u for u in seen if u["faction"] == seat and (model.in_battle(u) or viewer == "gm")]
        rosters.append({"title": f"{seat} ({FACTIONS.get(state['seats'][seat]['side'], '')}): {state['fleets'][seat]}",
                        "rows": [roster_row(u, True) for u in mine]})
    if viewer != "gm":
        contacts = [u for u in seen if u["faction"] != viewer]
        rosters.append({"title": "Contacts (sensor estimates)", "rows": [roster_row(u, False) for u in contacts] or ["none"]})
    resources: dict[str, Any] = {"day": state["turn"], "posting": flow.active(state) or "-",
                                 "system": "in conflict" if flow.in_conflict(state) else "clear"}
    if viewer in state["seats"]:
        resources["CP fighting"] = flow.fighting_cp(state, viewer)
        resources["units in battle"] = len(model.units_of(state, viewer))
    sheet = [] if viewer == "gm" else list(state["sheets"].get(viewer, []))
    return {
        "viewer": viewer, "ruleset": "tote", "title": f"Twilight of the Empire: the battle of {state['planet']}",
        "turn": state["turn"], "phase": "over" if state.get("result") else f"{flow.active(state)}'s post",
        "board": board(state, viewer, seen), "rosters": rosters, "resources": resources, "sheet": sheet,
        "prompt": prompt(state, viewer), "facts": facts(state, viewer, seen),
    }
