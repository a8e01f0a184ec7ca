"""The GM's console over SSH as a forum GM uses it: several games with the same seat names switched
freely while players act, the overview, read-only "view as" and acting for a seat, and the tools
(export, corrections, reopening a turn, the whole log)."""
from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest

from server_helpers import Table, Tmux, eventually, have_openssh, open_terminal, openssh_files

F2, F3, F4, F5 = "\x1b[12~", "\x1b[13~", "\x1b[14~", "\x1b[15~"
ANN_ORDER = "build Coruscant GF"
BOB_ORDER = "build Serenno GF"


async def command(gm, line: str) -> None:  # type: ignore[no-untyped-def]
    """Type one line on the GM's command line (F3 focuses it first)."""
    gm.type(F3)
    await gm.settle(0.15)
    gm.type(line + "\r")


@pytest.mark.skipif(not have_openssh(), reason="the OpenSSH client and tmux are needed")
async def test_the_gm_switches_between_games_with_the_same_seat_names_while_players_act(
        table: Table, tmp_path: Path) -> None:
    gm = await open_terminal(table, "gm", 140, 46)
    bob = Tmux(120, 40)
    bob.start(["ssh", *openssh_files(table, "bob", tmp_path / "ssh"), "-t", "bob@127.0.0.1"])
    try:
        await gm.wait_for(r"1 al \(GAR\)")
        await bob.wait_for(r"bo \(CIS\)")
        # a second game with the same seat names, made while war-1 is on show (this crashed the session)
        await command(gm, "new gcw id=gcw1 seats=al:Empire,bo:Rebel")
        await gm.wait_for(r"1 al \(Empire\)[\s\S]*2 bo \(Rebel\)")
        assert table.server.hub.game("gcw1").session.seats() == ["al", "bo"]
        bob.type(BOB_ORDER)
        bob.keys("Enter")  # bob acts in war-1 while the GM looks at gcw1
        for round_ in range(4):
            gm.type(F2)  # the next game
            await gm.wait_for(r" war-1 .*Republic at War")
            await gm.wait_for(r"1 al \(GAR\)[\s\S]*4 di \(CIS\)")
            result = await table.run("ann", f"--game war-1 order stance {'free' if round_ % 2 else 'hold'}")
            assert result.exit_status == 0, result.stdout
            gm.type(F2)
            await gm.wait_for(r" gcw1 .*Galactic Civil War")
            await gm.wait_for(r"1 al \(Empire\)")
        await command(gm, "game war-1")
        screen = await gm.wait_for(r"1\. " + BOB_ORDER)
        assert "2 bo (CIS)" in screen, f"war-1's tiles are back, with bob's order:\n{screen}"
        await command(gm, "game gcw1")
        await gm.wait_for(r"1 al \(Empire\)")
        gm.type(F5)  # the overview: both games, each seat's orders and presence
        overview = await gm.wait_for(r"gcw1 · Galactic Civil War[\s\S]*war-1 · Republic at War")
        assert re.search(r"bo\s+CIS\s+bob\s+… 1 order, not ready · ● online", overview), overview
        assert re.search(r"al\s+GAR\s+ann\s+… \d+ orders?, not ready · ○ last seen", overview), overview
        assert not gm.session.closed.is_set(), "the GM's session is alive after every switch"
        assert table.server.hub.game("war-1").session.sheet("bo")[0]["text"] == BOB_ORDER
    finally:
        bob.stop()
        await gm.close()


