"""Hot-seat you can trust (issue 11): PINs kept with the game, nothing final by accident, bad options
and poisoned saves refused, no traceback at the app's edge, the palette guarded, bots that play alone.

The leak test through every route lives in ``test_hotseat_leaks.py``; key mashing in
``test_hotseat_mashing.py``.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from textual.command import CommandList
from textual.widgets import Button, Input
from textual.widgets.option_list import Option

from core.access import opens
from core.errors import PermissionRefused, SetupError, StateError
from core.events import GM
from core.session import Session
from saves.store import GameStore
from tui.app import HolotableApp
from tui.hotseat import Gate
from tui.screens.confirm import ConfirmScreen
from tui.screens.curtain import CurtainScreen
from tui.screens.game import GameScreen
from tui.screens.handover import HandOverScreen
from tui.screens.load_game import LoadGameScreen
from tui.screens.new_game import NewGameScreen
from tui.screens.pin import PinScreen
from tui.storage import MemorySaves, StoreSaves
from tui_helpers import close_report, pass_curtain, raw_session, screen_text, type_text, widget_text

SIZE = (120, 40)
ROOT = Path(__file__).resolve().parents[2]


def two_humans(seed: str = "trust") -> Session:
    """Republic at War: al (GAR) and bo (CIS) play here, cy and di are bots."""
    return raw_session(seed)


async def into_seat(pilot: Any, pin: str | None = None) -> GameScreen:
    """Pass the curtain (with ``pin``) and close the report if one shows: the seat's game screen."""
    await pass_curtain(pilot, pin)
    await close_report(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, GameScreen), f"the curtain should open the seat's view, found {screen!r}"
    return screen


async def set_pin(pilot: Any, pin: str) -> None:
    await pilot.press("f8")
    await pilot.pause()
    assert isinstance(pilot.app.screen, PinScreen)
    await type_text(pilot, pin)
    await pilot.press("enter")
    await pilot.pause()
    if pin:  # a new PIN is asked twice (issue 28)
        await type_text(pilot, pin)
        await pilot.press("enter")
        await pilot.pause()


# -- PINs and the GM passphrase, stored with the game ---------------------------------------------------
def test_pins_are_sealed_with_scrypt_and_a_salt_in_the_record() -> None:
    session = two_humans()
    session.set_pin("al", "al", "4711")
    sealed = session.record["access"]["pins"]["al"]
    assert sealed["kdf"] == "scrypt" and sealed["n"] >= 2**14 and len(sealed["salt"]) == 32, sealed
    assert "4711" not in json.dumps(session.record), "the PIN itself is never kept"
    assert opens(sealed, "4711") and not opens(sealed, "4712")
    session.set_pin("bo", "bo", "4711")
    assert session.record["access"]["pins"]["bo"]["hash"] != sealed["hash"], "each PIN has its own salt"
    with pytest.raises(PermissionRefused):
        session.set_pin("bo", "al", "0000")  # only al sets al's PIN
    with pytest.raises(SetupError):
        session.set_pin("al", "al", "\x1b[2J")
    session.set_pin("al", "al", "")
    assert not session.has_pin("al") and session.check_pin("al", "anything")
    assert not any(e.get("op") == "pin" for e in session.record["journal"]), "PINs are not game actions"


def test_gm_passphrase_is_set_once_and_changed_only_with_the_old_one() -> None:
    session = two_humans()
    assert not session.has_gm_passphrase() and not session.check_gm_passphrase("")
    session.set_gm_passphrase("red five")
    assert session.check_gm_passphrase("red five") and not session.check_gm_passphrase("red six")
    with pytest.raises(PermissionRefused):
        session.set_gm_passphrase("mine now")
    session.set_gm_passphrase("gold leader", old="red five")
    assert session.check_gm_passphrase("gold leader")


