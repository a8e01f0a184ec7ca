"""The GM's admin session: every seat's live view tiled on one screen, any one enlarged ("view as":
the seat's own war room, read-only, saying so), the overview of every game, and the GM's tools on a
command line.

The command line speaks the GM's language of :mod:`server.commands` for the game on show:
``resolve``, ``deadline +24h``, ``roll 2d6 boarding``, ``correct <path> <json> <reason>``, ``bot
<seat>``, ``say <thread> <text>``, ``act <seat> <order>``, ``export``, ``corrections``, ``reopen``,
``log``, and the server's ``games``, ``new``, ``invite``, ``accounts``; ``game <id>`` shows another game.

Keys: Tab moves between the tiles and the command line, Enter on a tile (or a click) enlarges it,
Ctrl+B (or F10 in the enlarged view) comes back to the tiles, F2 shows the next game, F5 the
overview of every game.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from rich.text import Text
from textual.binding import Binding
from textual.containers import Grid
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer, Input, RichLog, Static

from core.events import GM
from core.render import order_text, posting_text, render_event
from server.accounts import Accounts
from server.apps import MAX_INPUT, TUI_CSS, ServedMixin, bound_inputs, prepare
from server.bridge import ChannelTerminal
from server.commands import AccountConsole
from server.hub import GameHub, HostedGame
from server.overview import bot_label, game_rows, overview_text
from tui.app import HolotableApp
from tui.deadline import deadline_text
from tui.hotseat import Desk
from tui.screens.game import GameScreen
from tui.widgets.inputs import SteadyInput
from tui.widgets.order_pane import OrderInput, OrderPane
from tui.widgets.status_bar import StatusBar

TILE_LOG_LINES = 4
TILE_SHEET_LINES = 4
OUTPUT_LINES = 20000  # the output panel keeps a whole game's log
OVERVIEW_SECONDS = 5.0  # the overview redraws this often while it is on show (last seen, time left)


def ready_line(view: dict[str, Any]) -> str:
    """``2 of 4 ready; waiting: al bo`` from a view (or the outcome); in a game taken in posts instead
    who has posted this turn and who is still to (``posted: bo · posting now: al · to post: cy``)."""
    outcome = view.get("outcome")
    if outcome:
        return f"game over: {', '.join(outcome.get('winners') or []) or 'nobody'} won"
    awaiting = list(view.get("awaiting") or [])
    ready = [s for s in view.get("ready") or [] if s in awaiting]
    waiting = [s for s in awaiting if s not in ready]
    posting = posting_text(view.get("posting"))
    if posting:  # posts in turn: who has posted and who posts now says it all, and fits a 140-column header
        return posting
    return f"{len(ready)} of {len(awaiting)} ready" + (f"; waiting: {' '.join(waiting)}" if waiting else "")


def tile_text(view: dict[str, Any]) -> Text:
    """A seat's view in a few lines: resources, the prompt, the sheet, the last log lines."""
    text = Text()
    resources = view.get("resources") or {}
    if resources:
        text.append(" · ".join(f"{k} {v}" for k, v in resources.items()), style="bold")
        text.append("\n")
    sheet = list(view.get("sheet") or [])
    text.append(f"sheet: {len(sheet)} order{'s' if len(sheet) != 1 else ''}", style="cyan")
    for i, order in enumerate(sheet[:TILE_SHEET_LINES], 1):
        text.append(f"\n  {i}. {order_text(order)}")
    if len(sheet) > TILE_SHEET_LINES:
        text.append(f"\n  (+{len(sheet) - TILE_SHEET_LINES} more)", style="dim")
    rosters = view.get("rosters") or []
    if rosters:
        rows = sum(len(r.get("rows") or []) for r in rosters)
        text.append(f"\nforces: {rows} rows in {len(rosters)} groups", style="dim")
    log = [e for e in view.get("log") or [] if e.get("kind") != "order"][-TILE_LOG_LINES:]
    for event in log:
        text.append("\n" + render_event(event).split("\n")[0], style="grey62")
    return text


