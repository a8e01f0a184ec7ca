"""Republic at War teams and schedule: RAW-TEAM-01..09 (the Al/Bob/Carl example as al/cy/ed), the
turn deadline RAW-TURN-01/02, and the gaps RAW-GAP-04 (dealing the start), RAW-GAP-05 (empty start),
RAW-GAP-06 (equal teams), RAW-GAP-07 (unavailability and the GA) and RAW-GAP-51 (GF landing on a
teammate's world). Seats: al, cy, ed GAR (al the GA); bo, di, fa CIS (bo the GA).
"""
from __future__ import annotations

import copy
from typing import Any

import pytest

from core.errors import OrderError, PermissionRefused, SetupError
from core.rulesets.raw import budget
from core.rulesets.raw.data import constants
from core.session import Session

HOUR = 3600.0
T0 = 1_000_000.0


def refused(game: Any, seat: str, text: str, match: str, actor: str | None = None, error: type = OrderError) -> None:
    """The order is refused with ``error`` matching ``match``; neither the state nor the journal changes."""
    before = copy.deepcopy(game.state)
    journal = len(game.session.record["journal"])
    with pytest.raises(error, match=match):
        game.order(seat, text, actor=actor)
    assert game.state == before, f"the refused order {text!r} changed the state"
    assert len(game.session.record["journal"]) == journal, f"the refused order {text!r} was journalled"


def seats(*pairs: tuple[int, int]) -> list[tuple[str, str]]:
    gar, cis = pairs[0]
    return [(f"g{i}", "GAR") for i in range(gar)] + [(f"c{i}", "CIS") for i in range(cis)]


# -- RAW-TEAM-01, -02 ---------------------------------------------------------------------------
def test_RAW_TEAM_01_players_order_only_their_own_forces(game):
    """RAW-TEAM-01: teammates are autonomous: cy cannot order for al, the GA al cannot order for an
    available cy, al cannot build at cy's Kuat or jump cy's ship, and bo cannot order for al."""
    ship = game.unit("cy", "ConS", "Kuat")
    refused(game, "al", "build Kamino GF", r"cy may not act for al", actor="cy", error=PermissionRefused)
    refused(game, "cy", "build Kuat GF", r"al may not act for cy", actor="al", error=PermissionRefused)
    refused(game, "al", "build Kamino GF", r"bo may not act for al", actor="bo", error=PermissionRefused)
    refused(game, "al", "build Kuat GF", r"'Kuat' is not a planet you can use here")
    refused(game, "al", f"jump {ship} Humbarine", rf"'{ship}' is not one of the ships you can use here")
    game.order("cy", f"jump {ship} Humbarine")
    assert game.state["sheets"]["cy"][-1]["by"] is None, "cy's own order is cy's"


def test_RAW_TEAM_02_team_channel_is_logged_and_private_to_the_team_and_gm(game):
    """RAW-TEAM-02 (RAW-GAP-42): al's strategy post on the GAR thread reaches cy, ed and the GM, is
    journalled, and is hidden from (and closed to) the CIS."""
    s = game.session
    message = s.post("al", "team:GAR", "Turn 1: take Foerost, then hold Kuat")
    assert message["from"] == "al" and message["turn"] == 1, f"the message should record author and turn: {message}"
    for seat in ("cy", "ed", "gm"):
        assert any(m["text"] == "Turn 1: take Foerost, then hold Kuat" for m in s.messages_for(seat)), f"{seat} should read the GAR thread"
    for seat in ("bo", "di", "fa"):
        assert not any(m["thread"] == "team:GAR" for m in s.messages_for(seat)), f"{seat} (CIS) must not read the GAR thread"
        assert "team:GAR" not in s.threads_for(seat), f"{seat} must not be offered the GAR thread"
    with pytest.raises(PermissionRefused, match=r"bo may not write to 'team:GAR'"):
        s.post("bo", "team:GAR", "we are friends, honest")
    assert [m["from"] for m in s.record["messages"]] == ["al"], "the refused post must not be stored"
    assert s.record["journal"][-1] == {"op": "post", "actor": "al", "thread": "team:GAR", "text": "Turn 1: take Foerost, then hold Kuat"}, \
        f"the post should be journalled: {s.record['journal'][-1]}"
    assert "team:GAR" in s.view("cy")["messages"][0]["thread"], "the team thread shows in cy's view"


