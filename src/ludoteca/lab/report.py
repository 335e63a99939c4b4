"""``ludoteca report GAME``: a design report as one self-contained HTML page.

Two studies, both plain simulations on known seeds: the *seat study* (``games`` games with
the same agent in every seat by default, seeds ``seed`` to ``seed + games - 1``: seat
advantage, game length, endings, score margins, the game's own counts) and the *ladder*
(:func:`ludoteca.lab.questions.ladder` from seed ``seed + games``: the win-rate matrix and
how often the stronger agent wins, between a coin and always). The page embeds its plots
as inline SVG (text drawn as paths) and its style; it loads nothing from anywhere. Its last
section gives the commands that reproduce every figure.
"""

from __future__ import annotations

import html
import shlex
import statistics
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from ludoteca import __version__
from ludoteca.agents.registry import make_agent
from ludoteca.engine import registry
from ludoteca.engine.errors import GameSetupError
from ludoteca.engine.i18n import Lang, msg, register
from ludoteca.lab import plots, questions
from ludoteca.lab import simulate as simulate_mod
from ludoteca.lab.default_agents import strongest_fast_agent
from ludoteca.lab.labels import count_label, end_label, seat_words
from ludoteca.lab.labels import games as games_text
from ludoteca.lab.simulate import SimulationConfig
from ludoteca.lab.skill_report import skill_html


@dataclass(frozen=True, slots=True)
class Plan:
    """What the report plays.

    Attributes:
        game_id: The game.
        games: Games of the seat study.
        agents: One agent per seat in the seat study (rotated).
        seed: Seed of the seat study's first game; the ladder starts at ``seed + games``.
        options: Game options (both studies).
        ladder_agents: The ladder's agents.
        ladder_games: Games per pair of the ladder.
        workers: Processes (or Ray CPUs).
        backend: ``local`` or ``ray``.
        ray_address: The Ray cluster, if any.
        out: The page's file, as given (for the reproduce block).
    """

    game_id: str
    games: int
    agents: tuple[str, ...]
    seed: int = 0
    options: Mapping[str, str] = field(default_factory=dict)
    ladder_agents: tuple[str, ...] = ()
    ladder_games: int = 40
    workers: int = 1
    backend: str = "local"
    ray_address: str | None = None
    out: str = "report.html"

    def seat_config(self) -> SimulationConfig:
        """The seat study's simulation."""
        return SimulationConfig(
            self.game_id,
            self.games,
            self.agents,
            seed=self.seed,
            options=dict(self.options),
            workers=self.workers,
            backend=self.backend,
            ray_address=self.ray_address,
        )


def default_agent(game_id: str) -> str:
    """The seat study's agent: the game's strongest fast agent, as every lab command."""
    return strongest_fast_agent(game_id)


def check(plan: Plan) -> None:
    """Refuse a bad plan before any game (agents, options, counts of both studies).

    Raises:
        GameSetupError: With the reason.
    """
    simulate_mod.validate(plan.seat_config())
    if len(set(plan.ladder_agents)) < 2:
        raise GameSetupError(msg("lab.ladder_needs_two"))
    if plan.ladder_games < 1:
        raise GameSetupError(msg("lab.bad_games", value=plan.ladder_games))
    for name in plan.ladder_agents:
        make_agent(name, plan.game_id)


def build(plan: Plan, lang: Lang, on_progress: Callable[[int], None] | None = None) -> str:
    """Play both studies and return the page."""
    seats = questions.play(plan.seat_config(), on_progress)
    ladder = questions.ladder(
        plan.game_id,
        plan.ladder_agents,
        games=plan.ladder_games,
        players=len(plan.agents) if len(plan.agents) != 2 else None,
        seed=plan.seed + plan.games,
        options=plan.options,
        workers=plan.workers,
        backend=plan.backend,
        ray_address=plan.ray_address,
        on_progress=on_progress,
    )
    return render(plan, seats, ladder, lang)


def write(page: str, path: Path) -> None:
    """Write the page.

    Raises:
        GameSetupError: If it cannot be written.
    """
    try:
        path.write_text(page, "utf-8")
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise GameSetupError(msg("lab.cannot_write", path=path, reason=reason)) from None


def _t(key: str, lang: Lang, **params: object) -> str:
    return html.escape(msg(f"lab.report.{key}", **params).text(lang))


def _pct(value: float) -> str:
    return f"{100 * value:.1f}%"


