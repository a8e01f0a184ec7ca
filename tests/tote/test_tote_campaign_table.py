"""Twilight at the table (issue 29): a seat's battles of the day come first in its galaxy post, their
orders are taken from the post and fought on the battle day, and the battle follows in the turn
report; Tatooine's amnesty said plainly (no battle, no defence, no shot there)."""
from __future__ import annotations

import pytest

from core.errors import HolotableError
from core.events import GM
from core.report import render, session_report
from core.rulesets.tote.campaign import flow as campaign_flow
from core.rulesets.tote.campaign import state as cp
from core.rulesets.tote.campaign import worlds
from core.rulesets.tote.rules import model
from core.session import Session


def natural(uid: str) -> tuple[str, int]:
    """A unit id in natural order (IR-2 before IR-10)."""
    head, _, n = uid.rpartition("-")
    return head, int(n) if n.isdigit() else 0


def remnant_at_coruscant() -> Session:
    """GE (al) holding Coruscant; the Imperial Remnant (cy, a bot seat in the issue) with its forces
    just out of hyperspace at Coruscant; NR (bo) at home."""
    s = Session.new("tote", [("al", "GE"), ("bo", "NR"), ("cy", "IR")], scenario="campaign", seed="orders")
    st = s.state
    for u in st["campaign"]["units"].values():
        if u["faction"] == "cy" and not u.get("pdf") and not u.get("rgf"):
            u["system"], u["space"] = "coruscant", None
    flagship = min((uid for uid, u in st["campaign"]["units"].items() if u["faction"] == "cy" and not u.get("pdf")
                    and not u.get("rgf") and not u.get("carried_by") and model.is_capital(u)), key=natural)
    st["campaign"]["units"][flagship]["space"] = "DSZ-1"  # it scans Coruscant as it comes in: al feels it (TOTE-SCAN-05/15)
    cp.scan(st["campaign"], "cy", flagship, "active")
    cp.start_turn(st["campaign"])
    st["turn"] = st["campaign"]["turn"]
    st["active"] = campaign_flow.turn_order(st)[0]
    assert worlds.contested(st["campaign"]) == ["coruscant"]
    return s


def post_in_turn(s: Session, orders: dict[str, list[str]]) -> None:
    """Every seat posts in the day's order its ``orders`` (none: a bare ready)."""
    for seat in campaign_flow.turn_order(s.state):
        for text in orders.get(seat, []):
            s.order(seat, seat, text)
        s.ready(seat, seat, True)


def test_gap_02_the_post_says_its_battle_first_and_its_orders_are_fought() -> None:
    """TOTE-GAP-02 / TOTE-FLOW-05 (issue 29.1): a seat with forces in a battle today reads it first in
    its post ("battle at Coruscant: your orders there"), sees the grid among its boards, its
    ``at Coruscant hold`` is taken onto its sheet and given at its battle post, and the battle
    follows in its turn report; a seat with no battle reads the plain galaxy prompt."""
    s = remnant_at_coruscant()
    st = s.state
    ge = next(i for i, u in sorted(st["campaign"]["units"].items()) if u["faction"] == "al" and u.get("system") == "coruscant"
              and u.get("space") and not u.get("unassigned") and not u.get("carried_by"))
    prompts = {}
    day = st["turn"]
    for seat in campaign_flow.turn_order(st):
        prompts[seat] = s.view(seat)["prompt"]
        if seat == "al":
            assert [b["title"] for b in s.view("al")["boards"]] == ["Coruscant (battle)"], "the grid the galaxy opens into"
            s.order("al", "al", f"at Coruscant hold {ge}")
            assert st["sheets"]["al"][-1]["text"] == f"at coruscant hold {ge}", "the at order is taken onto the sheet"
        s.ready(seat, seat, True)
    assert prompts["al"].startswith("battle at Coruscant: your orders there"), prompts["al"]
    assert prompts["bo"].startswith("your post:"), f"NR has no battle today: {prompts['bo']!r}"
    said = [e["text"] for e in s.events_for("al")]
    assert "At Coruscant your post gave 1 of your 1 battle order." in said, said
    report = render(session_report(s, "al", day), "markdown")
    assert "At Coruscant your post gave 1 of your 1 battle order." in report, report
    assert "Coruscant" in report.split("Details")[0], f"the battle is not in the report's summary: {report}"


