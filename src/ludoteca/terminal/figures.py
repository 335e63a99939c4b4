"""The figures a finished game counted by seat (``engine.figures``: duels won, collections,
doors opened, breaches caught, ...) as one sentence for the terminal's result.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ludoteca.engine import figures
from ludoteca.engine.game import Game
from ludoteca.engine.i18n import Lang, msg, register
from ludoteca.engine.record import GameRecord
from ludoteca.engine.replay import replay_states


def figures_text(game: Game[Any, Any], record: GameRecord, names: Sequence[str], lang: Lang) -> str:
    """Each counted figure with every player's number ("Duels won: Ana 5, Bruno 3."), or
    the empty string for a game that counts none.

    Args:
        game: The game.
        record: The finished game's record (replayed once to count).
        names: The players' names, one per seat.
        lang: The language.
    """
    tally = figures.tally_for(game, record.num_players)
    if tally is None:
        return ""
    states = list(replay_states(record))
    for index, (seat, text) in enumerate(record.actions):
        tally(states[index], seat, game.parse_action(text), states[index + 1])
    tally.finish(states[-1])
    parts = []
    for name, values in tally.seat_figures().items():
        counts = ", ".join(f"{names[seat]} {value}" for seat, value in enumerate(values))
        parts.append(f"{msg(f'term.figure.{name}').text(lang)}: {counts}.")
    return " ".join(parts)


register(
    {
        f"term.figure.{name}": {"es": es, "en": en}
        for name, (es, en) in {
            "duels_won": ("Duelos ganados", "Duels won"),
            "collections": ("Colecciones", "Collections made"),
            "lines": ("Líneas recogidas", "Lines collected"),
            "corners_covered": ("Esquinas cubiertas", "Corners covered"),
            "tiles_placed": ("Fichas colocadas", "Tiles placed"),
            "door_opens": ("Puertas abiertas", "Doors opened"),
            "dates_met": ("Citas encontradas", "Dates met"),
            "swaps": ("Intercambios", "Swaps"),
            "caught": ("Infracciones pilladas", "Breaches caught"),
            "plays": ("Cartas de regla jugadas", "Rule cards played"),
            "wrong_buzzes": ("Timbrazos fallidos", "Wrong buzzes"),
        }.items()
    }
)
