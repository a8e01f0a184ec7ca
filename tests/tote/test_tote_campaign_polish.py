"""The campaign as players and the GM read it (issue 18, polish): the order help lists the galaxy's
orders with the battle's under ``at <world>``; refusals name every galaxy order; arrivals, scans,
Heroes, conflicts and a battle day's end read in words, not engine ids or rule codes; a force
without capital ships leaves as such (TOTE-COMMS-05, TOTE-GAP-39); the GM's view holds every
faction's books; a campaign day's report puts battles, worlds, builds and news first; the replay
shows the battle boards the viewer had; at 80x24 the footer keeps every screen key."""
from __future__ import annotations

import json
import sys
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest
from textual.app import App

from core.console import Console
from core.errors import OrderError
from core.report import render, session_report
from core.rulesets.tote.campaign import sensors
from core.rulesets.tote.campaign import state as cp
from core.rulesets.tote.campaign.battle import _in_campaign
from core.rulesets.tote.campaign.book import GALAXY_VERBS, build_book, galaxy_refusal
from core.rulesets.tote.campaign.comms import departure_notice
from core.rulesets.tote.campaign.news import rosters as news_rosters
from core.rulesets.tote.campaign.report import campaign_summary
from core.rulesets.tote.rules import heroes, model
from core.rulesets.tote.rules.galaxy import galaxy, map_board
from core.session import Session
from saves.replay import frames, replay_reports, replay_text
from server.ssh import HolotableServer, ServerOptions
from tui.screens.help import HelpScreen, help_text
from tui.screens.replay import ReplayScreen
from tui.widgets.galaxy_map import GalaxyMap
from tui.widgets.rings_board import RingsBoard

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))  # the SSH tests' helpers
from server_helpers import Table, fast_limits  # noqa: E402
from test_tote_campaign_orders import battle_at_coruscant, post  # noqa: E402
from test_tote_campaign_tui import al_at_its_post, app_for, into_game, settle, to_battle  # noqa: E402

SEATS = [("al", "GE"), ("bo", "NR"), ("cy", "HS")]
BATTLE_VERBS = [v for v in build_book().specs if v not in GALAXY_VERBS]
GALAXY = [v for v in build_book().specs if v in GALAXY_VERBS]


def campaign() -> Session:
    return Session.new("tote", SEATS, scenario="campaign", seed="polish")


def day(s: Session, orders: dict[str, list[str]] | None = None) -> None:
    """Every seat posts today, in today's order (``orders`` by seat, else nothing)."""
    p = s.ruleset.posting(s.state)
    for seat in p["posting"] + p["to_post"]:
        post(s, seat, *(orders or {}).get(seat, []))


@lru_cache(maxsize=1)
def battle_at_mon_calamari() -> Session:
    """A game played only by orders (so it replays): al (GE) jumps GE-1 and GE-11 to Mon Calamari, the
    New Republic's stronghold, on day 1; they arrive on day 5, the world is in conflict and the battle
    is fought that day; cy (HS) stays at home. Read only."""
    s = Session.new("tote", SEATS, scenario="campaign", seed="polish-replay")
    day(s, {"al": ["jump GE-1,GE-11 mon_calamari"]})
    while s.turn < 6:
        day(s)
    return s


BATTLE_DAY = 5


# ---- the order help ------------------------------------------------------------------------------

