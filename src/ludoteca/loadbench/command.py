"""``ludoteca bench web``'s options, checks, printed rows and JSON (``loadbench.bench``
measures; the command line hands its arguments here).
"""

from __future__ import annotations

import argparse
import datetime as dt
import functools
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any, NoReturn

import orjson

from ludoteca.engine.i18n import Lang, Message, msg, register
from ludoteca.loadbench.bench import Level, run
from ludoteca.loadbench.process import postgres_bin

register(
    {
        "bench.web.description": {
            "es": "Carga de la mesa web: partidas simultáneas de Tacocat por WebSocket contra "
            "un servidor real (ludoteca serve) arrancado para cada fila.",
            "en": "Load on the web table: concurrent Tacocat games over WebSockets against a "
            "real server (ludoteca serve) started for each row.",
        },
        "bench.web.games": {
            "es": "Partidas simultáneas por fila (varias: 100 1000).",
            "en": "Concurrent games per row (several: 100 1000).",
        },
        "bench.web.workers": {
            "es": "Procesos del servidor por fila (varios: 1 2); más de uno usa PostgreSQL y "
            "Redis desechables.",
            "en": "Server processes per row (several: 1 2); more than one uses a throwaway "
            "PostgreSQL and Redis.",
        },
        "bench.web.think": {
            "es": "Segundos de reflexión medios antes de cada jugada (0: enseguida).",
            "en": "Mean think time in seconds before each move (0: at once).",
        },
        "bench.web.seconds": {
            "es": "Segundos medidos por fila.",
            "en": "Seconds measured per row.",
        },
        "bench.web.warmup": {
            "es": "Segundos de juego antes de medir.",
            "en": "Seconds of play before measuring.",
        },
        "bench.web.kill": {
            "es": "Mata (SIGKILL) un proceso del servidor a estos segundos de la medida "
            "(solo con más de un proceso) y mide la recuperación.",
            "en": "Kill (SIGKILL) one server process this many seconds into the window (only "
            "with more than one process) and measure the recovery.",
        },
        "bench.web.compare": {
            "es": "Otra copia del código (su src/) cuyo servidor se mide también, fila a fila, "
            "con la misma carga.",
            "en": "Another checkout (its src/) whose server is measured too, row by row, under "
            "the same load.",
        },
        "bench.web.json": {
            "es": "Guarda las filas en este archivo JSON.",
            "en": "Save the rows to this JSON file.",
        },
        "bench.web.bad": {
            "es": "Opciones de 'bench web' no válidas: {detail}",
            "en": "Invalid 'bench web' options: {detail}",
        },
        "bench.web.arg.int": {
            "es": "{option} necesita números enteros; '{value}' no lo es",
            "en": "{option} needs whole numbers; '{value}' is not one",
        },
        "bench.web.arg.float": {
            "es": "{option} necesita números (segundos); '{value}' no lo es",
            "en": "{option} needs numbers (seconds); '{value}' is not one",
        },
        "bench.web.arg.choice": {
            "es": "{option} no admite '{value}' (vale: {choices})",
            "en": "{option} does not take '{value}' (it takes: {choices})",
        },
        "bench.web.arg.empty": {
            "es": "a {option} le falta su valor",
            "en": "{option} is missing its value",
        },
        "bench.web.arg.unknown": {
            "es": "'bench web' no tiene estas opciones: {value} (ver 'ludoteca bench web --help')",
            "en": "'bench web' has no such options: {value} (see 'ludoteca bench web --help')",
        },
        "bench.web.kill_one": {
            "es": "--kill-one-worker-at necesita --workers mayor que 1",
            "en": "--kill-one-worker-at needs --workers greater than 1",
        },
        "bench.web.missing": {
            "es": "Con --workers mayor que 1 hacen falta {what}; no está instalado",
            "en": "--workers greater than 1 needs {what}; it is not installed",
        },
        "bench.web.failed": {
            "es": "La prueba de carga falló: {detail}",
            "en": "The load bench failed: {detail}",
        },
        "bench.web.header": {
            "es": "partidas procesos crear-s  acciones/s  p50-ms  p99-ms  max-ms errores "
            "cpu-srv  mem-MB cpu-cli carga",
            "en": "  games workers create-s  actions/s  p50-ms  p99-ms  max-ms  errors "
            "srv-cpu  mem-MB cli-cpu  load",
        },
        "bench.web.written": {"es": "escrito {path}", "en": "written {path}"},
        "bench.web.usage": {"es": "Uso:", "en": "Usage:"},
        "bench.web.options": {"es": "Opciones", "en": "Options"},
        "bench.web.help": {
            "es": "Muestra esta ayuda y termina.",
            "en": "Show this help and exit.",
        },
        "bench.web.lang": {
            "es": "Idioma: es o en (por defecto es si LANG empieza por es; si no, en).",
            "en": "Language: es or en (default: es if LANG starts with es, else en).",
        },
        "bench.web.meta.games": {"es": "PARTIDAS", "en": "GAMES"},
        "bench.web.meta.workers": {"es": "PROCESOS", "en": "WORKERS"},
        "bench.web.meta.seconds": {"es": "SEGUNDOS", "en": "SECONDS"},
        "bench.web.meta.dir": {"es": "DIRECTORIO", "en": "DIR"},
        "bench.web.meta.file": {"es": "ARCHIVO", "en": "FILE"},
    }
)


