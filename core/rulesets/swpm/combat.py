"""Battles and strikes (SWPM-COMBAT-01..21, SWPM-STRIKE-01..12) and the effects of cards and
objectives as they happen.

A combat action keeps ``state["action"] = {"kind": "combat", "battles": [[a, d], ...], "i": n,
"cur": {...}}``; the current battle's card window awaits the attacker, then the defender, then
the attacker again if they passed and the defender played (SWPM-COMBAT-07..09). A strike action
keeps ``{"kind": "strike", "strikers": [...], "i": n}`` and awaits a target for each striker in
turn (SWPM-GAP-08), and the owner of a destroyed objective is awaited for reinforcements
(SWPM-STRIKE-10).

When a combat card's effects happen (our reading, SWPM-GAP-24: the active player's first):
``modify`` lasts the battle (or the turn); ``draw``, ``discard``, ``add_counters`` and
``remove_counters`` happen when the card window closes, before the dice; ``move`` and
``return_to_reserves`` happen after the damage step, to a unit still in play; ``auto_hit`` and
``reroll`` change the hit check.
"""
from __future__ import annotations

from typing import Any

from core.dice import Dice
from core.errors import OrderError
from core.events import Event

from . import effects as fx
from .data import rules
from .flow import cap_check, check_end, end_turn, pairing_problem
from .model import (RESERVES, State, bs_of, card, destroy, draw, hand_size, home, label, log, objective_defense,
                    occupied_slots, only, other, roll_count, scope_units, shields_check, strike_count, units_of, value,
                    zone_of)


# -- effects -------------------------------------------------------------------------------------------
def applies(unit_tag: str, c: Any) -> bool:
    """Whether a combat card's ability works for a unit (SWPM-CARD-12, SWPM-ICON-06/09/10): the unit
    carries the card's icon, or the icon is force or luck (their text names who benefits)."""
    if not c.effects:
        return False
    if c.ability_icon in rules().board["card_icons"]:
        return True
    return c.ability_icon in rules().units[unit_tag].icons


def instant(state: State, eff: fx.Effect, controller: str, dice: Dice, events: list[Event],
            me: str | None = None, foe: str | None = None) -> None:
    """Carry out one effect that happens at once (not a modifier)."""
    opp = other(state, controller)
    if eff.verb in ("add_counters", "remove_counters"):
        for uid in scope_units(state, eff.scope, controller, me, foe):
            info = state["units"][uid]
            before = info["damage"]
            info["damage"] = before + eff.amount if eff.verb == "add_counters" else max(0, before - eff.amount)
            events.append(log(state, "counters", f"{label(state, uid)}: damage counters {before} -> {info['damage']}"))
            if info["damage"] >= value(state, uid, "shields"):
                destroy(state, uid, events, "its damage counters reach its shields")
    elif eff.verb == "draw":
        draw(state, dice, controller if eff.scope.base == "player" else opp, eff.amount, events)
    elif eff.verb == "discard":
        who = controller if eff.scope.base == "player" else opp
        hand = state["players"][who]["hand"]
        for _ in range(eff.amount):
            if not hand:
                break
            # the die is the discarder's and the GM's: over a hand sorted by card, its face would tell
            # the opponent where the cards that stay hidden sort (SWPM-HAND-01)
            tag = dice.pick(sorted(hand), f"{who} discards a card at random", viewers=only(who))
            events.extend(dice.drain())
            hand.remove(tag)
            state["players"][who]["discard"].append(tag)
            events.append(log(state, "discard", f"{who} discards {card(tag).name} at random"))
    elif eff.verb == "move":
        for uid in scope_units(state, eff.scope, controller, me, foe):
            dest = zone_of(state, state["units"][uid]["owner"], eff.zone)
            state["units"][uid]["zone"] = dest
            events.append(log(state, "move", f"{label(state, uid)} is moved to {dest.replace('home:', '')}'s zone"
                              if dest.startswith("home:") else f"{label(state, uid)} is moved to the contested zone"))
    elif eff.verb == "return_to_reserves":
        for uid in scope_units(state, eff.scope, controller, me, foe):
            state["units"][uid]["zone"] = RESERVES
            state["units"][uid]["damage"] = 0
            events.append(log(state, "reserves", f"{label(state, uid)} is sent to reserves"))
    elif eff.verb == "reveal":
        target = controller if eff.scope.base == "friendly.objectives" else opp
        for _ in range(eff.amount):
            down = [i for i, s in enumerate(state["players"][target]["slots"]) if s and not s["up"]]
            if not down:
                break
            index = dice.pick(down, f"which of {target}'s face-down objectives is revealed")
            events.extend(dice.drain())
            events += reveal(state, target, index, None, dice)
    elif eff.verb == "modify":
        mod: dict[str, Any] = {"stat": eff.stat, "delta": eff.amount, "until": eff.duration}
        if eff.stat == "hand_size":
            mod["players"] = [controller if eff.scope.base == "player" else opp]
        else:
            mod["units"] = scope_units(state, eff.scope, controller, me, foe)
        state["mods"].append(mod)