def test_help_orders_in_the_campaign_lists_the_galaxy_then_the_battle_under_at() -> None:
    """On the galaxy the help lists the galaxy's orders (jump first, every one of GALAXY_VERBS), then
    the battle's orders under ``at <world>`` (indented: given only after it), and names no other; al,
    in the battle at Coruscant, may give ``at`` now; cy, with no battle, reads why not."""
    s = battle_at_coruscant()
    post(s, "cy")
    console = Console(session=s)
    al = console.handle("help orders al").text
    lines = al.splitlines()
    assert lines[0].startswith("jump <ships,...> <world>")
    assert [line.split()[0] for line in lines[:len(GALAXY_VERBS)]] == GALAXY
    at = lines.index("orders given after `at <world>`:")
    assert [line.split()[0] for line in lines[at + 1:]] == BATTLE_VERBS
    assert all(line.startswith("  ") for line in lines[at + 1:]), "the battle's orders are indented under at"
    assert "other orders of the game" not in al
    assert console.handle("help orders").text == al, "the seat posting now (al) by default"
    cy = s.help(None, "cy")
    assert "orders given after `at <world>` (not now: you have no forces in a battle today" in cy
    assert "\nmove " not in cy and "\n  move <units,...> <space>" in cy
    page = help_text([], "Twilight of the Empire", cy, []).plain
    assert "you can give now\njump <ships,...> <world>" in page and "  fire <unit> <target>" in page


async def test_the_war_rooms_help_lists_the_galaxy_orders_and_the_battles_under_at() -> None:
    """F1 in the war room (al at its galaxy post, in the battle at Coruscant): the orders al can give
    now are the galaxy's, the battle's listed under ``at <world>``; none of the battle's at the top level."""
    app = app_for(al_at_its_post())
    async with app.run_test(size=(120, 40)) as pilot:
        await into_game(pilot)
        await pilot.press("f1")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        page = app.screen.page.plain
        now = page.split("you can give now\n")[1]
        assert now.startswith("jump <ships,...> <world>") and "orders given after `at <world>`:\n  move <units,...>" in now
        assert "\nmove <units" not in page and "\nfire <unit" not in page


async def test_over_ssh_a_player_reads_the_orders_of_their_own_seat(tmp_path: Path) -> None:
    """Over SSH, ``help orders`` (with any seat named) answers for the player's own seat: ann (al, in
    the battle at Coruscant) may give ``at`` now; cat (cy) reads why not, even naming al's seat."""
    server = HolotableServer(ServerOptions(tmp_path / "data", "127.0.0.1", 0, limits=fast_limits()))
    table = Table(server, tmp_path / "data", "")
    session = battle_at_coruscant()
    post(session, "cy")
    table.game_id = server.hub.adopt(session, "camp-1").game_id
    for name, seat in (("ann", "al"), ("cat", "cy")):
        server.accounts.create(name)
        server.accounts.add_key(name, table.key(name).export_public_key("openssh").decode())
        server.accounts.grant_seat(name, table.game_id, seat)
    await server.start()
    try:
        ann = await table.run("ann", "help orders")
        assert ann.exit_status == 0 and ann.stdout.strip() == session.help(None, "al").strip(), ann.stdout
        for command in ("help orders", "help orders al"):
            cat = await table.run("cat", command)
            assert cat.exit_status == 0 and cat.stdout.strip() == session.help(None, "cy").strip(), cat.stdout
            assert "(not now: you have no forces in a battle today" in cat.stdout
    finally:
        await server.close()


def test_help_orders_in_a_battle_lists_the_battle_and_names_the_galaxy() -> None:
    """In a tote battle (no campaign) the battle's orders are listed as they are given; the galaxy's
    are only named (another phase), and nothing is listed under ``at``."""
    s = Session.new("tote", SEATS[:2], scenario="skirmish", seed="polish")
    seat = next(iter(s.awaiting()))
    text = s.help(None, seat)
    assert text.startswith("move <units,...> <space>") and "orders given after" not in text
    assert text.splitlines()[-1] == ("other orders of the game (another phase, side or role): "
                                     + ", ".join(GALAXY))


