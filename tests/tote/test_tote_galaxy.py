"""The galaxy map of Twilight of the Empire (galaxy.py, data/planets.toml, data/routes.toml): the
worlds the text names, routes of 6, 12 and 36 hours (TOTE-MAP-01..07, TOTE-GAP-08/09), the
strongholds at about equal route-hours from Coruscant, the load checks naming the bad entry, and
the galaxy drawn as the shared map board from what one viewer knows."""
from __future__ import annotations

import copy
import sys
from pathlib import Path
from typing import Any

import pytest

from core.errors import DataError
from core.packaged import packaged_toml
from core.rulesets.tote.rules import galaxy as gx
from core.rulesets.tote.rules.galaxy import strongholds
from core.rulesets.tote.rules.model import FACTIONS

TEXT_WORLDS = ["Coruscant", "Bastion", "Mon Calamari", "Endor", "Mustafar", "Nal Hutta", "Nar Shaddaa", "Hapes",
               "Bonadan", "Tatooine", "Vergesso Asteroids", "Byss", "Roon", "Cato Neimoidia", "Kessa Reach"]


def raw() -> tuple[dict[str, Any], dict[str, Any]]:
    """Fresh copies of the parsed data files, for breaking in a test."""
    return (copy.deepcopy(packaged_toml(gx.PACKAGE, "data", "planets.toml")),
            copy.deepcopy(packaged_toml(gx.PACKAGE, "data", "routes.toml")))


def test_map_is_a_graph_of_worlds_joined_by_routes() -> None:
    """TOTE-MAP-01, TOTE-GAP-08: an original graph of 60 to 80 worlds with every world the text names,
    every route's ends on the map, and every world reachable from Coruscant."""
    g = gx.galaxy()
    assert 60 <= len(g.planets) <= 80 and len(g.planets) == 69
    names = {p.name for p in g.planets.values()}
    assert not [w for w in TEXT_WORLDS if w not in names]
    assert all(r.a in g.planets and r.b in g.planets for r in g.routes) and len(g.routes) == 99
    assert set(g.hours_from("coruscant")) == set(g.planets)


def test_strongholds_of_the_ten_factions_at_about_equal_hours() -> None:
    """TOTE-FACTION-01, TOTE-FACTION-06, TOTE-STRONG-02: every faction's stronghold is on the map and
    starts its own (the Hutts hold two worlds); the nine strongholds other than Coruscant lie 42 to
    48 route-hours from it, a spread of 6 h (the load allows 12)."""
    g = gx.galaxy()
    assert set(g.factions()) == set(FACTIONS)
    for faction, world in strongholds().items():
        assert world in [p.name for p in g.strongholds(faction)]
    assert [p.name for p in g.strongholds("HS")] == ["Nal Hutta", "Nar Shaddaa"]
    assert [p.name for p in g.strongholds("GE")] == ["Coruscant"]
    hours = g.stronghold_hours()
    assert hours == {"IR": 42, "NR": 48, "RA": 42, "TF": 48, "HS": 48, "HC": 48, "CSA": 42, "IND": 42, "ORC": 42}
    assert g.spread == (42, 48) and g.spread_limit == 12
    assert g.summary() == ("69 worlds, 99 routes (36 trade, 57 common, 6 uncharted); "
                           "the strongholds lie 42 to 48 route-hours from Coruscant")


def test_planet_list_says_what_each_world_holds() -> None:
    """TOTE-STRONG-02 (what a world contains comes from the Planet List), DATA-11: features, Industrial
    Output (the sum of the features' outputs), ground grids and atmosphere."""
    g = gx.galaxy()
    kessel, vergesso, coruscant = g.planets["kessel"], g.planets["vergesso"], g.planets["coruscant"]
    assert kessel.features == ("Heavy Mining",) and kessel.industrial_output_kc == 150
    assert coruscant.features == ("Shipyard", "Heavy Industry") and coruscant.industrial_output_kc == 550
    assert (vergesso.ground_grids, vergesso.has_atmosphere) == (0, False)
    assert coruscant.enables("build_ships", g.features) and not kessel.enables("build_ships", g.features)
    assert kessel.enables("scrap", g.features)  # TOTE-SCRAP-03: Heavy Mining allows scrapping
    assert all(p.has_atmosphere for p in g.planets.values() if p.ground_grids)


