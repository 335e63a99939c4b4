"""The lab's plots, drawn with matplotlib (no pyplot, no display) as SVG text.

Each function returns one SVG document; :func:`inline` strips its XML prologue so it can
sit inside an HTML page. Text is drawn as paths, so a page needs no font and no network.
Every plot is deterministic for the same data (no date in the metadata, fixed ids).
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from matplotlib import rcParams
from matplotlib.figure import Figure

from ludoteca.engine.errors import GameSetupError
from ludoteca.engine.i18n import Lang, msg, register
from ludoteca.lab.labels import end_label
from ludoteca.lab.messages import measure_label
from ludoteca.lab.summary import SimulationSummary

if TYPE_CHECKING:
    from ludoteca.lab.questions import Ladder, Sweep

rcParams["svg.hashsalt"] = "ludoteca"
rcParams["svg.fonttype"] = "path"

BLUE = "#3465a4"
GREY = "#888a85"
RED = "#cc0000"


def _svg(figure: Figure) -> str:
    buffer = io.StringIO()
    figure.savefig(buffer, format="svg", bbox_inches="tight", metadata={"Date": None})
    return buffer.getvalue()


def inline(svg: str) -> str:
    """An SVG document without its XML prologue, doctype and RDF metadata, for an HTML
    page (the namespaces stay: they are names, nothing is fetched).
    """
    start = svg.find("<svg")
    body = svg[start:] if start >= 0 else svg
    head, found, tail = body.partition("<metadata>")
    return head + tail.partition("</metadata>")[2] if found else body


def _figure(width: float = 6.4, height: float = 3.4) -> Figure:
    return Figure(figsize=(width, height), layout="constrained")


def seat_shares(found: SimulationSummary, lang: Lang, labels: Sequence[str]) -> str:
    """Each seat's win share with its 95% interval, against an even share ``1/n``."""
    figure = _figure()
    axes = figure.add_subplot()
    values = [entry.value for entry in found.seat_wins]
    below = [entry.value - entry.low for entry in found.seat_wins]
    above = [entry.high - entry.value for entry in found.seat_wins]
    axes.bar(labels, values, yerr=[below, above], capsize=6, color=BLUE)
    even = 1 / len(values)
    axes.axhline(even, color=RED, linestyle="--", label=msg("lab.plot.even").text(lang))
    axes.set_ylabel(msg("lab.plot.win_share").text(lang))
    axes.set_ylim(0, max(1.0, *(entry.high for entry in found.seat_wins)) * 1.05)
    axes.legend(loc="upper right")
    return _svg(figure)


def histogram(values: Sequence[float], label: str) -> str:
    """A histogram of a per-game number (turns, margins)."""
    figure = _figure()
    axes = figure.add_subplot()
    low, high = (min(values), max(values)) if values else (0, 1)
    bins = max(1, min(40, int(high - low) + 1))
    axes.hist(values, bins=bins, color=BLUE, edgecolor="white")
    axes.set_xlabel(label)
    return _svg(figure)


def end_reasons(found: SimulationSummary, lang: Lang) -> str:
    """How the games ended, as shares with their intervals."""
    figure = _figure(6.4, 0.6 + 0.5 * max(1, len(found.end_reasons)))
    axes = figure.add_subplot()
    labels = [end_label(reason, lang) for reason, _ in found.end_reasons]
    values = [rate.value for _, rate in found.end_reasons]
    below = [rate.value - rate.low for _, rate in found.end_reasons]
    above = [rate.high - rate.value for _, rate in found.end_reasons]
    axes.barh(labels, values, xerr=[below, above], capsize=4, color=BLUE)
    axes.set_xlim(0, 1)
    axes.invert_yaxis()
    axes.set_xlabel(msg("lab.plot.share_of_games").text(lang))
    return _svg(figure)


