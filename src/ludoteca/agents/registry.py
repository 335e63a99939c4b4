"""Agents by name: ``make_agent("greedy", "tacocat")``."""

from __future__ import annotations

import importlib

from ludoteca.agents.ismcts import ISMCTSAgent
from ludoteca.agents.random import RandomAgent
from ludoteca.engine import registry
from ludoteca.engine.errors import GameSetupError
from ludoteca.engine.i18n import msg, register
from ludoteca.engine.runner import Agent

_GREEDY: dict[str, str] = {
    "tacocat": "ludoteca.agents.tacocat.greedy:GreedyTacocat",
    "dweebies": "ludoteca.agents.dweebies.greedy:GreedyDweebies",
    "tile_up": "ludoteca.agents.tile_up.greedy:GreedyTileUp",
    "mystery_date": "ludoteca.agents.mystery_date.greedy:GreedyMysteryDate",
    "gotcha": "ludoteca.agents.gotcha.greedy:GreedyGotcha",
}
_EXPERT: dict[str, str] = {
    "tacocat": "ludoteca.agents.tacocat.expert:ExpertTacocat",
    "dweebies": "ludoteca.agents.dweebies.expert:ExpertDweebies",
    "tile_up": "ludoteca.agents.tile_up.expert:ExpertTileUp",
    "mystery_date": "ludoteca.agents.mystery_date.expert:ExpertMysteryDate",
    "gotcha": "ludoteca.agents.gotcha.expert:ExpertGotcha",
}


def agent_names(game_id: str) -> tuple[str, ...]:
    """The agents available for a game."""
    greedy = ("greedy",) if game_id in _GREEDY else ()
    expert = ("expert",) if game_id in _EXPERT else ()
    return ("random", *greedy, *expert, "ismcts")


def make_agent(name: str, game_id: str) -> Agent:
    """A new agent by name for a game.

    Raises:
        GameSetupError: If there is no such agent for the game; the message lists the valid names.
    """
    if name == "random":
        return RandomAgent()
    table = {"greedy": _GREEDY, "expert": _EXPERT}.get(name, {})
    if game_id in table:
        module_name, _, class_name = table[game_id].partition(":")
        agent: Agent = getattr(importlib.import_module(module_name), class_name)()
        return agent
    if name == "ismcts":
        policy = make_agent("greedy" if game_id in _GREEDY else "random", game_id)
        return ISMCTSAgent(registry.make(game_id), policy)
    raise GameSetupError(
        msg("agents.unknown", name=name, game=game_id, valid=", ".join(agent_names(game_id)))
    )


register(
    {
        "agents.unknown": {
            "es": "No hay un agente '{name}' para {game}. Agentes válidos: {valid}",
            "en": "There is no agent '{name}' for {game}. Valid agents: {valid}",
        }
    }
)