def test_gate_the_one_rule() -> None:
    """The open turn only to its seat (after its PIN), a bot's view and the GM's only with the GM
    passphrase, and nothing at all once the curtain is down."""
    session = two_humans()
    session.set_pin("al", "al", "1111")
    gate = Gate()
    assert not gate.may_see(session, "al") and not gate.may_see(session, "bo")
    assert not gate.admit(session, "al", "2222") and gate.viewer is None
    assert gate.admit(session, "al", "1111")
    assert gate.may_see(session, "al") and not gate.may_see(session, "bo") and not gate.may_see(session, GM)
    with pytest.raises(PermissionRefused):
        gate.require(session, "bo")
    other = two_humans("another game")
    assert not gate.may_see(other, "al"), "a seat let in for one game sees nothing of another"
    gate.close()
    assert not gate.may_see(session, "al")
    with pytest.raises(PermissionRefused, match="no GM passphrase"):
        gate.secret_needed(session, GM)
    with pytest.raises(PermissionRefused, match="bot"):
        gate.secret_needed(session, "cy")
    session.set_gm_passphrase("sith")
    assert gate.secret_needed(session, "cy") == "GM passphrase"
    assert gate.admit(session, GM, "sith") and gate.may_see(session, "cy") and gate.may_see(session, "al")


async def test_pin_survives_a_reload_and_a_restart(tmp_path: Path) -> None:
    """al sets a PIN in the war room; back in the lobby, loading the game again (and in a new app,
    as after a restart) the curtain asks for it and refuses another."""
    store = GameStore(tmp_path)
    game = store.adopt(two_humans("pin-restart"), "pin-game")
    game.close()
    app = HolotableApp(saves=StoreSaves(GameStore(tmp_path)))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await into_seat(pilot)
        await set_pin(pilot, "4711")
        assert app.hotseat.session.has_pin("al")
        await pilot.press("f10")  # back to the lobby, then load it again
        await pilot.pause()
        await pilot.press("l")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        curtain = app.screen
        assert isinstance(curtain, CurtainScreen) and curtain.seat == "al" and curtain.query("#curtain-pin"), \
            "after a reload the curtain asks al's PIN"
        await pass_curtain(pilot, "0000")
        assert isinstance(app.screen, CurtainScreen) and "not the PIN" in widget_text(app.screen, "#curtain-error")
    on_disk = (tmp_path / "games" / "pin-game.json").read_text()
    assert "4711" not in on_disk and '"kdf":"scrypt"' in on_disk.replace(" ", ""), "the seal, never the PIN, is saved"
    restarted = HolotableApp(saves=StoreSaves(GameStore(tmp_path)))
    async with restarted.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(restarted.screen, CurtainScreen) and restarted.screen.query("#curtain-pin"), \
            "after a restart the curtain asks al's PIN"
        await pass_curtain(pilot, "1234")
        assert isinstance(restarted.screen, CurtainScreen), "a wrong PIN opens nothing after a restart"
        await into_seat(pilot, "4711")
        await set_pin(pilot, "")  # a seat clears its own PIN
        assert not restarted.hotseat.session.has_pin("al")


# -- nothing final by accident -------------------------------------------------------------------------
async def test_ready_can_be_taken_back_until_the_turn_resolves() -> None:
    session = two_humans()
    app = HolotableApp(session, saves=MemorySaves())
    async with app.run_test(size=SIZE) as pilot:
        await into_seat(pilot)
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert isinstance(app.screen, HandOverScreen) and "al" in session.record["ready"]
        await pilot.press("escape")  # not ready after all
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and "al" not in session.record["ready"], "Escape takes the ready back"
        await pilot.press("ctrl+r")
        await pilot.pause()
        await pilot.press("enter")  # hand over
        await pilot.pause()
        curtain = app.screen
        assert isinstance(curtain, CurtainScreen) and curtain.seat == "bo" and curtain.back == "al"
        assert "back to my orders" in screen_text(app)
        await pilot.press("f3")
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen) and app.screen.seat == "al" and app.screen.coming_back
        await into_seat(pilot)
        assert app.screen.seat == "al" and "al" not in session.record["ready"], "back to my orders: not ready any more"
        assert "not ready any more" in widget_text(app.screen, "#order-status")
        assert session.turn == 1


async def test_escape_and_enter_never_ready_a_seat() -> None:
    session = two_humans()
    app = HolotableApp(session, saves=MemorySaves())
    async with app.run_test(size=SIZE) as pilot:
        game = await into_seat(pilot)
        ready = game.query_one("#ready", Button)
        assert not ready.can_focus, "the Ready button never takes the focus"
        for keys in (["escape", "enter"], ["escape", "escape", "enter"], ["escape", "tab", "enter"],
                     ["escape", "shift+tab", "enter"], ["escape"] * 5 + ["enter"] * 3):
            await pilot.press(*keys)
            await pilot.pause()
            assert app.focused is not ready, f"{keys} moved the focus to Ready"
            assert "al" not in session.record["ready"], f"{keys} made al ready"
            game.query_one("#order-input", Input).value = ""
        assert isinstance(app.screen, GameScreen)


