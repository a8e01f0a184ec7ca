"""Republic at War ground combat: RAW-GROUND-01..07, the garrison cap by controller (RAW-GAP-30),
assault details (RAW-GAP-29), and the exact capture odds of core.odds / RepublicAtWar.odds."""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from itertools import product
from typing import Any

import pytest

from core.dice import Dice
from core.errors import OrderError
from core.odds import ground_capture, ground_round as odds_round
from core.rulesets.raw import RepublicAtWar
from core.rulesets.raw.ground import ground_round
from raw_helpers import Script

SIDE_GAR, SIDE_CIS = "GAR", "CIS"


class StubDice:
    """A dice object for ground.ground_round: hands out chosen values in order and records each call."""

    def __init__(self, *values: list[int]) -> None:
        self.values = list(values)
        self.calls: list[tuple[int, int, str]] = []

    def roll(self, count: int, sides: int, purpose: str, viewers: Any = ("all",), why: Any = None) -> list[int]:
        self.calls.append((count, sides, purpose))
        out = self.values.pop(0)
        assert len(out) == count, f"{purpose}: the engine rolled {count} dice, the test scripted {out}"
        return list(out)




def assault_rounds(script: Script, planet: str) -> list[tuple[int, int]]:
    """(attacker dice, defender dice) of each ground round rolled at ``planet``."""
    att = [n for p, n in script.seen if p == f"ground assault on {planet}: attacker"]
    dfn = [n for p, n in script.seen if p == f"ground assault on {planet}: defender"]
    return list(zip(att, dfn))


# -- one round, with a stub dice object -------------------------------------------------------

def test_RAW_GROUND_06_clone_attacker_tie_after_bonus_loses():
    """RAW-GROUND-06 (catalog 2.10 vector): clone attacker die 4 (+1 => 5) vs droid defender 5 is a tie; the clones lose it."""
    dice = StubDice([4], [5])
    losses = ground_round(dice, 1, 1, SIDE_GAR, SIDE_CIS, "t", ["all"])
    assert losses == (1, 0), f"clone 4+1 vs droid 5 must be a clone loss (1, 0), got {losses}"


def test_RAW_GROUND_06_clones_lose_ties_defending():
    """RAW-GROUND-06 (catalog 2.10 vector): droid attacker 3 vs clone defender 3: a tie, and clones lose ties even defending."""
    dice = StubDice([3], [3])
    losses = ground_round(dice, 1, 1, SIDE_CIS, SIDE_GAR, "t", ["all"])
    assert losses == (0, 1), f"droid 3 vs defending clone 3 must cost the clones (0, 1), got {losses}"


def test_RAW_GROUND_05_clone_six_plus_one_beats_droid_six():
    """RAW-GROUND-05 (catalog 2.10 vector): clone attacker 6 (+1 => 7) vs droid 6: the clones win."""
    dice = StubDice([6], [6])
    losses = ground_round(dice, 1, 1, SIDE_GAR, SIDE_CIS, "t", ["all"])
    assert losses == (0, 1), f"clone 6+1 vs droid 6 must kill the droid (0, 1), got {losses}"


def test_RAW_GROUND_05_defending_clones_get_no_bonus():
    """RAW-GROUND-05: the +1 is for attacking clones only: a defending clone 4 vs droid attacker 4 does not become 5."""
    dice = StubDice([4], [4])
    losses = ground_round(dice, 1, 1, SIDE_CIS, SIDE_GAR, "t", ["all"])
    assert losses == (0, 1), f"a defending clone 4 must not get +1 and so loses the tie to droid 4: expected (0, 1), got {losses}"
    dice = StubDice([5], [4])
    losses = ground_round(dice, 1, 1, SIDE_CIS, SIDE_GAR, "t", ["all"])
    assert losses == (0, 1), f"droid 5 beats a defending clone 4: expected (0, 1), got {losses}"
    dice = StubDice([3], [4])
    losses = ground_round(dice, 1, 1, SIDE_CIS, SIDE_GAR, "t", ["all"])
    assert losses == (1, 0), f"a defending clone 4 beats droid 3: expected (1, 0), got {losses}"


