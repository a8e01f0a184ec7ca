"""Fleets and command limits across the whole campaign (issue 18): the main fleet, a Space PDF at
each world held, the unassigned; new, captured and reactivated units taking their places; the
``assign`` order; the ledger, the roster and the invariants (:mod:`core.rulesets.tote.campaign_fleets`)."""
from __future__ import annotations

import pytest

from core.errors import OrderError
from core.rulesets.tote import TwilightOfTheEmpire
from core.rulesets.tote.battle import flow
from core.rulesets.tote.campaign import battle as campaign_battle
from core.rulesets.tote.campaign import fleets as fl
from core.rulesets.tote.campaign import fleets_orders as flo
from core.rulesets.tote.campaign import flow as campaign_flow
from core.rulesets.tote.campaign import logistics as lg
from core.rulesets.tote.campaign import state as cp
from core.rulesets.tote.campaign import worlds
from core.rulesets.tote.rules import model

SEATS = [("al", "GE"), ("bo", "NR")]


def fresh(options: dict | None = None) -> dict:
    """A campaign game: GE (al) at Coruscant, its Hero aboard GE-1 (ACC 12 CP), with GE-8 (STRK 5),
    GE-11 (ESC 5) and the escort GE-20 (TIEAV 1): 23 CP; the SSD GE-26 and the platforms its free PDF."""
    return campaign_flow.new_state(SEATS, options or {}, "fleets")


def add(c: dict, uid: str, code: str, seat: str, world: str, **flags: object) -> dict:
    u = model.new_unit(uid, code, seat, "C-1")
    u.update(system=world, transit=None, **flags)
    c["units"][uid] = u
    return u


def carry(state: dict, text: str, seat: str = "al") -> list:
    return campaign_flow.carry(state, seat, text)


def test_cp_02_03_04_pdf_02_burden_02_gap_48_the_start_fleets() -> None:
    """TOTE-CP-02/03/04, BURDEN-02: GE's ready fleet is its main fleet, 23 of 23 CP and 3 of 7
    capital ships (ACC 12 + ESC 5 + STRK 5 + the escort TIEAV 1; the 19 craft aboard add nothing).
    TOTE-PDF-02, GAP-48: the stronghold's defenses are Coruscant's Space PDF, 0 CP (6 bonus units).
    Nobody is unassigned and the invariants hold."""
    c = fresh()["campaign"]
    led = fl.ledger(c, "al")
    assert (led["main"]["cp"], led["main"]["cp_limit"], led["main"]["capitals"]) == (23, 23, 3)
    assert led["main"]["units"] == ["GE-1", "GE-11", "GE-20", "GE-8"]
    assert list(led["pdfs"]) == ["coruscant"]
    assert (led["pdfs"]["coruscant"]["cp"], led["pdfs"]["coruscant"]["units"]) == (0, [])
    assert led["pdfs"]["coruscant"]["bonus"] == ["GE-21", "GE-22", "GE-23", "GE-24", "GE-25", "GE-26"]
    assert led["unassigned"] == [] and fl.problems(c) == []
    assert fl.place(c["units"], c["units"]["GE-9"]) == "main"  # a TIE aboard GE-8 is where its ship is
    assert fl.place(c["units"], c["units"]["GE-27"]) == "pdf"  # the barge aboard the SSD


def test_cp_05_gap_53_bonus_cp_raises_the_main_fleet_limit() -> None:
    """TOTE-CP-05 / GAP-53: the ``bonus_cp`` option raises the main fleet's limit (23 + 5 = 28),
    never a Space PDF's (TOTE-PDF-01: 23): with the Hero at Coruscant a CORV (1) joins the main
    fleet (24 of 28), a VSD (6) would make 30 and goes on PDF duty."""
    c = fresh({"bonus_cp": 5})["campaign"]
    assert fl.main_limit(c, "al") == 28
    add(c, "GE-N1", "CORV", "al", "coruscant")
    assert fl.join(c, "GE-N1") == "joins the main fleet"
    add(c, "GE-N2", "VSD", "al", "coruscant")
    assert fl.join(c, "GE-N2") == "joins the Space PDF at Coruscant"
    assert fl.ledger(c, "al")["main"]["cp"] == 24 and fl.ledger(c, "al")["main"]["cp_limit"] == 28


