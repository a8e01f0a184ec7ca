"""One seeded dice object per game, saved with the state; every roll goes on the record.

The generator is counter based: roll number ``n`` of a game is derived from
``sha256(seed + ":" + n)``. Its whole state is ``{"seed", "n"}``, so it round-trips through JSON
exactly, a replay from the seed reproduces every roll, and a published hash of the seed lets anyone
check the dice once the seed is revealed.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any, Sequence, TypeVar

from core.dice_words import DiceCount

T = TypeVar("T")

ALL = "all"


def seed_hash(seed: str) -> str:
    """The public commitment to a seed: hex sha256 of its UTF-8 bytes."""
    return hashlib.sha256(seed.encode("utf-8")).hexdigest()


@dataclass
class Dice:
    """A game's dice. ``rolls`` collects the roll events made since it was created."""

    seed: str
    n: int = 0
    turn: int = 0
    rolls: list[dict[str, Any]] = field(default_factory=list)

    @classmethod
    def from_state(cls, data: dict[str, Any], turn: int = 0) -> "Dice":
        """Rebuild the dice from their saved ``{"seed", "n"}``."""
        return cls(seed=str(data["seed"]), n=int(data["n"]), turn=turn)

    def to_state(self) -> dict[str, Any]:
        """The saved form: ``{"seed": str, "n": int}``."""
        return {"seed": self.seed, "n": self.n}

    def _next64(self) -> int:
        digest = hashlib.sha256(f"{self.seed}:{self.n}".encode("utf-8")).digest()
        self.n += 1
        return int.from_bytes(digest[:8], "big")

    def _below(self, bound: int) -> int:
        """A uniform integer in [0, bound), by rejection (no modulo bias)."""
        if bound <= 0:
            raise ValueError(f"dice bound must be positive, got {bound}")
        limit = (1 << 64) - ((1 << 64) % bound)
        while True:
            value = self._next64()
            if value < limit:
                return value % bound

    def roll(self, count: int, sides: int, purpose: str, viewers: Sequence[str] = (ALL,),
             why: DiceCount | None = None) -> list[int]:
        """Roll ``count`` dice of ``sides`` faces for ``purpose``; record one roll event seen by ``viewers``.
        ``why`` says how the dice were counted: the event carries it (``data["why"]``) and its text says it
        (``fire: 3d6 for a Medium unit, -1 for cover: 2d6 -> 5, 2``).

        Raises ValueError if count < 0 or sides < 1, or if ``why`` counts another number of dice.
        """
        if count < 0 or sides < 1:
            raise ValueError(f"cannot roll {count}d{sides}")
        if why is not None and why.dice != count:
            raise ValueError(f"{purpose}: rolling {count}d{sides} but the count says {why.words(sides)}")
        values = [self._below(sides) + 1 for _ in range(count)]
        counted = why.words(sides) if why is not None else f"{count}d{sides}"
        data: dict[str, Any] = {"purpose": purpose, "count": count, "sides": sides, "values": values}
        if why is not None:
            data["why"] = why.to_data()
        self.rolls.append(
            {
                "kind": "roll",
                "turn": self.turn,
                "to": list(viewers),
                "text": f"{purpose}: {counted} -> {', '.join(map(str, values)) or '-'}",
                "data": data,
            }
        )
        return values

    def pick(self, items: Sequence[T], purpose: str, viewers: Sequence[str] = (ALL,)) -> T:
        """Pick one of ``items`` uniformly at random, on the record. Raises ValueError if empty."""
        if not items:
            raise ValueError(f"nothing to pick from for {purpose}")
        index = self._below(len(items))
        self.rolls.append(
            {
                "kind": "roll",
                "turn": self.turn,
                "to": list(viewers),
                "text": f"{purpose}: pick {index + 1} of {len(items)}",
                "data": {"purpose": purpose, "count": 1, "sides": len(items), "values": [index + 1]},
            }
        )
        return items[index]

    def drain(self) -> list[dict[str, Any]]:
        """Hand over the roll events made so far and forget them."""
        rolls, self.rolls = self.rolls, []
        return rolls
