""""Last seen" of players is kept with their account (``<data>/server/accounts.json``), so the GM's
overview still says when a player was last here after the server restarts."""
from __future__ import annotations

import json
import time
from pathlib import Path

from server.accounts import Accounts
from server.commands import AccountConsole
from server.hub import KEEP_SEEN_EVERY, GameHub
from server.ssh import HolotableServer, ServerOptions
from saves import GameStore
from server_helpers import fast_limits, start_table


async def test_last_seen_survives_a_server_restart(tmp_path: Path) -> None:
    data = tmp_path / "data"
    table = await start_table(data)
    try:
        result = await table.run("ann", "status")
        assert result.exit_status == 0
        seen = table.server.hub.presence[("war-1", "al")].last_seen
        assert seen is not None and time.time() - seen < 60
    finally:
        await table.server.close()
    kept = json.loads((data / "server" / "accounts.json").read_text())
    assert any(doc.get("seen", {}).get("war-1/al") == seen for doc in kept["accounts"].values()), \
        "the time is kept with ann's account"
    again = HolotableServer(ServerOptions(data, "127.0.0.1", 0, limits=fast_limits()))
    try:
        assert again.hub.presence[("war-1", "al")].last_seen == seen, "a restarted server remembers it"
        assert ("war-1", "bo") not in again.hub.presence, "bob never came: still never seen"
        overview = AccountConsole("gm", again.accounts, again.hub, clock=lambda: seen + 3 * 3600).handle("games")
        assert overview.ok, overview.error
        rows = overview.text.splitlines()
        assert any("ann" in r and "last seen 3h" in r for r in rows), overview.text
        assert any("bob" in r and "never seen" in r for r in rows), overview.text
    finally:
        again.accounts.close()


def test_last_seen_is_kept_with_the_seats_holder_only(tmp_path: Path) -> None:
    accounts = Accounts(tmp_path / "accounts.json")
    accounts.create("ann")
    accounts.create("cyd")
    accounts.grant_seat("ann", "war-1", "al")
    assert accounts.record_seen("war-1", "al", 1000.0)
    assert not accounts.record_seen("war-1", "zz", 1000.0), "nobody holds zz: nothing is kept"
    assert accounts.last_seen() == {("war-1", "al"): 1000.0}
    accounts.grant_seat("cyd", "war-1", "al")
    assert accounts.last_seen() == {}, "a seat given to another player starts unseen"
    accounts.close()
    reopened = Accounts(tmp_path / "accounts.json")
    reopened.record_seen("war-1", "al", 2000.0)
    assert reopened.last_seen() == {("war-1", "al"): 2000.0}
    assert reopened.get("cyd") is not None and reopened.get("cyd").seats[0].seat == "al"
    reopened.close()


def test_a_busy_seat_is_kept_at_most_once_a_minute_arrivals_and_departures_always(tmp_path: Path) -> None:
    hub = GameHub(GameStore(tmp_path))
    kept: list[tuple[str, str, float]] = []
    hub.keep_seen({("g", "al"): 10.0}, lambda game, seat, when: kept.append((game, seat, when)))
    assert hub.presence[("g", "al")].last_seen == 10.0
    hub.seen("g", "al", 100.0)
    hub.seen("g", "al", 130.0)
    hub.seen("g", "al", 100.0 + KEEP_SEEN_EVERY)
    assert [w for _, _, w in kept] == [100.0, 160.0]
    assert hub.presence[("g", "al")].last_seen == 160.0
    hub.arrive("g", "al", 161.0)
    hub.leave("g", "al", 162.0)
    assert [w for _, _, w in kept][-2:] == [161.0, 162.0]

    def broken(game: str, seat: str, when: float) -> None:
        raise OSError("disk full")
    hub.keep_seen({}, broken)
    hub.seen("g", "al", 500.0)  # a failing keeper never fails the command
    assert hub.presence[("g", "al")].last_seen == 500.0
