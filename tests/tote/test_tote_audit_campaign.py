"""The campaign against its text (issue 26): faults found by the audits, each test named after its rule."""
from __future__ import annotations

from typing import Any

import pytest

from core.ruleset import SeatSpec
from core.rulesets.tote import TwilightOfTheEmpire
from core.rulesets.tote.campaign import flow as campaign_flow
from core.rulesets.tote.rules import model

State = dict[str, Any]


def campaign(seats: list[tuple[str, str]] | None = None, **options: Any) -> tuple[TwilightOfTheEmpire, State]:
    """A new campaign game of ``seats`` (default: the Empire and the New Republic) with ``options``."""
    rs = TwilightOfTheEmpire()
    specs = [SeatSpec(n, f) for n, f in (seats or [("al", "GE"), ("bo", "NR")])]
    return rs, rs.setup("campaign", specs, {**rs.options(), **options}, "audit")


def pass_days(rs: TwilightOfTheEmpire, state: State, days: int) -> None:
    """Every faction posts nothing for ``days`` game days (or until the game ends)."""
    start = int(state["turn"])
    while int(state["turn"]) < start + days and not state.get("result"):
        rs.resolve(state)


def test_gap_29_win_01_no_day_limit_unless_the_gm_sets_one() -> None:
    """TOTE-GAP-29 (option ``turn_limit``, default none), TOTE-WIN-01/02: the campaign ends when Coruscant
    is captured, not on a day of the engine's choosing. With the default ``day_limit`` 0 it goes on past
    day 90; with a limit the GM sets, the holder of Coruscant wins on that day."""
    rs, state = campaign()
    assert state["options"]["day_limit"] == 0, "day_limit 0 must stay 0: no limit by default"
    state["turn"] = state["campaign"]["turn"] = 89
    pass_days(rs, state, 3)
    assert state.get("result") is None, f"the campaign ended with no limit set: {state.get('result')}"
    assert int(state["turn"]) >= 92
    rs, state = campaign(day_limit=2)
    pass_days(rs, state, 3)
    result = state.get("result")
    assert result and result["winners"] == ["al"], f"at the GM's day limit the holder of Coruscant (al, GE) wins: {result}"


def test_gap_02_the_battle_order_rotates_each_day_with_two_factions() -> None:
    """TOTE-GAP-02: posts go in the initiative order rotated by one seat a day, in a campaign battle too.
    With two factions at Kuat the first to post there alternates day by day (it used to be rotated twice,
    so the same faction fired first in every battle)."""
    from core.rulesets.tote.campaign import state as cp
    state = campaign_flow.new_state([("al", "GE"), ("bo", "NR")], {}, "battle")
    for u in state["campaign"]["units"].values():
        if not u.get("rgf"):
            u["system"] = "kuat"
    firsts = []
    for _day in range(3):
        cp.start_turn(state["campaign"])
        state["turn"] = state["campaign"]["turn"]
        today = campaign_flow.turn_order(state)
        posts = [e["text"] for e in campaign_flow.battles(state) if e["kind"] == "tote.post"]
        first = "al" if posts[0] == "At Kuat: Galactic Empire posts." else "bo"
        assert first == today[0], f"day {state['turn']}: the galaxy's order is {today}, but {first} posted first at Kuat"
        firsts.append(first)
    assert firsts[0] != firsts[1] and firsts[0] == firsts[2], f"the first poster must alternate: {firsts}"


