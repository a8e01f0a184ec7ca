"""The generic report builder's pieces: folding repeated lines, folding lost units by type, the
loss chart's bars, the scores read from a view's resources, and what every seat knows in common."""
from __future__ import annotations

from core.report import Battle, SideLosses, common, fold, fold_names, loss_chart, score_chart, scores


def test_repeated_lines_are_folded() -> None:
    lines = ["Kuat: 1 GF joins the garrison (1)", "Kuat: 1 GF joins the garrison (2)", "Kuat: 1 GF joins the garrison (3)",
             "Anaxes: 1 GF joins the garrison (1)", "A1 jumps to Kuat", "A1 jumps to Kuat", "Turn 2 begins"]
    assert fold(lines) == ["Kuat: 1 GF joins the garrison, 3 times (1, 2, 3)", "Anaxes: 1 GF joins the garrison (1)",
                           "A1 jumps to Kuat (2 times)", "Turn 2 begins"]
    assert fold([]) == [] and fold(["once (4)"]) == ["once (4)"]


def test_lost_units_are_folded_by_type() -> None:
    names = ["R5 (Y-wing Squadron)", "R1 (Nebulon-B Escort Frigate)", "R6 (Y-wing Squadron)", "GF", "GF",
             "C2 (CR20 Landing Craft) with 1 GF aboard"]
    assert fold_names(names) == ["2 Y-wing Squadron (R5, R6)", "R1 (Nebulon-B Escort Frigate)", "2 GF",
                                 "C2 (CR20 Landing Craft) with 1 GF aboard"]


def test_the_loss_chart_shows_each_sides_share_of_its_strength() -> None:
    battle = Battle("Carida", [SideLosses("Empire", 643, 120), SideLosses("Rebel", 320, 320), SideLosses("CIS", None, None)])
    empire, rebel, unknown = loss_chart(battle, width=20)
    assert empire == "Empire ███▊                 120 of 643 pts lost", empire
    assert rebel == "Rebel  ████████████████████ 320 of 320 pts lost", rebel
    assert "losses unknown" in unknown


def test_scores_and_their_chart_come_from_the_resources() -> None:
    assert scores({"credits": 200, "VP GAR": 9, "VP CIS": 3, "Empire VP": 575, "Empire CP": 4}) == \
        {"GAR": 9, "CIS": 3, "Empire": 575}
    rows = score_chart([(1, {"GAR": 0, "CIS": 0}), (2, {"GAR": 9, "CIS": 3})], width=9)
    assert rows[2] == "t2   CIS ███       3" and rows[3] == "     GAR █████████ 9", rows


def test_what_every_seat_knows_is_the_common_part() -> None:
    al = {"places": [{"id": "Kuat", "owner": "GAR", "lines": ["Kuat (50c)", "garrison 4 GF"]}], "turn": 3}
    bo = {"places": [{"id": "Kuat", "owner": "GAR", "lines": ["Kuat (50c)"]}], "turn": 3}
    assert common([al, bo]) == {"places": [{"id": "Kuat", "owner": "GAR", "lines": ["Kuat (50c)"]}], "turn": 3}
    assert common([{"a": 1}, {"a": 2}]) == {"a": None} and common([]) is None
