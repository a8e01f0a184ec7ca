"""Phase 3, space combat (RAW-COMBAT-*, RAW-RETREAT-01, RAW-GAP-19..28): sides, hostility,
pairing, the 2d6 casualty table with its modifiers, random casualties and scarring, retreats."""
from __future__ import annotations

from typing import Any, Callable

from core.dice import Dice
from core.dice_words import DiceCount, fixed
from core.events import Event, event, to_team
from core.rulesets.raw.data import casualty_table
from core.rulesets.raw.jump import destroy
from core.rulesets.raw.model import (NEUTRAL, by_location, combat_value, describe, is_deep, planet_side, seats_of,
                                     side_of_owner, utype)

State = dict[str, Any]
FLAGSHIP_OPTIONS = {"A": "the most valuable ship", "B": "the least valuable ship", "C": "the most valuable scarred ship",
                    "D": "the least valuable scarred ship", "E": "squadrons"}


def disparity(attacker: int, defender: int) -> int:
    """The force-disparity modifier: negative favours the attacker (RAW-COMBAT-05/06)."""
    big, small = max(attacker, defender), min(attacker, defender)
    if big == small:
        return 0
    size = (10 * (big - small)) // (big + small)
    return -size if attacker > defender else size


def casualty_row(total: int) -> tuple[int, int]:
    """(attacker %, defender %) for a modified roll, clamped to the table (RAW-COMBAT-03/04)."""
    return casualty_table()[min(13, max(1, total))]


def loss_points(pct: int, smaller: int, rounding: str = "ceil") -> int:
    """Loss points: pct of the smaller fleet, rounded per RAW-GAP-20 in integer arithmetic."""
    if rounding == "floor":
        return pct * smaller // 100
    if rounding == "nearest":
        return (pct * smaller + 50) // 100
    return (pct * smaller + 99) // 100


def stance_toward(state: State, seat: str, other_owner: str) -> str:
    """A seat's standing order toward another owner: "free" or "hold" (RAW-GAP-18)."""
    stance = state["seats"][seat]["stance"]
    if other_owner.startswith(NEUTRAL):
        return stance["per"].get("neutral", stance["neutral"])
    return stance["per"].get(other_owner, stance["default"])


def unit_stance(state: State, uid: str, other_owner: str) -> str:
    """A unit's fire order toward another owner: its own (``stance <mode> <ships>``), else its owner's (RAW-GAP-18)."""
    unit = state["units"][uid]
    own = unit.get("stance") or {}
    key = "neutral" if other_owner.startswith(NEUTRAL) else other_owner
    if key in own:
        return str(own[key])
    if key != "neutral" and "*" in own:
        return str(own["*"])
    return stance_toward(state, unit["owner"], other_owner)


def fires_on(state: State, uids: list[str], other_side: str, other_members: list[str]) -> bool:
    """Whether a side (its units present) is free-fire toward another side: any unit free toward any of it (RAW-GAP-18)."""
    mine = [u for u in uids if not state["units"][u]["owner"].startswith(NEUTRAL)]
    targets = other_members if not other_side.startswith(NEUTRAL) else [other_side]
    return any(unit_stance(state, u, t) == "free" for u in mine for t in targets)


def holds_toward(state: State, uids: list[str], attacker_members: list[str], attacker_side: str) -> bool:
    """The hold-fire penalty applies only if every unit present holds fire toward the attacker (RAW-GAP-18)."""
    mine = [u for u in uids if not state["units"][u]["owner"].startswith(NEUTRAL)]
    if not mine:
        return False
    targets = attacker_members if not attacker_side.startswith(NEUTRAL) else [attacker_side]
    return all(unit_stance(state, u, t) == "hold" for u in mine for t in targets)


def _side_units(state: State, uids: list[str]) -> dict[str, list[str]]:
    sides: dict[str, list[str]] = {}
    for uid in uids:
        sides.setdefault(side_of_owner(state, state["units"][uid]["owner"]), []).append(uid)
    return sides


def _members(state: State, uids: list[str]) -> list[str]:
    return sorted({state["units"][u]["owner"] for u in uids if not state["units"][u]["owner"].startswith(NEUTRAL)})


