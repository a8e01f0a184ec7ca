"""The campaign's battles faithful to the text, and its victory (issue 18): the Imperial Sector Palace
and the Coruscant SSD, who destroyed them and who wins (TOTE-WIN-01/02, TOTE-GAP-29), one conflict
status for the battle and the galaxy (TOTE-CONFLICT-01/02), Tatooine's amnesty on battle orders
(TOTE-GAP-49), scans of ships out of hyperspace today (TOTE-SCAN-02), a world's ground grids on its
battle grid (TOTE-GAP-55), one departure notice (TOTE-COMMS-05) and factions named by name."""
from __future__ import annotations

import pytest

from core.errors import OrderError
from core.rulesets.tote import TwilightOfTheEmpire
from core.rulesets.tote.battle import flow
from core.rulesets.tote.campaign import battle as campaign_battle
from core.rulesets.tote.campaign import flow as campaign_flow
from core.rulesets.tote.campaign import state as cp
from core.rulesets.tote.campaign import victory as campaign_victory
from core.rulesets.tote.campaign import worlds
from core.rulesets.tote.rules import grid, model


def game(world: str, seats: list[tuple[str, str]] | None = None) -> dict:
    """A campaign game (GE at al, NR at bo unless ``seats``) with every unit moved to ``world``, the
    next day begun (conflict noted there)."""
    state = campaign_flow.new_state(seats or [("al", "GE"), ("bo", "NR")], {}, "battles")
    for u in state["campaign"]["units"].values():
        u["system"] = world
    for f in state["campaign"]["facilities"].values():
        f["system"] = world if f["type"] != "PALACE" else f["system"]
    cp.start_turn(state["campaign"])
    state["turn"] = state["campaign"]["turn"]
    return state


def battle(state: dict, world: str) -> dict:
    """The battle state of ``world`` today, as :func:`.campaign_battle.fight` makes it."""
    c = state["campaign"]
    b = campaign_battle.battle_state(TwilightOfTheEmpire(), c, world, campaign_flow.turn_order(state), state["dice"],
                                     state["options"])
    campaign_victory.before_battle(c, world, b, campaign_flow.turn_order(state))
    b["initiative"] = flow.turn_order(b)
    b["turn"] = 1
    return b


def post(b: dict, seat: str, orders: list[str]) -> list:
    """``seat`` posts ``orders`` in battle ``b`` (its post opened now)."""
    flow.begin_post(b, seat)
    b["sheets"][seat] = [{"text": t} for t in orders]
    return flow.resolve_post(TwilightOfTheEmpire(), b)


def test_win_02_the_palace_and_the_ssd_stand_at_coruscant_from_the_start() -> None:
    """TOTE-WIN-02: a new campaign has the Imperial Sector Palace at Coruscant (the GE's, on the
    Surface of its quadrant) and the GE's bonus SSD there; the victory record names both."""
    state = campaign_flow.new_state([("al", "GE"), ("bo", "NR")], {}, "start")
    c = state["campaign"]
    palace = c["facilities"]["GE-PALACE"]
    assert (palace["type"], palace["faction"], palace["system"], palace["space"]) == ("PALACE", "al", "coruscant", "G-1/surface")
    v = state["victory"]
    assert v["palace"] == "GE-PALACE" and c["units"][v["ssd"]]["type"] == "SSD"
    assert c["units"][v["ssd"]]["system"] == "coruscant" and c["units"][v["ssd"]]["faction"] == "al"
    assert v["fallen"] == {} and v["winner"] is None
    without = campaign_flow.new_state([("al", "NR"), ("bo", "HS")], {}, "no GE")
    assert without["victory"]["ssd"] is None and "PALACE" not in {f["type"] for f in without["campaign"]["facilities"].values()}


def test_win_02_the_palace_fights_in_coruscants_battle_and_keeps_its_damage() -> None:
    """TOTE-WIN-02: the Palace is an installation of Coruscant's battle (on the ground, its full
    layers: shields 1000, armor 2000, hull 3000); its damage stays with it after the battle day."""
    state = game("coruscant")
    b = battle(state, "coruscant")
    pal = b["units"]["GE-PALACE"]
    assert model.is_installation(pal) and (pal["shields"], pal["armor"], pal["hull"]) == (1000, 2000, 3000)
    pal["shields"], pal["hull"] = 0, 1234
    campaign_victory.after_battle(state["campaign"], "coruscant", b)
    f = state["campaign"]["facilities"]["GE-PALACE"]
    assert (f["shields"], f["armor"], f["hull"], f["destroyed"]) == (0, 2000, 1234, False)
    again = battle(state, "coruscant")
    assert (again["units"]["GE-PALACE"]["shields"], again["units"]["GE-PALACE"]["hull"]) == (0, 1234)


