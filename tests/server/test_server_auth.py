"""Logging in to a real server: keys, invite codes, refusals that tell nothing, and the limits."""
from __future__ import annotations

import asyncio
from pathlib import Path

import asyncssh
import pytest

from server_helpers import CODE, Table, eventually, fast_limits, open_terminal, start_table


async def refused(table: Table, name: str, **kwargs: object) -> str:
    """Try to log in; assert it is refused; return how (the exception's type and message)."""
    with pytest.raises((asyncssh.PermissionDenied, asyncssh.DisconnectError, ConnectionError)) as caught:
        conn = await table.connect(name, **kwargs)  # type: ignore[arg-type]
        conn.close()
    return f"{type(caught.value).__name__}: {caught.value}".replace(f" for user {name} ", " for user <name> ")


async def test_the_gm_logs_in_first_with_the_invite_code_then_only_with_the_key(tmp_path: Path) -> None:
    table = await start_table(tmp_path / "data", players={})
    try:
        accounts = table.server.accounts
        code = accounts.invite("boss", role="gm")
        laptop = asyncssh.generate_private_key("ssh-ed25519")
        async with await table.connect("boss", key=laptop, code=code) as conn:
            result = await conn.run("games")
            assert result.exit_status == 0 and "war-1" in result.stdout, f"the new GM should list the games: {result.stdout}"
        assert accounts.get("boss").is_gm and len(accounts.get("boss").keys) == 1, "the key is registered"  # type: ignore[union-attr]
        async with await table.connect("boss", key=laptop) as conn:
            assert (await conn.run("accounts")).exit_status == 0, "from now on the key alone logs in"
        how = await refused(table, "boss", key=asyncssh.generate_private_key("ssh-ed25519"), code=code)
        assert "PermissionDenied" in how, f"the used code must not work again, not even with another key: {how}"
        assert len(accounts.get("boss").keys) == 1, "no second key may come in through a used code"  # type: ignore[union-attr]
    finally:
        await table.server.close()


async def test_a_player_registers_through_the_invite_in_a_password_prompt(table: Table) -> None:
    invite = await table.run("gm", f"invite {table.game_id} cy cyd")
    code = CODE.search(invite.stdout)
    assert invite.exit_status == 0 and code, f"the GM's invite should print a code: {invite.stdout}"
    async with await table.connect("cyd", password=code.group(0)) as conn:
        view = await conn.run("view")
    assert view.exit_status == 0 and "view of cy" in view.stdout, f"cyd should land in seat cy: {view.stdout[:300]}"
    async with await table.connect("cyd") as conn:
        assert (await conn.run("status")).exit_status == 0, "afterwards the key alone logs cyd in"


async def test_an_invite_without_a_proved_key_is_refused_and_stays_open(table: Table) -> None:
    code = table.server.accounts.invite("cyd", game=table.game_id, seat="cy")
    how = await refused(table, "cyd", key=False, code=code)
    assert "PermissionDenied" in how, f"a code alone (no key) must not log in while passwords are off: {how}"
    assert table.server.accounts.invite_open("cyd", code), "the refused attempt must not use the code up"


async def test_unknown_users_wrong_keys_and_wrong_or_used_codes_are_refused_alike(table: Table) -> None:
    stranger = asyncssh.generate_private_key("ssh-ed25519")
    code = table.server.accounts.invite("cyd", game=table.game_id, seat="cy")
    async with await table.connect("cyd", code=code):
        pass
    answers = {
        "unknown user": await refused(table, "nobody", key=stranger),
        "unknown user with a code": await refused(table, "nobody", key=stranger, code=code),
        "wrong key": await refused(table, "ann", key=stranger),
        "wrong code": await refused(table, "ann", key=stranger, code="AAAA-BBBB-CCCC-DDDD"),
        "used code": await refused(table, "cyd", key=stranger, code=code),
        "another's key": await refused(table, "bob", key=table.key("ann")),
    }
    assert len(set(answers.values())) == 1, f"every refusal must look the same, telling nothing: {answers}"


async def test_failed_logins_are_limited_per_account_and_address_and_a_key_still_gets_in(
        tmp_path: Path, server_log: pytest.LogCaptureFixture) -> None:
    table = await start_table(tmp_path / "data", limits=fast_limits(max_failures=3, failure_window=60), passwords=True)
    try:
        table.server.accounts.set_password("ann", "correct horse battery")
        for _ in range(3):
            await refused(table, "ann", key=False, password="guess-guess-guess")
        assert table.server.login_blocked("ann", "127.0.0.1"), "three failures should stop guesses for ann from here"
        how = await refused(table, "ann", key=False, password="correct horse battery")
        assert "PermissionDenied" in how or "Disconnect" in how, "once blocked, even the right password waits"
        assert "now refused for a while" in server_log.text, "the block is logged"
        async with await table.connect("ann") as conn:
            assert (await conn.run("status")).exit_status == 0, "a registered key always gets in"
        table.server.limiter.window = 0.0
        async with await table.connect("ann", key=False, password="correct horse battery") as conn:
            assert (await conn.run("status")).exit_status == 0, "once the failures are old, the password works again"
    finally:
        await table.server.close()