def test_RAW_GROUND_04_ties_go_to_the_defender_without_clones():
    """RAW-GROUND-04: a tied pair is won by the defender (droids attacking a neutral garrison)."""
    dice = StubDice([4], [4])
    losses = ground_round(dice, 1, 1, SIDE_CIS, "neutral:Mandalore", "t", ["all"])
    assert losses == (1, 0), f"droid 4 vs neutral defender 4: the tie goes to the defender, expected (1, 0), got {losses}"


def test_RAW_GROUND_03_highest_pairs_compared_in_order():
    """RAW-GROUND-03: dice sorted high to low, compared highest with highest, pairs = the smaller count; each loser loses 1 GF."""
    # droids attack clones: att 1,6,3 -> 6,3,1 ; def 2,5 -> 5,2 : 6>5 and 3>2 -> defender loses 2
    dice = StubDice([1, 6, 3], [2, 5])
    assert ground_round(dice, 3, 2, SIDE_CIS, SIDE_GAR, "t", ["all"]) == (0, 2), "6>5 and 3>2 must cost the defender 2 GF"
    # att 6,1,1 vs def 5,5: 6>5 defender loses; 1<5 attacker loses -> (1, 1); the third attacking die is unpaired
    dice = StubDice([1, 6, 1], [5, 5])
    assert ground_round(dice, 3, 2, SIDE_CIS, SIDE_GAR, "t", ["all"]) == (1, 1), "6 vs 5 and 1 vs 5 must be one loss each"
    # a lone defender die: only one pair is compared even with 3 attacking dice
    dice = StubDice([2, 2, 6], [5])
    assert ground_round(dice, 3, 1, SIDE_CIS, SIDE_GAR, "t", ["all"]) == (0, 1), "with one defending die only the highest pair counts"


def test_RAW_GROUND_02_dice_counts_are_min_3_and_min_2():
    """RAW-GROUND-02: the attacker rolls min(3, attacking GF), the defender min(2, defending GF)."""
    for att, dfn, want in [(5, 4, (3, 2)), (2, 4, (2, 2)), (1, 1, (1, 1)), (3, 1, (3, 1)), (7, 9, (3, 2))]:
        dice = StubDice([1] * want[0], [6] * want[1])
        ground_round(dice, att, dfn, SIDE_CIS, SIDE_GAR, "t", ["all"])
        counts = (dice.calls[0][0], dice.calls[1][0])
        assert counts == want, f"{att} attackers vs {dfn} defenders must roll {want} dice, rolled {counts}"
        assert all(c[1] == 6 for c in dice.calls), f"ground dice must be d6, got {dice.calls}"


# -- full assaults through game.resolve() ------------------------------------------------------

def test_RAW_GROUND_06_full_assault_clone_tie_attacking_fails(game, script):
    """RAW-GROUND-06 / RAW-GROUND-05: through resolve, clone die 4 (+1 => 5) vs droid 5: the clone dies, Raxus stays CIS."""
    game.give("Raxus", "bo", gf=1)
    ship = game.unit("al", "Ac1", "Raxus", gf=1)
    game.order("al", "assault Raxus")
    script.add("ground assault on Raxus: attacker", [4]).add("ground assault on Raxus: defender", [5])
    events = game.resolve()
    assert game.owner("Raxus") == "bo", f"the tie goes against the clones, Raxus must stay bo's, owner is {game.owner('Raxus')}"
    assert game.state["planets"]["Raxus"]["gf"] == 1, "the droid defender must survive the tie"
    assert game.state["units"][ship]["gf"] == 0, "the lone clone must be lost"
    assert any(e["kind"] == "assault" and "fails" in e["text"] for e in events), "a failed-assault report is expected"


