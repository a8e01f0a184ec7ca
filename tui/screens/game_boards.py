"""The war room's board switch: a view may offer more boards than its own (``view["boards"]``: the
battle grids a galaxy opens into); ctrl+g cycles the board shown (its own board, then each of the
others, then its own again), offered in the footer and the help only when there is more than one.

A board of another kind needs its widget (``tui.panels.board_widget``): the board widget is swapped
in place. Nothing here knows a rule system: only the view's ``board`` and ``boards``.
"""
from __future__ import annotations

from typing import Any

from rich.text import Text

from tui.panels import board_widget, boards_of


class BoardSwitch:
    """A mixin of the game screen: which of the view's boards is shown, and the key that changes it."""

    board_at = 0  # which of the view's boards is shown (0: its own board)
    _board_kind = "none"  # the kind the board widget on the screen draws
    _many_boards = False

    def draw_board(self, view: dict[str, Any]) -> None:
        """Show the chosen board of ``view`` (its own if the choice is gone), swapping the board
        widget for one of the board's kind if need be, and the details of the place selected."""
        screen: Any = self
        boards = boards_of(view)
        self.board_at = self.board_at if self.board_at < len(boards) else 0
        title, shown = boards[self.board_at]
        if str(shown.get("kind", "list")) != self._board_kind:
            screen.call_later(self._swap_board)  # a board of another kind needs its own widget
        else:
            board = screen.query_one("#board")
            board.show(shown, screen.side, list(screen.session.ruleset.sides()))
            board.border_title = title if len(boards) < 2 else f"{title} ({self.board_at + 1}/{len(boards)}, ^g next)"
            screen._show_details(getattr(board, "place", None))
        if (len(boards) > 1) != self._many_boards:
            self._many_boards = len(boards) > 1
            screen.refresh_bindings()  # the footer offers the next board only when there is one

    def shown_board(self) -> dict[str, Any]:
        """The board on the screen now: the view's own, or one of its ``boards``."""
        boards = boards_of(getattr(self, "view", {}))
        return boards[self.board_at if self.board_at < len(boards) else 0][1]

    def many_boards(self) -> bool:
        """Whether the view offers more than one board (then ctrl+g is offered)."""
        return len(boards_of(getattr(self, "view", {}))) > 1

    def action_next_board(self) -> None:
        """Show the view's next board: the galaxy, then each battle grid it opens into, then the galaxy again."""
        from tui.widgets.order_pane import OrderPane
        screen: Any = self
        boards = boards_of(screen.view)
        if len(boards) < 2:
            return
        self.board_at = (self.board_at + 1) % len(boards)
        screen.refresh_view(screen.view)
        screen.query_one(OrderPane).status(Text(f"board {self.board_at + 1} of {len(boards)}: {boards[self.board_at][0]} "
                                                f"· ctrl+g: the next board", style="bold"))

    async def _swap_board(self) -> None:
        """Put a widget of the shown board's kind in place of the board widget, then draw it."""
        from tui.widgets.place_details import PlaceDetails
        screen: Any = self
        kind = str(self.shown_board().get("kind", "list"))
        if kind == self._board_kind or not screen.is_attached:
            return
        old = screen.query_one("#board")
        focused = screen.focused is old
        await old.remove()
        new = board_widget(kind)
        await screen.query_one("#left").mount(new, before=screen.query_one(PlaceDetails))
        self._board_kind = kind
        screen.set_class(kind == "map", "-map-board")
        new.border_title = "Galaxy" if kind == "map" else "Board"
        screen.refresh_view(screen.view)
        if focused:
            screen.set_focus(new)
