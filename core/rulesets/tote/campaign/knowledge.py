"""A faction's picture of the galaxy: what it sees now, what it saw before and how old that is,
the fleets it knows are moving, and the news it has read (catalog 5.5, TOTE-SCAN, TOTE-COMMS,
TOTE-GAP-10/37/38/39).

:func:`knowledge` is the one function every screen, log, report, bot and export of the campaign
reads for a faction. It is pure and reads only these keys of the campaign ``facts`` (any other key,
such as treasuries, order sheets, build queues or the reserve, is never read):

- ``hour``: the game hour now; ``hours_per_turn`` (24 unless an option says 6 or 12, TOTE-GAP-01);
- ``planets``: ``{system: {"owner": faction or None, ...}}``: the owner is read only where the
  faction is present (it learns it there) or from what it recorded before (``visits``, snapshots);
- ``strongholds``: ``{faction: [systems]}``: public (catalog 5.5);
- ``units``: campaign units (see :mod:`.sensors`: unit dicts with ``system`` and ``transit``); of
  these only the faction's own are read;
- ``facilities``: facility instances (see :mod:`.sensors`); only the faction's own are read;
- ``scans``: running scans (:func:`.sensors.declare_scan`); only the faction's own are read;
- ``snapshots``: completed active scans (:func:`.sensors.complete_scans`); only the faction's own;
  snapshots shared by message arrive as a message's ``payload["snapshot"]``;
- ``sightings``: emissions heard and scanners revealed (:mod:`.sensors`), read where the faction
  is in their ``to`` list; if the integrator stamps each with ``seq`` (the number of the post it
  happened in, counted over the whole game) and keeps ``post_seq`` ``{faction: the number of its
  latest post begun}``, a faction receives them only at its next post (TOTE-GAP-37);
- ``notices``: public combat and departure notices (:mod:`.comms`);
- ``messages``: messages (:mod:`.comms`), read once delivered to the faction;
- ``visits``: ``{faction: {system: {"hour", "owner"}}}``, when it last had a unit there and who
  owned the planet then (:func:`note_presence` keeps it);
- ``options``: ``scan_memory_days`` (TOTE-GAP-10: None remembers for ever), ``recent_days``
  (how many days of departures and combat notices the picture lists, 7 by default).

A system's ``status`` is ``present`` (the faction has a unit or facility there: it sees its own and
knows the planet's owner), ``scanned`` (its freshest snapshot is from this turn), ``stale``
(seen before: ``age_hours`` says how long ago) or ``unknown``. Enemy units appear only as
``contacts``, each stamped with the hour and the source (``scan``, ``emission``, ``scanner``):
the freshest snapshot's contacts, then every later sighting (TOTE-COMMS-04).
"""
from __future__ import annotations

from typing import Any

from core.rulesets.tote.campaign.comms import delivered
from core.rulesets.tote.campaign.sensors import visible_to
from core.rulesets.tote.rules import grid

Facts = dict[str, Any]
Record = dict[str, Any]
STATUSES = ("present", "scanned", "stale", "unknown")


def _own_presence(facts: Facts, faction: str) -> dict[str, list[str]]:
    """System -> ids of the faction's units (on the grid or aboard) and standing facilities there."""
    here: dict[str, list[str]] = {}
    for u in facts.get("units", {}).values():
        if u["faction"] == faction and u.get("system") and not u.get("transit") and not u.get("destroyed") \
                and not u.get("withdrawn"):
            here.setdefault(u["system"], []).append(u["id"])
    for f in facts.get("facilities", {}).values():
        if f["faction"] == faction and f.get("system") and not f.get("destroyed"):
            here.setdefault(f["system"], []).append(f["id"])
    return {s: sorted(ids) for s, ids in here.items()}


