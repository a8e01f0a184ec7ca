"""The zones board: a board of kind ``"zones"`` drawn from the view.

It knows the board kind, never a rule system: ordered zones holding units (each with its attack,
defense, damage and damage counters against shields), each player's objective slots face up (the
card named), face down or empty, reserves, deck/discard/hand counts, the fight in progress, and
the viewer's own hand as cards with their texts. A viewer's view holds no other hand, so none can
be drawn. Readable at 80x24 (it scrolls), comfortable at 120x40.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.message import Message
from textual.widgets import Static

MINE, THEIRS, NEUTRAL = "bold green", "bold red", "bold cyan"


def _style(owner: str | None, viewer: str | None, order: list[str]) -> str:
    if owner is None:
        return "bold"
    if viewer in order:
        return MINE if owner == viewer else THEIRS
    return NEUTRAL if order and owner == order[0] else "bold magenta"


def unit_token(u: dict[str, Any]) -> str:
    """``xwing1 2★ 5/10/1 0/2 ‹gunnery engines ace›``: id, build stars, attack/defense/damage,
    counters/shields and the unit's icons, as far as the view gives them (a ground unit marked ``g``)."""
    ground = "·g" if u.get("domain") == "ground" else ""
    stars = f" {u['bs']}★" if u.get("bs") is not None else ""
    icons = f" ‹{' '.join(map(str, u['icons']))}›" if u.get("icons") else ""
    return f"{u['id']}{ground}{stars} {u['attack']}/{u['defense']}/{u['damage']} {u['counters']}/{u['shields']}{icons}"


def bonus_lines(text: Text, unit: dict[str, Any], width: int) -> None:
    """Why a unit's values are what they are now (the view's ``bonuses``), one line each."""
    for why in unit.get("bonuses") or []:
        line = f"    {unit['id']} {why}"
        text.append((line if len(line) <= width else line[:max(0, width - 1)] + "…") + "\n", style="italic cyan")


def slot_token(slot: dict[str, Any]) -> tuple[str, str]:
    """A slot as (text, style)."""
    n = slot["n"]
    if slot["state"] == "empty":
        return f"[{n} empty]", "dim"
    card = slot.get("card")
    if card is None:
        return f"[{n} face down]", "yellow"
    name = card["name"].replace(" ", " ")
    return (f"[{n} {name} d{slot.get('defense', card['defense'])} {card['bs']}★]",
            "bold yellow" if slot["state"] == "up" else "yellow")


def pack(text: Text, tokens: list[tuple[str, str]], width: int, indent: str = "  ", space: int = 2) -> None:
    """Append ``tokens`` (text, style) to ``text`` in lines of at most ``width``, never breaking a
    token, ``space`` blanks between two."""
    line = len(indent)
    text.append(indent)
    for i, (word, style) in enumerate(tokens):
        gap = space if i else 0
        if i and line + gap + len(word) > width:
            text.append("\n" + indent)
            line = len(indent)
            gap = 0
        text.append(" " * gap)
        line += gap
        while line + len(word) > width and " " in word.strip():  # wider than a line: broken at a blank
            cut = word.rfind(" ", 0, max(1, width - line))
            if cut <= 0:
                break
            text.append(word[:cut], style=style)
            text.append("\n" + indent + "  ")
            word, line = word[cut + 1:], len(indent) + 2
        text.append(word, style=style)
        line += len(word)
    text.append("\n")


def card_lines(card: dict[str, Any]) -> Text:
    """One card of a hand: name, type, BS, defense, bonus, text."""
    text = Text()
    text.append(f"• {card['name']}", style="bold")
    text.append(f" ({card['tag']}) ", style="dim")
    facts = [card["type"], f"{card['bs']}★", f"def {card['defense']}"]
    if card.get("bonus"):
        facts.append(card["bonus"])
    text.append("[" + ", ".join(facts) + "] ", style="cyan")
    text.append(card.get("text", ""))
    return text


def zones_text(board: dict[str, Any], width: int = 80) -> Text:
    """The whole board as text, units and slots packed into lines of ``width``. The viewer's hand comes
    first (in a battle after the battle: they are what a card window is about), then the zones."""
    if board.get("setup") is not None and not board.get("zones"):
        return setup_text(board)
    viewer = board.get("viewer")
    order = [p["seat"] for p in board.get("players", [])]
    text = Text()
    if board.get("battle"):
        battle_part(text, board["battle"], viewer, order, width)
        hand_part(text, board, viewer, order)
        text.append("\n")
        zones_part(text, board, viewer, order, width)
    else:  # the hand the player acts with first, then the table (a tall table never hides it)
        hand_part(text, board, viewer, order)
        text.append("\n")
        zones_part(text, board, viewer, order, width)
    text.append("\nunits: id, ★ build stars, attack/defense/damage, damage counters/shields, ‹icons› · g ground"
                " · ✦ a bonus that applies in this zone", style="dim")
    return text


def battle_part(text: Text, battle: dict[str, Any], viewer: str | None, order: list[str], width: int) -> None:
    """The battle being fought: both units, why their values are what they are, the cards played."""
    text.append(f"Battle {battle['number']} of {battle['of']}\n", style="bold")
    for who in ("attacker", "defender"):
        pack(text, [(f"{who}:", "bold"), (unit_token(battle[who]), _style(battle[who]["owner"], viewer, order))],
             width, space=1)
        bonus_lines(text, battle[who], width)
    for who, key in (("attacker", "attacker_card"), ("defender", "defender_card")):
        if battle.get(key):
            text.append(f"  {who} played {battle[key]['name']}: {battle[key]['text']}\n", style="italic")


