"""``GET /metrics``: Prometheus's text format (``telemetry.metrics``), for whoever
:class:`~ludoteca.web.telemetry.metrics.MetricsAccess` allows; anyone else is answered 404,
as if there were no such page.
"""

from __future__ import annotations

from fastapi import APIRouter, Request, Response

from ludoteca.web.telemetry.metrics import MetricsAccess, exposition


def router(access: MetricsAccess) -> APIRouter:
    """The metrics route (absent when nobody may read it)."""
    routes = APIRouter()
    if access.off:
        return routes

    @routes.get("/metrics", include_in_schema=False)
    async def metrics(request: Request) -> Response:
        client = request.client.host if request.client else None
        server = request.scope.get("server")
        if not access.allows(client, server[1] if server else None):
            return Response("Not Found", status_code=404, media_type="text/plain")
        body, content_type = exposition()
        return Response(body, media_type=content_type)

    return routes
