"""The campaign's ground defence (issue 18): each faction's Reserve Guard Force, garrisoned in its
facilities (TOTE-RGF-01..03, TOTE-EX-32, TOTE-GARRISON-01/02), in no fleet, never jumping, fighting
in its world's battle, and a secret of its owner's."""
from __future__ import annotations

import pytest

from core.errors import HolotableError, OrderError
from core.rulesets.tote import TwilightOfTheEmpire
from core.rulesets.tote.battle import flow
from core.rulesets.tote.campaign import battle as campaign_battle
from core.rulesets.tote.campaign import build as campaign_build
from core.rulesets.tote.campaign import flow as campaign_flow
from core.rulesets.tote.campaign import ground as campaign_ground
from core.rulesets.tote.campaign import state as cp
from core.rulesets.tote.campaign import victory as campaign_victory
from core.rulesets.tote.rules import model
from core.rulesets.tote.rules.stock import stock_rgf
from core.session import Session


def state() -> dict:
    """A new campaign game: the GE (seat al, Coruscant) against the New Republic (seat bo, Mon Calamari)."""
    return campaign_flow.new_state([("al", "GE"), ("bo", "NR")], {}, "rgf")


def guard(c: dict, seat: str) -> dict[str, dict]:
    """``seat``'s RGF units by id."""
    return {uid: u for uid, u in c["units"].items() if u.get("rgf") and u["faction"] == seat}


def test_rgf_01_02_03_the_stronghold_starts_garrisoned_with_its_stock_rgf() -> None:
    """TOTE-RGF-01/02/03, TOTE-GARRISON-01: the New Republic's Faction Command Center at Mon Calamari
    (G-2) holds its RGF from day 1: 1 stock SF squadron, 100 stock infantry squads, 10 stock GAVs of
    its technology, garrisoned in the center, on its Surface; the owner reads them in its ledger and
    its 'Ground forces' roster."""
    s = state()
    c = s["campaign"]
    rgf = guard(c, "bo")
    assert {u["type"]: u.get("count", 1) for u in rgf.values()} == stock_rgf("NR") == {"Z95": 1, "INF": 100, "T2B": 10}
    for u in rgf.values():
        assert (u["system"], u["space"], u["garrisoned_in"], u["transit"]) == ("mon_calamari", "G-2/surface", "NR-FCC", None)
    assert {u["type"]: u.get("count", 1) for u in guard(c, "al").values()} == {"TIEF": 1, "STORM": 100, "ATST": 10}
    led = cp.ledger(c, "bo")
    assert led["ground_forces"] == [  # the ids, for upgrade (issue 29.5)
        "NR-RGF1: 1 × Z-95 Headhunter Squadron (stock) in the Faction Command Center (NR-FCC) at Mon Calamari (G-2)",
        "NR-RGF2: 100 × Stock Infantry Squad (stock) in the Faction Command Center (NR-FCC) at Mon Calamari (G-2)",
        "NR-RGF3: 10 × T2-B Repulsor Tank (stock) in the Faction Command Center (NR-FCC) at Mon Calamari (G-2)"]
    roster = next(r for r in campaign_flow.view(s, "bo")["rosters"] if r["title"] == "Ground forces")
    assert roster["rows"] == led["ground_forces"]


def test_rgf_03_ex_32_the_caps_refuse_more_and_nothing_changes() -> None:
    """TOTE-RGF-03, TOTE-EX-32: a full RGF (1 SF / 100 infantry / 10 GAV) takes no 101st squad, no
    11th GAV, no second squadron: each refused naming the limit, nothing changes; TOTE-RGF-01: a
    ground grid without a facility of the faction takes no RGF at all."""
    c = state()["campaign"]
    before = cp.snapshot(c)
    with pytest.raises(OrderError, match="at most 100 infantry squads .*it has 100, so 0 more at most, not 1"):
        campaign_ground.station(c, "bo", "mon_calamari", "G-2", "INF", 1)
    with pytest.raises(OrderError, match="at most 10 ground assault vehicles"):
        campaign_ground.station(c, "bo", "mon_calamari", "G-2", "T2B", 1)
    with pytest.raises(OrderError, match="at most 1 starfighter squadron"):
        campaign_ground.station(c, "bo", "mon_calamari", "G-2", "Z95", 1)
    with pytest.raises(OrderError, match="no facility of yours on G-3 .*TOTE-RGF-01"):
        campaign_ground.station(c, "bo", "mon_calamari", "G-3", "INF", 1)
    with pytest.raises(OrderError, match="cannot serve in a Reserve Guard Force"):
        campaign_ground.station(c, "bo", "mon_calamari", "G-2", "MC80", 1)
    assert c == before
    assert campaign_ground.limits(c, "bo", "mon_calamari", "G-2") == {"sf": 1, "infantry": 100, "gav": 10}
    assert campaign_ground.limits(c, "bo", "mon_calamari", "G-3") == {"sf": 0, "infantry": 0, "gav": 0}


