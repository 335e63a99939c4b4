"""What a host sets besides the table itself: who reads ``/metrics`` and where, and the
log's format and level (``ludoteca serve --metrics``, ``--metrics-listen``, ``--log-format``,
``--log-level``), the same in the single process and in every worker.
"""

from __future__ import annotations

import socket
from dataclasses import dataclass
from typing import Any

from ludoteca.web.telemetry import logs
from ludoteca.web.telemetry.metrics import MetricsAccess, only_metrics_on


@dataclass(frozen=True, slots=True)
class Hosting:
    """The host's settings of a server process.

    Attributes:
        metrics: ``--metrics``: ``off``, ``on`` or addresses and networks.
        metrics_listen: ``--metrics-listen``: ``(host, port)`` of the metrics' own port
            (worker ``i`` of several uses ``port + i``); None: no port of their own.
        log_format: ``text`` or ``json``.
        log_level: ``debug``, ``info``, ``warning`` or ``error``.
    """

    metrics: str = "off"
    metrics_listen: tuple[str, int] | None = None
    log_format: str = "text"
    log_level: str = "warning"

    @classmethod
    def parse(
        cls, metrics: str, metrics_listen: str | None, log_format: str, log_level: str
    ) -> Hosting:
        """The settings from their flags' texts.

        Raises:
            ValueError: With the flag whose value is refused (``--metrics``...).
        """
        try:
            MetricsAccess.parse(metrics)
        except ValueError:
            raise ValueError("--metrics") from None
        listen = None
        if metrics_listen:
            host, _, port = metrics_listen.strip().rpartition(":")
            host = host.strip("[]")
            if not host or not port.isdigit() or not 0 < int(port) < 65536:
                raise ValueError("--metrics-listen")
            listen = (host, int(port))
        if log_format not in logs.FORMATS:
            raise ValueError("--log-format")
        if log_level not in logs.LEVELS:
            raise ValueError("--log-level")
        return cls(metrics, listen, log_format, log_level)

    def metrics_port(self, index: int) -> int | None:
        """Worker ``index``'s metrics port (the single process is worker 0)."""
        return None if self.metrics_listen is None else self.metrics_listen[1] + index

    def access(self, index: int) -> MetricsAccess:
        """Who may read worker ``index``'s ``/metrics``."""
        return MetricsAccess.parse(self.metrics, self.metrics_port(index))

    def wrap(self, app: Any, index: int) -> Any:
        """``app`` answering only ``/metrics`` on worker ``index``'s metrics port, if any."""
        port = self.metrics_port(index)
        return app if port is None else only_metrics_on(port, app)

    def metrics_socket(self, index: int) -> socket.socket | None:
        """A listening socket on worker ``index``'s metrics port (None: no such port)."""
        port = self.metrics_port(index)
        if self.metrics_listen is None or port is None:
            return None
        host = self.metrics_listen[0]
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        sock = socket.socket(family, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(128)
        sock.set_inheritable(True)
        return sock

    def uvicorn_settings(self) -> dict[str, Any]:
        """``uvicorn.Config``'s logging settings for these."""
        return {
            "log_config": logs.log_config(self.log_format, self.log_level),
            "log_level": self.log_level,
        }
