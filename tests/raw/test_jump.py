"""Map and Jump-phase rule tests for Republic at War: RAW-MAP-*, RAW-JUMP-*, RAW-KEYWORD-09/10 and the gaps
RAW-GAP-13..17, on the real map of core/rulesets/raw/data/map.toml.

Seats: al, cy, ed are GAR; bo, di, fa are CIS. al holds Alanteen VI, Bothawui, Devaron, Kamino, Rothana;
cy holds Coruscant, Geonosis, Humbarine, Kuat, Rodia; bo holds Raxus, Felucia, Muunilist, ...
"""
from __future__ import annotations

from collections import deque

import pytest

from core.dice import Dice
from core.errors import OrderError
from core.rulesets.raw.construct import construct
from core.rulesets.raw.data import galaxy_map, planets
from core.rulesets.raw.jump import jump
from core.rulesets.raw.model import CELLS, describe, reachable_systems, system_of

from raw_helpers import Game


def only_credits(game, seat, planet, amount):
    """Leave ``seat`` with ``amount`` credits this turn, all from ``planet``."""
    for name, info in game.state["planets"].items():
        if info["owner"] == seat:
            info["production"] = amount if name == planet else 0


def run_construct_and_jump(game):
    """Run the Construct and Jump phases directly; return (pool after construct, ledgers, jump events)."""
    state = game.state
    dice = Dice.from_state(state["dice"], turn=state["turn"])
    ledgers = {}
    construct(state, dice, ledgers)
    before = {seat: ledger.pool for seat, ledger in ledgers.items()}
    events = jump(state, dice, ledgers)
    return before, ledgers, events + dice.drain()


def snapshot(game):
    return {"sheets": {s: list(v) for s, v in game.state["sheets"].items()},
            "units": {u: dict(x) for u, x in game.state["units"].items()}}


# ---------------------------------------------------------------------------------------------------------------
# RAW-MAP-01..06
# ---------------------------------------------------------------------------------------------------------------

def test_RAW_MAP_01_planets_systems_and_hyperlanes():
    """RAW-MAP-01: the map is the 50 planets, each its own system, joined by hyperlanes into one connected graph."""
    gmap = galaxy_map()
    assert set(gmap["systems"]) == set(planets()) and len(gmap["systems"]) == 50, "every planet must be a system of the map"
    assert len(gmap["lanes"]) == 69, f"the designed map has 69 hyperlanes, got {len(gmap['lanes'])}"
    for a, near in gmap["neighbours"].items():
        for b in near:
            assert a in gmap["neighbours"][b], f"the lane {a} - {b} must work both ways"
    seen, todo = {"Coruscant"}, deque(["Coruscant"])
    while todo:
        for b in gmap["neighbours"][todo.popleft()]:
            if b not in seen:
                seen.add(b)
                todo.append(b)
    assert seen == set(planets()), f"the map must be connected; unreachable from Coruscant: {set(planets()) - seen}"
    assert system_of("Kuat") == "Kuat" and system_of("deep:Kuat:C4") == "Kuat", "a location lies in its planet's system"


def test_RAW_MAP_02_one_jump_reaches_own_or_adjacent_system():
    """RAW-MAP-02: from Kamino one jump reaches Kamino, Geonosis and Rothana, not Rodia (two lanes away)."""
    game = Game()
    a = game.unit("al", "Vc1", "Kamino")
    assert reachable_systems("Kamino", game.state) == ["Kamino", "Geonosis", "Rothana"], "Kamino's lanes go to Geonosis and Rothana"
    assert reachable_systems("deep:Kamino:C3", game.state) == ["Kamino", "Geonosis", "Rothana"], "deep space reaches the same"
    before = snapshot(game)
    with pytest.raises(OrderError, match=r"Rodia is out of A1's reach from Kamino; one jump reaches: Kamino, Geonosis, Rothana"):
        game.order("al", f"jump {a} Rodia")
    assert snapshot(game) == before, "a refused jump changed the state"
    game.order("al", f"jump {a} Geonosis")
    game.resolve()
    assert game.state["units"][a]["at"] == "Geonosis", "the Vc1 should have jumped to the adjacent Geonosis"


