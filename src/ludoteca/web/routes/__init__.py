"""The web table's HTTP and WebSocket routes, one module per part of the site: the pages
(``routes.pages``), the games and their guides (``routes.games``), the rooms' HTTP API
(``routes.rooms``), the room sockets (``routes.sockets``) and the health probe
(``routes.health``). Each reads what it needs from a ``routes.site.Site``.
"""
