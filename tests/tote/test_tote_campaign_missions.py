"""Missions and flashpoints in the campaign (issue 18; TOTE-MISSION-01..03, TOTE-FLASH-01/02, TOTE-GAP-31,
TOTE-DATA-10): the mission order, milestones advanced by the campaign's deeds and rewards paid;
flashpoints rolled with the game's dice, fought by a neutral force, closed and paid by damage."""
from __future__ import annotations

from campaign_hero_helpers import (
    end_day,
    flashpoint_at,
    game,
    hero,
    order,
    unchanged_on_refusal,
)

from core.dice import Dice
from core.rulesets.tote.campaign import flow as campaign_flow
from core.rulesets.tote.campaign import missions as cm
from core.rulesets.tote.campaign import state as cp
from core.rulesets.tote.rules import model

# ---- missions ---------------------------------------------------------------------------------

def test_mission_01_02_take_up_the_class_mission_one_at_a_time_and_abandon() -> None:
    """TOTE-MISSION-01/02 / TOTE-GAP-31: a Hero takes up its class's mission, not another class's; only
    one mission at a time per player; ``abandon`` gives it up (the record keeps it) and it may be taken
    up again."""
    state = game()
    c = state["campaign"]
    unchanged_on_refusal(state, "al", "mission GE-HERO planetfall", "mission of the general class")
    unchanged_on_refusal(state, "al", "mission GE-HERO the_black_fleet", "must first be offered by a flashpoint")
    unchanged_on_refusal(state, "al", "mission GE-HERO abandon", "no mission under way")
    events = order(state, "al", "mission GE-HERO fleet_review")
    assert events[0]["text"] == "Admiral Natasi Daala takes up the mission Fleet Review; first: visit systems that are no stronghold: 3"
    assert events[0]["to"] == ["seat:al", "gm"]
    unchanged_on_refusal(state, "al", "mission GE-HERO fleet_review", "only one mission may be active")
    led = c and cp.ledger(c, "al")["missions"]["mission"]
    assert led["left"] == ["visit systems that are no stronghold: 3", "destroy capital ships: 2"] and led["done"] == []
    order(state, "al", "mission GE-HERO abandon")
    assert c["runs"] == [] and c["mission_record"][-1]["outcome"] == "abandoned"
    order(state, "al", "mission GE-HERO fleet_review")
    assert [r["faction"] for r in c["runs"]] == ["al"]


def test_mission_03_deeds_advance_milestones_in_order_and_the_reward_is_income() -> None:
    """TOTE-MISSION-03: the Hero's arrivals at three different worlds that are not strongholds, then two
    capital ships destroyed, complete Fleet Review: 2500 KC into the treasury as income (nothing
    spent) and notoriety +1, told to the seat alone. A deed out of order counts nothing."""
    state = game()
    c = state["campaign"]
    order(state, "al", "mission GE-HERO fleet_review")
    order(state, "al", "jump GE-1 corellia")
    end_day(state)  # GE-1 (12 h) arrives at the start of day 2: a visit
    assert c["runs"][0]["progress"] == 1 and c["runs"][0]["seen"] == ["corellia"]
    c["deeds"] += [{"type": "destroy", "faction": "al", "system": "corellia", "code": "CGUN"}]  # out of order
    for w in ("corellia", "anaxes", "brentaal"):
        c["deeds"].append({"type": "visit", "faction": "al", "system": w, "hero": "GE-HERO"})
    c["deeds"].append({"type": "visit", "faction": "al", "system": "chandrila", "hero": "NR-HERO"})  # not its Hero
    cm.turn_start(state)
    run = c["runs"][0]
    assert (run["step"], run["progress"]) == (1, 0)
    treasury, spent = c["treasury"]["al"], c["spent"]["al"]
    c["deeds"] += [{"type": "destroy", "faction": "al", "system": "corellia", "code": "CGUN", "flashpoint": False},
                   {"type": "destroy", "faction": "al", "system": "corellia", "code": "ESC", "flashpoint": False}]
    events = cm.turn_start(state)
    assert c["runs"] == [] and c["treasury"]["al"] == treasury + 2500 and c["spent"]["al"] == spent
    assert c["notoriety"]["al"] == 1 and c["mission_record"][-1]["outcome"] == "completed"
    done = [e for e in events if "Fleet Review is complete" in e["text"]]
    assert done[0]["text"] == "Fleet Review is complete: 2500 KC, notoriety +1" and done[0]["to"] == ["seat:al", "gm"]
    assert cp.ledger(c, "al")["missions"]["missions_done"] == ["fleet_review"]


