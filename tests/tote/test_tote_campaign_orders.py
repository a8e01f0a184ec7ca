"""A human fights the campaign's battles (issue 18): battle orders given in the galaxy post as
``at <world> <battle order>``, checked when queued against the battle as it stands and given at the
seat's battle post on the battle day; a seat that gave none defends itself; a bot seat's battle
post is its bot's (``at <world> bot``); the campaign view carries each battle's ``rings`` board
for its viewer, through the battle's own fog of war."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from core.errors import HolotableError, OrderError
from core.events import GM, filter_events
from core.rulesets.tote.campaign import battle as campaign_battle
from core.rulesets.tote.campaign import book as campaign_book
from core.rulesets.tote.campaign import flow as campaign_flow
from core.rulesets.tote.campaign import orders as campaign_orders
from core.rulesets.tote.campaign import state as cp
from core.rulesets.tote.campaign import worlds
from core.session import Session

sys.path.insert(0, str(Path(__file__).resolve().parent))


def battle_at_coruscant() -> Session:
    """GE (al) holding Coruscant and NR (bo) with its whole forces just arrived there (in a Deep
    Space Zone) on day 2, HS (cy) at home; the posting order of day 2 is cy, al, bo. NR's flagship
    NR-1 scans Coruscant actively from DSZ-3 as it comes in: al feels the scan and so knows of the
    conflict, though its sensors do not reach NR's fleet (TOTE-SCAN-05/13/15)."""
    s = Session.new("tote", [("al", "GE"), ("bo", "NR"), ("cy", "HS")], scenario="campaign", seed="orders")
    st = s.state
    for u in st["campaign"]["units"].values():
        if u["faction"] == "bo" and not u.get("pdf"):
            u["system"], u["space"] = "coruscant", None  # arrivals: set up in a Deep Space Zone
    st["campaign"]["units"]["NR-1"]["space"] = "DSZ-3"  # where the battle sets NR up (the third of the day's order)
    cp.scan(st["campaign"], "bo", "NR-1", "active")
    cp.start_turn(st["campaign"])
    st["turn"] = st["campaign"]["turn"]
    st["active"] = campaign_flow.turn_order(st)[0]
    assert worlds.contested(st["campaign"]) == ["coruscant"] and campaign_flow.turn_order(st) == ["cy", "al", "bo"]
    return s


def post(s: Session, seat: str, *texts: str) -> None:
    assert s.awaiting() == {seat}
    for text in texts:
        s.order(seat, seat, text)
    s.ready(seat, seat, True)


def test_gap_02_an_at_order_is_checked_against_the_battle_and_kept_on_the_sheet() -> None:
    """TOTE-GAP-02 / TOTE-FLOW-05: in its galaxy post a faction gives orders for its battle at a world in
    conflict: ``at Coruscant move GE-1 B-1`` goes on the sheet in canonical form; the next is checked
    after it (GE-1 has spent its movement points); a refused order changes nothing and says why in the
    battle's words, through the battle's fog (NR's fleet in DSZ-3 is beyond al's sensors)."""
    s = battle_at_coruscant()
    post(s, "cy")
    s.order("al", "al", "at Coruscant move GE-1 B-1")
    assert s.state["sheets"]["al"][-1]["text"] == "at coruscant move GE-1 B-1"
    before = json.dumps(s.state, sort_keys=True)
    refusals = {
        "at coruscant move GE-1 A-1": "at Coruscant: GE-1 cannot move from B-1 to A-1: it has no movement points left this round",
        "at coruscant fire GE-2 NR-1": "at Coruscant: 'fire GE-2 NR-1': 'NR-1' is not a target you can use here; legal: none right now",
        "at coruscant hold NR-1": "'NR-1' is not one of the units you can use here; legal: GE-1, GE-10, GE-11",
        "at coruscant move GE-2 Z-9": "'Z-9' is not a space you can use here",
        "at coruscant jump GE-1 kuat": "'jump GE-1 kuat': an order of the galaxy (the campaign), not of a battle",
        "at kuat hold GE-1": "'kuat' is not a world you can use here; legal: coruscant",
        "at coruscant bot": "you have given orders for the battle at Coruscant; withdraw them to leave it to your bot",
        "at coruscant": "missing <battle order>",
    }
    for text, why in refusals.items():
        with pytest.raises(HolotableError) as exc:
            s.order("al", "al", text)
        assert why in str(exc.value), (text, str(exc.value))
    assert json.dumps(s.state, sort_keys=True) == before
    rs = s.ruleset
    assert campaign_orders.at_worlds(rs.context(s.state, "cy")) == [], "cy has no forces in a battle"
    assert "at" not in rs.order_book().verbs(rs.context(s.state, "cy"))
    with pytest.raises(OrderError, match="you have no forces in a battle today"):
        rs.order_book().parse("at coruscant hold HS-1", rs.context(s.state, "cy"))
    assert campaign_orders.at_worlds(rs.context(s.state, "al")) == ["coruscant"]


