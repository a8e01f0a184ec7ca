"""The GCW points of the rules audit (issue 10), each played through orders and checked against the text.

Each test names the rule it holds the engine to; each failed on the engine before the fix.
"""
from __future__ import annotations

import hashlib
import json

import pytest

from core.errors import OrderError
from core.events import filter_events
from core.rulesets.gcw import model
from core.rulesets.gcw.data import rules
from core.session import Session
from gcw_helpers import R, add_fleet, do, moving, new_game, seat_of, started, texts
from test_gcw_battle import _to_report, battle_at

ACC_FACES = {i + 1 for i, face in enumerate(rules().faces["blue"]) if face == "accuracy"}


def seen_by(state, seat, events):
    """The events ``seat`` may see, as the edge filters them."""
    return filter_events(events, seat, lambda s: state["seats"][s]["side"] if s in state["seats"] else None)


def play_until(state, stop, initiative="Empire", moves=()):
    """Play quiet turns through orders (initiative, passes, no purchases) until ``stop(state)`` holds.

    ``moves``: Imperial orders given at the first action of the Empire in each Strategic Movement Phase,
    as ``{turn: [order, ...]}``. Returns every event.
    """
    moves = dict(moves or {})
    events = []
    for _ in range(600):
        if stop(state) or R.outcome(state) is not None or state["step"] is None:
            return events
        step = state["step"]
        kind, side = step["kind"], step["sides"][0]
        seat = seat_of(side)
        if kind == "initiative":
            events += do(state, seat, f"initiative {initiative}")
        elif kind == "action":
            todo = moves.pop(int(state["turn"]), []) if side == "Empire" else []
            for text in todo:
                events += do(state, seat, text)
                break
            else:
                events += do(state, seat, "pass")
        elif kind == "buy":
            events += do(state, seat, "done")
        elif kind == "take":
            events += do(state, seat, "take VP")
        else:
            raise AssertionError(f"play_until met a step it does not play: {step}")
    raise AssertionError("play_until did not reach its stop")


def at(turn, kind):
    return lambda s: int(s["turn"]) == turn and s["step"] is not None and s["step"]["kind"] == kind


def search_rolls(events, turn):
    return [e for e in events if e["kind"] == "roll" and e["turn"] == turn and e["data"]["purpose"].startswith("base search")]


def test_gcw_base_03_any_acc_reveals_base_and_base_05_bonus_follows():
    """GCW-BASE-03 GCW-GAP-29 GCW-BASE-05 GCW-BASE-04: any ACC on any Imperial search die reveals the base, wherever it was
    rolled; the base is not destroyed (no Imperial fleet there) and the next Resource Phase offers the Empire +50 VP or RP."""
    seen_found = seen_quiet = False
    for n in range(40):
        state = started(seed=f"acc-{n}", base="Dantooine")
        events = play_until(state, at(6, "buy"))
        assert not search_rolls(events, 5), "no search rolls before turn 6 (GCW-BASE-04)"
        rolls = search_rolls(events, 6)
        assert rolls, "turn 6: the Imperial ships roll blue dice"
        assert all("Dantooine" not in r["data"]["purpose"] for r in rolls), "no Imperial ship is at the base"
        acc = any(v in ACC_FACES for r in rolls for v in r["data"]["values"])
        if not acc:
            assert not state["base"]["found"], "no ACC: nothing is learned"
            assert "Dantooine" not in texts(seen_by(state, "ann", events)), "the Empire learns nothing without an ACC"
            seen_quiet = True
            continue
        assert state["base"]["found"] and state["base"]["system"] == "Dantooine", "an ACC anywhere reveals the base"
        record = state["sealed"][state["base"]["record"]]
        assert record["revealed"], "the base's sealed record is opened"
        assert "Dantooine" in texts(seen_by(state, "ann", events)), "the Empire is told where the base is"
        assert state["base"]["destroyed"] == 0, "found is not destroyed: no Imperial fleet is at Dantooine"
        events = play_until(state, at(7, "take"))
        assert state["step"]["amount"] == 50 and state["step"]["sides"] == ["Empire"], "turn 7 offers the +50"
        vp = state["sides"]["Empire"]["vp"]
        do(state, "ann", "take VP")
        assert state["sides"]["Empire"]["vp"] == vp + 50
        seen_found = True
        if seen_quiet:
            break
    assert seen_found and seen_quiet, "40 seeds gave no search with an ACC, or none without one"


