"""Logistics in the campaign (issue 18): the Fleet Reserve Force, repairs and recharging at each
turn start, scrapping and salvage, and surrender, played as galaxy orders
(:mod:`core.rulesets.tote.campaign_logistics`)."""
from __future__ import annotations

import pytest

from core.errors import OrderError
from core.rulesets.tote.campaign import flow as campaign_flow
from core.rulesets.tote.campaign import knowledge, worlds
from core.rulesets.tote.campaign import logistics as lg
from core.rulesets.tote.campaign import state as cp
from core.rulesets.tote.rules import model
from core.rulesets.tote.rules.data import unit_types

SEATS = [("al", "GE"), ("bo", "NR")]


def fresh() -> cp.Campaign:
    """GE (al) at Coruscant (Shipyard, Heavy Industry) with GE-1 ACC (the Hero's), GE-8 STRK,
    GE-11 ESC and GE-20 TIEAV; NR (bo) at Mon Calamari."""
    return cp.new_campaign(SEATS)


def add(c: cp.Campaign, uid: str, code: str, seat: str, world: str, **flags: object) -> dict:
    u = model.new_unit(uid, code, seat, "C-1")
    u.update(system=world, transit=None, **flags)
    c["units"][uid] = u
    return u


def day(c: cp.Campaign, n: int) -> None:
    """Set the campaign to the start of day ``n``."""
    c["turn"], c["hour"] = n, 24 * (n - 1)


def test_res_04_gap_47_sent_from_the_stronghold_at_once_off_the_map() -> None:
    """TOTE-RES-04 / TOTE-GAP-47 / TOTE-RES-05: a ship at its stronghold goes to the reserve at once;
    it is in no system (not present, not scanned, not in the battle), listed in its owner's ledger
    with its CP and no longer counted in the active CP; the event is its owner's alone."""
    c = fresh()
    before = cp.ledger(c, "al")
    events = lg.send(c, "al", ["GE-8"])
    u = c["units"]["GE-8"]
    assert u["reserve"] and u["system"] is None and u["space"] is None and u["transit"] is None
    assert events[0]["to"] == ["al"] and "GE-8 mothballed" in events[0]["text"] and "18 CP of room" in events[0]["text"]
    led = cp.ledger(c, "al")
    assert led["reserve"] == [{"unit": "GE-8", "type": "STRK", "cp": 5, "arrives_day": None, "to": None, "dsz": None}]
    assert led["reserve_cp"] == 5 and led["cp"] == before["cp"] - 5 and led["units"] == before["units"] - 1
    assert "GE-8" not in knowledge.knowledge(worlds.facts(c), "gm")["systems"]["coruscant"].get("units", [])
    assert worlds.present(c, "coruscant") == {"al"}
    assert "GE-8" not in campaign_flow.movers(c, "al")["coruscant"]
    assert cp.invariants(fresh(), c) == []
    with pytest.raises(OrderError, match="mothballed"):
        cp.jump(c, "al", ["GE-8"], "kuat")


def test_gap_47_refusals_say_why_and_change_nothing() -> None:
    """TOTE-GAP-47 / TOTE-RES-01: not from a stronghold, not in conflict, not beyond 23 CP in
    the reserve, not the stronghold's PDF; nothing changes. (The Hero's ship may go: the Hero goes
    ashore, test_res_04_the_hero_s_ship_goes_to_the_reserve_and_the_hero_ashore.)"""
    c = fresh()
    add(c, "GE-B1", "VSD", "al", "kuat")
    add(c, "GE-B2", "ISD", "al", "coruscant")
    add(c, "GE-B3", "ISD", "al", "coruscant")
    snap = cp.snapshot(c)
    with pytest.raises(OrderError, match="not at your stronghold"):
        lg.send(c, "al", ["GE-B1"])
    with pytest.raises(OrderError, match="Space PDF"):
        lg.send(c, "al", ["GE-26"])
    with pytest.raises(OrderError, match="TOTE-RES-01"):
        lg.send(c, "al", ["GE-B2", "GE-B3", "GE-8"])  # 2 x 10 CP + 5 CP > 23 CP
    with pytest.raises(OrderError, match="not a unit of yours"):
        lg.send(c, "al", ["NR-1"])
    assert c == snap
    c["status"]["coruscant"] = {**c["status"].get("coruscant", {}), "in_conflict": True}
    with pytest.raises(OrderError, match="in combat"):
        lg.send(c, "al", ["GE-8"])