def test_hyper_01_scan_14_comms_05_an_unseen_arrival_is_told_to_nobody_who_cannot_detect_it() -> None:
    """TOTE-HYPER-01 / TOTE-SCAN-14 / TOTE-COMMS-05: a GE fleet leaves hyperspace in a Deep Space Zone of
    Mon Calamari (NR's stronghold) and fires no shot. Ships in the C-Ring or further in do not detect a
    hyperspace exit into a DSZ, and no combat action happened: NR is not told the world is in conflict nor
    that the Empire posts there, and no faction, not even an uninvolved one, hears of a battle there. Only
    the departure itself was public (never its destination)."""
    rs, state = campaign([("al", "GE"), ("bo", "NR"), ("cy", "HS")], auto_defense=False)
    c = state["campaign"]
    ships = [uid for uid in campaign_flow.movers(c, "al").get("coruscant", []) if model.is_capital(c["units"][uid])][:1]
    assert ships, "the Empire has a capital ship at Coruscant that may jump"
    rs.submit(state, "al", f"jump {ships[0]} mon_calamari")
    told: list[dict[str, Any]] = []
    for _ in range(40):
        told += rs.resolve(state)
        if c["units"][ships[0]].get("system") == "mon_calamari" and int(state["turn"]) > c["units"][ships[0]]["arrived_turn"]:
            break
    u = c["units"][ships[0]]
    assert u.get("system") == "mon_calamari" and u["space"].startswith("DSZ"), f"the ship arrived in a DSZ: {u.get('space')}"
    about = [e for e in told if "Mon Calamari" in e["text"] and e["kind"] != "tote.departed"]
    for seat in ("bo", "cy"):
        leaked = [e["text"] for e in about if f"seat:{seat}" in e["to"] or "all" in e["to"]]
        assert not leaked, f"{seat} cannot detect the arrival but was told: {leaked}"
    assert any("gm" in e["to"] for e in about), "the GM reads everything that happened at Mon Calamari"


def test_start_01_every_faction_starts_with_23_cp() -> None:
    """TOTE-START-01 ("Hero Unit + 23 Command Points + ..."): every faction's ready fleet holds the full 23 CP,
    the Trade Federation's and the Outer Rim Coalition's too (they had 22), and each is a legal list."""
    from core.rulesets.tote.battle.setup import forces
    from core.rulesets.tote.rules.fleet import list_problems
    for faction, (name, units) in forces().items():
        cp = sum(model.cp(code) * n for code, n in units.items())
        assert cp == 23, f"{faction}'s {name} holds {cp} CP; the text gives every faction 23"
        text = f"{faction}: " + ", ".join(f"{code}:{n}" for code, n in units.items())
        assert list_problems(text) == [], f"{faction}'s ready fleet breaks {list_problems(text)}"


def test_strong_01_every_stronghold_starts_with_its_free_space_defenses() -> None:
    """TOTE-STRONG-01: "The following Space Defenses will be at every Stronghold at the start of the game":
    the Hutt Syndicate holds two strongholds, and Nar Shaddaa has its defenses as Nal Hutta does."""
    _rs, state = campaign([("al", "GE"), ("bo", "HS")])
    c = state["campaign"]
    def defenses(world: str) -> list[str]:
        return sorted(u["type"] for u in c["units"].values() if u.get("system") == world and u.get("bonus")
                      and model.unit_class(u) == "platform")
    assert defenses("nal_hutta"), "Nal Hutta has its platforms"
    assert defenses("nar_shaddaa") == defenses("coruscant"), \
        f"Nar Shaddaa's free defenses {defenses('nar_shaddaa')} differ from every stronghold's {defenses('coruscant')}"


def test_gap_29_an_eliminated_faction_is_never_awaited() -> None:
    """TOTE-GAP-29: a faction with no stronghold, no facility and no capital ship is eliminated: nobody
    waits for its post any more, neither today nor on later days."""
    rs, state = campaign([("al", "GE"), ("bo", "NR"), ("cy", "HS")])
    state["victory"]["eliminated"] = ["NR"]
    awaited: set[str] = set()
    for _ in range(7):
        awaited |= rs.awaiting(state)
        rs.resolve(state)
    assert "bo" not in awaited, f"the eliminated New Republic (bo) was awaited: {sorted(awaited)}"
    assert awaited == {"al", "cy"}


def test_gap_34_a_world_with_the_shipyard_feature_is_a_shipyard_of_its_holder_from_day_1() -> None:
    """Revised TOTE-GAP-34: "A world whose features include Shipyard ... is one for the faction that holds
    it, from day 1, with no facility to build first": the Empire orders a ship at Coruscant on day 1."""
    from core.rulesets.tote.campaign import build
    from core.rulesets.tote.rules.galaxy import galaxy
    g = galaxy()
    assert g.planets["coruscant"].enables("build_ships", g.features), "Coruscant has the Shipyard feature"
    _rs, state = campaign()
    c = state["campaign"]
    c["treasury"]["al"] = 100000
    events = build.build(c, "al", "VSD", "coruscant", lambda s: 1)
    assert "ordered at Coruscant" in events[0]["text"]


