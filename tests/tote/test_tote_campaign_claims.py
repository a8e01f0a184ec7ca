"""Occupation and claiming in the campaign (TOTE-CONFLICT-04..06, TOTE-GAP-46, DEFAULT for worlds
nobody holds: :mod:`core.rulesets.tote.campaign_claims`) and the order of a day's start
(TOTE-FLOW-04: :mod:`core.rulesets.tote.campaign_day`)."""
from __future__ import annotations

import pytest

from core.errors import OrderError
from core.rulesets.tote.campaign import book, claims, day
from core.rulesets.tote.campaign import state as cp
from core.rulesets.tote.rules import clock as clk
from core.rulesets.tote.rules.model import FACTIONS

SEATS = [(f.lower(), f) for f in FACTIONS]


def fresh() -> cp.Campaign:
    return cp.new_campaign(SEATS)


def send(c: cp.Campaign, uid: str, world: str) -> None:
    """Put ``uid`` (and the craft aboard it) at ``world`` as if it had arrived there."""
    for u in c["units"].values():
        if u["id"] == uid or u.get("carried_by") == uid:
            u.update(system=world, transit=None)


def texts(events: list[dict], seat: str) -> list[str]:
    return [e["text"] for e in events if seat in e["to"]]


def days(c: cp.Campaign, n: int) -> list[dict]:
    out: list[dict] = []
    for _ in range(n):
        out += cp.start_turn(c)
    return out


def test_conflict_06_a_ground_facility_claims_a_world_nobody_holds() -> None:
    """TOTE-CONFLICT-06 (DEFAULT for a world nobody holds): a New Republic gunship at Kuat, which nobody
    holds, does not take it by standing there; the NR orders the cheapest ground facility (a ComScan
    Station, 600 KC from the facility purse, 3 days) and on completion Kuat is the NR's; the news goes
    to the builder, not to a faction elsewhere."""
    c = fresh()
    send(c, "NR-1", "kuat")
    days(c, 2)
    assert c["planets"]["kuat"]["owner"] is None and cp.ledger(c, "nr")["claimable"] == ["kuat"]
    assert claims.cheapest_claim() == "COMSCAN"
    cp.build(c, "nr", "COMSCAN", "kuat")
    assert c["facility_kc"]["nr"] == 2000 - 600
    assert c["planets"]["kuat"]["owner"] is None
    out = days(c, 3)
    assert c["planets"]["kuat"]["owner"] == "nr"
    assert any("New Republic claims Kuat: its ComScan Station stands there." in t for t in texts(out, "nr"))
    assert not any("claims Kuat" in t for t in texts(out, "ge"))
    assert "kuat" in cp.ledger(c, "nr")["worlds"] and cp.ledger(c, "nr")["claimable"] == []


def test_conflict_06_claim_refusals_name_what_is_wrong() -> None:
    """TOTE-CONFLICT-06: a claim needs a military unit there, a ground facility (the Orbital Shipyard
    Complex stands in orbit), a ground grid (Sluis Van has none), and a world held by another faction is
    claimed only while occupied. Each refusal says why and changes nothing."""
    c = fresh()
    before = cp.snapshot(c)
    with pytest.raises(OrderError, match="no military unit there"):
        cp.build(c, "nr", "COMSCAN", "kuat")
    send(c, "NR-1", "kuat")
    with pytest.raises(OrderError, match="stands in orbit and claims nothing"):
        cp.build(c, "nr", "YARD", "kuat")
    with pytest.raises(OrderError, match="claim it with a ground facility"):
        cp.build(c, "nr", "CGUN", "kuat")
    send(c, "NR-2", "sluis_van")
    with pytest.raises(OrderError, match="Sluis Van has no ground grid"):
        cp.build(c, "nr", "COMSCAN", "sluis_van")
    send(c, "NR-3", "coruscant")
    with pytest.raises(OrderError, match="Galactic Empire does, and it is not occupied"):
        cp.build(c, "nr", "COMSCAN", "coruscant")
    assert c["facilities"] == before["facilities"] and c["treasury"] == before["treasury"]
    assert c["facility_kc"] == before["facility_kc"] and c["timers"] == before["timers"]


