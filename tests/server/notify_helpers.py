"""Real receivers for notification tests: an SMTP server (aiosmtpd) and an HTTP server taking
Apprise's ``json://`` posts, both on 127.0.0.1, each in a thread of its own (nothing is mocked)."""
from __future__ import annotations

import asyncio
import json
import socket
import threading
import time
from email import message_from_bytes, policy
from email.message import EmailMessage
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from aiosmtpd.controller import Controller


def free_port() -> int:
    """A port free on 127.0.0.1 now (aiosmtpd's controller needs one named)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class MailBox:
    """An SMTP server on 127.0.0.1 keeping every message it receives."""

    def __init__(self) -> None:
        self.messages: list[EmailMessage] = []
        self.arrived = threading.Event()
        self.controller = Controller(self, hostname="127.0.0.1", port=free_port())

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        self.messages.append(message_from_bytes(envelope.content, policy=policy.default))  # type: ignore[arg-type]
        self.arrived.set()
        return "250 OK"

    def url(self, to: str) -> str:
        """The Apprise URL that mails ``to`` through this server."""
        return (f"mailto://127.0.0.1:{self.controller.port}?from=holotable@example.com&to={to}&mode=insecure"
                f"&name=holotable")

    def __enter__(self) -> "MailBox":
        self.controller.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.controller.stop()

    async def wait(self, count: int = 1, timeout: float = 20.0) -> list[EmailMessage]:
        """Wait until ``count`` messages came; returns them. Raises AssertionError after ``timeout``."""
        deadline = time.monotonic() + timeout
        while len(self.messages) < count:
            if time.monotonic() > deadline:
                raise AssertionError(f"the SMTP server received {len(self.messages)} message(s), not {count}, "
                                     f"within {timeout}s")
            await asyncio.sleep(0.05)
        return list(self.messages)


def text_of(mail: EmailMessage) -> str:
    """A mail's plain-text body."""
    part = mail.get_body(preferencelist=("plain", "html"))
    return part.get_content() if part is not None else ""


class Hooks:
    """An HTTP server on 127.0.0.1 keeping the JSON of every POST, by path. A path in ``hold`` is
    answered only once its event is set, a path in ``stall`` only that many seconds after its first post
    came (a stalled service); ``status`` answers that code."""

    def __init__(self, status: int = 200) -> None:
        self.posts: list[tuple[str, dict[str, Any]]] = []
        self.hold: dict[str, threading.Event] = {}
        self.stall: dict[str, float] = {}
        self._until: dict[str, float] = {}
        self.status = status
        self.lock = threading.Lock()
        hooks = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 - http.server's name
                size = int(self.headers.get("Content-Length") or 0)
                body = json.loads(self.rfile.read(size) or b"{}")
                held = hooks.hold.get(self.path)
                if held is not None:
                    held.wait(60)
                if self.path in hooks.stall:
                    with hooks.lock:
                        until = hooks._until.setdefault(self.path, time.monotonic() + hooks.stall[self.path])
                    time.sleep(max(0.0, until - time.monotonic()))
                with hooks.lock:
                    hooks.posts.append((self.path, body))
                self.send_response(hooks.status)
                self.end_headers()
                self.wfile.write(b"ok")

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def port(self) -> int:
        return int(self.server.server_address[1])

    def url(self, path: str) -> str:
        """The Apprise URL posting JSON to ``path`` here."""
        return f"json://127.0.0.1:{self.port}{path}"

    def __enter__(self) -> "Hooks":
        self.thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        for event in self.hold.values():
            event.set()
        self.server.shutdown()
        self.server.server_close()

    def at(self, path: str) -> list[dict[str, Any]]:
        """The JSON bodies posted to ``path``."""
        with self.lock:
            return [body for p, body in self.posts if p == path]

    async def wait(self, path: str, count: int = 1, timeout: float = 20.0) -> list[dict[str, Any]]:
        """Wait until ``count`` posts came to ``path``; returns them. Raises AssertionError after ``timeout``."""
        deadline = time.monotonic() + timeout
        while len(self.at(path)) < count:
            if time.monotonic() > deadline:
                raise AssertionError(f"{path} received {len(self.at(path))} post(s), not {count}, within {timeout}s; "
                                     f"all posts: {[p for p, _ in self.posts]}")
            await asyncio.sleep(0.05)
        return self.at(path)
