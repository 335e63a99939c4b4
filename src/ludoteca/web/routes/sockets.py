"""``/ws/{room_id}``: a room's WebSocket (``docs/protocol.md``). The room host serves it
(perhaps handing it to the process that holds the room first); an address holds at most
``Limits.address_sockets`` of them at once, and a browser's socket must come from a page of
this very host (or of ``--origins``).
"""

from __future__ import annotations

import collections
import contextlib

from fastapi import APIRouter, WebSocket

from ludoteca.engine.i18n import Message, msg
from ludoteca.web.routes.site import Site, allowed_origin, request_lang
from ludoteca.web.wire.client import dumps
from ludoteca.web.wire.sockets import CLOSE_TOO_MANY, close


class SocketCounts:
    """The WebSockets each address holds open now.

    Args:
        limit: The most one address may hold (``Limits.address_sockets``).
    """

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._open: collections.Counter[str] = collections.Counter()

    def enter(self, address: str) -> bool:
        """Count one more socket of ``address``; False (nothing counted) past the limit."""
        if self._open[address] >= self.limit:
            return False
        self._open[address] += 1
        return True

    def leave(self, address: str) -> None:
        """One socket of ``address`` closed."""
        self._open[address] -= 1
        if self._open[address] <= 0:
            del self._open[address]


def router(site: Site) -> APIRouter:
    """The room sockets' route."""
    routes = APIRouter()
    counts = SocketCounts(site.limits.address_sockets)

    @routes.websocket("/ws/{room_id}")
    async def socket(websocket: WebSocket, room_id: str) -> None:
        host = site.host()
        if await host.hand_over(websocket, room_id):
            return  # another worker of this machine holds the room and has the socket now
        await websocket.accept()
        if not allowed_origin(websocket, site.origins):
            await refuse(websocket, "cross_origin", msg("web.error.cross_origin"))
            return
        address = websocket.client.host if websocket.client else "?"
        if not counts.enter(address):
            await refuse_too_many(websocket, counts.limit)
            return
        try:
            await host.serve(websocket, room_id, address)
        finally:
            counts.leave(address)

    return routes


async def refuse_too_many(websocket: WebSocket, limit: int) -> None:
    """Tell an accepted socket past its address's limit why, and close it."""
    await refuse(websocket, "too_many_sockets", msg("web.error.too_many_sockets", limit=limit))


async def refuse(websocket: WebSocket, code: str, text: Message) -> None:
    """Tell an accepted socket why it is refused (``code``, ``text`` in its language) and
    close it (1008, a policy refusal).
    """
    out = {"type": "error", "code": code, "message": text.text(request_lang(websocket))}
    with contextlib.suppress(Exception):
        await websocket.send_text(dumps(out))
    await close(websocket, CLOSE_TOO_MANY)
