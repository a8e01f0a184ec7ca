"""A busy evening: ``holotable serve`` with 100 sessions over nine games, 20 players typing at 5 keys
a second while 10 others drop (half by TCP RST, half by a clean close) and reconnect, each once a
minute, for 5 minutes; everything on 127.0.0.1, and the run stops by itself.

    make bench                                                          the full run (about 9 minutes)
    BENCH_CHURN_SECONDS=60 .venv/bin/python -m pytest -m bench tests/bench/bench_churn.py -s   a short one
    BENCH_CHURN=50:10:10 BENCH_CHURN_GC=python ...                      sessions:typists:droppers, GC policy

The typists and watchers are OpenSSH clients on ptys (as in :mod:`bench_serve`, which also says
how a keystroke is timed); the droppers are asyncssh clients in this process, so that a drop can be
a real TCP RST (SO_LINGER 0, then abort) as well as a clean SSH disconnect. A reconnect is timed
to its first frame.

Inside the server a loop-lag probe (``server/looplag.py``, switched on by ``HOLOTABLE_LOOP_PROBE``)
records how late the event loop ran a 5 ms timer: the longest pause every player felt, whatever
caused it, with the collection policy's figures each second (full collections, reclaims, finished
sessions taken apart). Memory is the server's RSS, sampled every 5 seconds; "flat" is judged on
the least-squares slope over the window.

Before the churn, with everyone connected and nobody dropping, the typists type for
``BENCH_CHURN_STEADY`` seconds: CPU per key at 100 sessions and 20 typing. Connecting gives the
first frames (the first ten one at a time, then ten at once) and the memory per session.
"""
from __future__ import annotations

import asyncio
import json
import os
import random
import socket
import statistics
import struct
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncssh
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_serve import (BATCH, HEIGHT, MARK, WIDTH, Player, Served, connect, load, quantile,  # noqa: E402
                         seat_players, settle, start_server, stop_server)
from server_screen import Screen  # noqa: E402  (bench_serve put tests/server on the path)

RECONNECT_AFTER = 1.0  # seconds a dropped player waits before reconnecting
SAMPLE = 5.0  # seconds between memory samples
LOST = 10.0  # a key not echoed within this many seconds is lost
AIMS = {"p99_ms": 50.0, "max_ms": 100.0, "pause_ms": 50.0, "cpu_per_key_ms": 3.0, "per_session_mib": 2.0,
        "single_ms": 200.0, "batch_median_ms": 600.0}