class SeatTile(Static, can_focus=True):
    """One seat's live view, small. Enter or a click enlarges it."""

    DEFAULT_CSS = """
    SeatTile { border: round $primary-darken-1; padding: 0 1; height: 1fr; overflow: hidden hidden; }
    SeatTile:focus { border: round $accent; }
    SeatTile.-ready { border-title-color: $success; }
    """
    BINDINGS = [Binding("enter", "choose", "View as", show=False)]

    @dataclass
    class Chosen(Message):
        """Enlarge ``seat``."""

        seat: str

    def __init__(self, game_id: str, seat: str, number: int, generation: int) -> None:
        super().__init__(id=f"tile-{generation}-{seat}")  # ids never repeat, whatever the seat names
        self.game_id = game_id
        self.seat = seat
        self.number = number
        self.shown_text = ""

    def show(self, hosted: HostedGame, holder: str | None) -> None:
        """Draw the seat's view as the seat sees it."""
        session = hosted.session
        view = session.view(self.seat)
        ready = self.seat in (view.get("ready") or [])
        awaited = self.seat in (view.get("awaiting") or [])
        side = session.side_of(self.seat) or "?"
        posting = view.get("posting") or {}
        state = "✓ ready" if ready else ("waiting" if awaited else "✓ posted" if self.seat in (posting.get("posted") or [])
                                         else "to post" if self.seat in (posting.get("to_post") or []) else "")
        bot = session.is_bot(self.seat)
        self.border_title = f"{self.number} {self.seat} ({side}) {state}{' · bot' if bot else ''}".rstrip()
        if bot:
            self.border_subtitle = f"{bot_label(session)}" + (f" (seat of {holder})" if holder else "")
        else:
            self.border_subtitle = f"player: {holder}" if holder else "no player yet"
        self.set_class(ready, "-ready")
        text = tile_text(view)
        self.shown_text = f"{self.border_title}\n{text.plain}"
        self.update(text)

    def action_choose(self) -> None:
        self.post_message(self.Chosen(self.seat))

    def on_click(self) -> None:
        self.post_message(self.Chosen(self.seat))