def test_rgf_01_a_new_facility_gets_the_rgf_it_can_house() -> None:
    """TOTE-RGF-01/02: a ComScan Station (room for 20 infantry, no GAV, no SF) completed at Kuat gets
    20 stock infantry squads garrisoned in it, and its builder is told; no GAV or squadron."""
    c = state()["campaign"]
    c["planets"]["kuat"]["owner"] = "bo"
    cp.build(c, "bo", "COMSCAN", "kuat")
    c["turn"] += 3
    events = campaign_build.complete(c)
    fid = next(f["id"] for f in c["facilities"].values() if f["system"] == "kuat")
    new = [u for u in guard(c, "bo").values() if u["system"] == "kuat"]
    assert [(u["type"], u["count"], u["garrisoned_in"]) for u in new] == [("INF", 20, fid)]
    assert any(e["text"] == f"Your Reserve Guard Force takes post in {fid}: 20 × Stock Infantry Squad (TOTE-RGF-02)."
               and e["to"] == ["bo"] for e in events)
    assert campaign_ground.limits(c, "bo", "kuat", "G-2") == {"sf": 0, "infantry": 20, "gav": 0}


def test_rgf_02_the_rgf_is_in_no_fleet_counts_no_cp_and_never_jumps() -> None:
    """TOTE-RGF-02, TOTE-PDF-02: the RGF is ground defence: no fleet lists it, it adds no CP to the
    ledger, a jump order for it is refused (nothing changes), and the campaign's invariants hold."""
    c = state()["campaign"]
    led = cp.ledger(c, "bo")
    from core.rulesets.tote.campaign.fleets import groups
    g = groups(c, "bo")
    placed = {u["id"] for u in g["main"] + g["unassigned"] + [u for rows in g["pdf"].values() for u in rows]}
    assert placed and not placed & set(guard(c, "bo"))
    assert led["cp"] == sum(model.cp(u) for u in c["units"].values() if u["faction"] == "bo"
                            and not u.get("attached_to") and not u.get("rgf"))
    before = cp.snapshot(c)
    with pytest.raises(OrderError, match="NR-RGF2 is in the Reserve Guard Force at mon_calamari.*stays at its world"):
        cp.jump(c, "bo", ["NR-RGF2"], "kuat")
    from core.rulesets.tote.campaign.logistics import send
    with pytest.raises(OrderError, match="NR-RGF1 is in the Reserve Guard Force"):
        send(c, "bo", ["NR-RGF1"])  # the squadron does not go to the Fleet Reserve Force either
    assert "NR-RGF1" not in [i for ids in campaign_flow.movers(c, "bo").values() for i in ids]
    assert c == before
    assert cp.invariants(before, c) == []


def test_garrison_01_02_a_battle_at_the_stronghold_has_the_rgf_fighting_from_its_facility() -> None:
    """TOTE-RGF-02, TOTE-GARRISON-01/02: when the GE comes to Mon Calamari, the New Republic's RGF is in
    the battle, garrisoned in its command center: GE troops on its Surface may not fire at the
    garrison while the center stands (refused naming it), and the garrison fires on them from cover."""
    s = state()
    c = s["campaign"]
    for u in c["units"].values():
        if u["faction"] == "al" and not u.get("rgf"):
            u["system"] = "mon_calamari"
    cp.start_turn(c)
    rs = TwilightOfTheEmpire()
    order = campaign_flow.turn_order(s)
    b = campaign_battle.battle_state(rs, c, "mon_calamari", order, s["dice"], s["options"])
    campaign_victory.before_battle(c, "mon_calamari", b, order)
    b["initiative"], b["turn"] = flow.turn_order(b), 1
    assert {uid: b["units"][uid]["garrisoned_in"] for uid in guard(c, "bo")} == {
        "NR-RGF1": "NR-FCC", "NR-RGF2": "NR-FCC", "NR-RGF3": "NR-FCC"}
    assert b["units"]["NR-FCC"]["type"] == "FCC"
    b["units"]["GE-T1"] = model.new_stack("GE-T1", "STORM", "al", "G-2/surface", 10)
    flow.begin_post(b, "al")
    with pytest.raises(OrderError, match="NR-RGF2 is garrisoned in NR-FCC"):
        rs.submit(b, "al", "fire GE-T1 NR-RGF2")
    assert b["sheets"]["al"] == []
    flow.resolve_post(rs, b)
    flow.begin_post(b, "bo")
    events = flow.resolve_post(rs, b)  # no orders: the automatic defence
    assert any(e["kind"] == "tote.hit" and e["data"]["attacker"] in guard(c, "bo") and e["data"]["target"] == "GE-T1"
               for e in events), [e["text"] for e in events if e["kind"] == "tote.hit"]


