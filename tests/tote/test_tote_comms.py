"""Communications and information networks (catalog 1.22 COMMS, 4.6 TOTE-GAP-39)."""
from __future__ import annotations

from typing import Any

import pytest

from core.errors import OrderError
from core.rulesets.tote.campaign import comms, sensors
from core.rulesets.tote.rules import model

Rec = dict[str, Any]

#: A small table of fastest trips in hours (the galaxy module gives the real one).
HOURS = {frozenset(("Kuat", "Coruscant")): 24, frozenset(("Kuat", "Mon Calamari")): 30,
         frozenset(("Kuat", "Nal Hutta")): 13, frozenset(("Kuat", "Kuat")): 0}


def route(a: str, b: str) -> int:
    return HOURS[frozenset((a, b))]


def unit(uid: str, code: str, faction: str, space: str | None = "C-1", system: str | None = "Kuat") -> Rec:
    u = model.new_unit(uid, code, faction, space)
    u["system"], u["transit"] = system, None
    return u


WHERE = {"GE": "Coruscant", "NR": "Mon Calamari", "HS": "Nal Hutta"}


def test_comms_01_a_capital_ship_message_travels_at_its_own_hyperspeed() -> None:
    """TOTE-COMMS-01, TOTE-GAP-39: a message from a class-2 Star Destroyer over a 24-h route takes
    48 h; from a class-1 Victory, 24 h. Sent on turn 2 (hour 24) it is read on turn 4 (hour 72)
    or turn 3 (hour 48)."""
    isd, vsd = unit("GE-1", "ISD", "GE"), unit("GE-2", "VSD", "GE")
    (m,) = comms.ship_message(isd, {"GE": "Coruscant"}, 24, route, "hold Kuat", "m1")
    assert m["arrives"] == 72 and m["deliver"] == 72 and m["kind"] == "ship" and m["to"] == ["GE"]
    (m,) = comms.ship_message(vsd, {"GE": "Coruscant"}, 24, route, "hold Kuat", "m2")
    assert m["arrives"] == 48 and m["deliver"] == 48


def test_comms_01_only_a_capital_ship_with_a_hyperdrive_sends_at_its_speed() -> None:
    """TOTE-COMMS-01: a starfighter, a platform or a ship in hyperspace cannot send a ship's message."""
    with pytest.raises(OrderError, match="not a capital ship"):
        comms.ship_message(unit("NR-1", "XWING", "NR"), {"NR": "Mon Calamari"}, 0, route, "x", "m")
    with pytest.raises(OrderError, match="not a capital ship"):
        comms.ship_message(unit("NR-2", "OMEGA", "NR"), {"NR": "Mon Calamari"}, 0, route, "x", "m")
    moving = unit("GE-1", "ISD", "GE", None, None)
    moving["transit"] = {"from": "Kuat", "to": "Coruscant", "depart_hour": 0, "arrive_hour": 48}
    with pytest.raises(OrderError, match="hyperspace"):
        comms.ship_message(moving, {"GE": "Coruscant"}, 0, route, "x", "m")
    with pytest.raises(OrderError, match="recipient"):
        comms.ship_message(unit("GE-1", "ISD", "GE"), {}, 0, route, "x", "m")


def test_comms_01_a_message_arrives_between_turns_is_read_at_the_next_turn_start() -> None:
    """TOTE-GAP-39: delivery at the first turn start at or after arrival: 13 h at class 2 is 26 h,
    sent at hour 0 it arrives at hour 26 and is read at hour 48; with 12-hour turns at hour 36."""
    isd = unit("GE-1", "ISD", "GE")
    (m,) = comms.ship_message(isd, {"HS": "Nal Hutta"}, 0, route, "truce?", "m")
    assert (m["arrives"], m["deliver"]) == (26, 48)
    (m,) = comms.ship_message(isd, {"HS": "Nal Hutta"}, 0, route, "truce?", "m", hours_per_turn=12)
    assert m["deliver"] == 36
    assert comms.delivered([m], "HS", 35) == [] and comms.delivered([m], "HS", 36) == [m]
    assert comms.delivered([m], "NR", 1000) == [] and comms.delivered([m], "gm", 0) == [m]