# -- a player who drops and comes back ---------------------------------------------------------------
class _Watch(asyncssh.SSHClientSession):  # type: ignore[type-arg]
    """A pty session whose output is read into a screen until the first frame, then dropped."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.screen: Screen | None = Screen(WIDTH, HEIGHT)
        self.framed = asyncio.Event()
        self.closed = asyncio.Event()

    def data_received(self, data: bytes, datatype: Any) -> None:
        if self.screen is None:
            return
        self.screen.feed(data)
        text = self.screen.text()
        if MARK in text and f"{self.name} (" in text:
            self.screen = None
            self.framed.set()

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed.set()
        self.framed.set()


@dataclass
class Dropper:
    """An asyncssh client that connects, watches, and drops (RST or clean) when told."""

    name: str
    key_file: Path
    port: int
    conn: asyncssh.SSHClientConnection | None = None
    frames: list[float] = field(default_factory=list)

    async def connect(self, timeout: float = 60.0) -> float:
        """Log in with a pty; returns the seconds to the first frame."""
        started = time.perf_counter()
        key = asyncssh.read_private_key(str(self.key_file))
        self.conn = await asyncssh.connect("127.0.0.1", self.port, username=self.name, client_keys=[key],
                                           known_hosts=None, agent_path=None, config=None, preferred_auth="publickey",
                                           connect_timeout=timeout)
        _, watch = await self.conn.create_session(lambda: _Watch(self.name), term_type="xterm-256color",
                                                  term_size=(WIDTH, HEIGHT), encoding=None)
        await asyncio.wait_for(watch.framed.wait(), timeout)
        assert not watch.closed.is_set(), f"{self.name}: the session closed before its first frame"
        took = time.perf_counter() - started
        self.frames.append(took)
        return took

    async def drop(self, reset: bool) -> None:
        """Go away: a TCP RST (``reset``) or a clean SSH disconnect."""
        conn, self.conn = self.conn, None
        if conn is None:
            return
        if reset:
            sock = conn.get_extra_info("socket")
            if sock is not None:
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            conn.abort()
        else:
            conn.close()
        try:
            await asyncio.wait_for(conn.wait_closed(), 10)
        except (asyncio.TimeoutError, OSError, asyncssh.Error):
            pass


# -- what the server's probe wrote ---------------------------------------------------------------------
def read_probe(path: Path) -> list[dict[str, Any]]:
    """The probe's lines so far."""
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def lag_figures(lines: list[dict[str, Any]]) -> dict[str, Any]:
    """Pauses of the loop over ``lines`` (the probe's seconds of one window)."""
    hist = [sum(column) for column in zip(*(line["hist"] for line in lines))] if lines else []
    pauses = [pause for line in lines for pause in line["pauses"]]
    gc_first = lines[0].get("gc", {}) if lines else {}
    gc_last = lines[-1].get("gc", {}) if lines else {}
    return {"seconds": len(lines), "ticks": sum(line["ticks"] for line in lines), "hist": hist,
            "max_ms": max((line["max_ms"] for line in lines), default=float("nan")),
            "cpu_max_ms": max((line.get("cpu_max_ms", float("nan")) for line in lines), default=float("nan")),
            "over_50": sum(1 for _, lag, *_ in pauses if lag > 50), "pauses": pauses,
            "gc": {key: (gc_first.get(key), value) for key, value in gc_last.items()}}


def slope(samples: list[tuple[float, float]]) -> float:
    """Least-squares slope of (seconds, MiB) samples, in MiB a minute."""
    if len(samples) < 2:
        return float("nan")
    xs = [t for t, _ in samples]
    ys = [m for _, m in samples]
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    den = sum((x - mx) ** 2 for x in xs)
    return 60 * sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / den if den else float("nan")


# -- a run ---------------------------------------------------------------------------------------------
async def sample_memory(served: Served, samples: list[tuple[float, float]], started: float, until: float) -> None:
    """Sample the server's RSS every SAMPLE seconds until ``until``."""
    while time.perf_counter() < until:
        samples.append((time.perf_counter() - started, served.rss_mib()))
        await asyncio.sleep(min(SAMPLE, max(0.0, until - time.perf_counter())))
    samples.append((time.perf_counter() - started, served.rss_mib()))


async def churn(droppers: list[Dropper], started: float, seconds: float, log: list[tuple[float, str, float]]) -> None:
    """One drop every 60/len(droppers) seconds, in turn (RST, clean, RST, ...), each followed by a reconnect."""
    period = 60.0 / len(droppers)
    turn = 0
    while True:
        at = started + (turn + 0.5) * period
        if at + RECONNECT_AFTER >= started + seconds or time.perf_counter() >= started + seconds:
            return  # the window is over (a loaded server may have put the turns behind time)
        await asyncio.sleep(max(0.0, at - time.perf_counter()))
        dropper = droppers[turn % len(droppers)]
        reset = turn % 2 == 0
        await dropper.drop(reset)
        await asyncio.sleep(RECONNECT_AFTER)
        frame = await dropper.connect()
        log.append((time.perf_counter() - started, "RST" if reset else "close", frame))
        turn += 1


async def type_all(typists: list[Player], seconds: float, rate: float, seed: int) -> tuple[int, list[float]]:
    """Every typist types for ``seconds``; returns (keys pressed, latencies of this window)."""
    marks = [len(p.latencies) for p in typists]
    rng = random.Random(seed)
    pressed = await asyncio.gather(*(p.type_for(seconds, rate, random.Random(rng.random())) for p in typists))
    return sum(pressed), [x for p, mark in zip(typists, marks) for x in p.latencies[mark:]]


