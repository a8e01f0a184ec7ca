"""Issue 27.4: every option is explained from its declaration (what it does, its default, its legal values) in the
new-game form, `holotable play --help` and the console's `help new <system>`."""
from __future__ import annotations

import pytest

from core.console import Console, option_lines
from core.registry import find_ruleset
from tui.screens.new_game import option_help

#: rule systems whose every option is explained (the registry test grows as each is written)
EXPLAINED = ["raw", "gcw", "swpm", "rift", "tote"]


@pytest.mark.parametrize("ruleset_id", EXPLAINED)
def test_SWPM_GAP_RIFT_GAP_options_each_have_a_description_and_legal_values(ruleset_id: str) -> None:
    """SWPM-GAP-01..27, RIFT-GAP-01..27, TOTE-GAP-02..53: each option of the rule system says what it does and has legal values narrower than 'a text'."""
    specs = find_ruleset(ruleset_id).option_specs()
    bare = [k for k, s in specs.items() if not s.help]
    assert not bare, f"{ruleset_id}: options without a description: {bare}"
    loose = [k for k, s in specs.items() if s.kind in ("int", "float") and (s.lo is None or s.hi is None)]
    assert not loose, f"{ruleset_id}: options whose legal values are not bounded: {loose}"


def test_SWPM_GAP_01_option_help_tells_on_and_off_in_words_with_default_and_legal_values() -> None:
    """SWPM-GAP-01: tie_hits is explained with its default in words ('on'), never by colour alone."""
    spec = find_ruleset("swpm").option_specs()["tie_hits"]
    text = option_help(spec)
    assert "must exceed it" in text and "Default on; on or off." in text, text
    assert "(default 3; a whole number from 1 to 10)" in "\n".join(option_lines("swpm")), option_lines("swpm")


def test_console_help_new_system_lists_every_option_and_refuses_an_unknown_system() -> None:
    """`help new swpm` lists each option with its description; `help new nope` names the rule systems."""
    console = Console()
    answer = console.handle("help new swpm")
    for key in find_ruleset("swpm").options():
        assert f"  {key}  (default" in answer.text, f"{key} missing from help new swpm:\n{answer.text}"
    refused = console.handle("help new nope")
    assert not refused.ok and "swpm" in refused.error and "nope" in refused.error, refused
