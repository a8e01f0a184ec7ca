"""Battles (SWPM-COMBAT-*), unit values (SWPM-UNIT-*), combat cards (SWPM-CARD-*) and the worked
examples SWPM-EX-09, SWPM-EX-10, SWPM-EX-11, SWPM-EX-12, SWPM-EX-13, SWPM-EX-14 and SWPM-EX-17, each to the number."""
from __future__ import annotations

import copy

import pytest

from core.errors import OrderError

from swpm_helpers import RS, board, place, set_cards

BASIC = ["lock-on", "brace", "full-throttle"]       # cards with a bonus and no ability


def fight(state, text, *choices):
    """Declare as p1, then answer the card windows in turn (p1, p2, [p1])."""
    RS.submit(state, "p1", text)
    for seat, choice in choices:
        RS.submit(state, seat, choice)


def test_ex09_tie_hits_and_one_less_misses(fix_dice):
    """SWPM-EX-09, SWPM-COMBAT-15, SWPM-GAP-01: attack 3 + base 8 = 11 against defense 11 is a hit
    (ties hit); base 7 gives 10 < 11, a miss."""
    state = board()
    tie = place(state, "p1", "tie", "contested")
    neb = place(state, "p2", "nebulon", "contested")
    fix_dice(f"{tie} attacks", [4, 4])
    fix_dice(f"{neb} attacks", [1, 1])
    fight(state, f"attack {tie}>{neb}", ("p1", "pass"), ("p2", "pass"))
    assert state["units"][neb]["damage"] == 1, "attack 3 + base 8 = 11 against 11 must hit"
    state2 = board()
    tie = place(state2, "p1", "tie", "contested")
    neb = place(state2, "p2", "nebulon", "contested")
    fix_dice(f"{tie} attacks", [3, 4])
    fix_dice(f"{neb} attacks", [1, 1])
    fight(state2, f"attack {tie}>{neb}", ("p1", "pass"), ("p2", "pass"))
    assert state2["units"][neb]["damage"] == 0, "attack 3 + base 7 = 10 against 11 must miss"


def test_gap01_option_ties_miss(fix_dice):
    """SWPM-GAP-01 as an option: with tie_hits false, 11 against 11 misses."""
    state = board(tie_hits=False)
    tie = place(state, "p1", "tie", "contested")
    neb = place(state, "p2", "nebulon", "contested")
    fix_dice(f"{tie} attacks", [4, 4])
    fix_dice(f"{neb} attacks", [1, 1])
    fight(state, f"attack {tie}>{neb}", ("p1", "pass"), ("p2", "pass"))
    assert state["units"][neb]["damage"] == 0


def test_ex10_natural_twelve_hits_whatever_the_totals(fix_dice):
    """SWPM-EX-10, SWPM-COMBAT-11: attack 0, base 12, defense 14 after a +2 card: 12 < 14 but a hit."""
    state = board()
    set_cards(state, "p2", hand=["brace", "lock-on", "lock-on"])
    gr = place(state, "p1", "gr75", "contested")
    atat = place(state, "p2", "atat", "contested")
    fix_dice(f"{gr} attacks", [6, 6])
    fix_dice(f"{atat} attacks", [1, 1])
    fight(state, f"attack {gr}>{atat}", ("p1", "pass"), ("p2", "play brace"))
    assert state["step"]["kind"] == "card" and state["step"]["seat"] == "p1", "p1 may answer a defender's card"
    RS.submit(state, "p1", "pass")
    assert state["units"][atat]["damage"] == 1, "a base roll of 12 must hit against 14"


def test_gap11_natural_two_is_no_automatic_miss(fix_dice):
    """SWPM-GAP-11: a base roll of 2 still hits when the total reaches the defense."""
    state = board()
    xw = place(state, "p1", "xwing", "contested")          # attack 4 + ace 1 = 5 in the contested zone
    tie = place(state, "p2", "tie", "contested")            # defense 9
    set_cards(state, "p1", hand=["lock-on", "brace", "brace"])
    fix_dice(f"{xw} attacks", [1, 1])
    fix_dice(f"{tie} attacks", [1, 1])
    fight(state, f"attack {xw}>{tie}", ("p1", "play lock-on"), ("p2", "pass"))
    assert state["units"][tie]["zone"] == "reserves", "2 + 5 + 2 = 9 against 9 hits; a natural 2 is no miss"


