"""Line of sight and cover on the continuous map, hand-made cases with known answers (RiftWar)."""
from __future__ import annotations

import pytest

from core.rulesets.rift.battle import cover, los
from rift_helpers import battle, order, unit


def lr(uid: str, owner: str, x: float, y: float, *traits: str, **extra) -> dict:
    return unit(uid, owner, "light", "ranged", traits, x, y, **extra)


# (case, a, b, expected LOS) on the test field: bunker (high) 18-22 x 10-14, walls (low) 8-12 x 20-21
# and 8-12 x 15-16, wood (terrain) 28-36 x 18-26.
LOS_CASES = [
    ("open ground", lr("A", "al", 5, 5), lr("B", "bo", 5, 25), True),
    ("through the bunker", lr("A", "al", 20, 5), lr("B", "bo", 20, 20), False),
    ("past the bunker's side", lr("A", "al", 16, 5), lr("B", "bo", 16, 20), True),
    ("across a low wall", lr("A", "al", 10, 17.5), lr("B", "bo", 10, 25), True),
    ("into the wood from outside", lr("A", "al", 32, 10), lr("B", "bo", 32, 22), False),
    ("both inside the wood", lr("A", "al", 30, 20), lr("B", "bo", 34, 24), True),
    ("at the wood's edge, seen from outside", lr("A", "al", 32, 10), lr("B", "bo", 32, 18.2), True),
    ("along the bunker's face", lr("A", "al", 17, 9), lr("B", "bo", 23, 9), True),
]


@pytest.mark.parametrize("case,a,b,expected", LOS_CASES, ids=[c[0] for c in LOS_CASES])
def test_rift_gap_04_line_of_sight_table(case, a, b, expected) -> None:
    """RIFT-GAP-04, RIFT-MAP-02, RIFT-MAP-04, RIFT-MAP-10: centre to centre, blocked by high interiors and by terrain boundaries for units fully inside."""
    state = battle([a, b])
    assert los(state, state["units"][a["id"]], state["units"][b["id"]]) == expected, case
    assert los(state, state["units"][b["id"]], state["units"][a["id"]]) == expected, f"{case} (the other way)"


def test_rift_map_01_three_kinds_of_feature() -> None:
    """RIFT-MAP-01, RIFT-DATA-03: every map is made of low, high and terrain features, checked at load."""
    from core.rulesets.rift.data import rules
    for m in rules().maps.values():
        kinds = {f.type for f in m.features}
        assert kinds <= {"low", "high", "terrain"} and {"low", "high"} <= kinds, m.id
        assert all(f.poly.is_valid for f in m.features), m.id


def test_rift_maps_are_three_of_different_character() -> None:
    """The original maps: urban, open fields with forests, a ruined base, each with 2-4 player zones."""
    from core.rulesets.rift.data import rules
    chars = {m.character for m in rules().maps.values() if m.id != "testfield"}
    assert {"urban", "open fields with forests", "ruined base"} <= chars
    for m in rules().maps.values():
        if m.id != "testfield":
            assert {"2p", "3p", "4p"} <= set(m.deploy), m.id


def test_rift_map_02_low_structures_give_cover_but_not_block() -> None:
    """RIFT-MAP-02: a unit at the wall is in cover, and still seen."""
    state = battle([lr("A", "al", 10, 21.6), lr("B", "bo", 10, 28)])
    assert cover(state, state["units"]["A"], state["units"]["B"])
    assert los(state, state["units"]["A"], state["units"]["B"])
    assert not cover(state, state["units"]["B"], state["units"]["A"])


def test_rift_map_05_corner_fire_and_cover_from_return_fire() -> None:
    """RIFT-MAP-05, RIFT-GAP-04: a Light Ranged unit at the bunker's corner sees around it and has cover from what it sees."""
    corner = lr("A", "al", 17.7, 10.3)
    around = lr("B", "bo", 25, 9)
    state = battle([corner, around, lr("C", "al", 17.7, 15), unit("H", "al", "medium", "ranged", (), 17, 16)])
    a, b = state["units"]["A"], state["units"]["B"]
    assert los(state, a, b), "the corner unit should see around the corner"
    assert cover(state, a, b)
    medium = dict(state["units"]["H"], x=17.7, y=10.3)
    assert not los(state, medium, dict(b, x=25, y=12)), "only Light Ranged units fire around corners"