def test_hyper_02_a_ship_out_of_hyperspace_today_cannot_be_moved_by_an_at_order() -> None:
    """TOTE-HYPER-02 / TOTE-RAM-01: the battle a post is checked against gives a ship that came out of
    hyperspace today no movement points, so its move is refused when queued; ramming is refused in
    the battle's words."""
    s = battle_at_coruscant()
    s.state["campaign"]["units"]["NR-2"]["arrived_turn"] = s.state["turn"]
    post(s, "cy")
    post(s, "al")
    with pytest.raises(OrderError, match="NR-2 cannot move from DSZ-3 to C-3: it has no movement points left"):
        s.order("bo", "bo", "at coruscant move NR-2 C-3")
    with pytest.raises(OrderError, match="ramming is prohibited"):
        s.order("bo", "bo", "at coruscant ram NR-1 GE-1")
    s.order("bo", "bo", "at coruscant move NR-3 C-3")
    assert [o["text"] for o in s.state["sheets"]["bo"]] == ["at coruscant move NR-3 C-3"]


def test_at_completion_offers_the_battles_and_the_battle_language() -> None:
    """The order line offers ``at`` with the contested worlds where the seat has forces, then the
    battle's orders, then the battle order's own arguments (the seat's units)."""
    s = battle_at_coruscant()
    post(s, "cy")
    book, ctx = s.ruleset.order_book(), s.ruleset.context(s.state, "al")
    assert "at" in book.verbs(ctx)
    assert book.complete("at ", ctx) == ["at coruscant"]
    lines = book.complete("at coruscant ", ctx)
    assert "at coruscant fire " in lines and "at coruscant bot" in lines and "at coruscant jump " not in lines
    assert book.complete("at coruscant hold GE-1", ctx)[:2] == ["at coruscant hold GE-1", "at coruscant hold GE-10"]
    assert "at <world> <battle order...>" in book.help("at")


def test_strong_03_orders_given_at_the_battle_post_and_a_refusal_told_to_the_seat_alone() -> None:
    """TOTE-STRONG-03 / TOTE-GAP-02: at the battle day bo's ``at`` orders are given at its battle post
    in order: NR-2 moves to C-3 (where the campaign keeps it); the move of NR-1, which bo's own jump
    later in the post took away, is refused then, told to bo and the GM only; al, a player who gave
    no battle orders, defends itself by the automatic defence and is told so; no shot is fired, so cy
    hears nothing of the battle (TOTE-COMMS-05: combat actions are public, a quiet day is not)."""
    s = battle_at_coruscant()
    post(s, "cy")
    post(s, "al")
    mark = len(s.record["log"])
    post(s, "bo", "at coruscant move NR-2 C-3", "at coruscant move NR-1 C-3", "jump NR-1 kuat")
    log = s.record["log"][mark:]
    assert s.state["campaign"]["units"]["NR-2"]["space"] == "C-3"
    assert "battle_orders" not in s.state["campaign"], "the battle day spends every order"
    refused = [e for e in log if e["kind"] == "tote.refused"]
    assert len(refused) == 1 and refused[0]["to"] == ["seat:bo", GM], refused
    assert refused[0]["text"].startswith("At Coruscant, your battle order 'move NR-1 C-3' was not given: ")
    assert [e["text"] for e in log if e["kind"] == "tote.post" and e["text"].startswith("At ")] == [
        "At Coruscant: Galactic Empire posts.", "At Coruscant: New Republic posts."], "day 2's order: cy, al, bo (TOTE-GAP-02)"
    notes = {e["text"]: e["to"] for e in log if e["kind"] == "tote.battle"}
    assert notes == {"At Coruscant your post gave 1 of your 2 battle orders.": ["seat:bo", GM],
                     "At Coruscant you gave no battle orders: your units there defended themselves (the automatic "
                     "defence).": ["seat:al", GM]}
    seen_by_cy = filter_events(log, "cy", s.side_of)
    assert [e["kind"] for e in seen_by_cy if e["kind"].startswith("tote.") and e["kind"] not in ("tote.post", "tote.departed")] \
        == [], f"no shot was fired at Coruscant: the galaxy hears of no combat (TOTE-COMMS-05): {seen_by_cy}"


