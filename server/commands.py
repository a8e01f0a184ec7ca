"""The line console's language over SSH, restricted per account.

``ssh -p 2222 ann@host view --json``, ``ssh ... ready``, ``ssh ... orders < my-orders.txt``: a
player's commands act for the account's seat only, see only that seat's view, and never reach the
GM's tools; every such attempt is refused and logged. A GM account speaks the whole console
language for any game on the server, plus the server's own commands (``games``, ``new``,
``invite``, ``accounts``, ``deadline``).

:class:`AccountConsole` turns one line into one :class:`core.console.Answer` and never raises. The
game a line is about is the account's only game, or the one named with ``--game <id>`` (or chosen
with ``game <id>`` in a line session).
"""
from __future__ import annotations

import calendar
import logging
import re
import time
from typing import Any, Callable

from core.console import COMMANDS as CONSOLE_COMMANDS
from core.rules_query import rules_answer, rules_command
from core.console import CONFIRM, CONFIRM_FLAG, Answer, dropped_final, Console, ConsoleError, describe_ruleset
from core.errors import HolotableError
from core.events import GM
from core.registry import ruleset_ids
from server.accounts import AccountError, Accounts, SeatRef
from server import gm_tools
from server.notify import commands as notify_commands
from server.hub import GameHub, HostedGame
from server.overview import game_rows, overview_text
from tui.deadline import deadline_fields, deadline_rule, deadline_text, when_text
from tui.widgets.messages import ThreadError, parse_say

__all__ = ["AccountConsole", "clean", "parse_options", "parse_when", "refused", "when_text"]

log = logging.getLogger("holotable.server")

MAX_LINE = 4000
CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\x80-\x9f]")
GM_ONLY = {"resolve", "roll", "correct", "bot", "new", "invite", "accounts", "deadline", "save", "load", "keys"}
PLAYER_HELP = """commands (for your seat {seat} of game {game}):
  view [--json]            what your seat sees, and nothing more
  status                   turn, who is awaited, who is ready
  sheet                    your queued orders, numbered
  <order> | order <order>  give an order, e.g. `build Kuat Vc1` (`help orders` lists them)
  for <seat> <order>       order for a teammate where the rules allow it (a Grand Admiral)
  orders [--yes]           give the orders read from standard input, one per line
                           (a FINAL order such as concede: `yes` on the next line, or --yes)
  withdraw <n>             take order n off your sheet
  ready [off]              your orders are complete (off: not yet)
  away [back]              you are away this turn
  odds <order>             the exact odds of an order that rolls dice
  log | messages           the log and the messages you may read
  report [<turn>]          a turn's report for your seat: summary first, then every die
  say <thread> <text>      post to public, team:<side> or gm:{seat}
  rules [<system>] [<id>|<words>]  the rules by section, one rule by ID, or the rules holding words
  games                    your seats; pick one with --game <id>
  notify add <url> | list | hear [<n>] <kinds> | test [<n>] | remove <n>
                           notifications by e-mail, Discord, Matrix ... (`notify help`)
  help orders | help <order>"""
