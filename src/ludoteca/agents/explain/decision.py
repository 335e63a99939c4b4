"""One bot decision as it was made, and the reason read from it.

:func:`capture` is called right after a bot chose (by the web table's pilot and the
terminal's feed, never by the lab or the benchmarks): it keeps the view the bot saw, its
legal moves, its choice and what the bot recorded of that choice (``agent.last``: the
expert's scores, a search's statistics). Nothing is worded then. :func:`reason_for` reads
the reason when a person is about to see it: a search's from its statistics
(``explain.search``), a game bot's from its game's ``agents/<game>/reasons.py`` (which
re-scores the view with the bot's own heuristic where the bot is deterministic, or reads
what it recorded), and the random bot's from the number of moves it chose among.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from ludoteca.agents.explain.reason import Count, Reason
from ludoteca.agents.explain.search import search_reason
from ludoteca.agents.ismcts import ISMCTSAgent, SearchStats
from ludoteca.agents.random import RandomAgent
from ludoteca.engine.game import Seat, View
from ludoteca.engine.i18n import register

GameReasoner = Callable[["Decision"], Reason | None]
"""A game's reasons for its bots: ``reason(decision)``, ``None`` for a bot it does not know,
:data:`CHATTER` for a move that is no game move."""

CHATTER = Reason("explain.chatter")
"""What a game's reasons give for a bot's small talk (a chat line or an emote no rule asked
for): it is no game move, so nothing is explained (:func:`reason_for` gives ``None``)."""

_REASONERS: dict[str, str] = {
    game_id: f"ludoteca.agents.{game_id}.reasons:reason"
    for game_id in ("tacocat", "dweebies", "tile_up", "mystery_date", "gotcha")
}


@dataclass(frozen=True, slots=True)
class Decision:
    """A bot's decision, kept for its reason.

    Attributes:
        game_id: The game.
        agent: The bot that chose (its own knobs re-score the view).
        seat: Its seat.
        view: What it saw.
        legal: The moves it chose among.
        action: The move it chose.
        memo: What the bot recorded of this choice (``agent.last``; for a search, its
            statistics and what its expert recorded), ``None`` if it records nothing.
    """

    game_id: str
    agent: Any
    seat: Seat
    view: View
    legal: Sequence[Any]
    action: Any
    memo: Any = None


@dataclass(frozen=True, slots=True)
class SearchMemo:
    """What a search bot recorded: its statistics and its expert's (or fallback's) record."""

    stats: SearchStats
    inner: Any


def capture(
    game_id: str, agent: Any, seat: Seat, view: View, legal: Sequence[Any], action: Any
) -> Decision:
    """Keep a decision just made (cheap: references, no words).

    Call it before the same agent chooses again: ``agent.last`` and a search's ``stats``
    describe its latest choice only.
    """
    memo: Any
    if isinstance(agent, ISMCTSAgent):
        inner = agent.anchor if agent.anchor is not None else agent.fallback
        memo = SearchMemo(agent.stats, getattr(inner, "last", None))
    else:
        memo = getattr(agent, "last", None)
    return Decision(game_id, agent, seat, view, legal, action, memo)


def reason_for(decision: Decision) -> Reason | None:
    """The reason for a decision (see the module docstring); ``None`` for small talk, which
    is no game move (:data:`CHATTER`).

    Raises:
        ValueError: If the decision's game has no reasons for its bot.
    """
    agent = decision.agent
    if isinstance(agent, ISMCTSAgent):
        memo = decision.memo
        found = search_reason(decision.seat, memo.stats, decision.action)
        if found is not None:
            return found
        # Not searched (a forced move, or a decision left to its expert): the expert's reason.
        inner = agent.anchor if agent.anchor is not None else agent.fallback
        return reason_for(
            Decision(
                decision.game_id,
                inner,
                decision.seat,
                decision.view,
                decision.legal,
                decision.action,
                memo.inner,
            )
        )
    if isinstance(agent, RandomAgent):
        return random_reason(decision)
    found = _game_reasoner(decision.game_id)(decision)
    if found is None:
        raise ValueError(f"no reasons for the {agent.name} bot of {decision.game_id}")
    return None if found is CHATTER else found


def random_reason(decision: Decision) -> Reason:
    """The random bot: it picks among its moves by chance.

    The count of its moves is a figure, even when it is one: how many moves a seat has can
    depend on its hidden cards, so "it had no other move" would tell the reader about them.
    The sentence reads the same for one move and for many ("(this time, 1 move)").
    """
    count = Count(len(decision.legal), "move")
    return Reason("explain.random", seats={"bot": decision.seat}, figures={"count": count})


@cache
def _game_reasoner(game_id: str) -> GameReasoner:
    module_name, _, attribute = _REASONERS[game_id].partition(":")
    found: GameReasoner = getattr(importlib.import_module(module_name), attribute)
    return found


register(
    {
        "explain.random": {
            "es": "{bot} juega a lo loco: eligió esta jugada al azar entre las que tenía "
            "(esta vez, {count}).",
            "en": "{bot} plays loosely: they picked this move by chance among the ones they "
            "had (this time, {count}).",
        },
    }
)
