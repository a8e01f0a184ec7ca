"""Property tests for Republic at War (hypothesis): random sequences of orders, repeats included (assault x3,
load and unload, board, jumps named and unnamed, alliance rolls, bombardment, builds, fire orders), given by
both teams over a few turns of a crowded position. After every order and every resolution the ruleset's
invariants hold (core/rulesets/raw/invariants.py: GF, units and production conserved except by a logged
cause, caps, garrisons, cargo, home systems, viewers); a refused order changes nothing."""
from __future__ import annotations

import copy

from hypothesis import HealthCheck, given, settings, strategies as st

from core.errors import HolotableError
from core.registry import find_ruleset
from raw_helpers import Game

RAW = find_ruleset("raw")


def position(seed: str) -> tuple[Game, list[tuple[str, str]]]:
    """Fleets of both teams at Raxus, Geonosis and Ryloth, and the orders to draw from (some illegal on purpose)."""
    game = Game(seed=seed)
    game.give("Raxus", "bo", gf=3)
    game.give("Geonosis", "cy", gf=5)
    a1 = game.unit("al", "Ac1", "Raxus", gf=2)
    a2 = game.unit("al", "Vc1", "Raxus")
    a3 = game.unit("al", "ConS", "Geonosis")
    c1 = game.unit("cy", "Ac1", "Geonosis")
    c2 = game.unit("cy", "ywing", "Geonosis")
    b1 = game.unit("bo", "PrD", "Raxus")
    b2 = game.unit("bo", "C9L", "Raxus", gf=1)
    d1 = game.unit("di", "McS", "Ryloth", gf=2)
    d2 = game.unit("di", "vulture", "Ryloth")
    orders = [
        ("al", "assault Raxus"), ("al", "assault Raxus"), ("al", "assault Raxus 1"), ("al", "bombard Raxus"),
        ("al", f"load {a3} GF 2"), ("al", f"load {a3} {c2}"), ("al", f"unload {a1}"), ("al", f"unload {a3} GF"),
        ("al", f"jump {a1} Geonosis"), ("al", f"jump {a2} deep Raxus"), ("al", f"jump {a3} deep Raxus C4"),
        ("al", f"jump {a1},{a2} Raxus"), ("al", f"stance hold {a2}"), ("al", "stance hold"), ("al", "stance free"),
        ("al", "ally Ryloth"), ("al", "build Alanteen VI GF 3"), ("al", "build Alanteen VI Vc1"),
        ("cy", f"board {a3} GF 2"), ("cy", f"board {a3} {c2}"), ("cy", f"load {c1} GF 4"), ("cy", f"load {c1} {c2}"),
        ("cy", f"jump {c1} Raxus"), ("cy", "assault Raxus"), ("cy", "build Coruscant GF 3"), ("cy", f"unload {c1}"),
        ("bo", "assault Geonosis"), ("bo", f"jump {b2} Geonosis"), ("bo", f"jump {b1} deep Raxus C4"), ("bo", "stance hold"),
        ("bo", "build Raxus GF 2"), ("bo", "build Raxus PrD"), ("bo", f"load {b2} GF 2"), ("bo", "ally Ryloth"),
        ("di", "assault Ryloth"), ("di", "assault Ryloth"), ("di", f"jump {d1} Raxus"), ("di", f"load {d1} {d2}"),
        ("di", "stance free neutral"), ("di", f"jump {d1} deep Ryloth"), ("di", "bombard Geonosis"),
    ]
    return game, orders


STEP = st.one_of(st.integers(min_value=0, max_value=40), st.just("resolve"))


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(steps=st.lists(STEP, min_size=1, max_size=30), seed=st.sampled_from(["p1", "p2", "p3"]))
def test_random_orders_keep_the_invariants(steps: list[int | str], seed: str) -> None:
    game, orders = position(seed)
    for step in steps + ["resolve"]:
        if game.session.outcome() is not None:
            break
        before = copy.deepcopy(game.state)
        if step == "resolve":
            events = game.resolve()
            what = f"the resolution of turn {before['turn']}"
        else:
            seat, text = orders[int(step) % len(orders)]
            try:
                events = game.order(seat, text)
            except HolotableError:
                assert game.state == before, f"the refused order {seat}: {text!r} changed the state"
                continue
            what = f"{seat}: {text!r}"
        problems = RAW.invariants(before, game.state, events)
        assert not problems, f"after {what}: " + "; ".join(problems)
