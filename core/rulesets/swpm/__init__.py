"""Star Wars Pocket Models (``swpm``): two fleets in three zones, a deck of combat and objective
cards, 2d6 battles with a card window, strikes on objectives, and hands nobody else can see."""
from __future__ import annotations

from collections import Counter
from typing import Any, Callable, ClassVar

from core.errors import HolotableError, OrderError, SetupError
from core.events import Event
from core.options import OptionSpec, with_help
from core.orders import OrderBook
from core.ruleset import BotModule, Odds, Ruleset, SeatSpec, State, ViewsModule

from . import bot as _bot
from . import flow, odds as _odds, orders, progress, setup, views
from .data import list_problems, rules
from .option_help import OPTION_HELP
from .model import RESERVES, seat_order


class PocketModels(Ruleset):
    """The Pocket Models ruleset."""

    id: ClassVar[str] = "swpm"
    title: ClassVar[str] = "Star Wars Pocket Models"
    simultaneous: ClassVar[bool] = False
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 2
    turn_limit: ClassVar[int] = 0
    views: ClassVar[ViewsModule] = views
    bots: ClassVar[BotModule] = _bot
    _book: OrderBook | None = None

    def sides(self) -> list[str]:
        return list(setup.SIDES)

    def scenarios(self) -> dict[str, str]:
        return {"skirmish": "Two fleets of 30 BS, three zones, three objectives each"}

    def options(self) -> dict[str, Any]:
        return {
            "tie_hits": True,                    # SWPM-GAP-01
            "swap_facing": "up",                 # SWPM-GAP-02
            "swap_into_empty_slot": False,       # SWPM-GAP-03
            "max_hand_size": 3,                  # SWPM-GAP-04
            "reshuffle_discard": True,           # SWPM-GAP-05
            "strike_auto_12": False,             # SWPM-GAP-10
            "natural_2_misses": False,           # SWPM-GAP-11
            "simultaneous_elimination": "draw",  # SWPM-GAP-12
            "stalemate_passes": 3,               # SWPM-GAP-13
            "owner_sees_objectives": False,      # SWPM-GAP-16
            "fleet_bs_cap": 30,                  # SWPM-GAP-19
            "turn_limit": 0,                     # SWPM-GAP-27 (0: none)
            "lists": {},                         # seat or side -> a starter name or "units / cards" (SWPM-FLOW-01)
        }

    def option_specs(self) -> dict[str, OptionSpec]:
        """Each option's legal values and what it does (:mod:`.option_help`)."""
        return with_help(super().option_specs(), OPTION_HELP)

    def setup(self, scenario: str, seats: list[SeatSpec], options: dict[str, Any], seed: str) -> State:
        if scenario not in self.scenarios():
            raise SetupError(f"unknown scenario {scenario!r}; scenarios: {', '.join(self.scenarios())}")
        merged = {**self.options(), **options}
        return setup.new_state(scenario, [(s.name, s.side) for s in seats], merged, seed)

    def order_book(self) -> OrderBook:
        if PocketModels._book is None:
            PocketModels._book = orders.build_book()
        return PocketModels._book

    def awaiting(self, state: State) -> set[str]:
        return flow.awaiting(state)

    def resolve(self, state: State) -> list[Event]:
        """The GM forces the step (or every awaited seat is ready): setup seats take their drafts as
        they stand, a card window passes, a turn ends, a striker takes the first target,
        reinforcements are declined. Readiness at setup starts the game and stops there: the first
        player's turn is theirs to play (SWPM-TURN-01), never spent by the setup's readiness."""
        events: list[Event] = []
        for _ in range(3):
            seats = sorted(self.awaiting(state))
            if not seats:
                break
            step = state["step"]["kind"]
            seat = seats[0]
            text = {"setup": "ready", "card": "pass", "main": "pass", "reinforce": "reinforce none"}.get(step)
            if step == "target":
                text = "target " + orders.enemy_slots(self.context(state, seat))[0]
            try:
                events += self.submit(state, seat, text or "pass")
            except HolotableError:
                break
            if step != "setup" or (state.get("step") or {}).get("kind") != "setup":
                break
        return events

    def reference(self) -> list[dict[str, Any]]:
        return progress.reference()

    def glossary(self) -> list[dict[str, str]]:
        return progress.glossary()

    def victory(self, state: State, viewer: str) -> dict[str, Any]:
        return progress.victory(state, viewer)

    def odds(self, state: State, seat: str, text: str) -> Odds | None:
        """Odds of an ``attack``, a ``strike``, or a ``play``/``pass`` in a battle's card window."""
        return _odds.odds_for(self, state, seat, text)

    def legal_orders(self, state: State, seat: str) -> list[str]:
        """A sample of orders the rules accept now, tried on a copy."""
        return self.accepted(state, seat, _bot.candidates(self.view(state, seat), seat) if seat in self.awaiting(state) else [])

    def starter_lists(self) -> dict[str, str]:
        """The starters as list text (``units / cards``), by starter name."""
        return {t: setup.list_text(list(st.units), list(st.deck)) for t, st in rules().starters.items()}

    def check_list(self, text: str) -> list[str]:
        """SWPM-DECK-01..05 (and unknown names) for a list written ``units / cards``."""
        try:
            units, deck = setup.parse_build(text, text)
        except OrderError as exc:
            return [str(exc).split(": ", 1)[-1]]
        return list_problems(units, deck)

    def hidden_changes(self, state: State, viewer: str) -> list[tuple[str, Callable[[State], None]]]:
        """Every secret of catalog 5.3 that ``viewer`` may not know."""
        changes = list(super().hidden_changes(state, viewer))
        if viewer not in state["seats"]:
            return changes
        foe = [s for s in state["seats"] if s != viewer][0]
        changes.append((f"the list chosen for {foe} at setup",
                        lambda s: s["options"].__setitem__("lists", {**s["options"].get("lists", {}), foe: "changed"})))
        if state["phase"] == "setup":
            changes.append((f"{foe}'s secret setup draft", lambda s: s["setup"][foe].update(
                {"home": s["setup"][foe]["home"][:1], "list": "custom"})))
            return changes
        for seat in seat_order(state):
            who = "your" if seat == viewer else f"{seat}'s"
            changes.append((f"{who} deck order", lambda s, seat=seat: s["players"][seat]["deck"].reverse()))  # type: ignore[misc]  # mypy cannot type a lambda with a default argument
            down = [i for i, sl in enumerate(state["players"][seat]["slots"]) if sl and not sl["up"]]
            for i in down:
                changes.append((f"{who} face-down objective in slot {i + 1}",
                                lambda s, seat=seat, i=i: _swap_with_deck(s, seat, ("slot", i))))  # type: ignore[misc]  # mypy cannot type a lambda with a default argument
        changes.append((f"{foe}'s hand", lambda s: _swap_with_deck(s, foe, ("hand", 0))))
        changes.append((f"{foe}'s deck list", lambda s: s["players"][foe].update({"list": "custom"})))
        return changes

    def invariants(self, before: State, after: State, events: list[Event]) -> list[str]:
        """30-card decks, BS caps, and every card kept across deck, hand, slots, discard and battle."""
        return invariant_problems(after)


