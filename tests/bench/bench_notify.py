"""Notifications while people type (issue 32): ``holotable serve`` in its own process (this worktree's
code), N war-room sessions over the real OpenSSH client (as in ``bench_serve.py``), K of them typing
orders, in three windows of the same length:

1. ``typing``: nothing else happens;
2. ``GM messages``: the GM posts M messages, one to each watching seat's GM thread in turn (nobody
   has a channel; the typists' screens are not redrawn by them);
3. ``M notifications``: the same, every account having one channel (Apprise ``json://`` to an HTTP
   server in this process), so M notifications go out; one account's channel is stalled: its
   service answers only 30 s after its first post (Apprise waits: ``rto=35``).

Prints keystroke to echo (p50/p95/p99/max) and the server's CPU per key in each window, and when the
notifications were delivered (all but the stalled channel's, and the stalled channel's). Window 2
against 3 is the notifications' own cost; 1 against 2 what the messages themselves cost the war rooms.

Found on a shared 2-core machine (load 6 to 12): the GM's messages themselves (each one saves the game
and redraws every war room of its game) held the typists' echoes for seconds at 10 messages a second,
and still at 2.5, with no channel at all; window 3 added no measurable delay beyond window 2's.

    BENCH_NOTIFY=50:10 BENCH_NOTIFY_MESSAGES=200 BENCH_NOTIFY_SECONDS=20 (BENCH_PIN=0: not pinned) \\
        .venv/bin/python -m pytest -m bench tests/bench/bench_notify.py -s
"""
from __future__ import annotations

import asyncio
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

import asyncssh
import pytest

import bench_serve
from bench_serve import (BATCH, ROOT, SEATS_PER_GAME, Player, Served, connect, load, ms, quantile, read_log, seat_players,
                         settle, stop_server)

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))
from notify_helpers import Hooks  # noqa: E402

STALL = 30.0
DEBUG = bool(os.environ.get("BENCH_NOTIFY_DEBUG"))


def say(text: str) -> None:
    if DEBUG:
        print(f"{time.strftime('%H:%M:%S')} {text}", file=sys.stderr, flush=True)
SERVE = ("import sys; sys.path.insert(0, sys.argv.pop(1)); from tui.main import main; "
         "sys.exit(main(sys.argv[1:]))")


async def start_server(data: Path) -> Served:
    """``holotable serve --port 0 --notify-local`` of this worktree, in its own process."""
    import re
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-c", SERVE, str(ROOT), "serve", "--port", "0", "--data", str(data), "--quiet",
        "--notify-local", cwd=ROOT, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    if PIN:  # the server on its own core, before it starts any thread (they inherit it)
        os.sched_setaffinity(process.pid, {0})
    assert process.stdout is not None
    banner = ""
    while "Ctrl+C" not in banner:
        line = await asyncio.wait_for(process.stdout.readline(), 90)
        assert line, f"holotable serve ended early:\n{banner}"
        banner += line.decode()
    port = int(re.search(r"port (\d+)", banner).group(1))  # type: ignore[union-attr]
    code = re.search(r"one-time GM invite code: (\S+)", banner).group(1)  # type: ignore[union-attr]
    served = Served(process, port, code)
    served.reader = asyncio.get_running_loop().create_task(read_log(served))  # type: ignore[attr-defined]
    return served


#: BENCH_PIN=1 (the default on a machine of two cores or more): the server on core 0, this process and
#: the SSH clients it starts on core 1, so that the clients' own CPU does not delay the server's.
PIN = os.environ.get("BENCH_PIN", "1") == "1" and len(os.sched_getaffinity(0)) >= 2


