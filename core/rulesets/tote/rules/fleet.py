"""Fleet legality for Twilight of the Empire: command points, the capital-ship cap, Fleet
Escorts, the burden of command, Space PDFs, the reserve, the factions' technology and bonus units,
and fleet lists for the fleet builder (stock units, scrap, RGF and the start are in :mod:`.stock`).

Every check returns :class:`Breach` entries, each naming the rule it breaks and saying what was
wrong and what would be right; an empty list means legal. Nothing here changes any state.

- :func:`check_fleet` / :func:`fleet_report`: a fleet (or a Space PDF, or the reserve) given as
  ``{code: count}`` or text such as ``"1 ACC + 1 STRK + 1 ESC + 1 TIEAV"``. Capital ships are
  listed with their complements aboard (which add no CP, TOTE-BURDEN-02); every SF squadron or AUX
  craft listed is a Fleet Escort (TOTE-ESC-01..05). Bonus units (``bonus``) count toward neither
  the 23 CP nor the 7 ships (TOTE-PDF-02, TOTE-CP-05).
- :func:`committed_cp`: the CP a faction's units in play hold (TOTE-BURDEN-03..05) from the
  engine's unit dicts. Keys read: ``id``, ``type``, ``destroyed``, ``derelict`` (default False),
  ``attached_to`` (the id of the capital ship whose complement the unit belongs to, which stays
  after launch; when absent, ``carried_by``, the ship it is aboard, stands in), ``bonus`` (a bonus
  unit, default False).
- :func:`battle_cp`: the CP of the units acting in one battle (TOTE-BURDEN-01, TOTE-GAP-26).
- :func:`list_problems` / :func:`fleet_problems`: the fleet builder's and the setup's check, one
  message per breach beginning with its rule ID.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from core.rulesets.tote.rules import arith
from core.rulesets.tote.rules.data import (
    facility_types,
    ground_types,
    resolve,
    unit_types,
)

CP_LIMIT = 23            # TOTE-CP-02, TOTE-PDF-01, TOTE-RES-01
CAPITAL_CAP = 7          # TOTE-CP-03
ESCORT_SF_CAP = 3        # TOTE-ESC-02
ESCORT_AUX_CAP = 12      # TOTE-ESC-03
AUX_PER_CAPITAL = 3      # TOTE-ESC-04

#: Technology each faction may build, buy or swap in (TOTE-FACTION-01..11, TOTE-DATA-08); "full
#: Imperial" is imperial with the VSD-I; the Independents use independent only (TOTE-GAP-49).
FACTION_TECH: dict[str, tuple[str, ...]] = {
    "GE": ("imperial",), "IR": ("imperial", "vsd1", "venator"), "NR": ("rebel", "republic"),
    "RA": ("rebel", "independent"), "TF": ("tf",), "HS": ("hutt", "independent"), "HC": ("hapan",),
    "CSA": ("independent", "vsd1"), "IND": ("independent",), "ORC": ("orc",),
}

#: Each faction's stronghold bonus PDF units (TOTE-FACTION-01..10); they count toward neither the
#: 23 CP nor the 7 ships of the PDF (TOTE-PDF-02).
FACTION_BONUS: dict[str, dict[str, int]] = {
    "GE": {"SSD": 1}, "IR": {"ISD2": 1}, "NR": {"MC90": 1}, "RA": {"MC90": 1}, "TF": {"DHC": 1},
    "HS": {"VNSD": 1, "PBC": 1}, "HC": {"STARHOME": 1, "CFC": 1, "HPB": 2, "NBC": 3},
    "CSA": {"VSD": 1, "MCC": 2}, "IND": {"DREAD": 4}, "ORC": {"ORCAB": 4, "ORCCORV": 4},
}

KINDS = {"fleet": ("fleet", "TOTE-CP-02", "TOTE-CP-03"),
         "pdf": ("Space PDF", "TOTE-PDF-01", "TOTE-PDF-01"),
         "reserve": ("Fleet Reserve Force", "TOTE-RES-01", "TOTE-RES-01")}


@dataclass(frozen=True)
class Breach:
    """One broken rule: its catalog ID and what was wrong, in words."""

    rule: str
    text: str

    def __str__(self) -> str:
        return f"{self.rule}: {self.text}"


@dataclass(frozen=True)
class FleetReport:
    """A fleet's figures and what it breaks (empty ``breaches``: legal)."""

    cp: int
    capitals: int
    escort_sf: int
    escort_aux: int
    required_capitals: int
    bonus_cp: int = 0
    breaches: tuple[Breach, ...] = field(default_factory=tuple)

    @property
    def legal(self) -> bool:
        """True when nothing is broken."""
        return not self.breaches

    def lines(self, kind: str = "fleet") -> list[str]:
        """The report in words: the totals, then one line per breach (or that it is legal)."""
        name, _, _ = KINDS.get(kind, KINDS["fleet"])
        head = (f"{name}: {self.cp} CP of {CP_LIMIT + self.bonus_cp}, {self.capitals} of {CAPITAL_CAP} capital ships, "
                f"escorts {self.escort_sf} SF of {ESCORT_SF_CAP} and {self.escort_aux} AUX of {ESCORT_AUX_CAP} "
                f"(need {self.required_capitals} capital ship{'' if self.required_capitals == 1 else 's'})")
        return [head, *(str(b) for b in self.breaches)] if self.breaches else [head, "legal"]


