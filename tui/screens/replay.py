"""A replay: a saved game stepped through turn by turn as one viewer (a seat, or the GM) saw it.

Everything drawn comes from :func:`saves.replay.frames`: per turn, the events the viewer saw, the
messages they could read and their view once the turn was over, and the turn's report made of them
(:func:`saves.replay.replay_reports`: the summary first, the sheets as resolved, every die). Nothing else of the record is
shown; the record is read without opening the game (no lock, nothing written).

- :class:`ViewerScreen`: whose replay? A seat played at this terminal (after its PIN, if it set
  one), or the GM (after the GM's passphrase; offered only when the game has one). The app's gate
  (:class:`tui.hotseat.Gate`) decides, as for every other view.
- :class:`ReplayScreen`: turn N of M, the board as it stood, the turn's report, the forces and the
  messages; Left/Right (or p/n) step, Home/End jump, Escape goes back.
- :func:`start_replay`: the two in turn, from the load-game screen.
"""
from __future__ import annotations

import copy
from pathlib import Path
from typing import Any, Callable

from rich.markup import escape
from rich.text import Text
from textual.app import App
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, OptionList, Static, TabbedContent, TabPane
from textual.widgets.option_list import Option

from core.errors import HolotableError, PermissionRefused
from core.events import GM
from core.registry import find_ruleset
from core.report import TurnReport
from saves.replay import Frame, frames, replay_reports
from tui.panels import board_kind, board_widget, boards_of
from tui.screens.report import report_rich
from tui.text import message_text
from tui.widgets.galaxy_map import GalaxyMap
from tui.widgets.place_details import PlaceDetails
from tui.widgets.rosters import RosterPanel

CSS = str(Path(__file__).with_name("replay.tcss"))
PANES = {"report": "replay-pane-report", "forces": "replay-pane-forces", "messages": "replay-pane-messages"}


def replay_record(saves: Any, game_id: str) -> dict[str, Any]:
    """The whole record of a saved game (its journal included), for replaying it.

    A game store is read without opening the game (no lock: a game in play elsewhere replays
    too); other saves are opened, copied and let go. Raises HolotableError.
    """
    store = getattr(saves, "store", None)
    if store is not None and callable(getattr(store, "read", None)):
        return store.read(game_id).record  # type: ignore[no-any-return]
    game = saves.open(game_id)
    try:
        return copy.deepcopy(game.session.record)
    finally:
        game.close()


def viewer_name(viewer: str, side: str | None = None) -> str:
    """``al (GAR)``, or ``the GM``."""
    if viewer == GM:
        return "the GM"
    return f"{viewer} ({side})" if side else viewer


# -- whose replay ------------------------------------------------------------------------------------
class ViewerScreen(ModalScreen[str | None]):
    """Pick the viewer: dismisses with a seat name, ``GM``, or None when cancelled."""

    CSS_PATH = CSS
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, game_id: str, seats: list[dict[str, Any]], gm: bool = False) -> None:
        super().__init__()
        self.game_id = game_id
        self.seats = seats
        self.gm = gm

    def compose(self):  # type: ignore[no-untyped-def]
        options = [Option(f"{s['name']} ({s['side']})", id=f"seat:{s['name']}") for s in self.seats if not s.get("bot")]
        if self.gm:
            options.append(Option("the GM: everything (GM passphrase)", id="gm"))
        else:
            options.append(Option("the GM: no GM passphrase was set for this game", id="gm", disabled=True))
        with Vertical(id="viewer-box"):
            yield Static(Text.assemble(("Replay ", "bold"), (self.game_id, "bold")), id="viewer-title")
            yield Static("Whose replay? Each turn is shown only as that viewer saw it.", id="viewer-text")
            yield OptionList(*options, id="viewer-list")
            yield Static("[dim]Enter picks · Escape cancels[/dim]", id="viewer-hint")

    def on_mount(self) -> None:
        self.query_one("#viewer-list").focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        option_id = event.option.id or ""
        self.dismiss(GM if option_id == "gm" else option_id.removeprefix("seat:"))

    def action_cancel(self) -> None:
        self.dismiss(None)