def test_res_03_ex_34_activation_ordered_day_10_appears_day_13_in_the_chosen_dsz() -> None:
    """TOTE-RES-03 / TOTE-EX-34 / TOTE-FLOW-04 step 3: activating on day 10 brings the unit into
    the chosen DSZ of the stronghold at the start of day 13, not before; the ledger shows the day."""
    c = fresh()
    lg.send(c, "al", ["GE-8"])
    day(c, 10)
    events = lg.activate(c, "al", "GE-8", "coruscant", "3")
    assert "start of day 13" in events[0]["text"] and events[0]["to"] == ["al"]
    assert cp.ledger(c, "al")["reserve"][0]["arrives_day"] == 13
    assert cp.ledger(c, "al")["reserve_cp"] == 0  # a unit being activated no longer counts
    cp.start_turn(c)
    cp.start_turn(c)
    assert c["turn"] == 12 and c["units"]["GE-8"]["reserve"]
    out = cp.start_turn(c)
    u = c["units"]["GE-8"]
    assert c["turn"] == 13 and not u["reserve"] and u["system"] == "coruscant" and u["space"] == "DSZ-3"
    assert (u["pdf"], u["unassigned"]) == (False, False)  # the main fleet: the Hero is at Coruscant and it has room
    line = [e for e in out if e["kind"] == "campaign.reserve"]
    assert line and line[0]["to"] == ["al"] and "arrives from the Fleet Reserve Force at Coruscant DSZ-3" in line[0]["text"]
    assert c["activations"] == []


def test_res_03_activation_refusals() -> None:
    """TOTE-RES-03: only a reserve unit, not twice, to a stronghold of one's own, a quadrant 1-4."""
    c = fresh()
    with pytest.raises(OrderError, match="not in the Fleet Reserve Force"):
        lg.activate(c, "al", "GE-8", "coruscant")
    lg.send(c, "al", ["GE-8"])
    with pytest.raises(OrderError, match="not one of your strongholds"):
        lg.activate(c, "al", "GE-8", "mon_calamari")
    with pytest.raises(OrderError, match="quadrant"):
        lg.activate(c, "al", "GE-8", "coruscant", "5")
    lg.activate(c, "al", "GE-8", "coruscant")
    assert c["activations"][0]["space"] == "DSZ-1"  # al's own quadrant by default
    with pytest.raises(OrderError, match="already being activated"):
        lg.activate(c, "al", "GE-8", "coruscant")


def test_res_02_exchange_checks_the_23_cp_as_a_whole() -> None:
    """TOTE-RES-02 / TOTE-RES-01: with 20 CP in the reserve a 5-CP ship cannot be sent, but it can be
    exchanged for a 10-CP reserve unit (15 CP after), which arrives at the same stronghold."""
    c = fresh()
    add(c, "GE-B2", "ISD", "al", "coruscant", built=True)
    add(c, "GE-B3", "ISD", "al", "coruscant", built=True)
    lg.send(c, "al", ["GE-B2", "GE-B3"])
    with pytest.raises(OrderError, match="TOTE-RES-01"):
        lg.send(c, "al", ["GE-8"])
    events = lg.exchange(c, "al", "GE-8", "GE-B2", "2")
    assert c["units"]["GE-8"]["reserve"] and c["units"]["GE-B2"]["activating"]
    assert lg.reserve_cp(c, "al") == 15
    assert "GE-B2 comes out of it to Coruscant DSZ-2 at the start of day 4" in events[0]["text"]


def _damage(u: dict, **pct: int) -> None:
    full = model.maxima_of(u["type"])
    for layer, p in pct.items():
        u[layer] = full[layer] * p // 100