def test_refusals_name_every_galaxy_order_and_send_battle_orders_to_at() -> None:
    """A galaxy refusal names every galaxy order by its usage; a battle's order given on the galaxy
    says to give it as ``at <world> ...``; nothing changes."""
    every = galaxy_refusal("dance")
    spec = build_book().specs
    assert all(spec[v].usage() in every for v in GALAXY_VERBS)
    assert galaxy_refusal("jump GE-1").startswith("'jump GE-1': usage: jump <ships,...> <world>; on the galaxy")
    s = campaign()
    seat = next(iter(s.awaiting()))
    before = json.dumps(s.state, sort_keys=True)
    with pytest.raises(OrderError) as exc:
        s.order(seat, seat, "fire GE-1 NR-2")
    assert "a battle's order: on the galaxy give it for your battle at a world in conflict, as `at <world> <order>`" \
        in str(exc.value)
    assert json.dumps(s.state, sort_keys=True) == before


# ---- words, not ids ------------------------------------------------------------------------------

def test_gap_07_an_arrival_names_its_ships_by_class_and_counts_the_craft() -> None:
    """TOTE-GAP-07: the owner reads which ships arrived, by class and id, with the craft aboard counted."""
    c = cp.new_campaign(SEATS)
    cp.jump(c, "al", ["GE-11"], "corellia")
    events: list[dict[str, Any]] = []
    while not any(e["kind"] == "campaign.arrive" for e in events):
        events = cp.start_turn(c)
    arrive = next(e for e in events if e["kind"] == "campaign.arrive")
    assert arrive["text"] == "Imperial Escort Carrier GE-11, with 8 craft aboard, arrives at Corellia out of hyperspace."
    c = cp.new_campaign(SEATS)
    cp.jump(c, "al", ["GE-1", "GE-11"], "corellia")
    events = []
    while not any(e["kind"] == "campaign.arrive" for e in events):
        events = cp.start_turn(c)
    text = next(e["text"] for e in events if e["kind"] == "campaign.arrive")
    assert text.startswith(f"{model.spec('ACC').name} GE-1 and Imperial Escort Carrier GE-11, with ")
    assert text.endswith(" craft aboard, arrive at Corellia out of hyperspace.")


def test_comms_05_gap_39_a_force_without_capital_ships_leaves_as_such() -> None:
    """TOTE-COMMS-05 / TOTE-GAP-39: the public notice gives owner, system and count of capital ships;
    with none, it says so in words (never "0 capital ships", never whether fighters or transports)."""
    fighters = [{"id": "GE-20", "faction": "GE", "type": "TIEAV"}]
    transport = [{"id": "GE-2", "faction": "GE", "type": "LAMBDA"}]
    one = [{"id": "GE-1", "faction": "GE", "type": "ACC"}, *fighters]
    assert departure_notice(fighters, "muunilinst", 10, "Galactic Empire", "Muunilinst")["text"] == \
        "Galactic Empire force of small craft, no capital ship, departed Muunilinst"
    assert departure_notice(transport, "muunilinst", 10, "Galactic Empire", "Muunilinst")["text"] == \
        departure_notice(fighters, "muunilinst", 10, "Galactic Empire", "Muunilinst")["text"]
    assert departure_notice(one, "coruscant", 10, "Galactic Empire", "Coruscant")["text"] == \
        "Galactic Empire fleet of 1 capital ship departed Coruscant"
    heard = {"news": [], "combat": [], "systems": {}, "departures": [
        {"hour": 10, "owner": "al", "ships": 0, "origin": "muunilinst"}, {"hour": 40, "owner": "al", "ships": 2, "origin": "kuat"}]}
    assert news_rosters(heard, {"al": "GE"})[0]["rows"] == [
        "day 2: a fleet of Galactic Empire (al) with 2 capital ships left Kuat",
        "day 1: a force of small craft of Galactic Empire (al), no capital ship, left Muunilinst"]