# -- RAW-TEAM-03 --------------------------------------------------------------------------------
def test_RAW_TEAM_03_lending_credits_to_a_teammate(game):
    """RAW-TEAM-03: al lends cy 40: al has 100 left, cy 185 and spends all of it; a loan to the enemy is
    refused; next turn nothing is owed (both have their own production again)."""
    game.order("al", "lend cy 40")
    assert budget.check(game.state, "al") == 100, f"al should have 100 left, has {budget.check(game.state, 'al')}"
    assert budget.check(game.state, "cy") == 185, f"cy should have 145 + 40, has {budget.check(game.state, 'cy')}"
    refused(game, "al", "lend bo 10", r"'bo' is not a seat you can use here")
    game.order("cy", "improve Rodia 180")
    events = game.resolve()
    assert any(e["kind"] == "loan" and "al lends 40 credits to cy" in e["text"] for e in events), "the loan should be reported"
    assert game.state["planets"]["Rodia"]["production"] == 28, f"cy spent the loan: Rodia 10 + 18 = 28, is {game.state['planets']['Rodia']['production']}"
    assert budget.check(game.state, "al") == 140 and budget.check(game.state, "cy") == 145 + 18, \
        "turn 2: no repayment is taken, each has their own production"


# -- RAW-TEAM-04 .. -08 -------------------------------------------------------------------------
def test_RAW_TEAM_04_each_team_has_exactly_one_grand_admiral(game):
    """RAW-TEAM-04 (RAW-GAP-07: first member in seat order): al for GAR, bo for CIS, public to everyone."""
    assert game.state["admiral"] == {"GAR": "al", "CIS": "bo"}, f"the GAs should be al and bo: {game.state['admiral']}"
    for viewer in ("al", "cy", "bo", "fa"):
        facts = game.session.view(viewer)["facts"]
        assert facts["admiral"] == {"GAR": "al", "CIS": "bo"}, f"{viewer} should see both GAs: {facts['admiral']}"
        assert facts["grand_admiral"] == (viewer in ("al", "bo")), f"{viewer}'s grand_admiral flag is wrong"


def test_RAW_TEAM_05_grand_admiral_orders_and_lends_for_an_unavailable_teammate(game):
    """RAW-TEAM-05: with cy away, the GA al builds at cy's Kuat and lends ed 20 of cy's credits."""
    game.session.away("cy", "cy")
    game.order("cy", "build Kuat ywing", actor="al")
    game.order("cy", "lend ed 20", actor="al")
    assert budget.check(game.state, "cy") == 145 - 14 - 20, "cy's credits pay for what the GA ordered"
    events = game.resolve()
    assert any(u["type"] == "ywing" and u["owner"] == "cy" and u["at"] == "Kuat" for u in game.state["units"].values()), "cy's Y-wing is built"
    assert any(e["kind"] == "loan" and "cy lends 20 credits to ed" in e["text"] for e in events), "the loan from cy's credits goes through"


def test_RAW_TEAM_06_orders_by_the_ga_are_marked_on_behalf(game):
    """RAW-TEAM-06: an order the GA gives for a teammate is recorded as by al on behalf of cy, seen so by the team and the GM."""
    game.session.away("cy", "cy")
    events = game.order("cy", "build Kuat ywing", actor="al")
    assert "(by al on behalf of cy)" in events[0]["text"], f"the order event should say who gave it: {events[0]['text']}"
    assert game.state["sheets"]["cy"][0]["by"] == "al", "the sheet entry should record the GA"
    for viewer in ("cy", "ed", "gm"):
        sheet = game.session.view(viewer)["facts"]["sheets"]["cy"]
        assert sheet == [{"text": "build Kuat ywing", "by": "al"}], f"{viewer} should see the order as al's for cy: {sheet}"