def test_repair_01_04_ex_24_a_capital_ship_at_its_stronghold_is_full_after_a_day() -> None:
    """TOTE-REPAIR-01..04 / TOTE-GAP-36 / TOTE-EX-24: an ISD at its stronghold, shields 0%, armor
    40%, hull 70%: shields take 20 h, armor 12 h then hull 6 h (18 h): at the next day's start it is
    full; the owner alone reads one line; the ledger said day 2."""
    c = fresh()
    u = add(c, "GE-B2", "ISD", "al", "coruscant")
    _damage(u, shields=0, armor=40, hull=70)
    assert lg.repair.hours_to_full(u, model.spec(u), lg.dock(c, u)) == 20
    led = [r for r in cp.ledger(c, "al")["repairs"] if r["unit"] == "GE-B2"]
    assert led == [{"unit": "GE-B2", "at": "coruscant", "hours": 20, "yard": True, "needs": None, "full_day": 2}]
    out = cp.start_turn(c)
    assert {k: c["units"]["GE-B2"][k] for k in ("shields", "armor", "hull")} == {"shields": 1300, "armor": 1000, "hull": 2100}
    lines = [e for e in out if e["kind"] == "campaign.repair"]
    assert lines == [{"kind": "campaign.repair", "to": ["al"], "turn": 2,
                      "text": "GE-B2 repaired at Coruscant in 20 h: shields +1300, armor +600, hull +630; at full strength."}]


def test_repair_03_armor_and_hull_only_at_a_stronghold_or_shipyard_world() -> None:
    """TOTE-REPAIR-01/03: at a friendly world (Kessel) that is neither a stronghold nor a shipyard world the shields recharge but armor waits;
    the ledger says what it needs."""
    c = fresh()
    kessel = lg.galaxy().planets["kessel"]
    assert not kessel.stronghold and kessel.features == ("Heavy Mining",)
    c["planets"]["kessel"]["owner"] = "al"
    u = add(c, "GE-B2", "ISD", "al", "kessel")
    _damage(u, shields=0, armor=40)
    [row] = [r for r in cp.ledger(c, "al")["repairs"] if r["unit"] == "GE-B2"]
    assert row["full_day"] is None and row["needs"] == "a stronghold or shipyard world you hold"
    cp.start_turn(c)
    assert c["units"]["GE-B2"]["shields"] == 1300 and c["units"]["GE-B2"]["armor"] == 400


def test_repair_01_02_no_recharge_in_conflict_nor_for_ships_just_arrived() -> None:
    """TOTE-REPAIR-01: a capital ship in a system in conflict recharges nothing; one that arrived at
    this turn start spent the day in hyperspace and is not repaired either."""
    c = fresh()
    u = add(c, "GE-B2", "ISD", "al", "coruscant")
    _damage(u, shields=0)
    c["status"]["coruscant"] = {**c["status"].get("coruscant", {}), "in_conflict": True}
    assert lg.repairs(c) == [] and c["units"]["GE-B2"]["shields"] == 0
    c["status"]["coruscant"]["in_conflict"] = False
    c["units"]["GE-B2"]["arrived_turn"] = c["turn"]
    assert lg.repairs(c) == []
    c["units"]["GE-B2"]["arrived_turn"] = c["turn"] - 1
    assert len(lg.repairs(c)) == 1 and c["units"]["GE-B2"]["shields"] == 1300


def test_repair_05_06_ex_24_craft_recharge_and_repair_anywhere_out_of_combat() -> None:
    """TOTE-REPAIR-05/06 / TOTE-EX-24: a TIE Avenger squadron at a hostile world not in conflict:
    shields 0 -> 100% in 5 h, armor 30% -> 100% in 7 h; no yard needed."""
    c = fresh()
    u = add(c, "GE-B4", "TIEAV", "al", "mon_calamari")
    _damage(u, shields=0)
    assert lg.repair.hours_to_full(u, model.spec(u), lg.dock(c, u)) == 5
    u.update(shields=20, armor=9)
    assert lg.repair.hours_to_full(u, model.spec(u), lg.dock(c, u)) == 7
    lg.repairs(c)
    assert c["units"]["GE-B4"]["armor"] == 30


