"""One declaration per order: the parser, completion, help and refusals all come from it.

A ruleset declares each order once as an :class:`OrderSpec` with typed arguments. The generic
machinery here parses text in the ruleset's order language, offers completion for the next word,
prints usage and help, and refuses bad input with an :class:`~core.errors.OrderError` that quotes
the input and says what would be legal.

Argument types:
- :class:`Choice`: one name from a list computed from the game (planets, ships, seats); names may
  hold spaces ("Alanteen VI") and match case-insensitively, longest first.
- :class:`Many`: one or more names from a list, separated by commas (``S1,S2,S3``); names with
  spaces are read whole inside the list (``Rodia,Alanteen VI``).

Any name may be quoted (``"Mon Cala"``). Completion offers only what the parser then reads, and a
Choice or Many may name the options to offer first (``first``: the places in reach, say). An order
may say when it can be given (``available``, with ``why_not`` for the refusal) and what dice it
rolls (``dice``: the ruleset's ``odds`` then gives the distribution or the reason it cannot).
- :class:`Number`: an integer within bounds computed from the game.
- :class:`Keyword`: a fixed word (``deep``), usually inside :class:`Optional`.
- :class:`Optional`: an argument that may be left out; its value is then ``None``.
- :class:`Text`: the rest of the line.

An argument of a ruleset's own (a subclass of :class:`Arg`) that reads the rest of the line in a
language of its own may complete itself: a method ``completions(ctx, values, partial)`` returning
(what goes before the offered name, the name) pairs for ``partial``, the text typed for it so far.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Sequence

from core.errors import OrderError

ChoicesFn = Callable[[Any], Iterable[str]]
BoundFn = Callable[[Any], int]

SHOWN_CHOICES = 12


def _list(choices: Sequence[str]) -> str:
    shown = list(choices)[:SHOWN_CHOICES]
    more = len(choices) - len(shown)
    text = ", ".join(shown) if shown else "none right now"
    return text + (f" (and {more} more)" if more > 0 else "")


@dataclass(frozen=True)
class Word:
    """One word of an order as typed: its text (quotes taken off) and where it starts and ends."""

    text: str
    start: int
    end: int


def words_of(line: str) -> list[Word]:
    """The words of ``line``: split at spaces, except inside double quotes (``"Alanteen VI"`` is one word).

    An unclosed quote runs to the end of the line. Never raises.
    """
    found: list[Word] = []
    i, n = 0, len(line)
    while i < n:
        if line[i].isspace():
            i += 1
            continue
        start, parts = i, []
        while i < n and not line[i].isspace():
            if line[i] == '"':
                close = line.find('"', i + 1)
                close = n if close < 0 else close
                parts.append(line[i + 1:close])
                i = min(n, close + 1)
            else:
                parts.append(line[i])
                i += 1
        found.append(Word("".join(parts), start, i))
    return found


def split_words(line: str) -> list[str]:
    """The words of ``line`` as text (see :func:`words_of`)."""
    return [w.text for w in words_of(line)]


def _unquote(text: str) -> tuple[str, bool]:
    """A partly typed name without its opening (and closing) double quote; True if it had one."""
    if text.startswith('"'):
        return text[1:].rstrip('"'), True
    return text, False


def _match_list(text: str, options: Sequence[str]) -> tuple[list[str], int, str | None]:
    """Read a comma list of names from the front of ``text``, names with spaces taken whole.

    Returns (names read, characters read, the first part that is no name or None). Each name is
    the longest option that the text starts with and that is followed by a comma, a space or the end.
    """
    lowered = sorted(((o.lower(), o) for o in options), key=lambda p: -len(p[0]))
    low = text.lower()
    picked: list[str] = []
    pos = 0
    while True:
        while pos < len(text) and text[pos] == " " and picked:
            pos += 1  # "Rodia, Naboo": spaces after a comma
        for key, option in lowered:
            end = pos + len(key)
            if key and low.startswith(key, pos) and (end == len(text) or text[end] in ", "):
                picked.append(option)
                pos = end
                break
        else:
            bad = re.split(r"[, ]", text[pos:], maxsplit=1)[0]
            return picked, pos, bad
        if pos < len(text) and text[pos] == ",":
            pos += 1
            if pos == len(text):
                return picked, pos, None
            continue
        return picked, pos, None


class Arg:
    """One argument of an order. Subclasses consume words from the input."""

    name: str
    help: str

    def usage(self) -> str:
        """How the argument shows in a usage line."""
        return f"<{self.name}>"

    def consume(self, words: list[str], ctx: Any, line: str) -> tuple[Any, int]:
        """Read the argument from the front of ``words``; return (value, words used). Raises OrderError."""
        raise NotImplementedError

    def candidates(self, ctx: Any) -> list[str]:
        """Words that could come next, for completion."""
        return []

    def ranked(self, ctx: Any, values: dict[str, Any]) -> list[str]:
        """The candidates, those that suit the order's earlier ``values`` first (reachable places, say)."""
        return self.candidates(ctx)


