"""Stock units, scrap and salvage, Reserve Guard Forces and the starting choice in Twilight of the
Empire: what a stock unit may be replaced by (TOTE-STOCK-05), what scrapping or salvage pays and
where (TOTE-SCRAP-01..04, TOTE-STOCK-03), the RGF a ground grid may hold and the stock one each
faction starts with (TOTE-RGF-01..03), the free stronghold defences (TOTE-STRONG-01) and a
faction's starting units and facilities (TOTE-START-01..03). Breaches as in :mod:`.fleet`.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping

from core.rulesets.tote.rules import arith
from core.rulesets.tote.rules.data import (
    GroundUnitType,
    UnitType,
    facility_types,
    ground_types,
    resolve,
    stock_sf,
    unit_types,
)
from core.rulesets.tote.rules.fleet import (
    FACTION_TECH,
    Breach,
    check_fleet,
    parse_fleet,
)
from core.rulesets.tote.rules.heroes import freelancer_start

RGF_LIMITS = {"sf": 1, "infantry": 100, "gav": 10}   # TOTE-RGF-03
SCRAP_PCT, SALVAGE_PCT = 25, 50                      # TOTE-SCRAP-01/02
START_FACILITY_KC = 2000                             # TOTE-START-01/02
#: The free space defences at every stronghold (TOTE-STRONG-01): platforms, not fleet units.
STRONGHOLD_DEFENSES: dict[str, int] = {"OMEGA": 1, "GAMMA": 3, "SIGMA": 1}


def check_rgf(*, sf: int = 0, infantry: int = 0, gav: int = 0, has_facility: bool) -> list[Breach]:
    """A ground grid's Reserve Guard Force: only in a grid with a facility (TOTE-RGF-01), at most
    1 SF squadron, 100 infantry squads and 10 GAV (TOTE-RGF-03; TOTE-EX-32)."""
    out = []
    if not has_facility and (sf or infantry or gav):
        out.append(Breach("TOTE-RGF-01", "a Reserve Guard Force stands only in a ground grid with a facility"))
    for cat, n in (("sf", sf), ("infantry", infantry), ("gav", gav)):
        if n > RGF_LIMITS[cat]:
            out.append(Breach("TOTE-RGF-03", f"{n} {cat} in the RGF; at most {RGF_LIMITS[cat]}"))
    return out


def category(code: str) -> str:
    """A unit's stock category: ``SF``, ``AUX``, ``GAV``, ``Infantry`` (TOTE-STOCK-05), or its class
    for anything else (``capital``, ``platform``, ``airspeeder``). Raises KeyError."""
    c = resolve(code)
    t: UnitType | GroundUnitType | None = unit_types().get(c) or ground_types().get(c)
    if t is None:
        raise KeyError(f"{code} is a facility, not a unit")
    return {"sf": "SF", "aux": "AUX", "gav": "GAV", "infantry": "Infantry"}.get(t.cls, t.cls)


def check_replacement(stock_code: str, new_code: str) -> list[Breach]:
    """Replacing a stock unit 1-for-1 by a purchased one of the same category (TOTE-STOCK-05)."""
    a, b = category(stock_code), category(new_code)
    out = []
    if a not in ("SF", "AUX", "GAV", "Infantry"):
        out.append(Breach("TOTE-STOCK-05", f"{resolve(stock_code)} is not a stock SF, AUX, GAV or Infantry unit"))
    elif a != b:
        out.append(Breach("TOTE-STOCK-05", f"a stock {a} is replaced only by another {a}, not by {resolve(new_code)} ({b})"))
    return out


def scrap_value(code: str, *, captured: bool = False, stock: bool | None = None) -> int:
    """KC paid for scrapping (25%, own build) or salvaging (50%, captured or found) a unit, rounded
    down; 0 for a stock unit (TOTE-SCRAP-01/02/04, TOTE-STOCK-03, TOTE-GAP-35). ``stock``
    overrides the type's flag for a unit bought to replace stock. Raises KeyError."""
    c = resolve(code)
    t = unit_types().get(c) or ground_types().get(c) or facility_types().get(c)
    assert t is not None  # resolve only returns known codes
    is_stock = ("stock" in t.flags) if stock is None else stock
    if is_stock:
        return 0
    return arith.payout(t.cost_kc, SALVAGE_PCT if captured else SCRAP_PCT)
