"""The GM's desk in the campaign: every faction's books at a glance (the GM sees everything).

:func:`gm_rosters` gives the GM's view one roster per faction, in today's posting order: its post
today (posted, posting now, to post; TOTE-GAP-02), its treasury and facility purse (TOTE-ECON-01,
TOTE-GAP-33), CP and worlds, its builds in progress with their ready day, its Fleet Reserve Force
(TOTE-RES-01..03), its Heroes and trainings, its mission under way (TOTE-MISSION-01..02) and its
ships under repair. It reads each faction's own ledger (:func:`.state.ledger`) and is only ever
called for the GM, so no player's view changes.
"""
from __future__ import annotations

from typing import Any

from core.rulesets.tote.campaign import state as cp
from core.rulesets.tote.campaign.ground import summary
from core.rulesets.tote.campaign.posting import posting, turn_order
from core.rulesets.tote.campaign.sensors import type_name as _type_name
from core.rulesets.tote.rules.galaxy import galaxy
from core.rulesets.tote.rules.model import FACTIONS

State = dict[str, Any]


def _world(world: str | None) -> str:
    p = galaxy().planets.get(world or "")
    return p.name if p is not None else str(world)


def post_status(state: State, seat: str) -> str:
    """Where ``seat`` stands in today's posts: ``posted``, ``posting now``, ``to post (3rd)`` or
    ``no post today`` (the game over)."""
    p = posting(state)
    if seat in p["posted"]:
        return f"posted ({p['posted'].index(seat) + 1} of {len(p['posted']) + len(p['posting']) + len(p['to_post'])})"
    if seat in p["posting"]:
        return "posting now"
    if seat in p["to_post"]:
        return "to post, after " + ", ".join(p["posting"] + p["to_post"][: p["to_post"].index(seat)])
    return "no post today"


def faction_rows(state: State, seat: str) -> list[str]:
    """The GM's lines on one faction: post, money, forces, builds, reserve, Heroes, mission, repairs."""
    c = state["campaign"]
    led = cp.ledger(c, seat)
    rows = [f"post today: {post_status(state, seat)}",
            f"treasury {led['treasury_kc']} KC; facility purse {led['facility_kc']} KC; "
            f"CP {led['cp_committed'] + led['cp_free']} ({led['cp_committed']} in battle); "
            f"worlds {len(led['worlds'])}: {', '.join(_world(w) for w in led['worlds']) or 'none'}"]
    rows += [f"building {_type_name(b['code'])} at {_world(b['at'])}, ready day {b['due_hour'] // 24 + 1}"
             for b in led["building"]] or ["building nothing"]
    reserve = [f"{r['unit']} ({_type_name(r['type'])}, {r['cp']} CP)"
               + (f" -> {_world(r['to'])} {r['dsz']}, day {r['arrives_day']}" if r["arrives_day"] else "")
               for r in led["reserve"]]
    rows.append(f"reserve {led['reserve_cp']} of 23 CP: {', '.join(reserve) or 'empty'}")
    rows.append(summary(c, seat))  # its Reserve Guard Forces (TOTE-RGF-01..03)
    for h in led["heroes"]:
        rows.append(f"Hero {h.get('name', h.get('id'))}" + (" (fallen)" if h.get("dead") else f", level {h.get('level', 1)}"))
    for t in led["trainings"]:
        rows.append(f"training {t.get('name', '')} ({t.get('class', '')}), ready day {t.get('ready_turn', t.get('ready_day', '?'))}")
    mission = (led.get("missions") or {}).get("mission")
    if mission:
        total = len(mission["done"]) + len(mission["left"])
        rows.append(f"mission {mission['name']} ({mission['hero']}): milestone {mission['step'] + 1} of {total}, "
                    f"{mission['progress']} toward: {mission['left'][0]}")
    else:
        rows.append("no mission under way")
    if led["repairs"]:
        rows.append("under repair: " + ", ".join(f"{r['unit']} at {_world(r['at'])}" for r in led["repairs"]))
    return rows


def gm_rosters(state: State) -> list[dict[str, Any]]:
    """One roster per faction for the GM's view, in today's posting order (every seat of the game)."""
    c = state["campaign"]
    order = [s for s in turn_order(state) if s in c["seats"]] if state.get("initiative") else []
    order += [s for s in c["seats"] if s not in order]
    return [{"title": f"{FACTIONS.get(c['seats'][s], c['seats'][s])} ({s})", "rows": faction_rows(state, s)}
            for s in order]
