"""Random legal play for any rule system: the baseline every bot must beat.

:func:`random_orders` picks a seat's orders at random from two sources, with no per-ruleset code:
the ruleset's own sample of legal orders (:meth:`~core.ruleset.Ruleset.legal_orders`) and orders
built word by word from the order book's completion (a random verb, then a random completion for
each argument; numbers, which completion cannot list, are drawn from the argument's bounds, small
ones more often). Every candidate is tried on a scratch copy of the state with the ruleset's own
``submit``, so only orders the engine accepts, in that sequence, are returned. Random play never
gives up: the verbs of :data:`RESIGN` (``concede``, ``resign``, ``surrender``, in any rule system) are
never used, and any order that would end the game at once is left out.
"""
from __future__ import annotations

import copy
import random
from typing import Any

from core.errors import HolotableError, OrderError
from core.orders import Many, Number, Optional, OrderBook, Text
from core.ruleset import Ruleset, State

MAX_ORDERS = 12      # at most this many orders a turn
ATTEMPTS = 40        # candidates tried a turn
FROM_SAMPLE = 0.5    # chance a candidate comes from legal_orders (when it has any left)
RESIGN = ("concede", "resign", "surrender")  # giving up is not play


def random_orders(ruleset: Ruleset, state: State, seat: str, rng: random.Random,
                  most: int = MAX_ORDERS, attempts: int = ATTEMPTS) -> list[str]:
    """Random orders for ``seat`` that the engine accepts, in order; [] when the seat is not awaited.

    ``state`` is not changed. Submitting the returned orders in order to the same state succeeds.
    """
    if seat not in ruleset.awaiting(state):
        return []
    trial = copy.deepcopy(state)
    book = ruleset.order_book()
    sample = list(ruleset.legal_orders(trial, seat))
    rng.shuffle(sample)
    want = rng.randint(0, most)
    chosen: list[str] = []
    for _ in range(attempts):
        if len(chosen) >= want or seat not in ruleset.awaiting(trial):
            break
        text: str | None
        if sample and rng.random() < FROM_SAMPLE:
            text = sample.pop()
        else:
            text = random_text(book, ruleset.context(trial, seat), rng)
        if not text or text.split()[0].lower() in RESIGN:
            continue
        keep = ruleset.trial_copy(trial, seat)
        try:
            ruleset.submit(trial, seat, text)
        except HolotableError:
            continue
        if ruleset.outcome(trial) is not None:  # it would end the game at once: leave it out
            trial.clear()
            trial.update(keep)
            continue
        chosen.append(text)
    return chosen


def random_text(book: OrderBook, ctx: Any, rng: random.Random, verbs: list[str] | None = None) -> str | None:
    """One random order line built from the book's completion, or None if the walk got stuck."""
    options = verbs if verbs is not None else [c.strip() for c in book.complete("", ctx) if c.strip().lower() not in RESIGN]
    if not options:
        return None
    verb = rng.choice(options)
    spec = book.specs[verb]
    line = verb
    index = 0
    while index < len(spec.args):
        arg = spec.args[index]
        inner = arg.inner if isinstance(arg, Optional) else arg
        if isinstance(arg, Optional) and rng.random() < 0.5:
            index += 1
            continue
        if isinstance(inner, Number):
            try:
                lo, hi = int(inner.lo(ctx)), int(inner.hi(ctx))
            except Exception:  # a bound that needs more context than we have
                return None
            line += " " + str(_small_number(rng, lo, hi))
            index += 1
            continue
        if isinstance(inner, Text):
            if isinstance(arg, Optional) or not inner.required:
                index += 1
                continue
            return None
        # the book's completion offers this argument's words (and, past an optional one, the next
        # argument's too): keep this argument's own
        choices = [c[len(line) + 1:] for c in book.complete(line + " ", ctx) if c.startswith(line + " ")]
        own = _own_candidates(inner, ctx)
        if own is not None:
            choices = [c for c in choices if c in own]
        if not choices:
            if isinstance(arg, Optional):
                index += 1
                continue
            return None
        word = rng.choice(choices)
        if isinstance(inner, Many):
            picked = [word]
            rest = [c for c in choices if c != word]
            while rest and rng.random() < 0.35:
                extra = rng.choice(rest)
                rest.remove(extra)
                picked.append(extra)
            word = ",".join(picked)
        line += " " + word
        index += 1
    try:
        book.parse(line, ctx)
    except OrderError:
        return None
    return line


def _own_candidates(arg: Any, ctx: Any) -> set[str] | None:
    """The argument's own candidate list (what completion offers for it), to keep optional-skipping honest."""
    try:
        return set(arg.candidates(ctx))
    except Exception:
        return None


def _small_number(rng: random.Random, lo: int, hi: int) -> int:
    """A number in [lo, hi], small ones far more often (counts, credits)."""
    if hi <= lo:
        return lo
    roll = rng.random()
    if roll < 0.5:
        return min(hi, lo + rng.randint(0, 2))
    if roll < 0.85:
        return min(hi, lo + rng.randint(0, 9))
    return rng.randint(lo, min(hi, lo + 100))
