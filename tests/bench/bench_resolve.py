"""Turn-resolution time of Republic at War for 2, 6 and 12 players, small and large forces.

Run: make bench   (or .venv/bin/python -m pytest -m bench tests/bench/bench_resolve.py -s)
Large forces put about 1,500 units on the map, spread over each seat's planets and deep space,
with every seat ordering builds, jumps into contested systems and assaults, so the turn has
battles, casualties, captures and retreats.
"""
from __future__ import annotations

import copy
import statistics
import time

import pytest

from core.registry import find_ruleset
from core.rulesets.raw.data import galaxy_map, unit_types
from core.rulesets.raw.setup import new_unit, next_uid
from core.session import Session

RULES = find_ruleset("raw")


def make_game(players: int, units: int, seed: str = "bench") -> Session:
    seats = [(f"s{i}", "GAR" if i % 2 == 0 else "CIS") for i in range(players)]
    session = Session.new("raw", seats, options={"min_players": 2}, seed=seed)
    state = session.state
    ships = {side: [c for c, t in unit_types().items() if t.faction == side and t.kind == "ship"] for side in ("GAR", "CIS")}
    squads = {side: [c for c, t in unit_types().items() if t.faction == side and t.kind == "squadron"] for side in ("GAR", "CIS")}
    per_seat = units // players
    neighbours = galaxy_map()["neighbours"]
    for seat, side in seats:
        homes = [p for p, info in state["planets"].items() if info["owner"] == seat]
        for i in range(per_seat):
            home = homes[i % len(homes)]
            at = home if i % 3 else f"deep:{home}:{'ABCDEFGHIJ'[i % 10]}{1 + i % 10}"
            pool = ships[side] if i % 2 == 0 else squads[side]
            uid = next_uid(state, seat)
            state["units"][uid] = new_unit(pool[i % len(pool)], seat, at)
            if i % 7 == 0:
                state["units"][uid]["scarred"] = unit_types()[state["units"][uid]["type"]].kind == "ship"
        for home in homes:
            state["planets"][home]["gf"] = 5
    for seat, side in seats:
        homes = [p for p, info in state["planets"].items() if info["owner"] == seat]
        for home in homes[:3]:
            if state["planets"][home]["production"] >= 12:
                session.order(seat, seat, f"build {home} GF")
        mine = [u for u, x in state["units"].items() if x["owner"] == seat and x["at"] in homes and unit_types()[x["type"]].kind == "ship"]
        for uid in mine[:40]:
            here = state["units"][uid]["at"]
            enemy = [p for p in neighbours[here] if state["planets"][p]["owner"] and state["seats"][state["planets"][p]["owner"]]["side"] != side]
            targets = enemy or [p for p in neighbours[here] if state["planets"][p]["owner"] not in (None, seat)]
            if targets:
                try:
                    session.order(seat, seat, f"jump {uid} {targets[0]}")
                except Exception:
                    pass
    return session


CASES = [(p, size, n) for p in (2, 6, 12) for size, n in (("small", 60), ("large", 1500))]


@pytest.mark.bench
def test_bench_resolve_table() -> None:
    """Median and worst of 7 resolutions of the same prepared turn, per case."""
    rows = []
    for players, size, units in CASES:
        session = make_game(players, units)
        times = []
        for _ in range(7):
            state = copy.deepcopy(session.state)
            start = time.perf_counter()
            RULES.resolve(state)
            times.append((time.perf_counter() - start) * 1000)
        rows.append((players, size, len(session.state["units"]), statistics.median(times), max(times)))
    print("\n| players | forces | units | resolve median (ms) | worst (ms) |")
    print("|---:|---|---:|---:|---:|")
    for players, size, units, med, worst in rows:
        print(f"| {players} | {size} | {units} | {med:.1f} | {worst:.1f} |")
    assert rows, "no case ran"
