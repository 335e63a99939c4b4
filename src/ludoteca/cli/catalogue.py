"""``ludoteca games`` (the catalogue) and ``ludoteca rules GAME`` (how to play)."""

from __future__ import annotations

from rich.table import Table

from ludoteca.cli.errors import refused
from ludoteca.cli.lang import help_text
from ludoteca.cli.root import OPTIONS_METAVAR, GameArgument, LangOption, app, chosen_lang, stdout
from ludoteca.engine import registry
from ludoteca.engine.game import GameInfo
from ludoteca.engine.how_to_play import how_to_play
from ludoteca.engine.i18n import msg
from ludoteca.terminal.guide import print_guide, print_paged, typed_moves


@app.command(help=help_text("games"), options_metavar=OPTIONS_METAVAR)
def games(lang: LangOption = None) -> None:
    """The catalogue: id, name, player range and summary of every game."""
    chosen = chosen_lang(lang)
    with refused(chosen):
        table = Table(title=msg("cli.games_title").text(chosen), show_lines=True)
        for key in ("id", "name", "players", "summary"):
            table.add_column(msg(f"cli.col.{key}").text(chosen))
        for game_id in registry.available_games():
            info = registry.make(game_id).info
            summary = info.summary_es if chosen == "es" else info.summary_en
            table.add_row(game_id, info.name(chosen), _players(info), summary)
        print_paged(stdout(), table)


@app.command(help=help_text("rules"), options_metavar=OPTIONS_METAVAR)
def rules(game: GameArgument, lang: LangOption = None) -> None:
    """How to play: the components, setup, a turn, the end, every rule with its id, the
    options (``engine.how_to_play``); paged when taller than the terminal.
    """
    chosen = chosen_lang(lang)
    with refused(chosen):
        print_guide(stdout(), how_to_play(game, chosen), [typed_moves(game, chosen)])


def _players(info: GameInfo) -> str:
    if info.min_players == info.max_players:
        return str(info.min_players)
    return f"{info.min_players}-{info.max_players}"