def test_RAW_MAP_03_deep_space_of_a_reachable_system():
    """RAW-MAP-03: a ship may end its jump in the deep space of any system it could reach, its own included."""
    game = Game()
    a = game.unit("al", "Vc1", "Kamino")
    b = game.unit("al", "ConS", "Kamino")
    c = game.unit("al", "ConS", "Kamino")
    game.order("al", f"jump {a} deep Geonosis C4")
    game.order("al", f"jump {b} deep Kamino J10")
    before = snapshot(game)
    with pytest.raises(OrderError, match="Rodia is out of"):
        game.order("al", f"jump {c} deep Rodia C4")
    with pytest.raises(OrderError, match="a point is only for deep space"):
        game.order("al", f"jump {c} Geonosis C4")
    with pytest.raises(OrderError, match="is not a point you can use here"):
        game.order("al", f"jump {c} deep Geonosis K11")
    assert snapshot(game) == before, "refused deep-space jumps changed the state"
    game.resolve()
    assert game.state["units"][a]["at"] == "deep:Geonosis:C4", f"A1 should be in deep space of Geonosis, point C4: {game.state['units'][a]['at']}"
    assert game.state["units"][b]["at"] == "deep:Kamino:J10", "deep space of the ship's own system is reachable"
    assert describe("deep:Geonosis:C4") == "deep space of Geonosis (C4)", "deep-space locations read as system and point"


def test_RAW_MAP_04_deep_space_fleets_meet_only_at_the_same_point():
    """RAW-MAP-04, RAW-GAP-15: fleets in deep space of one system do not interact unless they are at the same point."""
    game = Game()
    game.unit("al", "Vc1", "deep:Geonosis:A1")
    game.unit("bo", "PrD", "deep:Geonosis:B1")
    game.unit("di", "PrD", "Geonosis")       # in orbit of cy's Geonosis, not in deep space
    game.unit("cy", "Vc1", "deep:Geonosis:C1")
    game.unit("fa", "PrD", "deep:Geonosis:C1")
    events = game.resolve()
    where = sorted(e["data"]["location"] for e in events if e["kind"] == "battle")
    assert where == ["deep:Geonosis:C1"], f"only the fleets at the same point C1 may fight, got battles at {where}"
    game2 = Game()
    game2.unit("bo", "PrD", "deep:Geonosis:B1")
    a = game2.unit("al", "Vc1", "Kamino")
    game2.order("al", f"jump {a} deep Geonosis B1")
    events = game2.resolve()
    assert [e["data"]["location"] for e in events if e["kind"] == "battle"] == ["deep:Geonosis:B1"], \
        "a jump to the same named coordinates must meet the fleet there"


def test_RAW_MAP_05_one_jump_a_turn_and_the_same_range_for_every_ship():
    """RAW-MAP-05, RAW-GAP-16: all ships have the same jump range; each ship jumps at most once a turn."""
    game = Game()
    ships = [game.unit("bo", code, "Raxus") for code in ("Luc", "GZC", "C9S")]
    for ship in ships:
        with pytest.raises(OrderError, match="Serenno is out of"):
            game.order("bo", f"jump {ship} Serenno")      # Raxus - Florrum - Serenno: two lanes for every type
    game.order("bo", f"jump {','.join(ships)} Florrum")
    before = snapshot(game)
    with pytest.raises(OrderError, match="already jumps this turn; a ship makes one jump a turn"):
        game.order("bo", f"jump {ships[0]} Lola Sayu")
    assert snapshot(game) == before, "a refused second jump changed the state"
    game.resolve()
    assert all(game.state["units"][s]["at"] == "Florrum" for s in ships), "every ship type made the same one-lane jump"


