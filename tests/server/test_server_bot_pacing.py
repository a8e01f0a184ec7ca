"""An all-bot game started by the GM on the server is played one step per bot pace (not 200 bot
orders at once), so the GM and anyone watching see each move."""
from __future__ import annotations

import asyncio
from pathlib import Path

from core.session import Session
from saves import GameStore
from server.hub import GameHub
from server_helpers import fast_limits, start_table


def _orders(session: Session) -> int:
    return sum(1 for e in session.record["journal"] if e["op"] == "order")


async def test_an_all_bot_game_made_by_the_gm_plays_step_by_step(tmp_path: Path) -> None:
    table = await start_table(tmp_path / "data", limits=fast_limits(bot_pace=0.2))
    try:
        made = await table.run("gm", "new gcw id=bots seed=7 seats=ann:Empire:bot,bob:Rebel:bot")
        assert made.exit_status == 0, made.stdout
        session = table.server.hub.game("bots").session
        first = _orders(session)
        assert first <= 3 and session.turn == 1, f"the bots played one step, not {first} orders"
        for _ in range(100):  # the server's bot player moves it on by itself
            await asyncio.sleep(0.05)
            if _orders(session) > first:
                break
        assert _orders(session) > first and session.outcome() is None, "the server plays the bots on, step by step"
        mixed = await table.run("gm", "new gcw id=mixed seed=7 seats=ann:Empire,bob:Rebel:bot")
        assert mixed.exit_status == 0 and table.server.hub.game("mixed").session.bot_steps is None, \
            "a game with a player is not slowed"
    finally:
        await table.server.close()


def test_the_hub_forces_the_step_of_an_all_bot_game_whose_bots_are_all_ready(tmp_path: Path) -> None:
    hub = GameHub(GameStore(tmp_path))
    session = Session.new("raw", [("al", "GAR", True), ("bo", "CIS", True)], options={"min_players": 2}, seed="hub")
    hosted = hub.adopt(session, "raw-bots")
    assert set(session.record["ready"]) == {"al", "bo"} and session.turn == 1, "all-bot RAW waits for a resolution"
    hub.play_bots()
    assert hosted.session.turn == 2 and hosted.session.bot_steps == 1, "the hub resolves one turn per call"
    hub.play_bots()
    assert hosted.session.turn == 3
    hub.close()


def test_each_call_of_the_hub_plays_one_step_of_an_all_bot_gcw_game(tmp_path: Path) -> None:
    hub = GameHub(GameStore(tmp_path))
    session = Session.new("gcw", [("ann", "Empire", True), ("bob", "Rebel", True)], seed="hub", bot_steps=1)
    hub.adopt(session, "gcw-bots")
    counts = [_orders(session)]
    for _ in range(8):
        hub.play_bots()
        counts.append(_orders(session))
    steps = [b - a for a, b in zip(counts, counts[1:])]
    assert all(1 <= n <= 12 for n in steps), f"one step (one bot's turn: its buys, a move) per call: {steps}"
    assert session.outcome() is None
    hub.close()