FirstFn = Callable[[Any, dict[str, Any]], Iterable[str]]


def _ranked(options: list[str], first: FirstFn | None, ctx: Any, values: dict[str, Any]) -> list[str]:
    if first is None:
        return options
    try:
        preferred = list(first(ctx, values))
    except Exception:  # noqa: BLE001 - a preference never breaks completion
        return options
    known = set(options)
    top = [o for o in dict.fromkeys(preferred) if o in known]
    chosen = set(top)
    return top + [o for o in options if o not in chosen]


@dataclass
class Choice(Arg):
    """One name from ``choices(ctx)``; ``first(ctx, values)`` names those completion offers first."""

    name: str
    choices: ChoicesFn
    help: str = ""
    first: FirstFn | None = None

    def consume(self, words: list[str], ctx: Any, line: str) -> tuple[str, int]:
        options = list(self.choices(ctx))
        if not words:
            raise OrderError(f"{line!r}: missing <{self.name}>; legal: {_list(options)}")
        by_lower = {o.lower(): o for o in options}
        for size in range(min(len(words), 4), 0, -1):
            guess = " ".join(words[:size]).lower()
            if guess in by_lower:
                return by_lower[guess], size
        article = "an" if self.name[:1].lower() in "aeio" or self.name.lower().startswith("up") else "a"
        raise OrderError(f"{line!r}: {words[0]!r} is not {article} {self.name} you can use here; legal: {_list(options)}")

    def candidates(self, ctx: Any) -> list[str]:
        return list(self.choices(ctx))

    def ranked(self, ctx: Any, values: dict[str, Any]) -> list[str]:
        return _ranked(self.candidates(ctx), self.first, ctx, values)


@dataclass
class Many(Arg):
    """One or more names from ``choices(ctx)``, comma separated; no repeats unless ``repeats`` is
    set (then a name may come back, e.g. one unit taking several groups of hits in order).

    Names with spaces are read whole (``Rodia,Alanteen VI``) or quoted (``Rodia,"Alanteen VI"``);
    a space may follow a comma. ``first(ctx, values)`` names those completion offers first.
    """

    name: str
    choices: ChoicesFn
    help: str = ""
    first: FirstFn | None = None
    repeats: bool = False

    def usage(self) -> str:
        return f"<{self.name},...>"

    def consume(self, words: list[str], ctx: Any, line: str) -> tuple[list[str], int]:
        options = list(self.choices(ctx))
        if not words:
            raise OrderError(f"{line!r}: missing <{self.name}>; legal: {_list(options)}")
        starts, at = [], 0
        for word in words:
            starts.append(at)
            at += len(word) + 1
        joined = " ".join(words)
        picked, used, bad = _match_list(joined, options)
        if bad is not None or not picked:
            if not picked:
                bad = bad or words[0]
            if not bad or not bad.strip(","):
                raise OrderError(f"{line!r}: a name of <{self.name}> is missing (two commas, or a comma first); legal: {_list(options)}")
            part = bad
            raise OrderError(f"{line!r}: {part!r} is not one of the {self.name} you can use here; legal: {_list(options)}")
        seen: set[str] = set()
        for value in picked:
            if value in seen and not self.repeats:
                raise OrderError(f"{line!r}: {value!r} is named twice")
            seen.add(value)
        return picked, sum(1 for start in starts if start < used)

    def candidates(self, ctx: Any) -> list[str]:
        return list(self.choices(ctx))

    def ranked(self, ctx: Any, values: dict[str, Any]) -> list[str]:
        return _ranked(self.candidates(ctx), self.first, ctx, values)


