"""``ludoteca bench`` output: the Rich table, the target verdicts, run_cli and its messages."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from rich.console import Console
from rich.table import Table

from ludoteca.engine.errors import GameSetupError
from ludoteca.engine.i18n import Lang, Message, msg, register
from ludoteca.lab import bench as _bench
from ludoteca.lab.bench.constants import (
    DEFAULT_REPETITIONS,
    FASTPATH_TARGET,
    GAME_TARGET_RATIOS,
    KUHN,
    REFERENCE,
    RUNNER_LIMIT,
    TARGET_RATIO,
    WARMUP_FRACTION,
)
from ludoteca.lab.bench.measure import run
from ludoteca.lab.bench.results import BenchReport, Machine


def render(report: BenchReport, lang: Lang = "en") -> Table:
    """The report as a Rich table, headers in ``lang``."""

    def text(key: str, **params: object) -> str:
        return msg(f"bench.{key}", **params).text(lang)

    table = Table(
        title=text("title"),
        caption=text(
            "caption",
            seconds=report.seconds,
            reps=report.repetitions,
            warmup=report.seconds * WARMUP_FRACTION,
        ),
    )
    table.add_column(text("col.row"))
    table.add_column(text("col.kind"))
    for key in ("steps_s", "games_s", "us_step", "steps_game", "spread", "x_ref", "x_kuhn"):
        table.add_column(text(f"col.{key}"), justify="right")
    for result in report.results:
        to_ref = report.ratio(result, REFERENCE, "reference")
        to_kuhn = report.ratio(result, KUHN, "openspiel")
        table.add_row(
            result.name,
            text(f"kind.{result.kind}"),
            f"{result.steps_per_s:,.0f}",
            f"{result.games_per_s:,.0f}"
            if result.games_per_s >= 10
            else f"{result.games_per_s:.2f}",
            f"{result.us_per_step:.2f}",
            f"{result.steps_per_game:.1f}",
            f"{100 * result.spread:.0f}%",
            _times(to_ref),
            _times(to_kuhn),
        )
    return table


def verdicts(report: BenchReport, lang: Lang = "en") -> list[str]:
    """One line per target: each game's playout (≥ 2× ``python_kuhn_poker`` steps/s, or the
    game's own target in ``GAME_TARGET_RATIOS``), its
    ``runner.play`` (≤ 1.5× the playout's µs/step) and its fast path (≥ 4× the playout).
    All are paired ratios (median over rounds).
    """
    lines = []
    for result in report.results:
        if result.kind == "playout":
            ratio = report.ratio(result, KUHN, "openspiel")
            if ratio is None:
                lines.append(msg("bench.target_unknown", game=result.name).text(lang))
            else:
                target = GAME_TARGET_RATIOS.get(result.name, TARGET_RATIO)
                met = ratio >= target
                lines.append(_verdict("kuhn", met, result.name, ratio, target, lang))
        elif result.kind in ("runner", "fastpath"):
            speedup = report.ratio(result, result.name, "playout")
            if speedup is None or speedup <= 0:
                continue
            if result.kind == "runner":
                slowdown = 1 / speedup
                met = slowdown <= RUNNER_LIMIT
                lines.append(_verdict("runner", met, result.name, slowdown, RUNNER_LIMIT, lang))
            else:
                met = speedup >= FASTPATH_TARGET
                lines.append(_verdict("fastpath", met, result.name, speedup, FASTPATH_TARGET, lang))
    return lines


def _verdict(key: str, met: bool, game: str, ratio: float, target: float, lang: Lang) -> str:
    status = msg("bench.met" if met else "bench.missed").text(lang)
    return msg(
        f"bench.target_{key}", game=game, ratio=f"{ratio:.2f}", target=f"{target:g}", status=status
    ).text(lang)


def run_cli(
    game_ids: list[str] | None,
    seconds: float,
    openspiel: bool,
    json_out: Path | None,
    lang: str,
    *,
    repetitions: int = DEFAULT_REPETITIONS,
) -> int:
    """Run the benchmarks, print Rich tables and optionally write JSON (``ludoteca bench``).

    Args:
        game_ids: Games to measure (``None`` or empty: every registered game).
        seconds: Length of one repetition (the median of ``repetitions`` is reported).
        openspiel: Also measure OpenSpiel's ``python_kuhn_poker`` and ``leduc_poker``.
        json_out: Write the full report (every repetition) to this file.
        lang: ``"es"`` or ``"en"`` for the tables and messages.
        repetitions: Timed repetitions per row.

    Returns:
        0 on success; 2 (after a one-line error on stderr) if ``openspiel`` is set but
        open_spiel is not installed, a game id is unknown, ``seconds`` is not positive or
        the JSON file cannot be written.
    """
    language: Lang = "es" if lang == "es" else "en"
    # Looked up on the package, so ``monkeypatch.setattr(bench, "openspiel_available", ...)``
    # still reaches it as it did when ``bench`` was one module.
    if openspiel and not _bench.openspiel_available():
        return _error(msg("bench.no_openspiel"), language)
    if seconds <= 0 or repetitions < 1:
        return _error(msg("bench.bad_seconds", seconds=seconds), language)
    if json_out is not None and not json_out.parent.is_dir():
        return _error(msg("bench.cannot_write", path=str(json_out)), language)
    console = Console()
    if not console.is_terminal:
        console = Console(width=132)
    try:
        with console.status(msg("bench.running").text(language)) as status:
            report = run(
                game_ids or None,
                seconds,
                openspiel,
                repetitions=repetitions,
                progress=lambda label: status.update(
                    msg("bench.measuring", row=label).text(language)
                ),
            )
    except GameSetupError as error:
        return _error(error.message, language)
    machine = report.machine
    console.print(
        msg(
            "bench.machine",
            date=machine.date,
            python=machine.python,
            cpu=machine.cpu,
            cpus=machine.cpus,
            spiel=machine.open_spiel or "-",
        ).text(language),
        markup=False,
        highlight=False,
    )
    console.print(_engine_line(machine).text(language), markup=False, highlight=False)
    console.print(render(report, language))
    for line in verdicts(report, language):
        console.print(line, markup=False, highlight=False)
    if json_out is not None:
        try:
            json_out.write_text(json.dumps(report.to_json(), indent=2) + "\n", encoding="utf-8")
        except OSError:
            return _error(msg("bench.cannot_write", path=str(json_out)), language)
        console.print(msg("bench.wrote", path=str(json_out)).text(language), markup=False)
    return 0


def _engine_line(machine: Machine) -> Message:
    """Whether the rows ran the mypyc-compiled engine, as built by the install."""
    if not machine.compiled:
        return msg("bench.engine_pure")
    if machine.compiled < machine.compilable:
        return msg("bench.engine_partly", n=machine.compiled, total=machine.compilable)
    return msg("bench.engine_compiled", n=machine.compiled)


def _error(message: Message, lang: Lang) -> int:
    """Print ``message`` as one line on stderr (as the CLI does) and return exit code 2."""
    print("Error: " + " ".join(message.text(lang).split()), file=sys.stderr)
    return 2


def _times(ratio: float | None) -> str:
    return "-" if ratio is None else f"{ratio:.2f}×"


register(
    {
        "bench.title": {
            "es": "Rendimiento: partidas aleatorias",
            "en": "Speed: random playouts",
        },
        "bench.caption": {
            "es": (
                "mediana de {reps} repeticiones de {seconds} s de CPU, tras {warmup} s de "
                "calentamiento; dispersión = (máx − mín) / mediana"
            ),
            "en": (
                "median of {reps} repetitions of {seconds} s of CPU time after a {warmup} s "
                "warm-up; spread = (max − min) / median"
            ),
        },
        "bench.col.row": {"es": "carga", "en": "workload"},
        "bench.col.kind": {"es": "tipo", "en": "kind"},
        "bench.col.steps_s": {"es": "pasos/s", "en": "steps/s"},
        "bench.col.games_s": {"es": "partidas/s", "en": "games/s"},
        "bench.col.us_step": {"es": "µs/paso", "en": "µs/step"},
        "bench.col.steps_game": {"es": "pasos/partida", "en": "steps/game"},
        "bench.col.spread": {"es": "dispersión", "en": "spread"},
        "bench.col.x_ref": {"es": "× referencia", "en": "× reference"},
        "bench.col.x_kuhn": {"es": "× python_kuhn_poker", "en": "× python_kuhn_poker"},
        "bench.kind.playout": {
            "es": "bucle aleatorio",
            "en": "random loop",
        },
        "bench.kind.runner": {
            "es": "runner.play (vistas, legalidad)",
            "en": "runner.play (views, legality)",
        },
        "bench.kind.reference": {
            "es": "referencia Python fija",
            "en": "fixed Python reference",
        },
        "bench.kind.openspiel": {
            "es": "OpenSpiel, bucle Python",
            "en": "OpenSpiel, Python loop",
        },
        "bench.target_kuhn": {
            "es": "{game}: {ratio}× los pasos/s de python_kuhn_poker "
            "(objetivo ≥ {target}×): {status}",
            "en": "{game}: {ratio}× python_kuhn_poker's steps/s (target ≥ {target}×): {status}",
        },
        "bench.target_runner": {
            "es": "{game}: runner.play a {ratio}× los µs/paso del bucle aleatorio "
            "(objetivo ≤ {target}×): {status}",
            "en": "{game}: runner.play at {ratio}× the random loop's µs/step "
            "(target ≤ {target}×): {status}",
        },
        "bench.target_fastpath": {
            "es": "{game}: vía rápida {ratio}× los pasos/s del bucle aleatorio "
            "(objetivo ≥ {target}×): {status}",
            "en": "{game}: fast path {ratio}× the random loop's steps/s "
            "(target ≥ {target}×): {status}",
        },
        "bench.met": {"es": "cumplido", "en": "met"},
        "bench.missed": {"es": "NO cumplido", "en": "NOT met"},
        "bench.kind.fastpath": {
            "es": "vía rápida (playout)",
            "en": "fast path (playout)",
        },
        "bench.target_unknown": {
            "es": "{game}: sin comparación con python_kuhn_poker (use --openspiel)",
            "en": "{game}: no comparison with python_kuhn_poker (use --openspiel)",
        },
        "bench.machine": {
            "es": "{date} · {python} · {cpu} · {cpus} CPU · open-spiel {spiel}",
            "en": "{date} · {python} · {cpu} · {cpus} CPUs · open-spiel {spiel}",
        },
        "bench.engine_compiled": {
            "es": "Motor compilado con mypyc ({n} módulos)",
            "en": "Engine compiled with mypyc ({n} modules)",
        },
        "bench.engine_partly": {
            "es": "Motor compilado solo en parte: {n} de {total} módulos (reinstala el paquete)",
            "en": "Engine only partly compiled: {n} of {total} modules (reinstall the package)",
        },
        "bench.engine_pure": {
            "es": "Motor en Python puro (sin compilar: LUDOTECA_PURE=1 o sin el build de mypyc)",
            "en": "Engine in pure Python (not compiled: LUDOTECA_PURE=1 or no mypyc build)",
        },
        "bench.running": {"es": "Midiendo…", "en": "Measuring…"},
        "bench.measuring": {"es": "Midiendo {row}…", "en": "Measuring {row}…"},
        "bench.wrote": {"es": "JSON escrito en {path}", "en": "JSON written to {path}"},
        "bench.cannot_write": {
            "es": "No se puede escribir {path}",
            "en": "Cannot write {path}",
        },
        "bench.no_openspiel": {
            "es": "OpenSpiel no está instalado: instálalo con pip install -e '.[bench]'",
            "en": "OpenSpiel is not installed: install with pip install -e '.[bench]'",
        },
        "bench.bad_seconds": {
            "es": "Los segundos y las repeticiones deben ser positivos (segundos: {seconds})",
            "en": "Seconds and repetitions must be positive (seconds: {seconds})",
        },
    }
)