def test_ex11_simultaneous_hits_destroy_both(fix_dice):
    """SWPM-EX-11, SWPM-COMBAT-16, SWPM-COMBAT-17, SWPM-COMBAT-18: A (damage 2, shields 3, 1 counter) and D (damage 3, shields 2)
    both hit: D gets 2 (2 >= 2), A gets 3 (1 + 3 = 4 >= 3); both go to reserves with no counters."""
    state = board()
    set_cards(state, "p2", hand=["overcharge", "brace", "brace"])     # +1 damage: the ion cannon's 2 becomes 3
    a = place(state, "p1", "ywing", "contested", damage=1)            # damage 2, shields 3
    d = place(state, "p2", "ioncannon", "contested")                  # damage 2 (+1), shields 2
    place(state, "p1", "mc80", "home")
    place(state, "p2", "isd", "home")
    fix_dice(f"{a} attacks", [6, 5])
    fix_dice(f"{d} attacks", [6, 5])
    fight(state, f"attack {a}>{d}", ("p1", "pass"), ("p2", "play overcharge"), ("p1", "pass"))
    for uid in (a, d):
        assert state["units"][uid]["zone"] == "reserves", f"{uid} should be destroyed"
        assert state["units"][uid]["damage"] == 0, "counters are removed from destroyed units"


def test_ex12_damage_persists_across_turns(fix_dice):
    """SWPM-EX-12, SWPM-COMBAT-19: shields 5 takes 2 on one turn and survives; 3 more later destroy it."""
    state = board()
    hh = place(state, "p1", "hammerhead", "home")            # damage 2
    atat = place(state, "p1", "atat", "home")                # damage 3, ground in its own home
    con = place(state, "p2", "consular", "enemy")            # shields 5, in p1's home
    place(state, "p2", "isd", "home")
    fix_dice(f"{hh} attacks", [6, 6])
    fix_dice(f"{con} attacks", [1, 1], [1, 1])
    fight(state, f"attack {hh}>{con}", ("p1", "pass"), ("p2", "pass"))
    assert state["units"][con]["damage"] == 2 and state["units"][con]["zone"] != "reserves"
    RS.submit(state, "p2", "pass")
    assert state["units"][con]["damage"] == 2, "counters stay after the turn"
    fix_dice(f"{atat} attacks", [6, 6])
    fight(state, f"attack {atat}>{con}", ("p1", "pass"), ("p2", "pass"))
    assert state["units"][con]["zone"] == "reserves", "2 + 3 = 5 >= shields 5 destroys it"


@pytest.mark.parametrize("sequence,legal", [
    ([("p1", "pass"), ("p2", "pass")], True),
    ([("p1", "play lock-on"), ("p2", "pass")], True),
    ([("p1", "play lock-on"), ("p2", "play brace")], True),
    ([("p1", "pass"), ("p2", "play brace"), ("p1", "play lock-on")], True),
    ([("p1", "pass"), ("p2", "play brace"), ("p1", "pass")], True),
    ([("p1", "pass"), ("p2", "pass"), ("p1", "play lock-on")], False),
    ([("p1", "play lock-on"), ("p2", "pass"), ("p1", "play full-throttle")], False),
    ([("p1", "play lock-on"), ("p2", "play brace"), ("p1", "play full-throttle")], False),
])
def test_ex13_card_window_sequences(sequence, legal, fix_dice):
    """SWPM-EX-13, SWPM-COMBAT-07, SWPM-COMBAT-08, SWPM-COMBAT-09: the five legal orders of play are
    accepted and the battle is fought after the last of them; each player has played at most one card.
    The illegal ones (A-pass, D-pass, A-card, the text's own; A-card, D-either, A-card) are refused at
    their last card, the battle having been fought already, and the refusal changes nothing."""
    state = board()
    set_cards(state, "p1", hand=["lock-on", "full-throttle", "brace"])
    set_cards(state, "p2", hand=["brace", "lock-on", "full-throttle"])
    xw = place(state, "p1", "xwing", "contested")
    place(state, "p1", "mc80", "home")
    tie = place(state, "p2", "tie", "contested")
    place(state, "p2", "isd", "home")
    fix_dice("attacks", [1, 1], [1, 1])
    accepted = sequence if legal else sequence[:-1]
    fight(state, f"attack {xw}>{tie}", *accepted)
    assert state["action"] is None and state["active"] == "p2", "the battle should be over and the turn passed"
    for seat in ("p1", "p2"):
        played = [choice.removeprefix("play ") for who, choice in accepted if who == seat and choice != "pass"]
        assert state["players"][seat]["discard"] == played, f"{seat} should have played exactly {played}"
    last = sequence[-1] if not legal else ("p1", "play full-throttle")
    before = copy.deepcopy(state)
    with pytest.raises(OrderError):
        RS.submit(state, *last)
    assert state == before, f"the refused {last[1]!r} of {last[0]} changed the game"


