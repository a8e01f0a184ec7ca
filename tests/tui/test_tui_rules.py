"""Issue 27.3 in the war room: F1 then r opens the rules of the system in play, by section with their IDs,
searchable, at 80x24 and 120x40; a refusal naming a rule offers it as "(F1: <ID>)" and F1 then opens the
rules on that rule (over the help); snapshots of the rules screen."""
from __future__ import annotations

from typing import Any

import pytest

from core.session import Session
from tui.app import HolotableApp
from tui.screens.game import GameScreen
from tui.screens.help import HelpScreen
from tui.screens.rules import RulesScreen
from tui.storage import MemorySaves
from tui.widgets.order_pane import OrderPane
from tui_helpers import into, screen_text, searched, widget_text

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]
SIDES = {"raw": ("GAR", "CIS"), "gcw": ("Empire", "Rebel"), "swpm": ("P1", "P2"), "rift": ("Republic", "Separatists"),
         "tote": ("GE", "NR")}


def game(ruleset_id: str) -> Session:
    """A seeded game of ``ruleset_id``, al (human) against a bot."""
    mine, theirs = SIDES[ruleset_id]
    seats: list[Any] = [("al", mine), ("bo", theirs, True)]
    if ruleset_id == "raw":
        seats += [("cy", mine, True), ("di", theirs, True)]
        return Session.new("raw", seats, options={"min_players": 2}, seed="rules")
    return Session.new(ruleset_id, seats, seed="rules")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("ruleset_id", ["raw", "gcw", "swpm", "rift", "tote"])
