"""The explicit list of rulesets. Nothing outside ``core/rulesets/<id>/`` asks which one is in play."""
from __future__ import annotations

from core.errors import UnknownRuleset
from core.ruleset import Ruleset
from core.rulesets.gcw import GalacticCivilWar
from core.rulesets.raw import RepublicAtWar
from core.rulesets.rift import RiftWar
from core.rulesets.swpm import PocketModels
from core.rulesets.tote import TwilightOfTheEmpire

RULESETS: list[type[Ruleset]] = [RepublicAtWar, GalacticCivilWar, PocketModels, RiftWar, TwilightOfTheEmpire]


def ruleset_ids() -> list[str]:
    """The ids of every registered ruleset, in registry order."""
    return [cls.id for cls in RULESETS]


def find_ruleset(ruleset_id: str) -> Ruleset:
    """The ruleset registered as ``ruleset_id``. Raises UnknownRuleset naming the known ids."""
    for cls in RULESETS:
        if cls.id == ruleset_id:
            return cls()
    raise UnknownRuleset(f"unknown rule system {ruleset_id!r}; known: {', '.join(ruleset_ids())}")
