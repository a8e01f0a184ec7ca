"""The line console: one command per line in, one answer per line out.

:class:`Console` is pure: it takes a line and returns an :class:`Answer`, and does no I/O. Where
games are kept is the business of the :class:`Keeper` its caller hands it (the edge keeps them in
the game store, see :mod:`tui.console`, which also holds the loop that reads lines and prints
answers). Without a keeper the game lives in memory only.

Nothing here knows which ruleset is in play: orders go to the session as text, views are drawn from
the shared view shape (see :mod:`core.ruleset`), help and completion come from the ruleset's order
book. Every refusal says why and leaves the game as it was; an unexpected error is reported in one
line and the game is restored from a copy taken before the command.
"""
from __future__ import annotations

import json
import re
import traceback
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Protocol

from core.errors import HolotableError
from core.events import GM, filter_events
from core.registry import find_ruleset, ruleset_ids
from core.rulebook import rule_ids_in
from core.rules_query import rules_answer, rules_command
from core.session import Session
from core.text import describe_char, first_control
from core.render import _words, render_event, render_message, order_text, render_sheet, render_board, render_view, posting_text
from core.report import render, session_report

__all__ = ["Answer", "CONFIRM", "CONFIRM_FLAG", "Console", "ConsoleError", "HOW_TO", "Keeper", "demo_line",
           "describe_ruleset", "dropped_final"]


class ConsoleError(HolotableError):
    """A console command was refused (bad syntax, no game yet, a file that will not do)."""


# -- where games are kept -------------------------------------------------------------------------
class Keeper(Protocol):
    """Where a console's games are kept, handed in by the edge (the console itself does no I/O).

    The edge's keeper saves the game it holds on every change (it listens to the session), so the
    console never writes anything itself.
    """

    def open(self, name: str) -> Session:
        """Open the kept game ``name`` for this console, letting go of the one held before.

        Raises HolotableError (unknown, locked, damaged, newer) with a readable reason; then the
        game held before is still held.
        """

    def adopt(self, session: Session) -> str:
        """Keep the new game ``session`` (saved now and on every change) and return its id, letting
        go of the one held before. Raises HolotableError if it cannot be kept."""

    def where(self) -> str:
        """Where the game held now is kept, in words (e.g. ``game raw-1 in /home/al/.../games``)."""

    def begin(self) -> None:
        """A command begins: remember where the held game's files stand, so that :meth:`resync` can put
        them back (turn files a failed command wrote are removed). Never raises."""

    def resync(self) -> None:
        """The console put the held game back as it was before a failed command: keep that, on disk too
        (nothing the command wrote is left behind). Never raises."""


# -- answers ----------------------------------------------------------------------------------------
@dataclass
class Answer:
    """What a console command answers: ok or refused, a text for people, data for programs."""

    ok: bool
    command: str
    text: str = ""
    data: dict[str, Any] = field(default_factory=dict)
    error: str | None = None
    quit: bool = False
    quiet: bool = False

    def as_text(self) -> str:
        """The answer for a person: the text, or the refusal."""
        if self.ok:
            return self.text
        if self.error and self.error.startswith("internal error"):
            return self.error
        return f"refused: {self.error}"

    def as_dict(self) -> dict[str, Any]:
        """The answer for a program: ``{"ok": true, "command", "text", ...}`` or ``{"ok": false, "error"}``."""
        if self.ok:
            return {"ok": True, "command": self.command, **self.data, "text": self.text}
        refusal = {"ok": False, "command": self.command, "error": self.error}
        if "confirm" in self.data:
            refusal["confirm"] = self.data["confirm"]
        return refusal

    def as_json(self) -> str:
        """:meth:`as_dict` as one line of JSON."""
        return json.dumps(self.as_dict(), ensure_ascii=False, default=str)


@dataclass(frozen=True)
class Command:
    """One console command: its name, usage, summary, and what it does."""

    name: str
    usage: str
    summary: str
    handler: str
    needs_game: bool = True
    changes: bool = True
    details: str = ""


SEED_NOTE = ("a typed seed is mixed with secret randomness, since a guessable seed would give away every die roll; "
             "reproducible=yes uses it as is, for a test game that replays from the seed alone")

CONFIRM = "yes"
CONFIRM_FLAG = "--yes"
FINAL_NOTE = (f"an order marked FINAL (e.g. concede) cannot be taken back: it is given only when the next line is "
              f"`{CONFIRM}` typed in full (anything else drops it), or with {CONFIRM_FLAG} at the end of its line "
              "(for scripts)")

