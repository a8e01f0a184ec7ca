"""The campaign as the engine plays it: :class:`CampaignRules`, the galaxy's posts, views, odds,
invariants and bots behind the contract of :class:`core.ruleset.Ruleset`, fighting each day's
battles with the :class:`..battle.rules.BattleRules` it is given.
"""
from __future__ import annotations

from typing import Any, Callable

from core.errors import OrderError, SetupError
from core.events import Event
from core.orders import OrderBook
from core.ruleset import Odds, SeatSpec, State, View
from core.rulesets.tote.battle.rules import BattleRules, TwilightPosts
from core.rulesets.tote.campaign import book
from core.rulesets.tote.campaign import flow as campaign_flow
from core.rulesets.tote.campaign.claims import (
    secret_changes as occupations,  # an occupation it is not told of (TOTE-CONFLICT-05)
)
from core.rulesets.tote.campaign.detect import problems as undetected
from core.rulesets.tote.campaign.fleets import movers
from core.rulesets.tote.campaign.fleets_orders import sample as fleet_sample
from core.rulesets.tote.campaign.logistics_orders import sample_orders
from core.rulesets.tote.campaign.orders import odds as at_odds
from core.rulesets.tote.campaign.orders import sample
from core.rulesets.tote.campaign.report import campaign_summary
from core.rulesets.tote.campaign.secrets import changes as campaign_secrets
from core.rulesets.tote.campaign.state import invariants as campaign_invariants

#: The campaign scenario's id and what the new-game form says of it.
SCENARIO = "campaign"
SCENARIO_TEXT = ("The campaign: the galaxy after Endor, day by day; jump fleets through hyperspace, take worlds, "
                 "and go for Coruscant (2-10 factions)")