def test_gcw_base_07_lone_fleet_destroys_base_found_or_not():
    """GCW-BASE-07 GCW-GAP-30 GCW-BASE-04 GCW-BASE-09: an Imperial fleet alone at the base in the Resource Phase destroys it
    from turn 6, whether or not a search die showed ACC; in turn 5 it does not."""
    for n in range(40):
        state = started(seed=f"lone-{n}", base="Carida")
        fid = model.fleets_of(state, "Empire")[0]
        events = play_until(state, at(5, "buy"), moves={5: [f"move {fid} Carida"]})
        assert state["fleets"][fid]["system"] == "Carida"
        assert state["base"]["system"] == "Carida" and state["base"]["destroyed"] == 0, "not before turn 6"
        events = play_until(state, lambda s: int(s["turn"]) == 6 and s["step"]["kind"] in ("take", "buy"))
        acc = any(v in ACC_FACES for r in search_rolls(events, 6) for v in r["data"]["values"])
        assert state["base"]["destroyed"] == 1 and state["base"]["system"] is None, f"seed {n}: the lone fleet destroys the base (ACC: {acc})"
        assert state["step"]["kind"] == "take" and state["step"]["amount"] == 200
        assert "Carida" in texts(seen_by(state, "ann", events)), "the Empire learns where the destroyed base was"
        if not acc:
            return
    pytest.fail("no seed gave a turn-6 search without an ACC")


def test_gcw_move_06_moves_seen_by_mover_and_opponent():
    """GCW-MOVE-06 GCW-WEAPON-05 GCW-WITHDRAW-05 GCW-GAP-42: a fleet's move, the Death Star's move and a withdrawal are
    public: the mover and the opponent both see them (the opponent may respond)."""
    state = moving(initiative="Empire")
    fid = model.fleets_of(state, "Empire")[0]
    events = do(state, "ann", f"move {fid} Carida")
    move = [e for e in events if e["kind"] == "move"]
    for seat in ("ann", "bob"):
        assert f"moves Coruscant -> Carida" in texts(seen_by(state, seat, move)), f"{seat} must see the Imperial move"
    rebel = model.fleets_of(state, "Rebel")[0]
    here = state["fleets"][rebel]["system"]
    dest = rules().adjacent[here][0]
    events = do(state, "bob", f"move {rebel} {dest}")
    for seat in ("ann", "bob"):
        assert f"moves {here} -> {dest}" in texts(seen_by(state, seat, events)), f"{seat} must see the Rebel move"

    state = moving(initiative="Empire")
    state["deathstar"] = {"system": "Coruscant", "fired": 0}
    state["sides"]["Empire"]["cp"] = 4
    events = do(state, "ann", f"move {rules().const['secret_weapon']['id']} Kuat")
    for seat in ("ann", "bob"):
        assert "The Death Star moves Coruscant -> Kuat" in texts(seen_by(state, seat, events)), f"{seat} must see the Death Star move"

    state, e, r, _ = battle_at()
    bid = _to_report(state)
    do(state, "ann", f"report {bid} Empire=10")
    do(state, "bob", f"report {bid} Empire=10")
    events = do(state, "bob", f"retreat {bid} Alderaan")
    for seat in ("ann", "bob"):
        assert "withdraws" in texts(seen_by(state, seat, [e for e in events if e["kind"] == "withdraw"])), f"{seat} must see the withdrawal"