def two_fleets_at_tatooine() -> Session:
    """GE (al) and NR (bo) with their fleets at Tatooine, the amnesty world, in conflict."""
    s = Session.new("tote", [("al", "GE"), ("bo", "NR")], scenario="campaign", seed="amnesty")
    st = s.state
    for u in st["campaign"]["units"].values():
        if not u.get("rgf") and not u.get("pdf"):
            u["system"] = "tatooine"
    cp.start_turn(st["campaign"])
    st["turn"] = st["campaign"]["turn"]
    st["active"] = campaign_flow.turn_order(st)[0]
    assert worlds.contested(st["campaign"]) == ["tatooine"]
    return s


def test_gap_49_tatooine_is_an_amnesty_world_no_battle_here() -> None:
    """TOTE-GAP-49 (issue 29.2): forces meeting at Tatooine read "Tatooine is an amnesty world: no
    battle here" in their post and when they give an ``at Tatooine`` order; the day reports no
    battle, no automatic defence and no shot there; no unit is touched."""
    s = two_fleets_at_tatooine()
    st = s.state
    seat = st["active"]
    assert "Tatooine is an amnesty world: no battle here" in s.view(seat)["prompt"]
    unit = next(i for i, u in st["campaign"]["units"].items() if u["faction"] == seat and u.get("system") == "tatooine")
    with pytest.raises(HolotableError, match="Tatooine is an amnesty world: no battle here"):
        s.order(seat, seat, f"at tatooine hold {unit}")
    layers = {i: (u.get("shields"), u.get("armor"), u.get("hull"), u.get("destroyed")) for i, u in st["campaign"]["units"].items()}
    start = len(s.record['log'])
    post_in_turn(s, {})
    day = s.record['log'][start:]
    texts = [e["text"] for e in day]
    assert not [t for t in texts if "Battle at Tatooine" in t or "automatic defence" in t], texts
    assert not [e for e in day if e["kind"] in ("tote.hit", "tote.combat", "roll") and "Tatooine" in str(e["text"])]
    assert "Tatooine is an amnesty world: no battle here." in texts, texts
    told = next(e for e in day if e["text"] == "Tatooine is an amnesty world: no battle here.")
    assert sorted(told["to"]) == sorted(["al", "bo", GM]) or set(told["to"]) >= {GM}, told["to"]
    assert {i: (u.get("shields"), u.get("armor"), u.get("hull"), u.get("destroyed"))
            for i, u in st["campaign"]["units"].items()} == layers, "a unit was touched at Tatooine"


def test_fleethyp_01_the_jump_message_says_why_its_hours_are_more_than_the_routes() -> None:
    """TOTE-FLEETHYP-01 (issue 29.4): a fleet moves at its slowest hyperdrive; the owner's jump
    message says why the hours in hyperspace are not the routes' hours (the class and the ship)."""
    s = Session.new("tote", [("al", "GE"), ("bo", "NR")], scenario="campaign", seed="x")
    st = s.state
    st["active"] = "al"
    st["initiative"] = ["al", "bo"]
    s.order("al", "al", "jump GE-1 corellia")
    s.ready("al", "al", True)
    said = [e["text"] for e in s.record["log"] if e["kind"] == "campaign.jump"]
    assert len(said) == 1, said
    route = int(said[0].split("(")[1].split(" h)")[0])
    assert f"{2 * route} h in hyperspace ({route} h of routes at hyperdrive class 2, the rating of its slowest ship GE-1)" \
        in said[0], said[0]


def test_the_jump_help_example_uses_the_readers_own_ships() -> None:
    """Issue 29.4: ``help jump`` shows an example with the reader's own ship ids (NR's for NR), never
    another faction's; without a reader the book's own example stands."""
    s = Session.new("tote", [("al", "GE"), ("bo", "NR")], scenario="campaign", seed="x")
    example = next(line for line in s.help("jump", "bo").splitlines() if "example:" in line)
    ships = example.split("example: jump ")[1].split()[0].split(",")
    assert ships and all(i.startswith("NR-") for i in ships), example
    assert "example: jump GE-1,GE-8 corellia" in s.help("jump")


