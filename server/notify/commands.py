"""The ``notify`` commands over SSH (a command, the line console, the war room's Notifications screen).

A player::

    notify add <url> [<kinds>]     a channel of this account (an Apprise URL), hearing <kinds>
                                   (default: due resolved deadline messages; add `report` for your own report)
    notify list                    your channels (redacted: discord://***), what each hears, the last error
    notify hear [<n>] <kinds>      what channel n (or every channel) hears: due resolved report deadline
                                   messages, or all / none
    notify test [<n>]              a test notification to channel n (or every channel)
    notify remove <n>|all          forget a channel

The GM, for the game on show (``--game <id>``)::

    notify public <url>|off        the game's public channel (public turn report, deadline, who is awaited)
    notify test                    a test to the public channel
    notify list                    every game's public channel and every failing channel (redacted)
"""
from __future__ import annotations

import time
from typing import Any

from core.console import Answer, ConsoleError
from server.notify.channels import (DEFAULT_KINDS, KINDS, Channel, ChannelError, check_url, parse_kinds, redact)
from server.notify.notifier import Notifier
from tui.deadline import when_text

PLAYER_USAGE = """notify add <url> [<kinds>]   a channel (an Apprise URL: discord://..., mailtos://..., ntfy://...)
notify list                  your channels, what each hears, the last error
notify hear [<n>] <kinds>    what to hear: {kinds} (or all, none)
notify test [<n>]            send a test
notify remove <n>|all        forget a channel""".format(kinds=" ".join(KINDS))
GM_USAGE = """notify public <url>|off      the public channel of the game (--game <id>): turn reports, deadline, who is awaited
notify test                  a test to the game's public channel
notify list                  every public channel and every failing channel"""


def channel_line(channel: Channel, number: int | None = None) -> str:
    """``2. discord://*** hears due, resolved · 3 sent · last error (2026-12-01 20:00 UTC): ...``."""
    head = f"{number}. " if number is not None else ""
    state = [f"hears {', '.join(channel.hears) or 'nothing'}", f"{channel.sent} sent"]
    if channel.pending:
        state.append(f"{channel.pending} waiting")
    if channel.dropped:
        state.append(f"{channel.dropped} dropped")
    if channel.last_error:
        at = f" ({when_text(channel.last_error_at)})" if channel.last_error_at else ""
        state.append(f"last error{at}: {channel.last_error}")
    elif channel.last_sent_at:
        state.append(f"last sent {when_text(channel.last_sent_at)}")
    return f"{head}{channel.shown} " + " · ".join(state)


def channel_data(channel: Channel, number: int | None = None) -> dict[str, Any]:
    """A channel for JSON answers (never its URL)."""
    return {"n": number, "channel": channel.shown, "hears": list(channel.hears), "sent": channel.sent,
            "failed": channel.failed, "waiting": channel.pending, "dropped": channel.dropped,
            "last_error": channel.last_error, "last_error_at": channel.last_error_at,
            "last_sent_at": channel.last_sent_at}


def _numbered(notifier: Notifier, account: str) -> list[Channel]:
    return notifier.store.of(account)


def _pick(channels: list[Channel], word: str | None) -> list[Channel]:
    if word is None or word == "all":
        return channels
    if not word.isdigit() or not 1 <= int(word) <= len(channels):
        raise ChannelError(f"no channel {word!r}; yours are " + (", ".join(str(i) for i in range(1, len(channels) + 1))
                                                                  or "none yet (`notify add <url>`)"))
    return [channels[int(word) - 1]]


