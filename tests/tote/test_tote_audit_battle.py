"""Battle-side faults of issue 26 (the audit against the text), each named after its rule ID."""
from __future__ import annotations

from core.rulesets.tote.rules import model


def duel(battle, gap: str = "C-1", target: str = "CORV:2", seed: str = "duel"):
    """GE with one ISD in ``gap`` against NR with ``target`` in the same space."""
    b = battle({"ann": ("GE", "ISD:1"), "ben": ("NR", target)}, seed=seed)
    for u in b.state["units"].values():
        b.place(u["id"], gap)
    return b


def test_gap_23_automatic_defence_never_targets_a_derelict(battle) -> None:
    """TOTE-GAP-02, TOTE-GAP-23, TOTE-DISABLE-08 (issue 26.19): a DERELICT (UCR 0, the best quotient)
    is a prize to tow or board, never an automatic target; the ISD's automatic fire goes to the live
    CORV beside it."""
    b = duel(battle)
    b.unit("NR-1").update(disabled=True, derelict=True, shields=0, crew=0)
    events = b.post("ann")
    targets = [e["data"]["target"] for e in events if e["kind"] == "tote.hit"]
    assert "NR-1" not in targets, f"automatic defence fired at the derelict NR-1: {targets}"
    assert targets == ["NR-2"], f"the ISD's automatic fire should go to the live CORV NR-2, not {targets}"


def test_disable_10_scuttling_counts_crew_and_infantry_aboard(battle) -> None:
    """TOTE-DISABLE-10 ("its crew and infantry can attempt to SCUTTLE the ship"), TOTE-GAP-24 (issue
    26.15): a CORV's 15 crew squads and 9 infantry squads carried aboard: 24 x 5 = 120 raw at UCR 20
    against UCR 7 (q 1.000) = 120 Hull damage, the CORV's whole hull."""
    b = duel(battle, target="CORV:1")
    ship = b.unit("NR-1")
    ship.update(disabled=True, final=True, shields=0)
    ship["troops"] = [{"id": "NR-1-INF", "type": "INF", "count": 9, "wounds": 0}]
    events = b.post("ben", "scuttle NR-1")
    hit = [e for e in events if e["kind"] == "tote.scuttle"]
    assert hit and hit[0]["data"]["damage"] == 120, \
        f"15 crew + 9 infantry squads should scuttle for 120, not {hit and hit[0]['data']['damage']}"
    assert b.unit("NR-1")["destroyed"], "120 Hull damage destroys a CORV (Hull 120)"


def test_gap_25_odds_for_a_ground_stack_give_the_whole_stack_s_damage(battle) -> None:
    """TOTE-GAP-25 (a ground stack fires as one unit: every weapon of every unit in it) and the
    odds contract (issue 26.16): `odds` for a stack of 100 infantry squads gives exactly the damage
    the post then deals, the stack's, not one squad's."""
    b = battle({"ann": ("GE", "ISD:1"), "ben": ("NR", "CORV:1")}, seed="stack")
    b.place("GE-1", "C-1")
    b.place("NR-1", "C-3")
    b.state["units"]["GE-80"] = model.new_stack("GE-80", "INF", "ann", "G-1/surface", 100)
    b.state["units"]["NR-80"] = model.new_stack("NR-80", "INF", "ben", "G-1/surface", 100)
    b.turn_to("ann")
    odds = b.rs.odds(b.state, "ann", "fire GE-80 NR-80")
    events = b.post("ann", "fire GE-80 NR-80")
    dealt = [e for e in events if e["kind"] == "tote.hit" and e["data"].get("target") == "NR-80"]
    assert dealt, "the stack's fire was not carried out"
    total = sum(dealt[0]["data"]["dealt"].values())
    assert f"exactly {total} damage" in odds.title, f"odds said {odds.title!r}; the post dealt {dealt[0]['data']}"


def test_gap_25_an_ion_hit_on_infantry_has_no_effect_and_is_logged_so() -> None:
    """TOTE-GAP-25, TOTE-ATMOBOMB-02 ("Ion cannons have no effect on infantry or vehicles"; issue
    26.18): ion 30 and standard 257 on 100 infantry squads: 257 damage, the ion logged as without
    effect, never as damage dealt."""
    from core.rulesets.tote.rules import damage
    stack = model.new_stack("NR-80", "INF", "NR", "G-1/surface", 100)
    hit = damage.apply_damage(stack, model.spec("INF"), {"ion": 30, "standard": 257})
    assert hit.dealt == {"standard": 257}, f"only the standard pool is damage dealt, not {hit.dealt}"
    assert hit.no_effect == {"ion": 30}, f"the ion pool should be kept as without effect, not {hit.no_effect}"
    text = damage.describe({"id": "GE-1"}, stack, hit)
    assert "ion 30 has no effect on infantry or vehicles" in text and "ion 30," not in text, text