def test_trade_route_links_take_6_hours() -> None:
    """TOTE-MAP-02: each trade-route link takes 6 hours to cross."""
    g = gx.galaxy()
    trade = [r for r in g.routes if r.type == "trade"]
    assert trade and all(r.hours == 6 for r in trade)
    assert g.path_hours(["coruscant", "corellia"]) == 6 and g.route("coruscant", "corellia").type == "trade"


def test_common_route_links_take_12_hours() -> None:
    """TOTE-MAP-03: each common-route link takes 12 hours to cross."""
    g = gx.galaxy()
    common = [r for r in g.routes if r.type == "common"]
    assert common and all(r.hours == 12 for r in common)
    assert g.path_hours(["coruscant", "foerost"]) == 12


def test_common_routes_join_worlds_no_trade_route_joins() -> None:
    """TOTE-MAP-04: common routes join worlds directly where no trade route does; a common route doubling
    a trade link fails the load naming it."""
    g = gx.galaxy()
    pairs = [frozenset((r.a, r.b)) for r in g.routes]
    assert len(pairs) == len(set(pairs))
    planets, routes = raw()
    routes["routes"]["common"].append(["coruscant", "corellia"])
    with pytest.raises(DataError, match=r"common route #\d+ \['coruscant', 'corellia'\].*already joined by .*trade route 'corellian_run'"):
        gx.build_galaxy(planets, routes)


def test_trip_time_is_the_sum_of_the_links_of_the_plotted_path() -> None:
    """TOTE-MAP-05 and TOTE-EX-25: 2 trade links and 1 common link, Coruscant - Corellia - Ithor - Naboo,
    are 6 + 6 + 12 = 24 h; a path through worlds no route joins is refused naming them."""
    g = gx.galaxy()
    assert g.path_hours(["coruscant", "corellia", "ithor", "naboo"]) == 24
    with pytest.raises(ValueError, match="no hyperspace route joins Coruscant and Tatooine; from Coruscant the routes go to Anaxes, Brentaal"):
        g.path_hours(["coruscant", "tatooine"])
    with pytest.raises(ValueError, match="departure and a destination"):
        g.path_hours(["coruscant"])


def test_engine_offers_the_fastest_path() -> None:
    """TOTE-MAP-06, TOTE-GAP-08: the fastest path by route-hours (fewer links on a tie), never slower than
    any path the player plots."""
    g = gx.galaxy()
    hours, path = g.fastest("coruscant", "tatooine")
    assert (hours, path) == (42, ["coruscant", "corellia", "ithor", "naboo", "rodia", "tatooine"])
    slower = g.path_hours(["coruscant", "brentaal", "abregado", "devaron", "malastare", "naboo", "rodia", "tatooine"])
    assert slower == 54 > hours
    assert g.fastest("nal_hutta", "nar_shaddaa") == (6, ["nal_hutta", "nar_shaddaa"])


def test_special_worlds_only_by_uncharted_routes_24_hours_more() -> None:
    """TOTE-MAP-07, TOTE-GAP-09: Byss, Hapes and Roon are joined only to 1-2 gateway worlds, by uncharted
    links of 12 + 24 = 36 h, and no other route."""
    g = gx.galaxy()
    special = sorted(p.name for p in g.planets.values() if p.special_access)
    assert special == ["Byss", "Hapes", "Roon"]
    for p in g.planets.values():
        if p.special_access:
            assert 1 <= len(g.neighbours(p.id)) <= 2
            assert all(r.type == "uncharted" and r.hours == 36 for r in g.neighbours(p.id))
    assert all(g.planets[r.a].special_access != g.planets[r.b].special_access for r in g.routes if r.type == "uncharted")


def test_ex26_special_world_byss() -> None:
    """TOTE-EX-26: reaching the gateway (Foerost) takes 12 h, plus the uncharted link to Byss of 12 + 24 =
    36 h: 48 h. With the GAP-09 option of no extra hours it is 24 h (and Hapes comes so near Coruscant that
    the strongholds' balance check needs a wider spread)."""
    g = gx.galaxy()
    assert g.path_hours(["coruscant", "foerost"]) == 12
    assert g.fastest("coruscant", "byss") == (48, ["coruscant", "foerost", "byss"])
    planets, routes = raw()
    with pytest.raises(DataError, match="the strongholds lie 24 to 48 route-hours from Coruscant"):
        gx.build_galaxy(planets, routes, uncharted_extra_hours=0)
    routes["hours"]["stronghold_spread_hours"] = 24
    assert gx.build_galaxy(planets, routes, uncharted_extra_hours=0).fastest("coruscant", "byss")[0] == 24