def combat(state: State, dice: Dice, arrived_before: dict[str, set[str]]) -> list[Event]:
    """Resolve every location with hostile sides, in alphabetical order of location."""
    events: list[Event] = []
    fought: list[dict[str, Any]] = []
    for loc, uids in sorted(by_location(state).items()):
        sides = _side_units(state, uids)
        if len(sides) < 2:
            continue
        events += _location(state, dice, loc, arrived_before.get(loc, set()), fought, uids)
    state["battles"] = fought
    return events


def _location(state: State, dice: Dice, loc: str, were_here: set[str], fought: list[dict[str, Any]],
              present: list[str]) -> list[Event]:
    events: list[Event] = []
    done: set[frozenset[str]] = set()
    while True:
        uids = [u for u in present if u in state["units"]]  # casualties leave; nobody arrives mid-combat
        sides = _side_units(state, uids)
        points = {s: sum(combat_value(state["units"][u]) for u in us) for s, us in sides.items()}
        order = sorted(sides, key=lambda s: (-points[s], s))
        pair = None
        for first in order:
            partners = [o for o in order if o != first and frozenset((first, o)) not in done
                        and points[first] > 0 and points[o] > 0 and _hostile(state, sides, first, o)]
            if partners:
                pair = (first, partners[0])
                break
        if pair is None:
            return events
        done.add(frozenset(pair))
        attacker, defender = _roles(state, dice, loc, sides, pair, were_here)
        events += battle(state, dice, loc, attacker, defender, sides[attacker], sides[defender], fought)


def _hostile(state: State, sides: dict[str, list[str]], a: str, b: str) -> bool:
    ma, mb = _members(state, sides[a]), _members(state, sides[b])
    a_fires = not a.startswith(NEUTRAL) and fires_on(state, sides[a], b, mb) and not _all_retreating(state, sides[a])
    b_fires = not b.startswith(NEUTRAL) and fires_on(state, sides[b], a, ma) and not _all_retreating(state, sides[b])
    return a_fires or b_fires


def _all_retreating(state: State, uids: list[str]) -> bool:
    return all(state["units"][u]["retreat"] for u in uids)


def _roles(state: State, dice: Dice, loc: str, sides: dict[str, list[str]], pair: tuple[str, str], were_here: set[str]) -> tuple[str, str]:
    """(attacker, defender) by RAW-GAP-19."""
    a, b = pair
    ma, mb = _members(state, sides[a]), _members(state, sides[b])
    a_fires = not a.startswith(NEUTRAL) and fires_on(state, sides[a], b, mb) and not _all_retreating(state, sides[a])
    b_fires = not b.startswith(NEUTRAL) and fires_on(state, sides[b], a, ma) and not _all_retreating(state, sides[b])
    if a_fires and not b_fires:
        return a, b
    if b_fires and not a_fires:
        return b, a
    if not is_deep(loc):
        holder = planet_side(state, loc)
        if holder == a:
            return b, a
        if holder == b:
            return a, b
    if (a in were_here) != (b in were_here):
        return (b, a) if a in were_here else (a, b)
    roll = dice.roll(1, 2, f"roll-off for the attack at {describe(loc)}", [t for t in (_team_token(a), _team_token(b)) if t],
                     why=fixed(1, f"the roll-off, 1: {side_words(a)} attacks, 2: {side_words(b)} attacks (RAW-GAP-19)"))[0]
    return (a, b) if roll == 1 else (b, a)


def battle_count(p_att: int, p_def: int, w_att: int, w_def: int, hold_fire: bool) -> DiceCount:
    """The battle's 2d6 and its modifiers, each with its rule (RAW-COMBAT-03): force disparity
    (RAW-COMBAT-05/06), each side's Warships (RAW-KEYWORD-08), the hold-fire penalty (RAW-COMBAT-11).
    Negative favours the attacker."""
    count = DiceCount(2, "the battle roll (RAW-COMBAT-03)")
    d = disparity(p_att, p_def)
    if d:
        count = count.add(f"force disparity, {p_att} pts attacking {p_def} (RAW-COMBAT-05)", d)
    if w_att:
        count = count.add(f"{w_att} Warship{'s' if w_att != 1 else ''} attacking (RAW-KEYWORD-08)", -w_att)
    if w_def:
        count = count.add(f"{w_def} Warship{'s' if w_def != 1 else ''} defending (RAW-KEYWORD-08)", w_def)
    if hold_fire:
        count = count.add("the defender on hold-fire (RAW-COMBAT-11)", -1)
    return count