def render(plan: Plan, seats: questions.Run, ladder: questions.Ladder, lang: Lang) -> str:
    """The page for studies already played."""
    game = registry.make(plan.game_id)
    name = game.info.name(lang)
    summary = seats.summary
    labels = [seat_words(plan.game_id, s, lang) for s in range(len(plan.agents))]
    options = ", ".join(f"{k}={_value(v)}" for k, v in summary.options) or "-"
    last = plan.seed + plan.games - 1
    parts = [
        f"<h1>{_t('title', lang, game=name)}</h1>",
        "<p class='meta'>"
        + _t(
            "meta",
            lang,
            count=games_text(summary.games),
            agents=", ".join(plan.agents),
            options=options,
            first=plan.seed,
            last=last,
            version=__version__,
        )
        + "</p>",
    ]
    # Seat advantage
    rows = "".join(
        f"<tr><td>{html.escape(labels[s])}</td><td>{_pct(e.value)}</td>"
        f"<td>{_pct(e.low)} – {_pct(e.high)}</td><td>{e.shared}</td></tr>"
        for s, e in enumerate(summary.seat_wins)
    )
    others = summary.draws + summary.unfinished
    share = _pct(others / summary.games)
    rows += f"<tr><td>{_t('no_winner', lang)}</td><td>{share}</td><td></td><td></td></tr>"
    parts.append(
        _section(
            "seats",
            _t("seats", lang),
            _t("seats_text", lang, n=len(plan.agents), even=_pct(1 / len(plan.agents))),
            plots.inline(plots.seat_shares(summary, lang, labels))
            + _table(lang, ("col_seat", "col_share", "col_ci", "col_ties"), rows),
        )
    )
    # Game length
    finished = seats.rows[seats.rows["finished"].astype(bool)]
    turns = [float(t) for t in finished["turns"]]
    if summary.turns is not None:
        text = _t(
            "length_text",
            lang,
            mean=f"{summary.turns.mean:.1f}",
            median=f"{summary.turns.median:g}",
            p90=f"{summary.turns.p90:g}",
            low=f"{summary.turns.minimum:g}",
            high=f"{summary.turns.maximum:g}",
        )
        figure = plots.inline(plots.histogram(turns, msg("lab.report.turns").text(lang)))
    else:
        text, figure = _t("no_finished", lang), ""
    parts.append(_section("length", _t("length", lang), text, figure))
    # Endings
    rows = "".join(
        f"<tr><td>{html.escape(end_label(reason, lang))}</td><td>{_pct(rate.value)}</td>"
        f"<td>{_pct(rate.low)} – {_pct(rate.high)}</td><td>{rate.successes}</td></tr>"
        for reason, rate in summary.end_reasons
    )
    parts.append(
        _section(
            "endings",
            _t("endings", lang),
            _t("endings_text", lang),
            plots.inline(plots.end_reasons(summary, lang))
            + _table(lang, ("col_end", "col_share", "col_ci", "col_games"), rows),
        )
    )
    # Margins
    if summary.margins is not None:
        margins = [float(m) for m in finished["margin"].dropna()]
        text = _t(
            "margins_text",
            lang,
            mean=f"{summary.margins.mean:.1f}",
            median=f"{summary.margins.median:g}",
            close=_pct(sum(1 for m in margins if m <= 1) / len(margins)),
        )
        figure = plots.inline(plots.histogram(margins, msg("lab.report.margin").text(lang)))
    else:
        text, figure = _t("no_margins", lang), ""
    parts.append(_section("margins", _t("margins", lang), text, figure))
    # The game's own counts
    if summary.counts:
        rows = "".join(
            f"<tr><td>{html.escape(count_label(plan.game_id, key, lang))}</td>"
            f"<td>{total}</td><td>{total / summary.games:.2f}</td></tr>"
            for key, total in summary.counts
        )
        rows += "".join(
            f"<tr><td>{html.escape(count_label(plan.game_id, hits, lang))} / "
            f"{html.escape(count_label(plan.game_id, of, lang))}</td>"
            f"<td>{_pct(rate.value)}</td><td>{_pct(rate.low)} – {_pct(rate.high)}</td></tr>"
            for hits, of, rate in summary.rates
        )
        parts.append(
            _section(
                "counts",
                _t("counts", lang),
                "",
                _table(lang, ("col_count", "col_total", "col_mean"), rows),
            )
        )
    # Ladder and luck versus skill
    pairs = "".join(
        "<li>"
        + _t(
            "pairing",
            lang,
            a=p.a,
            b=p.b,
            share=_pct(p.share),
            low=_pct(p.low),
            high=_pct(p.high),
            count=games_text(p.games),
            first=p.seeds[0],
            last=p.seeds[1],
        )
        + "</li>"
        for p in ladder.pairings
    )
    parts.append(
        _section(
            "ladder",
            _t("ladder", lang),
            _t("ladder_text", lang, players=ladder.players),
            plots.inline(plots.ladder_matrix(ladder, lang)) + f"<ul>{pairs}</ul>",
        )
    )
    strongest = [max(p.share, 1 - p.share) for p in ladder.pairings]
    index = statistics.fmean((s - 0.5) / 0.5 for s in strongest) if strongest else 0.0
    parts.append(
        _section(
            "luck",
            _t("luck", lang),
            _t("luck_text", lang, index=_pct(index)),
            plots.inline(plots.luck_and_skill(ladder, lang))
            + skill_html(ladder, summary.seat_wins[0], plan.agents, lang, summary.lead_changes),
        )
    )
    listing = "<pre>" + html.escape(commands(plan, ladder, lang)) + "</pre>"
    parts.append(_section("reproduce", _t("reproduce", lang), _t("reproduce_text", lang), listing))
    nav = "".join(
        f"<a href='#{key}'>{_t(key, lang)}</a>"
        for key in ("seats", "length", "endings", "margins", "ladder", "luck", "reproduce")
    )
    body = parts[0] + parts[1] + f"<nav>{nav}</nav>" + "".join(parts[2:])
    return (
        f"<!doctype html>\n<html lang='{lang}'><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width, initial-scale=1'>"
        f"<title>{_t('title', lang, game=name)}</title><style>{STYLE}</style></head>"
        f"<body><main>{body}</main></body></html>\n"
    )