# -- the replay ----------------------------------------------------------------------------------------
def frame_heading(frame: Frame, index: int, count: int, last_turn: int, viewer: str, side: str | None,
                  title: str) -> Text:
    """`` Republic at War  replay as al (GAR) · turn 2 of 4 · 2/4 ``: what is on show."""
    text = Text()
    text.append(f" {title} ", style="bold reverse")
    text.append("  replay as ", style="dim")
    text.append(viewer_name(viewer, side), style="bold bright_cyan")
    text.append("  ·  ", style="dim")
    text.append(f"turn {frame.turn} of {last_turn}", style="bold")
    outcome = frame.view.get("outcome")
    if outcome:
        winners = ", ".join(outcome.get("winners") or []) or "nobody"
        text.append(f"  ·  game over: {winners} won", style="bold magenta")
    elif not frame.closed:
        text.append("  ·  in progress", style="yellow")
    if count != last_turn:
        text.append(f"  ·  {index + 1}/{count}", style="dim")
    return text


def messages_text(messages: list[dict[str, Any]]) -> Text:
    """The messages of one frame, each with its thread."""
    if not messages:
        return Text("no messages this viewer could read", style="dim italic")
    lines = []
    for message in messages:
        line = Text(f"[{message.get('thread', '?')}]", style="dim")
        line.append_text(message_text(message))
        lines.append(line)
    return Text("\n").join(lines)