def test_ex13_attacker_may_not_play_after_both_passed(fix_dice):
    """SWPM-EX-13 (illegal A-pass, D-pass, A-card), SWPM-COMBAT-09: after two passes the battle is
    fought at once; the attacker has no third window."""
    state = board()
    set_cards(state, "p1", hand=["lock-on", "full-throttle", "brace"])
    xw = place(state, "p1", "xwing", "contested")
    xw2 = place(state, "p1", "xwing", "contested")
    tie = place(state, "p2", "tie", "contested")
    place(state, "p2", "isd", "contested")
    fix_dice("attacks", [1, 1], [1, 1])
    fight(state, f"attack {xw}>{tie},{xw2}>isd1", ("p1", "pass"), ("p2", "pass"))
    assert state["action"]["i"] == 1, "the first battle is fought after two passes"
    assert state["step"] == {"kind": "card", "seat": "p1"}
    RS.submit(state, "p1", "play lock-on")        # this is battle 2's first window, not a third window of battle 1
    assert state["action"]["cur"]["att_card"] == "lock-on"


def test_attacker_plays_after_playing_is_refused(fix_dice):
    """SWPM-COMBAT-09: A-card, D-card, and A may not play again (the battle is fought at once)."""
    state = board()
    set_cards(state, "p1", hand=["lock-on", "full-throttle", "brace"])
    set_cards(state, "p2", hand=["brace", "lock-on", "full-throttle"])
    xw = place(state, "p1", "xwing", "contested")
    place(state, "p1", "mc80", "home")
    tie = place(state, "p2", "tie", "contested")
    place(state, "p2", "isd", "home")
    fix_dice("attacks", [1, 1], [1, 1])
    fight(state, f"attack {xw}>{tie}", ("p1", "play lock-on"), ("p2", "play brace"))
    assert state["step"]["seat"] == "p2" and state["step"]["kind"] == "main"
    assert "full-throttle" in state["players"]["p1"]["hand"]


def test_ex14_drawing_back_up(fix_dice):
    """SWPM-EX-14, SWPM-COMBAT-20, SWPM-GAP-04: the attacker with 3 plays 1 and draws back to 3; the
    defender with 2 who played none draws 0."""
    state = board()
    set_cards(state, "p1", hand=["lock-on", "full-throttle", "brace"], deck=["brace", "lock-on"])
    set_cards(state, "p2", hand=["brace", "lock-on"], deck=["full-throttle", "full-throttle"])
    xw = place(state, "p1", "xwing", "contested")
    place(state, "p1", "mc80", "home")
    tie = place(state, "p2", "tie", "contested")
    place(state, "p2", "isd", "home")
    fix_dice("attacks", [1, 1], [1, 1])
    fight(state, f"attack {xw}>{tie}", ("p1", "play lock-on"), ("p2", "pass"))
    assert len(state["players"]["p1"]["hand"]) == 3 and state["players"]["p1"]["deck"] == ["lock-on"]
    assert state["players"]["p1"]["discard"] == ["lock-on"], "the played card is discarded"
    assert len(state["players"]["p2"]["hand"]) == 2, "a player who played no card draws nothing"


