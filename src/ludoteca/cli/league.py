"""``ludoteca league GAME``: self-play with MaskablePPO against past selves and the bots.

The work is done in ``ludoteca.league``; this module reads the options, checks them (and
that the ``train`` extra is installed) before anything is trained, and prints the ratings
table in the command's language. Options left out take the saved league's values when
``--out`` holds one (so ``--generations`` alone extends a league), else the defaults.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Annotated, Any

import typer

from ludoteca.cli.errors import fail, refused
from ludoteca.cli.lab import EXIT_INTERRUPTED
from ludoteca.cli.lang import help_text, meta
from ludoteca.cli.root import (
    OPTIONS_METAVAR,
    GameArgument,
    LangOption,
    OptionList,
    app,
    chosen_lang,
    stderr,
    stdout,
)
from ludoteca.engine import options as options_mod
from ludoteca.engine.i18n import Lang, Message, msg, register
from ludoteca.league import config as config_mod
from ludoteca.league import messages, store
from ludoteca.league.store import League

EXTRA_MODULES = ("torch", "sb3_contrib", "openskill")
"""What ``pip install 'ludoteca[train]'`` brings that ``ludoteca league`` imports."""

register(
    {
        "cli.help.league": {
            "es": "Autojuego con MaskablePPO contra un grupo de versiones pasadas y los bots "
            "del proyecto, con puntuaciones OpenSkill por generación (necesita el extra train "
            "del paquete). Se reanuda desde su carpeta.",
            "en": "Self-play with MaskablePPO against a pool of past selves and the project's "
            "bots, with OpenSkill ratings per generation (needs the package's train extra). "
            "Resumes from its folder.",
        },
        "cli.help.league_generations": {
            "es": "Generaciones entrenadas en total (además de la 0, la red sin entrenar).",
            "en": "Trained generations in all (besides 0, the untrained network).",
        },
        "cli.help.league_steps": {
            "es": f"Pasos de entrenamiento por generación (por defecto "
            f"{config_mod.DEFAULT_STEPS}, al menos {config_mod.MIN_STEPS}).",
            "en": f"Training steps a generation (default {config_mod.DEFAULT_STEPS}, at least "
            f"{config_mod.MIN_STEPS}).",
        },
        "cli.help.league_games": {
            "es": f"Partidas de clasificación por mesa (por defecto {config_mod.DEFAULT_GAMES}).",
            "en": f"Rating games a table (default {config_mod.DEFAULT_GAMES}).",
        },
        "cli.help.league_pool": {
            "es": f"Generaciones pasadas en el grupo de rivales, junto a los bots (por defecto "
            f"{config_mod.DEFAULT_POOL}).",
            "en": f"Past generations in the pool of opponents, beside the bots (default "
            f"{config_mod.DEFAULT_POOL}).",
        },
        "cli.help.league_seed": {
            "es": "Semilla de todo el entrenamiento y las partidas (por defecto 0).",
            "en": "Seed of all the training and games (default 0).",
        },
        "cli.help.league_out": {
            "es": "Carpeta de la liga (puntos de control, league.json, ratings.csv); por "
            "defecto league-JUEGO.",
            "en": "The league's folder (checkpoints, league.json, ratings.csv); default "
            "league-GAME.",
        },
        "cli.help.league_bots": {
            "es": "Los bots del proyecto en el grupo, separados por comas (por defecto "
            "random,greedy,expert).",
            "en": "The project's bots in the pool, separated by commas (default "
            "random,greedy,expert).",
        },
        "cli.meta.folder": {"es": "CARPETA", "en": "FOLDER"},
        "cli.help.league_players": {
            "es": "Jugadores por mesa (por defecto el mínimo del juego).",
            "en": "Players at a table (default: the game's fewest).",
        },
    }
)


def _option(saved: dict[str, Any] | None, key: str, given: Any, default: Any) -> Any:
    if given is not None:
        return given
    if saved is not None and key in saved:
        return saved[key]
    return default


def _check_extra(lang: Lang) -> None:
    # Found, not imported: PyTorch takes seconds to import, and is imported only to train.
    for module in EXTRA_MODULES:
        try:
            found = importlib.util.find_spec(module) is not None
        except (ImportError, ValueError):
            found = False
        if not found:
            fail(msg("league.needs_extra", missing=module).text(lang))


@app.command(help=help_text("league"), options_metavar=OPTIONS_METAVAR)
def league(
    game: GameArgument,
    generations: Annotated[
        int, typer.Option("--generations", help=help_text("league_generations"), metavar="N")
    ] = 3,
    steps: Annotated[
        int | None, typer.Option("--steps", help=help_text("league_steps"), metavar="N")
    ] = None,
    games: Annotated[
        int | None,
        typer.Option("--games", "-n", help=help_text("league_games"), metavar="N"),
    ] = None,
    pool: Annotated[
        int | None, typer.Option("--pool", help=help_text("league_pool"), metavar="N")
    ] = None,
    players: Annotated[
        int | None, typer.Option("--players", help=help_text("league_players"), metavar="N")
    ] = None,
    seed: Annotated[
        int | None, typer.Option("--seed", help=help_text("league_seed"), metavar="N")
    ] = None,
    bots: Annotated[
        str | None, typer.Option("--bots", help=help_text("league_bots"), metavar="A,B")
    ] = None,
    option: OptionList = None,
    out: Annotated[
        Path | None,
        typer.Option("--out", help=help_text("league_out"), metavar=meta("folder")),
    ] = None,
    lang: LangOption = None,
) -> None:
    """Self-play league with OpenSkill ratings per checkpoint."""
    chosen = chosen_lang(lang)
    folder = out if out is not None else Path(f"league-{game}")
    with refused(chosen):
        config_mod.at_least("--generations", generations, 0)
        saved = store.saved_settings(folder)
        given_options = options_mod.parse_pairs(option) if option else None
        config = config_mod.make_config(
            game,
            players=_option(saved, "players", players, None),
            options=_option(saved, "options", given_options, None),
            steps=_option(saved, "steps", steps, config_mod.DEFAULT_STEPS),
            games=_option(saved, "games", games, config_mod.DEFAULT_GAMES),
            pool=_option(saved, "pool", pool, config_mod.DEFAULT_POOL),
            seed=_option(saved, "seed", seed, 0),
            bots=_option(
                saved,
                "bots",
                [b.strip() for b in bots.split(",")] if bots is not None else None,
                None,
            ),
        )
        current = store.open_league(folder, config)
        _check_extra(chosen)
        from ludoteca.league import run as run_mod  # noqa: PLC0415 (PyTorch: only here)

        def report(line: Message) -> None:
            stderr().print(line.text(chosen), markup=False, soft_wrap=True)

        try:
            finished = run_mod.run(current, generations, report)
        except run_mod.LeagueStopped as stop:
            done = stop.league.next_generation - 1
            stopped = msg("league.stopped", generation=done).text(chosen)
            stderr().print(stopped, markup=False, soft_wrap=True)
            print_table(stop.league, chosen)
            raise typer.Exit(EXIT_INTERRUPTED) from None
    print_table(finished, chosen)


def table_lines(league: League, lang: Lang) -> list[str]:
    """The ratings table, strongest first, as lines of text in ``lang``."""
    config = league.config
    lines = [
        msg(
            "league.title",
            game=config_mod.game_name(config.game_id),
            players=config.players,
            seed=config.seed,
            steps=config.steps,
            games=messages.games(config.games),
            last=max(0, league.next_generation - 1),
            path=league.folder,
        ).text(lang),
        msg("league.header").text(lang),
    ]
    for rank, member in enumerate(league.ranked(), start=1):
        lines.append(
            f"{rank} | {member.words().text(lang)} | {member.mu:.2f} | {member.sigma:.2f} | "
            f"{member.ordinal:.2f} | {member.games} | {member.won}"
        )
    lines.append(
        msg(
            "league.files",
            csv=league.folder / store.TABLE_FILE,
            json=league.folder / store.LEAGUE_FILE,
        ).text(lang)
    )
    return lines


def print_table(league: League, lang: Lang) -> None:
    """Print the ratings table."""
    for line in table_lines(league, lang):
        stdout().print(line, markup=False, soft_wrap=True)
