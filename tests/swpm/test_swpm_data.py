"""The data (SWPM-DATA-01, SWPM-DATA-02, SWPM-DATA-03, SWPM-DATA-04, SWPM-DATA-05, SWPM-DATA-06, SWPM-DATA-07): units, cards, icons, the effect vocabulary, starters and deck
checks (SWPM-DECK-*), with the worked examples SWPM-EX-01, SWPM-EX-02, SWPM-EX-03, SWPM-EX-04 to the number."""
from __future__ import annotations

from collections import Counter

import pytest

from core.errors import DataError
from core.rulesets.swpm import effects as fx
from core.rulesets.swpm.data import check_card, check_unit, list_problems, rules

R = rules()


def deck_of(n: int) -> list[str]:
    """``n`` cards, at most 3 of each."""
    tags = sorted(R.cards)
    return [tags[i // 3] for i in range(n)]


def fleet_of(bs: int) -> list[str]:
    """Units worth exactly ``bs`` BS, at most 3 of each (1-BS units)."""
    ones = sorted(t for t, u in R.units.items() if u.build_stars == 1)
    return [ones[i // 3] for i in range(bs)]


def test_roster_size_affiliations_and_budget():
    """SWPM-UNIT-01, SWPM-UNIT-03, SWPM-UNIT-14, SWPM-ICON-04: at least 40 units across at least three affiliations, each
    with four combat numbers, 1-5 BS and an icon; stats on the catalog's budget
    attack + (defense - 8) + 2*damage + shields = 4 + 3*BS within 1."""
    assert len(R.units) >= 40
    assert len({u.affiliation for u in R.units.values()}) >= 3
    for u in R.units.values():
        assert 1 <= u.build_stars <= 5 and u.icons, u.id
        score = u.attack + (u.defense - 8) + 2 * u.damage + u.shields
        assert abs(score - (4 + 3 * u.build_stars)) <= 1, f"{u.id} {u.name}: budget {score} for {u.build_stars} BS"


def test_card_pool_types_and_values():
    """SWPM-CARD-01, SWPM-CARD-02, SWPM-CARD-03, SWPM-CARD-08: at least 60 cards, each combat or objective, with BS >= 1 and a defense;
    a combat card has a bonus, an ability, or both."""
    assert len(R.cards) >= 60
    assert {c.type for c in R.cards.values()} == {"combat", "objective"}
    for c in R.cards.values():
        assert c.build_stars >= 1 and 6 <= c.defense <= 14, c.id
        if c.combat:
            assert c.bonus_value or c.effects, c.id


def test_unit08_domains_and_icons():
    """SWPM-UNIT-08, SWPM-ICON-01, SWPM-ICON-02, SWPM-ICON-05, SWPM-ICON-07: space or ground; 0-3 of the 8 match icons, 0-3 of the 3
    power icons; no unit carries force or luck."""
    assert len(R.board["match_icons"]) == 8 and len(R.board["power_icons"]) == 3
    assert {u.domain for u in R.units.values()} == {"space", "ground"}
    for u in R.units.values():
        assert len(u.match_icons) <= 3 and len(u.power_icons) <= 3
        assert not {"force", "luck"} & set(u.icons)


def test_unit03_validation_rejects_bad_units():
    """SWPM-UNIT-03, SWPM-GAP-22: a unit with 0 BS, 6 BS, no affiliation, a ninth match icon or a
    force icon fails the load naming its id."""
    good = {"id": "X1", "tag": "x", "name": "X", "affiliation": "Rebel Alliance", "domain": "space",
            "build_stars": 1, "attack": 1, "defense": 9, "damage": 1, "shields": 1, "match_icons": [], "power_icons": []}
    check_unit(good, R.board)
    for bad in ({"build_stars": 0}, {"build_stars": 6}, {"affiliation": ""}, {"match_icons": ["lasers"]},
                {"match_icons": ["force"]}, {"domain": "air"}):
        with pytest.raises(DataError, match="X1"):
            check_unit({**good, **bad}, R.board)


def test_data05_bad_effect_fails_the_load_naming_the_card():
    """SWPM-DATA-05, SWPM-GAP-14: an effect that does not parse fails the load with the card id; effects
    are records, never code."""
    row = {"id": "C99", "tag": "bad", "name": "Bad", "type": "combat", "build_stars": 1, "defense": 9,
           "bonus_stat": "attack", "bonus_value": 1, "ability_icon": "gunnery", "ability_timing": "battle",
           "rules_text": "x"}
    for effect in ("__import__('os')", "modify(attack, +1, self)", "modify(speed, +1, self, battle)",
                   "modify(attack, +1, striker, battle)", "explode(self)", "modify(attack, +1, self, while_face_up)"):
        with pytest.raises(DataError, match="C99"):
            check_card({**row, "effect": effect}, R.icons)
    card = check_card({**row, "effect": "modify(damage, +1, self, battle)"}, R.icons)
    assert card.effects == (fx.Effect("modify", stat="damage", amount=1, scope=fx.Scope("self"), duration="battle"),)


def test_icon08_power_icons_have_constant_abilities():
    """SWPM-ICON-08, SWPM-DATA-04: each power icon has a constant ability in the effect vocabulary."""
    assert set(R.power) == {"ace", "bastion", "flagship"}
    assert all(R.power[k] and all(e.verb == "modify" for e in R.power[k]) for k in R.power)


def test_ex01_deck_size():
    """SWPM-EX-01, SWPM-DECK-01, SWPM-GAP-25: 30 cards legal, 29 illegal, 45 legal (no maximum)."""
    fleet = fleet_of(30)
    assert list_problems(fleet, deck_of(30)) == []
    assert any(p.startswith("SWPM-DECK-01") for p in list_problems(fleet, deck_of(29)))
    assert list_problems(fleet, deck_of(45)) == []


def test_ex02_fleet_bs():
    """SWPM-EX-02, SWPM-DECK-02: 30 BS legal, 31 illegal, 24 legal."""
    deck = deck_of(30)
    assert list_problems(fleet_of(30), deck) == []
    problems = list_problems(fleet_of(30) + ["awing"], deck)
    assert any(p.startswith("SWPM-DECK-02") and "31 BS" in p for p in problems), problems
    assert list_problems(fleet_of(24), deck) == []


def test_ex03_card_copies():
    """SWPM-EX-03, SWPM-DECK-03: 3 copies legal, 4 illegal."""
    deck = deck_of(30)
    assert Counter(deck).most_common(1)[0][1] == 3 and list_problems(fleet_of(30), deck) == []
    deck4 = deck[:-1] + [deck[0]]
    assert any(p.startswith("SWPM-DECK-03") for p in list_problems(fleet_of(30), deck4))


def test_ex04_unit_copies():
    """SWPM-EX-04, SWPM-DECK-04, SWPM-DECK-05, SWPM-GAP-19: in a 30-BS format 3 copies are legal and 4 illegal;
    the limit is floor(cap / 10): 2 in a 20-BS and in a 25-BS format."""
    deck = deck_of(30)
    assert list_problems(["awing"] * 3, deck) == []
    assert any(p.startswith("SWPM-DECK-04") for p in list_problems(["awing"] * 4, deck))
    for cap in (20, 25):
        assert list_problems(["awing"] * 2, deck, fleet_cap=cap) == []
        assert any("at most 2" in p for p in list_problems(["awing"] * 3, deck, fleet_cap=cap))


def test_icon04_affiliations_mix_freely():
    """SWPM-ICON-04: a fleet of three affiliations is legal."""
    assert list_problems(["xwing", "tie", "arc170"], deck_of(30)) == []


def test_data06_starters_are_legal_and_ready():
    """SWPM-DATA-06: at least two starters, each 30 BS of units, a 30-card deck, no unit or card over
    3 copies, 20 BS sensible to start at home."""
    assert len(R.starters) >= 2
    for st in R.starters.values():
        assert sum(R.units[u].build_stars for u in st.units) == 30
        assert len(st.deck) == 30 and list_problems(list(st.units), list(st.deck)) == []
        assert sum(R.units[u].build_stars for u in st.home) == 20


def test_data07_board_numbers():
    """SWPM-DATA-07: the numbers the text fixes."""
    b = R.board
    assert (b["objective_slots_per_player"], b["max_hand_size"], b["action_bs_cap"], b["setup_home_bs_cap"],
            b["fleet_bs_cap"], b["deck_min_cards"], b["card_copy_cap"]) == (3, 3, 5, 20, 30, 30, 3)


def test_flow01_lists_chosen_at_setup_are_checked_with_rule_ids():
    """SWPM-FLOW-01, SWPM-DECK-01, SWPM-DECK-04: a list given for a seat at setup (a starter's name or
    'units / cards') is checked; a broken one refuses the setup naming the rule IDs."""
    from core.errors import SetupError
    from core.registry import find_ruleset
    from core.session import Session
    rs = find_ruleset("swpm")
    text = rs.starter_lists()["imperial-garrison"]
    session = Session.new("swpm", [("a", "P1"), ("b", "P2")], options={"lists": {"P1": "republic-taskforce", "b": text}})
    assert session.state["setup"]["a"]["list"] == "republic-taskforce"
    assert sorted(session.state["setup"]["b"]["deck"]) == sorted(R.starters["imperial-garrison"].deck)
    with pytest.raises(SetupError, match="SWPM-DECK-01.*SWPM-DECK-04"):
        Session.new("swpm", [("a", "P1"), ("b", "P2")], options={"lists": {"a": "xwing*4 / lock-on"}})
    assert rs.check_list(text) == [] and any(p.startswith("SWPM-DECK-03") for p in rs.check_list("xwing / lock-on*4"))
    assert "lists" not in session.view("a")["facts"]["options"], "a list chosen at setup is its owner's secret"
