"""``ludoteca serve --workers N``: N server processes sharing one listening socket.

The parent reserves the address and starts N worker processes (``multiprocessing``'s
spawn). Each worker listens on the address with a socket of its own (``SO_REUSEPORT``), so
the kernel spreads new connections evenly over the workers; which one a socket reaches does
not matter (``web.cluster``). (One socket shared by all was uneven: the worker that woke
first accepted every connection waiting, so one worker could create every room of a burst
and own them all.) A worker's socket dies with it: connections go to the others at once.
The parent only watches: a worker that dies is started again (as a new worker, with a new
id), and SIGTERM or SIGINT stops them all.

``LUDOTECA_WORKER_PORTS=p1,p2,...`` makes worker ``i`` also listen on its own port ``p_i``
(tests and benches reach a chosen worker; a health probe can check each one).
A socket that reaches a worker that does not hold its room is handed to the one that does
(``cluster.handover``); ``LUDOTECA_HANDOVER=off`` relays it instead, as across machines.
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import multiprocessing.connection
import os
import signal
import socket
from dataclasses import dataclass, field
from types import FrameType
from typing import Any

from ludoteca.engine.i18n import Message, msg
from ludoteca.web.cluster.settings import ClusterSettings
from ludoteca.web.people.settings import PeopleSettings
from ludoteca.web.server.hosting import Hosting
from ludoteca.web.store import hide_password
from ludoteca.web.wire import limits as limits_mod
from ludoteca.web.wire.limits import Limits

log = logging.getLogger("ludoteca.web")

PORTS_ENV = "LUDOTECA_WORKER_PORTS"
HANDOVER_ENV = "LUDOTECA_HANDOVER"
"""``off``: a socket reaching a worker that does not hold its room is always relayed, never
handed to the holder (``cluster.handover``): the relay's tests, and a measure of what hand-over
saves."""
MAX_WORKERS = 64
LEASE_MS = (300, 600_000)
"""The shortest and longest ``--lease-ms``."""


class FlagError(Exception):
    """A ``ludoteca serve`` flag refused, with the line to print."""

    def __init__(self, message: Message) -> None:
        super().__init__(message.key)
        self.message = message


def limits_from_flags(
    limits: str, rates: dict[str, str | None], numbers: dict[str, float | None]
) -> Limits:
    """``ludoteca serve``'s ``--limits`` and rate and size flags as :class:`Limits`.

    Raises:
        FlagError: Naming the first flag whose value is refused.
    """
    if limits not in ("on", "off"):
        raise FlagError(msg("web.bad_limit", flag="--limits", value=limits[:40]))
    try:
        return limits_mod.from_flags(Limits(), lifted=limits == "off", rates=rates, **numbers)
    except ValueError as error:
        name = str(error)
        value = {**rates, **numbers}[name]
        flag = "--" + name.replace("_", "-")
        raise FlagError(msg("web.bad_limit", flag=flag, value=str(value)[:40])) from None


def origins_from_flag(text: str | None) -> tuple[str, ...]:
    """``--origins``: the pages (``https://host[:port]``, comma-separated) besides the
    server's own host that may open its WebSockets and create rooms.

    Raises:
        FlagError: An entry that is not ``http(s)://host[:port]``.
    """
    found: list[str] = []
    for part in (text or "").split(","):
        item = part.strip().rstrip("/").lower()
        if not item:
            continue
        scheme, sep, rest = item.partition("://")
        if scheme not in ("http", "https") or not sep or not rest or "/" in rest:
            raise FlagError(msg("web.bad_limit", flag="--origins", value=item[:40]))
        found.append(item)
    return tuple(found)


def check_flags(
    workers: str, redis: str | None, lease_ms: str, store_url: str
) -> tuple[int, str | None, int]:
    """``--workers``, ``--redis`` (else ``LUDOTECA_REDIS``) and ``--lease-ms`` checked, and
    Redis reached once. Several workers need PostgreSQL and Redis; one worker without Redis
    is the single process of old.

    Returns:
        The number of workers, the Redis URL (None: one process, no cluster), the lease.

    Raises:
        FlagError: A bad value, a missing part or a Redis that does not answer.
    """
    if not (workers.isdigit() and 1 <= int(workers) <= MAX_WORKERS):
        raise FlagError(msg("web.bad_workers", value=workers[:20], max=MAX_WORKERS))
    count = int(workers)
    lowest, highest = LEASE_MS
    if not (lease_ms.isdigit() and lowest <= int(lease_ms) <= highest):
        raise FlagError(msg("web.bad_lease", value=lease_ms[:20], min=lowest, max=highest))
    redis_url = redis or os.environ.get("LUDOTECA_REDIS") or None
    postgres = store_url.startswith(("postgresql://", "postgres://"))
    if count > 1 and (redis_url is None or not postgres):
        raise FlagError(msg("web.workers_need", workers=count))
    if redis_url is None:
        return count, None, int(lease_ms)
    if not postgres:
        raise FlagError(msg("web.redis_needs_pg"))
    try:
        worker_ports(count)
    except ValueError as error:
        raise FlagError(msg("web.bad_limit", flag=PORTS_ENV, value=str(error)[:40])) from None
    try:
        import redis as redis_mod  # noqa: PLC0415

        client = redis_mod.Redis.from_url(redis_url, socket_connect_timeout=3, socket_timeout=3)
        client.ping()
        client.close()
    except Exception as error:  # a bad URL (ValueError) or a server that does not answer
        detail = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        raise FlagError(msg("web.bad_redis", url=hide_password(redis_url), detail=detail)) from None
    return count, redis_url, int(lease_ms)


@dataclass(frozen=True, slots=True)
class WorkerSpec:
    """What every worker runs: the app's settings (``create_app``) and the cluster's."""

    store_url: str
    redis_url: str
    lease_ms: int
    limits: Limits
    forwarded_allow_ips: str | None = None
    origins: tuple[str, ...] = ()
    bot_delay: float = 0.4
    clock_scale: float = 1.0
    hosting: Hosting = field(default_factory=Hosting)
    people: PeopleSettings | None = None


def worker_ports(count: int, env: dict[str, str] | None = None) -> list[int | None]:
    """Each worker's own port from ``LUDOTECA_WORKER_PORTS`` (None: only the shared one).

    Raises:
        ValueError: If the variable is not ``count`` port numbers separated by commas.
    """
    text = (os.environ if env is None else env).get(PORTS_ENV, "").strip()
    if not text:
        return [None] * count
    parts = [part.strip() for part in text.split(",")]
    if len(parts) != count or not all(part.isdigit() and 0 < int(part) < 65536 for part in parts):
        raise ValueError(text)
    return [int(part) for part in parts]


def bind(host: str, port: int, *, share: bool = False, listen: bool = True) -> socket.socket:
    """A TCP socket bound to ``host:port`` (listening, unless ``listen`` is false),
    inheritable by the workers. ``share``: other sockets may bind the same address too
    (``SO_REUSEPORT``), and the kernel spreads connections over those that listen.
    """
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    if share:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind((host, port))
    if listen:
        sock.listen(2048)
    sock.set_inheritable(True)
    return sock


def _worker(
    spec: WorkerSpec, address: tuple[str, int], sockets: list[socket.socket], index: int = 0
) -> None:
    """One worker process (the ``index``-th): the app in cluster mode, served on a listening
    socket of its own on the shared ``address`` and on ``sockets`` (its own port and its
    metrics port, if any).
    """
    import uvicorn  # noqa: PLC0415

    from ludoteca.web.app import create_app  # noqa: PLC0415
    from ludoteca.web.cluster.handover import keeping_send, uvicorn_protocols  # noqa: PLC0415
    from ludoteca.web.server.guard import uvicorn_options  # noqa: PLC0415

    servers: list[uvicorn.Server] = []
    relay_only = os.environ.get(HANDOVER_ENV, "").strip().lower() == "off"
    protocols = None if relay_only else uvicorn_protocols(lambda: servers[0])
    cluster = ClusterSettings(spec.redis_url, spec.lease_ms, protocols=protocols)
    app = create_app(
        spec.store_url,
        bot_delay=spec.bot_delay,
        clock_scale=spec.clock_scale,
        limits=spec.limits,
        cluster=cluster,
        origins=spec.origins,
        metrics_access=spec.hosting.access(index),
        people=spec.people,
    )
    served = spec.hosting.wrap(keeping_send(app), index)
    config = uvicorn.Config(
        served,
        lifespan="on",
        **spec.hosting.uvicorn_settings(),
        **uvicorn_options(spec.limits, spec.forwarded_allow_ips),
    )
    servers.append(uvicorn.Server(config))
    servers[0].run(sockets=[bind(*address, share=True), *sockets])


def run(spec: WorkerSpec, workers: int, host: str, port: int) -> int:
    """Serve with ``workers`` processes until SIGTERM or SIGINT; the exit code."""
    # Bound, never listening: the address is taken (a clash fails here, once) and stays
    # this server's while workers come and go; each worker listens with its own socket.
    reserved = bind(host, port, share=True, listen=False)
    address = (host, reserved.getsockname()[1])
    own = [None if p is None else bind(host, p) for p in worker_ports(workers)]
    metrics = [spec.hosting.metrics_socket(index) for index in range(workers)]
    context = multiprocessing.get_context("spawn")
    stopping = False

    def start(index: int) -> Any:
        sockets = [sock for sock in (own[index], metrics[index]) if sock is not None]
        process = context.Process(
            target=_worker, args=(spec, address, sockets, index), name=f"ludoteca-{index}"
        )
        process.start()
        return process

    def stop(_signum: int, _frame: FrameType | None) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    processes = [start(index) for index in range(workers)]
    try:
        while not stopping:
            multiprocessing.connection.wait([p.sentinel for p in processes], timeout=0.2)
            for index, process in enumerate(processes):
                if not process.is_alive() and not stopping:
                    log.warning("worker %d (pid %s) exited with %s: started again", index,
                                process.pid, process.exitcode)  # fmt: skip
                    processes[index] = start(index)
    finally:
        for process in processes:
            if process.is_alive():
                with contextlib.suppress(ProcessLookupError):
                    os.kill(process.pid, signal.SIGTERM)
        for process in processes:
            process.join(15)
            if process.is_alive():
                process.kill()
                process.join(5)
        reserved.close()
        for sock in (*own, *metrics):
            if sock is not None:
                sock.close()
    return 0
