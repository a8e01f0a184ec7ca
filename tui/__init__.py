"""The Textual war room: screens and widgets that draw views from the engine and send orders as text.

Start it with ``holotable play`` (see :mod:`tui.cli`) or build :class:`tui.app.HolotableApp`.
"""