def test_hero_05_gap_30_a_heros_fall_names_the_world_and_the_ship() -> None:
    """TOTE-HERO-05 / TOTE-GAP-30: a Hero lost aboard a destroyed ship: the public notice names the
    world by its name and the ship by its class, never its id, which only those who detect it may
    know (TOTE-COMMS-05, FLOW-07: the galaxy hears a target's class and owner; issue 26's Done-when)."""
    hero = heroes.new_hero("GE-HERO", "al", "admiral", "Natasi Daala", "coruscant", host="GE-1")
    ship = {"id": "GE-1", "type": "ACC", "faction": "al", "system": "coruscant", "destroyed": True}
    _all, events = heroes.casualties([hero], {"GE-1": ship}, 30)
    assert events[0]["text"] == f"Natasi Daala, Hero of al, has fallen at Coruscant: lost aboard a {model.spec('ACC').name}"


def test_scan_04_a_broken_scan_names_the_world_and_why() -> None:
    """TOTE-SCAN-04: a scan whose scanner left is broken off: the world by its name, and the reason; a
    completed scan names its scanner (the GM reads every faction's)."""
    scan = sensors.declare_scan({"id": "GE-1", "faction": "al", "type": "ACC", "system": "coruscant", "space": "C-1"},
                                "active", 0, "s1")
    moved = {"GE-1": {"id": "GE-1", "faction": "al", "type": "ACC", "system": "kuat", "space": "C-1"}}
    _snaps, _running, events = sensors.complete_scans([scan], 24, moved)
    assert events[0]["text"] == "The scan of Coruscant by GE-1 was broken off: the scanner left the system"
    there = {"GE-1": dict(moved["GE-1"], system="coruscant")}
    _snaps, _running, events = sensors.complete_scans([scan], 24, there)
    assert events[0]["text"] == "Scan of Coruscant by GE-1 from C-1: 0 contacts", "whose scan: the GM reads them all"


def test_conflict_01_04_and_a_battle_days_end_read_without_codes() -> None:
    """TOTE-CONFLICT-01/04: the conflict notices carry no rule codes; a campaign battle that ends the
    day's fighting reads as the day's end, with the faction's name and no side code."""
    s = battle_at_mon_calamari()
    texts = [e["text"] for e in s.record["log"] if e["kind"] == "campaign.conflict"]
    assert texts[0] == "Mon Calamari is in conflict: hostile forces are present"
    assert not any("TOTE-" in e["text"] for e in s.record["log"] if e["kind"].startswith("campaign."))
    end = {"kind": "tote.end", "text": "The battle is over: al (GE) holds the system; every other faction is destroyed, "
                                       "disabled or gone."}
    assert _in_campaign(end, "Coruscant") == ("At Coruscant, the fighting stops for today: al holds the field; every "
                                              "other faction is destroyed, disabled or gone.")


def test_gap_10_the_map_names_holders_by_faction_and_marks_enemies_by_code() -> None:
    """TOTE-GAP-10 / catalog 5.5: the map's "held by" lines name the faction (with its seat) and the
    enemy marks its code, never a bare seat id."""
    s = battle_at_mon_calamari()
    by = {p["id"]: p for p in s.view("al")["board"]["places"]}
    assert "held by: New Republic (bo) (seen now)" in by["mon_calamari"]["lines"]
    assert "held by: Galactic Empire (al) (seen now)" in by["coruscant"]["lines"]
    board = map_board(galaxy(), {"enemies": {"kuat": {"bo": 2}}, "codes": {"bo": "NR"}, "names": {"bo": "New Republic"},
                                 "owners": {"kuat": "bo"}, "current": ["kuat"]})
    kuat = next(p for p in board["places"] if p["id"] == "kuat")
    assert kuat["marks"] == ["enemy:NR=2"] and "held by: New Republic (bo) (seen now)" in kuat["lines"]


def test_post_01_a_battle_roster_names_unit_types_by_name() -> None:
    """TOTE-POST-01: a faction's roster gives each unit's type by its name (no type codes such as FCC)."""
    s = Session.new("tote", SEATS[:2], scenario="skirmish", seed="polish")
    rows = next(r["rows"] for r in s.view("al")["rosters"] if r["title"].startswith("al "))
    ge1 = next(r for r in rows if r.startswith("GE-1 "))
    assert ge1.startswith(f"GE-1 {model.spec(s.state['units']['GE-1']).name} ")


