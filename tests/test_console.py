"""The line console and the ``holotable`` entry point, driven with lines for a Republic at War game.

Nothing here knows raw's order language by heart: legal orders come from the ruleset's own bot and
``legal_orders``, so the tests follow the order language as it grows.
"""
from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any, Iterator

import pytest

from core.console import Answer, Console, demo_line, render_view
from saves.store import GameStore
from tui import main as cli
from tui.console import StoreKeeper, run
from core.session import Session

ROOT = Path(__file__).resolve().parents[1]
SEATS = "al:GAR,bo:CIS,cy:GAR,di:CIS,ed:GAR,fa:CIS"
NEW = f"new raw seed=console-test seats={SEATS}"


def record_of(console: Console) -> str:
    assert console.session is not None, "no game in the console"
    return json.dumps(console.session.record, sort_keys=True)


def ok(console: Console, line: str) -> Answer:
    answer = console.handle(line)
    assert answer.ok, f"{line!r} was refused: {answer.error}"
    return answer


def refused(console: Console, line: str, *needles: str) -> Answer:
    before = record_of(console) if console.session is not None else None
    answer = console.handle(line)
    assert not answer.ok, f"{line!r} was accepted, but should be refused: {answer.text}"
    assert answer.error, f"{line!r}: a refusal without a reason"
    for needle in needles:
        assert needle.lower() in answer.error.lower(), f"{line!r}: the refusal {answer.error!r} does not mention {needle!r}"
    if before is not None:
        assert record_of(console) == before, f"{line!r} was refused but changed the game"
    assert console.handle("status").ok, f"the console does not go on after {line!r}"
    return answer


def candidate_orders(session: Session, seat: str) -> list[str]:
    ruleset = session.ruleset
    found = list(ruleset.bot(ruleset.view(session.state, seat), seat))
    found += [o for o in ruleset.legal_orders(session.state, seat) if o not in found]
    return found


def give_legal_order(console: Console, seat: str) -> str:
    """Give ``seat`` an order its ruleset considers legal; return its text."""
    assert console.session is not None
    tried = []
    for text in candidate_orders(console.session, seat):
        answer = console.handle(f"as {seat} {text}")
        if answer.ok:
            return text
        tried.append(f"{text!r}: {answer.error}")
    pytest.fail(f"no legal order found for {seat} among its bot's and legal_orders' suggestions: {tried}")


@pytest.fixture
def console() -> Console:
    con = Console()
    ok(con, NEW)
    return con


# -- starting ----------------------------------------------------------------------------------------
def test_commands_before_a_game_say_how_to_start() -> None:
    con = Console()
    answer = con.handle("view gm")
    assert not answer.ok and "new" in answer.error and "load" in answer.error
    assert con.handle("help").ok
    assert "raw" in ok(con, "rulesets").text


def test_new_game_lists_seats_and_turn(console: Console) -> None:
    assert console.session is not None
    assert console.session.seats() == ["al", "bo", "cy", "di", "ed", "fa"]
    status = ok(console, "status")
    assert "turn 1" in status.text and "al (GAR)" in status.text and "bo (CIS)" in status.text


@pytest.mark.parametrize("line,needle", [
    ("new", "ruleset"),
    ("new nosuch seats=a:GAR", "nosuch"),
    ("new raw", "seats="),
    ("new raw seats=al-GAR", "al-GAR"),
    ("new raw seats=al:GAR:robot,bo:CIS", "bot"),
    (f"new raw seats={SEATS} colour=blue", "colour"),
    (f"new raw seats={SEATS} seed", "key"),
    ("new raw seats=al:GAR,bo:CIS", ""),
])
def test_bad_new_is_refused_and_keeps_the_old_game(console: Console, line: str, needle: str) -> None:
    refused(console, line, needle)


def test_new_replaces_a_game_when_not_bound_to_a_save_file(console: Console) -> None:
    ok(console, "new raw seed=other seats=" + SEATS)
    assert console.session is not None and console.session.record["seed"].split("~")[0] == "other"


# -- orders --------------------------------------------------------------------------------------
def test_an_accepted_order_goes_on_the_sheet(console: Console) -> None:
    text = give_legal_order(console, "al")
    sheet = ok(console, "sheet al")
    assert f"1. {text}" in sheet.text, f"the sheet does not show the order: {sheet.text}"
    assert sheet.data["sheet"] and sheet.data["sheet"][0]["text"] == text