class CampaignRules(TwilightPosts):
    """The tote campaign: the galaxy, one post per faction a day, the day's battles fought by ``battle``."""

    _book: OrderBook | None = None

    def __init__(self, battle: BattleRules | None = None) -> None:
        self.battle = battle or BattleRules()

    def scenarios(self) -> dict[str, str]:
        """The galaxy campaign (2-10 factions)."""
        return {SCENARIO: SCENARIO_TEXT}

    def setup(self, scenario: str, seats: list[SeatSpec], options: dict[str, Any], seed: str) -> State:
        """A new campaign, the initiative drawn, the first post open. Raises SetupError for a bad seat or faction."""
        if not self.min_seats <= len(seats) <= self.max_seats:
            raise SetupError(f"Twilight of the Empire takes 2 to 10 factions; got {len(seats)}")
        try:
            return campaign_flow.new_state([(s.name, s.side) for s in seats], {**self.options(), **options}, seed)
        except OrderError as exc:
            raise SetupError(str(exc)) from None

    def order_book(self) -> OrderBook:
        """The galaxy's orders beside the battle's (:mod:`.book`)."""
        if CampaignRules._book is None:
            CampaignRules._book = book.build_book()
        return CampaignRules._book

    def awaiting(self, state: State) -> set[str]:
        """The faction whose post it is (nobody once the campaign is over)."""
        seat = state.get("active")
        return set() if seat is None or state.get("result") else {seat}

    def resolve(self, state: State) -> list[Event]:
        """Resolve the posting faction's post; the next faction posts (a new day, its battles fought, after the last)."""
        return campaign_flow.resolve_post(state, self.battle)

    def report_summary(self, events: list[Event], viewer: str) -> Any:
        """A campaign day's summary: battles, worlds taken and lost, builds, news first (:mod:`.report`)."""
        return campaign_summary(events) or super().report_summary(events, viewer)

    def view(self, state: State, viewer: str) -> View:
        """What ``viewer`` may know of the galaxy (:func:`.flow.view`)."""
        return campaign_flow.view(state, viewer)

    def bot(self, view: View, seat: str) -> list[str]:
        """The bot's galaxy post from its own view (:func:`.flow.bot`)."""
        return campaign_flow.bot(view, seat)

    def legal_orders(self, state: State, seat: str) -> list[str]:
        """A sample: the bot's orders, a few jumps, logistics and fleet orders, and orders for the seat's battles."""
        if seat not in self.awaiting(state):
            return []
        texts = campaign_flow.bot(self.view(state, seat), seat)
        ships = [i for ids in movers(state["campaign"], seat).values() for i in ids]
        texts += [f"jump {i} {w}" for i in ships[:2] for w in ("corellia", "kuat")]
        texts += sample_orders(state["campaign"], seat)
        texts += fleet_sample(state["campaign"], seat)  # assign <ship> pdf|fleet
        texts = sample(self.battle, state, seat) + texts  # orders for the seat's battles first
        ok = []
        for text in texts[:12]:
            try:
                self.order_book().parse(text, self.context(state, seat))
                book.check_sheet(state, seat, [o["text"] for o in state["sheets"].get(seat, [])] + [text])
            except OrderError:
                continue
            ok.append(text)
        return ok

    def invariants(self, before: State, after: State, events: list[Event]) -> list[str]:
        """The campaign's conservation and command limits (:func:`.state.invariants`), and that no event
        reaches a faction that could not detect what it tells (:func:`.detect.problems`)."""
        return campaign_invariants(before["campaign"], after["campaign"]) + undetected(before, after, events)

    def odds(self, state: State, seat: str, text: str) -> Odds | None:
        """The odds of an order given for a battle with ``at`` (:func:`.orders.odds`). Raises OrderError."""
        return at_odds(self, state, seat, text)

    def hidden_changes(self, state: State, viewer: str) -> list[tuple[str, Callable[[State], None]]]:
        """The base secrets, plus each other faction's treasury, purse, battle orders, builds, missions,
        intel, offers, notoriety, Heroes, ground forces, fleets, jumps, reserve and activations, and the
        campaign's own secrets (:mod:`.secrets`) and occupations it is not told of (:mod:`.claims`)."""
        changes = super().hidden_changes(state, viewer)
        if viewer == "gm":
            return changes
        for seat in sorted(state["seats"]):
            if seat == viewer:
                continue
            changes.append((f"{seat}'s treasury", lambda s, seat=seat: s["campaign"]["treasury"].__setitem__(  # type: ignore[misc]  # mypy cannot type a lambda with a default argument
                seat, s["campaign"]["treasury"][seat] + 1)))
            changes.append((f"{seat}'s facility purse", lambda s, seat=seat: s["campaign"]["facility_kc"].__setitem__(  # type: ignore[misc]  # mypy cannot type a lambda with a default argument
                seat, s["campaign"]["facility_kc"][seat] + 1)))
            if state["campaign"].get("battle_orders", {}).get(seat):
                changes.append((f"{seat}'s battle orders", lambda s, seat=seat: s["campaign"]["battle_orders"][seat].setdefault(  # type: ignore[misc]  # mypy cannot type a lambda with a default argument
                    "kuat", []).append("hold GE-1")))
            for n, t in enumerate(state["campaign"].get("timers", [])):
                if t.get("faction") == seat:
                    changes.append((f"what {seat} builds", lambda s, n=n: s["campaign"]["timers"][n].__setitem__(  # type: ignore[misc]  # mypy cannot type a lambda with a default argument
                        "due_hour", s["campaign"]["timers"][n]["due_hour"] + 24)))
                    break
            c = state["campaign"]
            for key, what in (("runs", "mission"), ("trainings", "Hero in training")):
                for n, rec in enumerate(c.get(key, [])):
                    if rec.get("faction") == seat:
                        changes.append((f"{seat}'s {what}", lambda s, key=key, n=n: s["campaign"][key][n].__setitem__(  # type: ignore[misc]  # mypy cannot type a lambda with a default argument
                            "due_hour" if key == "trainings" else "progress",
                            s["campaign"][key][n]["due_hour" if key == "trainings" else "progress"] + 1)))
            if c.get("intel", {}).get(seat):
                changes.append((f"what {seat}'s agents saw", lambda s, seat=seat: s["campaign"]["intel"][seat][0].__setitem__(  # type: ignore[misc]  # mypy cannot type a lambda with a default argument
                    "to", "kuat" if s["campaign"]["intel"][seat][0]["to"] != "kuat" else "corellia")))
            for n, offer in enumerate(c.get("offers", [])):
                if offer["faction"] == seat:
                    changes.append((f"an epic mission offered to {seat}", lambda s, n=n: s["campaign"]["offers"][n].__setitem__(  # type: ignore[misc]  # mypy cannot type a lambda with a default argument
                        "mission", "clone_vats_of_byss" if s["campaign"]["offers"][n]["mission"] != "clone_vats_of_byss"
                        else "the_black_fleet")))
            if seat in c.get("notoriety", {}):
                changes.append((f"{seat}'s notoriety", lambda s, seat=seat: s["campaign"]["notoriety"].__setitem__(  # type: ignore[misc]  # mypy cannot type a lambda with a default argument
                    seat, s["campaign"]["notoriety"][seat] + 1)))
            for n, hero in enumerate(state["campaign"].get("heroes", [])):
                if hero["faction"] == seat and not hero.get("dead"):
                    changes.append((f"{seat}'s Hero's level", lambda s, n=n: s["campaign"]["heroes"][n].__setitem__(  # type: ignore[misc]  # mypy cannot type a lambda with a default argument
                        "level", s["campaign"]["heroes"][n]["level"] + 1)))
            where = {u.get("system") for u in c["units"].values() if u["faction"] == viewer and not u.get("transit")}
            where |= {f.get("system") for f in c.get("facilities", {}).values() if f["faction"] == viewer}
            for uid, u in sorted(c["units"].items()):  # its Reserve Guard Forces where the viewer is not (TOTE-RGF-01..03)
                if u["faction"] == seat and u.get("rgf") and "count" in u and u.get("system") not in where:
                    changes.append((f"{seat}'s ground forces", lambda s, uid=uid: s["campaign"]["units"][uid].__setitem__(  # type: ignore[misc]  # mypy cannot type a lambda with a default argument
                        "count", s["campaign"]["units"][uid]["count"] - 1)))
                    break
            for uid, u in sorted(state["campaign"]["units"].items()):  # its fleets (main fleet or PDF duty)
                if u["faction"] == seat and u.get("fleet_of") == seat and not u.get("bonus"):
                    changes.append((f"{seat}'s fleets", lambda s, uid=uid: s["campaign"]["units"][uid].__setitem__(  # type: ignore[misc]  # mypy cannot type a lambda with a default argument
                        "pdf", not s["campaign"]["units"][uid].get("pdf"))))
                    break
            for uid, u in sorted(state["campaign"]["units"].items()):
                if u["faction"] == seat and u.get("transit"):
                    changes.append((f"where {uid} is bound", lambda s, uid=uid: s["campaign"]["units"][uid]["transit"].__setitem__(  # type: ignore[misc]  # mypy cannot type a lambda with a default argument
                        "to", "kuat" if s["campaign"]["units"][uid]["transit"]["to"] != "kuat" else "corellia")))
                    break
            for uid, u in sorted(state["campaign"]["units"].items()):
                if u["faction"] == seat and u.get("reserve") and not u.get("carried_by"):
                    changes.append((f"what {seat} keeps in its Fleet Reserve Force", lambda s, uid=uid: s["campaign"]["units"][uid].__setitem__(  # type: ignore[misc]  # mypy cannot type a lambda with a default argument
                        "type", "VSD" if s["campaign"]["units"][uid]["type"] != "VSD" else "ISD")))
                    break
            for n, t in enumerate(state["campaign"].get("activations", [])):
                if t["faction"] == seat:
                    changes.append((f"when {seat}'s reserve unit comes out", lambda s, n=n: s["campaign"]["activations"][n].__setitem__(  # type: ignore[misc]  # mypy cannot type a lambda with a default argument
                        "due_hour", s["campaign"]["activations"][n]["due_hour"] + 24)))
                    break
        return changes + campaign_secrets(state, viewer) + occupations(state, viewer)

    def reference(self) -> list[dict[str, Any]]:
        """Every unit type, ground unit, facility and planetary weapon (the battle's reference)."""
        return self.battle.reference()

    def starter_lists(self) -> dict[str, str]:
        """Each faction's ready fleet of 23 CP as list text, by faction code."""
        return self.battle.starter_lists()

    def check_list(self, text: str) -> list[str]:
        """What a fleet list breaks (the battle's check)."""
        return self.battle.check_list(text)
