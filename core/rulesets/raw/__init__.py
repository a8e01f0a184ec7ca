"""Republic at War (``raw``): 2 teams of admirals, simultaneous orders, engine-resolved turns."""
from __future__ import annotations

from functools import cache
from typing import Any, Callable, ClassVar

from core.errors import OrderError
from core.events import Event
from core.options import OptionSpec
from core.orders import OrderBook
from core.ruleset import BotModule, Odds, Ruleset, SeatSpec, State, ViewsModule
from core.rulesets.raw.reference import reference as raw_reference
from core.rulesets.raw import bot as raw_bot
from core.rulesets.raw import invariants as raw_invariants
from core.rulesets.raw import orders as raw_orders
from core.rulesets.raw import report as raw_report
from core.report import Summary
from core.rulesets.raw import progress as raw_progress
from core.rulesets.raw import sheet as raw_sheet
from core.rulesets.raw import views as raw_views
from core.rulesets.raw.combat import combat
from core.rulesets.raw.construct import alliances, construct
from core.rulesets.raw.data import SIDES, galaxy_map, unit_types, scenario as load_scenario
from core.rulesets.raw.endturn import hostile, objectives_check, scans, start_turn, victory
from core.rulesets.raw.ground import after_combat
from core.rulesets.raw.odds import order_odds
from core.rulesets.raw.jump import jump
from core.rulesets.raw.model import is_grand_admiral, seats_of, side_of_owner, utype
from core.rulesets.raw.setup import OPTIONS, option_specs, setup
from core.rulesets.raw.views import initial_memory, remember


@cache
def _book() -> OrderBook:
    return raw_orders.book()