def test_a_bad_order_is_refused_with_the_reason_and_what_is_legal(console: Console) -> None:
    answer = refused(console, "as al warp nowhere", "warp")
    assert "orders" in answer.error, f"the refusal does not say which orders are legal: {answer.error}"


def test_orders_for_another_seat_need_the_right(console: Console) -> None:
    assert console.session is not None
    text = candidate_orders(console.session, "al")[0]
    refused(console, f"as bo for al {text}", "may not act for al")
    refused(console, f"as al for zz {text}", "zz")
    refused(console, "as al for", "order")
    refused(console, "as al", "order")
    refused(console, f"as zz {text}", "zz")


def test_the_gm_may_order_for_any_seat(console: Console) -> None:
    assert console.session is not None
    for text in candidate_orders(console.session, "al"):
        answer = console.handle(f"as gm for al {text}")
        if answer.ok:
            sheet = console.session.sheet("al")
            assert sheet and sheet[-1].get("by") == "gm", f"the order does not say the GM gave it: {sheet}"
            return
    pytest.fail("the GM could give none of al's legal orders")


def test_withdraw_takes_an_order_off_the_sheet(console: Console) -> None:
    give_legal_order(console, "al")
    refused(console, "withdraw al 9", "no order 9")
    refused(console, "withdraw al x", "number")
    refused(console, "withdraw al 0", "number")
    refused(console, "withdraw zz 1", "zz")
    ok(console, "withdraw al 1")
    assert "no orders" in ok(console, "sheet al").text


def test_ready_and_resolve_move_the_turn_on(console: Console) -> None:
    assert console.session is not None
    give_legal_order(console, "al")
    answer = ok(console, "ready al")
    assert "al is ready" in answer.text and not answer.data["resolved"]
    assert console.session.turn == 1
    refused(console, "ready al maybe", "usage")
    answer = ok(console, "resolve")
    assert console.session.turn == 2 or console.session.outcome() is not None
    assert "resolved; now turn 2" in answer.text
    refused(console, "resolve now", "usage")


def test_ready_from_every_seat_resolves(console: Console) -> None:
    assert console.session is not None
    seats = console.session.seats()
    for seat in seats[:-1]:
        assert not ok(console, f"ready {seat}").data["resolved"]
    last = ok(console, f"ready {seats[-1]}")
    assert last.data["resolved"] and console.session.turn == 2


# -- seeing --------------------------------------------------------------------------------------
def roster_rows(view: dict[str, Any]) -> set[str]:
    return {str(row) for roster in view.get("rosters", []) for row in roster.get("rows", [])}


def test_a_seat_sees_its_view_and_not_the_other_teams_units(console: Console) -> None:
    assert console.session is not None
    session = console.session
    al, bo = session.view("al"), session.view("bo")
    cis_only = roster_rows(bo) - roster_rows(al)
    assert cis_only, "the CIS seat has no roster rows the GAR seat lacks; cannot check hiding"
    al_text = ok(console, "view al").text
    gm_text = ok(console, "view gm").text
    assert al_text == render_view(al)
    al_lines = set(al_text.splitlines())
    gm_lines = set(gm_text.splitlines())
    for row in cis_only:
        assert f"  {row}" not in al_lines, f"al (GAR) sees the CIS roster row {row!r}"
    assert any(f"  {row}" in gm_lines for row in cis_only), "the GM's view lacks the CIS rosters"
    refused(console, "view zz", "viewers")


def test_view_in_json_is_the_view_dict(console: Console) -> None:
    assert console.session is not None
    data = json.loads(ok(console, "view al").as_json())
    assert data["ok"] is True and data["command"] == "view"
    assert data["view"] == json.loads(json.dumps(console.session.view("al")))


def test_log_is_filtered_per_viewer(console: Console) -> None:
    assert console.session is not None
    ok(console, "resolve")
    for viewer in ["al", "bo", "gm"]:
        answer = ok(console, f"log {viewer}")
        assert answer.data["events"] == console.session.events_for(viewer)
        assert len(answer.text.splitlines()) >= len(answer.data["events"])
    assert len(ok(console, "log gm").data["events"]) >= len(ok(console, "log al").data["events"])


def test_read_only_commands_leave_the_game_alone(console: Console) -> None:
    give_legal_order(console, "al")
    before = record_of(console)
    for line in ["view al", "view gm", "log bo", "sheet al", "status", "messages gm", "complete al ",
                 "help", "help orders", "odds al warp", "rulesets"]:
        console.handle(line)
        assert record_of(console) == before, f"{line!r} changed the game"


