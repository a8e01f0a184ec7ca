"""Shared helpers for the tote engine tests: a battle set up from fleets given as text, units
placed where a test wants them, and posts given and resolved."""
from __future__ import annotations

from typing import Any

import pytest

from core.errors import OrderError
from core.ruleset import SeatSpec
from core.rulesets.tote import TwilightOfTheEmpire
from core.rulesets.tote.battle import flow

State = dict[str, Any]


class Battle:
    """A tote battle for a test: ``rs`` the ruleset, ``state`` the state."""

    def __init__(self, fleets: dict[str, tuple[str, str]], seed: str = "test", craft: bool = False,
                 scenario: str = "skirmish", **options: Any) -> None:
        self.rs = TwilightOfTheEmpire()
        seats = [SeatSpec(seat, side) for seat, (side, _fleet) in fleets.items()]
        forces = {seat: fleet for seat, (_side, fleet) in fleets.items()}
        self.state = self.rs.setup(scenario, seats, {"lists": forces, **options}, seed)
        if not craft:
            for u in list(self.state["units"].values()):
                if u.get("carried_by"):
                    del self.state["units"][u["id"]]
                u["carried"] = []

    def unit(self, uid: str) -> dict[str, Any]:
        """The unit ``uid``."""
        return self.state["units"][uid]

    def place(self, uid: str, space: str) -> None:
        """Put a unit in a space (test set-up)."""
        self.state["units"][uid]["space"] = space

    def turn_to(self, seat: str) -> None:
        """Make it ``seat``'s post now (test set-up)."""
        flow.begin_post(self.state, seat)

    def order(self, seat: str, text: str) -> list[dict[str, Any]]:
        """Queue one order for ``seat``. Raises OrderError."""
        return self.rs.submit(self.state, seat, text)

    def refused(self, seat: str, text: str) -> str:
        """The refusal message of an order that must be refused."""
        with pytest.raises(OrderError) as err:
            self.order(seat, text)
        return str(err.value)

    def post(self, seat: str, *texts: str) -> list[dict[str, Any]]:
        """Make it ``seat``'s post, queue ``texts`` and resolve the post."""
        if flow.active(self.state) != seat:
            self.turn_to(seat)
        for text in texts:
            self.order(seat, text)
        return self.rs.resolve(self.state)


@pytest.fixture
def battle() -> type[Battle]:
    """The :class:`Battle` class, to build a battle in a test."""
    return Battle
