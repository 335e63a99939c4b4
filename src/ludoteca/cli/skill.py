"""``ludoteca skill`` (a game's skill profile) and ``ludoteca tune`` (fair variants).

The work is done in ``ludoteca.lab.skill`` and ``ludoteca.lab.tune``; this module reads the
options and prints, in the command's language. Bad input is one line and exit code 2,
before the first game.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from ludoteca.cli.errors import refused
from ludoteca.cli.lab import JsonOption, PlayersOption, SeedOption, WorkersOption
from ludoteca.cli.lang import help_text, meta
from ludoteca.cli.root import (
    OPTIONS_METAVAR,
    GameArgument,
    LangOption,
    OptionList,
    app,
    chosen_lang,
    stdout,
)
from ludoteca.engine import options as options_mod
from ludoteca.engine import registry
from ludoteca.engine.errors import GameSetupError
from ludoteca.engine.i18n import Lang, msg, register
from ludoteca.lab import skill as skill_mod
from ludoteca.lab import tune as tune_mod
from ludoteca.lab.summary import Share

register(
    {
        "cli.help.skill": {
            "es": "Cuánto decide la habilidad: el mejor agente contra el azar y contra el "
            "siguiente nivel, la parte de habilidad, la ventaja del primer asiento y el techo "
            "del agente que ve todo (si se midió), con intervalos de Wilson al 95%.",
            "en": "How much skill decides results: the best agent against random and against "
            "the next level, the skill share, the first seat's advantage and the ceiling of "
            "the agent that sees everything (where measured), with 95% Wilson intervals.",
        },
        "cli.help.skill_games": {
            "es": "Partidas por cada enfrentamiento (tres enfrentamientos).",
            "en": "Games per matchup (three matchups).",
        },
        "cli.help.skill_search": {
            "es": "Incluye el agente de búsqueda (ismcts) en la escalera (lento).",
            "en": "Put the search agent (ismcts) in the ladder too (slow).",
        },
        "cli.help.skill_oracle": {
            "es": "Mide también el techo: el agente de búsqueda que ve todas las cartas "
            "ocultas, N partidas contra greedy (lento: segundos por partida).",
            "en": "Also measure the ceiling: the search agent told every hidden card, N games "
            "against greedy (slow: seconds a game).",
        },
        "cli.help.tune": {
            "es": "Busca valores de las opciones hacia un objetivo de equilibrio (Optuna) y "
            "muestra las mejores variantes con intervalos y las semillas que las reproducen.",
            "en": "Search option values toward a balance target (Optuna) and show the best "
            "variants with intervals and the seeds that reproduce them.",
        },
        "cli.help.tune_target": {
            "es": "Objetivo: seats=equal, turns=A..B, skill=X, separados por comas.",
            "en": "Target: seats=equal, turns=A..B, skill=X, separated by commas.",
        },
        "cli.help.tune_trials": {
            "es": "Variantes que probar.",
            "en": "Variants to try.",
        },
        "cli.help.tune_space": {
            "es": "Valores de una opción que probar: NOMBRE=A,B,C o NOMBRE=A..B (repetible).",
            "en": "Values of an option to try: NAME=A,B,C or NAME=A..B (repeatable).",
        },
        "cli.help.tune_show": {
            "es": "Cuántas de las mejores variantes mostrar.",
            "en": "How many of the best variants to show.",
        },
        "cli.help.tune_agent": {
            "es": "El agente en todos los asientos (por defecto el mejor agente rápido).",
            "en": "The agent in every seat (default: the best fast agent).",
        },
        "cli.skill.title": {
            "es": "Perfil de habilidad de {game} ({players} jugadores, {games} partidas por "
            "enfrentamiento, semillas desde {seed}; escalera: {ladder})",
            "en": "Skill profile of {game} ({players} players, {games} games per matchup, "
            "seeds from {seed}; ladder: {ladder})",
        },
        "cli.skill.against": {
            "es": "{agent} contra {opponent}: {agent} {share}, {opponent} {other} por asiento",
            "en": "{agent} against {opponent}: {agent} {share}, {opponent} {other} per seat",
        },
        "cli.skill.share": {
            "es": "Parte de habilidad, 1 − (azar ÷ mejor): {value}",
            "en": "Skill share, 1 − (random ÷ best): {value}",
        },
        "cli.skill.first_seat": {
            "es": "Primer asiento con {agent} en todos: {share} (justo: {fair})",
            "en": "First seat with {agent} in every seat: {share} (fair: {fair})",
        },
        "cli.skill.oracle": {
            "es": "Techo (búsqueda que ve todas las cartas ocultas) contra {opponent}: {share} "
            "en {games} partidas, medido con: {command}",
            "en": "Ceiling (search told every hidden card) against {opponent}: {share} over "
            "{games} games, measured by: {command}",
        },
        "cli.tune.title": {
            "es": "Variantes de {game} más cercanas a {target} ({agent} en cada asiento, "
            "{games} partidas por variante, semillas {first}–{last}, {trials} intentos, "
            "muestreador TPE con semilla {seed})",
            "en": "Variants of {game} nearest {target} ({agent} in every seat, {games} games "
            "per variant, seeds {first}–{last}, {trials} trials, TPE sampler seeded {seed})",
        },
        "cli.tune.row": {
            "es": "{rank}. {options}: distancia {loss}; asientos {seats}; turnos {turns}{skill}",
            "en": "{rank}. {options}: distance {loss}; seats {seats}; turns {turns}{skill}",
        },
        "cli.tune.skill": {"es": "; habilidad {value}", "en": "; skill {value}"},
        "cli.tune.reproduce": {
            "es": "Reproducir la mejor: {command}",
            "en": "Reproduce the best: {command}",
        },
    }
)


def _pct(entry: Share) -> str:
    return f"{100 * entry.value:.1f}% ({100 * entry.low:.1f}–{100 * entry.high:.1f})"


@app.command(help=help_text("skill"), options_metavar=OPTIONS_METAVAR)
def skill(
    game: GameArgument,
    games: Annotated[
        int, typer.Option("--games", "-n", help=help_text("skill_games"), metavar="N")
    ] = 100,
    seed: SeedOption = 0,
    players: PlayersOption = None,
    search: Annotated[bool, typer.Option("--search", help=help_text("skill_search"))] = False,
    oracle: Annotated[bool, typer.Option("--oracle", help=help_text("skill_oracle"))] = False,
    workers: WorkersOption = 1,
    option: OptionList = None,
    json_out: JsonOption = None,
    lang: LangOption = None,
) -> None:
    """Print a game's skill profile."""
    chosen = chosen_lang(lang)
    with refused(chosen):
        profile = skill_mod.profile(
            game,
            games=games,
            seed=seed,
            players=players,
            options=options_mod.parse_pairs(option or []),
            search=search,
            oracle=oracle,
            workers=workers,
        )
        if json_out is not None:
            _write_json(json_out, profile.to_json())
    for line in profile_lines(profile, games, seed, chosen):
        stdout().print(line, markup=False)


