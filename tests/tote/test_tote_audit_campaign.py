"""The campaign against its text (issue 26): faults found by the audits, each test named after its rule."""
from __future__ import annotations

from typing import Any

from core.ruleset import SeatSpec
from core.rulesets.tote import TwilightOfTheEmpire
from core.rulesets.tote.campaign import flow as campaign_flow
from core.rulesets.tote.rules import model

State = dict[str, Any]


def campaign(seats: list[tuple[str, str]] | None = None, **options: Any) -> tuple[TwilightOfTheEmpire, State]:
    """A new campaign game of ``seats`` (default: the Empire and the New Republic) with ``options``."""
    rs = TwilightOfTheEmpire()
    specs = [SeatSpec(n, f) for n, f in (seats or [("al", "GE"), ("bo", "NR")])]
    return rs, rs.setup("campaign", specs, {**rs.options(), **options}, "audit")


def pass_days(rs: TwilightOfTheEmpire, state: State, days: int) -> None:
    """Every faction posts nothing for ``days`` game days (or until the game ends)."""
    start = int(state["turn"])
    while int(state["turn"]) < start + days and not state.get("result"):
        rs.resolve(state)


def test_gap_29_win_01_no_day_limit_unless_the_gm_sets_one() -> None:
    """TOTE-GAP-29 (option ``turn_limit``, default none), TOTE-WIN-01/02: the campaign ends when Coruscant
    is captured, not on a day of the engine's choosing. With the default ``day_limit`` 0 it goes on past
    day 90; with a limit the GM sets, the holder of Coruscant wins on that day."""
    rs, state = campaign()
    assert state["options"]["day_limit"] == 0, "day_limit 0 must stay 0: no limit by default"
    state["turn"] = state["campaign"]["turn"] = 89
    pass_days(rs, state, 3)
    assert state.get("result") is None, f"the campaign ended with no limit set: {state.get('result')}"
    assert int(state["turn"]) >= 92
    rs, state = campaign(day_limit=2)
    pass_days(rs, state, 3)
    result = state.get("result")
    assert result and result["winners"] == ["al"], f"at the GM's day limit the holder of Coruscant (al, GE) wins: {result}"


def test_gap_02_the_battle_order_rotates_each_day_with_two_factions() -> None:
    """TOTE-GAP-02: posts go in the initiative order rotated by one seat a day, in a campaign battle too.
    With two factions at Kuat the first to post there alternates day by day (it used to be rotated twice,
    so the same faction fired first in every battle)."""
    from core.rulesets.tote.campaign import state as cp
    state = campaign_flow.new_state([("al", "GE"), ("bo", "NR")], {}, "battle")
    for u in state["campaign"]["units"].values():
        if not u.get("rgf"):
            u["system"] = "kuat"
    firsts = []
    for _day in range(3):
        cp.start_turn(state["campaign"])
        state["turn"] = state["campaign"]["turn"]
        today = campaign_flow.turn_order(state)
        posts = [e["text"] for e in campaign_flow.battles(state) if e["kind"] == "tote.post"]
        first = "al" if posts[0] == "At Kuat: Galactic Empire posts." else "bo"
        assert first == today[0], f"day {state['turn']}: the galaxy's order is {today}, but {first} posted first at Kuat"
        firsts.append(first)
    assert firsts[0] != firsts[1] and firsts[0] == firsts[2], f"the first poster must alternate: {firsts}"


def test_hyper_01_scan_14_comms_05_an_unseen_arrival_is_told_to_nobody_who_cannot_detect_it() -> None:
    """TOTE-HYPER-01 / TOTE-SCAN-14 / TOTE-COMMS-05: a GE fleet leaves hyperspace in a Deep Space Zone of
    Mon Calamari (NR's stronghold) and fires no shot. Ships in the C-Ring or further in do not detect a
    hyperspace exit into a DSZ, and no combat action happened: NR is not told the world is in conflict nor
    that the Empire posts there, and no faction, not even an uninvolved one, hears of a battle there. Only
    the departure itself was public (never its destination)."""
    rs, state = campaign([("al", "GE"), ("bo", "NR"), ("cy", "HS")], auto_defense=False)
    c = state["campaign"]
    ships = [uid for uid in campaign_flow.movers(c, "al").get("coruscant", []) if model.is_capital(c["units"][uid])][:1]
    assert ships, "the Empire has a capital ship at Coruscant that may jump"
    rs.submit(state, "al", f"jump {ships[0]} mon_calamari")
    told: list[dict[str, Any]] = []
    for _ in range(40):
        told += rs.resolve(state)
        if c["units"][ships[0]].get("system") == "mon_calamari" and int(state["turn"]) > c["units"][ships[0]]["arrived_turn"]:
            break
    u = c["units"][ships[0]]
    assert u.get("system") == "mon_calamari" and u["space"].startswith("DSZ"), f"the ship arrived in a DSZ: {u.get('space')}"
    about = [e for e in told if "Mon Calamari" in e["text"] and e["kind"] != "tote.departed"]
    for seat in ("bo", "cy"):
        leaked = [e["text"] for e in about if f"seat:{seat}" in e["to"] or "all" in e["to"]]
        assert not leaked, f"{seat} cannot detect the arrival but was told: {leaked}"
    assert any("gm" in e["to"] for e in about), "the GM reads everything that happened at Mon Calamari"
