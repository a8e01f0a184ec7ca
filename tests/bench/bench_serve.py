"""Serving fifty: ``holotable serve`` in its own process, N war-room sessions over the real OpenSSH
client (each ``ssh`` on a pty of its own, 120x40, xterm-256color), K of them typing orders.

Prints the table of issue 14: keystroke to echo (p50/p95/p99/max), server CPU per key, server memory
per session, connect to first frame (one at a time, and ten at once), idle CPU; with the machine's
load average at each measurement (other work on the machine stretches wall-clock figures; CPU time
figures, read from the server's ``/proc/<pid>/stat``, are much less affected).

    make bench                                            N=13/K=1 and N=50/K=10
    BENCH_SERVE=50:10 BENCH_SERVE_GC=freeze,python \\
        .venv/bin/python -m pytest -m bench tests/bench/bench_serve.py -s    GC policy before/after

How a keystroke is timed: each typing session presses a key every 1/rate seconds (a random phase
per session); a key is echoed when the client's screen (read by a small terminal emulator) shows
the order line as it should be after that key. A key is never pressed before the last one was
echoed; its latency is counted from when it was due, not from when it was sent, so a stall is
counted in full for every key it held up (no coordinated omission).
"""
from __future__ import annotations

import asyncio
import fcntl
import os
import pty
import random
import re
import signal
import statistics
import struct
import subprocess
import sys
import termios
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncssh
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))
from server_screen import Screen  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
HOLOTABLE = Path(sys.executable).with_name("holotable")
CODE = re.compile(r"[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}")
WIDTH, HEIGHT = 120, 40
SEATS_PER_GAME = 12
BATCH = 10  # "ten at once"
TICK = os.sysconf("SC_CLK_TCK")
PAGE = os.sysconf("SC_PAGE_SIZE")
MARK = "order ›"
PLACEHOLDER = "type an order"
# What the typists type (then take back with Backspace): orders of the Republic at War, word by word.
LINES = ["move Home Fleet to Coruscant", "build 2 clones at Kuat", "attack Geonosis", "ready",
         "transfer 10 credits to s2", "post all Hold the line at Kuat"]