def test_messages_reach_only_their_thread(console: Console) -> None:
    ok(console, "say al public hello all")
    ok(console, "say al team:GAR plan for the republic")
    ok(console, "say gm gm:bo a private word")
    refused(console, "say al team:CIS spying", "may not write")
    refused(console, "say al public", "usage")
    bo = ok(console, "messages bo").text
    assert "hello all" in bo and "private word" in bo and "plan for the republic" not in bo
    cy = ok(console, "messages cy").text
    assert "plan for the republic" in cy and "private word" not in cy
    assert len(ok(console, "messages gm").data["messages"]) == 3


def test_help_for_commands_and_orders(console: Console) -> None:
    assert console.session is not None
    book = console.session.ruleset.order_book()
    verb = book.verbs()[0]
    assert ok(console, f"help {verb}").text == book.help(verb)
    seat = console.session.seats()[0]
    assert ok(console, f"help orders {seat}").text == console.session.help(None, seat)
    assert ok(console, f"help orders {console.session.record['ruleset']}").text == book.help()
    assert "withdraw <seat> <n>" in ok(console, "help withdraw").text
    assert "raw" in ok(console, "help new").text
    refused(console, "help nosuchthing", "commands")


def test_unknown_command_says_what_would_be_legal(console: Console) -> None:
    answer = refused(console, "fly me to the moon", "unknown command", "help")
    assert "as" in answer.error and "resolve" in answer.error
    assert console.session is not None
    verb = console.session.ruleset.order_book().verbs()[0]
    refused(console, f"{verb} something", f"as <seat> {verb}")


def test_completions_come_from_the_order_book(console: Console) -> None:
    assert console.session is not None
    book = console.session.ruleset.order_book()
    found = ok(console, "complete al ").data["completions"]
    assert found == book.complete("", console.session.ruleset.context(console.session.state, "al"))
    assert found, "no completions for an empty order"
    assert "as al " + found[0] in console.completions("as al ")
    assert "view gm " in console.completions("view g")
    refused(console, "complete zz ju", "zz")


def test_odds_is_refused_or_sums_to_one(console: Console) -> None:
    assert console.session is not None
    refused(console, "odds al", "usage")
    refused(console, "odds zz jump", "zz")
    for text in candidate_orders(console.session, "al"):
        answer = console.handle(f"odds al {text}")
        if answer.ok and answer.data["odds"] is not None and answer.data["odds"]["rows"]:
            from fractions import Fraction
            total = sum(Fraction(row["exact"]) for row in answer.data["odds"]["rows"])
            assert total == 1, f"odds of {text!r} sum to {total}"


def test_gm_tools(console: Console) -> None:
    assert console.session is not None
    roll = ok(console, "roll 2d6 boarding action")
    assert "2d6" in roll.text and "boarding action" in roll.text
    refused(console, "roll 2x6", "<count>d<sides>")
    refused(console, "roll 99d6 too many", "1 to 20")
    refused(console, "correct turn", "reason")
    refused(console, 'correct turn "three" a ruling', "cannot become text")
    refused(console, "correct no.such.path 1 a ruling", "no")
    refused(console, "correct turn 1", "reason")
    ok(console, 'correct turn 1 the forum ruled so')
    assert "the forum ruled so" in ok(console, "log al").text
    ok(console, "away bo")
    assert "bo" in console.session.state["away"]
    ok(console, "away bo back")
    assert "bo" not in console.session.state["away"]
    refused(console, "away bo later", "usage")
    refused(console, "bot zz", "zz")
    ok(console, "bot bo")
    assert console.session.is_bot("bo")
    ok(console, "bot bo off")
    assert not console.session.is_bot("bo")


# -- errors that were not foreseen ---------------------------------------------------------------
def test_an_internal_error_leaves_the_game_unchanged(console: Console, monkeypatch: pytest.MonkeyPatch) -> None:
    assert console.session is not None
    before = record_of(console)

    def broken(self: Session, actor: str, seat: str, text: str, run_bots: bool = True) -> list[Any]:
        self.record["state"]["turn"] = 999
        self.record["log"].append({"kind": "junk", "turn": 0, "to": ["all"], "text": "junk", "data": {}})
        raise RuntimeError("the hyperdrive exploded")

    monkeypatch.setattr(Session, "order", broken)
    answer = console.handle("as al anything")
    assert not answer.ok
    assert answer.error == "internal error: RuntimeError; the game is unchanged", "the type only: a message may quote state"
    assert "Traceback" not in answer.as_text() and "Traceback" not in answer.as_json()
    assert record_of(console) == before, "the game changed although the command failed"
    monkeypatch.undo()
    give_legal_order(console, "al")


