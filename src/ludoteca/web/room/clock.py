"""Realtime games on the server: the game clock, time stamps and the move menu.

The engine never reads a clock (``RealtimeGame.action_time``). The server keeps it: the game
time now is the state's clock (the time of the last action) plus the real time since that
action was applied, capped at the longest step the game allows (``RealtimeGame.max_gap_ms``).
People send actions without their time; the server stamps them. Bots propose timed
actions; the earliest proposal is scheduled at its time and dropped when anyone acts first
(the race of ``runner.play``). Everything game-specific comes through ``RealtimeGame``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from ludoteca.engine.game import Game, RealtimeGame, View
from ludoteca.engine.i18n import Lang


def timed(game: Game[Any, Any]) -> RealtimeGame[Any, Any]:
    """``game`` as the realtime game its ``info.realtime`` says it is."""
    assert game.info.realtime, game.info.id
    return cast("RealtimeGame[Any, Any]", game)


def stamp(game: Game[Any, Any], text: str, t: int) -> Any:
    """The action ``text`` (without its time) stamped at game time ``t``.

    Raises:
        InvalidActionError: If the text is not an action.
    """
    return timed(game).parse_at(text, t)


def restamp(game: Game[Any, Any], action: Any, t: int) -> Any:
    """``action`` with its time replaced by ``t``."""
    return timed(game).with_time(action, t)


def game_now(clock: int, elapsed_real_ms: float, scale: float, max_gap_ms: int) -> int:
    """The game time now: ``clock`` plus the real time since (``scale`` real ms per game
    ms; 0 stops the clock, for tests), capped at the longest allowed step ``max_gap_ms``.
    """
    gained = 0 if scale <= 0 else int(elapsed_real_ms / scale)
    return clock + max(0, min(gained, max_gap_ms))


def real_delay(t: int, now: int, scale: float) -> float:
    """Seconds of real time until game time ``t``, the game time being ``now``."""
    return max(0, t - now) * max(scale, 0.0) / 1000


def menu(
    game: Game[Any, Any], view: View, legal: Sequence[Any], lang: Lang
) -> list[dict[str, str]]:
    """A seat's moves as ``{"text", "label"}`` without time stamps (``move_menu``)."""
    return [
        {"text": text, "label": label} for text, label in timed(game).move_menu(view, legal, lang)
    ]


def turn_moves(game: Game[Any, Any], legal: Sequence[Any]) -> Sequence[Any]:
    """The moves the game waits on, as opposed to the room events anyone may send at any
    time; only seats that have some get a turn timer.
    """
    return timed(game).turn_moves(legal)


def clock_of(view: View) -> int:
    """The game clock a realtime view carries."""
    return int(view["clock"])
