"""Hints for a person: first the kind of move, then the move, from the strongest bot.

The bot only ever sees the person's own view (the same view a bot in that seat would get),
so a hint never reveals a hidden card. ``hint`` runs one decision of the game's "strongest"
level (``ludoteca.agents.levels``), with a short thinking time.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ludoteca.agents import registry as agents_registry
from ludoteca.agents.ismcts import ISMCTSAgent
from ludoteca.engine import i18n
from ludoteca.engine.game import Game, Seat, View
from ludoteca.engine.i18n import Lang, Message, msg, register

HINT_SECONDS = 0.5
"""Thinking time of a hint's search (a person waits for it)."""


@dataclass(frozen=True, slots=True)
class Hint:
    """A suggested move in two steps.

    Attributes:
        action: The suggested action (one of the legal actions).
        kind: The kind of move, e.g. "an attack" (step one).
        move: The move itself, as the game describes it (step two).
        bot: The agent that found it.
    """

    action: Any
    kind: Message
    move: str
    bot: str

    def to_json(self, lang: Lang) -> dict[str, Any]:
        """A JSON-ready dict: the action's text form and both steps as text in ``lang``."""
        return {
            "action": str(self.action),
            "kind": self.kind.text(lang),
            "move": msg("hints.move", move=self.move).text(lang),
        }


def kind_of(game: Game[Any, Any], action: Any) -> Message:
    """The kind of ``action`` for people: ``<game>.kind.<type>``, else the phase's name."""
    key = f"{game.info.id}.kind.{type(action).__name__.lower()}"
    if i18n.has(key):
        return msg("hints.kind", kind=msg(key))
    return msg("hints.kind_plain", kind=type(action).__name__.lower())


def hint(
    game: Game[Any, Any],
    view: View,
    legal: Sequence[Any],
    seat: Seat,
    lang: Lang,
    *,
    seed: int = 0,
    agent: Any = None,
    names: Sequence[str] = (),
) -> Hint:
    """The strongest bot's move from ``seat``'s own ``view``, as a two-step hint.

    Args:
        game: The game.
        view: The person's own view (never the full state).
        legal: The person's legal actions.
        seat: The person's seat (must be the view's seat).
        lang: Language of the move's description.
        seed: Seed of the bot's random stream (the same hint for the same view and seed).
        agent: The agent to ask (default: the game's strongest level).
        names: The seats' names, for a move that names a seat (a Mystery Date gift).

    Raises:
        ValueError: If ``legal`` is empty or ``view`` is another seat's.
    """
    if not legal:
        raise ValueError("no legal action to hint at")
    if view.get("seat") != seat:
        raise ValueError("a hint is computed from the person's own view only")
    if agent is None:
        name = agents_registry.agent_for_level("strongest", game.info.id)
        agent = agents_registry.make_agent(name, game.info.id)
        if isinstance(agent, ISMCTSAgent):
            agent.seconds = HINT_SECONDS
    action = agent.choose(view, legal, random.Random(seed))
    return Hint(
        action=action,
        kind=kind_of(game, action),
        move=game.describe(action, lang, names),
        bot=agent.name,
    )


_KINDS = {
    "tacocat": {
        "replace": ("cambiar cartas", "replacing cards"),
        "duel": ("elegir carta de duelo", "choosing a duel card"),
        "attack": ("un ataque", "an attack"),
        "defend": ("una defensa", "a defence"),
        "sacrifice": ("un sacrificio", "a sacrifice"),
    },
    "dweebies": {
        "place": ("colocar una carta", "placing a card"),
        "collect": ("recoger cartas", "collecting cards"),
    },
    "tile_up": {
        "place": ("colocar una loseta", "placing a tile"),
        "score": ("puntuar una carta de objetivo", "scoring a goal card"),
        "drawtiles": ("robar losetas", "drawing tiles"),
        "drawgoal": ("robar una carta de objetivo", "drawing a goal card"),
        "endturn": ("terminar el turno", "ending the turn"),
        "discardtile": ("descartar una loseta", "discarding a tile"),
        "discardgoal": ("descartar una carta de objetivo", "discarding a goal card"),
    },
    "mystery_date": {
        "roll": ("tirar el dado", "rolling the die"),
        "reveal": ("revelar", "revealing"),
        "pick": ("pedir una carta", "asking for a card"),
        "door": ("abrir la puerta", "opening the door"),
        "give": ("dar una carta", "giving a card"),
        "discard": ("descartar una carta", "discarding a card"),
        "pile": ("coger del montón", "taking from the pile"),
        "show": ("mostrar", "showing"),
        "draw": ("robar", "drawing"),
    },
}

register(
    {
        "hints.kind": {"es": "Pista: piensa en {kind}.", "en": "Hint: think about {kind}."},
        "hints.kind_plain": {
            "es": "Pista: piensa en «{kind}».",
            "en": "Hint: think about '{kind}'.",
        },
        "hints.move": {"es": "Pista: {move}", "en": "Hint: {move}"},
        "hints.off": {
            "es": "Las pistas están desactivadas en esta partida.",
            "en": "Hints are turned off in this game.",
        },
        **{
            f"{game_id}.kind.{name}": {"es": es, "en": en}
            for game_id, kinds in _KINDS.items()
            for name, (es, en) in kinds.items()
        },
    }
)
