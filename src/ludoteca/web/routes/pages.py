"""The pages: one page for every path a person opens (``/``, ``/room/{id}``, ``/how/{game}``);
the shell (``static/``) reads the path and draws the lobby, the table or the guide.
"""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import Response

from ludoteca.web.routes.site import Site


def router(site: Site) -> APIRouter:
    """The page routes (the static files are mounted by ``web.app``)."""
    routes = APIRouter()

    @routes.get("/")
    async def home() -> Response:
        return site.index()

    @routes.get("/room/{room_id}")
    async def room_page(room_id: str) -> Response:
        return site.index()

    @routes.get("/how/{game_id}")
    async def guide_page(game_id: str) -> Response:
        return site.index()

    return routes
