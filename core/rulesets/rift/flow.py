"""RiftWar's game frame: setup and deployment (RIFT-GAP-15), phases and who is active next
(RIFT-PHASE, RIFT-FAIL, RIFT-GAP-16/17), unit actions per phase (RIFT-GAP-06) and victory (RIFT-GAP-07)."""
from __future__ import annotations

from typing import Any

from core.dice import Dice
from core.dice_words import fixed
from core.errors import SetupError
from core.events import Event

from .army import check
from .data import rules
from .lists import ListError, army_record, parse_list
from .record import log
from .transport import dismount_dead

State = dict[str, Any]
SIDES = ["Republic", "Separatists", "Rebels", "Empire"]


def parse_armies(text: str, seats: list[str]) -> dict[str, str]:
    """The ``armies`` option: ``seat:army_id,...`` (or ``seat=army_id``). Raises SetupError naming the bad part."""
    chosen: dict[str, str] = {}
    for part in [p for p in text.split(",") if p.strip()]:
        seat, sep, army = part.partition(":") if ":" in part else part.partition("=")
        seat, army = seat.strip(), army.strip()
        if not sep or seat not in seats:
            raise SetupError(f"option armies: {part!r} must be seat:army with a seat of this game ({', '.join(seats)})")
        if army not in rules().armies:
            raise SetupError(f"option armies: unknown army {army!r}; armies: {', '.join(rules().armies)}")
        chosen[seat] = army
    return chosen


def new_state(scenario: str, seats: list[tuple[str, str]], options: dict[str, Any], seed: str) -> State:
    """A new game: armies checked (RIFT-FLOW-01), units listed, the deployment roll-off made."""
    data = rules()
    names = [n for n, _ in seats]
    sides = [s for _, s in seats]
    if len(set(sides)) != len(sides):
        raise SetupError(f"RiftWar is every player for themself: each seat needs its own side; got {', '.join(sides)}")
    if options["map"] not in data.maps:
        raise SetupError(f"option map: unknown map {options['map']!r}; maps: {', '.join(data.maps)}")
    if f"{len(seats)}p" not in data.maps[options["map"]].deploy:
        raise SetupError(f"map {options['map']!r} has no deployment zones for {len(seats)} players")
    chosen = parse_armies(str(options.get("armies") or ""), names)
    lists = options.get("lists") or {}
    if not isinstance(lists, dict):
        raise SetupError("option lists: a table of seat or side -> army id or list text, e.g. {\"al\": \"cold_war\"}")
    starters = {a.side: a.id for a in data.armies.values() if a.source == "starter"}
    units: dict[str, dict[str, Any]] = {}
    armies: dict[str, str] = {}
    records: dict[str, dict[str, Any]] = {}
    for index, (name, side) in enumerate(seats):
        wanted = lists.get(name, lists.get(side))
        if wanted is not None and str(wanted) in data.armies:
            army = data.armies[str(wanted)]
        elif wanted is not None:
            try:
                army = parse_list(str(wanted), f"{name}'s army")
            except ListError as exc:
                raise SetupError(f"option lists, {name}: {exc}") from None
        else:
            army = data.armies[chosen.get(name, starters[side])]
        verdict = check(army, str(options["army_mode"]), str(options["lc_purchase"]))
        if not verdict.legal:
            raise SetupError(f"{name}'s army {army.name!r} is not legal: {verdict.summary()}")
        armies[name] = army.id
        records[name] = army_record(army)
        letter = chr(ord("A") + index)
        count = 0
        for utype in army.units:
            for _ in range(utype.n):
                count += 1
                uid = f"{letter}{count}"
                units[uid] = {"id": uid, "owner": name, "type": utype.name, "size": utype.size, "role": utype.role,
                              "traits": list(utype.traits), "x": -1.0, "y": -1.0, "placed": False,
                              "wounded": False, "pinned": False, "dead": False, "wreck": False, "flying": False,
                              "acted": False, "indirect": False, "carried_by": None, "melee": None}
    state: State = {
        "ruleset": "rift", "turn": 0, "dice": {"seed": seed, "n": 0},
        "seats": {n: {"side": s} for n, s in seats}, "sheets": {}, "away": [],
        "scenario": scenario, "options": dict(options), "map": options["map"], "armies": armies, "army_lists": records,
        "units": units, "stage": "deploy", "active": None, "last_active": {n: -1 for n in names},
        "deploy": {"chooser": None, "order": [], "next": 0}, "pending": None, "result": None, "melees": 0,
    }
    roll_off(state)
    return state


def roll_off(state: State) -> list[Event]:
    """RIFT-GAP-15: every player rolls 1d6, the highest re-roll until one remains; that one chooses.
    The roll events and the result are kept in ``deploy.rolloff`` for the record (:func:`opening`)."""
    dice = Dice.from_state(state["dice"], turn=0)
    contenders = list(state["seats"])
    while len(contenders) > 1:
        rolls = {seat: dice.roll(1, 6, f"deployment roll-off: {seat}",
                                       why=fixed(1, "each player in the roll-off (RIFT-GAP-15)"))[0] for seat in contenders}
        best = max(rolls.values())
        contenders = [s for s in contenders if rolls[s] == best]
    state["deploy"]["chooser"] = contenders[0]
    state["dice"] = dice.to_state()
    events = [*dice.drain(), log(state, f"{contenders[0]} wins the deployment roll-off and chooses to deploy first "
                                        "or second (RIFT-GAP-15).", "deploy")]
    state["deploy"]["rolloff"] = events
    return events


