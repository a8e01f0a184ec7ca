"""The Republic at War bot (core/rulesets/raw/bot.py) and random legal play (core/bots.py).

The bot plays from its seat's view only: its orders are all accepted by the engine, it answers a
forced retreat, hidden changes to the state never change its orders, and it takes planets.
Seats: al, cy, ed are GAR; bo, di, fa are CIS (see conftest.py).
"""
from __future__ import annotations

import copy
import json
import random
from collections import Counter

import pytest

from core.bots import random_orders
from core.errors import HolotableError
from core.registry import find_ruleset
from core.rulesets.raw.bot import LEVELS, level_of, play as bot_orders
from core.session import Session

from raw_helpers import SEATS6, Game

RULES = find_ruleset("raw")


def bot_turns(session: Session, turns: int, levels: dict[str, str] | None = None) -> Counter:
    """Every seat orders with the bot (its level from ``levels``, else normal) for ``turns`` turns; returns the refusals."""
    refused: Counter = Counter()
    for _ in range(turns):
        if session.outcome() is not None:
            break
        for seat in session.seats():
            view = RULES.view(session.state, seat)
            for text in bot_orders(view, seat, (levels or {}).get(seat)):
                try:
                    session.order(seat, seat, text)
                except HolotableError as exc:
                    refused[f"{seat}: {exc}"] += 1
        session.resolve("gm")
    return refused


def team_planets(state: dict, side: str) -> int:
    return sum(1 for p in state["planets"].values() if p["owner"] and state["seats"][p["owner"]]["side"] == side)


@pytest.mark.parametrize("seed", ["bot-a", "bot-b"])
def test_every_bot_order_is_accepted(seed):
    """Over several seeded turns, every order the bot gives (all three levels, both teams) is accepted: zero refusals."""
    session = Session.new("raw", SEATS6, seed=seed)
    levels = {"al": "hard", "bo": "hard", "cy": "normal", "di": "normal", "ed": "easy", "fa": "easy"}
    refused = bot_turns(session, 8, levels)
    assert not refused, f"the engine refused bot orders: {dict(refused)}"


def test_bot_orders_use_the_order_language():
    """Bot orders are the order book's verbs, and the seat plays only its own assets."""
    session = Session.new("raw", SEATS6, seed="bot-verbs")
    bot_turns(session, 3)
    verbs = {o["verb"] for sheet in session.state["sheets"].values() for o in sheet}
    bot_turns(session, 1)
    book = set(RULES.order_book().verbs())
    assert verbs <= book, f"unknown verbs {verbs - book}"
    for seat in session.seats():
        view = RULES.view(session.state, seat)
        for text in bot_orders(view, seat):
            assert text.split()[0] in book


def test_bot_captures_planets_over_ten_turns():
    """Bots take planets: after 10 turns both teams hold more than their 14 starting worlds."""
    session = Session.new("raw", SEATS6, seed="bot-grow")
    bot_turns(session, 10)
    for side in ("GAR", "CIS"):
        held = team_planets(session.state, side)
        assert held >= 18, f"{side} holds only {held} planets after 10 turns of bot play (started with 14)"


def test_bot_answers_a_forced_retreat():
    """RAW-RETREAT-02/03: every retreating ship of the bot jumps, and survives the Jump phase."""
    game = Game(seed="bot-retreat")
    ships = [game.unit("al", "Vc1", "Bothawui", retreat=True), game.unit("al", "CRL", "Bothawui", retreat=True, gf=1)]
    squad = game.unit("al", "ywing", "Bothawui", retreat=True)
    orders = bot_orders(RULES.view(game.state, "al"), "al")
    jumps = [o for o in orders if o.startswith("jump ")]
    moved = {s for o in jumps for s in o.split()[1].split(",")}
    assert set(ships) <= moved, f"retreating ships {ships} must all be ordered to jump; orders: {orders}"
    assert any(o.startswith("load ") and squad in o for o in orders), "the squadron left behind would be lost: it must be carried"
    for text in orders:
        game.order("al", text)
    events = game.resolve()
    lost = [e["text"] for e in events if e["kind"] == "destroyed" and any(u in e["text"] for u in ships + [squad])]
    assert not lost, f"a retreating unit of the bot was lost: {lost}"
    for uid in ships:
        assert game.state["units"][uid]["at"] != "Bothawui" and not game.state["units"][uid]["retreat"]