def test_gap_29_a_destroyed_unit_carries_its_destroyer() -> None:
    """TOTE-GAP-29: a unit destroyed in a faction's post is marked ``destroyed_by`` that faction's seat
    and noted in the battle's kills: NR's gunship finishing the SSD (1 hull point left) in NR's post."""
    state = game("coruscant")
    b = battle(state, "coruscant")
    ssd = state["victory"]["ssd"]
    gun = next(u for u in b["units"].values() if u["faction"] == "bo" and u["type"] == "CGUN")
    b["units"][ssd].update(shields=0, armor=0, hull=1, space=gun["space"])
    post(b, "bo", [f"fire {gun['id']} {ssd}"])
    assert b["units"][ssd]["destroyed"] and b["units"][ssd]["destroyed_by"] == "bo"
    assert {"unit": ssd, "by": "bo", "turn": 1} in b["kills"]


def test_win_01_gap_29_whoever_destroys_the_second_of_ssd_and_palace_wins() -> None:
    """TOTE-WIN-01/02, TOTE-GAP-29: NR destroys the SSD, then the Palace falls in NR's post: Coruscant
    is captured, the New Republic wins at once and check_end ends the game with its seat as winner;
    the public texts name the faction (never a seat id or code)."""
    state = game("coruscant")
    c = state["campaign"]
    b = battle(state, "coruscant")
    ssd = state["victory"]["ssd"]
    gun = next(u for u in b["units"].values() if u["faction"] == "bo" and u["type"] == "CGUN")
    b["units"][ssd].update(shields=0, armor=0, hull=1, space=gun["space"])
    post(b, "bo", [f"fire {gun['id']} {ssd}"])
    campaign_victory.after_battle(c, "coruscant", b)
    events = campaign_victory.falls(state)
    assert [e["text"] for e in events] == ["the Coruscant Super Star Destroyer has fallen to New Republic"]
    assert events[0]["to"] == ["all"] and state["victory"]["winner"] is None
    b = battle(state, "coruscant")
    standing = {i for i, u in b["units"].items() if not u["destroyed"]}
    b["units"]["GE-PALACE"].update(shields=0, armor=0, hull=0, destroyed=True)
    flow.mark_destroyers(b, "bo", standing)
    campaign_victory.after_battle(c, "coruscant", b)
    events = campaign_victory.falls(state)
    assert c["facilities"]["GE-PALACE"]["destroyed"] and c["facilities"]["GE-PALACE"]["destroyed_by"] == "bo"
    assert [e["text"] for e in events] == [
        "the Imperial Sector Palace has fallen to New Republic",
        "New Republic wins the game: Coruscant is captured: the SSD and the Imperial Sector Palace have fallen (TOTE-WIN-01/02)"]
    assert state["victory"]["captured"] and state["victory"]["winner"] == "NR"
    campaign_flow.check_end(state)
    assert state["result"]["winners"] == ["bo"] and state["active"] is None


def test_gap_29_the_ge_destroying_its_own_second_bastion_wins_nothing() -> None:
    """TOTE-GAP-29: the SSD fell to NR; the GE itself destroys the Palace (the second): Coruscant is
    captured but nobody wins, and the game goes on."""
    state = game("coruscant")
    c = state["campaign"]
    c["kills"] = [{"unit": state["victory"]["ssd"], "by": "NR", "hour": 24}, {"unit": "GE-PALACE", "by": "GE", "hour": 24}]
    events = campaign_victory.falls(state)
    assert state["victory"]["captured"] and state["victory"]["winner"] is None
    assert "nobody wins" in events[-1]["text"] and "kills" not in c
    campaign_flow.check_end(state)
    assert state["result"] is None