def note_presence(visits: dict[str, dict[str, Record]], facts: Facts) -> dict[str, dict[str, Record]]:
    """``visits`` updated with every faction's presence now (TOTE-GAP-10): for each system where it
    has a unit or facility, the hour and the planet's owner. Returns a new dict."""
    out = {f: dict(v) for f, v in visits.items()}
    factions = {u["faction"] for u in facts.get("units", {}).values()}
    factions |= {f["faction"] for f in facts.get("facilities", {}).values()}
    for faction in sorted(factions):
        for system in _own_presence(facts, faction):
            owner = facts.get("planets", {}).get(system, {}).get("owner")
            out.setdefault(faction, {})[system] = {"hour": facts["hour"], "owner": owner}
    return out


def snapshots_of(facts: Facts, faction: str) -> list[Record]:
    """The faction's own completed snapshots, and those allies shared with it by message once
    delivered (marked ``via`` the sender, stamped with the scan's own hour), oldest first."""
    own = [s for s in facts.get("snapshots", []) if s["faction"] == faction]
    for m in delivered(facts.get("messages", []), faction, facts["hour"]):
        snap = (m.get("payload") or {}).get("snapshot") if isinstance(m.get("payload"), dict) else None
        if snap:
            own.append({**snap, "via": m["from"]})
    return sorted(own, key=lambda s: (s["hour"], s["id"]))


def previously_scanned(facts: Facts, faction: str, system: str) -> bool:
    """Whether the faction ever completed an active scan of ``system`` or had a unit there
    (TOTE-GAP-10), within ``scan_memory_days`` if that option is set: what lets its fleets leave
    hyperspace up to the B-Ring (TOTE-HYPER-03)."""
    days = facts.get("options", {}).get("scan_memory_days")
    since = None if days is None else facts["hour"] - 24 * int(days)
    hours = [s["hour"] for s in snapshots_of(facts, faction) if s["system"] == system]
    visit = facts.get("visits", {}).get(faction, {}).get(system)
    if visit:
        hours.append(visit["hour"])
    if system in _own_presence(facts, faction):
        hours.append(facts["hour"])
    return any(since is None or h >= since for h in hours)


def system_status(facts: Facts, faction: str, system: str) -> str:
    """``friendly`` (the faction owns the planet), ``scanned`` (:func:`previously_scanned`) or
    ``hostile``: what sets where its arriving fleets leave hyperspace (TOTE-HYPER-01/03)."""
    friendly = facts.get("planets", {}).get(system, {}).get("owner") == faction
    return grid.system_status(friendly, previously_scanned(facts, faction, system))


def _contacts(snap: Record | None, sightings: list[Record]) -> list[Record]:
    out: list[Record] = []
    since = snap["hour"] if snap else None
    if snap:
        out += [{**c, "hour": snap["hour"], "source": "scan"} for c in snap["contacts"]]
    for s in sightings:
        if since is not None and s["hour"] < since:
            continue
        c: dict[str, Any] = {k: s[k] for k in ("space", "type", "class", "owner", "action") if k in s}
        out.append({**c, "hour": s["hour"], "source": s["source"], "text": s["text"]})
    return out


def _recent(facts: Facts) -> int:
    return facts["hour"] - 24 * int(facts.get("options", {}).get("recent_days", 7))