def test_RAW_MAP_06_locations_are_orbits_and_deep_points():
    """RAW-MAP-06: orbit and each deep-space point are separate locations; caps and combat apply per location."""
    game = Game()
    for _ in range(4):
        game.unit("al", "Vc1", "Kamino")                   # 400 of ships in Kamino's orbit
    movers = [game.unit("al", "Vc1", "Geonosis") for _ in range(4)]
    with pytest.raises(OrderError, match="at Kamino"):
        game.order("al", f"jump {movers[0]} Kamino")        # orbit is full
    game.order("al", f"jump {','.join(movers)} deep Kamino A1")   # another location: fine
    game.unit("bo", "PrD", "Kamino")
    events = game.resolve()
    assert all(game.state["units"][m]["at"] == "deep:Kamino:A1" for m in movers), "400 more points fit in deep space"
    fights = {e["data"]["location"] for e in events if e["kind"] == "battle"}
    assert fights == {"Kamino"}, f"the PrD in orbit fights the orbit only, not the fleet in deep space: {fights}"


# ---------------------------------------------------------------------------------------------------------------
# RAW-JUMP-01..04, RAW-GAP-13
# ---------------------------------------------------------------------------------------------------------------

def test_RAW_JUMP_01_only_ships_jump():
    """RAW-JUMP-01, RAW-KEYWORD-10: squadrons cannot jump; squadrons and GF move only aboard a ship."""
    game = Game()
    game.give("Kamino", "al", gf=5)
    ship = game.unit("al", "Vc1", "Kamino")
    sq = game.unit("al", "ywing", "Kamino")
    before = snapshot(game)
    with pytest.raises(OrderError, match=f"'{sq}' is not one of the ships you can use here"):
        game.order("al", f"jump {sq} Geonosis")
    assert snapshot(game) == before, "a refused squadron jump changed the state"
    game.order("al", f"jump {ship} Geonosis")
    game.resolve()
    assert game.state["units"][ship]["at"] == "Geonosis", "the Vc1 jumps"
    assert game.state["units"][sq]["at"] == "Kamino", "a squadron not loaded stays behind"
    assert game.state["planets"]["Kamino"]["gf"] == 5, "GF not loaded stay in the garrison"


def test_RAW_JUMP_02_carrier_capacity_any_mix():
    """RAW-JUMP-02: squadrons and GF in any mix, 1 capacity each, up to the ship's capacity; cargo jumps with it."""
    game = Game()
    game.give("Kamino", "al", gf=6)
    ac = game.unit("al", "Ac1", "Kamino")             # capacity 4
    s1, s2, s3 = (game.unit("al", "vwing", "Kamino") for _ in range(3))
    game.order("al", f"load {ac} {s1},{s2}")
    game.order("al", f"load {ac} GF 2")
    before = snapshot(game)
    with pytest.raises(OrderError, match=r"carries 4; it would hold 5 \(RAW-JUMP-02\)"):
        game.order("al", f"load {ac} {s3}")
    assert snapshot(game) == before, "a refused load changed the state"
    game.order("al", f"jump {ac} Geonosis")
    game.resolve()
    units = game.state["units"]
    assert units[ac]["at"] == "Geonosis" and units[ac]["gf"] == 2, "the Ac1 arrives with its 2 GF aboard"
    assert all(units[s]["at"] == "Geonosis" and units[s]["aboard"] == ac for s in (s1, s2)), "the loaded squadrons ride along"
    assert units[s3]["at"] == "Kamino" and game.state["planets"]["Kamino"]["gf"] == 4, "the rest stays at Kamino"


def test_RAW_JUMP_03_example_venator_carries_three():
    """RAW-JUMP-03 [EXAMPLE]: a Venator I carries any 3: 2 squadrons + 1 GF, or 3 GF; a 4th item is rejected."""
    game = Game()
    game.give("Kamino", "al", gf=10)
    v1 = game.unit("al", "Vc1", "Kamino")
    v2 = game.unit("al", "Vc1", "Kamino")
    sq = [game.unit("al", "arc170", "Kamino") for _ in range(3)]
    game.order("al", f"load {v1} {sq[0]},{sq[1]}")
    game.order("al", f"load {v1} GF")
    game.order("al", f"load {v2} GF 3")
    before = snapshot(game)
    for text in (f"load {v1} {sq[2]}", f"load {v1} GF", f"load {v2} GF", f"load {v2} {sq[2]}"):
        with pytest.raises(OrderError, match=r"\(Vc1\) carries 3; it would hold 4"):
            game.order("al", text)
    assert snapshot(game) == before, "a refused 4th item changed the state"
    game.order("al", f"jump {v1},{v2} Geonosis")
    game.resolve()
    units = game.state["units"]
    assert units[v1]["gf"] == 1 and [s for s in sq if units[s]["aboard"] == v1] == sq[:2], "2 squadrons + 1 GF aboard the first Vc1"
    assert units[v2]["gf"] == 3, "3 GF aboard the second Vc1"


