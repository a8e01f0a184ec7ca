"""What each Twilight of the Empire option does, with its legal values (the catalog's DEFAULTs for the text's
gaps, TOTE-GAP-*: each default is ours where the text is silent)."""
from __future__ import annotations

from typing import Any


def option_help() -> dict[str, str | tuple[str, dict[str, Any]]]:
    """Each option's description and legal values, for :func:`core.options.with_help`."""
    return {
        "auto_defense": "units given no orders (and every unit of a faction that misses its post) hold and fire at "
                        "the hostile in range they hurt most (TOTE-GAP-02)",
        "day_limit": ("the last day: a battle then goes to the faction with the most CP still fighting (a tie is a "
                      "draw), the campaign to the holder of Coruscant (nobody: a draw); 0: a battle's scenario limit, "
                      "none in the campaign (TOTE-GAP-29)", {"lo": 0, "hi": 3650}),
        "lists": "each seat's (or faction's) fleet: a ready fleet's name or list text such as 'GE: ISD2:1, VSD:1' "
                 "(TOTE-START-01); none: the faction's starting fleet",
        "alliances": ("groups of seats or factions that are not hostile to each other; none: every "
                      "other faction is hostile (TOTE-GAP-45)", {"kind": "groups"}),
        "battle_cp_limit": "a faction's units acting in one system on one day total at most 23 CP plus bonus CP "
                           "(off: no limit) (TOTE-GAP-26)",
        "bonus_cp": ("command points added to every faction's limit of 23 (TOTE-GAP-53)", {"lo": 0, "hi": 100}),
        "round_per": ("damage is rounded up once per attacker's pool of weapons (attack_pool) or for each weapon on "
                      "its own (weapon) (TOTE-GAP-12)", {"choices": ("attack_pool", "weapon")}),
        "ground_air_stacks": "fire from the Ground Air layer takes a further -1 UCR on top of the atmosphere's "
                             "(TOTE-GAP-17)",
        "mp_source": ("movement points a round: the unit's Speed, or one space for every unit that can move (TOTE-GAP-04)",
                      {"choices": ("one_space", "speed")}),
        "tatooine_amnesty": "no attack, boarding, bombardment or tractoring may be ordered at Tatooine (TOTE-GAP-49)",
        "campaign_battle_bots": "in the campaign a faction may leave its posts in a battle to its bot (`at <world> "
                                "bot`); off: every post there is its own",
    }
