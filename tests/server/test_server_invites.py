"""Invites made before a player's first login (issue 30, point 4): the first login gives every seat
waiting for the account and retires the other codes; an unused code never lets another key in; a
second key needs the GM's approval; the GM is told when a key is added."""
from __future__ import annotations

import asyncssh
import pytest

from server_helpers import CODE, Table


async def refused(table: Table, name: str, **kwargs: object) -> str:
    with pytest.raises((asyncssh.PermissionDenied, asyncssh.DisconnectError, ConnectionError)) as caught:
        conn = await table.connect(name, **kwargs)  # type: ignore[arg-type]
        conn.close()
    return type(caught.value).__name__


async def test_two_invites_before_the_first_login_give_both_seats_and_retire_the_other_code(table: Table) -> None:
    made = await table.run("gm", "new raw id=war-2 seed=i reproducible=yes seats=al:GAR,bo:CIS,cy:GAR:bot,di:CIS:bot "
                                 "min_players=2")
    assert made.exit_status == 0, made.stdout
    first = CODE.search((await table.run("gm", f"invite {table.game_id} cy ann2")).stdout)
    second = CODE.search((await table.run("gm", "invite war-2 al ann2")).stdout)
    assert first and second, "each invite prints a code"
    laptop = asyncssh.generate_private_key("ssh-ed25519")
    async with await table.connect("ann2", key=laptop, code=first.group(0)) as conn:
        games = await conn.run("games")
    assert f"{table.game_id} seat cy" in games.stdout and "war-2 seat al" in games.stdout, \
        f"every seat waiting for the account is hers at the first login: {games.stdout}"
    stranger = asyncssh.generate_private_key("ssh-ed25519")
    how = await refused(table, "ann2", key=stranger, code=second.group(0))
    assert how in ("PermissionDenied", "DisconnectError"), how
    account = table.server.accounts.get("ann2")
    assert account is not None and len(account.keys) == 1, "the unused code let another key into the account"
    listing = await table.run("gm", "accounts")
    assert "NEW: a key was added to ann2's account" in listing.stdout, f"the GM is told: {listing.stdout}"
    again = await table.run("gm", "accounts")
    assert "NEW:" not in again.stdout, "a notice is shown once"


async def test_a_second_key_needs_the_gms_approval(table: Table) -> None:
    code = CODE.search((await table.run("gm", f"invite {table.game_id} cy cyd")).stdout)
    assert code
    async with await table.connect("cyd", code=code.group(0)) as conn:
        assert (await conn.run("status")).exit_status == 0
    await table.run("gm", "accounts")  # the first key's notice read
    approved = await table.run("gm", "invite key cyd")
    second = CODE.search(approved.stdout)
    assert approved.exit_status == 0 and second, approved.stdout
    phone = asyncssh.generate_private_key("ssh-ed25519")
    async with await table.connect("cyd", key=phone, code=second.group(0)) as conn:
        assert (await conn.run("status")).exit_status == 0, "the approved code adds the second key"
    assert len(table.server.accounts.get("cyd").keys) == 2  # type: ignore[union-attr]
    listing = await table.run("gm", "accounts")
    assert "NEW: a key was added to cyd's account" in listing.stdout, listing.stdout