def test_mission_03_a_reward_of_units_and_a_level() -> None:
    """TOTE-MISSION-03 rewards of strategic power: Planetfall gives a GR-75 at the seat's stronghold;
    The Lost Holocron (the holocron teaches) raises its Jedi one level, free."""
    state = campaign_flow.new_state([("al", "GE"), ("ra", "RA")], {}, "reward")
    c = state["campaign"]
    c["heroes"][0] = {**c["heroes"][0], "class": "general"}
    order(state, "al", "mission GE-HERO planetfall")
    order(state, "ra", "mission RA-HERO lost_holocron")
    c["deeds"] += [{"type": "visit", "faction": "al", "system": "corellia", "hero": "GE-HERO"},
                   {"type": "deliver", "faction": "al", "system": "corellia", "count": 50, "owner": "ra"},
                   {"type": "destroy", "faction": "al", "system": "corellia", "code": "YARD"},
                   {"type": "visit", "faction": "ra", "system": "hapes", "hero": "RA-HERO"},
                   {"type": "visit", "faction": "ra", "system": "dagobah", "hero": "RA-HERO"}]
    cm.turn_start(state)
    assert c["units"]["GE-M1"]["type"] == "GR75" and c["units"]["GE-M1"]["system"] == "coruscant"
    assert hero(state, "RA-HERO")["level"] == 2 and c["runs"] == []


def test_mission_03_an_epic_mission_wins_the_game() -> None:
    """TOTE-MISSION-03 ("or perhaps even win the game") / TOTE-FLASH-02: The Clone Vats of Byss, offered
    by the Byss flashpoint, completed: the seat wins through the victory record (the game ends)."""
    state = game()
    c = state["campaign"]
    c["offers"].append({"mission": "clone_vats_of_byss", "faction": "bo"})
    order(state, "bo", "mission NR-HERO clone_vats_of_byss")
    c["deeds"] += [{"type": "visit", "faction": "bo", "system": "byss", "hero": "NR-HERO"},
                   {"type": "destroy", "faction": "bo", "system": "byss", "code": "YARD"},
                   {"type": "destroy", "faction": "bo", "system": "coruscant", "code": "PALACE"}]
    events = cm.turn_start(state)
    assert state["victory"]["winner"] == "NR"
    assert any(e["to"] == ["all"] and "NR wins the game" in e["text"] for e in events)
    campaign_flow.check_end(state)
    assert state["result"]["winners"] == ["bo"]


def test_mission_a_fallen_heros_mission_ends() -> None:
    """TOTE-HERO-05: a Hero that dies ends its mission (abandoned in the record)."""
    state = game()
    c = state["campaign"]
    order(state, "al", "mission GE-HERO fleet_review")
    c["heroes"][0] = {**c["heroes"][0], "dead": True, "died_hour": 0, "host": None}
    cm.turn_start(state)
    assert c["runs"] == [] and c["mission_record"][-1]["outcome"] == "abandoned"


# ---- flashpoints --------------------------------------------------------------------------------

