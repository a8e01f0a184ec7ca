"""Heroes in the campaign (issue 18; TOTE-HERO-01..05, TOTE-EX-37, TOTE-GAP-30, TOTE-DATA-09): the galaxy
orders upgrade, train and transfer; the Heroes' abilities where the campaign computes what they name;
the seat's ledger and roster, its secrets, the bots. Missions and flashpoints:
test_tote_campaign_missions.py."""
from __future__ import annotations

import pytest
from campaign_hero_helpers import (
    SEATS,
    end_day,
    flashpoint_at,
    game,
    hero,
    order,
    unchanged_on_refusal,
)

from core.rulesets.tote import TwilightOfTheEmpire
from core.rulesets.tote.campaign import battle as campaign_battle
from core.rulesets.tote.campaign import book, sensors
from core.rulesets.tote.campaign import flow as campaign_flow
from core.rulesets.tote.campaign import heroes as ch
from core.rulesets.tote.campaign import state as cp
from core.rulesets.tote.rules import damage, model

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
    assert events[0]["to"] == ["seat:al", "gm"] and ": +1 CP to the command limit" in events[0]["text"]
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
    assert events[0]["text"] == "Ysanne Isard begins training at Coruscant for 5000 KC; ready at day 15"
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
    assert any(e["text"] == "Ysanne Isard completes training at Coruscant" and e["to"] == ["seat:al", "gm"] for e in events)
    assert c["trainings"] == []
    unchanged_on_refusal(state, "al", "train jedi Kyle Katarn", "only 1 extra, 2 in all")


def test_hero_01_transfer_aboard_another_ship_and_refusals() -> None:
    """TOTE-HERO-01 / TOTE-GAP-30: a Hero goes aboard another ship or facility of its faction in its
    system; it then travels with that ship. A ship elsewhere, another's ship or a dead Hero is refused."""
    state = game()
    order(state, "al", "transfer GE-HERO GE-8")
    assert hero(state, "GE-HERO")["host"] == "GE-8"
    order(state, "al", "transfer GE-HERO GE-FCC")
    assert ch.where(state["campaign"], hero(state, "GE-HERO")) == ("coruscant", "G-1/surface")
    unchanged_on_refusal(state, "al", "transfer GE-HERO NR-2", "not a standing ship or facility of yours")
    order(state, "al", "transfer GE-HERO GE-8")
    order(state, "al", "jump GE-1 corellia")
    unchanged_on_refusal(state, "al", "transfer GE-HERO GE-1", "not at coruscant")


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
    order(state, "al", "jump GE-8 balmorra")
    assert (c["units"]["GE-8"]["transit"]["hours"], c["units"]["GE-8"]["transit"]["arrive_turn"]) == (36, 3)


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
    order(state, "al", "scan GE-8 active")
    assert c["scans"][-1]["due"] == c["scans"][-1]["hour"] + 24 and "cover_from" not in c["scans"][-1]
    c["units"]["NR-1"].update(system="coruscant", space="G-1/air")
    snaps, _running, _ev = sensors.complete_scans(c["scans"], scan["hour"] + 24, c["units"], {})
    by = {s["scanner"]: s for s in snaps}
    assert "NR-1" in [x["id"] for x in by["GE-1"]["contacts"]] and "NR-1" not in [x["id"] for x in by["GE-8"]["contacts"]]


