"""The Pocket Models state and what can be read off it: zones, units' modified values, objective
defense, hand size, drawing and shuffling through the game's dice, and the log.

Zones in the state are absolute: ``"home:<seat>"``, ``"contested"`` or ``"reserves"`` (not a zone,
SWPM-BOARD-02). The order language and the effect vocabulary speak relative words (``home``,
``contested``, ``enemy``) which :func:`zone_of` turns into absolute ones for a seat.
"""
from __future__ import annotations

from typing import Any, Iterable

from core.dice import Dice
from core.dice_words import DiceCount, fixed
from core.events import GM, Event, event, to_seat

from . import effects as fx
from .data import Card, Unit, rules

State = dict[str, Any]
RESERVES = "reserves"
CONTESTED = "contested"


# -- seats and zones ----------------------------------------------------------------------------
def seat_order(state: State) -> list[str]:
    """The two seats in seat order."""
    return list(state["seats"])


def other(state: State, seat: str) -> str:
    """The opponent of ``seat``."""
    a, b = seat_order(state)
    return b if seat == a else a


def home(seat: str) -> str:
    """The absolute id of ``seat``'s home zone."""
    return f"home:{seat}"


def zone_of(state: State, seat: str, word: str) -> str:
    """A relative zone word (home, contested, enemy) for ``seat`` as an absolute zone id."""
    return {"home": home(seat), "contested": CONTESTED, "enemy": home(other(state, seat))}[word]


def zone_word(state: State, seat: str, zone: str) -> str:
    """An absolute zone id as ``seat`` calls it (home, contested, enemy, reserves)."""
    if zone == home(seat):
        return "home"
    if zone in (CONTESTED, RESERVES):
        return zone
    return "enemy"


def zone_name(zone: str) -> str:
    """A zone for everybody: "p1's home", "the contested zone", "reserves"."""
    if zone.startswith("home:"):
        return f"{zone[5:]}'s home zone"
    return "the contested zone" if zone == CONTESTED else zone


def adjacent(state: State, zone: str) -> list[str]:
    """Zones next to ``zone`` in the line Home(P1) - Contested - Home(P2) (SWPM-BOARD-04, SWPM-GAP-06)."""
    if zone == CONTESTED:
        return [home(s) for s in seat_order(state)]
    if zone.startswith("home:"):
        return [CONTESTED]
    return []


# -- units ----------------------------------------------------------------------------------------
def unit_data(state: State, uid: str) -> Unit:
    """The roster record of unit ``uid``."""
    return rules().units[state["units"][uid]["tag"]]


def in_play(state: State, uid: str) -> bool:
    """A unit in a zone (not in reserves)."""
    return state["units"][uid]["zone"] != RESERVES


def units_of(state: State, seat: str, played: bool | None = None) -> list[str]:
    """``seat``'s unit ids in id order; only those in play (True) or in reserves (False) if asked."""
    return [u for u, info in state["units"].items() if info["owner"] == seat
            and (played is None or (info["zone"] != RESERVES) == played)]


def units_in(state: State, zone: str) -> list[str]:
    """Unit ids in ``zone``."""
    return [u for u, info in state["units"].items() if info["zone"] == zone]


def matches(state: State, uid: str, scope: fx.Scope, controller: str) -> bool:
    """Whether unit ``uid`` passes the filters of ``scope``, zones read relative to ``controller``."""
    info = state["units"][uid]
    data = unit_data(state, uid)
    for key, value in scope.filters:
        if key == "zone" and info["zone"] != zone_of(state, controller, value):
            return False
        if key == "domain" and data.domain != value:
            return False
        if key == "icon" and value not in data.icons:
            return False
        if key == "affiliation" and data.affiliation != value:
            return False
    return True


def scope_units(state: State, scope: fx.Scope, controller: str, me: str | None = None,
                foe: str | None = None) -> list[str]:
    """The units in play that ``scope`` reaches for ``controller`` (``me``/``foe``: self and opponent_unit)."""
    if scope.base == "self" or scope.base == "striker":
        found = [me] if me else []
    elif scope.base == "opponent_unit":
        found = [foe] if foe else []
    elif scope.base == "friendly.units":
        found = units_of(state, controller, True)
    elif scope.base == "opposing.units":
        found = units_of(state, other(state, controller), True)
    else:
        return []
    return [u for u in found if u in state["units"] and in_play(state, u) and matches(state, u, scope, controller)]


