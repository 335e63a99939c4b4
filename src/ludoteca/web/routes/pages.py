"""The pages: one page for every path a person opens (``/``, ``/room/{id}``, ``/how/{game}``,
``/learn/{game}``, and party mode's ``/room/{id}/table``, ``/room/{id}/phone``, ``/join`` and
``/join/{code}``); the shell (``static/``) reads the path and draws the lobby, the table,
the guide or the lesson. Each
answers ``GET`` and ``HEAD`` (link checkers and monitors ask with ``HEAD``).
"""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import Response

from ludoteca.web.routes.site import Site


def router(site: Site) -> APIRouter:
    """The page routes (the static files are mounted by ``web.app``)."""
    routes = APIRouter()

    @routes.api_route("/", methods=["GET", "HEAD"])
    async def home() -> Response:
        return site.index()

    @routes.api_route("/room/{room_id}", methods=["GET", "HEAD"])
    async def room_page(room_id: str) -> Response:
        return site.index()

    @routes.api_route("/room/{room_id}/table", methods=["GET", "HEAD"])
    async def table_page(room_id: str) -> Response:
        return site.index()

    @routes.api_route("/room/{room_id}/phone", methods=["GET", "HEAD"])
    async def phone_page(room_id: str) -> Response:
        return site.index()

    @routes.api_route("/join", methods=["GET", "HEAD"])
    async def join_page() -> Response:
        return site.index()

    @routes.api_route("/join/{code}", methods=["GET", "HEAD"])
    async def join_code_page(code: str) -> Response:
        return site.index()

    @routes.api_route("/how/{game_id}", methods=["GET", "HEAD"])
    async def guide_page(game_id: str) -> Response:
        return site.index()

    @routes.api_route("/learn/{game_id}", methods=["GET", "HEAD"])
    async def lesson_page(game_id: str) -> Response:
        return site.index()

    return routes
