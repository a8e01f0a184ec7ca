"""Missions and flashpoints in Twilight of the Empire (missions.py, data/missions.toml,
data/flashpoints.toml): a repeatable mission per Hero class (TOTE-MISSION-01), one active at a time
(MISSION-02), travel, objectives and a climax with rewards up to victory (MISSION-03), flashpoints the
engine runs (TOTE-FLASH-01) that offer and are triggered by epic missions (FLASH-02), the 7-turn roll
and the payout by damage (TOTE-GAP-31), the data (TOTE-DATA-10) and the Hutt Syndicate Network
(TOTE-FACTION-12, TOTE-GAP-50)."""
from __future__ import annotations

import copy
from typing import Any

import pytest

from core.dice import Dice
from core.errors import DataError, OrderError
from core.packaged import packaged_toml
from core.rulesets.tote.rules import heroes
from core.rulesets.tote.rules import missions as ms

CLASSES = ["admiral", "general", "spymaster", "jedi", "crimelord", "freelancer"]


def hero(cls: str = "admiral", faction: str = "GE", hid: str = "GE-H1") -> dict[str, Any]:
    return heroes.new_hero(hid, faction, cls, "Gilad Pellaeon", "coruscant", host="GE-1")


def start(h: dict[str, Any], mission: str, runs=(), record=(), offers=()) -> dict[str, Any]:
    return ms.start_mission(list(runs), list(record), list(offers), h, mission, 0, "R1")[0]


def visit(system: str, faction: str = "GE", hid: str = "GE-H1") -> dict[str, Any]:
    return {"type": "visit", "faction": faction, "system": system, "hero": hid}


def play(run: dict[str, Any], deeds: list[dict[str, Any]]) -> tuple[dict[str, Any], Any, list[dict[str, Any]]]:
    done = None
    events: list[dict[str, Any]] = []
    for d in deeds:
        run, c, ev = ms.advance(run, d, 10)
        done = done or c
        events += ev
    return run, done, events


def test_mission01_each_class_has_its_repeatable_mission() -> None:
    """TOTE-MISSION-01: each Hero class has one mission of its own, repeatable; a Hero takes its class's
    mission and not another's; once completed it may take it again."""
    own = {m.hero_class: m.id for m in ms.missions().values() if not m.epic}
    assert own == {"admiral": "fleet_review", "general": "planetfall", "spymaster": "shadow_network",
                   "jedi": "lost_holocron", "crimelord": "spice_run", "freelancer": "bounty_trail"}
    assert all(ms.missions()[m].repeatable for m in own.values())
    assert all(heroes.hero_classes()[c].mission == m for c, m in own.items())
    with pytest.raises(OrderError, match="Shadow Network is the mission of the spymaster class; Gilad Pellaeon is a "
                                         "admiral and takes fleet_review"):
        start(hero(), "shadow_network")
    run = start(hero("jedi"), "lost_holocron")
    run, done, _ = play(run, [visit("byss"), visit("dagobah")])
    assert done["outcome"] == "completed" and done["reward"] == {"kc": 1000, "notoriety": 2, "level": 1}
    again = start(hero("jedi"), "lost_holocron", record=[done])
    assert again["step"] == 0 and again["progress"] == 0


def test_mission02_only_one_mission_at_a_time() -> None:
    """TOTE-MISSION-02, TOTE-GAP-31: a player has at most 1 active mission, whichever of its Heroes runs it."""
    run = start(hero(), "fleet_review")
    spy = hero("spymaster", hid="GE-H2")
    with pytest.raises(OrderError, match="GE already has a mission under way \\(Fleet Review\\); only one mission may "
                                         "be active at a time"):
        start(spy, "shadow_network", runs=[run])
    other = start(hero("spymaster", "NR", "NR-H1"), "shadow_network", runs=[run])
    assert other["faction"] == "NR"
    entry, _ = ms.abandon(run, 30)
    assert entry["outcome"] == "abandoned" and start(spy, "shadow_network", record=[entry])["mission"] == "shadow_network"


