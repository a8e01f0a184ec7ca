"""The tournament entries, one per rule system (see :mod:`tournament`): how a system's game is set up
for a set of players and played to its end with default options.

To add a system, write its ``play_<system>(seed, players, first) -> Result`` and its matches, and list
an :class:`tournament.Entry` in :data:`ENTRIES`.
"""
from __future__ import annotations

import os
import random
import re
from typing import Any, Callable

from core.bots import random_orders
from core.errors import HolotableError
from core.registry import find_ruleset
from core.session import Session

from tournament import UNFINISHED, Entry, Match, Result

#: turns after which a game that has not ended counts as unfinished (the rules have no turn limit)
RAW_CAP = int(os.environ.get("BENCH_RAW_CAP", "150"))
GCW_STEPS = 4000


def _random_seat(session: Session, seat: str, rng: random.Random) -> int:
    """Random legal play for ``seat``: its orders, else a pass, else the GM forces the step (as at a
    deadline). Returns 1 if the GM had to force it."""
    before = len(session.record["journal"])
    for text in random_orders(session.ruleset, session.state, seat, rng):
        try:
            session.order(seat, seat, text)
        except HolotableError:
            pass
        if seat not in session.awaiting():
            break
    if seat in session.awaiting() and len(session.record["journal"]) == before:
        try:
            session.order(seat, seat, "pass")
        except HolotableError:
            session.resolve("gm")
            return 1
    return 0


# -- Republic at War ----------------------------------------------------------------------------------
def raw_ending(reason: str) -> str:
    """What ended a Republic at War game, in the rules' words."""
    if "acknowledged the supremacy" in reason:
        return "concession (RAW-GAME-05)"
    if "victory points" in reason:
        return "10 VP (RAW-GAME-04)"
    if "turn limit" in reason:
        return "GM's turn limit"
    return reason


def play_raw(seed: str, players: dict[str, str], first: str) -> Result:
    """A 6-seat game (3 against 3), sides alternating at the table from ``first``; default options."""
    from core.rulesets.raw.bot import play as bot_orders
    rules = find_ruleset("raw")
    other = "CIS" if first == "GAR" else "GAR"
    table = [(f"p{i}", first if i % 2 == 0 else other) for i in range(6)]
    session = Session.new("raw", table, seed=seed)
    rngs = {n: random.Random(f"{seed}-{n}") for n, _ in table}
    while session.outcome() is None and session.turn <= RAW_CAP:
        for name, side in table:
            if session.outcome() is not None:
                break
            player = players[side]
            if player == "random":
                orders = random_orders(rules, session.state, name, rngs[name])
            else:
                orders = bot_orders(rules.view(session.state, name), name, "normal" if player == "bot" else player)
            for text in orders:
                try:
                    session.order(name, name, text)
                except HolotableError:
                    pass
        if session.outcome() is None:
            session.resolve("gm")
    outcome = session.outcome()
    if outcome is None:
        return Result((), session.turn, UNFINISHED)
    return Result(tuple(outcome.winners), session.turn, raw_ending(outcome.reason))


def raw_matches(games: int) -> list[Match]:
    return [Match("random", "normal", "random", games), Match("order", "normal", "normal", games),
            Match("levels", "hard", "normal", games)]


# -- Galactic Civil War -------------------------------------------------------------------------------
def gcw_ending(reason: str) -> str:
    """What ended a GCW campaign: the kind of victory (or draw), without the scores."""
    head = reason.split(":")[0]
    return "".join(ch for ch in head if not ch.isdigit()).strip()


def _drive(session: Session, seed: str, seats: list[Any], steps: int,
           referee: Callable[[Session], bool] | None = None, turns: int | None = None) -> int:
    """Play ``session`` until it ends, ``steps`` run out or it passes turn ``turns``: bots through the
    session, each seat that is not a bot by random legal play, and a step nobody takes forced by the
    GM; the GM's forced steps. ``referee``, asked first at each step, is the GM's own judgement where
    the system leaves one to it (True when it acted)."""
    randoms = {name: random.Random(f"{seed}-{name}") for name, _side, bot in seats if not bot}
    forced = 0
    for _ in range(steps):
        if session.outcome() is not None or (turns is not None and session.turn > turns):
            break
        if referee is not None and referee(session):
            continue
        awaited = [s for s in session.awaiting() if s in randoms]
        if awaited:
            forced += _random_seat(session, awaited[0], randoms[awaited[0]])
            continue
        before = len(session.record["journal"])
        session.play_bots()
        if session.outcome() is None and len(session.record["journal"]) == before:
            session.resolve("gm")
            forced += 1
    return forced


