"""Retreat tests for Republic at War: RAW-RETREAT-01..04 and RAW-GAP-28 (with RAW-GAP-17, -35 where a retreat
cannot be made). Battles whose outcome matters have their 2d6 fixed with ``fix_dice``."""
from __future__ import annotations

import pytest

from core.dice import Dice
from core.errors import OrderError
from core.rulesets.raw.construct import align, construct
from core.rulesets.raw.ground import after_combat
from core.rulesets.raw.jump import jump
from core.rulesets.raw.model import combat_value

from raw_helpers import Game


def battles(events):
    return [e["data"] for e in events if e["kind"] == "battle"]


def retreats(events):
    return [e["data"]["side"] for e in events if e["kind"] == "retreat" and "side" in e["data"]]


def points(game, seat_prefix_side):
    seats = [s for s, i in game.state["seats"].items() if i["side"] == seat_prefix_side]
    return sum(combat_value(u) for u in game.state["units"].values() if u["owner"] in seats)




def lost_at_raxus(fix_dice, **options):
    """al's 2 Ac1 (2 GF aboard each) attack bo's 2 McE at Raxus and lose: roll 12 -> 75% of 140 = 105 GAR loss points:
    one Ac1 destroyed, 35 absorbed; GAR 70 vs CIS 150 must retreat."""
    game = Game(**options)
    ships = [game.unit("al", "Ac1", "Raxus", gf=2) for _ in range(2)]
    game.unit("bo", "McE", "Raxus")
    game.unit("bo", "McE", "Raxus")
    fix_dice("battle at Raxus", [6, 6])
    return game, ships


# ---------------------------------------------------------------------------------------------------------------

def test_RAW_RETREAT_01_the_side_with_fewer_points_left_retreats():
    """RAW-RETREAT-01: after a battle the side with the lower surviving points must retreat (whatever the dice)."""
    checked = 0
    for seed in ("r1", "r2", "r3", "r4", "r5"):
        game = Game(seed=seed)
        for _ in range(3):
            game.unit("al", "Ac1", "Raxus")
        for _ in range(2):
            game.unit("bo", "RcD", "Raxus")
            game.unit("bo", "GZA", "Raxus")
        events = game.resolve()
        [b] = battles(events)
        gar, cis = points(game, "GAR"), points(game, "CIS")
        loser = "GAR" if gar < cis or (gar == cis) else "CIS"          # tie: the attacker (GAR) retreats
        if (gar if loser == "GAR" else cis) == 0:
            continue                                                  # wiped out: nobody left to retreat
        assert retreats(events) == [loser], f"seed {seed}: GAR {gar} vs CIS {cis} left, {loser} must retreat, got {retreats(events)}"
        flagged = {u["owner"] for u in game.state["units"].values() if u["retreat"]}
        assert flagged == ({"al"} if loser == "GAR" else {"bo"}), f"seed {seed}: only the loser's survivors must be retreating"
        checked += 1
    assert checked >= 3, "too few seeds left a fleet to retreat; pick other seeds"


def test_RAW_RETREAT_01_RAW_GAP_28_tie_the_attacker_retreats(fix_dice):
    """RAW-RETREAT-01, RAW-GAP-28: equal points left: the attacker retreats (GM option: the defender)."""
    for option, loser in ((None, "GAR"), ("defender", "CIS")):
        game = Game(**({"retreat_tie_loser": option} if option else {}))
        for code in ("Ac1", "Ac1", "ConS", "ConS"):
            game.unit("al", code, "Raxus")                          # 200: loses both ConS (60)
        for code in ("DHO", "DHO", "GZC", "GZA", "hyena_bomber"):
            game.unit("bo", code, "Raxus")                          # 200: loses GZC + GZA + Hyena (60)
        fix_dice("battle at Raxus", [3, 4])                         # 7: 30% of 200 each
        events = game.resolve()
        [b] = battles(events)
        assert (b["attacker"], b["modifier"], b["losses"]) == ("GAR", 0, [60, 60]), f"setup went wrong: {b}"
        assert points(game, "GAR") == points(game, "CIS") == 140, "both sides must have 140 left"
        assert retreats(events) == [loser], f"tie with retreat_tie_loser={option or 'attacker'}: {loser} retreats, got {retreats(events)}"


