"""The server's log on stderr: text, or one JSON object per line (``--log-format json``).

A JSON line has ``time`` (UTC, ISO 8601 with milliseconds), ``level``, ``logger`` and
``message``, then the fields the record carries: ``room`` or ``worker`` for a message that
begins ``room %s`` / ``worker %s`` (how the web table's messages name them), the request
of an access line (``client``, ``method``, ``path``, ``status``), any ``extra=`` field,
and ``exception`` (the traceback as one string) when one was logged. :func:`log_config`
is the ``logging.config.dictConfig`` that uvicorn applies in every server process.
"""

from __future__ import annotations

import datetime
import json
import logging
from typing import Any

FORMATS = ("text", "json")
LEVELS = ("debug", "info", "warning", "error")

_STANDARD = frozenset(
    logging.LogRecord("", 0, "", 0, "", None, None).__dict__.keys() | {"message", "asctime"}
)
"""The attributes every record has: anything else on a record came as ``extra=``."""
_NAMED_FIRST = ("room", "worker")
"""A message template starting ``room %s`` or ``worker %s`` names that id first."""
_ACCESS_FIELDS = ("client", "method", "path", "http_version", "status")
"""uvicorn's access line's arguments, in order."""


class JsonFormatter(logging.Formatter):
    """One JSON object per record, on one line (see the module's docstring)."""

    def format(self, record: logging.LogRecord) -> str:
        """The record as one line of JSON."""
        stamp = datetime.datetime.fromtimestamp(record.created, datetime.UTC)
        line: dict[str, Any] = {
            "time": stamp.isoformat(timespec="milliseconds").replace("+00:00", "Z"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        line.update(fields(record))
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        elif record.exc_text:
            line["exception"] = record.exc_text
        if record.stack_info:
            line["stack"] = record.stack_info
        return json.dumps(line, ensure_ascii=False, default=str)


def fields(record: logging.LogRecord) -> dict[str, Any]:
    """The structured fields of ``record`` beyond its message."""
    found: dict[str, Any] = {}
    args = record.args if isinstance(record.args, tuple) else ()
    template = record.msg if isinstance(record.msg, str) else ""
    for name in _NAMED_FIRST:
        if args and template.startswith(f"{name} %"):
            found[name] = args[0]
    if record.name == "uvicorn.access" and len(args) == len(_ACCESS_FIELDS):
        found.update(zip(_ACCESS_FIELDS, args, strict=True))
    for key, value in record.__dict__.items():
        if key not in _STANDARD and not key.startswith("_") and key != "color_message":
            found[key] = value
    return found


def log_config(log_format: str = "text", level: str = "warning") -> dict[str, Any]:
    """The logging configuration of a server process: every record (uvicorn's and the
    table's) at ``level`` or above to stderr, as text or JSON lines.

    Raises:
        ValueError: An unknown format or level.
    """
    if log_format not in FORMATS:
        raise ValueError(log_format)
    if level not in LEVELS:
        raise ValueError(level)
    formatter: dict[str, Any]
    if log_format == "json":
        formatter = {"()": f"{__name__}.JsonFormatter"}
    else:
        formatter = {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}
    handler = {"class": "logging.StreamHandler", "formatter": "main", "stream": "ext://sys.stderr"}
    upper = level.upper()
    quiet = {"handlers": ["main"], "level": upper, "propagate": False}
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"main": formatter},
        "handlers": {"main": handler},
        "loggers": {"uvicorn": quiet, "uvicorn.error": {"level": upper}, "uvicorn.access": quiet},
        "root": {"handlers": ["main"], "level": upper},
    }
