"""A Pocket Models game over SSH: two players on real asyncssh pty sessions, each seeing their own
hand on the zones board and never the other's cards, through a battle's card window."""
from __future__ import annotations

from pathlib import Path

from core.rulesets.swpm.data import rules
from core.session import Session
from server.ssh import HolotableServer, ServerOptions
from server_helpers import Table, fast_limits, open_terminal


async def swpm_table(data_dir: Path) -> Table:
    """A server with a started Pocket Models game ``skirmish-1``: ann plays p1, bob plays p2."""
    server = HolotableServer(ServerOptions(data_dir, "127.0.0.1", 0, limits=fast_limits()))
    table = Table(server, data_dir, "")
    session = Session.new("swpm", [("p1", "P1"), ("p2", "P2")], seed="ssh-swpm")
    session.order("p1", "p1", "ready")
    session.order("p2", "p2", "ready")
    table.game_id = server.hub.adopt(session, "skirmish-1").game_id
    for name, seat in (("ann", "p1"), ("bob", "p2")):
        server.accounts.create(name)
        server.accounts.add_key(name, table.key(name).export_public_key("openssh").decode())
        server.accounts.grant_seat(name, table.game_id, seat)
    await server.start()
    return table


def names(session: Session, seat: str) -> set[str]:
    return {rules().cards[t].name for t in session.state["players"][seat]["hand"]}


async def test_each_player_sees_their_own_hand_only(tmp_path: Path) -> None:
    table = await swpm_table(tmp_path / "data")
    ann = bob = None
    try:
        ann = await open_terminal(table, "ann", 120, 40)
        bob = await open_terminal(table, "bob", 120, 40)
        await ann.wait_for(r"p1 \(P1\)")
        await bob.wait_for(r"p2 \(P2\)")
        session = table.session
        only_p1 = names(session, "p1") - names(session, "p2")
        only_p2 = names(session, "p2") - names(session, "p1")
        assert only_p1 and only_p2, "pick a seed where the hands differ"
        await ann.wait_for(r"Your hand \(3\)")
        await bob.wait_for(r"Your hand \(3\)")
        for name in names(session, "p1"):
            await ann.wait_for(name.split()[0])
        for name in only_p1:
            assert name not in bob.text(), f"bob (p2) sees p1's {name}"
        for name in only_p2:
            assert name not in ann.text(), f"ann (p1) sees p2's {name}"
    finally:
        for term in (ann, bob):
            if term is not None:
                await term.close()
        await table.server.close()


async def test_swpm_turn_01_ready_over_ssh_keeps_the_first_turn(tmp_path: Path) -> None:
    """SWPM-TURN-01: both players send the server's `ready` at setup; the game begins on turn 1 with
    the first-turn roll's winner to play, no turn passed."""
    server = HolotableServer(ServerOptions(tmp_path / "data", "127.0.0.1", 0, limits=fast_limits()))
    table = Table(server, tmp_path / "data", "")
    session = Session.new("swpm", [("p1", "P1"), ("p2", "P2")], seed="ssh-swpm-ready")
    table.game_id = server.hub.adopt(session, "skirmish-2").game_id
    for name, seat in (("ann", "p1"), ("bob", "p2")):
        server.accounts.create(name)
        server.accounts.add_key(name, table.key(name).export_public_key("openssh").decode())
        server.accounts.grant_seat(name, table.game_id, seat)
    await server.start()
    try:
        for name in ("ann", "bob"):
            result = await table.run(name, "ready")
            assert result.exit_status == 0, f"{name}'s ready was refused: {result.stdout}"
        state = table.session.state
        texts = [e["text"] for e in table.session.record["log"]]
        assert state["phase"] == "play" and state["turn"] == 1, f"the game should be on turn 1: {state['phase']}, {state['turn']}"
        assert not [t for t in texts if "ends the turn" in t], f"setup readiness spent a turn: {texts[-4:]}"
        assert table.session.awaiting() == {state["first"]}, "the first-turn roll's winner plays turn 1"
    finally:
        await server.close()
