"""Why a Tile Up bot made its move (``agents.explain``).

The greedy and expert bots' rules in words, by the kind of move (score, place, draw, end,
discard). Whether a placement races for a corner is public (the board and the scores show
it); which shapes a bot is building is not (its goal cards are hidden), so a placement is
said to help "the shapes it is building" without naming one. A score gives the points the
board shows for it.
"""

from __future__ import annotations

from ludoteca.agents.explain.decision import Decision
from ludoteca.agents.explain.reason import Count, Reason
from ludoteca.agents.tile_up.greedy import Board, GreedyTileUp
from ludoteca.engine.i18n import register
from ludoteca.games.tile_up.model import (
    DiscardGoal,
    DiscardTile,
    DrawGoal,
    DrawTiles,
    EndTurn,
    Place,
    Score,
)


def reason(decision: Decision) -> Reason | None:
    """The reason for a Tile Up bot's decision (the expert is a greedy bot with plans);
    ``None`` for a bot this module does not know.
    """
    if not isinstance(decision.agent, GreedyTileUp):
        return None
    action = decision.action
    seats = {"bot": decision.seat}
    if isinstance(action, Score):
        points = Board(decision.view).points_at(action.row, action.col)
        return Reason("explain.tile_up.score", seats, figures={"points": Count(points, "point")})
    if isinstance(action, Place):
        board = Board(decision.view)
        cell = board.geo.bit(action.row, action.col)
        if board.leading and board.open_corners >> cell & 1:
            return Reason("explain.tile_up.corner", seats)
        return Reason("explain.tile_up.place", seats)
    keys = {
        DrawTiles: "draw_tiles",
        DrawGoal: "draw_goal",
        EndTurn: "end",
        DiscardTile: "discard_tile",
        DiscardGoal: "discard_goal",
    }
    return Reason(f"explain.tile_up.{keys.get(type(action), 'other')}", seats)


register(
    {
        "explain.tile_up.score": {
            "es": "{bot} puntuó la figura en cuanto estuvo completa, antes de que nadie "
            "pudiera estropearla: {points}.",
            "en": "{bot} scored the shape as soon as it was complete, before anyone could "
            "spoil it: {points}.",
        },
        "explain.tile_up.corner": {
            "es": "{bot} va en cabeza, así que cubre una esquina para acercar el final.",
            "en": "{bot} is in the lead, so they cover a corner to bring the end nearer.",
        },
        "explain.tile_up.place": {
            "es": "{bot} puso la ficha donde más ayuda a las figuras que está construyendo "
            "y menos estropea las suyas.",
            "en": "{bot} put the tile where it helps most the shapes they are building and "
            "spoils least of their own.",
        },
        "explain.tile_up.draw_tiles": {
            "es": "{bot} no vio ninguna colocación que valiera la pena y roba fichas para "
            "construir.",
            "en": "{bot} saw no placement worth making and draws tiles to build with.",
        },
        "explain.tile_up.draw_goal": {
            "es": "{bot} no vio ninguna colocación que valiera la pena y roba una carta de "
            "objetivo: más objetivos, más figuras que completar.",
            "en": "{bot} saw no placement worth making and draws a goal card: more goals, "
            "more shapes to finish.",
        },
        "explain.tile_up.end": {
            "es": "{bot} ya hizo su jugada este turno y se planta.",
            "en": "{bot} has made their move this turn and stops there.",
        },
        "explain.tile_up.discard_tile": {
            "es": "{bot} se queda con las fichas de los colores de sus objetivos y descarta "
            "la que menos necesita.",
            "en": "{bot} keeps the tiles in their goals' colours and discards the one they need "
            "least.",
        },
        "explain.tile_up.discard_goal": {
            "es": "{bot} se queda con las cartas de objetivo para las que tiene más fichas.",
            "en": "{bot} keeps the goal cards they hold the most tiles for.",
        },
        "explain.tile_up.other": {
            "es": "{bot} hizo lo que pide la regla en este momento.",
            "en": "{bot} did what the rules ask at this point.",
        },
    }
)