def reveal(state: State, seat: str, index: int, striker: str | None, dice: Dice) -> list[Event]:
    """Turn a face-down objective face up (SWPM-STRIKE-05) and apply its ability (SWPM-STRIKE-06)."""
    slot = state["players"][seat]["slots"][index]
    slot["up"] = True
    c = card(slot["card"])
    events = [log(state, "reveal", f"{seat}'s objective in slot {index + 1} is revealed: {c.name} "
                  f"({c.type}, defense {c.defense}, {c.build_stars} BS) - {c.rules_text}", card=c.tag, slot=index + 1)]
    return events + on_reveal(state, seat, index, striker, dice)


def on_reveal(state: State, seat: str, index: int, striker: str | None, dice: Dice) -> list[Event]:
    """An objective card's on_reveal ability, as it becomes face up (SWPM-CARD-05)."""
    c = card(state["players"][seat]["slots"][index]["card"])
    events: list[Event] = []
    if c.type != "objective" or c.ability_timing != "on_reveal":
        return events
    for eff in c.effects:
        instant(state, eff, seat, dice, events, me=striker)
    shields_check(state, events)
    return events


# -- combat ----------------------------------------------------------------------------------------------
def declare_attack(state: State, seat: str, pairs: list[str], dice: Dice, line: str) -> list[Event]:
    """SWPM-COMBAT-01..05: every pairing declared before any battle. Raises OrderError."""
    battles = []
    attackers: list[str] = []
    for pair in pairs:
        a, _, d = pair.partition(">")
        if a in attackers:
            raise OrderError(f"{line!r}: {a} attacks twice; each attacker attacks one defender (SWPM-COMBAT-02)")
        problem = pairing_problem(state, seat, a, d)
        if problem:
            raise OrderError(f"{line!r}: {problem}")
        attackers.append(a)
        battles.append([a, d])
    cap_check(state, attackers, line, "SWPM-COMBAT-01")
    state["acted"] = True
    state["action"] = {"kind": "combat", "battles": battles, "i": -1, "cur": None}
    events = [log(state, "attack", f"{seat} declares {len(battles)} battle{'s' if len(battles) > 1 else ''}: "
                  + "; ".join(f"{a} attacks {d}" for a, d in battles))]
    return events + next_battle(state, dice)


def next_battle(state: State, dice: Dice) -> list[Event]:
    """Open the next declared battle that can still be fought (SWPM-GAP-09), or end the turn."""
    action = state["action"]
    events: list[Event] = []
    while True:
        action["i"] += 1
        if action["i"] >= len(action["battles"]):
            end_turn(state, dice, events)
            return events
        a, d = action["battles"][action["i"]]
        ua, ud = state["units"][a], state["units"][d]
        if ua["zone"] == RESERVES or ud["zone"] == RESERVES or ua["zone"] != ud["zone"]:
            events.append(log(state, "battle", f"the battle {a} against {d} is cancelled: one of them was destroyed "
                              "or is no longer in the same zone (SWPM-GAP-09)"))
            continue
        action["cur"] = {"a": a, "d": d, "att_card": None, "def_card": None, "att_passed": False, "window": 1}
        state["step"] = {"kind": "card", "seat": ua["owner"]}
        events.append(log(state, "battle", f"battle {action['i'] + 1} of {len(action['battles'])}: {label(state, a)} "
                          f"attacks {label(state, d)}; {ua['owner']} may play a combat card or pass"))
        return events


