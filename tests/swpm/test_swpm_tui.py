"""The zones board in the war room (Textual pilot and snapshots at 80x24 and 120x40) and the card
window in hot-seat: the curtain hands the terminal to the defender, whose screen never shows the
attacker's hand."""
from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot

from core.rulesets.swpm.data import rules
from core.session import Session
from tui.app import HolotableApp
from tui.screens.curtain import CurtainScreen
from tui.screens.game import GameScreen
from tui.storage import MemorySaves
from tui.widgets.zones_board import ZonesBoard, zones_text

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]


def started(seed: str = "tui-swpm") -> Session:
    """Both setups ready; the first player's X-wings and the TIEs meet in the contested zone."""
    session = Session.new("swpm", [("p1", "P1"), ("p2", "P2")], seed=seed)
    session.order("p1", "p1", "ready")
    session.order("p2", "p2", "ready")
    first = session.state["active"]
    moves = {"p1": "move xwing1,xwing2 contested", "p2": "move tie1,tie2 contested"}
    session.order(first, first, moves[first])
    second = session.state["active"]
    session.order(second, second, moves[second])
    return session


def screen_text(app: HolotableApp) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def through_curtain(pilot: Pilot[Any]) -> None:
    await pilot.pause()
    assert isinstance(pilot.app.screen, CurtainScreen)
    await pilot.press("enter")
    await pilot.pause()
    if not isinstance(pilot.app.screen, GameScreen):      # the turn report
        await pilot.press("escape")
        await pilot.pause()


def test_zones_text_draws_zones_slots_reserves_and_hand():
    """The widget draws from the view: zones in order with their units, slots face down, reserves and
    counts, and the viewer's hand with the card texts."""
    session = started()
    view = session.view("p1")
    text = zones_text(view["board"], 78).plain
    assert text.index("p2 home") < text.index("contested") < text.index("p1 home (you)")
    assert "[1 face down]" in text and "reserves:" in text and "Your hand (3)" in text
    for card in view["board"]["hand"]:
        assert card["name"] in text and card["text"].split()[0] in text
    from tui.widgets.zones_board import unit_token
    lines = text.splitlines()
    for zone in view["board"]["zones"]:
        for u in zone["units"]:
            assert any(unit_token(u) in line and len(line) <= 78 for line in lines), f"{u['id']} is broken or too wide"


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_board(snap_compare: Any, size: tuple[int, int]) -> None:
    """The game screen with the zones board, for the seat whose turn it is."""
    assert snap_compare(HolotableApp(started(), saves=MemorySaves()), run_before=through_curtain, terminal_size=size)


async def test_card_window_in_hotseat_never_shows_the_other_hand() -> None:
    """An attack hands the terminal to the defender through the curtain; the defender's screen shows
    their own hand and the attacker's card count, never the attacker's cards."""
    session = started()
    attacker = session.state["active"]
    defender = "p2" if attacker == "p1" else "p1"
    app = HolotableApp(session, saves=MemorySaves())
    async with app.run_test(size=(120, 40)) as pilot:
        await through_curtain(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.seat == attacker
        pair = "xwing1>tie1" if attacker == "p1" else "tie1>xwing1"
        session.order(attacker, attacker, f"attack {pair}")
        session.order(attacker, attacker, "pass")
        screen.refresh_view()
        await pilot.pause()
        screen.on_done(attacker)
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen), "the defender's turn to answer comes behind the curtain"
        await through_curtain(pilot)
        assert isinstance(app.screen, GameScreen) and app.screen.seat == defender
        board = app.screen.query_one(ZonesBoard)
        shown = zones_text(board._shown, 200).plain
        theirs = {rules().cards[t].name for t in session.state["players"][attacker]["hand"]}
        mine = {rules().cards[t].name for t in session.state["players"][defender]["hand"]}
        assert "Battle 1 of 1" in shown and "Your hand (3)" in shown
        for name in theirs - mine:
            assert name not in shown and name not in screen_text(app), f"{defender} sees {attacker}'s {name}"
        for name in mine:
            assert name in shown


async def into_card_window(pilot: Pilot[Any]) -> None:
    """The attacker declares a battle and passes; the curtain hands over; the defender is in."""
    app = pilot.app
    await through_curtain(pilot)
    screen = app.screen
    session = screen.session
    attacker = session.state["active"]
    pair = "xwing1>tie1" if attacker == "p1" else "tie1>xwing1"
    session.order(attacker, attacker, f"attack {pair}")
    session.order(attacker, attacker, "pass")
    screen.on_done(attacker)
    await pilot.pause()
    await through_curtain(pilot)


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_card_window(snap_compare: Any, size: tuple[int, int]) -> None:
    """The defender's screen in a battle's card window: their own hand, the battle, no other hand."""
    assert snap_compare(HolotableApp(started(), saves=MemorySaves()), run_before=into_card_window, terminal_size=size)