async def run_churn(tmp: Path, sessions: int, typists: int, dropping: int, rate: float, seconds: float,
                    steady: float, gc_policy: str) -> dict[str, Any]:
    """One run; returns its figures."""
    probe = tmp / "looplag.jsonl"
    figures: dict[str, Any] = {"sessions": sessions, "typists": typists, "dropping": dropping, "rate": rate,
                               "seconds": seconds, "gc": gc_policy, "load_start": load()}
    served = await start_server(tmp / "data", gc_policy, {"HOLOTABLE_LOOP_PROBE": str(probe)})
    players: list[Player] = []
    droppers: list[Dropper] = []
    try:
        accounts = await seat_players(served, sessions, tmp / "keys")
        known = tmp / "keys" / "known_hosts"
        host_key = asyncssh.read_private_key(str(tmp / "data" / "server" / "host_ed25519_key"))
        known.write_text(f"[127.0.0.1]:{served.port} " + host_key.export_public_key("openssh").decode())
        players = [Player(name, key, known, served.port) for name, key in accounts[:sessions - dropping]]
        droppers = [Dropper(name, key, served.port) for name, key in accounts[sessions - dropping:]]
        await asyncio.sleep(1.0)
        singles: list[float] = []
        for player in players[:BATCH]:
            singles += await connect([player])
            if len(singles) == 1:
                await asyncio.sleep(0.5)
                rss_one = served.rss_mib()
            else:
                await asyncio.sleep(0.2)
        batches: list[float] = []
        for start in range(BATCH, len(players), BATCH):
            batches += await connect(players[start:start + BATCH])
            await asyncio.sleep(0.5)
        drop_batch = await asyncio.gather(*(d.connect() for d in droppers))
        figures.update(first_cold=singles[0], singles=singles[1:], batches=batches, drop_batch=list(drop_batch))
        typing = players[:typists]
        for player in players[typists:]:
            player.quiet()
        figures["settle"] = await settle(served, 20.0)  # the probe alone keeps the server at about 3% of a core
        rss_all = served.rss_mib()
        figures.update(rss_one=rss_one, rss_all=rss_all, per_session=(rss_all - rss_one) / max(1, sessions - 1))
        cpu0, t0 = served.cpu(), time.perf_counter()
        await asyncio.sleep(5.0)
        idle = (served.cpu() - cpu0) / (time.perf_counter() - t0)
        figures["idle"] = idle

        # steady: everyone connected, nobody dropping
        figures["load_steady"] = load()
        mark = len(read_probe(probe))
        cpu0, t0 = served.cpu(), time.perf_counter()
        keys, latencies = await type_all(typing, steady, rate, 33)
        elapsed = time.perf_counter() - t0
        figures.update(steady_keys=keys, steady_latencies=latencies,
                       steady_cpu_per_key=(served.cpu() - cpu0 - idle * elapsed) / max(1, keys),
                       steady_lag=lag_figures(read_probe(probe)[mark:]))

        # the churn window
        figures["load_churn"] = load()
        stalls_before = len(served.stalls)
        mark = len(read_probe(probe))
        memory: list[tuple[float, float]] = []
        drops: list[tuple[float, str, float]] = []
        cpu0, t0 = served.cpu(), time.perf_counter()
        sampler = asyncio.ensure_future(sample_memory(served, memory, t0, t0 + seconds))
        churner = asyncio.ensure_future(churn(droppers, t0, seconds, drops))
        keys, latencies = await type_all(typing, seconds, rate, 34)
        elapsed = time.perf_counter() - t0
        cpu = served.cpu() - cpu0
        try:
            await asyncio.wait_for(churner, 90)  # the last reconnect
        except asyncio.TimeoutError:
            figures["churn_unfinished"] = True
        await sampler
        await asyncio.sleep(1.5)  # the probe's last second of the window
        figures.update(keys=keys, latencies=latencies, lost=sum(1 for x in latencies if x >= LOST),
                       cpu_per_key=(cpu - idle * elapsed) / max(1, keys), busy=cpu / elapsed, memory=memory,
                       drops=drops, lag=lag_figures(read_probe(probe)[mark:]), stalls=served.stalls[stalls_before:],
                       load_after=load())
    finally:
        for dropper in droppers:
            await dropper.drop(False)
        for player in players:
            player.stop()
        await stop_server(served)
    return figures


