"""A new game: rule system, scenario, options, and the seats (name, side, bot or player).

Everything offered comes from the registry (``ruleset_ids``, ``find_ruleset``): a rule system that
registers appears here with its own scenarios, sides and options. The engine checks the setup;
its refusal is shown as it is.
"""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from rich.text import Text
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Footer, Input, Label, Select, Static

from core.errors import HolotableError
from core.options import OptionSpec
from core.registry import find_ruleset, ruleset_ids
from core.session import Session
from tui.widgets.inputs import SteadyInput

SEAT_NAMES = ["al", "bo", "cy", "di", "ed", "fa", "gi", "ho", "io", "ju", "ka", "lu"]
SEED_ENV = "HOLOTABLE_SEED"


def default_seats(sides: list[str], count: int) -> list[tuple[str, str, bool]]:
    """``count`` seats with the usual names, sides taken in turn, all players."""
    return [(SEAT_NAMES[i % len(SEAT_NAMES)] + ("" if i < len(SEAT_NAMES) else str(i)), sides[i % len(sides)], False)
            for i in range(count)]


def parse_option(default: Any, text: str) -> Any:
    """An option's value from what was typed, by the type of its default. Raises ValueError."""
    text = text.strip()
    if isinstance(default, bool):
        return text.lower() in ("1", "true", "yes", "on")
    if isinstance(default, int):
        try:
            return int(text)
        except ValueError:
            raise ValueError(f"{text!r} is not a whole number; write one like {default}") from None
    if isinstance(default, float):
        try:
            return float(text)
        except ValueError:
            raise ValueError(f"{text!r} is not a number; write one like {default}") from None
    if isinstance(default, str):
        return text
    if default is None:
        if not text or text.lower() in ("none", "null"):
            return None
        try:
            return json.loads(text)
        except json.JSONDecodeError:
            return text
    if isinstance(default, list):
        if not text:
            return []
        try:
            value = json.loads(text)
        except json.JSONDecodeError:
            return [part.strip() for part in text.split(",") if part.strip()]
        if not isinstance(value, list):
            raise ValueError("expected a list such as a,b or [\"a\", \"b\"]")
        return value
    return json.loads(text) if text else default


def option_help(spec: OptionSpec) -> str:
    """What an option does, its default and its legal values, in one line (on/off in words, never by colour)."""
    default = ("on" if spec.default else "off") if spec.kind == "bool" else option_text(spec.default) or "none"
    legal = "on or off" if spec.kind == "bool" else spec.legal()
    return f"{spec.help + '. ' if spec.help else ''}Default {default}; {legal}."


def option_text(value: Any) -> str:
    """How an option's value is typed."""
    if value is None:
        return ""
    if isinstance(value, list):
        return ", ".join("+".join(map(str, v)) if isinstance(v, list) else str(v) for v in value)
    if isinstance(value, (dict, bool)):
        return json.dumps(value)
    return str(value)


class SideButton(Button):
    """A seat's side: pressing it (Enter, Space or a click) takes the next side."""

    def __init__(self, sides: list[str], side: str) -> None:
        super().__init__(side, compact=True, classes="seat-side", tooltip="the seat's side: press for the next one")
        self.sides = sides
        self.side = side

    def set_side(self, side: str) -> None:
        """Show ``side``."""
        self.side = side
        self.label = f"{side} ▸"

    def on_mount(self) -> None:
        self.set_side(self.side)

    def next_side(self) -> None:
        """Take the next side in the rule system's order."""
        index = self.sides.index(self.side) if self.side in self.sides else -1
        self.set_side(self.sides[(index + 1) % len(self.sides)])


class SeatRow(Horizontal):
    """One seat: name, side, bot, remove."""

    DEFAULT_CSS = """
    SeatRow { height: 1; }
    SeatRow > .seat-name { width: 16; height: 1; border: none; padding: 0 1; background: $boost; }
    SeatRow > .seat-side { width: 14; min-width: 10; margin-left: 1; }
    SeatRow > .seat-bot { width: 12; margin-left: 1; }
    SeatRow > .seat-remove { width: 5; min-width: 5; margin-left: 1; }
    """

    def __init__(self, name: str, side: str, sides: list[str], bot: bool) -> None:
        super().__init__(classes="seat-row")
        self.seat_name, self.seat_side, self.sides, self.bot = name, side, sides, bot

    def compose(self):  # type: ignore[no-untyped-def]
        yield SteadyInput(self.seat_name, placeholder="name", max_length=24, classes="seat-name")
        yield SideButton(self.sides, self.seat_side)
        yield Checkbox("bot" if self.bot else "player", self.bot, compact=True, classes="seat-bot",
                       tooltip="a bot plays this seat")
        yield Button("✕", compact=True, classes="seat-remove", tooltip="remove this seat")

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        event.checkbox.label = "bot" if event.value else "player"

    def values(self) -> tuple[str, str, bool]:
        """(name, side, bot) as filled in."""
        if not self.is_mounted or not self.children:
            return self.seat_name, self.seat_side, self.bot
        name = self.query_one(".seat-name", Input).value.strip()
        side = self.query_one(SideButton).side
        bot = self.query_one(".seat-bot", Checkbox).value
        return name, str(side), bool(bot)


