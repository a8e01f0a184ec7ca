"""The rules of a rule system, rule by rule, as shipped with its package (``data/rules.toml``).

Each rule carries its catalog ID (``RIFT-REACT-09``), the section it belongs to, a short title where the
catalog gives one, and what it says in holotable's own words; a default holotable chose for a gap in the
text says "Our choice". :meth:`core.ruleset.Ruleset.rules_text` hands a system's book to any screen or
command, so that none asks which system it shows. Looking a rule up by ID, by the start of an ID, or by
words is :meth:`Rulebook.lookup`; an unknown ID is refused with the closest IDs named.
"""
from __future__ import annotations

import difflib
import re
import textwrap
import tomllib
from dataclasses import dataclass
from functools import lru_cache

from core.errors import DataError, HolotableError
from core.packaged import packaged_toml

#: what a rule ID looks like (``RIFT-REACT-09``, ``TOTE-EX-12``, ``SWPM-GAP-02``)
RULE_ID = re.compile(r"\b([A-Z]+-[A-Z0-9]+-\d+[a-z]?)\b")
_ID_LIKE = re.compile(r"^[A-Za-z]+(?:-[A-Za-z0-9]+)*-\d+[a-z]?$")
_GROUP_LIKE = re.compile(r"^[A-Za-z]+(?:-[A-Za-z]+[0-9]*)+-?$")


class RuleNotFound(HolotableError):
    """No rule of the book answers the asked ID or words; the message names the closest IDs."""


@dataclass(frozen=True)
class Rule:
    """One rule: its catalog ID, its section, a short title (may be empty) and what it says."""

    id: str
    section: str
    title: str
    text: str

    def lines(self, width: int = 100) -> list[str]:
        """The rule as plain text wrapped to ``width``: ``ID  title`` then the text, indented."""
        head = f"{self.id}  {self.title}" if self.title else self.id
        body = textwrap.wrap(self.text, width=max(20, width - 4)) or [""]
        return [head, *("    " + line for line in body)]


@dataclass(frozen=True)
class Rulebook:
    """Every rule of one rule system, in the catalog's order."""

    title: str
    rules: tuple[Rule, ...]

    @property
    def prefix(self) -> str:
        """The system's ID prefix (``RIFT-``), from its first rule."""
        return self.rules[0].id.split("-", 1)[0] + "-" if self.rules else ""

    def ids(self) -> list[str]:
        """Every rule ID, in order."""
        return [rule.id for rule in self.rules]

    def sections(self) -> list[tuple[str, list[Rule]]]:
        """The sections in order of first appearance, each with its rules."""
        out: dict[str, list[Rule]] = {}
        for rule in self.rules:
            out.setdefault(rule.section, []).append(rule)
        return list(out.items())

    def rule(self, rule_id: str) -> Rule | None:
        """The rule with this ID (any case; the system's prefix may be left out; a lettered part such as
        ``TOTE-GAP-23a`` gives its whole entry), or None."""
        wanted = rule_id.strip().upper()
        candidates = [wanted, self.prefix + wanted]
        candidates += [c.rstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ") for c in candidates if c[-1:].isalpha()]
        for candidate in candidates:
            for rule in self.rules:
                if rule.id.upper() == candidate:
                    return rule
        return None

    def closest(self, rule_id: str, count: int = 3) -> list[str]:
        """The IDs most like ``rule_id`` (difflib), best first; at most ``count``."""
        wanted = rule_id.strip().upper()
        if not wanted.startswith(self.prefix):
            wanted = self.prefix + wanted
        return difflib.get_close_matches(wanted, self.ids(), n=count, cutoff=0.5)

    def search(self, words: str) -> list[Rule]:
        """The rules whose ID, title, section or text hold every one of ``words`` (any case)."""
        terms = [word.lower() for word in words.split() if word.strip()]
        found = []
        for rule in self.rules:
            haystack = f"{rule.id} {rule.title} {rule.section} {rule.text}".lower()
            if terms and all(term in haystack for term in terms):
                found.append(rule)
        return found

    def lookup(self, query: str) -> list[Rule]:
        """The rules ``query`` asks for: one rule by its ID, a group by the start of its IDs
        (``RIFT-REACT``), or every rule holding all the words. Raises RuleNotFound saying what was asked
        and naming the closest IDs (for an ID) or how to ask instead (for words)."""
        query = query.strip()
        if not query:
            return list(self.rules)
        if _ID_LIKE.match(query):
            rule = self.rule(query)
            if rule is not None:
                return [rule]
            near = self.closest(query)
            hint = f"; closest: {', '.join(near)}" if near else f"; its IDs start with {self.prefix}"
            raise RuleNotFound(f"{self.title} has no rule {query.upper()}{hint}")
        if _GROUP_LIKE.match(query) and "-" in query:
            group = query.upper().rstrip("-") + "-"
            if not group.startswith(self.prefix):
                group = self.prefix + group
            found = [rule for rule in self.rules if rule.id.startswith(group)]
            if found:
                return found
        found = self.search(query)
        if found:
            return found
        raise RuleNotFound(f"no rule of {self.title} mentions {query!r}; try fewer or other words, "
                           f"or a rule ID such as {self.rules[0].id if self.rules else self.prefix}")

    def as_text(self, rules: list[Rule] | None = None, width: int = 100) -> str:
        """``rules`` (default: all) as plain text under their section headings."""
        chosen = list(self.rules) if rules is None else rules
        lines: list[str] = []
        section = None
        for rule in chosen:
            if rule.section != section:
                section = rule.section
                if lines:
                    lines.append("")
                lines.append(f"== {section}")
            lines.extend(rule.lines(width))
        return "\n".join(lines)


@lru_cache(maxsize=None)
def load_rulebook(package: str) -> Rulebook:
    """The rulebook shipped in ``package`` (``data/rules.toml``). Raises DataError when the file is
    missing or a rule lacks its ID, section or text, naming the file and the rule."""
    where = f"{package.replace('.', '/')}/data/rules.toml"
    try:
        data = packaged_toml(package, "data", "rules.toml")
    except (FileNotFoundError, ModuleNotFoundError, tomllib.TOMLDecodeError) as exc:
        raise DataError(f"{where}: the rules of this system are not packaged as they must be ({exc})") from exc
    rules = []
    for index, entry in enumerate(data.get("rule", [])):
        if not all(str(entry.get(key, "")).strip() for key in ("id", "section", "text")):
            raise DataError(f"{where}: rule {index + 1} ({entry.get('id', 'no id')}) needs an id, a section and a text")
        rules.append(Rule(entry["id"], entry["section"], entry.get("title", ""), entry["text"]))
    if not rules:
        raise DataError(f"{where}: no rules")
    return Rulebook(str(data.get("title", package)), tuple(rules))


def rule_ids_in(text: str) -> list[str]:
    """The rule IDs named in ``text`` (a refusal, a log line), in order, each once."""
    seen: list[str] = []
    for rule_id in RULE_ID.findall(text):
        if rule_id not in seen:
            seen.append(rule_id)
    return seen