def test_RAW_RETREAT_02_the_losers_must_jump_next_turn(fix_dice):
    """RAW-RETREAT-02: the battle is over; next turn every retreating ship must jump to another location (deep space of
    the same system is another location)."""
    game, ships = lost_at_raxus(fix_dice)
    events = game.resolve()
    survivor = next(s for s in ships if s in game.state["units"])
    assert len(battles(events)) == 1, "the battle is concluded: no second round this turn"
    assert game.state["units"][survivor]["retreat"], "the surviving Ac1 is under a forced retreat"
    notice = [e for e in events if e["kind"] == "retreat" and "jump or be lost" in e["text"]]
    assert notice and survivor in notice[0]["text"] and notice[0]["to"] == ["team:GAR"], "GAR is told which ships must jump"
    game.order("al", f"jump {survivor} deep Raxus C3")
    events = game.resolve()
    unit = game.state["units"][survivor]
    assert unit["at"] == "deep:Raxus:C3" and not unit["retreat"], "the retreat is made by the jump; the flag clears"
    assert battles(events) == [], "the retreated ship is elsewhere and fights nobody"


def test_RAW_RETREAT_03_RAW_GAP_28_no_order_means_destroyed_not_auto_retreated(fix_dice):
    """RAW-RETREAT-03, RAW-GAP-28, RAW-GAP-43: the engine does not order retreats; a retreating ship with no jump is lost."""
    game, ships = lost_at_raxus(fix_dice)
    game.resolve()
    survivor = next(s for s in ships if s in game.state["units"])
    events = game.resolve()                                          # al gives no orders
    assert survivor not in game.state["units"], "a retreating ship that does not jump is destroyed"
    lost = [e for e in events if e["kind"] == "destroyed" and e["data"]["unit"] == survivor]
    assert lost and "forced retreat" in lost[0]["text"] and "with 2 GF aboard" in lost[0]["text"], "the loss and its GF are reported"


def test_RAW_RETREAT_03_squadrons_left_behind_are_lost():
    """RAW-RETREAT-03: retreating squadrons must be carried away; those left behind are lost, those carried escape."""
    game = Game()
    ship = game.unit("al", "ConS", "Raxus", retreat=True)
    taken = game.unit("al", "vwing", "Raxus", retreat=True)
    left = game.unit("al", "vwing", "Raxus", retreat=True)
    game.order("al", f"load {ship} {taken}")
    game.order("al", f"jump {ship} Florrum")
    game.resolve()
    units = game.state["units"]
    assert units[ship]["at"] == "Florrum" and units[taken]["at"] == "Florrum", "the carried squadron escapes with the ship"
    assert left not in units, "the squadron nobody carried could not retreat and is lost"


def test_RAW_RETREAT_03_no_fuel_for_the_retreat_destroys_the_ship():
    """RAW-RETREAT-03, RAW-GAP-17: a retreating ship whose fuel cannot be paid cannot jump and is destroyed."""
    game = Game()
    for name, info in game.state["planets"].items():
        if info["owner"] == "al":
            info["production"] = 1 if name == "Kamino" else 0
    r = game.unit("al", "CRL", "Kamino", retreat=True)             # a Flotilla needs 2
    with pytest.raises(OrderError, match="need 2 credits of fuel"):
        game.order("al", f"jump {r} Rothana")
    events = game.resolve()
    assert r not in game.state["units"], "unable to pay for its jump, the retreating CRL is destroyed"
    assert any(e["kind"] == "destroyed" and "RAW-RETREAT-03" in e["text"] for e in events), "the loss must be reported"


