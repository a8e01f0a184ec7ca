"""A Twilight campaign day with a battle over SSH (issue 29.1): three factions on their own asyncssh
pty sessions; the Empire's galaxy post says its battle at Coruscant first, ctrl+g opens that grid,
an ``at Coruscant`` order is accepted and a wrong one refused with the reason, and when the day is
done the Empire reads the battle in its turn report."""
from __future__ import annotations

import sys
from pathlib import Path

from server.ssh import HolotableServer, ServerOptions
from server_helpers import Table, fast_limits, open_terminal

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tote"))
from test_tote_campaign_table import remnant_at_coruscant  # noqa: E402

PLAYERS = {"al": "ann", "bo": "bob", "cy": "cyd"}


async def campaign_table(data_dir: Path) -> Table:
    """A server with the campaign of the Remnant's attack on Coruscant: ann plays al (GE), bob bo (NR), cyd cy (IR)."""
    server = HolotableServer(ServerOptions(data_dir, "127.0.0.1", 0, limits=fast_limits()))
    table = Table(server, data_dir, "")
    table.game_id = server.hub.adopt(remnant_at_coruscant(), "tote-campaign-1").game_id
    for seat, name in PLAYERS.items():
        server.accounts.create(name)
        server.accounts.add_key(name, table.key(name).export_public_key("openssh").decode())
        server.accounts.grant_seat(name, table.game_id, seat)
    await server.start()
    return table


async def test_gap_02_a_campaign_battle_day_over_ssh(tmp_path: Path) -> None:
    """TOTE-GAP-02 / TOTE-FLOW-05 over SSH: the post says its battle first, ctrl+g opens its grid, an
    ``at`` order is accepted, a wrong one refused with the reason, the battle is in the turn report."""
    table = await campaign_table(tmp_path / "data")
    session = table.session
    day = session.turn
    ge = next(i for i, u in sorted(session.state["campaign"]["units"].items()) if u["faction"] == "al"
              and u.get("system") == "coruscant" and u.get("space") and not u.get("unassigned") and not u.get("carried_by"))
    terms = {}
    try:
        for seat, name in PLAYERS.items():
            terms[seat] = await open_terminal(table, name, 120, 40)
        for _ in range(3):
            seat = next(iter(session.awaiting()))
            term = terms[seat]
            await term.wait_for(r"your post")
            if seat == "al":
                await term.wait_for(r"battle at Coruscant: your orders there")
                term.type("\x07")  # ctrl+g: the battle's grid
                await term.wait_for(r"Coruscant \(battle\)")
                term.type(f"at coruscant hold {ge}\r")
                await term.wait_for(r"1 order")
                assert session.state["sheets"]["al"][-1]["text"] == f"at coruscant hold {ge}"
                term.type("at coruscant hold NR-1\r")
                await term.wait_for(r"is not one of the units you can use here")
                term.type("\x15")  # ctrl+u: the refused line goes
            await term.settle()
            term.type("\x12")  # ctrl+r: the post is ready
            for _ in range(50):
                if seat not in session.awaiting():
                    break
                await term.settle(0.1, 0.5)
        assert session.turn == day + 1, "the day did not resolve"
        assert "At Coruscant your post gave 1 of your 1 battle order." in [e["text"] for e in session.events_for("al")]
        await terms["al"].wait_for(r"Battle at Coruscant", timeout=15)
    finally:
        for term in terms.values():
            await term.close()
        await table.server.close()
