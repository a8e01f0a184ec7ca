"""RiftWar benchmarks, as tables.

Run: .venv/bin/python -m pytest -m bench tests/bench/bench_rift.py -s
- Line of sight for every pair of units on the largest map with 40 units a side (1,600
  pairs of opposing units, and all 3,160 pairs), median of 5 runs.
- The bot against random legal play (:func:`core.bots.random_orders`) in skirmishes (12 phases),
  sides rotated; and bot against bot, the first active player's win rate.
BENCH_GAMES sets the number of games of each table (default 12).
"""
from __future__ import annotations

import os
import random
import statistics
import time

import pytest

from core.bots import random_orders
from core.errors import HolotableError
from core.rulesets.rift.data import rules
from core.rulesets.rift.geometry import field_of, line_of_sight
from core.session import Session

GAMES = int(os.environ.get("BENCH_GAMES", "12"))


def army_positions(map_id: str, per_side: int, rng: random.Random) -> list[dict]:
    """``per_side`` Light units a side scattered over the open ground of the map."""
    fld = field_of(map_id)
    units: list[dict] = []
    w, h = fld.map.size
    from shapely.geometry import Point
    blocked = [f.poly.buffer(0.6) for f in fld.map.features if f.type == "high"]
    for owner in ("al", "bo"):
        while sum(1 for u in units if u["owner"] == owner) < per_side:
            x, y = rng.uniform(1, w - 1), rng.uniform(1, h - 1)
            if any(b.contains(Point(x, y)) for b in blocked):
                continue
            units.append({"id": f"{owner}{len(units)}", "owner": owner, "size": "light", "role": "ranged", "traits": [],
                          "x": x, "y": y, "dead": False, "wreck": False, "carried_by": None, "flying": False})
    return units


@pytest.mark.bench
def test_bench_rift_line_of_sight_all_pairs() -> None:
    """LOS for every pair of units, 40 a side, on each map (the largest first)."""
    rng = random.Random(7)
    maps = sorted(rules().maps.values(), key=lambda m: -(m.size[0] * m.size[1] * len(m.features)))
    print("\n| map | features | units | pairs | median ms (opposing pairs) | median ms (all pairs) | per pair us |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for m in maps:
        if m.id == "testfield":
            continue
        units = army_positions(m.id, 40, rng)
        fld = field_of(m.id)
        opposing = [(a, b) for a in units for b in units if a["owner"] == "al" and b["owner"] == "bo"]
        every = [(a, b) for i, a in enumerate(units) for b in units[i + 1:]]
        times_o, times_a = [], []
        for _ in range(5):
            t = time.perf_counter()
            for a, b in opposing:
                line_of_sight(fld, a, b, units)
            times_o.append(time.perf_counter() - t)
            t = time.perf_counter()
            for a, b in every:
                line_of_sight(fld, a, b, units)
            times_a.append(time.perf_counter() - t)
        mo, ma = statistics.median(times_o) * 1000, statistics.median(times_a) * 1000
        print(f"| {m.id} | {len(m.features)} | 80 | {len(every)} | {mo:.1f} | {ma:.1f} | {ma * 1000 / len(every):.1f} |")


def play(seed: str, random_seat: str | None, rng: random.Random) -> Session:
    session = Session.new("rift", [("al", "Republic", False), ("bo", "Separatists", False)], scenario="skirmish", seed=seed)
    for _ in range(3000):
        if session.outcome() is not None:
            break
        seat = sorted(session.awaiting())[0]
        before = len(session.record["journal"])
        if seat == random_seat:
            orders = random_orders(session.ruleset, session.state, seat, rng, most=3)
        else:
            orders = session.ruleset.bot(session.view(seat), seat)
        for text in orders:
            try:
                session.order(seat, seat, text)
            except HolotableError:
                continue
            if seat not in session.awaiting():
                break
        if len(session.record["journal"]) == before:
            session.resolve("gm")
    return session


def winner(session: Session) -> str | None:
    outcome = session.outcome()
    if outcome is None or not outcome.winners:
        return None
    return {"Republic": "al", "Separatists": "bo"}[outcome.winners[0]]


@pytest.mark.bench
def test_bench_rift_bot_against_random() -> None:
    """The bot against random legal play, seats alternating; and bot against bot."""
    rng = random.Random(11)
    wins = draws = 0
    t = time.perf_counter()
    for n in range(GAMES):
        random_seat = "bo" if n % 2 == 0 else "al"
        s = play(f"rift-tour-{n}", random_seat, rng)
        w = winner(s)
        wins += w is not None and w != random_seat
        draws += w is None
    first = sides = 0
    mirror_draws = 0
    rep = 0
    for n in range(GAMES):
        s = play(f"rift-mirror-{n}", None, rng)
        w = winner(s)
        opener = next(e["text"].split(":")[1].split()[0] for e in s.record["log"] if e["text"].startswith("Phase 1:"))
        first += w == opener
        rep += w == "al"
        mirror_draws += w is None
    secs = time.perf_counter() - t
    print(f"\n| table | games | bot wins | draws | bot losses | win rate |")
    print("|---|---:|---:|---:|---:|---:|")
    print(f"| bot vs random legal play | {GAMES} | {wins} | {draws} | {GAMES - wins - draws} | {wins / GAMES:.0%} |")
    print(f"| bot vs bot: first active player wins | {GAMES} | {first} | {mirror_draws} | {GAMES - first - mirror_draws} | {first / GAMES:.0%} |")
    print(f"| bot vs bot: Republic (Clone Company) wins | {GAMES} | {rep} | {mirror_draws} | {GAMES - rep - mirror_draws} | {rep / GAMES:.0%} |")
    print(f"seeds rift-tour-0..{GAMES - 1} (random play takes bo in even games, al in odd; its rng Random(11)) and "
          f"rift-mirror-0..{GAMES - 1}; skirmish on the default map ({secs:.0f} s)")
