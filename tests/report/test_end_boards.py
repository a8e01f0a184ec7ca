"""The end-of-game screen draws the final board of every kind with its shared widget, as every seat
knows it: zones (Pocket Models), a field (RiftWar), rings (Twilight of the Empire), a map (RAW)."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.pilot import Pilot

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tui"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "swpm"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rift"))
from core.report import public_board  # noqa: E402
from core.session import Session  # noqa: E402
from saves.replay import ending  # noqa: E402
from test_rift_golden import game as rift_game  # noqa: E402
from test_swpm_golden import game as swpm_game  # noqa: E402
from tui.screens.game_over import GameOverScreen  # noqa: E402
from tui.widgets.field_board import FieldBoard  # noqa: E402
from tui.widgets.zones_board import ZonesBoard  # noqa: E402
from tui_helpers import screen_text  # noqa: E402


class EndApp(App[None]):
    """A bare app showing one end-of-game screen."""

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session

    def on_mount(self) -> None:
        self.push_screen(GameOverScreen(self.session, "end-demo"))


def test_the_swpm_end_board_holds_no_hand_and_no_face_down_card() -> None:
    """The zones board at the end is what both seats' boards show alike: no hand (not even the cards
    both hands happen to hold), no face-down objective's card, no seat's list of its own."""
    session = swpm_game()
    assert session.outcome() is not None
    board, _ = ending(session)
    assert board is not None and board["kind"] == "zones" and board["viewer"] is None
    assert board["hand"] == [], "a hand is its seat's own, never the end screen's"
    views = {seat: session.view(seat)["board"] for seat in session.seats()}
    for player in board["players"]:
        for slot in player["slots"]:
            if "card" in slot:
                theirs = [s for p in views[next(x for x in views if x != player["seat"])]["players"]
                          if p["seat"] == player["seat"] for s in p["slots"] if s["n"] == slot["n"]]
                assert theirs and theirs[0].get("card") == slot["card"], f"{player['seat']} slot {slot['n']} leaks a card"
    ids = {u["id"] for z in board["zones"] for u in z["units"]}
    for seat, own in views.items():
        assert ids <= {u["id"] for z in own["zones"] for u in z["units"]}, f"a unit {seat} cannot see is on the end board"


def test_a_hand_is_never_cut_to_what_every_hand_holds() -> None:
    """Two hands that share a card: the public board keeps neither (the shared card would tell
    each seat what the other holds)."""
    card = {"tag": "brace", "name": "Brace"}
    views = [{"board": {"kind": "zones", "zones": [], "players": [], "hand": [card, {"tag": a}], "viewer": a}}
             for a in ("p1", "p2")]
    board = public_board(views)
    assert board == {"kind": "zones", "zones": [], "players": [], "hand": [], "viewer": None}


def test_boards_of_different_kinds_have_nothing_in_common() -> None:
    assert public_board([{"board": {"kind": "zones"}}, {"board": {"kind": "field"}}]) is None
    assert public_board([{"turn": 1}]) is None


@pytest.mark.parametrize("game, widget, words", [
    pytest.param(swpm_game, ZonesBoard, ["p1 home", "p2 home"], id="swpm"),
    pytest.param(rift_game, FieldBoard, ["A1 ", "B10", "█ high"], id="rift"),
])
async def test_the_end_screen_draws_the_final_board(game: Any, widget: type, words: list[str]) -> None:
    """SWPM's zones and RiftWar's field are drawn at the end with their own widgets, beside who won."""
    session = game()
    app = EndApp(session)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameOverScreen)
        drawn = screen.query_one("#over-map")
        assert isinstance(drawn, widget), f"the final board should be drawn by {widget.__name__}, not {drawn!r}"
        assert not screen.query("#over-no-map"), "a board every seat shares is drawn, not explained away"
        text = screen_text(app)
        assert "Won by" in text or "draw" in text, text
        missing = [w for w in words if w not in text]
        assert not missing, f"the final board should show {missing}:\n{text}"


@pytest.mark.parametrize("size", [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")])
def test_swpm_end_screen(snap_compare: Any, size: tuple[int, int]) -> None:
    """The end of the golden Pocket Models game: the zones board as both seats know it."""
    async def settle(pilot: Pilot[Any]) -> None:
        await pilot.pause()
    assert snap_compare(EndApp(swpm_game()), run_before=settle, terminal_size=size)


def fresh(ruleset: str) -> Session:
    """A new two-seat game of ``ruleset``: the first two sides of its rule system."""
    from core.registry import find_ruleset
    sides = list(find_ruleset(ruleset).sides())
    options = {"min_players": 2} if ruleset == "raw" else {}
    return Session.new(ruleset, [("al", sides[0]), ("bo", sides[1])], options=options, seed="end-boards")


@pytest.mark.parametrize("ruleset, kind, widget", [
    ("raw", "map", "GalaxyMap"), ("gcw", "map", "GalaxyMap"), ("swpm", "zones", "ZonesBoard"),
    ("rift", "field", "FieldBoard"), ("tote", "rings", "RingsBoard"),
])
async def test_every_rule_system_gets_its_board_drawn_at_the_end(ruleset: str, kind: str, widget: str) -> None:
    """All five rule systems: the end screen draws the common board with the shared widget of its kind."""
    session = fresh(ruleset)
    board, _ = ending(session)
    assert board is not None and board["kind"] == kind
    app = EndApp(session)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert type(app.screen.query_one("#over-map")).__name__ == widget


def test_the_tote_end_board_keeps_only_what_both_seats_read_on_a_card() -> None:
    """Twilight of the Empire's unit cards: a line of a card at the end is on that card in both seats'
    views (exact shields for its owner, percentages for the enemy: neither is common)."""
    session = fresh("tote")
    board, _ = ending(session)
    views = [session.view(seat)["board"]["cards"] for seat in session.seats()]
    assert board is not None and board["cards"], "the unit cards every seat sees are kept"
    for card_id, card in board["cards"].items():
        for line in card.get("lines", []):
            assert all(line in v[card_id]["lines"] for v in views), f"{card_id}: {line!r} is not on every seat's card"
    assert board["viewer"] is None
