"""Hidden information exactly as catalog section 5.3 (SWPM-HAND-*, SWPM-GAP-16), drawing
(SWPM-GAP-04, SWPM-GAP-05), relative card words (SWPM-UNIT-02, SWPM-ICON-09), the odds shown
before committing, and the invariants."""
from __future__ import annotations

import json
from fractions import Fraction

from core.events import filter_events
from core.rulesets.swpm import invariant_problems
from core.rulesets.swpm.model import value

from swpm_helpers import RS, board, new_game, place, set_cards


def seen(state, viewer):
    return json.dumps(RS.view(state, viewer), sort_keys=True)


def test_hand01_own_hand_seen_opponent_sees_count():
    """SWPM-HAND-01, SWPM-FLOW-05: a player sees their own hand; the opponent sees only its count."""
    state = new_game()
    v1, v2 = RS.view(state, "p1"), RS.view(state, "p2")
    assert [c["tag"] for c in v1["board"]["hand"]] == state["players"]["p1"]["hand"]
    assert [c["tag"] for c in v2["board"]["hand"]] == state["players"]["p2"]["hand"], "p2 sees its own hand only"
    theirs = next(p for p in v2["board"]["players"] if p["seat"] == "p1")
    assert theirs["hand_count"] == 3 and "hand" not in theirs


def test_gap16_face_down_objectives_hidden_from_everyone_even_the_owner():
    """SWPM-GAP-16, SWPM-FLOW-04: no seat's view names a face-down objective, its own included; a
    change of the card leaves every seat's view unchanged; the GM sees it."""
    state = new_game()
    before = {s: seen(state, s) for s in ("p1", "p2")}
    for seat in ("p1", "p2"):
        for slot in RS.view(state, seat)["board"]["players"][0]["slots"]:
            assert slot["state"] == "down" and "card" not in slot
    state["players"]["p1"]["slots"][0]["card"] = "command-post"
    assert {s: seen(state, s) for s in ("p1", "p2")} == before
    gm = RS.view(state, "gm")
    assert any(sl.get("card", {}).get("tag") == "command-post" for p in gm["board"]["players"] for sl in p["slots"])


def test_gap16_option_owner_sees_objectives():
    """SWPM-GAP-16 as an option: with owner_sees_objectives the owner sees them, the opponent still not."""
    state = new_game(owner_sees_objectives=True)
    mine = RS.view(state, "p1")["board"]["players"][0]["slots"]
    theirs = RS.view(state, "p2")["board"]["players"][1]["slots"]
    assert all("card" in s for s in mine) and all("card" not in s for s in theirs)


def test_hidden_table_53_every_secret_is_in_hidden_changes():
    """Catalog 5.3: deck order (nobody), the opponent's hand, face-down objectives: each is offered by
    hidden_changes and changing it leaves the seat's view unchanged."""
    state = new_game()
    for seat in ("p1", "p2"):
        changes = RS.hidden_changes(state, seat)
        names = " | ".join(w for w, _ in changes)
        for needed in ("your deck order", "deck order", "hand", "face-down objective in slot 1"):
            assert needed in names, f"{seat}: {needed!r} missing from {names}"
        before = seen(state, seat)
        for what, change in changes:
            trial = json.loads(json.dumps(state))
            change(trial)
            assert seen(trial, seat) == before, f"{seat}'s view changed when {what} changed"