def test_gap_29_a_faction_keeping_only_a_facility_is_not_eliminated() -> None:
    """TOTE-GAP-29: elimination counts facilities too: NR with no stronghold world and no capital ship
    left but its Faction Command Center standing stays in the game; without it, it is eliminated
    (the text names the New Republic)."""
    state = campaign_flow.new_state([("al", "GE"), ("bo", "NR"), ("cy", "HS")], {}, "elim")
    c = state["campaign"]
    for w in c["strongholds"]["bo"]:
        c["planets"][w]["owner"] = "cy"
    for u in c["units"].values():
        if u["faction"] == "bo":
            u["destroyed"] = True
    assert campaign_flow.check_end(state) == []
    assert state["victory"]["eliminated"] == [] and state["result"] is None
    c["facilities"]["NR-FCC"]["destroyed"] = True
    events = campaign_flow.check_end(state)
    assert state["victory"]["eliminated"] == ["NR"]
    assert events[0]["text"].startswith("New Republic is eliminated")


def test_conflict_01_02_the_battle_reads_the_galaxys_conflict_status() -> None:
    """TOTE-CONFLICT-01/02: a campaign battle is in conflict exactly when the galaxy says its world is
    (set at the turn start); the battle's view shows the same."""
    state = game("coruscant")
    b = battle(state, "coruscant")
    assert worlds.contested(state["campaign"]) == ["coruscant"] and flow.in_conflict(b) is True
    view = TwilightOfTheEmpire().view(b, "al")
    assert "in conflict" in str(view)
    state["campaign"]["status"]["coruscant"]["in_conflict"] = False
    assert flow.in_conflict(battle(state, "coruscant")) is False


def test_gap_49_a_fire_order_at_tatooine_is_refused_with_the_reason() -> None:
    """TOTE-GAP-49: at Tatooine (an amnesty world, option on) a human's fire order is refused with the
    amnesty's text, nothing is queued, and the automatic defence fires no shot; with the option off
    the same order is accepted."""
    state = game("tatooine", [("al", "GE"), ("bo", "IND")])
    b = battle(state, "tatooine")
    rs = TwilightOfTheEmpire()
    seat = b["initiative"][0]
    flow.begin_post(b, seat)
    mine = next(u for u in b["units"].values() if u["faction"] == seat and model.is_capital(u) and not u.get("pdf"))
    theirs = next(u for u in b["units"].values() if u["faction"] != seat and model.is_capital(u))
    mine["space"] = theirs["space"]
    with pytest.raises(OrderError, match="Intergalactic Amnesty world.*'fire' refused, TOTE-GAP-49"):
        rs.submit(b, seat, f"fire {mine['id']} {theirs['id']}")
    assert b["sheets"][seat] == []
    events = flow.resolve_post(rs, b)
    assert not [e for e in events if e["kind"] == "tote.hit"]
    state["options"]["tatooine_amnesty"] = False
    b = battle(state, "tatooine")
    flow.begin_post(b, seat)
    b["units"][mine["id"]]["space"] = b["units"][theirs["id"]]["space"]
    rs.submit(b, seat, f"fire {mine['id']} {theirs['id']}")
    assert len(b["sheets"][seat]) == 1


def test_scan_02_a_ship_out_of_hyperspace_today_has_no_scan_yet() -> None:
    """TOTE-SCAN-02: in a campaign battle a ship that left hyperspace today covers only its own space
    (its scan completes at the next turn start, as on the galaxy); one there since yesterday covers
    what its sensors reach."""
    state = game("coruscant")
    b = battle(state, "coruscant")
    seat = "bo"
    ships = [u for u in b["units"].values() if u["faction"] == seat and model.can_scan(u) and u["space"]]
    for u in ships:
        u["arrived_turn"] = state["campaign"]["turn"]
    assert model.sensor_spaces(b, seat) == set()
    assert model.visible_spaces(b, seat) == set()
    ships[0]["arrived_turn"] = state["campaign"]["turn"] - 1
    assert model.sensor_spaces(b, seat) == {ships[0]["space"]} and len(model.visible_spaces(b, seat)) > 1


@pytest.mark.parametrize("world, grids", [("bespin", 1), ("kessel", 2), ("fondor", 2), ("coruscant", 4), ("sluis_van", 0)])
def test_gap_55_a_world_fights_on_as_many_ground_grids_as_it_has(world: str, grids: int) -> None:
    """TOTE-GAP-55 / TOTE-GAP-03: the battle grid of a world has its ground grids G-1..G-n (Bespin 1,
    Kessel and Fondor 2, Coruscant 4, Sluis Van none), the Atmosphere only above a ground."""
    state = game(world)
    b = battle(state, world)
    ground = {grid.ground_grid(s) for s in grid.spaces(b["ground"]) if grid.ground_grid(s)}
    assert ground == {f"G-{k}" for k in range(1, grids + 1)}
    assert ("ATMO" in grid.spaces(b["ground"])) == (grids > 0)
    rows = TwilightOfTheEmpire().view(b, "al")["board"]["spaces"]
    assert {grid.ground_grid(s) for s in rows if grid.ground_grid(s)} == ground


