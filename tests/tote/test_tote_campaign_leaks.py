"""The campaign's fog of war at every edge (issue 18: "the leak test covers every secret"; catalog
5.5, TOTE-COMMS-05, TOTE-GAP-39, TOTE-SCAN-04, TOTE-ECON-01).

A three-faction campaign (al GE, bo NR, cy HS) is played post by post. What al may not know is
varied between two games that are otherwise the same: where bo's and cy's fleets in hyperspace are
bound (and so the day they arrive), what bo builds (and so its treasury and facility purse), what bo
has queued on its open sheet, and the text of bo's galaxy-wide message before it reaches al. At
every post, everything al is shown must be the same in both games, to the byte: al's view (with its
log and messages), its events, its turn reports, its replay and its forum exports in every format,
the public replay and export, and what the line console answers for al. The message is the
positive control: once it reaches al it does show, so the comparison can fail.

Then, in one game at several points, each secret is changed in the state itself (another faction's
treasury, facility purse, builds, Hero's level, running scans, fleets in transit and their arrival,
units at a world al neither holds, visits nor scanned, a message on its way) and al's view and the
console's answers must not change; and the hot-seat war room, with al's curtain lifted, shows none
of the canaries on any tab.
"""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any, Callable

from textual.widgets import Tab

from core.console import Console
from core.errors import HolotableError
from core.report import render, session_report
from core.session import Session
from saves.replay import FORMATS, export_turn, replay_text
from saves.store import GameStore
from tui.app import HolotableApp
from tui.screens.curtain import CurtainScreen
from tui.screens.game import GameScreen
from tui.storage import StoreSaves

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tui"))  # the hot-seat route walk's helpers

SEATS = [("al", "GE"), ("bo", "NR"), ("cy", "HS")]
SEED = "leak-canaries"
VIEWER = "al"

#: the two games: each key is one secret of bo's or cy's, with its value in game A and in game B;
#: the first three are never al's to know, the last two are news that reaches al a day later
SECRETS: dict[str, tuple[Any, Any]] = {
    "bo_to": ("felucia", "mandalore"),          # bo's fleet in hyperspace: arrives on day 2 / on day 4
    "cy_to": ("toydaria", "kashyyyk"),          # cy's fleet in hyperspace
    "bo_sheet": (["jump NR-5 kessel"], ["jump NR-6,NR-7 lianna", "build YARD mon_calamari"]),  # bo's open sheet, day 2
    "bo_build": ("YARD", "COMSCAN"),            # what bo builds at Mon Calamari: news (TOTE-COMMS-03)
    "message": ("Bothan spies report the Emperor's clone vats on Byss",  # bo's message galaxy-wide (TOTE-COMMS-02)
                "Wraith Squadron gathers in secret over Ord Mantell"),
}
NEWS = ("bo_build", "message")


def post(session: Session, seat: str, orders: list[str], ready: bool = True) -> None:
    assert session.awaiting() == {seat}, f"expected {seat}'s post, the game awaits {session.awaiting()}"
    for text in orders:
        session.order(seat, seat, text)
    if ready:
        session.ready(seat, seat, True)


def shown_to(session: Session, viewer: str = VIEWER) -> dict[str, str]:
    """Everything ``viewer`` is shown now, by route: the view (with log and messages), its events,
    each turn's report, the console's answers, its replay and exports, the public replay and exports."""
    out = {"view": json.dumps(session.view(viewer), sort_keys=True),
           "events": json.dumps(session.events_for(viewer), sort_keys=True)}
    for turn in range(0, session.turn + 1):
        out[f"report {turn}"] = render(session_report(session, viewer, turn))
        out[f"public report {turn}"] = render(session_report(session, "public", turn))
    console = Console(session)
    for line in (f"view {viewer}", f"log {viewer}", f"messages {viewer}", f"sheet {viewer}", "status",
                 *(f"report {viewer} {t}" for t in range(1, session.turn + 1)), "report public 1"):
        answer = console.handle(line)
        assert answer.ok, f"console {line!r}: {answer.error}"
        out[f"console {line}"] = answer.as_text()
    record = json.loads(session.to_json())
    for who in (viewer, "public"):
        out[f"replay {who}"] = replay_text(record, who)
        for turn in range(1, session.turn + 1):
            for fmt in FORMATS:
                for plans in (True, False):
                    out[f"export {who} turn {turn} {fmt} plans={plans}"] = export_turn(record, turn, who, fmt, plans=plans)
    return out


