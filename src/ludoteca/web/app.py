"""The web table's FastAPI application: the page, the static files, the HTTP API and the
room WebSockets (``docs/protocol.md``).

``create_app(store_url)`` assembles it: the routes (``web.routes``, one module per part of
the site) over one room host (``room.host.RoomHost``): the rooms of this process
(``room.host.LocalHost``), or with ``cluster`` one worker of several (``cluster.node.Node``).
``ludoteca serve`` runs it with uvicorn.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager
from pathlib import Path
from typing import cast

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

from ludoteca.web.cluster.node import Node
from ludoteca.web.cluster.settings import ClusterSettings
from ludoteca.web.notify.digest import Digests
from ludoteca.web.notify.notifier import Notifier
from ludoteca.web.notify.vapid import vapid_keys
from ludoteca.web.pace.clock import test_clock_enabled
from ludoteca.web.pace.kit import PaceKit
from ludoteca.web.pace.scheduler import Scheduler
from ludoteca.web.people.digest import DigestChoice
from ludoteca.web.people.profiles import Profiles
from ludoteca.web.people.settings import PeopleSettings
from ludoteca.web.room.codes import JoinCodes
from ludoteca.web.room.hall import Rooms
from ludoteca.web.room.host import LocalHost, RoomHost
from ludoteca.web.room.settings import Settings
from ludoteca.web.routes import (
    digest,
    games,
    health,
    invites,
    lessons,
    me,
    pages,
    party,
    push,
    rooms,
    sign_in,
    sockets,
)
from ludoteca.web.routes import metrics as metrics_route
from ludoteca.web.routes.headers import SecurityHeaders
from ludoteca.web.routes.site import Site
from ludoteca.web.server.collector import Freezer
from ludoteca.web.store import Store, open_store
from ludoteca.web.store.dialect import Transacting
from ludoteca.web.telemetry import metrics
from ludoteca.web.telemetry.metrics import MetricsAccess
from ludoteca.web.wire.limits import Limits, Meter

STATIC = Path(__file__).resolve().parent / "static"
VAPID_SUBJECT_ENV = "LUDOTECA_VAPID_SUBJECT"
"""Who the push services may contact about this server's pushes (``mailto:`` or https)."""


def create_app(
    store_url: str,
    *,
    bot_delay: float = 0.4,
    clock_scale: float = 1.0,
    static_dir: Path = STATIC,
    limits: Limits | None = None,
    api_docs: bool = False,
    cluster: ClusterSettings | None = None,
    metrics_access: MetricsAccess | None = None,
    origins: tuple[str, ...] = (),
    test_clock: bool | None = None,
    people: PeopleSettings | None = None,
) -> FastAPI:
    """The application over the store at ``store_url`` (a SQLite path or a PostgreSQL URL).

    Args:
        store_url: Where rooms live (``store.open_store``).
        bot_delay: Seconds a bot waits before each move (0 in tests).
        clock_scale: Real ms per game ms for Gotcha's bots (0 in tests: at once).
        static_dir: The front end's files (``index.html`` is the page).
        limits: Rates and sizes (``wire.limits.Limits``; its defaults if None).
        api_docs: Serve FastAPI's ``/docs`` and ``/openapi.json`` (off by default).
        cluster: Run as one worker of several (``web.cluster``; PostgreSQL and Redis):
            rooms are loaded by the worker that takes their lease, not all at start.
        metrics_access: Who may read ``/metrics`` (nobody if None). A port of its own is
            served by wrapping the app in ``telemetry.metrics.only_metrics_on``.
        origins: Pages of other hosts that may open sockets and create rooms (``--origins``).
        test_clock: Tests only: serve ``POST /api/test/clock`` (moves the pace clock) and
            accept ``http://`` push endpoints; None reads ``LUDOTECA_TEST_CLOCK``.
        people: How people sign in on another device: the public URL passkeys are bound
            to and the SMTP server of e-mailed links (``people.settings``; none if None).
    """
    limits = limits or Limits()
    people = people or PeopleSettings()
    site = Site(limits, Meter(limits), static_dir, origins=origins)
    settings = Settings(bot_delay=bot_delay, clock_scale=clock_scale, limits=limits)
    if test_clock is None:
        test_clock = test_clock_enabled()
    if test_clock:
        site.test_clock = settings.pace.clock
        settings.pace.allow_http_push = True
    docs = {} if api_docs else {"docs_url": None, "redoc_url": None, "openapi_url": None}
    lifespan = serving(site, store_url, settings, cluster, people)
    app = FastAPI(title="Ludoteca", lifespan=lifespan, **docs)  # type: ignore[arg-type]
    app.state.site = site  # the tests read the rooms held (``site.hall``)
    app.add_middleware(SecurityHeaders)
    app.mount("/static", StaticFiles(directory=static_dir, check_dir=False), name="static")
    access = metrics_access or MetricsAccess()
    for router in (
        metrics_route.router(access),
        pages.router(site),
        push.router(site),
        games.router(),
        lessons.router(site),
        rooms.router(site),
        me.router(site, mail_ready=people.smtp is not None),
        digest.router(site),
        invites.router(site),
        sign_in.router(site, people),
        party.router(site),
        health.router(site),
        sockets.router(site),
    ):
        app.include_router(router)
    return app


