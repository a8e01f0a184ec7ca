"""A faction's knowledge of the galaxy: fog of war, staleness, transit and news (catalog 5.5,
TOTE-SCAN, TOTE-COMMS, TOTE-GAP-10/37/38/39). Hidden information is tested the owner's way:
change what a faction cannot see, and its knowledge stays the same."""
from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from core.rulesets.tote.campaign import comms, knowledge, sensors
from core.rulesets.tote.rules import model

Rec = dict[str, Any]
K = knowledge.knowledge


def unit(uid: str, code: str, faction: str, space: str | None, system: str | None) -> Rec:
    u = model.new_unit(uid, code, faction, space)
    u["system"], u["transit"] = system, None
    return u


def route(a: str, b: str) -> int:
    return 0 if a == b else 24


@pytest.fixture
def facts() -> Rec:
    """Day 2 (hour 24): GE holds Coruscant and Kuat, NR Mon Calamari, HS Nal Hutta; a GE Star
    Destroyer and an NR assault frigate face each other at Kuat; a GE Victory is in hyperspace."""
    us = [unit("GE-1", "ISD", "GE", "C-1", "Kuat"), unit("NR-1", "RAF", "NR", "B-2", "Kuat"),
          unit("NR-2", "MC80", "NR", "B-1", "Mon Calamari"), unit("HS-1", "DREAD", "HS", "C-3", "Nal Hutta"),
          unit("GE-2", "VSD", "GE", None, None)]
    us[-1]["transit"] = {"from": "Coruscant", "to": "Endor", "depart_hour": 24, "arrive_hour": 72}
    fac = {f"{o}-F": {"id": f"{o}-F", "type": "FCC", "faction": o, "system": s, "space": "G-1/surface", "destroyed": False}
           for o, s in (("GE", "Coruscant"), ("NR", "Mon Calamari"), ("HS", "Nal Hutta"))}
    f: Rec = {"hour": 24, "planets": {"Coruscant": {"owner": "GE"}, "Kuat": {"owner": "GE"},
                                      "Mon Calamari": {"owner": "NR"}, "Nal Hutta": {"owner": "HS"},
                                      "Endor": {"owner": None}},
              "strongholds": {"GE": ["Coruscant"], "NR": ["Mon Calamari"], "HS": ["Nal Hutta"]},
              "units": {u["id"]: u for u in us}, "facilities": fac, "scans": [], "snapshots": [], "sightings": [],
              "notices": [comms.departure_notice([us[-1]], "Coruscant", 24)], "messages": [], "visits": {},
              "treasury": {"GE": 3000, "NR": 2500, "HS": 4000}, "sheets": {"NR": ["move NR-1 B-1"]}}
    f["visits"] = knowledge.note_presence({}, f)
    return f


def same(facts: Rec, faction: str, change: Any) -> None:
    before = K(facts, faction)
    changed = copy.deepcopy(facts)
    change(changed)
    assert K(changed, faction) == before


def test_presence_own_units_and_the_public_map(facts: Rec) -> None:
    """A faction sees its own systems now and knows their owners; strongholds are public; a system
    it never reached is unknown."""
    ge = K(facts, "GE")
    assert ge["systems"]["Kuat"]["status"] == "present" and ge["systems"]["Kuat"]["own"] == ["GE-1"]
    assert ge["systems"]["Coruscant"]["own"] == ["GE-F"] and ge["systems"]["Kuat"]["age_hours"] == 0
    mc = ge["systems"]["Mon Calamari"]
    assert mc["status"] == "unknown" and mc["owner"] is None and mc["contacts"] == [] and mc["stronghold_of"] == ["NR"]
    assert ge["systems"]["Kuat"]["contacts"] == []  # NR-1 is there, but GE has not scanned (TOTE-COMMS-04)


