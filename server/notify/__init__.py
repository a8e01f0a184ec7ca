"""Notifications: tell players and a game's public channel what happened, through the services they
already use (e-mail, Discord, Matrix, Slack, Telegram, ntfy ... : one Apprise URL each), without
ever telling a reader more than its view.

- :mod:`server.notify.channels`: the channels (kept with the accounts, URLs redacted everywhere).
- :mod:`server.notify.texts`: what a note says, built from the reader's view (or the public's).
- :mod:`server.notify.notifier`: which event tells whom.
- :mod:`server.notify.deliver`: delivery off the event loop, retries with backoff, channels isolated.
- :mod:`server.notify.commands`: ``notify add|list|hear|test|remove`` and the GM's ``notify public``.
- :mod:`server.notify.screen`: the war room's Notifications screen (its menu, Ctrl+P).
"""
from server.notify.channels import KINDS, ChannelError, redact
from server.notify.notifier import Notifier

__all__ = ["KINDS", "ChannelError", "Notifier", "redact"]