def hold(c: cp.Campaign, world: str, seat: str) -> None:
    """Make ``seat`` the host of ``world`` with nothing of its own there."""
    c["planets"][world]["owner"] = seat


def test_conflict_05_a_world_whose_host_has_nothing_left_there_is_occupied() -> None:
    """TOTE-CONFLICT-05: Corellia, held by the Galactic Empire with no unit or facility of the GE left
    there, is occupied when the NR arrives (every host unit there "has been destroyed or surrendered":
    none stands). The host keeps the title; the host and the occupier are told, nobody else; the map
    marks it for them (and the GM) only; the host's ledger lists it."""
    c = fresh()
    hold(c, "corellia", "ge")
    send(c, "NR-1", "corellia")
    out = cp.start_turn(c)
    assert c["status"]["corellia"]["occupied"] and c["status"]["corellia"]["occupiers"] == ["nr"]
    assert c["planets"]["corellia"]["owner"] == "ge"
    said = "Corellia is occupied by New Republic: Galactic Empire has no units or facilities left there"
    assert any(said in t for t in texts(out, "ge")) and any(said in t for t in texts(out, "nr"))
    assert not any(said in t for t in texts(out, "ir"))
    assert cp.ledger(c, "ge")["occupied"] == {"corellia": ["nr"]}
    assert cp.ledger(c, "nr")["claimable"] == ["corellia"]

    def marks(viewer: str) -> list[str]:
        return next(p["marks"] for p in cp.view(c, viewer)["board"]["places"] if p["id"] == "corellia")
    assert "occupied" in marks("ge") and "occupied" in marks("nr") and "occupied" in marks("gm")
    assert "occupied" not in marks("ir")


def test_conflict_05_destroyed_host_units_leave_the_world_occupied_while_one_stands_it_is_not() -> None:
    """TOTE-CONFLICT-05: while one GE ship stands at its world the NR's arrival only puts it in
    conflict; once that ship is destroyed the world is occupied at the next conflict step."""
    c = fresh()
    hold(c, "corellia", "ge")
    send(c, "GE-1", "corellia")
    send(c, "NR-1", "corellia")
    cp.start_turn(c)
    assert c["status"]["corellia"]["in_conflict"] and not c["status"]["corellia"]["occupied"]
    c["units"]["GE-1"]["destroyed"] = True
    for u in c["units"].values():
        if u.get("carried_by") == "GE-1":
            u["destroyed"] = True
    cp.start_turn(c)
    assert c["status"]["corellia"]["occupied"]


def test_gap_46_surrendering_the_last_units_occupies_the_world() -> None:
    """TOTE-GAP-46 with TOTE-CONFLICT-05: the GE surrenders its last ship at Corellia (and its craft
    aboard) to the NR in a post; at the next turn start Corellia is occupied by the NR."""
    c = fresh()
    hold(c, "corellia", "ge")
    uid = next(u["id"] for u in c["units"].values() if u["faction"] == "ge" and not u.get("carried_by")
               and not u.get("pdf") and not u.get("carried") and not u.get("bonus"))
    send(c, uid, "corellia")
    send(c, "NR-1", "corellia")
    cp.start_turn(c)
    from core.rulesets.tote.campaign.logistics import surrender
    surrender(c, "ge", [uid], "nr")
    cp.start_turn(c)
    assert c["status"]["corellia"]["occupied"] and c["units"][uid]["faction"] == "nr"