EXIT_BAD_INPUT = 2


class BenchError(Exception):
    """Bad options or a missing part: one line for the person, exit code 2."""

    def __init__(self, message: Message) -> None:
        super().__init__(message.text("en"))
        self.message = message


_ARGPARSE_ERRORS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"argument (?P<option>[^:]+): invalid int value: '(?P<value>.*)'"), "int"),
    (re.compile(r"argument (?P<option>[^:]+): invalid float value: '(?P<value>.*)'"), "float"),
    (
        re.compile(
            r"argument (?P<option>[^:]+): invalid choice: '(?P<value>.*)' "
            r"\(choose from (?P<choices>.*)\)"
        ),
        "choice",
    ),
    (re.compile(r"argument (?P<option>[^:]+): expected (?:one|at least one) argument"), "empty"),
    (re.compile(r"unrecognized arguments: (?P<value>.*)"), "unknown"),
)
"""argparse's own (English) error messages, read back into this command's bilingual ones."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        for pattern, kind in _ARGPARSE_ERRORS:
            found = pattern.match(message)
            if found is not None:
                raise BenchError(msg(f"bench.web.arg.{kind}", **found.groupdict()))
        raise BenchError(msg("bench.web.bad", detail=message))


class _Formatter(argparse.HelpFormatter):
    """argparse's help layout with its one word of its own ("usage:") in ``lang``."""

    def __init__(self, prog: str, lang: Lang = "en") -> None:
        super().__init__(prog)
        self.lang: Lang = lang

    def add_usage(
        self, usage: str | None, actions: Any, groups: Any, prefix: str | None = None
    ) -> None:
        prefix = msg("bench.web.usage").text(self.lang) + " " if prefix is None else prefix
        super().add_usage(usage, actions, groups, prefix)


def parser(lang: Lang) -> argparse.ArgumentParser:
    """The options of ``ludoteca bench web``, their help (and argparse's words) in ``lang``."""

    def text(key: str) -> str:
        return msg(f"bench.web.{key}").text(lang)

    made = _Parser(
        prog="ludoteca bench web",
        description=text("description"),
        add_help=False,
        formatter_class=functools.partial(_Formatter, lang=lang),
    )
    group = made.add_argument_group(text("options"))
    add = group.add_argument
    games, workers, seconds = text("meta.games"), text("meta.workers"), text("meta.seconds")
    add("--games", type=int, nargs="+", default=[100, 1000], help=text("games"), metavar=games)
    add("--workers", type=int, nargs="+", default=[1], help=text("workers"), metavar=workers)
    add("--think", type=float, nargs="+", default=[1.0], help=text("think"), metavar=seconds)
    add("--seconds", type=float, default=10.0, help=text("seconds"), metavar=seconds)
    add("--warmup", type=float, default=10.0, help=text("warmup"), metavar=seconds)
    add("--seed", type=int, default=0, help=argparse.SUPPRESS)
    add("--kill-one-worker-at", type=float, default=None, help=text("kill"), metavar=seconds)
    add("--compare-src", type=Path, default=None, help=text("compare"), metavar=text("meta.dir"))
    add("--json", type=Path, default=None, help=text("json"), metavar=text("meta.file"))
    add("--lang", choices=("es", "en"), default=None, help=text("lang"), metavar="es|en")
    add("-h", "--help", action="help", help=text("help"))
    return made


