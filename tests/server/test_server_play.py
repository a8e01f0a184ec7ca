"""Playing over SSH with real clients: two players and the GM at once (asyncssh clients and the
OpenSSH client in tmux), each asserting what their screen shows and does not show."""
from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from server_helpers import Table, Tmux, eventually, have_openssh, open_terminal, openssh_files

ANN_ORDER = "build Coruscant GF"
BOB_ORDER = "build Serenno GF"


class Transcript:
    """Everything one asyncssh terminal received, to check what never reached it."""

    def __init__(self, terminal) -> None:  # type: ignore[no-untyped-def]
        self.chunks: list[str] = []
        original = terminal.session.data_received

        def keep(data, datatype):  # type: ignore[no-untyped-def]
            self.chunks.append(data.decode("utf-8", "replace"))
            original(data, datatype)
        terminal.session.data_received = keep

    def __contains__(self, text: str) -> bool:
        return text in "".join(self.chunks)


@pytest.mark.skipif(not have_openssh(), reason="the OpenSSH client and tmux are needed")
async def test_two_players_and_the_gm_at_once(table: Table, tmp_path: Path) -> None:
    ann = await open_terminal(table, "ann", 120, 40)
    ann_seen = Transcript(ann)
    gm = await open_terminal(table, "gm", 130, 44)
    bob = Tmux(120, 40)
    bob.start(["ssh", *openssh_files(table, "bob", tmp_path / "ssh"), "-t", "bob@127.0.0.1"])
    try:
        await ann.wait_for(r"al \(GAR\).*waiting: al bo")
        await bob.wait_for(r"bo \(CIS\).*waiting: al bo")
        tiles = await gm.wait_for(r"1 al \(GAR\)[\s\S]*2 bo \(CIS\)")
        assert "2 of 4 ready" in tiles and "player: ann" in tiles and "player: bob" in tiles, \
            f"the GM's tiles should show every seat and who plays it:\n{tiles}"
        assert "GAR" in ann.text() and "bo (CIS)" not in ann.text(), "ann's screen is al's, not bo's"

        bob.type(BOB_ORDER)
        bob.keys("Enter")
        await bob.wait_for(r"1\. " + BOB_ORDER)
        tiles = await gm.wait_for(r"1\. " + BOB_ORDER)
        bob.keys("C-r")
        await ann.wait_for(r"ready: bo cy di")
        tiles = await gm.wait_for(r"3 of 4 ready")
        assert BOB_ORDER in tiles, "the GM's tile of bo shows bo's sheet"
        assert BOB_ORDER not in ann_seen, "bob's order must never reach ann's terminal"
        assert "bo (CIS)" not in ann.text() and "view of bo" not in ann.text()

        ann.type(ANN_ORDER + "\r")
        await ann.wait_for(r"1\. " + ANN_ORDER)
        await gm.wait_for(r"1\. " + ANN_ORDER)
        assert ANN_ORDER not in bob.text(), "ann's order must not show on bob's screen"
        bells = ann.screen.bells
        ann.type("\x12")  # Ctrl+R: ready; everyone is ready, the turn resolves
        await ann.wait_for(r"Report for al")
        await bob.wait_for(r"Report for bo")
        await gm.wait_for(r"turn 2")
        assert ann.screen.bells > bells, "the turn's report comes with a bell"
        assert table.session.turn == 2
    finally:
        bob.stop()
        await ann.close()
        await gm.close()


async def test_the_gm_views_the_game_as_any_seat(table: Table) -> None:
    await table.run("bob", "orders", input=BOB_ORDER + "\n")
    gm = await open_terminal(table, "gm", 130, 44)
    try:
        await gm.wait_for(r"2 bo \(CIS\)")
        gm.type("\x1b[14~")  # F4: to the tiles
        await gm.settle()
        gm.type("\t")  # the second tile (bo)
        await gm.settle()
        gm.type("\r")  # Enter: view as bo
        screen = await gm.wait_for(r"bo \(CIS\)\s+·\s+(\d+ of \d+ ready\s+·\s+)?waiting")
        assert "1. " + BOB_ORDER in screen, f"the enlarged view is bo's own war room:\n{screen}"
        gm.type("\x02")  # Ctrl+B: back to the tiles
        await gm.wait_for(r"1 al \(GAR\) waiting")
        gm.type("\x1b[13~")  # F3: the command line
        await gm.settle()  # (keys typed ahead of a focus change go to the old focus, as in any Textual app)
        gm.type("roll 2d6 for the boarding action\r")
        await gm.wait_for(r"GM roll: for the boarding action")
        gm.type("say public hold the line\r")
        await gm.wait_for(r"\[public\].*hold the line")
        result = await table.run("ann", "messages")
        assert "hold the line" in result.stdout, "the GM's message reaches the players"
    finally:
        await gm.close()


