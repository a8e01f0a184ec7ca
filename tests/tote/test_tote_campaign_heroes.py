"""Heroes, missions and flashpoints in the campaign (issue 18; TOTE-HERO-01..05, TOTE-EX-37,
TOTE-MISSION-01..03, TOTE-FLASH-01/02, TOTE-GAP-30/31, TOTE-DATA-09/10): the galaxy orders upgrade,
train, mission and transfer; the Heroes' abilities where the campaign computes what they name;
milestones advanced by the campaign's deeds and rewards paid; flashpoints rolled with the game's dice,
fought by a neutral force, closed and paid by damage; the seat's ledger and roster; the bots."""
from __future__ import annotations

import pytest

from core.dice import Dice
from core.errors import OrderError
from core.rulesets.tote import TwilightOfTheEmpire, campaign_battle, campaign_flow, campaign_heroes as ch
from core.rulesets.tote import campaign as cp
from core.rulesets.tote import campaign_missions as cm
from core.rulesets.tote import damage, model, sensors

SEATS = [("al", "GE"), ("bo", "NR")]


def game(seed: str = "heroes") -> dict:
    """A GE (al) / NR (bo) campaign game on day 1."""
    return campaign_flow.new_state(SEATS, {}, seed)


def end_day(state: dict) -> list:
    """Both seats post what is on their sheets; the next day begins."""
    events = []
    for _ in range(len(state["seats"])):
        events += campaign_flow.resolve_post(state)
    return events


def order(state: dict, seat: str, text: str) -> list:
    """Carry out a galaxy order now (as the post does)."""
    return campaign_flow.carry(state, seat, text)


def hero(state: dict, hid: str) -> dict:
    return next(h for h in state["campaign"]["heroes"] if h["id"] == hid)


def unchanged_on_refusal(state: dict, seat: str, text: str, match: str) -> None:
    before = cp.snapshot(state["campaign"])
    with pytest.raises(OrderError, match=match):
        order(state, seat, text)
    assert state["campaign"] == before


# ---- orders: upgrade, train, transfer --------------------------------------------------------

def test_hero_03_upgrade_costs_1000_kc_spent_and_gives_the_next_ability() -> None:
    """TOTE-HERO-03 / TOTE-GAP-30: upgrading a Hero costs 1000 KC from the treasury, counted as spent,
    and gives the ability of its new level; refusals change nothing."""
    state = game()
    c = state["campaign"]
    c["treasury"]["al"] = 2500
    events = order(state, "al", "upgrade GE-HERO")
    assert hero(state, "GE-HERO")["level"] == 2
    assert c["treasury"]["al"] == 1500 and c["spent"]["al"] == 1000
    assert events[0]["to"] == ["seat:al", "gm"] and "gains cp_bonus(+1)" in events[0]["text"]
    assert not cp.invariants(game()["campaign"] | {"treasury": {"al": 2500, "bo": 1500}}, c)
    unchanged_on_refusal(state, "al", "upgrade NR-HERO", "not a Hero of yours")
    c["treasury"]["al"] = 999
    unchanged_on_refusal(state, "al", "upgrade GE-HERO", "costs 1000 KC and the treasury holds 999 KC")
    c["treasury"]["al"] = 9000
    for _ in range(3):
        order(state, "al", "upgrade GE-HERO")
    assert hero(state, "GE-HERO")["level"] == 5 and c["treasury"]["al"] == 6000 and c["spent"]["al"] == 4000
    unchanged_on_refusal(state, "al", "upgrade GE-HERO", "level 5, the cap")