def test_bot_retreats_into_deep_space_when_no_friendly_world_is_near():
    """With no friendly world one jump away, the retreat goes to the deep space of its own system (RAW-MAP-03)."""
    game = Game(seed="bot-deep")
    ship = game.unit("bo", "PrD", "Alderaan", retreat=True)
    for p in ("Dathomir", "Malastare", "Humbarine", "Carida"):
        game.give(p, "al")
    orders = bot_orders(RULES.view(game.state, "bo"), "bo")
    assert f"jump {ship} deep Alderaan" in orders, orders
    for text in orders:
        game.order("bo", text)
    game.resolve()
    assert game.state["units"][ship]["at"].startswith("deep:Alderaan:")


def test_bot_aligned_neutral_forces_retreat_within_their_home_system():
    """RAW-NEUTRAL-06: aligned neutral forces under a forced retreat stay in their home system (its deep space)."""
    game = Game(seed="bot-home")
    game.give("Mandalore", "al")
    uid = next(u for u, x in game.state["units"].items() if x["owner"] == "neutral:Mandalore")
    game.state["units"][uid].update(owner="al", retreat=True)
    orders = bot_orders(RULES.view(game.state, "al"), "al")
    assert f"jump {uid} deep Mandalore" in orders, orders
    for text in orders:
        game.order("al", text)


def test_bot_orders_come_from_the_view_alone():
    """The bot needs nothing but the view's facts, as plain JSON data."""
    session = Session.new("raw", SEATS6, seed="bot-view")
    bot_turns(session, 4)
    for seat in session.seats():
        view = RULES.view(session.state, seat)
        facts_only = json.loads(json.dumps({"facts": view["facts"]}))
        assert bot_orders(facts_only, seat) == bot_orders(view, seat)


def test_hidden_changes_do_not_change_bot_orders():
    """Nothing the seat may not know (ruleset.hidden_changes) changes what the bot orders (RAW-GAP-42)."""
    session = Session.new("raw", SEATS6, seed="bot-hidden")
    bot_turns(session, 5)
    checked = 0
    for seat in session.seats():
        before = bot_orders(RULES.view(session.state, seat), seat)
        for what, change in RULES.hidden_changes(session.state, seat):
            trial = copy.deepcopy(session.state)
            change(trial)
            after = bot_orders(RULES.view(trial, seat), seat)
            assert after == before, f"{seat}'s orders changed when {what} changed"
            checked += 1
    assert checked > 20, "too few hidden changes were tried"


def test_bot_uses_the_special_actions():
    """Over a few turns the bots roll for alliances, scan with Spynet, improve production and load troops."""
    session = Session.new("raw", SEATS6, seed="bot-special")
    seen: Counter = Counter()
    for _ in range(4):
        for seat in session.seats():
            for text in bot_orders(RULES.view(session.state, seat), seat, "hard"):
                seen[text.split()[0]] += 1
                session.order(seat, seat, text)
        session.resolve("gm")
    for verb in ("ally", "scan", "improve", "build", "load", "jump", "assault"):
        assert seen[verb] > 0, f"no {verb!r} order in 4 turns: {dict(seen)}"


def test_bot_repairs_a_scarred_ship_at_its_planet():
    """RAW-REPAIR-03/04: a scarred ship in orbit of the bot's own unblockaded world is repaired there."""
    game = Game(seed="bot-repair")
    game.state["planets"]["Kamino"]["gf"] = 10
    uid = game.unit("al", "Vc1", "Kamino", scarred=True)
    orders = bot_orders(RULES.view(game.state, "al"), "al")
    assert f"repair {uid}" in orders, orders
    for text in orders:
        game.order("al", text)