COMMANDS: dict[str, Command] = {c.name: c for c in [
    Command("new", "new <ruleset> [scenario=<id>] [seed=<s> [reproducible=yes]] seats=<seat>:<side>[:bot][,...] [gm=<name>] [<option>=<value>...]",
            "start a new game", "_new", needs_game=False,
            details="example: new raw seed=42 seats=al:GAR,bo:CIS:bot,cy:GAR:bot,di:CIS:bot,ed:GAR:bot,fa:CIS:bot\n"
                    f"{SEED_NOTE}"),
    Command("as", "as <seat> <order> [--yes]  |  as <actor> for <seat> <order> [--yes]",
            "give an order for a seat (as itself, or as its Grand Admiral or the GM)", "_as",
            details="`help orders` lists the orders; `help <order>` explains one\n"
                    f"  {FINAL_NOTE}"),
    Command("withdraw", "withdraw <seat> <n>", "take order n (1-based) off the seat's sheet", "_withdraw"),
    Command("sheet", "sheet <seat>", "the seat's queued orders, numbered", "_sheet", changes=False),
    Command("ready", "ready <seat> [off]", "the seat's orders for this turn are complete (off: not yet)", "_ready"),
    Command("resolve", "resolve", "the GM resolves the turn now", "_resolve"),
    Command("status", "status", "turn, who is awaited, who is ready, the outcome", "_status", changes=False),
    Command("view", "view <seat>|gm", "everything that viewer sees, and nothing more", "_view", changes=False),
    Command("odds", "odds <seat> <order>", "the exact odds of an order that rolls dice", "_odds", changes=False),
    Command("log", "log <seat>|gm", "the whole event log as that viewer may see it", "_log", changes=False),
    Command("report", "report <seat>|gm|public [<turn>]", "a turn's report as that viewer may read it: summary first, "
            "then every die (default: the last resolved turn)", "_report", changes=False),
    Command("say", "say <actor> <thread> <text>", "post a message (threads: public, team:<side>, gm:<seat>)", "_say"),
    Command("messages", "messages <seat>|gm", "the messages that viewer may read", "_messages", changes=False),
    Command("away", "away <seat> [back]", "the seat is away this turn (back: it is back)", "_away"),
    Command("roll", "roll <count>d<sides> [reason]", "the GM rolls dice in the open", "_roll"),
    Command("correct", "correct <path> <json> [and <path> <json>]... <reason>",
            "the GM sets values of the state, checked and applied as one, with a logged reason", "_correct",
            details="example: correct turn 3 ruling on the forum\n"
                    "  several paths at once (a ship moved between fleets names both): "
                    "correct fleets.F1.ships [\"S2\"] and fleets.F2.ships [\"S1\",\"S3\"] moved by ruling\n"
                    "  a value keeps its type and ids stay ids the game knows; the corrected game is tried first "
                    "(views, the next resolution or bot step) and a correction it could not go on with is refused"),
    Command("bot", "bot <seat> [off]", "the GM hands a seat to a bot (off: back to a player)", "_bot"),
    Command("complete", "complete <seat> <partial order>", "completions for a partial order", "_complete", changes=False),
    Command("save", "save", "say where the game is kept (every change is saved as it is made)", "_save", changes=False),
    Command("load", "load <game>", "open a kept game by its id (`holotable saves` lists them)", "_load", needs_game=False),
    Command("rules", "rules [<system>] [<rule-id>|<words>]",
            "the rules of a system by section with their IDs, one rule, or the rules holding some words "
            "(in a game: its system by default)", "_rules", needs_game=False, changes=False,
            details="example: rules rift RIFT-REACT-09 | rules tote tractor | rules RIFT-MOVE (in a RiftWar game)"),
    Command("rulesets", "rulesets", "the rule systems this holotable knows", "_rulesets", needs_game=False, changes=False),
    Command("help", "help [<command>|orders [<seat>]|<order>]",
            "this list, one command, or the orders (those a seat may give now, in a game: the seat posting by default)", "_help",
            needs_game=False, changes=False),
    Command("quit", "quit", "leave the console", "_quit", needs_game=False, changes=False),
]}
ALIASES = {"exit": "quit", "?": "help"}
ROLL = re.compile(r"^(\d+)d(\d+)$", re.IGNORECASE)


def dropped_final(answer: Answer, pending: str) -> Answer:
    """``answer`` to the line that came instead of ``yes`` after the FINAL order ``pending``, saying
    that order was not given (in its text, or its refusal). Raises nothing."""
    note = f"not given: `{pending}` (FINAL orders need `{CONFIRM}` typed in full on the next line)"
    if answer.ok:
        answer.text = f"{note}\n{answer.text}" if answer.text else note
    else:
        answer.error = f"{note}; and {answer.error}"
    answer.quiet = False
    answer.data["dropped"] = pending
    return answer


def _usage(name: str) -> str:
    return f"usage: {COMMANDS[name].usage}"