#: Where scrapping and salvage may be done (TOTE-SCRAP-03): a Shipyard or Factory, or a feature.
SCRAP_FACILITIES = ("shipyard", "factory")
SCRAP_FEATURES = ("Shipyard", "Factory", "Salvage Yard", "Heavy Industry", "Heavy Mining")


def check_scrap_site(*, facility_kinds: Iterable[str] = (), features: Iterable[str] = ()) -> list[Breach]:
    """TOTE-SCRAP-03: scrapping and salvage only in a system with a Shipyard or Factory (a facility
    of the player's, or the planet's feature), a Salvage Yard, Heavy Industry or Heavy Mining."""
    if set(facility_kinds) & set(SCRAP_FACILITIES) or set(features) & set(SCRAP_FEATURES):
        return []
    return [Breach("TOTE-SCRAP-03", "scrap or salvage only where there is a Shipyard or Factory, a Salvage Yard, "
                   "Heavy Industry or Heavy Mining")]


def stock_rgf(faction: str) -> dict[str, int]:
    """A faction's Reserve Guard Force as it starts, all stock units at the TOTE-RGF-03 limits
    (TOTE-RGF-02): its technology's stock SF squadron, 100 stock infantry squads (its own kind where
    it has one, e.g. Stormtroopers) and 10 stock GAV. Raises KeyError for an unknown faction."""
    tags = FACTION_TECH[faction]
    ground = ground_types()

    def pick(cls: str) -> str:
        own = [c for c, g in ground.items() if g.cls == cls and g.stock and set(tags) & set(g.tech)]
        narrow = sorted(own, key=lambda c: (tags[0] not in ground[c].tech, len(ground[c].tech)))
        return narrow[0]

    return {stock_sf()[tags[0]]: RGF_LIMITS["sf"], pick("infantry"): RGF_LIMITS["infantry"], pick("gav"): RGF_LIMITS["gav"]}


def check_start(faction: str, units: Mapping[str, int] | str, facilities: Mapping[str, int] | None = None) -> list[Breach]:
    """A faction's starting choice (TOTE-START-01/02, TOTE-FLOW-03): units worth up to 23 CP of its
    own technology that pass every fleet check, plus facilities bought from a separate 2000 KC that
    buys nothing else (the Faction Command Center comes free). The Independent Freelancer does not
    start this way (TOTE-START-03): it starts with exactly its own package (:func:`.heroes.freelancer_start`,
    TOTE-GAP-49), and anything else is refused naming that package."""
    if faction.upper() in ("FREELANCER", "IF"):
        fs = freelancer_start()
        want = {resolve(c): n for c, n in fs.units}
        got = {resolve(c): n for c, n in (parse_fleet(units) if isinstance(units, str) else units).items() if n}
        if got != want or facilities:
            return [Breach("TOTE-START-03", "the Independent Freelancer starts from its own package, not START-01: "
                           f"{', '.join(f'{c}:{n}' for c, n in want.items())} at {fs.system}, {fs.kc} KC, up to "
                           f"{fs.cp_cap} CP (TOTE-GAP-49); got {', '.join(f'{c}:{n}' for c, n in got.items()) or 'nothing'}")]
        return []
    if faction not in FACTION_TECH:
        return [Breach("TOTE-START-01", f"no faction {faction!r}; factions: {', '.join(FACTION_TECH)}")]
    out = check_fleet(units, tech_allowed=FACTION_TECH[faction])
    kinds = facility_types()
    spent = 0
    for code, n in (facilities or {}).items():
        c = resolve(code)
        if c not in kinds:
            out.append(Breach("TOTE-START-02", f"the 2000 KC buys facilities only; {c} is not a facility"))
            continue
        t = kinds[c]
        if t.has("bonus_only"):
            out.append(Breach("TOTE-START-02", f"{t.name} cannot be bought"))
            continue
        spent += 0 if c == "FCC" and n == 1 else t.cost_kc * n
    if spent > START_FACILITY_KC:
        out.append(Breach("TOTE-START-02", f"the facilities cost {spent} KC; the starting {START_FACILITY_KC} KC "
                          "for facilities buys no more"))
    return out