def test_stock_01_gap_34_a_ship_built_in_the_campaign_comes_with_its_complement() -> None:
    """TOTE-STOCK-01, revised TOTE-GAP-34 ("A new ship's complement arrives with it"): a Strike cruiser
    built at Coruscant comes out of the yard with the craft, troops and vehicles a starting one carries."""
    from core.rulesets.tote.campaign import build
    from core.rulesets.tote.rules.data import unit_types
    _rs, state = campaign()
    c = state["campaign"]
    c["treasury"]["al"] = 100000
    build.build(c, "al", "STRK", "coruscant", lambda s: 1)
    while not any(u.get("built") and u["type"] == "STRK" for u in c["units"].values()):
        state["turn"] = c["turn"]
        from core.rulesets.tote.campaign import state as cp
        cp.start_turn(c)
    ship = next(u for u in c["units"].values() if u.get("built") and u["type"] == "STRK")
    complement = dict(unit_types()["STRK"].complement)
    assert complement, "the Strike cruiser has a complement in the data"
    craft = [c["units"][i]["type"] for i in ship["carried"]]
    troops = {s["type"]: s["count"] for s in ship["troops"] + ship["vehicles"]}
    for code, n in complement.items():
        got = craft.count(code) if code in unit_types() else troops.get(code, 0)
        assert got == n, f"the new {ship['id']} carries {got} {code}; a Strike cruiser's complement is {n}"
    assert all(c["units"][i]["system"] == "coruscant" for i in ship["carried"])


def test_gap_58_scrap_01_a_bought_unit_of_a_stock_type_scraps_at_a_quarter_of_its_cost() -> None:
    """Revised TOTE-GAP-58 / TOTE-SCRAP-01/04: stock is how a unit was obtained, not its type: a TIE
    squadron bought for its cost scraps for 25% of it (50 of 200 KC), one that came free aboard its
    carrier as a complement for nothing."""
    from core.rulesets.tote.campaign import logistics
    from core.rulesets.tote.rules.data import unit_types
    bought = model.new_unit("GE-B1", "TIEF", "al", "C-1")
    bought["built"] = True
    cost = unit_types()["TIEF"].cost_kc
    assert logistics.scrap_payout(bought)[0] == cost // 4, f"a bought TIE squadron ({cost} KC) scraps for {cost // 4}"
    free = model.new_unit("GE-9", "TIEF", "al", None, carried_by="GE-1")
    free["attached_to"] = "GE-1"
    assert logistics.scrap_payout(free)[0] == 0


def _at_coruscant(state: State) -> str:
    """An NR capital ship moved to Coruscant's C-2 (test set-up); its id."""
    c = state["campaign"]
    uid = [i for i in campaign_flow.movers(c, "bo").get("mon_calamari", []) if model.is_capital(c["units"][i])][0]
    c["units"][uid].update(system="coruscant", space="C-2")
    return uid


def test_scan_05_15_an_active_scan_is_felt_by_the_scanned_from_where_and_from_deep_space() -> None:
    """TOTE-SCAN-05 ("Active Scanning reveals the location of the unit performing the scanning") and
    TOTE-SCAN-15 (from a DSZ "players will know they are getting scanned but not know from what, only
    from where"): the Empire at Coruscant is told at once that it is being scanned, from C-2 by an NR
    ship; from a Deep Space Zone, only from where."""
    from core.rulesets.tote.campaign import state as cp
    _rs, state = campaign()
    c = state["campaign"]
    uid = _at_coruscant(state)
    told = [e for e in cp.scan(c, "bo", uid, "active") if "al" in e["to"]]
    assert told and "Coruscant C-2" in told[0]["text"] and "New Republic" in told[0]["text"], told
    other = [i for i in campaign_flow.movers(c, "bo").get("mon_calamari", []) if model.is_capital(c["units"][i])][0]
    c["units"][other].update(system="coruscant", space="DSZ-3")
    told = [e for e in cp.scan(c, "bo", other, "active") if "al" in e["to"]]
    assert told and "DSZ" in told[0]["text"] and "New Republic" not in told[0]["text"], told
    assert not [e for e in cp.scan(c, "al", next(i for i, u in c["units"].items() if u["faction"] == "al"
                                                 and u.get("system") == "coruscant" and model.is_capital(u)), "passive")
                if "bo" in e["to"]], "a passive scan listens and reveals nothing (TOTE-SCAN-07/08)"