def test_data_09_reveal_destinations_to_the_spymasters_seat_alone() -> None:
    """TOTE-DATA-09 reveal_destinations: a Spymaster at level 2 sees the destination of the first
    other faction's departure each day (its seat alone, in its Hero roster as agents' reports); the
    second that day is not revealed."""
    state = game()
    c = state["campaign"]
    c["heroes"][1] = {**c["heroes"][1], "class": "spymaster", "level": 2}
    events = order(state, "al", "jump GE-1 corellia")
    intel = [e for e in events if e["kind"] == "campaign.intel"]
    assert intel[0]["to"] == ["seat:bo", "gm"]
    assert intel[0]["text"] == "Our agents report: the fleet of Galactic Empire that left Coruscant is bound for Corellia, arriving day 2."
    assert not [e for e in order(state, "al", "jump GE-8 anaxes") if e["kind"] == "campaign.intel"]
    assert [r["to"] for r in c["intel"]["bo"]] == ["corellia"] and c["intel"]["al"] == []
    rows = {r["title"]: r["rows"] for r in TwilightOfTheEmpire().view(state, "bo")["rosters"]}["Your Hero"]
    assert rows[-1] == "agents: Galactic Empire fleet from Coruscant bound for Corellia, arriving day 2"
    assert cp.ledger(c, "al")["intel"] == []


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
        if u["faction"] == "bo" and not u.get("pdf") and not u.get("rgf"):  # the RGF stays at its post
            u.update(system="coruscant", space=None if u.get("carried_by") else "DSZ-2")
    rs = TwilightOfTheEmpire()
    battle = campaign_battle.battle_state(rs, c, "coruscant", ["al", "bo"], state["dice"], {})
    units = battle["units"]
    ge1, ge2 = units["GE-1"], units["GE-11"]
    assert ge1["space"] == ge2["space"] == "C-1" and ge1["hero_ucr"] == 1 and ge2["hero_ucr"] == 1
    assert "hero_ucr" not in units["GE-20"]  # the TIE Avenger squadron is no capital ship
    assert damage.unit_ucr(ge1, model.spec(ge1)) == 3 + 1 and battle["hero_cp"] == {"al": 1}
    from core.rulesets.tote.battle import flow
    battle["post"]["acting"] = []
    assert flow.cp_problem(battle, "al") == ""
    c["heroes"][1] = {**c["heroes"][1], "class": "jedi", "level": 5}
    battle = campaign_battle.battle_state(rs, c, "coruscant", ["al", "bo"], state["dice"], {})
    ucr = {u["type"]: u.get("hero_ucr") for u in battle["units"].values() if u["faction"] == "bo" and u.get("space")}
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
    flashpoint_at(state, "corellia")
    rs = TwilightOfTheEmpire()
    v = rs.view(state, "al")
    rosters = {r["title"]: r["rows"] for r in v["rosters"]}
    assert rosters["Your Hero"] == ["GE-HERO Admiral Natasi Daala (admiral, level 1) aboard GE-1 at Coruscant"]
    rows = rosters["Missions and flashpoints"]
    assert rows[0] == ("Fleet Review (GE-HERO): milestone 1 of 2, 0 done toward: visit systems that are no stronghold: 3; "
                       "reward 2500 KC, notoriety +1")
    assert rows[1] == "  left: destroy capital ships: 2"
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
    flashpoint_at(state, "anaxes")
    texts = rs.bot(rs.view(state, "al"), "al")
    assert any(t.startswith("jump ") and t.endswith(" anaxes") for t in texts)
    book.check_sheet(state, "al", texts)


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


def test_hero_04_a_bot_whose_hero_fell_trains_another() -> None:
    """TOTE-HERO-04: a bot whose only Hero has fallen trains another of its class, with a name not the
    fallen one's, when 5000 KC are left after its builds; with less it waits."""
    state = game()
    c = state["campaign"]
    c["heroes"][0] = {**c["heroes"][0], "dead": True, "died_hour": 0, "host": None}
    rs = TwilightOfTheEmpire()
    assert not any(t.startswith("train") for t in rs.bot(rs.view(state, "al"), "al"))
    c["treasury"]["al"] = 5000 + 10 ** 5
    texts = rs.bot(rs.view(state, "al"), "al")
    assert "train admiral Gilad Pellaeon" in texts and not any(t.startswith(("mission", "upgrade")) for t in texts)
    book.check_sheet(state, "al", texts)