def test_hapes_stronghold_pays_the_uncharted_cost_both_ways() -> None:
    """TOTE-GAP-09: Hapes, the HC stronghold, is reached and left only by uncharted routes."""
    g = gx.galaxy()
    assert g.fastest("hapes", "coruscant") == (48, ["hapes", "carida", "chandrila", "coruscant"])
    assert {r.type for r in g.neighbours("hapes")} == {"uncharted"}


@pytest.mark.parametrize("breakage, message", [
    (lambda p, r: r["routes"]["common"].append(["coruscant", "kamino"]), r"common route #\d+ \['coruscant', 'kamino'\]: 'kamino' is not a world"),
    (lambda p, r: r["routes"]["common"].append(["coruscant", "byss"]), r"byss is a special world, reached only by uncharted routes"),
    (lambda p, r: r["routes"]["uncharted"].append(["coruscant", "kuat"]), r"uncharted route joins one special world"),
    (lambda p, r: r["routes"]["uncharted"].append(["kuat", "byss"]), r"the special world Byss has 3 uncharted routes"),
    (lambda p, r: p["planet"].__setitem__("kashyyyk", dict(p["planet"]["kashyyyk"], region="galactic_rim")),
     r"planet 'kashyyyk': region 'galactic_rim' is not one of"),
    (lambda p, r: p["planet"].__setitem__("kessel", dict(p["planet"]["kessel"], features=["Spice Mines"])),
     r"planet 'kessel': unknown features \['Spice Mines'\]"),
    (lambda p, r: p["planet"].__setitem__("kessel", dict(p["planet"]["kessel"], has_atmosphere=False)),
     r"planet 'kessel': 2 ground grids but no atmosphere"),
    (lambda p, r: p["planet"].__setitem__("kessel", dict(p["planet"]["kessel"], ground_grids=5)),
     r"planet 'kessel': ground_grids must be a whole number 0 to 4"),
    (lambda p, r: p["planet"]["bastion"].update(start_owner="NR"), r"Bastion must be on the map as the stronghold of IR"),
    (lambda p, r: p["planet"]["kessel"].update(start_owner="HS"), r"planet 'kessel': a stronghold needs its faction"),
    (lambda p, r: p["planet"]["kessel"].update(start_owner="XX", stronghold=True), r"start_owner 'XX' is not a faction"),
    (lambda p, r: r["trade"].__setitem__("braxant_run", ["mygeeto", "muunilinst"]) or r["routes"].__setitem__(
        "common", [x for x in r["routes"]["common"] if "bastion" not in x]), r"no route leads from Coruscant to Bastion"),
    (lambda p, r: r["hours"].update(stronghold_spread_hours=5), r"the strongholds lie 42 to 48 route-hours from Coruscant, 6 h apart; at most 5 h"),
    (lambda p, r: [p["planet"].pop(k) for k in list(p["planet"])[-10:]], r"59 worlds; the map needs 60 to 80"),
    (lambda p, r: p["feature"].pop("Factory"), r"no \[feature\] entry for Factory"),
    (lambda p, r: p["planet"]["kessel"].update(name="Kuat"), r"planet 'kessel': the name 'Kuat' is taken by 'kuat'"),
])
def test_load_checks_name_the_bad_entry(breakage: Any, message: str) -> None:
    """TOTE-GAP-08 (the map file is checked at load): a broken entry fails the load naming it."""
    planets, routes = raw()
    breakage(planets, routes)
    with pytest.raises(DataError, match=message):
        gx.build_galaxy(planets, routes, strongholds=strongholds())


def test_world_by_name_or_id_in_any_case() -> None:
    """A player names a world as the map shows it or by id; a wrong name gets the nearest names."""
    g = gx.galaxy()
    assert g.world("mon calamari").id == "mon_calamari" and g.world("Nar_Shaddaa").name == "Nar Shaddaa"
    assert g.world("  VERGESSO   asteroids ").id == "vergesso"
    with pytest.raises(ValueError, match="no world called 'Corusant' in the galaxy; did you mean Coruscant"):
        g.world("Corusant")


# -- the map board ----------------------------------------------------------------------------------

