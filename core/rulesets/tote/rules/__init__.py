"""Twilight of the Empire's rules as the text writes them: the data tables (units, ground units,
facilities, weapons, the galaxy, Heroes, missions), their constraints, the UCR and damage
arithmetic, the grid, fleets and stock, the clock, and the unit records every other layer asks
questions of. Imports nothing from :mod:`..battle` or :mod:`..campaign`.
"""