class AdminScreen(Screen[None]):
    """Every seat of one game, tiled, with the GM's command line."""

    DEFAULT_CSS = """
    AdminScreen { layout: vertical; }
    AdminScreen #admin-status { height: 1; background: $panel; }
    AdminScreen #tiles { height: 1fr; grid-gutter: 0 1; }
    AdminScreen .no-game { height: 1fr; padding: 1 2; color: $text-muted; }
    AdminScreen #overview { height: 1fr; padding: 0 1; overflow-y: auto; display: none; }
    AdminScreen.-overview #overview { display: block; }
    AdminScreen.-overview #tiles { display: none; }
    AdminScreen #admin-output { height: 8; border-top: solid $primary-darken-2; padding: 0 1; }
    AdminScreen #admin-command { height: 1; border: none; padding: 0 1; background: $boost; }
    """
    BINDINGS = [
        Binding("f2", "next_game", "Next game"),
        Binding("f3", "focus_command", "Command"),
        Binding("f4", "focus_tiles", "Tiles"),
        Binding("f5", "overview", "Overview"),
    ]

    @dataclass
    class Changed(Message):
        """The game on show changed (one message however many changes came at once)."""

    def __init__(self, account: str, accounts: Accounts, hub: GameHub, address: str = "?",
                 connect: Callable[[str], str] | None = None, log_file: str | None = None) -> None:
        super().__init__()
        self.account = account
        self.accounts = accounts
        self.hub = hub
        self.console = AccountConsole(account, accounts, hub, address=address, connect=connect, log_file=log_file)
        ids = hub.ids()
        self.game_id: str | None = ids[0] if ids else None
        self._unsubscribe: Callable[[], None] | None = None
        self._unwatch: Callable[[], None] | None = None
        self._pending = False
        self._generation = 0

    def compose(self):  # type: ignore[no-untyped-def]
        yield Static(id="admin-status")
        yield Grid(id="tiles")
        yield Static(id="overview")
        yield RichLog(id="admin-output", max_lines=OUTPUT_LINES, wrap=True, markup=False, highlight=False)
        yield SteadyInput(placeholder="GM command: games, game <id>, resolve, deadline +24h, act al <order>, "
                                      "say public ..., export, help", id="admin-command", max_length=MAX_INPUT)
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.show_game(self.game_id)
        self.query_one("#admin-command", Input).focus()
        self.say(Text(f"GM {self.account}: `help` lists the commands; Enter on a tile views the game as that seat "
                      "(read-only); F2 the next game, F5 the overview of every game", style="dim"))
        self._unwatch = self.hub.watch(self._heard_presence)
        self.set_interval(OVERVIEW_SECONDS, self._tick_overview)

    def on_unmount(self) -> None:
        self._stop_listening()
        if self._unwatch is not None:
            self._unwatch()
            self._unwatch = None

    def _heard_presence(self) -> None:
        self._heard("presence", {})

    def _tick_overview(self) -> None:
        self._draw_status()  # the time left to the deadline stays fresh
        if self.has_class("-overview"):
            self.refresh_overview()

    def _stop_listening(self) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None

    # -- the game on show -----------------------------------------------------------------------------
    @property
    def hosted(self) -> HostedGame | None:
        """The game on show, or None."""
        if self.game_id is None:
            return None
        try:
            return self.hub.game(self.game_id)
        except Exception:  # noqa: BLE001 - a game that cannot be opened shows as none
            return None

    def show_game(self, game_id: str | None) -> None:
        """Tile every seat of ``game_id`` and follow its changes (any number of times, any seat names)."""
        self._stop_listening()
        self.game_id = game_id
        self.console.chosen_game = game_id
        self._generation += 1
        grid = self.query_one("#tiles", Grid)
        grid.remove_children()
        hosted = self.hosted
        if hosted is None:
            grid.styles.grid_size_columns = 1
            grid.mount(Static("no game on show: `new <ruleset> seats=<seat>:<side>,...` starts one, "
                              "`games` lists them, `game <id>` shows one", id=f"no-game-{self._generation}",
                              classes="no-game"))
            self._draw_status()
            return
        seats = hosted.session.seats()
        columns = 1 if len(seats) == 1 else 2 if len(seats) <= 4 else 3 if len(seats) <= 9 else 4
        grid.styles.grid_size_columns = columns
        grid.mount_all([SeatTile(hosted.game_id, seat, n, self._generation) for n, seat in enumerate(seats, 1)])
        self._unsubscribe = hosted.session.subscribe(self._heard)
        self.call_after_refresh(self.refresh_tiles)

    def _heard(self, kind: str, payload: dict[str, Any]) -> None:
        if kind == "message":
            return  # no tile, status line or overview shows the message board
        if not self._pending:
            self._pending = True
            self.post_message(self.Changed())

    def on_admin_screen_changed(self, message: Changed) -> None:
        self._pending = False
        self.refresh_tiles()

    def refresh_tiles(self) -> None:
        """Redraw the status line, every tile of the game on show, and the overview if it is on show."""
        hosted = self.hosted
        self._draw_status()
        if self.has_class("-overview"):
            self.refresh_overview()
        if hosted is None:
            return
        seats = set(hosted.session.seats())
        for tile in self.query(SeatTile):
            if tile.game_id != hosted.game_id or tile.seat not in seats or not tile.is_attached:
                continue  # a tile of the game shown before, on its way out
            holder = self.accounts.holder(hosted.game_id, tile.seat)
            tile.show(hosted, holder.name if holder else None)

    def overview(self) -> str:
        """The overview of every game as text (what F5 shows)."""
        return overview_text(game_rows(self.hub, self.accounts), current=self.game_id)

    def refresh_overview(self) -> None:
        """Redraw the overview."""
        self.query_one("#overview", Static).update(Text(self.overview()))

    def _draw_status(self) -> None:
        status = self.query_one("#admin-status", Static)
        hosted = self.hosted
        text = Text()
        text.append(" GM ", style="bold reverse")
        if hosted is None:
            text.append(f" {self.account} · no game on show")
            status.update(text)
            return
        session = hosted.session
        view = session.view(GM)
        text.append(f" {hosted.game_id} ", style="bold")
        text.append(f"· {session.ruleset.title} · turn {session.turn}")
        if view.get("phase"):
            text.append(f" {view['phase']}", style="dim")
        if session.outcome() is None:  # before the lists of seats, so that a narrow header never cuts it
            text.append(f" · deadline {deadline_text(session.record.get('deadline'))}", style="dim")
        following = self.next_game_id()
        if following is not None and following != hosted.game_id:
            others = len(self.hub.ids()) - 1
            text.append(f" · F2: {following}" + (f" (+{others - 1})" if others > 1 else ""), style="dim")
        text.append(" · ")
        text.append(ready_line(view), style="green")
        status.update(text)

    def next_game_id(self) -> str | None:
        """The game F2 shows next: the one after the game on show, in the order of the games (the first after the last)."""
        ids = self.hub.ids()
        if not ids:
            return None
        return ids[(ids.index(self.game_id) + 1) % len(ids)] if self.game_id in ids else ids[0]

    # -- the command line -----------------------------------------------------------------------------
    def say(self, text: Text | str) -> None:
        """Add to the output panel."""
        self.query_one("#admin-output", RichLog).write(text)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id != "admin-command":
            return
        event.stop()
        line = event.value.strip()
        event.input.value = ""
        if not line:
            return
        self.run_command(line)

    def run_command(self, line: str) -> None:
        """Carry out one GM command and show its answer."""
        self.say(Text(f"› {line}", style="bold"))
        answer = self.console.handle(line)
        if not answer.quiet:
            self.say(Text(answer.as_text(), style="" if answer.ok else "bright_red"))
        chosen = answer.data.get("game") if answer.ok and answer.command == "new" else self.console.chosen_game
        if chosen != self.game_id:
            self.show_game(chosen)
        else:
            self.refresh_tiles()
        self.query_one("#admin-output", RichLog).scroll_end(animate=False)

    # -- enlarging ------------------------------------------------------------------------------------
    def on_seat_tile_chosen(self, message: SeatTile.Chosen) -> None:
        self.view_as(message.seat)

    def view_as(self, seat: str) -> None:
        """Show ``seat``'s own war room, read-only (F10 or Ctrl+B comes back)."""
        hosted = self.hosted
        if hosted is None or seat not in hosted.session.seats():
            return
        desk = hosted.desk(self.account, seat)
        screen = ViewAsScreen(hosted.session, seat, desk)
        self.app.push_screen(screen)
        self.app.call_after_refresh(bound_inputs, screen)

    def action_next_game(self) -> None:
        following = self.next_game_id()
        if following is not None:
            self.show_game(following)

    def action_focus_command(self) -> None:
        self.query_one("#admin-command", Input).focus()

    def action_focus_tiles(self) -> None:
        self.remove_class("-overview")
        tiles = [t for t in self.query(SeatTile) if t.game_id == self.game_id]
        if tiles:
            tiles[0].focus()

    def action_overview(self) -> None:
        """Show (or hide) the overview of every game in the tiles' place."""
        self.toggle_class("-overview")
        if self.has_class("-overview"):
            self.refresh_overview()


