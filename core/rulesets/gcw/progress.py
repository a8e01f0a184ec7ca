"""The campaign as a side may know it: command and resource points with what each action costs now,
victory progress, what is urgent, and orders that would waste something (GCW-CP-*, GCW-MOVE-03..05,
GCW-REORG-02, GCW-REPAIR-02, GCW-RES-02, GCW-REINF-05, GCW-WIN-01..03, GCW-BASE-*, GCW-WEAPON-13).

Fleets, systems, CP, RP and VP are public in the campaign; the Secret Base's system is the Rebel's
secret until found (GCW-GAP-42), and nothing here names it to anyone else.
"""
from __future__ import annotations

from typing import Any

from core.events import GM

from . import steps
from .actions import repair_cost
from .data import rules
from .model import (State, card, commanders, fleet_units, fleets_of, largest_size, move_cost, pool_units, yard_value)
from .resources import final_scores
from .views import known_base

SIDES = ("Empire", "Rebel")


def _side(state: State, viewer: str) -> str | None:
    return None if viewer == GM or viewer not in state["seats"] else str(state["seats"][viewer]["side"])


def sheet_notes(state: State, seat: str) -> dict[str, Any]:
    """What ``seat``'s side may spend now and what each action would cost, with the points left after it.

    Orders take effect at once in the campaign, so there are no sheet rows: ``lines`` hold the running
    totals (``{"unit": "CP", "start", "left", "rows": [], "lines": [str]}``). Raises nothing.
    """
    side = _side(state, seat)
    if side is None:
        return {}
    cp, rp = int(state["sides"][side]["cp"]), int(state["sides"][side]["rp"])
    kind = steps.step_kind(state)
    lines = []
    if state["phase"] == "movement" or kind == "action":
        lines.append(f"{cp} CP this phase; what is left when it ends is lost (GCW-CP-02)")
        const = rules().const["move_cost"]
        for fid in fleets_of(state, side):
            units = fleet_units(state, fid)
            cost = move_cost(state, fid)
            why = f"{largest_size(units)} {const[largest_size(units)]}" + (f" + Admiral {const['admiral_extra']}" if commanders(units) else "")
            lines.append(f"move {fid}: {cost} CP ({why}) → " + (f"{cp - cost} left" if cost <= cp else f"short by {cost - cp}"))
            damaged = [u for u in units if int(u.get("damage", 0)) > 0]
            yard = yard_value(state, side, state["fleets"][fid]["system"])
            if damaged and yard > 0:
                cost = repair_cost(len(damaged), yard)
                lines.append(f"repair {fid}: {cost} CP for {len(damaged)} ship(s) at yard {yard} (GCW-REPAIR-02) → "
                             + (f"{cp - cost} left" if cost <= cp else f"short by {cost - cp}"))
        ds = state.get("deathstar")
        if side == "Empire" and ds:
            cost = int(rules().const["move_cost"]["secret_weapon"])
            lines.append(f"move {rules().const['secret_weapon']['id']}: {cost} CP (GCW-WEAPON-05) → "
                         + (f"{cp - cost} left" if cost <= cp else f"short by {cost - cp}"))
        lines.append("split, merge, transfer, reassign, deploy: 1 CP each (GCW-REORG-02)" + (f" → {cp - 1} left" if cp else ""))
    lines.append(f"{rp} RP" + (", kept for later turns (GCW-RES-02)" if int(state["turn"]) < int(state["turns"])
                               else "; the last turn: RP left at its end count for nothing (GCW-RES-05/06)"))
    pool = [u for u in pool_units(state, side) if card(u["code"]).kind != "upgrade"]
    if pool:
        lines.append(f"force pool: {len(pool)} unit(s) waiting to deploy (1 CP each deployment, GCW-POOL-05)")
    return {"unit": "CP", "start": cp, "spent": None, "left": cp, "rows": [], "lines": lines}


