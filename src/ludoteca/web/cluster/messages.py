"""The texts of ``ludoteca serve --workers`` and of a paused room, in Spanish and English.

Importing this module registers them; like ``wire.messages`` it imports nothing but the
engine's catalogue, so the command line loads it for its help texts.
"""

from __future__ import annotations

from ludoteca.engine.i18n import register

register(
    {
        "web.pause.store": {
            "es": "Partida en pausa: no se llega a la base de datos. No se pierde ninguna"
            " jugada; la partida sigue sola en cuanto vuelva.",
            "en": "Game paused: the database cannot be reached. No move is lost; the game"
            " goes on by itself as soon as it is back.",
        },
        "web.pause.redis": {
            "es": "Partida en pausa: se perdió el enlace entre los servidores (Redis). No se"
            " pierde ninguna jugada; la partida sigue sola en cuanto vuelva.",
            "en": "Game paused: the link between the servers (Redis) is down. No move is"
            " lost; the game goes on by itself as soon as it is back.",
        },
        "web.resume.store": {
            "es": "La base de datos ha vuelto: la partida sigue.",
            "en": "The database is back: the game goes on.",
        },
        "web.resume.redis": {
            "es": "El enlace entre los servidores ha vuelto: la partida sigue.",
            "en": "The link between the servers is back: the game goes on.",
        },
        "web.error.paused": {
            "es": "La partida está en pausa (falta la base de datos o el enlace entre"
            " servidores): no se ha hecho nada; vuelve a intentarlo cuando siga.",
            "en": "The game is paused (the database or the link between the servers is"
            " down): nothing was done; try again when it goes on.",
        },
        "web.bad_workers": {
            "es": "--workers debe ser un número entero de 1 a {max}, no «{value}»",
            "en": "--workers must be a whole number from 1 to {max}, not '{value}'",
        },
        "web.bad_lease": {
            "es": "--lease-ms debe ser un número entero de {min} a {max}, no «{value}»",
            "en": "--lease-ms must be a whole number from {min} to {max}, not '{value}'",
        },
        "web.workers_need": {
            "es": "--workers {workers} necesita PostgreSQL en --db (una URL postgresql://) y"
            " Redis en --redis o LUDOTECA_REDIS",
            "en": "--workers {workers} needs PostgreSQL in --db (a postgresql:// URL) and"
            " Redis in --redis or LUDOTECA_REDIS",
        },
        "web.redis_needs_pg": {
            "es": "--redis necesita PostgreSQL en --db (una URL postgresql://): SQLite es solo"
            " para un proceso",
            "en": "--redis needs PostgreSQL in --db (a postgresql:// URL): SQLite is for one"
            " process only",
        },
        "web.bad_redis": {
            "es": "No se puede conectar con Redis en {url}: {detail}",
            "en": "Cannot reach Redis at {url}: {detail}",
        },
        "web.serving_cluster": {
            "es": "Ludoteca está en {url} con {workers} procesos (almacén: {db}; Redis: {redis})."
            " Ctrl+C para pararla.",
            "en": "Ludoteca is at {url} with {workers} processes (store: {db}; Redis: {redis})."
            " Ctrl+C stops it.",
        },
        "cli.help.serve_workers": {
            "es": "Procesos servidores (más de 1 necesita --db PostgreSQL y --redis).",
            "en": "Server processes (more than 1 needs a PostgreSQL --db and --redis).",
        },
        "cli.help.redis": {
            "es": "Redis que une los procesos, redis://host:puerto (por defecto LUDOTECA_REDIS).",
            "en": "Redis joining the processes, redis://host:port (default: LUDOTECA_REDIS).",
        },
        "cli.help.lease_ms": {
            "es": "Vida del arriendo de una sala, en ms: si su proceso muere, otro la sigue"
            " como mucho tras este tiempo.",
            "en": "A room's lease, in ms: if its process dies, another goes on with it after"
            " at most this long.",
        },
    }
)