def test_rgf_secret_another_factions_ground_forces_leave_a_view_unchanged() -> None:
    """TOTE-RGF-01..03 are the owner's to know: the GE's view does not change when the New Republic's
    RGF at Mon Calamari (where the GE is not) changes, and the change is among the secrets checked."""
    s = state()
    rs = TwilightOfTheEmpire()
    changes = dict(rs.hidden_changes(s, "al"))
    assert "bo's ground forces" in changes
    seen = rs.view(s, "al")
    other = cp.snapshot(s)
    changes["bo's ground forces"](other)
    assert other["campaign"]["units"]["NR-RGF2"]["count"] == 99
    assert rs.view(other, "al") == seen
    assert cp.ledger(other["campaign"], "bo")["ground_forces"] != cp.ledger(s["campaign"], "bo")["ground_forces"]


def test_rgf_03_the_gm_reads_every_factions_ground_forces() -> None:
    """TOTE-RGF-03: the GM's books give each faction's RGF in one line (the GM sees everything)."""
    from core.rulesets.tote.campaign import gm as campaign_gm
    s = state()
    assert "ground forces: 100 infantry squads, 10 GAVs, 1 SF squadron at Mon Calamari" in campaign_gm.faction_rows(s, "bo")
    for uid in guard(s["campaign"], "bo"):
        s["campaign"]["units"][uid]["destroyed"] = True
    assert "ground forces: none" in campaign_gm.faction_rows(s, "bo")


def test_rgf_01_garrison_01_survivors_of_a_fallen_facility_take_cover_in_a_new_one() -> None:
    """TOTE-RGF-01, TOTE-GARRISON-01: the New Republic's command center falls; its RGF survives in the
    open; a Ground Forces Factory completed on the same grid takes the survivors in (room: 50
    infantry, 10 GAVs), tops nothing up beyond its room, and the rest stay in the open."""
    c = state()["campaign"]
    c["facilities"]["NR-FCC"]["destroyed"] = True
    assert campaign_ground.limits(c, "bo", "mon_calamari", "G-2") == {"sf": 0, "infantry": 0, "gav": 0}
    c["facilities"]["NR-B1"] = {"id": "NR-B1", "type": "FACTORY", "faction": "bo", "system": "mon_calamari",
                                "space": "G-2/surface", "destroyed": False}
    assert campaign_ground.on_facility(c, c["facilities"]["NR-B1"]) == []  # nothing new: the survivors fill it
    homes = {uid: (u["garrisoned_in"], u.get("count", 1)) for uid, u in guard(c, "bo").items()}
    assert homes == {"NR-RGF1": ("NR-FCC", 1), "NR-RGF2": ("NR-FCC", 100), "NR-RGF3": ("NR-B1", 10)}


def session_at_coruscant() -> Session:
    """A campaign game through the session: the GE (al, Coruscant, its stock RGF GE-RGF1 TIE Fighters,
    GE-RGF2 100 Stormtroopers, GE-RGF3 10 AT-ST) posts first."""
    s = Session.new("tote", [("al", "GE"), ("bo", "NR")], scenario="campaign", seed="rgf")
    s.state["active"], s.state["initiative"] = "al", ["al", "bo"]
    return s


def test_rgf_02_upgrade_replaces_stock_units_one_for_one_paid_in_the_post() -> None:
    """TOTE-RGF-02 ("can be upgraded if a player so chooses"), TOTE-STOCK-05 (1-for-1 by a purchased
    unit of the same kind) (issue 29.5): ``upgrade GE-RGF2 ISF 20`` in the GE's post stands 20 of its
    100 stock Stormtroopers down for 20 Imperial Special Forces (30 KC each: 600 KC), garrisoned in
    the same facility, no longer stock; ``upgrade GE-RGF1 TIEI`` replaces the squadron under its id
    (300 KC); the RGF still holds 100 infantry; the owner reads each, and its ledger shows them."""
    s = session_at_coruscant()
    c = s.state["campaign"]
    kc = c["treasury"]["al"]
    s.order("al", "al", "upgrade GE-RGF2 ISF 20")
    s.order("al", "al", "upgrade GE-RGF1 TIEI")
    assert [o["text"] for o in s.state["sheets"]["al"]] == ["upgrade GE-RGF2 ISF 20", "upgrade GE-RGF1 TIEI"]
    assert c["units"]["GE-RGF2"]["count"] == 100, "the order was carried out before the post"
    s.ready("al", "al", True)
    rgf = guard(c, "al")
    assert {i: (u["type"], u.get("count", 1), u.get("built", False)) for i, u in rgf.items()} == {
        "GE-RGF1": ("TIEI", 1, True), "GE-RGF2": ("STORM", 80, False), "GE-RGF3": ("ATST", 10, False),
        "GE-RGF4": ("ISF", 20, True)}, rgf
    assert rgf["GE-RGF4"]["garrisoned_in"] == "GE-FCC" and rgf["GE-RGF4"]["system"] == "coruscant"
    assert c["treasury"]["al"] == kc - 600 - 300, f"paid {kc - c['treasury']['al']} KC, not 900"
    said = [e["text"] for e in s.events_for("al")]
    assert ("Your Reserve Guard Force at Coruscant is upgraded: 20 × Stormtrooper Squad (stock) stood down for 20 × "
            "Imperial Special Forces Squad (GE-RGF4) in the Faction Command Center (GE-FCC), 600 KC (TOTE-RGF-02).") in said, said
    assert "GE-RGF4: 20 × Imperial Special Forces Squad (purchased) in the Faction Command Center (GE-FCC) at Coruscant (G-1)" \
        in cp.ledger(c, "al")["ground_forces"]
    assert not [e for e in s.events_for("bo") if "Reserve Guard Force" in str(e["text"])], "the upgrade is al's secret"


