"""``ludoteca serve``: the web table, with uvicorn, over a store (``--workers``: processes).

Every option is also read from ``LUDOTECA_<OPTION>`` (``cli.envvars``); a flag wins.
With ``cli.backup``, the only command modules that import the web table (``ludoteca.web``).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Annotated, NoReturn

import typer

from ludoteca.cli import host_messages as _host_messages  # noqa: F401 (serve's texts)
from ludoteca.cli.envvars import ENV_SETTINGS, name_env_source
from ludoteca.cli.errors import fail as _fail
from ludoteca.cli.lang import help_text, meta
from ludoteca.cli.root import OPTIONS_METAVAR, LangOption, app, chosen_lang
from ludoteca.engine.i18n import Message, msg
from ludoteca.web.cluster import messages as _cluster_messages  # noqa: F401 (serve's texts)
from ludoteca.web.people import texts as _people_texts  # noqa: F401 (serve's help texts)
from ludoteca.web.store import DEFAULT_DB
from ludoteca.web.store import hide_password as _hide_password
from ludoteca.web.telemetry.logs import FORMATS, LEVELS
from ludoteca.web.wire import messages as _web_messages  # noqa: F401 (serve's help texts)

if TYPE_CHECKING:
    from ludoteca.web.people.settings import PeopleSettings

FramesRate = Annotated[
    str | None, typer.Option("--frames", help=help_text("rate_frames"), metavar=meta("rate"))
]
AddressFramesRate = Annotated[
    str | None,
    typer.Option("--address-frames", help=help_text("rate_address_frames"), metavar=meta("rate")),
]
ChatRate = Annotated[
    str | None, typer.Option("--chat", help=help_text("rate_chat"), metavar=meta("rate"))
]
AddressChatRate = Annotated[
    str | None,
    typer.Option("--address-chat", help=help_text("rate_address_chat"), metavar=meta("rate")),
]
RoomsRate = Annotated[
    str | None, typer.Option("--rooms", help=help_text("rate_rooms"), metavar=meta("rate"))
]
SeatsRate = Annotated[
    str | None, typer.Option("--seats", help=help_text("rate_seats"), metavar=meta("rate"))
]
AddressSeatsRate = Annotated[
    str | None,
    typer.Option("--address-seats", help=help_text("rate_address_seats"), metavar=meta("rate")),
]
HintsRate = Annotated[
    str | None, typer.Option("--hints", help=help_text("rate_hints"), metavar=meta("rate"))
]
LangsRate = Annotated[
    str | None, typer.Option("--langs", help=help_text("rate_langs"), metavar=meta("rate"))
]
WsMaxSize = Annotated[
    int | None, typer.Option("--ws-max-size", help=help_text("ws_max_size"), metavar="BYTES")
]
HeaderSeconds = Annotated[
    float | None,
    typer.Option("--header-seconds", help=help_text("header_seconds"), metavar=meta("seconds")),
]
AddressConnections = Annotated[
    int | None,
    typer.Option("--address-connections", help=help_text("address_connections"), metavar="N"),
]
SeatGrace = Annotated[
    float | None,
    typer.Option("--seat-grace", help=help_text("seat_grace"), metavar=meta("seconds")),
]
DbSeconds = Annotated[
    float | None,
    typer.Option("--db-seconds", help=help_text("db_seconds"), metavar=meta("seconds")),
]
RoomDays = Annotated[
    float | None, typer.Option("--room-days", help=help_text("room_days"), metavar="DAYS")
]
ForwardedAllowIps = Annotated[
    str | None,
    typer.Option("--forwarded-allow-ips", help=help_text("forwarded_allow_ips"), metavar="IPS"),
]
Origins = Annotated[
    str | None, typer.Option("--origins", help=help_text("origins"), metavar="URLS")
]
PublicUrl = Annotated[
    str | None, typer.Option("--public-url", help=help_text("public_url"), metavar="URL")
]
Smtp = Annotated[str | None, typer.Option("--smtp", help=help_text("smtp"), metavar="URL")]
MetricsOption = Annotated[
    str, typer.Option("--metrics", help=help_text("metrics"), metavar="off|on|IPS")
]
MetricsListen = Annotated[
    str | None,
    typer.Option("--metrics-listen", help=help_text("metrics_listen"), metavar="HOST:PORT"),
]
LogFormat = Annotated[
    str, typer.Option("--log-format", help=help_text("log_format"), metavar="text|json")
]
LogLevel = Annotated[
    str,
    typer.Option("--log-level", help=help_text("log_level"), metavar=meta("level")),
]


@app.command(
    help=help_text("serve"), options_metavar=OPTIONS_METAVAR, context_settings=ENV_SETTINGS
)
def serve(
    host: Annotated[
        str, typer.Option("--host", help=help_text("host"), metavar="HOST")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help=help_text("port"), metavar="N")] = 8000,
    db: Annotated[str | None, typer.Option("--db", help=help_text("db"), metavar="URL")] = None,
    limits: Annotated[
        str, typer.Option("--limits", help=help_text("limits"), metavar="on|off")
    ] = "on",
    frames: FramesRate = None,
    address_frames: AddressFramesRate = None,
    chat: ChatRate = None,
    address_chat: AddressChatRate = None,
    rooms: RoomsRate = None,
    max_pending: Annotated[
        int | None, typer.Option("--max-pending", help=help_text("max_pending"), metavar="N")
    ] = None,
    idle_seconds: Annotated[
        float | None,
        typer.Option("--idle-seconds", help=help_text("idle_seconds"), metavar=meta("seconds")),
    ] = None,
    address_sockets: Annotated[
        int | None,
        typer.Option("--address-sockets", help=help_text("address_sockets"), metavar="N"),
    ] = None,
    seats: SeatsRate = None,
    address_seats: AddressSeatsRate = None,
    hints: HintsRate = None,
    langs: LangsRate = None,
    ws_max_size: WsMaxSize = None,
    header_seconds: HeaderSeconds = None,
    address_connections: AddressConnections = None,
    seat_grace: SeatGrace = None,
    db_seconds: DbSeconds = None,
    room_days: RoomDays = None,
    forwarded_allow_ips: ForwardedAllowIps = None,
    origins: Origins = None,
    public_url: PublicUrl = None,
    smtp: Smtp = None,
    workers: Annotated[
        str, typer.Option("--workers", help=help_text("serve_workers"), metavar="N")
    ] = "1",
    redis: Annotated[
        str | None, typer.Option("--redis", help=help_text("redis"), metavar="URL")
    ] = None,
    lease_ms: Annotated[
        str, typer.Option("--lease-ms", help=help_text("lease_ms"), metavar="MS")
    ] = "3000",
    metrics: MetricsOption = "off",
    metrics_listen: MetricsListen = None,
    log_format: LogFormat = "text",
    log_level: LogLevel = "warning",
    lang: LangOption = None,
) -> None:
    """Run the web table with uvicorn over the store ``--db`` (``--workers``: processes)."""
    import uvicorn  # noqa: PLC0415 (loaded only for this command)

    from ludoteca.web.app import create_app  # noqa: PLC0415
    from ludoteca.web.server import workers as workers_mod  # noqa: PLC0415
    from ludoteca.web.server.guard import uvicorn_options  # noqa: PLC0415
    from ludoteca.web.server.hosting import Hosting  # noqa: PLC0415
    from ludoteca.web.store import open_store  # noqa: PLC0415

    chosen = chosen_lang(lang)

    def fail(text: str) -> NoReturn:  # the variable that set a refused option is named
        _fail(name_env_source(text, chosen))

    try:
        hosting = Hosting.parse(metrics, metrics_listen, log_format, log_level)
    except ValueError as error:
        texts = {"--metrics": metrics, "--metrics-listen": metrics_listen}
        texts |= {"--log-format": log_format, "--log-level": log_level}
        fail(_refused_hosting(str(error), str(texts[str(error)])).text(chosen))
    given = {"frames": frames, "address_frames": address_frames, "chat": chat}
    given |= {"address_chat": address_chat, "rooms": rooms, "seats": seats}
    given |= {"address_seats": address_seats, "hints": hints, "langs": langs}
    numbers: dict[str, float | None] = {"max_pending": max_pending, "idle_seconds": idle_seconds}
    numbers |= {"address_sockets": address_sockets, "ws_max_size": ws_max_size}
    numbers |= {"header_seconds": header_seconds, "address_connections": address_connections}
    numbers |= {"seat_grace": seat_grace, "db_seconds": db_seconds, "room_days": room_days}
    try:
        bounds = workers_mod.limits_from_flags(limits, given, numbers)
    except workers_mod.FlagError as error:
        fail(error.message.text(chosen))
    try:
        allowed = workers_mod.origins_from_flag(origins)
    except workers_mod.FlagError as error:
        fail(error.message.text(chosen))
    try:
        people = _people_settings(public_url, smtp)
    except ValueError as error:
        fail(msg(f"web.people.bad_{error}").text(chosen))
    store_url = db or os.environ.get("LUDOTECA_DB") or DEFAULT_DB
    try:
        # a store that cannot open is bad input, not a crash
        open_store(store_url, timeout=bounds.db_seconds).close()
    except Exception as error:  # sqlite3 and psycopg raise their own error types
        detail = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        fail(msg("web.bad_store", db=_hide_password(store_url), detail=detail).text(chosen))
    try:
        count, redis_url, lease = workers_mod.check_flags(workers, redis, lease_ms, store_url)
    except workers_mod.FlagError as error:
        fail(error.message.text(chosen))
    shown_host = "127.0.0.1" if host in ("0.0.0.0", "::", "") else host
    url = f"http://{shown_host}:{port}/"
    try:  # the metrics' own ports (one per worker) taken now: a clash is one line, not a crash
        metrics_sockets = [hosting.metrics_socket(index) for index in range(count)]
    except OSError as error:
        text = msg("cli.host.listen_failed", address=metrics_listen, detail=error.strerror)
        fail(text.text(chosen))
    if redis_url is not None:
        for sock in metrics_sockets:  # each worker's is bound again by ``workers.run``
            if sock is not None:
                sock.close()
        spec = workers_mod.WorkerSpec(
            store_url,
            redis_url,
            lease,
            bounds,
            forwarded_allow_ips,
            allowed,
            hosting=hosting,
            people=people,
        )
        shown = {"url": url, "workers": count, "db": _hide_password(store_url)}
        typer.echo(
            msg("web.serving_cluster", redis=_hide_password(redis_url), **shown).text(chosen)
        )
        raise typer.Exit(workers_mod.run(spec, count, host, port))
    app_ = create_app(
        store_url,
        limits=bounds,
        metrics_access=hosting.access(0),
        origins=allowed,
        people=people,
    )
    config = uvicorn.Config(
        hosting.wrap(app_, 0),
        host=host,
        port=port,
        **hosting.uvicorn_settings(),
        **uvicorn_options(bounds, forwarded_allow_ips),
    )
    server = uvicorn.Server(config)
    if metrics_sockets[0] is None:
        typer.echo(msg("web.serving", url=url, db=_hide_password(store_url)).text(chosen))
        server.run()
        return
    try:
        table = workers_mod.bind(host, port)
    except OSError as error:
        fail(
            msg("cli.host.listen_failed", address=f"{host}:{port}", detail=error.strerror).text(
                chosen
            )
        )
    typer.echo(msg("web.serving", url=url, db=_hide_password(store_url)).text(chosen))
    server.run(sockets=[table, metrics_sockets[0]])


def _people_settings(public_url: str | None, smtp: str | None) -> PeopleSettings:
    """``--public-url`` and ``--smtp`` checked (a ValueError says ``public_url`` or
    ``smtp``; the value is not repeated: an SMTP URL may hold a password).
    """
    from ludoteca.web.people import settings  # noqa: PLC0415

    try:
        shown = settings.parse_public_url(public_url) if public_url else ""
    except ValueError:
        raise ValueError("public_url") from None
    try:
        mail = settings.parse_smtp(smtp) if smtp else None
    except ValueError:
        raise ValueError("smtp") from None
    return settings.PeopleSettings(public_url=shown, smtp=mail)


def _refused_hosting(flag: str, value: str) -> Message:
    """The error for a refused host's flag (``--metrics``, ``--log-format``...)."""
    value = value[:60]
    if flag == "--metrics":
        return msg("cli.host.bad_metrics", value=value)
    if flag == "--metrics-listen":
        return msg("cli.host.bad_listen", value=value)
    choices = ", ".join(FORMATS if flag == "--log-format" else LEVELS)
    return msg("cli.host.bad_choice", flag=flag, value=value, choices=choices)