def player(notifier: Notifier, account: str, rest: str) -> Answer:
    """One ``notify ...`` command of a player. Raises ChannelError or ConsoleError with a readable message."""
    words = rest.split()
    verb = words[0].lower() if words else "list"
    args = words[1:]
    channels = _numbered(notifier, account)
    if verb in ("list", "ls"):
        lines = [channel_line(c, i) for i, c in enumerate(channels, 1)]
        text = "\n".join(lines) if lines else "no channels yet: `notify add <url>` (an Apprise URL)\n" + PLAYER_USAGE
        return Answer(True, "notify", text, {"channels": [channel_data(c, i) for i, c in enumerate(channels, 1)]})
    if verb == "add":
        if not args:
            raise ChannelError("usage: notify add <url> [<kinds>]; e.g. notify add discord://<webhook id>/<token>")
        url = check_url(args[0], notifier.allow_local)
        hears = parse_kinds(args[1:]) if args[1:] else DEFAULT_KINDS
        if any(c.url == url for c in channels):
            raise ChannelError(f"{redact(url)}: you have that channel already; `notify list`")
        channel = notifier.store.add(account, url, hears)
        number = len(channels) + 1
        return Answer(True, "notify", f"added {channel_line(channel, number)}\n`notify test {number}` sends a test",
                      {"channel": channel_data(channel, number)})
    if verb == "hear":
        target = args[0] if args and (args[0].isdigit()) else None
        kinds = parse_kinds(args[1:] if target else args)
        if not args or (target and not args[1:]):
            raise ChannelError("usage: notify hear [<n>] <kinds>; kinds: " + ", ".join(f"{k} ({v})" for k, v in KINDS.items()))
        chosen = _pick(channels, target)
        if not chosen:
            raise ChannelError("no channels yet: `notify add <url>` first")
        for channel in chosen:
            notifier.store.hear(channel.id, kinds)
        return Answer(True, "notify", "\n".join(channel_line(c, channels.index(c) + 1) for c in chosen),
                      {"channels": [channel_data(c, channels.index(c) + 1) for c in chosen]})
    if verb == "test":
        chosen = _pick(channels, args[0] if args else None)
        if not chosen:
            raise ChannelError("no channels yet: `notify add <url>` first")
        for channel in chosen:
            notifier.test(channel, account)
        return Answer(True, "notify", "a test is on its way to " + ", ".join(
            f"{channels.index(c) + 1}. {c.shown}" for c in chosen) + "; `notify list` says if it failed",
            {"tested": [channels.index(c) + 1 for c in chosen]})
    if verb in ("remove", "rm", "delete"):
        if not args:
            raise ChannelError("usage: notify remove <n>|all")
        chosen = _pick(channels, args[0])
        for channel in chosen:
            notifier.store.remove(channel.id)
        return Answer(True, "notify", f"removed {len(chosen)} channel{'s' if len(chosen) != 1 else ''}: "
                      + ", ".join(c.shown for c in chosen), {"removed": len(chosen)})
    if verb == "help":
        return Answer(True, "notify", PLAYER_USAGE)
    raise ConsoleError(f"notify {verb!r}? " + PLAYER_USAGE)


def gm(notifier: Notifier, account: str, game: str | None, rest: str) -> Answer:
    """One ``notify ...`` command of the GM for ``game`` (None: none chosen). Raises ChannelError or ConsoleError."""
    words = rest.split()
    verb = words[0].lower() if words else "list"
    args = words[1:]
    if verb in ("list", "ls"):
        return overview(notifier)
    if verb == "help":
        return Answer(True, "notify", GM_USAGE)
    if game is None:
        raise ConsoleError("say which game: notify ... --game <id>, or `game <id>` first")
    if verb == "public":
        if not args:
            channel = notifier.store.of_game(game)
            return Answer(True, "notify", f"{game}: " + (channel_line(channel) if channel else "no public channel"),
                          {"public": None if channel is None else channel_data(channel)})
        if args[0].lower() in ("off", "none", "remove"):
            notifier.store.set_public(game, None)
            return Answer(True, "notify", f"{game}: no public channel now", {"public": None})
        url = check_url(args[0], notifier.allow_local)
        channel = notifier.store.set_public(game, url)
        assert channel is not None
        return Answer(True, "notify", f"{game}: public channel {channel.shown}; it hears each turn's public report, "
                                      "the deadline and who is awaited. `notify test` sends a test",
                      {"public": channel_data(channel)})
    if verb == "test":
        channel = notifier.store.of_game(game)
        if channel is None:
            raise ChannelError(f"{game} has no public channel; `notify public <url>` sets one")
        notifier.test(channel, account)
        return Answer(True, "notify", f"a test is on its way to {game}'s public channel {channel.shown}", {})
    raise ConsoleError(f"notify {verb!r}? " + GM_USAGE)


def overview(notifier: Notifier) -> Answer:
    """Every public channel and every channel whose last delivery failed (redacted)."""
    lines = []
    rows = []
    for channel in sorted(notifier.store.everything(), key=lambda c: (c.owner is not None, c.game or "", c.owner or "")):
        if channel.owner is None or channel.last_error:
            who = f"public channel of {channel.game}" if channel.owner is None else f"{channel.owner}'s channel"
            lines.append(f"{who}: {channel_line(channel)}")
            rows.append({"who": who, **channel_data(channel)})
    return Answer(True, "notify", "\n".join(lines) or "no public channels and no failing channels",
                  {"channels": rows, "at": time.time()})
