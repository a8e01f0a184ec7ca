"""The war room's side tabs (Sheet, Forces, Log, Msgs and a rule system's panels), each built the
first time it is shown and kept after: a player's first frame builds only the tab on show.

A tab not built yet has nothing to update; when it is first shown (an F-key, a click on its tab) its
content is built and drawn from the screen's current view, so it shows what it would have shown had
it been there all along. The Sheet is on show first, so it is built with the screen. A rule system's
panels (``tui.panels``) are built with the screen too: a panel is its rule system's own widget, which
may be looked at before its tab is opened.
"""
from __future__ import annotations

from typing import Any, Callable

from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import TabbedContent, TabPane

from core.session import Session
from tui.hotseat import Desk
from tui.panels import panels_for
from tui.widgets.event_log import EventLog
from tui.widgets.messages import MessageBoard
from tui.widgets.rosters import RosterPanel
from tui.widgets.sheet import SheetList, SheetPanel

PANES = {"sheet": "pane-sheet", "forces": "pane-forces", "log": "pane-log", "messages": "pane-messages"}


class LazyPane(TabPane):
    """A tab whose content (made by ``factory``) is built when the tab is first shown, and kept."""

    def __init__(self, title: str, factory: Callable[[], Widget], *, id: str) -> None:
        super().__init__(title, id=id)
        self._factory = factory
        self.part: Widget | None = None

    @property
    def built(self) -> Widget | None:
        """The content once it is built and mounted (None before: there is nothing to update yet)."""
        return self.part if self.part is not None and self.part.is_mounted else None

    async def build(self) -> Widget:
        """The content, built and mounted if it was not yet (waits until it is mounted)."""
        if self.part is None:
            self.part = self._factory()
            await self.mount(self.part)
        else:
            await self.part._mounted_event.wait()
        return self.part


class SideTabs(Screen[None]):
    """The side tabs of a war room; the screen gives ``session``, ``seat``, ``desk``, ``view`` and
    ``refresh_view``."""

    session: Session
    seat: str
    desk: Desk
    view: dict[str, Any]
    focus_asked: int
    refresh_view: Callable[..., None]

    def compose_side(self):  # type: ignore[no-untyped-def]
        """The tabs: the Sheet's content now, the others' when they are first shown."""
        with TabbedContent(id="side", initial=PANES["sheet"]):
            with TabPane("Sheet", id=PANES["sheet"]):
                yield SheetPanel(id="sheet")
            yield LazyPane("Forces", lambda: RosterPanel(id="forces"), id=PANES["forces"])
            yield LazyPane("Log", lambda: EventLog(id="log"), id=PANES["log"])
            yield LazyPane("Msgs", lambda: MessageBoard(id="messages"), id=PANES["messages"])
            for pane_id, title, factory in panels_for(str(self.view.get("ruleset"))):
                with TabPane(title, id=f"pane-x-{pane_id}"):
                    yield factory()

    def side_part(self, name: str) -> Any:
        """The content of side tab ``name`` (a key of PANES) if it is built, else None."""
        pane = self.query_one(f"#{PANES[name]}", TabPane)
        if isinstance(pane, LazyPane):
            return pane.built
        return pane.children[0] if pane.children else None

    def place_name(self, place: dict[str, Any] | None) -> str | None:
        """The name the forces tab highlights for a selected place."""
        return None if place is None else str(place.get("name") or place.get("id"))

    def show_side(self, view: dict[str, Any], unread: int) -> None:
        """Hand each built side tab its part of ``view``; label the Msgs tab with ``unread``."""
        board = self.query_one("#board")
        forces = self.side_part("forces")
        if forces is not None:
            forces.show(list(view.get("rosters") or []), dict(view.get("resources") or {}),
                        self.place_name(getattr(board, "place", None)))
        log = self.side_part("log")
        if log is not None:
            log.show(list(view.get("log") or []))
        self.show_messages(view, unread)
        for pane_id, _title, _factory in panels_for(str(view.get("ruleset"))):
            for widget in self.query_one(f"#pane-x-{pane_id}", TabPane).children:
                show = getattr(widget, "show", None)
                if show is not None:
                    show(view)

    def show_messages(self, view: dict[str, Any], unread: int) -> None:
        """Hand the message board its messages; label the Msgs tab with ``unread``."""
        messages = self.side_part("messages")
        if messages is not None:
            messages.show(self.session.threads_for(self.seat), list(view.get("messages") or []), self.desk.read,
                          self.seat)
        tab = self.query_one("#side", TabbedContent).get_tab(PANES["messages"])
        label = f"Msgs ●{unread}" if unread else "Msgs"
        if tab.label_text != label:
            tab.label = label

    def mark_thread_read(self) -> None:
        """The thread on show counts as read when the message board is on show."""
        board = self.side_part("messages")
        if board is not None and self.messages_visible():
            thread = board.thread
            if thread is not None:
                self.desk.mark_read(thread, list(self.view.get("messages") or []))

    def messages_visible(self) -> bool:
        """Whether the message board is the side tab on show."""
        try:
            return self.query_one("#side", TabbedContent).active == PANES["messages"]
        except Exception:  # noqa: BLE001 - before the tabs exist
            return False

    async def _build_pane(self, pane: TabPane) -> None:
        """Build a lazy tab's content (if not yet) and draw it from the current view."""
        if isinstance(pane, LazyPane) and pane.built is None:
            await pane.build()
            if self.is_attached:
                self.refresh_view(self.view)

    async def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        if event.tabbed_content.id != "side":
            return
        await self._build_pane(event.pane)
        if event.pane.id == PANES["messages"] and self.side_part("messages") is not None:
            self.mark_thread_read()
            self.refresh_view(self.view)

    async def action_pane(self, name: str) -> None:
        """Show one of the side panes (and focus what is in it)."""
        tabs = self.query_one("#side", TabbedContent)
        self.focus_asked += 1
        asked = self.focus_asked
        await self._build_pane(self.query_one(f"#{PANES[name]}", TabPane))
        tabs.active = PANES[name]
        if asked != self.focus_asked:
            return  # another key moved the focus (F3, F2, ...) while the tab was built: it stays there
        target = {"sheet": SheetList, "forces": RosterPanel, "log": EventLog}.get(name)
        if target is not None:
            self.set_focus(self.query_one(target))
        elif name == "messages":
            if self.focused is self.query_one("#post"):
                self.query_one(MessageBoard).next_thread()  # F7 again: the next thread
            self.set_focus(self.query_one("#post"))
