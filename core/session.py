"""The session around a game: seats and permissions, order sheets, readiness, deadlines, the GM's
powers, the message board, bots, and a journal from which the whole game replays exactly.

A session is pure: time comes in as an argument (seconds since the epoch), nothing is written
anywhere. Listeners (the TUI, the server, the saves) subscribe to hear what changed.
"""
from __future__ import annotations

import copy
import json
import secrets
from typing import Any, Callable, Iterable

from core.access import opens, seal
from core.correction import corrected, next_step
from core.dice import Dice, seed_hash
from core.dice_words import fixed
from core.errors import HolotableError, OrderError, PermissionRefused, SetupError, StateError
from core.events import GM, Event, event, filter_events, standing, to_seat, to_team
from core.options import check_options
from core.registry import find_ruleset
from core.ruleset import Outcome, Ruleset, SeatSpec, State, View
from core.text import describe_char, first_control

SCHEMA = 1
AWAY_HOURS_BEFORE_DEADLINE = 12
DEADLINE = "deadline"  #: the actor of what the deadline does on its own (away marks, resolutions, bots)
Listener = Callable[[str, dict[str, Any]], None]


def _plain(text: str, what: str, error: type[HolotableError]) -> None:
    """Raise ``error`` if ``text`` holds a control character (it would act on the terminals that show it)."""
    bad = first_control(text)
    if bad is not None:
        raise error(f"{what} holds a control character ({describe_char(text[bad])}) at position {bad + 1}; "
                    f"write plain text")