def first_day(secrets: dict[str, Any]) -> Session:
    """The scripted campaign up to al's post on day 1: bo has posted its jump, build, scan and message."""
    session = Session.new("tote", SEATS, scenario="campaign", seed=SEED)
    assert session.state["initiative"] == ["bo", "al", "cy"], "the seed draws bo, al, cy to post on day 1"
    post(session, "bo", [f"jump NR-2,NR-3 {secrets['bo_to']}", f"build {secrets['bo_build']} mon_calamari", "scan NR-1 active",
                         f"message {secrets['message']}"])
    return session


def play(secrets: dict[str, Any], look: Callable[[Session, str], None]) -> Session:
    """The scripted campaign with one value of each secret; ``look(session, where)`` at every post."""
    # day 1: bo, al, cy
    session = first_day(secrets)
    look(session, "day 1, al's post (bo's fleet in hyperspace, bo's message on its way)")
    post(session, "al", ["jump GE-20 corellia", "scan GE-1 active"])
    look(session, "day 1, cy's post")
    post(session, "cy", [f"jump HS-10 {secrets['cy_to']}"])
    # day 2: al, cy, bo
    look(session, "day 2, al's post")
    post(session, "al", [])
    post(session, "cy", [])
    post(session, "bo", secrets["bo_sheet"], ready=False)
    look(session, "day 2, bo's post open with its sheet")
    return session


def games(varied: tuple[str, ...]) -> tuple[list[tuple[str, dict[str, str]]], ...]:
    """What al is shown at every post of game A and of game B, where only the ``varied`` secrets differ."""
    seen: tuple[list[tuple[str, dict[str, str]]], ...] = ([], [])
    for pick in (0, 1):
        chosen = {k: v[pick] if k in varied else v[0] for k, v in SECRETS.items()}
        play(chosen, lambda s, where, pick=pick: seen[pick].append((where, shown_to(s))))
    assert len(seen[0]) == len(seen[1]) == 4
    return seen


def test_leak_fleets_in_hyperspace_and_open_sheets_show_nowhere() -> None:
    """Catalog 5.5 / TOTE-COMMS-05 / TOTE-GAP-39 / TOTE-GAP-07: two games differing only in where
    bo's and cy's fleets in hyperspace are bound (so the day they arrive) and what bo has on its open
    sheet show al exactly the same at every post, on every route: view, events, reports, console,
    replay, exports, and the public's replay and exports."""
    a, b = games(("bo_to", "cy_to", "bo_sheet"))
    for (where, seen_a), (_w, seen_b) in zip(a, b):
        differ = [route for route in seen_a if seen_a[route] != seen_b[route]]
        assert not differ, f"{where}: al is shown something of another faction's secrets on {differ}"
        for route, text in seen_a.items():  # the map names every world: the canaries are for the other routes
            for world in ("Felucia", "felucia", "Toydaria", "toydaria", "kessel"):
                assert route in ("view", "console view al") or not re.search(rf"\b{world}\b", text), \
                    f"{where}: {world}, where a fleet is bound, on {route}"
    # the secrets are real: bo and cy and the GM know them
    a_game = play({k: v[0] for k, v in SECRETS.items()}, lambda s, w: None)
    b_game = play({k: v[1] if k != "message" else v[0] for k, v in SECRETS.items()}, lambda s, w: None)
    for seat in ("bo", "cy", "gm"):
        assert json.dumps(a_game.view(seat), sort_keys=True) != json.dumps(b_game.view(seat), sort_keys=True), seat
    assert a_game.view("bo")["facts"]["movers"]["felucia"] == ["NR-2", "NR-3"], "6 h: arrived on day 2"
    assert [(f["to"], f["arrive_turn"]) for f in b_game.view("bo")["facts"]["ledger"]["arrivals"]] == [("mandalore", 4)]


