"""All-bot games watched at the terminal are played step by step (issue: `Session._run_bots` played up
to 200 bot orders at once, so an all-bot GCW or RiftWar game from the lobby jumped to its end before a
watcher saw a move). A step is a resolution, or one bot's action in a game taken in turns; the
hot-seat plays one per ``bot_pace`` (1.5 s). Sessions made without a watcher still play at once."""
from __future__ import annotations

import time

import pytest

from core.registry import find_ruleset
from core.session import Session
from tui.app import BOT_STEPS, HolotableApp, watched_bot_steps
from tui.screens.curtain import CurtainScreen
from tui.storage import MemorySaves
from tui_helpers import screen_text


def _orders(session: Session) -> int:
    return sum(1 for e in session.record["journal"] if e["op"] == "order")


def _bots(ruleset_id: str) -> list[tuple[str, str, bool]]:
    sides = find_ruleset(ruleset_id).sides()
    return [("a", sides[0], True), ("b", sides[1], True)]


@pytest.mark.parametrize("ruleset_id", ["gcw", "rift"])
def test_a_watched_all_bot_game_plays_one_step_at_a_time(ruleset_id: str) -> None:
    at_once = Session.new(ruleset_id, _bots(ruleset_id), seed="pace")
    assert _orders(at_once) > 100, "without a watcher the bots play on at once (tests and headless runs rely on it)"
    paced = Session.new(ruleset_id, _bots(ruleset_id), seed="pace", bot_steps=watched_bot_steps(_bots(ruleset_id)))
    first = _orders(paced)
    assert 1 <= first <= 3 and paced.outcome() is None, f"a watched game starts with one step, not {first} orders"
    counts = [first]
    for _ in range(6):
        assert paced.play_bots() == 1, "each call plays exactly one step"
        counts.append(_orders(paced))
    assert all(b > a for a, b in zip(counts, counts[1:])) and counts[-1] - first <= 6 * 3, counts


def test_watched_bot_steps_only_for_all_bot_games() -> None:
    assert watched_bot_steps([("a", "Empire", True), ("b", "Rebel", True)]) == BOT_STEPS == 1
    assert watched_bot_steps([("a", "Empire", False), ("b", "Rebel", True)]) is None, "a player's game is not slowed"
    assert watched_bot_steps([("a", "Empire"), ("b", "Rebel")]) is None


async def test_the_hot_seat_paces_an_all_bot_gcw_game_and_can_run_it_at_once() -> None:
    seats = _bots("gcw")
    session = Session.new("gcw", seats, seed="pace", bot_steps=watched_bot_steps(seats))
    app = HolotableApp(session, saves=MemorySaves())
    app.bot_pace = 0.2
    played: list[float] = []  # when each tick of the pace that played something began
    steps_per_tick: list[int] = []
    play_bots = session.play_bots

    def timed_play_bots() -> int:
        began = time.monotonic()
        steps = play_bots()
        if steps:
            played.append(began)
            steps_per_tick.append(steps)
        return steps

    session.play_bots = timed_play_bots  # type: ignore[method-assign]
    async with app.run_test(size=(120, 40)) as pilot:
        assert isinstance(app.screen, CurtainScreen)
        shown: set[str] = set()
        for _ in range(60):
            await pilot.pause(0.05)
            shown.add(screen_text(app))
            if len(played) >= 4:
                break
        await pilot.pause(0.05)
        shown.add(screen_text(app))
        assert len(shown) >= 3, "the curtain shows each step to the watcher (its public log and who is awaited)"
        assert session.turn == 1, "four steps in, the game is still in its first turn for the watcher"
        assert "The bots are playing" in screen_text(app)
        # one step a tick of the pace, never two; and the ticks spread over the pace (a tick delayed by a
        # loaded machine brings the next one closer: the grid of ticks, not each gap). A step is one bot's
        # orders, which on a loaded machine may take more than a few milliseconds between them.
        assert len(played) >= 4 and set(steps_per_tick) == {1}, f"one step per tick: {steps_per_tick}"
        assert played[-1] - played[0] >= 0.1 * (len(played) - 1), \
            f"one step per bot pace (0.2 s), at {[round(b - a, 3) for a, b in zip(played, played[1:])]} s apart"
        app.bot_steps = None  # a test (or an impatient GM) runs the rest at once
        for _ in range(40):
            await pilot.pause(0.25)
            if session.outcome() is not None:
                break
        assert session.outcome() is not None, f"at once, the game plays to its end (turn {session.turn})"


async def test_an_all_bot_gcw_game_created_in_the_lobby_starts_at_its_first_step() -> None:
    from tui_helpers import new_game_from_lobby
    app = HolotableApp(saves=MemorySaves())
    app.bot_pace = 3600.0  # no tick during the test: only what the creation itself played
    async with app.run_test(size=(120, 40)) as pilot:
        await new_game_from_lobby(pilot, "gcw", [("ann", "Empire", True), ("bob", "Rebel", True)])
        for _ in range(20):
            await pilot.pause(0.05)
            if app.hotseat is not None:
                break
        assert app.hotseat is not None, "the game started"
        session = app.hotseat.session
        assert session.bot_steps == BOT_STEPS and session.turn == 1 and _orders(session) <= 3, \
            f"created from the lobby, the bots have played one step, not {_orders(session)} orders (turn {session.turn})"
        assert isinstance(app.screen, CurtainScreen) and "The bots are playing" in screen_text(app)
