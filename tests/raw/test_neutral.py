"""Neutral worlds with forces for Republic at War: RAW-NEUTRAL-01..11 and RAW-GAP-39 (Christophsis, Mandalore,
Ryloth, Scipio, Umbara). Alliance d6s are fixed with ``fix_dice`` where the result matters."""
from __future__ import annotations

import pytest

from core.dice import Dice
from core.errors import OrderError
from core.rulesets.raw.budget import Ledger
from core.rulesets.raw.combat import disparity
from core.rulesets.raw.construct import alliances, align, construct
from core.rulesets.raw.data import alliance_cost, neutrals, planets
from core.rulesets.raw.jump import jump
from core.rulesets.raw.model import combat_value

from raw_helpers import Game

FORCES = {"Christophsis": ["ConS", "vwing"], "Mandalore": ["CRE"], "Ryloth": ["CRL", "CRL"],
          "Scipio": ["Ac1", "arc170", "arc170", "arc170"], "Umbara": ["C9L", "vulture"]}
POINTS = {"Christophsis": 37, "Mandalore": 26, "Ryloth": 40, "Scipio": 118, "Umbara": 56}
ROLL_COST = {"Christophsis": 9, "Mandalore": 5, "Ryloth": 6, "Scipio": 24, "Umbara": 11}


def battles(events):
    return [e["data"] for e in events if e["kind"] == "battle"]


def forces_of(game, planet):
    return sorted(u for u, x in game.state["units"].items() if x["home"] == planet)




def construct_only(game):
    """Run the Construct phase and the alliance rolls directly; return (ledgers, events)."""
    dice = Dice.from_state(game.state["dice"], turn=game.state["turn"])
    ledgers = {}
    events = construct(game.state, dice, ledgers)
    events += alliances(game.state, dice, ledgers)  # the rolls paid for in Construct, with no ground assault this turn
    return ledgers, events + dice.drain()


# ---------------------------------------------------------------------------------------------------------------

def test_RAW_NEUTRAL_01_five_worlds_with_their_forces():
    """RAW-NEUTRAL-01, RAW-GAP-39: exactly Christophsis, Mandalore, Ryloth, Scipio and Umbara have forces (Umbara: 1 C9L),
    placed in orbit of their planet, with no GF."""
    assert sorted(neutrals()) == sorted(FORCES), f"the five neutral worlds with forces, got {sorted(neutrals())}"
    game = Game()
    for planet, codes in FORCES.items():
        units = [game.state["units"][u] for u in forces_of(game, planet)]
        assert sorted(u["type"] for u in units) == sorted(codes), f"{planet}'s forces should be {codes}"
        assert all(u["at"] == planet and u["owner"] == f"neutral:{planet}" for u in units), f"{planet}'s forces sit in its orbit"
        assert sum(combat_value(u) for u in units) == POINTS[planet], f"{planet}'s forces are worth {POINTS[planet]}"
        info = game.state["planets"][planet]
        assert info["owner"] is None and info["forces"] and info["gf"] == 0, f"{planet} starts neutral, 0 GF"
    others = [u for u in game.state["units"].values() if not u["home"]]
    assert others == [], "no other neutral planet has forces"


def test_RAW_NEUTRAL_02_forces_come_into_play_when_a_force_enters():
    """RAW-NEUTRAL-02: the forces act when a non-allied force comes into their planet's orbit, not elsewhere."""
    game = Game()
    game.order("al", "stance free neutral")
    v = game.unit("al", "Vc1", "Anaxes")
    assert battles(game.resolve()) == [], "nobody at Scipio: its forces do nothing"
    game.order("al", f"jump {v} Scipio")
    events = game.resolve()
    assert [b["defender"] for b in battles(events)] == ["neutral:Scipio"], "the Vc1 entering Scipio's orbit meets its forces"


def test_RAW_NEUTRAL_03_neutrals_hold_fire_and_let_forces_pass():
    """RAW-NEUTRAL-03: neutral forces never start combat; forces in their orbit are left unmolested."""
    game = Game()
    game.unit("al", "ConS", "Scipio")
    game.unit("bo", "GZC", "Mandalore")
    game.order("al", "stance hold")
    game.order("bo", "stance hold")
    events = game.resolve()
    assert battles(events) == [], "no player fires, so the neutrals (always hold-fire) start nothing"
    assert len(game.state["units"]) == 11 + 2, "nobody was harmed"
    both = Game()
    both.unit("al", "Ac1", "Umbara")
    both.unit("bo", "McE", "Umbara")
    fought = battles(both.resolve())
    assert [(b["attacker"], b["defender"]) for b in fought] in ([("GAR", "CIS")], [("CIS", "GAR")]), \
        f"GAR and CIS fight each other at Umbara; Umbara's forces stay out: {fought}"


