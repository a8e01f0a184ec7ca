"""The GM sees who has posted today (issue 18: "the GM's admin session shows who has posted";
TOTE-GAP-02, TOTE-FLOW-04/05): each game day the factions post one after another in rotating
initiative, so the GM's desk says who has posted, who is posting now and who is still to post,
through the ruleset's ``posting`` contract: in the line console's status, the views, the admin
session's status line and tiles, the overview of games, and over SSH with the OpenSSH client."""
from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from core.console import Console
from core.events import GM
from core.registry import find_ruleset
from core.render import posting_text
from core.session import Session
from server.admin import ready_line
from server.overview import game_rows, overview_text
from server.ssh import HolotableServer, ServerOptions

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))  # the SSH tests' helpers
from server_helpers import (  # noqa: E402
    Table,
    Tmux,
    fast_limits,
    have_openssh,
    open_terminal,
    openssh_files,
    openssh_run,
)

SEATS = [("al", "GE"), ("bo", "NR"), ("cy", "HS")]


def campaign() -> Session:
    """Three factions; the seed draws bo, al, cy to post on day 1 (al, cy, bo on day 2)."""
    session = Session.new("tote", SEATS, scenario="campaign", seed="leak-canaries")
    assert session.state["initiative"] == ["bo", "al", "cy"]
    return session


def post(session: Session, seat: str) -> None:
    assert session.awaiting() == {seat}
    session.ready(seat, seat, True)


def test_gap_02_posting_names_who_posted_who_posts_and_who_is_to_post() -> None:
    """TOTE-GAP-02 / TOTE-FLOW-05: the ruleset's ``posting``: on day 1 bo posts first, then al,
    then cy; after the day the initiative rotates (al, cy, bo) and nobody has posted yet."""
    session = campaign()
    rs = session.ruleset
    assert rs.posting(session.state) == {"posted": [], "posting": ["bo"], "to_post": ["al", "cy"]}
    post(session, "bo")
    assert rs.posting(session.state) == {"posted": ["bo"], "posting": ["al"], "to_post": ["cy"]}
    post(session, "al")
    assert rs.posting(session.state) == {"posted": ["bo", "al"], "posting": ["cy"], "to_post": []}
    post(session, "cy")
    assert session.turn == 2
    assert rs.posting(session.state) == {"posted": [], "posting": ["al"], "to_post": ["cy", "bo"]}
    assert posting_text(rs.posting(session.state)) == "posted: nobody yet · posting now: al · to post: cy bo"


def test_gap_02_posting_in_a_battle_and_none_where_a_game_is_not_posted() -> None:
    """TOTE-GAP-02: a tote battle posts the same way; a rule system of simultaneous orders (raw) has
    no posting order: ``{}``, and nothing is added to its lines."""
    battle = Session.new("tote", SEATS, scenario="skirmish", seed="gm-posting")
    first = next(iter(battle.awaiting()))
    posting = battle.ruleset.posting(battle.state)
    assert posting["posted"] == [] and posting["posting"] == [first] and len(posting["to_post"]) == 2
    battle.ready(first, first, True)
    assert battle.ruleset.posting(battle.state)["posted"] == [first]
    raw = Session.new("raw", [("a", "GAR"), ("b", "CIS")], options={"min_players": 2}, seed="gm-posting")
    assert raw.ruleset.posting(raw.state) == {} and raw.view(GM)["posting"] == {}
    assert "posted" not in Console(raw).handle("status").text
    assert find_ruleset("raw").posting(raw.state) == {}


def test_the_line_console_and_every_view_say_who_has_posted() -> None:
    """The line console's ``status`` (also ``ssh gm@host status``) and every view (the GM's and a
    seat's: who has posted is public, TOTE-GAP-02) say who posted, who posts now and who is to post."""
    session = campaign()
    post(session, "bo")
    status = Console(session).handle("status").text
    assert "turn 1: waiting for al; ready: nobody; posted: bo · posting now: al · to post: cy" in status, status
    for viewer in (GM, "al", "cy"):
        view = session.view(viewer)
        assert view["posting"] == {"posted": ["bo"], "posting": ["al"], "to_post": ["cy"]}
    assert "this turn: posted: bo · posting now: al · to post: cy" in Console(session).handle("view gm").text


