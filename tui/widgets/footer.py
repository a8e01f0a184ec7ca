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


def keys_width(keys: list[FooterKey]) -> int:
    """The columns compact footer keys take in a row: each key, a space and its description, one
    column between keys."""
    return sum(len(k.key_display) + (len(k.description) + 1 if k.description else 0) + 1 for k in keys)


class SteadyFooter(Footer):
    """A footer that keeps its widgets while the keys it shows stay the same."""

    _shown: tuple[tuple[str, str, str, bool, str], ...] | None = None
    _need: int = 0  # the columns the keys and the palette's key need, as last composed
    _room: int = 0  # the columns the footer had then

    def compose(self) -> ComposeResult:
        """Textual's keys, already as compact as the footer (so none restyles itself once mounted); the
        command palette's key (reachable anyway, and named in the palette's own hint) only when the
        screen's keys leave room for it, so that no screen key drops off a narrow terminal."""
        widgets = list(super().compose())
        keys = [w for w in widgets if isinstance(w, FooterKey) and not w.has_class("-command-palette")]
        palette = [w for w in widgets if isinstance(w, FooterKey) and w.has_class("-command-palette")]
        self._need = keys_width(keys) + keys_width(palette) + 1 if palette else 0
        self._room = self.size.width or self.app.size.width
        if self._need > self._room:
            widgets = [w for w in widgets if w not in palette]
        for widget in widgets:
            if isinstance(widget, FooterKey):
                widget.set_reactive(FooterKey.compact, self.compact)
                widget.set_class(self.compact, "-compact", update=False)
            yield widget

    def on_resize(self, event: Any) -> None:
        """When a resize crosses the width the palette's key needs, show or hide it."""
        if self._need and (self._need > self._room) != (self._need > event.size.width):
            self.recompose()

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
