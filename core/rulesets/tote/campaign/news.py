"""What a faction has heard and what it knows of other worlds, as rosters of its campaign view
(catalog 5.5; TOTE-COMMS-02/03/05, TOTE-GAP-10/39): the messages and news it has read, the fleet
departures and combat everyone hears of, and the worlds it has seen but is not at now, with the age
of what it saw. Everything comes from the faction's own :func:`.knowledge.knowledge`, nothing else.
"""
from __future__ import annotations

from typing import Any

from core.rulesets.tote.campaign.sensors import type_name
from core.rulesets.tote.rules.galaxy import galaxy
from core.rulesets.tote.rules.galaxy import world_name as _name
from core.rulesets.tote.rules.model import FACTIONS

#: rows each roster shows at most (the newest news first, the freshest worlds first)
NEWS_ROWS = 10
INTEL_ROWS = 12


def _day(hour: int) -> int:
    return int(hour) // 24 + 1


def _age(hours: int) -> str:
    days, rest = divmod(max(0, int(hours)), 24)
    if not days and not rest:
        return "now"
    return (f"{days} day{'s' if days != 1 else ''}" if days else f"{rest} h") + " ago"


def _who(seat: Any, seats: dict[str, str]) -> str:
    """A seat as the news names it: its faction's name (the seat itself if it plays none)."""
    return FACTIONS.get(seats.get(str(seat), ""), str(seat))


def _construction(m: dict[str, Any], seats: dict[str, str]) -> str:
    """The news of a construction order in words, the builder by its faction's name and the world by its
    name (TOTE-COMMS-03)."""
    p = m.get("payload") or {}
    if not isinstance(p, dict) or not {"builder", "system", "type", "count"} <= set(p):
        return str(m["text"])
    return f"{_who(p['builder'], seats)} is building {p['count']} {type_name(str(p['type']))} at {_name(p['system'])}"


def _words(m: dict[str, Any], seats: dict[str, str]) -> str:
    return _construction(m, seats) if m.get("kind") == "construction" else f"{_who(m['from'], seats)} says: {m['text']}"


def delivered_now(c: dict[str, Any]) -> list[dict[str, Any]]:
    """The news and messages each faction reads at this turn start (TOTE-FLOW-04 step 8, TOTE-GAP-39:
    delivered at the first turn start at or after they arrive), one event each, to its reader
    alone: ``{"kind": "campaign.news", "text", "to": [seat]}``. Raises KeyError for a campaign
    without its keys."""
    out = []
    for m in c.get("messages", []):
        if int(m["deliver"]) != int(c["hour"]):
            continue
        for seat in m["to"]:
            if seat in c["seats"]:
                out.append({"kind": "campaign.news", "text": f"News read: {_words(m, c['seats'])}", "to": [seat]})
    return out


def rosters(k: dict[str, Any], seats: dict[str, str]) -> list[dict[str, Any]]:
    """Two rosters from a faction's knowledge ``k``: ``News and notices`` (messages and news read,
    with the day each was read; departures heard of; combat), newest first; and ``Worlds seen,
    not there now`` (scanned or stale: who held it and how old that is, contacts seen). ``seats``
    maps each seat to its faction code. Raises KeyError for a knowledge dict without its keys."""
    g = galaxy()
    dated: list[tuple[int, str]] = []
    for m in k["news"]:
        words = _words(m, seats)
        dated.append((int(m["deliver"]), f"day {_day(m['deliver'])}: {words}"))
    for n in k["departures"]:
        who = FACTIONS.get(seats.get(n["owner"], ""), n["owner"])
        ships = int(n.get("ships", 0))
        force = f"a fleet of {who} ({n['owner']}) with {ships} capital ship{'s' if ships != 1 else ''}" if ships else \
            f"a force of small craft of {who} ({n['owner']}), no capital ship,"  # TOTE-GAP-39: only the count
        dated.append((int(n["hour"]), f"day {_day(n['hour'])}: {force} left {_name(n['origin'])}"))
    for n in k["combat"]:
        dated.append((int(n["hour"]), f"day {_day(n['hour'])}: {n['text']}"))
    dated.sort(key=lambda d: -d[0])
    news = [text for _hour, text in dated[:NEWS_ROWS]]
    if len(dated) > NEWS_ROWS:
        news.append(f"and {len(dated) - NEWS_ROWS} older")
    seen = sorted(((w, r) for w, r in k["systems"].items() if r["status"] in ("scanned", "stale")),
                  key=lambda wr: (wr[1]["age_hours"], g.planets[wr[0]].name if wr[0] in g.planets else wr[0]))
    intel = []
    for world, row in seen[:INTEL_ROWS]:
        contacts = len(row.get("contacts") or [])
        intel.append(f"{_name(world)}: {row['status']}, held by {row['owner'] or 'nobody'}, seen {_age(row['age_hours'])}"
                     + (f"; {contacts} contact{'s' if contacts != 1 else ''}" if contacts else ""))
    if len(seen) > INTEL_ROWS:
        intel.append(f"and {len(seen) - INTEL_ROWS} more seen longer ago")
    return [{"title": "News and notices (newest first)", "rows": news or ["none yet"]},
            {"title": "Worlds seen, not there now", "rows": intel or ["none"]}]