def test_RAW_GROUND_06_full_assault_droids_win_tie_against_defending_clones(game, script):
    """RAW-GROUND-06: through resolve, droid attacker 3 vs clone defender 3: the clone loses the tie and Coruscant falls."""
    game.give("Coruscant", "cy", gf=1)
    game.unit("di", "C9L", "Coruscant", gf=1)
    game.order("di", "assault Coruscant")
    script.add("ground assault on Coruscant: attacker", [3]).add("ground assault on Coruscant: defender", [3])
    events = game.resolve()
    assert game.owner("Coruscant") == "di", f"droids win ties against clones: Coruscant must be di's, owner is {game.owner('Coruscant')}"
    assert game.state["planets"]["Coruscant"]["gf"] == 1, "the surviving droid must garrison Coruscant"
    captures = [e for e in events if e["kind"] == "capture"]
    assert captures and "team:GAR" in captures[0]["to"], "the capture must be reported to the defending team too (loss of its planet)"


def test_RAW_GROUND_05_full_assault_clone_six_beats_droid_six(game, script):
    """RAW-GROUND-05: through resolve, clone attacker 6 (+1 => 7) vs droid 6: the clones win and take Raxus."""
    game.give("Raxus", "bo", gf=1)
    game.unit("al", "Ac1", "Raxus", gf=1)
    game.order("al", "assault Raxus")
    script.add("ground assault on Raxus: attacker", [6]).add("ground assault on Raxus: defender", [6])
    game.resolve()
    assert game.owner("Raxus") == "al", f"clone 7 beats droid 6: Raxus must be al's, owner is {game.owner('Raxus')}"
    assert game.state["planets"]["Raxus"]["gf"] == 1, "the surviving clone garrisons Raxus"


def test_RAW_GROUND_07_rounds_repeat_until_one_side_is_gone(game, script):
    """RAW-GROUND-07 / RAW-GROUND-02: rounds go on (3 vs 2 dice, then fewer) until a side is wiped out; then the planet is taken."""
    game.give("Raxus", "bo", gf=3)
    game.unit("al", "Ac2", "Raxus", gf=4)
    game.order("al", "assault Raxus")
    # round 1: clones 1,1,1 (+1 = 2,2,2) vs droids 5,5 -> clones lose 2 (4 -> 2)
    # round 2: clones 6,6 (7,7) vs droids 1,1 -> droids lose 2 (3 -> 1)
    # round 3: clones 5,1 (6,2) vs droid 6 -> tie on top pair 6 vs 6: clone loses (2 -> 1)
    # round 4: clone 6 (7) vs droid 2 -> droid dies (1 -> 0): Raxus falls with 1 clone left
    script.add("ground assault on Raxus: attacker", [1, 1, 1], [6, 6], [5, 1], [6])
    script.add("ground assault on Raxus: defender", [5, 5], [1, 1], [6], [2])
    game.resolve()
    assert assault_rounds(script, "Raxus") == [(3, 2), (2, 2), (2, 1), (1, 1)], \
        f"dice per round must be min(3,att)/min(2,def): got {assault_rounds(script, 'Raxus')}"
    assert game.owner("Raxus") == "al", f"the droids were wiped out, Raxus must be al's, owner is {game.owner('Raxus')}"
    assert game.state["planets"]["Raxus"]["gf"] == 1, f"one clone survives, garrison is {game.state['planets']['Raxus']['gf']}"


def test_RAW_GROUND_07_attack_wiped_out_planet_kept(game, script):
    """RAW-GROUND-07: when the attackers are all gone the defender keeps the planet with its survivors."""
    game.give("Raxus", "bo", gf=2)
    ship = game.unit("al", "Ac1", "Raxus", gf=2)
    game.order("al", "assault Raxus")
    script.add("ground assault on Raxus: attacker", [1, 1]).add("ground assault on Raxus: defender", [6, 6])
    game.resolve()
    assert game.owner("Raxus") == "bo", "the defender must keep Raxus"
    assert game.state["planets"]["Raxus"]["gf"] == 2, "both droids survive"
    assert game.state["units"][ship]["gf"] == 0, "the landed clones are all lost; none go back aboard"