GM_HELP = """GM commands (every game on this server; pick one with --game <id> or `game <id>`):
  games                                  the overview: every game's turn and deadline; per seat its player,
                                         orders in or not, connected or when last seen
  game <id>                              show and command that game (F2 in the console: the next game)
  new <ruleset> [id=<game>] seats=<seat>:<side>[:bot],... [<option>=<value>...]
                                         start a game (`help new` lists the rule systems)
  invite <game> <seat> [account]         a one-time invite code for that seat (account: default the seat);
                                         an account with a key gets the seat at once; at the first login
                                         every seat waiting for the account is given and other codes retired
  invite key <account>                   approve another key: a code that adds one key to an account
  accounts                               every account: role, keys, seats; new keys added since you looked
  deadline +<n>h|+<n>m|<YYYY-MM-DDTHH:MM>|off [every <hours>] [per day]   set the deadline (UTC); in a
                                         game of posts in turn each poster gets that window from when
                                         their post opens, unless `per day` keeps one deadline for the day
  deadline move +<n>h|-<n>h              move it
  deadline bots on|off                   at the deadline a bot takes over each seat without orders
  resolve | roll <n>d<s> [reason] | correct <path> <json> <reason> | bot <seat> [off]
  act <seat> <order>                     order for a seat (logged; the seat is told in its GM thread)
                                         a FINAL order (concede) needs `yes` on the next line, or --yes
  ready <seat> | view <seat>|gm | sheet <seat> | status | messages gm | odds <seat> <order>
  say <thread> <text>                    as the GM, to public, team:<side> or gm:<seat>
  export [<turn>|last] public|team:<side>|<seat>|gm [markdown|bbcode] [plans]
                                         a turn report for the forum, as text: from your shell,
                                         `ssh gm@host export 1 public > post.md` keeps it on your side.
                                         Only `public` is safe to post in public; team:<side>, a seat
                                         and gm hold that reader's secrets
  report <seat>|gm|public [<turn>]       a turn's report for that reader: summary first, then every die
  corrections                            every correction and reopened turn, with its reason
  reopen [orders] [same|new] <reason>    back to the start of the last resolved turn, every sheet as it
                                         was: resolved again at once with the same dice (default) or new
                                         ones; with `orders`, open for changed orders (every seat is told)
                                         until every seat is ready again (or `resolve`)
  log [turn <n>|<a>-<b>] [seat <seat>]   the whole game's log, or some turns, or what a seat saw
  notify public <url>|off | test | list  the game's public channel (an Apprise URL): turn reports, deadline,
                                         who is awaited; `notify list`: every failing channel
  help orders"""


def clean(line: str) -> str:
    """One input line without control characters (tabs become spaces), at most MAX_LINE long."""
    return CONTROL.sub("", line.replace("\t", " "))[:MAX_LINE]


def refused(command: str, error: str) -> Answer:
    """A refusal."""
    return Answer(False, command, error=error)


def parse_options(line: str) -> tuple[str, str | None, bool]:
    """Split ``--game <id>`` / ``-g <id>`` / ``--game=<id>`` and ``--json`` / ``-j`` off a command
    line, wherever they stand in it (``view --json --game gcw1`` and ``--game gcw1 view`` alike).

    Returns (the rest of the line, the game id or None, whether JSON was asked for).
    """
    words = line.split()
    game: str | None = None
    json_mode = False
    rest: list[str] = []
    i = 0
    while i < len(words):
        word = words[i]
        if word in ("--json", "-j"):
            json_mode = True
        elif word in ("--game", "-g") and i + 1 < len(words):
            game = words[i + 1]
            i += 1
        elif word.startswith("--game="):
            game = word.split("=", 1)[1]
        elif word == "--" and not rest:
            pass
        else:
            rest.append(word)
        i += 1
    return " ".join(rest), game, json_mode


def parse_when(text: str, now: float) -> float:
    """A deadline: ``+36h``, ``+90m``, ``+2d`` from now, or ``YYYY-MM-DDTHH:MM`` in UTC.

    Raises ConsoleError quoting the text.
    """
    match = re.fullmatch(r"\+(\d+(?:\.\d+)?)([hmd])", text)
    if match:
        amount, unit = float(match.group(1)), match.group(2)
        return now + amount * {"m": 60, "h": 3600, "d": 86400}[unit]
    for fmt in ("%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M", "%Y-%m-%dT%H:%M:%S"):
        try:
            return float(calendar.timegm(time.strptime(text, fmt)))
        except ValueError:
            continue
    raise ConsoleError(f"deadline {text!r}: write +36h, +90m, +2d, or a UTC time like 2026-12-01T20:00")