class RepublicAtWar(Ruleset):
    """Republic at War: the GM's bookkeeping, dice and fog of war for 6-12 admirals."""

    id = "raw"
    title = "Republic at War"
    simultaneous = True
    min_seats = 6
    max_seats = 12
    turn_limit = 0  # none: the text ends a game at 10 VP or a concession; a GM may set the option
    views: ClassVar[ViewsModule] = raw_views
    bots: ClassVar[BotModule] = raw_bot
    result_key = "over"
    order_keys = ("sheets", "seq", "admiral", "concede", "over")

    def sides(self) -> list[str]:
        return list(SIDES)

    def scenarios(self) -> dict[str, str]:
        return {"default": "the 50 planets of the text, CIS start of RAW-GAP-02, the designed galaxy map"}

    def options(self) -> dict[str, Any]:
        return dict(OPTIONS)

    def option_specs(self) -> dict[str, OptionSpec]:
        return option_specs()

    def setup(self, scenario: str, seats: list[SeatSpec], options: dict[str, Any], seed: str) -> State:
        state = setup(scenario, seats, options, seed)
        initial_memory(state)
        return state

    def order_book(self) -> OrderBook:
        return _book()

    def awaiting(self, state: State) -> set[str]:
        return set() if state["over"] else set(state["seats"])

    def may_act_for(self, state: State, actor: str, seat: str) -> bool:
        """The Grand Admiral (or acting GA) orders for an unavailable teammate (RAW-TEAM-05/07/08)."""
        if actor not in state["seats"] or seat not in state["seats"]:
            return False
        same_team = state["seats"][actor]["side"] == state["seats"][seat]["side"]
        return same_team and is_grand_admiral(state, actor) and seat in state["away"]

    def resolve(self, state: State) -> list[dict[str, Any]]:
        dice = self.dice(state)
        log: list[dict[str, Any]] = []
        for seat, sheet in state["sheets"].items():
            for order in sheet:
                if order["verb"] == "stance":
                    _set_stance(state, seat, order["args"])
                elif order["verb"] == "flagship":
                    state["seats"][seat]["flagship"] = order["args"]["option"]
        were_here: dict[str, set[str]] = {}
        for unit in state["units"].values():
            were_here.setdefault(unit["at"], set()).add(side_of_owner(state, unit["owner"]))
        ledgers: dict[str, Any] = {}
        phases: tuple[Callable[[], list[Event]], ...] = (
            lambda: construct(state, dice, ledgers), lambda: jump(state, dice, ledgers),
            lambda: combat(state, dice, were_here), lambda: after_combat(state, dice),
            lambda: alliances(state, dice, ledgers), lambda: hostile(state, dice), lambda: scans(state))
        for phase in phases:
            events = phase()
            log += dice.drain() + events
        remember(state)
        log += objectives_check(state)
        log += victory(state)
        if not state["over"]:
            log += start_turn(state)
        state["dice"] = dice.to_state()
        return log

    def invariants(self, before: State, after: State, events: list[dict[str, Any]]) -> list[str]:
        """GF, units and production conserved except by a logged cause; caps, garrisons, cargo and home systems;
        real viewers on every event (see :mod:`core.rulesets.raw.invariants`). Raises nothing."""
        return raw_invariants.check(before, after, events)

    def report_summary(self, events: list[dict[str, Any]], viewer: str) -> Summary:
        """Battles with each side's losses by ship, planets changing hands, builds per planet, headlines."""
        return raw_report.summary(events)

    def sheet_notes(self, state: State, seat: str) -> dict[str, Any]:
        """Credits each order takes and what is left after it, planet caps, and useless orders (see :mod:`.sheet`)."""
        return raw_sheet.sheet_notes(state, seat)

    def victory(self, state: State, viewer: str) -> dict[str, Any]:
        """VP and each objective's progress as the viewer knows it (RAW-GAME-04, RAW-VP-01..07; see :mod:`.progress`)."""
        return raw_progress.victory(state, viewer)

    def urgent(self, state: State, viewer: str) -> list[dict[str, str]]:
        """Forced retreats with no jump, boardings waiting for a load, a sheet that no longer fits."""
        return raw_sheet.urgent(state, viewer)

    def hidden_changes(self, state: State, viewer: str) -> list[tuple[str, Any]]:
        """Enemy units away from the viewer's team, enemy scars, partials, garrisons and production (RAW-GAP-42)."""
        changes = super().hidden_changes(state, viewer)
        side = state["seats"][viewer]["side"]
        team = seats_of(state, side)
        present = {u["at"] for u in state["units"].values() if u["owner"] in team}
        quiet = sorted(p for p in state["planets"] if p not in present)
        for uid, unit in sorted(state["units"].items()):
            if unit["owner"] in team:
                continue
            if unit["at"] not in present and quiet:
                target = next((p for p in quiet if p != unit["at"]), None)
                if target:
                    changes.append((f"{uid} moves unseen to {target}", lambda s, uid=uid, t=target: _move(s, uid, t)))  # type: ignore[misc]  # mypy cannot type a lambda with a default argument
            if utype(unit).kind == "ship":
                changes.append((f"{uid}'s scar", lambda s, uid=uid: s["units"][uid].__setitem__("scarred", not s["units"][uid]["scarred"])))  # type: ignore[misc]  # mypy cannot type a lambda with a default argument
            if len(changes) > 12:
                break
        for name, info in sorted(state["planets"].items()):
            if info["owner"] is not None and info["owner"] not in team:
                changes.append((f"{name}'s partial", lambda s, n=name: s["planets"][n].__setitem__("partial", {"unit": "GF", "paid": 1, "cost": 8, "owner": s["planets"][n]["owner"]})))  # type: ignore[misc]  # mypy cannot type a lambda with a default argument
                changes.append((f"{name}'s production", lambda s, n=name: s["planets"][n].__setitem__("production", s["planets"][n]["production"] + 7)))  # type: ignore[misc]  # mypy cannot type a lambda with a default argument
                if name not in present:
                    changes.append((f"{name}'s garrison", lambda s, n=name: s["planets"][n].__setitem__("gf", s["planets"][n]["gf"] + 3)))  # type: ignore[misc]  # mypy cannot type a lambda with a default argument
                break
        return changes

    def reference(self) -> list[dict[str, Any]]:
        """Every unit type from the ruleset's own data (see :meth:`core.ruleset.Ruleset.reference`)."""
        return raw_reference()

    def legal_orders(self, state: State, seat: str) -> list[str]:
        """A sample of orders that ``seat`` could give now, each accepted on its own by a trial submission."""
        return self.accepted(state, seat, _candidates(state, seat) if seat in self.awaiting(state) else [])

    def odds(self, state: State, seat: str, text: str) -> Odds | None:
        """Exact odds for ``ally``, ``assault``, ``bombard`` and ``jump`` into a seen enemy fleet, from what ``seat``
        knows; where it does not know enough, the reason (see :mod:`core.rulesets.raw.odds`). Raises OrderError."""
        parsed = self.order_book().parse(text, self.context(state, seat))
        return order_odds(state, seat, parsed.spec.verb, parsed.values)


