"""The fleet and deck builder in the lobby: live checks naming rule IDs, lists saved per player,
and a list taken into a new game (pilot and snapshots at 80x24 and 120x40)."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, Static

from core.registry import find_ruleset
from tui.app import HolotableApp
from tui.lists import ListBook
from tui.screens.fleet_builder import FleetBuilderScreen
from tui.screens.new_game import NewGameScreen
from tui.storage import MemorySaves

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]
BROKEN = "xwing*4 mc80 / focus-fire*4"


def plain(screen: Any, selector: str) -> str:
    widget = screen.query_one(selector, Static)
    return str(getattr(widget.visual, "plain", widget.content))


async def open_builder(pilot: Pilot[Any]) -> FleetBuilderScreen:
    await pilot.press("b")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, FleetBuilderScreen), f"b in the lobby should open the builder, not {screen!r}"
    return screen


async def test_builder_checks_live_saves_and_takes_the_list_into_a_new_game() -> None:
    """SWPM-DECK-01, SWPM-DECK-03, SWPM-DECK-04 named live; a legal list saved per player; F5 opens
    the new-game form with the list in the lists option."""
    app = HolotableApp(saves=MemorySaves())
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_builder(pilot)
        screen.query_one("#fb-text", Input).value = BROKEN
        await pilot.pause()
        checks = plain(screen, "#fb-checks")
        for rule in ("SWPM-DECK-01", "SWPM-DECK-03", "SWPM-DECK-04"):
            assert rule in checks, f"{rule} missing from the live checks: {checks}"
        screen.query_one("#fb-player", Input).value = "ann"
        screen.query_one("#fb-name", Input).value = "bad"
        await pilot.press("f2")
        await pilot.pause()
        assert screen.book is not None and screen.book.lists("ann", "swpm") == {}, "a broken list is not saved"
        legal = find_ruleset("swpm").starter_lists()["rebel-strike"]
        screen.query_one("#fb-text", Input).value = legal
        await pilot.pause()
        assert "legal" in plain(screen, "#fb-checks")
        await pilot.press("f2")
        await pilot.pause()
        assert screen.book.lists("ann", "swpm") == {"bad": legal}
        assert "bad" in plain(screen, "#fb-saved-list")
        from textual.widgets import Select
        assert "saved: bad" in [str(o[0]) for o in screen.query_one("#fb-starter", Select)._options], "saved lists can be loaded"
        await pilot.press("f5")
        await pilot.pause()
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewGameScreen) and form.ruleset_id == "swpm"
        assert json.loads(form.query_one("#opt-lists", Input).value) == {"P1": legal}


def test_list_book_keeps_lists_per_player_on_disk(tmp_path: Path) -> None:
    """Lists are saved per player and read back; an unreadable file is reported and left alone."""
    book = ListBook(tmp_path / "lists.json")
    book.save("ann", "swpm", "mine", "xwing / brace")
    book.save("bob", "swpm", "his", "tie / brace")
    again = ListBook(tmp_path / "lists.json")
    assert again.lists("ann", "swpm") == {"mine": "xwing / brace"} and again.lists("bob", "swpm") == {"his": "tie / brace"}
    (tmp_path / "bad.json").write_text("{not json", encoding="utf-8")
    broken = ListBook(tmp_path / "bad.json")
    assert broken.problem and broken.path is None and (tmp_path / "bad.json").read_text() == "{not json"


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_builder(snap_compare: Any, size: tuple[int, int]) -> None:
    """The builder with a broken list: every rule it breaks, with its ID."""
    async def fill(pilot: Pilot[Any]) -> None:
        screen = await open_builder(pilot)
        screen.query_one("#fb-player", Input).value = "ann"
        screen.query_one("#fb-text", Input).value = BROKEN
        await pilot.pause()
    assert snap_compare(HolotableApp(saves=MemorySaves()), run_before=fill, terminal_size=size)
