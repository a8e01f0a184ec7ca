"""Deadlines over SSH (issue 30, points 1 and 8): in a game of posts in turn (Twilight, through the
generic contract) each poster gets the GM's window from when their post opens and a missed deadline
marks only that poster away, as the deadline's doing (not the GM's); the GM may keep one deadline
per day; deadlines fire within a second or two."""
from __future__ import annotations

import asyncio
import time

from core.events import GM
from server_helpers import Table


async def new_posting_game(table: Table) -> str:
    made = await table.run("gm", "new tote id=tw seed=p reproducible=yes seats=al:GE,bo:IR,cy:NR")
    assert made.exit_status == 0, made.stdout
    session = table.server.hub.game("tw").session
    assert session.ruleset.posting(session.state).get("posting"), "Twilight is taken in posts, one after another"
    return "tw"


async def test_each_poster_gets_the_window_from_when_their_post_opens(table: Table) -> None:
    """TOTE-FLOW-04: posts in turn within a game day; the deadline applies per post."""
    game = await new_posting_game(table)
    hub = table.server.hub
    session = hub.game(game).session
    first = session.ruleset.posting(session.state)["posting"][0]
    answer = await table.run("gm", f"deadline +2h --game {game}")
    assert answer.exit_status == 0 and "each poster has 2 hours" in answer.stdout, answer.stdout
    start = session.record["deadline"]
    hub.tick(start - 3600)  # an hour before: nobody is marked away early
    assert first not in session.state.get("away", []), "a poster is not marked away before their own deadline"
    hub.tick(start + 1)
    assert first in session.state.get("away", []), "the poster who missed their deadline is away"
    posting = session.ruleset.posting(session.state)
    following = posting["posting"][0]
    assert following != first
    assert following not in session.state.get("away", []), "the next poster is not skipped"
    assert session.record["deadline"] >= start + 1 + 2 * 3600 - 1, \
        "the next poster's deadline runs from when their post opened, not the passed one"
    marks = [e for e in session.record["journal"] if e["op"] in ("away", "resolve") and e.get("seat", first) == first]
    assert marks and all(e["actor"] == "deadline" for e in marks), f"the deadline's marks are the GM's: {marks}"
    told = [e for e in session.events_for(GM) if e["kind"] == "away"]
    assert told and "the deadline passed" in told[-1]["text"], told


async def test_the_gm_may_keep_one_deadline_per_day(table: Table) -> None:
    game = await new_posting_game(table)
    session = table.server.hub.game(game).session
    answer = await table.run("gm", f"deadline +24h per day --game {game}")
    assert answer.exit_status == 0 and "each poster" not in answer.stdout, answer.stdout
    assert not session.record.get("post_hours")


async def test_a_deadline_fires_within_two_seconds(table: Table) -> None:
    """The server ticks every second while a game has a deadline (the test server's tick interval is an hour)."""
    session = table.session
    assert (await table.run("ann", "order build Coruscant GF")).exit_status == 0
    assert (await table.run("gm", "deadline +1m")).exit_status == 0
    session.set_deadline(GM, time.time() + 1.0)
    due = session.record["deadline"]
    while session.turn == 1 and time.time() < due + 5:
        await asyncio.sleep(0.1)
    assert session.turn == 2, "the deadline did not resolve the turn within seconds of its time"


async def test_the_gm_header_at_140_columns_keeps_the_deadline_and_names_the_next_game(table: Table) -> None:
    """Issue 30, point 8: the header never cuts the deadline; its F2 hint names the game F2 shows."""
    from server_helpers import open_terminal
    seats = ",".join(f"{name}:{side}" for name, side in zip(
        ["alexandria", "bartholomew", "cornelius", "desdemona", "evangeline", "ferdinand"], ["GAR", "CIS"] * 3))
    for game in ("war-2", "war-3"):
        made = await table.run("gm", f"new raw id={game} seed=h reproducible=yes seats={seats}")
        assert made.exit_status == 0, made.stdout
    assert (await table.run("gm", "deadline +36h --game war-2")).exit_status == 0
    gm = await open_terminal(table, "gm", 140, 46)
    try:
        await gm.wait_for(r"GM\s+war-1 ")
        header = gm.text().splitlines()[0]
        assert "F2: war-2" in header, f"on war-1 the hint names the next game, war-2: {header}"
        gm.type("\x1b[12~")  # F2
        await gm.wait_for(r"GM\s+war-2 ")
        header = gm.text().splitlines()[0]
        assert "deadline 20" in header and "(in 1d 11h)" in header, f"the header cut the deadline: {header}"
        assert "F2: war-3" in header, f"on war-2 the hint names war-3: {header}"
    finally:
        await gm.close()