def check(options: argparse.Namespace) -> None:
    """Refuse what cannot run, before any server starts.

    Raises:
        BenchError: Non-positive counts, a kill without a second process, a missing
            PostgreSQL or Redis.
    """
    if min(options.games) < 1 or min(options.workers) < 1 or options.seconds <= 0:
        raise BenchError(msg("bench.web.bad", detail="--games, --workers, --seconds > 0"))
    if min(options.think) < 0 or options.warmup < 0:
        raise BenchError(msg("bench.web.bad", detail="--think, --warmup >= 0"))
    if options.kill_one_worker_at is not None and max(options.workers) < 2:
        raise BenchError(msg("bench.web.kill_one"))
    if max(options.workers) > 1:
        if not (postgres_bin() / "initdb").is_file():
            raise BenchError(msg("bench.web.missing", what="PostgreSQL (initdb, pg_ctl)"))
        if shutil.which("redis-server") is None:
            raise BenchError(msg("bench.web.missing", what="redis-server"))


def row_line(row: dict[str, Any]) -> str:
    """One row of the printed table (see ``bench.web.header``)."""
    lat = row["latency_ms"]
    return (
        f"{row['games']:>7} {row['workers']:>7} {row['create_rooms_s']:>8} "
        f"{row['actions_per_s']:>10} {_fmt(lat['p50'])} {_fmt(lat['p99'])} {_fmt(lat['max'])} "
        f"{sum(row['errors'].values()):>7} {_fmt(row['server_cpu_s'])} "
        f"{_fmt(row['server_rss_mb'])} {_fmt(row['client_cpu_s'], 7)} "
        f"{row['loadavg_1min'][1]:>5}"
    )


def _fmt(value: float | None, width: int = 8) -> str:
    return f"{'-' if value is None else value:>{width}}"


def command(argv: list[str], lang: Lang) -> int:
    """``ludoteca bench web ARGS``: :func:`main`, bad input as one line on stderr (exit 2)."""
    try:
        return main(argv, lang)
    except BenchError as error:
        print("Error: " + " ".join(error.message.text(lang).split()), file=sys.stderr)
        return EXIT_BAD_INPUT


def main(argv: list[str], lang: Lang) -> int:
    """``ludoteca bench web``: run every row, print it as it ends, write the JSON.

    Raises:
        BenchError: Bad options, a missing part, or a row that could not run.
    """
    options = parser(lang).parse_args(argv)
    check(options)
    print(msg("bench.web.header").text(lang), flush=True)
    rows = []
    sources: list[Path | None] = [None]
    if options.compare_src is not None:
        sources = [options.compare_src, None]
    for think in options.think:
        for games in options.games:
            for workers in options.workers:
                level = Level(games, options.seconds, think, options.warmup, options.seed)
                if options.kill_one_worker_at is not None and workers > 1:
                    level = Level(**{**_fields(level), "kill_at": options.kill_one_worker_at})
                for source in sources:
                    try:
                        row = run(level, workers, source=source)
                    except (RuntimeError, OSError, subprocess.SubprocessError) as error:
                        detail = str(error).strip().splitlines()[0][:300] if str(error) else ""
                        raise BenchError(
                            msg("bench.web.failed", detail=detail or type(error).__name__)
                        ) from None
                    rows.append(row)
                    tag = f"  ({source})" if source is not None else ""
                    print(row_line(row) + tag, flush=True)
    report = {
        "date": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
        "command": "ludoteca bench web " + " ".join(argv),
        "cpus": os.cpu_count(),
        "python": sys.version.split()[0],
        "rows": rows,
    }
    if options.json is not None:
        options.json.parent.mkdir(parents=True, exist_ok=True)
        options.json.write_text(orjson.dumps(report, option=orjson.OPT_INDENT_2).decode() + "\n")
        print(msg("bench.web.written", path=options.json).text(lang))
    return 0


def _fields(level: Level) -> dict[str, Any]:
    return {name: getattr(level, name) for name in Level.__slots__}