# -- the console ------------------------------------------------------------------------------------
class Console:
    """A game driven by lines of text. Build it, then feed :meth:`handle` one line at a time.

    ``keeper``: where games are kept (``new`` keeps the new game there, ``load`` opens a kept one;
    the keeper saves every change before the answer is given, and a save that fails refuses the
    command and undoes it). Without one, the game lives in memory only.
    """

    def __init__(self, session: Session | None = None, keeper: Keeper | None = None) -> None:
        self.session: Session | None = None
        self.keeper = keeper
        self.last_traceback: str | None = None
        #: an ``as`` line holding a FINAL order, given only if the next line is ``yes``
        self.pending: str | None = None
        #: steps the bots of a new all-bot game play at a time (see :attr:`Session.bot_steps`): a front
        #: end with a watcher sets it and moves the game on at its pace; None plays on at once
        self.bot_steps: int | None = None
        self._heard: list[tuple[str, dict[str, Any]]] = []
        self._unsubscribe: Callable[[], None] | None = None
        if session is not None:
            self._adopt(session)

    # -- the one entry point ----------------------------------------------------------------------
    def handle(self, line: str) -> Answer:
        """Carry out one command line and answer it. Never raises; a refusal changes nothing."""
        raw = line.rstrip("\r\n").lstrip()
        if not raw.strip() or raw.startswith("#"):
            return Answer(True, "", quiet=True)
        pending, self.pending = self.pending, None
        if pending is not None:
            if raw.strip() == CONFIRM:
                return self.handle(f"{pending} {CONFIRM_FLAG}")
            dropped = self.handle(raw)
            return dropped_final(dropped, pending)
        word, rest = (raw.split(None, 1) + [""])[:2]
        name = ALIASES.get(word.lower(), word.lower())
        bad = first_control(raw)
        if bad is not None:
            return Answer(False, name if name in COMMANDS else "", error=(
                f"the line holds a control character ({describe_char(raw[bad])}) at column {bad + 1}; "
                "type plain text (nothing was done)"))
        command = COMMANDS.get(name)
        before = self.session
        snapshot = None if before is None else json.dumps(before.record)
        self._heard.clear()
        if self.keeper is not None and hasattr(self.keeper, "begin"):
            self.keeper.begin()
        try:
            if command is None:
                raise ConsoleError(self._unknown(word))
            if command.needs_game and self.session is None:
                raise ConsoleError("no game yet; start one with `new <ruleset> seats=...` "
                                   f"(rulesets: {', '.join(ruleset_ids())}) or `load <game>`; `help new` explains")
            rest = rest if name == "complete" else rest.strip()
            answer: Answer = getattr(self, command.handler)(rest)
        except HolotableError as exc:
            self._restore(before, snapshot)
            return Answer(False, name, error=self._with_rule(name, str(exc) or type(exc).__name__))
        except (Exception, KeyboardInterrupt) as exc:  # noqa: BLE001 - nothing may escape the console
            self.last_traceback = traceback.format_exc()
            self._restore(before, snapshot)
            # only the type: an unexpected error's message may quote the game's state or a secret
            what = "interrupted" if isinstance(exc, KeyboardInterrupt) else type(exc).__name__
            return Answer(False, name, error=f"internal error: {what}; the game is unchanged")
        finally:
            self._heard.clear()
        answer.command = name
        if command is not None and not command.changes and self.session is before and before is not None:
            if json.dumps(before.record) != snapshot:  # a read-only command must leave the game alone
                self._restore(before, snapshot)
        return answer

    def _with_rule(self, name: str, error: str) -> str:
        """A refusal naming a rule of the game in play, with the command that shows that rule."""
        if self.session is None or name == "rules":
            return error
        rules = self.session.ruleset.rules_text()
        named = [i for i in rule_ids_in(error) if rules.rule(i) is not None]
        return f"{error} (`rules {self.session.ruleset.id} {named[0]}` shows the rule)" if named else error

    # -- keeping and restoring --------------------------------------------------------------------
    def _adopt(self, session: Session) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
        self.session = session
        self._unsubscribe = session.subscribe(lambda kind, payload: self._heard.append((kind, payload)))

    def _restore(self, before: Session | None, snapshot: str | None) -> None:
        if before is not None and snapshot is not None and json.dumps(before.record) != snapshot:
            before.record.clear()
            before.record.update(json.loads(snapshot))
            if self.keeper is not None and self.session is before:
                self.keeper.resync()
        self.session = before

    def _game(self) -> Session:
        if self.session is None:
            raise ConsoleError("no game yet; start one with `new` or `load <game>`")
        return self.session

    # -- names ------------------------------------------------------------------------------------
    def _is_gm(self, name: str) -> bool:
        return name == GM or (self.session is not None and name == self.session.gm)

    def _seat(self, name: str, usage: str) -> str:
        session = self._game()
        if not name:
            raise ConsoleError(f"missing <seat>; seats: {', '.join(session.seats())}; {_usage(usage)}")
        if name not in session.seats():
            raise ConsoleError(f"no seat {name!r}; seats: {', '.join(session.seats())}")
        return name

    def _viewer(self, name: str, usage: str) -> str:
        session = self._game()
        if self._is_gm(name):
            return GM
        if name in session.seats():
            return name
        raise ConsoleError(f"no viewer {name!r}; viewers: gm, {', '.join(session.seats())}; {_usage(usage)}")

    def _visible(self, events: Iterable[dict[str, Any]], viewer: str) -> list[dict[str, Any]]:
        session = self._game()
        who = GM if self._is_gm(viewer) else viewer
        return filter_events(events, who, session.side_of)

    def _unknown(self, word: str) -> str:
        hint = ""
        if self.session is not None and word.lower() in self.session.ruleset.order_book().verbs():
            hint = f"; {word!r} is an order: give it with `as <seat> {word} ...`"
        return f"unknown command {word!r}{hint}; commands: {', '.join(COMMANDS)}; `help <command>` explains one"

    def _resolutions(self, viewer: str) -> tuple[list[str], list[dict[str, Any]]]:
        """Lines and events (as ``viewer`` may see them) of every resolution heard during a command."""
        lines: list[str] = []
        seen: list[dict[str, Any]] = []
        for kind, payload in self._heard:
            if kind != "resolved":
                continue
            events = self._visible(payload.get("events", []), viewer)
            lines.append(f"-- resolved; now turn {payload.get('turn')} --")
            lines.extend(render_event(e) for e in events)
            seen.extend(events)
        return lines, seen

    def _state_line(self) -> str:
        session = self._game()
        outcome = session.outcome()
        if outcome is not None:
            winners = ", ".join(outcome.winners) or "nobody (a draw)"
            return f"turn {session.turn}: game over; winners: {winners}; {outcome.reason}"
        awaiting = sorted(session.awaiting())
        ready = sorted(session.record["ready"])
        posting = posting_text(session.ruleset.posting(session.state))
        return (f"turn {session.turn}: waiting for {', '.join(s for s in awaiting if s not in ready) or 'nobody'}"
                f"; ready: {', '.join(ready) or 'nobody'}" + (f"; {posting}" if posting else ""))

    # -- commands ---------------------------------------------------------------------------------
    def _new(self, rest: str) -> Answer:
        words = rest.split()
        if not words:
            raise ConsoleError(f"missing <ruleset> (rulesets: {', '.join(ruleset_ids())}); {_usage('new')}")
        ruleset_id, pairs = words[0], words[1:]
        ruleset = find_ruleset(ruleset_id)
        settings: dict[str, str] = {}
        for pair in pairs:
            key, sep, value = pair.partition("=")
            if not sep or not key or not value:
                raise ConsoleError(f"{pair!r} is not <key>=<value>; {_usage('new')}")
            if key in settings:
                raise ConsoleError(f"{key}= is given twice")
            settings[key] = value
        if "seats" not in settings:
            raise ConsoleError(f"missing seats=<seat>:<side>[:bot],...; sides: {', '.join(ruleset.sides())}, "
                               f"{ruleset.min_seats} to {ruleset.max_seats} seats; {_usage('new')}")
        seats = parse_seats(settings.pop("seats"), ruleset.sides())
        scenario = settings.pop("scenario", None)
        seed = settings.pop("seed", None)
        written = settings.pop("reproducible", "no").lower()
        if written not in ("yes", "no", "true", "false"):
            raise ConsoleError(f"reproducible={written!r}: write reproducible=yes (a test game) or leave it out")
        reproducible = written in ("yes", "true")
        gm = settings.pop("gm", GM)
        defaults = ruleset.options()
        options = {key: coerce_option(value, defaults.get(key)) for key, value in settings.items()}
        all_bots = bool(seats) and all(bot for _, _, bot in seats)
        session = Session.new(ruleset_id, seats, scenario, options, seed, gm, reproducible=reproducible,
                              bot_steps=self.bot_steps if all_bots else None)
        kept = {}
        if self.keeper is not None:
            kept["game"] = self.keeper.adopt(session)
        self._adopt(session)
        listing = ", ".join(f"{n} ({s}{', bot' if b else ''})" for n, s, b in seats)
        text = (f"new game of {ruleset.title}, scenario {session.record['scenario']}; seats: {listing}\n"
                f"dice seed hash {session.record['seed_hash']}\n{self._state_line()}")
        if seed is not None:
            text += ("\nreproducible test game: the typed seed is used as is, so anyone who knows or guesses it can compute "
                     "every die roll in advance" if reproducible else
                     "\nthe typed seed is mixed with secret randomness (revealed at the end); reproducible=yes would use it as is")
        if self.keeper is not None:
            text += f"\nkept as {self.keeper.where()}; saved on every change"
        return Answer(True, "new", text, {"ruleset": ruleset_id, "seats": session.record["seats"],
                                          "turn": session.turn, "seed_hash": session.record["seed_hash"], **kept})

    def _as(self, rest: str) -> Answer:
        words = rest.split()
        confirmed = CONFIRM_FLAG in words[2:]
        if confirmed:
            rest = " ".join(w for w in words if w != CONFIRM_FLAG)
        words = rest.split(None, 1)
        if len(words) < 2:
            raise ConsoleError(f"missing the order; {_usage('as')}")
        actor, order = words
        seat = actor
        parts = order.split(None, 2)
        if parts[0].lower() == "for" and len(parts) >= 2:
            if parts[1] not in self._game().seats():
                raise ConsoleError(f"no seat {parts[1]!r} to order for; seats: {', '.join(self._game().seats())}")
            if len(parts) < 3:
                raise ConsoleError(f"missing the order after `for {parts[1]}`; {_usage('as')}")
            seat, order = parts[1], parts[2]
        session = self._game()
        if actor != seat and not (self._is_gm(actor) or actor in session.seats()):
            raise ConsoleError(f"no actor {actor!r}; actors: gm, {', '.join(session.seats())}")
        final = session.final_order(order)
        if final and not confirmed:
            if not session.may_order(actor, seat):
                raise ConsoleError(f"{actor} may not act for {seat}: only {seat} themself, the GM, or a teammate "
                                   "with the right to act for them")
            session.ruleset.order_book().parse(order, session.ruleset.context(session.state, seat))
            self.pending = f"as {rest}"
            return Answer(False, "as", error=(
                f"`{order.strip()}` is FINAL: {final}. It cannot be taken back: type `{CONFIRM}` on the next line "
                f"to give it (anything else drops it), or add {CONFIRM_FLAG} to the line; nothing was given yet"),
                data={"confirm": order.strip(), "final": final})
        events = session.order(actor, seat, order)
        visible = self._visible(events, actor)
        sheet = session.sheet(seat)
        by = "" if actor == seat else f" (by {actor})"
        lines = [f"{seat}: accepted `{order.strip()}`{by}"]
        if session.ruleset.simultaneous:
            lines[0] += f"; {len(sheet)} order{'s' if len(sheet) != 1 else ''} on the sheet"
        lines.extend(render_event(e) for e in visible)
        more, later = self._resolutions(actor)
        lines.extend(more)
        lines.append(self._state_line())
        return Answer(True, "as", "\n".join(lines), {"actor": actor, "seat": seat, "order": order.strip(),
                                                     "events": visible + later, "sheet": sheet})

    def _withdraw(self, rest: str) -> Answer:
        words = rest.split()
        if len(words) != 2 or not words[1].isdigit() or int(words[1]) < 1:
            raise ConsoleError(f"say which seat and which order (a number from 1); {_usage('withdraw')}")
        seat = self._seat(words[0], "withdraw")
        session = self._game()
        index = int(words[1])
        sheet = session.sheet(seat)
        if index > len(sheet):
            raise ConsoleError(f"{seat} has no order {index}; the sheet holds {len(sheet)}"
                               + (f" (1 to {len(sheet)})" if sheet else ""))
        taken = sheet[index - 1]
        session.withdraw(seat, seat, index - 1)
        return Answer(True, "withdraw", f"{seat}: withdrew {index}. {order_text(taken)}\n"
                      + render_sheet(session.sheet(seat), seat, session.ruleset.sheet_notes(session.state, seat)),
                      {"seat": seat, "sheet": session.sheet(seat)})

    def _sheet(self, rest: str) -> Answer:
        seat = self._seat(rest, "sheet")
        session = self._game()
        sheet = session.sheet(seat)
        notes = session.ruleset.sheet_notes(session.state, seat)
        return Answer(True, "sheet", render_sheet(sheet, seat, notes), {"seat": seat, "sheet": sheet, "notes": notes})

    def _ready(self, rest: str) -> Answer:
        words = rest.split()
        if not words or len(words) > 2 or (len(words) == 2 and words[1].lower() != "off"):
            raise ConsoleError(_usage("ready"))
        seat = self._seat(words[0], "ready")
        flag = len(words) == 1
        session = self._game()
        session.ready(seat, seat, flag)
        lines = [f"{seat} is {'ready' if flag else 'not ready'}"]
        more, events = self._resolutions(seat)
        lines.extend(more)
        lines.append(self._state_line())
        return Answer(True, "ready", "\n".join(lines), {"seat": seat, "ready": flag, "resolved": bool(more),
                                                        "turn": session.turn, "events": events})

    def _resolve(self, rest: str) -> Answer:
        if rest:
            raise ConsoleError(_usage("resolve"))
        session = self._game()
        session.resolve(session.gm)
        lines, events = self._resolutions(GM)
        lines.append(self._state_line())
        outcome = session.outcome()
        return Answer(True, "resolve", "\n".join(lines), {"turn": session.turn, "events": events,
                                                          "outcome": None if outcome is None else outcome.to_dict()})

    def _status(self, rest: str) -> Answer:
        session = self._game()
        outcome = session.outcome()
        seats = ", ".join(f"{s['name']} ({s['side']}{', bot' if s['bot'] else ''})" for s in session.record["seats"])
        text = f"{session.ruleset.title}, scenario {session.record['scenario']}; seats: {seats}\n{self._state_line()}"
        return Answer(True, "status", text, {"ruleset": session.record["ruleset"], "turn": session.turn,
                                             "awaiting": sorted(session.awaiting()),
                                             "ready": sorted(session.record["ready"]),
                                             "seats": session.record["seats"],
                                             "outcome": None if outcome is None else outcome.to_dict()})

    def _view(self, rest: str) -> Answer:
        viewer = self._viewer(rest, "view")
        view = self._game().view(viewer)
        return Answer(True, "view", render_view(view), {"view": view})

    def _odds(self, rest: str) -> Answer:
        words = rest.split(None, 1)
        if len(words) < 2:
            raise ConsoleError(_usage("odds"))
        seat = self._seat(words[0], "odds")
        session = self._game()
        odds = session.ruleset.odds(json.loads(json.dumps(session.state)), seat, words[1])
        if odds is None:
            return Answer(True, "odds", f"`{words[1].strip()}` rolls no dice", {"odds": None})
        lines = [odds.title]
        lines.extend(f"  {label:<40} {float(p) * 100:6.2f}%  ({p})" for label, p in odds.rows)
        if odds.reason:
            lines.append(f"  odds unknown: {odds.reason}")
        return Answer(True, "odds", "\n".join(lines), {"odds": odds.to_dict()})

    def _log(self, rest: str) -> Answer:
        viewer = self._viewer(rest, "log")
        events = self._game().events_for(viewer)
        return Answer(True, "log", "\n".join(render_event(e) for e in events), {"viewer": viewer, "events": events})

    def _report(self, rest: str) -> Answer:
        words = rest.split()
        if not words or len(words) > 2 or (len(words) == 2 and not words[1].isdigit()):
            raise ConsoleError(_usage("report"))
        session = self._game()
        viewer = "public" if words[0] == "public" else self._viewer(words[0], "report")
        turn = int(words[1]) if len(words) == 2 else max(1, session.turn - 1)
        if not 0 <= turn <= session.turn:
            raise ConsoleError(f"no turn {turn}: this game has turns 1 to {session.turn}; {_usage('report')}")
        resources = None if viewer in (GM, "public") or turn != session.turn - 1 else session.view(viewer).get("resources")
        report = session_report(session, viewer, turn, resources=resources)
        return Answer(True, "report", render(report), {"viewer": viewer, "turn": turn})

    def _say(self, rest: str) -> Answer:
        words = rest.split(None, 2)
        if len(words) < 3:
            raise ConsoleError(f"say who, where and what; {_usage('say')}")
        actor, thread, text = words
        message = self._game().post(actor, thread, text)
        return Answer(True, "say", render_message(message), {"message": message})

    def _messages(self, rest: str) -> Answer:
        viewer = self._viewer(rest, "messages")
        messages = self._game().messages_for(viewer)
        text = "\n".join(render_message(m) for m in messages) or "no messages"
        return Answer(True, "messages", text, {"viewer": viewer, "messages": messages})

    def _away(self, rest: str) -> Answer:
        words = rest.split()
        if not words or len(words) > 2 or (len(words) == 2 and words[1].lower() != "back"):
            raise ConsoleError(_usage("away"))
        seat = self._seat(words[0], "away")
        flag = len(words) == 1
        self._game().away(seat, seat, flag)
        return Answer(True, "away", f"{seat} is {'away' if flag else 'back'}", {"seat": seat, "away": flag})

    def _roll(self, rest: str) -> Answer:
        words = rest.split(None, 1)
        match = ROLL.match(words[0]) if words else None
        if match is None:
            raise ConsoleError(f"say the dice as <count>d<sides>, e.g. `roll 2d6 boarding action`; {_usage('roll')}")
        session = self._game()
        reason = words[1].strip() if len(words) > 1 else ""
        events = session.gm_roll(session.gm, int(match.group(1)), int(match.group(2)), reason)
        return Answer(True, "roll", "\n".join(render_event(e) for e in self._visible(events, GM)),
                      {"events": self._visible(events, GM)})

    def _correct(self, rest: str) -> Answer:
        changes, reason = parse_correction(rest)
        session = self._game()
        events = session.gm_correct_many(session.gm, changes, reason)
        return Answer(True, "correct", "\n".join(render_event(e) for e in self._visible(events, GM)),
                      {"events": self._visible(events, GM)})

    def _bot(self, rest: str) -> Answer:
        words = rest.split()
        if not words or len(words) > 2 or (len(words) == 2 and words[1].lower() != "off"):
            raise ConsoleError(_usage("bot"))
        seat = self._seat(words[0], "bot")
        flag = len(words) == 1
        session = self._game()
        session.set_bot(session.gm, seat, flag)
        lines = [f"{seat} is now played by {'a bot' if flag else 'a player'}"]
        more, events = self._resolutions(GM)
        lines.extend(more)
        lines.append(self._state_line())
        return Answer(True, "bot", "\n".join(lines), {"seat": seat, "bot": flag, "events": events})

    def _complete(self, rest: str) -> Answer:
        words = rest.lstrip().split(None, 1)
        if not words:
            raise ConsoleError(_usage("complete"))
        seat = self._seat(words[0], "complete")
        partial = rest.lstrip()[len(words[0]):]
        partial = partial[1:] if partial.startswith(" ") else partial
        session = self._game()
        ctx = session.ruleset.context(session.state, seat)
        found = session.ruleset.order_book().complete(partial, ctx)
        return Answer(True, "complete", "\n".join(found) or "no completions", {"completions": found})

    def _save(self, rest: str) -> Answer:
        session = self._game()
        if self.keeper is None:
            return Answer(True, "save", "this game lives in memory only: it ends with this console", {"kept": None})
        where = self.keeper.where()
        return Answer(True, "save", f"turn {session.turn} is saved: {where}; every change is saved as it is "
                      f"made (a portable copy: `holotable export GAME --gm --record FILE`)", {"kept": where})

    def _load(self, rest: str) -> Answer:
        if not rest:
            raise ConsoleError(_usage("load"))
        if self.keeper is None:
            raise ConsoleError("this console keeps no games, so it cannot load one")
        session = self.keeper.open(rest)
        self._adopt(session)
        return Answer(True, "load", f"loaded {session.ruleset.title}: {self.keeper.where()}\n{self._state_line()}",
                      {"game": rest, "ruleset": session.record["ruleset"], "turn": session.turn})

    def _rulesets(self, rest: str) -> Answer:
        text = "\n".join(describe_ruleset(rid) for rid in ruleset_ids())
        return Answer(True, "rulesets", text, {"rulesets": [{"id": rid, "title": find_ruleset(rid).title}
                                                            for rid in ruleset_ids()]})

    def _rules(self, rest: str) -> Answer:
        system, query = rules_command(rest, None if self.session is None else self.session.ruleset.id)
        return Answer(True, "rules", rules_answer(system, query), {"system": system, "query": query})

    def _help(self, rest: str) -> Answer:
        topic = rest.split()[0].lower() if rest else ""
        if not topic:
            lines = ["commands:"]
            for command in COMMANDS.values():
                lines.append(f"  {command.usage}")
                lines.append(f"      {command.summary}")
            lines.append("`help orders` lists the orders of the game in play; `help <order>` explains one")
            return Answer(True, "help", "\n".join(lines))
        topic = ALIASES.get(topic, topic)
        if topic in COMMANDS:
            command = COMMANDS[topic]
            lines = [command.usage, f"  {command.summary}"]
            if command.details:
                lines.append(f"  {command.details}")
            words = rest.split()
            if topic == "new" and len(words) > 1:
                if words[1] not in ruleset_ids():
                    raise ConsoleError(f"no rule system {words[1]!r}; rule systems: {', '.join(ruleset_ids())}")
                lines = [describe_ruleset(words[1]), "options (name=value on the `new` line):", *option_lines(words[1])]
            elif topic == "new":
                lines.extend("  " + describe_ruleset(rid) for rid in ruleset_ids())
                lines.append("  `help new <rule system>` explains each option of one")
            return Answer(True, "help", "\n".join(lines))
        words = rest.split()
        if topic == "orders":
            if self.session is not None and (len(words) == 1 or words[1] in self.session.seats()):
                seats = self.session.seats()
                waiting = [s for s in seats if s in self.session.ruleset.awaiting(self.session.state)]
                seat = words[1] if len(words) > 1 else (waiting or seats)[0]
                return Answer(True, "help", self.session.help(None, seat))
            ruleset_id = words[1] if len(words) > 1 else None
            if ruleset_id is None:
                raise ConsoleError(f"no game yet: say which ruleset, e.g. `help orders {ruleset_ids()[0]}`")
            return Answer(True, "help", find_ruleset(ruleset_id).order_book().help())
        if self.session is not None and topic in self.session.ruleset.order_book().verbs():
            return Answer(True, "help", self.session.ruleset.order_book().help(topic))
        orders = ", ".join(self.session.ruleset.order_book().verbs()) if self.session else "start a game to see them"
        raise ConsoleError(f"no command or order {topic!r}; commands: {', '.join(COMMANDS)}; orders: {orders}")

    def _quit(self, rest: str) -> Answer:
        return Answer(True, "quit", "bye", quit=True)

    # -- completion for line editors --------------------------------------------------------------
    def completions(self, line: str) -> list[str]:
        """Whole-line completions of ``line`` (commands, seats, orders after ``as <seat>``). Never raises."""
        try:
            return self._completions(line)
        except Exception:  # noqa: BLE001 - completion must never break typing
            return []

    def _completions(self, line: str) -> list[str]:
        words = line.split(" ")
        if len(words) == 1:
            return [c + " " for c in COMMANDS if c.startswith(words[0].lower())]
        name = ALIASES.get(words[0].lower(), words[0].lower())
        session = self.session
        if name == "help" and len(words) == 2:
            verbs = session.ruleset.order_book().verbs() if session else []
            return [f"{words[0]} {t}" for t in [*COMMANDS, "orders", *verbs] if t.startswith(words[1].lower())]
        if session is None:
            return []
        names = session.seats() + (["gm"] if name in ("view", "log", "messages", "report") else []) \
            + (["public"] if name == "report" else [])
        if len(words) == 2 and name in ("as", "withdraw", "sheet", "ready", "view", "odds", "log", "report", "say",
                                        "messages", "away", "bot", "complete"):
            return [f"{words[0]} {n} " for n in names if n.startswith(words[1])]
        if name in ("as", "odds", "complete") and len(words) >= 3:
            seat, start = words[1], 2
            if name == "as" and words[2] == "for" and len(words) >= 4:
                if len(words) == 4:
                    return [f"{' '.join(words[:3])} {n} " for n in session.seats() if n.startswith(words[3])]
                seat, start = words[3], 4
            if seat not in session.seats():
                return []
            head = " ".join(words[:start]) + " "
            ctx = session.ruleset.context(session.state, seat)
            return [head + c for c in session.ruleset.order_book().complete(" ".join(words[start:]), ctx)]
        return []