def test_gap_27_burden_06_a_new_unit_main_fleet_with_the_hero_else_the_pdf_else_unassigned() -> None:
    """TOTE-GAP-27 / BURDEN-06: a new ship joins the main fleet only with the Hero in its system and
    room; else the local Space PDF; else it stands unassigned: it cannot jump or scan (the reason
    given), until the PDF has room at a turn start out of conflict (GAP-28)."""
    state = fresh()
    c = state["campaign"]
    carry(state, "assign GE-8 pdf")  # 18 of 23 in the main fleet, GE-8 (5 CP) on PDF duty at Coruscant
    add(c, "GE-N1", "CORV", "al", "coruscant")
    assert fl.join(c, "GE-N1") == "joins the main fleet"  # the Hero is aboard GE-1 at Coruscant
    add(c, "GE-N2", "ISD2", "al", "kuat")
    assert fl.join(c, "GE-N2") == "joins the Space PDF at Kuat"  # no Hero at Kuat
    add(c, "GE-N3", "ISD2", "al", "kuat")
    add(c, "GE-N4", "CORV", "al", "kuat")
    fl.join(c, "GE-N3")
    assert fl.ledger(c, "al")["pdfs"]["kuat"]["cp"] == 22
    assert fl.join(c, "GE-N4") == "joins the Space PDF at Kuat"  # 23 of 23
    add(c, "GE-N5", "CORV", "al", "kuat")
    assert fl.join(c, "GE-N5").startswith("stands unassigned")
    assert fl.ledger(c, "al")["unassigned"] == ["GE-N5"] and fl.problems(c) == []
    with pytest.raises(OrderError, match="GE-N5 is unassigned .* it cannot jump"):
        cp.jump(c, "al", ["GE-N5"], "corellia")
    with pytest.raises(OrderError, match="GE-N5 is unassigned .* it cannot scan"):
        cp.scan(c, "al", "GE-N5")
    with pytest.raises(OrderError, match="GE-N5 is a new unit: it joins your main fleet only while your Hero is at Kuat"):
        carry(state, "assign GE-N5 fleet")
    c["units"]["GE-N4"]["destroyed"] = True  # room again in Kuat's PDF
    assert [e["text"] for e in fl.settle(c)] == ["GE-N5 joins the Space PDF at Kuat (TOTE-GAP-28)."]


def test_pdf_03_04_ex_22_assign_between_the_main_fleet_and_a_pdf() -> None:
    """TOTE-PDF-03: a ship goes on PDF duty and back into the main fleet at any time, no Hero
    needed; TOTE-PDF-04 / EX-22: never past 23 CP or 7 capital ships on either side (a 5-CP ship
    into a 20-CP PDF would make 25). A Space PDF guards its world: it does not jump until assigned
    to the fleet. A refused order changes nothing."""
    state = fresh()
    c = state["campaign"]
    events = carry(state, "assign GE-8,GE-11 pdf")
    assert events[0]["text"] == "GE-8, GE-11 go on Space PDF duty at Coruscant." and events[0]["to"] == ["seat:al", "gm"]
    led = fl.ledger(c, "al")
    assert (led["main"]["cp"], led["main"]["capitals"]) == (13, 1)
    assert (led["pdfs"]["coruscant"]["cp"], led["pdfs"]["coruscant"]["capitals"]) == (10, 2)
    with pytest.raises(OrderError, match="on Space PDF duty at Coruscant: a PDF guards its world; 'assign GE-8 fleet' first"):
        carry(state, "jump GE-8 corellia")
    c["units"]["GE-1"]["system"] = "kuat"  # the Hero away: a PDF ship needs none
    carry(state, "assign GE-8 fleet")
    assert fl.place(c["units"], c["units"]["GE-8"]) == "main"
    add(c, "GE-V", "ISD2", "al", "coruscant", pdf=True, fleet_of="al")
    for k in range(4):
        add(c, f"GE-C{k}", "CORV", "al", "coruscant", pdf=True, fleet_of="al")
    assert (fl.ledger(c, "al")["pdfs"]["coruscant"]["cp"], fl.ledger(c, "al")["pdfs"]["coruscant"]["capitals"]) == (20, 6)
    with pytest.raises(OrderError, match=r"your Space PDF at Coruscant would hold 25 CP, over its 23 \(TOTE-CP-02, TOTE-PDF-01/04\)"):
        carry(state, "assign GE-8 pdf")
    add(c, "GE-C4", "CORV", "al", "coruscant", pdf=True, fleet_of="al")
    add(c, "GE-M", "CORV", "al", "coruscant", fleet_of="al")
    with pytest.raises(OrderError, match="would hold 8 capital ships, over its 7"):
        carry(state, "assign GE-M pdf")
    assert fl.place(c["units"], c["units"]["GE-8"]) == fl.place(c["units"], c["units"]["GE-M"]) == "main"
    assert fl.problems(c) == []