def test_conflict_05_an_occupation_ends_when_the_occupiers_leave_and_the_host_keeps_its_world() -> None:
    """TOTE-CONFLICT-05: the occupation lasts while a foreign force stands there; when the NR leaves,
    Corellia is no longer occupied and is still the GE's (nobody claimed it), and the NR may no
    longer claim it."""
    c = fresh()
    hold(c, "corellia", "ge")
    send(c, "NR-1", "corellia")
    cp.start_turn(c)
    send(c, "NR-1", "mon_calamari")
    out = cp.start_turn(c)
    assert not c["status"]["corellia"]["occupied"] and c["planets"]["corellia"]["owner"] == "ge"
    assert any("Corellia is no longer occupied: no foreign force is left there" in t for t in texts(out, "ge"))
    assert cp.ledger(c, "ge")["occupied"] == {}


def test_conflict_06_an_occupier_claims_the_world_and_its_build_waits_for_the_conflict_to_end() -> None:
    """TOTE-CONFLICT-03/04/06: the NR occupies the GE's Corellia while a GE ship is still fighting there
    (in conflict: its ComScan Station's 3 days pause); the GE ship is destroyed, the NR holds the
    world alone for 24 hours and the conflict ends; the Station then completes and claims Corellia
    from the GE, who is told."""
    c = fresh()
    hold(c, "corellia", "ge")
    send(c, "NR-1", "corellia")
    cp.start_turn(c)  # occupied: the GE has nothing there
    send(c, "GE-1", "corellia")  # a GE ship comes back: conflict
    cp.start_turn(c)
    assert c["status"]["corellia"]["in_conflict"] and c["status"]["corellia"]["occupied"]
    cp.build(c, "nr", "COMSCAN", "corellia")
    due = c["timers"][-1]["due_hour"]
    cp.start_turn(c)
    assert c["timers"][-1]["due_hour"] == due + 24  # paused a day (TOTE-CONFLICT-03)
    for u in c["units"].values():
        if u["id"] == "GE-1" or u.get("carried_by") == "GE-1":
            u["destroyed"] = True
    out = days(c, 5)
    assert c["planets"]["corellia"]["owner"] == "nr" and not c["status"]["corellia"]["occupied"]
    said = "New Republic claims Corellia from Galactic Empire: its ComScan Station stands there."
    assert said in texts(out, "ge") and said in texts(out, "nr")


def test_flow_04_the_day_starts_in_the_catalogs_order() -> None:
    """TOTE-FLOW-04: the campaign's steps are the catalog's first eight, in order, each a function."""
    assert [n for n, _ in day.STEPS] == list(clk.STEPS[:8]) == [
        "income", "arrival", "reserve", "construction", "repair", "expiry", "conflict", "message"]
    assert all(callable(f) for _, f in day.STEPS)


def test_flow_04_income_is_paid_before_construction_and_conflict() -> None:
    """TOTE-FLOW-04 steps 1, 4 and 7, TOTE-GAP-33: on the Action Day of turn 15 the income is paid
    first. The NR's ComScan Station at Kuat completes that morning (step 4): Kuat's 550 KC is not in
    that day's income. Corellia (a Station of the NR finished earlier) ends its conflict that morning
    (step 7): it still pays nothing that day. On turn 31, the next Action Day, both pay."""
    c = fresh()
    send(c, "NR-1", "kuat")
    c["facilities"]["NR-X"] = {"id": "NR-X", "type": "COMSCAN", "faction": "nr", "system": "corellia",
                               "space": "G-1/surface", "destroyed": False}
    c["planets"]["corellia"]["owner"] = "nr"
    while c["turn"] < 12:
        cp.start_turn(c)
    cp.build(c, "nr", "COMSCAN", "kuat")  # ordered on turn 12: 3 days, ready at the start of turn 15
    assert c["timers"][-1]["due_hour"] == clk.turn_start_hour(15)
    send(c, "GE-1", "corellia")
    cp.start_turn(c)  # turn 13: Corellia in conflict
    assert c["status"]["corellia"]["in_conflict"]
    send(c, "GE-1", "coruscant")
    cp.start_turn(c)  # turn 14: the NR alone at Corellia since this morning
    before = c["treasury"]["nr"]
    out = cp.start_turn(c)  # turn 15, an Action Day: the 24 hours are up in step 7
    assert c["turn"] == 15 and c["planets"]["kuat"]["owner"] == "nr" and not c["status"]["corellia"]["in_conflict"]
    income = next(e["text"] for e in out if e["kind"] == "campaign.income" and "nr" in e["to"])
    assert "Corellia: nothing while the system is in conflict" in income and "Kuat" not in income
    assert income.startswith(f"Income {c['treasury']['nr'] - before} KC: Action Day income: 1000 KC")
    kinds = [e["kind"] for e in out]
    assert kinds.index("campaign.income") < kinds.index("campaign.build") < kinds.index("campaign.claim")
    while c["turn"] < 30:
        cp.start_turn(c)
    out = cp.start_turn(c)  # turn 31: the next Action Day
    income = next(e["text"] for e in out if e["kind"] == "campaign.income" and "nr" in e["to"])
    assert "Corellia (Shipyard): 300 KC" in income and "Kuat (Shipyard, Heavy Industry): 550 KC" in income


