"""Inputs with a steady cursor: a blinking cursor costs CPU and bytes for every idle session.

They also type without relayouting the screen: Textual's ``Input`` sets its ``virtual_size`` (a
reactive that asks for a layout of the whole screen) on every change of its value. An input whose
size is fixed by its styles (not ``auto``) takes its new virtual size quietly, and only its own
line is redrawn; an ``auto``-sized one still relayouts, since its size follows its value.
"""
from __future__ import annotations

from typing import Any

from textual.geometry import Size
from textual.widget import Widget
from textual.widgets import Input


class SteadyInput(Input):
    """An :class:`~textual.widgets.Input` whose cursor does not blink and whose typing does not relayout."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.cursor_blink = False

    def _watch_value(self, value: str) -> None:
        if not self.styles.auto_dimensions:
            # Input's watcher sets this same size next: as it is already set, no layout is asked for.
            self.set_reactive(Widget.virtual_size, Size(self.content_width, 1))
        super()._watch_value(value)