# -- tables ----------------------------------------------------------------------------------------------
def ms(value: float) -> str:
    return f"{value * 1000:.1f}"


def distribution(values: list[float]) -> str:
    if not values:
        return "-"
    return " / ".join(ms(quantile(values, q)) for q in (0.5, 0.9, 0.99, 0.999)) + f" / {ms(max(values))}"


def render(rows: list[tuple[str, str]]) -> str:
    width = max(len(name) for name, _ in rows)
    return "\n".join(f"  {name.ljust(width)}  {value}" for name, value in rows)


def report(r: dict[str, Any]) -> str:
    """The run's distribution, memory over time and the aims."""
    lag, steady_lag = r["lag"], r["steady_lag"]
    buckets = ["<1", "1-2", "2-5", "5-10", "10-20", "20-50", "50-100", "100-200", "200-500", ">500"]
    memory = r["memory"]
    minute_marks = [m for t, m in memory if abs(t % 60) < SAMPLE / 2 or t == memory[-1][0]]
    rss = [m for _, m in memory]
    gc = lag["gc"]
    pauses = sorted(lag["pauses"], key=lambda p: -p[1])[:8]
    rows = [
        ("run", f"N={r['sessions']} typing={r['typists']} at {r['rate']:g}/s dropping={r['dropping']} "
                f"(1 drop every {60 / r['dropping']:.0f} s) for {r['seconds']:g} s; gc={r['gc']}; {os.cpu_count()} cores"),
        ("load avg: start / steady / churn / after",
         f"{r['load_start']} / {r['load_steady']} / {r['load_churn']} / {r['load_after']}"),
        ("keys typed / lost (no echo in 10 s)", f"{r['keys']} / {r['lost']}"),
        ("key to echo p50 / p90 / p99 / p99.9 / max ms", distribution(r["latencies"])),
        ("  without churn (steady)", distribution(r["steady_latencies"])),
        ("loop lag: longest pause ms / pauses > 50 ms", f"{lag['max_ms']:.1f} / {lag['over_50']}"),
        ("  longest CPU between two wake-ups ms", f"{lag['cpu_max_ms']:.1f}"),
        ("  without churn (steady): pause / > 50 / CPU ms",
         f"{steady_lag['max_ms']:.1f} / {steady_lag['over_50']} / {steady_lag['cpu_max_ms']:.1f}"),
        ("loop lag histogram ms (5 ms ticks)", ", ".join(f"{b}: {n}" for b, n in zip(buckets, lag["hist"]) if n)),
        ("  longest pauses [s since start, ms, CPU ms]", str(pauses)),
        ("drops (RST / clean) and reconnects", f"{sum(1 for _, k, _ in r['drops'] if k == 'RST')} / "
                                               f"{sum(1 for _, k, _ in r['drops'] if k == 'close')}"),
        ("reconnect to first frame median / max ms",
         f"{statistics.median(f for *_, f in r['drops']) * 1000:.0f} / {max(f for *_, f in r['drops']) * 1000:.0f}"
         if r["drops"] else "-"),
        ("gc in window: full collections / longest CPU ms", f"{gc.get('full_collections')} / {gc.get('longest_ms')}"),
        ("gc: longest young collection CPU ms (whole run)", f"{gc.get('young_longest_ms', ('-', '-'))[1]}"),
        ("gc in window: reclaims / longest ms", f"{gc.get('reclaims')} / {gc.get('reclaim_max_ms')}"),
        ("gc in window: sessions taken apart / longest slice CPU ms",
         f"{gc.get('dismantled')} / {gc.get('slice_max_ms')}" if "dismantled" in gc else "-"),
        ("full GC > 50 ms logged (stalls)", str(len(r["stalls"]))),
        ("RSS MiB each minute", " -> ".join(f"{m:.0f}" for m in minute_marks)),
        ("RSS MiB min / max, slope MiB/min", f"{min(rss):.0f} / {max(rss):.0f}, {slope(memory):+.2f}"),
        ("server busy during churn", f"{r['busy'] * 100:.0f}%"),
        ("CPU per key ms: steady / during churn", f"{ms(r['steady_cpu_per_key'])} / {ms(r['cpu_per_key'])}"),
        ("memory per session MiB", f"{r['per_session']:.2f}"),
        ("first frame one at a time median / max ms",
         f"{statistics.median(r['singles']) * 1000:.0f} / {max(r['singles']) * 1000:.0f}"),
        ("first frame ten at once median / max ms",
         f"{statistics.median(r['batches']) * 1000:.0f} / {max(r['batches']) * 1000:.0f}"),
        ("idle CPU, all connected", f"{r['idle'] * 100:.1f}%"),
    ]
    return render(rows)


