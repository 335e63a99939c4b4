"""The web table: rooms, seats and games over HTTP and WebSockets (``docs/protocol.md``).

From the bottom: ``wire`` (what crosses a socket) and ``store`` (where rooms live); ``room``
(the authoritative rooms of one process, and the room host the application talks to);
``cluster`` (one worker of several, the other room host); ``routes`` (one module per part of
the site); ``app`` (assembles them); ``server`` (how a serving process runs: the
collector's schedule, ``--workers N``).
"""
