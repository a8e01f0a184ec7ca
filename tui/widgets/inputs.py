"""Inputs with a steady cursor: a blinking cursor costs CPU and bytes for every idle session."""
from __future__ import annotations

from typing import Any

from textual.widgets import Input


class SteadyInput(Input):
    """An :class:`~textual.widgets.Input` whose cursor does not blink."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.cursor_blink = False