def serving(
    site: Site,
    store_url: str,
    settings: Settings,
    cluster: ClusterSettings | None,
    people: PeopleSettings | None = None,
) -> Callable[[FastAPI], AbstractAsyncContextManager[None]]:
    """The application's lifespan: open the store, start the room host (``site.room_host``)
    and the collector's schedule (``server.collector``); on the way out, stop them all.
    """

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = open_store(store_url, timeout=site.limits.db_seconds)
        hall = Rooms(store, settings)
        site.profiles = Profiles(store)  # type: ignore[arg-type]
        site.hall = hall
        notifier = await start_notices(
            site, store, settings.pace, site.profiles, people or PeopleSettings()
        )
        host: RoomHost
        if cluster is not None:
            host = Node(cluster, hall, store, site.limits, site.meter)
        else:
            host = LocalHost(hall, site.limits, site.meter)
        site.room_host = host
        site.codes = JoinCodes(store, site.limits.room_days)
        unwatch = metrics.watch(lambda: [(room.status, len(room.clients)) for room in host.held()])
        freezer = Freezer(asyncio.get_running_loop())
        await host.start()
        smtp = (people or PeopleSettings()).smtp
        digests = Digests(
            cast(Transacting, store),
            settings.pace.clock,
            site.profiles,
            smtp,
            (people or PeopleSettings()).public_url,
        )
        app.state.digests = digests  # the tests read what it sent
        mail_on = smtp is not None
        choice = DigestChoice(cast(Transacting, store), settings.pace.clock.now_ms, mail_on)
        site.digest = choice
        scheduler = Scheduler(
            cast(Transacting, store), settings.pace.clock, host.open_room, [digests.due]
        )
        settings.pace.wake = scheduler.wake
        choice.wake = scheduler.wake
        clocks = asyncio.create_task(scheduler.run())
        thaw = asyncio.create_task(freezer.thaw_now_and_then())
        freezer.start()
        try:
            yield
        finally:
            freezer.stop()
            thaw.cancel()
            clocks.cancel()
            await asyncio.gather(thaw, clocks, return_exceptions=True)
            unwatch()
            await host.stop()
            hall.close()
            await asyncio.to_thread(notifier.close)
            store.close()

    return lifespan


async def start_notices(
    site: Site, store: Store, kit: PaceKit, profiles: Profiles, people: PeopleSettings
) -> Notifier:
    """The server's VAPID keys (made at first start, kept in the store) and its notifier,
    which the rooms' pace tells (``kit.notices``); mail through ``--smtp`` where set.
    """
    keys = await asyncio.to_thread(vapid_keys, cast(Transacting, store))
    site.push_key = keys.public_key
    subject = os.environ.get(VAPID_SUBJECT_ENV, "") or "mailto:ludoteca@localhost"
    notifier = Notifier(
        cast(Transacting, store),
        keys,
        subject,
        kit.clock,
        profiles,
        people.smtp,
        people.public_url,
    )
    kit.notices = notifier
    return notifier