def commands(plan: Plan, ladder: questions.Ladder, lang: Lang) -> str:
    """The commands that reproduce the report and each of its studies."""
    options = "".join(f" -o {k}={v}" for k, v in plan.options.items())
    agents = ",".join(plan.agents)
    ladder_agents = ",".join(plan.ladder_agents)
    players = f" --players {ladder.players}" if ladder.players != 2 else ""
    return "\n".join(
        [
            f"ludoteca report {plan.game_id} --out {shlex.quote(plan.out)} -n {plan.games}"
            f" --agents {agents}"
            f" --ladder-agents {ladder_agents} --ladder-games {plan.ladder_games}"
            f" --seed {plan.seed}{options} --lang {lang}",
            f"ludoteca simulate {plan.game_id} -n {plan.games} --agents {agents}"
            f" --seed {plan.seed}{options} --csv seats.csv --json seats.json",
            f"ludoteca ladder {plan.game_id} --agents {ladder_agents} -n {plan.ladder_games}"
            f" --seed {plan.seed + plan.games}{players}{options} --json ladder.json",
        ]
    )


def _value(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def _section(key: str, title: str, text: str, content: str) -> str:
    paragraph = f"<p>{text}</p>" if text else ""
    return f"<section id='{key}'><h2>{title}</h2>{paragraph}{content}</section>"


def _table(lang: Lang, columns: tuple[str, ...], rows: str) -> str:
    head = "".join(f"<th>{_t(key, lang)}</th>" for key in columns)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>"


STYLE = """
body{font-family:system-ui,sans-serif;margin:0;background:#fafafa;color:#222}
main{max-width:900px;margin:0 auto;padding:1rem 1.5rem}
h1{margin-bottom:.2rem}.meta{color:#555}
nav{display:flex;flex-wrap:wrap;gap:.8rem;margin:.6rem 0 1rem}nav a{color:#3465a4}
section{background:#fff;border:1px solid #ddd;border-radius:6px;padding:.4rem 1rem 1rem;
margin-bottom:1rem}
svg{max-width:100%;height:auto}
table{border-collapse:collapse;margin-top:.5rem}td,th{border-bottom:1px solid #ddd;
padding:.2rem .6rem;text-align:right}td:first-child,th:first-child{text-align:left}
pre{white-space:pre-wrap;background:#f3f3f3;padding:.6rem;border-radius:4px}
"""

register(
    {
        "lab.report.title": {"es": "Informe de diseño: {game}", "en": "Design report: {game}"},
        "lab.report.meta": {
            "es": "{count} con {agents} (asientos rotados) · opciones: {options} · "
            "semillas {first}-{last} · Ludoteca {version}",
            "en": "{count} with {agents} (seats rotated) · options: {options} · seeds "
            "{first}-{last} · Ludoteca {version}",
        },
        "lab.report.seats": {"es": "Ventaja por asiento", "en": "Seat advantage"},
        "lab.report.seats_text": {
            "es": "Cuota de victorias de cada asiento con su intervalo del 95 % (Wilson); una "
            "victoria compartida por k jugadores cuenta 1/k a cada uno. Con {n} asientos "
            "iguales, cada uno ganaría {even}.",
            "en": "Each seat's win share with its 95% interval (Wilson); a win shared by k "
            "players counts 1/k to each. With {n} equal seats each would win {even}.",
        },
        "lab.report.no_winner": {"es": "sin ganador", "en": "no winner"},
        "lab.report.col_seat": {"es": "Asiento", "en": "Seat"},
        "lab.report.col_share": {"es": "Cuota", "en": "Share"},
        "lab.report.col_ci": {"es": "IC 95 %", "en": "95% CI"},
        "lab.report.col_ties": {"es": "Empates", "en": "Ties"},
        "lab.report.col_end": {"es": "Final", "en": "Ending"},
        "lab.report.col_games": {"es": "Partidas", "en": "Games"},
        "lab.report.col_count": {"es": "Cifra", "en": "Figure"},
        "lab.report.col_total": {"es": "Total", "en": "Total"},
        "lab.report.col_mean": {"es": "Por partida", "en": "Per game"},
        "lab.report.length": {"es": "Duración", "en": "Game length"},
        "lab.report.length_text": {
            "es": "Turnos por partida (como los cuenta el reglamento): media {mean}, mediana "
            "{median}, percentil 90 {p90}, de {low} a {high}.",
            "en": "Turns per game (as the rulebook counts them): mean {mean}, median "
            "{median}, 90th percentile {p90}, from {low} to {high}.",
        },
        "lab.report.turns": {"es": "turnos", "en": "turns"},
        "lab.report.no_finished": {
            "es": "Ninguna partida terminó.",
            "en": "No game finished.",
        },
        "lab.report.endings": {"es": "Cómo acaban", "en": "How games end"},
        "lab.report.endings_text": {
            "es": "Cuota de partidas por motivo del final, con su intervalo del 95 %.",
            "en": "Share of games by the reason they ended, with its 95% interval.",
        },
        "lab.report.margins": {"es": "Márgenes de puntos", "en": "Score margins"},
        "lab.report.margins_text": {
            "es": "Puntos del primero menos los del segundo: media {mean}, mediana {median}; "
            "{close} de las partidas se decidieron por 1 punto o menos.",
            "en": "First's score minus second's: mean {mean}, median {median}; {close} of "
            "the games were decided by 1 point or less.",
        },
        "lab.report.margin": {"es": "margen (1.º − 2.º)", "en": "margin (1st − 2nd)"},
        "lab.report.no_margins": {
            "es": "En este juego solo se gana o se pierde: no hay puntos que comparar.",
            "en": "This game is won or lost, with no points to compare.",
        },
        "lab.report.counts": {"es": "Cifras del juego", "en": "The game's own figures"},
        "lab.report.ladder": {"es": "Escalera de agentes", "en": "Agent ladder"},
        "lab.report.ladder_text": {
            "es": "Fila contra columna: cuota de las victorias entre ambos, por asiento "
            "ocupado, con asientos rotados y equilibrados ({players} asientos).",
            "en": "Row against column: share of the wins between them, per seat held, with "
            "seats rotated and balanced ({players} seats).",
        },
        "lab.report.pairing": {
            "es": "{a} contra {b}: {share} (IC 95 %: {low} – {high}), {count}, "
            "semillas {first}-{last}",
            "en": "{a} against {b}: {share} (95% CI: {low} – {high}), {count}, seeds "
            "{first}-{last}",
        },
        "lab.report.luck": {"es": "Suerte frente a habilidad", "en": "Luck versus skill"},
        "lab.report.luck_text": {
            "es": "Cuánto gana el agente más fuerte de cada pareja: una moneda daría 50 %, un "
            "juego de pura habilidad el 100 %. Índice de habilidad (0 % moneda, 100 % siempre), "
            "media de las parejas: {index}.",
            "en": "How often the stronger agent of each pair wins: a coin would give 50%, a "
            "game of pure skill 100%. Skill index (0% a coin, 100% always), mean over the "
            "pairs: {index}.",
        },
        "lab.report.reproduce": {"es": "Cómo reproducirlo", "en": "How to reproduce it"},
        "lab.report.reproduce_text": {
            "es": "Las mismas órdenes con las mismas semillas dan las mismas cifras, con "
            "cualquier número de procesos y con --backend ray.",
            "en": "The same commands with the same seeds give the same figures, with any "
            "number of processes and with --backend ray.",
        },
    }
)