def test_gap_02_a_bot_seat_leaves_its_battle_to_its_bot() -> None:
    """TOTE-GAP-02: the campaign bot gives ``at <world> bot`` for each of its battles, so a bot seat's
    battle post is its bot's orders from its battle view, as before; with the option
    ``campaign_battle_bots`` off it gives none, and the order is refused."""
    s = battle_at_coruscant()
    post(s, "cy")
    texts = s.ruleset.bot(s.view("al"), "al")
    assert texts[0] == "at coruscant bot"
    for text in texts:
        s.order("al", "al", text)
    with pytest.raises(OrderError, match="withdraw 'at coruscant bot' first"):
        s.order("al", "al", "at coruscant hold GE-1")
    s.ready("al", "al", True)
    mark = len(s.record["log"])
    post(s, "bo")
    log = s.record["log"][mark:]
    assert not any(e["kind"] == "tote.battle" and "seat:al" in e["to"] for e in log)
    alone = campaign_flow.new_state([("al", "GE"), ("bo", "NR")], {"campaign_battle_bots": False}, "off")
    for u in alone["campaign"]["units"].values():
        u["system"] = "coruscant"
    cp.start_turn(alone["campaign"])
    seat = alone["active"]
    view = campaign_flow.view(alone, seat)
    assert not any(t.startswith("at ") for t in campaign_flow.bot(view, seat))
    with pytest.raises(OrderError, match="campaign_battle_bots is off"):
        campaign_book.check_sheet(alone, seat, ["at coruscant bot"])


def test_the_bot_post_at_a_delegated_battle_is_the_bots_own() -> None:
    """TOTE-GAP-02: a battle left to the bot is fought as the bot posts it from its battle view (NR's
    bot, first to post, moves its ships in from DSZ-3); with no orders at all both sides get the
    automatic defence, each told so."""
    s = battle_at_coruscant()
    st = s.state
    rs = s.ruleset
    c = st["campaign"]
    c["battle_orders"] = {"al": {"coruscant": ["bot"]}, "bo": {"coruscant": ["bot"]}}
    a = cp.snapshot(c)
    first = campaign_orders.trial_battle(st, "bo", "coruscant")  # bo posts first in the battle
    texts = rs.bot(rs.view(first, "bo"), "bo")
    _dice, events = campaign_battle.fight(rs, a, "coruscant", campaign_flow.turn_order(st), st["dice"], st["options"])
    accepted = []
    for text in texts:  # as a bot seat's post always went: each order the battle accepts, in turn
        try:
            rs.submit(first, "bo", text)
            accepted.append(text)
        except HolotableError:
            pass
    expected = {t.split()[1] for t in accepted if t.startswith("move ")}
    moved = {e["text"].split()[0] for e in events if e["kind"] == "tote.move" and e["to"] == ["seat:bo", GM]}
    assert expected and moved == expected
    assert {uid for uid, u in a["units"].items() if u["faction"] == "bo" and u["space"] == "C-3"} >= expected
    assert not any(e["kind"] == "tote.battle" for e in events), "a bot's post needs no note"
    b = cp.snapshot(c)
    b.pop("battle_orders")
    _dice, auto = campaign_battle.fight(rs, b, "coruscant", campaign_flow.turn_order(st), st["dice"], st["options"])
    assert [e["text"] for e in auto if e["kind"] == "tote.battle"] == [
        "At Coruscant you gave no battle orders: your units there defended themselves (the automatic defence)."] * 2


def test_comms_05_the_galaxy_opens_into_each_battle_grid_through_its_fog() -> None:
    """Catalog 5.5 / TOTE-COMMS-05: the campaign view carries, for each battle where the viewer has
    forces, that battle's ``rings`` board exactly as the part-1 battle view draws it for the viewer
    (its sensors' cover only); a faction with no forces there gets none; the GM gets every battle."""
    s = battle_at_coruscant()
    rs = s.ruleset
    battle = campaign_battle.prepared_state(rs, s.state["campaign"], "coruscant", campaign_flow.turn_order(s.state),
                                          s.state["dice"], s.state["options"])
    for viewer in ("al", "bo", GM):
        boards = s.view(viewer)["boards"]
        assert [b["title"] for b in boards] == ["Coruscant (battle)"]
        board = boards[0]["board"]
        assert board["kind"] == "rings" and board["title"] == "Coruscant: the battle, day 2"
        assert dict(board, title="") == dict(rs.view(battle, viewer)["board"], title="")
    assert s.view("cy")["boards"] == []
    seen = {t["id"] for sp in s.view("al")["boards"][0]["board"]["spaces"].values() for t in sp["units"]}
    gm = {t["id"] for sp in s.view(GM)["boards"][0]["board"]["spaces"].values() for t in sp["units"]}
    assert "NR-1" in gm and "NR-1" not in seen and seen < gm, "al's board shows only what its sensors cover"