async def test_concede_needs_its_confirmation_and_tab_cannot_give_it() -> None:
    session = two_humans()
    app = HolotableApp(session, saves=MemorySaves())
    async with app.run_test(size=SIZE) as pilot:
        game = await into_seat(pilot)
        line = game.query_one("#order-input", Input)
        await type_text(pilot, "con")
        await pilot.press("tab")
        assert line.value == "concede ", line.value
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen), "concede asks first"
        assert "ends the whole game" in screen_text(app), "the confirmation says what concede does"
        await pilot.press("tab", "tab", "enter", "y", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen) and session.state["concede"]["GAR"] == [], \
            "Tab, Enter, or a half-typed answer gives nothing"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and session.state["concede"]["GAR"] == []
        assert "not given: concede" in widget_text(app.screen, "#order-status")
        line.value = "concede"
        await pilot.press("enter")
        await pilot.pause()
        await type_text(pilot, "yes")
        await pilot.press("enter")
        await pilot.pause()
        assert session.state["concede"]["GAR"] == ["al"], "yes gives the order"
    assert "FINAL" in session.help("concede"), "the help says concede is final"


# -- options checked before a game is saved --------------------------------------------------------------
@pytest.mark.parametrize("key, value, legal", [
    ("map", "mapp.toml", "one of map.toml"),
    ("map", "../../etc/passwd", "one of map.toml"),
    ("min_players", 40, "from 2 to 12"),
    ("min_players", "two", "whole number"),
    ("casualty_rounding", "up", "ceil, floor, nearest"),
    ("equal_teams", 1, "true or false"),
    ("flagship_types", ["Vc1", "DeathStar"], "list of names"),
    ("warship_cap", -1, "from 0 to 100"),
])
def test_a_bad_option_is_refused_at_setup_naming_its_legal_values(key: str, value: Any, legal: str) -> None:
    with pytest.raises(SetupError) as refused:
        Session.new("raw", [("al", "GAR"), ("bo", "CIS")], options={"min_players": 2, key: value}, seed="x")
    message = str(refused.value)
    assert f"option {key}=" in message and legal in message, message


def test_every_ruleset_declares_legal_defaults() -> None:
    from core.registry import find_ruleset, ruleset_ids
    for ruleset_id in ruleset_ids():
        ruleset = find_ruleset(ruleset_id)
        specs = ruleset.option_specs()
        assert set(specs) == set(ruleset.options()), f"{ruleset_id}: every option has a spec"
        for key, value in ruleset.options().items():
            specs[key].check(key, value)


async def test_a_bad_option_is_refused_in_the_lobby() -> None:
    saves = MemorySaves()
    app = HolotableApp(saves=saves, seed="lobby-bad")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewGameScreen)
        form.query_one("#opt-min_players", Input).value = "2"
        form.query_one("#opt-map", Input).value = "../../etc/passwd"
        await pilot.press("f5")
        await pilot.pause()
        error = widget_text(form, "#new-error")
        assert isinstance(app.screen, NewGameScreen) and "option map=" in error and "map.toml" in error, error
        assert not saves.games, "nothing is saved"


