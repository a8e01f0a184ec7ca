"""A Twilight of the Empire post over SSH: two factions on real asyncssh pty sessions, each on its
own terminal. The poster sees the exact damage of a shot before queuing it, commits the post with
Ready, and the other faction's terminal turns to its own post; neither screen shows the other's
queued orders."""
from __future__ import annotations

from pathlib import Path

from core.session import Session
from server.ssh import HolotableServer, ServerOptions
from server_helpers import Table, fast_limits, open_terminal


async def tote_table(data_dir: Path) -> Table:
    """A server with an Endor skirmish: ann plays al (GE), bob plays bo (NR); al posts first."""
    server = HolotableServer(ServerOptions(data_dir, "127.0.0.1", 0, limits=fast_limits()))
    table = Table(server, data_dir, "")
    session = Session.new("tote", [("al", "GE"), ("bo", "NR")], scenario="skirmish", seed="ssh-tote-2")
    table.game_id = server.hub.adopt(session, "tote-1").game_id
    for name, seat in (("ann", "al"), ("bob", "bo")):
        server.accounts.create(name)
        server.accounts.add_key(name, table.key(name).export_public_key("openssh").decode())
        server.accounts.grant_seat(name, table.game_id, seat)
    await server.start()
    return table


async def test_tote_post_over_ssh(tmp_path: Path) -> None:
    """TOTE-GAP-02 over SSH: the posting faction previews and queues a shot, commits with Ready; the
    shot is public, the next faction is asked for its post, the sheets stay private."""
    table = await tote_table(tmp_path / "data")
    session = table.session
    first = next(iter(session.awaiting()))
    players = {"al": "ann", "bo": "bob"}
    other = "bo" if first == "al" else "al"
    shooter = next(u["id"] for u in session.state["units"].values() if u["faction"] == first and u["space"])
    target = next(u["id"] for u in session.state["units"].values() if u["faction"] == other and u["space"])
    poster = waiter = None
    try:
        poster = await open_terminal(table, players[first], 120, 40)
        waiter = await open_terminal(table, players[other], 120, 40)
        await poster.wait_for(r"your post")
        await waiter.wait_for(rf"{first} is posting")
        poster.type(f"fire {shooter} {target}\r")
        await poster.wait_for(r"exactly \d+ damage")
        poster.type("\r")
        await poster.wait_for(r"1 order")
        assert f"fire {shooter}" not in waiter.text(), "the waiting faction sees the poster's queued order"
        poster.type("\x12")  # Ctrl+R: the post is ready
        await waiter.wait_for(r"your post")
        assert any(e["kind"] == "tote.hit" and e["data"]["attacker"] == shooter and e["to"] == ["all"]
                   for e in session.record["log"]), "the shot was not resolved as a public combat action"
        assert session.awaiting() == {other}
    finally:
        for term in (poster, waiter):
            if term is not None:
                await term.close()
        await table.server.close()
