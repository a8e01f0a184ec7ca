"""Location cap tests for Republic at War: RAW-CAP-01..04 and RAW-GAP-35 (400 ship points, 400 squadron points,
500 in all, per team and location), on the real map: Kamino and Rodia are one lane from cy's Geonosis."""
from __future__ import annotations

import pytest

from core.dice import Dice
from core.errors import OrderError
from core.rulesets.raw.construct import align, construct
from core.rulesets.raw.jump import jump
from core.rulesets.raw.model import cap_points

from raw_helpers import Game


def snapshot(game):
    return {"sheets": {s: list(v) for s, v in game.state["sheets"].items()},
            "units": {u: dict(x) for u, x in game.state["units"].items()}}


def ships_at(game, loc, side="GAR"):
    seats = [s for s, i in game.state["seats"].items() if i["side"] == side]
    return [u for u, x in game.state["units"].items() if x["at"] == loc and x["owner"] in seats]


def test_RAW_CAP_01_ships_400_per_location():
    """RAW-CAP-01: one team's ships at one location total at most 400 points; exactly 400 is fine."""
    game = Game()
    for _ in range(3):
        game.unit("al", "Vc1", "Geonosis")
    game.unit("cy", "Ac1", "Geonosis")                      # GAR ships at Geonosis: 370
    a = game.unit("al", "ConS", "Kamino")
    b = game.unit("al", "ConS", "Kamino")
    game.order("al", f"jump {a} Geonosis")                  # 400: allowed
    before = snapshot(game)
    with pytest.raises(OrderError, match=r"GAR would have 430 ship points, 0 squadron points \(430 in all\) at Geonosis"):
        game.order("al", f"jump {b} Geonosis")
    assert snapshot(game) == before, "a jump over the ship cap was queued"
    game.resolve()
    assert game.state["units"][a]["at"] == "Geonosis" and game.state["units"][b]["at"] == "Kamino", "only the legal jump happens"


def test_RAW_CAP_02_squadrons_400_per_location():
    """RAW-CAP-02: one team's squadrons at one location total at most 400 points, whichever order load and jump come in."""
    game = Game()
    for _ in range(20):
        game.unit("al", "nu_attack_shuttle", "Geonosis")    # 400 of squadrons parked at Geonosis
    a = game.unit("al", "ConS", "Kamino")
    sq = game.unit("al", "vwing", "Kamino")
    game.order("al", f"load {a} {sq}")
    before = snapshot(game)
    with pytest.raises(OrderError, match=r"30 ship points, 407 squadron points \(437 in all\) at Geonosis"):
        game.order("al", f"jump {a} Geonosis")
    assert snapshot(game) == before, "a jump over the squadron cap was queued"
    other = Game()
    for _ in range(20):
        other.unit("al", "nu_attack_shuttle", "Geonosis")
    b = other.unit("al", "ConS", "Kamino")
    sq2 = other.unit("al", "vwing", "Kamino")
    other.order("al", f"jump {b} Geonosis")                 # fine alone: 30 ship points
    before = snapshot(other)
    with pytest.raises(OrderError, match="407 squadron points"):
        other.order("al", f"load {b} {sq2}")                # loading after the jump is checked too
    assert snapshot(other) == before, "a load over the squadron cap was queued"


def test_RAW_CAP_03_total_500_per_location():
    """RAW-CAP-03: one team's points at one location total at most 500, even with ships and squadrons each under 400."""
    game = Game()
    for _ in range(3):
        game.unit("al", "Vc1", "Geonosis")                   # 300
    for _ in range(10):
        game.unit("al", "arc170", "Geonosis")                # 160
    game.unit("al", "v19", "Geonosis")                       # 10 -> 470
    a = game.unit("al", "ConS", "Kamino")
    b = game.unit("al", "CRL", "Kamino")
    game.order("al", f"jump {a} Geonosis")                   # exactly 500
    before = snapshot(game)
    with pytest.raises(OrderError, match=r"350 ship points, 170 squadron points \(520 in all\) at Geonosis"):
        game.order("al", f"jump {b} Geonosis")
    assert snapshot(game) == before, "a jump over the 500 total was queued"


