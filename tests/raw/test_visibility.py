"""Republic at War hidden information (the catalog's visibility model, RAW-GAP-42), and who gets
Spynet reports (RAW-KEYWORD-07): what a seat cannot see must not change its view or its log."""
from __future__ import annotations

import json
from typing import Any, Callable

import pytest

from core.errors import OrderError


def snap(game: Any, viewer: str) -> tuple[str, str]:
    """A seat's (or the GM's) whole view and visible log, as canonical JSON."""
    session = game.session
    return (json.dumps(session.view(viewer), sort_keys=True), json.dumps(session.events_for(viewer), sort_keys=True))


@pytest.fixture
def make(game) -> Callable[[], Any]:
    """A maker of fresh games like the ``game`` fixture's (same seed)."""
    return type(game)


def base_game(make: Callable[[], Any]) -> tuple[Any, dict[str, str]]:
    """al has a fleet at Kuat (cy's) and one over Raxus; bo has ships at Raxus and far off at Felucia and Mygeeto."""
    game = make()
    ids = {
        "al_kuat": game.unit("al", "Vc1", "Kuat"),
        "al_raxus": game.unit("al", "ConS", "Raxus"),
        "bo_raxus": game.unit("bo", "PrD", "Raxus"),
        "bo_far": game.unit("bo", "RcD", "Felucia"),
        "fa_far": game.unit("fa", "GZC", "Mygeeto"),
    }
    game.order("al", "stance hold")
    game.order("bo", "stance hold")
    game.resolve()  # a quiet turn: both hold fire at Raxus
    return game, ids


def _move_far(state: dict[str, Any], ids: dict[str, str]) -> None:
    state["units"][ids["bo_far"]]["at"] = "Pammant"


def _scar_far(state: dict[str, Any], ids: dict[str, str]) -> None:
    state["units"][ids["bo_far"]]["scarred"] = True


def _scar_seen(state: dict[str, Any], ids: dict[str, str]) -> None:
    state["units"][ids["bo_raxus"]]["scarred"] = True


def _credits(state: dict[str, Any], ids: dict[str, str]) -> None:
    state["planets"]["Muunilist"]["production"] += 7


def _partial(state: dict[str, Any], ids: dict[str, str]) -> None:
    state["planets"]["Cato Neimoidia"]["partial"] = {"unit": "Luc", "paid": 30, "cost": 210, "owner": "bo"}


def _garrison(state: dict[str, Any], ids: dict[str, str]) -> None:
    state["planets"]["Raxus"]["gf"] = 9


def _repair(state: dict[str, Any], ids: dict[str, str]) -> None:
    state["units"][ids["bo_far"]]["scarred"] = True
    state["units"][ids["bo_far"]]["repair_paid"] = 5


def _stance(state: dict[str, Any], ids: dict[str, str]) -> None:
    state["seats"]["di"]["stance"]["default"] = "hold"


def _alignment(state: dict[str, Any], ids: dict[str, str]) -> None:
    state["planets"]["Mandalore"]["owner"] = "di"
    state["planets"]["Mandalore"]["forces"] = False
    for unit in state["units"].values():
        if unit["owner"] == "neutral:Mandalore":
            unit["owner"] = "di"


def _deep(state: dict[str, Any], ids: dict[str, str]) -> None:
    state["units"][ids["fa_far"]]["at"] = "deep:Mygeeto:C4"


HIDDEN: list[tuple[str, Callable[[dict[str, Any], dict[str, str]], None]]] = [
    ("an enemy ship's position away from al's forces", _move_far),
    ("the scar of an enemy ship far away", _scar_far),
    ("the scar of an enemy ship al's fleet watches", _scar_seen),
    ("an enemy's credits (production of an unscanned world)", _credits),
    ("an enemy's partial build", _partial),
    ("an unscanned enemy garrison under al's fleet", _garrison),
    ("an enemy's repair progress", _repair),
    ("an enemy's fire orders", _stance),
    ("an unscanned alignment change", _alignment),
    ("an enemy's deep-space point", _deep),
]


@pytest.mark.parametrize("what,change", HIDDEN, ids=[h[0] for h in HIDDEN])
def test_RAW_GAP_42_hidden_state_changes_leave_the_seat_view_alone(what, change, make):
    """RAW-GAP-42: changing something al cannot see leaves Session.view('al') and events_for('al') unchanged; the GM's view changes."""
    game, ids = base_game(make)
    before = {v: snap(game, v) for v in ("al", "cy", "gm")}
    change(game.state, ids)
    for seat in ("al", "cy"):
        after = snap(game, seat)
        assert after[0] == before[seat][0], f"{what}: {seat}'s view changed, so it leaks to the enemy team"
        assert after[1] == before[seat][1], f"{what}: {seat}'s visible log changed"
    assert snap(game, "gm")[0] != before["gm"][0], f"{what}: the GM sees everything, so the GM's view must change"