def test_scan_07_08_gap_37_a_passive_scan_hears_an_arrival_out_of_hyperspace_in_the_c_ring() -> None:
    """TOTE-SCAN-07/08, TOTE-GAP-37: a ship leaving hyperspace outside a DSZ is heard by the hostile ships
    of the system (the C-Ring of a world its faction holds); the passive scan running there reports the
    space and class it heard at the next day's start, never the owner or the id."""
    from core.rulesets.tote.campaign import state as cp
    rs, state = campaign()
    c = state["campaign"]
    uid = _at_coruscant(state)
    c["planets"]["kuat"]["owner"] = "bo"  # NR holds Kuat: its ships leave hyperspace there in the C-Ring
    cp.jump(c, "bo", [uid], "kuat")
    ge = next(i for i, u in c["units"].items() if u["faction"] == "al" and model.is_capital(u) and not u.get("carried_by"))
    c["units"][ge].update(system="kuat", space="C-1", transit=None)
    arrive = c["units"][uid]["transit"]["arrive_turn"]
    while int(c["turn"]) < arrive - 1:
        cp.start_turn(c)
    cp.scan(c, "al", ge, "passive")
    events = cp.start_turn(c)
    heard = [e for e in events if "al" in e["to"] and "Energy signature" in e["text"]]
    assert heard and "Kuat C-" in heard[0]["text"] and uid not in heard[0]["text"], [e["text"] for e in events if "al" in e["to"]]
    while not any("Passive scan of Kuat" in e["text"] for e in events):
        events = cp.start_turn(c)
        if int(c["turn"]) > arrive + 2:
            break
    report = [e["text"] for e in events if "Passive scan of Kuat" in e["text"]]
    assert report and "capital" in report[0] and uid not in report[0] and "New Republic" not in report[0], report


def test_gap_39_a_hero_standing_in_its_command_center_reads_the_news_there() -> None:
    """TOTE-GAP-39 / TOTE-HERO-04: a Hero trained at the Faction Command Center stands in it; where its
    faction reads and sends its news is that world (a bot's build order once failed with an internal
    error here: the Hero's host, a facility, was looked for among the units only)."""
    from core.rulesets.tote.campaign import worlds
    _rs, state = campaign()
    c = state["campaign"]
    fcc = next(f for f in c["facilities"].values() if f["faction"] == "bo" and f["type"] == "FCC")
    c["heroes"].append({"id": "NR-HERO2", "faction": "bo", "cls": "spymaster", "name": "Winter", "level": 1,
                        "host": fcc["id"], "system": None, "dead": False})
    c["heroes"] = [h for h in c["heroes"] if h["id"] == "NR-HERO2" or h["faction"] != "bo"]
    assert worlds.hero_system(c, "bo") == fcc["system"]


def _pods_day(first: str, last: str) -> tuple[State, list[dict[str, Any]]]:
    """A campaign battle day at Kuat: an NR Corellian corvette, DISABLED and owed its final actions,
    abandons ship in NR's post (another NR ship fights on beside it); the seats post in the order
    ``first``, ``last``. Returns the campaign
    state after that day and the events."""
    from core.rulesets.tote.campaign import battle as campaign_battle
    from core.rulesets.tote.campaign import state as cp
    state = campaign_flow.new_state([("al", "GE"), ("bo", "NR")], {"auto_defense": False}, "pods")
    c = state["campaign"]
    ge = next(uid for uid, u in c["units"].items() if u["faction"] == "al" and model.is_capital(u) and not u.get("rgf"))
    nr, other = [uid for uid, u in c["units"].items() if u["faction"] == "bo" and model.is_capital(u) and not u.get("rgf")][:2]
    cp.start_turn(c)
    for uid in (ge, nr, other):
        c["units"][uid].update(system="kuat", transit=None, space="C-2", carried_by=None)
    c["units"][nr].update(disabled=True, final=True, shields=0)
    c.setdefault("battle_orders", {}).setdefault("bo", {})["kuat"] = [f"abandon {nr}"]
    state["dice"], events = campaign_battle.fight(campaign_flow.BattleRules(), c, "kuat", [first, last], state["dice"],
                                                  state["options"])
    assert c["units"][nr].get("derelict"), f"{nr} did not abandon ship: {[e['text'] for e in events]}"
    return state, events


