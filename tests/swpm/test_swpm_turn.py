"""Setup (SWPM-SETUP-*, SWPM-BOARD-*), the turn (SWPM-TURN-*), swaps (SWPM-SWAP-*) and moves
(SWPM-MOVE-*), with SWPM-EX-05, SWPM-EX-06, SWPM-EX-07, SWPM-EX-08 and SWPM-EX-18 to the number."""
from __future__ import annotations

import pytest

from core.errors import OrderError
from core.ruleset import SeatSpec

from swpm_helpers import RS, board, new_game, place, set_cards


def fresh(seed="t", **options):
    return RS.setup("skirmish", [SeatSpec("p1", "P1"), SeatSpec("p2", "P2")], options, seed)


def test_ex05_home_placement_cap():
    """SWPM-EX-05, SWPM-SETUP-01, SWPM-SETUP-02: 20 BS at home is legal with 10 in reserves; 21 is refused; 17
    is legal with 13 in reserves."""
    state = fresh()
    ids = RS.view(state, "p1")["facts"]["drafts"]["p1"]["ids"]      # rebel-strike: mc80 xwing*3 ywing*2 ...
    twenty = "mc80-1,xwing1,xwing2,xwing3,ywing1,ywing2,awing1,awing2,cr90-1,rebels1"
    RS.submit(state, "p1", f"home {twenty}")
    with pytest.raises(OrderError, match="SWPM-SETUP-01: 21 BS"):
        RS.submit(state, "p1", f"home {twenty},rebels2")
    RS.submit(state, "p1", "home mc80-1,xwing1,xwing2,xwing3,ywing1,ywing2,awing1,awing2")       # 17 BS
    RS.submit(state, "p1", "ready")
    RS.submit(state, "p2", "ready")
    mine = [u for u in state["units"].values() if u["owner"] == "p1"]
    from core.rulesets.swpm.data import rules
    home_bs = sum(rules().units[u["tag"]].build_stars for u in mine if u["zone"] == "home:p1")
    reserve_bs = sum(rules().units[u["tag"]].build_stars for u in mine if u["zone"] == "reserves")
    assert (home_bs, reserve_bs) == (17, 13) and len(ids) == 16


def test_ex06_objectives_and_hands_after_setup():
    """SWPM-EX-06, SWPM-SETUP-03, SWPM-SETUP-04, SWPM-SETUP-05, SWPM-BOARD-05: 3 face-down objectives, 3 cards in hand, deck 30 - 6 = 24."""
    state = new_game()
    for seat in ("p1", "p2"):
        p = state["players"][seat]
        assert len(p["slots"]) == 3 and all(s and not s["up"] for s in p["slots"])
        assert len(p["hand"]) == 3 and len(p["deck"]) == 24


def test_setup03_decks_are_shuffled_with_the_game_dice():
    """SWPM-SETUP-03, SWPM-FLOW-03: the deck order comes from the seed (two seeds, two orders; the same
    seed, the same order), and the shuffle's rolls are the GM's alone."""
    a, b, c = new_game("one"), new_game("two"), new_game("one")
    assert a["players"]["p1"]["deck"] != b["players"]["p1"]["deck"]
    assert a["players"]["p1"]["deck"] == c["players"]["p1"]["deck"]
    state = fresh("one")
    RS.submit(state, "p1", "ready")
    events = RS.submit(state, "p2", "ready")
    shuffles = [e for e in events if e["kind"] == "roll" and "shuffles" in e["text"]]
    assert shuffles and all(e["to"] == ["gm"] for e in shuffles)


def test_setup06_gap18_first_player_roll(fix_dice):
    """SWPM-SETUP-06, SWPM-GAP-18: 2d6 each, ties rerolled, the higher goes first."""
    state = fresh()
    fix_dice("rolls for the first turn", [3, 3], [2, 4], [1, 2], [5, 5])
    RS.submit(state, "p1", "ready")
    RS.submit(state, "p2", "ready")
    assert state["first"] == "p2" and state["active"] == "p2" and state["step"] == {"kind": "main", "seat": "p2"}


