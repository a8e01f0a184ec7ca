"""``rules <system> [<rule-id> | <words>]``: the answer as text, for the command line, the console and SSH."""
from __future__ import annotations

from core.errors import HolotableError
from core.registry import find_ruleset, ruleset_ids


def rules_answer(system: str | None, query: str = "", width: int = 100) -> str:
    """The answer to ``rules <system> [<rule-id> | <words>]`` as text: every rule by section, the one rule
    asked for, or the rules matching. Without a system, the systems there are and how to ask. Raises
    UnknownRuleset for a system that is not registered and RuleNotFound for an ID or words that match no
    rule (naming the closest IDs)."""
    if not system:
        return ("rule systems: " + ", ".join(ruleset_ids()) + "\n"
                "`rules <system>` prints its rules by section; `rules <system> <rule-id>` one rule; "
                "`rules <system> <words>` the rules holding those words")
    book = find_ruleset(system.strip().lower()).rules_text()
    found = book.lookup(query)
    head = f"{book.title}: every rule ({len(found)})" if not query.strip() else \
        f"{book.title}: {len(found)} rule{'s' if len(found) != 1 else ''} for {query.strip()!r}"
    return head + "\n" + book.as_text(found, width)


def rules_command(rest: str, default_system: str | None = None) -> tuple[str | None, str]:
    """The system and the query of a ``rules`` command line's arguments: a first word naming a system
    takes it; otherwise ``default_system`` (the game in play) is asked with every word. Raises
    HolotableError when no system is named, the first word is not one and there is no game to default to."""
    words = rest.split()
    if words and words[0].lower() in ruleset_ids():
        return words[0].lower(), " ".join(words[1:])
    if default_system is not None:
        return default_system, rest.strip()
    if words:
        raise HolotableError(f"no rule system {words[0]!r}; rule systems: {', '.join(ruleset_ids())} "
                             "(`rules <system> [<rule-id>|<words>]`)")
    return None, ""