def test_an_internal_error_in_new_keeps_no_game(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: Any, **kwargs: Any) -> Session:
        raise KeyError("scenario table")

    con = Console()
    monkeypatch.setattr(Session, "new", broken)
    answer = con.handle(NEW)
    assert not answer.ok and answer.error.startswith("internal error: KeyError") and con.session is None


# -- keeping games in the store ------------------------------------------------------------------
@pytest.fixture
def store(tmp_path: Path) -> GameStore:
    return GameStore(tmp_path / "data")


@pytest.fixture
def kept(store: GameStore) -> Iterator[Console]:
    keeper = StoreKeeper(store)
    con = Console(keeper=keeper)
    ok(con, NEW)
    yield con
    keeper.close()


def test_a_new_game_is_kept_in_the_store_and_loads_back_by_id(kept: Console, store: GameStore) -> None:
    assert kept.session is not None and kept.keeper is not None
    game_id = kept.keeper.game.game_id
    give_legal_order(kept, "al")
    saved_record = json.loads(kept.session.to_json())
    views = {v: json.dumps(kept.session.view(v), sort_keys=True) for v in ["gm", "al", "bo"]}
    assert store.read(game_id).record == saved_record, "the store does not hold the acknowledged order"
    assert game_id in ok(kept, "save").text
    ok(kept, "new raw seed=something-else seats=" + SEATS)
    ok(kept, f"load {game_id}")
    assert kept.session.record == saved_record
    for viewer, view in views.items():
        assert json.dumps(kept.session.view(viewer), sort_keys=True) == view, f"{viewer}'s view changed over load"
    ok(kept, "ready al")


@pytest.mark.parametrize("content,needle", [
    ("this is not json", "not valid JSON"),
    ("[1, 2, 3]", "not a holotable save"),
    ('{"hello": "world"}', "not a holotable save"),
    (None, "nosuchgame"),
    ("schema-99", "newer"),
    ("no-state", "not a holotable save"),
    (b"\xff\xfe\x00binary", "UTF-8"),
])
def test_a_bad_kept_game_is_refused_and_the_game_stays(kept: Console, store: GameStore, content: Any,
                                                       needle: str) -> None:
    assert kept.session is not None
    path = store.games_dir / "bad.json"
    record = json.loads(kept.session.to_json())
    if content is None:
        record["ruleset"] = "nosuchgame"
        content = json.dumps(record)
    elif content == "schema-99":
        record["schema"] = 99
        content = json.dumps(record)
    elif content == "no-state":
        del record["state"]
        content = json.dumps(record)
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content)
    before = path.read_bytes()
    refused(kept, "load bad", needle)
    assert path.read_bytes() == before, "a refused game file was changed"
    refused(kept, "load missing", "no saved game")
    refused(kept, "load", "usage")


def test_every_change_is_kept_and_a_read_only_command_writes_nothing(kept: Console, store: GameStore) -> None:
    assert kept.session is not None and kept.keeper is not None
    game_id = kept.keeper.game.game_id
    give_legal_order(kept, "al")
    assert store.read(game_id).record == json.loads(kept.session.to_json())
    main = store.paths(game_id).main
    stamp = main.stat().st_mtime_ns
    ok(kept, "view gm")
    assert main.stat().st_mtime_ns == stamp, "a read-only command rewrote the save"
    assert not [p for p in store.games_dir.iterdir() if p.name.endswith(".tmp")], "a temporary file was left behind"


def test_a_failed_save_undoes_the_change(kept: Console, monkeypatch: pytest.MonkeyPatch) -> None:
    import saves.atomic

    def full(*args: Any, **kwargs: Any) -> None:
        raise OSError(28, "No space left on device")

    before = record_of(kept)
    monkeypatch.setattr(saves.atomic.os, "replace", full)
    answer = kept.handle("say al public hello")
    assert not answer.ok and "No space left" in answer.error
    assert record_of(kept) == before


def test_a_console_without_a_keeper_keeps_nothing(console: Console) -> None:
    assert "memory only" in ok(console, "save").text
    refused(console, "load war1", "keeps no games")