def test_gap17_setup_is_secret_and_simultaneous():
    """SWPM-GAP-17, SWPM-FLOW-02: both players are awaited at once; neither sees the other's draft,
    which is revealed only when both are ready; positions and reserves are then public."""
    state = fresh()
    assert RS.awaiting(state) == {"p1", "p2"}
    RS.submit(state, "p1", "home mc80-1,xwing1")
    view = RS.view(state, "p2")
    assert "p1" not in view["facts"]["drafts"] and "p2" in view["facts"]["drafts"]
    RS.submit(state, "p1", "ready")
    assert RS.awaiting(state) == {"p2"} and state["phase"] == "setup"
    RS.submit(state, "p2", "ready")
    view = RS.view(state, "p2")
    zones = {z["id"]: [u["id"] for u in z["units"]] for z in view["board"]["zones"]}
    assert zones["home:p1"] == ["mc80-1", "xwing1"]
    assert len(view["board"]["players"][1]["reserves"]) == 14


def test_board01_02_03_04_zones_reserves_adjacency():
    """SWPM-BOARD-01, SWPM-BOARD-02, SWPM-BOARD-03, SWPM-BOARD-04, SWPM-GAP-06: three zones in a line; reserves are not a zone; units
    start at home or in reserves; the homes are not adjacent."""
    from core.rulesets.swpm.model import adjacent
    state = new_game()
    assert {u["zone"] for u in state["units"].values()} == {"home:p1", "home:p2", "reserves"}
    assert adjacent(state, "home:p1") == ["contested"] and adjacent(state, "contested") == ["home:p1", "home:p2"]
    assert adjacent(state, "reserves") == []
    view = RS.view(state, "p1")
    assert [z["id"] for z in view["board"]["zones"]] == ["home:p2", "contested", "home:p1"]


def test_turn01_alternate_and_turn02_swap_before_action():
    """SWPM-TURN-01, SWPM-TURN-02, SWPM-TURN-03, SWPM-TURN-04: turns alternate from the first player; a swap only before the action,
    at most one swap and one action."""
    state = board()
    set_cards(state, "p1", hand=["shield-gen", "minefield", "brace"], slots=[("fuel-depot", False)] * 3)
    a = place(state, "p1", "xwing", "home")
    place(state, "p2", "tie", "home")
    RS.submit(state, "p1", "swap shield-gen 1")
    with pytest.raises(OrderError):
        RS.submit(state, "p1", "swap minefield 2")
    RS.submit(state, "p1", f"move {a} contested")
    assert state["active"] == "p2" and RS.awaiting(state) == {"p2"}, "one action, then the turn passes"
    RS.submit(state, "p2", "pass")
    assert state["active"] == "p1" and state["turn"] == 3


def test_swap01_only_objective_cards():
    """SWPM-SWAP-01: a combat card cannot be swapped in."""
    state = board()
    set_cards(state, "p1", hand=["brace", "brace", "brace"], slots=[("fuel-depot", False)] * 3)
    place(state, "p1", "xwing", "home")
    with pytest.raises(OrderError):
        RS.submit(state, "p1", "swap brace 1")


def test_ex18_swap_outcomes_and_gap02_face_up():
    """SWPM-EX-18, SWPM-SWAP-02, SWPM-SWAP-03, SWPM-SWAP-04, SWPM-SWAP-05, SWPM-GAP-02: into a face-down slot, the old card goes to hand
    (hand size unchanged); into a face-up slot, the old card is discarded (hand size -1); no draw; the
    new card lies face up."""
    state = board()
    set_cards(state, "p1", hand=["shield-gen", "brace", "brace"], slots=[("minefield", False), ("bunker", True), ("fuel-depot", False)])
    place(state, "p1", "xwing", "home")
    place(state, "p2", "tie", "home")
    RS.submit(state, "p1", "swap shield-gen 1")
    p = state["players"]["p1"]
    assert len(p["hand"]) == 3 and "minefield" in p["hand"] and p["slots"][0] == {"card": "shield-gen", "up": True}
    RS.submit(state, "p1", "pass")
    RS.submit(state, "p2", "pass")
    RS.submit(state, "p1", "swap minefield 2")
    p = state["players"]["p1"]
    assert len(p["hand"]) == 2 and p["discard"] == ["bunker"] and p["slots"][1] == {"card": "minefield", "up": True}


def test_gap02_option_swap_face_down():
    """SWPM-GAP-02 as an option: swap_facing down keeps the incoming card hidden."""
    state = board(swap_facing="down")
    set_cards(state, "p1", hand=["shield-gen", "brace", "brace"], slots=[("minefield", False)] * 3)
    place(state, "p1", "xwing", "home")
    RS.submit(state, "p1", "swap shield-gen 1")
    assert state["players"]["p1"]["slots"][0] == {"card": "shield-gen", "up": False}


