"""The contract every rule system fulfils: :class:`Ruleset`, in three parts.

1. **What a system must declare**: its name and seats, its scenarios and options, how a game is set up,
   its order language, who is awaited, how a turn resolves, and the modules that build its views and
   play its bots.
2. **What it may add for the war room**: odds, warnings, sheet money, victory progress, urgent lines,
   report summaries, the unit reference, list building, posting order, acting for a teammate, and for
   the checks its invariants and its secrets. Each has a quiet default (nothing to add).
3. **What the base class does for it**: views, outcomes and bots through the declared modules, order
   submission on a trial copy, the order sheets' record, the war room's extras bundled per viewer, and
   the game's dice.

A game is a state (a plain JSON-compatible dict) plus the ruleset that moves it. The ruleset is
stateless: every method takes the state. Keys every state carries, whatever the ruleset:

- ``"ruleset"``: the ruleset id; ``"turn"``: the turn number (1-based);
- ``"dice"``: the saved :class:`~core.dice.Dice` (``{"seed", "n"}``);
- ``"seats"``: ``{name: {"side": str, ...}}`` in seat order;
- ``"sheets"``: ``{seat: [order, ...]}`` the open turn's order sheets (simultaneous games);
- ``"away"``: seats marked unavailable this turn;
- ``"secret"``: the game's sealing secret, randomness the session takes from the edge at creation
  (never derived from the dice seed; no view shows it): rulesets key the salts of sealed records by it;
- the end of the game under :attr:`Ruleset.result_key`: ``{"winners": [side, ...], "reason": str}``,
  or None while it goes on.

A view is a plain dict every front end can draw without knowing the game: the keys of
:class:`ViewFields` (a system may add its own beside them), with a board of one of the
:data:`BOARD_KINDS`. The session adds the war room's extras (:data:`EXTRA_KEYS`, from
:meth:`Ruleset.presentation`), each as the viewer may know it, empty where a rule system has none.
"""
from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from dataclasses import asdict, dataclass, field
from fractions import Fraction
from typing import Any, Callable, ClassVar, Iterable, Literal, Protocol, TypedDict

from core.dice import Dice
from core.errors import HolotableError, OrderError
from core.events import Event, event, to_team
from core.options import OptionSpec, specs_from_defaults
from core.orders import OrderBook, Parsed
from core.report import Summary, generic_summary
from core.rulebook import Rulebook, load_rulebook

State = dict[str, Any]
View = dict[str, Any]

# -- the shapes the contract speaks in ---------------------------------------------------------------

#: What a view's board is, each kind drawn by one shared widget (``tui/panels.py``):
#:
#: - ``map``: places at positions, lanes between them, marks (raw, gcw, the tote galaxy);
#: - ``zones``: ordered zones holding tokens, card slots face up or down, piles, the viewer's hand (swpm);
#: - ``field``: a continuous plane in map units: polygons, tokens at points, paths (rift);
#: - ``rings``: a planet's space-ground grid: quadrants by rings, atmosphere, ground grids (a tote battle).
BoardKind = Literal["map", "zones", "field", "rings"]
BOARD_KINDS: tuple[BoardKind, ...] = ("map", "zones", "field", "rings")


class ViewFields(TypedDict):
    """The keys every view carries (what :meth:`Ruleset.view` returns holds these, and may hold more).

    - ``viewer``: the seat or ``"gm"`` it was made for; ``ruleset``: the ruleset id; ``title``: the
      game's title as the screen shows it; ``turn``; ``phase``: where the turn stands, in words;
    - ``board``: ``{"kind": BoardKind, ...}``; a ``map`` holds ``"places": [{"id", "name", "x", "y",
      "owner", "symbol", "marks", "lines"}]`` and ``"lanes": [[a, b], ...]`` (symbol ``?``: the viewer
      does not know who holds the place; ``"stale": True``: what it knows of the place is not of now).
      A lane may name its kind, ``[a, b, kind]``, described by ``"lane_kinds": [{"kind", "line"
      ("single", "double" or "dotted"), "label" (drawn on the selected place's lanes), "legend"}]``;
    - ``rosters``: ``[{"title": str, "rows": [str, ...]}]`` grouped rows of the viewer's forces;
    - ``resources``: ``{label: value}`` (credits, command points, victory points ...);
    - ``sheet``: the viewer's queued orders (``[{"text", "by"}]``);
    - ``prompt``: what the viewer is asked to do now;
    - ``facts``: the ruleset's own facts, for its bot and its own widgets.
    """

    viewer: str
    ruleset: str
    title: str
    turn: int
    phase: str
    board: dict[str, Any]
    rosters: list[dict[str, Any]]
    resources: dict[str, Any]
    sheet: list[dict[str, Any]]
    prompt: str
    facts: dict[str, Any]