class FleetError(ValueError):
    """A fleet written so that it cannot be read; the message says how to write it."""


_ITEM = re.compile(r"^\(?(\d+)\)?\s*[x×]?\s*([A-Za-z0-9'\-]+)$|^([A-Za-z0-9'\-]+)\s*[x×:]\s*(\d+)$|^([A-Za-z0-9'\-]+)$")


def parse_fleet(text: str) -> dict[str, int]:
    """``{code: count}`` from text such as ``"1 ACC + 1 STRK + 1 ESC + 1 TIEAV"``, ``"(7) CGUNs,
    2 EWING"``, ``"CORV x3"`` or ``"ISD2:1, VSD:1"`` (codes in any case, plurals and the text's
    spellings resolved). Raises
    FleetError naming the part it could not read or the unknown code."""
    out: dict[str, int] = {}
    for part in re.split(r"[+,;]", text):
        part = part.strip()
        if not part:
            continue
        m = _ITEM.match(part)
        if not m:
            raise FleetError(f"cannot read {part!r}: write a count and a unit code, e.g. '2 CORV' or 'CORV x2'")
        count, code = (m.group(1), m.group(2)) if m.group(2) else ((m.group(4), m.group(3)) if m.group(3) else ("1", m.group(5)))
        try:
            c = resolve(code)
        except KeyError as e:
            try:  # the text's plurals: "(7) CGUNs", "(3) CORVs"
                c = resolve(code[:-1]) if code[-1:] in "sS" and len(code) > 2 else resolve(code)
            except KeyError:
                raise FleetError(str(e.args[0])) from e
        if int(count) < 1:
            raise FleetError(f"{part!r}: a count is at least 1")
        out[c] = out.get(c, 0) + int(count)
    return out


def fleet_hyper_hours(codes: Iterable[str], route_hours: int) -> int:
    """Hours a fleet of ``codes`` spends in hyperspace on a trip of ``route_hours``: it moves at its
    slowest (largest) hyperdrive class (TOTE-FLEETHYP-01, TOTE-GAP-06; TOTE-EX-25: 24 h at class 2
    is 48 h). Units without a hyperdrive ride carried or in tow and do not slow it. Raises
    ValueError when no unit has a hyperdrive, KeyError for an unknown code."""
    types = unit_types()
    drives = [types[resolve(c)] for c in codes]
    jumpers = [t for t in drives if t.hyperdrive is not None]
    if not jumpers:
        raise ValueError("no unit of this fleet has a hyperdrive")
    slowest = max(jumpers, key=lambda t: t.hyperdrive or 0)  # "or 0" is never taken: every jumper has a hyperdrive
    return slowest.hyper_hours(route_hours)


def required_capitals(escort_sf: int, escort_aux: int) -> int:
    """Capital ships an escort group needs: 1 per SF squadron plus 1 per 3 AUX (rounded up), the
    two added (TOTE-ESC-04; TOTE-EX-07: 3 SF + 12 AUX need 7)."""
    return escort_sf + arith.ceil_div(escort_aux, AUX_PER_CAPITAL)


def _counts(units: Mapping[str, int] | Iterable[tuple[str, int]] | str) -> list[tuple[str, int]]:
    if isinstance(units, str):
        return list(parse_fleet(units).items())
    return list(units.items()) if isinstance(units, Mapping) else list(units)