def side_words(side: str) -> str:
    """A side as players read it: ``GAR``, or ``Ryloth's own forces`` for ``neutral:Ryloth``."""
    return f"{side[len(NEUTRAL):]}'s own forces" if side.startswith(NEUTRAL) else side


def _team_token(side: str) -> str | None:
    return None if side.startswith(NEUTRAL) else to_team(side)


def battle(state: State, dice: Dice, loc: str, attacker: str, defender: str, att: list[str], dfn: list[str],
           fought: list[dict[str, Any]]) -> list[Event]:
    """One pairing: modifiers, the 2d6 roll, losses from the smaller fleet, casualties, the retreat."""
    turn = state["turn"]
    options = state["options"]
    viewers = [t for t in (_team_token(attacker), _team_token(defender)) if t] or ["gm"]
    p_att = sum(combat_value(state["units"][u]) for u in att)
    p_def = sum(combat_value(state["units"][u]) for u in dfn)
    mods: list[tuple[str, int]] = []
    d = disparity(p_att, p_def)
    if d:
        mods.append(("force disparity", d))
    cap = options.get("warship_cap")
    w_att = sum(1 for u in att if utype(state["units"][u]).has("Warship"))
    w_def = sum(1 for u in dfn if utype(state["units"][u]).has("Warship"))
    if cap is not None:
        w_att, w_def = min(w_att, int(cap)), min(w_def, int(cap))
    if w_att:
        mods.append((f"{w_att} Warship(s) attacking", -w_att))
    if w_def:
        mods.append((f"{w_def} Warship(s) defending", w_def))
    if not defender.startswith(NEUTRAL) and holds_toward(state, [u for u in dfn if u in state["units"]], _members(state, att), attacker):
        mods.append(("defender on hold-fire", -1))
    modifier = sum(m for _, m in mods)
    count = battle_count(p_att, p_def, w_att, w_def, ("defender on hold-fire", -1) in mods)
    roll = dice.roll(2, 6, f"battle at {describe(loc)}: {side_words(attacker)} attacks {side_words(defender)}", viewers,
                     why=count)
    total = sum(roll) + modifier
    pct_att, pct_def = casualty_row(total)
    smaller = min(p_att, p_def)
    rounding = options.get("casualty_rounding", "ceil")
    loss_att, loss_def = loss_points(pct_att, smaller, rounding), loss_points(pct_def, smaller, rounding)
    mod_text = ", ".join(f"{name} {m:+d}" for name, m in mods) or "no modifiers"
    events = [event("battle", f"Battle at {describe(loc)}: {side_words(attacker)} ({p_att} pts) attacks {side_words(defender)} ({p_def} pts); "
                    f"{mod_text}; roll {roll[0]}+{roll[1]}{modifier:+d} = {total}: attacker loses {pct_att}% ({loss_att} pts), "
                    f"defender loses {pct_def}% ({loss_def} pts) of the smaller fleet ({smaller})", viewers, turn,
                    location=loc, attacker=attacker, defender=defender, points=[p_att, p_def], modifier=modifier,
                    roll=roll, total=total, losses=[loss_att, loss_def])]
    events += casualties(state, dice, att, loss_att, _flagship_option(state, dfn), viewers)
    events += casualties(state, dice, dfn, loss_def, _flagship_option(state, att), viewers)
    left_att = sum(combat_value(state["units"][u]) for u in att if u in state["units"])
    left_def = sum(combat_value(state["units"][u]) for u in dfn if u in state["units"])
    if left_att < left_def or (left_att == left_def and options.get("retreat_tie_loser", "attacker") == "attacker"):
        loser, survivors = attacker, [u for u in att if u in state["units"]]
    else:
        loser, survivors = defender, [u for u in dfn if u in state["units"]]
    fought.append({"location": loc, "sides": [attacker, defender], "loser": loser})
    if survivors:
        if loser.startswith(NEUTRAL):
            for uid in survivors:
                events += destroy(state, uid, "is scattered: neutral forces have nowhere to retreat (RAW-GAP-28)")
        else:
            for uid in survivors:
                state["units"][uid]["retreat"] = True
            events.append(event("retreat", f"{loser} must retreat from {describe(loc)}: every ship must jump next turn or be lost (RAW-RETREAT-02)",
                                viewers, turn, location=loc, side=loser))
    return events