def test_RAW_GROUND_04_full_assault_tie_to_neutral_defender(game, script):
    """RAW-GROUND-04: droids attacking a garrisoned neutral world lose a tied pair (the defender wins ties)."""
    game.give("Alderaan", None, gf=1)
    game.unit("bo", "C9L", "Alderaan", gf=1)
    game.order("bo", "assault Alderaan")
    script.add("ground assault on Alderaan: attacker", [4]).add("ground assault on Alderaan: defender", [4])
    game.resolve()
    assert game.owner("Alderaan") is None, "the tie goes to the neutral defender; Alderaan stays unowned"
    assert game.state["planets"]["Alderaan"]["gf"] == 1, "the neutral defender survives the tie"


def test_RAW_GROUND_01_only_the_space_winner_assaults(game, script):
    """RAW-GROUND-01 / RAW-GAP-29: after space combat the winner lands its carried GF in the same turn."""
    game.give("Raxus", "bo", gf=1)
    game.unit("bo", "GZC", "Raxus")
    game.unit("al", "Vc1", "Raxus")
    game.unit("al", "Ac1", "Raxus", gf=2)
    game.order("al", "assault Raxus")
    script.add("battle at Raxus", [1, 1])  # total <= 1: the defender loses 100%
    script.add("ground assault on Raxus: attacker", [6, 6]).add("ground assault on Raxus: defender", [1])
    events = game.resolve()
    kinds = [e["kind"] for e in events]
    assert "battle" in kinds and "capture" in kinds, f"a battle and then a capture are expected, got {kinds}"
    assert kinds.index("battle") < kinds.index("capture"), "the assault must come after the space combat"
    assert game.owner("Raxus") == "al", "GAR won the orbit and its clones took Raxus"


def test_RAW_GROUND_01_enemy_fleet_in_orbit_blocks_the_assault(game):
    """RAW-GROUND-01 / RAW-GAP-29: with an enemy fleet still in orbit and not retreating (no combat: both hold fire), no assault."""
    game.give("Raxus", "bo", gf=0)
    game.unit("bo", "PrD", "Raxus")
    ship = game.unit("al", "Ac1", "Raxus", gf=2)
    game.order("al", "stance hold")
    game.order("bo", "stance hold")
    game.order("al", "assault Raxus")
    events = game.resolve()
    assert game.owner("Raxus") == "bo", "the assault must not happen while bo's fleet holds the orbit"
    assert game.state["units"][ship]["gf"] == 2, "the clones stay aboard"
    assert any(e["kind"] == "refused" and "holds the orbit" in e["text"] for e in events), "the refusal must be reported"


def test_RAW_GROUND_01_only_gf_carried_at_the_location_take_part(game):
    """RAW-GROUND-01: only GF aboard ships at that planet fight; garrisons elsewhere and ships without GF do not."""
    game.give("Raxus", "bo", gf=0)
    game.give("Kuat", "al", gf=5)
    game.unit("al", "Vc1", "Raxus")
    game.unit("al", "Ac1", "Kuat", gf=3)
    game.order("al", "assault Raxus")
    events = game.resolve()
    assert game.owner("Raxus") == "bo", "no GF were carried to Raxus, so it cannot be taken"
    assert any(e["kind"] == "refused" and "no GF aboard" in e["text"] for e in events), "the refusal must say no GF were aboard"
    assert game.state["planets"]["Kuat"]["gf"] == 5, "GF elsewhere must not be used"


# -- RAW-GAP-29 assault details -------------------------------------------------------------------

def test_RAW_GAP_29_zero_defenders_captured_at_once(game, script):
    """RAW-GAP-29: with 0 defenders the planet is captured at once, no dice are rolled; the assaulting player owns it."""
    game.give("Raxus", "bo", gf=0)
    game.unit("ed", "Ac1", "Raxus", gf=2)
    game.order("ed", "assault Raxus")
    game.resolve()
    assert game.owner("Raxus") == "ed", f"ed assaulted an empty Raxus and must own it, owner is {game.owner('Raxus')}"
    assert assault_rounds(script, "Raxus") == [], "no ground dice with 0 defenders"
    assert game.state["planets"]["Raxus"]["gf"] == 2, "both clones garrison it"