def test_gcw_setup_11_salts_independent_of_seed():
    """GCW-SETUP-11 GCW-GAP-42: a sealed record's salt comes from the game's secret, never from the dice seed: knowing a typed
    seed does not let anyone compute the base from its published hash. A typed seed is mixed with secret randomness unless
    the GM asks for a reproducible test game."""
    def game(**kw):
        session = Session.new("gcw", [("ann", "Empire"), ("bob", "Rebel")], seed="3", **kw)
        session.order("ann", "ann", f"fleet Coruscant {rules().lists['Empire'][0]}")
        session.order("ann", "ann", "ready")
        session.order("bob", "bob", f"fleet Yavin IV {rules().lists['Rebel'][0]}")
        session.order("bob", "bob", "base Ord Mantell" if "Ord Mantell" in rules().systems else "base Dantooine")
        session.order("bob", "bob", "ready")
        return session
    a, b = game(), game()
    assert a.record["seed"] == b.record["seed"] == "3", "a reproducible (programmatic) game keeps its seed"
    rec_a = a.state["sealed"][a.state["base"]["record"]]
    rec_b = b.state["sealed"][b.state["base"]["record"]]
    assert rec_a["salt"] != rec_b["salt"], "two games with the same seed seal with different salts"
    # the attack of the audit: try every base with a salt derived from the seed; none may match the public hash
    for rid, rec in a.state["sealed"].items():
        old_salt = hashlib.sha256(f"3:seal:{rid}".encode()).hexdigest()[:16]
        assert rec["salt"] != old_salt, f"{rid}'s salt is derived from the seed"
    guesses = [s for s in rules().systems if model.seal_hash(hashlib.sha256(f"3:seal:{rec_a['id']}".encode()).hexdigest()[:16],
                                                            {"base": s}) == rec_a["hash"]]
    assert guesses == [], f"the base is computable from the seed: {guesses}"
    assert "secret" not in json.dumps(R.view(a.state, "ann")) or a.state["secret"] not in json.dumps(R.view(a.state, "ann"))
    mixed = Session.new("gcw", [("ann", "Empire"), ("bob", "Rebel")], seed="3", reproducible=False)
    assert mixed.record["seed"] != "3" and mixed.record["seed"].startswith("3")
    assert mixed.record["seed_hash"] != hashlib.sha256(b"3").hexdigest(), "the published hash of a typed seed gives it away"


def test_gcw_win_01_total_imperial_victory_reveals_every_record():
    """GCW-WIN-01 GCW-SETUP-11: the game's end, Total Imperial Victory included, reveals every sealed record: the base and
    the objectives a battle left sealed."""
    state, e, r, _ = battle_at()
    bid = _to_report(state)
    ru = state["fleets"][r]["units"]
    report = " ".join(f"{u}=destroyed" for u in ru if model.is_ship(state["units"][u]))
    do(state, "ann", f"report {bid} {report}")
    events = do(state, "bob", f"report {bid} {report}")
    assert R.outcome(state).winners == ("Empire",)
    closed = [rid for rid, rec in state["sealed"].items() if not rec["revealed"]]
    assert closed == [], f"sealed records still closed at the end: {closed}"
    assert "Dantooine" in texts(seen_by(state, "ann", events)), "the Empire is shown where the base was"


def test_gcw_reorg_07_purchase_cannot_give_second_commander():
    """GCW-REORG-07 GCW-REINF-02 GCW-REINF-05: a bought Commander cannot be fitted to a ship whose fleet already has one;
    replacing the Commander of the same ship is allowed."""
    state = started()
    fid = model.fleets_of(state, "Empire")[0]
    holder, other = state["fleets"][fid]["units"][0], state["fleets"][fid]["units"][1]
    assert "tarkin" in state["units"][holder]["upgrades"]
    state["phase"], state["resource"] = "resource", {"stage": 8}
    state["step"] = {"kind": "buy", "sides": ["Empire", "Rebel"]}
    state["sides"]["Empire"]["rp"] = 100
    commander = "motti"
    assert rules().roster[commander].type == "commander" and rules().roster[commander].usable_by("Empire")
    with pytest.raises(OrderError, match="already has a Commander"):
        do(state, "ann", f"buy {commander} for {other}")
    assert model.commanders(model.fleet_units(state, fid)) == 1 and state["sides"]["Empire"]["rp"] == 100
    do(state, "ann", f"buy {commander} for {holder}")
    assert model.commanders(model.fleet_units(state, fid)) == 1, "the new Commander replaces the old on the same ship"


