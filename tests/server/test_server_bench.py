"""Benchmarks of the SSH server (run with ``pytest -m bench tests/server -s``): connect to first
frame, and the server's memory per war-room session, measured on a ``holotable serve`` process."""
from __future__ import annotations

import re
import statistics
import time
from pathlib import Path

import asyncssh
import pytest

from server_helpers import CODE, CodeClient, ScreenSession
from server_screen import Screen
from test_server_cli import start_serve, stop

SESSIONS = 10


def rss_kib(pid: int) -> int:
    """The resident set size of process ``pid`` in KiB."""
    text = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(r"VmRSS:\s+(\d+)", text).group(1))  # type: ignore[union-attr]


async def wait_screen(session: ScreenSession, pattern: str, timeout: float = 30.0) -> None:
    regex = re.compile(pattern)
    deadline = time.monotonic() + timeout
    while not regex.search(session.screen.text()):
        assert time.monotonic() < deadline, session.screen.text()
        session.changed.clear()
        try:
            import asyncio
            await asyncio.wait_for(session.changed.wait(), 0.5)
        except Exception:  # noqa: BLE001
            pass


@pytest.mark.bench
async def test_bench_first_frame_and_memory_per_session(tmp_path: Path) -> None:
    process, banner = await start_serve(tmp_path / "data")
    try:
        port = int(re.search(r"port (\d+)", banner).group(1))  # type: ignore[union-attr]
        gm_code = re.search(r"one-time GM invite code: (\S+)", banner).group(1)  # type: ignore[union-attr]
        gm_key = asyncssh.generate_private_key("ssh-ed25519")
        seats = ",".join(f"p{n}:{'GAR' if n % 2 else 'CIS'}" for n in range(1, SESSIONS + 1))
        keys = {}
        async with asyncssh.connect("127.0.0.1", port, username="gm", client_keys=[gm_key], known_hosts=None,
                                    agent_path=None, config=None, client_factory=lambda: CodeClient(gm_code),
                                    preferred_auth="publickey,keyboard-interactive") as gm:
            made = await gm.run(f"new raw id=bench seed=1 seats={seats}")
            assert made.exit_status == 0, made.stdout
            codes = {}
            for n in range(1, SESSIONS + 1):
                invite = await gm.run(f"invite bench p{n}")
                codes[f"p{n}"] = CODE.search(invite.stdout).group(0)  # type: ignore[union-attr]
        for name, code in codes.items():
            keys[name] = asyncssh.generate_private_key("ssh-ed25519")
            async with asyncssh.connect("127.0.0.1", port, username=name, client_keys=[keys[name]], known_hosts=None,
                                        agent_path=None, config=None, client_factory=lambda c=code: CodeClient(c),
                                        preferred_auth="publickey,keyboard-interactive") as conn:
                await conn.run("status")
        before = rss_kib(process.pid)
        held = []
        firsts = []
        for name in codes:
            started = time.perf_counter()
            conn = await asyncssh.connect("127.0.0.1", port, username=name, client_keys=[keys[name]],
                                          known_hosts=None, agent_path=None, config=None)
            screen = Screen(120, 40)
            chan, session = await conn.create_session(lambda s=screen: ScreenSession(s), term_type="xterm-256color",
                                                      term_size=(120, 40), encoding=None)
            await wait_screen(session, rf"{name} \((GAR|CIS)\)")
            firsts.append(time.perf_counter() - started)
            held.append(conn)
            if len(held) == 1:
                time.sleep(0.3)
                one = rss_kib(process.pid)  # the first session also loads the war room's code
        time.sleep(0.5)
        after = rss_kib(process.pid)
        for conn in held:
            conn.close()
        print(f"\nserver sessions: {SESSIONS} war rooms at 120x40 (Republic at War, {SESSIONS} seats)")
        print(f"connect to first full frame: median {statistics.median(firsts) * 1000:.0f} ms, "
              f"max {max(firsts) * 1000:.0f} ms (client side, including SSH handshake and login)")
        print(f"server memory: {before / 1024:.1f} MiB before, {one / 1024:.1f} MiB with one session (code loaded), "
              f"{after / 1024:.1f} MiB with {SESSIONS}: {(after - one) / 1024 / (SESSIONS - 1):.2f} MiB per further session")
    finally:
        await stop(process)
