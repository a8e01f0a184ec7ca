"""The unit reference of the GCW campaign, from the ruleset's own roster: every ship, squadron and
upgrade card with its code, points and what it is."""
from __future__ import annotations

from typing import Any

from .data import rules


def reference() -> list[dict[str, Any]]:
    """One row per card (see :meth:`core.ruleset.Ruleset.reference`)."""
    data = rules()
    rows: list[dict[str, Any]] = []
    for code, c in data.roster.items():
        words: list[str] = []
        does: list[str] = []
        if c.kind == "ship":
            does.append(f"{c.size.capitalize()} ship, hull {c.hull}.")
        elif c.kind == "squadron":
            does.append("Squadron.")
            if c.bomber:
                words.append("BOMBER")
                does.append("A bomber: may bomb an undefended Death Star.")
        else:
            does.append(f"{c.type.capitalize() or 'Upgrade'} upgrade" + (f" for {', '.join(c.ships)}." if c.ships else "."))
        if c.unique:
            words.append("unique")
            does.append(f"Unique ({c.unique}).")
        if not c.sure:
            does.append("Points not confirmed; the GM may correct them.")
        rows.append({"name": c.name, "code": code, "side": c.side, "kind": c.kind, "cost": data.cost(code), "capacity": None, "keywords": words, "does": " ".join(does)})
    return rows
