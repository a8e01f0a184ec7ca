"""GCW odds (issue 13): a move into an enemy fleet shows the auto-resolved battle's exact losses
(GCW-GAP-03), computed from the public fleets and equal to the auto-resolver's own play over every
roll; with battles at the table the odds say why there are none; a move where no enemy waits rolls
nothing."""
from __future__ import annotations

from fractions import Fraction

import gcw_helpers as g
from core.rulesets.gcw.battles import auto_report
from core.rulesets.gcw.model import is_ship, unit_points
from core.rulesets.gcw.odds import HIT, battle_losses


class _Plan:
    """Dice that roll 8 (a hit) or 1 (a miss) by a plan; counts the dice asked for past its end."""

    def __init__(self, plan: list[bool]) -> None:
        self.plan, self.used = plan, 0

    def roll(self, count: int, sides: int, purpose: str, viewers: object = None, why: object = None) -> list[int]:
        out = [8 if self.used + i < len(self.plan) and self.plan[self.used + i] else 1 for i in range(count)]
        self.used += count
        return out


def _engine_losses(state: dict, empire: list[str], rebel: list[str]) -> dict[tuple[int, int], Fraction]:
    """The auto-resolver played over every sequence of hits and misses, weighted by their chances."""
    points = {u: unit_points(state["units"][u]) for u in empire + rebel}
    battle = {"id": "B9", "unit_points": points, "units": {"Empire": list(empire), "Rebel": list(rebel)}}
    found: dict[tuple[int, int], Fraction] = {}
    plans: list[list[bool]] = [[]]
    while plans:
        plan = plans.pop()
        dice = _Plan(plan)
        report = auto_report(state, battle, dice)
        if dice.used > len(plan):
            plans += [plan + [False], plan + [True]]
            continue
        p = Fraction(1)
        for hit in plan:
            p *= HIT if hit else 1 - HIT
        dead = {u for u, (fate, _) in report["units"].items() if fate == "destroyed"}
        key = (sum(points[u] for u in dead if u in empire), sum(points[u] for u in dead if u in rebel))
        found[key] = found.get(key, Fraction(0)) + p
    return found


def test_GCW_GAP_03_auto_resolved_battle_odds_equal_the_resolver_over_every_roll() -> None:
    state = g.moving("odds", auto_resolve=True)
    empire = state["fleets"][g.add_fleet(state, "Empire", "Corellia", ["raider-1"])]["units"]
    rebel = state["fleets"][g.add_fleet(state, "Rebel", "Corellia", ["cr90-a", "x-wing"])]["units"]
    points = {u: unit_points(state["units"][u]) for u in empire + rebel}
    ships = frozenset(u for u in points if is_ship(state["units"][u]))
    exact = battle_losses(tuple(empire), tuple(rebel), points, ships)
    assert sum(exact.values()) == 1
    assert exact == _engine_losses(state, empire, rebel), "the odds must be the auto-resolver's own distribution"


def test_GCW_GAP_03_move_into_an_enemy_fleet_shows_the_battle_or_why_not() -> None:
    state = g.moving("odds", auto_resolve=True)
    g.give_action(state, "Empire")
    odds = g.R.odds(state, "ann", "move Aurek Yavin IV")
    assert odds is not None and odds.rows and odds.total() == 1, "an auto-resolved battle has exact odds"
    assert odds.title == "auto-resolved battle at Yavin IV: 175 pts against 172", odds.title
    assert all(label.startswith("we lose ") and ", they lose " in label for label, _ in odds.rows)
    assert g.R.odds(state, "ann", "move Aurek Corellia") is None, "no enemy there: no battle, no dice"
    table = g.moving("odds")
    g.give_action(table, "Empire")
    played = g.R.odds(table, "ann", "move Aurek Yavin IV")
    assert played is not None and not played.rows and "played at the table" in played.reason, \
        "a battle fought at the table gives the reason, not silence"


def test_completion_offers_the_systems_next_door_and_the_fleets_own_units_first() -> None:
    """A fleet moves one jump, so its neighbours come first; a split names the fleet's own units first."""
    from core.rulesets.gcw.data import rules
    state = g.moving("complete")
    g.give_action(state, "Empire")
    book, ctx = g.R.order_book(), g.R.context(state, "ann")
    near = rules().adjacent["Coruscant"]
    offered = [line.split(" ", 2)[2] for line in book.complete("move Aurek ", ctx)]
    assert offered[:len(near)] == near and len(offered) > len(near), offered[:8]
    g.add_fleet(state, "Empire", "Kuat", ["raider-1"])
    assert [line.split()[-1] for line in book.complete("split Aurek ", ctx)][:3] == ["E1", "E2", "E3"]