def test_gap_55_a_move_to_a_missing_ground_grid_is_refused_naming_the_grids() -> None:
    """TOTE-GAP-55: on Bespin (one ground grid) G-2 is no space of the grid: a move there is refused
    naming what there is."""
    with pytest.raises(OrderError, match="G-2"):
        grid.parse_space("G-2 surface", 1)
    from core.rulesets.tote.battle import movement
    u = model.new_unit("X", "LAMBDA", "al", "ATMO")
    with pytest.raises(OrderError, match="only the ground grid G-1"):
        movement.plan_move(u, movement.mover_of(model.spec(u)), ["G-2/air"], ground=1)
    assert "G-1/air" in movement.legal_moves(u, movement.mover_of(model.spec(u)), ground=1)


def test_stock_06_gap_25_campaign_ships_carry_their_complement_and_a_barge_carries_the_walkers() -> None:
    """TOTE-STOCK-06 / TOTE-BOARD-01 / TOTE-GAP-25: a campaign's ships start with their complement as
    in a battle: the IR's Imperial Star Destroyer II (IR-1) carries its TIEs, a Lambda with 10
    stormtroopers and a Landing Barge with its 4 AT-ATs and 6 AT-STs (room 4 x 4 + 6 x 2 = 28 of
    40), in its system with it; the craft's CP is the carrier's (the ledger: the 23 CP of the ready fleet plus the bonus ISD2's 11)."""
    c = cp.new_campaign([("al", "GE"), ("ir", "IR")])
    isd = c["units"]["IR-1"]
    assert isd["type"] == "ISD2" and [c["units"][i]["type"] for i in isd["carried"]] == [
        "BARGE", "LAMBDA", "TIEF", "TIEF", "TIEF", "TIEF", "TIEI", "TIEI"]
    barge, lam = (c["units"][i] for i in isd["carried"][:2])
    assert [(v["type"], v["count"]) for v in barge["vehicles"]] == [("ATAT", 4), ("ATST", 6)] and barge["troops"] == []
    assert [(t["type"], t["count"]) for t in lam["troops"]] == [("INF", 10)]
    assert all(c["units"][i]["system"] == "bastion" and c["units"][i]["carried_by"] == "IR-1" for i in isd["carried"])
    led = cp.ledger(c, "ir")
    assert (led["cp"], led["cp_free"]) == (23 + 11, 23)  # ISD2 11 + VSD 6 + STRK 5 + TIEAV 1, and the bonus ISD2


def test_g2g_01_walkers_put_down_in_a_campaign_battle_stay_on_the_ground_the_next_day() -> None:
    """TOTE-G2G-01 / TOTE-GAP-25: the IR's Landing Barge, landed on Coruscant's G-1 Surface, puts its
    4 AT-ATs and 6 AT-STs down; the stacks join the campaign at Coruscant, hold the world with the
    IR's units (the galaxy counts them present) and are in the next day's battle where they stood."""
    state = game("coruscant", [("al", "GE"), ("ir", "IR")])
    c = state["campaign"]
    b = battle(state, "coruscant")
    barge = b["units"]["IR-2"]
    b["units"]["IR-1"]["carried"].remove("IR-2")
    barge.update(carried_by=None, space="G-1/surface")
    events = post(b, "ir", ["land IR-2"])
    landed = [e["text"] for e in events if e["kind"] == "tote.land"]
    assert landed == ["IR-2 puts 4 ATAT down on G-1 Surface as IR-2-T1.", "IR-2 puts 6 ATST down on G-1 Surface as IR-2-T2."]
    campaign_victory.after_battle(c, "coruscant", b)
    walkers = c["units"]["IR-2-T1"]
    assert (walkers["type"], walkers["count"], walkers["system"], walkers["space"]) == ("ATAT", 4, "coruscant", "G-1/surface")
    assert "ir" in worlds.present(c, "coruscant")
    cp.start_turn(c)
    state["turn"] = c["turn"]
    nxt = battle(state, "coruscant")
    assert nxt["units"]["IR-2-T1"]["space"] == "G-1/surface" and nxt["units"]["IR-2-T2"]["count"] == 6
    led = cp.ledger(c, "ir")
    main = led["fleets"]["main"]
    assert campaign_flow.view(state, "ir")["resources"]["fleet CP"] == f"{main['cp']}/{main['cp_limit']}"