def test_mission03_travel_objectives_climax_and_rewards() -> None:
    """TOTE-MISSION-03: milestones are done in order (travel, objectives, the climax); deeds for a later
    milestone count for nothing yet; visits count different systems and only by the Hero; the
    climax pays the reward."""
    run = start(hero(), "fleet_review")
    kill = {"type": "destroy", "faction": "GE", "system": "kuat", "code": "MC80"}
    run, done, ev = play(run, [kill, visit("kuat"), visit("kuat"), visit("coruscant"), visit("anaxes", hid="GE-H9"),
                               visit("anaxes"), {**visit("duro"), "faction": "NR"}])
    assert (run["step"], run["progress"], run["seen"], done) == (0, 2, ["kuat", "anaxes"], None)
    assert ev[-1]["text"] == "Fleet Review: 2 of 3 (visit systems that are no stronghold)" and ev[-1]["to"] == ["GE"]
    run, done, ev = play(run, [visit("duro"), kill, {**kill, "code": "XWING"}])
    assert (run["step"], run["progress"], done) == (1, 1, None)
    run, done, ev = play(run, [kill])
    assert done["reward"] == {"kc": 2500, "notoriety": 1} and ev[-1]["text"] == "Fleet Review is complete: 2500 KC, notoriety +1"


def test_mission03_a_mission_may_win_the_game() -> None:
    """TOTE-MISSION-03: "or perhaps even win the game": the epic Clone Vats of Byss, offered by a
    flashpoint, rewards victory once Byss's facility and the Imperial Palace have fallen."""
    h = hero("general", "NR", "NR-H1")
    with pytest.raises(OrderError, match="must first be offered by a flashpoint"):
        start(h, "clone_vats_of_byss")
    run = start(h, "clone_vats_of_byss", offers=[{"mission": "clone_vats_of_byss", "faction": "NR"}])
    deeds = [visit("byss", "NR", "NR-H1"), {"type": "destroy", "faction": "NR", "system": "kuat", "code": "YARD"},
             {"type": "destroy", "faction": "NR", "system": "byss", "code": "YARD"},
             {"type": "destroy", "faction": "NR", "system": "coruscant", "code": "PALACE"}]
    run, done, ev = play(run, deeds)
    assert done["reward"] == {"notoriety": 5, "victory": True} and ev[-1]["public"]
    with pytest.raises(OrderError, match="has been completed and does not repeat"):
        start(h, "clone_vats_of_byss", record=[done], offers=[{"mission": "clone_vats_of_byss", "faction": "NR"}])


def test_mission_deeds_of_every_kind() -> None:
    """TOTE-DATA-10: scans count first scans for unscanned_system and strongholds not one's own; deliveries
    count squads landed at a world another faction owns, or at one's own stronghold."""
    m = ms.Milestone
    assert ms.matches(m("scan", "unscanned_system", 3), {"type": "scan", "faction": "GE", "system": "kuat", "first": True}, "GE")
    assert not ms.matches(m("scan", "unscanned_system", 3), {"type": "scan", "faction": "GE", "system": "kuat"}, "GE")
    assert ms.matches(m("scan", "enemy_stronghold", 1), {"type": "scan", "faction": "GE", "system": "bastion"}, "GE")
    assert not ms.matches(m("scan", "enemy_stronghold", 1), {"type": "scan", "faction": "GE", "system": "coruscant"}, "GE")
    assert ms.matches(m("deliver", "enemy_world", 50), {"type": "deliver", "faction": "GE", "system": "kuat", "owner": "NR"}, "GE")
    assert ms.matches(m("deliver", "own_stronghold", 10), {"type": "deliver", "faction": "HS", "system": "nar_shaddaa"}, "HS")
    assert ms.matches(m("destroy", "sf", 1), {"type": "destroy", "faction": "GE", "code": "XWING"}, "GE")
    run = start(hero("crimelord", "HS", "HS-H1"), "spice_run")
    run, done, _ = play(run, [visit("kessel", "HS", "HS-H1"), {"type": "deliver", "faction": "HS", "system": "nal_hutta", "count": 6},
                              {"type": "deliver", "faction": "HS", "system": "nal_hutta", "count": 4}])
    assert done["reward"] == {"kc": 4000}


def test_flash01_flashpoints_erupt_as_public_news() -> None:
    """TOTE-FLASH-01: the engine runs flashpoints as the GM would: a neutral force placed in a system,
    news to every faction of the payout on offer."""
    fp = ms.flashpoints()[2]["pirate_convoy"]
    rec, units, news = ms.open_flashpoint(fp, None, Dice("flash"), 144, "FP1")
    assert len(units) == 9 and {u["faction"] for u in units.values()} == {ms.NEUTRAL}
    assert sorted(u["type"] for u in units.values()).count("CORV") == 6
    assert {u["system"] for u in units.values()} == {rec["system"]} and rec["force"] == list(units)
    assert news[0]["public"] and "Payout 4000 KC, shared by damage dealt" in news[0]["text"]
    from core.rulesets.tote.rules.galaxy import galaxy
    assert not galaxy().planets[rec["system"]].stronghold