def _crew_ashore(state: State) -> list[dict[str, Any]]:
    """The NR crews standing on Kuat's Surface in the campaign."""
    return [u for uid, u in state["campaign"]["units"].items() if uid.endswith("-crew") and u["faction"] == "bo"
            and u.get("system") == "kuat" and str(u.get("space", "")).endswith("/surface") and not u.get("destroyed")]


@pytest.mark.parametrize("order", [("bo", "al"), ("al", "bo")], ids=["nr-posts-first", "nr-posts-last"])
def test_disable_06_07_pods_reach_the_surface_whenever_they_were_launched(order: tuple[str, str]) -> None:
    """TOTE-DISABLE-06/07 ("sending the crew via escape pods to the planet below (they will arrive on the
    ground in the next round)"), issue 26.14: the campaign rebuilds the battle each day; the pods land at
    the start of their owner's next post, which within a day's battle is opened only when the owner comes
    first in the next round, so pods still in flight at the day's end used to be lost. Whichever order the
    seats post in, by NR's post on the next battle day its crew stands on the Surface of G-2 (the quadrant
    below C-2) in the campaign, and NR reads that it landed."""
    from core.rulesets.tote.campaign import battle as campaign_battle
    from core.rulesets.tote.campaign import state as cp
    state, events = _pods_day(*order)
    c = state["campaign"]
    cp.start_turn(c)
    state["dice"], more = campaign_battle.fight(campaign_flow.BattleRules(), c, "kuat", list(order), state["dice"],
                                                state["options"])
    crew = _crew_ashore(state)
    assert crew, f"the crew never reached the ground; pods held: {c.get('battle_effects')}"
    assert crew[0]["space"] == "G-2/surface" and crew[0]["count"] > 0 and crew[0]["type"] == "INF", crew[0]
    landed = [e for e in events + more if e["kind"] == "tote.landed"]
    assert len(landed) == 1 and "seat:bo" in landed[0]["to"], f"NR reads once that its crew landed: {landed}"
    assert not c.get("battle_effects", {}).get("kuat", {}).get("ashore"), "the pods are down, none left in flight"


def test_disable_06_07_pods_still_land_when_the_battle_is_over() -> None:
    """TOTE-DISABLE-06/07, issue 26.14: pods launched in the day's last post land the next day even when
    no battle is fought at the world any more (the Empire's ship has gone): NR posted first, so its
    pods were still in flight at the day's end."""
    state, _events = _pods_day("bo", "al")
    c = state["campaign"]
    for u in c["units"].values():
        if u["faction"] == "al" and u.get("system") == "kuat":
            u.update(system="coruscant", space=None)
    pass_days(TwilightOfTheEmpire(), state, 1)
    crew = _crew_ashore(state)
    assert crew and crew[0]["space"] == "G-2/surface", f"the crew never reached the ground: {c.get('battle_effects')}"


def _resident_sees(hidden_at: str, leaves_on: int = 0) -> tuple[list[Any], list[str]]:
    """NR's views and the texts told to NR over four days, while a GE Star Destroyer sits since day 0
    in DSZ-1 of ``hidden_at`` (Mon Calamari, where NR's ships stand in quadrant 2, or Coruscant, home);
    from the start of day ``leaves_on`` (if any) it is back at Coruscant."""
    rs, state = campaign([("al", "GE"), ("bo", "NR")], auto_defense=False)
    c = state["campaign"]
    ship = next(uid for uid, u in c["units"].items() if u["faction"] == "al" and u.get("system") == "coruscant"
                and model.is_capital(u) and not u.get("carried_by") and not u.get("rgf"))
    c["units"][ship].update(system=hidden_at, space="DSZ-1", arrived_turn=0, transit=None)
    views, told = [rs.view(state, "bo")], []
    for _day in range(4):
        if leaves_on and int(state["turn"]) == leaves_on:
            c["units"][ship].update(system="coruscant", space="C-1")
        before = int(state["turn"])
        while int(state["turn"]) == before and not state.get("result"):
            told += [e["text"] for e in rs.resolve(state) if "seat:bo" in e["to"] or "all" in e["to"]]
        views.append(rs.view(state, "bo"))
    return views, told