def test_fatigue_02_the_clock_runs_across_campaign_days() -> None:
    """TOTE-FATIGUE-02 / TOTE-GAP-44: the fatigue clock of an attacking force is kept by the campaign
    between battle days: the IR's 4 AT-ATs on G-1, against the GE's Palace there, landed 14 days ago
    (a force under both caps), tire at the start of today's battle (-1 UCR, public); the clock goes
    back to the campaign in campaign days."""
    state = game("coruscant", [("al", "GE"), ("ir", "IR")])
    c = state["campaign"]
    day = int(c["turn"])
    walkers = model.new_stack("IR-2-T1", "ATAT", "ir", "G-1/surface", 4)
    walkers.update(system="coruscant", transit=None, host="IR-2")
    c["units"]["IR-2-T1"] = walkers
    c["fatigue"] = {"coruscant": {"ir": {"G-1": {"since": day - 13, "left": None}}}}
    b = campaign_battle.battle_state(TwilightOfTheEmpire(), c, "coruscant", campaign_flow.turn_order(state),
                                     state["dice"], state["options"])
    assert campaign_victory.before_battle(c, "coruscant", b) == []
    assert not b["units"]["IR-2-T1"].get("fatigued")
    c["fatigue"]["coruscant"]["ir"]["G-1"]["since"] = day - 14
    b = campaign_battle.battle_state(TwilightOfTheEmpire(), c, "coruscant", campaign_flow.turn_order(state),
                                     state["dice"], state["options"])
    events = campaign_victory.before_battle(c, "coruscant", b)
    assert b["units"]["IR-2-T1"]["fatigued"] is True
    assert [e["text"] for e in events] == ["ir's force on G-1 (0 squads, 4 GAVs) has been deployed 14 days: Combat Fatigue, -1 UCR."]
    assert events[0]["to"] == ["all"]
    b["turn"] = 1
    campaign_victory.after_battle(c, "coruscant", b)
    assert c["fatigue"]["coruscant"]["ir"]["G-1"] == {"since": day - 14, "left": None}


def test_fatigue_03_troops_taken_back_aboard_jump_with_their_ship_and_stay_aboard() -> None:
    """TOTE-FATIGUE-03 / TOTE-GAP-06: 4 AT-ATs embarked on the IR's Landing Barge (aboard IR-1) ride along
    when IR-1 jumps, and arrive aboard (no space of the grid), not set up in a Deep Space Zone."""
    c = cp.new_campaign([("al", "GE"), ("ir", "IR")])
    stack = model.new_stack("IR-2-T1", "ATAT", "ir", None, 4)
    stack.update(system="bastion", transit=None, embarked_in="IR-2")
    c["units"]["IR-2-T1"] = stack
    c["units"]["IR-2"]["embarked"] = ["IR-2-T1"]
    cp.jump(c, "ir", ["IR-1"], "coruscant")
    assert c["units"]["IR-2-T1"]["transit"]["to"] == "coruscant" and c["units"]["IR-2-T1"]["system"] is None
    while c["units"]["IR-1"]["transit"]:
        cp.start_turn(c)
    s = c["units"]["IR-2-T1"]
    assert (s["system"], s["space"], s["embarked_in"]) == ("coruscant", None, "IR-2")
    assert c["units"]["IR-1"]["space"].startswith("DSZ-")


def test_comms_05_a_withdrawal_from_battle_is_one_public_departure_notice() -> None:
    """TOTE-COMMS-05 / TOTE-TIME-05: NR's ships that withdrew from Coruscant's battle leave for the
    nearest world NR holds; everyone reads one departure notice naming the New Republic and Coruscant,
    never the destination; the notice is the one comms.departure_notice builds (kept for knowledge)."""
    state = game("coruscant")
    c = state["campaign"]
    gone = sorted(i for i, u in c["units"].items() if u["faction"] == "bo" and u["type"] == "CGUN")[:2]
    for i in gone:
        c["units"][i]["withdrawn"] = True
    events = campaign_battle._withdrawals(c, "coruscant", ["al", "bo"])
    public = [e for e in events if e["kind"] == "tote.departed"]
    assert [e["text"] for e in public] == ["New Republic fleet of 2 capital ships departed Coruscant."]
    assert public[0]["to"] == ["all"]
    notice = c["notices"][-1]
    assert (notice["kind"], notice["owner"], notice["origin"], notice["ships"]) == ("departure", "bo", "coruscant", 2)
    dest = c["units"][gone[0]]["transit"]["to"]
    assert dest not in str(public) and dest not in str(notice)