def fleet_report(units: Mapping[str, int] | Iterable[tuple[str, int]] | str, *, kind: str = "fleet",
                 bonus: Mapping[str, int] | None = None, bonus_cp: int = 0,
                 tech_allowed: Iterable[str] | None = None,
                 captured: Mapping[str, int] | None = None) -> FleetReport:
    """Check a fleet, a Space PDF (``kind="pdf"``) or the reserve (``kind="reserve"``).

    ``units`` are the counted units; ``bonus`` the faction's bonus units in it, which count toward
    neither limit (TOTE-PDF-02). ``bonus_cp`` raises the CP limit where a rule grants it
    (TOTE-CP-05, TOTE-GAP-53). ``tech_allowed``, when given, are the faction's tech tags: a unit
    with none of them breaks TOTE-FACTION-11. ``captured`` units count like the others (a captured
    ship takes CP at once, TOTE-BOARD-05) but are exempt from the tech check and may be of a
    bonus-only type (TOTE-GAP-54). Raises FleetError only for unreadable text."""
    name, cp_rule, cap_rule = KINDS[kind]
    types = unit_types()
    ground, facilities = ground_types(), facility_types()
    allowed = set(tech_allowed) if tech_allowed is not None else None
    breaches: list[Breach] = []
    cp = capitals = sf = aux = 0
    entries = [(c, n, False) for c, n in _counts(units)] + [(c, n, True) for c, n in (captured or {}).items()]
    for raw_code, n, prize in entries:
        try:
            code = resolve(raw_code)
        except KeyError as e:
            breaches.append(Breach("TOTE-DATA-01", str(e.args[0])))
            continue
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            breaches.append(Breach("TOTE-DATA-01", f"{code}: a count must be a whole number of at least 1, not {n!r}"))
            continue
        if code in ground:
            breaches.append(Breach("TOTE-BURDEN-02", f"{ground[code].name} ({code}) is a ground unit: it rides aboard a "
                                   "capital ship's complement, not in a fleet of its own"))
            continue
        if code in facilities:
            breaches.append(Breach("TOTE-DATA-04", f"{facilities[code].name} ({code}) is a facility, built on the ground"))
            continue
        t = types[code]
        if t.cls == "platform":
            breaches.append(Breach("TOTE-GAP-18", f"{t.name} ({code}) is a platform: it never moves and joins no {name}"))
            continue
        if t.has("bonus_only") and not prize:
            breaches.append(Breach("TOTE-START-04", f"{t.name} ({code}) is only ever a faction's bonus unit; it cannot be "
                                   "built or bought into a fleet"))
        if allowed is not None and not prize and not allowed.intersection(t.tech):
            breaches.append(Breach("TOTE-FACTION-11", f"{t.name} ({code}) is {'/'.join(t.tech)} technology; "
                                   f"this faction may use {', '.join(sorted(allowed))}"))
        cp += t.cp * n
        if t.is_capital:
            capitals += n
        elif t.cls == "sf":
            sf += n
        else:
            aux += n
        if t.is_craft and not t.escort_capable:
            breaches.append(Breach("TOTE-ESC-01", f"{t.name} ({code}) has no hyperdrive, so it cannot be a Fleet Escort; "
                                   "carry it aboard a capital ship instead"))
    for code in (bonus or {}):
        if resolve(code) not in types:
            breaches.append(Breach("TOTE-DATA-01", f"bonus unit {code!r} is not a starship"))
    if kind != "reserve":
        if sf > ESCORT_SF_CAP:
            breaches.append(Breach("TOTE-ESC-02", f"{sf} SF squadrons as escorts; at most {ESCORT_SF_CAP}"))
        if aux > ESCORT_AUX_CAP:
            breaches.append(Breach("TOTE-ESC-03", f"{aux} AUX craft as escorts; at most {ESCORT_AUX_CAP}"))
    need = required_capitals(sf, aux)
    if kind != "reserve" and capitals < need:
        breaches.append(Breach("TOTE-ESC-04", f"{sf} SF and {aux} AUX escorts need at least {need} capital ships "
                               f"(1 per squadron + 1 per 3 AUX); the {name} has {capitals}"))
    limit = CP_LIMIT + bonus_cp
    if cp > limit:
        breaches.append(Breach(cp_rule, f"the {name} holds {cp} CP; at most {limit}"
                               + (" (escorts count, TOTE-ESC-05)" if sf + aux else "")))
    if kind != "reserve" and capitals > CAPITAL_CAP:
        breaches.append(Breach(cap_rule, f"the {name} holds {capitals} capital ships; at most {CAPITAL_CAP}"))
    return FleetReport(cp, capitals, sf, aux, need, bonus_cp, tuple(breaches))


def check_fleet(units: Mapping[str, int] | Iterable[tuple[str, int]] | str, **kw: Any) -> list[Breach]:
    """What a fleet breaks (see :func:`fleet_report`); empty when legal."""
    return list(fleet_report(units, **kw).breaches)