# ---- the GM's desk -------------------------------------------------------------------------------

def test_gap_02_econ_01_the_gm_sees_every_factions_books() -> None:
    """TOTE-GAP-02 / TOTE-ECON-01 / TOTE-RES-01 / TOTE-MISSION-02: the GM's view has one roster per
    faction, in today's posting order: its post today, treasury and facility purse, builds in
    progress, reserve, Hero and mission; no player's view has any of it."""
    s = battle_at_coruscant()
    post(s, "cy", "build YARD nal_hutta")
    gm = {r["title"]: r["rows"] for r in s.view("gm")["rosters"]}
    assert list(gm)[:3] == ["Hutt Syndicate (cy)", "Galactic Empire (al)", "New Republic (bo)"]
    c = s.state["campaign"]
    hs = gm["Hutt Syndicate (cy)"]
    assert hs[0] == "post today: posted (1 of 3)"
    assert hs[1].startswith(f"treasury {c['treasury']['cy']} KC; facility purse {c['facility_kc']['cy']} KC; CP ")
    assert any(r.startswith("building Orbital Shipyard Complex at Nal Hutta, ready day ") for r in hs)
    assert "reserve 0 of 23 CP: empty" in hs and "no mission under way" in hs
    assert gm["Galactic Empire (al)"][0] == "post today: posting now"
    assert gm["New Republic (bo)"][0] == "post today: to post, after al"
    assert any(r.startswith("Hero ") for r in gm["Galactic Empire (al)"])
    for seat in ("al", "bo", "cy"):
        titles = [r["title"] for r in s.view(seat)["rosters"]]
        assert not any(t in titles for t in gm), f"{seat} sees the GM's desk"


# ---- the turn report -----------------------------------------------------------------------------

def test_the_report_of_a_battle_day_puts_the_battle_first_and_folds_the_rest() -> None:
    """A campaign battle day: al's summary begins with the battle at Mon Calamari (who fought, what each
    faction lost today as al saw it: only itself, its scans not yet done); no post, hit or move line is in the
    summary (they are in the details); no shot was fired, so cy, not in the battle, hears nothing of it."""
    s = battle_at_mon_calamari()
    al = session_report(s, "al", BATTLE_DAY)
    assert al.summary.battles and al.summary.battles[0].place == "Mon Calamari"
    assert al.summary.battles[0].result.startswith("Galactic Empire; "), "al knows only itself there: no scan yet (TOTE-SCAN-14)"
    text = render(al, "text")
    summary = text.split("-- Summary --")[1].split("-- ")[0]
    assert summary.splitlines()[1].startswith("  Battle at Mon Calamari: Galactic Empire; ")
    assert "Taken" not in summary and "arrive at Mon Calamari out of hyperspace." in summary
    assert not any(w in summary for w in (" hits ", " moves ", " posts.", "has posted"))
    details = text.split("-- Details, every die --")[1]
    assert "post: At Mon Calamari:" in details and "tote.post" not in details and "has posted" in details
    cy = session_report(s, "cy", BATTLE_DAY)
    assert cy.summary.battles == []
    assert not any("Mon Calamari" in h for h in cy.summary.headlines), \
        f"no shot was fired at Mon Calamari: cy hears nothing of it (TOTE-COMMS-05): {cy.summary.headlines}"