def _swap_with_deck(state: State, seat: str, where: tuple[str, int]) -> None:
    """Exchange a hidden card of ``seat`` with a different card of its deck (conserving cards)."""
    player = state["players"][seat]
    kind, i = where
    current = player["slots"][i]["card"] if kind == "slot" else (player["hand"][i] if player["hand"] else None)
    pool = [t for t in rules().cards if t != current]
    new = pool[0]
    if kind == "slot":
        player["slots"][i]["card"] = new
    elif player["hand"]:
        player["hand"][i] = new
    else:
        return


def invariant_problems(state: State) -> list[str]:
    """Readable breaches of the invariants in ``state``."""
    out: list[str] = []
    board = rules().board
    if state.get("phase") == "setup":
        return out
    for seat in seat_order(state):
        p = state["players"][seat]
        if len(p["decklist"]) < board["deck_min_cards"]:
            out.append(f"{seat}'s deck has {len(p['decklist'])} cards, fewer than {board['deck_min_cards']} (SWPM-DECK-01)")
        fleet_bs = sum(rules().units[t].build_stars for t in p["fleet"])
        if fleet_bs > int(state["options"]["fleet_bs_cap"]):
            out.append(f"{seat}'s fleet is worth {fleet_bs} BS, over the cap (SWPM-DECK-02)")
        held = Counter(p["deck"]) + Counter(p["hand"]) + Counter(p["discard"])
        held += Counter(s["card"] for s in p["slots"] if s)
        cur = (state.get("action") or {}).get("cur") or {}
        for key, owner_unit in (("att_card", "a"), ("def_card", "d")):
            if cur.get(key) and state["units"][cur[owner_unit]]["owner"] == seat:
                held[cur[key]] += 1
        if held != Counter(p["decklist"]):
            diff = (held - Counter(p["decklist"])) + (Counter(p["decklist"]) - held)
            out.append(f"{seat}'s cards are not conserved across deck, hand, slots and discard: {dict(diff)}")
        mine = [u for u, info in state["units"].items() if info["owner"] == seat]
        if sorted(state["units"][u]["tag"] for u in mine) != sorted(p["fleet"]):
            out.append(f"{seat}'s units are not the fleet it set up")
        for u in mine:
            info = state["units"][u]
            if info["zone"] == RESERVES and info["damage"]:
                out.append(f"{u} is in reserves with {info['damage']} damage counters (SWPM-COMBAT-18)")
    action = state.get("action") or {}
    if action.get("kind") == "combat":
        bs = sum(rules().units[state["units"][a]["tag"]].build_stars for a, _ in action["battles"])
        if bs > board["action_bs_cap"]:
            out.append(f"the combat action uses {bs} BS of attackers, over {board['action_bs_cap']}")
    if action.get("kind") == "strike":
        bs = sum(rules().units[state["units"][a]["tag"]].build_stars for a in action["strikers"])
        if bs > board["action_bs_cap"]:
            out.append(f"the strike action uses {bs} BS of strikers, over {board['action_bs_cap']}")
    return out