def test_RAW_NEUTRAL_04_attacked_neutrals_defend_without_the_hold_fire_penalty():
    """RAW-NEUTRAL-04, RAW-COMBAT-11: attacked neutral forces return fire as defender, with no hold-fire penalty."""
    game = Game()
    game.unit("al", "Vc1", "Mandalore")
    game.order("al", "stance free neutral")
    events = game.resolve()
    [b] = battles(events)
    assert (b["attacker"], b["defender"], b["points"]) == ("GAR", "neutral:Mandalore", [100, 26]), f"setup: {b}"
    assert b["modifier"] == disparity(100, 26) - 1, f"disparity -5 and one Warship -1, no hold-fire -1: got {b['modifier']:+d}"
    assert "hold-fire" not in next(e["text"] for e in events if e["kind"] == "battle"), "no hold-fire modifier may be listed"


def test_RAW_NEUTRAL_05_aligned_forces_join_the_roller(fix_dice):
    """RAW-NEUTRAL-05, RAW-NEUTRAL-08: a 6 aligns the world to the roller's faction, under the roller's direct control,
    with its surviving forces."""
    game = Game()
    game.order("al", "ally Scipio")
    fix_dice("alliance of Scipio", [6])
    events = game.resolve()
    assert game.owner("Scipio") == "al" and not game.state["planets"]["Scipio"]["forces"], "Scipio joins al"
    assert all(game.state["units"][u]["owner"] == "al" for u in forces_of(game, "Scipio")), "its forces now answer to al"
    assert any(e["kind"] == "alliance" and "Scipio joins GAR" in e["text"] for e in events), "GAR is told"


@pytest.mark.parametrize("face", [1, 2, 3, 4, 5, 6])
def test_RAW_NEUTRAL_08_only_a_six_succeeds(fix_dice, face):
    """RAW-NEUTRAL-08: the alliance attempt is one d6; only a 6 aligns the world."""
    game = Game()
    game.order("bo", "ally Umbara")
    fix_dice("alliance of Umbara", [face])
    events = game.resolve()
    [roll] = game.rolls(events, "alliance of Umbara")
    assert roll == [face] and len(roll) == 1, "one d6 is rolled"
    assert (game.owner("Umbara") == "bo") is (face == 6), f"a {face} must {'' if face == 6 else 'not '}align Umbara"


def test_RAW_NEUTRAL_06_aligned_forces_stay_in_their_home_system():
    """RAW-NEUTRAL-06, RAW-GAP-39: aligned forces never leave their home system (its deep space is home too) and pay fuel."""
    game = Game()
    align(game.state, "Ryloth", "cy")
    n4, n5 = forces_of(game, "Ryloth")
    before = {s: list(v) for s, v in game.state["sheets"].items()}
    for dest in ("Rodia", "Christophsis", "deep Rodia A1"):
        with pytest.raises(OrderError, match="cannot leave its home system"):
            game.order("cy", f"jump {n4} {dest}")
    assert game.state["sheets"] == before, "refused jumps were queued"
    game.order("cy", f"jump {n4},{n5} deep Ryloth B7")
    ledgers, _ = construct_only(game)
    pool = ledgers["cy"].pool
    jump(game.state, Dice("j"), ledgers)
    assert all(game.state["units"][u]["at"] == "deep:Ryloth:B7" for u in (n4, n5)), "they may move within Ryloth's system"
    assert pool - ledgers["cy"].pool == 4, "the two CR20 Landing Craft (Flotilla) pay 2 credits each, like any ship"


def test_RAW_NEUTRAL_07_cost_is_paid_win_or_lose(fix_dice):
    """RAW-NEUTRAL-07: an attempt costs ceil(30% of the world's credits), paid whether or not the roll succeeds."""
    for face in (2, 6):
        game = Game()
        game.order("al", "ally Scipio")
        fix_dice("alliance of Scipio", [face])
        ledgers, _ = construct_only(game)
        assert ledgers["al"].pool == 140 - 24, f"roll {face}: Scipio's attempt costs 24 of al's 140, pool {ledgers['al'].pool}"
    poor = Game()
    for name, info in poor.state["planets"].items():
        if info["owner"] == "al":
            info["production"] = 23 if name == "Kamino" else 0
    before = {s: list(v) for s, v in poor.state["sheets"].items()}
    with pytest.raises(OrderError, match="costs 24; you have 23 credits left"):
        poor.order("al", "ally Scipio")
    assert poor.state["sheets"] == before, "an unaffordable attempt was queued"


def test_RAW_NEUTRAL_09_one_roller_per_team_per_planet_per_turn(fix_dice):
    """RAW-NEUTRAL-09: per turn at most one player of each team rolls for a given world."""
    game = Game()
    fix_dice("alliance of Scipio", [1], [1])
    game.order("al", "ally Scipio")
    before = {s: list(v) for s, v in game.state["sheets"].items()}
    with pytest.raises(OrderError, match="your team already rolls for Scipio this turn; only one player per team may"):
        game.order("cy", "ally Scipio")
    assert game.state["sheets"] == before, "the second GAR attempt was queued"
    game.order("bo", "ally Scipio")                  # the other team may roll the same turn
    game.order("cy", "ally Mandalore")               # another world is fine
    events = game.resolve()
    assert len(game.rolls(events, "alliance of Scipio")) == 2, "one GAR and one CIS roll for Scipio"
    assert game.owner("Scipio") is None, "both rolled 1: Scipio stays neutral"
    game.order("cy", "ally Scipio")                  # a new turn: cy may roll now
    assert [o["text"] for o in game.state["sheets"]["cy"]] == ["ally Scipio"], "next turn cy's attempt is accepted"


