"""Issue 27.1/27.2: the unit reference and victory progress of Pocket Models, RiftWar and Twilight,
from the contract (reference, glossary, victory), each as its viewer may know it."""
from __future__ import annotations

import copy

from core.registry import find_ruleset
from core.session import Session


def test_SWPM_UNIT_03_reference_lists_every_unit_and_card_with_its_numbers() -> None:
    """SWPM-UNIT-03/04..07, SWPM-CARD-01: every unit shows ATK/DEF/DMG/SH and Build Stars; every card is listed."""
    rs = find_ruleset("swpm")
    rows = {r["code"]: r for r in rs.reference()}
    tie = rows.get("tie")
    assert tie is not None, f"the TIE fighter squadron is missing from the reference: {sorted(rows)[:10]}"
    assert tie["cost"] == 1 and "ATK 3  DEF 9  DMG 1  SH 1" in tie["does"], tie
    assert rows["focus-fire"]["kind"] == "combat card" and "+2 attack" in rows["focus-fire"]["does"], rows["focus-fire"]
    assert any(g["term"] == "BS" for g in rs.glossary()), "the glossary must say what BS means"


def test_RIFT_DATA_01_reference_gives_size_role_dice_move_and_the_codes() -> None:
    """RIFT-DATA-01/04: a unit type's size, role, dice, move and traits; the glossary says what LR means."""
    rs = find_ruleset("rift")
    rows = [r for r in rs.reference() if r["name"] == "ATGM"]
    assert rows, "the Cold War ATGM is missing from the reference"
    assert rows[0]["code"] == "MR" and "4 dice ranged" in rows[0]["does"] and "move 8 u" in rows[0]["does"], rows[0]
    assert "AP: Ignores armor" in rows[0]["does"], rows[0]
    assert any("LR" in g["term"] and "Light" in g["means"] for g in rs.glossary()), rs.glossary()


def test_SWPM_WIN_03_04_victory_counts_objectives_and_units_per_player_hiding_face_down_cards() -> None:
    """SWPM-WIN-03/04: objectives and units left per player; a face-down objective is counted, never named, so
    swapping the card under it leaves every seat's panel the same."""
    s = Session.new("swpm", [("al", "P1", True), ("bo", "P2", True)], seed="x")
    state = s.state
    for seat in ("al", "bo"):
        v = s.ruleset.victory(state, seat)
        assert {r["side"] for r in v["rows"]} == {"P1", "P2"} and "eliminated" in v["goal"], v
    state["players"]["bo"]["slots"] = [{"card": "focus-fire", "up": False}, None, None]
    before = s.ruleset.victory(state, "al")
    row = next(r for r in before["rows"] if r["side"] == "P2" and r["objective"] == "Objectives left")
    assert row["have"] == 1 and "face down" in row["text"] and "Focus Fire" not in row["text"], row
    changed = copy.deepcopy(state)
    changed["players"]["bo"]["slots"][0]["card"] = "evasive"
    assert s.ruleset.victory(changed, "al") == before, "a face-down card's name must not change al's panel"


def test_RIFT_GAP_07_victory_shows_units_left_strength_and_the_phase_limit() -> None:
    """RIFT-GAP-07: the skirmish's phase limit and each army's units left and surviving strength (LC 1, LR 3, M/H 9)."""
    s = Session.new("rift", [("al", "Republic", True), ("bo", "Separatists", True)], scenario="skirmish", seed="x")
    v = s.ruleset.victory(s.state, "al")
    assert "after phase 12" in v["goal"], v["goal"]
    for row in v["rows"]:
        seat = row["text"].split(":")[0]
        alive = [u for u in s.state["units"].values() if u["owner"] == seat and not u["dead"]]
        assert row["have"] == len(alive), (row, len(alive))
    assert set(v["score"]) == {"Republic", "Separatists"}, v["score"]


def test_TOTE_WIN_02_GAP_29_victory_shows_coruscant_strongholds_and_no_day_limit_unless_set() -> None:
    """TOTE-WIN-02, TOTE-GAP-29: the SSD and the Palace, each faction's strongholds, no day limit by default; a
    stronghold changing hands unseen leaves the other faction's panel the same (the GM sees it)."""
    s = Session.new("tote", [("al", "GE"), ("bo", "NR")], scenario="campaign", seed="x")
    state = s.state
    v = s.ruleset.victory(state, "bo")
    objectives = [r["objective"] for r in v["rows"]]
    assert "Capture Coruscant: Coruscant's Super Star Destroyer" in objectives, objectives
    assert "no day limit" in v["goal"], v["goal"]
    changed = copy.deepcopy(state)
    changed["campaign"]["planets"]["coruscant" if "coruscant" in changed["campaign"]["planets"] else
                               next(iter(changed["campaign"]["strongholds"]["al"]))]["owner"] = None
    assert s.ruleset.victory(changed, "bo") == v, "bo cannot see Coruscant change hands unseen"
    assert s.ruleset.victory(changed, "gm") != s.ruleset.victory(state, "gm"), "the GM sees the truth"


def test_TOTE_UCR_01_reference_glossary_says_what_ucr_cp_and_kc_mean() -> None:
    """TOTE-UCR-01: the reference tells what its columns mean: UCR (speed + maneuverability), CP and KC."""
    terms = {g["term"]: g["means"] for g in find_ruleset("tote").glossary()}
    assert "speed + maneuverability" in terms.get("UCR", ""), terms
    assert "CP" in terms and "KC" in terms, sorted(terms)
