"""Words a player reads (issue 29.4): every event kind of every rule system reaches a log line (the
line console's and the war room's), a turn report and a forum export in the game's words, never as
the engine's dotted name (``campaign.jump``, ``tote.departed``, ``- tote.post: ...``)."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from core.events import event, kind_word
from core.render import render_event
from core.report import Summary, build, detail_line, render
from tui.text import event_text

ROOT = Path(__file__).resolve().parents[1]
CALLS = {"event", "log", "_say", "say", "_event", "note"}
DOTTED = re.compile(r"\b[a-z]+(?:\.[a-z_]+)+\b")


def event_kinds() -> set[str]:
    """Every event kind the rule systems name in their code: the first argument of an event-making
    call, a ``"kind":`` value, and every dotted ruleset-prefixed name (``tote.post``)."""
    kinds: set[str] = set()
    prefixes = tuple(f"{p.name}." for p in (ROOT / "core" / "rulesets").iterdir() if p.is_dir()) + ("campaign.",)
    for path in sorted((ROOT / "core").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
                args = [a for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
                if name in CALLS and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
                    kinds.add(node.args[0].value)
                kinds.update(a.value for a in args if a.value.startswith(prefixes) and re.fullmatch(r"[a-z]+\.[a-z_]+", a.value))
            elif isinstance(node, ast.Dict):
                for k, v in zip(node.keys, node.values):
                    if isinstance(k, ast.Constant) and k.value == "kind" and isinstance(v, ast.Constant) and isinstance(v.value, str):
                        kinds.add(v.value)
            elif isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.startswith(prefixes) \
                    and re.fullmatch(r"[a-z]+\.[a-z_]+", node.value):
                kinds.add(node.value)
    return {k for k in kinds if re.fullmatch(r"[a-z_]+(\.[a-z_]+)*", k)}


KINDS = sorted(event_kinds())


def test_the_scan_finds_the_dotted_kinds_of_the_issue() -> None:
    """The scan sees the names a player read in issue 29 (so the next test cannot pass by finding nothing)."""
    assert {"campaign.jump", "tote.departed", "tote.post", "campaign.news"} <= set(KINDS), KINDS
    assert len(KINDS) > 40, KINDS


@pytest.mark.parametrize("fmt", ["text", "markdown", "bbcode"])
def test_no_internal_event_name_reaches_a_log_line_a_report_or_an_export(fmt: str) -> None:
    """Issue 29.4: for every event kind of every system, the line console's log line, the war room's
    log line, a turn report's detail line and the rendered report (the forum export's body) show the
    kind in the game's words: no ``word.word`` name of the engine."""
    leaks = []
    for kind in KINDS:
        ev = event(kind, "Something happened.", ["all"], 3)
        lines = {"console log": render_event(ev), "war-room log": event_text(ev).plain}
        report = build("A report", 3, "al", None, [ev], Summary())
        lines["report detail"] = "\n".join(detail_line(d) for d in report.details)
        lines[f"{fmt} export"] = render(report, fmt)
        for where, line in lines.items():
            found = [w for w in DOTTED.findall(line) if w == kind or w in KINDS]
            if found:
                leaks.append(f"{kind} in the {where}: {line!r}")
        assert "." not in kind_word(kind), kind
    assert not leaks, "internal event names reach the player:\n" + "\n".join(leaks)
