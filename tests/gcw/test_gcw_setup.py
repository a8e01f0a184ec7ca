"""Setup, scope and sealed records of the GCW campaign."""
from __future__ import annotations

import hashlib
import json

import pytest

from core.errors import OrderError, SetupError
from core.rulesets.gcw import model
from core.rulesets.gcw.data import rules
from core.ruleset import SeatSpec
from gcw_helpers import EMPIRE_LIST, R, REBEL_LIST, do, new_game, started


def test_scope_two_sides_one_each():
    """GCW-SCOPE-01 GCW-SCOPE-02: two sides, Empire and Rebel; each seat plays one of them."""
    assert R.sides() == ["Empire", "Rebel"]
    with pytest.raises(SetupError, match="both sides"):
        R.setup("campaign", [SeatSpec("a", "Empire"), SeatSpec("b", "Empire")], R.options(), "s")
    state = new_game()
    assert {info["side"] for info in state["seats"].values()} == {"Empire", "Rebel"}


def test_scope_several_players_share_a_side():
    """GCW-SCOPE-01 GCW-GAP-41: a side may be shared; every seat of the side is awaited and shares its pools."""
    state = R.setup("campaign", [SeatSpec("a", "Empire"), SeatSpec("c", "Empire"), SeatSpec("b", "Rebel")], R.options(), "s")
    assert R.awaiting(state) == {"a", "b", "c"}
    do(state, "c", f"fleet Kuat {EMPIRE_LIST}")
    assert state["setup"]["Empire"]["start"] == "Kuat", "a teammate's draft is the side's draft"


def test_scope_turns_default_and_fixed():
    """GCW-SCOPE-03 GCW-SCOPE-04: 12 turns by default; the number is fixed at setup and stored."""
    assert R.options()["turns"] == 12
    assert new_game()["turns"] == 12
    assert new_game(turns=7)["turns"] == 7
    with pytest.raises(SetupError):
        new_game(turns=0)
    assert "turns" not in [s.verb for s in R.order_book().specs.values()], "no order changes the game length"


def test_scope_short_game_special_turns_unchanged():
    """GCW-SCOPE-05 GCW-GAP-40: the search still starts on turn 6 and the Death Star on turn 10 whatever the length."""
    const = rules().const
    assert const["secret_base"]["earliest_discovery_turn"] == 6
    assert const["secret_weapon"]["arrival_turn"] == 10
    state = new_game(turns=8)
    assert state["turns"] == 8


def test_scope_turn_has_moves_battles_resources():
    """GCW-SCOPE-06 GCW-TURN-01: a turn runs Initiative, Strategic Movement, Tactical Battle, Resource, in order."""
    state = started()
    phases = []
    seen = set()
    for _ in range(60):
        if state["phase"] not in seen:
            seen.add(state["phase"])
            phases.append(state["phase"])
        if state["turn"] == 2:
            break
        seat = "ann" if "Empire" in state["step"]["sides"] else "bob"
        orders = R.bot(R.view(state, seat), seat)
        for text in orders:
            try:
                do(state, seat, text)
                break
            except OrderError:
                continue
    assert [p for p in phases if p in ("initiative-wait", "movement", "resource")] == ["initiative-wait", "movement", "resource"]


def test_scope_fleets_move_between_systems():
    """GCW-SCOPE-07: fleets are tokens in systems, the map nodes, and systems give resources."""
    state = started()
    fleet = state["fleets"][model.fleets_of(state, "Empire")[0]]
    assert fleet["system"] in rules().systems
    assert all(name in rules().cards for name in rules().systems)


def test_setup_budget_180():
    """GCW-SETUP-01: each side builds with 180 points; more is refused."""
    state = new_game()
    with pytest.raises(OrderError, match="at most 180"):
        do(state, "ann", "fleet Kuat victory-2+tarkin,victory-1")
    do(state, "ann", f"fleet Kuat {EMPIRE_LIST}")


def test_setup_one_starting_fleet():
    """GCW-SETUP-02: the starting force is one fleet."""
    state = started()
    assert len(model.fleets_of(state, "Empire")) == 1 and len(model.fleets_of(state, "Rebel")) == 1


def test_setup_no_large_ships():
    """GCW-SETUP-03: no large ship at setup."""
    state = new_game()
    with pytest.raises(OrderError, match="no large ships"):
        do(state, "ann", "fleet Kuat isd-1+motti")


def test_setup_exactly_one_admiral():
    """GCW-SETUP-04 GCW-GAP-06: exactly 1 Admiral, i.e. a Commander upgrade."""
    state = new_game()
    with pytest.raises(OrderError, match="exactly 1 Admiral"):
        do(state, "ann", "fleet Kuat victory-2,raider-1")
    with pytest.raises(OrderError, match="exactly 1 Admiral"):
        do(state, "ann", "fleet Kuat victory-1+motti,gladiator-1+chiraneau")