def card_choice(state: State, seat: str, tag: str | None, dice: Dice, line: str) -> list[Event]:
    """A play or a pass in the card window (SWPM-COMBAT-07..09, SWPM-EX-13). Raises OrderError."""
    cur = state["action"]["cur"]
    attacker_seat = state["units"][cur["a"]]["owner"]
    if tag is not None:
        hand = state["players"][seat]["hand"]
        if tag not in hand or card(tag).type != "combat":
            raise OrderError(f"{line!r}: only a combat card from your hand can be played in a battle (SWPM-CARD-07)")
        hand.remove(tag)
        c = card(tag)
        unit = cur["a"] if seat == attacker_seat else cur["d"]
        cur["att_card" if seat == attacker_seat else "def_card"] = tag
        works = applies(state["units"][unit]["tag"], c)
        events = [log(state, "card", f"{seat} plays {c.name} for {unit}: {c.rules_text}"
                      + ("" if not c.effects else (" (the ability works)" if works else
                                                   f" (the ability needs the {c.ability_icon} icon: bonus only)")),
                      card=tag)]
    else:
        if seat == attacker_seat and cur["window"] == 1:
            cur["att_passed"] = True
        events = [log(state, "card", f"{seat} passes")]
    if cur["window"] == 1:
        cur["window"] = 2
        state["step"] = {"kind": "card", "seat": other(state, attacker_seat)}
        return events
    if cur["window"] == 2 and cur["att_passed"] and cur["def_card"]:
        cur["window"] = 3
        state["step"] = {"kind": "card", "seat": attacker_seat}
        return events
    return events + fight(state, dice)


def _battle_mods(state: State, seat: str, tag: str | None, unit: str, foe: str, dice: Dice) -> dict[str, Any]:
    """Add a played card's bonus and modifiers for the battle; return its hit-check flags."""
    flags = {"auto": 12, "reroll_miss": False, "reroll_hit": False, "after": []}
    if tag is None:
        return flags
    c = card(tag)
    if c.bonus_stat and c.bonus_value:
        state["mods"].append({"stat": c.bonus_stat, "delta": c.bonus_value, "units": [unit], "until": "battle",
                              "by": f"{c.name}, played"})
    if applies(state["units"][unit]["tag"], c):
        for eff in c.effects:
            if eff.verb == "modify":
                instant(state, eff, seat, dice, [], me=unit, foe=foe)
    return flags


