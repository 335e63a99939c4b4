"""Agents by name: ``make_agent("greedy", "tacocat")``, ``make_agent("ismcts:seconds=0.2", ...)``.

A name may carry parameters after a colon, ``name:key=value:key=value``: the search agent
takes ``iterations``, ``seconds`` and ``exploration``; Gotcha's party bot takes ``slip`` and
``notice`` (probabilities) and ``buzz_delay_ms`` (``greedy:slip=0.3``), its bot with a
person's reflexes ``skill`` (0-1: ``humanlike:skill=0.5``). A name may also be a level
("beginner", "casual", "strong", "strongest"): the agent that level stands for in the game,
chosen by measured rating (``ludoteca.agents.levels``).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from ludoteca.agents import levels
from ludoteca.agents.random import RandomAgent
from ludoteca.engine import registry
from ludoteca.engine.errors import GameSetupError
from ludoteca.engine.i18n import msg, register
from ludoteca.engine.runner import Agent

if TYPE_CHECKING:
    from ludoteca.agents.ismcts import ISMCTSAgent, SearchSpec

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
_HUMAN: dict[str, str] = {"gotcha": "ludoteca.agents.gotcha.human:HumanGotcha"}
"""Bots with a person's reflexes (``humanlike:skill=0.5``): what Gotcha's levels are made of.
Not in :func:`agent_names` (menus offer the levels, named for people) but in
:func:`level_only_agents`; made by name."""
_SEARCH: dict[str, str] = {
    "tacocat": "ludoteca.agents.tacocat.search:SEARCH",
    "dweebies": "ludoteca.agents.dweebies.search:SEARCH",
    "tile_up": "ludoteca.agents.tile_up.search:SEARCH",
    "mystery_date": "ludoteca.agents.mystery_date.search:SEARCH",
}
_FALLBACK: dict[str, str] = {"tile_up": "expert"}
"""The search agent's heuristic where it is not greedy (decisions it does not search and
guided playouts): Tile Up's expert plans whole shapes in a turn and takes ~2 ms a move."""
_SEARCH_PARAMS: dict[str, type] = {
    "iterations": int,
    "seconds": float,
    "exploration": float,
    "confidence": float,
}
_TUNABLE: dict[tuple[str, str], dict[str, type]] = {
    ("gotcha", "greedy"): {"slip": float, "notice": float, "buzz_delay_ms": int},
    ("gotcha", "humanlike"): {"skill": float},
}
"""Other agents' parameters, by (game, agent); probabilities may be 0 to 1."""
_PROBABILITIES = ("slip", "notice", "skill")
"""Parameters from 0 to 1 (``skill``: the human range's slow end to its sharp end)."""
DEFAULT_SECONDS = 0.2
"""Thinking time of the search agent when no budget is given."""


def agent_names(game_id: str) -> tuple[str, ...]:
    """The agents available for a game (the search agent refuses realtime games)."""
    greedy = ("greedy",) if game_id in _GREEDY else ()
    expert = ("expert",) if game_id in _EXPERT else ()
    search = () if registry.make(game_id).info.realtime else ("ismcts",)
    return ("random", *greedy, *expert, *search)


def level_only_agents(game_id: str) -> tuple[str, ...]:
    """Agents a game's levels are made of that menus do not offer by name (Gotcha's
    ``humanlike``: people pick them by level); ``make_agent`` builds them by name too.
    """
    return ("humanlike",) if game_id in _HUMAN else ()


def agent_for_level(level: str, game_id: str) -> str:
    """The agent name a level stands for in a game (see ``ludoteca.agents.levels``).

    Raises:
        GameSetupError: For a name that is not a level.
    """
    return levels.agent_for(level, game_id, agent_names(game_id))


def _load(path: str) -> Any:
    module_name, _, attribute = path.partition(":")
    return getattr(importlib.import_module(module_name), attribute)