def test_pdf_04_the_order_through_the_book_one_post_assigns_then_jumps() -> None:
    """The ``assign`` order in a post: the book offers fleet and pdf, the sheet checks each order
    after the ones before it, so a PDF ship assigned to the fleet may jump in the same post."""
    rs = TwilightOfTheEmpire()
    state = fresh()
    state["active"] = "al"
    rs.submit(state, "al", "assign GE-8 pdf")
    rs.submit(state, "al", "assign GE-8 fleet")
    rs.submit(state, "al", "jump GE-8 corellia")
    with pytest.raises(OrderError, match="say 'fleet'|fleet|pdf"):
        rs.submit(state, "al", "assign GE-11 reserve")
    assert [o["text"] for o in state["sheets"]["al"]] == ["assign GE-8 pdf", "assign GE-8 fleet", "jump GE-8 corellia"]
    rs.resolve(state)
    assert state["campaign"]["units"]["GE-8"]["transit"]["to"] == "corellia"


def test_burden_09_gap_48_no_change_in_combat_in_hyperspace_or_at_a_world_not_held() -> None:
    """TOTE-BURDEN-09: no transfer while a unit is in combat (its world in conflict) or on its way
    (in hyperspace); TOTE-GAP-48: a Space PDF only at a world the faction holds. Nothing changes."""
    state = fresh()
    c = state["campaign"]
    c["status"]["coruscant"] = {"in_conflict": True}
    with pytest.raises(OrderError, match="in conflict: no change to a fleet while its units are in combat"):
        carry(state, "assign GE-8 pdf")
    c["status"].clear()
    cp.jump(c, "al", ["GE-11"], "corellia")
    with pytest.raises(OrderError, match="GE-11 is in hyperspace: fleets change only at a world"):
        carry(state, "assign GE-11 pdf")
    c["units"]["GE-8"]["system"] = "kuat"
    with pytest.raises(OrderError, match="Kuat, a world you do not hold: each world you hold has its own Space PDF"):
        carry(state, "assign GE-8 pdf")
    with pytest.raises(OrderError, match="GE-9 is aboard GE-8: craft aboard go where their ship goes"):
        carry(state, "assign GE-9 pdf")
    assert fl.place(c["units"], c["units"]["GE-8"]) == "main"


def test_burden_07_08_a_one_for_one_swap_needs_no_hero_nor_the_same_system() -> None:
    """TOTE-BURDEN-07/08: a new ship at Kuat (no Hero there) joins the main fleet 1-for-1 for GE-8,
    which goes on PDF duty at Coruscant; the two need not share a system. The swap must keep both
    within limits and the other ship must be in the main fleet."""
    state = fresh()
    c = state["campaign"]
    c["planets"]["kuat"]["owner"] = "al"
    add(c, "GE-N1", "STRK", "al", "kuat")
    fl.join(c, "GE-N1")
    assert fl.place(c["units"], c["units"]["GE-N1"]) == "pdf"
    with pytest.raises(OrderError, match="GE-N1 is on Space PDF|not in your main fleet"):
        carry(state, "assign GE-11 fleet GE-N1")
    events = carry(state, "assign GE-N1 fleet GE-8")
    assert events[0]["text"] == ("GE-N1 joins the main fleet and GE-8 goes on Space PDF duty at Coruscant "
                                 "(a 1-for-1 swap, TOTE-BURDEN-07/08).")
    assert fl.ledger(c, "al")["main"]["cp"] == 23 and fl.place(c["units"], c["units"]["GE-8"]) == "pdf"
    add(c, "GE-N2", "ISD2", "al", "kuat")
    fl.join(c, "GE-N2")
    with pytest.raises(OrderError, match="your main fleet would hold 29 CP, over its 23"):
        carry(state, "assign GE-N2 fleet GE-11")