def test_RAW_GAP_13_pelta_cargo_frigate_carries_three():
    """RAW-GAP-13, RAW-JUMP-03: the Pelta-class Cargo Frigate uses its table capacity 3, not the prose example's 1."""
    game = Game()
    game.give("Kamino", "al", gf=10)
    pel = game.unit("al", "PelC", "Kamino")
    sq = game.unit("al", "vwing", "Kamino")
    game.order("al", f"load {pel} GF 3")
    with pytest.raises(OrderError, match=r"\(PelC\) carries 3; it would hold 4"):
        game.order("al", f"load {pel} {sq}")
    game.order("al", f"jump {pel} Rothana")
    game.resolve()
    assert game.state["units"][pel]["gf"] == 3, "the PelC must carry 3 GF"


def test_RAW_JUMP_04_one_credit_of_fuel_per_jumping_ship():
    """RAW-JUMP-04: each jumping ship costs 1 credit; staying ships and carried cargo cost nothing."""
    game = Game()
    game.give("Kamino", "al", gf=5)
    vc = game.unit("al", "Vc1", "Kamino")
    con = game.unit("al", "ConS", "Kamino")
    game.unit("al", "AqL", "Kamino")                      # stays
    sqs = [game.unit("al", "vwing", "Kamino") for _ in range(2)]
    game.order("al", f"load {vc} {','.join(sqs)}")
    game.order("al", f"load {vc} GF")
    game.order("al", f"jump {vc},{con} Geonosis")
    before, ledgers, _ = run_construct_and_jump(game)
    assert before["al"] == 140, f"al has 140 credits (30+15+10+50+35), got {before['al']}"
    assert ledgers["al"].pool == 138, f"two ships jump: 2 credits of fuel, whatever they carry; {140 - ledgers['al'].pool} paid"


def test_RAW_JUMP_04_fuel_checked_when_ordered():
    """RAW-JUMP-04, RAW-GAP-17: jump orders needing more fuel than the credits left after builds are refused."""
    game = Game()
    only_credits(game, "al", "Devaron", 10)
    ships = [game.unit("al", "ConS", "Devaron") for _ in range(4)]
    game.order("al", "build Devaron vwing")                   # 7 of 10
    game.order("al", f"jump {','.join(ships[:3])} Coruscant")  # 3 fuel
    before = snapshot(game)
    with pytest.raises(OrderError, match=r"these jumps need 4 credits of fuel \(1 a ship, 2 a Flotilla\) and 3 are left"):
        game.order("al", f"jump {ships[3]} Coruscant")
    assert snapshot(game) == before, "the refused jump was queued"


def test_RAW_KEYWORD_09_flotilla_fuel_is_doubled():
    """RAW-KEYWORD-09: a Flotilla costs 2 credits to jump (CRL, CRE, GZC, GZA)."""
    game = Game()
    only_credits(game, "al", "Devaron", 3)
    crl = game.unit("al", "CRL", "Devaron")
    con = game.unit("al", "ConS", "Devaron")
    extra = game.unit("al", "ConS", "Devaron")
    game.order("al", f"jump {crl},{con} Coruscant")          # 2 + 1 = 3
    with pytest.raises(OrderError, match="these jumps need 4 credits of fuel"):
        game.order("al", f"jump {extra} Coruscant")
    before, ledgers, _ = run_construct_and_jump(game)
    assert before["al"] - ledgers["al"].pool == 3, f"CRL (2) + ConS (1) must cost 3, cost {before['al'] - ledgers['al'].pool}"
    cis = Game()
    for code in ("GZC", "GZA", "McE"):
        cis.unit("bo", code, "Raxus")
    cis.order("bo", "jump B1,B2,B3 Felucia")
    before, ledgers, _ = run_construct_and_jump(cis)
    assert before["bo"] - ledgers["bo"].pool == 5, "GZC 2 + GZA 2 + McE 1 = 5 credits of fuel"


