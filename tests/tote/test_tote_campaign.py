"""The campaign (issue 18): ten factions on the galaxy, jumps through hyperspace, arrivals, conflict
and occupation, Action Day income, each faction's view through its knowledge only, the invariants,
the bots, and a golden 30-day bot campaign per viewer (``tests/tote/golden/campaign-30.json``;
regenerate with ``pytest --update-goldens`` after an intended change and read the diff)."""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

import pytest
from golden_files import check_golden

from core.errors import OrderError
from core.rulesets.tote.campaign import book, worlds
from core.rulesets.tote.campaign import state as cp
from core.rulesets.tote.rules import clock as clk
from core.rulesets.tote.rules import model
from core.rulesets.tote.rules.galaxy import galaxy
from core.rulesets.tote.rules.model import FACTIONS

SEATS = [(f.lower(), f) for f in FACTIONS]
GOLDEN = Path(__file__).resolve().parent / "golden" / "campaign-30.json"


def fresh() -> cp.Campaign:
    return cp.new_campaign(SEATS)


def test_start_ten_factions_at_their_strongholds() -> None:
    """TOTE-FACTION-01..10 / TOTE-DATA-05: every faction's ready fleet stands at its first
    stronghold, every world belongs to the seat of its start owner, treasuries hold day 1's Action Day income."""
    c = fresh()
    assert set(c["seats"]) == {s for s, _f in SEATS}
    assert c["strongholds"]["hs"] == ["nal_hutta", "nar_shaddaa"]
    assert c["planets"]["coruscant"]["owner"] == "ge" and c["planets"]["tatooine"]["owner"] == "ind"
    ge = [u for u in c["units"].values() if u["faction"] == "ge"]
    assert ge and all(u["system"] == "coruscant" and u["transit"] is None for u in ge)
    facilities = list(c["facilities"].values())
    assert [f["type"] for f in facilities if f["faction"] == "ge"] == ["FCC", "PALACE"] and c["facility_kc"]["ge"] == 2000
    assert c["treasury"]["ge"] == clk.action_day_income(galaxy(), "ge", 1, c["units"], facilities)[0] > 1000
    with pytest.raises(OrderError, match="each faction once"):
        cp.new_campaign([("a", "GE"), ("b", "GE")])


def capital_of(c: cp.Campaign, seat: str) -> str:
    """The first of ``seat``'s capital ships (it has a hyperdrive)."""
    return next(u["id"] for u in c["units"].values() if u["faction"] == seat and model.is_capital(u)
                and model.spec(u).hyperdrive is not None)


