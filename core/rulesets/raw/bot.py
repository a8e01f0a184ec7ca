"""A simple Republic at War bot: it reads only its seat's view and gives legal orders with some sense.

Each turn it answers forced retreats, builds landing craft and ground forces within each planet's
production, loads garrison troops and jumps them to an adjacent world its team does not hold, and
assaults there. Smarter play is another issue.
"""
from __future__ import annotations

from typing import Any

from core.rulesets.raw.data import GF, build_cost, galaxy_map, unit_types

TRANSPORTS = {"GAR": ["CRL", "ConS", "Ac1"], "CIS": ["GZA", "C9L", "McE"]}
GF_KEEP = 2


def bot_orders(view: dict[str, Any], seat: str) -> list[str]:
    """Orders for ``seat`` from its view."""
    facts = view["facts"]
    if view.get("outcome") or facts.get("side") is None:
        return []
    side = facts["side"]
    neighbours = galaxy_map(facts["map"])["neighbours"]
    planets = facts["planets"]
    units = {u: x for u, x in facts["units"].items() if x["owner"] == seat}
    credits = int(facts.get("credits", 0))
    orders: list[str] = []
    fuel = 0
    # forced retreats first: to a neighbour our team holds, else any neighbour
    moved: set[str] = set()
    for uid, unit in sorted(units.items()):
        if unit["retreat"] and unit_types()[unit["type"]].kind == "ship" and not unit["home"]:
            here = unit["at"].split(":")[1] if unit["at"].startswith("deep:") else unit["at"]
            options = list(neighbours[here])
            friendly = [p for p in options if planets[p].get("side") == side]
            dest = (friendly or options)[0]
            orders.append(f"jump {uid} {dest}")
            moved.add(uid)
            fuel += 2 if "Flotilla" in unit_types()[unit["type"]].keywords else 1
    reserve = fuel + 2 * sum(1 for u in units.values() if unit_types()[u["type"]].kind == "ship")
    budget = max(0, credits - reserve)
    # builds: finish partials, a transport where production allows, ground forces to keep a garrison
    for name, info in sorted(planets.items(), key=lambda p: -p[1].get("production", 0)):
        if info.get("owner") != seat:
            continue
        prod = int(info.get("production", 0))
        room = min(prod, budget)
        if room <= 0:
            continue
        spent = 0
        partial = info.get("partial")
        if info.get("blockaded"):
            want = ["GF"]
        elif partial:
            want = [partial["unit"]]
        else:
            want = []
            if info.get("gf", 0) < GF_KEEP + 2:
                want.append(GF)
            for code in TRANSPORTS[side]:
                if build_cost(code, info["keyword"], side) <= room - build_cost(GF, info["keyword"], side) * len(want):
                    want.append(code)
                    break
            want.append(GF)
        limit = 10 if side == "GAR" else 15
        gf_now = int(info.get("gf", 0))
        for code in want:
            cost = build_cost(code, info["keyword"], side)
            if code == GF:
                count = min((room - spent) // cost, limit - gf_now, 3)
                if count <= 0:
                    continue
                orders.append(f"build {name} GF {count}" if count > 1 else f"build {name} GF")
                spent += cost * count
                gf_now += count
            elif spent < room:
                orders.append(f"build {name} {code}")
                spent += min(cost, room - spent)
            if partial:
                break
        budget -= spent
    # expansion: garrison troops board a ship at home and go for a neighbour we do not hold
    targets: set[str] = set()
    for uid, unit in sorted(units.items()):
        t = unit_types()[unit["type"]]
        if uid in moved or t.kind != "ship" or unit["home"] or unit["retreat"] or unit["at"].startswith("deep:"):
            continue
        here = unit["at"]
        if unit["gf"] > 0 and planets[here].get("side") != side:
            orders.append(f"assault {here}")
            continue
        info = planets[here]
        spare = int(info.get("gf", 0)) - GF_KEEP if info.get("owner") == seat else 0
        if spare <= 0 or budget < 2:
            continue
        candidates = [p for p in neighbours[here] if planets[p].get("side") in (None,) and p not in targets]
        candidates += [p for p in neighbours[here] if planets[p].get("side") not in (side, None, "neutral") and p not in targets]
        if not candidates:
            continue
        dest = candidates[0]
        load = min(spare, t.capacity - unit["gf"])
        if load <= 0:
            continue
        orders += [f"load {uid} GF {load}" if load > 1 else f"load {uid} GF", f"jump {uid} {dest}", f"assault {dest}"]
        targets.add(dest)
        budget -= 2
    return orders
