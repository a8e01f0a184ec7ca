"""Close combat (RIFT-CC, RIFT-GAP-08/11/12/26): contact starts a melee and its collective attack;
the Melee action; escape attacks; hits grouped by the attacker and assigned by the defender (the
``group`` and ``assign`` orders are :func:`.battle.group_hits` and :func:`.battle.assign_hits`,
which serve reaction fire too)."""
from __future__ import annotations

from typing import Any

from core.dice_words import DiceCount, fixed
from core.errors import OrderError
from core.events import Event

from . import combat, flow
from .record import State, Unit, dice_of, keep, log, name, result_word
from .data import rules

ESCAPE_DICE = 3  # RIFT-CC-03


def members(state: State, mid: str) -> list[Unit]:
    """The living units of one melee."""
    return [u for u in state["units"].values() if u.get("melee") == mid and not u["dead"]]


def start_melee(state: State, seat: str, attackers: list[str], target: str) -> list[Event]:
    """RIFT-CC-01/02: the movers join the target's melee (or start one) and attack at once."""
    enemy = state["units"][target]
    mid = enemy.get("melee")
    if not mid:
        state["melees"] = int(state.get("melees", 0)) + 1
        mid = f"M{state['melees']}"
        enemy["melee"] = mid
    for uid in attackers:
        state["units"][uid]["melee"] = mid
    events = [log(state, f"{', '.join(attackers)} close with {name(enemy)}: close combat {mid} (RIFT-CC-01).", "melee")]
    return events + collective_attack(state, seat, mid, enemy["owner"], fails=False)


def collective_attack(state: State, seat: str, mid: str, defender: str, fails: bool) -> list[Event]:
    """RIFT-CC-06/07: X d6 for the X attacking units in the melee (Unarmed roll none)."""
    ours = [u for u in members(state, mid) if u["owner"] == seat]
    theirs = [u["id"] for u in members(state, mid) if u["owner"] == defender]
    count = close_count(ours)
    dice = dice_of(state)
    hits = combat.count_hits(dice.roll(count.dice, 6, f"close combat {mid}: {seat}'s {len(ours)} units", why=count))
    events = keep(state, dice)
    events.append(log(state, f"{seat} scores {hits} hit{'s' if hits != 1 else ''} in {mid}.", "melee"))
    if len(theirs) == 1 or hits == 0:
        return events + apply_melee(state, {"attacker": seat, "defender": defender, "fails": fails, "mid": mid},
                                    [hits] if hits else [], theirs[:1] if hits else [])
    state["pending"] = {"kind": "hits", "step": "group", "seat": seat, "hits": {
        "total": hits, "pool": theirs, "grouper": seat, "assigner": defender, "groups": None, "reaction": False,
        "attacker": seat, "defender": defender, "fails": fails, "mid": mid}}
    return events + [log(state, f"{seat} groups the {hits} hits; then {defender} assigns them (RIFT-CC-08).", "melee")]


def rules_close_dice(u: Unit) -> int:
    return 0 if u["role"] == "unarmed" else int(rules().sizes[u["size"]]["close_dice_per_unit"])


def close_count(ours: list[Unit]) -> DiceCount:
    """X d6 for the X attacking units of a close combat, Unarmed units rolling none (RIFT-CC-07)."""
    count = DiceCount(len(ours), f"{len(ours)} unit{'s' if len(ours) != 1 else ''} in the close combat (RIFT-CC-07)")
    for u in ours:
        if rules_close_dice(u) != 1:
            why = f"{u['id']}, Unarmed" if u["role"] == "unarmed" else f"{u['id']}'s close dice"
            count = count.step(why, rules_close_dice(u) - 1)
    return count


def apply_melee(state: State, info: dict[str, Any], groups: list[int], targets: list[str]) -> list[Event]:
    """Apply melee groups (1-hit groups do nothing, RIFT-GAP-08); a Melee action that neither wounds
    nor kills fails and the defender becomes active (RIFT-GAP-11)."""
    events: list[Event] = []
    harmed = False
    single_pins = bool(state["options"].get("cc_single_hit_pins", False))
    for hits, uid in zip(groups, targets):
        u = state["units"][uid]
        if u["dead"]:
            continue
        result = combat.effect(u, hits, reaction=single_pins)
        combat.apply(u, result)
        if result != "none":
            events.append(log(state, f"{name(u)} is {result_word(result)} in close combat.", "hit"))
        harmed = harmed or result in ("wound", "kill")
    mid = info["mid"]
    if len({u["owner"] for u in members(state, mid)}) < 2:
        for u in members(state, mid):
            u["melee"] = None
        events.append(log(state, f"Close combat {mid} is over.", "melee"))
    if state.get("pending") and state["pending"].get("kind") == "hits":
        state["pending"] = None
    if flow.check_victory(state, events):
        return events
    if info["fails"] and not harmed:
        events += flow.end_phase(state, info["defender"], f"{info['attacker']}'s melee attack neither wounded nor killed (RIFT-GAP-11)")
    return events


def melee_action(state: State, seat: str, target: str) -> list[Event]:
    """RIFT-GAP-11: all the seat's units in the target's melee attack together, as one action."""
    enemy = state["units"][target]
    mid = enemy.get("melee")
    ours = [u for u in members(state, mid)] if mid else []
    ours = [u for u in ours if u["owner"] == seat]
    if not ours:
        raise OrderError(f"none of your units is in close combat with {target}")
    for u in ours:
        u["acted"] = True
    return collective_attack(state, seat, mid, enemy["owner"], fails=True)


def escapes(state: State) -> list[Event]:
    """RIFT-CC-03 with RIFT-GAP-26: each escaping unit takes a 3d6 reaction attack from the other
    player in its melee; a pin keeps it at its start, a wound or kill fails the move."""
    p = state["pending"]
    events: list[Event] = []
    for uid in p["units"]:
        u = state["units"][uid]
        mid = u.get("melee")
        if not mid:
            continue
        foes = [o for o in members(state, mid) if o["owner"] != u["owner"]]
        if not foes:
            continue
        foe = foes[0]["owner"]
        dice = dice_of(state)
        hits = combat.count_hits(dice.roll(ESCAPE_DICE, 6, f"escape attack on {name(u)} by {foe}",
                                           why=fixed(ESCAPE_DICE, "escaping close combat (RIFT-CC-03)")))
        events += keep(state, dice)
        result = combat.effect(u, hits, reaction=True)
        combat.apply(u, result)
        if result == "none":
            continue
        events.append(log(state, f"{name(u)} is {result_word(result)} trying to escape close combat.", "hit"))
        p["stopped"][uid] = 0.0
        if result in ("wound", "kill"):
            events += flow.end_phase(state, foe, f"{name(u)} was {result_word(result)} escaping close combat (RIFT-FAIL-02)")
            return events
    return events