@dataclass
class Number(Arg):
    """An integer in [lo(ctx), hi(ctx)]."""

    name: str
    lo: BoundFn = lambda ctx: 0
    hi: BoundFn = lambda ctx: 10**9
    help: str = ""

    def consume(self, words: list[str], ctx: Any, line: str) -> tuple[int, int]:
        lo, hi = self.lo(ctx), self.hi(ctx)
        if not words:
            raise OrderError(f"{line!r}: missing <{self.name}>, a whole number from {lo} to {hi}")
        try:
            value = int(words[0])
        except ValueError:
            raise OrderError(f"{line!r}: {words[0]!r} is not a number; <{self.name}> is a whole number from {lo} to {hi}") from None
        if not lo <= value <= hi:
            raise OrderError(f"{line!r}: {value} is out of range; <{self.name}> must be from {lo} to {hi}")
        return value, 1


@dataclass
class Keyword(Arg):
    """A fixed word."""

    word: str
    help: str = ""

    @property
    def name(self) -> str:  # type: ignore[override]  # a keyword is named by its word: read-only, over Arg's field
        return self.word

    def usage(self) -> str:
        return self.word

    def consume(self, words: list[str], ctx: Any, line: str) -> tuple[str, int]:
        if not words or words[0].lower() != self.word:
            raise OrderError(f"{line!r}: expected {self.word!r}")
        return self.word, 1

    def candidates(self, ctx: Any) -> list[str]:
        return [self.word]


@dataclass
class Optional(Arg):
    """An argument that may be left out (value None)."""

    inner: Arg

    @property
    def name(self) -> str:  # type: ignore[override]  # read-only: the wrapped argument's, over Arg's field
        return self.inner.name

    @property
    def help(self) -> str:  # type: ignore[override]  # read-only: the wrapped argument's, over Arg's field
        return self.inner.help

    def usage(self) -> str:
        return f"[{self.inner.usage()}]"

    def consume(self, words: list[str], ctx: Any, line: str) -> tuple[Any, int]:
        if not words:
            return None, 0
        try:
            return self.inner.consume(words, ctx, line)
        except OrderError:
            if isinstance(self.inner, Keyword):
                return None, 0
            raise

    def candidates(self, ctx: Any) -> list[str]:
        return self.inner.candidates(ctx)

    def ranked(self, ctx: Any, values: dict[str, Any]) -> list[str]:
        return self.inner.ranked(ctx, values)


@dataclass
class Text(Arg):
    """The rest of the line, as typed."""

    name: str
    help: str = ""
    required: bool = True

    def usage(self) -> str:
        return f"<{self.name}...>"

    def consume(self, words: list[str], ctx: Any, line: str) -> tuple[str, int]:
        if not words and self.required:
            raise OrderError(f"{line!r}: missing <{self.name}>")
        return " ".join(words), len(words)