def knowledge(facts: Facts, faction: str) -> Record:
    """What ``faction`` knows of the galaxy at ``facts["hour"]`` (see the module docstring for the
    facts it reads and the shape of each system): every system of the map with its status, the
    owner it knows of and since when, its own units and facilities there, and its contacts; its own
    fleets in hyperspace (with destination and arrival); other factions' departures (owner, origin,
    capital ships: never destination or arrival, TOTE-COMMS-05) and combat notices of the last
    ``recent_days``; the messages and news it has read; its scans still running. The GM (``gm``)
    knows everything. Raises KeyError if ``facts`` has no ``hour``."""
    hour = facts["hour"]
    if faction == "gm":
        return _gm(facts)
    per_turn = int(facts.get("hours_per_turn", 24))
    present = _own_presence(facts, faction)
    units = facts.get("units", {})
    # the faction's ships at each system: its units present there, not counting craft aboard or facilities
    ships = {w: sum(1 for i in ids if i in units and not units[i].get("carried_by")) for w, ids in present.items()}
    snaps = snapshots_of(facts, faction)
    post = facts.get("post_seq", {}).get(faction)
    sightings = [s for s in facts.get("sightings", []) if visible_to(s, faction) and s["hour"] <= hour
                 and (post is None or s.get("seq") is None or s["seq"] < post)]
    visits = facts.get("visits", {}).get(faction, {})
    planets = facts.get("planets", {})
    strongholds = facts.get("strongholds", {})
    latest_of = {s["system"]: s for s in snaps}  # oldest first, so the freshest stays
    seen_of: dict[str, list[Record]] = {}
    for s in sightings:
        seen_of.setdefault(s["system"], []).append(s)
    systems: dict[str, Record] = {}
    for system in sorted(planets):
        latest = latest_of.get(system)
        seen = seen_of.get(system, [])
        row: Record = {"status": "unknown", "owner": None, "owner_hour": None, "seen_hour": None, "age_hours": None,
                       "stronghold_of": sorted(f for f, where in strongholds.items() if system in where),
                       "own": present.get(system, []), "own_ships": ships.get(system, 0),
                       "contacts": _contacts(latest, seen)}
        known = []
        if latest:
            known.append((latest["hour"], latest.get("owner")))
        if system in visits:
            known.append((visits[system]["hour"], visits[system].get("owner")))
        if system in present:
            known.append((hour, planets[system].get("owner")))
        if known:
            when, owner = max(known, key=lambda k: k[0])
            row.update(owner=owner, owner_hour=when, seen_hour=when, age_hours=hour - when)
            if system in present:
                row["status"] = "present"
            elif latest and hour - latest["hour"] < per_turn:
                row["status"] = "scanned"
            else:
                row["status"] = "stale"
        elif seen:
            row.update(seen_hour=max(s["hour"] for s in seen), age_hours=hour - max(s["hour"] for s in seen),
                       status="stale")
        systems[system] = row
    own_moving = [{"id": u["id"], "type": u["type"], "aboard": bool(u.get("carried_by")),
                   **{k: u["transit"][k] for k in ("from", "to", "depart_hour", "arrive_hour", "arrive_turn", "fleet")
                      if k in u["transit"]}}
                  for u in sorted(facts.get("units", {}).values(), key=lambda u: u["id"])
                  if u["faction"] == faction and u.get("transit") and not u.get("destroyed")]
    since = _recent(facts)
    notices = [n for n in facts.get("notices", []) if n.get("public") and since <= n["hour"] <= hour]
    return {
        "faction": faction, "hour": hour, "systems": systems, "own_in_transit": own_moving,
        "departures": [n for n in notices if n["kind"] == "departure" and n["owner"] != faction],
        "combat": [n for n in notices if n["kind"] == "combat"],
        "news": delivered(facts.get("messages", []), faction, hour),
        "scans_running": [s for s in facts.get("scans", []) if s["faction"] == faction],
    }


def _gm(facts: Facts) -> Record:
    """The GM's picture: every unit where it is, every planet's owner, every message and notice."""
    hour = facts["hour"]
    systems: dict[str, Record] = {}
    everything = list(facts.get("units", {}).values()) + list(facts.get("facilities", {}).values())
    for system, p in sorted(facts.get("planets", {}).items()):
        there = sorted(x["id"] for x in everything if x.get("system") == system and not x.get("destroyed"))
        systems[system] = {"status": "present", "owner": p.get("owner"), "owner_hour": hour, "seen_hour": hour,
                           "age_hours": 0, "own": there, "contacts": [],
                           "stronghold_of": sorted(f for f, w in facts.get("strongholds", {}).items() if system in w)}
    moving = [{"id": u["id"], "type": u["type"], "owner": u["faction"], **u["transit"]}
              for u in sorted(facts.get("units", {}).values(), key=lambda u: u["id"]) if u.get("transit")]
    return {"faction": "gm", "hour": hour, "systems": systems, "own_in_transit": moving,
            "departures": [n for n in facts.get("notices", []) if n["kind"] == "departure"],
            "combat": [n for n in facts.get("notices", []) if n["kind"] == "combat"],
            "news": delivered(facts.get("messages", []), "gm", hour), "scans_running": list(facts.get("scans", []))}