def ladder_matrix(found: Ladder, lang: Lang) -> str:
    """The ladder's win-rate matrix as a heat map with its numbers."""
    size = len(found.agents)
    figure = _figure(1.6 + 1.1 * size, 1.0 + 0.8 * size)
    axes = figure.add_subplot()
    grid = [[found.rate(a, b) for b in found.agents] for a in found.agents]
    shown = [[math.nan if cell is None else cell for cell in row] for row in grid]
    image = axes.imshow(shown, cmap="RdBu", vmin=0, vmax=1)
    for i, row in enumerate(grid):
        for j, cell in enumerate(row):
            text = "-" if cell is None else f"{100 * cell:.0f}%"
            dark = cell is not None and abs(cell - 0.5) > 0.3
            axes.text(j, i, text, ha="center", va="center", color="white" if dark else "black")
    axes.set_xticks(range(size), list(found.agents))
    axes.set_yticks(range(size), list(found.agents))
    axes.set_xlabel(msg("lab.plot.against").text(lang))
    figure.colorbar(image, ax=axes, label=msg("lab.plot.win_share").text(lang))
    return _svg(figure)


def luck_and_skill(found: Ladder, lang: Lang) -> str:
    """For each pairing, how often the stronger agent wins, between a coin (50%) and
    always (100%).
    """
    rows = []
    for pairing in found.pairings:
        if pairing.share >= 0.5:
            rows.append((f"{pairing.a} > {pairing.b}", pairing.share, pairing.low, pairing.high))
        else:
            rows.append(
                (f"{pairing.b} > {pairing.a}", 1 - pairing.share, 1 - pairing.high, 1 - pairing.low)
            )
    rows.sort(key=lambda row: row[1])
    figure = _figure(6.4, 0.9 + 0.45 * max(1, len(rows)))
    axes = figure.add_subplot()
    axes.barh(
        [row[0] for row in rows],
        [row[1] for row in rows],
        xerr=[[row[1] - row[2] for row in rows], [row[3] - row[1] for row in rows]],
        capsize=4,
        color=BLUE,
    )
    axes.axvline(0.5, color=GREY, linestyle="--", label=msg("lab.plot.coin").text(lang))
    axes.axvline(1.0, color=RED, linestyle="--", label=msg("lab.plot.always").text(lang))
    axes.set_xlim(0, 1.05)
    axes.set_xlabel(msg("lab.plot.stronger_wins").text(lang))
    axes.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0))
    return _svg(figure)


def sweep_plot(found: Sweep, key: str, lang: Lang) -> str:
    """One measure across the swept values, with its 95% intervals."""
    figure = _figure()
    axes = figure.add_subplot()
    labels = [
        str(value).lower() if isinstance(value, bool) else str(value) for value in found.values
    ]
    points = [measures.get(key) for measures in found.measures]
    xs = [label for label, point in zip(labels, points, strict=True) if point is not None]
    present = [point for point in points if point is not None]
    axes.errorbar(
        xs,
        [p.mean for p in present],
        yerr=[[p.mean - p.low for p in present], [p.high - p.mean for p in present]],
        marker="o",
        capsize=5,
        color=BLUE,
    )
    game_id = found.runs[0].config.game_id
    axes.set_xlabel(found.option)
    axes.set_ylabel(measure_label(key, game_id, lang))
    return _svg(figure)


def write_sweep_plots(found: Sweep, folder: Path, lang: Lang) -> list[Path]:
    """One SVG per measure of a sweep in ``folder`` (created), named after the measure.

    Raises:
        GameSetupError: If the folder cannot be made or written.
    """
    written = []
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for key in found.measure_keys():
            path = folder / f"{found.option}-{key.replace('.', '_')}.svg"
            path.write_text(sweep_plot(found, key, lang), "utf-8")
            written.append(path)
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise GameSetupError(msg("lab.cannot_write", path=folder, reason=reason)) from None
    return written


register(
    {
        "lab.plot.even": {"es": "reparto igual (1/n)", "en": "even share (1/n)"},
        "lab.plot.win_share": {"es": "cuota de victorias", "en": "win share"},
        "lab.plot.share_of_games": {"es": "cuota de partidas", "en": "share of games"},
        "lab.plot.against": {"es": "contra", "en": "against"},
        "lab.plot.coin": {"es": "una moneda (50 %)", "en": "a coin (50%)"},
        "lab.plot.always": {"es": "siempre (100 %)", "en": "always (100%)"},
        "lab.plot.stronger_wins": {
            "es": "cuánto gana el agente más fuerte de cada pareja",
            "en": "how often the stronger agent of each pair wins",
        },
    }
)