def test_hand03_draws_are_logged_privately_and_played_cards_publicly(fix_dice):
    """SWPM-HAND-03, SWPM-FLOW-08: everything is on the log; a draw's cards go only to the drawer (the
    opponent reads a count); played and revealed cards are public."""
    state = board()
    set_cards(state, "p1", hand=["lock-on", "brace", "brace"], deck=["full-throttle"])
    a = place(state, "p1", "xwing", "contested")
    place(state, "p1", "mc80", "home")
    d = place(state, "p2", "tie", "contested")
    place(state, "p2", "isd", "home")
    fix_dice("attacks", [1, 1], [1, 1])
    events = RS.submit(state, "p1", f"attack {a}>{d}") + RS.submit(state, "p1", "play lock-on") + RS.submit(state, "p2", "pass")
    side_of = lambda s: RS.side_of(state, s)  # noqa: E731
    p2_log = " ".join(e["text"] for e in filter_events(events, "p2", side_of))
    p1_log = " ".join(e["text"] for e in filter_events(events, "p1", side_of))
    assert "Lock On" in p2_log, "a played card is public"
    assert "Full Throttle" in p1_log and "Full Throttle" not in p2_log and "p1 draws 1 card" in p2_log


def test_gap04_max_hand_size_and_objective_changes_it(fix_dice):
    """SWPM-GAP-04: the maximum hand size is 3; a face-up Supply Depot raises it to 4 for its owner."""
    state = board()
    assert RS.view(state, "p1")["board"]["players"][0]["hand_size"] == 3
    set_cards(state, "p1", slots=[("supply-depot", True), ("fuel-depot", False), ("fuel-depot", False)])
    from core.rulesets.swpm.model import hand_size
    assert hand_size(state, "p1") == 4 and hand_size(state, "p2") == 3


def test_gap05_empty_deck_takes_the_shuffled_discard(fix_dice):
    """SWPM-GAP-05: drawing from an empty deck shuffles the discard pile into a new deck; with both
    empty, drawing stops without penalty."""
    state = board()
    set_cards(state, "p1", hand=["lock-on", "brace"], deck=[], discard=["brace", "full-throttle"])
    a = place(state, "p1", "xwing", "contested")
    place(state, "p1", "mc80", "home")
    d = place(state, "p2", "tie", "contested")
    place(state, "p2", "isd", "home")
    fix_dice("attacks", [1, 1], [1, 1])
    RS.submit(state, "p1", f"attack {a}>{d}")
    RS.submit(state, "p1", "play lock-on")
    RS.submit(state, "p2", "pass")
    p = state["players"]["p1"]
    assert len(p["hand"]) == 3 and len(p["deck"]) == 1 and p["discard"] == [], "3 discards reshuffled, 2 drawn"
    assert not [x for x in invariant_problems(state) if "conserved" in x], "no card lost in the reshuffle"


def test_unit02_friendly_and_opposing_are_relative_to_the_card():
    """SWPM-UNIT-02: card words are relative to the card's controller: p1's Jamming Station gives -1
    attack to p2's (opposing) units in p1's home zone, not to p1's own."""
    state = board()
    set_cards(state, "p1", slots=[("jammers", True), ("fuel-depot", False), ("fuel-depot", False)])
    mine = place(state, "p1", "tie", "home")
    theirs = place(state, "p2", "tie", "enemy")
    far = place(state, "p2", "tie", "home")
    assert (value(state, mine, "attack"), value(state, theirs, "attack"), value(state, far, "attack")) == (3, 2, 3)


def test_icon09_power_icon_unlocks_card_ability_and_icon08_constant():
    """SWPM-ICON-09, SWPM-ICON-08: the ace power icon gives +1 attack in the contested zone always, and
    unlocks Ace in the Cockpit's ability (+1 defense) exactly as a match icon would."""
    from core.rulesets.swpm.combat import applies
    from core.rulesets.swpm.data import rules
    state = board()
    xw = place(state, "p1", "xwing", "home")
    assert value(state, xw, "attack") == 4
    state["units"][xw]["zone"] = "contested"
    assert value(state, xw, "attack") == 5
    assert applies("xwing", rules().cards["ace-pilot"]) and not applies("ywing", rules().cards["ace-pilot"])


