"""The replay screen: a saved game stepped through turn by turn as one seat (or the GM) saw it,
reached from the load-game screen; nothing one viewer did not see is ever drawn for them."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from core.events import GM
from core.session import Session
from saves.replay import frames, replay_reports
from saves.store import GameStore
from tui.app import HolotableApp
from tui.screens.load_game import LoadGameScreen
from tui.screens.replay import ReplayScreen, ViewerScreen
from tui.storage import default_saves
from tui_helpers import screen_text, widget_text

GAME = "replay-demo"
SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]
VIEWERS = ["al", "bo", GM]  # the order of the viewer picker: the seats, then the GM
GM_PASSPHRASE = "replay gm"


def saved_game(data_dir: Path) -> dict[str, Any]:
    """Republic at War, al (GAR) against bo (CIS), no bots: three turns resolved, a team message in
    turn 2, turn 4 open. Saved in ``data_dir`` as GAME; returns its whole record."""
    store = GameStore(data_dir)
    session = Session.new("raw", [("al", "GAR"), ("bo", "CIS")], options={"min_players": 2}, seed="replay-tui")
    session.set_gm_passphrase(GM_PASSPHRASE)
    game = store.adopt(session, GAME)
    turns = [
        {"al": ["build Coruscant GF 2", "build Kuat Vc1"], "bo": ["build Muunilist GF 2", "stance free"]},
        {"al": ["build Kamino GF 3"], "bo": ["build Raxus GF 1"]},
        {"al": ["stance free"], "bo": []},
    ]
    for orders in turns:
        for seat, texts in orders.items():
            for text in texts:
                session.order(seat, seat, text)
        if session.turn == 2:
            session.post("al", "team:GAR", "hold Kuat at all costs")
        session.ready("al", "al")
        session.ready("bo", "bo")
    game.close()
    assert session.turn == 4
    return store.read(GAME).record


def shown(app: HolotableApp) -> str:
    """All the replay screen shows: the visible screen, and every text in it (hidden tabs and
    scrolled-away lines included)."""
    texts = [screen_text(app)]
    for widget in app.screen.query(Static):
        content = widget.visual
        texts.append(str(getattr(content, "plain", "") or getattr(widget.content, "plain", widget.content)))
    return "\n".join(texts)


async def open_replay(pilot: Pilot[Any], viewer: str) -> ReplayScreen:
    """From the lobby: l (load a game), r (replay the highlighted one), pick ``viewer``."""
    app = pilot.app
    if not isinstance(app.screen, LoadGameScreen):
        await pilot.press("l")
        await pilot.pause()
    assert isinstance(app.screen, LoadGameScreen)
    await pilot.press("r")
    await pilot.pause()
    assert isinstance(app.screen, ViewerScreen), f"r should ask whose replay it is, not show {app.screen!r}"
    await pilot.press(*["down"] * VIEWERS.index(viewer), "enter")
    await pilot.pause()
    if viewer == GM:
        await pilot.press(*GM_PASSPHRASE, "enter")
        await pilot.pause()
    screen = app.screen
    assert isinstance(screen, ReplayScreen) and screen.viewer == viewer, f"expected the replay as {viewer}, found {screen!r}"
    return screen


def heading(app: HolotableApp) -> str:
    return widget_text(app.screen, "#replay-status")


async def test_replay_steps_through_the_turns_as_one_viewer_saw_them(tmp_path: Path) -> None:
    """Load game -> r -> as al: turn 1 of 4, stepping forward and back by every key; nothing only bo
    (or the GM) saw is ever drawn, while the GM's replay draws it."""
    record = saved_game(tmp_path)
    gm_frames, al_frames = frames(record, None), frames(record, "al")
    al_saw = json.dumps([(f.events, f.messages, f.view) for f in al_frames])
    al_read = json.dumps([(r.orders, [d.text for d in r.details]) for r in replay_reports(record, "al", al_frames)])
    gm_turn_one = replay_reports(record, GM, gm_frames)[0]
    secrets = [t for t in gm_turn_one.orders + [d.text for d in gm_turn_one.details] if t not in al_saw + al_read]
    assert any(s.startswith("bo orders: build Muunilist") for s in secrets), f"bo's orders should be hidden from al: {secrets}"

    app = HolotableApp(saves=default_saves(tmp_path))
    async with app.run_test(size=(120, 40)) as pilot:
        await open_replay(pilot, "al")
        assert "replay as al (GAR)" in heading(app) and "turn 1 of 4" in heading(app), heading(app)
        assert "al orders: build Kuat Vc1" in shown(app), "al's own orders of turn 1 should be in the report"
        seen = [heading(app)]
        for keys, turn in ((["right"], 2), (["n"], 3), (["left"], 2), (["p"], 1), (["p"], 1), (["end"], 4),
                           (["right"], 4), (["home"], 1), (["right", "right"], 3)):
            await pilot.press(*keys)
            await pilot.pause()
            assert f"turn {turn} of 4" in heading(app), f"after {keys} the replay should be at turn {turn}: {heading(app)}"
            text = shown(app)
            leaked = [s for s in secrets if s in text]
            assert not leaked, f"the replay as al drew what only others saw at turn {turn}: {leaked}"
            seen.append(heading(app))
        await pilot.press("end")
        await pilot.pause()
        assert "in progress" in heading(app), "the open turn should say it is still in progress"
        await pilot.press("home", "right")
        await pilot.pause()
        assert "hold Kuat at all costs" in shown(app), "al's team message of turn 2 should be in the replay"

        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LoadGameScreen), "Escape should go back to the list of games"
        await open_replay(pilot, "bo")
        assert "hold Kuat at all costs" not in shown(app) and "al orders: build Kuat Vc1" not in shown(app)
        await pilot.press("right")
        await pilot.pause()
        assert "hold Kuat at all costs" not in shown(app), "al's team message must not reach bo"

        await pilot.press("escape")
        await pilot.pause()
        await open_replay(pilot, GM)
        assert "replay as the GM" in heading(app) and "turn 1 of 4" in heading(app)
        text = shown(app)
        assert all(s in text for s in secrets), "the GM's replay should draw every side's orders and events in its report"


async def test_replay_button_and_cancel(tmp_path: Path) -> None:
    """The Replay button asks too; Escape at the question goes back to the list, nothing opened."""
    saved_game(tmp_path)
    app = HolotableApp(saves=default_saves(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        await pilot.click("#load-replay")
        await pilot.pause()
        assert isinstance(app.screen, ViewerScreen)
        assert "al (GAR)" in screen_text(app) and "the GM" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LoadGameScreen)
        assert app.game is None, "a replay must not open the game for play"


@pytest.mark.parametrize("size", SIZES)
def test_replay_screen(snap_compare: Any, size: tuple[int, int], tmp_path: Path) -> None:
    """The replay as al at turn 2 (a message of its own that turn)."""
    saved_game(tmp_path)

    async def to_turn_two(pilot: Pilot[Any]) -> None:
        await open_replay(pilot, "al")
        await pilot.press("right")
        await pilot.pause()

    assert snap_compare(HolotableApp(saves=default_saves(tmp_path)), run_before=to_turn_two, terminal_size=size)