def test_burden_03_04_05_what_holds_cp() -> None:
    """TOTE-BURDEN-04: a DISABLED ship holds its CP; BURDEN-03/05: a destroyed ship holds it while a
    craft attached to it survives, and releases it once they are all gone."""
    c = fresh()["campaign"]
    units = c["units"]
    main = lambda: fl.usage(fl.groups(c, "al")["main"], units)  # noqa: E731
    units["GE-8"]["disabled"] = True
    assert main() == (23, 3)
    units["GE-8"]["destroyed"] = True
    assert main() == (23, 3)  # its TIE squadron GE-9 and GE-10 still fly
    units["GE-9"]["destroyed"] = units["GE-10"]["destroyed"] = True
    assert main() == (18, 2)


def test_board_05_gap_28_a_capture_joins_the_capture_systems_pdf() -> None:
    """TOTE-BOARD-05 / GAP-28: a ship captured in battle uses its captor's CP at once: at the next
    settling it joins the Space PDF of the capture system (never the main fleet, even with the Hero
    there), else stands unassigned; its craft aboard go with it. A surrender places it the same way."""
    state = fresh()
    c = state["campaign"]
    nr = next(u for u in c["units"].values() if u["faction"] == "bo" and model.unit_class(u) == "capital"
              and not u.get("bonus"))
    nr.update(faction="al", system="coruscant")
    for i in nr.get("carried", []):
        c["units"][i].update(faction="al", system="coruscant")
    events = fl.settle(c)
    assert events == [{"kind": "campaign.fleet", "text": f"{nr['id']} joins the Space PDF at Coruscant.",
                       "to": ["al"], "turn": 1}]
    assert fl.place(c["units"], nr) == "pdf" and fl.problems(c) == []
    c["status"]["coruscant"] = {"in_conflict": True}
    add(c, "NR-X", "CORV", "bo", "coruscant", fleet_of="bo")
    events = lg.surrender(c, "al", ["GE-8"], "bo")
    assert "GE-8 joins the Space PDF at Coruscant" in events[0]["text"]
    assert fl.place(c["units"], c["units"]["GE-8"]) == "pdf" and c["units"]["GE-8"]["fleet_of"] == "bo"


def test_gap_27_47_builds_and_reserve_arrivals_take_their_places() -> None:
    """TOTE-GAP-27: a ship finished at the yard with the Hero away joins the Space PDF there, said
    in the builder's news; TOTE-GAP-47: a reserve unit arriving with the Hero at the stronghold and
    room joins the main fleet."""
    state = fresh()
    c = state["campaign"]
    c["timers"].append({"id": "t", "kind": "construction", "due_hour": c["hour"] + 24, "system": "coruscant",
                        "faction": "al", "code": "VSD", "what": "unit", "quadrant": 1})
    c["units"]["GE-1"]["system"] = "kuat"  # the Hero's ship is away
    events = cp.start_turn(c)
    built = next(e for e in events if e["kind"] == "campaign.build")
    assert built["text"] == "GE-B1, a Victory-class Star Destroyer, is ready at Coruscant; it joins the Space PDF at Coruscant."
    c["units"]["GE-1"]["system"] = "coruscant"
    lg.send(c, "al", ["GE-8"])
    lg.activate(c, "al", "GE-8", "coruscant")
    for _ in range(3):
        events = cp.start_turn(c)
    arrival = next(e for e in events if e["kind"] == "campaign.reserve")
    assert "GE-8 arrives from the Fleet Reserve Force at Coruscant" in arrival["text"] and arrival["text"].endswith(
        "and joins the main fleet.")
    assert fl.problems(c) == []


