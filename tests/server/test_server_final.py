"""FINAL orders over SSH (``concede``): never given by accident, from a command, a script or a line session.

``ssh ann@host concede`` is refused with how to confirm; ``ssh ann@host concede --yes`` gives it;
``ssh ann@host orders < file`` gives a final order only when the next line of the file is ``yes``
(or with ``orders --yes``); in a line session the next line ``yes`` gives it, anything else drops it.
"""
from __future__ import annotations

import json

from server_helpers import Table


async def test_a_one_shot_final_order_needs_the_yes_flag(table: Table) -> None:
    result = await table.run("ann", "concede")
    assert result.exit_status == 1 and "FINAL" in result.stdout and "--yes" in result.stdout, result.stdout
    assert table.session.outcome() is None, "ssh ann@host concede alone must not concede"
    result = await table.run("ann", "concede --yes")
    assert result.exit_status == 0 and "accepted `concede`" in result.stdout, result.stdout
    assert table.session.state["concede"]["GAR"] == ["al"], "the vote is counted once confirmed"


async def test_orders_from_a_file_need_yes_on_the_next_line(table: Table) -> None:
    result = await table.run("ann", "orders --json", input="build Coruscant Vc1\nconcede\nstance free\n")
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    assert result.exit_status == 1 and answers[1]["confirm"] == "concede", answers
    assert "not given" in answers[2]["text"] and answers[2]["ok"], "the next order is still given, and the drop said"
    assert table.session.state["concede"]["GAR"] == [], "a final order without `yes` is never given"
    assert [o["text"] for o in table.session.sheet("al")] == ["build Coruscant Vc1", "stance free"]
    result = await table.run("ann", "orders", input="concede\nyes\n")
    assert result.exit_status == 0 and "accepted `concede`" in result.stdout, result.stdout
    assert table.session.state["concede"]["GAR"] == ["al"]


async def test_orders_yes_confirms_the_scripts_final_orders(table: Table) -> None:
    result = await table.run("bob", "orders --yes", input="concede\n")
    assert result.exit_status == 0 and "accepted `concede`" in result.stdout, result.stdout
    assert table.session.state["concede"]["CIS"] == ["bo"]


async def test_a_final_order_left_at_the_end_of_a_file_is_reported(table: Table) -> None:
    result = await table.run("ann", "orders", input="concede\n")
    assert result.exit_status == 1 and "not given: `order concede`" in result.stdout, result.stdout
    assert table.session.state["concede"]["GAR"] == []


async def test_a_line_session_asks_and_only_yes_gives_it(table: Table) -> None:
    async with await table.connect("ann") as conn:
        result = await conn.run(input="concede\ny\nconcede\nyes\nquit\n")
    assert result.stdout.count(" is FINAL:") == 2 and "not given: `concede`" in result.stdout, result.stdout
    assert "accepted `concede`" in result.stdout
    assert table.session.state["concede"]["GAR"] == ["al"]


async def test_the_gm_act_for_a_seat_asks_too_and_one_connection_cannot_confirm_anothers(table: Table) -> None:
    async with await table.connect("gm") as gm, await table.connect("bob") as bob:
        asked = await gm.run(input="act al concede\nquit\n")
        assert "FINAL" in asked.stdout and table.session.state["concede"]["GAR"] == []
        other = await bob.run(input="yes\nquit\n")
        assert "accepted" not in other.stdout and table.session.state["concede"]["GAR"] == []
    async with await table.connect("gm") as gm:
        done = await gm.run(input="act al concede\nyes\nquit\n")
    assert "accepted `concede`" in done.stdout, done.stdout
    assert table.session.state["concede"]["GAR"] == ["al"]
    told = [m["text"] for m in table.session.messages_for("al") if m.get("thread") == "gm:al"]
    assert told and "`concede`" in told[-1] and "--yes" not in told[-1]
