"""The SSH server: accounts and keys, one war-room session per connection, the GM's admin session.

``holotable serve`` (see :mod:`server.cli`) starts it. The pieces: :mod:`server.accounts` (accounts,
keys, invites, the rate limit), :mod:`server.ssh` (asyncssh: host key, authentication, limits),
:mod:`server.channel` (one channel: the war room, one command or a line console),
:mod:`server.bridge` (a Textual driver on an SSH channel), :mod:`server.commands` (the line
console's language per account), :mod:`server.hub` (the games the server holds open),
:mod:`server.apps` (the player's war room), :mod:`server.admin` (the GM's tiles and tools) and
:mod:`server.notify` (notifications by e-mail, Discord, Matrix ... through Apprise).
"""