def test_res_04_reserve_on_the_heros_ship_is_taken_or_says_where_the_hero_cannot_go() -> None:
    """TOTE-RES-04 with the Hero rules (issue 29.5): ``reserve GE-1`` on the ship carrying the Empire's
    Hero is taken onto the sheet (in the post the Hero goes ashore, see test_tote_campaign_logistics);
    with no facility and no other ship of the Empire's at Coruscant it is refused naming the Hero and
    why, and nothing is queued."""
    s = Session.new("tote", [("al", "GE"), ("bo", "NR")], scenario="campaign", seed="x")
    st = s.state
    st["active"], st["initiative"] = "al", ["al", "bo"]
    hero = next(h for h in st["campaign"]["heroes"] if h["faction"] == "al")
    s.order("al", "al", f"reserve {hero['host']}")
    assert [o["text"] for o in st["sheets"]["al"]] == [f"reserve {hero['host']}"]
    st["sheets"]["al"] = []
    c = st["campaign"]
    for f in c["facilities"].values():
        if f["faction"] == "al":
            f["system"] = "kuat"
    for uid, u in c["units"].items():
        if u["faction"] == "al" and uid != hero["host"] and not u.get("carried_by") and not u.get("pdf") and not u.get("rgf"):
            u["system"] = "kuat"
    with pytest.raises(HolotableError, match=f"{hero['name']} is aboard {hero['host']} and has no facility or other ship "
                                             "of yours at Coruscant to go to"):
        s.order("al", "al", f"reserve {hero['host']}")
    assert st["sheets"]["al"] == []


def test_pdf_02_assign_on_a_garrison_unit_says_why_not() -> None:
    """TOTE-PDF-02 / STRONG-01 / RGF-02 (issue 29.5): ``assign`` on a stronghold's free space defence
    or a Reserve Guard Force unit is refused naming what it is and why it stays, not with a bare list."""
    s = Session.new("tote", [("al", "GE"), ("bo", "NR")], scenario="campaign", seed="x")
    st = s.state
    st["active"], st["initiative"] = "al", ["al", "bo"]
    units = st["campaign"]["units"]
    free = next(i for i, u in sorted(units.items()) if u["faction"] == "al" and u.get("bonus") and u.get("system"))
    with pytest.raises(HolotableError, match=f"{free} is one of Coruscant's free space defences, its garrison"):
        s.order("al", "al", f"assign {free} fleet")
    rgf = next(i for i, u in sorted(units.items()) if u["faction"] == "al" and u.get("rgf"))
    with pytest.raises(HolotableError, match=f"{rgf} is a Reserve Guard Force unit, the garrison of .*TOTE-RGF-02"):
        s.order("al", "al", f"assign {rgf} fleet")
    assert st["sheets"]["al"] == []


def test_gap_49_no_conflict_news_from_tatooine_at_the_day_start() -> None:
    """TOTE-GAP-49 (issue 29.2, the day-start news): forces meeting at Tatooine read "Tatooine is an
    amnesty world: no battle here" in the day's news, never "Tatooine is in conflict"; with the
    ``tatooine_amnesty`` option off the conflict is news as anywhere else."""
    for amnesty in (True, False):
        s = Session.new("tote", [("al", "GE"), ("bo", "NR")], scenario="campaign", seed="amnesty")
        st = s.state
        st["options"]["tatooine_amnesty"] = amnesty
        for u in st["campaign"]["units"].values():
            if not u.get("rgf") and not u.get("pdf"):
                u["system"] = "tatooine"
        start = len(s.record["log"])
        post_in_turn(s, {})  # the next day starts: the fleets meet at Tatooine
        assert worlds.contested(st["campaign"]) == ["tatooine"]
        news = [e for e in s.record["log"][start:] if "Tatooine" in str(e["text"])]
        texts = [e["text"] for e in news]
        conflict = [t for t in texts if "Tatooine is in conflict" in t]
        if amnesty:
            assert not conflict, f"conflict news from the amnesty world: {texts}"
            told = [e for e in news if e["text"].startswith("Tatooine is an amnesty world: no battle here")]
            assert told and {"seat:al", "seat:bo"} <= set(told[0]["to"]), f"the amnesty is not the day's news to both: {news}"
        else:
            assert conflict, f"with the amnesty off Tatooine's conflict is news: {texts}"
