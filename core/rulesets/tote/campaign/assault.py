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
MARCH_WORLDS = 2
#: Ships gathered at the staging world that strike Coruscant on any day.
STRIKE_SHIPS = 6
#: Every this many days (the galaxy's common clock, so that the factions' waves meet) a gathered force
#: of :data:`WAVE_SHIPS` or more strikes too.
STRIKE_EVERY = 12
WAVE_SHIPS = 3


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
    is there, none of its own fleets is still bound for it and the force is gathered: at least
    :data:`STRIKE_SHIPS` ships, or :data:`WAVE_SHIPS` on a wave day (``facts["day"]`` a multiple of
    :data:`STRIKE_EVERY`), so that ships never trickle into Coruscant's guns one at a time. A world
    missing from the answer keeps its ships (they wait at the staging world, or stand at Coruscant)."""
    led = facts["ledger"]
    free = {w: ships for w, ships in free.items() if w != CAPITAL}  # already at Coruscant: they stay (and claim it)
    stage = staging_world(set(led["worlds"]))
    if stage is None:
        return {w: CAPITAL for w, ships in free.items() if ships and w != CAPITAL}
    away = [w for w, ships in free.items() if ships and w != stage]
    inbound = any(f["to"] == stage for f in led.get("arrivals", []))
    if away or inbound:
        return {w: stage for w in away}
    gathered = len(free.get(stage, []))
    wave = int(facts.get("day") or 0) % STRIKE_EVERY == 0 and gathered >= WAVE_SHIPS
    return {stage: CAPITAL} if gathered >= STRIKE_SHIPS or wave else {}