def test_grid_03_04_spaces_two_steps_apart_are_refused_for_the_real_reason() -> None:
    """TOTE-GRID-03/04 (diagonal moves and shots), TOTE-MOVE-01/02, TOTE-PW (issue 26.17): spaces two
    steps apart in one ring, or a ground gun and a far A-Ring space, are not "diagonal": the refusal
    says the real reason (movement into the A-Ring or a DSZ ends movement; out of range)."""
    import pytest

    from core.errors import OrderError
    from core.rulesets.tote.battle import movement
    from core.rulesets.tote.rules import grid
    isd = movement.as_mover(model.spec("ISD"))
    for a, b, why in (("A-1", "A-3", "entering an A-Ring space ends movement"),
                      ("DSZ-1", "DSZ-3", "entering a Deep Space Zone, even from another, ends movement")):
        said = movement.step_problem(isd, a, b, 4, False)
        assert "diagonal" not in said and why in said, f"{a} -> {b} refused as {said!r}"
    with pytest.raises(OrderError) as shot:
        grid.fire_mode("planetary_weapon", "G-1/surface", "A-2")
    assert "diagonal" not in str(shot.value) and "out of its range" in str(shot.value), str(shot.value)
    with pytest.raises(OrderError) as ring:
        grid.fire_mode("capital", "A-1", "A-3")
    assert "diagonal" not in str(ring.value) and "beyond range 1" in str(ring.value), str(ring.value)
    assert grid.is_diagonal("C-1", "B-2"), "a true diagonal stays a diagonal"


def test_gap_43_bombardment_cannot_hit_a_garrison_in_an_intact_facility(battle) -> None:
    """TOTE-GAP-43 ("Garrisoned units cannot be hit until their facility is DISABLED"),
    TOTE-GARRISON-01/02 (issue 26.3): an ISD in A-1 may not bombard 100 Commando squads inside an
    undamaged Command Center on G-1; once the Center is DISABLED it may."""
    b = battle({"ann": ("GE", "ISD:1"), "ben": ("NR", "CORV:1")}, seed="garrison")
    b.place("GE-1", "A-1")
    b.place("NR-1", "C-3")
    b.state["units"]["NR-90"] = model.new_unit("NR-90", "FCC", "ben", "G-1/surface")
    b.state["units"]["NR-80"] = model.new_stack("NR-80", "INF", "ben", "G-1/surface", 100, garrisoned_in="NR-90")
    b.turn_to("ann")
    said = b.refused("ann", "bombard GE-1 NR-80")
    assert "garrisoned in NR-90" in said, f"the bombardment of a sheltered garrison was not refused: {said!r}"
    assert b.unit("NR-80")["count"] == 100, "nothing may change on a refused order"
    b.unit("NR-90").update(armor=0, disabled=True)
    events = b.post("ann", "bombard GE-1 NR-80")
    assert any(e["kind"] == "tote.hit" and e["data"]["target"] == "NR-80" for e in events), \
        "once its facility is DISABLED the garrison may be bombarded"


def test_swarm_04_a_single_shot_does_not_occupy_a_tie_swarm_on_patrol(battle) -> None:
    """TOTE-SWARM-04, revised TOTE-GAP-20 ("A single attacker never occupies a swarm"; issue 26.5):
    one gunship firing at a TIE Swarm of two squadrons on patrol, without destroying it, does not
    let an enemy X-Wing through to the Strike cruiser behind it."""
    b = battle({"ann": ("NR", "CGUN:1, XWING:1"), "ben": ("GE", "STRK:1")}, seed="swarmcsp", craft=True)
    ties = list(b.unit("GE-1")["carried"])
    b.post("ben", "launch GE-1", f"hold GE-1,{','.join(ties)}")
    for u in b.state["units"].values():
        if u["space"]:
            b.place(u["id"], "C-1")
    gun = next(u["id"] for u in b.state["units"].values() if u["type"] == "CGUN")
    xw = next(u["id"] for u in b.state["units"].values() if u["type"] == "XWING")
    b.post("ben", f"swarm {','.join(ties)}", "hold GE-1")
    b.post("ben", f"patrol {ties[0]}", "hold GE-1")
    assert b.unit(ties[0])["patrol"] and b.unit(ties[0])["swarm"] == ties
    b.unit(ties[0])["armor"] = 1000  # a swarm the gunship's shot cannot destroy (set-up)
    b.turn_to("ann")
    b.order("ann", f"fire {gun} {ties[0]}")
    msg = b.refused("ann", f"fire {xw} GE-1")
    assert f"patrol of {ties[0]}" in msg, f"one gunship's shot let the X-Wing past the swarm: {msg!r}"