def test_RAW_RETREAT_03_RAW_GAP_35_a_retreat_cancelled_by_the_cap_is_a_loss():
    """RAW-RETREAT-03, RAW-GAP-35: a retreat jump cancelled at resolution for breaking a cap leaves the ship unable to
    jump: it is destroyed, not left stranded under a retreat."""
    game = Game()
    runner = game.unit("al", "Vc1", "Foerost", retreat=True)
    others = [game.unit("al", "Vc1", "Foerost") for _ in range(3)]
    game.order("al", f"jump {','.join(others)} Kuat")
    game.order("al", f"jump {runner} Kuat")                         # 400 at Kuat when ordered; the retreat is latest
    game.unit("cy", "ConS", "Kuat")                                 # a GM correction adds 30: 430 -> the retreat is cancelled
    state = game.state
    dice = Dice.from_state(state["dice"], turn=1)
    ledgers = {}
    construct(state, dice, ledgers)
    events = jump(state, dice, ledgers)
    assert runner not in state["units"], "the retreating Vc1 could not jump and must be destroyed"
    assert all(state["units"][o]["at"] == "Kuat" for o in others), "the earlier jumps are kept"
    assert any(e["kind"] == "destroyed" and e["data"]["unit"] == runner for e in events), "the loss is reported"


def test_RAW_RETREAT_04_no_gf_off_the_defended_planet(fix_dice):
    """RAW-RETREAT-04: a retreating fleet may not take GF off the planet it defended; GF already aboard escape with it."""
    game = Game()
    game.give("Geonosis", "cy", gf=5)
    ships = [game.unit("cy", "Ac1", "Geonosis", gf=1) for _ in range(2)]
    game.unit("bo", "McE", "Geonosis")
    game.unit("bo", "McE", "Geonosis")
    fix_dice("battle at Geonosis", [1, 1])                          # 2: GAR defending loses 75% of 140
    events = game.resolve()
    [b] = battles(events)
    assert (b["attacker"], b["defender"], b["total"]) == ("CIS", "GAR", 2), f"setup: {b}"
    assert retreats(events) == ["GAR"], "GAR (70 left) must retreat from CIS (150)"
    survivor = next(s for s in ships if s in game.state["units"])
    before = {s: list(v) for s, v in game.state["sheets"].items()}
    with pytest.raises(OrderError, match=r"retreating and may not take GF off Geonosis.*\(RAW-RETREAT-04\)"):
        game.order("cy", f"load {survivor} GF 2")
    assert game.state["sheets"] == before, "the refused load was queued"
    game.order("cy", f"jump {survivor} Kamino")
    game.resolve()
    assert game.state["units"][survivor]["at"] == "Kamino" and game.state["units"][survivor]["gf"] == 1, \
        "the GF already aboard escape with the ship"
    assert game.state["planets"]["Geonosis"]["gf"] == 5, "the garrison stays on Geonosis"


def test_RAW_RETREAT_04_refused_at_resolution_too():
    """RAW-RETREAT-04: should a ship be under retreat when the load is carried out, the GF stay on the planet."""
    game = Game()
    game.give("Kamino", "al", gf=4)
    s = game.unit("al", "Ac1", "Kamino")
    game.order("al", f"load {s} GF 2")
    game.order("al", f"jump {s} Rothana")
    game.state["units"][s]["retreat"] = True
    events = game.resolve()
    assert game.state["units"][s]["gf"] == 0 and game.state["planets"]["Kamino"]["gf"] == 4, "no GF may leave with a retreat"
    assert any(e["kind"] == "refused" and "RAW-RETREAT-04" in e["text"] for e in events), "al is told why"


def test_RAW_GAP_28_a_retreating_fleet_stays_but_does_not_blockade(fix_dice):
    """RAW-GAP-28, RAW-GAP-31: a retreating fleet stays in place until the next Jump phase but does not blockade."""
    game, ships = lost_at_raxus(fix_dice)
    game.resolve()
    survivor = next(s for s in ships if s in game.state["units"])
    assert game.state["units"][survivor]["at"] == "Raxus", "the retreating ship stays in place until the next Jump phase"
    assert not game.state["planets"]["Raxus"]["blockaded"], "a retreating fleet does not blockade Raxus"


