"""Who has posted today and who is still to post (TOTE-GAP-02, TOTE-FLOW-04/05): each game day
every faction makes one post, one after another in rotating initiative, in a battle and on the
galaxy alike. :func:`posting` answers the ruleset's ``posting`` contract for the GM's admin
session, the overview of games and the line console. All of it is public: every post is announced
to all (``tote.post``), and the initiative is drawn in the open.
"""
from __future__ import annotations

from typing import Any

from core.rulesets.tote.battle import flow
from core.rulesets.tote.rules.options import is_campaign

State = dict[str, Any]


def posting(state: State) -> dict[str, list[str]]:
    """``{"posted", "posting", "to_post"}`` for a tote game (battle or campaign): the seats that
    have posted today in order, the seat posting now, and the seats still to post today in today's
    order (in a battle only those still in the fight). Empty lists once the game is over. Raises
    nothing for a state of either kind."""
    if state.get("result") or not state.get("initiative"):
        return {"posted": [], "posting": [], "to_post": []}
    if is_campaign(state):
        order = turn_order(state)
        still = set(order)
    else:
        order = flow.turn_order(state)
        still = {s for s in order if flow.in_the_fight(state, s)}
    posted = [s for s in state.get("posted", []) if s in order]
    active = state.get("active")
    now = [active] if active in order and active not in posted else []
    rest = [s for s in order if s not in posted and s not in now and s in still]
    return {"posted": posted, "posting": now, "to_post": rest}


def turn_order(state: State) -> list[str]:
    """Today's posting order: the initiative rotated by one seat a day (TOTE-GAP-02), without the
    factions eliminated (TOTE-GAP-29: nobody waits for the post of a faction that is out of the game)."""
    order = list(state["initiative"])
    k = (int(state["turn"]) - 1) % len(order)
    gone = set((state.get("victory") or {}).get("eliminated", []))
    seats = (state.get("campaign") or {}).get("seats", {})
    return [s for s in order[k:] + order[:k] if seats.get(s) not in gone]