def test_gap_26_the_battle_limit_counts_the_main_fleet_and_the_pdf_acting_there() -> None:
    """TOTE-GAP-26 / BURDEN-01: in a campaign battle the units acting hold at most 23 CP, main fleet
    and PDF together; bonus units count none; an unassigned unit cannot act at all."""
    state = fresh()
    c = state["campaign"]
    add(c, "GE-N1", "VSD", "al", "coruscant")
    fl.join(c, "GE-N1")  # the main fleet is full: the VSD goes on PDF duty
    add(c, "GE-N2", "CORV", "al", "coruscant", unassigned=True, fleet_of="al")
    b = campaign_battle.battle_state(TwilightOfTheEmpire(), c, "coruscant", ["al", "bo"], state["dice"], state["options"])
    b["post"]["acting"] = ["GE-1", "GE-11", "GE-26"]  # 12 + 5, the SSD a bonus unit
    assert flow.cp_problem(b, "al") == ""
    assert flow.cp_problem(b, "al", "GE-N1") == ""  # 17 + the PDF's VSD 6 = 23: within
    b["post"]["acting"].append("GE-8")
    assert "28 CP would act in this battle; at most 23" in flow.cp_problem(b, "al", "GE-N1")
    assert model.can_act(b["units"]["GE-N1"]) and not model.can_act(b["units"]["GE-N2"])


def test_invariants_catch_a_broken_limit_and_settling_mends_a_lost_bonus() -> None:
    """The invariants report a main fleet over its limit; a main fleet over its limit at a turn start
    (a Hero's bonus CP gone) puts its last ships on PDF duty where they stand."""
    c = fresh({"bonus_cp": 6})["campaign"]
    add(c, "GE-N1", "VSD", "al", "coruscant")
    assert fl.join(c, "GE-N1") == "joins the main fleet"  # 29 of 29
    before = cp.snapshot(c)
    c["bonus_cp"] = 0
    assert cp.invariants(before, c) == ["al's main fleet holds 29 CP and 4 capital ships (limits 23 and 7)"]
    events = fl.settle(c)
    assert [e["text"] for e in events] == [
        "GE-N1 leaves the main fleet, over its command limit, and goes on PDF duty at Coruscant (TOTE-CP-02/03)."]
    assert cp.invariants(before, c) == []


def test_the_seat_sees_its_fleets_in_the_roster_and_resources() -> None:
    """The seat's view: a Fleets roster (main fleet, each Space PDF with its free bonus units, the
    unassigned) and its resources in the text's terms; another seat sees none of it."""
    state = fresh()
    carry(state, "assign GE-8 pdf")
    view = campaign_flow.view(state, "al")
    rows = next(r["rows"] for r in view["rosters"] if r["title"] == "Fleets")
    assert rows == ["Main fleet: 18 of 23 CP, 2 of 7 capital ships: GE-1 (Coruscant), GE-11 (Coruscant), GE-20 (Coruscant)",
                    "Space PDF at Coruscant: 5 of 23 CP, 1 of 7 capital ships: GE-8 (and 6 bonus units, free)"]
    res = view["resources"]
    assert (res["fleet CP"], res["fleet capital ships"], res["PDF CP"], res["unassigned"]) == ("18/23", "2/7", 5, 0)
    other = campaign_flow.view(state, "bo")
    assert "GE-8" not in str([r for r in other["rosters"] if r["title"] == "Fleets"])
    gm = next(r["rows"] for r in campaign_flow.view(state, "gm")["rosters"] if r["title"] == "Fleets of every faction")
    assert gm[0] == "al: main fleet 18/23 CP, 2/7 capital ships; PDF CP: Coruscant 5; unassigned: none"


def test_bots_keep_within_limits_and_build_only_what_fits() -> None:
    """The bot pulls PDF capital ships into its main fleet while it has room (then they may sail),
    and builds a ship at home only when the Space PDF there has room for it."""
    state = fresh()
    c = state["campaign"]
    carry(state, "assign GE-8 pdf")
    facts = dict(campaign_flow.view(state, "al")["facts"], seat="al")
    orders, freed = flo.bot_assign(facts, "al")
    assert orders == ["assign GE-8 fleet"] and freed == {"coruscant": ["GE-8"]}
    assert flo.build_fits(facts, "coruscant", "ISD2")
    for k, code in enumerate(("VSD", "VSD", "STRK")):  # with GE-8: 22 of 23 CP, 4 capital ships
        add(c, f"GE-V{k}", code, "al", "coruscant", pdf=True, fleet_of="al")
    facts = dict(campaign_flow.view(state, "al")["facts"], seat="al")
    assert not flo.build_fits(facts, "coruscant", "VSD") and flo.build_fits(facts, "coruscant", "CORV")