def fleet_problems(faction: str, units: Mapping[str, int] | str, *, kind: str = "fleet",
                   bonus: Mapping[str, int] | None = None, bonus_cp: int = 0) -> list[str]:
    """What a ``faction``'s fleet (or PDF, or reserve) breaks, one message per broken rule, each
    beginning with its rule ID ("TOTE-CP-02: the fleet holds 24 CP; at most 23"); empty when legal.
    The faction's technology is checked (TOTE-FACTION-11). Raises FleetError for unreadable text,
    KeyError for an unknown faction."""
    return [str(b) for b in check_fleet(units, kind=kind, bonus=bonus, bonus_cp=bonus_cp,
                                        tech_allowed=FACTION_TECH[faction])]


_FACTION_PREFIX = re.compile(r"^\s*([A-Za-z]{2,3})\s*[:|]\s*(\D.*)$", re.S)


def split_list(text: str) -> tuple[str | None, str]:
    """A fleet list's faction and units: ``"GE: ACC:1, STRK:1"`` -> ``("GE", "ACC:1, STRK:1")``;
    text without a known faction before a ``:`` or ``|`` -> ``(None, text)``."""
    m = _FACTION_PREFIX.match(text)
    if m and m.group(1).upper() in FACTION_TECH:
        return m.group(1).upper(), m.group(2)
    return None, text


def list_text(faction: str, units: Mapping[str, int]) -> str:
    """A fleet as list text, ``"GE: ACC:1, STRK:1, ESC:1, TIEAV:1"`` (read back by :func:`list_problems`)."""
    return f"{faction}: " + ", ".join(f"{c}:{n}" for c, n in units.items())


def list_problems(text: str) -> list[str]:
    """What a fleet list breaks (the fleet builder's check): ``"FACTION: units"`` checks the
    faction's technology too, bare units only the fleet rules. One message per breach, rule first;
    unreadable text gives one message saying how to write it. Empty when legal."""
    faction, units = split_list(text)
    try:
        parsed = parse_fleet(units)
    except FleetError as e:
        return [f"fleet list: {e}"]
    if not parsed:
        return ["fleet list: it names no units; write e.g. 'GE: ACC:1, STRK:1, ESC:1, TIEAV:1'"]
    if faction is None:
        return [str(b) for b in check_fleet(parsed)]
    return fleet_problems(faction, parsed)


def new_unit_assignment(code: str, *, hero_present: bool, direct_swap: bool, main: Mapping[str, int],
                        pdf: Mapping[str, int]) -> str:
    """Where a newly built, captured or reactivated unit goes (TOTE-GAP-27): ``"main"`` when the
    Hero is in its system (or it is a direct swap, TOTE-BURDEN-07/08) and the main fleet has room;
    else ``"pdf"`` when the local Space PDF has room; else ``"unassigned"`` (it cannot act but can be
    attacked). Raises KeyError for an unknown code."""
    c = resolve(code)
    if (hero_present or direct_swap) and not check_fleet({**main, c: main.get(c, 0) + 1}):
        return "main"
    if not check_fleet({**pdf, c: pdf.get(c, 0) + 1}, kind="pdf"):
        return "pdf"
    return "unassigned"


def check_transfer(main: Mapping[str, int], pdf: Mapping[str, int], code: str, *, to_pdf: bool = True,
                   main_bonus: Mapping[str, int] | None = None, pdf_bonus: Mapping[str, int] | None = None,
                   in_combat: bool = False) -> list[Breach]:
    """What moving one ``code`` between the main fleet and a Space PDF breaks (TOTE-PDF-03/04,
    TOTE-BURDEN-09; TOTE-EX-22: a 5-CP ship into a 20-CP PDF makes 25, illegal)."""
    c = resolve(code)
    src, dst = (dict(main), dict(pdf)) if to_pdf else (dict(pdf), dict(main))
    if src.get(c, 0) < 1:
        return [Breach("TOTE-PDF-03", f"there is no {c} in the {'main fleet' if to_pdf else 'Space PDF'} to move")]
    out: list[Breach] = []
    if in_combat:
        out.append(Breach("TOTE-BURDEN-09", "no transfer while a unit involved is in combat or would enter combat on arrival"))
    src[c] -= 1
    if not src[c]:
        del src[c]
    dst[c] = dst.get(c, 0) + 1
    new_main, new_pdf = (src, dst) if to_pdf else (dst, src)
    for kind, units, bonus in (("fleet", new_main, main_bonus), ("pdf", new_pdf, pdf_bonus)):
        for b in check_fleet(units, kind=kind, bonus=bonus):
            out.append(Breach("TOTE-PDF-04", f"after the transfer: {b}"))
    return out


