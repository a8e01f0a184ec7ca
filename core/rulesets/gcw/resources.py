"""The Resource Phase (catalog section 4, steps 1-10): control claims, the Death Star's arrival and
shot, the base search and destruction, bonuses, Total Rebel victory, income and catch-up,
purchases, and final scoring (GCW-RES-*, GCW-CARD-*, GCW-CATCHUP-*, GCW-BASE-*, GCW-WEAPON-*, GCW-WIN-*).
"""
from __future__ import annotations

from typing import Any

from core.dice_words import DiceCount
from core.errors import OrderError
from core.events import GM, Event

from . import steps
from .data import rules
from .model import end_game as model_end_game
from .model import (Ruleset_dice, State, card, card_applies, controls, distance, entry_ok, fleet_units, fleets_at, is_ship,
                    log, new_unit, other, reveal, seal, team, total_value, uniques_held)

STAGES = ["claims", "arrival", "fire", "search", "destroy", "bonus", "rebel_victory", "income", "buy", "final"]


def advance(state: State) -> list[Event]:
    res = state["resource"]
    pending = res.setdefault("pending", [])
    if pending:
        job = pending[0]
        steps.wait(state, job["kind"], [job["side"]], **{k: v for k, v in job.items() if k not in ("kind", "side")})
        return []
    stage = res["stage"]
    if stage >= len(STAGES):
        state["phase"] = "next"
        return []
    res["stage"] = stage + 1
    return globals()[f"stage_{STAGES[stage]}"](state)


# -- 1. control claims --------------------------------------------------------------------------------
def claim(state: State, side: str, system: str) -> list[Event]:
    """``side`` claims ``system``: its card turns faceup, the other side's facedown (GCW-CARD-02/03)."""
    info = state["systems"][system]
    if info["destroyed"] or info["owner"] == side:
        return []
    info["owner"] = side
    events = [log(state, "claim", f"{side} claims control of {system}", side=side, system=system)]
    enemy = other(side)
    if info["cards"][enemy] == "up" and rules().cards[system][enemy].lasts != "faceup":
        info["cards"][enemy] = "down"
    mine = rules().cards[system][side]
    if info["cards"][side] == "down":
        info["cards"][side] = "up"
        events.append(log(state, "card", f"{side}'s card \u201c{mine.title}\u201d for {system} turns faceup (value {mine.value})"))
        if mine.lasts == "once":
            state["sides"][side]["rp"] += mine.amount
            info["cards"][side] = "discarded"
            events.append(log(state, "card", f"\u201c{mine.title}\u201d: {side} gains {mine.amount} RP once; the card is discarded",
                              ledger=[[side, "rp", mine.amount]]))
    return events


def stage_claims(state: State) -> list[Event]:
    events = [log(state, "phase", f"Resource Phase of turn {state['turn']}")]
    for system in sorted(rules().systems):
        e, r = fleets_at(state, system, "Empire"), fleets_at(state, system, "Rebel")
        if e and not r:
            events += claim(state, "Empire", system)
        elif r and not e:
            events += claim(state, "Rebel", system)
    return events


# -- 2. the Death Star arrives ------------------------------------------------------------------------
def arrival_options(state: State) -> list[str]:
    """Where the Death Star may appear (GCW-WEAPON-02, GCW-GAP-33)."""
    near = ["Coruscant", *rules().adjacent["Coruscant"]]
    options = sorted(s for s in near if controls(state, "Empire", s))
    if options:
        return options
    owned = [s for s in rules().systems if controls(state, "Empire", s)]
    if not owned:
        return ["Coruscant"]
    best = min(distance("Coruscant", s) for s in owned)
    return sorted(s for s in owned if distance("Coruscant", s) == best)


def stage_arrival(state: State) -> list[Event]:
    if int(state["turn"]) != int(rules().const["secret_weapon"]["arrival_turn"]) or state.get("deathstar_arrived"):
        return []
    options = arrival_options(state)
    if len(options) == 1:
        return place_deathstar(state, options[0])
    state["resource"]["pending"].append({"kind": "deathstar", "side": "Empire", "options": options})
    return [log(state, "weapon", f"The Death Star is ready: the Empire must place it at one of {', '.join(options)}")]


