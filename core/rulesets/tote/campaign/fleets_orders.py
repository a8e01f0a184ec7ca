"""The ``assign`` order as players and bots give it (:func:`.fleets.assign`): the choices
the order book offers (the seat's ships it may move between its main fleet and a Space PDF, the two
places, the main-fleet ships a swap may send to PDF duty; none outside the campaign), the reason a
jump of a PDF or unassigned ship is refused, a sample for the contract, and the bot's use of its
fleets. Everything reads the game; nothing here changes it.
"""
from __future__ import annotations

from typing import Any

from core.errors import OrderError
from core.rulesets.tote.campaign.fleets import check_acts, counted, parent, place
from core.rulesets.tote.rules import model
from core.rulesets.tote.rules.fleet import CAPITAL_CAP, CP_LIMIT
from core.rulesets.tote.rules.options import is_campaign


def _campaign(ctx: Any) -> dict[str, Any] | None:
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
    try:
        check_acts(c, uid, "jump")
    except OrderError as exc:
        return str(exc)
    return ""


# ---- the bot ---------------------------------------------------------------------------------------

def _free(entry: dict[str, Any] | None) -> tuple[int, int]:
    """(CP, capital ships) of room left in a ledger entry (a whole empty PDF when None)."""
    if entry is None:
        return CP_LIMIT, CAPITAL_CAP
    return entry["cp_limit"] - entry["cp"], entry["capital_limit"] - entry["capitals"]


def bot_assign(facts: dict[str, Any], seat: str) -> tuple[list[str], dict[str, list[str]]]:
    """The bot's fleet orders from its view: its unassigned ships where its Hero is, then capital
    ships on PDF duty at worlds it holds, go into the main fleet while it has room, biggest first
    (TOTE-BURDEN-06, PDF-03), never at a world in conflict (BURDEN-09), so they can sail; the bonus
    units stay. Returns the orders and the ships that may now jump, by world."""
    led = facts["ledger"]
    fl = led["fleets"]
    cp_room, cap_room = _free(fl["main"])
    fighting = set(facts.get("conflict", []))
    types = facts.get("pdf_types", {})
    orders: list[str] = []
    freed: dict[str, list[str]] = {}
    hero_worlds = {h.get("at") for h in led.get("heroes", []) if not h.get("dead")}
    idle = facts.get("unassigned", {})
    for i in sorted(idle, key=lambda i: (-model.cp(idle[i][1]), i)):
        where, code = idle[i]
        k, cap = model.cp(code), int(model.unit_class(code) == "capital")
        if where in hero_worlds and where not in fighting and k <= cp_room and cap <= cap_room:
            orders.append(f"assign {i} fleet")
            freed.setdefault(where, []).append(i)
            cp_room, cap_room = cp_room - k, cap_room - cap
    for w, p in fl["pdfs"].items():
        if w in fighting or w not in led["worlds"]:
            continue
        ships = sorted((i for i in p["units"] if model.unit_class(types.get(i, "")) == "capital"),
                       key=lambda i: (-model.cp(types[i]), i))
        pulled = []
        for i in ships:
            k = model.cp(types[i])
            if k <= cp_room and cap_room > 0:
                pulled.append(i)
                cp_room, cap_room = cp_room - k, cap_room - 1
        if pulled:
            orders.append(f"assign {','.join(pulled)} fleet")
            freed[w] = pulled
    return orders, freed


def build_fits(facts: dict[str, Any], world: str, code: str) -> bool:
    """Whether a ship of ``code`` built at ``world`` has room to take its place on arrival: in the
    Space PDF there (the bot's Hero is seldom home, TOTE-GAP-27)."""
    cp_room, cap_room = _free(facts["ledger"]["fleets"]["pdfs"].get(world))
    return model.cp(code) <= cp_room and (cap_room > 0 or model.unit_class(code) != "capital")