class OptionRow(Vertical):
    """One game option: its whole name and a field of the right kind, then what it does, its default and its
    legal values (from the option's declaration, :class:`core.options.OptionSpec`)."""

    DEFAULT_CSS = """
    OptionRow { height: auto; }
    OptionRow > Horizontal { height: 1; }
    OptionRow Label.option-name { width: auto; min-width: 22; padding-right: 1; }
    OptionRow Checkbox { width: auto; }
    OptionRow Input { width: 1fr; max-width: 40; height: 1; border: none; padding: 0 1; background: $boost; }
    OptionRow > .option-help { color: $text-muted; padding-left: 2; }
    """

    def __init__(self, key: str, default: Any, spec: OptionSpec | None = None) -> None:
        super().__init__(classes="option-row")
        self.key, self.default, self.spec = key, default, spec

    def compose(self):  # type: ignore[no-untyped-def]
        with Horizontal():
            yield Label(self.key, classes="option-name")
            if isinstance(self.default, bool):
                yield Checkbox("on" if self.default else "off", self.default, compact=True, id=f"opt-{self.key}")
            else:
                yield SteadyInput(option_text(self.default), id=f"opt-{self.key}",
                                  placeholder="none" if self.default is None else "")
        if self.spec is not None:
            yield Static(option_help(self.spec), classes="option-help", markup=False)

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        event.checkbox.label = "on" if event.value else "off"

    def value(self) -> Any:
        """The option's value. Raises ValueError naming the option."""
        field = self.query_one(f"#opt-{self.key}")
        if isinstance(field, Checkbox):
            return bool(field.value)
        try:
            return parse_option(self.default, field.value)  # type: ignore[attr-defined]
        except (ValueError, json.JSONDecodeError) as exc:
            raise ValueError(f"option {self.key}: {exc}") from None