# -- parsing helpers --------------------------------------------------------------------------------
def parse_correction(rest: str) -> tuple[list[tuple[str, str]], str]:
    """``<path> <json> [and <path> <json>]... <reason>`` as ([(path, json text)], reason).

    Raises ConsoleError when a path or value is missing."""
    changes: list[tuple[str, str]] = []
    tail = rest.strip()
    while True:
        words = tail.split(None, 1)
        if len(words) < 2:
            raise ConsoleError(f"say the path, the new JSON value and the reason; {_usage('correct')}")
        path, tail = words
        try:
            _, end = json.JSONDecoder().raw_decode(tail)
            value, tail = tail[:end], tail[end:].strip()
        except (json.JSONDecodeError, ValueError, RecursionError):
            value, _, tail = tail.partition(" ")
            tail = tail.strip()
        changes.append((path, value))
        words = tail.split(None, 1)
        if words and words[0] == "and" and len(words) == 2 and len(words[1].split(None, 1)) == 2:
            tail = words[1]
            continue
        return changes, tail


def parse_seats(text: str, sides: list[str]) -> list[tuple[str, str, bool]]:
    """``al:GAR:bot,bo:CIS`` as [(name, side, bot)]. Raises ConsoleError naming the bad entry."""
    seats: list[tuple[str, str, bool]] = []
    for entry in text.split(","):
        parts = entry.split(":")
        if len(parts) not in (2, 3) or not parts[0] or not parts[1] or (len(parts) == 3 and parts[2].lower() != "bot"):
            raise ConsoleError(f"seat {entry!r} is not <seat>:<side> or <seat>:<side>:bot (sides: {', '.join(sides)})")
        seats.append((parts[0], parts[1], len(parts) == 3))
    return seats


