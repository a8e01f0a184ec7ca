"""The order line as a player types on it (issue 13, "orders as you type"): a two-word name completed
inside a comma list and accepted, several pasted lines given as several orders with a summary, an
edit that keeps the cursor at the end, Ctrl+U, a refusal that shows its reason first and goes when
the line changes, odds shown or explained while typing, and only the seat's own verbs offered."""
from __future__ import annotations

from textual import events

from tui.app import HolotableApp
from tui.bridge import SessionAdvisor
from tui.screens.game import GameScreen
from tui.screens.help import HelpScreen
from tui.screens.odds import OddsScreen
from tui.storage import MemorySaves
from tui.widgets.order_pane import OrderInput, OrderPane
from tui_helpers import enter_order, pass_curtain, raw_session, type_text, widget_text

SIZE = (120, 40)


def _line(app: HolotableApp) -> OrderInput:
    return app.screen.query_one(OrderInput)


async def test_a_two_word_name_completes_inside_a_list_and_the_parser_accepts_it() -> None:
    """bo's surge names Gwori and 'Lola Sayu' as donors: Tab completes the two-word name after the comma."""
    session = raw_session()
    app = HolotableApp(session, seat="bo")
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, GameScreen)
        await type_text(pilot, "surge Felucia Gwori,Lol")
        await pilot.pause()
        assert "Tab ▸ Lola Sayu" in widget_text(app.screen, "#order-assist"), "the two-word name is offered whole, alone"
        await pilot.press("tab")
        assert _line(app).value == "surge Felucia Gwori,Lola Sayu ", f"Tab should complete the name: {_line(app).value!r}"
        await pilot.press("enter")
        await pilot.pause()
        assert [o["text"] for o in session.sheet("bo")] == ["surge Felucia Gwori,Lola Sayu"], widget_text(app.screen, "#order-status")
        assert session.sheet("bo")[0]["args"]["donors"] == ["Gwori", "Lola Sayu"]


async def test_pasting_several_lines_gives_several_orders_each_checked_with_a_summary() -> None:
    session = raw_session()
    app = HolotableApp(session, seat="al")
    async with app.run_test(size=SIZE) as pilot:
        _line(app).focus()
        await pilot.pause()
        _line(app).post_message(events.Paste("build Coruscant GF 2\n\nbuild Kuat Vc1\n  stance hold neutral  \nconcede\n"
                                             "say public my orders are in\n"))
        await pilot.pause()
        assert [o["text"] for o in session.sheet("al")] == ["build Coruscant GF 2", "stance hold neutral"], \
            "each good line is given, in order; the refused ones are not"
        assert session.messages_for("al")[-1]["text"] == "my orders are in", "a say line goes to its thread"
        status = widget_text(app.screen, "#order-status")
        assert "pasted 5 orders: ✓ 3 accepted, ✗ 2 refused" in status, status
        assert "2. build Kuat Vc1: 'Kuat' is not a planet you can use here" in status, status
        assert "4. concede: it cannot be taken back" in status, "a final order is never given from a paste"
        assert _line(app).value == "", "the line is clear after a paste"
        assert session.outcome() is None


async def test_a_single_pasted_line_goes_onto_the_line_as_usual() -> None:
    app = HolotableApp(raw_session(), seat="al")
    async with app.run_test(size=SIZE) as pilot:
        _line(app).focus()
        _line(app).post_message(events.Paste("build Coruscant GF\n"))
        await pilot.pause()
        assert _line(app).value == "build Coruscant GF"