def test_RAW_GAP_29_assault_count_limits_the_landing(game):
    """RAW-GAP-29: 'assault <planet> N' commits N GF; the rest stay aboard."""
    game.give("Alderaan", None, gf=0)
    ship = game.unit("al", "Ac1", "Alderaan", gf=4)
    game.order("al", "assault Alderaan 1")
    game.resolve()
    assert game.owner("Alderaan") == "al", "one GF against none takes Alderaan"
    assert game.state["planets"]["Alderaan"]["gf"] == 1, "only the one committed GF lands"
    assert game.state["units"][ship]["gf"] == 3, "the three uncommitted GF stay aboard"


def test_RAW_GAP_29_teammates_combine_and_the_bigger_share_owns(game):
    """RAW-GAP-29: teammates' GF combine; the player who committed the most owns the planet."""
    game.give("Alderaan", None, gf=0)
    game.unit("al", "Ac1", "Alderaan", gf=2)
    game.unit("cy", "Ac1", "Alderaan", gf=3)
    game.order("al", "assault Alderaan")
    game.order("cy", "assault Alderaan")
    game.resolve()
    assert game.owner("Alderaan") == "cy", f"cy committed 3 GF to al's 2 and must own Alderaan, owner is {game.owner('Alderaan')}"
    assert game.state["planets"]["Alderaan"]["gf"] == 5, "all five GF garrison it"


def test_RAW_GAP_29_equal_shares_go_to_the_lower_seat(game):
    """RAW-GAP-29: equal commitments: the lower seat (earlier in seat order) owns the planet."""
    game.give("Alderaan", None, gf=0)
    game.unit("ed", "Ac1", "Alderaan", gf=2)
    game.unit("cy", "Ac1", "Alderaan", gf=2)
    game.order("ed", "assault Alderaan")
    game.order("cy", "assault Alderaan")
    game.resolve()
    assert game.owner("Alderaan") == "cy", f"cy sits before ed and must own Alderaan on a tie, owner is {game.owner('Alderaan')}"


def test_RAW_GAP_29_RAW_GAP_30_excess_survivors_stay_aboard(game):
    """RAW-GAP-29 / RAW-GAP-30: survivors garrison up to the new owner's cap (10 for GAR); the excess stays aboard."""
    game.give("Alderaan", None, gf=0)
    a = game.unit("al", "Vc2", "Alderaan", gf=4)
    b = game.unit("al", "Ac2", "Alderaan", gf=5)
    c = game.unit("al", "Ac1", "Alderaan", gf=3)
    game.order("al", "assault Alderaan")
    game.resolve()
    assert game.owner("Alderaan") == "al", "12 GF against none take Alderaan"
    assert game.state["planets"]["Alderaan"]["gf"] == 10, f"a GAR garrison is capped at 10, got {game.state['planets']['Alderaan']['gf']}"
    aboard = sum(game.state["units"][u]["gf"] for u in (a, b, c))
    assert aboard == 2, f"the 2 GF over the cap must stay aboard, {aboard} are aboard"


def test_RAW_GAP_29_excess_goes_back_to_teammates_ships(game):
    """RAW-GAP-29: when teammates combine, GF over the cap go back aboard their own ships rather than being lost."""
    game.give("Alderaan", None, gf=0)
    ships = [game.unit(seat, code, "Alderaan", gf=n) for seat in ("al", "cy") for code, n in (("Ac2", 5), ("Ac2", 5), ("Ac1", 4))]
    for seat in ("al", "cy"):
        game.order(seat, "assault Alderaan")
    game.resolve()
    aboard = sum(game.state["units"][u]["gf"] for u in ships)
    assert game.state["planets"]["Alderaan"]["gf"] == 10, "the garrison is capped at 10"
    assert aboard == 18, f"28 GF landed unopposed, 10 garrison; the other 18 must go back aboard, {aboard} are aboard"


