"""Notification channels: Apprise URLs, kept with the server's accounts, never shown.

A channel is one Apprise URL (``discord://<webhook id>/<token>``, ``mailto://user:pass@example.com``,
``ntfy://topic``, ``json://host/path`` ...). A player's channel belongs to their account and hears
the kinds they choose (:data:`KINDS`); a game's public channel, set by the GM, belongs to the game
and hears what the public may know. Channels live in the ``channels`` table of the server's account
store (``<data>/server/accounts.json``, mode 0600, written atomically): the URL is a secret (a
webhook token, a mail password), so it is shown nowhere, only its scheme (:func:`redact`:
``discord://***``), and every error text that mentions it is scrubbed first (:func:`scrub`).

What a channel may point at is checked when it is added (:func:`check_url`): Apprise must know the
URL, a service that writes on the server's own machine (its desktop, syslog) is refused, and so is
an address of the server's own machine or network (loopback, private, link-local) unless the
server allows local targets (``holotable serve --notify-local``, for a mail relay or a Matrix
homeserver on the same network).
"""
from __future__ import annotations

import ipaddress
import re
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from core.errors import HolotableError

#: what a player's channel may hear, in the order ``notify list`` shows them
KINDS: dict[str, str] = {
    "due": "my post or my orders are due",
    "resolved": "the turn resolved",
    "report": "with the turn resolved, my own turn report (sent to the service: your choice)",
    "deadline": "the deadline is in one hour and I have no orders",
    "messages": "the GM or my team wrote to me",
}
DEFAULT_KINDS = ("due", "resolved", "deadline", "messages")  # the report only when asked for
PUBLIC = "public"  # the kind a game's public channel hears
MAX_CHANNELS = 5  # per account
MAX_URL = 2000
#: services that act on the server's own machine, never a player's
LOCAL_SCHEMES = {"dbus", "kde", "qt", "glib", "gnome", "macosx", "windows", "syslog", "blink1", "file", "kodi",
                 "xbmc"}
LOCAL_NAMES = re.compile(r"^(localhost|.*\.localhost|.*\.local|.*\.internal|ip6-localhost|ip6-loopback)$", re.I)


class ChannelError(HolotableError):
    """A channel was refused or not found; the message says why and what would do (never the URL)."""


def scheme_of(url: str) -> str:
    """The scheme of ``url`` (``discord``), lower-cased; ``?`` when it has none."""
    match = re.match(r"\s*([A-Za-z][A-Za-z0-9+.-]{0,31})://", url or "")
    return match.group(1).lower() if match else "?"


def redact(url: str) -> str:
    """What may be shown of a channel's URL: its scheme only (``discord://***``)."""
    return f"{scheme_of(url)}://***"


def secrets_of(url: str) -> list[str]:
    """The parts of ``url`` that may be secret (every run of 3 or more characters after the scheme
    that is not a plain word of a URL), longest first, for :func:`scrub`."""
    rest = url.split("://", 1)[1] if "://" in url else url
    parts = {rest, *re.split(r"[/:@?&=#,;+\s]+", rest)}
    from urllib.parse import unquote
    parts |= {unquote(p) for p in parts}
    plain = {"http", "https", "www", "com", "org", "net", "api", "webhooks", "webhook", "true", "false", "yes", "no"}
    return sorted((p for p in parts if len(p) >= 3 and p.lower() not in plain), key=len, reverse=True)


def scrub(text: str, url: str) -> str:
    """``text`` with every part of ``url`` that may be secret replaced by ``***`` (and the URL itself
    by its redacted form)."""
    out = str(text).replace(url, redact(url))
    for part in secrets_of(url):
        out = out.replace(part, "***")
    return out


def _local_host(host: str) -> bool:
    host = host.strip("[]").lower()
    if not host:
        return False
    if LOCAL_NAMES.match(host):
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    return (address.is_loopback or address.is_private or address.is_link_local or address.is_reserved
            or address.is_unspecified or address.is_multicast)


def check_url(url: str, allow_local: bool = False) -> str:
    """``url`` stripped, if Apprise can deliver to it from this server.

    Raises ChannelError (naming only the scheme) for a URL Apprise does not know, a service on the
    server's own machine, or (unless ``allow_local``) an address of the server's machine or network.
    """
    import apprise
    url = (url or "").strip()
    shown = redact(url)
    if not url or len(url) > MAX_URL or any(ch.isspace() for ch in url):
        raise ChannelError(f"a channel is one Apprise URL without spaces, at most {MAX_URL} characters, e.g. "
                           "discord://<webhook id>/<token> or mailtos://user:password@example.com")
    if scheme_of(url) in LOCAL_SCHEMES:
        raise ChannelError(f"{shown}: that service acts on the server's own machine; use one that reaches you "
                           "(discord, mailto, matrix, ntfy, telegram, slack, json ...)")
    plugin = apprise.Apprise.instantiate(url, asset=asset(), suppress_exceptions=True)
    if plugin is None:
        raise ChannelError(f"{shown}: Apprise cannot use this URL (unknown service or a part missing); see "
                           "https://github.com/caronc/apprise/wiki for the form of each service's URL")
    if not allow_local:
        hosts = [str(getattr(plugin, name, "") or "") for name in ("host", "smtp_host")]
        if any(_local_host(h) for h in hosts):
            raise ChannelError(f"{shown}: points at this server's own machine or network; the server does not "
                               "send there (its host may allow it with `holotable serve --notify-local`)")
    return url


