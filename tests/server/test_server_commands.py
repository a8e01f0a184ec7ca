"""The line console's language as SSH commands: a player acts for their own seat only and sees only
their own view; the GM has the whole language and the server's own commands."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from server_helpers import CODE, Table, have_openssh, openssh_run, start_table


async def test_a_players_view_is_their_seats_own_and_nothing_more(table: Table) -> None:
    result = await table.run("ann", "view --json")
    assert result.exit_status == 0, result.stdout
    answer = json.loads(result.stdout)
    assert answer["ok"] and answer["view"]["viewer"] == "al", f"ann's view should be seat al's: {answer.get('view', {}).get('viewer')}"
    expected = json.loads(json.dumps(table.session.view("al"), default=str))
    edge = {key: answer["view"].pop(key) for key in ("deadline_at", "deadline_seconds_left", "deadline_rule")}
    assert answer["view"] == expected, "the view over SSH should be exactly session.view('al') (plus the deadline)"
    assert edge["deadline_at"] is None and edge["deadline_seconds_left"] is None and "no deadline" in edge["deadline_rule"]
    assert "state" not in answer and "server-tests" not in result.stdout, "the state (and its dice seed) must never be sent"


async def test_a_player_cannot_see_another_seat_or_use_gm_commands(table: Table, server_log: pytest.LogCaptureFixture) -> None:
    before = table.session.to_json()
    for command, why in [("view bo", "your own seat"), ("log gm", "your own seat"), ("sheet bo", "your own seat"),
                         ("report bo", "your own seat"), ("report public", "your own seat"),
                         ("messages bo", "your own seat"), ("resolve", "the GM's command"),
                         ("roll 2d6 luck", "the GM's command"), ("correct turn 9 why", "the GM's command"),
                         ("bot bo", "the GM's command"), ("invite war-1 bo", "the GM's command"),
                         ("deadline +1h", "the GM's command"), ("save /tmp/x.json", "the GM's command"),
                         ("accounts", "the GM's command")]:
        result = await table.run("ann", command)
        assert result.exit_status == 1 and why in result.stdout, f"`{command}` should be refused ({why}): {result.stdout}"
        assert f"refused ann (from 127.0.0.1): {command.split()[0]}" in server_log.text, f"`{command}` should be logged"
    assert table.session.to_json() == before, "refused commands must change nothing"


async def test_a_player_reads_their_own_turn_report(table: Table) -> None:
    result = await table.run("ann", "report 1")
    assert result.exit_status == 0 and "turn 1 report for al" in result.stdout, result.stdout
    gm = await table.run("gm", "report public 1")
    assert gm.exit_status == 0 and "turn 1 report for the public" in gm.stdout, gm.stdout


async def test_a_player_cannot_order_for_another_seat(tmp_path: Path, server_log: pytest.LogCaptureFixture) -> None:
    seats = [("al", "GAR"), ("bo", "CIS"), ("cy", "GAR"), ("di", "CIS", True)]
    table = await start_table(tmp_path / "data", seats=seats, players={"ann": "al", "bob": "bo", "cyd": "cy"})
    try:
        sheet = "build Coruscant GF"
        for command in (f"for bo {sheet}", f"as bo {sheet}", f"for cy {sheet}"):
            result = await table.run("ann", command)
            assert result.exit_status == 1 and "may not order for" in result.stdout, f"`{command}`: {result.stdout}"
        assert "refused ann (from 127.0.0.1): order -- al may not order for bo" in server_log.text
        assert table.session.sheet("bo") == [] and table.session.sheet("cy") == [], "no order may reach another seat"
        # the Grand Admiral rule (RAW-TEAM-05): al is GAR's Grand Admiral and may order for cy once cy is away
        assert (await table.run("cyd", "away")).exit_status == 0
        result = await table.run("ann", "for cy build Kuat GF")
        assert result.exit_status == 0 and "cy: accepted" in result.stdout, f"the Grand Admiral may order for an away teammate: {result.stdout}"
        assert [o["text"] for o in table.session.sheet("cy")] == ["build Kuat GF"]
        result = await table.run("bob", "for cy build Kuat GF")
        assert result.exit_status == 1, "a player of the other team never may"
    finally:
        await table.server.close()


async def test_orders_from_standard_input_then_ready(table: Table) -> None:
    orders = "# turn 1\nbuild Coruscant Vc1\n\nstance free\n"
    result = await table.run("ann", "orders", input=orders)
    assert result.exit_status == 0, f"both orders should be accepted: {result.stdout}"
    assert [o["text"] for o in table.session.sheet("al")] == ["build Coruscant Vc1", "stance free"]
    result = await table.run("ann", "orders --json", input="jump Nowhere Fast\n")
    answer = json.loads(result.stdout.splitlines()[0])
    assert result.exit_status == 1 and not answer["ok"] and "Nowhere" in answer["error"], "a bad order is refused, quoted"
    result = await table.run("ann", "ready")
    assert result.exit_status == 0 and "al is ready" in result.stdout
    assert "al" in table.session.record["ready"]
    status = await table.run("bob", "status --json")
    assert "al" in json.loads(status.stdout)["ready"], "bob sees that al is ready"


async def test_the_gm_runs_games_from_the_command_line(table: Table) -> None:
    made = await table.run("gm", "new raw id=war-2 seed=7 seats=al:GAR,bo:CIS,cy:GAR:bot,di:CIS:bot min_players=2")
    assert made.exit_status == 0 and "game war-2" in made.stdout, made.stdout
    listing = await table.run("gm", "games")
    assert "war-1" in listing.stdout and "war-2" in listing.stdout, listing.stdout
    assert re.search(r"al\s+GAR\s+ann\s+✗ no orders yet", listing.stdout), f"the overview names each seat's player: {listing.stdout}"
    invite = await table.run("gm", "invite war-2 bo bob")
    assert "bob already has a key" in invite.stdout, f"an account with a key gets the seat at once: {invite.stdout}"
    invite = await table.run("gm", "invite war-2 al newcomer")
    assert CODE.search(invite.stdout), f"a new account gets a one-time code: {invite.stdout}"
    result = await table.run("bob", "status")
    assert result.exit_status == 1 and "--game" in result.stdout, "with two games, a player says which"
    result = await table.run("bob", "--game war-2 view")
    assert result.exit_status == 0 and "view of bo" in result.stdout
    for command, expect in [("--game war-1 deadline +36h every 48", "then every 48 hours"), ("--game war-1 deadline move +12h", "deadline: "),
                            ("--game war-1 roll 2d6 boarding action", "GM roll"),
                            ("--game war-1 correct planets.Kuat.owner null ruling on the forum", "correction"),
                            ("--game war-1 say public welcome to the war", "[public]"),
                            ("--game war-1 as al stance free", "al: accepted"),
                            ("--game war-1 bot al", "played by a bot"),
                            ("--game war-1 view bo", "view of bo"),
                            ("--game war-1 resolve", "resolved; now turn 2")]:
        result = await table.run("gm", command)
        assert result.exit_status == 0 and expect in result.stdout, f"GM `{command}` should answer {expect!r}: {result.stdout}"
    session = table.session
    assert session.turn == 2 and session.record["deadline"] is not None and session.is_bot("al")
    assert any(m["text"] == "welcome to the war" and m["from"] == "gm" for m in session.record["messages"])
    result = await table.run("gm", "--game war-1 load /etc/passwd")
    assert result.exit_status == 1, "no file access over SSH, even for the GM"


async def test_a_line_console_without_pty_or_command(table: Table) -> None:
    async with await table.connect("ann") as conn:
        result = await conn.run(input="status\nview bo\nbuild Coruscant GF\nquit\nview\n")
    lines = result.stdout
    assert "line console for ann" in lines and "turn 1" in lines
    assert "refused: you may only see your own seat" in lines
    assert "bye" in lines and "view of al" not in lines, "quit ends the console"


@pytest.mark.skipif(not have_openssh(), reason="the OpenSSH client is not installed")
async def test_openssh_client_commands(table: Table, tmp_path: Path) -> None:
    status, out, err = await openssh_run(table, "ann", tmp_path / "ssh", "orders", b"build Coruscant Vc1\n")
    assert status == 0 and "al: accepted" in out, f"ssh ann@host orders < file: {status} {out} {err}"
    status, out, err = await openssh_run(table, "ann", tmp_path / "ssh", "view --json")
    assert status == 0 and json.loads(out)["view"]["viewer"] == "al", f"ssh ann@host view --json: {status} {out[:300]} {err}"
    status, out, err = await openssh_run(table, "ann", tmp_path / "ssh", "resolve")
    assert status == 1 and "the GM's command" in out, f"{status} {out} {err}"
    status, out, err = await openssh_run(table, "mallory", tmp_path / "ssh", "view")
    assert status == 255 and "Permission denied" in err, "an unknown user is refused"


async def test_control_characters_never_enter_the_game_from_a_command(table: Table) -> None:
    result = await table.run("ann", "say public hello \x1b]52;c;cHduZWQ=\x07 \x1b[2Jthere")
    assert result.exit_status == 0, result.stdout
    posted = table.session.record["messages"][-1]["text"]
    assert "\x1b" not in posted and "\x07" not in posted and posted.startswith("hello"), repr(posted)
    result = await table.run("ann", "orders", input="stance free\x1b[31m\n")
    assert "\x1b" not in json.dumps(table.session.record["journal"]), "orders from stdin are cleaned too"