def test_comms_04_hidden_units_treasuries_orders_and_scans_never_change_knowledge(facts: Rec) -> None:
    """TOTE-COMMS-04, catalog 5.5: what GE cannot see (an NR ship at Mon Calamari, the NR ship at
    Kuat it has not scanned, treasuries, order sheets, NR's scans, messages to others) does not
    change GE's knowledge."""
    changes = [
        lambda f: f["units"]["NR-2"].update(space="A-4", shields=1),
        lambda f: f["units"].pop("NR-2"),
        lambda f: f["units"]["NR-1"].update(space="A-2", hull=5),
        lambda f: f["units"].__setitem__("HS-9", unit("HS-9", "DREAD", "HS", "C-2", "Kuat")),
        lambda f: f["treasury"].update(NR=1, HS=99999),
        lambda f: f["sheets"].update(NR=["jump NR-1 Coruscant"]),
        lambda f: f["planets"]["Mon Calamari"].update(owner="HS"),
        lambda f: f["scans"].append(sensors.declare_scan(f["units"]["NR-2"], "active", 24, "nr-s")),
        lambda f: f["messages"].extend(comms.general_message("NR", "Mon Calamari", {"HS": "Nal Hutta"}, 0, route, "pact", "m")),
        lambda f: f["sightings"].append({"source": "emission", "system": "Kuat", "space": "B-2", "hour": 24, "to": ["HS"], "text": "x"}),
    ]
    for change in changes:
        same(facts, "GE", change)


def test_scan_04_a_scan_reveals_contacts_to_the_scanner_only(facts: Rec) -> None:
    """TOTE-SCAN-04/05: GE's active scan of Kuat (started hour 24) gives GE the NR frigate at hour
    48, with owner, type, space and damage; NR learns only where it was scanned from and by what;
    HS learns nothing."""
    scan = sensors.declare_scan(facts["units"]["GE-1"], "active", 24, "ge-s1")
    facts["scans"].append(scan)
    facts["sightings"].append(sensors.scanner_reveal(scan, facts["units"]["GE-1"], facts["units"], facts["facilities"]))
    assert K(facts, "GE")["scans_running"] == [scan]
    facts["hour"] = 48
    hs_without = K(facts, "HS")
    snaps, facts["scans"], _ = sensors.complete_scans(facts["scans"], 48, facts["units"], facts["facilities"],
                                                      {p: v["owner"] for p, v in facts["planets"].items()})
    facts["snapshots"] += snaps
    kuat = K(facts, "GE")["systems"]["Kuat"]
    (c,) = kuat["contacts"]
    assert (c["id"], c["owner"], c["type"], c["space"], c["hour"], c["source"]) == ("NR-1", "NR", "RAF", "B-2", 48, "scan")
    nr_kuat = K(facts, "NR")["systems"]["Kuat"]
    assert [(x["source"], x["space"], x["owner"], x["type"]) for x in nr_kuat["contacts"]] == [("scanner", "C-1", "GE", "ISD")]
    assert K(facts, "HS") == hs_without


def test_scan_snapshot_goes_stale_when_the_scanner_leaves(facts: Rec) -> None:
    """A snapshot is fresh in the turn it arrives and stale afterwards, with its age: GE scans Kuat,
    leaves; two days later Kuat is stale, 48 h old, showing the frigate where it was; the frigate
    moving after GE left changes nothing GE knows (no receiver there, TOTE-GAP-38)."""
    scan = sensors.declare_scan(facts["units"]["GE-1"], "active", 24, "ge-s1")
    facts["hour"] = 48
    snaps, _, _ = sensors.complete_scans([scan], 48, facts["units"], owners={"Kuat": "GE"})
    facts["snapshots"] += snaps
    ge1 = facts["units"]["GE-1"]
    ge1.update(system=None, space=None, transit={"from": "Kuat", "to": "Coruscant", "depart_hour": 48, "arrive_hour": 96})
    k = K(facts, "GE")["systems"]["Kuat"]
    assert k["status"] == "scanned" and k["age_hours"] == 0
    facts["hour"] = 96
    k = K(facts, "GE")["systems"]["Kuat"]
    assert (k["status"], k["age_hours"], k["seen_hour"], k["owner"]) == ("stale", 48, 48, "GE")
    assert [(c["id"], c["space"]) for c in k["contacts"]] == [("NR-1", "B-2")]
    nr1 = facts["units"]["NR-1"]
    assert sensors.emission({**nr1, "space": "A-2"}, "move", 96, facts["units"]) is None
    same(facts, "GE", lambda f: f["units"]["NR-1"].update(space="A-2"))
    same(facts, "GE", lambda f: f["planets"]["Kuat"].update(owner="NR"))