def games_of(count: int) -> dict[str, str]:
    """seat -> game, as ``seat_players`` deals them."""
    games = -(-count // SEATS_PER_GAME)
    names = [f"s{n}" for n in range(1, count + 1)]
    return {name: f"g{g + 1}" for g in range(games) for name in names[g::games]}


async def gm_line(served: Served, gm_key: asyncssh.SSHKey) -> tuple[asyncssh.SSHClientConnection, Any]:
    """A line console of the GM (the key registered with the GM's invite code)."""
    from bench_serve import _Code
    conn = await asyncssh.connect("127.0.0.1", served.port, username="gm", client_keys=[gm_key], known_hosts=None,
                                  agent_path=None, config=None, client_factory=lambda: _Code(served.gm_code),
                                  preferred_auth="publickey,keyboard-interactive")
    process = await conn.create_process(encoding="utf-8")
    asyncio.get_running_loop().create_task(drain(process))
    return conn, process


async def post_messages(process: Any, seats: dict[str, str], count: int, seconds: float) -> int:
    """The GM posts ``count`` messages, one to each seat's GM thread in turn, spread over ``seconds``."""
    names = sorted(seats, key=lambda s: int(s[1:]))
    start = time.perf_counter()
    for index in range(count):
        due = start + index * seconds / count
        wait = due - time.perf_counter()
        if wait > 0:
            await asyncio.sleep(wait)
        seat = names[index % len(names)]
        process.stdin.write(f"say gm:{seat} Message {index} for {seat}: your fleet is late --game {seats[seat]}\n")
    return count


async def drain(process: Any) -> None:
    """Read (and drop) what the GM's line console answers."""
    while await process.stdout.read(65536):
        pass


async def clear_line(player: Player) -> None:
    """Take back what a window left half typed on the order line (each window starts on an empty one)."""
    left = player.typed if player.typed is not None else player.order_line() or ""  # as typed: a trailing space is not seen
    if left:
        os.write(player.master, b"\x7f" * len(left))
    deadline = time.perf_counter() + 10
    while player.order_line() and time.perf_counter() < deadline:
        await asyncio.sleep(0.05)
    player.typed = ""  # the next window starts on an empty line (type_for would take back the old text again)


async def window(served: Served, typing: list[Player], seconds: float, rate: float, rng: random.Random,
                 during: Any = None) -> dict[str, Any]:
    """Type for ``seconds`` (with ``during`` running alongside); returns the window's figures."""
    await asyncio.gather(*(clear_line(p) for p in typing))
    await asyncio.sleep(1.0)
    marks = [len(p.latencies) for p in typing]
    cpu0, t0 = served.cpu(), time.perf_counter()
    work = [p.type_for(seconds, rate, random.Random(rng.random())) for p in typing]
    if during is not None:
        work.append(during)
    cut = False
    try:  # a window whose echoes stop coming is cut (each key would wait 10 s), and says so
        results = await asyncio.wait_for(asyncio.gather(*work), seconds * 4 + 30)
    except asyncio.TimeoutError:
        cut = True
        results = [0] * len(work)
        for player in typing:
            player.pending = None
    elapsed = time.perf_counter() - t0
    latencies = [x for p, mark in zip(typing, marks) for x in p.latencies[mark:]]
    keys = len(latencies) if cut else sum(results[:len(typing)])
    return {"keys": keys, "latencies": latencies or [float("nan")], "cpu_per_key": (served.cpu() - cpu0) / max(1, keys),
            "busy": (served.cpu() - cpu0) / elapsed, "load": load(), "cut": cut}


async def run(tmp: Path, sessions: int, typists: int, messages: int, rate: float, seconds: float) -> dict[str, Any]:
    """One server, three windows; returns the figures."""
    served = await start_server(tmp / "data")
    players: list[Player] = []
    assert sessions > typists, "some sessions only watch: they get the messages"
    figures: dict[str, Any] = {"sessions": sessions, "typists": typists, "messages": messages, "rate": rate}
    try:
        gm_key = asyncssh.generate_private_key("ssh-ed25519")
        made = bench_serve.asyncssh.generate_private_key
        first = [gm_key]  # seat_players makes the GM's key first: keep it, to post as the GM later
        bench_serve.asyncssh.generate_private_key = lambda *a, **k: first.pop() if first else made(*a, **k)  # type: ignore[assignment]
        try:
            accounts = await seat_players(served, sessions, tmp / "keys")
        finally:
            bench_serve.asyncssh.generate_private_key = made  # type: ignore[assignment]
        known = tmp / "keys" / "known_hosts"
        host_key = asyncssh.read_private_key(str(tmp / "data" / "server" / "host_ed25519_key"))
        known.write_text(f"[127.0.0.1]:{served.port} " + host_key.export_public_key("openssh").decode())
        keys = {name: asyncssh.read_private_key(str(path)) for name, path in accounts}
        players = [Player(name, key, known, served.port) for name, key in accounts]
        say("seated")
        for start in range(0, sessions, BATCH):
            await connect(players[start:start + BATCH], timeout=120)
            await asyncio.sleep(0.5)
        typing = players[:typists]
        for player in players[typists:]:
            player.quiet()
        await settle(served)
        seats = {seat: game for seat, game in games_of(sessions).items() if int(seat[1:]) > typists}
        # the messages go to the seats that only watch: a typist's screen is not redrawn by them
        conn, gm = await gm_line(served, gm_key)
        say("gm line open")
        rng = random.Random(32)
        figures["typing"] = await window(served, typing, seconds, rate, rng)
        say("window 1 done")
        figures["messages_only"] = await window(served, typing, seconds, rate, rng,
                                                post_messages(gm, seats, messages, seconds))
        say("window 2 done")
        with Hooks() as hooks:
            stalled = sorted(seats, key=lambda s: int(s[1:]))[-1]
            hooks.stall[f"/{stalled}"] = STALL
            for name in seats:
                url = hooks.url(f"/{name}") + ("?rto=35" if name == stalled else "")
                async with asyncssh.connect("127.0.0.1", served.port, username=name, client_keys=[keys[name]],
                                            known_hosts=None, agent_path=None, config=None) as player:
                    added = await player.run(f"notify add {url} messages")
                    assert added.exit_status == 0, added.stdout
            await settle(served)
            began = time.perf_counter()
            say("channels added")
            figures["notifications"] = await window(served, typing, seconds, rate, rng,
                                                    post_messages(gm, seats, messages, seconds))
            others = [n for n in seats if n != stalled]
            per_seat = {n: sum(1 for i in range(messages) if sorted(seats, key=lambda s: int(s[1:]))[i % len(seats)] == n)
                        for n in seats}
            expected = sum(per_seat[n] for n in others)
            deadline = time.perf_counter() + 120
            while sum(len(hooks.at(f"/{n}")) for n in others) < expected and time.perf_counter() < deadline:
                await asyncio.sleep(0.05)
            figures["others_done"] = time.perf_counter() - began
            say("others done")
            figures["others_got"] = (sum(len(hooks.at(f"/{n}")) for n in others), expected)
            while len(hooks.at(f"/{stalled}")) < per_seat[stalled] and time.perf_counter() < deadline:
                await asyncio.sleep(0.1)
            figures["stalled_done"] = time.perf_counter() - began
            figures["stalled_got"] = (len(hooks.at(f"/{stalled}")), per_seat[stalled])
        gm.stdin.write_eof()
        conn.close()
    finally:
        for player in players:
            player.stop()
        await stop_server(served)
    return figures


def table(run: dict[str, Any]) -> str:
    """The closing note's table: one column per window."""
    names = [("typing", "typing only"), ("messages_only", f"{run['messages']} GM messages, no channels"),
             ("notifications", f"{run['messages']} notifications, 1 channel stalled {STALL:g} s")]
    rows = [("keys typed", [str(run[k]["keys"]) + (" (window cut: echoes stopped)" if run[k]["cut"] else "")
                            for k, _ in names]),
            ("key to echo p50 / p95 / p99 / max ms",
             [" / ".join(ms(quantile(run[k]["latencies"], q)) for q in (0.5, 0.95, 0.99))
              + f" / {ms(max(run[k]['latencies']))}" for k, _ in names]),
            ("server CPU per key ms", [ms(run[k]["cpu_per_key"]) for k, _ in names]),
            ("server busy", [f"{run[k]['busy'] * 100:.0f}%" for k, _ in names]),
            ("load average after", [run[k]["load"] for k, _ in names])]
    heads = [h for _, h in names]
    width = max(len(n) for n, _ in rows)
    cols = [max(len(h), *(len(cells[i]) for _, cells in rows)) for i, h in enumerate(heads)]
    lines = ["| " + "figure".ljust(width) + " | " + " | ".join(h.ljust(c) for h, c in zip(heads, cols)) + " |",
             "|" + "-" * (width + 2) + "|" + "|".join("-" * (c + 2) for c in cols) + "|"]
    lines += ["| " + n.ljust(width) + " | " + " | ".join(v.ljust(c) for v, c in zip(cells, cols)) + " |" for n, cells in rows]
    got, want = run["others_got"]
    stalled_got, stalled_want = run["stalled_got"]
    lines.append(f"\ndelivered: {got} of {want} notifications to the {run['sessions'] - run['typists'] - 1} healthy channels "
                 f"{run['others_done']:.1f} s after the window opened; the stalled channel's {stalled_got} of "
                 f"{stalled_want} after {run['stalled_done']:.1f} s")
    return "\n".join(lines)


@pytest.mark.bench
async def test_bench_notifications_while_typing(tmp_path: Path) -> None:
    sessions, typists = (int(x) for x in os.environ.get("BENCH_NOTIFY", "50:10").split(":"))
    messages = int(os.environ.get("BENCH_NOTIFY_MESSAGES", "200"))
    seconds = float(os.environ.get("BENCH_NOTIFY_SECONDS", "20"))
    rate = float(os.environ.get("BENCH_NOTIFY_RATE", "8"))
    if PIN:
        os.sched_setaffinity(0, {1})  # this process and the clients it starts: the other core
    figures = await run(tmp_path, sessions, typists, messages, rate, seconds)
    print(f"\nnotifications: holotable serve (this worktree), {sessions} OpenSSH sessions, {typists} typing at "
          f"{rate:g} keys/s, windows of {seconds:g} s; {os.cpu_count()} cores")
    print(table(figures))
    got, want = figures["others_got"]
    assert got == want, f"only {got} of {want} notifications reached the healthy channels"