def test_RAW_CAP_04_allies_share_a_location_within_the_caps():
    """RAW-CAP-04: teammates may share a location without retreating while the team stays within the caps; their
    submitted orders count; enemy points do not."""
    game = Game()
    game.unit("cy", "Ac1", "Geonosis")                       # 70
    for _ in range(4):
        game.unit("bo", "McS", "Geonosis")                   # 320 of CIS: no part of GAR's cap
    al_ships = [game.unit("al", "Vc1", "Kamino") for _ in range(2)]
    cy_ships = [game.unit("cy", "Vc1", "Rodia") for _ in range(2)]
    cy_small = game.unit("cy", "ConL", "Rodia")
    game.order("al", f"jump {','.join(al_ships)} Geonosis")  # 270
    before = snapshot(game)
    with pytest.raises(OrderError, match="GAR would have 470 ship points"):
        game.order("cy", f"jump {','.join(cy_ships)} Geonosis")   # al's order counts already
    assert snapshot(game) == before, "the over-cap jump of the teammate was queued"
    with pytest.raises(OrderError, match="GAR would have 410 ship points"):
        game.order("cy", f"jump {cy_ships[0]},{cy_small} Geonosis")   # 270 + 100 + 40
    game.order("cy", f"jump {cy_small} Geonosis")            # 270 + 40 = 310: fine
    assert [o["text"] for o in game.state["sheets"]["cy"]] == [f"jump {cy_small} Geonosis"], "the legal teammate jump is queued"


def test_RAW_CAP_04_allies_together_fight_as_one_and_do_not_retreat_from_each_other():
    """RAW-CAP-04: two allies' fleets within the caps share the location; neither retreats because of the other."""
    game = Game()
    game.unit("cy", "Ac1", "Geonosis")
    a = [game.unit("al", "Vc1", "Kamino") for _ in range(2)]
    c = game.unit("cy", "ConL", "Rodia")
    game.order("al", f"jump {','.join(a)} Geonosis")
    game.order("cy", f"jump {c} Geonosis")                   # 70 + 200 + 40 = 310
    events = game.resolve()
    assert sorted(ships_at(game, "Geonosis")) == sorted([*a, c, "C1"]), "both allies' fleets are at Geonosis"
    assert not any(e["kind"] in ("battle", "retreat") for e in events), "allies never fight or retreat from each other"
    assert not any(game.state["units"][u]["retreat"] for u in ships_at(game, "Geonosis")), "no retreat is forced"


def test_RAW_GAP_35_scarred_ships_count_full_cost_gf_and_partials_do_not():
    """RAW-GAP-35: caps use base cost (scarred or not); GF aboard and partly built units count nothing."""
    game = Game()
    for _ in range(4):
        game.unit("al", "Vc1", "Geonosis", scarred=True)     # combat value 200, cap points 400
    a = game.unit("al", "ConS", "Kamino")
    with pytest.raises(OrderError, match="GAR would have 430 ship points"):
        game.order("al", f"jump {a} Geonosis")
    game2 = Game()
    game2.give("Kamino", "al", gf=5)
    for _ in range(3):
        game2.unit("al", "Vc1", "Geonosis")
    game2.unit("cy", "Ac1", "Geonosis")                      # 370
    game2.state["planets"]["Geonosis"]["partial"] = {"unit": "Vc1", "paid": 30, "cost": 100, "owner": "cy"}
    b = game2.unit("al", "ConS", "Kamino")
    game2.order("al", f"load {b} GF")
    game2.order("al", f"jump {b} Geonosis")                  # 400: the GF and the partial Vc1 add nothing
    game2.resolve()
    assert game2.state["units"][b]["at"] == "Geonosis" and game2.state["units"][b]["gf"] == 1, "the ConS and its GF arrive"


