"""Corrections checked against the state's own shape (issue 30, points 5 and 6): through the line
console with its games kept in the store, a refused correction changes nothing, on disk too; several
paths are checked and applied as one (a GCW ship moved from one fleet to another)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from core.console import Console
from core.session import Session
from saves.store import GameStore
from tui.console import StoreKeeper


def kept_console(tmp_path: Path, line: str) -> tuple[Console, StoreKeeper, GameStore]:
    store = GameStore(tmp_path)
    keeper = StoreKeeper(store)
    console = Console(keeper=keeper)
    answer = console.handle(line)
    assert answer.ok, answer.as_text()
    return console, keeper, store


def refused_and_unchanged(console: Console, line: str, *words: str) -> str:
    before = json.dumps(console.session.record, sort_keys=True)
    answer = console.handle(line)
    assert not answer.ok, f"{line!r} was accepted: {answer.text}"
    assert not answer.error.startswith("internal error"), f"{line!r} answered {answer.error}"
    assert "nothing changed" in answer.error, answer.error
    for word in words:
        assert word in answer.error, f"{line!r}: the refusal does not say {word!r}: {answer.error}"
    assert json.dumps(console.session.record, sort_keys=True) == before, f"the refused {line!r} changed the game"
    return answer.error


def test_rift_nan_ids_and_huge_numbers_are_refused_and_the_game_still_opens(tmp_path: Path) -> None:
    console, keeper, store = kept_console(tmp_path, "new rift seed=s reproducible=yes seats=al:Republic,bo:Separatists")
    game_id = keeper.game.game_id
    unit = next(iter(console.session.state["units"]))
    refused_and_unchanged(console, f"correct units.{unit}.x NaN ruling", "finite number")
    refused_and_unchanged(console, f"correct units.{unit}.x 1e400 ruling", "finite number")
    refused_and_unchanged(console, f"correct units.{unit}.id \"Z9\" ruling", "id cannot be corrected")
    refused_and_unchanged(console, f"correct units.{unit}.owner \"{unit}\" ruling", "not an id of the kind")
    refused_and_unchanged(console, f"correct turn {'9' * 5000} ruling", "too large")
    assert console.handle(f"correct units.{unit}.x 3.5 placed by ruling").ok
    keeper.close()
    again = store.open(game_id)
    assert again.session.state["units"][unit]["x"] == 3.5
    for viewer in ("gm", "al", "bo"):
        again.session.view(viewer)
    again.close()


def test_swpm_options_and_seats_keep_their_shape() -> None:
    console = Console()
    assert console.handle("new swpm seed=s reproducible=yes seats=al:P1,bo:P2").ok, "swpm sides"
    refused_and_unchanged(console, 'correct options {"a": 1} ruling', "keeps its keys")
    if isinstance(console.session.state.get("step"), dict) and "seats" in console.session.state["step"]:
        refused_and_unchanged(console, 'correct step.seats.1 "x" ruling', "not an id of the kind")


def test_a_null_takes_the_type_its_peers_have_or_a_plain_value() -> None:
    console = Console()
    assert console.handle("new raw seed=s reproducible=yes seats=al:GAR,bo:CIS,cy:GAR,di:CIS,ed:GAR,fa:CIS").ok
    assert console.session.state["over"] is None
    refused_and_unchanged(console, 'correct over {"a": 1} ruling', "cannot go on")
    refused_and_unchanged(console, "correct over [1, 2] ruling", "cannot go on")
    planet = next(p for p, info in console.session.state["planets"].items() if info.get("owner") is None)
    refused_and_unchanged(console, f"correct planets.{planet}.owner [1] ruling", "was null")
    assert console.handle('correct over {"winners": ["CIS"], "reason": "the Republic conceded"} forum ruling').ok, \
        "the GM may still end a game by correcting the outcome (a value the trial accepts)"


def test_a_ship_moves_between_two_gcw_fleets_in_one_correction() -> None:
    """Each fleet names its ships and each ship its fleet: one path alone breaks the rules; the three
    paths of the move are checked and applied as one."""
    session = Session.new("gcw", [("al", "Empire"), ("bo", "Rebel")], seed="g")
    for seat in session.record["seats"]:
        seat["bot"] = True
    session.bot_steps = 1
    pair = None
    for _ in range(400):
        session.play_bots()
        by_place: dict[tuple[str, str], list[dict]] = {}
        for fleet in session.state["fleets"].values():
            by_place.setdefault((fleet["side"], fleet["system"]), []).append(fleet)
        pair = next((v for v in by_place.values() if len(v) >= 2 and len(v[0]["units"]) >= 2), None)
        if pair or session.outcome() is not None:
            break
    assert pair, "the bots never put two fleets of a side in one system"
    for seat in session.record["seats"]:
        seat["bot"] = False
    one, two = pair[0], pair[1]
    ship = one["units"][-1]
    console = Console(session)
    refused_and_unchanged(console, f"correct fleets.{one['id']}.units {json.dumps(one['units'][:-1])} moved",
                          "breaks the rules")
    line = (f"correct fleets.{one['id']}.units {json.dumps(one['units'][:-1])} and fleets.{two['id']}.units "
            f"{json.dumps(two['units'] + [ship])} and units.{ship}.fleet \"{two['id']}\" ship moved by ruling")
    answer = console.handle(line)
    assert answer.ok, answer.as_text()
    assert session.state["units"][ship]["fleet"] == two["id"] and ship in session.state["fleets"][two["id"]]["units"]
    assert ship not in session.state["fleets"][one["id"]]["units"]
    assert Session.replay(session.record).state == session.state, "a correction of several paths replays"


def test_a_command_that_closes_a_turn_and_then_fails_leaves_no_turn_file(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    console, keeper, store = kept_console(
        tmp_path, "new raw seed=s reproducible=yes seats=al:GAR,bo:CIS,cy:GAR,di:CIS,ed:GAR,fa:CIS")
    game_id = keeper.game.game_id
    before = json.dumps(console.session.record, sort_keys=True)
    turns = store.paths(game_id).turns

    def broken(self: Console) -> str:
        raise RuntimeError("a fault after the turn was closed")
    monkeypatch.setattr(Console, "_state_line", broken)
    answer = console.handle("resolve")
    assert not answer.ok and answer.error.startswith("internal error") and "unchanged" in answer.error
    monkeypatch.undo()
    assert json.dumps(console.session.record, sort_keys=True) == before
    left = sorted(p.name for p in turns.glob("*")) if turns.exists() else []
    assert left == [], f"the failed command left turn files behind: {left}"
    keeper.close()
    again = store.open(game_id)
    assert again.session.turn == 1 and json.dumps(again.session.record, sort_keys=True) == before, \
        "on disk the game is as it was before the failed command"
    assert again.session.awaiting()
    again.close()


def test_the_gms_own_pocket_models_view_names_the_players_and_shows_every_hand() -> None:
    """Issue 30, point 8: the GM sees everything: no `players: ? ?`, and each seat's hand."""
    session = Session.new("swpm", [("al", "P1"), ("bo", "P2")], seed="gm-view")
    for seat in session.record["seats"]:
        seat["bot"] = True
    session.play_bots()
    assert session.state["phase"] != "setup", "the bots finished setting up"
    text = Console(session).handle("view gm").text
    players = text.split("players:", 1)[1].split("\n")[1:3]
    assert [line.strip().split()[0] for line in players] == ["al", "bo"], f"the GM's view names no players:\n{text}"
    assert "hands:" in text, f"the GM's view shows no hands:\n{text}"
    for seat in ("al", "bo"):
        cards = session.state["players"][seat]["hand"]
        assert f"  {seat}: " in text.split("hands:", 1)[1] and cards, f"{seat}'s hand is not shown:\n{text}"