def test_RAW_TEAM_07_al_submits_carls_orders_bob_may_not(game):
    """RAW-TEAM-07 [EXAMPLE]: Al (GA) = al, Bob = cy, Carl = ed. They plan on turn 4; on turn 5 Carl is
    unavailable: Al's combined orders for himself and Carl are accepted, Bob's for Carl refused,
    unless Bob is acting GA."""
    for _ in range(3):
        game.resolve()
    assert game.session.turn == 4, f"the example's planning turn is 4, not {game.session.turn}"
    game.session.post("al", "team:GAR", "Turn 5: Carl builds at Anaxes, I build at Kamino")
    game.resolve()
    assert game.session.turn == 5, f"the deadline turn of the example is 5, not {game.session.turn}"
    game.session.away("ed", "ed")
    game.order("al", "build Kamino GF 2")
    game.order("ed", "build Anaxes ywing", actor="al")
    assert [o["text"] for o in game.state["sheets"]["ed"]] == ["build Anaxes ywing"], "Al's order for Carl stands"
    refused(game, "ed", "build Anaxes vwing", r"cy may not act for ed", actor="cy", error=PermissionRefused)
    game.session.away("al", "al")
    game.order("cy", "admiral")
    game.order("ed", "build Anaxes vwing", actor="cy")
    assert game.state["sheets"]["ed"][-1]["by"] == "cy", "as acting GA, Bob may order for Carl"
    game.resolve()
    assert game.state["planets"]["Kamino"]["gf"] == 2 and sum(1 for u in game.state["units"].values() if u["owner"] == "ed") == 2, \
        "Al's own orders and Carl's (by Al and by acting GA Bob) are all carried out"


def test_RAW_TEAM_08_acting_grand_admiral_until_the_ga_returns(game):
    """RAW-TEAM-08, RAW-GAP-07: nobody takes over from an available GA; with al away cy takes the role
    (first claim wins: ed cannot take it from an available cy) and acts for the away ed; al takes the
    role back on his return, and at the latest when the next turn begins."""
    refused(game, "cy", "admiral", r"the Grand Admiral al is available")
    game.session.away("al", "al")
    game.session.away("ed", "ed")
    game.order("cy", "admiral")
    assert game.state["admiral"]["GAR"] == "cy", "cy is acting GA"
    refused(game, "ed", "admiral", r"the Grand Admiral cy is available")
    game.order("ed", "build Anaxes ywing", actor="cy")
    refused(game, "ed", "build Anaxes vwing", r"al may not act for ed", actor="al", error=PermissionRefused)
    game.session.away("al", "al", False)
    game.order("al", "admiral")
    assert game.state["admiral"]["GAR"] == "al", f"al should be GA again on his return: {game.state['admiral']}"
    refused(game, "ed", "build Anaxes vwing", r"cy may not act for ed", actor="cy", error=PermissionRefused)
    game.session.away("al", "al")
    game.order("cy", "admiral")
    game.resolve()
    assert game.state["admiral"]["GAR"] == "al", f"the acting role ends with the turn; al is GA on turn 2: {game.state['admiral']}"