def _candidates(state: State, seat: str) -> list[str]:
    """Orders worth trying for a sample: builds, improvements, jumps, loads, assaults, rolls, scans, stances."""
    side = state["seats"][seat]["side"]
    neighbours = galaxy_map(state["map"])["neighbours"]
    out: list[str] = ["stance free", "stance hold neutral"]
    codes = [c for c, t in unit_types().items() if t.faction == side]
    for name, info in sorted(state["planets"].items()):
        if info["owner"] == seat:
            out += [f"build {name} {code}" for code in codes[::3]] + [f"build {name} GF", f"improve {name} 10"]
        elif info["owner"] is None and info["forces"]:
            out.append(f"ally {name}")
    for uid, unit in sorted(state["units"].items()):
        if unit["owner"] != seat or utype(unit).kind != "ship":
            continue
        here = unit["at"].split(":")[1] if unit["at"].startswith("deep:") else unit["at"]
        out += [f"jump {uid} {p}" for p in neighbours[here][:3]] + [f"jump {uid} deep {here}"]
        if unit["gf"]:
            out.append(f"assault {here}")
        if not unit["at"].startswith("deep:") and state["planets"][here]["owner"] == seat and state["planets"][here]["gf"]:
            out.append(f"load {uid} GF")
        if unit["scarred"]:
            out.append(f"repair {uid}")
    out += [f"scan {p}" for p in sorted(state["planets"])[:: 10]]
    return out


def _move(state: State, uid: str, target: str) -> None:
    state["units"][uid]["at"] = target
    for unit in state["units"].values():
        if unit["aboard"] == uid:
            unit["at"] = target


def _set_stance(state: State, seat: str, args: dict[str, Any]) -> None:
    """A standing fire order: for all the seat's fleets, or for the ships it names; toward every enemy player,
    or toward the named players or neutral forces (RAW-TURN-06, RAW-GAP-18). An order for all fleets replaces
    the ships' own orders toward the same targets."""
    units = state["units"]
    ships = [t for t in args.get("ships") or [] if t in units and units[t]["owner"] == seat]
    targets = list(args["targets"])
    if ships:
        for uid in ships:
            own = dict(units[uid].get("stance") or {})
            if not targets:
                own = {k: v for k, v in own.items() if k == "neutral"}
                own["*"] = args["mode"]
            for target in targets:
                own[target] = args["mode"]
            units[uid]["stance"] = own
        return
    stance = state["seats"][seat]["stance"]
    mine = [u for u, x in units.items() if x["owner"] == seat and x.get("stance")]
    if not targets:
        stance["default"] = args["mode"]
        stance["per"] = {k: v for k, v in stance["per"].items() if k == "neutral"}
        for uid in mine:
            units[uid]["stance"] = {k: v for k, v in units[uid]["stance"].items() if k == "neutral"} or None
        return
    for target in targets:
        if target == "neutral":
            stance["neutral"] = args["mode"]
            stance["per"].pop("neutral", None)
        else:
            stance["per"][target] = args["mode"]
        for uid in mine:
            own = units[uid]["stance"] or {}
            own.pop(target, None)
            units[uid]["stance"] = own or None