def profile_lines(profile: skill_mod.SkillProfile, games: int, seed: int, lang: Lang) -> list[str]:
    """The profile as lines of text in ``lang``."""
    name = registry.make(profile.game_id).info.name(lang)
    lines = [
        msg(
            "cli.skill.title",
            game=name,
            players=profile.players,
            games=games,
            seed=seed,
            ladder=" < ".join(profile.ladder),
        ).text(lang)
    ]
    for matchup in (profile.against_random, profile.against_next):
        if matchup is not None:
            lines.append(
                msg(
                    "cli.skill.against",
                    agent=matchup.agent,
                    opponent=matchup.opponent,
                    share=_pct(matchup.agent_share),
                    other=_pct(matchup.opponent_share),
                ).text(lang)
            )
    lines.append(msg("cli.skill.share", value=f"{profile.skill:.2f}").text(lang))
    lines.append(
        msg(
            "cli.skill.first_seat",
            agent=profile.best,
            share=_pct(profile.first_seat),
            fair=f"{100 / profile.players:.1f}%",
        ).text(lang)
    )
    if profile.lead_changes is not None:
        seats = [profile.best] * profile.players
        lines.append(skill_mod.lead_text(profile.game_id, profile.lead_changes, seats, lang))
    oracle = profile.oracle
    if oracle is None:
        lines.append(skill_mod.no_oracle_text(profile.game_id, lang))
    else:
        share = f"{100 * oracle.share:.1f}% ({100 * oracle.low:.1f}–{100 * oracle.high:.1f})"
        lines.append(
            msg(
                "cli.skill.oracle",
                opponent=oracle.opponent,
                share=share,
                games=oracle.games,
                command=oracle.command,
            ).text(lang)
        )
    return lines


