"""The ground war of a tote battle: vehicles and airspeeders put down by landing craft and fighting
on the Surface and in the Air layer, troops re-embarking, and the Combat Fatigue clock over
several battle days (TOTE-G2G-01, S2A-01, A2A-01, GROUND-03, FATIGUE-01..04, TOTE-GAP-44)."""
from __future__ import annotations

from typing import Any

from core.rulesets.tote.battle import bot, flow, ground, strikes, views
from core.rulesets.tote.rules import model


def _landed_lambda(b: Any, vehicles: list[tuple[str, int]] | None = None) -> str:
    """IR-1's first Lambda, landed on G-1's Surface, with ``vehicles`` in its bay."""
    lam = next(c for c in b.unit("IR-1")["carried"] if b.unit(c)["type"] == "LAMBDA")
    b.unit("IR-1")["carried"].remove(lam)
    b.unit(lam).update(space="G-1/surface", carried_by=None)
    if vehicles is not None:
        b.unit(lam)["vehicles"] = [{"id": f"{lam}-{c}", "type": c, "count": n, "wounds": 0} for c, n in vehicles]
    b.place("IR-1", "B-1")
    b.place("GE-1", "C-3")
    b.state["initiative"] = ["ann", "ben"]
    return lam


def _setup(battle: Any, seed: str, **options: Any) -> Any:
    b = battle({"ann": ("IR", "ISD2:1"), "ben": ("GE", "STRK:1")}, seed=seed, craft=True, **options)
    b.state["units"]["GE-90"] = model.new_unit("GE-90", "FCC", "ben", "G-1/surface")
    return b


def test_g2g_01_the_complement_s_vehicles_ride_in_the_bay_and_landing_craft(battle) -> None:
    """TOTE-STOCK-01, TOTE-G2G-01, TOTE-BOARD-01: an ISD-II's GAVs (4 AT-AT, 6 AT-ST per its complement)
    ride at set-up in its Landing Barge (room 4 x 4 + 6 x 2 = 28 of 40), which takes no infantry; its
    Lambda's troop room (10) is filled by infantry, so no vehicle rides with it."""
    b = battle({"ann": ("IR", "ISD2:1"), "ben": ("GE", "STRK:1")}, seed="bay", craft=True)
    isd = b.unit("IR-1")
    barge = next(b.unit(c) for c in isd["carried"] if b.unit(c)["type"] == "BARGE")
    assert isd["vehicles"] == [] and barge["troops"] == []
    assert {v["type"]: v["count"] for v in barge["vehicles"]} == {"ATAT": 4, "ATST": 6}
    lam = next(b.unit(c) for c in isd["carried"] if b.unit(c)["type"] == "LAMBDA")
    assert lam["vehicles"] == [] and sum(t["count"] for t in lam["troops"]) == 10
    own = "\n".join(views.card(b.state, barge, True, "ann")["lines"])
    assert "In its bay: 4 ATAT, 6 ATST" in own, own
    assert "In its bay" not in "\n".join(views.card(b.state, barge, False, "ben")["lines"]), "hidden from others"


def test_g2g_01_s2a_01_a2a_01_land_puts_gavs_on_the_surface_and_airspeeders_in_the_air(battle) -> None:
    """TOTE-GROUND-03, TOTE-G2G-01, TOTE-S2A-01, TOTE-A2A-01: a landed Lambda carrying 1 AT-ST and
    1 T-47 puts its infantry and the AT-ST on G-1's Surface and the T-47 in G-1's Air layer; the
    T-47 and the AT-ST fire at a starfighter squadron in G-1 Air through strikes.strike (its exact
    preview), the infantry may not."""
    b = _setup(battle, "land-v")
    lam = _landed_lambda(b, [("ATST", 1), ("T47", 1)])
    events = b.post("ann", "hold IR-1", f"land {lam}")
    landed = [e["data"]["unit"] for e in events if e["kind"] == "tote.land"]
    assert landed == [f"{lam}-T1", f"{lam}-T2", f"{lam}-T3"], landed
    inf, atst, t47 = (b.unit(u) for u in landed)
    assert (inf["type"], inf["count"], inf["space"]) == ("INF", 10, "G-1/surface")
    assert (atst["type"], atst["count"], atst["space"]) == ("ATST", 1, "G-1/surface")
    assert (t47["type"], t47["count"], t47["space"]) == ("T47", 1, "G-1/air")
    assert b.unit(lam)["vehicles"] == [] and b.unit(lam)["troops"] == []
    b.state["units"]["GE-80"] = model.new_unit("GE-80", "Z95", "ben", "G-1/air")
    b.turn_to("ann")
    assert "only vehicles may" in b.refused("ann", f"fire {inf['id']} GE-80")
    target = b.unit("GE-80")
    want = strikes.strike_preview(t47, model.spec(t47), target, model.spec(target))
    b.order("ann", "hold IR-1")
    b.order("ann", f"fire {t47['id']} GE-80")
    b.order("ann", f"fire {atst['id']} GE-80")
    hits = {e["data"]["attacker"]: e["data"] for e in b.rs.resolve(b.state) if e["kind"] == "tote.hit"}
    assert hits[t47["id"]]["mode"] == want["mode"] == "direct"
    assert hits[t47["id"]]["ucr"] == want["ucr"] and hits[t47["id"]]["q_milli"] == want["q_milli"]
    assert hits[atst["id"]]["target"] == "GE-80" and hits[atst["id"]]["mode"] == "direct"


