"""Heroes in Twilight of the Empire (heroes.py, data/heroes.toml): the Hero on the map (TOTE-HERO-01),
level 1 at the start (HERO-02), 1000-KC upgrades (HERO-03), one extra Hero (HERO-04, TOTE-EX-37), death for
good (HERO-05), the guard of HERO-06 in ground combat, the classes' data (TOTE-DATA-09, TOTE-GAP-30) and the
Independent Freelancer's start (TOTE-START-03, TOTE-GAP-49)."""
from __future__ import annotations

import copy
from typing import Any

import pytest

from core.errors import DataError, OrderError
from core.packaged import packaged_toml
from core.rulesets.tote.rules import heroes as h
from core.rulesets.tote.rules import model


def hero(cls: str = "admiral", name: str = "Gilad Pellaeon", faction: str = "GE", **kw: Any) -> dict[str, Any]:
    """A level-1 Hero aboard GE-1 unless placed otherwise."""
    kw.setdefault("host", "GE-1")
    return h.new_hero(f"{faction}-H1", faction, cls, name, "coruscant", **kw)


def ship(uid: str, faction: str = "GE", system: str | None = "coruscant", space: str | None = "C-1") -> dict[str, Any]:
    return {**model.new_unit(uid, "ISD", faction, space), "system": system, "transit": None}


FCC = {"id": "F-GE", "type": "FCC", "faction": "GE", "system": "coruscant", "space": "G-1/surface", "destroyed": False}


def raw() -> dict[str, Any]:
    return copy.deepcopy(packaged_toml("core.rulesets.tote", "data", "heroes.toml"))


def test_hero01_a_hero_is_on_the_map_where_its_host_is() -> None:
    """TOTE-HERO-01: a Hero is a unit on the map with a location: aboard a ship it is where the ship is
    (and in hyperspace with it); standing on the ground it is in its grid."""
    units = {"GE-1": ship("GE-1", space="B-2")}
    admiral = hero()
    assert h.locate(admiral, units) == ("coruscant", "B-2")
    units["GE-1"] = {**units["GE-1"], "system": None, "space": None, "transit": {"to": "kuat"}}
    assert h.locate(admiral, units) == (None, None)
    general = hero("general", "Maximilian Veers", host=None, space="G-3")
    assert h.locate(general, {}) == ("coruscant", "G-3")
    with pytest.raises(KeyError, match="host GE-9"):
        h.locate({**admiral, "host": "GE-9"}, units)


def test_hero02_every_hero_starts_at_level_1() -> None:
    """TOTE-HERO-02: a new Hero, of any class, is at level 1 with only its level-1 ability."""
    for cls in h.hero_classes():
        x = hero(cls, "Someone")
        assert x["level"] == 1 and not x["dead"]
        assert h.abilities(x) == [h.hero_classes()[cls].levels[0]]


def test_hero03_each_upgrade_costs_1000_kc() -> None:
    """TOTE-HERO-03, TOTE-GAP-30: each upgrade costs 1000 KC and adds the new level's ability; levels run
    1 to 5; a short treasury is refused and nothing changes."""
    x = hero()
    x2, left, events = h.upgrade(x, 2500)
    assert (x2["level"], left, x["level"]) == (2, 1500, 1)
    assert str(h.abilities(x2)[-1]) == "cp_bonus(+1)" and events[0]["to"] == ["GE"]
    assert events[0]["text"] == "Gilad Pellaeon rises to level 2 for 1000 KC: +1 CP to the command limit"
    with pytest.raises(OrderError, match="costs 1000 KC and the treasury holds 999 KC"):
        h.upgrade(x2, 999)
    for _ in range(3):
        x2, left, _ = h.upgrade(x2, 10_000)
    assert x2["level"] == 5 and [str(e) for e in h.abilities(x2)] == [
        "ucr_bonus(capitals_same_grid,+0)", "cp_bonus(+1)", "ucr_bonus(capitals_same_grid,+1)",
        "hyper_time_pct(-10)", "cp_bonus(+2)"]
    assert h.effect_total([x2], "cp_bonus") == 3 and h.effect_total([x2], "ucr_bonus", "capitals_same_grid") == 1
    with pytest.raises(OrderError, match="at level 5, the cap"):
        h.upgrade(x2, 10_000)


