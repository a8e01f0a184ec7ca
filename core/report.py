"""The turn report: what a seat (a team, the public, the GM) would post on a forum after a turn.

A summary first (battles with each side's losses by unit and a small bar chart of them, places
taken and lost, builds finished, credits and scores), then the details: every event the viewer may
see, every die with it, repeated lines folded. The builder knows no rule system: each ruleset's
:meth:`~core.ruleset.Ruleset.report_summary` reads its own events into the shapes below, and the
base reads any ruleset's events into a sensible generic summary. Every event given here must
already be filtered for the viewer (see :func:`core.events.filter_events`); the builder adds
nothing the events and the viewer's view do not say.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

from core.events import standing

from core.events import kind_word

#: event kinds that are the record of the dice or of the orders, never a headline
QUIET_KINDS = ("roll", "order", "turn", "sealed")
BLOCKS = " ▏▎▍▌▋▊▉█"
CHART_WIDTH = 20
_NAMED = re.compile(r"^(?P<id>\S+) \((?P<type>[^()]+)\)(?P<rest>.*)$")
_COUNTED = re.compile(r"^(?P<head>.*?) ?\((?P<n>\d+)\)$")


@dataclass
class SideLosses:
    """One side of a battle: its strength before (None when unknown), what it lost in points
    (None when unknown to the viewer) and the units it lost or had damaged, by name."""

    side: str
    points: int | None = None
    lost_points: int | None = None
    lost: list[str] = field(default_factory=list)
    damaged: list[str] = field(default_factory=list)


@dataclass
class Battle:
    """A battle: where, each side's losses, and its result in one line (the roll and what followed)."""

    place: str
    sides: list[SideLosses] = field(default_factory=list)
    result: str = ""


@dataclass
class Summary:
    """What a ruleset reads from a turn's events: battles, places changing hands
    (``(place, new holder, old holder or None)``), builds finished, builds still under way and
    other headlines."""

    battles: list[Battle] = field(default_factory=list)
    changes: list[tuple[str, str, str | None]] = field(default_factory=list)
    builds: list[str] = field(default_factory=list)
    underway: list[str] = field(default_factory=list)
    headlines: list[str] = field(default_factory=list)
    #: names the engine gave (ship ids, fleet names, record numbers), explained once each
    names: list[str] = field(default_factory=list)


@dataclass
class Detail:
    """A line of the details: an event's kind and text (repeats folded in) and its dice."""

    kind: str
    text: str
    dice: list[int] = field(default_factory=list)


@dataclass
class TurnReport:
    """The report of one turn for one viewer (``side`` is the viewer's side, None for the GM or the public)."""

    title: str
    turn: int
    viewer: str
    side: str | None
    summary: Summary
    resources: dict[str, Any]
    orders: list[str]
    details: list[Detail]
    #: sealed records met in the turn, for checking them: ``S1: sha256 <hash>[, salt <salt>]``
    seals: list[str] = field(default_factory=list)


# -- building ------------------------------------------------------------------------------------
def fold(lines: Iterable[str]) -> list[str]:
    """Fold runs of repeated lines: ``X (1)``, ``X (2)``, ``X (3)`` become ``X, 3 times (1, 2, 3)``
    and the same line n times ``line (n times)``. Raises nothing."""
    out: list[str] = []
    run: list[str] = []
    counts: list[str] = []

    def flush() -> None:
        if not run:
            return
        if len(run) == 1:
            out.append(run[0])
        elif counts:
            head = _COUNTED.match(run[0]).group("head")  # type: ignore[union-attr]  # counts are kept only for a run whose first line matched
            out.append(f"{head}, {len(run)} times ({', '.join(counts)})")
        else:
            out.append(f"{run[0]} ({len(run)} times)")
        run.clear()
        counts.clear()

    for line in lines:
        if run and line == run[0] and not counts:
            run.append(line)
            continue
        match, first = _COUNTED.match(line), _COUNTED.match(run[0]) if run else None
        if run and match and first and match.group("head") == first.group("head") and (counts or len(run) == 1):
            if not counts:
                counts.append(first.group("n"))
            counts.append(match.group("n"))
            run.append(line)
            continue
        flush()
        run.append(line)
    flush()
    return out


