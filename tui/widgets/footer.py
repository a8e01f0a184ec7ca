"""The key bar at the foot of a screen: Textual's ``Footer``, rebuilt only when its keys change.

Textual's footer recomposes (a widget per key, each restyled) every time the screen's bindings
*might* have changed: each focus change, each screen activation. On the war room that was a
quarter of building a player's screen and a fresh set of widgets on every Tab, although the keys
shown were the same. This footer compares what it would show (key, label, enabled, tooltip) with
what it shows and recomposes only when that differs; what the player sees is Textual's footer.

A compact footer's keys are made compact before they are mounted (Textual's keys take the footer's
``compact`` through a data binding after mounting, and each restyled itself: ~3 ms of a war room's
first frame).
"""
from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey


def shown_keys(screen: Screen[Any]) -> tuple[tuple[str, str, str, bool, str], ...]:
    """What a footer on ``screen`` shows: (key, action, description, enabled, tooltip) per binding."""
    return tuple((binding.key, binding.action, binding.description, enabled, tooltip)
                 for (_node, binding, enabled, tooltip) in screen.active_bindings.values() if binding.show)


class SteadyFooter(Footer):
    """A footer that keeps its widgets while the keys it shows stay the same."""

    _shown: tuple[tuple[str, str, str, bool, str], ...] | None = None

    def compose(self) -> ComposeResult:
        """Textual's keys, already as compact as the footer (so none restyles itself once mounted)."""
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                widget.set_reactive(FooterKey.compact, self.compact)
                widget.set_class(self.compact, "-compact", update=False)
            yield widget

    def bindings_changed(self, screen: Screen[Any]) -> None:
        """Recompose only when the keys on show would change."""
        if not screen.app.app_focus or not (self.is_attached and screen is self.screen):
            super().bindings_changed(screen)
            return
        shown = shown_keys(screen)
        if shown == self._shown and self._bindings_ready:
            return
        self._shown = shown
        super().bindings_changed(screen)
