"""The games: what the lobby shows of each and its "How to play" guide.

- ``GET /api/games?lang=``: every game as the lobby shows it (name, players, bots, options,
  the profile a seat may declare);
- ``GET /api/games/{game}/guide?lang=``: the engine's how-to-play content
  (``engine.how_to_play``, what ``ludoteca rules`` prints) as JSON; the page that draws it
  is ``routes.pages``.

The server still knows no game by name: both come from the registry and the game's own
``guide.py`` through the engine.
"""

from __future__ import annotations

import functools
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from ludoteca.engine import registry
from ludoteca.engine.errors import GameSetupError
from ludoteca.engine.game import ProfileSpec
from ludoteca.engine.how_to_play import how_to_play
from ludoteca.engine.i18n import Lang
from ludoteca.engine.options import LANGUAGE_OPTION
from ludoteca.web.pace.rules import offered_policies
from ludoteca.web.room.bots import agent_names, default_agent
from ludoteca.web.routes.site import request_lang


def router() -> APIRouter:
    """The games' routes."""
    routes = APIRouter()

    @routes.get("/api/games")
    async def api_games(request: Request) -> dict[str, Any]:
        return {"games": game_cards(request_lang(request))}

    @routes.get("/api/games/{game_id}/guide")
    async def api_guide(game_id: str, request: Request) -> Response:
        lang = request_lang(request)
        try:
            if game_id not in registry.available_games():
                registry.make(game_id)  # raises the registry's own error
            return JSONResponse(guide_json(game_id, lang))
        except GameSetupError as error:
            body = {"error": {"code": "unknown_game", "message": error.message.text(lang)}}
            return JSONResponse(body, status_code=404)

    return routes


def game_cards(lang: Lang) -> list[dict[str, Any]]:
    """Every game as the lobby shows it (``GET /api/games``)."""
    cards = []
    for game_id in registry.available_games():
        info = registry.make(game_id).info
        # The option seat profiles fill is the server's to set (from the seats).
        hidden = {info.profiles.option} if info.profiles is not None else set()
        cards.append(
            {
                "id": info.id,
                "name": info.name(lang),
                "summary": info.summary_es if lang == "es" else info.summary_en,
                "min_players": info.min_players,
                "max_players": info.max_players,
                "realtime": info.realtime,
                "pace_policies": (
                    [] if info.realtime else list(offered_policies(registry.make(game_id)))
                ),
                "agents": list(agent_names(game_id)),
                "default_agent": default_agent(game_id),
                "options": [
                    {
                        "name": spec.name,
                        "label": spec.label(lang),
                        "default": lang if spec.name == LANGUAGE_OPTION else spec.default,
                        "help": spec.help_es if lang == "es" else spec.help_en,
                        "choices": list(spec.choices),
                    }
                    for spec in info.options
                    if spec.name not in hidden
                ],
                "profiles": None if info.profiles is None else profile_card(info.profiles, lang),
            }
        )
    return cards


def profile_card(spec: ProfileSpec, lang: Lang) -> dict[str, Any]:
    """What a seat's person may declare (``ProfileSpec``): traits with their labels."""
    traits = [{"id": t.id, "label": t.es if lang == "es" else t.en} for t in spec.traits]
    return {"traits": traits, "min_age": spec.min_age, "max_age": spec.max_age}


@functools.lru_cache(maxsize=64)
def guide_json(game_id: str, lang: Lang) -> dict[str, Any]:
    """The guide of ``game_id`` in ``lang`` as JSON (built once per game and language).

    Raises:
        GameSetupError: If no game has that id.
    """
    return how_to_play(game_id, lang).to_json()
