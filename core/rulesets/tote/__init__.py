"""GCW Episode II: Twilight of the Empire (``tote``), part 1: the battle (issue 17).

A free-for-all battle of two to ten factions on one planet's space-ground grid, with exact UCR
damage in integers (catalog section 0). Each game day every faction makes one post, one after
another in rotating initiative (TOTE-GAP-01/02): its post is its sheet of orders, checked as they
are queued and carried out when it is ready (or when the GM forces it); units without orders
defend themselves. The catalog writes the ruleset id ``gcw_ep2``; the registry calls it ``tote``.
"""
from __future__ import annotations

from typing import Any, Callable, ClassVar

from core.errors import OrderError, SetupError
from core.events import Event
from core.orders import OrderBook, Parsed
from core.ruleset import Context, Odds, Outcome, Ruleset, SeatSpec, State, View

from . import bot as _bot
from . import campaign_flow, flow, invariants, model, orders, setup, views
from .campaign_flow import is_campaign
from .model import FACTIONS


class TwilightOfTheEmpire(Ruleset):
    """The tote ruleset: the battle."""

    id: ClassVar[str] = "tote"
    title: ClassVar[str] = "Twilight of the Empire"
    simultaneous: ClassVar[bool] = True
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 10
    turn_limit: ClassVar[int] = 0
    order_keys: ClassVar[tuple[str, ...] | None] = ("sheets",)
    _book: OrderBook | None = None

    def sides(self) -> list[str]:
        """The ten factions (TOTE-FACTION-01..10), by code."""
        return list(FACTIONS)

    def scenarios(self) -> dict[str, str]:
        """The battles of ``data/scenarios.toml``: the melee (default, 2-10), the skirmish (2-4), the
        stronghold; and the galaxy campaign (2-10, :mod:`.campaign_flow`)."""
        out = {sid: f"{sc.name}: {sc.text} ({sc.min}-{sc.max} factions)" for sid, sc in setup.scenarios().items()}
        out["campaign"] = ("The campaign: the galaxy after Endor, day by day; jump fleets through hyperspace, take worlds, "
                           "and go for Coruscant (2-10 factions)")
        return out

    def options(self) -> dict[str, Any]:
        """The game options and their defaults (the catalog's DEFAULTs that are options)."""
        return {
            "auto_defense": True,       # TOTE-GAP-02: units without orders fire at the best hostile in range
            "day_limit": 0,             # 0: the scenario's own limit
            "lists": {},                # seat or faction -> a faction's ready fleet or list text "GE: ISD2:1, VSD:1"
            "alliances": [],            # TOTE-GAP-45: lists of factions that are not hostile to each other
            "battle_cp_limit": True,    # TOTE-GAP-26: units acting in the battle hold at most 23 CP + bonus
            "bonus_cp": 0,              # TOTE-GAP-53
            "round_per": "attack_pool",  # TOTE-GAP-12: attack_pool | weapon
            "ground_air_stacks": True,  # TOTE-GAP-17: the Air layer's -1 adds to the atmosphere's
            "mp_source": "speed",       # TOTE-GAP-04: speed | one_space (movement points per round)
            "tatooine_amnesty": True,   # TOTE-GAP-49: no combat at Tatooine in the campaign
            "campaign_battle_bots": True,  # campaign: a faction may leave a battle's post to its bot (at <world> bot)
        }

    def setup(self, scenario: str, seats: list[SeatSpec], options: dict[str, Any], seed: str) -> State:
        """A new battle, the first post open. Raises SetupError for a bad table, option or fleet."""
        if not self.min_seats <= len(seats) <= self.max_seats:
            raise SetupError(f"Twilight of the Empire takes 2 to 10 factions; got {len(seats)}")
        merged = {**self.options(), **options}
        if scenario == "campaign":
            try:
                return campaign_flow.new_state([(s.name, s.side) for s in seats], merged, seed)
            except OrderError as exc:
                raise SetupError(str(exc)) from None
        if not isinstance(merged["lists"], dict):
            raise SetupError("option lists: a table of seat or faction -> fleet list, e.g. {\"GE\": \"GE: ISD2:1, VSD:1\"}")
        from .damage import CombatOptions, DamageError
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
        if TwilightOfTheEmpire._book is None:
            TwilightOfTheEmpire._book = orders.build_book()
        return TwilightOfTheEmpire._book

    def carry_out(self, ctx: Context, parsed: Parsed) -> list[Event]:
        """Queue a parsed order (its handler sees the order's canonical text as ``ctx.text``). Raises OrderError."""
        ctx.text = orders.canonical(parsed)  # type: ignore[attr-defined]
        return list(parsed.spec.handler(ctx, **parsed.values) or [])

    def awaiting(self, state: State) -> set[str]:
        """The faction whose post it is (nobody once the battle is over)."""
        seat = state.get("active") if is_campaign(state) else flow.active(state)
        return set() if seat is None or state.get("result") else {seat}

    def resolve(self, state: State) -> list[Event]:
        """Resolve the posting faction's post; the next faction posts (a new day after the last)."""
        if is_campaign(state):
            return campaign_flow.resolve_post(state)
        return flow.resolve_post(self, state)

    def posting(self, state: State) -> dict[str, list[str]]:
        """Who has posted today, who posts now, who is still to post (:mod:`.posting`)."""
        from .posting import posting
        return posting(state)

    def report_summary(self, events: list[Event], viewer: str) -> Any:
        """A campaign day's summary: battles, worlds taken and lost, builds, news first
        (:mod:`.campaign_report`); a battle's, the base's."""
        from .campaign_report import campaign_summary
        return campaign_summary(events) or super().report_summary(events, viewer)

    def view(self, state: State, viewer: str) -> View:
        """What ``viewer`` may know (:mod:`.views`)."""
        if is_campaign(state):
            return campaign_flow.view(state, viewer)
        return views.build(state, viewer)

    def outcome(self, state: State) -> Outcome | None:
        """The faction holding the system, a draw, or None while the battle goes on."""
        result = state.get("result")
        return None if result is None else Outcome(tuple(result["winners"]), str(result["reason"]))

    def bot(self, view: View, seat: str) -> list[str]:
        """The bot's post from its own view (:mod:`.bot`)."""
        if view.get("facts", {}).get("mode") == "campaign":
            return campaign_flow.bot(view, seat)
        return _bot.play(view, seat)

    def trial_copy(self, state: State, seat: str) -> State:
        """An order changes only its seat's sheet: that sheet is copied, the rest shared."""
        trial = dict(state)
        trial["sheets"] = dict(state["sheets"])
        trial["sheets"][seat] = [dict(o) for o in state["sheets"].get(seat, [])]
        return trial

    def legal_orders(self, state: State, seat: str) -> list[str]:
        """A sample: the bot's orders and a few holds and moves that the engine accepts now."""
        if seat not in self.awaiting(state):
            return []
        if is_campaign(state):
            texts = campaign_flow.bot(self.view(state, seat), seat)
            ships = [i for ids in campaign_flow.movers(state["campaign"], seat).values() for i in ids]
            texts += [f"jump {i} {w}" for i in ships[:2] for w in ("corellia", "kuat")]
            from .campaign_logistics_orders import sample_orders
            texts += sample_orders(state["campaign"], seat)
            from .campaign_fleets_orders import sample as fleet_sample
            texts += fleet_sample(state["campaign"], seat)  # assign <ship> pdf|fleet
            from .campaign_orders import sample
            texts = sample(self, state, seat) + texts  # orders for the seat's battles first
            ok = []
            for text in texts[:12]:
                try:
                    self.order_book().parse(text, self.context(state, seat))
                    campaign_flow.check_sheet(state, seat, [o["text"] for o in state["sheets"].get(seat, [])] + [text])
                except OrderError:
                    continue
                ok.append(text)
            return ok
        texts = _bot.play(self.view(state, seat), seat)
        own = [u for u in model.units_of(state, seat) if model.can_act(u) and u["space"] is not None]
        texts += [f"hold {u['id']}" for u in own[:2]]
        from . import grid
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
        if is_campaign(before) and is_campaign(after):
            from .campaign import invariants as campaign_invariants
            return campaign_invariants(before["campaign"], after["campaign"])
        return invariants.problems(before, after, events)

    def odds(self, state: State, seat: str, text: str) -> Odds | None:
        """The exact damage of a declared shot, bombardment or tractor (:mod:`.odds`), in the campaign of
        one given for a battle with ``at`` (:mod:`.campaign_orders`). Raises OrderError."""
        if is_campaign(state):
            from .campaign_orders import odds as at_odds
            return at_odds(self, state, seat, text)
        from .odds import odds
        return odds(self, state, seat, text)

    def hidden_changes(self, state: State, viewer: str) -> list[tuple[str, Callable[[State], None]]]:
        """The base secrets, plus every other faction's unit the viewer's sensors do not cover and
        every craft aboard another faction's ship (its layers changed)."""
        changes = super().hidden_changes(state, viewer)
        if viewer == "gm":
            return changes
        if is_campaign(state):
            for seat in sorted(state["seats"]):
                if seat == viewer:
                    continue
                changes.append((f"{seat}'s treasury", lambda s, seat=seat: s["campaign"]["treasury"].__setitem__(
                    seat, s["campaign"]["treasury"][seat] + 1)))
                changes.append((f"{seat}'s facility purse", lambda s, seat=seat: s["campaign"]["facility_kc"].__setitem__(
                    seat, s["campaign"]["facility_kc"][seat] + 1)))
                if state["campaign"].get("battle_orders", {}).get(seat):
                    changes.append((f"{seat}'s battle orders", lambda s, seat=seat: s["campaign"]["battle_orders"][seat].setdefault(
                        "kuat", []).append("hold GE-1")))
                for n, t in enumerate(state["campaign"].get("timers", [])):
                    if t.get("faction") == seat:
                        changes.append((f"what {seat} builds", lambda s, n=n: s["campaign"]["timers"][n].__setitem__(
                            "due_hour", s["campaign"]["timers"][n]["due_hour"] + 24)))
                        break
                c = state["campaign"]
                for key, what in (("runs", "mission"), ("trainings", "Hero in training")):
                    for n, rec in enumerate(c.get(key, [])):
                        if rec.get("faction") == seat:
                            changes.append((f"{seat}'s {what}", lambda s, key=key, n=n: s["campaign"][key][n].__setitem__(
                                "due_hour" if key == "trainings" else "progress",
                                s["campaign"][key][n]["due_hour" if key == "trainings" else "progress"] + 1)))
                if c.get("intel", {}).get(seat):
                    changes.append((f"what {seat}'s agents saw", lambda s, seat=seat: s["campaign"]["intel"][seat][0].__setitem__(
                        "to", "kuat" if s["campaign"]["intel"][seat][0]["to"] != "kuat" else "corellia")))
                for n, offer in enumerate(c.get("offers", [])):
                    if offer["faction"] == seat:
                        changes.append((f"an epic mission offered to {seat}", lambda s, n=n: s["campaign"]["offers"][n].__setitem__(
                            "mission", "clone_vats_of_byss" if s["campaign"]["offers"][n]["mission"] != "clone_vats_of_byss"
                            else "the_black_fleet")))
                if seat in c.get("notoriety", {}):
                    changes.append((f"{seat}'s notoriety", lambda s, seat=seat: s["campaign"]["notoriety"].__setitem__(
                        seat, s["campaign"]["notoriety"][seat] + 1)))
                for n, hero in enumerate(state["campaign"].get("heroes", [])):
                    if hero["faction"] == seat and not hero.get("dead"):
                        changes.append((f"{seat}'s Hero's level", lambda s, n=n: s["campaign"]["heroes"][n].__setitem__(
                            "level", s["campaign"]["heroes"][n]["level"] + 1)))
                where = {u.get("system") for u in c["units"].values() if u["faction"] == viewer and not u.get("transit")}
                where |= {f.get("system") for f in c.get("facilities", {}).values() if f["faction"] == viewer}
                for uid, u in sorted(c["units"].items()):  # its Reserve Guard Forces where the viewer is not (TOTE-RGF-01..03)
                    if u["faction"] == seat and u.get("rgf") and "count" in u and u.get("system") not in where:
                        changes.append((f"{seat}'s ground forces", lambda s, uid=uid: s["campaign"]["units"][uid].__setitem__(
                            "count", s["campaign"]["units"][uid]["count"] - 1)))
                        break
                for uid, u in sorted(state["campaign"]["units"].items()):  # its fleets (main fleet or PDF duty)
                    if u["faction"] == seat and u.get("fleet_of") == seat and not u.get("bonus"):
                        changes.append((f"{seat}'s fleets", lambda s, uid=uid: s["campaign"]["units"][uid].__setitem__(
                            "pdf", not s["campaign"]["units"][uid].get("pdf"))))
                        break
                for uid, u in sorted(state["campaign"]["units"].items()):
                    if u["faction"] == seat and u.get("transit"):
                        changes.append((f"where {uid} is bound", lambda s, uid=uid: s["campaign"]["units"][uid]["transit"].__setitem__(
                            "to", "kuat" if s["campaign"]["units"][uid]["transit"]["to"] != "kuat" else "corellia")))
                        break
                for uid, u in sorted(state["campaign"]["units"].items()):
                    if u["faction"] == seat and u.get("reserve") and not u.get("carried_by"):
                        changes.append((f"what {seat} keeps in its Fleet Reserve Force", lambda s, uid=uid: s["campaign"]["units"][uid].__setitem__(
                            "type", "VSD" if s["campaign"]["units"][uid]["type"] != "VSD" else "ISD")))
                        break
                for n, t in enumerate(state["campaign"].get("activations", [])):
                    if t["faction"] == seat:
                        changes.append((f"when {seat}'s reserve unit comes out", lambda s, n=n: s["campaign"]["activations"][n].__setitem__(
                            "due_hour", s["campaign"]["activations"][n]["due_hour"] + 24)))
                        break
            from .campaign_secrets import changes as campaign_secrets
            from .campaign_claims import secret_changes as occupations  # an occupation it is not told of (TOTE-CONFLICT-05)
            return changes + campaign_secrets(state, viewer) + occupations(state, viewer)
        covered = model.visible_spaces(state, viewer) if viewer in state["seats"] else set()
        for uid, u in sorted(state["units"].items()):
            if u["faction"] == viewer or (model.targetable(u) and u["space"] in covered):
                continue
            if u["shields"] > 0:
                changes.append((f"the shields of unseen {uid}",
                                lambda s, uid=uid: s["units"][uid].__setitem__("shields", s["units"][uid]["shields"] - 1)))
        return changes

    def reference(self) -> list[dict[str, Any]]:
        """Every unit type, ground unit, facility and planetary weapon, from the data (:mod:`.reference`)."""
        from .reference import reference
        return reference()

    def starter_lists(self) -> dict[str, str]:
        """Each faction's ready fleet of 23 CP as list text, by faction code."""
        return setup.starter_lists()

    def check_list(self, text: str) -> list[str]:
        """What a fleet list breaks (CP, capital ships, escorts, technology), each message naming its rule."""
        from .fleet import list_problems
        return list_problems(text)


__all__ = ["TwilightOfTheEmpire"]