def test_gcw_reorg_03_withdrawal_never_makes_a_seventh_fleet():
    """GCW-REORG-03 GCW-GAP-20 GCW-POOL-04: units withdrawing from a battle with no friendly fleet to join cannot form a 7th
    fleet; they go to the force pool, the text's "7th fleet"."""
    state, e, r, _ = battle_at(rebel=("cr90-a+dodonna", "cr90-b", "nebulon-support", "y-wing"))
    for system in ("Hoth", "Bespin", "Endor", "Naboo", "Sullust"):
        add_fleet(state, "Rebel", system, ["cr90-a"])
    assert len(model.fleets_of(state, "Rebel")) == 6
    bid = _to_report(state)
    ru = list(state["fleets"][r]["units"])
    do(state, "ann", f"report {bid} {ru[0]}=late {ru[1]}=destroyed Empire=0 Rebel=200")
    do(state, "bob", f"report {bid} {ru[0]}=late {ru[1]}=destroyed Empire=0 Rebel=200")
    sides = []
    while state["step"] is not None and state["step"]["kind"] == "retreat":
        side = state["step"]["sides"][0]
        sides.append(side)
        options = state["step"]["options"]
        free = [s for s in options if not model.fleets_at(state, s, side)] or options
        do(state, seat_of(side), f"retreat {bid} {free[0]}")
    assert "Rebel" in sides, "the late-withdrawn Rebel ship must retreat"
    assert len(model.fleets_of(state, "Rebel")) <= 6, f"the Rebel has {len(model.fleets_of(state, 'Rebel'))} fleets"
    assert state["units"][ru[0]]["fleet"] == "pool", "with 6 fleets and none to join, the withdrawn ship goes to the force pool"


def test_gcw_gap_23_rebel_survives_deploys_at_base():
    """GCW-GAP-23 GCW-POOL-05 GCW-CATCHUP-01: under the option "Rebel survives", a tabled Rebel gets the catch-up RP, buys,
    and deploys a new fleet at the Secret Base; without the option the game ends."""
    state, e, r, _ = battle_at(rebel_survives=True)
    bid = _to_report(state)
    ru = state["fleets"][r]["units"]
    report = " ".join(f"{u}=destroyed" for u in ru)
    do(state, "ann", f"report {bid} {report}")
    do(state, "bob", f"report {bid} {report}")
    assert R.outcome(state) is None and model.fleets_of(state, "Rebel") == []
    assert state["step"]["kind"] == "buy"
    assert state["sides"]["Rebel"]["rp"] >= 190, "Fires of Rebellion tops the tabled Rebel up"
    do(state, "bob", "buy mc80-assault")
    do(state, "bob", "buy cr90-a")
    do(state, "ann", "done")
    do(state, "bob", "done")
    play_until(state, lambda s: s["step"]["kind"] == "action" and s["step"]["sides"] == ["Rebel"], initiative="Rebel")
    pool = [u["id"] for u in model.pool_units(state, "Rebel") if model.is_ship(u)]
    base = state["base"]["system"]
    with pytest.raises(OrderError, match="entry system"):
        do(state, "bob", f"deploy {','.join(pool)} Hoth" if base != "Hoth" else f"deploy {','.join(pool)} Endor")
    events = do(state, "bob", f"deploy {','.join(pool)} {base}")
    assert model.fleets_of(state, "Rebel"), "the new fleet is on the map"
    assert state["fleets"][model.fleets_of(state, "Rebel")[0]]["system"] == base
    assert "deploys" in texts(events)


