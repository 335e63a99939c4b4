"""The events every game shares, added to a game's own: what a viewer learns from a step.

``Game.events`` tells a step as the game sees it; :func:`step_events` adds a forced move
before those events and the end of the game after them. It sits above the Game protocol
(``engine.game``) and the events' vocabulary (``engine.events``); the events of a whole
record are in ``engine.replay``.
"""

from __future__ import annotations

import json
from typing import Any

from ludoteca.engine.events import ActionText, Event, event
from ludoteca.engine.game import CHANCE, Game, Seat
from ludoteca.engine.i18n import msg, register


def step_events(
    game: Game[Any, Any], before: Any, seat: Seat, action: Any, after: Any, viewer: Seat | None
) -> tuple[Event, ...]:
    """Everything ``viewer`` learns from one step: the game's events plus the shared ones.

    Shared events: ``forced`` (the seat had exactly one legal action, told to that seat, or
    to everyone in a game without hidden information) first, and ``game_end`` (with the
    outcome's end reason) last when ``after`` is over.

    Args:
        game: The game.
        before: The state the step was taken from.
        seat: The seat that acted (:data:`CHANCE` at a chance step).
        action: The action (or chance outcome).
        after: The resulting state.
        viewer: The seat the events are for, ``None`` for a spectator.

    Returns:
        The events in the order they happened.
    """
    shared_before: list[Event] = []
    if seat != CHANCE and (viewer == seat or not game.info.hidden_info):
        legal = game.legal_actions(before, seat)
        if len(legal) == 1 and not game.info.realtime:
            # Told to the seat itself in the second person.
            told = (
                msg("engine.event.forced_own", action=described(game, action))
                if viewer == seat
                else msg("engine.event.forced", seat=seat, action=described(game, action))
            )
            shared_before.append(event("forced", seat, told, action=str(action)))
    events = [*shared_before, *game.events(before, seat, action, after, viewer)]
    outcome = game.outcome(after)
    if outcome is not None and game.outcome(before) is None:
        events.append(
            event(
                "game_end",
                None,
                msg(
                    "engine.event.game_end",
                    reason=outcome.reason if outcome.reason else msg(""),
                    winners_seats=outcome.winners,
                ),
                reason=outcome.end_reason,
                winners=list(outcome.winners),
                ranks=list(outcome.ranks),
                turns=outcome.turns,
                figures=_json_ready(outcome.figures),
            )
        )
    return tuple(events)


def described(game: Game[Any, Any], action: Any) -> ActionText:
    """``game.describe(action)`` as a message parameter, rendered with the players' names."""
    return ActionText(action, game.describe)


def _json_ready(value: Any) -> Any:
    return json.loads(json.dumps(value))


register(
    {
        "engine.event.forced": {
            "es": "{seat} solo podía hacer una cosa y se jugó sola: {action}.",
            "en": "{seat} had only one legal move, played automatically: {action}.",
        },
        "engine.event.forced_own": {
            "es": "Solo podías hacer una cosa y se jugó sola: {action}.",
            "en": "You had only one legal move, played automatically: {action}.",
        },
        "engine.event.game_end": {
            "es": "Fin de la partida: {reason}. Gana: {winners_seats}.",
            "en": "Game over: {reason}. Winner: {winners_seats}.",
        },
    }
)