def zones_part(text: Text, board: dict[str, Any], viewer: str | None, order: list[str], width: int) -> None:
    """The zones in order (objective slots, units, the bonuses that apply there), then each player's piles."""
    players = {p["seat"]: p for p in board.get("players", [])}
    for zone in board.get("zones", []):
        owner = zone.get("owner")
        label = zone["name"] + (" (you)" if owner is not None and owner == viewer else "")
        text.append(f"── {label} ", style=_style(owner, viewer, order))
        text.append("─" * max(2, 24 - len(label)) + "\n", style="dim")
        if owner in players:
            pack(text, [("obj", "dim"), *(slot_token(slot) for slot in players[owner]["slots"])], width)
        units = zone.get("units", [])
        if not units:
            text.append("  (no units)\n", style="dim")
        else:
            pack(text, [(unit_token(u), _style(u["owner"], viewer, order)) for u in units], width)
        for note in zone.get("notes") or []:  # bonuses that apply here, with the units they lift
            pack(text, [("✦", "cyan"), *((word, "italic cyan") for word in str(note).split(" "))], width,
                 indent="    ", space=1)
    for seat, p in players.items():
        text.append(f"{seat}", style=_style(seat, viewer, order))
        res = ", ".join(u["id"] for u in p.get("reserves", [])) or "none"
        text.append(f"  deck {p['deck']} · discard {len(p['discard'])} · hand {p['hand_count']}/{p['hand_size']}"
                    f" · reserves: {res}\n")


def hand_part(text: Text, board: dict[str, Any], viewer: str | None, order: list[str]) -> None:
    """The viewer's own hand with the card texts (and, for the GM, every hand)."""
    hand = board.get("hand") or []
    if viewer in order:
        text.append(f"\nYour hand ({len(hand)})\n", style="bold underline")
        for card in hand:
            text.append_text(card_lines(card))
            text.append("\n")
        if not hand:
            text.append("  (empty)\n", style="dim")
    for seat, cards in (board.get("hands") or {}).items():
        text.append(f"\n{seat}'s hand (GM)\n", style="bold underline")
        for card in cards:
            text.append_text(card_lines(card))
            text.append("\n")


def setup_text(board: dict[str, Any]) -> Text:
    """Before the game: the viewer's own secret draft(s)."""
    text = Text()
    drafts = board.get("setup") or {}
    if not drafts:
        text.append("Setting up: the other player's choices stay secret until both are ready.", style="dim")
        return text
    for seat, d in drafts.items():
        text.append(f"{seat}: list {d['list']}", style="bold")
        text.append(f" ({d['fleet_bs']} BS, {len(d['deck'])} cards)\n")
        text.append(f"  home ({d['home_bs']} BS of 20): ", style="green")
        text.append(", ".join(d["home"]) + "\n")
        text.append("  units: ", style="dim")
        text.append(", ".join(d["ids"]) + "\n")
    text.append("\nThe other player's choices stay secret until both are ready.", style="dim")
    return text


class ZonesBoard(VerticalScroll, can_focus=True):
    """The board widget for boards of kind ``"zones"``: a scrolling drawing of the view's board."""

    DEFAULT_CSS = """
    ZonesBoard { height: 1fr; }
    """
    BINDINGS = [Binding("enter", "pick", "Unit card", show=False)]

    @dataclass
    class Chosen(Message, namespace="field_board"):
        """A unit picked on the board with Enter: its id (the same message a field board sends; the screen
        opens the unit's card, whose Enter puts the id on the order line)."""

        text: str
        by_key: bool = True

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._shown: dict[str, Any] | None = None
        self.place: dict[str, Any] | None = None

    def units(self) -> list[tuple[str, str]]:
        """The units the board shows, zone by zone: (id, its line as drawn, with the zone's name)."""
        board = self._shown or {}
        return [(str(u["id"]), f"{unit_token(u)}  {u.get('name', '')} · {zone['name']}")
                for zone in board.get("zones", []) for u in zone.get("units", []) if u.get("id") is not None]

    def action_pick(self) -> None:
        """Enter on the board: pick one of its units for its card."""
        units = self.units()
        if not units:
            self.notify("no unit on the board yet", severity="information")
            return
        from tui.screens.unit_pick import UnitPickScreen

        def picked(uid: str | None) -> None:
            if uid:
                self.post_message(self.Chosen(uid))
        self.app.push_screen(UnitPickScreen(units), picked)

    def compose(self):  # type: ignore[no-untyped-def]
        yield Static(id="zones-drawing")

    def show(self, board: dict[str, Any], viewer_side: str | None = None, sides: list[str] | None = None) -> None:
        """Draw the board; skipped when unchanged."""
        if board == self._shown:
            return
        self._shown = board
        self._draw()

    def _draw(self) -> None:
        if self._shown is not None:
            width = max(20, (self.scrollable_content_region.width or 80) - 1)
            self.query_one("#zones-drawing", Static).update(zones_text(self._shown, width))

    def on_resize(self) -> None:
        self._draw()