def order_warnings(state: State, seat: str, verb: str, values: dict[str, Any]) -> list[str]:
    """What a parsed order of ``seat`` would waste if given now (it is legal; it takes effect at once). Raises nothing."""
    side = _side(state, seat)
    if side is None:
        return []
    warnings = []
    cp = int(state["sides"][side]["cp"])
    if verb == "pass" and steps.step_kind(state) == "action" and cp > 0 and int(state["movement"].get("passes", 0)) >= 1:
        warnings.append(f"your opponent passed last: passing now ends the movement phase and your {cp} CP are lost (GCW-CP-02)")
    if verb == "buy" and values.get("ship"):
        ship = state["units"].get(values["ship"])
        code = values.get("card")
        if ship is not None and code in rules().roster:
            new = card(code)
            for old in ship.get("upgrades", []):
                if old == code:
                    warnings.append(f"{values['ship']} already carries {new.name}: you would pay for the card it has (GCW-REINF-05)")
                elif card(old).type == new.type and new.kind == "upgrade":
                    warnings.append(f"{values['ship']}'s {card(old).name} is discarded with no refund (GCW-REINF-05)")
    last = int(state["turn"]) >= int(state["turns"])
    if verb == "done" and last and int(state["sides"][side]["rp"]) > 0:
        tail = "; ships and squadrons bought now add half their points to your final score (GCW-WIN-03)" if side == "Rebel" else ""
        warnings.append(f"this is the last turn: your {state['sides'][side]['rp']} RP count for nothing after it (GCW-RES-05/06){tail}")
    if verb == "buy" and last and side == "Empire":
        warnings.append("this is the last turn: the campaign ends after this Resource Phase and the Empire's score counts "
                        "only VP, so the purchase adds nothing (GCW-WIN-03)")
    return warnings


def victory(state: State, viewer: str) -> dict[str, Any]:
    """The ways the campaign ends and how near each is, as ``viewer`` may know it (everything here is public
    but the Secret Base's system). ``{"goal", "score", "rows": [...]}`` like every ruleset's. Raises nothing."""
    side = _side(state, viewer)
    turn, turns = int(state["turn"]), int(state["turns"])
    vp = {s: int(state["sides"][s]["vp"]) for s in SIDES}
    final = final_scores(state)
    rows = []

    def row(objective: str, who: str, have: int, need: int, text: str, rule: str, done: bool = False) -> None:
        rows.append({"objective": objective, "side": who, "have": have, "need": need,
                     "value": min(1.0, have / need) if need else 0.0, "text": text, "rule": rule, "done": done})

    lead = final["Empire"] - final["Rebel"]
    leader = "Empire" if lead > 0 else "Rebel" if lead < 0 else "nobody"
    row("Regular victory", "Empire", final["Empire"], max(final.values()) or 1,
        f"{final['Empire']} VP", "GCW-WIN-03")
    row("Regular victory", "Rebel", final["Rebel"], max(final.values()) or 1,
        f"{vp['Rebel']} VP + half his fleet points = {final['Rebel']}; {leader} leads" + (f" by {abs(lead)}" if lead else ""), "GCW-WIN-03")
    rebels = fleets_of(state, "Rebel")
    tabled = "GCW-WIN-01" in str((state.get("result") or {}).get("reason", ""))
    row("Total Imperial victory", "Empire", int(tabled), 1,
        f"destroy every Rebel fleet: {len(rebels)} left ({', '.join(rebels) or 'none'})", "GCW-WIN-01", tabled)
    core_worlds = list(rules().const["victory"]["total_rebel_systems"])
    held = [s for s in core_worlds if state["systems"][s]["owner"] == "Rebel" and not state["systems"][s]["destroyed"]]
    row("Total Rebel victory", "Rebel", len(held), len(core_worlds),
        f"hold {', '.join(core_worlds)} in a Resource Phase: {len(held)} held ({', '.join(held) or 'none'})", "GCW-WIN-02")
    base = known_base(state, viewer, side)
    const = rules().const["secret_base"]
    if base["destroyed"]:
        btext = f"destroyed {base['destroyed']} time(s) (+{const['destroyed_bonus']} VP or RP each)"
    elif base["found"]:
        btext = f"found: +{const['found_bonus']} VP or RP each Resource Phase until destroyed"
    elif turn < int(const["earliest_discovery_turn"]):
        btext = f"cannot be found before turn {const['earliest_discovery_turn']}"
    else:
        btext = "not found yet: each Imperial ship rolls a blue die in the Resource Phase"
        if (state.get("options") or {}).get("base_search") == "at_base":
            btext += " (an ACC counts only in the base's own system)"
    destruction = (state.get("options") or {}).get("base_destruction", "from_turn_6")
    if not base["destroyed"] and destruction != "from_turn_6":
        btext += ("; a lone Imperial fleet destroys it only once it is found" if destruction == "after_found"
                  else "; a lone Imperial fleet destroys it from turn 1, found or not")
    if base["system"] and side in ("Rebel", None):
        btext += f"; the base is at {base['system']}"
    row("Secret Base", "Empire", int(bool(base["found"]) or bool(base["destroyed"])), 1, btext, "GCW-BASE-05/09")
    ds_const = rules().const["secret_weapon"]
    ds = state.get("deathstar")
    if ds:
        dtext = f"at {ds['system']}: destroy it for +{ds_const['rebel_vp']} VP"
    elif turn < int(ds_const["arrival_turn"]):
        dtext = f"arrives in turn {ds_const['arrival_turn']}; destroying it gives +{ds_const['rebel_vp']} VP"
    else:
        dtext = "no Death Star on the map"
    row(ds_const["name"], "Rebel", 0, 1, dtext, "GCW-WEAPON-13")
    goal = (f"turn {turn} of {turns}: after the last, the higher VP wins, the Rebel adding half his fleet points (GCW-WIN-03); "
            "tabling the Rebel or taking Coruscant, Eriadu and Kuat ends it at once (GCW-WIN-01/02)")
    return {"goal": goal, "score": vp, "rows": rows}