def test_embark_default_stacks_reboard_a_landed_ship_within_its_troop_room(battle) -> None:
    """DEFAULT (the text is silent; TOTE-FATIGUE-03 speaks of recalling units to their host ship):
    stacks of one's own on the grid where one's ship has landed go back aboard within its troop room
    (Lambda: 10; 10 INF fill it, so embarking all, the AT-ST too, is refused), keep their id, and come down again with
    the next ``land``; a ship not landed on that grid and a garrison are refused."""
    b = _setup(battle, "embark")
    lam = _landed_lambda(b, [("ATST", 1)])
    b.post("ann", "hold IR-1", f"land {lam}")
    inf, atst = f"{lam}-T1", f"{lam}-T2"
    b.turn_to("ann")
    assert "must be a ship of yours landed" in b.refused("ann", f"embark IR-1 {inf}")
    assert "troop room for 10" in b.refused("ann", f"embark {lam}")
    b.place("GE-1", "A-1")  # ben's sensors cover G-1's Surface from the A-Ring

    def ben_sees() -> set[str]:
        return {c["id"] for c in b.rs.view(b.state, "ben")["facts"]["contacts"]}

    assert inf in ben_sees()
    b.order("ann", "hold IR-1")
    b.order("ann", f"embark {lam} {inf}")
    events = b.rs.resolve(b.state)
    assert inf not in ben_sees(), "a stack aboard is never seen by another faction"
    assert [e["to"] for e in events if e["kind"] == "tote.embark"] == [["seat:ann"]]
    assert b.unit(inf)["space"] is None and b.unit(inf)["embarked_in"] == lam and b.unit(lam)["embarked"] == [inf]
    assert views.card(b.state, b.unit(inf), True, "ann")["space"] == f"aboard {lam}"
    b.turn_to("ann")
    b.order("ann", "hold IR-1")
    b.order("ann", f"land {lam}")
    b.rs.resolve(b.state)
    assert b.unit(inf)["space"] == "G-1/surface" and b.unit(inf)["count"] == 10 and b.unit(lam)["embarked"] == []
    b.state["units"]["IR-96"] = model.new_unit("IR-96", "FCC", "ann", "G-1/surface")
    b.state["units"]["IR-95"] = model.new_stack("IR-95", "STORM", "ann", "G-1/surface", 5, garrisoned_in="IR-96")
    b.turn_to("ann")
    assert "garrison stays at its post" in b.refused("ann", f"embark {lam} IR-95")


def _days(b: Any, n: int) -> list[dict[str, Any]]:
    """Play ``n`` battle days of holding posts; the events of them."""
    out: list[dict[str, Any]] = []
    end = int(b.state["turn"]) + n
    while int(b.state["turn"]) < end:
        seat = flow.active(b.state)
        out += b.post(seat, "hold IR-1" if seat == "ann" else "hold GE-1")
    return out


