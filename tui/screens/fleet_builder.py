"""The list builder (fleets, decks, armies): start from a starter list or type one, see every rule it breaks
(with the rule's ID) as you type, save it under your name, and take it into a new game.

It knows no rule system: it lists those whose ruleset offers starter lists and asks the ruleset to
check a list (``starter_lists`` and ``check_list`` of the contract).
"""
from __future__ import annotations

import json
from typing import Any

from rich.markup import escape
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Select, Static

from core.errors import HolotableError
from core.registry import find_ruleset, ruleset_ids
from tui.lists import ListBook


def list_rulesets() -> list[str]:
    """Rule systems that build lists."""
    return [rid for rid in ruleset_ids() if find_ruleset(rid).starter_lists()]


def list_form(ruleset_id: str) -> tuple[str, str]:
    """How a list of ``ruleset_id`` is written, taken from the ruleset's own starters: the header
    line and the list field's placeholder, an example (its shortest starter). Raises nothing: a rule system
    without starters gets a plain line."""
    if not ruleset_id:
        return "[b]List builder[/b]  no rule system here builds lists", ""
    ruleset = find_ruleset(ruleset_id)
    starters = ruleset.starter_lists()
    if not starters:
        return f"[b]List builder[/b]  {ruleset.title} has no lists to build", ""
    example = min(starters.values(), key=len)
    return f"[b]List builder[/b]  a {escape(ruleset.title)} list, written like the example below", example


class FleetBuilderScreen(Screen[None]):
    """Build, check and save lists; F5 takes the list into a new game for the first seat."""

    DEFAULT_CSS = """
    FleetBuilderScreen #fb-box { padding: 0 1; }
    FleetBuilderScreen Horizontal { height: auto; }
    FleetBuilderScreen Input { width: 1fr; }
    FleetBuilderScreen #fb-checks { height: auto; margin: 1 0; }
    FleetBuilderScreen #fb-saved { height: 1fr; border: round $primary-darken-2; }
    """
    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back"),
        Binding("f2", "save", "Save the list"),
        Binding("f5", "play", "New game with it"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.rulesets = list_rulesets()
        self.ruleset_id = self.rulesets[0] if self.rulesets else ""
        self.book: ListBook | None = None

    def compose(self):  # type: ignore[no-untyped-def]
        with Vertical(id="fb-box"):
            header, example = list_form(self.ruleset_id)
            yield Static(header, id="fb-form")
            with Horizontal():
                yield Select([(r, r) for r in self.rulesets], value=self.ruleset_id or Select.BLANK, id="fb-ruleset",
                             allow_blank=not self.rulesets)
                yield Select([], prompt="start from a starter or a saved list", id="fb-starter")
            with Horizontal():
                yield Input(placeholder="player", id="fb-player")
                yield Input(placeholder="list name", id="fb-name")
            yield Input(placeholder=example, id="fb-text")
            yield Static("", id="fb-checks")
            with Horizontal():
                yield Button("Save (F2)", id="fb-save", compact=True)
                yield Button("New game with it (F5)", id="fb-play", compact=True)
            yield VerticalScroll(Static("", id="fb-saved-list"), id="fb-saved")
        yield Footer()

    def on_mount(self) -> None:
        self.book = ListBook.for_saves(self.app.saves)  # type: ignore[attr-defined]
        self._starters()
        self._check()
        self._saved()
        if self.book.problem:
            self.notify(self.book.problem, severity="warning")

    # -- drawing ------------------------------------------------------------------------------------
    def _choices(self) -> dict[str, str]:
        """Starters, then the player's saved lists ("saved: <name>"), as list texts."""
        choices = dict(find_ruleset(self.ruleset_id).starter_lists()) if self.ruleset_id else {}
        player = self.query_one("#fb-player", Input).value.strip()
        if player and self.book is not None:
            choices.update({f"saved: {n}": t for n, t in self.book.lists(player, self.ruleset_id).items()})
        return choices

    def _starters(self) -> None:
        self.query_one("#fb-starter", Select).set_options([(name, name) for name in self._choices()])

    def _check(self) -> None:
        text = self.query_one("#fb-text", Input).value
        checks = self.query_one("#fb-checks", Static)
        if not self.ruleset_id:
            checks.update("[dim]no rule system here builds lists[/dim]")
            return
        if not text.strip():
            checks.update("[dim]type a list or pick a starter; the checks show here as you type[/dim]")
            return
        problems = find_ruleset(self.ruleset_id).check_list(text)
        if problems:
            checks.update("\n".join(f"[red]✗[/red] {p}" for p in problems))
        else:
            checks.update("[green]✓ a legal list[/green]")

    def _saved(self) -> None:
        player = self.query_one("#fb-player", Input).value.strip()
        shown = self.query_one("#fb-saved-list", Static)
        if not player or self.book is None:
            shown.update("[dim]type your name to see your saved lists[/dim]")
            return
        lists = self.book.lists(player, self.ruleset_id)
        self._starters()
        shown.update("\n".join(f"[b]{n}[/b]: {t}" for n, t in lists.items()) or f"[dim]{player} has no saved lists yet[/dim]")

    # -- events ---------------------------------------------------------------------------------------
    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "fb-ruleset" and isinstance(event.value, str):
            self.ruleset_id = event.value
            header, example = list_form(self.ruleset_id)
            self.query_one("#fb-form", Static).update(header)
            self.query_one("#fb-text", Input).placeholder = example
            self._starters()
            self._check()
            self._saved()
        elif event.select.id == "fb-starter" and isinstance(event.value, str):
            self.query_one("#fb-text", Input).value = self._choices().get(event.value, "")
            if not self.query_one("#fb-name", Input).value:
                self.query_one("#fb-name", Input).value = event.value.removeprefix("saved: ")

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "fb-text":
            self._check()
        elif event.input.id == "fb-player":
            self._saved()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "fb-save":
            self.action_save()
        elif event.button.id == "fb-play":
            self.action_play()

    def action_save(self) -> None:
        text = self.query_one("#fb-text", Input).value
        problems = find_ruleset(self.ruleset_id).check_list(text) if self.ruleset_id else ["no rule system"]
        if problems:
            self.notify("not saved: the list breaks " + ", ".join(p.split(":")[0] for p in problems), severity="error")
            return
        try:
            assert self.book is not None
            self.book.save(self.query_one("#fb-player", Input).value, self.ruleset_id,
                           self.query_one("#fb-name", Input).value, text)
        except HolotableError as exc:
            self.notify(str(exc), severity="error")
            return
        self.notify("saved")
        self._saved()

    def action_play(self) -> None:
        """A new game of this rule system with the list for the first side (changeable in the form)."""
        from tui.screens.new_game import NewGameScreen
        text = self.query_one("#fb-text", Input).value
        if not self.ruleset_id or find_ruleset(self.ruleset_id).check_list(text):
            self.notify("make the list legal first", severity="error")
            return
        side = find_ruleset(self.ruleset_id).sides()[0]
        screen = NewGameScreen(self.ruleset_id, getattr(self.app, "seed", None))

        def fill() -> None:
            try:
                field: Any = screen.query_one("#opt-lists", Input)
            except Exception:  # noqa: BLE001 - a rule system without a lists option
                return
            field.value = json.dumps({side: text})
        self.app.push_screen(screen)
        self.app.call_after_refresh(fill)
