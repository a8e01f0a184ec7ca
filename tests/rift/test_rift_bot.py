"""The RiftWar bot on hand-made positions: it fires when the odds are good, moves from cover to
cover where no enemy can react, does not walk across the open line of sight of enemies that can
react, and takes the risk of a move from the engine's own listed opportunities and move odds."""
from __future__ import annotations

import json
from fractions import Fraction

from core.rulesets.rift import RiftWar, bot, bot_moves, bot_reactions
from core.rulesets.rift.battle import living
from core.rulesets.rift.geometry import at_low, field_of
from rift_helpers import battle, order, unit


def lr(uid: str, owner: str, x: float, y: float, *traits: str, **extra) -> dict:
    return unit(uid, owner, "light", "ranged", traits, x, y, **extra)


def watchers() -> list[dict]:
    """Three enemy riflemen in the open south-west of the test field's bunker."""
    return [lr("B1", "bo", 5, 28), lr("B2", "bo", 7, 28), lr("B3", "bo", 9, 28)]


def test_bot_fires_when_the_odds_are_good() -> None:
    """RIFT-DMG-02: a Medium unit's 4 dice wound or kill a Light unit in the open with 33/81 >= 0.4: it fires at once."""
    state = battle([unit("A1", "al", "medium", "ranged", (), 30, 5), lr("B4", "bo", 34, 4)])
    texts, _ = bot.plan(RiftWar(), state, "al")
    assert texts[0] == "fire A1 B4", texts
    assert abs(bot.success_chance(state, state["units"]["A1"], state["units"]["B4"]) - 33 / 81) < 1e-12


def test_bot_does_not_walk_into_open_reaction_fire() -> None:
    """RIFT-REACT-01: hidden behind the bunker, every move of A1 that gains anything is seen by
    the three riflemen (the engine's odds: their best reaction, 3d6 together or alone (RIFT-REACT-09),
    wounds or kills it on the way or pins it: a risk over 0.4), so the bot stays and takes its weak
    shot at B4 instead."""
    state = battle([lr("A1", "al", 20, 8.5), *watchers(), lr("B4", "bo", 34, 4)])
    texts, _ = bot.plan(RiftWar(), state, "al")
    assert texts[0] == "fire A1 B4", texts
    assert bot_moves.exposure(RiftWar(), state, "al", "move A1 14,8.5") > 0.4, "the way west is in the open"
    mine = [u for u in living(state) if u["owner"] == "al"]
    foes = [u for u in living(state) if u["owner"] == "bo"]
    assert bot_moves.move_plans(RiftWar(), state, "al", mine, foes) == [], "no move is worth its risk here"


def test_bot_moves_from_cover_to_cover_where_no_enemy_can_react() -> None:
    """RIFT-MAP-03: at one low wall, A1 moves to the next wall nearer the enemy: from low cover to
    low cover, closer, so no enemy may react; the engine makes the move at once."""
    state = battle([lr("A1", "al", 8, 15), *watchers(), lr("B4", "bo", 34, 4)])
    texts, tried = bot.plan(RiftWar(), state, "al")
    first = texts[0]
    assert first.startswith("move A1 ") and first in tried, texts
    assert bot_moves.exposure(RiftWar(), state, "al", first) == 0.0
    x, y = map(float, first.split()[2].split(","))
    assert at_low(field_of(state["map"]), dict(state["units"]["A1"], x=x, y=y)), f"{first} does not end at a low wall"
    events = order(state, "al", first)
    assert state["pending"] is None and "no enemy sees the path" in events[0]["text"]
    assert (state["units"]["A1"]["x"], state["units"]["A1"]["y"]) == (x, y)


def test_bot_move_risk_is_the_engines_own_move_odds() -> None:
    """RIFT-MOVE-02, RIFT-REACT-03: the risk of a move is what the engine's odds say once the enemy
    declares the reaction the bot would declare in its place: P(wounded or killed) + 0.4 P(pinned)."""
    state = battle([lr("A1", "al", 20, 8.5), *watchers()])
    risk = bot_moves.exposure(RiftWar(), state, "al", "move A1 20,3")
    trial = json.loads(json.dumps(state))
    order(trial, "al", "move A1 20,3")
    assert {o["unit"] for o in trial["pending"]["opps"]} == {"B1", "B2", "B3"}
    reaction = bot_reactions.reaction_choices(trial, "bo", trial["pending"])[0]
    order(trial, "bo", reaction)
    rows = dict(RiftWar().odds(trial, "al", "confirm").rows)
    want = rows["wounded or killed: the phase ends"] + Fraction(2, 5) * rows["stopped by a pin"]
    assert abs(risk - float(want)) < 1e-12 and risk > 0.4
    assert bot_moves.exposure(RiftWar(), state, "al", "move A1 24,8.5") == 0.0, "behind the bunker nobody sees the path"
    assert bot_moves.exposure(RiftWar(), state, "al", "move A1 20,20") is None, "through the bunker: the engine refuses it"


def test_bot_reacts_where_its_pooled_dice_do_most() -> None:
    """RIFT-REACT-08, RIFT-REACT-09, RIFT-COORD-04: four Light riflemen in a close group roll 4d6
    together against 3d6 alone: the reacting bot fires with all four, at a point of the path they
    all see."""
    state = battle([lr("A1", "al", 20, 8.5), *watchers(), lr("B5", "bo", 11, 28)])
    order(state, "al", "move A1 20,3")
    text = bot_reactions.reaction_choices(state, "bo", state["pending"])[0]
    words = text.split()
    assert words[0] == "react" and set(words[1].split(",")) == {"B1", "B2", "B3", "B5"}, text
    t = int(words[2]) / 100
    for o in state["pending"]["opps"]:
        assert any(a - 1e-9 <= t <= b + 1e-9 for a, b in o["stretches"]), (o, t)
    order(state, "bo", text)
    assert state["pending"]["step"] == "confirm"


def test_bot_dismounts_the_riders_of_its_destroyed_transport(fix_dice) -> None:
    """RIFT-TRANS-04: when a bot's transport is destroyed, the bot chooses where its riders dismount
    (one of the places offered) and the game goes on: nothing waits for ever on a bot."""
    state = battle([unit("A1", "al", "heavy", "ranged", (), 5, 5),
                    unit("B1", "bo", "heavy", "ranged", ("transport",), 20, 25, wounded=True, pinned=True),
                    lr("B2", "bo", 20, 25, carried_by="B1"), lr("B3", "bo", 21, 25, carried_by="B1"), lr("B4", "bo", 2, 28)])
    fix_dice("A1 heavy ranged fires at B1", [6, 6, 1])
    order(state, "al", "fire A1 B1")
    assert RiftWar().awaiting(state) == {"bo"}
    for _ in range(2):
        texts = bot.play(RiftWar(), RiftWar().view(state, "bo"), "bo")
        assert texts and texts[0].startswith("dismount "), f"the bot should dismount its riders: {texts}"
        order(state, "bo", texts[0])
    assert "dismount" not in state and all(state["units"][u]["carried_by"] is None for u in ("B2", "B3"))
    assert RiftWar().awaiting(state) == {"al"}