def test_gap31_a_flashpoint_roll_every_7_turns() -> None:
    """TOTE-GAP-31: only on turns 7, 14, … does the engine roll 1d100; 50 or less opens a flashpoint
    drawn from the random ones; the roll is on the record."""
    d = Dice("gap31")
    assert ms.roll_flashpoint(6, d, 120, "FP1") == (None, {}, []) and d.n == 0
    opened = []
    for turn in range(7, 7 * 41, 7):
        rec, units, news = ms.roll_flashpoint(turn, d, 24 * turn, f"FP{turn}")
        opened.append(rec is not None)
    rolls = [r for r in d.drain() if r["data"]["purpose"].startswith("flashpoint check")]
    assert len(rolls) == 40
    assert opened == [r["data"]["values"][0] <= 50 for r in rolls]
    assert 10 < sum(opened) < 30


def test_gap31_payout_split_by_damage() -> None:
    """TOTE-GAP-31: the payout is split in proportion to the damage each faction dealt, in whole KC (the
    leftover KC to the largest remainders); nothing until the whole force is destroyed."""
    assert ms.split_payout(4000, {"GE": 300, "NR": 100, "HS": 200}) == {"GE": 2000, "NR": 667, "HS": 1333}
    assert ms.split_payout(4000, {"GE": 1, "NR": 1, "HS": 1}) == {"GE": 1334, "HS": 1333, "NR": 1333}
    assert ms.split_payout(4000, {}) == {}
    fp = ms.flashpoints()[2]["warlord_remnant"]
    rec, units, _ = ms.open_flashpoint(fp, None, Dice("x"), 0, "FP1")
    rec = ms.note_damage(ms.note_damage(rec, "GE", 900), "NR", 300)
    assert ms.close_flashpoint(rec, units, 24) == (rec, {}, [], [])
    dead = {i: {**u, "destroyed": True} for i, u in units.items()}
    closed, pay, offers, events = ms.close_flashpoint(rec, dead, 24)
    assert closed["closed"] and pay == {"GE": 6750, "NR": 2250}
    assert events[0]["text"] == "A Warlord's Last Stand is over: GE 6750 KC, NR 2250 KC"


def test_flash02_flashpoints_and_epic_missions_trigger_each_other() -> None:
    """TOTE-FLASH-02: a flashpoint offers its epic mission to the faction that dealt it the most damage;
    an epic mission's climax sets off a flashpoint where it was done."""
    fp = ms.flashpoints()[2]["warlord_remnant"]
    rec, units, _ = ms.open_flashpoint(fp, None, Dice("x"), 0, "FP1")
    rec = ms.note_damage(ms.note_damage(rec, "GE", 100), "NR", 300)
    _, _, offers, events = ms.close_flashpoint(rec, {i: {**u, "destroyed": True} for i, u in units.items()}, 24)
    assert offers == [{"mission": "the_black_fleet", "faction": "NR"}] and events[1]["to"] == ["NR"]
    run = start(hero("jedi", "NR", "NR-H1"), "the_black_fleet", offers=offers)
    deeds = [{"type": "scan", "faction": "NR", "system": "kuat"}, {"type": "scan", "faction": "NR", "system": "duro"},
             visit("kuat", "NR", "NR-H1"), visit("jakku", "NR", "NR-H1")]
    run, done, _ = play(run, deeds)
    assert done["flashpoint"] == {"id": "black_fleet_awakens", "system": "jakku"}
    rec2, units2, news = ms.open_flashpoint(ms.flashpoints()[2]["black_fleet_awakens"], "jakku", Dice("y"), 48, "FP2")
    assert rec2["system"] == "jakku" and sorted(u["type"] for u in units2.values()) == ["DREAD"] * 3


def test_data10_missions_and_flashpoints_as_authored() -> None:
    """TOTE-DATA-10: six class missions and two epic ones; flashpoints every 7 turns at 50%, with forces
    of known units and payouts."""
    assert len(ms.missions()) == 8 and sum(m.epic for m in ms.missions().values()) == 2
    every, chance, fps = ms.flashpoints()
    assert (every, chance) == (7, 50) and sorted(f for f in fps if fps[f].random) == ["byss_signal", "pirate_convoy", "warlord_remnant"]
    assert dict(fps["pirate_convoy"].force) == {"CORV": 6, "Z95": 3} and fps["pirate_convoy"].payout_kc == 4000