def details(events: Iterable[dict[str, Any]]) -> list[Detail]:
    """Every event as a detail line with its dice; runs of one kind without dice are folded
    (see :func:`fold`). Raises nothing."""
    out: list[Detail] = []
    run: list[str] = []
    run_kind = ""

    def flush() -> None:
        out.extend(Detail(run_kind, line) for line in fold(run))
        run.clear()

    for ev in events:
        kind, text = str(ev.get("kind", "?")), str(ev.get("text", ""))
        data = found if isinstance(found := ev.get("data"), dict) else {}
        values = data.get("values") if kind == "roll" else None
        dice = [int(v) for v in values] if isinstance(values, list) and all(isinstance(v, int) for v in values) else []
        if dice:
            flush()
            out.append(Detail(kind, text, dice))
            continue
        if kind != run_kind:
            flush()
            run_kind = kind
        run.append(text)
    flush()
    return out


def generic_summary(events: Iterable[dict[str, Any]]) -> Summary:
    """A summary any rule system gets without saying more: every event that is not a roll, an order
    or a turn marker is a headline, repeats folded. Raises nothing."""
    return Summary(headlines=fold(str(e.get("text", "")) for e in events if e.get("kind") not in QUIET_KINDS))


def build(title: str, turn: int, viewer: str, side: str | None, events: list[dict[str, Any]], summary: Summary,
          resources: dict[str, Any] | None = None) -> TurnReport:
    """A turn report from the viewer's own events (already filtered), its ruleset's summary of them
    and the viewer's resources at the end of the turn. Orders (kind ``order``) are listed apart
    from the details. Raises nothing."""
    orders = [str(e.get("text", "")) for e in events if e.get("kind") == "order"]
    rest = [e for e in events if e.get("kind") != "order"]
    seals: list[str] = []
    for e in rest:
        data = found if isinstance(found := e.get("data"), dict) else {}
        if data.get("hash") and data.get("record"):
            line = f"{data['record']}: sha256 {data['hash']}" + (f", salt {data['salt']}" if data.get("salt") else "")
            if line not in seals:
                seals.append(line)
    return TurnReport(title, turn, viewer, side, summary, dict(resources or {}), orders, details(rest), seals)


# -- drawing -------------------------------------------------------------------------------------
def bar(part: float, width: int = CHART_WIDTH) -> str:
    """A bar of ``part`` (0..1) in ``width`` cells with eighth-cell precision. Raises nothing."""
    eighths = max(0, min(width * 8, round(part * width * 8)))
    full, rest = divmod(eighths, 8)
    return ("█" * full + (BLOCKS[rest] if rest else "")).ljust(width)


def loss_chart(battle: Battle, width: int = CHART_WIDTH, name_width: int = 0) -> list[str]:
    """Each side's losses as a bar: the share of its strength lost where the strength is known,
    else of the larger loss. Raises nothing."""
    known = [s.lost_points for s in battle.sides if s.lost_points is not None]
    biggest = max(known, default=0) or 1
    name_width = max([name_width, *(len(s.side) for s in battle.sides)])
    rows = []
    for s in battle.sides:
        if s.lost_points is None:
            rows.append(f"{s.side:<{name_width}} {'?':<{width}} losses unknown")
            continue
        whole = s.points if s.points else biggest
        share = s.lost_points / whole if whole else 0.0
        of = f" of {s.points}" if s.points else ""
        rows.append(f"{s.side:<{name_width}} {bar(share, width) if share else '·'.ljust(width)} {s.lost_points}{of} pts lost")
    return rows


def losses_words(s: SideLosses, reader: str | None) -> str:
    """``40 pts: B1 (Gozanti-class Cruisers)``; where nothing was destroyed, why: too few points to
    destroy or scar a ship (the reader's own side), or that any scar is the owner's to know."""
    points = f"{s.lost_points} pts" if s.lost_points is not None else "? pts"
    if s.lost:
        return f"{points}: {', '.join(fold_names(s.lost))}"
    if not s.lost_points or s.damaged:
        return points
    if reader is None or s.side == reader:
        return f"{points} (no ship destroyed)" if reader is None else f"{points} (too few to destroy a ship)"
    return f"{points} (no ship destroyed; any damage is theirs to know)"