def test_hero_04_ex_37_train_a_second_hero_in_14_days_and_no_third() -> None:
    """TOTE-HERO-04 / TOTE-GAP-30 / TOTE-EX-37: the first Hero dies, the player trains a second at its
    Faction Command Center (5000 KC spent, ready day 15: it appears there at level 1); a third is
    refused, and a dead Hero's name cannot be rebuilt (TOTE-HERO-05)."""
    state = game()
    c = state["campaign"]
    c["treasury"]["al"] = 12000
    c["heroes"][0] = {**c["heroes"][0], "dead": True, "died_hour": 0, "host": None}
    unchanged_on_refusal(state, "al", "train admiral Admiral Natasi Daala", "dead and cannot be rebuilt")
    events = order(state, "al", "train spymaster Ysanne Isard")
    assert c["treasury"]["al"] == 7000 and c["spent"]["al"] == 5000
    assert events[0]["text"] == "Ysanne Isard begins training at coruscant for 5000 KC; ready at day 15"
    assert ch.ledger_trainings(c, "al") == [{"id": "GE-HERO2", "name": "Ysanne Isard", "class": "spymaster",
                                             "at": "coruscant", "ready_turn": 15}]
    unchanged_on_refusal(state, "al", "train jedi Kyle Katarn", "only 1 extra, 2 in all")
    while state["turn"] < 14:
        end_day(state)
    assert not any(h["id"] == "GE-HERO2" for h in c["heroes"])
    events = end_day(state)
    assert state["turn"] == 15
    new = hero(state, "GE-HERO2")
    assert (new["level"], new["host"], new["class"], new["dead"]) == (1, "GE-FCC", "spymaster", False)
    assert any(e["text"] == "Ysanne Isard completes training at coruscant" and e["to"] == ["seat:al", "gm"] for e in events)
    assert c["trainings"] == []
    unchanged_on_refusal(state, "al", "train jedi Kyle Katarn", "only 1 extra, 2 in all")


def test_hero_01_transfer_aboard_another_ship_and_refusals() -> None:
    """TOTE-HERO-01 / TOTE-GAP-30: a Hero goes aboard another ship or facility of its faction in its
    system; it then travels with that ship. A ship elsewhere, another's ship or a dead Hero is refused."""
    state = game()
    order(state, "al", "transfer GE-HERO GE-2")
    assert hero(state, "GE-HERO")["host"] == "GE-2"
    order(state, "al", "transfer GE-HERO GE-FCC")
    assert ch.where(state["campaign"], hero(state, "GE-HERO")) == ("coruscant", "G-1/surface")
    unchanged_on_refusal(state, "al", "transfer GE-HERO NR-2", "not a standing ship or facility of yours")
    order(state, "al", "transfer GE-HERO GE-2")
    order(state, "al", "jump GE-1 corellia")
    unchanged_on_refusal(state, "al", "transfer GE-HERO GE-1", "not at coruscant")


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
    assert events[0]["text"] == "Admiral Natasi Daala takes up the mission Fleet Review; first: visit non_stronghold x3"
    assert events[0]["to"] == ["seat:al", "gm"]
    unchanged_on_refusal(state, "al", "mission GE-HERO fleet_review", "only one mission may be active")
    led = c and cp.ledger(c, "al")["missions"]["mission"]
    assert led["left"] == ["visit non_stronghold x3", "destroy capital x2"] and led["done"] == []
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


def _flashpoint_at(state: dict, world: str, which: str = "pirate_convoy") -> dict:
    """Flashpoint ``which`` erupts, moved to ``world`` (a random one draws its own world)."""
    c = state["campaign"]
    fp = cm.missions.flashpoints()[2][which]
    cm._open(c, fp, None, Dice.from_state({"seed": "x", "n": 0}))
    rec = c["flashpoints"][-1]
    rec["system"] = world
    for uid in rec["force"]:
        c["fp_units"][uid]["system"] = world
    return rec


def test_flash_01_the_neutral_force_fights_whoever_comes_and_pays_by_damage() -> None:
    """TOTE-FLASH-01 / TOTE-GAP-31: a flashpoint's force puts its world in conflict with a faction that
    arrives (it never takes the world); the battle is fought with the force as a seat of its own; the
    damage each faction deals it is noted; when the force is destroyed the flashpoint closes and its
    4000 KC are split by damage (income) and public."""
    state = game()
    c = state["campaign"]
    fp = _flashpoint_at(state, "corellia")
    for u in c["units"].values():
        if u["faction"] == "al" and not u.get("pdf"):
            u["system"] = "corellia"
            u["space"] = None
    cp.start_turn(c)
    state["turn"] = c["turn"]
    assert c["status"]["corellia"]["in_conflict"] and c["planets"]["corellia"]["owner"] != "NEUTRAL"
    events = campaign_flow.battles(state)
    assert any(e["kind"] == "tote.combat" and "NEUTRAL" in e["text"] for e in events)
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
    _flashpoint_at(state, "corellia", "warlord_remnant")
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


# ---- abilities -----------------------------------------------------------------------------------

