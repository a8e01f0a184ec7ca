"""What a RiftWar player sees: everything but the dice seed (RiftWar has no hidden information,
catalog section 5), drawn as a ``field`` board: polygons, tokens at points, the planned path."""
from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from . import battle, flow, record
from .army import check
from .data import rules
from .explain import cover_of
from .lists import army_from_record
from .geometry import field_of, line_of_sight, moving_blockers, radius, terrain_inside
from .orders import awaited

State = dict[str, Any]
#: the state's keys every player may know (RiftWar hides nothing but the dice seed and the session's secrets)
PUBLIC_KEYS = ("ruleset", "turn", "seats", "scenario", "options", "map", "armies", "army_lists", "units", "stage", "active",
               "last_active", "deploy", "pending", "dismount", "result", "melees")
STATE_WORDS = {(False, False): "ok", (True, False): "pinned", (True, True): "wounded", (False, True): "wounded"}


def unit_state(u: dict[str, Any]) -> str:
    """ok, pinned, wounded (pinned or rallied), dead or wreck."""
    if u["dead"]:
        return "wreck" if u.get("wreck") else "dead"
    if u["wounded"]:
        return "wounded+pinned" if u["pinned"] else "wounded"
    return "pinned" if u["pinned"] else "ok"


def token(u: dict[str, Any], seats: list[str], state: State | None = None) -> dict[str, Any]:
    """A unit as the field board draws it: where it stands, its owner, state and move reach, and
    (given the state) what gives it cover where it stands (``cover``: type, name, why)."""
    tok = {"id": u["id"], "x": u["x"], "y": u["y"], "r": radius(u), "owner": u["owner"], "side_index": seats.index(u["owner"]),
           "label": u["type"], "size": u["size"], "role": u["role"], "state": unit_state(u), "flying": u.get("flying", False),
           "melee": u.get("melee"), "symbol": u["id"],
           "reach": 0.0 if u["pinned"] or u["dead"] else float(rules().sizes[u["size"]]["move_u"])}
    if state is not None and not u["dead"]:
        where = cover_of(state, u)
        if where is not None:
            tok["cover"] = where
    return tok


def where_they_stand(state: State) -> State:
    """The state as the board shows it: during a move whose reaction fire has struck, the movers
    stand where the fire found them (or where a pin stopped them), not back at their start; before
    any reaction strikes, and after the move, the state itself."""
    p = state.get("pending")
    if not p or p.get("kind") != "move" or not p.get("current"):
        return state
    t_now = float(p["current"]["t"])
    units = dict(state["units"])
    for uid in p["units"]:
        u = units[uid]
        t = min(float(p["stopped"].get(uid, t_now)), t_now)
        units[uid] = dict(u, x=u["x"] + p["delta"][0] * t, y=u["y"] + p["delta"][1] * t, flying=bool(p.get("fly")))
    return dict(state, units=units)


def deployment_areas(state: State) -> list[dict[str, Any]]:
    """During deployment, each seat's deployment zone (RIFT-GAP-14) as an area of the board."""
    if state["stage"] != "deploy":
        return []
    seats = list(state["seats"])
    zones = rules().maps[state["map"]].deploy.get(f"{len(seats)}p", [])
    return [{"name": f"{seat}'s deployment zone", "owner": seat, "side_index": i,
             "points": [[a[0], a[1]], [b[0], a[1]], [b[0], b[1]], [a[0], b[1]]]}
            for i, (seat, (a, b)) in enumerate(zip(seats, zones))]


#: the unit fields line of sight depends on (RIFT-GAP-04, RIFT-MAP-05/12/14, RIFT-GAP-29)
SIGHT_FIELDS = ("id", "x", "y", "size", "role", "flying", "dead", "wreck", "carried_by")


def sight_table(state: State) -> dict[str, list[str]]:
    """Every living unit on the field and the units it sees (both sides), by id: the engine's own
    line of sight for each pair. Positions repeat across views and replays, so it is remembered
    by map and positions. Raises nothing."""
    key = tuple(tuple(u.get(f) for f in SIGHT_FIELDS) for u in record.on_field(state))
    return _sight_table(state["map"], key)


@lru_cache(maxsize=128)
def _sight_table(map_id: str, key: tuple[tuple[Any, ...], ...]) -> dict[str, list[str]]:
    units = [dict(zip(SIGHT_FIELDS, row), traits=[]) for row in key]
    fld = field_of(map_id)
    alive = [u for u in units if not u["dead"]]
    seen: dict[str, list[str]] = {u["id"]: [] for u in alive}
    heavy = [(u["id"], blk) for u in units for blk in moving_blockers([u], set())]
    for i, a in enumerate(alive):
        inside_a = terrain_inside(fld, a)
        for b in alive[i + 1:]:
            blockers = [blk for uid, blk in heavy if uid != a["id"] and uid != b["id"]]
            if line_of_sight(fld, a, b, units, blockers, inside_a):  # symmetric: both origins are tried
                seen[a["id"]].append(b["id"])
                seen[b["id"]].append(a["id"])
    return seen


def roster_row(u: dict[str, Any]) -> str:
    """One unit of a roster: id, where it is, its state (its type is the heading above it: an id
    never stands next to a unit name, which may look like another id, as "B2 B1 Battle Droid")."""
    where = "aboard " + u["carried_by"] if u.get("carried_by") else (f"({u['x']:.1f},{u['y']:.1f})" if u["placed"] else "not placed")
    flags = [unit_state(u)] + (["acted"] if u["acted"] else []) + ([u["melee"]] if u.get("melee") else [])
    return f"{u['id']:4} {where:14} {' '.join(flags)}"