def test_units_show_build_stars_and_icons_and_zone_bonuses_where_they_apply() -> None:
    """Issue 28 (SWPM-ICON-01, SWPM-DATA-04): every unit on the board shows its Build Stars and its
    icons; a bonus a zone gives (ace: +1 attack in the contested zone) is explained in that zone,
    naming the units it lifts, and not in a zone where it does not apply."""
    session = started()
    view = session.view("p1")
    text = zones_text(view["board"], 200).plain
    for zone in view["board"]["zones"]:
        for u in zone["units"]:
            data = rules().units[u["tag"]]
            token = next(line for line in text.splitlines() if f"{u['id']} " in line or f"{u['id']}·g " in line)
            assert f"{u['id']}{'·g' if data.domain == 'ground' else ''} {data.build_stars}★" in token, token
            for icon in (*data.match_icons, *data.power_icons):
                assert icon in token, f"{u['id']} does not show its icon {icon}: {token}"
    contested = text[text.index("── contested"):text.index("── p1 home")]
    aces = [u["id"] for z in view["board"]["zones"] if z["id"] == "contested" for u in z["units"]
            if "ace" in rules().units[u["tag"]].power_icons]
    assert aces and f"ace: +1 attack in the contested zone ({', '.join(aces)})" in contested, contested
    home = text[text.index("── p1 home"):]
    assert "ace: +1 attack" not in home, "the ace bonus is explained where it does not apply"


async def test_no_place_details_on_a_board_without_places() -> None:
    """Issue 28: "no place selected" (a galaxy-map leftover) never shows on a zones board."""
    app = HolotableApp(started(), saves=MemorySaves())
    async with app.run_test(size=(120, 40)) as pilot:
        await through_curtain(pilot)
        assert "no place selected" not in screen_text(app), screen_text(app)


async def test_a_refused_attack_shows_its_refusal_and_no_odds_first() -> None:
    """Issue 28 (SWPM-COMBAT-02): an attack the rules refuse (one attacker in two battles) goes
    straight to its refusal; the odds screen is for orders that will be taken."""
    from tui.screens.odds import OddsScreen
    session = started()
    app = HolotableApp(session, saves=MemorySaves())
    async with app.run_test(size=(120, 40)) as pilot:
        await through_curtain(pilot)
        seat = app.screen.seat
        order = "attack tie1>xwing1,tie1>xwing2" if seat == "p2" else "attack xwing1>tie1,xwing1>tie2"
        assert session.odds(seat, seat, order).rows, "the engine has odds for this order"
        box = app.screen.query_one("#order-input")
        box.value = order
        box.focus()
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, OddsScreen), "the odds of a refused order were shown first"
        assert "refused" in screen_text(app) and "SWPM-COMBAT-02" in screen_text(app), screen_text(app)[-800:]


def test_one_damage_counter_is_singular() -> None:
    """Issue 28 (SWPM-COMBAT-16): a hit that leaves one counter says "1 damage counter"."""
    lines = []
    for n in range(12):
        session = started(f"tui-swpm-{n}")
        attacker = session.state["active"]
        pair = "xwing1>tie1" if attacker == "p1" else "tie1>xwing1"
        session.order(attacker, attacker, f"attack {pair}")
        while session.state.get("step", {}).get("kind") == "card":
            seat = session.state["step"]["seat"]
            session.order(seat, seat, "pass")
        lines += [e["text"] for e in session.record["log"] if " damage counter" in e["text"]]
    assert any("has 1 damage counter (" in t for t in lines), lines
    assert not any("has 1 damage counters" in t for t in lines), lines


def before_the_attack(seed: str = "tui-swpm") -> Session:
    """Both setups ready; the first player has moved its X-wings or TIEs into the contested zone;
    the second player, to move, will be attacked next turn."""
    session = Session.new("swpm", [("p1", "P1"), ("p2", "P2")], seed=seed)
    session.order("p1", "p1", "ready")
    session.order("p2", "p2", "ready")
    first = session.state["active"]
    session.order(first, first, {"p1": "move xwing1,xwing2 contested", "p2": "move tie1,tie2 contested"}[first])
    return session


