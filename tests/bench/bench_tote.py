"""Twilight of the Empire benchmark, as a table: one round (a game day: every faction's post) of a
10-faction battle with 300 units on the grid.

Run: .venv/bin/python -m pytest -m bench tests/bench/bench_tote.py -s
The ten factions' ready fleets (the melee scenario) with every craft launched, topped up to exactly
300 units with more squadrons, spread over the 16 ring spaces (faction k's units in the spaces of
quadrant k mod 4 + 1 and its neighbours, so every space holds enemies in range); the top-up squadrons
put factions past 23 CP, so the battle's command limit (TOTE-GAP-26) is off and every unit may act.
Three timings, each
the median of 5 runs from the same position:
- resolve only: every post resolved with empty sheets (all 300 units defend themselves, TOTE-GAP-02);
- bots: each faction's bot reads its view, its orders are queued (each checked by a dry run of the
  post) and the post resolved;
- views: all ten factions' views built once.
"""
from __future__ import annotations

import json
import statistics
import time

import pytest

from core.errors import HolotableError
from core.ruleset import SeatSpec
from core.rulesets.tote import TwilightOfTheEmpire
from core.rulesets.tote.battle import flow
from core.rulesets.tote.rules import model
from core.rulesets.tote.campaign import worlds as campaign_worlds

UNITS = 300
RUNS = 5


def position() -> tuple[TwilightOfTheEmpire, dict]:
    """The 10-faction battle with exactly 300 units on the grid."""
    rs = TwilightOfTheEmpire()
    sides = rs.sides()
    state = rs.setup("melee", [SeatSpec(f"p{i}", s) for i, s in enumerate(sides)], {"day_limit": 99, "battle_cp_limit": False}, "bench")
    units = state["units"]
    for u in units.values():
        u["carried"] = []
        u["carried_by"] = None
    ids = sorted(units, key=lambda i: (i.split("-")[0], int(i.split("-")[1])))
    while len(ids) > UNITS:
        del units[ids.pop()]
    k = 0
    while len(units) < UNITS:
        seat = f"p{k % 10}"
        side = state["seats"][seat]["side"]
        uid = f"{side}-X{k}"
        code = "TIEF" if side in ("GE", "IR") else "XWING" if side in ("NR", "RA") else "Z95"
        units[uid] = model.new_unit(uid, code, seat, None)
        k += 1
    rings = ["C", "B", "A", "C"]
    for n, uid in enumerate(sorted(units)):
        u = units[uid]
        q = (list(state["seats"]).index(u["faction"]) + n) % 4 + 1
        u["space"] = f"{rings[n % 4]}-{q}"
    return rs, state


def one_round(rs: TwilightOfTheEmpire, state: dict, bots: bool) -> int:
    """Every faction's post of the current day; returns the number of orders queued."""
    day = state["turn"]
    queued = 0
    while state["turn"] == day and state.get("result") is None:
        seat = flow.active(state)
        if bots:
            for text in rs.bot(rs.view(state, seat), seat):
                try:
                    rs.submit(state, seat, text)
                    queued += 1
                except HolotableError:
                    pass
        rs.resolve(state)
    return queued


@pytest.mark.bench
def test_bench_tote_round_of_ten_factions() -> None:
    """One round of a 10-faction, 300-unit battle: resolve only, with bots, and the views."""
    rs, start = position()
    on_grid = sum(1 for u in start["units"].values() if model.on_grid(u))
    assert on_grid == UNITS, f"the position holds {on_grid} units on the grid, not {UNITS}"
    rows = []
    for label, bots in (("resolve only (automatic defence)", False), ("bots: view, orders, dry runs, resolve", True)):
        times, queued, hits = [], 0, 0
        for _ in range(RUNS):
            state = json.loads(json.dumps(start))
            t = time.perf_counter()
            queued = one_round(rs, state, bots)
            times.append(time.perf_counter() - t)
            hits = sum(1 for u in state["units"].values() if model.damage_state(u) != "ok")
        med = statistics.median(times) * 1000
        rows.append((label, queued, hits, med))
    times = []
    for _ in range(RUNS):
        t = time.perf_counter()
        for seat in start["seats"]:
            rs.view(start, seat)
        times.append(time.perf_counter() - t)
    rows.append(("ten views (sensor coverage, board, cards)", 0, 0, statistics.median(times) * 1000))
    print(f"\n| one round, 10 factions, {UNITS} units | orders queued | units damaged after | median ms | ms per post |")
    print("|---|---:|---:|---:|---:|")
    for label, queued, hits, med in rows:
        per = f"{med / 10:.1f}" if "views" not in label else "-"
        print(f"| {label} | {queued} | {hits} | {med:.0f} | {per} |")


CAMPAIGN_UNITS = 1000


def campaign_position() -> tuple[TwilightOfTheEmpire, dict]:
    """A 10-faction campaign on day 2 with exactly 1,000 units: each faction's ready fleet copied
    onto its own worlds and onto a few worlds shared with a neighbour in the faction order (so the
    day has battles to fight), conflict noted by a turn start."""
    from core.rulesets.tote.campaign import state as cp
    from core.rulesets.tote.campaign import flow as campaign_flow
    rs = TwilightOfTheEmpire()
    seats = [(f.lower(), f) for f in rs.sides()]
    state = campaign_flow.new_state(seats, {}, "bench")
    c = state["campaign"]
    base = sorted((u for u in c["units"].values() if not model.is_ground(u)), key=lambda u: u["id"])  # ships and craft
    worlds = sorted(c["planets"])
    k = 0
    while len(c["units"]) < CAMPAIGN_UNITS:
        proto = base[k % len(base)]
        uid = f"{proto['id']}-X{k}"
        u = model.new_unit(uid, proto["type"], proto["faction"], None)
        seat_n = [s for s, _ in seats].index(proto["faction"])
        u.update(system=worlds[(seat_n * 5 + (k // len(base)) % 7) % len(worlds)], transit=None)
        c["units"][uid] = u
        k += 1
    cp.start_turn(c)
    state["turn"], state["hour"] = c["turn"], c["hour"]
    return rs, state


@pytest.mark.bench
def test_bench_tote_campaign_day_of_ten_factions() -> None:
    """One game day of a 10-faction campaign with 1,000 units: every faction's bot post (view,
    orders checked on a copy, jumps), the battles of the worlds in conflict, the next day's start."""
    rs, start = campaign_position()
    assert len(start["campaign"]["units"]) == CAMPAIGN_UNITS
    times, jumps, battles = [], 0, 0
    for _ in range(RUNS):
        state = json.loads(json.dumps(start))
        battles = len(campaign_worlds.contested(state["campaign"]))
        t = time.perf_counter()
        day, jumps = state["turn"], 0
        while state["turn"] == day and state["result"] is None:
            seat = state["active"]
            for text in rs.bot(rs.view(state, seat), seat):
                rs.submit(state, seat, text)
                jumps += 1
            rs.resolve(state)
        times.append(time.perf_counter() - t)
    views = []
    for _ in range(RUNS):
        t = time.perf_counter()
        for seat in start["seats"]:
            rs.view(start, seat)
        views.append(time.perf_counter() - t)
    print(f"\n| one campaign day, 10 factions, {CAMPAIGN_UNITS} units | jumps | worlds in conflict | median ms |")
    print("|---|---:|---:|---:|")
    print(f"| bots' posts, battles, turn start | {jumps} | {battles} | {statistics.median(times) * 1000:.0f} |")
    print(f"| ten views (knowledge, map board, ledger) | - | - | {statistics.median(views) * 1000:.0f} |")