def parse_parameters(name: str, game_id: str) -> tuple[str, dict[str, Any]]:
    """Split ``ismcts:seconds=0.2:iterations=400`` into the name and typed parameters.

    Raises:
        GameSetupError: For a parameter the agent does not take or a value of the wrong type.
    """
    base, *parts = name.split(":")
    if not parts:
        return base, {}
    kinds = _SEARCH_PARAMS if base == "ismcts" else _TUNABLE.get((game_id, base))
    if kinds is None:
        raise GameSetupError(msg("agents.no_parameters", name=base))
    parameters: dict[str, Any] = {}
    for part in parts:
        key, equals, text = part.partition("=")
        key = key.strip()
        kind = kinds.get(key)
        if kind is None or not equals:
            valid = ", ".join(f"{k}=…" for k in kinds)
            raise GameSetupError(msg("agents.bad_parameter", name=base, part=part, valid=valid))
        try:
            value = kind(text.strip())
        except ValueError:
            value = None
        if key in _PROBABILITIES:
            if value is None or not 0 <= value <= 1:
                raise GameSetupError(
                    msg("agents.bad_probability", name=base, param=key, value=text)
                )
        elif value is None or value <= 0:
            raise GameSetupError(
                msg("agents.bad_value", name=base, param=key, value=text, kind=kind.__name__)
            )
        parameters[key] = value
    return base, parameters


def make_search(game_id: str, **parameters: Any) -> ISMCTSAgent:
    """The search agent for a game, with its game's cut-off and evaluation.

    Without ``iterations`` or ``seconds`` it thinks ``DEFAULT_SECONDS`` per decision; with
    both it stops at whichever comes first. Where the game has an expert, the search is
    anchored on it: the expert's move is played unless the search shows a better one
    (``ISMCTSAgent._anchored``).
    """
    fallback = make_agent(
        _FALLBACK.get(game_id, "greedy" if game_id in _GREEDY else "random"), game_id
    )
    from ludoteca.agents.ismcts import ISMCTSAgent  # noqa: PLC0415 (start-up of the CLI)

    spec: SearchSpec | None = _load(_SEARCH[game_id]) if game_id in _SEARCH else None
    if "iterations" not in parameters:
        parameters["iterations"] = None
        parameters.setdefault("seconds", DEFAULT_SECONDS)
    anchor = make_agent("expert", game_id) if game_id in _EXPERT else None
    return ISMCTSAgent(registry.make(game_id), fallback, spec=spec, anchor=anchor, **parameters)


def make_agent(name: str, game_id: str) -> Agent:
    """A new agent by name (or level, or ``ismcts:`` with parameters) for a game.

    Raises:
        GameSetupError: If there is no such agent for the game; the message lists the valid names.
    """
    if name in levels.LEVELS:
        name = agent_for_level(name, game_id)
    base, parameters = parse_parameters(name, game_id)
    if base == "random":
        return RandomAgent()
    table = {"greedy": _GREEDY, "expert": _EXPERT, "humanlike": _HUMAN}.get(base, {})
    if game_id in table:
        agent: Agent = _load(table[game_id])(**parameters)
        return agent
    if base == "ismcts":
        return make_search(game_id, **parameters)
    raise GameSetupError(
        msg("agents.unknown", name=name, game=game_id, valid=", ".join(agent_names(game_id)))
    )


register(
    {
        "agents.unknown": {
            "es": "No hay un agente '{name}' para {game}. Agentes válidos: {valid}",
            "en": "There is no agent '{name}' for {game}. Valid agents: {valid}",
        },
        "agents.no_parameters": {
            "es": "El agente '{name}' no admite parámetros aquí (los admiten ismcts y, en "
            "gotcha, greedy y humanlike)",
            "en": "The agent '{name}' takes no parameters here (ismcts does, and greedy and "
            "humanlike in gotcha)",
        },
        "agents.bad_probability": {
            "es": "El parámetro {param} de {name} es una probabilidad de 0 a 1, no '{value}'",
            "en": "The {param} parameter of {name} is a probability from 0 to 1, not '{value}'",
        },
        "agents.bad_parameter": {
            "es": "Parámetro '{part}' no válido para {name}. Parámetros válidos: {valid}",
            "en": "'{part}' is not a valid parameter of {name}. Valid parameters: {valid}",
        },
        "agents.bad_value": {
            "es": "El parámetro {param} de {name} necesita un número positivo ({kind}), "
            "no '{value}'",
            "en": "The {param} parameter of {name} needs a positive number ({kind}), not '{value}'",
        },
    }
)
