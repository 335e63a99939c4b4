"""The web table: rooms, seats and games over HTTP and WebSockets (``docs/protocol.md``)."""