class ReplayScreen(Screen[None]):
    """The frames of one viewer, one at a time."""

    CSS_PATH = CSS
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (34, "-tall")]
    # priority: the report (a scroll view) would take Left/Right/Home/End for itself
    BINDINGS = [
        Binding("left,p", "step(-1)", "Prev turn", priority=True),
        Binding("right,n", "step(1)", "Next turn", priority=True),
        Binding("home", "first", "First turn", show=False, priority=True),
        Binding("end", "last", "Last turn", show=False, priority=True),
        Binding("ctrl+g", "next_board", "Boards", priority=True),  # shown only when the turn's view had more boards
        Binding("f5", "pane('forces')", "Forces"),
        Binding("f6", "pane('report')", "Report"),
        Binding("s", "seals", "Seals", show=False),
        Binding("f7", "pane('messages')", "Msgs"),
        Binding("escape", "back", "Back"),
    ]

    def __init__(self, game_id: str, viewer: str, shown: list[Frame], access: Any = None,
                 reports: list[TurnReport] | None = None) -> None:
        """``reports`` are the turn reports of ``shown``, one each (see
        :func:`saves.replay.replay_reports`). Raises ValueError without frames or with a report
        missing."""
        super().__init__()
        if not shown:
            raise ValueError("a replay needs at least one frame")
        if reports is None or len(reports) != len(shown):
            raise ValueError("a replay needs the report of each of its turns")
        self.reports = list(reports)
        self.show_seals = False
        self.access = access
        self.game_id = game_id
        self.viewer = viewer
        self.frames = shown
        self.index = 0
        first = shown[0].view
        self.side = next((s.get("side") for s in first.get("seats_public") or [] if s.get("name") == viewer), None)
        self.sides = self._sides(first)
        self.game_title = str(first.get("title") or first.get("ruleset") or "holotable")
        self.board_at = 0  # which of the frame's boards is shown: its own, then each of its ``boards``
        self._board_kind = board_kind(first)

    @staticmethod
    def _sides(view: dict[str, Any]) -> list[str]:
        """The rule system's sides (for the map's colours), else the sides of the seats in order."""
        try:
            return list(find_ruleset(str(view.get("ruleset"))).sides())
        except HolotableError:
            return list(dict.fromkeys(str(s.get("side")) for s in view.get("seats_public") or []))

    @property
    def frame(self) -> Frame:
        """The frame on show."""
        return self.frames[self.index]

    def compose(self):  # type: ignore[no-untyped-def]
        gate = getattr(self.app, "gate", None)
        if gate is not None:
            if self.access is None:
                raise PermissionRefused("a replay needs its game to ask who may see it")
            gate.require(self.access, self.viewer)  # the one rule: never another viewer's view
        yield Static(id="replay-status")
        with Horizontal(id="replay-body"):
            with Vertical(id="replay-left"):
                board = board_widget(board_kind(self.frame.view))
                board.can_focus = False  # Left/Right step the turns; a click still selects a place
                yield board
                yield PlaceDetails(id="details")
            with TabbedContent(id="replay-side", initial=PANES["report"]):
                with TabPane("Report", id=PANES["report"]):
                    with VerticalScroll(id="replay-report-scroll"):
                        yield Static(id="replay-report")
                with TabPane("Forces", id=PANES["forces"]):
                    yield RosterPanel(id="forces")
                with TabPane("Msgs", id=PANES["messages"]):
                    with VerticalScroll(id="replay-messages-scroll"):
                        yield Static(id="replay-messages")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.show_frame()
        self.query_one("#replay-report-scroll").focus()

    # -- drawing ------------------------------------------------------------------------------------------
    def show_frame(self) -> None:
        """Hand each widget its part of the frame on show."""
        frame = self.frame
        view = frame.view
        self.query_one("#replay-status", Static).update(
            frame_heading(frame, self.index, len(self.frames), self.frames[-1].turn, self.viewer, self.side, self.game_title))
        self._draw_board()
        self.query_one("#replay-report", Static).update(report_rich(self.reports[self.index], self.show_seals))
        self.query_one("#replay-report-scroll", VerticalScroll).scroll_home(animate=False)
        self.query_one("#replay-messages", Static).update(messages_text(frame.messages))
        tabs = self.query_one("#replay-side", TabbedContent)
        messages_label = f"Msgs {len(frame.messages)}" if frame.messages else "Msgs"
        for pane, label in ((PANES["messages"], messages_label),):
            tab = tabs.get_tab(pane)
            if tab.label_text != label:
                tab.label = label

    def _draw_board(self) -> None:
        """Draw the chosen board of the frame (its own when the frame has no such board), swapping the
        board widget for one of its kind if need be; ctrl+g is offered while the frame has several."""
        frame = self.frame
        boards = boards_of(frame.view)
        self.board_at = self.board_at if self.board_at < len(boards) else 0
        title, shown = boards[self.board_at]
        if str(shown.get("kind", "list")) != self._board_kind:
            self.call_later(self._swap_board)
        else:
            board = self.query_one("#board")
            heading = f"After turn {frame.turn}" if frame.closed else f"Turn {frame.turn} so far"
            board.border_title = heading if len(boards) < 2 else \
                f"{heading}: {title} ({self.board_at + 1}/{len(boards)}, ^g next)"
            board.show(shown, self.side, self.sides)  # type: ignore[attr-defined]
            self._show_place(getattr(board, "place", None))
        self.refresh_bindings()

    async def _swap_board(self) -> None:
        """Put a widget of the shown board's kind in place of the board widget, then draw it."""
        boards = boards_of(self.frame.view)
        kind = str(boards[self.board_at if self.board_at < len(boards) else 0][1].get("kind", "list"))
        if kind == self._board_kind or not self.is_attached:
            return
        await self.query_one("#board").remove()
        new = board_widget(kind)
        new.can_focus = False
        await self.query_one("#replay-left").mount(new, before=self.query_one(PlaceDetails))
        self._board_kind = kind
        self._draw_board()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """ctrl+g only while the turn on show had more than one board."""
        if action == "next_board":
            return len(boards_of(self.frame.view)) > 1
        return True

    def action_next_board(self) -> None:
        """Show the frame's next board: the galaxy, then each battle grid the viewer had, then the galaxy."""
        count = len(boards_of(self.frame.view))
        if count > 1:
            self.board_at = (self.board_at + 1) % count
            self._draw_board()

    def _show_place(self, place: dict[str, Any] | None) -> None:
        rosters = list(self.frame.view.get("rosters") or [])
        self.query_one(PlaceDetails).show(place, rosters)
        self.query_one(RosterPanel).show(rosters, dict(self.frame.view.get("resources") or {}),
                                         None if place is None else str(place.get("name") or place.get("id")))

    def on_galaxy_map_selected(self, message: GalaxyMap.Selected) -> None:
        message.stop()
        self._show_place(message.place)

    def on_galaxy_map_chosen(self, message: GalaxyMap.Chosen) -> None:
        message.stop()

    # -- stepping -----------------------------------------------------------------------------------------
    def go(self, index: int) -> None:
        """Show frame ``index`` (held within the frames)."""
        index = max(0, min(len(self.frames) - 1, index))
        if index != self.index:
            self.index = index
            self.show_frame()

    def action_step(self, delta: int) -> None:
        self.go(self.index + delta)

    def action_first(self) -> None:
        self.go(0)

    def action_last(self) -> None:
        self.go(len(self.frames) - 1)

    def action_seals(self) -> None:
        """Show (or hide) the hashes of the turn's sealed records in its report."""
        self.show_seals = not self.show_seals
        self.query_one("#replay-report", Static).update(report_rich(self.reports[self.index], self.show_seals))

    def action_pane(self, which: str) -> None:
        self.query_one("#replay-side", TabbedContent).active = PANES[which]

    def action_back(self) -> None:
        gate = getattr(self.app, "gate", None)
        if gate is not None:
            gate.close()
        self.dismiss(None)


