"""The generic order language (core.orders) as players type it (issue 13): names with spaces inside
comma lists, read whole or quoted; completion that only ever offers what the parser then accepts, in
every rule system; refusals that quote the player's words and never the engine's internals."""
from __future__ import annotations

import copy
import random
import re

import pytest

from core.errors import HolotableError, OrderError
from core.orders import Choice, Many, Number, OrderBook, OrderSpec, split_words, words_of
from core.registry import find_ruleset, ruleset_ids
from test_help_examples import SITUATIONS

PLANETS = ["Alanteen VI", "Alanteen", "Mon Cala", "Naboo", "Kamino"]
BOOK = OrderBook([OrderSpec("surge", [Choice("planet", lambda c: PLANETS), Many("donors", lambda c: PLANETS),
                                      Number("count", lambda c: 1, lambda c: 9)], "test", lambda ctx, **v: v)])


@pytest.mark.parametrize("typed, donors", [
    ("surge Naboo Alanteen VI,Mon Cala 2", ["Alanteen VI", "Mon Cala"]),
    ('surge Naboo "Alanteen VI","Mon Cala" 2', ["Alanteen VI", "Mon Cala"]),
    ("surge Naboo Alanteen VI, Mon Cala 2", ["Alanteen VI", "Mon Cala"]),
    ("surge Naboo alanteen,kamino 2", ["Alanteen", "Kamino"]),
    ("surge Naboo Kamino,Alanteen 2", ["Kamino", "Alanteen"]),
    ("surge Mon Cala Alanteen VI 2", ["Alanteen VI"]),
])
def test_names_with_spaces_are_read_whole_or_quoted_inside_lists(typed: str, donors: list[str]) -> None:
    parsed = BOOK.parse(typed, None)
    assert parsed.values["donors"] == donors and parsed.values["count"] == 2, parsed.values


@pytest.mark.parametrize("typed, message", [
    ("surge Naboo Alanteen VI,Alanteen VI 2", "'Alanteen VI' is named twice"),
    ("surge Naboo Kamino,,Naboo 2", "a name of <donors> is missing"),
    ("surge Naboo Kamino,Tatooine 2", "'Tatooine' is not one of the donors you can use here"),
    ("surge Naboo Kamino x", "'x' is not a number"),
])
def test_list_refusals_name_the_words_typed(typed: str, message: str) -> None:
    with pytest.raises(OrderError, match=message):
        BOOK.parse(typed, None)


def test_words_keep_quoted_spaces_and_where_they_stand() -> None:
    assert split_words('jump A1 "Mon Cala" deep') == ["jump", "A1", "Mon Cala", "deep"]
    assert [(w.start, w.end) for w in words_of('a "b c"')] == [(0, 1), (2, 7)]
    assert split_words('say "unclosed quote') == ["say", "unclosed quote"]


@pytest.mark.parametrize("typed, offered", [
    ("surge Naboo Alan", ["surge Naboo Alanteen VI", "surge Naboo Alanteen"]),
    ("surge Naboo Kamino,Alanteen V", ["surge Naboo Kamino,Alanteen VI"]),
    ("surge Naboo Kamino, Mon", ["surge Naboo Kamino, Mon Cala"]),
    ('surge Naboo Kamino,"Mon', ['surge Naboo Kamino,"Mon Cala"']),
    ("surge Mon C", ["surge Mon Cala"]),
    ("surge Mon Cala Kamino,", ["surge Mon Cala Kamino,Alanteen VI", "surge Mon Cala Kamino,Alanteen",
                                "surge Mon Cala Kamino,Mon Cala", "surge Mon Cala Kamino,Naboo"]),
])
def test_completion_offers_whole_names_the_parser_reads(typed: str, offered: list[str]) -> None:
    assert BOOK.complete(typed, None) == offered
    for line in offered:
        with pytest.raises(OrderError, match=r"^'[^']*': missing <(donors|count)>"):
            BOOK.parse(line, None)  # read to the end: only what follows is still to come


def situations(ruleset_id: str) -> list[dict]:
    """The help-examples test's situations of a rule system (each rule system needs its own there)."""
    assert ruleset_id in SITUATIONS, f"{ruleset_id} has no situations in tests/test_help_examples.py"
    return SITUATIONS[ruleset_id]()