def test_rift_map_06_two_light_ranged_per_corner() -> None:
    """RIFT-MAP-06: a third Light Ranged unit cannot take the same corner."""
    state = battle([lr("A1", "al", 17.65, 9.65), lr("A2", "al", 17.6, 9.7), lr("A3", "al", 15, 6), unit("B1", "bo", "light", "close", (), 38, 28)])
    with pytest.raises(Exception, match="RIFT-MAP-06"):
        order(state, "al", "move A3 17.7,9.6")


def test_rift_map_11_terrain_edge_and_interior_are_cover() -> None:
    """RIFT-MAP-11: at the edge and fully inside the wood, a unit is in cover."""
    state = battle([lr("A", "al", 32, 18.2), lr("B", "al", 32, 22), lr("C", "bo", 32, 5)])
    assert cover(state, state["units"]["A"], state["units"]["C"])
    assert cover(state, state["units"]["B"], None)


def test_rift_map_12_and_13_heavy_units_block_sight_and_have_no_cover() -> None:
    """RIFT-MAP-12: a Heavy between two units blocks LOS; RIFT-MAP-13: a Heavy at a wall has no cover."""
    state = battle([lr("A", "al", 5, 5), unit("H", "bo", "heavy", "ranged", (), 5, 12), lr("B", "bo", 5, 20),
                    unit("W", "bo", "heavy", "ranged", (), 10, 23.1)])
    assert not los(state, state["units"]["A"], state["units"]["B"])
    assert not cover(state, state["units"]["W"], state["units"]["A"])


def test_rift_map_14_a_wreck_still_blocks() -> None:
    """RIFT-MAP-14: a destroyed Heavy stays as a high-structure wreck."""
    state = battle([lr("A", "al", 5, 5), unit("H", "bo", "heavy", "ranged", (), 5, 12, dead=True, wreck=True), lr("B", "bo", 5, 20)])
    assert not los(state, state["units"]["A"], state["units"]["B"])


def test_rift_map_15_and_gap_01_elevation_is_off() -> None:
    """RIFT-MAP-15, RIFT-GAP-01: the map is flat; the elevation option has the one value 'off'."""
    from core.rulesets.rift import RiftWar
    assert RiftWar().options()["elevation"] == "off"
    assert RiftWar().option_choices()["elevation"] == ["off"]


def test_rift_gap_29_flyers_are_seen_over_structures_but_not_from_inside_terrain() -> None:
    """RIFT-GAP-29: structures never block LOS to a flyer; a unit inside the wood still cannot see it."""
    state = battle([lr("A", "al", 20, 5), unit("F", "bo", "light", "close", ("flying",), 20, 20, flying=True),
                    lr("W", "al", 32, 22)])
    assert los(state, state["units"]["A"], state["units"]["F"])
    assert not los(state, state["units"]["W"], dict(state["units"]["F"], x=32, y=10))


def test_rift_gap_04_the_view_lists_what_each_unit_sees() -> None:
    """RIFT-GAP-04, RIFT-MAP-12: each living token of the view carries the units it sees, from the
    engine's own line of sight: the bunker hides B from A, the wood hides W from outside, a Heavy
    unit hides what stands behind it; wrecks and the dead see nothing."""
    from core.rulesets.rift import RiftWar
    units = [lr("A", "al", 20, 5), lr("B", "bo", 20, 20), lr("C", "bo", 5, 5), lr("W", "bo", 32, 22),
             unit("H", "al", "heavy", "ranged", (), 5, 15), lr("D", "bo", 5, 25), lr("X", "bo", 2, 2, dead=True)]
    state = battle(units)
    tokens = {t["id"]: t for t in RiftWar().view(state, "al")["board"]["tokens"]}
    assert sorted(tokens["A"]["sees"]) == ["C", "D", "H"], tokens["A"]["sees"]
    assert "B" not in tokens["A"]["sees"] and "A" not in tokens["B"]["sees"], "the bunker blocks both ways"
    assert "W" not in tokens["C"]["sees"] and tokens["W"]["sees"] == [], "nobody outside sees into the wood"
    assert "D" not in tokens["C"]["sees"], "the Heavy H stands between C and D"
    assert "X" not in tokens
    for a in units:
        for b in units:
            if a is not b and not a["dead"] and not b["dead"]:
                assert (b["id"] in tokens[a["id"]]["sees"]) == los(state, state["units"][a["id"]], state["units"][b["id"]]), (a["id"], b["id"])