# -- from the load-game screen ---------------------------------------------------------------------
def start_replay(app: App[Any], saves: Any, game_id: str, problem: Callable[[str], None]) -> None:
    """Ask whose replay it is, then show it. ``problem`` hears why a game cannot be replayed."""
    from core.session import Session
    from tui.screens.pin import AskSecretScreen
    try:
        record = replay_record(saves, game_id)
        seats = [dict(s) for s in record["seats"]]
        access = Session.from_record(record)
    except HolotableError as exc:
        problem(f"[b red]cannot replay {escape(game_id)}:[/] {escape(str(exc))}")
        return
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        problem(f"[b red]cannot replay {escape(game_id)}:[/] its record is damaged ({escape(type(exc).__name__)})")
        return
    gate = getattr(app, "gate")

    def show(viewer: str) -> None:
        try:
            shown = frames(record, viewer)
            reports = replay_reports(record, viewer, shown)
        except HolotableError as exc:
            gate.close()
            problem(f"[b red]cannot replay {escape(game_id)}:[/] {escape(str(exc))}")
            return
        except Exception as exc:  # noqa: BLE001 - a damaged record is refused, never a crash
            gate.close()
            problem(f"[b red]cannot replay {escape(game_id)}:[/] its record is damaged ({escape(type(exc).__name__)})")
            return
        if not shown:
            gate.close()
            problem(f"[b red]cannot replay {game_id}:[/] it has no turns")
            return
        app.push_screen(ReplayScreen(game_id, viewer, shown, access, reports))

    def chosen(viewer: str | None) -> None:
        if viewer is None:
            return
        try:
            needed = gate.secret_needed(access, viewer)
        except HolotableError as exc:
            problem(f"[b red]cannot replay {escape(game_id)}:[/] {escape(str(exc))}")
            return
        if needed is None:
            gate.admit(access, viewer)
            show(viewer)
            return

        def answered(secret: str | None) -> None:
            if secret is None:
                return
            if not gate.admit(access, viewer, secret):
                problem(f"[b red]not shown:[/] that is not the {needed}")
                return
            show(viewer)
        who = "the GM" if viewer == GM else viewer
        app.push_screen(AskSecretScreen(who, needed, f"The replay shows every turn as {who} saw it."), answered)

    app.push_screen(ViewerScreen(game_id, seats, access.has_gm_passphrase()), chosen)
