"""The Twilight campaign bots take worlds (issue 31, aim 3): a fleet at a hostile world with nothing in
sight moves in to the B-Ring, whose sensors cover the ground (TOTE-GAP-37); it strikes the facility that
shelters a garrison, never the garrison itself (TOTE-GARRISON-01/02); a foreign facility still standing
keeps the battle going for the forces there until it falls, so that the world can be occupied and
claimed (TOTE-CONFLICT-01/05/06); the bots claim before they build; and they send no fleet to the
amnesty world, where no battle is ever fought (TOTE-GAP-49)."""
from __future__ import annotations

from typing import Any

from core.rulesets.tote import TwilightOfTheEmpire
from core.rulesets.tote.battle import flow
from core.rulesets.tote.campaign import battle as campaign_battle
from core.rulesets.tote.campaign import conflict, worlds
from core.rulesets.tote.campaign import flow as campaign_flow
from core.rulesets.tote.campaign import state as cp
from core.rulesets.tote.campaign import victory as campaign_victory
from core.rulesets.tote.campaign.build import buildable
from core.rulesets.tote.campaign.claims import cheapest_claim
from core.rulesets.tote.rules import model
from core.rulesets.tote.rules.data import facility_types, unit_types

WORLD = "mon_calamari"


def raid(spaces: dict[str, str]) -> dict[str, Any]:
    """A campaign of the GE (seat al) and the New Republic (seat bo) where the New Republic's ships are
    gone from Mon Calamari (its Command Center and the RGF garrisoned in it stand) and the GE's ships
    ``spaces`` (id -> grid space) stand there since yesterday."""
    s = campaign_flow.new_state([("al", "GE"), ("bo", "NR")], {}, "bots-raid")
    c = s["campaign"]
    for u in c["units"].values():
        if u["faction"] == "bo" and not u.get("rgf"):
            u["destroyed"] = True
    for uid, space in spaces.items():
        c["units"][uid].update(system=WORLD, space=space, arrived_turn=int(c["turn"]) - 1)
    for u in c["units"].values():
        if u.get("carried_by") in spaces:
            u["system"] = WORLD  # its craft came along aboard
    return s


def battle_view(s: dict[str, Any]) -> tuple[TwilightOfTheEmpire, dict[str, Any]]:
    """The battle at Mon Calamari today, with the GE (al) posting."""
    rs = TwilightOfTheEmpire()
    c = s["campaign"]
    order = campaign_flow.turn_order(s)
    b = campaign_battle.battle_state(rs, c, WORLD, order, s["dice"], s["options"])
    campaign_victory.before_battle(c, WORLD, b, order)
    b["initiative"], b["turn"] = flow.turn_order(b), 1
    return rs, b


def test_gap_37_with_nothing_in_sight_the_fleet_moves_in_to_the_b_ring_to_see_the_ground() -> None:
    """TOTE-GAP-37: from the C-Ring or a Deep Space Zone no sensor covers the Surface, where the New
    Republic's Command Center and garrison stand; the bot that sees nothing moves its ships in to the
    B-Ring space of their quadrant (it used to wait in the C-Ring for ever)."""
    rs, b = battle_view(raid({"GE-8": "C-1", "GE-11": "DSZ-3"}))
    flow.begin_post(b, "al")
    view = rs.view(b, "al")
    assert view["facts"]["contacts"] == [], f"the test wants nothing in sight: {view['facts']['contacts']}"
    orders = rs.bot(view, "al")
    assert "move GE-8 B-1" in orders and "move GE-11 B-3" in orders, f"the bot did not move in to look: {orders}"
    for text in orders:
        rs.submit(b, "al", text)
    flow.resolve_post(rs, b)
    assert {b["units"]["GE-8"]["space"], b["units"]["GE-11"]["space"]} == {"B-1", "B-3"}
    assert "NR-FCC" in {c["id"] for c in rs.view(b, "al")["facts"]["contacts"]}, "from the B-Ring the Surface is still unseen"


