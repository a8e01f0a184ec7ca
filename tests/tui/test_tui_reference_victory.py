"""Issue 27.1/27.2: F11 (the unit reference, with what its codes mean) and F12 (victory progress) are filled
in every rule system, at 80x24 and 120x40, read from the contract only; snapshots of both for the newer
systems."""
from __future__ import annotations

from typing import Any

import pytest

from core.registry import find_ruleset
from core.session import Session
from tui.app import HolotableApp
from tui.screens.reference import ReferenceScreen
from tui.screens.victory import VictoryScreen
from tui.storage import MemorySaves
from tui_helpers import into, raw_session, screen_text, widget_text

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]


def game(ruleset_id: str) -> Session:
    """A seeded game of ``ruleset_id`` past its setup, al (human) to look at it."""
    if ruleset_id == "raw":
        return raw_session("reference")
    if ruleset_id == "gcw":
        return Session.new("gcw", [("al", "Empire"), ("bo", "Rebel", True)], seed="reference")
    if ruleset_id == "swpm":
        lists = list(find_ruleset("swpm").starter_lists())
        s = Session.new("swpm", [("al", "P1"), ("bo", "P2")], options={"lists": {"al": lists[0], "bo": lists[1]}},
                        seed="reference")
        for seat in ("al", "bo"):
            for order in s.ruleset.bot(s.view(seat), seat):
                s.order(seat, seat, order)
        return s
    if ruleset_id == "rift":
        return Session.new("rift", [("al", "Republic"), ("bo", "Separatists", True)], scenario="skirmish", seed="reference")
    return Session.new("tote", [("al", "GE"), ("bo", "NR", True)], scenario="campaign", seed="reference")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("ruleset_id", ["raw", "gcw", "swpm", "rift", "tote"])
async def test_f11_and_f12_are_filled_in_every_rule_system(ruleset_id: str, size: tuple[int, int]) -> None:
    """F11 lists unit types (and, where the system has codes, what they mean), searchable; F12 shows the goal and
    the viewer's progress: neither says it has nothing."""
    app = HolotableApp(game(ruleset_id), saves=MemorySaves())
    async with app.run_test(size=size) as pilot:
        await into(pilot)
        await pilot.press("f11")
        await pilot.pause()
        assert isinstance(app.screen, ReferenceScreen), app.screen
        shown = screen_text(app)
        assert "lists no unit types" not in shown and app.screen.rows, f"{ruleset_id}: F11 is empty:\n{shown}"
        first = app.screen.rows[-1]["name"]
        listed = widget_text(app.screen, "#ref-lines")
        assert first in listed, f"{ruleset_id}: {first!r} not on the reference:\n{listed}"
        await pilot.press(*first.lower())
        await pilot.pause()
        found = widget_text(app.screen, "#ref-lines")
        assert first in found and len(found) < len(listed), f"{ruleset_id}: searching {first!r} did not narrow to it:\n{found}"
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("f12")
        await pilot.pause()
        assert isinstance(app.screen, VictoryScreen), app.screen
        shown = screen_text(app)
        assert "shows no victory progress" not in shown and app.screen.victory.get("rows"), \
            f"{ruleset_id}: F12 is empty:\n{shown}"
        assert "(you)" in shown or size[1] < 30, f"{ruleset_id}: al's own progress is not marked:\n{shown}"


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("ruleset_id", ["swpm", "rift", "tote"])
@pytest.mark.parametrize("key", ["f11", "f12"])
def test_snapshot_reference_and_victory(snap_compare: Any, ruleset_id: str, key: str, size: tuple[int, int]) -> None:
    async def open_it(pilot: Any) -> None:
        await into(pilot)
        await pilot.press(key)
        await pilot.pause()
    assert snap_compare(HolotableApp(game(ruleset_id), saves=MemorySaves()), run_before=open_it, terminal_size=size)


async def test_TOTE_WIN_02_hotseat_f12_shows_only_what_the_viewer_may_know() -> None:
    """TOTE-WIN-02, TOTE-GAP-29 (hot-seat leak): a stronghold of the other faction changing hands where the viewer
    has no eyes leaves the viewer's F12 panel exactly the same."""
    session = Session.new("tote", [("al", "GE"), ("bo", "NR")], scenario="campaign", seed="reference")
    app = HolotableApp(session, saves=MemorySaves())
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await into(pilot)
        seat = screen.seat
        await pilot.press("f12")
        await pilot.pause()
        first = screen_text(app)
        assert "Strongholds held" in first and "(you)" in first, first
        await pilot.press("escape")
        await pilot.pause()
        c = session.state["campaign"]
        other = next(s for s in c["strongholds"] if s != seat)
        c["planets"][c["strongholds"][other][0]]["owner"] = None  # unseen by the viewer
        screen.refresh_view()
        await pilot.press("f12")
        await pilot.pause()
        assert screen_text(app) == first, "a change the viewer cannot see must not show on its victory panel"