def _walk(book: OrderBook, ctx: object, budget: int = 400) -> list[tuple[str, str]]:
    """Completion lines that the parser refuses for anything but a word still to come: (line, refusal)."""
    bad, seen, todo = [], 0, [""]
    while todo and seen < budget:
        text = todo.pop(0)
        candidates = book.complete(text, ctx)
        picks = candidates if len(candidates) <= 3 or not text else [candidates[0], candidates[len(candidates) // 2], candidates[-1]]
        for line in picks:
            seen += 1
            try:
                book.parse(line, ctx)
            except OrderError as exc:
                if not str(exc).startswith(f"{line.strip()!r}: missing <"):
                    bad.append((line, str(exc)))
                    continue
            todo.append(line if line.endswith(" ") else line + " ")
    return bad


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_every_completion_is_an_order_the_parser_reads(ruleset_id: str) -> None:
    """In each situation of the help-examples test, every seat completes word by word from an empty line:
    every line offered parses, or wants only a further argument."""
    ruleset = find_ruleset(ruleset_id)
    book = ruleset.order_book()
    bad = []
    for state in situations(ruleset_id):
        for seat in state["seats"]:
            bad += _walk(book, ruleset.context(state, seat))
    assert not bad, f"{ruleset_id}: completions the parser refuses: {bad[:5]}"


INTERNALS = re.compile(r"invalid literal|could not convert|Traceback|KeyError|NoneType|object has no attribute|"
                       r"list index|unsupported operand|deep:[A-Za-z ]+:|enemy:|\{'")
JUNK = ["x", "-1", "99999999999999999999", "1.5", "A1", "GF", "deep", "Kuat", ",", ",,", "0", "'", '"', "=", "B1",
        "E1", "1e9", "nan", "None", "{}", "2,1", "12,30"]


#: how many of each rule system's situations are whole games (the rest set a step or a pending choice by hand)
WHOLE = {"raw": 1, "gcw": 3, "swpm": 3, "rift": 4}


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_refusals_never_show_the_engines_internals(ruleset_id: str) -> None:
    """Seeded junk after every verb, for every seat of every situation: each refusal is the game's own words
    (no Python conversion errors, no internal location keys, no raw records), and odds refuse alike."""
    ruleset = find_ruleset(ruleset_id)
    book = ruleset.order_book()
    rng = random.Random(13)
    leaks = []
    for state in situations(ruleset_id)[:WHOLE.get(ruleset_id, 1)]:
        for seat in state["seats"]:
            names = [c.split()[-1] for verb in book.specs for c in book.complete(verb + " ", ruleset.context(state, seat))[:3]]
            for verb in book.specs:
                for _ in range(6):
                    text = " ".join([verb] + [rng.choice(JUNK + names) for _ in range(rng.randint(0, 4))])
                    for ask in (ruleset.submit, ruleset.odds):
                        try:
                            ask(copy.deepcopy(state), seat, text)
                        except HolotableError as exc:
                            if INTERNALS.search(str(exc)):
                                leaks.append(f"{text!r}: {exc}")
    assert not leaks, f"{ruleset_id}: refusals showing internals: {leaks[:4]}"


def test_RAW_GAP_15_refusals_name_deep_space_as_players_read_it() -> None:
    from core.rulesets.raw.setup import new_unit, next_uid
    ruleset = find_ruleset("raw")
    state = SITUATIONS["raw"]()[0]
    uid = next_uid(state, "al")
    state["units"][uid] = new_unit("Ac1", "al", "deep:Kuat:C4")
    with pytest.raises(OrderError) as refused:
        ruleset.submit(state, "al", f"jump {uid} Raxus")
    assert "from deep space of Kuat (C4)" in str(refused.value) and "deep:" not in str(refused.value), str(refused.value)


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_every_order_that_rolls_dice_shows_its_odds_or_why_not(ruleset_id: str) -> None:
    """An order declared to roll dice has an example, and in some situation that example gets odds: the
    distribution (summing to 1), or the reason the seat cannot know it; never silence."""
    ruleset = find_ruleset(ruleset_id)
    dice = [spec for spec in ruleset.order_book().specs.values() if spec.dice]
    states = situations(ruleset_id)
    silent = []
    for spec in dice:
        assert spec.example, f"{ruleset_id} {spec.verb!r} rolls dice but its help gives no example"
        answers = []
        for state in states:
            for seat in state["seats"]:
                try:
                    answers.append(ruleset.odds(copy.deepcopy(state), seat, spec.example))
                except HolotableError:
                    continue
        shown = [odds for odds in answers if odds is not None and (odds.rows or odds.reason)]
        if not shown:
            silent.append(spec.example)
        assert all(odds.total() == 1 for odds in shown if odds.rows), f"{spec.example!r}: odds that do not sum to 1"
    assert not silent, f"{ruleset_id}: dice orders with neither odds nor a reason: {silent}"


def test_a_huge_repeat_count_is_refused_not_built() -> None:
    """Pocket Models' 'build xwing*999999999999 / ...' is refused with the legal range (it once filled the memory)."""
    ruleset = find_ruleset("swpm")
    state = SITUATIONS["swpm"]()[0]
    with pytest.raises(OrderError, match=r"the count after '\*' must be a whole number from 1 to 60"):
        ruleset.submit(state, "p1", "build xwing*999999999999 / focus-fire*3")