def fight(state: State, dice: Dice) -> list[Event]:
    """Steps 4-8 of one battle (SWPM-COMBAT-10..21)."""
    cur = state["action"]["cur"]
    a, d = cur["a"], cur["d"]
    sa, sd = state["units"][a]["owner"], state["units"][d]["owner"]
    events: list[Event] = []
    side_cards = [(sa, cur["att_card"], a, d), (sd, cur["def_card"], d, a)]
    flags = {}
    for seat, tag, unit, foe in side_cards:
        flags[unit] = _battle_mods(state, seat, tag, unit, foe, dice)
    for seat, tag, unit, foe in side_cards:       # instants at the close of the window, active player first
        if tag and applies(state["units"][unit]["tag"], card(tag)):
            for eff in card(tag).effects:
                if eff.verb == "auto_hit":
                    target = flags[unit] if eff.scope.base == "self" else flags[foe]
                    target["auto"] = min(target["auto"], eff.amount)
                elif eff.verb == "reroll":
                    if eff.scope.base == "self":
                        flags[unit]["reroll_miss"] = True
                    else:
                        flags[foe]["reroll_hit"] = True
                elif eff.verb in ("move", "return_to_reserves"):
                    flags[unit]["after"].append((seat, eff, unit, foe))
                elif eff.verb != "modify":
                    instant(state, eff, seat, dice, events, me=unit, foe=foe)
    if state["units"][a]["zone"] == RESERVES or state["units"][d]["zone"] == RESERVES:
        events.append(log(state, "battle", "a unit of this battle was destroyed before the dice: no rolls"))
    else:
        hits = {}
        for unit, foe in ((a, d), (d, a)):
            hits[unit] = attack_roll(state, unit, foe, flags[unit], dice, events)
        damage = {unit: value(state, unit, "damage") for unit in (a, d)}
        for unit, foe in ((a, d), (d, a)):         # simultaneous hits (SWPM-COMBAT-16)
            if hits[unit]:
                info = state["units"][foe]
                info["damage"] += damage[unit]
                events.append(log(state, "hit", f"{unit} hits {foe} for {damage[unit]}: {foe} has {info['damage']} "
                                  f"damage counter{'' if info['damage'] == 1 else 's'} (shields {value(state, foe, 'shields')})"))
        for unit in (a, d):
            if state["units"][unit]["damage"] >= value(state, unit, "shields"):
                destroy(state, unit, events, "its damage counters reach its shields")
        for unit in (a, d):
            for seat, eff, me, foe in flags[unit]["after"]:
                if state["units"][me]["zone"] != RESERVES:
                    instant(state, eff, seat, dice, events, me=me, foe=foe)
    state["mods"] = [m for m in state["mods"] if m["until"] != "battle"]
    shields_check(state, events)                   # SWPM-GAP-15: the battle's shields are gone
    for seat, tag in ((sa, cur["att_card"]), (sd, cur["def_card"])):   # step 8, attacker first (SWPM-GAP-20)
        if tag:
            player = state["players"][seat]
            player["discard"].append(tag)
            want = hand_size(state, seat) - len(player["hand"])
            if want > 0:
                draw(state, dice, seat, want, events)
    state["action"]["cur"] = None
    if check_end(state, events):
        return events
    return events + next_battle(state, dice)


def attack_roll(state: State, unit: str, foe: str, flags: dict[str, Any], dice: Dice, events: list[Event]) -> bool:
    """One side's 2d6 against the other's defense (SWPM-COMBAT-10..15, SWPM-EX-09/10)."""
    rerolled_hit = rerolled_miss = False
    while True:
        base = sum(dice.roll(2, 6, f"{unit} attacks {foe}",
                             why=roll_count(state, unit, "the base roll (SWPM-COMBAT-10)")))
        events.extend(dice.drain())
        result = base + value(state, unit, "attack")
        defense = value(state, foe, "defense")
        auto = base >= flags["auto"]
        beats = result >= defense if state["options"]["tie_hits"] else result > defense
        if state["options"]["natural_2_misses"] and base == 2:
            hit = False
        else:
            hit = auto or beats
        events.append(log(state, "roll", f"{unit}: base roll {base} + attack {value(state, unit, 'attack')} = {result} "
                          f"against defense {defense}: " + ("hit" + (" (automatic)" if auto and not beats else "") if hit else "miss"),
                          unit=unit, base=base, result=result, defense=defense, hit=hit))
        if hit and flags["reroll_hit"] and not rerolled_hit:
            rerolled_hit = True
            events.append(log(state, "roll", f"{unit} must roll that hit again (the opposing card)"))
            continue
        if not hit and flags["reroll_miss"] and not rerolled_miss and not rerolled_hit:
            rerolled_miss = True
            events.append(log(state, "roll", f"{unit} rolls the miss again (its card)"))
            continue
        return hit


# -- strikes ---------------------------------------------------------------------------------------------
def declare_strike(state: State, seat: str, uids: list[str], dice: Dice, line: str) -> list[Event]:
    """SWPM-STRIKE-01..03: strikers in the opponent's home zone, in the order given. Raises OrderError."""
    enemy = home(other(state, seat))
    for uid in uids:
        info = state["units"].get(uid)
        if info is None or info["owner"] != seat or info["zone"] != enemy:
            raise OrderError(f"{line!r}: {uid} is not one of your units in {other(state, seat)}'s home zone (SWPM-STRIKE-01)")
    cap_check(state, uids, line, "SWPM-STRIKE-01")
    state["acted"] = True
    state["action"] = {"kind": "strike", "strikers": list(uids), "i": -1}
    events = [log(state, "strike", f"{seat} strikes with {', '.join(uids)}, in that order")]
    return events + next_striker(state, dice)