class Session:
    """One game and everything around it. Build with :meth:`new` or :meth:`from_record`."""

    def __init__(self, ruleset: Ruleset, record: dict[str, Any]) -> None:
        self.ruleset = ruleset
        self.record = record
        self._listeners: list[Listener] = []
        #: steps the bots play at a time (a resolution, or one bot's action in a game taken in turns):
        #: None plays on at once; a front end with a watcher sets 1 and calls :meth:`play_bots` at its pace
        self.bot_steps: int | None = None

    # -- making and keeping ---------------------------------------------------------------------
    @classmethod
    def new(cls, ruleset_id: str, seats: Iterable[tuple[str, str] | tuple[str, str, bool]],
            scenario: str | None = None, options: dict[str, Any] | None = None,
            seed: str | None = None, gm: str = GM, now: float | None = None,
            secret: str | None = None, reproducible: bool = True, bot_steps: int | None = None) -> "Session":
        """Set up a new game. ``seats`` are (name, side[, bot]).

        ``seed`` seeds the dice (None: a random one). With ``reproducible=False`` a given seed is
        mixed with secret randomness, so that a guessable typed seed gives nothing away; the edges
        (lobby, console) do that unless the GM asks for a reproducible test game. ``secret`` is the
        game's sealing secret (``state["secret"]``, None: fresh randomness): salts of sealed
        records come from it, never from the seed; a replay passes the recorded one.

        With ``now`` (seconds since the epoch) and a ruleset option ``turn_hours``, the first
        deadline is set ``turn_hours`` from now and moves on by as much after each resolution.
        ``bot_steps``: see :attr:`bot_steps` (the bots' first moves are played under it).
        Raises UnknownRuleset or SetupError.
        """
        ruleset = find_ruleset(ruleset_id)
        seat_list = [(s[0], s[1], bool(s[2]) if len(s) > 2 else False) for s in seats]
        names = [n for n, _, _ in seat_list]
        if len(set(names)) != len(names):
            raise SetupError(f"seat names must differ; got {', '.join(names)}")
        _plain(gm, "the GM's name", SetupError)
        for name in names:
            if not name or not name.replace("_", "").replace("-", "").isalnum() or name == GM:
                raise SetupError(f"seat name {name!r} must be letters, digits, '-' or '_' (and not 'gm')")
        for name, side, _ in seat_list:
            if side not in ruleset.sides():
                raise SetupError(f"seat {name}: no side {side!r} in {ruleset.title}; sides: {', '.join(ruleset.sides())}")
        scenario = scenario or next(iter(ruleset.scenarios()))
        if scenario not in ruleset.scenarios():
            raise SetupError(f"unknown scenario {scenario!r}; scenarios: {', '.join(ruleset.scenarios())}")
        merged = check_options(ruleset.option_specs(), options)
        if seed is None:
            seed = secrets.token_hex(16)
        elif not reproducible:
            seed = f"{seed}~{secrets.token_hex(16)}"
        state = ruleset.setup(scenario, [SeatSpec(n, s) for n, s, _ in seat_list], merged, str(seed))
        state["secret"] = secret if secret is not None else secrets.token_hex(32)
        record = {
            "schema": SCHEMA,
            "ruleset": ruleset_id,
            "scenario": scenario,
            "options": merged,
            "seed": str(seed),
            "seed_hash": seed_hash(str(seed)),
            "gm": gm,
            "seats": [{"name": n, "side": s, "bot": b} for n, s, b in seat_list],
            "state": state,
            "ready": [],
            "deadline": None,
            "turn_hours": None,
            "messages": [],
            "log": [event("start", f"{ruleset.title} begins; dice seed hash {seed_hash(str(seed))}", ["all"], 0),
                    *ruleset.opening(state)],
            "journal": [],
        }
        if now is not None and merged.get("turn_hours"):
            record["deadline"] = float(now) + float(merged["turn_hours"]) * 3600
            record["turn_hours"] = float(merged["turn_hours"])
        session = cls(ruleset, record)
        session.bot_steps = bot_steps
        session._run_bots()
        return session

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> "Session":
        """A session from its saved record. Raises StateError or UnknownRuleset."""
        try:
            ruleset = find_ruleset(record["ruleset"])
            record["state"]["turn"]
            options = record["options"]
            if not isinstance(options, dict):
                raise TypeError("options")
        except (KeyError, TypeError) as exc:
            raise StateError(f"not a holotable game record (missing {exc})") from None
        try:
            check_options(ruleset.option_specs(), options, unknown_ok=True)
        except SetupError as exc:
            raise StateError(f"the game cannot be opened: {exc}") from None
        return cls(ruleset, record)

    @classmethod
    def replay(cls, record: dict[str, Any], upto: int | None = None,
               each: Callable[["Session", dict[str, Any]], None] | None = None) -> "Session":
        """Play a game again from its seed and journal (the first ``upto`` entries).

        ``each(session, entry)`` is called after every entry. Raises HolotableError if an entry
        no longer applies (the record was tampered with).
        """
        session = cls.new(record["ruleset"], [(s["name"], s["side"], False) for s in record["seats"]],
                          record["scenario"], record["options"], record["seed"], record["gm"],
                          secret=record["state"].get("secret"))
        bots = {s["name"] for s in record["seats"] if s["bot"]}
        for seat in session.record["seats"]:
            seat["bot"] = seat["name"] in bots
        for entry in record["journal"][:upto]:
            session._apply_entry(entry)
            if each is not None:
                each(session, entry)
        return session

    def _apply_entry(self, entry: dict[str, Any]) -> None:
        op, actor = entry["op"], entry["actor"]
        if op == "order":
            self.order(actor, entry["seat"], entry["text"], run_bots=False)
        elif op == "withdraw":
            self.withdraw(actor, entry["seat"], entry["index"])
        elif op == "ready":
            self.ready(actor, entry["seat"], entry["flag"], run_bots=False)
        elif op == "resolve" and actor == "deadline":
            self._journal(op="resolve", actor="deadline")
            self._resolve(run_bots=False)
        elif op == "resolve":
            self.resolve(actor, run_bots=False)
        elif op == "away":
            self.away(actor, entry["seat"], entry["flag"])
        elif op == "roll":
            self.gm_roll(actor, entry["count"], entry["sides"], entry["reason"])
        elif op == "correct" and "changes" in entry:
            self.gm_correct_many(actor, [(p, v) for p, v in entry["changes"]], entry["reason"], checked=False)
        elif op == "correct":
            self.gm_correct(actor, entry["path"], entry["value"], entry["reason"], checked=False)
        elif op == "post":
            self.post(actor, entry["thread"], entry["text"])
        elif op == "bot":
            self.set_bot(actor, entry["seat"], entry["flag"], run_bots=False)
        elif op == "reopen":
            self.reopen(actor, entry["reason"], entry["dice"] == "new", run_bots=False, _entry=entry)
        elif op == "imported":
            pass  # the GM imported an edited record knowingly: a note, nothing to play
        else:
            raise StateError(f"unknown journal entry {op!r}")

    def to_json(self) -> str:
        """The record as JSON text."""
        return json.dumps(self.record, separators=(",", ":"))

    # -- listening ------------------------------------------------------------------------------
    def subscribe(self, listener: Listener, first: bool = False) -> Callable[[], None]:
        """Call ``listener(kind, payload)`` after every change; returns a function that unsubscribes.

        ``first`` puts the listener before the others (the store saves before anyone is told).
        """
        if first:
            self._listeners.insert(0, listener)
        else:
            self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    def _tell(self, kind: str, **payload: Any) -> None:
        for listener in list(self._listeners):
            listener(kind, payload)

    # -- facts ------------------------------------------------------------------------------------
    @property
    def state(self) -> State:
        """The game state (for the engine and the GM; players get :meth:`view`)."""
        return self.record["state"]

    @property
    def turn(self) -> int:
        """The current turn."""
        return int(self.state["turn"])

    @property
    def gm(self) -> str:
        """The GM's name."""
        return str(self.record["gm"])

    def seats(self) -> list[str]:
        """Seat names in seat order."""
        return [s["name"] for s in self.record["seats"]]

    def side_of(self, seat: str) -> str | None:
        """A seat's side, or None."""
        return self.ruleset.side_of(self.state, seat)

    def all_bots(self) -> bool:
        """Whether bots play every seat (then only the GM, or a deadline, resolves a turn)."""
        return all(s["bot"] for s in self.record["seats"])

    def is_bot(self, seat: str) -> bool:
        """Whether a bot plays ``seat``."""
        return any(s["name"] == seat and s["bot"] for s in self.record["seats"])

    def awaiting(self) -> set[str]:
        """Seats that may act now (none once the game is over)."""
        if self.outcome() is not None:
            return set()
        return self.ruleset.awaiting(self.state)

    def outcome(self) -> Outcome | None:
        """Who won, or None."""
        return self.ruleset.outcome(self.state)

    def is_actor(self, actor: str) -> bool:
        """Whether ``actor`` is the GM or a seat of this game."""
        return actor == GM or actor == self.gm or actor in self.seats()

    def _is_gm(self, actor: str) -> bool:
        return actor == GM or actor == self.gm

    def may_order(self, actor: str, seat: str) -> bool:
        """Whether ``actor`` may order for ``seat``: their own, a Grand Admiral's right, or the GM."""
        if seat not in self.seats():
            return False
        return self._is_gm(actor) or actor == seat or self.ruleset.may_act_for(self.state, actor, seat)

    def _check(self, actor: str, seat: str) -> None:
        if seat not in self.seats():
            raise PermissionRefused(f"no seat {seat!r}; seats: {', '.join(self.seats())}")
        if not self.may_order(actor, seat):
            raise PermissionRefused(f"{actor} may not act for {seat}: only {seat} themself, the GM, or a teammate with the right to act for them")

    def _require_gm(self, actor: str, what: str) -> None:
        if not self._is_gm(actor):
            raise PermissionRefused(f"only the GM may {what}")

    def _log(self, events: list[Event]) -> None:
        self.record["log"].extend(events)

    def _journal(self, **entry: Any) -> None:
        self.record["journal"].append(entry)

    def _over(self) -> None:
        if (outcome := self.outcome()) is not None:
            raise OrderError("the game is over: " + outcome.reason)

    # -- orders and readiness ---------------------------------------------------------------------
    def order(self, actor: str, seat: str, text: str, run_bots: bool = True) -> list[Event]:
        """Give an order for ``seat``. Raises PermissionRefused or OrderError; then nothing changed."""
        self._over()
        self._check(actor, seat)
        _plain(text, "the order", OrderError)
        by = None if actor == seat else ("gm" if self._is_gm(actor) else actor)
        events = self.ruleset.submit(self.state, seat, text, by)
        self._journal(op="order", actor=actor, seat=seat, text=text.strip())
        if seat in self.record["ready"] and self.ruleset.simultaneous:
            self.record["ready"].remove(seat)
        # a queued order is on the sheet, not yet in the record: the record gets the sheets as they
        # stand when the turn resolves (no phantoms of edited or withdrawn orders); the journal keeps all
        self._log([e for e in events if not (self.ruleset.simultaneous and e.get("kind") == "order")])
        self._tell("order", seat=seat, events=events)
        if not self.ruleset.simultaneous:
            self._after_step(run_bots)
        elif run_bots:
            self._run_bots()
        return events

    def withdraw(self, actor: str, seat: str, index: int) -> list[Event]:
        """Remove order ``index`` (0-based) from ``seat``'s sheet. Raises PermissionRefused or OrderError."""
        self._over()
        self._check(actor, seat)
        events = self.ruleset.withdraw(self.state, seat, index)
        self._journal(op="withdraw", actor=actor, seat=seat, index=index)
        if seat in self.record["ready"]:
            self.record["ready"].remove(seat)
        self._tell("withdraw", seat=seat)
        return events

    def sheet(self, seat: str) -> list[dict[str, Any]]:
        """``seat``'s queued orders."""
        return list(self.state.get("sheets", {}).get(seat, []))

    def ready(self, actor: str, seat: str, flag: bool = True, run_bots: bool = True) -> list[Event]:
        """Mark ``seat``'s orders complete (or not); resolves once every awaited seat is ready.

        Raises PermissionRefused, or OrderError if the seat is not awaited or the game is over.
        """
        self._over()
        self._check(actor, seat)
        if seat not in self.awaiting():
            raise OrderError(f"{seat} is not awaited now; waiting for {', '.join(sorted(self.awaiting())) or 'nobody'}")
        ready = self.record["ready"]
        if flag and seat not in ready:
            ready.append(seat)
        elif not flag and seat in ready:
            ready.remove(seat)
        self._journal(op="ready", actor=actor, seat=seat, flag=flag)
        self._tell("ready", seat=seat, flag=flag, count=len(ready), of=len(self.awaiting()))
        if self.awaiting() and set(self.awaiting()) <= set(ready) and not self.all_bots():
            return self._resolve(run_bots)
        if run_bots:
            self._run_bots()
        return []

    def resolve(self, actor: str, run_bots: bool = True) -> list[Event]:
        """The GM forces resolution now; seats that are not ready do what their sheets say (or nothing)."""
        self._over()
        self._require_gm(actor, "force a resolution")
        kept = copy.deepcopy(self.record["state"])
        self._journal(op="resolve", actor=actor)
        entries = len(self.record["journal"])
        try:
            return self._resolve(run_bots)
        except HolotableError:
            if len(self.record["journal"]) == entries:  # the ruleset refused before anything else happened
                self.record["journal"].pop()
                self.record["state"] = kept
            raise

    def _resolve(self, run_bots: bool) -> list[Event]:
        before = self.turn
        record = self.ruleset.sheet_record(self.state) if self.ruleset.simultaneous else []
        events = record + self.ruleset.resolve(self.state)
        self.record["ready"] = []
        if self.record.get("turn_hours") and self.record.get("deadline") is not None:
            self.record["deadline"] += float(self.record["turn_hours"]) * 3600
        elif self.turn != before:
            self.record["deadline"] = None
        outcome = self.outcome()
        if outcome is not None:
            events = [e for e in events if e["kind"] != "end"]
            events.append(self._end_event(outcome))
        self._log(events)
        self._tell("resolved", turn=self.turn, events=events)
        if run_bots:
            self._run_bots()
        return events

    def _end_event(self, outcome: Outcome) -> Event:
        """The public announcement of the end, which reveals the dice seed."""
        return event("end", f"Game over: {outcome.reason}. The dice seed was {self.record['seed']!r}.", ["all"], self.turn)

    def _after_step(self, run_bots: bool) -> None:
        outcome = self.outcome()
        if outcome is not None and not any(e["kind"] == "end" for e in self.record["log"][-3:]):
            self._log([self._end_event(outcome)])
            self._tell("end", reason=outcome.reason)
        if run_bots:
            self._run_bots()

    # -- availability, deadlines ------------------------------------------------------------------
    def away(self, actor: str, seat: str, flag: bool = True) -> list[Event]:
        """Mark ``seat`` unavailable this turn (themself or the GM). Raises PermissionRefused."""
        self._over()
        if seat not in self.seats():
            raise PermissionRefused(f"no seat {seat!r}; seats: {', '.join(self.seats())}")
        if not (actor == seat or self._is_gm(actor) or actor == DEADLINE):
            raise PermissionRefused(f"only {seat} or the GM may say {seat} is away")
        away = self.state.setdefault("away", [])
        if flag and seat not in away:
            away.append(seat)
        elif not flag and seat in away:
            away.remove(seat)
        self._journal(op="away", actor=actor, seat=seat, flag=flag)
        side = self.side_of(seat)
        why = " (the deadline passed)" if actor == DEADLINE else ""
        ev = event("away", f"{seat} is {'away' if flag else 'back'}{why}", [to_team(side)] if side else ["all"], self.turn)
        self._log([ev])
        self._tell("away", seat=seat, flag=flag)
        return [ev]

    def set_deadline(self, actor: str, when: float | None, turn_hours: float | None = None,
                     post_hours: float | None = None) -> None:
        """The GM sets (or clears) the deadline, optionally repeating every ``turn_hours``. In a game of
        posts in turn (the ruleset's ``posting``), ``post_hours`` gives each poster that window from
        the moment their post opens (the deadline moves on with the post); None keeps one deadline for
        the game day (a per-day deadline). Raises PermissionRefused."""
        self._require_gm(actor, "set a deadline")
        self.record["deadline"] = when
        self.record["turn_hours"] = turn_hours
        self.record["post_hours"] = post_hours if when is not None else None
        self.record.pop("post_open", None)
        if when is not None and post_hours:
            self.record["post_open"] = self._post_mark()
        self._tell("deadline", when=when)

    def _post_mark(self) -> dict[str, Any] | None:
        """Whose post is open now, and how far the day has gone (None in a game not taken in posts)."""
        posting = self.ruleset.posting(self.state)
        if not posting.get("posting"):
            return None
        return {"turn": self.turn, "seat": posting["posting"][0], "posted": len(posting.get("posted") or [])}

    def _per_post(self, now: float) -> None:
        """A post opened since the last look: its poster gets the GM's window from now."""
        hours = self.record.get("post_hours")
        if not hours or self.record.get("deadline") is None:
            return
        mark = self._post_mark()
        if mark is not None and mark != self.record.get("post_open"):
            self.record["post_open"] = mark
            self.record["deadline"] = float(now) + float(hours) * 3600
            self._tell("deadline", when=self.record["deadline"])

    def tick(self, now: float) -> list[Event]:
        """Let time pass: seats with no orders close to the deadline count as away; at the deadline the
        turn resolves. In a game of posts in turn with a window per post, each poster's deadline runs
        from when their post opened, and only the poster whose deadline passed is marked away. Every
        mark and resolution is the deadline's (journal actor ``deadline``), not the GM's."""
        if self.outcome() is not None:
            return []
        self._per_post(now)
        deadline = self.record.get("deadline")
        if deadline is None:
            return []
        per_post = bool(self.record.get("post_hours")) and self.record.get("post_open") is not None
        away_hours = 0.0 if per_post else float(self.record["options"].get("away_hours", AWAY_HOURS_BEFORE_DEADLINE))
        if now >= deadline - away_hours * 3600:
            for seat in sorted(self.awaiting()):
                if not self.sheet(seat) and seat not in self.state.get("away", []) and seat not in self.record["ready"]:
                    self.away(DEADLINE, seat, True)
        if now >= deadline:
            turn = self.turn
            if self.record.get("deadline_bots"):
                late = [s for s in sorted(self.awaiting()) if not self.sheet(s) and s not in self.record["ready"]
                        and not self.is_bot(s)]
                for seat in late:
                    self.set_bot(DEADLINE, seat, True, run_bots=False)
                if late:
                    self._run_bots()
            if self.turn != turn or self.outcome() is not None:
                self._per_post(now)
                return []
            self._journal(op="resolve", actor=DEADLINE)
            events = self._resolve(True)
            self._per_post(now)
            return events
        return []

    # -- the GM's powers --------------------------------------------------------------------------
    def gm_roll(self, actor: str, count: int, sides: int, reason: str) -> list[Event]:
        """The GM rolls dice in the open with the game's dice. Raises PermissionRefused or OrderError."""
        self._require_gm(actor, "roll dice in the open")
        _plain(reason, "the reason", StateError)
        if not (1 <= count <= 20 and 2 <= sides <= 100):
            raise OrderError(f"roll {count}d{sides}: roll 1 to 20 dice of 2 to 100 sides, e.g. 'roll 2d6 boarding action'")
        dice = Dice.from_state(self.state["dice"], turn=self.turn)
        values = dice.roll(count, sides, f"GM roll: {reason or 'no reason given'}", ["all"], why=fixed(count, "the GM's call"))
        events = self.ruleset.keep_dice(self.state, dice)
        if count > 1 and events:
            events[-1]["text"] += f" (total {sum(values)})"
        self._journal(op="roll", actor=actor, count=count, sides=sides, reason=reason)
        self._log(events)
        self._tell("roll", events=events)
        return events

    def gm_correct(self, actor: str, path: str, value: str, reason: str, checked: bool = True) -> list[Event]:
        """The GM sets one value of the state (``a.b.c`` path, JSON value) with a logged reason: see
        :meth:`gm_correct_many`. Raises PermissionRefused, or StateError (nothing changes)."""
        return self.gm_correct_many(actor, [(path, value)], reason, checked)

    def gm_correct_many(self, actor: str, changes: list[tuple[str, str]], reason: str,
                        checked: bool = True) -> list[Event]:
        """The GM sets values of the state (each a ``a.b.c`` path and a JSON value), checked and applied
        as one (a ship moved from one fleet to another names both), with a logged reason.

        Each value is checked against the state's shape (:mod:`core.correction`: its type, finite
        numbers of sane size, ids the game knows, an object's keys, never a thing's own id), then
        the corrected state is tried on a copy: every view, the awaited seats, the outcome, the
        ruleset's invariants, a reload from the record, and what the game runs next (the bots give
        their orders and the turn resolves, or a bot takes its step); a correction the game could
        not go on with is refused with the reason. (``checked=False`` only when replaying a journal,
        whose corrections were checked when they were made.)

        Raises PermissionRefused, or StateError for a bad path or value (nothing changes).
        """
        self._require_gm(actor, "correct the state")
        _plain(reason, "the reason", StateError)
        if not reason.strip():
            raise StateError("a correction needs a reason, e.g. 'correct planets.Kuat.gf 3 ruling on the forum'")
        if not changes:
            raise StateError("say the path and the new value, e.g. 'correct planets.Kuat.gf 3 ruling on the forum'")
        paths = [p for p, _ in changes]
        trial, done = corrected(self, changes, checked)
        self.state.clear()
        self.state.update(trial)
        if len(changes) == 1:
            self._journal(op="correct", actor=actor, path=changes[0][0], value=changes[0][1], reason=reason)
        else:
            self._journal(op="correct", actor=actor, changes=[[p, v] for p, v in changes], reason=reason)
        said = "; ".join(f"{p} {json.dumps(o)} -> {json.dumps(n)}" for p, o, n in done)
        data: dict[str, Any] = ({"path": done[0][0], "old": done[0][1], "new": done[0][2]} if len(done) == 1 else
                                {"paths": [{"path": p, "old": o, "new": n} for p, o, n in done]})
        ev = event("correction", f"GM correction: {said} ({reason})", [GM], self.turn, reason=reason, **data)
        note = event("correction", f"The GM corrected the game: {reason}", ["all"], self.turn)
        self._log([ev, note])
        self._tell("correction", path=", ".join(paths))
        return [ev, note]

    def _next_step(self, state: State) -> Exception | None:
        """What goes wrong when the game goes on from ``state``, on a copy (see :func:`core.correction.next_step`)."""
        return next_step(self, state)

    def reopen(self, actor: str, reason: str, new_dice: bool = False, run_bots: bool = True,
               _entry: dict[str, Any] | None = None, orders: bool = False) -> list[Event]:
        """The GM reopens the last resolved turn: its state just before the resolution comes back
        (the start of the turn with every sheet as it was). With ``orders`` the turn stays open: the
        players and the GM may change its orders, and it resolves when every seat is ready again (or
        the GM resolves it); otherwise it is resolved again at once with the same dice or new ones
        (the next unused rolls of the game's dice). Told to every seat; what was done since (the
        resolution, the next turn's orders, corrections) is void, and the log's voided events are
        named in the reopening's event (reports, exports and replays tell the turn once, as it
        stands; ``corrections`` marks the voided ones). The deadline stays as it is.

        Raises PermissionRefused, or StateError if no turn was resolved yet or no reason is given.
        """
        self._require_gm(actor, "reopen a turn")
        _plain(reason, "the reason", StateError)
        if not reason.strip():
            raise StateError("reopening a turn needs a reason, e.g. 'reopen the jump to Kuat was legal'")
        if _entry is not None:
            at, fresh = int(_entry["at"]), _entry.get("n")
            orders = bool(_entry.get("orders"))
        else:
            if not self.ruleset.simultaneous:
                raise StateError(f"reopening a turn serves games of simultaneous orders; in {self.ruleset.title} "
                                 "set a value right with `correct <path> <value> <reason>`")
            at = self._last_resolution()
            fresh = self.state["dice"].get("n") if new_dice else None
        earlier = Session.replay(self.record, upto=at)
        before = earlier.state
        if fresh is not None:
            before["dice"]["n"] = int(fresh)
        turn, deadline = int(before["turn"]), self.record.get("deadline")
        voids = [len(earlier.record["log"]), len(self.record["log"])]
        self.state.clear()
        self.state.update(copy.deepcopy(before))
        self.record["ready"] = []
        entry: dict[str, Any] = {"op": "reopen", "actor": actor, "at": at, "reason": reason,
                                 "dice": "new" if new_dice else "same", "n": fresh}
        if orders:
            entry["orders"] = True
        self._journal(**entry)
        dice = f"with {'new' if new_dice else 'the same'} dice"
        then = (f"Its orders are open again: change them and say ready; it resolves {dice} when every seat is "
                "ready" if orders else f"It is resolved again {dice}")
        note = event("reopen", f"The GM reopened turn {turn}: {reason}. {then}; what was done since is void.",
                     ["all"], turn, voids=voids, orders=orders)
        self._log([note])
        self._tell("reopen", turn=turn, orders=orders)
        if orders:
            # the bots keep the orders they gave; the players say ready again
            self.record["ready"] = [s for s in sorted(self.awaiting()) if self.is_bot(s)]
            return [note]
        events = self._resolve(run_bots)
        self.record["deadline"] = deadline
        return [note, *events]

    def _last_resolution(self) -> int:
        """The journal index of the entry that resolved the last turn (a reopening: the one it redid)."""
        journal = self.record["journal"]
        found: list[int] = []
        turns = [Session.replay(self.record, upto=0).turn]

        def each(session: "Session", entry: dict[str, Any]) -> None:
            if session.turn != turns[0]:
                index = len(turns) - 1
                found.append(int(entry["at"]) if entry["op"] == "reopen" else index)
            turns[0] = session.turn
            turns.append(session.turn)
        Session.replay(self.record, each=each)
        if not found or len(turns) - 1 != len(journal):
            raise StateError("no turn has been resolved yet: there is nothing to reopen")
        return found[-1]

    def set_bot(self, actor: str, seat: str, flag: bool = True, run_bots: bool = True) -> None:
        """The GM (or the deadline, when the GM chose bots at the deadline) hands ``seat`` to a bot (or
        back to a player). Raises PermissionRefused."""
        if actor != DEADLINE:
            self._require_gm(actor, "replace a player with a bot")
        for info in self.record["seats"]:
            if info["name"] == seat:
                info["bot"] = flag
                break
        else:
            raise PermissionRefused(f"no seat {seat!r}; seats: {', '.join(self.seats())}")
        self._journal(op="bot", actor=actor, seat=seat, flag=flag)
        self._log([event("bot", f"{seat} is now played by {'a bot' if flag else 'a player'}", ["all"], self.turn)])
        self._tell("bot", seat=seat, flag=flag)
        if run_bots:
            self._run_bots()

    # -- bots -------------------------------------------------------------------------------------
    def play_bots(self) -> int:
        """The bots awaited now play: up to :attr:`bot_steps` steps (all they can, up to 200 orders, when None).

        Returns the steps played (0: no bot had anything to do). Refused bot orders are skipped; raises nothing.
        """
        return self._run_bots()

    def _run_bots(self) -> int:
        steps = 0
        for _ in range(200):
            if self.outcome() is not None:
                return steps
            todo = [s for s in self.seats() if self.is_bot(s) and s in self.awaiting() and s not in self.record["ready"]]
            if not todo:
                return steps
            if self.bot_steps is not None and steps >= self.bot_steps:
                return steps
            seat = todo[0]
            turn, waiting = self.turn, set(self.awaiting())
            acted = False
            for text in self.ruleset.bot(self.ruleset.view(self.state, seat), seat):
                try:
                    self.order(seat, seat, text, run_bots=False)
                except HolotableError:
                    continue
                acted = True
                if seat not in self.awaiting() or self.turn != turn:
                    break
            if self.ruleset.simultaneous:
                if seat in self.awaiting() and self.turn == turn:
                    self.ready(seat, seat, True, run_bots=False)
            elif not acted and self.turn == turn and set(self.awaiting()) == waiting and seat in self.awaiting():
                return steps  # the bot found nothing to do; leave it to the GM
            if self.turn != turn or (acted and not self.ruleset.simultaneous):
                steps += 1  # a step a watcher sees: a resolution, or a bot's action in a game taken in turns
        return steps

    # -- the message board ------------------------------------------------------------------------
    def threads_for(self, viewer: str) -> list[str]:
        """Threads ``viewer`` may read: public, their team's, their GM thread (the GM: all)."""
        if self._is_gm(viewer):
            sides = sorted({s["side"] for s in self.record["seats"]})
            return ["public", *(f"team:{s}" for s in sides), *(f"gm:{n}" for n in self.seats())]
        side = self.side_of(viewer)
        return ["public", f"team:{side}", f"gm:{viewer}"]

    def post(self, actor: str, thread: str, text: str) -> dict[str, Any]:
        """Post ``text`` to ``thread``. Raises PermissionRefused for a thread the actor may not write."""
        if not self.is_actor(actor):
            raise PermissionRefused(f"{actor} is not in this game")
        if thread not in self.threads_for(actor):
            raise PermissionRefused(f"{actor} may not write to {thread!r}; threads: {', '.join(self.threads_for(actor))}")
        if not text.strip():
            raise OrderError("an empty message; write something after the thread name")
        # control characters (terminal escapes) never reach another player's screen
        clean = "".join(ch for ch in text if ch in "\n\t" or (ord(ch) >= 32 and not 0x7F <= ord(ch) <= 0x9F))
        # numbered within the thread: a number never tells anyone of a thread they cannot read
        number = 1 + sum(1 for m in self.record["messages"] if m.get("thread") == thread)
        message = {"n": number, "thread": thread, "from": actor,
                   "turn": self.turn, "text": clean.strip()[:2000]}
        self.record["messages"].append(message)
        self._journal(op="post", actor=actor, thread=thread, text=text)
        self._tell("message", thread=thread, n=message["n"])
        return message

    def messages_for(self, viewer: str) -> list[dict[str, Any]]:
        """Messages ``viewer`` may read, oldest first."""
        threads = set(self.threads_for(viewer))
        return [m for m in self.record["messages"] if m["thread"] in threads]

    # -- secrets at a shared terminal ------------------------------------------------------------------
    def _access(self) -> dict[str, Any]:
        access = self.record.setdefault("access", {})
        access.setdefault("pins", {})
        return access

    def has_pin(self, seat: str) -> bool:
        """Whether ``seat`` set a PIN (a hot-seat curtain then asks for it)."""
        return bool(self.record.get("access", {}).get("pins", {}).get(seat))

    def check_pin(self, seat: str, pin: str) -> bool:
        """Whether ``pin`` opens ``seat`` (always, for a seat without a PIN)."""
        sealed = self.record.get("access", {}).get("pins", {}).get(seat)
        return True if not sealed else opens(sealed, pin)

    def set_pin(self, actor: str, seat: str, pin: str | None) -> None:
        """``seat`` sets, changes or (``pin`` empty or None) clears its own PIN; kept salted and
        hashed (scrypt) in the record, never in the journal. Raises PermissionRefused if ``actor`` is
        not ``seat``, or SetupError for a PIN that cannot be one."""
        if seat not in self.seats():
            raise PermissionRefused(f"no seat {seat!r}; seats: {', '.join(self.seats())}")
        if actor != seat:
            raise PermissionRefused(f"only {seat} may set {seat}'s PIN")
        pins = self._access()["pins"]
        if pin:
            pins[seat] = seal(pin, "PIN")
        else:
            pins.pop(seat, None)
        self._tell("access", seat=seat)

    def has_gm_passphrase(self) -> bool:
        """Whether the game has a GM passphrase (without one, no terminal shows the GM's view)."""
        return bool(self.record.get("access", {}).get("gm"))

    def check_gm_passphrase(self, passphrase: str) -> bool:
        """Whether ``passphrase`` is the GM's (never, when none was set)."""
        sealed = self.record.get("access", {}).get("gm")
        return bool(sealed) and opens(sealed, passphrase)

    def set_gm_passphrase(self, passphrase: str, old: str | None = None) -> None:
        """Set the GM's passphrase (when the game is made), or change it given the ``old`` one.

        Raises PermissionRefused for a wrong old passphrase, SetupError for one that cannot be one.
        """
        if self.has_gm_passphrase() and not self.check_gm_passphrase(old or ""):
            raise PermissionRefused("the GM passphrase can only be changed with the old one")
        self._access()["gm"] = seal(passphrase, "GM passphrase")
        self._tell("access", seat=GM)

    def final_order(self, text: str) -> str | None:
        """What an order that cannot be taken back does (None for any other order or unknown text)."""
        return self.ruleset.order_book().final(text)

    # -- asking the rules ---------------------------------------------------------------------------
    def odds(self, actor: str, seat: str, text: str) -> Any:
        """Exact odds of an order for ``seat`` (None if it rolls no dice). Raises PermissionRefused or OrderError."""
        self._check(actor, seat)
        return self.ruleset.odds(self.state, seat, text)

    def order_warnings(self, actor: str, seat: str, text: str) -> list[str]:
        """Why an order the rules allow would do nothing or waste something if given now (empty when sound).
        Raises PermissionRefused."""
        self._check(actor, seat)
        return list(self.ruleset.order_warnings(self.state, seat, text))

    def complete(self, actor: str, seat: str, text: str) -> list[str]:
        """Completions of a partly typed order for ``seat``. Raises PermissionRefused."""
        self._check(actor, seat)
        return self.ruleset.order_book().complete(text, self.ruleset.context(self.state, seat, actor))

    def help(self, verb: str | None = None, seat: str | None = None) -> str:
        """The order language's help, for one verb (with ``seat``, its example in that seat's own ids) or
        all; the list of all, with ``seat``, as that seat may give them now (the others named; orders carried inside another listed under it). Raises OrderError
        for an unknown verb."""
        if seat is not None and seat in self.seats():
            return self.ruleset.order_book().help(verb, self.ruleset.context(self.state, seat))
        return self.ruleset.order_book().help(verb)

    # -- seeing -----------------------------------------------------------------------------------
    def events_for(self, viewer: str, since_turn: int = 0) -> list[dict[str, Any]]:
        """The log as ``viewer`` may see it, from ``since_turn`` on."""
        side_of = lambda seat: self.side_of(seat)  # noqa: E731
        return filter_events((e for e in standing(self.record["log"]) if e["turn"] >= since_turn), viewer, side_of)

    def public_events(self, since_turn: int = 0) -> list[dict[str, Any]]:
        """The log as anyone watching may see it (only what is announced to all), from ``since_turn`` on."""
        return [{k: v for k, v in e.items() if k != "to"} for e in standing(self.record["log"])
                if e["turn"] >= since_turn and "all" in e["to"]]

    def view(self, viewer: str) -> View:
        """Everything ``viewer`` (a seat or the GM) may know now, with the log and the messages."""
        who = GM if self._is_gm(viewer) else viewer
        if who != GM and who not in self.seats():
            raise PermissionRefused(f"no seat {viewer!r}; seats: {', '.join(self.seats())}")
        view = self.ruleset.view(self.state, who)
        view.update(self.ruleset.presentation(self.state, who))
        outcome = self.outcome()
        view["awaiting"] = sorted(self.awaiting())
        view["ready"] = sorted(self.record["ready"])
        view["posting"] = self.ruleset.posting(self.state)
        view["deadline"] = self.record.get("deadline")
        view["seed_hash"] = self.record["seed_hash"]
        view["seats_public"] = [{"name": s["name"], "side": s["side"], "bot": s["bot"]} for s in self.record["seats"]]
        view["outcome"] = None if outcome is None else outcome.to_dict()
        if outcome is not None:
            view["seed"] = self.record["seed"]
        view["log"] = self.events_for(who, since_turn=max(0, self.turn - 1))
        view["messages"] = self.messages_for(who)
        return view