async def count_hand_overs(standing: str | None) -> tuple[int, int]:
    """Play at one terminal as players would: the second player moves into the contested zone; the
    first attacks with two battles; every card window is passed. ``standing``: who presses Ctrl+K
    (pass in my card windows) while at the terminal before the attack ("defender", "attacker" or
    None). Returns (hand-overs from the attack order to the defender's own turn, battles fought)."""
    from tui.screens.handover import HandOverScreen
    from tui.screens.odds import OddsScreen
    session = before_the_attack()
    defender = session.state["active"]
    attacker = "p1" if defender == "p2" else "p2"
    app = HolotableApp(session, saves=MemorySaves())
    counting, hand_overs = False, 0

    async def settle() -> None:
        nonlocal hand_overs
        for _ in range(12):
            await pilot.pause()
            if isinstance(app.screen, OddsScreen):
                await pilot.press("enter")
            elif isinstance(app.screen, HandOverScreen):
                await pilot.press("enter")
            elif isinstance(app.screen, CurtainScreen):
                hand_overs += counting
                await pilot.press("enter")
            elif not isinstance(app.screen, GameScreen):
                await pilot.press("escape")  # the turn's report
            else:
                return

    async def give(text: str) -> None:
        box = app.screen.query_one("#order-input")
        box.value = text
        box.focus()
        await pilot.press("enter")
        await settle()

    async with app.run_test(size=(120, 40)) as pilot:
        await settle()
        assert app.screen.seat == defender
        if standing == "defender":
            await pilot.press("ctrl+k")
        await give({"p1": "move xwing1,xwing2 contested", "p2": "move tie1,tie2 contested"}[defender])
        assert app.screen.seat == attacker, app.screen
        if standing == "attacker":
            await pilot.press("ctrl+k")
        counting = True
        await give("attack xwing1>tie1,xwing2>tie2" if attacker == "p1" else "attack tie1>xwing1,tie2>xwing2")
        battles = 0
        for _ in range(20):
            action = session.state.get("action") or {}
            if session.state["step"]["kind"] == "main" and session.state["active"] == defender and not action.get("cur"):
                break
            battles = max(battles, int(action.get("i", -1)) + 1)
            assert session.state["step"]["kind"] == "card" and app.screen.seat == session.state["step"]["seat"], \
                (session.state["step"], app.screen)
            await give("pass")
        assert app.screen.seat == defender and session.state["step"]["kind"] == "main"
        fought = sum("attacks" in e["text"] and e["text"].startswith("battle ") for e in session.record["log"])
        return hand_overs, fought


async def test_card_windows_at_hot_seat_need_fewer_hand_overs() -> None:
    """Issue 28 (SWPM-COMBAT-07..09 at a shared terminal): an attack of two battles with every card
    window passed hands the terminal over 3 times when each window comes to its player; when the
    defender (or the attacker) said before the attack 'pass in my card windows' (Ctrl+K), only
    once (the defender's own turn). Nobody sees the other's choice before making their own: a
    standing pass is given only when that window opens, after the earlier windows were decided."""
    asked, fought = await count_hand_overs(None)
    defender_standing, fought_d = await count_hand_overs("defender")
    attacker_standing, fought_a = await count_hand_overs("attacker")
    assert fought == fought_d == fought_a == 2, (fought, fought_d, fought_a)
    print(f"hand-overs per attack of 2 battles: each window asked {asked}, defender's standing pass "
          f"{defender_standing}, attacker's standing pass {attacker_standing}")
    assert asked == 3, f"each window at its player: expected 3 hand-overs, counted {asked}"
    assert defender_standing == 1 and attacker_standing == 1, (defender_standing, attacker_standing)


async def test_enter_on_the_board_opens_a_units_card_and_puts_it_on_the_line() -> None:
    """Issue 27.1 (SWPM-DATA-01, a unit's printed values): Enter on the zones board lists the units it
    shows; picking one opens its card from the unit reference (attack, defense, damage, shields, Build
    Stars, icons in words); Enter there puts its id on the order line. Escape on the list goes back."""
    from textual.widgets import Input, OptionList

    from tui.screens.reference import ReferenceScreen
    from tui.screens.unit_pick import UnitPickScreen
    session = started()
    app = HolotableApp(session, saves=MemorySaves())
    async with app.run_test(size=(120, 40)) as pilot:
        await through_curtain(pilot)
        game = app.screen
        assert isinstance(game, GameScreen), game
        seat = game.seat
        board = game.query_one(ZonesBoard)
        board.focus()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, UnitPickScreen), f"Enter on the board should list its units, not {app.screen!r}"
        listed = [str(o.id) for o in app.screen.query_one(OptionList)._options]
        shown = [str(u["id"]) for zone in session.view(seat)["board"]["zones"] for u in zone["units"]]
        assert listed == shown, f"the list should hold the board's units in its order: {listed} vs {shown}"
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is game, "Escape on the list should go back to the board"
        board.focus()
        await pilot.press("enter")
        await pilot.pause()
        target = next(u for zone in session.view(seat)["board"]["zones"] for u in zone["units"] if u["id"] == listed[0])
        await pilot.press("enter")  # the first unit
        await pilot.pause()
        assert isinstance(app.screen, ReferenceScreen), f"picking {listed[0]} should open its card, not {app.screen!r}"
        card = "\n".join(str(w.render()) for w in app.screen.query("#ref-lines"))
        facts = next(r for r in rules().units.values() if r.name == target["name"])
        assert target["name"] in card and f"ATK {facts.attack}" in card and f"{facts.build_stars} BS" in card, \
            f"the card should be the {target['name']}'s, with its printed values:\n{card}"
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is game, f"Enter on the card should close it, not leave {app.screen!r}"
        assert listed[0] in game.query_one("#order").query_one(Input).value, "the unit's id should be on the order line"
