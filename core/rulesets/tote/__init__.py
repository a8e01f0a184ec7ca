"""GCW Episode II: Twilight of the Empire (``tote``): a free-for-all of two to ten factions after Endor.

Two games behind one ruleset: one planet's battle on its space-ground grid (:mod:`.battle`, the
battle scenarios) and the campaign over the galaxy day by day (:mod:`..campaign.state`, the ``campaign``
scenario), both built on the text's tables and arithmetic (:mod:`.rules`). This adapter gives each
state to the rules of its kind. The catalog writes the ruleset id ``gcw_ep2``; the registry calls
it ``tote``.
"""
from __future__ import annotations

from typing import Any, Callable

from core.errors import SetupError
from core.events import Event
from core.orders import OrderBook
from core.report import Summary
from core.options import OptionSpec, with_help
from core.ruleset import Odds, Ruleset, SeatSpec, State, View
from core.rulesets.tote.battle.rules import BattleRules, TwilightPosts
from core.rulesets.tote.campaign import progress as campaign_progress
from core.rulesets.tote.campaign.posting import posting
from core.rulesets.tote.campaign.rules import SCENARIO, CampaignRules
from core.rulesets.tote.rules.option_help import option_help
from core.rulesets.tote.rules.options import is_campaign
from core.rulesets.tote.rules.reference import glossary as reference_glossary


class TwilightOfTheEmpire(TwilightPosts):
    """The tote ruleset: a battle or the campaign, each state played by the rules of its kind."""

    def __init__(self) -> None:
        self.battle = BattleRules()
        self.campaign = CampaignRules(self.battle)

    def _rules(self, state: State) -> Ruleset:
        """The rules that play ``state``: the campaign's or the battle's."""
        return self.campaign if is_campaign(state) else self.battle

    def option_specs(self) -> dict[str, OptionSpec]:
        """Each option's legal values and what it does (:mod:`.rules.option_help`)."""
        return with_help(super().option_specs(), option_help())

    def scenarios(self) -> dict[str, str]:
        """The battles of ``data/scenarios.toml`` (the melee first, the default) and the galaxy campaign."""
        return {**self.battle.scenarios(), **self.campaign.scenarios()}

    def setup(self, scenario: str, seats: list[SeatSpec], options: dict[str, Any], seed: str) -> State:
        """A new battle or campaign, the first post open. Raises SetupError for a bad table, option or fleet."""
        if not self.min_seats <= len(seats) <= self.max_seats:
            raise SetupError(f"Twilight of the Empire takes 2 to 10 factions; got {len(seats)}")
        rules = self.campaign if scenario == SCENARIO else self.battle
        return rules.setup(scenario, seats, options, seed)

    def order_book(self) -> OrderBook:
        """The whole order language: the battle's orders and the galaxy's (:mod:`..campaign.state.book`)."""
        return self.campaign.order_book()

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
