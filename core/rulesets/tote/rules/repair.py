"""Repairs and recharging in Twilight of the Empire (TOTE-REPAIR-01..06, TOTE-GAP-36,
TOTE-BOARD-06; TOTE-EX-24), hour by hour, in integers.

- Capital ships (and platforms): Shields recharge 5% of maximum an hour, only in a friendly system
  and out of combat (TOTE-REPAIR-01/02). Systems, Armor and Hull are repaired only at a Stronghold
  or Shipyard World (TOTE-REPAIR-03), 5% of one component's maximum an hour, one component at a
  time in the order Systems, Armor, Hull (TOTE-REPAIR-04, TOTE-GAP-36), at the same time as the
  shields recharge. A ship is no longer DISABLED once Systems and Armor are both above 0.
- SF squadrons and AUX craft: Shields 20% an hour and Armor 10% an hour, anywhere, out of combat
  (TOTE-REPAIR-05/06). A destroyed squadron is not repaired.
- A captured ship starts no repair while its system is in conflict (TOTE-BOARD-06); destroyed,
  derelict units and ground stacks are not repaired.

Every step is ``ceil(percent x maximum / 100)``, the last one capped at the maximum; only whole
hours count. The maxima come from the unit type (``shields``, ``armor``, ``hull``, Systems =
ceil(length/2)).
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from core.events import Event, event, to_seat
from core.rulesets.tote.rules import arith
from core.rulesets.tote.rules.damage import family, systems_max

Unit = dict[str, Any]

CAPITAL_SHIELDS_PCT = 5
CAPITAL_STRUCTURE_PCT = 5
CRAFT_SHIELDS_PCT = 20
CRAFT_ARMOR_PCT = 10
#: The order structural repair takes on a capital ship (TOTE-GAP-36).
STRUCTURE_ORDER = ("systems", "armor", "hull")


@dataclass(frozen=True)
class Dock:
    """Where a unit spends the hours: in a friendly system, in combat, at a Stronghold or Shipyard
    World, and whether that system is in conflict (for captured ships)."""

    friendly: bool = False
    in_combat: bool = False
    yard: bool = False
    in_conflict: bool = False


@dataclass
class Repair:
    """A unit after some hours of repair: the new dict, what each layer gained, the hours worked."""

    unit: Unit
    gained: dict[str, int] = field(default_factory=dict)
    hours: int = 0
    events: list[Event] = field(default_factory=list)


def maxima(utype: Any) -> dict[str, int]:
    """Full strength of each layer of a type: shields, armor (+ hull, systems for capital-like)."""
    out = {"shields": int(getattr(utype, "shields", 0)), "armor": int(getattr(utype, "armor", 0))}
    if family(utype) == "capital":
        out["hull"] = int(getattr(utype, "hull", 0))
        out["systems"] = systems_max(int(getattr(utype, "length_m", 0)))
    return out


def _step(unit: Unit, layer: str, full: int, pct: int, gained: dict[str, int]) -> bool:
    have = int(unit.get(layer, 0))
    if have >= full:
        return False
    add = min(full - have, arith.percent_of(full, pct))
    unit[layer] = have + add
    gained[layer] = gained.get(layer, 0) + add
    return True


def what_may_repair(unit: Mapping[str, Any], utype: Any, dock: Dock) -> tuple[bool, bool]:
    """(shields may recharge, structure may be repaired) for ``unit`` where it is (see module)."""
    if unit.get("destroyed") or unit.get("derelict") or family(utype) not in ("capital", "craft"):
        return False, False
    if unit.get("captured") and dock.in_conflict:
        return False, False  # TOTE-BOARD-06
    if family(utype) == "craft":
        return not dock.in_combat, not dock.in_combat  # TOTE-REPAIR-05/06, TOTE-GAP-36
    return dock.friendly and not dock.in_combat, dock.yard  # TOTE-REPAIR-01..03


def repair(unit: Mapping[str, Any], utype: Any, hours: int, dock: Dock, *, turn: int = 0) -> Repair:
    """``hours`` whole hours of recharging and repair of ``unit`` at ``dock`` (see the module).
    Returns the unit after them; the event goes to its owner. Raises ValueError for negative hours."""
    if hours < 0:
        raise ValueError(f"repair hours cannot be negative, not {hours}")
    new = dict(unit)
    out = Repair(new)
    shields_ok, structure_ok = what_may_repair(unit, utype, dock)
    full = maxima(utype)
    craft = family(utype) == "craft"
    for _ in range(hours):
        worked = False
        if shields_ok and not new.get("disabled"):
            worked |= _step(new, "shields", full["shields"], CRAFT_SHIELDS_PCT if craft else CAPITAL_SHIELDS_PCT,
                            out.gained)
        if structure_ok:
            if craft:
                worked |= _step(new, "armor", full["armor"], CRAFT_ARMOR_PCT, out.gained)
            else:
                for layer in STRUCTURE_ORDER:
                    if _step(new, layer, full[layer], CAPITAL_STRUCTURE_PCT, out.gained):
                        worked = True
                        break
            if not craft and new.get("disabled") and new.get("systems", 0) > 0 and new.get("armor", 0) > 0:
                new.update(disabled=False, final=False, inert=False)
        if not worked:
            break
        out.hours += 1
    if out.gained:
        text = f"{unit.get('id')} repaired in {out.hours} h: " + ", ".join(f"{k} +{v}" for k, v in out.gained.items())
        out.events.append(event("tote.repair", text, [to_seat(str(unit.get("faction")))], turn,
                                unit=unit.get("id"), gained=dict(out.gained), hours=out.hours))
    return out


def hours_to_full(unit: Mapping[str, Any], utype: Any, dock: Dock, limit: int = 1000) -> int:
    """Whole hours until every layer that may be repaired at ``dock`` is full (TOTE-EX-24: a capital
    ship's shields 0 -> 100% in 20 h, Armor 40% -> 100% in 12 h, Hull 70% -> 100% in 6 h; Armor and
    Hull one after the other, 18 h). Stops counting at ``limit``."""
    return repair(unit, utype, limit, dock).hours