def test_gap_27_an_unassigned_unit_takes_no_battle_orders_but_may_be_attacked() -> None:
    """TOTE-GAP-27/28: at a world in conflict an unassigned ship of al's is refused in an ``at``
    order with the reason; NR's order to fire at it is taken (it can be attacked)."""
    state = fresh()
    c = state["campaign"]
    for u in c["units"].values():
        if u["faction"] == "bo" and not u.get("bonus"):
            u["system"] = "coruscant"
    cp.start_turn(c)
    state["turn"] = c["turn"]
    assert worlds.contested(c) == ["coruscant"]
    add(c, "GE-N1", "CORV", "al", "coruscant", unassigned=True, fleet_of="al")  # e.g. a capture with no room
    with pytest.raises(OrderError, match="'at coruscant hold GE-N1': GE-N1 is unassigned .* it cannot act"):
        carry(state, "at coruscant hold GE-N1")
    state["active"] = "al"
    with pytest.raises(OrderError, match="at Coruscant: GE-N1 is unassigned .* it cannot act; 'assign GE-N1 pdf'"):
        TwilightOfTheEmpire().submit(state, "al", "at coruscant move GE-N1 C-2")
    assert c.get("battle_orders", {}).get("al", {}).get("coruscant") is None
    b = campaign_battle.battle_state(TwilightOfTheEmpire(), c, "coruscant", ["al", "bo"], state["dice"], state["options"])
    assert model.targetable(b["units"]["GE-N1"]) and not model.can_act(b["units"]["GE-N1"])


def test_pdf_03_a_jump_of_a_pdf_ship_is_refused_with_the_reason_in_the_book() -> None:
    """TOTE-PDF-03 / GAP-27: typed as a post, a jump naming a ship on PDF duty or an unassigned one
    gets the reason and the way out, not only the list of ships that may jump; nothing is queued."""
    rs = TwilightOfTheEmpire()
    state = fresh()
    state["active"] = "al"
    carry(state, "assign GE-8 pdf")
    with pytest.raises(OrderError, match="GE-8 is on Space PDF duty at Coruscant: .*'assign GE-8 fleet' first"):
        rs.submit(state, "al", "jump GE-1,GE-8 corellia")
    add(state["campaign"], "GE-N1", "CORV", "al", "coruscant", unassigned=True, fleet_of="al")
    with pytest.raises(OrderError, match="GE-N1 is unassigned .* it cannot jump"):
        rs.submit(state, "al", "jump GE-N1 corellia")
    assert state["sheets"]["al"] == []


def test_burden_06_the_bot_takes_command_of_an_unassigned_ship_where_its_hero_is() -> None:
    """TOTE-BURDEN-06: with room in its main fleet, the bot assigns an unassigned ship at its Hero's
    world to the fleet (then it may sail); with its Hero elsewhere it does not."""
    state = fresh()
    c = state["campaign"]
    carry(state, "assign GE-11 pdf")  # 5 CP of room in the main fleet
    add(c, "GE-N1", "STRK", "al", "coruscant", unassigned=True, fleet_of="al")
    facts = dict(campaign_flow.view(state, "al")["facts"], seat="al")
    orders, freed = flo.bot_assign(facts, "al")
    assert orders[0] == "assign GE-N1 fleet" and "GE-N1" in freed["coruscant"]
    c["units"]["GE-N1"]["system"] = "kuat"
    facts = dict(campaign_flow.view(state, "al")["facts"], seat="al")
    assert "assign GE-N1 fleet" not in flo.bot_assign(facts, "al")[0]


def test_pdf_02_a_new_unit_holding_no_cp_takes_its_place_without_news() -> None:
    """TOTE-PDF-02 / BURDEN-02: a unit that holds no CP (a platform, troops put down from a ship)
    new to the galaxy is placed silently; one that holds CP is placed by TOTE-GAP-27, with news."""
    c = fresh()["campaign"]
    add(c, "GE-P1", "GAMMA", "al", "coruscant", pdf=True)
    add(c, "GE-N1", "CORV", "al", "kuat")
    events = fl.settle(c)
    assert [e["text"] for e in events] == ["GE-N1 joins the Space PDF at Kuat."]
    assert c["units"]["GE-P1"]["fleet_of"] == "al" and fl.place(c["units"], c["units"]["GE-P1"]) == "pdf"
