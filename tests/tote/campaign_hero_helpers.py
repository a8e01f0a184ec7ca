"""Helpers of the campaign Hero and mission tests (test_tote_campaign_heroes.py, test_tote_campaign_missions.py):
a GE/NR campaign game, a day of posts, a galaxy order carried out now, a refusal that changes nothing,
a flashpoint placed at a world."""
from __future__ import annotations

import pytest

from core.dice import Dice
from core.errors import OrderError
from core.rulesets.tote.campaign import flow as campaign_flow
from core.rulesets.tote.campaign import missions as cm
from core.rulesets.tote.campaign import state as cp

SEATS = [("al", "GE"), ("bo", "NR")]


def game(seed: str = "heroes") -> dict:
    """A GE (al) / NR (bo) campaign game on day 1."""
    return campaign_flow.new_state(SEATS, {}, seed)


def end_day(state: dict) -> list:
    """Both seats post what is on their sheets; the next day begins."""
    events = []
    for _ in range(len(state["seats"])):
        events += campaign_flow.resolve_post(state)
    return events


def order(state: dict, seat: str, text: str) -> list:
    """Carry out a galaxy order now (as the post does)."""
    return campaign_flow.carry(state, seat, text)


def hero(state: dict, hid: str) -> dict:
    """The Hero ``hid`` of the game."""
    return next(h for h in state["campaign"]["heroes"] if h["id"] == hid)


def unchanged_on_refusal(state: dict, seat: str, text: str, match: str) -> None:
    """``text`` is refused for ``seat`` with a message matching ``match``, and the campaign is unchanged."""
    before = cp.snapshot(state["campaign"])
    with pytest.raises(OrderError, match=match):
        order(state, seat, text)
    assert state["campaign"] == before


def flashpoint_at(state: dict, world: str, which: str = "pirate_convoy") -> dict:
    """Flashpoint ``which`` erupts, moved to ``world`` (a random one draws its own world)."""
    c = state["campaign"]
    fp = cm.missions.flashpoints()[2][which]
    cm._open(c, fp, None, Dice.from_state({"seed": "x", "n": 0}))
    rec = c["flashpoints"][-1]
    rec["system"] = world
    for uid in rec["force"]:
        c["fp_units"][uid]["system"] = world
    return rec