def test_RAW_NEUTRAL_10_both_teams_roll_six_and_cancel(fix_dice):
    """RAW-NEUTRAL-10: if both teams roll a 6 for one world in a turn the successes cancel; both still pay."""
    game = Game()
    game.order("al", "ally Christophsis")
    game.order("bo", "ally Christophsis")
    fix_dice("alliance of Christophsis", [6], [6])
    ledgers, events = construct_only(game)
    assert game.owner("Christophsis") is None and game.state["planets"]["Christophsis"]["forces"], "Christophsis stays neutral"
    assert all(game.state["units"][u]["owner"] == "neutral:Christophsis" for u in forces_of(game, "Christophsis")), \
        "Christophsis's forces stay neutral"
    assert ledgers["al"].pool == 140 - 9 and ledgers["bo"].pool == 145 - 9, "both rollers paid 9 (al has 140, bo 145)"
    assert any(e["kind"] == "alliance" and "cancels out" in e["text"] for e in events), "both teams are told it cancelled"


def test_RAW_NEUTRAL_10_a_single_six_wins(fix_dice):
    """RAW-NEUTRAL-10: only a 6 on both sides cancels; a 6 against a failed roll aligns the world."""
    game = Game()
    game.order("al", "ally Christophsis")
    game.order("bo", "ally Christophsis")
    fix_dice("alliance of Christophsis", [5], [6])
    construct_only(game)
    assert game.owner("Christophsis") == "bo", "bo's 6 against al's 5 wins Christophsis"


def test_RAW_NEUTRAL_11_roll_costs_are_30_percent_rounded_up():
    """RAW-NEUTRAL-11 [EXAMPLE]: the printed costs are ceil(0.3 x credits): 30->9, 15->5, 20->6, 80->24, 35->11."""
    for planet, cost in ROLL_COST.items():
        credits = planets()[planet]["credits"]
        assert alliance_cost(credits) == cost == neutrals()[planet]["roll_cost"], f"{planet} ({credits}): cost {cost}"
        assert alliance_cost(credits) == (3 * credits + 9) // 10, "integer ceil(30%)"
    game = Game()
    game.order("al", "ally Umbara")
    assert game.state["sheets"]["al"][-1]["args"]["cost"] == 11, "the order is charged 11 for Umbara (10.5 rounded up)"


def test_RAW_GAP_39_RAW_GAP_53_alignment_this_turn_and_credits_next_turn(fix_dice):
    """RAW-GAP-39, RAW-GAP-53 (revised): no presence is needed; the roll is paid for in the Construct phase and
    made once the turn's ground assaults are known (only an assault that takes place cancels it), so the world
    joins at the end of the Combat phase of the same turn; its credits come from the next turn; it counts as
    captured. ed's fleet, on the default hold-fire toward neutral forces, shares Scipio's orbit without a fight."""
    game = Game()
    v = game.unit("ed", "Vc1", "Anaxes")
    game.order("ed", f"jump {v} Scipio")
    game.order("ed", "ally Scipio")                  # ed has no unit at Scipio yet
    fix_dice("alliance of Scipio", [6])
    pool = Ledger(game.state, "ed").pool
    ledgers, _ = construct_only(game)
    assert game.owner("Scipio") == "ed", "aligned within the turn"
    assert ledgers["ed"].pool == pool - 24, "Scipio's 80 credits are not part of this turn's credits"
    assert {"planet": "Scipio", "side": "GAR", "turn": 1} in game.state["captured"], "alignment counts as a capture"
    game2 = Game()
    w = game2.unit("ed", "Vc1", "Anaxes")
    game2.order("ed", f"jump {w} Scipio")
    game2.order("ed", "ally Scipio")
    fix_dice("alliance of Scipio", [6])
    events = game2.resolve()
    assert battles(events) == [], "hold-fire toward neutral forces: no battle at Scipio"
    assert game2.owner("Scipio") == "ed", "Scipio joins ed this turn"
    assert Ledger(game2.state, "ed").pool == pool + 80, "from the next turn Scipio's 80 credits are ed's"


def test_RAW_GAP_39_aligned_forces_switch_sides_with_the_planet():
    """RAW-GAP-39: aligned forces are controlled by the planet's controller and change sides when the planet is captured."""
    game = Game()
    align(game.state, "Scipio", "ed")
    for uid in forces_of(game, "Scipio"):
        game.state["units"][uid]["at"] = "deep:Scipio:A1"           # away from the orbit
    game.unit("bo", "PrD", "Scipio", gf=3)
    game.order("bo", "assault Scipio")
    game.resolve()
    assert game.owner("Scipio") == "bo", "bo takes the ungarrisoned Scipio"
    owners = {game.state["units"][u]["owner"] for u in forces_of(game, "Scipio")}
    assert owners == {"bo"}, f"Scipio's forces follow their world to bo, got owners {owners}"