def command_breaches(*, hero_present: bool, direct_swap: bool = False, in_combat: bool = False,
                     entering_combat: bool = False) -> list[Breach]:
    """What taking command of a new unit breaks (TOTE-BURDEN-06..09): the Hero must be in the
    unit's system, unless it is a direct swap of a newly built unit or a PDF ship for a main-fleet
    ship (which need not even share a system); and never while in combat or entering it."""
    out = []
    if not hero_present and not direct_swap:
        out.append(Breach("TOTE-BURDEN-06", "the faction's Hero must be in the same system to take command of new "
                          "units (or make it a 1-for-1 swap with a new or PDF ship, TOTE-BURDEN-07/08)"))
    if in_combat or entering_combat:
        out.append(Breach("TOTE-BURDEN-09", "no addition, transfer or swap while a unit involved is in combat or "
                          "would enter combat on arrival"))
    return out


def _destroyed(u: Mapping[str, Any]) -> bool:
    return bool(u.get("destroyed", False))


def _parent(u: Mapping[str, Any]) -> str | None:
    """The capital ship a unit is attached to: ``attached_to``, else the ship carrying it."""
    p = u.get("attached_to") or u.get("carried_by")
    return str(p) if p else None


def committed_cp(units: Iterable[Mapping[str, Any]]) -> int:
    """The CP a faction's units in play hold (TOTE-BURDEN-02..05, TOTE-EX-08).

    A capital ship holds its CP while it is neither DESTROYED nor DERELICT (DISABLED still holds,
    TOTE-BURDEN-04), and also after that while any unit attached to it survives (TOTE-BURDEN-03/05).
    An escort SF or AUX (not attached) holds 1 CP until destroyed; attached craft, ground units,
    platforms and bonus units hold none of their own. Raises KeyError for an unknown unit type."""
    types = unit_types()
    rows = list(units)
    alive_attached: set[str] = {p for u in rows if (p := _parent(u)) and not _destroyed(u)}
    total = 0
    for u in rows:
        if u.get("bonus") or _parent(u):
            continue
        t = types.get(str(u.get("type")))
        if t is None:
            if str(u.get("type")) in ground_types():
                continue
            raise KeyError(f"unit {u.get('id')!r} has unknown type {u.get('type')!r}")
        if t.is_capital:
            gone = _destroyed(u) or bool(u.get("derelict", False))
            if not gone or str(u.get("id")) in alive_attached:
                total += t.cp
        elif t.is_craft and not _destroyed(u):
            total += t.cp
    return total


def battle_cp(acting: Iterable[Mapping[str, Any]], all_units: Mapping[str, Mapping[str, Any]]) -> int:
    """CP committed by the units that act in one battle (TOTE-GAP-26): each acting capital ship or
    craft attached to it commits the ship's CP once; an escort craft 1; platforms, facilities,
    ground units on their own and bonus units none. ``all_units`` maps id -> unit dict (to find a
    craft's parent). Raises KeyError for an unknown type."""
    types = unit_types()
    parents: set[str] = set()
    total = 0
    for u in acting:
        if u.get("bonus"):
            continue
        parent = _parent(u)
        if parent:
            if parent not in parents:
                parents.add(str(parent))
                p = all_units.get(str(parent))
                pt = types.get(str(p.get("type"))) if p else None
                if p is None or pt is None:
                    raise KeyError(f"unit {u.get('id')!r} is attached to unknown ship {parent!r}")
                if not p.get("bonus"):
                    total += pt.cp
            continue
        t = types.get(str(u.get("type")))
        if t is None:
            continue  # ground units and facilities with no parent ship commit no CP
        if t.is_capital:
            if str(u.get("id")) not in parents:
                parents.add(str(u.get("id")))
                total += t.cp
        elif t.is_craft:
            total += t.cp
    return total


def check_battle_cp(acting: Iterable[Mapping[str, Any]], all_units: Mapping[str, Mapping[str, Any]],
                    bonus_cp: int = 0) -> list[Breach]:
    """TOTE-BURDEN-01: the units acting in one battle may hold at most 23 CP (plus bonus CP)."""
    cp = battle_cp(acting, all_units)
    if cp > CP_LIMIT + bonus_cp:
        return [Breach("TOTE-BURDEN-01", f"{cp} CP would act in this battle; at most {CP_LIMIT + bonus_cp} "
                       "(a unit attached to a capital ship commits the ship's whole CP)")]
    return []