async def test_view_as_is_read_only_and_acting_for_a_seat_is_explicit_and_told(table: Table) -> None:
    gm = await open_terminal(table, "gm", 130, 44)
    try:
        await gm.wait_for(r"1 al \(GAR\)")
        gm.type(F4)  # the tiles; the first is al
        await gm.settle()
        gm.type("\r")  # Enter: view as al
        screen = await gm.wait_for(r"GM viewing as al · READ-ONLY")
        assert "act al <order>" in screen, f"the screen says how to act for al:\n{screen}"
        before = table.session.to_json()
        gm.type("stance free\r")  # typed into the read-only view: nothing happens
        gm.type("\x12")  # Ctrl+R: ready, refused (the refusal shows once the keys before it were handled)
        await gm.wait_for(r"✗ refused: read-only: the GM views al's war room")
        assert table.session.to_json() == before, "a read-only view changes nothing"
        await gm.settle()  # (keys typed ahead of a focus change go to the old focus)
        gm.type("\x02")  # back to the tiles
        await gm.wait_for(r"1 al \(GAR\) waiting")
        await gm.settle()
        await command(gm, "act al stance free")
        await gm.wait_for(r"al is told in gm:al")
        assert [o["text"] for o in table.session.sheet("al")] == ["stance free"]
        told = [m for m in table.session.messages_for("al") if m["thread"] == "gm:al"]
        assert told and "stance free" in told[-1]["text"], "al is told of the GM's order in their GM thread"
        result = await table.run("ann", "messages")
        assert "The GM gave an order for you" in result.stdout
    finally:
        await gm.close()


async def test_a_team_line_never_reaches_public_from_any_box(table: Table) -> None:
    ann = await open_terminal(table, "ann")
    try:
        await ann.wait_for(r"al \(GAR\)")
        ann.type("\x1b[18~")  # F7: the message board, on the public thread
        await ann.wait_for(r"to public ›")
        ann.type("say team:GAR al here\r")
        await ann.wait_for(r"sent to team:GAR")
        ann.type("say team:CIS spy report\r")  # not ann's thread: refused, kept, sent nowhere
        await ann.wait_for(r"no thread 'team:CIS' for you")
        assert "spy report" in ann.text(), f"a refused line stays on the input:\n{ann.text()}"
        ann.type("\x1b[18~")  # F7 again: the next thread
        await ann.wait_for(r"to team:GAR ›")
        ann.type("\x1b[13~")  # F3: the order line takes a say too
        await ann.settle()
        ann.type("say team: plan B\r")
        await ann.wait_for(r"sent to team:GAR")
        public = [m["text"] for m in table.session.record["messages"] if m["thread"] == "public"]
        team = [m["text"] for m in table.session.record["messages"] if m["thread"] == "team:GAR"]
        assert public == [], f"nothing reached the public thread: {public}"
        assert team == ["al here", "plan B"], team
        assert all(m["thread"] != "team:CIS" for m in table.session.record["messages"])
        result = await table.run("ann", "say team:CIS hello")
        assert result.exit_status == 1 and "no thread 'team:CIS'" in result.stdout
        result = await table.run("bob", "messages")
        assert "al here" not in result.stdout and "plan B" not in result.stdout, "the other side reads none of it"
    finally:
        await ann.close()


async def test_every_player_sees_the_deadline_and_is_warned(table: Table) -> None:
    result = await table.run("gm", "deadline +48h")
    assert result.exit_status == 0 and re.search(r"\(in (2d 0h|1d 23h)\)", result.stdout), result.stdout
    deadline = table.session.record["deadline"]
    for name in ("ann", "bob"):
        answer = await table.run(name, "view --json")
        view = __import__("json").loads(answer.stdout)["view"]
        assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", view["deadline_at"]), view["deadline_at"]
        assert 47 * 3600 < view["deadline_seconds_left"] <= 48 * 3600
        assert "at the deadline the turn resolves" in view["deadline_rule"]
        text = await table.run(name, "view")
        assert re.search(r"deadline: \d{4}-\d\d-\d\d \d\d:\d\d UTC \(in (2d 0h|1d 23h)\)", text.stdout), text.stdout
    ann = await open_terminal(table, "ann", 150, 40)
    bob = await open_terminal(table, "bob", 150, 40)
    try:
        for player in (ann, bob):
            await player.wait_for(r"deadline \d{4}-\d\d-\d\d \d\d:\d\d UTC \(in (2d 0h|1d 23h)\)")
        await table.run("bob", f"order {BOB_ORDER}")
        bells = ann.screen.bells
        warned: list[str] = []
        stop = table.server.hub.on_warning(lambda game, seat, text: warned.append(seat))
        table.server.hub.tick(deadline - 1800)  # half an hour before: seats without orders are warned
        stop()
        assert warned == ["al"], f"al alone has no orders in: the hub warned {warned}"
        screen = await ann.wait_for(r"sent no orders")
        assert ann.screen.bells > bells, "the warning rings the bell"
        assert "resolves" in screen
        table.session.post("gm", "public", "the deadline is near")  # news bob's screen shows after the tick's
        await bob.wait_for(r"Msgs ●1")
        assert "sent no orders" not in bob.text(), "bob has orders in: no warning for him"
    finally:
        await ann.close()
        await bob.close()


