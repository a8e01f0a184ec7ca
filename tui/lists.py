"""Lists (fleets and decks) saved per player, for rule systems that build lists before a game.

Kept as one JSON file ``lists.json`` in the data directory (beside ``games/``), written atomically;
``{player: {ruleset: {name: text}}}``. Without a data directory (games in memory) the book lives in
memory. A file that cannot be read is reported, never lost: it is left as it is and the book starts
empty in memory.
"""
from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from core.errors import HolotableError


class ListBook:
    """The saved lists of every player on this terminal."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.problem = ""
        self.data: dict[str, dict[str, dict[str, str]]] = {}
        if path is not None and path.exists():
            try:
                loaded: Any = json.loads(path.read_text(encoding="utf-8"))
                if not isinstance(loaded, dict):
                    raise ValueError("not a JSON object")
                self.data = {str(p): {str(r): {str(n): str(t) for n, t in lists.items()} for r, lists in rulesets.items()}
                             for p, rulesets in loaded.items()}
            except (OSError, ValueError, AttributeError) as exc:
                self.problem = f"the saved lists in {path} cannot be read ({exc}); new lists are kept in memory only"
                self.path = None

    @classmethod
    def for_saves(cls, saves: Any) -> "ListBook":
        """The book beside a game store (or in memory for games kept in memory)."""
        store = getattr(saves, "store", None)
        data_dir = getattr(store, "data_dir", None)
        return cls(Path(data_dir) / "lists.json" if data_dir is not None else None)

    def lists(self, player: str, ruleset: str) -> dict[str, str]:
        """``player``'s saved lists for ``ruleset``, by name."""
        return dict(self.data.get(player, {}).get(ruleset, {}))

    def save(self, player: str, ruleset: str, name: str, text: str) -> None:
        """Keep a list. Raises HolotableError for an empty player or list name, or a file that cannot be written."""
        player, name = player.strip(), name.strip()
        if not player or not name:
            raise HolotableError("a list needs a player and a name; type both")
        self.data.setdefault(player, {}).setdefault(ruleset, {})[name] = text.strip()
        if self.path is None:
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=self.path.parent, prefix=".lists-")
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                json.dump(self.data, handle, indent=1, sort_keys=True)
            os.replace(tmp, self.path)
        except OSError as exc:
            raise HolotableError(f"the list is kept for now but could not be written to {self.path}: {exc.strerror or exc}") from None
