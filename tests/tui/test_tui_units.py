"""The war room's parts without a screen (the map's layout: test_map_geometry.py): the hot-seat rotation and desks,
editing a sheet in place, the saves, the play command's arguments."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from core.errors import HolotableError
from core.registry import ruleset_ids
from core.session import Session
from tui.bridge import SessionAdvisor, replace_order, report_events
from tui.cli import parse_options, parse_seats
from tui.hotseat import Desk, HotSeat
from tui.storage import default_saves
from tui_helpers import raw_session

def test_hotseat_rotation_skips_bots_and_ready_seats() -> None:
    session = raw_session()
    seats = HotSeat(session)
    assert seats.humans() == ["al", "bo"]
    assert seats.next_seat() == "al"
    session.ready("al", "al", True)
    assert seats.next_seat(after="al") == "bo"
    session.ready("bo", "bo", True)
    assert session.turn == 2 and seats.next_seat(after="bo") == "al", "a new turn starts again from the first seat"


def test_desk_unread() -> None:
    desk = Desk("al")
    messages = [{"n": 1, "thread": "public", "from": "bo"}, {"n": 2, "thread": "public", "from": "al"},
                {"n": 3, "thread": "team:GAR", "from": "cy"}]
    assert desk.unread(messages) == {"public": 1, "team:GAR": 1}
    desk.mark_read("public", messages)
    assert desk.unread(messages) == {"team:GAR": 1}


def test_replace_order_keeps_the_place_and_restores_on_refusal() -> None:
    session = raw_session()
    for text in ("build Coruscant GF 2", "build Kamino GF 2", "stance free"):
        session.order("al", "al", text)
    replace_order(session, "al", "al", 1, "build Kamino GF")
    assert [o["text"] for o in session.sheet("al")] == ["build Coruscant GF 2", "build Kamino GF", "stance free"]
    with pytest.raises(HolotableError):
        replace_order(session, "al", "al", 0, "build Kuat Vc1")
    assert [o["text"] for o in session.sheet("al")] == ["build Coruscant GF 2", "build Kamino GF", "stance free"], \
        "a refused edit must leave the sheet as it was"


def test_advisor_never_raises() -> None:
    advisor = SessionAdvisor(raw_session(), "al")
    assert "build" in advisor.verbs()
    assert advisor.complete("build Cor") == ["build Coruscant"]
    assert advisor.help("nonsense") is None
    assert advisor.odds("build Kuat Vc1") is None, "an order that is refused has no odds (and raises nothing)"
    assert advisor.odds("ally Ryloth").rows


def test_report_leaves_out_orders_and_what_the_seat_may_not_see() -> None:
    session = raw_session()
    session.order("al", "al", "build Coruscant GF 2")
    session.order("bo", "bo", "stance free")
    session.ready("al", "al", True)
    session.ready("bo", "bo", True)
    events = report_events(session, "al", 1)
    assert events and not any(e["kind"] == "order" for e in events)
    assert not any("bo orders" in e["text"] for e in events)


def test_the_war_rooms_saves_are_the_store_listing_and_reopening_by_id(tmp_path: Path) -> None:
    saves = default_saves(tmp_path)
    game = saves.adopt(raw_session("json"))
    game.session.order("al", "al", "stance free")
    game.close()
    (tmp_path / "games" / "junk.json").write_text("{not json")
    entries = saves.list()
    good = [e for e in entries if e.problem is None]
    assert [e.id for e in good] == [game.game_id] and good[0].title == "Republic at War" and good[0].turn == 1
    assert any(e.id == "junk" and "not valid JSON" in (e.problem or "") for e in entries)
    reopened = saves.open(game.game_id)
    assert [o["text"] for o in reopened.session.sheet("al")] == ["stance free"]
    reopened.close()


def test_play_arguments() -> None:
    assert parse_seats("al:GAR, bo:CIS:bot") == [("al", "GAR", False), ("bo", "CIS", True)]
    with pytest.raises(ValueError, match="NAME:SIDE"):
        parse_seats("al")
    assert parse_options(["min_players=2", "map=map.toml", "bombard_under_50=true"]) == \
        {"min_players": 2, "map": "map.toml", "bombard_under_50": True}
    with pytest.raises(ValueError, match="KEY=VALUE"):
        parse_options(["oops"])


def test_play_is_registered_and_replaces_the_console_demo() -> None:
    from tui.main import SUBCOMMANDS, build_parser
    build_parser()
    assert SUBCOMMANDS["play"].run.__module__ == "tui.cli"


def test_a_board_that_is_no_map_is_listed() -> None:
    from tui.panels import board_widget
    from tui.widgets.board_text import BoardText, board_listing
    from tui.widgets.zones_board import ZonesBoard
    assert isinstance(board_widget("zones"), ZonesBoard), "zones boards have their own widget"
    assert isinstance(board_widget("grid"), BoardText)
    text = board_listing({"kind": "grid", "zones": [{"id": "z1", "name": "Left flank", "owner": "Empire",
                                                      "marks": ["battle"], "lines": ["2 units"]}]}).plain
    assert "Left flank" in text and "[Empire]" in text and "battle" in text and "2 units" in text