def test_comms_02_general_messages_and_distress_calls_galaxy_wide_at_twice_speed() -> None:
    """TOTE-COMMS-02, TOTE-GAP-39: a distress call from an Omega platform at Kuat reaches every
    other faction at half the trip time rounded up: GE 24 h -> 12, NR 30 h -> 15, HS 13 h -> 7."""
    msgs = comms.general_message("IND", "Kuat", {**WHERE, "IND": "Kuat"}, 0, route, "Mayday at Kuat", "d1",
                                 kind="distress")
    got = {m["to"][0]: (m["arrives"] - m["sent"], m["deliver"]) for m in msgs}
    assert got == {"GE": (12, 24), "NR": (15, 24), "HS": (7, 24)}
    assert all(m["kind"] == "distress" for m in msgs)
    assert [comms.general_hours(h) for h in (0, 1, 6, 12, 13, 36)] == [0, 1, 3, 6, 7, 18]
    with pytest.raises(ValueError, match="'general' or 'distress'"):
        comms.general_message("IND", "Kuat", WHERE, 0, route, "x", "d", kind="ship")


def test_comms_03_construction_orders_are_news_at_twice_speed() -> None:
    """TOTE-COMMS-03: every construction order becomes news to every other faction, from the
    building system at twice hyperspace speed; the builder is not sent its own news, and the news
    holds no treasury."""
    news = comms.construction_news("GE", "Kuat", "ISD", 2, {**WHERE, "GE": "Kuat"}, 48, route, "n1")
    assert {m["to"][0]: m["deliver"] for m in news} == {"NR": 72, "HS": 72}
    assert {m["to"][0]: m["arrives"] for m in news} == {"NR": 63, "HS": 55}
    assert news[0]["payload"] == {"builder": "GE", "system": "Kuat", "type": "ISD", "count": 2}
    assert "Imperial" in news[0]["text"] and "KC" not in news[0]["text"]


def test_comms_04_news_and_notices_carry_no_exact_location() -> None:
    """TOTE-COMMS-04: exact locations come only from scanning: no notice or news names a grid space."""
    isd, raf = unit("GE-1", "ISD", "GE", "B-2"), unit("NR-1", "RAF", "NR", "A-3")
    records = [comms.combat_notice(isd, raf, "Kuat", 120, 24), comms.departure_notice([isd], "Kuat", 24),
               *comms.construction_news("GE", "Kuat", "ISD", 1, WHERE, 0, route, "n")]
    for r in records:
        assert "B-2" not in str(r) and "A-3" not in str(r) and "space" not in r


def test_comms_05_combat_actions_are_public() -> None:
    """TOTE-COMMS-05, TOTE-FLOW-07: every faction learns the attacker's and target's class and owner,
    the system and the damage dealt, at once."""
    n = comms.combat_notice(unit("GE-1", "ISD", "GE"), unit("NR-1", "RAF", "NR"), "Kuat", 286, 24)
    assert n["attacker"] == {"owner": "GE", "type": "ISD"} and n["target"] == {"owner": "NR", "type": "RAF"}
    assert n["damage"] == 286 and n["system"] == "Kuat" and n["hour"] == 24
    assert all(sensors.visible_to(n, f) for f in ("GE", "NR", "HS", "ORC", "gm"))


def test_comms_05_gap_39_a_departure_gives_owner_origin_and_ships_never_destination() -> None:
    """TOTE-COMMS-05, TOTE-GAP-39: a departure notice reports owner, origin and the number of
    capital ships (escorts not counted), never the destination or the time left."""
    fleet = [unit("GE-1", "ISD", "GE"), unit("GE-2", "VSD", "GE"), unit("GE-3", "LAMBDA", "GE")]
    for u in fleet:
        u["transit"] = {"from": "Kuat", "to": "Mon Calamari", "depart_hour": 24, "arrive_hour": 84}
    n = comms.departure_notice(fleet, "Kuat", 24)
    assert (n["owner"], n["origin"], n["ships"]) == ("GE", "Kuat", 2)
    assert "Mon Calamari" not in str(n) and "84" not in str(n) and "arrive" not in str(n)
    assert n["text"] == "GE fleet of 2 capital ships departed Kuat"
    with pytest.raises(ValueError, match="one owner"):
        comms.departure_notice([], "Kuat", 0)


def test_comms_02_a_distress_call_comes_from_a_space_facility() -> None:
    """TOTE-COMMS-02: a Golan-type platform under attack at Kuat calls galaxy-wide: GE (24 h away)
    hears it 12 h later, at the next turn start; a capital ship cannot send a distress call."""
    omega = unit("IND-1", "OMEGA", "IND")
    msgs = comms.distress_call(omega, {"IND": "Kuat", "GE": "Coruscant", "HS": "Nal Hutta"}, 30, route, "d")
    assert [(m["to"], m["kind"], m["arrives"], m["deliver"]) for m in msgs] == [
        (["GE"], "distress", 42, 48), (["HS"], "distress", 37, 48)]
    assert msgs[0]["text"].startswith("Distress call from an ") and "of IND at Kuat" in msgs[0]["text"]
    with pytest.raises(OrderError, match="platforms"):
        comms.distress_call(unit("GE-1", "ISD", "GE"), WHERE, 0, route, "d")