def test_hero04_one_extra_hero_counting_the_dead() -> None:
    """TOTE-HERO-04, TOTE-GAP-30: a player may train 1 extra Hero (5000 KC, 14 days at the Command
    Center); a Hero in training counts; another faction's Heroes do not."""
    first = hero()
    timer, left, events = h.order_training([first], [], "GE", "spymaster", "Ysanne Isard", 6000, 48, FCC, "T1", "GE-H2")
    assert (left, timer["due_hour"], timer["kind"], timer["what"]) == (1000, 48 + 14 * 24, "construction", "hero")
    assert events[0]["to"] == ["GE"]
    with pytest.raises(OrderError, match="may train only 1 extra, 2 in all"):
        h.order_training([first], [timer], "GE", "jedi", "Someone Else", 9000, 48, FCC, "T2", "GE-H3")
    assert h.train_refusal([first, hero(faction="NR", name="Ackbar")], [], "GE", "X") is None
    with pytest.raises(OrderError, match="costs 5000 KC"):
        h.order_training([first], [], "GE", "spymaster", "Ysanne Isard", 4999, 48, FCC, "T1", "GE-H2")
    with pytest.raises(OrderError, match="no standing Faction Command Center"):
        h.order_training([first], [], "GE", "spymaster", "Ysanne Isard", 6000, 48, {**FCC, "destroyed": True}, "T1", "GE-H2")
    second, evs = h.finish_training(timer)
    assert (second["id"], second["level"], second["class"], second["host"]) == ("GE-H2", 1, "spymaster", "F-GE")
    assert h.locate(second, {}, {"F-GE": FCC}) == ("coruscant", "G-1/surface")


def test_ex37_first_dies_second_trained_third_refused() -> None:
    """TOTE-EX-37: the first Hero dies and a second is trained: allowed (1 extra). A third: refused."""
    first, _ = h.kill(hero(), 100, "lost aboard GE-1")
    timer, _, _ = h.order_training([first], [], "GE", "general", "Maximilian Veers", 5000, 120, FCC, "T1", "GE-H2")
    second, _ = h.finish_training(timer)
    dead_second, _ = h.kill(second, 900, "cut down")
    for alive in (second, dead_second):
        assert h.train_refusal([first, alive], [], "GE", "Firmus Piett") == (
            "GE has had 2 Heroes (dead ones and those in training count); a player may train only 1 extra, 2 in all "
            "(TOTE-HERO-04)")


def test_hero05_a_dead_hero_is_gone_for_good() -> None:
    """TOTE-HERO-05: a Hero that dies is removed for good: it takes no order, cannot be upgraded, and a
    Hero of its name cannot be trained again; its death is public news."""
    dead, events = h.kill(hero(), 300, "lost aboard GE-1", "coruscant")
    assert dead["dead"] and dead["died_hour"] == 300 and dead["host"] is None
    assert events == [{"kind": "hero_death", "public": True, "hour": 300,
                       "text": "Gilad Pellaeon, Hero of GE, has fallen at Coruscant: lost aboard GE-1"}]
    with pytest.raises(OrderError, match="removed for good and cannot be revived or rebuilt"):
        h.upgrade(dead, 5000)
    with pytest.raises(OrderError, match="cannot be rebuilt"):
        h.order_training([dead], [], "GE", "admiral", "gilad pellaeon", 9000, 400, FCC, "T1", "GE-H2")
    assert h.kill(dead, 400, "again") == (dead, [])
    assert h.effect_total([dead], "ucr_bonus") == 0


def test_gap30_a_hero_dies_with_its_host_ship() -> None:
    """TOTE-GAP-30: a Hero aboard a ship that is DESTROYED dies with it; one aboard a sound ship lives."""
    units = {"GE-1": {**ship("GE-1"), "destroyed": True}, "GE-2": ship("GE-2")}
    a, b = hero(), {**hero(name="Firmus Piett"), "id": "GE-H2", "host": "GE-2"}
    after, events = h.casualties([a, b], units, 50)
    assert [x["dead"] for x in after] == [True, False] and len(events) == 1 and events[0]["public"]


def test_hero06_ground_units_must_engage_everyone_else_first() -> None:
    """TOTE-HERO-06: opposing ground units may attack a Hero only after engaging every other unit in its
    ground grid; then a hit of the class's hp or more kills it, less leaves it standing."""
    veers = hero("general", "Maximilian Veers", host=None, space="G-1")
    grid = [{"id": "GE-G1", "faction": "GE"}, {"id": "GE-G2", "faction": "GE"}, {"id": "GE-G3", "faction": "GE", "destroyed": True},
            {"id": "NR-G1", "faction": "NR"}]
    assert h.attack_refusal(veers, grid, ["GE-G1"], "NR") == (
        "Maximilian Veers may be attacked only after every other unit in the grid has been engaged; not yet engaged: "
        "GE-G2 (TOTE-HERO-06)")
    with pytest.raises(OrderError, match="not yet engaged: GE-G1, GE-G2"):
        h.hit(veers, 500, 10, grid, [], "NR")
    assert h.attack_refusal(veers, grid, ["GE-G1", "GE-G2"], "NR") is None
    standing, ev = h.hit(veers, 59, 10, grid, ["GE-G1", "GE-G2"], "NR")
    assert not standing["dead"] and "the Hero stands" in ev[0]["text"]
    dead, ev = h.hit(veers, 60, 10, grid, ["GE-G1", "GE-G2"], "NR")
    assert dead["dead"] and ev[0]["kind"] == "hero_death"