def _battle_lines(battle: Battle, reader: str | None) -> list[str]:
    lines = [f"Battle at {battle.place}" + (f": {battle.result}" if battle.result else "")]
    for s in battle.sides:
        damaged = f"; damaged: {', '.join(fold_names(s.damaged))}" if s.damaged else ""
        lines.append(f"  {s.side} lost {losses_words(s, reader)}{damaged}")
    return lines


def fold_names(names: list[str]) -> list[str]:
    """Units lost, folded by type: ``["R5 (Y-wing Squadron)", "R6 (Y-wing Squadron)", "GF"]`` as
    ``["2 Y-wing Squadron (R5, R6)", "GF"]``; equal plain names counted. Order of first sight kept."""
    groups: dict[tuple[str, str], list[str]] = {}
    for name in names:
        match = _NAMED.match(name)
        key = (match.group("type"), match.group("rest")) if match else (name, "")
        groups.setdefault(key, []).append(match.group("id") if match else name)
    out = []
    for (kind, rest), ids in groups.items():
        if len(ids) == 1:
            out.append(f"{ids[0]} ({kind}){rest}" if ids[0] != kind else kind)
        elif all(i == kind for i in ids):
            out.append(f"{len(ids)} {kind}")
        else:
            out.append(f"{len(ids)} {kind} ({', '.join(ids)}){rest}")
    return out


class Style:
    """How a format writes headings, bullets, preformatted blocks and escapes text."""

    def __init__(self, fmt: str) -> None:
        """Raises ValueError for a format other than text, markdown or bbcode."""
        if fmt not in ("text", "markdown", "bbcode"):
            raise ValueError(f"unknown report format {fmt!r}; formats: text, markdown, bbcode")
        self.fmt = fmt

    def esc(self, text: str) -> str:
        """``text`` with the format's markup characters made plain."""
        if self.fmt == "markdown":
            for ch in "\\`*_[]<>#|":
                text = text.replace(ch, "\\" + ch)
        elif self.fmt == "bbcode":
            text = text.replace("[", "[\u200b")
        return text

    def heading(self, text: str, level: int) -> str:
        """A heading of level 1 (the title) or 2 (a section)."""
        if self.fmt == "markdown":
            return f"{'#' * (level + 1)} {self.esc(text)}"
        if self.fmt == "bbcode":
            return f"[size={150 if level == 1 else 120}][b]{self.esc(text)}[/b][/size]"
        return f"== {text} ==" if level == 1 else f"-- {text} --"

    def items(self, rows: list[str]) -> list[str]:
        """Rows as a bulleted list; a row indented by spaces is a sub-item of the row above."""
        if self.fmt == "markdown":
            return [f"{'  ' if r.startswith(' ') else ''}- {self.esc(r.strip())}" for r in rows]
        if self.fmt == "bbcode":
            return ["[list]", *(f"[*]{'— ' if r.startswith(' ') else ''}{self.esc(r.strip())}" for r in rows),
                    "[/list]"] if rows else []
        return [f"  {r}" for r in rows]

    def block(self, rows: list[str]) -> list[str]:
        """Rows kept as they are (a chart): a code block."""
        if not rows:
            return []
        if self.fmt == "markdown":
            return ["```", *rows, "```"]
        if self.fmt == "bbcode":
            return ["[code]", *rows, "[/code]"]
        return [f"    {r}" for r in rows]


def detail_line(d: Detail) -> str:
    """A detail as one line: ``roll: battle at Kuat: 2d6 -> 3, 4`` (the dice are in the roll's own words)."""
    return f"{kind_word(d.kind)}: {d.text}"