def roster_rows(units: list[dict[str, Any]]) -> list[str]:
    """A seat's units grouped by type: a heading per type (``B1 Battle Droid · light ranged ×8``),
    then its units one a line."""
    rows: list[str] = []
    kinds: dict[str, list[dict[str, Any]]] = {}
    for u in units:
        kinds.setdefault(u["type"], []).append(u)
    for kind, group in kinds.items():
        first = group[0]
        traits = f" · {', '.join(first['traits'])}" if first["traits"] else ""
        rows.append(f"─ {kind} · {first['size']} {first['role']}{traits} ×{len(group)}")
        rows += ["  " + roster_row(u) for u in group]
    return rows


def prompt(state: State, viewer: str) -> str:
    """What ``viewer`` is asked to do now, in words."""
    if state.get("result"):
        return f"Game over: {state['result']['reason']}."
    waiting = awaited(state)
    if state["stage"] == "deploy":
        if not state["deploy"]["order"]:
            who = state["deploy"]["chooser"]
            return ("You won the roll-off: `deploy first` or `deploy second`." if viewer == who
                    else f"{who} won the roll-off and chooses to deploy first or second.")
        who = flow.deploy_turn(state)
        return (f"Place a unit: `place <unit> x,y` in your zone, or `formation`." if viewer == who
                else f"{who} is placing units.")
    if state.get("dismount"):
        d = state["dismount"][0]
        rider = next(r for r in d["riders"] if r not in d["placed"])
        if viewer in waiting:
            spots = "; ".join(f"{x:g},{y:g}" for x, y in d["offered"][rider][:4])
            return (f"{d['transport']} is destroyed: place {rider} within 1 u of it, `dismount {rider} x,y` "
                    f"(offered: {spots}); then each rider takes 3d6.")
        return f"Waiting for {d['seat']} to dismount the riders of {d['transport']}."
    p = state.get("pending")
    if p:
        step = p["step"]
        if viewer in waiting:
            if step in ("declare", "refire"):
                mine = [f"{o['unit']} sees {battle.describe(o['stretches'])}" for o in p["opps"] if o["seat"] == viewer]
                return f"{p['seat']} moves {', '.join(p['units'])}: react with `react <units> <percent>` or `hold`. " + "; ".join(mine)
            if step == "confirm":
                declared = [f"{s}: {', '.join(d['units'])} at {round(d['t'] * 100)}%" for s, d in p["declared"].items() if d]
                return "Reactions declared: " + ("; ".join(declared) or "none") + ". `confirm` the move or `cancel` it."
            if step == "group":
                return f"Split {p['hits']['total']} hits into groups: `group 2,1` (1 pin, 2 wound, 3 kill)."
            if step == "assign":
                return f"Give the groups {', '.join(map(str, p['hits']['groups']))} to your units in order: `assign {','.join(p['hits']['pool'][:2])}`."
        return f"Waiting for {', '.join(sorted(waiting))}."
    if viewer == state.get("active"):
        return "You are active: move, fire, indirect, rally, melee, embark, disembark or pass. A failed action ends the phase."
    return f"{state.get('active')} is active (phase {state['turn']})."


def build(state: State, viewer: str) -> dict[str, Any]:
    """The view for ``viewer`` (a seat or the GM): the whole public state."""
    data = rules()
    m = data.maps[state["map"]]
    seats = list(state["seats"])
    shown = where_they_stand(state)
    tokens = [token(u, seats, shown) for u in shown["units"].values()
              if u["placed"] and u.get("carried_by") is None and (not u["dead"] or u.get("wreck"))]
    sight = sight_table(shown)
    for tok in tokens:
        if tok["id"] in sight:
            tok["sees"] = list(sight[tok["id"]])
    board: dict[str, Any] = {
        "kind": "field", "size": list(m.size), "name": m.name,
        "polygons": [{"id": f.id, "type": f.type, "kind": f.kind, "name": f.name,
                      "points": [list(c) for c in list(f.poly.exterior.coords)[:-1]]} for f in m.features],
        "tokens": tokens, "paths": [], "unit": "u", "areas": deployment_areas(state),
    }
    p = state.get("pending")
    if p and p.get("kind") == "move":
        for uid in p["units"]:
            u = state["units"][uid]
            board["paths"].append({"unit": uid, "from": [u["x"], u["y"]],
                                   "to": [u["x"] + p["delta"][0] * p["t_end"], u["y"] + p["delta"][1] * p["t_end"]],
                                   "seen": [{"by": o["unit"], "stretches": o["stretches"]} for o in p["opps"]],
                                   "stopped": uid in p["stopped"]})
    rosters = []
    for seat in seats:
        army = army_from_record(state["army_lists"][seat])
        rows = roster_rows([u for u in state["units"].values() if u["owner"] == seat])
        rosters.append({"title": f"{seat} ({state['seats'][seat]['side']}): {army.name}", "rows": rows})
    resources: dict[str, Any] = {"phase": state["turn"], "active": state.get("active") or "-"}
    for seat in seats:
        resources[f"{seat} units"] = len(flow.alive(state, seat))
    facts = json.loads(json.dumps({k: state[k] for k in PUBLIC_KEYS if k in state}))
    return {
        "viewer": viewer, "ruleset": "rift", "title": f"RiftWar on {m.name}", "turn": state["turn"],
        "phase": state["stage"] if not p else f"{state['stage']}: {p['step']}",
        "board": board, "rosters": rosters, "resources": resources, "sheet": [],
        "prompt": prompt(state, viewer), "facts": facts,
        "armies": {s: check(army_from_record(state["army_lists"][s]), state["options"]["army_mode"],
                            state["options"]["lc_purchase"]).summary() for s in seats},
    }