@dataclass
class OrderSpec:
    """One order of a ruleset's language: its verb, arguments, help and what it does.

    ``handler(ctx, **values)`` carries the order out (or queues it); it raises OrderError for a
    refusal the arguments alone cannot catch (not enough credits, over a cap, ...).
    """

    verb: str
    args: list[Arg]
    summary: str
    handler: Callable[..., Any]
    example: str = ""
    details: str = ""
    available: Callable[[Any], bool] = field(default=lambda ctx: True)
    final: str = ""  # what the order settles for good (then a front end asks before giving it)
    #: what the order rolls, if it rolls dice ("a d6 for the alliance"): the ruleset's ``odds`` then
    #: gives the distribution, or the reason it cannot from what the seat knows
    dice: str = ""
    #: why the order cannot be given now, for the refusal when ``available`` says no
    why_not: Callable[[Any], str] | None = None
    #: the verbs given inside this order, as its last argument (a campaign's ``at <world> <order>`` carries
    #: the battle's orders): the help lists those under this order when they cannot be given on their own
    carries: tuple[str, ...] = ()
    #: the example for the reader (``ctx``): its own ids (``jump GE-1,GE-8 corellia`` for the Empire);
    #: empty or None when it has nothing to show, then ``example`` stands
    example_for: Callable[[Any], str | None] | None = None

    def usage(self) -> str:
        """The usage line, e.g. ``jump <ships,...> [deep] <planet> [<point>]``."""
        return " ".join([self.verb, *(a.usage() for a in self.args)])

    def help_text(self, ctx: Any = None) -> str:
        """Usage, summary, argument notes and an example (with ``ctx``, the reader's own when the order
        has one for it)."""
        lines = [self.usage(), f"  {self.summary}"]
        if self.details:
            lines.append(f"  {self.details}")
        for arg in self.args:
            if arg.help:
                lines.append(f"  {arg.usage()}: {arg.help}")
        if self.dice:
            lines.append(f"  rolls {self.dice}; the odds show as you type")
        if self.final:
            lines.append(f"  FINAL: {self.final}; it cannot be taken back, so you are asked to confirm it")
        example = (self.example_for(ctx) if ctx is not None and self.example_for is not None else None) or self.example
        if example:
            lines.append(f"  example: {example}")
        return "\n".join(lines)


@dataclass
class Parsed:
    """An order read from text: its spec, its values by argument name, and the text."""

    spec: OrderSpec
    values: dict[str, Any]
    text: str