def test_gap20_attacker_draws_before_defender(fix_dice):
    """SWPM-GAP-20: after a battle the attacking player discards and draws first, then the defender."""
    state = board()
    set_cards(state, "p1", hand=["lock-on", "brace", "brace"], deck=["full-throttle"])
    set_cards(state, "p2", hand=["brace", "lock-on", "lock-on"], deck=["full-throttle"])
    xw = place(state, "p1", "xwing", "contested")
    place(state, "p1", "mc80", "home")
    tie = place(state, "p2", "tie", "contested")
    place(state, "p2", "isd", "home")
    fix_dice("attacks", [1, 1], [1, 1])
    RS.submit(state, "p1", f"attack {xw}>{tie}")
    RS.submit(state, "p1", "play lock-on")
    events = RS.submit(state, "p2", "play brace")
    seats = [e["text"].split()[0] for e in events if e["kind"] == "draw" and "gm" in e["to"]]
    assert seats == ["p1", "p2"], f"draw order was {seats}"


def test_ex17_ground_zone_restriction():
    """SWPM-EX-17, SWPM-UNIT-09, SWPM-UNIT-10, SWPM-UNIT-11, SWPM-UNIT-13: a ground unit in the contested zone may not attack a space
    unit there but may attack a ground unit; in its own home it may attack a space unit; a space
    unit may attack anything in its zone."""
    state = board()
    trooper = place(state, "p1", "rebels", "contested")
    tie = place(state, "p2", "tie", "contested")
    storm = place(state, "p2", "storm", "contested")
    t2b = place(state, "p1", "t2b", "home")
    lam = place(state, "p2", "lambda", "enemy")
    xw = place(state, "p1", "xwing", "contested")
    with pytest.raises(OrderError, match="not one of the pairs"):
        RS.submit(state, "p1", f"attack {trooper}>{tie}")
    from core.rulesets.swpm.flow import legal_attacks, pairing_problem
    assert "SWPM-UNIT-09" in pairing_problem(state, "p1", trooper, tie)
    pairs = legal_attacks(state, "p1")
    assert f"{trooper}>{tie}" not in pairs
    assert f"{trooper}>{storm}" in pairs, "SWPM-UNIT-11: ground against ground in any zone"
    assert f"{t2b}>{lam}" in pairs, "SWPM-UNIT-09: ground against space in its own home"
    assert f"{xw}>{storm}" in pairs and f"{xw}>{tie}" in pairs, "SWPM-UNIT-13: space units have no restriction"


def test_ex17_ground_defender_rolls_back_in_any_zone(fix_dice):
    """SWPM-UNIT-10, SWPM-COMBAT-06: a ground unit attacked by a space unit in the contested zone rolls back."""
    state = board()
    xw = place(state, "p1", "xwing", "contested")
    place(state, "p1", "mc80", "home")
    storm = place(state, "p2", "storm", "contested")
    place(state, "p2", "isd", "home")
    fix_dice(f"{xw} attacks", [1, 1])
    fix_dice(f"{storm} attacks", [6, 5])
    events = []
    RS.submit(state, "p1", f"attack {xw}>{storm}")
    RS.submit(state, "p1", "pass")
    events = RS.submit(state, "p2", "pass")
    assert any(e["kind"] == "roll" and e["data"].get("unit") == storm for e in events), "the defender must roll"
    assert state["units"][xw]["damage"] == 1, "11 + 2 = 13 against the X-wing's 10 hits for 1"