async def test_behind_one_nat_one_account_failing_never_locks_out_another(tmp_path: Path) -> None:
    """Players at a club share one address: mallory's ten failed guesses (and ten idle connections)
    must not keep bob out; bob's password and ann's key both still get in."""
    table = await start_table(tmp_path / "data", passwords=True,
                              limits=fast_limits(max_failures=3, failure_window=60, max_unauthenticated_per_address=3))
    try:
        table.server.accounts.set_password("bob", "bobs own long password")
        for _ in range(10):
            await refused(table, "mallory", key=False, password="guess-guess-guess")
            await refused(table, "ann", key=False, password="guess-guess-guess")
        assert table.server.login_blocked("mallory", "127.0.0.1") and table.server.login_blocked("ann", "127.0.0.1")
        assert not table.server.login_blocked("bob", "127.0.0.1"), "another account's failures block bob"
        idle = []
        for _ in range(10):
            _, writer = await asyncio.open_connection("127.0.0.1", table.port)
            idle.append(writer)
        await eventually(lambda: table.server.unauthenticated.get("127.0.0.1", 0) == 3,
                         "the server holds the cap of 3 idle connections waiting to log in")
        async with await table.connect("bob", key=False, password="bobs own long password") as conn:
            assert (await conn.run("status")).exit_status == 0, "bob's password gets in from the same address"
        async with await table.connect("ann") as conn:
            assert (await conn.run("status")).exit_status == 0, "ann's key gets in despite failed guesses for ann"
        assert table.server.unauthenticated.get("127.0.0.1", 0) <= 3, "idle connections pile up past the cap"
        for writer in idle:
            writer.close()
    finally:
        await table.server.close()


async def test_passwords_are_off_unless_the_host_turns_them_on(tmp_path: Path) -> None:
    table = await start_table(tmp_path / "off")
    try:
        table.server.accounts.set_password("ann", "correct horse battery")
        how = await refused(table, "ann", key=False, password="correct horse battery")
        assert "PermissionDenied" in how, "a right password must not work while passwords are off"
    finally:
        await table.server.close()
    table = await start_table(tmp_path / "on", passwords=True)
    try:
        table.server.accounts.set_password("ann", "correct horse battery")
        async with await table.connect("ann", key=False, password="correct horse battery") as conn:
            assert (await conn.run("status")).exit_status == 0, "with passwords on, the password logs in"
    finally:
        await table.server.close()


async def test_connections_per_account_are_limited(tmp_path: Path, server_log: pytest.LogCaptureFixture) -> None:
    table = await start_table(tmp_path / "data", limits=fast_limits(max_connections_per_account=2))
    try:
        first, second = await table.connect("ann"), await table.connect("ann")
        third = await table.connect("ann")
        result = await third.run("status")
        assert result.exit_status == 1 and "already has 2 connections" in result.stdout, result.stdout
        assert "over the limit of 2 connections" in server_log.text
        result = await (await table.connect("bob")).run("status")
        assert result.exit_status == 0, "another account is not affected"
        for conn in (first, second, third):
            conn.close()
    finally:
        await table.server.close()


async def test_sessions_per_connection_are_limited(tmp_path: Path) -> None:
    table = await start_table(tmp_path / "data", limits=fast_limits(max_sessions_per_connection=2))
    try:
        async with await table.connect("ann") as conn:
            held = [await conn.create_process("orders") for _ in range(2)]
            with pytest.raises(asyncssh.ChannelOpenError):
                await conn.create_process("orders")
            for process in held:
                process.stdin.write_eof()
                await process.wait()
            assert (await conn.run("status")).exit_status == 0, "closed sessions free their places"
    finally:
        await table.server.close()


async def test_connections_waiting_to_log_in_are_capped_and_the_oldest_makes_room(tmp_path: Path) -> None:
    table = await start_table(tmp_path / "data", limits=fast_limits(max_unauthenticated_per_address=2))
    try:
        idle = []
        for _ in range(2):
            reader, writer = await asyncio.open_connection("127.0.0.1", table.port)
            idle.append((reader, writer))
        await eventually(lambda: table.server.unauthenticated.get("127.0.0.1") == 2,
                         "the server counts both connections waiting to log in")
        async with await table.connect("ann") as conn:
            assert (await conn.run("status")).exit_status == 0, "idle half-open connections never keep a player out"
        oldest = idle[0][0]
        closed = await asyncio.wait_for(oldest.read(), 5)  # its banner then EOF, or EOF
        assert oldest.at_eof(), f"the oldest waiting connection should have been closed: {closed!r}"
        for _, writer in idle:
            writer.close()
    finally:
        await table.server.close()