def test_RAW_GAP_30_cap_follows_the_controlling_faction(game):
    """RAW-GAP-30 / RAW-GARRISON-02: droids that take a Republic world garrison it up to the CIS cap of 15."""
    game.give("Coruscant", "cy", gf=0)
    luc = game.unit("di", "Luc", "Coruscant", gf=10)
    prc = game.unit("di", "PrC", "Coruscant", gf=5)
    rcd = game.unit("di", "RcD", "Coruscant", gf=2)
    game.order("di", "assault Coruscant")
    game.resolve()
    assert game.owner("Coruscant") == "di", "17 droids against none take Coruscant"
    assert game.state["planets"]["Coruscant"]["gf"] == 15, f"a CIS-held world holds 15 GF, got {game.state['planets']['Coruscant']['gf']}"
    aboard = sum(game.state["units"][u]["gf"] for u in (luc, prc, rcd))
    assert aboard == 2, f"the 2 over the cap stay aboard, {aboard} are"


def test_RAW_GAP_30_gf_aboard_do_not_count_and_full_garrison_builds_go_aboard(game):
    """RAW-GAP-30: GF aboard ships do not count toward the cap: a new GF at a full garrison goes aboard a ship there."""
    game.give("Kuat", "cy", gf=10)
    ship = game.unit("cy", "Ac1", "Kuat", gf=2)
    game.order("cy", "build Kuat GF")
    game.resolve()
    assert game.state["planets"]["Kuat"]["gf"] == 10, "the garrison stays at the cap of 10"
    assert game.state["units"][ship]["gf"] == 3, "the new GF must go aboard the ship in orbit"


def test_RAW_GAP_30_unload_stops_at_the_cap(game):
    """RAW-GAP-30: unloading onto a GAR world stops at 10; the rest stay aboard."""
    game.give("Kuat", "cy", gf=8)
    ship = game.unit("cy", "Ac1", "Humbarine", gf=4)
    game.order("cy", "jump " + ship + " Kuat")
    game.order("cy", f"unload {ship}")
    game.resolve()
    assert game.state["planets"]["Kuat"]["gf"] == 10, f"Kuat fills to 10, got {game.state['planets']['Kuat']['gf']}"
    assert game.state["units"][ship]["gf"] == 2, "two GF stay aboard"


def test_RAW_GAP_29_neutral_forces_must_be_gone_first(game):
    """RAW-GAP-29: a neutral world with forces cannot be assaulted while its forces hold the orbit."""
    ship = game.unit("al", "Ac1", "Mandalore", gf=2)
    game.order("al", "assault Mandalore")  # default stance: hold fire toward neutral forces, so no battle
    events = game.resolve()
    assert game.owner("Mandalore") is None, "Mandalore's defence ship still holds the orbit; no capture"
    assert game.state["units"][ship]["gf"] == 2, "the GF stay aboard"
    assert any(e["kind"] == "refused" and "Mandalore" in e["text"] for e in events), "the refusal must be reported"


def test_RAW_GAP_29_assault_own_team_planet_refused(game):
    """RAW-GAP-29: an assault is against a planet the team does not hold; ordering one on a teammate's world is refused."""
    before = list(game.state["sheets"]["al"])
    with pytest.raises(OrderError, match="held by your own team"):
        game.order("al", "assault Coruscant")
    assert game.state["sheets"]["al"] == before, "a refused order must leave the sheet as it was"


# -- exact odds ---------------------------------------------------------------------------------

@lru_cache(maxsize=None)
def _brute(att: int, dfn: int, bonus: int, ties_att: bool) -> Fraction:
    """Capture probability by full enumeration of each round's dice (independent of core.odds)."""
    if dfn == 0:
        return Fraction(1)
    if att == 0:
        return Fraction(0)
    a, d = min(3, att), min(2, dfn)
    outcomes: dict[tuple[int, int], int] = {}
    for roll in product(range(1, 7), repeat=a + d):
        xs, ys = sorted(roll[:a], reverse=True), sorted(roll[a:], reverse=True)
        la = ld = 0
        for x, y in zip(xs, ys):
            if x + bonus > y or (x + bonus == y and ties_att):
                ld += 1
            else:
                la += 1
        outcomes[(la, ld)] = outcomes.get((la, ld), 0) + 1
    return sum((Fraction(n, 6 ** (a + d)) * _brute(att - la, dfn - ld, bonus, ties_att) for (la, ld), n in outcomes.items()), Fraction(0))


