"""The campaign over the galaxy, day by day: hyperspace travel, sensors and news, fleets and
logistics, Heroes and missions, claims and victory. It fights each day's battles with the
:class:`..battle.rules.BattleRules` it is given. Builds on :mod:`..rules` and :mod:`..battle`.
"""
