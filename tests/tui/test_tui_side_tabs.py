"""The war room's side tabs are built when first shown (issue 14: a player's first frame builds only
what is on show) and, once built, show and follow the game exactly as if they had always been there."""
from __future__ import annotations

from textual.widgets import Tab

from tui.app import HolotableApp
from tui.screens.game import GameScreen
from tui.screens.game_side import LazyPane
from tui.text import events_text, resources_text
from tui.widgets.event_log import EventLog
from tui.widgets.messages import MessageBoard
from tui.widgets.rosters import RosterPanel
from tui_helpers import raw_session, screen_text, widget_text

SIZE = (120, 40)


def built(screen: GameScreen) -> set[str]:
    """The names of the hidden-at-first tabs' widgets that exist on ``screen``."""
    return {kind.__name__ for kind in (RosterPanel, EventLog, MessageBoard) if screen.query(kind)}


async def test_the_first_frame_builds_only_the_sheet_and_each_tab_is_built_once_when_shown() -> None:
    session = raw_session()
    app = HolotableApp(session, seat="al")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert built(screen) == set(), "Forces, Log and Msgs wait until they are shown"
        assert all(not p.children for p in screen.query(LazyPane)), "their tabs hold nothing yet"
        assert "Forces" in screen_text(app) and "Log" in screen_text(app), "but their tabs are there to pick"

        await pilot.press("f5")
        await pilot.pause()
        forces = screen.query_one(RosterPanel)
        assert screen.focused is forces, "F5 shows the forces and focuses them"
        view = session.view("al")
        assert widget_text(screen, "#resources") == resources_text(dict(view["resources"])).plain
        rosters = widget_text(screen, "#rosters")
        assert all(str(r["title"]) in rosters for r in view["rosters"]), "every roster of the view is drawn"

        await pilot.press("f6", "f5")
        await pilot.pause()
        assert list(screen.query(RosterPanel)) == [forces], "shown again, the tab is kept, not built again"
        assert widget_text(screen, "#log-lines") == events_text(list(session.view("al")["log"])).plain


async def test_a_tab_clicked_open_is_built_and_a_built_hidden_tab_follows_the_game() -> None:
    session = raw_session()
    app = HolotableApp(session, seat="al")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        msgs = next(t for t in screen.query(Tab) if t.label_text.startswith("Msgs"))
        await pilot.click(msgs)
        await pilot.pause()
        assert screen.query(MessageBoard), "a click on Msgs builds the message board"
        await pilot.press("f4")  # back to the sheet: the board is hidden but built
        await pilot.pause()
        session.post("bo", "public", "the Outer Rim is ours")
        await pilot.pause()
        assert "Msgs ●1" in screen_text(app), "a message arriving while the board is hidden is counted unread"
        await pilot.press("f7")
        await pilot.pause()
        assert "the Outer Rim is ours" in widget_text(screen, "#message-lines"), "and shown when the board is"
        assert screen.desk.read.get("public") == 1 and "Msgs ●" not in screen_text(app), "and then read"


async def test_a_message_before_the_board_was_ever_shown_is_counted_and_shown_when_it_is() -> None:
    session = raw_session()
    app = HolotableApp(session, seat="al")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        session.post("bo", "public", "Kamino stands alone")
        await pilot.pause()
        assert "Msgs ●1" in screen_text(app) and not app.screen.query(MessageBoard), "counted, nothing built"
        await pilot.press("f7")
        await pilot.pause()
        assert "Kamino stands alone" in widget_text(app.screen, "#message-lines")
        assert app.screen.focused is app.screen.query_one("#post"), "F7 puts the cursor on the post line"


async def test_a_message_redraws_only_the_message_board_and_only_where_its_thread_is_read() -> None:
    """A GM's or player's message (issue 32: each one recomputed and redrew every war room of the game)
    reaches the seats that read its thread without a new view of the game; elsewhere nothing is drawn."""
    session = raw_session()
    app = HolotableApp(session, seat="al")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        views: list[str] = []
        real_view = session.view
        session.view = lambda viewer: (views.append(viewer), real_view(viewer))[1]  # type: ignore[method-assign]
        session.post("bo", "team:CIS", "al must not hear of this")
        await pilot.pause()
        assert "Msgs ●" not in screen_text(app), "a thread al cannot read is counted nowhere on al's screen"
        session.post("cy", "public", "the Outer Rim holds")
        await pilot.pause()
        assert "Msgs ●1" in screen_text(app), "a message al may read is counted at once"
        assert views == [], f"a message alone must not recompute the seat's view of the game: {views}"
        await pilot.press("f7")
        await pilot.pause()
        assert "the Outer Rim holds" in widget_text(app.screen, "#message-lines")
        assert "al must not hear" not in screen_text(app)
