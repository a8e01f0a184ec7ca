"""Odds and previews: the exact damage a declared shot would do, before the post is committed.

UCR damage is deterministic (catalog section 0), so the "distribution" of a ``fire``, ``bomb``,
``scale`` or ``bombard`` order is one outcome with probability 1, computed by
:func:`strikes.strike_preview`: the UCRs, the quotient in thousandths, the raw and total
damage per pool, and the target's layers after the shot, as far as the firing faction may know
them: another faction's exact layers are hidden, so the preview gives the damage dealt, never what
it would leave. A ``tractor`` order previews the metres held against the target's length.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any

from core.errors import OrderError
from core.ruleset import Odds
from core.rulesets.tote.battle import control, flow, strikes
from core.rulesets.tote.battle.actions import bombarded, installations
from core.rulesets.tote.rules import arith, damage, model
from core.rulesets.tote.rules.data import unit_types
from core.rulesets.tote.rules.model import State


def _after_sheet(ruleset: Any, state: State, seat: str) -> State:
    """A copy of the state as it would be once the seat's sheet so far is carried out."""
    trial = flow.copy_state(state)
    flow.run_orders(ruleset, trial, seat, [o["text"] for o in state["sheets"].get(seat, [])], defend=False)
    return trial


def odds(ruleset: Any, state: State, seat: str, text: str) -> Odds | None:
    """The exact outcome of a ``fire``, ``bomb`` or ``tractor`` order after the seat's sheet so far.
    None for other orders. Raises OrderError for an order that would be refused."""
    try:
        return _odds(ruleset, state, seat, text)
    except (damage.DamageError, ValueError) as exc:
        raise OrderError(f"{text.strip()!r}: {exc}") from None


def _odds(ruleset: Any, state: State, seat: str, text: str) -> Odds | None:
    words = text.split()
    if not words or words[0].lower() not in ("fire", "bomb", "scale", "bombard", "tractor"):
        return None
    parsed = ruleset.order_book().parse(text, ruleset.context(state, seat))
    trial = _after_sheet(ruleset, state, seat)
    trial.setdefault("post", {"seat": seat, "ordered": [], "acting": [], "occupied": []})
    v = parsed.values
    verb = parsed.spec.verb
    target = trial["units"][v["target"]]
    tspec = model.spec(target)
    if verb == "tractor":
        p = control.tractor_preview([(trial["units"][sid], model.spec(trial["units"][sid])) for sid in v["ships"]],
                                    target, tspec)
        verdict = "complete control" if p["controlled"] else "no control (must exceed the length)"
        return Odds(f"tractor {v['target']}: {p['metres']} m held against {p['length']} m", [(verdict, Fraction(1))],
                    [f"{part['ship']}: {part['metres']} m at q {arith.milli_text(part['q_milli'])}" for part in p["parts"]]
                    + ["summed and rounded up once (TOTE-GAP-41); tractors act last in the post (TOTE-TRACTOR-08)"])
    shooter = v.get("unit") or v.get("ship")
    u = trial["units"][shooter]
    if verb == "bomb":
        mounts = [m.spec for m in model.spec(u).mounts if m.weapon.warhead]
    elif verb == "bombard":
        mounts = [m.spec for m in model.spec(u).mounts]
    else:
        mounts = list(v.get("weapons") or model.mounts_left(u))
    if not mounts:
        raise OrderError(f"{text!r}: {shooter} has no weapon left to fire this round")
    every = model.is_ground(u) and set(mounts) == set(model.mounts_left(u))  # a ground stack fires every weapon of every unit in it, as fire_at does (TOTE-GAP-25)
    p = strikes.strike_preview(u, model.spec(u), target, tspec, None if every else mounts, bombing_run=verb == "bomb",
                               percent=int(v.get("percent", 100)), types=unit_types(), bombarded=bombarded(trial),
                               facilities=installations(trial),
                               rules=damage.CombatOptions.from_options(state["options"]))
    a, d = p["ucr"]
    pools = ", ".join(f"{pool} {raw} raw -> {p['total'].get(pool, 0)}" for pool, raw in p["raw"].items())
    notes = [f"{p['mode'].replace('_', ' ')}: UCR {a} against {d}, quotient {arith.milli_text(p['q_milli'])} (truncated)",
             f"pools: {pools}", f"total damage {p['damage']} (each pool rounded up once)",
             "what it leaves of the target is learned when the post resolves (its layers are hidden)"]
    return Odds(f"{shooter} fires at {v['target']}: exactly {p['damage']} damage",
                [(f"{p['damage']} damage to {v['target']}", Fraction(1))], notes)

