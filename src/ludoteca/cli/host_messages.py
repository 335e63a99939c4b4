"""Texts of the host's kit (``serve``'s environment variables, metrics and logs, the
``backup`` and ``restore`` commands), in Spanish and English.

Importing this module registers them in the engine's catalogue.
"""

from __future__ import annotations

from ludoteca.engine.i18n import register

register(
    {
        "cli.env.bad_value": {
            "es": "Valor no válido en la variable de entorno {var}: «{value}» (ajusta {flag};"
            " se espera {expected})",
            "en": "Bad value in the environment variable {var}: '{value}' (it sets {flag};"
            " expected {expected})",
        },
        "cli.env.set_by": {
            "es": "{text} (tomado de la variable de entorno {var})",
            "en": "{text} (read from the environment variable {var})",
        },
        "cli.help.metrics": {
            "es": "Quién puede leer /metrics (Prometheus) en el puerto de la mesa: off (nadie,"
            " por defecto), on (todos) o una lista de direcciones y redes separadas por comas"
            " (127.0.0.1,10.0.0.0/8).",
            "en": "Who may read /metrics (Prometheus) on the table's port: off (nobody, the"
            " default), on (everyone) or a comma-separated list of addresses and networks"
            " (127.0.0.1,10.0.0.0/8).",
        },
        "cli.help.metrics_listen": {
            "es": "Sirve /metrics también en una dirección propia HOST:PUERTO (p. ej."
            " 127.0.0.1:9464), aparte de la mesa; con --workers, el trabajador i usa PUERTO+i.",
            "en": "Also serve /metrics on an address of its own HOST:PORT (e.g."
            " 127.0.0.1:9464), apart from the table; with --workers, worker i uses PORT+i.",
        },
        "cli.help.log_format": {
            "es": "Formato del registro en stderr: text (por defecto) o json (un objeto JSON"
            " por línea: time, level, logger, message y campos como room).",
            "en": "Log format on stderr: text (the default) or json (one JSON object per line:"
            " time, level, logger, message and fields such as room).",
        },
        "cli.help.log_level": {
            "es": "Nivel mínimo del registro: debug, info, warning (por defecto) o error.",
            "en": "Lowest level logged: debug, info, warning (the default) or error.",
        },
        "cli.host.bad_metrics": {
            "es": "Valor no válido para --metrics: «{value}» (off, on o direcciones y redes"
            " separadas por comas, p. ej. 127.0.0.1,10.0.0.0/8)",
            "en": "Bad value for --metrics: '{value}' (off, on or comma-separated addresses"
            " and networks, e.g. 127.0.0.1,10.0.0.0/8)",
        },
        "cli.host.bad_listen": {
            "es": "Valor no válido para --metrics-listen: «{value}» (HOST:PUERTO, p. ej."
            " 127.0.0.1:9464)",
            "en": "Bad value for --metrics-listen: '{value}' (HOST:PORT, e.g. 127.0.0.1:9464)",
        },
        "cli.host.listen_failed": {
            "es": "No se puede escuchar en {address}: {detail}",
            "en": "Cannot listen on {address}: {detail}",
        },
        "cli.host.bad_choice": {
            "es": "Valor no válido para {flag}: «{value}» (uno de: {choices})",
            "en": "Bad value for {flag}: '{value}' (one of: {choices})",
        },
        "cli.help.backup": {
            "es": "Copia el almacén mientras la mesa sigue jugando (SQLite: copia en línea;"
            " PostgreSQL: pg_dump).",
            "en": "Copy the store while the table goes on playing (SQLite: online backup;"
            " PostgreSQL: pg_dump).",
        },
        "cli.help.restore": {
            "es": "Restaura una copia en un almacén nuevo (un fichero SQLite que no existe o"
            " una base de datos PostgreSQL vacía).",
            "en": "Restore a backup into a new store (a SQLite file that does not exist or an"
            " empty PostgreSQL database).",
        },
        "cli.help.backup_db": {
            "es": "El almacén que copiar: un fichero SQLite o una URL postgresql:// (por defecto"
            " LUDOTECA_DB o ludoteca.sqlite3).",
            "en": "The store to copy: a SQLite file or a postgresql:// URL (default: LUDOTECA_DB"
            " or ludoteca.sqlite3).",
        },
        "cli.help.backup_out": {
            "es": "El fichero de la copia (no debe existir).",
            "en": "The backup file to write (it must not exist).",
        },
        "cli.help.restore_file": {
            "es": "El fichero de copia que restaurar.",
            "en": "The backup file to restore.",
        },
        "cli.help.restore_db": {
            "es": "El almacén nuevo: un fichero SQLite que no existe o la URL postgresql:// de"
            " una base de datos vacía.",
            "en": "The new store: a SQLite file that does not exist or the postgresql:// URL of"
            " an empty database.",
        },
        "cli.host.backed_up": {
            "es": "Copia de {db} en {out}: {rooms} salas, {actions} jugadas, {size} bytes.",
            "en": "Backed up {db} to {out}: {rooms} rooms, {actions} moves, {size} bytes.",
        },
        "cli.host.restored": {
            "es": "Restaurada {file} en {db}: {rooms} salas, {actions} jugadas. Ya puedes"
            " iniciar ludoteca serve --db sobre él.",
            "en": "Restored {file} into {db}: {rooms} rooms, {actions} moves. Start ludoteca"
            " serve --db on it.",
        },
        "cli.host.backup.source": {
            "es": "No se puede leer el almacén {db}: {detail}",
            "en": "Cannot read the store {db}: {detail}",
        },
        "cli.host.backup.out_exists": {
            "es": "{detail} ya existe; una copia nunca sobrescribe un fichero",
            "en": "{detail} already exists; a backup never overwrites a file",
        },
        "cli.host.backup.write": {
            "es": "No se puede escribir la copia: {detail}",
            "en": "Cannot write the backup: {detail}",
        },
        "cli.host.backup.tool": {
            "es": "Falta {detail} (el paquete postgresql-client)",
            "en": "{detail} is missing (the postgresql-client package)",
        },
        "cli.host.backup.tool_failed": {
            "es": "Falló {detail}",
            "en": "{detail} failed",
        },
        "cli.host.backup.not_backup": {
            "es": "No es una copia de Ludoteca (ni SQLite ni pg_dump): {detail}",
            "en": "Not a Ludoteca backup (neither SQLite nor pg_dump): {detail}",
        },
        "cli.host.backup.kind": {
            "es": "Una copia de {detail} solo se restaura en un almacén del mismo tipo:"
            " usa un fichero SQLite para una copia sqlite y una URL postgresql:// para una de"
            " pg_dump",
            "en": "A {detail} backup restores only into a store of its kind: a SQLite file for"
            " a sqlite backup, a postgresql:// URL for a pg_dump one",
        },
        "cli.host.backup.target_used": {
            "es": "El destino ya guarda un almacén ({detail}); restaura en un fichero nuevo o"
            " en una base de datos vacía",
            "en": "The target already holds a store ({detail}); restore into a new file or an"
            " empty database",
        },
        "cli.host.backup.corrupt": {
            "es": "La copia está dañada: {detail}",
            "en": "The backup is damaged: {detail}",
        },
    }
)