def test_RAW_KEYWORD_10_squadrons_ride_friendly_vessels_only():
    """RAW-KEYWORD-10, RAW-GAP-14: a squadron uses 1 capacity of a friendly carrier; an enemy squadron cannot be loaded."""
    game = Game()
    ship = game.unit("al", "ConS", "Raxus")                   # capacity 1
    mine = game.unit("al", "vwing", "Raxus")
    enemy = game.unit("bo", "vulture", "Raxus")
    before = snapshot(game)
    with pytest.raises(OrderError, match=f"'{enemy}' is not one of the cargo you can use here"):
        game.order("al", f"load {ship} {enemy}")
    assert snapshot(game) == before, "a refused enemy load changed the state"
    game.order("al", f"load {ship} {mine}")
    with pytest.raises(OrderError, match="carries 1"):
        game.order("al", f"load {ship} GF")
    game.order("al", "stance hold")
    game.order("bo", "stance hold")
    game.order("al", f"jump {ship} Felucia")
    game.resolve()
    assert game.state["units"][mine]["at"] == "Felucia", "the V-wing rode the Consular to Felucia"


# ---------------------------------------------------------------------------------------------------------------
# RAW-GAP-14..17
# ---------------------------------------------------------------------------------------------------------------

def test_RAW_GAP_14_unloading_at_friendly_and_enemy_planets():
    """RAW-GAP-14: unloaded at a team planet, GF join the garrison (a teammate's, too) and squadrons park; at an enemy
    planet GF stay aboard; parked squadrons stay when their carrier leaves."""
    game = Game()
    game.give("Kamino", "al", gf=6)
    a = game.unit("al", "Ac1", "Kamino")
    s = game.unit("al", "ywing", "Kamino")
    game.order("al", f"load {a} GF 2")
    game.order("al", f"load {a} {s}")
    game.order("al", f"jump {a} Geonosis")                  # cy's planet
    game.order("al", f"unload {a}")
    game.resolve()
    units, geo = game.state["units"], game.state["planets"]["Geonosis"]
    assert geo["gf"] == 2 and units[a]["gf"] == 0, f"2 GF land on cy's Geonosis (now cy's, RAW-GAP-51): garrison {geo['gf']}"
    assert units[s]["at"] == "Geonosis" and units[s]["aboard"] is None, "the Y-wing is parked at Geonosis"
    game.order("al", f"jump {a} Kamino")
    game.resolve()
    assert units[a]["at"] == "Kamino" and units[s]["at"] == "Geonosis", "a parked squadron cannot leave without a carrier"
    enemy = Game()
    enemy.give("Kamino", "al", gf=4)
    enemy.give("Geonosis", "di", gf=0)                        # an enemy planet next to Kamino
    c = enemy.unit("al", "Ac1", "Kamino")
    enemy.order("al", f"load {c} GF 3")
    enemy.order("al", f"jump {c} Geonosis")
    enemy.order("al", f"unload {c} GF")
    enemy.resolve()
    assert enemy.state["units"][c]["at"] == "Geonosis", "the Ac1 reached Geonosis"
    assert enemy.state["units"][c]["gf"] == 3 and enemy.state["planets"]["Geonosis"]["gf"] == 0, \
        "at an enemy planet GF stay aboard until a ground assault"
    assert enemy.owner("Geonosis") == "di", "unloading is no assault: Geonosis stays di's"