URGENT = {"report": "Battle {battle}: your report is due (play it in Armada, then 'report {battle} ...')",
          "retreat": "Battle {battle}: your fleet must withdraw now: 'retreat {battle} <system>'",
          "rebuild": "Your base was destroyed: choose the new one in secret: 'base <system>'",
          "deathstar": "Place the Death Star now (GCW-WEAPON-03): 'deathstar <system>'",
          "take": "Take your bonus: 'take VP' or 'take RP'",
          "open": "Battle {battle}: seal your 3 objectives or offer to concede",
          "answer": "Battle {battle}: answer the concession offer",
          "fire": "The Death Star may fire: 'fire {target}' or 'pass'",
          "bomb": "The Death Star is undefended: bomb it or 'pass'"}


def urgent(state: State, viewer: str) -> list[dict[str, str]]:
    """What the campaign waits on from ``viewer`` now: a battle report due, a forced withdrawal, a base to rebuild
    (for the GM: a ruling on differing reports). ``[{"text", "level"}]``. Raises nothing."""
    step = state.get("step")
    if state.get("result") or step is None:
        return []
    side = _side(state, viewer)
    kind = str(step["kind"])
    if side is None:
        if viewer == GM and kind == "ruling":
            return [{"level": "urgent", "text": f"Battle {step.get('battle', '')}: the reports differ; your ruling is due"}]
        return []
    if side not in step["sides"]:
        return []
    fill = {"battle": step.get("battle", ""), "target": step.get("target", "")}
    if kind in URGENT:
        return [{"level": "urgent", "text": URGENT[kind].format(**fill)}]
    if kind == "action":
        cp = int(state["sides"][side]["cp"])
        return [{"level": "info", "text": f"your action: {cp} CP to spend; what is left when the phase ends is lost (GCW-CP-02)"}]
    return []