def test_RAW_GAP_35_allied_neutral_forces_count_for_their_side():
    """RAW-GAP-35, RAW-GAP-39: Scipio's forces aligned to ed count toward GAR's caps at Scipio (Ac1 70 + 3 ARC-170 48)."""
    game = Game()
    align(game.state, "Scipio", "ed")
    big = [game.unit("ed", "Vc1", "Anaxes") for _ in range(4)]
    before = snapshot(game)
    with pytest.raises(OrderError, match=r"GAR would have 470 ship points, 48 squadron points \(518 in all\) at Scipio"):
        game.order("ed", f"jump {','.join(big)} Scipio")
    assert snapshot(game) == before, "the jump over the cap was queued"
    game.order("ed", f"jump {','.join(big[:3])} Scipio")     # 370 ships + 48 squadrons = 418: fine


def test_RAW_GAP_35_at_resolution_latest_inbound_jump_is_cancelled_and_not_charged():
    """RAW-GAP-35: if a cap is still broken at resolution (a new ship completed there), inbound jumps are cancelled,
    latest-submitted first, until it fits; the cancelled ship stays and pays no fuel."""
    game = Game()
    early = [game.unit("al", "Vc1", "Foerost") for _ in range(2)]
    late = [game.unit("al", "Vc1", "Foerost") for _ in range(2)]
    game.order("al", f"jump {','.join(early)} Kuat")
    game.order("al", f"jump {','.join(late)} Kuat")          # 400 at Kuat: legal when ordered
    with pytest.raises(OrderError, match="430 ship points"):
        game.order("cy", "build Kuat ConS")                  # a build that would break the cap is refused when ordered
    game.unit("cy", "ConS", "Kuat")                          # a GM correction puts 30 more there: 430 at resolution
    state = game.state
    dice = Dice.from_state(state["dice"], turn=1)
    ledgers = {}
    construct(state, dice, ledgers)
    pool = ledgers["al"].pool
    events = jump(state, dice, ledgers)
    at = {u: state["units"][u]["at"] for u in early + late}
    assert all(at[u] == "Kuat" for u in early), f"the earlier order is kept: {at}"
    stayed = [u for u in late if at[u] == "Foerost"]
    assert len(stayed) == 1, f"exactly one ship of the later order is cancelled (430 -> 330), got {at}"
    assert pool - ledgers["al"].pool == 3, "three ships jumped and paid; the cancelled one pays no fuel"
    assert any(e["kind"] == "refused" and "would break the 400/400/500 cap" in e["text"] for e in events), "al is told why"


def _team_points(game, loc, side="GAR"):
    return cap_points(game.state, ships_at(game, loc, side))


def test_RAW_GAP_35_RAW_NEUTRAL_06_joining_forces_never_break_the_caps(fix_dice):
    """RAW-GAP-35, RAW-NEUTRAL-06 (issue 10, point 10): ed holds 350 ship points over Scipio and Scipio joins ed by
    alliance roll. Its Acclamator (70) would make 420: it holds station in the deep space of Scipio, its home system,
    at a point of its own; the three ARC-170s (48) fit in orbit. The caps hold everywhere; ed's team is told."""
    game = Game()
    for code in ("Vc2", "Vc2", "Vc1"):
        game.unit("ed", code, "Scipio")                           # 125 + 125 + 100 = 350, hold-fire toward neutrals
    game.order("ed", "ally Scipio")
    fix_dice("alliance of Scipio", [6])
    events = game.resolve()
    assert game.owner("Scipio") == "ed", "setup: Scipio joins ed"
    ships, squadrons = _team_points(game, "Scipio")
    assert (ships, squadrons) == (350, 48), f"GAR in orbit of Scipio must fit the caps: {ships} ship, {squadrons} squadron points"
    ac1 = [u for u, x in game.state["units"].items() if x["home"] == "Scipio" and x["type"] == "Ac1"]
    spot = game.state["units"][ac1[0]]["at"]
    assert spot.startswith("deep:Scipio:@"), f"the Acclamator waits in the deep space of its home system, at {spot}"
    told = [e for e in events if e["kind"] == "alliance" and "hold station" in e["text"]]
    assert told and told[0]["to"] == ["team:GAR"], f"GAR is told where Scipio's forces wait: {told}"
    with pytest.raises(OrderError, match="GAR would have 420 ship points"):
        game.order("ed", f"jump {ac1[0]} Scipio")     # back into orbit only when there is room