def test_blockaded_world_builds_only_ground_forces():
    """RAW-BLOCKADE-02/03: at a blockaded world the bot builds GF only."""
    game = Game(seed="bot-blockade")
    game.state["planets"]["Kamino"]["blockaded"] = True
    orders = bot_orders(RULES.view(game.state, "al"), "al")
    kamino = [o for o in orders if o.startswith("build Kamino ")]
    assert kamino and all(o.split()[2] == "GF" for o in kamino), orders
    for text in orders:
        game.order("al", text)


def test_bot_takes_an_undefended_world_next_door():
    """A landing craft with troops next to an empty world jumps there and assaults it; the world is taken."""
    game = Game(seed="bot-grab")
    craft = game.unit("al", "CRL", "Bothawui", gf=2)
    orders = bot_orders(RULES.view(game.state, "al"), "al")
    assert any(o.startswith(f"jump {craft}") for o in orders), orders
    target = next(o.split()[-1] for o in orders if o.startswith(f"jump {craft}"))
    assert any(o.startswith(f"assault {target}") for o in orders), orders
    for text in orders:
        game.order("al", text)
    game.resolve()
    assert game.owner(target) == "al"


def test_hard_bot_hides_a_lifeboat_in_deep_space():
    """Hard keeps one cheap ship in deep space, so its navy is never wholly destroyed (RAW-VP-04)."""
    game = Game(seed="bot-lifeboat")
    game.unit("al", "CRL", "Kamino")
    game.unit("al", "Vc1", "Kamino")
    orders = bot_orders(RULES.view(game.state, "al"), "al", "hard")
    assert any(o.startswith("jump ") and " deep " in o for o in orders), orders
    assert not any(" deep " in o for o in bot_orders(RULES.view(game.state, "al"), "al", "normal") if o.startswith("jump "))


def test_levels():
    """Levels: easy, normal, hard; a seat name's suffix picks one; unknown levels are refused."""
    assert set(LEVELS) == {"easy", "normal", "hard"}
    assert level_of("al") == "normal"
    assert level_of("al-hard") == "hard" and level_of("bo_easy") == "easy"
    assert level_of("al-hard", "easy") == "easy"
    with pytest.raises(ValueError):
        level_of("al", "brutal")


def test_no_orders_after_the_game_or_for_the_gm():
    game = Game(seed="bot-over")
    view = RULES.view(game.state, "al")
    assert bot_orders({**view, "outcome": {"winners": ["CIS"]}}, "al") == []
    assert bot_orders(RULES.view(game.state, "gm"), "gm") == []


# -- random legal play ------------------------------------------------------------------------------
def test_random_orders_are_legal_and_leave_the_state_alone():
    """random_orders only returns orders the engine accepts, in order, and does not change the state given."""
    session = Session.new("raw", SEATS6, seed="random-legal")
    rng = random.Random(7)
    total = 0
    for _ in range(4):
        for seat in session.seats():
            before = json.dumps(session.state, sort_keys=True)
            orders = random_orders(RULES, session.state, seat, rng)
            assert json.dumps(session.state, sort_keys=True) == before, "random_orders changed the state"
            for text in orders:
                session.order(seat, seat, text)  # raises if refused
                total += 1
            assert not any(o.split()[0] == "concede" for o in orders)
        session.resolve("gm")
    assert total > 20, f"random play gave only {total} orders in 4 turns"


def test_random_orders_are_seeded():
    session = Session.new("raw", SEATS6, seed="random-seeded")
    a = random_orders(RULES, session.state, "al", random.Random(3))
    b = random_orders(RULES, session.state, "al", random.Random(3))
    assert a == b


def test_random_orders_for_a_seat_not_awaited():
    session = Session.new("raw", SEATS6, seed="random-over")
    session.state["over"] = {"winners": ["GAR"], "reason": "test"}
    assert random_orders(RULES, session.state, "al", random.Random(1)) == []


