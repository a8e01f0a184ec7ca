"""The war room of one seat: the board, the place selected on it, the seat's forces and resources,
its order sheet, the log, the message board and the order line.

The screen draws ``session.view(seat)`` and sends orders as text through ``session.order``; it
redraws when the session says something changed (another seat, a bot, a resolution). In hot-seat
play the app hands the terminal over when the seat is done; with a fixed seat (over SSH) the seat
stays, readiness toggles, and reports arrive live.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import Button

from core.errors import HolotableError
from core.session import Session
from tui.bridge import SessionAdvisor, give_lines, replace_order, report_events, turn_reports
from tui.deadline import deadline_rule
from tui.hotseat import Desk
from tui.panels import board_kind, board_widget
from tui.screens.game_boards import BoardSwitch
from tui.screens.game_side import SideTabs
from tui.widgets.footer import SteadyFooter
from tui.widgets.galaxy_map import GalaxyMap, neighbours
from tui.widgets.messages import MessageBoard, ThreadError, parse_say
from tui.widgets.order_pane import OrderInput, OrderPane
from tui.widgets.place_details import PlaceDetails, orders_at
from tui.widgets.sheet import SheetPanel
from tui.widgets.status_bar import StatusBar
from tui.widgets.urgent import UrgentLine


class GameScreen(BoardSwitch, SideTabs):
    """One seat's view of the game, and its order line."""

    CSS_PATH = str(Path(__file__).with_name("game.tcss"))
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (34, "-tall")]
    # priority: a key that moves the focus must act before the keys typed after it arrive
    BINDINGS = [
        Binding("ctrl+r", "ready", "Ready", priority=True),
        Binding("f1", "help", "Help", priority=True),
        Binding("f2", "focus_map", "Map", priority=True),
        Binding("ctrl+g", "next_board", "Boards", priority=True),  # shown only when the view has more boards
        Binding("f3", "focus_order", "Order line", show=False, priority=True),
        Binding("f4", "pane('sheet')", "Sheet", priority=True),
        Binding("f5", "pane('forces')", "Forces", priority=True),
        Binding("f6", "pane('log')", "Log", priority=True),
        Binding("f7", "pane('messages')", "Msgs", priority=True),
        Binding("f8", "pin", "Set a PIN", show=False, priority=True),
        Binding("f9", "report", "Last report", show=False, priority=True),
        Binding("f10", "leave", "Leave", priority=True),
        Binding("f11", "reference", "Unit reference", show=False, priority=True),
        Binding("f12", "victory", "Victory", show=False, priority=True),
        Binding("ctrl+k", "standing", "Pass for me", priority=True),  # only when the view offers answers in advance
    ]

    @dataclass
    class Changed(Message):
        """The session changed (one message however many changes came at once)."""

    @dataclass
    class Posted(Message):
        """Only a message was posted, to a thread this seat reads (one however many came at once)."""

    def __init__(self, session: Session, seat: str, desk: Desk, *, hotseat: bool = True,
                 actor: str | None = None, on_done: Callable[[str], None] | None = None) -> None:
        super().__init__()
        self.session = session
        self.seat = seat
        self.actor = actor or seat
        self.desk = desk
        self.hotseat = hotseat
        self.lone = False  # the only player at a hot-seat terminal (the others are bots): nobody to hand over to
        self.on_done = on_done
        self.view: dict[str, Any] = {}
        self._unsubscribe: Callable[[], None] | None = None
        self._pending = False
        self._posted = False
        self._resolved = False
        self._selects_on_focus: bool | None = None
        self.focus_asked = 0  # counts the keys that move the focus: a slow one never undoes a later one
        self.opening_note = ""

    # -- building ---------------------------------------------------------------------------------
    def compose(self):  # type: ignore[no-untyped-def]
        gate = getattr(self.app, "gate", None)
        if gate is not None:
            gate.require(self.session, self.seat)  # the one rule: never another viewer's view
        self.view = self.session.view(self.seat)
        # before the children are styled: set on mount, the class restyled the whole screen again
        self.set_class(board_kind(self.view) == "map", "-map-board", update=False)
        self.update_classes(self.breakpoint_classes(), update=False)  # so the first resize restyles nothing
        yield StatusBar(id="status")
        with Horizontal(id="body"):
            with Vertical(id="left"):
                self._board_kind = board_kind(self.view)
                yield board_widget(self._board_kind)
                yield PlaceDetails(id="details")
            with Vertical(id="side-col"):
                yield UrgentLine(id="urgent")
                yield from self.compose_side()
        pane = OrderPane(SessionAdvisor(self.session, self.seat, self.actor), id="order")
        pane.rulebook = self.session.ruleset.rules_text()
        yield pane
        yield SteadyFooter(compact=True)

    def breakpoint_classes(self) -> dict[str, bool]:
        """The breakpoint classes (``-narrow``/``-wide``, ``-short``/``-tall``) for the terminal's size now,
        as Textual sets them on a resize."""
        width, height = self.app.size
        classes = {name: False for _, name in self.HORIZONTAL_BREAKPOINTS + self.VERTICAL_BREAKPOINTS}
        for size, breakpoints in ((width, self.HORIZONTAL_BREAKPOINTS), (height, self.VERTICAL_BREAKPOINTS)):
            classes.update(dict.fromkeys(self._get_breakpoint_classes(size, breakpoints), True))
        return classes

    def on_mount(self) -> None:
        self._unsubscribe = self.session.subscribe(self._heard)
        board = self.query_one("#board")
        board.border_title = "Galaxy" if board_kind(self.view) == "map" else "Board"
        self.refresh_view(self.view)
        self.query_one(OrderInput).focus()
        if self.opening_note:
            self.query_one(OrderPane).status(Text(self.opening_note, style="bold yellow"))
        elif self.desk.standing and self.view.get("standing"):
            what = ", ".join(str(o.get("what")) for o in self.view["standing"] if o.get("id") in self.desk.standing)
            self.query_one(OrderPane).status(Text(f"{what}: passed for you (Ctrl+K: you decide each time)", style="bold green"))
        if self.desk.last_seen_turn < self.session.turn:
            self.call_after_refresh(self.action_report)

    def on_unmount(self) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None

    # -- hearing the session ------------------------------------------------------------------------
    def _heard(self, kind: str, payload: dict[str, Any]) -> None:
        if kind == "message":
            # a message changes nothing but the message board: no new view, no board redrawn, and
            # nothing at all at a seat that cannot read its thread
            if not self._pending and not self._posted and payload.get("thread") in self.session.threads_for(self.seat):
                self._posted = True
                self.post_message(self.Posted())
            return
        if kind == "resolved":
            self._resolved = True
        if not self._pending:
            self._pending = True
            self.post_message(self.Changed())

    def on_game_screen_posted(self, message: Posted) -> None:
        self._posted = False
        if self._pending or not self.is_attached:
            return  # a whole redraw is on its way, or the screen is gone
        self.view = {**self.view, "messages": self.session.messages_for(self.seat)}
        self.mark_thread_read()
        unread = sum(self.desk.unread(list(self.view["messages"])).values())
        self.show_messages(self.view, unread)
        self.query_one(StatusBar).show(self.view, self.seat, self.side, unread)

    def on_game_screen_changed(self, message: Changed) -> None:
        self._pending = False
        if not self.is_attached:
            return
        self.refresh_view()
        if self._resolved:
            self._resolved = False
            self.query_one(OrderPane).status("")  # a refusal of the last turn is stale now
            if (not self.hotseat or self.lone) and self.desk.last_seen_turn < self.session.turn:
                self.action_report()

    # -- drawing --------------------------------------------------------------------------------------
    @property
    def side(self) -> str | None:
        """The seat's side."""
        return self.session.side_of(self.seat)

    def refresh_view(self, view: dict[str, Any] | None = None) -> None:
        """Fetch the seat's view (unless given) and hand each widget its part."""
        view = view if view is not None else self.session.view(self.seat)
        self.view = view
        self.draw_board(view)
        ready = self.seat in (view.get("ready") or [])
        queued = bool(self.session.ruleset.simultaneous)
        self.query_one(SheetPanel).show(list(view.get("sheet") or []), ready, queued, dict(view.get("sheet_notes") or {}))
        self.query_one(UrgentLine).show(view, self.seat, queued)
        self.mark_thread_read()
        unread = sum(self.desk.unread(list(view.get("messages") or [])).values())
        self.show_side(view, unread)
        status = self.query_one(StatusBar)
        status.show(view, self.seat, self.side, unread)
        if view.get("deadline") is not None:
            status.tooltip = f"Deadline: {deadline_rule(self.session.record)}"
        pane = self.query_one(OrderPane)
        pane.set_prompt(str(view.get("prompt") or ""))
        pane.set_ready_label("✓ Ready" if ready else "Ready")

    # -- the board ------------------------------------------------------------------------------------
    def _show_details(self, place: dict[str, Any] | None) -> None:
        """The selected place's details: what is there, one jump away, and the seat's orders there."""
        rosters = list(self.view.get("rosters") or [])
        details = self.query_one(PlaceDetails)
        details.display = bool(getattr(self.query_one("#board"), "HAS_PLACES", False))  # none on boards without places
        if place is None:
            details.show(None, rosters)
            return
        board = self.shown_board()
        name = str(place.get("name") or place.get("id"))
        self.query_one(PlaceDetails).show(place, rosters, neighbours(board, str(place.get("id"))),
                                          orders_at(list(self.view.get("sheet") or []), name))

    def on_galaxy_map_selected(self, message: GalaxyMap.Selected) -> None:
        rosters = list(self.view.get("rosters") or [])
        self._show_details(message.place)
        forces = self.side_part("forces")
        if forces is not None:
            forces.show(rosters, dict(self.view.get("resources") or {}), self.place_name(message.place))

    def on_galaxy_map_chosen(self, message: GalaxyMap.Chosen) -> None:
        self.query_one(OrderPane).insert(str(message.place.get("name") or message.place.get("id")))

    def on_field_board_chosen(self, message: Any) -> None:
        """A unit or point picked on a field board goes onto the order line; a unit picked with Enter while
        the line is empty opens its type's card from the unit reference first (Enter there puts it on the
        line). A click selects the unit and puts it on the line."""
        pane = self.query_one(OrderPane)
        board = self.view.get("board") or {}
        units = [*(board.get("tokens") or []), *(u for zone in board.get("zones") or [] for u in zone.get("units") or [])]
        unit = next((t for t in units if str(t.get("id")) == message.text), None)
        kind = str((unit or {}).get("label") or (unit or {}).get("name") or "")
        rows = self.session.ruleset.reference()
        if unit is None or not getattr(message, "by_key", True) or pane.input.value.strip() or not any(kind in (r.get("name"), r.get("code")) for r in rows):
            pane.insert(str(message.text))
            return
        from tui.screens.reference import ReferenceScreen

        def chosen(unit_id: str | None) -> None:
            if unit_id:
                pane.insert(unit_id)
        self.app.push_screen(ReferenceScreen(self.session.ruleset.title, rows, self.side, self.session.ruleset.glossary(),
                                             query=kind, unit=message.text), chosen)

    # -- orders ---------------------------------------------------------------------------------------
    def on_order_pane_submitted(self, message: OrderPane.Submitted) -> None:
        text = message.text
        if message.editing is None and self._say_from_order_line(text):
            return
        final = self.session.final_order(text)
        if final:
            from tui.screens.confirm import ConfirmScreen

            def confirmed(go: bool | None) -> None:
                if go:
                    self._odds_then_give(text, message.editing)
                else:
                    self.query_one(OrderPane).status(Text(f"not given: {text}", style="yellow"))
                    self.query_one(OrderInput).focus()
            self.app.push_screen(ConfirmScreen(text, final), confirmed)
            return
        self._odds_then_give(text, message.editing)

    def on_order_pane_pasted(self, message: OrderPane.Pasted) -> None:
        """Several lines pasted: each given as an order of its own, with a summary of what was accepted."""
        turn, mark = self.session.turn, len(self.session.record["log"])
        results = give_lines(self.session, self.actor, self.seat, message.lines)
        self.query_one(OrderPane).pasted(results)
        self.refresh_view()
        self._maybe_done(turn, mark, f"✓ {sum(why is None for _, why in results)} pasted orders given")

    def _odds_then_give(self, text: str, editing: int | None) -> None:
        """A legal order that would do nothing or waste something asks first; then its odds; then it is given."""
        from tui.screens.warn import ask_first
        try:
            warnings = self.session.order_warnings(self.actor, self.seat, text)
        except HolotableError:
            warnings = []

        def back() -> None:
            self.query_one(OrderPane).status(Text(f"not given: {text}", style="yellow"))
            self.query_one(OrderInput).focus()
        ask_first(self.app, text, warnings, lambda: self._odds_only_then_give(text, editing), back)

    def _odds_only_then_give(self, text: str, editing: int | None) -> None:
        advisor = self.query_one(OrderPane).advisor
        odds = advisor.odds(text)
        if odds is None or not odds.rows:  # no dice, or odds the seat cannot know (the line showed why)
            self.give(text, editing)
            return
        refusal = getattr(advisor, "refusal", None)
        if editing is None and refusal is not None and refusal(text) is not None:
            self.give(text, editing)  # refused: the reason at once, never the odds of an order that is not taken
            return
        from tui.screens.odds import OddsScreen

        def answered(go: bool | None) -> None:
            if go:
                self.give(text, editing)
            else:
                self.query_one(OrderInput).focus()
        self.app.push_screen(OddsScreen(text, odds), answered)

    def give(self, text: str, editing: int | None = None) -> bool:
        """Give an order (or replace sheet order ``editing``); show the refusal if it is refused."""
        pane = self.query_one(OrderPane)
        turn, mark = self.session.turn, len(self.session.record["log"])
        try:
            if editing is None:
                self.session.order(self.actor, self.seat, text)
            else:
                replace_order(self.session, self.actor, self.seat, editing, text)
        except HolotableError as exc:
            pane.refused(str(exc))
            return False
        except Exception as exc:  # noqa: BLE001 - an engine fault is shown, never a crash of the room
            from tui.crash import write_crash_log
            log = write_crash_log(exc, getattr(self.app, "data_dir", None))
            pane.refused(f"internal error, the order was not given and the game is unchanged; details in {log}")
            return False
        self._answer_standing()
        queued = bool(self.session.ruleset.simultaneous)
        pane.accepted(text, ("queued on the sheet" if editing is None else f"replaces order {editing + 1}") if queued else "done")
        self.refresh_view()
        self._maybe_done(turn, mark, f"✓ {text}")
        return True

    def _answer_standing(self) -> None:
        """In hot-seat play, the answers other seats gave in advance are given now (their card
        windows passed, say), so the terminal goes to them only for what they want to decide."""
        hotseat = getattr(self.app, "hotseat", None)
        if self.hotseat and hotseat is not None and hotseat.session is self.session:
            hotseat.answer_standing(self.seat)

    def action_standing(self) -> None:
        """Ctrl+K: answer in advance what the view offers (pass in your card windows), or stop."""
        offers = [o for o in (self.view.get("standing") or []) if isinstance(o, dict) and o.get("id")]
        if not offers:
            return
        ids = {str(o["id"]) for o in offers}
        what = ", ".join(str(o.get("what", o["id"])) for o in offers)
        pane = self.query_one(OrderPane)
        if ids <= self.desk.standing:
            self.desk.standing -= ids
            pane.status(Text(f"{what}: the terminal comes to you again, you decide each time", style="bold yellow"))
            return
        self.desk.standing |= ids
        orders = ", ".join(sorted({str(o.get("order")) for o in offers}))
        pane.status(Text(f"{what}: '{orders}' is given for you, the terminal does not come to you for them "
                         "(Ctrl+K again: you decide each time)", style="bold green"))

    def on_sheet_panel_withdraw(self, message: SheetPanel.Withdraw) -> None:
        sheet = list(self.view.get("sheet") or [])
        try:
            self.session.withdraw(self.actor, self.seat, message.index)
        except HolotableError as exc:
            self.query_one(OrderPane).refused(str(exc))
            return
        text = sheet[message.index].get("text", "") if message.index < len(sheet) and isinstance(sheet[message.index], dict) else ""
        self.query_one(OrderPane).status(Text.assemble(("withdrawn: ", "bold yellow"), (str(text), "")))
        self.refresh_view()

    def on_sheet_panel_edit(self, message: SheetPanel.Edit) -> None:
        sheet = list(self.view.get("sheet") or [])
        if 0 <= message.index < len(sheet):
            order = sheet[message.index]
            self.query_one(OrderPane).edit(message.index, str(order.get("text", "") if isinstance(order, dict) else order))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "ready":
            event.stop()
            self.action_ready()

    def action_ready(self) -> None:
        """The seat's orders are complete, or (pressed again) not after all; a sheet with orders that can do
        nothing, or something urgent left undone, asks first."""
        from tui.screens.warn import ask_first
        from tui.widgets.sheet import ready_warnings
        ready = self.seat in self.session.record["ready"]
        warnings = ready_warnings(self.view) if not ready and self.session.ruleset.simultaneous else []
        ask_first(self.app, f"Ready ({self.seat})", warnings, self._toggle_ready,
                  lambda: self.query_one(OrderPane).status(Text("not ready: the sheet is yours to change", style="yellow")),
                  "Enter: ready anyway · Escape: back to the sheet")

    def _toggle_ready(self) -> None:
        ready = self.seat in self.session.record["ready"]
        flag = not ready
        turn, mark = self.session.turn, len(self.session.record["log"])
        try:
            self.session.ready(self.actor, self.seat, flag)
        except HolotableError as exc:
            self.query_one(OrderPane).refused(str(exc))
            return
        self.query_one(OrderPane).status(Text("✓ ready: waiting for the others" if flag else "not ready any more",
                                              style="bold green" if flag else "yellow"))
        if self.is_attached:
            self.refresh_view()
        if flag:
            self._maybe_done(turn, mark, "✓ ready" if self.session.turn == turn else "✓ ready: the turn resolved")

    def _maybe_done(self, turn_before: int | None = None, log_mark: int | None = None, headline: str = "") -> None:
        """In hot-seat play, once this seat has nothing more to do now: show the result of its last
        action until a key hands the terminal over (a ready seat may take it back instead)."""
        if not self.hotseat or self.on_done is None or self.lone:
            return  # the only player stays at their war room while the bots play
        session = self.session
        if not (self.seat in session.record["ready"] or self.seat not in session.awaiting() or session.outcome() is not None
                or (turn_before is not None and session.turn != turn_before)):
            return
        from core.events import filter_events
        from tui.screens.handover import HandOverScreen
        fresh = session.record["log"][log_mark:] if log_mark is not None else []
        events = [e for e in filter_events(fresh, self.seat, session.side_of) if e.get("kind") != "order"]
        may_unready = (self.seat in session.record["ready"] and self.seat in session.awaiting()
                       and session.turn == turn_before)

        def answered(choice: str | None) -> None:
            if choice == "back":
                if self.seat in session.record["ready"] and self.seat in session.awaiting():
                    self.action_ready()
                return
            if self.on_done is not None:
                self.on_done(self.seat)
        self.app.push_screen(HandOverScreen(self.seat, headline or "✓ done", events, may_unready), answered)

    # -- messages ---------------------------------------------------------------------------------------
    def on_message_board_post(self, message: MessageBoard.Post) -> None:
        try:
            self.session.post(self.actor, message.thread, message.text)
        except HolotableError as exc:
            self.query_one(MessageBoard).refused(f"{exc}; the text is kept on the line")
            return
        self.query_one(MessageBoard).sent(message.thread)
        self.refresh_view()

    def _say_from_order_line(self, text: str) -> bool:
        """A ``say <thread> <text>`` typed on the order line goes to that thread (or is refused)."""
        try:
            said = parse_say(text, self.session.threads_for(self.seat))
        except ThreadError as exc:
            self.query_one(OrderPane).refused(str(exc))
            return True
        if said is None:
            return False
        try:
            self.session.post(self.actor, *said)
        except HolotableError as exc:
            self.query_one(OrderPane).refused(str(exc))
            return True
        self.query_one(OrderPane).accepted(text, f"sent to {said[0]}")
        self.refresh_view()
        return True

    def on_message_board_opened(self, message: MessageBoard.Opened) -> None:
        if self.messages_visible():
            self.desk.mark_read(message.thread, list(self.view.get("messages") or []))
            self.refresh_view(self.view)

    # -- actions ----------------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A PIN only guards the hot-seat curtain: there is none for a fixed seat. The next board is
        offered (in the footer and the help) only when the view has more than one."""
        if action == "pin" and not self.hotseat:
            return None
        if action == "standing":
            return bool(self.hotseat and self.view.get("standing"))
        if action == "next_board":
            return self.many_boards()
        return True

    def _reads_only(self, widget: Any) -> bool:
        """Whether ``widget`` is one only looked at (the board, the log, the forces): what is typed
        there and it does not use belongs on the order line."""
        from tui.widgets.event_log import EventLog
        from tui.widgets.rosters import RosterPanel
        return widget is not None and (widget is self.query_one("#board") or isinstance(widget, (EventLog, RosterPanel)))

    def on_key(self, event: events.Key) -> None:
        """What is typed on the board, the log or the forces and they do not use (letters, digits,
        spaces, punctuation) goes to the order line, which takes the focus: nothing typed is lost."""
        field = self.query_one(OrderInput)
        if (self._reads_only(self.focused) and event.is_printable and event.character
                and not field.disabled):
            event.stop()
            if self._selects_on_focus is None:
                self._selects_on_focus, field.select_on_focus = field.select_on_focus, False  # keep the line
            field.focus()
            field.insert_text_at_cursor(event.character)

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        if self._selects_on_focus is not None and isinstance(event.widget, OrderInput):
            event.widget.select_on_focus, self._selects_on_focus = self._selects_on_focus, None

    def action_focus_map(self) -> None:
        self.focus_asked += 1
        self.set_focus(self.query_one("#board"))

    def action_focus_order(self) -> None:
        self.focus_asked += 1
        self.set_focus(self.query_one(OrderInput))

    def action_help(self) -> None:
        from tui.screens.help import HelpScreen
        keys = [(self.app.get_key_display(b), b.description) for b in self._help_bindings()]
        advisor = self.query_one(OrderPane).advisor
        verbs = [v for v in (advisor.help(verb) for verb in advisor.verbs()) if v]
        overview = getattr(advisor, "overview", None)  # the orders as this seat may give them now
        book = self.session.ruleset.rules_text()
        self.app.push_screen(HelpScreen(keys, self.session.ruleset.title, overview() if overview else self.session.help(), verbs,
                                        rules=book))
        named = self.query_one(OrderPane).refusal_rules
        if named:  # the refusal on show names a rule ("(F1: RIFT-MOVE-03)"): open the rules on it, over the help
            from tui.screens.rules import RulesScreen
            self.app.push_screen(RulesScreen(book, named[0]))

    def _help_bindings(self) -> list[Binding]:
        return [b for b in self.BINDINGS if isinstance(b, Binding) and b.description and self.check_action(b.action, ()) is not False]

    def action_pin(self) -> None:
        from tui.screens.pin import PinScreen

        def answered(pin: str | None) -> None:
            if pin is None:
                return
            try:
                self.session.set_pin(self.seat, self.seat, pin)
            except HolotableError as exc:
                self.query_one(OrderPane).refused(str(exc))
                return
            self.query_one(OrderPane).status(Text(f"PIN {'set' if pin else 'removed'} for {self.seat}: it is kept "
                                                  "with the game", style="bold green"))
        self.app.push_screen(PinScreen(self.seat, self.session.has_pin(self.seat)), answered)

    def action_report(self) -> None:
        """Show what happened since this seat last looked (or in the last turn)."""
        from tui.screens.report import ReportScreen
        since = self.desk.last_seen_turn if self.desk.last_seen_turn < self.session.turn else max(0, self.session.turn - 1)
        events = report_events(self.session, self.seat, since)
        self.desk.last_seen_turn = self.session.turn
        title = f"Report for {self.seat}: turn {since} to turn {self.session.turn}" if since < self.session.turn - 1 else \
            f"Report for {self.seat}: turn {since}" if since < self.session.turn else f"Report for {self.seat}: turn {since} so far"
        if self.session.outcome() is not None:
            title += " · game over: F12 shows how it ended"
        if len(self.app.screen_stack) and isinstance(self.app.screen, GameScreen):
            self.app.push_screen(ReportScreen(title, events, turn_reports(self.session, self.seat, since)))

    def action_the_end(self) -> None:
        """Once the game is over: the end-of-game screen (what everyone may know of it); F12 opens it."""
        if self.session.outcome() is None:
            return
        from tui.screens.game_over import GameOverScreen
        if isinstance(self.app.screen, GameScreen):
            game = getattr(self.app, "game", None)
            self.app.push_screen(GameOverScreen(self.session, getattr(game, "game_id", None)))

    def action_reference(self) -> None:
        """Every unit type of the rule system in play: name, code, cost, capacity, keywords, what it does."""
        from tui.screens.reference import ReferenceScreen
        if isinstance(self.app.screen, GameScreen):
            self.app.push_screen(ReferenceScreen(self.session.ruleset.title, self.session.ruleset.reference(), self.side,
                                                 self.session.ruleset.glossary()))

    def action_victory(self) -> None:
        """How the game is won and how near each side is, as this seat may know it; once the game is
        over, how it ended (the end-of-game screen)."""
        from tui.screens.victory import VictoryScreen
        if self.session.outcome() is not None:
            self.action_the_end()
            return
        if isinstance(self.app.screen, GameScreen):
            self.app.push_screen(VictoryScreen(self.session.ruleset.title, dict(self.view.get("victory") or {}), self.side))

    def action_leave(self) -> None:
        leave = getattr(self.app, "leave_game", None)
        if leave is not None:
            leave()
