"""The search bot's reason: its simulated games and what each move it weighed won.

The search keeps the root's best moves with their visits and mean values
(:class:`ludoteca.agents.ismcts.SearchStats`). A mean value lies in ``[-1, 1]`` (a win is
``1``, a loss ``-1``, a cut-off playout the game's evaluation), so ``(value + 1) / 2`` reads
as an estimated chance of winning.

The chances shown agree with the choice. An anchored search plays its expert's move unless
another is better by more than chance allows over the same simulated games
(``SearchStats.margin``): a kept move may then show a lower chance than another, and the
sentence says why. A search that took too few games to measure that margin (or whose
margin is 100% or more, which no move can clear) says its games were too few to tell
(:class:`~ludoteca.agents.explain.reason.Margin`): how many games it took depends on how
many moves it weighed, which can depend on its hand, so this is a figure's wording. The
other moves are never named: they come from the bot's own view (its hand); only their
chances are given.
"""

from __future__ import annotations

from typing import Any

from ludoteca.agents.explain.outcome import Outcome
from ludoteca.agents.explain.reason import Chance, Count, Margin, Reason
from ludoteca.agents.ismcts import SearchStats
from ludoteca.engine.game import Seat
from ludoteca.engine.i18n import register


def chance(value: float) -> float:
    """A search's mean value in ``[-1, 1]`` as an estimated chance of winning."""
    return min(1.0, max(0.0, (value + 1.0) / 2.0))


def search_reason(seat: Seat, stats: SearchStats, chosen: Any) -> Reason | None:
    """Why the search played ``chosen``; ``None`` when it did not search this decision
    (a forced move, or one left to its expert or fallback).

    One sentence per kind of search, whatever the figures: which move came out best can
    depend on the bot's hidden cards, so only the figures may tell it.
    """
    moves = [(action, visits, chance(value)) for action, visits, value in stats.top if visits]
    mine = next((m for m in moves if m[0] == chosen), None)
    if mine is None or stats.iterations <= 0:
        return None
    others = tuple(m[2] for m in moves if m[0] != chosen)
    seats = {"bot": seat}
    if not others:
        figures: dict[str, Any] = {"chance": Chance(mine[2]), "games": Count(mine[1], "game")}
        return Reason("explain.search.alone", seats, {}, figures, mine[2])
    close = max(others) > mine[2]
    if not stats.anchored:
        figures = {
            "games": Count(stats.iterations, "game"),
            "outcome": Outcome(mine[2], others, "tried"),
        }
        return Reason("explain.search.most_tried", seats, {}, figures, mine[2], others, close)
    # The anchor's move is kept unless another beats it by more than the margin, so a
    # kept move may show less than the best other: the sentence states that rule.
    kept = not stats.overridden
    ranked = tuple(sorted(others, reverse=True))
    outcome = Outcome(mine[2], ranked, "usual", None if kept else chance(stats.anchor_value))
    figures = {
        "games": Count(mine[1], "game_simulated"),
        "margin": Margin(stats.margin / 2.0),
        "outcome": outcome,
    }
    return Reason("explain.search.anchored", seats, {}, figures, mine[2], others, close)


register(
    {
        "explain.search.anchored": {
            "es": "{bot} comparó su jugada habitual con otras en {games} desde lo que ve; "
            "solo la cambia por otra que gane claramente más, {margin}: {outcome}.",
            "en": "{bot} tested their usual move against others in {games} from what they "
            "see; they trade it only for one that wins clearly more, {margin}: {outcome}.",
        },
        "explain.search.most_tried": {
            "es": "{bot} simuló {games} desde lo que ve y juega la jugada que más probó, la "
            "más fiable: {outcome}.",
            "en": "{bot} simulated {games} from what they see and plays the move they tried "
            "most, the surest: {outcome}.",
        },
        "explain.search.alone": {
            "es": "{bot} simuló {games} desde lo que ve con la única jugada que valía la pena "
            "probar: ganaba un {chance}.",
            "en": "{bot} simulated {games} from what they see with the only move worth "
            "trying: it won {chance}.",
        },
    }
)
