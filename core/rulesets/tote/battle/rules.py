"""One planet's battle as the engine plays it: :class:`BattleRules`, the battle's orders, flow,
views, odds, invariants and bot behind the contract of :class:`core.ruleset.Ruleset`.

A free-for-all battle of two to ten factions on one planet's space-ground grid, with exact UCR
damage in integers (catalog section 0). Each game day every faction makes one post, one after
another in rotating initiative (TOTE-GAP-01/02): its post is its sheet of orders, checked as they
are queued and carried out when it is ready (or when the GM forces it); units without orders
defend themselves. The campaign (:mod:`..campaign`) fights each of its battles with one of these.
"""
from __future__ import annotations

from typing import Any, Callable, ClassVar

from core.errors import OrderError, SetupError
from core.events import Event
from core.orders import OrderBook, Parsed
from core.ruleset import BotModule, Context, Odds, Ruleset, SeatSpec, State, ViewsModule
from core.rulesets.tote.battle import bot as _bot
from core.rulesets.tote.battle import flow, invariants, orders, setup, views
from core.rulesets.tote.battle.odds import odds as battle_odds
from core.rulesets.tote.rules import grid, model
from core.rulesets.tote.rules.damage import CombatOptions, DamageError
from core.rulesets.tote.rules.fleet import list_problems
from core.rulesets.tote.rules.model import FACTIONS
from core.rulesets.tote.rules.options import OPTIONS
from core.rulesets.tote.rules.reference import reference


class TwilightPosts(Ruleset):
    """What every Twilight game shares, battle or campaign: the factions, the options, one post a faction
    a day queued on its sheet (TOTE-GAP-01/02), and the initiative's dice on the record."""

    id: ClassVar[str] = "tote"
    title: ClassVar[str] = "Twilight of the Empire"
    simultaneous: ClassVar[bool] = True
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 10
    turn_limit: ClassVar[int] = 0
    order_keys: ClassVar[tuple[str, ...] | None] = ("sheets",)

    def sides(self) -> list[str]:
        """The ten factions (TOTE-FACTION-01..10), by code."""
        return list(FACTIONS)

    def options(self) -> dict[str, Any]:
        """The game options and their defaults (:data:`..rules.options.OPTIONS`)."""
        return dict(OPTIONS)

    def opening(self, state: State) -> list[Event]:
        """The initiative's dice drawn at setup, as roll events for the record (TOTE-GAP-02)."""
        return [dict(e) for e in state.get("opening", [])]

    def carry_out(self, ctx: Context, parsed: Parsed) -> list[Event]:
        """Queue a parsed order (its handler sees the order's canonical text as ``ctx.text``). Raises OrderError."""
        ctx.text = orders.canonical(parsed)  # type: ignore[attr-defined]  # Context (core.ruleset) declares no text: Twilight hands its handlers the canonical order on it
        return list(parsed.spec.handler(ctx, **parsed.values) or [])

    def trial_copy(self, state: State, seat: str) -> State:
        """An order changes only its seat's sheet: that sheet is copied, the rest shared."""
        trial = dict(state)
        trial["sheets"] = dict(state["sheets"])
        trial["sheets"][seat] = [dict(o) for o in state["sheets"].get(seat, [])]
        return trial