def test_odds_attack_exact_and_if_you_play():
    """Odds before committing: an X-wing (attack 5 in the contested zone) against a TIE (defense 9,
    shields 1) hits on 4+ (33/36) and so destroys 33/36; the hand's cards appear as 'if you play X'."""
    state = board()
    set_cards(state, "p1", hand=["lock-on", "brace", "brace"])
    a = place(state, "p1", "xwing", "contested")
    d = place(state, "p2", "tie", "contested")
    odds = RS.odds(state, "p1", f"attack {a}>{d}")
    assert odds.total() == 1
    assert dict(odds.rows)["1 defender destroyed"] == Fraction(33, 36)
    assert any(n.startswith("  if you play Lock On: hit 100%") for n in odds.notes), odds.notes
    assert any(n.startswith("  if you play Brace for Impact") for n in odds.notes)


def test_odds_strike_exact():
    """Odds of a strike: a Stormtrooper squad (2 + 1 ground) against a face-up defense 9 needs 6+: 26/36."""
    state = board()
    set_cards(state, "p2", slots=[("fuel-depot", True), ("fuel-depot", False), None])
    s = place(state, "p1", "storm", "enemy")
    odds = RS.odds(state, "p1", f"strike {s}")
    assert dict(odds.rows)["1 objective destroyed"] == Fraction(26, 36) and odds.total() == 1
    assert any("face down" in n for n in odds.notes)


def test_invariants_catch_a_lost_card_and_an_overfull_fleet():
    """The invariants: cards conserved across deck, hand, slots and discard; fleets within the cap."""
    state = new_game()
    assert invariant_problems(state) == [] and RS.invariants(state, state, []) == []
    state["players"]["p1"]["hand"].pop()
    assert any("not conserved" in p for p in invariant_problems(state))
    state = new_game()
    state["players"]["p2"]["fleet"].append("isd")
    assert any("over the cap" in p for p in invariant_problems(state))


def _saboteur_reveal(hand: list[str]) -> tuple[dict, list]:
    """p1 strikes p2's face-down Saboteur Cell: on reveal, p1 discards a card at random from ``hand``."""
    state = board()
    s = place(state, "p1", "xwing", "enemy")
    place(state, "p1", "mc80", "home")
    place(state, "p2", "isd", "home")
    set_cards(state, "p1", hand=hand)
    set_cards(state, "p2", slots=[("saboteurs", False), ("brace", False), ("brace", False)])
    RS.submit(state, "p1", f"strike {s}")
    return state, RS.submit(state, "p1", "target 1")


def test_hand01_random_discard_shows_the_opponent_nothing_of_the_hidden_hand():
    """SWPM-HAND-01 (catalog 5.3: the opponent sees the hand's count only): Saboteur Cell makes p1
    discard a card at random. p2 learns which card went (the discard pile is public) and nothing
    about where the cards that stay hidden sort: the die that picked it is p1's and the GM's alone,
    and p2's log reads the same whatever the other cards of the hand are."""
    seen_by_p2 = []
    for hand in (["lock-on", "brace", "focus-fire"], ["lock-on", "reinforced-hull", "focus-fire"]):
        state, events = _saboteur_reveal(hand)
        gone = state["players"]["p1"]["discard"][-1]
        assert gone not in state["players"]["p1"]["hand"] and len(state["players"]["p1"]["hand"]) == 2
        theirs = filter_events(events, "p2", lambda seat: None)
        picks = [e["text"] for e in theirs if e["kind"] == "roll" and "at random" in e["text"]]
        assert not picks, f"p2 sees the die that picked p1's discard, which tells how p1's hidden hand sorts: {picks}"
        mine = filter_events(events, "p1", lambda seat: None)
        assert any(e["kind"] == "roll" and "at random" in e["text"] for e in mine), "p1 sees the die of its own discard"
        assert any(e["kind"] == "roll" and "at random" in e["text"] for e in events), "the die is a logged roll event"
        seen_by_p2.append((gone, [e["text"] for e in theirs if "discard" in e["text"]]))
    for gone, lines in seen_by_p2:
        assert any(f"discards {rules_name(gone)} at random" in line for line in lines), lines


def rules_name(tag: str) -> str:
    from core.rulesets.swpm.data import rules
    return rules().cards[tag].name
