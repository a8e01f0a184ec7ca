"""Notifications from a real server (issue 32): a player's e-mail through a real SMTP server, webhook
JSON through a real HTTP server, the GM's public channel, failures shown to the owner and the GM,
secrets kept, a stalled channel in nobody's way. Real asyncssh clients; nothing is mocked."""
from __future__ import annotations

import asyncio
import json
import os
import stat
import threading
from pathlib import Path
from typing import AsyncIterator

import pytest

from notify_helpers import Hooks, MailBox, text_of
from server_helpers import Table, start_table

SECRET = "T0KEN-s3cr3t-9f8e7d"


@pytest.fixture
async def table(tmp_path: Path) -> AsyncIterator[Table]:
    """The server tests' table, whose notifications may go to this machine (the receivers are local)."""
    import sys
    streams = sys.stdout, sys.stderr
    served = await start_table(tmp_path / "data")
    served.server.notifier.allow_local = True
    served.server.notifier.deliverer.backoff = 0.05
    try:
        yield served
    finally:
        await served.server.close()
        sys.stdout, sys.stderr = streams


async def delivered(table: Table) -> None:
    assert await table.server.notifier.deliverer.drained(30), "the notifications were not all sent within 30 s"


async def test_a_due_post_arrives_by_email_through_a_real_smtp_server(table: Table) -> None:
    with MailBox() as box:
        added = await table.run("ann", f"notify add {box.url('ann@example.com')} due")
        assert added.exit_status == 0, added.stdout
        assert "mailto://***" in added.stdout and "hears due" in added.stdout, added.stdout
        assert "127.0.0.1" not in added.stdout, f"the URL must never be shown: {added.stdout}"
        assert (await table.run("gm", "resolve")).exit_status == 0
        mails = await box.wait(1)
        mail = mails[0]
        assert mail["To"] == "ann@example.com", mail["To"]
        assert "your turn, al (turn 2)" in mail["Subject"], f"the subject should say al's orders are due: {mail['Subject']}"
        body = text_of(mail)
        assert table.session.view("al")["prompt"].split(":")[0] in body, f"the body should hold al's prompt: {body}"
        assert "ssh -p" in body and "ann@127.0.0.1" in body, f"the mail should say how to play: {body}"
        await delivered(table)
        assert len(box.messages) == 1, "ann hears only `due`: one mail for the resolution, not two"


async def test_webhook_json_for_a_message_and_the_public_channel(table: Table, server_log: pytest.LogCaptureFixture) -> None:
    with Hooks() as hooks:
        added = await table.run("bob", f"notify add {hooks.url('/bob/' + SECRET)} messages")
        assert added.exit_status == 0, added.stdout
        public = await table.run("gm", f"notify public {hooks.url('/public/' + SECRET)} --game war-1")
        assert public.exit_status == 0 and "json://***" in public.stdout, public.stdout
        assert (await table.run("gm", "say gm:bo Your fleet is late, bo.")).exit_status == 0
        posts = await hooks.wait(f"/bob/{SECRET}")
        assert posts[0]["title"].endswith("the GM wrote to you"), posts[0]
        assert posts[0]["message"] == "Your fleet is late, bo.", posts[0]
        assert (await table.run("gm", "say team:GAR Only for the Republic.")).exit_status == 0
        assert (await table.run("gm", "resolve")).exit_status == 0
        reports = await hooks.wait(f"/public/{SECRET}")
        report = reports[0]["message"]
        assert "turn 1 report, for the public" in report, f"the public channel gets the public report: {report}"
        assert "Still awaited: al, bo." in report, f"and who is awaited, by name: {report}"
        assert "Only for the Republic" not in report, "a team thread never reaches the public channel"
        await delivered(table)
        assert len(hooks.at(f"/bob/{SECRET}")) == 1, "bob hears only messages to him: not the GAR team's thread"
    listing = await table.run("bob", "notify list")
    assert "1. json://*** hears messages · 1 sent" in listing.stdout, listing.stdout
    assert SECRET not in server_log.text, "a channel's URL must never reach the server's log"
    assert SECRET not in listing.stdout and SECRET not in (await table.run("gm", "games")).stdout
    accounts = table.data_dir / "server" / "accounts.json"
    assert SECRET in accounts.read_text(), "the URL is kept in the account store"
    assert stat.S_IMODE(os.stat(accounts).st_mode) == 0o600, "the account store is private"
    exported = await table.run("gm", "export 1 public")
    assert exported.exit_status == 0 and SECRET not in exported.stdout


async def test_a_failing_channel_shows_its_error_to_its_owner_and_the_gm_without_secrets(table: Table) -> None:
    table.server.notifier.deliverer.attempts = 2
    url = f"json://127.0.0.1:1/{SECRET}"
    assert (await table.run("ann", f"notify add {url}")).exit_status == 0
    assert (await table.run("ann", "notify test")).exit_status == 0
    await delivered(table)
    listing = await table.run("ann", "notify list")
    assert "last error" in listing.stdout and "Connection error" in listing.stdout, listing.stdout
    overview = await table.run("gm", "games")
    assert "ann (al): channel json://*** failing" in overview.stdout, overview.stdout
    assert SECRET not in listing.stdout + overview.stdout
    answer = json.loads((await table.run("ann", "notify list --json")).stdout)
    assert answer["channels"][0]["last_error"] and answer["channels"][0]["failed"] == 2, answer