def test_data_09_income_bonus_on_action_days_only() -> None:
    """TOTE-DATA-09 income_bonus_kc: a Crime Lord at level 2 adds 250 KC on an Action Day (day 15),
    nothing on other days, on the seat's income line."""
    state = campaign_flow.new_state([("al", "GE"), ("hs", "HS")], {}, "inc")
    c = state["campaign"]
    order(state, "hs", "mission HS-HERO spice_run")
    c["treasury"]["hs"] += 1000
    order(state, "hs", "upgrade HS-HERO")
    c["turn"] = 13
    before = c["treasury"]["hs"]
    cp.start_turn(c)  # day 14: no income
    assert c["treasury"]["hs"] == before
    base = cp.clk.action_day_income(cp.galaxy(), "hs", 15, c["units"], list(c["facilities"].values()), [])[0]
    events = cp.start_turn(c)  # day 15
    assert c["treasury"]["hs"] == before + base + 250
    assert any(e["kind"] == "campaign.income" and "Durga the Hutt +250 KC" in e["text"] for e in events)


def test_data_09_hyper_time_pct_shortens_the_heros_jump() -> None:
    """TOTE-DATA-09 hyper_time_pct: a Freelancer at level 5 (-10% and -25%) makes its ship's jump 35%
    shorter, rounded up: Coruscant to Balmorra is 36 h for the ACC, 24 h with the Hero aboard, so it
    arrives on day 2 instead of day 3; a ship without the Hero flies 36 h."""
    state = game()
    c = state["campaign"]
    c["heroes"][0] = {**c["heroes"][0], "class": "freelancer", "level": 5}
    events = order(state, "al", "jump GE-1 balmorra")
    t = c["units"]["GE-1"]["transit"]
    assert (t["hours"], t["arrive_turn"]) == (24, 2) and "24 h in hyperspace" in events[0]["text"]
    order(state, "al", "jump GE-3 balmorra")
    assert (c["units"]["GE-3"]["transit"]["hours"], c["units"]["GE-3"]["transit"]["arrive_turn"]) == (36, 3)


def test_data_09_scan_time_and_range_of_a_spymaster_aboard() -> None:
    """TOTE-DATA-09 scan_time_hours / scan_range: a Spymaster's host scans in 18 h (level 1) and, at level
    3, covers as from one ring further in (from the C-Ring: as from the B-Ring, which reaches the
    ground, TOTE-GAP-37)."""
    state = game()
    c = state["campaign"]
    c["heroes"][0] = {**c["heroes"][0], "class": "spymaster", "level": 3}
    order(state, "al", "scan GE-1 active")
    scan = c["scans"][-1]
    assert scan["due"] == scan["hour"] + 18 and scan["cover_from"] == "B-1" and scan["space"] == "C-1"
    order(state, "al", "scan GE-3 active")
    assert c["scans"][-1]["due"] == c["scans"][-1]["hour"] + 24 and "cover_from" not in c["scans"][-1]
    c["units"]["NR-1"].update(system="coruscant", space="G-1/air")
    snaps, _running, _ev = sensors.complete_scans(c["scans"], scan["hour"] + 24, c["units"], {})
    by = {s["scanner"]: s for s in snaps}
    assert "NR-1" in [x["id"] for x in by["GE-1"]["contacts"]] and "NR-1" not in [x["id"] for x in by["GE-3"]["contacts"]]


def test_data_09_reveal_destinations_to_the_spymasters_seat_alone() -> None:
    """TOTE-DATA-09 reveal_destinations: a Spymaster at level 2 sees the destination of the first
    other faction's departure each day (its seat alone); the second that day is not revealed."""
    state = game()
    c = state["campaign"]
    c["heroes"][1] = {**c["heroes"][1], "class": "spymaster", "level": 2}
    events = order(state, "al", "jump GE-1 corellia")
    intel = [e for e in events if e["kind"] == "campaign.intel"]
    assert intel[0]["to"] == ["seat:bo", "gm"]
    assert intel[0]["text"] == "Our agents report: the fleet of GE that left coruscant is bound for corellia, arriving day 2."
    assert not [e for e in order(state, "al", "jump GE-3 anaxes") if e["kind"] == "campaign.intel"]
    assert [r["to"] for r in c["intel"]["bo"]] == ["corellia"] and c["intel"]["al"] == []