def test_fatigue_02_a_small_force_tires_after_14_battle_days_and_fights_at_minus_1(battle) -> None:
    """TOTE-FATIGUE-02, TOTE-GAP-44: 10 squads landed on day 1 on a grid with an enemy facility
    (an attacking force), their Lambda lifted off into G-1 Air: not fatigued on day 14, fatigued
    (-1 UCR on the preview of the same shot) from day 15, 14 days deployed; announced to all."""
    b = _setup(battle, "fatigue", auto_defense=False, day_limit=30)
    lam = _landed_lambda(b)
    b.post("ann", "hold IR-1", f"land {lam}")
    stack = f"{lam}-T1"
    b.unit(lam)["space"] = "G-1/air"  # its host is no longer landed (TOTE-FATIGUE-04 does not apply)
    b.post("ben", "hold GE-1")
    fac = b.unit("GE-90")
    fresh = strikes.strike_preview(b.unit(stack), model.spec(b.unit(stack)), fac, model.spec(fac))
    events = _days(b, 12)
    assert b.state["turn"] == 14 and ground.days_deployed(b.state, "ann", "G-1") == 13
    assert not b.unit(stack).get("fatigued")
    events = _days(b, 1)
    assert b.state["turn"] == 15 and ground.days_deployed(b.state, "ann", "G-1") == 14
    assert b.unit(stack)["fatigued"] is True
    assert any(e["kind"] == "tote.fatigue" and "14 days" in e["text"] and e["to"] == ["all"] for e in events)
    assert "Combat Fatigue: -1 UCR (TOTE-FATIGUE-01)" in views.card(b.state, b.unit(stack), False, "ben")["lines"]
    tired = strikes.strike_preview(b.unit(stack), model.spec(b.unit(stack)), fac, model.spec(fac))
    assert tired["ucr"][0] == fresh["ucr"][0] - 1, (fresh["ucr"], tired["ucr"])


def test_fatigue_01_04_a_capped_force_tires_after_7_days_unless_its_host_is_landed(battle) -> None:
    """TOTE-FATIGUE-01, TOTE-FATIGUE-04, TOTE-GAP-44, TOTE-EX-23: 5000 squads tire on day 8 (7 days)
    while their host is airborne, but not while it stays landed; 5001 squads are refused."""
    b = _setup(battle, "fatigue7", auto_defense=False, day_limit=30)
    lam = _landed_lambda(b)
    b.unit(lam)["troops"] = [{"id": f"{lam}-INF", "type": "INF", "count": 5001, "wounds": 0}]
    b.turn_to("ann")
    assert "at most 5000 infantry squads" in b.refused("ann", f"land {lam}")
    b.order("ann", "hold IR-1")
    b.order("ann", f"land {lam} 5000")
    b.rs.resolve(b.state)
    stack = f"{lam}-T1"
    assert b.unit(stack)["count"] == 5000
    b.post("ben", "hold GE-1")
    _days(b, 7)
    assert b.state["turn"] == 9 and ground.days_deployed(b.state, "ann", "G-1") == 8
    assert not b.unit(stack).get("fatigued"), "its host is landed: immune (TOTE-FATIGUE-04)"
    b.unit(lam)["space"] = "G-1/air"
    flow.new_turn(b.state)
    assert b.unit(stack)["fatigued"] is True


def test_fatigue_01_cap_refuses_a_landing_over_5000_squads(battle) -> None:
    """TOTE-FATIGUE-01, TOTE-GAP-44: a landing that would make an attacking force 5001 squads is
    refused when it is given, saying why, and nothing changes; with no enemy on the grid (not an
    attacking force) the cap does not apply."""
    b = _setup(battle, "cap")
    lam = _landed_lambda(b)
    b.unit(lam)["troops"] = [{"id": f"{lam}-INF", "type": "INF", "count": 5001, "wounds": 0}]
    b.turn_to("ann")
    msg = b.refused("ann", f"land {lam}")
    assert "at most 5000 infantry squads and 50 GAVs; 5001 squads and 0 GAVs is too many" in msg, msg
    assert b.unit(lam)["troops"][0]["count"] == 5001 and f"{lam}-T1" not in b.state["units"]
    del b.state["units"]["GE-90"]
    b.order("ann", f"land {lam}")
    assert ground.attacking(b.state, "ann", "G-1") is False


