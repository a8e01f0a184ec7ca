"""GCW Episode II: Twilight of the Empire (``tote``): a free-for-all of two to ten factions after Endor.

Two games behind one ruleset: one planet's battle on its space-ground grid (:mod:`.battle`, the
battle scenarios) and the campaign over the galaxy day by day (:mod:`..campaign.state`, the ``campaign``
scenario), both built on the text's tables and arithmetic (:mod:`.rules`). This adapter gives each
state to the rules of its kind. The catalog writes the ruleset id ``gcw_ep2``; the registry calls
it ``tote``.
"""
from __future__ import annotations

from typing import Any, Callable, ClassVar

from core.errors import SetupError
from core.events import Event
from core.orders import OrderBook, Parsed
from core.report import Summary
from core.ruleset import Context, Odds, Ruleset, SeatSpec, State, View
from core.rulesets.tote.battle.rules import BattleRules
from core.rulesets.tote.campaign import progress as campaign_progress
from core.rulesets.tote.campaign.posting import posting
from core.rulesets.tote.campaign.rules import SCENARIO, CampaignRules
from core.rulesets.tote.rules.model import FACTIONS
from core.rulesets.tote.rules.reference import glossary as reference_glossary
from core.rulesets.tote.rules.options import OPTIONS, is_campaign


class TwilightOfTheEmpire(Ruleset):
    """The tote ruleset: a battle or the campaign, each state played by the rules of its kind."""

    id: ClassVar[str] = "tote"
    title: ClassVar[str] = "Twilight of the Empire"
    simultaneous: ClassVar[bool] = True
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 10
    turn_limit: ClassVar[int] = 0
    order_keys: ClassVar[tuple[str, ...] | None] = ("sheets",)

    def __init__(self) -> None:
        self.battle = BattleRules()
        self.campaign = CampaignRules(self.battle)

    def _rules(self, state: State) -> Ruleset:
        """The rules that play ``state``: the campaign's or the battle's."""
        return self.campaign if is_campaign(state) else self.battle

    def sides(self) -> list[str]:
        """The ten factions (TOTE-FACTION-01..10), by code."""
        return list(FACTIONS)

    def scenarios(self) -> dict[str, str]:
        """The battles of ``data/scenarios.toml`` (the melee first, the default) and the galaxy campaign."""
        return {**self.battle.scenarios(), **self.campaign.scenarios()}

    def options(self) -> dict[str, Any]:
        """The game options and their defaults (:data:`.rules.options.OPTIONS`)."""
        return dict(OPTIONS)

    def setup(self, scenario: str, seats: list[SeatSpec], options: dict[str, Any], seed: str) -> State:
        """A new battle or campaign, the first post open. Raises SetupError for a bad table, option or fleet."""
        if not self.min_seats <= len(seats) <= self.max_seats:
            raise SetupError(f"Twilight of the Empire takes 2 to 10 factions; got {len(seats)}")
        rules = self.campaign if scenario == SCENARIO else self.battle
        return rules.setup(scenario, seats, options, seed)

    def opening(self, state: State) -> list[Event]:
        """The initiative's dice drawn at setup, for the record."""
        return self._rules(state).opening(state)

    def order_book(self) -> OrderBook:
        """The whole order language: the battle's orders and the galaxy's (:mod:`..campaign.state.book`)."""
        return self.campaign.order_book()

    def carry_out(self, ctx: Context, parsed: Parsed) -> list[Event]:
        """Queue a parsed order on the sheet. Raises OrderError."""
        return self._rules(ctx.state).carry_out(ctx, parsed)

    def awaiting(self, state: State) -> set[str]:
        """The faction whose post it is (nobody once the game is over)."""
        return self._rules(state).awaiting(state)

    def resolve(self, state: State) -> list[Event]:
        """Resolve the posting faction's post; the next faction posts (a new day after the last)."""
        return self._rules(state).resolve(state)

    def posting(self, state: State) -> dict[str, list[str]]:
        """Who has posted today, who posts now, who is still to post (:mod:`..campaign.state.posting`)."""
        return posting(state)

    def report_summary(self, events: list[Event], viewer: str) -> Summary:
        """A campaign day's summary, or a battle's (the base's)."""
        return self.campaign.report_summary(events, viewer)

    def view(self, state: State, viewer: str) -> View:
        """What ``viewer`` may know."""
        return self._rules(state).view(state, viewer)

    def bot(self, view: View, seat: str) -> list[str]:
        """The bot's post from its own view."""
        rules = self.campaign if view.get("facts", {}).get("mode") == "campaign" else self.battle
        return rules.bot(view, seat)

    def trial_copy(self, state: State, seat: str) -> State:
        """An order changes only its seat's sheet: that sheet is copied, the rest shared."""
        return self._rules(state).trial_copy(state, seat)

    def legal_orders(self, state: State, seat: str) -> list[str]:
        """A sample of orders the engine accepts now."""
        return self._rules(state).legal_orders(state, seat)

    def invariants(self, before: State, after: State, events: list[Event]) -> list[str]:
        """The invariants of the game's kind (a campaign's when both states are campaigns)."""
        rules = self.campaign if is_campaign(before) and is_campaign(after) else self.battle
        return rules.invariants(before, after, events)

    def odds(self, state: State, seat: str, text: str) -> Odds | None:
        """The exact outcome of an order that rolls dice. Raises OrderError."""
        return self._rules(state).odds(state, seat, text)

    def hidden_changes(self, state: State, viewer: str) -> list[tuple[str, Callable[[State], None]]]:
        """What ``viewer`` may not see changes nothing in its view (the rules of the game's kind say what)."""
        return self._rules(state).hidden_changes(state, viewer)

    def reference(self) -> list[dict[str, Any]]:
        """Every unit type, ground unit, facility and planetary weapon (:mod:`.rules.reference`)."""
        return self.battle.reference()

    def glossary(self) -> list[dict[str, str]]:
        """What the reference's columns and codes mean (:func:`.rules.reference.glossary`)."""
        return reference_glossary()

    def victory(self, state: State, viewer: str) -> dict[str, Any]:
        """The campaign's victory progress as ``viewer`` may know it (:mod:`.campaign.progress`); a battle shows none."""
        return campaign_progress.victory(state, viewer) if is_campaign(state) and "campaign" in state else {}

    def starter_lists(self) -> dict[str, str]:
        """Each faction's ready fleet of 23 CP as list text, by faction code."""
        return self.battle.starter_lists()

    def check_list(self, text: str) -> list[str]:
        """What a fleet list breaks (CP, capital ships, escorts, technology), each message naming its rule."""
        return self.battle.check_list(text)


__all__ = ["TwilightOfTheEmpire"]