def test_data_09_battle_abilities_ucr_ground_damage_and_cp() -> None:
    """TOTE-DATA-09 in a battle at the Hero's world: an Admiral at level 3 gives +1 UCR to its faction's
    capital ships in its space (not to others elsewhere) and +1 CP to the battle's command limit (L2);
    a Jedi at level 5 gives +1 UCR to every ship of its faction there and +1 more to its starfighters
    in its space (L2); a General's ground_damage_pct
    (+10% at level 2) makes its ground stacks' raw damage 10% more, rounded down."""
    state = game()
    c = state["campaign"]
    c["heroes"][0] = {**c["heroes"][0], "level": 3}
    for u in c["units"].values():
        if u["faction"] == "bo" and not u.get("pdf"):
            u.update(system="coruscant", space="DSZ-2")
    rs = TwilightOfTheEmpire()
    battle = campaign_battle.battle_state(rs, c, "coruscant", ["al", "bo"], state["dice"], {})
    units = battle["units"]
    ge1, ge2 = units["GE-1"], units["GE-2"]
    assert ge1["space"] == ge2["space"] == "C-1" and ge1["hero_ucr"] == 1 and ge2["hero_ucr"] == 1
    assert "hero_ucr" not in units["GE-4"]  # the TIE Avenger squadron is no capital ship
    assert damage.unit_ucr(ge1, model.spec(ge1)) == 3 + 1 and battle["hero_cp"] == {"al": 1}
    from core.rulesets.tote import flow
    battle["post"]["acting"] = []
    assert flow.cp_problem(battle, "al") == ""
    c["heroes"][1] = {**c["heroes"][1], "class": "jedi", "level": 5}
    battle = campaign_battle.battle_state(rs, c, "coruscant", ["al", "bo"], state["dice"], {})
    ucr = {u["type"]: u.get("hero_ucr") for u in battle["units"].values() if u["faction"] == "bo"}
    assert ucr == {"CGUN": 1, "EWING": 2}  # L5 every ship +1; L2 starfighters in its space +1 more
    trooper = model.new_stack("T", "INF", "al", "G-1/surface", 10)
    boosted = dict(trooper, raw_bonus_pct=10)
    target = model.new_stack("U", "INF", "bo", "G-1/surface", 10)
    plain = damage.fire(trooper, model.spec(trooper), target, model.spec(target), model.spec(trooper).mounts)
    more = damage.fire(boosted, model.spec(boosted), target, model.spec(target), model.spec(trooper).mounts)
    raw = plain.events[0]["data"]["raw"]
    assert more.events[0]["data"]["raw"] == {p: v + v * 10 // 100 for p, v in raw.items()}


def test_data_09_repair_and_salvage_bonus_in_the_heros_system() -> None:
    """TOTE-DATA-09 repair_bonus_pct / salvage_bonus_pct: a General at level 4 makes 24 repair hours at its
    world worth 28 (+20%, rounded down); a Crime Lord at level 5 adds 10% + 25% to a 1000 KC salvage
    payout there (1350 KC); elsewhere nothing changes."""
    state = game()
    c = state["campaign"]
    c["heroes"][0] = {**c["heroes"][0], "class": "general", "level": 4}
    assert ch.repair_hours(c, "al", "coruscant", 24) == 28 and ch.repair_hours(c, "al", "corellia", 24) == 24
    c["heroes"][0] = {**c["heroes"][0], "class": "crimelord", "level": 5}
    assert ch.salvage_kc(c, "al", "coruscant", 1000) == 1350 and ch.salvage_kc(c, "bo", "coruscant", 1000) == 1000


# ---- ledger, view, secrets, bots -------------------------------------------------------------------

def test_ledger_and_roster_show_heroes_mission_and_flashpoints_to_their_seat_only() -> None:
    """The seat's ledger and its "Missions and flashpoints" roster: its Hero's level, abilities and
    where, its mission's milestones done and left, the open flashpoints; another seat's view does
    not change when that mission progresses or its Hero rises (catalog 5.5)."""
    state = game()
    c = state["campaign"]
    order(state, "al", "mission GE-HERO fleet_review")
    _flashpoint_at(state, "corellia")
    rs = TwilightOfTheEmpire()
    v = rs.view(state, "al")
    rosters = {r["title"]: r["rows"] for r in v["rosters"]}
    assert rosters["Your Hero"] == ["GE-HERO Admiral Natasi Daala (admiral, level 1) aboard GE-1 at coruscant: "
                                    "ucr_bonus(capitals_same_grid,+0)"]
    rows = rosters["Missions and flashpoints"]
    assert rows[0] == "Fleet Review (GE-HERO): milestone 1 of 2, 0 toward visit non_stronghold x3; reward 2500 KC, notoriety +1"
    assert rows[1] == "  left: destroy capital x2"
    assert rows[-1] == "flashpoint The Nebula Raiders' Convoy at Corellia: 9 standing, payout 4000 KC by damage (yours 0)"
    other = rs.view(state, "bo")
    c["runs"][0]["progress"] = 2
    c["heroes"][0]["level"] = 3
    c["notoriety"]["al"] = 4
    assert rs.view(state, "bo") == other
    assert "Missions and flashpoints" in {r["title"] for r in other["rosters"]}


def test_orders_through_the_session_are_queued_and_refused_with_reasons() -> None:
    """The galaxy orders upgrade, train, mission and transfer are in the order book with completion;
    one that cannot be carried out is refused when queued, naming why."""
    from core.errors import HolotableError
    from core.session import Session
    session = Session.new("tote", SEATS, scenario="campaign", seed="orders")
    seat = session.awaiting().pop()
    mine = "GE" if seat == "al" else "NR"
    session.order(seat, seat, f"mission {mine}-HERO fleet_review")
    assert session.state["sheets"][seat][-1]["text"] == f"mission {mine}-HERO fleet_review"
    with pytest.raises(HolotableError, match="only one mission"):
        session.order(seat, seat, f"mission {mine}-HERO fleet_review")
    with pytest.raises(HolotableError, match="treasury holds"):
        session.order(seat, seat, f"train jedi Kyle Katarn")
    rs = TwilightOfTheEmpire()
    ctx = rs.context(session.state, seat)
    assert f"upgrade {mine}-HERO" in rs.order_book().complete("upgrade ", ctx)


def test_bots_take_up_missions_upgrade_when_rich_and_go_to_a_near_flashpoint() -> None:
    """The campaign bot: its Hero takes up its class's mission when it has none; it upgrades with 3000 KC
    or more left after its builds; a fleet leaving a world within 24 route-hours of an open flashpoint
    goes there instead."""
    state = game()
    c = state["campaign"]
    rs = TwilightOfTheEmpire()
    texts = rs.bot(rs.view(state, "al"), "al")
    assert "mission GE-HERO fleet_review" in texts and not any(t.startswith("upgrade") for t in texts)
    order(state, "al", "mission GE-HERO fleet_review")
    c["treasury"]["al"] = 3000 + 10 ** 5
    texts = rs.bot(rs.view(state, "al"), "al")
    assert "upgrade GE-HERO" in texts and not any(t.startswith("mission") for t in texts)
    _flashpoint_at(state, "anaxes")
    texts = rs.bot(rs.view(state, "al"), "al")
    assert any(t.startswith("jump ") and t.endswith(" anaxes") for t in texts)
    campaign_flow.check_sheet(state, "al", texts)


def test_other_seats_missions_trainings_intel_and_notoriety_are_hidden_changes() -> None:
    """Catalog 5.5: another seat's mission under way, Hero in training, agents' intel, epic offers and
    notoriety are in the ruleset's hidden_changes, and changing any of them leaves this seat's view as
    it was."""
    import copy
    state = game()
    c = state["campaign"]
    c["treasury"]["bo"] = 9000
    order(state, "bo", "mission NR-HERO fleet_review")
    order(state, "bo", "train jedi Kyle Katarn")
    c["heroes"][1] = {**c["heroes"][1], "class": "spymaster", "level": 2}
    order(state, "al", "jump GE-1 corellia")
    c["offers"].append({"mission": "the_black_fleet", "faction": "bo"})
    c["notoriety"]["bo"] = 2
    rs = TwilightOfTheEmpire()
    changes = dict(rs.hidden_changes(state, "al"))
    for what in ("bo's mission", "bo's Hero in training", "what bo's agents saw", "an epic mission offered to bo",
                 "bo's notoriety"):
        assert what in changes, sorted(changes)
        trial = copy.deepcopy(state)
        changes[what](trial)
        assert trial["campaign"] != state["campaign"] and rs.view(trial, "al") == rs.view(state, "al"), what


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
    fp = _flashpoint_at(state, "corellia")
    uid = fp["force"][0]
    battle = {"units": {uid: dict(c["fp_units"][uid], withdrawn=True, space=None)}}
    cm.after_battle(c, "corellia", battle, [])
    assert (c["fp_units"][uid]["withdrawn"], c["fp_units"][uid]["space"]) == (False, "C-1")
    assert cm.neutral_at(c, "corellia") == {"NEUTRAL"}