def test_scan_08_gap_38_an_emission_reaches_the_listener_without_its_owner(facts: Rec) -> None:
    """TOTE-SCAN-08/09, TOTE-GAP-37/38: the NR frigate moves at Kuat; GE, with a ship there, gets
    its space and class (no owner, no id); HS gets nothing."""
    nr1 = facts["units"]["NR-1"]
    nr1["space"] = "B-3"
    facts["sightings"].append(sensors.emission(nr1, "move", 24, facts["units"], facts["facilities"]))
    (c,) = K(facts, "GE")["systems"]["Kuat"]["contacts"]
    assert (c["source"], c["space"], c["type"], c["class"]) == ("emission", "B-3", "RAF", "capital")
    assert "owner" not in c and "id" not in c
    assert K(facts, "HS")["systems"]["Kuat"]["contacts"] == []


def test_comms_05_fleets_in_transit_known_only_by_departure(facts: Rec) -> None:
    """TOTE-COMMS-05, catalog 5.5: GE knows its Victory's destination and arrival; NR knows only
    that a GE fleet of 1 capital ship left Coruscant; changing where it goes changes nothing for NR."""
    own = K(facts, "GE")["own_in_transit"]
    assert own == [{"id": "GE-2", "type": "VSD", "aboard": False, "from": "Coruscant", "to": "Endor", "depart_hour": 24, "arrive_hour": 72}]
    (d,) = K(facts, "NR")["departures"]
    assert (d["owner"], d["origin"], d["ships"]) == ("GE", "Coruscant", 1)
    assert K(facts, "NR")["own_in_transit"] == [] and "Endor" not in json.dumps(K(facts, "NR")["departures"])
    assert K(facts, "GE")["departures"] == []
    same(facts, "NR", lambda f: f["units"]["GE-2"]["transit"].update(to="Mon Calamari", arrive_hour=48))


def test_comms_03_news_read_only_once_delivered(facts: Rec) -> None:
    """TOTE-COMMS-03, TOTE-GAP-39: GE's construction order at Kuat at hour 24 reaches NR 12 h later
    and is read at the turn start of hour 48, not before; HS reads its own copy; GE none."""
    facts["messages"] += comms.construction_news("GE", "Kuat", "ISD", 1, {"GE": "Coruscant", "NR": "Mon Calamari",
                                                                           "HS": "Nal Hutta"}, 24, route, "n1")
    assert K(facts, "NR")["news"] == []
    facts["hour"] = 48
    (n,) = K(facts, "NR")["news"]
    assert n["payload"]["type"] == "ISD" and n["deliver"] == 48
    assert len(K(facts, "HS")["news"]) == 1 and K(facts, "GE")["news"] == []


def test_comms_01_an_ally_learns_a_scan_by_message(facts: Rec) -> None:
    """TOTE-COMMS-01: GE shares its Kuat snapshot with IR by a Star Destroyer's message (24 h at
    class 2 = 48 h): IR sees the contacts only once it is delivered, marked via GE."""
    facts["hour"] = 48
    snaps, _, _ = sensors.complete_scans([sensors.declare_scan(facts["units"]["GE-1"], "active", 24, "s")], 48,
                                         facts["units"], owners={"Kuat": "GE"})
    facts["snapshots"] += snaps
    facts["messages"] += comms.ship_message(facts["units"]["GE-1"], {"IR": "Bastion"}, 48, route, "Kuat scan",
                                            "m1", payload={"snapshot": snaps[0]})
    facts["planets"]["Bastion"] = {"owner": "IR"}
    assert K(facts, "IR")["systems"]["Kuat"]["status"] == "unknown"
    facts["hour"] = 96
    k = K(facts, "IR")["systems"]["Kuat"]
    assert k["status"] == "stale" and k["age_hours"] == 48 and [c["id"] for c in k["contacts"]] == ["NR-1"]
    assert knowledge.snapshots_of(facts, "IR")[0]["via"] == "GE"


def test_gap_10_previously_scanned_sets_the_hyperspace_exit(facts: Rec) -> None:
    """TOTE-GAP-10, TOTE-HYPER-01/03: Kuat is friendly to GE, Mon Calamari hostile until GE has a
    unit there or scans it; with scan_memory_days 1 an old scan is forgotten."""
    assert knowledge.system_status(facts, "GE", "Kuat") == "friendly"
    assert knowledge.system_status(facts, "GE", "Mon Calamari") == "hostile"
    assert knowledge.system_status(facts, "NR", "Kuat") == "scanned"  # NR-1 is there now
    facts["snapshots"].append({"id": "s", "faction": "GE", "scanner": "GE-9", "system": "Mon Calamari", "space": "DSZ-1",
                               "started": 0, "hour": 24, "owner": "NR", "covered": [], "contacts": []})
    assert knowledge.system_status(facts, "GE", "Mon Calamari") == "scanned"
    facts["hour"], facts["options"] = 96, {"scan_memory_days": 1}
    assert knowledge.system_status(facts, "GE", "Mon Calamari") == "hostile"