@app.command(help=help_text("tune"), options_metavar=OPTIONS_METAVAR)
def tune(
    game: GameArgument,
    target: Annotated[
        str, typer.Option("--target", help=help_text("tune_target"), metavar="TARGET")
    ] = "seats=equal",
    trials: Annotated[
        int, typer.Option("--trials", help=help_text("tune_trials"), metavar="N")
    ] = 20,
    games: Annotated[
        int, typer.Option("--games", "-n", help=help_text("sim_games"), metavar="N")
    ] = 60,
    seed: SeedOption = 0,
    players: PlayersOption = None,
    space: Annotated[
        list[str] | None,
        typer.Option("--space", help=help_text("tune_space"), metavar=meta("name_value")),
    ] = None,
    agent: Annotated[
        str | None, typer.Option("--agent", help=help_text("tune_agent"), metavar="AGENT")
    ] = None,
    show: Annotated[int, typer.Option("--show", help=help_text("tune_show"), metavar="N")] = 5,
    workers: WorkersOption = 1,
    json_out: JsonOption = None,
    lang: LangOption = None,
) -> None:
    """Search option values toward a balance target."""
    chosen = chosen_lang(lang)
    with refused(chosen):
        aim = tune_mod.parse_target(target)
        given = options_mod.parse_pairs(space or [])
        best_agent = agent or skill_mod.ladder_of(game)[-1]
        variants = tune_mod.tune(
            game,
            aim,
            trials=trials,
            games=games,
            seed=seed,
            players=players,
            space=given,
            agent=best_agent,
            workers=workers,
        )
        if json_out is not None:
            _write_json(json_out, [tune_mod.variant_json(v) for v in variants])
    out = stdout()
    name = registry.make(game).info.name(chosen)
    first, last = variants[0].seeds
    title = msg(
        "cli.tune.title",
        game=name,
        target=target,
        agent=best_agent,
        games=games,
        first=first,
        last=last,
        trials=trials,
        seed=seed,
    )
    out.print(title.text(chosen), markup=False)
    for rank, variant in enumerate(variants[: max(1, show)], start=1):
        options = " ".join(f"{k}={_text(v)}" for k, v in variant.options.items())
        seats = ", ".join(_pct(s) for s in variant.seat_shares)
        turns = "-" if variant.turns is None else f"{variant.turns:.1f}"
        extra = (
            ""
            if variant.skill is None
            else msg("cli.tune.skill", value=f"{variant.skill:.2f}").text(chosen)
        )
        row = msg(
            "cli.tune.row",
            rank=rank,
            options=options,
            loss=f"{variant.loss:.3f}",
            seats=seats,
            turns=turns,
            skill=extra,
        )
        out.print(row.text(chosen), markup=False)
    best = variants[0]
    command = (
        f"ludoteca simulate {game} -n {games} --seed {first} --fixed-seats "
        f"--agents {best_agent} --players {len(best.seat_shares)} "
        + " ".join(f"-o {k}={_text(v)}" for k, v in best.options.items())
    )
    out.print(msg("cli.tune.reproduce", command=command).text(chosen), markup=False)


def _text(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def _write_json(path: Path, data: object) -> None:
    try:
        path.write_text(json.dumps(data, indent=1), "utf-8")
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise GameSetupError(msg("lab.cannot_write", path=path, reason=reason)) from None