def served(tmp_path: Path) -> Table:
    """A server holding the campaign (bo has posted) as ``camp-1``; the GM ``gm`` and ann (al),
    bob (bo), cat (cy), each with a key; not started."""
    server = HolotableServer(ServerOptions(tmp_path / "data", "127.0.0.1", 0, limits=fast_limits()))
    table = Table(server, tmp_path / "data", "")
    server.accounts.create("gm", "gm")
    server.accounts.add_key("gm", table.key("gm").export_public_key("openssh").decode())
    session = campaign()
    post(session, "bo")
    table.game_id = server.hub.adopt(session, "camp-1").game_id
    for name, seat in (("ann", "al"), ("bob", "bo"), ("cat", "cy")):
        server.accounts.create(name)
        server.accounts.add_key(name, table.key(name).export_public_key("openssh").decode())
        server.accounts.grant_seat(name, table.game_id, seat)
    return table


def test_the_admin_status_line_and_the_overview_say_who_has_posted(tmp_path: Path) -> None:
    """The admin session's status line (:func:`server.admin.ready_line`) and the overview of games
    (F5, and ``games`` over SSH): bo has posted, al is posting, cy is to post next."""
    table = served(tmp_path)
    session = table.session
    assert ready_line(session.view(GM)) == "posted: bo · posting now: al · to post: cy", "in posts the order of play says it all"
    text = overview_text(game_rows(table.server.hub, table.server.accounts), now=0.0)
    assert "turn 1 · 0 of 1 ready · 1 of 3 posted" in text, text
    assert re.search(r"bo\s+NR\s+bob\s+✓ posted this turn", text), text
    assert re.search(r"al\s+GE\s+ann\s+✗ no orders yet", text), text
    assert re.search(r"cy\s+HS\s+cat\s+- to post next", text), text


@pytest.mark.skipif(not have_openssh(), reason="the OpenSSH client and tmux are needed")
async def test_over_ssh_the_gm_sees_who_has_posted(tmp_path: Path) -> None:
    """Over SSH with the OpenSSH client: ``status`` and ``games`` for the GM, and the admin
    session's status line and seat tiles (bo ✓ posted, al waiting, cy to post)."""
    table = served(tmp_path)
    await table.server.start()
    gm = None
    try:
        code, out, err = await openssh_run(table, "gm", tmp_path / "ssh", "status")
        assert code == 0, err
        assert "posted: bo · posting now: al · to post: cy" in out, out
        code, out, err = await openssh_run(table, "gm", tmp_path / "ssh", "games")
        assert code == 0 and re.search(r"bo\s+NR\s+bob\s+✓ posted this turn", out), out + err
        term = Tmux(140, 44)
        term.start(["ssh", *openssh_files(table, "gm", tmp_path / "ssh"), "-t", "gm@127.0.0.1"])
        try:
            screen = await term.wait_for(r"posted: bo · posting now: al · to post: cy")
            assert re.search(r"bo \(NR\) ✓ posted", screen) and re.search(r"cy \(HS\) to post", screen), screen
            table.session.ready("al", "al", True)  # al posts: the GM's desk follows live
            await term.wait_for(r"posted: bo al · posting now: cy")
        finally:
            term.stop()
        gm = await open_terminal(table, "gm", 100, 30)  # narrower: the tiles' titles say it too
        screen = await gm.wait_for(r"1 al \(GE\) ✓ posted")
        assert re.search(r"2 bo \(NR\) ✓ posted", screen) and re.search(r"3 cy \(HS\) waiting", screen), screen
    finally:
        if gm is not None:
            await gm.close()
        await table.server.close()


def test_the_hot_seat_gms_status_bar_says_who_has_posted() -> None:
    """The hot-seat war room's status line, on the GM's desk (after the GM's passphrase): who has
    posted, who posts now, who is to post; a seat's own line stays as it was."""
    from tui.widgets.status_bar import status_text
    session = campaign()
    post(session, "bo")
    gm_line = status_text(session.view(GM), GM, None, 0).plain
    assert "waiting: al  ·  posted: bo · posting now: al · to post: cy" in gm_line, gm_line
    assert "posted:" not in status_text(session.view("al"), "al", "GE", 0).plain
