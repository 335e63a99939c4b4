"""The authoritative rooms of one process: each room's seats, game, bots, broadcasts,
chat and replays (``room.room``), the registry of a server's rooms (``room.hall``) and the
single-process room host (``room.host``). Rooms read the wire (``web.wire``) and write the
store (``web.store``); they know nothing of the cluster or of the HTTP application.
"""