def test_RAW_TEAM_09_RAW_GAP_06_teams_equal_not_even(game):
    """RAW-TEAM-09, RAW-GAP-06: "even" means equal: 3 v 3 (6 players, as the example team) and 6 v 6 start;
    4 v 3 is refused unless the GM sets equal_teams=false; 2 v 2 and 7 v 7 are outside 6-12."""
    assert len(Session.new("raw", seats((3, 3)), seed="s").seats()) == 6, "3 v 3 must start"
    assert len(Session.new("raw", seats((6, 6)), seed="s").seats()) == 12, "6 v 6 must start"
    with pytest.raises(SetupError, match=r"teams must be equal \(RAW-GAP-06\): GAR has 4, CIS 3"):
        Session.new("raw", seats((4, 3)), seed="s")
    odd = Session.new("raw", seats((4, 3)), options={"equal_teams": False}, seed="s")
    assert len(odd.seats()) == 7, "the GM may allow unequal teams"
    with pytest.raises(SetupError, match=r"needs 6 to 12 seats"):
        Session.new("raw", seats((2, 2)), seed="s")
    with pytest.raises(SetupError, match=r"needs 6 to 12 seats"):
        Session.new("raw", seats((7, 7)), seed="s")


# -- RAW-TURN-01, -02, RAW-GAP-07 ---------------------------------------------------------------
def test_RAW_TURN_01_gm_sets_a_repeating_deadline(game):
    """RAW-TURN-01 (RAW-GAP-43: 72 h): the GM sets the deadline; at it the turn resolves and the next
    deadline is 72 h later; players may not set deadlines."""
    s = game.session
    with pytest.raises(PermissionRefused, match=r"only the GM may set a deadline"):
        s.set_deadline("al", T0 + 72 * HOUR, 72)
    s.set_deadline("gm", T0 + 72 * HOUR, 72)
    assert s.tick(T0 + 71 * HOUR) == [] and s.turn == 1, "before the deadline nothing resolves"
    events = s.tick(T0 + 72 * HOUR)
    assert s.turn == 2 and any(e["kind"] == "turn" for e in events), f"the deadline resolves turn 1: turn is {s.turn}"
    assert s.record["deadline"] == T0 + 144 * HOUR, f"the next deadline is 72 h on: {s.record['deadline']}"
    s.tick(T0 + 144 * HOUR)
    assert s.turn == 3, "the repeating deadline resolves turn 2 as well"


def test_RAW_TURN_02_no_mid_turn_prompts(game):
    """RAW-TURN-02: the engine never waits on a player during resolution (all phases resolve on the
    orders given), so no prompt can outlast the 24 h reply window; the constant is 24."""
    assert constants()["turn"]["gm_reply_hours"] == 24, "players answer the GM within 24 hours"
    c9l = game.unit("bo", "C9L", "Cato Neimoidia", gf=3)
    game.order("bo", f"jump {c9l} Kuat")
    game.order("bo", "assault Kuat")
    game.resolve()
    assert game.session.turn == 2 and game.owner("Kuat") == "bo", "jump, combat and the assault resolved without asking anyone"
    assert game.session.awaiting() == set(game.session.seats()), "after resolution every seat is asked only for next turn's orders"


def test_RAW_GAP_07_no_orders_twelve_hours_before_the_deadline_means_unavailable(game):
    """RAW-GAP-07: 12 h before the deadline, seats without orders are marked away; from then the GA may
    submit or replace their orders; seats with orders are not away."""
    s = game.session
    s.set_deadline("gm", T0 + 72 * HOUR)
    game.order("cy", "build Kuat ywing")
    s.tick(T0 + 59 * HOUR)
    assert game.state["away"] == [], "13 h before the deadline nobody is away yet"
    refused(game, "ed", "build Anaxes ywing", r"al may not act for ed", actor="al", error=PermissionRefused)
    s.tick(T0 + 60 * HOUR)
    assert "ed" in game.state["away"] and "cy" not in game.state["away"], f"ed (no orders) is away, cy is not: {game.state['away']}"
    game.order("ed", "build Anaxes ywing", actor="al")
    s.away("ed", "ed", True)
    s.withdraw("al", "ed", 0)
    game.order("ed", "build Anaxes vwing", actor="al")
    assert [o["text"] for o in game.state["sheets"]["ed"]] == ["build Anaxes vwing"], "the GA replaced ed's orders"
    s.tick(T0 + 72 * HOUR)
    assert s.turn == 2 and any(u["type"] == "vwing" and u["owner"] == "ed" for u in game.state["units"].values()), \
        "at the deadline the turn resolves with the GA's orders for ed"