def test_leak_no_faction_knows_an_unscanned_unit(facts: Rec) -> None:
    """Catalog 5.5: with no scans made, no faction's picture names another faction's unit, its
    treasury or its orders; the GM's names every unit."""
    for f in ("GE", "NR", "HS"):
        text = json.dumps(K(facts, f))
        others = [uid for uid, u in facts["units"].items() if u["faction"] != f]
        assert not any(f'"{uid}"' in text for uid in others), f
        assert "treasury" not in text and "move NR-1" not in text
    gm = json.dumps(K(facts, "gm"))
    assert all(f'"{uid}"' in gm for uid in facts["units"])


def test_report_lines_tell_what_is_known_and_how_old(facts: Rec) -> None:
    """TOTE-FLOW-04 (step 10): the private report lists known systems with status, owner and age,
    own fleets in hyperspace with their destination, and others' departures without theirs."""
    facts["hour"] = 72
    ge = knowledge.report_lines(K(facts, "GE"))
    assert ge[0] == "Intelligence of GE at hour 72 (day 4)"
    assert "Kuat: present, held by GE, now; ours: GE-1" in ge
    assert "In hyperspace: GE-2 Coruscant -> Endor, arrives hour 72" in ge
    facts["units"]["NR-1"].update(system=None, space=None,
                                  transit={"from": "Kuat", "to": "Endor", "depart_hour": 72, "arrive_hour": 96})
    nr = knowledge.report_lines(K(facts, "NR"))
    assert "Kuat: stale, held by GE, 2 days old" in nr
    assert "Hour 24: GE fleet of 1 capital ship departed Coruscant" in nr and not any("GE-2" in x for x in nr)


def test_gap_37_passive_results_arrive_at_the_listeners_next_post(facts: Rec) -> None:
    """TOTE-GAP-37: an emission in NR's post (post 7 of the game) reaches GE, which posted earlier
    that turn (post 5), at GE's next post (post 12), not before."""
    nr1 = facts["units"]["NR-1"]
    nr1["space"] = "B-3"
    s = sensors.emission(nr1, "move", 24, facts["units"], facts["facilities"])
    facts["sightings"].append({**s, "seq": 7})
    facts["post_seq"] = {"GE": 5, "NR": 7}
    assert K(facts, "GE")["systems"]["Kuat"]["contacts"] == []
    facts["post_seq"]["GE"], facts["hour"] = 12, 48
    assert [c["space"] for c in K(facts, "GE")["systems"]["Kuat"]["contacts"]] == ["B-3"]


def test_map_known_feeds_the_galaxy_map_only_what_is_known(facts: Rec) -> None:
    """Catalog 5.5: the map's ``known`` for GE holds its own worlds and fleets (ships: its Command
    Center at Coruscant is no fleet), the NR frigate its
    scan placed at Kuat, its Victory inbound to Endor (arriving turn 4 at hour 72), and nothing of
    Mon Calamari; it does not change when NR's hidden ship moves."""
    facts["hour"] = 48
    snaps, _, _ = sensors.complete_scans([sensors.declare_scan(facts["units"]["GE-1"], "active", 24, "s")], 48,
                                         facts["units"], owners={"Kuat": "GE"})
    facts["snapshots"] += snaps
    facts["notices"].append(comms.combat_notice(facts["units"]["GE-1"], facts["units"]["NR-1"], "Kuat", 50, 48))
    m = knowledge.map_known(K(facts, "GE"))
    assert m["enemies"] == {"Kuat": {"NR": 1}} and m["fleets"] == {"Kuat": 1}
    assert m["current"] == ["Coruscant", "Kuat"] and "Mon Calamari" not in m["owners"] and m["battles"] == ["Kuat"]
    assert m["inbound"] == [{"to": "Endor", "arrive_turn": 4, "ships": 1}] and m["seen"]["Kuat"] == 48
    before = knowledge.map_known(K(facts, "GE"))
    facts["units"]["NR-2"]["space"] = "DSZ-3"
    assert knowledge.map_known(K(facts, "GE")) == before