def face_up_abilities(state: State) -> Iterable[tuple[str, fx.Effect]]:
    """(controller, effect) of every continuous ability face up in an objective slot (SWPM-CARD-04)."""
    for seat, _name, eff in face_up_named(state):
        yield seat, eff


def face_up_named(state: State) -> Iterable[tuple[str, str, fx.Effect]]:
    """(controller, card name, effect) of every continuous ability face up in an objective slot (SWPM-CARD-04)."""
    for seat in seat_order(state):
        for slot in state["players"][seat]["slots"]:
            if slot and slot["up"]:
                card = rules().cards[slot["card"]]
                if card.type == "objective" and card.ability_timing == "continuous":
                    for eff in card.effects:
                        yield seat, card.name, eff


def value(state: State, uid: str, stat: str) -> int:
    """Unit ``uid``'s ``stat`` with every modifier: power icons, face-up objectives, cards in play
    (SWPM-COMBAT-13/14/17, SWPM-GAP-23: they add up; no stat below 0, shields not below 1)."""
    return sum(amount for _, amount in value_steps(state, uid, stat))


def value_steps(state: State, uid: str, stat: str) -> list[tuple[str, int]]:
    """How :func:`value` adds up ``stat``, each part ``(reason, amount)`` in the game's words: the printed
    value first (``X-wing's attack 3``), then each power icon, face-up objective and card in play, and a
    last step when the floor (0, shields 1) lifts the total."""
    info = state["units"][uid]
    data = unit_data(state, uid)
    steps = [(f"{data.name}'s {stat}", int(getattr(data, stat)))]
    owner = info["owner"]
    for icon in data.power_icons:
        for eff in rules().power.get(icon, ()):
            if eff.stat == stat and matches(state, uid, eff.scope, owner):
                steps.append((f"its {icon} power icon (SWPM-ICON-08)", eff.amount))
    if info["zone"] != RESERVES:
        for controller, name, eff in face_up_named(state):
            if eff.stat != stat or eff.scope.base not in ("friendly.units", "opposing.units"):
                continue
            side = controller if eff.scope.base == "friendly.units" else other(state, controller)
            if owner == side and matches(state, uid, eff.scope, controller):
                steps.append((f"{controller}'s face-up {name} (SWPM-COMBAT-13)", eff.amount))
        for mod in state.get("mods", []):
            if mod["stat"] == stat and uid in mod.get("units", []):
                steps.append((f"{mod.get('by') or 'a card in play'} (SWPM-COMBAT-13)", int(mod["delta"])))
    total = sum(amount for _, amount in steps)
    least = 1 if stat == "shields" else 0
    if total < least:
        steps.append((f"no {stat} below {least} (SWPM-GAP-23)", least - total))
    return steps


def roll_count(state: State, uid: str, why: str) -> DiceCount:
    """A unit's 2d6 attack roll and what is added to it (SWPM-COMBAT-10/12/13, SWPM-STRIKE-07): the base
    roll, the unit's attack value, each modifier to it, in the game's words."""
    count = DiceCount(2, why)
    for i, (reason, amount) in enumerate(value_steps(state, uid, "attack")):
        count = count.add(reason + (" (SWPM-COMBAT-12)" if i == 0 else ""), amount)
    return count


def strike_count(state: State, uid: str) -> DiceCount:
    """A striker's 2d6 and what is added to it: its attack, with modifiers, +1 for a ground unit (SWPM-STRIKE-07)."""
    count = roll_count(state, uid, "the base roll (SWPM-STRIKE-07)")
    if rules().units[state["units"][uid]["tag"]].ground:
        count = count.add("a ground unit striking (SWPM-STRIKE-07)", 1)
    return count


def objective_defense(state: State, seat: str, index: int) -> int:
    """The defense result of ``seat``'s objective in slot ``index`` (SWPM-STRIKE-08)."""
    card = rules().cards[state["players"][seat]["slots"][index]["card"]]
    total = card.defense
    for controller, eff in face_up_abilities(state):
        if eff.stat != "defense" or eff.scope.base not in ("friendly.objectives", "opposing.objectives"):
            continue
        side = controller if eff.scope.base == "friendly.objectives" else other(state, controller)
        if side == seat:
            total += eff.amount
    return max(0, total)