def test_RAW_GAP_14_teammates_cargo_rides_when_both_orders_name_it():
    """RAW-GAP-14, RAW-KEYWORD-10 (issue 10, point 6): a teammate's squadrons and garrison GF ride a friendly vessel
    when both players' orders name the transfer: al's `load` and cy's `board`. Every message names orders that exist.
    GF that board become the carrier's owner's (as on landing, RAW-GAP-51); squadrons stay cy's."""
    game = Game()
    game.give("Geonosis", "cy", gf=5)
    a = game.unit("al", "Ac1", "Geonosis")                     # capacity 4
    sq = game.unit("cy", "ywing", "Geonosis")
    events = game.order("al", f"load {a} GF 2")
    assert f"cy must also order 'board {a} GF 2'" in events[0]["text"], f"the load names the order cy must give: {events[0]['text']}"
    game.order("al", f"load {a} {sq}")
    with pytest.raises(OrderError, match=r"'A999' is not a ship you can use here; legal: " + a):
        game.order("cy", "board A999 GF")
    events = game.order("cy", f"board {a} GF 2")
    assert f"al must also order 'load {a} GF 2'" in events[0]["text"], f"the board names al's matching order: {events[0]['text']}"
    game.order("cy", f"board {a} {sq}")
    game.order("al", f"jump {a} Kamino")
    game.resolve()
    units = game.state["units"]
    assert units[a]["at"] == "Kamino" and units[a]["gf"] == 2, f"al's ship carried 2 of cy's GF to Kamino: {units[a]}"
    assert game.state["planets"]["Geonosis"]["gf"] == 3, "cy's garrison gave 2 GF"
    assert units[sq]["at"] == "Kamino" and units[sq]["aboard"] == a and units[sq]["owner"] == "cy", "cy's Y-wing rode al's ship"


def test_RAW_GAP_14_one_sided_transfer_moves_nothing_and_says_why():
    """RAW-GAP-14: al's `load` of cy's garrison without cy's `board` moves nothing; both are told which order was missing.
    GF still come only from a team planet's garrison, never from deep space."""
    game = Game()
    game.give("Geonosis", "cy", gf=5)
    a = game.unit("al", "Ac1", "Geonosis")
    d = game.unit("al", "Ac1", "deep:Kamino:A1")
    with pytest.raises(OrderError, match="GF are loaded from a garrison of your team's planet"):
        game.order("al", f"load {d} GF")
    game.order("al", f"load {a} GF 2")
    events = game.resolve()
    assert game.state["planets"]["Geonosis"]["gf"] == 5 and game.state["units"][a]["gf"] == 0, "no GF moved"
    why = [e for e in events if e["kind"] == "refused" and "Geonosis" in e["text"]]
    assert why and f"cy did not order 'board {a} GF'" in why[0]["text"] and set(why[0]["to"]) == {"seat:al", "seat:cy"}, \
        f"al and cy are told: {why}"
    game.order("cy", f"board {a} GF")
    events = game.resolve()
    why = [e for e in events if e["kind"] == "refused" and "board" in e["text"]]
    assert why and f"al ordered no matching 'load {a}'" in why[0]["text"], f"cy is told al gave no load: {why}"
    assert game.state["planets"]["Geonosis"]["gf"] == 5, "nothing moved"


def test_RAW_GAP_15_unnamed_deep_point_is_private():
    """RAW-MAP-04, RAW-GAP-15 (revised): deep-space points run A1..J10; a jump that names none goes to a private
    point of its own. Two enemy fleets (and a friend) jumping to the same system's deep space without naming a point
    never share a location and never fight, whatever the seed; no die is rolled for the point."""
    assert len(CELLS) == 100 and CELLS[0] == "A1" and CELLS[-1] == "J10" and "E5" in CELLS, "a 10 x 10 grid A1..J10"
    for seed in range(12):
        game = Game(seed=f"deep-{seed}")
        ours = [game.unit("al", "ConS", "Kamino") for _ in range(3)]
        theirs = game.unit("bo", "PrD", "Kamino")
        friend = game.unit("cy", "ConS", "Kamino")
        game.order("al", f"jump {','.join(ours)} deep Geonosis")
        game.order("bo", f"jump {theirs} deep Geonosis")
        game.order("cy", f"jump {friend} deep Geonosis")
        events = game.resolve()
        spots = {game.state["units"][s]["at"] for s in ours}
        assert len(spots) == 1, f"the ships of one order arrive at one point, got {spots}"
        spot = spots.pop()
        assert spot.startswith("deep:Geonosis:"), f"not in deep space of Geonosis: {spot}"
        others = {game.state["units"][theirs]["at"], game.state["units"][friend]["at"]}
        assert spot not in others and len(others) == 2, f"unnamed deep-space points must be private, got {spot} and {others}"
        assert [e for e in events if e["kind"] == "battle"] == [], f"seed {seed}: fleets at private points fought"
        assert not [e for e in events if e["kind"] == "roll" and "deep-space point" in e["data"]["purpose"]], "no die picks a private point"
        assert describe(spot) == "deep space of Geonosis (a point of its own)", f"read as {describe(spot)!r}"
    game = Game(seed="deep-named")
    a, b = game.unit("al", "Vc1", "Kamino"), game.unit("bo", "PrD", "deep:Geonosis:D4")
    game.order("al", f"jump {a} deep Geonosis")
    game.resolve()
    assert game.state["units"][a]["at"] != game.state["units"][b]["at"], "an unnamed jump never lands on a named point either"


