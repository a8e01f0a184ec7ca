"""The GM settles disputes over SSH (issue 30): a turn reopened for orders, resolved again, and told
once in the report, the export and the replay; voided corrections marked as such."""
from __future__ import annotations

import json
from pathlib import Path

from saves.replay import replay_text
from saves.store import GameStore
from server_helpers import Table

ANN_ORDER = "build Coruscant GF"
BOB_FIRST = "build Serenno GF"
BOB_SECOND = "build Serenno GF 2"


async def test_a_turn_reopened_for_orders_resolves_again_and_is_told_once(table: Table) -> None:
    """The scripted dispute: turn 1 resolved, the GM reopens it for orders, bob changes his order, the
    turn resolves again; the report, the export and the replay describe the second resolution once."""
    assert (await table.run("ann", f"order {ANN_ORDER}")).exit_status == 0
    assert (await table.run("bob", f"order {BOB_FIRST}")).exit_status == 0
    assert (await table.run("gm", "resolve")).exit_status == 0
    session = table.session
    assert session.turn == 2
    fixed = await table.run("gm", "correct planets.Kuat.gf 3 ruling on the forum")
    assert fixed.exit_status == 0, fixed.stdout
    reopened = await table.run("gm", "reopen orders bob's order was misread")
    assert reopened.exit_status == 0, reopened.stdout
    assert session.turn == 1, "reopening for orders goes back to the start of the turn"
    assert session.sheet("bo") and "Serenno" in json.dumps(session.sheet("bo")), "every sheet is as it was"
    assert session.record["ready"] == [s for s in ("cy", "di")], "the players say ready again; the bots keep theirs"
    told = await table.run("bob", "messages")
    assert "reopened turn 1 for orders" in told.stdout, f"bob is told in his GM thread: {told.stdout}"
    log = await table.run("ann", "log")
    assert "The GM reopened turn 1: bob's order was misread" in log.stdout, "every seat sees the reopening"
    listing = await table.run("gm", "corrections")
    assert "planets.Kuat.gf" in listing.stdout and "VOID" in listing.stdout, \
        f"the correction the reopening undid is marked void: {listing.stdout}"
    assert (await table.run("bob", "withdraw 1")).exit_status == 0
    changed = await table.run("bob", f"order {BOB_SECOND}")
    assert changed.exit_status == 0, changed.stdout
    assert session.turn == 1, "the reopened turn waits for the players"
    assert (await table.run("ann", "ready")).exit_status == 0
    done = await table.run("bob", "ready")
    assert done.exit_status == 0 and session.turn == 2, done.stdout
    export = await table.run("gm", "export 1 gm markdown")
    assert export.exit_status == 0, export.stdout
    post = export.stdout
    assert post.count("Built at Serenno: 2 GF") == 1, f"the export tells the second resolution once:\n{post}"
    assert "Built at Serenno: 1 GF" not in post, "the voided resolution is not in the export"
    assert post.count("Built at Coruscant: 1 GF") == 1, f"ann's build is told once, not twice:\n{post}"
    report = await table.run("gm", "report gm 1")
    assert report.stdout.count("Built at Serenno: 2 GF") == 1 and "Built at Serenno: 1 GF" not in report.stdout, report.stdout
    replay = replay_text(session.record, None, 1, table.game_id)
    assert replay.count("Serenno: 1 GF joins the garrison, 2 times") == 1, replay
    await table.server.close()
    store = GameStore(table.data_dir)
    kept = store.open(table.game_id, writer=False)
    assert kept.session.turn == 2 and json.dumps(kept.session.state, sort_keys=True) == \
        json.dumps(session.state, sort_keys=True), "the reopened game is saved as it stands and opens again"
    kept.close()


async def test_reopen_usage_names_orders(table: Table) -> None:
    refused = await table.run("gm", "reopen orders")
    assert refused.exit_status == 1 and "orders" in refused.stdout and "reason" in refused.stdout, refused.stdout


async def test_the_help_says_which_export_is_safe_to_post_in_public(table: Table) -> None:
    help_text = (await table.run("gm", "help")).stdout
    assert "Only `public` is safe to post in public" in help_text, help_text
