"""Pick a game and a player count at the terminal (``ludoteca play`` with no game)."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from ludoteca.engine import registry
from ludoteca.engine.i18n import Lang, msg, register
from ludoteca.terminal.human import QUIT_WORDS, QuitGame, ReadLine


def choose_game(console: Console, read_line: ReadLine, lang: Lang) -> str:
    """Show the catalogue numbered and return the id of the game the person picks.

    The person may type the number or the id; anything else is answered with one line and
    asked again.

    Raises:
        QuitGame: If the person types a quit word.
        EOFError: At the end of input.
    """
    ids = registry.available_games()
    table = Table(title=msg("chooser.title").text(lang))
    for key in ("number", "name", "players"):
        table.add_column(msg(f"chooser.col.{key}").text(lang))
    for number, game_id in enumerate(ids, start=1):
        info = registry.make(game_id).info
        players = (
            str(info.min_players)
            if info.min_players == info.max_players
            else f"{info.min_players}-{info.max_players}"
        )
        table.add_row(str(number), f"{info.name(lang)} ({game_id})", players)
    console.print(table)
    while True:
        answer = read_line(msg("chooser.ask_game", high=len(ids)).text(lang)).strip().lower()
        if answer in QUIT_WORDS:
            raise QuitGame
        if answer in ids:
            return answer
        if answer.isascii() and answer.isdigit() and 1 <= int(answer) <= len(ids):
            return ids[int(answer) - 1]
        console.print(msg("chooser.bad_game", answer=answer, high=len(ids)).text(lang))


def choose_players(console: Console, read_line: ReadLine, game_id: str, lang: Lang) -> int:
    """Ask how many players (Enter: the game's minimum) and return a count in range.

    Raises:
        QuitGame: If the person types a quit word.
        EOFError: At the end of input.
    """
    info = registry.make(game_id).info
    low, high = info.min_players, info.max_players
    if low == high:
        return low
    while True:
        answer = read_line(msg("chooser.ask_players", low=low, high=high).text(lang)).strip()
        if answer.lower() in QUIT_WORDS:
            raise QuitGame
        if not answer:
            return low
        if answer.isascii() and answer.isdigit() and low <= int(answer) <= high:
            return int(answer)
        console.print(msg("chooser.bad_players", answer=answer, low=low, high=high).text(lang))


register(
    {
        "chooser.title": {"es": "¿A qué jugamos?", "en": "What shall we play?"},
        "chooser.col.number": {"es": "N.º", "en": "No."},
        "chooser.col.name": {"es": "Juego", "en": "Game"},
        "chooser.col.players": {"es": "Jugadores", "en": "Players"},
        "chooser.ask_game": {
            "es": "Elige un juego (1-{high} o su id; q para salir): ",
            "en": "Pick a game (1-{high} or its id; q to quit): ",
        },
        "chooser.bad_game": {
            "es": "'{answer}' no es un juego: escribe un número del 1 al {high} o un id.",
            "en": "'{answer}' is not a game: type a number from 1 to {high} or an id.",
        },
        "chooser.ask_players": {
            "es": "¿Cuántos jugadores? ({low}-{high}, Intro = {low}): ",
            "en": "How many players? ({low}-{high}, Enter = {low}): ",
        },
        "chooser.bad_players": {
            "es": "'{answer}' no vale: este juego es para {low} a {high} jugadores.",
            "en": "'{answer}' won't do: this game is for {low} to {high} players.",
        },
    }
)