def test_data09_hero_classes_as_authored() -> None:
    """TOTE-DATA-09: every class has level cap 5, 1000 KC upgrades, one ability per level, hp, its
    mission and suggested names; abilities are written in the effect DSL."""
    classes = h.hero_classes()
    assert sorted(classes) == ["admiral", "crimelord", "freelancer", "general", "jedi", "spymaster"]
    for c in classes.values():
        assert (c.level_cap, c.upgrade_cost_kc, len(c.levels)) == (5, 1000, 5) and c.hp > 0 and c.names
    assert [str(e) for e in classes["spymaster"].levels[:2]] == ["scan_time_hours(18)", "reveal_destinations(1)"]
    assert str(classes["spymaster"].levels[2]) == "scan_range(+1)"
    assert classes["freelancer"].mission == "bounty_trail"


@pytest.mark.parametrize("text, message", [
    ("cp_bonus", "not an effect"), ("warp(+1)", "no effect 'warp'"), ("cp_bonus(+1,+2)", "takes 1 argument"),
    ("ucr_bonus(everyone,+1)", "no scope 'everyone'"), ("cp_bonus(one)", "not a whole number")])
def test_data09_bad_abilities_are_named(text: str, message: str) -> None:
    """TOTE-DATA-09: an ability that is not a known effect with the right arguments fails the load,
    naming the class."""
    r = raw()
    r["class"]["jedi"]["levels"]["L3"] = text
    with pytest.raises(DataError, match=f"class jedi: .*{message}"):
        h.build_classes(r)


def test_data09_bad_entries_fail_the_load() -> None:
    """TOTE-DATA-09: missing levels, a mission that does not exist or a broken Freelancer start are named."""
    r = raw()
    del r["class"]["admiral"]["levels"]["L5"]
    with pytest.raises(DataError, match="class admiral: levels must list exactly L1, L2, L3, L4, L5"):
        h.build_classes(r)
    with pytest.raises(DataError, match="class general: mission 'planetfall' is not in data/missions.toml"):
        h.build_classes(raw(), ["fleet_review"])
    r = raw()
    r["class"]["freelancer"]["start"]["units"] = {"CORV": 2, "DREAD": 2}
    with pytest.raises(DataError, match="class freelancer: the start's units hold 14 CP, over its cp_cap of 12"):
        h.build_classes(r)
    r["class"]["freelancer"]["start"]["units"] = {"CORV": 1, "Z95": 2}
    with pytest.raises(DataError, match="class freelancer: the start's units break TOTE-ESC"):
        h.build_classes(r)


def test_start03_gap49_the_freelancers_start() -> None:
    """TOTE-START-03, TOTE-GAP-49: the Independent Freelancer starts from its own package, given now by
    DATA-09 (the catalog's row): 3000 KC, a 12-CP command limit and two corvettes of Independent
    technology, at Tatooine."""
    s = h.freelancer_start()
    assert (s.kc, s.cp_cap, s.tech, s.system, dict(s.units)) == (3000, 12, ("independent",), "tatooine", {"CORV": 2})


def test_views_keep_a_hero_secret() -> None:
    """Catalog 5.5: a Hero's level and whereabouts are its owner's (and the GM's); others see only a
    dead Hero's name."""
    x = hero()
    assert h.view(x, "GE") == x and h.view(x, "gm") == x and h.view(x, "NR") is None
    dead, _ = h.kill(x, 5, "x")
    assert h.view(dead, "NR") == {"id": "GE-H1", "faction": "GE", "name": "Gilad Pellaeon", "dead": True}


def test_gap30_abandon_ship_takes_the_hero_along() -> None:
    """TOTE-GAP-30: Abandon Ship takes the Hero along: it lands with the crew's escape pods, or is lost with
    them when there is no ground below; a Hero aboard another ship stays where it is."""
    from core.rulesets.tote.battle import control
    ge1 = {**ship("GE-1", space="A-2"), "disabled": True, "final": True}
    out = control.abandon(ge1, model.spec(ge1))
    pods = out.units["GE-1-crew"]
    landed, ev = h.abandon_ship(hero(), ge1, pods, 30)
    assert (landed["host"], landed["system"], landed["space"]) == (None, "coruscant", pods["arrives"])
    assert not landed["dead"] and ev[0]["to"] == ["GE"]
    lost, ev = h.abandon_ship(hero(), ge1, None, 30)
    assert lost["dead"] and "lost in space" in ev[0]["text"]
    other = {**hero(), "host": "GE-7"}
    assert h.abandon_ship(other, ge1, pods, 30) == (other, [])
