"""Widgets of the war room, one area per module. Each draws part of a view; none keeps game state."""
