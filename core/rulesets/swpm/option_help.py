"""What each Pocket Models option does, with its legal values where the default's type is too loose
(the catalog's DEFAULTs for gaps, SWPM-GAP-*; each default here is ours where the text is silent)."""
from __future__ import annotations

from typing import Any

OPTION_HELP: dict[str, str | tuple[str, dict[str, Any]]] = {
    "tie_hits": "an attack total equal to the defense hits (on), or it must exceed it (off) (SWPM-GAP-01)",
    "swap_facing": ("a swapped-in objective card goes face up (its ability works at once) or face down (SWPM-GAP-02)",
                    {"choices": ("down", "up")}),
    "swap_into_empty_slot": "a swap may fill a slot left empty by a destroyed objective (SWPM-GAP-03)",
    "max_hand_size": ("the most cards a hand is drawn back up to after a battle (SWPM-GAP-04)", {"lo": 1, "hi": 10}),
    "reshuffle_discard": "an empty deck is made again from the discard pile (on), or drawing just stops (SWPM-GAP-05)",
    "strike_auto_12": "a base roll of 12 on a strike hits whatever the totals (SWPM-GAP-10)",
    "natural_2_misses": "a base roll of 2 always misses, in battles and strikes (SWPM-GAP-11)",
    "simultaneous_elimination": ("both players eliminated at once: a draw, or the active player wins (SWPM-GAP-12)",
                                 {"choices": ("active_player_wins", "draw")}),
    "stalemate_passes": ("both players passing this many turns in a row is a draw (SWPM-GAP-13)", {"lo": 1, "hi": 20}),
    "owner_sees_objectives": "a player may look at their own face-down objectives (off: nobody may, SWPM-GAP-16)",
    "fleet_bs_cap": ("the most Build Stars a fleet may have; a unit may be taken once per 10 (SWPM-GAP-19)",
                     {"lo": 10, "hi": 100}),
    "turn_limit": ("after this many turns more objectives, then more BS in play, wins; 0: no limit (SWPM-GAP-27)",
                   {"lo": 0, "hi": 200}),
    "lists": "each seat's (or side's) fleet: a starter's name, or 'units / cards' (SWPM-FLOW-01); none: chosen at setup",
}