def test_scrap_01_ex_27_own_build_pays_25_percent_floor_and_leaves_play_marked() -> None:
    """TOTE-SCRAP-01 / TOTE-GAP-35 / TOTE-EX-27: an Orc corvette (750 KC) the faction built, scrapped
    at Coruscant's Shipyard, pays 187 KC (187.5 floored) into the treasury; the unit stays in the
    game marked scrapped, in no system, counted nowhere; the invariants hold."""
    c = fresh()
    add(c, "GE-B1", "ORCCORV", "al", "coruscant", built=True)
    before, led = cp.snapshot(c), cp.ledger(c, "al")
    events = lg.scrap(c, "al", ["GE-B1"])
    assert c["treasury"]["al"] == before["treasury"]["al"] + 187
    assert events[0]["to"] == ["al"] and "GE-B1 scrapped at Coruscant: 187 KC (scrap, 25% of 750 KC (TOTE-SCRAP-01))" in events[0]["text"]
    u = c["units"]["GE-B1"]
    assert u["scrapped"] and u["system"] is None and not u["destroyed"]
    after = cp.ledger(c, "al")
    assert after["units"] == led["units"] - 1 and after["cp"] == led["cp"] - model.cp("ORCCORV")
    assert cp.invariants(before, c) == []


def test_scrap_02_04_stock_03_salvage_50_percent_stock_nothing_starting_forces_refused() -> None:
    """TOTE-SCRAP-02 (a captured VSD salvaged: 3000 of 6000 KC), TOTE-SCRAP-04 / TOTE-STOCK-03 with the
    revised TOTE-GAP-58 (stock is how a unit was obtained: a Corellian corvette bought and built is
    scrapped at 25% of its cost, one that came free, e.g. aboard as a complement, pays 0), TOTE-SCRAP-01
    (a starting ship, not manufactured: refused)."""
    c = fresh()
    add(c, "GE-B1", "VSD", "al", "coruscant", captured=True)
    add(c, "GE-B2", "CORV", "al", "coruscant", built=True)
    kc = c["treasury"]["al"]
    lg.scrap(c, "al", ["GE-B1", "GE-B2"])
    assert c["treasury"]["al"] == kc + 3000 + unit_types()["CORV"].cost_kc // 4
    with pytest.raises(OrderError, match="not manufactured by you"):
        lg.scrap(c, "al", ["GE-8"])


def test_scrap_03_only_at_a_shipyard_factory_or_salvage_feature() -> None:
    """TOTE-SCRAP-03: at Tatooine (Salvage Yard) yes; at Dagobah-like worlds without any, refused
    with where it could be done; Heavy Mining (Kessel) yes."""
    c = fresh()
    bare = next(w for w, p in lg.galaxy().planets.items() if not p.features and not p.stronghold)
    add(c, "GE-B1", "VSD", "al", bare, built=True)
    with pytest.raises(OrderError, match="TOTE-SCRAP-03"):
        lg.scrap(c, "al", ["GE-B1"])
    assert lg.scrap_refusal(c, "al", "tatooine") is None and lg.scrap_refusal(c, "al", "kessel") is None
    c["facilities"]["GE-B9"] = {"id": "GE-B9", "type": "FACTORY", "faction": "al", "system": bare, "destroyed": False}
    assert lg.scrap_refusal(c, "al", bare) is None


def test_gap_46_surrender_passes_units_as_a_capture_to_both_seats() -> None:
    """TOTE-GAP-46 / TOTE-CONFLICT-05: at a world in conflict GE surrenders its Strike cruiser to NR:
    it becomes NR's, captured (salvage at 50%), joins NR's Space PDF there (TOTE-GAP-28, BOARD-05),
    and both seats read it."""
    c = fresh()
    for u in c["units"].values():
        if u["faction"] == "bo" and not u.get("pdf"):
            u["system"] = "coruscant"
    cp.start_turn(c)
    assert worlds.contested(c) == ["coruscant"]
    events = lg.surrender(c, "al", ["GE-8"], "bo")
    u = c["units"]["GE-8"]
    assert u["faction"] == "bo" and u["captured"] and u["captured_from"] == "al"
    assert events[0]["to"] == ["al", "bo"] and "Galactic Empire surrenders GE-10, GE-8, GE-9 at Coruscant to" in events[0]["text"]
    assert u["pdf"] is True and "(GE-8 joins the Space PDF at Coruscant, TOTE-GAP-28)" in events[0]["text"]
    assert lg.scrap_payout(u) == (2100, "salvage, 50% of 4200 KC (TOTE-SCRAP-02)")


