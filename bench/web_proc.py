"""Run `ludoteca serve` as a child process for the web load benchmark.

The server is started exactly as a person would start it (``ludoteca serve --port P --db D``),
from the same Python environment as the caller, and is ready once ``GET /healthz`` answers.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from types import TracebackType

SERVE = "from ludoteca.cli import main; main()"
"""The command line's entry point, run with this interpreter (no reliance on PATH)."""

SERVE_WITH_SETTINGS = (
    "import sys, uvicorn; from ludoteca.web.app import create_app; "
    "uvicorn.run(create_app(sys.argv[1], bot_delay=float(sys.argv[2]), "
    "clock_scale=float(sys.argv[3])), host='127.0.0.1', port=int(sys.argv[4]), "
    "log_level='warning')"
)
"""The same app and server as ``ludoteca serve``, with the server's test settings (bot pacing,
realtime clock scale), which ``ludoteca serve`` does not take as flags."""


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class Server:
    """One ``ludoteca serve`` child process on 127.0.0.1.

    Use as a context manager, or call :meth:`start` and :meth:`stop`. With ``bot_delay``
    the process runs the same app with those settings (tests: 0, and ``clock_scale`` 0 stops
    Gotcha's clock so bots' timed choices run at once).
    """

    def __init__(
        self,
        db: Path,
        *,
        port: int | None = None,
        env: dict[str, str] | None = None,
        log: Path | None = None,
        extra_args: tuple[str, ...] = (),
        bot_delay: float | None = None,
        clock_scale: float = 1.0,
    ) -> None:
        self.db = db
        self.port = port if port is not None else free_port()
        self.env = {**os.environ, **(env or {})}
        self.log = log if log is not None else db.with_suffix(".log")
        self.extra_args = extra_args
        self.bot_delay = bot_delay
        self.clock_scale = clock_scale
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        """The HTTP origin, ``http://127.0.0.1:<port>``."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        """The WebSocket origin, ``ws://127.0.0.1:<port>``."""
        return f"ws://127.0.0.1:{self.port}"

    def start(self, timeout: float = 30.0) -> None:
        """Start the process and wait until ``/healthz`` answers ``{"ok": true}``.

        Raises:
            RuntimeError: If the process exits or does not answer within ``timeout``.
        """
        args = [sys.executable, "-c", SERVE, "serve", "--port", str(self.port)]
        args += ["--db", str(self.db), *self.extra_args]
        if self.bot_delay is not None:
            args = [sys.executable, "-c", SERVE_WITH_SETTINGS, str(self.db), str(self.bot_delay)]
            args += [str(self.clock_scale), str(self.port)]
        with self.log.open("ab") as out:
            self.proc = subprocess.Popen(
                args, stdout=out, stderr=subprocess.STDOUT, env=self.env, start_new_session=True
            )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"ludoteca serve exited ({self.proc.returncode}): {self.tail()}")
            if self.healthy():
                return
            time.sleep(0.05)
        self.stop()
        raise RuntimeError(f"ludoteca serve did not answer /healthz in {timeout}s: {self.tail()}")

    def healthy(self) -> bool:
        """Whether ``GET /healthz`` answers ``{"ok": true}`` now."""
        try:
            with urllib.request.urlopen(self.url + "/healthz", timeout=1.0) as answer:
                body = json.loads(answer.read())
        except (OSError, urllib.error.URLError, ValueError):
            return False
        return isinstance(body, dict) and body.get("ok") is True

    def stop(self, timeout: float = 10.0) -> None:
        """Stop the process (SIGTERM, then SIGKILL after ``timeout``) and wait for it."""
        proc, self.proc = self.proc, None
        if proc is None or proc.poll() is not None:
            return
        with contextlib.suppress(ProcessLookupError):
            proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                proc.kill()
            proc.wait(timeout)

    def tail(self, chars: int = 2000) -> str:
        """The end of the server's log, for error messages."""
        try:
            return self.log.read_text(errors="replace")[-chars:]
        except OSError:
            return ""

    def __enter__(self) -> Server:
        self.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.stop()
