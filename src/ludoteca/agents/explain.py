"""Why the bot did that: a short es/en account of a search agent's last decision.

The search agent keeps the root's most visited moves with their visits and mean values
(:class:`ludoteca.agents.ismcts.SearchStats`). A mean value lies in ``[-1, 1]`` (a win is
``1``, a loss ``-1``, a cut-off playout the game's evaluation), so ``(value + 1) / 2`` reads
as an estimated chance of winning.

The other moves the bot weighed come from its own view: naming them to another seat could
tell that seat the bot's hidden cards. :func:`explain` names them only when asked to
(``name_others``: the reader may see that view, e.g. the bot's own seat, a hint for the
person's own view, or a finished game); otherwise it gives their estimated chances alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ludoteca.agents.ismcts import SearchStats
from ludoteca.engine.game import Game
from ludoteca.engine.i18n import Lang, msg, register


@dataclass(frozen=True, slots=True)
class Considered:
    """One move the search weighed.

    Attributes:
        action: The move.
        visits: Iterations that tried it.
        chance: Estimated chance of winning after it, in ``[0, 1]``.
    """

    action: Any
    visits: int
    chance: float


def considered(stats: SearchStats) -> list[Considered]:
    """The search's top moves, most visited first, with their estimated chances."""
    return [
        Considered(action, visits, min(1.0, max(0.0, (value + 1.0) / 2.0)))
        for action, visits, value in stats.top
        if visits > 0
    ]


def explain(
    game: Game[Any, Any],
    stats: SearchStats,
    chosen: Any,
    lang: Lang,
    *,
    name_others: bool = False,
    names: Sequence[str] = (),
) -> str | None:
    """One or two sentences on why the search played ``chosen``; ``None`` without data.

    Args:
        game: The game (describes the moves in ``lang``).
        stats: The search's statistics for the decision that chose ``chosen``.
        chosen: The move played.
        lang: Language of the text.
        name_others: Name the other moves weighed (only where the reader may see the view
            the search started from; see the module docstring).
        names: The seats' names, for moves that name a seat.

    Returns:
        The text, or ``None`` when the decision was not searched (one legal move, or the
        heuristic decided) or ``chosen`` is not among the search's top moves.
    """
    moves = considered(stats)
    mine = next((m for m in moves if m.action == chosen), None)
    if mine is None or stats.iterations <= 0:
        return None
    parts = [
        msg(
            "explain.chosen",
            move=game.describe(chosen, lang, names),
            chance=_percent(mine.chance),
            iterations=stats.iterations,
        ).text(lang)
    ]
    others = [m for m in moves if m.action != chosen]
    if others and name_others:
        listed = "; ".join(
            msg(
                "explain.other",
                move=game.describe(m.action, lang, names),
                chance=_percent(m.chance),
            ).text(lang)
            for m in others
        )
        parts.append(msg("explain.others_named", moves=listed).text(lang))
    elif others:
        parts.append(msg("explain.others", chances=_chances(others, lang)).text(lang))
    if stats.anchored:
        parts.append(msg("explain.overridden" if stats.overridden else "explain.kept").text(lang))
    return " ".join(parts)


def _percent(chance: float) -> str:
    return f"{round(chance * 100)}%"


def _chances(others: Sequence[Considered], lang: Lang) -> str:
    joiner = " y " if lang == "es" else " and "
    texts = [_percent(m.chance) for m in others]
    return texts[0] if len(texts) == 1 else ", ".join(texts[:-1]) + joiner + texts[-1]


register(
    {
        "explain.chosen": {
            "es": "El bot jugó «{move}»: calculó un {chance} de probabilidades de ganar tras "
            "{iterations} partidas simuladas desde lo que ve.",
            "en": "The bot played '{move}': it estimated a {chance} chance of winning after "
            "{iterations} games simulated from what it sees.",
        },
        "explain.others": {
            "es": "Sus siguientes mejores opciones: {chances}.",
            "en": "Its next best options: {chances}.",
        },
        "explain.kept": {
            "es": "Es la jugada de su experto: ninguna otra salió claramente mejor en las "
            "mismas simulaciones.",
            "en": "It is its expert's move: no other did clearly better in the same simulations.",
        },
        "explain.overridden": {
            "es": "Las simulaciones la vieron claramente mejor que la que prefería su experto.",
            "en": "The simulations found it clearly better than the move its expert preferred.",
        },
        "explain.other": {"es": "«{move}» {chance}", "en": "'{move}' {chance}"},
        "explain.others_named": {
            "es": "Otras opciones que pesó: {moves}.",
            "en": "Other moves it weighed: {moves}.",
        },
    }
)