def test_gap_23_a_derelict_with_the_owner_s_squads_aboard_is_not_captured_at_once() -> None:
    """Revised TOTE-GAP-23 ("A derelict is captured when at least 1 infantry squad is delivered
    aboard with no opposition: no crew and none of the owner's units aboard ... they never change
    sides with the ship"; issue 26.6): one boarding squad on a derelict CORV with 12 of the owner's
    squads aboard does not capture it; the boarders fight those squads first."""
    from core.rulesets.tote.battle import control
    from core.rulesets.tote.rules.data import ground_types, unit_types
    wreck = model.new_unit("c", "CORV", "RA", "B-1")
    wreck.update(shields=0, crew=0, derelict=True, disabled=True,
                 troops=[{"id": "c-INF", "type": "INF", "count": 12, "wounds": 0}])
    lam = model.new_unit("l", "LAMBDA", "GE", "B-1")
    party = model.new_stack("p", "INF", "GE", None, 4)
    out = control.board(lam, unit_types()["LAMBDA"], wreck, unit_types()["CORV"], party, 1)
    ship = out.units["c"]
    assert out.result != "captured" and ship["faction"] == "RA" and ship["derelict"], \
        f"one squad captured a derelict with 12 of the owner's squads aboard ({out.result}, {ship['faction']})"
    assert ship["boarders"]["count"] == 1 and ship["troops"][0]["count"] == 12
    fought = control.fight_aboard(ship, unit_types()["CORV"], ground_types()["INF"], ground_types()["INF"],
                                  defenders=[(ship["troops"][0], ground_types()["INF"])])
    assert fought.result == "repelled", f"12 squads should repel 1 boarder, not {fought.result}"


def test_disable_06_the_abandoned_crew_lands_on_g1_surface_by_escape_pod(battle) -> None:
    """TOTE-DISABLE-06/07 ("Abandon Ship involves sending the crew via escape pods to the planet
    below (they will arrive on the ground in the next round)"; issue 26.14): a CORV's 15 crew squads
    abandon ship in B-1 and stand on G-1's Surface as infantry at the start of the owner's next post."""
    b = duel(battle, gap="B-1", target="CORV:1")
    b.unit("NR-1").update(disabled=True, final=True, shields=0)
    events = b.post("ben", "abandon NR-1")
    bound = next(e for e in events if e["kind"] == "tote.abandon")["data"]["arrives"]
    b.post("ann")
    b.turn_to("ben")
    crew = b.state["units"].get("NR-1-crew")
    assert crew is not None, f"the crew never reached the ground; still waiting: {b.state.get('ashore')}"
    assert crew["space"] == bound and crew["count"] == 15 and crew["type"] == "INF", crew
    assert crew["faction"] == "ben" and not b.state.get("ashore"), "the pods are down, none left in flight"


def _held(battle):
    """The ISD GE-1 holds the CORV NR-1 (428 m > 150 m, TOTE-EX-02); then NR posts."""
    b = duel(battle, target="CORV:1", seed="held")
    b.post("ann", "hold GE-1", "tractor GE-1 NR-1")
    b.post("ben", "hold NR-1")
    return b


def test_gap_41_tractor_control_persists_into_the_holder_s_later_posts(battle) -> None:
    """Revised TOTE-GAP-41 ("Control persists across posts ... In later posts the holder fires at the
    held ship's UCR 1 and may drag it"; issue 26.11): at the ISD's next post the CORV is still held;
    the ISD fires at it at UCR 1 and drags it one space."""
    b = _held(battle)
    b.turn_to("ann")
    assert b.unit("NR-1")["tractored_by"] == "ann", "the hold was dropped at the holder's next post"
    events = b.post("ann", "fire GE-1 NR-1 HIC:10", "drag NR-1 B-1")
    hit = [e for e in events if e["kind"] == "tote.hit" and e["data"]["target"] == "NR-1"]
    assert hit and hit[0]["data"]["ucr"] == [3, 1], f"the held CORV should defend at UCR 1: {hit}"
    assert b.unit("NR-1")["space"] == "B-1", "the holder drags the held ship in a later post"


def test_gap_41_a_held_ship_is_towed_into_hyperspace_when_the_holder_withdraws(battle) -> None:
    """Revised TOTE-GAP-41 ("Taking the target into hyperspace requires complete control at the start
    of that post"; issue 26.11): the ISD holding the CORV since its last post withdraws and takes the
    CORV with it; the CORV is not left behind marked as held by a ship that has gone."""
    b = _held(battle)
    b.state["options"]["auto_defense"] = False  # the ISD's guns would sink the CORV it tows
    b.post("ann", "withdraw GE-1")
    assert b.unit("GE-1")["withdrawn"] and b.unit("NR-1")["withdrawn"], \
        f"the held CORV stayed behind: {b.unit('NR-1')['space']}, held by {b.unit('NR-1')['tractored_by']}"


