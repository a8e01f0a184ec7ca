"""What each RiftWar option does, with its legal values (the catalog's DEFAULTs for the text's gaps,
RIFT-GAP-*: each default is ours where the text is silent)."""
from __future__ import annotations

from typing import Any

from .data import rules


def option_help() -> dict[str, str | tuple[str, dict[str, Any]]]:
    """Each option's description and legal values, for :func:`core.options.with_help`."""
    return {
        "map": ("the battlefield (RIFT-DATA-03)", {"choices": tuple(sorted(rules().maps))}),
        "armies": "each seat's army as seat:army,... from the army lists; empty: each side's starter army",
        "lists": "each seat's (or side's) army: an army id or a list's text, from the list builder",
        "army_mode": ("how armies are bought: the seed's M/H cap and LUP, or points with no cap (RIFT-DATA-01)",
                      {"choices": ("points", "seed")}),
        "lc_purchase": ("how Light Close units are paid for: pooled (a third of them, rounded up), per type, or "
                        "fractional (RIFT-GAP-27)", {"choices": ("fractional", "per_type", "pooled")}),
        "phase_limit": ("after this many phases the strongest surviving force wins (LC 1, LR 3, M/H 9); 0: none, the "
                        "skirmish sets 12 (RIFT-GAP-07)", {"lo": 0, "hi": 200}),
        "one_action_per_unit_per_phase": "each unit takes part in at most one action a phase (off: act until an "
                                         "action fails or you pass, as written) (RIFT-GAP-06)",
        "pinned_can_fire": "a pinned unit may still fire (RIFT-GAP-13)",
        "indirect_miss_fails": "an indirect fire that misses ends your phase like a failed action (RIFT-GAP-14)",
        "stack_die_penalties": "the heavy/armor and cover penalties add up, -1 each, never below 0 dice (RIFT-GAP-24)",
        "coordinated_reaction_dice": ("a coordinated reaction rolls one pool of each unit's dice, or one die per "
                                      "unit (RIFT-GAP-10)", {"choices": ("one_die_per_unit", "per_unit_pool")}),
        "accumulate_hits_in_coordinated_fire": "hits of the rolls of a coordinated fire add up before grouping "
                                               "(off: each roll on its own) (RIFT-GAP-09)",
        "cc_single_hit_pins": "a single close-combat hit pins (off: 1-hit groups do nothing) (RIFT-GAP-08)",
        "aoe_radius_u": ("how far from an AoE target other units are attacked too, in u (RIFT-GAP-02)", {"lo": 0, "hi": 10}),
        "aoe_friendly_fire": "an AoE attack hits your own units near the target too (RIFT-GAP-02)",
        "group_spacing_u": ("how close units must be to move as one group, in u (RIFT-GAP-05)", {"lo": 0, "hi": 10}),
        "elevation": ("reserved for a future rule: the map is flat (RIFT-GAP-01)", {"choices": ("off",)}),
    }