def test_gap_46_surrender_refusals() -> None:
    """TOTE-GAP-46: only where it fights, to a seat present, never the Hero's ship."""
    c = fresh()
    lg.send(c, "al", ["GE-11"])
    with pytest.raises(OrderError, match="not in conflict"):
        lg.surrender(c, "al", ["GE-8"], "bo")
    c["status"]["coruscant"] = {"in_conflict": True}
    with pytest.raises(OrderError, match="has no unit or facility"):
        lg.surrender(c, "al", ["GE-8"], "bo")
    with pytest.raises(OrderError, match="aboard GE-1"):
        lg.surrender(c, "al", ["GE-1"], "bo")
    with pytest.raises(OrderError, match="no seat"):
        lg.surrender(c, "al", ["GE-8"], "zz")
    with pytest.raises(OrderError, match="GE-11 is not a unit or facility of yours standing at a world"):
        lg.surrender(c, "al", ["GE-11"], "bo")


def test_orders_through_the_session_queue_refuse_and_resolve() -> None:
    """The five orders are galaxy orders of the book: a good one is queued in canonical form and
    carried out in the post; a bad one is refused with the reason; the ledger roster shows the reserve."""
    from core.errors import HolotableError
    from core.events import GM
    from core.session import Session
    session = Session.new("tote", [("al", "GE"), ("bo", "NR")], scenario="campaign", seed="logi")
    seat = session.awaiting().pop()
    mine = "GE" if seat == "al" else "NR"
    home = "coruscant" if seat == "al" else "mon_calamari"
    ship = "GE-8" if seat == "al" else "NR-2"  # a capital ship without the Hero
    with pytest.raises(HolotableError, match="TOTE-SCRAP-01"):
        session.order(seat, seat, f"scrap {ship}")
    with pytest.raises(HolotableError, match="not in conflict"):
        session.order(seat, seat, f"surrender {ship} {'bo' if seat == 'al' else 'al'}")
    session.order(seat, seat, f"reserve {ship}")
    session.order(seat, seat, f"activate {ship} {home} 2")
    assert [o["text"] for o in session.state["sheets"][seat]] == [f"reserve {ship}", f"activate {ship} {home} 2"]
    session.resolve(GM)
    u = session.state["campaign"]["units"][f"{ship}"]
    assert u["reserve"] and u["activating"]
    view = session.ruleset.view(session.state, seat)
    rows = next(r["rows"] for r in view["rosters"] if r["title"] == "Fleet Reserve Force")
    assert rows[0].startswith(f"{ship} (") and f"-> {'Coruscant' if seat == 'al' else 'Mon Calamari'} DSZ-2, day 4" in rows[0]
    other = "bo" if seat == "al" else "al"
    assert f"{ship}" not in str(session.ruleset.view(session.state, other))


def test_reserve_secret_hidden_changes_do_not_reach_other_seats() -> None:
    """TOTE-RES-01 / catalog 5.5: what a faction keeps in its reserve and when it comes out are its
    secret: changing them changes no other seat's view (the ruleset's hidden_changes)."""
    import copy

    from core.rulesets.tote import TwilightOfTheEmpire
    rs = TwilightOfTheEmpire()
    state = campaign_flow.new_state(SEATS, {}, "hid")
    lg.send(state["campaign"], "al", ["GE-8", "GE-11"])
    lg.activate(state["campaign"], "al", "GE-11", "coruscant")
    names = [n for n, _f in rs.hidden_changes(state, "bo")]
    assert "what al keeps in its Fleet Reserve Force" in names and "when al's reserve unit comes out" in names
    base = rs.view(state, "bo")
    for name, change in rs.hidden_changes(state, "bo"):
        trial = copy.deepcopy(state)
        change(trial)
        assert rs.view(trial, "bo") == base, name
        if "reserve" in name:
            assert rs.view(trial, "al") != rs.view(state, "al"), name  # the owner does see it