@pytest.mark.parametrize("path, value, message", [
    (("fleet_review", "hero_class"), "pilot", "mission fleet_review: hero_class 'pilot' is not a Hero class"),
    (("planetfall", "reward"), {"kc": 1, "fame": 2}, "mission planetfall: reward keys are"),
    (("spice_run", "milestones"), [{"type": "smuggle", "target": "any", "count": 1}], "mission spice_run: milestone type 'smuggle'"),
    (("spice_run", "milestones"), [{"type": "visit", "target": "alderaan", "count": 1}], "mission spice_run: there is no world 'alderaan'"),
    (("bounty_trail", "milestones"), [{"type": "destroy", "target": "DEATHSTAR", "count": 1}], "mission bounty_trail: destroy target 'DEATHSTAR'"),
    (("lost_holocron", "milestones"), [{"type": "visit", "target": "any", "count": 0}], "mission lost_holocron: a milestone's count is 1 or more"),
])
def test_data10_bad_missions_are_named(path: tuple[str, str], value: Any, message: str) -> None:
    """TOTE-DATA-10: a mission with an unknown class, reward, milestone type, world or unit fails the load
    naming it."""
    raw = copy.deepcopy(packaged_toml("core.rulesets.tote", "data", "missions.toml"))
    raw["mission"][path[0]][path[1]] = value
    with pytest.raises(DataError, match=message):
        ms.build_missions(raw, CLASSES)


def test_data10_every_class_needs_its_mission_and_flashpoints_are_checked() -> None:
    """TOTE-DATA-10, TOTE-MISSION-01: a class without its mission fails the load; so does a flashpoint
    with an unknown unit or world or mission."""
    raw = copy.deepcopy(packaged_toml("core.rulesets.tote", "data", "missions.toml"))
    del raw["mission"]["spice_run"]
    with pytest.raises(DataError, match="Hero class crimelord needs exactly one mission of its own, has 0"):
        ms.build_missions(raw, CLASSES)
    fps = copy.deepcopy(packaged_toml("core.rulesets.tote", "data", "flashpoints.toml"))
    fps["flashpoint"]["pirate_convoy"]["force"] = {"CORV": 2, "XWINGG": 1}
    with pytest.raises(DataError, match="flashpoint pirate_convoy: the force needs known unit codes.*XWINGG"):
        ms.build_flashpoints(fps, list(ms.missions()))
    fps = copy.deepcopy(packaged_toml("core.rulesets.tote", "data", "flashpoints.toml"))
    fps["flashpoint"]["byss_signal"]["offers_mission"] = "nope"
    with pytest.raises(DataError, match="flashpoint byss_signal: offers_mission 'nope' is not a mission"):
        ms.build_flashpoints(fps, list(ms.missions()))


def test_faction12_gap50_the_hutt_syndicate_network() -> None:
    """TOTE-FACTION-12, TOTE-GAP-50: the Hutt Syndicate Network adds nothing by default; with the
    hutt_network_bonus_pct option it adds that share of the HS's income, to the HS only."""
    assert ms.hutt_network_kc("HS", 1450) == 0
    assert ms.hutt_network_kc("HS", 1450, 10) == 145 and ms.hutt_network_kc("HS", 1455, 10) == 145
    assert ms.hutt_network_kc("GE", 1450, 10) == 0
    with pytest.raises(ValueError, match="0 or more"):
        ms.hutt_network_kc("HS", 1000, -5)


def test_state_pieces_are_json() -> None:
    """The runs, completions, flashpoints and their forces this module hands the integrator survive a
    JSON round trip unchanged (saved games)."""
    import json
    run = start(hero("jedi"), "lost_holocron")
    run, done, ev = play(run, [visit("byss"), visit("dagobah")])
    rec, units, news = ms.open_flashpoint(ms.flashpoints()[2]["pirate_convoy"], None, Dice("j"), 0, "FP1")
    for piece in (run, done, ev, rec, units, news):
        assert json.loads(json.dumps(piece)) == piece


def test_mission_orders_refused_with_reasons() -> None:
    """Bad mission orders are refused saying what is wrong: an unknown mission (the list of missions is
    given), a dead Hero (TOTE-HERO-05)."""
    with pytest.raises(OrderError, match="there is no mission 'grand_tour'; missions: fleet_review, planetfall"):
        start(hero(), "grand_tour")
    dead = {**hero(), "dead": True}
    with pytest.raises(OrderError, match="Gilad Pellaeon is dead and takes no mission"):
        start(dead, "fleet_review")
    with pytest.raises(OrderError, match="there is no Hero class 'sith'; classes: admiral, general"):
        heroes.new_hero("GE-H1", "GE", "sith", "Vader", "coruscant")
    with pytest.raises(OrderError, match="a Hero needs a name"):
        heroes.new_hero("GE-H1", "GE", "jedi", "  ", "coruscant")
