"""Golden turn reports, per seat and public: a scripted Republic at War turn with a battle, a capture
and builds, and a GCW campaign turn with a battle (the seeded bot campaign's turn 7). Rewrite them after
an intended change with ``pytest --update-goldens tests/report/test_golden_reports.py`` and read the
new files as a player would."""
from __future__ import annotations

import sys
from functools import lru_cache
from pathlib import Path

import pytest

from bot_games import play_out
from core.report import render, session_report
from core.session import Session
from golden_files import check_golden

GOLDEN = Path(__file__).parent / "golden"
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "raw"))
from raw_helpers import Game  # noqa: E402


@lru_cache(maxsize=1)
def raw_turn() -> Session:
    """cy (GAR) jumps three ships with 8 GF from Kuat into bo's Cato Neimoidia, beats the CIS fleet
    there and takes the planet; al builds at Kamino, bo at Raxus and Sullust."""
    game = Game(seed="golden-report")
    ships = [game.unit("cy", "Vc1", "Kuat", gf=4), game.unit("cy", "Ac1", "Kuat", gf=4), game.unit("cy", "CRL", "Kuat")]
    game.unit("bo", "GZC", "Cato Neimoidia")
    game.unit("bo", "McE", "Cato Neimoidia")
    game.give("Cato Neimoidia", "bo", gf=2)
    for seat, order in (("cy", f"jump {','.join(ships)} Cato Neimoidia"), ("cy", "assault Cato Neimoidia"),
                        ("al", "build Kamino GF 2"), ("al", "build Kamino CRL"),
                        ("bo", "build Raxus GF 2"), ("bo", "build Sullust GZC")):
        game.order(seat, order)
    game.resolve()
    return game.session


@lru_cache(maxsize=1)
def gcw_campaign() -> Session:
    """The seeded bot-against-bot campaign of the GCW golden test, battles auto-resolved."""
    session = Session.new("gcw", [("ann", "Empire", True), ("bob", "Rebel", True)], options={"auto_resolve": True},
                          seed="golden", secret="sealing secret of golden")
    play_out(session, 100, until=lambda s: s.turn > 7)
    ends: list[int] = []
    count = [0]

    def where(s: Session, e: dict) -> None:
        count[0] += 1
        if s.turn > 7 and not ends:
            ends.append(count[0])
    Session.replay(session.record, each=where)
    return Session.replay(session.record, upto=ends[0])  # the game just as turn 7 ended


def report_text(session: Session, viewer: str, turn: int) -> str:
    resources = session.view(viewer)["resources"] if viewer in session.seats() else None
    return render(session_report(session, viewer, turn, resources=resources)) + "\n"


@pytest.mark.parametrize("viewer", ["al", "cy", "bo", "public"])
def test_raw_turn_report_matches_the_pinned_one(viewer: str) -> None:
    check_golden(GOLDEN / f"raw-turn1-{viewer}.txt", report_text(raw_turn(), viewer, 1))


@pytest.mark.parametrize("viewer", ["ann", "bob", "public"])
def test_gcw_turn_report_matches_the_pinned_one(viewer: str) -> None:
    session = gcw_campaign()
    assert any(e["kind"] == "battle" and "fates" in e["data"] for e in session.record["log"] if e["turn"] == 7), \
        "turn 7 of the golden campaign should hold a battle"
    check_golden(GOLDEN / f"gcw-turn7-{viewer}.txt", report_text(session, viewer, 7))


def test_the_raw_report_reads_as_a_player_expects() -> None:
    """The summary comes first and names what the turn did: the battle's losses by ship on each side, the
    capture (taken for GAR, lost for CIS), the builds folded per planet; the enemy's scars are never named."""
    session = raw_turn()
    cy, bo = report_text(session, "cy", 1), report_text(session, "bo", 1)
    summary = cy.split("-- Losses per battle --")[0]
    assert "Battle at Cato Neimoidia" in summary and "CIS lost 40 pts: B1 (Gozanti-class Cruisers)" in summary, summary
    assert "Taken: Cato Neimoidia" in summary and "Built at Kamino: 2 GF, A1 (CR20 Landing Craft)" in summary, summary
    assert "Lost: Cato Neimoidia" in bo and "Built at Raxus: 2 GF" in bo, bo
    assert "1 GF joins the garrison, 2 times (1, 2)" in cy, "repeated garrison lines are folded"
    assert cy.index("-- Summary --") < cy.index("-- Details, every die --"), "the summary comes before the details"
    assert "bo orders" not in cy and "cy orders" not in bo, "a report never shows the other team's orders"
    public = report_text(session, "public", 1)
    assert "Cato Neimoidia" not in public, "a RAW battle is known only to those who fought it"


def test_the_scarred_ship_is_named_to_its_own_side_only() -> None:
    """RAW-REPAIR-09: which ship took the damage is named in its owner's report; the enemy's report says
    only the points it lost. (The seeded bot game of the RAW golden test, turn 10: D13 is scarred at Carida.)"""
    from core.console import Console
    console = Console()
    assert console.handle("new raw seed=golden reproducible=yes seats=al:GAR:bot,bo:CIS:bot,cy:GAR:bot,"
                          "di:CIS:bot,ed:GAR:bot,fa:CIS:bot").ok
    for _ in range(10):
        console.handle("resolve")
    session = console.session
    bo, al = report_text(session, "bo", 10), report_text(session, "al", 10)
    assert "CIS lost 90 pts; damaged: D13 (Providence-class Destroyer) scarred" in bo, bo
    assert "D13" not in al.split("-- Details")[0] and "CIS lost 90 pts (no ship destroyed; any damage is theirs to know)" in al, al