def _flagship_option(state: State, uids: list[str]) -> str | None:
    """The enemy's Flagship choice, if the side has a Flagship: the most expensive one's owner decides (RAW-GAP-25)."""
    granted = set(state["options"].get("flagship_types") or [])
    flags = [u for u in uids if u in state["units"] and (utype(state["units"][u]).has("Flagship") or state["units"][u]["type"] in granted)]
    if not flags:
        return None
    best = max(flags, key=lambda u: (utype(state["units"][u]).cost, u))
    owner = state["units"][best]["owner"]
    return state["seats"][owner]["flagship"] if owner in state["seats"] else "A"


def _flagship_target(state: State, uids: list[str], option: str) -> str | None:
    """The enemy unit the Flagship option names (RAW-KEYWORD-12), or None if there is none."""
    ships = [u for u in uids if utype(state["units"][u]).kind == "ship"]
    pool = {"A": ships, "B": ships, "C": [u for u in ships if state["units"][u]["scarred"]],
            "D": [u for u in ships if state["units"][u]["scarred"]],
            "E": [u for u in uids if utype(state["units"][u]).kind == "squadron"]}[option]
    if not pool:
        return None
    key = lambda u: (combat_value(state["units"][u]), u)  # noqa: E731
    return min(pool, key=key) if option in ("B", "D") else max(pool, key=key)


def casualties(state: State, dice: Dice, uids: list[str], points: int, flagship: str | None, viewers: list[str]) -> list[Event]:
    """Take ``points`` of losses from ``uids`` (RAW-GAP-21): whole units at random while one fits, then a scar."""
    events: list[Event] = []
    alive = [u for u in uids if u in state["units"]]
    owner_tokens: Callable[[str], list[str]] = lambda uid: _owner_view(state, uid)  # noqa: E731
    if flagship and points > 0:
        target = _flagship_target(state, alive, flagship)
        if target is not None and combat_value(state["units"][target]) <= points:
            points -= combat_value(state["units"][target])
            alive.remove(target)
            events += _destroyed(state, target, viewers)
        elif target is not None and _scarrable(state, target, points):
            # too big to destroy: the chosen target still takes the damage first, as a scar (RAW-GAP-21 step 3 -> step 2)
            return events + _scar(state, target)
    while points > 0:
        fits = sorted(u for u in alive if combat_value(state["units"][u]) <= points)
        if not fits:
            break
        pick = dice.pick(fits, "casualty", viewers)
        points -= combat_value(state["units"][pick])
        alive.remove(pick)
        events += _destroyed(state, pick, viewers)
    if points > 0:
        scarrable = sorted(u for u in alive if _scarrable(state, u, points))
        if scarrable:
            # which ship is scarred is never shown to the enemy (RAW-REPAIR-09, RAW-GAP-42, RAW-GAP-50)
            pick = dice.pick(scarrable, "scarring", owner_tokens(scarrable[0]))
            events += _scar(state, pick)
    return events


def _scarrable(state: State, uid: str, points: int) -> bool:
    """An unscarred ship whose half cost is below the remaining loss points (RAW-GAP-21 step 2, RAW-GAP-22/23)."""
    unit = state["units"][uid]
    return utype(unit).kind == "ship" and not unit["scarred"] and utype(unit).cost < 2 * points


def _scar(state: State, uid: str) -> list[Event]:
    unit = state["units"][uid]
    unit["scarred"] = True
    unit["repair_paid"] = 0
    owner = unit["owner"]
    side = state["seats"][owner]["side"] if owner in state["seats"] else owner
    return [event("scarred", f"{uid} ({unit['type']}) is scarred", _owner_view(state, uid), state["turn"], unit=uid,
                  side=side, type=unit["type"])]


def _owner_view(state: State, uid: str) -> list[str]:
    owner = state["units"][uid]["owner"]
    return [to_team(state["seats"][owner]["side"])] if owner in state["seats"] else ["gm"]


def _destroyed(state: State, uid: str, viewers: list[str]) -> list[Event]:
    unit = state["units"][uid]
    events = destroy(state, uid, "is destroyed in battle")
    events[0]["to"] = viewers
    return events
