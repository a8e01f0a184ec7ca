"""``holotable serve``: play over SSH.

    holotable serve                              loopback, port 2222, the default data directory
    holotable serve --host 0.0.0.0 --port 22022  every interface (say so on purpose)
    holotable serve --data DIR --passwords       account passwords allowed as well as keys
    holotable serve --new-gm-invite              a fresh one-time GM code (to register another key)
    holotable serve --notify-local               notification channels may point at this machine or its network

The first start makes the host key (``<data>/server/host_ed25519_key``, mode 0600) and the GM
account, and prints the GM's one-time invite code; later starts reuse both. Registered through
:data:`tui.main.SUBCOMMAND_MODULES`; asyncssh and Textual are imported only when it runs.
"""
from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import sys
from pathlib import Path

from tui.main import subcommand


def _args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="127.0.0.1", help="the address to listen on (default: 127.0.0.1, this machine only)")
    parser.add_argument("--port", type=int, default=2222, help="the port (default: 2222)")
    parser.add_argument("--data", "--data-dir", dest="data", default=None, metavar="DIR",
                        help="where games, accounts and the host key are kept (default: $HOLOTABLE_DATA_DIR or the user data directory)")
    parser.add_argument("--passwords", action="store_true", help="allow account passwords as well as keys (off by default)")
    parser.add_argument("--gm", default="gm", metavar="NAME", help="the GM account's name on the first start (default: gm)")
    parser.add_argument("--new-gm-invite", action="store_true", help="print a fresh one-time GM invite code")
    parser.add_argument("--notify-local", action="store_true",
                        help="let notification channels point at this machine or its network (a local mail relay, "
                             "a Matrix homeserver on the LAN); off by default")
    parser.add_argument("--quiet", action="store_true", help="log only warnings and errors")


def banner(server: object, gm_code: str | None, gm_name: str) -> str:
    """What ``serve`` prints once it listens: the host key, how to connect, how the GM logs in."""
    from server.ssh import HolotableServer
    assert isinstance(server, HolotableServer)
    lines = [
        f"holotable is serving on {server.options.host} port {server.port}",
        f"host key {'made now' if server.host_key_made else 'reused'}: {server.fingerprint}",
        "  (players can check it against the fingerprint their ssh shows on the first connection)",
        f"connect with: {server.how_to_connect()}",
    ]
    if server.options.host not in ("127.0.0.1", "::1", "localhost"):
        lines.append(f"note: listening on {server.options.host}, reachable from other machines")
    if gm_code is not None:
        lines += [
            "",
            f"GM login: {server.how_to_connect(gm_name)}",
            f"  one-time GM invite code: {gm_code}",
            "  type it when asked; your SSH key is registered with it and logs you in from then on",
            "  (no key yet? ssh-keygen -t ed25519)",
        ]
    else:
        lines.append(f"GM login: {server.how_to_connect(server.accounts.gms()[0].name if server.accounts.gms() else gm_name)}")
    lines.append("Ctrl+C stops the server (every game is saved).")
    return "\n".join(lines)


@subcommand("serve", "serve games over SSH: each player in their own seat, the GM watching every view", _args)
def serve(args: argparse.Namespace) -> int:
    """``holotable serve [--host H] [--port P] [--data DIR]``."""
    from core.errors import HolotableError
    from core.text import printable
    from saves import default_data_dir
    from server.ssh import HolotableServer, HostKeyError, ServerOptions

    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO, stream=sys.stderr,
                        format="%(asctime)s %(levelname)s %(message)s")
    logging.getLogger("asyncssh").setLevel(logging.WARNING)
    data_dir = Path(args.data) if args.data else default_data_dir()
    options = ServerOptions(data_dir, args.host, args.port, passwords=args.passwords, gm_name=args.gm,
                            notify_local=args.notify_local)

    async def run() -> int:
        try:
            server = HolotableServer(options)
            gm_code = server.accounts.ensure_gm(args.gm, fresh=args.new_gm_invite)
            await server.start()
        except (HostKeyError, HolotableError, OSError) as exc:
            sys.stderr.write(printable(f"holotable serve: {exc}") + "\n")
            return 2
        print(banner(server, gm_code, args.gm), flush=True)
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            try:
                loop.add_signal_handler(sig, stop.set)
            except (NotImplementedError, RuntimeError):
                pass
        await stop.wait()
        print("stopping: saving every game", flush=True)
        await server.close()
        return 0

    return asyncio.run(run())