def next_striker(state: State, dice: Dice) -> list[Event]:
    """Ask for the next striker's target, or end the turn."""
    action = state["action"]
    seat = state["active"]
    events: list[Event] = []
    while True:
        action["i"] += 1
        if action["i"] >= len(action["strikers"]):
            end_turn(state, dice, events)
            return events
        uid = action["strikers"][action["i"]]
        if state["units"][uid]["zone"] != home(other(state, seat)):
            events.append(log(state, "strike", f"{uid} is no longer in the enemy home zone and does not strike"))
            continue
        if not occupied_slots(state, other(state, seat)):
            continue
        state["step"] = {"kind": "target", "seat": seat, "striker": uid}
        return events


def strike(state: State, seat: str, slot: int, dice: Dice, line: str) -> list[Event]:
    """One striker strikes one objective (SWPM-STRIKE-04..12, SWPM-EX-15/19). Raises OrderError."""
    foe = other(state, seat)
    index = slot - 1
    if index not in occupied_slots(state, foe):
        raise OrderError(f"{line!r}: slot {slot} of {foe} is empty; targets: "
                         f"{', '.join(str(i + 1) for i in occupied_slots(state, foe))} (SWPM-STRIKE-02)")
    uid = state["step"]["striker"]
    events: list[Event] = []
    target = state["players"][foe]["slots"][index]
    if not target["up"]:
        events += reveal(state, foe, index, uid, dice)
        if check_end(state, events):
            return events
    if state["units"][uid]["zone"] != home(foe):
        events.append(log(state, "strike", f"{uid} is no longer in {foe}'s home zone: its strike does not happen"))
        return events + next_striker(state, dice)
    count = strike_count(state, uid)
    base = sum(dice.roll(2, 6, f"{uid} strikes {foe}'s slot {slot}", why=count))
    events.extend(dice.drain())
    ground = 1 if rules().units[state["units"][uid]["tag"]].ground else 0
    attack = value(state, uid, "attack")
    result = base + attack + ground
    defense = objective_defense(state, foe, index)
    hit = result >= defense if state["options"]["tie_hits"] else result > defense
    if state["options"]["strike_auto_12"] and base == 12:
        hit = True
    c = card(target["card"])
    events.append(log(state, "strike", f"{uid} strikes {c.name}: base roll {base} + attack {attack}"
                      + (" + 1 (ground)" if ground else "") + f" = {result} against defense {defense}: "
                      + ("destroyed" if hit else "it holds"), unit=uid, base=base, result=result, defense=defense, hit=hit))
    if not hit:
        return events + next_striker(state, dice)
    state["players"][foe]["slots"][index] = None
    state["players"][foe]["discard"].append(c.tag)
    shields_check(state, events)
    if check_end(state, events):
        return events
    allowance = c.build_stars
    if any(bs_of(state, [u]) <= allowance for u in units_of(state, foe, False)):
        state["step"] = {"kind": "reinforce", "seat": foe, "bs": allowance}
        events.append(log(state, "strike", f"{foe} may bring units worth up to {allowance} BS from reserves into "
                          "the home zone (SWPM-STRIKE-10)"))
        return events
    return events + next_striker(state, dice)


def reinforce(state: State, seat: str, uids: list[str], dice: Dice, line: str) -> list[Event]:
    """SWPM-STRIKE-10, SWPM-EX-16. Raises OrderError."""
    allowance = int(state["step"]["bs"])
    for uid in uids:
        info = state["units"].get(uid)
        if info is None or info["owner"] != seat or info["zone"] != RESERVES:
            raise OrderError(f"{line!r}: {uid} is not one of your units in reserves")
    total = bs_of(state, uids)
    if total > allowance:
        raise OrderError(f"{line!r}: those units are worth {total} BS; the destroyed card allows {allowance} (SWPM-STRIKE-10)")
    for uid in uids:
        state["units"][uid]["zone"] = home(seat)
    events = [log(state, "reinforce", f"{seat} brings {', '.join(uids)} into the home zone" if uids
                  else f"{seat} brings no units from reserves")]
    state["step"] = {"kind": "target", "seat": state["active"]}
    if check_end(state, events):
        return events
    return events + next_striker(state, dice)