def test_RAW_GROUND_05_odds_hand_computed_small_cases():
    """RAW-GROUND-05/06: core.odds.ground_capture against hand computations.

    1 clone vs 1 droid: P(d6+1 > d6) = P(a >= d) = 21/36.
    1 droid vs 1 clone (clone loses ties): P(a >= d) = 21/36.  1 droid vs 1 droid (defender wins ties): P(a > d) = 15/36.
    2 clones vs 1 droid: first round P(max(a1,a2) >= d) = 1 - 55/216 = 161/216; else 1 vs 1: 161/216 + 55/216 * 21/36 = 2317/2592.
    1 clone vs 2 droids: P(a >= max(d1,d2)) = sum a^2/216 = 91/216, then 1 vs 1: 91/216 * 21/36 = 637/2592.
    """
    cases = [
        ((1, 1, 1, False), Fraction(21, 36)),
        ((1, 1, 0, True), Fraction(21, 36)),
        ((1, 1, 0, False), Fraction(15, 36)),
        ((2, 1, 1, False), Fraction(2317, 2592)),
        ((1, 2, 1, False), Fraction(637, 2592)),
        ((0, 3, 1, False), Fraction(0)),
        ((3, 0, 1, False), Fraction(1)),
    ]
    for args, want in cases:
        got = ground_capture(*args)
        assert got == want, f"ground_capture{args} = {got}, hand computation gives {want}"


def test_RAW_GROUND_03_odds_match_brute_force_and_classic_risk():
    """RAW-GROUND-02/03/04: one-round odds equal classic RISK for 3 vs 2 (ties to defender), and capture odds match full enumeration."""
    dist = {(a, d): p for a, d, p in odds_round(3, 2, 0, False)}
    assert dist == {(0, 2): Fraction(2890, 7776), (1, 1): Fraction(2611, 7776), (2, 0): Fraction(2275, 7776)}, \
        f"3 vs 2 RISK round must be 2890/2611/2275 of 7776, got {dist}"
    for att, dfn in [(2, 2), (3, 2), (3, 1), (1, 3), (4, 2)]:
        for bonus, ties in [(1, False), (0, True), (0, False)]:
            assert ground_capture(att, dfn, bonus, ties) == _brute(att, dfn, bonus, ties), \
                f"ground_capture({att}, {dfn}, {bonus}, {ties}) disagrees with full enumeration"


def test_RAW_GROUND_05_ruleset_odds_of_a_known_garrison(game):
    """RAW-GROUND-05/06: RepublicAtWar.odds for 'assault Raxus' once a scan has shown the garrison: 2 clones vs 1 droid = 2317/2592."""
    game.give("Raxus", "bo", gf=1)
    game.unit("al", "Ac1", "Raxus", gf=2)
    rules = RepublicAtWar()
    unknown = rules.odds(game.state, "al", "assault Raxus")
    assert unknown is not None and not unknown.rows and "scan it first" in unknown.reason, \
        "an unknown garrison gives the reason (scan it first) instead of odds"
    game.order("al", "scan Raxus")
    game.order("al", "stance hold")  # keep the turn quiet
    game.resolve()
    odds = rules.odds(game.state, "al", "assault Raxus")
    assert odds is not None, "assault odds must be offered once the garrison is known"
    table = dict(odds.outcomes) if hasattr(odds, "outcomes") else dict(odds.rows)
    assert table["planet taken"] == Fraction(2317, 2592), f"2 clones vs 1 droid: expected 2317/2592, got {table['planet taken']}"
    assert sum(table.values()) == 1, "the odds must add up to 1"
    odds1 = rules.odds(game.state, "al", "assault Raxus 1")
    table1 = dict(odds1.outcomes) if hasattr(odds1, "outcomes") else dict(odds1.rows)
    assert table1["planet taken"] == Fraction(21, 36), f"1 clone vs 1 droid: expected 21/36, got {table1['planet taken']}"