class BattleRules(TwilightPosts):
    """The tote battle: one planet's grid, posts in rotating initiative."""

    views: ClassVar[ViewsModule] = views  # what a viewer may know (:mod:`.views`)
    bots: ClassVar[BotModule] = _bot  # the bot's post from its own view (:mod:`.bot`)
    _book: OrderBook | None = None

    def scenarios(self) -> dict[str, str]:
        """The battles of ``data/scenarios.toml``: the melee (default, 2-10), the skirmish (2-4), the stronghold."""
        return {sid: f"{sc.name}: {sc.text} ({sc.min}-{sc.max} factions)" for sid, sc in setup.scenarios().items()}

    def setup(self, scenario: str, seats: list[SeatSpec], options: dict[str, Any], seed: str) -> State:
        """A new battle, the first post open. Raises SetupError for a bad table, option or fleet."""
        if not self.min_seats <= len(seats) <= self.max_seats:
            raise SetupError(f"Twilight of the Empire takes 2 to 10 factions; got {len(seats)}")
        merged = {**self.options(), **options}
        if not isinstance(merged["lists"], dict):
            raise SetupError("option lists: a table of seat or faction -> fleet list, e.g. {\"GE\": \"GE: ISD2:1, VSD:1\"}")
        try:
            CombatOptions.from_options(merged)
        except DamageError as exc:
            raise SetupError(str(exc)) from None
        state = setup.new_state(scenario, [(s.name, s.side) for s in seats], merged, seed)
        first = flow.next_poster(state, None)
        flow.begin_post(state, str(first))
        return state

    def order_book(self) -> OrderBook:
        """The battle's order language (:mod:`.orders`)."""
        if BattleRules._book is None:
            BattleRules._book = orders.build_book()
        return BattleRules._book

    def awaiting(self, state: State) -> set[str]:
        """The faction whose post it is (nobody once the battle is over)."""
        seat = flow.active(state)
        return set() if seat is None or state.get("result") else {seat}

    def resolve(self, state: State) -> list[Event]:
        """Resolve the posting faction's post; the next faction posts (a new day after the last)."""
        return flow.resolve_post(self, state)

    def legal_orders(self, state: State, seat: str) -> list[str]:
        """A sample: the bot's orders and a few holds and moves that the engine accepts now."""
        if seat not in self.awaiting(state):
            return []
        texts = _bot.play(self.view(state, seat), seat)
        own = [u for u in model.units_of(state, seat) if model.can_act(u) and u["space"] is not None]
        texts += [f"hold {u['id']}" for u in own[:2]]
        texts += [f"move {u['id']} {n}" for u in own[:3] for n in grid.neighbours(u["space"])[:2]]
        found = []
        for text in texts[:24]:
            try:
                ctx = self.context(state, seat)
                parsed = self.order_book().parse(text, ctx)
                flow.dry_run(self, state, seat, [o["text"] for o in state["sheets"].get(seat, [])] + [parsed.text])
            except OrderError:
                continue
            found.append(text)
        return found

    def invariants(self, before: State, after: State, events: list[Event]) -> list[str]:
        """Conservation of units, caps and places (:mod:`.invariants`)."""
        return invariants.problems(before, after, events)

    def odds(self, state: State, seat: str, text: str) -> Odds | None:
        """The exact damage of a declared shot, bombardment or tractor (:mod:`.odds`). Raises OrderError."""
        return battle_odds(self, state, seat, text)

    def hidden_changes(self, state: State, viewer: str) -> list[tuple[str, Callable[[State], None]]]:
        """The base secrets, plus every other faction's unit the viewer's sensors do not cover and
        every craft aboard another faction's ship (its layers changed)."""
        changes = super().hidden_changes(state, viewer)
        if viewer == "gm":
            return changes
        covered = model.visible_spaces(state, viewer) if viewer in state["seats"] else set()
        for uid, u in sorted(state["units"].items()):
            if u["faction"] == viewer or (model.targetable(u) and u["space"] in covered):
                continue
            if u["shields"] > 0:
                changes.append((f"the shields of unseen {uid}",
                                lambda s, uid=uid: s["units"][uid].__setitem__("shields", s["units"][uid]["shields"] - 1)))  # type: ignore[misc]  # mypy cannot type a lambda with a default argument
        return changes

    def reference(self) -> list[dict[str, Any]]:
        """Every unit type, ground unit, facility and planetary weapon, from the data (:mod:`..rules.reference`)."""
        return reference()

    def starter_lists(self) -> dict[str, str]:
        """Each faction's ready fleet of 23 CP as list text, by faction code."""
        return setup.starter_lists()

    def check_list(self, text: str) -> list[str]:
        """What a fleet list breaks (CP, capital ships, escorts, technology), each message naming its rule."""
        return list_problems(text)