READ_ONLY = "read-only: the GM views {seat}'s war room; to act for {seat}, type `act {seat} <order>` on the GM's " \
            "command line (Ctrl+B)"


class ViewAsScreen(GameScreen):
    """A seat's war room as the GM sees it: exactly the seat's view, and read-only (it says so)."""

    def __init__(self, session: Any, seat: str, desk: Desk) -> None:
        super().__init__(session, seat, desk, hotseat=False, actor=GM)

    def on_mount(self) -> None:
        self.query_one(StatusBar).note = Text(f" 👁 GM viewing as {self.seat} · READ-ONLY ", style="bold reverse yellow")
        super().on_mount()
        field = self.query_one(OrderInput)
        field.placeholder = f"read-only view of {self.seat}: `act {self.seat} <order>` on the GM's command line"
        field.disabled = True
        self.query_one(OrderPane).status(Text(READ_ONLY.format(seat=self.seat), style="bold yellow"))

    def give(self, text: str, editing: int | None = None) -> bool:
        self.query_one(OrderPane).refused(READ_ONLY.format(seat=self.seat))
        return False

    def action_ready(self) -> None:
        self.query_one(OrderPane).refused(READ_ONLY.format(seat=self.seat))

    # Textual runs the handler of every class up the MRO unless one prevents the default: each
    # refusal here stops the war room's own handler (which would withdraw, edit, choose or post)
    def on_sheet_panel_withdraw(self, message: Any) -> None:
        message.prevent_default()
        self.query_one(OrderPane).refused(READ_ONLY.format(seat=self.seat))

    def on_galaxy_map_chosen(self, message: Any) -> None:
        message.prevent_default()
        self.query_one(OrderPane).refused(READ_ONLY.format(seat=self.seat))

    def on_sheet_panel_edit(self, message: Any) -> None:
        message.prevent_default()
        self.query_one(OrderPane).refused(READ_ONLY.format(seat=self.seat))

    def on_message_board_post(self, message: Any) -> None:
        from tui.widgets.messages import MessageBoard
        message.prevent_default()
        self.query_one(MessageBoard).refused(f"read-only view of {self.seat}: the GM writes with "
                                             "`say <thread> <text>` on the command line")


class AdminApp(ServedMixin, HolotableApp):
    """The GM's session: the tiles, and any seat's war room on demand."""

    CSS_PATH = TUI_CSS

    BINDINGS = [Binding("ctrl+b", "tiles", "Tiles", priority=True)]

    def __init__(self, account: str, accounts: Accounts, hub: GameHub, terminal: ChannelTerminal,
                 address: str = "?", connect: Callable[[str], str] | None = None, log_file: str | None = None) -> None:
        super().__init__(None, driver_class=terminal.driver_class(), authenticated=GM)  # the GM's key
        self.account = account
        self.accounts = accounts
        self.hub = hub
        self.address = address
        self.connect = connect
        self.log_file = log_file
        prepare(self, terminal, f"{account}/admin")

    def on_mount(self, event: Any) -> None:
        event.prevent_default()  # no hot-seat lobby: the GM's tiles
        self.push_screen(AdminScreen(self.account, self.accounts, self.hub, self.address, self.connect, self.log_file))

    @property
    def admin(self) -> AdminScreen | None:
        """The tiles screen."""
        for screen in self.screen_stack:
            if isinstance(screen, AdminScreen):
                return screen
        return None

    def leave_game(self) -> None:
        """From a seat's war room back to the tiles."""
        while len(self.screen_stack) > 1 and not isinstance(self.screen, AdminScreen):
            self.pop_screen()
        admin = self.admin
        if admin is not None:
            admin.refresh_tiles()

    def action_tiles(self) -> None:
        self.leave_game()