def aims(r: dict[str, Any]) -> str:
    """Each aim with the figure measured and whether it is met."""
    p99, worst = quantile(r["latencies"], 0.99) * 1000, max(r["latencies"]) * 1000
    rss = [m for _, m in r["memory"]]
    flat = slope(r["memory"])
    checks = [
        ("keystroke p99 <= 50 ms", f"{p99:.1f}", p99 <= AIMS["p99_ms"]),
        ("keystroke max <= 100 ms", f"{worst:.1f}", worst <= AIMS["max_ms"]),
        ("no key lost", str(r["lost"]), r["lost"] == 0),
        ("no loop pause > 50 ms", f"{r['lag']['max_ms']:.1f}", r["lag"]["max_ms"] <= AIMS["pause_ms"]),
        ("  (its CPU: no piece of work > 50 ms)", f"{r['lag']['cpu_max_ms']:.1f}",
         r["lag"]["cpu_max_ms"] <= AIMS["pause_ms"]),
        ("memory flat (slope MiB/min; range)", f"{flat:+.2f}; {max(rss) - min(rss):.0f}", abs(flat) <= 1.0),
        (f"CPU per key <= 3 ms at {r['sessions']}/{r['typists']}", ms(r["steady_cpu_per_key"]),
         r["steady_cpu_per_key"] * 1000 <= AIMS["cpu_per_key_ms"]),
        ("memory per session <= 2 MiB", f"{r['per_session']:.2f}", r["per_session"] <= AIMS["per_session_mib"]),
        ("first frame one at a time <= 200 ms (median)", f"{statistics.median(r['singles']) * 1000:.0f}",
         statistics.median(r["singles"]) * 1000 <= AIMS["single_ms"]),
        ("first frame ten at once median <= 600 ms", f"{statistics.median(r['batches']) * 1000:.0f}",
         statistics.median(r["batches"]) * 1000 <= AIMS["batch_median_ms"]),
    ]
    return render([(name, f"{value:>10}  {'met' if ok else 'MISSED'}") for name, value, ok in checks])


def configuration() -> tuple[int, int, int]:
    """sessions:typists:droppers (``BENCH_CHURN=100:20:10`` by default)."""
    n, k, d = (int(x) for x in os.environ.get("BENCH_CHURN", "100:20:10").split(":"))
    return n, k, d


@pytest.mark.bench
async def test_bench_churn(tmp_path: Path) -> None:
    sessions, typists, dropping = configuration()
    assert typists + dropping <= sessions, "typists and droppers are different sessions"
    seconds = float(os.environ.get("BENCH_CHURN_SECONDS", "300"))
    steady = float(os.environ.get("BENCH_CHURN_STEADY", "20"))
    rate = float(os.environ.get("BENCH_CHURN_RATE", "5"))
    policy = os.environ.get("BENCH_CHURN_GC", "freeze")
    figures = await run_churn(tmp_path, sessions, typists, dropping, rate, seconds, steady, policy)
    print("\nchurn: holotable serve, OpenSSH typists and watchers and asyncssh droppers at "
          f"{WIDTH}x{HEIGHT}, all on 127.0.0.1")
    print(report(figures))
    print("aims:")
    print(aims(figures))
    if os.environ.get("BENCH_CHURN_JSON"):
        Path(os.environ["BENCH_CHURN_JSON"]).write_text(json.dumps(figures, default=str))