def test_gap03_no_swap_into_an_empty_slot():
    """SWPM-GAP-03: a destroyed slot stays empty; a swap needs an occupied slot."""
    state = board()
    set_cards(state, "p1", hand=["shield-gen", "brace", "brace"], slots=[None, ("fuel-depot", False), ("fuel-depot", False)])
    place(state, "p1", "xwing", "home")
    with pytest.raises(OrderError):
        RS.submit(state, "p1", "swap shield-gen 1")


def test_ex07_five_bs_cap():
    """SWPM-EX-07, SWPM-MOVE-01, SWPM-UNIT-14: 3 + 2 legal; 3 + 3 refused; 1 + 1 + 1 + 2 legal; one 5-BS unit legal."""
    for tags, ok in ((["bwing", "xwing"], True), (["bwing", "bwing"], False),
                     (["awing", "awing", "awing", "xwing"], True), (["mc80"], True)):
        state = board()
        ids = [place(state, "p1", t, "home") for t in tags]
        place(state, "p2", "tie", "home")
        if ok:
            RS.submit(state, "p1", f"move {','.join(ids)} contested")
            assert all(state["units"][u]["zone"] == "contested" for u in ids)
        else:
            with pytest.raises(OrderError, match="6 BS"):
                RS.submit(state, "p1", f"move {','.join(ids)} contested")


def test_ex08_movement_one_zone_at_a_time():
    """SWPM-EX-08, SWPM-MOVE-02, SWPM-MOVE-03, SWPM-BOARD-04: home to the enemy home takes two moves on two turns;
    a direct move is refused."""
    state = board()
    a = place(state, "p1", "xwing", "home")
    place(state, "p2", "tie", "home")
    with pytest.raises(OrderError, match="one zone"):
        RS.submit(state, "p1", f"move {a} enemy")
    RS.submit(state, "p1", f"move {a} contested")
    assert state["units"][a]["zone"] == "contested"
    RS.submit(state, "p2", "pass")
    RS.submit(state, "p1", f"move {a} enemy")
    assert state["units"][a]["zone"] == "home:p2"


def test_move04_reserves_cannot_move():
    """SWPM-MOVE-04: a unit in reserves cannot be chosen for a move."""
    state = board()
    place(state, "p1", "xwing", "home")
    r = place(state, "p1", "awing", "reserves")
    with pytest.raises(OrderError):
        RS.submit(state, "p1", f"move {r} home")


def test_gap07_units_move_different_ways():
    """SWPM-GAP-07: each unit moves one zone to any adjacent zone; units may start in different zones."""
    state = board()
    a = place(state, "p1", "xwing", "home")
    b = place(state, "p1", "awing", "contested")
    c = place(state, "p1", "awing", "contested")
    place(state, "p2", "tie", "home")
    with pytest.raises(OrderError, match="one zone"):
        RS.submit(state, "p1", f"move {a},{b} contested {c} enemy")
    RS.submit(state, "p1", f"move {a} contested {b} home {c} enemy")
    zones = [state["units"][u]["zone"] for u in (a, b, c)]
    assert zones == ["contested", "home:p1", "home:p2"]


def test_gap13_stalemate_after_three_passes_each():
    """SWPM-GAP-13: a turn with no swap and no action is a pass; when both players pass 3 turns in a
    row the game is a draw."""
    state = board()
    place(state, "p1", "xwing", "home")
    place(state, "p2", "tie", "home")
    for i in range(5):
        RS.submit(state, state["active"], "pass")
    assert state["result"] is None
    RS.submit(state, state["active"], "pass")
    assert state["result"] == {"winners": [], "reason": "both players passed 3 turns in a row: a draw (SWPM-GAP-13)"}


def test_gap27_turn_limit():
    """SWPM-GAP-27 as an option: at the limit more objectives wins."""
    state = board(turn_limit=2)
    set_cards(state, "p2", slots=[("fuel-depot", False), None, ("fuel-depot", False)])
    place(state, "p1", "xwing", "home")
    place(state, "p2", "tie", "home")
    state["turn"] = 1
    RS.submit(state, "p1", "pass")
    RS.submit(state, "p2", "pass")
    assert state["result"]["winners"] == ["P1"]
