"""RiftWar odds beyond a single firer: coordinated fire (firers one after another at one target until
it dies, RIFT-COORD-01..06) and the Melee action (X d6 for the X attacking units, RIFT-CC-06/07,
RIFT-GAP-11). Both exact; area effects on other units are left out, as for a single firer."""
from __future__ import annotations

from fractions import Fraction
from typing import Any

from core.ruleset import Odds

from . import combat
from .battle import cover
from .melee import close_count, members

State = dict[str, Any]


def coordinated_odds(state: State, ids: list[str], target_id: str) -> Odds:
    """The target's fate after every firer of ``ids`` fires in turn (stopping once it is dead)."""
    target = state["units"][target_id]
    stack = bool(state["options"].get("stack_die_penalties", True))
    accumulate = bool(state["options"].get("accumulate_hits_in_coordinated_fire", False))
    # a position: (wounded, dead, hits carried over, harmed: wounded or killed by this action)
    positions: dict[tuple[bool, bool, int, bool], Fraction] = {(bool(target["wounded"]), False, 0, False): Fraction(1)}
    dice = []
    for uid in ids:
        count = combat.ranged_count(state["units"][uid], target, cover(state, target, state["units"][uid]), stack)
        n = count.dice
        dice.append(count)
        after: dict[tuple[bool, bool, int, bool], Fraction] = {}
        for (wounded, dead, carried, harmed), p in positions.items():
            if dead:
                after[(wounded, dead, carried, harmed)] = after.get((wounded, dead, carried, harmed), Fraction(0)) + p
                continue
            for k, q in combat.hits_distribution(n):
                hits = k + carried if accumulate else k
                result = combat.effect({**target, "wounded": wounded}, hits, reaction=False)
                key = (wounded or result == "wound", result == "kill", hits if accumulate else 0,
                       harmed or result in ("wound", "kill"))
                after[key] = after.get(key, Fraction(0)) + p * q
        positions = after
    killed = sum((p for (_, dead, _, _), p in positions.items() if dead), Fraction(0))
    hurt = sum((p for (w, dead, _, harmed), p in positions.items() if not dead and harmed), Fraction(0))
    return Odds(f"{', '.join(ids)} at {target_id} in turn: {'+'.join(f'{c.dice}d6' for c in dice)}, hits on 5-6",
                [("killed", killed), ("wounded", hurt), ("no effect: the action fails", 1 - killed - hurt)],
                notes=[f"{uid}: {c.words(6)}" for uid, c in zip(ids, dice)])


def melee_odds(state: State, seat: str, target_id: str) -> Odds | None:
    """The Melee action against ``target_id``'s close combat: the hits, and the target's fate when it stands alone."""
    mid = state["units"][target_id].get("melee")
    if not mid:
        return None
    ours = [u for u in members(state, mid) if u["owner"] == seat]
    theirs = [u for u in members(state, mid) if u["owner"] != seat]
    count = close_count(ours)
    x = count.dice
    single_pins = bool(state["options"].get("cc_single_hit_pins", False))
    if len(theirs) == 1:
        dist = combat.effect_distribution(theirs[0], x, reaction=single_pins)
        return Odds(f"melee in {mid}: {count.words(6)} at {theirs[0]['id']}, hits on 5-6",
                    [("killed", dist["kill"]), ("wounded", dist["wound"]),
                     ("no wound: the action fails", dist["none"] + dist["pin"])])
    rows = [(f"{k} hit{'s' if k != 1 else ''}", p) for k, p in combat.hits_distribution(x)]
    return Odds(f"melee in {mid}: {count.words(6)} against {len(theirs)} units, hits on 5-6", rows,
                notes=["  you group the hits (2 wound, 3 kill), then the defender assigns the groups"])
