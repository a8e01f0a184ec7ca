"""Twilight of the Empire intelligence benchmark, as a table: the sensors and knowledge work of one
game day of a 10-faction campaign with 1,000 units over 70 systems, after 30 days of history.

Run: .venv/bin/python -m pytest -m bench tests/bench/bench_tote_intel.py -s
History: each faction made 10 active scans a day for 30 days (3,000 snapshots), 20,000 emission
sightings, 600 public notices and 2,700 news messages. Timings (median of 5 runs):
- scans: 100 active scans of the day completed at the turn start (TOTE-FLOW-04 step 6);
- emissions: every faction's post gives away what its 100 units did (all moved and fired);
- knowledge: the ten factions' pictures of the galaxy built once each;
- reports: the ten private reports as text.
"""
from __future__ import annotations

import random
import statistics
import time
from typing import Any, Callable

import pytest

from core.rulesets.tote.campaign import comms, knowledge, sensors
from core.rulesets.tote.rules import model

FACTIONS = list(model.FACTIONS)
SYSTEMS = [f"World-{i:02d}" for i in range(70)]
SPACES = ["DSZ-1", "C-1", "C-2", "B-1", "B-3", "A-2", "A-4", "ATMO"]
RUNS = 5


def campaign() -> dict[str, Any]:
    """The facts of day 31: 100 units a faction spread over the galaxy, and 30 days of history."""
    rng = random.Random(31)
    units = {}
    for f in FACTIONS:
        for n in range(100):
            u = model.new_unit(f"{f}-{n}", rng.choice(["ISD", "VSD", "CORV", "LAMBDA", "XWING"]), f, rng.choice(SPACES))
            u["system"], u["transit"] = rng.choice(SYSTEMS), None
            units[u["id"]] = u
    hour = 24 * 30
    facts: dict[str, Any] = {"hour": hour, "planets": {s: {"owner": rng.choice(FACTIONS)} for s in SYSTEMS},
                             "strongholds": {f: [SYSTEMS[i]] for i, f in enumerate(FACTIONS)}, "units": units,
                             "facilities": {}, "scans": [], "snapshots": [], "sightings": [], "notices": [],
                             "messages": [], "visits": {}}
    scanners = {f: [u for u in units.values() if u["faction"] == f and u["type"] != "XWING"] for f in FACTIONS}
    for day in range(30):
        for f in FACTIONS:
            for k in range(10):
                s = rng.choice(scanners[f])
                contacts = [sensors.contact(x) for x in rng.sample(list(units.values()), 8)]
                facts["snapshots"].append({"id": f"s{day}-{f}-{k}", "faction": f, "scanner": s["id"], "system": s["system"],
                                           "space": s["space"], "started": 24 * day, "hour": 24 * day + 24,
                                           "owner": None, "covered": [], "contacts": contacts})
            facts["notices"].append(comms.departure_notice([scanners[f][0]], SYSTEMS[day], 24 * day))
            facts["notices"].append(comms.combat_notice(scanners[f][0], scanners[f][1], SYSTEMS[day], 100, 24 * day))
            facts["messages"] += comms.construction_news(f, SYSTEMS[day], "ISD", 1, {g: SYSTEMS[0] for g in FACTIONS},
                                                         24 * day, lambda a, b: 30, f"n{day}-{f}")
    for n in range(20000):
        facts["sightings"].append({"source": "emission", "system": rng.choice(SYSTEMS), "space": "C-1", "type": "ISD",
                                   "class": "capital", "action": "move", "hour": rng.randrange(hour),
                                   "to": rng.sample(FACTIONS, 2), "text": "x"})
    facts["visits"] = knowledge.note_presence({}, facts)
    facts["scans"] = [sensors.declare_scan(rng.choice(scanners[f]), "active", hour - 24, f"d-{f}-{k}")
                      for f in FACTIONS for k in range(10)]
    return facts


def median_ms(fn: Callable[[], Any]) -> float:
    times = []
    for _ in range(RUNS):
        t = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


@pytest.mark.bench
def test_bench_tote_intel_day_of_ten_factions() -> None:
    facts = campaign()
    units = facts["units"]
    for u in units.values():
        u["moved"] = u["fired"] = True
    rows = [
        ("scans: 100 completed", lambda: sensors.complete_scans(facts["scans"], facts["hour"], units)),
        ("emissions: 10 posts, 1,000 units", lambda: [sensors.round_emissions(f, facts["hour"], units) for f in FACTIONS]),
        ("knowledge: 10 factions", lambda: [knowledge.knowledge(facts, f) for f in FACTIONS]),
        ("reports: 10 factions", lambda: [knowledge.report_lines(knowledge.knowledge(facts, f)) for f in FACTIONS]),
    ]
    print("\n| one game day, 10 factions, 1,000 units, 70 systems | median ms |")
    print("|---|---:|")
    for label, fn in rows:
        print(f"| {label} | {median_ms(fn):.0f} |")
    assert knowledge.knowledge(facts, "GE")["systems"]