def preload() -> None:
    """Load Apprise's plugins now (about two seconds, once per process), not at the first ``notify add``."""
    import apprise
    apprise.Apprise.instantiate("json://example.com", asset=asset(), suppress_exceptions=True)


def asset() -> Any:
    """The Apprise asset of the server: named holotable, nothing kept on disk, no threads of its own."""
    import apprise
    return apprise.AppriseAsset(app_id="holotable", app_desc="holotable war room", storage_mode="memory",
                                async_mode=False, secure_logging=True)


@dataclass
class Channel:
    """One channel as stored, with how its deliveries went (in memory; the last error also on disk)."""

    id: int
    url: str
    owner: str | None  # the account, or None for a game's public channel
    game: str | None  # the game of a public channel
    hears: tuple[str, ...]
    created: float
    last_error: str | None = None
    last_error_at: float | None = None
    last_sent_at: float | None = None
    sent: int = 0
    failed: int = 0
    pending: int = 0
    dropped: int = 0
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def shown(self) -> str:
        """The channel as it may be shown: ``discord://***``."""
        return redact(self.url)

    def hears_kind(self, kind: str) -> bool:
        """Whether the channel hears ``kind``."""
        return kind in self.hears


class ChannelStore:
    """The channels of one server, in the ``channels`` table of its account store (a TinyDB), with a
    copy in memory so that deciding who hears an event never reads the file.

    Every change is on disk before the method returns; delivery counts stay in memory, the last
    error of a channel is kept on disk too (it survives a restart).
    """

    def __init__(self, db: Any, clock: Callable[[], float] = time.time) -> None:
        self.table = db.table("channels")
        self.clock = clock
        self._all: dict[int, Channel] = {}
        for doc in self.table.all():
            self._all[doc.doc_id] = Channel(doc.doc_id, str(doc["url"]), doc.get("owner"), doc.get("game"),
                                            tuple(doc.get("hears") or ()), float(doc.get("created", 0.0)),
                                            doc.get("last_error"), doc.get("last_error_at"))

    def get(self, channel_id: int) -> Channel | None:
        """The channel ``channel_id``, or None."""
        return self._all.get(channel_id)

    def of(self, owner: str) -> list[Channel]:
        """The channels of account ``owner``, oldest first."""
        return [c for c in self._all.values() if c.owner == owner]

    def of_game(self, game: str) -> Channel | None:
        """The public channel of ``game``, or None."""
        return next((c for c in self._all.values() if c.owner is None and c.game == game), None)

    def everything(self) -> list[Channel]:
        """Every channel."""
        return list(self._all.values())

    def add(self, owner: str, url: str, hears: tuple[str, ...] = DEFAULT_KINDS) -> Channel:
        """Keep a new channel of account ``owner``. Raises ChannelError when it has MAX_CHANNELS already."""
        if len(self.of(owner)) >= MAX_CHANNELS:
            raise ChannelError(f"you have {MAX_CHANNELS} channels already; `notify remove <n>` one first")
        now = self.clock()
        doc_id = self.table.insert({"owner": owner, "game": None, "url": url, "hears": list(hears), "created": now})
        channel = self._all[doc_id] = Channel(doc_id, url, owner, None, tuple(hears), now)
        return channel

    def set_public(self, game: str, url: str | None) -> Channel | None:
        """Set (or with None, remove) the public channel of ``game``; returns the new one."""
        old = self.of_game(game)
        if old is not None:
            self.remove(old.id)
        if url is None:
            return None
        now = self.clock()
        doc_id = self.table.insert({"owner": None, "game": game, "url": url, "hears": [PUBLIC], "created": now})
        channel = self._all[doc_id] = Channel(doc_id, url, None, game, (PUBLIC,), now)
        return channel

    def remove(self, channel_id: int) -> None:
        """Forget channel ``channel_id`` (nothing more is sent to it)."""
        if self._all.pop(channel_id, None) is not None:
            self.table.remove(doc_ids=[channel_id])

    def hear(self, channel_id: int, hears: tuple[str, ...]) -> None:
        """Set what channel ``channel_id`` hears."""
        channel = self._all[channel_id]
        channel.hears = tuple(hears)
        self.table.update({"hears": list(hears)}, doc_ids=[channel_id])

    def delivered(self, channel_id: int, error: str | None) -> None:
        """Record how a delivery ended (``error`` None: sent). The error is kept on disk when it changes."""
        channel = self._all.get(channel_id)
        if channel is None:
            return
        now = self.clock()
        if error is None:
            channel.sent += 1
            channel.last_sent_at = now
        else:
            channel.failed += 1
        if error != channel.last_error:
            channel.last_error = error
            channel.last_error_at = None if error is None else now
            self.table.update({"last_error": error, "last_error_at": channel.last_error_at}, doc_ids=[channel_id])


def parse_kinds(words: list[str]) -> tuple[str, ...]:
    """The kinds named in ``words`` (``due resolved``, ``due,report``, ``all``, ``none``), in KINDS order.

    Raises ChannelError naming an unknown kind and listing the kinds.
    """
    named: set[str] = set()
    for word in ",".join(words).replace(" ", ",").split(","):
        word = word.strip().lower()
        if not word:
            continue
        if word == "all":
            named |= set(KINDS)
        elif word == "none":
            continue
        elif word in KINDS:
            named.add(word)
        else:
            raise ChannelError(f"{word!r} is not something to hear; say any of: "
                               + ", ".join(KINDS) + " (or all, none)")
    return tuple(k for k in KINDS if k in named)