async def test_edit_puts_the_cursor_at_the_end_and_ctrl_u_clears_the_line() -> None:
    session = raw_session()
    app = HolotableApp(session, saves=MemorySaves())
    async with app.run_test(size=SIZE) as pilot:
        await pass_curtain(pilot)
        await enter_order(pilot, "build Coruscant GF 2")
        await pilot.press("f4", "e")
        await pilot.pause()
        line = _line(app)
        assert line.value == "build Coruscant GF 2" and line.has_focus
        assert line.selection.is_empty and line.cursor_position == len(line.value), \
            f"the cursor sits at the end, nothing selected: {line.selection}"
        await pilot.press("backspace")
        await type_text(pilot, "3")
        assert line.value == "build Coruscant GF 3", "typing changes the end, not the whole (selected) text"
        await pilot.press("ctrl+u")
        assert line.value == "", "Ctrl+U clears the whole line"
        await type_text(pilot, "build Kamino GF")
        await pilot.press("enter")
        await pilot.pause()
        assert [o["text"] for o in session.sheet("al")] == ["build Kamino GF"], "the edit stays open after Ctrl+U"


async def test_a_refusal_shows_its_reason_first_and_goes_when_the_line_changes() -> None:
    session = raw_session()
    app = HolotableApp(session, seat="al")
    async with app.run_test(size=SIZE) as pilot:
        await type_text(pilot, "build Kuat Vc1")
        await pilot.press("enter")
        await pilot.pause()
        status = app.screen.query_one("#order-status")
        text = widget_text(app.screen, "#order-status")
        assert status.display and text.startswith("✗ refused: 'Kuat' is not a planet you can use here"), \
            f"the reason comes first, not the order quoted again: {text!r}"
        assert "\n  legal: Bothawui, Carida, Coruscant" in text, f"what is legal follows on its own line: {text!r}"
        await pilot.press("backspace")
        await pilot.pause()
        assert not status.display, "the old refusal goes as soon as the line changes"
        assert _line(app).value == "build Kuat Vc"


async def test_odds_are_shown_or_explained_while_typing() -> None:
    """RAW: an assault on a garrison the seat has not seen says 'scan it first'; an ally roll shows its bars;
    an order whose odds are unknown is given at Enter without a pop-up."""
    session = raw_session()
    state = session.state
    from core.rulesets.raw.setup import new_unit, next_uid
    uid = next_uid(state, "al")
    state["units"][uid] = new_unit("Ac1", "al", "Raxus") | {"gf": 2}
    app = HolotableApp(session, seat="al")
    async with app.run_test(size=SIZE) as pilot:
        await type_text(pilot, "assault Raxus")
        await pilot.pause()
        assist = widget_text(app.screen, "#order-assist")
        assert "odds unknown: you do not know Raxus's garrison: scan it first" in assist, assist
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, OddsScreen), "no odds to show: the order is given at once"
        assert [o["text"] for o in session.sheet("al")] == ["assault Raxus"]
        await type_text(pilot, "ally Ryloth")
        await pilot.pause()
        assert "16.67%" in widget_text(app.screen, "#order-assist")


async def test_only_the_seats_own_verbs_are_offered() -> None:
    """GCW setup: the Empire is never offered the Rebel's 'base': not by Tab, the orders row or F1."""
    from core.session import Session
    session = Session.new("gcw", [("em", "Empire"), ("re", "Rebel")], seed="order-line")
    app = HolotableApp(session, seat="em")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        pane = app.screen.query_one(OrderPane)
        assert "base" not in pane.advisor.verbs() and "fleet" in pane.advisor.verbs()
        row = widget_text(app.screen, "#order-assist")
        assert "orders:" in row and " base" not in row.split("orders:")[1], row
        await type_text(pilot, "ba")
        await pilot.press("tab")
        assert _line(app).value == "ba", "Tab offers no verb the Empire cannot give"
        await pilot.press("ctrl+u", "f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        page = widget_text(app.screen, "#help-page")
        now, _, rest = page.partition("you can give now")[2].partition("other orders of the game")
        assert "fleet <system>" in now and "base <system>" not in now and "\nbase" not in page, \
            "F1 details only the orders the Empire can give now"
        assert "base" in rest.split("\n")[0], "the others are named, so a player knows they exist"
    assert "base" in SessionAdvisor(session, "re").verbs(), "the Rebel is offered it"