def place_deathstar(state: State, system: str) -> list[Event]:
    state["deathstar"] = {"system": system, "fired": 0}
    state["deathstar_arrived"] = True
    return [log(state, "weapon", f"The Death Star appears at {system} (it must be deployed, GCW-WEAPON-03)", system=system)]


# -- 3. the Death Star fires --------------------------------------------------------------------------
def stage_fire(state: State) -> list[Event]:
    ds = state.get("deathstar")
    if not ds or state["systems"][ds["system"]]["destroyed"] or ds.get("fired") == state["turn"]:
        return []
    state["resource"]["pending"].append({"kind": "fire", "side": "Empire", "target": ds["system"]})
    return []


def fire(state: State, system: str) -> list[Event]:
    """The Death Star destroys its system (GCW-WEAPON-07/08, GCW-BASE-08, GCW-GAP-35)."""
    state["deathstar"]["fired"] = state["turn"]
    info = state["systems"][system]
    value = rules().cards[system]["Rebel"].value
    info["destroyed"] = True
    info["owner"] = None
    info["cards"] = {"Empire": "discarded", "Rebel": "discarded"}
    state["sides"]["Empire"]["vp"] += value
    events = [log(state, "weapon", f"The Death Star fires: {system} is destroyed; both its cards are discarded; Empire +{value} VP "
                  f"(the Rebel card's value)", system=system, vp=value, ledger=[["Empire", "vp", value]])]
    base = state["base"]
    if base["system"] == system:
        events += destroy_base(state, "the Death Star")
    return events


# -- 4. the search ------------------------------------------------------------------------------------
#: GCW-GAP-29 GM option ``base_search``: which ACC reveals the base
BASE_SEARCH = {"anywhere": "an ACC on any Imperial search die reveals the base, wherever it was rolled",
               "at_base": "only an ACC rolled in the base's own system reveals it (search only where the ships are)"}
#: GCW-GAP-30 GM option ``base_destruction``: when a lone Imperial fleet destroys the base
BASE_DESTRUCTION = {"from_turn_6": "from turn 6, found or not",
                    "after_found": "only once it was found (from turn 6, when it can first be found)",
                    "from_turn_1": "from turn 1, found or not"}


def _option(state: State, key: str, default: str) -> str:
    return str((state.get("options") or {}).get(key, default))


def search_dice(state: State, system: str) -> int:
    """Blue dice rolled at ``system``: one per Imperial ship there, plus scan cards (GCW-BASE-02)."""
    return search_count(state, system).dice


def search_count(state: State, system: str) -> DiceCount:
    """How :func:`search_dice` counts the blue dice at ``system``, in the game's words: ``2d8 for 2
    Imperial ships at Hoth (GCW-BASE-02), +1 for the Empire's scan card of Ord Mantell: 3d8``; none
    without a ship."""
    ships = sum(1 for f in fleets_at(state, system, "Empire") for u in fleet_units(state, f) if is_ship(u))
    count = DiceCount(ships, f"{ships} Imperial ship{'s' if ships != 1 else ''} at {system}, 1 blue die each (GCW-BASE-02)")
    if not ships:
        return count
    for near in [system, *rules().adjacent[system]]:
        sc = rules().cards[near]["Empire"]
        if sc.effect == "scan" and card_applies(state, "Empire", near):
            count = count.step(f"the Empire's scan card of {near}", sc.amount)
    return count


def base_active(state: State) -> bool:
    base = state["base"]
    return base["system"] is not None and int(base["operational_from"]) <= int(state["turn"])


