"""Every example in every help text of every rule system is an order the parser accepts (issue 13: a
help example the parser refuses is a bug). Each rule system has here a few situations built through
its own setup and test helpers, in which its examples make sense (the units and places they name
exist, the phase is the one the order belongs to); each example must parse for some seat of one of
them. A rule system with no situations here fails, so that a new one gets its own."""
from __future__ import annotations

import copy
import re
import sys
from pathlib import Path
from typing import Any, Callable

import pytest

from core.errors import HolotableError
from core.orders import split_words
from core.registry import find_ruleset, ruleset_ids
from core.ruleset import Ruleset, SeatSpec

HERE = Path(__file__).parent
for folder in ("gcw", "swpm", "rift"):
    if str(HERE / folder) not in sys.path:
        sys.path.insert(0, str(HERE / folder))

State = dict[str, Any]


def raw_situations() -> list[State]:
    """A 6-seat game where al (GAR) holds Kuat, Rodia and Naboo with ships A1-A4 (A3 scarred) next to
    Alderaan, and bob, al's teammate, has ship C2; al is away (so bob may take over as Grand Admiral)."""
    from core.rulesets.raw.setup import new_unit, next_uid
    ruleset = find_ruleset("raw")
    seats = [("al", "GAR"), ("bo", "CIS"), ("bob", "GAR"), ("di", "CIS"), ("ed", "GAR"), ("fa", "CIS")]
    state = ruleset.setup(next(iter(ruleset.scenarios())), [SeatSpec(s, side) for s, side in seats], ruleset.options(), "help")
    for planet in ("Kuat", "Rodia", "Naboo"):
        state["planets"][planet].update(owner="al", forces=False)
    for seat, scarred in (("al", False), ("al", False), ("al", True), ("al", False), ("bob", False), ("bob", False)):
        uid = next_uid(state, seat)
        state["units"][uid] = new_unit("Ac1", seat, "Carida") | {"scarred": scarred}
    state["away"] = ["al"]
    return [state]


def gcw_situations() -> list[State]:
    """GCW at setup, at the initiative, in movement (Empire fleets Aurek E1-E4 and Besh E5 at Coruscant, E6-E8 in
    the pool), with the Rebel fleet next door at Corellia (battles auto-resolved), at a bombing run on the Death
    Star, at the buy phase, and in a battle's opening steps (objectives, first player, report)."""
    import gcw_helpers as g
    from core.rulesets.gcw import flow
    situations = [g.new_game("help"), g.started("help")]
    moving = g.moving("help")
    aurek = g.fleet_of(moving, "Empire")                      # E1-E3
    moving["fleets"][aurek]["units"].append(g.model.new_unit(moving, "Empire", "raider-1", fleet=aurek))  # E4
    g.add_fleet(moving, "Empire", "Coruscant", ["raider-1"])  # Besh: E5
    for _ in range(3):
        g.model.new_unit(moving, "Empire", "tie-fighter")     # E6-E8, in the force pool
    g.give_action(moving, "Empire")
    situations.append(moving)
    ambush = g.clone(moving)                                   # the Rebel fleet waits at Corellia, next to Aurek
    ambush["options"]["auto_resolve"] = True
    ambush["fleets"][g.fleet_of(ambush, "Rebel")]["system"] = "Corellia"
    situations.append(ambush)
    bombing = g.moving("help")                                 # Rebel Y-wings (R5, R6) at the Death Star, undefended
    bombing["fleets"][g.fleet_of(bombing, "Rebel")]["system"] = "Carida"
    bombing["deathstar"] = {"system": "Carida", "fired": 0}
    bombing["sides"]["Empire"]["cp"] = bombing["sides"]["Rebel"]["cp"] = 0
    bombing["step"], bombing["movement"]["passes"] = None, 2
    flow.advance(bombing)
    situations.append(bombing)
    for kind in ("buy", "open", "first", "report"):
        state = g.clone(moving)
        state["step"] = {"kind": kind, "sides": ["Empire", "Rebel"]}
        state["battle"]["current"] = {"id": "B1", "objectives": {}, "refused": []}
        situations.append(state)
    return situations


def swpm_situations() -> list[State]:
    """Pocket Models at setup; in the main step with X-wings and a Y-wing facing a TIE (contested) or in
    the enemy home zone, objectives in hand and face down; in a card window, a target and a reinforcement."""
    import swpm_helpers as p
    ruleset = find_ruleset("swpm")
    setup = ruleset.setup("skirmish", [SeatSpec("p1", "P1"), SeatSpec("p2", "P2")], {}, "help")
    situations = [setup]
    for where in ("contested", "enemy"):
        state = p.board("help")
        for tag in ("xwing", "xwing", "ywing"):
            p.place(state, "p1", tag, where)
        p.place(state, "p2", "tie", "contested")
        p.place(state, "p1", "awing", "reserves")
        p.set_cards(state, "p1", hand=["shield-gen", "focus-fire"])
        p.set_cards(state, "p2", slots=[("shield-gen", False), ("shield-gen", False), None])
        situations.append(state)
    for kind in ("card", "target", "reinforce"):
        state = copy.deepcopy(situations[1])
        state["step"] = {"kind": kind, "seat": "p1"}
        situations.append(state)
    return situations