async def test_game_is_chosen_anywhere_on_the_line_and_refusals_show_the_working_line(table: Table) -> None:
    made = await table.run("gm", "new raw id=war-2 seed=7 seats=al:GAR,bo:CIS,cy:GAR:bot,di:CIS:bot min_players=2")
    assert made.exit_status == 0, made.stdout
    invite = await table.run("gm", "invite war-2 al newcomer")
    assert f"ssh -p {table.port} newcomer@127.0.0.1" in invite.stdout, f"the invite names the real host and port: {invite.stdout}"
    await table.run("gm", "invite war-2 bo bob")
    refused = await table.run("bob", "view --json")
    assert refused.exit_status == 1
    assert f"ssh -p {table.port} bob@127.0.0.1 view --json --game war-2" in refused.stdout, refused.stdout
    for line in ("view --json --game war-2", "--game war-2 view --json", "view --game=war-2 --json", "view -g war-2 -j"):
        result = await table.run("bob", line)
        assert result.exit_status == 0 and '"viewer": "bo"' in result.stdout, f"`{line}`: {result.stdout}"
    if have_openssh():
        from server_helpers import openssh_run
        status, out, err = await openssh_run(table, "bob", Path(table.data_dir) / "ssh", "view --json --game war-2")
        assert status == 0 and '"viewer": "bo"' in out, f"the OpenSSH client: {out} {err}"


async def test_the_gm_exports_a_turn_for_the_forum(table: Table) -> None:
    await table.run("ann", f"order {ANN_ORDER}")
    await table.run("ann", "say team:GAR our secret plan")
    await table.run("ann", "say public good luck")
    result = await table.run("gm", "resolve")
    assert result.exit_status == 0
    public = await table.run("gm", "export 1 public markdown")
    assert public.exit_status == 0, public.stdout
    assert "turn 1 report" in public.stdout and "good luck" in public.stdout
    assert "secret plan" not in public.stdout, "a team message never reaches the public post"
    assert ANN_ORDER not in public.stdout, "nor a seat's own order"
    assert public.stdout.startswith("## ") and "written to" not in public.stdout, \
        "the post comes as text over the session (`export ... > file` on the GM's side), not a server path"
    assert not (table.data_dir / "exports").exists(), "nothing is written on the server"
    team = await table.run("gm", "export last team:GAR bbcode")
    assert "[b]" in team.stdout and "secret plan" in team.stdout and "for team GAR" in team.stdout, team.stdout
    seat = await table.run("gm", "export 1 al")
    assert "for al (GAR)" in seat.stdout and "secret plan" not in seat.stdout, "a seat's post leaves its team's plans out"
    planned = await table.run("gm", "export 1 al plans")
    assert "secret plan" in planned.stdout, "asked for, a seat's post holds its team thread"
    bad = await table.run("gm", "export 1 team:Sith")
    assert bad.exit_status == 1 and "team:<side> (CIS, GAR)" in bad.stdout
    player = await table.run("ann", "export 1 public")
    assert player.exit_status == 1, "export is the GM's"