def test_RAW_GAP_42_alignment_not_leaked_by_the_order_choices(make):
    """RAW-GAP-42: CIS cannot probe a secret GAR alignment by ordering an alliance roll: the order is accepted either way."""
    game, _ = base_game(make)
    _alignment_gar(game.state)
    game.order("bo", "ally Mandalore")
    assert game.state["sheets"]["bo"][-1]["text"] == "ally Mandalore", "the order must be accepted as if Mandalore were still neutral"
    before = {s: list(sh) for s, sh in game.state["sheets"].items()}
    with pytest.raises(OrderError, match=r"not an? planet"):
        game.order("cy", "ally Mandalore")  # GAR knows its own ally
    assert {s: list(sh) for s, sh in game.state["sheets"].items()} == before, "the refused order changes nothing"


def _alignment_gar(state: dict[str, Any]) -> None:
    state["planets"]["Mandalore"]["owner"] = "al"
    state["planets"]["Mandalore"]["forces"] = False
    for unit in state["units"].values():
        if unit["owner"] == "neutral:Mandalore":
            unit["owner"] = "al"


def test_RAW_GAP_42_enemy_orders_are_secret(make):
    """RAW-GAP-42: an enemy's order sheet (builds, loans, improvements, jumps) never shows in al's view or log."""
    game, ids = base_game(make)
    before = snap(game, "al")
    gm_before = snap(game, "gm")
    game.order("bo", "build Raxus GF 2")
    game.order("bo", "improve Muunilist 20")
    game.order("bo", "lend di 5")
    game.order("bo", f"jump {ids['bo_far']} Lola Sayu")
    assert snap(game, "al") == before, "bo's orders must not change al's view or log"
    assert snap(game, "gm") != gm_before, "the GM sees every sheet"
    teammate = game.session.view("di")["facts"]["sheets"]
    assert [o["text"] for o in teammate["bo"]] == ["build Raxus GF 2", "improve Muunilist 20", "lend di 5", f"jump {ids['bo_far']} Lola Sayu"], \
        f"bo's teammate di must see bo's submitted orders: {teammate.get('bo')}"


def test_RAW_GAP_42_hidden_actions_through_a_turn(make):
    """RAW-GAP-42: two games with the same seed that differ only in what CIS does out of GAR's sight resolve to identical GAR views and logs."""
    plain, ids = base_game(make)
    busy, ids2 = base_game(make)
    assert ids == ids2
    busy.order("bo", "build Cato Neimoidia Luc")
    busy.order("bo", "improve Muunilist 20")
    busy.order("fa", "build Mygeeto GF 2")
    busy.order("bo", f"jump {ids['bo_far']} Lola Sayu")
    busy.order("fa", "stance hold")
    for game in (plain, busy):
        game.order("al", "stance hold")
        game.order("bo", "stance hold")
        game.resolve()
    for seat in ("al", "cy", "ed"):
        assert snap(plain, seat) == snap(busy, seat), f"{seat}'s view or log differs though CIS acted only out of GAR's sight"
    assert snap(plain, "gm") != snap(busy, "gm"), "the GM must see the difference"
    assert snap(plain, "bo") != snap(busy, "bo"), "bo must see its own actions"


def test_RAW_GAP_42_teammates_see_each_others_assets(make):
    """RAW-GAP-42: a teammate sees every asset of the team: units (scars included), planets with production, garrisons and partials, credits, sheets."""
    game, ids = base_game(make)
    game.state["units"][ids["al_kuat"]]["scarred"] = True
    game.state["planets"]["Rothana"]["partial"] = {"unit": "Vc2", "paid": 20, "cost": 100, "owner": "al"}
    game.state["planets"]["Rothana"]["gf"] = 4
    game.order("al", "build Kamino GF 2")
    view = game.session.view("cy")
    facts = view["facts"]
    assert ids["al_kuat"] in facts["units"], "cy must see al's Venator"
    assert facts["units"][ids["al_kuat"]]["scarred"] is True, "cy must see that al's Venator is scarred"
    rothana = facts["planets"]["Rothana"]
    assert (rothana["owner"], rothana["gf"], rothana["production"]) == ("al", 4, 35), f"cy must see al's Rothana in full: {rothana}"
    assert rothana["partial"] == {"unit": "Vc2", "paid": 20, "cost": 100, "owner": "al"}, "cy must see al's partial build"
    assert [o["text"] for o in facts["sheets"]["al"]] == ["build Kamino GF 2"], f"cy must see al's submitted orders: {facts['sheets']['al']}"
    assert facts["stances"]["al"]["default"] == "hold", f"cy must see al's standing fire orders: {facts.get('stances')}"
    al_credits = game.session.view("al")["facts"]["credits"]
    assert facts["team_credits"]["al"] == al_credits, f"cy must see al's credits ({al_credits}): {facts.get('team_credits')}"
    assert "al" not in game.session.view("bo")["facts"].get("team_credits", {}), "the enemy must not see al's credits"
    enemy = game.session.view("bo")["facts"]
    assert ids["al_kuat"] not in enemy["units"], "bo must not see al's units"
    assert "gf" not in enemy["planets"]["Rothana"] and "partial" not in enemy["planets"]["Rothana"], \
        f"bo must not see al's garrison or partial at Rothana: {enemy['planets']['Rothana']}"
    assert "al" not in enemy["sheets"], "bo must not see al's sheet"
    assert "al" not in enemy["stances"], "bo must not see al's fire orders"


