"""Republic at War invariants (core/rulesets/raw/invariants.py): each one catches the fault it names, and holds
through a turn played by orders. The conformance playouts and tests/raw/test_properties_raw.py call them at every step."""
from __future__ import annotations

import copy

from core.registry import find_ruleset
from core.events import event
from raw_helpers import Game

RAW = find_ruleset("raw")


def played() -> tuple[Game, dict, list]:
    """A turn with builds, loads, a jump and an assault: (game, state before, events)."""
    game = Game(seed="inv")
    game.give("Raxus", "bo", gf=1)
    game.unit("al", "Ac1", "Raxus", gf=3)
    game.order("al", "assault Raxus")
    game.order("cy", "build Coruscant GF 2")
    game.order("bo", "build Raxus GF")
    before = copy.deepcopy(game.state)
    return game, before, game.resolve()


def test_invariants_hold_through_a_played_turn():
    """GF, units and production are accounted for by the turn's own events: no violation."""
    game, before, events = played()
    assert RAW.invariants(before, game.state, events) == [], RAW.invariants(before, game.state, events)


def test_invariants_catch_vanished_or_conjured_ground_forces():
    """A GF lost or made with no logged cause is a violation (issue 10, point 1: the ship left holding -4 GF)."""
    game, before, events = played()
    after = copy.deepcopy(game.state)
    ship = next(u for u, x in after["units"].items() if x["owner"] == "al")
    after["units"][ship]["gf"] -= 4
    problems = RAW.invariants(before, after, events)
    assert any("ground forces not conserved: the total moved by" in p for p in problems), problems
    assert any(f"fewer than 0 GF at {ship}" in p for p in problems), problems


def test_invariants_catch_units_without_build_or_destroyed_events():
    game, before, events = played()
    after = copy.deepcopy(game.state)
    after["units"]["Z9"] = dict(next(iter(after["units"].values())))
    gone = next(u for u in before["units"] if u in after["units"] and u != "Z9")
    del after["units"][gone]
    problems = RAW.invariants(before, after, events)
    assert any("units appeared without a build event: Z9" in p for p in problems), problems
    assert any(f"units vanished without a destroyed event: {gone}" in p for p in problems), problems


def test_invariants_catch_a_broken_cap_and_overfull_ship():
    """RAW-CAP-01..03 and RAW-JUMP-02 as invariants: 470 ship points at one place, 8 GF in a capacity-4 ship."""
    game = Game()
    for _ in range(4):
        game.unit("al", "Vc1", "Scipio")
    ship = game.unit("al", "Ac1", "Scipio", gf=8)
    problems = RAW.invariants(game.state, game.state, [])
    assert any("GAR has 470 ship and 0 squadron points at Scipio" in p for p in problems), problems
    assert any(f"{ship} (Ac1) carries 8, over its capacity 4" in p for p in problems), problems


def test_invariants_catch_bad_viewers_and_orders_that_move_the_galaxy():
    """Every event's viewers are seats, teams, the GM or all ("Mandalore" is none: the fault of issue 10, point 13);
    an order changes only the sheets."""
    game = Game()
    before = copy.deepcopy(game.state)
    bad = [event("move", "a fleet moves", list("Mandalore"), 1)]
    problems = RAW.invariants(before, game.state, bad)
    assert any("has viewers ['M', 'a'" in p for p in problems), problems
    after = copy.deepcopy(before)
    after["planets"]["Kuat"]["gf"] += 1
    problems = RAW.invariants(before, after, [])
    assert any("an order changed more than the order sheets: planets" in p for p in problems), problems


def test_invariants_catch_unlogged_production_changes():
    game = Game()
    before = copy.deepcopy(game.state)
    after = copy.deepcopy(before)
    after["planets"]["Kuat"]["production"] -= 1
    after["turn"] += 1
    problems = RAW.invariants(before, after, [])
    assert any("Kuat's production moved by -1 but the events account for +0" in p for p in problems), problems