def test_setup_squadrons_at_most_60():
    """GCW-SETUP-05 GCW-GAP-45: at most 1/3 of the 180 budget (60) in squadrons."""
    state = new_game()
    with pytest.raises(OrderError, match="at most 60"):
        do(state, "ann", "fleet Kuat raider-1+chiraneau,tie-interceptor*6")
    do(state, "ann", "fleet Kuat raider-1+chiraneau,tie-fighter*7")  # 56 of squadrons


def test_setup_unique_once():
    """GCW-SETUP-06: at most one copy of a unique card."""
    state = new_game()
    with pytest.raises(OrderError, match="unique"):
        do(state, "bob", "fleet Hoth cr90-a+dodonna,luke-skywalker,luke-skywalker")


def test_setup_imperial_start_systems():
    """GCW-SETUP-07: the Empire starts at Coruscant, Kuat or Eriadu."""
    state = new_game()
    with pytest.raises(OrderError, match="Coruscant, Kuat, Eriadu"):
        do(state, "ann", f"fleet Hoth {EMPIRE_LIST}")
    for system in ("Coruscant", "Kuat", "Eriadu"):
        do(state, "ann", f"fleet {system} {EMPIRE_LIST}")


def test_setup_rebel_start_not_imperial():
    """GCW-SETUP-08: the Rebel starts anywhere but Coruscant, Kuat and Eriadu."""
    state = new_game()
    with pytest.raises(OrderError):
        do(state, "bob", f"fleet Kuat {REBEL_LIST}")
    do(state, "bob", f"fleet Mon Calamari {REBEL_LIST}")


def test_setup_base_not_imperial():
    """GCW-SETUP-09: the Secret Base may not be at Coruscant, Kuat or Eriadu."""
    state = new_game()
    with pytest.raises(OrderError, match="may not be"):
        do(state, "bob", "base Eriadu")
    do(state, "bob", "base Hoth")
    with pytest.raises(OrderError, match="only the Rebel"):
        do(state, "ann", "base Hoth")


def test_setup_sealed_until_both_ready():
    """GCW-SETUP-10 GCW-GAP-42: lists are drafted in secret, sealed with a public hash, and revealed together."""
    state = new_game()
    do(state, "ann", f"fleet Kuat {EMPIRE_LIST}")
    assert "text" not in R.view(state, "bob")["facts"]["draft"]
    events = do(state, "ann", "ready")
    public = [e for e in events if e["to"] == ["all"]]
    assert public and all("victory" not in e["text"] for e in public), "the public sealing event must not show the list"
    record = next(r for r in R.view(state, "bob")["facts"]["sealed"] if r["owner"] == "Empire")
    assert "content" not in record and len(record["hash"]) == 64
    assert R.awaiting(state) == {"bob"}
    assert not state["fleets"], "nothing is on the map before both are ready"
    do(state, "bob", f"fleet Hoth {REBEL_LIST}")
    do(state, "bob", "base Dantooine")
    events = do(state, "bob", "ready")
    revealed = [e for e in events if e["kind"] == "revealed"]
    assert len(revealed) == 2, "both lists are revealed at the same moment, the base is not"
    rec = state["sealed"][record["id"]]
    text = json.dumps({"salt": rec["salt"], "content": rec["content"]}, sort_keys=True, separators=(",", ":"))
    assert hashlib.sha256(text.encode()).hexdigest() == record["hash"], "the published hash checks out"


def test_setup_base_sealed_separately():
    """GCW-SETUP-11 GCW-SETUP-12: the base is its own sealed record, in play from the start, hidden from the Empire."""
    state = started(base="Dantooine")
    base_rec = state["sealed"][state["base"]["record"]]
    assert base_rec["content"] == {"base": "Dantooine"} and not base_rec["revealed"]
    assert state["base"]["system"] == "Dantooine"
    empire = R.view(state, "ann")
    assert empire["facts"]["base"]["system"] is None
    assert "Dantooine" not in json.dumps(empire["facts"]["sealed"])
    assert R.view(state, "bob")["facts"]["base"]["system"] == "Dantooine"
    assert R.view(state, "gm")["facts"]["base"]["system"] == "Dantooine"


def test_gap25_unspent_setup_points_lost():
    """GCW-GAP-25: unspent setup points are lost; no RP at the start."""
    state = started()
    assert state["sides"]["Empire"]["rp"] == 0 and state["sides"]["Rebel"]["rp"] == 0


def test_gap10_starting_control():
    """GCW-GAP-10: the Empire starts with Coruscant, Kuat and Eriadu, their Imperial cards faceup; others uncontrolled."""
    state = new_game()
    for name, info in state["systems"].items():
        if name in ("Coruscant", "Kuat", "Eriadu"):
            assert info["owner"] == "Empire" and info["cards"]["Empire"] == "up"
        else:
            assert info["owner"] is None and info["cards"] == {"Empire": "down", "Rebel": "down"}


def test_resolve_forces_setup_with_defaults():
    """GCW-GAP-51: a forced resolution seals what is missing with the data file's first list (logged)."""
    state = new_game()
    events = R.resolve(state)
    assert state["fleets"] and any(e["kind"] == "forced" for e in events)