def test_leak_news_and_messages_reach_al_only_when_they_arrive() -> None:
    """TOTE-COMMS-02/03 / TOTE-GAP-39: bo's galaxy-wide message and the news of its construction
    order travel at twice hyperspace speed (Mon Calamari to Coruscant, 48 h: 24 h): on day 1 al is
    shown exactly the same whatever bo wrote or built; on day 2 it has read both, word for word
    (the control: the comparison does see what reaches al), in its log, report, replay and exports,
    never in the public's."""
    a, b = games(NEWS)
    for (where, seen_a), (_w, seen_b) in zip(a[:2], b[:2]):
        differ = [route for route in seen_a if seen_a[route] != seen_b[route]]
        assert not differ, f"{where}: al is shown bo's message or build before it arrives, on {differ}"
        assert not any(SECRETS["message"][0] in text for text in seen_a.values())
    (where, day2_a), (_w, day2_b) = a[2], b[2]
    assert where == "day 2, al's post"
    news = [json.loads(day2_a["view"])["facts"]["knowledge"]["news"], json.loads(day2_b["view"])["facts"]["knowledge"]["news"]]
    assert [m["text"] for m in news[0]] == [f"News: bo is building 1 Orbital Shipyard Complex at mon_calamari",
                                            SECRETS["message"][0]]
    assert [m["text"] for m in news[1]] == [f"News: bo is building 1 ComScan Station at mon_calamari",
                                            SECRETS["message"][1]]
    assert all(m["deliver"] == 24 for m in news[0])
    # TOTE-FLOW-04 step 8: read at the turn start, in al's log, report, replay and exports; never the public's
    said = f"News read: New Republic says: {SECRETS['message'][0]}"
    for route in ("events", "report 2", "console log al", "replay al", "export al turn 2 text plans=False"):
        assert said in day2_a[route], f"al reads bo's message on {route}"
    assert "News read: New Republic is building 1 Orbital Shipyard Complex at Mon Calamari" in day2_a["report 2"]
    assert not any(SECRETS["message"][0] in text for route, text in day2_a.items() if "public" in route)


def live_routes(session: Session, viewer: str = VIEWER) -> dict[str, str]:
    """What ``viewer`` is shown from the game's state as it stands (not replayed from the journal):
    the whole view with its presentation, log and messages, and the console's answers."""
    out = {"view": json.dumps(session.view(viewer), sort_keys=True)}
    console = Console(session)
    for line in (f"view {viewer}", f"log {viewer}", f"messages {viewer}", f"sheet {viewer}", "status"):
        out[f"console {line}"] = console.handle(line).as_text()
    return out


#: the kinds of secret the ruleset's hidden_changes must offer for al in the scripted game (catalog 5.5)
KINDS = ["'s treasury", "'s facility purse", "what bo builds", "'s Hero's level", "where NR-2 is bound",
         "when NR-2 of bo leaves hyperspace", "'s order sheet", "what bo has spent", "running scan", "scan results",
         "where al is not", "the worlds cy has visited", "not al's to read"]


def test_leak_every_secret_changed_in_the_state_leaves_al_shown_the_same() -> None:
    """Catalog 5.5 (the visibility table) / TOTE-COMMS-04/05 / TOTE-GAP-39 / TOTE-SCAN-04 / TOTE-ECON-01:
    at every post of the scripted game, each secret of bo and cy the ruleset lists (treasuries,
    facility purses, money spent, builds, Heroes' levels, fleets in hyperspace and their arrival,
    units and facilities at worlds al is not at, running scans and their results, worlds visited,
    open sheets, messages and news on their way) is changed in the state, and al's view and the
    console's answers for al stay the same to the byte."""
    named: set[str] = set()

    def look(session: Session, where: str) -> None:
        record = json.loads(session.to_json())
        before = live_routes(session)
        changes = session.ruleset.hidden_changes(session.state, VIEWER)
        state = json.dumps(record["state"], sort_keys=True)
        for what, change in changes:
            trial = Session.from_record(json.loads(json.dumps(record)))
            change(trial.state)
            if json.dumps(trial.state, sort_keys=True) == state:
                continue  # e.g. emptying a sheet that is empty
            named.add(what)
            after = live_routes(trial)
            differ = [route for route in before if before[route] != after[route]]
            assert not differ, f"{where}: al is shown a change of {what} on {differ}"

    session = play({k: v[0] for k, v in SECRETS.items()}, look)
    assert session.turn == 2
    missing = [kind for kind in KINDS if not any(kind in what for what in named)]
    assert not missing, f"hidden_changes offers no change of {missing}; it offers {sorted(named)}"


