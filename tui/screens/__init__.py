"""Screens of the war room; each has its stylesheet beside it (``<name>.tcss``)."""