# -- the loop ------------------------------------------------------------------------------------
def test_run_in_json_mode_answers_each_line_with_one_object(tmp_path: Path) -> None:
    lines = [NEW, "as al warp nowhere", "", "# a comment", "status", "view al", "bogus", "log gm", "quit", "status"]
    out = io.StringIO()
    code = run(io.StringIO("\n".join(lines) + "\n"), out, json_mode=True)
    assert code == 0
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert len(answers) == lines.index("quit") + 1, "not one JSON answer per input line up to quit"
    assert [a["ok"] for a in answers] == [True, False, True, True, True, True, False, True, True]
    assert "warp" in answers[1]["error"] and "unknown command" in answers[6]["error"]
    assert answers[5]["view"]["viewer"] == "al"


def test_run_with_a_game_id_resumes_the_game(store: GameStore) -> None:
    out = io.StringIO()
    assert run(io.StringIO(f"{NEW}\nsay al public first\n"), out, game="war1", store=store) == 0
    assert "war1" in store.ids(), f"the new game was not kept as war1: {out.getvalue()}"
    out = io.StringIO()
    assert run(io.StringIO("messages gm\n"), out, game="war1", store=store) == 0
    assert "first" in out.getvalue()


def test_run_refuses_a_foreign_game_file_and_leaves_it(store: GameStore) -> None:
    store.games_dir.mkdir(parents=True)
    path = store.games_dir / "foreign.json"
    path.write_text("{not json")
    out, err = io.StringIO(), io.StringIO()
    assert run(io.StringIO("status\n"), out, game="foreign", store=store, stderr=err) == 2
    assert "not valid JSON" in err.getvalue() and path.read_text() == "{not json"
    assert len(err.getvalue().strip().splitlines()) == 1, f"not one line: {err.getvalue()!r}"


def test_run_refuses_a_file_name_and_says_to_import_it(store: GameStore, tmp_path: Path) -> None:
    out, err = io.StringIO(), io.StringIO()
    assert run(io.StringIO("status\n"), out, game=str(tmp_path / "game.json"), store=store, stderr=err) == 2
    assert "holotable import" in err.getvalue()


def test_demo_shows_your_view_and_how_to_play() -> None:
    out = io.StringIO()
    assert run(io.StringIO("sheet you\nquit\n"), out, demo="raw", demo_seed="demo-test") == 0
    text = out.getvalue()
    assert "view of you" in text and "ready you" in text and "help" in text
    assert "raw> " not in text, "a prompt although stdin is not a terminal"


def test_demo_line_puts_you_against_bots() -> None:
    line = demo_line("raw", "s")
    con = Console()
    ok(con, line)
    assert con.session is not None and len(con.session.seats()) == 6
    assert not con.session.is_bot("you") and all(con.session.is_bot(s) for s in con.session.seats() if s != "you")
    assert con.session.side_of("you") == "GAR"


def test_prompt_when_interactive() -> None:
    out = io.StringIO()
    run(io.StringIO("quit\n"), out, interactive=True)
    assert "holotable> " in out.getvalue()
    out = io.StringIO()
    run(io.StringIO("quit\n"), out, demo="raw", demo_seed="p", interactive=True)
    assert "raw> " in out.getvalue()


# -- the command line ----------------------------------------------------------------------------
def test_cli_lists_rulesets(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["rulesets"]) == 0
    assert capsys.readouterr().out.startswith("raw\t")


def test_cli_registers_more_subcommands(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cli, "SUBCOMMANDS", dict(cli.SUBCOMMANDS))

    @cli.subcommand("hello", "say hello", lambda p: p.add_argument("name"))
    def hello(args: Any) -> int:
        print(f"hello {args.name}")
        return 3

    assert cli.main(["hello", "kenobi"]) == 3
    assert capsys.readouterr().out == "hello kenobi\n"


def test_cli_console_json_in_a_subprocess(tmp_path: Path) -> None:
    lines = [NEW, "as al warp nowhere", "view bo", "save", "load nosuch", "quit"]
    done = subprocess.run([sys.executable, "-m", "tui.main", "console", "--json", "--data-dir", str(tmp_path), "s1"],
                          input="\n".join(lines) + "\n",
                          capture_output=True, text=True, cwd=ROOT, timeout=120,
                          env={**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))})
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr and "Traceback" not in done.stdout
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert [a["ok"] for a in answers] == [True, False, True, True, False, True]
    assert answers[2]["view"]["viewer"] == "bo"
    assert (tmp_path / "games" / "s1.json").exists()