def stage_search(state: State) -> list[Event]:
    """One blue die per Imperial ship on the map, in the open; any ACC anywhere reveals the base
    (GCW-BASE-02/03/04, GCW-GAP-29). Without one, nothing is learned, not even which systems are empty.
    Under the GM option ``base_search=at_base`` only an ACC rolled in the base's own system reveals it."""
    base = state["base"]
    turn = int(state["turn"])
    if turn < int(rules().const["secret_base"]["earliest_discovery_turn"]) or base["found"] or not base_active(state):
        return []
    events: list[Event] = []
    faces = rules().faces["blue"]
    dice = Ruleset_dice(state)
    at_base = _option(state, "base_search", "anywhere") == "at_base"
    acc = 0
    for system in sorted(rules().systems):
        count = search_count(state, system)
        n = count.dice
        if not count.base:
            continue
        values = dice.roll(n, 8, f"base search at {system}: blue", why=count)
        events += dice.drain()
        got = [faces[v - 1] for v in values]
        if not at_base or system == base["system"]:
            acc += got.count("accuracy")
        events.append(log(state, "search", f"Search at {system}: {', '.join(got)}", system=system, acc=got.count("accuracy")))
    state["dice"] = dice.to_state()
    if not acc:
        if events:
            what = ("no ACC where the base is: the base is not found" if at_base
                    else "No ACC on any search die: nothing is learned about the Rebel base")
            events.append(log(state, "search", what[:1].upper() + what[1:], acc=0))
        return events
    system = base["system"]
    base["found"] = True
    base["found_turn"] = turn
    events.append(log(state, "search", f"{acc} ACC on the search dice: the Rebel base is found at {system}", system=system, acc=acc))
    return events + reveal(state, base["record"])


# -- 5. destruction, 6. bonus -------------------------------------------------------------------------
def destroy_base(state: State, how: str) -> list[Event]:
    base = state["base"]
    system = base["system"]
    events = [log(state, "base", f"The Rebel base at {system} is destroyed by {how}", system=system)]
    if base["record"] and not state["sealed"][base["record"]]["revealed"]:
        events += reveal(state, base["record"])
    base["destroyed"] = int(base["destroyed"]) + 1
    base["destroyed_turn"] = state["turn"]
    base["last"] = system
    base["system"] = None
    base["record"] = None
    base["found"] = False
    base["found_turn"] = None
    amount = int(rules().const["secret_base"]["destroyed_bonus"])
    state["resource"]["pending"].append({"kind": "take", "side": "Empire", "amount": amount, "why": "the base destroyed"})
    state["resource"]["pending"].append({"kind": "rebuild", "side": "Rebel", "exclude": system})
    return events


def stage_destroy(state: State) -> list[Event]:
    """From turn 6, an Imperial fleet alone in the base's system destroys it, found or not (GCW-BASE-07, GCW-GAP-30).
    GM option ``base_destruction``: ``after_found`` only once the base was found (this phase's search counts),
    ``from_turn_1`` from turn 1, found or not. A base rebuilt this turn is never destroyed (GCW-BASE-11)."""
    base = state["base"]
    when = _option(state, "base_destruction", "from_turn_6")
    first = 1 if when == "from_turn_1" else int(rules().const["secret_base"]["earliest_discovery_turn"])
    if int(state["turn"]) < first or not base_active(state) or (when == "after_found" and not base["found"]):
        return []
    system = base["system"]
    if fleets_at(state, system, "Empire") and not fleets_at(state, system, "Rebel"):
        return destroy_base(state, f"the Imperial fleet {', '.join(fleets_at(state, system, 'Empire'))}")
    return []


def stage_bonus(state: State) -> list[Event]:
    base = state["base"]
    if base["found"] and base["found_turn"] is not None and int(base["found_turn"]) < int(state["turn"]) and base["system"]:
        state["resource"]["pending"].append({"kind": "take", "side": "Empire",
                                              "amount": int(rules().const["secret_base"]["found_bonus"]), "why": "the base found"})
    return []


def take(state: State, kind: str) -> list[Event]:
    job = state["resource"]["pending"].pop(0)
    key = "vp" if kind.upper() == "VP" else "rp"
    state["sides"]["Empire"][key] += int(job["amount"])
    state["step"] = None
    return [log(state, "base", f"Empire takes {job['amount']} {key.upper()} for {job['why']}", amount=job["amount"], taken=key,
                ledger=[["Empire", key, int(job["amount"])]])]