# -- the hot-seat war room -----------------------------------------------------------------------------
async def test_leak_the_war_room_shows_al_none_of_the_canaries(tmp_path: Path) -> None:
    """Catalog 5.5 / TOTE-COMMS-02/05: the hot-seat war room, from al's curtain and with al's PIN
    given, on every tab, function key and the map: nothing of bo's message on its way, its build,
    its scan, or its ships in hyperspace (their ids); the route walk of the hot-seat leak test."""
    from test_hotseat_leaks import (
        all_text,  # tests/tui: every text of every widget of every screen
    )
    from tui_helpers import close_report

    session = first_day({k: v[0] for k, v in SECRETS.items()})
    session.set_pin("al", "al", "1357")
    session.set_pin("bo", "bo", "2468")
    GameStore(tmp_path).adopt(session, "campaign-leaks").close()
    canaries = [SECRETS["message"][0], "Orbital Shipyard", "scan NR-1", "NR-2", "NR-3"]
    bo_only = json.dumps(session.view("bo"))
    assert all(c in bo_only for c in canaries[1:] if c != "Orbital Shipyard"), "bo itself sees its ships and scan"

    walked: list[str] = []

    def clean(app: HolotableApp, where: str) -> None:
        shown = all_text(app)
        walked.append(shown)
        leaked = [c for c in canaries if re.search(rf"(?<![\w-]){re.escape(c)}(?![\w-])", shown)]
        assert not leaked, f"{where}: {leaked} reached al's terminal"

    app = HolotableApp(saves=StoreSaves(GameStore(tmp_path)))
    async with app.run_test(size=(120, 40)) as pilot:
        for key in ("l", "enter"):
            await pilot.press(key)
            await pilot.pause()
        assert isinstance(app.screen, CurtainScreen) and app.screen.seat == "al", app.screen
        clean(app, "al's curtain")
        await pilot.press(*"1357", "enter")
        await pilot.pause()
        await close_report(pilot)
        game = app.screen
        assert isinstance(game, GameScreen) and game.seat == "al"
        clean(app, "al's war room")
        for key in ["f1", "escape", "f9", "escape", "f2", "f4", "f5", "f6", "f7", "f3", "escape"]:
            await pilot.press(key)
            await pilot.pause()
            clean(app, f"al's war room after {key}")
        for tab in list(app.screen.query(Tab)):
            await pilot.click(tab)
            await pilot.pause()
            clean(app, f"al's war room, tab {tab.label_text!r}")
        board = app.screen.query_one("#board")
        for x in range(2, board.size.width, 15):
            for y in range(2, board.size.height, 6):
                await pilot.click(board, offset=(x, y))
        await pilot.pause()
        clean(app, "al's war room, clicks on the galaxy map")
    seen = "\n".join(walked)
    assert "GE-1" in seen and "departed Mon Calamari" in seen, "the walk reads al's own ships and the public notices"


# -- a battle on a world's grid ---------------------------------------------------------------------------
def test_leak_a_campaign_battle_tells_each_faction_only_its_own_orders() -> None:
    """TOTE-COMMS-05 / TOTE-GAP-02 / catalog 5.5: in a battle of the campaign (al and bo both jump to
    Anaxes: in conflict on day 2, the battle at the end of it), everyone hears of the combat, but a
    faction's own moves, holds, launches and refused orders go to it and the GM only, as the battle
    engine addressed them, never to the other faction present."""
    session = Session.new("tote", [("al", "GE"), ("bo", "NR")], scenario="campaign", seed="battle-leak")
    c = session.state["campaign"]
    for u in c["units"].values():  # bo's fleet stands at Coruscant beside al's (both then jump to Anaxes)
        if u["faction"] == "bo" and not u.get("pdf"):
            u["system"], u["space"] = "coruscant", None if u.get("carried_by") else "DSZ-1"  # al's C-1 scans it
    start = len(session.record["log"])
    for _ in range(4):
        seat = next(iter(session.awaiting()))
        for text in session.ruleset.bot(session.view(seat), seat):
            session.order(seat, seat, text)
        session.ready(seat, seat, True)
    battle = [e for e in session.record["log"][start:] if e["turn"] == 2 and e["kind"] not in ("tote.post", "order")
              and not e["kind"].startswith("campaign.") and e["kind"] != "tote.departed"]
    assert any(e["kind"] == "tote.combat" and e["to"] == ["all"] for e in battle), "the combat notice is public"
    own = {"al": re.compile(r"\bGE-\d+\b|\bof (al|Galactic Empire)\b"), "bo": re.compile(r"\bNR-\d+\b|\bof (bo|New Republic)\b")}
    assert any(e["kind"] == "tote.launch" and e["to"] == ["seat:al", "gm"] for e in battle), \
        "al's own battle records (its launches) reach al and the GM alone"
    for e in battle:
        if "all" in e["to"] or e["kind"] in ("tote.hit", "tote.combat"):
            continue
        for seat, other in (("al", "bo"), ("bo", "al")):
            if f"seat:{seat}" in e["to"] and own[other].search(e["text"]) and not own[seat].search(e["text"]):
                raise AssertionError(f"{seat} reads {other}'s own battle record: {e['kind']} {e['to']} {e['text']!r}")


