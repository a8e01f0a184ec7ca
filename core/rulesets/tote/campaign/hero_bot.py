"""The campaign bot's Hero orders (:func:`.flow.bot` calls :func:`bot_orders`): from its view only,
its Hero takes up its class's mission, rides along on visits, is upgraded when the faction is rich or
trained anew when it has fallen, and a fleet near an open flashpoint goes to fight it (TOTE-MISSION-01,
TOTE-HERO-03/04, TOTE-FLASH-01). Cheap: a few passes over the post it already made."""
from __future__ import annotations

from typing import Any

from core.rulesets.tote.rules.data import facility_types, unit_types
from core.rulesets.tote.rules.galaxy import galaxy
from core.rulesets.tote.rules.heroes import MAX_HEROES, TRAIN_COST_KC, hero_class
from core.rulesets.tote.rules.missions import missions

Record = dict[str, Any]


def _build_cost(line: str, led: Record) -> int:
    code = line.split()[1]
    if code in facility_types():
        return max(0, facility_types()[code].cost_kc - int(led.get("facility_kc", 0)))
    return unit_types()[code].cost_kc if code in unit_types() else 0


#: A bot upgrades its Hero when its treasury holds this much after the day's builds.
BOT_UPGRADE_KC = 3000
#: A bot sends a fleet to a flashpoint this many route-hours away or nearer.
BOT_FLASHPOINT_HOURS = 24


def bot_orders(facts: Record, out: list[str]) -> list[str]:
    """A bot's Hero orders added to its post ``out`` (jumps and builds), from its view only: its Hero
    takes up its class's mission when the seat has none under way; when its Hero has fallen it trains
    another of the same class (5000 KC, at its Command Center); it upgrades a Hero when the
    treasury holds 3000 KC or more after the day's builds; and the first fleet it sends from a world
    within 24 route-hours of an open flashpoint goes to the flashpoint instead."""
    led = facts["ledger"]
    alive = [h for h in led.get("heroes", []) if not h.get("dead")]
    extra: list[str] = []
    if alive and not (led.get("missions") or {}).get("mission"):
        own = next((m.id for m in missions().values() if m.hero_class == alive[0]["class"]), None)
        if own:
            extra.append(f"mission {alive[0]['id']} {own}")
    left = int(led.get("treasury_kc", 0)) - sum(_build_cost(x, led) for x in out if x.startswith("build "))
    fcc = any(f.startswith("FCC at ") for f in led.get("facilities", []))
    if not alive and fcc and not led.get("trainings") and len(led.get("heroes", [])) < MAX_HEROES and left >= TRAIN_COST_KC:
        cls = led["heroes"][0]["class"] if led.get("heroes") else "admiral"
        used = {h["name"].casefold() for h in led.get("heroes", [])}
        name = next((n for n in hero_class(cls).names if n.casefold() not in used), None)
        if name:
            extra.append(f"train {cls} {name}")  # its Hero has fallen: train another of its class (TOTE-HERO-04)
    able = [h for h in alive if h.get("upgrade_kc")]
    if able and left >= BOT_UPGRADE_KC:
        extra.append(f"upgrade {min(able, key=lambda h: (h['level'], h['id']))['id']}")
    run = (led.get("missions") or {}).get("mission") or {}
    if alive and str((run.get("left") or [""])[0]).startswith("visit"):
        out = _ride_along(out, next((h for h in alive if h["id"] == run.get("hero")), alive[0]), facts)
    fps = [f["system"] for f in (led.get("missions") or {}).get("flashpoints", [])]
    if fps:
        g = galaxy()
        origin = {uid: w for w, ids in facts.get("movers", {}).items() for uid in ids}
        for n, line in enumerate(out):
            words = line.split()
            if words[0] != "jump":
                continue
            ships = words[1].split(",")
            here = origin.get(ships[0])
            hours = g.hours_from(here) if here else {}
            near = [w for w in fps if w != here and hours.get(w, 10 ** 9) <= BOT_FLASHPOINT_HOURS]
            if near and len(ships) >= 2:
                out = out[:n] + [f"jump {words[1]} {min(near, key=lambda w: (hours[w], w))}"] + out[n + 1:]
                break
    return out + extra


def _ride_along(out: list[str], hero: Record, facts: Record) -> list[str]:
    """The bot's Hero on a visit goes aboard the first ship of the first fleet leaving its world
    (``transfer`` before the ``jump``), unless its own ship is in that fleet already."""
    here = {uid: w for w, ids in facts.get("movers", {}).items() for uid in ids}
    for n, line in enumerate(out):
        words = line.split()
        if words[0] != "jump":
            continue
        ships = words[1].split(",")
        if here.get(ships[0]) != hero.get("at") or hero.get("at") is None:
            continue
        if hero.get("host") in ships:
            return out
        return out[:n] + [f"transfer {hero['id']} {ships[0]}"] + out[n:]
    return out