def test_ob_01_win_01_an_orbital_bombardment_brings_the_palace_down_and_wins() -> None:
    """TOTE-OB-01 / TOTE-WIN-01/02 / TOTE-GAP-29: the IR's ISD-II over G-1 (A-1) bombards the Palace:
    its shields fall from 1000 to 876 (ion 10 + standard 114); with the SSD already fallen to the IR
    and the Palace down to its last hull point, the next bombardment destroys it in the IR's post,
    and the Imperial Remnant wins."""
    state = game("coruscant", [("al", "GE"), ("ir", "IR")])
    c = state["campaign"]
    b = battle(state, "coruscant")
    b["units"]["IR-1"]["space"] = "A-1"
    events = post(b, "ir", ["bombard IR-1 GE-PALACE"])
    assert "IR-1 hits GE-PALACE: ion 10, standard 114" in [e["text"] for e in events]
    assert b["units"]["GE-PALACE"]["shields"] == 876
    state["victory"]["fallen"] = {"ssd": {"by": "IR", "hour": 0}}
    b = battle(state, "coruscant")
    b["units"]["IR-1"]["space"] = "A-1"
    b["units"]["GE-PALACE"].update(shields=0, armor=0, hull=1)
    post(b, "ir", ["bombard IR-1 GE-PALACE"])
    assert b["units"]["GE-PALACE"]["destroyed"] and b["units"]["GE-PALACE"]["destroyed_by"] == "ir"
    campaign_victory.after_battle(c, "coruscant", b)
    texts = [e["text"] for e in campaign_victory.falls(state)]
    assert texts[-1].startswith("Imperial Remnant wins the game: Coruscant is captured")
    campaign_flow.check_end(state)
    assert state["result"]["winners"] == ["ir"]


def test_conflict_05_a_world_stays_in_conflict_while_its_hosts_facility_stands() -> None:
    """TOTE-CONFLICT-05: with every GE ship gone from Coruscant and the IR's fleet there, the GE's
    Palace and Command Center keep the GE present: the world stays in conflict (no IR claim) and the
    GE's seat is in the battle with its facilities, though none of them fights (unarmed)."""
    state = campaign_flow.new_state([("al", "GE"), ("ir", "IR")], {}, "host")
    c = state["campaign"]
    for u in c["units"].values():
        u["system"] = "coruscant" if u["faction"] == "ir" else "bastion"
        u["space"] = None if not u.get("carried_by") else u["space"]
    for _ in range(3):
        cp.start_turn(c)
    state["turn"] = c["turn"]
    assert worlds.present(c, "coruscant") == {"al", "ir"} and "coruscant" in worlds.contested(c)
    assert c["planets"]["coruscant"]["owner"] == "al"
    b = battle(state, "coruscant")
    assert set(b["seats"]) == {"al", "ir"} and {"GE-PALACE", "GE-FCC"} <= set(b["units"])
    assert not any(model.fighting(u) for u in b["units"].values() if u["faction"] == "al")


def test_campaign_battle_texts_name_factions_not_seats() -> None:
    """Event texts of a campaign battle name the factions (the New Republic posts, the Galactic
    Empire's units), never a seat id; unit ids stay as they are."""
    state = game("coruscant")
    events = campaign_flow.battles(state)
    texts = [e["text"] for e in events]
    assert any(t.startswith("At Coruscant: New Republic posts.") or t.startswith("At Coruscant: Galactic Empire posts.") for t in texts)
    import re
    assert not [t for t in texts if re.search(r"(?<![\w-])(al|bo)(?![\w-])", t)]
    assert any(re.search(r"\bGE-\d+", t) for t in texts)
    renamed = campaign_victory.name_seats(state["campaign"], [{"text": "bo's force on G-1; al-1 and BO-2 stay", "to": ["all"]}])
    assert renamed[0]["text"] == "New Republic's force on G-1; al-1 and BO-2 stay"
