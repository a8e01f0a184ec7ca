"""The logistics orders of the campaign as players and bots give them (:mod:`.logistics`):
the choices the order book offers for ``reserve``, ``activate``, ``exchange``, ``scrap`` and
``surrender``, a sample of them for the ruleset contract's legal orders, and the bot's use of the
reserve and of repairs. Everything reads the game; nothing here changes it.
"""
from __future__ import annotations

from typing import Any

from core.rulesets.tote.campaign.logistics import (
    Campaign,
    held_strongholds,
    hero_aboard,
    in_play,
    scrap_refusal,
)
from core.rulesets.tote.rules import model
from core.rulesets.tote.rules.options import is_campaign

# ---- choices for the order book (none outside the campaign) -------------------------------------

def _campaign(ctx: Any) -> Campaign | None:
    return ctx.state["campaign"] if is_campaign(ctx.state) and ctx.seat in ctx.state["seats"] else None


def active_ships(ctx: Any) -> list[str]:
    """The seat's units in a system on the galaxy (what it may send to the reserve, scrap or surrender)."""
    c = _campaign(ctx)
    return [] if c is None else sorted(i for i, u in c["units"].items() if u["faction"] == ctx.seat and in_play(u)
                                       and u.get("system") and not u.get("transit"))


def reservable(ctx: Any) -> list[str]:
    """The seat's ships that may go to the reserve: at a stronghold it holds, not its Space PDF,
    not aboard another ship (a Hero aboard goes ashore, :func:`.logistics.ashore`)."""
    c = _campaign(ctx)
    if c is None:
        return []
    holds = set(held_strongholds(c, ctx.seat))
    return [i for i in active_ships(ctx) if c["units"][i].get("system") in holds and not c["units"][i].get("pdf")
            and not c["units"][i].get("carried_by") and model.unit_class(c["units"][i]) != "platform"]


def reserve_units(ctx: Any) -> list[str]:
    """The seat's units in its Fleet Reserve Force not being activated (not the craft aboard), and
    those its sheet sends there before this order."""
    c = _campaign(ctx)
    if c is None:
        return []
    queued = set()
    for o in ctx.state["sheets"].get(ctx.seat, []):
        words = o["text"].split()
        if words[0] == "reserve" and len(words) == 2:
            queued |= set(words[1].split(","))
        elif words[0] == "exchange" and len(words) >= 3:
            queued.add(words[1])
    return sorted(i for i, u in c["units"].items() if u["faction"] == ctx.seat and not u.get("carried_by")
                  and ((u.get("reserve") and not u.get("activating")) or i in queued))


def own_strongholds(ctx: Any) -> list[str]:
    """The strongholds the seat holds."""
    c = _campaign(ctx)
    return [] if c is None else held_strongholds(c, ctx.seat)


def quadrants(ctx: Any) -> list[str]:
    """The quadrants of a Deep Space Zone (1-4)."""
    return ["1", "2", "3", "4"] if _campaign(ctx) is not None else []


def surrenderable(ctx: Any) -> list[str]:
    """The seat's units and standing facilities on the galaxy."""
    c = _campaign(ctx)
    if c is None:
        return []
    return active_ships(ctx) + sorted(i for i, f in c.get("facilities", {}).items()
                                      if f["faction"] == ctx.seat and not f.get("destroyed"))


def other_seats(ctx: Any) -> list[str]:
    """Every other seat of the game."""
    c = _campaign(ctx)
    return [] if c is None else [s for s in c["seats"] if s != ctx.seat]


def sample_orders(c: Campaign, seat: str) -> list[str]:
    """A few logistics orders ``seat`` might give now (for the contract's sample of legal orders):
    a ship at a stronghold to the reserve, a reserve unit out again, a built unit scrapped."""
    holds = held_strongholds(c, seat)
    out = []
    for uid, u in sorted(c["units"].items()):
        if u["faction"] != seat or u.get("carried_by"):
            continue
        if in_play(u) and u.get("system") in holds and not u.get("pdf") and not hero_aboard(c, seat, uid):
            out.append(f"reserve {uid}")
        elif u.get("reserve") and not u.get("activating") and holds:
            out.append(f"activate {uid} {holds[0]}")
        elif in_play(u) and u.get("built") and u.get("system") and not scrap_refusal(c, seat, u["system"]):
            out.append(f"scrap {uid}")
    return out[:1] + [o for o in out if o.startswith("activate")][:1] + [o for o in out if o.startswith("scrap")][:1]


# ---- the bot -----------------------------------------------------------------------------------

def resting(facts: dict[str, Any]) -> set[str]:
    """The bot's damaged ships being repaired at a yard: they stay until full (a bot repairs by staying)."""
    return {r["unit"] for r in facts["ledger"].get("repairs", []) if r["yard"] and r["hours"] > 0}


def bot_reserve(facts: dict[str, Any], seat: str) -> tuple[list[str], set[str]]:
    """The bot's reserve orders from its view: its unassigned capital ships (they cannot act,
    TOTE-GAP-27) at a stronghold it holds, not in conflict, go to the reserve while it has room;
    with none unassigned, the first reserve unit that fits the Space PDF of its first stronghold it
    holds is activated there (it joins the main fleet instead when the Hero is there with room, TOTE-GAP-47). Returns the orders and the ships sent."""
    led = facts["ledger"]
    fl = led["fleets"]
    home = next((w for w in facts["strongholds"].get(seat, []) if w in led["worlds"]), None)
    idle = facts.get("unassigned", {})
    if not idle:
        pdf = fl["pdfs"].get(home)
        pdf_room = 23 - (pdf["cp"] if pdf else 0)
        waiting = [r for r in led.get("reserve", []) if r["arrives_day"] is None and r["cp"] <= pdf_room]
        return ([f"activate {waiting[0]['unit']} {home}"] if waiting and home else []), set()
    room = 23 - int(led.get("reserve_cp", 0))
    fighting = set(facts.get("conflict", []))
    holds = {w for w in facts["strongholds"].get(seat, []) if w in led["worlds"] and w not in fighting}
    sent: list[str] = []
    for i in sorted(idle, key=lambda i: (-model.cp(idle[i][1]), i)):
        where, code = idle[i]
        k = model.cp(code)
        if where in holds and model.unit_class(code) == "capital" and k <= room:
            sent.append(i)
            room -= k
    return ([f"reserve {','.join(sent)}"] if sent else []), set(sent)
