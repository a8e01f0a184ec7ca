"""GM options for the Secret Base (catalog GCW-GAP-29 and GCW-GAP-30): where search dice count, and
when a lone Imperial fleet destroys the base. The defaults follow the text (any ACC anywhere; from
turn 6, found or not); each option is declared with its legal values and refused outside them."""
from __future__ import annotations

import pytest

from core.errors import SetupError
from core.options import check_options
from core.rulesets.gcw import model
from gcw_helpers import R, started, texts
from test_gcw_audit import ACC_FACES, at, play_until, search_rolls, seen_by


def _acc_at(events, turn, system=None):
    return any(v in ACC_FACES for r in search_rolls(events, turn) for v in r["data"]["values"]
               if system is None or system in r["data"]["purpose"])


def test_gcw_gap_29_search_only_where_the_ships_are():
    """GCW-GAP-29 (GM option base_search=at_base): an ACC rolled away from the base reveals nothing; the same dice
    under the default (the text) reveal it."""
    for n in range(40):
        seed = f"acc-{n}"
        state = started(seed=seed, base="Dantooine", base_search="at_base")
        events = play_until(state, at(6, "buy"))
        if not _acc_at(events, 6):
            continue
        assert not _acc_at(events, 6, "Dantooine"), "no Imperial ship is at the base"
        assert not state["base"]["found"], f"seed {seed}: an ACC away from the base must not reveal it under at_base"
        assert "Dantooine" not in texts(seen_by(state, "ann", events)), "the Empire learns nothing of the base"
        default = started(seed=seed, base="Dantooine")
        play_until(default, at(6, "buy"))
        assert default["base"]["found"], "the same dice reveal it under the default (any ACC anywhere)"
        return
    pytest.fail("40 seeds gave no turn-6 ACC")


def test_gcw_gap_29_an_acc_at_the_base_still_finds_it_and_gap_30_after_found_then_destroys():
    """GCW-GAP-29 GCW-GAP-30 (base_search=at_base, base_destruction=after_found): a fleet alone at the base finds it with an
    ACC rolled there and then destroys it in the same phase; without an ACC there, the base stands."""
    seen = set()
    for n in range(60):
        state = started(seed=f"lone-{n}", base="Carida", base_search="at_base", base_destruction="after_found")
        fid = model.fleets_of(state, "Empire")[0]
        play_until(state, at(5, "buy"), moves={5: [f"move {fid} Carida"]})
        events = play_until(state, lambda s: int(s["turn"]) == 6 and s["step"]["kind"] in ("take", "buy"))
        if _acc_at(events, 6, "Carida"):
            assert state["base"]["destroyed"] == 1, "found by an ACC at the base, then destroyed by the lone fleet"
            seen.add("found")
        else:
            assert state["base"]["destroyed"] == 0 and not state["base"]["found"], \
                "not found, so the lone fleet does not destroy it (after_found)"
            assert state["base"]["system"] == "Carida"
            seen.add("standing")
        if seen == {"found", "standing"}:
            return
    pytest.fail(f"60 seeds did not give both cases: {seen}")


def test_gcw_gap_30_after_found_lone_fleet_spares_an_unfound_base():
    """GCW-GAP-30 (base_destruction=after_found): a lone fleet at an unfound base does not destroy it, where the default
    (the text) destroys it found or not; once found, it is destroyed."""
    for n in range(40):
        state = started(seed=f"lone-{n}", base="Carida", base_destruction="after_found")
        fid = model.fleets_of(state, "Empire")[0]
        play_until(state, at(5, "buy"), moves={5: [f"move {fid} Carida"]})
        events = play_until(state, lambda s: int(s["turn"]) == 6 and s["step"]["kind"] in ("take", "buy"))
        if _acc_at(events, 6):
            assert state["base"]["destroyed"] == 1, "found this phase (any ACC), then destroyed"
            continue
        assert state["base"]["destroyed"] == 0 and state["base"]["system"] == "Carida", "unfound: spared"
        return
    pytest.fail("no seed gave a turn-6 search without an ACC")


def test_gcw_gap_30_from_turn_1_lone_fleet_destroys_the_base_at_once():
    """GCW-GAP-30 (base_destruction=from_turn_1): a lone Imperial fleet destroys the base in turn 1's Resource Phase,
    though no search is made before turn 6 (GCW-BASE-04); under the default it waits for turn 6."""
    for option, destroyed in (({"base_destruction": "from_turn_1"}, 1), ({}, 0)):
        state = started(seed="turn-1", base="Carida", **option)
        fid = model.fleets_of(state, "Empire")[0]
        events = play_until(state, lambda s: int(s["turn"]) == 2 or s["step"]["kind"] in ("take", "rebuild"),
                            moves={1: [f"move {fid} Carida"]})
        assert state["fleets"][fid]["system"] == "Carida"
        assert not search_rolls(events, 1), "no search dice before turn 6"
        assert state["base"]["destroyed"] == destroyed, option
        assert int(state["turn"]) == 2 - destroyed
        if destroyed:
            assert state["step"]["kind"] == "take" and state["step"]["amount"] == 200
            assert "Carida" in texts(seen_by(state, "ann", events)), "the Empire learns where the destroyed base was"


def test_gcw_gap_29_gap_30_options_declared_with_their_limits():
    """GCW-GAP-29 GCW-GAP-30: the options are the text's readings by default and refuse anything else by name."""
    specs = R.option_specs()
    merged = check_options(specs, {})
    assert merged["base_search"] == "anywhere" and merged["base_destruction"] == "from_turn_6"
    assert check_options(specs, {"base_search": "at_base", "base_destruction": "from_turn_1"})["base_destruction"] == "from_turn_1"
    with pytest.raises(SetupError, match="base_search=\"everywhere\" is not legal: base_search is one of anywhere, at_base"):
        check_options(specs, {"base_search": "everywhere"})
    with pytest.raises(SetupError, match="base_destruction is one of from_turn_6, after_found, from_turn_1"):
        check_options(specs, {"base_destruction": "turn 3"})
