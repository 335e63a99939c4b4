"""Realtime games on the server (Gotcha): the game clock, time stamps and the move menu.

The engine never reads a clock (``RealtimeGame.action_time``). The server keeps it: the game
time now is the state's clock (the time of the last action) plus the real time since that
action was applied, capped at the longest step the game allows (GT-16, ``MAX_GAP_MS``).
People send actions without their ``@time``; the server stamps them. Bots propose timed
actions; the earliest proposal is scheduled at its time and dropped when anyone acts first
(the race of ``runner.play``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ludoteca.engine.game import Game, View
from ludoteca.engine.i18n import Lang
from ludoteca.games.gotcha.actions import Buzz, Draw, Emote, Play, Vote
from ludoteca.games.gotcha.state import MAX_GAP_MS
from ludoteca.terminal.gotcha import menu as gotcha_menu

_STAMP = re.compile(r"^\s*@\d*\s*")


def strip_time(text: str) -> str:
    """``"@1500 buzz a1 2"`` -> ``"buzz a1 2"``; text without a stamp is returned stripped."""
    return _STAMP.sub("", text, count=1).strip()


def stamp(game: Game[Any, Any], text: str, t: int) -> Any:
    """The action ``text`` (without its time) stamped at game time ``t``.

    Raises:
        InvalidActionError: If the text is not an action.
    """
    return game.parse_action(f"@{t} {strip_time(text)}")


def restamp(game: Game[Any, Any], action: Any, t: int) -> Any:
    """``action`` with its time replaced by ``t``."""
    return stamp(game, str(action), t)


def game_now(clock: int, elapsed_real_ms: float, scale: float) -> int:
    """The game time now: ``clock`` plus the real time since (``scale`` real ms per game
    ms; 0 stops the clock, for tests), capped at the longest allowed step.
    """
    gained = 0 if scale <= 0 else int(elapsed_real_ms / scale)
    return clock + max(0, min(gained, MAX_GAP_MS))


def real_delay(t: int, now: int, scale: float) -> float:
    """Seconds of real time until game time ``t``, the game time being ``now``."""
    return max(0, t - now) * max(scale, 0.0) / 1000


def menu(
    game: Game[Any, Any], view: View, legal: Sequence[Any], lang: Lang
) -> list[dict[str, str]]:
    """A seat's moves as ``{"text", "label"}`` without time stamps, each text once: the
    draw, the plays or the votes (the terminal's menu labels), then every emote and buzz the
    listing offers (chat is typed, so it is not listed).
    """
    out: list[dict[str, str]] = []
    seen: set[str] = set()
    chosen = gotcha_menu(view, legal, lang)
    for action, label in zip(chosen.actions, chosen.labels, strict=True):
        text = strip_time(str(action))
        if text not in seen:
            seen.add(text)
            out.append({"text": text, "label": label})
    for action in legal:
        if isinstance(action, Emote | Buzz):
            text = strip_time(str(action))
            if text not in seen:
                seen.add(text)
                out.append({"text": text, "label": game.describe(action, lang)})
    return out


def has_turn(legal: Sequence[Any]) -> bool:
    """Whether the seat must act for the game to go on (draw, play or vote), as opposed to
    the room events anyone may send at any time; only these seats get a turn timer.
    """
    # The listing puts the turn's actions (or the votes) first (``gotcha_legal.Choices``).
    return len(legal) > 0 and isinstance(legal[0], Draw | Play | Vote)


def clock_of(view: View) -> int:
    """The game clock a realtime view carries."""
    return int(view["clock"])