def test_garrison_01_02_the_bot_strikes_the_facility_that_shelters_the_garrison() -> None:
    """TOTE-GARRISON-01/02: the RGF garrisoned in the standing Command Center cannot be attacked from
    outside; the bot's troops on that Surface fire at the Command Center (they used to aim every gun at
    the garrison, each order refused, and the battle stood still for ever). The contacts say which
    units are sheltered."""
    s = raid({"GE-8": "B-2"})
    rs, b = battle_view(s)
    b["units"]["GE-T1"] = model.new_stack("GE-T1", "STORM", "al", "G-2/surface", 10)
    flow.begin_post(b, "al")
    view = rs.view(b, "al")
    sheltered = {c["id"] for c in view["facts"]["contacts"] if c["sheltered"]}
    assert sheltered == {"NR-RGF1", "NR-RGF2", "NR-RGF3"}, sheltered
    orders = rs.bot(view, "al")
    assert not [o for o in orders if "NR-RGF" in o], f"the bot aimed at the sheltered garrison: {orders}"
    assert "fire GE-T1 NR-FCC" in orders, orders
    for text in orders:
        rs.submit(b, "al", text)  # every order is given (a refused one raises)
    b["units"]["NR-FCC"].update(disabled=True, armor=0)
    assert not any(c["sheltered"] for c in rs.view(b, "al")["facts"]["contacts"]), "a fallen facility still shelters"


def test_conflict_01_05_a_standing_foreign_facility_keeps_the_battle_known_until_it_falls() -> None:
    """TOTE-CONFLICT-01/05: with the garrison gone, the New Republic's Command Center still stands at
    Mon Calamari; the GE's forces there know the battle (their bot posts its orders, and the ships
    stay to fight it) instead of flying on and leaving a world that can never be occupied."""
    s = raid({"GE-8": "B-2"})
    c = s["campaign"]
    for uid in [u for u in c["units"] if c["units"][u].get("rgf") and c["units"][u]["faction"] == "bo"]:
        c["units"][uid]["destroyed"] = True
    c["status"][WORLD] = dict(conflict.blank(), in_conflict=True)
    c["units"]["GE-8"]["type"] = "VSD"  # it can bombard the Command Center (TOTE-OB-01)
    s["active"] = "al"
    assert worlds.knows_battle(c, WORLD, "al"), "the GE's ships do not know of the battle with the Command Center"
    assert WORLD in rs_view(s, "al")["facts"]["battles"]
    orders = TwilightOfTheEmpire().bot(rs_view(s, "al"), "al")
    assert f"at {WORLD} bot" in orders and not [o for o in orders if o.startswith("jump GE-8")], orders
    assert not worlds.knows_battle(c, WORLD, "bo") or c["units"]["NR-1"]["destroyed"]
    c["facilities"]["NR-FCC"]["destroyed"] = True
    assert not worlds.knows_battle(c, WORLD, "al"), "a destroyed facility still counts as a hostile presence"


def rs_view(s: dict[str, Any], seat: str) -> dict[str, Any]:
    return TwilightOfTheEmpire().view(s, seat)


def test_conflict_06_the_bot_claims_an_occupied_world_before_it_builds_ships() -> None:
    """TOTE-CONFLICT-06: with money for a claim or a ship but not both, the bot claims the
    world it holds occupied (it used to buy the ship first and never had the money left to claim)."""
    s = raid({"GE-8": "B-2"})
    c = s["campaign"]
    s["active"] = "al"
    code = cheapest_claim()
    cost = facility_types()[code].cost_kc
    view = rs_view(s, "al")
    led = view["facts"]["ledger"]
    ship = min(unit_types()[k].cost_kc for k in buildable("GE")
               if k in unit_types() and model.unit_class(k) == "capital" and campaign_flow.strikes_ground(k))
    led.update(claimable=[WORLD], facility_kc=0, treasury_kc=ship + cost - 1)  # the ship or the claim, not both
    led["facilities"] = [*led["facilities"], "YARD at coruscant"]
    orders = TwilightOfTheEmpire().bot(view, "al")
    assert f"build {code} {WORLD}" in orders, f"no claim of the occupied world: {orders}"
    built = [o for o in orders if o.startswith("build ") and not o.endswith(WORLD)]
    assert not built, f"the bot spent the claim's money first: {built}"
    assert c["planets"][WORLD]["owner"] == "bo"
    led.update(claimable=[])
    orders = TwilightOfTheEmpire().bot(view, "al")
    assert not [o for o in orders if o.startswith("build ")], f"the bot spent a claim's worth it keeps for the next world: {orders}"
    led.update(treasury_kc=ship + cost)
    assert [o for o in TwilightOfTheEmpire().bot(view, "al") if o.startswith("build ")], "no ship built with a claim's worth to spare"