def test_gap_01_ob_window_lasts_until_the_defender_has_posted_under_it(battle) -> None:
    """Revised TOTE-GAP-01 ("An effect lasting H hours that starts in player P's post stays in effect
    until every other player has made ceil(H/24) posts under it"), TOTE-OB-04/05 (issue 26.10): ann
    bombards G-1 last on day 1 and posts first on day 2; the bombardment still stands then, the
    defender posts under it (its units at -1 UCR), and it ends at ann's next post after that."""
    from core.rulesets.tote.battle import actions, flow
    b = duel(battle, seed="obwindow")
    b.state["ob"] = [{"grid": "G-1", "by": "ann", "turn": 1, "hours": 24, "posts": {}}]
    b.state["turn"] = 2
    flow.begin_post(b.state, "ann")
    assert actions.bombarded(b.state) == ["G-1"], "the bombardment ended before the defender posted under it"
    flow.begin_post(b.state, "ben")
    assert actions.bombarded(b.state) == ["G-1"], "the defender posts under the bombardment"
    b.state["turn"] = 3
    flow.begin_post(b.state, "ann")
    assert actions.bombarded(b.state) == [], "it ends at the bombarder's first post after the defender's"


def test_gap_01_a_campaign_bombardment_runs_on_into_the_next_battle_day() -> None:
    """Revised TOTE-GAP-01, TOTE-OB-04/05 (issue 26.10): in the campaign a battle day is rebuilt from
    the galaxy each day; an orbital bombardment the defender has not yet posted under is kept for the
    next battle day at that world (beside the fatigue clocks), and the defender's units fight under it."""
    from core.rulesets.tote import TwilightOfTheEmpire
    from core.rulesets.tote.battle import actions, flow
    from core.rulesets.tote.campaign import battle as campaign_battle
    from core.rulesets.tote.campaign import flow as campaign_flow
    from core.rulesets.tote.campaign import state as cp
    from core.rulesets.tote.campaign import victory as campaign_victory
    state = campaign_flow.new_state([("al", "GE"), ("ir", "IR")], {}, "obdays")
    c = state["campaign"]
    for u in c["units"].values():
        u["system"] = "coruscant"
    for f in c["facilities"].values():
        f["system"] = "coruscant" if f["type"] != "PALACE" else f["system"]
    cp.start_turn(c)
    rs = TwilightOfTheEmpire()

    def day() -> dict:
        b = campaign_battle.battle_state(rs, c, "coruscant", campaign_flow.turn_order(state), state["dice"],
                                         state["options"])
        campaign_victory.before_battle(c, "coruscant", b, campaign_flow.turn_order(state))
        b["initiative"], b["turn"] = ["al", "ir"], 1
        return b

    b = day()
    b["units"]["IR-1"]["space"] = "A-1"
    flow.begin_post(b, "ir")  # ir posts last on this battle day
    b["sheets"]["ir"] = [{"text": "bombard IR-1 GE-PALACE"}]
    said = flow.resolve_post(rs, b)
    assert actions.bombarded(b) == ["G-1"], [e["text"] for e in said]
    campaign_battle.keep_effects(c, "coruscant", b)
    nxt = day()
    assert actions.bombarded(nxt) == ["G-1"], "the bombardment was lost between battle days"
    flow.begin_post(nxt, "ir")
    assert actions.bombarded(nxt) == ["G-1"], "it ended before the defender (al) posted under it"


def test_scan_13_gap_37_the_battle_watch_catches_an_undetectable_unit_named_to_a_seat(battle) -> None:
    """The Done-when of issue 26 (TOTE-SCAN-13, TOTE-GAP-37, COMMS-05): after every step the battle's
    invariants check that no event names to a seat another faction's unit that seat could not detect.
    The ISD in C-1 covers DSZ-1 but not DSZ-3: a note to ann naming the CORV in DSZ-3 is caught, the
    same CORV named in a combat action (public) or moved into DSZ-1 is not."""
    from core.rulesets.tote.battle import invariants
    b = duel(battle, gap="C-1", target="CORV:1")
    b.place("NR-1", "DSZ-3")
    note = {"kind": "tote", "text": "NR-1 is out of range.", "to": ["seat:ann"]}
    caught = invariants.undetected(b.state, b.state, [note])
    assert caught == ["ann could not detect NR-1 but was told: 'NR-1 is out of range.'"], caught
    assert invariants.undetected(b.state, b.state, [dict(note, kind="tote.hit", to=["all"])]) == [], \
        "a combat action is public to every faction (TOTE-COMMS-05)"
    assert invariants.undetected(b.state, b.state, [dict(note, to=["seat:ben"])]) == [], "ben knows its own CORV"
    b.place("NR-1", "DSZ-1")
    assert invariants.undetected(b.state, b.state, [note]) == [], "C-1 scans the DSZ bordering it (TOTE-GAP-37)"
