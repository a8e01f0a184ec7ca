"""A RiftWar move with reaction fire over SSH: two players on real asyncssh pty sessions, each on
their own terminal (ann's 120x40, bob's 80x24): ann declares the move, bob is asked and declares his reaction, ann confirms
(seeing the odds of getting through), and both screens show the roll."""
from __future__ import annotations

import re
from pathlib import Path

from core.session import Session
from server.ssh import HolotableServer, ServerOptions
from server_helpers import Table, fast_limits, open_terminal


async def rift_table(data_dir: Path) -> tuple[Table, str, str]:
    """A server with a deployed RiftWar game: ann plays al, bob plays bo. Returns the table, the
    active seat's player and a move order for them that bob's units can see."""
    server = HolotableServer(ServerOptions(data_dir, "127.0.0.1", 0, limits=fast_limits()))
    table = Table(server, data_dir, "")
    session = Session.new("rift", [("al", "Republic"), ("bo", "Separatists")], seed="ssh-rift")
    chooser = session.state["deploy"]["chooser"]
    session.order(chooser, chooser, "deploy second" if chooser == "al" else "deploy first")
    for _ in range(2):
        seat = next(iter(session.awaiting()))
        session.order(seat, seat, "formation")
    assert session.state["active"] == "al", "pick a seed where al acts first"
    table.game_id = server.hub.adopt(session, "rift-1").game_id
    for name, seat in (("ann", "al"), ("bob", "bo")):
        server.accounts.create(name)
        server.accounts.add_key(name, table.key(name).export_public_key("openssh").decode())
        server.accounts.grant_seat(name, table.game_id, seat)
    await server.start()
    import copy
    for unit in session.state["units"].values():
        if unit["owner"] != "al" or unit["size"] != "light":
            continue
        move = f"move {unit['id']} {unit['x']:g},{unit['y'] + 4:g}"
        trial = copy.deepcopy(session.state)
        try:
            session.ruleset.submit(trial, "al", move)
        except Exception:
            continue
        if trial["pending"] and any(o["seat"] == "bo" for o in trial["pending"]["opps"]):
            return table, unit["id"], move
    raise AssertionError("no light unit of al can make a move that bo sees")


async def test_rift_move_and_reaction_over_ssh(tmp_path: Path) -> None:
    """RIFT-MOVE-02 over SSH: the reacting player is asked on his own terminal; the mover confirms."""
    table, mover, move = await rift_table(tmp_path / "data")
    ann = bob = None
    try:
        ann = await open_terminal(table, "ann", 120, 40)
        bob = await open_terminal(table, "bob", 80, 24)  # each player on a terminal of their own size
        await ann.wait_for(r"You are active")
        await bob.wait_for(r"al is active")
        ann.type(move + "\r")
        await ann.wait_for(r"Waiting for bo")
        await bob.wait_for(r"react with")
        reactor = next(o["unit"] for o in table.session.state["pending"]["opps"] if o["seat"] == "bo")
        bob.type(f"react {reactor} 50\r")
        await ann.wait_for(r"confirm. the move or .cancel")
        ann.type("confirm\r")
        await ann.wait_for(r"arrives untouched")
        ann.type("\r")
        await ann.wait_for(r"confirm\s+done")
        assert table.session.state["pending"] is None
        assert any(f"reaction fire by {reactor}" in e["text"] for e in table.session.record["log"])
        await bob.wait_for(r"is active|You are active")
        assert "react with" not in bob.text(), "bob is still asked to react after the move"
    finally:
        for term in (ann, bob):
            if term is not None:
                await term.close()
        await table.server.close()
