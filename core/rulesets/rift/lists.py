"""Army lists as text, for the shared list builder and the ``lists`` game option:
``1 Clone Commander (light ranged: leader); 8 Clone Trooper (light ranged)``. Each entry is a count,
a unit-type name, and in brackets its size, role and traits; entries are separated by ';'."""
from __future__ import annotations

import re
from typing import Any

from core.errors import DataError

from .army import check
from .data import SIZES, Army, UnitType, rules

ENTRY = re.compile(r"^\s*(\d+)\s+(.+?)\s*\(\s*(\w+)\s+(\w+)\s*(?::\s*([^)]*))?\)\s*$")


class ListError(ValueError):
    """A list that cannot be read; the message says which entry and what is expected."""


def list_text(army: Army) -> str:
    """An army as list text."""
    parts = []
    for t in army.units:
        traits = f": {', '.join(t.traits)}" if t.traits else ""
        parts.append(f"{t.n} {t.name} ({t.size} {t.role}{traits})")
    return "; ".join(parts)


def parse_list(text: str, name: str = "Custom army") -> Army:
    """An Army from list text. Raises ListError naming the entry that cannot be read."""
    data = rules()
    units = []
    for entry in [e for e in text.split(";") if e.strip()]:
        m = ENTRY.match(entry)
        if not m:
            raise ListError(f"{entry.strip()!r} is not an entry; write e.g. '8 Clone Trooper (light ranged)' "
                            "or '1 AT-TE Walker (heavy ranged: transport, ap)'")
        n, uname, size, role, traits = m.groups()
        if size.lower() not in SIZES:
            raise ListError(f"{entry.strip()!r}: size must be one of {', '.join(SIZES)}")
        role = role.lower()
        trait_ids = []
        for tname in [t.strip() for t in (traits or "").split(",") if t.strip()]:
            try:
                trait_ids.append(data.trait_id(tname))
            except DataError as exc:
                raise ListError(f"{entry.strip()!r}: {exc}") from None
        if role == "indirect":  # RIFT-GAP-23
            role, trait_ids = "ranged", ["indirect", *trait_ids]
        if role not in ("close", "ranged", "unarmed"):
            raise ListError(f"{entry.strip()!r}: role must be close, ranged or unarmed")
        if int(n) < 1 or int(n) > 200:
            raise ListError(f"{entry.strip()!r}: the count must be from 1 to 200")
        units.append(UnitType(uname.strip(), int(n), size.lower(), role, tuple(trait_ids)))
    if not units:
        raise ListError("the list is empty; write entries like '8 Clone Trooper (light ranged)' separated by ';'")
    return Army("custom", name, "custom", tuple(units))


def problems(text: str, mode: str = "seed", lc_purchase: str = "pooled") -> list[str]:
    """What a list breaks, one message per rule naming its ID; empty when legal."""
    try:
        army = parse_list(text)
    except ListError as exc:
        return [str(exc)]
    verdict = check(army, mode, lc_purchase)
    return [f"{rid}: {msg}" for rid, msg in verdict.breaches]


def army_record(army: Army) -> dict[str, Any]:
    """An army as the state keeps it (public: army lists are public once the game starts)."""
    return {"id": army.id, "name": army.name, "special": army.special,
            "units": [{"name": t.name, "n": t.n, "size": t.size, "role": t.role, "traits": list(t.traits)} for t in army.units]}


def army_from_record(rec: dict[str, Any]) -> Army:
    """The Army a state's record describes."""
    return Army(rec["id"], rec["name"], "game", tuple(UnitType(u["name"], u["n"], u["size"], u["role"], tuple(u["traits"]))
                                                       for u in rec["units"]), special=rec.get("special", ""))
