"""Shared helpers for Republic at War rule tests (imported as raw_helpers, a unique module name): small hand-built situations on the real map."""
from __future__ import annotations

from typing import Any

import pytest

from core.dice import Dice
from core.rulesets.raw.setup import new_unit, next_uid
from core.session import Session

SEATS6 = [("al", "GAR"), ("bo", "CIS"), ("cy", "GAR"), ("di", "CIS"), ("ed", "GAR"), ("fa", "CIS")]


class Game:
    """A 6-seat game (al, cy, ed: GAR; bo, di, fa: CIS), all human, driven like the console does."""

    def __init__(self, seed: str = "test", **options: Any) -> None:
        self.session = Session.new("raw", SEATS6, options=options or None, seed=seed)

    @property
    def state(self) -> dict[str, Any]:
        return self.session.state

    def order(self, seat: str, text: str, actor: str | None = None) -> list[dict[str, Any]]:
        """Give an order (raises OrderError / PermissionRefused like the console shows)."""
        return self.session.order(actor or seat, seat, text)

    def resolve(self) -> list[dict[str, Any]]:
        """The GM resolves the turn; returns the turn's events."""
        return self.session.resolve("gm")

    def unit(self, seat: str, code: str, at: str, **fields: Any) -> str:
        """Put a completed unit of ``seat`` at ``at`` and return its id."""
        uid = next_uid(self.state, seat)
        self.state["units"][uid] = new_unit(code, seat, at)
        self.state["units"][uid].update(fields)
        if self.state["units"][uid]["type"] in {"Vc1", "Vc2", "Ac1", "Ac2", "AqL", "AqC", "PelC", "PelM", "ConS", "ConL", "CRL", "CRE",
                                                "DHO", "Luc", "PrD", "PrC", "RcD", "RcB", "McE", "McS", "C9S", "C9L", "GZC", "GZA"}:
            if seat not in self.state["had_ships"]:
                self.state["had_ships"].append(seat)
        return uid

    def give(self, planet: str, seat: str | None, gf: int | None = None, production: int | None = None) -> None:
        """Hand a planet to a seat (None: nobody), optionally setting its garrison and production."""
        info = self.state["planets"][planet]
        info["owner"] = seat
        if seat is not None:
            info["forces"] = False
        if gf is not None:
            info["gf"] = gf
        if production is not None:
            info["production"] = production

    def owner(self, planet: str) -> str | None:
        return self.state["planets"][planet]["owner"]

    def rolls(self, events: list[dict[str, Any]], purpose: str = "") -> list[list[int]]:
        """The dice values of roll events whose purpose contains ``purpose``."""
        return [e["data"]["values"] for e in events if e["kind"] == "roll" and purpose in e["data"]["purpose"]]


class Script:
    """Patch Dice.roll so rolls whose purpose contains a key return scripted values (others stay random)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.queue: list[tuple[str, list[int]]] = []
        self.seen: list[tuple[str, int]] = []
        real = Dice.roll
        script = self

        def roll(dice: Dice, count: int, sides: int, purpose: str, viewers: Any = ("all",), why: Any = None) -> list[int]:
            script.seen.append((purpose, count))
            for i, (key, values) in enumerate(script.queue):
                if key in purpose:
                    script.queue.pop(i)
                    assert len(values) == count, f"{purpose}: the engine rolls {count} dice, the test scripted {values}"
                    dice.rolls.append({"kind": "roll", "turn": dice.turn, "to": list(viewers),
                                       "text": f"{purpose}: {count}d{sides} -> {', '.join(map(str, values))}",
                                       "data": {"purpose": purpose, "count": count, "sides": sides, "values": list(values)}})
                    return list(values)
            return real(dice, count, sides, purpose, viewers, why)

        monkeypatch.setattr(Dice, "roll", roll)

    def add(self, key: str, *rolls: list[int]) -> "Script":
        for values in rolls:
            self.queue.append((key, list(values)))
        return self

    def count(self, key: str) -> list[int]:
        return [n for p, n in self.seen if key in p]


def raxus_400_against_300(game: Game) -> None:
    """RAW-COMBAT-07's example set up by orders: al's 400 points (4 Acclamators, 3 Consular Light Frigates)
    jump from Florrum into Raxus, where bo's 4 Munificents (300) jump in from Pammant."""
    gar = [game.unit("al", "Ac1", "Florrum") for _ in range(4)] + [game.unit("al", "ConL", "Florrum") for _ in range(3)]
    cis = [game.unit("bo", "McE", "Pammant") for _ in range(4)]
    game.order("al", f"jump {','.join(gar)} Raxus")
    game.order("bo", f"jump {','.join(cis)} Raxus")