def rift_situations() -> list[State]:
    """RiftWar at deployment, and on the test field with al's A1-A11 (A10 a transport carrying A2's
    twin, A11 indirect, A3 pinned, A1 a Leader in a melee with B12), then with A10 destroyed and its
    rider to place, a reaction, hits to group and to assign."""
    import rift_helpers as r
    ruleset = find_ruleset("rift")
    deploy = ruleset.setup(next(iter(ruleset.scenarios())), [SeatSpec("al", "Republic"), SeatSpec("bo", "Separatists")],
                           ruleset.options(), "help")
    units = [r.unit(f"A{i}", "al", x=2 + i * 2, y=3) for i in range(1, 12)]
    units[9] = r.unit("A10", "al", size="heavy", role="ranged", traits=("transport",), x=24, y=3)
    units[10] = r.unit("A11", "al", traits=("indirect",), x=26, y=3)
    units[2]["pinned"] = True
    units[0]["melee"] = "m1"
    units[0]["traits"] = ["leader"]
    units.append(r.unit("A12", "al", x=30, y=3, carried_by="A10"))
    foes = [r.unit(f"B{i}", "bo", x=2 + i * 2, y=27) for i in range(1, 13)]
    foes[11]["melee"] = "m1"
    act = r.battle(units + foes)
    placing = copy.deepcopy(deploy)
    chooser = next(iter(ruleset.awaiting(placing)))
    ruleset.submit(placing, chooser, "deploy first")
    situations = [deploy, placing, act]
    carried = copy.deepcopy(act)
    carried["units"]["A2"]["carried_by"] = "A10"
    situations.append(carried)
    wrecked = copy.deepcopy(carried)   # A10 destroyed: al places its rider (RIFT-TRANS-04)
    wrecked["units"]["A10"].update(dead=True, wreck=True)
    wrecked["dismount"] = [{"seat": "al", "transport": "A10", "riders": ["A2"], "placed": [], "offered": {"A2": [[24, 6]]}}]
    situations.append(wrecked)
    for pending in ({"step": "confirm", "seat": "al"},
                    {"step": "refire", "refirer": "bo", "opps": [{"unit": "B3", "seat": "bo"}]},
                    {"step": "group", "hits": {"grouper": "al", "assigner": "al", "pool": ["A2", "A3"]}},
                    {"step": "assign", "hits": {"grouper": "al", "assigner": "al", "pool": ["A2", "A3"]}}):
        state = copy.deepcopy(act)
        state["pending"] = pending
        situations.append(state)
    return situations


def tote_situations() -> list[State]:
    """A Twilight of the Empire skirmish, the Empire (al: GE-1 a carrier with GE-5..GE-10 aboard, GE-2,
    GE-3 a carrier with bombers) against the New Republic (bo: NR-1..NR-9), at al's post; then with
    GE-5..GE-7 launched into al's space; and the galaxy campaign of the two on day 1 (the galaxy's orders)."""
    from core.rulesets.tote.battle import flow
    ruleset = find_ruleset("tote")
    state = ruleset.setup("skirmish", [SeatSpec("al", "GE"), SeatSpec("bo", "NR")], ruleset.options(), "help")
    flow.begin_post(state, "al")
    launched = copy.deepcopy(state)
    for uid in ("GE-5", "GE-6", "GE-7"):
        launched["units"][uid].update(space=launched["units"]["GE-1"]["space"], carried_by=None)
        launched["units"]["GE-1"]["carried"].remove(uid)
    campaign = ruleset.setup("campaign", [SeatSpec("al", "GE"), SeatSpec("bo", "NR")], ruleset.options(), "help")
    return [state, launched, campaign]


SITUATIONS: dict[str, Callable[[], list[State]]] = {
    "raw": raw_situations, "gcw": gcw_situations, "swpm": swpm_situations, "rift": rift_situations,
    "tote": tote_situations,
}


def _refusals(ruleset: Ruleset, states: list[State], example: str) -> list[str]:
    """Why each situation refused ``example`` (empty: some seat's parser accepted it)."""
    book = ruleset.order_book()
    why = []
    for state in states:
        for seat in state["seats"]:
            for by in (None, "gm"):
                try:
                    book.parse(example, ruleset.context(state, seat, by))
                    return []
                except HolotableError as exc:
                    why.append(f"{seat}{' (by gm)' if by else ''}: {exc}")
    return why


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_every_help_example_is_accepted_by_the_parser(ruleset_id: str) -> None:
    assert ruleset_id in SITUATIONS, f"{ruleset_id} has no situations for its help examples in {__file__}"
    ruleset = find_ruleset(ruleset_id)
    states = SITUATIONS[ruleset_id]()
    book = ruleset.order_book()
    examples = [(spec.verb, spec.example) for spec in book.specs.values() if spec.example]
    assert examples, f"{ruleset_id} gives no examples in its help"
    for spec in book.specs.values():  # orders quoted in the help's prose: 'stance hold A3,A4' ...
        for quoted in re.findall(r"'([^']+)'", spec.help_text()):
            if split_words(quoted)[:1] and split_words(quoted)[0] in book.specs:
                examples.append((split_words(quoted)[0], quoted))
    bad = {}
    for verb, example in examples:
        assert split_words(example)[0] == verb, f"the example of {verb!r} is not a {verb} order: {example!r}"
        refusals = _refusals(ruleset, states, example)
        if refusals:
            bad[example] = " | ".join(refusals[::2])
    assert not bad, f"{ruleset_id}: help examples the parser refuses: " + "; ".join(f"{e!r} ({w})" for e, w in bad.items())
