"""``cluster.handover``'s request and its mark (the hand-over itself runs in
``test_cluster.py::test_a_socket_reaching_the_other_worker_is_handed_to_the_rooms_holder``,
between two real workers).
"""

from __future__ import annotations

import asyncio
import socket

import h11

from ludoteca.web.cluster.handover import (
    MARK,
    SEND_KEY,
    Handover,
    address,
    request_bytes,
    was_handed_over,
)

SCOPE = {
    "type": "websocket",
    "path": "/ws/r1",
    "raw_path": b"/ws/r1",
    "query_string": b"lang=es",
    "headers": [
        (b"host", b"127.0.0.1:8000"),
        (b"upgrade", b"websocket"),
        (b"connection", b"Upgrade"),
        (b"sec-websocket-key", b"dGhlIHNhbXBsZSBub25jZQ=="),
        (b"sec-websocket-version", b"13"),
    ],
}


def test_the_rebuilt_request_is_the_upgrade_with_the_mark() -> None:
    server = h11.Connection(h11.SERVER)
    server.receive_data(request_bytes(SCOPE))
    request = server.next_event()
    assert isinstance(request, h11.Request)
    assert (request.method, request.target) == (b"GET", b"/ws/r1?lang=es")
    assert list(request.headers)[: len(SCOPE["headers"])] == SCOPE["headers"]
    assert (MARK, b"1") in list(request.headers)
    assert not was_handed_over(SCOPE)
    assert was_handed_over({"headers": [*SCOPE["headers"], (MARK, b"1")]})


class _Served(asyncio.Protocol):
    """A server's protocol as ``Handover.hand`` reads it: a transport, a handshake flag and
    a ``send`` method (uvicorn's WebSocket protocols have all three)."""

    def __init__(self) -> None:
        self.transport: asyncio.Transport | None = None
        self.handshake_complete = False
        self.received = b""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport

    def data_received(self, data: bytes) -> None:
        self.received += data
        if self.received.endswith(b"\r\n\r\n") and self.transport is not None:
            self.transport.write(b"served by the holder")

    async def send(self, message: object) -> None:
        raise AssertionError("a handed-over socket is never answered by its first worker")


def test_a_connection_moves_to_the_holder_once() -> None:
    async def scenario() -> None:
        loop = asyncio.get_running_loop()
        adopted: list[_Served] = []

        def holder_protocol() -> asyncio.Protocol:
            adopted.append(_Served())
            return adopted[-1]

        holder = Handover("w-test-holder", holder_protocol)
        first = Handover("w-test-first", _Served)
        assert holder.start() and first.start()
        listener = socket.create_server(("127.0.0.1", 0))
        listener.setblocking(False)
        try:
            reader, writer = await asyncio.open_connection(*listener.getsockname())
            accepted, _ = await loop.sock_accept(listener)
            _, served = await loop.connect_accepted_socket(_Served, accepted)
            assert isinstance(served, _Served)
            scope = {**SCOPE, SEND_KEY: served.send}
            marked = {**scope, "headers": [*SCOPE["headers"], (MARK, b"1")]}
            assert not first.hand(marked, "w-test-holder")  # handed once already: kept
            assert not first.hand(scope, "w-test-nobody")  # no such worker here: kept
            assert first.hand(scope, "w-test-holder")
            assert served.transport is not None and served.transport.is_closing()
            answer = await asyncio.wait_for(reader.read(100), 10)
            assert answer == b"served by the holder"  # the same TCP connection, another worker
            assert (first.handed, holder.adopted) == (1, 1)
            assert MARK + b": 1" in adopted[0].received
            writer.close()
        finally:
            listener.close()
            holder.stop()
            first.stop()

    asyncio.run(scenario())


def test_each_worker_has_its_own_abstract_address() -> None:
    taken = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    taken.bind(address("w-test-address"))
    try:
        assert address("w-test-address").startswith("\0")

        async def scenario() -> bool:
            clash = Handover("w-test-address", asyncio.Protocol)
            started = clash.start()
            clash.stop()
            return started

        assert not asyncio.run(scenario())  # the address is taken: relay, never crash
    finally:
        taken.close()
