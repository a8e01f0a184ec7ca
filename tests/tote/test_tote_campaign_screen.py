"""The galaxy as a player of the campaign sees it (issue 18, "Screens"; catalog 5.5, TOTE-GAP-07/10,
TOTE-COMMS-03/05, TOTE-PDF-02): after three days against two bots, al's map and ledger say what is
seen now and what is stale (and how old), where its fleets in hyperspace are bound and the day they
arrive, who holds the strongholds at the start (the seats that play them; nobody for a faction not in
the game), its CP with the free PDF apart, and the news and departures it has heard; in the war
room at 120x40 and 80x24."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from core.session import Session
from tui.app import HolotableApp
from tui.screens.game import GameScreen
from tui.screens.report import ReportScreen
from tui.storage import MemorySaves
from tui.widgets.galaxy_map import legend

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tui"))  # the hot-seat tests' helpers
from test_hotseat_leaks import all_text  # noqa: E402

#: al's three posts; bo (NR) and cy (HS) are bots
POSTS = [["jump GE-8 corellia"], ["jump GE-11 endor"], ["jump GE-20 kuat", "jump GE-8 commenor"]]


def three_days() -> Session:
    """The campaign on day 4 at al's post, al having made its three posts."""
    session = Session.new("tote", [("al", "GE"), ("bo", "NR", True), ("cy", "HS", True)], scenario="campaign",
                          seed="tui-look")
    for orders in POSTS:
        assert session.awaiting() == {"al"}
        for text in orders:
            session.order("al", "al", text)
        session.ready("al", "al", True)
    assert session.turn == 4 and session.awaiting() == {"al"}
    return session