def test_conflict_06_a_bot_claims_where_it_stands_before_its_ships_jump_on() -> None:
    """TOTE-CONFLICT-06: a bot whose gunship stands at Kuat (nobody's) orders the cheapest ground
    facility there first in its post, then sends its ships on; the post passes the sheet check."""
    from core.rulesets.tote import TwilightOfTheEmpire
    from core.rulesets.tote.campaign import flow as campaign_flow
    rs = TwilightOfTheEmpire()
    state = campaign_flow.new_state(SEATS, {}, "claims")
    send(state["campaign"], "NR-1", "kuat")
    orders = rs.bot(rs.view(state, "nr"), "nr")
    assert "build COMSCAN kuat" in orders
    assert orders.index("build COMSCAN kuat") < min(i for i, o in enumerate(orders) if o.startswith("jump"))
    book.check_sheet(state, "nr", orders)


def test_conflict_05_an_occupation_is_hidden_from_factions_neither_host_nor_present() -> None:
    """TOTE-CONFLICT-05 and the fog of war: the leak check's change (an occupation of a world held by
    another seat where the viewer has nothing) leaves the viewer's whole view unchanged, while the
    host's view shows it."""
    import json

    from core.rulesets.tote import TwilightOfTheEmpire
    from core.rulesets.tote.campaign import flow as campaign_flow
    rs = TwilightOfTheEmpire()
    state = campaign_flow.new_state(SEATS, {}, "claims")
    [(what, change)] = claims.secret_changes(state, "nr")
    assert what == "whether bastion is occupied"
    trial = json.loads(json.dumps(state))
    change(trial)
    assert json.dumps(rs.view(trial, "nr"), sort_keys=True) == json.dumps(rs.view(state, "nr"), sort_keys=True)
    assert cp.ledger(trial["campaign"], "ir")["occupied"] == {"bastion": []}
    assert "occupied" in next(p["marks"] for p in rs.view(trial, "ir")["board"]["places"] if p["id"] == "bastion")


def test_conflict_05_06_the_ledger_screen_lists_occupations_and_claims() -> None:
    """TOTE-CONFLICT-05/06 on the faction's screen: the roster "Occupation and claims" names its world
    occupied (with the occupier) and the world it may claim, with the order that claims it."""
    from core.rulesets.tote import TwilightOfTheEmpire
    from core.rulesets.tote.campaign import flow as campaign_flow
    rs = TwilightOfTheEmpire()
    state = campaign_flow.new_state(SEATS, {}, "claims")
    c = state["campaign"]
    hold(c, "corellia", "nr")
    send(c, "GE-1", "corellia")
    send(c, "NR-1", "kuat")
    cp.start_turn(c)
    rows = next(r["rows"] for r in rs.view(state, "nr")["rosters"] if r["title"] == "Occupation and claims")
    assert rows == ["Corellia: yours, occupied by Galactic Empire",
                    "Kuat: held by nobody; claim it with a ground facility (build COMSCAN kuat)"]
    assert not any(r["title"] == "Occupation and claims" for r in rs.view(state, "ir")["rosters"])