def test_fatigue_03_a_day_back_aboard_restarts_the_clock(battle) -> None:
    """TOTE-FATIGUE-03: the whole force embarks on day 3 (2 days deployed), waits aboard one day
    (24 h) and lands again on day 4: its clock starts again at 0; under 24 h aboard the clock
    would run on (strikes.fatigue_clock)."""
    b = _setup(battle, "recall", auto_defense=False, day_limit=30)
    lam = _landed_lambda(b)
    b.post("ann", "hold IR-1", f"land {lam}")
    stack = f"{lam}-T1"
    b.post("ben", "hold GE-1")
    _days(b, 1)
    assert b.state["turn"] == 3 and ground.days_deployed(b.state, "ann", "G-1") == 2
    b.post("ann", "hold IR-1", f"embark {lam}")
    assert ground.days_deployed(b.state, "ann", "G-1") == 0 and b.state["fatigue"]["ann"]["G-1"]["left"] == 3
    while not (b.state["turn"] == 4 and flow.active(b.state) == "ann"):
        seat = flow.active(b.state)
        b.post(seat, "hold IR-1" if seat == "ann" else "hold GE-1")
    b.post("ann", "hold IR-1", f"land {lam}")
    assert b.state["fatigue"]["ann"]["G-1"] == {"since": 4, "left": None}, "landed on day 4: the clock restarted"
    assert ground.days_deployed(b.state, "ann", "G-1") == int(b.state["turn"]) - 4
    assert ground.strikes.fatigue_clock(2, 23) == 2, "under 24 h aboard the clock runs on"


def test_bot_flies_its_troops_to_a_ground_objective_and_lands_them(battle) -> None:
    """TOTE-G2G-01 (the bot): a Lambda with troops in G-1 Air, an enemy command center on G-1's
    Surface: the bot flies it down; once it is on that Surface the bot orders ``land``; without a
    ground objective it gives no land order."""
    b = _setup(battle, "bot")
    lam = _landed_lambda(b)
    b.unit(lam)["space"] = "G-1/air"
    b.turn_to("ann")
    orders = bot.play(b.rs.view(b.state, "ann"), "ann")
    assert f"move {lam} G-1/surface" in orders, orders
    b.unit(lam)["space"] = "G-1/surface"
    orders = bot.play(b.rs.view(b.state, "ann"), "ann")
    assert f"land {lam}" in orders, orders
    del b.state["units"]["GE-90"]
    orders = bot.play(b.rs.view(b.state, "ann"), "ann")
    assert not any(o.startswith("land ") for o in orders), orders


def test_g2g_01_land_all_puts_the_whole_army_down_in_one_order(battle) -> None:
    """TOTE-G2G-01, TOTE-GAP-25 (issue 29.5): ``land all`` puts down everything aboard every ship of the
    seat's landed on a Surface (here a Lambda on G-1 and a Landing Barge on G-2), in one order; with no ship landed it
    is refused saying how to land, and a number of squads with ``all`` is refused; nothing changes."""
    b = _setup(battle, "land-all")
    b.state["initiative"] = ["ann", "ben"]
    b.turn_to("ann")
    assert "no ship of yours has landed" in b.refused("ann", "land all")
    first = _landed_lambda(b, [("ATST", 1)])
    second = next(c for c in b.unit("IR-1")["carried"] if b.unit(c)["type"] == "BARGE")  # 4 AT-AT, 6 AT-ST
    b.unit("IR-1")["carried"].remove(second)
    b.unit(second).update(space="G-2/surface", carried_by=None)
    aboard = sum(t["count"] for t in b.unit(first)["troops"])
    assert aboard, "the Lambda carries no infantry"
    b.turn_to("ann")
    assert "land <ship> 5" in b.refused("ann", "land all 5")
    events = b.post("ann", "hold IR-1", "land all")
    landed = [b.unit(e["data"]["unit"]) for e in events if e["kind"] == "tote.land"]
    where = sorted((u["type"], u["count"], u["space"]) for u in landed)
    assert where == sorted([("INF", aboard, "G-1/surface"), ("ATST", 1, "G-1/surface"),
                            ("ATAT", 4, "G-2/surface"), ("ATST", 6, "G-2/surface")]), where
    assert all(not b.unit(u)["troops"] and not b.unit(u)["vehicles"] for u in (first, second)), "something stayed aboard"


def test_fatigue_01_land_all_over_the_cap_lands_nothing(battle) -> None:
    """TOTE-FATIGUE-01, TOTE-GAP-44: a ``land all`` that would make the attacking force on a grid 5001
    squads is refused naming the grid and the cap, and no ship puts anything down."""
    b = _setup(battle, "land-all-cap")
    lam = _landed_lambda(b)
    b.unit(lam)["troops"] = [{"id": f"{lam}-INF", "type": "INF", "count": 5001, "wounds": 0}]
    b.turn_to("ann")
    msg = b.refused("ann", "land all")
    assert "G-1" in msg and "at most 5000 infantry squads" in msg, msg
    assert b.unit(lam)["troops"][0]["count"] == 5001, "a ship landed its troops though the order was refused"