def test_gcw_setup_09_rebel_bot_base_varies_with_seed_and_stays_legal():
    """GCW-SETUP-09 GCW-SETUP-11 GCW-GAP-32: the Rebel bot's secret base varies with the game's seed (not always Hoth), is
    always a legal system, is the same for the same seed, and its choice is not visible to the Empire."""
    def bot_base(seed):
        state = new_game(seed)
        for text in R.bot(R.view(state, "bob"), "bob"):
            do(state, "bob", text)        # the bot's orders are legal: a refusal raises here
        return state["setup"]["Rebel"].get("base") or state["base"]["system"]
    bases = {n: bot_base(f"variety-{n}") for n in range(24)}
    for n, base in bases.items():
        assert base in rules().systems and base not in rules().const["setup"]["forbidden_for_rebel"], f"seed {n}: illegal base {base}"
    assert len(set(bases.values())) >= 5, f"24 seeds gave only these bases: {sorted(set(bases.values()))}"
    assert bot_base("variety-3") == bases[3], "the same seed gives the same choice"
    state = started()
    view = R.view(state, "ann")
    assert state["nonce"]["Rebel"] not in json.dumps(view), "the Empire's view carries the Rebel's private nonce"


def test_gcw_setup_11_console_mixes_a_typed_seed_and_says_what_it_gives_away():
    """GCW-SETUP-11 GCW-GAP-42: in the console a typed seed is mixed with secret randomness unless the GM asks for a
    reproducible test game; both answers say what a typed seed gives away."""
    from core.console import Console
    seats = "seats=ann:Empire,bob:Rebel"
    console = Console()
    answer = console.handle(f"new gcw seed=3 {seats}")
    assert answer.ok, answer.error
    assert console.session.record["seed"] != "3" and "mixed with secret randomness" in answer.text
    assert console.session.record["seed_hash"] != hashlib.sha256(b"3").hexdigest()
    answer = console.handle(f"new gcw seed=3 reproducible=yes {seats}")
    assert answer.ok, answer.error
    assert console.session.record["seed"] == "3" and "compute every die roll" in answer.text
    refused = console.handle(f"new gcw seed=3 reproducible=maybe {seats}")
    assert not refused.ok and "reproducible=yes" in refused.error


def test_gcw_pool_02_withdrawal_joining_a_fleet_keeps_one_commander():
    """GCW-POOL-02 GCW-GAP-20: withdrawn units that join a friendly fleet are checked like any fleet after a battle: a second
    Commander goes back to the force pool."""
    state, e, r, _ = battle_at(rebel=("cr90-a+dodonna", "cr90-b", "nebulon-support", "y-wing"))
    for system in rules().adjacent["Kuat"]:
        if not model.fleets_at(state, system):
            add_fleet(state, "Rebel", system, ["nebulon-escort+rieekan", "cr90-b"])
    bid = _to_report(state)
    ru = list(state["fleets"][r]["units"])
    do(state, "ann", f"report {bid} {ru[0]}=late {ru[1]}=destroyed Empire=0 Rebel=200")
    do(state, "bob", f"report {bid} {ru[0]}=late {ru[1]}=destroyed Empire=0 Rebel=200")
    while state["step"] is not None and state["step"]["kind"] == "retreat":
        side = state["step"]["sides"][0]
        options = state["step"]["options"]
        pick = [s for s in options if model.fleets_at(state, s, side)] if side == "Rebel" else options
        do(state, seat_of(side), f"retreat {bid} {pick[0]}")
    joined = state["units"][ru[0]]["fleet"]
    assert joined != "pool" and joined != r, f"the withdrawn ship should have joined a fleet; it is in {joined}"
    assert model.commanders(model.fleet_units(state, joined)) == 1, "the joined fleet keeps one Commander"
    assert any(u["code"] in ("dodonna", "rieekan") for u in model.pool_units(state, "Rebel")), "the excess one is in the pool"