@pytest.mark.parametrize("retreating", [False, True])
def test_RAW_GAP_28_a_retreating_fleet_cannot_bombard_or_assault(retreating):
    """RAW-GAP-28: a retreating fleet alone in orbit may neither bombard nor assault; the same fleet not retreating may."""
    bomb = Game()
    bomb.unit("al", "Ac1", "Raxus", retreat=retreating)              # 70 points: one bombardment die
    bomb.order("al", "bombard Raxus")
    events = after_combat(bomb.state, Dice("b"))
    assert any(e["kind"] == "bombard" for e in events) is not retreating, \
        f"retreating={retreating}: the bombardment must {'not ' if retreating else ''}happen: {[e['text'] for e in events]}"
    land = Game()
    land.unit("al", "Ac1", "Raxus", gf=2, retreat=retreating)
    land.order("al", "assault Raxus")
    after_combat(land.state, Dice("a"))
    assert (land.owner("Raxus") == "al") is not retreating, \
        f"retreating={retreating}: Raxus (no garrison) must {'not ' if retreating else ''}fall to the assault"


def test_RAW_GAP_28_a_retreating_side_attacks_no_one_else(fix_dice):
    """RAW-GAP-28, RAW-GAP-27: once it must retreat, a side takes no further part as an attacker this turn."""
    game = Game()
    game.unit("al", "Ac1", "Scipio")
    game.unit("al", "Ac1", "Scipio")                                 # GAR 140, free toward Scipio's forces
    for _ in range(4):
        game.unit("bo", "McE", "Scipio")                             # CIS 300, holds fire
    game.order("al", "stance free neutral")
    game.order("bo", "stance hold")
    fix_dice("battle at Scipio", [4, 4])                             # 8 + 3 - 1 = 10: GAR loses 70 -> 70 left, retreats
    events = game.resolve()
    fought = battles(events)
    assert [(b["attacker"], b["defender"]) for b in fought] == [("GAR", "CIS")], \
        f"after losing to CIS, GAR (retreating) must not go on to attack Scipio's forces: {fought}"
    assert retreats(events) == ["GAR"], f"GAR (70 left) retreats from CIS, got {retreats(events)}"


def test_RAW_GAP_28_neutral_forces_that_lose_are_destroyed():
    """RAW-GAP-28: neutral forces cannot retreat (no orders): if they lose they are destroyed."""
    for seed in ("n1", "n2", "n3"):
        game = Game(seed=seed)
        for _ in range(3):
            game.unit("al", "Vc1", "Mandalore")
        game.order("al", "stance free neutral")
        events = game.resolve()
        [b] = battles(events)
        assert b["defender"] == "neutral:Mandalore", f"GAR attacks Mandalore's forces, got {b}"
        assert "N3" not in game.state["units"], f"seed {seed}: Mandalore's CR20 (26) lost against 300 and must be gone"
        assert not any(e["kind"] == "retreat" and e["data"].get("side", "").startswith("neutral") for e in events), \
            "neutral forces are never ordered to retreat"


def test_RAW_GAP_28_allied_neutral_forces_retreat_within_their_home_system():
    """RAW-GAP-28, RAW-NEUTRAL-06: aligned neutral forces under a retreat may only jump within their home system."""
    game = Game()
    align(game.state, "Scipio", "ed")
    for uid in ("N6", "N7", "N8", "N9"):
        game.state["units"][uid]["retreat"] = True
    before = {s: list(v) for s, v in game.state["sheets"].items()}
    with pytest.raises(OrderError, match="cannot leave its home system"):
        game.order("ed", "jump N6 Anaxes")
    assert game.state["sheets"] == before, "the refused jump was queued"
    game.order("ed", "load N6 N7,N8,N9")
    game.order("ed", "jump N6 deep Scipio E5")
    game.resolve()
    units = game.state["units"]
    assert all(units[u]["at"] == "deep:Scipio:E5" and not units[u]["retreat"] for u in ("N6", "N7", "N8", "N9")), \
        "Scipio's forces retreat into their home system's deep space, the ARC-170s aboard the Acclamator"