def opening(state: State) -> list[Event]:
    """The deployment roll-off as it goes on the record: its roll events (each die, public) and who won."""
    return [dict(e) for e in state["deploy"].get("rolloff") or []]


def seat_order(state: State) -> list[str]:
    """Seats in seating order."""
    return list(state["seats"])


def alive(state: State, seat: str) -> list[dict[str, Any]]:
    """The seat's units that are not dead (carried ones included)."""
    return [u for u in state["units"].values() if u["owner"] == seat and not u["dead"]]


def players_left(state: State) -> list[str]:
    """Players with at least one unit that is not dead (RIFT-GAP-07)."""
    return [s for s in seat_order(state) if alive(state, s)]


def choose_deploy(state: State, seat: str, first: bool) -> list[Event]:
    """The roll-off winner deploys first or second; the others follow in seating order."""
    seats = seat_order(state)
    others = [s for s in seats[seats.index(seat):] + seats[:seats.index(seat)] if s != seat]
    order = [seat, *others] if first else [others[0], seat, *others[1:]]
    state["deploy"]["order"] = order
    state["deploy"]["next"] = 0
    return [log(state, f"{seat} deploys {'first' if first else 'second'}; deployment order {', '.join(order)}", "deploy")]


def deploy_turn(state: State) -> str | None:
    """The seat that places its next unit now, or None when deployment is over."""
    order = state["deploy"]["order"]
    if not order:
        return None
    for k in range(len(order)):
        seat = order[(state["deploy"]["next"] + k) % len(order)]
        if any(not u["placed"] for u in state["units"].values() if u["owner"] == seat):
            return seat
    return None


def after_placement(state: State) -> list[Event]:
    """Advance to the next placer; when all are placed the battle begins (second deployer active)."""
    order = state["deploy"]["order"]
    state["deploy"]["next"] = (state["deploy"]["next"] + 1) % len(order)
    if deploy_turn(state) is not None:
        return []
    state["stage"] = "battle"
    first = order[1] if len(order) > 1 else order[0]
    return [log(state, "All units are placed; the battle begins.", "deploy"), *start_phase(state, first)]


def start_phase(state: State, seat: str) -> list[Event]:
    """RIFT-FLOW-03: a new phase with ``seat`` active; per-phase flags reset."""
    state["turn"] = int(state["turn"]) + 1
    state["active"] = seat
    state["last_active"][seat] = state["turn"]
    for u in state["units"].values():
        u["acted"] = False
        u["indirect"] = False
    events = [log(state, f"Phase {state['turn']}: {seat} is active.", "phase")]
    limit = int(state["options"].get("phase_limit") or 0)
    if limit and state["turn"] > limit:
        events.extend(decide_by_survivors(state))
    return events


def least_recently_active(state: State, failing: str) -> str:
    """RIFT-FAIL-03 with RIFT-GAP-17: the other player active longest ago; ties go to the first in
    seating order after the failing player; the failing player only if nobody else is left."""
    seats = seat_order(state)
    left = [s for s in players_left(state) if s != failing]
    if not left:
        return failing
    after = seats[seats.index(failing) + 1:] + seats[:seats.index(failing) + 1]
    oldest = min(state["last_active"][s] for s in left)
    return next(s for s in after if s in left and state["last_active"][s] == oldest)


def end_phase(state: State, next_seat: str, why: str) -> list[Event]:
    """The phase ends (a failed action, RIFT-PHASE-03); ``next_seat`` becomes active."""
    state["pending"] = None
    events = [log(state, f"Phase {state['turn']} ends: {why}.", "phase-end")]
    if check_victory(state, events):
        return events
    if next_seat not in players_left(state):
        next_seat = least_recently_active(state, next_seat)
    return events + start_phase(state, next_seat)


def check_victory(state: State, events: list[Event]) -> bool:
    """RIFT-GAP-07: the last player with units wins. Returns True when the game is over."""
    if state.get("result"):
        return True
    events.extend(dismount_dead(state))
    if state.get("dismount"):
        return False  # the riders of a destroyed transport are placed and rolled for first (RIFT-TRANS-04/05)
    left = players_left(state)
    if len(left) <= 1 and state["stage"] == "battle":
        winners = [state["seats"][s]["side"] for s in left]
        reason = f"{left[0]} ({winners[0]}) is the last army on the field" if left else "no army is left: a draw"
        state["result"] = {"winners": winners, "reason": reason}
        state["pending"] = None
        events.append(log(state, f"Game over: {reason}.", "end"))
        return True
    return False


def decide_by_survivors(state: State) -> list[Event]:
    """RIFT-GAP-07 phase limit: surviving units weighted LC 1, LR 3, M/H 9; the highest wins."""
    weights = rules().survivor_weight
    score = {}
    for seat in seat_order(state):
        score[seat] = sum(weights[u["size"] if u["size"] != "light" else f"light_{u['role']}"] for u in alive(state, seat))
    best = max(score.values())
    top = [s for s in score if score[s] == best]
    winners = [state["seats"][s]["side"] for s in top] if len(top) == 1 else []
    tally = ", ".join(f"{s} {v}" for s, v in score.items())
    reason = (f"the phase limit is reached; surviving strength {tally}: "
              + (f"{top[0]} wins" if winners else "a draw"))
    state["result"] = {"winners": winners, "reason": reason}
    state["pending"] = None
    return [log(state, f"Game over: {reason}.", "end")]