#: The keys of every view, in the order :class:`ViewFields` documents them.
VIEW_KEYS: tuple[str, ...] = tuple(ViewFields.__annotations__)

#: The war room's extras the session adds to every view (:meth:`Ruleset.presentation`):
#: ``sheet_notes`` (the money of the viewer's sheet), ``victory`` (objectives and progress toward
#: each), ``urgent`` (what must be done now).
EXTRA_KEYS: tuple[str, ...] = ("sheet_notes", "victory", "urgent")


class ViewsModule(Protocol):
    """A system's views module (:attr:`Ruleset.views`)."""

    def build(self, state: State, viewer: str) -> View:
        """Everything ``viewer`` (a seat or ``"gm"``) may know, and nothing more: a view."""
        ...


class BotModule(Protocol):
    """A system's bot module (:attr:`Ruleset.bots`)."""

    def play(self, view: View, seat: str) -> list[str]:
        """Orders for ``seat`` chosen from its own view only."""
        ...


@dataclass(frozen=True)
class SeatSpec:
    """A seat asked for at setup: a name and the side (team or faction) it plays."""

    name: str
    side: str


@dataclass(frozen=True)
class Outcome:
    """How a game ended: the winning sides (empty for a draw) and why."""

    winners: tuple[str, ...]
    reason: str

    @property
    def draw(self) -> bool:
        """True when nobody won."""
        return not self.winners

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {"winners": list(self.winners), "reason": self.reason}


@dataclass
class Odds:
    """The exact outcome distribution of an order that rolls dice: labelled rows that sum to 1."""

    title: str
    rows: list[tuple[str, Fraction]] = field(default_factory=list)
    #: lines beside the distribution (per-battle chances, "if you play X" ...), shown under the rows
    notes: list[str] = field(default_factory=list)
    #: when the order rolls dice but the viewer does not know enough for the odds (no rows then):
    #: why, and what would tell ("you do not know Raxus's garrison: scan it first")
    reason: str = ""

    def total(self) -> Fraction:
        """The sum of the probabilities (1 for a sound distribution)."""
        return sum((p for _, p in self.rows), Fraction(0))

    def to_dict(self) -> dict[str, Any]:
        """JSON form, probabilities as floats and exact strings."""
        return {"title": self.title, "rows": [{"label": l, "p": float(p), "exact": str(p)} for l, p in self.rows],
                "notes": list(self.notes), **({"reason": self.reason} if self.reason else {})}


class Context:
    """What an order's arguments and handler see: the state, the seat and the ruleset."""

    def __init__(self, ruleset: "Ruleset", state: State, seat: str, by: str | None = None) -> None:
        self.ruleset = ruleset
        self.state = state
        self.seat = seat
        self.by = by or seat


