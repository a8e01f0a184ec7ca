"""The unit reference of Republic at War, from the ruleset's own data: every ship, squadron and
ground force with its code, cost, carrier capacity, keywords and what the keywords do."""
from __future__ import annotations

from functools import cache
from typing import Any

from core.packaged import packaged_toml
from core.rulesets.raw.data import ground_forces, unit_types


@cache
def keyword_effects() -> dict[str, str]:
    """Each keyword's effect, as the rule text words it."""
    return {k["name"]: k["effect"] for k in packaged_toml("core.rulesets.raw", "data", "keywords.toml")["keyword"]}


def reference() -> list[dict[str, Any]]:
    """One row per unit type (see :meth:`core.ruleset.Ruleset.reference`)."""
    effects = keyword_effects()
    rows: list[dict[str, Any]] = []
    for code, t in unit_types().items():
        does = []
        if t.kind == "ship":
            does.append(f"Carries up to {t.capacity} squadrons or GF." if t.capacity else "Carries nothing.")
        does.extend(f"{k}: {effects[k]}" for k in t.keywords if k in effects)
        rows.append({"name": t.name, "code": code, "side": t.faction, "kind": t.kind, "cost": t.cost,
                     "capacity": t.capacity if t.kind == "ship" else None, "keywords": list(t.keywords), "does": " ".join(does)})
    for side, gf in ground_forces().items():
        does = [f"Ground force (order word GF): up to {gf['limit_per_world']} garrison a world."]
        if gf.get("attack_die_modifier"):
            does.append(f"+{gf['attack_die_modifier']} to each die when attacking.")
        if gf.get("loses_all_ties"):
            does.append("Loses every tie.")
        if gf.get("discount_keyword"):
            does.append(f"Half price on a {gf['discount_keyword']} world.")
        rows.append({"name": gf["name"], "code": "GF", "side": side, "kind": "ground force", "cost": gf["cost"],
                     "capacity": None, "keywords": [], "does": " ".join(does)})
    return rows