def test_gap_07_jump_departs_now_and_arrives_at_a_turn_start_with_no_movement_points() -> None:
    """TOTE-GAP-07 / TOTE-MAP-06 / TOTE-HYPER-02: a jump leaves now; the ship arrives at the start of
    turn d + ceil(T/24) and is marked ``arrived_turn`` (0 MP in that day's battle post)."""
    c = fresh()
    uid = capital_of(c, "ge")
    cp.jump(c, "ge", [uid], "Corellia")
    u = c["units"][uid]
    assert u["system"] is None and u["transit"]["to"] == "corellia"
    due = u["transit"]["arrive_turn"]
    assert due == 1 + -(-u["transit"]["hours"] // 24)
    while c["turn"] < due:
        assert c["units"][uid]["transit"] is not None
        cp.start_turn(c)
    assert c["units"][uid]["system"] == "corellia" and c["units"][uid]["arrived_turn"] == due


def test_jump_refusals_name_what_is_wrong() -> None:
    """Bad jump orders are refused with the reason and change nothing."""
    c = fresh()
    uid = capital_of(c, "ge")
    other = capital_of(c, "nr")
    before = json.dumps(c, sort_keys=True)
    with pytest.raises(OrderError, match="not a unit of yours"):
        cp.jump(c, "ge", [other], "corellia")
    with pytest.raises(OrderError):
        cp.jump(c, "ge", [uid], "Nowhere Prime")
    with pytest.raises(OrderError, match="already"):
        cp.jump(c, "ge", [uid], "coruscant")
    assert json.dumps(c, sort_keys=True) == before
    cp.jump(c, "ge", [uid], "corellia")
    with pytest.raises(OrderError, match="hyperspace already"):
        cp.jump(c, "ge", [uid], "kuat")


def test_comms_05_others_hear_the_departure_never_the_destination() -> None:
    """TOTE-COMMS-05 / TOTE-GAP-39 (catalog 5.5): another faction's view shows that GE left
    Coruscant with its capital ships, never where to, nor the ships in hyperspace; GE's own ledger
    lists the arrival."""
    c = fresh()
    uid = capital_of(c, "ge")
    cp.jump(c, "ge", [uid], "corellia")
    nr = cp.view(c, "nr")
    text = json.dumps(nr)
    assert nr["knowledge"]["departures"] and nr["knowledge"]["departures"][0]["origin"] == "coruscant"
    assert "corellia\"" not in json.dumps(nr["knowledge"]["departures"]) and uid not in text
    ge = cp.view(c, "ge")
    assert [f["to"] for f in ge["ledger"]["arrivals"]] == ["corellia"]


def test_views_hide_other_treasuries_transits_and_fleets() -> None:
    """Catalog 5.5 leak test: changing another faction's treasury, the destination of its fleet in
    hyperspace or its units at an unscanned world does not change a faction's view at all."""
    c = fresh()
    cp.jump(c, "nr", [capital_of(c, "nr")], "corellia")
    seen = json.dumps(cp.view(c, "ge"), sort_keys=True)
    d = cp.snapshot(c)
    d["treasury"]["nr"] = 999_999
    for u in d["units"].values():
        if u["faction"] == "nr" and u["transit"]:
            u["transit"]["to"] = "kuat"
        elif u["faction"] == "ra":
            u["system"] = "hoth"
    assert json.dumps(cp.view(d, "ge"), sort_keys=True) == seen
    assert "999999" not in seen and '"treasury"' not in seen


def test_econ_01_action_day_income() -> None:
    """TOTE-ECON-01..03: on each Action Day (days 1 and 15 of the month) a faction is paid its base
    1000 KC plus what its units and worlds yield, exactly as :func:`clock.action_day_income` says."""
    c = fresh()
    while c["turn"] < 13:
        cp.start_turn(c)
    first = c["treasury"]["ge"]
    cp.start_turn(c)  # day 14: no income
    assert c["treasury"]["ge"] == first
    expected, _lines = clk.action_day_income(galaxy(), "ge", 15, c["units"], list(c["facilities"].values()), worlds.contested(c))
    cp.start_turn(c)
    assert c["turn"] == 15 and c["treasury"]["ge"] == first + expected and expected >= 1000


def test_conflict_01_hostile_fleets_put_a_world_in_conflict_and_a_lone_fleet_does_not_take_it() -> None:
    """TOTE-CONFLICT-01/04/06: GE's and NR's ships at one world put it in conflict (no income from
    it); ships alone at a world nobody holds do not take it: a ground facility built there claims it
    (tests/tote/test_tote_campaign_claims.py)."""
    c = fresh()
    for u in c["units"].values():
        if u["faction"] == "nr":
            u["system"] = "coruscant"
    cp.start_turn(c)
    assert "coruscant" in worlds.contested(c) and c["planets"]["coruscant"]["owner"] == "ge"
    for u in c["units"].values():
        if u["faction"] == "nr":
            u["system"] = "kuat"
    owner = c["planets"]["kuat"]["owner"]
    cp.start_turn(c)
    assert owner is None and c["planets"]["kuat"]["owner"] is None
    assert "kuat" in cp.ledger(c, "nr")["claimable"]


@lru_cache(maxsize=1)
def thirty_days() -> tuple[cp.Campaign, list[list[str]], list[dict]]:
    """Ten bot factions play the campaign scenario for 30 days (posts, battles, turn starts)."""
    from core.rulesets.tote import TwilightOfTheEmpire
    from core.rulesets.tote.campaign import flow as campaign_flow
    rs = TwilightOfTheEmpire()
    state = campaign_flow.new_state(SEATS, {}, "golden")
    problems, events = [], []
    while state["turn"] <= 30 and state["result"] is None:
        seat = state["active"]
        for text in rs.bot(rs.view(state, seat), seat):
            rs.submit(state, seat, text)
        before = cp.snapshot(state["campaign"])
        events += rs.resolve(state)
        problems.append(cp.invariants(before, state["campaign"]))
    return state["campaign"], problems, events


def digest(c: cp.Campaign, viewer: str) -> dict:
    v = cp.view(c, viewer)
    k = v["knowledge"]
    out = {"turn": v["turn"], "present": sorted(w for w, r in k["systems"].items() if r["status"] == "present"),
           "departures": len(k["departures"])}
    if viewer != "gm":
        out["ledger"] = {key: v["ledger"][key] for key in ("treasury_kc", "cp", "units", "worlds")}
        out["arrivals"] = [(f["to"], f["arrive_turn"]) for f in v["ledger"]["arrivals"]]
    else:
        out["treasury"] = v["treasury"]
        out["contested"] = worlds.contested(c)
    return out


def test_golden_ten_faction_bot_campaign_thirty_days() -> None:
    """A 30-day bot campaign of all ten factions keeps the invariants every day (units conserved,
    no negative treasury, nothing both in a system and in hyperspace), the bots expand and go for
    Coruscant, the worlds in conflict fight their battles on the grid, and each viewer's picture on day 31 is pinned in the golden file."""
    c, problems, events = thirty_days()
    assert c["turn"] == 31 and not any(problems), [p for p in problems if p]
    assert any(e["kind"] == "tote.hit" for e in events), "no battle was fought in 30 days"
    held = {s: [w for w, p in c["planets"].items() if p["owner"] == s] for s in c["seats"]}
    assert all(len(held[s]) >= 2 for s in c["seats"]), held
    pictures = {viewer: digest(c, viewer) for viewer in [*c["seats"], "gm"]}
    text = json.dumps(pictures, indent=1, sort_keys=True, default=list)
    check_golden(GOLDEN, text + "\n")


def _conformance():
    """The generic conformance checks (tests/test_conformance.py), loaded by path."""
    import importlib.util
    path = Path(__file__).resolve().parents[1] / "test_conformance.py"
    spec = importlib.util.spec_from_file_location("tote_campaign_conformance", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.mark.parametrize("bots", [True, False])
def test_campaign_scenario_keeps_the_contract(bots: bool) -> None:
    """The ``campaign`` scenario through a Session: JSON round trips, only the poster has legal
    orders, invariants and real viewers at every step, and no change to another faction's hidden
    treasury or fleet destination changes a view (catalog 5.5), with bots and with random orders."""
    import random

    from core.events import GM as gm
    from core.session import Session
    conf = _conformance()
    session = Session.new("tote", [("al", "GE"), ("bo", "NR"), ("cy", "HS")], scenario="campaign", seed="conf")
    conf.Watch(session, f"campaign bots={bots}")
    if bots:
        for name in session.seats():
            session.set_bot(gm, name, True, run_bots=name == session.seats()[-1])
    rng = random.Random(7)
    for step in range(12):
        conf.check_step(session, f"campaign step {step}")
        if not bots:
            conf.random_orders(session, rng)
        session.resolve(gm)
    assert session.state["turn"] >= 4
    assert any(e["kind"] == "tote.departed" for e in session.record["log"])


def test_campaign_orders_refused_with_reasons() -> None:
    """On the galaxy, a jump of ships not one's own, to an unknown world, or a battle order is refused
    with what would be right; a good jump goes on the sheet in canonical form."""
    from core.errors import HolotableError
    from core.session import Session
    session = Session.new("tote", [("al", "GE"), ("bo", "NR")], scenario="campaign", seed="ref")
    seat = session.awaiting().pop()
    mine = "GE" if seat == "al" else "NR"
    theirs = "NR" if mine == "GE" else "GE"
    with pytest.raises(HolotableError, match="ship"):
        session.order(seat, seat, f"jump {theirs}-1 corellia")
    with pytest.raises(HolotableError, match="world"):
        session.order(seat, seat, f"jump {mine}-1 Nowhere")
    with pytest.raises(HolotableError):
        session.order(seat, seat, f"move {mine}-1 B-1")
    session.order(seat, seat, f"jump {mine}-1 Mon Calamari" if mine == "GE" else f"jump {mine}-1 coruscant")
    assert session.state["sheets"][seat][-1]["text"] in (f"jump {mine}-1 mon_calamari", f"jump {mine}-1 coruscant")


def two_fleets_at(world: str) -> tuple[object, dict]:
    """A GE/NR campaign game with NR's ready fleet moved to ``world`` beside GE's, conflict noted."""
    from core.rulesets.tote import TwilightOfTheEmpire
    from core.rulesets.tote.campaign import flow as campaign_flow
    state = campaign_flow.new_state([("al", "GE"), ("bo", "NR")], {}, "battle")
    for u in state["campaign"]["units"].values():
        if not u.get("rgf"):  # a Reserve Guard Force stays at its post (TOTE-RGF-02)
            u["system"] = world
    cp.start_turn(state["campaign"])
    state["turn"] = state["campaign"]["turn"]
    return TwilightOfTheEmpire(), state


def test_conflict_01_a_world_in_conflict_fights_its_battle_on_the_grid() -> None:
    """TOTE-CONFLICT-01 / TOTE-GAP-02 / TOTE-HYPER-03: GE's and NR's fleets at Coruscant fight a
    battle day on the grid when the day's posts are done: GE (the holder) set up in the C-Ring, NR
    (arriving at a hostile world) in a Deep Space Zone; damage stays on the campaign units; both
    sides read the battle, everyone else only the public combat notice."""
    from core.rulesets.tote.campaign import flow as campaign_flow
    rs, state = two_fleets_at("coruscant")
    assert worlds.contested(state["campaign"]) == ["coruscant"]
    events = campaign_flow.battles(state)
    units = state["campaign"]["units"].values()
    assert {u["space"].split("-")[0] for u in units if u["faction"] == "al" and u["space"] and not u.get("pdf")
            and not u.get("rgf")} == {"C"}  # its ground forces stand in their facility (TOTE-RGF-01)
    assert {u["space"].split("-")[0] for u in units if u["faction"] == "bo" and u["space"] and not u.get("rgf")} <= {"DSZ", "C", "B", "A"}
    hits = [e for e in events if e["kind"] == "tote.hit"]
    assert hits and all(set(e["to"]) == {"seat:al", "seat:bo", "gm"} for e in hits)
    assert any(model.damage_state(u) != "ok" for u in units)
    notice = [e for e in events if e["kind"] == "tote.combat"]
    assert len(notice) == 1 and notice[0]["to"] == ["all"] and "Coruscant" in notice[0]["text"]
    assert state["campaign"]["notices"][-1]["kind"] == "combat"


def test_gap_49_no_battle_on_tatooine() -> None:
    """TOTE-GAP-49: Tatooine is an amnesty world: fleets in conflict there post their battle day, but
    no shot is fired and no unit is damaged (option ``tatooine_amnesty``, on by default; the
    refusal of a human's fire order is in test_tote_campaign_battles.py)."""
    from core.rulesets.tote.campaign import flow as campaign_flow
    _rs, state = two_fleets_at("tatooine")
    assert worlds.contested(state["campaign"]) == ["tatooine"]
    layers = lambda: {i: (u["shields"], u["armor"], u["hull"], u["destroyed"]) for i, u in state["campaign"]["units"].items()}  # noqa: E731
    before = layers()
    events = campaign_flow.battles(state)
    assert not [e for e in events if e["kind"] == "tote.hit"]
    assert layers() == before


def test_start_03_the_freelancer_starts_with_its_own_package() -> None:
    """TOTE-START-03 / TOTE-GAP-49: the Independent Freelancer's start is its package from the Hero
    data (two corvettes): exactly that is accepted, anything else refused naming the package."""
    from core.rulesets.tote.rules import stock
    from core.rulesets.tote.rules.heroes import freelancer_start
    package = {code: n for code, n in freelancer_start().units}
    assert stock.check_start("Freelancer", package) == []
    refused = stock.check_start("Freelancer", {"ISD": 1})
    assert [b.rule for b in refused] == ["TOTE-START-03"] and "CORV:2" in str(refused[0])


def test_scan_02_a_scan_completes_next_day_for_its_faction_alone() -> None:
    """TOTE-SCAN-01/02/04 (catalog 5.5): GE's ship at Coruscant, where NR's fleet has come out of
    hyperspace into a Deep Space Zone, declares an active scan; at the next turn start its snapshot
    lists what its sensors cover, for GE alone: NR's view has no such snapshot."""
    c = cp.new_campaign([("al", "GE"), ("bo", "NR")])
    for u in c["units"].values():
        if u["faction"] == "bo":
            u["system"] = "coruscant"
            worlds.place_arrival(c, u)
    ge = capital_of(c, "al")
    cp.scan(c, "al", ge)
    with pytest.raises(OrderError, match="scanning already"):
        cp.scan(c, "al", ge)
    with pytest.raises(OrderError, match="not a unit of yours"):
        cp.scan(c, "bo", ge)
    assert cp.view(c, "al")["knowledge"]["scans_running"]
    cp.start_turn(c)
    snap = c["snapshots"][-1]
    assert snap["faction"] == "al" and snap["hour"] == 24 and snap["system"] == "coruscant"
    covered = set(snap["covered"])
    assert {x["id"] for x in snap["contacts"]} == {u["id"] for u in c["units"].values()
                                                     if u["faction"] == "bo" and u["space"] in covered}
    assert "scan-" not in json.dumps(cp.view(c, "bo")["knowledge"])


def test_start_04_strongholds_start_with_their_defenses_and_bonus_units() -> None:
    """TOTE-START-04 / TOTE-STRONG-01 / TOTE-PDF-02 / TOTE-FACTION-01: every stronghold starts with
    the free space defenses (1 OMEGA, 3 GAMMA, 1 SIGMA) and its faction's bonus PDF units (the GE's
    SSD at Coruscant), free, and they stay to guard it (no jump for them)."""
    from core.rulesets.tote.campaign import flow as campaign_flow
    c = fresh()
    home = [u for u in c["units"].values() if u["faction"] == "ge" and u.get("pdf")]
    assert sorted(u["type"] for u in home) == ["GAMMA", "GAMMA", "GAMMA", "OMEGA", "SIGMA", "SSD"]
    assert all(u["system"] == "coruscant" and u["bonus"] for u in home)
    movers = {i for ids in campaign_flow.movers(c, "ge").values() for i in ids}
    assert movers and not movers & {u["id"] for u in home}
    sigma = next(u["id"] for u in home if u["type"] == "SIGMA")
    with pytest.raises(OrderError):
        book.check_sheet({"campaign": c}, "ge", [f"jump {sigma} kuat"])


def test_start_01_each_faction_has_a_hero_aboard_and_it_dies_with_its_host() -> None:
    """TOTE-START-01 / TOTE-HERO-01 / TOTE-GAP-30: each faction starts with its Hero aboard its first
    capital ship; only its own ledger shows it; when the host is destroyed in a battle the Hero dies
    and the news is public."""
    from core.rulesets.tote.campaign import flow as campaign_flow
    c = fresh()
    ge = next(h for h in c["heroes"] if h["faction"] == "ge")
    assert ge["class"] == "admiral" and c["units"][ge["host"]]["faction"] == "ge" and ge["level"] == 1
    assert [h["name"] for h in cp.ledger(c, "ge")["heroes"]] == [ge["name"]]
    assert ge["name"] not in json.dumps(cp.view(c, "nr"))
    _rs, state = two_fleets_at("coruscant")
    host = next(h for h in state["campaign"]["heroes"] if h["faction"] == "bo")["host"]
    state["campaign"]["units"][host]["destroyed"] = True
    events = campaign_flow.battles(state)
    dead = next(h for h in state["campaign"]["heroes"] if h["faction"] == "bo")
    assert dead["dead"] and any(e["kind"] == "tote.hero" and e["to"] == ["all"] for e in events)


def test_ledger_cp_committed_and_free_and_treasury_invariant() -> None:
    """The ledger: CP of units at worlds in conflict are committed, the rest free, the stronghold's
    free PDF in neither (TOTE-PDF-02); the invariants catch a treasury that falls with nothing bought."""
    _rs, state = two_fleets_at("kuat")
    c = state["campaign"]
    led = cp.ledger(c, "al")
    fleet = sum(model.cp(u) for u in c["units"].values() if u["faction"] == "al" and not u.get("bonus") and not u.get("attached_to"))
    assert led["cp_committed"] == fleet and led["cp_free"] == 0
    before = cp.snapshot(c)
    c["treasury"]["al"] -= 1
    assert any("treasury fell" in p for p in cp.invariants(before, c))


def test_comms_02_a_general_message_is_read_after_it_arrives() -> None:
    """TOTE-COMMS-02 / TOTE-GAP-39: a general message leaves from the sender's Hero system and each
    other faction reads it at the first turn start at or after its arrival (half the route-hours to
    its own Hero's system, rounded up); before that its view does not show it."""
    from core.rulesets.tote.campaign import comms
    c = cp.new_campaign([("al", "GE"), ("bo", "NR")])
    cp.message(c, "al", "Surrender Mon Calamari")
    msg = c["messages"][-1]
    hours = galaxy().hours_from(worlds.hero_system(c, "al"))[worlds.hero_system(c, "bo")]
    assert msg["to"] == ["bo"] and msg["arrives"] == comms.general_hours(hours)
    assert "Surrender" not in json.dumps(cp.view(c, "bo"))
    while c["hour"] < msg["deliver"]:
        cp.start_turn(c)
    assert [m["text"] for m in cp.view(c, "bo")["knowledge"]["news"]] == ["Surrender Mon Calamari"]
    with pytest.raises(OrderError, match="some words"):
        cp.message(c, "al", "  ")


def test_gap_34_build_a_shipyard_then_a_ship() -> None:
    """TOTE-START-02 / TOTE-GAP-34 / TOTE-CP-01 / TOTE-COMMS-03: a Shipyard is paid from the 2000 KC
    facility purse and stands after its build days; a ship needs a Shipyard of one's own at a world
    one holds (a Shipyard facility, or the world's Shipyard feature, revised GAP-34), is paid from the treasury and comes out after its CP in days; the news of each order
    goes to the other factions as a message; refusals say why and change nothing."""
    from core.rulesets.tote.rules.data import facility_types, unit_types
    c = cp.new_campaign([("al", "GE"), ("bo", "NR")])
    bare = next(w for w, p in galaxy().planets.items() if not p.enables("build_ships", galaxy().features) and not p.stronghold)
    c["planets"][bare]["owner"] = "al"  # a world of al's without the Shipyard feature (Coruscant has it: revised TOTE-GAP-34)
    with pytest.raises(OrderError, match="Shipyard"):
        cp.build(c, "al", "VSD", bare)
    with pytest.raises(OrderError, match="do not hold"):
        cp.build(c, "al", "YARD", "mon_calamari")
    with pytest.raises(OrderError, match="cannot build"):
        cp.build(c, "al", "MC80", "coruscant")
    treasury = c["treasury"]["al"]
    cp.build(c, "al", "YARD", "coruscant")
    assert c["facility_kc"]["al"] == 2000 - facility_types()["YARD"].cost_kc and c["treasury"]["al"] == treasury
    assert c["messages"][-1]["to"] == ["bo"] and c["messages"][-1]["kind"] == "construction"
    for _ in range(facility_types()["YARD"].build_days):
        assert not any(f["type"] == "YARD" for f in c["facilities"].values())
        cp.start_turn(c)
    assert any(f["type"] == "YARD" and f["system"] == "coruscant" for f in c["facilities"].values())
    c["treasury"]["al"] = 10_000
    before = cp.snapshot(c)
    cp.build(c, "al", "VSD", "coruscant")
    assert c["treasury"]["al"] == 10_000 - unit_types()["VSD"].cost_kc and not cp.invariants(before, c)
    days = model.cp("VSD")
    for _ in range(days):
        assert not any(u["type"] == "VSD" and u["id"].startswith("GE-B") for u in c["units"].values())
        cp.start_turn(c)
    assert any(u["type"] == "VSD" and u["id"].startswith("GE-B") and u["system"] == "coruscant" for u in c["units"].values())
    c["treasury"]["al"] = 0
    with pytest.raises(OrderError, match="costs"):
        cp.build(c, "al", "VSD", "coruscant")


def test_a_world_without_ground_grids_fights_in_space_only() -> None:
    """TOTE-DATA-05 / TOTE-GAP-03: at a world with no ground grids (Sluis Van) the grid has no
    ground spaces, and the battle is fought there all the same."""
    from core.rulesets.tote.campaign import battle as campaign_battle
    from core.rulesets.tote.campaign import flow as campaign_flow
    rs, state = two_fleets_at("sluis_van")
    battle = campaign_battle.battle_state(rs, state["campaign"], "sluis_van", ["al", "bo"], state["dice"], {})
    assert battle["ground"] is False
    events = campaign_flow.battles(state)
    assert any(e["kind"] == "tote.hit" for e in events)
