"""``holotable serve`` as a person starts it: host key made once and reused, the GM's one-time code
printed, loopback by default, a clean stop on Ctrl+C."""
from __future__ import annotations

import asyncio
import os
import re
import signal
import stat
import sys
from pathlib import Path

import asyncssh

from server_helpers import CodeClient

MAIN = Path(__file__).resolve().parents[2]


async def start_serve(data: Path, *args: str) -> tuple[asyncio.subprocess.Process, str]:
    """Start ``holotable serve --port 0`` and read its banner (up to the Ctrl+C line)."""
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tui.main", "serve", "--port", "0", "--data", str(data), "--quiet", *args,
        cwd=MAIN, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    assert process.stdout is not None
    banner = ""
    while "Ctrl+C" not in banner:
        line = await asyncio.wait_for(process.stdout.readline(), 30)
        if not line:
            err = await process.stderr.read() if process.stderr else b""
            raise AssertionError(f"serve ended early:\n{banner}\n{err.decode()}")
        banner += line.decode()
    return process, banner


async def stop(process: asyncio.subprocess.Process) -> int:
    process.send_signal(signal.SIGINT)
    return await asyncio.wait_for(process.wait(), 20)


async def test_serve_makes_its_host_key_once_prints_the_gm_code_and_stops_cleanly(tmp_path: Path) -> None:
    data = tmp_path / "data"
    process, banner = await start_serve(data)
    try:
        port = int(re.search(r"port (\d+)", banner).group(1))  # type: ignore[union-attr]
        fingerprint = re.search(r"host key made now: (SHA256:\S+)", banner)
        code = re.search(r"one-time GM invite code: (\S+)", banner)
        assert fingerprint and code, f"the first start prints the new host key and the GM's code:\n{banner}"
        assert "serving on 127.0.0.1" in banner and f"ssh -p {port} gm@127.0.0.1" in banner, banner
        key_file = data / "server" / "host_ed25519_key"
        assert stat.S_IMODE(os.stat(key_file).st_mode) == 0o600, "the host key is private"
        gm_key = asyncssh.generate_private_key("ssh-ed25519")
        async with asyncssh.connect("127.0.0.1", port, username="gm", client_keys=[gm_key], known_hosts=None,
                                    agent_path=None, config=None, client_factory=lambda: CodeClient(code.group(1)),
                                    preferred_auth="publickey,keyboard-interactive") as conn:
            seen = conn.get_server_host_key()
            assert seen is not None and seen.get_fingerprint("sha256") == fingerprint.group(1)
            made = await conn.run("new raw id=camp seed=1 seats=al:GAR,bo:CIS,cy:GAR:bot,di:CIS:bot min_players=2")
            assert made.exit_status == 0, made.stdout
    finally:
        assert await stop(process) == 0, "Ctrl+C stops the server cleanly"
    assert (data / "games" / "camp.json").exists(), "the game is saved"

    process, banner = await start_serve(data)
    try:
        assert f"host key reused: {fingerprint.group(1)}" in banner, f"the host key is reused:\n{banner}"
        assert "invite code" not in banner, "once the GM has a key no code is printed"
        port = int(re.search(r"port (\d+)", banner).group(1))  # type: ignore[union-attr]
        async with asyncssh.connect("127.0.0.1", port, username="gm", client_keys=[gm_key], known_hosts=None,
                                    agent_path=None, config=None) as conn:
            listing = await conn.run("games")
            assert "camp" in listing.stdout, "the game is served again after a restart"
    finally:
        assert await stop(process) == 0