def test_RAW_GAP_42_observed_presence_and_points_but_not_scars(make):
    """RAW-GAP-42: where al has units it sees the other sides' presence and fleet points (at base cost: a scar never shows)."""
    game, ids = base_game(make)
    seen = game.session.view("al")["facts"]["others"]
    assert seen.get("Raxus") == {"CIS": 120}, f"al's ConS over Raxus must see bo's 120-point PrD: {seen}"
    assert "Felucia" not in seen and "Mygeeto" not in seen, f"al must not see fleets where it has no units: {seen}"
    game.state["units"][ids["bo_raxus"]]["scarred"] = True
    assert game.session.view("al")["facts"]["others"]["Raxus"] == {"CIS": 120}, "a scar on the watched PrD must not show"
    assert game.session.view("gm")["facts"]["others"]["Raxus"]["CIS"] == 60, "the GM sees the scarred PrD at 60"


def test_RAW_GAP_42_battle_reports_to_both_sides_scars_to_the_owner(monkeypatch, make):
    """RAW-GAP-42 / RAW-REPAIR-09: both sides of a battle see its report, but only the owner's team learns of a scar."""
    from core.dice import Dice
    real = Dice.roll

    def roll(dice, count, sides, purpose, viewers=("all",), why=None):
        if purpose.startswith("battle at Alderaan"):
            # 200 attacks a hold-fire 120: disparity -2, Warships -2 +1, hold-fire -1: 3+3-4 = 2: the PrD takes 75% of 120 = 90 -> scarred
            dice.rolls.append({"kind": "roll", "turn": dice.turn, "to": list(viewers), "text": f"{purpose}: 2d6 -> 3, 3",
                               "data": {"purpose": purpose, "count": count, "sides": sides, "values": [3, 3]}})
            return [3, 3]
        return real(dice, count, sides, purpose, viewers, why)

    monkeypatch.setattr(Dice, "roll", roll)
    game = make()
    game.unit("al", "Vc1", "Alderaan")
    game.unit("al", "Vc1", "Alderaan")
    prd = game.unit("bo", "PrD", "Alderaan")
    game.order("bo", "stance hold")
    game.resolve()
    assert game.state["units"][prd]["scarred"], "setup: the PrD must be scarred"
    for seat in ("al", "cy", "bo", "di"):
        log = game.session.events_for(seat)
        assert any(e["kind"] == "battle" for e in log), f"{seat}: both teams see the battle report"
        knows = any(e["kind"] == "scarred" or (e["kind"] == "roll" and e["data"]["purpose"] == "scarring") for e in log)
        assert knows == (seat in ("bo", "di")), f"{seat}: only CIS may learn that its PrD was scarred (knows={knows})"
    assert game.session.view("al")["facts"]["others"]["Alderaan"] == {"CIS": 120}, "al's observation must not reveal the scar"
    assert game.session.view("di")["facts"]["units"][prd]["scarred"] is True, "bo's teammate di sees the scar on the roster"


def test_RAW_KEYWORD_07_scan_only_to_the_scanning_team(make):
    """RAW-KEYWORD-07 / RAW-GAP-37: a Spynet report goes only to the scanning team; the scanned enemy's view and log do not change."""
    plain, _ = base_game(make)
    scanned, _ = base_game(make)
    scanned.order("al", "scan Muunilist")
    for game in (plain, scanned):
        game.resolve()
    for seat in ("bo", "di", "fa"):
        assert snap(plain, seat) == snap(scanned, seat), f"{seat} (CIS) must not learn of GAR's scan"
    report = [e for e in scanned.session.events_for("ed") if e["kind"] == "scan"]
    assert report and "Muunilist" in report[0]["text"], "GAR teammate ed must receive al's scan report"
    memo = scanned.session.view("ed")["facts"]["planets"]["Muunilist"]
    assert memo.get("production") == 50 and memo.get("gf") == 0, f"the scan must enter the team's memory: {memo}"
