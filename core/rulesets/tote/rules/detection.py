"""Who could detect a unit, read straight from the text's sensor rules, for the invariants that check
every event a viewer receives (issue 26: "no event reaches a viewer who could not detect it").

Kept apart from :func:`.model.sees` (what the views and the campaign filter with) on purpose: it is
the second opinion, written from the catalog's coverage table (TOTE-GAP-37) and the scan rules, so a
filter that leaks fails against it.

- Coverage of a scan by where the scanner stands (TOTE-GAP-37, SCAN-06/10/11/13): from DSZ-q its own
  DSZ and every C, B and A space; from C-q every C, B and A space, DSZ-q (the DSZ bordering it) and
  the Atmosphere; from B, A, the Atmosphere or the ground every C, B and A space, the Atmosphere and
  every ground grid; a ComScan facility the ground, the Atmosphere, A, B and C.
- Who scans (TOTE-SCAN-03): capital ships, platforms and AUX craft, SF with a scanner, and ComScan
  suites; never a destroyed or derelict one, nor one carried aboard.
- In the campaign (``today``, the campaign day): a ship that left hyperspace today into a DSZ is
  heard only from that same DSZ (TOTE-SCAN-14); a scanner that arrived today has no scan completed
  yet (TOTE-SCAN-02).
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from core.rulesets.tote.rules import model

Unit = Mapping[str, Any]


def ring(space: str) -> tuple[str, str]:
    """``(ring, quadrant)`` of a grid space id: ``("DSZ", "1")``, ``("C", "3")``, ``("ATMO", "")``,
    ``("G", "2")`` for both layers of ground grid G-2."""
    if space == "ATMO":
        return "ATMO", ""
    head, _sep, _layer = space.partition("/")
    name, _dash, quadrant = head.partition("-")
    return name, quadrant


def covers(scanner: str, target: str, comscan: bool = False) -> bool:
    """Whether a scan from space ``scanner`` (a ComScan facility's if ``comscan``) covers space ``target``."""
    (sr, sq), (tr, tq) = ring(scanner), ring(target)
    if comscan:
        return tr in ("G", "ATMO", "A", "B", "C")
    if tr in ("A", "B", "C"):
        return True
    if sr == "DSZ":
        return tr == "DSZ" and tq == sq
    if sr == "C":
        return (tr == "DSZ" and tq == sq) or tr == "ATMO"
    return tr in ("ATMO", "G")


def _scans(u: Unit) -> bool:
    """TOTE-SCAN-03: the unit types that scan (capital, platform, AUX, an SF with a scanner, ComScan)."""
    try:
        return model.unit_class(dict(u)) in ("capital", "platform", "aux") or model.flag(dict(u), "can_scan") \
            or model.flag(dict(u), "comscan")
    except KeyError:
        return False


def scanners(units: Iterable[Unit], seat: str, today: int | None = None) -> list[tuple[str, bool]]:
    """``(space, comscan)`` of every unit of ``seat`` that scans where it stands."""
    out = []
    for u in units:
        if u.get("faction") != seat or not u.get("space") or u.get("carried_by") or u.get("destroyed") \
                or u.get("derelict") or u.get("transit"):
            continue
        if today is not None and u.get("arrived_turn") == today:
            continue  # TOTE-SCAN-02: its first scan is not done yet
        if _scans(u):
            out.append((str(u["space"]), _comscan(u)))
    return out


def _comscan(u: Unit) -> bool:
    try:
        return bool(model.flag(dict(u), "comscan"))
    except KeyError:
        return False


def could_detect(units: Iterable[Unit], seat: str, target: Unit, today: int | None = None) -> bool:
    """Whether ``seat`` could detect ``target`` from where its units stand (its own units always).
    ``units`` are those in the same system (or battle); ``today`` the campaign day, if any."""
    if target.get("faction") == seat:
        return True
    where = target.get("space")
    if not where or target.get("carried_by"):
        return False
    pool = list(units)
    unseen_exit = today is not None and target.get("arrived_turn") == today and ring(str(where))[0] == "DSZ"
    for space, comscan in scanners(pool, seat, today):
        if unseen_exit:
            if space == where:
                return True  # TOTE-SCAN-14: heard from the same DSZ alone
        elif covers(space, str(where), comscan):
            return True
    return False