async def test_reconnecting_resumes_where_the_player_was(table: Table) -> None:
    ann = await open_terminal(table, "ann")
    await ann.wait_for(r"al \(GAR\)")
    ann.type(ANN_ORDER + "\r")
    await ann.wait_for(r"1\. " + ANN_ORDER)
    ann.type("build Geono")  # half typed when the line drops
    await ann.wait_for(r"build Geono")
    ann.conn.abort()  # the connection drops mid-game
    await eventually(lambda: not [c for c in table.server.connections if c.account == "ann"],
                     "the server notices ann's connection dropped")
    assert [o["text"] for o in table.session.sheet("al")] == [ANN_ORDER], "the given order is kept"
    again = await open_terminal(table, "ann")
    try:
        screen = await again.wait_for(r"order › build Geono")
        assert "1. " + ANN_ORDER in screen, "the sheet is there again"
    finally:
        await again.close()


async def test_colours_follow_the_clients_terminal_and_resizes(table: Table) -> None:
    plain = await open_terminal(table, "ann", 100, 30, term_type="xterm")
    rich = await open_terminal(table, "bob", 100, 30, term_type="xterm-256color")
    plain_seen, rich_seen = Transcript(plain), Transcript(rich)
    try:
        await plain.wait_for(r"al \(GAR\)")
        await rich.wait_for(r"bo \(CIS\)")
        await plain.settle()
        assert "38;5;" not in plain_seen and "38;2;" not in plain_seen, "an xterm gets 16 colours only"
        assert "38;5;" in rich_seen, "an xterm-256color gets 256 colours"
        footer = [line for line in rich.text().splitlines() if "palette" in line][-1]
        rich.resize(140, 45)
        await rich.wait_for(r"palette")
        screen = await rich.wait_for(r"(?m)^.{130,}palette\s*$")  # the footer spans the wider window
        assert len(screen.splitlines()) == 45 and len(footer.rstrip()) <= 100
    finally:
        await plain.close()
        await rich.close()


async def test_a_stalled_client_cannot_grow_the_servers_memory(table: Table) -> None:
    stalled = await open_terminal(table, "ann", 150, 50, window=16 * 1024)
    await stalled.wait_for(r"al \(GAR\)")
    stalled.chan.pause_reading()  # the client stops reading; the server keeps drawing
    server_session = next(s for c in table.server.connections if c.account == "ann" for s in c.sessions)
    terminal, app = server_session.terminal, server_session.app
    for n in range(25):
        table.session.post("gm", "public", f"news {n} " + "x" * 200)
        app.refresh()  # a whole screen each time (about 20 kB at 150x50)
        await asyncio.sleep(0.02)
    await asyncio.sleep(0.3)
    buffered = server_session.chan.get_write_buffer_size()
    limit = table.server.limits.high_water
    assert terminal.dropped_frames > 0, "frames for a stalled client are dropped, not queued"
    assert buffered <= limit + 200_000, f"the output queued for a stalled client stays bounded: {buffered} bytes"
    bob = await open_terminal(table, "bob")
    try:
        await bob.wait_for(r"bo \(CIS\)")  # the others play on
        stalled.chan.resume_reading()
        await stalled.wait_for(r"✉ 25 unread", timeout=15)  # caught up: the whole screen is drawn again
    finally:
        await bob.close()
        await stalled.close()


async def test_a_failing_session_affects_no_one_else(table: Table, monkeypatch: pytest.MonkeyPatch,
                                                   server_log: pytest.LogCaptureFixture) -> None:
    from server.apps import PlayerApp
    original = PlayerApp.on_mount

    def broken(self, event):  # type: ignore[no-untyped-def]
        if self.account == "bob":
            raise RuntimeError("a bug in bob's session")
        return original(self, event)
    monkeypatch.setattr(PlayerApp, "on_mount", broken)
    ann = await open_terminal(table, "ann")
    bob = await open_terminal(table, "bob")
    try:
        await ann.wait_for(r"al \(GAR\)")
        screen = await bob.wait_for(r"internal error, the game is saved and unchanged; details in")
        log_file = table.server.log_path
        assert f"details in {str(log_file)[:30]}" in screen, f"the one line names the log file {log_file}:\n{screen}"
        assert "RuntimeError (message left out" in server_log.text and "in broken" in server_log.text, \
            "the log gets the type and the stack"
        assert "in broken" in log_file.read_text(), "the log file under the data directory has the details"
        assert "RuntimeError: a bug in bob's session" not in log_file.read_text(), "never an unexpected error's message (it may quote state)"
        assert "server-tests" not in log_file.read_text(), "the log file never holds a game's dice seed"
        assert "a bug in bob" not in bob.text(), "the player gets a short message, not the traceback"
        ann.type(ANN_ORDER + "\r")
        await ann.wait_for(r"1\. " + ANN_ORDER)
    finally:
        await ann.close()
        await bob.close()


async def test_a_client_dropping_mid_frame_affects_no_one_else(table: Table) -> None:
    ann = await open_terminal(table, "ann")
    bob = await open_terminal(table, "bob")
    await ann.wait_for(r"al \(GAR\)")
    await bob.wait_for(r"bo \(CIS\)")
    table.session.post("gm", "public", "a long message " * 50)
    bob.conn.abort()  # gone in the middle of drawing it
    table.session.post("gm", "public", "and another")
    ann.type(ANN_ORDER + "\r")
    try:
        await ann.wait_for(r"1\. " + ANN_ORDER)
        await eventually(lambda: not [c for c in table.server.connections if c.account == "bob"],
                         "bob's connection is cleaned up")
    finally:
        await ann.close()


