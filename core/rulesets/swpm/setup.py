"""Setting up (SWPM-SETUP-01..06, SWPM-FLOW-01..06): each player chooses a list and a home-zone
placement in secret and at the same time (SWPM-GAP-17); once both are ready the placements are
revealed together, decks are shuffled, objectives dealt face down, hands drawn and the first
player rolled for."""
from __future__ import annotations

from collections import Counter
from typing import Any

from core.dice import Dice
from core.dice_words import fixed
from core.errors import OrderError, SetupError
from core.events import Event

from .data import list_problems, home_problems, rules
from .model import RESERVES, State, draw, home, log, only, shuffle

SIDES = ("P1", "P2")


def new_state(scenario: str, seats: list[tuple[str, str]], options: dict[str, Any], seed: str) -> State:
    """A fresh game waiting for both players' secret setup. Raises SetupError."""
    if len(seats) != 2:
        raise SetupError(f"Pocket Models is for two players; got {len(seats)} seats")
    sides = sorted(s for _, s in seats)
    if sides != list(SIDES):
        raise SetupError(f"the two seats take the sides P1 and P2, one each; got {', '.join(s for _, s in seats)}")
    check_options(options)
    starters = list(rules().starters.values())
    state: State = {
        "ruleset": "swpm", "turn": 0, "dice": {"seed": seed, "n": 0},
        "seats": {name: {"side": side} for name, side in seats},
        "sheets": {}, "away": [], "scenario": scenario, "options": dict(options),
        "phase": "setup", "step": {"kind": "setup", "seats": [name for name, _ in seats]},
        "setup": {}, "players": {}, "units": {}, "mods": [], "action": None,
        "active": None, "first": None, "swapped": False, "acted": False, "passes": 0, "result": None,
    }
    chosen = options.get("lists") or {}
    if not isinstance(chosen, dict):
        raise SetupError("option lists must map a seat (or side) to a starter name or a list 'units / cards'")
    for i, (name, side) in enumerate(seats):
        st = starters[i % len(starters)]
        state["setup"][name] = {"list": st.tag, "units": list(st.units), "deck": list(st.deck),
                                "home": list(st.home), "ready": False}
        text = chosen.get(name, chosen.get(side))
        if text is None:
            continue
        text = str(text).strip()
        try:
            if text in rules().starters:
                pick = rules().starters[text]
                set_list(state, name, list(pick.units), list(pick.deck), pick.tag, f"lists {name}")
            else:
                units, deck = parse_build(text, f"lists {name}")
                set_list(state, name, units, deck, "custom", f"lists {name}")
        except OrderError as exc:
            raise SetupError(f"option lists, {name}: {str(exc).split(': ', 1)[-1]}") from None
    return state


def list_text(units: list[str], deck: list[str]) -> str:
    """A fleet and deck as list text: ``mc80 xwing*3 ... / focus-fire*3 ...`` (first-seen order)."""
    def part(items: list[str]) -> str:
        counts = Counter(items)
        return " ".join(t if counts[t] == 1 else f"{t}*{counts[t]}" for t in dict.fromkeys(items))
    return f"{part(units)} / {part(deck)}"


def check_options(options: dict[str, Any]) -> None:
    """Refuse options that make no sense. Raises SetupError."""
    def whole(key: str, lo: int, hi: int) -> None:
        v = options.get(key)
        if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
            raise SetupError(f"option {key} must be a whole number from {lo} to {hi}; got {v!r}")
    whole("max_hand_size", 1, 10)
    whole("stalemate_passes", 1, 50)
    whole("fleet_bs_cap", 10, 100)
    whole("turn_limit", 0, 1000)
    for key in ("tie_hits", "swap_into_empty_slot", "reshuffle_discard", "strike_auto_12", "natural_2_misses",
                "owner_sees_objectives"):
        if not isinstance(options.get(key), bool):
            raise SetupError(f"option {key} must be true or false; got {options.get(key)!r}")
    if options.get("swap_facing") not in ("up", "down"):
        raise SetupError(f"option swap_facing must be 'up' or 'down'; got {options.get('swap_facing')!r}")
    if options.get("simultaneous_elimination") not in ("draw", "active_player_wins"):
        raise SetupError("option simultaneous_elimination must be 'draw' or 'active_player_wins'")


def unit_id(tag: str, n: int) -> str:
    """The name of the ``n``-th unit of ``tag``: ``xwing1``; ``mc80-1`` when the tag ends in a digit."""
    return f"{tag}-{n}" if tag[-1:].isdigit() else f"{tag}{n}"


def draft_ids(draft: dict[str, Any]) -> list[str]:
    """The names of a draft's units for the ``home`` order: ``xwing1``, ``xwing2``, ``mc80-1`` ..."""
    seen: Counter[str] = Counter()
    out = []
    for tag in draft["units"]:
        seen[tag] += 1
        out.append(unit_id(tag, seen[tag]))
    return out


MAX_REPEAT = 60  # ``tag*n``: more than any fleet or deck holds, and never a list that fills the memory


def parse_build(text: str, line: str) -> tuple[list[str], list[str]]:
    """``<units ...> / <cards ...>`` with ``tag*n`` repeats. Raises OrderError."""
    if "/" not in text:
        raise OrderError(f"{line!r}: write the units, a '/', then the cards, e.g. 'build xwing*3 mc80 / focus-fire*3 ...'")
    left, _, right = text.partition("/")
    out: list[list[str]] = []
    for part, known, what in ((left, rules().units, "unit"), (right, rules().cards, "card")):
        items: list[str] = []
        for word in part.replace(",", " ").split():
            tag, _, count = word.partition("*")
            if tag not in known:
                raise OrderError(f"{line!r}: {tag!r} is not a {what}; {what}s: {', '.join(sorted(known)[:12])} ...")
            if count and not (count.isdigit() and 1 <= int(count) <= MAX_REPEAT):
                raise OrderError(f"{line!r}: {word!r}: the count after '*' must be a whole number from 1 to {MAX_REPEAT}")
            items.extend([tag] * (int(count) if count else 1))
        out.append(items)
    return out[0], out[1]


