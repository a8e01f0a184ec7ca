"""holotable's rules engine: pure, synchronous and deterministic.

Nothing here does I/O, uses asyncio or imports Textual. Every random number comes from a game's
:class:`core.dice.Dice`. Rulesets live in ``core/rulesets/<id>/`` and are listed in
:mod:`core.registry`.
"""