class NewGameScreen(Screen[None]):
    """The new-game form."""

    CSS_PATH = str(Path(__file__).with_name("new_game.tcss"))
    BINDINGS = [
        Binding("f5", "start", "Start the game", priority=True),
        Binding("f6", "add_seat", "Add a seat", priority=True),
        Binding("escape", "back", "Back"),
    ]

    def __init__(self, ruleset_id: str | None = None, seed: str | None = None) -> None:
        super().__init__()
        ids = ruleset_ids()
        self.ruleset_id = ruleset_id if ruleset_id in ids else ids[0]
        self.seed = seed

    def compose(self):  # type: ignore[no-untyped-def]
        yield Static("[b]New game[/b]   [dim]F5 starts · F6 adds a seat · Escape goes back[/dim]", id="new-title")
        with VerticalScroll(id="new-form"):
            yield Label("Rule system", classes="section")
            yield Select([(f"{find_ruleset(i).title} ({i})", i) for i in ruleset_ids()], value=self.ruleset_id,
                         allow_blank=False, compact=True, id="ruleset")
            yield Label("Scenario", classes="section")
            yield Select([("-", "-")], allow_blank=False, compact=True, id="scenario")
            yield Label("Seats  [dim](name · side: press to change · player or bot)[/dim]", classes="section")
            yield Vertical(id="seats")
            yield Button("+ add a seat (F6)", id="add-seat", compact=True)
            yield Label("Options", classes="section")
            yield Vertical(id="options")
            yield Label("Dice seed  [dim](empty: a random one; a typed one is mixed with secret randomness)[/dim]", classes="section")
            yield SteadyInput(self.seed or os.environ.get(SEED_ENV, ""), placeholder="random", id="seed")
            yield Checkbox("reproducible test game: use the typed seed as is (anyone who guesses it can compute every roll)",
                           False, compact=True, id="reproducible")
            yield Label("GM passphrase  [dim](opens the GM's view and rulings at this terminal; empty: no GM view here)[/dim]",
                        classes="section")
            yield SteadyInput(password=True, placeholder="none", max_length=64, id="gm-passphrase")
        yield Static("", id="new-error")
        with Horizontal(id="new-buttons"):
            yield Button("Start the game (F5)", id="start", variant="primary", compact=True)
            yield Button("Back (Esc)", id="back", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        self._fill(self.ruleset_id)
        self.query_one("#ruleset").focus()

    def _fill(self, ruleset_id: str) -> None:
        """Scenarios, seats and options of one rule system."""
        self.ruleset_id = ruleset_id
        ruleset = find_ruleset(ruleset_id)
        scenarios = ruleset.scenarios()
        scenario = self.query_one("#scenario", Select)
        scenario.set_options([(f"{sid}: {text}" if text else sid, sid) for sid, text in scenarios.items()])
        scenario.value = next(iter(scenarios))
        seats = self.query_one("#seats", Vertical)
        seats.remove_children()
        sides = list(ruleset.sides())
        seats.mount_all([SeatRow(n, s, sides, b) for n, s, b in default_seats(sides, max(2, int(ruleset.min_seats)))])
        options = self.query_one("#options", Vertical)
        options.remove_children()
        specs = ruleset.option_specs()
        options.mount_all([OptionRow(key, default, specs.get(key)) for key, default in ruleset.options().items()])
        self.query_one("#new-error", Static).update("")

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "ruleset" and event.value != self.ruleset_id and isinstance(event.value, str):
            self._fill(event.value)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "start":
            self.action_start()
        elif event.button.id == "back":
            self.action_back()
        elif event.button.id == "add-seat":
            self.action_add_seat()
        elif isinstance(event.button, SideButton):
            event.button.next_side()
        elif event.button.has_class("seat-remove"):
            row = event.button.parent
            if row is not None and len(self.query(SeatRow)) > 1:
                row.remove()

    def action_add_seat(self) -> None:
        """One more seat, on the side with fewest seats."""
        ruleset = find_ruleset(self.ruleset_id)
        sides = list(ruleset.sides())
        rows = list(self.query(SeatRow))
        taken = {r.values()[0] for r in rows}
        counts = {s: 0 for s in sides}
        for row in rows:
            side = row.values()[1]
            counts[side] = counts.get(side, 0) + 1
        side = min(sides, key=lambda s: counts.get(s, 0))
        name = next((n for n in SEAT_NAMES if n not in taken), f"seat{len(rows) + 1}")
        row = SeatRow(name, side, sides, False)
        self.query_one("#seats", Vertical).mount(row)
        self.call_after_refresh(row.query_one(".seat-name").focus)

    def form(self) -> tuple[str, str, dict[str, Any], list[tuple[str, str, bool]], str | None]:
        """(ruleset, scenario, options, seats, seed) as filled in. Raises ValueError for a bad option."""
        scenario = str(self.query_one("#scenario", Select).value)
        ruleset = find_ruleset(self.ruleset_id)
        defaults = ruleset.options()
        options = {}
        for row in self.query(OptionRow):
            value = row.value()
            if value != defaults.get(row.key):
                options[row.key] = value
        seats = [row.values() for row in self.query(SeatRow)]
        seed = self.query_one("#seed", Input).value.strip() or None
        return self.ruleset_id, scenario, options, seats, seed

    def action_start(self) -> None:
        """Set the game up (the engine checks it), save it, and hand the terminal to the first seat."""
        error = self.query_one("#new-error", Static)
        try:
            ruleset_id, scenario, options, seats, seed = self.form()
            reproducible = self.query_one("#reproducible", Checkbox).value
            from tui.app import watched_bot_steps
            session = Session.new(ruleset_id, seats, scenario, options, seed, reproducible=reproducible,
                                  bot_steps=watched_bot_steps(seats))
            passphrase = self.query_one("#gm-passphrase", Input).value
            if passphrase:
                session.set_gm_passphrase(passphrase)
        except (HolotableError, ValueError) as exc:
            error.update(Text.assemble(("cannot start: ", "bold red"), str(exc)))
            return
        try:
            game = self.app.saves.adopt(session)  # type: ignore[attr-defined]
        except HolotableError as exc:
            error.update(Text.assemble(("cannot save the game: ", "bold red"), str(exc)))
            return
        self.app.begin_hotseat(session, game)  # type: ignore[attr-defined]

    def action_back(self) -> None:
        self.app.pop_screen()
