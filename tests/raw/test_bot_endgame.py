"""The Republic at War bot finishes the war (issue 31): it presses for the last worlds Supremacy needs,
concedes a war it cannot win any more, and every all-bot game with default options ends by the rules.
Seats: al, cy, ed are GAR (al the Grand Admiral); bo, di, fa are CIS (bo the Grand Admiral).
"""
from __future__ import annotations

import pytest

from core.errors import HolotableError
from core.registry import find_ruleset
from core.rulesets.raw.bot import play as bot_orders
from core.session import Session

from raw_helpers import SEATS6, Game

RULES = find_ruleset("raw")
#: an all-bot game with default options must end within this many turns (the rules have no limit)
TURN_BUDGET = 80
SEATS = {"GAR": ("al", "cy", "ed"), "CIS": ("bo", "di", "fa")}


def galaxy_held_by_cis(game: Game, keep_gar: tuple[str, ...], turn: int) -> None:
    """Every world to the CIS seats in turn, except ``keep_gar`` (to al, 10 GF each); the game at ``turn``."""
    seats = SEATS["CIS"]
    for i, name in enumerate(sorted(game.state["planets"])):
        if name in keep_gar:
            game.give(name, "al", gf=10)
        else:
            game.give(name, seats[i % 3], gf=5)
    game.state["turn"] = turn


def test_game05_a_hopeless_team_concedes():
    """RAW-GAME-05 RAW-GAP-41: a team down to 2 worlds against 48 acknowledges the other team's supremacy: the Grand
    Admiral's bot concedes and the game ends with the other team the winner; the winning side never concedes."""
    game = Game(seed="bot-concede")
    galaxy_held_by_cis(game, ("Coruscant", "Kuat"), turn=30)
    orders = bot_orders(RULES.view(game.state, "al"), "al")
    assert orders == ["concede"], f"GAR (2 worlds against 48) should concede, not order {orders[:6]}"
    assert "concede" not in bot_orders(RULES.view(game.state, "bo"), "bo"), "the winning side never concedes"
    game.order("al", "concede")
    outcome = game.session.outcome()
    assert outcome is not None and outcome.winners == ("CIS",), f"the concession must end the game for CIS: {outcome}"


def test_game05_no_concession_while_the_war_is_open():
    """RAW-GAME-05: early on, or with a fair share of the galaxy, the bot plays on."""
    game = Game(seed="bot-no-concede")
    galaxy_held_by_cis(game, ("Coruscant", "Kuat"), turn=5)
    assert "concede" not in bot_orders(RULES.view(game.state, "al"), "al"), "no concession before the game had its chance"
    game = Game(seed="bot-no-concede-2")
    game.state["turn"] = 60
    assert "concede" not in bot_orders(RULES.view(game.state, "al"), "al"), "14 worlds against 14 is an open war"


def test_vp02_the_bot_presses_for_the_last_world():
    """RAW-VP-02: with the enemy down to its capital, a CIS fleet with troops next door goes in and assaults it,
    though it cannot see what waits in orbit (late in the war the bot no longer fears an unseen fleet it cannot
    measure: Supremacy needs that world)."""
    game = Game(seed="bot-press")
    galaxy_held_by_cis(game, ("Coruscant",), turn=70)
    ships = [game.unit("bo", "PrD", "Anaxes", gf=3) for _ in range(3)]
    orders = bot_orders(RULES.view(game.state, "bo"), "bo")
    jumps = [o for o in orders if o.startswith("jump ") and o.endswith(" Coruscant") and " deep " not in o]
    moved = {s for o in jumps for s in o.split()[1].split(",")}
    assert set(ships) <= moved, f"the fleet with 9 GF aboard must jump to Coruscant: {orders}"
    assert any(o.startswith("assault Coruscant") for o in orders), f"and assault it: {orders}"
    for text in orders:
        game.order("bo", text)


def play_all_bots(seed: str) -> Session:
    """Six normal bots, default options, until the game ends or TURN_BUDGET turns have passed."""
    session = Session.new("raw", SEATS6, seed=seed)
    while session.outcome() is None and session.turn <= TURN_BUDGET:
        for seat in session.seats():
            if session.outcome() is not None:
                break
            for text in bot_orders(RULES.view(session.state, seat), seat):
                try:
                    session.order(seat, seat, text)
                except HolotableError as exc:
                    raise AssertionError(f"turn {session.turn}: the engine refused {seat}'s order {text!r}: {exc}") from exc
        if session.outcome() is None:
            session.resolve("gm")
    return session


@pytest.mark.parametrize("seed", ["bots-raw-1", "bots-raw-2", "bots-raw-3", "bots-raw-4"])
def test_game04_all_bot_game_ends_by_the_rules(seed):
    """RAW-GAME-04 RAW-GAME-05 RAW-VP-02: an all-bot game (3 against 3, default options, no turn limit) ends by the
    rules, 10 VP or a concession, within TURN_BUDGET turns; these seeds once ran for thousands of turns."""
    session = play_all_bots(seed)
    outcome = session.outcome()
    assert outcome is not None, f"{seed}: no end after {TURN_BUDGET} turns"
    assert "victory points" in outcome.reason or "supremacy" in outcome.reason, f"{seed}: ended by {outcome.reason}"
    assert outcome.winners, f"{seed}: no winner: {outcome.reason}"


def split_galaxy(game: Game, gar_worlds: int, turn: int) -> None:
    """The first ``gar_worlds`` worlds (by name) to the GAR seats, the rest to the CIS seats, and both teams know
    who holds what (as after a long war); the game at ``turn``."""
    for i, name in enumerate(sorted(game.state["planets"])):
        side = "GAR" if i < gar_worlds else "CIS"
        game.give(name, SEATS[side][i % 3], gf=5)
        for team in ("GAR", "CIS"):
            game.state["known"][team][name] = {"side": side, "turn": turn - 1}
    game.state["turn"] = turn


def test_game05_a_stalemate_that_lasts_ends_in_a_concession():
    """RAW-GAME-05: no stalemate loops: a team still clearly behind (22 worlds to 28) after 85 turns concedes; the
    same war at turn 30 goes on, and so does a dead-even one however long it lasts."""
    game = Game(seed="bot-stalemate")
    split_galaxy(game, 22, turn=85)
    assert bot_orders(RULES.view(game.state, "al"), "al") == ["concede"], "22 worlds to 28 at turn 85: GAR concedes"
    game.state["turn"] = 30
    assert "concede" not in bot_orders(RULES.view(game.state, "al"), "al"), "22 to 28 at turn 30 is an open war"
    even = Game(seed="bot-even")
    split_galaxy(even, 25, turn=150)
    assert "concede" not in bot_orders(RULES.view(even.state, "al"), "al"), "25 to 25: nobody is behind"
