"""Why a roll has the dice it has: the count's derivation, from the base number of dice to the final,
each step with its reason in the game's words (``3d6 for a Medium unit, -1 for cover: 2d6``).

A ruleset builds a :class:`DiceCount` where it counts dice (the same function serves the roll and its
odds), hands it to :meth:`core.dice.Dice.roll` as ``why``, and the roll event carries it as data
(``data["why"]``) and says it in its text; the log, the turn report and the odds read those words.
Old saved roll events without ``why`` still read: :func:`count_words` falls back to ``2d6``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

Step = tuple[str, int]


@dataclass(frozen=True)
class DiceCount:
    """How many dice a roll has and why: ``base`` dice for ``reason`` (what the number is from), then
    ``steps`` adding or taking away dice, each ``(reason, delta)``; ``plus`` are modifiers added to the
    dice's total, each ``(reason, amount)`` (``+2 for attack 5 against defense 3``)."""

    base: int
    reason: str
    steps: tuple[Step, ...] = ()
    plus: tuple[Step, ...] = ()

    @property
    def dice(self) -> int:
        """The final number of dice."""
        return self.base + sum(delta for _, delta in self.steps)

    @property
    def modifier(self) -> int:
        """What is added to the dice's total."""
        return sum(amount for _, amount in self.plus)

    def step(self, reason: str, delta: int) -> "DiceCount":
        """This count with one more step of ``delta`` dice for ``reason``."""
        return DiceCount(self.base, self.reason, self.steps + ((reason, delta),), self.plus)

    def add(self, reason: str, amount: int) -> "DiceCount":
        """This count with ``amount`` more added to the dice's total for ``reason``."""
        return DiceCount(self.base, self.reason, self.steps, self.plus + ((reason, amount),))

    def at_least(self, least: int, reason: str) -> "DiceCount":
        """This count, raised to ``least`` dice by a step for ``reason`` when it fell below."""
        return self.step(reason, least - self.dice) if self.dice < least else self

    def words(self, sides: int) -> str:
        """The count in words: ``3d6 for a Medium unit, -1 for cover: 2d6``; a fixed count says what the
        number is from (``2d6 for the roll-off``); modifiers follow (``, +2 for the leader: 2d6+2``)."""
        out = f"{self.base}d{sides}" + (f" for {self.reason}" if self.reason else "")
        out += "".join(f", {delta:+d} for {reason}" for reason, delta in self.steps)
        out += "".join(f", {amount:+d} for {reason}" for reason, amount in self.plus)
        if self.steps or self.plus:
            out += f": {self.dice}d{sides}" + (f"{self.modifier:+d}" if self.modifier else "")
        return out

    def to_data(self) -> dict[str, Any]:
        """The JSON form a roll event carries: ``{"base": [reason, n], "steps": [[reason, delta], ...],
        "plus": [[reason, amount], ...]}``."""
        return {"base": [self.reason, self.base], "steps": [[r, d] for r, d in self.steps],
                "plus": [[r, a] for r, a in self.plus]}

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> "DiceCount":
        """Read :meth:`to_data`'s form back. Raises ValueError (a malformed form)."""
        try:
            reason, base = data["base"]
            return cls(int(base), str(reason), tuple((str(r), int(d)) for r, d in data.get("steps") or ()),
                       tuple((str(r), int(a)) for r, a in data.get("plus") or ()))
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"not a dice count: {data!r}") from exc


def fixed(count: int, reason: str) -> DiceCount:
    """A fixed number of dice with no modifiers, saying what the number is from."""
    return DiceCount(count, reason)


def count_words(data: Mapping[str, Any]) -> str:
    """The count of a roll event's ``data`` in words; an old event without ``why`` (or a malformed one)
    says just ``{count}d{sides}``. Raises nothing."""
    count, sides = data.get("count", "?"), data.get("sides", "?")
    why = data.get("why")
    if isinstance(why, Mapping):
        try:
            return DiceCount.from_data(why).words(int(sides))
        except (TypeError, ValueError):
            pass
    return f"{count}d{sides}"
