"""The replay shows each turn's report as that viewer got it (the summary first, the sheets as they
stood when the turn resolved, then every die), with the board as it stood; the keys step the turns.
The shell replay prints the same reports, and nothing a seat did not see."""
from __future__ import annotations

import copy
import sys
from functools import lru_cache
from pathlib import Path
from typing import Any

from textual.app import App

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "report"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "raw"))
from core.events import GM  # noqa: E402
from core.report import render  # noqa: E402
from core.session import Session  # noqa: E402
from saves.replay import frames, replay_reports, replay_text  # noqa: E402
from saves.store import GameStore  # noqa: E402
from test_golden_reports import gcw_campaign  # noqa: E402
from test_tui_replay import heading, open_replay  # noqa: E402
from tui.app import HolotableApp  # noqa: E402
from tui.screens.replay import ReplayScreen  # noqa: E402
from tui.storage import default_saves  # noqa: E402
from tui_helpers import widget_text  # noqa: E402

RAW_GAME = "replay-battles"


@lru_cache(maxsize=2)
def raw_war(secrets: bool = False) -> dict[str, Any]:
    """Republic at War: al (GAR, at the keyboard) with cy (GAR bot) against the CIS bots bo and di,
    twelve turns resolved; battles from turn 4 on. Its record. With ``secrets``, in turn 5 bo writes
    to the CIS team, the GM to di, and bo gives an order and withdraws it: all hidden from al."""
    session = Session.new("raw", [("al", "GAR"), ("bo", "CIS", True), ("cy", "GAR", True), ("di", "CIS", True)],
                          options={"min_players": 2}, seed="replay-raw")
    session.set_gm_passphrase("replay gm")
    for _ in range(12):
        if secrets and session.turn == 5:
            session.post("bo", "team:CIS", "CIS-SECRET: strike Kuat")
            session.post(GM, next(t for t in session.threads_for(GM) if t.endswith("di")), "GM-SECRET for di")
            session.order("bo", "bo", "stance hold")
            session.withdraw("bo", "bo", len(session.sheet("bo")) - 1)
        session.ready("al", "al")
        session._run_bots()
    assert session.turn == 13
    return copy.deepcopy(session.record)


def report_shown(app: App[Any]) -> str:
    return widget_text(app.screen, "#replay-report")


def in_order(text: str, *pieces: str) -> None:
    """Each of ``pieces`` is in ``text``, one after the other."""
    at = [text.find(p) for p in pieces]
    assert all(i >= 0 for i in at), f"missing {[p for p, i in zip(pieces, at) if i < 0]} in:\n{text}"
    assert at == sorted(at), f"{pieces} should come in that order:\n{text}"


async def test_the_raw_replay_steps_through_each_turns_report(tmp_path: Path) -> None:
    """Lobby -> load -> r -> al: each turn shows al's report of that turn; at turn 4, the battle at
    Anaxes in the summary, then the sheets as resolved, then every die; bo's and di's sheets never."""
    record = raw_war()
    store = GameStore(tmp_path)
    store.adopt(Session.from_record(copy.deepcopy(record)), RAW_GAME).close()
    reports = replay_reports(record, "al", frames(record, "al"))
    app = HolotableApp(saves=default_saves(tmp_path))
    async with app.run_test(size=(120, 40)) as pilot:
        await open_replay(pilot, "al")
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        for turn in range(1, 14):
            text = report_shown(app)
            assert f"turn {turn} of 13" in heading(app)
            assert text.startswith(reports[turn - 1].title), f"turn {turn} should show its own report:\n{text[:200]}"
            assert "bo orders:" not in text and "di orders:" not in text, f"the CIS sheets reached al at turn {turn}"
            board = screen.query_one("#board")
            assert board.border_title == (f"After turn {turn}" if turn < 13 else "Turn 13 so far")
            if turn == 4:
                in_order(text, "⚔ Battle at Anaxes", "Losses at Anaxes", "Orders as they stood when the turn resolved",
                         "cy orders: ally Ryloth", "Details, every die", "roll     battle at Anaxes")
                rolls = [d for d in reports[3].details if d.dice]
                assert len(rolls) == 7 and all(d.text in text for d in rolls), "every die of the turn is in its report"
            await pilot.press("right")
            await pilot.pause()
        await pilot.press("home")
        await pilot.pause()
        assert "turn 1 of 13" in heading(app) and report_shown(app).startswith(reports[0].title)


async def test_the_gcw_replay_shows_the_battle_of_turn_seven_with_its_dice() -> None:
    """The GCW campaign as ann (Empire): End, then back to turn 7: the battle at Carida with its dice;
    the report is the one the engine made for ann."""
    record = gcw_campaign().record
    shown = frames(record, "ann")
    reports = replay_reports(record, "ann", shown)

    class ReplayApp(App[None]):
        def on_mount(self) -> None:
            self.push_screen(ReplayScreen("gcw-golden", "ann", shown, None, reports))

    app = ReplayApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("end")
        await pilot.pause()
        assert "turn 8 of 8" in heading(app) and "in progress" in heading(app)
        await pilot.press("p")
        await pilot.pause()
        text = report_shown(app)
        assert "turn 7 of 8" in heading(app)
        in_order(text, "Turn 7 report, for ann (Empire)", "⚔ Battle at Carida", "Details, every die")
        dice = [d for d in reports[6].details if d.dice]
        assert dice and all(d.text in text for d in dice), "every roll of turn 7 is shown"
        await pilot.press("left")
        await pilot.pause()
        assert "turn 6 of 8" in heading(app) and "Battle at Carida" not in report_shown(app)


def test_the_shell_replay_prints_each_turns_report() -> None:
    """``holotable replay GAME --as al``: each turn's report, exactly as rendered for the forum, in order."""
    record = raw_war()
    text = replay_text(record, "al", game_id=RAW_GAME)
    reports = replay_reports(record, "al", frames(record, "al"))
    assert len(reports) == 13
    in_order(text, *(render(r, "text") for r in reports))
    assert "== Turn 4 report, for al (GAR) ==" in text and "Battle at Anaxes" in text
    assert "bo orders:" not in text and "di orders:" not in text, "the other team's sheets reached al"
    assert record["seed"] not in text, "a running game's seed is never in a seat's replay"


def test_the_shell_replay_of_a_seat_does_not_change_with_what_it_cannot_see() -> None:
    """The same war with hidden things added in turn 5 (a CIS team message, a GM note to di, an
    order bo gave and withdrew): al's replay text is the same to the letter; the GM's shows them."""
    plain, hidden = raw_war(), raw_war(secrets=True)
    assert hidden["journal"] != plain["journal"]
    assert replay_text(hidden, "al") == replay_text(plain, "al"), "al's replay changed with what al never saw"
    gm = replay_text(hidden, GM)
    assert gm != replay_text(plain, GM) and "CIS-SECRET" in gm and "GM-SECRET" in gm, "the GM's replay shows them"
    assert "CIS-SECRET" in replay_text(hidden, "di"), "di reads its team's thread"