def test_a_bad_option_is_refused_by_the_console(tmp_path: Path) -> None:
    from core.console import Console
    console = Console()
    answer = console.handle("new raw seats=al:GAR,bo:CIS min_players=2 map=../../etc/passwd")
    assert not answer.ok and "option map=" in answer.as_text() and "map.toml" in answer.as_text(), answer.as_text()
    done = subprocess.run([sys.executable, "-m", "tui.main", "play", "--data-dir", str(tmp_path), "--ruleset", "raw",
                           "--seats", "al:GAR,bo:CIS", "--option", "min_players=2", "--option", "map=mapp.toml"],
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 2 and "option map=" in done.stderr and "map.toml" in done.stderr, done.stderr
    assert "Traceback" not in done.stderr
    assert not list(tmp_path.glob("games/*.json")), "nothing is saved"


# -- poisoned saves --------------------------------------------------------------------------------------
def poison(tmp_path: Path, game_id: str, change: Any) -> None:
    """Save a game, then edit its game document on disk with ``change(record)``."""
    store = GameStore(tmp_path)
    store.adopt(two_humans(f"poison-{game_id}"), game_id).close()
    path = tmp_path / "games" / f"{game_id}.json"
    data = json.loads(path.read_text())
    change(data["game"]["1"])
    path.write_text(json.dumps(data))


@pytest.mark.parametrize("game_id, change, said", [
    ("bad-map", lambda r: r["options"].__setitem__("map", "../../etc/passwd"), "option map="),
    ("bad-state", lambda r: r["state"].__setitem__("planets", 7), "damaged"),
])
async def test_a_poisoned_save_is_refused_on_load_without_a_traceback(tmp_path: Path, game_id: str, change: Any,
                                                                     said: str) -> None:
    poison(tmp_path, game_id, change)
    app = HolotableApp(saves=StoreSaves(GameStore(tmp_path)))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, LoadGameScreen), f"a poisoned save must not open, found {app.screen!r}"
        shown = screen_text(app)
        assert said in shown or said in widget_text(app.screen, "#load-error"), shown
    assert app.return_code in (None, 0)
    done = subprocess.run([sys.executable, "-m", "tui.main", "play", "--data-dir", str(tmp_path), game_id],
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 2 and "Traceback" not in done.stderr and "seed" not in done.stderr.lower(), done.stderr


def test_from_record_refuses_a_bad_option() -> None:
    record = two_humans().record
    record["options"]["map"] = "../../etc/passwd"
    with pytest.raises(StateError, match="option map="):
        Session.from_record(record)


# -- the app's edge -------------------------------------------------------------------------------------
async def test_a_crash_shows_one_line_logs_no_secrets_and_exits_non_zero(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    session = two_humans("crash-seed-do-not-show")

    def broken(self: GameScreen) -> None:
        secret_local = self.session.record["seed"]  # noqa: F841 - a local the log must not show
        raise RuntimeError("a bug in the help")
    monkeypatch.setattr(GameScreen, "action_help", broken)
    app = HolotableApp(session, saves=MemorySaves(), data_dir=tmp_path)
    with pytest.raises(RuntimeError):
        async with app.run_test(size=SIZE) as pilot:
            await into_seat(pilot)
            await pilot.press("f1")
            await pilot.pause()
    assert app.return_code == 1, "a crash exits non-zero"
    assert app.crash_log == tmp_path / "logs" / "holotable.log"
    log = app.crash_log.read_text()
    assert "RuntimeError (message left out" in log and "in broken" in log
    assert "RuntimeError: a bug in the help" not in log, "an unexpected error's message may quote state: only its type is kept"
    assert "crash-seed-do-not-show" not in log, "the log never holds the state's secrets (no locals, no seed)"


def test_a_crash_in_a_real_terminal_prints_one_line_and_exits_non_zero(tmp_path: Path) -> None:
    script = (
        "import sys\n"
        "from tui.app import HolotableApp\n"
        "from tui.storage import MemorySaves\n"
        "from core.session import Session\n"
        "class Broken(HolotableApp):\n"
        "    def on_ready(self):\n"
        "        state = self.given_session.record['seed']\n"
        "        raise ValueError('boom')\n"
        "s = Session.new('raw', [('al','GAR'),('bo','CIS')], options={'min_players': 2}, seed='edge-secret-seed')\n"
        f"app = Broken(s, saves=MemorySaves(), data_dir={str(tmp_path)!r})\n"
        "app.run(headless=True)\n"
        "sys.exit(app.return_code or 0)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=60,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    output = done.stdout + done.stderr
    assert done.returncode == 1, output
    assert "internal error, the game is saved and unchanged; details in" in output, output
    assert "Traceback" not in output and "edge-secret-seed" not in output, output
    assert "ValueError (message left out" in (tmp_path / "logs" / "holotable.log").read_text()


async def test_ctrl_p_then_pagedown_does_not_crash() -> None:
    """The palette pages before its list is laid out (the race of Ctrl+P PageDown pressed at once)."""
    app = HolotableApp(two_humans(), saves=MemorySaves())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+p", "pagedown", "pageup", "pagedown")
        await pilot.pause()
        palette = app.screen
        commands = palette.query_one(CommandList)
        commands.clear_options()
        commands.add_option(Option("x"))
        commands.highlighted = 0
        commands._index_to_line.clear()  # no lines yet, as before the first layout
        palette._action_command_list("page_down")
        palette._action_command_list("page_up")
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen), "the app goes on"


# -- bots alone ------------------------------------------------------------------------------------------
async def test_an_all_bot_game_plays_to_its_end_at_a_watchable_pace_showing_only_the_public_view() -> None:
    session = Session.new("raw", [("al", "GAR", True), ("bo", "CIS", True)],
                          options={"min_players": 2, "turn_limit": 3}, seed="all-bots")
    app = HolotableApp(session, saves=MemorySaves())
    app.bot_pace = 0.2
    resolved: list[float] = []
    session.subscribe(lambda kind, payload: resolved.append(time.monotonic()) if kind == "resolved" else None)
    async with app.run_test(size=SIZE) as pilot:
        curtain = app.screen
        assert isinstance(curtain, CurtainScreen) and curtain.seat is None
        assert "The bots are playing" in screen_text(app)
        for _ in range(200):
            await pilot.pause(0.05)
            if session.outcome() is not None:
                break
            shown = screen_text(app)
            for seat in ("al", "bo"):
                for order in session.sheet(seat):
                    assert order["text"] not in shown, f"a watcher must not see {seat}'s orders: {order['text']}"
        assert session.outcome() is not None, f"the all-bot game should end by itself (turn {session.turn})"
        await pilot.pause(0.3)
        assert "Game over" in screen_text(app)
    gaps = [b - a for a, b in zip(resolved, resolved[1:])]
    # one turn a tick of the pace: never two in one tick, spread over their ticks (a delayed tick brings
    # the next one closer, so the span is checked, not each gap; half the pace a step at least, as a loaded
    # machine delays and bunches ticks, while "all at once" would span nothing)
    assert len(resolved) >= 2 and min(gaps) > 0.02 and resolved[-1] - resolved[0] >= 0.1 * (len(resolved) - 1), \
        f"one turn per bot pace (0.2 s), got gaps {gaps}"
    assert all(e["actor"] == GM for e in session.record["journal"] if e["op"] == "resolve")


async def test_a_lone_player_against_bots_stays_at_the_war_room_while_the_bots_play() -> None:
    """A lone player learning the game against a bot: once ready, nobody is there to hand the terminal
    to, so no "hand the terminal over" and no curtain: the war room stays up, the bots play and the
    terminal moves the turn on as the GM would, and the turn's report comes to the player there."""
    session = Session.new("raw", [("al", "GAR"), ("bo", "CIS", True)], options={"min_players": 2}, seed="lone")
    app = HolotableApp(session, saves=MemorySaves())
    app.bot_pace = 0.2
    async with app.run_test(size=SIZE) as pilot:
        game = await into_seat(pilot)
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert not isinstance(app.screen, HandOverScreen), "nobody to hand the terminal over to"
        for _ in range(100):
            await pilot.pause(0.05)
            if session.turn > 1:
                break
        assert session.turn == 2, f"the bot played and the turn resolved (turn {session.turn})"
        await pilot.pause(0.3)
        assert not any(isinstance(s, CurtainScreen) for s in app.screen_stack), "no curtain for a lone player"
        assert game in app.screen_stack and game.seat == "al"
        assert "Report for al: turn 1" in screen_text(app), f"the report of turn 1 comes to the player:\n{screen_text(app)}"


def test_message_numbers_count_within_each_thread() -> None:
    """A number never tells a seat of a thread it cannot read (finding 9)."""
    session = two_humans()
    session.post("al", "team:GAR", "only for the Republic")
    session.post("al", "team:GAR", "again")
    message = session.post("bo", "public", "hello all")
    assert message["n"] == 1, f"bo's first public message is #1 whatever GAR said, got #{message['n']}"
    assert [m["n"] for m in session.messages_for("al") if m["thread"] == "team:GAR"] == [1, 2]
    assert all(m["thread"] != "team:GAR" for m in session.messages_for("bo"))