def rebuild_options(state: State, exclude: str | None) -> list[str]:
    """Where the Rebel may rebuild a base (GCW-GAP-32)."""
    banned = set(rules().const["setup"]["forbidden_for_rebel"])
    return sorted(s for s in rules().systems if s != exclude and s not in banned and not state["systems"][s]["destroyed"])


def rebuild(state: State, system: str) -> list[Event]:
    """The Rebel seals a new base, operational next turn (GCW-BASE-10/11)."""
    state["resource"]["pending"].pop(0)
    state["step"] = None
    rid, events = seal(state, "Rebel", "base", {"base": system}, "the new Secret Base")
    base = state["base"]
    base.update({"system": system, "record": rid, "found": False, "found_turn": None,
                 "operational_from": int(state["turn"]) + 1})
    return events


# -- 7. Total Rebel victory ---------------------------------------------------------------------------
def stage_rebel_victory(state: State) -> list[Event]:
    need = rules().const["victory"]["total_rebel_systems"]
    if all(controls(state, "Rebel", s) for s in need):
        return end_game(state, ["Rebel"], "Total Rebel victory: the Rebels control Coruscant, Eriadu and Kuat")
    return []


def end_game(state: State, winners: list[str], reason: str) -> list[Event]:
    """The game ends; every sealed record is revealed (model.end_game)."""
    return model_end_game(state, winners, reason)


# -- 8. income and catch-up ---------------------------------------------------------------------------
def income(state: State, side: str) -> int:
    """RP income: 10 x turn + own card values of controlled systems (GCW-RES-03/04, GCW-GAP-26)."""
    total = int(rules().const["resources"]["rp_per_turn"]) * int(state["turn"])
    for system, cards in rules().cards.items():
        if controls(state, side, system) and state["systems"][system]["cards"][side] == "up":
            total += cards[side].value
    return total


def catch_up(turn: int, value: int) -> int:
    """Might of the Empire / Fires of Rebellion: RP to bring value to 180 + 10 x turn (GCW-CATCHUP-01)."""
    const = rules().const["resources"]
    return max(0, int(const["catch_up_base"]) + int(const["catch_up_per_turn"]) * turn - value)


def stage_income(state: State) -> list[Event]:
    turn = int(state["turn"])
    if turn >= int(state["turns"]):
        return [log(state, "income", "The last turn: no RP are gained (GCW-RES-05)")]
    events = []
    for side in ("Empire", "Rebel"):
        gain = income(state, side)
        state["sides"][side]["rp"] += gain
        extra = catch_up(turn, total_value(state, side))
        state["sides"][side]["rp"] += extra
        text = f"{side} gains {gain} RP"
        if extra:
            text += f" and {extra} RP from {'Might of the Empire' if side == 'Empire' else 'Fires of Rebellion'}"
        events.append(log(state, "income", text + f" ({state['sides'][side]['rp']} RP banked)", side=side, rp=gain, catch_up=extra,
                          ledger=[[side, "rp", gain + extra]]))
    return events


# -- 9. purchases -------------------------------------------------------------------------------------
def stage_buy(state: State) -> list[Event]:
    steps.wait(state, "buy", ["Empire", "Rebel"])
    return []


def buy_cost(state: State, side: str, code: str) -> tuple[int, str]:
    """The RP cost of a card and a refusal reason ('' if it may be bought)."""
    data = rules()
    c = card(code)
    cost = data.cost(code)
    if c.unique:
        if c.unique in uniques_held(state, side):
            return cost, f"{side} already has the unique {c.unique}"
        lost = state["sides"][side]["lost"].get(c.unique)
        if lost is not None:
            if int(lost) >= int(state["turn"]):
                return cost * 2, f"{c.unique} was destroyed this turn; it may return on a later turn"
            cost *= 2
    return cost, ""