def coerce_option(value: str, default: Any) -> Any:
    """An option's text as the type of its default (bool, int, float, str), else as JSON if it parses."""
    lowered = value.lower()
    if isinstance(default, bool):
        if lowered in ("true", "yes", "on", "1"):
            return True
        if lowered in ("false", "no", "off", "0"):
            return False
        raise ConsoleError(f"option value {value!r} should be true or false")
    if isinstance(default, int):
        try:
            return int(value)
        except ValueError:
            raise ConsoleError(f"option value {value!r} should be a whole number") from None
    if isinstance(default, float):
        try:
            return float(value)
        except ValueError:
            raise ConsoleError(f"option value {value!r} should be a number") from None
    if isinstance(default, str):
        return value
    try:
        return json.loads(value)
    except json.JSONDecodeError:
        return value


def option_lines(ruleset_id: str) -> list[str]:
    """Each option of a rule system: its whole name, what it does, its default and its legal values
    (from the option's declaration), two lines each."""
    lines = []
    for key, spec in find_ruleset(ruleset_id).option_specs().items():
        lines.append(f"  {key}  (default {json.dumps(spec.default)}; {spec.legal()})")
        if spec.help:
            lines.append(f"      {spec.help}")
    return lines


def describe_ruleset(ruleset_id: str) -> str:
    """One line: id, title, sides, seats, scenarios and options of a ruleset."""
    ruleset = find_ruleset(ruleset_id)
    options = ", ".join(f"{k}={json.dumps(v)}" for k, v in ruleset.options().items()) or "none"
    return (f"{ruleset_id}: {ruleset.title}; sides {', '.join(ruleset.sides())}; "
            f"{ruleset.min_seats}-{ruleset.max_seats} seats; scenarios {', '.join(ruleset.scenarios())}; options {options}")


def demo_line(ruleset_id: str, seed: str, you: str = "you", seats: int = 6) -> str:
    """The ``new`` line of a demo game: ``you`` on the first side, bots in the other seats."""
    ruleset = find_ruleset(ruleset_id)
    sides = ruleset.sides()
    count = max(ruleset.min_seats, min(seats, ruleset.max_seats))
    entries = [f"{you}:{sides[0]}"]
    allies = foes = 0
    for i in range(1, count):
        side = sides[i % len(sides)]
        if side == sides[0]:
            allies += 1
            entries.append(f"ally{allies}:{side}:bot")
        else:
            foes += 1
            entries.append(f"foe{foes}:{side}:bot")
    return f"new {ruleset_id} seed={seed} seats={','.join(entries)}"


# -- rendering --------------------------------------------------------------------------------------
HOW_TO = "type `help` for commands, `help orders` for orders; `as you <order>` gives one, `ready you` ends your turn, `quit` leaves"