def test_RAW_GAP_16_a_ship_makes_one_jump_a_turn():
    """RAW-GAP-16: at most one jump per ship per turn; a ship named twice in one order is refused too."""
    game = Game()
    a = game.unit("al", "Vc1", "Kamino")
    game.order("al", f"jump {a} Geonosis")
    before = snapshot(game)
    with pytest.raises(OrderError, match="already jumps this turn"):
        game.order("al", f"jump {a} Rothana")
    b = game.unit("al", "Vc1", "Kamino")
    with pytest.raises(OrderError, match="named twice"):
        game.order("al", f"jump {b},{b} Rothana")
    assert game.state["sheets"] == before["sheets"], "refused jumps were queued"
    game.session.withdraw("al", "al", 0)
    game.order("al", f"jump {a} Rothana")                    # after withdrawing, a new jump is fine
    game.resolve()
    assert game.state["units"][a]["at"] == "Rothana", "the Vc1 made its one jump, to Rothana"


def test_RAW_GAP_17_fuel_shortfall_retreats_first_then_order_listed():
    """RAW-GAP-17, RAW-RETREAT-03: short of fuel at resolution, forced retreats are paid first, then jumps in listed order;
    unpaid ships stay, an unpaid retreating ship is lost."""
    game = Game()
    only_credits(game, "al", "Kamino", 2)
    first = game.unit("al", "ConS", "Kamino")
    runner = game.unit("al", "ConS", "Kamino", retreat=True)
    game.order("al", f"jump {first} Geonosis")             # listed first
    game.order("al", f"jump {runner} Rothana")             # a forced retreat, listed second
    game.state["planets"]["Kamino"]["production"] = 1      # the credits fall short after the orders
    _, ledgers, events = run_construct_and_jump(game)
    units = game.state["units"]
    assert units[runner]["at"] == "Rothana" and not units[runner]["retreat"], "the retreat is paid first and made"
    assert units[first]["at"] == "Kamino", "the ordinary jump has no fuel left and is cancelled; the ship stays"
    assert any(e["kind"] == "refused" and f"no fuel credits left for {first}" in e["text"] for e in events), "al must be told"
    assert ledgers["al"].pool == 0, f"the one credit paid the retreat; {ledgers['al'].pool} left"
    broke = Game()
    only_credits(broke, "al", "Kamino", 1)
    r = broke.unit("al", "ConS", "Kamino", retreat=True)
    broke.order("al", f"jump {r} Rothana")
    broke.state["planets"]["Kamino"]["production"] = 0
    run_construct_and_jump(broke)
    assert r not in broke.state["units"], "a retreating ship that cannot pay its fuel is destroyed (RAW-RETREAT-03)"


def test_RAW_GAP_17_fuel_only_from_unblockaded_credits():
    """RAW-GAP-17, RAW-BLOCKADE-04: fuel is paid from non-blockaded credits only."""
    game = Game()
    only_credits(game, "al", "Kamino", 50)
    game.state["planets"]["Kamino"]["blockaded"] = True
    a = game.unit("al", "ConS", "Kamino")
    before = snapshot(game)
    with pytest.raises(OrderError, match="need 1 credits of fuel .* and 0 are left"):
        game.order("al", f"jump {a} Geonosis")
    assert snapshot(game) == before, "the refused jump was queued"