def test_random_play_never_concedes():
    """A concession ends the game at once: random play leaves it out."""
    session = Session.new("raw", SEATS6, seed="random-concede")
    rng = random.Random(11)
    for _ in range(3):
        for seat in session.seats():
            for text in random_orders(RULES, session.state, seat, rng, most=30, attempts=80):
                session.order(seat, seat, text)
        assert session.outcome() is None
        session.resolve("gm")


def test_bot_beats_random_play_quickly():
    """A short game: after 12 turns the bot's team holds clearly more worlds than the random team."""
    session = Session.new("raw", SEATS6, seed="bot-vs-random")
    rng = random.Random(5)
    for _ in range(12):
        for seat in session.seats():
            if session.side_of(seat) == "GAR":
                orders = bot_orders(RULES.view(session.state, seat), seat)
            else:
                orders = random_orders(RULES, session.state, seat, rng)
            for text in orders:
                session.order(seat, seat, text)
        session.resolve("gm")
        if session.outcome() is not None:
            break
    gar, cis = team_planets(session.state, "GAR"), team_planets(session.state, "CIS")
    assert gar >= 24 and gar > cis + 6, f"after 12 turns the bots hold {gar} worlds, random play {cis}"


# -- issue 12, point 8: bots never recurse on game-sized numbers ------------------------------------
def test_bots_handle_garrisons_of_twenty_thousand_gf():
    """Garrisons of 20,000+ GF (a GM's correction can make them) once gave the hard bot a RecursionError and the
    turn could never resolve. Every level now orders for every seat, the turn resolves, and the assault odds a
    player asks for come back, in well under the recursion limit's reach."""
    from core.rulesets.raw.bot_board import capture_chance
    game = Game(seed="huge")
    game.give("Raxus", "bo", gf=25_000)
    game.give("Geonosis", "cy", gf=20_000)
    carrier = game.unit("al", "Ac1", "Raxus", gf=4)
    game.unit("bo", "PrD", "Geonosis", gf=3)
    game.give("Bothawui", "al")                        # a Spynet world: al scans Raxus's garrison
    game.order("al", "scan Raxus")
    game.resolve()
    for level in ("easy", "normal", "hard"):
        for seat, _ in SEATS6:
            orders = bot_orders(RULES.view(game.state, seat), seat, level)
            assert isinstance(orders, list), f"{level} bot for {seat} gave {orders!r}"
    game.state["units"][carrier]["gf"] = 20_000        # a GM's correction: an army aboard, beyond any capacity
    odds = RULES.odds(game.state, "al", "assault Raxus")
    assert odds is not None and abs(float(odds.total()) - 1) < 1e-9, f"the odds must sum to 1: {odds}"
    for attackers, defenders in ((20_000, 25_000), (30, 25_000), (25_000, 15), (4, 25_000)):
        p = capture_chance(attackers, defenders, 1, False)
        assert 0.0 <= p <= 1.0, f"capture_chance({attackers}, {defenders}) = {p}"
    assert capture_chance(30, 25_000, 1, False) < 1e-9 and capture_chance(25_000, 15, 1, False) > 1 - 1e-9, "hopeless and certain stay so"


def test_bot_capture_chance_matches_the_exact_odds():
    """The bot's iterative capture table agrees with core.odds.ground_capture (exact fractions) where both apply."""
    from fractions import Fraction
    from core.odds import ground_capture
    from core.rulesets.raw.bot_board import capture_chance
    for attackers, defenders, bonus, ties in ((1, 1, 1, False), (3, 2, 0, True), (7, 5, 1, False), (12, 15, 0, True), (40, 30, 1, False)):
        exact = float(ground_capture(attackers, defenders, bonus, ties))
        assert abs(capture_chance(attackers, defenders, bonus, ties) - exact) < 1e-9, f"{attackers} v {defenders}: {exact}"
    assert ground_capture(3, 0, 1, False) == Fraction(1) and ground_capture(0, 3, 1, False) == Fraction(0)
