"""One planet's battle on its space-ground grid: its orders, the flow of a post, views, odds,
invariants and the bot, gathered for the engine in :class:`.rules.BattleRules`. Builds on
:mod:`..rules`; imports nothing from :mod:`..campaign`.
"""