async def test_a_player_with_several_games_picks_one(table: Table) -> None:
    made = await table.run("gm", "new raw id=war-2 seed=7 seats=al:GAR,bo:CIS,cy:GAR:bot,di:CIS:bot min_players=2")
    assert made.exit_status == 0
    await table.run("gm", "invite war-2 al ann")
    ann = await open_terminal(table, "ann")
    try:
        await ann.wait_for(r"which game")
        ann.type("\x1b[B\r")  # Down, Enter: the second game
        await ann.wait_for(r"al \(GAR\)")
        assert table.server.last_game["ann"] == "war-2"
    finally:
        await ann.close()


async def test_a_flooding_client_is_slowed_and_the_others_play_on(table: Table) -> None:
    from server.bridge import MAX_HEIGHT, MAX_WIDTH
    flood = await open_terminal(table, "ann", 50000, 50000)  # a gigantic window, too
    try:
        await flood.wait_for(r"al \(GAR\)")
        session = next(s for c in table.server.connections if c.account == "ann" for s in c.sessions)
        assert tuple(session.app.size) == (MAX_WIDTH, MAX_HEIGHT), "the window size is bounded"
        flood.chan.write(b"x" * 300_000)
        await asyncio.sleep(0.5)
        result = await table.run("bob", "status")
        assert result.exit_status == 0, "another player is served meanwhile"
        terminal = session.terminal
        assert terminal.reading_paused and terminal.chars_taken < 100_000, \
            f"the flood is taken slowly, the rest waits in SSH's flow control ({terminal.chars_taken} taken)"
    finally:
        await flood.close()


async def test_finished_sessions_leave_nothing_behind(table: Table) -> None:
    import gc
    import weakref
    listeners = len(table.session._listeners)
    apps = []
    for name in ("ann", "bob", "gm"):
        terminal = await open_terminal(table, name)
        await terminal.wait_for(r"\(GAR\)|\(CIS\)")
        session = next(s for c in table.server.connections if c.account == name for s in c.sessions)
        apps.append(weakref.ref(session.app))
        await terminal.close()
    for _ in range(50):
        if not table.server.connections:
            break
        await asyncio.sleep(0.05)
    await asyncio.sleep(0.2)
    table.server.gc.reclaim()  # finished apps are frozen with the rest until a reclaim (server/gcpolicy.py)
    gc.collect()
    assert len(table.session._listeners) == listeners, "every session stops listening to the game when it ends"
    alive = [ref() for ref in apps if ref() is not None]
    assert not alive, f"finished apps must be freed: {alive}"


@pytest.mark.skipif(not have_openssh(), reason="the OpenSSH client and tmux are needed")
async def test_openssh_first_login_types_the_invite_code_then_the_key_alone_works(table: Table, tmp_path: Path) -> None:
    code = table.server.accounts.invite("cyd", game=table.game_id, seat="cy")
    options = openssh_files(table, "cyd", tmp_path / "ssh")
    first = Tmux(120, 40)
    first.start(["ssh", *options, "-t", "cyd@127.0.0.1"])
    try:
        await first.wait_for(r"Invite code:")
        first.type(code.lower())  # typed as a person might: lower case
        first.keys("Enter")
        await first.wait_for(r"cy \(GAR\)")
    finally:
        first.stop()
    assert len(table.server.accounts.get("cyd").keys) == 1, "the key OpenSSH proved is registered"  # type: ignore[union-attr]
    from server_helpers import openssh_run
    status, out, err = await openssh_run(table, "cyd", tmp_path / "ssh", "status")
    assert status == 0 and "turn 1" in out, f"then the key alone logs in (no prompt in batch mode): {err}"


async def test_pasted_escape_sequences_never_reach_another_players_terminal(table: Table) -> None:
    ann = await open_terminal(table, "ann")
    bob = await open_terminal(table, "bob")
    bob_seen = Transcript(bob)
    try:
        await ann.wait_for(r"al \(GAR\)")
        await bob.wait_for(r"bo \(CIS\)")
        ann.type("\x1b[18~")  # F7: the message board, its line focused
        await ann.settle()
        ann.type("\x1b[200~hello \x1b]0;pwned\x07\x1b[2Jthere\x1b[201~")  # a bracketed paste
        await ann.settle()
        ann.type("\r")
        await bob.wait_for(r"✉ 1 unread")
        posted = table.session.record["messages"][-1]["text"]
        assert "\x1b" not in posted and "\x07" not in posted and "hello" in posted and "there" in posted, repr(posted)
        bob.type("\x1b[18~")
        await bob.wait_for(r"hello")
        assert "pwned" not in "".join(c for c in bob_seen.chunks if "\x1b]0;" in c), \
            "no escape sequence of ann's may reach bob's terminal"
    finally:
        await ann.close()
        await bob.close()