def test_scan_13_14_hyper_01_an_unseen_force_in_a_dsz_stays_unknown_to_the_residents() -> None:
    """TOTE-SCAN-13/14, TOTE-HYPER-01, TOTE-COMMS-04/05 (issue 26.1, the leak that remained): presence
    becomes known only when detected. A GE Star Destroyer sits in DSZ-1 of Mon Calamari, where NR's ships
    stand in the C-Ring of quadrant 2 (they scan only DSZ-2, GAP-37), and fires no shot. From NR's seat,
    day after day, nothing differs from a game where that ship stayed at Coruscant: the same views, the
    same texts (it used to be told of the conflict and the battle from the day after the arrival)."""
    views_here, told_here = _resident_sees("mon_calamari")
    views_away, told_away = _resident_sees("coruscant")
    assert told_here == told_away, f"NR was told of the unseen ship: {sorted(set(told_here) - set(told_away))}"
    for day, (a, b) in enumerate(zip(views_here, views_away)):
        assert a == b, f"day {day}: NR's view changed with a ship it cannot detect: " \
                       f"{[k for k in a if a.get(k) != b.get(k)]} / {a['facts'].get('conflict')}"


def test_scan_14_comms_05_the_playout_watch_catches_an_event_told_to_a_faction_that_cannot_detect_it() -> None:
    """The Done-when of issue 26 (TOTE-SCAN-13/14, HYPER-01, COMMS-05, with revised GAP-01/41): the
    conformance watch checks after every step that no event reaches a viewer who could not detect it.
    A session of the campaign where a GE Star Destroyer sits unseen in DSZ-1 of Mon Calamari for three
    days passes the watch; an event telling NR of a battle there, or a battle notice to everyone with
    no shot fired, is caught and named."""
    import sys
    from pathlib import Path

    from core.session import Session
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from test_conformance import Watch
    session = Session.new("tote", [("al", "GE"), ("bo", "NR")], scenario="campaign", seed="watch",
                          options={"auto_defense": False})
    c = session.state["campaign"]
    ship = next(uid for uid, u in c["units"].items() if u["faction"] == "al" and u.get("system") == "coruscant"
                and model.is_capital(u) and not u.get("carried_by") and not u.get("rgf"))
    c["units"][ship].update(system="mon_calamari", space="DSZ-1", arrived_turn=0, transit=None)
    watch = Watch(session, "unseen DSZ")
    for _ in range(6):
        session.resolve("gm")
    assert watch.steps >= 6 and int(session.state["turn"]) >= 3, "the watch saw three days go by"
    rs = session.ruleset
    before = session.state
    after = {**before, "campaign": c}
    told = [{"kind": "campaign.conflict", "text": "Mon Calamari is in conflict: hostile forces are present",
             "to": ["seat:bo"]},
            {"kind": "tote.combat", "text": "Battle at Mon Calamari: Galactic Empire, New Republic (no shot fired).",
             "to": ["all"]}]
    caught = rs.invariants(before, after, told)
    assert any("bo could detect no hostile force at mon_calamari" in p for p in caught), caught
    assert any("every faction was told of a battle at mon_calamari" in p for p in caught), caught
    c["units"][ship]["space"] = "C-2"  # now in NR's scan coverage: NR may be told
    assert not [p for p in rs.invariants(before, after, told[:1]) if "bo could" in p], "NR detects a ship in C-2"


def test_scan_13_14_conflict_04_a_conflict_nobody_could_detect_ends_unannounced() -> None:
    """TOTE-SCAN-13/14, TOTE-CONFLICT-04 (issue 26.1): NR never detected the GE Star Destroyer sitting in
    DSZ-1 of Mon Calamari; when it has gone and NR has held the world alone for 24 hours, NR is not told
    that "Mon Calamari is no longer in conflict" (it never knew it was): from NR's seat nothing differs
    from a game where the ship never left Coruscant."""
    views_here, told_here = _resident_sees("mon_calamari", leaves_on=2)
    views_away, told_away = _resident_sees("coruscant")
    assert told_here == told_away, f"NR was told of the unseen ship: {sorted(set(told_here) - set(told_away))}"
    assert views_here == views_away, "NR's view changed with a ship it could not detect"
