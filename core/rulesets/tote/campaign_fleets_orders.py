"""The choices the order book offers for ``assign`` (:func:`.campaign_fleets.assign`): the seat's
ships it may move between its main fleet and a Space PDF, the two places, and the main-fleet ships
a swap may send to PDF duty. Everything reads the game; nothing here changes it (none outside the campaign).
"""
from __future__ import annotations

from typing import Any

from .campaign_fleets import counted, parent, place


def _campaign(ctx: Any) -> dict[str, Any] | None:
    from .campaign_flow import is_campaign
    return ctx.state["campaign"] if is_campaign(ctx.state) and ctx.seat in ctx.state["seats"] else None


def assignable(ctx: Any) -> list[str]:
    """The seat's ships at a world (not aboard another ship, not in hyperspace, not destroyed, not bonus units)."""
    c = _campaign(ctx)
    if c is None:
        return []
    units = c["units"]
    return sorted(i for i, u in units.items() if u["faction"] == ctx.seat and counted(u) and u.get("system")
                  and not u.get("transit") and not u.get("destroyed") and not u.get("derelict") and not u.get("bonus")
                  and parent(units, u) is None)


def destinations(ctx: Any) -> list[str]:
    """``fleet`` and ``pdf`` (on the galaxy)."""
    return ["fleet", "pdf"] if _campaign(ctx) is not None else []


def main_ships(ctx: Any) -> list[str]:
    """The seat's main-fleet ships at a world (what a 1-for-1 swap sends to PDF duty, TOTE-BURDEN-08)."""
    c = _campaign(ctx)
    return [] if c is None else [i for i in assignable(ctx) if place(c["units"], c["units"][i]) == "main"]


def assigned_to_fleet(ctx: Any) -> list[str]:
    """The ships the seat's sheet puts into its main fleet (``assign <ships> fleet``) before this
    order, so a later ``jump`` of the same post may name them."""
    if _campaign(ctx) is None:
        return []
    out: list[str] = []
    for o in ctx.state["sheets"].get(ctx.seat, []):
        words = o["text"].split()
        if len(words) >= 3 and words[0] == "assign" and words[2] == "fleet":
            out += [i for i in words[1].split(",") if i not in out]
    return out


def sample(c: dict[str, Any], seat: str) -> list[str]:
    """A few ``assign`` orders ``seat`` might give now (for the contract's sample of legal orders):
    a main-fleet ship onto PDF duty where it stands, a PDF ship into the main fleet."""
    units = c["units"]
    out: dict[str, str] = {}
    for uid, u in sorted(units.items()):
        if u["faction"] != seat or u.get("bonus") or not counted(u) or not u.get("system") or u.get("transit") \
                or u.get("destroyed") or parent(units, u) is not None:
            continue
        where = place(units, u)
        if where == "main" and c["planets"].get(u["system"], {}).get("owner") == seat:
            out.setdefault("pdf", f"assign {uid} pdf")
        elif where == "pdf":
            out.setdefault("fleet", f"assign {uid} fleet")
    return list(out.values())


def why_not_jump(ctx: Any, uid: str) -> str:
    """Why the seat's ship ``uid`` may not jump because of its place of command ("" when it may,
    or it is not the seat's): on Space PDF duty, or unassigned (TOTE-PDF-03, TOTE-GAP-27)."""
    c = _campaign(ctx)
    if c is None or c["units"].get(uid, {}).get("faction") != ctx.seat:
        return ""
    from core.errors import OrderError
    from .campaign_fleets import check_acts
    try:
        check_acts(c, uid, "jump")
    except OrderError as exc:
        return str(exc)
    return ""
