"""The game's options and their defaults (the catalog's DEFAULTs that are options), and which kind of
game a state is: one planet's battle, or the campaign over the galaxy.
"""
from __future__ import annotations

from typing import Any

State = dict[str, Any]

#: The options of every Twilight game, battle or campaign, and their defaults.
OPTIONS: dict[str, Any] = {
    "auto_defense": True,       # TOTE-GAP-02: units without orders fire at the best hostile in range
    "day_limit": 0,             # 0: the scenario's own limit
    "lists": {},                # seat or faction -> a faction's ready fleet or list text "GE: ISD2:1, VSD:1"
    "alliances": [],            # TOTE-GAP-45: lists of factions that are not hostile to each other
    "battle_cp_limit": True,    # TOTE-GAP-26: units acting in the battle hold at most 23 CP + bonus
    "bonus_cp": 0,              # TOTE-GAP-53
    "round_per": "attack_pool",  # TOTE-GAP-12: attack_pool | weapon
    "ground_air_stacks": True,  # TOTE-GAP-17: the Air layer's -1 adds to the atmosphere's
    "mp_source": "speed",       # TOTE-GAP-04: speed | one_space (movement points per round)
    "tatooine_amnesty": True,   # TOTE-GAP-49: no combat at Tatooine in the campaign
    "campaign_battle_bots": True,  # campaign: a faction may leave a battle's post to its bot (at <world> bot)
}


def is_campaign(state: State) -> bool:
    """Whether ``state`` is a campaign game (not a battle)."""
    return state.get("mode") == "campaign"
