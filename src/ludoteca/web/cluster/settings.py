"""How a worker joins the cluster (``ludoteca serve --workers N``)."""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field

from ludoteca.web.cluster.handover import ProtocolFactory


@dataclass(frozen=True, slots=True)
class ClusterSettings:
    """How a worker joins the cluster.

    Attributes:
        redis_url: Redis (``redis://host:port/db``).
        lease_ms: How long a room's lease lasts without renewal (renewed every quarter):
            a dead owner's rooms move after at most this long.
        check_seconds: How often Redis and PostgreSQL are checked.
        worker: This worker's id (random: a restarted worker is a new one).
        protocols: The server's protocol factory, to adopt connections other workers of
            this machine hand over (``cluster.handover``); None: every such socket is
            relayed.
    """

    redis_url: str
    lease_ms: int = 3000
    check_seconds: float = 0.25
    worker: str = field(default_factory=lambda: secrets.token_hex(4))
    protocols: ProtocolFactory | None = None