async def test_a_stalled_channel_holds_up_no_other(table: Table) -> None:
    with Hooks() as hooks:
        held = threading.Event()
        hooks.hold["/slow"] = held
        assert (await table.run("ann", f"notify add {hooks.url('/slow')}?rto=30")).exit_status == 0
        assert (await table.run("bob", f"notify add {hooks.url('/fast')}")).exit_status == 0
        assert (await table.run("ann", "notify test")).exit_status == 0
        await asyncio.sleep(0.3)  # ann's test is under way, and stuck
        assert (await table.run("bob", "notify test")).exit_status == 0
        await hooks.wait("/fast")
        assert hooks.at("/slow") == [], "the stalled service has not answered yet, and bob's was delivered"
        assert (await table.run("ann", "view")).exit_status == 0, "the server answers meanwhile"
        held.set()
        await hooks.wait("/slow")


async def test_the_deadline_in_one_hour_reaches_a_seat_without_orders_and_the_public(table: Table) -> None:
    with Hooks() as hooks:
        assert (await table.run("ann", f"notify add {hooks.url('/ann')} deadline")).exit_status == 0
        assert (await table.run("bob", f"notify add {hooks.url('/bob')} deadline")).exit_status == 0
        assert (await table.run("gm", f"notify public {hooks.url('/public')}")).exit_status == 0
        assert (await table.run("bob", "build Serenno DHO")).exit_status == 0
        assert (await table.run("gm", "deadline +50m")).exit_status == 0
        table.server.notifier.tick()
        table.server.notifier.tick()  # once per turn and deadline
        await delivered(table)
        ann = hooks.at("/ann")
        assert len(ann) == 1 and "You have sent no orders for turn 1" in ann[0]["message"], ann
        assert hooks.at("/bob") == [], "bob has orders: no reminder"
        public = hooks.at("/public")
        assert len(public) == 2 and "Still awaited: al, bo." in public[-1]["message"], public


async def test_bad_channels_are_refused_and_nothing_is_kept(table: Table) -> None:
    table.server.notifier.allow_local = False
    for command, why in [("notify add nonsense", "Apprise cannot use this URL"),
                         ("notify add dbus://", "acts on the server's own machine"),
                         (f"notify add json://127.0.0.1:9/{SECRET}", "this server's own machine or network"),
                         ("notify add json://example.com/x loud", "'loud' is not something to hear"),
                         ("notify remove 3", "no channel '3'"),
                         ("notify frobnicate", "notify 'frobnicate'?")]:
        result = await table.run("ann", command)
        assert result.exit_status == 1 and why in result.stdout, f"`{command}` should be refused ({why}): {result.stdout}"
        assert SECRET not in result.stdout
    assert table.server.notifier.store.of("ann") == [], "nothing refused is kept"
    assert (await table.run("ann", "notify add json://example.com/x due report")).exit_status == 0
    hear = await table.run("ann", "notify hear 1 all")
    assert "hears due, resolved, report, deadline, messages" in hear.stdout, hear.stdout
    assert (await table.run("ann", "notify remove 1")).exit_status == 0
    assert table.server.notifier.store.of("ann") == []
    assert (await table.run("bob", "notify public json://example.com/x")).exit_status == 1, "players set no public channel"


async def test_the_war_rooms_menu_has_a_notifications_screen(table: Table) -> None:
    from server_helpers import open_terminal
    with Hooks() as hooks:
        terminal = await open_terminal(table, "ann")
        try:
            await terminal.wait_for("order ›")
            terminal.type("\x10")  # Ctrl+P: the menu
            await terminal.wait_for("Search")
            terminal.type("Notifications")
            await terminal.wait_for("where you are told")
            terminal.type("\r")
            await terminal.wait_for("Notifications of ann")
            await terminal.wait_for("no channels yet")
            terminal.type(f"add {hooks.url('/ann/' + SECRET)} due messages\r")
            screen = await terminal.wait_for(r"1\. json://\*\*\* hears due, messages")
            assert SECRET not in screen, "the URL is never drawn, not even to its owner"
            terminal.type("test 1\r")
            await hooks.wait(f"/ann/{SECRET}")
            await terminal.wait_for("1 sent")
            terminal.type("hear 1 loud\r")
            await terminal.wait_for("'loud' is not something to hear")
            terminal.type("\x1b")
            await terminal.wait_for("order ›")
        finally:
            await terminal.close()
    assert [c.hears for c in table.server.notifier.store.of("ann")] == [("due", "messages")]


def test_every_part_of_a_url_that_may_be_secret_is_scrubbed_from_an_error() -> None:
    from server.notify.channels import redact, scrub
    url = f"mailtos://ann:{SECRET}@mail.example.org:587?to=ann%40example.org&from=bot@example.org"
    said = f"SMTP login failed for ann:{SECRET} at mail.example.org (url {url}); to ann@example.org"
    clean = scrub(said, url)
    assert SECRET not in clean and "mail.example.org" not in clean and "ann@example.org" not in clean, clean
    assert "SMTP login failed" in clean, f"the error itself stays readable: {clean}"
    assert redact(url) == "mailtos://***" and redact("nonsense") == "?://***"
