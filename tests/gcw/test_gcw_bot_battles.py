"""Bots fight the battles they are in (issue 31): a bot's battle report is the auto-resolver's result
from both fleets, rolled with the game's dice on the record (GCW-GAP-03); a player can see it and
dispute it; differing reports never stall a battle against a bot; all-bot campaigns with default
options end by the rules.
"""
from __future__ import annotations

import pytest

from core.errors import HolotableError
from core.events import filter_events
from core.rulesets.gcw import bot
from core.session import Session
from gcw_helpers import R, add_fleet, do, end_movement, moving, texts


def battle_at_report(system: str = "Kuat") -> tuple[dict, str]:
    """An Empire fleet (175) and a Rebel fleet (about 170) fight at ``system``; both sides' bots play the
    opening steps; the battle waits for the reports."""
    state = moving()
    state["fleets"].clear()
    state["units"].clear()
    add_fleet(state, "Empire", system, ["victory-2+tarkin", "raider-1", "tie-fighter"])
    add_fleet(state, "Rebel", system, ["cr90-a+dodonna", "cr90-b", "nebulon-support", "y-wing"])
    end_movement(state)
    for _ in range(12):
        step = state["step"]
        if step is None or step["kind"] == "report":
            break
        seat = "ann" if step["sides"][0] == "Empire" else "bob"
        for text in bot.play(R.view(state, seat), seat):
            try:
                do(state, seat, text)
                break
            except HolotableError:
                continue
    assert state["step"]["kind"] == "report", f"the battle should wait for reports, not {state['step']}"
    return state, state["battle"]["current"]["id"]


def side_of(state: dict) -> object:
    return lambda seat: state["seats"][seat]["side"] if seat in state["seats"] else None


def test_gap03_bot_reports_the_auto_resolved_battle_on_the_record():
    """GCW-GAP-03: the bot reports 'auto': the auto-resolver's d8s are rolled with the game's dice, every roll and
    the result are seen by both sides, and the other side's 'auto' is the same report (no second roll)."""
    state, bid = battle_at_report()
    orders = bot.play(R.view(state, "ann"), "ann")
    assert orders == [f"report {bid} auto"], f"the bot must report the auto-resolved battle, not {orders}"
    events = do(state, "ann", orders[0])
    rolls = [e for e in events if e["kind"] == "roll"]
    assert rolls, "the auto-resolver's dice must be rolled with the game's dice, on the record"
    for seat in ("ann", "bob"):
        seen = filter_events(events, seat, side_of(state))
        assert sum(1 for e in seen if e["kind"] == "roll") == len(rolls), f"{seat} must see every roll of the battle"
        assert "as the auto-resolver plays it" in texts(seen), f"{seat} must see the auto-resolved result"
    auto = state["battle"]["current"]["auto"]
    assert R.view(state, "bob")["facts"]["battle"]["auto"] == auto, "the opponent's view carries the report to dispute"
    vp_before = {s: state["sides"][s]["vp"] for s in ("Empire", "Rebel")}
    second = do(state, "bob", f"report {bid} auto")
    assert not any(e["kind"] == "roll" for e in second), "the second 'auto' reuses the battle's roll"
    assert "match; applying them" in texts(second), "both 'auto' reports are the same report"
    lost = [uid for uid, (fate, _) in auto["units"].items() if fate != "survived"]
    scored = sum(state["sides"][s]["vp"] - vp_before[s] for s in ("Empire", "Rebel"))
    assert lost and scored > 0, f"the battle must cost something and score VP: fates {auto['units']}, VP scored {scored}"


def test_gap03_a_dispute_with_a_bot_never_stalls():
    """GCW-GAP-03: a player disputes the bot's report; the bot stands by the auto-resolved battle once, and when
    the player amends and still differs, the bot takes the player's report: the battle is applied, no GM needed."""
    state, bid = battle_at_report()
    do(state, "ann", bot.play(R.view(state, "ann"), "ann")[0])          # the bot (Empire) reports auto
    do(state, "bob", f"report {bid}")                                    # the player: nothing happened
    assert state["step"]["kind"] == "ruling", "differing reports go to amendments"
    first = bot.play(R.view(state, "ann"), "ann")
    assert first == [f"report {bid} auto"], f"the bot first stands by the dice: {first}"
    do(state, "ann", first[0])
    do(state, "bob", f"report {bid} Empire=5")                          # the player amends, still different
    assert state["step"] and state["step"]["kind"] == "ruling" and "Empire" in state["step"]["sides"]
    second = bot.play(R.view(state, "ann"), "ann")
    assert second == [f"report {bid} Empire=5 Rebel=0"], f"the bot must take the player's amended report: {second}"
    events = do(state, "ann", second[0])
    assert "match; applying them" in texts(events), f"the battle must be applied: {texts(events)[-300:]}"
    assert state["battle"]["current"] is None or state["battle"]["current"].get("result"), "the battle is over"


@pytest.mark.parametrize("seed", ["bots-gcw-1", "bots-gcw-2"])
def test_all_bot_campaign_with_default_options_ends_and_fights(seed):
    """GCW-GAP-03 GCW-WIN-03: two bots, default options (no auto_resolve): the campaign ends by the rules within its
    12 turns, no step waits for the GM, and the battles cost units (not 'every unit survived' each time)."""
    session = Session.new("gcw", [("emp", "Empire", True), ("reb", "Rebel", True)], seed=seed, secret=f"{seed}-secret")
    assert not session.state["options"].get("auto_resolve"), "default options"
    for _ in range(400):
        if session.outcome() is not None:
            break
        before = len(session.record["journal"])
        session.play_bots()
        assert len(session.record["journal"]) != before or session.outcome() is not None, \
            f"the bots stalled at turn {session.turn}, step {session.state['step']}"
    outcome = session.outcome()
    assert outcome is not None and session.turn <= 12, f"the campaign did not end within 12 turns (turn {session.turn})"
    results = [e for e in session.record["log"] if e["kind"] == "battle" and "result" in e["text"]]
    assert results and any("no losses" not in e["text"] for e in results), "every battle ended with no losses"


def test_gap03_the_bot_stands_by_the_dice_against_a_battle_never_fought():
    """GCW-GAP-03: 'every unit survived, objective 0' is no account of a battle: however often it is sent, the bot
    keeps its auto-resolved report (the GM decides), and when the opponent sends the auto report they match."""
    state, bid = battle_at_report()
    do(state, "ann", bot.play(R.view(state, "ann"), "ann")[0])
    for _ in range(3):
        do(state, "bob", f"report {bid}")
        assert state["step"]["kind"] == "ruling"
        orders = bot.play(R.view(state, "ann"), "ann")
        assert orders == [f"report {bid} auto"], f"the bot must stand by the dice against an empty report: {orders}"
        do(state, "ann", orders[0])
    events = do(state, "bob", f"report {bid} auto")
    assert "match; applying them" in texts(events), "the opponent's 'auto' matches the bot's report"
