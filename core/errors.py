"""The errors the engine raises. Every one carries a message a player can read."""
from __future__ import annotations


class HolotableError(ValueError):
    """Base of every refusal the engine makes; its message is meant for a player."""


class OrderError(HolotableError):
    """An order was refused: the message quotes the input and says what would be legal."""


class UnknownRuleset(HolotableError):
    """No ruleset is registered under the asked id."""


class PermissionRefused(HolotableError):
    """The actor may not do this for that seat (not theirs, not the GM, no Grand Admiral right)."""


class SetupError(HolotableError):
    """A game could not be set up from the given scenario, seats and options."""


class StateError(HolotableError):
    """A saved or corrected state does not make sense (bad JSON, unknown path, wrong type)."""


class DataError(ValueError):
    """A rule system's packaged data files (or a constraint its text sets on them) are not as they must
    be; the message names the file or row and the rule. Raised when the data loads: a defect of the
    package for its maintainers, not a refusal meant for a player, so not a :class:`HolotableError`."""