def _age(hours: int) -> str:
    if hours == 0:
        return "now"
    days, rest = divmod(hours, 24)
    return (f"{days} day{'s' if days != 1 else ''}" if days else "") + (" " if days and rest else "") \
        + (f"{rest} h" if rest else "") + " old"


def report_lines(k: Record) -> list[str]:
    """The faction's private intelligence report as text lines (TOTE-POST-01, TOTE-FLOW-04 step
    10), from :func:`knowledge`: each system it knows (status, owner, age, its own units there and
    its contacts with their source), its fleets in hyperspace, others' departures, combat and news."""
    lines = [f"Intelligence of {k['faction']} at hour {k['hour']} (day {k['hour'] // 24 + 1})"]
    for name, row in k["systems"].items():
        if row["status"] == "unknown":
            continue
        owner = row["owner"] or "no one"
        lines.append(f"{name}: {row['status']}, held by {owner}, {_age(row['age_hours'])}"
                     + (f"; ours: {', '.join(row['own'])}" if row["own"] else ""))
        for c in row["contacts"]:
            what = c.get("name") or c.get("text") or c.get("type", "?")
            who = f" of {c['owner']}" if c.get("owner") and c["source"] == "scan" else ""
            lines.append(f"  {c['source']} at hour {c['hour']}: {what}{who}"
                         + (f" in {grid.label(c['space'])}" if c["source"] == "scan" else ""))
    for t in k["own_in_transit"]:
        lines.append(f"In hyperspace: {t['id']} {t['from']} -> {t['to']}, arrives hour {t['arrive_hour']}")
    lines += [f"Hour {n['hour']}: {n['text']}" for n in k["departures"] + k["combat"]]
    lines += [f"Read at hour {m['deliver']}: {m['text']}" for m in k["news"]]
    return lines


def map_known(k: Record) -> Record:
    """The ``known`` argument of :func:`.galaxy.map_board` from a faction's :func:`knowledge`:
    owners and the hour each was seen, the worlds seen now, the faction's own ships at each world,
    the ships of each other faction its scans placed there (from the freshest snapshot: contacts
    whose owner is known), the worlds with combat this turn, its own fleets in hyperspace."""
    hour = k["hour"]
    rows = k["systems"].items()
    enemies: dict[str, dict[str, int]] = {}
    for world, row in rows:
        for c in row["contacts"]:
            if c["source"] == "scan" and c.get("owner"):
                enemies.setdefault(world, {}).setdefault(c["owner"], 0)
                enemies[world][c["owner"]] += 1
    inbound: dict[tuple[str, Any], int] = {}
    for t in k["own_in_transit"]:
        if t.get("aboard"):
            continue  # a craft aboard its ship: the ship is counted
        key = (t["to"], t.get("arrive_turn", t["arrive_hour"] // 24 + 1))
        inbound[key] = inbound.get(key, 0) + 1
    return {"now": hour,
            "owners": {w: r["owner"] for w, r in rows if r["owner_hour"] is not None},
            "seen": {w: r["seen_hour"] for w, r in rows if r["seen_hour"] is not None},
            "current": [w for w, r in rows if r["status"] in ("present", "scanned")],
            "fleets": {w: r.get("own_ships", len(r["own"])) for w, r in rows if r.get("own_ships", len(r["own"]))},
            "enemies": enemies,
            "battles": sorted({n["system"] for n in k["combat"] if hour - n["hour"] < 24}),
            "inbound": [{"to": to, "arrive_turn": turn, "ships": n} for (to, turn), n in sorted(inbound.items())]}