def test_rgf_02_stock_05_upgrade_refusals_say_why_and_change_nothing() -> None:
    """TOTE-RGF-02, TOTE-STOCK-05, TOTE-CONFLICT-03: an upgrade to another kind (a GAV to a squadron),
    with no type, of a purchased unit, beyond the treasury, or at a world in conflict is refused
    saying why, and nothing changes."""
    s = session_at_coruscant()
    c = s.state["campaign"]
    with pytest.raises(HolotableError, match="a stock GAV is replaced only by another GAV, not by TIEI"):
        s.order("al", "al", "upgrade GE-RGF3 TIEI")
    with pytest.raises(HolotableError, match="name the type to upgrade GE-RGF2 to: upgrade GE-RGF2 <type>"):
        s.order("al", "al", "upgrade GE-RGF2")
    before = cp.snapshot(c)
    c["treasury"]["al"] = 100
    with pytest.raises(OrderError, match="20 × Imperial Special Forces Squad cost 600 KC \\(30 each\\); you have 100 KC"):
        campaign_ground.upgrade(c, "al", "GE-RGF2", "ISF", 20)
    c["treasury"]["al"] = before["treasury"]["al"]
    c["status"]["coruscant"] = {**c["status"].get("coruscant", {}), "in_conflict": True}
    with pytest.raises(OrderError, match="Coruscant is in conflict: no upgrade .*TOTE-CONFLICT-03"):
        campaign_ground.upgrade(c, "al", "GE-RGF2", "ISF", 20)
    c["status"]["coruscant"] = before["status"].get("coruscant", c["status"]["coruscant"])
    if "coruscant" not in before["status"]:
        del c["status"]["coruscant"]
    assert c == before, "a refused upgrade changed the campaign"
    campaign_ground.upgrade(c, "al", "GE-RGF1", "TIEI")
    with pytest.raises(OrderError, match="GE-RGF1 is purchased already, not stock"):
        campaign_ground.upgrade(c, "al", "GE-RGF1", "TIEAV")


def test_rgf_01_03_station_buys_units_into_the_rgf_within_its_limits() -> None:
    """TOTE-RGF-01 ("permanently stationed" in a facility), TOTE-RGF-03 (issue 29.5): after losing 30
    Stormtroopers the GE's ``station STORM 30 coruscant`` buys 30 (8 KC each: 240 KC) into its RGF,
    garrisoned in its facility there, purchased; a 31st over the 100 is refused naming the limit, a
    world without a facility of its is not offered, and nothing changes on a refusal."""
    s = session_at_coruscant()
    c = s.state["campaign"]
    c["units"]["GE-RGF2"]["count"] = 70  # lost in a battle
    kc = c["treasury"]["al"]
    with pytest.raises(HolotableError, match="holds at most 100 infantry squads .*it has 70, so 30 more at most, not 31"):
        s.order("al", "al", "station STORM 31 coruscant")
    with pytest.raises(HolotableError, match="'kuat' is not a world you can use here; legal: coruscant"):
        s.order("al", "al", "station STORM 5 kuat")
    s.order("al", "al", "station STORM 30 Coruscant")
    assert [o["text"] for o in s.state["sheets"]["al"]] == ["station STORM 30 coruscant"]
    s.ready("al", "al", True)
    new = [u for u in guard(c, "al").values() if u.get("built")]
    assert [(u["type"], u["count"], u["garrisoned_in"], u["space"]) for u in new] == [("STORM", 30, "GE-FCC", "G-1/surface")], new
    assert c["treasury"]["al"] == kc - 240
    assert any(e["text"].startswith("30 × Stormtrooper Squad stationed in your Reserve Guard Force on G-1 at Coruscant")
               for e in s.events_for("al"))