def buy(state: State, side: str, code: str, ship: str | None, line: str) -> list[Event]:
    """Buy a reinforcement (GCW-REINF-01..06, GCW-UNIQUE-01)."""
    c = card(code)
    cost, why = buy_cost(state, side, code)
    if why:
        raise OrderError(f"{line!r}: {why}")
    if cost > state["sides"][side]["rp"]:
        raise OrderError(f"{line!r}: costs {cost} RP and {side} has {state['sides'][side]['rp']} RP")
    lost = state["sides"][side]["lost"]
    note = ""
    if c.kind in ("ship", "squadron"):
        if ship:
            raise OrderError(f"{line!r}: ships and squadrons go to the force pool; write 'buy {code}'")
        uid = new_unit(state, side, code)
        where = f"{uid} in the force pool"
    else:
        if ship is None:
            if c.type not in ("commander", "officer"):
                raise OrderError(f"{line!r}: {c.name} must be fitted to a ship: 'buy {code} for <ship>'")
            uid = new_unit(state, side, code)
            where = f"{uid} in the force pool"
        else:
            unit = state["units"].get(ship)
            if unit is None or unit["side"] != side or card(unit["code"]).kind != "ship":
                raise OrderError(f"{line!r}: {ship!r} is not one of your ships")
            if unit["fleet"] != "pool" and not entry_ok(state, side, state["fleets"][unit["fleet"]]["system"]):
                raise OrderError(f"{line!r}: {ship} is not in the force pool or at an entry system, where upgrades can be fitted (GCW-GAP-27)")
            if c.ships and not any(unit["code"].startswith(p) for p in c.ships):
                raise OrderError(f"{line!r}: the title {c.name} fits only {', '.join(c.ships)} ships")
            for old in list(unit["upgrades"]):
                if card(old).type == c.type:
                    if card(old).type == "title":
                        raise OrderError(f"{line!r}: {ship} carries the title {card(old).name}, which cannot be replaced")
                    unit["upgrades"].remove(old)
                    note = f", discarding {card(old).name}"
            if c.type == "commander" and unit["fleet"] != "pool":
                held = [u["id"] for u in fleet_units(state, unit["fleet"]) if u["id"] != ship
                        and any(card(up).type == "commander" for up in u.get("upgrades", []))]
                if held:
                    raise OrderError(f"{line!r}: fleet {unit['fleet']} already has a Commander on {', '.join(held)}, and a fleet "
                                     f"cannot have more than one (GCW-REORG-07); fit it to a ship of a fleet without one, "
                                     f"or buy it loose: 'buy {code}'")
            unit["upgrades"].append(code)
            where = f"{ship}{note}"
    if c.unique and c.unique in lost:
        del lost[c.unique]
        note = " (a destroyed unique, bought back at double cost)"
    state["sides"][side]["rp"] -= cost
    return [log(state, "buy", f"{side} buys {c.name} for {cost} RP: {where}{note if c.unique else ''}", side=side, code=code, cost=cost,
                ledger=[[side, "rp", -cost]])]


# -- 10. final scoring --------------------------------------------------------------------------------
def final_scores(state: State) -> dict[str, int]:
    """Campaign VP; the Rebel adds half his fleet points, rounded up (GCW-WIN-03, GCW-GAP-38)."""
    rebel_fleet = total_value(state, "Rebel")
    return {"Empire": int(state["sides"]["Empire"]["vp"]),
            "Rebel": int(state["sides"]["Rebel"]["vp"]) + (rebel_fleet + 1) // 2}


def stage_final(state: State) -> list[Event]:
    if int(state["turn"]) < int(state["turns"]):
        state["phase"] = "next"
        state["history"].append({"turn": state["turn"], "vp": {s: state["sides"][s]["vp"] for s in ("Empire", "Rebel")},
                                 "rp": {s: state["sides"][s]["rp"] for s in ("Empire", "Rebel")}})
        return [log(state, "turn", f"Turn {int(state['turn']) + 1} of {state['turns']} begins")] if int(state["turn"]) < int(state["turns"]) else []
    scores = final_scores(state)
    if scores["Empire"] == scores["Rebel"]:
        return end_game(state, [], f"A draw at {scores['Empire']} VP each (Rebel VP include half his fleet points)")
    winner = max(scores, key=lambda s: scores[s])
    return end_game(state, [winner], f"Regular victory for the {winner}: Empire {scores['Empire']} VP, Rebel {scores['Rebel']} VP "
                                     f"(with half his fleet points)")