def test_bot_stays_to_repair_at_home_and_reserves_only_over_its_cp_limit() -> None:
    """Bots: a damaged ship at a yard does not jump (it repairs by staying); its unassigned capital
    ships at the stronghold (no room for them, TOTE-GAP-27: they cannot act) go to the reserve; it
    scraps nothing; with room in the stronghold's Space PDF again it brings one out."""
    from core.rulesets.tote import TwilightOfTheEmpire
    rs = TwilightOfTheEmpire()
    state = campaign_flow.new_state(SEATS, {}, "bot")
    c = state["campaign"]
    plain = rs.bot(rs.view(state, "al"), "al")
    assert any("GE-8" in o for o in plain if o.startswith("jump"))
    _damage(c["units"]["GE-8"], armor=50)
    orders = rs.bot(rs.view(state, "al"), "al")
    assert not any("GE-8" in o for o in orders if o.startswith("jump"))
    from core.rulesets.tote.campaign.fleets import join
    for n in range(4):
        add(c, f"GE-B{n + 1}", "ISD", "al", "coruscant", built=True)
        join(c, f"GE-B{n + 1}")  # the main fleet is full: two 10-CP ISDs on PDF duty, two unassigned
    orders = rs.bot(rs.view(state, "al"), "al")
    assert orders[0] == "reserve GE-B3,GE-B4"
    assert not any(o.startswith("scrap") for o in orders)
    state["active"] = "al"
    for o in orders:
        rs.submit(state, "al", o)
    rs.resolve(state)
    assert c["units"]["GE-B3"]["reserve"] and c["units"]["GE-B4"]["reserve"]
    for n in (1, 2):
        c["units"][f"GE-B{n}"].update(scrapped=True, system=None)  # room in the PDF again: it brings one out
    assert rs.bot(rs.view(state, "al"), "al")[0] == "activate GE-B3 coruscant"


def test_scrap_01_scrapped_units_count_for_nothing_even_the_end() -> None:
    """TOTE-SCRAP-01 / TOTE-GAP-29: a scrapped capital ship keeps no faction in the game: with its
    stronghold lost, its facilities gone and its last ships scrapped, GE is eliminated; a ship in
    the reserve still counts (it is the faction's)."""
    state = campaign_flow.new_state(SEATS, {}, "end")
    c = state["campaign"]
    c["planets"]["coruscant"]["owner"] = "bo"
    for f in c["facilities"].values():
        f["destroyed"] = f["faction"] == "al" or f["destroyed"]
    for u in c["units"].values():
        if u["faction"] == "al":
            u.update(scrapped=True, system=None)
    c["units"]["GE-8"].update(scrapped=False, reserve=True)
    campaign_flow.check_end(state)
    assert "GE" not in state["victory"]["eliminated"]
    c["units"]["GE-8"].update(scrapped=True, reserve=False)
    campaign_flow.check_end(state)
    assert "GE" in state["victory"]["eliminated"]


def test_res_04_completion_offers_only_ships_that_may_go_and_the_contract_samples_them() -> None:
    """TOTE-RES-04 / TOTE-GAP-47: completing ``reserve`` offers the ships at a stronghold the seat
    holds (not the PDF, not the platforms; the Hero's ship too: its Hero goes ashore); the contract's legal orders include a reserve order the
    engine accepts."""
    from core.rulesets.tote import TwilightOfTheEmpire
    from core.rulesets.tote.campaign.logistics_orders import reservable
    rs = TwilightOfTheEmpire()
    state = campaign_flow.new_state(SEATS, {}, "done")
    seat = state["active"]
    ctx = rs.context(state, seat)
    mine = "GE" if seat == "al" else "NR"
    offered = reservable(ctx)
    assert offered and all(i.startswith(mine) and not state["campaign"]["units"][i].get("pdf") for i in offered)
    assert f"{mine}-1" in offered  # the Hero's ship may go: the Hero goes ashore (issue 29.5)
    assert any(o.startswith("reserve ") for o in rs.legal_orders(state, seat))