def test_unit04_to_07_values_in_a_battle(fix_dice):
    """SWPM-UNIT-04, SWPM-UNIT-05, SWPM-UNIT-06, SWPM-UNIT-07: attack adds to the roll, defense is the target, damage the counters
    placed, shields the counters a unit can take."""
    state = board()
    ywing = place(state, "p1", "ywing", "contested")       # attack 2, damage 2
    cr90 = place(state, "p2", "cr90", "contested")         # defense 10, shields 4
    place(state, "p1", "mc80", "home")
    place(state, "p2", "isd", "home")
    fix_dice(f"{ywing} attacks", [4, 4])                   # 8 + 2 = 10 >= 10
    fix_dice(f"{cr90} attacks", [1, 1])
    fight(state, f"attack {ywing}>{cr90}", ("p1", "pass"), ("p2", "pass"))
    assert state["units"][cr90]["damage"] == 2 and state["units"][cr90]["zone"] == "contested"
    RS.submit(state, "p2", "pass")
    fix_dice(f"{ywing} attacks", [4, 4])
    fix_dice(f"{cr90} attacks", [1, 1])
    fight(state, f"attack {ywing}>{cr90}", ("p1", "pass"), ("p2", "pass"))
    assert state["units"][cr90]["zone"] == "reserves", "4 counters on shields 4 destroy it"


def test_combat01_five_bs_cap_and_one_defender_each():
    """SWPM-COMBAT-01, SWPM-COMBAT-02, SWPM-EX-07: attackers worth more than 5 BS are refused; one attacker may
    not attack twice."""
    state = board()
    a = place(state, "p1", "bwing", "contested")        # 3
    b = place(state, "p1", "bwing", "contested")        # 3
    t = place(state, "p2", "tie", "contested")
    with pytest.raises(OrderError, match="6 BS"):
        RS.submit(state, "p1", f"attack {a}>{t},{b}>{t}")
    t2 = place(state, "p2", "tie", "contested")
    with pytest.raises(OrderError, match="SWPM-COMBAT-02"):
        RS.submit(state, "p1", f"attack {a}>{t},{a}>{t2}")


def test_combat03_same_zone_only():
    """SWPM-COMBAT-03: attacker and defender must share a zone."""
    state = board()
    a = place(state, "p1", "xwing", "home")
    t = place(state, "p2", "tie", "contested")
    with pytest.raises(OrderError):
        RS.submit(state, "p1", f"attack {a}>{t}")


def test_combat04_05_21_many_attackers_declared_first_fought_in_order(fix_dice):
    """SWPM-COMBAT-04, SWPM-COMBAT-05, SWPM-COMBAT-21, SWPM-GAP-09: two attackers on one target are two battles, all declared
    before the first is fought, in the order given; a battle whose defender is gone is cancelled."""
    state = board()
    a = place(state, "p1", "xwing", "contested")
    b = place(state, "p1", "awing", "contested")
    place(state, "p1", "mc80", "home")
    t = place(state, "p2", "tie", "contested")
    place(state, "p2", "isd", "home")
    fix_dice(f"{a} attacks", [6, 6])
    fix_dice(f"{t} attacks", [1, 1])
    events = RS.submit(state, "p1", f"attack {a}>{t},{b}>{t}")
    assert state["action"]["battles"] == [[a, t], [b, t]], "every pairing is declared at once"
    RS.submit(state, "p1", "pass")
    events = RS.submit(state, "p2", "pass")
    assert state["units"][t]["zone"] == "reserves"
    assert any("cancelled" in e["text"] for e in events), "the second battle is cancelled (SWPM-GAP-09)"
    assert state["active"] == "p2"


def test_combat10_12_13_14_results_add_cards_and_objectives(fix_dice):
    """SWPM-COMBAT-10, SWPM-COMBAT-12, SWPM-COMBAT-13, SWPM-COMBAT-14, SWPM-CARD-04, SWPM-CARD-10, SWPM-CARD-11, SWPM-GAP-23: base roll + attack + card bonus +
    face-up objective; defense + card bonus + objective; all modifiers add up."""
    state = board()
    set_cards(state, "p1", hand=["lock-on", "brace", "brace"], slots=[("rally-point", True), ("fuel-depot", False), ("fuel-depot", False)])
    set_cards(state, "p2", hand=["brace", "brace", "brace"], slots=[("deep-space-array", True), ("fuel-depot", False), ("fuel-depot", False)])
    a = place(state, "p1", "tie", "contested")          # 3 + 2 (lock-on) + 1 (rally point) = 6
    d = place(state, "p2", "cr90", "contested")         # 10 + 2 (brace) + 1 (deep space array) = 13
    place(state, "p1", "mc80", "home")
    place(state, "p2", "isd", "home")
    fix_dice(f"{a} attacks", [4, 3])
    fix_dice(f"{d} attacks", [1, 1])
    RS.submit(state, "p1", f"attack {a}>{d}")
    RS.submit(state, "p1", "play lock-on")
    events = RS.submit(state, "p2", "play brace")
    line = next(e for e in events if e["kind"] == "roll" and e["data"].get("unit") == a)
    assert (line["data"]["base"], line["data"]["result"], line["data"]["defense"]) == (7, 13, 13)
    assert line["data"]["hit"], "13 against 13 hits"


