"""``GET /healthz``: the process answers (in a cluster: which worker, and what is down)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from ludoteca.web.routes.site import Site


def router(site: Site) -> APIRouter:
    """The health probe's route."""
    routes = APIRouter()

    @routes.get("/healthz")
    async def healthz() -> dict[str, Any]:
        return site.host().health()

    return routes
