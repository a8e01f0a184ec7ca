"""The campaign bots' march on Coruscant (issue 18: bots that "go for Coruscant"; TOTE-WIN-01/02).

Coruscant is held by the Galactic Empire's whole fleet, its bonus Super Star Destroyer, the
Imperial Sector Palace and the stronghold's defenses; ships that arrive there one world's worth at
a time only feed its guns. So a bot that goes for the throne first **rallies**: every free ship
jumps to its *staging world* (the world it holds nearest Coruscant by route-hours), and only when
all of them stand there, with none of its own still in hyperspace towards it, does the whole force
jump to Coruscant together. In the battle its bot puts the Palace and the SSD first
(:func:`.bot.victory_targets`) and stands while it keeps a third of what it brought.

Everything here reads the faction's own view (its ledger, its ships by world) and nothing else.
"""
from __future__ import annotations

from typing import Any

from core.rulesets.tote.rules.galaxy import CAPITAL, galaxy

#: Worlds a faction holds before it marches on Coruscant.
MARCH_WORLDS = 4


def marching(held: set[str], seat_homes: set[str]) -> bool:
    """Whether a bot holding ``held`` worlds goes for Coruscant: it holds :data:`MARCH_WORLDS` worlds
    (or more) and not Coruscant."""
    return len(held) >= MARCH_WORLDS and CAPITAL not in held


def staging_world(held: set[str]) -> str | None:
    """The world of ``held`` nearest Coruscant by route-hours (ties by id; Coruscant itself excluded),
    or None when none can reach it."""
    hours = galaxy().hours_from(CAPITAL)
    near = [w for w in held if w != CAPITAL and w in hours]
    return min(near, key=lambda w: (hours[w], w)) if near else None


def targets(facts: dict[str, Any], free: dict[str, list[str]]) -> dict[str, str]:
    """Where the free ships at each world jump (``free``: world -> ship ids the bot may send): to the
    staging world while the rally goes on; to Coruscant from the staging world once every free ship
    is there and none of its own fleets is still bound for it. A world missing from the answer keeps
    its ships (they wait at the staging world, or stand at Coruscant)."""
    led = facts["ledger"]
    free = {w: ships for w, ships in free.items() if w != CAPITAL}  # already at Coruscant: they stay (and claim it)
    stage = staging_world(set(led["worlds"]))
    if stage is None:
        return {w: CAPITAL for w, ships in free.items() if ships and w != CAPITAL}
    away = [w for w, ships in free.items() if ships and w != stage]
    inbound = any(f["to"] == stage for f in led.get("arrivals", []))
    if away or inbound:
        return {w: stage for w in away}
    return {stage: CAPITAL} if free.get(stage) else {}