def hand_size(state: State, seat: str) -> int:
    """``seat``'s maximum hand size (SWPM-GAP-04): the option, changed by face-up objectives and cards."""
    total = int(state["options"]["max_hand_size"])
    for controller, eff in face_up_abilities(state):
        if eff.stat == "hand_size":
            target = controller if eff.scope.base == "player" else other(state, controller)
            if target == seat:
                total += eff.amount
    for mod in state.get("mods", []):
        if mod["stat"] == "hand_size" and seat in mod.get("players", []):
            total += int(mod["delta"])
    return max(0, total)


def card(tag: str) -> Card:
    """The card record of ``tag``."""
    return rules().cards[tag]


def occupied_slots(state: State, seat: str) -> list[int]:
    """Indexes (0-based) of ``seat``'s slots that hold a card."""
    return [i for i, s in enumerate(state["players"][seat]["slots"]) if s]


def bs_of(state: State, uids: Iterable[str]) -> int:
    """The Build Stars of units (SWPM-UNIT-14)."""
    return sum(unit_data(state, u).build_stars for u in uids)


# -- log, dice, cards -------------------------------------------------------------------------------
def log(state: State, kind: str, text: str, to: list[str] | None = None, **data: Any) -> Event:
    """An event of this turn, public unless ``to`` is given."""
    return event(kind, text, to or ["all"], int(state["turn"]), **data)


def only(seat: str) -> list[str]:
    """Viewer tokens of one seat (and the GM, who sees all)."""
    return [to_seat(seat), GM]


def shuffle(dice: Dice, cards: list[str], purpose: str) -> list[str]:
    """``cards`` in a random order drawn from the game's dice. The rolls are the GM's alone: the
    deck order is hidden from everyone (SWPM-FLOW-03)."""
    deck = list(cards)
    for i in range(len(deck) - 1, 0, -1):
        j = dice.roll(1, i + 1, purpose, viewers=[GM],
                      why=fixed(1, f"a card of the {i + 1} not yet placed (SWPM-FLOW-03)"))[0] - 1
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def draw(state: State, dice: Dice, seat: str, count: int, events: list[Event]) -> int:
    """``seat`` draws ``count`` cards; an empty deck takes the shuffled discard pile (SWPM-GAP-05).
    Returns how many were drawn."""
    player = state["players"][seat]
    drawn: list[str] = []
    for _ in range(count):
        if not player["deck"] and player["discard"] and state["options"]["reshuffle_discard"]:
            player["deck"] = shuffle(dice, player["discard"], f"{seat} shuffles the discard pile into a new deck")
            player["discard"] = []
            events.extend(dice.drain())
            events.append(log(state, "shuffle", f"{seat}'s deck ran out: the discard pile is shuffled into a new deck"))
        if not player["deck"]:
            break
        tag = player["deck"].pop(0)
        player["hand"].append(tag)
        drawn.append(tag)
    if drawn:
        events.append(log(state, "draw", f"{seat} draws {', '.join(card(t).name for t in drawn)}", only(seat), cards=drawn))
        events.append(log(state, "draw", f"{seat} draws {len(drawn)} card{'s' if len(drawn) != 1 else ''}",
                          [f"seat:{other(state, seat)}"], count=len(drawn)))
    return len(drawn)


def destroy(state: State, uid: str, events: list[Event], why: str) -> None:
    """Move a unit to its owner's reserves with its counters removed (SWPM-COMBAT-18)."""
    info = state["units"][uid]
    info["zone"] = RESERVES
    info["damage"] = 0
    state["mods"] = [m for m in state.get("mods", []) if uid not in m.get("units", []) or len(m["units"]) > 1]
    events.append(log(state, "destroyed", f"{label(state, uid)} is destroyed ({why}) and goes to reserves", unit=uid))


def shields_check(state: State, events: list[Event]) -> None:
    """SWPM-GAP-15 (revised to follow the text, whose destruction rule has no battle condition): every
    unit in play whose damage counters reach its shields as they stand now is destroyed at once, in
    or out of battle (a shield bonus that ended: a battle's card, Bacta Tanks left behind or lost)."""
    for uid, info in state["units"].items():
        if info["zone"] != RESERVES and info["damage"] and info["damage"] >= value(state, uid, "shields"):
            destroy(state, uid, events, "its damage counters reach its shields now that a shield bonus has ended (SWPM-GAP-15)")


def label(state: State, uid: str) -> str:
    """``xwing1 (p1's X-wing squadron)``."""
    return f"{uid} ({state['units'][uid]['owner']}'s {unit_data(state, uid).name})"
