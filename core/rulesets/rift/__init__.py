"""RiftWar (``rift``): a tactical skirmish on a continuous map. A phase is a run of actions by the
active player that ends at the first failed action; moving units draw reaction fire, declared before
the move, from enemies whose line of sight they cross; hits pin, wound and kill."""
from __future__ import annotations

import json
from fractions import Fraction
from typing import Any, ClassVar

from core.dice_words import fixed
from core.errors import OrderError, SetupError
from core.events import Event
from core.options import OptionSpec, with_help
from core.orders import OrderBook
from core.ruleset import Odds, Ruleset, SeatSpec, State, View, ViewsModule

from . import battle, combat, flow, lists, orders, progress, views
from . import bot as _bot
from .data import rules
from .explain import fire_notes
from .fire import rally_count
from .odds import coordinated_odds, melee_odds
from .option_help import option_help
from .transport import DISMOUNT_DICE, load_problem, passengers


class RiftWar(Ruleset):
    """The RiftWar ruleset."""

    id: ClassVar[str] = "rift"
    title: ClassVar[str] = "RiftWar"
    simultaneous: ClassVar[bool] = False
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 4
    turn_limit: ClassVar[int] = 0
    views: ClassVar[ViewsModule] = views
    _book: OrderBook | None = None

    def sides(self) -> list[str]:
        return list(flow.SIDES)

    def scenarios(self) -> dict[str, str]:
        return {"annihilation": "The last army with units on the field wins (RIFT-GAP-07)",
                "skirmish": "Twelve phases; then the strongest surviving force wins (RIFT-GAP-07 phase limit)"}

    def options(self) -> dict[str, Any]:
        return {
            "map": "naboo_fields",                       # RIFT-DATA-03: echo_base_ruins, mos_eisley, naboo_fields
            "armies": "",                                 # seat:army,...; default: each side's starter army
            "lists": {},                                  # seat or side -> army id or list text (the list builder)
            "army_mode": "seed",                          # RIFT-DATA-01: seed | points
            "lc_purchase": "pooled",                      # RIFT-GAP-27: pooled | per_type | fractional
            "phase_limit": 0,                             # RIFT-GAP-07: 0 = none
            "one_action_per_unit_per_phase": False,       # RIFT-GAP-06 (revised: no per-unit limit)
            "pinned_can_fire": True,                      # RIFT-GAP-13
            "indirect_miss_fails": False,                 # RIFT-GAP-14
            "stack_die_penalties": True,                  # RIFT-GAP-24
            "coordinated_reaction_dice": "one_die_per_unit",  # RIFT-GAP-10 (revised): one_die_per_unit | per_unit_pool
            "accumulate_hits_in_coordinated_fire": False,  # RIFT-GAP-09
            "cc_single_hit_pins": False,                  # RIFT-GAP-08
            "aoe_radius_u": 2.0,                          # RIFT-GAP-02
            "aoe_friendly_fire": False,                   # RIFT-GAP-02
            "group_spacing_u": 2.0,                       # RIFT-GAP-05
            "elevation": "off",                           # RIFT-GAP-01: reserved for a future rule
        }

    def option_specs(self) -> dict[str, OptionSpec]:
        """Each option's legal values and what it does (:mod:`.option_help`)."""
        return with_help(super().option_specs(), option_help())

    def option_choices(self) -> dict[str, list[Any]]:
        """The legal values of options that take one of a fixed list."""
        return {"map": sorted(rules().maps), "army_mode": ["seed", "points"],
                "lc_purchase": ["pooled", "per_type", "fractional"],
                "coordinated_reaction_dice": ["one_die_per_unit", "per_unit_pool"], "elevation": ["off"]}

    def setup(self, scenario: str, seats: list[SeatSpec], options: dict[str, Any], seed: str) -> State:
        if scenario not in self.scenarios():
            raise SetupError(f"unknown scenario {scenario!r}; scenarios: {', '.join(self.scenarios())}")
        if not self.min_seats <= len(seats) <= self.max_seats:
            raise SetupError(f"RiftWar takes 2 to 4 players; got {len(seats)}")
        merged = {**self.options(), **options}
        for key, legal in self.option_choices().items():
            if merged[key] not in legal:
                raise SetupError(f"option {key}: {merged[key]!r} is not one of {', '.join(map(str, legal))}")
        if scenario == "skirmish" and not merged["phase_limit"]:
            merged["phase_limit"] = 12
        return flow.new_state(scenario, [(s.name, s.side) for s in seats], merged, seed)

    def opening(self, state: State) -> list[Event]:
        """The deployment roll-off's dice and result, for the record (RIFT-GAP-15)."""
        return flow.opening(state)

    def order_book(self) -> OrderBook:
        if RiftWar._book is None:
            RiftWar._book = orders.build_book()
        return RiftWar._book

    def awaiting(self, state: State) -> set[str]:
        return orders.awaited(state)

    def resolve(self, state: State) -> list[Event]:
        """The GM forces the step: the awaited player holds, confirms, takes the plain grouping, or passes."""
        return orders.force(self, state)

    def reference(self) -> list[dict[str, Any]]:
        return progress.reference()

    def glossary(self) -> list[dict[str, str]]:
        return progress.glossary()

    def victory(self, state: State, viewer: str) -> dict[str, Any]:
        return progress.victory(state, viewer)

    def bot(self, view: View, seat: str) -> list[str]:
        """The bot tries its candidate orders on this ruleset, on a copy of the state from its view (:mod:`.bot`)."""
        return _bot.play(self, view, seat)

    def trial_copy(self, state: State, seat: str) -> State:
        """A copy an order may change freely: the state is plain JSON, copied through JSON (several
        times faster than a deep copy)."""
        return json.loads(json.dumps(state))

    def starter_lists(self) -> dict[str, str]:
        """Every army of the data (the starters and the text's examples) as list text, by id."""
        return {aid: lists.list_text(a) for aid, a in rules().armies.items()}

    def check_list(self, text: str) -> list[str]:
        """RIFT-ARMY-01..11 and RIFT-TRAIT-07 for an army written as list text; empty when legal."""
        return lists.problems(text)

    def legal_orders(self, state: State, seat: str) -> list[str]:
        """A sample: the bot's candidates that the engine accepts now."""
        if seat not in self.awaiting(state):
            return []
        found = []
        for text in _bot.candidates(state, seat)[:16]:
            if _bot._legal(self, state, seat, text):
                found.append(text)
        return found

    def invariants(self, before: State, after: State, events: list[Event]) -> list[str]:
        """Units are never created or lost (a dead unit stays dead); loads and corners hold their caps."""
        problems = []
        if set(before["units"]) != set(after["units"]):
            problems.append("the set of units changed")
        for uid, u in after["units"].items():
            old = before["units"].get(uid)
            if old and old["dead"] and not u["dead"]:
                problems.append(f"{uid} came back from the dead")
            if u.get("carried_by"):
                problem = load_problem(passengers(after, u["carried_by"]))
                if problem:
                    problems.append(f"transport {u['carried_by']}: {problem}")
        if int(after["dice"]["n"]) < int(before["dice"]["n"]):
            problems.append("the dice counter went backwards")
        return problems

    def odds(self, state: State, seat: str, text: str) -> Odds | None:
        """Exact odds of a direct fire (one firer or several in turn), an indirect fire, a rally or a melee."""
        words = text.split()
        if words and words[0].lower() == "confirm" and state.get("pending") and state["pending"]["step"] == "confirm":
            return self._move_odds(state)
        if not words or words[0].lower() not in ("fire", "indirect", "rally", "melee", "dismount"):
            return None
        parsed = self.order_book().parse(text, self.context(state, seat))
        if parsed.spec.verb == "dismount":   # RIFT-TRANS-05: 3d6 once every rider is placed, 1 hit does nothing
            rider = dict(state["units"][parsed.values["unit"]], flying=False)
            dist = combat.effect_distribution(rider, DISMOUNT_DICE, reaction=False)
            return Odds(f"{rider['id']} bails out: {fixed(DISMOUNT_DICE, 'bailing out of a wreck (RIFT-TRANS-05)').words(6)}, "
                        "hits on 5-6",
                        [("killed", dist["kill"]), ("wounded", dist["wound"]), ("no effect", dist["none"] + dist["pin"])])
        if parsed.spec.verb == "melee":
            return melee_odds(state, seat, parsed.values["target"])
        if parsed.spec.verb == "rally":
            target = state["units"][parsed.values["unit"]]
            count = rally_count(state, target, state["units"][parsed.values.get("rallier") or target["id"]])
            bonus = count.modifier
            p = Fraction(max(0, min(6, 6 - (4 - bonus) + 1)), 6)
            return Odds(f"rally with +{bonus}: {count.words(6)}", [("unpinned", p), ("fails: the phase ends", 1 - p)])
        ids = parsed.values["units"] if parsed.spec.verb == "fire" else [parsed.values["unit"]]
        if len(ids) != 1:
            odds = coordinated_odds(state, ids, parsed.values["target"])
            odds.notes = [*odds.notes, *fire_notes(state, ids, parsed.values["target"])]
            return odds
        shooter, target = state["units"][ids[0]], state["units"][parsed.values["target"]]
        count = combat.ranged_count(shooter, target, battle.cover(state, target, shooter),
                                    bool(state["options"].get("stack_die_penalties", True)))
        dist = combat.effect_distribution(target, count.dice, reaction=False)
        return Odds(f"{ids[0]} at {target['id']}: {count.words(6)}, hits on 5-6",
                    [("killed", dist["kill"]), ("wounded", dist["wound"]), ("no effect", dist["none"] + dist["pin"])],
                    notes=fire_notes(state, ids, target["id"]))

    def _move_odds(self, state: State) -> Odds:
        """The chance that a move gets through its declared reactions, taken in order along the line:
        untouched, stopped by a pin, or wounded/killed (the phase ends). For a group, the lead unit
        is shown taking every hit of each reaction."""
        p = state["pending"]
        seats = list(state["seats"])
        queue = sorted(((s, d) for s, d in p["declared"].items() if d), key=lambda sd: (sd[1]["t"], seats.index(sd[0])))
        moving, stopped, failed = Fraction(1), Fraction(0), Fraction(0)
        notes = []
        for _seat, decl in queue:
            target = battle.mover_at(state, p["units"][0], decl["t"])
            dist = [(0, Fraction(1))]
            shooters = [state["units"][uid] for uid in decl["units"]]
            for who, count in battle.reaction_counts(state, shooters, target):
                notes.append(f"reaction fire by {who}: {count.words(6)}, hits on 5-6")
                dist = _convolve(dist, combat.hits_distribution(count.dice))
            none = sum((q for k, q in dist if combat.effect(target, k, True) == "none"), Fraction(0))
            pin = sum((q for k, q in dist if combat.effect(target, k, True) == "pin"), Fraction(0))
            failed += moving * (1 - none - pin)
            stopped += moving * pin
            moving *= none
        return Odds(f"move of {', '.join(p['units'])} past {len(queue)} declared reaction{'s' if len(queue) != 1 else ''}",
                    [("arrives untouched", moving), ("stopped by a pin", stopped), ("wounded or killed: the phase ends", failed)],
                    notes=notes)


def _convolve(a: list[tuple[int, Fraction]], b: list[tuple[int, Fraction]]) -> list[tuple[int, Fraction]]:
    out: dict[int, Fraction] = {}
    for i, p in a:
        for j, q in b:
            out[i + j] = out.get(i + j, Fraction(0)) + p * q
    return sorted(out.items())