async def test_corrections_are_listed_and_the_last_turn_reopens(table: Table) -> None:
    await table.run("ann", f"order {ANN_ORDER}")
    await table.run("bob", f"order {BOB_ORDER}")
    await table.run("gm", "resolve")
    session = table.session
    resolved = __import__("json").dumps(session.state, sort_keys=True)
    result = await table.run("gm", "correct planets.Kuat.owner null ruling on the forum")
    assert result.exit_status == 1 and "breaks the rules" in result.stdout, "a correction that breaks RAW-GAP-30 is refused"
    result = await table.run("gm", "correct planets.Kuat.gf 3 ruling on the forum")
    assert result.exit_status == 0, result.stdout
    listing = await table.run("gm", "corrections")
    assert "planets.Kuat.gf" in listing.stdout and "ruling on the forum" in listing.stdout, listing.stdout
    result = await table.run("gm", "reopen same the Kuat ruling was wrong")
    assert result.exit_status == 0 and "reopened turn 1" in result.stdout, result.stdout
    assert session.turn == 2
    assert __import__("json").dumps(session.state, sort_keys=True) == resolved, \
        "the same orders with the same dice resolve to the same state (the correction is void)"
    seen = await table.run("bob", "log")
    assert "The GM reopened turn 1: the Kuat ruling was wrong" in seen.stdout, "every player is told"
    result = await table.run("gm", "reopen new dice were disputed")
    assert result.exit_status == 0 and "new dice" in result.stdout
    listing = await table.run("gm", "corrections")
    assert listing.stdout.count("reopened turn 1") == 2
    log = await table.run("gm", "log turn 1 seat bo")
    assert log.exit_status == 0 and "as bo saw it" in log.stdout and "-- turn 1 --" in log.stdout
    refused = await table.run("gm", "reopen")
    assert refused.exit_status == 1 and "reason" in refused.stdout


async def test_a_stale_refusal_clears_and_a_player_is_told_when_a_bot_takes_the_seat(table: Table) -> None:
    ann = await open_terminal(table, "ann", 130, 40)
    try:
        await ann.wait_for(r"al \(GAR\)")
        ann.type("jump Nowhere Fast\r")
        await ann.wait_for(r"✗ refused: ")
        assert (await table.run("gm", "resolve")).exit_status == 0
        await ann.wait_for(r"Report for al")
        ann.type("\x1b")  # close the report
        await ann.wait_for(r"turn 2")
        await eventually(lambda: "✗ refused" not in ann.text(), f"last turn's refusal should go:\n{ann.text()}")
        bells = ann.screen.bells
        assert (await table.run("gm", "bot al")).exit_status == 0
        await ann.wait_for(r"a bot now plays your seat al")
        assert ann.screen.bells > bells, "the news comes with a bell"
        roll = await table.run("gm", "roll 3d6 morale")
        assert re.search(r"3d6 (for [^>]*)?-> \d, \d, \d \(total \d+\)", roll.stdout), roll.stdout
    finally:
        await ann.close()


async def test_view_as_refuses_the_war_rooms_own_handlers_too(table: Table) -> None:
    """Textual runs a message handler of every class up the MRO unless one prevents the default: the
    read-only view's refusals must stop the war room's own (withdraw, edit, post, choose a place)."""
    from server.admin import ViewAsScreen
    from tui.widgets.galaxy_map import GalaxyMap
    from tui.widgets.messages import MessageBoard
    from tui.widgets.order_pane import OrderPane
    from tui.widgets.sheet import SheetPanel
    table.session.order("gm", "al", "stance free")
    gm = await open_terminal(table, "gm", 130, 44)
    try:
        await gm.wait_for(r"1 al \(GAR\)")
        gm.type(F4)
        await gm.settle()
        gm.type("\r")
        await gm.wait_for(r"GM viewing as al · READ-ONLY")
        app = next(s for c in table.server.connections if c.account == "gm" for s in c.sessions).app
        screen = app.screen
        assert isinstance(screen, ViewAsScreen)
        before = table.session.to_json()
        gm.type("\x1b[18~")  # F7: the message board (mounted when first shown), as the GM would post from it
        await eventually(lambda: bool(screen.query(MessageBoard)), "the view's message board opens")
        refusals: list[str] = []
        for widget in (screen.query_one(OrderPane), screen.query_one(MessageBoard)):
            def refused(reason: str, shown=widget.refused) -> None:  # type: ignore[no-untyped-def]
                refusals.append(reason)
                shown(reason)
            widget.refused = refused  # type: ignore[method-assign]
        messages = (SheetPanel.Withdraw(0), SheetPanel.Edit(0), MessageBoard.Post("public", "the GM was here"),
                    GalaxyMap.Chosen({"name": "Kuat"}))
        for message in messages:
            screen.post_message(message)
        await eventually(lambda: len(refusals) == len(messages), f"each of the {len(messages)} messages is refused "
                         f"(refused so far: {refusals})")
        assert table.session.to_json() == before, "a read-only view neither withdraws, edits nor posts"
        assert [o["text"] for o in table.session.sheet("al")] == ["stance free"], "al's order is still there"
    finally:
        await gm.close()