def test_flash_01_gap_31_rolled_every_7th_day_with_the_game_dice_and_public() -> None:
    """TOTE-FLASH-01 / TOTE-GAP-31: on day 7 the engine rolls 1d100 with the game's dice; at 50 or less a
    random flashpoint erupts at a world that is not a stronghold (seed "s0": the pirate convoy at Ord
    Mantell, 6 CORV and 3 Z-95 of the neutral force); everyone hears of it, the roll is public."""
    state = game("s0")
    state["dice"] = {"seed": "s0", "n": 0}
    c = state["campaign"]
    c["turn"] = state["turn"] = 6
    assert cm.turn_start(state) == [] and c["flashpoints"] == []
    c["turn"] = state["turn"] = 7
    events = cm.turn_start(state)
    fp = c["flashpoints"][0]
    assert (fp["flashpoint"], fp["system"], fp["closed"]) == ("pirate_convoy", "ord_mantell", False)
    assert sorted(u["type"] for u in c["fp_units"].values()) == ["CORV"] * 6 + ["Z95"] * 3
    assert all(u["faction"] == "NEUTRAL" and u["system"] == "ord_mantell" for u in c["fp_units"].values())
    news = [e for e in events if e["kind"] == "campaign.flashpoint"]
    assert news[0]["to"] == ["all"] and news[0]["text"].startswith("Flashpoint at Ord Mantell: The Nebula Raiders' Convoy")
    assert [e["kind"] for e in events].count("roll") == 3 and all(e["to"] == ["all"] for e in events if e["kind"] == "roll")
    for seat in ("al", "bo"):
        assert cm.ledger(c, seat)["flashpoints"][0]["standing"] == 9


def test_flash_01_the_neutral_force_fights_whoever_comes_and_pays_by_damage() -> None:
    """TOTE-FLASH-01 / TOTE-GAP-31: a flashpoint's force puts its world in conflict with a faction that
    arrives (it never takes the world); the battle is fought with the force as a seat of its own; the
    damage each faction deals it is noted; when the force is destroyed the flashpoint closes and its
    4000 KC are split by damage (income) and public."""
    state = game()
    c = state["campaign"]
    fp = flashpoint_at(state, "corellia")
    for u in c["units"].values():
        if u["faction"] == "al" and not u.get("pdf"):
            u["system"] = "corellia"
            u["space"] = None
    cp.start_turn(c)
    state["turn"] = c["turn"]
    assert c["status"]["corellia"]["in_conflict"] and c["planets"]["corellia"]["owner"] != "NEUTRAL"
    events = campaign_flow.battles(state)
    for _day in range(3):  # the day's posting order decides who posts first (TOTE-GAP-02); within days they fight
        if any(e["kind"] == "tote.hit" for e in events):
            break
        cp.start_turn(c)
        state["turn"] = c["turn"]
        events = campaign_flow.battles(state)
    assert any(e["kind"] == "tote.combat" and "the neutral forces" in e["text"] for e in events)
    dealt = c["flashpoints"][0]["damage"].get("al", 0)
    assert dealt > 0 and set(c["flashpoints"][0]["damage"]) == {"al"}
    assert not any(u.get("hero_ucr") for u in c["units"].values())
    fallen = [u for u in fp["force"] if c["fp_units"][u]["destroyed"]]
    deeds = [d for d in c["deeds"] if d["type"] == "destroy"]
    assert len(deeds) == len(fallen) and all(d["flashpoint"] and d["faction"] == "al" for d in deeds)
    for uid in fp["force"]:
        c["fp_units"][uid]["destroyed"] = True
    c["flashpoints"][0]["damage"] = {"al": 300, "bo": 100}
    treasury = dict(c["treasury"])
    events = cm.flashpoint_step(c, Dice.from_state({"seed": "y", "n": 0}))
    assert c["flashpoints"][0]["closed"]
    assert (c["treasury"]["al"] - treasury["al"], c["treasury"]["bo"] - treasury["bo"]) == (3000, 1000)
    assert events[0]["to"] == ["all"] and events[0]["text"] == "The Nebula Raiders' Convoy is over: al 3000 KC, bo 1000 KC"
    assert cm.neutral_at(c, "corellia") == set()


