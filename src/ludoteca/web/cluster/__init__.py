"""``ludoteca serve --workers N``: one worker of several over PostgreSQL and Redis. A room
is owned by one worker at a time (``cluster.ownership``: its lease, ``cluster.lease``, and
its fence, ``store.fence``); sockets that reach another worker are handed over
(``cluster.handover``) or relayed (``cluster.relay``, ``cluster.peers``). ``cluster.node``
is the room host the application talks to, as it talks to ``room.host.LocalHost`` in one
process.
"""