def places(view: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {p["id"]: p for p in view["board"]["places"]}


def roster(view: dict[str, Any], title: str) -> list[str]:
    return next(r["rows"] for r in view["rosters"] if r["title"].startswith(title))


def test_gap_07_gap_10_the_map_says_what_is_seen_stale_and_inbound() -> None:
    """TOTE-GAP-07 / TOTE-GAP-10 / catalog 5.5: al's map on day 4: Corellia, left on day 4, is stale
    (seen a day ago, held by nobody: a visit does not claim a world, TOTE-CONFLICT-06); Commenor and Kuat, where its ships are, are seen now; Endor is
    marked with al's fleet inbound and the day it arrives, as on the calendar; worlds never seen are
    ``?``; the strongholds show the seat playing their faction, or nobody."""
    session = three_days()
    view = session.view("al")
    by = places(view)
    transit = session.state["campaign"]["units"]["GE-11"]["transit"]
    day = transit["arrive_turn"]
    assert transit["to"] == "endor" and day > 4
    assert roster(view, "In hyperspace") == [f"GE-11 (and 8 craft aboard) -> Endor, day {day}"]
    assert by["endor"]["marks"] == ["inbound:1"] and f"your fleet of 1 arrives at the start of day {day}" in by["endor"]["lines"]
    assert by["corellia"]["symbol"] == "." and by["corellia"]["marks"] == []
    assert "held by: nobody (seen day 3, 24 h ago)" in by["corellia"]["lines"]
    assert "Corellia: stale, held by nobody, seen 1 day ago" in roster(view, "Worlds seen")
    for world in ("commenor", "kuat", "coruscant"):
        assert by[world]["marks"] == ["fleet:1"] or world == "coruscant", (world, by[world]["marks"])
        held = "Galactic Empire (al)" if world == "coruscant" else "nobody"  # ships alone claim nothing (TOTE-CONFLICT-06)
        assert any(line.startswith(f"held by: {held} (seen now)") for line in by[world]["lines"]), by[world]["lines"]
    assert by["byss"]["symbol"] == "?" and "held by: unknown (never scanned)" in by["byss"]["lines"]
    assert by["mon_calamari"]["symbol"] == "b" and "held by: New Republic (bo) at the start of the game" in by["mon_calamari"]["lines"]
    assert by["nal_hutta"]["symbol"] == "c" and by["hapes"]["symbol"] == "."
    assert "held by: nobody at the start of the game" in by["hapes"]["lines"], "HC plays no seat here"


def test_pdf_02_comms_03_05_the_ledger_and_the_news() -> None:
    """TOTE-PDF-02 / CP-02/03: the main fleet's CP and capital ships of their limits; the stronghold's
    Space PDF holds only its free bonus units (0 CP), listed apart. TOTE-COMMS-03/05:
    the news of the bots' construction orders and their fleets' departures, newest first, by day,
    worlds by name, never a destination."""
    session = three_days()
    view = session.view("al")
    res, led = view["resources"], view["facts"]["ledger"]
    assert (res["fleet CP"], res["fleet capital ships"], res["PDF CP"], res["unassigned"]) == ("23/23", "3/7", 0, 0)
    assert led["fleets"]["pdfs"]["coruscant"]["bonus"] and roster(view, "Fleets")[1] == (
        "Space PDF at Coruscant: 0 of 23 CP, 0 of 7 capital ships: no ships (and 6 bonus units, free)")
    news = roster(view, "News and notices")
    assert news[0].startswith("day 4: ") and all(row.startswith("day ") for row in news if not row.startswith("and "))
    assert "day 2: New Republic is building 1 Orbital Shipyard Complex at Mon Calamari" in news, news
    assert any(row.startswith("day ") and "a fleet of New Republic (bo) with " in row and " left " in row
               for row in news), news
    bound = {u["transit"]["to"] for u in session.state["campaign"]["units"].values()
             if u["faction"] != "al" and u.get("transit")}
    assert not any(f"to {w}" in row for row in news for w in bound)
    assert roster(view, "Facilities and builds") == ["Faction Command Center at Coruscant", "Imperial Sector Palace at Coruscant"]


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
async def test_the_war_room_shows_the_campaign_ledger_and_map(size: tuple[int, int]) -> None:
    """In the war room: the legend tells the unknown worlds (``?``) from the unheld, the Forces tab
    holds the calendar of arrivals, the ledger and the news, and the map draws the inbound mark."""
    session = three_days()
    day = session.state["campaign"]["units"]["GE-11"]["transit"]["arrive_turn"]
    app = HolotableApp(session, saves=MemorySaves())
    async with app.run_test(size=size) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        if isinstance(app.screen, ReportScreen):
            await pilot.press("escape")
            await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.screen.seat == "al"
        await pilot.press("f5")
        await pilot.pause()
        text = all_text(app)
        assert "? unk" in text, "the map's legend (its start, as the width allows)"
        assert {"? unknown", "a al", "b bo", "c cy", ". none", "> your fleet inbound", "+ your fleet"} <= \
            set(legend(session.view("al")["board"]).split(" · "))
        assert f"GE-11 (and 8 craft aboard) -> Endor, day {day}" in text and "fleet CP 23/23" in text
        assert "New Republic is building 1 Orbital Shipyard Complex at Mon Calamari" in text
        assert "Corellia: stale, held by nobody, seen 1 day ago" in text


def test_econ_01_ex_31_the_ledger_names_the_next_action_day_and_its_income() -> None:
    """TOTE-ECON-01 / TOTE-EX-31 (Action Days on turns 1, 15, 31, 45, 61): the ledger names the next
    Action Day and what al would be paid then as things stand: on day 1, day 15 and the 2050 KC paid
    on day 1 (1000 KC, Coruscant's 550 KC output, its Faction Command Center's 200 KC, the Imperial
    Sector Palace's 300 KC; nothing changed since); on day 4, with Corellia and Kuat taken (no
    facility there: no output), still day 15."""
    from core.rulesets.tote.campaign.ledger import next_action_day
    assert [next_action_day(t) for t in (1, 2, 14, 15, 30, 31, 44, 45, 60)] == [15, 15, 15, 31, 31, 45, 45, 61, 61]
    fresh = Session.new("tote", [("al", "GE"), ("bo", "NR", True), ("cy", "HS", True)], scenario="campaign", seed="tui-look")
    paid = fresh.state["campaign"]["treasury"]["al"]
    assert paid == 2050 and fresh.view("al")["resources"]["next income"] == "day 15: 2050 KC"
    assert three_days().view("al")["resources"]["next income"] == "day 15: 2050 KC"
