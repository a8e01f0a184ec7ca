"""Galactic Civil War campaign v0.4 (``gcw``): two sides, alternating single actions paid with
command points, a secret Rebel base, a Death Star from turn 10, and battles fought in Star Wars:
Armada outside the program (reported back, or auto-resolved when the option is on)."""
from __future__ import annotations

from fractions import Fraction
from typing import Any, ClassVar

from core.errors import OrderError, SetupError
from core.events import Event
from core.options import OptionSpec
from core.orders import OrderBook
from core.ruleset import BotModule, Odds, Ruleset, SeatSpec, State, ViewsModule
from core.report import Summary
from core.rulesets.gcw import report as gcw_report
from .reference import reference as gcw_reference

from . import bot as _bot
from . import invariants as _invariants
from . import flow, orders, progress, steps, views
from .data import rules
from .model import card
from .resources import BASE_DESTRUCTION, BASE_SEARCH, search_count
from .odds import move_odds
from .battles import BOMB_DIE, LUKE_DIE


class GalacticCivilWar(Ruleset):
    """The GCW campaign ruleset."""

    id: ClassVar[str] = "gcw"
    title: ClassVar[str] = "Galactic Civil War campaign"
    simultaneous: ClassVar[bool] = False
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 8
    turn_limit: ClassVar[int] = 30
    views: ClassVar[ViewsModule] = views
    bots: ClassVar[BotModule] = _bot
    _book: OrderBook | None = None

    def sides(self) -> list[str]:
        return ["Empire", "Rebel"]

    def scenarios(self) -> dict[str, str]:
        return {"campaign": "The GCW campaign v0.4 on the designed 24-system map"}

    def options(self) -> dict[str, Any]:
        return {
            "turns": 12,              # GCW-SCOPE-03/04: fixed at setup
            "auto_resolve": False,    # GCW-GAP-03: decide battles from fleet strength with the dice
            "rebel_survives": False,  # GCW-GAP-23 GM option: a tabled Rebel is not a Total Imperial victory
            "base_search": "anywhere",           # GCW-GAP-29 GM option: "at_base", search only where the ships are
            "base_destruction": "from_turn_6",   # GCW-GAP-30 GM option: "after_found" or "from_turn_1"
        }

    def option_specs(self) -> dict[str, OptionSpec]:
        """GCW-SCOPE-04: any agreed number of turns (1 to 99), fixed at setup; GCW-GAP-29/30: how the base is
        searched and when it may be destroyed (each one of a fixed list); the rest are on or off."""
        return {"turns": OptionSpec(12, "int", 1, 99, help="GCW-SCOPE-04: how many turns the campaign lasts, fixed at setup"),
                "auto_resolve": OptionSpec(False, "bool", help=(
                    "GCW-GAP-03: battles are decided here from fleet strength with the dice, instead of being "
                    "played out in Armada and their result entered")),
                "rebel_survives": OptionSpec(False, "bool", help=(
                    "GCW-GAP-23: the last Rebel fleet tabled is not a Total Imperial victory; the Rebels may "
                    "deploy a new fleet at the Secret Base")),
                "base_search": OptionSpec("anywhere", "str", choices=tuple(BASE_SEARCH), help=(
                    "GCW-GAP-29: anywhere = an ACC on any Imperial search die reveals the base (the text); "
                    "at_base = only an ACC rolled in the base's own system does")),
                "base_destruction": OptionSpec("from_turn_6", "str", choices=tuple(BASE_DESTRUCTION), help=(
                    "GCW-GAP-30: from_turn_6 = a lone Imperial fleet destroys the base from turn 6, found or not "
                    "(the text); after_found = only once it was found; from_turn_1 = from turn 1, found or not"))}

    def setup(self, scenario: str, seats: list[SeatSpec], options: dict[str, Any], seed: str) -> State:
        if scenario not in self.scenarios():
            raise SetupError(f"unknown scenario {scenario!r}; scenarios: {', '.join(self.scenarios())}")
        if not self.min_seats <= len(seats) <= self.max_seats:
            raise SetupError(f"the GCW campaign takes 2 to 8 seats; got {len(seats)}")
        merged = {**self.options(), **options}
        return flow.new_state(scenario, [(s.name, s.side) for s in seats], merged, seed)

    def order_book(self) -> OrderBook:
        if GalacticCivilWar._book is None:
            GalacticCivilWar._book = orders.build_book()
        return GalacticCivilWar._book

    def awaiting(self, state: State) -> set[str]:
        return steps.awaiting(state)

    def resolve(self, state: State) -> list[Event]:
        """The GM forces the step: awaited sides pass or take the plain default (never a secret pick
        other than the data file's first choice)."""
        return orders.force(self, state)

    def report_summary(self, events: list[dict[str, Any]], viewer: str) -> Summary:
        """Battles with each side's losses by unit and VP, systems claimed, units bought and deployed, headlines."""
        return gcw_report.summary(events)

    def sheet_notes(self, state: State, seat: str) -> dict[str, Any]:
        """CP and RP with what each action costs now and what it leaves (see :mod:`.progress`)."""
        return progress.sheet_notes(state, seat)

    def order_warnings(self, state: State, seat: str, text: str) -> list[str]:
        """CP lost by a phase-ending pass, an upgrade discarded by a purchase, RP left on the last turn."""
        try:
            parsed = self.order_book().parse(text, self.context(state, seat))
        except OrderError:
            return []
        return progress.order_warnings(state, seat, parsed.spec.verb, parsed.values)

    def victory(self, state: State, viewer: str) -> dict[str, Any]:
        """VP, the projected final score and the ways the campaign ends at once (GCW-WIN-01..03)."""
        return progress.victory(state, viewer)

    def urgent(self, state: State, viewer: str) -> list[dict[str, str]]:
        """A battle report due, a forced withdrawal, a base to rebuild, a ruling for the GM."""
        return progress.urgent(state, viewer)

    def invariants(self, before: State, after: State, events: list[Event]) -> list[str]:
        """Fleet and Commander limits, CP/RP/VP and units changed only by logged causes, sealed records
        unchanged until revealed and all revealed at the end (see :mod:`.invariants`). Raises nothing."""
        return _invariants.check(before, after, events)

    def hidden_changes(self, state: State, viewer: str) -> list[tuple[str, Any]]:
        """Secrets ``viewer`` may not know: the unrevealed base, the other side's sealed records and drafts."""
        changes = list(super().hidden_changes(state, viewer))
        side = self.side_of(state, viewer)
        if side is None:
            return changes
        base = state.get("base", {})
        rec = state.get("sealed", {}).get(base.get("record") or "")
        if side == "Empire" and rec is not None and not rec["revealed"] and base.get("system"):
            def move_base(s: State, rid: str = rec["id"]) -> None:
                where = "Endor" if s["base"]["system"] != "Endor" else "Naboo"
                s["base"]["system"] = where
                s["sealed"][rid]["content"] = {"base": where}
            changes.append(("the Rebel base location", move_base))
        for rid, r in state.get("sealed", {}).items():
            if r["owner"] != side and not r["revealed"]:
                changes.append((f"sealed record {rid}", lambda s, rid=rid: s["sealed"][rid].__setitem__("content", {"changed": True})))  # type: ignore[misc]  # mypy cannot type a lambda with a default argument
        for other_side in state.get("nonce", {}):
            if other_side != side:
                changes.append((f"{other_side}'s private nonce", lambda s, o=other_side: s["nonce"].__setitem__(o, "changed")))  # type: ignore[misc]  # mypy cannot type a lambda with a default argument
        for other_side, draft in state.get("setup", {}).items():
            if other_side != side and draft.get("text"):
                changes.append((f"{other_side}'s setup draft",
                                lambda s, o=other_side: s["setup"][o].update({"text": "changed", "start": "Endor", "base": "Naboo"})))  # type: ignore[misc]  # mypy cannot type a lambda with a default argument
        return changes

    def reference(self) -> list[dict[str, Any]]:
        """Every unit type from the ruleset's own data (see :meth:`core.ruleset.Ruleset.reference`)."""
        return gcw_reference()

    def legal_orders(self, state: State, seat: str) -> list[str]:
        """A sample: the bot's candidates that the parser and rules accept now."""
        return self.accepted(state, seat, self.bot(self.view(state, seat), seat) if seat in self.awaiting(state) else [])

    def odds(self, state: State, seat: str, text: str) -> Odds | None:
        """Exact odds of a bombing run (``bomb <squadron>``), a base search (``search <system>``) or a move into an
        enemy fleet (the auto-resolved battle, or why there are no odds: see :mod:`core.rulesets.gcw.odds`)."""
        words = text.split()
        if words and words[0].lower() == "search":
            system = " ".join(words[1:])
            match = [s for s in rules().systems if s.lower() == system.lower()]
            if not match:
                raise OrderError(f"{text!r}: no system {system!r}; systems: {', '.join(sorted(rules().systems))}")
            count = search_count(state, match[0])
            p = 1 - Fraction(3, 4) ** count.dice
            return Odds(f"base search at {match[0]} with {count.dice} blue dice", [("at least one ACC", p), ("no ACC", 1 - p)],
                        notes=[f"  {count.words(8)}"])
        if words and words[0].lower() == "move":
            parsed = self.order_book().parse(text, self.context(state, seat))
            return move_odds(state, seat, parsed.values["fleet"], parsed.values["system"])
        if words and words[0].lower() == "bomb":
            parsed = self.order_book().parse(text, self.context(state, seat))
            unit = state["units"][parsed.values["squadron"]]
            p = Fraction(3, 4)
            notes = [f"  {BOMB_DIE.words(8)}: HIT or CRIT wins"]
            if card(unit["code"]).luke:
                p = 1 - (1 - p) * (1 - p)
                notes.append(f"  {LUKE_DIE.words(8)}, after a miss")
            return Odds(f"bombing run by {unit['id']}", [("Death Star destroyed", p), ("miss", 1 - p)], notes=notes)
        return None
