"""The campaign bots' march on Coruscant (issue 18: bots that "go for Coruscant"; TOTE-WIN-01/02).

Coruscant is held by the Galactic Empire's whole fleet, its bonus Super Star Destroyer, the
Imperial Sector Palace and the stronghold's defenses; ships that arrive there one world's worth at
a time only feed its guns. So a bot that goes for the throne first **rallies**: every free ship
jumps to its *staging world* (the world it holds nearest Coruscant by route-hours), and the force
gathered there jumps to Coruscant together, timed to come out of hyperspace on the galaxy's common
wave day, when every other faction's gathered force arrives too. In the battle its bot puts the Palace and the SSD first
(:func:`.bot.victory_targets`) and stands while it keeps a third of what it brought.

Everything here reads the faction's own view (its ledger, its ships by world) and nothing else.
"""
from __future__ import annotations

from typing import Any

from core.rulesets.tote.rules import model
from core.rulesets.tote.rules.clock import due_turn
from core.rulesets.tote.rules.data import unit_types
from core.rulesets.tote.rules.fleet import CAPITAL_CAP, CP_LIMIT, fleet_hyper_hours
from core.rulesets.tote.rules.galaxy import CAPITAL, galaxy

#: Worlds a faction holds before it marches on Coruscant.
MARCH_WORLDS = 2
#: Every this many days (the galaxy's common clock) is a wave day: the factions' gathered forces time
#: their jumps to come out of hyperspace at Coruscant on it, together, so that their attacks meet.
STRIKE_EVERY = 12
#: Ships a force gathers at its staging world before it strikes in a wave.
WAVE_SHIPS = 3


def goal(facts: dict[str, Any]) -> str | None:
    """The world a bot's waves strike (from its view: its ledger's worlds, the public strongholds):
    Coruscant while it does not hold it; the Coruscant holder (the Galactic Empire) goes on the offense
    against the foreign stronghold nearest Coruscant it does not hold (its way to be the last holding
    a stronghold, TOTE-GAP-29); None when there is none."""
    held = set(facts["ledger"]["worlds"])
    if CAPITAL not in held:
        return CAPITAL
    hours = galaxy().hours_from(CAPITAL)
    theirs = {w for s, ws in facts.get("strongholds", {}).items() if s != facts.get("seat") for w in ws
              if w not in held and w in hours}
    return min(theirs, key=lambda w: (hours[w], w)) if theirs else None


def staging_world(held: set[str], target: str = CAPITAL) -> str | None:
    """The world of ``held`` nearest ``target`` by route-hours (ties by id; the target itself excluded),
    or None when none can reach it."""
    hours = galaxy().hours_from(target)
    near = [w for w in held if w != target and w in hours]
    return min(near, key=lambda w: (hours[w], w)) if near else None


def arrival_day(facts: dict[str, Any], ships: list[str], world: str, target: str = CAPITAL) -> int:
    """The day ``ships`` at ``world`` come out of hyperspace at ``target`` if they jump today
    (``facts["day"]``): the route-hours times the fleet's slowest hyperdrive class (``facts["types"]``,
    TOTE-FLEETHYP-01, TOTE-GAP-06), due at the start of a turn (TOTE-GAP-07)."""
    day = max(1, int(facts.get("day") or 1))
    hours = galaxy().hours_from(world).get(target, 0)
    types = facts.get("types", {})
    try:
        trip = fleet_hyper_hours([types[s] for s in ships if s in types], hours)
    except (ValueError, KeyError):
        trip = hours  # types unknown: at the routes' own hours
    return due_turn(day, max(1, trip))


def targets(facts: dict[str, Any], free: dict[str, list[str]], target: str = CAPITAL) -> dict[str, str]:
    """Where the free ships at each world jump (``free``: world -> ship ids the bot may send): to the
    staging world (the one it holds nearest ``target``, Coruscant unless :func:`goal` says otherwise)
    while the rally goes on; to ``target`` from the staging world once the force gathered there is
    :data:`WAVE_SHIPS` ships or more and, jumping today, it comes out of hyperspace on a wave day (a
    multiple of :data:`STRIKE_EVERY`, the same for every faction, so that the factions' waves meet
    there rather than trickle into Coruscant's guns one at a time). A world missing from the answer
    keeps its ships (they wait at the staging world, or stand at the target)."""
    led = facts["ledger"]
    free = {w: ships for w, ships in free.items() if w != target}  # already at the target: they stay (and claim it)
    stage = staging_world(set(led["worlds"]), target)
    if stage is None:
        return {w: target for w, ships in free.items() if ships}
    out = {w: stage for w, ships in free.items() if ships and w != stage}
    gathered = free.get(stage, [])
    if len(gathered) >= WAVE_SHIPS and arrival_day(facts, gathered, stage, target) % STRIKE_EVERY == 0:
        out[stage] = target
    return out


def punch(code: str) -> float:
    """A ship type's worth in a fleet capped at 23 CP and 7 capital ships (TOTE-CP-02/03): its raw
    standard damage a round (ion weapons leave Armor and Hull whole, TOTE-WPN) over the CP it takes,
    counted as at least a seventh of the fleet's CP (a 1-CP corvette still fills one of the seven
    places); 0 for a code that is not a ship type."""
    t = unit_types().get(code)
    if t is None:
        return 0.0
    raw = sum(m.raw for m in t.mounts if m.weapon.pool != "ion")
    return raw / max(float(t.cp), CP_LIMIT / CAPITAL_CAP)


def home_guard(facts: dict[str, Any], world: str, ships: list[str]) -> list[str]:
    """The main-fleet ships of ``ships`` that stay at the bot's stronghold ``world`` to guard it: none
    when the world's Space PDF holds a capital ship or the stronghold's own defences (its bonus units,
    TOTE-PDF-02), else its weakest capital ship by :func:`punch`, so that its best ships sail (a guard
    of one keeps a lone raider from taking the world unopposed)."""
    pdf = facts["ledger"]["fleets"]["pdfs"].get(world) or {}
    types = dict(facts.get("types", {}), **facts.get("pdf_types", {}))
    if pdf.get("bonus") or any(model.unit_class(types.get(i, "")) == "capital" for i in pdf.get("units", [])):
        return []
    capitals = [s for s in ships if model.unit_class(types.get(s, "")) == "capital"]
    return [min(capitals, key=lambda s: (punch(types[s]), s))] if capitals else []