def test_res_05_a_reserve_unit_is_never_scanned_nor_in_a_battle() -> None:
    """TOTE-RES-05: NR scans Coruscant while GE-8 is mothballed: the snapshot lists GE's ships
    there but not GE-8; the battle at Coruscant is fought without it."""
    from core.rulesets.tote import TwilightOfTheEmpire
    from core.rulesets.tote.campaign.battle import battle_state
    c = fresh()
    lg.send(c, "al", ["GE-8"])
    c["units"]["NR-2"].update(system="coruscant", space="DSZ-2")
    cp.scan(c, "bo", "NR-2", "active")
    cp.start_turn(c)
    contacts = {x["id"] for x in c["snapshots"][-1]["contacts"]}
    assert {"GE-1", "GE-11"} <= contacts and "GE-8" not in contacts
    battle = battle_state(TwilightOfTheEmpire(), c, "coruscant", ["al", "bo"], {"seed": "r", "n": 0}, {})
    assert "GE-1" in battle["units"] and "GE-8" not in battle["units"]


def test_gap_28_a_surrendered_ship_without_pdf_room_stands_unassigned() -> None:
    """TOTE-GAP-28 / TOTE-BOARD-05: NR's Space PDF at the world already holds 20 CP (two ISDs): a
    5-CP Strike cruiser surrendered to NR would break the 23 CP, so it stands unassigned."""
    c = fresh()
    add(c, "NR-B1", "ISD", "bo", "coruscant", pdf=True)
    add(c, "NR-B2", "ISD", "bo", "coruscant", pdf=True)
    c["status"]["coruscant"] = {"in_conflict": True}
    events = lg.surrender(c, "al", ["GE-8"], "bo")
    assert c["units"]["GE-8"]["unassigned"] is True
    assert "GE-8 stands unassigned: no room in the main fleet or the Space PDF" in events[0]["text"]


def test_res_04_the_hero_s_ship_goes_to_the_reserve_and_the_hero_ashore() -> None:
    """TOTE-RES-04 ("Units can be sent to your Fleet Reserve Force at any time"), TOTE-RES-05,
    TOTE-HERO-01, TOTE-GAP-30 (issue 29.5): ``reserve GE-1`` on the Hero's ship, given in the post, is taken; the
    ship is mothballed and the Hero goes ashore into the Faction Command Center at Coruscant (a
    mothballed ship cannot act, a Hero rides aboard a ship or facility); the owner reads both in one
    line. With no facility and no other ship of its own there, the Hero has nowhere to go: refused
    saying so, nothing changes."""
    from core.events import GM
    from core.session import Session
    session = Session.new("tote", [("al", "GE"), ("bo", "NR")], scenario="campaign", seed="logi")
    st = session.state
    st["active"] = "al"
    st["initiative"] = ["al", "bo"]
    c = st["campaign"]
    hero = next(h for h in c["heroes"] if h["faction"] == "al")
    assert hero["host"] == "GE-1", hero
    session.order("al", "al", "reserve GE-1")
    assert [o["text"] for o in st["sheets"]["al"]] == ["reserve GE-1"]
    start = len(session.record["log"])
    session.resolve(GM)
    assert c["units"]["GE-1"]["reserve"], "the Hero's ship is not in the reserve"
    hero = next(h for h in c["heroes"] if h["faction"] == "al")
    assert hero["host"] == "GE-FCC" and not hero.get("dead"), hero
    said = [e["text"] for e in session.record["log"][start:] if e["kind"] == "campaign.reserve"]
    assert any("GE-1 mothballed in the Fleet Reserve Force" in t and f"{hero['name']} leaves GE-1 and goes aboard the "
               "Faction Command Center (GE-FCC) at Coruscant" in t for t in said), said
    bare = fresh()
    for fid in [i for i, f in bare["facilities"].items() if f["faction"] == "al"]:  # the FCC and the Palace
        del bare["facilities"][fid]
    for uid, u in bare["units"].items():  # GE-1 alone at Coruscant: its other ships elsewhere
        if u["faction"] == "al" and uid != "GE-1" and not u.get("carried_by") and u.get("system") == "coruscant" \
                and not u.get("pdf") and not u.get("rgf"):
            u["system"] = "kuat"
    before = cp.snapshot(bare)
    with pytest.raises(OrderError, match="has no facility or other ship of yours at Coruscant to go to"):
        lg.send(bare, "al", ["GE-1"])
    assert bare == before, "a refused reserve order changed the campaign"
