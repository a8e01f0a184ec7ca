"""Key mashing (issue 11): seeded random keys across every screen of a hot-seat game leave the app
running, and the game changed only by what the keys really gave (each change is an order, a
withdrawal, a readiness, a message or a resolution on the journal, and the journal replays to the
very same game). 300 keys run in the suite (every screen is reached well within them); the full
10,000 are marked slow.
"""
from __future__ import annotations

import random

import pytest

from core.session import Session
from tui.app import HolotableApp
from tui.storage import MemorySaves

SIZE = (120, 40)
# every key a player reaches; not Ctrl+Q and not q (the lobby's Quit): quitting on purpose is no crash
KEYS = (list("abcdefghijklmnoprstuvwxyz0123456789 ,=:")
        + ["enter"] * 6 + ["escape"] * 4 + ["tab"] * 4 + ["shift+tab", "backspace", "delete", "up", "down", "left",
                                                          "right", "home", "end", "pageup", "pagedown"]
        + [f"f{n}" for n in range(1, 13)] + ["ctrl+r", "ctrl+p", "ctrl+b", "ctrl+e"])


def mashed_game() -> Session:
    return Session.new("raw", [("al", "GAR"), ("bo", "CIS"), ("cy", "GAR", True), ("di", "CIS", True)],
                       options={"min_players": 2}, seed="mash", reproducible=True)


async def mash(count: int, seed: int) -> None:
    session = mashed_game()
    saves = MemorySaves()
    app = HolotableApp(session, saves=saves)
    app.bot_pace = 3600.0  # the bots wait: only the keys move this game
    rng = random.Random(seed)
    async with app.run_test(size=SIZE) as pilot:
        for start in range(0, count, 50):
            keys = [rng.choice(KEYS) for _ in range(min(50, count - start))]
            await pilot.press(*keys)
            assert app.is_running and app.return_code is None, f"the app stopped after keys {start}..{start + 50}: {keys}"
            if app.hotseat is None or app.hotseat.session is not session:
                # the keys left this game (lobby, a new game): bring it back, as a player would by loading it
                app.begin_hotseat(session, None, resumed=True)
                await pilot.pause()
        await pilot.pause()
        assert app.is_running, "the app must still be running after the mashing"
    journal = session.record["journal"]
    allowed = {"order", "withdraw", "ready", "post", "resolve"}
    assert {e["op"] for e in journal} <= allowed, f"the keys did something no key gives: {journal}"
    assert all(e["actor"] in ("al", "bo", "cy", "di") or e["op"] == "resolve" for e in journal)
    replayed = Session.replay(session.record)
    assert replayed.state == session.state, "the game is exactly what its journal (the orders given) makes it"
    assert replayed.record["messages"] == session.record["messages"]


async def test_three_hundred_random_keys_leave_the_app_running_and_the_game_sound() -> None:
    await mash(300, seed=11)


@pytest.mark.slow
async def test_ten_thousand_random_keys_leave_the_app_running_and_the_game_sound() -> None:
    await mash(10_000, seed=2026)