class OrderBook:
    """A ruleset's whole order language."""

    def __init__(self, specs: Iterable[OrderSpec]) -> None:
        self.specs: dict[str, OrderSpec] = {}
        for spec in specs:
            if spec.verb in self.specs:
                raise ValueError(f"order {spec.verb!r} declared twice")
            self.specs[spec.verb] = spec

    def verbs(self, ctx: Any = None) -> list[str]:
        """The verbs, or those available in ``ctx`` when given."""
        return [v for v, s in self.specs.items() if ctx is None or s.available(ctx)]

    def parse(self, text: str, ctx: Any) -> Parsed:
        """Read one order. Raises OrderError quoting ``text`` and naming what would be legal."""
        line = text.strip()
        words = split_words(line)
        if not words:
            raise OrderError(f"empty order; orders are: {', '.join(self.verbs(ctx))}")
        verb = words[0].lower()
        spec = self.specs.get(verb)
        if spec is None:
            raise OrderError(f"{line!r}: unknown order {words[0]!r}; orders are: {', '.join(self.verbs(ctx))}")
        if not spec.available(ctx):
            why = spec.why_not(ctx) if spec.why_not is not None else f"{verb!r} cannot be given now"
            raise OrderError(f"{line!r}: {why}; orders now: {', '.join(self.verbs(ctx)) or 'none'}")
        rest = words[1:]
        values: dict[str, Any] = {}
        for arg in spec.args:
            value, used = arg.consume(rest, ctx, line)
            values[arg.name] = value
            rest = rest[used:]
        if rest:
            raise OrderError(f"{line!r}: unexpected {' '.join(rest)!r}; usage: {spec.usage()}")
        return Parsed(spec, values, line)

    def final(self, text: str) -> str | None:
        """What the order in ``text`` settles for good, if its verb is declared final; else None."""
        words = split_words(text)
        spec = self.specs.get(words[0].lower()) if words else None
        return spec.final if spec is not None and spec.final else None

    def help(self, verb: str | None = None, ctx: Any = None) -> str:
        """Help for one verb (with ``ctx``, its example in the reader's own ids), or the list of all orders
        with their usage. Raises OrderError for an unknown verb.

        With ``ctx`` the list is the orders that can be given there: those available first, then under each
        available order that carries others (``carries``) the carried ones that cannot be given on their own,
        and last the names of the rest (another phase, side or role)."""
        if verb is None:
            if ctx is None:
                return "\n".join(f"{s.usage():44} {s.summary}" for s in self.specs.values())
            return self._help_now(ctx)
        spec = self.specs.get(verb.lower())
        if spec is None:
            raise OrderError(f"no order {verb!r}; orders are: {', '.join(self.specs)}")
        return spec.help_text(ctx)

    def _help_now(self, ctx: Any) -> str:
        now = [s for s in self.specs.values() if s.available(ctx)]
        lines = [f"{s.usage():44} {s.summary}" for s in now] or ["none right now"]
        shown = {s.verb for s in now}
        for carrier in [s for s in self.specs.values() if s.carries]:
            inner = [self.specs[v] for v in carrier.carries if v in self.specs and v not in shown]
            if not inner:
                continue
            prefix = " ".join([carrier.verb, *(a.usage() for a in carrier.args[:-1])])
            heading = f"orders given after `{prefix}`"
            if carrier.verb not in shown:  # named by its heading alone (`help <verb>` explains it)
                why = carrier.why_not(ctx) if carrier.why_not is not None else "it cannot be given now"
                heading += f" (not now: {why})"
            lines.append(heading + ":")
            lines.extend(f"  {s.usage():42} {s.summary}" for s in inner)
            shown.update([carrier.verb, *(s.verb for s in inner)])
        later = [v for v in self.specs if v not in shown]
        if later:
            lines.append(f"other orders of the game (another phase, side or role): {', '.join(later)}")
        return "\n".join(lines)

    def complete(self, text: str, ctx: Any) -> list[str]:
        """Whole candidate lines completing what is typed, each one the parser would read as typed.

        The verb first (only those available in ``ctx``), then the argument being typed: names with
        spaces are offered whole, inside comma lists too; an argument's preferred names (``first``:
        reachable places, usable units) come before the rest. Never raises.
        """
        return [line for line, _ in self.complete_items(text, ctx)]

    def complete_items(self, text: str, ctx: Any) -> list[tuple[str, str]]:
        """Like :meth:`complete`, each line with the name it offers (``Alanteen VI`` of ``surge Kuat Rodia,Alanteen VI``)."""
        if " " not in text:
            prefix = text.lower()
            return [(v + " ", v) for v in self.verbs(ctx) if v.startswith(prefix)]
        spec = self.specs.get(text.split(" ", 1)[0].lower())
        if spec is None or not spec.available(ctx):
            return []
        words = words_of(text)[1:]
        typed = [w.text for w in words if w.end < len(text)]  # words followed by a space: done
        found: list[tuple[str, str]] = []
        values: dict[str, Any] = {}
        at = 0
        for arg in spec.args:
            start = words[at].start if at < len(words) else len(text)
            try:
                found.extend((text[:start] + lead + name, name) for lead, name in self._candidates(arg, ctx, values, text[start:]))
            except Exception:  # noqa: BLE001 - completion never breaks typing
                pass
            try:
                value, used = arg.consume(typed[at:], ctx, text)
            except OrderError:
                break
            values[arg.name] = value
            at += used
            if not used and isinstance(arg, Optional) and not isinstance(arg.inner, Keyword):
                break  # the parser skips such an argument only at the end of the line: nothing may follow it
        return list(dict.fromkeys(found))

    @staticmethod
    def _candidates(arg: Arg, ctx: Any, values: dict[str, Any], partial: str) -> list[tuple[str, str]]:
        """The completions of ``partial``, the text typed so far for ``arg``."""
        inner = arg.inner if isinstance(arg, Optional) else arg
        own = getattr(inner, "completions", None)
        if own is not None:  # an argument that completes itself (the rest of the line in a language of its own)
            return list(own(ctx, values, partial))
        options = arg.ranked(ctx, values)
        lead = ""
        if isinstance(inner, Many):
            done, comma, partial = partial.rpartition(",")
            if comma:
                named, used, bad = _match_list(done, options)
                if bad is not None or used < len(done.rstrip()):
                    return []
                gap = len(partial) - len(partial.lstrip(" "))
                lead, partial = done + "," + partial[:gap], partial[gap:]
                options = [o for o in options if o not in named]
        bare, quoted = _unquote(partial)
        low = bare.lower()
        return [(lead, f'"{o}"' if quoted else o) for o in options if o.lower().startswith(low)]
