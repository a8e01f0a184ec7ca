"""Line mode (console, scripts, screen readers) shows the sheet's money, the urgent items and victory progress
the same as the war room (issue 13), from the view: RAW-PROD-01, RAW-RETREAT-02/03, RAW-VP-07."""
from __future__ import annotations

from core.render import render_view
from core.rulesets.raw.setup import new_unit, next_uid
from core.session import Session

SEATS = [("al", "GAR"), ("bo", "CIS"), ("cy", "GAR"), ("di", "CIS"), ("ed", "GAR"), ("fa", "CIS")]


def test_RAW_PROD_01_RAW_RETREAT_03_line_mode_view_has_money_urgent_and_victory() -> None:
    """RAW-PROD-01: the order's cost, the credits left and Coruscant's 24 of 30; RAW-RETREAT-02/03: the stranded ship
    is an URGENT line; RAW-VP-07: the victory lines name the shipyards held."""
    session = Session.new("raw", SEATS, seed="render")
    uid = next_uid(session.state, "cy")
    session.state["units"][uid] = {**new_unit("AqL", "cy", "Coruscant"), "retreat": True}
    session.order("cy", "cy", "build Coruscant GF 2")
    text = render_view(session.view("cy"))
    assert "cy: 1 order; 145 credits: 24 spent, 121 left" in text, text
    assert "1. build Coruscant GF 2  (-24, 121 left)  [Coruscant 24/30]" in text, text
    assert f"URGENT: {uid} must jump this turn or be lost" in text, text
    assert "GAR Industrialist (3 VP) (RAW-VP-07): 3 of 7 held" in text, text
    assert uid not in render_view(session.view("bo")), "the enemy's line view never names cy's ship"


def test_RAW_GROUND_01_console_sheet_command_shows_the_warning() -> None:
    """RAW-GROUND-01: the console's 'sheet' shows an assault with no GF on the way with its warning."""
    session = Session.new("raw", SEATS, seed="render")
    session.order("cy", "cy", "assault Raxus")
    from core.render import render_sheet
    text = render_sheet(session.sheet("cy"), "cy", session.ruleset.sheet_notes(session.state, "cy"))
    assert "1. assault Raxus\n     warning: no GF of yours will be in orbit of Raxus" in text, text