class Ruleset(ABC):
    """A rule system. Subclasses are listed in :mod:`core.registry`."""

    # == 1. What a system must declare ================================================================
    id: ClassVar[str]
    title: ClassVar[str]
    simultaneous: ClassVar[bool]
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    turn_limit: ClassVar[int]
    #: the module whose ``build(state, viewer)`` makes a view (see :class:`ViewFields`)
    views: ClassVar[ViewsModule]
    #: the module whose ``play(view, seat)`` chooses a seat's orders from its view; a system whose bot
    #: tries its orders on the ruleset itself overrides :meth:`bot` instead
    bots: ClassVar[BotModule]
    #: the state key where the game's end is recorded (``{"winners", "reason"}``, None until then)
    result_key: ClassVar[str] = "result"

    @abstractmethod
    def sides(self) -> list[str]:
        """The sides a seat may take."""

    @abstractmethod
    def scenarios(self) -> dict[str, str]:
        """Scenario ids and one-line descriptions; the first is the default."""

    @abstractmethod
    def options(self) -> dict[str, Any]:
        """The game options with their defaults (a GM may change them at setup)."""

    @abstractmethod
    def setup(self, scenario: str, seats: list[SeatSpec], options: dict[str, Any], seed: str) -> State:
        """A new game. Raises SetupError for an unknown scenario, bad seats or bad options."""

    @abstractmethod
    def order_book(self) -> OrderBook:
        """The ruleset's order language."""

    @abstractmethod
    def awaiting(self, state: State) -> set[str]:
        """The seats that may act now. Nobody else has legal orders."""

    @abstractmethod
    def resolve(self, state: State) -> list[Event]:
        """Resolve the open turn (or step) for everyone; seats with no orders do nothing."""

    # == 2. What it may add for the war room (each default adds nothing) ==============================
    #: the state keys an order may change; submit copies only these for its trial (None: the whole state)
    order_keys: ClassVar[tuple[str, ...] | None] = None

    def option_specs(self) -> dict[str, OptionSpec]:
        """What each option may be (types, ranges, fixed lists), checked before a game is set up.

        The base allows each option its default's type; a ruleset narrows them.
        """
        return specs_from_defaults(self.options())

    def may_act_for(self, state: State, actor: str, seat: str) -> bool:
        """Whether seat ``actor`` may give orders for another ``seat`` (a Grand Admiral, say)."""
        return False

    def posting(self, state: State) -> dict[str, list[str]]:
        """Where the seats stand in a turn taken in posts one after another (a game day of posts in
        initiative order): ``{"posted": seats that have posted this turn, in order, "posting": the
        seats whose post is open now, "to_post": the seats still to post this turn, in order}``; all
        of it public (everyone hears that a seat has posted, and the order of play). The base (a
        game where the awaited seats are all there is to know) has none: ``{}``. Raises nothing."""
        return {}

    def odds(self, state: State, seat: str, text: str) -> Odds | None:
        """The exact distribution of an order that rolls dice, or None if it rolls none. Raises OrderError.

        Where ``seat`` does not know enough to give the distribution, an Odds with no rows and a
        ``reason`` saying why and what would tell (never None for an order that rolls dice).
        """
        return None

    def opening(self, state: State) -> list[Event]:
        """The events of ``setup`` that go on the record after the game's first event: the roll events
        of dice rolled while setting up (a roll-off, an initiative draw) and what they decided, so
        that every die is a logged roll event that a replay checks. The base rolls none: []. Raises
        nothing."""
        return []

    def correction_problem(self, state: State, path: str, old: Any, new: Any) -> str | None:
        """Why the GM may not set ``path`` of ``state`` from ``old`` to ``new`` (a rule of this system's
        state that the generic checks of :mod:`core.correction` cannot know), or None. The base knows
        none. Raises nothing."""
        return None

    def order_warnings(self, state: State, seat: str, text: str) -> list[str]:
        """Why an order the rules allow would do nothing or waste something if given now (one line
        each; empty when it is sound or does not parse: the refusal is the parser's to give).
        For orders that take effect at once, shown before they are given. Raises nothing."""
        return []

    def sheet_notes(self, state: State, seat: str) -> dict[str, Any]:
        """The money of ``seat``'s order sheet: ``{"unit", "start", "spent", "left", "rows", "lines"}``.

        ``unit`` names the currency (``"credits"``, ``"CP"``); ``rows`` go with ``view["sheet"]`` one
        for one: ``{"cost", "left", "at", "warning"}`` (what the order takes, what is left after it, a
        capped place's spending such as ``"Kuat 12/15"``, why the order can do nothing or loses
        something, ``""`` if not); ``lines`` are running totals in words. Raises nothing; the base
        (and the GM) has none: ``{}``."""
        return {}

    def victory(self, state: State, viewer: str) -> dict[str, Any]:
        """How the game is won and how near each side is, as ``viewer`` may know it:
        ``{"goal": str, "score": {side: points}, "rows": [{"objective", "side", "have", "need",
        "value" (0..1), "text", "rule", "done"}]}``. Raises nothing; the base has none: ``{}``."""
        return {}

    def urgent(self, state: State, viewer: str) -> list[dict[str, str]]:
        """What ``viewer`` must do now or lose something (a forced retreat, a report due):
        ``[{"text", "level"}]`` with level ``"urgent"`` or ``"info"``. Raises nothing; the base has none."""
        return []

    def report_summary(self, events: list[Event], viewer: str) -> "Summary":
        """The summary of a turn report (battles with each side's losses, places changing hands,
        builds finished, headlines) read from the events ``viewer`` may see (already filtered).
        The base makes every event but rolls, orders and turn markers a headline; rulesets read
        their own events into battles and builds. Raises nothing."""
        return generic_summary(events)

    def reference(self) -> list[dict[str, Any]]:
        """Every unit type of the rule system, from its own data, for the players' reference screen:
        rows with ``name``, ``code`` (the order word), ``side``, ``kind``, ``cost``, ``capacity``
        (None where it means nothing), ``keywords`` (a list) and ``does`` (what it does, in words).
        Raises nothing; the base has none."""
        return []

    def glossary(self) -> list[dict[str, str]]:
        """What the war room may add beside the reference: what its columns and codes mean, as rows
        ``{"term", "means"}`` (``"LR"``: long range ...). Raises nothing; the base has none."""
        return []

    def rules_text(self) -> Rulebook:
        """The rules of the system, rule by rule with their catalog IDs and sections, in holotable's
        words, from the package's ``data/rules.toml`` (the package holding the ruleset's class). Raises
        DataError when the file is missing or malformed."""
        return load_rulebook(".".join(type(self).__module__.split(".")[:3]))

    def starter_lists(self) -> dict[str, str]:
        """Ready-made lists (fleets, decks, armies built before a game) a player may take at once, by
        name, as list text (empty: the rule system has no list building)."""
        return {}

    def check_list(self, text: str) -> list[str]:
        """What a list (as text) breaks, one message per broken rule naming its ID; empty when legal.
        The base has no list rules and finds nothing."""
        return []

    def legal_orders(self, state: State, seat: str) -> list[str]:
        """A sample of orders ``seat`` could legally give now (empty when not awaited); :meth:`accepted`
        is the usual body."""
        return []

    # -- for the checks: the conformance playouts, the property tests and the leak tests --------------
    def invariants(self, before: State, after: State, events: list[Event]) -> list[str]:
        """Violations of the ruleset's invariants in the step from ``before`` to ``after`` that produced ``events``: one readable message each; empty when all hold.

        The conformance playouts and the property tests call it after every order and every
        resolution. Rulesets override it with their own checks (conservation except by a logged
        cause, caps, limits). Raises nothing: a violation is reported, not raised.
        """
        return []

    def hidden_changes(self, state: State, viewer: str) -> list[tuple[str, Callable[[State], None]]]:
        """Changes to things ``viewer`` may not know, for leak tests: (what, change-in-place) pairs.

        The base offers the dice seed and the order sheets of seats on other sides; rulesets add
        their own secrets (unseen units, hidden bases, sealed choices).
        """
        changes: list[tuple[str, Callable[[State], None]]] = [
            ("the dice seed", lambda s: s["dice"].__setitem__("seed", s["dice"]["seed"] + "-changed")),
        ]
        if "secret" in state:
            changes.append(("the sealing secret", lambda s: s.__setitem__("secret", str(s["secret"]) + "-changed")))
        side = self.side_of(state, viewer)
        for seat in state.get("sheets", {}):
            if self.side_of(state, seat) != side:
                changes.append((f"{seat}'s order sheet", lambda s, seat=seat: s["sheets"].__setitem__(seat, [])))  # type: ignore[misc]  # mypy cannot type a lambda with a default argument
        return changes

    # == 3. What the base class does for it ===========================================================
    def view(self, state: State, viewer: str) -> View:
        """Everything ``viewer`` (a seat or ``"gm"``) may know, and nothing more (:attr:`views`)."""
        return self.views.build(state, viewer)

    def outcome(self, state: State) -> Outcome | None:
        """Who won and why, or None while the game goes on (the state's :attr:`result_key`)."""
        result = state.get(self.result_key)
        return None if result is None else Outcome(tuple(result["winners"]), str(result["reason"]))

    def bot(self, view: View, seat: str) -> list[str]:
        """Orders for ``seat`` chosen from its own view only (:attr:`bots`)."""
        return self.bots.play(view, seat)

    def side_of(self, state: State, seat: str) -> str | None:
        """The side of a seat, or None for the GM or an unknown name."""
        info = state["seats"].get(seat)
        return None if info is None else str(info["side"])

    def context(self, state: State, seat: str, by: str | None = None) -> Context:
        """The context orders are parsed and carried out in."""
        return Context(self, state, seat, by)

    def submit(self, state: State, seat: str, text: str, by: str | None = None) -> list[Event]:
        """Parse and carry out (or queue) one order for ``seat``. Raises OrderError; then nothing changed."""
        if seat not in self.awaiting(state):
            raise OrderError(f"{text.strip()!r}: {seat} has nothing to order now; waiting for {', '.join(sorted(self.awaiting(state))) or 'nobody'}")
        ctx = self.context(state, seat, by)
        parsed = self.order_book().parse(text, ctx)
        trial = self.trial_copy(state, seat)
        trial_ctx = self.context(trial, seat, by)
        events = self.carry_out(trial_ctx, parsed)
        state.clear()
        state.update(trial)
        return events

    def trial_copy(self, state: State, seat: str) -> State:
        """A copy of ``state`` that an order of ``seat`` may change freely: the ``order_keys`` (all, if None).
        A system may override it with a faster copy of the same."""
        if self.order_keys is None:
            return copy.deepcopy(state)
        trial = dict(state)
        for key in self.order_keys:
            if key == "sheets" and key in state:
                # an order changes only its own seat's sheet: the others are shared, not copied
                trial["sheets"] = dict(state["sheets"])
                trial["sheets"][seat] = copy.deepcopy(state["sheets"].get(seat, []))
            elif key in state:
                trial[key] = copy.deepcopy(state[key])
        return trial

    def carry_out(self, ctx: Context, parsed: Parsed) -> list[Event]:
        """Run a parsed order's handler. Raises OrderError."""
        return list(parsed.spec.handler(ctx, **parsed.values) or [])

    def accepted(self, state: State, seat: str, candidates: Iterable[str]) -> list[str]:
        """The ``candidates`` that ``seat`` could give now, each tried on its own on a copy of ``state``
        (empty when ``seat`` is not awaited): the usual body of :meth:`legal_orders`. Raises nothing."""
        if seat not in self.awaiting(state):
            return []
        found = []
        for text in candidates:
            try:
                self.submit(self.trial_copy(state, seat), seat, text)
            except HolotableError:
                continue
            found.append(text)
        return found

    def withdraw(self, state: State, seat: str, index: int) -> list[Event]:
        """Take order ``index`` (0-based) off ``seat``'s sheet. Raises OrderError if there is none."""
        sheet = state.get("sheets", {}).get(seat, [])
        if not 0 <= index < len(sheet):
            raise OrderError(f"{seat} has no order {index + 1} on the sheet (it holds {len(sheet)})")
        sheet.pop(index)
        return []

    def sheet_record(self, state: State) -> list[Event]:
        """The order sheets as they stand when the turn resolves, one ``order`` event per order, each
        shown to its seat's side: the record of what was ordered, without the orders that were edited
        or withdrawn before (those stay in the session's journal only). Raises nothing."""
        events: list[Event] = []
        for seat, sheet in (state.get("sheets") or {}).items():
            side = self.side_of(state, seat)
            if side is None:
                continue
            for order in sheet:
                text = order.get("text", "") if isinstance(order, dict) else str(order)
                by = order.get("by") if isinstance(order, dict) else None
                on_behalf = f" (by {by} on behalf of {seat})" if by and by != seat else ""
                events.append(event("order", f"{seat} orders: {text}{on_behalf}", [to_team(side)],
                                    int(state.get("turn", 0)), seat=seat))
        return events

    def presentation(self, state: State, viewer: str) -> dict[str, Any]:
        """The war room's extras for ``viewer`` (a seat or ``"gm"``), added to every view by the
        session: :data:`EXTRA_KEYS`. Raises nothing."""
        seat = viewer in state.get("seats", {})
        return {"sheet_notes": self.sheet_notes(state, viewer) if seat else {},
                "victory": self.victory(state, viewer), "urgent": self.urgent(state, viewer)}

    @staticmethod
    def dice(state: State) -> Dice:
        """The game's dice, positioned at the state's counter."""
        return Dice.from_state(state["dice"], turn=int(state.get("turn", 0)))

    @staticmethod
    def keep_dice(state: State, dice: Dice) -> list[Event]:
        """Write the dice counter back into the state and hand over its roll events."""
        state["dice"] = dice.to_state()
        return dice.drain()


def outcome_dict(outcome: Outcome | None) -> dict[str, Any] | None:
    """JSON form of an optional outcome."""
    return None if outcome is None else asdict(outcome) | {"winners": list(outcome.winners)}