def render(report: TurnReport, fmt: str = "text", orders: bool = True) -> str:
    """The report as text, Markdown or BBCode: summary, loss charts, resources, orders (unless
    ``orders`` is False: a forum post without the team's plans), details. Raises ValueError for an
    unknown format."""
    style = Style(fmt)
    s = report.summary
    out = [style.heading(report.title, 1), style.heading("Summary", 2)]
    rows: list[str] = []
    for battle in s.battles:
        rows.extend(_battle_lines(battle, report.side))
    mine = [p for p, to, _ in s.changes if report.side is not None and to == report.side]
    theirs = [p for p, to, was in s.changes if report.side is not None and was == report.side and to != report.side]
    other = [f"{p} to {to}" + (f" (from {was})" if was else "") for p, to, was in s.changes
             if report.side is None or (to != report.side and was != report.side)]
    if mine:
        rows.append("Taken: " + ", ".join(mine))
    if theirs:
        rows.append("Lost: " + ", ".join(theirs))
    if other:
        rows.append(("Changed hands: " if report.side is None else "Taken by others: ") + ", ".join(other))
    rows.extend(s.builds)
    if s.underway:
        rows.append("Still building: " + "; ".join(s.underway))
    rows.extend(s.headlines)
    if s.names:
        rows.append("Names the engine gave: " + "; ".join(s.names))
    if report.resources:
        rows.append("At the end of the turn: " + ", ".join(f"{k} {v}" for k, v in report.resources.items()))
    if not rows:
        rows.append("Nothing of note that " + ("everyone may know" if report.viewer == "public" else "you could see")
                    + " happened; the details follow.")
    out.extend(style.items(rows) if fmt != "text" else [f"  {r}" for r in rows])
    widest = max((len(side.side) for b in s.battles for side in b.sides), default=0)
    charts = [(b, loss_chart(b, name_width=widest)) for b in s.battles if b.sides]
    if charts:
        out.append(style.heading("Losses per battle", 2))
        block: list[str] = []
        for battle, chart in charts:
            block.append(f"{battle.place}")
            block.extend(f"  {row}" for row in chart)
        out.extend(style.block(block))
    if orders and report.orders:
        out.append(style.heading("Orders as they stood when the turn resolved", 2))
        out.extend(style.items(report.orders))
    out.append(style.heading("Details, every die", 2))
    out.extend(style.items([detail_line(d) for d in report.details]) or style.items(["(nothing)"]))
    if report.seals:
        out.append(style.heading("Sealed records, to verify", 2))
        out.extend(style.items(report.seals))
    return "\n".join(out)


# -- from a session ------------------------------------------------------------------------------
def audience_events(log: Iterable[Mapping[str, Any]], audience: str, side: str | None) -> list[dict[str, Any]]:
    """The events of ``log`` (with their viewer lists) an audience may read, without the lists:
    ``public`` reads what is told to all, ``team:<side>`` also what is told to the whole team
    (never one seat's own events). Raises ValueError for another audience."""
    if audience == "public":
        tokens = {"all"}
    elif audience.startswith("team:") and side:
        tokens = {"all", f"team:{side}"}
    else:
        raise ValueError(f"no audience {audience!r}: public or team:<side>")
    return [{k: v for k, v in e.items() if k != "to"} for e in log if any(t in tokens for t in e.get("to", []))]


def without_plans(events: list[dict[str, Any]], seat: str) -> list[dict[str, Any]]:
    """``events`` without the orders given on the sheets (the team's plans), for a seat's forum post. Raises nothing."""
    return [e for e in events if e.get("kind") != "order"]


def audience_label(session: Any, viewer: str) -> str:
    """How a report names its reader: ``al (GAR)``, ``the GM``, ``the public``, ``team GAR``."""
    if viewer == "public":
        return "the public"
    if viewer.startswith("team:"):
        return f"team {viewer.split(':', 1)[1]}"
    if viewer == "gm" or viewer == getattr(session, "gm", None):
        return "the GM"
    return f"{viewer} ({session.side_of(viewer)})"


def session_report(session: Any, viewer: str, turn: int, plans: bool = True,
                   resources: dict[str, Any] | None = None) -> TurnReport:
    """The report of ``turn`` of a :class:`~core.session.Session` for ``viewer``: a seat, ``gm``,
    ``public`` or ``team:<side>``. A seat's or the GM's own events; an audience's only what is told
    to it as a whole. ``plans`` False leaves the orders out (a seat's forum post). ``resources``
    (the viewer's credits and scores at the end of the turn) are shown when given. Raises
    ValueError for an unknown audience, and the session's PermissionRefused for a stranger."""
    if viewer == "public" or viewer.startswith("team:"):
        side = viewer.split(":", 1)[1] if viewer.startswith("team:") else None
        if side is not None and side not in {session.side_of(s) for s in session.seats()}:
            raise ValueError(f"no audience {viewer!r}: public, team:<side> "
                             f"({', '.join(sorted({str(session.side_of(s)) for s in session.seats()}))}), a seat or gm")
        events = [e for e in audience_events(standing(session.record["log"]), viewer, side) if e.get("turn") == turn]
    else:
        session.view(viewer)  # refuses a stranger
        side = session.side_of(viewer)
        events = [e for e in session.events_for(viewer) if e.get("turn") == turn]
    if not plans:
        events = without_plans(events, viewer)
    summary = session.ruleset.report_summary(events, viewer)
    title = f"{session.ruleset.title}: turn {turn} report for {audience_label(session, viewer)}"
    return build(title, turn, viewer, side, events, summary, resources)