async def test_f1_then_r_shows_the_rules_by_section_with_ids(ruleset_id: str, size: tuple[int, int]) -> None:
    """The rules screen holds the system's rules with their IDs under section headings; typing an ID narrows
    it to that rule; Escape goes back to the help, and again to the war room."""
    session = game(ruleset_id)
    book = session.ruleset.rules_text()
    app = HolotableApp(session, saves=MemorySaves())
    async with app.run_test(size=size) as pilot:
        await into(pilot)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen), app.screen
        assert "the rules" in screen_text(app), "the help should offer the rules on r"
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen), app.screen
        listed = widget_text(app.screen, "#rules-lines")
        first_section, first_rules = book.sections()[0]
        assert first_section in listed and first_rules[0].id in listed, f"{ruleset_id}: the first section is not shown"
        assert book.rules[-1].id in listed, f"{ruleset_id}: the last rule {book.rules[-1].id} is not listed"
        wanted = book.rules[len(book.rules) // 2]
        await pilot.press(*wanted.id.lower())
        await searched(pilot)
        found = widget_text(app.screen, "#rules-lines")
        assert wanted.id in found and len(found) < len(listed) // 10, f"{ruleset_id}: typing {wanted.id} did not narrow:\n{found}"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen), "Escape on the rules goes back to the help"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)


async def test_RIFT_GAP_15_a_refusal_offers_its_rule_on_f1() -> None:
    """RIFT-GAP-15 (deployment zones): a placement outside the zone is refused naming the rule; the refusal line
    offers "(F1: RIFT-GAP-15)" and F1 opens the rules on it; a refusal naming no rule opens the plain help."""
    session = Session.new("rift", [("al", "Republic"), ("bo", "Separatists", True)], seed="rules", reproducible=True)
    app = HolotableApp(session, saves=MemorySaves())
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await into(pilot)
        pane = screen.query_one(OrderPane)
        legal = session.ruleset.legal_orders(session.state, "al")
        if "deploy first" in legal:
            pane.input.value = "deploy first"
            await pilot.press("enter")
            await pilot.pause()
            legal = session.ruleset.legal_orders(session.state, "al")
        pane.input.value = "place "
        await pilot.press("tab", "tab")  # the first of al's units to place, as completion offers it
        await pilot.pause()
        assert pane.input.value.strip() != "place", f"no unit offered to place: {legal}"
        pane.input.value = pane.input.value.strip() + " 40,40"
        await pilot.press("enter")
        await pilot.pause()
        status = widget_text(screen, "#order-status")
        assert "RIFT-GAP-15" in status and "(F1: RIFT-GAP-15)" in status, f"the refusal should offer its rule:\n{status}"
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen), app.screen
        shown = widget_text(app.screen, "#rules-lines")
        assert "RIFT-GAP-15" in shown and "Deployment" in shown and "RIFT-GAP-14" not in shown, shown
        await pilot.press("escape", "escape")
        await pilot.pause()
        pane.input.value = "frobnicate"
        await pilot.press("enter")
        await pilot.pause()
        assert "(F1:" not in widget_text(screen, "#order-status"), "a refusal naming no rule offers none"
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen), app.screen


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("ruleset_id", ["rift", "tote"])
def test_snapshot_rules_screen(snap_compare: Any, ruleset_id: str, size: tuple[int, int]) -> None:
    async def open_it(pilot: Any) -> None:
        await into(pilot)
        await pilot.press("f1", "r")
        await pilot.pause()
    assert snap_compare(HolotableApp(game(ruleset_id), saves=MemorySaves()), run_before=open_it, terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_rules_screen_on_one_rule(snap_compare: Any, size: tuple[int, int]) -> None:
    async def open_it(pilot: Any) -> None:
        await into(pilot)
        await pilot.press("f1", "r", *"tractor")
        await searched(pilot)
    assert snap_compare(HolotableApp(game("tote"), saves=MemorySaves()), run_before=open_it, terminal_size=size)


async def test_RIFT_MOVE_01_enter_on_a_unit_opens_its_reference_card() -> None:
    """RIFT-MOVE-01 (a unit on the field): Enter on one of al's units, with the order line empty, opens the unit
    reference on that unit's type (the F11 card); Enter there puts its id on the order line. With an order being
    typed, Enter puts the id on the line at once."""
    from tui.screens.handover import HandOverScreen
    from tui.screens.reference import ReferenceScreen
    from tui.widgets.field_board import FieldBoard, token_at
    session = Session.new("rift", [("al", "Republic"), ("bo", "Separatists", True)], seed="rules", reproducible=True)
    app = HolotableApp(session, saves=MemorySaves())
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await into(pilot)
        pane = screen.query_one(OrderPane)
        for order in ("deploy first", "formation"):
            if order in session.ruleset.legal_orders(session.state, "al"):
                pane.input.value = order
                await pilot.press("enter")
                await pilot.pause()
        if isinstance(app.screen, HandOverScreen):  # al's placing is done: the bot places, then al again
            await pilot.press("enter")
            await pilot.pause()
            if not isinstance(app.screen, GameScreen):
                await into(pilot)
            screen = app.screen
            assert isinstance(screen, GameScreen), screen
            pane = screen.query_one(OrderPane)
        board = screen.query_one(FieldBoard)
        tokens = [t for t in screen.view["board"]["tokens"] if t["owner"] == "al"]
        assert tokens, "al's units should stand on the field after the formation"
        width, height = board._grid
        cell = next(((c, r) for r in range(height) for c in range(width)
                     if (tok := token_at(screen.view["board"], width, height, (c, r))) is not None and tok["owner"] == "al"), None)
        assert cell is not None, "no cell of the board shows one of al's units"
        unit = token_at(screen.view["board"], width, height, cell)
        board.cursor = cell
        pane.input.value = ""
        board.focus()
        await pilot.pause()
        assert app.focused is board, f"the board should have the focus, not {app.focused!r}"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ReferenceScreen), f"Enter on {unit['id']} ({unit['label']}) should open its card, not {app.screen!r}; line {pane.input.value!r}"
        shown = widget_text(app.screen, "#ref-lines")
        assert unit["label"] in shown, f"the card should be the {unit['label']}'s:\n{shown}"
        assert len(shown) < len(str(app.screen.rows)), "the card should show that type, not the whole reference"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and unit["id"] in pane.input.value, pane.input.value
        pane.input.value = "move "
        board.focus()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and pane.input.value.strip() == f"move {unit['id']}", pane.input.value