def test_the_report_of_a_quiet_day_names_worlds_taken_and_arrivals() -> None:
    """TOTE-GAP-07 / TOTE-CONFLICT-06: days without a battle: al's jump arrives at Corellia and the
    summary says so first; al then claims Corellia with a ground facility and the day it stands the
    summary says "Taken: Corellia" first; builds done come before the news, a world lost names who
    took it, and a build ordered stays in the details."""
    from core.rulesets.tote.campaign.claims import cheapest_claim
    s = campaign()
    day(s, {"al": ["jump GE-1 corellia"]})
    text = render(session_report(s, "al", 2), "text")
    summary = text.split("-- Summary --")[1].split("-- ")[0].splitlines()
    assert summary[1].startswith(f"  {model.spec('ACC').name} GE-1, with ") and "arrives at Corellia" in summary[1], summary
    day(s, {"al": [f"build {cheapest_claim()} corellia"]})
    for _ in range(20):
        if any(e["kind"] == "campaign.claim" for e in s.record["log"]):
            break
        day(s)
    taken = next(e["turn"] for e in s.record["log"] if e["kind"] == "campaign.claim")
    summary = render(session_report(s, "al", taken), "text").split("-- Summary --")[1].split("-- ")[0].splitlines()
    assert summary[1] == "  Taken: Corellia", summary
    built = campaign_summary([
        {"kind": "campaign.news", "text": "News read: New Republic is building 1 Orbital Shipyard Complex at Mon Calamari"},
        {"kind": "campaign.build", "text": "ISD ordered at Kuat for 9000 KC; ready in 8 day(s)."},
        {"kind": "campaign.build", "text": "GE-B1, a Faction Command Center, is ready at Kuat."},
        {"kind": "campaign.claim", "text": "New Republic takes Kuat from Galactic Empire."}])
    assert built.builds == ["GE-B1, a Faction Command Center, is ready at Kuat"]
    assert built.changes == [("Kuat", "NR", "GE")] and built.headlines == [
        "News read: New Republic is building 1 Orbital Shipyard Complex at Mon Calamari"]


# ---- the replay and the footer -------------------------------------------------------------------

async def test_the_replay_shows_the_battle_boards_the_viewer_had() -> None:
    """The replay of a campaign: the day al fought at Mon Calamari, ctrl+g shows the battle's grid as al's
    view had it (the view's ``boards``), then the galaxy again; the text replay lists that board too;
    cy, with no battle, is offered no next board."""
    record = battle_at_mon_calamari().record
    shown = frames(record, "al")
    day = next(i for i, f in enumerate(shown) if f.view.get("boards"))
    reports = replay_reports(record, "al", shown)

    class ReplayApp(App[None]):
        def on_mount(self) -> None:
            self.push_screen(ReplayScreen("polish", "al", shown, None, reports))

    app = ReplayApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        assert screen.check_action("next_board", ()) is False
        screen.go(day)
        await settle(pilot)
        assert screen.check_action("next_board", ()) is True
        await pilot.press("ctrl+g")
        await settle(pilot)
        board = screen.query_one("#board")
        assert isinstance(board, RingsBoard) and board._board == shown[day].view["boards"][0]["board"]
        assert "Mon Calamari (battle) (2/2, ^g next)" in str(board.border_title)
        await pilot.press("ctrl+g")
        await settle(pilot)
        assert isinstance(screen.query_one("#board"), GalaxyMap)
    text = replay_text(record, "al", turn=shown[day].turn)
    assert "Board Mon Calamari (battle): " in text and "occupied: " in text
    assert "Board Mon Calamari (battle)" not in replay_text(record, "cy", turn=shown[day].turn)


async def test_at_80x24_with_a_battle_board_every_screen_key_stays_in_the_footer() -> None:
    """At 80x24 with the battle board on, the footer keeps f10 Leave (the palette's key, reachable by
    ctrl+p anyway, gives way); at 120x40 both fit."""
    for size, palette in (((80, 24), False), ((120, 40), True)):
        app = app_for(al_at_its_post())
        async with app.run_test(size=size) as pilot:
            await to_battle(pilot)
            keys = [k.key_display + " " + k.description for k in app.screen.query("FooterKey")]
            assert "f10 Leave" in keys and "^g Boards" in keys, (size, keys)
            assert ("^p palette" in keys) is palette, (size, keys)