def set_list(state: State, seat: str, units: list[str], deck: list[str], name: str, line: str) -> list[Event]:
    """Take a fleet and deck for ``seat``'s draft. Raises OrderError naming every rule ID it breaks."""
    problems = list_problems(units, deck, fleet_cap=int(state["options"]["fleet_bs_cap"]))
    if problems:
        raise OrderError(f"{line!r}: " + "; ".join(problems))
    draft = state["setup"][seat]
    draft.update({"list": name, "units": list(units), "deck": list(deck), "ready": False})
    draft["home"] = default_home(units, int(rules().board["setup_home_bs_cap"]))
    starter = rules().starters.get(name)
    if starter is not None:
        draft["home"] = list(starter.home)
    return [log(state, "setup", f"{seat} takes the list {name} (not revealed yet)", only(seat))]


def default_home(units: list[str], cap: int) -> list[str]:
    """A placement of at most ``cap`` BS: the biggest units first while they fit."""
    roster = rules().units
    out, total = [], 0
    for tag in sorted(units, key=lambda t: -roster[t].build_stars):
        if total + roster[tag].build_stars <= cap:
            out.append(tag)
            total += roster[tag].build_stars
    return out


def set_home(state: State, seat: str, picks: list[str], line: str) -> list[Event]:
    """Place the named draft units in the home zone (SWPM-SETUP-01/02). Raises OrderError."""
    draft = state["setup"][seat]
    ids = draft_ids(draft)
    tags = [draft["units"][ids.index(p)] for p in picks]
    problems = home_problems(tags, draft["units"], rules().units, rules().board)
    if problems:
        raise OrderError(f"{line!r}: " + "; ".join(problems))
    draft["home"] = tags
    draft["ready"] = False
    bs = sum(rules().units[t].build_stars for t in tags)
    return [log(state, "setup", f"{seat} plans {bs} BS in the home zone (secret until both are ready)", only(seat))]


def ready(state: State, seat: str, dice: Dice, line: str) -> list[Event]:
    """``seat`` seals its setup; when both have, the game starts. Raises OrderError."""
    draft = state["setup"][seat]
    if not draft["home"]:
        raise OrderError(f"{line!r}: place at least one unit in your home zone first ('home <units,...>'); "
                         "a player with no units in play is eliminated (SWPM-WIN-03)")
    draft["ready"] = True
    state["step"]["seats"] = [s for s in state["step"]["seats"] if s != seat]
    events = [log(state, "setup", f"{seat} is ready")]
    if not state["step"]["seats"]:
        events += start(state, dice)
    return events


def start(state: State, dice: Dice) -> list[Event]:
    """Reveal both setups together, shuffle, deal objectives, draw hands and roll for first player."""
    events: list[Event] = []
    counters: Counter[str] = Counter()
    board = rules().board
    for seat, draft in state["setup"].items():
        at_home = Counter(draft["home"])
        placed = []
        for tag in draft["units"]:
            counters[tag] += 1
            uid = unit_id(tag, counters[tag])
            zone = home(seat) if at_home[tag] > 0 else RESERVES
            if at_home[tag] > 0:
                at_home[tag] -= 1
            state["units"][uid] = {"id": uid, "tag": tag, "owner": seat, "zone": zone, "damage": 0}
            placed.append(uid)
        state["players"][seat] = {"list": draft["list"], "fleet": list(draft["units"]), "decklist": list(draft["deck"]),
                                  "deck": [], "hand": [], "discard": [], "slots": [None] * board["objective_slots_per_player"]}
        home_units = [u for u in placed if state["units"][u]["zone"] != RESERVES]
        reserve_units = [u for u in placed if state["units"][u]["zone"] == RESERVES]
        events.append(log(state, "setup", f"{seat} reveals {sum(rules().units[state['units'][u]['tag']].build_stars for u in home_units)} BS "
                          f"in the home zone: {', '.join(home_units)}; reserves: {', '.join(reserve_units) or 'none'}"))
    for seat in state["setup"]:
        player = state["players"][seat]
        player["deck"] = shuffle(dice, player["decklist"], f"{seat} shuffles the deck")
        events.extend(dice.drain())
        for i in range(len(player["slots"])):
            if player["deck"]:
                player["slots"][i] = {"card": player["deck"].pop(0), "up": False}
        events.append(log(state, "setup", f"{seat} deals {len(player['slots'])} objectives face down"))
        draw(state, dice, seat, 3, events)
    seats = list(state["setup"])
    while True:
        rolls = {s: sum(dice.roll(2, 6, f"{s} rolls for the first turn",
                                  why=fixed(2, "each player, the higher goes first (SWPM-SETUP-06, SWPM-GAP-18)")))
                 for s in seats}
        events.extend(dice.drain())
        if rolls[seats[0]] != rolls[seats[1]]:
            break
        events.append(log(state, "setup", f"both rolled {rolls[seats[0]]}: roll again (SWPM-GAP-18)"))
    first = max(seats, key=lambda s: rolls[s])
    state.update({"phase": "play", "first": first, "active": first, "turn": 1, "setup": {}})
    state["step"] = {"kind": "main", "seat": first}
    events.append(log(state, "first", f"{first} rolled higher ({rolls[first]}) and takes the first turn"))
    return events
