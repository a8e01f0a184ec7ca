"""One declaration per order: the parser, completion, help and refusals all come from it.

A ruleset declares each order once as an :class:`OrderSpec` with typed arguments. The generic
machinery here parses text in the ruleset's order language, offers completion for the next word,
prints usage and help, and refuses bad input with an :class:`~core.errors.OrderError` that quotes
the input and says what would be legal.

Argument types:
- :class:`Choice`: one name from a list computed from the game (planets, ships, seats); names may
  hold spaces ("Alanteen VI") and match case-insensitively, longest first.
- :class:`Many`: one or more names from a list, separated by commas (``S1,S2,S3``).
- :class:`Number`: an integer within bounds computed from the game.
- :class:`Keyword`: a fixed word (``deep``), usually inside :class:`Optional`.
- :class:`Optional`: an argument that may be left out; its value is then ``None``.
- :class:`Text`: the rest of the line.
"""
from __future__ import annotations

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


@dataclass
class Choice(Arg):
    """One name from ``choices(ctx)``."""

    name: str
    choices: ChoicesFn
    help: str = ""

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


@dataclass
class Many(Arg):
    """One or more names from ``choices(ctx)``, comma separated; no repeats unless ``repeats`` is
    set (then a name may come back, e.g. one unit taking several groups of hits in order)."""

    name: str
    choices: ChoicesFn
    help: str = ""
    repeats: bool = False

    def usage(self) -> str:
        return f"<{self.name},...>"

    def consume(self, words: list[str], ctx: Any, line: str) -> tuple[list[str], int]:
        options = list(self.choices(ctx))
        if not words:
            raise OrderError(f"{line!r}: missing <{self.name}>; legal: {_list(options)}")
        by_lower = {o.lower(): o for o in options}
        picked: list[str] = []
        for part in words[0].split(","):
            if not part:
                continue
            if part.lower() not in by_lower:
                raise OrderError(f"{line!r}: {part!r} is not one of the {self.name} you can use here; legal: {_list(options)}")
            value = by_lower[part.lower()]
            if value in picked and not self.repeats:
                raise OrderError(f"{line!r}: {part!r} is named twice")
            picked.append(value)
        if not picked:
            raise OrderError(f"{line!r}: missing <{self.name}>; legal: {_list(options)}")
        return picked, 1

    def candidates(self, ctx: Any) -> list[str]:
        return list(self.choices(ctx))


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
    def name(self) -> str:  # type: ignore[override]
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
    def name(self) -> str:  # type: ignore[override]
        return self.inner.name

    @property
    def help(self) -> str:  # type: ignore[override]
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

    def usage(self) -> str:
        """The usage line, e.g. ``jump <ships,...> [deep] <planet> [<point>]``."""
        return " ".join([self.verb, *(a.usage() for a in self.args)])

    def help_text(self) -> str:
        """Usage, summary, argument notes and an example."""
        lines = [self.usage(), f"  {self.summary}"]
        if self.details:
            lines.append(f"  {self.details}")
        for arg in self.args:
            if arg.help:
                lines.append(f"  {arg.usage()}: {arg.help}")
        if self.final:
            lines.append(f"  FINAL: {self.final}; it cannot be taken back, so you are asked to confirm it")
        if self.example:
            lines.append(f"  example: {self.example}")
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
        words = line.split()
        if not words:
            raise OrderError(f"empty order; orders are: {', '.join(self.verbs(ctx))}")
        verb = words[0].lower()
        spec = self.specs.get(verb)
        if spec is None:
            raise OrderError(f"{line!r}: unknown order {words[0]!r}; orders are: {', '.join(self.verbs(ctx))}")
        if not spec.available(ctx):
            raise OrderError(f"{line!r}: {verb!r} cannot be given now; orders now: {', '.join(self.verbs(ctx))}")
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
        words = text.split()
        spec = self.specs.get(words[0].lower()) if words else None
        return spec.final if spec is not None and spec.final else None

    def help(self, verb: str | None = None) -> str:
        """Help for one verb, or the list of all orders with their usage. Raises OrderError for an unknown verb."""
        if verb is None:
            return "\n".join(f"{s.usage():44} {s.summary}" for s in self.specs.values())
        spec = self.specs.get(verb.lower())
        if spec is None:
            raise OrderError(f"no order {verb!r}; orders are: {', '.join(self.specs)}")
        return spec.help_text()

    def complete(self, text: str, ctx: Any) -> list[str]:
        """Completions for the last (partial) word of ``text``, as whole candidate lines."""
        words = text.split(" ")
        if len(words) <= 1:
            prefix = words[0].lower() if words else ""
            return [v + " " for v in self.verbs(ctx) if v.startswith(prefix)]
        spec = self.specs.get(words[0].lower())
        if spec is None:
            return []
        done, partial = [w for w in words[1:-1] if w], words[-1]
        head = " ".join(words[:-1]) + " "
        index = 0
        rest = list(done)
        for arg in spec.args:
            if not rest:
                break
            try:
                _, used = arg.consume(rest, ctx, text)
            except OrderError:
                break
            rest = rest[used:]
            index += 1
        if rest or index >= len(spec.args):
            return []
        found: list[str] = []
        for arg in spec.args[index:]:
            found.extend(self._candidates(arg, ctx, partial))
            if not isinstance(arg, Optional):
                break
        return [head + c for c in found]

    @staticmethod
    def _candidates(arg: Arg, ctx: Any, partial: str) -> list[str]:
        options = arg.candidates(ctx)
        if isinstance(arg, Many) or (isinstance(arg, Optional) and isinstance(arg.inner, Many)):
            done, _, last = partial.rpartition(",")
            lead = done + "," if done else ""
            return [lead + o for o in options if o.lower().startswith(last.lower()) and o not in done.split(",")]
        return [o for o in options if o.lower().startswith(partial.lower())]