def test_leak_refusals_say_nothing_of_other_factions_units() -> None:
    """Catalog 5.5 / TOTE-COMMS-04: an order naming another faction's ship (in hyperspace, at home, or
    scanning) is refused in the same words as one naming a ship that does not exist, nothing
    changes, and completion offers al only its own ships."""
    session = first_day({k: v[0] for k, v in SECRETS.items()})
    before = json.dumps(session.state, sort_keys=True)
    for verb in ("jump {} kuat", "jump GE-8,{} kuat", "scan {}", "scan {} passive"):
        said = []
        for uid in ("NR-2", "NR-1", "HS-1", "XX-99"):
            try:
                session.order("al", "al", verb.format(uid))
            except HolotableError as exc:
                said.append(str(exc).replace(uid, "<ship>"))
            else:
                raise AssertionError(f"{verb.format(uid)!r} was accepted")
        assert len(set(said)) == 1, f"{verb}: the refusals differ with whose ship it is: {said}"
    assert json.dumps(session.state, sort_keys=True) == before
    offered = session.complete("al", "al", "jump ") + session.complete("al", "al", "scan ")
    assert offered and not any(re.search(r"\b(NR|HS)-\d+", o) for o in offered), offered


async def test_leak_over_ssh_a_player_reads_none_of_the_canaries(tmp_path: Path) -> None:
    """Catalog 5.5 over SSH: ann (al) asks for its view, log, report, messages, sheet and status, and
    for bo's view and sheet (refused): none of bo's message on its way, build, scan or ships in
    hyperspace; the refusal names only ann's own seat."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))
    from server_helpers import Table, fast_limits

    from server.ssh import HolotableServer, ServerOptions
    server = HolotableServer(ServerOptions(tmp_path / "data", "127.0.0.1", 0, limits=fast_limits()))
    table = Table(server, tmp_path / "data", "")
    session = first_day({k: v[0] for k, v in SECRETS.items()})
    table.game_id = server.hub.adopt(session, "camp-leaks").game_id
    for name, seat in (("ann", "al"), ("bob", "bo")):
        server.accounts.create(name)
        server.accounts.add_key(name, table.key(name).export_public_key("openssh").decode())
        server.accounts.grant_seat(name, table.game_id, seat)
    await server.start()
    canaries = [SECRETS["message"][0], "Orbital Shipyard", "scan NR-1", "NR-2", "NR-3"]
    try:
        outputs = {}
        for command in ("view", "log", "report 1", "messages", "sheet", "status", "view bo", "sheet bo", "log bo"):
            result = await table.run("ann", command)
            outputs[command] = f"{result.stdout}{result.stderr}"
        for command, text in outputs.items():
            leaked = [c for c in canaries if re.search(rf"(?<![\w-]){re.escape(c)}(?![\w-])", text)]
            assert not leaked, f"ssh ann {command}: {leaked}"
        assert "GE-1" in outputs["view"] and "may only see your own seat" in outputs["view bo"]
        bob = await table.run("bob", "view")
        assert "NR-2" in bob.stdout and "NR-3" in bob.stdout, "bo's own view has its ships (the canaries are live)"
    finally:
        await server.close()