class AccountConsole:
    """The line console's language for one logged-in account. Feed :meth:`handle` one line at a time."""

    def __init__(self, account: str, accounts: Accounts, hub: GameHub, *, game: str | None = None,
                 address: str = "?", clock: Callable[[], float] = time.time,
                 connect: Callable[[str], str] | None = None, log_file: str | None = None,
                 one_shot: bool = False) -> None:
        self.account = account
        self.accounts = accounts
        self.hub = hub
        self.address = address
        self.clock = clock
        self.chosen_game = game
        self.connect = connect  # account -> the ssh command line that reaches this server
        self.log_file = log_file or "the server's log"
        self.one_shot = one_shot  # one command per connection (``ssh host view``), not a line session
        self._line = ""
        #: a command line holding a FINAL order (``concede``), given only if the next line is ``yes``
        self.pending: str | None = None

    def ssh(self, account: str | None = None) -> str:
        """The ssh command line that reaches this server as ``account`` (default: this one)."""
        name = account or self.account
        return self.connect(name) if self.connect is not None else f"ssh {name}@<host>"

    def _with_game(self, game: str) -> str:
        """The exact command that runs the current line in ``game``."""
        line = self._line.strip() or "view"
        if self.one_shot:
            return f"{self.ssh()} {line} --game {game}"
        return f"game {game}   (then: {line})"

    # -- who and where ----------------------------------------------------------------------------
    @property
    def is_gm(self) -> bool:
        """Whether the account is a GM account (read afresh: the GM may change it)."""
        account = self.accounts.get(self.account)
        return account is not None and account.is_gm

    def seats(self) -> list[SeatRef]:
        """The account's seats."""
        account = self.accounts.get(self.account)
        return list(account.seats) if account is not None else []

    def _refuse(self, command: str, error: str, *, logged: bool = True) -> Answer:
        if logged:
            log.warning("refused %s (from %s): %s -- %s", self.account, self.address, command, error)
        return refused(command, error)

    def _player_seat(self, game: str | None) -> SeatRef:
        seats = self.seats()
        if not seats:
            raise ConsoleError("this account holds no seat yet; ask the GM for an invite")
        if game is not None:
            for ref in seats:
                if ref.game == game:
                    return ref
            raise ConsoleError(f"you hold no seat in game {game!r}; your games: {', '.join(r.game for r in seats)}")
        if len(seats) == 1:
            return seats[0]
        raise ConsoleError(f"you hold seats in {len(seats)} games ({', '.join(r.label() for r in seats)}); "
                           "say which, e.g.:\n" + "\n".join(f"  {self._with_game(r.game)}" for r in seats))

    def _rules(self, rest: str, game: str | None) -> Answer:
        """``rules [<system>] [<rule-id>|<words>]``: public text, read without any game; the system of the
        chosen game (or the player's only game) when none is named."""
        system = None
        try:
            game_id = self._gm_game_id(game) if self.is_gm else self._player_seat(game).game
            system = self.hub.game(game_id).session.ruleset.id if game_id else None
        except HolotableError:
            pass  # no game to default to: the system must be named
        system, query = rules_command(rest, system)
        return Answer(True, "rules", rules_answer(system, query), {"system": system, "query": query})

    def _notifier(self) -> Any:
        if self.hub.notifier is None:
            raise ConsoleError("this server sends no notifications")
        return self.hub.notifier

    def _gm_game_id(self, game: str | None) -> str | None:
        try:
            return self._gm_game(game).game_id
        except ConsoleError:
            return None

    def _gm_game(self, game: str | None) -> HostedGame:
        if game is not None:
            return self.hub.game(game)
        ids = self.hub.ids()
        if len(ids) == 1:
            return self.hub.game(ids[0])
        if not ids:
            raise ConsoleError("no games yet; start one with `new <ruleset> seats=...` (`help new`)")
        raise ConsoleError(f"say which game ({', '.join(ids)}), e.g.:\n"
                           + "\n".join(f"  {self._with_game(g)}" for g in ids))

    # -- the entry point ----------------------------------------------------------------------------
    def handle(self, line: str) -> Answer:
        """Answer one command line (options ``--game <id>`` and ``--json`` already split off or not).

        Never raises: refusals and faults come back as answers (faults are logged with the traceback).
        """
        text, game, json_mode = parse_options(clean(line))
        word = text.split(None, 1)[0].lower() if text.strip() else ""
        if not word or word.startswith("#"):
            return Answer(True, "", quiet=True)
        pending, self.pending = self.pending, None
        if pending is not None:
            if text.strip() == CONFIRM:
                return self.handle(f"{pending} {CONFIRM_FLAG}")
            dropped = self.handle(line)
            return dropped_final(dropped, pending)
        self._line = text + (" --json" if json_mode else "")
        game = game or self.chosen_game
        try:
            answer = self._gm(text, game) if self.is_gm else self._player(text, game)
            if not answer.ok and "confirm" in answer.data:
                self.pending = clean(line).strip()
            return answer
        except (HolotableError, AccountError, ThreadError) as exc:
            return refused(word, str(exc))
        except Exception:  # noqa: BLE001 - a fault answers, it never ends the connection
            log.exception("command %r of %s failed", word, self.account)
            return refused(word, f"internal error, the game is saved and unchanged; details in {self.log_file}")

    def orders(self, lines: list[str], game: str | None = None, confirmed: bool = False) -> list[Answer]:
        """Give each line as an order (blank lines and ``#`` comments skipped); one answer per order.

        A FINAL order (``concede``) is given only when the next line is ``yes`` (then the order's
        answer replaces the question; one given alone is marked ``data["confirms"]``) or when ``confirmed`` (``orders --yes``); otherwise it is refused and nothing is given.
        """
        answers = []
        for line in lines:
            text = clean(line).strip()
            if not text or text.startswith("#"):
                continue
            if self.pending is not None and text == CONFIRM:
                answer = self.handle(CONFIRM)
                answer.data["confirms"] = True  # the question is answered: the order's own answer stands for it
                if answers:
                    answers[-1] = answer
                else:
                    answers.append(answer)
                continue
            flag = f" {CONFIRM_FLAG}" if confirmed else ""
            answers.append(self.handle(("" if game is None else f"--game {game} ") + f"order {text}{flag}"))
        return answers

    # -- players ----------------------------------------------------------------------------------
    def _player(self, text: str, game: str | None) -> Answer:
        word, _, rest = text.partition(" ")
        word, rest = word.lower(), rest.strip()
        if word == "games":
            return self._games_of_player()
        if word == "game":
            return self._choose(rest, player=True)
        if word == "notify":
            return notify_commands.player(self._notifier(), self.account, rest)
        if word == "rules":
            return self._rules(rest, game)
        ref = self._player_seat(game)
        hosted = self.hub.game(ref.game)
        session = hosted.session
        seat = ref.seat
        if seat not in session.seats():
            raise ConsoleError(f"game {ref.game} has no seat {seat!r} any more; ask the GM")
        self.hub.seen(ref.game, seat, self.clock())
        verbs = session.ruleset.order_book().verbs()
        words = rest.split()
        if word in ("help", "?"):
            if not rest:
                return Answer(True, "help", PLAYER_HELP.format(seat=seat, game=ref.game))
            if words[0].lower() == "orders":  # the orders of the player's own seat, never another's
                return self._console(hosted, f"help orders {seat}")
            return self._console(hosted, f"help {rest}")
        if word in verbs and word not in ("view", "log", "messages", "sheet", "status", "help"):
            return self._order(hosted, seat, seat, text)
        if word in GM_ONLY:
            return self._refuse(word, f"`{word}` is the GM's command; players may not use it")
        if word in ("view", "log", "messages", "sheet"):
            if words and words[0] != seat:
                return self._refuse(word, f"you may only see your own seat {seat!r}, not {words[0]!r}")
            return self._with_deadline(hosted, self._console(hosted, f"{word} {seat}"))
        if word == "report":
            if words and words[0] != seat and not words[0].isdigit():
                return self._refuse(word, f"you may only read your own seat's report ({seat!r}), not {words[0]!r}")
            turn = next((w for w in words if w.isdigit()), "")
            return self._console(hosted, f"report {seat} {turn}".rstrip())
        if word == "status":
            return self._with_deadline(hosted, self._console(hosted, "status"))
        if word == "order":
            return self._order(hosted, seat, seat, rest)
        if word == "for":
            if len(words) < 2:
                raise ConsoleError("usage: for <seat> <order>")
            return self._order(hosted, seat, words[0], rest.split(None, 1)[1])
        if word == "as":
            target = words[0] if words else ""
            order = rest.split(None, 1)[1] if len(words) > 1 else ""
            if target == seat:
                return self._order(hosted, seat, seat, order)
            return self._order(hosted, seat, target, order)
        if word in ("withdraw", "ready", "away", "odds", "complete"):
            if word in ("withdraw", "ready", "away") and words and words[0] == seat:
                rest = rest.split(None, 1)[1] if len(words) > 1 else ""
            return self._console(hosted, f"{word} {seat} {rest}".rstrip() if word != "complete" else f"complete {seat} {rest}")
        if word == "say":
            try:
                said = parse_say(text, session.threads_for(seat))
            except ThreadError as exc:
                return self._refuse("say", str(exc))
            assert said is not None
            return self._console(hosted, f"say {seat} {said[0]} {said[1]}")
        if word in CONSOLE_COMMANDS:
            return self._refuse(word, f"`{word}` is not open to players over SSH")
        return refused(word, f"unknown command {word!r}; `help` lists yours, `help orders` the orders")

    def _order(self, hosted: HostedGame, actor: str, seat: str, order: str) -> Answer:
        session = hosted.session
        if not order.strip():
            raise ConsoleError("missing the order; `help orders` lists them")
        if seat not in session.seats():
            raise ConsoleError(f"no seat {seat!r}; seats: {', '.join(session.seats())}")
        if not session.may_order(actor, seat):
            return self._refuse("order", f"{actor} may not order for {seat}: only {seat} themself, the GM, "
                                         "or a teammate with the right to act for them")
        line = f"as {actor} {order}" if actor == seat else f"as {actor} for {seat} {order}"
        return self._console(hosted, line)

    def _with_deadline(self, hosted: HostedGame, answer: Answer) -> Answer:
        """The deadline added to a view or status: a date and the time left, and what happens then."""
        if not answer.ok:
            return answer
        record = hosted.session.record
        fields = deadline_fields(record, self.clock())
        if isinstance(answer.data.get("view"), dict):
            answer.data["view"].update(fields)
        else:
            answer.data.update(fields)
        if answer.command in ("view", "status"):
            answer.text = (f"{answer.text}\ndeadline: {deadline_text(record.get('deadline'), self.clock())}; "
                           f"{deadline_rule(record)}")
        return answer

    def _console(self, hosted: HostedGame, line: str) -> Answer:
        try:
            return hosted.console.handle(line)
        finally:
            hosted.console.pending = None  # shared by every connection: each keeps its own confirmation
            hosted.quiet()

    def _games_of_player(self) -> Answer:
        rows = []
        lines = []
        for ref in self.seats():
            info = self.hub.summary(ref.game)
            info["seat"] = ref.seat
            rows.append(info)
            if "problem" in info:
                lines.append(f"{ref.game} seat {ref.seat}: {info['problem']}")
            else:
                state = "game over" if info["over"] else f"turn {info['turn']}, {len(info['ready'])} of {len(info['awaiting'])} ready"
                lines.append(f"{ref.game} seat {ref.seat}: {info['title']}, {state}")
        return Answer(True, "games", "\n".join(lines) or "no seats yet; ask the GM for an invite", {"games": rows})

    def _choose(self, game: str, player: bool) -> Answer:
        if not game:
            raise ConsoleError("usage: game <id>")
        if player:
            self._player_seat(game)
        else:
            self.hub.game(game)
        self.chosen_game = game
        return Answer(True, "game", f"now playing in {game}", {"game": game})

    # -- the GM ------------------------------------------------------------------------------------
    def _gm(self, text: str, game: str | None) -> Answer:
        word, _, rest = text.partition(" ")
        word, rest = word.lower(), rest.strip()
        if word == "games":
            return self._games_of_gm()
        if word == "game":
            return self._choose(rest, player=False)
        if word == "new":
            return self._new(rest)
        if word == "invite":
            return self._invite(rest)
        if word == "accounts":
            return self._accounts()
        if word == "rules":
            return self._rules(rest, game)
        if word in ("help", "?") and not rest:
            return Answer(True, "help", GM_HELP)
        if word == "help" and rest.split()[0] == "new":
            return Answer(True, "help", "\n".join(describe_ruleset(r) for r in ruleset_ids()))
        if word in ("save", "load", "quit", "exit"):
            return self._refuse(word, f"`{word}` is not available over SSH (the server keeps every game saved)", logged=False)
        if word == "notify":
            return notify_commands.gm(self._notifier(), self.account, self._gm_game_id(game), rest)
        hosted = self._gm_game(game)
        session = hosted.session
        words = rest.split()
        if word == "deadline":
            return self._deadline(hosted, rest)
        if word == "say":
            said = parse_say(text, session.threads_for(GM))
            assert said is not None
            return self._console(hosted, f"say {GM} {said[0]} {said[1]}")
        if word in ("act", "as") and words and words[0] in session.seats():
            order = rest.split(None, 1)[1] if len(words) > 1 else ""
            if order.split(None, 1)[:1] == ["for"]:
                raise ConsoleError("the GM acts for a seat with: act <seat> <order>")
            return gm_tools.act(hosted, self.account, f"{words[0]} {order}")
        if word == "act":
            raise ConsoleError(f"usage: act <seat> <order>; seats: {', '.join(session.seats())}")
        if word == "export":
            return gm_tools.export(hosted, self.hub.store.data_dir, rest)
        if word == "corrections":
            return gm_tools.corrections(hosted)
        if word == "reopen":
            return gm_tools.reopen(hosted, self.account, rest)
        if word == "log":
            return gm_tools.game_log(hosted, rest)
        if word == "view" and words and words[0] in session.seats():
            return self._with_deadline(hosted, self._console(hosted, text))
        return self._console(hosted, text)

    def _games_of_gm(self) -> Answer:
        rows = game_rows(self.hub, self.accounts, self.clock())
        return Answer(True, "games", overview_text(rows, self.clock(), self.chosen_game), {"games": rows})

    def _new(self, rest: str) -> Answer:
        words = rest.split()
        game_id = None
        kept = []
        for word in words:
            if word.startswith("id="):
                game_id = word[3:]
            else:
                kept.append(word)
        from tui.app import BOT_STEPS
        scratch = Console()
        scratch.bot_steps = BOT_STEPS  # an all-bot game is watched: the server plays it step by step
        answer = scratch.handle("new " + " ".join(kept))
        if not answer.ok or scratch.session is None:
            return answer
        hosted = self.hub.adopt(scratch.session, game_id)
        log.info("GM %s started game %s", self.account, hosted.game_id)
        seats = hosted.session.seats()
        text = (f"game {hosted.game_id}: {answer.text}\ninvite players with: "
                + "; ".join(f"invite {hosted.game_id} {s}" for s in seats if not hosted.session.is_bot(s)))
        return Answer(True, "new", text, {"game": hosted.game_id, **answer.data})

    def _invite(self, rest: str) -> Answer:
        words = rest.split()
        if len(words) == 2 and words[0] == "key":
            name = words[1]
            account = self.accounts.get(name)
            if account is None or not account.keys:
                raise ConsoleError(f"{name!r} has no key yet: invite them to a seat (`invite <game> <seat> {name}`)")
            code = self.accounts.invite(name, role=account.role, second_key=True)
            log.info("GM %s approved a second key for account %s", self.account, name)
            return Answer(True, "invite", f"code for another key of {name}: {code}\nthey log in once with the new key "
                          f"and this code: {self.ssh(name)}\nthe code works once", {"account": name, "code": code})
        if len(words) not in (2, 3):
            raise ConsoleError("usage: invite <game> <seat> [account]")
        game_id, seat = words[0], words[1]
        name = words[2] if len(words) == 3 else seat
        hosted = self.hub.game(game_id)
        if seat not in hosted.session.seats():
            raise ConsoleError(f"game {game_id} has no seat {seat!r}; seats: {', '.join(hosted.session.seats())}")
        existing = self.accounts.get(name)
        if existing is not None and existing.is_gm:
            raise ConsoleError(f"{name!r} is a GM account; invite a player account")
        if existing is not None and existing.keys:
            self.accounts.grant_seat(name, game_id, seat)
            log.info("GM %s gave seat %s/%s to account %s", self.account, game_id, seat, name)
            return Answer(True, "invite", f"{name} already has a key: seat {seat} of {game_id} is theirs now; "
                          f"they pick the game when they log in", {"account": name, "game": game_id, "seat": seat})
        code = self.accounts.invite(name, game=game_id, seat=seat)
        log.info("GM %s invited account %s to seat %s/%s", self.account, name, game_id, seat)
        return Answer(True, "invite",
                      f"invite code for {name} (seat {seat} of {game_id}): {code}\n"
                      f"they log in once with their SSH key and this code: {self.ssh(name)}\n"
                      "the code works once; after that only their key does",
                      {"account": name, "game": game_id, "seat": seat, "code": code})

    def _accounts(self) -> Answer:
        rows: list[dict[str, Any]] = []
        notices = self.accounts.notices()
        lines = [f"NEW: {n['text']} at {when_text(float(n['when']))}" for n in notices]
        self.accounts.mark_notices_read()
        for account in self.accounts.all():
            rows.append({"name": account.name, "role": account.role, "keys": len(account.keys),
                         "seats": [s.label() for s in account.seats]})
            lines.append(f"{account.name} ({account.role}): {len(account.keys)} key(s); "
                         f"seats {', '.join(s.label() for s in account.seats) or 'none'}")
        return Answer(True, "accounts", "\n".join(lines), {"accounts": rows, "notices": notices})

    def _deadline(self, hosted: HostedGame, rest: str) -> Answer:
        session = hosted.session
        words = rest.split()
        now = self.clock()
        if not words:
            return Answer(True, "deadline", f"deadline: {deadline_text(session.record.get('deadline'), now)}; "
                          f"{deadline_rule(session.record)}", {"deadline": session.record.get("deadline"),
                                                               **deadline_fields(session.record, now)})
        every: float | None = None
        per_day = False
        if words[-2:] == ["per", "day"] or words[-1:] == ["per-day"]:
            per_day = True
            words = words[:-2] if words[-1] == "day" else words[:-1]
            if not words:
                raise ConsoleError("say when: deadline +24h per day")
        if len(words) >= 3 and words[-2] == "every":
            try:
                every = float(words[-1].rstrip("h"))
            except ValueError:
                raise ConsoleError(f"every {words[-1]!r}: say the hours, e.g. `every 48`") from None
            words = words[:-2]
        if words[0] == "bots" and len(words) == 2 and words[1] in ("on", "off"):
            session.record["deadline_bots"] = words[1] == "on"
            session.set_deadline(session.gm, session.record.get("deadline"), session.record.get("turn_hours"),
                                 session.record.get("post_hours"))
            log.info("GM %s: bots at the deadline of %s: %s", self.account, hosted.game_id, words[1])
            return Answer(True, "deadline", deadline_rule(session.record), {"deadline_bots": words[1] == "on"})
        if words == ["off"]:
            session.set_deadline(session.gm, None, None)
            return Answer(True, "deadline", "no deadline", {"deadline": None})
        if words[0] == "move" and len(words) == 2:
            current = session.record.get("deadline")
            if current is None:
                raise ConsoleError("there is no deadline to move; set one with `deadline +36h`")
            match = re.fullmatch(r"([+-])(\d+(?:\.\d+)?)([hmd])", words[1])
            if not match:
                raise ConsoleError(f"deadline move {words[1]!r}: write +12h or -2h")
            step = float(match.group(2)) * {"m": 60, "h": 3600, "d": 86400}[match.group(3)]
            when = current + (step if match.group(1) == "+" else -step)
            every = every if every is not None else session.record.get("turn_hours")
        elif len(words) == 1:
            when = parse_when(words[0], now)
        else:
            raise ConsoleError("usage: deadline +<n>h|<YYYY-MM-DDTHH:MM>|off [every <hours>] | deadline move +<n>h")
        posts = bool(session.ruleset.posting(session.state).get("posting"))
        post_hours = None
        if posts and not per_day:  # posts in turn: each poster gets the window from when their post opens
            post_hours = every or session.record.get("post_hours") if words[0] == "move" else every or max(
                (when - now) / 3600, 1 / 60)
            every = None
        session.set_deadline(session.gm, when, every, post_hours)
        log.info("GM %s set the deadline of %s to %s", self.account, hosted.game_id, when_text(when))
        repeat = f", then every {every:g} hours" if every else ""
        return Answer(True, "deadline", f"deadline: {deadline_text(when, now)}{repeat}; {deadline_rule(session.record)}",
                      {"deadline": when, "every": every, **deadline_fields(session.record, now)})