# -- RAW-GAP-04, -05 ----------------------------------------------------------------------------
def test_RAW_GAP_04_snake_draft_of_starting_planets(game):
    """RAW-GAP-04: each team's start is dealt by snake draft in seat order over planets by credits
    (high to low, ties alphabetical); the GM may re-assign before turn 1, players may not."""
    held = {seat: sorted(n for n, p in game.state["planets"].items() if p["owner"] == seat) for seat in ("al", "cy", "ed")}
    assert held == {
        "al": ["Alanteen VI", "Bothawui", "Devaron", "Kamino", "Rothana"],
        "cy": ["Coruscant", "Geonosis", "Humbarine", "Kuat", "Rodia"],
        "ed": ["Anaxes", "Carida", "Eriadu", "Naboo"],
    }, f"GAR snake draft differs: {held}"
    cis = {seat: sorted(n for n, p in game.state["planets"].items() if p["owner"] == seat) for seat in ("bo", "di", "fa")}
    assert cis["bo"] == ["Cato Neimoidia", "Felucia", "Muunilist", "Raxus", "Sullust"], f"bo's deal differs: {cis['bo']}"
    game.session.gm_correct("gm", "planets.Kuat.owner", '"al"', "re-deal before turn 1")
    assert game.owner("Kuat") == "al", "the GM re-assigns Kuat"
    with pytest.raises(PermissionRefused, match=r"only the GM may correct the state"):
        game.session.gm_correct("cy", "planets.Kuat.owner", '"cy"', "mine")


def test_RAW_GAP_05_empty_start_and_turn_one_credits(game):
    """RAW-GAP-05: no player units and 0 GF anywhere at the start (only the neutral worlds' forces);
    turn 1's credits are each seat's planets' production; the GM may set a starting garrison."""
    assert all(u["owner"].startswith("neutral:") for u in game.state["units"].values()), "players start with no units"
    assert all(p["gf"] == 0 for p in game.state["planets"].values()), "no GF anywhere at the start"
    credits = {seat: budget.check(game.state, seat) for seat in game.session.seats()}
    assert credits == {"al": 140, "bo": 145, "cy": 145, "di": 145, "ed": 125, "fa": 120}, f"turn 1 credits differ: {credits}"
    garrisoned = type(game)(starting_garrison=2)
    gf = {n: p["gf"] for n, p in garrisoned.state["planets"].items()}
    assert gf["Kuat"] == 2 and gf["Raxus"] == 2 and gf["Alderaan"] == 0, f"the GM option garrisons held worlds only: {gf}"


# -- RAW-GAP-51 ---------------------------------------------------------------------------------
def test_RAW_GAP_51_gf_landed_on_a_teammates_world_become_theirs(game):
    """RAW-GAP-51: al's GF landed at cy's Humbarine join cy's garrison up to the cap (10): with 8 there,
    2 of al's 3 land and 1 stays aboard; al's squadron unloaded there stays al's."""
    game.give("Alanteen VI", "al", gf=3)
    game.give("Humbarine", "cy", gf=8)
    ac1 = game.unit("al", "Ac1", "Alanteen VI")
    sq = game.unit("al", "ywing", "Alanteen VI")
    game.order("al", f"load {ac1} {sq},GF 3")
    game.order("al", f"jump {ac1} Humbarine")
    game.order("al", f"unload {ac1}")
    game.resolve()
    assert game.state["planets"]["Humbarine"]["gf"] == 10 and game.owner("Humbarine") == "cy", "2 GF join cy's garrison, up to 10"
    assert game.state["units"][ac1]["gf"] == 1, f"the GF over the cap stays aboard: {game.state['units'][ac1]}"
    assert game.state["units"][sq]["owner"] == "al" and game.state["units"][sq]["at"] == "Humbarine", "squadrons never change owner"
    assert game.state["units"][ac1]["owner"] == "al", "ships never change owner"