def test_RAW_GROUND_06_ruleset_odds_droids_against_clones(game):
    """RAW-GROUND-06: odds for droids against a known clone garrison count ties for the attacker: 1 vs 1 = 21/36."""
    game.give("Coruscant", "cy", gf=1)
    game.unit("di", "C9L", "Coruscant", gf=1)
    game.order("di", "scan Coruscant")
    game.order("di", "stance hold")
    game.order("cy", "stance hold")
    game.resolve()
    odds = RepublicAtWar().odds(game.state, "di", "assault Coruscant")
    table = dict(odds.outcomes) if hasattr(odds, "outcomes") else dict(odds.rows)
    assert table["planet taken"] == Fraction(21, 36), f"droid vs clone 1 vs 1: expected 21/36, got {table['planet taken']}"


# -- RAW-GAP-29: an assault commits the GF that are really there, once --------------------------
def test_RAW_GAP_29_repeated_assault_orders_commit_the_gf_once():
    """RAW-GAP-29 (issue 10, point 1): three `assault` orders with 2 clones aboard must not fight as 6. The repeats
    are refused and change nothing; the assault rolls at most 2 attacker dice a round; GF are conserved (none
    below zero); the next turn the capacity-4 ship cannot take 8 GF."""
    from raw_helpers import Game
    game = Game(seed="repeat")
    game.give("Raxus", "bo", gf=12)
    ship = game.unit("al", "Ac1", "Raxus", gf=2)
    game.order("al", "assault Raxus")
    for _ in range(2):
        before = {k: v for k, v in game.state.items() if k != "log"}
        with pytest.raises(OrderError, match=r"you already ordered 'assault Raxus'.*withdraw that order first"):
            game.order("al", "assault Raxus")
        assert {k: v for k, v in game.state.items() if k != "log"} == before, "a refused repeat must change nothing"
    with pytest.raises(OrderError, match="already ordered"):
        game.order("al", "assault Raxus 1")
    events = game.resolve()
    dice = [e["data"]["count"] for e in events if e["kind"] == "roll" and "assault on Raxus: attacker" in e["data"]["purpose"]]
    assert dice and max(dice) <= 2, f"2 clones roll at most 2 dice a round, rolled {dice}"
    assert game.owner("Raxus") == "bo", "with this seed the 2 clones fall before the 12 droids do"
    assert game.state["units"][ship]["gf"] == 0, f"the 2 committed clones left the ship: {game.state['units'][ship]['gf']}"
    assert all(u["gf"] >= 0 for u in game.state["units"].values()), "no ship ever holds fewer than 0 GF"
    game.give("Coruscant", "al", gf=10)
    game.state["units"][ship]["at"] = "Coruscant"
    with pytest.raises(OrderError, match=r"carries 4; it would hold 8"):
        game.order("al", f"load {ship} GF 8")


def test_RAW_GAP_29_teammates_assaults_share_the_gf_aboard_once():
    """RAW-GAP-29: two teammates' assaults on one planet each commit only their own GF, once: 3 + 2 attackers."""
    from raw_helpers import Game
    game = Game(seed="mates")
    game.give("Raxus", "bo", gf=0)
    a = game.unit("al", "Ac1", "Raxus", gf=3)
    c = game.unit("cy", "Ac1", "Raxus", gf=2)
    game.order("al", "assault Raxus")
    game.order("cy", "assault Raxus")
    events = game.resolve()
    assert game.owner("Raxus") == "al", "al committed the most GF and owns Raxus"
    assert game.state["planets"]["Raxus"]["gf"] == 5, f"3 + 2 attackers land, not more: {game.state['planets']['Raxus']['gf']}"
    assert game.state["units"][a]["gf"] == 0 and game.state["units"][c]["gf"] == 0, "both ships are empty"
    assert any(e["kind"] == "capture" for e in events), "the capture is reported"