def test_card12_ability_needs_the_icon(fix_dice):
    """SWPM-CARD-12, SWPM-ICON-03, SWPM-ICON-06: Focus Fire's +1 damage works only for a gunnery unit; the
    +2 attack bonus works for any unit (SWPM-CARD-11)."""
    for tag, expected in (("xwing", 2), ("awing", 1)):          # xwing has gunnery; awing does not
        state = board()
        set_cards(state, "p1", hand=["focus-fire", "brace", "brace"])
        a = place(state, "p1", tag, "contested")
        d = place(state, "p2", "nebulon", "contested")
        place(state, "p1", "mc80", "home")
        place(state, "p2", "isd", "home")
        fix_dice(f"{a} attacks", [6, 5])
        fix_dice(f"{d} attacks", [1, 1])
        fight(state, f"attack {a}>{d}", ("p1", "play focus-fire"), ("p2", "pass"))
        assert state["units"][d]["damage"] == expected, f"{tag}: damage {state['units'][d]['damage']}"


def test_card09_effects_end_with_the_battle_gap15(fix_dice):
    """SWPM-CARD-09, SWPM-GAP-15: a +2 shields card lasts the battle; when it ends, a unit whose
    counters now reach its shields is destroyed."""
    state = board()
    set_cards(state, "p2", hand=["reinforced-hull", "brace", "brace"])
    a = place(state, "p1", "ywing", "contested")              # damage 2
    d = place(state, "p2", "xwing", "contested", damage=1)     # shields 2 (+2 = 4 in the battle)
    place(state, "p1", "mc80", "home")
    place(state, "p2", "isd", "home")
    fix_dice(f"{a} attacks", [6, 5])
    fix_dice(f"{d} attacks", [1, 1])
    events = []
    RS.submit(state, "p1", f"attack {a}>{d}")
    RS.submit(state, "p1", "pass")
    events = RS.submit(state, "p2", "play reinforced-hull")
    RS.submit(state, "p1", "pass") if state["step"]["kind"] == "card" else None
    assert state["units"][d]["zone"] == "reserves", "3 counters against shields 2 once the card's +2 is gone"
    assert state["mods"] == [], "battle effects are gone"


def test_gap21_card_applies_to_own_unit_and_reroll(fix_dice):
    """SWPM-GAP-21, SWPM-ICON-10: a card applies to its player's unit; effects on the opposing unit
    say so (Evasive Maneuvers: -1 attack to the opposing unit for an engines unit)."""
    state = board()
    set_cards(state, "p2", hand=["evasive", "brace", "brace"])
    a = place(state, "p1", "tie", "contested")          # attack 3
    d = place(state, "p2", "xwing", "contested")        # engines; defense 10 + 2
    place(state, "p1", "mc80", "home")
    place(state, "p2", "isd", "home")
    fix_dice(f"{a} attacks", [6, 5])                    # 11 + 3 - 1 = 13 against 12
    fix_dice(f"{d} attacks", [1, 1])
    RS.submit(state, "p1", f"attack {a}>{d}")
    RS.submit(state, "p1", "pass")
    RS.submit(state, "p2", "play evasive")
    events = RS.submit(state, "p1", "pass")
    line = next(e for e in events if e["kind"] == "roll" and e["data"].get("unit") == a)
    assert (line["data"]["result"], line["data"]["defense"]) == (13, 12)