def test_an_at_order_is_a_secret_of_its_seat() -> None:
    """Catalog 5.5: a faction's kept battle orders change no other faction's view (the ruleset lists
    them among the secrets its conformance check changes)."""
    s = battle_at_coruscant()
    post(s, "cy")
    post(s, "al", "at coruscant move GE-1 B-1")
    names = [name for name, _ in s.ruleset.hidden_changes(s.state, "bo")]
    assert "al's battle orders" in names
    before = json.dumps(s.view("bo"), sort_keys=True, default=str)
    change = dict(s.ruleset.hidden_changes(s.state, "bo"))["al's battle orders"]
    change(s.state)
    assert json.dumps(s.view("bo"), sort_keys=True, default=str) == before


def test_random_battle_orders_keep_the_contract() -> None:
    """The campaign with a battle under random legal play (``at`` orders among them) keeps the
    contract at every step: JSON round trips, only the poster has legal orders, real viewers for
    every event, no leak of another faction's secrets (its kept battle orders among them)."""
    import random

    from test_tote_campaign import _conformance
    conf = _conformance()
    s = battle_at_coruscant()
    rng = random.Random(18)
    given = []
    for step in range(6):
        conf.check_step(s, f"battle orders step {step}")
        for seat in sorted(s.awaiting()):
            options = s.ruleset.legal_orders(s.state, seat)
            given += [t for t in options if t.startswith("at ")]
            rng.shuffle(options)
            for text in options[: rng.randint(1, max(1, len(options)))]:
                try:
                    s.order(seat, seat, text)
                except HolotableError:
                    pass
            s.ready(seat, seat, True)
    assert given and s.state["turn"] >= 3
    assert any(e["kind"] == "tote.battle" and "your post gave" in e["text"] for e in s.record["log"])


def test_orders_never_given_are_reported_and_spent() -> None:
    """Orders for a battle the seat's forces no longer take part in (cy's, never there; al's, its
    forces destroyed before its post) are spent with a note to the seat and the GM alone."""
    s = battle_at_coruscant()
    st, rs = s.state, s.ruleset
    c = cp.snapshot(st["campaign"])
    c["battle_orders"] = {"cy": {"coruscant": ["hold HS-1", "hold HS-2"]}}
    _dice, events = campaign_battle.fight(rs, c, "coruscant", campaign_flow.turn_order(st), st["dice"], st["options"])
    notes = [e for e in events if e["kind"] == "tote.battle" and "seat:cy" in e["to"]]
    assert [(e["text"], e["to"]) for e in notes] == [("At Coruscant your 2 battle orders were not given: your forces "
                                                     "there could no longer act when your post came.", ["seat:cy", GM])]
    assert c["battle_orders"]["cy"] == {}
    for u in c["units"].values():
        if u["faction"] == "al" and u["system"] == "coruscant":
            u["destroyed"] = True
    c["battle_orders"] = {"al": {"coruscant": ["hold GE-1"]}}
    _dice, events = campaign_battle.fight(rs, c, "coruscant", ["bo", "al", "cy"], st["dice"], st["options"])  # al after bo
    assert [e["text"] for e in events if "seat:al" in e["to"] and e["kind"] == "tote.battle"] == [
        "At Coruscant your 1 battle order was not given: your forces there could no longer act when your post came."]


def test_line_mode_reads_the_battle_grid() -> None:
    """Line mode (the console, screen readers) prints each battle board of the view after the galaxy:
    what stands where, as the viewer sees it."""
    from core.render import render_view
    s = battle_at_coruscant()
    text = render_view(s.view("al"))
    assert "board Coruscant (battle):" in text
    assert "    C-1: GE GE-1 GE-8 GE-11 GE-20 GE-22 GE-26" in text
    assert "    G-1 Surface: GE GE-FCC GE-PALACE" in text, "the facilities stand on the grid (TOTE-WIN-02)"
    assert "NR-1" not in text.split("board Coruscant (battle):")[1], "NR's fleet in DSZ-3 is beyond al's sensors"


def test_gap_02_the_odds_of_a_shot_given_with_at_are_the_battles() -> None:
    """An ``at`` shot shows its exact damage as the battle's own odds would (UCR damage is exact), after
    the seat's earlier orders for that battle; any other order has none."""
    s = battle_at_coruscant()
    s.state["campaign"]["units"]["GE-1"]["space"] = "DSZ-3"  # al's carrier out where NR's fleet came in
    post(s, "cy")
    post(s, "al")
    rs = s.ruleset
    mine = rs.odds(s.state, "bo", "at coruscant fire NR-1 GE-1")
    battle = campaign_orders.trial_battle(s.state, "bo", "coruscant")
    theirs = rs.odds(battle, "bo", "fire NR-1 GE-1")
    assert mine is not None and theirs is not None and mine.rows == theirs.rows and mine.title == theirs.title
    assert mine.title.startswith("NR-1 fires at GE-1: exactly ")
    assert rs.odds(s.state, "bo", "at coruscant hold NR-1") is None
    assert rs.odds(s.state, "bo", "jump NR-1 kuat") is None