async def test_an_idle_connection_is_closed(tmp_path: Path) -> None:
    # 5 s leaves room for the first frame on a loaded machine before the idle clock could run out
    table = await start_table(tmp_path / "data", limits=fast_limits(idle_timeout=5.0))
    try:
        terminal = await open_terminal(table, "ann")
        await terminal.wait_for("al \\(GAR\\)")
        terminal.type("b")  # input keeps it alive
        await terminal.wait_for("no input for 5 seconds; disconnected", timeout=12)
        await asyncio.wait_for(terminal.session.closed.wait(), 5)
        assert not terminal.screen.alternate, "the client's terminal is given back (the alternate screen left)"
        async with await table.connect("bob") as conn:
            assert (await conn.run("status")).exit_status == 0, "the server goes on"
    finally:
        await table.server.close()


async def test_no_forwarding_no_sftp_no_agent_no_x11(table: Table, server_log: pytest.LogCaptureFixture) -> None:
    async with await table.connect("ann") as conn:
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.open_connection("127.0.0.1", table.port)
        with pytest.raises(asyncssh.ChannelListenError):
            await conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", 9)
        with pytest.raises((asyncssh.SFTPError, asyncssh.ChannelOpenError, asyncssh.ProcessError, OSError)):
            async with conn.start_sftp_client():
                pass
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.create_process(subsystem="sftp")
        result = await conn.run("ls /; cat /etc/passwd")
        assert result.exit_status == 1 and "root:" not in result.stdout, "no shell: only the console language"
    assert "refused port forwarding" in server_log.text and "refused subsystem" in server_log.text

async def test_agent_forwarding_is_refused(table: Table, tmp_path: Path) -> None:
    async def quiet_agent(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        # an SSH agent holding no keys: every request is answered "no identities" (or failure)
        try:
            while True:
                size = int.from_bytes(await reader.readexactly(4), "big")
                kind = (await reader.readexactly(size))[0]
                writer.write(b"\x00\x00\x00\x05\x0c\x00\x00\x00\x00" if kind == 11 else b"\x00\x00\x00\x01\x05")
                await writer.drain()
        except (asyncio.IncompleteReadError, ConnectionError):
            writer.close()

    agent = await asyncio.start_unix_server(quiet_agent, str(tmp_path / "agent.sock"))
    try:
        async with await table.connect("ann", agent_forwarding=True, agent_path=str(tmp_path / "agent.sock")) as conn:
            process = await conn.create_process("orders")
            await eventually(lambda: any(c.sessions for c in table.server.connections), "the server opens the session")
            sessions = [s for c in table.server.connections for s in c.sessions]
            assert sessions and all(s.chan.get_agent_path() is None for s in sessions), \
                "the server must not accept the client's agent"
            process.stdin.write_eof()
            await process.wait()
    finally:
        agent.close()


async def test_the_host_key_fingerprint_is_what_the_client_sees(table: Table) -> None:
    assert table.server.host_key is not None
    known = ([table.server.host_key.convert_to_public()], [], [])
    async with await table.connect("ann", known_hosts=known) as conn:
        seen = conn.get_server_host_key()
        assert seen is not None and seen.get_fingerprint("sha256") == table.server.fingerprint


class ChoosePassword(asyncssh.SSHClient):
    """A client without keys: the invite code, then a new password twice."""

    def __init__(self, code: str, password: str) -> None:
        self.answers = [[code], [password, password]]

    def kbdint_auth_requested(self) -> str:
        return ""

    def kbdint_challenge_received(self, name: str, instructions: str, lang: str, prompts: object) -> list[str] | None:
        return self.answers.pop(0) if self.answers else None


async def test_with_passwords_on_an_invite_without_a_key_chooses_a_password(tmp_path: Path) -> None:
    table = await start_table(tmp_path / "data", passwords=True)
    try:
        code = table.server.accounts.invite("cyd", game=table.game_id, seat="cy")
        async with await table.connect("cyd", key=False, client_factory=lambda: ChoosePassword(code, "twelve chars!!"),
                                       preferred_auth="keyboard-interactive") as conn:
            assert "view of cy" in (await conn.run("view")).stdout
        assert not table.server.accounts.invite_open("cyd", code), "the code is used up"
        async with await table.connect("cyd", key=False, password="twelve chars!!") as conn:
            assert (await conn.run("status")).exit_status == 0, "the chosen password logs in from then on"
        code = table.server.accounts.invite("dee", game=table.game_id, seat="di")
        how = await refused(table, "dee", key=False, client_factory=lambda: ChoosePassword(code, "short"),
                            preferred_auth="keyboard-interactive")
        assert "PermissionDenied" in how and table.server.accounts.invite_open("dee", code), \
            "a too short password is refused and the code stays open"
    finally:
        await table.server.close()