def test_gap24_active_player_effects_first(fix_dice):
    """SWPM-GAP-24: at the close of the window the active player's instant effects come first:
    p1's Boarders Away counter lands before p2's Angle the Deflectors removes one."""
    state = board()
    set_cards(state, "p1", hand=["boarders", "brace", "brace"])
    set_cards(state, "p2", hand=["deflectors", "brace", "brace"])
    a = place(state, "p1", "storm", "contested")        # boarding icon
    d = place(state, "p2", "juggernaut", "contested")   # armor icon; shields 4
    place(state, "p1", "mc80", "home")
    place(state, "p2", "isd", "home")
    fix_dice("attacks", [1, 1], [1, 1])
    RS.submit(state, "p1", f"attack {a}>{d}")
    RS.submit(state, "p1", "play boarders")
    events = RS.submit(state, "p2", "play deflectors")
    counters = [e["text"] for e in events if e["kind"] == "counters"]
    assert counters[0].endswith("0 -> 1") and counters[1].endswith("1 -> 0"), counters


def _bacta_at_home():
    """p1: Bacta Tanks face up; an X-wing at home with 2 counters (shields 2 + 1 = 3); p2 to play."""
    from swpm_helpers import RS as rs
    state = board(active="p1")
    set_cards(state, "p1", hand=["brace", "brace", "brace"], slots=[("bacta-tanks", True), ("brace", False), ("brace", False)])
    x = place(state, "p1", "xwing", "home", damage=2)
    place(state, "p1", "mc80", "home")
    place(state, "p2", "isd", "home")
    from core.rulesets.swpm.model import value
    assert value(state, x, "shields") == 3, "Bacta Tanks gives +1 shields at home"
    return rs, state, x


def test_gap15_leaving_the_bacta_zone_destroys_at_once():
    """SWPM-GAP-15 (revised: destruction has no battle condition): an X-wing with 2 counters lives at
    home on Bacta Tanks (shields 3); moved to the contested zone its shields are 2 and it is destroyed
    at that moment."""
    rs, state, x = _bacta_at_home()
    events = rs.submit(state, "p1", f"move {x} contested")
    assert state["units"][x]["zone"] == "reserves", \
        f"{x} has 2 counters against shields 2 out of the home zone: it should be destroyed, not live on at 2/2"
    assert state["units"][x]["damage"] == 0, "a destroyed unit's counters are removed"
    assert any(e["kind"] == "destroyed" and "SWPM-GAP-15" in e["text"] for e in events), [e["text"] for e in events]


def test_gap15_losing_the_bacta_card_destroys_at_once(fix_dice):
    """SWPM-GAP-15: p2 strikes and destroys the face-up Bacta Tanks; p1's X-wing at home with 2
    counters (shields back to 2) is destroyed at that moment."""
    rs, state, x = _bacta_at_home()
    s = place(state, "p2", "storm", "enemy")
    state.update({"active": "p2", "step": {"kind": "main", "seat": "p2"}})
    fix_dice(f"{s} strikes", [6, 6])
    rs.submit(state, "p2", f"strike {s}")
    events = rs.submit(state, "p2", "target 1")
    assert state["players"]["p1"]["slots"][0] is None, "Bacta Tanks is destroyed by the strike"
    assert state["units"][x]["zone"] == "reserves", \
        f"{x} has 2 counters against shields 2 once Bacta Tanks is gone: it should be destroyed, not live on"
    assert any(e["kind"] == "destroyed" and x in e["text"] for e in events)


def test_gap15_swapping_out_the_face_up_bacta_destroys_at_once():
    """SWPM-GAP-15: p1 swaps an objective over its face-up Bacta Tanks (discarded); the X-wing at home
    with 2 counters is destroyed at that moment, before p1's action."""
    rs, state, x = _bacta_at_home()
    set_cards(state, "p1", hand=["fuel-depot", "brace", "brace"])
    rs.submit(state, "p1", "swap fuel-depot 1")
    assert state["units"][x]["zone"] == "reserves", f"{x} should be destroyed the moment Bacta Tanks leaves play"
    assert state["step"] == {"kind": "main", "seat": "p1"}, "the swap does not end the turn"