def test_map_board_shape_for_a_viewer_who_knows_little() -> None:
    """The galaxy as the shared map board: every world a place with a position, every route a lane; the
    strongholds and the map are public (catalog 5.5), every other world is '?' until scanned."""
    g = gx.galaxy()
    board = gx.map_board(g)
    assert board["kind"] == "map" and len(board["places"]) == 69 and len(board["lanes"]) == 99
    by = {p["id"]: p for p in board["places"]}
    assert set(by["kessel"]) == {"id", "name", "x", "y", "owner", "symbol", "marks", "lines"}
    assert (by["coruscant"]["symbol"], by["coruscant"]["owner"]) == ("G", "GE")
    assert (by["kessel"]["symbol"], by["kessel"]["owner"]) == ("?", None)
    assert by["kessel"]["lines"] == ["Kessel: Outer Rim", "Heavy Mining; output 150 KC", "held by: unknown (never scanned)",
                                     "2 ground grids", "routes: Nar Shaddaa 6 h, Nal Hutta 12 h, Pammant 12 h"]
    assert "uncharted space: reached only by uncharted routes (+24 h)" in by["byss"]["lines"]


def test_map_board_shows_what_the_viewer_knows_and_how_old() -> None:
    """Stale knowledge says how old it is; the viewer's fleets, enemies seen, battles and its own fleets
    in hyperspace with their arrival turn are marked; queued jumps are moves."""
    g = gx.galaxy()
    known = {"owners": {"kessel": "HS", "kuat": None}, "seen": {"kessel": 24}, "now": 72, "current": ["kuat"],
             "fleets": {"coruscant": 3}, "enemies": {"kuat": {"NR": 2}}, "battles": ["kuat"],
             "inbound": [{"to": "corellia", "arrive_turn": 5, "ships": 2}]}
    board = gx.map_board(g, known, moves=[["coruscant", "corellia"]])
    by = {p["id"]: p for p in board["places"]}
    assert by["kessel"]["symbol"] == "H" and "held by: HS (seen day 2, 48 h ago)" in by["kessel"]["lines"]
    assert by["kuat"]["symbol"] == "." and "held by: nobody (seen now)" in by["kuat"]["lines"]
    assert by["kuat"]["marks"] == ["enemy:NR=2", "battle"] and by["coruscant"]["marks"] == ["fleet:3"]
    assert "your fleet of 2 arrives at the start of day 5" in by["corellia"]["lines"]
    assert by["corellia"]["marks"] == ["inbound:2"], "the map marks a world the viewer's fleet is bound for"
    assert board["moves"] == [["coruscant", "corellia"]]
    # what the viewer does not know never reaches the board: the same knowledge gives the same board
    assert gx.map_board(g, copy.deepcopy(known), moves=[["coruscant", "corellia"]]) == board


@pytest.mark.parametrize("size", [(72, 21), (42, 14), (150, 45)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_map_board_lays_out_cleanly(size: tuple[int, int]) -> None:
    """The galaxy passes the map geometry checks of tests/tui/test_map_geometry.py at its fitting zoom:
    72x21 is the map's view in a 120x40 war room (zoom 1: whole names, a little panning), 42x14 the 80x24 one
    (zoom 3)."""
    sys.path[:0] = [str(Path(__file__).parents[1]), str(Path(__file__).parents[1] / "tui")]
    from test_map_geometry import check_geometry  # type: ignore[import-not-found]

    from tui.widgets.map_layout import fit_zoom, layout_for
    board = gx.map_board(gx.galaxy())
    zoom = fit_zoom(board, *size)
    geo = layout_for(board, *size, zoom)
    assert set(geo.labels) == {p["id"] for p in board["places"]}
    check_geometry(board, geo, f"tote galaxy at {size}")
    if size == (72, 21):
        assert zoom == 1 and all(geo.labels[p["id"]].text == p["name"] for p in board["places"])
    if size == (42, 14):
        assert zoom == 3


def test_fastest_paths_are_consistent_over_every_pair() -> None:
    """TOTE-MAP-06 over the whole map: the offered path of every pair costs what it says (TOTE-MAP-05),
    the hours are the same both ways, and no detour through a third world is ever faster."""
    g = gx.galaxy()
    ids = sorted(g.planets)
    dist = {a: g.hours_from(a) for a in ids}
    for a in ids:
        for b in ids:
            assert dist[a][b] == dist[b][a], f"{a}->{b} is {dist[a][b]} h but {b}->{a} is {dist[b][a]} h"
            if a != b:
                hours, path = g.fastest(a, b)
                assert hours == dist[a][b] == g.path_hours(path), f"{a}->{b}: {path} costs {g.path_hours(path)}, offered {hours}"
            for c in ids:
                assert dist[a][c] <= dist[a][b] + dist[b][c], f"{a}->{c} beaten by the detour through {b}"