# -- the server process -----------------------------------------------------------------------------
@dataclass
class Served:
    """``holotable serve`` in its own process."""

    process: asyncio.subprocess.Process
    port: int
    gm_code: str
    stalls: list[tuple[float, float]] = field(default_factory=list)  # (wall, CPU) seconds of long full collections
    log: list[str] = field(default_factory=list)

    @property
    def pid(self) -> int:
        return self.process.pid

    def cpu(self) -> float:
        """CPU seconds (user + system) the server has used."""
        fields = Path(f"/proc/{self.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / TICK

    def rss_mib(self) -> float:
        """The server's resident set size in MiB."""
        pages = int(Path(f"/proc/{self.pid}/statm").read_text().split()[1])
        return pages * PAGE / 2**20


async def start_server(data: Path, gc_policy: str, env_extra: dict[str, str] | None = None) -> Served:
    """Start ``holotable serve --port 0`` (``env_extra`` added to its environment) and read its banner."""
    # PYTHONPATH: this checkout's code, not the one the entry point was installed from (an editable
    # install points at one checkout; its finder comes after the path)
    path = os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p)
    env = dict(os.environ, HOLOTABLE_GC=gc_policy, PYTHONPATH=path, **(env_extra or {}))
    command = [str(HOLOTABLE)] if HOLOTABLE.exists() else [sys.executable, "-c", "import sys; from importlib.metadata "
                                                            "import entry_points; sys.exit(entry_points(group="
                                                            "'console_scripts', name='holotable')[0].load()())"]
    process = await asyncio.create_subprocess_exec(
        *command, "serve", "--port", "0", "--data", str(data), "--quiet", cwd=ROOT, env=env,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    assert process.stdout is not None
    banner = ""
    while "Ctrl+C" not in banner:
        line = await asyncio.wait_for(process.stdout.readline(), 60)
        assert line, f"holotable serve ended early:\n{banner}"
        banner += line.decode()
    port = int(re.search(r"port (\d+)", banner).group(1))  # type: ignore[union-attr]
    code = re.search(r"one-time GM invite code: (\S+)", banner).group(1)  # type: ignore[union-attr]
    served = Served(process, port, code)
    served.reader = asyncio.get_running_loop().create_task(read_log(served))  # type: ignore[attr-defined]
    return served


STALL = re.compile(r"stalled every session for (\d+) ms \((\d+) ms of CPU")


async def read_log(served: Served) -> None:
    """The server's warnings: full collections that stalled every session are counted."""
    assert served.process.stderr is not None
    while True:
        line = (await served.process.stderr.readline()).decode(errors="replace")
        if not line:
            return
        served.log.append(line.rstrip())
        found = STALL.search(line)
        if found:
            served.stalls.append((int(found.group(1)) / 1000, int(found.group(2)) / 1000))


async def settle(served: Served, limit: float = 90.0) -> float:
    """Wait until the server is idle (under 2% of a core for a second); returns how long it took."""
    started = time.perf_counter()
    while time.perf_counter() - started < limit:
        cpu0, t0 = served.cpu(), time.perf_counter()
        await asyncio.sleep(1.0)
        if (served.cpu() - cpu0) / (time.perf_counter() - t0) < 0.02:
            break
    return time.perf_counter() - started


async def stop_server(served: Served) -> None:
    served.process.send_signal(signal.SIGINT)
    try:
        await asyncio.wait_for(served.process.wait(), 30)
    except asyncio.TimeoutError:
        served.process.kill()
        await served.process.wait()


class _Code(asyncssh.SSHClient):
    def __init__(self, code: str) -> None:
        self.code = code

    def kbdint_auth_requested(self) -> str:
        return ""

    def kbdint_challenge_received(self, name: str, instructions: str, lang: str, prompts: Any) -> list[str]:
        return [self.code for _ in prompts]


async def seat_players(served: Served, count: int, folder: Path) -> list[tuple[str, Path]]:
    """Make games of up to 12 seats holding ``count`` player accounts (s1..sN, one seat each),
    register each account's key through its invite; returns (account, private key file)."""
    games = -(-count // SEATS_PER_GAME)
    names = [f"s{n}" for n in range(1, count + 1)]
    per_game = [names[g::games] for g in range(games)]
    gm_key = asyncssh.generate_private_key("ssh-ed25519")
    codes: dict[str, str] = {}
    async with asyncssh.connect("127.0.0.1", served.port, username="gm", client_keys=[gm_key], known_hosts=None,
                                agent_path=None, config=None, client_factory=lambda: _Code(served.gm_code),
                                preferred_auth="publickey,keyboard-interactive") as gm:
        for index, seats in enumerate(per_game, 1):
            spec = ",".join(f"{seat}:{'GAR' if n % 2 else 'CIS'}" for n, seat in enumerate(seats))
            made = await gm.run(f"new raw id=g{index} seed={index} min_players=2 equal_teams=false seats={spec}")
            assert made.exit_status == 0, made.stdout
            for seat in seats:
                invite = await gm.run(f"invite g{index} {seat}")
                codes[seat] = CODE.search(str(invite.stdout)).group(0)  # type: ignore[union-attr]
    folder.mkdir(parents=True, exist_ok=True)

    async def register(name: str) -> tuple[str, Path]:
        key = asyncssh.generate_private_key("ssh-ed25519")
        async with asyncssh.connect("127.0.0.1", served.port, username=name, client_keys=[key], known_hosts=None,
                                    agent_path=None, config=None, client_factory=lambda: _Code(codes[name]),
                                    preferred_auth="publickey,keyboard-interactive") as conn:
            done = await conn.run("status")
            assert done.exit_status == 0, done.stdout
        path = folder / f"{name}_key"
        path.write_bytes(key.export_private_key("openssh"))
        os.chmod(path, 0o600)
        return name, path
    players: list[tuple[str, Path]] = []
    for start in range(0, count, BATCH):
        players += await asyncio.gather(*(register(name) for name in names[start:start + BATCH]))
    return players


# -- one player: OpenSSH on a pty -------------------------------------------------------------------
@dataclass
class Key:
    due: float
    expected: str
    any_output: bool  # the line looks the same after it (a space): any output is its echo


@dataclass
class Player:
    """``ssh`` on a pty of its own; the pty's output read by a terminal emulator while it matters."""

    name: str
    key_file: Path
    known_hosts: Path
    port: int
    process: subprocess.Popen[bytes] | None = None
    master: int = -1
    screen: Screen | None = None
    started: float = 0.0
    first_frame: float | None = None
    framed: asyncio.Event = field(default_factory=asyncio.Event)
    pending: Key | None = None
    echoed: asyncio.Event = field(default_factory=asyncio.Event)
    latencies: list[float] = field(default_factory=list)
    received: int = 0
    spent: float = 0.0
    typed: str | None = None  # what this player's keys left on the order line (trailing spaces too)

    def spawn(self) -> None:
        self.screen = Screen(WIDTH, HEIGHT)
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", HEIGHT, WIDTH, 0, 0))
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "TERM": "xterm-256color", "HOME": str(self.key_file.parent)}
        self.started = time.perf_counter()
        self.process = subprocess.Popen(
            ["ssh", "-tt", "-F", "/dev/null", "-e", "none", "-p", str(self.port), "-i", str(self.key_file),
             "-o", "IdentitiesOnly=yes", "-o", f"UserKnownHostsFile={self.known_hosts}",
             "-o", "StrictHostKeyChecking=yes", "-o", "IdentityAgent=none", "-o", "BatchMode=yes",
             "-o", "PreferredAuthentications=publickey", "-o", "LogLevel=ERROR", f"{self.name}@127.0.0.1"],
            stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True, close_fds=True)
        os.close(slave)
        self.master = master
        os.set_blocking(master, False)
        asyncio.get_running_loop().add_reader(master, self._readable)

    def _readable(self) -> None:
        try:
            data = os.read(self.master, 1 << 16)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            data = b""
        if not data:
            asyncio.get_running_loop().remove_reader(self.master)
            self.framed.set()
            self.echoed.set()
            return
        now = time.perf_counter()
        self.received += len(data)
        if self.screen is None:
            return
        self.screen.feed(data)
        self.spent += time.perf_counter() - now
        if self.first_frame is None:
            if self.order_line() is not None and f"{self.name} (" in self.screen.text():
                self.first_frame = now - self.started
                self.framed.set()
            return
        key = self.pending
        if key is not None and (key.any_output or self.order_line() == key.expected.rstrip()):
            self.latencies.append(now - key.due)
            self.pending = None
            self.echoed.set()

    def order_line(self) -> str | None:
        """What the order line shows ("" when empty), or None if it is not on the screen."""
        assert self.screen is not None
        for row in self.screen.rows:
            line = "".join(row)
            at = line.find(MARK)
            if at >= 0:
                shown = line[at + len(MARK):].strip()
                if shown.startswith(PLACEHOLDER):
                    return ""
                return shown[:-len("Ready")].rstrip() if shown.endswith("Ready") else shown
        return None

    def quiet(self) -> None:
        """Stop emulating (a player who only watches: its output is read and dropped)."""
        self.screen = None

    async def type_for(self, seconds: float, rate: float, rng: random.Random) -> int:
        """Press a key every 1/rate seconds for ``seconds``; returns how many were pressed."""
        assert self.screen is not None
        line = rng.choice(LINES)
        keys: list[tuple[bytes, str]] = []
        due = time.perf_counter() + rng.random() / rate
        end = time.perf_counter() + seconds
        pressed = 0
        # what an earlier run left: as typed, not as the screen shows it (a trailing space is not seen,
        # and one backspace too few made every later key look lost)
        previous = self.typed if self.typed is not None else self.order_line() or ""
        keys = [(b"\x7f", previous[:i]) for i in range(len(previous) - 1, -1, -1)]
        while due < end and time.perf_counter() < end:  # a stalled server does not stretch the run
            if not keys:
                line = rng.choice(LINES)
                keys = [(ch.encode(), line[:i + 1]) for i, ch in enumerate(line)]
                keys += [(b"\x7f", line[:i]) for i in range(len(line) - 1, -1, -1)]
            data, expected = keys.pop(0)
            wait = due - time.perf_counter()
            if wait > 0:
                await asyncio.sleep(wait)
            self.echoed.clear()
            self.pending = Key(due, expected, expected.rstrip() == previous.rstrip())
            os.write(self.master, data)
            pressed += 1
            try:
                await asyncio.wait_for(self.echoed.wait(), 10)
            except asyncio.TimeoutError:
                self.latencies.append(10.0)
                self.pending = None
                if os.environ.get("BENCH_SERVE_DEBUG"):
                    print(f"\n{self.name}: no echo of {expected!r} in 10 s; the order line shows "
                          f"{self.order_line()!r}; the screen:\n{self.screen.text()}")
            previous = self.typed = expected
            due += 1 / rate
        return pressed

    def stop(self) -> None:
        if self.master >= 0:
            try:
                asyncio.get_running_loop().remove_reader(self.master)
            except (ValueError, RuntimeError):
                pass
            os.close(self.master)
            self.master = -1
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


# -- a run ---------------------------------------------------------------------------------------------
def load() -> str:
    """The 1-minute load average (2 cores: 2.0 is both busy)."""
    return Path("/proc/loadavg").read_text().split()[0]


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


async def connect(players: list[Player], timeout: float = 60.0) -> list[float]:
    """Start ``players`` at once; wait for each one's first frame; returns their times."""
    for player in players:
        player.spawn()
    await asyncio.wait_for(asyncio.gather(*(p.framed.wait() for p in players)), timeout)
    missing = [p.name for p in players if p.first_frame is None]
    assert not missing, f"no first frame for {missing}"
    return [p.first_frame for p in players if p.first_frame is not None]


async def run_serving(tmp: Path, sessions: int, typists: int, rate: float, seconds: float, gc_policy: str
                      ) -> dict[str, Any]:
    """One measured run; returns its figures."""
    served = await start_server(tmp / "data", gc_policy)
    players: list[Player] = []
    figures: dict[str, Any] = {"sessions": sessions, "typists": typists, "rate": rate, "gc": gc_policy}
    try:
        accounts = await seat_players(served, sessions, tmp / "keys")
        known = tmp / "keys" / "known_hosts"
        host_key = asyncssh.read_private_key(str(tmp / "data" / "server" / "host_ed25519_key"))
        known.write_text(f"[127.0.0.1]:{served.port} " + host_key.export_public_key("openssh").decode())
        players = [Player(name, key, known, served.port) for name, key in accounts]
        await asyncio.sleep(1.0)
        rss_start = served.rss_mib()
        one_at_a_time = sessions - BATCH * ((sessions - 3) // BATCH)
        singles: list[float] = []
        figures["load_connect"] = load()
        connect_cpu = served.cpu()
        for player in players[:one_at_a_time]:
            singles += await connect([player])
            if len(singles) == 1:
                await asyncio.sleep(0.5)
                rss_one = served.rss_mib()
            else:
                await asyncio.sleep(0.2)
        batches: list[float] = []
        for start in range(one_at_a_time, sessions, BATCH):
            batches += await connect(players[start:start + BATCH])
            await asyncio.sleep(0.5)
        figures.update(first_cold=singles[0], singles=singles[1:], batches=batches)
        typing = players[:typists]
        for player in players[typists:]:
            player.quiet()
        figures["settle"] = await settle(served)
        figures["connect_cpu"] = (served.cpu() - connect_cpu) / sessions
        rss_all = served.rss_mib()
        figures.update(rss_start=rss_start, rss_one=rss_one, rss_all=rss_all,
                       per_session=(rss_all - rss_one) / max(1, sessions - 1))
        figures["load_idle"] = load()
        cpu0, t0 = served.cpu(), time.perf_counter()
        await asyncio.sleep(5.0)
        idle = (served.cpu() - cpu0) / (time.perf_counter() - t0)
        figures["idle"] = idle
        figures["load_typing"] = load()
        rng = random.Random(14)
        stalls_before = len(served.stalls)
        cpu0, t0 = served.cpu(), time.perf_counter()
        pressed = await asyncio.gather(*(p.type_for(seconds, rate, random.Random(rng.random())) for p in typing))
        elapsed = time.perf_counter() - t0
        cpu = served.cpu() - cpu0
        keys = sum(pressed)
        if os.environ.get("BENCH_SERVE_DEBUG"):
            print("bench process CPU", time.process_time(), "emulating", sum(p.spent for p in players),
                  "bytes", sum(p.received for p in typing))
            for p in typing:
                print(p.name, len(p.latencies), [round(x * 1000) for x in p.latencies[:12]], round(max(p.latencies) * 1000))
        figures.update(keys=keys, cpu_per_key=(cpu - idle * elapsed) / max(1, keys), busy=cpu / elapsed,
                       latencies=[x for p in typing for x in p.latencies], load_after=load(),
                       stalls_connect=served.stalls[:stalls_before], stalls_typing=served.stalls[stalls_before:])
    finally:
        for player in players:
            player.stop()
        await stop_server(served)
    return figures


def ms(value: float) -> str:
    return f"{value * 1000:.1f}"


def table(runs: list[dict[str, Any]]) -> str:
    """The issue's table, one column per run."""
    heads = [f"N={r['sessions']} K={r['typists']} gc={r['gc']}" for r in runs]
    rows: list[tuple[str, list[str]]] = []

    def row(name: str, cells: list[str]) -> None:
        rows.append((name, cells))
    row("keys typed (rate each)", [f"{r['keys']} ({r['rate']:g}/s)" for r in runs])
    row("key to echo p50 / p95 / p99 / max ms",
        [" / ".join(ms(quantile(r["latencies"], q)) for q in (0.5, 0.95, 0.99)) + f" / {ms(max(r['latencies']))}"
         for r in runs])
    row("server CPU per key ms", [ms(r["cpu_per_key"]) for r in runs])
    row("server busy while typing", [f"{r['busy'] * 100:.0f}%" for r in runs])
    def stalls(found: list[tuple[float, float]]) -> str:
        if not found:
            return "none"
        return f"{len(found)}, longest {max(w for w, _ in found) * 1000:.0f} ms ({max(c for _, c in found) * 1000:.0f} CPU)"
    row("full GC > 50 ms while connecting", [stalls(r["stalls_connect"]) for r in runs])
    row("full GC > 50 ms while typing", [stalls(r["stalls_typing"]) for r in runs])
    row("memory per session MiB", [f"{r['per_session']:.2f}" for r in runs])
    row("RSS start / 1 session / all MiB", [f"{r['rss_start']:.0f} / {r['rss_one']:.0f} / {r['rss_all']:.0f}"
                                             for r in runs])
    row("idle CPU, all sessions", [f"{r['idle'] * 100:.2f}%" for r in runs])
    row("server CPU per session connected ms", [f"{r['connect_cpu'] * 1000:.0f}" for r in runs])
    row("first frame, first after start ms", [f"{r['first_cold'] * 1000:.0f}" for r in runs])
    row("first frame, one at a time: median / max ms",
        [f"{statistics.median(r['singles']) * 1000:.0f} / {max(r['singles']) * 1000:.0f}" if r["singles"] else "-"
         for r in runs])
    row("first frame, 10 at once: median / max ms",
        [f"{statistics.median(r['batches']) * 1000:.0f} / {max(r['batches']) * 1000:.0f}" if r["batches"] else "-"
         for r in runs])
    row("load avg: connect / idle / typing / after",
        [f"{r['load_connect']} / {r['load_idle']} / {r['load_typing']} / {r['load_after']}" for r in runs])
    width = max(len(name) for name, _ in rows)
    cols = [max(len(h), *(len(cells[i]) for _, cells in rows)) for i, h in enumerate(heads)]
    lines = ["| " + "figure".ljust(width) + " | " + " | ".join(h.ljust(c) for h, c in zip(heads, cols)) + " |",
             "|" + "-" * (width + 2) + "|" + "|".join("-" * (c + 2) for c in cols) + "|"]
    for name, cells in rows:
        lines.append("| " + name.ljust(width) + " | " + " | ".join(v.ljust(c) for v, c in zip(cells, cols)) + " |")
    return "\n".join(lines)


def configurations() -> list[tuple[int, int]]:
    """N:K pairs to run (``BENCH_SERVE=13:1,50:10`` by default)."""
    spec = os.environ.get("BENCH_SERVE", "13:1,50:10")
    return [(int(n), int(k)) for n, k in (item.split(":") for item in spec.split(","))]


@pytest.mark.bench
async def test_bench_serving(tmp_path: Path) -> None:
    policies = os.environ.get("BENCH_SERVE_GC", "python,freeze").split(",")
    seconds = float(os.environ.get("BENCH_SERVE_SECONDS", "20"))
    rate = float(os.environ.get("BENCH_SERVE_RATE", "8"))
    runs = []
    for n, (sessions, typists) in enumerate(configurations()):
        for policy in policies:
            runs.append(await run_serving(tmp_path / f"run{n}-{policy}", sessions, typists, rate, seconds, policy))
    print(f"\nserving: holotable serve, OpenSSH clients on ptys at {WIDTH}x{HEIGHT}, Republic at War games of up to "
          f"{SEATS_PER_GAME} seats; typing for {seconds:g} s; {os.cpu_count()} cores")
    print(table(runs))