def test_gap_49_no_bot_sends_a_fleet_to_the_amnesty_world() -> None:
    """TOTE-GAP-49: Tatooine is a no-combat zone; a bot's fleet sent there could never fight nor
    take it, and stood there in conflict for ever. Twenty days of an all-bot campaign of the four
    factions nearest it send nobody to Tatooine but its holder."""
    rs = TwilightOfTheEmpire()
    seats = [("hs", "HS"), ("ind", "IND"), ("tf", "TF"), ("orc", "ORC")]
    s = campaign_flow.new_state(seats, {"day_limit": 0}, "bots-amnesty")
    holder = s["campaign"]["planets"]["tatooine"]["owner"]
    sent = []
    while int(s["turn"]) <= 20:
        seat = s["active"]
        for text in rs.bot(rs.view(s, seat), seat):
            if text.startswith("jump ") and text.endswith(" tatooine") and seat != holder:
                sent.append((s["turn"], seat, text))
            rs.submit(s, seat, text)
        rs.resolve(s)
    assert not sent, f"bots sent fleets to the amnesty world: {sent}"
    assert cp.ledger(s["campaign"], "ind")["worlds"], "the test wants the IND in the game"


def test_tractor_05_06_a_ship_held_by_tractor_beams_is_never_ordered_to_jump() -> None:
    """TOTE-TRACTOR-05/06: a ship under another's tractor beams cannot enter hyperspace by itself; the
    bot leaves it out of its jumps (its order used to be refused and stopped a bot campaign)."""
    s = raid({"GE-8": "B-2", "GE-11": "B-2"})
    c = s["campaign"]
    s["active"] = "al"
    rs = TwilightOfTheEmpire()
    free = [o for o in rs.bot(rs.view(s, "al"), "al") if o.startswith("jump ") and "GE-8" in o]
    assert free, "the test wants GE-8 free to jump on"
    c["units"]["GE-8"]["tractored_by"] = "NR-15"
    orders = rs.bot(rs.view(s, "al"), "al")
    assert not [o for o in orders if o.startswith("jump ") and "GE-8" in o.split()[1].split(",")], orders
    for text in orders:
        rs.submit(s, "al", text)  # every order is given (a refused one raises)


def test_ob_01_atmo_10_a_fleet_that_cannot_reach_the_ground_moves_on() -> None:
    """TOTE-OB-01, TOTE-ATMO-10/11: a Strike cruiser and an Escort carrier can neither bombard nor
    land; at a foreign world where only the ground holds out they would stand in conflict for ever
    (they did, for the rest of a 120-day campaign): the bot sends them on. With a Victory Star
    Destroyer (orbital bombardment) among them, they stay and fight. The bot builds ships that can
    take a world where its technology has one."""
    s = raid({"GE-8": "A-2", "GE-11": "A-2"})
    c = s["campaign"]
    c["status"][WORLD] = dict(conflict.blank(), in_conflict=True)
    s["active"] = "al"
    rs = TwilightOfTheEmpire()
    orders = rs.bot(rs.view(s, "al"), "al")
    assert f"at {WORLD} bot" in orders, f"the battle is not fought: {orders}"
    assert [o for o in orders if o.startswith("jump ") and "GE-8" in o.split()[1].split(",")], f"GE-8 stood at {WORLD}: {orders}"
    c["units"]["GE-11"]["type"] = "VSD"
    orders = rs.bot(rs.view(s, "al"), "al")
    assert not [o for o in orders if o.startswith("jump ") and {"GE-8", "GE-11"} & set(o.split()[1].split(","))], orders
    assert campaign_flow.strikes_ground("VSD") and campaign_flow.strikes_ground("CORV") and not campaign_flow.strikes_ground("ESC")
    view = rs.view(s, "al")
    view["facts"]["ledger"].update(facilities=[*view["facts"]["ledger"]["facilities"], "YARD at coruscant"], treasury_kc=10 ** 6)
    built = [o.split()[1] for o in rs.bot(view, "al") if o.startswith("build ") and o.endswith(" coruscant")]
    assert built and all(campaign_flow.strikes_ground(code) for code in built), built
