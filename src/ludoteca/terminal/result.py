"""How a terminal game ended, as one line for the person (both ways of playing)."""

from __future__ import annotations

from typing import Any

from ludoteca.engine import runner
from ludoteca.engine.game import Game
from ludoteca.engine.i18n import Lang, msg
from ludoteca.terminal import table_names
from ludoteca.terminal.figures import figures_text


def result_line(game: Game[Any, Any], match: runner.Match, seat: int | None, lang: Lang) -> str:
    """How the game ended, for the person at ``seat`` (``None``: hot-seat, the winners named).

    A match stopped before its end says so, with its step count. A second line gives the
    figures the game counted by player (``terminal.figures``).
    """
    outcome = match.outcome
    if outcome is None:
        return msg("term.stopped", steps=match.steps).text(lang)
    names = table_names(game, match.state, len(outcome.scores), lang)
    line = msg("term.game_over", reason=outcome.reason_text(lang, names) or "").text(lang)
    if not outcome.winners:
        verdict = msg("term.drawn")
    elif seat is None:
        winners = ", ".join(names[s] for s in outcome.winners)
        verdict = msg("term.winners", seats=winners)
    else:
        verdict = msg("term.won" if seat in outcome.winners else "term.lost")
    counted = figures_text(game, match.record, names, lang)
    return f"{line} {verdict.text(lang)}" + (f"\n{counted}" if counted else "")