def _gcw_referee(bot_side: str) -> Callable[[Session], bool]:
    """The GM of a bot-against-random game at differing battle reports (GCW-GAP-03, the GM's ruling):
    it rules for the bot's report, the auto-resolved battle whose dice are on the record, as a GM who
    reads the rolls would. A random player's report is a random claim (every unit of its own
    survived, say), and the forced default (each unit's fate as its owner reported it) would let
    that claim stand for its own units: the tournament would measure the forced default, not the bot."""
    from core.rulesets.gcw.bot import report_text

    def rule(session: Session) -> bool:
        facts = session.view("gm").get("facts") or {}
        step, battle = facts.get("step") or {}, facts.get("battle") or {}
        if step.get("kind") != "ruling" or bot_side in step.get("sides", []):
            return False  # no ruling due, or the bot has still to answer the other report
        sealed = {r["id"]: r for r in facts.get("sealed", [])}
        content = (sealed.get(battle.get("reports", {}).get(bot_side, "")) or {}).get("content")
        if content is None:
            return False
        seat = sorted(session.awaiting())[0]  # the GM's order goes in at a seat the step awaits
        session.order("gm", seat, f"ruling {battle['id']} {report_text(content)}".strip())
        return True
    return rule


def play_gcw(seed: str, players: dict[str, str], first: str) -> Result:
    """A 12-turn campaign with default options (battles reported, no auto-resolve); bots play their
    seats through the session, random play its own; a step nobody takes is forced by the GM."""
    seats: list[Any] = [("emp", "Empire", players["Empire"] != "random"), ("reb", "Rebel", players["Rebel"] != "random")]
    if first == "Rebel":
        seats.reverse()
    session = Session.new("gcw", seats, seed=seed, secret=f"{seed}-secret")
    bots = [side for _name, side, bot in seats if bot]
    forced = _drive(session, seed, seats, GCW_STEPS, _gcw_referee(bots[0]) if len(bots) == 1 else None)
    outcome = session.outcome()
    if outcome is None:
        return Result((), session.turn, UNFINISHED, forced)
    return Result(tuple(outcome.winners), session.turn, gcw_ending(outcome.reason), forced)


def gcw_matches(games: int) -> list[Match]:
    return [Match("random", "bot", "random", games), Match("order", "bot", "bot", games)]


# -- RiftWar and Pocket Models: two seats through the session ------------------------------------------
SESSION_STEPS = 3000
#: A game still going after this many turns (phases) is unfinished: a RiftWar annihilation can deadlock
#: by the rules (a unit sealed in a corner by a wreck: no way in or out, no line of sight, and no phase
#: limit by default, RIFT-GAP-07), and each of its 3000 steps would be 200 bot orders.
SESSION_TURNS = 400


def play_session(system: str, scenario: str, seed: str, players: dict[str, str], first: str) -> Result:
    """A two-seat game of ``system``'s ``scenario`` with default options: bots play their seats through
    the session, random play its own, a step nobody takes is forced by the GM; ``first`` sits first."""
    sides = list(players)
    if first != sides[0]:
        sides.reverse()
    seats: list[Any] = [(f"p{i}", side, players[side] != "random") for i, side in enumerate(sides)]
    session = Session.new(system, seats, scenario=scenario, seed=seed, secret=f"{seed}-secret")
    forced = _drive(session, seed, seats, SESSION_STEPS, turns=SESSION_TURNS)
    outcome = session.outcome()
    if outcome is None:
        return Result((), session.turn, UNFINISHED, forced)
    ending = re.sub(r"\s*\([^)]*\)", "", outcome.reason).split(":")[0].split(";")[0]  # "p1 (Separatists) is the last army"
    for name, _side, _bot in seats:
        ending = ending.replace(name, "a seat")  # what ended it, not who nor by how much
    return Result(tuple(outcome.winners), session.turn, ending[:60], forced)


def play_rift_annihilation(seed: str, players: dict[str, str], first: str) -> Result:
    """RiftWar's annihilation (the last army on the field wins), Republic against Separatists."""
    return play_session("rift", "annihilation", seed, players, first)


def play_rift_skirmish(seed: str, players: dict[str, str], first: str) -> Result:
    """RiftWar's twelve-phase skirmish, Republic against Separatists."""
    return play_session("rift", "skirmish", seed, players, first)


def play_swpm(seed: str, players: dict[str, str], first: str) -> Result:
    """Pocket Models' skirmish, P1 against P2."""
    return play_session("swpm", "skirmish", seed, players, first)


def two_seat_matches(games: int) -> list[Match]:
    return [Match("random", "bot", "random", games), Match("order", "bot", "bot", games)]


ENTRIES: dict[str, Entry] = {
    "raw": Entry("raw", ("GAR", "CIS"), play_raw, raw_matches),
    "gcw": Entry("gcw", ("Empire", "Rebel"), play_gcw, gcw_matches),
    "rift-annihilation": Entry("rift-annihilation", ("Republic", "Separatists"), play_rift_annihilation, two_seat_matches),
    "rift-skirmish": Entry("rift-skirmish", ("Republic", "Separatists"), play_rift_skirmish, two_seat_matches),
    "swpm": Entry("swpm", ("P1", "P2"), play_swpm, two_seat_matches),
}