# -- the end of the game: what every seat knows ----------------------------------------------------
#: the keys that name an item of a list (a place, a seat, a slot), in the order they are tried
IDENTITY = ("id", "seat", "n")


def _identity(values: list[list[Any]]) -> str | None:
    """The key every item of every list is named by (see :data:`IDENTITY`), or None."""
    for key in IDENTITY:
        if all(isinstance(i, dict) and key in i for v in values for i in v):
            return key
    return None


def common(values: list[Any]) -> Any:
    """What every one of ``values`` (the same thing as several viewers know it) agrees on: equal
    values whole; dicts key by key; lists of named items (dicts with an ``id``, a ``seat`` or an
    ``n``) item by item; other lists the items all hold. None where they differ. Raises nothing."""
    if not values:
        return None
    first = values[0]
    if all(v == first for v in values[1:]):
        return first
    if all(isinstance(v, dict) for v in values):
        keys = [k for k in first if all(k in v for v in values[1:])]
        return {k: common([v[k] for v in values]) for k in keys}
    if all(isinstance(v, list) for v in values):
        key = _identity(values)
        if key is not None:
            names = [i[key] for i in first if all(any(j[key] == i[key] for j in v) for v in values[1:])]
            return [common([next(j for j in v if j[key] == name) for v in values]) for name in names]
        return [i for i in first if all(i in v for v in values[1:])]
    return None


def public_board(views: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The board as every seat knows it (see :func:`common`), of any kind: a ``map`` keeps its
    places' names and positions, and owners, marks and lines only where every seat agrees; other
    kinds keep what every seat's board shows alike. A list of the board's own that differs between
    seats and names no items (a seat's hand) is nobody's in common: it is left empty, never cut to
    what happens to be in every list. ``viewer`` is None. None without views or when the seats'
    boards are of different kinds. Raises nothing."""
    boards = [found for v in views if isinstance(found := v.get("board"), dict)]
    if not boards or len({b.get("kind") for b in boards}) != 1:
        return None
    board = common(boards)
    if not isinstance(board, dict):
        return None
    for key, value in board.items():
        own: list[Any] = [b.get(key) for b in boards]
        if isinstance(value, list) and any(o != own[0] for o in own) and _identity(own) is None:
            board[key] = []
    if "viewer" in board:
        board["viewer"] = None
    if board.get("kind") != "map":
        return board
    if not board.get("places"):
        return None
    for place in board["places"]:
        place.setdefault("owner", None)
        place["symbol"] = place.get("symbol") or "·"
        place["marks"] = place.get("marks") or []
        place["lines"] = place.get("lines") or []
    board["moves"] = []
    return board


def scores(resources: dict[str, Any]) -> dict[str, float]:
    """The victory points among a view's resources: ``{"GAR": 40, "CIS": 25}`` from labels like
    ``VP GAR`` or ``Empire VP``. Raises nothing."""
    out: dict[str, float] = {}
    for label, value in (resources or {}).items():
        words = str(label).split()
        if "VP" in words and len(words) == 2 and isinstance(value, (int, float)):
            out[words[1] if words[0] == "VP" else words[0]] = value
    return out


def score_chart(history: list[tuple[int, dict[str, float]]], width: int = 30) -> list[str]:
    """Victory points over turns as rows of bars, one row per turn and side:
    ``t3 GAR ████▌ 45``. Raises nothing."""
    top = max((v for _, row in history for v in row.values()), default=0) or 1
    sides = sorted({s for _, row in history for s in row})
    name_width = max((len(s) for s in sides), default=0)
    rows = []
    for turn, row in history:
        for i, side in enumerate(sides):
            value = row.get(side, 0)
            head = f"t{turn:<3}" if i == 0 else "    "
            shown = int(value) if float(value).is_integer() else value
            rows.append(f"{head} {side:<{name_width}} {bar(value / top, width) if value else '·'.ljust(width)} {shown}")
    return rows