def test_flash_02_a_flashpoint_offers_an_epic_mission_and_a_mission_triggers_one() -> None:
    """TOTE-FLASH-02: the warlord's last stand offers The Black Fleet to the faction that dealt the most
    damage (told to it alone); The Black Fleet completed makes The Black Fleet Awakens erupt where its
    climax was, and gives 2 dreadnaughts."""
    state = game()
    c = state["campaign"]
    flashpoint_at(state, "corellia", "warlord_remnant")
    for uid in c["flashpoints"][0]["force"]:
        c["fp_units"][uid]["destroyed"] = True
    c["flashpoints"][0]["damage"] = {"al": 10, "bo": 90}
    events = cm.flashpoint_step(c, Dice.from_state({"seed": "y", "n": 0}))
    offer = [e for e in events if "epic mission" in e["text"]]
    assert offer[0]["to"] == ["bo"] and c["offers"] == [{"mission": "the_black_fleet", "faction": "bo"}]
    assert "the_black_fleet" in cm.offered(c, "bo", hero(state, "NR-HERO"))
    order(state, "bo", "mission NR-HERO the_black_fleet")
    c["deeds"] += [{"type": "scan", "faction": "bo", "system": "kuat", "first": True},
                   {"type": "scan", "faction": "bo", "system": "corellia", "first": False},
                   {"type": "visit", "faction": "bo", "system": "kuat", "hero": "NR-HERO"},
                   {"type": "visit", "faction": "bo", "system": "anaxes", "hero": "NR-HERO"}]
    cm.turn_start(state)
    awake = c["flashpoints"][-1]
    assert (awake["flashpoint"], awake["system"]) == ("black_fleet_awakens", "anaxes")
    assert sorted(c["units"][u]["type"] for u in ("NR-M1", "NR-M2")) == ["DREAD", "DREAD"]
    assert c["notoriety"]["bo"] == 3


def test_mission_03_squads_landed_in_a_battle_are_a_deliver_deed() -> None:
    """TOTE-MISSION-03 deeds from a battle: infantry squads a seat lands (``tote.land``) count as a
    ``deliver`` deed at that world with its owner; a vehicle stack does not."""
    state = game()
    c = state["campaign"]
    battle = {"units": {"GE-9-T1": model.new_stack("GE-9-T1", "INF", "al", "G-2/surface", 12),
                        "GE-9-T2": model.new_stack("GE-9-T2", "ATAT", "al", "G-2/surface", 2)}}
    events = [{"kind": "tote.land", "data": {"unit": "GE-9-T1"}}, {"kind": "tote.land", "data": {"unit": "GE-9-T2"}}]
    cm.after_battle(c, "mon_calamari", battle, events)
    assert c["deeds"] == [{"type": "deliver", "faction": "al", "system": "mon_calamari", "count": 12, "owner": "bo"}]


def test_flash_01_the_neutral_force_stands_its_ground() -> None:
    """TOTE-FLASH-01: a flashpoint's force does not leave its world: a unit of it that withdrew in the
    battle is back in the fight the next day, so the flashpoint stays open until its force is destroyed."""
    state = game()
    c = state["campaign"]
    fp = flashpoint_at(state, "corellia")
    uid = fp["force"][0]
    battle = {"units": {uid: dict(c["fp_units"][uid], withdrawn=True, space=None)}}
    cm.after_battle(c, "corellia", battle, [])
    assert (c["fp_units"][uid]["withdrawn"], c["fp_units"][uid]["space"]) == (False, "C-1")
    assert cm.neutral_at(c, "corellia") == {"NEUTRAL"}


def test_flash_01_a_scan_at_the_flashpoint_shows_its_force() -> None:
    """TOTE-FLASH-01 / TOTE-SCAN-02: an active scan of a world with a flashpoint reports its neutral
    force as contacts (owner NEUTRAL) in the seat's snapshot and knowledge, and in no one else's."""
    state = game()
    c = state["campaign"]
    fp = flashpoint_at(state, "coruscant")
    order(state, "al", "scan GE-1 active")
    cp.start_turn(c)
    snap = c["snapshots"][-1]
    assert snap["faction"] == "al" and sorted(x["id"] for x in snap["contacts"] if x["owner"] == "NEUTRAL") == sorted(fp["force"])
    assert len(fp["force"]) == 9  # 6 CORV and 3 Z-95 in the C-Ring of quadrant 1, covered from GE-1's C-1
    row = cp.view(c, "al")["knowledge"]["systems"]["coruscant"]
    assert any(x["owner"] == "NEUTRAL" for x in row["contacts"])
    assert not any(x.get("owner") == "NEUTRAL" for x in cp.view(c, "bo")["knowledge"]["systems"]["coruscant"]["contacts"])
